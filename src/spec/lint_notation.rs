//! Valid but suspicious XBetza (issue 22): notation that parses and moves, yet looks like a
//! typo. A part of a move string that adds no move to the rest of it (`WfZZ` for a Gold: `fZ`
//! gives nothing `Z` does not), a part that moves nowhere on this board, and a range longer than
//! any line of the board. Each is a warning naming the part and why; lint judges the string as
//! written, and the designer decides.
//!
//! A part's moves are compared as move identities (destination and captured squares) from every
//! square of eight boards: empty, an enemy on every other square (so that captures count), and
//! six fixed mixed ones (hoppers and multi-leg parts differ only where some squares are taken).
//! A part that adds a move only in positions none of these shows, or that differs only in its
//! path (which burns, freezes and rank-limited jumps can read), may still be reported: it is a
//! warning, and the message says where it looked. The range check compares with the board's
//! longest line, whatever the part's directions.

use super::finding::{Finding, Severity};
use super::game::{GameSpec, PieceSpec};
use crate::geometry::Square;
use crate::xbetza::{self, Betza, Cell, CompiledBetza, Occupancy, Orientation};
use std::collections::BTreeSet;

/// A move's identity: destination and captured squares.
type Identity = (Square, Vec<Square>);

/// Every piece's move strings (its main one and its zone moves), checked.
pub(crate) fn checks(game: &GameSpec, cite: impl Fn(&str) -> Vec<String>, out: &mut Vec<Finding>) {
    for piece in &game.pieces {
        let path = format!("piece.{}.betza", piece.id);
        check_string(game, piece, &piece.betza, &piece.moves, &path, &cite, out);
        for (zone, (betza, compiled)) in &piece.zone_moves {
            let path = format!("piece.{}.ability.zone-moves.{zone}", piece.id);
            check_string(game, piece, betza, compiled, &path, &cite, out);
        }
    }
}

fn check_string(
    game: &GameSpec,
    piece: &PieceSpec,
    betza: &str,
    compiled: &CompiledBetza,
    path: &str,
    cite: &impl Fn(&str) -> Vec<String>,
    out: &mut Vec<Finding>,
) {
    let Ok(ast) = xbetza::parse(betza) else { return };
    let mut warn = |message: String| {
        let mut f = Finding::new(Severity::Warning, "suspicious-notation", piece.id.clone(), message);
        f.clauses = cite(path);
        f.location = path.to_string();
        out.push(f);
    };
    let longest = u32::from(game.board.files.max(game.board.ranks)) - 1;
    for c in &ast.components {
        if let Some(range) = c.range.filter(|&r| r > longest) {
            warn(format!(
                "{} `{betza}`: `{}` has range {range}, longer than any line of the {} board ({longest} steps): the same as no limit; a typo?",
                piece.name,
                &betza[c.span.start..c.span.end],
                game.board
            ));
        }
    }
    // Each part's moves from every square, on both boards.
    let parts: Vec<Option<Vec<BTreeSet<Identity>>>> = ast
        .components
        .iter()
        .map(|c| {
            let one = Betza { components: vec![c.clone()] };
            let part = xbetza::compile(&one, game.board, compiled.readings).ok()?;
            Some(move_sets(game, &part))
        })
        .collect();
    let text = |i: usize| &betza[ast.components[i].span.start..ast.components[i].span.end];
    let mut redundant = vec![false; parts.len()];
    // From the last part back, so that of two equal parts the later one is reported.
    for i in (0..parts.len()).rev() {
        let Some(sets) = &parts[i] else { continue };
        if sets.iter().all(BTreeSet::is_empty) {
            warn(format!(
                "{} `{betza}`: `{}` gives no move from any square of the {} board (empty, full of enemies, or mixed)",
                piece.name,
                text(i),
                game.board
            ));
            redundant[i] = true;
            continue;
        }
        let others: Vec<usize> = (0..parts.len()).filter(|&j| j != i && !redundant[j]).collect();
        if others.is_empty() || others.iter().any(|&j| parts[j].is_none()) {
            continue;
        }
        let covered = sets.iter().enumerate().all(|(k, set)| {
            set.iter().all(|m| others.iter().any(|&j| parts[j].as_ref().is_some_and(|p| p[k].contains(m))))
        });
        if covered {
            let rest: Vec<&str> = others.iter().map(|&j| text(j)).collect();
            warn(format!(
                "{} `{betza}`: `{}` adds no move to the rest of the string (`{}` give every move it gives, from every square, on the empty board, among enemies and on six mixed boards): a typo?",
                piece.name,
                text(i),
                rest.join("")
            ));
            redundant[i] = true;
        }
    }
}

/// Boards with friends, enemies and empty squares mixed, besides the empty and the full one: a
/// hopper's or a multi-leg move's parts differ only where some squares are taken and others
/// free. Fixed seeds, so that lint says the same every run.
const MIXED_BOARDS: u64 = 6;

/// The move identities from every square of each sample board: empty, full of enemies, and
/// [`MIXED_BOARDS`] mixed ones (a third of the squares friends, a third enemies).
fn move_sets(game: &GameSpec, part: &CompiledBetza) -> Vec<BTreeSet<Identity>> {
    let empty = Occupancy::empty(game.board);
    let mut enemies = empty.clone();
    for sq in game.board.squares() {
        enemies.set(sq, Cell::Enemy);
    }
    let mut boards = vec![empty.clone(), enemies];
    for seed in 0..MIXED_BOARDS {
        let mut mixed = empty.clone();
        for (i, sq) in game.board.squares().enumerate() {
            match scramble(seed << 32 | i as u64) % 3 {
                0 => mixed.set(sq, Cell::Friend),
                1 => mixed.set(sq, Cell::Enemy),
                _ => {}
            }
        }
        boards.push(mixed);
    }
    let mut sets = Vec::new();
    for board in &boards {
        for at in game.board.squares() {
            let mut occ = board.clone();
            occ.set(at, Cell::Empty);
            let set = xbetza::generate(part, &occ, at, Orientation::Up)
                .into_iter()
                .map(|m| {
                    let mut captured: Vec<Square> = m.captures.iter().copied().collect();
                    captured.sort();
                    (m.to, captured)
                })
                .collect();
            sets.push(set);
        }
    }
    sets
}

/// SplitMix64's output function: a fixed, well-spread hash of the board number and square (the
/// spec layer does not reach for the engine's random games).
fn scramble(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
