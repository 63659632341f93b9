//! Designed end positions and lines of play for readings that change how games end (issue 7,
//! docs/smt.md "Reading witnesses"). The search over seeded games and random designed
//! positions rarely reaches a stalemate, a bare King, both Kings entered or a position repeated
//! four times; here the positions are built for the end rule the two alternatives differ in:
//!
//! - stalemate (`end.stalemate*`): the side to move boxed in, not in check, with no legal move:
//!   its royal (or two royals, for the readings about several royals) in a corner, the
//!   squares around filled one at a time with the piece that takes away the most moves;
//! - bare king (`end.bare-king*`): one ply that captures the last non-royal piece of the
//!   opponent, with the opponent's hand empty or holding a piece;
//! - impasse (`end.impasse*`): one King step into the zone while the other King already
//!   stands in its own, where one alternative has the impasse and the other not; where both
//!   count it differently (threshold, hand, what is worth five), the first player given the
//!   game's own pieces one at a time until the counts give different results, then the
//!   impasse brought about (that King step, or a fourfold shuffle of both Kings); an impasse
//!   declaration (`end.impasse-declaration`): the declarer's King in its zone, its setup
//!   pieces put there and then in hand until one alternative's declaration wins;
//! - repetition, perpetual check, the repetition identity and exclusions
//!   (`end.repetition*`, `end.perpetual-check*`, `end.precedence`, `end.impasse*` triggered by
//!   repetition): lines that shuffle back and forth until a position repeats as often as either
//!   rule counts: two Kings stepping out and back; the same with a skipped turn in every other
//!   round (the skip state and the positions after skips); a piece that gives check on every
//!   move while the King steps aside; a drop the opponent's King takes, so that the board
//!   repeats with other hands; a position on the extra turn a drop earned, come back by a
//!   round in which the dropped piece is taken, dropped and taken back
//!   (`end.repetition-counted-at`).
//!
//! A stalemate design is a position (the results differ on it); the others are a position and
//! a line of one or more plies from it. An end rule that an engine reads but refuses to play
//! (the perpetual chase) gets no design: the engine's result there would not be the rule's. The designs are
//! deterministic (the seed is not used).
//!
//! Every move of a line is one the first engine generates and the second has too (the same
//! move by identity); the line is played under both engines at once, each with its own
//! history, and ends where the results first differ. Piece choices come from the engines (the
//! royal types, pieces that can pass, droppable pieces, pieces that attack the squares needed),
//! never from a spec's name.
//!
//! The designs by end rule: stalemate.rs, bare_king.rs, impasse.rs, repetition.rs; what they
//! share (the pieces to build with, Kings placed out of check): kit.rs; a designed line played
//! under both engines: play.rs.

mod bare_king;
mod impasse;
mod kit;
mod play;
mod repetition;
mod stalemate;

use super::changes::changes;
use super::{Pair, Witness};
use crate::engine::config::Rules;
use crate::spec::rules::Rule;
use bare_king::bare_king;
use impasse::{declaration, impasse_entry, impasse_points};
use kit::Kit;
use repetition::{extra_turn_rounds, hand_swap, perpetual_check, shuffle, skip_rounds};
use stalemate::stalemate;

/// A witness for the end rule the two alternatives of `pair` differ in: a designed position on
/// which their results differ, or a position and a short line of play from it after which they
/// do; lines of at most `max_plies` plies (the SMT layer's `Limits::line_plies`, at least 8).
/// None when the changes are not all game ends, when an engine does not play a changed rule
/// (`unplayed`), or when no design separates them.
pub fn designed(pair: &Pair, max_plies: usize, seed: u64) -> Option<Witness> {
    let changed = changes(&pair.a.game, &pair.b.game);
    if changed.is_empty() || !changed.iter().all(|c| Rule::from_spec_path(c).is_some_and(Rule::ends_games)) {
        return None;
    }
    if !unplayed(pair, &changed).is_empty() {
        return None;
    }
    let kit = Kit::new(pair, max_plies, seed);
    // A change of the setting or of one named after it: `EndStalemate` covers end.stalemate
    // and end.stalemate-condition, `EndImpasse` every end.impasse-* setting.
    let has = |setting: Rule| changed.iter().any(|c| c.starts_with(setting.spec_path()));
    let mut designs: Vec<fn(&Kit) -> Option<Witness>> = Vec::new();
    if has(Rule::EndStalemate) {
        designs.push(stalemate);
    }
    if has(Rule::EndBareKing) {
        designs.push(bare_king);
    }
    if has(Rule::EndImpasse) {
        designs.extend([impasse_entry as fn(&Kit) -> Option<Witness>, impasse_points, declaration]);
    }
    if has(Rule::EndRepetition)
        || has(Rule::EndPerpetualCheck)
        || has(Rule::EndPerpetualChase)
        || has(Rule::EndPrecedence)
        || has(Rule::EndImpasse)
    {
        designs.extend([
            shuffle as fn(&Kit) -> Option<Witness>,
            skip_rounds,
            perpetual_check,
            hand_swap,
            extra_turn_rounds,
        ]);
    }
    designs.iter().find_map(|d| d(&kit))
}

/// The changed rules (spec paths) that an engine of the pair reads but does not play (the
/// engine refuses them; move counting goes on without them): a witness there would be the
/// engine's, not the rule's. Each as "path = value: why".
pub(crate) fn unplayed(pair: &Pair, changed: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for game in [&pair.a.game, &pair.b.game] {
        let (_, bad) = Rules::read(game);
        for u in bad {
            let text = u.to_string();
            if changed.contains(&u.path) && !out.contains(&text) {
                out.push(text);
            }
        }
    }
    out
}
