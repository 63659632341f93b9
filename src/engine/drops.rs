//! Drops (drops.*): captured pieces go to the capturer's hand, unpromoted where
//! drops.unpromoted holds, and come back as a whole turn onto an empty square, subject to the
//! restrictions a spec states: the two-pawns ban (nifu), rank bans, zone bans, palace-only and
//! palace-banned pieces, pieces that could never move again, and the pawn-drop mate.

use super::config::PawnMate;
use super::moves::{Kind, Move};
use super::position::{Man, Position};
use super::promotion::never_moves_again;
use super::Engine;
use crate::geometry::Square;

/// The type a captured piece becomes in hand.
pub fn hand_type(engine: &Engine, piece: u16) -> u16 {
    if !engine.rules.drops_unpromoted {
        return piece;
    }
    engine
        .pieces
        .iter()
        .position(|p| p.promotes_to == Some(piece))
        .map(|i| i as u16)
        .unwrap_or(piece)
}

/// Every legal drop of the side to move (before the self-check filter).
pub fn drops(engine: &Engine, pos: &Position, out: &mut Vec<Move>) {
    let rules = &engine.rules;
    if !rules.drops {
        return;
    }
    let me = pos.side;
    for (piece, &count) in pos.hands[me as usize].iter().enumerate() {
        if count == 0 {
            continue;
        }
        let piece = piece as u16;
        let man = Man { player: me, piece };
        for sq in pos.size.squares() {
            if pos.at(sq).is_none() && drop_allowed(engine, pos, man, sq) {
                out.push(Move::bare(Kind::Drop, man, None, Some(sq)));
            }
        }
    }
}

fn drop_allowed(engine: &Engine, pos: &Position, man: Man, sq: Square) -> bool {
    let rules = &engine.rules;
    let id = &engine.piece(man.piece).id;
    let player = man.player;
    // drops.rank-ban: ranks counted from the dropping player's side, 1-based.
    if rules.drop_rank_ban.get(id).is_some_and(|ranks| ranks.contains(&(engine.relative_rank(player, sq) + 1))) {
        return false;
    }
    // drops.zone-ban: zones of the dropping player where nothing may be dropped.
    if rules.drop_zone_ban.iter().any(|z| engine.in_zone(z, player, sq)) {
        return false;
    }
    // drops.palace-only: these pieces only into the own palace (or drops.palace-only-zone).
    if rules.drop_palace_only.contains(id) {
        let zone = rules.drop_palace_only_zone.as_deref().unwrap_or("palace");
        if !engine.in_zone(zone, player, sq) {
            return false;
        }
    } else {
        // drops.palace-ban: other pieces never into the own (or either) palace.
        let own = engine.in_zone("palace", player, sq);
        let theirs = engine.in_zone("palace", 1 - player, sq);
        match rules.drop_palace_ban {
            1 if own => return false,
            2 if own || theirs => return false,
            _ => {}
        }
    }
    // drops.nifu: not onto a file holding an own unpromoted piece of the listed kinds.
    if rules.nifu && rules.nifu_pieces.contains(id) {
        let on_file = (0..pos.size.ranks).any(|r| {
            pos.at(Square::new(sq.file, r))
                .is_some_and(|m| m.player == player && rules.nifu_pieces.contains(&engine.piece(m.piece).id))
        });
        if on_file {
            return false;
        }
    }
    // drops.dead-piece = empty-board: not where the piece could never move again.
    if rules.drop_dead_empty_board && never_moves_again(engine, man, sq) {
        return false;
    }
    // drops.pawn-mate: a pawn (drops.nifu-pieces) may not give mate (or check) by dropping.
    if rules.pawn_mate != PawnMate::Allowed && rules.nifu_pieces.contains(id) {
        let mv = Move::bare(Kind::Drop, man, None, Some(sq));
        let mut after = pos.clone();
        let mut undo = Vec::new();
        engine.make(&mut after, &mv, &mut undo);
        let opponent = 1 - player;
        if engine.in_check(&after, opponent) {
            if rules.pawn_mate == PawnMate::NoCheck {
                return false;
            }
            let replies = engine.legal_moves(&after);
            if replies.iter().all(|r| engine.leaves_royal_attacked(&after, r)) {
                return false;
            }
        }
    }
    true
}
