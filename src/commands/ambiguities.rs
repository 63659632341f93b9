//! `kensho ambiguities SPEC...`: every reading's options against its default, each with a
//! witness position the engine confirms or a proof of no effect (src/smt/readings.rs), and
//! every path shape of every piece driven by Z3 (src/smt/paths.rs); dead notation is a finding.

use super::cli::{self, CheckFormat, SmtArgs};
use super::engine::draw_position;
use super::exit::{self, Output};
use super::terminal::{self, Fit};
use crate::engine::Engine;
use crate::smt::paths::{path_witnesses, PathReport};
use crate::smt::readings::{reading_witnesses_of, ReadingReport};
use crate::smt::{Limits, Verdict};
use crate::spec::LoadedSpec;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use serde_json::{json, Value};
use std::time::Instant;
use tabled::builder::Builder;

/// One spec's results.
#[derive(Serialize)]
pub struct Ambiguities {
    pub(crate) spec: String,
    pub(crate) seed: u64,
    pub(crate) readings: Vec<ReadingReport>,
    pub(crate) paths: Vec<PathReport>,
    /// The readings asked for with --only (then the path shapes are not run); empty: all.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) only: Vec<String>,
    pub(crate) seconds: f64,
}

impl Ambiguities {
    /// Path shapes that never move: lint findings (dead notation).
    pub(crate) fn dead(&self) -> impl Iterator<Item = &PathReport> {
        self.paths.iter().filter(|p| p.verdict == Verdict::Proved)
    }

    /// Path shapes whose Z3 witness the generator did not confirm: a disagreement to look at.
    pub(crate) fn unconfirmed(&self) -> impl Iterator<Item = &PathReport> {
        self.paths.iter().filter(|p| p.verdict == Verdict::Witness && !p.confirmed)
    }
}

/// The reading ids of `only` that `spec` lacks (a bad --only).
pub(crate) fn unknown_readings<'a>(spec: &LoadedSpec, only: &'a [String]) -> Vec<&'a String> {
    only.iter().filter(|id| !spec.spec.readings.iter().any(|r| r.id.get_ref() == *id)).collect()
}

/// Every reading and path shape of `spec`; with `only`, just those readings (no path shapes).
pub(crate) fn of_spec(spec: &LoadedSpec, limits: &Limits, seed: u64, progress: bool, only: &[String]) -> Ambiguities {
    let started = Instant::now();
    let bar = if progress { ProgressBar::new_spinner() } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("static template"));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let paths = if only.is_empty() {
        bar.set_message(format!("{}: path shapes", spec.game.id));
        path_witnesses(&spec.game, limits)
    } else {
        Vec::new()
    };
    bar.set_message(format!("{}: readings", spec.game.id));
    let readings = reading_witnesses_of(spec, limits, seed, only);
    bar.finish_and_clear();
    Ambiguities {
        spec: spec.path.clone(),
        seed,
        readings,
        paths,
        only: only.to_vec(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// A table in Markdown, or for the terminal fitted to its width as `fits` say.
fn table(header: &[&str], rows: Vec<Vec<String>>, markdown: bool, fits: &[Fit]) -> String {
    if !markdown {
        let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
        return terminal::grid(&header, &rows, fits, terminal::width());
    }
    let mut b = Builder::default();
    b.push_record(header.iter().copied());
    for row in rows {
        b.push_record(row);
    }
    let mut t = b.build();
    t.with(tabled::settings::Style::markdown());
    t.to_string()
}

/// The terminal (or Markdown) report: the readings table, every witness drawn, the path-shape
/// summary and the findings.
pub(crate) fn render(result: &Ambiguities, engine: Option<&Engine>, markdown: bool) -> String {
    let mut out = String::new();
    let h = |s: &str| if markdown { format!("\n## {s}\n\n") } else { terminal::prose(&format!("\n{s}\n"), 2) };
    // A line about a witness: wrapped to the terminal (never in Markdown, where it stands in a
    // code block).
    let said = |s: String| if markdown { s } else { terminal::prose(&s, 4) };
    out.push_str(&h(&format!("{}: readings ({:.1} s, seed {})", result.spec, result.seconds, result.seed)));
    let mut rows: Vec<Vec<String>> = Vec::new();
    for r in &result.readings {
        for c in &r.comparisons {
            rows.push(vec![
                r.reading.clone(),
                format!("{} vs {}", c.option, r.default),
                c.effect.clone(),
                c.method.clone(),
                c.verdict.name().to_string(),
                crate::text::shorten(&c.summary, 90),
            ]);
        }
    }
    // Narrow terminals lose the method first, then the effect (the verdict and summary stay).
    const FITS: [Fit; 5] = [
        Fit::wrap("reading", 12),
        Fit::wrap("option vs default", 14),
        Fit::dropped("effect", 10, 2),
        Fit::dropped("method", 8, 1),
        Fit::wrap("summary", 24),
    ];
    let header = ["reading", "option vs default", "effect", "method", "verdict", "summary"];
    out.push_str(&table(&header, rows, markdown, &FITS));
    out.push('\n');
    for r in &result.readings {
        for c in &r.comparisons {
            let Some(w) = &c.witness else { continue };
            out.push_str(&h(&format!("witness: {} = {} vs {} ({})", r.reading, c.option, r.default, c.method)));
            if markdown {
                out.push_str("```\n");
            }
            if let Some(e) = engine {
                if let Ok(pos) = e.parse_position(&w.position) {
                    out.push_str(&draw_position(e, &pos));
                }
            }
            out.push_str(&format!("position: {}\n", w.position));
            if !w.line.is_empty() {
                out.push_str(&said(format!(
                    "  line of play from there ({} plies): {}\n",
                    w.line.len(),
                    w.line.join(" ")
                )));
            }
            for d in &w.differing {
                out.push_str(&said(format!("  {:<24} legal under {} only\n", d.text, d.legal_under)));
            }
            if w.differing_count > w.differing.len() {
                out.push_str(&format!("  ... {} moves differ in all\n", w.differing_count));
            }
            for o in &w.outcomes {
                out.push_str(&said(format!("  result under {o}\n")));
            }
            if markdown {
                out.push_str("```\n");
            }
        }
    }
    if !result.only.is_empty() {
        out.push_str(&format!("\nonly the readings {} (--only); path shapes not run\n", result.only.join(", ")));
        return out;
    }
    out.push_str(&h("path shapes (Z3 drives every shape of every piece; the move generator confirms)"));
    let count = |v: Verdict| result.paths.iter().filter(|p| p.verdict == v).count();
    let confirmed = result.paths.iter().filter(|p| p.confirmed).count();
    out.push_str(&said(format!(
        "{} shapes: {} driven both ways ({} confirmed by the generator), {} dead, {} unknown\n",
        result.paths.len(),
        count(Verdict::Witness),
        confirmed,
        count(Verdict::Proved),
        count(Verdict::Unknown)
    )));
    let notable: Vec<&PathReport> =
        result.paths.iter().filter(|p| p.verdict != Verdict::Witness || !p.confirmed).collect();
    if !notable.is_empty() {
        let mut rows: Vec<Vec<String>> = Vec::new();
        for p in notable {
            let finding = match p.verdict {
                Verdict::Proved => "dead notation (lint)".to_string(),
                _ => p.summary.clone(),
            };
            rows.push(vec![p.piece.clone(), p.zone.clone(), p.shape.clone(), p.verdict.name().into(), finding]);
        }
        let fits = [Fit::wrap("shape", 12), Fit::wrap("finding", 24)];
        out.push_str(&table(&["piece", "zone", "shape", "verdict", "finding"], rows, markdown, &fits));
        out.push('\n');
    }
    out
}

pub(crate) fn to_json(result: &Ambiguities) -> Value {
    json!(result)
}

#[derive(clap::Args)]
#[command(
    after_help = "Each non-default option of every reading is compared with the default (docs/smt.md). A witness is a position on which the engine, under the two options, allows different moves (or reaches different results); it is printed drawn, with its position string and the moves that differ. 'proved' means Z3 found no difference within the window for every facet the option changes; 'unknown' says why. Exit status: 0 done, 1 dead notation or a Z3 path witness the generator disagrees with, 2 bad input."
)]
pub struct Args {
    /// Spec files (specs/*.toml).
    #[arg(required = true)]
    pub(crate) specs: Vec<std::path::PathBuf>,
    /// Seed of the search fallback (default: from the clock; printed either way).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Positions the search fallback tries per option (the report's default too).
    #[arg(long, default_value_t = 1600)]
    pub(crate) search: usize,
    /// Only this reading (by id; repeat for several); the path shapes are then not run.
    /// (Unlike `check --reading READING=OPTION`, which switches a reading, this selects one.)
    #[arg(long, value_name = "READING")]
    pub(crate) only: Vec<String>,
    #[command(flatten)]
    pub(crate) smt: SmtArgs,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&args.specs)?;
    let seed = cli::seed(args.seed);
    let progress = cli::progress();
    let limits = Limits { search_positions: args.search, ..args.smt.limits() };
    // A reading id must name a reading of at least one of the specs given.
    let missing: Vec<String> = args
        .only
        .iter()
        .filter(|id| specs.iter().all(|s| !unknown_readings(s, std::slice::from_ref(id)).is_empty()))
        .map(|id| {
            let known: Vec<String> =
                specs.iter().flat_map(|s| s.spec.readings.iter().map(|r| r.id.get_ref().clone())).collect();
            format!("--only {id}: no such reading in the specs given (they have: {})", known.join(", "))
        })
        .collect();
    if !missing.is_empty() {
        return Err(missing.join("\nerror: ").into());
    }
    let mut out = Output::new();
    let mut json = Vec::new();
    for spec in &specs {
        let result = of_spec(spec, &limits, seed, progress, &args.only);
        out.fail_if(result.dead().next().is_some() || result.unconfirmed().next().is_some());
        let engine = Engine::for_moves(&spec.game).ok().map(|(e, _)| e);
        match args.smt.format {
            CheckFormat::Table => out.line(render(&result, engine.as_ref(), false)),
            CheckFormat::Markdown => out.line(render(&result, engine.as_ref(), true)),
            CheckFormat::Json => json.push(to_json(&result)),
        }
    }
    if let CheckFormat::Json = args.smt.format {
        out.json(&Value::Array(json));
    }
    Ok(out)
}
