//! The Interactive Diagram configurations of the three large-variant seeds, parsed.

use crate::common::outside;
use kensho::geometry::parse_squares;
use kensho::spec::ingest::parse_config;

#[test]
fn suzumu_one_entry_per_line() {
    let Some(docs) = outside::documents() else { return };
    let cfg = parse_config(&docs.read("000_116ea7fedabdbe2a.txt"));
    // counted by hand in the document: 68 piece lines, files=16, ranks=16, two royal= lines
    assert_eq!(cfg.pieces.len(), 68);
    assert_eq!(cfg.board().unwrap().to_string(), "16x16");
    assert_eq!(cfg.params_named("royal"), ["37", "46"]);
    assert_eq!(cfg.param("promoZone"), Some("5"));
    assert_eq!(cfg.param("stalemate"), Some("win"));
    let fd = cfg.pieces.iter().find(|p| p.id == "FD").unwrap();
    assert_eq!(fd.name, "fire demon");
    assert_eq!(fd.squares_text, "g3,j3");
    // the pawn row: "pawn:P:fW:p:a5-p5" is 16 squares
    let pawn = &cfg.pieces[0];
    assert_eq!(parse_squares(&pawn.squares_text).unwrap().len(), 16);
}

#[test]
fn mitsugumi_and_hook_one_line_layout() {
    let Some(docs) = outside::documents() else { return };
    let m = parse_config(&docs.read("001_bbc26209d8e27e8f.txt"));
    assert_eq!(m.pieces.len(), 51);
    assert_eq!(m.board().unwrap().to_string(), "13x13");
    assert_eq!(m.param("promoZone"), Some("4"));
    assert!(m.pieces.iter().any(|p| p.name == "heavenly tetrarch" && p.id == "+CS"));
    let h = parse_config(&docs.read("002_f3ad3da1aac5a416.txt"));
    assert_eq!(h.pieces.len(), 100);
    assert_eq!(h.board().unwrap().to_string(), "19x19");
    assert_eq!(h.params_named("royal"), ["49", "99", "100"]);
    let emperor = h.pieces.last().unwrap();
    assert_eq!((emperor.name.as_str(), emperor.id.as_str(), emperor.betza.as_str()), ("emperor", "+K", "U"));
}
