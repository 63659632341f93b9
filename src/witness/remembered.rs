//! Lines of play that give one piece a remembered history (SHO-37, a piece dropped in the
//! zone: promotion.after-drop; HEI-7, a piece demoted in the first zone: demotion.repromote)
//! and follow that piece, the opponent answering with quiet moves, until the two settings'
//! legal moves differ. The SMT layer's remembered-pieces fragment (`smt::fragments`,
//! memory.rs) asks Z3 which history makes the difference and realises it here. The witness is
//! the line of play, so it needs no remembered flag in its position string and both engines
//! read it.

use super::build::add_royals;
use super::compare::{differing, records, transfer};
use super::lines::play_both;
use super::{Pair, Witness};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Move, Position};
use crate::geometry::Square;

/// The history a Z3 model of the remembered-pieces fragment names: the piece was dropped in
/// the zone, or demoted in the first zone.
#[derive(Clone, Copy, PartialEq)]
pub enum History {
    Dropped,
    Demoted,
}

/// Is the piece on `sq` remembered by either engine? (Both make the same history; only an
/// engine whose rules need the memory marks the piece.)
fn marked(pa: &Position, pb: &Position, sq: Square) -> bool {
    pa.flags_at(sq) != 0 || pb.flags_at(sq) != 0
}

/// Designed starts and lines of one piece; the first line after which the settings' legal moves
/// differ, as a line witness. `budget` bounds the positions compared.
pub(crate) fn realise(pair: &Pair, history: History, budget: usize) -> Option<Witness> {
    let a = pair.a;
    let mut left = budget;
    let starts: Vec<(Position, Position, Vec<Move>)> = starts(pair, history)
        .into_iter()
        .filter_map(|(start, moves)| {
            let start_b = transfer(a, pair.b, &start)?;
            Some((start, start_b, moves))
        })
        .collect();
    // Shortest lines first: every start's first moves followed one move deep, then two, then
    // three.
    for depth in 1..=3 {
        for (start, start_b, first_moves) in &starts {
            for first in first_moves {
                let mut line = Vec::new();
                if let Some(w) =
                    follow(pair, start, (start.clone(), start_b.clone()), first, depth, &mut line, &mut left)
                {
                    return Some(w);
                }
                if left == 0 {
                    return None;
                }
            }
        }
    }
    None
}

/// Plays `mv` (a move of the followed piece), lets the opponent answer quietly, compares the two
/// settings' legal moves, and follows the piece further (`depth` moves in all, this one
/// included) while it is remembered.
fn follow(
    pair: &Pair,
    start: &Position,
    (mut pa, mut pb): (Position, Position),
    mv: &Move,
    depth: usize,
    line: &mut Vec<String>,
    left: &mut usize,
) -> Option<Witness> {
    let (a, b) = (pair.a, pair.b);
    let me = pa.side;
    let mb = b.legal_moves(&pb);
    play_both(pair, (&mut pa, &mut pb), mv, &mb)?;
    let mut played = vec![a.move_text(mv)];
    let at = mv.to?;
    // Only a remembered piece can promote differently.
    if !marked(&pa, &pb, at) {
        return None;
    }
    // The opponent answers with a quiet move (a royal's step where it has one), as often as it
    // is on move.
    while pa.side != me {
        let ma = a.legal_moves(&pa);
        let mb = b.legal_moves(&pb);
        let quiet = quiet_reply(a, &pa, &ma, at)?;
        play_both(pair, (&mut pa, &mut pb), &quiet, &mb)?;
        played.push(a.move_text(&quiet));
    }
    line.extend(played.iter().cloned());
    *left = left.saturating_sub(1);
    let (ma, mb) = (a.legal_moves(&pa), b.legal_moves(&pb));
    let diff = differing(pair, &ma, &mb);
    if depth == 1 && !diff.is_empty() {
        let (differing, differing_count) = records(pair, &diff);
        return Some(Witness {
            position: a.position_string(start),
            differing,
            differing_count,
            outcomes: Vec::new(),
            line: line.clone(),
        });
    }
    if depth > 1 && *left > 0 {
        for next in ma.iter().filter(|m| m.from == Some(at) && m.captures.is_empty()) {
            if let Some(w) = follow(pair, start, (pa.clone(), pb.clone()), next, depth - 1, line, left) {
                return Some(w);
            }
            if *left == 0 {
                break;
            }
        }
    }
    line.truncate(line.len() - played.len());
    None
}

/// A reply that neither captures nor drops nor promotes nor lands next to the followed piece on
/// `at`: a royal's step to a square nothing attacks first, then any such move.
fn quiet_reply(engine: &Engine, pos: &Position, moves: &[Move], at: Square) -> Option<Move> {
    let near = |s: Square| s.file.abs_diff(at.file).max(s.rank.abs_diff(at.rank)) <= 1;
    let quiet = |m: &&Move| {
        m.captures.is_empty() && m.from.is_some() && m.to.is_some_and(|t| !near(t)) && m.promotion.is_none()
    };
    let royal = |m: &&Move| m.from.and_then(|s| pos.at(s)).is_some_and(|man| engine.piece(man.piece).royal);
    let safe = |m: &&Move| {
        let mut after = pos.clone();
        engine.make(&mut after, m, &mut Vec::new());
        m.to.is_some_and(|t| !engine.attacks(&after, m.man.player.opposite(), t))
    };
    let quiet_royal = || moves.iter().filter(quiet).filter(royal);
    quiet_royal().find(safe).or_else(|| quiet_royal().next()).or_else(|| moves.iter().find(quiet)).cloned()
}

/// Starting positions for `history`, each with the first moves of the followed piece: its drops
/// into the zone (the first player holding one piece in hand), or its moves from beside the
/// first zone into it (a promoted piece that a move there demotes).
fn starts(pair: &Pair, history: History) -> Vec<(Position, Vec<Move>)> {
    let a = pair.a;
    let size = a.game.board;
    let z = &a.zobrist;
    let mut out = Vec::new();
    match history {
        History::Dropped => {
            let Some(zone) = a.rules.promotion_zone.clone() else { return out };
            for t in crate::sampling::designed::droppable(a) {
                if a.piece(t).promotes_to.is_none() {
                    continue;
                }
                let mut pos = Position::empty(size, a.pieces.len());
                pos.set_hand(z, Color::Black, t, 1);
                pos.set_side(z, Color::Black);
                let focus = size.squares().find(|&s| a.in_zone(&zone, Color::Black, s)).unwrap_or(Square::new(0, 0));
                let Some(pos) = add_royals(pair, pos, focus) else { continue };
                // Drops into the zone, nearest its edge first (a move out and back needs room).
                let mut drops: Vec<Move> = a
                    .legal_moves(&pos)
                    .into_iter()
                    .filter(|m| m.from.is_none() && m.to.is_some_and(|s| a.in_zone(&zone, Color::Black, s)))
                    .collect();
                drops.sort_by_key(|m| m.to.map(|s| a.relative_rank(Color::Black, s)));
                drops.truncate(12);
                out.push((pos, drops));
            }
        }
        History::Demoted => {
            // Promoted forms, each put on squares outside the first zone, nearest it first.
            let Some(first_zone) =
                pair.a.rules.demotion.as_ref().or(pair.b.rules.demotion.as_ref()).map(|d| d.zone.clone())
            else {
                return out;
            };
            let first_zone = first_zone.as_str();
            for p in (0..a.pieces.len()).map(PieceId::new) {
                let piece = a.piece(p);
                if !piece.is_promoted_form || piece.royal {
                    continue;
                }
                let mut squares: Vec<Square> =
                    size.squares().filter(|&s| !a.in_zone(first_zone, Color::Black, s)).collect();
                squares.sort_by_key(|&s| (a.relative_rank(Color::Black, s), s.file.abs_diff(size.files / 2)));
                for sq in squares.into_iter().take(size.files as usize) {
                    let mut pos = Position::empty(size, a.pieces.len());
                    pos.put(z, sq, Some(Man { player: Color::Black, piece: p }));
                    pos.set_side(z, Color::Black);
                    let Some(pos) = add_royals(pair, pos, sq) else { continue };
                    let moves: Vec<Move> = a
                        .legal_moves(&pos)
                        .into_iter()
                        .filter(|m| {
                            m.from == Some(sq)
                                && m.captures.is_empty()
                                && m.to.is_some_and(|s| a.in_zone(first_zone, Color::Black, s))
                        })
                        .collect();
                    if !moves.is_empty() {
                        out.push((pos, moves));
                    }
                }
            }
        }
    }
    out
}
