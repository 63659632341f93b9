//! Every bundled spec loads strictly, and its clauses quote its document verbatim.

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
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    for p in bundled_specs() {
        let spec = kensho::spec::load(&p).unwrap().spec;
        let doc_path = seeds.join(&spec.game.document);
        let Ok(doc) = std::fs::read_to_string(&doc_path) else {
            continue; // calibration specs (standard rules) have no seed document
        };
        let doc = fold(&doc);
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
            doc_path.display()
        );
    }
}
