//! Which turns are skips, in games built to show it: the null move of a shogi with
//! `skip.null-move = allowed`, and the piece passes of Suzumu (SUZ-160 to SUZ-163). These kill
//! mutants of src/engine/skip.rs that the games' own tests did not notice (README, "How strong
//! are the tests").

use crate::common;

use common::{find, sq};
use kensho::engine::skip::game_has_skips;
use kensho::engine::{Engine, Position};

/// specs/shogi.toml with a null move allowed and `skip.limit` set: no bundled game has a null
/// move.
fn shogi_with_null_move(limit: &str) -> Engine {
    let text = common::read_text("specs/shogi.toml");
    let from = "null-move = \"illegal\"";
    assert!(text.contains(from), "specs/shogi.toml no longer contains {from:?}");
    let text = text.replacen(from, &format!("null-move = \"allowed\"\nlimit = \"{limit}\""), 1);
    let spec = kensho::spec::parse("specs/shogi.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    Engine::new(&spec.game).unwrap_or_else(|bad| panic!("{bad:?}"))
}

fn has(e: &Engine, p: &Position, text: &str) -> bool {
    e.legal_moves(p).iter().any(|m| e.move_text(m) == text)
}

/// A turn can be a skip where a null move is allowed, or where a piece may pass and some piece
/// can (Suzumu's Lion); not in shogi, nor in Suzumu under skip-vs-null-move = no-pass ("no move
/// that leaves the board unchanged is legal"), although its Lion still has the moves that
/// would pass.
#[test]
fn a_game_has_skips_only_where_a_turn_can_be_skipped() {
    let shogi = common::bundled_spec("shogi");
    let suzumu = common::bundled_spec("suzumu");
    assert!(!game_has_skips(&common::engine_with(&shogi, &[])));
    assert!(game_has_skips(&shogi_with_null_move("none")));
    assert!(game_has_skips(&common::engine_with(&suzumu, &[])));
    assert!(!game_has_skips(&common::engine_with(&suzumu, &[("skip-vs-null-move", "no-pass")])));
}

/// A null move is a skip: the position string records it (`~b`), and under
/// `skip.limit = no-two-own-in-a-row` the same player may not make a second one on the next
/// turn, while the opponent may answer with one.
#[test]
fn a_null_move_is_a_skip_and_the_skip_limit_reads_it() {
    let e = shogi_with_null_move("no-two-own-in-a-row");
    let mut p = e.start();
    let mut undo = Vec::new();
    let null = find(&e, &p, "null");
    assert!(null.is_skip);
    e.make(&mut p, &null, &mut undo);
    assert!(e.position_string(&p).ends_with(" ~b"), "{}", e.position_string(&p));
    let white_null = find(&e, &p, "null");
    e.make(&mut p, &white_null, &mut undo);
    assert!(e.position_string(&p).ends_with(" ~bw"), "{}", e.position_string(&p));
    assert!(!has(&e, &p, "null"), "Black skipped last turn: no second null move");
    // Without a limit the null move stays legal.
    let free = shogi_with_null_move("none");
    let mut p = free.start();
    for _ in 0..2 {
        let null = find(&free, &p, "null");
        free.make(&mut p, &null, &mut undo);
    }
    assert!(has(&free, &p, "null"));
}

/// Suzumu under skip-condition = any-neighbour ("any empty square next to the piece allows the
/// pass") with skip-vs-null-move = no-pass: the Lion alone on h8 has empty neighbours, yet no
/// move may leave the board unchanged, so it has no pass; its igui of a Pawn on h9 stays.
#[test]
fn under_any_neighbour_no_pass_still_forbids_the_pass() {
    let suzumu = common::bundled_spec("suzumu");
    for (no_pass, pass) in [(false, true), (true, false)] {
        let mut choices = vec![("skip-condition", "any-neighbour")];
        if no_pass {
            choices.push(("skip-vs-null-move", "no-pass"));
        }
        let e = common::engine_with(&suzumu, &choices);
        let men = [(sq("h8"), "(LN)".to_string()), (sq("h9"), "p".to_string()), (sq("a16"), "(ln)".to_string())];
        let text = format!("{} b - 1", common::rows(e.game.board, &men));
        let p = e.parse_position(&text).unwrap();
        assert_eq!(has(&e, &p, "LN h8-h8"), pass, "no-pass {no_pass}");
        assert!(has(&e, &p, "LN h8-h8 x h9"), "no-pass {no_pass}: the igui");
    }
}
