//! `kensho bench`: perft speed of each spec's start position at a fixed depth, on one thread
//! and on all of rayon's threads, and beside Fairy-Stockfish for the games it also plays
//! (README, "Speed"). Each figure is the median of several runs, since the machines are noisy.

use super::cli::{self, Format};
use super::engine;
use super::exit::{self, Output};
use crate::engine::{Engine, Position};
use crate::text::thousands;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The games Fairy-Stockfish plays under the same name as a kensho spec's game id.
pub(crate) const FSF_GAMES: &[&str] = &["shogi", "xiangqi", "minishogi"];

/// (depth of the speed figure, depth of the comparison with Fairy-Stockfish) for a game: deep
/// enough that a run takes a measurable time (about 0.1 to 2 s here), shallow enough that the
/// whole bench stays within a minute or two. Fairy-Stockfish needs shogi and minishogi one ply
/// deeper, where its own start-up no longer dominates (minishogi perft 5 takes it 0.03 s).
pub(crate) fn default_depths(game: &str) -> (u32, u32) {
    match game {
        "shogi" => (4, 5),
        "xiangqi" | "mitsugumi" | "shoogantshii" => (4, 4),
        "minishogi" => (5, 6),
        "ryu" | "heian-ryu" => (6, 6),
        _ => (3, 3),
    }
}

/// The speed of one spec.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SpeedRow {
    pub(crate) spec: String,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    /// Median seconds on one thread (no rayon).
    pub(crate) one_thread_seconds: f64,
    /// Median seconds with the root moves spread over rayon's threads.
    pub(crate) all_threads_seconds: f64,
    pub(crate) threads: usize,
}

impl SpeedRow {
    pub(crate) fn one_thread_rate(&self) -> f64 {
        rate(self.nodes, self.one_thread_seconds)
    }
    pub(crate) fn all_threads_rate(&self) -> f64 {
        rate(self.nodes, self.all_threads_seconds)
    }
}

/// kensho beside Fairy-Stockfish on one game, one thread each.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FsfRow {
    pub(crate) game: String,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) fsf_nodes: u64,
    /// Median CPU seconds Fairy-Stockfish reports, less its start-up (the median of its depth-1
    /// runs), so that both figures count the perft alone.
    pub(crate) fsf_seconds: f64,
    pub(crate) kensho_seconds: f64,
    /// Fairy-Stockfish seconds / kensho seconds: 1 is as fast, 0.5 half as fast.
    pub(crate) ratio: f64,
}

fn rate(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

/// The median of a non-empty list.
pub(crate) fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// One-thread perft of `pos`: (nodes, seconds).
fn timed_one_thread(engine: &Engine, pos: &Position, depth: u32) -> (u64, f64) {
    let started = Instant::now();
    let nodes = engine.perft(&mut pos.clone(), depth);
    (nodes, started.elapsed().as_secs_f64())
}

/// The speed row of one spec: `runs` interleaved one-thread and all-thread runs.
pub(crate) fn speed(spec: &str, engine: &Engine, pos: &Position, depth: u32, runs: usize) -> SpeedRow {
    let (mut one, mut all) = (Vec::new(), Vec::new());
    let mut nodes = 0;
    for _ in 0..runs.max(1) {
        let (n, s) = timed_one_thread(engine, pos, depth);
        nodes = n;
        one.push(s);
        let (rows, s) = engine::divide(engine, pos, depth, false);
        debug_assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), n);
        all.push(s);
    }
    SpeedRow {
        spec: spec.to_string(),
        depth,
        nodes,
        one_thread_seconds: median(one),
        all_threads_seconds: median(all),
        threads: rayon::current_num_threads(),
    }
}

/// What Fairy-Stockfish's perft script said: nodes and CPU seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct FsfReply {
    pub(crate) nodes: u64,
    pub(crate) seconds: f64,
}

/// Reads the script's reply: a line `nodes N` and a line `seconds S` (other lines ignored).
/// Anything else is an error naming what was missing, with the reply shortened and its control
/// characters escaped.
pub(crate) fn parse_fsf_reply(text: &str) -> Result<FsfReply, String> {
    let field = |name: &str| text.lines().find_map(|l| l.trim().strip_prefix(name).map(|v| v.trim().to_string()));
    let shown = || {
        let s: String = text.chars().take(200).flat_map(char::escape_debug).collect();
        format!("\"{s}\"")
    };
    let nodes = field("nodes ")
        .ok_or_else(|| format!("no `nodes N` line in its reply {}", shown()))?
        .parse::<u64>()
        .map_err(|_| format!("`nodes` is not a count in its reply {}", shown()))?;
    let seconds = field("seconds ")
        .ok_or_else(|| format!("no `seconds S` line in its reply {}", shown()))?
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("`seconds` is not a time in its reply {}", shown()))?;
    Ok(FsfReply { nodes, seconds })
}

/// Runs `fsf GAME DEPTH` (the interface of shared/bench/fsf-perft) and reads its reply.
pub(crate) fn run_fsf(fsf: &Path, game: &str, depth: u32) -> Result<FsfReply, String> {
    let out = Command::new(fsf)
        .args([game, &depth.to_string()])
        .output()
        .map_err(|e| format!("--fsf {}: cannot run it: {e}", fsf.display()))?;
    if !out.status.success() {
        let err: String = String::from_utf8_lossy(&out.stderr).chars().take(200).flat_map(char::escape_debug).collect();
        return Err(format!("--fsf {}: `{game} {depth}` failed ({}): {err}", fsf.display(), out.status));
    }
    parse_fsf_reply(&String::from_utf8_lossy(&out.stdout))
        .map_err(|e| format!("--fsf {}: `{game} {depth}`: {e}", fsf.display()))
}

/// kensho and Fairy-Stockfish on one game at `depth`, `runs` interleaved runs each.
pub(crate) fn against_fsf(
    fsf: &Path,
    game: &str,
    engine: &Engine,
    pos: &Position,
    depth: u32,
    runs: usize,
) -> Result<FsfRow, String> {
    let (mut kensho, mut theirs, mut start_up) = (Vec::new(), Vec::new(), Vec::new());
    let (mut nodes, mut fsf_nodes) = (0, 0);
    for _ in 0..runs.max(1) {
        let (n, s) = timed_one_thread(engine, pos, depth);
        nodes = n;
        kensho.push(s);
        let reply = run_fsf(fsf, game, depth)?;
        fsf_nodes = reply.nodes;
        theirs.push(reply.seconds);
        start_up.push(run_fsf(fsf, game, 1)?.seconds);
    }
    let fsf_seconds = (median(theirs) - median(start_up)).max(0.0);
    let kensho_seconds = median(kensho);
    let ratio = if kensho_seconds > 0.0 { fsf_seconds / kensho_seconds } else { 0.0 };
    Ok(FsfRow { game: game.to_string(), depth, nodes, fsf_nodes, fsf_seconds, kensho_seconds, ratio })
}

fn per_second(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else {
        format!("{:.0} k/s", r / 1e3)
    }
}

/// The speed table and, if any, the comparison table, as text.
pub(crate) fn render(speed: &[SpeedRow], fsf: &[FsfRow]) -> String {
    let threads = speed.first().map_or(1, |r| r.threads);
    let mut out = format!(
        "{:<16} {:>5} {:>14} {:>20} {:>22} {:>8}\n",
        "spec",
        "depth",
        "nodes",
        "1 thread",
        format!("{threads} threads"),
        "speed-up"
    );
    for r in speed {
        let up = if r.all_threads_seconds > 0.0 { r.one_thread_seconds / r.all_threads_seconds } else { 0.0 };
        out.push_str(&format!(
            "{:<16} {:>5} {:>14} {:>8.3} s {:>10} {:>10.3} s {:>10} {:>7.2}x\n",
            r.spec,
            r.depth,
            thousands(r.nodes),
            r.one_thread_seconds,
            per_second(r.one_thread_rate()),
            r.all_threads_seconds,
            per_second(r.all_threads_rate()),
            up
        ));
    }
    if !fsf.is_empty() {
        out.push_str(
            "\nbeside Fairy-Stockfish, one thread each (its CPU seconds less its start-up; kensho's perft alone):\n",
        );
        out.push_str(&format!(
            "{:<16} {:>5} {:>14} {:>16} {:>10} {:>18}\n",
            "game", "depth", "nodes", "Fairy-Stockfish", "kensho", "ratio FSF/kensho"
        ));
        for r in fsf {
            out.push_str(&format!(
                "{:<16} {:>5} {:>14} {:>14.3} s {:>8.3} s {:>18.3}\n",
                r.game,
                r.depth,
                thousands(r.nodes),
                r.fsf_seconds,
                r.kensho_seconds,
                r.ratio
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_odd_and_even_lists() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(vec![7.0]), 7.0);
    }

    #[test]
    fn replies_are_read_or_refused_with_the_reason() {
        assert_eq!(
            parse_fsf_reply("nodes 19861490\nseconds 1.770\n"),
            Ok(FsfReply { nodes: 19_861_490, seconds: 1.77 })
        );
        assert!(parse_fsf_reply("seconds 1.0\n").unwrap_err().contains("no `nodes N` line"));
        assert!(parse_fsf_reply("nodes many\nseconds 1\n").unwrap_err().contains("not a count"));
        assert!(parse_fsf_reply("nodes 1\nseconds -3\n").unwrap_err().contains("not a time"));
        assert!(parse_fsf_reply("nodes 1\nseconds NaN\n").unwrap_err().contains("not a time"));
        // Control characters in a reply are shown escaped, and a long reply shortened.
        let e = parse_fsf_reply(&format!("\u{1b}[2J\0{}", "x".repeat(10_000))).unwrap_err();
        assert!(e.contains("\\u{1b}") && e.contains("\\0") && e.len() < 400, "{e}");
    }
}

#[derive(clap::Args)]
#[command(
    after_help = "Each spec's start position is counted to a fixed depth (shogi 4, xiangqi 4, Suzumu and Hook 3, ...; --depth for all), on one thread and with the root moves spread over every thread (RAYON_NUM_THREADS sets how many); each figure is the median of --runs interleaved runs. With --fsf PATH (a script taking VARIANT DEPTH and printing `nodes N` and `seconds S`, as shared/bench/fsf-perft does), the games Fairy-Stockfish also plays (shogi at depth 5, xiangqi at 4) are run by both on one thread in the same run, its start-up (its depth-1 time) taken off, and the ratio printed. Exit status: 0, 1 when Fairy-Stockfish counts other nodes than kensho, 2 bad input or a failed Fairy-Stockfish run."
)]
pub struct Args {
    /// Spec files (default: every specs/*.toml of the current directory, else of the kensho
    /// source tree).
    pub(crate) specs: Vec<std::path::PathBuf>,
    /// Depth for every spec instead of each game's default.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub(crate) depth: Option<u32>,
    /// Runs per figure (the median is shown).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub(crate) runs: u32,
    /// Fairy-Stockfish's perft script (the team's is ../shared/bench/fsf-perft).
    #[arg(long, value_name = "PATH")]
    pub(crate) fsf: Option<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::given_or_bundled_specs(&args.specs)?;
    if let Some(fsf) = &args.fsf {
        if !fsf.is_file() {
            return Err(format!("--fsf {}: no such file", fsf.display()).into());
        }
    }
    let runs = args.runs as usize;
    let mut speeds = Vec::new();
    let mut against = Vec::new();
    for spec in &specs {
        let (eng, _) = engine::engine_for_moves(spec, &Default::default())?;
        let pos = engine::position_for(&eng, None)?;
        let id = eng.game.id.clone();
        let (depth, fsf_depth) = args.depth.map_or_else(|| default_depths(&id), |d| (d, d));
        eprintln!("bench {id}: perft {depth}, {runs} runs");
        speeds.push(speed(&id, &eng, &pos, depth, runs));
        if let Some(fsf) = args.fsf.as_deref().filter(|_| FSF_GAMES.contains(&id.as_str())) {
            eprintln!("bench {id}: beside Fairy-Stockfish, perft {fsf_depth}, {runs} runs");
            against.push(against_fsf(fsf, &id, &eng, &pos, fsf_depth, runs)?);
        }
    }
    let mut out = Output::new();
    match args.format {
        Format::Json => out.json(&serde_json::json!({"runs": runs, "speed": speeds, "fairy_stockfish": against})),
        Format::Table => out.append(render(&speeds, &against)),
    }
    for r in against.iter().filter(|r| r.nodes != r.fsf_nodes) {
        eprintln!("{} perft {}: kensho counts {}, Fairy-Stockfish {}", r.game, r.depth, r.nodes, r.fsf_nodes);
        out.fail();
    }
    Ok(out)
}
