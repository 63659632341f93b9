//! Designed positions: random placements of a spec's pieces for both sides, with hands and
//! the history facts a position carries (whose last turn was a skip), so that rule
//! interactions a game from the start rarely reaches come up. The caller says which placements
//! are admissible (the checker: its invariants' own state rules, `check::designed`); a
//! position is also reachable: where the spec makes moving into check illegal, the side not to
//! move is not in check.
//!
//! An `Aim` makes the placement dense: the pieces it names, both sides' royals and a few others
//! are put in a small window, so that they meet.

use crate::core::{Color, PieceId};
use crate::engine::config::SelfCheck;
use crate::engine::skip::game_has_skips;
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::random::SplitMix64;

/// Pieces to put close together (empty: a spread-out random position).
#[derive(Clone, Debug, Default)]
pub struct Aim {
    pub(crate) pieces: Vec<PieceId>,
    /// Set the skip facts more often (the skip invariants).
    pub(crate) skips: bool,
}

/// Where a designed position may put a man: (position so far, man, square) -> allowed.
pub(crate) type Admit<'a> = &'a dyn Fn(&Position, Man, Square) -> bool;

/// (player, royal type) for every royal type the setup gives a player, sorted, once each.
pub fn setup_royals(engine: &Engine) -> Vec<(Color, PieceId)> {
    let game = &engine.game;
    let mut out: Vec<(Color, PieceId)> = game
        .setup
        .iter()
        .filter_map(|p| engine.piece_index(&p.piece).filter(|&i| game.pieces[i.index()].royal).map(|i| (p.player, i)))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The types that can stand in hand: not royal, and not a promoted form unless captured pieces
/// keep their promotion in hand (`drops.unpromoted = false`).
pub fn droppable(engine: &Engine) -> Vec<PieceId> {
    let game = &engine.game;
    let keeps_promotion = !engine.rules.drops_unpromoted;
    (0..game.pieces.len())
        .map(PieceId::new)
        .filter(|&i| {
            let p = &game.pieces[i.index()];
            !p.royal && (keeps_promotion || !game.pieces.iter().any(|q| q.promotes_to.as_ref() == Some(&p.id)))
        })
        .collect()
}

pub fn drops_enabled(engine: &Engine) -> bool {
    engine.rules.drops
}

/// A designed position, or None when the draw was not reachable (the caller moves on to the
/// next seed; a designed position is a pure function of its seed). Every man stands where
/// `admit` allows.
pub(crate) fn position(engine: &Engine, admit: Admit, rng: &mut SplitMix64, aim: &Aim) -> Option<Position> {
    let game = &engine.game;
    let z = &engine.zobrist;
    let size = game.board;
    let mut pos = Position::empty(size, game.pieces.len());
    // The window the aimed pieces go in: 5x5 (or the board, if smaller), anywhere on it.
    let (w_files, w_ranks) =
        if aim.pieces.is_empty() { (size.files, size.ranks) } else { (size.files.min(5), size.ranks.min(5)) };
    let f0 = rng.below((size.files - w_files + 1) as usize) as u8;
    let r0 = rng.below((size.ranks - w_ranks + 1) as usize) as u8;
    let in_window = |rng: &mut SplitMix64| {
        Square::new(f0 + rng.below(w_files as usize) as u8, r0 + rng.below(w_ranks as usize) as u8)
    };
    let anywhere =
        |rng: &mut SplitMix64| Square::new(rng.below(size.files as usize) as u8, rng.below(size.ranks as usize) as u8);
    let place = |pos: &mut Position, rng: &mut SplitMix64, man: Man, near: bool| {
        for _ in 0..40 {
            let sq = if near { in_window(rng) } else { anywhere(rng) };
            if pos.at(sq).is_none() && admit(pos, man, sq) {
                pos.put(z, sq, Some(man));
                return;
            }
        }
    };
    // Royals: one of each royal type the setup gives a player; near the aim half the time.
    // A side never has more royals than its setup gives it.
    let royal_types = setup_royals(engine);
    // The setup's royals and their royal promotions: placed here, once per side.
    let setup_royal = |p: PieceId| royal_types.iter().any(|&(_, r)| r == p || engine.piece(r).promotes_to == Some(p));
    let aimed: Vec<PieceId> = aim.pieces.iter().copied().filter(|&p| !setup_royal(p)).collect();
    for &(player, piece) in &royal_types {
        // Or its royal promoted form (Hook's Emperor, the Prince's), which stands in its place:
        // always when aimed at, else a third of the time.
        let promoted = engine.piece(piece).promotes_to.filter(|&p| game.pieces[p.index()].royal);
        let piece = match promoted {
            Some(p) if aim.pieces.contains(&p) || rng.below(3) == 0 => p,
            _ => piece,
        };
        let near = !aim.pieces.is_empty() && rng.below(2) == 0;
        place(&mut pos, rng, Man { player, piece }, near);
    }
    // The aimed pieces, for a random side each, and a second of each for the other side half
    // the time.
    // (A royal that is no setup royal's form, Hook's Prince, promoted from a Drunk Elephant,
    // may stand once per side like any aimed piece.)
    for &piece in &aimed {
        let player = Color::ALL[rng.below(2)];
        place(&mut pos, rng, Man { player, piece }, true);
        if rng.below(2) == 0 {
            place(&mut pos, rng, Man { player: player.opposite(), piece }, true);
        }
    }
    // Others: a few random pieces of any non-royal type (promoted forms too), for either side.
    let extras = if aim.pieces.is_empty() { 2 + rng.below(12) } else { rng.below(6) };
    // Not royals: a side never has more royals than its setup gives it.
    let others: Vec<PieceId> =
        (0..game.pieces.len()).map(PieceId::new).filter(|&i| !game.pieces[i.index()].royal).collect();
    for _ in 0..extras {
        let piece = others[rng.below(others.len())];
        let man = Man { player: Color::ALL[rng.below(2)], piece };
        place(&mut pos, rng, man, !aim.pieces.is_empty());
    }
    // Hands: up to three unpromoted, non-royal types per player; the aimed ones for the side
    // to move.
    let side = Color::ALL[rng.below(2)];
    if drops_enabled(engine) {
        let droppable = droppable(engine);
        if !droppable.is_empty() {
            for player in Color::ALL {
                for _ in 0..rng.below(4) {
                    let piece = droppable[rng.below(droppable.len())];
                    let n = pos.hands[player][piece.index()];
                    pos.set_hand(z, player, piece, n + 1 + rng.below(2) as u16);
                }
            }
            for &piece in aim.pieces.iter().filter(|p| droppable.contains(p)) {
                let n = pos.hands[side][piece.index()];
                pos.set_hand(z, side, piece, n + 1);
            }
        }
    }
    remembered(engine, &mut pos, rng);
    pos.set_side(z, side);
    let odds = if aim.skips { 2 } else { 4 };
    let skipped = [rng.below(odds) == 0, rng.below(odds) == 0];
    // Only a game with skips has a last turn that was one (the position string's `~` field).
    if game_has_skips(engine) {
        pos.last_skip = skipped;
    }
    reachable(engine, &pos).then_some(pos)
}

/// The history facts the position keeps per piece, where the game keeps them: a promotable
/// piece in its owner's promotion zone may have been dropped there (promotion.after-drop), and
/// a promotable piece may be a demoted one (demotion.repromote), each with odds 1/2.
fn remembered(engine: &Engine, pos: &mut Position, rng: &mut SplitMix64) {
    use crate::engine::position::{DEMOTED, DROPPED};
    let (dropped, demoted) = (engine.rules.after_drop.is_some(), engine.rules.repromote.is_some());
    if !dropped && !demoted {
        return;
    }
    let zone = engine.rules.promotion_zone.clone();
    let men: Vec<(Square, Man)> = pos.size.squares().filter_map(|s| pos.at(s).map(|m| (s, m))).collect();
    for (sq, man) in men {
        if engine.piece(man.piece).promotes_to.is_none() {
            continue;
        }
        let mut flags = 0;
        if dropped && zone.as_deref().is_some_and(|z| engine.in_zone(z, man.player, sq)) && rng.below(2) == 0 {
            flags |= DROPPED;
        }
        if demoted && rng.below(2) == 0 {
            flags |= DEMOTED;
        }
        if flags != 0 {
            pos.set_flags(&engine.zobrist, sq, flags);
        }
    }
}

/// Where moving into check is illegal, the side that just moved cannot stand in check. (Under
/// king-only its King may have stepped into check: such positions are reachable.)
pub fn reachable(engine: &Engine, pos: &Position) -> bool {
    let self_check_illegal = engine.rules.self_check == SelfCheck::Illegal;
    !(self_check_illegal && engine.in_check(pos, pos.side.opposite()))
}
