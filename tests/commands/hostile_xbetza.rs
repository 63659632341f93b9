//! Hostile XBetza strings (issue 26, items 1 and 2): nesting that would exhaust the stack and
//! strings whose moves would take minutes to generate are refused with a located error and
//! exit 2, wherever a string is compiled: `moves`, a `--batch` line, a spec's piece.

use crate::common::cli::kensho;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Exit 2 with `needle` in a short message, and no panic or abort.
fn assert_refused(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "exit code; stderr: {}", &err[..err.len().min(2000)]);
    assert!(err.contains(needle), "stderr should mention {needle:?}: {}", &err[..err.len().min(2000)]);
    assert!(!err.contains("panicked") && !err.contains("overflow"), "{err}");
    assert!(err.lines().all(|l| l.chars().count() < 200), "every line of the message is short");
}

/// 20,000 open groups and more used to overflow the stack (abort, exit 134). (One argument
/// holds at most 128 KiB; the parser's own test takes a million.)
#[test]
fn deep_nesting_is_refused_where_it_starts() {
    for n in [20_000, 120_000] {
        let deep = "(".repeat(n);
        let out = kensho(&["moves", &deep, "--board", "16x16", "--at", "h8"]);
        assert_refused(&out, "groups nested more than 8 deep");
        assert!(String::from_utf8_lossy(&out.stderr).contains("column 9"));
    }
}

/// Ten king-step legs took 90 s; groups of nine continuation legs ran past two minutes on 26x26.
#[test]
fn strings_whose_moves_would_take_minutes_are_refused_before_any_move_is_generated() {
    for betza in ["aaaaaaaaaaK", "(a)9(a)9Q", "Bvf(a)9R", "Q5(a)9Q", "(a)9(a)9(a)9Q"] {
        let out = kensho(&["moves", betza, "--board", "26x26", "--at", "m13"]);
        assert_refused(&out, "squares looked at");
    }
    // Seven legs are still a move (the bound refuses the ninth).
    let out = kensho(&["moves", "aaaaaaK", "--board", "26x26", "--at", "m13", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Nested groups that multiply into millions of chains, or chains of thousands of letters, are
/// refused while unrolling, before they are built (a review found `((f)9(f)9(f)9(f)3)2K`
/// building 16 million chains, gigabytes, before the count was checked).
#[test]
fn groups_that_unroll_into_millions_of_chains_are_refused_before_they_are_built() {
    let out = kensho(&["moves", "((f)9(f)9(f)9(f)3)2K", "--board", "16x16", "--at", "h8"]);
    assert_refused(&out, "more than 4096 move paths");
    let long = format!("(({})9)9K", "f".repeat(200));
    let out = kensho(&["moves", &long, "--board", "16x16", "--at", "h8"]);
    assert_refused(&out, "more than 256 letters");
}

/// A batch answers each line before it reads the next: the answer to a good line is out while
/// the next line has not been written yet, and a hostile line later on neither loses it nor
/// stops the lines after it.
#[test]
fn a_batch_answers_each_line_before_the_next_and_survives_hostile_lines() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(["moves", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kensho");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("utf-8 line")).is_err() {
                return;
            }
        }
    });
    writeln!(stdin, r#"{{"id": 1, "betza": "N", "board": "5x5", "at": "c3"}}"#).expect("write");
    stdin.flush().expect("flush");
    let first = rx.recv_timeout(Duration::from_secs(60)).expect("the first answer comes before more input");
    assert!(first.contains(r#""id":1"#) && first.contains(r#""moves""#), "{first}");
    let deep = "(".repeat(50_000);
    writeln!(stdin, r#"{{"id": 2, "betza": "{deep}", "board": "9x9", "at": "e5"}}"#).expect("write");
    writeln!(stdin, r#"{{"id": 3, "betza": "aaaaaaaaaaK", "board": "16x16", "at": "h8"}}"#).expect("write");
    writeln!(stdin, r#"{{"id": 4, "betza": "W", "board": "5x5", "at": "c3"}}"#).expect("write");
    drop(stdin);
    let rest: Vec<String> = rx.iter().collect();
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(2), "two lines were refused");
    assert_eq!(rest.len(), 3, "{rest:?}");
    assert!(rest[0].contains(r#""id":2"#) && rest[0].contains("nested more than"), "{}", &rest[0][..200]);
    assert!(rest[1].contains(r#""id":3"#) && rest[1].contains("squares looked at"), "{}", rest[1]);
    assert!(rest[2].contains(r#""id":4"#) && rest[2].contains(r#""moves""#), "{}", rest[2]);
}

/// A spec piece with such a string: every command that loads the spec refuses it, naming the
/// spec's line, and shows the long line as a window.
#[test]
fn a_spec_piece_with_a_hostile_string_is_refused_at_its_line() {
    let shogi = std::fs::read_to_string("specs/shogi.toml").expect("specs/shogi.toml");
    let first = shogi.find("betza = \"").expect("a betza line");
    let end = first + 9 + shogi[first + 9..].find('"').expect("closing quote");
    let line = shogi[..first].matches('\n').count() + 1;
    for (betza, needle) in [("(".repeat(20_000), "nested more than"), ("aaaaaaaaaaK".to_string(), "squares looked at")]
    {
        let dir = std::env::temp_dir().join(format!("kensho-hostile-{}-{}", std::process::id(), betza.len()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("shogi.toml");
        std::fs::write(&path, format!("{}betza = \"{betza}\"{}", &shogi[..first], &shogi[end + 1..])).expect("write");
        let path = path.to_string_lossy().into_owned();
        for args in [vec!["lint", &path], vec!["show", &path], vec!["perft", &path, "1"]] {
            let out = kensho(&args);
            assert_refused(&out, needle);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(&format!("shogi.toml:{line}:")), "{args:?} names the line: {err}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
