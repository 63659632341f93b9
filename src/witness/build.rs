//! Positions built for a witness: from a decoded occupancy (plain pieces standing in for the
//! friends and enemies a Z3 model names, and the piece under test), and each player's royals
//! placed where they are safe under both alternatives.

use super::compare::transfer;
use super::Pair;
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::setup_royals;
use crate::spec::game::GameSpec;
use crate::xbetza::{Cell, Occupancy};

/// The piece types that stand in for "a friend" and "an enemy" on a decoded board: plain
/// pieces (no abilities, not royal, lowest rank, unpromoted where possible).
pub(crate) fn filler(engine: &Engine) -> Option<PieceId> {
    let game = &engine.game;
    let promoted = |id: &str| game.pieces.iter().any(|q| q.promotes_to.as_deref() == Some(id));
    let mut best: Option<(u32, usize, PieceId)> = None;
    for (i, p) in game.pieces.iter().enumerate() {
        if p.royal || !p.abilities.is_empty() || !p.zone_moves.is_empty() {
            continue;
        }
        let key = (p.rank.unwrap_or(0), promoted(&p.id) as usize, PieceId::new(i));
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|b| b.2).or_else(|| game.pieces.iter().position(|p| !p.royal).map(PieceId::new))
}

/// A position from a decoded occupancy: `piece` of the first player on `from`, fillers for
/// friends and enemies, royals added; the first player to move.
pub(crate) fn position_from(pair: &Pair, occ: &Occupancy, from: Square, piece: PieceId) -> Option<Position> {
    let engine = pair.a;
    let fill = filler(engine)?;
    let z = &engine.zobrist;
    let mut pos = Position::empty(occ.size, engine.pieces.len());
    for sq in occ.size.squares() {
        let man = match occ.get(sq) {
            Cell::Empty => continue,
            Cell::Friend => Man { player: Color::Black, piece: fill },
            Cell::Enemy => Man { player: Color::White, piece: fill },
        };
        pos.put(z, sq, Some(man));
    }
    pos.put(z, from, Some(Man { player: Color::Black, piece }));
    pos.set_side(z, Color::Black);
    add_royals(pair, pos, from)
}

/// The square nearest the middle of the board (the upper middle on an even side), where the
/// designed witnesses and the rule fragments put the piece they are about.
pub(crate) fn centre(game: &GameSpec) -> Square {
    Square::new(game.board.files / 2, game.board.ranks / 2)
}

/// The royal types each player gets: the setup's, or (no setup) one of each royal type.
fn royals(engine: &Engine) -> Vec<(Color, PieceId)> {
    let mut r = setup_royals(engine);
    if r.is_empty() {
        for (i, p) in engine.pieces.iter().enumerate() {
            if p.royal && !engine.pieces.iter().any(|q| q.promotes_to == Some(PieceId::new(i))) {
                r.push((Color::Black, PieceId::new(i)));
                r.push((Color::White, PieceId::new(i)));
            }
        }
    }
    r
}

/// Puts each player's royals on the board where they are safe under both alternatives: their
/// start squares when free, else squares far from `focus`. Players that already have a royal
/// of a type keep it. None when no safe placement was found.
pub(crate) fn add_royals(pair: &Pair, mut pos: Position, focus: Square) -> Option<Position> {
    let engine = pair.a;
    let z = &engine.zobrist;
    let size = pos.size;
    for (player, piece) in royals(engine) {
        let has = pos.board.iter().flatten().any(|m| m.player == player && engine.piece(m.piece).royal);
        if has {
            continue;
        }
        let start: Vec<Square> = engine
            .game
            .setup
            .iter()
            .filter(|p| p.player == player && engine.piece_index(&p.piece) == Some(piece))
            .map(|p| p.square)
            .collect();
        // A royal confined to a zone (Shoogantshii's palace) stands in it, nearest the focus
        // as it must; any other royal at least three steps from it.
        let confine = engine.piece(piece).abilities.confine.clone();
        let allowed = |s: Square| confine.as_deref().is_none_or(|zone| engine.in_zone(zone, player, s));
        let mut far: Vec<Square> = size.squares().filter(|&s| allowed(s)).collect();
        let dist = |s: Square| chebyshev(s, focus);
        far.sort_by_key(|&s| std::cmp::Reverse(dist(s)));
        let min_dist = if confine.is_some() { 0 } else { 3 };
        let candidates = start.into_iter().chain(far.into_iter().filter(|&s| dist(s) >= min_dist));
        let mut placed = false;
        for sq in candidates.take(40) {
            if pos.at(sq).is_some() {
                continue;
            }
            let mut trial = pos.clone();
            trial.put(z, sq, Some(Man { player, piece }));
            if !attacked(pair, &trial, player, sq) {
                pos = trial;
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(pos)
}

/// Is `player`'s piece on `sq` attacked under either alternative? (Only the royals placed
/// here are kept out of attack: a royal the witness itself needs, a jumped King, may stand
/// attacked.)
fn attacked(pair: &Pair, pos: &Position, player: Color, sq: Square) -> bool {
    let Some(pb) = transfer(pair.a, pair.b, pos) else { return true };
    pair.a.attacks(pos, player.opposite(), sq) || pair.b.attacks(&pb, player.opposite(), sq)
}
