//! Positions as SVG pictures: the start position with its promotion zones, and witness
//! positions with the moves that differ between two readings drawn as arrows.

use super::svg::{Arrow, Mark, Picture, Token};
use crate::core::Color;
use crate::engine::{Engine, Position};
use crate::witness::DifferingMove;

/// The zone the start picture shades (each player's in its own colour).
const PROMOTION_ZONE: &str = "promotion";

/// The pieces of `pos` as tokens: the piece id as the spec writes it (+DE, FD), the second
/// player's drawn upside down.
pub(crate) fn picture(engine: &Engine, pos: &Position, title: impl Into<String>) -> Picture {
    let mut p = Picture::new(pos.size, title);
    for sq in pos.size.squares() {
        if let Some(man) = pos.at(sq) {
            let piece = engine.piece(man.piece);
            p.tokens.push(Token {
                square: sq,
                text: piece.id.clone(),
                name: super::piece_name(&piece.name),
                player: man.player,
            });
        }
    }
    p
}

/// The start position with every zone the spec names shaded, each in its own colour with a
/// key entry: the promotion zone of each player, palaces (both players'), and any other zone
/// as the first player has it.
pub(crate) fn start_picture(engine: &Engine) -> Picture {
    const OTHERS: [&str; 4] = ["zone3", "zone4", "zone5", "zone6"];
    let pos = engine.start();
    let mut p = picture(engine, &pos, format!("{}: start position", engine.game.name));
    let mut ids: Vec<&String> = engine.game.zones.keys().collect();
    ids.sort_by_key(|z| (z.as_str() != PROMOTION_ZONE, !z.contains("palace")));
    let mut others = OTHERS.iter().copied();
    for zone in ids {
        let shades: Vec<(Color, &'static str, String)> = if zone == PROMOTION_ZONE {
            vec![
                (Color::Black, "zone", "the first player's promotion zone".to_string()),
                (Color::White, "zone2", "the second player's promotion zone".to_string()),
            ]
        } else if zone.contains("palace") {
            vec![(Color::Black, "palace", format!("{zone} (both players')")), (Color::White, "palace", String::new())]
        } else {
            let Some(class) = others.next() else { continue };
            vec![(Color::Black, class, format!("zone {zone} (the first player's)"))]
        };
        for (player, class, words) in shades {
            p.shades.extend(pos.size.squares().filter(|&sq| engine.in_zone(zone, player, sq)).map(|sq| (sq, class)));
            if !words.is_empty() {
                p.key.push((class, words));
            }
        }
    }
    p
}

/// A witness position with each differing move drawn: legal under `a` (the default) as a solid
/// blue arrow, under the other option as a dashed orange one; a drop (no start square) as a
/// ring on its destination.
pub(crate) fn witness_picture(
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
