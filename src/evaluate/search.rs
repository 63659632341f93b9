//! The searching player of `kensho evaluate`: iterative-deepening alpha-beta (negamax) with a
//! transposition table on the position's Zobrist key and a capture-only quiescence search,
//! over the reference engine's own moves and game ends, so that it plays every bundled game
//! as the spec says: multi-captures, burns, drops, extra turns, repetition rules and every
//! reading.
//!
//! Why alpha-beta rather than MCTS: the games are long (a hundred plies and more on 16x16 and
//! 19x19 boards) and end mostly by material won, which a material evaluation sees at once and
//! random playouts see late and noisily; at the few thousand nodes per move a designer can
//! afford over many games, playouts of such games would be mostly noise. Alpha-beta with a
//! material-and-mobility evaluation is also what Fairy-Stockfish and the engines of the field
//! play these games with.
//!
//! The budget is a number of nodes (positions searched, quiescence included), never a time, so
//! that a seed gives the same games on any machine and any thread count. The last iteration cut
//! off by the budget counts where it found a move better than the previous choice (which it
//! searches first); otherwise the previous iteration's choice stands.
//!
//! Side to move: a move that earns an extra turn (extra-turn.after, drops.per-turn =
//! in-addition) leaves the same side to move, so the child's score is not negated then.

use super::values::{Mobility, PieceValues};
use crate::core::{Color, PieceId};
use crate::engine::make::Undo;
use crate::engine::status::{History, Outcome};
use crate::engine::{Engine, Move, Position};
use crate::random::SplitMix64;

/// A won game, in centipawns; a win found `n` plies ahead scores `MATE - n`, so that the
/// player takes the quickest win and puts off a loss.
pub const MATE: i32 = 1_000_000;
const INFINITE: i32 = MATE + 1;
/// Scores beyond this are wins or losses (stored in the table relative to the node).
const MATE_BOUND: i32 = MATE - 10_000;
const MAX_DEPTH: i32 = 64;
/// Plies of captures searched beyond the nominal depth (a Lion's double captures make long
/// capture chains; the cap bounds their cost).
const QUIESCENCE_PLIES: i32 = 4;
/// Centipawns per weighted move the man has on an empty board from where it stands
/// (`Mobility`): enough to centralise and to prefer the promoted form, far below a pawn (100).
const MOBILITY_CENTIPAWNS: i32 = 2;
/// Transposition-table entries, a power of two (16 bytes each: 1 MiB per player).
const TABLE_ENTRIES: usize = 1 << 16;

/// The evaluation: material on the board and in hand at the estimated piece values, plus each
/// man's mobility where it stands; from the side to move's point of view, in centipawns.
pub struct Evaluator {
    /// Per piece type, centipawns.
    values: Vec<i32>,
    mobility: Mobility,
}

impl Evaluator {
    pub fn new(values: &PieceValues, mobility: Mobility) -> Evaluator {
        let values = values.pieces.iter().map(|p| (p.value * 100.0).round() as i32).collect();
        Evaluator { values, mobility }
    }

    /// A type's value in centipawns.
    pub(crate) fn value(&self, piece: PieceId) -> i32 {
        self.values.get(piece.index()).copied().unwrap_or(0)
    }

    /// The position's score for the side to move.
    pub(crate) fn score(&self, pos: &Position) -> i32 {
        let mut side = [0i32; 2];
        for (at, man) in pos.board.iter().enumerate() {
            if let Some(man) = man {
                side[man.player] += self.value(man.piece) + MOBILITY_CENTIPAWNS * self.mobility.at(*man, at) as i32;
            }
        }
        for (player, hand) in Color::ALL.into_iter().zip(&pos.hands) {
            for (piece, &n) in hand.iter().enumerate() {
                side[player] += n as i32 * self.value(PieceId::new(piece));
            }
        }
        side[pos.side] - side[pos.side.opposite()]
    }

    /// Material (board and hand, no mobility) of the first player less the second's, in pawns.
    pub(crate) fn material_balance(&self, pos: &Position) -> f64 {
        let mut balance = 0i64;
        for man in pos.board.iter().flatten() {
            let v = self.value(man.piece) as i64;
            balance += if man.player == Color::Black { v } else { -v };
        }
        for (player, hand) in Color::ALL.into_iter().zip(&pos.hands) {
            for (piece, &n) in hand.iter().enumerate() {
                let v = n as i64 * self.value(PieceId::new(piece)) as i64;
                balance += if player == Color::Black { v } else { -v };
            }
        }
        balance as f64 / 100.0
    }
}

/// The score of a game result for `player`, found `ply` plies below the root.
fn outcome_score(outcome: &Outcome, player: Color, ply: i32) -> i32 {
    match outcome {
        Outcome::Win(winner, _) if *winner == player => MATE - ply,
        Outcome::Win(_, _) => -(MATE - ply),
        Outcome::Draw(_) => 0,
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    bound: Bound,
    /// The best move's index in the position's move list, plus one (0: none).
    best: u16,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    /// The score is at least this (a cut-off).
    Lower,
    /// The score is at most this (no move reached alpha).
    Upper,
}

/// What the player chose, and how deep it looked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Index into the moves it was given.
    pub index: usize,
    /// The move's score for the side to move, in centipawns (beyond `MATE - 10000`: a forced
    /// win, below its negation: a forced loss).
    pub score: i32,
    /// The iteration the choice comes from (0: none finished a move that did not lose).
    pub(crate) depth: i32,
    /// Whether that iteration searched every move: only then does a losing score say that
    /// every move loses.
    pub complete: bool,
    pub nodes: u64,
}

/// One player: its table and its scratch room, kept over a game.
pub struct Searcher<'e> {
    engine: &'e Engine,
    eval: &'e Evaluator,
    table: Vec<Entry>,
    nodes: u64,
    limit: u64,
    stopped: bool,
    undo: Vec<Undo>,
    /// The capture lists of the quiescence plies, by how far below the horizon: their room
    /// is allocated once.
    captures: Vec<Vec<Move>>,
}

impl<'e> Searcher<'e> {
    pub fn new(engine: &'e Engine, eval: &'e Evaluator) -> Searcher<'e> {
        Searcher {
            engine,
            eval,
            table: vec![Entry::default(); TABLE_ENTRIES],
            nodes: 0,
            limit: 0,
            stopped: false,
            undo: Vec::new(),
            captures: vec![Vec::new(); QUIESCENCE_PLIES as usize + 1],
        }
    }

    /// Chooses one of `moves` (the legal moves of `pos` under `history`, not empty) within a
    /// budget of `nodes` positions. Moves of equal standing are ordered by `rng` first, so
    /// that a seed decides between them.
    pub fn choose(
        &mut self,
        pos: &Position,
        history: &History,
        moves: &[Move],
        nodes: u64,
        rng: &mut SplitMix64,
    ) -> Choice {
        assert!(!moves.is_empty(), "a move chosen where there is none");
        self.nodes = 0;
        self.limit = nodes.max(1);
        self.stopped = false;
        let mut pos = pos.clone();
        let mut history = history.clone();
        let mut order: Vec<usize> = (0..moves.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        order.sort_by_key(|&i| std::cmp::Reverse(self.order_key(&moves[i])));
        let mut choice = Choice { index: order[0], score: 0, depth: 0, complete: false, nodes: 0 };
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -INFINITE;
            let mut scored: Vec<(usize, i32)> = Vec::with_capacity(order.len());
            for &i in &order {
                let score = self.after_move(&mut pos, &mut history, &moves[i], depth - 1, alpha, INFINITE, 0);
                if self.stopped {
                    break;
                }
                scored.push((i, score));
                alpha = alpha.max(score);
            }
            // `scored` is in search order: among equal scores the first searched wins.
            let best = scored.iter().enumerate().max_by_key(|&(k, &(_, s))| (s, std::cmp::Reverse(k)));
            let finished = scored.len() == order.len();
            if let Some((_, &(index, score))) = best {
                let found = Choice { index, score, depth, complete: finished, nodes: self.nodes };
                // An iteration the budget cut off counts where it found a move better than the
                // previous choice (searched first, its score here is exact); the previous
                // choice found worse says nothing of the moves not searched yet. Where every
                // move it searched loses by force, the next move not searched is chosen: it
                // may not.
                let beats_previous = index != scored[0].0 && score > scored[0].1;
                if finished || beats_previous || (depth == 1 && score >= -MATE_BOUND) {
                    choice = found;
                } else if score < -MATE_BOUND {
                    choice =
                        Choice { index: order[scored.len()], score: 0, depth: depth - 1, complete: false, nodes: 0 };
                }
            }
            if self.stopped || (choice.complete && choice.score.abs() > MATE_BOUND) {
                break;
            }
            // The next iteration searches the best first.
            scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            order = scored.into_iter().map(|(i, _)| i).collect();
        }
        choice.nodes = self.nodes;
        choice
    }

    /// Makes `mv`, judges it and searches the position it leads to; the score for the player
    /// who made it. `depth` is what is left below the move (0 or less: captures only).
    #[allow(clippy::too_many_arguments)]
    fn after_move(
        &mut self,
        pos: &mut Position,
        history: &mut History,
        mv: &Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let mover = pos.side;
        let known = history.len();
        self.engine.make(pos, mv, &mut self.undo);
        let score = match self.engine.status_after(pos, mv, history) {
            Some(outcome) => outcome_score(&outcome, mover, ply + 1),
            None if pos.side == mover => self.negamax(pos, history, depth, alpha, beta, ply + 1),
            None => -self.negamax(pos, history, depth, -beta, -alpha, ply + 1),
        };
        history.truncate(known);
        self.engine.unmake(pos, &mut self.undo);
        score
    }

    /// The score of `pos` for its side to move. `depth` > 0: every move, `depth` plies deep;
    /// otherwise the quiescence search: the side to move may stand pat on the evaluation or
    /// capture, for at most `QUIESCENCE_PLIES` more plies. At the horizon (depth 0) every legal
    /// move is generated, so that a mate or a stalemate there is seen; below it only the
    /// captures (`legal_captures_into`), since the evaluation stands in for the rest.
    fn negamax(
        &mut self,
        pos: &mut Position,
        history: &mut History,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
            return 0;
        }
        let key = pos.hash(&self.engine.zobrist);
        let slot = key as usize & (TABLE_ENTRIES - 1);
        let mut hinted = None;
        if depth > 0 {
            let entry = self.table[slot];
            if entry.key == key {
                hinted = (entry.best > 0).then(|| entry.best as usize - 1);
                if entry.depth as i32 >= depth {
                    let score = from_table(entry.score, ply);
                    let cut = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cut {
                        return score;
                    }
                }
            }
        }
        let mut moves = if depth < 0 {
            std::mem::take(&mut self.captures[(-depth) as usize])
        } else {
            let moves = self.engine.game_moves(pos, history);
            if let Some(outcome) = self.engine.status_before(pos, &moves) {
                return outcome_score(&outcome, pos.side, ply);
            }
            moves
        };
        let mut best = -INFINITE;
        if depth <= 0 {
            let stand = self.eval.score(pos);
            if stand >= beta || -depth >= QUIESCENCE_PLIES {
                if depth < 0 {
                    self.captures[(-depth) as usize] = moves;
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            if depth < 0 {
                self.engine.legal_captures_into(pos, &mut moves);
            } else {
                moves.retain(|m| !m.captures.is_empty());
            }
        }
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse((Some(i) == hinted, self.order_key(&moves[i]))));
        let alpha_before = alpha;
        let mut best_index = None;
        for i in order {
            let score = self.after_move(pos, history, &moves[i], depth - 1, alpha, beta, ply);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_index = Some(i);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if depth < 0 {
            self.captures[(-depth) as usize] = moves;
        }
        if self.stopped {
            return 0;
        }
        if depth > 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best <= alpha_before {
                Bound::Upper
            } else {
                Bound::Exact
            };
            self.table[slot] = Entry {
                key,
                score: to_table(best, ply),
                depth: depth.min(i8::MAX as i32) as i8,
                bound,
                best: best_index.map_or(0, |i| (i + 1).min(u16::MAX as usize) as u16),
            };
        }
        best
    }

    /// Captures first, the most valuable victims by the least valuable attackers, then
    /// promotions, then the rest.
    fn order_key(&self, mv: &Move) -> i64 {
        let taken: i64 = mv.captures.iter().map(|(_, m)| self.eval.value(m.piece) as i64).sum();
        if taken > 0 || !mv.captures.is_empty() {
            2_000_000_000 + 64 * taken - self.eval.value(mv.man.piece) as i64
        } else if mv.promotion.is_some() {
            1_000_000_000
        } else {
            0
        }
    }
}

/// A score as the table keeps it: a win or loss counted from the node, not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}
