//! An area move back to the start square that then captures next to it: a burn or an igui?
//! (MIT-102/SUZ "The Fire Demon cannot burn another Fire Demon (move to another square and then
//! capture a Fire Demon without moving)"; setting burn.return-to-start = igui | burn.)
//!
//! Such a move starts and ends on one square, as a plain igui does; a move is known by its
//! start, end and captured squares (engine::Identity), not by its path. So the setting changes
//! the legal moves only where the return allows a set of captures that neither the other
//! reading's return nor a plain igui of the same squares allows. Z3 decides that over the
//! number of pieces taken and how many of them are burn-immune:
//! - plain igui of n neighbours: n <= the most a plain igui of this piece takes (found with the
//!   generator, which must reach every set of that many neighbours) and no immune victim where
//!   burn.immunity-covers = burn-and-igui;
//! - the return read as igui: the same, with n <= igui.max;
//! - the return read as a burn: n <= burn.max and no immune victim.
//!
//! Where the two sides differ, the engine confirms it on a board with the piece in the centre
//! and its victims around it.

use super::{centre, confirm, models, value_int};
use crate::core::{Color, PieceId};
use crate::engine::config::Abilities;
use crate::engine::{Man, Position};
use crate::geometry::Square;
use crate::smt::readings::Facet;
use crate::smt::{solve, Answer, Limits};
use crate::spec::abilities::Ability;
use crate::witness::build::add_royals;
use crate::witness::build::filler;
use crate::witness::Pair;
use crate::xbetza::{generate, Cell, Occupancy, Orientation, StepKind};
use std::collections::BTreeSet;
use z3::ast::{Bool, Int};

const AROUND: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The most neighbours a plain igui of the piece takes (one that captures from its square and
/// visits no other square), if it can take every set of up to that many; None when some set is
/// missing (then no proof of no effect is possible this way).
fn plain_igui_reach(pair: &Pair, piece: PieceId, at: Square) -> Option<usize> {
    let size = pair.a.game.board;
    let neighbours: Vec<Square> = AROUND.iter().filter_map(|&d| size.offset(at, d)).collect();
    let mut occ = Occupancy::empty(size);
    for &n in &neighbours {
        occ.set(n, Cell::Enemy);
    }
    let mut sets: BTreeSet<Vec<Square>> = BTreeSet::new();
    for pm in generate(pair.a.moves_at(piece, Color::Black, at), &occ, at, Orientation::Up) {
        let plain = pm.to == at
            && pm
                .path
                .iter()
                .all(|s| s.square == at || (s.kind == StepKind::Capture && pm.captures.contains(&s.square)));
        if plain && !pm.captures.is_empty() {
            sets.insert(pm.captures.to_vec());
        }
    }
    let most = sets.iter().map(Vec::len).max().unwrap_or(0);
    // Every set of 1..=most neighbours must be there.
    let count = |k: usize| (0..1u32 << neighbours.len()).filter(|m| m.count_ones() as usize == k).count();
    let complete = (1..=most).all(|k| sets.iter().filter(|s| s.len() == k).count() == count(k));
    complete.then_some(most)
}

pub(crate) fn return_to_start(pair: &Pair, limits: &Limits) -> Facet {
    let burners: Vec<PieceId> = (0..pair.a.pieces.len())
        .map(PieceId::new)
        .filter(|&i| {
            let p = pair.a.piece(i);
            let other = pair.b.piece_index(&p.id).map(|j| &pair.b.piece(j).abilities);
            p.abilities.burn_max > 0 && other.is_some_and(|q| p.abilities.burn_return_is_burn != q.burn_return_is_burn)
        })
        .collect();
    if burners.is_empty() {
        return Facet::Open(format!("no burner whose {} differs", Ability::BurnReturnToStart.path()));
    }
    let mut proved = Vec::new();
    for piece in burners {
        match one_burner(pair, piece, limits) {
            Facet::NoEffect(why) => proved.push(format!("{}: {why}", pair.a.piece(piece).id)),
            other => return other,
        }
    }
    Facet::NoEffect(proved.join("; "))
}

fn one_burner(pair: &Pair, piece: PieceId, limits: &Limits) -> Facet {
    let aa = &pair.a.piece(piece).abilities;
    let ab: &Abilities =
        &pair.b.piece(pair.b.piece_index(&pair.a.piece(piece).id).expect("a burner of both")).abilities;
    let at = centre(&pair.a.game);
    let plain_most = plain_igui_reach(pair, piece, at);
    let (n, immune) = (Int::new_const("neighbours_taken"), Int::new_const("immune_among_them"));
    let none_immune = immune.eq(0);
    let legal = |a: &Abilities| -> Bool {
        let igui_rule = |most: i64| {
            Bool::and(&[n.le(most), Bool::or(&[Bool::from_bool(!a.burn_immunity_covers_igui), none_immune.clone()])])
        };
        let plain = match plain_most {
            Some(most) => igui_rule(most.min(a.igui_max as usize) as i64),
            // Unknown plain reach: count no plain igui (a witness is then still confirmed).
            None => Bool::from_bool(false),
        };
        let ret = if a.burn_return_is_burn {
            Bool::and(&[n.le(a.burn_max as i64), none_immune.clone()])
        } else {
            igui_rule(a.igui_max as i64)
        };
        Bool::or(&[plain, ret])
    };
    let facts = vec![n.ge(1), n.le(8), immune.ge(0), immune.le(&n), legal(aa).xor(legal(ab))];
    let no_effect = format!(
        "a return to the start that takes n neighbours is allowed under one reading exactly when it is under the other or a plain igui takes the same squares (up to {}), and moves are known by their squares, not their paths",
        plain_most.unwrap_or(0)
    );
    if plain_most.is_none() {
        // Without the generator's premise an unsat answer proves nothing.
        return match solve(&facts, limits) {
            Answer::Sat(model) => realise(pair, piece, at, &model, &n, &immune),
            _ => Facet::Open(
                "the plain igui does not reach every set of neighbours, so Z3's answer proves nothing".into(),
            ),
        };
    }
    models(facts, limits, &no_effect, |model| match realise(pair, piece, at, model, &n, &immune) {
        Facet::Found(w) => Ok(w),
        _ => Err(Bool::and(&[n.eq(value_int(model, &n)), immune.eq(value_int(model, &immune))]).not()),
    })
}

/// The burner on the centre with `n` enemies around it, `immune` of them burn-immune.
fn realise(pair: &Pair, piece: PieceId, at: Square, model: &z3::Model, n: &Int, immune: &Int) -> Facet {
    let (nv, iv) = (value_int(model, n) as usize, value_int(model, immune) as usize);
    let size = pair.a.game.board;
    let immune_piece = pair.a.piece(piece).abilities.burn_immune.iter().find_map(|id| pair.a.piece_index(id));
    let Some(fill) = filler(pair.a) else { return Facet::Open("no plain piece to capture".into()) };
    let z = &pair.a.zobrist;
    let mut pos = Position::empty(size, pair.a.pieces.len());
    pos.put(z, at, Some(Man { player: Color::Black, piece }));
    for (k, sq) in AROUND.iter().filter_map(|&d| size.offset(at, d)).take(nv).enumerate() {
        let victim = if k < iv { immune_piece } else { Some(fill) };
        let Some(victim) = victim else { return Facet::Open("no burn-immune piece to place".into()) };
        pos.put(z, sq, Some(Man { player: Color::White, piece: victim }));
    }
    pos.set_side(z, Color::Black);
    let Some(pos) = add_royals(pair, pos, at) else { return Facet::Open("no room for the royals".into()) };
    match confirm(pair, pos, &|mv| mv.from == Some(at) && mv.to == Some(at) && mv.captures.len() == nv) {
        Some(w) => Facet::Found(w),
        None => Facet::Open("the engine did not confirm the model".into()),
    }
}
