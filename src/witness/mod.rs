//! Reading witnesses from the engine alone (no Z3): positions on which two alternatives of a
//! reading differ, confirmed by the engine under both and shrunk to the pieces the difference
//! needs. The SMT layer (`smt`) builds its candidates from Z3 models and confirms them here;
//! this layer never uses it.

pub(crate) mod attacks;
pub(crate) mod build;
pub(crate) mod changes;
pub mod compare;
pub(crate) mod confirm;
pub(crate) mod lines;
pub(crate) mod lions;
pub mod outcomes;
pub(crate) mod remembered;
pub(crate) mod search;

use crate::engine::Engine;
use serde::Serialize;

/// The engines of two alternatives of one reading.
pub struct Pair<'a> {
    pub a: &'a Engine,
    pub b: &'a Engine,
    pub a_name: &'a str,
    pub b_name: &'a str,
}

/// A move one alternative allows and the other does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DifferingMove {
    #[serde(rename = "move")]
    pub text: String,
    /// The alternative (option name) under which it is legal.
    pub legal_under: String,
    /// Where it starts and ends (board squares; none for drops' start).
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A position on which two alternatives disagree, confirmed by the engine.
#[derive(Clone, Debug, Serialize)]
pub struct Witness {
    /// The position string (as the first alternative's engine writes it).
    pub position: String,
    /// The moves legal under one alternative only (at most a few, the first by move text).
    pub differing: Vec<DifferingMove>,
    /// How many moves differ in all.
    pub differing_count: usize,
    /// Game results that differ, as "option: result".
    pub outcomes: Vec<String>,
    /// For a result reached by a line of play: the moves from `position` (empty otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}
