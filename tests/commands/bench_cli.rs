//! `kensho bench`: the counts it times are the published perft figures, and its comparison with
//! Fairy-Stockfish reads the script's reply, takes off its start-up, and refuses a bad reply or
//! a count that disagrees. A stand-in script with written-out replies plays Fairy-Stockfish.

use crate::common::report::scratch;
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kensho(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").args(args).output().expect("run kensho")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A stand-in for fsf-perft: `VARIANT DEPTH` -> the reply written for that depth.
fn stand_in(dir: &Path, depth1: &str, depth2: &str) -> PathBuf {
    let path = dir.join("fsf-perft");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\ncase \"$2\" in\n  1) printf '{depth1}' ;;\n  2) printf '{depth2}' ;;\n  *) exit 3 ;;\nesac\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn the_speed_rows_count_the_published_figures() {
    // Shogi's published perft: 30 at depth 1, 900 at depth 2 (shared/reference/perft.md).
    let v = json(&kensho(&["bench", "specs/shogi.toml", "--depth", "2", "--runs", "1", "--format", "json"]));
    let row = &v["speed"][0];
    assert_eq!(row["spec"], "shogi");
    assert_eq!(row["nodes"], 900);
    assert!(row["one_thread_seconds"].as_f64().unwrap() > 0.0);
    assert!(row["all_threads_seconds"].as_f64().unwrap() > 0.0);
    assert!(row["threads"].as_u64().unwrap() >= 1);
    assert_eq!(v["fairy_stockfish"].as_array().unwrap().len(), 0, "no comparison without --fsf");
    let table = text(&kensho(&["bench", "specs/shogi.toml", "--depth", "1", "--runs", "1"]).stdout);
    assert!(table.contains("shogi") && table.contains(" 30 "), "{table}");
}

#[test]
fn the_comparison_takes_off_the_start_up_and_gives_the_ratio() {
    let dir = scratch("bench-fsf");
    let fsf =
        stand_in(&dir, "nodes 30\\nseconds 0.100\\n", "Fairy-Stockfish says hello\\nnodes 900\\nseconds 0.500\\n");
    let out = kensho(&[
        "bench",
        "specs/shogi.toml",
        "specs/ryu.toml",
        "--depth",
        "2",
        "--runs",
        "1",
        "--format",
        "json",
        "--fsf",
        fsf.to_str().unwrap(),
    ]);
    let v = json(&out);
    let rows = v["fairy_stockfish"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "Ryu is no game of Fairy-Stockfish's: {rows:?}");
    let r = &rows[0];
    assert_eq!(
        (r["game"].as_str(), r["nodes"].as_u64(), r["fsf_nodes"].as_u64()),
        (Some("shogi"), Some(900), Some(900))
    );
    let fsf_seconds = r["fsf_seconds"].as_f64().unwrap();
    assert!((fsf_seconds - 0.4).abs() < 1e-9, "0.5 s less 0.1 s of start-up, got {fsf_seconds}");
    let kensho_seconds = r["kensho_seconds"].as_f64().unwrap();
    assert!((r["ratio"].as_f64().unwrap() - 0.4 / kensho_seconds).abs() < 1e-9);
}

#[test]
fn a_count_that_disagrees_exits_1_naming_both() {
    let dir = scratch("bench-fsf-disagree");
    let fsf = stand_in(&dir, "nodes 30\\nseconds 0.1\\n", "nodes 901\\nseconds 0.5\\n");
    let out = kensho(&["bench", "specs/shogi.toml", "--depth", "2", "--runs", "1", "--fsf", fsf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("kensho counts 900, Fairy-Stockfish 901"), "{err}");
}

#[test]
fn a_bad_reply_or_a_missing_script_is_bad_input() {
    let dir = scratch("bench-fsf-bad");
    let fsf = stand_in(&dir, "nodes 30\\nseconds 0.1\\n", "nodes lots\\n\\033[2J\\n");
    let out = kensho(&["bench", "specs/shogi.toml", "--depth", "2", "--runs", "1", "--fsf", fsf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("`nodes` is not a count"), "{err}");
    assert!(err.contains("\\u{1b}") && !err.contains('\u{1b}'), "the escape character is shown escaped: {err:?}");
    let out = kensho(&["bench", "specs/shogi.toml", "--runs", "1", "--fsf", "/nonexistent/fsf-perft"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/fsf-perft"));
}
