//! The SMT layer on the real specs (specs/*.toml).
//!
//! - every witness `reading_witnesses` reports is confirmed here with the engines of the two
//!   options, independently of src/smt (tests/common/smt.rs: the position is parsed by both
//!   engines, the legal moves compared by identity, every listed move checked to be legal under
//!   the named option only; start-position and line-of-play witnesses replayed);
//! - the readings issue 7 names have a Z3 witness (not the search fallback);
//! - `proofs` on every spec decides every proof, and refutes exactly what the documents leave
//!   open (Suzumu's and Mitsugumi's Pawns may stay on the last rank).
//!
//! Each heavy spec (Suzumu, Mitsugumi, Hook) is run once, in its own test, so the three run in
//! parallel.

use crate::common::smt;

use kensho::smt::proofs::{proofs, spec_proofs};
use kensho::smt::readings::{reading_witnesses, ReadingReport};
use kensho::smt::{Limits, Verdict};
use kensho::spec::LoadedSpec;
use smt::{comparison, engine, recheck_comparison};
use std::path::Path;

const SEED: u64 = 1;

fn load(name: &str) -> LoadedSpec {
    kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).expect("bundled spec loads")
}

/// Runs the reading witnesses of `name` once, confirms every witness with the engine, and
/// checks that each of `z3` (reading, option) has a Z3 witness. Returns the reports.
fn witnesses_confirmed(name: &str, z3: &[(&str, &str)]) -> Vec<ReadingReport> {
    let spec = load(name);
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    assert_eq!(reports.len(), spec.spec.readings.len(), "{name}: one report per reading");
    let mut confirmed = 0;
    for r in &reports {
        for c in &r.comparisons {
            let label = format!("{name} {}={} ({})", r.reading, c.option, c.method);
            match c.verdict {
                Verdict::Witness => assert!(c.witness.is_some(), "{label}: a witness verdict without a witness"),
                _ => assert!(c.witness.is_none(), "{label}: a witness under verdict {:?}", c.verdict),
            }
            if c.witness.is_none() {
                continue;
            }
            let a = spec.alternative(&r.reading, &r.default).expect("the default");
            let b = spec.alternative(&r.reading, &c.option).expect("the option");
            let (ea, eb) = (engine(a), engine(b));
            recheck_comparison(&label, c, (&r.default, &ea), (&c.option, &eb));
            confirmed += 1;
        }
    }
    for (reading, option) in z3 {
        let c = comparison(&reports, reading, option);
        assert!(c.method.starts_with("z3"), "{name} {reading}={option}: found by {} ({})", c.method, c.summary);
        assert_eq!(c.verdict, Verdict::Witness, "{name} {reading}={option}: {}", c.summary);
    }
    eprintln!("{name}: {confirmed} witnesses confirmed by the engine");
    reports
}

#[test]
fn suzumu_witnesses_are_confirmed_and_the_named_readings_have_z3_witnesses() {
    let reports = witnesses_confirmed(
        "suzumu",
        &[
            ("skip-limit", "not-after-opponent-skip"),
            ("skip-limit", "both"),
            ("y-scope", "own-alternative"),
            ("freeze-range", "whole-board"),
            ("jump-capture-royal", "yes"),
            ("fd-burn-count", "arrival-counted"),
        ],
    );
    // The skip limit: Suzumu forbids two own skips in a row (default). Against "not after the
    // opponent's skip" the histories differ where one player skipped last; against "both" only
    // where the opponent skipped and the player did not.
    let default = &reports.iter().find(|r| r.reading == "skip-limit").unwrap().default;
    let both = comparison(&reports, "skip-limit", "both");
    let w = both.witness.as_ref().unwrap();
    assert!(w.position.ends_with("~w"), "{}", w.position);
    assert!(!w.differing.is_empty());
    assert!(w.differing.iter().all(|d| &d.legal_under == default && d.from == d.to), "{:?}", w.differing);
}

#[test]
fn mitsugumi_witnesses_are_confirmed_and_the_named_readings_have_z3_witnesses() {
    let reports = witnesses_confirmed(
        "mitsugumi",
        &[
            ("skip-limit", "own-turns"),
            ("skip-limit", "both"),
            ("freeze-range", "whole-board"),
            ("fd-burn-count", "arrival-counted"),
        ],
    );
    // Two readings only respell a move: the Blind Tiger's FsbW against FbsW (the four diagonal
    // steps, and the orthogonal steps sideways and back, either way), the Side Soldier's
    // bWsRfW2 against WsRfW2 (W's forward step is inside fW2). Z3 must prove them equal.
    for (reading, option) in [("blind-tiger-letters", "list-string"), ("side-soldier-step", "list-string")] {
        let c = comparison(&reports, reading, option);
        assert!(c.method.starts_with("z3: moves of"), "{reading}={option}: {}", c.method);
        assert_eq!(c.verdict, Verdict::Proved, "{reading}={option}: {}", c.summary);
    }
}

#[test]
fn hook_witnesses_are_confirmed() {
    witnesses_confirmed("hook", &[]);
}

#[test]
fn shoogantshii_witnesses_are_confirmed_and_the_drop_ban_has_a_z3_witness() {
    let reports = witnesses_confirmed("shoogantshii", &[("drop-ninth-rank", "literal")]);
    // "literal" lifts the ninth-rank ban on Pawn, Horse (N) and Lance drops (and the dead-piece
    // rule, which bans the same squares): the differing moves are such drops, legal under
    // "literal" only.
    let c = comparison(&reports, "drop-ninth-rank", "literal");
    let w = c.witness.as_ref().unwrap();
    assert!(!w.differing.is_empty());
    for d in &w.differing {
        assert_eq!(d.legal_under, "literal", "{d:?}");
        assert!(d.from.is_none() && d.to.as_deref().is_some_and(|t| t.ends_with('9')), "{d:?}");
        assert!(["P*", "N*", "L*"].iter().any(|p| d.text.starts_with(p)), "{d:?}");
    }
}

#[test]
fn the_other_specs_witnesses_are_confirmed() {
    for name in ["shogi", "xiangqi", "ryu", "heian-ryu"] {
        witnesses_confirmed(name, &[]);
    }
}

#[test]
fn every_proof_is_decided_on_every_spec() {
    let names = ["shogi", "xiangqi", "shoogantshii", "ryu", "heian-ryu", "hook", "mitsugumi", "suzumu"];
    for name in names {
        let spec = load(name);
        for p in proofs(&spec.game, &Limits::default()) {
            let label = format!("{name} {}", p.name);
            assert_ne!(p.verdict, Verdict::Unknown, "{label}: {}", p.detail);
            let pawn_left_on_last_rank = p.name == "mobility" && matches!(name, "suzumu" | "mitsugumi");
            if pawn_left_on_last_rank {
                // forced-promotion reading, default always-optional ("forced = never"): a Pawn
                // (fW) that reaches the last rank without promoting can never move again.
                let w = p.witness.as_deref().unwrap_or_default();
                assert_eq!(p.verdict, Verdict::Witness, "{label}: {}", p.detail);
                let last = spec.game.board.ranks.to_string();
                assert!(
                    w.contains("(P)")
                        && w.contains("left on")
                        && w.trim_end_matches(", where it can never move").ends_with(&last),
                    "{label}: {w}"
                );
                // The reading's other option forces the promotion of a piece that could not move
                // again, under which the proof holds.
                let all = spec_proofs(&spec, &Limits::default());
                let m = all.iter().find(|q| q.name == "mobility").unwrap();
                assert!(
                    m.holds_under.contains(&"forced-promotion=forced-when-immobile".to_string()),
                    "{label}: {:?}",
                    m.holds_under
                );
            } else {
                assert_eq!(p.verdict, Verdict::Proved, "{label}: {} {:?}", p.detail, p.witness);
            }
        }
    }
}
