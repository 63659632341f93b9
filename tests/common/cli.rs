//! Running the `kensho` binary as a user does: its output, and the two verdicts most CLI tests
//! give (it succeeded; it refused bad input with exit 2 and a message).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Tests of what the commands say read their tables whole (KENSHO_WIDTH=0, as `--wide`);
/// tests/commands/terminal_width.rs tests the fitting to a terminal's width.
pub fn kensho(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").args(args).output().expect("run kensho")
}

/// `kensho` with `input` on its standard input.
pub fn kensho_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kensho");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("wait for kensho")
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs a command that must succeed; (standard output, standard error).
pub fn ok(args: &[&str]) -> (String, String) {
    let out = kensho(args);
    let (o, e) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "kensho {args:?} failed ({:?}): {e}", out.status.code());
    assert!(!e.contains("panicked"), "{e}");
    (o, e)
}

/// Runs a command that must be refused as bad input: exit 2, `needle` on standard error, no
/// panic, nothing on standard output. Returns standard error.
pub fn refused(args: &[&str], needle: &str) -> String {
    let out = kensho(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "kensho {args:?}: exit code; stderr: {err}");
    assert!(err.contains(needle), "kensho {args:?}: stderr should say {needle:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "kensho {args:?} printed {}", text(&out.stdout));
    err
}
