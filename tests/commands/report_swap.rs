//! A report killed in the middle of replacing the previous one (issue 26): the target is never
//! left without a whole report. The run is killed (SIGKILL, nothing tidied) by the test-only
//! fault `KENSHO_TEST_FAULT` right after the first step of its swap; the next run's first
//! check (`kensho::report::files::check_target`) then tidies what it left.

#![cfg(unix)]

use crate::common::report::{kensho, report, scratch, SMALL};
use kensho::report::files::{check_target, FAULT_VAR};
use std::collections::BTreeMap;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file under `dir`, by relative path, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.insert(path.strip_prefix(root).unwrap().to_path_buf(), std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// What a run leaves beside the report: `.out.kensho-new-PID`, `.out.kensho-old-PID`.
fn leftovers(root: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(".out.kensho-"))
        .collect()
}

/// `kensho report specs/xiangqi.toml --out OUT --seed SEED` with the fault set; it must die of
/// SIGKILL.
fn killed_run(out: &Path, seed: &str, fault: &str) {
    let out_s = out.to_string_lossy().to_string();
    let mut args = vec!["report", "specs/xiangqi.toml", "--out", &out_s, "--seed", seed];
    args.extend_from_slice(SMALL);
    let o = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(&args)
        .env(FAULT_VAR, fault)
        .output()
        .expect("run kensho");
    assert_eq!(o.status.signal(), Some(9), "the run kills itself mid-swap: {}", String::from_utf8_lossy(&o.stderr));
}

fn seed_of(report_dir: &Path) -> u64 {
    crate::common::report::json(&report_dir.join("xiangqi.json"))["run"]["seed"].as_u64().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn a_report_killed_mid_swap_leaves_the_new_report_whole_and_the_previous_one_whole_beside_it() {
    let root = scratch("report-swap-exchange");
    let out = root.join("out");
    report(&["specs/xiangqi.toml"], &out);
    let previous = snapshot(&out);
    assert!(previous.len() > 10 && previous.contains_key(Path::new(".kensho-report")), "{:?}", previous.keys());
    killed_run(&out, "8", "kill-mid-swap");
    // The target holds the new report, every file of it: one exchange put it there whole.
    let now = snapshot(&out);
    assert_eq!(now.keys().collect::<Vec<_>>(), previous.keys().collect::<Vec<_>>(), "the same files, all there");
    assert_eq!(seed_of(&out), 8, "the new report (seed 8) is in place");
    // The previous report, byte for byte, is beside it, waiting to be removed.
    let left = leftovers(&root);
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(snapshot(&left[0]), previous, "the previous report is whole at {}", left[0].display());
    // The next run's first check removes it and leaves the report as it is.
    check_target(&out).unwrap();
    assert!(leftovers(&root).is_empty(), "{:?}", leftovers(&root));
    assert_eq!(snapshot(&out), now);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn on_the_two_rename_fallback_the_next_run_puts_the_previous_report_back() {
    let root = scratch("report-swap-fallback");
    let out = root.join("out");
    report(&["specs/xiangqi.toml"], &out);
    let previous = snapshot(&out);
    killed_run(&out, "8", "fallback-kill-mid-swap");
    // Between the two renames there is no report: the fallback's known gap.
    assert!(!out.exists());
    check_target(&out).unwrap();
    assert_eq!(snapshot(&out), previous, "the previous report is back, whole");
    assert!(leftovers(&root).is_empty(), "{:?}", leftovers(&root));
    // And the run after it replaces it as usual.
    let out_s = out.to_string_lossy().to_string();
    let mut args = vec!["report", "specs/xiangqi.toml", "--out", &out_s, "--seed", "9"];
    args.extend_from_slice(SMALL);
    let o = kensho(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(seed_of(&out), 9);
    assert!(leftovers(&root).is_empty(), "{:?}", leftovers(&root));
    std::fs::remove_dir_all(root).unwrap();
}
