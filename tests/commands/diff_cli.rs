//! `kensho diff` from the command line: exit 0 on identical specs, 1 on a change (named in the
//! output), 2 on bad input with a precise message (a missing file, malformed TOML with its
//! line, an unknown reading); the JSON output parses and has the documented fields; the seed
//! is printed.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .arg("diff")
        .args(args)
        .output()
        .expect("run kensho")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Writes `body` as `<unique dir>/specs/shogi.toml` (the loader wants the file stem to be the
/// game id) and returns its path.
fn temp_spec(body: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let dir: PathBuf = std::env::temp_dir().join(format!("kensho-diff-cli-{}-{n}", std::process::id())).join("specs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shogi.toml");
    std::fs::write(&path, body).unwrap();
    path.display().to_string()
}

fn shogi_with(from: &str, to: &str) -> String {
    let text = crate::common::read_text("specs/shogi.toml");
    assert!(text.contains(from), "specs/shogi.toml no longer contains {from:?}");
    temp_spec(&text.replacen(from, to, 1))
}

const QUICK: [&str; 4] = ["--samples", "20", "--seed", "5"];

#[test]
fn identical_specs_exit_0_and_print_the_seed() {
    let o = diff(&[&["specs/shogi.toml", "specs/shogi.toml"][..], &QUICK].concat());
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(out.trim_end().ends_with("no difference"), "{out}");
    assert!(err.contains("seed 5 (replay with --seed 5)"), "{err}");
}

#[test]
fn a_changed_piece_exits_1_and_is_named() {
    let new = shogi_with("betza = \"ffN\"", "betza = \"ffNbbN\"");
    let o = diff(&[&["specs/shogi.toml", new.as_str()][..], &QUICK].concat());
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert!(out.contains("piece.N.betza") && out.contains("ffNbbN"), "{out}");
    assert!(out.contains("the specs differ"), "{out}");
}

#[test]
fn a_missing_file_exits_2_naming_it() {
    let o = diff(&["specs/shogi.toml", "specs/no-such-spec.toml"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}\n{err}");
    assert!(err.contains("cannot read the spec") && err.contains("specs/no-such-spec.toml"), "{err}");
    assert!(out.is_empty(), "{out}");
}

#[test]
fn malformed_toml_exits_2_naming_the_line() {
    // `files = 9` stands on line 17 of specs/shogi.toml; break it there.
    let source = crate::common::read_text("specs/shogi.toml");
    assert_eq!(source.lines().nth(16), Some("files = 9"));
    let bad = shogi_with("files = 9\n", "files = = 9\n");
    let o = diff(&[bad.as_str(), "specs/shogi.toml"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}\n{err}");
    assert!(err.contains(&format!("{bad}:17:")), "{err}");
}

#[test]
fn an_unknown_reading_exits_2() {
    let o = diff(&["specs/shogi.toml", "specs/shogi.toml", "--reading", "no-such=x"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}\n{err}");
    assert!(err.contains("unknown reading 'no-such'"), "{err}");
    let o = diff(&["specs/shogi.toml", "specs/shogi.toml", "--reading", "impasse"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("expected READING=OPTION"), "{}", text(&o).1);
}

#[test]
fn json_has_the_documented_fields() {
    // Null moves allowed: perft 1 becomes 30 + 1 (the null move), perft 2 31 x 31 = 961.
    let new = shogi_with("null-move = \"illegal\"", "null-move = \"allowed\"");
    let o = diff(&[&["specs/shogi.toml", new.as_str(), "--format", "json"][..], &QUICK].concat());
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
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
        "warnings",
        "identical",
    ] {
        assert!(v.get(field).is_some(), "no {field} in {out}");
    }
    assert_eq!(v["seed"], 5);
    assert_eq!(v["identical"], false);
    assert_eq!(v["settings"][0]["path"], "rules.skip.null-move");
    let rows: Vec<(u64, u64, u64, i64)> = v["perft"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["depth"].as_u64().unwrap(),
                r["old"].as_u64().unwrap(),
                r["new"].as_u64().unwrap(),
                r["difference"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows, [(1, 30, 31, 1), (2, 900, 961, 61)]);
    assert_eq!(v["samples"]["pieces"][0]["piece"], "-");
}

#[test]
fn markdown_has_a_heading_per_section_and_depth_0_skips_perft() {
    let o =
        diff(&[&["specs/shogi.toml", "specs/shogi.toml", "--format", "markdown", "--depth", "0"][..], &QUICK].concat());
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    for heading in [
        "## Board, zones and setup",
        "## Rule settings",
        "## Pieces",
        "## Legal moves on sample positions",
        "## Perft from the start positions",
        "## Clauses",
        "## Readings",
        "## Invariants",
    ] {
        assert!(out.contains(heading), "no {heading} in {out}");
    }
    assert!(out.contains("not compared: --depth 0"), "{out}");
}
