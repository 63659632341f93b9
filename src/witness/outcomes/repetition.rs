//! Repetition (`end.repetition*`, `end.perpetual-check*`, `end.precedence`): lines that come
//! back to the same positions: two Kings stepping out and back, with skipped turns, under
//! perpetual check, with other hands, on the extra turn a drop earned.

use super::kit::Kit;
use super::play::{Played, Step};
use crate::core::{Color, PieceId};
use crate::engine::Position;
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::droppable;
use crate::witness::Witness;

/// Both Kings step out and back (A1 B1 A2 B2 ...), until a position repeats as often as
/// either rule counts.
pub(super) fn shuffle(kit: &Kit) -> Option<Witness> {
    let (base, k0, k1) = kit.kings()?;
    for &t0 in kit.quiet_steps(&base, k0).iter().take(3) {
        for &t1 in kit.quiet_steps(&base, k1).iter().take(3) {
            let round = [Step::Go(k0, t0), Step::Go(k1, t1), Step::Go(t0, k0), Step::Go(t1, k1)];
            match kit.play(&base, &kit.rounds_of(&[], &round), round.len()) {
                Played::Found(w) => return Some(w),
                Played::Same => return None,
                Played::Broken => {}
            }
        }
    }
    None
}

/// The Kings shuffle as in `shuffle`, and one player skips a turn in every other round (a
/// skip allowed under every skip limit: neither player's last turn was a skip), so that the
/// positions repeat with other skip states, some of them reached by a skip. The skip is the
/// King's own pass where it can pass, else a piece of the skipping player that can.
pub(super) fn skip_rounds(kit: &Kit) -> Option<Witness> {
    let a = kit.engine();
    let (kings, k0, k1) = kit.kings()?;
    let passer = kit.types.iter().copied().find(|&t| a.piece(t).can_pass);
    for skipper in [Color::White, Color::Black] {
        let king = if skipper == Color::Black { k0 } else { k1 };
        let mut bases: Vec<Position> = Vec::new();
        if a.piece(kings.at(king)?.piece).can_pass {
            bases.push(kings.clone());
        }
        if let Some(p) = passer {
            let other = if skipper == Color::Black { k1 } else { k0 };
            let mut spots: Vec<Square> =
                kings.size.squares().filter(|&s| chebyshev(s, king) == 2 && chebyshev(s, other) >= 4).collect();
            spots.sort_by_key(|s| (s.file.abs_diff(king.file), *s));
            for s in spots.into_iter().take(2) {
                let mut pos = kings.clone();
                kit.put(&mut pos, s, skipper, p);
                bases.push(pos);
            }
        }
        for base in bases {
            let (Some(&t0), Some(&t1)) = (kit.quiet_steps(&base, k0).first(), kit.quiet_steps(&base, k1).first())
            else {
                continue;
            };
            let (a1, a2, b1, b2) = (Step::Go(k0, t0), Step::Go(t0, k0), Step::Go(k1, t1), Step::Go(t1, k1));
            let round = if skipper == Color::White {
                [a1, b1, a2, Step::Skip, a1, b2, a2, Step::Skip]
            } else {
                [a1, b1, Step::Skip, b2, a2, b1, Step::Skip, b2]
            };
            match kit.play(&base, &kit.rounds_of(&[], &round), round.len()) {
                Played::Found(w) => return Some(w),
                Played::Same => return None,
                Played::Broken => {}
            }
        }
    }
    None
}

/// A piece of the first player moves between two squares giving check on every move, while
/// the second player's King steps between two squares out of each check.
pub(super) fn perpetual_check(kit: &Kit) -> Option<Witness> {
    let a = kit.engine();
    let (base, k0, u) = kit.kings()?;
    let region: Vec<Square> = base.size.squares().filter(|&s| chebyshev(s, u) <= 4 && base.at(s).is_none()).collect();
    let mut tries = 0;
    for v in kit.quiet_steps(&base, u) {
        // The piece on `x` attacks the King on `target`?
        let attacks = |t: PieceId, x: Square, target: Square| {
            if x == target {
                return false;
            }
            let mut p = base.clone();
            p.put(&a.zobrist, u, None);
            kit.put(&mut p, target, Color::White, base.at(u).map(|m| m.piece).unwrap_or(PieceId::new(0)));
            kit.put(&mut p, x, Color::Black, t);
            a.piece_attacks(&p, x, target)
        };
        for &t in &kit.types {
            let squares: Vec<Square> = region.iter().copied().filter(|&x| x != v && x != k0).collect();
            let from: Vec<Square> =
                squares.iter().copied().filter(|&x| attacks(t, x, v) && !attacks(t, x, u)).collect();
            if from.is_empty() {
                continue;
            }
            let to: Vec<Square> = squares.iter().copied().filter(|&x| attacks(t, x, u) && !attacks(t, x, v)).collect();
            for &s in &from {
                let mut pos = base.clone();
                kit.put(&mut pos, s, Color::Black, t);
                if kit.in_check_under_either(&pos, Color::Black) || kit.in_check_under_either(&pos, Color::White) {
                    continue;
                }
                for d in kit.quiet_steps(&pos, s).into_iter().filter(|d| to.contains(d)) {
                    tries += 1;
                    let round = [Step::Go(s, d), Step::Go(u, v), Step::Go(d, s), Step::Go(v, u)];
                    match kit.play(&pos, &kit.rounds_of(&[], &round), round.len()) {
                        Played::Found(w) => return Some(w),
                        Played::Same => return None,
                        Played::Broken if tries > 40 => return None,
                        Played::Broken => {}
                    }
                }
            }
        }
    }
    None
}

/// The board repeats with other hands: the first player drops a piece beside the second
/// player's King, the King takes it and walks back by a third square (so that the first
/// player is to move again, its King having stepped out and back), then both Kings shuffle.
pub(super) fn hand_swap(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    if !a.rules.drops && !pair.b.rules.drops {
        return None;
    }
    let (kings, k0, k1) = kit.kings()?;
    let t0 = *kit.quiet_steps(&kings, k0).first()?;
    let pieces: Vec<PieceId> =
        droppable(a).into_iter().filter(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).collect();
    let steps1 = kit.quiet_steps(&kings, k1);
    let mut tries = 0;
    for &x in pieces.iter().take(6) {
        let mut base = kings.clone();
        base.set_hand(&a.zobrist, Color::Black, x, 1);
        for &w in &steps1 {
            for &y in steps1.iter().filter(|&&y| y != w && chebyshev(y, w) == 1) {
                let Some(&v) = steps1.iter().find(|&&v| v != w) else { continue };
                tries += 1;
                let prelude = [
                    Step::Drop(x, w),
                    Step::Go(k1, w),
                    Step::Go(k0, t0),
                    Step::Go(w, y),
                    Step::Go(t0, k0),
                    Step::Go(y, k1),
                ];
                let round = [Step::Go(k0, t0), Step::Go(k1, v), Step::Go(t0, k0), Step::Go(v, k1)];
                match kit.play(&base, &kit.rounds_of(&prelude, &round), prelude.len() + round.len()) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 40 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}

/// A position on the extra turn a drop into the player's zone earned (extra-turn.after), come
/// back four times: the line starts on that extra turn, which the first player declines; the
/// second player's King takes the dropped piece and steps back, then drops it beside the first
/// player's King (outside its own zone: no extra turn), which takes it and walks back by a
/// third square while the other King walks round a triangle; then the first player drops it
/// again where it stood.
pub(super) fn extra_turn_rounds(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let extra = a.rules.extra_turn.clone().or_else(|| pair.b.rules.extra_turn.clone())?;
    if !extra.optional {
        return None;
    }
    let e = if a.rules.extra_turn.is_some() { a } else { pair.b };
    let (r0, r1) = kit.royal_types()?;
    let size = a.game.board;
    let neighbours = |s: Square| -> Vec<Square> { size.squares().filter(|&t| chebyshev(s, t) == 1).collect() };
    let centre = Square::new(size.files / 2, size.ranks / 2);
    let mid = |s: &Square| (chebyshev(*s, centre), *s);
    // Where the first player's drop earns the extra turn, nearest the centre first.
    let mut zone: Vec<Square> = size.squares().filter(|&s| e.in_zone(&extra.zone, Color::Black, s)).collect();
    zone.sort_by_key(mid);
    let pieces: Vec<PieceId> =
        droppable(a).into_iter().filter(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).collect();
    let mut tries = 0;
    for &w in zone.iter().take(6) {
        for k1 in neighbours(w) {
            // The second King's walk back: a triangle (k1, v, y) away from the drop square.
            let Some((v, y)) = neighbours(k1).into_iter().filter(|&v| v != w).find_map(|v| {
                neighbours(k1).into_iter().find(|&y| y != w && y != v && chebyshev(y, v) == 1).map(|y| (v, y))
            }) else {
                continue;
            };
            let busy = [w, k1, y, v];
            // The first player's King: a triangle (k0, t0, w2) of mutually adjacent squares
            // far from the other King, the drop square w2 outside the second player's zone.
            let mut homes: Vec<Square> =
                size.squares().filter(|&s| busy.iter().all(|&b| chebyshev(s, b) >= 3)).collect();
            homes.sort_by_key(mid);
            let triangle = homes.iter().find_map(|&k0| {
                let t0 = neighbours(k0).into_iter().find(|&t| busy.iter().all(|&b| chebyshev(t, b) >= 2))?;
                let w2 = neighbours(k0).into_iter().find(|&s| {
                    s != t0
                        && chebyshev(s, t0) == 1
                        && !e.in_zone(&extra.zone, Color::White, s)
                        && busy.iter().all(|&b| chebyshev(s, b) >= 2)
                })?;
                Some((k0, t0, w2))
            });
            let Some((k0, t0, w2)) = triangle else { continue };
            for &x in pieces.iter().take(4) {
                let mut pos = kit.empty();
                kit.put(&mut pos, k0, Color::Black, r0);
                kit.put(&mut pos, k1, Color::White, r1);
                kit.put(&mut pos, w, Color::Black, x);
                pos.set_extra_turn(&a.zobrist, true);
                if kit.in_check_under_either(&pos, Color::Black)
                    || kit.in_check_under_either(&pos, Color::White)
                    || !kit.spectators(&mut pos, &[w, k1, y, v, k0, t0, w2])
                {
                    continue;
                }
                tries += 1;
                // No two positions of a round alike by board and side (hands aside), so
                // that only the extra-turn position comes back four times.
                let round = [
                    Step::Decline,
                    Step::Go(k1, w),
                    Step::Go(k0, t0),
                    Step::Go(w, k1),
                    Step::Go(t0, k0),
                    Step::Go(k1, v),
                    Step::Go(k0, t0),
                    Step::Drop(x, w2),
                    Step::Go(t0, w2),
                    Step::Go(v, y),
                    Step::Go(w2, k0),
                    Step::Go(y, k1),
                    Step::Drop(x, w),
                ];
                match kit.play(&pos, &kit.rounds_of(&[], &round), round.len() + 1) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 60 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}
