//! Game ends by repetition (SUZ-193 "If the same game position occurs four times with the same
//! player to move, the game is a draw") and the perpetual-check reading, played through
//! `make` and `status_after` on positions counted by hand.

use crate::common;
use kensho::Color;

use common::play_texts as play;
use kensho::engine::status::Outcome;
use kensho::engine::Engine;
use std::collections::BTreeMap;
use std::path::Path;

fn suzumu(readings: &[(&str, &str)]) -> Engine {
    let spec = kensho::spec::load(Path::new("specs/suzumu.toml")).expect("spec loads");
    let choices: BTreeMap<String, String> = readings.iter().map(|(r, o)| (r.to_string(), o.to_string())).collect();
    Engine::new(&spec.resolve(&choices).expect("readings resolve")).expect("playable")
}

/// Plays `cycle` over and over from `start`: the ply the game ended at, and how.
fn cycle_ends(engine: &Engine, start: &str, cycle: &[&str]) -> (usize, Outcome) {
    let mut pos = engine.parse_position(start).unwrap();
    let moves: Vec<&str> = cycle.iter().cycle().take(40).copied().collect();
    play(engine, &mut pos, &moves).expect("the game ends")
}

/// Two Kings walking out and back: the start position recurs after every 4 plies.
const SHUFFLE: [&str; 4] = ["K a1-a2", "K p16-p15", "K a2-a1", "K p15-p16"];
const KINGS: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - 1";

#[test]
fn the_fourth_occurrence_of_a_position_is_a_draw() {
    let engine = suzumu(&[]);
    // The start occurs at ply 0, 4, 8 and 12: the fourth time after ply 12.
    let (ply, outcome) = cycle_ends(&engine, KINGS, &SHUFFLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Draw(_)), "{outcome:?}");
}

#[test]
fn the_four_repeats_reading_draws_one_cycle_later() {
    // repetition-count = four-repeats: the position must be repeated four times after its
    // first occurrence, i.e. occur five times: after ply 16.
    let engine = suzumu(&[("repetition-count", "four-repeats")]);
    let (ply, outcome) = cycle_ends(&engine, KINGS, &SHUFFLE);
    assert_eq!(ply, 16);
    assert!(matches!(outcome, Outcome::Draw(_)));
}

/// The second player's King shuffling p16-o16 under the first player's Rook checks (below).
const ROOK_START: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/15R/K15 w - 1";
const ROOK_CYCLE: [&str; 4] = ["K p16-o16", "R p2-o2", "K o16-p16", "R o2-p2"];

#[test]
fn perpetual_check_loses_for_the_checker_only_under_its_reading() {
    // The second player's King shuffles p16-o16-p16 while the first player's Rook follows it
    // along rank 2: Rook p2 checks up the p-file; after K p16-o16 the Rook goes to o2 (check
    // up the o-file); after K o16-p16 back to p2 (check). Every Rook move gives check. The
    // first player's King a1 stays out of reach. The second player moves first (w).
    // Default reading (perpetual-check = none): a plain draw on the fourth occurrence.
    let engine = suzumu(&[]);
    let (ply, outcome) = cycle_ends(&engine, ROOK_START, &ROOK_CYCLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Draw(_)), "{outcome:?}");
    // checker-loses: the first player (upper case, the Rook) gave check with every move of
    // the cycle, so it loses: the second player wins.
    let engine = suzumu(&[("perpetual-check", "checker-loses")]);
    let (ply, outcome) = cycle_ends(&engine, ROOK_START, &ROOK_CYCLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Win(Color::White, _)), "{outcome:?}");
}

#[test]
fn a_perpetual_check_counts_from_the_first_occurrence_of_the_position() {
    // The same Rook cycle entered after a quiet Rook move: the Rook starts on o3 and goes
    // o3-o2 while the King stands on p15 (no check). Counted by hand: the position after ply 3
    // (Rook o2, King p16, first player to move) recurs after plies 7, 11 and 15; every Rook
    // move since its first occurrence gave check (o2-p2, p2-o2, ...), the quiet o3-o2 came
    // before it: the fourth occurrence is a perpetual check and the first player loses.
    // Judged from the start of the game instead, the quiet move would spoil the perpetual
    // check and leave a plain draw at the same ply.
    let start = "15k/16/16/16/16/16/16/16/16/16/16/16/16/14R1/16/K15 w - 1";
    let prefix = ["K p16-p15", "R o3-o2", "K p15-p16", "R o2-p2"];
    let moves: Vec<&str> = prefix.iter().chain(ROOK_CYCLE.iter().cycle().take(36)).copied().collect();
    let engine = suzumu(&[("perpetual-check", "checker-loses")]);
    let mut pos = engine.parse_position(start).unwrap();
    let (ply, outcome) = play(&engine, &mut pos, &moves).expect("the game ends");
    assert_eq!(ply, 15);
    assert!(matches!(outcome, Outcome::Win(Color::White, _)), "{outcome:?}");
}

fn mitsugumi(readings: &[(&str, &str)]) -> Engine {
    let spec = kensho::spec::load(Path::new("specs/mitsugumi.toml")).expect("spec loads");
    let choices: BTreeMap<String, String> = readings.iter().map(|(r, o)| (r.to_string(), o.to_string())).collect();
    Engine::new(&spec.resolve(&choices).expect("readings resolve")).expect("playable")
}

#[test]
fn positions_that_differ_never_repeat_under_either_identity() {
    // Two Kings walking away from their corners, never back: twelve distinct positions. Under
    // repetition-identity = board-side-skip-state the skip state is added to the board's key
    // (no one skipped: nothing added); a key that lost the board (a mutant that combined them
    // with `&`) made every position "the same" and drew at the fourth.
    let start = "12k/13/13/13/13/13/13/13/13/13/13/13/K12 b - 1";
    let walk = [
        "K a1-a2",
        "K m13-m12",
        "K a2-a3",
        "K m12-m11",
        "K a3-a4",
        "K m11-m10",
        "K a4-a5",
        "K m10-m9",
        "K a5-a6",
        "K m9-m8",
        "K a6-a7",
        "K m8-m7",
    ];
    for option in ["board-and-side", "with-skip-state"] {
        let engine = mitsugumi(&[("repetition-identity", option)]);
        let mut pos = engine.parse_position(start).unwrap();
        assert_eq!(play(&engine, &mut pos, &walk), None, "{option}");
    }
}

#[test]
fn the_history_keeps_one_entry_per_position_and_forgets_on_truncate() {
    // The checker judges sibling moves on one history, truncating after each (check::run):
    // an entry left behind would count toward the next sibling's repetition.
    let engine = suzumu(&[]);
    let mut pos = engine.parse_position(KINGS).unwrap();
    let mut history = engine.start_history(&pos);
    assert_eq!(history.len(), 1);
    assert!(!history.is_empty());
    let moves = engine.legal_moves(&pos);
    let mv = moves.iter().find(|m| engine.move_text(m) == "K a1-a2").unwrap().clone();
    engine.make(&mut pos, &mv, &mut Vec::new());
    assert_eq!(engine.status_after(&pos, &mv, &mut history), None);
    assert_eq!(history.len(), 2);
    history.truncate(1);
    assert_eq!(history.len(), 1);
    let mut emptied = history.clone();
    emptied.truncate(0);
    assert!(emptied.is_empty());
    assert_eq!(emptied.len(), 0);
    // Truncated, the shuffle's start is met for the fourth time one cycle later than it would
    // be with the extra entry: played on from the start, the draw comes after ply 12 exactly.
    let mut pos = engine.parse_position(KINGS).unwrap();
    let mut history = engine.start_history(&pos);
    let mut undo = Vec::new();
    let mut ended = None;
    for (ply, text) in SHUFFLE.iter().cycle().take(12).enumerate() {
        let moves = engine.legal_moves(&pos);
        // Judge every sibling first, forgetting each, as the checker does.
        let known = history.len();
        for sibling in &moves {
            let mut after = pos.clone();
            engine.make(&mut after, sibling, &mut Vec::new());
            let _ = engine.status_after(&after, sibling, &mut history);
            history.truncate(known);
        }
        let mv = moves.iter().find(|m| engine.move_text(m) == *text).unwrap().clone();
        engine.make(&mut pos, &mv, &mut undo);
        if let Some(o) = engine.status_after(&pos, &mv, &mut history) {
            ended = Some((ply + 1, o));
            break;
        }
    }
    let (ply, outcome) = ended.expect("the fourth occurrence ends the game");
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Draw(_)), "{outcome:?}");
}

/// A bundled game with some rule settings changed, as a designer's variant states them.
fn variant(game: &str, settings: &[(&str, kensho::spec::settings::Setting)]) -> Engine {
    let spec = kensho::spec::load(Path::new(&format!("specs/{game}.toml"))).expect("spec loads");
    let mut g = spec.resolve(&BTreeMap::new()).expect("defaults resolve");
    for (path, value) in settings {
        g.rules.insert(path.to_string(), value.clone());
    }
    Engine::new(&g).expect("playable")
}

fn word(w: &str) -> kensho::spec::settings::Setting {
    kensho::spec::settings::Setting::Word(w.into())
}

/// Shoogantshii's General cycle (tests/data/readings/shoogantshii: perpetual-check-result):
/// the General checks from c7 and d6 while the King steps d8-d7-d8; the start recurs for the
/// fourth time after ply 12.
const GENERAL_START: &str = "9/3k5/9/3G5/9/9/9/9/4K4 b - 1";
const GENERAL_CYCLE: [&str; 4] = ["G d6-c7", "K d8-d7", "G c7-d6", "K d7-d8"];

#[test]
fn a_repetition_impasse_is_judged_without_any_perpetual_check_rule() {
    // Shoogantshii with end.perpetual-check = none: the four-fold repetition still triggers the
    // impasse count (SHO-45), 1 point (the General) to 0, neither above 34: a draw (SHO-47).
    let engine = variant("shoogantshii", &[("end.perpetual-check", word("none"))]);
    let (ply, outcome) = cycle_ends(&engine, GENERAL_START, &GENERAL_CYCLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Draw(_)), "{outcome:?}");
}

#[test]
fn a_perpetual_check_is_judged_without_a_repetition_draw() {
    // Suzumu with end.repetition = none and perpetual-check = checker-loses: the Rook cycle's
    // fourth occurrence is a perpetual check although a repetition decides nothing else.
    let engine = variant("suzumu", &[("end.repetition", word("none")), ("end.perpetual-check", word("checker-loses"))]);
    let (ply, outcome) = cycle_ends(&engine, ROOK_START, &ROOK_CYCLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Win(Color::White, _)), "{outcome:?}");
}

#[test]
fn consecutive_check_detection_ignores_the_repetition() {
    // Shoogantshii detecting perpetual check by nine checks in a row
    // (perpetual-check-detect = consecutive-checks, count 9): the General cycle gives six
    // checks by ply 12, where the fourth occurrence is an impasse (a draw), not a perpetual
    // check.
    let engine = variant(
        "shoogantshii",
        &[
            ("end.perpetual-check-detect", word("consecutive-checks")),
            ("end.perpetual-check-count", kensho::spec::settings::Setting::Int(9)),
        ],
    );
    let (ply, outcome) = cycle_ends(&engine, GENERAL_START, &GENERAL_CYCLE);
    assert_eq!(ply, 12);
    assert!(matches!(outcome, Outcome::Draw(_)), "{outcome:?}");
}

#[test]
fn a_stalemated_second_player_with_one_royal_loses_under_single_royal_only() {
    // Suzumu, stalemate-scope = single-royal-only ('only a player with one royal left loses
    // by stalemate'): the second player to move has only the King p1, walled in by its own
    // Pawns o1 (on its last rank), o2 and p2 (each blocked by its own man in front, a Pawn
    // steps only straight forward, SUZ-156). No legal move, one royal: the first player wins.
    // (The reading cases stalemate the first player; the second player's side went untested.)
    let engine = suzumu(&[("stalemate-scope", "single-royal-only")]);
    let pos = engine.parse_position("K15/16/16/16/16/16/16/16/16/16/16/16/16/16/14pp/14pk w - 1").unwrap();
    let moves = engine.legal_moves(&pos);
    assert!(moves.is_empty(), "{:?}", moves.iter().map(|m| engine.move_text(m)).collect::<Vec<_>>());
    let outcome = engine.status_before(&pos, &moves).expect("stalemate ends the game");
    assert!(matches!(outcome, Outcome::Win(Color::Black, _)), "{outcome:?}");
}

/// Suzumu with `legality.self-check = illegal` and `check.royals` as given, from the spec's text
/// (the readings that state those settings edited alike, so that the spec stays consistent).
fn suzumu_self_check_illegal(royals: &str) -> Engine {
    let text = std::fs::read_to_string("specs/suzumu.toml").expect("spec");
    let text = text
        .replace("self-check = \"allowed\"", "self-check = \"illegal\"")
        .replace("\"rules.legality.self-check\" = \"allowed\"", "\"rules.legality.self-check\" = \"illegal\"")
        .replace("royals = \"last-remaining\"", &format!("royals = \"{royals}\""))
        .replace("\"rules.check.royals\" = \"last-remaining\"", &format!("\"rules.check.royals\" = \"{royals}\""));
    let spec = kensho::spec::parse("specs/suzumu.toml", &text).expect("spec loads");
    Engine::new(&spec.game).expect("playable")
}

#[test]
fn with_two_royals_a_self_check_ban_spares_one_only_under_last_remaining() {
    // SUZ-172 "When a player's last remaining royal piece ... is under immediate attack ..., it
    // is in check" and SUZ-175 "may sacrifice one of them". The first player's Gold h6 shields
    // his Prince h4 from the Rook h10; his King a1 is safe. Under check.royals = last-remaining
    // no move of his leaves "a royal attacked" while both remain: the Gold may step aside.
    // Under any, a self-check ban forbids it (the moves along the file stay legal).
    let position = "15k/16/16/16/16/16/7r8/16/16/16/7G8/16/7(+DE)8/16/16/K15 b - 1";
    let moves_of = |engine: &Engine| -> Vec<String> {
        let pos = engine.parse_position(position).unwrap();
        engine.legal_moves(&pos).iter().map(|m| engine.move_text(m)).filter(|t| t.starts_with("G h6")).collect()
    };
    let spared = moves_of(&suzumu_self_check_illegal("last-remaining"));
    let banned = moves_of(&suzumu_self_check_illegal("any"));
    for side_step in ["G h6-g6", "G h6-i6", "G h6-g7", "G h6-i7"] {
        assert!(spared.iter().any(|m| m == side_step), "{side_step}: {spared:?}");
        assert!(!banned.iter().any(|m| m == side_step), "{side_step}: {banned:?}");
    }
    for on_file in ["G h6-h5", "G h6-h7"] {
        assert!(spared.iter().any(|m| m == on_file) && banned.iter().any(|m| m == on_file), "{on_file}");
    }
    // With the King gone the Prince is the last royal: the ban holds under both.
    let last = "15k/16/16/16/16/16/7r8/16/16/16/7G8/16/7(+DE)8/16/16/16 b - 1";
    let engine = suzumu_self_check_illegal("last-remaining");
    let pos = engine.parse_position(last).unwrap();
    let texts: Vec<String> = engine.legal_moves(&pos).iter().map(|m| engine.move_text(m)).collect();
    assert!(!texts.iter().any(|m| m == "G h6-g6"), "{texts:?}");
}
