//! Calibration against published perft figures (../shared/reference/perft.md): shogi, xiangqi
//! and minishogi from the start position. These numbers come from the games' engine test suites and
//! are reproduced by Fairy-Stockfish. Shogi exercises promotion (optional in the zone, forced on
//! the last ranks), drops with the two-pawns ban, the pawn-drop mate ban and the dead-piece
//! bans, and the ban on leaving one's own king attacked; xiangqi exercises palaces, the
//! elephant's river, the lame horse and elephant, cannons over one screen, the soldier's
//! zone-dependent move and the facing generals. Depth 5 (19,861,490 and 133,312,995) is in
//! the perft benchmark (`cargo bench --bench perft -- calibration`).

use kensho::engine::Engine;
use std::collections::BTreeMap;
use std::path::Path;

fn engine(name: &str) -> Engine {
    let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).expect("spec loads");
    let game = spec.resolve(&BTreeMap::new()).expect("defaults");
    // Xiangqi's perpetual chase (a game end) is not played; move counting does not need it.
    let (engine, ends) = Engine::for_moves(&game).expect("the move rules are all played");
    assert!(ends.iter().all(|u| u.game_end_only()));
    engine
}

fn shogi() -> Engine {
    engine("shogi")
}

#[test]
fn xiangqi_start_position_perft_matches_the_published_figures_to_depth_4() {
    let engine = engine("xiangqi");
    let mut pos = engine.start();
    // Published: 44, 1,920, 79,666, 3,290,240.
    for (depth, expected) in [(1, 44), (2, 1_920), (3, 79_666), (4, 3_290_240)] {
        assert_eq!(engine.perft(&mut pos, depth), expected, "xiangqi perft {depth}");
    }
    assert_eq!(pos, engine.start(), "perft leaves the position as it found it");
}

#[test]
fn xiangqi_start_position_string_matches_the_usual_fen_board() {
    let engine = engine("xiangqi");
    // The usual xiangqi FEN board (red upper case at the bottom), with kensho's piece letters:
    // B for the elephant (FEN's b or e), N for the horse; red moves first (side b).
    assert_eq!(
        engine.position_string(&engine.start()),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - 1"
    );
}

/// Minishogi (specs/minishogi.toml, issue 21). Published: 14, 181, 2,512, 35,401, 533,203;
/// Fairy-Stockfish gives 533,203 at depth 5 (`../shared/bench/fsf-perft minishogi 5`), and
/// lishogi's shogiops the first four (its `perft` in shogiops/debug, 0.18.0).
#[test]
fn minishogi_start_position_perft_matches_the_published_figures_to_depth_5() {
    let engine = engine("minishogi");
    let mut pos = engine.start();
    for (depth, expected) in [(1, 14), (2, 181), (3, 2_512), (4, 35_401), (5, 533_203)] {
        assert_eq!(engine.perft(&mut pos, depth), expected, "minishogi perft {depth}");
    }
    assert_eq!(pos, engine.start(), "perft leaves the position as it found it");
    // The usual minishogi SFEN: Gote's Rook, Bishop, Silver, Gold, King on the top rank from
    // Sente's left, its Pawn in front of its King; Sente's mirrored.
    assert_eq!(engine.position_string(&engine.start()), "rbsgk/4p/5/P4/KGSBR b - 1");
}

/// Chu Shogi (specs/chu.toml, issue 21). No figures are published beyond 36 and 1,296; these
/// are lishogi's shogiops 0.18.0 counted by kensho's move identity (one move per origin,
/// destination, captured squares and promotion) with `node tools/shogiops/perft.mjs chu 4`, a
/// second implementation written apart from kensho (shogiops' own debug perft counts every
/// route of a Lion's double move apart, and plays them wrongly from depth 2: see perft.mjs).
/// Depth 5 (71,548,181, shogiops: 33 min; kensho: 11 s) is the ignored test below.
#[test]
fn chu_start_position_perft_matches_shogiops_to_depth_4() {
    let engine = engine("chu");
    let mut pos = engine.start();
    for (depth, expected) in [(1, 36), (2, 1_296), (3, 48_315), (4, 1_801_639)] {
        assert_eq!(engine.perft(&mut pos, depth), expected, "chu perft {depth}");
    }
    assert_eq!(pos, engine.start(), "perft leaves the position as it found it");
    assert_eq!(
        engine.position_string(&engine.start()),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        "shogiops' start SFEN (initialSfen('chushogi'))"
    );
}

/// Chu perft 5 against shogiops' 71,548,181 (`node tools/shogiops/perft.mjs chu 5`, 33 minutes
/// there). About 25 s here (one thread, release): `cargo test --release --test engine -- --ignored chu_start`.
#[test]
#[ignore = "a long sweep: about 25 s in release, minutes in debug"]
fn chu_start_position_perft_5_matches_shogiops() {
    let engine = engine("chu");
    let mut pos = engine.start();
    assert_eq!(engine.perft(&mut pos, 5), 71_548_181);
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
