//! The engine commands as a user runs them: `kensho perft`, `kensho play`, `kensho position`.
//! Output shapes, counts on hand-built positions counted by hand, the seed on standard error,
//! JSON fields (docs/engine.md and the commands' help), readings, and the exit code 2 with a
//! precise message on bad input.
//!
//! Most positions are Mitsugumi's 13x13 board with two Kings. MIT-43 (the configuration line
//! "king:K:K:k:g1") gives the King the XBetza move `K`: one step in any of the 8 directions.

use crate::common::cli::{kensho, ok, refused};
use kensho::engine::Engine;
use kensho::Color;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

const MIT: &str = "specs/mitsugumi.toml";

/// First player's King on g7, second player's King on a13 (its corner); first player to move.
const KINGS: &str = "k12/13/13/13/13/13/6K6/13/13/13/13/13/13 b - 1";
/// The same with the second player to move.
const KINGS_W: &str = "k12/13/13/13/13/13/6K6/13/13/13/13/13/13 w - 1";
/// Stalemate: the second player, to move, has its King on a13 walled in by its own Pawns on
/// files a and b, each Pawn blocked by the one in front of it (those on rank 1 can go no
/// further); the first player's King stands far away on m1. Counted by hand: no legal move, no
/// check. (A position where the second player has no piece at all is decided by MIT-170
/// instead: a player with no royal has lost.)
const WALLED_IN: &str = "kp11/pp11/pp11/pp11/pp11/pp11/pp11/pp11/pp11/pp11/pp11/pp11/pp10K w - 1";

/// The King on g7's 8 steps, as sorted move texts.
const G7_STEPS: [&str; 8] = ["K g7-f6", "K g7-f7", "K g7-f8", "K g7-g6", "K g7-g8", "K g7-h6", "K g7-h7", "K g7-h8"];

fn json(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

fn engine(spec: &str, readings: &[(&str, &str)]) -> Engine {
    let loaded = kensho::spec::load(Path::new(spec)).unwrap();
    let choices: BTreeMap<String, String> = readings.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Engine::new(&loaded.resolve(&choices).unwrap()).unwrap()
}

/// The "move: count" lines of a divide, the "moves: N" line and the "perft D: T" total.
fn parse_divide(stdout: &str, depth: u32) -> (Vec<(String, u64)>, usize, u64) {
    let mut rows = Vec::new();
    let mut moves = None;
    let mut total = None;
    for line in stdout.lines() {
        if let Some(n) = line.strip_prefix("moves: ") {
            moves = Some(n.parse().unwrap());
        } else if let Some(n) = line.strip_prefix(&format!("perft {depth}: ")) {
            total = Some(n.parse().unwrap());
        } else if let Some((m, n)) = line.rsplit_once(": ") {
            rows.push((m.to_string(), n.parse().unwrap_or_else(|_| panic!("bad divide line {line:?}"))));
        } else {
            assert!(line.is_empty(), "unexpected line {line:?}");
        }
    }
    (rows, moves.expect("a 'moves:' line"), total.expect("a 'perft' line"))
}

/// Hand count with the Kings of KINGS: the first player's King on g7 has 8 steps, none off
/// the board; the second player's King in the a13 corner has 3 (a12, b12, b13); after any of
/// those the first player's King, now on one of f6..h8 (files f-h, ranks 6-8, away from every
/// edge and at least 4 files from the other King), again has 8. No step captures. Depth 1: 8
/// (checked in `readings_are_accepted_and_bad_ones_refused` and the JSON test); depth 2:
/// 8 x 3 = 24; depth 3: 24 x 8 = 192. The table output is the one line; time and speed go to
/// standard error.
#[test]
fn perft_counts_two_bare_kings_by_hand() {
    let (out, err) = ok(&["perft", MIT, "3", "--position", KINGS]);
    assert_eq!(out, "perft 3: 192\n");
    // "0.001 s, 139357 nodes/s"
    assert!(err.contains(" s, ") && err.trim_end().ends_with("nodes/s"), "{err}");
}

/// Divide lists every legal move with the count below it, sorted by move text; the counts sum
/// to the total printed. By hand: each of the King's 8 steps leaves the second player's King 3
/// replies, and at depth 3 each of those leaves 8 (see above): 3 x 8 = 24 per step.
#[test]
fn perft_divide_lists_every_move_and_sums_to_the_total() {
    for (depth, per_move) in [(2u32, 3u64), (3, 24)] {
        let (out, _) = ok(&["perft", MIT, &depth.to_string(), "--position", KINGS, "--divide"]);
        let (rows, moves, total) = parse_divide(&out, depth);
        let expected: Vec<(String, u64)> = G7_STEPS.iter().map(|m| (m.to_string(), per_move)).collect();
        assert_eq!(rows, expected);
        assert_eq!((moves, total), (8, 8 * per_move));
    }
}

/// On the start positions divide's counts sum to the total it prints, and its rows are
/// distinct and as many as the "moves:" line says; on Mitsugumi's, the total is also what perft
/// without --divide prints.
#[test]
fn divide_of_the_start_positions_sums_to_perft() {
    for spec in ["specs/suzumu.toml", MIT, "specs/hook.toml"] {
        let (out, _) = ok(&["perft", spec, "2", "--divide"]);
        let (rows, moves, total) = parse_divide(&out, 2);
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total, "{spec}: divide counts do not sum to the total");
        assert_eq!(rows.len(), moves, "{spec}");
        assert!(rows.windows(2).all(|w| w[0].0 < w[1].0), "{spec}: divide rows not sorted and distinct");
        if spec == MIT {
            let (two, _) = ok(&["perft", spec, "2", "--format", "json"]);
            assert_eq!(json(&two)["nodes"], total, "{spec}");
        }
    }
}

/// `perft --format json`: spec, position, depth, nodes, seconds, nodes_per_second, and with
/// --divide a "divide" list of {move, nodes}; nothing else on standard output.
#[test]
fn perft_json_has_the_documented_fields() {
    let (out, _) = ok(&["perft", MIT, "2", "--position", KINGS, "--format", "json", "--divide"]);
    let v = json(&out);
    assert_eq!(v["spec"], MIT);
    assert_eq!(v["position"], KINGS);
    assert_eq!(v["depth"], 2);
    assert_eq!(v["nodes"], 24);
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    assert!(v["nodes_per_second"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    let divide = v["divide"].as_array().expect("divide list");
    let rows: Vec<(String, u64)> =
        divide.iter().map(|r| (r["move"].as_str().unwrap().to_string(), r["nodes"].as_u64().unwrap())).collect();
    let expected: Vec<(String, u64)> = G7_STEPS.iter().map(|m| (m.to_string(), 3)).collect();
    assert_eq!(rows, expected);
    let (out, _) = ok(&["perft", MIT, "1", "--position", KINGS, "--format", "json"]);
    let v = json(&out);
    assert_eq!(v["nodes"], 8);
    assert!(v.get("divide").is_none(), "divide listed without --divide: {v}");
}

/// `play`: the seed on standard error, then per game "game seed S: RESULT", the moves numbered
/// by ply, the final position, and a tally. The record is checked by replaying its move texts
/// (every one a legal move, by the library) from the start to the printed final position.
#[test]
fn play_prints_the_seed_and_a_numbered_record_that_replays() {
    let (out, err) = ok(&["play", MIT, "--position", KINGS, "--seed", "3", "--max-plies", "5"]);
    assert!(err.contains("seed 3 (replay with --seed 3)"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "game seed 3: * (unfinished after 5 plies)");
    assert_eq!(lines.last().copied(), Some("1 games, seed 3: unfinished: 1"));
    let final_line = lines.iter().find_map(|l| l.trim().strip_prefix("final position: ")).expect("final position line");
    // "  1. K g7-h6  2. K a13-a12  ..."
    let numbered = lines[1].trim();
    let moves: Vec<&str> = numbered.split("  ").map(|m| m.split_once(". ").expect("numbered move").1).collect();
    let numbers: Vec<&str> = numbered.split("  ").map(|m| m.split_once(". ").unwrap().0).collect();
    assert_eq!(numbers, ["1", "2", "3", "4", "5"]);
    let e = engine(MIT, &[]);
    let mut pos = e.parse_position(KINGS).unwrap();
    for m in &moves {
        let legal = e.legal_moves(&pos);
        let mv = legal
            .iter()
            .find(|x| e.move_text(x) == *m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", e.position_string(&pos)));
        e.make(&mut pos, mv, &mut Vec::new());
    }
    assert_eq!(e.position_string(&pos), final_line);
    // Five plies from move 1 with the first player to move: move number 6, second player to move.
    assert!(final_line.ends_with(" w - 6"), "{final_line}");
}

/// Without --seed a seed is chosen and printed; running again with it prints the same games.
#[test]
fn play_replays_with_the_printed_seed() {
    let (first, err) = ok(&["play", MIT, "--max-plies", "30", "--random", "2"]);
    let seed = err
        .lines()
        .find_map(|l| l.strip_prefix("seed ").and_then(|r| r.split_once(' ')).map(|(s, _)| s.to_string()))
        .unwrap_or_else(|| panic!("no seed on standard error: {err}"));
    let (again, err2) = ok(&["play", MIT, "--max-plies", "30", "--random", "2", "--seed", &seed]);
    assert_eq!(again, first);
    assert!(err2.contains(&format!("seed {seed} (replay with --seed {seed})")), "{err2}");
}

/// `play --format json`: {"seed", "games": [{seed, start, plies, moves, result, reason,
/// final_position}]}; game i of a run uses seed + i (docs/engine.md).
#[test]
fn play_json_has_the_documented_fields() {
    let (out, err) = ok(&[
        "play",
        MIT,
        "--position",
        KINGS,
        "--random",
        "3",
        "--seed",
        "10",
        "--max-plies",
        "4",
        "--format",
        "json",
    ]);
    assert!(err.contains("seed 10"), "{err}");
    let v = json(&out);
    assert_eq!(v["seed"], 10);
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["seed"], 10 + i as u64);
        assert_eq!(g["start"], KINGS);
        // Two bare Kings four squares or more apart cannot take each other in 4 plies.
        assert_eq!(g["plies"], 4);
        let moves = g["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|m| m.as_str().unwrap().starts_with("K ")), "{g}");
        assert!(g["result"].is_null() && g["reason"].is_null(), "{g}");
        assert!(g["final_position"].as_str().unwrap().ends_with(" b - 5"), "{g}");
    }
}

/// A game that ends before its first move: the second player, to move, has no legal move
/// (`WALLED_IN`). MIT-179: "If a player's King is not in check but that player has no legal
/// moves, the game is a stalemate." MIT-180: "Stalemate, like checkmate, leads to a win for
/// the stalemating player." So the first player wins (1-0); under the reading
/// stalemate-result = stalemated-player-wins (MIT-14 "stalemate=win" read the other way) the
/// second player does (0-1). This is also `--reading ID=OPTION` accepted by `play`.
#[test]
fn play_ends_a_stalemate_as_the_document_says_under_each_reading() {
    let (out, _) = ok(&["play", MIT, "--position", WALLED_IN, "--seed", "1"]);
    assert!(out.starts_with("game seed 1: 1-0 ("), "{out}");
    assert!(out.contains("1 games, seed 1: 1-0: 1"), "{out}");
    let (out, _) = ok(&[
        "play",
        MIT,
        "--position",
        WALLED_IN,
        "--seed",
        "1",
        "--format",
        "json",
        "--reading",
        "stalemate-result=stalemated-player-wins",
    ]);
    let g = &json(&out)["games"][0];
    assert_eq!(g["plies"], 0);
    assert_eq!(g["result"], "0-1");
    assert!(g["reason"].as_str().is_some_and(|r| r.contains("no legal move")), "{g}");
    assert_eq!(g["final_position"], WALLED_IN);
}

/// `position`: the board (rank numbers, files a-m, upper case first player), the position
/// string, and with --moves the legal moves sorted: the 8 King steps by hand, or with the
/// second player to move the 3 steps out of the a13 corner.
#[test]
fn position_draws_the_board_and_lists_the_moves() {
    let (out, _) = ok(&["position", MIT, "--position", KINGS, "--moves"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], " 13 k . . . . . . . . . . . .");
    assert_eq!(lines[6], "  7 . . . . . . K . . . . . .");
    assert_eq!(lines[13], "    a b c d e f g h i j k l m");
    assert!(out.contains("to move: first player (b)"), "{out}");
    assert!(out.contains(&format!("position: {KINGS}\n")), "{out}");
    let listed: Vec<&str> = out.split("legal moves (8):\n").nth(1).expect("move list").lines().map(str::trim).collect();
    assert_eq!(listed, G7_STEPS);
    let (out, _) = ok(&["position", MIT, "--position", KINGS_W, "--moves"]);
    assert!(out.contains("to move: second player (w)"), "{out}");
    let listed: Vec<&str> = out.split("legal moves (3):\n").nth(1).expect("move list").lines().map(str::trim).collect();
    assert_eq!(listed, ["K a13-a12", "K a13-b12", "K a13-b13"]);
}

/// The start position printed by `position` is the document's: the King on g1 (MIT-43
/// "king:K:K:k:g1", "g1 King (K)"), Pawns on a4-m4 ("pawn:P:fW:p:a4-m4"), and the other side
/// "obtained by rotating the board 180 degrees" (King on g13, Pawns on rank 10). The string it
/// prints reads back to itself.
#[test]
fn position_prints_the_start_position_which_reads_back() {
    let (out, _) = ok(&["position", MIT]);
    let printed = out.lines().find_map(|l| l.strip_prefix("position: ")).expect("position line").to_string();
    let e = engine(MIT, &[]);
    let pos = e.parse_position(&printed).unwrap();
    let at =
        |name: &str| pos.at(e.game.board.parse_square(name).unwrap()).map(|m| (m.player, e.piece(m.piece).id.clone()));
    assert_eq!(at("g1"), Some((Color::Black, "K".to_string())));
    assert_eq!(at("g13"), Some((Color::White, "K".to_string())));
    for file in "abcdefghijklm".chars() {
        assert_eq!(at(&format!("{file}4")), Some((Color::Black, "P".to_string())), "{file}4");
        assert_eq!(at(&format!("{file}10")), Some((Color::White, "P".to_string())), "{file}10");
    }
    assert!(printed.ends_with(" b - 1"), "{printed}");
    let (again, _) = ok(&["position", MIT, "--position", &printed]);
    assert_eq!(again, out);
}

/// `--reading ID=OPTION` is accepted (here by perft; by play in the stalemate test); an unknown
/// reading, an unknown option and a malformed assignment are refused with exit 2 and a message
/// naming them (by perft, play and position in turn).
#[test]
fn readings_are_accepted_and_bad_ones_refused() {
    let (out, _) = ok(&["perft", MIT, "1", "--position", KINGS, "--reading", "skip-limit=both"]);
    assert_eq!(out, "perft 1: 8\n");
    refused(&["perft", MIT, "1", "--reading", "nope=x"], "unknown reading 'nope'");
    let err = refused(&["play", MIT, "--reading", "skip-limit=bogus"], "reading 'skip-limit' has no option 'bogus'");
    assert!(err.contains("expected one of not-after-opponent-skip, own-turns, both"), "the options are listed: {err}");
    refused(&["position", MIT, "--reading", "skiplimit"], "malformed reading 'skiplimit': expected READING=OPTION");
}

/// A bad --position is refused with exit 2 and a message that names the fault: the row count,
/// the unknown piece with its row and rank, the side field; each by perft, and the first by
/// every engine command.
#[test]
fn bad_positions_are_refused_with_a_precise_message() {
    let twelve = ["13"; 12].join("/");
    let cases = [
        ("13/13 b".to_string(), "--position: 2 rows given, the board has 13 ranks"),
        (format!("{twelve}/12Z b"), "--position: row 13 (rank 1): no piece 'Z' in this game"),
        (format!("{twelve}/13 x"), "--position: side to move must be 'b' or 'w', found 'x'"),
    ];
    for (pos, message) in &cases {
        refused(&["perft", MIT, "1", "--position", pos], message);
    }
    let (pos, message) = &cases[0];
    refused(&["play", MIT, "--seed", "1", "--position", pos], message);
    refused(&["position", MIT, "--position", pos], message);
}

/// Depth 0 is refused (perft's depth is 1 or more) with exit 2 naming the depth.
#[test]
fn perft_depth_0_is_refused() {
    let err = refused(&["perft", MIT, "0"], "'0'");
    assert!(err.contains("DEPTH"), "{err}");
}

/// `--threads N` changes how the work is spread, never what is counted: the divide of Ryu's
/// start (7 root moves, split one ply deeper) is the same on one thread and on three; a thread
/// count of 0 is refused.
#[test]
fn threads_change_the_speed_not_the_counts() {
    let divide = |threads: &str| {
        let out = kensho(&["--threads", threads, "perft", "specs/ryu.toml", "4", "--divide", "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        (v["nodes"].clone(), v["divide"].clone())
    };
    let one = divide("1");
    assert_eq!(one, divide("3"));
    assert_eq!(one.1.as_array().map(Vec::len), Some(7), "Ryu's start has 7 moves");
    let out = kensho(&["--threads", "0", "perft", "specs/ryu.toml", "1"]);
    assert_eq!(out.status.code(), Some(2));
}
