//! Promotion choices of a move: zone promotion (Suzumu, Mitsugumi: promotion.zone, trigger,
//! forced, stationary-moves; for dropped and demoted pieces the position remembers,
//! promotion.after-drop and demotion.repromote), capture promotion with the Deva/Dark Spirit rule (Hook:
//! promotion.on-capture, deva*), the last-rank option (promotion.last-rank*), and promotion in
//! place (promotion.in-place = any-piece-any-time, last-rank-timing = any-time).

use super::config::{AfterDrop, DevaMulti, Forced, Trigger};
use super::generate::SideView;
use super::moves::{Move, MoveKind};
use super::position::{Man, Position, DEMOTED, DROPPED};
use super::Engine;
use crate::core::{Color, PieceId};
use crate::geometry::Square;
use crate::xbetza::{generate, Occupancy, PathStep, PieceMove, StepKind};
use smallvec::SmallVec;

/// The promotions a move may be made with (`None`: as it is), in order: none, one or two, kept
/// in a small `Copy` value (returned for every move generated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Choices {
    items: [Option<PieceId>; 2],
    len: u8,
}

impl Choices {
    /// No choice: the path is not a legal move.
    pub(crate) const NONE: Choices = Choices { items: [None, None], len: 0 };

    pub(crate) fn one(choice: Option<PieceId>) -> Choices {
        Choices { items: [choice, None], len: 1 }
    }

    pub(crate) fn two(first: Option<PieceId>, second: Option<PieceId>) -> Choices {
        Choices { items: [first, second], len: 2 }
    }
}

impl std::ops::Deref for Choices {
    type Target = [Option<PieceId>];
    fn deref(&self) -> &[Option<PieceId>] {
        &self.items[..usize::from(self.len)]
    }
}

/// What the promotion rules read of a path: where it starts and ends, and the end of every
/// leg. A borrowed view, so that a one-leg move counted without being written (perft's last
/// ply) is judged without building its `PieceMove`.
#[derive(Clone, Copy)]
pub(crate) struct Route<'p> {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) path: &'p [PathStep],
}

impl<'p> From<&'p PieceMove> for Route<'p> {
    fn from(pm: &'p PieceMove) -> Route<'p> {
        Route { from: pm.from, to: pm.to, path: &pm.path }
    }
}

/// The promotion outcomes a path may end with: `None` stays, `Some(t)` becomes type `t`. An
/// empty list means the path is not a legal move (a capture a piece may not make).
pub(crate) fn choices(engine: &Engine, pos: &Position, man: Man, pm: Route, captures: &[(Square, Man)]) -> Choices {
    let rules = &engine.rules;
    let me = engine.piece(man.piece);
    // demotion.on (HEI-6): a promoted piece moving into the first zone is re-flipped.
    if let Some(demotion) = &rules.demotion {
        let entering =
            engine.in_zone(&demotion.zone, man.player, pm.to) && !engine.in_zone(&demotion.zone, man.player, pm.from);
        if me.is_promoted_form && entering && (!demotion.non_captures_only || captures.is_empty()) {
            return Choices::one(Some(super::drops::unpromoted_type(engine, man.piece)));
        }
    }
    // Capture promotion (Hook).
    let capture_counts = match rules.capture_promotion {
        1 => !captures.is_empty(),
        2 => !captures.is_empty() && pm.to != pm.from,
        _ => false,
    };
    if capture_counts {
        if let Some(target) = deva_target(engine, man, pm, captures) {
            // A piece that already is the target's promoted form stays as it is: no change of
            // type is recorded (found by kensho check's record invariant: `=+DS` on a +DS).
            return Choices::one((target != man.piece).then_some(target));
        }
        return match me.promotes_to {
            Some(t) if rules.capture_promotion_optional => Choices::two(None, Some(t)),
            Some(t) => Choices::one(Some(t)),
            // promotion.non-promoting-capture = cannot-capture: a piece with no promotion
            // (Hook Mover, Tengu, every promoted piece, Emperor, Prince) may not capture,
            // unless the Deva rule above promoted it.
            None if rules.nonpromoting_cannot_capture => Choices::NONE,
            None => Choices::one(None),
        };
    }
    let stay = Choices::one(None);
    let Some(target) = me.promotes_to else { return stay };
    // The last-rank option (Hook: Pawn, Stone and Iron General on arriving at the last rank).
    if me.last_rank_promotes && pm.to != pm.from {
        let last = pos.size.ranks - 1;
        if engine.relative_rank(man.player, pm.to) == last && engine.relative_rank(man.player, pm.from) != last {
            return if rules.last_rank_optional {
                Choices::two(None, Some(target))
            } else {
                Choices::one(Some(target))
            };
        }
    }
    // Zone promotion.
    let (Some(zone), Some(squares)) =
        (&rules.promotion_zone, engine.promotion_zone.and_then(|z| engine.zone_squares(z, man.player)))
    else {
        return stay;
    };
    let board = engine.game.board;
    let in_zone = |sq: Square| squares.contains(board.index(sq));
    let stationary = pm.to == pm.from;
    if stationary && !rules.stationary_promotes {
        return stay;
    }
    // What the position remembers of the piece (only kept where a rule needs it).
    let flags = pos.flags_at(pm.from);
    let eligible = match rules.after_drop {
        // promotion.after-drop (SHO-37): a dropped piece that has not yet made a move meeting
        // it promotes by it, not by promotion.trigger.
        Some(after_drop) if flags & DROPPED != 0 => {
            meets_after_drop(engine, zone, after_drop, man.player, pm.from, pm.to)
        }
        _ => match rules.trigger {
            Trigger::None => false,
            Trigger::EntersZone => !in_zone(pm.from) && in_zone(pm.to),
            Trigger::EndsInZone => in_zone(pm.to),
            Trigger::StartsOrEndsInZone => in_zone(pm.from) || in_zone(pm.to),
            Trigger::AnySquareVisited => {
                in_zone(pm.from) || pm.path.iter().any(|s| s.kind != StepKind::Hop && in_zone(s.square))
            }
            Trigger::EntersOrCapturesInZone => {
                (!in_zone(pm.from) && in_zone(pm.to)) || (!captures.is_empty() && (in_zone(pm.from) || in_zone(pm.to)))
            }
        },
    };
    // Must the piece promote where it ends, whatever the move (forced ranks, or no further
    // move there)?
    let square_forced = || match rules.forced {
        Forced::ListedRanks => rules
            .forced_ranks
            .get(&me.id)
            .is_some_and(|ranks| ranks.contains(&(engine.relative_rank(man.player, pm.to) + 1))),
        Forced::WhenNoFurtherMove => never_moves_again(engine, man, pm.to),
        Forced::Never | Forced::Always => false,
    };
    if !eligible {
        // Decision (SHO-28, SHO-29 against SHO-27, SHO-37): a move ending in the zone that
        // the trigger (enters-zone: a piece already in the zone) or the after-drop rule
        // (enter-from-outside: a dropped piece that has not left the zone) does not let
        // promote, but that ends where the piece must promote ("must promote if and when they
        // reach the ninth"), promotes all the same: the forced promotion names the pieces and
        // ranks, and without it the piece would stand where it can never move (SHO-30). Under
        // a trigger that lets every move ending in the zone promote this never happens.
        if rules.trigger != Trigger::None && in_zone(pm.to) && square_forced() {
            return Choices::one(Some(target));
        }
        return stay;
    }
    let forced = match rules.repromote {
        // demotion.repromote (HEI-7): a demoted piece's promotion is forced, or left to the
        // player, as that setting says; a forced rank still forces it.
        Some(repromote_forced) if flags & DEMOTED != 0 => repromote_forced || square_forced(),
        _ => rules.forced == Forced::Always || square_forced(),
    };
    if forced {
        Choices::one(Some(target))
    } else {
        Choices::two(None, Some(target))
    }
}

/// Does a move of `player`'s dropped piece from `from` to `to` meet `promotion.after-drop`
/// (SHO-37 "may not promote until it ends a move in your promotion zone")? Such a move may
/// promote, and once it is made the piece promotes by `promotion.trigger` like any other.
pub(crate) fn meets_after_drop(
    engine: &Engine,
    zone: &str,
    rule: AfterDrop,
    player: Color,
    from: Square,
    to: Square,
) -> bool {
    let in_zone = |sq: Square| engine.in_zone(zone, player, sq);
    match rule {
        // must-reenter: "must first leave it and then end a move in it again": a piece
        // remembered as dropped that stands in the zone has not left it since (`flags_after`
        // forgets a piece that leaves), so it may not promote; a move from outside into the
        // zone is one ending in it after leaving it.
        AfterDrop::EnterFromOutside => !in_zone(from) && in_zone(to),
        AfterDrop::MoveEndingInZone => in_zone(to),
        AfterDrop::StartsOrEndsInZone => in_zone(from) || in_zone(to),
    }
}

/// What the position remembers of the piece `mv` leaves on its destination, given what it
/// remembered of it before (`before`, the flags of its origin).
///
/// `DROPPED` (where `promotion.after-drop` differs from `promotion.trigger`: `Rules::after_drop`)
/// marks a piece that was dropped and has not yet made a move meeting `promotion.after-drop`
/// (SHO-37 "until it ends a move in your promotion zone"); the move that meets it (promoting
/// or not) ends the memory, and so does any change of type. The memory is kept only while the
/// piece stands in the zone: outside it, a piece may promote only by a move into the zone under
/// every after-drop rule and under every trigger but `any-square-visited`, and such a move
/// meets every after-drop rule, so remembering would only tell apart positions with the same
/// moves (for `enter-from-outside` this is "has it left the zone since": a piece that left is
/// forgotten, its move back into the zone may promote).
///
/// `DEMOTED` (where `demotion.repromote` differs from `promotion.forced`: `Rules::repromote`)
/// marks a piece demoted in the first zone (HEI-6) that has not promoted since (HEI-7).
pub(crate) fn flags_after(engine: &Engine, mv: &Move, before: u8) -> u8 {
    let rules = &engine.rules;
    let Some(to) = mv.to else { return before };
    // Must the memory of a dropped piece be kept on `to`? (Only games with a promotion zone
    // keep it: Rules::after_drop.)
    let kept_on = |to: Square| {
        rules.trigger == Trigger::AnySquareVisited
            || rules.promotion_zone.as_deref().is_some_and(|z| engine.in_zone(z, mv.man.player, to))
    };
    if mv.kind == MoveKind::Drop {
        let promotable = engine.piece(mv.man.piece).promotes_to.is_some();
        return if rules.after_drop.is_some() && promotable && mv.promotion.is_none() && kept_on(to) {
            DROPPED
        } else {
            0
        };
    }
    if let Some(became) = mv.promotion {
        // A demotion (a promoted form turned into an unpromoted piece) is remembered; a
        // promotion forgets everything.
        let demoted = rules.demotion.is_some()
            && engine.piece(mv.man.piece).is_promoted_form
            && !engine.piece(became).is_promoted_form;
        return if demoted && rules.repromote.is_some() { DEMOTED } else { 0 };
    }
    let mut flags = before;
    if let (Some(rule), Some(from), Some(zone)) = (rules.after_drop, mv.from, rules.promotion_zone.as_deref()) {
        let stationary_counts = from != to || rules.stationary_promotes;
        let met = stationary_counts && meets_after_drop(engine, zone, rule, mv.man.player, from, to);
        if flags & DROPPED != 0 && (met || !kept_on(to)) {
            // The move could have promoted (it declined), or the piece left the zone: from now
            // on promotion.trigger decides.
            flags &= !DROPPED;
        }
    }
    flags
}

/// promotion.forced = when-no-further-move: the unpromoted piece on `sq` would have no move
/// even on an otherwise empty board.
pub(crate) fn never_moves_again(engine: &Engine, man: Man, sq: Square) -> bool {
    empty_board(engine, man).stuck[engine.game.board.index(sq)]
}

/// What a piece of one player can do from each square (by index) of an otherwise empty board:
/// fixed by the game, so found once per piece type and player (`PieceType::empty_board`).
#[derive(Clone, Debug)]
pub(crate) struct EmptyBoard {
    /// It has no move but staying (the dead-piece and forced-promotion rules).
    pub(crate) stuck: Vec<bool>,
    /// It has a move to a higher rank, its owner's way (drops.dead-piece = forward-square).
    pub(crate) advances: Vec<bool>,
}

/// [`EmptyBoard`] of `man`'s type and player, worked out on first use.
pub(crate) fn empty_board(engine: &Engine, man: Man) -> &EmptyBoard {
    engine.piece(man.piece).empty_board[man.player].get_or_init(|| {
        let (mut stuck, mut advances) = (Vec::new(), Vec::new());
        for sq in engine.game.board.squares() {
            let moves = empty_board_moves(engine, man, sq);
            let here = engine.relative_rank(man.player, sq);
            stuck.push(moves.iter().all(|m| m.to == m.from));
            advances.push(moves.iter().any(|m| engine.relative_rank(man.player, m.to) > here));
        }
        EmptyBoard { stuck, advances }
    })
}

/// The moves of `man` on `sq` with the rest of the board empty (the dead-piece rules).
pub(crate) fn empty_board_moves(engine: &Engine, man: Man, sq: Square) -> Vec<PieceMove> {
    let compiled = engine.moves_at(man.piece, man.player, sq);
    generate(compiled, &Occupancy::empty(engine.game.board), sq, engine.orientation(man.player))
}

/// The Deva/Dark Spirit rule: capturing a target (or its promoted form) turns the capturer
/// into the target's promoted form, unless the capturer is exempt, royal (all-non-royal), or
/// without its own promotion (promotable-only), or its own promotion comes first.
fn deva_target(engine: &Engine, man: Man, pm: Route, captures: &[(Square, Man)]) -> Option<PieceId> {
    let rules = &engine.rules;
    if rules.deva == 0 {
        return None;
    }
    let me = engine.piece(man.piece);
    if me.deva_exempt || me.royal {
        return None;
    }
    if rules.deva == 1 && me.promotes_to.is_none() {
        return None;
    }
    if !rules.deva_special_wins && me.promotes_to.is_some() {
        return None;
    }
    // Captures in path order; the special ones are those of a target or its promoted form
    // (piece ids are unique, so a target is known by its index).
    let special_form = |victim: Man| -> Option<PieceId> {
        engine
            .deva_forms
            .iter()
            .find_map(|&(target, promoted)| (victim.piece == target || victim.piece == promoted).then_some(promoted))
    };
    let in_order: SmallVec<[Man; 4]> = pm
        .path
        .iter()
        .filter(|s| s.kind == StepKind::Capture)
        .filter_map(|s| captures.iter().find(|(c, _)| *c == s.square).map(|(_, m)| *m))
        .collect();
    let specials: SmallVec<[PieceId; 4]> = in_order.iter().filter_map(|&v| special_form(v)).collect();
    match rules.deva_multi {
        DevaMulti::First => specials.first().copied(),
        DevaMulti::Last => specials.last().copied(),
        // HOOK-313 "the piece they took on the second capture"; when that piece is not one
        // of the special ones, the option falls back to the last special capture (its text).
        DevaMulti::Second => in_order.get(1).and_then(|&v| special_form(v)).or_else(|| specials.last().copied()),
    }
}

/// Standalone promotion without moving: promotion.in-place = any-piece-any-time (a piece in the
/// zone), and promotion.last-rank-timing = any-time (a last-rank piece standing there).
#[inline]
pub(crate) fn in_place(engine: &Engine, pos: &Position, view: &SideView, sq: Square, man: Man, out: &mut Vec<Move>) {
    let rules = &engine.rules;
    if !(rules.promote_in_place_any || rules.last_rank_any_time) {
        return; // most games: asked for every man of every position, so answered first
    }
    let me = engine.piece(man.piece);
    let Some(target) = me.promotes_to else { return };
    if view.is_frozen(engine, man, sq) {
        return;
    }
    let zone_ok = rules.promote_in_place_any
        && rules.promotion_zone.as_deref().is_some_and(|z| engine.in_zone(z, man.player, sq));
    let last_rank_ok =
        rules.last_rank_any_time && me.last_rank_promotes && engine.relative_rank(man.player, sq) == pos.size.ranks - 1;
    if zone_ok || last_rank_ok {
        out.push(Move { promotion: Some(target), ..Move::bare(MoveKind::PromoteInPlace, man, Some(sq), Some(sq)) });
    }
}
