//! Shrinking a witness: remove pieces (and pieces in hand) one at a time from the position
//! where an invariant broke, keeping each removal after which the same move (by its text)
//! still breaks it, until no removal does. The result is a minimal position to read.

use super::generic;
use super::run::needs_line;
use super::{kinds, Invariant, Tally, Transition, Verdict, Violation};
use crate::engine::{Engine, Position};

/// Whether `inv` still breaks on `pos` (with the move `mv_text`, or as a position invariant
/// when the text is empty).
fn still_breaks(engine: &Engine, inv: &Invariant, pos: &Position, mv_text: &str) -> Option<String> {
    let moves = engine.legal_moves(pos);
    if mv_text.is_empty() {
        return match inv.kind {
            super::Kind::RoundTrip => generic::round_trip(engine, pos).err(),
            _ => generic::rotation(engine, pos, &moves).err(),
        };
    }
    let mv = moves.iter().find(|m| engine.move_text(m) == mv_text)?;
    let mut after = pos.clone();
    let mut undo = Vec::new();
    engine.make(&mut after, mv, &mut undo);
    let mut history = engine.start_history(pos);
    let outcome = engine.status_after(&after, mv, &mut history);
    let t = Transition {
        engine,
        before: pos,
        mv,
        after: &after,
        moves: &moves,
        outcome: outcome.as_ref(),
        line: None,
        before_facts: None, // one transition: worked out if an invariant asks
    };
    match kinds::judge(inv, &t) {
        Verdict::Violated(m) => Some(m),
        _ => None,
    }
}

/// The smallest position (by greedy removal) on which `v` still holds, with its message.
pub fn shrink(engine: &Engine, inv: &Invariant, v: &Violation) -> Option<(Position, String)> {
    let mut pos = engine.parse_position(&v.position).ok()?;
    let mut message = still_breaks(engine, inv, &pos, &v.mv)?;
    let z = &engine.zobrist;
    let size = pos.size;
    loop {
        let mut smaller = false;
        for sq in size.squares() {
            if pos.at(sq).is_none() {
                continue;
            }
            let mut trial = pos.clone();
            trial.put(z, sq, None);
            if let Some(m) = still_breaks(engine, inv, &trial, &v.mv) {
                pos = trial;
                message = m;
                smaller = true;
            }
        }
        for player in 0..2u8 {
            for piece in 0..engine.game.pieces.len() as u16 {
                if pos.hands[player as usize][piece as usize] == 0 {
                    continue;
                }
                let mut trial = pos.clone();
                trial.set_hand(z, player, piece, 0);
                if let Some(m) = still_breaks(engine, inv, &trial, &v.mv) {
                    pos = trial;
                    message = m;
                    smaller = true;
                }
            }
        }
        if !smaller {
            return Some((pos, message));
        }
    }
}

/// Shrinks every violation not yet shrunk whose invariant judges single transitions.
pub fn shrink_witnesses(engine: &Engine, invariants: &[Invariant], tally: &mut Tally) {
    for v in tally.violations.iter_mut().filter(|v| !v.shrunk) {
        let Some(inv) = invariants.iter().find(|i| i.id == v.invariant) else { continue };
        if needs_line(&inv.kind) {
            continue;
        }
        if let Some((pos, message)) = shrink(engine, inv, v) {
            v.position = engine.position_string(&pos);
            v.message = message;
            v.shrunk = true;
        }
    }
}
