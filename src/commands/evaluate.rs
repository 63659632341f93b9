//! `kensho evaluate SPEC`: self-play design metrics. Two searching players (`evaluate::search`)
//! play seeded games from the start; the output says how the game plays: the score by side
//! with 95% Wilson intervals, draws and how games end (by rule and the clauses that encode it),
//! the length distribution, decisiveness, the material balance over the game, the piece
//! values, and the rules and readings that came into play. `--against` compares with another
//! spec or other readings on the same seeds; `--shard K/N` plays a deterministic slice of the
//! games and `--merge` combines the slices into exactly the result of one run.

use super::cli::{self, CheckFormat};
use super::exit::{self, Error, Output};
use super::output::write_atomic;
use super::terminal;
use crate::check::coverage;
use crate::check::Tally;
use crate::core::Color;
use crate::evaluate::games::{Alternative, Settings, Watch};
use crate::evaluate::search::Evaluator;
use crate::evaluate::stats::{self, Difference};
use crate::evaluate::summary::{self, Summary};
use crate::evaluate::values::{self, Mobility};
use crate::evaluate::{self as evaluation, Record, Shard, RECORD_FORMAT};
use crate::spec::rules::Rule;
use crate::spec::LoadedSpec;
use crate::text::percent;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The piece-value estimate's sample games: how many, how long, and their seed, fixed rather
/// than the run's so that every run of a spec has the same players.
const VALUE_GAMES: usize = 8;
const VALUE_SEED: u64 = 1;
const VALUE_PLIES: usize = 120;
/// About how many bars the length histogram gets.
pub(crate) const HISTOGRAM_BARS: u32 = 12;

#[derive(clap::Args)]
pub struct Args {
    /// A spec file (specs/*.toml); with --merge, the records' own spec is used when none is given.
    pub(crate) spec: Option<PathBuf>,
    /// Switch one of the spec's readings: READING=OPTION (repeatable).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(crate) games: u32,
    /// Positions searched per move (a budget in nodes, not time: the same seed gives the same
    /// games on any machine and any number of threads).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub(crate) nodes: u64,
    /// The ply cap: a game still going after this many plies is unfinished (counted half a
    /// point each).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub(crate) plies: u32,
    /// Plies at the start of each game chosen at random (from the game's seed), so that the
    /// games differ.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub(crate) opening_plies: u32,
    /// Seed of the run: each game's seed is derived from it and the game's number (default: from
    /// the clock; printed either way).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Compare with this spec, played with the same settings and seeds.
    #[arg(long, value_name = "SPEC2", conflicts_with = "shard")]
    pub(crate) against: Option<PathBuf>,
    /// Compare with the same spec under these readings as well as the --reading ones (or with
    /// SPEC2 under these): READING=OPTION (repeatable).
    #[arg(long = "against-reading", value_name = "READING=OPTION", conflicts_with = "shard")]
    pub(crate) against_readings: Vec<String>,
    /// Play only shard K of N (games i with i mod N = K-1); needs --seed, so that every shard
    /// plays the same run. Write the record with --out and combine the shards with --merge.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<String>,
    /// Combine the records of a run's shards (files written by --out) into the run's result
    /// (with --out, the merged record is written too). The records say what was played.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = [
        "shard", "against", "against_readings", "readings", "games", "nodes", "plies", "opening_plies", "seed",
    ])]
    pub(crate) merge: Vec<PathBuf>,
    /// Write the run's record (every game, JSON) to this file, for --merge; checked before the
    /// games are played.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: CheckFormat,
}

/// One side of an evaluation: the spec, its readings, the record and the summary.
pub(crate) struct Evaluated {
    pub(crate) spec: LoadedSpec,
    pub(crate) readings: BTreeMap<String, String>,
    pub(crate) record: Record,
    pub(crate) summary: Summary,
    /// Clause rows: how often each encoded clause came up in the games (by the invariants
    /// that cite it).
    pub(crate) clauses: Vec<coverage::ClauseRow>,
    /// Game ends the engine does not play under these readings.
    pub(crate) not_played: Vec<String>,
    /// The other reading options watched in the games.
    pub(crate) alternatives: usize,
    pub(crate) seconds: f64,
}

pub fn run(args: Args) -> exit::Result {
    if let Some(out) = &args.out {
        writable(out)?;
    }
    if !args.merge.is_empty() {
        return merged(&args);
    }
    let path =
        args.spec.as_deref().ok_or_else(|| Error::Input("kensho evaluate: give a SPEC (or --merge FILE...)".into()))?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose().map_err(Error::Input)?;
    if shard.is_some() && args.seed.is_none() {
        return Err(Error::Input("--shard needs --seed: every shard must play the same run".into()));
    }
    // Both sides are made ready, every reading checked, before any game is played: a bad
    // comparison would otherwise be found after the whole first run.
    let main = prepare(cli::load_spec(path)?, &cli::choices(&args.readings)?)?;
    let other = match (&args.against, args.against_readings.is_empty()) {
        (None, true) => None,
        (Some(spec2), _) => Some(prepare(cli::load_spec(spec2)?, &cli::choices(&args.against_readings)?)?),
        (None, false) => {
            let mut chosen = main.readings.clone();
            chosen.extend(cli::choices(&args.against_readings)?);
            Some(prepare(cli::load_spec(path)?, &chosen)?)
        }
    };
    let seed = cli::seed(args.seed);
    let settings = Settings {
        games: args.games as usize,
        nodes: args.nodes,
        plies: args.plies as usize,
        opening_plies: args.opening_plies as usize,
        seed,
    };
    let main = play(main, settings, shard, true);
    let other = other.map(|o| play(o, settings, shard, true));
    let output = render(&main, other.as_ref(), args.format)?;
    write_record(args.out.as_deref(), &main.record, output)
}

/// Fails unless a record can be written at `out`: its directory exists and it is no directory
/// itself. Asked before the games are played, which a failed write would lose.
fn writable(out: &Path) -> Result<(), Error> {
    let dir = out.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let why = if !dir.is_dir() {
        format!("no directory {}", dir.display())
    } else if out.is_dir() {
        "it is a directory".to_string()
    } else {
        return Ok(());
    };
    Err(Error::Write(format!("{}: cannot write the record: {why}", out.display())))
}

/// Writes `record` to `out` (if asked) after the output is made: a failed write keeps the
/// output, printed before the error.
fn write_record(out: Option<&Path>, record: &Record, output: Output) -> exit::Result {
    if let Some(out) = out {
        let text = serde_json::to_string_pretty(record).expect("a record serializes");
        if let Err(e) = write_atomic(out, &text) {
            return Err(Error::Write(format!("{}: cannot write the record: {e}", out.display())).after(output));
        }
    }
    Ok(output)
}

/// A spec made ready to play: its subject (engine and invariants), every reading's option
/// (the chosen ones, the defaults for the rest), the game ends not played, the other readings
/// to watch and the digests a record keeps. Everything that can refuse the input is done here.
pub(crate) struct Prepared {
    subject: super::check::Subject,
    readings: BTreeMap<String, String>,
    not_played: Vec<String>,
    alternatives: Vec<Alternative>,
    spec_digest: String,
    properties_digest: String,
}

/// Makes `spec` ready to play under `chosen` readings.
pub(crate) fn prepare(spec: LoadedSpec, chosen: &BTreeMap<String, String>) -> Result<Prepared, Error> {
    // A game end the engine does not play (xiangqi's perpetual chase) is said, on standard
    // error and in the output: games that would have ended by it go on by the other rules.
    // (The subject's warnings hold these and the properties file's notes together.)
    let (_, not_played) = super::engine::engine_for_moves(&spec, chosen)?;
    let properties = super::check::default_properties_path(Path::new(&spec.path));
    let properties_digest = std::fs::read(&properties).map(crate::spec::lock::digest).unwrap_or_default();
    let spec_digest = digest(&spec);
    let readings = complete_readings(&spec, chosen);
    let subject = super::check::subject(spec, &readings, properties.is_file().then_some(properties.as_path()))?;
    // The games start from the spec's setup; a reading may leave none.
    super::engine::position_for(&subject.engine, None)?;
    let alternatives = alternatives(&subject.spec, &readings);
    Ok(Prepared { subject, readings, not_played, alternatives, spec_digest, properties_digest })
}

/// Every reading of the spec with its option: the chosen one, else the default (so that two
/// records of the same games say the same, however the readings were given).
fn complete_readings(spec: &LoadedSpec, chosen: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut all: BTreeMap<String, String> =
        spec.all_readings().iter().map(|r| (r.id.get_ref().clone(), r.default.get_ref().clone())).collect();
    all.extend(chosen.iter().map(|(k, v)| (k.clone(), v.clone())));
    all
}

/// Plays the games of `settings` on `spec` under `readings` (the shard's), `prepare` and
/// [`play`], with nothing on standard error, for a caller that shows its own progress (the
/// report's per-spec lines, which a second bar would garble) and says the game ends not played
/// itself (`Evaluated::not_played`).
pub(crate) fn evaluate_quietly(
    spec: LoadedSpec,
    readings: BTreeMap<String, String>,
    settings: Settings,
    shard: Option<Shard>,
) -> Result<Evaluated, Error> {
    Ok(play(prepare(spec, &readings)?, settings, shard, false))
}

/// Plays the games; `loud`: the warnings and a progress bar on standard error.
fn play(prepared: Prepared, settings: Settings, shard: Option<Shard>, loud: bool) -> Evaluated {
    let started = Instant::now();
    let Prepared { subject, readings, not_played, alternatives, spec_digest, properties_digest } = prepared;
    if loud {
        for w in &not_played {
            eprintln!("warning: {w}");
        }
    }
    let engine = &subject.engine;
    let mobility = Mobility::new(engine);
    let piece_values = values::estimate(engine, &mobility, VALUE_SEED, VALUE_GAMES, VALUE_PLIES);
    let eval = Evaluator::new(&piece_values, mobility);
    let watch = Watch { invariants: &subject.invariants, alternatives: &alternatives };
    let total = (0..settings.games).filter(|&i| shard.is_none_or(|s| s.holds(i))).count();
    let bar = super::check::bar(total as u64, !(loud && cli::progress()));
    bar.set_message(format!("{}: games", engine.game.id));
    let games = evaluation::play_games(engine, &eval, &settings, &watch, shard, &|_| bar.inc(1));
    bar.finish_and_clear();
    let record = Record {
        format: RECORD_FORMAT,
        kensho: env!("CARGO_PKG_VERSION").to_string(),
        spec: engine.game.id.clone(),
        spec_path: subject.spec.path.clone(),
        spec_digest,
        properties_digest,
        readings: readings.clone(),
        settings,
        first_mover: engine.rules.first_mover,
        shard,
        values: piece_values,
        games,
    };
    let summary = summary::summarise(&record.games, HISTOGRAM_BARS);
    let clauses = clause_rows(&subject, &summary);
    Evaluated {
        spec: subject.spec,
        readings,
        record,
        summary,
        clauses,
        not_played,
        alternatives: alternatives.len(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// `--merge`: the records read, merged, and summarised as one run (written with --out).
fn merged(args: &Args) -> exit::Result {
    let mut records = Vec::new();
    for file in &args.merge {
        let text =
            std::fs::read_to_string(file).map_err(|e| Error::Input(format!("{}: cannot read: {e}", file.display())))?;
        let record: Record = serde_json::from_str(&text)
            .map_err(|e| Error::Input(format!("{}: not a record of kensho evaluate --out: {e}", file.display())))?;
        records.push(record);
    }
    let record = evaluation::merge(records).map_err(Error::Input)?;
    let path = args.spec.clone().unwrap_or_else(|| PathBuf::from(&record.spec_path));
    let spec = cli::load_spec(&path)?;
    let prepared = prepare(spec, &record.readings)?;
    for (what, here, theirs) in [
        ("spec", &prepared.spec_digest, &record.spec_digest),
        ("properties file", &prepared.properties_digest, &record.properties_digest),
    ] {
        if here != theirs {
            return Err(Error::Input(format!(
                "{}: the {what} is not the one the records were played with (its digest is {here}, theirs {theirs})",
                path.display()
            )));
        }
    }
    let Prepared { subject, not_played, alternatives, .. } = prepared;
    let summary = summary::summarise(&record.games, HISTOGRAM_BARS);
    let clauses = clause_rows(&subject, &summary);
    let main = Evaluated {
        spec: subject.spec,
        readings: record.readings.clone(),
        record,
        summary,
        clauses,
        not_played,
        alternatives: alternatives.len(),
        seconds: 0.0,
    };
    let output = render(&main, None, args.format)?;
    write_record(args.out.as_deref(), &main.record, output)
}

/// The digest of the spec's text and its bases' (`spec::lock::digest`): records of one spec
/// file only merge.
fn digest(spec: &LoadedSpec) -> String {
    let mut text = Vec::new();
    let mut at = Some(spec);
    while let Some(s) = at {
        text.extend_from_slice(s.source.as_bytes());
        text.push(0);
        at = s.base.as_deref();
    }
    crate::spec::lock::digest(text)
}

/// An engine for every other option of every reading, the chosen ones kept for the rest.
fn alternatives(spec: &LoadedSpec, chosen: &BTreeMap<String, String>) -> Vec<Alternative> {
    let mut out = Vec::new();
    for reading in spec.all_readings() {
        let id = reading.id.get_ref();
        let current = chosen.get(id).unwrap_or(reading.default.get_ref());
        for option in &reading.options {
            let name = option.name.get_ref();
            if name == current {
                continue;
            }
            let mut choices = chosen.clone();
            choices.insert(id.clone(), name.clone());
            // An option the engine cannot play is left out of the watch, not an error: the
            // run plays the chosen readings.
            if let Ok((engine, _)) = super::engine::engine_for_moves(spec, &choices) {
                out.push(Alternative { label: format!("{id}={name}"), engine });
            }
        }
    }
    out
}

/// The clause coverage of the games: each encoded clause with the moves played on which an
/// invariant citing it was exercised.
fn clause_rows(subject: &super::check::Subject, summary: &Summary) -> Vec<coverage::ClauseRow> {
    let mut tally = Tally::default();
    for (id, o) in &summary.exercised {
        tally.exercised.insert(id.clone(), o.times);
    }
    for (id, o) in &summary.violated {
        tally.violated.insert(id.clone(), o.times);
    }
    coverage::rows(&subject.spec, &subject.properties, &subject.invariants, &tally)
}

fn interval(i: &stats::Interval) -> String {
    format!("[{}, {}]", percent(i.low), percent(i.high))
}

/// A table: a terminal grid, or Markdown.
fn table(header: &[&str], rows: Vec<Vec<String>>, markdown: bool) -> String {
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    if markdown {
        let mut b = tabled::builder::Builder::default();
        b.push_record(header);
        for r in rows {
            b.push_record(r);
        }
        let mut t = b.build();
        t.with(tabled::settings::Style::markdown());
        format!("{t}\n")
    } else {
        format!("{}\n", terminal::grid(&header, &rows, &[], terminal::width()))
    }
}

/// The clauses an ending's rule encodes: those whose encoding names its setting path (the
/// engine names `end.royals`, the spec `rules.end.royals`).
fn clauses_of_rule(e: &Evaluated, rule: &str) -> Vec<String> {
    let path = Rule::spec_path_of(rule.split(" = ").next().unwrap_or(rule).trim());
    e.spec
        .all_clauses()
        .iter()
        .filter(|c| coverage::encode_paths(c).contains(&path))
        .map(|c| c.id.get_ref().clone())
        .collect()
}

/// A player's name in the score table, with whether it moves first.
fn side(player: Color, first_mover: Color) -> String {
    let name = player.name();
    if player == first_mover {
        format!("{name}, moves first")
    } else {
        name.to_string()
    }
}

fn heading(text: &str, markdown: bool) -> String {
    if markdown {
        format!("\n### {text}\n\n")
    } else {
        format!("\n{text}\n")
    }
}

/// The text (table or Markdown) of one evaluation.
fn text_of(e: &Evaluated, markdown: bool) -> String {
    let s = &e.summary;
    let r = &e.record;
    let mut out = String::new();
    let readings = if e.readings.is_empty() {
        "the spec's default readings".to_string()
    } else {
        e.readings.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
    };
    let shard = r.shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    let rate =
        if e.seconds > 0.0 { format!(", {:.1} games/min", 60.0 * s.games as f64 / e.seconds) } else { String::new() };
    let title = format!("{} ({}), {readings}", e.spec.game.name, e.spec.path);
    out.push_str(&if markdown { format!("## {title}\n\n") } else { format!("{title}\n") });
    let line = format!(
        "{} games{shard}, {} nodes per move, ply cap {}, {} random opening plies, seed {}{rate}; {:.0} nodes per game",
        s.games, r.settings.nodes, r.settings.plies, r.settings.opening_plies, r.settings.seed, s.nodes_per_game
    );
    out.push_str(&if markdown { format!("{line}\n") } else { terminal::prose(&line, 2) + "\n" });
    for w in &e.not_played {
        let line = format!("Not played: {w}");
        out.push_str(&if markdown { format!("\n{line}\n") } else { terminal::prose(&line, 2) + "\n" });
    }

    out.push_str(&heading("Score (draws and unfinished games count half a point; 95% Wilson intervals)", markdown));
    out.push_str(&table(
        &["side", "wins", "score", "95% interval"],
        vec![
            vec![
                side(Color::Black, r.first_mover),
                s.first_wins.to_string(),
                percent(s.first_score),
                interval(&s.first_interval),
            ],
            vec![
                side(Color::White, r.first_mover),
                s.second_wins.to_string(),
                percent(s.second_score),
                interval(&s.second_interval),
            ],
        ],
        markdown,
    ));
    out.push_str(&format!(
        "draws {} ({} {}), unfinished at the ply cap {}, decided {} {}\n",
        s.draws,
        percent(s.draw_share),
        interval(&s.draw_interval),
        s.unfinished,
        percent(s.decisive_share),
        interval(&s.decisive_interval)
    ));

    out.push_str(&heading("How the games ended", markdown));
    let rows = s
        .endings
        .iter()
        .map(|end| {
            vec![
                end.rule.clone(),
                end.games.to_string(),
                end.first_wins.to_string(),
                end.second_wins.to_string(),
                end.draws.to_string(),
                clauses_of_rule(e, &end.rule).join(", "),
            ]
        })
        .collect();
    out.push_str(&table(&["rule", "games", "1-0", "0-1", "draw or *", "clauses"], rows, markdown));

    out.push_str(&heading("Length in plies", markdown));
    if let Some(q) = &s.lengths {
        out.push_str(&format!(
            "median {}, quartiles {}-{}, shortest {}, longest {}, mean {:.1}\n",
            q.median, q.q1, q.q3, q.min, q.max, s.mean_length
        ));
    }
    let most = s.histogram.iter().map(|b| b.count).max().unwrap_or(0).max(1);
    let bars: Vec<String> = s
        .histogram
        .iter()
        .map(|b| {
            let width = (b.count * 40).div_ceil(most) as usize;
            format!("{:>5}-{:<5} {:<40} {}", b.from, b.to, "#".repeat(width), b.count)
        })
        .collect();
    if markdown {
        out.push_str(&format!("\n```\n{}\n```\n", bars.join("\n")));
    } else {
        out.push_str(&bars.join("\n"));
        out.push('\n');
    }

    out.push_str(&heading(
        "Material balance (first player less second, pawns; mean over the games still going)",
        markdown,
    ));
    let points: Vec<String> =
        s.balance.iter().map(|b| format!("ply {}: {:+.2} ({} games)", b.ply, b.mean, b.games)).collect();
    out.push_str(&(if markdown { points.join("  \n") } else { terminal::prose(&points.join(", "), 2) }));
    out.push('\n');

    let v = &r.values;
    out.push_str(&heading(
        &format!(
            "Piece values (pawns: the {} is 1; mean weighted moves on an empty board and in {} random games of {} plies, seed {})",
            v.unit, v.games, v.plies, v.seed
        ),
        markdown,
    ));
    let mut pieces: Vec<&values::PieceValue> = v.pieces.iter().collect();
    pieces.sort_by(|a, b| b.value.total_cmp(&a.value));
    let rows = pieces
        .iter()
        .map(|p| {
            vec![
                p.id.clone(),
                format!("{}{}", p.name, if p.royal { " (royal)" } else { "" }),
                format!("{:.2}", p.value),
                format!("{:.1}", p.empty_board),
                p.in_play.map_or("never met".into(), |x| format!("{x:.1} ({} men)", p.samples)),
            ]
        })
        .collect();
    out.push_str(&table(&["piece", "name", "value", "empty board", "in play"], rows, markdown));

    // A clause is measured through the invariants that cite it: one judged with its premise
    // holding on a move played brought the clause into play. A clause no invariant cites is
    // not measured (a board size, a start position, a rule every move obeys unseen).
    let measured: Vec<&coverage::ClauseRow> = e.clauses.iter().filter(|c| !c.invariants.is_empty()).collect();
    let in_play = measured.iter().filter(|c| c.exercised > 0).count();
    out.push_str(&heading(
        &format!(
            "Rules in play: {in_play} of the {} clauses invariants measure came up on moves played",
            measured.len()
        ),
        markdown,
    ));
    let rows = measured
        .iter()
        .filter(|c| c.exercised > 0)
        .map(|c| vec![c.id.clone(), c.exercised.to_string(), crate::text::shorten(&c.words, 70)])
        .collect();
    out.push_str(&table(&["clause", "invariant checks", "words"], rows, markdown));
    let lists = [
        (
            "Never in play (no invariant citing them had its premise hold on a move played)",
            measured.iter().filter(|c| c.exercised == 0).map(|c| c.id.clone()).collect::<Vec<_>>(),
        ),
        (
            "Not measured (no invariant cites them)",
            e.clauses.iter().filter(|c| c.invariants.is_empty()).map(|c| c.id.clone()).collect(),
        ),
    ];
    for (what, ids) in lists {
        if !ids.is_empty() {
            let line = format!("{what}: {}", ids.join(", "));
            out.push_str(&(if markdown { format!("\n{line}\n") } else { terminal::prose(&line, 2) + "\n" }));
        }
    }
    out.push_str(&heading(
        "Readings in play: plies at which another option would have allowed other moves or judged the position or the move otherwise",
        markdown,
    ));
    if s.situations.is_empty() {
        out.push_str(&format!("none of the {} other reading options came into play\n", e.alternatives));
    } else {
        let rows =
            s.situations.iter().map(|(k, o)| vec![k.clone(), o.times.to_string(), o.games.to_string()]).collect();
        out.push_str(&table(&["reading=option", "positions", "games"], rows, markdown));
        let line = format!("{} of {} other reading options came into play", s.situations.len(), e.alternatives);
        out.push_str(&format!("{line}\n"));
    }
    if !s.violated.is_empty() {
        out.push_str(&heading("Invariants broken by moves played (a bug in the spec or the engine)", markdown));
        let rows = s.violated.iter().map(|(k, o)| vec![k.clone(), o.times.to_string(), o.games.to_string()]).collect();
        out.push_str(&table(&["invariant", "moves", "games"], rows, markdown));
        out.push_str("Replay with `kensho check` on the spec to see each violation with its position.\n");
    }
    out
}

/// What `--against` adds: the differences of the two runs with their significance.
fn comparison(a: &Evaluated, b: &Evaluated, markdown: bool) -> (String, Value) {
    let (sa, sb) = (&a.summary, &b.summary);
    let points = |s: &Summary| s.first_score * s.games as f64;
    let rows: Vec<(&str, f64, f64, Difference)> = vec![
        (
            "first player's score",
            sa.first_score,
            sb.first_score,
            stats::two_proportions(points(sa), sa.games as f64, points(sb), sb.games as f64),
        ),
        (
            "draws",
            sa.draw_share,
            sb.draw_share,
            stats::two_proportions(sa.draws as f64, sa.games as f64, sb.draws as f64, sb.games as f64),
        ),
        (
            "decided",
            sa.decisive_share,
            sb.decisive_share,
            stats::two_proportions(
                (sa.first_wins + sa.second_wins) as f64,
                sa.games as f64,
                (sb.first_wins + sb.second_wins) as f64,
                sb.games as f64,
            ),
        ),
    ];
    let mut text = heading("Compared (two-proportion z test, pooled; the same seeds on both sides)", markdown);
    let table_rows = rows
        .iter()
        .map(|(what, x, y, d)| {
            vec![
                what.to_string(),
                percent(*x),
                percent(*y),
                format!("{:+.1} points", 100.0 * d.diff),
                format!("{:.3}", d.p),
            ]
        })
        .collect();
    text.push_str(&table(&["measure", "this run", "compared", "difference", "p"], table_rows, markdown));
    if let (Some(qa), Some(qb)) = (&sa.lengths, &sb.lengths) {
        text.push_str(&format!("median length {} against {} plies\n", qa.median, qb.median));
    }
    let json = json!(rows
        .iter()
        .map(|(what, x, y, d)| json!({"measure": what, "this": x, "compared": y, "difference": d.diff, "z": d.z, "p": d.p}))
        .collect::<Vec<_>>());
    (text, json)
}

fn json_of(e: &Evaluated) -> Value {
    json!({
        "spec": e.spec.path,
        "game": e.spec.game.name,
        "readings": e.readings,
        "seconds": e.seconds,
        "summary": e.summary,
        // Per clause: the invariant checks on moves played whose premise held (summed over the
        // invariants citing it), and whether any invariant measures it at all.
        "clauses": e.clauses.iter().map(|c| json!({"id": c.id, "invariant_checks": c.exercised, "measured": !c.invariants.is_empty()})).collect::<Vec<_>>(),
        "record": e.record,
    })
}

fn render(main: &Evaluated, other: Option<&Evaluated>, format: CheckFormat) -> exit::Result {
    let mut output = Output::new();
    // `violated` holds only invariants broken at least once.
    let broken = !main.summary.violated.is_empty() || other.is_some_and(|o| !o.summary.violated.is_empty());
    match format {
        CheckFormat::Json => {
            let mut value = json_of(main);
            if let Some(o) = other {
                let (_, diff) = comparison(main, o, false);
                value["against"] = json_of(o);
                value["comparison"] = diff;
            }
            output.json(&value);
        }
        CheckFormat::Table | CheckFormat::Markdown => {
            let markdown = matches!(format, CheckFormat::Markdown);
            output.append(text_of(main, markdown));
            if let Some(o) = other {
                output.append("\n");
                output.append(text_of(o, markdown));
                output.append(comparison(main, o, markdown).0);
            }
        }
    }
    output.fail_if(broken);
    Ok(output)
}
