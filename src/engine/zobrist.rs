//! Zobrist keys: one random 64-bit key per (square, player, piece type), per hand count, for the
//! side to move and for each player's skip flag, and per (square, memory flag) for what the
//! position remembers of the piece on a square (`Position::flags`), and per square for where a
//! non-Lion just took a Lion (`Position::lion_taken_at`). Keys come from a fixed
//! seed so that hashes are the same from run to run (a repetition found in one run is found in
//! a replay).

use super::position::Man;
use crate::core::{Color, PieceId};
use crate::random::SplitMix64;

#[derive(Clone, Debug)]
pub struct Zobrist {
    piece_types: usize,
    board: Vec<u64>,
    hands: Vec<u64>,
    pub(crate) side: u64,
    skip: [u64; 2],
    /// The side to move is on an extra turn (drawn after the others, so older keys stay).
    pub(crate) extra_turn: u64,
    /// One key per (square, flag bit) of `Position::flags` (drawn last, so older keys stay).
    flags: Vec<u64>,
    /// One key per square for `Position::lion_taken_at` (drawn last, so older keys stay).
    lion_taken: Vec<u64>,
}

/// Flag bits with a key of their own (`position::DROPPED`, `position::DEMOTED`).
const FLAG_BITS: usize = 2;

/// Hand counts beyond this share the last key (no game holds more of one type).
const MAX_HAND: usize = 64;

impl Zobrist {
    pub(crate) fn new(squares: usize, piece_types: usize) -> Zobrist {
        let mut rng = SplitMix64::new(0x6b65_6e73_686f); // "kensho"
        let board = (0..squares * 2 * piece_types).map(|_| rng.next_u64()).collect();
        let hands = (0..2 * piece_types * MAX_HAND).map(|_| rng.next_u64()).collect();
        let side = rng.next_u64();
        let skip = [rng.next_u64(), rng.next_u64()];
        let extra_turn = rng.next_u64();
        let flags = (0..squares * FLAG_BITS).map(|_| rng.next_u64()).collect();
        let lion_taken = (0..squares).map(|_| rng.next_u64()).collect();
        Zobrist { piece_types, board, hands, side, skip, extra_turn, flags, lion_taken }
    }

    /// The key of the memory `flags` (a set of `Position::flags` bits) on `square`; no flag is
    /// key 0, so a position without memory hashes as before.
    pub(crate) fn flags(&self, square: usize, flags: u8) -> u64 {
        (0..FLAG_BITS).filter(|b| flags & (1 << b) != 0).fold(0, |h, b| h ^ self.flags[square * FLAG_BITS + b])
    }

    /// The key of `Position::lion_taken_at` (a square index); None is key 0, so a position
    /// of a game without the counter-strike rule hashes as before.
    pub(crate) fn lion_taken(&self, square: Option<usize>) -> u64 {
        square.map_or(0, |i| self.lion_taken[i])
    }

    pub(crate) fn piece(&self, square: usize, man: Man) -> u64 {
        self.board[(square * 2 + man.player.index()) * self.piece_types + man.piece.index()]
    }

    /// The key of holding `count` of `piece`; zero held is key 0 so empty hands hash to 0.
    pub(crate) fn hand(&self, player: Color, piece: PieceId, count: u16) -> u64 {
        if count == 0 {
            return 0;
        }
        let c = (count as usize).min(MAX_HAND) - 1;
        self.hands[(player.index() * self.piece_types + piece.index()) * MAX_HAND + c]
    }

    pub(crate) fn skips(&self, last_skip: [bool; 2]) -> u64 {
        (if last_skip[0] { self.skip[0] } else { 0 }) ^ (if last_skip[1] { self.skip[1] } else { 0 })
    }
}
