//! Writing a report directory all at once: every file goes into a staging directory beside the
//! target, which then takes the target's place in one step. A run that fails part-way leaves the
//! previous report as it was and no staging directory behind; a run that is killed part-way
//! leaves a whole report at the target (the previous one or the new one), and the next run
//! tidies what it left beside it.
//!
//! The step: on Linux, `renameat2(RENAME_EXCHANGE)` swaps the staging directory and the target
//! atomically, so the target is never missing; the previous report then sits under the staging
//! name and is removed. Elsewhere, and on a Linux file system that cannot exchange (`EINVAL`),
//! the fallback is two renames: the target to `.NAME.kensho-old-PID`, then the staging directory
//! to the target. A kill between those two leaves no target, only the previous report under the
//! old name; the next run (its first check, [`check_target`]) moves it back.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The file that marks a directory as a kensho report, so a second run may replace it. A
/// directory without it (a typo'd `--out ~`) is never replaced.
pub(crate) const MARKER: &str = ".kensho-report";

/// Test-only fault injection: when this variable is `kill-mid-swap`, the run kills itself
/// (SIGKILL, so nothing is tidied) right after the swap's first step; `fallback-kill-mid-swap`
/// does the same on the two-rename fallback. No user sets it; it exists so that a test can
/// kill a report at the one moment that matters (tests/commands/report_swap.rs).
pub const FAULT_VAR: &str = "KENSHO_TEST_FAULT";

/// Whether a report may be written to `dir`: it does not exist, or kensho wrote it, or it is an
/// empty directory. Checked before the work starts, and again when writing. First it tidies
/// what killed runs left beside `dir` ([`tidy`]): a previous report a killed run had moved
/// aside is put back, so that the check judges the real target and a run that fails later
/// still leaves it in place.
pub fn check_target(dir: &Path) -> Result<(), String> {
    if let Some((parent, name)) = parent_and_name(dir) {
        tidy(&parent, &name);
    }
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{} is a file, not a directory; choose another --out", dir.display()));
    }
    if dir.exists() && !replaceable(dir) {
        return Err(format!(
            "{} exists and is not a kensho report (no {MARKER} file in it); choose another --out or remove it",
            dir.display()
        ));
    }
    dir.file_name().map(|_| ()).ok_or_else(|| format!("{}: not a directory name; choose another --out", dir.display()))
}

/// The directory that holds `dir` ("." for a bare name) and `dir`'s own name.
fn parent_and_name(dir: &Path) -> Option<(PathBuf, String)> {
    let name = dir.file_name()?.to_string_lossy().to_string();
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Some((parent, name))
}

/// Writes `files` (paths relative to `dir`, contents) as the whole content of `dir`. Returns
/// warnings: what could not be tidied once the report was in place.
pub(crate) fn write_dir(dir: &Path, files: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut seen = std::collections::BTreeSet::new();
    for (rel, _) in files {
        let p = Path::new(rel);
        if rel.is_empty() || p.components().any(|c| !matches!(c, Component::Normal(_))) {
            return Err(format!("internal: report file name {rel:?} is not a plain relative path"));
        }
        if !seen.insert(rel) {
            return Err(format!("internal: two report files are named {rel:?}"));
        }
    }
    check_target(dir)?;
    let (parent, name) = parent_and_name(dir).ok_or_else(|| format!("{}: not a directory name", dir.display()))?;
    fs::create_dir_all(&parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    let pid = std::process::id();
    let staging = parent.join(format!(".{name}.{NEW}{pid}"));
    let old = parent.join(format!(".{name}.{OLD}{pid}"));
    if let Err(e) = fill(&staging, files) {
        let _ = fs::remove_dir_all(&staging);
        return Err(e);
    }
    let fault = std::env::var(FAULT_VAR).unwrap_or_default();
    let exchange_first = fault != "fallback-kill-mid-swap";
    let kill_mid_swap = fault == "kill-mid-swap" || fault == "fallback-kill-mid-swap";
    // Where the previous report is once the new one is in place (None: there was none).
    let previous = match swap(&staging, dir, &old, exchange_first, kill_mid_swap) {
        Ok(p) => p,
        Err(e) => {
            let _ = fs::remove_dir_all(&staging);
            return Err(e);
        }
    };
    let mut warnings = Vec::new();
    // The swap itself is a change of the parent's entries.
    if let Err(e) = sync_dir(&parent) {
        warnings.push(e);
    }
    if let Some(p) = previous {
        if let Err(e) = fs::remove_dir_all(&p) {
            warnings.push(format!("the previous report is left at {}: {e}", p.display()));
        }
    }
    Ok(warnings)
}

/// The name parts of what a run leaves beside the target while it writes: `.NAME.kensho-new-PID`
/// (the staging directory; after an exchange, the previous report) and `.NAME.kensho-old-PID`
/// (the previous report, on the two-rename fallback).
const NEW: &str = "kensho-new-";
const OLD: &str = "kensho-old-";

/// Puts the filled `staging` directory in place of `dir`. Returns where the previous report
/// now is, for the caller to remove. `exchange_first` false goes straight to the fallback
/// (tests); `kill_mid_swap` is the test fault of [`FAULT_VAR`].
fn swap(
    staging: &Path,
    dir: &Path,
    old: &Path,
    exchange_first: bool,
    kill_mid_swap: bool,
) -> Result<Option<PathBuf>, String> {
    if exchange_first {
        match atomic_place(staging, dir) {
            Placed::Done(previous) => {
                if kill_mid_swap {
                    die();
                }
                return Ok(previous);
            }
            Placed::Failed(e) => return Err(format!("cannot move the new report to {}: {e}", dir.display())),
            Placed::Unsupported => {}
        }
    }
    let had_previous = dir.exists();
    if had_previous {
        fs::rename(dir, old).map_err(|e| format!("cannot move the previous report {} aside: {e}", dir.display()))?;
    }
    if kill_mid_swap {
        die();
    }
    if let Err(e) = fs::rename(staging, dir) {
        // Put the previous report back, so the failure changes nothing.
        if had_previous {
            let _ = fs::rename(old, dir);
        }
        return Err(format!("cannot move the new report to {}: {e}", dir.display()));
    }
    Ok(had_previous.then(|| old.to_path_buf()))
}

/// What the one-step placement did.
enum Placed {
    /// The new report is in place; the previous one, if there was one, is at this path.
    Done(Option<PathBuf>),
    Failed(std::io::Error),
    /// This system or file system has no atomic exchange: use the two renames.
    Unsupported,
}

/// Linux: exchange `staging` and `dir` in one step when `dir` exists, else rename `staging` to
/// `dir` without replacing anything that appeared there meanwhile (`RENAME_NOREPLACE`; should
/// something have appeared, it is judged as a target again and exchanged).
#[cfg(target_os = "linux")]
fn atomic_place(staging: &Path, dir: &Path) -> Placed {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let (Ok(from), Ok(to)) = (CString::new(staging.as_os_str().as_bytes()), CString::new(dir.as_os_str().as_bytes()))
    else {
        return Placed::Failed(std::io::Error::new(std::io::ErrorKind::InvalidInput, "a NUL byte in the path"));
    };
    let rename2 = |flags: libc::c_uint| -> std::io::Result<()> {
        // SAFETY: both are valid NUL-terminated paths, relative ones resolved against the
        // current directory (AT_FDCWD), as fs::rename does.
        let r = unsafe { libc::renameat2(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), flags) };
        if r == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    };
    let unsupported =
        |e: &std::io::Error| matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP));
    if !dir.exists() {
        match rename2(libc::RENAME_NOREPLACE) {
            Ok(()) => return Placed::Done(None),
            Err(e) if unsupported(&e) => return Placed::Unsupported,
            Err(e) if e.raw_os_error() == Some(libc::EEXIST) && replaceable(dir) => {}
            Err(e) => return Placed::Failed(e),
        }
    }
    match rename2(libc::RENAME_EXCHANGE) {
        // The previous report now has the staging directory's name.
        Ok(()) => Placed::Done(Some(staging.to_path_buf())),
        Err(e) if unsupported(&e) => Placed::Unsupported,
        Err(e) => Placed::Failed(e),
    }
}

#[cfg(not(target_os = "linux"))]
fn atomic_place(_staging: &Path, _dir: &Path) -> Placed {
    // macOS has renamex_np(RENAME_SWAP), other systems nothing portable: the two renames, with
    // the next run's recovery, are the documented fallback there.
    Placed::Unsupported
}

/// The test fault: ends the process at once, as a kill would, with nothing tidied.
fn die() -> ! {
    #[cfg(unix)]
    // SAFETY: kill and getpid have no preconditions.
    unsafe {
        libc::kill(libc::getpid(), libc::SIGKILL);
    }
    std::process::abort()
}

/// What runs killed part-way left beside `parent/name`, judged by the next run. A directory
/// whose process still runs is another run at work and is left alone. Of the others, a
/// previous report moved aside (`kensho-old-`) is moved back when there is no report at
/// `name` (it is the only copy), and removed when there is one; a staging directory
/// (`kensho-new-`) is half a report or, after an exchange, the previous one, and is removed.
fn tidy(parent: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(parent) else { return };
    let dir = parent.join(name);
    let mut olds: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().to_string();
        let Some(rest) = file.strip_prefix('.').and_then(|f| f.strip_prefix(name)).and_then(|f| f.strip_prefix('.'))
        else {
            continue;
        };
        let (is_old, pid) = match (rest.strip_prefix(OLD), rest.strip_prefix(NEW)) {
            (Some(pid), _) => (true, pid),
            (_, Some(pid)) => (false, pid),
            _ => continue,
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if running(pid) {
            continue;
        }
        if is_old {
            let when = e.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH);
            olds.push((when, e.path()));
        } else {
            let _ = fs::remove_dir_all(e.path());
        }
    }
    // The newest is the report that was in place last; older ones were already replaced.
    olds.sort();
    if !dir.exists() {
        if let Some((_, newest)) = olds.pop() {
            if newest.join(MARKER).is_file() && fs::rename(&newest, &dir).is_err() {
                return;
            }
        }
    }
    if replaceable(&dir) {
        for (_, o) in olds {
            let _ = fs::remove_dir_all(o);
        }
    }
}

/// Whether process `pid` (another kensho run) is still alive. Our own id counts as not: this
/// process has written nothing yet when it tidies, so such a leftover is from an earlier
/// process that had the same id.
fn running(pid: u32) -> bool {
    if pid == 0 || pid == std::process::id() {
        return false;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
        // SAFETY: signal 0 only checks that the process exists (EPERM: it does, not ours).
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// A directory a report may replace: one kensho wrote, or an empty one.
fn replaceable(dir: &Path) -> bool {
    dir.is_dir() && (dir.join(MARKER).is_file() || fs::read_dir(dir).map(|mut d| d.next().is_none()).unwrap_or(false))
}

/// Writes every file into `staging`, each flushed to the disk, and then the directories' entries:
/// the swap must not put in place a report whose files a crash would leave empty.
fn fill(staging: &Path, files: &[(String, String)]) -> Result<(), String> {
    fs::create_dir_all(staging).map_err(|e| format!("cannot create {}: {e}", staging.display()))?;
    let mut dirs = std::collections::BTreeSet::from([staging.to_path_buf()]);
    for (rel, text) in files {
        let path = staging.join(rel);
        if let Some(p) = path.parent() {
            fs::create_dir_all(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?;
            dirs.insert(p.to_path_buf());
        }
        write_synced(&path, text)?;
    }
    write_synced(&staging.join(MARKER), "written by kensho report; the next run replaces this directory\n")?;
    for dir in dirs.iter().rev() {
        sync_dir(dir)?;
    }
    Ok(())
}

fn write_synced(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut f = fs::File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    f.write_all(text.as_bytes()).and_then(|_| f.sync_all()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Flushes a directory's entries (the names in it) to the disk. Only Unix can open a directory
/// for that; elsewhere the rename is as durable as the system makes it.
fn sync_dir(dir: &Path) -> Result<(), String> {
    #[cfg(unix)]
    fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| format!("cannot flush {}: {e}", dir.display()))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kensho-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn leftovers(parent: &Path) -> Vec<String> {
        fs::read_dir(parent)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .filter(|n| n.contains(".kensho-"))
            .collect()
    }

    #[test]
    fn a_second_run_replaces_the_first_report_entirely() {
        let root = scratch("replace");
        let dir = root.join("out");
        // A killed run's staging directory is cleared by the next run.
        fs::create_dir_all(root.join(".out.kensho-new-999999999/x")).unwrap();
        write_dir(&dir, &[("a.html".into(), "one".into()), ("x/b.svg".into(), "two".into())]).unwrap();
        write_dir(&dir, &[("c.md".into(), "three".into())]).unwrap();
        assert!(!dir.join("a.html").exists() && !dir.join("x").exists());
        assert_eq!(fs::read_to_string(dir.join("c.md")).unwrap(), "three");
        assert!(leftovers(&root).is_empty());
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_failed_run_leaves_the_previous_report_and_no_staging() {
        let root = scratch("fail");
        let dir = root.join("out");
        write_dir(&dir, &[("a.html".into(), "one".into())]).unwrap();
        // "a" is a file, so "a/b" cannot be created: the write fails part-way.
        let err = write_dir(&dir, &[("a".into(), "x".into()), ("a/b".into(), "y".into())]).unwrap_err();
        assert!(err.contains("cannot"), "{err}");
        assert_eq!(fs::read_to_string(dir.join("a.html")).unwrap(), "one");
        assert!(leftovers(&root).is_empty(), "{:?}", leftovers(&root));
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_directory_that_is_not_a_report_is_never_replaced() {
        let root = scratch("foreign");
        fs::write(root.join("precious.txt"), "keep").unwrap();
        let err = write_dir(&root, &[("a.html".into(), "one".into())]).unwrap_err();
        assert!(err.contains("not a kensho report"), "{err}");
        assert_eq!(fs::read_to_string(root.join("precious.txt")).unwrap(), "keep");
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_file_in_the_way_and_repeated_names_are_refused() {
        let root = scratch("clash");
        fs::write(root.join("out"), "a file").unwrap();
        assert!(write_dir(&root.join("out"), &[("a".into(), "x".into())]).unwrap_err().contains("is a file"));
        let err = write_dir(&root.join("dir"), &[("a".into(), "x".into()), ("a".into(), "y".into())]).unwrap_err();
        assert!(err.contains("two report files"), "{err}");
        assert!(!root.join("dir").exists());
        fs::remove_dir_all(root).unwrap();
    }

    fn write(dir: &Path, rel: &str, text: &str) {
        let p = dir.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }

    /// A process id no process can have (above Linux's largest pid_max, 2^22).
    const DEAD: u32 = 999_999_999;

    #[test]
    fn the_two_rename_fallback_replaces_the_report_and_leaves_nothing_beside_it() {
        let root = scratch("fallback");
        let dir = root.join("out");
        write_dir(&dir, &[("a.html".into(), "one".into())]).unwrap();
        let staging = root.join(".out.kensho-new-1234");
        fill(&staging, &[("b.html".into(), "two".into())]).unwrap();
        let old = root.join(".out.kensho-old-1234");
        let previous = swap(&staging, &dir, &old, false, false).unwrap();
        assert_eq!(previous.as_deref(), Some(old.as_path()), "the previous report is moved aside, not lost");
        assert_eq!(fs::read_to_string(old.join("a.html")).unwrap(), "one");
        assert_eq!(fs::read_to_string(dir.join("b.html")).unwrap(), "two");
        assert!(!dir.join("a.html").exists() && !staging.exists());
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_previous_report_left_aside_by_a_killed_run_is_put_back_when_there_is_no_report() {
        let root = scratch("recover");
        let dir = root.join("out");
        // What a run killed between the fallback's two renames leaves: no report, the previous
        // one aside, and its own half-written staging directory.
        let aside = root.join(format!(".out.kensho-old-{DEAD}"));
        write(&aside, MARKER, "x");
        write(&aside, "a.html", "previous");
        write(&aside, "a/b.svg", "drawing");
        write(&root.join(format!(".out.kensho-new-{DEAD}")), "half", "h");
        check_target(&dir).unwrap();
        assert_eq!(fs::read_to_string(dir.join("a.html")).unwrap(), "previous");
        assert_eq!(fs::read_to_string(dir.join("a/b.svg")).unwrap(), "drawing");
        assert!(leftovers(&root).is_empty(), "{:?}", leftovers(&root));
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_left_aside_report_is_removed_when_a_report_is_in_place_and_runs_still_at_work_are_left_alone() {
        let root = scratch("tidy");
        let dir = root.join("out");
        write_dir(&dir, &[("a.html".into(), "current".into())]).unwrap();
        write(&root.join(format!(".out.kensho-old-{DEAD}")), MARKER, "x");
        // Process 1 always runs: its staging directory is another run at work.
        write(&root.join(".out.kensho-new-1"), "half", "h");
        // Not ours: another target's leftovers and names that only look alike.
        write(&root.join(format!(".other.kensho-old-{DEAD}")), MARKER, "x");
        write(&root.join(".out.kensho-new-abc"), "x", "x");
        check_target(&dir).unwrap();
        assert_eq!(fs::read_to_string(dir.join("a.html")).unwrap(), "current");
        let mut left = leftovers(&root);
        left.sort();
        assert_eq!(left, [".other.kensho-old-999999999", ".out.kensho-new-1", ".out.kensho-new-abc"]);
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn file_names_may_not_climb_out() {
        let root = scratch("climb");
        let err = write_dir(&root.join("out"), &[("../evil".into(), "x".into())]).unwrap_err();
        assert!(err.contains("plain relative path"));
        assert!(!root.join("evil").exists() && !root.join("out").exists());
        fs::remove_dir_all(root).unwrap();
    }
}
