//! Perft: the number of leaf nodes of the legal-move tree, each move counted once per identity
//! (docs/DESIGN.md, "Move"). A position where the move made decided the game (a royal taken,
//! a checking extra-turn drop that wins, a bare king: `Engine::decided_by_move`) has no moves;
//! the other game ends (repetition, impasse, checkmate where terminal, stalemate results) do
//! not cut the tree, as in the published perft figures of shogi and xiangqi.

use super::make::Undo;
use super::moves::Move;
use super::position::Position;
use super::Engine;

impl Engine {
    /// Did `mv` decide the game by itself (a royal taken, and the rules like it)?
    pub fn ends_at_once(&self, after: &Position, mv: &Move) -> bool {
        self.decided_by_move(after, mv).is_some()
    }

    /// Perft below one legal move of `pos`: 1 at depth 1, else the tree under the position it
    /// leads to (empty if the move decided the game).
    pub(crate) fn perft_below(&self, pos: &Position, mv: &Move, depth: u32) -> u64 {
        if depth <= 1 {
            return 1;
        }
        let mut after = pos.clone();
        let mut undo = Vec::with_capacity(depth as usize);
        self.make(&mut after, mv, &mut undo);
        if self.ends_at_once(&after, mv) {
            return 0;
        }
        self.perft_inner(&mut after, depth - 1, &mut undo, &mut Vec::new())
    }

    pub fn perft(&self, pos: &mut Position, depth: u32) -> u64 {
        let mut undo = Vec::with_capacity(depth as usize);
        self.perft_inner(pos, depth, &mut undo, &mut Vec::new())
    }

    /// `buffers` holds one move list per ply below this one, kept from one position to the
    /// next so that their room is allocated once per ply, not once per position.
    fn perft_inner(&self, pos: &mut Position, depth: u32, undo: &mut Vec<Undo>, buffers: &mut Vec<Vec<Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = buffers.pop().unwrap_or_default();
        let total = if depth == 1 {
            // The last ply counts the moves; it need not write them (`legal_move_count`).
            self.legal_move_count(pos, &mut moves)
        } else {
            self.legal_moves_into(pos, &mut moves);
            let mut total = 0;
            for mv in &moves {
                self.make(pos, mv, undo);
                if !self.ends_at_once(pos, mv) {
                    total += self.perft_inner(pos, depth - 1, undo, buffers);
                }
                self.unmake(pos, undo);
            }
            total
        };
        buffers.push(moves);
        total
    }

    /// Perft below each legal move of the position, in move order: (move, count).
    pub fn divide(&self, pos: &Position, depth: u32, mut progress: impl FnMut(&Move, u64)) -> Vec<(Move, u64)> {
        self.legal_moves(pos)
            .into_iter()
            .map(|mv| {
                let n = self.perft_below(pos, &mv, depth);
                progress(&mv, n);
                (mv, n)
            })
            .collect()
    }
}
