//! Invariants (docs/check.md): the properties files, each invariant kind, the path matcher, broken engines caught, and `kensho check`.
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test check MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod broken;
mod cli;
mod derived;
mod invariants;
mod kinds;
mod path;
mod props;
mod published;
mod shrink;
mod specs;
