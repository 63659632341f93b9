//! Running the invariants: seeded random games from the start (every legal move of every
//! position reached is judged, the game goes on by one of them), and designed positions
//! (random placements of the spec's pieces, hands and skip facts), each judged the same way.
//! Games run in parallel; the tallies are summed, so the result does not depend on the
//! scheduling. The first violation of each invariant is kept with its position, shrunk.

use super::designed::{self, aim_for};
use super::shrink;
use super::{Invariant, InvariantKind, Tally, Transition};
use crate::engine::play::Game;
use crate::engine::status::History;
use crate::engine::{Engine, Move, Position};
use crate::random::SplitMix64;
use crate::sampling::designed::Aim;
use crate::sampling::shuffler::Shuffler;
use indicatif::ProgressBar;
use rayon::prelude::*;

/// How much to run. Game `i` uses seed `seed + i`; designed position `j` uses seed
/// `seed + DESIGNED_OFFSET + j`, so every case can be replayed alone.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub games: usize,
    pub plies: usize,
    pub positions: usize,
    pub seed: u64,
}

pub const DESIGNED_OFFSET: u64 = 1 << 32;

/// What a run found: the tally, how much was judged, and where.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub tally: Tally,
    pub transitions: u64,
    pub positions: u64,
    pub(crate) designed: u64,
}

impl Report {
    pub fn merge(&mut self, other: Report) {
        self.tally.merge(other.tally);
        self.transitions += other.transitions;
        self.positions += other.positions;
        self.designed += other.designed;
    }
}

/// Judges every legal move of `pos` (and the position itself) against `invariants`. `history`
/// and `line` are the game so far where `pos` was reached in a game; `played` is the index of
/// the move the game goes on by (it alone sees the line, for repetition).
#[allow(clippy::too_many_arguments)]
fn judge_position(
    engine: &Engine,
    invariants: &[Invariant],
    pos: &Position,
    moves: &[Move],
    history: &History,
    line: Option<&[Position]>,
    played: Option<usize>,
    origin: &str,
    report: &mut Report,
) {
    report.positions += 1;
    report.tally.check_position(invariants, engine, pos, moves, origin);
    let mut after = pos.clone();
    let mut undo = Vec::new();
    // One copy of the history for the position; each move's entry is dropped after it.
    let mut h = history.clone();
    let known = h.len();
    let before_facts = super::BeforeFacts::default();
    for (i, mv) in moves.iter().enumerate() {
        engine.make(&mut after, mv, &mut undo);
        let outcome = engine.status_after(&after, mv, &mut h);
        h.truncate(known);
        let t = Transition {
            engine,
            before: pos,
            mv,
            after: &after,
            moves,
            outcome: outcome.as_ref(),
            line: if played == Some(i) { line } else { None },
            before_facts: Some(&before_facts),
        };
        report.tally.check(invariants, &t, origin);
        report.transitions += 1;
        engine.unmake(&mut after, &mut undo);
    }
}

/// One seeded random game: every position's moves judged; the game goes on by a random one.
pub fn game(engine: &Engine, invariants: &[Invariant], seed: u64, plies: usize) -> Report {
    played_game(engine, invariants, seed, plies, false)
}

/// A seeded game that shuffles: after a few random plies each side moves a piece out and back
/// (quiet board moves, then their reverses), so positions repeat, as the repetition rules need
/// and random play (with drops above all) almost never gives.
pub(crate) fn shuffle_game(engine: &Engine, invariants: &[Invariant], seed: u64, plies: usize) -> Report {
    played_game(engine, invariants, seed, plies, true)
}

fn played_game(engine: &Engine, invariants: &[Invariant], seed: u64, plies: usize, shuffle: bool) -> Report {
    let mut report = Report::default();
    let mut shuffler = Shuffler::new(seed, shuffle, plies);
    let kind = if shuffle { "shuffle game" } else { "game" };
    let mut game = Game::new(engine, engine.start(), plies);
    let mut line: Vec<Position> = vec![game.position().clone()];
    while !game.is_over() {
        let pick = shuffler.pick(game.plies(), game.position().side, game.moves());
        let origin = format!("{kind} seed {seed}, ply {}", game.plies() + 1);
        let (pos, moves, history) = (game.position(), game.moves(), game.history());
        judge_position(engine, invariants, pos, moves, history, Some(&line), Some(pick), &origin, &mut report);
        game.play(pick);
        // The line holds the positions between turns (the repetition invariant compares only
        // those).
        if !game.position().extra_turn {
            line.push(game.position().clone());
        }
    }
    report
}

/// One designed position (see `designed`), judged like a game position without history.
pub fn designed_position(engine: &Engine, invariants: &[Invariant], seed: u64, aim: &Aim) -> Report {
    let mut rng = SplitMix64::new(seed);
    let Some(pos) = designed::position(engine, invariants, &mut rng, aim) else { return Report::default() };
    let mut report = position(engine, invariants, &pos, &format!("designed position, seed {seed}"));
    report.designed = report.positions;
    report
}

/// Any position (no history behind it) with every legal move judged; nothing when the game is
/// over there.
pub fn position(engine: &Engine, invariants: &[Invariant], pos: &Position, origin: &str) -> Report {
    let mut report = Report::default();
    let moves = engine.legal_moves(pos);
    if engine.status_before(pos, &moves).is_some() {
        return report;
    }
    let history = engine.start_history(pos);
    judge_position(engine, invariants, pos, &moves, &history, None, None, origin, &mut report);
    report
}

/// The whole budget: games, then designed positions, in parallel, with `bar` advanced once per
/// game or position.
pub fn run(engine: &Engine, invariants: &[Invariant], budget: Budget, bar: &ProgressBar) -> Report {
    let games = (0..budget.games).into_par_iter().map(|i| {
        let r = game(engine, invariants, budget.seed.wrapping_add(i as u64), budget.plies);
        bar.inc(1);
        r
    });
    let aim = Aim::default();
    let designed = (0..budget.positions).into_par_iter().map(|j| {
        let r = designed_position(engine, invariants, budget.seed.wrapping_add(DESIGNED_OFFSET + j as u64), &aim);
        bar.inc(1);
        r
    });
    let mut report = games.chain(designed).reduce(Report::default, |mut a, b| {
        a.merge(b);
        a
    });
    shrink::shrink_witnesses(engine, invariants, &mut report.tally);
    report
}

/// Designed positions aimed at the invariants never exercised: up to `tries` positions per
/// invariant, each built around the pieces the invariant names, until it is exercised.
pub(crate) fn aim_at_unexercised(
    engine: &Engine,
    invariants: &[Invariant],
    seed: u64,
    tries: usize,
    report: &mut Report,
    bar: &ProgressBar,
) {
    let unexercised: Vec<&Invariant> =
        invariants.iter().filter(|i| !report.tally.exercised.contains_key(&i.id)).collect();
    for (n, inv) in unexercised.into_iter().enumerate() {
        let aim = aim_for(engine, inv);
        let base = seed.wrapping_add(DESIGNED_OFFSET * 2 + (n as u64) * tries as u64);
        bar.set_message(format!("aiming at {}", inv.id));
        // In parallel rounds of a few positions, stopping once the invariant was exercised.
        // The repetition kinds need a game's history: shuffle games instead of positions.
        let history = needs_line(&inv.kind);
        let mut done = 0;
        while done < tries && !report.tally.exercised.contains_key(&inv.id) {
            let round = (tries - done).min(if history { 8 } else { 64 });
            let part = (done..done + round)
                .into_par_iter()
                .map(|j| {
                    if history {
                        shuffle_game(engine, invariants, base + j as u64, 60)
                    } else {
                        designed_position(engine, invariants, base + j as u64, &aim)
                    }
                })
                .reduce(Report::default, |mut a, b| {
                    a.merge(b);
                    a
                });
            report.merge(part);
            done += round;
            bar.inc(round as u64);
        }
    }
    shrink::shrink_witnesses(engine, invariants, &mut report.tally);
}

/// Whether any invariant is of a kind that reads the game's line (repetition): its witnesses
/// cannot be shrunk to a single position.
pub(crate) fn needs_line(kind: &InvariantKind) -> bool {
    matches!(kind, InvariantKind::Repetition { .. })
}
