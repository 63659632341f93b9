//! A candidate position confirmed by the engine: some wanted move is legal under one
//! alternative only; then shrunk, keeping that (`shrink`, by sampling's shrinker). The SMT
//! layer's fragments and move queries confirm their decoded models here, and the designed
//! witnesses their positions.

use super::build::position_from;
use super::compare::{compare, witness};
use super::{Pair, Witness};
use crate::core::PieceId;
use crate::engine::Position;
use crate::geometry::Square;
use crate::sampling;
use crate::sampling::shrink::Removable;
use crate::xbetza::Occupancy;

/// Confirms a candidate position with the engine: some move satisfying `wanted` is legal under
/// one alternative only; then shrinks it keeping that.
pub(crate) fn confirm(pair: &Pair, pos: Position, wanted: &dyn Fn(&crate::engine::Move) -> bool) -> Option<Witness> {
    let hits = |p: &Position| compare(pair, p).is_some_and(|(d, _)| d.iter().any(|(m, _)| wanted(m)));
    if !hits(&pos) {
        return None;
    }
    let small = shrink(pair, &pos, &hits);
    witness(pair, &small)
}

/// The engine's verdict on a decoded board: a move of the piece to one of `targets` (where Z3
/// said the options differ) is legal under one option only.
pub(crate) fn confirm_moves(
    pair: &Pair,
    occ: &Occupancy,
    from: Square,
    piece: PieceId,
    targets: &[Square],
) -> Option<Witness> {
    let pos = position_from(pair, occ, from, piece)?;
    confirm(pair, pos, &|m| m.from == Some(from) && m.to.is_some_and(|t| targets.contains(&t)))
}

/// Removes pieces (never royals) and hand pieces one at a time while `keeps` still holds
/// (`sampling::shrink`).
pub(crate) fn shrink(pair: &Pair, pos: &Position, keeps: &dyn Fn(&Position) -> bool) -> Position {
    let may = Removable { royals: false, whole_hand: false };
    sampling::shrink::shrink(pair.a, pos.clone(), (), may, |trial| keeps(trial).then_some(())).0
}
