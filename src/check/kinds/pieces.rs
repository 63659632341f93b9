//! Kinds about what pieces do: burns, jumps, freezing, confinement, zone moves, promotion.

use super::{id, men, named, own_rank, verdict};
use crate::check::properties::{FreezeSide, PromotionTrigger, ZoneBy, ZoneFrame};
use crate::check::{notation, path, Transition, Verdict};
use crate::core::{Color, PieceId};
use crate::engine::MoveKind;
use crate::geometry::{chebyshev, Square};
use crate::spec::game::GameSpec;
use crate::xbetza::generate::StepKind;
use crate::xbetza::Orientation;
use smallvec::SmallVec;
use std::collections::BTreeMap;

pub(crate) fn burn(game: &GameSpec, max: usize, immune: &[String], t: &Transition<'_>) -> Verdict {
    let mv = t.mv;
    if mv.burned.is_empty() {
        return Verdict::NotConcerned;
    }
    let Some(to) = mv.to else { return Verdict::Violated("a burn without a destination".into()) };
    if mv.burned.len() > max {
        return Verdict::Violated(format!("{} pieces burned, at most {max}", mv.burned.len()));
    }
    for &sq in &mv.burned {
        if chebyshev(sq, to) != 1 {
            return Verdict::Violated(format!("burned {} is not next to the destination {}", sq.name(), to.name()));
        }
        // What stood there before, from the position, not from the record.
        let Some(victim) = t.before.at(sq) else {
            return Verdict::Violated(format!("burned {} was empty", sq.name()));
        };
        if t.after.at(sq).is_some() {
            return Verdict::Violated(format!("burned {} is not empty after the move", sq.name()));
        }
        if immune.iter().any(|i| i == id(game, victim)) {
            return Verdict::Violated(format!("burned {} on {}, which may not be burned", id(game, victim), sq.name()));
        }
    }
    Verdict::Holds
}

pub(crate) fn forced_promotion(game: &GameSpec, ranks: &BTreeMap<String, Vec<u8>>, t: &Transition<'_>) -> Verdict {
    let mover = t.mv.man;
    let concerned = t
        .mv
        .to
        .is_some_and(|to| ranks.get(id(game, mover)).is_some_and(|r| r.contains(&own_rank(game, mover.player, to))));
    for (sq, man) in men(t.after) {
        if let Some(r) = ranks.get(id(game, man)) {
            if r.contains(&own_rank(game, man.player, sq)) {
                return Verdict::Violated(format!(
                    "unpromoted {} on {}, a forced-promotion rank",
                    id(game, man),
                    sq.name()
                ));
            }
        }
    }
    verdict(concerned)
}

pub(crate) fn confined(
    game: &GameSpec,
    pieces: &[String],
    zone: &str,
    exempt_royal_captures: bool,
    t: &Transition<'_>,
) -> Verdict {
    if exempt_royal_captures && t.mv.captures.iter().any(|(_, m)| game.pieces[m.piece.index()].royal) {
        return Verdict::NotConcerned;
    }
    // The confined piece types, named once rather than man by man.
    let confined: SmallVec<[bool; 32]> = game.pieces.iter().map(|p| named(pieces, &p.id)).collect();
    for (sq, man) in men(t.after).filter(|(_, m)| confined[m.piece.index()]) {
        if !game.in_zone(zone, man.player, sq) {
            return Verdict::Violated(format!("{} on {}, outside its {zone}", id(game, man), sq.name()));
        }
    }
    verdict(confined[t.mv.man.piece.index()])
}

/// The jump rank of a piece type: pieces without one rank below every ranked piece.
fn jump_rank(game: &GameSpec, piece: PieceId) -> u32 {
    game.pieces[piece.index()].rank.unwrap_or(0)
}

pub(crate) fn rank_jump(
    game: &GameSpec,
    pieces: &[String],
    max: usize,
    capture_royals: bool,
    capture_any_rank: bool,
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let (Some(from), false) = (mv.from, mv.path.is_empty()) else { return Verdict::NotConcerned };
    if !named(pieces, id(game, mv.man)) {
        return Verdict::NotConcerned;
    }
    let mine = jump_rank(game, mv.man.piece);
    let last = mv.path.len() - 1;
    // The squares passed over: what lies strictly between the path's points (occupied squares
    // there are jumped too, whatever the notation says) and the hop and passing-capture steps.
    let mut jumped: Vec<(Square, bool)> = Vec::new();
    let mut taken: Vec<Square> = Vec::new();
    let mut at = from;
    for (i, step) in mv.path.iter().enumerate() {
        for sq in t.before.size.between(at, step.square) {
            if sq != from && t.before.at(sq).is_some() && !taken.contains(&sq) {
                jumped.push((sq, false));
            }
        }
        let passing = i < last && step.square != from;
        match step.kind {
            StepKind::Hop if step.square != from => jumped.push((step.square, false)),
            StepKind::Capture if passing => {
                jumped.push((step.square, true));
                taken.push(step.square);
            }
            _ => {}
        }
        at = step.square;
    }
    if jumped.is_empty() {
        return Verdict::NotConcerned;
    }
    if jumped.len() > max {
        return Verdict::Violated(format!("{} jumped over {} pieces, at most {max}", id(game, mv.man), jumped.len()));
    }
    for (sq, captured) in jumped {
        let Some(victim) = t.before.at(sq) else {
            return Verdict::Violated(format!("jumped {} was empty", sq.name()));
        };
        let royal = game.pieces[victim.piece.index()].royal;
        if captured && royal && !capture_royals {
            return Verdict::Violated(format!("captured the royal {} on {} in passing", id(game, victim), sq.name()));
        }
        let lower = jump_rank(game, victim.piece) < mine;
        if !lower && !(captured && (capture_any_rank || (royal && capture_royals))) {
            return Verdict::Violated(format!(
                "{} (rank {mine}) jumped {} on {} (rank {}), not of a lower rank",
                id(game, mv.man),
                id(game, victim),
                sq.name(),
                jump_rank(game, victim.piece)
            ));
        }
    }
    Verdict::Holds
}

/// The squares of the pieces in `pos` that freeze pieces of `player` (the enemy's freezers, or
/// either side's under `side = both`), in board order: found once per transition, since every
/// man of the side is then looked at against them.
fn freezer_squares(
    game: &GameSpec,
    freezers: &[String],
    side: FreezeSide,
    pos: &crate::engine::Position,
    player: Color,
) -> Vec<Square> {
    men(pos)
        .filter(|(_, m)| named(freezers, id(game, *m)) && (side == FreezeSide::Both || m.player != player))
        .map(|(f, _)| f)
        .collect()
}

/// The first of `freezers` (their squares) within `range` of `sq`, other than `sq` itself.
fn frozen_by(freezers: &[Square], range: u8, sq: Square) -> Option<Square> {
    freezers.iter().copied().find(|&f| f != sq && chebyshev(f, sq) <= u32::from(range))
}

pub(crate) fn frozen(
    game: &GameSpec,
    freezers: &[String],
    range: u8,
    immune: &[String],
    side: FreezeSide,
    may_igui: bool,
    t: &Transition<'_>,
) -> Verdict {
    let me = t.before.side;
    let holders = freezer_squares(game, freezers, side, t.before, me);
    if holders.is_empty() {
        return Verdict::NotConcerned;
    }
    let frozen_here =
        |sq: Square, man| !immune.iter().any(|i| i == id(game, man)) && frozen_by(&holders, range, sq).is_some();
    let any_frozen = men(t.before).any(|(sq, m)| m.player == me && frozen_here(sq, m));
    if !any_frozen {
        return Verdict::NotConcerned;
    }
    let Some(from) = t.mv.from else { return Verdict::Holds };
    if !frozen_here(from, t.mv.man) {
        return Verdict::Holds;
    }
    let stationary_capture = t.mv.to == Some(from) && !t.mv.captures.is_empty();
    if may_igui && stationary_capture {
        return Verdict::Holds;
    }
    let by = frozen_by(&holders, range, from).map(|s| s.name()).unwrap_or_default();
    Verdict::Violated(format!("{} on {} moved while frozen by the piece on {by}", id(game, t.mv.man), from.name()))
}

pub(crate) fn zone_moves(
    game: &GameSpec,
    by: ZoneBy,
    frame: ZoneFrame,
    promoted_zone: Option<&str>,
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let (Some(from), Some(to)) = (mv.from, mv.to) else { return Verdict::NotConcerned };
    if mv.path.is_empty() {
        return Verdict::NotConcerned;
    }
    let me = mv.man.player;
    let piece = &game.pieces[mv.man.piece.index()];
    // A promoted form without zone moves of its own moves as its unpromoted piece's move of
    // `promoted_zone`.
    let unpromoted = game.pieces.iter().find(|p| p.promotes_to.as_deref() == Some(piece.id.as_str()));
    let (zone_moves, fixed) = match (unpromoted, promoted_zone) {
        (Some(u), Some(z)) if !u.zone_moves.is_empty() => (&u.zone_moves, Some(z)),
        _ if !piece.zone_moves.is_empty() => (&piece.zone_moves, None),
        _ => return Verdict::NotConcerned,
    };
    let frame_player = match frame {
        ZoneFrame::Player => me,
        ZoneFrame::Board => Color::Black,
    };
    let square = match by {
        ZoneBy::Origin => from,
        ZoneBy::Destination => to,
    };
    let zone = fixed
        .map(str::to_string)
        .or_else(|| zone_moves.keys().find(|z| game.in_zone(z, frame_player, square)).cloned());
    // The matcher reads the XBetza text (src/check/notation.rs), not the compiled programs.
    let (label, text) = match zone.as_deref().and_then(|z| zone_moves.get(z).map(|m| (z, m))) {
        Some((z, (text, _))) => (format!("its {z}-zone move"), text),
        None => ("its move outside the zones".to_string(), &piece.betza),
    };
    let read = notation::cached(text, game.board, game.xbetza);
    let moves = match read.as_ref() {
        Ok(moves) => moves,
        Err(e) => {
            return Verdict::Violated(format!("{}: the path matcher cannot read {text}: {e}", t.engine.move_text(mv)))
        }
    };
    let occupancy = t.occupancy(me);
    // Left and right in the frame the invariant names, not the engine's.
    let orientation = match (me, frame) {
        (Color::Black, _) => Orientation::Up,
        (_, ZoneFrame::Player) => Orientation::Down,
        (_, ZoneFrame::Board) => Orientation::DownBoardSides,
    };
    match path::path_obeys(moves, &occupancy, from, orientation, &mv.path, path::PathOptions::default()) {
        Ok(()) => Verdict::Holds,
        Err(why) => Verdict::Violated(format!("{}: not {label} ({why})", t.engine.move_text(mv))),
    }
}

pub(crate) fn capture_promotion(
    game: &GameSpec,
    deva: &BTreeMap<String, String>,
    exempt: &[String],
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let Some(to) = mv.to else { return Verdict::NotConcerned };
    if mv.captures.is_empty() || mv.kind == MoveKind::Drop {
        return Verdict::NotConcerned;
    }
    let mover = id(game, mv.man);
    // The last special capture along the path decides (the path's order, not the squares').
    let special = if exempt.iter().any(|e| e == mover) {
        None
    } else {
        mv.path
            .iter()
            .filter(|s| s.kind == StepKind::Capture)
            .filter_map(|s| t.before.at(s.square))
            .filter_map(|victim| deva.get(id(game, victim)))
            .next_back()
    };
    let expected: &str = match special {
        Some(becomes) => becomes,
        None => game.pieces[mv.man.piece.index()].promotes_to.as_deref().unwrap_or(mover),
    };
    let Some(now) = t.after.at(to) else {
        return Verdict::Violated(format!("{} is empty after the capture", to.name()));
    };
    if id(game, now) == expected {
        Verdict::Holds
    } else {
        Verdict::Violated(format!("{mover} captured and became {}, where it should be {expected}", id(game, now)))
    }
}

/// Where the trigger lets a move from `from` to `to` promote, for `player`.
fn trigger_allows(
    game: &GameSpec,
    zone: &str,
    trigger: PromotionTrigger,
    player: Color,
    from: Option<Square>,
    to: Square,
    captures: bool,
) -> bool {
    let inside = |sq: Square| game.in_zone(zone, player, sq);
    match trigger {
        PromotionTrigger::InZoneStartOrEnd => inside(to) || from.is_some_and(inside),
        PromotionTrigger::EndsInZone => inside(to),
        PromotionTrigger::EntersZone => inside(to) && !from.is_some_and(inside),
        PromotionTrigger::EntersOrCapturesInZone => {
            (inside(to) && !from.is_some_and(inside)) || (captures && (inside(to) || from.is_some_and(inside)))
        }
    }
}

pub(crate) fn promotion(
    game: &GameSpec,
    zone: &str,
    trigger: PromotionTrigger,
    optional: bool,
    forced: &BTreeMap<String, Vec<u8>>,
    last_rank: &[String],
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let (Some(to), true) = (mv.to, mv.kind != MoveKind::Drop) else { return Verdict::NotConcerned };
    let piece = &game.pieces[mv.man.piece.index()];
    // A change back to the piece that promotes to this one is a demotion (Heian), not a
    // promotion: another kind's business.
    let demotion =
        mv.promotion.is_some_and(|p| game.pieces[p.index()].promotes_to.as_deref() == Some(piece.id.as_str()));
    if demotion {
        return Verdict::NotConcerned;
    }
    let Some(target) = piece.promotes_to.as_deref() else {
        return match mv.promotion {
            Some(p) => {
                Verdict::Violated(format!("{} has no promotion, yet became {}", piece.id, game.pieces[p.index()].id))
            }
            None => Verdict::NotConcerned,
        };
    };
    let me = mv.man.player;
    let last = game.board.ranks;
    let reaches_last_rank = last_rank.contains(&piece.id)
        && own_rank(game, me, to) == last
        && mv.from.is_some_and(|from| own_rank(game, me, from) != last);
    let allowed = reaches_last_rank || trigger_allows(game, zone, trigger, me, mv.from, to, !mv.captures.is_empty());
    let twin = |promoted: bool| {
        let mut id = mv.identity();
        id.promotion = if promoted { game.pieces.iter().position(|p| p.id == target).map(PieceId::new) } else { None };
        t.moves.iter().any(|m| m.identity() == id)
    };
    match mv.promotion {
        Some(p) => {
            if !allowed {
                return Verdict::Violated(format!(
                    "{} promoted on a move the {zone} zone does not allow",
                    t.engine.move_text(mv)
                ));
            }
            if game.pieces[p.index()].id != target {
                return Verdict::Violated(format!("{} became {}, not {target}", piece.id, game.pieces[p.index()].id));
            }
            // A promotion in place has a pass for its unpromoted twin, which the skip rules
            // may forbid (SUZ-164 lets the promoting pass stand after a skip).
            let pass_twin = mv.from == Some(to) && mv.captures.is_empty();
            let must = pass_twin || forced.get(&piece.id).is_some_and(|r| r.contains(&own_rank(game, me, to)));
            if optional && !must && !twin(false) {
                return Verdict::Violated(format!(
                    "{}: promotion is optional, but the move is not offered unpromoted",
                    t.engine.move_text(mv)
                ));
            }
            Verdict::Holds
        }
        None if allowed => {
            if !optional {
                return Verdict::Violated(format!(
                    "{}: promotion is not optional, yet the move does not promote",
                    t.engine.move_text(mv)
                ));
            }
            if !twin(true) {
                return Verdict::Violated(format!(
                    "{}: the move may promote, but its promoting twin is not offered",
                    t.engine.move_text(mv)
                ));
            }
            Verdict::Holds
        }
        None => Verdict::NotConcerned,
    }
}
