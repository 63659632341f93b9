//! Shared by the report tests: run `kensho report` into a fresh directory with a small budget.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The small budget the tests use (the defaults are for people; these keep CI quick).
pub const SMALL: &[&str] =
    &["--games", "1", "--plies", "20", "--positions", "10", "--aimed", "5", "--search", "20", "--depth", "2"];

/// A fresh, empty scratch directory under the system's temp dir.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kensho-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

pub fn kensho(args: &[&str], cwd: Option<&Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kensho"));
    c.env("KENSHO_WIDTH", "0");
    c.args(args);
    if let Some(d) = cwd {
        c.current_dir(d);
    }
    c.output().expect("run kensho")
}

/// `kensho report SPECS --out OUT` with the small budget and seed 7; panics with the output
/// unless it exits 0.
pub fn report(specs: &[&str], out: &Path) -> Output {
    report_with(specs, out, &[])
}

/// [`report`] with `extra` arguments after the small budget.
pub fn report_with(specs: &[&str], out: &Path, extra: &[&str]) -> Output {
    let out_s = out.to_string_lossy().to_string();
    let mut args = vec!["report"];
    args.extend_from_slice(specs);
    args.extend_from_slice(&["--out", &out_s, "--seed", "7"]);
    args.extend_from_slice(SMALL);
    args.extend_from_slice(extra);
    let o = kensho(&args, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "kensho report failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

pub fn read(path: &Path) -> String {
    super::read_text(path)
}

pub fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}
