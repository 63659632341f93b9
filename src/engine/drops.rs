//! Drops (drops.*): captured pieces go to the capturer's hand, unpromoted where
//! drops.unpromoted holds, and come back as a whole turn (or, under drops.per-turn =
//! in-addition, after the turn's move) onto an empty square, subject to the
//! restrictions a spec states: the two-pawns ban (nifu), rank bans, zone bans, palace-only and
//! palace-banned pieces, pieces that could never move again, and the pawn-drop mate.

use super::config::{DeadPiece, ExtraTurnCheck, PawnMate, PawnMateScreen};
use super::generate::{piece_paths, SideView};
use super::moves::{Move, MoveKind};
use super::position::{Man, Position};
use super::promotion::{empty_board, never_moves_again};
use super::Engine;
use crate::core::{Color, PieceId};
use crate::geometry::Square;
use crate::spec::rules::{EndRoyals, Rule};

/// The type a captured piece becomes in hand.
pub fn hand_type(engine: &Engine, piece: PieceId) -> PieceId {
    if !engine.rules.drops_unpromoted {
        return piece;
    }
    unpromoted_type(engine, piece)
}

/// The piece that promotes to `piece` (itself if none does).
pub(crate) fn unpromoted_type(engine: &Engine, piece: PieceId) -> PieceId {
    engine.pieces.iter().position(|p| p.promotes_to == Some(piece)).map(PieceId::new).unwrap_or(piece)
}

/// Why no hand ever holds `piece`, or None if one may. A hand holds only what a capture puts
/// there (`Engine::make`: where drops.enabled, the capturer holds `hand_type` of what it
/// took): so nothing where captured pieces leave the game, no promoted form where they go back
/// to their unpromoted side (drops.unpromoted), and no royal where royals are never taken
/// (end.royals = checkmate). A royal taken where its loss decides the game goes to hand like
/// any piece, so the position the capture ended the game in reads back.
pub fn not_held(engine: &Engine, piece: PieceId) -> Option<String> {
    let rules = &engine.rules;
    let p = engine.piece(piece);
    if !rules.drops {
        return Some(format!(
            "this game has no drops ({}): a captured piece leaves the game",
            Rule::DropsEnabled.set_to(false)
        ));
    }
    if !(0..engine.pieces.len()).map(PieceId::new).any(|q| hand_type(engine, q) == piece) {
        let back = &engine.piece(unpromoted_type(engine, piece)).id;
        return Some(format!(
            "{} is a promoted piece, and a captured one goes to hand as {back} ({})",
            p.id,
            Rule::DropsUnpromoted.path()
        ));
    }
    if p.royal && !rules.royal_loss_ends {
        return Some(format!(
            "{} is royal, and royals are never captured ({})",
            p.id,
            Rule::EndRoyals.set_to(EndRoyals::Checkmate)
        ));
    }
    None
}

/// Every legal drop of the side to move (before the self-check filter).
pub(crate) fn drops(engine: &Engine, pos: &Position, out: &mut Vec<Move>) {
    let rules = &engine.rules;
    if !rules.drops {
        return;
    }
    // drops.per-turn = in-addition (SHO-31, reading drop-turn = extra-action: "a drop may be
    // made in addition to the turn's move"). Where the option says nothing the engine
    // decides, and these are its decisions:
    // - the drop comes after the move, as the same player's second action
    //   (`Position::extra_turn`, ` +` in the position string), so a piece the move captured may
    //   be dropped at once ("retained in hand and can be deployed at will");
    // - it is optional: the player may `decline` it ("may be made");
    // - a turn is never a drop alone: the option adds the drop to "the turn's move";
    // - the second action is offered only when the player holds a piece after the move;
    // - where self-check is illegal each action is judged on its own, and a repetition is
    //   counted only once the turn is over (end.repetition-counted-at = turn-boundaries).
    if rules.drop_after_move && !pos.extra_turn {
        return;
    }
    let me = pos.side;
    for (piece, &count) in pos.hands[me].iter().enumerate() {
        if count == 0 {
            continue;
        }
        let piece = PieceId::new(piece);
        let man = Man { player: me, piece };
        for sq in pos.size.squares() {
            if pos.at(sq).is_none() && drop_allowed(engine, pos, man, sq) {
                let mv = Move::bare(MoveKind::Drop, man, None, Some(sq));
                let earns_extra_turn = earns_extra_turn(engine, pos, &mv);
                out.push(Move { earns_extra_turn, ..mv });
            }
        }
    }
}

/// extra-turn.after = drop-in-first-zone (HEI-3): a drop into the player's first zone earns
/// another turn, unless it is made on an extra turn (HEI-5: no third turn) or gives check
/// under extra-turn.check = forfeits-extra-turn.
fn earns_extra_turn(engine: &Engine, pos: &Position, mv: &Move) -> bool {
    let Some(extra) = &engine.rules.extra_turn else { return false };
    let Some(to) = mv.to else { return false };
    if pos.extra_turn || !engine.in_zone(&extra.zone, mv.man.player, to) {
        return false;
    }
    if extra.check == ExtraTurnCheck::ForfeitsExtraTurn {
        let mut after = pos.clone();
        let mut undo = Vec::new();
        engine.make(&mut after, mv, &mut undo);
        return !engine.in_check(&after, mv.man.player.opposite());
    }
    true
}

fn drop_allowed(engine: &Engine, pos: &Position, man: Man, sq: Square) -> bool {
    let rules = &engine.rules;
    // The restrictions that depend only on the square (rank, zone and palace bans, and a dead
    // piece judged on an empty board): found once per piece type and player.
    if !drop_squares(engine, man)[engine.game.board.index(sq)] {
        return false;
    }
    let me = engine.piece(man.piece);
    let player = man.player;
    // drops.nifu: not onto a file holding an own unpromoted piece of the listed kinds.
    if rules.nifu && me.nifu {
        let on_file = (0..pos.size.ranks)
            .any(|r| pos.at(Square::new(sq.file, r)).is_some_and(|m| m.player == player && engine.piece(m.piece).nifu));
        if on_file {
            return false;
        }
    }
    // drops.dead-piece = actual-move: not where the piece, dropped, has no move in this
    // position.
    if rules.dead_piece == DeadPiece::ActualMove {
        let mut after = pos.clone();
        after.put(&engine.zobrist, sq, Some(man));
        let view = SideView::new(engine, &after, player);
        if piece_paths(engine, &after, &view, sq, man).iter().all(|pm| pm.to == pm.from) {
            return false;
        }
    }
    if rules.pawn_mate != PawnMate::Allowed && me.pawn_mate && pawn_drop_banned(engine, pos, man, sq) {
        return false;
    }
    true
}

/// Per square index: may `man` be dropped there as far as the square alone decides? The rank
/// bans, zone bans, palace rules and a dead piece judged on an empty board
/// (`PieceType::drop_squares`, worked out on first use).
fn drop_squares(engine: &Engine, man: Man) -> &[bool] {
    engine.piece(man.piece).drop_squares[man.player]
        .get_or_init(|| engine.game.board.squares().map(|sq| square_allows_drop(engine, man, sq)).collect())
}

/// The square's own drop restrictions for `man` (see `drop_squares`).
fn square_allows_drop(engine: &Engine, man: Man, sq: Square) -> bool {
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
        let theirs = engine.in_zone("palace", player.opposite(), sq);
        match rules.drop_palace_ban {
            1 if own => return false,
            2 if own || theirs => return false,
            _ => {}
        }
    }
    // drops.dead-piece: not where the piece could never move (again).
    match rules.dead_piece {
        DeadPiece::Allowed | DeadPiece::ActualMove => true,
        DeadPiece::EmptyBoard => !never_moves_again(engine, man, sq),
        DeadPiece::ForwardSquare => has_forward_square(engine, man, sq),
    }
}

/// `drops.dead-piece = forward-square`: has the piece a move to a higher rank (its owner's
/// way) on an otherwise empty board?
fn has_forward_square(engine: &Engine, man: Man, sq: Square) -> bool {
    empty_board(engine, man).advances[engine.game.board.index(sq)]
}

/// `drops.pawn-mate`: does dropping this pawn give a check (or mate, which no reply of the
/// opponent escapes) that the ban counts? `drops.pawn-mate-screen` says which checks count:
/// the pawn's own attack, or also the attack of a gun of the dropper's that the pawn serves as
/// screen (the gun attacks the royal with the pawn there and did not without it); under
/// `any-guns` a drop that gives an enemy gun the pawn as screen against the dropper's own royal
/// is banned as well. Under extra-turn.check = wins a counted check by a drop that earns an
/// extra turn wins at once, so it is a mate by pawn drop (drops.pawn-mate-extra-turn = is-mate).
fn pawn_drop_banned(engine: &Engine, pos: &Position, man: Man, sq: Square) -> bool {
    let rules = &engine.rules;
    let player = man.player;
    let opponent = player.opposite();
    let mv = Move::bare(MoveKind::Drop, man, None, Some(sq));
    let mut after = pos.clone();
    let mut undo = Vec::new();
    engine.make(&mut after, &mv, &mut undo);
    // Does a gun of `side` attack `royal` over the pawn as its screen?
    let gun_over_pawn = |side: Color, royal: Square| {
        after.squares_of(side).any(|(g, m)| {
            engine.piece(m.piece).abilities.cannon
                && engine.piece_attacks(&after, g, royal)
                && !engine.piece_attacks(pos, g, royal)
        })
    };
    if rules.pawn_mate_screen == PawnMateScreen::AnyGuns
        && engine.royals_of(&after, player).into_iter().any(|r| gun_over_pawn(opponent, r))
    {
        return true;
    }
    let royals = engine.royals_of(&after, opponent);
    let counted_check = !engine.spares_royals(royals.len())
        && royals.into_iter().any(|royal| {
            engine.piece_attacks(&after, sq, royal)
                || (rules.pawn_mate_screen != PawnMateScreen::None && gun_over_pawn(player, royal))
        });
    if !counted_check {
        return false;
    }
    let mv = Move { earns_extra_turn: earns_extra_turn(engine, pos, &mv), ..mv };
    if rules.pawn_mate == PawnMate::NoCheck {
        return true;
    }
    if engine.extra_turn_check_wins(&after, &mv) {
        // The check wins at once: a mate by pawn drop, unless drops.pawn-mate-extra-turn =
        // not-mate lets it stand as any other piece's winning drop (Heian Ryu's reading
        // extra-turn-pawn-check).
        return rules.pawn_mate_extra_turn_is_mate;
    }
    // Mate: every reply leaves a royal of the opponent attacked, unless it wins the game at
    // once by taking the dropper's royal (a king-capture game). Under drops.per-turn =
    // in-addition the reply is a whole turn: its move, then a drop (which may block) or none.
    let attacked = |p: &Position| engine.royals_of(p, opponent).into_iter().any(|r| engine.attacks(p, player, r));
    engine.legal_moves(&after).iter().all(|reply| {
        let mut next = after.clone();
        let mut undo = Vec::new();
        engine.make(&mut next, reply, &mut undo);
        if engine.royal_loser(&next, reply) == Some(player) {
            return false;
        }
        if rules.drop_after_move && next.extra_turn {
            return engine.legal_moves(&next).iter().all(|second| {
                let mut last = next.clone();
                engine.make(&mut last, second, &mut undo);
                attacked(&last)
            });
        }
        attacked(&next)
    })
}
