//! `Engine::any_legal_move`, which the game-end invariants ask once per judged transition: it
//! is None exactly when `legal_moves` is empty, and a move it gives is one of them. Its quick
//! path (stop at the first man with a move, where a move may leave a royal attacked) is the
//! only statement of that shortcut, so it is compared with the full list in every position of
//! seeded random games of every bundled spec, and on hand-built positions with no move.

use crate::compiled::{engine, SPECS};
use kensho::engine::random::SplitMix64;
use kensho::engine::{Engine, Position};

/// `any_legal_move` agrees with `legal_moves` on `pos`; returns whether there was a move.
fn agrees(e: &Engine, pos: &Position, what: &str) -> bool {
    let all = e.legal_moves(pos);
    match e.any_legal_move(pos) {
        None => assert!(all.is_empty(), "{what}: no move said, {} legal", all.len()),
        Some(m) => assert!(all.contains(&m), "{what}: {m:?} is not among the {} legal moves", all.len()),
    }
    !all.is_empty()
}

#[test]
fn any_legal_move_is_none_exactly_when_there_is_no_legal_move() {
    let mut judged = 0;
    for game in SPECS {
        let e = engine(game);
        for seed in 0..2u64 {
            let mut rng = SplitMix64::new(seed);
            let (mut pos, mut undo) = (e.start(), Vec::new());
            for ply in 0..120 {
                judged += 1;
                if !agrees(&e, &pos, &format!("{game} seed {seed} ply {ply}")) {
                    break;
                }
                let moves = e.legal_moves(&pos);
                let mv = &moves[rng.below(moves.len())];
                e.make(&mut pos, mv, &mut undo);
                if e.ends_at_once(&pos, mv) {
                    break;
                }
            }
        }
    }
    assert!(judged > 1500, "only {judged} positions compared");
}

/// Suzumu (a move may leave the King attacked, so the quick path runs): a side whose only man
/// is a Pawn on its last rank has no move, and a Pawn one rank lower has one step, made with
/// or without promotion (it ends in the zone; the last rank does not force it in Suzumu).
#[test]
fn a_side_with_no_move_has_none_and_one_move_is_found() {
    let e = engine("suzumu");
    let empty = "16/".repeat(14);
    let stuck = e.parse_position(&format!("P15/{empty}15k b - 1")).expect("position");
    assert!(e.legal_moves(&stuck).is_empty(), "the Pawn on its last rank cannot move");
    assert_eq!(e.any_legal_move(&stuck), None);
    let one = e.parse_position(&format!("16/P15/{}15k b - 1", "16/".repeat(13))).expect("position");
    let all = e.legal_moves(&one);
    assert_eq!(all.len(), 2, "{all:?}");
    let found = e.any_legal_move(&one).expect("a move");
    assert!(all.contains(&found), "{found:?}");
}
