//! `kensho lock` and the clause review after an edit (issue 22, item 5): the lock's digests are
//! the same on every run, an edit changes exactly the clauses that encode what was edited, lint
//! lists them with their words until `kensho lock` accepts them, and diff shows the same values.

use crate::common::cli::{kensho, ok, text};
use crate::common::report::scratch;
use std::path::{Path, PathBuf};

/// A renamed copy of specs/shogi.toml in a fresh directory (a designer's copy).
fn my_shogi(test: &str) -> PathBuf {
    let spec = scratch(&format!("lock-{test}")).join("myshogi.toml");
    let source = std::fs::read_to_string("specs/shogi.toml").unwrap().replacen("id = \"shogi\"", "id = \"myshogi\"", 1);
    std::fs::write(&spec, source).unwrap();
    spec
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The subjects (clause ids) of lint's clause-changed findings.
fn changed_clauses(spec: &Path) -> Vec<String> {
    let out = kensho(&["lint", s(spec), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    json[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "clause-changed")
        .map(|f| f["subject"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_lock_is_the_same_on_every_run() {
    let spec = my_shogi("stable");
    let lock = spec.with_extension("lock");
    ok(&["lock", s(&spec)]);
    let first = std::fs::read_to_string(&lock).unwrap();
    ok(&["lock", s(&spec)]);
    assert_eq!(first, std::fs::read_to_string(&lock).unwrap());
    // The bundled lock of the same spec has the same digests: only the header names the file.
    let bundled = std::fs::read_to_string("specs/shogi.lock").unwrap();
    let body = |t: &str| t.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&first), body(&bundled));
    assert!(first.contains("[clause.SHO-14]\n\"piece.S.betza\" = \""), "{first}");
}

#[test]
fn an_edit_lists_exactly_the_clauses_that_encode_it_until_locked() {
    let spec = my_shogi("edit");
    let (out, _) = ok(&["lint", s(&spec)]);
    assert!(out.contains("no clause lock"), "{out}");
    ok(&["lock", s(&spec)]);
    assert!(changed_clauses(&spec).is_empty());
    // The Silver from FfW to FvW. By hand, in specs/shogi.toml: SHO-14 encodes piece.S.betza
    // ("The Silver General moves one square diagonally or one square straight forward") and
    // SHO-18 encodes piece.*.betza (how every piece captures); no other clause encodes it.
    let source = std::fs::read_to_string(&spec).unwrap();
    assert_eq!(source.matches("betza = \"FfW\"").count(), 1, "the Silver's line");
    std::fs::write(&spec, source.replacen("betza = \"FfW\"", "betza = \"FvW\"", 1)).unwrap();
    assert_eq!(changed_clauses(&spec), vec!["SHO-14", "SHO-18"]);
    let (table, _) = ok(&["lint", s(&spec), "--format", "json"]);
    assert!(table.contains("piece.S.betza changed since the lock; re-read: \\\"The Silver General moves one square diagonally or one square straight forward.\\\""), "{table}");
    // Lint warns, it does not fail: the spec is not wrong, only to be re-read.
    assert_eq!(kensho(&["lint", s(&spec)]).status.code(), Some(0));
    let (accepted, _) = ok(&["lock", s(&spec)]);
    assert!(accepted.contains("accepted the changes of SHO-14, SHO-18"), "{accepted}");
    assert!(changed_clauses(&spec).is_empty());
}

#[test]
fn a_setting_edit_points_at_its_clause() {
    let spec = my_shogi("setting");
    ok(&["lock", s(&spec)]);
    // By hand: rules.drops.nifu is encoded by SHO-32 alone in specs/shogi.toml.
    let source = std::fs::read_to_string(&spec).unwrap();
    assert_eq!(source.matches("nifu = \"own-unpromoted\"").count(), 1);
    let clauses: Vec<&str> = source
        .split("[[clause]]")
        .filter(|c| c.contains("\"rules.drops.nifu\""))
        .filter_map(|c| c.lines().find(|l| l.starts_with("id = ")))
        .collect();
    std::fs::write(&spec, source.replacen("nifu = \"own-unpromoted\"", "nifu = \"none\"", 1)).unwrap();
    let changed = changed_clauses(&spec);
    assert_eq!(changed.len(), clauses.len(), "{changed:?} against {clauses:?}");
    for c in &changed {
        assert!(clauses.iter().any(|l| l.contains(&format!("\"{c}\""))), "{c} does not encode rules.drops.nifu");
    }
}

#[test]
fn a_damaged_lock_is_an_error_naming_its_line() {
    let spec = my_shogi("damaged");
    ok(&["lock", s(&spec)]);
    let lock = spec.with_extension("lock");
    let text_now = std::fs::read_to_string(&lock).unwrap();
    std::fs::write(&lock, text_now.replacen("[clause.SHO-14]", "[clause.SHO-14", 1)).unwrap();
    let out = kensho(&["lint", s(&spec)]);
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out.stdout);
    assert!(shown.contains("lock-invalid"), "{shown}");
    let json = text(&kensho(&["lint", s(&spec), "--format", "json"]).stdout);
    let line = text_now.lines().position(|l| l == "[clause.SHO-14]").unwrap() + 1;
    assert!(json.contains(&format!("line {line}")), "{json}");
    // `kensho lock` rewrites it whole.
    ok(&["lock", s(&spec)]);
    assert_eq!(std::fs::read_to_string(&lock).unwrap(), text_now);
}

#[test]
fn diff_shows_the_values_a_clause_encodes() {
    let spec = my_shogi("diff");
    let source = std::fs::read_to_string(&spec).unwrap();
    let edited = spec.with_file_name("myshogi2.toml");
    std::fs::write(
        &edited,
        source.replacen("betza = \"FfW\"", "betza = \"FvW\"", 1).replacen("id = \"myshogi\"", "id = \"myshogi2\"", 1),
    )
    .unwrap();
    let out = kensho(&["diff", s(&spec), s(&edited), "--seed", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("value of piece.S.betza"), "{shown}");
    assert!(shown.contains("\"FfW\"") && shown.contains("\"FvW\""), "{shown}");
}

#[test]
fn lock_refuses_an_unreadable_spec() {
    let out = kensho(&["lock", "tests/fixtures/no-such.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn a_lock_that_cannot_be_written_stops_the_run_and_the_locks_written_before_it_are_said() {
    let first = my_shogi("partway-first");
    let second = my_shogi("partway-second");
    // A directory where the second spec's lock goes: the atomic rename onto it fails.
    std::fs::create_dir_all(second.with_extension("lock").join("in-the-way")).unwrap();
    let out = kensho(&["lock", s(&first), s(&second)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let first_lock = first.with_extension("lock");
    assert!(stdout.starts_with(&format!("{}: ", first_lock.display())), "the first lock is said: {stdout}");
    assert!(stdout.contains("clauses locked; written"), "{stdout}");
    assert!(!stdout.contains("partway-second"), "nothing is said written for the second: {stdout}");
    assert!(stderr.contains("error: cannot write") && stderr.contains("partway-second"), "{stderr}");
    assert!(first_lock.is_file(), "the first lock was written");
}
