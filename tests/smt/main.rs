//! The SMT layer (docs/smt.md): reading witnesses and proofs, path witnesses and dead notation, rule fragments, designed outcomes, and the commands.
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test smt MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod fragments;
mod outcomes;
mod paths;
mod proofs;
mod readings;
mod specs;
