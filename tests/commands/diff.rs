//! `kensho diff` as library code (src/commands/diff/): variants of specs/shogi.toml made by
//! changing one thing in its text, compared with the original, and the games the sample
//! positions come from (a variant of specs/minishogi.toml). Every expected value comes from
//! the rules (counted by hand on the board, or the published shogi perft figures 30 and 900),
//! never from the command's own output; each test says how.

use kensho::commands::diff::{compare, sample_positions, Change, Options, SpecDiff};
use kensho::engine::Engine;
use kensho::random::SplitMix64;
use kensho::spec::{load, parse, LoadedSpec};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn shogi() -> LoadedSpec {
    load(Path::new("specs/shogi.toml")).expect("specs/shogi.toml loads")
}

fn shogi_text() -> String {
    crate::common::read_text("specs/shogi.toml")
}

/// specs/shogi.toml with `from` replaced by `to` (once; `from` must be there), loaded under a
/// label in a directory without a properties file.
fn variant(from: &str, to: &str) -> LoadedSpec {
    let text = shogi_text();
    assert!(text.contains(from), "specs/shogi.toml no longer contains {from:?}");
    from_text(&text.replacen(from, to, 1))
}

fn from_text(text: &str) -> LoadedSpec {
    parse("variant/specs/shogi.toml", text).unwrap_or_else(|e| panic!("the variant does not load:\n{e}"))
}

/// Few samples keep the tests quick; the seed is fixed so that a failure replays.
fn options() -> Options {
    Options { depth: 2, samples: 40, seed: 7, ..Options::default() }
}

fn diff(old: &LoadedSpec, new: &LoadedSpec) -> SpecDiff {
    compare(old, new, &options()).expect("the comparison runs")
}

fn change(path: &str, old: Option<&str>, new: Option<&str>) -> Change {
    Change { path: path.into(), old: old.map(String::from), new: new.map(String::from) }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// (depth, old, new, difference) of every perft row.
fn perft(d: &SpecDiff) -> Vec<(u32, u64, u64, i64)> {
    d.perft.rows.iter().map(|r| (r.depth, r.old, r.new, r.difference)).collect()
}

/// The published shogi figures: 30 moves from the start, 900 after two plies; unchanged.
const SHOGI_PERFT: [(u32, u64, u64, i64); 2] = [(1, 30, 30, 0), (2, 900, 900, 0)];

#[test]
fn a_spec_against_itself_has_no_difference() {
    let d = diff(&shogi(), &shogi());
    assert!(d.is_empty(), "{d:#?}");
    assert_eq!(perft(&d), SHOGI_PERFT);
    // Every sampled position is a shogi position, so every one carries over.
    assert!(d.samples.compared);
    assert_eq!((d.samples.positions, d.samples.transferred), (40, 40));
    // Both sides read properties/shogi.toml.
    assert!(d.invariants.compared, "{:?}", d.invariants);
    assert!(d.notes.is_empty(), "{:?}", d.notes);
}

#[test]
fn a_knight_with_a_backward_leap_gains_two_squares_and_changes_no_early_perft() {
    let d = diff(&shogi(), &variant("betza = \"ffN\"", "betza = \"ffNbbN\""));
    assert!(!d.is_empty());
    assert_eq!(d.pieces.changed.len(), 1, "{:#?}", d.pieces.changed);
    let n = d.piece("N").expect("the Knight changed");
    assert_eq!(n.attributes, vec![change("piece.N.betza", Some("ffN"), Some("ffNbbN"))]);
    // From e5 the forward leaps go to d7 and f7; bbN adds the mirror images two ranks back,
    // d3 and f3, as moves and as captures of a lone enemy. Nothing is lost.
    assert_eq!(n.empty_board.len(), 1);
    let r = &n.empty_board[0];
    assert_eq!((r.move_set.as_str(), r.from.as_str()), ("move", "e5"));
    assert_eq!(r.moves_gained, strings(&["d3", "f3"]));
    assert_eq!(r.captures_gained, strings(&["d3", "f3"]));
    assert!(r.moves_lost.is_empty() && r.captures_lost.is_empty());
    // The Knights stand on the first rank with nothing behind them, and their forward squares
    // (a3, c3, g3, i3) hold their own Pawns: in two plies no Knight moves, old or new.
    assert_eq!(perft(&d), SHOGI_PERFT);
    // On the sample positions the Knight gains moves, and every one shown is a backward leap:
    // two ranks toward its owner's side (down for the first player, up for the second).
    let knight = d.samples.pieces.iter().find(|p| p.piece == "N").expect("Knight moves differ on some sample");
    assert!(knight.gained > 0);
    assert!(knight.examples.iter().any(|e| e.legal_under == "new"), "{knight:#?}");
    for e in knight.examples.iter().filter(|e| e.legal_under == "new") {
        let (from, to) = squares_of(&e.mv);
        let backward = if side_to_move(&e.position) == "b" { -2 } else { 2 };
        assert_eq!(to.1 as i32 - from.1 as i32, backward, "{} in {}", e.mv, e.position);
        assert_eq!((to.0 as i32 - from.0 as i32).abs(), 1, "{} in {}", e.mv, e.position);
    }
}

/// (file, rank) of the two squares of a move text such as `N d5-c3` or `N d9-c7+`.
fn squares_of(mv: &str) -> ((u8, u32), (u8, u32)) {
    let body = mv.split_whitespace().nth(1).expect("piece and squares");
    let (a, b) = body.split_once(['-', 'x']).expect("from-to");
    let square = |s: &str| {
        let s = s.trim_end_matches(['+', '=']);
        (s.as_bytes()[0] - b'a', s[1..].parse::<u32>().expect("rank"))
    };
    (square(a), square(b))
}

fn side_to_move(position: &str) -> &str {
    position.split_whitespace().nth(1).expect("side field")
}

#[test]
fn allowing_null_moves_adds_one_move_per_position_and_shows_in_perft() {
    let d = diff(&shogi(), &variant("null-move = \"illegal\"", "null-move = \"allowed\""));
    assert_eq!(d.settings, vec![change("rules.skip.null-move", Some("\"illegal\""), Some("\"allowed\""))]);
    // Perft 1: the 30 moves plus the null move. Perft 2: after each of Black's 30 moves White
    // has its 30 plus the null move, and after Black's null move White faces the mirrored start
    // with 30 + 1: 31 x 31 = 961.
    assert_eq!(perft(&d), vec![(1, 30, 31, 1), (2, 900, 961, 61)]);
    // The null move is counted under "-" (no piece); no other move changes, since a null move
    // neither attacks nor blocks anything.
    let ids: Vec<&str> = d.samples.pieces.iter().map(|p| p.piece.as_str()).collect();
    assert_eq!(ids, ["-"]);
    let null = &d.samples.pieces[0];
    // At least the start position (not in check) gains it; at most every position does.
    assert!(null.gained >= 1 && null.gained <= d.samples.positions, "{null:?}");
    assert_eq!(null.lost, 0);
    assert!(null.examples.iter().all(|e| e.mv == "null" && e.legal_under == "new"));
}

/// A Camel (a (1,3) leaper) added to the piece list but not to the setup.
const CAMEL: &str = "[[piece]]\nid = \"C\"\nname = \"Camel\"\nbetza = \"C\"\n\n[group]";

#[test]
fn a_piece_added_and_removed_is_named_and_nothing_else_changes() {
    let with_camel = variant("[group]", CAMEL);
    let d = diff(&shogi(), &with_camel);
    let added: Vec<(&str, &str)> = d.pieces.added.iter().map(|p| (p.id.as_str(), p.name.as_str())).collect();
    assert_eq!(added, [("C", "Camel")]);
    assert!(d.pieces.removed.is_empty() && d.pieces.changed.is_empty(), "{:#?}", d.pieces);
    // The Camel is neither on the board nor in a hand: no position and no count changes.
    assert!(d.samples.pieces.is_empty(), "{:#?}", d.samples.pieces);
    assert_eq!(perft(&d), SHOGI_PERFT);
    assert!(!d.is_empty());

    let back = diff(&with_camel, &shogi());
    let removed: Vec<&str> = back.pieces.removed.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(removed, ["C"]);
    assert!(back.pieces.added.is_empty());
}

#[test]
fn a_wider_promotion_zone_is_a_zone_change_that_two_plies_do_not_reach() {
    let d = diff(&shogi(), &variant("ranks = [7, 8, 9]", "ranks = [6, 7, 8, 9]"));
    assert_eq!(
        d.board,
        vec![change("zone.promotion", Some("a7-i7, a8-i8, a9-i9"), Some("a6-i6, a7-i7, a8-i8, a9-i9"))]
    );
    assert!(d.settings.is_empty() && d.pieces.changed.is_empty());
    // In two plies a Pawn reaches its fourth rank and the Rooks slide along their second rank
    // (the Bishops are blocked): nothing reaches the sixth rank, so nothing promotes.
    assert_eq!(perft(&d), SHOGI_PERFT);
}

#[test]
fn a_taller_board_compares_reach_by_offsets_and_skips_the_samples() {
    let d = diff(&shogi(), &variant("ranks = 9\n", "ranks = 10\n"));
    assert_eq!(d.board, vec![change("board", Some("9x9"), Some("9x10"))]);
    // The centre stays e5 (the lower middle square of ten ranks). A rook on e5 of 9x9 reaches
    // 4 squares each way; on e5 of 9x10 it reaches 4 down, left and right, and 5 up: one
    // square more, (0,+5). The Lance (fR) reaches e6-e9 on 9x9 and e6-e10 on 9x10: the same
    // square more. The Bishop (4 squares on each diagonal, limited by the files) and the
    // leapers reach the same offsets. So the Rook, the Lance and the Dragon King (RF) change,
    // in the spec's piece order.
    let ids: Vec<&str> = d.pieces.changed.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["R", "L", "+R"]);
    for p in &d.pieces.changed {
        assert!(p.attributes.is_empty());
        let r = &p.empty_board[0];
        assert_eq!(r.from, "e5 -> e5");
        assert_eq!(r.moves_gained, ["(+0,+5)"]);
        assert_eq!(r.captures_gained, ["(+0,+5)"]);
        assert!(r.moves_lost.is_empty() && r.captures_lost.is_empty());
    }
    assert!(!d.samples.compared);
    assert!(d.samples.reason.as_deref().unwrap_or("").contains("boards differ"), "{:?}", d.samples.reason);
    // The armies stand one rank further apart; within two plies they still do not meet, and
    // each side's own moves are those of shogi.
    assert_eq!(perft(&d), SHOGI_PERFT);
}

/// specs/minishogi.toml where a player may leave the King attacked (self-check = allowed,
/// check.must-resolve = false): a checkmated player still has moves (each leaves the King to
/// be taken), so only end.checkmate = terminal, judged before a move, ends the game there.
fn minishogi_self_check_allowed() -> Engine {
    let mut text = crate::common::read_text("specs/minishogi.toml");
    for (from, to) in
        [("self-check = \"illegal\"", "self-check = \"allowed\""), ("must-resolve = true", "must-resolve = false")]
    {
        assert!(text.contains(from), "specs/minishogi.toml no longer contains {from:?}");
        text = text.replacen(from, to, 1);
    }
    let spec =
        parse("variant/specs/minishogi.toml", &text).unwrap_or_else(|e| panic!("the variant does not load:\n{e}"));
    Engine::new(&spec.game).unwrap_or_else(|bad| panic!("the engine refuses {bad:?}"))
}

/// The positions `kensho diff` keeps of the seeded game `seed` (docs/diff.md: every 8th ply
/// of a game of up to 80 plies; the move picked uniformly, `rng.below`), played by hand by the
/// rules of every game: before a ply the moves the history allows and `status_before`, after
/// it `status_after`. Also: whether the game ended before a move with moves left (checkmate
/// under self-check = allowed), an end that a move alone does not decide.
fn kept_by_hand(e: &Engine, seed: u64) -> (Vec<String>, bool) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = e.start();
    let mut history = e.start_history(&pos);
    let mut undo = Vec::new();
    let mut kept = Vec::new();
    for ply in 1..=80 {
        let legal = e.game_moves(&pos, &history);
        if e.status_before(&pos, &legal).is_some() {
            return (kept, !legal.is_empty());
        }
        let mv = &legal[rng.below(legal.len())];
        e.make(&mut pos, mv, &mut undo);
        if ply % 8 == 0 {
            kept.push(e.position_string(&pos));
        }
        if e.status_after(&pos, mv, &mut history).is_some() {
            break;
        }
    }
    (kept, false)
}

#[test]
fn sample_games_end_where_the_rules_end_every_game() {
    let e = minishogi_self_check_allowed();
    // Seed 9's game ends by checkmate between its 8th and 16th plies while the mated side still
    // has moves: a loop reading only what a move decides by itself (a royal taken) would play
    // on and keep positions of a finished game.
    let seed = 9;
    let (first, mated_with_moves_left) = kept_by_hand(&e, seed);
    assert!(mated_with_moves_left, "seed {seed} no longer ends by checkmate with moves left");
    assert_eq!(first.len(), 1, "seed {seed}: the game ends between plies 8 and 16");
    let (second, _) = kept_by_hand(&e, seed + 1);
    assert!(second.len() >= 2, "seed {}: {second:?}", seed + 1);
    // The start, the one position of game `seed`, then game `seed + 1`'s.
    let mut expected = vec![e.position_string(&e.start())];
    expected.extend(first);
    expected.extend(second.into_iter().take(2));
    let sampled: Vec<String> =
        sample_positions(&e, expected.len(), seed).iter().map(|p| e.position_string(p)).collect();
    assert_eq!(sampled, expected);
}

#[test]
fn a_game_that_keeps_no_position_does_not_end_the_sampling() {
    let e = minishogi_self_check_allowed();
    // A seed whose game ends before its 8th ply (keeps nothing), followed by one that keeps
    // positions: the sampling goes on to the next game instead of stopping with the start.
    let seed = (0..500)
        .find(|&s| kept_by_hand(&e, s).0.is_empty() && !kept_by_hand(&e, s + 1).0.is_empty())
        .expect("a game ending before ply 8 among 500 seeds of minishogi with self-check allowed");
    let mut expected = vec![e.position_string(&e.start())];
    expected.push(kept_by_hand(&e, seed + 1).0[0].clone());
    let sampled: Vec<String> = sample_positions(&e, 2, seed).iter().map(|p| e.position_string(p)).collect();
    assert_eq!(sampled, expected, "seed {seed}");
}

/// specs/shogi.toml with a clause added, one clause's words changed, and an option added to
/// the impasse reading (the same settings as the default, so the spec stays valid).
fn edited_clauses_and_readings() -> String {
    let text = shogi_text()
        .replacen("text = \"A player may resign at any time.\"", "text = \"A player may resign at any moment.\"", 1)
        .replacen(
            "# ---------------------------------------------------------------- readings",
            "[[clause]]\nid = \"SHO-46\"\nsection = \"Etiquette\"\ntext = \"Players bow before the game.\"\nstatus = \"out-of-scope\"\nwhy = \"etiquette\"\n\n# ---------------------------------------------------------------- readings",
            1,
        );
    let copy = "\n[[reading.option]]\nname = \"jsa-24-copy\"\nmeans = \"the same as jsa-24\"\nset = { \"rules.end.impasse-threshold\" = 24 }\n";
    text + copy
}

#[test]
fn clauses_and_readings_added_removed_and_changed() {
    let d = diff(&shogi(), &from_text(&edited_clauses_and_readings()));
    let added: Vec<&str> = d.clauses.added.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(added, ["SHO-46"]);
    assert!(d.clauses.removed.is_empty());
    assert_eq!(d.clauses.changed.len(), 1);
    assert_eq!(d.clauses.changed[0].id, "SHO-40");
    assert_eq!(
        d.clauses.changed[0].changes,
        vec![change("text", Some("A player may resign at any time."), Some("A player may resign at any moment."))]
    );
    assert_eq!(d.readings.changed.len(), 1);
    assert_eq!(d.readings.changed[0].id, "impasse");
    assert_eq!(d.readings.changed[0].changes, vec![change("options", None, Some("jsa-24-copy"))]);
    // Neither the game nor its counts change.
    assert!(d.board.is_empty() && d.settings.is_empty() && d.pieces.changed.is_empty());
    assert_eq!(perft(&d), SHOGI_PERFT);
}

#[test]
fn a_reading_removed_is_named() {
    let text = shogi_text();
    let cut = text.find("[[reading]]").expect("shogi has a reading");
    let d = diff(&shogi(), &from_text(&text[..cut]));
    let removed: Vec<&str> = d.readings.removed.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(removed, ["impasse"]);
    assert_eq!(d.readings.removed[0].options, ["jsa-24", "declaration-27"]);
    // The spec states the default already: the game is the same.
    assert!(d.settings.is_empty() && d.board.is_empty());
}

/// properties/shogi.toml with `nifu` removed, `drop-ranks` citing one clause more, the
/// forced-promotion ranks of the Knight narrowed, and an invariant added.
fn edited_properties() -> String {
    let text = crate::common::read_text("properties/shogi.toml");
    let nifu_start = text.find("[[invariant]]\nid = \"nifu\"").expect("nifu");
    let nifu_end = nifu_start + text[nifu_start..].find("\n\n").expect("end of nifu");
    let text = format!("{}{}", &text[..nifu_start], &text[nifu_end + 2..]);
    let text = text.replacen("clauses = [\"SHO-34\"]", "clauses = [\"SHO-34\", \"SHO-22\"]", 1);
    let text = text.replacen("ranks = { P = [9], L = [9], N = [8, 9] }", "ranks = { P = [9], L = [9], N = [9] }", 1);
    text + "\n[[invariant]]\nid = \"kings-stay-safe\"\nkind = \"no-self-check\"\nclauses = [\"SHO-35\"]\nwhy = \"test\"\n"
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kensho-diff-lib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn invariants_added_removed_and_changed() {
    let props = temp_path("shogi-props.toml");
    std::fs::write(&props, edited_properties()).expect("write");
    let opts =
        Options { old_properties: Some("properties/shogi.toml".into()), new_properties: Some(props), ..options() };
    let d = compare(&shogi(), &shogi(), &opts).expect("runs");
    let inv = &d.invariants;
    assert!(inv.compared);
    let added: Vec<&str> = inv.added.iter().map(|i| i.id.as_str()).collect();
    let removed: Vec<&str> = inv.removed.iter().map(|i| i.id.as_str()).collect();
    assert_eq!((added, removed), (vec!["kings-stay-safe"], vec!["nifu"]));
    let changed: BTreeMap<&str, Vec<&str>> =
        inv.changed.iter().map(|c| (c.id.as_str(), c.changes.iter().map(|x| x.path.as_str()).collect())).collect();
    assert_eq!(changed, BTreeMap::from([("drop-ranks", vec!["clauses"]), ("forced-promotion", vec!["parameters"])]));
    assert!(!d.is_empty());
}

#[test]
fn a_missing_properties_file_is_a_note_not_a_difference() {
    // The same spec text, read as if it stood in a directory without properties/.
    let d = diff(&shogi(), &from_text(&shogi_text()));
    assert!(d.is_empty(), "{d:#?}");
    assert!(!d.invariants.compared);
    assert_eq!((d.invariants.old_file.state, d.invariants.new_file.state), ("read", "missing"));
}

#[test]
fn readings_apply_to_the_spec_that_has_them_and_unknown_ones_are_errors() {
    let without_reading = {
        let text = shogi_text();
        from_text(&text[..text.find("[[reading]]").unwrap()])
    };
    let choose = |id: &str, option: &str| Options {
        choices: BTreeMap::from([(id.to_string(), option.to_string())]),
        ..options()
    };
    // Only the old spec has `impasse`: switched there, its declaration rule stands against the
    // new spec's default (no declaration).
    let d = compare(&shogi(), &without_reading, &choose("impasse", "declaration-27")).expect("runs");
    assert!(
        d.settings.contains(&change("rules.end.impasse-declaration", Some("\"king-in-zone\""), Some("\"none\""))),
        "{:#?}",
        d.settings
    );
    let err = compare(&shogi(), &shogi(), &choose("no-such-reading", "x")).unwrap_err();
    assert!(err.contains("unknown reading 'no-such-reading'") && err.contains("impasse"), "{err}");
    let err = compare(&shogi(), &shogi(), &choose("impasse", "nope")).unwrap_err();
    assert!(err.contains("no option 'nope'"), "{err}");
}

#[test]
fn a_rule_the_engine_cannot_play_is_a_note_and_the_statements_are_still_compared() {
    // Per-leg promotion is refused by the engine (config.rs).
    let d = diff(
        &shogi(),
        &variant("permanent = \"until-captured\"", "permanent = \"until-captured\"\ndecided = \"per-leg\""),
    );
    assert_eq!(d.settings, vec![change("rules.promotion.decided", None, Some("\"per-leg\""))]);
    assert!(
        d.notes.iter().any(|n| n.contains("the engine cannot play") && n.contains("promotion.decided")),
        "{:?}",
        d.notes
    );
    assert!(!d.perft.compared && !d.samples.compared);
}

#[test]
fn json_and_text_name_the_change() {
    use kensho::commands::diff::{render, to_json};
    let d = diff(&shogi(), &variant("betza = \"ffN\"", "betza = \"ffNbbN\""));
    let v = to_json(&d);
    for field in [
        "old",
        "new",
        "seed",
        "board",
        "settings",
        "pieces",
        "samples",
        "perft",
        "clauses",
        "readings",
        "invariants",
        "notes",
        "identical",
    ] {
        assert!(v.get(field).is_some(), "JSON lacks {field}");
    }
    assert_eq!(v["identical"], false);
    assert_eq!(v["pieces"]["changed"][0]["empty_board"][0]["moves_gained"], serde_json::json!(["d3", "f3"]));
    let text = render(&d, false);
    assert!(text.contains("piece.N.betza") && text.contains("ffNbbN") && text.contains("the specs differ"), "{text}");
    let md = render(&d, true);
    assert!(md.contains("## Pieces") && md.contains("| piece.N.betza |"), "{md}");
    let same = render(&diff(&shogi(), &shogi()), false);
    assert!(same.contains("no change") && same.trim_end().ends_with("no difference"), "{same}");
}
