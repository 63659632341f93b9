//! The clause coverage of a run: for every encoded clause of the spec (and of the spec it
//! extends), the document's words, how it is encoded, the invariants that cite it, how often
//! they were exercised and violated; and for a clause no invariant checks, why not: the
//! properties file's `[[unchecked]]` reason, or, for clauses that only shape the board, the
//! setup or a name, the built-in reason below.

use super::properties::Properties;
use super::{Invariant, Tally};
use crate::spec::{ClauseStatus, LoadedSpec};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct ClauseRow {
    pub id: String,
    pub(crate) words: String,
    pub(crate) encoding: Vec<String>,
    pub invariants: Vec<String>,
    pub(crate) exercised: u64,
    pub(crate) violations: u64,
    /// Why no invariant checks it, or why it was not exercised; empty when it was exercised.
    pub note: String,
    /// Whether the note explains it (an `[[unchecked]]` reason or a built-in one).
    pub(crate) explained: bool,
}

/// Invariant ids in short: the generic notation checks of several pieces as one entry
/// ("notation, 36 pieces"), the others by id.
pub(crate) fn invariants_in_short(ids: &[String]) -> Vec<String> {
    const NOTATION: &str = "generic:notation:";
    let notation = ids.iter().filter(|i| i.starts_with(NOTATION)).count();
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        if notation > 1 && id.starts_with(NOTATION) {
            if !out.iter().any(|o| o.starts_with("notation, ")) {
                out.push(format!("notation, {notation} pieces"));
            }
        } else {
            out.push(id.clone());
        }
    }
    out
}

/// A note for people: its sentences in words, and apart the sentences that name the tests
/// (a `tests/...` file or a test function), which a report keeps out of sight.
pub(crate) fn note_and_tests(note: &str) -> (String, String) {
    let mut words = Vec::new();
    let mut tests = Vec::new();
    for sentence in note.split_inclusive(". ").map(str::trim).filter(|s| !s.is_empty()) {
        if sentence.contains("tests/") {
            tests.push(sentence);
        } else {
            words.push(sentence);
        }
    }
    (words.join(" "), tests.join(" "))
}

impl ClauseRow {
    /// The invariants in short ([`invariants_in_short`]).
    pub(crate) fn invariants_in_short(&self) -> Vec<String> {
        invariants_in_short(&self.invariants)
    }

    /// Exercised by an invariant, or explained.
    pub fn accounted_for(&self) -> bool {
        self.exercised > 0 || self.explained
    }
}

/// The spec paths a clause encodes (or will).
pub fn encode_paths(c: &crate::spec::Clause) -> Vec<String> {
    c.encode.as_ref().map(|e| e.get_ref().paths().into_iter().map(String::from).collect()).unwrap_or_default()
}

/// Clauses that only build the board, the start position or a name: every position embodies
/// them, and no move can break them. The spec tests (tests/seed_*.rs, `kensho lint`'s counts
/// and setup checks, the perft calibration) check them instead.
fn structural(paths: &[String]) -> Option<&'static str> {
    let kind = |p: &str| -> Option<&'static str> {
        if p == "board" || p == "board.files" || p == "board.ranks" {
            Some("the board's size: every position is built on it")
        } else if p == "setup" || p.starts_with("setup.") || p.starts_with("counts") {
            Some("the start position: checked against the document's counts and symmetry by `kensho lint`, and by the perft calibration")
        } else if p.ends_with(".name") {
            Some("a piece's name: no rule to break")
        } else {
            None
        }
    };
    let kinds: Vec<&'static str> = paths.iter().map(|p| kind(p)).collect::<Option<Vec<_>>>()?;
    kinds.first().copied()
}

/// The rows for every encoded clause.
pub(crate) fn rows(spec: &LoadedSpec, props: &Properties, invariants: &[Invariant], tally: &Tally) -> Vec<ClauseRow> {
    spec.all_clauses()
        .into_iter()
        .filter(|c| *c.status.get_ref() == ClauseStatus::Encoded)
        .map(|c| {
            let id = c.id.get_ref().clone();
            let citing: Vec<&Invariant> = invariants.iter().filter(|i| i.clauses.contains(&id)).collect();
            let exercised = citing.iter().map(|i| tally.exercised.get(&i.id).copied().unwrap_or(0)).sum();
            let violations = citing.iter().map(|i| tally.violated.get(&i.id).copied().unwrap_or(0)).sum();
            let encoding = encode_paths(c);
            let reason = props.unchecked.iter().find(|u| u.clauses.contains(&id)).map(|u| u.why.clone());
            let (note, explained) = match (citing.is_empty(), exercised > 0, reason) {
                (false, true, _) => (String::new(), false),
                // Cited, but no run reaches it: the file says why (and where it is tested).
                (false, false, Some(why)) => (format!("not reached: {why}"), true),
                (false, false, None) => ("not exercised in this run".to_string(), false),
                (true, _, Some(why)) => (format!("unchecked: {why}"), true),
                (true, _, None) => match structural(&encoding) {
                    Some(why) => (format!("unchecked: {why}"), true),
                    None => (String::new(), false),
                },
            };
            ClauseRow {
                id,
                words: c.text.clone(),
                encoding,
                invariants: citing.iter().map(|i| i.id.clone()).collect(),
                exercised,
                violations,
                note,
                explained,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_invariants_are_grouped_only_when_several() {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let many = ids(&["generic:notation:K", "promotion", "generic:notation:R", "generic:notation:B"]);
        assert_eq!(invariants_in_short(&many), ["notation, 3 pieces", "promotion"]);
        let one = ids(&["generic:notation:K", "promotion"]);
        assert_eq!(invariants_in_short(&one), one);
    }

    #[test]
    fn sentences_naming_tests_are_set_apart() {
        let note = "Bare King is a loss. tests/engine/ryu_rules.rs `a_bare_king` tests it. No kind judges it.";
        let (words, tests) = note_and_tests(note);
        assert_eq!(words, "Bare King is a loss. No kind judges it.");
        assert_eq!(tests, "tests/engine/ryu_rules.rs `a_bare_king` tests it.");
        assert_eq!(note_and_tests("plain words"), ("plain words".to_string(), String::new()));
    }
}
