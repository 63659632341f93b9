//! One position under two alternatives: the position carried over to the second engine, moves
//! matched by identity across the two piece lists, the moves and results that differ, and the
//! witness record the report shows.

use super::{DifferingMove, Pair, Witness};
use crate::core::{Color, PieceId};
use crate::engine::status::Outcome;
use crate::engine::{Engine, Identity, Man, Move, Position};
use std::collections::BTreeMap;

/// A copy of `pos` for `engine` (same piece ids by name), hashes recomputed; None when a piece
/// does not exist there.
pub(crate) fn transfer(from: &Engine, to: &Engine, pos: &Position) -> Option<Position> {
    if from.game.board != to.game.board || pos.size != to.game.board {
        return None;
    }
    let index: Vec<Option<PieceId>> = from.pieces.iter().map(|p| to.piece_index(&p.id)).collect();
    let z = &to.zobrist;
    let mut out = Position::empty(pos.size, to.pieces.len());
    // What the position remembers of its pieces carries over as far as the target engine
    // keeps such memory (a position string it could not read back otherwise).
    let mut keep = 0u8;
    if to.rules.after_drop.is_some() {
        keep |= crate::engine::position::DROPPED;
    }
    if to.rules.repromote.is_some() {
        keep |= crate::engine::position::DEMOTED;
    }
    for sq in pos.size.squares() {
        if let Some(m) = pos.at(sq) {
            out.put(z, sq, Some(Man { player: m.player, piece: index[m.piece.index()]? }));
            out.set_flags(z, sq, pos.flags_at(sq) & keep);
        }
    }
    for player in Color::ALL {
        for (piece, &n) in pos.hands[player].iter().enumerate() {
            if n > 0 {
                out.set_hand(z, player, index[piece]?, n);
            }
        }
    }
    out.set_side(z, pos.side);
    out.last_skip = pos.last_skip;
    if to.rules.lion_trade.as_ref().is_some_and(|t| t.counter_strike) {
        out.set_lion_taken_at(z, pos.lion_taken_at);
    }
    out.set_extra_turn(z, pos.extra_turn);
    out.move_number = pos.move_number;
    Some(out)
}

/// A result as the witnesses compare it: who wins, or a draw ("1-0", "0-1", "1/2-1/2"), or
/// None while the game goes on. Two results that differ only in their stated reason (the same
/// win by "no legal move" and by "checkmate") are the same result.
pub(crate) fn result_score(o: &Option<Outcome>) -> Option<&'static str> {
    o.as_ref().map(|o| o.score())
}

/// A result as a witness shows it.
pub(crate) fn result_text(o: &Option<Outcome>) -> String {
    o.as_ref().map(|o| o.describe()).unwrap_or_else(|| "game goes on".into())
}

/// Moves legal under one alternative only (true: the first), and the results that differ.
pub(crate) type Differences = (Vec<(Move, bool)>, Vec<String>);

/// The moves legal under exactly one alternative, and the results that differ; None when the
/// position does not carry over to the second alternative's board.
pub fn compare(pair: &Pair, pos: &Position) -> Option<Differences> {
    let pb = transfer(pair.a, pair.b, pos)?;
    let ma = pair.a.legal_moves(pos);
    let mb = pair.b.legal_moves(&pb);
    let diff = differing(pair, &ma, &mb);
    let mut outcomes = Vec::new();
    let sa = pair.a.status_before(pos, &ma);
    let sb = pair.b.status_before(&pb, &mb);
    if result_score(&sa) != result_score(&sb) {
        outcomes.push(format!("{}: {}", pair.a_name, result_text(&sa)));
        outcomes.push(format!("{}: {}", pair.b_name, result_text(&sb)));
    }
    Some((diff, outcomes))
}

/// The moves of `ma` (the first alternative's) and `mb` (the second's) whose identity the
/// other list lacks, each with true when it is the first alternative's.
pub(crate) fn differing(pair: &Pair, ma: &[Move], mb: &[Move]) -> Vec<(Move, bool)> {
    let ids_b: BTreeMap<Identity, &Move> = mb.iter().map(|m| (ident(pair.a, pair.b, m), m)).collect();
    let ids_a: BTreeMap<Identity, &Move> = ma.iter().map(|m| (ident(pair.a, pair.a, m), m)).collect();
    let mut diff: Vec<(Move, bool)> = Vec::new();
    for (id, m) in &ids_a {
        if !ids_b.contains_key(id) {
            diff.push(((*m).clone(), true));
        }
    }
    for (id, m) in &ids_b {
        if !ids_a.contains_key(id) {
            diff.push(((*m).clone(), false));
        }
    }
    diff
}

/// The differing moves as the report shows them: sorted by text, the first six, and how many
/// there are in all.
pub(crate) fn records(pair: &Pair, diff: &[(Move, bool)]) -> (Vec<DifferingMove>, usize) {
    let mut differing: Vec<DifferingMove> = diff
        .iter()
        .map(|(m, in_a)| {
            let (engine, name) = if *in_a { (pair.a, pair.a_name) } else { (pair.b, pair.b_name) };
            DifferingMove {
                text: engine.move_text(m),
                legal_under: name.to_string(),
                from: m.from.map(|s| s.name()),
                to: m.to.map(|s| s.name()),
            }
        })
        .collect();
    differing.sort_by(|x, y| x.text.cmp(&y.text));
    let count = differing.len();
    differing.truncate(6);
    (differing, count)
}

/// A move's identity with its piece types (drop, promotion) as the first engine numbers them,
/// so that two alternatives with different piece lists compare by piece id.
pub(crate) fn ident(first: &Engine, own: &Engine, m: &Move) -> Identity {
    let mut id = m.identity();
    let map = |p: PieceId| first.piece_index(&own.piece(p).id).unwrap_or(PieceId::new(usize::from(u16::MAX)));
    id.dropped = id.dropped.map(map);
    id.promotion = id.promotion.map(map);
    id
}

/// The witness record of `pos`, or None if the alternatives agree there.
pub(crate) fn witness(pair: &Pair, pos: &Position) -> Option<Witness> {
    let (diff, outcomes) = compare(pair, pos)?;
    if diff.is_empty() && outcomes.is_empty() {
        return None;
    }
    let (differing, count) = records(pair, &diff);
    Some(Witness {
        position: pair.a.position_string(pos),
        differing,
        differing_count: count,
        outcomes,
        line: Vec::new(),
    })
}
