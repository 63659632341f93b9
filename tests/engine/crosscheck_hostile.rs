//! `kensho crosscheck` against engines that misbehave on purpose (issue 26).
//!
//! A hung engine that has started a helper (as an adapter starts the real engine): when
//! crosscheck returns, after its timeout or by SIGINT/SIGTERM, both are gone and kensho's
//! standard error is closed (it was held open by the survivors, so `kensho crosscheck ... 2>&1
//! | tail` waited for them). And replies from tests/fixtures/hostile_engine.py: control
//! characters in error texts, names and move keys are printed escaped; a line over the limit,
//! a 5-million-move reply and a 10 MB engine name end the run with a precise error, exit 2, in
//! bounded memory.

#![cfg(target_os = "linux")]

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kensho-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

/// Whether process `pid` still runs (a zombie, killed and not yet reaped, does not).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name, which is in parentheses.
        Ok(stat) => !matches!(stat.rsplit(')').next().and_then(|s| s.trim_start().chars().next()), Some('Z' | 'X')),
        Err(_) => false,
    }
}

/// Whether all of `pids` have ended within two seconds (SIGKILL takes effect when the
/// process is next scheduled, not at once).
fn all_end(pids: &[u32]) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|p| alive(*p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    !pids.iter().any(|p| alive(*p))
}

/// Kills what the test started and a failing test left behind.
fn kill_survivors(pids: &[u32]) {
    for pid in pids.iter().filter(|p| alive(**p)) {
        // SAFETY: kill has no memory preconditions; these are this test's own processes.
        unsafe {
            libc::kill(*pid as libc::pid_t, libc::SIGKILL);
        }
    }
}

fn read_pid(path: &Path) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if let Some(pid) = std::fs::read_to_string(path).ok().and_then(|t| t.trim().parse().ok()) {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the engine never wrote {}", path.display())
}

/// The hung engine: writes its own pid and its helper's to `dir`, never answers, and ignores
/// the end of its input.
fn hung_engine(dir: &Path) -> String {
    let d = dir.display();
    format!("echo $$ > {d}/engine.pid; sleep 1000 & echo $! > {d}/helper.pid; wait")
}

/// Starts `kensho crosscheck specs/shogi.toml` against `engine`, its output piped. SIGINT and
/// SIGTERM are set to their default action in kensho, whatever this test process inherited
/// (a shell without job control starts background jobs with SIGINT ignored).
fn start(engine: &str, extra: &[&str]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kensho"));
    cmd.env("KENSHO_WIDTH", "0");
    cmd.args(["crosscheck", "specs/shogi.toml", "--engine", engine, "--games", "1", "--plies", "1", "--seed", "5"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: signal() is async-signal-safe, as required between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    cmd.spawn().expect("run kensho")
}

/// Reads all of `pipe` in a thread; the text arrives when every process holding the pipe's
/// other end has closed it.
fn drain(mut pipe: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        let _ = tx.send(text);
    });
    rx
}

/// Waits for kensho to exit, at most a minute.
fn wait(child: &mut Child) -> ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().expect("wait for kensho") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kensho still runs after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn after_a_timeout_the_hung_engine_and_its_helper_are_gone_and_stderr_is_closed() {
    let dir = scratch("crosscheck-hung");
    let mut kensho = start(&hung_engine(&dir), &["--timeout", "1"]);
    let stderr = drain(kensho.stderr.take().unwrap());
    let _stdout = drain(kensho.stdout.take().unwrap());
    let status = wait(&mut kensho);
    let pids = [read_pid(&dir.join("engine.pid")), read_pid(&dir.join("helper.pid"))];
    let ended = all_end(&pids);
    // kensho's standard error reaches EOF only once nothing it started still holds it.
    let err = stderr.recv_timeout(Duration::from_secs(3));
    kill_survivors(&pids);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ended, "the engine ({}) and its helper ({}) still run after crosscheck returned", pids[0], pids[1]);
    let err = err.expect("kensho's standard error is still open 3 s after it exited");
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("gave no answer within 1 s"), "{err}");
}

#[test]
fn sigint_and_sigterm_end_kensho_and_the_engine_with_it() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let dir = scratch(&format!("crosscheck-signal-{signal}"));
        let mut kensho = start(&hung_engine(&dir), &["--timeout", "600"]);
        let _stderr = drain(kensho.stderr.take().unwrap());
        let _stdout = drain(kensho.stdout.take().unwrap());
        let pids = [read_pid(&dir.join("engine.pid")), read_pid(&dir.join("helper.pid"))];
        // Only kensho is signalled, as a Ctrl-C reaches it: the engine is in a group of its own.
        // SAFETY: kill has no memory preconditions; kensho is this test's child.
        unsafe {
            libc::kill(kensho.id() as libc::pid_t, signal);
        }
        let status = wait(&mut kensho);
        let ended = all_end(&pids);
        kill_survivors(&pids);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(status.signal(), Some(signal), "kensho ends by the signal, as without a handler: {status:?}");
        assert!(ended, "signal {signal}: the engine ({}) or its helper ({}) outlived kensho", pids[0], pids[1]);
    }
}

/// The outcome of a run: exit code, standard output and error, and kensho's peak resident
/// memory in MB (from wait4, for this child alone).
struct Run {
    code: Option<i32>,
    out: String,
    err: String,
    peak_mb: f64,
}

// kensho is reaped by wait4 (for its resource usage), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn hostile(args: &[&str]) -> Run {
    let engine = format!("python3 tests/fixtures/hostile_engine.py {}", args.join(" "));
    let mut kensho = start(&engine, &["--timeout", "60"]);
    let (out, err) = (drain(kensho.stdout.take().unwrap()), drain(kensho.stderr.take().unwrap()));
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it for this child, which std has not reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(kensho.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(r, kensho.id() as libc::pid_t, "wait4: {}", std::io::Error::last_os_error());
    let code = ExitStatus::from_raw(status).code();
    let text = |rx: Receiver<String>| rx.recv_timeout(Duration::from_secs(10)).expect("kensho's output closes");
    // ru_maxrss is in kilobytes on Linux.
    Run { code, out: text(out), err: text(err), peak_mb: usage.ru_maxrss as f64 / 1024.0 }
}

/// No raw control character but the line breaks: the escapes are there instead.
fn assert_no_controls(text: &str) {
    let bad: Vec<char> = text.chars().filter(|c| c.is_control() && *c != '\n').collect();
    assert!(bad.is_empty(), "raw control characters {bad:?} in: {}", text.chars().take(2000).collect::<String>());
}

#[test]
fn an_engine_error_text_with_esc_and_nul_is_printed_escaped() {
    let r = hostile(&["escape-error"]);
    assert_eq!(r.code, Some(2), "{}{}", r.out, r.err);
    assert_no_controls(&r.err);
    assert!(r.err.contains(r"engine error: no such game\u{1b}[2J\u{1b}]0;owned\u{7} here\u{0} (NUL)"), "{}", r.err);
}

#[test]
fn names_move_keys_and_reasons_are_printed_escaped_and_a_long_name_cut() {
    let r = hostile(&["escape-names"]);
    assert_eq!(r.code, Some(1), "a difference: {}{}", r.out, r.err);
    assert_no_controls(&r.out);
    assert_no_controls(&r.err);
    let head = r.out.lines().next().unwrap();
    assert!(head.starts_with(r"shogi against evil\u{1b}[31m red\u{1b}[0mxxx"), "{head}");
    assert!(head.contains(r"... (999817 more bytes) (v\u{0}ar)"), "{head}");
    assert!(head.len() < 400, "the name is cut: {} bytes", head.len());
    assert!(r.out.contains(r"only the engine (1): e1e3\u{1b}[2J"), "{}", r.out);
    assert!(r.out.contains(r"made-up\u{1b}[31m: 1"), "{}", r.out);
}

#[test]
fn a_line_over_the_limit_is_an_error_in_bounded_memory() {
    // 200 MB: the issue's reply line; 10 MB: its engine name. Both are one line of the hello.
    for bytes in ["200000000", "10000000"] {
        let r = hostile(&["long-hello", bytes]);
        assert_eq!(r.code, Some(2), "{bytes}: {}{}", r.out, r.err);
        let line = r.err.lines().find(|l| l.starts_with("error:")).unwrap_or_else(|| panic!("{}", r.err));
        assert!(
            line.contains(
                "answered a line longer than 4194304 bytes (4 MiB, kensho's limit for one line of the protocol)"
            ),
            "{line}"
        );
        assert!(line.contains(r#"starting: {"engine": "aaaa"#) && line.len() < 500, "{line}");
        assert!(r.out.is_empty(), "nothing of the name printed: {} bytes", r.out.len());
        assert!(r.peak_mb < 50.0, "{bytes}: kensho peaked at {:.0} MB", r.peak_mb);
    }
}

#[test]
fn a_reply_with_millions_of_moves_is_an_error_in_bounded_memory() {
    // The issue's 5-million-move reply: 35 MB, over the line limit.
    let r = hostile(&["moves", "5000000", "a1a2"]);
    assert_eq!(r.code, Some(2), "{}{}", r.out, r.err);
    assert!(r.err.contains("answered a line longer than 4194304 bytes"), "{}", r.err);
    assert!(r.peak_mb < 50.0, "kensho peaked at {:.0} MB", r.peak_mb);
    // Within the line limit (600 KB), but over the count limit.
    let r = hostile(&["moves", "200000", "''"]);
    assert_eq!(r.code, Some(2), "{}{}", r.out, r.err);
    assert!(r.err.contains("moves reply to request 1: more than 100000 move keys (the limit)"), "{}", r.err);
    assert!(r.peak_mb < 50.0, "kensho peaked at {:.0} MB", r.peak_mb);
}

#[test]
fn an_engine_making_up_reasons_for_filtered_moves_is_stopped_at_the_limit() {
    let r = hostile(&["reasons", "1001"]);
    assert_eq!(r.code, Some(2), "{}{}", r.out, r.err);
    assert!(r.err.contains("the engine has named more than 1000 different reasons for filtered moves"), "{}", r.err);
    // 1000 are counted as usual.
    let r = hostile(&["reasons", "1000"]);
    assert_eq!(r.code, Some(0), "{}{}", r.out, r.err);
    assert!(r.out.contains("reason-999: 1"), "{}", r.out);
}
