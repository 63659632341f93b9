//! Kinds about drops: where a piece may be dropped, and the drop that may not mate.

use super::{id, men, named, own_rank};
use crate::check::{Transition, Verdict};
use crate::engine::MoveKind;
use crate::spec::game::GameSpec;
use std::collections::BTreeMap;

fn for_piece<'a, T>(map: &'a BTreeMap<String, T>, piece: &str) -> impl Iterator<Item = &'a T> {
    map.get(piece).into_iter().chain(map.get("*"))
}

pub(crate) fn drops(
    game: &GameSpec,
    ranks: &BTreeMap<String, Vec<u8>>,
    zones: &BTreeMap<String, Vec<String>>,
    only_zone: &BTreeMap<String, String>,
    one_per_file: &[String],
    unpromoted: bool,
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let (MoveKind::Drop, Some(to)) = (mv.kind, mv.to) else { return Verdict::NotConcerned };
    let me = mv.man.player;
    let piece = id(game, mv.man);
    let at = to.name();
    if for_piece(ranks, piece).flatten().any(|&r| r == own_rank(game, me, to)) {
        return Verdict::Violated(format!("{piece} dropped on {at}, rank {} from its side", own_rank(game, me, to)));
    }
    for zone in for_piece(zones, piece).flatten() {
        let (whose, name) = match zone.split_once(':') {
            Some(("enemy", z)) => (me.opposite(), z),
            Some((_, z)) => (me, z),
            None => (me, zone.as_str()),
        };
        if game.in_zone(name, whose, to) {
            return Verdict::Violated(format!("{piece} dropped on {at}, in the {zone}"));
        }
    }
    if let Some(zone) = only_zone.get(piece) {
        if !game.in_zone(zone, me, to) {
            return Verdict::Violated(format!("{piece} dropped on {at}, outside its own {zone}"));
        }
    }
    if named(one_per_file, piece) {
        let same_file = men(t.after).filter(|(sq, m)| sq.file == to.file && *m == mv.man).count();
        if same_file > 1 {
            return Verdict::Violated(format!("{piece} dropped on {at}: {same_file} of them on the file"));
        }
    }
    if unpromoted && game.pieces.iter().any(|p| p.promotes_to.as_deref() == Some(piece)) {
        return Verdict::Violated(format!("the promoted {piece} was dropped on {at}"));
    }
    Verdict::Holds
}

/// Mate by the drop: the opponent, to move after it, is in check because of the dropped piece,
/// and every legal reply leaves it in check without taking a royal of the dropper (or there is
/// none). Judged with the engine's public legal moves and check test.
pub(crate) fn pawn_drop_mate(game: &GameSpec, pieces: &[String], t: &Transition<'_>) -> Verdict {
    let mv = t.mv;
    if mv.kind != MoveKind::Drop || !named(pieces, id(game, mv.man)) {
        return Verdict::NotConcerned;
    }
    let opponent = mv.man.player.opposite();
    let engine = t.engine;
    if t.after.side != opponent || !engine.in_check(t.after, opponent) {
        return Verdict::Holds;
    }
    // The drop must give the check itself (the piece attacks, or screens a gun): with the
    // dropped piece lifted again the opponent would not be in check.
    let Some(to) = mv.to else { return Verdict::Holds };
    let mut lifted = t.after.clone();
    lifted.put(&engine.zobrist, to, None);
    if engine.in_check(&lifted, opponent) {
        return Verdict::Holds;
    }
    // An escape: a reply after which the opponent is not in check, or one that takes a royal
    // of the dropper (in a game won by taking the King, that wins).
    let mut work = t.after.clone();
    let mut undo = Vec::new();
    let escapes = engine.legal_moves(t.after).iter().any(|reply| {
        let takes_royal =
            reply.captures.iter().any(|(_, m)| m.player == mv.man.player && game.pieces[m.piece.index()].royal);
        engine.make(&mut work, reply, &mut undo);
        let safe = !engine.in_check(&work, opponent);
        engine.unmake(&mut work, &mut undo);
        safe || takes_royal
    });
    if escapes {
        Verdict::Holds
    } else {
        Verdict::Violated(format!("the drop {} mates", engine.move_text(mv)))
    }
}
