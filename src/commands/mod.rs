pub mod clauses;
pub mod moves;
