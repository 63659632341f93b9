//! Invariants (properties/<spec>.toml) checked on transitions (before, move, after): the
//! documents' rules restated as predicates over the spec and the engine's public records (the
//! position and the `Move`), never the move generator's internals, so that they witness the
//! engine's behaviour independently. Each invariant cites the clauses it checks; the checker
//! counts how often each was exercised (its premise held) and every violation.
//!
//! First slice of issue 6: the file format and loader (`properties`), the transition kinds in
//! `kinds`, and the tally. Still to come: position and generic kinds, designed positions,
//! `kensho check` and the coverage table (docs/check.md).

pub mod kinds;
pub mod properties;

use crate::engine::{Move, Position};
use crate::spec::game::GameSpec;
pub use properties::{Invariant, Kind, Properties};
use std::collections::BTreeMap;

/// One transition of a game: the position before, the move, the position after.
pub struct Transition<'a> {
    pub before: &'a Position,
    pub mv: &'a Move,
    pub after: &'a Position,
}

/// An invariant that did not hold on a transition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub invariant: String,
    pub clauses: Vec<String>,
    pub message: String,
}

/// What an invariant says of one transition: not concerned (its premise did not hold), held,
/// or violated with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    NotConcerned,
    Holds,
    Violated(String),
}

/// Per invariant: times exercised (premise held) and violations.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub exercised: BTreeMap<String, u64>,
    pub violations: Vec<Violation>,
}

impl Tally {
    /// Judges `t` against every invariant, counting and collecting violations.
    pub fn check(&mut self, game: &GameSpec, invariants: &[Invariant], t: &Transition<'_>) {
        for inv in invariants {
            match kinds::judge(game, inv, t) {
                Verdict::NotConcerned => {}
                Verdict::Holds => *self.exercised.entry(inv.id.clone()).or_default() += 1,
                Verdict::Violated(message) => {
                    *self.exercised.entry(inv.id.clone()).or_default() += 1;
                    self.violations.push(Violation { invariant: inv.id.clone(), clauses: inv.clauses.clone(), message });
                }
            }
        }
    }
}
