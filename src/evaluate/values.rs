//! Piece values estimated from mobility, the way designers of large variants reason about
//! them (H. G. Muller's rule of thumb: a piece is worth about what it can reach, with captures
//! counting more than quiet steps), since no published values exist for most of these pieces.
//!
//! Two measures per piece type, each an average of the man's *weighted moves*: the distinct
//! destinations of its moves, each counting once plus once per man it takes (a Lion's double
//! capture counts three), promotion choices to the same destination counting once.
//! - **empty board**: the man alone on the board, averaged over every square, for the first
//!   player (its table for both players is the evaluation's mobility term, `Mobility`);
//! - **in play**: over the men found in the positions of seeded random games from the start
//!   (every `SAMPLE_EVERY`th position), where friends block and enemies can be taken.
//!
//! The value is the mean of the two (a type never met in play, say a promoted form random games
//! do not reach, takes its empty-board figure scaled by the median in-play/empty ratio of the
//! types that were met), in *pawns*: divided by the value of the game's unit, the non-royal
//! type with the most men in the start position, the weakest among equals (the Pawn of shogi
//! and minishogi, the Soldier of xiangqi).
//! Refining the values by self-play (issue 25 item 2, "where affordable") is not done: at the
//! node budgets a designer can afford, the games are too short-sighted to move a value.

use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Positions of the sample games looked at: one in so many (neighbouring positions are
/// nearly the same).
const SAMPLE_EVERY: usize = 4;

/// One piece type's estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceValue {
    pub id: String,
    pub(crate) name: String,
    pub(crate) royal: bool,
    /// Mean weighted moves alone on an empty board.
    pub empty_board: f64,
    /// Mean weighted moves of the men met in the sample games; None when none was met.
    pub(crate) in_play: Option<f64>,
    /// How many men the in-play figure averages.
    pub(crate) samples: u64,
    /// The estimate, in pawns (the unit type is worth 1).
    pub value: f64,
}

/// Every piece type's estimate, in the engine's piece order, and how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceValues {
    pub pieces: Vec<PieceValue>,
    /// The unit type's id.
    pub unit: String,
    /// The sample games: how many, of how many plies at most, from which seed.
    pub(crate) games: usize,
    pub(crate) plies: usize,
    pub(crate) seed: u64,
}

/// A man's weighted moves in `pos` (see the module comment).
fn weighted_moves(engine: &Engine, pos: &Position, sq: Square) -> u32 {
    let mut seen = BTreeSet::new();
    let mut weight = 0;
    for mv in engine.pseudo_moves_from(pos, sq) {
        let captured: Vec<Square> = mv.captures.iter().map(|c| c.0).collect();
        if seen.insert((mv.to, captured)) {
            weight += 1 + mv.captures.len() as u32;
        }
    }
    weight
}

/// Per piece type, player and square index: the man's weighted moves alone on an empty board.
/// Read by the evaluation as the mobility of a man where it stands.
#[derive(Clone, Debug)]
pub struct Mobility {
    /// [piece][player][square index].
    table: Vec<[Vec<u16>; 2]>,
}

impl Mobility {
    pub fn new(engine: &Engine) -> Mobility {
        let size = engine.game.board;
        let mut lone = Position::empty(size, engine.pieces.len());
        let z = &engine.zobrist;
        let table = (0..engine.pieces.len())
            .map(PieceId::new)
            .map(|piece| {
                Color::ALL.map(|player| {
                    size.squares()
                        .map(|sq| {
                            let man = Man { player, piece };
                            lone.put(z, sq, Some(man));
                            lone.set_side(z, player);
                            let n = weighted_moves(engine, &lone, sq);
                            lone.put(z, sq, None);
                            n.min(u16::MAX as u32) as u16
                        })
                        .collect()
                })
            })
            .collect();
        Mobility { table }
    }

    /// The weighted moves of `man` alone on an empty board on square index `at`.
    pub(crate) fn at(&self, man: Man, at: usize) -> u16 {
        self.table[man.piece.index()][man.player][at]
    }

    /// The mean over the squares, for the first player.
    fn mean(&self, piece: PieceId) -> f64 {
        let row = &self.table[piece.index()][0];
        row.iter().map(|&n| n as f64).sum::<f64>() / row.len().max(1) as f64
    }
}

/// Estimates every type's value: `games` seeded random games of at most `plies` plies from the
/// start (game `i` from seed `seed + i`).
pub fn estimate(engine: &Engine, mobility: &Mobility, seed: u64, games: usize, plies: usize) -> PieceValues {
    let types = engine.pieces.len();
    let mut sum = vec![0u64; types];
    let mut count = vec![0u64; types];
    for i in 0..games {
        let mut positions = Vec::new();
        let mut ply = 0usize;
        engine.random_game(&engine.start(), seed.wrapping_add(i as u64), plies, |_, _, after| {
            ply += 1;
            if ply.is_multiple_of(SAMPLE_EVERY) {
                positions.push(after.clone());
            }
        });
        for pos in &positions {
            for (sq, man) in pos.squares_of(Color::Black).chain(pos.squares_of(Color::White)) {
                sum[man.piece.index()] += weighted_moves(engine, pos, sq) as u64;
                count[man.piece.index()] += 1;
            }
        }
    }
    let empty: Vec<f64> = (0..types).map(|p| mobility.mean(PieceId::new(p))).collect();
    let in_play: Vec<Option<f64>> =
        (0..types).map(|t| (count[t] > 0).then(|| sum[t] as f64 / count[t] as f64)).collect();
    let mut ratios: Vec<f64> =
        (0..types).filter_map(|t| in_play[t].filter(|_| empty[t] > 0.0).map(|p| p / empty[t])).collect();
    ratios.sort_by(f64::total_cmp);
    let ratio = if ratios.is_empty() { 1.0 } else { ratios[ratios.len() / 2] };
    let raw: Vec<f64> = (0..types).map(|t| (empty[t] + in_play[t].unwrap_or(empty[t] * ratio)) / 2.0).collect();
    let unit = unit_type(engine, &raw);
    let scale = unit.map(|u| raw[u.index()]).filter(|&v| v > 0.0).unwrap_or(1.0);
    let pieces = engine
        .pieces
        .iter()
        .enumerate()
        .map(|(t, p)| PieceValue {
            id: p.id.clone(),
            name: p.name.clone(),
            royal: p.royal,
            empty_board: empty[t],
            in_play: in_play[t],
            samples: count[t],
            value: raw[t] / scale,
        })
        .collect();
    PieceValues { pieces, unit: unit.map(|u| engine.piece(u).id.clone()).unwrap_or_default(), games, plies, seed }
}

/// The non-royal type with the most men in the start position, the weakest (by `raw`) among
/// equals (minishogi has one of each, and its unit is still the Pawn); None when the start
/// holds no non-royal man.
fn unit_type(engine: &Engine, raw: &[f64]) -> Option<PieceId> {
    let start = engine.start();
    let mut men = vec![0usize; engine.pieces.len()];
    for (_, man) in start.squares_of(Color::Black).chain(start.squares_of(Color::White)) {
        if !engine.piece(man.piece).royal {
            men[man.piece.index()] += 1;
        }
    }
    let most = *men.iter().max()?;
    (0..men.len()).filter(|&t| most > 0 && men[t] == most).min_by(|&a, &b| raw[a].total_cmp(&raw[b])).map(PieceId::new)
}
