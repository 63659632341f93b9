//! Self-play design metrics (`kensho evaluate`, issue 25): games between two searching players
//! over the reference engine, and what they say of the game as played: the score by side, how
//! and when games end, the material balance, the piece values and the rules that came into
//! play.
//!
//! The parts: the piece values and the mobility table (`values`), the searching player and its
//! evaluation (`search`), one game and what it is watched for (`games`), the statistics
//! (`stats`) and the summary of a run (`summary`). Here: a run's `Record` (every game, so that
//! the records of shards merge into exactly the record of one run) and the shards.

pub(crate) mod games;
pub mod search;
pub(crate) mod stats;
pub(crate) mod summary;
pub mod values;

use crate::core::Color;
use games::{GameResult, Settings, Watch};
use rayon::prelude::*;
use search::Evaluator;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of the record's layout; `merge` refuses records of another.
pub(crate) const RECORD_FORMAT: u32 = 1;

/// A deterministic slice of a run's games: shard `index` of `count` (1-based) plays the games
/// whose number, counted from 0, leaves `index - 1` divided by `count`. Every game has its own
/// seed, so a shard plays exactly the games the whole run would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Shard {
    pub(crate) index: usize,
    pub(crate) count: usize,
}

impl Shard {
    /// "K/N" with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{text}': expected K/N with 1 <= K <= N, as 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    pub(crate) fn holds(&self, game: usize) -> bool {
        game % self.count == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a run played: the spec and readings, the settings, the shard (None: every game), the
/// piece values the players used, and every game in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Record {
    pub(crate) format: u32,
    /// The kensho version that played the games: records of other versions do not merge.
    pub kensho: String,
    /// The spec's game id and a digest of its file, so that records of different specs (or of
    /// an edited spec) are never merged.
    pub(crate) spec: String,
    pub(crate) spec_digest: String,
    /// The spec file as it was given (`--merge` reloads it from there when no spec is given).
    pub(crate) spec_path: String,
    /// The digest of the properties file whose invariants watched the games ("" without one).
    pub(crate) properties_digest: String,
    /// Every reading of the spec with the option played (chosen, or the default).
    pub(crate) readings: BTreeMap<String, String>,
    pub(crate) settings: Settings,
    /// The player who moves first (0, the first player, unless rules.turn-order says
    /// second-player-first): the score by side is read against it.
    pub(crate) first_mover: Color,
    pub(crate) shard: Option<Shard>,
    pub(crate) values: values::PieceValues,
    pub(crate) games: Vec<GameResult>,
}

/// Plays the games of `settings` that `shard` holds (all without one), in parallel on rayon's
/// threads; `done` is called after each game. The result is in game order whatever the
/// scheduling, and each game depends only on its seed.
pub(crate) fn play_games(
    engine: &crate::engine::Engine,
    eval: &Evaluator,
    settings: &Settings,
    watch: &Watch<'_>,
    shard: Option<Shard>,
    done: &(dyn Fn(&GameResult) + Sync),
) -> Vec<GameResult> {
    let indices: Vec<usize> = (0..settings.games).filter(|&i| shard.is_none_or(|s| s.holds(i))).collect();
    indices
        .into_par_iter()
        .map(|i| {
            let game = games::play(engine, eval, settings, watch, i);
            done(&game);
            game
        })
        .collect()
}

/// The records of the shards of one run, merged into the record of the whole run: the same
/// spec, readings, settings and piece values, shards of one count, each once, all of them.
pub(crate) fn merge(mut records: Vec<Record>) -> Result<Record, String> {
    let first = records.first().ok_or("--merge: no record given")?.clone();
    for (n, r) in records.iter().enumerate() {
        let which = format!("record {}", n + 1);
        if r.format != RECORD_FORMAT {
            return Err(format!("{which}: record format {} (this kensho reads {RECORD_FORMAT})", r.format));
        }
        if r.kensho != first.kensho {
            return Err(format!("{which}: played by kensho {}, record 1 by kensho {}", r.kensho, first.kensho));
        }
        if r.spec != first.spec || r.spec_digest != first.spec_digest || r.properties_digest != first.properties_digest
        {
            return Err(format!(
                "{which}: spec {} ({}) is not record 1's {} ({})",
                r.spec, r.spec_digest, first.spec, first.spec_digest
            ));
        }
        if r.readings != first.readings {
            return Err(format!("{which}: other readings than record 1's"));
        }
        if r.settings != first.settings {
            return Err(format!("{which}: other settings (games, nodes, plies, opening plies, seed) than record 1's"));
        }
        if r.values != first.values {
            return Err(format!("{which}: other piece values than record 1's"));
        }
    }
    for (n, r) in records.iter().enumerate() {
        if let Some(s) = r.shard.filter(|s| s.index == 0 || s.index > s.count) {
            return Err(format!("record {}: shard {s} is no shard (1 <= K <= N)", n + 1));
        }
        if let Some(bad) = r.games.iter().find_map(|g| games::inconsistent(g, &r.settings)) {
            return Err(format!("record {}: {bad}", n + 1));
        }
    }
    let count = match first.shard {
        Some(s) => s.count,
        None if records.len() == 1 => return Ok(first),
        None => return Err("--merge: record 1 is a whole run, not a shard".into()),
    };
    let mut seen = vec![false; count];
    for (n, r) in records.iter().enumerate() {
        let shard = r.shard.filter(|s| s.count == count).ok_or(format!("record {}: not a shard of {count}", n + 1))?;
        if std::mem::replace(&mut seen[shard.index - 1], true) {
            return Err(format!("record {}: shard {shard} given twice", n + 1));
        }
        if let Some(g) = r.games.iter().find(|g| !shard.holds(g.index) || g.index >= r.settings.games) {
            return Err(format!("record {}: game {} does not belong to shard {shard}", n + 1, g.index));
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(format!("--merge: shard {}/{count} is missing", missing + 1));
    }
    let mut games: Vec<GameResult> = records.iter_mut().flat_map(|r| std::mem::take(&mut r.games)).collect();
    games.sort_by_key(|g| g.index);
    if games.len() != first.settings.games || games.iter().enumerate().any(|(i, g)| g.index != i) {
        return Err(format!(
            "--merge: the shards hold {} games, not games 0 to {}",
            games.len(),
            first.settings.games - 1
        ));
    }
    Ok(Record { shard: None, games, ..first })
}
