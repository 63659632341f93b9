//! Acknowledged findings (issue 22): a spec's `[[acknowledged]]` entries, matched against what
//! `kensho prove` and `kensho lint` find. A matched finding is still shown, marked with the
//! spec's reason, but it no longer fails `prove`, `lint` or `report --strict`; an entry that
//! matches nothing (where its proof holds, for a proof) is stale: the flaw was fixed, or the
//! entry mistyped. It is reported, so that an acknowledgement cannot outlive what it excused.

use crate::smt::proofs::Proof;
use crate::smt::Verdict;
use crate::spec::finding::{Finding, Severity};
use crate::spec::model::Acknowledged;
use crate::spec::LoadedSpec;

/// The spec's acknowledgements, its base's first.
pub(crate) fn entries(spec: &LoadedSpec) -> Vec<&Acknowledged> {
    let mut out = spec.base.as_ref().map(|b| entries(b)).unwrap_or_default();
    out.extend(spec.spec.acknowledged.iter());
    out
}

/// `proof:NAME` or `lint:CODE`: the kind and the name.
fn target(ack: &Acknowledged) -> Option<(&str, &str)> {
    ack.finding.get_ref().split_once(':')
}

/// Does the acknowledgement excuse this refuted proof? Its name, and the piece id the witness
/// names in parentheses, when the acknowledgement names one. A proof prints one witness: a
/// second piece with the same flaw shows only once the first is fixed or acknowledged away
/// (docs/spec-format.md says so).
fn matches_proof(ack: &Acknowledged, proof: &Proof) -> bool {
    target(ack) == Some(("proof", proof.name.as_str()))
        && proof.verdict == Verdict::Witness
        && ack.subject.as_ref().is_none_or(|id| {
            let witness = proof.witness.as_deref().unwrap_or(&proof.detail);
            witness.contains(&format!("({id})"))
        })
}

fn matches_lint(ack: &Acknowledged, finding: &Finding) -> bool {
    target(ack) == Some(("lint", finding.code)) && ack.subject.as_ref().is_none_or(|s| *s == finding.subject)
}

/// Marks the refuted proofs the spec acknowledges (`Proof::acknowledged`) and returns, as
/// sentences, the proof acknowledgements that matched none although their proof now holds.
pub(crate) fn proofs(spec: &LoadedSpec, proofs: &mut [Proof]) -> Vec<String> {
    let mut stale = Vec::new();
    for ack in entries(spec).into_iter().filter(|a| target(a).is_some_and(|(kind, _)| kind == "proof")) {
        let mut used = false;
        for p in proofs.iter_mut().filter(|p| matches_proof(ack, p)) {
            p.acknowledged = Some(ack.why.clone());
            used = true;
        }
        // Stale only where the proof now holds: an unknown or inapplicable verdict says
        // nothing about whether the flaw is still there.
        let proved = target(ack).is_some_and(|(_, name)| {
            proofs.iter().any(|p| p.name == name && p.applies && p.verdict == Verdict::Proved)
        });
        if !used && proved {
            stale.push(stale_sentence(ack));
        }
    }
    stale
}

/// `kensho lint`'s findings with the spec's acknowledgements applied: an acknowledged error or
/// warning becomes a note that says so; lint acknowledgements that match nothing, and entries that name
/// no known kind or an unknown clause, are findings of their own.
pub fn lint_findings(spec: &LoadedSpec) -> Vec<Finding> {
    let mut found = crate::spec::lint::lint(spec);
    found.extend(super::check::properties_lint(spec));
    found.extend(crate::check::published::findings(spec));
    let clause_ids: Vec<String> = spec.all_clauses().iter().map(|c| c.id.get_ref().clone()).collect();
    let acks = entries(spec);
    let mut extra = Vec::new();
    for ack in &acks {
        let problem = match target(ack) {
            Some(("proof" | "lint", name)) if !name.is_empty() => None,
            _ => Some(format!(
                "acknowledged finding '{}': expected proof:NAME (a proof of kensho prove) or lint:CODE (a lint error)",
                ack.finding.get_ref()
            )),
        };
        if let Some(message) = problem {
            extra.push(Finding::new(
                Severity::Error,
                "acknowledgement-invalid",
                ack.finding.get_ref().clone(),
                message,
            ));
        }
        for c in ack.clauses.iter().filter(|c| !clause_ids.contains(c.get_ref())) {
            extra.push(Finding::new(
                Severity::Error,
                "acknowledgement-invalid",
                ack.finding.get_ref().clone(),
                format!("acknowledged finding '{}' cites the unknown clause {}", ack.finding.get_ref(), c.get_ref()),
            ));
        }
        if target(ack).is_some_and(|(kind, _)| kind == "lint") {
            let mut used = false;
            for f in found.iter_mut().filter(|f| f.severity != Severity::Info && matches_lint(ack, f)) {
                f.severity = Severity::Info;
                f.message.push_str(&format!(" (acknowledged in the spec: {})", ack.why));
                used = true;
            }
            if !used {
                extra.push(Finding::new(
                    Severity::Warning,
                    "acknowledgement-stale",
                    ack.finding.get_ref().clone(),
                    stale_sentence(ack),
                ));
            }
        }
    }
    for f in &mut extra {
        f.location = spec.path.clone();
    }
    found.extend(extra);
    found
}

fn stale_sentence(ack: &Acknowledged) -> String {
    let about = ack.subject.as_ref().map(|s| format!(" about {s}")).unwrap_or_default();
    format!(
        "the acknowledged finding '{}'{about} is no longer found: remove the [[acknowledged]] entry (or correct it)",
        ack.finding.get_ref()
    )
}
