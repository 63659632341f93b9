//! Spec consistency proofs. Each is a Z3 query for a counterexample over the spec's finite
//! tables (piece types, squares, ranks): unsatisfiable is the proof, a model is the refuting
//! witness, and a timeout is unknown. The tables come from the spec; where a table needs a
//! piece's mobility, lint's `can_move` gives it (the move generator on an empty board and
//! among enemies).
//!
//! 1. mobility: no piece can be left (without a forced promotion) or dropped (without a drop
//!    ban) on a square where it can never move, unless the document allows it (Hook's optional
//!    last-rank promotion of Pawn, Stone and Iron General: rules.promotion.last-rank-optional);
//! 2. jump ranking: "may jump" (a jumper with a rank limit over a lower-ranked piece) is a strict
//!    order: irreflexive, asymmetric, transitive, and every such jumper has a rank;
//! 3. promotion map: every chain of promotions ends (no piece promotes forever);
//! 4. zone and setup: no piece starts in its own promotion zone, and a zone the document ties to
//!    the opponent's line (zone anchors) begins there.

use super::{solve, Answer, Limits, Verdict};
use crate::core::Color;
use crate::geometry::Square;
use crate::spec::abilities::JumpRankLimit;
use crate::spec::game::{GameSpec, PieceSpec};
use crate::spec::lint::{can_move, sample_boards};
use crate::spec::rules::{DeadPiece, Forced, Rule};
use crate::spec::LoadedSpec;
use serde::Serialize;
use z3::ast::{Bool, Int};
use z3::Model;

#[derive(Clone, Debug, Serialize)]
pub struct Proof {
    pub name: String,
    /// What is proved, in words.
    pub(crate) claim: String,
    /// Proved, witness (refuted), or unknown; `applies` false when the spec has nothing to prove
    /// (no jump ranking, no promotion zone).
    pub verdict: Verdict,
    pub applies: bool,
    pub detail: String,
    /// The refuting case, in words (piece, square, chain).
    pub witness: Option<String>,
    /// For a refuted proof: the reading options (READING=OPTION) under which it holds, so
    /// the report says which open point decides it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub holds_under: Vec<String>,
    /// A refuted proof the spec acknowledges (`[[acknowledged]]`): the spec's reason. Set by
    /// `commands::acknowledge`; such a proof is shown but fails nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) acknowledged: Option<String>,
}

impl Proof {
    /// Refuted, and not acknowledged by the spec: a finding to fail on.
    pub(crate) fn refuted_open(&self) -> bool {
        self.verdict == Verdict::Witness && self.acknowledged.is_none()
    }
}

type ProofFn = fn(&GameSpec, &Limits) -> Proof;

/// One proof: its name (as in its `Proof`), the function, the spec paths (prefixes) whose
/// values it reads, and the clauses it speaks for: narrower than what it reads, since every
/// proof reads the piece table but only the clauses of its own rule are its subject.
struct ProofEntry {
    name: &'static str,
    prove: ProofFn,
    /// Does the proof read the value at this (changed) spec path?
    reads: fn(&str) -> bool,
    speaks_for: fn(&str) -> bool,
}

const PROOFS: [ProofEntry; 4] = [
    ProofEntry {
        name: "mobility",
        prove: mobility,
        reads: |p| {
            [Rule::PromotionZone, Rule::DropsEnabled, Rule::XbetzaYScope, Rule::ZoneMovesBy]
                .iter()
                .any(|r| r.table_holds(p))
                || ["piece.", "setup", "board", "zone"].iter().any(|r| p.starts_with(r))
        },
        // Forced promotion, last-rank allowances and drop bans are what keep pieces mobile.
        speaks_for: |p| {
            // promotion.forced and -forced-ranks; promotion.last-rank and its -optional, -timing.
            p.starts_with(Rule::PromotionForced.spec_path())
                || p.starts_with(Rule::PromotionLastRank.spec_path())
                || Rule::DropsEnabled.table_holds(p) && p != Rule::DropsEnabled.spec_path()
        },
    },
    ProofEntry {
        name: "jump-ranking",
        prove: jump_ranking,
        reads: |p| p.starts_with("piece."),
        speaks_for: |p| p.ends_with(".rank") || p.starts_with("group.jumping-generals."),
    },
    ProofEntry {
        name: "promotion-chains",
        prove: promotion_chains,
        reads: |p| p.starts_with("piece."),
        speaks_for: |p| p.ends_with(".promotes_to"),
    },
    ProofEntry {
        name: "zone-setup",
        prove: zone_setup,
        reads: |p| {
            p.starts_with(Rule::PromotionZone.spec_path())
                || ["setup", "board", "zone"].iter().any(|r| p.starts_with(r))
        },
        speaks_for: |p| p.starts_with("zone.promotion") || p == Rule::PromotionZone.spec_path(),
    },
];

/// Whether a proof speaks for the clause encoded at `path` (the report's clause table lists
/// the proofs of each clause).
pub(crate) fn speaks_for(proof: &str, path: &str) -> bool {
    PROOFS.iter().find(|p| p.name == proof).is_some_and(|p| (p.speaks_for)(path))
}

pub fn proofs(game: &GameSpec, limits: &Limits) -> Vec<Proof> {
    PROOFS.iter().map(|p| (p.prove)(game, limits)).collect()
}

/// The proofs of a spec under its default readings; each refuted one is tried again under
/// every other option of the spec's readings, which are listed where it then holds.
pub fn spec_proofs(spec: &LoadedSpec, limits: &Limits) -> Vec<Proof> {
    let mut out = proofs(&spec.game, limits);
    for (i, p) in out.iter_mut().enumerate() {
        if p.verdict != Verdict::Witness {
            continue;
        }
        for r in &spec.spec.readings {
            for o in &r.options {
                if o.name.get_ref() == r.default.get_ref() {
                    continue;
                }
                let Some(game) = spec.alternative(r.id.get_ref(), o.name.get_ref()) else { continue };
                let entry = &PROOFS[i];
                let changed = crate::witness::changes::changes(&spec.game, game);
                if !changed.iter().any(|c| (entry.reads)(c)) {
                    continue;
                }
                if (entry.prove)(game, limits).verdict == Verdict::Proved {
                    p.holds_under.push(format!("{}={}", r.id.get_ref(), o.name.get_ref()));
                }
            }
        }
    }
    out
}

fn proof(name: &str, claim: &str) -> Proof {
    Proof {
        name: name.into(),
        claim: claim.into(),
        verdict: Verdict::Unknown,
        applies: true,
        detail: String::new(),
        witness: None,
        holds_under: Vec::new(),
        acknowledged: None,
    }
}

fn int_of(model: &Model, x: &Int) -> i64 {
    model.eval(x, true).and_then(|v| v.as_i64()).unwrap_or(-1)
}

fn finish(mut p: Proof, answer: Answer, proved: &str, witness: impl FnOnce(&Model) -> String) -> Proof {
    match answer {
        Answer::Unsat => {
            p.verdict = Verdict::Proved;
            p.detail = proved.into();
        }
        Answer::Sat(m) => {
            p.verdict = Verdict::Witness;
            p.witness = Some(witness(&m));
            p.detail = "refuted".into();
        }
        Answer::Unknown(why) => p.detail = format!("Z3: {why}"),
    }
    p
}

/// A square as (file, rank) variables constrained to the board.
fn square_vars(game: &GameSpec, prefix: &str) -> (Int, Int, Vec<Bool>) {
    let (f, r) = (Int::new_const(format!("{prefix}file")), Int::new_const(format!("{prefix}rank")));
    let bounds = vec![f.ge(0), f.lt(game.board.files as i64), r.ge(0), r.lt(game.board.ranks as i64)];
    (f, r, bounds)
}

fn at(f: &Int, r: &Int, s: Square) -> Bool {
    Bool::and(&[f.eq(s.file as i64), r.eq(s.rank as i64)])
}

fn rank_set(r: &Int, ranks: &[u8]) -> Bool {
    Bool::or(&ranks.iter().map(|&k| r.eq(k as i64 - 1)).collect::<Vec<_>>())
}

fn mobility(game: &GameSpec, limits: &Limits) -> Proof {
    let p = proof(
        "mobility",
        "no piece can be left (without a forced promotion) or dropped (without a drop ban) where it can never move, except where the document allows dead pieces",
    );
    let t = Int::new_const("type");
    let (f, r, mut facts) = square_vars(game, "");
    let n = game.pieces.len();
    facts.push(t.ge(0));
    facts.push(t.lt(n as i64));
    // dead(t, square): the generator's mobility table.
    // Mobility as lint judges it: a move on the empty board or among enemies.
    let boards = sample_boards(game);
    let mut dead = Vec::new();
    for (i, piece) in game.pieces.iter().enumerate() {
        for s in game.board.squares() {
            if !can_move(game, piece, s, &boards) {
                dead.push(Bool::and(&[t.eq(i as i64), at(&f, &r, s)]));
            }
        }
    }
    let is_dead = Bool::or(&dead);
    // forced(t, square): promotion.forced.
    let rules = game.typed_rules();
    let zone = rules.promotion_zone.as_deref().unwrap_or("none");
    let in_zone = Bool::or(&game.zone_squares(zone, Color::Black).iter().map(|&s| at(&f, &r, s)).collect::<Vec<_>>());
    let promotes: Vec<Bool> =
        game.pieces.iter().enumerate().filter(|(_, p)| p.promotes_to.is_some()).map(|(i, _)| t.eq(i as i64)).collect();
    let promotes = Bool::or(&promotes);
    let forced = match rules.promotion_forced {
        Forced::Always => Bool::and(&[promotes.clone(), in_zone.clone()]),
        Forced::WhenNoFurtherMove => Bool::and(&[promotes.clone(), in_zone.clone(), is_dead.clone()]),
        Forced::ListedRanks => Bool::or(
            &rules
                .promotion_forced_ranks
                .iter()
                .filter_map(|(id, ranks)| {
                    game.pieces
                        .iter()
                        .position(|p| &p.id == id)
                        .map(|i| Bool::and(&[t.eq(i as i64), rank_set(&r, ranks)]))
                })
                .collect::<Vec<_>>(),
        ),
        Forced::Never => Bool::from_bool(false),
    };
    // Last-rank promotion: forced unless optional; optional means the document allows the
    // piece to stay there, dead (HOOK: "may ... decline promotion, leaving a piece that cannot
    // move").
    let last_rank: Vec<Bool> = rules
        .promotion_last_rank
        .iter()
        .filter_map(|id| game.pieces.iter().position(|p| &p.id == id))
        .map(|i| t.eq(i as i64))
        .collect();
    let last_rank_piece = Bool::or(&last_rank);
    let on_last = r.eq(game.board.ranks as i64 - 1);
    let optional = rules.promotion_last_rank_optional;
    let last_forced = Bool::and(&[last_rank_piece.clone(), on_last.clone(), Bool::from_bool(!optional)]);
    let allowed_dead = Bool::and(&[last_rank_piece, on_last, Bool::from_bool(optional)]);
    // Standing: a piece the setup or a promotion brings into play.
    let in_play: Vec<Bool> = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            game.setup.iter().any(|s| s.piece == p.id)
                || game.pieces.iter().any(|q| q.promotes_to.as_deref() == Some(p.id.as_str()))
        })
        .map(|(i, _)| t.eq(i as i64))
        .collect();
    // The allowance is for a piece left there by declining its promotion, not for a drop.
    let stands = Bool::and(&[Bool::or(&in_play), forced.not(), last_forced.not(), allowed_dead.not()]);
    // Dropping: drops on, an unpromoted non-royal type, no ban for the square.
    let drops_on = rules.drops_enabled;
    let droppable: Vec<Bool> = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.royal && !game.pieces.iter().any(|q| q.promotes_to.as_deref() == Some(p.id.as_str())))
        .map(|(i, _)| t.eq(i as i64))
        .collect();
    let mut bans = Vec::new();
    for (id, ranks) in &rules.drops_rank_ban {
        if let Some(i) = game.pieces.iter().position(|p| &p.id == id) {
            bans.push(Bool::and(&[t.eq(i as i64), rank_set(&r, ranks)]));
        }
    }
    for z in &rules.drops_zone_ban {
        bans.extend(game.zone_squares(z, Color::Black).iter().map(|&s| at(&f, &r, s)));
    }
    let dead_rule = rules.drops_dead_piece != DeadPiece::Allowed;
    if dead_rule {
        bans.push(is_dead.clone());
    }
    let dropped = Bool::and(&[Bool::from_bool(drops_on), Bool::or(&droppable), Bool::or(&bans).not()]);
    facts.push(is_dead);
    facts.push(Bool::or(&[stands.clone(), dropped.clone()]));
    let how = (stands, dropped);
    let answer = solve(&facts, limits);
    finish(p, answer, "every square where a piece can never move is covered by a forced promotion, a drop ban or the document's allowance", |m| {
        let i = int_of(m, &t) as usize;
        let s = Square::new(int_of(m, &f) as u8, int_of(m, &r) as u8);
        let stood = m.eval(&how.0, true).and_then(|b| b.as_bool()).unwrap_or(false);
        let name = game.pieces.get(i).map(|p| format!("{} ({})", p.name, p.id)).unwrap_or_default();
        format!("{name} can be {} on {}, where it can never move", if stood { "left" } else { "dropped" }, s.name())
    })
}

fn jump_ranking(game: &GameSpec, limits: &Limits) -> Proof {
    let mut p = proof("jump-ranking", "'may jump' is a strict order over the pieces (irreflexive, asymmetric, transitive) and every rank-limited jumper has a rank");
    let limited = |q: &PieceSpec| q.typed_abilities().jump_rank_limit != JumpRankLimit::None;
    if !game.pieces.iter().any(limited) {
        p.applies = false;
        p.verdict = Verdict::Proved;
        p.detail = "no piece's jumps are limited by rank under these readings".into();
        return p;
    }
    // The relation as a table the spec gives: jumps(a, b) iff a is a rank-limited jumper and b
    // ranks lower. An unranked jumper is a counterexample by itself.
    let unranked: Vec<&PieceSpec> = game.pieces.iter().filter(|q| limited(q) && q.rank.is_none()).collect();
    let n = game.pieces.len() as i64;
    let (a, b, c) = (Int::new_const("a"), Int::new_const("b"), Int::new_const("c"));
    let jumps = |x: &Int, y: &Int| -> Bool {
        let mut cases = Vec::new();
        for (i, pi) in game.pieces.iter().enumerate() {
            if !limited(pi) {
                continue;
            }
            for (j, pj) in game.pieces.iter().enumerate() {
                if pj.rank.unwrap_or(0) < pi.rank.unwrap_or(0) {
                    cases.push(Bool::and(&[x.eq(i as i64), y.eq(j as i64)]));
                }
            }
        }
        Bool::or(&cases)
    };
    let mut facts = vec![a.ge(0), a.lt(n), b.ge(0), b.lt(n), c.ge(0), c.lt(n)];
    facts.push(Bool::or(&[
        jumps(&a, &a),
        Bool::and(&[jumps(&a, &b), jumps(&b, &a)]),
        Bool::and(&[jumps(&a, &b), jumps(&b, &c), jumps(&a, &c).not()]),
    ]));
    let answer = solve(&facts, limits);
    let mut p = finish(p, answer, "the ranks order the jumps strictly", |m| {
        let name = |x: &Int| game.pieces.get(int_of(m, x) as usize).map(|q| q.id.clone()).unwrap_or_default();
        format!("a = {}, b = {}, c = {}", name(&a), name(&b), name(&c))
    });
    if !unranked.is_empty() && p.verdict != Verdict::Unknown {
        p.verdict = Verdict::Witness;
        p.witness = Some(format!(
            "rank-limited jumpers without a rank: {}",
            unranked.iter().map(|q| q.id.as_str()).collect::<Vec<_>>().join(", ")
        ));
    }
    p
}

fn promotion_chains(game: &GameSpec, limits: &Limits) -> Proof {
    let p = proof("promotion-chains", "every chain of promotions ends: no piece promotes forever");
    let n = game.pieces.len();
    let index = |id: &str| game.pieces.iter().position(|q| q.id == id).map(|i| i as i64).unwrap_or(-1);
    // next(x): the type x promotes to, -1 for none.
    let next = |x: &Int| -> Int {
        let mut e = Int::from_i64(-1);
        for (i, q) in game.pieces.iter().enumerate() {
            if let Some(to) = &q.promotes_to {
                e = x.eq(i as i64).ite(&Int::from_i64(index(to)), &e);
            }
        }
        e
    };
    // A chain of n + 1 promotions from some type: with n types it must repeat one (a cycle).
    let chain: Vec<Int> = (0..=n).map(|k| Int::new_const(format!("step{k}"))).collect();
    let mut facts = vec![chain[0].ge(0), chain[0].lt(n as i64)];
    for k in 0..n {
        facts.push(chain[k + 1].eq(next(&chain[k])));
        facts.push(chain[k + 1].ge(0));
    }
    let answer = solve(&facts, limits);
    finish(p, answer, &format!("no chain of {} promotions exists among {n} types", n + 1), |m| {
        let ids: Vec<String> = chain
            .iter()
            .take(n.min(8) + 1)
            .map(|x| game.pieces.get(int_of(m, x) as usize).map(|q| q.id.clone()).unwrap_or_default())
            .collect();
        format!("promotes forever: {} ...", ids.join(" -> "))
    })
}

fn zone_setup(game: &GameSpec, limits: &Limits) -> Proof {
    let mut p = proof(
        "zone-setup",
        "no piece starts in its own promotion zone, and a zone the document ties to the opponent's line begins there",
    );
    let zone = game.typed_rules().promotion_zone.unwrap_or_else(|| "none".into());
    let zone = zone.as_str();
    let squares = game.zone_squares(zone, Color::Black);
    if squares.is_empty() || game.setup.is_empty() {
        p.applies = false;
        p.verdict = Verdict::Proved;
        p.detail = if squares.is_empty() {
            format!("no promotion zone ({})", Rule::PromotionZone.set_to(zone))
        } else {
            "no setup under these readings".into()
        };
        return p;
    }
    let (f, r, mut facts) = square_vars(game, "");
    let in_zone = Bool::or(&squares.iter().map(|&s| at(&f, &r, s)).collect::<Vec<_>>());
    let own_start = Bool::or(
        &game.setup.iter().filter(|s| s.player == Color::Black).map(|s| at(&f, &r, s.square)).collect::<Vec<_>>(),
    );
    // The anchors: the zone's nearest rank must be the opponent's anchor line.
    let mut anchor_wrong = Vec::new();
    for (z, anchor) in &game.zone_anchors {
        if z != zone {
            continue;
        }
        let line: Vec<u8> = game
            .setup
            .iter()
            .filter(|s| s.player == Color::White && &s.piece == anchor)
            .map(|s| s.square.rank)
            .collect();
        if let Some(&enemy) = line.iter().min() {
            // A zone square nearer than the line, or the line not in the zone.
            anchor_wrong.push(Bool::and(&[in_zone.clone(), r.lt(enemy as i64)]));
            anchor_wrong.push(Bool::and(&[r.eq(enemy as i64), in_zone.not()]));
        }
    }
    facts.push(Bool::or(&[Bool::and(&[in_zone.clone(), own_start.clone()]), Bool::or(&anchor_wrong)]));
    let answer = solve(&facts, limits);
    finish(p, answer, "the zone holds no own starting square and begins at the anchored line", |m| {
        let s = Square::new(int_of(m, &f) as u8, int_of(m, &r) as u8);
        let starts = game.setup.iter().find(|x| x.player == Color::Black && x.square == s).map(|x| x.piece.clone());
        match starts {
            Some(id) => format!("{id} starts on {}, inside its own {zone} zone", s.name()),
            None => format!("{}: the {zone} zone does not begin at the anchored line", s.name()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_entry_names_the_proof_its_function_makes() {
        // The report links clauses to proofs by name: a renamed proof must not drop out.
        let spec = crate::spec::load(std::path::Path::new("specs/shogi.toml")).expect("shogi loads");
        let made = proofs(&spec.game, &Limits::default());
        assert_eq!(made.len(), PROOFS.len());
        for (p, entry) in made.iter().zip(PROOFS.iter()) {
            assert_eq!(p.name, entry.name);
        }
        assert!(
            speaks_for("promotion-chains", "piece.P.promotes_to")
                && !speaks_for("no-such-proof", "piece.P.promotes_to")
        );
    }
}
