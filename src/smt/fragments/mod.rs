//! Rule fragments encoded for Z3, each written from the settings' meaning (src/spec/settings.rs
//! and the documents' clauses), not from the engine's code: the engine then confirms the witness.
//! - skip limit (SUZ/MIT "skip" clauses): may a player skip, given who skipped last?
//! - freezing (Suzumu's Heavenly Tetrarch): which pieces a freezer holds;
//! - rank-limited jumping (Suzumu's and Mitsugumi's jumping generals): what a jump may pass and
//!   take, kings and princes included;
//! - burning (the Fire Demon): how many pieces a move may burn, arrival capture counted or not;
//! - drop bans (Shoogantshii's drop rule 7, shogi's dead pieces): where a piece may be dropped;
//! - remembered pieces (memory.rs): how a dropped or a demoted piece promotes;
//! - the Lion-trading rules (`witness::lions`, Chu Shogi): built witnesses, no Z3 query, listed
//!   here so that the readings find them with the fragments.

mod area;
mod attack;
mod deva;
mod memory;

use super::readings::Facet;
use super::{solve, Answer, Limits};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::sampling::designed::droppable;
use crate::spec::abilities::{
    Ability, BurnArrivalCapture, FreezeRange, FreezeTargets, JumpCaptureJumpedRank, JumpCaptureTargets, JumpLanding,
    JumpRankLimit,
};
use crate::spec::game::{GameSpec, PieceSpec};
use crate::spec::rules::{DeadPiece, Rule, SkipLimit};
use crate::witness::build::add_royals;
use crate::witness::build::{centre, filler};
use crate::witness::confirm::confirm;
use crate::witness::lions;
use crate::witness::{Pair, Witness};
use crate::xbetza::{generate, Occupancy, Orientation};
use z3::ast::{Bool, Int};
use z3::Model;

type Handles = fn(&str) -> bool;
type Run = fn(&Pair, &Limits) -> Facet;

/// (name, which changed spec paths it covers, the query).
pub fn all() -> Vec<(&'static str, Handles, Run)> {
    vec![
        ("skip limit", |c| rule(c, &[Rule::SkipLimit]), skip),
        ("freezing", |c| ability(c, &[Ability::FreezeRange, Ability::FreezeTargets]), freeze),
        (
            "rank-limited jumping",
            |c| {
                Ability::from_spec_path(c).is_some_and(|a| a.same_table(Ability::JumpMaxJumped))
                    || (c.starts_with("piece.") && c.ends_with(".rank"))
            },
            jump,
        ),
        ("burn count", |c| ability(c, &[Ability::BurnArrivalCapture, Ability::BurnMax]), burn),
        ("drop bans", |c| rule(c, &[Rule::DropsRankBan, Rule::DropsDeadPiece]), drops),
        (
            "attacks",
            |c| {
                rule(
                    c,
                    &[Rule::LegalityAttack, Rule::CheckFrozenAttackers, Rule::LegalityProtection, Rule::CheckRoyals],
                )
            },
            attack::attack,
        ),
        ("return to the start", |c| ability(c, &[Ability::BurnReturnToStart]), area::return_to_start),
        ("deva capture order", |c| rule(c, &[Rule::PromotionDevaMultiCapture]), deva::deva_order),
        ("remembered pieces", |c| rule(c, &[Rule::PromotionAfterDrop, Rule::DemotionRepromote]), memory::remembered),
        (
            "designed: taken protectors",
            |c| rule(c, &[Rule::LionTradeProtectors]),
            |pair, _| built(lions::protectors(pair)),
        ),
        (
            "designed: counter-strike on the same square",
            |c| rule(c, &[Rule::LionTradeCounterStrikeSameSquare]),
            |pair, _| built(lions::counter_strike_same_square(pair)),
        ),
    ]
}

/// Is changed spec path `changed` one of the rule settings `settings`?
fn rule(changed: &str, settings: &[Rule]) -> bool {
    Rule::from_spec_path(changed).is_some_and(|r| settings.contains(&r))
}

/// Is changed spec path `changed` one of the abilities `settings`, of any piece or group?
fn ability(changed: &str, settings: &[Ability]) -> bool {
    Ability::from_spec_path(changed).is_some_and(|a| settings.contains(&a))
}

pub(super) fn b(v: bool) -> Bool {
    Bool::from_bool(v)
}

pub(super) fn value_int(model: &Model, x: &Int) -> i64 {
    model.eval(x, true).and_then(|v| v.as_i64()).unwrap_or(0)
}

pub(super) fn value_bool(model: &Model, x: &Bool) -> bool {
    model.eval(x, true).and_then(|v| v.as_bool()).unwrap_or(false)
}

/// A witness built without a query (`witness::lions`) as a facet: found, or open with why not.
fn built(designed: Result<Witness, String>) -> Facet {
    match designed {
        Ok(w) => Facet::Found(w),
        Err(why) => Facet::Open(why),
    }
}

/// A few Z3 models, each tried on the engine; a refuted model is excluded by `exclude`.
pub(super) fn models(
    facts: Vec<Bool>,
    limits: &Limits,
    no_effect: &str,
    mut try_model: impl FnMut(&Model) -> Result<Witness, Bool>,
) -> Facet {
    let mut facts = facts;
    for round in 0..6 {
        match solve(&facts, limits) {
            Answer::Unsat if round == 0 => return Facet::NoEffect(no_effect.to_string()),
            Answer::Unsat => return Facet::Open("the engine refuted every model Z3 gave".into()),
            Answer::Unknown(why) => return Facet::Open(format!("Z3: {why}")),
            Answer::Sat(model) => match try_model(&model) {
                Ok(w) => return Facet::Found(w),
                Err(exclude) => facts.push(exclude),
            },
        }
    }
    Facet::Open("the engine refuted the first six models Z3 gave".into())
}

// ---------------------------------------------------------------------------------------
// Skip limit (SUZ "no player may skip two turns in a row", MIT "a player may not skip right
// after the opponent skipped"; settings: none | no-two-own-in-a-row | not-after-opponent-skip
// | both).

fn skip_allowed(limit: SkipLimit, own: &Bool, opp: &Bool) -> Bool {
    match limit {
        SkipLimit::NoTwoOwnInARow => own.not(),
        SkipLimit::NotAfterOpponentSkip => opp.not(),
        SkipLimit::Both => Bool::and(&[own.not(), opp.not()]),
        SkipLimit::None => b(true),
    }
}

fn skip(pair: &Pair, limits: &Limits) -> Facet {
    let la = pair.a.game.typed_rules().skip_limit;
    let lb = pair.b.game.typed_rules().skip_limit;
    let own = Bool::new_const("own_last_turn_was_a_skip");
    let opp = Bool::new_const("opponent_last_turn_was_a_skip");
    let differ = skip_allowed(la, &own, &opp).xor(skip_allowed(lb, &own, &opp));
    let Some(passer) = pair
        .a
        .pieces
        .iter()
        .position(|p| p.can_pass && !p.royal)
        .or_else(|| pair.a.pieces.iter().position(|p| p.can_pass))
    else {
        return Facet::Open("no piece can pass".into());
    };
    models(vec![differ], limits, "the two limits allow the same skips after every history", |m| {
        let (o, p) = (value_bool(m, &own), value_bool(m, &opp));
        let at = centre(&pair.a.game);
        let z = &pair.a.zobrist;
        let mut pos = Position::empty(pair.a.game.board, pair.a.pieces.len());
        pos.put(z, at, Some(Man { player: Color::Black, piece: PieceId::new(passer) }));
        pos.set_side(z, Color::Black);
        pos.last_skip = [o, p];
        let exclude = Bool::and(&[own.eq(b(o)), opp.eq(b(p))]).not();
        let pos = add_royals(pair, pos, at).ok_or(exclude.clone())?;
        confirm(pair, pos, &|mv| mv.is_skip).ok_or(exclude)
    })
}

// ---------------------------------------------------------------------------------------
// Freezing (SUZ Heavenly Tetrarch: "freezes ... adjacent"; settings freeze.range adjacent |
// board, freeze.targets enemy | any).

fn abs(x: &Int) -> Int {
    x.lt(0).ite(&x.unary_minus(), x)
}

fn freeze(pair: &Pair, limits: &Limits) -> Facet {
    let (ga, gb) = (&pair.a.game, &pair.b.game);
    let Some(freezer) = ga.pieces.iter().find(|p| {
        p.typed_abilities().states_table_of(Ability::FreezeRange)
            && gb.piece(&p.id).is_some_and(|q| q.abilities != p.abilities)
    }) else {
        return Facet::Open("no freezer differs".into());
    };
    let fb = gb.piece(&freezer.id).expect("checked above");
    let size = ga.board;
    let (fx, fy, vx, vy) = (
        Int::new_const("freezer_file"),
        Int::new_const("freezer_rank"),
        Int::new_const("victim_file"),
        Int::new_const("victim_rank"),
    );
    let same = Bool::new_const("same_side");
    let dist = {
        let (dx, dy) = (abs(&(&fx - &vx)), abs(&(&fy - &vy)));
        dx.gt(&dy).ite(&dx, &dy)
    };
    let frozen = |p: &PieceSpec| {
        let a = p.typed_abilities();
        let range = if a.freeze_range == FreezeRange::Board { b(true) } else { dist.le(1) };
        let whose = if a.freeze_targets == FreezeTargets::Any { b(true) } else { same.not() };
        Bool::and(&[range, whose])
    };
    let mut facts = vec![frozen(freezer).xor(frozen(fb)), dist.ge(1)];
    for (x, n) in [(&fx, size.files), (&fy, size.ranks)] {
        facts.push(x.ge(0));
        facts.push(x.lt(n as i64));
    }
    // The victim off the edges, so that a plain piece there has a move.
    facts.push(vx.ge(1));
    facts.push(vx.lt(size.files as i64 - 1));
    facts.push(vy.ge(1));
    facts.push(vy.lt(size.ranks as i64 - 1));
    let Some(piece) = pair.a.piece_index(&freezer.id) else { return Facet::Open("freezer missing".into()) };
    let Some(fill) = filler(pair.a) else { return Facet::Open("no plain piece to freeze".into()) };
    models(facts, limits, "the two readings freeze the same pieces everywhere", |m| {
        let f = Square::new(value_int(m, &fx) as u8, value_int(m, &fy) as u8);
        let v = Square::new(value_int(m, &vx) as u8, value_int(m, &vy) as u8);
        let s = value_bool(m, &same);
        let exclude = Bool::and(&[
            fx.eq(f.file as i64),
            fy.eq(f.rank as i64),
            vx.eq(v.file as i64),
            vy.eq(v.rank as i64),
            same.eq(b(s)),
        ])
        .not();
        let z = &pair.a.zobrist;
        let mut pos = Position::empty(size, pair.a.pieces.len());
        pos.put(z, f, Some(Man { player: if s { Color::Black } else { Color::White }, piece }));
        pos.put(z, v, Some(Man { player: Color::Black, piece: fill }));
        pos.set_side(z, Color::Black);
        let pos = add_royals(pair, pos, v).ok_or(exclude.clone())?;
        confirm(pair, pos, &|mv| mv.from == Some(v)).ok_or(exclude)
    })
}

// ---------------------------------------------------------------------------------------
// Rank-limited jumping (SUZ "Jumping Sliders": a general jumps only pieces of lower rank; may it
// capture what it jumps, kings and princes included, and what may it take at the end).

fn jump(pair: &Pair, limits: &Limits) -> Facet {
    let (ga, gb) = (&pair.a.game, &pair.b.game);
    let jumpers: Vec<&PieceSpec> = ga
        .pieces
        .iter()
        .filter(|p| {
            let jumps = |q: &PieceSpec| q.typed_abilities().states_table_of(Ability::JumpMaxJumped);
            jumps(p) || gb.piece(&p.id).is_some_and(jumps)
        })
        .collect();
    if jumpers.is_empty() {
        return Facet::Open("no jumping piece".into());
    }
    let n = ga.pieces.len() as i64;
    let mut last = Facet::NoEffect("the two readings allow the same jumps for every jumper, victim and landing".into());
    for j in jumpers {
        let Some(jb) = gb.piece(&j.id) else { continue };
        let (v, w) = (Int::new_const("jumped_type"), Int::new_const("final_target_type"));
        let (takes_jumped, final_capture, victim_enemy) =
            (Bool::new_const("captures_jumped"), Bool::new_const("final_capture"), Bool::new_const("jumped_is_enemy"));
        let count = Int::new_const("pieces_jumped");
        let table = |g: &GameSpec, x: &Int, f: &dyn Fn(&PieceSpec) -> i64| -> Int {
            let mut e = Int::from_i64(0);
            for (i, p) in g.pieces.iter().enumerate() {
                e = x.eq(i as i64).ite(&Int::from_i64(f(p)), &e);
            }
            e
        };
        let allowed = |g: &GameSpec, p: &PieceSpec| -> Bool {
            let rank = |q: &PieceSpec| q.rank.unwrap_or(0) as i64;
            let my = rank(p);
            let (rv, rw) = (table(g, &v, &rank), table(g, &w, &rank));
            let royal_v = table(g, &v, &|q| q.royal as i64).eq(1);
            let a = p.typed_abilities();
            if !a.states_table_of(Ability::JumpMaxJumped) {
                // Not a jumper under this reading: its notation decides, the ranks do not.
                return b(true);
            }
            let limit = a.jump_rank_limit;
            let hop = if limit == JumpRankLimit::None { b(true) } else { rv.lt(my) };
            let rank_limited = a.jump_capture_jumped_rank == JumpCaptureJumpedRank::LowerOnly
                || limit == JumpRankLimit::JumpAndCapture;
            let jump_capture = Bool::and(&[
                b(a.jump_capture_jumped),
                royal_v.ite(&b(a.jump_capture_jumped_royals), &if rank_limited { rv.lt(my) } else { b(true) }),
            ]);
            let step = takes_jumped.ite(&jump_capture, &hop);
            let fin = if a.jump_capture_targets == JumpCaptureTargets::LowerRank {
                Bool::or(&[final_capture.not(), rw.lt(my)])
            } else {
                b(true)
            };
            let land = match a.jump_landing {
                JumpLanding::Capture => final_capture.clone(),
                JumpLanding::AfterAnyCapture => Bool::or(&[final_capture.clone(), takes_jumped.clone()]),
                JumpLanding::CaptureOrEmpty => b(true),
            };
            // `count` pieces of that type are jumped in a row: jump.max-jumped must allow them.
            let within = count.le(a.jump_max_jumped);
            Bool::and(&[step, fin, land, within])
        };
        let facts = vec![
            allowed(ga, j).xor(allowed(gb, jb)),
            v.ge(0),
            v.lt(n),
            w.ge(0),
            w.lt(n),
            takes_jumped.implies(&victim_enemy),
            count.ge(1),
            count.le(2),
            // The final target is no royal: taking a king ends the game under every reading.
            table(ga, &w, &|q| q.royal as i64).eq(0),
        ];
        let Some(ji) = pair.a.piece_index(&j.id) else { continue };
        let at = centre(ga);
        let facet = models(facts, limits, "", |m| {
            let (vt, wt) = (PieceId::new(value_int(m, &v) as usize), PieceId::new(value_int(m, &w) as usize));
            let (tj, fc, ve) =
                (value_bool(m, &takes_jumped), value_bool(m, &final_capture), value_bool(m, &victim_enemy));
            let k = value_int(m, &count) as i32;
            let exclude = Bool::and(&[
                v.eq(vt.index() as i64),
                w.eq(wt.index() as i64),
                takes_jumped.eq(b(tj)),
                final_capture.eq(b(fc)),
                victim_enemy.eq(b(ve)),
                count.eq(k as i64),
            ])
            .not();
            // Jumper on the centre, the jumped pieces in a row from `gap` squares away, the
            // landing square right after them, in each direction and at each distance the
            // notation might use.
            for d in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] {
                for gap in 1..=2i32 {
                    let size = ga.board;
                    let victims: Option<Vec<Square>> =
                        (0..k).map(|i| size.offset(at, (d.0 * (gap + i), d.1 * (gap + i)))).collect();
                    let (Some(victims), Some(ls)) = (victims, size.offset(at, (d.0 * (gap + k), d.1 * (gap + k))))
                    else {
                        continue;
                    };
                    let z = &pair.a.zobrist;
                    let mut pos = Position::empty(size, pair.a.pieces.len());
                    pos.put(z, at, Some(Man { player: Color::Black, piece: ji }));
                    for vs in victims {
                        pos.put(z, vs, Some(Man { player: if ve { Color::White } else { Color::Black }, piece: vt }));
                    }
                    if fc {
                        pos.put(z, ls, Some(Man { player: Color::White, piece: wt }));
                    }
                    pos.set_side(z, Color::Black);
                    let Some(pos) = add_royals(pair, pos, at) else { continue };
                    if let Some(wit) = confirm(pair, pos, &|mv| mv.from == Some(at) && mv.to == Some(ls)) {
                        return Ok(wit);
                    }
                }
            }
            Err(exclude)
        });
        match facet {
            Facet::Found(w) => return Facet::Found(w),
            Facet::NoEffect(_) => {}
            open => last = open,
        }
    }
    last
}

// ---------------------------------------------------------------------------------------
// Burning (SUZ Fire Demon: "burns up to two non-Fire Demon opponents adjacent to that square";
// settings burn.max, burn.arrival-capture counted | extra).

fn burn(pair: &Pair, limits: &Limits) -> Facet {
    let (ga, gb) = (&pair.a.game, &pair.b.game);
    let Some(burner) = ga.pieces.iter().find(|p| {
        p.typed_abilities().is_stated(Ability::BurnMax) && gb.piece(&p.id).is_some_and(|q| q.abilities != p.abilities)
    }) else {
        return Facet::Open("no burner differs".into());
    };
    let bb = gb.piece(&burner.id).expect("checked above");
    let (n, k, arrival) = (
        Int::new_const("enemies_next_to_destination"),
        Int::new_const("burned"),
        Bool::new_const("captures_on_arrival"),
    );
    let limit = |p: &PieceSpec| {
        let a = p.typed_abilities();
        let max = a.burn_max;
        if a.burn_arrival_capture == BurnArrivalCapture::Counted {
            arrival.ite(&Int::from_i64(max - 1), &Int::from_i64(max))
        } else {
            Int::from_i64(max)
        }
    };
    let facts = vec![k.ge(1), k.le(&n), n.le(6), k.le(limit(burner)).xor(k.le(limit(bb)))];
    let Some(piece) = pair.a.piece_index(&burner.id) else { return Facet::Open("burner missing".into()) };
    let Some(fill) = filler(pair.a) else { return Facet::Open("no plain piece to burn".into()) };
    let at = centre(ga);
    models(facts, limits, "the two readings allow the same burns", |m| {
        let (nv, kv, av) = (value_int(m, &n), value_int(m, &k), value_bool(m, &arrival));
        let exclude = Bool::and(&[n.eq(nv), k.eq(kv), arrival.eq(b(av))]).not();
        let size = ga.board;
        for d in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] {
            let Some(dest) = size.offset(at, d) else { continue };
            let z = &pair.a.zobrist;
            let mut pos = Position::empty(size, pair.a.pieces.len());
            pos.put(z, at, Some(Man { player: Color::Black, piece }));
            if av {
                pos.put(z, dest, Some(Man { player: Color::White, piece: fill }));
            }
            let around: Vec<Square> = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
                .iter()
                .filter_map(|&e| size.offset(dest, e))
                .filter(|&s| s != at)
                .take(nv as usize)
                .collect();
            for s in around {
                pos.put(z, s, Some(Man { player: Color::White, piece: fill }));
            }
            pos.set_side(z, Color::Black);
            let Some(pos) = add_royals(pair, pos, at) else { continue };
            if let Some(w) =
                confirm(pair, pos, &|mv| mv.from == Some(at) && mv.to == Some(dest) && mv.burned.len() as i64 >= kv)
            {
                return Ok(w);
            }
        }
        Err(exclude)
    })
}

// ---------------------------------------------------------------------------------------
// Drop bans (SHO drop rule 7 "No Horse may be dropped on the eighth rank, and Pawn, Horse, or
// Lance may [not] be dropped on the ninth"; shogi's "no piece where it can never move";
// settings drops.rank-ban, drops.dead-piece).

/// Squares where a piece can never move on an empty board (drops.dead-piece = empty-board).
fn dead_squares(engine: &Engine, piece: PieceId) -> Vec<Square> {
    let size = engine.game.board;
    let empty = Occupancy::empty(size);
    size.squares()
        .filter(|&s| {
            let compiled = engine.game.moves_at(&engine.game.pieces[piece.index()], s);
            generate(compiled, &empty, s, Orientation::Up).iter().all(|m| m.to == s && m.captures.is_empty())
        })
        .collect()
}

fn drops(pair: &Pair, limits: &Limits) -> Facet {
    let enabled = |g: &GameSpec| g.typed_rules().drops_enabled;
    if !enabled(&pair.a.game) && !enabled(&pair.b.game) {
        return Facet::NoEffect("drops are off under both options".into());
    }
    let types = droppable(pair.a);
    let (t, f, r) = (Int::new_const("dropped_type"), Int::new_const("file"), Int::new_const("rank"));
    let banned = |engine: &Engine| -> Result<Bool, String> {
        let g = &engine.game;
        let mut any = Vec::new();
        let rules = g.typed_rules();
        for (id, ranks) in rules.drops_rank_ban {
            if let Some(i) = pair.a.piece_index(&id) {
                let on: Vec<Bool> = ranks.iter().map(|&k| r.eq(k as i64 - 1)).collect();
                any.push(Bool::and(&[t.eq(i.index() as i64), Bool::or(&on)]));
            }
        }
        match rules.drops_dead_piece {
            DeadPiece::Allowed => {}
            DeadPiece::EmptyBoard => {
                for &i in &types {
                    let Some(own) = engine.piece_index(&pair.a.piece(i).id) else { continue };
                    for s in dead_squares(engine, own) {
                        any.push(Bool::and(&[t.eq(i.index() as i64), f.eq(s.file as i64), r.eq(s.rank as i64)]));
                    }
                }
            }
            other => return Err(format!("{} = {other} is not encoded", Rule::DropsDeadPiece.path())),
        }
        Ok(Bool::or(&any))
    };
    let (ba, bb) = match (banned(pair.a), banned(pair.b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return Facet::Open(e),
    };
    let size = pair.a.game.board;
    let in_types: Vec<Bool> = types.iter().map(|&i| t.eq(i.index() as i64)).collect();
    let facts =
        vec![ba.xor(&bb), Bool::or(&in_types), f.ge(0), f.lt(size.files as i64), r.ge(0), r.lt(size.ranks as i64)];
    models(facts, limits, "the two readings ban the same drops", |m| {
        let (tv, fv, rv) = (PieceId::new(value_int(m, &t) as usize), value_int(m, &f) as u8, value_int(m, &r) as u8);
        let exclude = Bool::and(&[t.eq(tv.index() as i64), f.eq(fv as i64), r.eq(rv as i64)]).not();
        let sq = Square::new(fv, rv);
        let z = &pair.a.zobrist;
        let mut pos = Position::empty(size, pair.a.pieces.len());
        pos.set_hand(z, Color::Black, tv, 1);
        pos.set_side(z, Color::Black);
        let pos = add_royals(pair, pos, sq).ok_or(exclude.clone())?;
        confirm(pair, pos, &|mv| mv.from.is_none() && mv.to == Some(sq)).ok_or(exclude)
    })
}
