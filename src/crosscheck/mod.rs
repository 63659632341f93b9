//! Differential testing against an independent engine (`kensho crosscheck`): seeded random
//! games are played with the reference engine, and in every position the other engine is asked
//! for its legal moves over the JSON-lines protocol of docs/crosscheck-protocol.md; the two
//! move sets are compared as move keys (`keys`). The first difference stops the run and is
//! reported with the position and the moves only one side has.

pub mod keys;
pub(crate) mod protocol;

use crate::engine::{Engine, Position};
use protocol::EngineProcess;
use std::collections::{BTreeMap, BTreeSet};

/// The most distinct reasons (`why`) for filtered moves a run keeps count of; an engine
/// documents each of its few (docs/crosscheck-protocol.md, "Writing an engine").
pub(crate) const MAX_REASONS: usize = 1_000;

/// What one crosscheck run saw.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub(crate) games: usize,
    pub positions: usize,
    /// Moves compared (kensho's count, summed over positions).
    pub(crate) moves: usize,
    /// Moves the other engine removed as its known deviations, by reason.
    pub(crate) filtered: BTreeMap<String, usize>,
    pub(crate) difference: Option<Difference>,
}

/// The first position where the move sets differ.
#[derive(Clone, Debug)]
pub(crate) struct Difference {
    pub(crate) seed: u64,
    /// Moves played from the start (move texts).
    pub(crate) moves_before: Vec<String>,
    pub(crate) position: String,
    pub(crate) kensho_only: Vec<String>,
    pub(crate) engine_only: Vec<String>,
}

/// Plays `games` random games (game i with seed `seed + i`, at most `plies` plies each) and
/// compares every position's legal moves with the other engine's. `progress` is told after
/// every game.
pub(crate) fn run(
    engine: &Engine,
    start: &Position,
    other: &mut EngineProcess,
    games: usize,
    plies: usize,
    seed: u64,
    mut progress: impl FnMut(&Report),
) -> Result<Report, String> {
    let mut report = Report::default();
    let mut failure: Option<String> = None;
    let mut next_id: u64 = 0;
    for game in 0..games {
        let game_seed = seed.wrapping_add(game as u64);
        let mut played: Vec<String> = Vec::new();
        let mut stopped = false;
        let mut compare = |before: &Position, report: &mut Report| -> Option<String> {
            let legal = engine.legal_moves(before);
            let ours: BTreeSet<String> = legal.iter().map(|m| keys::move_key(engine, m)).collect();
            next_id += 1;
            let position = engine.position_string(before);
            let reply = match other.legal_moves(next_id, &position) {
                Ok(r) => r,
                Err(e) => return Some(format!("in position {position}: {e}")),
            };
            for (_, why) in &reply.filtered {
                *report.filtered.entry(why.clone()).or_default() += 1;
            }
            // Each reply is bounded (protocol::MAX_LIST); the reasons kept over the whole run
            // would not be if an engine made up new ones in every position.
            if report.filtered.len() > MAX_REASONS {
                return Some(format!(
                    "in position {position}: the engine has named more than {MAX_REASONS} different reasons for filtered moves (the limit)"
                ));
            }
            report.positions += 1;
            report.moves += ours.len();
            let theirs: BTreeSet<String> = reply.moves.into_iter().collect();
            if ours != theirs {
                report.difference = Some(Difference {
                    seed: game_seed,
                    moves_before: Vec::new(),
                    position,
                    kensho_only: ours.difference(&theirs).cloned().collect(),
                    engine_only: theirs.difference(&ours).cloned().collect(),
                });
            }
            None
        };
        let record = engine.random_game(start, game_seed, plies, |before, mv, _after| {
            if stopped {
                return;
            }
            if let Some(e) = compare(before, &mut report) {
                failure = Some(e);
                stopped = true;
            } else if let Some(d) = report.difference.as_mut() {
                d.moves_before = played.clone();
                stopped = true;
            }
            played.push(engine.move_text(mv));
        });
        if !stopped && record.outcome.is_none() && record.moves.len() < plies {
            // The game ended with no legal move: the other engine must agree there is none.
            let end = engine.parse_position(&record.final_position).map_err(|e| e.0)?;
            if let Some(e) = compare(&end, &mut report) {
                failure = Some(e);
            } else if let Some(d) = report.difference.as_mut() {
                d.moves_before = played.clone();
            }
        }
        report.games += 1;
        progress(&report);
        if let Some(e) = failure {
            return Err(e);
        }
        if report.difference.is_some() {
            break;
        }
    }
    Ok(report)
}
