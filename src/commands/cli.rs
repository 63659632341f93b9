//! What several commands take and do alike: output formats, the spec-reading-position
//! arguments of the engine commands, the SMT bounds, loading specs, and the run's seed.

use super::exit::Error;
use crate::engine::{Engine, Position};
use crate::spec::LoadedSpec;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum Format {
    Table,
    Json,
}

/// The formats of the commands whose tables are also wanted in Markdown (check, ambiguities,
/// prove, diff).
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum CheckFormat {
    Table,
    Json,
    Markdown,
}

/// What every engine command takes: the spec, readings, a position.
#[derive(clap::Args)]
pub(crate) struct GameArgs {
    /// A spec file (specs/*.toml).
    pub(crate) spec: PathBuf,
    /// Switch one of the spec's readings: READING=OPTION (repeatable; `kensho show` lists them).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Start from this position string instead of the spec's setup (docs/engine.md).
    #[arg(long, value_name = "POSITION")]
    pub(crate) position: Option<String>,
}

/// Bounds shared by the SMT commands.
#[derive(clap::Args)]
pub(crate) struct SmtArgs {
    /// Z3's time limit per query, in milliseconds (a query that runs out reports unknown).
    #[arg(long, default_value_t = 5000, value_name = "MS", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) timeout: u32,
    /// Largest radius of the symbolic window around the moving piece, in king steps (the
    /// default covers every bundled board; a piece with too many paths gets less).
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u8).range(1..=18))]
    pub(crate) window: u8,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: CheckFormat,
}

impl SmtArgs {
    pub(crate) fn limits(&self) -> crate::smt::Limits {
        crate::smt::Limits { timeout_ms: self.timeout, window: self.window, ..Default::default() }
    }
}

/// Loads every spec; the diagnostics of every bad one when any is bad.
pub(crate) fn load_specs(paths: &[PathBuf]) -> Result<Vec<LoadedSpec>, Error> {
    let mut loaded = Vec::new();
    let mut bad = Vec::new();
    for p in paths {
        match crate::spec::load(p) {
            Ok(s) => loaded.push(s),
            Err(e) => bad.push(e.to_string()),
        }
    }
    if bad.is_empty() {
        Ok(loaded)
    } else {
        Err(Error::Specs(bad))
    }
}

/// Loads one spec.
pub(crate) fn load_spec(path: &Path) -> Result<LoadedSpec, Error> {
    Ok(load_specs(&[path.to_path_buf()])?.remove(0))
}

/// The bundled specs: specs/*.toml of the current directory, else of the source tree kensho
/// was built from.
pub(crate) fn bundled_specs() -> Result<Vec<PathBuf>, Error> {
    let here = PathBuf::from("specs");
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs");
    for dir in [here, built] {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut specs: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        if !specs.is_empty() {
            specs.sort();
            return Ok(specs);
        }
    }
    Err("no spec files given and no specs/*.toml found here or in the kensho source tree; name the specs: kensho COMMAND SPEC.toml...".into())
}

/// The specs named, or the bundled ones when none is.
pub(crate) fn given_or_bundled_specs(given: &[PathBuf]) -> Result<Vec<LoadedSpec>, Error> {
    let paths = if given.is_empty() { bundled_specs()? } else { given.to_vec() };
    load_specs(&paths)
}

/// The readings chosen on the command line (`--reading READING=OPTION`).
pub(crate) fn choices(readings: &[String]) -> Result<BTreeMap<String, String>, Error> {
    Ok(crate::spec::load::parse_choices(readings)?)
}

/// The engine and start position of an engine command. `for_moves`: the command only counts
/// or lists moves, so game-end rules the engine does not play yet are warned about instead of
/// refused.
pub(crate) fn game_setup(args: &GameArgs, for_moves: bool) -> Result<(Engine, Position), Error> {
    use super::engine;
    let spec = load_spec(&args.spec)?;
    let chosen = choices(&args.readings)?;
    let eng = if for_moves {
        let (eng, warnings) = engine::engine_for_moves(&spec, &chosen)?;
        for w in warnings {
            eprintln!("warning: {w}");
        }
        eng
    } else {
        engine::engine_for(&spec, &chosen)?
    };
    let pos = engine::position_for(&eng, args.position.as_deref())?;
    Ok((eng, pos))
}

/// The run's seed: the one given, else one from the clock; printed either way, so that every
/// random run can be replayed.
pub(crate) fn seed(given: Option<u64>) -> u64 {
    let seed = given.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(1)
    });
    eprintln!("seed {seed} (replay with --seed {seed})");
    seed
}

/// Whether progress bars are wanted: only when standard error is a terminal.
pub(crate) fn progress() -> bool {
    std::io::IsTerminal::is_terminal(&std::io::stderr())
}
