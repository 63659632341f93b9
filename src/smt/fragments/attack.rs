//! What "attacked" means: which captures attack a square (legality.attack), whether a frozen
//! piece attacks (check.frozen-attackers), whether a protector must itself be able to
//! recapture (legality.protection), and whether an attack on one of several royals is check
//! (check.royals). The four change nothing unless some rule of the game
//! asks whether a square is attacked; the engine asks it only for these rules, read from the
//! engine's settings here:
//! - a move may not leave one's own royal attacked (legality.self-check), or check must be
//!   resolved (check.must-resolve);
//! - checkmate ends the game (end.checkmate = terminal), stalemate is judged on safe moves
//!   (end.stalemate-condition = no-safe-move);
//! - perpetual check loses (end.perpetual-check);
//! - the pawn-drop mate ban (drops.pawn-mate), a drop's extra turn judged by check
//!   (extra-turn.check);
//! - the ban on capturing a protected royal (a piece's protected-royal-ban, HOOK-188 "it
//!   cannot capture a piece that is protected").
//!
//! With none of them in the game, the options give the same legal moves and results: proved
//! without a model. Otherwise designed positions look for a witness (`witness::attacks`): an
//! enemy royal in the centre, a piece that may take it (one with the ban first), and one enemy
//! piece of each type on each square near the royal (or, for the recursive protection, a friend
//! next to it), confirmed by the engine.

use super::centre;
use crate::core::PieceId;
use crate::engine::config::{ExtraTurnCheck, PawnMate, SelfCheck};
use crate::engine::Engine;
use crate::geometry::Square;
use crate::smt::board::SymBoard;
use crate::smt::readings::paths_within;
use crate::smt::readings::Facet;
use crate::smt::symbolic::SymPath;
use crate::smt::{solve, Answer, Limits};
use crate::spec::rules::Rule;
use crate::witness::attacks;
use crate::witness::Pair;
use crate::xbetza::{Cell, StepKind};
use z3::ast::Bool;

/// The rules of `engine`'s game that ask whether a square is attacked.
fn consumers(engine: &Engine) -> Vec<&'static str> {
    let r = &engine.rules;
    let mut out = Vec::new();
    if r.self_check != SelfCheck::Allowed {
        out.push("a move may not leave one's royal attacked");
    }
    if r.must_resolve {
        out.push("check must be resolved");
    }
    if r.checkmate_terminal {
        out.push("checkmate ends the game");
    }
    if r.stalemate_no_safe_move {
        out.push("stalemate is judged on safe moves");
    }
    if r.perpetual_check_loses {
        out.push("perpetual check loses");
    }
    if r.drops && r.pawn_mate != PawnMate::Allowed {
        out.push("the pawn-drop ban");
    }
    if r.extra_turn.as_ref().is_some_and(|e| e.check != ExtraTurnCheck::Ignored) {
        out.push("a drop's extra turn judged by check");
    }
    if engine.pieces.iter().any(|p| p.abilities.protected_royal_ban) {
        out.push(PROTECTED_BAN);
    }
    out
}

/// The one consumer that asks about attacks on a square, not about check: check.royals leaves
/// it alone.
const PROTECTED_BAN: &str = "the ban on capturing a protected royal";

pub(crate) fn attack(pair: &Pair, limits: &Limits) -> Facet {
    let (ca, cb) = (consumers(pair.a), consumers(pair.b));
    if ca.is_empty() && cb.is_empty() {
        return Facet::NoEffect(
            "no rule of the game asks whether a square is attacked (a royal may be left attacked, check need not be resolved, no checkmate, no perpetual-check loss, no pawn-drop ban, no protected-royal ban)".into(),
        );
    }
    let royals_only = pair.a.rules.check_last_royal_only != pair.b.rules.check_last_royal_only
        && pair.a.rules.frozen_attack == pair.b.rules.frozen_attack
        && pair.a.rules.attack_final_leg_only == pair.b.rules.attack_final_leg_only
        && pair.a.rules.protection_recursive == pair.b.rules.protection_recursive;
    if royals_only && ca.iter().chain(&cb).all(|c| *c == PROTECTED_BAN) {
        return Facet::NoEffect(
            format!(
                "{} decides only whether a player is in check, and no rule of the game asks that (the protected-royal ban asks whether a royal's square is attacked, whatever the count of royals)",
                Rule::CheckRoyals.path()
            ),
        );
    }
    let frozen_only = pair.a.rules.frozen_attack != pair.b.rules.frozen_attack
        && pair.a.rules.attack_final_leg_only == pair.b.rules.attack_final_leg_only
        && pair.a.rules.protection_recursive == pair.b.rules.protection_recursive;
    if frozen_only && !pair.a.pieces.iter().any(|p| p.abilities.freezes) {
        return Facet::NoEffect("no piece of the game freezes, so no attacker is ever frozen".into());
    }
    if let Some(w) = attacks::designed(pair) {
        return Facet::Found(w);
    }
    // Only legality.attack differs: Z3 may prove that no capture is made by a non-final leg
    // alone, so that the two definitions attack the same squares.
    let only_final_leg = pair.a.rules.attack_final_leg_only != pair.b.rules.attack_final_leg_only
        && pair.a.rules.frozen_attack == pair.b.rules.frozen_attack
        && pair.a.rules.protection_recursive == pair.b.rules.protection_recursive;
    if only_final_leg {
        return final_leg(pair, limits);
    }
    Facet::Open(format!("no designed position separates the options (the game asks for attacks in: {})", ca.join(", ")))
}

/// Z3 over every piece's symbolic paths from the centre: is there an occupancy with an enemy
/// on some square that a path captures by a leg that does not end the move, while no path
/// captures it by its last leg? If not, "any capture" and "landing captures" attack the same
/// squares on every board (within the window; the engine's other filters only remove moves).
fn final_leg(pair: &Pair, limits: &Limits) -> Facet {
    let e = pair.a;
    let from = centre(&e.game);
    let mut seen: Vec<&crate::xbetza::compile::CompiledBetza> = Vec::new();
    let mut radius_min = u8::MAX;
    for i in (0..e.pieces.len()).map(PieceId::new) {
        let p = e.piece(i);
        for c in std::iter::once(&p.moves).chain(p.zone_moves.iter().map(|(_, c)| c)) {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let Some((paths, _, radius)) = paths_within(c, c, from, limits) else {
                return Facet::Open(format!(
                    "{}: more than {} symbolic paths even in a window of radius 1",
                    p.id, limits.max_paths
                ));
            };
            let last_takes = |q: &SymPath, t: Square| {
                q.to == t && q.steps.last().is_some_and(|s| s.kind == StepKind::Capture && s.square == t)
            };
            let targets: std::collections::BTreeSet<Square> = paths
                .iter()
                .flat_map(|q| q.captures.iter().copied().filter(|&t| !last_takes(q, t)).collect::<Vec<_>>())
                .collect();
            if targets.is_empty() {
                continue;
            }
            radius_min = radius_min.min(radius);
            let mut board = SymBoard::new("");
            let mut alone = Vec::new();
            for &t in &targets {
                let mid: Vec<&SymPath> =
                    paths.iter().filter(|q| q.captures.contains(&t) && !last_takes(q, t)).collect();
                let fin: Vec<&SymPath> = paths.iter().filter(|q| last_takes(q, t)).collect();
                let taken_last = if fin.is_empty() { Bool::from_bool(false) } else { board.any(&fin) };
                alone.push(Bool::and(&[board.is(t, Cell::Enemy), board.any(&mid), taken_last.not()]));
            }
            match solve(&[Bool::or(&alone)], limits) {
                Answer::Unsat => {}
                Answer::Unknown(why) => return Facet::Open(format!("{}: Z3: {why}", p.id)),
                Answer::Sat(_) => {
                    return Facet::Open(format!(
                        "{} can take a square by a leg that does not end its move and by no last leg on some board; no designed position confirmed a difference",
                        p.id
                    ))
                }
            }
        }
    }
    Facet::NoEffect(format!(
        "every square a piece can take by a leg that does not end its move it can also take by the last leg of a move on the same board (Z3 over every piece's paths within {} squares of the centre), so both definitions attack the same squares",
        if radius_min == u8::MAX { 0 } else { radius_min }
    ))
}
