//! Suzumu's freeze-timing reading for slides: "a move also stops (cannot continue) on entering
//! a square next to the Tetrarch" (option mid-move) against "only pieces standing next to the
//! Tetrarch when their turn begins are frozen" (start-of-turn, the default; SUZ-113 freezes
//! "stationary" opponents).

use kensho::engine::Engine;
use kensho::Color;
use std::collections::BTreeMap;
use std::path::Path;

fn rook_destinations(timing: &str) -> Vec<String> {
    let spec = kensho::spec::load(Path::new("specs/suzumu.toml")).expect("spec loads");
    let choices = BTreeMap::from([("freeze-timing".to_string(), timing.to_string())]);
    let engine = Engine::new(&spec.resolve(&choices).expect("reading resolves")).expect("playable");
    // First player's Rook on a9; the second player's Heavenly Tetrarch (+CS) on h10, whose
    // neighbours on rank 9 are g9, h9 and i9.
    let pos = engine.parse_position("16/16/16/16/16/16/7(+cs)8/R15/16/16/16/16/16/16/16/16 b - 1").expect("position");
    let mut out: Vec<String> = engine
        .legal_moves(&pos)
        .iter()
        .filter(|m| engine.piece(m.man.piece).id == "R")
        .map(|m| m.to.expect("a board move").name())
        .collect();
    // a12..a16 lie in the promotion zone: a move there and its promoting twin share a square.
    out.sort();
    out.dedup();
    out
}

fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split(',').map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn under_start_of_turn_a_rook_slides_past_the_tetrarch() {
    // The whole rank 9 (b9..p9) and the whole a-file but a9.
    let expected =
        names("b9,c9,d9,e9,f9,g9,h9,i9,j9,k9,l9,m9,n9,o9,p9,a1,a2,a3,a4,a5,a6,a7,a8,a10,a11,a12,a13,a14,a15,a16");
    assert_eq!(rook_destinations("start-of-turn"), expected);
}

#[test]
fn under_mid_move_a_rook_stops_on_the_first_square_next_to_the_tetrarch() {
    // Rank 9 ends at g9, the first square next to h10; the a-file is far from it.
    let expected = names("b9,c9,d9,e9,f9,g9,a1,a2,a3,a4,a5,a6,a7,a8,a10,a11,a12,a13,a14,a15,a16");
    assert_eq!(rook_destinations("mid-move"), expected);
}

#[test]
fn attacks_obey_the_same_mid_move_stop() {
    // An enemy Pawn on p9 at the far end of the Rook's rank: the Rook attacks it (could
    // capture it) only if its slide may pass g9..i9, the squares next to the Tetrarch on h10.
    let attacked = |timing: &str| {
        let spec = kensho::spec::load(Path::new("specs/suzumu.toml")).expect("spec loads");
        let choices = BTreeMap::from([("freeze-timing".to_string(), timing.to_string())]);
        let engine = Engine::new(&spec.resolve(&choices).expect("reading resolves")).expect("playable");
        let pos =
            engine.parse_position("16/16/16/16/16/16/7(+cs)8/R14p/16/16/16/16/16/16/16/16 b - 1").expect("position");
        let p9 = kensho::geometry::Square::parse("p9").expect("square");
        engine.attacks(&pos, Color::Black, p9)
    };
    assert!(attacked("start-of-turn"));
    assert!(!attacked("mid-move"));
}
