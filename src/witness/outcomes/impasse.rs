//! Impasse (`end.impasse*`, `end.impasse-declaration`): both royals in their zones. One King
//! step into the zone; the counts made to differ with the game's own pieces; a declaration.

use super::kit::Kit;
use super::play::{Played, Step};
use super::stalemate::results_differ;
use crate::core::{Color, PieceId};
use crate::engine::{Man, Position};
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::droppable;
use crate::witness::compare::{result_score, transfer, witness};
use crate::witness::Witness;

/// One ply: the first player's King steps into its promotion zone while the second player's
/// King already stands in its own, under the alternative whose impasse counts then.
pub(super) fn impasse_entry(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let engine = [pair.a, pair.b]
        .into_iter()
        .find(|e| e.rules.impasse.as_ref().is_some_and(|i| !i.on_repetition && i.declaration.is_none()))?;
    let zone = engine.rules.promotion_zone.clone()?;
    let (r0, r1) = kit.royal_types()?;
    let size = a.game.board;
    let inside = |player: Color, s: Square| engine.in_zone(&zone, player, s);
    // The first King one step outside its zone, the other King inside its own, far apart.
    let mut outside: Vec<Square> = size
        .squares()
        .filter(|&s| {
            !inside(Color::Black, s) && size.squares().any(|z| inside(Color::Black, z) && chebyshev(s, z) == 1)
        })
        .collect();
    let mid = size.files as i32 / 2;
    outside.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
    let theirs: Vec<Square> = size.squares().filter(|&s| inside(Color::White, s)).collect();
    let mut tries = 0;
    for &o in &outside {
        let mut far: Vec<Square> =
            theirs.iter().copied().filter(|&s| chebyshev(s, o) >= 3 && s.file != o.file).collect();
        far.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
        for &k1 in far.iter().take(3) {
            let mut pos = kit.empty();
            kit.put(&mut pos, o, Color::Black, r0);
            kit.put(&mut pos, k1, Color::White, r1);
            if kit.in_check_under_either(&pos, Color::Black)
                || kit.in_check_under_either(&pos, Color::White)
                || !kit.spectators(&mut pos, &[o, k1])
            {
                continue;
            }
            for to in kit.quiet_steps(&pos, o).into_iter().filter(|&t| inside(Color::Black, t)) {
                tries += 1;
                match kit.play(&pos, &[Step::Go(o, to)], 0) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 24 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}

/// Both alternatives count an impasse, differently (threshold, what counts, what is worth five):
/// the first player given the game's own pieces (every non-royal piece of the setup, as it is
/// or promoted), one at a time, in hand or on the board away from the Kings, the five-point
/// pieces first in every proportion, until the two counts give different results; then the
/// impasse is brought about as the rules say: the first King stepping into its zone (the other
/// already in its own), or a fourfold shuffle of both Kings.
pub(super) fn impasse_points(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let (ia, ib) = (a.rules.impasse.as_ref()?, pair.b.rules.impasse.as_ref()?);
    if ia.on_repetition != ib.on_repetition {
        return None;
    }
    let zone = a.rules.promotion_zone.clone().or_else(|| pair.b.rules.promotion_zone.clone());
    // The Kings and the line that brings the impasse about.
    let (base, busy, steps, settled): (Position, Vec<Square>, Vec<Step>, usize) = if ia.on_repetition {
        let (base, k0, k1) = kit.kings()?;
        let (t0, t1) = (*kit.quiet_steps(&base, k0).first()?, *kit.quiet_steps(&base, k1).first()?);
        let round = [Step::Go(k0, t0), Step::Go(k1, t1), Step::Go(t0, k0), Step::Go(t1, k1)];
        (base, vec![k0, t0, k1, t1], kit.rounds_of(&[], &round), round.len())
    } else {
        let zone = zone.clone()?;
        let size = a.game.board;
        let inside = |player: Color, s: Square| a.in_zone(&zone, player, s);
        let (r0, r1) = kit.royal_types()?;
        let mid = size.files as i32 / 2;
        let mut outside: Vec<Square> = size
            .squares()
            .filter(|&s| {
                !inside(Color::Black, s) && size.squares().any(|z| inside(Color::Black, z) && chebyshev(s, z) == 1)
            })
            .collect();
        outside.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
        let found = outside.iter().find_map(|&o| {
            let k1 = size
                .squares()
                .filter(|&s| inside(Color::White, s) && chebyshev(s, o) >= 3 && s.file != o.file)
                .min_by_key(|s| ((s.file as i32 - mid).abs(), *s))?;
            let mut pos = kit.empty();
            kit.put(&mut pos, o, Color::Black, r0);
            kit.put(&mut pos, k1, Color::White, r1);
            let to = kit.quiet_steps(&pos, o).into_iter().find(|&t| inside(Color::Black, t))?;
            Some((pos, vec![o, to, k1], vec![Step::Go(o, to)], 0))
        });
        found?
    };
    let size = a.game.board;
    let in_zone = |s: Square| zone.as_ref().is_some_and(|z| a.in_zone(z, Color::Black, s));
    let mut spots: Vec<Square> =
        size.squares().filter(|&s| base.at(s).is_none() && busy.iter().all(|&b| chebyshev(s, b) >= 3)).collect();
    spots.sort_by_key(|&s| {
        (!in_zone(s), std::cmp::Reverse(busy.iter().map(|&b| chebyshev(s, b)).min().unwrap_or(0)), s)
    });
    let results_differ = |pos: &Position| {
        let Some(pb) = transfer(a, pair.b, pos) else { return false };
        result_score(&a.impasse_result(pos)) != result_score(&pair.b.impasse_result(&pb))
    };
    let in_both = |t: &PieceId| pair.b.piece_index(&a.piece(*t).id).is_some();
    let setup: Vec<PieceId> =
        a.game.setup.iter().filter_map(|p| a.piece_index(&p.piece)).filter(|&t| !a.piece(t).royal).collect();
    let five = |t: &PieceId| ia.five.contains(&a.piece(*t).id) || ib.five.contains(&a.piece(*t).id);
    let hand_types = droppable(a);
    let drops = a.rules.drops || pair.b.rules.drops;
    let mut plays = 0;
    for promoted in [false, true] {
        let units: Vec<PieceId> = setup
            .iter()
            .map(|&t| if promoted { a.piece(t).promotes_to.unwrap_or(t) } else { t })
            .filter(in_both)
            .collect();
        let (fives, ones): (Vec<PieceId>, Vec<PieceId>) = units.iter().partition(|t| five(t));
        for in_hand in [true, false] {
            if in_hand && !drops {
                continue;
            }
            for m in 0..=fives.len() {
                let order: Vec<PieceId> =
                    fives[..m].iter().chain(ones.iter()).chain(fives[m..].iter()).copied().collect();
                let mut pos = base.clone();
                let mut free = spots.clone();
                for &t in &order {
                    let placed = if in_hand && hand_types.contains(&t) {
                        let n = pos.hands[Color::Black][t.index()];
                        pos.set_hand(&a.zobrist, Color::Black, t, n + 1);
                        true
                    } else {
                        place_piece(kit, &mut pos, &mut free, t)
                    };
                    if !placed || !results_differ(&pos) {
                        continue;
                    }
                    plays += 1;
                    match kit.play(&pos, &steps, settled) {
                        Played::Found(w) => return Some(w),
                        _ if plays > 12 => return None,
                        _ => break,
                    }
                }
            }
        }
    }
    None
}

/// An impasse declaration (end.impasse-declaration): the first player to move, its King in its
/// zone (the middle file, at the zone's edge), the other King outside both zones and far away;
/// the first player's setup pieces (five-point ones first) put in its zone, then more of them
/// in hand (captured pieces), one at a time, until the two alternatives' results differ there.
pub(super) fn declaration(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let declarer =
        [pair.a, pair.b].into_iter().find(|e| e.rules.impasse.as_ref().is_some_and(|i| i.declaration.is_some()))?;
    let impasse = declarer.rules.impasse.as_ref()?;
    let zone = declarer.rules.promotion_zone.clone()?;
    let size = a.game.board;
    let inside = |player: Color, s: Square| declarer.in_zone(&zone, player, s);
    let (r0, r1) = kit.royal_types()?;
    let mid = size.files as i32 / 2;
    let k0 = size
        .squares()
        .filter(|&s| inside(Color::Black, s))
        .min_by_key(|&s| ((s.file as i32 - mid).abs(), a.relative_rank(Color::Black, s), s))?;
    let k1 = size
        .squares()
        .filter(|&s| !inside(Color::Black, s) && !inside(Color::White, s))
        .max_by_key(|&s| (chebyshev(s, k0), s))?;
    let mut pos = kit.empty();
    kit.put(&mut pos, k0, Color::Black, r0);
    kit.put(&mut pos, k1, Color::White, r1);
    if kit.in_check_under_either(&pos, Color::Black) || kit.in_check_under_either(&pos, Color::White) {
        return None;
    }
    let setup: Vec<PieceId> = a
        .game
        .setup
        .iter()
        .filter(|p| p.player == Color::Black)
        .filter_map(|p| a.piece_index(&p.piece))
        .filter(|&t| !a.piece(t).royal)
        .collect();
    let (mut units, ones): (Vec<PieceId>, Vec<PieceId>) =
        setup.iter().partition(|&&t| impasse.five.contains(&a.piece(t).id));
    units.extend(ones);
    let mut free: Vec<Square> = size.squares().filter(|&s| inside(Color::Black, s) && pos.at(s).is_none()).collect();
    free.sort_by_key(|&s| (std::cmp::Reverse(chebyshev(s, k1)), s));
    for &t in &units {
        if place_piece(kit, &mut pos, &mut free, t) && results_differ(pair, &pos) {
            return witness(pair, &pos);
        }
    }
    if !impasse.count_hand {
        return None;
    }
    let hand_types = droppable(a);
    for &t in units.iter().chain(units.iter()).filter(|t| hand_types.contains(t)) {
        let n = pos.hands[Color::Black][t.index()];
        pos.set_hand(&a.zobrist, Color::Black, t, n + 1);
        if results_differ(pair, &pos) {
            return witness(pair, &pos);
        }
    }
    None
}

/// Puts a piece of the first player on the first of `free` where it may stand (inside its
/// confinement zone, not on a rank where it must promote or could not be dropped, not beside
/// another of its one-per-file kind) and gives no check; that square is used up.
fn place_piece(kit: &Kit, pos: &mut Position, free: &mut Vec<Square>, t: PieceId) -> bool {
    let a = kit.engine();
    let p = a.piece(t);
    let rules = &a.rules;
    let may_stand = |pos: &Position, s: Square| {
        let own_rank = a.relative_rank(Color::Black, s) + 1;
        let banned =
            |m: &std::collections::BTreeMap<String, Vec<u8>>| m.get(&p.id).is_some_and(|r| r.contains(&own_rank));
        let confined_out = p.abilities.confine.as_ref().is_some_and(|z| !a.in_zone(z, Color::Black, s));
        let one_per_file = rules.nifu && rules.nifu_pieces.contains(&p.id);
        let second_on_file = one_per_file
            && pos
                .size
                .squares()
                .any(|o| o.file == s.file && pos.at(o) == Some(Man { player: Color::Black, piece: t }));
        !confined_out && !banned(&rules.forced_ranks) && !banned(&rules.drop_rank_ban) && !second_on_file
    };
    let Some(i) = free.iter().position(|&s| {
        if !may_stand(pos, s) {
            return false;
        }
        let mut trial = pos.clone();
        kit.put(&mut trial, s, Color::Black, t);
        !kit.in_check_under_either(&trial, Color::Black) && !kit.in_check_under_either(&trial, Color::White)
    }) else {
        return false;
    };
    let s = free.remove(i);
    kit.put(pos, s, Color::Black, t);
    true
}
