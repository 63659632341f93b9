//! Invariants derived from a spec's own settings (issue 22, item 1; src/check/derived.rs).
//!
//! The independent check of the derivation: every bundled properties file was written by hand
//! from its document, and where a file restates a rule a setting also states, it names the
//! derived invariant it replaces (`overrides`); the derived invariant must then be exactly the
//! hand-written one. Runs with the derived invariants alone (no properties file, as a
//! designer's new spec has it) find no violation on any bundled game.

use kensho::check::derived::{contradictions, derive};
use kensho::check::run::Budget;
use kensho::commands::check::{check, subject};
use std::collections::BTreeMap;
use std::path::Path;

const GAMES: &[&str] = &["shogi", "xiangqi", "suzumu", "mitsugumi", "hook", "ryu", "heian-ryu", "shoogantshii"];

fn load(game: &str) -> kensho::spec::LoadedSpec {
    kensho::spec::load(Path::new(&format!("specs/{game}.toml"))).unwrap()
}

fn properties(game: &str) -> kensho::check::Properties {
    let path = format!("properties/{game}.toml");
    kensho::check::properties::parse(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn each_derived_invariant_a_file_overrides_is_the_hand_written_one() {
    let mut compared = 0;
    for game in GAMES {
        let spec = load(game);
        let derived = derive(&spec, &spec.game);
        for inv in properties(game).invariants {
            for name in &inv.overrides {
                let d = derived.invariants.iter().find(|d| &d.id == name).unwrap_or_else(|| {
                    panic!("{game}: '{}' overrides {name}, which is not derived: {:?}", inv.id, derived.not_derived)
                });
                assert_eq!(d.kind, inv.kind, "{game}: {name} differs from the hand-written '{}'", inv.id);
                compared += 1;
            }
        }
    }
    // Counted from the files: 36 overrides over the eight games.
    assert_eq!(compared, 36);
}

#[test]
fn no_bundled_properties_file_contradicts_its_spec() {
    for game in GAMES {
        let spec = load(game);
        let found = contradictions(&properties(game).invariants, &derive(&spec, &spec.game), &spec.game);
        assert!(found.is_empty(), "{game}: {found:?}");
    }
}

#[test]
fn the_derived_invariants_alone_hold_on_every_bundled_game() {
    for game in GAMES {
        let s = subject(load(game), &BTreeMap::new(), None).unwrap();
        assert!(s.properties_path.is_none());
        let derived: Vec<&str> =
            s.invariants.iter().filter(|i| i.id.starts_with("derived:")).map(|i| i.id.as_str()).collect();
        assert!(derived.len() >= 3, "{game}: {derived:?}");
        let o = check(&s, Budget { games: 1, plies: 40, positions: 15, seed: 7 }, 0, false);
        assert!(o.report.tally.violations.is_empty(), "{game}: {}", kensho::commands::check::render_violations(&s, &o));
    }
}

#[test]
fn shogi_derives_its_rules_from_the_settings() {
    // By hand from specs/shogi.toml's [rules]: forced ranks P, L on 9 and N on 8-9
    // (listed-ranks), optional promotion starting or ending in the zone, drops with the
    // rank bans, nifu and unpromoted drops, the pawn-drop mate ban (no gun to screen), self-check
    // illegal, stalemate and fourfold repetition.
    let spec = load("shogi");
    let d = derive(&spec, &spec.game);
    let ids: Vec<&str> = d.invariants.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "derived:forced-promotion",
            "derived:promotion",
            "derived:drops",
            "derived:pawn-drop-mate",
            "derived:no-self-check",
            "derived:game-end:stalemate",
            "derived:repetition"
        ]
    );
    let forced = &d.invariants[0];
    assert!(forced.clauses.contains(&"SHO-22".to_string()), "{:?}", forced.clauses);
    match &forced.kind {
        kensho::check::InvariantKind::ForcedPromotion { ranks } => {
            assert_eq!(ranks["N"], vec![8, 9]);
            assert_eq!(ranks["P"], vec![9]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_setting_the_kinds_cannot_state_is_left_underived_with_the_reason() {
    // Suzumu promotes by a stationary move in the zone (promotion.in-place): the promotion
    // kind judges moves by the zone alone and would call that promotion a violation.
    let spec = load("suzumu");
    let d = derive(&spec, &spec.game);
    assert!(!d.invariants.iter().any(|i| i.id == "derived:promotion"));
    let (_, why) = d.not_derived.iter().find(|(id, _)| id == "derived:promotion").unwrap();
    assert!(why.contains("promotion.in-place"), "{why}");
}

/// A game changed as a designer's variant states it.
fn with(
    game: &str,
    choices: &[(&str, &str)],
    settings: &[(&str, kensho::spec::settings::Setting)],
) -> (kensho::spec::LoadedSpec, kensho::spec::game::GameSpec) {
    let spec = load(game);
    let map: BTreeMap<String, String> = choices.iter().map(|(r, o)| (r.to_string(), o.to_string())).collect();
    let mut g = spec.resolve(&map).unwrap();
    for (path, value) in settings {
        g.rules.insert(path.to_string(), value.clone());
    }
    (spec, g)
}

fn why_not(spec: &kensho::spec::LoadedSpec, game: &kensho::spec::game::GameSpec, id: &str) -> String {
    let d = derive(spec, game);
    assert!(
        !d.invariants.iter().any(|i| i.id == id),
        "{id} is derived: {:?}",
        d.invariants.iter().map(|i| &i.id).collect::<Vec<_>>()
    );
    d.not_derived
        .into_iter()
        .find(|(n, _)| n == id)
        .map(|(_, why)| why)
        .unwrap_or_else(|| panic!("{id}: no reason given"))
}

#[test]
fn combinations_that_would_call_legal_moves_violations_are_not_derived() {
    use kensho::spec::settings::Setting::{Bool, Word};
    // Each found by a review on a variant, where the derived invariant reported legal moves as
    // violations (the engine's behaviour in each is documented in docs/engine.md).
    // Checkmate ends the game while moves into check remain (Mitsugumi's reading).
    let (spec, g) = with("mitsugumi", &[("no-moves-in-check", "checkmate-ends")], &[]);
    assert!(why_not(&spec, &g, "derived:game-end:stalemate").contains("end.checkmate"));
    // Xiangqi with drops: a dropped Advisor or Elephant may stand outside its zone; the
    // General, a royal, is never dropped and stays confined.
    let (spec, g) = with("xiangqi", &[], &[("drops.enabled", Bool(true))]);
    assert!(why_not(&spec, &g, "derived:confined:palace:A").contains("dropped"));
    assert!(why_not(&spec, &g, "derived:confined:own-half:B").contains("dropped"));
    let palace = derive(&spec, &g).invariants.into_iter().find(|i| i.id == "derived:confined:palace").unwrap();
    assert!(
        matches!(palace.kind, kensho::check::InvariantKind::Confined { ref pieces, .. } if pieces == &["K".to_string()])
    );
    // Shogi promoting on entering the zone: a forced Pawn move within the zone promotes anyway.
    let (spec, g) = with(
        "shogi",
        &[],
        &[
            ("promotion.trigger", Word("enters-zone".into())),
            ("promotion.after-drop", Word("enter-from-outside".into())),
        ],
    );
    assert!(why_not(&spec, &g, "derived:promotion").contains("enters-zone"));
    // A grasshopper can mate through a dropped Pawn as its screen.
    let (spec, mut g) = with("shogi", &[], &[]);
    g.pieces.iter_mut().find(|p| p.id == "R").unwrap().betza = "gR".into();
    assert!(why_not(&spec, &g, "derived:pawn-drop-mate").contains("hopper"));
}
