//! The command line as a user meets it: general behaviour, show, diff, and the report (files, JSON, diagrams, and the HTML in a real browser).
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test commands MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod bench_cli;
mod cli;
mod designer_path;
mod diff;
mod diff_cli;
mod evaluate_cli;
mod hostile_input;
mod hostile_xbetza;
mod lock_cli;
mod report_browser;
mod report_cli;
mod report_diagram;
mod report_selfplay;
mod report_swap;
mod settings_cli;
mod show_cli;
mod terminal_width;
