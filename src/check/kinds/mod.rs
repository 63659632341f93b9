//! Each invariant kind judged on a transition, from the spec and the public records only: the
//! position before and after, the `Move`, the result the engine announces, and (for the kinds
//! that must know what is legal) the engine's public legal-move lists. A kind's premise says
//! when it is exercised.

mod drops;
mod ending;
mod lions;
mod pieces;

use super::properties::{Invariant, InvariantKind};
use super::{Transition, Verdict};
use crate::core::Color;
use crate::engine::{Man, Position};
use crate::geometry::Square;
use crate::spec::game::GameSpec;
use smallvec::SmallVec;

pub(crate) fn judge(inv: &Invariant, t: &Transition<'_>) -> Verdict {
    let game = &t.engine.game;
    match &inv.kind {
        InvariantKind::Burn { max, immune } => pieces::burn(game, *max, immune, t),
        InvariantKind::NoConsecutiveSkips { scope } => ending::no_consecutive_skips(*scope, t),
        InvariantKind::ForcedPromotion { ranks } => pieces::forced_promotion(game, ranks, t),
        InvariantKind::Confined { pieces, zone, exempt_royal_captures } => {
            pieces::confined(game, pieces, zone, *exempt_royal_captures, t)
        }
        InvariantKind::RankJump { pieces, max, capture_royals, capture_any_rank } => {
            pieces::rank_jump(game, pieces, *max, *capture_royals, *capture_any_rank, t)
        }
        InvariantKind::Frozen { freezers, range, immune, side, may_igui } => {
            pieces::frozen(game, freezers, *range, immune, *side, *may_igui, t)
        }
        InvariantKind::ZoneMoves { by, frame, promoted_zone } => {
            pieces::zone_moves(game, *by, *frame, promoted_zone.as_deref(), t)
        }
        InvariantKind::CapturePromotion { deva, exempt } => pieces::capture_promotion(game, deva, exempt, t),
        InvariantKind::Drops { ranks, zones, only_zone, one_per_file, unpromoted } => {
            drops::drops(game, ranks, zones, only_zone, one_per_file, *unpromoted, t)
        }
        InvariantKind::PawnDropMate { pieces } => drops::pawn_drop_mate(game, pieces, t),
        InvariantKind::FlyingKing { royals, rule } => ending::flying_king(game, royals, *rule, t),
        InvariantKind::ProtectedRoyalBan { pieces, royals } => ending::protected_royal_ban(game, pieces, royals, t),
        InvariantKind::LionTrade { lions, no_bridge, bridge, counter_strike, same_square } => lions::lion_trade(
            game,
            &lions::Rules {
                lions,
                no_bridge,
                bridge: *bridge,
                counter_strike: *counter_strike,
                same_square: *same_square,
            },
            t,
        ),
        InvariantKind::GameEnd { by } => ending::game_end(game, *by, t),
        InvariantKind::Repetition { count, hands, perpetual_check_loses } => {
            ending::repetition(*count, *hands, *perpetual_check_loses, t)
        }
        InvariantKind::Promotion { zone, trigger, optional, forced, last_rank } => {
            pieces::promotion(game, zone, *trigger, *optional, forced, last_rank, t)
        }
        InvariantKind::NoSelfCheck => ending::no_self_check(game, t),
        generic => super::generic::judge(generic, t),
    }
}

fn id(game: &GameSpec, man: Man) -> &str {
    &game.pieces[man.piece.index()].id
}

fn named(list: &[String], piece: &str) -> bool {
    list.iter().any(|p| p == piece || p == "*")
}

/// The rank of `sq` counted from `player`'s own side, 1-based (both second-player layouts put
/// the second player's first rank at the top).
fn own_rank(game: &GameSpec, player: Color, sq: Square) -> u8 {
    if player == Color::Black {
        sq.rank + 1
    } else {
        game.board.ranks - sq.rank
    }
}

fn men(pos: &Position) -> impl Iterator<Item = (Square, Man)> + '_ {
    pos.board.iter().enumerate().filter_map(|(i, m)| m.map(|m| (pos.size.square_at(i), m)))
}

/// The royals of each player, found in one pass over the board.
fn royals_by_player(game: &GameSpec, pos: &Position) -> [SmallVec<[Square; 4]>; 2] {
    let mut out = [SmallVec::new(), SmallVec::new()];
    for (sq, man) in men(pos).filter(|(_, m)| game.pieces[m.piece.index()].royal) {
        out[man.player].push(sq);
    }
    out
}

fn verdict(concerned: bool) -> Verdict {
    if concerned {
        Verdict::Holds
    } else {
        Verdict::NotConcerned
    }
}
