//! Fuzzing every reader of outside input (issue 26): XBetza strings, spec TOML, properties
//! TOML, position strings, `--batch` lines, reading assignments. Each case is a mutation of a
//! valid input (the bundled specs' strings and files) or random text; it must not panic, must
//! not abort, and must take under a second.
//!
//! The tests here run a small number of cases on every `cargo test`. The full runs, a million
//! cases per reader, are ignored tests:
//!
//! ```text
//! cargo test --release --test fuzz -- --ignored --nocapture
//! KENSHO_FUZZ_CASES=5000000 KENSHO_FUZZ_SEED=7 cargo test --release --test fuzz -- --ignored --nocapture
//! ```
//!
//! Every run prints its seed; case `i` of a run is built from `seed + i` alone, so a failure
//! names the case and the input (shrunk to a smaller one that still fails), and
//! `KENSHO_FUZZ_SEED` reproduces the run. Shrunk failures become regression tests in
//! `regressions.rs`.
//!
//! (cargo-fuzz needs a nightly toolchain; this is a seeded loop on stable, spread over the
//! cores with rayon.)

mod corpus;
mod harness;
mod readers;
mod regressions;

use harness::{cases_from_env, Run};

/// Cases of the quick runs every `cargo test` makes.
const QUICK: u64 = 2_000;
/// Cases of a full (ignored) run, unless `KENSHO_FUZZ_CASES` says otherwise.
const FULL: u64 = 1_000_000;

macro_rules! fuzz_reader {
    ($quick:ident, $full:ident, $reader:path) => {
        #[test]
        fn $quick() {
            Run::new(stringify!($reader), QUICK).check($reader);
        }

        #[test]
        #[ignore = "a million cases: cargo test --release --test fuzz -- --ignored --nocapture"]
        fn $full() {
            Run::new(stringify!($reader), cases_from_env(FULL)).check($reader);
        }
    };
}

fuzz_reader!(xbetza_quick, xbetza_full, readers::xbetza);
fuzz_reader!(spec_toml_quick, spec_toml_full, readers::spec_toml);
fuzz_reader!(properties_toml_quick, properties_toml_full, readers::properties_toml);
fuzz_reader!(position_quick, position_full, readers::position);
fuzz_reader!(batch_line_quick, batch_line_full, readers::batch_line);
fuzz_reader!(reading_assignment_quick, reading_assignment_full, readers::reading_assignment);
