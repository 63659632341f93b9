//! The spec layer: each rule document as a TOML spec of clauses, readings, board, pieces and
//! rules (docs/spec-format.md), loaded strictly with diagnostics that point at the
//! offending value.

pub mod abilities;
pub mod declare;
pub mod diagnostic;
pub mod finding;
pub mod game;
pub mod ingest;
pub mod lint;
pub mod lint_notation;
pub mod load;
pub mod lock;
pub mod lookup;
pub mod model;
pub mod paths;
pub mod rules;
pub mod settings;

pub use diagnostic::{Diagnostic, SpecErrors};
pub use load::{load, parse, LoadedSpec};
pub use model::{Clause, ClauseStatus, Reading, SpecFile};
