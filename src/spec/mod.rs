//! The spec layer: each rule document as a TOML spec of clauses, readings, board, pieces and
//! rules (docs/spec-format.md), loaded strictly with diagnostics that point at the
//! offending value.

pub mod abilities;
pub(crate) mod declare;
pub(crate) mod diagnostic;
pub mod finding;
pub mod game;
pub mod ingest;
pub(crate) mod lint;
pub(crate) mod lint_notation;
pub mod load;
pub mod lock;
pub(crate) mod lookup;
pub(crate) mod model;
pub(crate) mod paths;
pub mod rules;
pub mod settings;

pub use diagnostic::{Diagnostic, SpecErrors};
pub use load::{load, parse, LoadedSpec};
pub use model::{Clause, ClauseStatus, Reading, SpecFile};
