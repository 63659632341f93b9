//! The invariants of properties/*.toml (first slice of issue 6): the files load strictly and
//! cite clauses and pieces their spec has; every kind reports a violation, with its clause ids,
//! on a transition that breaks it (a hand-made move record); and random games of the engine
//! break none, each invariant exercised.

use kensho::check::{self, properties, Tally, Transition};
use kensho::engine::{Engine, Kind, Man, Move, Position};
use kensho::geometry::Square;
use kensho::spec::game::GameSpec;
use std::collections::BTreeMap;
use std::path::Path;

fn game(name: &str) -> GameSpec {
    let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).expect("spec loads");
    spec.resolve(&BTreeMap::new()).expect("defaults")
}

fn props(name: &str) -> properties::Properties {
    let path = format!("properties/{name}.toml");
    let text = std::fs::read_to_string(&path).expect("properties file");
    properties::parse(&path, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

const FILES: [&str; 3] = ["suzumu", "shogi", "shoogantshii"];

#[test]
fn properties_files_name_their_spec_and_cite_its_clauses_and_pieces() {
    for name in FILES {
        let p = props(name);
        let g = game(name);
        assert_eq!(p.spec, g.id, "{name}");
        let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).unwrap();
        let clause_ids: Vec<String> = spec.spec.clauses.iter().map(|c| c.id.get_ref().clone()).collect();
        for inv in &p.invariants {
            assert!(!inv.clauses.is_empty(), "{name} {}: no clause", inv.id);
            for c in &inv.clauses {
                assert!(clause_ids.contains(c), "{name} {}: no clause {c} in the spec", inv.id);
            }
            let pieces: Vec<&String> = match &inv.kind {
                check::Kind::Burn { immune, .. } => immune.iter().collect(),
                check::Kind::ForcedPromotion { ranks } => ranks.keys().collect(),
                check::Kind::Confined { pieces, zone } => {
                    assert!(g.zones.contains_key(zone), "{name} {}: no zone {zone}", inv.id);
                    pieces.iter().collect()
                }
                check::Kind::NoConsecutiveSkips => Vec::new(),
            };
            for piece in pieces {
                assert!(g.piece(piece).is_some(), "{name} {}: no piece {piece}", inv.id);
            }
        }
    }
}

#[test]
fn a_bad_properties_file_is_an_error_naming_line_and_column() {
    let text = "spec = \"shogi\"\n\n[[invariant]]\nid = \"x\"\nkind = \"no-such-kind\"\nclauses = []\nwhy = \"\"\n";
    let err = properties::parse("p.toml", text).expect_err("unknown kind");
    assert!(err.starts_with("p.toml:3:1") || err.starts_with("p.toml:4") || err.starts_with("p.toml:5"), "{err}");
    assert!(err.contains("no-such-kind") || err.contains("unknown variant"), "{err}");
    let text = "spec = \"shogi\"\nextra = 1\n";
    let err = properties::parse("p.toml", text).expect_err("unknown field");
    assert!(err.starts_with("p.toml:2:1"), "{err}");
    let text = "spec = \"shogi\"\n[[invariant]]\nid = \"x\"\nkind = \"no-consecutive-skips\"\nclauses = []\nwhy = \"\"\nmax = 3\n";
    let err = properties::parse("p.toml", text).expect_err("a parameter the kind does not take");
    assert!(err.contains("invariant 'x': unknown field `max`"), "{err}");
}

/// Judges one hand-made transition against the named game's invariants.
fn violations(name: &str, before: &Position, mv: &Move, after: &Position) -> Vec<check::Violation> {
    let g = game(name);
    let mut tally = Tally::default();
    tally.check(&g, &props(name).invariants, &Transition { before, mv, after });
    tally.violations
}

fn engine(name: &str) -> Engine {
    Engine::new(&game(name)).expect("playable")
}

#[test]
fn a_burn_of_a_fire_demon_or_too_far_or_too_many_is_reported_with_its_clauses() {
    // SUZ-6 "burn up to two non-Fire Demon pieces ... adjacent": a hand-made record of the
    // Fire Demon on h8 moving to h9 and burning g9 (an enemy Fire Demon), then one burning
    // a square two away, then three burns.
    let e = engine("suzumu");
    let fd = e.piece_index("FD").unwrap();
    let p = e.piece_index("P").unwrap();
    for (victims, says) in [
        (vec![("g9", fd)], "burned FD on g9, which may not be burned"),
        (vec![("h11", p)], "burned h11 is not next to the destination h9"),
        (vec![("g9", p), ("g10", p), ("i10", p)], "3 pieces burned, at most 2"),
    ] {
        let mut before = e.parse_position("k15/16/16/16/16/16/16/16/7(FD)8/16/16/16/16/16/16/K15 b - 1").unwrap();
        for &(s, piece) in &victims {
            before.put(&e.zobrist, sq(s), Some(Man { player: 1, piece }));
        }
        let me = Man { player: 0, piece: fd };
        let captures: Vec<(Square, Man)> = victims.iter().map(|&(s, piece)| (sq(s), Man { player: 1, piece })).collect();
        let mv = Move {
            captures: captures.clone(),
            burned: captures.iter().map(|c| c.0).collect(),
            ..Move::bare(Kind::Burn, me, Some(sq("h8")), Some(sq("h9")))
        };
        let mut after = before.clone();
        for (s, _) in &captures {
            after.put(&e.zobrist, *s, None);
        }
        after.put(&e.zobrist, sq("h8"), None);
        after.put(&e.zobrist, sq("h9"), Some(me));
        let v = violations("suzumu", &before, &mv, &after);
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].invariant, "fire-demon-burns");
        assert_eq!(v[0].clauses, ["SUZ-6", "SUZ-105", "SUZ-107"]);
        assert!(v[0].message.contains(says), "{}", v[0].message);
    }
}

#[test]
fn a_second_skip_in_a_row_is_reported() {
    // SUZ-163 "it is illegal for a player to skip two consecutive turns": the first player's
    // last turn was a skip (~b) and the record skips again (nothing on the board changes).
    let e = engine("suzumu");
    let before = e.parse_position("k15/16/16/16/16/16/16/16/7(LN)8/16/16/16/16/16/16/K15 b - 1 ~b").unwrap();
    let lion = before.at(sq("h8")).unwrap();
    let mv = Move { is_skip: true, ..Move::bare(Kind::Pass, lion, Some(sq("h8")), Some(sq("h8"))) };
    let mut after = before.clone();
    after.side = 1;
    let v = violations("suzumu", &before, &mv, &after);
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!((v[0].invariant.as_str(), v[0].clauses.as_slice()), ("no-two-skips-in-a-row", &["SUZ-163".to_string()][..]));
    // Without the earlier skip the same record holds.
    let before = e.parse_position("k15/16/16/16/16/16/16/16/7(LN)8/16/16/16/16/16/16/K15 b - 1").unwrap();
    assert!(violations("suzumu", &before, &mv, &after).is_empty());
}

#[test]
fn an_unpromoted_pawn_on_the_last_rank_and_a_king_out_of_its_palace_are_reported() {
    // SHO-22: a Pawn record e8-e9 without promotion.
    let e = engine("shogi");
    let before = e.parse_position("k8/4P4/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let pawn = before.at(sq("e8")).unwrap();
    let mv = Move::bare(Kind::Normal, pawn, Some(sq("e8")), Some(sq("e9")));
    let mut after = before.clone();
    after.put(&e.zobrist, sq("e8"), None);
    after.put(&e.zobrist, sq("e9"), Some(pawn));
    let v = violations("shogi", &before, &mv, &after);
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].clauses, ["SHO-22"]);
    assert!(v[0].message.contains("unpromoted P on e9"), "{}", v[0].message);
    // SHO-4 (Shoogantshii): a King record d3-d4, out of the palace d1-f3.
    let e = engine("shoogantshii");
    let before = e.parse_position("4k4/9/9/9/9/9/3K5/9/9 b - 1").unwrap();
    let king = before.at(sq("d3")).unwrap();
    let mv = Move::bare(Kind::Normal, king, Some(sq("d3")), Some(sq("d4")));
    let mut after = before.clone();
    after.put(&e.zobrist, sq("d3"), None);
    after.put(&e.zobrist, sq("d4"), Some(king));
    let v = violations("shoogantshii", &before, &mv, &after);
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].clauses, ["SHO-4", "SHO-9"]);
    assert!(v[0].message.contains("K on d4, outside its palace"), "{}", v[0].message);
}

#[test]
fn random_games_break_no_invariant_and_exercise_each() {
    for (name, games) in [("suzumu", 12), ("shogi", 20), ("shoogantshii", 20)] {
        let e = engine(name);
        let g = game(name);
        let invariants = props(name).invariants;
        let mut tally = Tally::default();
        for seed in 0..games {
            e.random_game(&e.start(), 9000 + seed, 300, |before, mv, after| {
                tally.check(&g, &invariants, &Transition { before, mv, after });
            });
        }
        assert!(tally.violations.is_empty(), "{name}: {:?}", &tally.violations[..tally.violations.len().min(3)]);
        for inv in &invariants {
            assert!(tally.exercised.get(&inv.id).copied().unwrap_or(0) > 0, "{name}: {} never exercised", inv.id);
        }
    }
}
