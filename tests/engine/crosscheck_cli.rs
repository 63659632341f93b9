//! `kensho crosscheck` against a stand-in engine (tests/fixtures/fake_engine.py) whose answers
//! for the shogi start position are written out by hand: agreement, a difference (reported
//! with the position and the moves only one side has, exit 1), filtered moves counted, the
//! engine's readings applied or refused, and every engine failure an error with exit 2 (a
//! silent engine, an answer that is not JSON, a refused hello). The runs against
//! Fairy-Stockfish are in .ci/run (README, "Crosscheck").

use std::process::{Command, Output};

fn crosscheck(mode: &[&str], extra: &[&str]) -> Output {
    let engine = format!("python3 tests/fixtures/fake_engine.py {}", mode.join(" "));
    Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(["crosscheck", "specs/shogi.toml", "--engine", &engine, "--games", "1", "--plies", "1", "--seed", "5"])
        .args(extra)
        .output()
        .expect("run kensho")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn agreement_on_the_start_position_exits_0() {
    let o = crosscheck(&["agree"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("against fake 1 (fake-shogi)"), "{out}");
    assert!(out.contains("positions compared: 1, moves compared: 30"), "{out}");
    assert!(out.contains("no difference"), "{out}");
    assert!(err.contains("seed 5"), "the seed is printed: {err}");
}

#[test]
fn a_difference_is_reported_with_the_position_and_both_sides_moves() {
    let o = crosscheck(&["differ"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("FIRST DIFFERENCE (game seed 5, after 0 plies)"), "{out}");
    assert!(out.contains("position: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"), "{out}");
    assert!(out.contains("only kensho (1): e1e2"), "{out}");
    assert!(out.contains("only the engine (1): e1e3"), "{out}");
}

#[test]
fn the_json_report_names_the_difference() {
    let o = crosscheck(&["differ"], &["--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["difference"]["kensho_only"], serde_json::json!(["e1e2"]));
    assert_eq!(v["difference"]["engine_only"], serde_json::json!(["e1e3"]));
    assert_eq!(v["positions"], 1);
    assert_eq!(v["seed"], 5);
}

#[test]
fn filtered_moves_are_counted_by_reason() {
    let o = crosscheck(&["filtered"], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("made-up-deviation: 1"), "{out}");
}

#[test]
fn the_engines_readings_are_applied_and_a_conflict_is_an_error() {
    let o = crosscheck(&["readings", "impasse", "declaration-27"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("readings: impasse=declaration-27"), "{out}");
    let o = crosscheck(&["readings", "impasse", "declaration-27"], &["--reading", "impasse=jsa-24"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("the engine plays reading impasse=declaration-27, the command line asks for impasse=jsa-24"),
        "{err}"
    );
}

#[test]
fn engine_failures_are_errors_with_exit_2() {
    for (mode, extra, says) in [
        ("silent", &["--timeout", "1"][..], "gave no answer within 1 s"),
        ("garbage", &[][..], "not JSON"),
        ("refuse", &[][..], "engine error: this fake engine plays nothing"),
    ] {
        let o = crosscheck(&[mode], extra);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{mode}: {out}{err}");
        assert!(err.contains(says), "{mode}: {err}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(["crosscheck", "specs/shogi.toml", "--engine", "exit 3", "--games", "1"])
        .output()
        .expect("run kensho");
    assert_eq!(o.status.code(), Some(2));
    // Either "engine 'exit 3' exited" or, if the hello was written after it had gone,
    // "engine 'exit 3' stopped reading".
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("engine 'exit 3' exited") || err.contains("engine 'exit 3' stopped reading"), "{err}");
}
