//! Outside material some tests need: the rule documents and a headless browser (issue 19).
//!
//! - The rule documents (the six seed documents the specs quote) are found through
//!   `KENSHO_DOCUMENTS=DIR`, else in `../shared/seeds` beside the clone when that exists.
//! - Chromium is `KENSHO_CHROMIUM=PATH`, else the first of `chromium`, `chromium-browser`,
//!   `google-chrome` on the PATH.
//! - GNU parallel (the sharding test of `kensho evaluate`) is `KENSHO_PARALLEL=PATH`, else
//!   `parallel` on the PATH.
//!
//! When one is missing, a test that needs it prints one line naming itself, what is missing and
//! how to provide it, and passes without checking anything; when the test binary exits it
//! prints how many tests it skipped. With `KENSHO_REQUIRE_DOCUMENTS=1` (or
//! `KENSHO_REQUIRE_BROWSER=1`, `KENSHO_REQUIRE_PARALLEL=1`) the same tests fail instead:
//! `.ci/run` sets all three, so CI never skips.
//!
//! The notices are written to stderr directly rather than with `eprintln!`: the test harness
//! captures `eprintln!` of passing tests and would hide them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

static SKIPPED: AtomicUsize = AtomicUsize::new(0);
static SUMMARY: Once = Once::new();

/// The directory of the rule documents, counting what the test read from it.
pub struct Documents {
    dir: PathBuf,
    read: AtomicUsize,
}

impl Documents {
    /// The path of one document in the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The text of one document; a document missing from a directory that exists is a failure
    /// naming the path tried, never a skip.
    pub fn read(&self, name: &str) -> String {
        let path = self.path(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        self.read.fetch_add(1, Ordering::Relaxed);
        text
    }

    /// How many documents this test has read so far: tests assert it, so that a test cannot
    /// pass by reading nothing.
    pub fn read_count(&self) -> usize {
        self.read.load(Ordering::Relaxed)
    }
}

/// The rule documents, or `None` after the skip notice (a failure under
/// `KENSHO_REQUIRE_DOCUMENTS=1`).
pub fn documents() -> Option<Documents> {
    if let Some(d) = std::env::var_os("KENSHO_DOCUMENTS") {
        // Named on purpose: a wrong name is a mistake to report, not a reason to skip.
        let dir = PathBuf::from(d);
        assert!(dir.is_dir(), "KENSHO_DOCUMENTS={} is not a directory", dir.display());
        return Some(Documents { dir, read: AtomicUsize::new(0) });
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    if dir.is_dir() {
        return Some(Documents { dir, read: AtomicUsize::new(0) });
    }
    missing(
        "KENSHO_REQUIRE_DOCUMENTS",
        &format!("the rule documents (looked in {})", dir.display()),
        "clone kensho beside shared/ or set KENSHO_DOCUMENTS=DIR (README, \"Set up\")",
    );
    None
}

/// The headless browser to run, or `None` after the skip notice (a failure under
/// `KENSHO_REQUIRE_BROWSER=1`).
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("KENSHO_CHROMIUM") {
        // Named on purpose: a wrong name is a mistake to report, not a reason to skip.
        let p = PathBuf::from(p);
        assert!(p.is_file(), "KENSHO_CHROMIUM={} is not a file", p.display());
        return Some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    missing(
        "KENSHO_REQUIRE_BROWSER",
        "Chromium (none of chromium, chromium-browser, google-chrome is on the PATH)",
        "install it (Debian: apt-get install chromium) or set KENSHO_CHROMIUM=PATH",
    );
    None
}

/// GNU parallel (Debian package `parallel`), which the sharding documentation runs
/// `kensho evaluate --shard` under: `KENSHO_PARALLEL=PATH`, else `parallel` on the PATH; or
/// `None` after the skip notice (a failure under `KENSHO_REQUIRE_PARALLEL=1`).
pub fn gnu_parallel() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("KENSHO_PARALLEL") {
        // Named on purpose: a wrong name is a mistake to report, not a reason to skip.
        let p = PathBuf::from(p);
        assert!(p.is_file(), "KENSHO_PARALLEL={} is not a file", p.display());
        return Some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if let Some(p) = std::env::split_paths(&path).map(|dir| dir.join("parallel")).find(|p| p.is_file()) {
        return Some(p);
    }
    missing(
        "KENSHO_REQUIRE_PARALLEL",
        "GNU parallel (no `parallel` on the PATH)",
        "install it (Debian: apt-get install parallel) or set KENSHO_PARALLEL=PATH",
    );
    None
}

/// Fails under `require`, else prints the skip notice and counts it.
fn missing(require: &str, what: &str, how: &str) {
    let test = current_test();
    if std::env::var_os(require).is_some_and(|v| v != "0") {
        panic!("{test} needs {what}, and {require} is set: {how}");
    }
    SKIPPED.fetch_add(1, Ordering::Relaxed);
    SUMMARY.call_once(|| {
        // SAFETY: atexit is the C library's; the handler only writes to stderr.
        unsafe { atexit(print_summary) };
    });
    let _ = writeln!(std::io::stderr(), "skipped: {test} needs {what}; {how}");
}

/// The test's name: the harness runs each test on a thread named after it.
fn current_test() -> String {
    match std::thread::current().name() {
        Some(name) if name != "main" => name.to_string(),
        _ => "a test".to_string(),
    }
}

extern "C" fn print_summary() {
    let n = SKIPPED.load(Ordering::Relaxed);
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {n} test{} of this binary checked nothing for want of outside material (see the \
         `skipped:` lines above); KENSHO_REQUIRE_DOCUMENTS=1, KENSHO_REQUIRE_BROWSER=1 and \
         KENSHO_REQUIRE_PARALLEL=1 make them fail",
        if n == 1 { "" } else { "s" }
    );
}

extern "C" {
    /// Runs `f` when the process exits: the test harness prints its own result first.
    fn atexit(f: extern "C" fn()) -> std::os::raw::c_int;
}
