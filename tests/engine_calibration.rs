//! Calibration against published perft figures (../shared/reference/perft.md): shogi from the
//! start position. These numbers come from shogi engine test suites and are reproduced by
//! Fairy-Stockfish; they exercise promotion (optional in the zone, forced on the last ranks),
//! drops with the two-pawns ban, the pawn-drop mate ban and the dead-piece bans, and the ban on
//! leaving one's own king attacked.

use kensho::engine::Engine;
use std::collections::BTreeMap;
use std::path::Path;

fn shogi() -> Engine {
    let spec = kensho::spec::load(Path::new("specs/shogi.toml")).expect("shogi spec loads");
    let game = spec.resolve(&BTreeMap::new()).expect("defaults");
    // Impasse (a game end) is not played yet; move counting does not need it.
    let (engine, ends) = Engine::for_moves(&game).expect("shogi's move rules are all played");
    assert!(ends.iter().all(|u| u.game_end_only()));
    engine
}

#[test]
fn shogi_start_position_perft_matches_the_published_figures_to_depth_4() {
    let engine = shogi();
    let mut pos = engine.start();
    // Published: 30, 900, 25,470, 719,731.
    for (depth, expected) in [(1, 30), (2, 900), (3, 25_470), (4, 719_731)] {
        assert_eq!(engine.perft(&mut pos, depth), expected, "shogi perft {depth}");
    }
    assert_eq!(pos, engine.start(), "perft leaves the position as it found it");
}

#[test]
fn shogi_start_position_string_is_standard_sfen() {
    let engine = shogi();
    // The standard SFEN of the shogi start position, as every USI engine prints it.
    assert_eq!(
        engine.position_string(&engine.start()),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
}
