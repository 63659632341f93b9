//! Stalemate (`end.stalemate*`): no legal move, not in check. The side to move boxed in, its
//! royal (or two royals) in a corner, the squares around filled one at a time with the piece
//! that takes away the most moves.

use super::kit::Kit;
use crate::core::{Color, PieceId};
use crate::engine::config::SelfCheck;
use crate::engine::Position;
use crate::geometry::{chebyshev, Square};
use crate::witness::build::add_royals;
use crate::witness::compare::{result_score, transfer, witness};
use crate::witness::confirm::shrink;
use crate::witness::{Pair, Witness};

/// Do the two alternatives give `pos` (no history) different results?
pub(super) fn results_differ(pair: &Pair, pos: &Position) -> bool {
    let Some(pb) = transfer(pair.a, pair.b, pos) else { return false };
    let sa = pair.a.status_before(pos, &pair.a.legal_moves(pos));
    let sb = pair.b.status_before(&pb, &pair.b.legal_moves(&pb));
    result_score(&sa) != result_score(&sb)
}

/// A stalemate of the first player: one royal, then two (the rules for several royals) where
/// the game lets a player have two, in each corner, the other player's royals far away.
pub(super) fn stalemate(kit: &Kit) -> Option<Witness> {
    let pair = kit.pair;
    let royals = &kit.royals;
    let first = *royals.first()?;
    // Two royals only where a player can have two: two royal types (one may be a promoted
    // form), or two of the first in the setup.
    let a = kit.engine();
    let in_setup =
        a.game.setup.iter().filter(|p| p.player == Color::Black && a.piece_index(&p.piece) == Some(first)).count();
    let mut sets: Vec<Vec<PieceId>> = vec![vec![first]];
    if let Some(&second) = royals.get(1) {
        sets.push(vec![first, second]);
    }
    if in_setup >= 2 {
        sets.push(vec![first, first]);
    }
    let size = kit.engine().game.board;
    let (top, right) = (size.ranks - 1, size.files - 1);
    // The far corners first: a forward-moving blocker there has nowhere to go.
    let corners = [Square::new(0, top), Square::new(right, top), Square::new(0, 0), Square::new(right, 0)];
    let can_pass = kit.engine().pieces.iter().any(|p| p.can_pass);
    let skip_states: &[[bool; 2]] =
        if can_pass { &[[false, false], [false, true], [true, false]] } else { &[[false, false]] };
    let differs = |p: &Position| results_differ(pair, p);
    for set in sets {
        'set: for &corner in &corners {
            for &skips in skip_states {
                let Some(pos) = box_in(kit, &set, corner, skips) else { continue };
                if differs(&pos) {
                    let small = shrink(pair, &pos, &differs);
                    return witness(pair, &small);
                }
                // A stalemate with this many royals gives the same results: try more royals.
                break 'set;
            }
        }
    }
    None
}

/// The first player's `royals` in `corner` (the second beside it on the edge) and the second
/// player's royals far away; then, one at a time, the piece (of either player where moving
/// into attack is illegal, else the first player's own) on a square near the corner that
/// leaves the first player the fewest legal moves, never giving check, until no move is left.
fn box_in(kit: &Kit, royals: &[PieceId], corner: Square, skips: [bool; 2]) -> Option<Position> {
    let (pair, a) = (kit.pair, kit.engine());
    let mut pos = kit.empty();
    let beside = Square::new(if corner.file == 0 { 1 } else { corner.file - 1 }, corner.rank);
    for (i, &r) in royals.iter().enumerate().take(2) {
        kit.put(&mut pos, if i == 0 { corner } else { beside }, Color::Black, r);
    }
    pos.last_skip = skips;
    let mut pos = add_royals(pair, pos, corner)?;
    // Where a move into attack is illegal, an enemy piece that attacks a square takes it away.
    let enemies = a.rules.self_check != SelfCheck::Allowed || pair.b.rules.self_check != SelfCheck::Allowed;
    let near = |s: Square| chebyshev(s, corner) <= 3;
    for _ in 0..20 {
        let moves = a.legal_moves(&pos);
        if moves.is_empty() {
            return (!kit.in_check_under_either(&pos, Color::Black)).then_some(pos);
        }
        let mut squares: Vec<Square> = Vec::new();
        for m in &moves {
            for s in m.path.iter().map(|s| s.square).chain(m.to) {
                if Some(s) != m.from && near(s) && pos.at(s).is_none() && !squares.contains(&s) {
                    squares.push(s);
                }
            }
        }
        let mut trials: Vec<(Square, Color)> = squares.iter().map(|&s| (s, Color::Black)).collect();
        if enemies {
            trials.extend(pos.size.squares().filter(|&s| near(s) && pos.at(s).is_none()).map(|s| (s, Color::White)));
        }
        let mut best: Option<(usize, Position)> = None;
        for &(sq, owner) in &trials {
            for &t in &kit.types {
                let mut trial = pos.clone();
                kit.put(&mut trial, sq, owner, t);
                if kit.in_check_under_either(&trial, Color::Black) || kit.in_check_under_either(&trial, Color::White) {
                    continue;
                }
                let n = a.legal_moves(&trial).len();
                if best.as_ref().is_none_or(|(b, _)| n < *b) {
                    best = Some((n, trial));
                }
            }
        }
        let (n, next) = best?;
        if n >= moves.len() {
            return None;
        }
        pos = next;
    }
    None
}
