//! Designed end positions and lines (src/witness/outcomes/) on small inline specs: for every
//! end-rule kind the designs build (stalemate, bare king, impasse by both Kings in the zone,
//! repetition with its count, skip state, skip exclusion, hands, extra turns, perpetual check
//! and its precedence over the impasse), one reading whose options differ in that rule: the
//! designed witness exists, and it is re-checked here by replaying it with the engines of both
//! options (tests/common/smt.rs `recheck`, `recheck_line`) and by counting the positions of the
//! line independently of the engines' histories. For each kind one pair of options that cannot
//! differ in any result gets no witness.
//!
//! The expected results come from the options' texts (the comment before each assertion says
//! how), never from the code's output.

use crate::common::smt;
use kensho::Color;

use kensho::engine::{Engine, Position};
use kensho::smt::readings::reading_witnesses;
use kensho::smt::{Limits, Verdict};
use kensho::spec::LoadedSpec;
use kensho::witness::outcomes::designed;
use kensho::witness::{Pair, Witness};
use smt::{comparison, engines, mini, recheck, recheck_line};

const SEED: u64 = 1;
const FIRST: &str = "first player (Black, sente)";
const SECOND: &str = "second player (White, gote)";

/// The engines of the reading's default and `option`, and the designed witness of the pair.
fn design(spec: &LoadedSpec, reading: &str, option: &str) -> (Engine, Engine, String, Option<Witness>) {
    let r = spec.spec.readings.iter().find(|r| r.id.get_ref() == reading).expect("the reading");
    let default = r.default.get_ref().clone();
    let (a, b) = engines(spec, reading, option);
    let w = designed(&Pair { a: &a, b: &b, a_name: &default, b_name: option }, Limits::default().line_plies, SEED);
    (a, b, default, w)
}

/// The positions of a line witness under `e`: the start, then the position after every ply.
fn replay(e: &Engine, w: &Witness) -> Vec<Position> {
    let mut pos = e.parse_position(&w.position).expect("the witness position parses");
    let mut out = vec![pos.clone()];
    let mut undo = Vec::new();
    for mt in &w.line {
        let moves = e.legal_moves(&pos);
        let mv = moves
            .iter()
            .find(|m| e.move_text(m) == *mt)
            .unwrap_or_else(|| panic!("{mt} is not legal in {}", e.position_string(&pos)));
        e.make(&mut pos, mv, &mut undo);
        out.push(pos.clone());
    }
    out
}

/// What "the same position" compares, from the position string (`<rows> <side> <hands>
/// <move number> [~skips] [+]`): board and side always, the hands, the skip field and the
/// extra-turn mark where asked.
fn key(e: &Engine, p: &Position, hands: bool, skips: bool, extra: bool) -> String {
    let text = e.position_string(p);
    let f: Vec<&str> = text.split_whitespace().collect();
    let mut k = format!("{} {}", f[0], f[1]);
    if hands {
        k.push_str(&format!(" {}", f[2]));
    }
    if skips {
        k.push_str(&format!(" {}", f.iter().find(|x| x.starts_with('~')).unwrap_or(&"-")));
    }
    if extra {
        k.push_str(if p.extra_turn { " +" } else { " ." });
    }
    k
}

/// How often the last position of `positions` occurred in all (by `k`), and the largest count
/// any position reached before the last ply.
fn occurrences(positions: &[Position], k: &dyn Fn(&Position) -> String) -> (usize, usize) {
    let keys: Vec<String> = positions.iter().map(k).collect();
    let last = keys.last().unwrap();
    let count = keys.iter().filter(|x| *x == last).count();
    let before = (0..keys.len() - 1).map(|i| keys[..=i].iter().filter(|x| **x == keys[i]).count()).max().unwrap_or(0);
    (count, before)
}

/// The board pieces of `player` that are not royal.
fn non_royals(e: &Engine, p: &Position, player: Color) -> usize {
    p.squares_of(player).filter(|(_, m)| !e.piece(m.piece).royal).count()
}

fn reading(id: &str, default: &str, default_set: &str, option: &str, option_set: &str) -> String {
    format!(
        r#"
[[reading]]
id = "{id}"
question = "test"
clauses = ["T-1"]
kind = "wording"
default = "{default}"
why = "test"

[[reading.option]]
name = "{default}"
means = "{default}"
set = {{ {default_set} }}

[[reading.option]]
name = "{option}"
means = "{option}"
set = {{ {option_set} }}
"#
    )
}

const KING: &str = r#"
[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true
"#;

const PAWN: &str = r#"
[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
"#;

const GOLD: &str = r#"
[[piece]]
id = "G"
name = "Gold"
betza = "WfF"
"#;

const ROOK: &str = r#"
[[piece]]
id = "R"
name = "Rook"
betza = "R"
"#;

fn board(files: u8, ranks: u8) -> String {
    format!("[board]\nfiles = {files}\nranks = {ranks}\n")
}

// ---------------------------------------------------------------------------------------------
// Stalemate.
// ---------------------------------------------------------------------------------------------

fn stalemate_spec(royals: &str, setup: &str, default: &str, option: &str) -> String {
    format!(
        "{}{KING}{PAWN}{royals}\n[setup]\n{setup}\n\n[rules.end]\nstalemate = \"{default}\"\n{}",
        board(5, 5),
        reading(
            "stalemate-result",
            default,
            &format!("\"rules.end.stalemate\" = \"{default}\""),
            option,
            &format!("\"rules.end.stalemate\" = \"{option}\"")
        )
    )
}

/// The witness position is a stalemate as the rule defines it: the side to move has no legal
/// move and no royal attacked.
fn assert_stalemate(label: &str, e: &Engine, w: &Witness) -> Position {
    assert!(w.line.is_empty(), "{label}: a position witness, not a line: {:?}", w.line);
    let pos = e.parse_position(&w.position).unwrap();
    assert!(e.legal_moves(&pos).is_empty(), "{label}: {} has legal moves", w.position);
    assert!(!e.in_check(&pos, pos.side), "{label}: {} is check, not stalemate", w.position);
    pos
}

#[test]
fn stalemate_as_loss_against_draw_has_a_designed_position() {
    let spec = mini(&stalemate_spec("", "K = \"c1\"", "loss", "draw"));
    let (a, b, default, w) = design(&spec, "stalemate-result", "draw");
    let w = w.expect("a designed stalemate");
    let pos = assert_stalemate("loss/draw", &a, &w);
    let r = recheck("loss/draw", &w, (&default, &a), ("draw", &b));
    // "loss": the player who cannot move loses, so the other player wins; "draw": a draw.
    let stalemated = if pos.side == Color::Black { FIRST } else { SECOND };
    let winner = if pos.side == Color::Black { SECOND } else { FIRST };
    assert!(
        r.status_a.as_deref().is_some_and(|s| s.starts_with(&format!("{winner} wins")) && s.contains(stalemated)),
        "{:?}",
        r.status_a
    );
    assert!(r.status_b.as_deref().is_some_and(|s| s.starts_with("draw")), "{:?}", r.status_b);
}

#[test]
fn stalemate_with_two_royals_separates_loss_from_loss_if_one_royal() {
    // The Prince is a second royal each player starts with.
    let prince = "\n[[piece]]\nid = \"PR\"\nname = \"Prince\"\nbetza = \"K\"\nroyal = true\n";
    let spec = mini(&stalemate_spec(prince, "K = \"c1\"\nPR = \"d1\"", "loss", "loss-if-one-royal-else-draw"));
    let (a, b, default, w) = design(&spec, "stalemate-result", "loss-if-one-royal-else-draw");
    let w = w.expect("a designed stalemate with two royals");
    let pos = assert_stalemate("two royals", &a, &w);
    // The options differ only for a player with more than one royal: the witness has two.
    assert_eq!(a.royals_of(&pos, pos.side).len(), 2, "{}", w.position);
    let r = recheck("two royals", &w, (&default, &a), ("loss-if-one-royal-else-draw", &b));
    // "loss": the stalemated player loses however many royals; the other option: a draw with
    // more than one royal.
    let winner = if pos.side == Color::Black { SECOND } else { FIRST };
    assert!(r.status_a.as_deref().is_some_and(|s| s.starts_with(&format!("{winner} wins"))), "{:?}", r.status_a);
    assert!(r.status_b.as_deref().is_some_and(|s| s.starts_with("draw")), "{:?}", r.status_b);
}

#[test]
fn stalemate_with_one_royal_each_gets_no_witness_for_loss_if_one_royal() {
    // Each player has one King and no other royal: "loss if one royal" is "loss" on every
    // position the game has.
    let spec = mini(&stalemate_spec("", "K = \"c1\"", "loss", "loss-if-one-royal-else-draw"));
    let (_, _, _, w) = design(&spec, "stalemate-result", "loss-if-one-royal-else-draw");
    assert!(w.is_none(), "{w:?}");
}

// ---------------------------------------------------------------------------------------------
// Bare king.
// ---------------------------------------------------------------------------------------------

fn bare_spec(drops: bool, rules: &str, reading_text: &str) -> String {
    let drops = if drops { "\n[rules.drops]\nenabled = true\n" } else { "" };
    format!(
        "{}{KING}{GOLD}{PAWN}\n[setup]\nK = \"d1\"\nG = \"c1,e1\"\n{drops}\n[rules.end]\n{rules}\n{reading_text}",
        board(7, 7)
    )
}

/// After the line, the player who lost its last piece has nothing but royals on the board.
fn assert_bared(e: &Engine, w: &Witness) -> Color {
    let positions = replay(e, w);
    assert_eq!(w.line.len(), 1, "one capture: {:?}", w.line);
    let (before, after) = (&positions[0], &positions[1]);
    let bared = before.side.opposite();
    assert_eq!(non_royals(e, before, bared), 1, "{}", w.position);
    assert_eq!(non_royals(e, after, bared), 0, "{:?}", w.line);
    assert!(!e.royals_of(after, bared).is_empty());
    bared
}

#[test]
fn bare_king_loss_against_no_rule_has_a_designed_capture() {
    let spec = mini(&bare_spec(
        false,
        "bare-king = \"none\"",
        &reading(
            "bare-king",
            "no-rule",
            "\"rules.end.bare-king\" = \"none\"",
            "loss",
            "\"rules.end.bare-king\" = \"loss\", \"rules.end.bare-king-when\" = \"immediately\"",
        ),
    ));
    let (a, b, default, w) = design(&spec, "bare-king", "loss");
    let w = w.expect("a designed capture");
    let bared = assert_bared(&a, &w);
    let (ta, tb) = recheck_line("bare king", &w, (&default, &a), ("loss", &b));
    // No rule: the game goes on. "loss": a player with nothing but royals loses at once.
    assert_eq!(ta, "game goes on");
    let winner = if bared == Color::White { FIRST } else { SECOND };
    assert!(tb.starts_with(&format!("{winner} wins")), "{tb}");
}

#[test]
fn bare_king_with_a_piece_in_hand_separates_loss_from_loss_unless_hand() {
    let spec = mini(&bare_spec(
        true,
        "bare-king = \"loss\"",
        &reading(
            "bare-hand",
            "loss",
            "\"rules.end.bare-king\" = \"loss\"",
            "unless-hand",
            "\"rules.end.bare-king\" = \"loss-unless-hand\"",
        ),
    ));
    let (a, b, default, w) = design(&spec, "bare-hand", "unless-hand");
    let w = w.expect("a designed capture");
    let bared = assert_bared(&a, &w);
    let positions = replay(&a, &w);
    // The options differ only when the bared player holds a piece in hand.
    assert!(positions[1].hands[bared as usize].iter().any(|&n| n > 0), "{}", w.position);
    let (ta, tb) = recheck_line("bare king in hand", &w, (&default, &a), ("unless-hand", &b));
    // "loss": nothing but royals on the board loses; "loss unless hand": a piece in hand saves.
    let winner = if bared == Color::White { FIRST } else { SECOND };
    assert!(ta.starts_with(&format!("{winner} wins")), "{ta}");
    assert_eq!(tb, "game goes on");
}

#[test]
fn bare_king_timing_without_the_rule_gets_no_witness() {
    // With no bare-king rule, when it would apply changes nothing.
    let spec = mini(&bare_spec(
        false,
        "bare-king = \"none\"\nbare-king-when = \"immediately\"",
        &reading(
            "bare-when",
            "immediately",
            "\"rules.end.bare-king-when\" = \"immediately\"",
            "after-own-turn",
            "\"rules.end.bare-king-when\" = \"after-own-turn\"",
        ),
    ));
    let (_, _, _, w) = design(&spec, "bare-when", "after-own-turn");
    assert!(w.is_none(), "{w:?}");
}

// ---------------------------------------------------------------------------------------------
// Impasse: both Kings in their zones.
// ---------------------------------------------------------------------------------------------

fn impasse_spec(rules: &str, reading_text: &str) -> String {
    format!(
        "{}\n[zone.promotion]\nranks = [6, 7]\n{KING}{GOLD}\n[setup]\nK = \"c1\"\n\n[rules.promotion]\nzone = \"promotion\"\n\n[rules.end]\n{rules}\n{reading_text}",
        board(5, 7)
    )
}

#[test]
fn impasse_by_both_kings_in_the_zone_has_a_designed_king_step() {
    let spec = mini(&impasse_spec(
        "impasse = \"none\"",
        &reading(
            "impasse",
            "none",
            "\"rules.end.impasse\" = \"none\"",
            "points",
            "\"rules.end.impasse\" = \"points\", \"rules.end.impasse-trigger\" = \"both-kings-in-zone\", \"rules.end.impasse-threshold\" = 1",
        ),
    ));
    let (a, b, default, w) = design(&spec, "impasse", "points");
    let w = w.expect("a designed impasse");
    let positions = replay(&a, &w);
    let last = positions.last().unwrap();
    // The trigger: every royal of both players stands in its own promotion zone at the end.
    for player in Color::ALL {
        for sq in a.royals_of(last, player) {
            assert!(a.in_zone("promotion", player, sq), "{}: {} in {:?}", player.index(), sq.name(), w.line);
        }
    }
    let (ta, tb) = recheck_line("impasse", &w, (&default, &a), ("points", &b));
    // No impasse rule: the game goes on. "points": one point per non-royal piece on the board;
    // a player with at least 1 wins if the other has none, otherwise a draw.
    assert_eq!(ta, "game goes on");
    let reached = [non_royals(&a, last, Color::Black) >= 1, non_royals(&a, last, Color::White) >= 1];
    let expect = match reached {
        [true, false] => format!("{FIRST} wins"),
        [false, true] => format!("{SECOND} wins"),
        _ => "draw".to_string(),
    };
    assert!(tb.starts_with(&expect), "{tb}, expected {expect}");
}

#[test]
fn impasse_declaration_against_no_impasse_has_a_designed_declaring_position() {
    // Option "declaration": the player to move, not in check, with its King in the promotion
    // zone (ranks 6-7) and at least two other pieces there, declares and wins with 3 points
    // (one per non-royal piece in the zone). The default has no impasse rule: the game goes on.
    let body = format!(
        "{}\n[zone.promotion]\nranks = [6, 7]\n{KING}{GOLD}\n[setup]\nK = \"c1\"\nG = \"a1,b1,d1,e1\"\n\n[rules.promotion]\nzone = \"promotion\"\n\n[rules.end]\nimpasse = \"none\"\n{}",
        board(5, 7),
        reading(
            "impasse",
            "none",
            "\"rules.end.impasse\" = \"none\"",
            "declaration",
            "\"rules.end.impasse\" = \"points\", \"rules.end.impasse-declaration\" = \"king-in-zone\", \"rules.end.impasse-min-pieces\" = 2, \"rules.end.impasse-squares\" = \"promotion-zone\", \"rules.end.impasse-threshold\" = 3",
        )
    );
    let spec = mini(&body);
    let (a, b, default, w) = design(&spec, "impasse", "declaration");
    let w = w.expect("a designed declaration");
    assert!(w.line.is_empty(), "a position witness: {:?}", w.line);
    let r = recheck("declaration", &w, (&default, &a), ("declaration", &b));
    assert_eq!(r.status_a, None, "no impasse rule: the game goes on");
    let pos = &r.pos_b;
    assert_eq!(pos.side, Color::Black, "the first player declares");
    let kings = b.royals_of(pos, Color::Black);
    assert!(
        !kings.is_empty() && kings.iter().all(|&k| b.in_zone("promotion", Color::Black, k)),
        "the King in the zone: {}",
        w.position
    );
    assert!(!b.in_check(pos, Color::Black), "not in check: {}", w.position);
    let in_zone = pos
        .size
        .squares()
        .filter(|&s| {
            pos.at(s).is_some_and(|m| m.player == Color::Black && !b.piece(m.piece).royal)
                && b.in_zone("promotion", Color::Black, s)
        })
        .count();
    assert!(in_zone >= 3, "{in_zone} pieces (and points) in the zone: {}", w.position);
    let status = r.status_b.expect("the declaration ends the game");
    assert!(status.starts_with(&format!("{FIRST} wins")) && status.contains("declaration"), "{status}");
}

#[test]
fn impasse_threshold_stated_twice_gets_no_witness() {
    // The second player's threshold, unset, is the first player's; stating it equal changes
    // no count.
    let spec = mini(&impasse_spec(
        "impasse = \"points\"\nimpasse-trigger = \"both-kings-in-zone\"\nimpasse-threshold = 1",
        &reading(
            "second-threshold",
            "same",
            "\"rules.end.impasse-threshold\" = 1",
            "stated",
            "\"rules.end.impasse-threshold-second\" = 1",
        ),
    ));
    let (_, _, _, w) = design(&spec, "second-threshold", "stated");
    assert!(w.is_none(), "{w:?}");
}

/// The impasse result the rule text gives for `points` against `threshold`: a player reaching
/// it wins if the other does not, otherwise a draw.
fn impasse_expect(points: [usize; 2], threshold: usize) -> String {
    match [points[0] >= threshold, points[1] >= threshold] {
        [true, false] => format!("{FIRST} wins"),
        [false, true] => format!("{SECOND} wins"),
        _ => "draw".to_string(),
    }
}

#[test]
fn impasse_thresholds_on_a_fourfold_repetition_have_a_designed_line_with_counted_pieces() {
    // The impasse is scored on a fourfold repetition, one point per non-royal piece on the
    // board; the options need four points or three.
    let spec = mini(&format!(
        "{}{KING}{GOLD}{PAWN}\n[setup]\nK = \"d1\"\nG = \"c1,e1\"\nP = \"c2,d2\"\n\n[rules.end]\nrepetition = \"none\"\nrepetition-count = 4\nimpasse = \"points\"\nimpasse-trigger = \"repetition\"\nimpasse-threshold = 4\n{}",
        board(7, 7),
        reading("threshold", "four", "\"rules.end.impasse-threshold\" = 4", "three", "\"rules.end.impasse-threshold\" = 3"),
    ));
    let (a, b, default, w) = design(&spec, "threshold", "three");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    let last = positions.last().unwrap();
    let (count, before) = occurrences(&positions, &|p| key(&a, p, true, false, false));
    assert_eq!((count, before), (4, 3), "{:?}", w.line);
    // Never more pieces than the game has: four Golds and four Pawns in all.
    assert!(non_royals(&a, last, Color::Black) + non_royals(&a, last, Color::White) <= 8, "{}", w.position);
    let points = [non_royals(&a, last, Color::Black), non_royals(&a, last, Color::White)];
    let (ta, tb) = recheck_line("impasse threshold", &w, (&default, &a), ("three", &b));
    assert!(ta.starts_with(&impasse_expect(points, 4)), "{ta} ({points:?})");
    assert!(tb.starts_with(&impasse_expect(points, 3)), "{tb} ({points:?})");
}

// ---------------------------------------------------------------------------------------------
// Repetition.
// ---------------------------------------------------------------------------------------------

fn repetition_spec(extra_pieces: &str, rules: &str, reading_text: &str) -> String {
    format!("{}{KING}{GOLD}{ROOK}{extra_pieces}\n[setup]\nK = \"d1\"\n\n{rules}\n{reading_text}", board(7, 7))
}

#[test]
fn repetition_count_three_against_four_has_a_designed_shuffle() {
    let spec = mini(&repetition_spec(
        "",
        "[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4",
        &reading("count", "four", "\"rules.end.repetition-count\" = 4", "three", "\"rules.end.repetition-count\" = 3"),
    ));
    let (a, b, default, w) = design(&spec, "count", "three");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    // The line ends at the third occurrence of a position (board and side), none before.
    let (count, before) = occurrences(&positions, &|p| key(&a, p, false, false, false));
    assert_eq!((count, before), (3, 2), "{:?}", w.line);
    let (ta, tb) = recheck_line("count", &w, (&default, &a), ("three", &b));
    // Four occurrences draw under the default (not yet), three under the option.
    assert_eq!(ta, "game goes on");
    assert!(tb.starts_with("draw"), "{tb}");
}

const PASSER: &str = r#"
[[piece]]
id = "W"
name = "Wazir"
betza = "W"

[piece.ability]
pass = true
"#;

const SKIPS: &str = "[rules.skip]\nby-piece = \"allowed\"\nsquares = \"any-adjacent-empty\"\nlimit = \"both\"\n";

#[test]
fn repetition_identity_with_skip_state_has_a_designed_line_with_skips() {
    let spec = mini(&repetition_spec(
        PASSER,
        &format!(
            "{SKIPS}\n[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nrepetition-identity = \"board-side\""
        ),
        &reading(
            "identity",
            "board-side",
            "\"rules.end.repetition-identity\" = \"board-side\"",
            "with-skips",
            "\"rules.end.repetition-identity\" = \"board-side-skip-state\"",
        ),
    ));
    let (a, b, default, w) = design(&spec, "identity", "with-skips");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    // The line has skips (a pass: a move that ends where it starts).
    assert!(
        w.line.iter().any(|m| m.split_whitespace().last().is_some_and(|s| s
            .split('-')
            .collect::<Vec<_>>()
            .windows(2)
            .any(|p| p[0] == p[1]))),
        "{:?}",
        w.line
    );
    // The last position occurs the fourth time by board and side, fewer times with the skip
    // state.
    let (count, _) = occurrences(&positions, &|p| key(&a, p, false, false, false));
    let (with_skips, _) = occurrences(&positions, &|p| key(&a, p, false, true, false));
    assert_eq!(count, 4, "{:?}", w.line);
    assert!(with_skips < 4, "{with_skips}");
    let (ta, tb) = recheck_line("identity", &w, (&default, &a), ("with-skips", &b));
    // Board and side: the fourth occurrence draws. With the skip state: not the same position.
    assert!(ta.starts_with("draw"), "{ta}");
    assert_eq!(tb, "game goes on");
}

#[test]
fn positions_after_skips_excluded_has_a_designed_line_ending_on_a_skip() {
    let spec = mini(&repetition_spec(
        PASSER,
        &format!("{SKIPS}\n[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nrepetition-exclude = \"none\""),
        &reading(
            "exclude",
            "none",
            "\"rules.end.repetition-exclude\" = \"none\"",
            "after-skips",
            "\"rules.end.repetition-exclude\" = \"positions-after-skips\"",
        ),
    ));
    let (a, b, default, w) = design(&spec, "exclude", "after-skips");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    let (count, _) = occurrences(&positions, &|p| key(&a, p, false, false, false));
    assert_eq!(count, 4, "{:?}", w.line);
    // The last ply is a skip: the position it reaches is not counted under the option.
    let last = w.line.last().unwrap();
    let (from, to) = last.split_whitespace().last().unwrap().split_once('-').unwrap();
    assert_eq!(from, to, "{last}");
    let (ta, tb) = recheck_line("exclude", &w, (&default, &a), ("after-skips", &b));
    assert!(ta.starts_with("draw"), "{ta}");
    assert_eq!(tb, "game goes on");
}

#[test]
fn illegal_skips_excluded_gets_no_witness() {
    // Illegal skips are never played, so excluding the positions they reach excludes nothing.
    let spec = mini(&repetition_spec(
        PASSER,
        &format!("{SKIPS}\n[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nrepetition-exclude = \"none\""),
        &reading(
            "exclude",
            "none",
            "\"rules.end.repetition-exclude\" = \"none\"",
            "illegal",
            "\"rules.end.repetition-exclude\" = \"illegal-skips\"",
        ),
    ));
    let (_, _, _, w) = design(&spec, "exclude", "illegal");
    assert!(w.is_none(), "{w:?}");
}

#[test]
fn perpetual_check_has_a_designed_line_of_checks() {
    let spec = mini(&repetition_spec(
        "",
        "[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nperpetual-check = \"none\"",
        &reading(
            "perpetual",
            "draw",
            "\"rules.end.perpetual-check\" = \"none\"",
            "checker-loses",
            "\"rules.end.perpetual-check\" = \"checker-loses\"",
        ),
    ));
    let (a, b, default, w) = design(&spec, "perpetual", "checker-loses");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    let checker = positions[0].side;
    // Every move of the checker gives check.
    for (i, p) in positions.iter().enumerate().skip(1) {
        if positions[i - 1].side == checker {
            assert!(a.in_check(p, checker.opposite()), "ply {i} ({}) gives no check", w.line[i - 1]);
        }
    }
    let (count, _) = occurrences(&positions, &|p| key(&a, p, false, false, false));
    assert_eq!(count, 4, "{:?}", w.line);
    let (ta, tb) = recheck_line("perpetual", &w, (&default, &a), ("checker-loses", &b));
    // No perpetual rule: the fourfold repetition draws. "checker loses": the other wins.
    assert!(ta.starts_with("draw"), "{ta}");
    let winner = if checker == Color::Black { SECOND } else { FIRST };
    assert!(tb.starts_with(&format!("{winner} wins")), "{tb}");
}

#[test]
fn repetition_identity_without_hands_has_a_designed_line_with_a_drop() {
    let spec = mini(&repetition_spec(
        "",
        "[rules.drops]\nenabled = true\n\n[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nrepetition-identity = \"board-hands-side\"",
        &reading("hands", "with-hands", "\"rules.end.repetition-identity\" = \"board-hands-side\"", "board-side", "\"rules.end.repetition-identity\" = \"board-side\""),
    ));
    let (a, b, default, w) = design(&spec, "hands", "board-side");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    assert!(w.line.iter().any(|m| m.contains('*')), "a drop: {:?}", w.line);
    // The fourth occurrence by board and side; fewer with the hands.
    let (count, _) = occurrences(&positions, &|p| key(&a, p, false, false, false));
    let (with_hands, _) = occurrences(&positions, &|p| key(&a, p, true, false, false));
    assert_eq!(count, 4, "{:?}", w.line);
    assert!(with_hands < 4, "{with_hands}");
    let (ta, tb) = recheck_line("hands", &w, (&default, &a), ("board-side", &b));
    assert_eq!(ta, "game goes on");
    assert!(tb.starts_with("draw"), "{tb}");
}

#[test]
fn repetition_counted_at_every_action_has_a_designed_line_through_extra_turns() {
    let spec = mini(&format!(
        "{}\n[zone.first]\nranks = [1, 2]\n{KING}{GOLD}\n[setup]\nK = \"e1\"\n\n[rules.drops]\nenabled = true\n\n[rules.extra-turn]\nafter = \"drop-in-first-zone\"\noptional = true\n\n[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4\nrepetition-counted-at = \"turn-boundaries\"\n{}",
        board(9, 9),
        reading("counted", "boundaries", "\"rules.end.repetition-counted-at\" = \"turn-boundaries\"", "every-action", "\"rules.end.repetition-counted-at\" = \"every-action\""),
    ));
    let (a, b, default, w) = design(&spec, "counted", "every-action");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    // The repeated position is one on an extra turn, occurring the fourth time.
    let last = positions.last().unwrap();
    assert!(last.extra_turn, "{:?}", w.line);
    let (count, _) = occurrences(&positions, &|p| key(&a, p, true, false, true));
    assert_eq!(count, 4, "{:?}", w.line);
    let (ta, tb) = recheck_line("counted", &w, (&default, &a), ("every-action", &b));
    // Turn boundaries only: the extra-turn position is not counted; every action: it is.
    assert_eq!(ta, "game goes on");
    assert!(tb.starts_with("draw"), "{tb}");
}

#[test]
fn perpetual_check_before_the_impasse_has_a_designed_line() {
    // Shoogantshii's rules: a fourfold repetition is scored as an impasse, and perpetual check
    // loses; the precedence decides which applies to a repetition under checks.
    let spec = mini(&repetition_spec(
        "",
        "[rules.end]\nrepetition = \"none\"\nrepetition-count = 4\nperpetual-check = \"checker-loses\"\nperpetual-check-count = 4\nimpasse = \"points\"\nimpasse-trigger = \"repetition\"\nimpasse-threshold = 10\nprecedence = [\"perpetual-check\", \"impasse\"]",
        &reading(
            "precedence",
            "perpetual-first",
            "\"rules.end.precedence\" = [\"perpetual-check\", \"impasse\"]",
            "impasse-first",
            "\"rules.end.precedence\" = [\"impasse\", \"perpetual-check\"]",
        ),
    ));
    let (a, b, default, w) = design(&spec, "precedence", "impasse-first");
    let w = w.expect("a designed line");
    let positions = replay(&a, &w);
    let checker = positions[0].side;
    let last = positions.last().unwrap();
    let (ta, tb) = recheck_line("precedence", &w, (&default, &a), ("impasse-first", &b));
    // Perpetual check first: the checker loses. Impasse first: one point per non-royal piece
    // on the board, 10 needed; a player reaching it wins if the other does not, else a draw.
    let winner = if checker == Color::Black { SECOND } else { FIRST };
    assert!(ta.starts_with(&format!("{winner} wins")), "{ta}");
    let reached = [non_royals(&a, last, Color::Black) >= 10, non_royals(&a, last, Color::White) >= 10];
    let expect = match reached {
        [true, false] => format!("{FIRST} wins"),
        [false, true] => format!("{SECOND} wins"),
        _ => "draw".to_string(),
    };
    assert!(tb.starts_with(&expect), "{tb}, expected {expect}");
}

// ---------------------------------------------------------------------------------------------
// Through the reading report: the designed witness is what `reading_witnesses` reports.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_reading_report_names_the_designed_witnesses() {
    let spec = mini(&stalemate_spec("", "K = \"c1\"", "loss", "draw"));
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    let c = comparison(&reports, "stalemate-result", "draw");
    assert_eq!(c.effect, "outcome");
    assert_eq!(c.method, "designed end position", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness);
    let spec = mini(&repetition_spec(
        "",
        "[rules.end]\nrepetition = \"draw\"\nrepetition-count = 4",
        &reading("count", "four", "\"rules.end.repetition-count\" = 4", "three", "\"rules.end.repetition-count\" = 3"),
    ));
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    let c = comparison(&reports, "count", "three");
    assert_eq!(c.method, "designed line", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness);
    let (a, b) = engines(&spec, "count", "three");
    smt::recheck_comparison("count", c, ("four", &a), ("three", &b));
}

#[test]
fn results_that_differ_only_in_their_stated_reason_are_the_same_result() {
    // Shoogantshii, reading move-into-check: under king-only ("the King may step into check,
    // but another piece may not expose its own King; check need not be answered; the game
    // ends with the capture", a player without a move losing: end.stalemate = loss) and under
    // illegal (checkmate is terminal) a King in check with no move at all loses either way:
    // 0-1, once for "no legal move" and once for "checkmate". The position: our King d1 and
    // eight Advisors fill our Palace (d1-f3), so none of them has a square to go to (King and
    // Advisors stay in the Palace, SHO-3, SHO-8); the enemy Cannon a1 checks the King over the
    // screen b1 (c1 empty); the enemy King e9 stands in its own Palace. Our hand is empty.
    let spec = kensho::spec::load(std::path::Path::new("specs/shoogantshii.toml")).expect("bundled spec");
    let (_, a) = engines(&spec, "move-into-check", "king-only");
    let (_, b) = engines(&spec, "move-into-check", "illegal");
    let text = "4k4/9/9/9/9/9/3AAA3/3AAA3/cg1KAA3 b - 1";
    let pa = a.parse_position(text).expect("position");
    let pb = b.parse_position(text).expect("position");
    let (ma, mb) = (a.legal_moves(&pa), b.legal_moves(&pb));
    assert!(
        ma.is_empty() && mb.is_empty(),
        "no move under either: {:?} {:?}",
        ma.iter().map(|m| a.move_text(m)).collect::<Vec<_>>(),
        mb.iter().map(|m| b.move_text(m)).collect::<Vec<_>>()
    );
    let (sa, sb) =
        (a.status_before(&pa, &ma).expect("the game is over"), b.status_before(&pb, &mb).expect("the game is over"));
    assert_ne!(sa.describe(), sb.describe(), "the reasons differ");
    assert_eq!((sa.score(), sb.score()), ("0-1", "0-1"));
    let pair = Pair { a: &a, b: &b, a_name: "king-only", b_name: "illegal" };
    let (diff, outcomes) = kensho::witness::compare::compare(&pair, &pa).expect("the position carries over");
    assert!(diff.is_empty() && outcomes.is_empty(), "a witness by wording alone: {outcomes:?}");
}
