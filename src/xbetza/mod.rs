//! XBetza: parser -> syntax tree -> leg programs -> move sets.
//!
//! The notation is H. G. Muller's extension of Betza's, as the Interactive Diagram
//! configurations of the seed documents use it; `../shared/XBETZA.md` collects what the public
//! sources say, and [`readings`] names every point they leave open.
//!
//! ```
//! use kensho::geometry::BoardSize;
//! use kensho::xbetza::{self, Occupancy, Orientation, Readings};
//!
//! let size = BoardSize::parse("16x16").unwrap();
//! let lion = xbetza::compile_str("KNADcaKmcabK", size, Readings::default()).unwrap();
//! let h8 = size.parse_square("h8").unwrap();
//! let moves = xbetza::generate(&lion, &Occupancy::empty(size), h8, Orientation::Up);
//! assert_eq!(moves.len(), 25); // the 24 squares of the 5x5 box and the pass
//! ```

pub mod ast;
pub mod compile;
pub mod directions;
pub(crate) mod error;
pub(crate) mod expand;
pub mod generate;
pub(crate) mod occupancy;
pub(crate) mod parser;
pub(crate) mod reach;
pub mod readings;
pub(crate) mod table;

pub use crate::geometry::Orientation;
pub use ast::{Atom, Betza, Component, Modifier, PrefixItem, Span};
pub use compile::{compile, compile_str, CompiledBetza, Program};
pub use error::XBetzaError;
pub use generate::{
    generate, generate_tabled, generate_where, Path, PathStep, PieceMove, PieceMoveKind, Squares, StepKind,
};
pub(crate) use generate::{generate_tabled_into, plain_landings, sort_by_identity};
pub use occupancy::{Cell, Occupancy, OccupancyError};
pub use parser::parse;
pub use reach::{CaptureReach, Probe};
pub use readings::Readings;
pub use table::{Geometry, MoveTable};
