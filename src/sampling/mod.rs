//! What the checker and the reading witnesses judge, built from the engine alone: designed
//! positions (random placements aimed at given pieces), the shuffling move picker of seeded
//! lines of play, and the shrinking of witness positions. Below the checker and `witness`
//! (which the SMT layer uses), so that neither reaches into the other.

pub mod designed;
pub mod shrink;
pub(crate) mod shuffler;
