//! Writing a report directory all at once: every file goes into a staging directory beside the
//! target, which then replaces the target with renames. A run that fails part-way leaves the
//! previous report as it was and no staging directory behind.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The file that marks a directory as a kensho report, so a second run may replace it. A
/// directory without it (a typo'd `--out ~`) is never replaced.
pub const MARKER: &str = ".kensho-report";

/// Whether a report may be written to `dir`: it does not exist, or kensho wrote it, or it is an
/// empty directory. Checked before the work starts, and again when writing.
pub fn check_target(dir: &Path) -> Result<(), String> {
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

/// Writes `files` (paths relative to `dir`, contents) as the whole content of `dir`. Returns
/// warnings: what could not be tidied once the report was in place.
pub fn write_dir(dir: &Path, files: &[(String, String)]) -> Result<Vec<String>, String> {
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
    let name = dir.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    remove_stale(&parent, &name);
    let pid = std::process::id();
    let staging = parent.join(format!(".{name}.kensho-new-{pid}"));
    let old = parent.join(format!(".{name}.kensho-old-{pid}"));
    if let Err(e) = fill(&staging, files) {
        let _ = fs::remove_dir_all(&staging);
        return Err(e);
    }
    if dir.exists() {
        if let Err(e) = fs::rename(dir, &old) {
            let _ = fs::remove_dir_all(&staging);
            return Err(format!("cannot move the previous report {} aside: {e}", dir.display()));
        }
    }
    if let Err(e) = fs::rename(&staging, dir) {
        // Put the previous report back, so the failure changes nothing.
        if old.exists() {
            let _ = fs::rename(&old, dir);
        }
        let _ = fs::remove_dir_all(&staging);
        return Err(format!("cannot move the new report to {}: {e}", dir.display()));
    }
    let mut warnings = Vec::new();
    if old.exists() {
        if let Err(e) = fs::remove_dir_all(&old) {
            warnings.push(format!("the previous report is left at {}: {e}", old.display()));
        }
    }
    Ok(warnings)
}

/// Staging directories of runs that were killed before they finished (Ctrl-C): theirs is the
/// same name with another process id. A previous report moved aside by a killed run is kept:
/// it may be the only copy.
fn remove_stale(parent: &Path, name: &str) {
    let prefix = format!(".{name}.kensho-new-");
    if let Ok(entries) = fs::read_dir(parent) {
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = fs::remove_dir_all(e.path());
            }
        }
    }
}

/// A directory a report may replace: one kensho wrote, or an empty one.
fn replaceable(dir: &Path) -> bool {
    dir.is_dir() && (dir.join(MARKER).is_file() || fs::read_dir(dir).map(|mut d| d.next().is_none()).unwrap_or(false))
}

fn fill(staging: &Path, files: &[(String, String)]) -> Result<(), String> {
    fs::create_dir_all(staging).map_err(|e| format!("cannot create {}: {e}", staging.display()))?;
    for (rel, text) in files {
        let path = staging.join(rel);
        if let Some(p) = path.parent() {
            fs::create_dir_all(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?;
        }
        fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    fs::write(staging.join(MARKER), "written by kensho report; the next run replaces this directory\n")
        .map_err(|e| format!("cannot write the marker: {e}"))
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

    #[test]
    fn file_names_may_not_climb_out() {
        let root = scratch("climb");
        let err = write_dir(&root.join("out"), &[("../evil".into(), "x".into())]).unwrap_err();
        assert!(err.contains("plain relative path"));
        assert!(!root.join("evil").exists() && !root.join("out").exists());
        fs::remove_dir_all(root).unwrap();
    }
}
