mod common;
use common::*;

#[test]
fn lion_alone_on_h8_has_25_moves() {
    // Issue 2 and XBETZA.md: "On an empty 16x16 board at h8: the 24 squares plus the pass."
    let m = moves("KNADcaKmcabK", "16x16", "h8", &[], &[]);
    assert_eq!(m.len(), 25);
    assert!(m.contains(&pass("h8")));
}

#[test]
fn oracle_agrees_with_rook_on_open_board() {
    let o = oracle(&rays(&ORTHOGONAL, UNLIMITED), &[], "9x9", "e5", &["e7"], &["c5"]);
    assert_eq!(moves("R", "9x9", "e5", &["e7"], &["c5"]), o);
}
