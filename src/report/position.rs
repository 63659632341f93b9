//! Positions as SVG pictures: the start position with its promotion zones, and witness
//! positions with the moves that differ between two readings drawn as arrows.

use super::svg::{Arrow, Mark, Picture, Token};
use crate::engine::{Engine, Position};
use crate::smt::witness::DifferingMove;

/// The zone the start picture shades (each player's in its own colour).
const PROMOTION_ZONE: &str = "promotion";

/// The pieces of `pos` as tokens: the piece id as the spec writes it (+DE, FD), the second
/// player's drawn upside down.
pub fn picture(engine: &Engine, pos: &Position, title: impl Into<String>) -> Picture {
    let mut p = Picture::new(pos.size, title);
    for sq in pos.size.squares() {
        if let Some(man) = pos.at(sq) {
            p.tokens.push(Token { square: sq, text: engine.piece(man.piece).id.clone(), player: man.player });
        }
    }
    p
}

/// The start position with the first player's promotion zone in one shade and the second
/// player's in another.
pub fn start_picture(engine: &Engine) -> Picture {
    let pos = engine.start();
    let mut p = picture(engine, &pos, format!("{}: start position", engine.game.name));
    if engine.game.zones.contains_key(PROMOTION_ZONE) {
        for sq in pos.size.squares() {
            if engine.in_zone(PROMOTION_ZONE, 0, sq) {
                p.shades.push((sq, "zone"));
            }
            if engine.in_zone(PROMOTION_ZONE, 1, sq) {
                p.shades.push((sq, "zone2"));
            }
        }
    }
    p
}

/// A witness position with each differing move drawn: legal under `a` (the default) as a solid
/// blue arrow, under the other option as a dashed orange one; a drop (no start square) as a
/// ring on its destination.
pub fn witness_picture(
    engine: &Engine,
    pos: &Position,
    differing: &[DifferingMove],
    a: &str,
    title: impl Into<String>,
) -> Picture {
    let mut p = picture(engine, pos, title);
    for d in differing {
        let first = d.legal_under == a;
        let square = |name: &Option<String>| name.as_deref().and_then(|n| pos.size.parse_square(n).ok());
        match (square(&d.from), square(&d.to)) {
            (Some(from), Some(to)) if from != to => {
                p.arrows.push(Arrow { from, to, class: if first { "arrow-a" } else { "arrow-b" } });
            }
            (_, Some(to)) => p.marks.push((to, Mark::Ring(if first { "ring-a" } else { "ring-b" }))),
            _ => {}
        }
    }
    p
}
