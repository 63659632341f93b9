//! Invariants (properties/<spec>.toml) checked on transitions (before, move, after): the
//! documents' rules restated as predicates over the spec and the engine's public records (the
//! position and the `Move`), never the move generator's internals, so that they witness the
//! engine's behaviour independently. Each invariant cites the clauses it checks; the checker
//! counts how often each was exercised (its premise held) and every violation.
//!
//! The parts: the file format and loader (`properties`), the kinds a file may use (`kinds`),
//! the invariants derived from a spec's own settings (`derived`), the invariants every spec
//! gets (`generic`, with the notation path matcher `path`), the
//! runs over games and designed positions (`run`, `designed`), shrinking a witness
//! (`shrink`), and the clause coverage table (`coverage`). docs/check.md describes them.

pub mod coverage;
pub mod derived;
pub mod designed;
pub mod generic;
pub(crate) mod kinds;
pub mod notation;
pub mod path;
pub mod properties;
pub mod published;
pub mod run;
pub mod shrink;

use crate::core::Color;
use crate::engine::status::Outcome;
use crate::engine::{Engine, Move, Position};
use crate::xbetza::{Cell, Occupancy};
pub use properties::{Invariant, InvariantKind, Properties};
use std::collections::BTreeMap;

/// One transition of a game: the position before, the move, the position after, and what the
/// engine publicly says of it: the game's result after the move, and (for the move played in a
/// game) the turn-boundary positions of the game before it. Kinds that need to know what is
/// legal (a mate, a recapture) ask the engine's public `legal_moves`, never its internals.
pub struct Transition<'a> {
    pub engine: &'a Engine,
    pub before: &'a Position,
    pub mv: &'a Move,
    pub after: &'a Position,
    /// Every legal move of `before` (`mv` among them): the kinds about choices (promotion
    /// offered both ways, a capture available) compare a move with its siblings.
    pub moves: &'a [Move],
    pub outcome: Option<&'a Outcome>,
    /// The game so far (positions at turn boundaries, oldest first, `before` included when it
    /// is one); None for a move that was not played in a game.
    pub line: Option<&'a [Position]>,
    /// What is worked out of `before` once for all its moves, when first asked; None: worked
    /// out each time (a lone transition).
    pub before_facts: Option<&'a BeforeFacts>,
}

/// Facts of a transition's position before the move that every move of it shares, each worked
/// out the first time an invariant asks: a position's moves are judged one after the other
/// against the same `before`. One per position; a lone transition gets its own.
#[derive(Default)]
pub struct BeforeFacts {
    /// `before` as the side to move sees it (`occupancy_for`).
    seen: std::cell::OnceCell<Occupancy>,
    /// Whether the side to move is in check.
    in_check: std::cell::OnceCell<bool>,
}

impl Transition<'_> {
    /// `before` as `player`'s pieces see it: built once for the side to move.
    pub(crate) fn occupancy(&self, player: Color) -> std::borrow::Cow<'_, Occupancy> {
        match self.before_facts {
            Some(facts) if player == self.before.side => {
                std::borrow::Cow::Borrowed(facts.seen.get_or_init(|| occupancy_for(self.before, player)))
            }
            _ => std::borrow::Cow::Owned(occupancy_for(self.before, player)),
        }
    }

    /// Is `player` in check before the move (`Engine::in_check`)? Asked once for the side to
    /// move.
    pub(crate) fn in_check_before(&self, player: Color) -> bool {
        match self.before_facts {
            Some(facts) if player == self.before.side => {
                *facts.in_check.get_or_init(|| self.engine.in_check(self.before, player))
            }
            _ => self.engine.in_check(self.before, player),
        }
    }
}

/// An invariant that did not hold: where (the position before, as a position string, and the
/// move) and how it was found (`origin`: the game seed and ply, or the designed position's seed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub invariant: String,
    pub clauses: Vec<String>,
    pub message: String,
    pub position: String,
    /// The move's text; empty for a position invariant (rotation).
    pub mv: String,
    pub(crate) origin: String,
    /// Whether `position` was shrunk to a minimal one that still breaks the invariant.
    pub(crate) shrunk: bool,
}

/// What an invariant says of one transition: not concerned (its premise did not hold), held,
/// or violated with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    NotConcerned,
    Holds,
    Violated(String),
}

/// Per invariant: times exercised (premise held), times violated, and the first violation of
/// each invariant with its witness (later ones are only counted).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub exercised: BTreeMap<String, u64>,
    pub violated: BTreeMap<String, u64>,
    pub violations: Vec<Violation>,
}

/// The board as `player`'s pieces see it: friends, enemies, empty squares.
pub(crate) fn occupancy_for(pos: &Position, player: Color) -> Occupancy {
    let mut occ = Occupancy::empty(pos.size);
    for sq in pos.size.squares() {
        if let Some(m) = pos.at(sq) {
            occ.set(sq, if m.player == player { Cell::Friend } else { Cell::Enemy });
        }
    }
    occ
}

impl Tally {
    fn record(&mut self, inv: &Invariant, message: String, position: String, mv: String, origin: &str) {
        let n = self.violated.entry(inv.id.clone()).or_default();
        *n += 1;
        if *n == 1 {
            self.violations.push(Violation {
                invariant: inv.id.clone(),
                clauses: inv.clauses.clone(),
                message,
                position,
                mv,
                origin: origin.to_string(),
                shrunk: false,
            });
        }
    }

    /// Judges `t` against every invariant, counting and collecting violations.
    pub fn check(&mut self, invariants: &[Invariant], t: &Transition<'_>, origin: &str) {
        for inv in invariants {
            match kinds::judge(inv, t) {
                Verdict::NotConcerned => {}
                Verdict::Holds => *self.exercised.entry(inv.id.clone()).or_default() += 1,
                Verdict::Violated(message) => {
                    *self.exercised.entry(inv.id.clone()).or_default() += 1;
                    self.record(inv, message, t.engine.position_string(t.before), t.engine.move_text(t.mv), origin);
                }
            }
        }
    }

    /// Judges a position with its legal moves against the position invariants (rotation, the
    /// position string's round trip).
    pub fn check_position(
        &mut self,
        invariants: &[Invariant],
        engine: &Engine,
        pos: &Position,
        moves: &[Move],
        origin: &str,
    ) {
        for inv in invariants {
            let result = match inv.kind {
                InvariantKind::Rotation => generic::rotation(engine, pos, moves),
                InvariantKind::RoundTrip => generic::round_trip(engine, pos),
                _ => continue,
            };
            *self.exercised.entry(inv.id.clone()).or_default() += 1;
            if let Err(message) = result {
                self.record(inv, message, engine.position_string(pos), String::new(), origin);
            }
        }
    }

    /// Adds another tally's counts; keeps this tally's first violations, then the other's for
    /// invariants not yet violated here.
    pub fn merge(&mut self, other: Tally) {
        for (k, v) in other.exercised {
            *self.exercised.entry(k).or_default() += v;
        }
        for v in other.violations {
            if !self.violated.contains_key(&v.invariant) {
                self.violations.push(v);
            }
        }
        for (k, v) in other.violated {
            *self.violated.entry(k).or_default() += v;
        }
    }

    pub(crate) fn total_violations(&self) -> u64 {
        self.violated.values().sum()
    }
}
