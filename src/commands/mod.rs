//! The commands of the command line. Each command module has `run`, which returns an
//! `exit::Result`, beside its clap arguments (`Args`; `kensho readings` takes none); `main`
//! parses, calls, prints and exits (`exit` decides the status). The modules also hold what the
//! report and other commands reuse of a command.

pub mod acknowledge;
pub mod ambiguities;
pub mod bench;
pub mod check;
pub mod clauses;
pub(crate) mod cli;
pub mod crosscheck;
pub mod diff;
pub mod engine;
pub mod evaluate;
pub mod exit;
pub(crate) mod findings;
pub mod ingest;
pub mod lint;
pub mod lock;
pub mod moves;
pub(crate) mod output;
pub mod perft;
pub mod play;
pub mod position;
pub mod prove;
pub mod readings;
pub mod report;
pub mod settings;
pub mod show;
pub mod terminal;
