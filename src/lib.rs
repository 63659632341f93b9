//! kensho (検証, "verification"): a rules-verification and variant-design workbench for shogi
//! variants. See `docs/DESIGN.md` for the architecture.

pub mod check;
pub mod commands;
pub mod core;
pub mod crosscheck;
pub mod engine;
pub mod evaluate;
pub mod geometry;
#[cfg(test)]
mod layers;
pub mod random;
pub mod report;
pub mod sampling;
pub mod smt;
pub mod spec;
pub mod text;
pub mod witness;
pub mod xbetza;

pub use crate::core::{Color, PieceId, ZoneId};
pub use engine::moves::Move;
pub use engine::position::{Man, Position};
pub use engine::Engine;
pub use geometry::{BoardSize, Square};
