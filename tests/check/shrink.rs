//! The shared shrinker (`sampling::shrink`, used for the checker's violations and the SMT
//! layer's reading witnesses), on shogi's start position: what it keeps is worked out by hand
//! from what the test asks to keep.

use crate::common::{bundled_spec, engine_with};
use kensho::engine::{Engine, Position};
use kensho::sampling::shrink::{shrink, Removable};
use kensho::Color;

/// (men of each player on the board, the first player's Rooks on the board, its Pawns in hand).
fn census(engine: &Engine, pos: &Position) -> ([usize; 2], usize, u16) {
    let rook = engine.piece_index("R").expect("shogi has a Rook");
    let pawn = engine.piece_index("P").expect("shogi has a Pawn");
    let mut men = [0, 0];
    let mut rooks = 0;
    for sq in pos.size.squares() {
        if let Some(m) = pos.at(sq) {
            men[m.player] += 1;
            rooks += usize::from(m.player == Color::Black && m.piece == rook);
        }
    }
    (men, rooks, pos.hands[0][pawn.index()])
}

#[test]
fn the_shrinker_keeps_what_is_asked_and_takes_away_the_rest() {
    let engine = engine_with(&bundled_spec("shogi"), &[]);
    let mut start = engine.start();
    let pawn = engine.piece_index("P").expect("shogi has a Pawn");
    start.set_hand(&engine.zobrist, Color::Black, pawn, 3);
    assert_eq!(census(&engine, &start), ([20, 20], 1, 3));
    // Keep: a first-player Rook on the board and a Pawn in hand; say how many men stand.
    let keeps = |p: &Position| {
        let (men, rooks, pawns) = census(&engine, p);
        (rooks == 1 && pawns >= 1).then_some(men[0] + men[1])
    };
    // Royals stay and hands go down one by one: the two Kings, the Rook, one Pawn in hand.
    let may = Removable { royals: false, whole_hand: false };
    let (small, said) = shrink(&engine, start.clone(), 40, may, keeps);
    assert_eq!(census(&engine, &small), ([2, 1], 1, 1));
    assert_eq!(said, 3, "what `keeps` said of the smallest position");
    // Royals go too, and a hand only whole (3 to 0 would lose the Pawn: the three stay).
    let may = Removable { royals: true, whole_hand: true };
    let (small, said) = shrink(&engine, start.clone(), 40, may, keeps);
    assert_eq!(census(&engine, &small), ([1, 0], 1, 3));
    assert_eq!(said, 1);
    // Nothing can go: the position comes back as it was, with what was said of it.
    let (same, said) = shrink(&engine, start.clone(), 40, may, |_| None::<usize>);
    assert_eq!(engine.position_string(&same), engine.position_string(&start));
    assert_eq!(said, 40);
}
