//! The engine on the largest board the notation allows (26x26, files a..z): position strings
//! with two-digit runs and ranks, and move counts checked by hand.

use kensho::engine::Engine;
use std::collections::BTreeMap;

const SPEC: &str = r#"
[game]
id = "big"
name = "Big board probe"
document = "none"
clause_prefix = "T"

[board]
files = 26
ranks = 26

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "LN"
name = "Lion"
betza = "KNADcaKmcabK"

[setup]
K = "a1"
LN = "c3"
"#;

fn engine() -> Engine {
    let spec = kensho::spec::parse("big.toml", SPEC).expect("probe spec loads");
    Engine::new(&spec.resolve(&BTreeMap::new()).expect("defaults")).expect("playable")
}

#[test]
fn a_lion_and_king_on_a_26x26_board_have_their_full_move_sets() {
    let engine = engine();
    let pos = engine.start();
    let moves = engine.legal_moves(&pos);
    // Hand count: the Lion on c3 reaches the 24 squares of its 5x5 box (a1..e5) except a1,
    // its own King = 23, plus the pass through an empty neighbour (mcabK) = 24; the King in
    // the corner a1 steps to a2, b1, b2 = 3; total 27.
    assert_eq!(moves.len(), 27, "{:?}", moves.iter().map(|m| engine.move_text(m)).collect::<Vec<_>>());
    // The second player's pieces stand rotated: King z26, Lion x24.
    let text = engine.position_string(&pos);
    assert_eq!(text, format!("25k/26/23(ln)2/{}2(LN)23/26/K25 b - 1", "26/".repeat(20)));
    assert_eq!(engine.parse_position(&text).expect("round trip"), pos);
}

#[test]
fn perft_two_on_the_big_board_is_the_product_when_the_sides_cannot_meet() {
    let engine = engine();
    let mut pos = engine.start();
    // The two sides are 20 ranks apart and cannot reach each other in two plies: every first
    // move leaves the second player its 27 moves (the mirror of the count above).
    assert_eq!(engine.perft(&mut pos, 2), 27 * 27);
}
