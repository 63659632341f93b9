//! The two engines compared: legal moves on sample positions (the old start position and
//! positions of seeded games under the old rules, each carried over to the new engine), by
//! piece type, and perft from each start position.

use super::model::*;
use super::Options;
use crate::commands::engine::divide;
use crate::engine::play::Game;
use crate::engine::{Engine, Identity, Move, Position};
use crate::random::SplitMix64;
use crate::witness::compare::{ident, transfer};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------- sample positions

/// Plies of one random game, and how often a position of it is kept.
const GAME_PLIES: usize = 80;
const KEEP_EVERY: usize = 8;

pub(super) fn compare_samples(engines: Option<(&Engine, &Engine)>, opts: &Options) -> Samples {
    let not = |reason: String| Samples { reason: Some(reason), ..Samples::default() };
    let Some((old, new)) = engines else {
        return not("an engine is missing (see the notes)".into());
    };
    if old.game.board != new.game.board {
        return not(format!(
            "the boards differ ({} and {}): positions cannot be carried over",
            old.game.board, new.game.board
        ));
    }
    if old.game.setup.is_empty() {
        return not("the old spec states no start position".into());
    }
    if opts.samples == 0 {
        return not("--samples 0".into());
    }
    let positions = sample_positions(old, opts.samples, opts.seed);
    let mut by_piece: BTreeMap<String, PieceMoves> = BTreeMap::new();
    let mut transferred = 0;
    for pos in &positions {
        if let Some(moved) = transfer(old, new, pos) {
            transferred += 1;
            tally_position(old, new, pos, &moved, &mut by_piece);
        }
    }
    Samples {
        compared: true,
        reason: None,
        positions: positions.len(),
        transferred,
        pieces: by_piece.into_values().collect(),
    }
}

/// The start position, then positions of seeded random games under `engine` (every
/// KEEP_EVERY-th ply of games of up to GAME_PLIES plies; game i uses seed + i), `count` in all.
/// A game may end before its first kept ply (a royal taken early, a quick mate); after 32 such
/// games in a row the games are taken to end that way every time, and the sampling stops with
/// what it has.
pub fn sample_positions(engine: &Engine, count: usize, seed: u64) -> Vec<Position> {
    const BARREN_GAMES_IN_A_ROW: u32 = 32;
    let start = engine.start();
    let mut out = vec![start.clone()];
    let (mut game, mut barren) = (0u64, 0);
    while out.len() < count && barren < BARREN_GAMES_IN_A_ROW {
        let before = out.len();
        play_and_keep(engine, &start, seed.wrapping_add(game), count, &mut out);
        game += 1;
        barren = if out.len() == before { barren + 1 } else { 0 };
    }
    out.truncate(count);
    out
}

/// One seeded random game (a `Game`, so it ends where any other game would), keeping the
/// position after every KEEP_EVERY-th ply until `out` holds `count`.
fn play_and_keep(engine: &Engine, start: &Position, seed: u64, count: usize, out: &mut Vec<Position>) {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(engine, start.clone(), GAME_PLIES);
    while !game.is_over() {
        game.play(rng.below(game.moves().len()));
        if game.plies().is_multiple_of(KEEP_EVERY) {
            out.push(game.position().clone());
            if out.len() >= count {
                return;
            }
        }
    }
}

/// Adds the moves legal under one engine only in `pos` (old) / `moved` (its copy for new).
fn tally_position(
    old: &Engine,
    new: &Engine,
    pos: &Position,
    moved: &Position,
    by_piece: &mut BTreeMap<String, PieceMoves>,
) {
    let (old_legal, new_legal) = (old.legal_moves(pos), new.legal_moves(moved));
    let old_moves = keyed(old, old, &old_legal);
    let new_moves = keyed(old, new, &new_legal);
    let position = old.position_string(pos);
    for (id, m) in &new_moves {
        if !old_moves.contains_key(id) {
            record(
                by_piece,
                mover(new, m),
                Example { position: position.clone(), mv: new.move_text(m), legal_under: "new" },
            );
        }
    }
    for (id, m) in &old_moves {
        if !new_moves.contains_key(id) {
            record(
                by_piece,
                mover(old, m),
                Example { position: position.clone(), mv: old.move_text(m), legal_under: "old" },
            );
        }
    }
}

/// Moves by identity, piece types numbered as the old engine numbers them.
fn keyed<'a>(old: &Engine, own: &Engine, moves: &'a [Move]) -> BTreeMap<Identity, &'a Move> {
    moves.iter().map(|m| (ident(old, own, m), m)).collect()
}

/// The piece type a move is counted under: the mover (or the dropped piece); `-` for a turn
/// without a piece.
fn mover(engine: &Engine, m: &Move) -> String {
    use crate::engine::MoveKind;
    match m.kind {
        MoveKind::Null | MoveKind::Decline => "-".into(),
        _ => engine.piece(m.man.piece).id.clone(),
    }
}

const EXAMPLES: usize = 3;

fn record(by_piece: &mut BTreeMap<String, PieceMoves>, piece: String, example: Example) {
    let entry = by_piece.entry(piece.clone()).or_insert(PieceMoves { piece, gained: 0, lost: 0, examples: Vec::new() });
    if example.legal_under == "new" {
        entry.gained += 1;
    } else {
        entry.lost += 1;
    }
    if entry.examples.len() < EXAMPLES {
        entry.examples.push(example);
    }
}

// ------------------------------------------------------------------------------ perft

pub(super) fn compare_perft(engines: Option<(&Engine, &Engine)>, depth: u32) -> Perft {
    let not = |reason: &str| Perft { reason: Some(reason.into()), ..Perft::default() };
    if depth == 0 {
        return not("--depth 0");
    }
    let Some((old, new)) = engines else {
        return not("an engine is missing (see the notes)");
    };
    if old.game.setup.is_empty() || new.game.setup.is_empty() {
        return not("a spec states no start position");
    }
    let rows = (1..=depth)
        .map(|d| {
            let (a, b) = (perft(old, d), perft(new, d));
            PerftRow { depth: d, old: a, new: b, difference: b as i64 - a as i64 }
        })
        .collect();
    Perft { compared: true, reason: None, rows }
}

/// Perft from the start position (in parallel over the root moves).
fn perft(engine: &Engine, depth: u32) -> u64 {
    divide(engine, &engine.start(), depth, false).0.iter().map(|(_, n)| n).sum()
}
