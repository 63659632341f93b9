//! Designed positions for what "attacked" means (legality.attack, check.frozen-attackers,
//! legality.protection, check.royals): an enemy royal in the centre, a piece that may take it,
//! and protectors placed near it one at a time, confirmed by the engine. The SMT layer's
//! attack fragment (`smt::fragments`, attack.rs) tries these before its Z3 query.

use super::build::add_royals;
use super::build::{centre, filler};
use super::compare::{compare, witness};
use super::confirm::shrink;
use super::{Pair, Witness};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::xbetza::{generate, Cell, Occupancy, Orientation};

/// Squares from which `piece` (first player) takes an enemy on `target` on an otherwise empty
/// board, farthest first.
fn capture_squares(engine: &Engine, piece: PieceId, target: Square) -> Vec<Square> {
    let size = engine.game.board;
    let mut occ = Occupancy::empty(size);
    occ.set(target, Cell::Enemy);
    let mut out: Vec<Square> = size
        .squares()
        .filter(|&s| {
            s != target
                && generate(engine.moves_at(piece, Color::Black, s), &occ, s, Orientation::Up)
                    .iter()
                    .any(|m| m.captures.contains(&target))
        })
        .collect();
    let dist = |s: &Square| s.file.abs_diff(target.file).max(s.rank.abs_diff(target.rank));
    out.sort_by_key(|s| std::cmp::Reverse(dist(s)));
    out
}

/// A designed position on which the two alternatives differ (confirmed by the engine and
/// shrunk): an enemy royal in the centre, a piece that may take it (one with the
/// protected-royal ban first, else the royal itself) from the farthest square it takes from,
/// and one enemy piece of each type on each square near the royal; else an enemy ban-piece far
/// away and a friend next to the royal. None when no such position separates them.
pub(crate) fn designed(pair: &Pair) -> Option<Witness> {
    let e = pair.a;
    let size = e.game.board;
    let target = centre(&e.game);
    let royal = (0..e.pieces.len()).map(PieceId::new).find(|&i| e.piece(i).royal)?;
    // The taker: a piece with the ban first (its captures of royals are what protection
    // decides), else the royal itself.
    let mut takers: Vec<PieceId> =
        (0..e.pieces.len()).map(PieceId::new).filter(|&i| e.piece(i).abilities.protected_royal_ban).collect();
    takers.push(royal);
    let near: Vec<(i32, i32)> = (-2..=2).flat_map(|x| (-2..=2).map(move |y| (x, y))).filter(|&d| d != (0, 0)).collect();
    let found = |pos: &Position| compare(pair, pos).is_some_and(|(d, o)| !d.is_empty() || !o.is_empty());
    let finish = |pos: Position| -> Option<Witness> {
        let small = shrink(pair, &pos, &|p| found(p));
        witness(pair, &small)
    };
    for &taker in &takers {
        // The farthest square it takes from (out of the protectors' way where it can be).
        let Some(&from) = capture_squares(e, taker, target).first() else { continue };
        let base = |z: &crate::engine::zobrist::Zobrist| {
            let mut pos = Position::empty(size, e.pieces.len());
            pos.put(z, from, Some(Man { player: Color::Black, piece: taker }));
            pos.put(z, target, Some(Man { player: Color::White, piece: royal }));
            pos.set_side(z, Color::Black);
            pos
        };
        // One enemy piece of each type near the royal: a protector by some capture.
        for p in (0..e.pieces.len()).map(PieceId::new) {
            for &d in &near {
                let Some(sq) = size.offset(target, d) else { continue };
                if sq == from {
                    continue;
                }
                let mut pos = base(&e.zobrist);
                pos.put(&e.zobrist, sq, Some(Man { player: Color::White, piece: p }));
                let Some(pos) = add_royals(pair, pos, target) else { continue };
                if found(&pos) {
                    return finish(pos);
                }
            }
        }
        // A protector that can take every square (an enemy taker far away) whose recapture a
        // friend next to the royal would forbid.
        let Some(friend) = filler(e) else { continue };
        for p in (0..e.pieces.len()).map(PieceId::new).filter(|&i| e.piece(i).abilities.protected_royal_ban) {
            let Some(&far) = capture_squares(e, p, target)
                .iter()
                .find(|&&s| s != from && s.file.abs_diff(from.file).max(s.rank.abs_diff(from.rank)) >= 2)
            else {
                continue;
            };
            for &d in near.iter().filter(|d| d.0.abs() <= 1 && d.1.abs() <= 1) {
                let Some(sq) = size.offset(target, d) else { continue };
                if sq == from || sq == far {
                    continue;
                }
                let mut pos = base(&e.zobrist);
                pos.put(&e.zobrist, far, Some(Man { player: Color::White, piece: p }));
                pos.put(&e.zobrist, sq, Some(Man { player: Color::Black, piece: friend }));
                let Some(pos) = add_royals(pair, pos, target) else { continue };
                if found(&pos) {
                    return finish(pos);
                }
            }
        }
    }
    None
}
