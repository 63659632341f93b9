//! The reference engine: perft against published figures, each document's rules on hand-built positions, readings, game ends, and the engine commands.
//!
//! One test binary per area (issue 19): the crate is linked once for all of them, not once per
//! file. Run one module with `cargo test --release --test engine MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod ability_widening;
mod any_move;
mod big_board;
mod burn_limits;
mod calibration;
mod chu_rules;
mod cli;
mod compiled;
mod crosscheck_cli;
mod crosscheck_hostile;
mod designed;
mod drop_memory;
mod freeze_mid_move;
mod game_driver;
mod game_end;
mod generic;
mod hook_rules;
mod hostile_positions;
mod jump_limits;
mod make_and_test;
mod perft;
mod perft_drops;
mod reading_options;
mod readings;
mod ryu_rules;
mod search_player;
mod settings_defaults;
mod shoogantshii_rules;
mod skips;
mod suzumu_rules;
mod xiangqi_shogi_rules;
