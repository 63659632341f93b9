//! Bare king (`end.bare-king*`): the last non-royal piece of a player captured, in one ply,
//! with the opponent's hand empty or holding a piece.

use super::kit::Kit;
use super::play::{Played, Step};
use crate::core::{Color, PieceId};
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::droppable;
use crate::witness::Witness;

/// One ply: a piece of the first player captures the second player's only non-royal piece;
/// the second player's hand empty, then (drops) holding one piece.
pub(super) fn bare_king(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let size = a.game.board;
    let centre = Square::new(size.files / 2, size.ranks / 2);
    let (base, _, _) = kit.royal_pair(false)?;
    if base.at(centre).is_some() {
        return None;
    }
    let mut hands: Vec<Option<PieceId>> = vec![None];
    if a.rules.drops || pair.b.rules.drops {
        hands.extend(droppable(a).into_iter().find(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).map(Some));
    }
    let mut around: Vec<Square> =
        size.squares().filter(|&s| (1..=2).contains(&chebyshev(s, centre)) && base.at(s).is_none()).collect();
    around.sort_by_key(|&s| (chebyshev(s, centre), s));
    for hand in hands {
        'hand: for &victim in kit.types.iter().rev().take(4) {
            for &taker in &kit.types {
                for &from in &around {
                    let mut pos = base.clone();
                    kit.put(&mut pos, centre, Color::White, victim);
                    kit.put(&mut pos, from, Color::Black, taker);
                    if let Some(h) = hand {
                        pos.set_hand(&a.zobrist, Color::White, h, 1);
                    }
                    if kit.in_check_under_either(&pos, Color::Black) || kit.in_check_under_either(&pos, Color::White) {
                        continue;
                    }
                    let moves = a.legal_moves(&pos);
                    let Some(m) = moves
                        .iter()
                        .find(|m| m.from == Some(from) && m.captures.len() == 1 && m.captures[0].0 == centre)
                    else {
                        continue;
                    };
                    let Some(to) = m.to else { continue };
                    match kit.play(&pos, &[Step::Go(from, to)], 0) {
                        Played::Found(w) => return Some(w),
                        // The capture was made and the results agree: this hand gives nothing.
                        Played::Same => break 'hand,
                        Played::Broken => {}
                    }
                }
            }
        }
    }
    None
}
