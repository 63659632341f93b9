//! `kensho ambiguities` and `kensho prove` from the command line: exit statuses (0 done, 1 a
//! finding, 2 bad input), JSON that parses, and the bounds clap refuses.

use serde_json::Value;
use std::process::{Command, Output};

fn kensho(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").args(args).output().expect("run kensho")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn json(o: &Output) -> Value {
    let (out, err) = text(o);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}\n{err}"))
}

#[test]
fn ambiguities_on_shogi_exits_0_with_json() {
    let o = kensho(&["ambiguities", "specs/shogi.toml", "--format", "json", "--seed", "1"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("seed 1"), "the seed is printed: {err}");
    let v = json(&o);
    let specs = v.as_array().expect("one entry per spec");
    assert_eq!(specs.len(), 1);
    let s = &specs[0];
    assert_eq!(s["seed"], 1);
    assert!(s["spec"].as_str().unwrap().ends_with("shogi.toml"));
    // Shogi has one reading (impasse) with one non-default option.
    let readings = s["readings"].as_array().unwrap();
    assert_eq!(readings.len(), 1);
    assert_eq!(readings[0]["reading"], "impasse");
    assert_eq!(readings[0]["comparisons"].as_array().unwrap().len(), 1);
    let verdict = readings[0]["comparisons"][0]["verdict"].as_str().unwrap();
    assert!(["proved", "witness", "unknown"].contains(&verdict), "{verdict}");
    // Every path shape of the fourteen pieces is driven, none dead (exit 0 says so too).
    let paths = s["paths"].as_array().unwrap();
    assert!(paths.len() >= 14, "{} shapes", paths.len());
    assert!(paths.iter().all(|p| p["verdict"] == "witness" && p["confirmed"] == true), "{paths:?}");
}

#[test]
fn ambiguities_table_and_markdown_render() {
    for (format, marker) in [("table", "path shapes"), ("markdown", "## ")] {
        let o = kensho(&["ambiguities", "specs/xiangqi.toml", "--format", format, "--seed", "2"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{format}: {err}");
        assert!(out.contains(marker), "{format}:\n{out}");
        assert!(out.contains("perpetual-chase"), "{format}:\n{out}");
    }
}

#[test]
fn prove_on_shogi_exits_0_with_json() {
    let o = kensho(&["prove", "specs/shogi.toml", "--format", "json"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v = json(&o);
    let proofs = v[0]["proofs"].as_array().expect("proofs");
    let names: Vec<&str> = proofs.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["mobility", "jump-ranking", "promotion-chains", "zone-setup"]);
    // Shogi forces promotion where a Pawn, Lance or Knight could never move and bans such
    // drops; it has no rank-limited jumps; its promotions end; no piece starts in the zone.
    assert!(proofs.iter().all(|p| p["verdict"] == "proved"), "{proofs:?}");
}

#[test]
fn prove_exits_1_when_a_proof_is_refuted() {
    // Suzumu's Pawns may stay unpromoted on the last rank (promotion is never forced there).
    // The bundled spec acknowledges it (the document's own rule): shown, exit 0. Without the
    // acknowledgement the refuted proof fails the run.
    let o = kensho(&["prove", "specs/suzumu.toml"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("refuted (acknowledged)") && out.contains("mobility"), "{out}");
    let text_of = std::fs::read_to_string("specs/suzumu.toml").expect("specs/suzumu.toml");
    let cut = text_of.find("[[acknowledged]]").expect("the acknowledgement");
    let dir = std::env::temp_dir().join(format!("kensho-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("suzumu.toml");
    std::fs::write(&spec, &text_of[..cut]).unwrap();
    let o = kensho(&["prove", spec.to_str().unwrap()]);
    let (out, err) = text(&o);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("| refuted ") && out.contains("mobility"), "{out}");
}

#[test]
fn a_bad_spec_path_exits_2() {
    for cmd in ["ambiguities", "prove"] {
        let o = kensho(&[cmd, "specs/no-such-spec.toml", "--format", "json"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {out}{err}");
        assert!(err.contains("no-such-spec"), "{cmd}: {err}");
    }
}

#[test]
fn a_zero_window_is_refused() {
    for cmd in ["ambiguities", "prove"] {
        let o = kensho(&[cmd, "specs/shogi.toml", "--window", "0"]);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        assert!(err.contains("--window"), "{cmd}: {err}");
    }
}

#[test]
fn a_zero_timeout_is_refused() {
    for cmd in ["ambiguities", "prove"] {
        let o = kensho(&[cmd, "specs/shogi.toml", "--timeout", "0", "--format", "json"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {out}{err}");
        assert!(err.contains("--timeout"), "{cmd}: {err}");
    }
}

#[test]
fn only_runs_that_reading_and_no_path_shapes() {
    let o =
        kensho(&["ambiguities", "specs/hook.toml", "--only", "deva-multi-order", "--format", "json", "--seed", "1"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v = json(&o);
    let s = &v[0];
    let readings = s["readings"].as_array().unwrap();
    assert_eq!(readings.len(), 1);
    assert_eq!(readings[0]["reading"], "deva-multi-order");
    assert!(s["paths"].as_array().unwrap().is_empty(), "no path shapes with --only");
    assert_eq!(s["only"][0], "deva-multi-order");
    let table = kensho(&["ambiguities", "specs/hook.toml", "--only", "deva-multi-order", "--seed", "1"]);
    assert!(text(&table).0.contains("path shapes not run"), "{}", text(&table).0);
}

#[test]
fn an_unknown_reading_exits_2_and_lists_the_readings() {
    let o = kensho(&["ambiguities", "specs/shogi.toml", "--only", "no-such-reading"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no-such-reading") && err.contains("impasse"), "{err}");
}

#[test]
fn a_changed_game_end_the_engine_does_not_play_is_unknown_with_the_reason() {
    // Xiangqi's perpetual-chase: the engine plays no chase rule (config.rs NOT_READ), so the
    // two options' engines are alike and the comparison says why instead of searching.
    let o =
        kensho(&["ambiguities", "specs/xiangqi.toml", "--only", "perpetual-chase", "--format", "json", "--seed", "1"]);
    let v = json(&o);
    let c = &v[0]["readings"][0]["comparisons"][0];
    assert_eq!(c["verdict"], "unknown");
    assert_eq!(c["method"], "engine");
    assert!(c["summary"].as_str().unwrap().contains("rules.end.perpetual-chase"), "{c}");
}
