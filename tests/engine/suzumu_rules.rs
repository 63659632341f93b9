//! Hand-built positions for the reference engine under Suzumu Shogi (specs/suzumu.toml,
//! document ../shared/seeds/000_116ea7fedabdbe2a.txt) and Mitsugumi Shogi (specs/mitsugumi.toml,
//! document ../shared/seeds/001_bbc26209d8e27e8f.txt).
//!
//! Every expected move list below is counted by hand from the document's words (the clause is
//! cited and quoted above each test) on a board with only a few men, never copied from the
//! engine. Moves are compared as sorted move texts (`FD c8xj8 x i9,j9`: moved c8 to j8, captured
//! on j8 and also on i9 and j9; `LN a1-a1 x b2`: igui; `LN a1-a1`: pass; a trailing `+`:
//! promotes). A reading that changes what is legal is tested under each of its options.
//!
//! Squares: files a.. from the first player's left, ranks 1.. from the first player's side.
//! Upper-case ids are the first player's (Black, moving up), lower-case the second player's.

use crate::common;
use kensho::Color;

use common::{find, moves_from, rows, sorted, sq, texts};
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Move, MoveKind, Position};
use kensho::geometry::Square;
use kensho::spec::LoadedSpec;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const SUZUMU: &str = "specs/suzumu.toml";
const MITSUGUMI: &str = "specs/mitsugumi.toml";

fn loaded(spec: &str) -> &'static LoadedSpec {
    static SUZ: OnceLock<LoadedSpec> = OnceLock::new();
    static MIT: OnceLock<LoadedSpec> = OnceLock::new();
    let cell = if spec == SUZUMU { &SUZ } else { &MIT };
    cell.get_or_init(|| kensho::spec::load(Path::new(spec)).unwrap_or_else(|e| panic!("{spec}: {e:?}")))
}

/// The engine for `spec` with these reading choices (others at their defaults).
fn engine(spec: &str, choices: &[(&str, &str)]) -> Engine {
    common::engine_with(loaded(spec), choices)
}

/// The position string of a board holding only `men` (square, id; upper case = first player;
/// every id written in parentheses), `side` to move, `skips` = "" or "~b" / "~w" / "~bw".
fn position_text(e: &Engine, side: char, skips: &str, men: &[(&str, &str)]) -> String {
    let men: Vec<(Square, String)> = men.iter().map(|&(square, id)| (sq(square), format!("({id})"))).collect();
    let mut text = format!("{} {side} - 1", rows(e.game.board, &men));
    if !skips.is_empty() {
        text.push(' ');
        text.push_str(skips);
    }
    text
}

fn position(e: &Engine, side: char, skips: &str, men: &[(&str, &str)]) -> Position {
    let text = position_text(e, side, skips, men);
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The legal moves from `from` to any of `dests`, as sorted texts.
fn moves_to(e: &Engine, p: &Position, from: &str, dests: &[&str]) -> Vec<String> {
    let (from, dests): (Square, Vec<Square>) = (sq(from), dests.iter().map(|d| sq(d)).collect());
    texts(e, e.legal_moves(p).iter().filter(|m| m.from == Some(from) && m.to.is_some_and(|t| dests.contains(&t))))
}

fn sorted_owned(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The captured squares of every legal move from `from` to `to` (one set per move).
fn capture_sets(e: &Engine, p: &Position, from: &str, to: &str) -> BTreeSet<Vec<String>> {
    let (from, to) = (sq(from), sq(to));
    let moves: Vec<Move> = e.legal_moves(p).into_iter().filter(|m| m.from == Some(from) && m.to == Some(to)).collect();
    let sets: BTreeSet<Vec<String>> = moves
        .iter()
        .map(|m| {
            let mut c: Vec<String> = m.captures.iter().map(|(s, _)| s.name()).collect();
            c.sort();
            c
        })
        .collect();
    assert_eq!(sets.len(), moves.len(), "one capture set listed twice among {from}-{to}");
    sets
}

fn sets(list: &[&[&str]]) -> BTreeSet<Vec<String>> {
    list.iter()
        .map(|s| {
            let mut v: Vec<String> = s.iter().map(|x| x.to_string()).collect();
            v.sort();
            v
        })
        .collect()
}

/// Every subset of `items` with at most `max` members, each joined with `fixed`.
fn subsets_up_to(fixed: &[&str], items: &[&str], max: usize) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    for mask in 0u32..(1 << items.len()) {
        if mask.count_ones() as usize > max {
            continue;
        }
        let mut v: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
        for (i, it) in items.iter().enumerate() {
            if mask & (1 << i) != 0 {
                v.push(it.to_string());
            }
        }
        v.sort();
        out.insert(v);
    }
    out
}

fn has(e: &Engine, p: &Position, text: &str) -> bool {
    e.legal_moves(p).iter().any(|m| e.move_text(m) == text)
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

// ---------------------------------------------------------------------------------------------
// 1. Fire Demon
// ---------------------------------------------------------------------------------------------

/// SUZ-103 "The Fire Demon can slide sideways or diagonally"; SUZ-104 "make an 'area move' - up
/// to 3 King steps in independently chosen directions, stopping at the first capture, including
/// returning to the starting square to skip a turn"; SUZ-171 "The King, Fire Demon, ... do not
/// promote".
///
/// A lone Fire Demon on h8. Hand count: the area move reaches every square of the 7x7 block
/// around h8 (48 squares, the board being empty); the slides go left 7 (g8..a8), right 8
/// (i8..p8), up-right 8 (i9..p16), up-left 7 (g9..a15), down-right 7 (i7..o1), down-left 7
/// (g7..a1), of which 3 per direction lie in the block: 44 - 18 = 26 more. No vertical slide:
/// h12..h16 and h1..h4 are out of reach. Plus the pass h8-h8: 48 + 26 + 1 = 75 moves. The slide
/// up-right ends in the promotion zone (ranks 12-16), but a Fire Demon never promotes.
#[test]
fn fire_demon_slides_and_area_move_on_an_empty_board() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("h8", "FD")]);
    let (f0, r0) = (7, 7);
    let mut dests = BTreeSet::new();
    for df in -3..=3 {
        for dr in -3..=3 {
            if (df, dr) != (0, 0) {
                dests.insert(name(f0 + df, r0 + dr));
            }
        }
    }
    for (df, dr) in [(-1, 0), (1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..16).contains(&f) && (0..16).contains(&r) {
            dests.insert(name(f, r));
            f += df;
            r += dr;
        }
    }
    let mut expected: Vec<String> = dests.iter().map(|d| format!("FD h8-{d}")).collect();
    expected.push("FD h8-h8".into());
    assert_eq!(expected.len(), 75, "hand count");
    assert_eq!(moves_from(&e, &p, "h8"), sorted_owned(expected));
    for far in ["h12", "h16", "h4", "h1"] {
        assert!(!has(&e, &p, &format!("FD h8-{far}")), "no vertical slide to {far}");
    }
}

/// SUZ-104 "stopping at the first capture"; SUZ-162 "can all skip a turn if at least one
/// adjacent igui or area move square is empty"; SUZ-106 "capture up to two adjacent opponents
/// without moving (double igui)".
///
/// Fire Demon a1 walled by its own Pawns on b1 and b2, an enemy Pawn on a2. Slides: right
/// stopped by b1, up-right by b2, the rest leave the board. Area move: the only first step is
/// the capture on a2, where the move stops (a3 and beyond need a step through a2). No burn
/// victims next to a2 (a3, b3 empty; b1, b2 own). Igui of a2. No pass: no empty neighbour.
#[test]
fn fire_demon_area_move_stops_at_the_first_capture() {
    for spec in [SUZUMU, MITSUGUMI] {
        let e = engine(spec, &[]);
        let p = position(&e, 'b', "", &[("a1", "FD"), ("b1", "P"), ("b2", "P"), ("a2", "p")]);
        assert_eq!(moves_from(&e, &p, "a1"), sorted(&["FD a1xa2", "FD a1-a1 x a2"]), "{spec}");
    }
}

/// The burn position: Black Fire Demon c8 (own Pawn h9); White Pawns j8, i9, j9, k7, White Fire
/// Demon k8 and promoted Water Buffalo (+WB, "fire demon") i7.
fn burn_men() -> Vec<(&'static str, &'static str)> {
    vec![("c8", "FD"), ("h9", "P"), ("j8", "p"), ("i9", "p"), ("j9", "p"), ("k7", "p"), ("k8", "fd"), ("i7", "+wb")]
}

/// SUZ-105 "it can move to another square and then capture up to two non-Fire Demon opponents
/// adjacent to that square without moving"; SUZ-6 "can optionally burn up to two non-Fire Demon
/// pieces of its choosing"; SUZ-107 "The Fire Demon cannot burn another Fire Demon"; reading
/// promoted-fire-demon = by-name (SUZ-98 'fire demon:+WB'): the +WB is a Fire Demon too.
/// Reading fd-burn-count = arrival-not-counted (SUZ-108 "can even capture other pieces after the
/// fact").
///
/// i8 (empty, reached by the slide c8-i8): neighbours with enemies i9, j8, j9 (burnable) and i7
/// (+WB, immune); h9 is own. Burns optional, at most two: {} + 3 singles + 3 pairs = 7 sets,
/// never all three.
/// j8 (enemy, the slide stops there and captures it): burnable neighbours i9, j9, k7; k8 (FD)
/// and i7 (+WB) immune. {j8} with 0, 1 or 2 of them: 1 + 3 + 3 = 7 sets.
/// Mitsugumi's Fire Demon has the same words (MIT-101, MIT-103, MIT-104) and readings. The
/// promoted Water Buffalo, a "fire demon" with the same move (SUZ-98, MIT-67), burns the same.
#[test]
fn fire_demon_burns_up_to_two_non_fire_demons_after_a_slide() {
    for spec in [SUZUMU, MITSUGUMI] {
        for burner in ["FD", "+WB"] {
            let e = engine(spec, &[]);
            let mut men = burn_men();
            men[0] = ("c8", burner);
            let p = position(&e, 'b', "", &men);
            assert_eq!(
                capture_sets(&e, &p, "c8", "i8"),
                subsets_up_to(&[], &["i9", "j8", "j9"], 2),
                "{spec} {burner} i8"
            );
            assert_eq!(
                capture_sets(&e, &p, "c8", "j8"),
                subsets_up_to(&["j8"], &["i9", "j9", "k7"], 2),
                "{spec} {burner} j8"
            );
        }
    }
}

/// Reading fd-burn-count = arrival-counted: "at most two captures in all, the destination
/// capture included". i8 (no arrival capture) is unchanged, 7 sets.
#[test]
fn fire_demon_burn_count_reading_arrival_counted_without_arrival_capture() {
    for spec in [SUZUMU, MITSUGUMI] {
        let e = engine(spec, &[("fd-burn-count", "arrival-counted")]);
        let p = position(&e, 'b', "", &burn_men());
        assert_eq!(capture_sets(&e, &p, "c8", "i8"), subsets_up_to(&[], &["i9", "j8", "j9"], 2), "{spec} i8");
    }
}

/// Reading fd-burn-count = arrival-counted at j8, where the slide captures on arrival: {j8} plus
/// at most one of i9, j9, k7 = 4 sets. (The slide reaches j8 by a p leg and takes it with the
/// final step back, so the arrival capture must be judged by what the move captures on j8.)
#[test]
fn fire_demon_burn_count_reading_arrival_counted_with_arrival_capture() {
    for spec in [SUZUMU, MITSUGUMI] {
        let e = engine(spec, &[("fd-burn-count", "arrival-counted")]);
        let p = position(&e, 'b', "", &burn_men());
        assert_eq!(capture_sets(&e, &p, "c8", "j8"), subsets_up_to(&["j8"], &["i9", "j9", "k7"], 1), "{spec} j8");
    }
}

/// Reading promoted-fire-demon = setup-fire-demons-only (Suzumu; Mitsugumi's option is named
/// unpromoted-only): "a promoted Water Buffalo can be burned". i8: burnable i7, i9, j8, j9, at
/// most two: 1 + 4 + 6 = 11 sets. The Fire Demon on k8 stays immune: j8 gets {j8} with at most
/// two of i7, i9, j9, k7 = 1 + 4 + 6 = 11 sets, never k8.
#[test]
fn fire_demon_promoted_water_buffalo_reading() {
    for (spec, option) in [(SUZUMU, "setup-fire-demons-only"), (MITSUGUMI, "unpromoted-only")] {
        let e = engine(spec, &[("promoted-fire-demon", option)]);
        let p = position(&e, 'b', "", &burn_men());
        assert_eq!(capture_sets(&e, &p, "c8", "i8"), subsets_up_to(&[], &["i7", "i9", "j8", "j9"], 2), "{spec} i8");
        assert_eq!(capture_sets(&e, &p, "c8", "j8"), subsets_up_to(&["j8"], &["i7", "i9", "j9", "k7"], 2), "{spec} j8");
    }
}

/// Reading fd-burn-victims = any-piece (Suzumu): "friendly pieces can be burned as well". At i8
/// the own Pawn h9 joins i9, j8, j9: 1 + 4 + 6 = 11 sets. Default (opponents, SUZ-105 "non-Fire
/// Demon opponents"): h9 never (checked in the test above by the exact 7 sets).
#[test]
fn fire_demon_burn_victims_reading_any_piece() {
    let e = engine(SUZUMU, &[("fd-burn-victims", "any-piece")]);
    let p = position(&e, 'b', "", &burn_men());
    assert_eq!(capture_sets(&e, &p, "c8", "i8"), subsets_up_to(&[], &["h9", "i9", "j8", "j9"], 2));
}

/// SUZ-108 "It can capture a Fire Demon via any other type of capture however, and can even
/// capture other pieces after the fact, as long as this does not involve burning a Fire Demon."
///
/// Black Fire Demon c8 slides onto the White Fire Demon j8 and may then burn the Pawn i9, but
/// never the +WB on k9: {j8}, {j8, i9}. Another piece captures a Fire Demon as any piece: the
/// Rook j1 takes j8 up the open j-file.
#[test]
fn fire_demon_captured_by_other_capture_and_burns_after_the_fact() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("c8", "FD"), ("j1", "R"), ("j8", "fd"), ("i9", "p"), ("k9", "+wb")]);
    assert_eq!(capture_sets(&e, &p, "c8", "j8"), sets(&[&["j8"], &["i9", "j8"]]));
    assert!(has(&e, &p, "R j1xj8"));
}

/// The igui position: Black Fire Demon h8; White Pawns g9, h9, i9, White Fire Demon g7 and +WB
/// i7. SUZ-106 "Or it can simply capture up to two adjacent opponents without moving (double
/// igui)"; SUZ-8 "which is known as double igui and has no restrictions".
/// Default (fd-igui-fire-demon = yes): any one or two of the five: 5 + 10 = 15 igui moves.
fn igui_men() -> Vec<(&'static str, &'static str)> {
    vec![("h8", "FD"), ("g9", "p"), ("h9", "p"), ("i9", "p"), ("g7", "fd"), ("i7", "+wb")]
}

fn igui_sets(e: &Engine, p: &Position) -> BTreeSet<Vec<String>> {
    let mut s = capture_sets(e, p, "h8", "h8");
    s.remove(&Vec::new()); // the pass
    s
}

#[test]
fn fire_demon_double_igui_and_reading_fd_igui_fire_demon() {
    let five = ["g9", "h9", "i9", "g7", "i7"];
    let mut expected = subsets_up_to(&[], &five, 2);
    expected.remove(&Vec::new());
    assert_eq!(expected.len(), 15);
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &igui_men());
    assert_eq!(igui_sets(&e, &p), expected);
    // The pass is there too (g8, i8, h7 are empty; SUZ-104 "returning to the starting square to
    // skip a turn").
    assert!(has(&e, &p, "FD h8-h8"));

    // fd-igui-fire-demon = no: "no capture without moving may take a Fire Demon": of g9, h9, i9
    // only, 3 + 3 = 6.
    let e = engine(SUZUMU, &[("fd-igui-fire-demon", "no")]);
    let p = position(&e, 'b', "", &igui_men());
    let mut expected = subsets_up_to(&[], &["g9", "h9", "i9"], 2);
    expected.remove(&Vec::new());
    assert_eq!(igui_sets(&e, &p), expected);
}

/// Reading fd-burn-from-start (igui-equivalent / burn): an area move back to the start and then
/// captures. Such a move has the same identity (start, start, captured squares) as a plain
/// double igui, and the plain igui "has no restrictions" (SUZ-8), so under fd-igui-fire-demon =
/// yes the legal identities are the same 15 under both options: the reading does not change what
/// is legal. Under fd-igui-fire-demon = no both give the 6 without Fire Demons.
#[test]
fn fire_demon_burn_from_start_reading_changes_no_identity() {
    let mut all = subsets_up_to(&[], &["g9", "h9", "i9", "g7", "i7"], 2);
    all.remove(&Vec::new());
    let mut plain = subsets_up_to(&[], &["g9", "h9", "i9"], 2);
    plain.remove(&Vec::new());
    for option in ["igui-equivalent", "burn"] {
        let e = engine(SUZUMU, &[("fd-burn-from-start", option)]);
        let p = position(&e, 'b', "", &igui_men());
        assert_eq!(igui_sets(&e, &p), all, "{option}");
        let e = engine(SUZUMU, &[("fd-burn-from-start", option), ("fd-igui-fire-demon", "no")]);
        let p = position(&e, 'b', "", &igui_men());
        assert_eq!(igui_sets(&e, &p), plain, "{option} + fd-igui-fire-demon=no");
    }
}

/// Reading fd-area-burn (SUZ-104, SUZ-105). Black Fire Demon h8; White Pawns h10, g11. None of
/// h10, h11, g11 is on a slide line of h8 (no vertical slide; g11 is not diagonal), so all three
/// are reached only by area moves:
/// - h10: h8-(g9|h9|i9)-h10 captures and stops; burnable neighbour g11.
/// - h11: three steps around h10 (h8-g9-g10-h11, h8-i9-i10-h11), not capturing; neighbours h10
///   and g11 burnable.
/// - g11: h8-g9-g10-g11 (or via h9) captures; neighbour h10 burnable.
fn area_burn_men() -> Vec<(&'static str, &'static str)> {
    vec![("h8", "FD"), ("h10", "p"), ("g11", "p")]
}

fn check_area_burn(option: &str, h10: BTreeSet<Vec<String>>, h11: BTreeSet<Vec<String>>, g11: BTreeSet<Vec<String>>) {
    let e = engine(SUZUMU, &[("fd-area-burn", option)]);
    let p = position(&e, 'b', "", &area_burn_men());
    assert_eq!(capture_sets(&e, &p, "h8", "h10"), h10, "{option} h10");
    assert_eq!(capture_sets(&e, &p, "h8", "h11"), h11, "{option} h11");
    assert_eq!(capture_sets(&e, &p, "h8", "g11"), g11, "{option} g11");
}

#[test]
fn fire_demon_area_burn_reading() {
    // allowed: "an area move, capturing or not, may be followed by up to two burns"
    check_area_burn(
        "allowed",
        sets(&[&["h10"], &["g11", "h10"]]),
        sets(&[&[], &["h10"], &["g11"], &["g11", "h10"]]),
        sets(&[&["g11"], &["g11", "h10"]]),
    );
    // slides-only: "burning only after a slide"
    check_area_burn("slides-only", sets(&[&["h10"]]), sets(&[&[]]), sets(&[&["g11"]]));
}

/// fd-area-burn with one-step moves (issue 26, item 10). Black Fire Demon h8, White Pawns h10
/// and f9. "The Fire Demon can slide sideways or diagonally": h9 is one vertical step, which
/// only an area move makes, so under slides-only no burn may follow it; g9 is one diagonal
/// step, a one-square slide, after which it may burn f9 under every option. (The arrival alone
/// cannot tell them apart: both arrive in one leg.)
#[test]
fn fire_demon_one_step_area_move_burns_only_where_the_option_allows() {
    let men = vec![("h8", "FD"), ("h10", "p"), ("f9", "p")];
    for (option, after_vertical_step) in [
        ("allowed", sets(&[&[], &["h10"]])),
        ("non-capturing-only", sets(&[&[], &["h10"]])),
        ("slides-only", sets(&[&[]])),
    ] {
        let e = engine(SUZUMU, &[("fd-area-burn", option)]);
        let p = position(&e, 'b', "", &men);
        assert_eq!(capture_sets(&e, &p, "h8", "h9"), after_vertical_step, "{option}: h8-h9");
        let after_slide = capture_sets(&e, &p, "h8", "g9");
        assert!(after_slide.contains(&vec!["f9".to_string()]), "{option}: h8-g9 burns f9: {after_slide:?}");
    }
}

/// fd-area-burn = non-capturing-only: "burning only after an area move that did not capture":
/// h10 and g11 (captured on arrival) burn nothing, h11 keeps its four sets.
#[test]
fn fire_demon_area_burn_reading_non_capturing_only() {
    check_area_burn(
        "non-capturing-only",
        sets(&[&["h10"]]),
        sets(&[&[], &["h10"], &["g11"], &["g11", "h10"]]),
        sets(&[&["g11"]]),
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Jumping Generals
// ---------------------------------------------------------------------------------------------

/// The file position: Black Rook General a1 with own Pawns b1 (closing rank 1) and a3; White
/// men on a5, a7, a9 (Pawns unless a test says otherwise).
fn file_men<'a>(general: &'a str, a5: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![("a1", general), ("b1", "P"), ("a3", "P"), ("a5", a5), ("a7", "p"), ("a9", "p")]
}

/// SUZ-115 "The Bishop General, Rook General, Vice General, and Great General move as Bishop,
/// Rook, Bishop, and Queen respectively"; SUZ-116 "But when capturing, all these Generals can
/// jump over up to two other pieces, and each enemy piece they jump over may be either captured
/// or ignored"; SUZ-117 "they can only jump pieces of lower rank, whether friend or foe" (the
/// own Pawn a3 is jumped); reading jump-needs-final-capture = final-capture-required.
///
/// Rook General a1: a2 (slide, a3 own stops it); jump a3 and capture a5; jump a3 and a5 and
/// capture a7, a5 captured or ignored; a9 would need three jumped pieces. Rank 1 is closed by
/// b1 and holds no enemy. 4 moves.
#[test]
fn suzumu_rook_general_jumps_two_and_may_capture_what_it_jumps() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &file_men("RG", "p"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7", "RG a1xa7 x a5"]));
}

/// Reading jump-needs-final-capture = any-capture: "a move that captures only jumped pieces may
/// land on an empty square". Added: jump a3, capture a5, land on a6. Not added: a1-a4 (jumps a3,
/// captures nothing), a1-a6 without capturing a5.
#[test]
fn suzumu_jump_needs_final_capture_reading() {
    let e = engine(SUZUMU, &[("jump-needs-final-capture", "any-capture")]);
    let p = position(&e, 'b', "", &file_men("RG", "p"));
    assert_eq!(
        moves_from(&e, &p, "a1"),
        sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7", "RG a1xa7 x a5", "RG a1-a6 x a5"])
    );
}

/// SUZ-124 "These pieces can capture each other irrespective of rank, even when jumping
/// something else"; SUZ-117 "only jump pieces of lower rank"; SUZ-120 the Great General ranks
/// above the Rook General. White Great General on a5: the Rook General jumps its own Pawn a3 and
/// captures the Great General (a1xa5); it cannot jump it, so a7 is out of reach; reading
/// jump-capture-rank = final-square-only: it cannot capture it by jumping either.
#[test]
fn suzumu_generals_capture_higher_generals_but_do_not_jump_them() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &file_men("RG", "gg"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5"]));

    // jump-capture-rank = also-jumped: "a jumped General of any rank may be captured": the Great
    // General is captured in passing on the way to a7; jumping it without capture stays illegal.
    let e = engine(SUZUMU, &[("jump-capture-rank", "also-jumped")]);
    let p = position(&e, 'b', "", &file_men("RG", "gg"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7 x a5"]));

    // final-capture-targets = rank-limited: "a General may capture only lower-ranked pieces".
    // jump-matrix = capture-ban: "'^' = the general may not jump that piece nor capture it at
    // all (also as the final capture)".
    for (reading, option) in [("final-capture-targets", "rank-limited"), ("jump-matrix", "capture-ban")] {
        let e = engine(SUZUMU, &[(reading, option)]);
        let p = position(&e, 'b', "", &file_men("RG", "gg"));
        assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2"]), "{reading}={option}");
    }
}

/// SUZ-119 "- King and Prince" rank highest, so no General jumps them; reading
/// jump-capture-royal = no: "royals cannot be jumped, hence not jump-captured; final capture
/// allowed". White King on a5: a1xa5 only. Option yes: "a General may jump-capture a royal":
/// a1xa7 x a5 added; a1xa7 (jumping the King without capturing it) stays illegal.
#[test]
fn suzumu_jump_capture_royal_reading() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &file_men("RG", "k"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5"]));
    let e = engine(SUZUMU, &[("jump-capture-royal", "yes")]);
    let p = position(&e, 'b', "", &file_men("RG", "k"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7 x a5"]));
}

/// SUZ-118..123, the ranking: "- King and Prince", "- Great General", "- Vice General", "- Rook
/// General and Bishop General", "- All other pieces"; reading promoted-rank = by-kind (the
/// promoted Horned Falcon and Soaring Eagle are a Bishop and a Rook General, the promoted
/// Bishop General a Vice General, the promoted Rook General a Great General; the Prince is
/// +DE). SUZ-117 "they can only jump pieces of lower rank, whether friend or foe".
///
/// Each General on a1 with its own man X two squares along its line and a White Pawn four
/// squares along: the jump-capture of the Pawn exists exactly when X ranks lower.
///
/// Reading promoted-rank = original-only: "the promoted Generals (+HF, +SE, +BG, +RG) rank with
/// all other pieces; the Prince ... keeps the top rank": the same table with those four at 1.
#[test]
fn suzumu_jump_rank_table() {
    fn rank(id: &str, by_kind: bool) -> u32 {
        match id {
            "K" | "+DE" => 5,
            "GG" => 4,
            "VG" => 3,
            "RG" | "BG" => 2,
            "+RG" if by_kind => 4,
            "+BG" if by_kind => 3,
            "+HF" | "+SE" if by_kind => 2,
            _ => 1,
        }
    }
    for (option, by_kind) in [("by-kind", true), ("original-only", false)] {
        check_rank_table(&engine(SUZUMU, &[("promoted-rank", option)]), |id| rank(id, by_kind));
    }
}

fn check_rank_table(e: &Engine, rank: impl Fn(&str) -> u32) {
    let generals = ["BG", "RG", "VG", "GG", "+HF", "+SE", "+BG", "+RG"];
    let blockers = ["P", "FD", "LN", "BG", "RG", "VG", "GG", "K", "+DE", "+HF", "+SE", "+BG", "+RG", "DE"];
    for j in generals {
        let diagonal = matches!(j, "BG" | "VG" | "+HF" | "+BG");
        let (mid, target) = if diagonal { ("c3", "e5") } else { ("a3", "a5") };
        for x in blockers {
            let p = position(e, 'b', "", &[("a1", j), (mid, x), (target, "p")]);
            let text = format!("{j} a1x{target}");
            assert_eq!(has(e, &p, &text), rank(x) < rank(j), "{j} over own {x}");
        }
    }
}

/// Mitsugumi: MIT-112 "except they can optionally jump up to two pieces along the line of attack
/// when taking"; reading jump-capture = no ("jumped pieces are passed over and left alone");
/// jump-rank = no-rank-limit; jump-needs-final-capture = final-capture-required ("when taking").
/// Rook General a1: a2; jump a3 take a5; jump a3, a5 take a7. 3 moves.
#[test]
fn mitsugumi_rook_general_jumps_without_capturing() {
    let e = engine(MITSUGUMI, &[]);
    let p = position(&e, 'b', "", &file_men("RG", "p"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7"]));

    // jump-capture = suzumu: "jumped enemies may be captured as in Suzumu".
    let e = engine(MITSUGUMI, &[("jump-capture", "suzumu")]);
    let p = position(&e, 'b', "", &file_men("RG", "p"));
    assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7", "RG a1xa7 x a5"]));

    // jump-needs-final-capture = any-move: "jumps also on non-capturing moves": a4 (over a3) and
    // a6 (over a3, a5) are added, and along rank 1 every square c1..m1 (over the own b1).
    let e = engine(MITSUGUMI, &[("jump-needs-final-capture", "any-move")]);
    let p = position(&e, 'b', "", &file_men("RG", "p"));
    let mut expected: Vec<String> =
        ["RG a1-a2", "RG a1-a4", "RG a1xa5", "RG a1-a6", "RG a1xa7"].iter().map(|t| t.to_string()).collect();
    expected.extend("cdefghijklm".chars().map(|f| format!("RG a1-{f}1")));
    assert_eq!(moves_from(&e, &p, "a1"), sorted_owned(expected));
}

/// Mitsugumi reading jump-rank: no-rank-limit = "any piece, the King included, may be jumped";
/// suzumu-ranking = "a General jumps only lower-ranked pieces (King 5 > Great General 4 > ...);
/// captures stay free of rank". White King, then White Great General (+RG), on a5.
#[test]
fn mitsugumi_jump_rank_reading() {
    for a5 in ["k", "+rg"] {
        let e = engine(MITSUGUMI, &[]);
        let p = position(&e, 'b', "", &file_men("RG", a5));
        assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5", "RG a1xa7"]), "{a5}");
        let e = engine(MITSUGUMI, &[("jump-rank", "suzumu-ranking")]);
        let p = position(&e, 'b', "", &file_men("RG", a5));
        assert_eq!(moves_from(&e, &p, "a1"), sorted(&["RG a1-a2", "RG a1xa5"]), "{a5} suzumu-ranking");
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Heavenly Tetrarch
// ---------------------------------------------------------------------------------------------

/// SUZ-109 "a sliding piece that skips the first square in any direction, totally ignoring (and
/// not affecting) what is on it"; SUZ-110 "It can end maximally 3 squares away from its starting
/// square sideways, but can slide arbitrarily far in all other directions"; SUZ-111 "Like any
/// slider it must stop after a capture"; SUZ-112 "annihilate up to two opponents next to it,
/// without moving (double igui)". No pass: the Tetrarch is not among the pieces that "can all
/// skip a turn" (SUZ-162). It is a promoted piece: no promotion (SUZ-171).
///
/// Black Tetrarch h8, own Pawn h9; White Pawns h12, g7, i8. Hand count:
/// forward (h9 skipped) h10, h11, xh12: 3; backward (h7 skipped) h6..h1: 6; left (g8 skipped)
/// f8, e8: 2; right (i8 skipped, the enemy not affected) j8, k8: 2; up-left (g9 skipped) f10..a15:
/// 6; up-right (i9 skipped) j10..p16: 7; down-left (g7 skipped) f6..a1: 6; down-right (i7
/// skipped) j6..o1: 6; igui g7, i8, both: 3. Total 41.
fn tetrarch_moves(sideways: &[&str]) -> Vec<String> {
    let mut dests: Vec<&str> = vec!["h10", "h11", "h6", "h5", "h4", "h3", "h2", "h1"];
    dests.extend(sideways);
    dests.extend(["f10", "e11", "d12", "c13", "b14", "a15"]);
    dests.extend(["j10", "k11", "l12", "m13", "n14", "o15", "p16"]);
    dests.extend(["f6", "e5", "d4", "c3", "b2", "a1"]);
    dests.extend(["j6", "k5", "l4", "m3", "n2", "o1"]);
    let mut out: Vec<String> = dests.iter().map(|d| format!("+CS h8-{d}")).collect();
    out.extend(["+CS h8xh12", "+CS h8-h8 x g7", "+CS h8-h8 x i8", "+CS h8-h8 x g7,i8"].map(String::from));
    sorted_owned(out)
}

#[test]
fn heavenly_tetrarch_moves_and_ht_sideways_range_reading() {
    let men = [("h8", "+CS"), ("h9", "P"), ("h12", "p"), ("g7", "p"), ("i8", "p")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &men);
    let expected = tetrarch_moves(&["f8", "e8", "j8", "k8"]);
    assert_eq!(expected.len(), 41);
    assert_eq!(moves_from(&e, &p, "h8"), expected);

    // ht-sideways-range = after-skip: "sideways ends 2 to 4 squares away": d8 and l8 added.
    let e = engine(SUZUMU, &[("ht-sideways-range", "after-skip")]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(moves_from(&e, &p, "h8"), tetrarch_moves(&["f8", "e8", "d8", "j8", "k8", "l8"]));
}

/// SUZ-113 "all stationary non-Heavenly Tetrarch opponents are immobilized, and cannot move at
/// all (not even to skip a turn) until the Heavenly Tetrarch moves away or is captured"; SUZ-13
/// "freeze (immobilize) adjacent non-Heavenly Tetrarch pieces"; SUZ-114 "Heavenly Tetrarches
/// cannot freeze each other". Readings freeze-range = adjacent, freeze-scope = nothing.
///
/// Black Tetrarch h8, Black Pawn f6; White to move with a Lion on g7 (next to h8), a Tetrarch on
/// i8 (next to h8) and a Lion on c3 (far). The g7 Lion has no move at all (not its igui of f6,
/// not its pass); the White Tetrarch moves, and may even igui the Black one; the c3 Lion moves.
fn freeze_men() -> Vec<(&'static str, &'static str)> {
    vec![("h8", "+CS"), ("f6", "P"), ("g7", "ln"), ("i8", "+cs"), ("c3", "ln")]
}

#[test]
fn heavenly_tetrarch_freezes_adjacent_enemies_but_not_tetrarchs() {
    for spec in [SUZUMU, MITSUGUMI] {
        let e = engine(spec, &[]);
        let p = position(&e, 'w', "", &freeze_men());
        assert_eq!(moves_from(&e, &p, "g7"), Vec::<String>::new(), "{spec}: frozen Lion");
        assert!(has(&e, &p, "+CS i8-i8 x h8"), "{spec}: Tetrarchs cannot freeze each other");
        assert!(has(&e, &p, "LN c3-c4"), "{spec}: the far Lion is free");
    }
}

/// SUZ-113 "until the Heavenly Tetrarch moves away": Black to move in the freeze position; the
/// Tetrarch goes h8-h10 (skipping h9), and the g7 Lion, no longer next to it (h10 is three ranks
/// up), moves again.
#[test]
fn heavenly_tetrarch_freeze_ends_when_it_moves_away() {
    let e = engine(SUZUMU, &[]);
    let mut p = position(&e, 'b', "", &freeze_men());
    let away = find(&e, &p, "+CS h8-h10");
    e.make(&mut p, &away, &mut Vec::new());
    assert!(has(&e, &p, "LN g7-g6"), "{}", e.position_string(&p));
}

/// Reading freeze-range = whole-board: "every stationary enemy piece except Heavenly
/// Tetrarchs": the c3 Lion is frozen too; the White Tetrarch still moves.
#[test]
fn heavenly_tetrarch_freeze_range_reading() {
    let e = engine(SUZUMU, &[("freeze-range", "whole-board")]);
    let p = position(&e, 'w', "", &freeze_men());
    assert_eq!(moves_from(&e, &p, "g7"), Vec::<String>::new());
    assert_eq!(moves_from(&e, &p, "c3"), Vec::<String>::new());
    assert!(has(&e, &p, "+CS i8-i8 x h8"));
}

/// Reading freeze-scope = igui-allowed: "a frozen piece may still capture without moving (igui,
/// double igui)". The frozen g7 Lion keeps exactly its igui moves: of the Pawn f6 and of the
/// Tetrarch h8 itself (both next to g7; a Lion takes one piece by igui). Its pass stays illegal:
/// SUZ-113 "cannot move at all (not even to skip a turn)", and the option grants captures
/// without moving only.
#[test]
fn heavenly_tetrarch_freeze_scope_reading() {
    let e = engine(SUZUMU, &[("freeze-scope", "igui-allowed")]);
    let p = position(&e, 'w', "", &freeze_men());
    assert_eq!(moves_from(&e, &p, "g7"), sorted(&["LN g7-g7 x f6", "LN g7-g7 x h8"]));
}

/// The part of freeze-scope = igui-allowed that the engine does play: the igui is there and no
/// move leaves g7 (the pass is checked in the ignored test above).
#[test]
fn heavenly_tetrarch_freeze_scope_igui_allowed_keeps_the_igui() {
    let e = engine(SUZUMU, &[("freeze-scope", "igui-allowed")]);
    let p = position(&e, 'w', "", &freeze_men());
    let moves = moves_from(&e, &p, "g7");
    assert!(moves.contains(&"LN g7-g7 x f6".to_string()), "{moves:?}");
    assert!(moves.contains(&"LN g7-g7 x h8".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("LN g7-g7")), "{moves:?}");
}

/// Reading freeze-side: opponents (default, SUZ-113 "non-Heavenly Tetrarch opponents") vs
/// all-pieces ("friendly neighbours are frozen too"). Black to move: Black Tetrarch h8 with a
/// Black Lion on g9 next to it.
#[test]
fn heavenly_tetrarch_freeze_side_reading() {
    let men = [("h8", "+CS"), ("g9", "LN")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &men);
    assert!(has(&e, &p, "LN g9-g10"));
    let e = engine(SUZUMU, &[("freeze-side", "all-pieces")]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(moves_from(&e, &p, "g9"), Vec::<String>::new());
    assert!(!moves_from(&e, &p, "h8").is_empty(), "a Tetrarch never freezes itself");
}

/// Reading freeze-timing: start-of-turn (default, "only pieces standing next to the Tetrarch
/// when their turn begins are frozen") vs mid-move ("a move also stops (cannot continue) on
/// entering a square next to the Tetrarch").
///
/// Black Tetrarch h8; White Fire Demon h10 (two squares away, not frozen), White to move. j7 is
/// three King steps from h10, each step one rank down; the first step must be h9 or i9, both
/// next to h8, and j7 lies on no slide line of h10. So j7 is reached by an area move under
/// start-of-turn only. Ending next to the Tetrarch (h9) is allowed under both.
#[test]
fn heavenly_tetrarch_freeze_timing_reading() {
    let men = [("h8", "+CS"), ("h10", "fd")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'w', "", &men);
    assert!(has(&e, &p, "FD h10-j7"));
    assert!(has(&e, &p, "FD h10-h9"));
    let e = engine(SUZUMU, &[("freeze-timing", "mid-move")]);
    let p = position(&e, 'w', "", &men);
    assert!(!has(&e, &p, "FD h10-j7"));
    assert!(has(&e, &p, "FD h10-h9"));
}

/// freeze-timing = mid-move with a capturing step: White Lion h10 (two squares from the Black
/// Tetrarch h8, not frozen) and a Black Pawn on h9, next to both. Taking h9 enters a square next
/// to the Tetrarch, so the move "stops (cannot continue)" there: h10xh9 stays, but the hit and
/// run h9-then-g10 (SUZ-130) does not. Under start-of-turn both are legal. (Whether the igui
/// h10-h10 x h9, "formally one step, and then a step back", also stops is left open here.)
#[test]
fn heavenly_tetrarch_freeze_timing_mid_move_default_side() {
    let men = [("h8", "+CS"), ("h9", "P"), ("h10", "ln")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'w', "", &men);
    assert!(has(&e, &p, "LN h10xh9") && has(&e, &p, "LN h10-g10 x h9"));
}

#[test]
fn heavenly_tetrarch_freeze_timing_mid_move_capture_step() {
    let men = [("h8", "+CS"), ("h9", "P"), ("h10", "ln")];
    let e = engine(SUZUMU, &[("freeze-timing", "mid-move")]);
    let p = position(&e, 'w', "", &men);
    assert!(has(&e, &p, "LN h10xh9"));
    assert!(!has(&e, &p, "LN h10-g10 x h9"));
}

// ---------------------------------------------------------------------------------------------
// 4. Lion-power pieces
// ---------------------------------------------------------------------------------------------

/// SUZ-126..132: "up to 2 King steps per turn"; "- Jump directly to any square in the 5x5 area
/// surrounding it"; "- Annihilate any opponent standing next to it, without moving"; "... moving
/// on to an empty square next to that ('hit and run')"; "... and normally capture an opponent
/// standing next to that ('double capture')"; "- Stay in place without capturing anything if one
/// of the neighboring squares is empty".
///
/// Lion a1; White Pawns b2 (adjacent) and b3. 5x5 jumps (clipped to the corner): a2, a3, b1,
/// xb2, xb3, c1, c2, c3 = 8. After taking b2, one more King step: back to a1 (igui), a2, a3, b1,
/// c1, c2, c3 (hit and run), xb3 (double capture) = 8. Pass (a2, b1 empty) = 1. Total 17.
#[test]
fn lion_powers() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("a1", "LN"), ("b2", "p"), ("b3", "p")]);
    let expected = sorted(&[
        "LN a1-a2",
        "LN a1-a3",
        "LN a1-b1",
        "LN a1xb2",
        "LN a1xb3",
        "LN a1-c1",
        "LN a1-c2",
        "LN a1-c3",
        "LN a1-a1 x b2",
        "LN a1-a2 x b2",
        "LN a1-a3 x b2",
        "LN a1-b1 x b2",
        "LN a1-c1 x b2",
        "LN a1-c2 x b2",
        "LN a1-c3 x b2",
        "LN a1xb3 x b2",
        "LN a1-a1",
    ]);
    assert_eq!(expected.len(), 17);
    assert_eq!(moves_from(&e, &p, "a1"), expected);

    // No empty neighbour (own Pawns a2, b1, White Pawn b2): no pass (SUZ-132 "if one of the
    // neighboring squares is empty"). Lion moves: a3, xb2, b3, c1, c2, c3 (jumps; a2, b1 own);
    // after b2: a1 igui, a3, b3, c1, c2, c3 (a2, b1 own) = 12.
    let p = position(&e, 'b', "", &[("a1", "LN"), ("a2", "P"), ("b1", "P"), ("b2", "p")]);
    let expected = sorted(&[
        "LN a1-a3",
        "LN a1xb2",
        "LN a1-b3",
        "LN a1-c1",
        "LN a1-c2",
        "LN a1-c3",
        "LN a1-a1 x b2",
        "LN a1-a3 x b2",
        "LN a1-b3 x b2",
        "LN a1-c1 x b2",
        "LN a1-c2 x b2",
        "LN a1-c3 x b2",
    ]);
    assert_eq!(moves_from(&e, &p, "a1"), expected);
}

/// SUZ-133 "The Lion Hawk can in addition move as a normal Bishop."
/// Lion Hawk a1; White Pawns b1 (adjacent), c1, f6. 5x5 area: a2, a3, xb1, b2, b3, xc1, c2, c3 =
/// 8; Bishop beyond it: d4, e5, xf6 = 3; after taking b1: a1 (igui), a2, b2, c2, xc1 = 5; pass
/// (a2, b2 empty) = 1. Total 17.
#[test]
fn lion_hawk_powers() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("a1", "LH"), ("b1", "p"), ("c1", "p"), ("f6", "p")]);
    let expected = sorted(&[
        "LH a1-a2",
        "LH a1-a3",
        "LH a1xb1",
        "LH a1-b2",
        "LH a1-b3",
        "LH a1xc1",
        "LH a1-c2",
        "LH a1-c3",
        "LH a1-d4",
        "LH a1-e5",
        "LH a1xf6",
        "LH a1-a1 x b1",
        "LH a1-a2 x b1",
        "LH a1-b2 x b1",
        "LH a1-c2 x b1",
        "LH a1xc1 x b1",
        "LH a1-a1",
    ]);
    assert_eq!(expected.len(), 17);
    assert_eq!(moves_from(&e, &p, "a1"), expected);
}

/// SUZ-135..141: "move as a Queen, but as an alternative can make two diagonal steps"; "- Jump
/// directly to the second square in any direction"; diagonal igui, hit and run, double capture;
/// "- Stay in place without capturing anything if one of the diagonally neighboring squares is
/// empty".
///
/// Free Eagle a1; own Pawns a3, d1; White Pawns b2, c3. Queen: a2 (a3 own), b1, c1 (d1 own), xb2;
/// jump to the second square: xc3 (c1 already, a3 own); after taking b2 one diagonal step: a1
/// (igui), c1 (hit and run), xc3 (double), not a3 (own). No pass: its only diagonal neighbour b2
/// is occupied, though a2 and b1 are empty. 8 moves.
#[test]
fn free_eagle_powers_and_skip_condition_reading() {
    // Suzumu's Free Eagle is FE (also +Q); Mitsugumi's is the promoted Queen +Q ('free
    // eagle:+Q:QADcaFmcabF', MIT-63; MIT-119..122 give the same words).
    for (spec, id) in [(SUZUMU, "FE"), (SUZUMU, "+Q"), (MITSUGUMI, "+Q")] {
        let men = [("a1", id), ("a3", "P"), ("d1", "P"), ("b2", "p"), ("c3", "p")];
        let base: Vec<String> = ["a1-a2", "a1-b1", "a1-c1", "a1xb2", "a1xc3", "a1-a1 x b2", "a1-c1 x b2", "a1xc3 x b2"]
            .iter()
            .map(|m| format!("{id} {m}"))
            .collect();
        let e = engine(spec, &[]);
        let p = position(&e, 'b', "", &men);
        assert_eq!(moves_from(&e, &p, "a1"), sorted_owned(base.clone()), "{spec} {id}");

        // skip-condition = any-neighbour: "any empty square next to the piece allows the pass".
        let e = engine(spec, &[("skip-condition", "any-neighbour")]);
        let p = position(&e, 'b', "", &men);
        let mut expected = base;
        expected.push(format!("{id} a1-a1"));
        assert_eq!(moves_from(&e, &p, "a1"), sorted_owned(expected), "{spec} {id} any-neighbour");
    }
}

/// SUZ-143..149, the Horned Falcon's straight-forward sting: "- Move to the first or jump to the
/// second square"; "- Jump to the second square, annihilating an opponent on the first square";
/// "- Annihilate an opponent on the first square without moving"; "- When the first square is
/// empty, move there and step back (effectively passing the turn)"; "They can do any of this
/// while capturing an opponent on the final square, or when moving to an empty square."
///
/// Horned Falcon h1 boxed in by own Pawns g1, i1 (sideways Rook) and g2, i2 (Bishop).
/// (a) White Pawn h2: xh2, h3 (jump), h3 after taking h2, igui h2; no pass (h2 occupied): 4.
/// (b) White Pawn h3: h2, xh3 (jump), pass: 3.
/// (c) White Pawns h2, h3: xh2, xh3, xh3 after taking h2 (double), igui h2: 4.
#[test]
fn horned_falcon_sting() {
    let e = engine(SUZUMU, &[]);
    let walls = [("h1", "HF"), ("g1", "P"), ("i1", "P"), ("g2", "P"), ("i2", "P")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut m = walls.to_vec();
        m.extend_from_slice(extra);
        position(&e, 'b', "", &m)
    };
    let p = with(&[("h2", "p")]);
    assert_eq!(moves_from(&e, &p, "h1"), sorted(&["HF h1xh2", "HF h1-h3", "HF h1-h3 x h2", "HF h1-h1 x h2"]));
    let p = with(&[("h3", "p")]);
    assert_eq!(moves_from(&e, &p, "h1"), sorted(&["HF h1-h2", "HF h1xh3", "HF h1-h1"]));
    let p = with(&[("h2", "p"), ("h3", "p")]);
    assert_eq!(moves_from(&e, &p, "h1"), sorted(&["HF h1xh2", "HF h1xh3", "HF h1xh3 x h2", "HF h1-h1 x h2"]));
}

/// SUZ-149 "the Soaring Eagle in the two diagonally forward directions" (same sting list).
/// Soaring Eagle h1 boxed by own Pawns g1, i1, h2 (its Rook lines); it has no backward diagonal
/// on rank 1. White Pawns g2 and j3. Forward-left: xg2, f3 (jump), f3 after taking g2, igui g2.
/// Forward-right: i2, xj3 (jump), pass via the empty i2. 7 moves.
#[test]
fn soaring_eagle_sting() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("h1", "SE"), ("g1", "P"), ("i1", "P"), ("h2", "P"), ("g2", "p"), ("j3", "p")]);
    assert_eq!(
        moves_from(&e, &p, "h1"),
        sorted(&["SE h1xg2", "SE h1-f3", "SE h1-f3 x g2", "SE h1-h1 x g2", "SE h1-i2", "SE h1xj3", "SE h1-h1"])
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Promotion
// ---------------------------------------------------------------------------------------------

/// SUZ-165 "A player's promotion zone consists of the furthest five ranks of the board" (ranks
/// 12-16 for Black); SUZ-167 "When a piece is moved, if its move starts and/or ends within the
/// promotion zone, then the player has the option to promote the piece at the end of the turn."
///
/// Rook a10 (own Pawn a14 stops it): a11 (outside), a12 and a13 each with and without
/// promotion. Rook c12 (in the zone) moving out to c11 and c10 may promote too (the move starts
/// in the zone). A move along rank 10 never promotes.
#[test]
fn promotion_zone_start_or_end_optional() {
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &[("a10", "R"), ("a14", "P"), ("c12", "R")]);
    assert_eq!(
        moves_to(&e, &p, "a10", &["a11", "a12", "a13", "a14"]),
        sorted(&["R a10-a11", "R a10-a12", "R a10-a12+", "R a10-a13", "R a10-a13+"])
    );
    assert!(has(&e, &p, "R a10-b10") && !has(&e, &p, "R a10-b10+"));
    for m in ["R c12-c11", "R c12-c11+", "R c12-c10", "R c12-c10+", "R c12-c13", "R c12-c13+"] {
        assert!(has(&e, &p, m), "{m}");
    }
}

/// SUZ-171 "The King, Fire Demon, Great General, Vice General, Lion Hawk, and Free Eagle do not
/// promote, nor can already promoted pieces promote further." Each stands in the zone; none of
/// their moves promotes; a Pawn beside them does (control).
#[test]
fn pieces_that_never_promote() {
    let e = engine(SUZUMU, &[]);
    let men = [
        ("b13", "K"),
        ("e13", "FD"),
        ("h13", "GG"),
        ("k13", "VG"),
        ("n13", "LH"),
        ("b15", "FE"),
        ("e15", "+R"),
        ("h15", "+P"),
        ("k15", "+BG"),
        ("p13", "P"),
    ];
    let p = position(&e, 'b', "", &men);
    let promoting: Vec<String> =
        e.legal_moves(&p).iter().filter(|m| m.promotion.is_some()).map(|m| e.move_text(m)).collect();
    assert_eq!(promoting, vec!["P p13-p14+".to_string()]);
}

/// SUZ-170 "Because promotion doesn't happen until the end of the turn, multi-capturing pieces
/// that promote have a chance to make a multi-capture before doing so." Reading
/// promotion-stationary-in-zone = yes ("an igui or pass that starts and ends in the zone allows
/// promotion").
///
/// Lion h13 (in the zone), White Pawns h14, h15: the double capture ends on h15 with or without
/// promotion; the stationary moves (pass via an empty neighbour, igui of h14) with or without.
/// Option no ("the piece must change square"): the stationary moves lose their promotion.
#[test]
fn promotion_after_multi_capture_and_stationary_reading() {
    let men = [("h13", "LN"), ("h14", "p"), ("h15", "p")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(
        moves_to(&e, &p, "h13", &["h15"]),
        sorted(&["LN h13xh15", "LN h13xh15+", "LN h13xh15 x h14", "LN h13xh15 x h14+"])
    );
    assert!(has(&e, &p, "LN h13xh15 x h14") && has(&e, &p, "LN h13xh15 x h14+"));
    let stationary = |e: &Engine, p: &Position| -> Vec<String> {
        moves_from(e, p, "h13").into_iter().filter(|m| m.starts_with("LN h13-h13")).collect()
    };
    assert_eq!(stationary(&e, &p), sorted(&["LN h13-h13", "LN h13-h13+", "LN h13-h13 x h14", "LN h13-h13 x h14+"]));

    let e = engine(SUZUMU, &[("promotion-stationary-in-zone", "no")]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(stationary(&e, &p), sorted(&["LN h13-h13", "LN h13-h13 x h14"]));
    assert!(has(&e, &p, "LN h13xh15 x h14+"));
}

/// Reading zone-path: start-or-end-only (default, SUZ-167 "if its move starts and/or ends within
/// the promotion zone") vs any-visited-square. Lion h11 (outside; the zone begins at rank 12)
/// takes the White Pawn h12 (inside) and steps back out to g11, h11 (igui) or i11: no promotion
/// by default; under any-visited-square each also with promotion.
#[test]
fn promotion_zone_path_reading() {
    let men = [("h11", "LN"), ("h12", "p")];
    let outside = |e: &Engine| -> Vec<String> {
        let p = position(e, 'b', "", &men);
        e.legal_moves(&p)
            .iter()
            .filter(|m| m.to.is_some_and(|t| t.rank <= 10) && m.captures.iter().any(|(c, _)| c.name() == "h12"))
            .map(|m| e.move_text(m))
            .collect::<Vec<_>>()
    };
    let base = ["LN h11-g11 x h12", "LN h11-h11 x h12", "LN h11-i11 x h12"];
    assert_eq!(sorted_owned(outside(&engine(SUZUMU, &[]))), sorted(&base));
    let mut with_promotion = base.to_vec();
    with_promotion.extend(["LN h11-g11 x h12+", "LN h11-h11 x h12+", "LN h11-i11 x h12+"]);
    assert_eq!(sorted_owned(outside(&engine(SUZUMU, &[("zone-path", "any-visited-square")]))), sorted(&with_promotion));
}

/// Reading forced-promotion: always-optional (default, SUZ-167 "the player has the option to
/// promote") vs forced-when-immobile ("a piece that would have no further move (Pawn on the last
/// rank) must promote"). Pawn a15 to a16; Pawn c14 to c15 (it can still move from c15); Lance
/// e15 to e16 (it can still step back, SUZ-153 "can slide up to two squares directly backward").
#[test]
fn promotion_forced_reading() {
    let men = [("a15", "P"), ("c14", "P"), ("e15", "L")];
    let e = engine(SUZUMU, &[]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(moves_from(&e, &p, "a15"), sorted(&["P a15-a16", "P a15-a16+"]));
    assert_eq!(moves_from(&e, &p, "c14"), sorted(&["P c14-c15", "P c14-c15+"]));
    assert!(has(&e, &p, "L e15-e16") && has(&e, &p, "L e15-e16+"));

    let e = engine(SUZUMU, &[("forced-promotion", "forced-when-immobile")]);
    let p = position(&e, 'b', "", &men);
    assert_eq!(moves_from(&e, &p, "a15"), sorted(&["P a15-a16+"]));
    assert_eq!(moves_from(&e, &p, "c14"), sorted(&["P c14-c15", "P c14-c15+"]));
    assert!(has(&e, &p, "L e15-e16") && has(&e, &p, "L e15-e16+"));
}

// ---------------------------------------------------------------------------------------------
// 6. Turn skipping
// ---------------------------------------------------------------------------------------------

/// Is the Lion's pass on `lion` legal with these skip flags?
fn lion_may_pass(e: &Engine, lion: &str, skips: &str) -> bool {
    let p = position(e, 'b', skips, &[(lion, "LN")]);
    has(e, &p, &format!("LN {lion}-{lion}"))
}

/// Suzumu SUZ-163 "However, it is illegal for a player to skip two consecutive turns." Reading
/// skip-limit: own-turns (default: "a player may not skip on two of their own turns in a row;
/// skipping right after the opponent skipped is legal"), not-after-opponent-skip, both.
/// Mitsugumi MIT-135 "it is illegal for a player to skip a turn if the immediately preceding turn
/// was skipped by the opponent" (default not-after-opponent-skip; options own-turns, both).
/// Black to move; `~b` = Black's last turn was a skip, `~w` = White's.
#[test]
fn skip_limit_readings() {
    // (skip flags, own-turns, not-after-opponent-skip, both)
    let table =
        [("", true, true, true), ("~b", false, true, false), ("~w", true, false, false), ("~bw", false, false, false)];
    for (spec, lion) in [(SUZUMU, "h8"), (MITSUGUMI, "g7")] {
        let own = engine(spec, &[("skip-limit", "own-turns")]);
        let opp = engine(spec, &[("skip-limit", "not-after-opponent-skip")]);
        let both = engine(spec, &[("skip-limit", "both")]);
        let default = engine(spec, &[]);
        for (flags, o, n, b) in table {
            assert_eq!(lion_may_pass(&own, lion, flags), o, "{spec} own-turns {flags}");
            assert_eq!(lion_may_pass(&opp, lion, flags), n, "{spec} not-after-opponent-skip {flags}");
            assert_eq!(lion_may_pass(&both, lion, flags), b, "{spec} both {flags}");
            let want = if spec == SUZUMU { o } else { n };
            assert_eq!(lion_may_pass(&default, lion, flags), want, "{spec} default {flags}");
            if spec == MITSUGUMI {
                // Mitsugumi reading illegal-list = suzumu-list: "its 'Skipping two consecutive
                // turns' adds Suzumu's limit ... to this document's own": both limits.
                let list = engine(spec, &[("illegal-list", "suzumu-list")]);
                assert_eq!(lion_may_pass(&list, lion, flags), b, "{spec} illegal-list=suzumu-list {flags}");
            }
        }
    }
}

/// The same rules through engine.make: Black passes (the position string then ends in `~b`),
/// White answers, Black again. Suzumu: White may pass after Black's pass; after White's ordinary
/// move Black may not pass (two own turns in a row). Mitsugumi: White may not pass right after
/// Black's pass; after White's ordinary move Black may pass again.
#[test]
fn skip_limits_through_make() {
    for (spec, black, white, white_step) in [(SUZUMU, "h8", "a16", "a15"), (MITSUGUMI, "g7", "a13", "a12")] {
        let e = engine(spec, &[]);
        let mut p = position(&e, 'b', "", &[(black, "LN"), (white, "ln")]);
        let mut undo = Vec::new();
        let pass = find(&e, &p, &format!("LN {black}-{black}"));
        assert!(pass.is_skip && pass.kind == MoveKind::Pass);
        e.make(&mut p, &pass, &mut undo);
        assert!(e.position_string(&p).ends_with(" ~b"), "{}", e.position_string(&p));
        let white_pass = format!("LN {white}-{white}");
        assert_eq!(has(&e, &p, &white_pass), spec == SUZUMU, "{spec}: White's pass after Black's");
        let step = find(&e, &p, &format!("LN {white}-{white_step}"));
        e.make(&mut p, &step, &mut undo);
        assert_eq!(has(&e, &p, &format!("LN {black}-{black}")), spec == MITSUGUMI, "{spec}: Black's second pass");
    }
}

/// SUZ-164 "Note that if a piece promotes without moving, this does not count as skipping a
/// turn." (MIT-136 the same.) Black skipped last turn (Suzumu, `~b`) / White skipped (Mitsugumi,
/// `~w`): the Lion in the zone may not pass, but may pass and promote.
#[test]
fn promoting_pass_is_not_a_skip() {
    for (spec, lion, flags) in [(SUZUMU, "h13", "~b"), (MITSUGUMI, "g11", "~w")] {
        let e = engine(spec, &[]);
        let p = position(&e, 'b', flags, &[(lion, "LN")]);
        let stationary: Vec<String> =
            moves_from(&e, &p, lion).into_iter().filter(|m| m.starts_with(&format!("LN {lion}-{lion}"))).collect();
        assert_eq!(stationary, vec![format!("LN {lion}-{lion}+")], "{spec}");
    }
}

/// Reading skip-vs-null-move: piece-passes-only (default; SUZ-160 "Making a move is required –
/// skipping a move is illegal" forbids a bare pass, SUZ-162 lets the named pieces skip) vs
/// no-pass ("no move that leaves the board unchanged is legal"). Lion h8 with a White Pawn on
/// h9: the igui is legal under both (it changes the board); the pass only by default; no null
/// move ever.
#[test]
fn skip_vs_null_move_reading() {
    for spec in [SUZUMU, MITSUGUMI] {
        for (option, pass) in [("piece-passes-only", true), ("no-pass", false)] {
            let e = engine(spec, &[("skip-vs-null-move", option)]);
            let p = position(&e, 'b', "", &[("h8", "LN"), ("h9", "p")]);
            let moves = e.legal_moves(&p);
            assert!(moves.iter().all(|m| m.kind != MoveKind::Null), "{spec} {option}: a null move");
            assert!(has(&e, &p, "LN h8-h8 x h9"), "{spec} {option}: igui");
            assert_eq!(has(&e, &p, "LN h8-h8"), pass, "{spec} {option}: pass");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Royals and the end of the game
// ---------------------------------------------------------------------------------------------

/// Plays `text` from the position and returns the game status after it.
fn status_after(e: &Engine, men: &[(&str, &str)], side: char, text: &str) -> Option<Outcome> {
    let mut p = position(e, side, "", men);
    let mut history = e.start_history(&p);
    let mv = find(e, &p, text);
    let mut undo = Vec::new();
    e.make(&mut p, &mv, &mut undo);
    e.status_after(&p, &mv, &mut history)
}

/// SUZ-150 "The Drunk Elephant promotes to a Prince, which is basically a second King"; SUZ-151
/// "When you have both the King and the Prince in play, you can afford to let one of them be
/// captured"; SUZ-152 "Only when you are left entirely without royals does the opponent win";
/// SUZ-187 "A player who captures the opponent's last remaining royal piece (a King or Prince)
/// wins the game". Reading prince-royal = prince-royal: "the Drunk Elephant is not" royal.
#[test]
fn suzumu_king_and_prince() {
    let e = engine(SUZUMU, &[]);
    // King captured, Prince left: the game goes on.
    assert_eq!(status_after(&e, &[("h1", "K"), ("a1", "+DE"), ("h16", "r")], 'w', "R h16xh1"), None);
    // Prince captured, King left: the game goes on.
    assert_eq!(status_after(&e, &[("h1", "K"), ("a1", "+DE"), ("a16", "r")], 'w', "R a16xa1"), None);
    // The last royal (a Prince) captured: White wins.
    assert!(matches!(
        status_after(&e, &[("a1", "+DE"), ("a16", "r")], 'w', "R a16xa1"),
        Some(Outcome::Win(Color::White, _))
    ));
    // King captured with only an unpromoted Drunk Elephant left: White wins.
    assert!(matches!(
        status_after(&e, &[("h1", "K"), ("i1", "DE"), ("h16", "r")], 'w', "R h16xh1"),
        Some(Outcome::Win(Color::White, _))
    ));
    // Reading prince-royal = elephant-royal-too: "the Drunk Elephant is royal as well".
    let e = engine(SUZUMU, &[("prince-royal", "elephant-royal-too")]);
    assert_eq!(status_after(&e, &[("h1", "K"), ("i1", "DE"), ("h16", "r")], 'w', "R h16xh1"), None);
    // Black wins by taking White's last royal as well.
    let e = engine(SUZUMU, &[]);
    assert!(matches!(
        status_after(&e, &[("h1", "R"), ("h16", "k")], 'b', "R h1xh16"),
        Some(Outcome::Win(Color::Black, _))
    ));
}

/// Mitsugumi MIT-177 "A player who captures the opponent's King wins the game."
#[test]
fn mitsugumi_king_capture_ends_the_game() {
    let e = engine(MITSUGUMI, &[]);
    assert!(matches!(
        status_after(&e, &[("g1", "K"), ("g13", "r")], 'w', "R g13xg1"),
        Some(Outcome::Win(Color::White, _))
    ));
    assert_eq!(status_after(&e, &[("g1", "K"), ("a5", "P"), ("g13", "r")], 'w', "R g13-g12"), None);
}
