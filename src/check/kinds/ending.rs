//! Kinds about turns and the game's end: skips, facing royals, the protected royal, the end by
//! royal capture or by no legal move, repetition.

use super::{id, named, royals_by_player};
use crate::check::properties::{EndBy, FlyingRule, SkipScope};
use crate::check::{Transition, Verdict};
use crate::core::Color;
use crate::engine::status::Outcome;
use crate::engine::Position;
use crate::geometry::Square;
use crate::spec::game::GameSpec;
use smallvec::SmallVec;

/// A skip leaves board and hands as they were.
pub(crate) fn no_consecutive_skips(scope: SkipScope, t: &Transition<'_>) -> Verdict {
    let skipped = t.before.board == t.after.board && t.before.hands == t.after.hands;
    if !skipped {
        return Verdict::NotConcerned;
    }
    let mover = t.before.side;
    let own = t.before.last_skip[mover];
    let opponents = t.before.last_skip[mover.opposite()];
    match scope {
        SkipScope::OwnTurns | SkipScope::AnyTurns if own => {
            Verdict::Violated("a second skip in a row by the same player".into())
        }
        SkipScope::AnyTurns | SkipScope::OpponentTurn if opponents => {
            Verdict::Violated("a skip right after the opponent's skip".into())
        }
        _ => Verdict::Holds,
    }
}

/// The two royals (one per side, of `royals`) on one file with nothing between them; `by_player`
/// is `royals_by_player(pos)`.
fn facing(
    game: &GameSpec,
    royals: &[String],
    pos: &Position,
    by_player: &[SmallVec<[Square; 4]>; 2],
) -> Option<(Square, Square)> {
    let of = |player: usize| {
        by_player[player].iter().copied().filter(|&s| pos.at(s).is_some_and(|m| named(royals, id(game, m))))
    };
    for a in of(0) {
        for b in of(1) {
            if a.file == b.file && pos.size.between(a, b).all(|s| pos.at(s).is_none()) {
                return Some((a, b));
            }
        }
    }
    None
}

pub(crate) fn flying_king(game: &GameSpec, royals: &[String], rule: FlyingRule, t: &Transition<'_>) -> Verdict {
    match rule {
        FlyingRule::NeverFace => {
            let by_player = royals_by_player(game, t.after);
            let same_file = by_player[0].iter().any(|x| by_player[1].iter().any(|y| x.file == y.file));
            match facing(game, royals, t.after, &by_player) {
                Some((a, b)) => Verdict::Violated(format!(
                    "the royals on {} and {} face each other after the move",
                    a.name(),
                    b.name()
                )),
                None => super::verdict(same_file),
            }
        }
        FlyingRule::MayCapture => {
            let Some((a, b)) = facing(game, royals, t.before, &royals_by_player(game, t.before)) else {
                return Verdict::NotConcerned;
            };
            let (mine, theirs) = if t.before.side == Color::Black { (a, b) } else { (b, a) };
            let takes = t.moves.iter().any(|m| m.from == Some(mine) && m.captures.iter().any(|c| c.0 == theirs));
            if takes {
                Verdict::Holds
            } else {
                Verdict::Violated(format!(
                    "the royals on {} and {} face each other, and the side to move cannot take",
                    a.name(),
                    b.name()
                ))
            }
        }
    }
}

pub(crate) fn protected_royal_ban(
    game: &GameSpec,
    pieces: &[String],
    royals: &[String],
    t: &Transition<'_>,
) -> Verdict {
    let mv = t.mv;
    let Some(to) = mv.to else { return Verdict::NotConcerned };
    let opponent = mv.man.player.opposite();
    let takes_royal = mv.captures.iter().any(|(_, m)| m.player == opponent && named(royals, id(game, *m)));
    if !named(pieces, id(game, mv.man)) || !takes_royal || t.after.side != opponent {
        return Verdict::NotConcerned;
    }
    let recapture = t.engine.legal_moves(t.after).into_iter().find(|r| r.captures.iter().any(|c| c.0 == to));
    match recapture {
        Some(r) => Verdict::Violated(format!(
            "{} took a protected royal on {}: {} takes back",
            id(game, mv.man),
            to.name(),
            t.engine.move_text(&r)
        )),
        None => Verdict::Holds,
    }
}

fn says(outcome: Option<&Outcome>, word: &str) -> bool {
    outcome.is_some_and(|o| o.describe().contains(word))
}

pub(crate) fn game_end(game: &GameSpec, by: EndBy, t: &Transition<'_>) -> Verdict {
    let mover = t.mv.man.player;
    let opponent = mover.opposite();
    match by {
        EndBy::LastRoyalCaptured => {
            let took_royal =
                t.mv.captures.iter().any(|(_, m)| m.player == opponent && game.pieces[m.piece.index()].royal);
            let ended_by_royal = says(t.outcome, "royal piece was captured");
            if !took_royal && !ended_by_royal {
                return Verdict::NotConcerned;
            }
            let last = took_royal && royals_by_player(game, t.after)[opponent].is_empty();
            match (last, t.outcome) {
                (true, Some(Outcome::Win(w, _))) if *w == mover => Verdict::Holds,
                (true, other) => {
                    Verdict::Violated(format!("the last enemy royal was captured, but the result is {other:?}"))
                }
                (false, _) if ended_by_royal => {
                    Verdict::Violated("the game ended by royal capture with an enemy royal left".into())
                }
                (false, _) => Verdict::Holds,
            }
        }
        EndBy::NoLegalMove | EndBy::NoSafeMove => {
            // Only where the move hands the turn over and did not end the game itself: then the
            // engine judges the next position before its player moves (status_before).
            if t.after.side != opponent || t.outcome.is_some() {
                return Verdict::NotConcerned;
            }
            // Whether the side to move has a move is all the status and this judgement read,
            // unless the status judges every move or the end is "no safe move": then the list.
            let moves = if by == EndBy::NoLegalMove && !t.engine.status_reads_every_move() {
                t.engine.any_legal_move(t.after).into_iter().collect()
            } else {
                t.engine.legal_moves(t.after)
            };
            let status = t.engine.status_before(t.after, &moves);
            let no_move_end = status.as_ref().is_some_and(|o| {
                let d = o.describe();
                d.contains("legal move") || d.contains("mate") || d.contains("keeps every royal safe")
            });
            let stuck = match by {
                EndBy::NoSafeMove => {
                    let mut work = t.after.clone();
                    let mut undo = Vec::new();
                    moves.iter().all(|m| {
                        t.engine.make(&mut work, m, &mut undo);
                        let attacked = t.engine.in_check(&work, opponent);
                        t.engine.unmake(&mut work, &mut undo);
                        attacked
                    })
                }
                _ => moves.is_empty(),
            };
            let what = if by == EndBy::NoSafeMove { "safe" } else { "legal" };
            match (stuck, no_move_end) {
                (true, true) => Verdict::Holds,
                (true, false) => {
                    Verdict::Violated(format!("the side to move has no {what} move, and the game goes on"))
                }
                (false, true) => Verdict::Violated(format!(
                    "the game ended ({}) though the side to move has {} legal moves",
                    status.map(|o| o.describe()).unwrap_or_default(),
                    t.engine.legal_moves(t.after).len()
                )),
                (false, false) => Verdict::NotConcerned,
            }
        }
    }
}

pub(crate) fn repetition(count: usize, hands: bool, perpetual_check_loses: bool, t: &Transition<'_>) -> Verdict {
    let Some(line) = t.line else { return Verdict::NotConcerned };
    let after = t.after;
    if after.extra_turn {
        return Verdict::NotConcerned;
    }
    // The remembered dropped/demoted pieces are part of the position (engine zobrist key).
    let same = |p: &Position| {
        !p.extra_turn
            && p.side == after.side
            && p.board == after.board
            && p.flags == after.flags
            && (!hands || p.hands == after.hands)
    };
    let seen = line.iter().filter(|p| same(p)).count() + 1;
    if seen < 2 && !says(t.outcome, "repetition") {
        return Verdict::NotConcerned;
    }
    if seen >= count && t.outcome.is_none() {
        return Verdict::Violated(format!("occurrence {seen} of a position, and the game goes on"));
    }
    if seen < count && says(t.outcome, "repetition") {
        return Verdict::Violated(format!("the game ended by repetition at occurrence {seen}, before {count}"));
    }
    if seen >= count && perpetual_check_loses {
        // The positions since the first occurrence: a player all of whose moves gave check
        // there left the opponent in check in every position with the opponent to move.
        let first = line.iter().position(same).unwrap_or(0);
        let span: Vec<&Position> = line[first..].iter().chain(std::iter::once(after)).collect();
        let checker = Color::ALL.into_iter().find(|&c| {
            span.iter().filter(|p| p.side == c.opposite()).count() > 0
                && span.iter().filter(|p| p.side == c.opposite()).all(|p| t.engine.in_check(p, c.opposite()))
        });
        if let Some(c) = checker {
            if !matches!(t.outcome, Some(Outcome::Win(w, _)) if *w == c.opposite()) {
                return Verdict::Violated(format!(
                    "perpetual check by {}, but the result is {:?}",
                    c.name(),
                    t.outcome
                ));
            }
        }
    }
    Verdict::Holds
}

/// Moving into check is illegal: after the move no royal of the mover is attacked. Exercised
/// when the mover was in check or moved a royal.
pub(crate) fn no_self_check(game: &GameSpec, t: &Transition<'_>) -> Verdict {
    let me = t.mv.man.player;
    let concerned = game.pieces[t.mv.man.piece.index()].royal || t.in_check_before(me);
    if t.engine.in_check(t.after, me) {
        return Verdict::Violated(format!("{} leaves a royal of the mover attacked", t.engine.move_text(t.mv)));
    }
    super::verdict(concerned)
}
