//! Facing royals (`flying-capture`, `check.flying-king`): xiangqi's flying general and
//! Shoogantshii's King that "may shoot the other from a distance" when "the two Kings face
//! each other on an otherwise open file" (SHO-7). The capture is not an XBetza move (it
//! depends on what is captured), so it is generated here.

use super::config::FlyingCapture;
use super::moves::{Move, MoveKind};
use super::position::{Man, Position};
use super::Engine;
use crate::geometry::Square;
use crate::xbetza::{PathStep, StepKind};
use smallvec::smallvec;

/// The enemy royal that the piece on `sq` faces along its file with only empty squares
/// between, if any (looking both ways).
pub(crate) fn facing_royal(engine: &Engine, pos: &Position, sq: Square) -> Option<(Square, Man)> {
    let me = pos.at(sq)?;
    [1i32, -1].into_iter().find_map(|dr| {
        let mut at = sq;
        loop {
            at = engine.game.board.offset(at, (0, dr))?;
            if let Some(m) = pos.at(at) {
                return (m.player != me.player && engine.piece(m.piece).royal).then_some((at, m));
            }
        }
    })
}

/// The flying capture of the royal on `sq`, if it faces the enemy royal: a move to its
/// square (`move`: the one move that may leave a palace, as in xiangqi) or a capture without
/// moving (`shoot`).
#[inline]
pub(crate) fn captures(engine: &Engine, pos: &Position, sq: Square, man: Man, out: &mut Vec<Move>) {
    let how = engine.piece(man.piece).abilities.flying_capture;
    if how == FlyingCapture::None {
        return;
    }
    let Some((target, victim)) = facing_royal(engine, pos, sq) else { return };
    let hit = PathStep { square: target, kind: StepKind::Capture };
    let (kind, to, path) = match how {
        FlyingCapture::Shoot => (MoveKind::Igui, sq, smallvec![hit, PathStep { square: sq, kind: StepKind::Move }]),
        _ => (MoveKind::Capture, target, smallvec![hit]),
    };
    out.push(Move { path, captures: smallvec![(target, victim)], ..Move::bare(kind, man, Some(sq), Some(to)) });
}
