//! `kensho perft`: the legal-move tree of a position counted to a depth, with --divide the
//! count below every move.

use super::cli::{self, Format, GameArgs};
use super::engine;
use super::exit::{self, Output};

#[derive(clap::Args)]
#[command(after_help = "A move is counted once per identity: (origin or dropped piece, destination, \
captured squares, promotion). A position where a royal capture ended the game has no moves.")]
pub struct Args {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Depth in plies (1 or more).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=12))]
    pub(crate) depth: u32,
    /// List the count below every legal move.
    #[arg(long)]
    pub(crate) divide: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let (eng, pos) = cli::game_setup(&args.game, true)?;
    // Perft counts the legal-move tree of the position as given; a position whose game is
    // already over (a player without royals, no move, ...) is said so.
    if let (_, Some(over)) = engine::position_moves(&eng, &pos) {
        eprintln!(
            "warning: the game is over in this position ({}); perft counts its legal moves all the same",
            over.describe()
        );
    }
    let (rows, seconds) = engine::divide(&eng, &pos, args.depth, cli::progress());
    let total: u64 = rows.iter().map(|r| r.1).sum();
    let rate = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
    let mut out = Output::new();
    match args.format {
        Format::Json => {
            let divide: Vec<serde_json::Value> =
                rows.iter().map(|(m, n)| serde_json::json!({"move": m, "nodes": n})).collect();
            let mut v = serde_json::json!({
                "spec": args.game.spec.display().to_string(),
                "position": eng.position_string(&pos),
                "depth": args.depth,
                "nodes": total,
                "seconds": seconds,
                "nodes_per_second": rate,
            });
            if args.divide {
                v["divide"] = serde_json::Value::Array(divide);
            }
            out.json(&v);
        }
        Format::Table => {
            if args.divide {
                for (m, n) in &rows {
                    out.line(format_args!("{m}: {n}"));
                }
                out.line("");
                out.line(format_args!("moves: {}", rows.len()));
            }
            out.line(format_args!("perft {}: {}", args.depth, total));
            eprintln!("{:.3} s, {:.0} nodes/s", seconds, rate);
        }
    }
    Ok(out)
}
