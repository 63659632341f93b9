//! Every bundled spec loads strictly, and its clauses quote its document verbatim.

use crate::common::outside;
use std::path::{Path, PathBuf};

fn specs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("specs")
}

fn bundled_specs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(specs_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("toml"))
        .collect();
    v.sort();
    v
}

/// Whitespace (including no-break spaces) folded to single spaces.
fn fold(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c == '\u{a0}').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_bundled_spec_loads() {
    let specs = bundled_specs();
    assert!(!specs.is_empty());
    for p in specs {
        if let Err(e) = kensho::spec::load(&p) {
            panic!("{}", e);
        }
    }
}

#[test]
fn the_rule_documents_have_their_specs() {
    // Written so far (issue 3 in progress): the clause and reading tables of these documents.
    for name in ["suzumu", "mitsugumi", "hook", "shoogantshii", "ryu", "heian-ryu"] {
        assert!(specs_dir().join(format!("{name}.toml")).exists(), "specs/{name}.toml is missing");
    }
}

#[test]
fn clause_texts_are_verbatim_quotes_of_their_document() {
    let Some(documents) = outside::documents() else { return };
    let mut quoted = 0;
    for p in bundled_specs() {
        let spec = kensho::spec::load(&p).unwrap().spec;
        // A calibration spec (shogi, xiangqi) names its standard rules in words, not a file.
        if !spec.game.document.ends_with(".txt") {
            continue;
        }
        let doc = fold(&documents.read(&spec.game.document));
        quoted += 1;
        let missing: Vec<String> = spec
            .clauses
            .iter()
            .filter(|c| !doc.contains(&fold(&c.text)))
            .map(|c| format!("{}: {:?}", c.id.get_ref(), c.text))
            .collect();
        assert!(
            missing.is_empty(),
            "{}: clauses not found verbatim in {}: {missing:#?}",
            p.display(),
            documents.path(&spec.game.document).display()
        );
    }
    // The six document specs of the_rule_documents_have_their_specs, each read: none skipped.
    assert_eq!(quoted, 6);
    assert_eq!(documents.read_count(), 6);
}

#[test]
fn every_bundled_clause_lock_is_current() {
    // specs/<id>.lock records what each clause encodes; an edit of a spec that changes a
    // clause's encoding must come with the clause re-read and the lock rewritten.
    for p in bundled_specs() {
        let spec = kensho::spec::load(&p).unwrap();
        let lock = kensho::spec::lock::lock_path(&p);
        let locked = kensho::spec::lock::read(&lock).unwrap_or_else(|e| panic!("{e}"));
        let locked =
            locked.unwrap_or_else(|| panic!("{} has no clause lock: run `kensho lock {}`", p.display(), p.display()));
        let drift = kensho::spec::lock::drift(&locked, &kensho::spec::lock::encodings(&spec));
        assert!(
            drift.is_empty(),
            "{}: clauses changed since the lock: {drift:?}; re-read them, then run `kensho lock {}`",
            p.display(),
            p.display()
        );
    }
}
