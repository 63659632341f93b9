//! `kensho crosscheck`: the reference engine against another engine (src/crosscheck), with
//! the readings the other engine says it plays applied, a progress bar over the games, and the
//! first difference drawn. What the engine wrote is printed only escaped (its name, readings
//! and filter reasons by the protocol module, its move keys here).

use super::engine::{draw_position, engine_for_moves, position_for};
use crate::crosscheck::protocol::{printable, EngineProcess, NAME_CHARS};
use crate::crosscheck::{self, Report};
use crate::spec::LoadedSpec;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::time::Duration;

pub struct Options<'a> {
    pub command: &'a str,
    pub games: usize,
    pub plies: usize,
    pub seed: u64,
    pub timeout: Duration,
    pub position: Option<&'a str>,
    pub progress: bool,
}

/// What a run produced: the report, what it was run against, and the texts to print.
pub struct Run {
    pub report: Report,
    pub engine_name: String,
    pub readings: BTreeMap<String, String>,
    pub warnings: Vec<String>,
    pub text: String,
    pub json: serde_json::Value,
}

/// Runs the crosscheck. `Err` is a usage or engine failure (exit 2); a difference is in the
/// report (exit 1).
pub fn run(spec: &LoadedSpec, mut chosen: BTreeMap<String, String>, opts: &Options) -> Result<Run, String> {
    let (first, _) = engine_for_moves(spec, &chosen)?;
    let mut other = EngineProcess::start(opts.command, opts.timeout)?;
    let hello = other.hello(&first)?;
    // The readings the other engine plays: applied unless the command line chose otherwise.
    for (reading, option) in &hello.readings {
        match chosen.get(reading) {
            Some(mine) if mine != option => {
                return Err(format!(
                    "the engine plays reading {reading}={option}, the command line asks for {reading}={mine}: the move sets could not agree"
                ))
            }
            _ => {
                chosen.insert(reading.clone(), option.clone());
            }
        }
    }
    let (engine, warnings) = engine_for_moves(spec, &chosen)?;
    let start = position_for(&engine, opts.position)?;
    let bar = if opts.progress {
        let bar = ProgressBar::new(opts.games as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg} [{elapsed}]").expect("constant template"),
        );
        Some(bar)
    } else {
        None
    };
    let report = crosscheck::run(&engine, &start, &mut other, opts.games, opts.plies, opts.seed, |r| {
        if let Some(b) = &bar {
            b.set_position(r.games as u64);
            b.set_message(format!("{} positions", r.positions));
        }
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    drop(other);
    let readings_text = if chosen.is_empty() {
        "defaults".to_string()
    } else {
        chosen.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
    };
    let mut text = format!(
        "{} against {} ({}), readings: {}\nseed {} (replay with --seed {}), {} games of at most {} plies\n",
        engine.game.id, hello.engine, hello.variant, readings_text, opts.seed, opts.seed, report.games, opts.plies
    );
    text.push_str(&format!("positions compared: {}, moves compared: {}\n", report.positions, report.moves));
    if report.filtered.is_empty() {
        text.push_str("filtered by the engine as known deviations: none\n");
    } else {
        text.push_str("filtered by the engine as known deviations (moves):\n");
        for (why, n) in &report.filtered {
            text.push_str(&format!("  {why}: {n}\n"));
        }
    }
    match &report.difference {
        None => text.push_str("no difference\n"),
        Some(d) => {
            text.push_str(&format!(
                "\nFIRST DIFFERENCE (game seed {}, after {} plies):\n",
                d.seed,
                d.moves_before.len()
            ));
            if !d.moves_before.is_empty() {
                text.push_str(&format!("moves: {}\n", d.moves_before.join(" ")));
            }
            if let Ok(pos) = engine.parse_position(&d.position) {
                text.push_str(&draw_position(&engine, &pos));
            }
            text.push_str(&format!("position: {}\n", d.position));
            text.push_str(&format!("only kensho ({}): {}\n", d.kensho_only.len(), d.kensho_only.join(" ")));
            // The engine's keys as it wrote them: one may hold anything (ESC, NUL), so escaped.
            let theirs: Vec<String> = d.engine_only.iter().map(|k| printable(k, NAME_CHARS)).collect();
            text.push_str(&format!("only the engine ({}): {}\n", d.engine_only.len(), theirs.join(" ")));
        }
    }
    let json = serde_json::json!({
        "spec": spec.path,
        "engine": hello.engine,
        "variant": hello.variant,
        "readings": chosen,
        "seed": opts.seed,
        "games": report.games,
        "plies": opts.plies,
        "positions": report.positions,
        "moves": report.moves,
        "filtered": report.filtered,
        "difference": report.difference.as_ref().map(|d| serde_json::json!({
            "seed": d.seed,
            "moves_before": d.moves_before,
            "position": d.position,
            "kensho_only": d.kensho_only,
            "engine_only": d.engine_only,
        })),
    });
    Ok(Run { report, engine_name: hello.engine, readings: chosen, warnings, text, json })
}
