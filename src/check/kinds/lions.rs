//! Chu Shogi's Lion-trading rules restated (kind `lion-trade`), judged from the move record and
//! the opponent's legal replies, not from the engine's own Lion filter
//! (src/engine/lion_trade.rs): a distant protected Lion taken without a bridge shows as a
//! reply that takes back; a counter-strike the engine let through shows as a reply in which a
//! non-Lion takes a Lion.

use super::{id, named};
use crate::check::{Transition, Verdict};
use crate::spec::game::GameSpec;

/// The kind's parameters.
pub struct Rules<'a> {
    pub(crate) lions: &'a [String],
    pub(crate) no_bridge: &'a [String],
    pub(crate) bridge: bool,
    pub(crate) counter_strike: bool,
    pub(crate) same_square: bool,
}

pub(crate) fn lion_trade(game: &GameSpec, rules: &Rules<'_>, t: &Transition<'_>) -> Verdict {
    let mv = t.mv;
    let (Some(from), true) = (mv.from, t.after.side != mv.man.player) else { return Verdict::NotConcerned };
    let opponent = mv.man.player.opposite();
    let is_lion = |piece: &str| named(rules.lions, piece);
    let lions_taken: Vec<_> =
        mv.captures.iter().filter(|(_, m)| m.player == opponent && is_lion(id(game, *m))).map(|&(sq, _)| sq).collect();
    if lions_taken.is_empty() {
        return Verdict::NotConcerned;
    }
    let replies = t.engine.legal_moves(t.after);
    if is_lion(id(game, mv.man)) {
        let distance = |sq: crate::geometry::Square| from.file.abs_diff(sq.file).max(from.rank.abs_diff(sq.rank));
        let bridged = |lion_sq| {
            rules.bridge
                && mv
                    .captures
                    .iter()
                    .any(|&(sq, m)| sq != lion_sq && m.player == opponent && !named(rules.no_bridge, id(game, m)))
        };
        let judged: Vec<_> = lions_taken.iter().copied().filter(|&sq| distance(sq) > 1 && !bridged(sq)).collect();
        if judged.is_empty() {
            return Verdict::NotConcerned;
        }
        for sq in judged {
            if let Some(r) = replies.iter().find(|r| r.captures.iter().any(|c| c.0 == sq)) {
                return Verdict::Violated(format!(
                    "a Lion took the Lion on {}, {} steps away and protected: {} takes back",
                    sq.name(),
                    distance(sq),
                    t.engine.move_text(r)
                ));
            }
        }
        return Verdict::Holds;
    }
    if !rules.counter_strike {
        return Verdict::NotConcerned;
    }
    // The square the exemption names: where the Lion was taken (the destination first).
    let taken_at = lions_taken.iter().copied().find(|&sq| Some(sq) == mv.to).or(lions_taken.last().copied());
    let strike = replies.iter().find(|r| {
        !is_lion(id(game, r.man))
            && r.captures.iter().any(|&(sq, m)| {
                m.player == mv.man.player && is_lion(id(game, m)) && !(rules.same_square && Some(sq) == taken_at)
            })
    });
    match strike {
        Some(r) => Verdict::Violated(format!(
            "a non-Lion took a Lion, and the reply {} takes a Lion with a non-Lion",
            t.engine.move_text(r)
        )),
        None => Verdict::Holds,
    }
}
