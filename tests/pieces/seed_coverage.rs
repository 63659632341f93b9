//! Guard: every distinct move string of the three diagram configurations has prose-derived
//! tests in one of the seed test files (issue 2: "every seed string parses and matches its
//! prose-derived tests").

const TEST_SOURCES: &[&str] =
    &[include_str!("simple_pieces.rs"), include_str!("lion_family.rs"), include_str!("special_pieces.rs")];

#[test]
fn every_seed_string_is_named_in_a_prose_test_file() {
    let strings: std::collections::BTreeSet<&str> = include_str!("../data/seed_pieces.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(3))
        .collect();
    assert_eq!(strings.len(), 101);
    let missing: Vec<&str> = strings
        .iter()
        .copied()
        .filter(|s| {
            let quoted = format!("\"{s}\"");
            !TEST_SOURCES.iter().any(|src| src.contains(&quoted))
        })
        .collect();
    assert!(missing.is_empty(), "seed strings without a prose test: {missing:?}");
}
