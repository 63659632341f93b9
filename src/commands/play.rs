//! `kensho play`: seeded random games, their moves and results.

use super::cli::{self, Format, GameArgs};
use super::engine;
use super::exit::{self, Output};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Number of random games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) random: u64,
    /// Seed of the first game (game i uses seed + i); printed with every game.
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Stop a game after this many plies.
    #[arg(long, default_value_t = 400)]
    pub(crate) max_plies: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let (eng, pos) = cli::game_setup(&args.game, false)?;
    let seed = cli::seed(args.seed);
    let records = engine::play(&eng, &pos, args.random as usize, seed, args.max_plies, cli::progress());
    let mut out = Output::new();
    match args.format {
        Format::Json => {
            let games: Vec<serde_json::Value> = records.iter().map(engine::game_json).collect();
            out.json(&serde_json::json!({"seed": seed, "games": games}));
        }
        Format::Table => {
            for r in &records {
                out.append(engine::game_text(r));
            }
            let mut tally: std::collections::BTreeMap<String, usize> = Default::default();
            for r in &records {
                *tally
                    .entry(r.outcome.as_ref().map(|o| o.score().to_string()).unwrap_or_else(|| "unfinished".into()))
                    .or_default() += 1;
            }
            let parts: Vec<String> = tally.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            out.line(format_args!("{} games, seed {seed}: {}", records.len(), parts.join(", ")));
        }
    }
    Ok(out)
}
