//! Chu Shogi's rules in the reference engine, on hand-built positions (specs/chu.toml).
//!
//! Every expected move below is worked out by hand from the clause it cites; none is copied
//! from the engine. The board is 12x12 (files a..l, ranks 1..12); the first player (Sente,
//! upper case) moves toward rank 12 and promotes on ranks 9 to 12. Piece letters are the
//! spec's: N Lion, +O promoted Kirin (a Lion), G Gold, S Silver, P Pawn, I Go-Between,
//! E Drunk Elephant, +E Crown Prince, K King. Moves are compared as crosscheck keys
//! (docs/crosscheck-protocol.md): `f5f7` moves to f7 (capturing what stands there),
//! `f5f7xf6` also captures f6, `f5f5xf6` is igui, `f5f5` a pass, `+` promotes.

use crate::common;
use kensho::crosscheck::keys::move_key;
use kensho::engine::{Engine, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn chu() -> &'static kensho::spec::LoadedSpec {
    static SPEC: OnceLock<kensho::spec::LoadedSpec> = OnceLock::new();
    SPEC.get_or_init(|| common::bundled_spec("chu"))
}

fn engine(choices: &[(&str, &str)]) -> Engine {
    common::engine_with(chu(), choices)
}

/// A position with these men (`id@square`, lower case for the second player), both Kings in
/// far corners so that no rule about royals interferes, `side` to move, and extra fields
/// (`xf7`) after the move number.
fn position(e: &Engine, men: &[&str], side: char, extra: &str) -> Position {
    let mut all = vec!["K@a1", "k@l12"];
    all.extend_from_slice(men);
    let size = e.game.board;
    let text = format!("{} {side} - 1{extra}", common::rows(size, &common::men_at(&all)));
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The keys of the legal moves of the man on `from`.
fn keys_from(e: &Engine, pos: &Position, from: &str) -> BTreeSet<String> {
    let from = common::sq(from);
    e.legal_moves(pos).iter().filter(|m| m.from == Some(from)).map(|m| move_key(e, m)).collect()
}

fn has(keys: &BTreeSet<String>, key: &str) -> bool {
    keys.contains(key)
}

// ------------------------------------------------------------------ the Lion's own powers

#[test]
fn the_lion_takes_twice_eats_in_place_and_passes() {
    // CHU-27..31. A Gote Pawn on f6 next to the Sente Lion on f5, everything else empty. The Lion
    // may capture it and go on one more step (to f7: `f5f7xf6`), capture it without moving
    // (igui: `f5f5xf6`), step to an empty square and back (a pass: `f5f5`), and take it like
    // a King (`f5f6`).
    let e = engine(&[]);
    let pos = position(&e, &["N@f5", "p@f6"], 'b', "");
    let keys = keys_from(&e, &pos, "f5");
    for key in ["f5f6", "f5f7xf6", "f5f5xf6", "f5f5", "f5f7", "f5d7", "f5h3"] {
        assert!(has(&keys, key), "{key} missing from {keys:?}");
    }
    // Its 5x5 area less its own square is 24 destinations (f6 by capture, the far ring by the
    // jump); then the pass, the igui, and 7 second steps after taking f6: to the neighbours
    // of f6 other than f5 (that one is the igui).
    let area = keys.iter().filter(|k| !k.contains('x') && k.as_str() != "f5f5").count();
    assert_eq!(area, 24, "{keys:?}");
    let double: Vec<&String> = keys.iter().filter(|k| k.contains("xf6") && !k.starts_with("f5f5")).collect();
    assert_eq!(double.len(), 7, "second steps from f6 to an empty square other than f5: {double:?}");
}

// ------------------------------------------------------------------ distant protected Lion

#[test]
fn a_lion_may_not_take_a_protected_lion_two_squares_away() {
    // CHU-60. Sente Lion f5, Gote Lion f7 protected by the Gote Pawn on f8 (a Gote Pawn steps toward
    // rank 1, so it attacks f7). f7 is not adjacent to f5: the capture is banned, by the jump
    // and by the two steps through the empty f6 alike (one identity, `f5f7`).
    let e = engine(&[]);
    let pos = position(&e, &["N@f5", "n@f7", "p@f8"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7"));
    // Unprotected (no Pawn), the same capture stands.
    let pos = position(&e, &["N@f5", "n@f7"], 'b', "");
    assert!(has(&keys_from(&e, &pos, "f5"), "f5f7"));
    // Under the reading that allows it, the protected Lion may be taken.
    let e = engine(&[("distant-lion", "allowed")]);
    let pos = position(&e, &["N@f5", "n@f7", "p@f8"], 'b', "");
    assert!(has(&keys_from(&e, &pos, "f5"), "f5f7"));
}

#[test]
fn protection_is_judged_with_the_capture_made() {
    // CHU-60 "if the opponent could capture the Lion back on that square; a protector revealed
    // by the capturing Lion leaving its square counts". The Gote Rook on f12 protects f7
    // through f8..f11, which are empty: protected. With
    // a Sente Pawn on f9 in the way it does not, and the capture stands.
    let e = engine(&[]);
    let pos = position(&e, &["N@f5", "n@f7", "r@f12"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7"));
    let pos = position(&e, &["N@f5", "n@f7", "r@f12", "P@f9"], 'b', "");
    assert!(has(&keys_from(&e, &pos, "f5"), "f5f7"));
    // A Gote Rook on f3 behind the Lion's start square: once the Lion has left f5 the Rook
    // sees f7 through f4..f6 (f6 empty): protected.
    let pos = position(&e, &["N@f5", "n@f7", "r@f3"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7"));
}

#[test]
fn a_pawn_taken_on_the_way_still_protects_the_distant_lion() {
    // CHU-61: the Gote Pawn on f4 (stepping toward rank 1) protects the Gote Lion on f3. The
    // Sente Lion on f5 takes the Pawn and then the Lion (`f5f3xf4`): a Pawn is no bridge
    // (CHU-62), and under lion-protectors = taken-pieces-too (the default, lishogi) the Pawn it
    // took still protects f3, so the move is banned; judged on the board after the move it is
    // allowed (left-after-the-move). Jumping to f3 over the Pawn is banned either way.
    let men = ["N@f5", "p@f4", "n@f3"];
    let e = engine(&[]);
    let keys = keys_from(&e, &position(&e, &men, 'b', ""), "f5");
    assert!(!has(&keys, "f5f3xf4") && !has(&keys, "f5f3"), "{keys:?}");
    assert!(has(&keys, "f5f4"), "the Pawn itself may be taken: {keys:?}");
    let after = engine(&[("lion-protectors", "left-after-the-move")]);
    let keys = keys_from(&after, &position(&after, &men, 'b', ""), "f5");
    assert!(has(&keys, "f5f3xf4") && !has(&keys, "f5f3"), "{keys:?}");
}

#[test]
fn an_adjacent_lion_may_be_taken_protected_or_not() {
    // CHU-59. Gote Lion on f6, next to the Sente Lion on f5, protected by the Gote Pawn on f7.
    let e = engine(&[]);
    let pos = position(&e, &["N@f5", "n@f6", "p@f7"], 'b', "");
    let keys = keys_from(&e, &pos, "f5");
    assert!(has(&keys, "f5f6"), "{keys:?}");
    assert!(has(&keys, "f5f5xf6"), "igui of the adjacent Lion: {keys:?}");
}

#[test]
fn the_bridge_capture_lifts_the_ban_unless_the_bridge_is_a_pawn_or_go_between() {
    // CHU-62 (reading bridge-capture).
    let e = engine(&[]);
    // A Gote Gold on f6 between the Lions: taking it first makes the protected Lion on f7
    // fair game (`f5f7xf6`), while the capture of f7 alone stays banned.
    let pos = position(&e, &["N@f5", "g@f6", "n@f7", "p@f8"], 'b', "");
    let keys = keys_from(&e, &pos, "f5");
    assert!(has(&keys, "f5f7xf6"), "{keys:?}");
    assert!(!has(&keys, "f5f7"), "{keys:?}");
    // The bridge on e6 (also next to f5 and to f7) works the same way.
    let pos = position(&e, &["N@f5", "g@e6", "n@f7", "p@f8"], 'b', "");
    assert!(has(&keys_from(&e, &pos, "f5"), "f5f7xe6"));
    // A Pawn or a Go-Between is no bridge.
    for bridge in ["p@f6", "i@f6"] {
        let pos = position(&e, &["N@f5", bridge, "n@f7", "p@f8"], 'b', "");
        let keys = keys_from(&e, &pos, "f5");
        assert!(!has(&keys, "f5f7xf6"), "{bridge}: {keys:?}");
        assert!(has(&keys, "f5f6"), "{bridge} itself may be taken: {keys:?}");
    }
    // Under bridge-capture = any-piece a Pawn is a bridge; under none nothing is.
    let e = engine(&[("bridge-capture", "any-piece")]);
    let pos = position(&e, &["N@f5", "p@f6", "n@f7", "p@f8"], 'b', "");
    assert!(has(&keys_from(&e, &pos, "f5"), "f5f7xf6"));
    let e = engine(&[("bridge-capture", "none")]);
    let pos = position(&e, &["N@f5", "g@f6", "n@f7", "p@f8"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7xf6"));
}

#[test]
fn the_promoted_kirin_is_a_lion_for_the_trading_rules() {
    // CHU-58. +O (a Kirin promoted to Lion) two squares from a protected Gote Lion: banned as for N;
    // and a protected Gote +O is as safe from a Sente Lion as an n.
    let e = engine(&[]);
    let pos = position(&e, &["+O@f5", "n@f7", "p@f8"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7"));
    let pos = position(&e, &["N@f5", "+o@f7", "p@f8"], 'b', "");
    assert!(!has(&keys_from(&e, &pos, "f5"), "f5f7"));
}

// ------------------------------------------------------------------ the counter-strike

#[test]
fn after_a_non_lion_takes_a_lion_no_non_lion_may_take_a_lion() {
    // CHU-63. Sente Gold on d4 takes the Gote Lion on d5; Gote to move. Gote's Silver on h6 could
    // take the Sente Lion on h5 (a Gote Silver steps diagonally forward and straight forward,
    // toward rank 1), but the counter-strike forbids it; Gote's own Lion on j7 may still take
    // it (a Lion is exempt; h5 is two squares from j7 and unprotected).
    let e = engine(&[]);
    let mut pos = position(&e, &["G@d4", "n@d5", "N@h5", "s@h6", "n@j7"], 'b', "");
    let take = e.legal_moves(&pos).into_iter().find(|m| move_key(&e, m) == "d4d5").expect("Gd4xd5 is legal");
    let mut undo = Vec::new();
    e.make(&mut pos, &take, &mut undo);
    assert_eq!(pos.lion_taken_at, Some(common::sq("d5")));
    assert!(e.position_string(&pos).ends_with(" xd5"), "{}", e.position_string(&pos));
    assert!(!has(&keys_from(&e, &pos, "h6"), "h6h5"), "the Silver may not take the Lion");
    assert!(has(&keys_from(&e, &pos, "j7"), "j7h5"), "the Lion may");
    // Without the rule's memory (the same position, read without `xd5`) the Silver may.
    let without = e.parse_position(e.position_string(&pos).trim_end_matches(" xd5")).unwrap();
    assert!(has(&keys_from(&e, &without, "h6"), "h6h5"));
    // Under counter-strike = none the Silver may too.
    let none = engine(&[("counter-strike", "none")]);
    let pos = none.parse_position(&e.position_string(&without)).unwrap();
    assert!(has(&keys_from(&none, &pos, "h6"), "h6h5"));
}

#[test]
fn the_counter_strike_lasts_one_move_and_a_lion_taking_a_lion_does_not_start_it() {
    let e = engine(&[]);
    // CHU-63 "on the very next move": after Gote's reply the memory is gone.
    let mut pos = position(&e, &["G@d4", "n@d5", "N@h5", "s@h6"], 'b', "");
    let mut undo = Vec::new();
    let take = e.legal_moves(&pos).into_iter().find(|m| move_key(&e, m) == "d4d5").unwrap();
    e.make(&mut pos, &take, &mut undo);
    let quiet = e.legal_moves(&pos).into_iter().find(|m| move_key(&e, m) == "l12l11").expect("k l12-l11");
    e.make(&mut pos, &quiet, &mut undo);
    assert_eq!(pos.lion_taken_at, None);
    // A Lion taking a Lion leaves no memory.
    let mut pos = position(&e, &["N@d4", "n@d5"], 'b', "");
    let take = e.legal_moves(&pos).into_iter().find(|m| move_key(&e, m) == "d4d5").unwrap();
    e.make(&mut pos, &take, &mut undo);
    assert_eq!(pos.lion_taken_at, None);
    assert!(!e.position_string(&pos).contains(" x"));
}

#[test]
fn a_lion_on_the_square_where_the_lion_was_taken_follows_the_promoted_lion_reading() {
    // CHU-64 (reading counter-strike-promoted-lion). Gote's Kirin took a Sente Lion on d8 and
    // promoted there (+o on d8, `xd8`); the Sente
    // Gold on d7 could take it (a Sente Gold steps straight forward).
    let allowed = engine(&[("counter-strike-promoted-lion", "may-be-taken")]);
    let pos = position(&allowed, &["G@d7", "+o@d8"], 'b', " xd8");
    assert!(has(&keys_from(&allowed, &pos, "d7"), "d7d8"));
    let banned = engine(&[("counter-strike-promoted-lion", "protected-too")]);
    let pos = position(&banned, &["G@d7", "+o@d8"], 'b', " xd8");
    assert!(!has(&keys_from(&banned, &pos, "d7"), "d7d8"));
}

#[test]
fn the_counter_strike_memory_is_part_of_the_position_string_and_the_hash() {
    let e = engine(&[]);
    let with = position(&e, &["G@d5", "N@h5"], 'w', " xd5");
    let without = position(&e, &["G@d5", "N@h5"], 'w', "");
    assert_eq!(e.parse_position(&e.position_string(&with)).unwrap(), with, "round trip");
    assert_ne!(with.hash(&e.zobrist), without.hash(&e.zobrist));
    assert_eq!(with.hash(&e.zobrist), with.hash_from_scratch(&e.zobrist));
    // The square is on the board and holds no man of the side to move (the capturer stands
    // there, or nothing after an igui); the field comes once.
    let rows = common::rows(e.game.board, &common::men_at(&["K@a1", "k@l12", "G@d5", "N@h5"]));
    for bad in [" xl12", " xm13", " x", " xd5 xd5", " xd5,e5"] {
        let text = format!("{rows} w - 1{bad}");
        assert!(e.parse_position(&text).is_err(), "{text} should be refused");
    }
    assert!(e.parse_position(&format!("{rows} w - 1 xd6")).is_ok(), "an empty square (after an igui) is accepted");
    // A game without the rule refuses the field.
    let shogi = common::engine_with(&common::bundled_spec("shogi"), &[]);
    let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 xe1";
    assert!(shogi.parse_position(text).is_err());
}

// ------------------------------------------------------------------ promotion

#[test]
fn a_piece_promotes_on_entering_the_zone_and_later_only_by_capturing_in_it() {
    let e = engine(&[]);
    // CHU-42, CHU-43, CHU-46: Silver e8 -> e9 enters the zone (ranks 9-12): both ways.
    let pos = position(&e, &["S@e8"], 'b', "");
    let keys = keys_from(&e, &pos, "e8");
    assert!(has(&keys, "e8e9") && has(&keys, "e8e9+"), "{keys:?}");
    // CHU-44 (reading promotion-deferral): Silver e9 -> e10 inside the zone without a capture:
    // no promotion; with a capture: both.
    let pos = position(&e, &["S@e9"], 'b', "");
    let keys = keys_from(&e, &pos, "e9");
    assert!(has(&keys, "e9e10") && !has(&keys, "e9e10+"), "{keys:?}");
    let pos = position(&e, &["S@e9", "p@e10"], 'b', "");
    let keys = keys_from(&e, &pos, "e9");
    assert!(has(&keys, "e9e10") && has(&keys, "e9e10+"), "{keys:?}");
    // Leaving the zone: e9 -> d8 without a capture does not promote; with one it may.
    let keys = keys_from(&e, &position(&e, &["S@e9"], 'b', ""), "e9");
    assert!(has(&keys, "e9d8") && !has(&keys, "e9d8+"), "{keys:?}");
    let keys = keys_from(&e, &position(&e, &["S@e9", "p@d8"], 'b', ""), "e9");
    assert!(has(&keys, "e9d8+"), "{keys:?}");
    // Under promotion-deferral = any-move-in-zone every move starting or ending there may.
    let any = engine(&[("promotion-deferral", "any-move-in-zone")]);
    let keys = keys_from(&any, &position(&any, &["S@e9"], 'b', ""), "e9");
    assert!(has(&keys, "e9e10+") && has(&keys, "e9d8+"), "{keys:?}");
}

#[test]
fn a_pawn_reaching_the_last_rank_may_promote_without_a_capture() {
    // CHU-45, CHU-46. Pawn e11 (already in the zone) -> e12 without capture: the last rank lets it promote,
    // and it may also stay a Pawn (no promotion is forced in Chu Shogi).
    let e = engine(&[]);
    let keys = keys_from(&e, &position(&e, &["P@e11"], 'b', ""), "e11");
    assert_eq!(keys, ["e11e12", "e11e12+"].iter().map(|s| s.to_string()).collect());
    // A Pawn e10 -> e11 inside the zone: no promotion.
    let keys = keys_from(&e, &position(&e, &["P@e10"], 'b', ""), "e10");
    assert_eq!(keys, ["e10e11"].iter().map(|s| s.to_string()).collect());
}

// ------------------------------------------------------------------ royals

#[test]
fn a_player_with_a_crown_prince_survives_the_loss_of_his_king() {
    // CHU-38, CHU-48, CHU-49. Sente King a1 and Crown Prince c1; the Gote Rook on a12 takes the King: the game goes
    // on (Sente still has a royal). Then the Gote Rook on c12 takes the Prince: Sente has lost.
    let e = engine(&[]);
    let mut pos = position(&e, &["+E@c1", "r@a12", "r@c11", "P@h4"], 'w', "");
    // position() put the Sente King on a1 and the Gote King on l12; the Gote Rook on a12
    // stands on the a-file above a1.
    for (key, ends) in [("a12a1", false), ("h4h5", false), ("c11c1", true)] {
        let text = text_of(&e, &pos, key);
        let outcome = common::play_texts(&e, &mut pos, &[&text]);
        assert_eq!(outcome.is_some(), ends, "after {key}: {outcome:?}");
    }
}

/// The move text of the legal move with this key.
fn text_of(e: &Engine, pos: &Position, key: &str) -> String {
    let mv =
        e.legal_moves(pos).into_iter().find(|m| move_key(e, m) == key).unwrap_or_else(|| panic!("{key} not legal"));
    e.move_text(&mv)
}
