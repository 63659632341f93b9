pub mod check;
pub mod clauses;
pub mod crosscheck;
pub mod engine;
pub mod findings;
pub mod moves;
pub mod output;
pub mod show;
