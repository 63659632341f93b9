//! Hostile input to the commands (issue 26, items 5, 6, 7 and 9): each bad input is refused
//! with exit 2 and a message naming what is wrong and where, never a panic; a position in which
//! a player has no royal left is judged decided by every command that reads `--position`.

use crate::common::cli::{self, kensho, kensho_stdin, refused, text};
use std::path::{Path, PathBuf};

const SHOGI: &str = "specs/shogi.toml";
const SUZUMU: &str = "specs/suzumu.toml";
/// Shogi's start position, rows only.
const SHOGI_ROWS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
/// Shogi: the two Kings alone, on e1 and e9.
const SHOGI_KINGS: &str = "4k4/9/9/9/9/9/9/9/4K4";

/// Runs a command that must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    cli::ok(args).0
}

/// A fresh directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kensho-hostile-input-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

// ------------------------------------------------------------------ item 5: move numbers

/// A move number past 999,999,999 is refused, however many digits (it used to be read into 32
/// bits and wrap: 4294967295 was accepted, and five plies later the position said move 4).
#[test]
fn a_move_number_past_the_bound_is_refused() {
    for n in ["4294967295", "1000000000", "99999999999999999999"] {
        let position = format!("{SHOGI_ROWS} b - {n}");
        refused(
            &["position", SHOGI, "--position", &position],
            &format!("--position: move number {n} is out of range: a position string gives 1 to 999999999"),
        );
    }
    refused(
        &["position", SHOGI, "--position", &format!("{SHOGI_ROWS} b - 0")],
        "--position: move number must be a whole number from 1, found '0'",
    );
    let out = ok(&["position", SHOGI, "--position", &format!("{SHOGI_ROWS} b - 999999999")]);
    assert!(out.contains(&format!("position: {SHOGI_ROWS} b - 999999999\n")), "{out}");
}

/// Playing on from the largest move number never wraps: the count stays at the bound, and the
/// final position reads back.
#[test]
fn play_from_the_largest_move_number_does_not_wrap() {
    let start = format!("{SHOGI_ROWS} b - 999999999");
    let out = ok(&["play", SHOGI, "--position", &start, "--seed", "1", "--max-plies", "5"]);
    let last = out.lines().find_map(|l| l.trim().strip_prefix("final position: ")).expect("final position").to_string();
    assert!(last.ends_with(" 999999999"), "the move number stays at the bound: {last}");
    assert!(out.contains("unfinished after 5 plies"), "{out}");
    ok(&["position", SHOGI, "--position", &last]);
}

// ------------------------------------------------------------------ item 6: hands

/// Shogi hands hold only what a capture puts there: no King (end.royals = checkmate: royals
/// are never captured), no promoted Pawn (a captured one goes to hand as a Pawn,
/// drops.unpromoted), no more pieces than the board's squares; and a game without drops
/// holds nothing. These were all accepted, and the drops `K*a2` and `+P*a2` listed.
#[test]
fn impossible_hands_are_refused() {
    let cases = [
        ("K", "--position: hands: K cannot be in hand: K is royal, and royals are never captured (end.royals = checkmate)"),
        (
            "+P",
            "--position: hands: +P cannot be in hand: +P is a promoted piece, and a captured one goes to hand as P (drops.unpromoted)",
        ),
        ("+PK", "cannot be in hand"),
        ("k", "--position: hands: k cannot be in hand: K is royal"),
    ];
    for (hands, message) in cases {
        let position = format!("{SHOGI_ROWS} b {hands} 1");
        refused(&["position", SHOGI, "--position", &position, "--moves"], message);
        refused(&["perft", SHOGI, "1", "--position", &position], message);
    }
    refused(
        &["position", SHOGI, "--position", &format!("{SHOGI_KINGS} b 80P 1")],
        "--position: hands: 80 pieces in hand and 2 on the board make 82, more than the 81 squares of the board",
    );
    refused(
        &["position", SUZUMU, "--position", "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 w P 1"],
        "--position: hands: P cannot be in hand: this game has no drops (drops.enabled = false)",
    );
    // What a capture does put in hand is accepted, and dropped.
    let out = ok(&["position", SHOGI, "--position", &format!("{SHOGI_KINGS} b 79P 1"), "--moves"]);
    assert!(out.contains("  P*e5\n"), "{out}");
    assert!(!out.contains("K*") && !out.contains("+P*"), "{out}");
}

// ------------------------------------------------------------------ item 7: messages

/// A hand count of 0 says so, not "a run of 0 empty squares".
#[test]
fn a_hand_count_of_zero_is_named_as_such() {
    let err = refused(
        &["position", SHOGI, "--position", &format!("{SHOGI_ROWS} b 0P 1")],
        "--position: hands: a count of 0 at character 1 (a piece not held is left out; '-' is no hands at all)",
    );
    assert!(!err.contains("empty squares"), "{err}");
}

/// A board size in digits but too large is out of range, however many digits; a square name
/// beyond the largest board is off the board, as one beyond a small board is.
#[test]
fn sizes_and_squares_out_of_range_say_so() {
    refused(
        &["moves", "W", "--board", "65536x1", "--at", "a1"],
        "--board: board 65536x1 is outside the supported range 2x2 to 26x26",
    );
    refused(
        &["moves", "W", "--board", "99999999999x9", "--at", "a1"],
        "--board: board 99999999999x9 is outside the supported range",
    );
    refused(&["moves", "W", "--board", "9y9", "--at", "a1"], "--board: malformed board size '9y9'");
    refused(&["moves", "W", "--board", "26x26", "--at", "a27"], "--at: square a27 is off the 26x26 board");
    refused(&["moves", "W", "--board", "9x9", "--at", "a10"], "--at: square a10 is off the 9x9 board");
    refused(&["moves", "W", "--board", "9x9", "--at", "e5", "--enemies", "a100"], "square a100 is off the 9x9 board");
    refused(&["moves", "W", "--board", "9x9", "--at", "A5"], "--at: malformed square name 'A5'");
}

/// Empty square names are errors, not silently dropped: `--enemies ''`, `--friends e6,,`, and
/// `"enemies": [""]` in a batch line.
#[test]
fn empty_square_names_are_errors() {
    refused(
        &["moves", "W", "--board", "9x9", "--at", "e5", "--enemies", ""],
        "--enemies: an empty square name in '' (square names, comma-separated: e6,f7)",
    );
    refused(
        &["moves", "W", "--board", "9x9", "--at", "e5", "--friends", "e6,,"],
        "--friends: an empty square name in 'e6,,'",
    );
    let out =
        kensho_stdin(&["moves", "--batch", "-"], r#"{"betza": "W", "board": "9x9", "at": "e5", "enemies": [""]}"#);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 1: --enemies: an empty square name in ''"), "{err}");
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the line back, as JSON");
    assert!(line["error"].as_str().is_some_and(|e| e.contains("an empty square name")), "{line}");
    assert!(line.get("moves").is_none(), "{line}");
    // Blanks around a name are still allowed.
    let out = ok(&["moves", "W", "--board", "9x9", "--at", "e5", "--enemies", "e6, f5"]);
    assert!(out.starts_with("W on e5 (9x9 board): 4 moves"), "{out}");
}

/// A skip field in a game where no turn can be a skip is refused; where pieces pass (Suzumu's
/// Lion), it is read.
#[test]
fn a_skip_field_needs_a_game_with_skips() {
    refused(
        &["position", SHOGI, "--position", &format!("{SHOGI_ROWS} b - 1 ~b")],
        "--position: skip field '~b' in a game without skips: no null move (skip.null-move) and no piece that can pass (skip.by-piece)",
    );
    let kings = "7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 b - 1 ~b";
    let out = ok(&["position", SUZUMU, "--position", kings]);
    assert!(out.contains("last turn skipped by the first player"), "{out}");
}

/// A spec or properties file that is not UTF-8 is located: line and column of the first bad
/// byte (it said only "stream did not contain valid UTF-8").
#[test]
fn a_file_that_is_not_utf8_is_located() {
    let dir = scratch("utf8");
    let spec = dir.join("shogi.toml");
    let mut bytes = std::fs::read(SHOGI).unwrap();
    let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    bytes.extend_from_slice(b"# \xff\n");
    std::fs::write(&spec, &bytes).unwrap();
    let err = refused(
        &["show", path_str(&spec)],
        "the file is not UTF-8: byte 0xFF here does not begin or continue a character",
    );
    assert!(err.contains(&format!("--> {}:{line}:3", spec.display())), "{err}");

    let props = dir.join("p.toml");
    std::fs::write(&props, b"spec = \"shogi\"\n# caf\xe9\n").unwrap();
    refused(
        &["check", SHOGI, "--properties", path_str(&props)],
        &format!("{}:2:6: the file is not UTF-8: byte 0xE9", props.display()),
    );
}

/// A properties file naming a piece, clause or zone the spec lacks names the line and column
/// of the name (it named the invariant only).
#[test]
fn an_unknown_name_in_a_properties_file_is_located() {
    let dir = scratch("props");
    let props = dir.join("p.toml");
    let file = |body: &str| {
        std::fs::write(
            &props,
            format!(
                "spec = \"shogi\"\n\n[[invariant]]\nid = \"x\"\nkind = \"forced-promotion\"\n{body}\nwhy = \"w\"\n"
            ),
        )
        .unwrap();
    };
    let p = props.display();
    file("clauses = [\"SHO-22\"]\nranks = { Q = [9] }");
    refused(
        &["check", SHOGI, "--properties", path_str(&props)],
        &format!("{p}:7:11: invariant 'x': the spec has no piece Q"),
    );
    file("clauses = [\"SHO-22\", \"SHO-999\"]\nranks = { P = [9] }");
    refused(
        &["check", SHOGI, "--properties", path_str(&props)],
        &format!("{p}:6:22: invariant 'x': the spec has no clause SHO-999"),
    );
    std::fs::write(&props, "spec = \"chess\"\n").unwrap();
    refused(&["check", SHOGI, "--properties", path_str(&props)], &format!("{p}:1:8: spec = \"chess\""));
}

// ------------------------------------------------------------------ item 9: no royal left

/// Suzumu: a player with no royal on the board has lost (SUZ-174 "a player who has no more
/// royal pieces on the board loses the game"), whether or not it is to move: `position
/// --moves` lists no move and names the winner (it listed 50 moves for Black's lone Lion, and
/// 55 with White's King gone), and `play` ends before a move.
#[test]
fn a_position_without_a_royal_is_decided() {
    let black_has_none = "16/16/16/7(LN)8/16/16/16/16/16/16/16/16/16/16/16/7k8 b - 1";
    let out = ok(&["position", SUZUMU, "--position", black_has_none, "--moves"]);
    assert!(
        out.contains("game over: 0-1 (second player (White, gote) wins: first player (Black, sente) has no royal piece left on the board (end.royals = last-royal-captured))\n"),
        "{out}"
    );
    assert!(out.ends_with("legal moves (0): none, the game is over\n"), "{out}");

    let white_has_none = "16/16/16/7(LN)8/16/16/16/16/16/16/16/16/16/16/16/7K8 b - 1";
    let out = ok(&["position", SUZUMU, "--position", white_has_none, "--moves"]);
    assert!(
        out.contains(
            "game over: 1-0 (first player (Black, sente) wins: second player (White, gote) has no royal piece left"
        ),
        "{out}"
    );
    assert!(out.ends_with("legal moves (0): none, the game is over\n"), "{out}");

    let out = ok(&["play", SUZUMU, "--position", black_has_none, "--seed", "1", "--format", "json"]);
    let game = &serde_json::from_str::<serde_json::Value>(&out).unwrap()["games"][0];
    assert_eq!(game["plies"], 0, "{game}");
    assert_eq!(game["result"], "0-1", "{game}");
    assert!(game["reason"].as_str().is_some_and(|r| r.contains("has no royal piece left on the board")), "{game}");

    // perft counts the tree as given, and says the game is over.
    let out = kensho(&["perft", SUZUMU, "1", "--position", black_has_none]);
    assert!(out.status.success());
    assert!(text(&out.stderr).contains("warning: the game is over in this position"), "{}", text(&out.stderr));

    // With both royals on the board the game goes on: the Lion moves.
    let both = "16/16/16/7(LN)8/16/16/16/16/16/16/16/16/16/16/K15/7k8 b - 1";
    let out = ok(&["position", SUZUMU, "--position", both, "--moves"]);
    assert!(!out.contains("game over"), "{out}");
    assert!(out.contains("  LN h13-h14\n"), "{out}");
}
