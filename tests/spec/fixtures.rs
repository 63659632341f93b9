//! One malformed spec per diagnostic (tests/fixtures/bad-specs): each file's first line says
//! `# expect: LINE:COL message`, where LINE:COL was read off the fixture by hand.

use std::path::Path;
use std::process::Command;

#[test]
fn every_bad_spec_fixture_gives_its_diagnostic_at_its_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad-specs");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        seen += 1;
        let text = crate::common::read_text(&path);
        let header = text.lines().next().unwrap();
        let expect =
            header.strip_prefix("# expect: ").unwrap_or_else(|| panic!("{}: no expect header", path.display()));
        let (pos, message) = expect.split_once(' ').unwrap();
        let (line, col) = pos.split_once(':').unwrap();
        let (line, col): (usize, usize) = (line.parse().unwrap(), col.parse().unwrap());
        let errors = match kensho::spec::load(&path) {
            Ok(_) => panic!("{} loaded without error", path.display()),
            Err(e) => e.0,
        };
        assert!(
            errors.iter().any(|d| d.line == line && d.column == col && d.message.contains(message)),
            "{}: expected {line}:{col} {message:?}, got {:?}",
            path.display(),
            errors.iter().map(|d| format!("{}:{} {}", d.line, d.column, d.message)).collect::<Vec<_>>()
        );
    }
    assert!(seen >= 41, "fixtures found: {seen}");
}

#[test]
fn clauses_command_reports_a_bad_spec_with_file_line_and_exit_2() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad-specs/why-missing.toml");
    let out =
        Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").arg("clauses").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("why-missing.toml:13:10"), "{err}");
    assert!(err.contains("13 | status = \"informative\""), "{err}");
    assert!(err.contains("^^^^^^^^^^^^^"), "{err}");
}

#[test]
fn missing_spec_file_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(["clauses", "/nonexistent/x.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the spec"));
}

#[test]
fn an_extending_spec_may_cite_its_base_clauses_and_nothing_else() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/good-specs");
    let child = kensho::spec::load(&dir.join("child.toml")).unwrap();
    assert_eq!(child.spec.readings[0].clauses.len(), 2);
    // parsed alone (no base known), the same text cites an unknown clause
    let text = crate::common::read_text(dir.join("child.toml"));
    let err = kensho::spec::parse("child.toml", &text).unwrap_err();
    assert!(err.0.iter().any(|d| d.message.contains("unknown clause 'B-1'")), "{err}");
}

#[test]
fn a_cycle_of_extends_is_reported_not_followed_forever() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cycle-specs");
    let err = kensho::spec::load(&dir.join("one.toml")).unwrap_err().to_string();
    // one -> two -> one: the error stands on two's `extends = "one"` (line 6), inside one's report
    assert!(err.contains("'one' extends itself through a cycle"), "{err}");
    assert!(err.contains("two.toml:6:11"), "{err}");
}
