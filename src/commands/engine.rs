//! The engine commands' work (`kensho perft`, `play`, `position`; their `run` is in perft.rs,
//! play.rs and position.rs), also used by bench, crosscheck and the report: functions that
//! return text or JSON values for the commands to print.

use crate::core::{Color, PieceId};
use crate::engine::play::GameRecord;
use crate::engine::status::Outcome;
use crate::engine::{Engine, Move, Position};
use crate::spec::LoadedSpec;
use crate::text::board::draw_cells;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

/// The engine for a spec under the chosen readings, or a message listing every rule value the
/// engine cannot play.
pub(crate) fn engine_for(spec: &LoadedSpec, choices: &BTreeMap<String, String>) -> Result<Engine, String> {
    let game = spec.resolve(choices)?;
    Engine::new(&game).map_err(|bad| unplayable_message(spec, &bad))
}

/// The engine for counting moves: rules about how a game ends that the engine does not play
/// yet are returned as warnings instead of refused.
pub fn engine_for_moves(
    spec: &LoadedSpec,
    choices: &BTreeMap<String, String>,
) -> Result<(Engine, Vec<String>), String> {
    let game = spec.resolve(choices)?;
    match Engine::for_moves(&game) {
        Ok((engine, ends)) => {
            Ok((engine, ends.iter().map(|u| format!("{}: game end not applied: {u}", spec.path)).collect()))
        }
        Err(bad) => Err(unplayable_message(spec, &bad)),
    }
}

fn unplayable_message(spec: &LoadedSpec, bad: &[crate::engine::Unplayable]) -> String {
    let lines: Vec<String> = bad.iter().map(|u| format!("  {u}")).collect();
    format!("{}: the engine cannot play these rule values:\n{}", spec.path, lines.join("\n"))
}

/// The start position, or the one a position string gives.
pub(crate) fn position_for(engine: &Engine, text: Option<&str>) -> Result<Position, String> {
    match text {
        None if engine.game.setup.is_empty() => Err(format!(
            "{}: under these readings the spec states no start position; give one with --position",
            engine.game.id
        )),
        None => Ok(engine.start()),
        Some(t) => engine.parse_position(t).map_err(|e| format!("--position: {e}")),
    }
}

/// The board with pieces by their tokens (upper case: first player; lower case: second),
/// hands and side to move.
/// How every board drawn for the terminal (`position`, `show`, witnesses) tells the players
/// apart: as position strings write them.
pub(crate) const SIDES: &str = "upper case: first player (b, moves up); lower case: second player (w)";

pub(crate) fn draw_position(engine: &Engine, pos: &Position) -> String {
    let cell = |man| {
        let t = engine.token(man);
        t.trim_start_matches('(').trim_end_matches(')').to_string()
    };
    let width = pos.board.iter().flatten().map(|&m| cell(m).chars().count()).max().unwrap_or(1).max(1);
    let mut out = draw_cells(pos.size, width, |sq| pos.at(sq).map(cell).unwrap_or_else(|| ".".into()));
    out.push_str(&format!("    {SIDES}\n"));
    for (player, name) in [(Color::Black, "first player"), (Color::White, "second player")] {
        let held: Vec<String> = pos.hands[player]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(p, &n)| format!("{}x{}", n, engine.piece(PieceId::new(p)).id))
            .collect();
        if !held.is_empty() {
            out.push_str(&format!("    in hand, {name}: {}\n", held.join(" ")));
        }
    }
    let side = if pos.side == Color::Black { "first player (b)" } else { "second player (w)" };
    out.push_str(&format!("    to move: {side}"));
    let skips: Vec<&str> =
        [(0, "first"), (1, "second")].iter().filter(|(p, _)| pos.last_skip[*p]).map(|(_, n)| *n).collect();
    if !skips.is_empty() {
        out.push_str(&format!("; last turn skipped by the {} player", skips.join(" and ")));
    }
    if let Some(sq) = pos.lion_taken_at {
        out.push_str(&format!("; a non-Lion took a Lion on {sq} last move (no non-Lion may take a Lion now)"));
    }
    out.push('\n');
    out
}

/// What `kensho position --moves` lists: the legal moves as sorted move texts, and the result
/// where the position is decided (`Engine::status_before`: a player left without royals, no
/// move, checkmate where terminal, a winning impasse declaration). A decided game has no move
/// left: the list is then empty.
pub(crate) fn position_moves(engine: &Engine, pos: &Position) -> (Vec<String>, Option<Outcome>) {
    let moves = engine.legal_moves(pos);
    let outcome = engine.status_before(pos, &moves);
    if outcome.is_some() {
        return (Vec::new(), outcome);
    }
    let mut texts: Vec<String> = moves.iter().map(|m| engine.move_text(m)).collect();
    texts.sort();
    (texts, None)
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta}")
            .expect("static template")
            .progress_chars("=> "),
    );
    pb.set_message(what.to_string());
    pb
}

/// Divide: perft below every root move, computed in parallel, with a progress bar on standard
/// error when it is a terminal. Returns (move text, count) sorted by move text, and the
/// seconds taken.
pub fn divide(engine: &Engine, pos: &Position, depth: u32, progress: bool) -> (Vec<(String, u64)>, f64) {
    let started = Instant::now();
    let moves: Vec<Move> = engine.legal_moves(pos);
    let counts = if depth >= 3 && moves.len() < 4 * rayon::current_num_threads() {
        split_below_root(engine, pos, &moves, depth, progress)
    } else {
        let pb = if progress && depth >= 3 {
            bar(moves.len() as u64, &format!("perft {depth}"))
        } else {
            ProgressBar::hidden()
        };
        let counts = moves
            .par_iter()
            .map(|mv| {
                let n = engine.perft_below(pos, mv, depth);
                pb.inc(1);
                n
            })
            .collect();
        pb.finish_and_clear();
        counts
    };
    let mut rows: Vec<(String, u64)> = moves.iter().zip(counts).map(|(mv, n)| (engine.move_text(mv), n)).collect();
    rows.sort();
    (rows, started.elapsed().as_secs_f64())
}

/// Perft below each of a few root moves, the work spread one ply deeper: every (root move,
/// reply) pair is a task, so that a root with fewer moves than threads still keeps them all busy.
fn split_below_root(engine: &Engine, pos: &Position, moves: &[Move], depth: u32, progress: bool) -> Vec<u64> {
    let mut tasks: Vec<(usize, Position, Move)> = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let mut after = pos.clone();
        let mut undo = Vec::with_capacity(1);
        engine.make(&mut after, mv, &mut undo);
        if engine.ends_at_once(&after, mv) {
            continue; // the move decided the game: nothing below it (Engine::perft_below)
        }
        for reply in engine.legal_moves(&after) {
            tasks.push((i, after.clone(), reply));
        }
    }
    let pb = if progress { bar(tasks.len() as u64, &format!("perft {depth}")) } else { ProgressBar::hidden() };
    let below: Vec<(usize, u64)> = tasks
        .par_iter()
        .map(|(i, after, reply)| {
            let n = engine.perft_below(after, reply, depth - 1);
            pb.inc(1);
            (*i, n)
        })
        .collect();
    pb.finish_and_clear();
    let mut counts = vec![0; moves.len()];
    for (i, n) in below {
        counts[i] += n;
    }
    counts
}

/// Plays `games` seeded random games (seeds seed, seed+1, ...), in parallel.
pub(crate) fn play(
    engine: &Engine,
    start: &Position,
    games: usize,
    seed: u64,
    max_plies: usize,
    progress: bool,
) -> Vec<GameRecord> {
    let pb = if progress && games > 1 { bar(games as u64, "games") } else { ProgressBar::hidden() };
    let records = (0..games as u64)
        .into_par_iter()
        .map(|i| {
            let r = engine.random_game(start, seed.wrapping_add(i), max_plies, |_, _, _| {});
            pb.inc(1);
            r
        })
        .collect();
    pb.finish_and_clear();
    records
}

/// One game as text: seed, result, moves numbered by ply, final position string.
pub(crate) fn game_text(record: &GameRecord) -> String {
    let mut out = format!("game seed {}: {}\n", record.seed, record.result_line());
    for chunk in record.moves.chunks(6).enumerate() {
        let (i, moves) = chunk;
        let numbered: Vec<String> = moves.iter().enumerate().map(|(j, m)| format!("{}. {m}", i * 6 + j + 1)).collect();
        out.push_str(&format!("  {}\n", numbered.join("  ")));
    }
    out.push_str(&format!("  final position: {}\n", record.final_position));
    out
}

pub(crate) fn game_json(record: &GameRecord) -> serde_json::Value {
    serde_json::json!({
        "seed": record.seed,
        "start": record.start,
        "plies": record.moves.len(),
        "moves": record.moves,
        "result": record.outcome.as_ref().map(|o| o.score()),
        "reason": record.outcome.as_ref().map(|o| o.describe()),
        "final_position": record.final_position,
    })
}

#[cfg(test)]
mod split_tests {
    use super::*;
    use std::path::Path;

    /// The split one ply deeper counts what each root move's own perft counts: Ryu's start has
    /// 7 moves (fewer than threads times four on any machine up to one core), Heian Ryu's
    /// drops earn extra turns below them.
    #[test]
    fn splitting_below_the_root_counts_what_each_root_move_counts() {
        for spec in ["ryu", "heian-ryu"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("specs/{spec}.toml"));
            let loaded = crate::spec::load(&path).expect("a bundled spec loads");
            let (engine, _) = engine_for_moves(&loaded, &BTreeMap::new()).expect("playable");
            let pos = engine.start();
            let moves = engine.legal_moves(&pos);
            let own: Vec<u64> = moves.iter().map(|mv| engine.perft_below(&pos, mv, 4)).collect();
            assert_eq!(split_below_root(&engine, &pos, &moves, 4, false), own, "{spec}");
            assert!(own.iter().all(|&n| n > 0));
        }
    }
}
