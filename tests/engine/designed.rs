//! A small designed game for testing one piece's abilities: a 7x7 board, Kings, Pawns and one
//! piece `X` whose XBetza and ability lines the test chooses, with a helper listing the legal
//! moves of one man as (destination, captured squares), the identity the document counts.

use kensho::engine::{Engine, Man, Position};
use kensho::geometry::Square;
use kensho::Color;

/// A 7x7 game with one piece `X` of this XBetza and these ability lines, Kings and Pawns
/// (the inline spec's header is the shared test one, `common::smt::mini`).
pub fn game(betza: &str, ability: &str) -> Engine {
    let body = format!(
        r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true
rank = 5

[[piece]]
id = "X"
name = "Tester"
betza = "{betza}"
rank = 2
{ability}

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
rank = 1
"#
    );
    Engine::new(&crate::common::smt::mini(&body).game).expect("playable")
}

fn sq(e: &Engine, name: &str) -> Square {
    e.game.board.parse_square(name).unwrap()
}

/// (destination, captured squares) of every legal move of the man on `from`.
pub fn moves(e: &Engine, men: &[(&str, Color, &str)], from: &str) -> Vec<(String, Vec<String>)> {
    let mut pos = Position::empty(e.game.board, e.pieces.len());
    for &(id, player, at) in men {
        pos.put(&e.zobrist, sq(e, at), Some(Man { player, piece: e.piece_index(id).unwrap() }));
    }
    let from = sq(e, from);
    let mut out: Vec<(String, Vec<String>)> = e
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.from == Some(from))
        .map(|m| (m.to.unwrap().name(), m.captures.iter().map(|c| c.0.name()).collect()))
        .collect();
    out.sort();
    out.dedup();
    out
}
