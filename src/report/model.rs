//! The report of one spec as data: what `kensho report` found, in the shape its JSON takes
//! (docs/report.md documents every field; `SCHEMA` changes when a field changes meaning or
//! goes away). The HTML and Markdown writers read only this, so the three formats say the same
//! thing. Everything that varies from run to run on the same input (times, the date) is in
//! `run.seconds`, so CI can diff the rest.

use super::diagram::PieceDiagram;
use super::selfplay::EvaluationSection;
use super::svg::Picture;
use crate::smt::paths::PathReport;
use crate::smt::proofs::Proof;
use crate::smt::readings::ReadingReport;
use crate::spec::finding::Finding;
use serde::Serialize;
use std::collections::BTreeMap;

/// The JSON schema's version (docs/report.md).
pub(crate) const SCHEMA: u32 = 1;

#[derive(Clone, Debug, Serialize)]
pub(crate) struct SpecReport {
    pub(crate) schema: u32,
    pub(crate) spec: SpecInfo,
    pub(crate) run: RunInfo,
    pub(crate) summary: Summary,
    pub(crate) clauses: Vec<ClauseEntry>,
    pub(crate) lint: Vec<Finding>,
    /// The invariant run; null when it could not run, and `check_skipped` says why.
    pub(crate) check: Option<CheckSection>,
    pub(crate) check_skipped: Option<String>,
    pub(crate) readings: Vec<ReadingReport>,
    pub(crate) paths: PathSection,
    pub(crate) proofs: Vec<Proof>,
    /// Start-position perft, depth 1 up; empty when it could not run (`perft_skipped` says why).
    pub(crate) perft: Vec<PerftRow>,
    pub(crate) perft_skipped: Option<String>,
    pub(crate) pieces: Vec<PieceDiagram>,
    /// The self-play games (`--evaluate-games`); null when they did not run, and
    /// `evaluation_skipped` says why (not asked for, or what stopped them).
    pub(crate) evaluation: Option<EvaluationSection>,
    pub(crate) evaluation_skipped: Option<String>,
    /// Boards drawn for people (not in the JSON: the position strings there say the same).
    #[serde(skip)]
    pub(crate) pictures: Pictures,
}

/// The summary columns every index shows (terminal, Markdown), after the spec's name.
pub(crate) const SUMMARY_HEADS: [&str; 9] = [
    "clauses (encoded)",
    "exercised",
    "unaccounted",
    "violations",
    "readings: witness / no effect / unknown",
    "proofs: proved / refuted / unknown",
    "dead shapes",
    "lint E / W",
    "perft (depth: nodes)",
];

impl SpecReport {
    /// The cells under [`SUMMARY_HEADS`].
    pub(crate) fn summary_cells(&self) -> Vec<String> {
        let s = &self.summary;
        vec![
            format!("{} ({})", s.clauses, s.encoded),
            s.exercised.to_string(),
            s.unaccounted.to_string(),
            s.violations.to_string(),
            format!("{} / {} / {}", s.witnesses, s.no_effect, s.unknown),
            format!("{} / {} / {}", s.proofs_proved, s.proofs_refuted, s.proofs_unknown),
            s.dead_shapes.to_string(),
            format!("{} / {}", s.lint_errors, s.lint_warnings),
            self.perft.last().map(|p| format!("{}: {}", p.depth, p.nodes)).unwrap_or_else(|| "-".into()),
        ]
    }

    /// Something a designer must look at (see [`Summary::alarming`]).
    pub(crate) fn alarming(&self) -> bool {
        self.summary.alarming(self.unconfirmed_paths().count())
    }

    fn unconfirmed_paths(&self) -> impl Iterator<Item = &crate::smt::paths::PathReport> {
        self.paths.notable.iter().filter(|p| p.verdict == crate::smt::Verdict::Witness && !p.confirmed)
    }

    /// What makes the report [`alarming`](Self::alarming), in words, the first of each kind
    /// named: the run's closing lines say what to look at, not every reason there could be.
    pub(crate) fn open_findings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(check) = &self.check {
            if let Some(v) = check.violations.first() {
                // The report keeps the first violation of each invariant.
                out.push(format!(
                    "{} invariant{} violated (first: {}: {})",
                    check.violations.len(),
                    if check.violations.len() == 1 { "" } else { "s" },
                    v.invariant,
                    v.message
                ));
            }
        }
        for p in self.proofs.iter().filter(|p| p.applies && p.refuted_open()) {
            let why = p.witness.as_deref().unwrap_or(&p.detail);
            out.push(format!("proof '{}' refuted: {why}", p.name));
        }
        let dead: Vec<String> = self
            .paths
            .notable
            .iter()
            .filter(|p| p.verdict == crate::smt::Verdict::Proved)
            .map(|p| format!("{} {}", p.piece, p.shape))
            .collect();
        if !dead.is_empty() {
            out.push(format!("dead notation: {}", dead.join(", ")));
        }
        let errors: Vec<&crate::spec::finding::Finding> =
            self.lint.iter().filter(|f| f.severity == crate::spec::finding::Severity::Error).collect();
        if let Some(f) = errors.first() {
            let more = if errors.len() > 1 { format!(" (and {} more)", errors.len() - 1) } else { String::new() };
            out.push(format!("lint error {}: {}{more}", f.code, f.message));
        }
        let unconfirmed: Vec<String> = self.unconfirmed_paths().map(|p| format!("{} {}", p.piece, p.shape)).collect();
        if !unconfirmed.is_empty() {
            out.push(format!("path witnesses the generator did not confirm: {}", unconfirmed.join(", ")));
        }
        out
    }
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct SpecInfo {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) path: String,
    /// FNV-1a 64 of the spec file's bytes, in hex: which version of the spec was read.
    pub(crate) digest: String,
    pub(crate) board: String,
    /// The spec it extends, if any (its path).
    pub(crate) extends: Option<String>,
    pub(crate) warnings: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct RunInfo {
    pub(crate) seed: u64,
    pub kensho: String,
    pub(crate) z3: String,
    pub(crate) budget: Budget,
    /// Seconds per stage. Varies between runs: ignore it when diffing reports.
    pub(crate) seconds: BTreeMap<String, f64>,
}

/// What the run was allowed to spend (the command's options).
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Budget {
    pub games: usize,
    pub plies: usize,
    pub positions: usize,
    pub(crate) aimed: usize,
    pub(crate) search: usize,
    pub(crate) timeout_ms: u32,
    pub(crate) perft_depth: u32,
}

/// The counts the index and the terminal summary show.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Summary {
    pub(crate) clauses: usize,
    pub(crate) encoded: usize,
    /// Encoded clauses exercised by an invariant in this run.
    pub(crate) exercised: usize,
    /// Encoded clauses not exercised, with a reason why they need not be.
    pub(crate) explained: usize,
    /// Encoded clauses neither exercised nor explained.
    pub(crate) unaccounted: usize,
    pub(crate) invariants: usize,
    pub(crate) violations: u64,
    pub(crate) comparisons: usize,
    pub(crate) witnesses: usize,
    pub(crate) no_effect: usize,
    pub(crate) unknown: usize,
    pub(crate) shapes: usize,
    pub(crate) dead_shapes: usize,
    pub(crate) proofs_proved: usize,
    /// Refuted and not acknowledged by the spec.
    pub(crate) proofs_refuted: usize,
    /// Refuted, and acknowledged by the spec (`[[acknowledged]]`): shown, failing nothing.
    pub(crate) proofs_acknowledged: usize,
    pub(crate) proofs_unknown: usize,
    pub(crate) lint_errors: usize,
    pub(crate) lint_warnings: usize,
    pub(crate) lint_notes: usize,
    pub(crate) pieces: usize,
}

impl Summary {
    /// Something a designer must look at: a violation, a refuted proof, dead notation, a lint
    /// error, or a Z3 path witness the generator did not confirm.
    pub(crate) fn alarming(&self, unconfirmed_paths: usize) -> bool {
        self.violations > 0
            || self.proofs_refuted > 0
            || self.dead_shapes > 0
            || self.lint_errors > 0
            || unconfirmed_paths > 0
    }
}

/// One clause of the document with everything known about it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ClauseEntry {
    pub(crate) id: String,
    pub(crate) section: String,
    /// The document's words.
    pub(crate) words: String,
    /// encoded | pending | informative | out-of-scope | contradicted
    pub(crate) status: String,
    /// The spec paths that encode it.
    pub(crate) encoding: Vec<String>,
    /// Why it is not encoded (non-encoded clauses).
    pub(crate) why: Option<String>,
    /// Readings whose question cites it.
    pub(crate) readings: Vec<String>,
    /// Invariants that check it (encoded clauses, when the check ran).
    pub(crate) invariants: Vec<String>,
    /// How often those invariants judged a move or position in this run.
    pub(crate) exercised: u64,
    pub(crate) violations: u64,
    /// Why it is not checked or not reached; empty when it was exercised.
    pub(crate) note: String,
    /// Not exercised, but the note explains why it need not be (a properties file's
    /// `[[unchecked]]` reason, or a clause that only builds the board or the setup).
    pub(crate) explained: bool,
    /// The proofs that speak for it, as "name: verdict".
    pub(crate) proofs: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct CheckSection {
    /// The properties file read; None: the spec has none, the generic invariants ran alone.
    pub(crate) properties: Option<String>,
    pub(crate) positions: u64,
    pub(crate) designed_positions: u64,
    pub(crate) transitions: u64,
    pub(crate) invariants: Vec<InvariantEntry>,
    pub(crate) violations: Vec<ViolationEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct InvariantEntry {
    pub(crate) id: String,
    pub(crate) kind: String,
    pub(crate) clauses: Vec<String>,
    pub(crate) why: String,
    pub(crate) exercised: u64,
    pub(crate) violations: u64,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct ViolationEntry {
    pub(crate) invariant: String,
    pub(crate) clauses: Vec<String>,
    pub(crate) message: String,
    /// Where it was found, with the seed to replay it.
    pub(crate) origin: String,
    pub(crate) position: String,
    #[serde(rename = "move")]
    pub(crate) mv: String,
    pub(crate) shrunk: bool,
}

/// The path shapes: counts, and every shape that is not plainly fine.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct PathSection {
    pub(crate) shapes: usize,
    /// Driven both ways (a board where it moves and one where it does not).
    pub(crate) driven: usize,
    /// ... and both boards confirmed by the move generator.
    pub(crate) confirmed: usize,
    pub(crate) dead: usize,
    pub(crate) unknown: usize,
    /// Dead, unknown and unconfirmed shapes.
    pub(crate) notable: Vec<PathReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PerftRow {
    pub depth: u32,
    pub(crate) nodes: u64,
}

/// The SVG boards of a report, by what they show.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pictures {
    /// The start position with the promotion zones shaded.
    pub(crate) start: Option<Picture>,
    /// (reading, option) -> the witness drawn with its differing moves.
    pub(crate) witnesses: BTreeMap<(String, String), Picture>,
    /// Violation index -> its witness.
    pub(crate) violations: BTreeMap<usize, Picture>,
}

/// A proof's verdict in the words of the report: a witness refutes it.
pub(crate) fn proof_word(p: &Proof) -> &'static str {
    match (&p.verdict, p.applies) {
        (_, false) => "not applicable",
        (crate::smt::Verdict::Witness, _) if p.acknowledged.is_some() => "acknowledged",
        (crate::smt::Verdict::Witness, _) => "refuted",
        (v, true) => v.name(),
    }
}
