//! `kensho diff OLD.toml NEW.toml`: what changes between two versions of a spec (docs/diff.md).
//!
//! Three kinds of comparison, from the cheapest to the most concrete:
//! - the spec's statements: board, zones, setup, rule settings, piece attributes, clauses,
//!   readings, and the invariants of `properties/<stem>.toml`, compared by id;
//! - each piece's reach on an empty board from the central square (XBetza as the engine plays
//!   it, first player's orientation): destinations and lone-enemy captures gained and lost;
//! - the engines: legal moves on sample positions (the old start position and positions of
//!   seeded random games under the old rules, each carried over to the new engine), grouped by
//!   piece type, and perft from each start position.
//!
//! The code, by job: `model` (the result, as JSON and for the renderers), `compare` (the
//! statements and each piece's reach), `samples` (the engines: legal moves on sample positions,
//! perft), `render` (tables for the terminal and Markdown); here the options, the comparison
//! as a whole and the command.

mod compare;
mod model;
mod render;
mod samples;

pub use model::*;
pub use render::{render, to_json};
pub use samples::sample_positions;

use super::cli::{self, CheckFormat};
use super::exit::{self, Output};
use crate::engine::Engine;
use crate::spec::game::GameSpec;
use crate::spec::LoadedSpec;
use compare::{
    board_changes, compare_clauses, compare_invariants, compare_pieces, compare_readings, group_changes,
    setting_changes,
};
use samples::{compare_perft, compare_samples};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// What to compare and how much.
#[derive(Clone, Debug)]
pub struct Options {
    /// Perft depths 1..=depth from each start position (0: no perft).
    pub depth: u32,
    /// Sample positions in all: the start position, then positions of random games.
    pub samples: usize,
    /// Seed of the random games (game i uses seed + i).
    pub seed: u64,
    /// Readings switched (reading id -> option), applied to each spec that has the reading.
    pub choices: BTreeMap<String, String>,
    /// The properties files; None: `properties/<stem>.toml` beside the spec's directory.
    pub old_properties: Option<PathBuf>,
    pub new_properties: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: 2,
            samples: 200,
            seed: 1,
            choices: BTreeMap::new(),
            old_properties: None,
            new_properties: None,
        }
    }
}

// ------------------------------------------------------------------------------ comparing

/// Compares two loaded specs. Errors (for the user, exit 2): a reading neither spec has, an
/// option the reading lacks, a choice that makes a spec invalid.
pub fn compare(old: &LoadedSpec, new: &LoadedSpec, opts: &Options) -> Result<SpecDiff, String> {
    let (old_choices, new_choices) = split_choices(old, new, &opts.choices)?;
    let old_game = old.resolve(&old_choices)?;
    let new_game = new.resolve(&new_choices)?;
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    let old_engine = engine_or_note(old, &old_game, &mut notes, &mut warnings);
    let new_engine = engine_or_note(new, &new_game, &mut notes, &mut warnings);
    warnings.sort();
    warnings.dedup(); // the same spec on both sides warns twice
    let engines = old_engine.as_ref().zip(new_engine.as_ref());
    let invariants = compare_invariants(old, new, opts, &mut notes);
    Ok(SpecDiff {
        old: side(old, &old_game),
        new: side(new, &new_game),
        seed: opts.seed,
        board: board_changes(&old_game, &new_game),
        settings: [group_changes(&old_game, &new_game), setting_changes("rules", &old_game.rules, &new_game.rules)]
            .concat(),
        pieces: compare_pieces(&old_game, &new_game, engines),
        samples: compare_samples(engines, opts),
        perft: compare_perft(engines, opts.depth),
        clauses: compare_clauses(old, new),
        readings: compare_readings(&old.all_readings(), &new.all_readings()),
        invariants,
        notes,
        warnings,
    })
}

fn side(spec: &LoadedSpec, game: &GameSpec) -> Side {
    Side { path: spec.path.clone(), id: game.id.clone(), name: game.name.clone() }
}

/// Reading id -> option name.
type Choices = BTreeMap<String, String>;

/// The choices each spec gets: those naming one of its readings. A reading neither spec has
/// is an error, so that a misspelt `--reading` never passes silently.
fn split_choices(old: &LoadedSpec, new: &LoadedSpec, choices: &Choices) -> Result<(Choices, Choices), String> {
    let has = |spec: &LoadedSpec, id: &str| spec.all_readings().iter().any(|r| r.id.get_ref() == id);
    for id in choices.keys() {
        if !has(old, id) && !has(new, id) {
            let mut known: BTreeSet<String> = BTreeSet::new();
            for spec in [old, new] {
                known.extend(spec.all_readings().iter().map(|r| r.id.get_ref().clone()));
            }
            let known: Vec<String> = known.into_iter().collect();
            return Err(format!("unknown reading '{id}': neither spec has it (the readings are {})", known.join(", ")));
        }
    }
    let pick = |spec: &LoadedSpec| {
        choices.iter().filter(|(id, _)| has(spec, id)).map(|(k, v)| (k.clone(), v.clone())).collect()
    };
    Ok((pick(old), pick(new)))
}

/// The engine for counting moves, or a note saying why there is none (the spec still loads:
/// the statements are compared all the same).
fn engine_or_note(
    spec: &LoadedSpec,
    game: &GameSpec,
    notes: &mut Vec<String>,
    warnings: &mut Vec<String>,
) -> Option<Engine> {
    match Engine::for_moves(game) {
        Ok((engine, ends)) => {
            warnings.extend(ends.iter().map(|u| format!("{}: game end not applied: {u}", spec.path)));
            Some(engine)
        }
        Err(bad) => {
            let list: Vec<String> = bad.iter().map(|u| u.to_string()).collect();
            notes.push(format!(
                "{}: the engine cannot play {}; sample positions and perft are not compared",
                spec.path,
                list.join("; ")
            ));
            None
        }
    }
}

#[derive(clap::Args)]
#[command(
    after_help = "Compares the statements (board, zones, setup, rule settings, piece attributes, clauses, readings, the invariants of properties/<stem>.toml), each piece's reach on an empty board from the central square, the legal moves of every piece type on sample positions (the old start position and positions of seeded random games under the old rules, each carried over to the new spec), and perft from each start position (docs/diff.md). A --reading applies to each spec that has that reading. Exit status: 0 no difference, 1 differences, 2 bad input."
)]
pub struct Args {
    /// The old spec file.
    pub(crate) old: std::path::PathBuf,
    /// The new spec file.
    pub(crate) new: std::path::PathBuf,
    /// Perft from each start position at depths 1 to DEPTH (0: no perft).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=12))]
    pub(crate) depth: u32,
    /// Sample positions in all: the start position, then positions of random games (0: none).
    #[arg(long, default_value_t = 200)]
    pub(crate) samples: usize,
    /// Seed of the random games (default: from the clock; printed either way).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Switch a reading: READING=OPTION (repeatable; applied to each spec that has it).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: CheckFormat,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&[args.old.clone(), args.new.clone()])?;
    let choices = cli::choices(&args.readings)?;
    let seed = cli::seed(args.seed);
    let opts = Options { depth: args.depth, samples: args.samples, seed, choices, ..Default::default() };
    let result = compare(&specs[0], &specs[1], &opts)?;
    for w in &result.warnings {
        eprintln!("warning: {w}");
    }
    let mut out = Output::new();
    match args.format {
        CheckFormat::Table => out.append(render(&result, false)),
        CheckFormat::Markdown => out.append(render(&result, true)),
        CheckFormat::Json => out.json(&to_json(&result)),
    }
    out.fail_if(!result.is_empty());
    Ok(out)
}
