//! Which capture of a multi-capture decides the Deva/Dark Spirit promotion (HOOK-313
//! "Multi-capturing pieces that capture both a Deva or Teaching King and a Dark Spirit or
//! Divine Dragon promote to the promoted form of the piece they took on the second capture";
//! setting promotion.deva-multi-capture, src/spec/settings.rs):
//! - first-special-capture: the first special piece taken, in path order, decides;
//! - last-special-capture: the last one does;
//! - second-capture: the piece taken by the move's second capture, if it is special;
//!   otherwise the last special one (the option's text in specs/hook.toml).
//!
//! Z3 chooses how many pieces a move takes (2 or 3) and what each is (an ordinary piece or
//! one of the special targets, in path order) so that the two settings decide differently;
//! the engine then confirms it with a capturer that takes that many on one move.

use super::{centre, confirm, models, value_int};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::smt::readings::Facet;
use crate::smt::Limits;
use crate::spec::rules::{DevaMulti, Rule};
use crate::witness::build::add_royals;
use crate::witness::build::filler;
use crate::witness::Pair;
use crate::xbetza::{generate, Cell, Occupancy, Orientation, StepKind};
use z3::ast::{Bool, Int};

/// The special target (1-based index into the targets, 0: none) that decides, as a term.
fn decided(rule: DevaMulti, k: &Int, t: &[Int; 3]) -> Int {
    let zero = Int::from_i64(0);
    let third = Bool::and(&[k.ge(3), t[2].gt(0)]);
    let first = t[0].gt(0).ite(&t[0], &t[1].gt(0).ite(&t[1], &third.ite(&t[2], &zero)));
    let last = third.ite(&t[2], &t[1].gt(0).ite(&t[1], &t[0].gt(0).ite(&t[0], &zero)));
    match rule {
        DevaMulti::First => first,
        DevaMulti::Second => t[1].gt(0).ite(&t[1], &last),
        DevaMulti::Last => last,
    }
}

/// Pieces the special promotion applies to under the engine's other deva settings (not royal,
/// not exempt, with or without a promotion of their own as promotion.deva and
/// promotion.deva-priority say).
fn capturers(engine: &Engine) -> Vec<PieceId> {
    let r = &engine.rules;
    (0..engine.pieces.len())
        .map(PieceId::new)
        .filter(|&i| {
            let p = engine.piece(i);
            let exempt = p.royal || r.deva_exempt.contains(&p.id);
            // promotion.deva = 1 reaches only pieces that promote; without deva-special-wins
            // a piece's own promotion comes first, so a piece that promotes is out of scope.
            let out_of_scope =
                (r.deva == 1 && p.promotes_to.is_none()) || (!r.deva_special_wins && p.promotes_to.is_some());
            !exempt && !out_of_scope
        })
        .collect()
}

/// Capture squares, in path order, of `piece`'s moves from `at` taking exactly `k` pieces on a
/// board full of enemies around it.
fn capture_orders(engine: &Engine, piece: PieceId, at: Square, k: usize) -> Vec<Vec<Square>> {
    let size = engine.game.board;
    let mut occ = Occupancy::empty(size);
    for sq in size.squares() {
        if sq != at && sq.file.abs_diff(at.file).max(sq.rank.abs_diff(at.rank)) <= 3 {
            occ.set(sq, Cell::Enemy);
        }
    }
    let mut out: Vec<Vec<Square>> = Vec::new();
    for pm in generate(engine.moves_at(piece, Color::Black, at), &occ, at, Orientation::Up) {
        let order: Vec<Square> = pm.path.iter().filter(|s| s.kind == StepKind::Capture).map(|s| s.square).collect();
        if order.len() == k && pm.captures.len() == k && !out.contains(&order) {
            out.push(order);
        }
    }
    out
}

pub(crate) fn deva_order(pair: &Pair, limits: &Limits) -> Facet {
    let rule = |e: &Engine| e.settings.promotion_deva_multi_capture;
    let (ra, rb) = (rule(pair.a), rule(pair.b));
    let targets = pair.a.rules.deva_targets.clone();
    if pair.a.rules.deva == 0 || targets.is_empty() {
        return Facet::NoEffect(format!(
            "no capture promotes the capturer ({} is off or names no targets)",
            Rule::PromotionDeva.path()
        ));
    }
    let k = Int::new_const("captures_in_the_move");
    let t = [Int::new_const("first_captured"), Int::new_const("second_captured"), Int::new_const("third_captured")];
    let m = targets.len() as i64;
    let mut facts = vec![k.ge(2), k.le(3), decided(ra, &k, &t).eq(decided(rb, &k, &t)).not()];
    for x in &t {
        facts.push(x.ge(0));
        facts.push(x.le(m));
    }
    // Two captures leave the third slot empty.
    facts.push(k.eq(2).implies(t[2].eq(0)));
    let Some(fill) = filler(pair.a) else {
        return Facet::Open("no plain piece to stand between the special ones".into());
    };
    let at = centre(&pair.a.game);
    let movers = capturers(pair.a);
    models(facts, limits, "the settings decide alike for every two or three captures", |model| {
        let kv = value_int(model, &k) as usize;
        let tv: Vec<i64> = t.iter().map(|x| value_int(model, x)).collect();
        let exclude = Bool::and(&[k.eq(kv as i64), t[0].eq(tv[0]), t[1].eq(tv[1]), t[2].eq(tv[2])]).not();
        let victim = |j: i64| if j == 0 { Some(fill) } else { pair.a.piece_index(&targets[j as usize - 1]) };
        for &piece in &movers {
            for order in capture_orders(pair.a, piece, at, kv).into_iter().take(12) {
                let z = &pair.a.zobrist;
                let mut pos = Position::empty(pair.a.game.board, pair.a.pieces.len());
                pos.put(z, at, Some(Man { player: Color::Black, piece }));
                let mut ok = true;
                for (sq, &j) in order.iter().zip(&tv) {
                    match victim(j) {
                        Some(v) => pos.put(z, *sq, Some(Man { player: Color::White, piece: v })),
                        None => ok = false,
                    }
                }
                if !ok {
                    continue;
                }
                pos.set_side(z, Color::Black);
                let Some(pos) = add_royals(pair, pos, at) else { continue };
                if let Some(w) =
                    confirm(pair, pos, &|mv| mv.from == Some(at) && mv.captures.len() == kv && mv.promotion.is_some())
                {
                    return Ok(w);
                }
            }
        }
        Err(exclude)
    })
}
