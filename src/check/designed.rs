//! What the invariants ask of designed positions (`sampling::designed`): where a man may
//! stand (the invariants' own state rules: no piece on its forced-promotion ranks, confined
//! pieces in their zone, never two of a one-per-file piece on a file), and which pieces to put
//! together to exercise an invariant.

use super::properties::{Invariant, InvariantKind};
use crate::core::Color;
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::random::SplitMix64;
use crate::sampling::designed::Aim;

/// The aim that exercises `inv`: the pieces it names (and the royals for the game-end and
/// royal kinds, the piece of a notation invariant, the zone-move pieces).
pub fn aim_for(engine: &Engine, inv: &Invariant) -> Aim {
    let game = &engine.game;
    let mut names: Vec<String> = inv.kind.pieces().into_iter().map(str::to_string).collect();
    match &inv.kind {
        InvariantKind::Notation { piece } => names.push(piece.clone()),
        InvariantKind::ZoneMoves { .. } => {
            names.extend(game.pieces.iter().filter(|p| !p.zone_moves.is_empty()).map(|p| p.id.clone()))
        }
        InvariantKind::GameEnd { .. } => names.extend(game.pieces.iter().filter(|p| p.royal).map(|p| p.id.clone())),
        _ => {}
    }
    let pieces = names.iter().filter_map(|n| engine.piece_index(n)).collect();
    Aim { pieces, skips: matches!(inv.kind, InvariantKind::NoConsecutiveSkips { .. }) }
}

/// What the invariants say a standing piece may not do: stand on its forced ranks, leave its
/// zone, stand beside another of its one-per-file kind.
pub fn admissible(engine: &Engine, invariants: &[Invariant], pos: &Position, man: Man, sq: Square) -> bool {
    let game = &engine.game;
    let id = &game.pieces[man.piece.index()].id;
    let own_rank = if man.player == Color::Black { sq.rank + 1 } else { game.board.ranks - sq.rank };
    invariants.iter().all(|inv| match &inv.kind {
        InvariantKind::ForcedPromotion { ranks } => !ranks.get(id).is_some_and(|r| r.contains(&own_rank)),
        InvariantKind::Confined { pieces, zone, .. } => !pieces.contains(id) || game.in_zone(zone, man.player, sq),
        InvariantKind::Drops { one_per_file, .. } => {
            !one_per_file.contains(id) || !pos.size.squares().any(|s| s.file == sq.file && pos.at(s) == Some(man))
        }
        _ => true,
    })
}

/// A designed position whose men all stand where the invariants allow (`admissible`).
pub fn position(engine: &Engine, invariants: &[Invariant], rng: &mut SplitMix64, aim: &Aim) -> Option<Position> {
    let admit = |pos: &Position, man: Man, sq: Square| admissible(engine, invariants, pos, man, sq);
    crate::sampling::designed::position(engine, &admit, rng, aim)
}
