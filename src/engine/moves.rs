//! The public move record (docs/DESIGN.md, "Move"): what the checker, the reading witnesses, the SMT layer
//! and every cross-engine comparison read. Nothing here refers to how the generator found the move.

use super::position::Man;
use crate::core::PieceId;
use crate::geometry::Square;
use crate::xbetza::{Path, Squares};
use smallvec::SmallVec;

/// Captured squares with what stood there: inline up to two (no allocation for most moves).
pub(crate) type Captures = SmallVec<[(Square, Man); 2]>;

/// What a legal move does (`Move::kind`). `xbetza::PieceMoveKind` is the same notion for one
/// piece's path, which the generator maps onto these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// The piece ends elsewhere, nothing captured.
    Normal,
    /// The piece ends elsewhere after capturing.
    Capture,
    /// The piece ends on its start square after capturing (capture without moving).
    Igui,
    /// The piece ends on its start square, nothing captured: a skipped turn.
    Pass,
    /// The piece moved, then captured next to its destination (Fire Demon).
    Burn,
    /// A promotion without moving (promotion.in-place = any-piece-any-time, or the last-rank
    /// any-time option).
    PromoteInPlace,
    /// A turn without any piece (skip.null-move = allowed).
    Null,
    /// A piece from the hand.
    Drop,
    /// The extra turn (extra-turn.optional) declined: the turn passes to the opponent.
    Decline,
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub kind: MoveKind,
    /// The moving (or dropped) piece as it was before the move.
    pub man: Man,
    /// None for drops and null moves.
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// The end square of every leg, in order (empty for drops and null moves).
    pub path: Path,
    /// Captured squares with what stood there, sorted by square.
    pub captures: Captures,
    /// Of those, the ones burned after moving (Fire Demon), sorted.
    pub burned: Squares,
    /// The piece type it becomes, if it changes.
    pub promotion: Option<PieceId>,
    /// Whether this move is a skipped turn for the skip limits.
    pub is_skip: bool,
    /// Whether it earns its player another turn (extra-turn.after: a first-zone drop).
    pub earns_extra_turn: bool,
}

/// A move's identity for counting and comparing: (origin or dropped piece, destination, sorted
/// captured squares, promotion). Two paths with one identity are one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identity {
    pub from: Option<Square>,
    pub dropped: Option<PieceId>,
    pub to: Option<Square>,
    pub captures: Vec<Square>,
    pub promotion: Option<PieceId>,
}

impl Move {
    /// A move of `kind` with no path, captures or promotion yet (drops, null moves, promotions
    /// in place; the generator fills in the rest for board moves).
    pub fn bare(kind: MoveKind, man: Man, from: Option<Square>, to: Option<Square>) -> Move {
        Move {
            kind,
            man,
            from,
            to,
            path: Path::new(),
            captures: Captures::new(),
            burned: Squares::new(),
            promotion: None,
            is_skip: false,
            earns_extra_turn: false,
        }
    }

    pub fn identity(&self) -> Identity {
        Identity {
            from: self.from,
            dropped: (self.kind == MoveKind::Drop).then_some(self.man.piece),
            to: self.to,
            captures: self.captures.iter().map(|c| c.0).collect(),
            promotion: self.promotion,
        }
    }
}
