//! Each invariant kind judged on a transition, from the spec and the public records only: the
//! position before and after and the `Move`. A kind's premise says when it is exercised.

use super::properties::{Invariant, Kind};
use super::{Transition, Verdict};
use crate::engine::{Man, Position};
use crate::geometry::Square;
use crate::spec::game::GameSpec;

fn id<'a>(game: &'a GameSpec, man: Man) -> &'a str {
    &game.pieces[man.piece as usize].id
}

/// The rank of `sq` counted from `player`'s own side, 1-based (both second-player layouts put
/// the second player's first rank at the top).
fn own_rank(game: &GameSpec, player: u8, sq: Square) -> u8 {
    if player == 0 {
        sq.rank + 1
    } else {
        game.board.ranks - sq.rank
    }
}

fn men(pos: &Position) -> impl Iterator<Item = (Square, Man)> + '_ {
    pos.board.iter().enumerate().filter_map(|(i, m)| m.map(|m| (pos.size.square_at(i), m)))
}

fn chebyshev(a: Square, b: Square) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}

pub fn judge(game: &GameSpec, inv: &Invariant, t: &Transition<'_>) -> Verdict {
    match &inv.kind {
        Kind::Burn { max, immune } => burn(game, *max, immune, t),
        Kind::NoConsecutiveSkips => no_consecutive_skips(t),
        Kind::ForcedPromotion { ranks } => forced_promotion(game, ranks, t),
        Kind::Confined { pieces, zone } => confined(game, pieces, zone, t),
    }
}

fn burn(game: &GameSpec, max: usize, immune: &[String], t: &Transition<'_>) -> Verdict {
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

/// A skip leaves board and hands as they were.
fn no_consecutive_skips(t: &Transition<'_>) -> Verdict {
    let skipped = t.before.board == t.after.board && t.before.hands == t.after.hands;
    if !skipped {
        return Verdict::NotConcerned;
    }
    let mover = t.before.side as usize;
    if t.before.last_skip[mover] {
        Verdict::Violated("a second skip in a row".into())
    } else {
        Verdict::Holds
    }
}

fn forced_promotion(game: &GameSpec, ranks: &std::collections::BTreeMap<String, Vec<u8>>, t: &Transition<'_>) -> Verdict {
    let mover_piece = t.mv.man;
    let concerned = t.mv.to.is_some_and(|to| {
        ranks.get(id(game, mover_piece)).is_some_and(|r| r.contains(&own_rank(game, mover_piece.player, to)))
    });
    for (sq, man) in men(t.after) {
        if let Some(r) = ranks.get(id(game, man)) {
            if r.contains(&own_rank(game, man.player, sq)) {
                return Verdict::Violated(format!("unpromoted {} on {}, a forced-promotion rank", id(game, man), sq.name()));
            }
        }
    }
    if concerned {
        Verdict::Holds
    } else {
        Verdict::NotConcerned
    }
}

fn confined(game: &GameSpec, pieces: &[String], zone: &str, t: &Transition<'_>) -> Verdict {
    for (sq, man) in men(t.after) {
        if pieces.iter().any(|p| p == id(game, man)) && !game.in_zone(zone, man.player, sq) {
            return Verdict::Violated(format!("{} on {}, outside its {zone}", id(game, man), sq.name()));
        }
    }
    if pieces.iter().any(|p| p == id(game, t.mv.man)) {
        Verdict::Holds
    } else {
        Verdict::NotConcerned
    }
}
