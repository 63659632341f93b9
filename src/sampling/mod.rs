//! What the checker and the SMT layer judge, built from the engine alone: designed positions
//! (random placements aimed at given pieces) and the shuffling move picker of seeded lines of
//! play. Below both, so that neither reaches into the other.

pub mod designed;
pub mod shuffler;
