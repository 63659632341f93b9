//! Ryu Shogi (specs/ryu.toml) and Heian Ryu Shogi (specs/heian-ryu.toml, which extends Ryu) in
//! the reference engine, on hand-built positions. Both games are described by one document,
//! ../shared/seeds/004_396184d636ae2d26.txt; its words are quoted with the clause id (RYU-n,
//! HEI-n) above each test.
//!
//! Every expected move list or square set below is written out by hand from the document's
//! words, on a board with only a few men, never copied from the engine. A reading that changes
//! what is legal is tested under each of its options.
//!
//! The board is 7 files (a..g) by 12 ranks. The first player (upper case, "b") moves toward
//! rank 12; his First zone is ranks 1-3, Second 4-6, Third 7-9, Fourth 10-12. The second player
//! (lower case, "w") has the same zones counted from his side ("your First zone is his Fourth
//! zone", RYU-17): First 10-12, Second 7-9, Third 4-6, Fourth 1-3; his army is the first
//! player's turned 180 degrees (reading second-player-setup = rotated), so a square `f r` of
//! the first player corresponds to `(g - f) (13 - r)` of the second (c2 <-> e11, c5 <-> e8).
//!
//! Move text (src/engine/notation.rs): `R c8-c10+` moves and promotes, `P c9xc10+` captures
//! and promotes, `+R c5-c2=R` becomes another type (Heian's demotion), `G*c2` is a drop,
//! `decline` declines a Heian extra turn. The id in a move text is the piece id (upper case for
//! both players).

use crate::common;
use kensho::Color;

use common::{all_moves, assert_squares, destinations, find, men_at, moves_from, rows, sorted, sq, texts};
use kensho::engine::status::{History, Outcome};
use kensho::engine::{Engine, Move, MoveKind, Position};
use kensho::geometry::Square;
use kensho::spec::LoadedSpec;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const RYU: &str = "ryu";
const HEIAN: &str = "heian-ryu";

fn loaded(name: &str) -> &'static LoadedSpec {
    static R: OnceLock<LoadedSpec> = OnceLock::new();
    static H: OnceLock<LoadedSpec> = OnceLock::new();
    let cell = if name == RYU { &R } else { &H };
    cell.get_or_init(|| {
        kensho::spec::load(Path::new(&format!("specs/{name}.toml")))
            .unwrap_or_else(|e| panic!("specs/{name}.toml: {e}"))
    })
}

/// The engine for `name` with these reading choices (the others at their defaults).
fn engine(name: &str, choices: &[(&str, &str)]) -> Engine {
    common::engine_with(loaded(name), choices)
}

/// The position with these men, `id@square` (upper-case id = first player, lower case =
/// second player; `+r`, `lw`, `+lw` as ids). `tail` is what follows the rows in a position
/// string: side to move, hands, move number, `+` (`b`, `w G 1`, `b 2G 1 +`).
fn position(e: &Engine, men: &[&str], tail: &str) -> Position {
    let text = format!("{} {tail}", rows(e.game.board, &men_at(men)));
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// A set of square names from a space-separated list written by hand.
fn squares(list: &str) -> BTreeSet<String> {
    let v: Vec<String> = list.split_whitespace().map(|s| s.to_string()).collect();
    let set: BTreeSet<String> = v.iter().cloned().collect();
    assert_eq!(set.len(), v.len(), "a square is listed twice in '{list}'");
    set
}

/// The second player's square for a first-player square (180-degree turn of the 7x12 board).
fn rot(name: &str) -> String {
    let s = sq(name);
    Square::new(6 - s.file, 11 - s.rank).name()
}

fn rotated(set: &BTreeSet<String>) -> BTreeSet<String> {
    set.iter().map(|s| rot(s)).collect()
}

/// The same men for the other player: squares turned, owners swapped (`K@a1` -> `k@g12`).
fn rotated_men(men: &[&str]) -> Vec<String> {
    men.iter()
        .map(|m| {
            let (id, at) = m.split_once('@').unwrap();
            let swapped: String = id
                .chars()
                .map(|c| if c.is_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect();
            format!("{swapped}@{}", rot(at))
        })
        .collect()
}

/// Every square of the 7x12 board whose rank (1-based) is in `ranks`, except `except`.
fn ranks_except(ranks: std::ops::RangeInclusive<u8>, except: &str) -> BTreeSet<String> {
    let skip = squares(except);
    let mut out = BTreeSet::new();
    for r in ranks {
        for f in 0..7u8 {
            let name = Square::new(f, r - 1).name();
            if !skip.contains(&name) {
                out.insert(name);
            }
        }
    }
    out
}

/// The squares the side to move may drop a `piece` on.
fn drop_squares(e: &Engine, pos: &Position, piece: &str) -> BTreeSet<String> {
    let p = e.piece_index(piece).unwrap();
    e.legal_moves(pos)
        .iter()
        .filter(|m| m.kind == MoveKind::Drop && m.man.piece == p)
        .filter_map(|m| m.to.map(|s| s.name()))
        .collect()
}

/// Plays the move with this text; returns the position after it and the move.
fn play(e: &Engine, pos: &Position, text: &str) -> (Position, Move) {
    let mv = find(e, pos, text);
    let mut after = pos.clone();
    let mut undo = Vec::new();
    e.make(&mut after, &mv, &mut undo);
    (after, mv)
}

/// Plays the move and asks for the game's status after it.
fn play_judged(e: &Engine, pos: &Position, text: &str, history: &mut History) -> (Position, Option<Outcome>) {
    let (after, mv) = play(e, pos, text);
    let outcome = e.status_after(&after, &mv, history);
    (after, outcome)
}

fn winner(outcome: &Option<Outcome>) -> Option<Color> {
    match outcome {
        Some(Outcome::Win(p, _)) => Some(*p),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Ryu: the pieces' moves zone by zone
// ---------------------------------------------------------------------------------------------

/// Each piece's destinations, written out by hand from the document, standing alone (only the
/// two Kings elsewhere: the first player's on a1, the second player's on a12, on none of the
/// lines below) on c2 (First zone), c5 (Second zone) and c8 (Third zone).
///
/// Lines from c2: forward c3..c12, back c1, left b2 a2, right d2..g2, forward-right d3 e4 f5 g6,
/// forward-left b3 a4, back-right d1, back-left b1.
/// Lines from c5: forward c6..c12, back c4..c1, left b5 a5, right d5..g5, forward-right d6 e7
/// f8 g9, forward-left b6 a7, back-right d4 e3 f2 g1, back-left b4 a3.
/// Lines from c8: forward c9..c12, back c7..c1, left b8 a8, right d8..g8, forward-right d9 e10
/// f11 g12, forward-left b9 a10, back-right d7 e6 f5 g4, back-left b7 a6.
const ZONE_TABLE: &[(&str, [&str; 3])] = &[
    // RYU-19 "The Pawns move as their normal Shogi counterparts while in the first zone."
    // RYU-20 "While in the second zone, they may also move diagonally forward."
    // RYU-21 "While in the third zone, they have the move of a first-zone Gold General."
    ("P", ["c3", "b6 c6 d6", "c9 c7 b8 d8 b9 d9"]),
    // RYU-24 "The Bishops may move as a Ferz while in the first zone."
    // RYU-25 "While in the second zone, they may move as a standard Bishop."
    // RYU-26 "While in the third zone, they are granted the additional power of moving like a
    // King." (reading third-zone-powers = second-plus-king: Bishop slides + King step)
    (
        "B",
        ["b1 b3 d1 d3", "d6 e7 f8 g9 b6 a7 d4 e3 f2 g1 b4 a3", "d9 e10 f11 g12 b9 a10 d7 e6 f5 g4 b7 a6 c9 c7 b8 d8"],
    ),
    // RYU-28 "The Rooks may move as a Wazir while in the first zone."
    // RYU-29 "While in the second zone, they may move as a standard Rook."
    // RYU-30 "While in the third zone, they are granted the additional power of moving like a
    // King."
    (
        "R",
        [
            "c3 c1 b2 d2",
            "c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 b5 a5 d5 e5 f5 g5",
            "c9 c10 c11 c12 c7 c6 c5 c4 c3 c2 c1 b8 a8 d8 e8 f8 g8 b7 d7 b9 d9",
        ],
    ),
    // RYU-32 "The Left Warriors, while in the first zone, may move one space either to the left,
    // directly forward or backward, or diagonally forward or backward to the right."
    // RYU-33 "While in the second zone, they may move any distance in these five directions."
    // RYU-34 "While in the third zone, they are granted the additional movement powers of a
    // King." (King steps added: b7 b9 d8)
    (
        "LW",
        [
            "b2 c3 c1 d3 d1",
            "b5 a5 c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 d6 e7 f8 g9 d4 e3 f2 g1",
            "b8 a8 c9 c10 c11 c12 c7 c6 c5 c4 c3 c2 c1 d9 e10 f11 g12 d7 e6 f5 g4 b7 b9 d8",
        ],
    ),
    // RYU-36 "The Right Warriors, while in the first zone, may move one space either to the
    // right, directly forward or backward, or diagonally forward or backward to the left."
    // RYU-37, RYU-38 as for the Left Warrior. (King steps added: b8 d9 d7)
    (
        "RW",
        [
            "d2 c3 c1 b3 b1",
            "d5 e5 f5 g5 c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 b6 a7 b4 a3",
            "d8 e8 f8 g8 c9 c10 c11 c12 c7 c6 c5 c4 c3 c2 c1 b9 a10 b7 a6 b8 d9 d7",
        ],
    ),
    // RYU-40 "The Center Warriors, while in the first zone, may move one space diagonally
    // forward, one space to the left or right, or one space backwards." (reading
    // center-warrior-back = straight-back) RYU-41 "any distance in these five directions";
    // RYU-42 + King (King steps added: c9 b7 d7).
    (
        "CW",
        [
            "b3 d3 b2 d2 c1",
            "d6 e7 f8 g9 b6 a7 b5 a5 d5 e5 f5 g5 c4 c3 c2 c1",
            "d9 e10 f11 g12 b9 a10 b8 a8 d8 e8 f8 g8 c7 c6 c5 c4 c3 c2 c1 c9 b7 d7",
        ],
    ),
    // RYU-44 "The Copper Generals may move one space forward, backward, or diagonally forward
    // while in the first zone." RYU-45 "any distance in these four directions"; RYU-46 + King
    // (King steps added: b8 d8 b7 d7).
    (
        "C",
        [
            "c3 c1 b3 d3",
            "c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 d6 e7 f8 g9 b6 a7",
            "c9 c10 c11 c12 c7 c6 c5 c4 c3 c2 c1 d9 e10 f11 g12 b9 a10 b8 d8 b7 d7",
        ],
    ),
    // RYU-48 "The Silver Generals may move one space diagonally, or one space directly forward,
    // while in the first zone." RYU-49 "any distance in these five directions"; RYU-50 + King
    // (King steps added: c7 b8 d8).
    (
        "S",
        [
            "b1 b3 d1 d3 c3",
            "d6 e7 f8 g9 b6 a7 d4 e3 f2 g1 b4 a3 c6 c7 c8 c9 c10 c11 c12",
            "d9 e10 f11 g12 b9 a10 d7 e6 f5 g4 b7 a6 c9 c10 c11 c12 c7 b8 d8",
        ],
    ),
    // RYU-52 "The Gold Generals may move one space orthogonally, or one space diagonally forward,
    // while in the first zone." RYU-53 "any distance in these six directions"; RYU-54 + King
    // (King steps added: b7 d7).
    (
        "G",
        [
            "c3 c1 b2 d2 b3 d3",
            "c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 b5 a5 d5 e5 f5 g5 d6 e7 f8 g9 b6 a7",
            "c9 c10 c11 c12 c7 c6 c5 c4 c3 c2 c1 b8 a8 d8 e8 f8 g8 d9 e10 f11 g12 b9 a10 b7 d7",
        ],
    ),
    // RYU-56 "The King may move one space in any direction, regardless of which zone it is in."
    ("K", ["b1 c1 d1 b2 d2 b3 c3 d3", "b4 c4 d4 b5 d5 b6 c6 d6", "b7 c7 d7 b8 d8 b9 c9 d9"]),
];

const TEST_SQUARES: [&str; 3] = ["c2", "c5", "c8"];
const ZONE_NAMES: [&str; 3] = ["First", "Second", "Third"];

/// Checks one man's moves: its destination set, one move per destination (RYU-64 "Promotion is
/// forced upon reaching the fourth zone (i.e. there is no option to stay unpromoted)": a move
/// into the Fourth zone has no unpromoted twin), and a promotion exactly on the moves ending in
/// the mover's Fourth zone (RYU-62 "Pieces do not actually promote until they reach your fourth
/// zone"); pieces without promotion (King, promoted forms) never change.
fn check_man(e: &Engine, pos: &Position, from: &str, expected: &BTreeSet<String>, promotes: bool, context: &str) {
    assert_squares(&destinations(e, pos, from), expected, context);
    let from_sq = sq(from);
    let moves: Vec<Move> = e.legal_moves(pos).into_iter().filter(|m| m.from == Some(from_sq)).collect();
    assert_eq!(moves.len(), expected.len(), "{context}: one move per destination: {:?}", texts(e, moves.iter()));
    for m in &moves {
        let to = m.to.unwrap();
        let fourth = if m.man.player == Color::Black { to.rank >= 9 } else { to.rank <= 2 };
        let text = e.move_text(m);
        assert_eq!(m.promotion.is_some(), promotes && fourth, "{context}: {text}");
        if m.promotion.is_some() {
            assert!(text.ends_with('+'), "{context}: {text} promotes to its own promoted form");
        }
    }
}

#[test]
fn first_player_pieces_move_by_the_zone_they_stand_in() {
    let e = engine(RYU, &[]);
    for &(id, sets) in ZONE_TABLE {
        for z in 0..3 {
            let at = TEST_SQUARES[z];
            let mut men = vec![format!("{id}@{at}"), "k@a12".to_string()];
            if id != "K" {
                men.push("K@a1".into());
            }
            let men: Vec<&str> = men.iter().map(|s| s.as_str()).collect();
            let pos = position(&e, &men, "b");
            let context = format!("first player's {id} on {at} ({} zone)", ZONE_NAMES[z]);
            check_man(&e, &pos, at, &squares(sets[z]), id != "K", &context);
        }
    }
}

#[test]
fn second_player_pieces_move_by_his_own_zones() {
    // RYU-17 "Of course, the notation is reversed for your opponent, so your First zone is his
    // Fourth zone, etc." The second player's man on e11 stands in his First zone, on e8 in his
    // Second, on e5 in his Third; "left", "right", "forward" are his own (reading warrior-sides
    // = owner-relative), so each set is the first player's turned 180 degrees.
    let e = engine(RYU, &[]);
    for &(id, sets) in ZONE_TABLE {
        for z in 0..3 {
            let at = rot(TEST_SQUARES[z]);
            let mut men = vec![format!("{}@{at}", id.to_lowercase()), "K@g1".to_string()];
            if id != "K" {
                men.push("k@g12".into());
            }
            let men: Vec<&str> = men.iter().map(|s| s.as_str()).collect();
            let pos = position(&e, &men, "w");
            let context = format!("second player's {id} on {at} (his {} zone)", ZONE_NAMES[z]);
            check_man(&e, &pos, &at, &rotated(&squares(sets[z])), id != "K", &context);
        }
    }
}

#[test]
fn second_player_left_warrior_steps_to_his_own_left() {
    // RYU-32 "...may move one space either to the left, directly forward or backward, or
    // diagonally forward or backward to the right." The second player faces rank 1: his left is
    // toward file g, his forward toward rank 1. On e11 (his First zone): left f11, forward e10,
    // back e12, right-forward d10, right-back d12. (A direct check of the turned sets above.)
    let e = engine(RYU, &[]);
    let pos = position(&e, &["lw@e11", "k@g12", "K@g1"], "w");
    assert_squares(&destinations(&e, &pos, "e11"), &squares("f11 e10 e12 d10 d12"), "lw on e11");
}

/// The promoted forms' destinations on c2 (First zone), by hand: each keeps its unpromoted
/// piece's Third-zone move there (same lines from c2 as above).
const PROMOTED_ON_C2: &[(&str, &str, &str)] = &[
    ("+P", "P", "c3 c1 b2 d2 b3 d3"),
    ("+B", "B", "d3 e4 f5 g6 b3 a4 d1 b1 c3 c1 b2 d2"),
    ("+R", "R", "c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 b2 a2 d2 e2 f2 g2 b1 d1 b3 d3"),
    ("+LW", "LW", "b2 a2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 d3 e4 f5 g6 d1 b1 b3 d2"),
    ("+RW", "RW", "d2 e2 f2 g2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 b3 a4 b1 b2 d3 d1"),
    ("+CW", "CW", "d3 e4 f5 g6 b3 a4 b2 a2 d2 e2 f2 g2 c1 c3 b1 d1"),
    ("+C", "C", "c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 d3 e4 f5 g6 b3 a4 b2 d2 b1 d1"),
    ("+S", "S", "d3 e4 f5 g6 b3 a4 d1 b1 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 b2 d2"),
    ("+G", "G", "c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c1 b2 a2 d2 e2 f2 g2 d3 e4 f5 g6 b3 a4 b1 d1"),
];

#[test]
fn promoted_pieces_keep_the_third_zone_move_in_every_zone() {
    // RYU-18 "As a general rule, the promoted forms of pieces retain the movement powers of
    // their third-zone unpromoted counterparts." (reading promoted-moves =
    // third-zone-everywhere). On c2 (First zone) each promoted form has the hand-written set
    // above; on c8 (Third zone) exactly the unpromoted piece's Third-zone set of ZONE_TABLE.
    // RYU-57 "The King does not promote" and promoted forms promote no further: no move of a
    // promoted form changes it, not even into the Fourth zone.
    let e = engine(RYU, &[]);
    for &(promoted, base, on_c2) in PROMOTED_ON_C2 {
        let third = ZONE_TABLE.iter().find(|(id, _)| *id == base).unwrap().1[2];
        for (at, set) in [("c2", squares(on_c2)), ("c8", squares(third))] {
            let man = format!("{promoted}@{at}");
            let pos = position(&e, &[&man, "K@a1", "k@a12"], "b");
            check_man(&e, &pos, at, &set, false, &format!("first player's {promoted} on {at}"));
            let man = format!("{}@{}", promoted.to_lowercase(), rot(at));
            let pos = position(&e, &[&man, "K@g1", "k@g12"], "w");
            check_man(&e, &pos, &rot(at), &rotated(&set), false, &format!("second player's {promoted} on {}", rot(at)));
        }
    }
    // The Fourth zone too: a Gold Dragon on c11. Lines from c11: forward c12, back c10..c1,
    // left b11 a11, right d11..g11, forward diagonals d12 b12, back-right d10 e9 f8 g7,
    // back-left b10 a9. Gold Dragon = Rook + forward Bishop + King: everything but the back
    // diagonal slides, plus the King steps d10 b10.
    let pos = position(&e, &["+G@c11", "K@a1", "k@a12"], "b");
    let set = squares("c12 c10 c9 c8 c7 c6 c5 c4 c3 c2 c1 b11 a11 d11 e11 f11 g11 d12 b12 d10 b10");
    check_man(&e, &pos, "c11", &set, false, "first player's +G on c11 (Fourth zone)");
}

// ---------------------------------------------------------------------------------------------
// Ryu rules 1-6
// ---------------------------------------------------------------------------------------------

#[test]
fn a_piece_takes_the_powers_of_the_zone_it_has_moved_into() {
    // RYU-61 "2. When a non-promoted piece is moved to a previous zone, it does not retain its
    // previous powers of movement, and assumes the powers granted to it by the zone it has just
    // moved into." (reading zone-of-move = start-zone: a move uses the powers of the square the
    // piece stands on.) A Rook goes c8 (Third) -> c5 (Second) -> c2 (First), the second
    // player's King shuffling a12-b12-a12 (on none of the Rook's lines).
    let e = engine(RYU, &[]);
    let rook = |z: usize| squares(ZONE_TABLE.iter().find(|(id, _)| *id == "R").unwrap().1[z]);
    let pos = position(&e, &["R@c8", "K@a1", "k@a12"], "b");
    assert_squares(&destinations(&e, &pos, "c8"), &rook(2), "R on c8: Rook + King");
    let (pos, _) = play(&e, &pos, "R c8-c5");
    let (pos, _) = play(&e, &pos, "K a12-b12");
    assert_squares(&destinations(&e, &pos, "c5"), &rook(1), "R back on c5: a plain Rook again");
    let (pos, _) = play(&e, &pos, "R c5-c2");
    let (pos, _) = play(&e, &pos, "K b12-a12");
    assert_squares(&destinations(&e, &pos, "c2"), &rook(0), "R back on c2: a Wazir again");
}

#[test]
fn the_zone_of_the_start_square_decides_a_move() {
    // RYU-19 / RYU-20: a Pawn on c3 (First zone) steps only forward, even though c4 lies in the
    // Second zone; once on c4 it "may also move diagonally forward".
    let e = engine(RYU, &[]);
    let pos = position(&e, &["P@c3", "K@a1", "k@a12"], "b");
    assert_eq!(moves_from(&e, &pos, "c3"), sorted(&["P c3-c4"]));
    let (pos, _) = play(&e, &pos, "P c3-c4");
    let (pos, _) = play(&e, &pos, "K a12-b12");
    assert_eq!(moves_from(&e, &pos, "c4"), sorted(&["P c4-b5", "P c4-c5", "P c4-d5"]));
    // RYU-25: a Second-zone Bishop "may move as a standard Bishop", also out of its zone: from
    // a4 along b5 c6 d7 e8 f9 to g10 (Fourth zone, promoting, RYU-64), back to b3 c2 d1.
    let pos = position(&e, &["B@a4", "K@a1", "k@a12"], "b");
    assert_eq!(
        moves_from(&e, &pos, "a4"),
        sorted(&["B a4-b5", "B a4-c6", "B a4-d7", "B a4-e8", "B a4-f9", "B a4-g10+", "B a4-b3", "B a4-c2", "B a4-d1"])
    );
}

#[test]
fn promotion_is_forced_on_every_move_ending_in_the_fourth_zone() {
    // RYU-62 "3. Pieces do not actually promote until they reach your fourth zone." RYU-64 "4.
    // Promotion is forced upon reaching the fourth zone (i.e. there is no option to stay
    // unpromoted)." A Third-zone Pawn on c9 (move of a first-zone Gold, RYU-21: c10 b10 d10 b9
    // d9 c8) with a second-player Pawn on c10: the three moves into ranks 10-12 promote, the
    // capture included, and have no unpromoted twin.
    let e = engine(RYU, &[]);
    let pos = position(&e, &["P@c9", "p@c10", "K@a1", "k@a12"], "b");
    assert_eq!(
        moves_from(&e, &pos, "c9"),
        sorted(&["P c9xc10+", "P c9-b10+", "P c9-d10+", "P c9-b9", "P c9-d9", "P c9-c8"])
    );
    // The second player's Fourth zone is ranks 1-3: his Pawn on e4 (his Third zone) with a
    // first-player Pawn on e3.
    let pos = position(&e, &["p@e4", "P@e3", "K@g1", "k@g12"], "w");
    assert_eq!(
        moves_from(&e, &pos, "e4"),
        sorted(&["P e4xe3+", "P e4-f3+", "P e4-d3+", "P e4-f4", "P e4-d4", "P e4-e5"])
    );
}

#[test]
fn a_promoted_piece_keeps_its_promotion_when_it_leaves_the_fourth_zone() {
    // RYU-63 "When they move out of the fourth zone, they retain their promotion until they are
    // captured." A Dragon King goes c11 -> c5: it stays a Dragon King (no promotion change in
    // the move) and on c5 keeps the Third-zone move (RYU-18): Rook + King, i.e. c6..c12,
    // c4..c1, b5 a5, d5..g5 and the diagonal steps b4 d4 b6 d6.
    let e = engine(RYU, &[]);
    let pos = position(&e, &["+R@c11", "K@a1", "k@a12"], "b");
    let (pos, mv) = play(&e, &pos, "+R c11-c5");
    assert_eq!(mv.promotion, None);
    assert_eq!(pos.at(sq("c5")).map(|m| m.piece), e.piece_index("+R"));
    let (pos, _) = play(&e, &pos, "K a12-b12");
    assert_squares(
        &destinations(&e, &pos, "c5"),
        &squares("c6 c7 c8 c9 c10 c11 c12 c4 c3 c2 c1 b5 a5 d5 e5 f5 g5 b4 d4 b6 d6"),
        "Dragon King back on c5",
    );
    // Down into the First zone it is still a Dragon King in Ryu (no demotion there).
    let (pos, mv) = play(&e, &pos, "+R c5-c2");
    assert_eq!(mv.promotion, None);
    assert_eq!(pos.at(sq("c2")).map(|m| m.piece), e.piece_index("+R"));
}

#[test]
fn drops_are_never_made_in_the_droppers_fourth_zone() {
    // RYU-60 "1. Captured pieces may not be dropped in your fourth zone." The first player with
    // a Gold in hand may drop it on every empty square of ranks 1-9 (a1 holds his King); the
    // second player, on every empty square of ranks 4-12 (g12 holds his King).
    let e = engine(RYU, &[]);
    let pos = position(&e, &["K@a1", "k@g12"], "b Gg 1");
    assert_squares(&drop_squares(&e, &pos, "G"), &ranks_except(1..=9, "a1"), "first player's Gold drops");
    let pos = position(&e, &["K@a1", "k@g12"], "w Gg 1");
    assert_squares(&drop_squares(&e, &pos, "G"), &ranks_except(4..=12, "g12"), "second player's Gold drops");
}

#[test]
fn a_pawn_may_be_dropped_into_a_column_holding_a_pawn() {
    // RYU-66 "6. Unlike in Shogi, you may drop a Pawn into a column already containing a Pawn."
    // (also RYU-23). The first player's own Pawn stands on c4: c1 c2 c3 c5..c9 stay open.
    let e = engine(RYU, &[]);
    let pos = position(&e, &["K@a1", "P@c4", "k@g12"], "b P 1");
    assert_squares(&drop_squares(&e, &pos, "P"), &ranks_except(1..=9, "a1 c4"), "Pawn drops");
}

/// The second player's King on c10 with his Pawns on b11 c11 d11 (they step only toward rank
/// 1: they cannot reach c9); the first player's Pawn on b8 (Third zone: Gold's step) guards
/// c9. A Pawn dropped on c9 (Third zone: steps c10 b10 d10 b9 d9 c8) checks c10 and covers b9
/// d9 b10 d10; b8 covers c9 and b9; b11 c11 d11 are the King's own men: mate.
const PAWN_MATE: &[&str] = &["K@a1", "P@b8", "k@c10", "p@b11", "p@c11", "p@d11"];

#[test]
fn a_pawn_drop_may_not_mate_but_may_check() {
    // RYU-59 "0. Unless stated otherwise (and believe me, it will be), all rules are the same as
    // standard Shogi." (reading shogi-pawn-drop-mate = banned). A Gold dropped on c9 mates as
    // well (it covers b9 d9 sideways, b10 d10 forward-diagonally, c10): legal, the ban is
    // about Pawns.
    let e = engine(RYU, &[]);
    let pos = position(&e, PAWN_MATE, "b GP 1");
    let drops = drop_squares(&e, &pos, "P");
    assert!(!drops.contains("c9"), "P*c9 mates: banned");
    assert_eq!(drops.len(), ranks_except(1..=9, "a1 b8").len() - 1, "only c9 is banned");
    assert!(drop_squares(&e, &pos, "G").contains("c9"), "G*c9 mates and is legal");
    // Without the Pawn on c11 the King escapes to c11: P*c9 checks without mating, legal.
    let men: Vec<&str> = PAWN_MATE.iter().copied().filter(|m| *m != "p@c11").collect();
    let pos = position(&e, &men, "b P 1");
    let (after, _) = play(&e, &pos, "P*c9");
    assert!(e.in_check(&after, Color::White), "P*c9 gives check");
    // The second player the same way (everything turned): P*e4 mates the King on e3, banned.
    let men = rotated_men(PAWN_MATE);
    let men: Vec<&str> = men.iter().map(|s| s.as_str()).collect();
    let pos = position(&e, &men, "w gp 1");
    assert_eq!(rot("c9"), "e4");
    assert!(!drop_squares(&e, &pos, "P").contains("e4"), "second player: P*e4 mates: banned");
    assert!(drop_squares(&e, &pos, "G").contains("e4"), "second player: G*e4 mates and is legal");
    // Heian keeps the ban (it changes none of rule 0); c9 is outside the First zone, so no
    // extra turn is involved.
    let e = engine(HEIAN, &[]);
    let pos = position(&e, PAWN_MATE, "b GP 1");
    assert!(!drop_squares(&e, &pos, "P").contains("c9"), "Heian: P*c9 mates: banned");
    assert!(drop_squares(&e, &pos, "G").contains("c9"), "Heian: G*c9 mates and is legal");
}

#[test]
fn reading_shogi_pawn_drop_mate_allowed_permits_the_mating_drop() {
    let e = engine(RYU, &[("shogi-pawn-drop-mate", "allowed")]);
    let pos = position(&e, PAWN_MATE, "b P 1");
    assert!(drop_squares(&e, &pos, "P").contains("c9"));
}

#[test]
fn the_start_position_has_seven_moves() {
    // RYU-7..RYU-9 with reading setup-rows = pawns-in-front: rank 3 seven Pawns, rank 2 B R LW
    // CW RW B R, rank 1 C S G K G S C. Every first-player man stands in his First zone, where
    // every move is a single step (RYU-19, 24, 28, 32, 36, 40, 44, 48, 52, 56), and ranks 1-3
    // are full:
    //   Pawns a3..g3: one step forward each to rank 4            7
    //   B a2, R b2, LW c2, CW d2, RW e2, B f2, R g2: every step lands on an own man   0
    //   C a1, S b1, G c1, K d1, G e1, S f1, C g1: likewise       0
    //   drops: empty hands                                       0
    // total 7. The second player (rotated army) likewise has his seven Pawn steps.
    for name in [RYU, HEIAN] {
        let e = engine(name, &[]);
        let start = e.start();
        let expected: Vec<String> = "abcdefg".chars().map(|f| format!("P {f}3-{f}4")).collect();
        assert_eq!(e.legal_moves(&start).len(), 7, "{name}");
        assert_eq!(all_moves(&e, &start), expected, "{name}");
        let text = e.position_string(&start).replacen(" b ", " w ", 1);
        let as_second = e.parse_position(&text).unwrap();
        let expected: Vec<String> = "abcdefg".chars().map(|f| format!("P {f}10-{f}9")).collect();
        assert_eq!(all_moves(&e, &as_second), expected, "{name}, second player");
    }
}

// ---------------------------------------------------------------------------------------------
// Ryu readings
// ---------------------------------------------------------------------------------------------

#[test]
fn reading_board_orientation_moves_the_fourth_zone() {
    // 7-files-12-ranks: the first player's Fourth zone is ranks 10-12 (tested above).
    // 12-files-7-ranks: zones are bands of three files, the first player's Fourth zone files
    // j-l, the second player's (turned) files a-c. With a Gold in hand: the first player drops
    // on files a-i (63 squares) except a1 (his King); the second on files d-l except l7.
    let e = engine(RYU, &[("board-orientation", "12-files-7-ranks")]);
    let board = |files: &str, except: &str| -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for f in files.chars() {
            for r in 1..=7 {
                out.insert(format!("{f}{r}"));
            }
        }
        for x in except.split_whitespace() {
            out.remove(x);
        }
        out
    };
    let pos = position(&e, &["K@a1", "k@l7"], "b Gg 1");
    assert_squares(&drop_squares(&e, &pos, "G"), &board("abcdefghi", "a1"), "12x7, first player");
    let pos = position(&e, &["K@a1", "k@l7"], "w Gg 1");
    assert_squares(&drop_squares(&e, &pos, "G"), &board("defghijkl", "l7"), "12x7, second player");
}

#[test]
fn reading_setup_rows_changes_the_first_moves() {
    // pawns-in-front: seven Pawn steps (above). literal-rank-1: Pawns on rank 1, the B-R row on
    // rank 2, C S G K G S C on rank 3. Pawns and the rank-2 men only step onto own men; the
    // rank-3 men step to rank 4: C a3 a4 b4 (vWfF) 2, S b3 a4 b4 c4 (FfW) 3, G c3 b4 c4 d4
    // (WfF) 3, K d3 c4 d4 e4 3, G e3 3, S f3 3, C g3 f4 g4 2: 19.
    let e = engine(RYU, &[("setup-rows", "literal-rank-1")]);
    let start = e.start();
    let moves = all_moves(&e, &start);
    assert_eq!(moves.len(), 19, "{moves:?}");
    assert!(moves.iter().all(|m| !m.starts_with("P ")), "{moves:?}");
    assert_eq!(moves_from(&e, &start, "c3"), sorted(&["G c3-b4", "G c3-c4", "G c3-d4"]));
    assert_eq!(moves_from(&e, &start, "a3"), sorted(&["C a3-a4", "C a3-b4"]));
}

#[test]
fn reading_second_player_setup_places_his_second_row() {
    // RYU-8 "from left to right, Bishop, Rook, Left Warrior, Center Warrior, Right Warrior,
    // Bishop, Rook". rotated: from his left (file g): g11 b, f11 r, e11 lw, d11 cw, c11 rw,
    // b11 b, a11 r. mirrored: a11 b, b11 r, c11 lw, d11 cw, e11 rw, f11 b, g11 r.
    let id_on = |e: &Engine, at: &str| -> String {
        let m = e.start().at(sq(at)).unwrap();
        assert_eq!(m.player, Color::White, "{at}");
        e.piece(m.piece).id.clone()
    };
    let e = engine(RYU, &[]);
    let row: Vec<String> = ["a11", "b11", "c11", "d11", "e11", "f11", "g11"].iter().map(|s| id_on(&e, s)).collect();
    assert_eq!(row, ["R", "B", "RW", "CW", "LW", "R", "B"]);
    let e = engine(RYU, &[("second-player-setup", "mirrored")]);
    let row: Vec<String> = ["a11", "b11", "c11", "d11", "e11", "f11", "g11"].iter().map(|s| id_on(&e, s)).collect();
    assert_eq!(row, ["B", "R", "LW", "CW", "RW", "B", "R"]);
}

#[test]
fn reading_center_warrior_back() {
    // RYU-40 "one space backwards": straight-back c1 only; all-back adds b1 d1.
    for (option, set) in [("straight-back", "b3 d3 b2 d2 c1"), ("all-back", "b3 d3 b2 d2 c1 b1 d1")] {
        let e = engine(RYU, &[("center-warrior-back", option)]);
        let pos = position(&e, &["CW@c2", "K@a1", "k@a12"], "b");
        assert_squares(&destinations(&e, &pos, "c2"), &squares(set), option);
    }
}

#[test]
fn reading_pawn_second_zone() {
    // RYU-20 "While in the second zone, they may also move diagonally forward": one-step adds
    // b6 d6; slide adds the forward diagonals b6 a7, d6 e7 f8 g9.
    for (option, set) in [("one-step", "c6 b6 d6"), ("slide", "c6 b6 a7 d6 e7 f8 g9")] {
        let e = engine(RYU, &[("pawn-second-zone", option)]);
        let pos = position(&e, &["P@c5", "K@a1", "k@a12"], "b");
        assert_squares(&destinations(&e, &pos, "c5"), &squares(set), option);
    }
}

#[test]
fn reading_third_zone_powers() {
    // RYU-26 "granted the additional power of moving like a King": second-plus-king = Bishop +
    // King on c8 (ZONE_TABLE); first-plus-king = the Ferz steps + King = a King, and the Dragon
    // Horse (RYU-18) a King too.
    let e = engine(RYU, &[("third-zone-powers", "first-plus-king")]);
    let pos = position(&e, &["B@c8", "+B@c2", "K@a1", "k@a12"], "b");
    assert_squares(&destinations(&e, &pos, "c8"), &squares("b7 c7 d7 b8 d8 b9 c9 d9"), "B on c8");
    assert_squares(&destinations(&e, &pos, "c2"), &squares("b1 c1 d1 b2 d2 b3 c3 d3"), "+B on c2");
}

#[test]
fn reading_promoted_moves() {
    // RYU-18: third-zone-everywhere (tested above: +R on c2 has Rook + King); zone-dependent:
    // the Dragon King moves as a Rook does in each zone: a Wazir on c2, a Rook on c5, Rook +
    // King on c8.
    let e = engine(RYU, &[("promoted-moves", "zone-dependent")]);
    let rook = ZONE_TABLE.iter().find(|(id, _)| *id == "R").unwrap().1;
    for (z, at) in TEST_SQUARES.iter().enumerate() {
        let man = format!("+R@{at}");
        let pos = position(&e, &[&man, "K@a1", "k@a12"], "b");
        assert_squares(&destinations(&e, &pos, at), &squares(rook[z]), &format!("zone-dependent +R on {at}"));
    }
}

#[test]
fn reading_promotion_trigger_and_fourth_zone_unpromoted() {
    // Only a designed position puts an unpromoted piece in the Fourth zone (rules 1 and 4 keep
    // it out in play). An unpromoted Rook on c11:
    // fourth-zone-unpromoted = third-zone-move: Rook + King: c12, c10..c1, b11 a11, d11..g11,
    // b12 d12 b10 d10; first-zone-move: a Wazir: c12 c10 b11 d11.
    let e = engine(RYU, &[]);
    let pos = position(&e, &["R@c11", "K@a1", "k@a12"], "b");
    let rook_king = squares("c12 c10 c9 c8 c7 c6 c5 c4 c3 c2 c1 b11 a11 d11 e11 f11 g11 b12 d12 b10 d10");
    assert_squares(&destinations(&e, &pos, "c11"), &rook_king, "third-zone-move");
    // promotion-trigger = move-ending-in-fourth: leaving the zone to c8 does not promote ...
    assert!(moves_from(&e, &pos, "c11").contains(&"R c11-c8".to_string()));
    // ... shogi-trigger: a move starting in the zone promotes, forcibly (RYU-64).
    let e = engine(RYU, &[("promotion-trigger", "shogi-trigger")]);
    let pos = position(&e, &["R@c11", "K@a1", "k@a12"], "b");
    let moves = moves_from(&e, &pos, "c11");
    assert!(moves.contains(&"R c11-c8+".to_string()) && !moves.contains(&"R c11-c8".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 21);
    assert!(moves.iter().all(|m| m.ends_with('+')), "{moves:?}");
    let e = engine(RYU, &[("fourth-zone-unpromoted", "first-zone-move")]);
    let pos = position(&e, &["R@c11", "K@a1", "k@a12"], "b");
    assert_squares(&destinations(&e, &pos, "c11"), &squares("c12 c10 b11 d11"), "first-zone-move");
}

/// The first player's Rook on c5 takes the second player's last man besides his King, a Pawn
/// on c9 (the Rook slides c6 c7 c8 to c9 in the Second zone).
fn bare_king_result(name: &str, choices: &[(&str, &str)], hands: &str) -> Option<Outcome> {
    let e = engine(name, choices);
    let pos = position(&e, &["K@a1", "R@c5", "k@g12", "p@c9"], &format!("b {hands} 1"));
    let mut history = e.start_history(&pos);
    play_judged(&e, &pos, "R c5xc9", &mut history).1
}

#[test]
fn reading_bare_king_in_ryu() {
    // RYU-65 "5. A player reduced to a bare King can surrender at any time." no-rule: the game
    // goes on; loss: a bare King loses at once, a piece in hand or not.
    assert_eq!(bare_king_result(RYU, &[], "-"), None);
    assert_eq!(winner(&bare_king_result(RYU, &[("bare-king", "loss")], "-")), Some(Color::Black));
    assert_eq!(winner(&bare_king_result(RYU, &[("bare-king", "loss")], "p")), Some(Color::Black));
}

#[test]
fn reading_shogi_repetition() {
    // RYU-59 (shogi): the fourth occurrence of a position is a draw (sennichite), unless one
    // side checked on every move of the cycle: that side loses. Quiet cycle: the Kings step
    // a1-b1 / g12-f12 and back; the start position recurs after plies 4, 8 and 12.
    let quiet = ["K a1-b1", "K g12-f12", "K b1-a1", "K f12-g12"];
    // Checking cycle: the second player's King on g11 is in check from the Dragon King on a11
    // (rank 11); he steps to g12, the Dragon King follows to a12 (check on rank 12), and back.
    let checks = ["K g11-g12", "+R a11-a12", "K g12-g11", "+R a12-a11"];
    for (option, quiet_end, check_end) in [("sennichite", true, true), ("none", false, false)] {
        let e = engine(RYU, &[("shogi-repetition", option)]);
        let pos = position(&e, &["K@a1", "P@c4", "k@g12", "p@e9"], "b");
        let mut history = e.start_history(&pos);
        let mut pos = pos;
        for ply in 0..12 {
            let (next, outcome) = play_judged(&e, &pos, quiet[ply % 4], &mut history);
            pos = next;
            if ply < 11 {
                assert_eq!(outcome, None, "{option}: ply {ply}");
            } else {
                assert_eq!(matches!(outcome, Some(Outcome::Draw(_))), quiet_end, "{option}: {outcome:?}");
            }
        }
        let pos = position(&e, &["K@a1", "+R@a11", "k@g11", "p@e9"], "w");
        assert!(e.in_check(&pos, Color::White));
        let mut history = e.start_history(&pos);
        let mut pos = pos;
        for ply in 0..12 {
            let (next, outcome) = play_judged(&e, &pos, checks[ply % 4], &mut history);
            pos = next;
            if ply < 11 {
                assert_eq!(outcome, None, "{option}: ply {ply}");
            } else if check_end {
                assert_eq!(winner(&outcome), Some(Color::White), "{option}: the checker loses: {outcome:?}");
            } else {
                assert_eq!(outcome, None, "{option}");
            }
        }
    }
}

#[test]
fn reading_shogi_stalemate() {
    // The second player's lone King on a12 is not in check but has no move: a11 is covered by
    // the Tokin on b10 (forward diagonal), b11 by b10 (forward) and c11 (sideways), b12 by the
    // Tokin on c11 (forward diagonal); a12 is attacked by neither. Hand empty.
    // loss: "no legal move = loss"; draw.
    for (option, expect_draw) in [("loss", false), ("draw", true)] {
        let e = engine(RYU, &[("shogi-stalemate", option)]);
        let pos = position(&e, &["k@a12", "+P@b10", "+P@c11", "K@g1"], "w");
        let moves = e.legal_moves(&pos);
        assert!(moves.is_empty(), "{option}: {:?}", texts(&e, moves.iter()));
        assert!(!e.in_check(&pos, Color::White));
        let outcome = e.status_before(&pos, &moves);
        if expect_draw {
            assert!(matches!(outcome, Some(Outcome::Draw(_))), "{option}: {outcome:?}");
        } else {
            assert_eq!(winner(&outcome), Some(Color::Black), "{option}: {outcome:?}");
        }
    }
}

#[test]
fn reading_shogi_legality() {
    // RYU-58 "You win by checkmating the enemy king"; RYU-59 shogi. The first player's Gold on
    // a3 (First zone: a4 a2 b3 b4) shields his King on a1 from the Dragon King on a6.
    // shogi: only a4 and a2 keep the shield; king-capture: all four, and taking the King wins.
    let men = ["K@a1", "G@a3", "+r@a6", "k@g12"];
    let e = engine(RYU, &[]);
    let pos = position(&e, &men, "b");
    assert_eq!(moves_from(&e, &pos, "a3"), sorted(&["G a3-a4", "G a3-a2"]));
    let e = engine(RYU, &[("shogi-legality", "king-capture")]);
    let pos = position(&e, &men, "b");
    assert_eq!(moves_from(&e, &pos, "a3"), sorted(&["G a3-a4", "G a3-a2", "G a3-b3", "G a3-b4"]));
    let (pos, _) = play(&e, &pos, "G a3-b3");
    let mut history = e.start_history(&pos);
    let (_, outcome) = play_judged(&e, &pos, "+R a6xa1", &mut history);
    assert_eq!(winner(&outcome), Some(Color::White), "{outcome:?}");
}

#[test]
fn reading_shogi_impasse() {
    // shogi-24: "Bishops and Rooks (and their Dragons) 5 points, every other non-King piece 1,
    // board and hand counted, 24 needed, declared when both Kings stand in their fourth zones".
    // The second player's King already stands on d2 (his Fourth zone); the first player's King
    // steps d9-d10 into his. Points: first player 4 Rooks + 4 Pawns in hand = 20 + 4 = 24,
    // second player 1 Pawn = 1: the first player wins. none: nothing happens.
    for (option, expected) in [("none", None), ("shogi-24", Some(Color::Black))] {
        let e = engine(RYU, &[("shogi-impasse", option)]);
        let pos = position(&e, &["K@d9", "k@d2"], "b 4R4Pp 1");
        let mut history = e.start_history(&pos);
        let (_, outcome) = play_judged(&e, &pos, "K d9-d10", &mut history);
        assert_eq!(winner(&outcome), expected, "{option}: {outcome:?}");
        if expected.is_none() {
            assert_eq!(outcome, None, "{option}");
        }
    }
}

#[test]
fn reading_shogi_drops() {
    // shogi-drops: a captured Dragon King goes to hand as a Rook (shogi flips captured pieces);
    // promoted-drops: it stays a Dragon King and may be dropped as one. The first player's Gold
    // on c4 (Second zone: Rook slides) takes the Dragon King on c6.
    for (option, in_hand) in [("shogi-drops", "R"), ("promoted-drops", "+R")] {
        let e = engine(RYU, &[("shogi-drops", option)]);
        let pos = position(&e, &["K@a1", "G@c4", "+r@c6", "k@g12", "p@g10"], "b");
        let (pos, _) = play(&e, &pos, "G c4xc6");
        for id in ["R", "+R"] {
            let n = pos.hands[0][e.piece_index(id).unwrap().index()];
            assert_eq!(n, u16::from(id == in_hand), "{option}: {id} in hand");
        }
        let (pos, _) = play(&e, &pos, "P g10-g9");
        assert!(!drop_squares(&e, &pos, in_hand).is_empty(), "{option}: {in_hand} can be dropped");
    }
}

#[test]
fn reading_warrior_sides_decides_whose_left_the_second_players_warrior_uses() {
    // RYU-28 "The Left Warriors, while in the first zone, may move one space either to the
    // left, directly forward or backward, or diagonally forward or backward to the right."
    // The second player's Left Warrior on d11 stands in his first zone (ranks 10-12). Seen from
    // him (owner-relative) his left is the board's east: e11, and his right-hand diagonals are
    // c10 and c12. Board-fixed: left is the board's west, c11, and the right-hand diagonals are
    // e10 and e12. Forward and backward (d10, d12) are the same. The first player's Left
    // Warrior on d2 moves alike under both: c2, d3, d1, e3, e1.
    for (option, second) in [("owner-relative", "d10 d12 e11 c10 c12"), ("board-fixed", "d10 d12 c11 e10 e12")] {
        let e = engine(RYU, &[("warrior-sides", option)]);
        let men = ["K@g1", "k@a12", "LW@d2", "lw@d11"];
        assert_squares(&destinations(&e, &position(&e, &men, "w - 1"), "d11"), &squares(second), option);
        assert_squares(&destinations(&e, &position(&e, &men, "b - 1"), "d2"), &squares("c2 d3 d1 e3 e1"), option);
    }
}

#[test]
fn reading_zone_of_move_decides_which_zones_powers_a_move_uses() {
    // RYU-61 "When a non-promoted piece is moved to a previous zone, it does not retain its
    // previous powers of movement, and assumes the powers granted to it by the zone it has just
    // moved into." A Rook on c3 (first zone: "may move as a Wazir") on an otherwise empty file.
    // start-zone: the first zone's Wazir from c3: b3, d3, c2, c4.
    // destination-zone: each destination with its own zone's powers: first zone by Wazir (b3,
    // d3, c2), second zone as a Rook (c4-c6), third zone as Rook and King (c7-c9), fourth zone
    // with the Dragon-King move the spec gives where no zone entry applies (c10-c12, where it
    // must promote: RYU-64).
    let men = ["R@c3", "K@g1", "k@a12"];
    let e = engine(RYU, &[("zone-of-move", "start-zone")]);
    assert_squares(&destinations(&e, &position(&e, &men, "b - 1"), "c3"), &squares("b3 d3 c2 c4"), "start-zone");
    let e = engine(RYU, &[("zone-of-move", "destination-zone")]);
    let pos = position(&e, &men, "b - 1");
    assert_squares(
        &destinations(&e, &pos, "c3"),
        &squares("b3 d3 c2 c4 c5 c6 c7 c8 c9 c10 c11 c12"),
        "destination-zone",
    );
    let from = sq("c3");
    let moves: Vec<Move> = e.legal_moves(&pos).into_iter().filter(|m| m.from == Some(from)).collect();
    assert_eq!(moves.len(), 12, "one move per destination");
    for m in &moves {
        let fourth = m.to.is_some_and(|t| t.rank >= 9);
        assert_eq!(m.promotion.is_some(), fourth, "{}: promotes exactly in the fourth zone", e.move_text(m));
    }
}

// ---------------------------------------------------------------------------------------------
// Heian rule 1: the extra turn
// ---------------------------------------------------------------------------------------------

/// The first player's King on a1 with Golds in hand; the second player's King on g12 and Pawn
/// on g10.
const EXTRA: &[&str] = &["K@a1", "k@g12", "p@g10"];

#[test]
fn a_drop_in_the_own_first_zone_earns_another_turn() {
    // HEI-3 "1. If you drop a captured piece in your first zone, you are entitled to another
    // turn". Drops on ranks 1-3 (the empty ones: all but a1) earn it, drops on ranks 4-9 do not;
    // for the second player his First zone is ranks 10-12 (all but g10 and g12 empty).
    let e = engine(HEIAN, &[]);
    for (tail, drops, earning) in [
        ("b G 1", ranks_except(1..=9, "a1"), ranks_except(1..=3, "a1")),
        ("w g 1", ranks_except(4..=12, "g10 g12"), ranks_except(10..=12, "g10 g12")),
    ] {
        let pos = position(&e, EXTRA, tail);
        let moves = e.legal_moves(&pos);
        let dropped: BTreeSet<String> =
            moves.iter().filter(|m| m.kind == MoveKind::Drop).map(|m| m.to.unwrap().name()).collect();
        let earned: BTreeSet<String> = moves
            .iter()
            .filter(|m| m.kind == MoveKind::Drop && m.earns_extra_turn)
            .map(|m| m.to.unwrap().name())
            .collect();
        assert_squares(&dropped, &drops, &format!("{tail}: drops"));
        assert_squares(&earned, &earning, &format!("{tail}: drops earning an extra turn"));
        assert!(moves.iter().all(|m| m.kind == MoveKind::Drop || !m.earns_extra_turn));
    }
    // After G*c2 the first player moves again: the position string ends with " +".
    let pos = position(&e, EXTRA, "b G 1");
    let (after, _) = play(&e, &pos, "G*c2");
    assert_eq!(after.side, Color::Black);
    assert!(e.position_string(&after).ends_with(" +"), "{}", e.position_string(&after));
    // The extra turn: the King a2 b1 b2, the Gold (First zone: WfF) c3 c1 b2 d2 b3 d3, or
    // decline (HEI-4 "which may be declined if you deem it necessary").
    assert_eq!(
        all_moves(&e, &after),
        sorted(&[
            "K a1-a2", "K a1-b1", "K a1-b2", "G c2-c3", "G c2-c1", "G c2-b2", "G c2-d2", "G c2-b3", "G c2-d3",
            "decline"
        ])
    );
    // Declining or moving hands the turn to the opponent.
    for text in ["decline", "K a1-b1"] {
        let (next, _) = play(&e, &after, text);
        assert_eq!(next.side, Color::White, "{text}");
        assert!(!e.position_string(&next).ends_with(" +"), "{text}");
    }
    // A drop outside the first zone: the turn passes.
    let (after, mv) = play(&e, &pos, "G*c5");
    assert!(!mv.earns_extra_turn);
    assert_eq!(after.side, Color::White);
    assert!(!e.position_string(&after).ends_with(" +"));
}

#[test]
fn a_second_first_zone_drop_earns_no_third_turn() {
    // HEI-5 "Using your second turn to drop another piece into your First Zone, however, does
    // not entitle a third turn."
    let e = engine(HEIAN, &[]);
    let pos = position(&e, EXTRA, "b 2G 1");
    let (after, _) = play(&e, &pos, "G*c2");
    assert!(after.extra_turn);
    let moves = e.legal_moves(&after);
    assert!(moves.iter().all(|m| !m.earns_extra_turn), "no move of the extra turn earns another");
    let (next, mv) = play(&e, &after, "G*d2");
    assert!(!mv.earns_extra_turn);
    assert_eq!(next.side, Color::White);
    assert!(!e.position_string(&next).ends_with(" +"));
}

#[test]
fn reading_extra_turn_optional() {
    // optional-pass: `decline` is offered (above); mandatory: the same extra turn without it.
    let e = engine(HEIAN, &[("extra-turn-optional", "mandatory")]);
    let pos = position(&e, EXTRA, "b G 1");
    let (after, _) = play(&e, &pos, "G*c2");
    assert_eq!(
        all_moves(&e, &after),
        sorted(&["K a1-a2", "K a1-b1", "K a1-b2", "G c2-c3", "G c2-c1", "G c2-b2", "G c2-d2", "G c2-b3", "G c2-d3"])
    );
}

#[test]
fn reading_extra_turn_chain() {
    // After G*c2 with a second Gold in hand: 61 drops (ranks 1-9 minus a1 and c2), the 9 board
    // moves listed above, decline. any-move-then-opponent: 71; drop-only: drops and decline, 62.
    for (option, count, board_moves) in [("any-move-then-opponent", 71, 9), ("drop-only", 62, 0)] {
        let e = engine(HEIAN, &[("extra-turn-chain", option)]);
        let pos = position(&e, EXTRA, "b 2G 1");
        let (after, _) = play(&e, &pos, "G*c2");
        let moves = e.legal_moves(&after);
        assert_eq!(moves.len(), count, "{option}: {:?}", texts(&e, moves.iter()));
        assert_squares(&drop_squares(&e, &after, "G"), &ranks_except(1..=9, "a1 c2"), option);
        assert_eq!(moves.iter().filter(|m| m.from.is_some()).count(), board_moves, "{option}");
        assert_eq!(moves.iter().filter(|m| m.kind == MoveKind::Decline).count(), 1, "{option}");
    }
}

/// The second player's King stands on d3, deep in the first player's First zone; a Gold
/// dropped on d2 (First zone, steps forward to d3) gives check.
const CHECK_DROP: &[&str] = &["K@a1", "k@d3", "p@g10"];

#[test]
fn reading_extra_turn_check() {
    // check-is-mate: "a first-zone drop that gives check wins at once".
    let e = engine(HEIAN, &[]);
    let pos = position(&e, CHECK_DROP, "b G 1");
    let mut history = e.start_history(&pos);
    let (_, outcome) = play_judged(&e, &pos, "G*d2", &mut history);
    assert_eq!(winner(&outcome), Some(Color::Black), "{outcome:?}");
    // no-extra-turn-on-check: the checking drop earns nothing; a quiet first-zone drop still does.
    let e = engine(HEIAN, &[("extra-turn-check", "no-extra-turn-on-check")]);
    let pos = position(&e, CHECK_DROP, "b G 1");
    let mut history = e.start_history(&pos);
    let (after, outcome) = play_judged(&e, &pos, "G*d2", &mut history);
    assert_eq!(outcome, None);
    assert_eq!(after.side, Color::White);
    assert!(!after.extra_turn);
    assert!(find(&e, &pos, "G*a2").earns_extra_turn);
    // king-not-takeable: the extra turn comes but may not take the King: K a2 b1 b2, the Gold
    // d1 c2 e2 c3 e3 (not d3), decline.
    let e = engine(HEIAN, &[("extra-turn-check", "king-not-takeable")]);
    let pos = position(&e, CHECK_DROP, "b G 1");
    let mut history = e.start_history(&pos);
    let (after, outcome) = play_judged(&e, &pos, "G*d2", &mut history);
    assert_eq!(outcome, None);
    assert!(after.extra_turn && after.side == Color::Black);
    assert_eq!(
        all_moves(&e, &after),
        sorted(&["K a1-a2", "K a1-b1", "K a1-b2", "G d2-d1", "G d2-c2", "G d2-e2", "G d2-c3", "G d2-e3", "decline"])
    );
}

#[test]
fn a_check_by_a_drop_on_the_extra_turn_is_an_ordinary_check() {
    // HEI-5: a first-zone drop on the extra turn earns nothing, so under check-is-mate ("a
    // first-zone drop that gives check wins at once") a check given by it ends nothing: the
    // opponent answers it (his King on d3 takes the unguarded Gold on d2, or steps away).
    let e = engine(HEIAN, &[]);
    let pos = position(&e, CHECK_DROP, "b 2G 1");
    let mut history = e.start_history(&pos);
    let (pos, outcome) = play_judged(&e, &pos, "G*a2", &mut history);
    assert_eq!(outcome, None);
    assert!(pos.extra_turn);
    let (pos, outcome) = play_judged(&e, &pos, "G*d2", &mut history);
    assert_eq!(outcome, None, "a check from the extra turn's drop");
    assert_eq!(pos.side, Color::White);
    assert!(e.in_check(&pos, Color::White));
    assert!(find(&e, &pos, "K d3xd2").captures.len() == 1);
}

#[test]
fn a_checking_first_zone_pawn_drop_that_does_not_mate_is_legal() {
    // RYU-59 (shogi) bans only a Pawn drop that mates. P*d2 (First zone: it steps forward to
    // d3) checks the King on d3, which can take the unguarded Pawn afterwards. Under
    // king-not-takeable ("if the opponent is still in check after it, he must answer the check
    // and is mated only if he cannot") and no-extra-turn-on-check (the opponent answers at once)
    // it is not mate, so it is legal. (Under check-is-mate the same drop wins at once; whether
    // that makes it a banned "pawn-drop mate" the document does not say. The engine allows it.)
    for option in ["king-not-takeable", "no-extra-turn-on-check"] {
        let e = engine(HEIAN, &[("extra-turn-check", option)]);
        let pos = position(&e, CHECK_DROP, "b P 1");
        assert!(drop_squares(&e, &pos, "P").contains("d2"), "{option}: P*d2 checks without mating");
    }
}

/// The first player's King on a1 is in check from the Tokin on a2, which the Tokin on b3
/// guards (its forward diagonal, toward rank 1); b1 and b2 are covered too (a2's diagonal and
/// side step, b3's forward step). He has a Gold in hand. No move and no drop resolves the check
/// at once. A Gold dropped on a3 (steps back to a2), b1 (forward-diagonal to a2) or b2 (side
/// step to a2) can take the Tokin on the extra turn, after which a1 is safe.
const SELF_CHECK: &[&str] = &["K@a1", "+p@a2", "+p@b3", "k@g12"];

#[test]
fn reading_extra_turn_self_check() {
    // each-turn-legal: "the drop and the extra turn must each leave the player's own King out
    // of check": no legal move, checkmate.
    let e = engine(HEIAN, &[]);
    let pos = position(&e, SELF_CHECK, "b G 1");
    assert!(e.in_check(&pos, Color::Black));
    let moves = e.legal_moves(&pos);
    assert!(moves.is_empty(), "{:?}", texts(&e, moves.iter()));
    assert_eq!(winner(&e.status_before(&pos, &moves)), Some(Color::White));
    // end-of-double-turn: "only the position after the extra turn (or after declining) must be
    // legal": exactly the three drops whose extra turn can take the Tokin on a2.
    let e = engine(HEIAN, &[("extra-turn-self-check", "end-of-double-turn")]);
    let pos = position(&e, SELF_CHECK, "b G 1");
    assert_eq!(all_moves(&e, &pos), sorted(&["G*a3", "G*b1", "G*b2"]));
    let (after, _) = play(&e, &pos, "G*b2");
    assert!(after.extra_turn);
    // On the extra turn the check must now be resolved: only G b2xa2 does (declining would
    // leave the King attacked).
    assert_eq!(all_moves(&e, &after), sorted(&["G b2xa2"]));
}

#[test]

fn reading_extra_turn_self_check_is_not_mate_when_a_drop_saves() {
    // Under end-of-double-turn the player of SELF_CHECK has three legal drops (test above), so
    // the game has not ended: status_before must not report checkmate.
    let e = engine(HEIAN, &[("extra-turn-self-check", "end-of-double-turn")]);
    let pos = position(&e, SELF_CHECK, "b G 1");
    let moves = e.legal_moves(&pos);
    assert_eq!(moves.len(), 3);
    assert_eq!(e.status_before(&pos, &moves), None);
}

#[test]
fn reading_extra_turn_repetition() {
    // turn-boundaries: "only positions where the turn passes to the opponent are counted";
    // every-position: the one between the drop and the extra turn counts too.
    for (option, after_drop, after_decline) in [("turn-boundaries", 1, 2), ("every-position", 2, 3)] {
        let e = engine(HEIAN, &[("extra-turn-repetition", option)]);
        let pos = position(&e, EXTRA, "b G 1");
        let mut history = e.start_history(&pos);
        assert_eq!(history.len(), 1);
        let (pos, outcome) = play_judged(&e, &pos, "G*c2", &mut history);
        assert_eq!(outcome, None);
        assert_eq!(history.len(), after_drop, "{option}: after the drop");
        let (_, outcome) = play_judged(&e, &pos, "decline", &mut history);
        assert_eq!(outcome, None);
        assert_eq!(history.len(), after_decline, "{option}: after declining");
    }
}

// ---------------------------------------------------------------------------------------------
// Heian rule 2: demotion
// ---------------------------------------------------------------------------------------------

/// A Dragon King on c5 (Rook + King everywhere, RYU-18): c6..c12, c4 c3 c2 c1, b5 a5, d5..g5,
/// b4 d4 b6 d6; the moves to c3 c2 c1 enter the First zone.
const DRAGON_ON_C5: &[&str] = &[
    "+R c5-c6",
    "+R c5-c7",
    "+R c5-c8",
    "+R c5-c9",
    "+R c5-c10",
    "+R c5-c11",
    "+R c5-c12",
    "+R c5-c4",
    "+R c5-b5",
    "+R c5-a5",
    "+R c5-d5",
    "+R c5-e5",
    "+R c5-f5",
    "+R c5-g5",
    "+R c5-b4",
    "+R c5-d4",
    "+R c5-b6",
    "+R c5-d6",
];

fn dragon_moves(into_first_zone: &[&str]) -> Vec<String> {
    let mut v: Vec<&str> = DRAGON_ON_C5.to_vec();
    v.extend_from_slice(into_first_zone);
    sorted(&v)
}

#[test]
fn a_promoted_piece_entering_the_first_zone_is_demoted() {
    // HEI-6 "2. If you move a promoted piece into your first zone, it becomes demoted and is
    // re-flipped."
    let e = engine(HEIAN, &[]);
    let pos = position(&e, &["+R@c5", "K@a1", "k@g12", "p@g10"], "b");
    assert_eq!(moves_from(&e, &pos, "c5"), dragon_moves(&["+R c5-c3=R", "+R c5-c2=R", "+R c5-c1=R"]));
    // Demoted on c2 it is a Rook with First-zone powers (RYU-28: a Wazir).
    let (after, _) = play(&e, &pos, "+R c5-c2=R");
    assert_eq!(after.at(sq("c2")).map(|m| m.piece), e.piece_index("R"));
    let (after, _) = play(&e, &after, "P g10-g9");
    assert_eq!(moves_from(&e, &after, "c2"), sorted(&["R c2-c3", "R c2-c1", "R c2-b2", "R c2-d2"]));
    // The second player: his First zone is ranks 10-12; his Dragon King on e8 demotes on e10,
    // e11, e12.
    let pos = position(&e, &["+r@e8", "k@g12", "K@a1", "P@a3"], "w");
    let demoting: BTreeSet<String> = moves_from(&e, &pos, "e8").into_iter().filter(|t| t.ends_with("=R")).collect();
    assert_eq!(demoting, ["+R e8-e10=R", "+R e8-e11=R", "+R e8-e12=R"].iter().map(|s| s.to_string()).collect());
}

#[test]
fn a_demoted_piece_promotes_again_only_in_the_fourth_zone() {
    // HEI-7 "In order to re-promote it must move back to your fourth zone." with RYU-64
    // (forced; reading repromote = forced). The Dragon King demotes c4-c3, steps back c3-c4
    // (a Wazir step), then slides c4-c12 (Second zone: a Rook) and must promote there.
    let e = engine(HEIAN, &[]);
    let pos = position(&e, &["+R@c4", "K@a1", "k@g12", "p@g10"], "b");
    let (pos, _) = play(&e, &pos, "+R c4-c3=R");
    let (pos, _) = play(&e, &pos, "K g12-f12");
    let (pos, _) = play(&e, &pos, "R c3-c4");
    let (pos, _) = play(&e, &pos, "K f12-g12");
    // Rook on c4: c5..c12, c3 c2 c1, b4 a4, d4..g4; the three into ranks 10-12 promote.
    assert_eq!(
        moves_from(&e, &pos, "c4"),
        sorted(&[
            "R c4-c5",
            "R c4-c6",
            "R c4-c7",
            "R c4-c8",
            "R c4-c9",
            "R c4-c10+",
            "R c4-c11+",
            "R c4-c12+",
            "R c4-c3",
            "R c4-c2",
            "R c4-c1",
            "R c4-b4",
            "R c4-a4",
            "R c4-d4",
            "R c4-e4",
            "R c4-f4",
            "R c4-g4"
        ])
    );
}

#[test]
fn reading_demotion_trigger() {
    // every-entering-move: a capture into the First zone demotes too; non-captures-only: "a
    // capture into the first zone keeps the promotion". A second-player Tokin on c2 stops the
    // Dragon King's slide down the c-file there.
    for (option, capture) in [("every-entering-move", "+R c5xc2=R"), ("non-captures-only", "+R c5xc2")] {
        let e = engine(HEIAN, &[("demotion-trigger", option)]);
        let pos = position(&e, &["+R@c5", "+p@c2", "K@a1", "k@g12", "p@g10"], "b");
        assert_eq!(moves_from(&e, &pos, "c5"), dragon_moves(&["+R c5-c3=R", capture]), "{option}");
    }
}

#[test]
fn reading_demotion_vs_retain_and_heian_base() {
    // ryu-retains: "promotion is kept until capture; Heian rule 2 void": no demotion.
    // heian-base = ryu-plus-four-no-override: likewise (rule 2 says nothing).
    for (reading, option) in [("demotion-vs-retain", "ryu-retains"), ("heian-base", "ryu-plus-four-no-override")] {
        let e = engine(HEIAN, &[(reading, option)]);
        let pos = position(&e, &["+R@c5", "K@a1", "k@g12", "p@g10"], "b");
        assert_eq!(
            moves_from(&e, &pos, "c5"),
            dragon_moves(&["+R c5-c3", "+R c5-c2", "+R c5-c1"]),
            "{reading}={option}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Heian rule 3: bare King
// ---------------------------------------------------------------------------------------------

#[test]
fn a_bare_king_with_an_empty_hand_loses() {
    // HEI-8 "3. Bare King is a loss, unless you have some pieces in hand." (reading
    // bare-king-loss = immediate): the Rook takes the second player's last man on c9.
    assert_eq!(winner(&bare_king_result(HEIAN, &[], "-")), Some(Color::Black));
    // A piece in hand saves him.
    assert_eq!(bare_king_result(HEIAN, &[], "p"), None);
    // surrender-only: "no automatic loss".
    assert_eq!(bare_king_result(HEIAN, &[("bare-king-loss", "surrender-only")], "-"), None);
}

#[test]
fn reading_bare_king_loss_after_own_turn() {
    // after-own-turn: "the bare player may still move; he loses if after his own turn he is
    // still bare with an empty hand (a capture puts a piece in hand and saves him)". The second
    // player's King on d10 next to c9: after R c5xc9 (check: the Third-zone Rook steps
    // diagonally to d10) he either steps away (still bare: loses) or takes the Rook (saved).
    for (option, reply, expected) in [
        ("immediate", None, Some(Color::Black)),
        ("after-own-turn", Some("K d10-e11"), Some(Color::Black)),
        ("after-own-turn", Some("K d10xc9"), None),
    ] {
        let e = engine(HEIAN, &[("bare-king-loss", option)]);
        let pos = position(&e, &["K@a1", "R@c5", "k@d10", "p@c9"], "b");
        let mut history = e.start_history(&pos);
        let (pos, outcome) = play_judged(&e, &pos, "R c5xc9", &mut history);
        match reply {
            None => assert_eq!(winner(&outcome), expected, "{option}: {outcome:?}"),
            Some(reply) => {
                assert_eq!(outcome, None, "{option}: not yet");
                let (_, outcome) = play_judged(&e, &pos, reply, &mut history);
                assert_eq!(winner(&outcome), expected, "{option} {reply}: {outcome:?}");
                if expected.is_none() {
                    assert_eq!(outcome, None);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Heian rule 4: no second Pawn in a column
// ---------------------------------------------------------------------------------------------

#[test]
fn heian_bans_a_pawn_drop_into_a_column_with_a_friendly_pawn() {
    // HEI-9 "4. Pawns may not be dropped on a column containing a friendly Pawn." (reading
    // heian-nifu = heian-rule). The first player's Pawn on c4 closes file c; the second
    // player's Pawn on d9 closes nothing for him. Ranks 1-9 of files a b d e f g, minus a1 and
    // d9. ryu-rule: Ryu's permission (RYU-66) stands: every empty square of ranks 1-9.
    let men = ["K@a1", "P@c4", "k@g12", "p@d9"];
    let files_without_c = |except: &str| -> BTreeSet<String> {
        ranks_except(1..=9, except).into_iter().filter(|s| !s.starts_with('c')).collect()
    };
    let e = engine(HEIAN, &[]);
    let pos = position(&e, &men, "b P 1");
    assert_squares(&drop_squares(&e, &pos, "P"), &files_without_c("a1 d9"), "heian-rule");
    for (reading, option) in [("heian-nifu", "ryu-rule"), ("heian-base", "ryu-plus-four-no-override")] {
        let e = engine(HEIAN, &[(reading, option)]);
        let pos = position(&e, &men, "b P 1");
        assert_squares(&drop_squares(&e, &pos, "P"), &ranks_except(1..=9, "a1 c4 d9"), &format!("{reading}={option}"));
    }
}

#[test]
fn reading_heian_nifu_tokin() {
    // Does a friendly Tokin count as "a friendly Pawn"? A Pawn on c4 and a Tokin on e5.
    // unpromoted-only: file c closed, file e open (minus e5); tokins-too: files c and e closed.
    let men = ["K@a1", "P@c4", "+P@e5", "k@g12", "p@d9"];
    for (option, closed) in [("unpromoted-only", "c"), ("tokins-too", "ce")] {
        let e = engine(HEIAN, &[("heian-nifu-tokin", option)]);
        let pos = position(&e, &men, "b P 1");
        let expected: BTreeSet<String> =
            ranks_except(1..=9, "a1 d9 e5").into_iter().filter(|s| !closed.contains(&s[..1])).collect();
        assert_squares(&drop_squares(&e, &pos, "P"), &expected, option);
    }
}
