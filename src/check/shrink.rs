//! Shrinking a violation's witness (`sampling::shrink`): the position where an invariant broke,
//! made smaller while the same move (by its text) still breaks it.

use super::generic;
use super::run::needs_line;
use super::{kinds, Invariant, Tally, Transition, Verdict, Violation};
use crate::engine::{Engine, Position};
use crate::sampling;
use crate::sampling::shrink::Removable;

/// Whether `inv` still breaks on `pos` (with the move `mv_text`, or as a position invariant
/// when the text is empty).
fn still_breaks(engine: &Engine, inv: &Invariant, pos: &Position, mv_text: &str) -> Option<String> {
    let moves = engine.legal_moves(pos);
    if mv_text.is_empty() {
        return match inv.kind {
            super::InvariantKind::RoundTrip => generic::round_trip(engine, pos).err(),
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

/// The smallest position (by greedy removal, royals and whole hands included) on which `v`
/// still holds, with its message.
pub(crate) fn shrink(engine: &Engine, inv: &Invariant, v: &Violation) -> Option<(Position, String)> {
    let pos = engine.parse_position(&v.position).ok()?;
    let message = still_breaks(engine, inv, &pos, &v.mv)?;
    let may = Removable { royals: true, whole_hand: true };
    Some(sampling::shrink::shrink(engine, pos, message, may, |trial| still_breaks(engine, inv, trial, &v.mv)))
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
