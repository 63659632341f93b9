//! `kensho report` from the command line: the files of docs/report.md, JSON that agrees with
//! independent sources (published perft figures, `kensho clauses`, hand counts), the same
//! report for the same seed, atomic and careful writing, --strict, and `kensho` alone.

use crate::common::report as common;

use common::{json, kensho, read, report, scratch};
use serde_json::Value;
use std::path::Path;

fn without_seconds(mut v: Value) -> Value {
    v["run"].as_object_mut().expect("run").remove("seconds");
    v
}

#[test]
fn the_report_has_every_file_and_its_json_agrees_with_independent_sources() {
    let out = scratch("report-files").join("report");
    let o = report(&["specs/shogi.toml"], &out);
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(stderr.contains("seed 7"), "the seed is printed: {stderr}");
    // The budget given (common::report::SMALL) is printed, so that a run says what it spent.
    assert!(
        stderr.contains("budget per spec: 1 game of up to 20 plies, 10 designed positions, 5 aimed")
            && stderr.contains("20 searched positions per reading option"),
        "the budget is printed: {stderr}"
    );
    assert!(stdout.contains("report written to") && stdout.contains("shogi"), "{stdout}");
    for f in [
        "index.html",
        "index.md",
        "index.json",
        "shogi.html",
        "shogi.md",
        "shogi.json",
        "shogi/start.svg",
        "shogi/legend.svg",
        ".kensho-report",
    ] {
        assert!(out.join(f).is_file(), "{f} is written");
    }
    let v = json(&out.join("shogi.json"));
    // The documented top-level fields, no more and no fewer (docs/report.md, schema 1).
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "check",
            "check_skipped",
            "clauses",
            "evaluation",
            "evaluation_skipped",
            "lint",
            "paths",
            "perft",
            "perft_skipped",
            "pieces",
            "proofs",
            "readings",
            "run",
            "schema",
            "spec",
            "summary"
        ]
    );
    assert_eq!(v["schema"], 1);
    assert_eq!(v["spec"]["id"], "shogi");
    assert_eq!(v["run"]["seed"], 7);
    // Shogi's published perft: 30 moves, 900 positions at depth 2.
    assert_eq!(v["perft"], serde_json::json!([{"depth": 1, "nodes": 30}, {"depth": 2, "nodes": 900}]));
    // The clause list is the one `kensho clauses` gives.
    let clauses = kensho(&["clauses", "specs/shogi.toml", "--format", "json"], None);
    let listed = serde_json::from_slice::<Value>(&clauses.stdout).unwrap()[0]["clauses"].as_array().unwrap().len();
    assert_eq!(v["clauses"].as_array().unwrap().len(), listed);
    assert_eq!(v["summary"]["clauses"].as_u64().unwrap() as usize, listed);
    // Fourteen piece types (K R B G S N L P and six promoted), no zone moves: one diagram each.
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 14);
    // The Knight leaps two ranks forward and one file aside, to an empty square or onto an enemy.
    let knight = pieces.iter().find(|p| p["piece"] == "N").expect("a Knight diagram");
    let squares = knight["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 2, "{knight}");
    for s in squares {
        assert_eq!(s["kinds"], serde_json::json!(["move", "capture"]), "{knight}");
    }
    // The check ran (properties/shogi.toml exists) and found nothing wrong.
    assert!(v["check"].is_object() && v["check_skipped"].is_null());
    assert_eq!(v["summary"]["violations"], 0);
    // No self-play without --evaluate-games: each format says so in one line, with the option
    // that asks for it; the stage is not timed.
    assert!(v["evaluation"].is_null());
    let why = v["evaluation_skipped"].as_str().expect("why there is no self-play");
    assert!(why.contains("--evaluate-games N"), "{why}");
    assert!(v["run"]["seconds"].get("evaluation").is_none());
    let html = read(&out.join("shogi.html"));
    assert!(html.contains(
        "<section id=\"selfplay\"><h2>Self-play</h2><p>Self-play did not run: not asked for (--evaluate-games N"
    ));
    let md = read(&out.join("shogi.md"));
    assert!(md.contains("## Self-play\n\nSelf-play did not run: not asked for (--evaluate-games N"), "{md}");
    let index = json(&out.join("index.json"));
    assert_eq!(index["specs"][0]["json"], "shogi.json");
    assert_eq!(index["specs"][0]["summary"], v["summary"]);
}

#[test]
fn every_board_the_markdown_shows_is_a_written_svg() {
    let out = scratch("report-markdown").join("report");
    report(&["specs/shogi.toml"], &out);
    let md = read(&out.join("shogi.md"));
    let links: Vec<&str> =
        md.split("](").skip(1).filter_map(|rest| rest.split(')').next()).filter(|l| l.ends_with(".svg")).collect();
    // The start position, the legend and fourteen diagrams at least.
    assert!(links.len() >= 16, "{} SVG links", links.len());
    for l in links {
        let svg = read(&out.join(l));
        assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"), "{l} is a whole SVG file");
    }
    assert!(md.contains("## Clauses") && md.contains("## Perft") && md.contains("| 2 | 900 |"));
}

#[test]
fn the_same_seed_gives_the_same_report_but_for_the_seconds() {
    // Shoogantshii: reading witnesses from Z3, the search and lines of play all appear in it.
    let root = scratch("report-same");
    report(&["specs/shoogantshii.toml"], &root.join("one"));
    report(&["specs/shoogantshii.toml"], &root.join("two"));
    let (a, b) = (json(&root.join("one/shoogantshii.json")), json(&root.join("two/shoogantshii.json")));
    assert!(a["summary"]["witnesses"].as_u64().unwrap() > 0);
    assert_eq!(without_seconds(a), without_seconds(b));
}

#[test]
fn a_directory_kensho_did_not_write_is_left_alone() {
    let dir = scratch("report-foreign");
    std::fs::write(dir.join("precious.txt"), "keep me").unwrap();
    let d = dir.to_string_lossy().to_string();
    let o = kensho(
        &[
            "report",
            "specs/xiangqi.toml",
            "--out",
            &d,
            "--games",
            "1",
            "--positions",
            "5",
            "--aimed",
            "0",
            "--search",
            "5",
            "--depth",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a kensho report"), "{err}");
    assert_eq!(read(&dir.join("precious.txt")), "keep me");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "nothing added");
}

#[test]
fn a_bad_spec_is_refused_with_its_line_and_nothing_is_written() {
    let dir = scratch("report-bad");
    let spec = dir.join("bad.toml");
    std::fs::write(&spec, "[game]\nid = \"bad\"\nname = = \"x\"\n").unwrap();
    let out = dir.join("report");
    let o = kensho(&["report", &spec.to_string_lossy(), "--out", &out.to_string_lossy()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.toml:3:"), "names the file and line 3: {err}");
    assert!(!out.exists());
}

#[test]
fn strict_exits_1_when_a_proof_is_refuted() {
    // Shogi with the Knight no longer forced to promote on the last rank: a Knight moving
    // there without promoting can never move again (ffN has no square beyond rank 9), so the
    // mobility proof is refuted.
    let dir = scratch("report-strict");
    let specs = dir.join("specs");
    std::fs::create_dir_all(&specs).unwrap();
    let text = read(Path::new("specs/shogi.toml"));
    let changed =
        text.replace("forced-ranks = { P = [9], L = [9], N = [8, 9] }", "forced-ranks = { P = [9], L = [9], N = [8] }");
    assert_ne!(changed, text, "the forced-ranks line is in specs/shogi.toml");
    std::fs::write(specs.join("shogi.toml"), changed).unwrap();
    let spec = specs.join("shogi.toml").to_string_lossy().to_string();
    let out = dir.join("report").to_string_lossy().to_string();
    let mut args = vec!["report", spec.as_str(), "--out", out.as_str(), "--strict"];
    args.extend_from_slice(common::SMALL);
    let o = kensho(&args, None);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&Path::new(&out).join("shogi.json"));
    let mobility = v["proofs"].as_array().unwrap().iter().find(|p| p["name"] == "mobility").unwrap();
    assert_eq!(mobility["verdict"], "witness", "{mobility}");
    assert!(mobility["witness"].as_str().unwrap().contains('N'), "the Knight is the witness: {mobility}");
    // The closing lines say what is wrong, in words: this proof, not every reason there could be.
    let stdout = String::from_utf8_lossy(&o.stdout);
    let tail = &stdout[stdout.find("to look at:").expect("the closing lines")..];
    let lines: Vec<&str> = tail.lines().skip(1).collect();
    assert!(
        lines.len() == 1 && lines[0].starts_with("  shogi: proof 'mobility' refuted: ") && lines[0].contains('N'),
        "{tail}"
    );
    // Without --strict the same run exits 0: the report is written either way.
    args.retain(|a| *a != "--strict");
    assert_eq!(kensho(&args, None).status.code(), Some(0));
}

#[test]
fn kensho_alone_reports_on_the_specs_of_the_current_directory() {
    let dir = scratch("report-noargs");
    for sub in ["specs", "properties"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        std::fs::copy(format!("{sub}/xiangqi.toml"), dir.join(sub).join("xiangqi.toml")).unwrap();
    }
    let o = kensho(&[], Some(&dir));
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("report/index.html").is_file() && dir.join("report/xiangqi.html").is_file());
    let index = json(&dir.join("report/index.json"));
    assert_eq!(index["specs"].as_array().unwrap().len(), 1, "only the spec found here");
    assert!(String::from_utf8_lossy(&o.stdout).contains("xiangqi"));
}
