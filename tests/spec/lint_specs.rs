//! `kensho lint` on the bundled specs. The findings expected here come from reading the
//! documents (each case checks the words that make it so); the full lists are snapshot-tested.

use crate::common::outside;
use kensho::spec::finding::{Finding, Severity};
use std::path::Path;

fn lint(spec: &str) -> Vec<Finding> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs").join(format!("{spec}.toml"));
    kensho::commands::acknowledge::lint_findings(&kensho::spec::load(&path).unwrap())
}

fn render(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| format!("{} {} [{}] {} {:?}\n", f.severity.name(), f.code, f.subject, f.message, f.clauses))
        .collect()
}

fn has(findings: &[Finding], severity: Severity, code: &str, words: &str) -> bool {
    findings.iter().any(|f| f.severity == severity && f.code == code && f.message.contains(words))
}

#[test]
fn suzumu_and_mitsugumi_leave_a_pawn_on_the_last_rank_with_no_move() {
    let Some(docs) = outside::documents() else { return };
    // Promotion is only ever an option ("the player has the option to promote"), and nothing
    // forces it on the last rank, where a Pawn (fW) has no move left.
    for (spec, doc, last) in [("suzumu", "000_116ea7fedabdbe2a.txt", 16), ("mitsugumi", "001_bbc26209d8e27e8f.txt", 13)]
    {
        let text = docs.read(doc);
        assert!(text.contains("the option to promote"), "{doc}");
        assert!(!text.contains("must promote"), "{doc}");
        let f = lint(spec);
        let words = format!("pawn can reach a{last},b{last},c{last}");
        assert!(
            f.iter().any(|x| x.severity == Severity::Warning
                && x.code == "dead-square"
                && x.message.contains(&words)
                && x.message.contains("no rule forces its promotion")),
            "{spec}:\n{}",
            render(&f)
        );
    }
}

#[test]
fn hook_states_more_pieces_than_its_configuration_places() {
    let Some(docs) = outside::documents() else { return };
    let text = docs.read("002_f3ad3da1aac5a416.txt");
    assert!(text.contains("with only 109 pieces of 51 types"));
    let f = lint("hook");
    // 102 per side is the count of the configuration's squares (tests/spec/ingest_seeds.rs checks
    // the spec's setup equals the configuration's); the reading piece-count records the point.
    assert!(
        has(&f, Severity::Warning, "count-differs", "the document says 109 pieces per side; the setup has 102"),
        "{}",
        render(&f)
    );
    assert!(f.iter().any(|x| x.message.contains("reading piece-count")));
}

#[test]
fn mitsugumi_setup_list_alternative_loses_a_type() {
    let Some(docs) = outside::documents() else { return };
    // "only 54 pieces of 27 types": the setup list's second Horned Falcon on i3 leaves the
    // Soaring Eagle without a square, so that alternative has 26 types.
    assert!(docs.read("001_bbc26209d8e27e8f.txt").contains("only 54 pieces of 27 types"));
    let f = lint("mitsugumi");
    assert!(
        has(
            &f,
            Severity::Warning,
            "count-differs",
            "under setup-horned-falcon=setup-list: the document says 27 piece types; the setup has 26"
        ),
        "{}",
        render(&f)
    );
    // The written promotion list agrees with the configuration pair for pair (ingest finds no
    // promotion disagreement), so the reading that chooses between them changes nothing.
    assert!(
        has(&f, Severity::Warning, "reading-identical", "options configuration and written-list give the same game"),
        "{}",
        render(&f)
    );
}

#[test]
fn shoogantshii_general_cannot_be_a_palace_piece_where_it_stands() {
    let Some(docs) = outside::documents() else { return };
    // Only King and Advisor "is confined to the Palace"; confining the General too (a rejected
    // reading) contradicts the setup, which puts the Generals beside the palace on c1 and g1.
    let text = docs.read("003_2f018b5a7f2f595e.txt");
    assert!(text.contains("K is for the King, which steps one square in any direction but is confined to the Palace"));
    let f = lint("shoogantshii");
    assert!(
        has(
            &f,
            Severity::Warning,
            "zone-setup",
            "under palace-pieces=king-advisor-general: General is confined to the palace but starts on c1"
        ),
        "{}",
        render(&f)
    );
}

#[test]
fn drop_games_forbid_dead_drops_and_force_promotion_where_pieces_would_die() {
    for spec in ["shogi", "shoogantshii"] {
        let f = lint(spec);
        for piece in ["Pawn", "Lance"] {
            assert!(has(&f, Severity::Info, "dead-square", &format!("{piece} can reach a9,b9,c9,d9,e9,f9,g9,h9,i9, where it could never move; forced promotion handles it")), "{spec}:\n{}", render(&f));
        }
        assert!(!f.iter().any(|x| x.code == "dead-drop" && x.severity == Severity::Error), "{spec}:\n{}", render(&f));
    }
}

#[test]
fn findings_snapshot() {
    for spec in ["suzumu", "mitsugumi", "hook", "shoogantshii", "ryu", "heian-ryu", "shogi", "xiangqi"] {
        insta::assert_snapshot!(format!("lint_{spec}"), render(&lint(spec)));
    }
}

#[test]
fn mitsugumi_setup_list_pawn_line_contradicts_the_promotion_zone() {
    let Some(docs) = outside::documents() else { return };
    // "the furthest four ranks of the board, at the original line of the opponent's pawns":
    // with the configuration's pawns on a4-m4 the opponent's line is rank 10, the zone 10-13;
    // the setup list's "a5-p5" would put it at rank 9.
    let text = docs.read("001_bbc26209d8e27e8f.txt");
    assert!(text.contains("furthest four ranks of the board, at the original line of the opponent's pawns and beyond"));
    assert!(text.contains("a5-p5 Pawns") && text.contains("pawn:P:fW:p:a4-m4"));
    let f = lint("mitsugumi");
    assert!(!f.iter().any(|x| x.code == "zone-setup" && !x.message.starts_with("under ")), "{}", render(&f));
    assert!(has(&f, Severity::Warning, "zone-setup", "under setup-pawns=setup-list-clipped: the promotion zone should begin at the opponent's P line (rank 9), but begins at rank 10"), "{}", render(&f));
}
