//! XBetza and the documents' pieces: kensho's move sets against the prose (second implementations written from the documents' words), the notation's properties, and the coverage of every configuration string.
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test pieces MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod lion_family;
mod seed_coverage;
mod simple_pieces;
mod special_pieces;
mod xbetza_props;
