//! `kensho crosscheck`: the reference engine against another engine (src/crosscheck), with
//! the readings the other engine says it plays applied, a progress bar over the games, and the
//! first difference drawn. What the engine wrote is printed only escaped (its name, readings
//! and filter reasons by the protocol module, its move keys here).

use super::cli::{self, Format, GameArgs};
use super::engine::{draw_position, engine_for_moves, position_for};
use super::exit::{self, Output};
use crate::crosscheck::protocol::{printable, EngineProcess, NAME_CHARS};
use crate::crosscheck::{self, Report};
use crate::spec::LoadedSpec;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::time::Duration;

pub(crate) struct Options<'a> {
    pub(crate) command: &'a str,
    pub(crate) games: usize,
    pub(crate) plies: usize,
    pub seed: u64,
    pub(crate) timeout: Duration,
    pub(crate) position: Option<&'a str>,
    pub(crate) progress: bool,
}

/// What a run produced: the report, what it was run against, and the texts to print.
pub(crate) struct Run {
    pub(crate) report: Report,
    pub(crate) warnings: Vec<String>,
    pub(crate) text: String,
    pub(crate) json: serde_json::Value,
}

/// Runs the crosscheck. `Err` is a usage or engine failure (exit 2); a difference is in the
/// report (exit 1).
pub(crate) fn against(spec: &LoadedSpec, mut chosen: BTreeMap<String, String>, opts: &Options) -> Result<Run, String> {
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
    Ok(Run { report, warnings, text, json })
}

#[derive(clap::Args)]
#[command(after_help = "The engine is a command speaking the JSON-lines protocol of \
docs/crosscheck-protocol.md, e.g. tools/ffish/adapter (Fairy-Stockfish; run tools/ffish/setup.sh \
once). Exit status: 0 no difference, 1 a difference (printed with its position), 2 bad input or \
an engine failure.")]
pub struct Args {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// The other engine's command line (run through sh -c).
    #[arg(long, value_name = "CMD")]
    pub(crate) engine: String,
    /// Number of random games (game i uses seed + i).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) games: u64,
    /// Stop each game after this many plies.
    #[arg(long, default_value_t = 80)]
    pub(crate) plies: usize,
    /// Seed of the first game; printed with the result.
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Seconds to wait for each answer of the engine.
    #[arg(long, default_value_t = 30.0)]
    pub(crate) timeout: f64,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let spec = cli::load_spec(&args.game.spec)?;
    let chosen = cli::choices(&args.game.readings)?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(format!("--timeout must be a positive number of seconds, found {}", args.timeout).into());
    }
    let seed = cli::seed(args.seed);
    let opts = Options {
        command: &args.engine,
        games: args.games as usize,
        plies: args.plies,
        seed,
        timeout: Duration::from_secs_f64(args.timeout),
        position: args.game.position.as_deref(),
        progress: cli::progress(),
    };
    let run = against(&spec, chosen, &opts)?;
    for w in &run.warnings {
        eprintln!("warning: {w}");
    }
    let mut out = Output::new();
    match args.format {
        Format::Json => out.json(&run.json),
        Format::Table => out.append(&run.text),
    }
    out.fail_if(run.report.difference.is_some());
    Ok(out)
}
