//! Every setting kensho's code reads by name is declared in the catalogue
//! (src/spec/settings.rs). `Effective` panics on an undeclared path, as a mistake in kensho's
//! own code; this test finds such a path in the source before a game ever reaches it.

use kensho::spec::settings::{ABILITIES, RULES};
use std::path::Path;

/// The accessors of `Effective` (and the SMT fragments' per-piece helpers) that take a setting
/// path as their first argument.
const READERS: &[&str] = &[
    ".word(\"",
    ".flag(\"",
    ".int(\"",
    ".list(\"",
    ".zone(\"",
    ".ranks_per_piece(\"",
    ".stated(\"",
    ".is_stated(\"",
    ".value(\"",
    "word(p, \"",
    "flag(p, \"",
    "int(p, \"",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The setting paths `text` reads by name.
fn paths_read(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for reader in READERS {
        for (at, _) in text.match_indices(reader) {
            let rest = &text[at + reader.len()..];
            if let Some(end) = rest.find('"') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

#[test]
fn every_setting_read_is_declared() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let declared = |p: &str| RULES.iter().chain(ABILITIES).any(|k| k.path == p);
    let mut read = 0;
    let mut undeclared = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for path in paths_read(&text) {
            read += 1;
            if !declared(&path) {
                undeclared.push(format!("{}: {path}", file.display()));
            }
        }
    }
    assert!(undeclared.is_empty(), "settings read but not declared:\n{}", undeclared.join("\n"));
    assert!(read > 100, "only {read} reads found: has the scan stopped recognising the accessors?");
}

#[test]
fn the_scan_sees_a_read_in_each_form() {
    let text = r#"r.word("skip.limit"); a.flag("pass"); word(p, "burn.targets", x); rules.zone("promotion.zone")"#;
    assert_eq!(paths_read(text).len(), 4);
}
