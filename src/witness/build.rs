//! Positions built for a witness from a decoded occupancy: plain pieces standing in for the
//! friends and enemies a Z3 model names, the piece under test, and the royals.

use super::{add_royals, Pair};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::spec::game::GameSpec;
use crate::xbetza::generate::{Cell, Occupancy};

/// The piece types that stand in for "a friend" and "an enemy" on a decoded board: plain
/// pieces (no abilities, not royal, lowest rank, unpromoted where possible).
pub fn filler(engine: &Engine) -> Option<u16> {
    let game = &engine.game;
    let promoted = |id: &str| game.pieces.iter().any(|q| q.promotes_to.as_deref() == Some(id));
    let mut best: Option<(u32, usize, u16)> = None;
    for (i, p) in game.pieces.iter().enumerate() {
        if p.royal || !p.abilities.is_empty() || !p.zone_moves.is_empty() {
            continue;
        }
        let key = (p.rank.unwrap_or(0), promoted(&p.id) as usize, i as u16);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|b| b.2).or_else(|| game.pieces.iter().position(|p| !p.royal).map(|i| i as u16))
}

/// A position from a decoded occupancy: `piece` of the first player on `from`, fillers for
/// friends and enemies, royals added; the first player to move.
pub fn position_from(pair: &Pair, occ: &Occupancy, from: Square, piece: u16) -> Option<Position> {
    let engine = pair.a;
    let fill = filler(engine)?;
    let z = &engine.zobrist;
    let mut pos = Position::empty(occ.size, engine.pieces.len());
    for sq in occ.size.squares() {
        let man = match occ.get(sq) {
            Cell::Empty => continue,
            Cell::Friend => Man { player: 0, piece: fill },
            Cell::Enemy => Man { player: 1, piece: fill },
        };
        pos.put(z, sq, Some(man));
    }
    pos.put(z, from, Some(Man { player: 0, piece }));
    pos.set_side(z, 0);
    add_royals(pair, pos, from)
}

/// The square nearest the middle of the board (the upper middle on an even side), where the
/// designed witnesses put the piece they are about.
pub fn centre(game: &GameSpec) -> Square {
    Square::new(game.board.files / 2, game.board.ranks / 2)
}
