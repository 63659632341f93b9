//! `kensho position`: a position drawn, its position string, whether its game is over, and
//! with --moves its legal moves.

use super::cli::{self, GameArgs};
use super::engine;
use super::exit::{self, Output};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Also list the legal moves.
    #[arg(long)]
    pub(crate) moves: bool,
}

pub fn run(args: Args) -> exit::Result {
    let (eng, pos) = cli::game_setup(&args.game, true)?;
    let mut out = Output::new();
    out.append(engine::draw_position(&eng, &pos));
    out.line(format_args!("position: {}", eng.position_string(&pos)));
    let (texts, outcome) = engine::position_moves(&eng, &pos);
    if let Some(o) = &outcome {
        out.line(format_args!("game over: {} ({})", o.score(), o.describe()));
    }
    if args.moves {
        match outcome {
            Some(_) => out.line("legal moves (0): none, the game is over"),
            None => out.line(format_args!("legal moves ({}):", texts.len())),
        }
        for t in texts {
            out.line(format_args!("  {t}"));
        }
    }
    Ok(out)
}
