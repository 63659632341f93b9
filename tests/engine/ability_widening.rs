//! The two ways the engine widens a piece's compiled XBetza for its abilities
//! (`engine::filters::widen_jump_landing`, `widen_burn_targets`), each on a small designed game
//! whose moves are counted by hand: a widening reaches only the legs its setting speaks of.

use crate::designed::{game, moves};
use kensho::Color;

#[test]
fn a_jump_may_land_on_an_empty_square_but_a_capture_chain_without_a_hop_may_not() {
    // `BpafcBcafcF` with jump.landing = capture-or-empty: the hopping program `pafcB` may end on
    // an empty square beyond the piece it jumps (the setting's words); the program `cafcF`
    // (capture a neighbour, then capture the next square) hops nothing, so it stays as written.
    // X on a1, an enemy Pawn on b2, nothing beyond. By hand: B takes b2; `pafcB` hops b2 and
    // may stop on c3, d4, e5, f6 or g7; `cafcF` needs an enemy on c3 too, so gives nothing. A
    // move that takes b2 and ends on c3 would be `cafcF` widened.
    let e = game("BpafcBcafcF", "[piece.ability.jump]\nlanding = \"capture-or-empty\"");
    let got = moves(
        &e,
        &[("X", Color::Black, "a1"), ("P", Color::White, "b2"), ("K", Color::Black, "g1"), ("K", Color::White, "a7")],
        "a1",
    );
    let hop = |to: &str| (to.to_string(), vec![]);
    let expected =
        vec![("b2".to_string(), vec!["b2".to_string()]), hop("c3"), hop("d4"), hop("e5"), hop("f6"), hop("g7")];
    let diagonal: Vec<_> =
        got.iter().filter(|(to, _)| ["b2", "c3", "d4", "e5", "f6", "g7"].contains(&to.as_str())).cloned().collect();
    assert_eq!(diagonal, expected);
}

#[test]
fn burning_friends_never_lets_the_arrival_take_a_friend() {
    // burn.targets = any widens the burn and igui legs (capture legs after the first, before the
    // last) to friends; the move's own arrival stays enemy-only (a burn is the capture of
    // pieces next to the square reached, not of the piece on it). X on a1, its own Pawn on a3.
    let ability = "[piece.ability.burn]\nmax = 1\ntargets = \"any\"";
    // `KaK`, two King steps: by hand, a1-a2-a3 would take the own Pawn on arrival: never.
    let e = game("KaK", ability);
    let got = moves(
        &e,
        &[("X", Color::Black, "a1"), ("P", Color::Black, "a3"), ("K", Color::Black, "g1"), ("K", Color::White, "g7")],
        "a1",
    );
    assert!(got.iter().all(|(to, _)| to != "a3"), "the arrival took a friend: {got:?}");
    // `WacabW`: a step, then a capture next to it and back (a burn): stepping to a2 and burning
    // the own Pawn on a3 is a move.
    let e = game("WacabW", ability);
    let got = moves(
        &e,
        &[("X", Color::Black, "a1"), ("P", Color::Black, "a3"), ("K", Color::Black, "g1"), ("K", Color::White, "g7")],
        "a1",
    );
    assert!(got.contains(&("a2".to_string(), vec!["a3".to_string()])), "{got:?}");
}
