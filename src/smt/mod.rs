//! The SMT layer (Z3): witnesses that separate readings, witnesses for every move path, and
//! spec consistency proofs (docs/smt.md).
//!
//! Only code that builds or runs Z3 queries lives here: the symbolic paths and the board as Z3
//! sees it (symbolic.rs, board.rs), the path witnesses (paths.rs), the reading comparisons that
//! ask Z3 first (readings.rs) and the rule encodings (fragments/), the proofs (proofs.rs). What
//! the engine does alone for a witness (the search over positions and games, lines of play
//! under two readings, designed end positions, confirmation and shrinking of a candidate, the
//! Lion-trading witnesses built without a query) is the `witness` layer below, which this
//! layer uses and which never uses it.
//!
//! Every query gets a fresh solver with a timeout and ends in one of three answers: a model
//! (a witness, which the caller decodes and confirms with the engine), unsatisfiable (a proof,
//! within the stated bounds), or unknown with Z3's reason. Nothing here waits without a limit.
//! Fresh solvers, never `push`/clone: on Z3 4.8.12 cloning a solver after a push panics.

pub(crate) mod board;
pub mod fragments;
pub mod paths;
pub mod proofs;
pub mod readings;
pub mod symbolic;

use z3::ast::Bool;
use z3::{Model, Params, SatResult, Solver};

/// Bounds of every query.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Z3's time limit per query, in milliseconds.
    pub timeout_ms: u32,
    /// The symbolic window's largest radius (king steps from the moving piece); the default
    /// covers any board, and a piece with too many paths gets a smaller window.
    pub window: u8,
    /// Symbolic paths per piece before a query gives up as unknown.
    pub max_paths: usize,
    /// Positions the engine-search fallback (`witness::search`) tries per reading option.
    pub search_positions: usize,
    /// Lines of play (and plies per line) the search tries for options that change how
    /// games end (`witness::lines`, `witness::outcomes`).
    pub lines: u64,
    pub line_plies: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { timeout_ms: 5000, window: 18, max_paths: 200_000, search_positions: 400, lines: 12, line_plies: 160 }
    }
}

impl Limits {
    /// The largest radius worth trying on a board (a window past every edge adds nothing).
    pub(crate) fn radius_on(&self, size: crate::geometry::BoardSize) -> u8 {
        self.window.min(size.files.max(size.ranks).saturating_sub(1)).max(1)
    }
}

/// What one query found.
pub(crate) enum Answer {
    Sat(Model),
    Unsat,
    Unknown(String),
}

/// Asserts `facts` in a fresh solver with the time limit and checks them.
pub(crate) fn solve(facts: &[Bool], limits: &Limits) -> Answer {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("timeout", limits.timeout_ms);
    solver.set_params(&params);
    for f in facts {
        solver.assert(f);
    }
    match solver.check() {
        SatResult::Sat => match solver.get_model() {
            Some(m) => Answer::Sat(m),
            None => Answer::Unknown("Z3 said satisfiable but gave no model".into()),
        },
        SatResult::Unsat => Answer::Unsat,
        SatResult::Unknown => Answer::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "no reason given".into())),
    }
}

/// The three outcomes every report line has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Z3 proved the property (or that no witness exists within the bounds).
    Proved,
    /// A witness was found (and confirmed by the engine where the query says so).
    Witness,
    /// Neither, with the reason (Z3's timeout, too many paths, an engine refusal).
    Unknown,
}

impl Verdict {
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Witness => "witness",
            Verdict::Unknown => "unknown",
        }
    }
}
