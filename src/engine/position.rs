//! A position: pieces on squares, pieces in hand, the side to move and the history facts the
//! rules read (whether each player's last turn was a skip, which pieces were dropped or
//! demoted, where a non-Lion just took a Lion), with an incrementally kept Zobrist hash.

use super::zobrist::Zobrist;
use crate::core::{Color, PieceId};
use crate::geometry::{BoardSize, Square};

/// A piece on the board: its owner and its type (index into the
/// game's piece list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Man {
    pub player: Color,
    pub piece: PieceId,
}

/// `Position::flags` bit: the piece was dropped and has not yet made a move that meets
/// `promotion.after-drop` (kept only where that rule differs from `promotion.trigger`:
/// `Rules::after_drop`, and only while the piece stands in the promotion zone:
/// `promotion::flags_after`). Until then it promotes by `promotion.after-drop`, afterwards by
/// `promotion.trigger`.
pub const DROPPED: u8 = 1;
/// `Position::flags` bit: the piece was demoted (Heian's first zone) and has not promoted
/// since (kept only where `demotion.repromote` differs from `promotion.forced`:
/// `Rules::repromote`).
pub(crate) const DEMOTED: u8 = 2;

/// The largest move number: a position string may give at most this (nine digits), and
/// `Engine::make` counts no further, so the number never wraps, however long a game is played
/// from a position that gives it. No rule reads the number; it only numbers the turns.
pub const MAX_MOVE_NUMBER: u32 = 999_999_999;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub size: BoardSize,
    /// What stands on each square, by square index (`BoardSize::index`): read a square with
    /// `at`, change one with `put` (which keeps the hash). The engine indexes it by number on
    /// its hot paths; docs/DESIGN.md says why the index is no `Square`.
    pub board: Vec<Option<Man>>,
    /// What the position remembers of the piece on each square (`DROPPED`, `DEMOTED`), by
    /// square index; 0 on empty squares. Part of the hash (two positions that differ here are
    /// different positions for repetition); `put` clears it, `set_flags` sets it.
    pub flags: Vec<u8>,
    /// hands[player][piece type] = count.
    pub hands: [Vec<u16>; 2],
    pub side: Color,
    /// Whether each player's most recent turn was a skip (the skip limits read this).
    pub last_skip: [bool; 2],
    /// The side to move is on the extra turn a first-zone drop earned (extra-turn.after), or
    /// (drops.per-turn = in-addition) may still drop a piece after this turn's move.
    pub extra_turn: bool,
    /// Where the last move took a Lion with a non-Lion (`lion-trade.counter-strike`: the
    /// opponent's next move may then take no Lion with a non-Lion); None otherwise, and always
    /// in games without that rule. Part of the board hash.
    pub lion_taken_at: Option<Square>,
    /// Full moves counted as in SFEN: starts at 1, one more after every turn; at most
    /// `MAX_MOVE_NUMBER`.
    pub move_number: u32,
    /// Hash of the board with its flags, the side to move, the extra-turn flag and
    /// `lion_taken_at`.
    pub board_hash: u64,
    /// Hash of the hands.
    pub hand_hash: u64,
}

impl Position {
    pub fn empty(size: BoardSize, piece_types: usize) -> Position {
        Position {
            size,
            board: vec![None; size.square_count()],
            flags: vec![0; size.square_count()],
            hands: [vec![0; piece_types], vec![0; piece_types]],
            side: Color::Black,
            last_skip: [false; 2],
            extra_turn: false,
            lion_taken_at: None,
            move_number: 1,
            board_hash: 0,
            hand_hash: 0,
        }
    }

    pub fn at(&self, sq: Square) -> Option<Man> {
        self.board[self.size.index(sq)]
    }

    /// Puts `man` on `sq` (or clears it), keeping the hash. The square's flags are cleared: a
    /// piece put anywhere is remembered as nothing until `set_flags` says otherwise.
    pub fn put(&mut self, z: &Zobrist, sq: Square, man: Option<Man>) {
        let i = self.size.index(sq);
        if let Some(old) = self.board[i] {
            self.board_hash ^= z.piece(i, old);
        }
        if self.flags[i] != 0 {
            self.board_hash ^= z.flags(i, self.flags[i]);
            self.flags[i] = 0;
        }
        if let Some(new) = man {
            self.board_hash ^= z.piece(i, new);
        }
        self.board[i] = man;
    }

    /// What the position remembers of the piece on `sq` (`DROPPED`, `DEMOTED`).
    pub fn flags_at(&self, sq: Square) -> u8 {
        self.flags[self.size.index(sq)]
    }

    /// Sets the flags of the piece on `sq`, keeping the hash (an empty square keeps none).
    pub fn set_flags(&mut self, z: &Zobrist, sq: Square, flags: u8) {
        let i = self.size.index(sq);
        let flags = if self.board[i].is_some() { flags } else { 0 };
        self.board_hash ^= z.flags(i, self.flags[i]) ^ z.flags(i, flags);
        self.flags[i] = flags;
    }

    pub fn set_side(&mut self, z: &Zobrist, side: Color) {
        if self.side != side {
            self.board_hash ^= z.side;
            self.side = side;
        }
    }

    pub fn set_extra_turn(&mut self, z: &Zobrist, extra: bool) {
        if self.extra_turn != extra {
            self.board_hash ^= z.extra_turn;
            self.extra_turn = extra;
        }
    }

    /// Sets where the last move took a Lion with a non-Lion, keeping the hash.
    pub(crate) fn set_lion_taken_at(&mut self, z: &Zobrist, sq: Option<Square>) {
        if self.lion_taken_at != sq {
            self.board_hash ^= z.lion_taken(self.lion_taken_at.map(|s| self.size.index(s)))
                ^ z.lion_taken(sq.map(|s| self.size.index(s)));
            self.lion_taken_at = sq;
        }
    }

    pub fn set_hand(&mut self, z: &Zobrist, player: Color, piece: PieceId, count: u16) {
        let old = self.hands[player][piece.index()];
        self.hand_hash ^= z.hand(player, piece, old) ^ z.hand(player, piece, count);
        self.hands[player][piece.index()] = count;
    }

    /// The full hash: board, side, hands and skip state.
    pub fn hash(&self, z: &Zobrist) -> u64 {
        self.board_hash ^ self.hand_hash ^ z.skips(self.last_skip)
    }

    /// The hash recomputed from scratch (make/unmake checks use it).
    pub fn hash_from_scratch(&self, z: &Zobrist) -> u64 {
        let mut h = 0;
        for (i, m) in self.board.iter().enumerate() {
            if let Some(m) = m {
                h ^= z.piece(i, *m);
            }
            h ^= z.flags(i, self.flags[i]);
        }
        if self.side == Color::White {
            h ^= z.side;
        }
        if self.extra_turn {
            h ^= z.extra_turn;
        }
        h ^= z.lion_taken(self.lion_taken_at.map(|s| self.size.index(s)));
        for player in Color::ALL {
            for (piece, &n) in self.hands[player].iter().enumerate() {
                h ^= z.hand(player, PieceId::new(piece), n);
            }
        }
        h ^ z.skips(self.last_skip)
    }

    /// Every man of `player` with its square, rank by rank from the first.
    pub fn squares_of(&self, player: Color) -> impl Iterator<Item = (Square, Man)> + '_ {
        // Rank by rank, so that no square is named by dividing its index (move generation
        // asks this of every position).
        self.board.chunks(usize::from(self.size.files)).zip(0u8..).flat_map(move |(row, rank)| {
            row.iter().zip(0u8..).filter_map(move |(m, file)| match m {
                Some(m) if m.player == player => Some((Square::new(file, rank), *m)),
                _ => None,
            })
        })
    }
}
