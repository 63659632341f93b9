//! The `kensho` binary as a user runs it: outputs, exit codes, and errors on bad input.

use crate::common::cli::{kensho, kensho_stdin, text};
use serde_json::Value;
use std::process::Output;

fn assert_bad_input(out: &Output, needle: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "exit code; stderr: {err}");
    assert!(err.contains(needle), "stderr should mention {needle:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn lion_json_lists_25_moves_with_the_pass() {
    let out = kensho(&["moves", "KNADcaKmcabK", "--board", "16x16", "--at", "h8", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v.as_array().unwrap();
    assert_eq!(moves.len(), 25);
    assert!(moves.iter().any(|m| m["to"] == "h8" && m["captures"].as_array().unwrap().is_empty()));
}

/// Each move names its kind and the path shape that made it. A Lion on h8 beside an enemy on i9
/// has all four kinds (it can step out and back, take i9 and step back, take it, or move); its
/// move to j9 is the Knight leap (`N` comes before the double steps in `KNADcaKmcabK`), and its
/// capture of i9 landing on j9 can only be the capture-then-step `caK`.
#[test]
fn json_moves_name_their_kind_and_shape() {
    let out = kensho(&["moves", "KNADcaKmcabK", "--board", "16x16", "--at", "h8", "--enemies", "i9", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v.as_array().unwrap();
    let kinds: std::collections::BTreeSet<&str> = moves.iter().filter_map(|m| m["kind"].as_str()).collect();
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["capture", "igui", "move", "pass"]);
    let shape = |to: &str, captures: usize| {
        let m = moves.iter().find(|m| m["to"] == to && m["captures"].as_array().unwrap().len() == captures);
        m.map(|m| m["shape"].clone()).unwrap_or_default()
    };
    assert_eq!(shape("j9", 0), "N");
    assert_eq!(shape("j9", 1), "caK");
}

#[test]
fn json_captures_are_sorted_and_include_a_captured_destination() {
    // Lion on h8, enemies on i9 and j10: the double capture lands on j10 and takes both.
    let out = kensho(&["moves", "KNADcaKmcabK", "--board", "16x16", "--at", "h8", "--enemies", "j10,i9", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let double = v
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "j10" && m["captures"].as_array().unwrap().len() == 2)
        .expect("double capture");
    assert_eq!(double["captures"], serde_json::json!(["i9", "j10"]));
}

#[test]
fn text_output_draws_the_board_with_marks() {
    let out = kensho(&["moves", "KNADcaKmcabK", "--board", "9x9", "--at", "e5", "--enemies", "e6", "--friends", "d5"]);
    let s = text(&out.stdout);
    assert!(out.status.success());
    // rank 5: the 5x5 box spans c..g; the friend on d5 is never a destination and shows as 'o'
    assert!(s.contains("  5 . . * o @ * * . ."), "{s}");
    // e6 is captured by moving there
    assert!(s.contains("  6 . . * * X * * . ."), "{s}");
    assert!(s.contains("pass included"));
}

#[test]
fn malformed_xbetza_points_at_the_character() {
    let out = kensho(&["moves", "fReW", "--board", "9x9", "--at", "e5"]);
    assert_bad_input(&out, "column 3");
    assert!(text(&out.stderr).contains("unknown modifier 'e'"));
    assert!(text(&out.stderr).contains("    ^"), "{}", text(&out.stderr));
}

#[test]
fn unsupported_letters_say_so() {
    let out = kensho(&["moves", "ifW", "--board", "9x9", "--at", "e5"]);
    assert_bad_input(&out, "not supported");
}

#[test]
fn bad_squares_boards_and_readings_are_usage_errors() {
    assert_bad_input(&kensho(&["moves", "K", "--board", "9x9", "--at", "j1"]), "off the 9x9 board");
    assert_bad_input(&kensho(&["moves", "K", "--board", "27x27", "--at", "a1"]), "outside the supported range");
    assert_bad_input(&kensho(&["moves", "K", "--board", "1x5", "--at", "a1"]), "outside the supported range");
    assert_bad_input(&kensho(&["moves", "K", "--board", "9by9", "--at", "a1"]), "malformed board size");
    assert_bad_input(
        &kensho(&["moves", "K", "--board", "9x9", "--at", "e5", "--friends", "a1,b2", "--enemies", "b2"]),
        "listed twice",
    );
    assert_bad_input(
        &kensho(&["moves", "K", "--board", "9x9", "--at", "e5", "--enemies", "e5"]),
        "where the piece stands",
    );
    assert_bad_input(&kensho(&["moves", "K", "--board", "9x9", "--at", "e"]), "malformed square");
    assert_bad_input(
        &kensho(&["moves", "K", "--board", "9x9", "--at", "e5", "--reading", "y-scope=maybe"]),
        "unknown value",
    );
    assert_bad_input(
        &kensho(&["moves", "K", "--board", "9x9", "--at", "e5", "--reading", "colour=blue"]),
        "unknown reading",
    );
    // missing arguments: clap's usage error, also exit 2
    assert_eq!(kensho(&["moves", "K"]).status.code(), Some(2));
    assert_eq!(kensho(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn readings_switch_from_the_command_line() {
    // Fire Demon on h8, enemy far down the h-file from a slide square: only the literal
    // reading of the y toggle lets it take h13 from c13.
    let fd = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
    let count = |reading: &str| -> usize {
        let out = kensho(&[
            "moves",
            fd,
            "--board",
            "16x16",
            "--at",
            "h8",
            "--enemies",
            "h13",
            "--json",
            "--reading",
            reading,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array().unwrap().iter().filter(|m| m["captures"] == serde_json::json!(["h13"])).count()
    };
    assert_eq!(count("y-scope=whole-leg"), 0, "h13 is 5 squares straight ahead: no burn reaches it");
    assert!(count("y-scope=own-alternative") > 0);
}

#[test]
fn batch_keeps_fields_adds_moves_and_reports_bad_lines() {
    let input = concat!(
        r#"{"id": 7, "betza": "K", "board": "9x9", "at": "a1", "friends": ["a2"], "enemies": ["b2"]}"#,
        "\n\n",
        r#"{"betza": "fR(", "board": "9x9", "at": "a1"}"#,
        "\n",
        "not json\n",
        r#"{"betza": "fW", "board": "9x9", "at": "e5", "note": "pawn"}"#,
        "\n",
    );
    let out = kensho_stdin(&["moves", "--batch", "-"], input);
    assert_eq!(out.status.code(), Some(2), "some lines were bad");
    let lines: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    // line 1: King in the corner, friend on a2, enemy on b2 -> b1 (move) and b2 (capture)
    assert_eq!(lines[0]["id"], 7);
    let keys: Vec<&String> = lines[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.first().map(|k| k.as_str()), Some("id"), "field order is kept");
    let to: Vec<&str> = lines[0]["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(to, ["b1", "b2"]);
    assert!(lines[1]["error"].as_str().unwrap().contains("unclosed group"));
    assert!(lines[2]["error"].as_str().unwrap().contains("not JSON"));
    assert_eq!(lines[3]["note"], "pawn");
    assert_eq!(lines[3]["moves"][0]["to"], "e6");
    let err = text(&out.stderr);
    assert!(err.contains("line 3:") && err.contains("line 4:"), "{err}");
}

#[test]
fn batch_of_good_lines_exits_zero() {
    let out = kensho_stdin(&["moves", "--batch", "-"], r#"{"betza": "N", "board": "5x5", "at": "c3"}"#);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 8);
}

#[test]
fn missing_batch_file_is_a_clear_error() {
    assert_bad_input(&kensho(&["moves", "--batch", "/nonexistent/file.jsonl"]), "/nonexistent/file.jsonl");
}
