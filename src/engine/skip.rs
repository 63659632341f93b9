//! Turn skipping (skip.*): which moves are skips, when a skip is allowed, and the pass of
//! `skip.squares = any-adjacent-empty`.

use super::config::{Rules, SkipLimit};
use super::generate::SideView;
use super::moves::{Move, MoveKind};
use super::position::{Man, Position};
use super::Engine;
use super::PieceType;
use crate::core::PieceId;
use crate::geometry::chebyshev;
use crate::geometry::{BoardSize, Square};
use crate::xbetza::{PathStep, StepKind};

/// Is the move a skipped turn? A pass is; a pass that promotes is not where
/// skip.promotion-exempt holds (the piece promoted without moving: SUZ-164, MIT's equivalent).
pub(crate) fn is_skip(engine: &Engine, mv: &Move) -> bool {
    is_skip_of(engine, mv.kind, mv.promotion)
}

/// [`is_skip`] of a move of this kind and promotion, before the move is written.
pub(crate) fn is_skip_of(engine: &Engine, kind: MoveKind, promotion: Option<PieceId>) -> bool {
    match kind {
        MoveKind::Null => true,
        MoveKind::Pass => !(promotion.is_some() && engine.rules.skip_promotion_exempt),
        _ => false,
    }
}

/// Can a turn of this game ever be a skip: a null move (skip.null-move = allowed), or a pass
/// of a piece that can pass (skip.by-piece = allowed; a pass of its XBetza move, in any of
/// its zones, or its `pass` ability)? Only then does a position have whose last turn was a
/// skip to say (the `~` field of position strings). Read once, when the engine is built.
pub fn game_has_skips(engine: &Engine) -> bool {
    engine.has_skips
}

pub(super) fn skips_possible(rules: &Rules, pieces: &[PieceType], board: BoardSize) -> bool {
    rules.null_move
        || (rules.piece_pass
            && pieces.iter().any(|p| {
                p.can_pass || p.zone_moves.iter().any(|(_, m)| super::generate::passes_on_empty_board(m, board))
            }))
}

/// May the side to move skip now? (skip.limit)
pub(crate) fn skip_allowed(engine: &Engine, pos: &Position) -> bool {
    let me = pos.side;
    let own = pos.last_skip[me];
    let opponent = pos.last_skip[me.opposite()];
    match engine.rules.skip_limit {
        SkipLimit::None => true,
        SkipLimit::NoTwoOwnInARow => !own,
        SkipLimit::NotAfterOpponentSkip => !opponent,
        SkipLimit::Both => !own && !opponent,
    }
}

/// Marks the move as a skip or not and keeps it if the skip limit allows it.
pub(crate) fn push_if_allowed(engine: &Engine, pos: &Position, mut mv: Move, out: &mut Vec<Move>) {
    mv.is_skip = is_skip(engine, &mv);
    if mv.is_skip && !skip_allowed(engine, pos) {
        return;
    }
    out.push(mv);
}

/// skip.squares = any-adjacent-empty: a piece that can pass at all passes when any square
/// next to it is empty (the path records the step out to the first such square and back).
pub(crate) fn adjacent_empty_pass(
    engine: &Engine,
    pos: &Position,
    view: &SideView,
    sq: Square,
    man: Man,
    out: &mut Vec<Move>,
) {
    if !engine.rules.piece_pass || view.is_frozen(engine, man, sq) {
        return;
    }
    let Some(empty) = pos.size.squares().find(|&s| chebyshev(s, sq) == 1 && pos.at(s).is_none()) else {
        return;
    };
    let path: crate::xbetza::Path = smallvec::smallvec![
        PathStep { square: empty, kind: StepKind::Move },
        PathStep { square: sq, kind: StepKind::Move }
    ];
    let route = super::promotion::Route { from: sq, to: sq, path: &path };
    let promotions = super::promotion::choices(engine, pos, man, route, &[]);
    for &promotion in promotions.iter() {
        let mv = Move {
            kind: MoveKind::Pass,
            man,
            from: Some(sq),
            to: Some(sq),
            path: path.clone(),
            captures: super::moves::Captures::new(),
            burned: crate::xbetza::Squares::new(),
            promotion,
            is_skip: false,
            earns_extra_turn: false,
        };
        push_if_allowed(engine, pos, mv, out);
    }
}
