//! Fuzzing the spec loader and the document reader with proptest: whatever the text, they
//! answer with a value or a located error, never a panic.

use proptest::prelude::*;

const SHOGI: &str = include_str!("../../specs/shogi.toml");
const MITSUGUMI_DOC_HEAD: &str = "files=13 ranks=13 promoOffset=2 maxPromote=1 royal=2 pawn:P:fW:p:a4-m4 king:K:K:k:g1 tokin:+P:WfF:p2:\n  • a4-m4 Pawns (fW) -> Tokin (Gold General)\n  • Pawn -> Tokin\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)))]

    #[test]
    fn a_mutated_spec_loads_or_is_reported_inside_the_file(start in 0usize..SHOGI.len(), len in 0usize..40, junk in "[a-z0-9=\\[\\]\"+.,# \n-]{0,30}") {
        let start = (0..=start).rev().find(|&i| SHOGI.is_char_boundary(i)).unwrap();
        let end = (start + len).min(SHOGI.len());
        let end = (end..=SHOGI.len()).find(|&i| SHOGI.is_char_boundary(i)).unwrap();
        let text = format!("{}{}{}", &SHOGI[..start], junk, &SHOGI[end..]);
        if let Err(e) = kensho::spec::parse("shogi.toml", &text) {
            let lines = text.lines().count().max(1);
            for d in &e.0 {
                prop_assert!(d.line <= lines + 1, "line {} of {lines}: {}", d.line, d.message);
                prop_assert!(!d.message.is_empty());
            }
        }
    }

    #[test]
    fn any_text_is_a_document_or_a_clear_refusal(text in "\\PC{0,300}") {
        let _ = kensho::spec::ingest::ingest("doc.txt", &text);
        let _ = kensho::spec::ingest::ingest("doc.txt", &format!("{MITSUGUMI_DOC_HEAD}{text}"));
    }

    #[test]
    fn mutated_configurations_never_panic(cut in 0usize..MITSUGUMI_DOC_HEAD.len(), junk in "[a-zA-Z0-9:=,+ ()\\-]{0,20}") {
        let cut = (0..=cut).rev().find(|&i| MITSUGUMI_DOC_HEAD.is_char_boundary(i)).unwrap();
        let text = format!("{}{}{}", &MITSUGUMI_DOC_HEAD[..cut], junk, &MITSUGUMI_DOC_HEAD[cut..]);
        if let Ok(doc) = kensho::spec::ingest::ingest("doc.txt", &text) {
            // The skeleton is TOML, whatever the configuration held.
            prop_assert!(toml::from_str::<toml::Value>(&doc.skeleton).is_ok(), "{}", doc.skeleton);
        }
    }
}
