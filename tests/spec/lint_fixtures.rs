//! One small spec per `kensho lint` finding (tests/fixtures/lint-specs). Each fixture loads; its
//! first lines say what lint must find in it:
//!
//! `# expect: SEVERITY CODE MESSAGE`: a finding of that severity and code whose message
//! contains MESSAGE (one line per expected finding; other findings may come too), or
//! `# expect: clean`: no finding of severity error or warning.

use kensho::spec::finding::{Finding, Severity};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Every finding code `kensho lint` gives for a spec that loads and reads as intended, each of
/// which must have a fixture.
const CODES: &[&str] = &[
    "setup-overlap",
    "zone-setup",
    "count-differs",
    "setup-symmetry",
    "promotion-cycle",
    "promotion-chain",
    "piece-unused",
    "piece-immobile",
    "dead-setup",
    "dead-drop",
    "dead-square",
    "clause-pending",
    "rule-uncited",
    "reading-identical",
    "suspicious-notation",
    "acknowledgement-invalid",
    "acknowledgement-stale",
    "string-vs-rules",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/lint-specs").join(name)
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("toml"))
        .collect();
    v.sort();
    v
}

/// The `# expect: ` lines at the top of a fixture.
fn expectations(path: &Path) -> Vec<String> {
    let text = crate::common::read_text(path);
    text.lines().map_while(|l| l.strip_prefix("# expect: ")).map(str::to_string).collect()
}

fn severity(word: &str) -> Severity {
    match word {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "info" => Severity::Info,
        other => panic!("unknown severity {other:?} in an expect header"),
    }
}

fn lint(path: &Path) -> Vec<Finding> {
    let spec = kensho::spec::load(path).unwrap_or_else(|e| panic!("{} does not load:\n{e}", path.display()));
    kensho::commands::acknowledge::lint_findings(&spec)
}

fn show(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| format!("  {} {} [{}] {}", f.severity.name(), f.code, f.subject, f.message))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_lint_fixture_gives_its_finding() {
    let files = toml_files(&root().join("tests/fixtures/lint-specs"));
    let mut failures = Vec::new();
    let mut covered: Vec<String> = Vec::new();
    let mut clean = 0;
    for path in &files {
        let expected = expectations(path);
        assert!(!expected.is_empty(), "{}: no `# expect: ` header", path.display());
        let found = lint(path);
        for e in &expected {
            if e == "clean" {
                clean += 1;
                let bad: Vec<Finding> = found.iter().filter(|f| f.severity != Severity::Info).cloned().collect();
                if !bad.is_empty() {
                    failures.push(format!("{}: expected no error or warning, got\n{}", path.display(), show(&bad)));
                }
                continue;
            }
            let mut parts = e.splitn(3, ' ');
            let (sev, code, words) = (
                severity(parts.next().unwrap()),
                parts.next().unwrap_or_else(|| panic!("{}: expect header without a code", path.display())),
                parts.next().unwrap_or(""),
            );
            covered.push(code.to_string());
            if !found.iter().any(|f| f.severity == sev && f.code == code && f.message.contains(words)) {
                failures.push(format!(
                    "{}: expected {} {code} containing {words:?}, got\n{}",
                    path.display(),
                    sev.name(),
                    show(&found)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let missing: Vec<&&str> = CODES.iter().filter(|c| !covered.iter().any(|k| k == *c)).collect();
    assert!(missing.is_empty(), "finding codes without a fixture: {missing:?}");
    assert!(clean >= 1, "no clean fixture");
}

#[test]
fn both_severities_of_the_findings_that_have_two_are_exercised() {
    // dead-drop: error with no drop rule, info when drops.dead-piece handles it;
    // dead-square: warning with nothing forcing promotion, info under promotion.forced-ranks.
    let has = |file: &str, sev: Severity, code: &str| {
        lint(&fixture(file)).iter().any(|f| f.severity == sev && f.code == code)
    };
    assert!(has("dead-drop.toml", Severity::Error, "dead-drop"));
    assert!(!has("dead-drop-handled.toml", Severity::Error, "dead-drop"));
    assert!(has("dead-drop-handled.toml", Severity::Info, "dead-drop"));
    assert!(has("dead-square.toml", Severity::Warning, "dead-square"));
    assert!(!has("dead-square-forced.toml", Severity::Warning, "dead-square"));
    assert!(has("dead-square-forced.toml", Severity::Info, "dead-square"));
}

#[test]
fn every_bundled_spec_lints_without_errors() {
    let specs = toml_files(&root().join("specs"));
    assert!(!specs.is_empty());
    let mut failures = Vec::new();
    for p in specs {
        let found = lint(&p);
        if found.iter().any(|f| f.severity == Severity::Error) {
            failures.push(format!("{}:\n{}", p.display(), show(&found)));
        }
    }
    assert!(failures.is_empty(), "bundled specs with lint errors:\n{}", failures.join("\n\n"));
}

fn kensho(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").args(args).output().expect("run kensho")
}

fn path_arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn lint_command_exits_1_on_errors_0_when_clean_and_2_when_the_spec_does_not_load() {
    let with_error = fixture("dead-setup.toml");
    let out = kensho(&["lint", path_arg(&with_error)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "stdout: {stdout}\nstderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("dead-setup"), "{stdout}");

    let clean = fixture("clean.toml");
    let out = kensho(&["lint", path_arg(&clean)]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));

    // A warning alone is no error.
    let out = kensho(&["lint", path_arg(&fixture("piece-unused.toml"))]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));

    // One spec with an error among several makes the whole run exit 1.
    let out = kensho(&["lint", path_arg(&clean), path_arg(&with_error)]);
    assert_eq!(out.status.code(), Some(1));

    let unloadable = root().join("tests/fixtures/bad-specs/setup-off-board.toml");
    let out = kensho(&["lint", path_arg(&unloadable)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("setup-off-board.toml:25:5"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn lint_json_has_counts_and_findings() {
    let out =
        kensho(&["lint", "--format", "json", path_arg(&fixture("dead-setup.toml")), path_arg(&fixture("clean.toml"))]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    let reports = v.as_array().expect("one report per spec");
    assert_eq!(reports.len(), 2);

    let bad = &reports[0];
    assert_eq!(bad["spec"], "dead-setup");
    assert!(bad["errors"].as_u64().unwrap() >= 1, "{bad}");
    let findings = bad["findings"].as_array().expect("findings is a list");
    let dead =
        findings.iter().find(|f| f["code"] == "dead-setup").unwrap_or_else(|| panic!("no dead-setup finding: {bad}"));
    assert_eq!(dead["severity"], "error");
    assert_eq!(dead["subject"], "P");
    assert!(dead["message"].as_str().unwrap().contains("starts on a5"), "{dead}");

    let clean = &reports[1];
    assert_eq!(clean["spec"], "clean");
    assert_eq!(clean["errors"], 0);
    assert_eq!(clean["warnings"], 0);
    assert!(clean["findings"].is_array());
}

/// Findings of one lint fixture.
fn lint_fixture(name: &str) -> Vec<kensho::spec::finding::Finding> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint-specs").join(format!("{name}.toml"));
    kensho::commands::acknowledge::lint_findings(&kensho::spec::load(&path).unwrap())
}

#[test]
fn a_drop_ban_by_zone_is_a_rule_that_handles_dead_drops() {
    // drops.zone-ban covers the last rank, where a Pawn could never move: no dead-drop error.
    let f = lint_fixture("zone-ban");
    assert!(!f.iter().any(|x| x.code == "dead-drop"), "{f:?}");
}

#[test]
fn a_promotion_cycle_is_reported_once() {
    let f = lint_fixture("chain-cycle");
    assert_eq!(f.iter().filter(|x| x.code == "promotion-cycle").count(), 1, "{f:?}");
}
