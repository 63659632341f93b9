//! The spec layer: bundled specs load and quote their documents, bad specs are refused with located errors, lint and ingest findings against the documents.
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test spec MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod bundled;
mod fixtures;
mod ingest_config;
mod ingest_seeds;
mod lint_fixtures;
mod lint_specs;
mod props;
mod settings_reads;
