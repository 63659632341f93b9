//! The piece rules XBetza cannot state, judged on one path of a move (a move identity is legal
//! when any of its paths is). Each check cites the settings it reads; the settings cite the
//! document clauses (src/spec/settings.rs, specs/*.toml).

use super::position::{Man, Position};
use super::Engine;
use crate::geometry::{chebyshev, Square};
use crate::xbetza::compile::LegDirections;
use crate::xbetza::{CompiledBetza, PieceMove, Squares, StepKind};

/// `jump.landing = capture-or-empty | after-any-capture`: a jumping path may end on an empty
/// square. The configurations write jumps as `(cpaf)2cB` (final leg capture-only), so the
/// final leg of every program that can hop is widened to empty squares; which of those moves
/// stand is decided by [`jump_ok`].
pub fn widen_jump_landing(moves: &mut CompiledBetza) {
    for program in &mut moves.programs {
        let hops = program.legs.iter().any(|l| !l.is_final && (l.modes.hop || l.modes.grasshop));
        if hops {
            if let Some(last) = program.legs.last_mut() {
                last.modes.empty = true;
            }
        }
    }
}

/// `burn.targets = any`: the burn and igui legs (capture legs after the first) may take
/// friendly pieces too; the first leg's capture (the arrival) stays enemy-only.
pub fn widen_burn_targets(moves: &mut CompiledBetza) {
    for program in &mut moves.programs {
        for leg in program.legs.iter_mut().skip(1) {
            if !leg.is_final && leg.modes.enemy {
                leg.modes.friend = true;
            }
        }
    }
}

/// Where the piece first arrives at its destination on this path (index into `path`).
fn arrival(pm: &PieceMove) -> usize {
    pm.path.iter().position(|s| s.square == pm.to).unwrap_or(pm.path.len() - 1)
}

/// Is the path allowed by the mover's abilities? `man` stands on `pm.from` in `pos`. A one-step
/// path of a piece that is not `PieceType::path_filtered` always is (it neither jumps, burns,
/// nor returns to its start for igui).
pub(crate) fn path_ok(engine: &Engine, pos: &Position, man: Man, moves: &CompiledBetza, pm: &PieceMove) -> bool {
    let a = &engine.piece(man.piece).abilities;
    if a.jumps && !jump_ok(engine, pos, man, pm) {
        return false;
    }
    if !burn_and_igui_ok(engine, pos, man, moves, pm) || takes_own_royal(engine, pos, man, pm) {
        return false;
    }
    if a.screens_non_cannon && hops_a_gun(engine, pos, pm) {
        // cannon.screens = non-cannon: a gun may not use another gun as its screen.
        return false;
    }
    if let Some(zone) = engine.piece(man.piece).confine_zone {
        // `confine`: every square the piece stands on during the move (every leg end it does
        // not hop over) is in its zone.
        if !pm.path.iter().filter(|s| s.kind != StepKind::Hop).all(|s| engine.in_zone_at(zone, man.player, s.square)) {
            return false;
        }
    }
    true
}

/// Does a leg of the path pass over a gun (a piece with `cannon.*`)? A screen is not a leg
/// end of a hop (`p`), so the squares strictly between each leg's ends are looked at: a slide
/// passes only empty ones, so any piece there was hopped.
fn hops_a_gun(engine: &Engine, pos: &Position, pm: &PieceMove) -> bool {
    let board = &engine.game.board;
    let mut at = pm.from;
    pm.path.iter().any(|step| {
        let start = std::mem::replace(&mut at, step.square);
        board.between(start, step.square).any(|sq| pos.at(sq).is_some_and(|m| engine.piece(m.piece).abilities.cannon))
    })
}

/// Rank-limited jumping (jump.*): which pieces the path jumps and captures.
fn jump_ok(engine: &Engine, pos: &Position, man: Man, pm: &PieceMove) -> bool {
    let me = engine.piece(man.piece);
    let a = &me.abilities;
    let last = pm.path.len() - 1;
    let mut jumped = 0;
    let mut jump_captures = 0;
    for (i, step) in pm.path.iter().enumerate() {
        let Some(victim) = pos.at(step.square) else { continue };
        if step.square == pm.from {
            continue;
        }
        let v = engine.piece(victim.piece);
        match step.kind {
            StepKind::Hop => {
                jumped += 1;
                // jump.rank-limit: only pieces of lower rank may be jumped.
                if a.jump_rank_limit >= 1 && v.rank >= me.rank {
                    return false;
                }
            }
            StepKind::Capture if i < last || step.square != pm.to => {
                jumped += 1;
                jump_captures += 1;
                if !a.jump_capture_jumped {
                    return false;
                }
                if v.royal && !a.jump_capture_royals {
                    return false;
                }
                // jump.capture-jumped-rank (and jump-and-capture): a jump-capture takes only
                // what the piece could jump.
                let rank_limited = !a.jump_capture_jumped_any_rank || a.jump_rank_limit == 2;
                if !v.royal && rank_limited && v.rank >= me.rank {
                    return false;
                }
            }
            StepKind::Capture => {
                // The final capture: jump.capture-targets.
                if a.jump_targets_lower_only && v.rank >= me.rank {
                    return false;
                }
            }
            StepKind::Move => {}
        }
    }
    if jumped > a.jump_max {
        return false;
    }
    if jumped > 0 {
        let final_capture = pm.path[last].kind == StepKind::Capture;
        match a.jump_landing {
            0 if !final_capture => return false,
            2 if !final_capture && jump_captures == 0 => return false,
            _ => {}
        }
    }
    true
}

/// Burning (burn.*) and igui limits (igui.max).
fn burn_and_igui_ok(engine: &Engine, pos: &Position, man: Man, moves: &CompiledBetza, pm: &PieceMove) -> bool {
    let a = &engine.piece(man.piece).abilities;
    if pm.captures.is_empty() && (a.burn_optional || pm.to == pm.from) {
        return true; // (a compulsory burner's move that takes nothing is judged below)
    }
    let immune = |sq: Square| burn_immune(engine, pos, man, sq);
    let at = arrival(pm);
    if pm.to == pm.from {
        // Back on the start square. After an area move that returned there (the start reached
        // again before any capture, with steps in between) the captures are a burn under
        // burn.return-to-start = burn; otherwise they are igui.
        let first_capture = pm.path.iter().position(|s| s.kind == StepKind::Capture).unwrap_or(0);
        let returned = pm.path[..first_capture].iter().any(|s| s.square == pm.from) && first_capture >= 2;
        if a.burn_max > 0 && returned && a.burn_return_is_burn {
            return pm.captures.len() as u32 <= a.burn_max && !pm.captures.iter().any(|&c| immune(c));
        }
        if pm.captures.len() as u32 > a.igui_max {
            return false;
        }
        if a.burn_max > 0 && a.burn_immunity_covers_igui && pm.captures.iter().any(|&c| immune(c)) {
            return false;
        }
        return true;
    }
    if a.burn_max == 0 {
        return true;
    }
    // The destination's own piece is taken on arrival, whatever leg took it.
    let arrival_capture = pm.captures.contains(&pm.to);
    let burned: Vec<Square> = pm.path[at + 1..]
        .iter()
        .filter(|s| s.kind == StepKind::Capture && s.square != pm.to)
        .map(|s| s.square)
        .collect();
    let area_move = is_area_move(moves, pm, at);
    let limit = if a.burn_arrival_counted && arrival_capture { a.burn_max.saturating_sub(1) } else { a.burn_max };
    if burned.len() as u32 > limit {
        return false;
    }
    if burned.iter().any(|&s| immune(s)) {
        return false;
    }
    if area_move && !burned.is_empty() {
        match a.burn_after_area {
            1 => return false,
            2 if arrival_capture => return false,
            _ => {}
        }
    }
    if !a.burn_optional {
        // burn.optional = false: burn as many as the rules allow.
        let available = engine
            .game
            .board
            .squares()
            .filter(|&s| s != pm.to && chebyshev(s, pm.to) == 1)
            .filter(|&s| {
                pos.at(s).is_some_and(|v| (v.player != man.player || a.burn_any_target) && s != pm.from)
                    && !immune(s)
                    && !pm.path[..=at].iter().any(|p| p.square == s && p.kind == StepKind::Capture)
            })
            .count() as u32;
        if (burned.len() as u32) < limit.min(available) {
            return false;
        }
    }
    true
}

/// Did the piece reach its destination by an area move (burn.after-area-move, SUZ-104/105
/// "it can move to another square and then capture")? It did when it needed more than one leg
/// to arrive, and also after a single step of a program that moves by king steps: the Fire
/// Demon's one-step area move `mpacabK` arrives in one leg, as a one-square slide does, and
/// only the program tells them apart (it has no vertical slide, so a vertical step before a
/// burn can only be an area move). `moves` is the move set that generated the path (its
/// program index points there); a path the rules add (no program) is no area move.
fn is_area_move(moves: &CompiledBetza, pm: &PieceMove, arrival: usize) -> bool {
    if arrival >= 1 {
        return true;
    }
    let king_step = |v: &(i32, i32)| v.0.abs() <= 1 && v.1.abs() <= 1;
    pm.program.and_then(|i| moves.programs.get(i as usize)).is_some_and(|p| {
        p.base_steps == 1
            && matches!(p.legs.first().map(|l| &l.directions), Some(LegDirections::Absolute(v)) if v.iter().all(king_step))
    })
}

/// Burned squares of a path: captures after the piece first reached its (other) destination.
pub(crate) fn burned_squares(engine: &Engine, man: Man, pm: &PieceMove) -> Squares {
    if engine.piece(man.piece).abilities.burn_max == 0 || pm.to == pm.from {
        return Squares::new();
    }
    let at = arrival(pm);
    let mut out: Squares = pm.path[at + 1..]
        .iter()
        .filter(|s| s.kind == StepKind::Capture && s.square != pm.to)
        .map(|s| s.square)
        .collect();
    out.sort();
    out
}

// (Kept below the rest of the file, so that the line numbers of the mutation run of 2026-11-26
// stay valid; see README, "How strong are the tests".)

/// Is the piece on `sq` out of the burner's reach: named in burn.immune, or (burn.targets =
/// any-but-own-royals) one of the burner's own royals?
fn burn_immune(engine: &Engine, pos: &Position, man: Man, sq: Square) -> bool {
    let a = &engine.piece(man.piece).abilities;
    pos.at(sq).is_some_and(|v| {
        a.burn_immune.contains(&engine.piece(v.piece).id)
            || (a.burn_spares_own_royals && v.player == man.player && engine.piece(v.piece).royal)
    })
}

/// burn.targets = any-but-own-royals: does the path take one of the mover's own royals (by a
/// burn or an igui, the only legs that may take friends)?
fn takes_own_royal(engine: &Engine, pos: &Position, man: Man, pm: &PieceMove) -> bool {
    engine.piece(man.piece).abilities.burn_spares_own_royals
        && pm.captures.iter().any(|&c| pos.at(c).is_some_and(|v| v.player == man.player && engine.piece(v.piece).royal))
}
