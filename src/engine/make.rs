//! Making and taking back moves. `make` records everything it changes in an `Undo`; `unmake`
//! puts it back, so position and hash are restored exactly (tests/engine_make.rs checks this on
//! random games against a hash recomputed from scratch).

use super::moves::{Move, MoveKind};
use super::position::{Man, Position};
use super::Engine;
use crate::core::{Color, PieceId};
use crate::geometry::Square;
use smallvec::SmallVec;

#[derive(Clone, Debug)]
pub struct Undo {
    /// Every square changed, with the man and the flags it held before (inline for a move
    /// with up to two captures: making a move allocates nothing).
    squares: SmallVec<[(Square, Option<Man>, u8); 4]>,
    side: Color,
    extra_turn: bool,
    last_skip: [bool; 2],
    lion_taken_at: Option<Square>,
    move_number: u32,
    board_hash: u64,
    hand_hash: u64,
    hands: SmallVec<[(Color, PieceId, u16); 2]>,
}

impl Engine {
    /// Applies `mv` (a move from `legal_moves` of this position) and pushes what it changed.
    pub fn make(&self, pos: &mut Position, mv: &Move, undo: &mut Vec<Undo>) {
        let z = &self.zobrist;
        let mut u = Undo {
            squares: SmallVec::new(),
            side: pos.side,
            extra_turn: pos.extra_turn,
            last_skip: pos.last_skip,
            lion_taken_at: pos.lion_taken_at,
            move_number: pos.move_number,
            board_hash: pos.board_hash,
            hand_hash: pos.hand_hash,
            hands: SmallVec::new(),
        };
        let mut set = |pos: &mut Position, sq: Square, man: Option<Man>| {
            u.squares.push((sq, pos.at(sq), pos.flags_at(sq)));
            pos.put(z, sq, man);
        };
        // What the position remembers of the moving piece (position::DROPPED, DEMOTED), read
        // before its origin is cleared; a captured piece's memory goes with it.
        let moved_flags = mv.from.map_or(0, |from| pos.flags_at(from));
        for &(sq, victim) in &mv.captures {
            set(pos, sq, None);
            if self.rules.drops {
                // drops.enabled: the capturer holds what it took (unpromoted: drops.unpromoted).
                let held = super::drops::hand_type(self, victim.piece);
                let n = pos.hands[mv.man.player][held.index()];
                u.hands.push((mv.man.player, held, n));
                pos.set_hand(z, mv.man.player, held, n + 1);
            }
        }
        let after = Man { player: mv.man.player, piece: mv.promotion.unwrap_or(mv.man.piece) };
        match mv.kind {
            MoveKind::Null | MoveKind::Decline => {}
            MoveKind::Drop => {
                let (p, piece) = (mv.man.player, mv.man.piece);
                let n = pos.hands[p][piece.index()];
                u.hands.push((p, piece, n));
                pos.set_hand(z, p, piece, n - 1);
                if let Some(to) = mv.to {
                    set(pos, to, Some(after));
                    pos.set_flags(z, to, super::promotion::flags_after(self, mv, 0));
                }
            }
            // Every kind by name: a new kind must say what it does to the board.
            MoveKind::Normal
            | MoveKind::Capture
            | MoveKind::Igui
            | MoveKind::Pass
            | MoveKind::Burn
            | MoveKind::PromoteInPlace => {
                if let Some(from) = mv.from {
                    set(pos, from, None);
                }
                if let Some(to) = mv.to {
                    set(pos, to, Some(after));
                    pos.set_flags(z, to, super::promotion::flags_after(self, mv, moved_flags));
                }
            }
        }
        pos.last_skip[mv.man.player] = mv.is_skip;
        if self.rules.lion_trade.as_ref().is_some_and(|t| t.counter_strike) {
            pos.set_lion_taken_at(z, super::lion_trade::lion_taken_at(self, mv));
        }
        // extra-turn.after: a drop that earns another turn leaves the side to move as it is.
        pos.set_extra_turn(z, mv.earns_extra_turn);
        if !mv.earns_extra_turn {
            pos.set_side(z, pos.side.opposite());
        }
        // The count stops at the bound rather than wrap (position::MAX_MOVE_NUMBER); `unmake`
        // restores the number from the undo record.
        pos.move_number = pos.move_number.saturating_add(1).min(super::position::MAX_MOVE_NUMBER);
        undo.push(u);
    }

    /// Takes back the last move made with `make`.
    pub fn unmake(&self, pos: &mut Position, undo: &mut Vec<Undo>) {
        let Some(u) = undo.pop() else { return };
        for &(sq, man, flags) in u.squares.iter().rev() {
            let i = pos.size.index(sq);
            pos.board[i] = man;
            pos.flags[i] = flags;
        }
        for &(p, piece, n) in u.hands.iter().rev() {
            pos.hands[p.index()][piece.index()] = n;
        }
        pos.side = u.side;
        pos.extra_turn = u.extra_turn;
        pos.last_skip = u.last_skip;
        pos.lion_taken_at = u.lion_taken_at;
        pos.move_number = u.move_number;
        pos.board_hash = u.board_hash;
        pos.hand_hash = u.hand_hash;
    }
}
