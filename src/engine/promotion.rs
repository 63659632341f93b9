//! Promotion choices of a move: zone promotion (Suzumu, Mitsugumi: promotion.zone, trigger,
//! forced, stationary-moves), capture promotion with the Deva/Dark Spirit rule (Hook:
//! promotion.on-capture, deva*), the last-rank option (promotion.last-rank*), and promotion in
//! place (promotion.in-place = any-piece-any-time, last-rank-timing = any-time).

use super::config::{DevaMulti, Forced, Trigger};
use super::generate::SideView;
use super::moves::{Kind, Move};
use super::position::{Man, Position};
use super::Engine;
use crate::geometry::Square;
use crate::xbetza::{generate, Occupancy, PieceMove, StepKind};

/// The promotion outcomes a path may end with: `None` stays, `Some(t)` becomes type `t`. An
/// empty list means the path is not a legal move (a capture a piece may not make).
pub fn choices(engine: &Engine, pos: &Position, man: Man, pm: &PieceMove, captures: &[(Square, Man)]) -> Vec<Option<u16>> {
    let rules = &engine.rules;
    let me = engine.piece(man.piece);
    // demotion.on (HEI-6): a promoted piece moving into the first zone is re-flipped.
    if let Some(demotion) = &rules.demotion {
        let entering = engine.in_zone(&demotion.zone, man.player, pm.to) && !engine.in_zone(&demotion.zone, man.player, pm.from);
        if me.is_promoted_form && entering && (!demotion.non_captures_only || captures.is_empty()) {
            return vec![Some(super::drops::unpromoted_type(engine, man.piece))];
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
            return vec![(target != man.piece).then_some(target)];
        }
        return match me.promotes_to {
            Some(t) if rules.capture_promotion_optional => vec![None, Some(t)],
            Some(t) => vec![Some(t)],
            // promotion.non-promoting-capture = cannot-capture: a piece with no promotion
            // (Hook Mover, Tengu, every promoted piece, Emperor, Prince) may not capture,
            // unless the Deva rule above promoted it.
            None if rules.nonpromoting_cannot_capture => Vec::new(),
            None => vec![None],
        };
    }
    let mut out = vec![None];
    let Some(target) = me.promotes_to else { return out };
    // The last-rank option (Hook: Pawn, Stone and Iron General on arriving at the last rank).
    if rules.last_rank.contains(&me.id) && pm.to != pm.from {
        let last = pos.size.ranks - 1;
        if engine.relative_rank(man.player, pm.to) == last && engine.relative_rank(man.player, pm.from) != last {
            return if rules.last_rank_optional { vec![None, Some(target)] } else { vec![Some(target)] };
        }
    }
    // Zone promotion.
    let Some(zone) = &rules.promotion_zone else { return out };
    let in_zone = |sq: Square| engine.in_zone(zone, man.player, sq);
    let stationary = pm.to == pm.from;
    if stationary && !rules.stationary_promotes {
        return out;
    }
    let eligible = match rules.trigger {
        Trigger::None => false,
        Trigger::EntersZone => !in_zone(pm.from) && in_zone(pm.to),
        Trigger::EndsInZone => in_zone(pm.to),
        Trigger::StartsOrEndsInZone => in_zone(pm.from) || in_zone(pm.to),
        Trigger::AnySquareVisited => {
            in_zone(pm.from) || pm.path.iter().any(|s| s.kind != StepKind::Hop && in_zone(s.square))
        }
    };
    if !eligible {
        return out;
    }
    let forced = match rules.forced {
        Forced::Never => false,
        Forced::Always => true,
        Forced::ListedRanks => rules
            .forced_ranks
            .get(&me.id)
            .is_some_and(|ranks| ranks.contains(&(engine.relative_rank(man.player, pm.to) + 1))),
        Forced::WhenNoFurtherMove => never_moves_again(engine, man, pm.to),
    };
    if forced {
        out.clear();
    }
    out.push(Some(target));
    out
}

/// promotion.forced = when-no-further-move: the unpromoted piece on `sq` would have no move
/// even on an otherwise empty board.
pub fn never_moves_again(engine: &Engine, man: Man, sq: Square) -> bool {
    empty_board_moves(engine, man, sq).iter().all(|m| m.to == m.from)
}

/// The moves of `man` on `sq` with the rest of the board empty (the dead-piece rules).
pub fn empty_board_moves(engine: &Engine, man: Man, sq: Square) -> Vec<PieceMove> {
    let compiled = engine.moves_at(man.piece, man.player, sq);
    generate(compiled, &Occupancy::empty(engine.game.board), sq, engine.orientation(man.player))
}

/// The Deva/Dark Spirit rule: capturing a target (or its promoted form) turns the capturer
/// into the target's promoted form, unless the capturer is exempt, royal (all-non-royal), or
/// without its own promotion (promotable-only), or its own promotion comes first.
fn deva_target(engine: &Engine, man: Man, pm: &PieceMove, captures: &[(Square, Man)]) -> Option<u16> {
    let rules = &engine.rules;
    if rules.deva == 0 {
        return None;
    }
    let me = engine.piece(man.piece);
    if rules.deva_exempt.contains(&me.id) || me.royal {
        return None;
    }
    if rules.deva == 1 && me.promotes_to.is_none() {
        return None;
    }
    if !rules.deva_special_wins && me.promotes_to.is_some() {
        return None;
    }
    // Captures in path order; the special ones are those of a target or its promoted form.
    let special_form = |victim: Man| -> Option<u16> {
        let v = engine.piece(victim.piece);
        rules.deva_targets.iter().find_map(|t| {
            let ti = engine.piece_index(t)?;
            let promoted = engine.piece(ti).promotes_to?;
            (victim.piece == ti || victim.piece == promoted || v.id == *t).then_some(promoted)
        })
    };
    let in_order: Vec<Man> = pm
        .path
        .iter()
        .filter(|s| s.kind == StepKind::Capture)
        .filter_map(|s| captures.iter().find(|(c, _)| *c == s.square).map(|(_, m)| *m))
        .collect();
    let specials: Vec<u16> = in_order.iter().filter_map(|&v| special_form(v)).collect();
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
pub fn in_place(engine: &Engine, pos: &Position, view: &SideView, sq: Square, man: Man, out: &mut Vec<Move>) {
    let rules = &engine.rules;
    let me = engine.piece(man.piece);
    let Some(target) = me.promotes_to else { return };
    if view.is_frozen(engine, man, sq) {
        return;
    }
    let zone_ok = rules.promote_in_place_any
        && rules.promotion_zone.as_deref().is_some_and(|z| engine.in_zone(z, man.player, sq));
    let last_rank_ok = rules.last_rank_any_time
        && rules.last_rank.contains(&me.id)
        && engine.relative_rank(man.player, sq) == pos.size.ranks - 1;
    if zone_ok || last_rank_ok {
        out.push(Move { promotion: Some(target), ..Move::bare(Kind::PromoteInPlace, man, Some(sq), Some(sq)) });
    }
}
