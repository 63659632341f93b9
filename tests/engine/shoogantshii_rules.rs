//! Hand-built positions for the reference engine under Shoogantshii (specs/shoogantshii.toml,
//! document ../shared/seeds/003_2f018b5a7f2f595e.txt).
//!
//! Every expected move list, drop list and game result below is counted by hand from the
//! document's words (the SHO clause is cited and quoted above each test) on a board holding only
//! a few men, never copied from the engine. Moves are compared as sorted move texts
//! (`C c4xc9+`: captured on c9 and promotes; `K e2-e2 x e8`: a capture without moving, the
//! King's shot) and drops as sets of destination squares. A reading that changes what is legal
//! is tested under each of its options.
//!
//! Squares: files a-i from the first player's left, ranks 1-9 from the first player's side.
//! Upper-case ids are the first player's (moving up, palace d1-f3, promotion zone ranks 7-9),
//! lower-case the second player's (moving down, palace d7-f9, zone ranks 3-1).

use crate::common::{self, outside};
use kensho::Color;

use common::play_texts as play;
use common::{moves_from, rows, sorted, sq};
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, MoveKind, Position};
use kensho::geometry::{BoardSize, Square};
use kensho::spec::LoadedSpec;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const SPEC: &str = "specs/shoogantshii.toml";
/// The document, a file of the rule documents' directory (tests/common/outside.rs).
const DOCUMENT: &str = "003_2f018b5a7f2f595e.txt";

fn loaded() -> &'static LoadedSpec {
    static CELL: OnceLock<LoadedSpec> = OnceLock::new();
    CELL.get_or_init(|| kensho::spec::load(Path::new(SPEC)).unwrap_or_else(|e| panic!("{SPEC}: {e:?}")))
}

/// The engine with these reading choices (the others at their defaults).
fn engine(choices: &[(&str, &str)]) -> Engine {
    common::engine_with(loaded(), choices)
}

/// The board every position here is built on: the default of reading board-size.
const BOARD: BoardSize = BoardSize { files: 9, ranks: 9 };

/// The position string of a board holding only `men` (square, id; upper case = first player;
/// every id written in parentheses), `side` ('b' first player, 'w' second) to move, `hands` as
/// in the position string ("-", "P", "RNp").
fn position_text(side: char, hands: &str, men: &[(&str, &str)]) -> String {
    let men: Vec<(Square, String)> = men.iter().map(|&(square, id)| (sq(square), format!("({id})"))).collect();
    format!("{} {side} {hands} 1", rows(BOARD, &men))
}

fn position(e: &Engine, side: char, hands: &str, men: &[(&str, &str)]) -> Position {
    let text = position_text(side, hands, men);
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The squares where a piece of type `id` may be dropped (every drop checked to capture
/// nothing, to promote to nothing and to land on an empty square: SHO-35, SHO-36).
fn drop_squares(e: &Engine, p: &Position, id: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for m in e.legal_moves(p).iter().filter(|m| m.kind == MoveKind::Drop && e.piece(m.man.piece).id == id) {
        let to = m.to.expect("a drop has a destination");
        assert!(m.captures.is_empty(), "{} captures", e.move_text(m));
        assert!(m.promotion.is_none(), "{} promotes", e.move_text(m));
        assert!(p.at(to).is_none(), "{} lands on a piece", e.move_text(m));
        assert!(out.insert(to.name()), "{} listed twice", e.move_text(m));
    }
    out
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every square of the 9 x 9 board (reading board-size, default 9x9) with file letter and
/// rank number, for expectations written as rules over the board.
fn squares_where(keep: impl Fn(char, u8) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in 'a'..='i' {
        for rank in 1..=9u8 {
            if keep(file, rank) {
                out.insert(format!("{file}{rank}"));
            }
        }
    }
    out
}

/// The first player's Palace d1-f3 (reading palace-location, default camp-3x3).
fn first_palace(file: char, rank: u8) -> bool {
    ('d'..='f').contains(&file) && rank <= 3
}

/// The second player's Palace d7-f9.
fn second_palace(file: char, rank: u8) -> bool {
    ('d'..='f').contains(&file) && rank >= 7
}

fn occupied(men: &[(&str, &str)], file: char, rank: u8) -> bool {
    men.iter().any(|(s, _)| *s == format!("{file}{rank}"))
}

#[test]
fn the_document_is_the_one_the_spec_names() {
    let Some(docs) = outside::documents() else { return };
    let text = docs.read(DOCUMENT);
    for words in [
        "1. A Pawn may not be dropped into a file where you already have an unpromoted Pawn.",
        "6. No Pawn may be dropped so as to doom the King to being Captured on the following move, not even as the springboard for a Cannon or Fóðētu.",
        "Four-fold repetition is an impasse",
    ] {
        assert!(text.contains(words), "the document does not say: {words}");
    }
}

// ---------------------------------------------------------------------------------------------
// The start position
// ---------------------------------------------------------------------------------------------

/// Reading setup (default shogi-frame): rank 1 L N G A K A G N L, Bishop b2, Fóðētu c2,
/// Cannon g2, Rook h2, Pawns a3-i3; the second player's army rotated (h8 b, g8 f, c8 c, b8 r,
/// pawns on rank 7, back rank on 9). The first player's moves, counted by hand:
///
/// - Pawn (SHO-25 "steps exactly one square forward"): a3-a4 ... i3-i4: 9.
/// - Lance (SHO-14 "any number of unobstructed squares forward"): a1-a2, i1-i2 (a3, i3 are own
///   Pawns): 2.
/// - Horse (SHO-12 "leaps two squares forward and one to the side"): b1 -> a3, c3 and h1 ->
///   g3, i3 are own Pawns: 0.
/// - General (SHO-10 diagonal or forward step): c1-d2 (c2 Fóðētu, b2 Bishop own), g1-f2 (g2
///   Cannon, h2 Rook own): 2.
/// - Advisor (SHO-8/9, diagonal step, confined to d1-f3): d1-e2 (c2 is outside and own),
///   f1-e2 (g2 likewise): 2.
/// - King (SHO-3/4): e1 -> d2, e2, f2 (d1, f1 own Advisors); e3 is an own Pawn, so no shot: 3.
/// - Bishop b2: a1, c1, a3, c3 all own men: 0.
/// - Rook h2: i2 (g2, h1, h3 own): 1.
/// - Fóðētu c2 (SHO-23): no empty diagonal neighbour (b1, d1, b3, d3 own); over the screen d3
///   it flies e4, f5, g6 and captures the Pawn h7, on rank 7, with or without promotion
///   (SHO-27): 2. Over b3 it reaches a4, empty, then the edge; b1 and d1 have nothing beyond.
/// - Cannon g2 (SHO-20): slides f2, e2, d2 (c2 own Fóðētu stops it): 3; over the screen g3 it
///   captures the Pawn g7 (g4-g6 empty), with or without promotion: 2; over c2 the next man
///   is the own Bishop b2, over h2 and g1 nothing: 5 in all.
/// - No drops (empty hands).
///
/// Total 9 + 2 + 0 + 2 + 2 + 3 + 0 + 1 + 2 + 5 = 26.
#[test]
fn start_position_has_26_moves_counted_by_hand() {
    let e = engine(&[]);
    let start = e.start();
    assert_eq!(
        e.position_string(&start),
        "lngakagnl/1rc3fb1/ppppppppp/9/9/9/PPPPPPPPP/1BF3CR1/LNGAKAGNL b - 1",
        "the reading setup's default squares"
    );
    let moves = e.legal_moves(&start);
    let mut per_piece: BTreeMap<String, usize> = BTreeMap::new();
    for m in &moves {
        *per_piece.entry(e.piece(m.man.piece).id.clone()).or_default() += 1;
    }
    let expected: BTreeMap<String, usize> =
        [("P", 9), ("L", 2), ("G", 2), ("A", 2), ("K", 3), ("R", 1), ("F", 2), ("C", 5)]
            .iter()
            .map(|(k, n)| (k.to_string(), *n))
            .collect();
    assert_eq!(per_piece, expected);
    assert_eq!(moves.len(), 26);
    assert_eq!(moves_from(&e, &start, "c2"), sorted(&["F c2xh7", "F c2xh7+"]));
    assert_eq!(moves_from(&e, &start, "g2"), sorted(&["C g2-f2", "C g2-e2", "C g2-d2", "C g2xg7", "C g2xg7+"]));
}

// ---------------------------------------------------------------------------------------------
// Drop rule 1: no Pawn into a file with an own unpromoted Pawn
// ---------------------------------------------------------------------------------------------

/// SHO-32 "1. A Pawn may not be dropped into a file where you already have an unpromoted
/// Pawn." Own unpromoted Pawn c4 (file c closed), own promoted Pawn g5 (file g stays open: it
/// is not an unpromoted Pawn), enemy Pawn a6 (file a stays open: not "you"). The other drop
/// rules that apply: rule 3 (SHO-34, not into the own Palace d1-f3), rule 4 (SHO-35, empty
/// squares), rule 7 (SHO-41 read as "may not", reading drop-ninth-rank: no Pawn on rank 9).
/// 8 files x ranks 1-8 = 64, minus the 9 Palace squares, minus a6 and g5 occupied = 53. (P*f8
/// checks the king f9, which takes it: not the doom of rule 6, so it stays.)
#[test]
fn rule1_no_pawn_into_a_file_with_an_own_unpromoted_pawn() {
    let e = engine(&[]);
    let men = [("d1", "K"), ("c4", "P"), ("g5", "+P"), ("a6", "p"), ("f9", "k")];
    let p = position(&e, 'b', "P", &men);
    let expected = squares_where(|f, r| f != 'c' && r <= 8 && !first_palace(f, r) && !occupied(&men, f, r));
    assert_eq!(expected.len(), 53);
    let got = drop_squares(&e, &p, "P");
    assert_eq!(got, expected);
    assert!(got.contains("g4") && got.contains("a5"), "a promoted own Pawn and an enemy Pawn do not close a file");
}

// ---------------------------------------------------------------------------------------------
// Drop rule 2: Advisors only within the own Palace
// ---------------------------------------------------------------------------------------------

/// SHO-33 "2. Advisors may only be dropped within your own Palace." Reading advisor-squares:
/// default any-palace-square (all nine squares of d1-f3), xiangqi-points (only d1, f1, e2, d3,
/// f3; rotated f9, d9, e8, f7, d7 for the second player). King d1 and king f9 occupy one
/// square of each Palace.
#[test]
fn rule2_advisors_only_in_the_own_palace_under_both_advisor_square_readings() {
    let men = [("d1", "K"), ("f9", "k")];
    let any = engine(&[]);
    let first = position(&any, 'b', "A", &men);
    assert_eq!(drop_squares(&any, &first, "A"), set(&["d2", "d3", "e1", "e2", "e3", "f1", "f2", "f3"]));
    let second = position(&any, 'w', "a", &men);
    assert_eq!(drop_squares(&any, &second, "A"), set(&["d7", "d8", "d9", "e7", "e8", "e9", "f7", "f8"]));

    let points = engine(&[("advisor-squares", "xiangqi-points")]);
    let first = position(&points, 'b', "A", &men);
    assert_eq!(drop_squares(&points, &first, "A"), set(&["f1", "e2", "d3", "f3"]), "d1 is occupied");
    let second = position(&points, 'w', "a", &men);
    assert_eq!(drop_squares(&points, &second, "A"), set(&["d9", "e8", "f7", "d7"]), "f9 is occupied");
}

// ---------------------------------------------------------------------------------------------
// Drop rule 3: other pieces never into the own Palace
// ---------------------------------------------------------------------------------------------

/// SHO-34 "3. Non-Advisor pieces may be dropped anywhere but your Palace." Reading
/// drop-enemy-palace: default own-palace-only (the enemy Palace d7-f9 is allowed), option
/// both-palaces. Pieces with no rank ban (General, Rook, Bishop, Cannon, Fóðētu): 81 squares
/// minus the own Palace (9, d1 among them) minus f9 = 71; under both-palaces also minus the
/// 8 empty squares of d7-f9 = 63. The same for the second player, rotated.
#[test]
fn rule3_non_advisors_never_into_the_own_palace_under_both_enemy_palace_readings() {
    let men = [("d1", "K"), ("f9", "k")];
    for (choice, both) in [("own-palace-only", false), ("both-palaces", true)] {
        let e = engine(&[("drop-enemy-palace", choice)]);
        let first = position(&e, 'b', "GRBCF", &men);
        let second = position(&e, 'w', "grbcf", &men);
        let closed = |own: fn(char, u8) -> bool, theirs: fn(char, u8) -> bool, f: char, r: u8| {
            own(f, r) || (both && theirs(f, r)) || occupied(&men, f, r)
        };
        let expected_first = squares_where(|f, r| !closed(first_palace, second_palace, f, r));
        let expected_second = squares_where(|f, r| !closed(second_palace, first_palace, f, r));
        assert_eq!(expected_first.len(), if both { 63 } else { 71 });
        for id in ["G", "R", "B", "C", "F"] {
            assert_eq!(drop_squares(&e, &first, id), expected_first, "{choice}: first player's {id}");
            assert_eq!(drop_squares(&e, &second, id), expected_second, "{choice}: second player's {id}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Drop rule 4: never onto a piece
// ---------------------------------------------------------------------------------------------

/// SHO-35 "4. No piece may be dropped onto another piece; you may not capture with a drop."
/// A Rook in hand, an enemy Pawn b5 and an own Pawn c5: neither square (nor d1, f9) is a drop
/// square, and no drop captures (checked for every drop by `drop_squares`).
#[test]
fn rule4_no_drop_onto_a_piece_and_no_capture_by_a_drop() {
    let e = engine(&[]);
    let men = [("d1", "K"), ("b5", "p"), ("c5", "P"), ("f9", "k")];
    let p = position(&e, 'b', "R", &men);
    let expected = squares_where(|f, r| !first_palace(f, r) && !occupied(&men, f, r));
    assert_eq!(expected.len(), 81 - 9 - 3);
    assert_eq!(drop_squares(&e, &p, "R"), expected);
    assert!(e.legal_moves(&p).iter().filter(|m| m.kind == MoveKind::Drop).all(|m| m.captures.is_empty()));
}

// ---------------------------------------------------------------------------------------------
// Drop rule 5: never dropped promoted; promotion only after a move ending in the zone
// ---------------------------------------------------------------------------------------------

/// SHO-36 "5. A piece may not be dropped promoted": a captured promoted Rook comes to hand as
/// a Rook (the hand holds R, not +R), and only unpromoted drops are offered.
#[test]
fn rule5_a_captured_promoted_piece_is_held_and_dropped_unpromoted() {
    let e = engine(&[]);
    let mut p = position(&e, 'b', "-", &[("d1", "K"), ("a1", "R"), ("a5", "+r"), ("f9", "k")]);
    let capture = e.legal_moves(&p).into_iter().find(|m| e.move_text(m) == "R a1xa5").expect("R a1xa5 is legal");
    let mut undo = Vec::new();
    e.make(&mut p, &capture, &mut undo);
    let rook = e.piece_index("R").unwrap().index();
    let dragon = e.piece_index("+R").unwrap().index();
    assert_eq!((p.hands[0][rook], p.hands[0][dragon]), (1, 0), "{}", e.position_string(&p));
    // The second player moves; then the first player's drops are all unpromoted Rooks.
    let reply = e.legal_moves(&p).into_iter().find(|m| e.move_text(m) == "K f9-f8").expect("K f9-f8 is legal");
    e.make(&mut p, &reply, &mut undo);
    let drops: Vec<_> = e.legal_moves(&p).into_iter().filter(|m| m.kind == MoveKind::Drop).collect();
    assert!(!drops.is_empty());
    assert!(drops.iter().all(|m| m.man.piece.index() == rook && m.promotion.is_none()));
}

/// SHO-37 "and may not promote until it ends a move in your promotion zone" (reading
/// drop-promotion, default next-move-ending-in-zone; SHO-27 zone = ranks 7-9). A Rook dropped
/// on c7, inside the zone, does not promote on the drop (only `R*c7`); after the second
/// player's K f9-f8 the Rook's moves ending on ranks 7-9 may promote, those ending on ranks 1-6
/// may not (reading promotion-trigger, default ends-in-zone):
/// up c8, c9 (2 x 2); left b7, a7 (2 x 2); right d7-i7 (6 x 2); down c6-c1 (6) = 26.
#[test]
fn rule5_a_piece_dropped_in_the_zone_promotes_on_a_later_move_ending_in_the_zone() {
    let e = engine(&[]);
    let mut p = position(&e, 'b', "R", &[("d1", "K"), ("f9", "k")]);
    let to_c7: Vec<String> =
        e.legal_moves(&p).iter().filter(|m| m.to == Some(sq("c7"))).map(|m| e.move_text(m)).collect();
    assert_eq!(to_c7, vec!["R*c7".to_string()], "no promotion on the drop");
    assert!(play(&e, &mut p, &["R*c7", "K f9-f8"]).is_none());
    let mut expected = vec!["R c7-c6", "R c7-c5", "R c7-c4", "R c7-c3", "R c7-c2", "R c7-c1"];
    let zone =
        ["R c7-c8", "R c7-c9", "R c7-b7", "R c7-a7", "R c7-d7", "R c7-e7", "R c7-f7", "R c7-g7", "R c7-h7", "R c7-i7"];
    let promoting: Vec<String> = zone.iter().map(|m| format!("{m}+")).collect();
    expected.extend(zone);
    expected.extend(promoting.iter().map(String::as_str));
    assert_eq!(expected.len(), 26);
    assert_eq!(moves_from(&e, &p, "c7"), sorted(&expected));
}

// ---------------------------------------------------------------------------------------------
// Drop rule 6: no Pawn drop that dooms the King
// ---------------------------------------------------------------------------------------------

/// SHO-38 "6. No Pawn may be dropped so as to doom the King to being Captured on the following
/// move". The Pawn itself checks: P*e8 against the king e9, protected by the General e7 (SHO-10
/// "one square ... diagonally or one square directly forward": it also covers d8 and f8).
/// The king's own lances d9 and f9 fill its other Palace squares; they can only run down the d
/// and f files, where nothing of the first player stands (King e1). Every reply leaves the king
/// capturable: P*e8 is banned. Reading pawn-drop-mate (default mate) and its option check.
const PAWN_MATE: [(&str, &str); 5] = [("e1", "K"), ("e7", "G"), ("e9", "k"), ("d9", "l"), ("f9", "l")];

fn pawn_drops_on_file(e: &Engine, p: &Position, file: char) -> BTreeSet<String> {
    drop_squares(e, p, "P").into_iter().filter(|s| s.starts_with(file)).collect()
}

#[test]
fn rule6_pawn_drop_mate_by_the_pawn_itself_is_banned() {
    let e = engine(&[]);
    let p = position(&e, 'b', "P", &PAWN_MATE);
    // e-file: e1 K, e2-e3 own Palace, e7 G, e9 k occupied; e4, e5, e6 give no check.
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e4", "e5", "e6"]));
    // The whole board: ranks 1-8, not the own Palace, not occupied, not e8.
    let expected =
        squares_where(|f, r| r <= 8 && !first_palace(f, r) && !occupied(&PAWN_MATE, f, r) && format!("{f}{r}") != "e8");
    assert_eq!(drop_squares(&e, &p, "P"), expected);
}

/// The same drop where the king has a way out (the lance f9 removed, so f9 is free and not
/// attacked): the Pawn "checks but is not mate", so it does not doom the King and is legal
/// under the default reading pawn-drop-mate = mate; under the option check every checking Pawn
/// drop is banned.
#[test]
fn rule6_a_checking_pawn_drop_that_is_not_mate_is_legal_except_under_the_check_reading() {
    let men = [("e1", "K"), ("e7", "G"), ("e9", "k"), ("d9", "l")];
    let e = engine(&[]);
    let p = position(&e, 'b', "P", &men);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e4", "e5", "e6", "e8"]));
    let e = engine(&[("pawn-drop-mate", "check")]);
    let p = position(&e, 'b', "P", &men);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e4", "e5", "e6"]));
    // The mate position under the check reading: banned as well.
    let p = position(&e, 'b', "P", &PAWN_MATE);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e4", "e5", "e6"]));
}

/// The reading pawn-drop-mate (mate) says "none of them wins first by capturing the dropper's
/// King" is part of the doom: a reply that captures the dropper's King (SHO-43 "The game ends
/// when one King is Captured") escapes. The mate position with the first player's King on d1
/// instead of e1: the lance d9 runs down the open d-file onto it, so P*e8 is legal.
#[test]
fn rule6_a_pawn_drop_is_no_mate_when_the_reply_captures_the_droppers_king() {
    let e = engine(&[]);
    let men = [("d1", "K"), ("e7", "G"), ("e9", "k"), ("d9", "l"), ("f9", "l")];
    let p = position(&e, 'b', "P", &men);
    assert!(drop_squares(&e, &p, "P").contains("e8"));
}

/// SHO-39 "not even as the springboard for a Cannon or Fóðētu." The Cannon e4 faces the king e9
/// up an empty file; a Pawn dropped on e5, e6 or e7 becomes its one screen (SHO-20 "captures
/// orthogonally after leaping over exactly one piece, friend or foe") without attacking the
/// king itself. The king's Palace squares d8, d9, f8, f9 hold its own Pawns and Lances (the
/// Pawns step down beside the file, the Lances are blocked), and its step to e8 stays on the
/// Cannon's line over the same screen: every reply leaves it capturable, so e5, e6, e7 are
/// banned. P*e8 checks too (the Pawn and the Cannon), but the king takes it and then nothing
/// screens the Cannon: legal. Without the Pawn f8 the king escapes to f8 and all four drops are
/// legal; under pawn-drop-mate = check all four are banned there.
#[test]
fn rule6_pawn_as_the_screen_of_the_droppers_cannon_may_not_mate() {
    let mate = [("e1", "K"), ("e4", "C"), ("e9", "k"), ("d9", "l"), ("f9", "l"), ("d8", "p"), ("f8", "p")];
    let e = engine(&[]);
    let p = position(&e, 'b', "P", &mate);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e8"]));
    let screens = |f: char, r: u8| f == 'e' && (5..=7).contains(&r);
    let expected = squares_where(|f, r| r <= 8 && !first_palace(f, r) && !occupied(&mate, f, r) && !screens(f, r));
    assert_eq!(drop_squares(&e, &p, "P"), expected);
    // Reading pawn-drop-screen: the dropper's own gun counts under both options.
    let any = engine(&[("pawn-drop-screen", "any-gun-either-king")]);
    assert_eq!(pawn_drops_on_file(&any, &position(&any, 'b', "P", &mate), 'e'), set(&["e8"]));

    let escape: Vec<(&str, &str)> = mate.iter().copied().filter(|(s, _)| *s != "f8").collect();
    let p = position(&e, 'b', "P", &escape);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e5", "e6", "e7", "e8"]));
    let check = engine(&[("pawn-drop-mate", "check")]);
    let p = position(&check, 'b', "P", &escape);
    assert_eq!(pawn_drops_on_file(&check, &p, 'e'), BTreeSet::new());
}

/// SHO-39 for the Fóðētu (SHO-23 "captures diagonally after leaping over exactly one piece").
/// Fóðētu a6, king d9 on the diagonal a6-b7-c8-d9. The king's Palace squares d8, e8, e9 hold
/// its Pawns and Lance (c8, c9 are outside its Palace, SHO-4 "confined to the Palace"), so it
/// cannot move; its Pawns step down off the diagonal. A Pawn on b7 or c8 is the Fóðētu's one
/// screen: mate, banned. Without the Pawn d8 the king steps to d8 (off the diagonal): legal.
#[test]
fn rule6_pawn_as_the_screen_of_the_droppers_fodetu_may_not_mate() {
    let mate = [("f1", "K"), ("a6", "F"), ("d9", "k"), ("d8", "p"), ("e8", "p"), ("e9", "l")];
    let e = engine(&[]);
    let p = position(&e, 'b', "P", &mate);
    let free = |men: &[(&str, &str)], f: char, r: u8| r <= 8 && !first_palace(f, r) && !occupied(men, f, r);
    let expected = squares_where(|f, r| free(&mate, f, r) && !["b7", "c8"].contains(&format!("{f}{r}").as_str()));
    assert_eq!(expected.len(), 72 - 9 - 3 - 2);
    assert_eq!(drop_squares(&e, &p, "P"), expected);

    let escape: Vec<(&str, &str)> = mate.iter().copied().filter(|(s, _)| *s != "d8").collect();
    let p = position(&e, 'b', "P", &escape);
    assert_eq!(drop_squares(&e, &p, "P"), squares_where(|f, r| free(&escape, f, r)));
}

/// Reading pawn-drop-screen: default own-gun-enemy-king (a Pawn drop that lets the enemy's gun
/// shoot one's own King is self-check, which SHO-6 "It may move into check" allows), option
/// any-gun-either-king (also banned). The second player's Cannon e6 faces the first player's
/// King e1 up an empty file; a Pawn dropped on e4 or e5 becomes its screen. e7 and e8 lie
/// above the Cannon (P*e8 checks the king e9, which takes it: not mate).
#[test]
fn rule6_pawn_as_the_screen_of_an_enemy_gun_only_under_its_reading() {
    let men = [("e1", "K"), ("e6", "c"), ("e9", "k")];
    let e = engine(&[]);
    let p = position(&e, 'b', "P", &men);
    assert_eq!(pawn_drops_on_file(&e, &p, 'e'), set(&["e4", "e5", "e7", "e8"]));
    let any = engine(&[("pawn-drop-screen", "any-gun-either-king")]);
    let p = position(&any, 'b', "P", &men);
    assert_eq!(pawn_drops_on_file(&any, &p, 'e'), set(&["e7", "e8"]));
}

// ---------------------------------------------------------------------------------------------
// Drop rule 7 and the barricade sentence
// ---------------------------------------------------------------------------------------------

/// The drop squares of `id` on ranks 8 and 9.
fn top_drops(e: &Engine, p: &Position, id: &str) -> BTreeSet<String> {
    drop_squares(e, p, id).into_iter().filter(|s| s.ends_with('8') || s.ends_with('9')).collect()
}

fn rank_squares(ranks: &[u8], except: &[&str]) -> BTreeSet<String> {
    squares_where(|f, r| ranks.contains(&r) && !except.contains(&format!("{f}{r}").as_str()))
}

/// SHO-40 "7. No Horse may be dropped on the eighth rank" and SHO-41 "and Pawn, Horse, or
/// Lance may be dropped on the ninth." with SHO-30 "A piece may be barricaded but it must have
/// squares it could theoretically to advance to." King d1, king f9; Horse, Lance, Pawn and
/// General in hand (the General, SHO-10, steps diagonally back, so it can move from rank 9).
/// - drop-ninth-rank = may-not (default; barricade default empty-board-mobility): Horse
///   nowhere on 8-9, Lance and Pawn on rank 8 only, General on 8 and 9.
/// - drop-ninth-rank = literal: only the eighth-rank Horse is banned.
/// - barricade = forward-square: nothing on rank 9 (no forward square there), so the General
///   only on rank 8.
#[test]
fn rule7_ninth_and_eighth_rank_drops_under_the_drop_ninth_rank_and_barricade_readings() {
    let men = [("d1", "K"), ("f9", "k")];
    let rank8 = rank_squares(&[8], &[]);
    let both = rank_squares(&[8, 9], &["f9"]);
    let rank9 = rank_squares(&[9], &["f9"]);
    let cases: [(&str, &str, [BTreeSet<String>; 4]); 3] = [
        ("drop-ninth-rank", "may-not", [BTreeSet::new(), rank8.clone(), rank8.clone(), both.clone()]),
        ("drop-ninth-rank", "literal", [rank9, both.clone(), both.clone(), both.clone()]),
        ("barricade", "forward-square", [BTreeSet::new(), rank8.clone(), rank8.clone(), rank8.clone()]),
    ];
    for (reading, option, expected) in cases {
        let e = engine(&[(reading, option)]);
        let p = position(&e, 'b', "NLPG", &men);
        for (id, want) in ["N", "L", "P", "G"].iter().zip(expected.iter()) {
            assert_eq!(&top_drops(&e, &p, id), want, "{reading} = {option}: {id}");
        }
    }
}

/// Reading barricade, option actual-move ("no piece may be dropped where it has no actual move
/// in the position"; rejected by "may be barricaded") against the default empty-board-mobility.
/// An own General c5 stands in front of c4: a Pawn or Lance dropped on c4 has no move there
/// (but would have on an empty board); on g4, below the enemy Pawn g5, each can capture it.
/// Under actual-move exactly c4 is lost for both; the rest is as under the default.
#[test]
fn barricade_actual_move_bans_only_the_blocked_square() {
    let men = [("d1", "K"), ("c5", "G"), ("g5", "p"), ("f9", "k")];
    let base = squares_where(|f, r| r <= 8 && !first_palace(f, r) && !occupied(&men, f, r));
    let e = engine(&[]);
    let p = position(&e, 'b', "PL", &men);
    for id in ["P", "L"] {
        assert_eq!(drop_squares(&e, &p, id), base, "default: {id}");
    }
    let e = engine(&[("barricade", "actual-move")]);
    let p = position(&e, 'b', "PL", &men);
    let mut without_c4 = base.clone();
    without_c4.remove("c4");
    for id in ["P", "L"] {
        let got = drop_squares(&e, &p, id);
        assert!(got.contains("g4"), "actual-move: {id} on g4 can capture g5");
        assert_eq!(got, without_c4, "actual-move: {id}");
    }
}

// ---------------------------------------------------------------------------------------------
// Palace confinement
// ---------------------------------------------------------------------------------------------

/// SHO-3/4 "K is for the King, which steps one square in any direction but is confined to the
/// Palace" and SHO-8/9 "A is for Advisor which steps one square diagonally ... is confined to
/// the Palace". King e2 (centre): 8 steps. King d2 (edge): c1, c2, c3 are outside: 5. Advisor
/// f1: e2 only (g2 outside). The second player's king f8 (Palace d7-f9): e7, e8, e9, f7, f9.
#[test]
fn king_and_advisor_are_confined_to_their_palace() {
    let e = engine(&[]);
    let p = position(&e, 'b', "-", &[("e2", "K"), ("f8", "k")]);
    assert_eq!(
        moves_from(&e, &p, "e2"),
        sorted(&["K e2-d1", "K e2-d2", "K e2-d3", "K e2-e1", "K e2-e3", "K e2-f1", "K e2-f2", "K e2-f3"])
    );
    let p = position(&e, 'b', "-", &[("d2", "K"), ("f1", "A"), ("f8", "k")]);
    assert_eq!(moves_from(&e, &p, "d2"), sorted(&["K d2-d1", "K d2-d3", "K d2-e1", "K d2-e2", "K d2-e3"]));
    assert_eq!(moves_from(&e, &p, "f1"), sorted(&["A f1-e2"]));
    let p = position(&e, 'w', "-", &[("d2", "K"), ("f1", "A"), ("f8", "k"), ("d9", "a")]);
    assert_eq!(moves_from(&e, &p, "f8"), sorted(&["K f8-e7", "K f8-e8", "K f8-e9", "K f8-f7", "K f8-f9"]));
    assert_eq!(moves_from(&e, &p, "d9"), sorted(&["A d9-e8"]));
}

/// Reading palace-pieces: default king-advisor (SHO-10 says nothing of a Palace for the
/// General), option king-advisor-general. General d2 (FfW): c1, c3, d3, e3 (e1 is the own
/// King); confined, the c-file squares are lost.
#[test]
fn the_general_is_free_unless_the_palace_pieces_reading_confines_it() {
    let men = [("e1", "K"), ("d2", "G"), ("f9", "k")];
    let e = engine(&[]);
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "d2"), sorted(&["G d2-c1", "G d2-c3", "G d2-d3", "G d2-e3"]), "e1 is the own King");
    let e = engine(&[("palace-pieces", "king-advisor-general")]);
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "d2"), sorted(&["G d2-d3", "G d2-e3"]));
}

// ---------------------------------------------------------------------------------------------
// The flying King
// ---------------------------------------------------------------------------------------------

/// SHO-7 "if the two Kings face each other on an otherwise open file, one King may shoot the
/// other from a distance, once again Captured." Reading flying-king: default shoot-in-place
/// (the King captures without moving: `K e2-e2 x e8`), option move-capture (`K e2xe8`). The
/// capture ends the game (SHO-43 "The game ends when one King is Captured; the other player
/// wins").
#[test]
fn facing_kings_shoot_or_fly_and_the_capture_ends_the_game() {
    let steps = ["K e2-d1", "K e2-d2", "K e2-d3", "K e2-e1", "K e2-e3", "K e2-f1", "K e2-f2", "K e2-f3"];
    for (option, shot, ends_on) in [("shoot-in-place", "K e2-e2 x e8", "e2"), ("move-capture", "K e2xe8", "e8")] {
        let e = engine(&[("flying-king", option)]);
        let mut p = position(&e, 'b', "-", &[("e2", "K"), ("e8", "k")]);
        let mut expected = steps.to_vec();
        expected.push(shot);
        assert_eq!(moves_from(&e, &p, "e2"), sorted(&expected), "{option}");
        let (ply, outcome) = play(&e, &mut p, &[shot]).expect("the capture ends the game");
        assert_eq!(ply, 1);
        assert!(matches!(outcome, Outcome::Win(Color::Black, _)), "{option}: {outcome:?}");
        assert_eq!(p.at(sq(ends_on)).map(|m| e.piece(m.piece).id.clone()), Some("K".to_string()), "{option}");
        assert!(p.at(sq("e8")).is_none_or(|m| m.player == Color::Black), "{option}: the king e8 is gone");
    }
}

/// "on an otherwise open file": a man of either side between the Kings blocks the shot; the
/// King keeps its 8 steps only.
#[test]
fn a_man_between_the_kings_blocks_the_shot() {
    let e = engine(&[]);
    let steps = sorted(&["K e2-d1", "K e2-d2", "K e2-d3", "K e2-e1", "K e2-e3", "K e2-f1", "K e2-f2", "K e2-f3"]);
    for between in ["P", "p"] {
        let p = position(&e, 'b', "-", &[("e2", "K"), ("e5", between), ("e8", "k")]);
        assert_eq!(moves_from(&e, &p, "e2"), steps, "{between} on e5");
        assert!(!e.in_check(&p, Color::Black) && !e.in_check(&p, Color::White));
    }
}

/// Facing counts as an attack (reading flying-king: "in both options the facing King attacks
/// the other"): both Kings are in check on the open file. SHO-6 "It may move into check" (reading
/// move-into-check, default all-legal): the General e5 between the Kings may step off the file
/// (d4, f4, d6, f6) as well as to e6. Under move-into-check = illegal (and king-only, where a
/// piece other than the King may not expose it) only G e5-e6 remains. A King stepping onto the
/// open file: King d2 against king e8 may step to e1, e2, e3 by default, not under illegal.
#[test]
fn facing_is_an_attack_and_opening_the_file_is_illegal_only_under_move_into_check_illegal() {
    let e = engine(&[]);
    let p = position(&e, 'b', "-", &[("e2", "K"), ("e8", "k")]);
    assert!(e.in_check(&p, Color::Black) && e.in_check(&p, Color::White));

    let men = [("e2", "K"), ("e5", "G"), ("e8", "k")];
    let all = sorted(&["G e5-d4", "G e5-f4", "G e5-d6", "G e5-e6", "G e5-f6"]);
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "e5"), all);
    for option in ["illegal", "king-only"] {
        let strict = engine(&[("move-into-check", option)]);
        let p = position(&strict, 'b', "-", &men);
        assert_eq!(moves_from(&strict, &p, "e5"), sorted(&["G e5-e6"]), "{option}");
    }

    let men = [("d2", "K"), ("e8", "k")];
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "d2"), sorted(&["K d2-d1", "K d2-d3", "K d2-e1", "K d2-e2", "K d2-e3"]));
    let strict = engine(&[("move-into-check", "illegal")]);
    let p = position(&strict, 'b', "-", &men);
    assert_eq!(moves_from(&strict, &p, "d2"), sorted(&["K d2-d1", "K d2-d3"]));
}

// ---------------------------------------------------------------------------------------------
// Cannon and Fóðētu
// ---------------------------------------------------------------------------------------------

/// SHO-20 "C is for Cannon, which moves any number of squares orthogonally, without capturing,
/// or else captures orthogonally after leaping over exactly one piece, friend or foe."
/// Cannon c4. Up: slides c5, c6; over the enemy Pawn c7 it captures the lance c9 (zone: with
/// or without promotion, SHO-27) but not c7 itself (no screen). Down: c3, c2, c1. Right: d4;
/// over the own Pawn e4 it captures the general g4, not the Pawn i4 (two screens). Left: the
/// enemy Pawn b4 is the screen, the rook a4 the victim. 6 slides + 4 captures = 10.
#[test]
fn cannon_slides_without_capturing_and_captures_over_exactly_one_screen() {
    let e = engine(&[]);
    let men = [("c4", "C"), ("c7", "p"), ("c9", "l"), ("e4", "P"), ("g4", "g"), ("i4", "p"), ("b4", "p"), ("a4", "r")];
    let p = position(&e, 'b', "-", &men);
    assert_eq!(
        moves_from(&e, &p, "c4"),
        sorted(&[
            "C c4-c5", "C c4-c6", "C c4-c3", "C c4-c2", "C c4-c1", "C c4-d4", "C c4xc9", "C c4xc9+", "C c4xg4",
            "C c4xa4"
        ])
    );
}

/// SHO-23 "It moves any number of squares diagonally, without capturing, or else captures
/// diagonally after leaping over exactly one piece, friend or foe." Fóðētu e5. Up-right: f6;
/// over the enemy Pawn g7 it captures the lance i9 (zone, ±), not g7. Up-left: over the own
/// Pawn d6 it captures the horse b8 (zone, ±), not the Pawn a9 (two screens). Down-right: f4,
/// g3, h2, i1. Down-left: d4; over the own General c3 the next man is the own Lance a1: no
/// capture. 6 slides + 4 captures = 10.
#[test]
fn fodetu_slides_without_capturing_and_captures_over_exactly_one_screen() {
    let e = engine(&[]);
    let men = [("e5", "F"), ("g7", "p"), ("i9", "l"), ("d6", "P"), ("b8", "n"), ("a9", "p"), ("c3", "G"), ("a1", "L")];
    let p = position(&e, 'b', "-", &men);
    assert_eq!(
        moves_from(&e, &p, "e5"),
        sorted(&[
            "F e5-f6", "F e5-f4", "F e5-g3", "F e5-h2", "F e5-i1", "F e5-d4", "F e5xi9", "F e5xi9+", "F e5xb8",
            "F e5xb8+"
        ])
    );
}

/// The moves of a lone long-range piece on e5 along `lines` (unit steps) to the edge of an
/// otherwise empty board, as texts `{id} e5-xx`.
fn slides_from_e5(id: &str, lines: &[(i32, i32)]) -> Vec<String> {
    let mut out = Vec::new();
    for &(df, dr) in lines {
        let (mut f, mut r) = (4 + df, 4 + dr);
        while (0..9).contains(&f) && (0..9).contains(&r) {
            out.push(format!("{id} e5-{}{}", (b'a' + f as u8) as char, r + 1));
            f += df;
            r += dr;
        }
    }
    out
}

/// SHO-21 "Promotion adds the ability to step one square diagonally as long as it does not
/// capture." and SHO-24 (the Fóðētu: "one square orthogonally as long as it does not
/// capture"). Reading screen-piece-step: default step-without-capture, option step-captures.
/// Promoted Cannon e5 with enemy Pawns on d6 and f6 (its diagonal neighbours), d4 and f4
/// empty: 16 orthogonal slides + steps d4, f4 (18); the Pawns only under step-captures (20).
/// Promoted Fóðētu e5 with enemy Pawns e6 and d5, e4 and f5 empty: 16 diagonal slides + e4,
/// f5; the Pawns only under step-captures. Promoted pieces do not promote again.
#[test]
fn promoted_guns_step_without_capturing_unless_the_step_captures_reading() {
    let orthogonal = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    for (option, captures) in [("step-without-capture", false), ("step-captures", true)] {
        let e = engine(&[("screen-piece-step", option)]);
        let p = position(&e, 'b', "-", &[("e5", "+C"), ("d6", "p"), ("f6", "p")]);
        let mut expected = slides_from_e5("+C", &orthogonal);
        assert_eq!(expected.len(), 16);
        expected.extend(["+C e5-d4".to_string(), "+C e5-f4".to_string()]);
        if captures {
            expected.extend(["+C e5xd6".to_string(), "+C e5xf6".to_string()]);
        }
        expected.sort();
        assert_eq!(moves_from(&e, &p, "e5"), expected, "{option}: promoted Cannon");

        let p = position(&e, 'b', "-", &[("e5", "+F"), ("e6", "p"), ("d5", "p")]);
        let mut expected = slides_from_e5("+F", &diagonal);
        assert_eq!(expected.len(), 16);
        expected.extend(["+F e5-e4".to_string(), "+F e5-f5".to_string()]);
        if captures {
            expected.extend(["+F e5xe6".to_string(), "+F e5xd5".to_string()]);
        }
        expected.sort();
        assert_eq!(moves_from(&e, &p, "e5"), expected, "{option}: promoted Fóðētu");
    }
}

/// Reading cannon-screen: default xiangqi-screen ("exactly one piece, friend or foe", any
/// piece), option janggi-screen (a Cannon or Fóðētu may not use another gun as its screen).
/// Cannon a1: up a2, then over the own Fóðētu a3 onto the Pawn a6; right over the own Pawn b1
/// onto the general d1 (a Pawn screen: allowed under both). Fóðētu a3: b2, c1, b4, then over
/// the enemy Cannon c5 onto the Pawn e7 (zone, ±).
const GUN_SCREENS: [(&str, &str); 7] =
    [("a1", "C"), ("a3", "F"), ("a6", "p"), ("b1", "P"), ("d1", "g"), ("c5", "c"), ("e7", "p")];

fn gun_moves(option: &str) -> (Vec<String>, Vec<String>) {
    let e = engine(&[("cannon-screen", option)]);
    let p = position(&e, 'b', "-", &GUN_SCREENS);
    (moves_from(&e, &p, "a1"), moves_from(&e, &p, "a3"))
}

#[test]
fn a_gun_may_screen_a_gun_under_the_default_cannon_screen_reading() {
    assert_eq!(
        gun_moves("xiangqi-screen"),
        (sorted(&["C a1-a2", "C a1xa6", "C a1xd1"]), sorted(&["F a3-b2", "F a3-c1", "F a3-b4", "F a3xe7", "F a3xe7+"]))
    );
}

#[test]

fn a_gun_may_not_screen_a_gun_under_the_janggi_screen_reading() {
    assert_eq!(
        gun_moves("janggi-screen"),
        (sorted(&["C a1-a2", "C a1xd1"]), sorted(&["F a3-b2", "F a3-c1", "F a3-b4"]))
    );
}

/// SHO-12 "N is for Horse, which leaps two squares forward and one to the side, like in Shogi"
/// and SHO-13 "the promoted version moves as a Knight in Chess". Reading horse-leap: default
/// leaper, option lame (xiangqi: the orthogonal square next to the Horse along the long leg
/// must be empty). Horse e4 with an own Pawn e5: d6, f6 by default, nothing when lame.
/// Promoted Horse e5 with an own Pawn e6: 8 knight squares by default; lame loses d7 and f7.
#[test]
fn the_horse_leaps_unless_the_lame_reading() {
    let knight = ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"];
    for (option, lame) in [("leaper", false), ("lame", true)] {
        let e = engine(&[("horse-leap", option)]);
        let p = position(&e, 'b', "-", &[("e4", "N"), ("e5", "P")]);
        let horse = if lame { vec![] } else { sorted(&["N e4-d6", "N e4-f6"]) };
        assert_eq!(moves_from(&e, &p, "e4"), horse, "{option}");
        let p = position(&e, 'b', "-", &[("e5", "+N"), ("e6", "P")]);
        let mut expected: Vec<String> =
            knight.iter().filter(|s| !(lame && (**s == "d7" || **s == "f7"))).map(|s| format!("+N e5-{s}")).collect();
        expected.sort();
        assert_eq!(moves_from(&e, &p, "e5"), expected, "{option}");
    }
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

/// SHO-27 "Promotion is optional when a promotable piece has advanced to at least the seventh
/// rank." SHO-28 "Unpromoted Pawns and Lances must promote if and when they reach the ninth",
/// SHO-29 "and unpromoted Horses must promote on the eighth or ninth". SHO-11 (the General)
/// "Unlike the Silver, it does not promote."
#[test]
fn promotion_is_optional_on_ranks_7_to_9_and_forced_where_the_document_says() {
    let e = engine(&[]);
    let men = [
        ("e1", "K"),
        ("c6", "P"),
        ("e8", "P"),
        ("g6", "L"),
        ("b6", "N"),
        ("h5", "N"),
        ("i7", "N"),
        ("d6", "G"),
        ("f9", "k"),
    ];
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "c6"), sorted(&["P c6-c7", "P c6-c7+"]));
    assert_eq!(moves_from(&e, &p, "e8"), sorted(&["P e8-e9+"]));
    assert_eq!(moves_from(&e, &p, "g6"), sorted(&["L g6-g7", "L g6-g7+", "L g6-g8", "L g6-g8+", "L g6-g9+"]));
    assert_eq!(moves_from(&e, &p, "b6"), sorted(&["N b6-a8+", "N b6-c8+"]));
    assert_eq!(moves_from(&e, &p, "h5"), sorted(&["N h5-g7", "N h5-g7+"]), "i7 is the own Horse");
    assert_eq!(moves_from(&e, &p, "i7"), sorted(&["N i7-h9+"]));
    assert_eq!(moves_from(&e, &p, "d6"), sorted(&["G d6-c7", "G d6-d7", "G d6-e7", "G d6-c5", "G d6-e5"]));
}

/// Reading general-promotion: default never (SHO-11), option like-silver (the General promotes
/// to the promoted Pawn's move on moves ending in the zone).
#[test]
fn the_general_promotes_only_under_the_like_silver_reading() {
    let men = [("e1", "K"), ("d6", "G"), ("f9", "k")];
    let e = engine(&[]);
    let p = position(&e, 'b', "-", &men);
    assert_eq!(moves_from(&e, &p, "d6"), sorted(&["G d6-c7", "G d6-d7", "G d6-e7", "G d6-c5", "G d6-e5"]));
    let e = engine(&[("general-promotion", "like-silver")]);
    let p = position(&e, 'b', "-", &men);
    assert_eq!(
        moves_from(&e, &p, "d6"),
        sorted(&["G d6-c7", "G d6-c7+", "G d6-d7", "G d6-d7+", "G d6-e7", "G d6-e7+", "G d6-c5", "G d6-e5"])
    );
}

/// Reading promotion-trigger, default ends-in-zone ("has advanced to at least the seventh
/// rank"): a move starting in the zone and leaving it does not promote; one staying in it may.
/// Rook a8: a9, a7 and b8-i8 (10 squares, each ±) + a6-a1 (6, plain) = 26. Bishop e7: d8, c9,
/// f8, g9 (±) + d6, c5, b4, a3, f6, g5, h4, i3 (plain) = 16.
#[test]
fn a_move_leaving_the_zone_does_not_promote() {
    let e = engine(&[]);
    let p = position(&e, 'b', "-", &[("d1", "K"), ("a8", "R"), ("e7", "B"), ("f9", "k")]);
    let mut rook: Vec<String> = ["a6", "a5", "a4", "a3", "a2", "a1"].iter().map(|s| format!("R a8-{s}")).collect();
    for s in ["a9", "a7", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8"] {
        rook.push(format!("R a8-{s}"));
        rook.push(format!("R a8-{s}+"));
    }
    rook.sort();
    assert_eq!(rook.len(), 26);
    assert_eq!(moves_from(&e, &p, "a8"), rook);
    let mut bishop: Vec<String> =
        ["d6", "c5", "b4", "a3", "f6", "g5", "h4", "i3"].iter().map(|s| format!("B e7-{s}")).collect();
    for s in ["d8", "c9", "f8", "g9"] {
        bishop.push(format!("B e7-{s}"));
        bishop.push(format!("B e7-{s}+"));
    }
    bishop.sort();
    assert_eq!(moves_from(&e, &p, "e7"), bishop);
}

/// The second player's zone is its ranks 7-9, i.e. the board's ranks 3-1 ("your promotion
/// zone", rotated): p c4-c3 is optional, p g2-g1 forced (its ninth rank), the horse b4 must
/// promote on a2 and c2 (its eighth rank).
#[test]
fn the_second_players_zone_and_forced_ranks_are_rotated() {
    let e = engine(&[]);
    let p = position(&e, 'w', "-", &[("d1", "K"), ("c4", "p"), ("g2", "p"), ("b4", "n"), ("f9", "k")]);
    assert_eq!(moves_from(&e, &p, "c4"), sorted(&["P c4-c3", "P c4-c3+"]));
    assert_eq!(moves_from(&e, &p, "g2"), sorted(&["P g2-g1+"]));
    assert_eq!(moves_from(&e, &p, "b4"), sorted(&["N b4-a2+", "N b4-c2+"]));
}

// ---------------------------------------------------------------------------------------------
// Game end
// ---------------------------------------------------------------------------------------------

/// SHO-43 "The game ends when one King is Captured; the other player wins." A capture of any
/// other man does not end the game.
#[test]
fn capturing_a_king_ends_the_game_and_other_captures_do_not() {
    let e = engine(&[]);
    let men = [("d1", "K"), ("a8", "R"), ("e8", "k"), ("a5", "p")];
    let mut p = position(&e, 'b', "-", &men);
    assert!(play(&e, &mut p, &["R a8xa5"]).is_none());
    let mut p = position(&e, 'b', "-", &men);
    let (ply, outcome) = play(&e, &mut p, &["R a8xe8"]).expect("the king is captured");
    assert_eq!(ply, 1);
    assert!(matches!(outcome, Outcome::Win(Color::Black, _)), "{outcome:?}");
    // The second player capturing the first player's King.
    let mut p = position(&e, 'w', "-", &[("d1", "K"), ("d9", "r"), ("f9", "k")]);
    let (_, outcome) = play(&e, &mut p, &["R d9xd1"]).expect("the King is captured");
    assert!(matches!(outcome, Outcome::Win(Color::White, _)), "{outcome:?}");
}

/// SHO-42 "Perpetual check, where you hound the enemy King endlessly, is not permitted."
/// Readings perpetual-check-detect (fourfold-all-checks) and perpetual-check-result
/// (checker-loses). The second player's king shuffles e9-d9-e9, the first player's Rook
/// follows on rank 5 and checks up the king's file with every move; the start (second player to
/// move) recurs at plies 4, 8, 12: the fourth occurrence is at ply 12, and the checker (the
/// first player) loses. Reading perpetual-vs-impasse = impasse-first scores the same
/// repetition instead: 5 points (the Rook) to 0, neither above 34: a draw (SHO-47).
#[test]
fn perpetual_check_loses_for_the_checker_on_the_fourth_occurrence() {
    let men = [("f1", "K"), ("e5", "R"), ("e9", "k")];
    let cycle = ["K e9-d9", "R e5-d5", "K d9-e9", "R d5-e5"];
    let moves: Vec<&str> = cycle.iter().cycle().take(40).copied().collect();
    let e = engine(&[]);
    let mut p = position(&e, 'w', "-", &men);
    let (ply, outcome) = play(&e, &mut p, &moves).expect("the game ends");
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Win(Color::White, _)), "{outcome:?}");

    let e = engine(&[("perpetual-vs-impasse", "impasse-first")]);
    let mut p = position(&e, 'w', "-", &men);
    let (ply, outcome) = play(&e, &mut p, &moves).expect("the game ends");
    assert_eq!(ply, 12);
    match outcome {
        Outcome::Draw(why) => assert!(why.contains("impasse: 5 to 0 points"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Reading perpetual-check-result = must-deviate: "the move that would complete the perpetual
/// check is not generated; the checker must play another move". The cycle above: the start
/// (second player to move) recurs at plies 4 and 8, and Rook d5-e5 at ply 12 would make its
/// fourth occurrence with every Rook move a check. So after ply 11 that one move is missing from
/// the game's moves (it is in the position's legal moves, which know no history), every other
/// move is there, and nothing ended before. Under checker-loses the move is there and loses.
#[test]
fn must_deviate_takes_out_the_check_that_would_complete_the_perpetual_check() {
    let men = [("f1", "K"), ("e5", "R"), ("e9", "k")];
    let cycle = ["K e9-d9", "R e5-d5", "K d9-e9", "R d5-e5"];
    for (option, banned) in [("must-deviate", true), ("checker-loses", false)] {
        let e = engine(&[("perpetual-check-result", option)]);
        let mut p = position(&e, 'w', "-", &men);
        let mut history = e.start_history(&p);
        for (ply, text) in cycle.iter().cycle().take(11).enumerate() {
            let moves = e.game_moves(&p, &history);
            let mv = moves
                .iter()
                .find(|m| e.move_text(m) == *text)
                .unwrap_or_else(|| panic!("{option}: ply {} {text} is not in the game's moves", ply + 1))
                .clone();
            e.make(&mut p, &mv, &mut Vec::new());
            assert_eq!(e.status_after(&p, &mv, &mut history), None, "{option}: the game ended at ply {}", ply + 1);
        }
        let legal: BTreeSet<String> = e.legal_moves(&p).iter().map(|m| e.move_text(m)).collect();
        let game: BTreeSet<String> = e.game_moves(&p, &history).iter().map(|m| e.move_text(m)).collect();
        assert!(legal.contains("R d5-e5"), "{option}: {legal:?}");
        let missing: BTreeSet<String> = legal.difference(&game).cloned().collect();
        let expected = if banned { set(&["R d5-e5"]) } else { BTreeSet::new() };
        assert_eq!(missing, expected, "{option}");
        assert!(game.is_subset(&legal), "{option}");
        if !banned {
            let mv = e.legal_moves(&p).into_iter().find(|m| e.move_text(m) == "R d5-e5").expect("legal");
            e.make(&mut p, &mv, &mut Vec::new());
            assert!(
                matches!(e.status_after(&p, &mv, &mut history), Some(Outcome::Win(Color::White, _))),
                "{option}: the checker loses"
            );
        }
    }
}

/// must-deviate bans only the checker's move: where the defender's reply makes the fourth
/// occurrence, nothing is banned (it may be the only way out of check) and SHO-45 "Four-fold
/// repetition is an impasse" decides. Black's Gold checks from c7 (diagonally forward of d8)
/// and from d6 (below d7) while White's King steps d8-d7-d8; the start (Black to move) recurs
/// at plies 4, 8 and 12, the last made by White's King. Under checker-loses Black loses there;
/// under must-deviate the impasse count is 1 point (the Gold) to 0, neither reaching 35 (reading
/// impasse-threshold, default more-than-34): a draw.
#[test]
fn must_deviate_leaves_a_repetition_the_defender_completes_to_the_impasse() {
    let men = [("e1", "K"), ("d6", "G"), ("d8", "k")];
    let cycle = ["G d6-c7", "K d8-d7", "G c7-d6", "K d7-d8"];
    for option in ["must-deviate", "checker-loses"] {
        let e = engine(&[("perpetual-check-result", option)]);
        let mut p = position(&e, 'b', "-", &men);
        let mut history = e.start_history(&p);
        let mut last = None;
        for (ply, text) in cycle.iter().cycle().take(12).enumerate() {
            assert_eq!(last, None, "{option}: the game ended before ply {}", ply + 1);
            let moves = e.game_moves(&p, &history);
            let mv = moves
                .iter()
                .find(|m| e.move_text(m) == *text)
                .unwrap_or_else(|| panic!("{option}: ply {} {text} is not in the game's moves", ply + 1))
                .clone();
            e.make(&mut p, &mv, &mut Vec::new());
            last = e.status_after(&p, &mv, &mut history);
        }
        match (option, last) {
            ("must-deviate", Some(Outcome::Draw(why))) => assert!(why.contains("impasse: 1 to 0 points"), "{why}"),
            ("checker-loses", Some(Outcome::Win(Color::White, why))) => {
                assert!(why.contains("perpetual check"), "{why}")
            }
            (_, other) => panic!("{option}: {other:?}"),
        }
    }
}

#[test]
fn the_perpetual_check_detect_readings_decide_when_the_checker_loses() {
    // SHO-42 "Perpetual check, where you hound the enemy King endlessly, is not permitted."
    // The same cycle as above: the first player's Rook gives check on every one of its moves
    // (plies 2, 4, 6, 8 ...), and the start position recurs at plies 4, 8 and 12.
    // threefold-all-checks: the third occurrence (ply 8) with every Rook move a check.
    // consecutive-checks: the fourth check in a row (ply 8), repetition or not.
    let men = [("f1", "K"), ("e5", "R"), ("e9", "k")];
    let cycle = ["K e9-d9", "R e5-d5", "K d9-e9", "R d5-e5"];
    let moves: Vec<&str> = cycle.iter().cycle().take(40).copied().collect();
    for (option, why) in [
        ("threefold-all-checks", "every move of the repeating player gave check"),
        ("consecutive-checks", "4 checks in a row"),
    ] {
        let e = engine(&[("perpetual-check-detect", option)]);
        let mut p = position(&e, 'w', "-", &men);
        let (ply, outcome) = play(&e, &mut p, &moves).expect("the game ends");
        assert_eq!(ply, 8, "{option}");
        match outcome {
            Outcome::Win(Color::White, text) => assert!(text.contains(why), "{option}: {text}"),
            other => panic!("{option}: {other:?}"),
        }
    }
    // consecutive-checks counts only an unbroken run: the Rook checks three times, then
    // steps away without check (d5-a5, the King on e9), and the game goes on.
    let e = engine(&[("perpetual-check-detect", "consecutive-checks")]);
    let mut p = position(&e, 'w', "-", &[("f1", "K"), ("a5", "R"), ("e9", "k")]);
    let quiet = ["K e9-d9", "R a5-d5", "K d9-e9", "R d5-e5", "K e9-d9", "R e5-d5", "K d9-e9", "R d5-a5", "K e9-d9"];
    assert!(play(&e, &mut p, &quiet).is_none(), "three checks and a quiet move are no perpetual check");
}

/// The first player's men for the impasse counts, chosen so that none attacks the king's
/// squares f8/f9 (the count must come from a plain repetition, not a perpetual check).
/// SHO-46 "five points for each Cannon, Fóðētu, Rook, and Bishop": Rook a3, Cannon b3,
/// promoted Rook c3, promoted Cannon g3, Bishop h3 = 25 (reading impasse-scope, default
/// board-base-type: promoted ones score 5).
const FIVES: [(&str, &str); 5] = [("a3", "R"), ("b3", "C"), ("c3", "+R"), ("g3", "+C"), ("h3", "B")];
/// "and one point for every other non-royal piece": Pawn a4, Lance b4, Horse c4, promoted Pawn
/// d4, promoted Horse e4, General g4, Pawn h4, promoted Lance i4, Advisor e2, General f2 = 10.
const ONES: [(&str, &str); 10] = [
    ("a4", "P"),
    ("b4", "L"),
    ("c4", "N"),
    ("d4", "+P"),
    ("e4", "+N"),
    ("g4", "G"),
    ("h4", "P"),
    ("i4", "+L"),
    ("e2", "A"),
    ("f2", "G"),
];

/// The same men for the second player, rotated 180 degrees (lower case).
fn rotated(men: &[(&str, &str)]) -> Vec<(String, String)> {
    men.iter()
        .map(|(s, id)| {
            let s = sq(s);
            (format!("{}{}", (b'a' + 8 - s.file) as char, 9 - s.rank), id.to_lowercase())
        })
        .collect()
}

/// Kings d1 and f9 shuffle d1-d2 and f9-f8 (never on one file): the start recurs at plies 4,
/// 8 and 12. Returns the outcome, which must come at ply 12 (SHO-45 "Four-fold repetition is an
/// impasse").
fn impasse(e: &Engine, first: &[(&str, &str)], second: &[(String, String)], hands: &str) -> Outcome {
    let mut men: Vec<(&str, &str)> = vec![("d1", "K"), ("f9", "k")];
    men.extend_from_slice(first);
    men.extend(second.iter().map(|(s, id)| (s.as_str(), id.as_str())));
    let mut p = position(e, 'b', hands, &men);
    let cycle = ["K d1-d2", "K f9-f8", "K d2-d1", "K f8-f9"];
    let moves: Vec<&str> = cycle.iter().cycle().take(40).copied().collect();
    let (ply, outcome) = play(e, &mut p, &moves).expect("the game ends");
    assert_eq!(ply, 12, "{outcome:?}");
    outcome
}

/// The outcome with its point tally checked against the hand count.
fn assert_impasse(outcome: &Outcome, winner: Option<Color>, first: u32, second: u32) {
    let why = match (outcome, winner) {
        (Outcome::Win(w, why), Some(x)) if *w == x => why,
        (Outcome::Draw(why), None) => why,
        _ => panic!("expected {winner:?} with {first} to {second}, got {outcome:?}"),
    };
    assert!(why.contains(&format!("impasse: {first} to {second} points")), "{why}");
}

/// SHO-47 "If both players have scores above 34, or if neither do, the game is a draw" and
/// SHO-48 "otherwise the player with a score above 34 wins." Kings score nothing ("every other
/// non-royal piece").
#[test]
fn fourfold_repetition_is_scored_by_the_impasse_count() {
    let e = engine(&[]);
    let all: Vec<(&str, &str)> = FIVES.iter().chain(ONES.iter()).copied().collect();
    // Neither: kings only, 0 to 0.
    assert_impasse(&impasse(&e, &[], &[], "-"), None, 0, 0);
    // First player 25 + 10 = 35, second 0: the first player wins.
    assert_impasse(&impasse(&e, &all, &[], "-"), Some(Color::Black), 35, 0);
    // The second player alone above 34: the second player wins.
    assert_impasse(&impasse(&e, &[], &rotated(&all), "-"), Some(Color::White), 0, 35);
    // Both 35: a draw.
    assert_impasse(&impasse(&e, &all, &rotated(&all), "-"), None, 35, 35);
    // Neither above 34 with material on both sides: 25 to 25.
    assert_impasse(&impasse(&e, &FIVES, &rotated(&FIVES), "-"), None, 25, 25);
}

/// Reading impasse-threshold: "above 34" (default more-than-34: 35 needed) or 34-or-more.
/// First player 25 + 9 ones (the General f2 left out) = 34, second player 0.
#[test]
fn exactly_34_points_wins_only_under_the_34_or_more_reading() {
    let first: Vec<(&str, &str)> = FIVES.iter().chain(ONES.iter()).copied().filter(|(s, _)| *s != "f2").collect();
    assert_impasse(&impasse(&engine(&[]), &first, &[], "-"), None, 34, 0);
    assert_impasse(
        &impasse(&engine(&[("impasse-threshold", "34-or-more")]), &first, &[], "-"),
        Some(Color::Black),
        34,
        0,
    );
}

/// Reading impasse-scope: default board-base-type ("the pieces they have on the board": the
/// hand scores nothing), option board-and-hand (a Rook in hand scores 5). First player 25 + 5
/// ones on the board = 30 and a Rook in hand (never dropped: the kings shuffle): 30 by default
/// (draw), 35 counting the hand (the first player wins). Option promoted-count-one: the
/// promoted Rook and promoted Cannon score 1, so the 35 of the full set become 27 (draw).
#[test]
fn the_impasse_scope_reading_decides_what_scores() {
    let first: Vec<(&str, &str)> = FIVES.iter().chain(ONES[..5].iter()).copied().collect();
    assert_impasse(&impasse(&engine(&[]), &first, &[], "R"), None, 30, 0);
    assert_impasse(
        &impasse(&engine(&[("impasse-scope", "board-and-hand")]), &first, &[], "R"),
        Some(Color::Black),
        35,
        0,
    );
    let all: Vec<(&str, &str)> = FIVES.iter().chain(ONES.iter()).copied().collect();
    assert_impasse(&impasse(&engine(&[("impasse-scope", "promoted-count-one")]), &all, &[], "-"), None, 27, 0);
}
