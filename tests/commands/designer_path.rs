//! The designer's path (issue 22): a new variant checked without a second file, and the
//! README's tour from a rule document to a report.

use crate::common::cli::{kensho, text};
use crate::common::outside;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kensho-designer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn arg(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A renamed copy of specs/shogi.toml with one move changed (the Silver's `FfW` becomes
/// `FvW`), and no properties file beside it: `check` runs the invariants derived from the
/// spec's settings and the generic ones, says so, and finds nothing wrong; before, it stopped
/// at "cannot read the properties file" with exit 2.
#[test]
fn a_renamed_copy_is_checked_without_a_properties_file() {
    let dir = scratch("copy");
    let shogi = crate::common::read_text("specs/shogi.toml");
    let mut copy = shogi.clone();
    for (from, to) in [("id = \"shogi\"", "id = \"myshogi\""), ("betza = \"FfW\"", "betza = \"FvW\"")] {
        assert_eq!(shogi.matches(from).count(), 1, "specs/shogi.toml no longer holds {from:?} once");
        copy = copy.replacen(from, to, 1);
    }
    let spec = dir.join("myshogi.toml");
    std::fs::write(&spec, copy).unwrap();
    let out = kensho(&["check", arg(&spec), "--games", "2", "--plies", "30", "--positions", "20", "--seed", "3"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stderr.contains("no properties file") && stderr.contains("derived from the spec's settings"), "{stderr}");
    assert!(stdout.contains("properties none (derived and generic invariants)"), "{stdout}");
    // Shogi's rules restated from its settings (tests/check/derived.rs lists them by hand).
    assert!(stdout.contains("7 derived from the spec's settings), seed 3\n"), "{stdout}");
    assert!(stdout.contains("derived: derived:forced-promotion, derived:promotion, derived:drops"), "{stdout}");
    // The Silver's changed move is judged by its notation invariant like every other piece's.
    assert!(stdout.contains("generic:notation:S"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's tour on each document with an Interactive Diagram configuration: ingest writes
/// a skeleton whose game id is the `--out` file's name, so lint and check read it as it is
/// (no "game id differs from the file name"); ingest exits 1 exactly when it reports errors
/// (Mitsugumi's configuration and prose disagree: the 13 errors of the findings snapshot, each
/// checked against the document in tests/spec/ingest_seeds.rs). The report
/// runs on Mitsugumi's, as the README shows.
#[test]
fn the_tour_from_a_document_to_a_report() {
    let Some(docs) = outside::documents() else { return };
    let dir = scratch("tour");
    for (document, game, errors) in [
        ("000_116ea7fedabdbe2a.txt", "suzumu", false),
        ("001_bbc26209d8e27e8f.txt", "mitsugumi", true),
        ("002_f3ad3da1aac5a416.txt", "hook", false),
    ] {
        let spec = dir.join(format!("{game}.toml"));
        let out = kensho(&["ingest", arg(&docs.path(document)), "--out", arg(&spec)]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(if errors { 1 } else { 0 }), "{game}: {stdout}{}", text(&out.stderr));
        if game == "mitsugumi" {
            assert!(stdout.contains("13 errors"), "{stdout}");
        }
        let skeleton = crate::common::read_text(&spec);
        assert!(skeleton.contains(&format!("id = \"{game}\"")), "{skeleton}");

        let lint = kensho(&["lint", arg(&spec)]);
        let said = format!("{}{}", text(&lint.stdout), text(&lint.stderr));
        assert!(matches!(lint.status.code(), Some(0 | 1)), "{game}: lint {said}");
        assert!(!said.contains("differs from the file name"), "{said}");

        let check = kensho(&["check", arg(&spec), "--games", "1", "--plies", "20", "--positions", "10", "--seed", "1"]);
        assert_eq!(check.status.code(), Some(0), "{game}: check {}{}", text(&check.stdout), text(&check.stderr));
        assert!(text(&check.stderr).contains("derived from the spec's settings"));
    }
    let report = dir.join("report");
    let spec = dir.join("mitsugumi.toml");
    let out =
        kensho(&["report", arg(&spec), "--out", arg(&report), "--games", "1", "--positions", "10", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let page = crate::common::read_text(report.join("mitsugumi.html"));
    assert!(
        page.contains("The invariants derived from the spec's settings and the generic ones"),
        "the page says which invariants ran"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Shogi with the Knight no longer forced to promote on the last rank: the mobility proof is
/// refuted (a Knight left on rank 9 never moves: ffN has no square beyond it) and `prove`
/// exits 1. Acknowledged in the spec (`[[acknowledged]]`, the Knight named), the proof is
/// shown as "refuted (acknowledged)" with the reason and `prove` exits 0; an acknowledgement
/// about the Lance, which the witness does not name, excuses nothing (exit 1); on the spec as
/// bundled, where the proof holds, the Knight's entry is stale: reported, and exit 1.
#[test]
fn an_acknowledged_refuted_proof_is_shown_and_fails_nothing() {
    let dir = scratch("acknowledged");
    let shogi = crate::common::read_text("specs/shogi.toml");
    let from = "forced-ranks = { P = [9], L = [9], N = [8, 9] }";
    assert!(shogi.contains(from), "specs/shogi.toml no longer holds {from:?}");
    let flawed = shogi.replacen(from, "forced-ranks = { P = [9], L = [9], N = [8] }", 1);
    let spec = dir.join("shogi.toml");
    let prove = |extra: &str| {
        std::fs::write(&spec, format!("{flawed}{extra}")).unwrap();
        let out = kensho(&["prove", arg(&spec)]);
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let (code, stdout, stderr) = prove("");
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("| refuted "), "{stdout}");

    let ack = |piece: &str| {
        format!(
            "\n[[acknowledged]]\nfinding = \"proof:mobility\"\nsubject = \"{piece}\"\nclauses = [\"SHO-22\"]\nwhy = \"kept for this test\"\n"
        )
    };
    let (code, stdout, stderr) = prove(&ack("N"));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("refuted (acknowledged)") && stdout.contains("acknowledged in the spec: kept for this test"),
        "{stdout}"
    );

    // About the Lance, which the witness does not name: the Knight's flaw stays open.
    let (code, stdout, stderr) = prove(&ack("L"));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("| refuted ") && !stdout.contains("acknowledged in the spec"), "{stdout}");

    // The flaw fixed (the spec as bundled, the proof holds): the entry is stale.
    std::fs::write(&spec, format!("{shogi}{}", ack("N"))).unwrap();
    let out = kensho(&["prove", arg(&spec)]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("stale: the acknowledged finding 'proof:mobility' about N is no longer found"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 5x5 variant with a properties file copied from a 9x9 game (tests/fixtures/stale-properties):
/// lint names each invariant the spec's settings contradict, so the check's false violations
/// never puzzle the designer. By hand: the file forces the Pawn on rank 4 where
/// rules.promotion.forced-ranks says 5, and promotes moves starting in the zone where
/// rules.promotion.trigger says ends-in-zone; its promotion invariant's forced ranks agree.
#[test]
fn lint_names_a_stale_properties_file() {
    let out = kensho(&["lint", "tests/fixtures/stale-properties/specs/mini.toml", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let found: Vec<(String, String)> = json[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "properties-contradict")
        .map(|f| (f["subject"].as_str().unwrap().to_string(), f["message"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, "forced-promotion");
    assert!(found[0].1.contains("ranks [4]; the spec's rules.promotion.forced-ranks says [5]"), "{found:?}");
    assert_eq!(found[1].0, "promotion");
    assert!(found[1].1.contains("the spec's rules.promotion.trigger is ends-in-zone"), "{found:?}");
}

/// An invariant that overrides a derived invariant the spec does not derive is a warning of
/// the check: the designer named the wrong one.
#[test]
fn an_override_of_nothing_is_reported() {
    let dir = scratch("override");
    std::fs::create_dir_all(dir.join("specs")).unwrap();
    std::fs::create_dir_all(dir.join("properties")).unwrap();
    std::fs::copy("tests/fixtures/stale-properties/specs/mini.toml", dir.join("specs/mini.toml")).unwrap();
    std::fs::write(
        dir.join("properties/mini.toml"),
        "spec = \"mini\"\n\n[[invariant]]\nid = \"forced\"\nkind = \"forced-promotion\"\noverrides = [\"derived:burn\"]\nclauses = [\"T-2\"]\nranks = { P = [5] }\nwhy = \"x\"\n",
    )
    .unwrap();
    let spec = dir.join("specs/mini.toml");
    let out = kensho(&["check", arg(&spec), "--games", "1", "--plies", "10", "--positions", "5", "--seed", "1"]);
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(said.contains("invariant 'forced' overrides 'derived:burn', which this spec does not derive"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}
