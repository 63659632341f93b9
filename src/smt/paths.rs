//! Path witnesses: for every piece and every path shape (program) of its compiled XBetza, an
//! occupancy under which the shape produces a move and one under which it produces none, both
//! found by Z3 from the symbolic paths and confirmed by the move generator. A shape with no
//! path from any square is dead notation, a lint finding.

use super::board::SymBoard;
use super::symbolic::{program_paths, SymPath, Window};
use super::{solve, Answer, Limits, Verdict};
use crate::geometry::{BoardSize, Square};
use crate::spec::game::GameSpec;
use crate::text::board::draw;
use crate::xbetza::compile::CompiledBetza;
use crate::xbetza::{generate, Cell, Occupancy, Orientation};
use serde::Serialize;
use z3::ast::Bool;

/// One path shape's result.
#[derive(Clone, Debug, Serialize)]
pub struct PathReport {
    pub piece: String,
    /// "" for the piece's own move, else the zone whose move this is (Ryu).
    pub(crate) zone: String,
    pub program: usize,
    /// The unrolled shape, e.g. `mcabmpacabK`.
    pub shape: String,
    pub verdict: Verdict,
    /// What was found, in words.
    pub summary: String,
    /// The start square used.
    pub from: Option<String>,
    /// The occupancy under which the shape moves, drawn (X the piece, F friend, E enemy), and
    /// the move it makes.
    pub moves_board: Option<String>,
    pub moves: Option<String>,
    /// The occupancy under which it does not move, drawn.
    pub blocked_board: Option<String>,
    /// Whether the generator agreed on both boards.
    pub confirmed: bool,
}

/// Every path shape of every piece of `game`.
pub fn path_witnesses(game: &GameSpec, limits: &Limits) -> Vec<PathReport> {
    let mut out = Vec::new();
    for piece in &game.pieces {
        let mut sets: Vec<(String, &CompiledBetza)> = vec![(String::new(), &piece.moves)];
        sets.extend(piece.zone_moves.iter().map(|(z, (_, c))| (z.clone(), c)));
        for (zone, compiled) in sets {
            for index in 0..compiled.programs.len() {
                out.push(one_shape(&piece.id, &zone, compiled, index, limits));
            }
        }
    }
    out
}

fn center(size: BoardSize) -> Square {
    Square::new(size.files / 2, size.ranks / 2)
}

/// Shape `index` of `compiled`: from the centre, or from the first square with any path.
pub fn one_shape(piece: &str, zone: &str, compiled: &CompiledBetza, index: usize, limits: &Limits) -> PathReport {
    let program = &compiled.programs[index];
    let mut report = PathReport {
        piece: piece.to_string(),
        zone: zone.to_string(),
        program: index,
        shape: program.text.to_string(),
        verdict: Verdict::Unknown,
        summary: String::new(),
        from: None,
        moves_board: None,
        moves: None,
        blocked_board: None,
        confirmed: false,
    };
    let size = compiled.size;
    let mut starts: Vec<Square> = vec![center(size)];
    starts.extend(size.squares().filter(|&s| s != center(size)));
    for from in starts {
        // The widest window (from the limit down) whose paths stay under the path limit.
        let mut found = None;
        for radius in (1..=limits.radius_on(size)).rev() {
            let window = Window { center: from, radius };
            if let Ok(p) = program_paths(compiled, index, from, Orientation::Up, window, limits.max_paths) {
                found = Some((p, window));
                break;
            }
        }
        let Some((paths, window)) = found else {
            report.summary = format!(
                "more than {} symbolic paths from {} even in a window of radius 1: not decided",
                limits.max_paths,
                from.name()
            );
            return report;
        };
        if paths.is_empty() {
            continue;
        }
        report.from = Some(from.name());
        drive(compiled, index, window, &paths, limits, &mut report);
        return report;
    }
    // No square has a path (in the widest window that fits): Z3 is not needed to see that the
    // formula is `false`, but the verdict is the same as an unsatisfiable query. Only a window
    // covering the board from every square makes that a proof.
    if limits.radius_on(size) + 1 >= size.files.max(size.ranks) {
        report.verdict = Verdict::Proved;
        report.summary = format!(
            "dead notation: `{}` produces no move from any square of a {} board on any occupancy",
            program.text, size
        );
    } else {
        report.summary = format!(
            "no path within {} squares of any square: the window is too small to decide",
            limits.radius_on(size)
        );
    }
    report
}

/// The generator's moves of shape `index` alone.
fn single(compiled: &CompiledBetza, index: usize) -> CompiledBetza {
    CompiledBetza { programs: vec![compiled.programs[index].clone()], size: compiled.size, readings: compiled.readings }
}

fn drive(
    compiled: &CompiledBetza,
    index: usize,
    window: Window,
    paths: &[SymPath],
    limits: &Limits,
    report: &mut PathReport,
) {
    let from = window.center;
    let size = compiled.size;
    let shape = single(compiled, index);
    let mut board = SymBoard::new("");
    let refs: Vec<&SymPath> = paths.iter().collect();
    let some_path = board.any(&refs);
    // 1. An occupancy under which the shape moves.
    let occ = match solve(std::slice::from_ref(&some_path), limits) {
        Answer::Sat(model) => board.decode(&model, size),
        Answer::Unsat => {
            report.verdict = Verdict::Proved;
            report.summary = "dead notation: no occupancy lets this shape move".into();
            return;
        }
        Answer::Unknown(why) => {
            report.summary = format!("Z3: {why}");
            return;
        }
    };
    let cell = |s: Square| occ.get(s);
    let Some(taken) = paths.iter().find(|p| super::symbolic::holds(&p.cube, &cell)) else {
        report.summary = "the model satisfies no path (decoding error)".into();
        return;
    };
    let moved = generate(&shape, &occ, from, Orientation::Up);
    let agrees_moves = moved.iter().any(|m| m.identity() == taken.identity());
    report.moves = Some(describe(taken));
    report.moves_board = Some(picture(&occ, from));
    // 2. An occupancy under which it does not move: first one that changes only squares the
    // move's own path needs, else any.
    let on_path: Vec<Square> = taken.cube.iter().map(|(s, _)| *s).collect();
    let keep: Vec<Bool> = board
        .squares()
        .collect::<Vec<_>>()
        .into_iter()
        .filter(|s| !on_path.contains(s))
        .map(|s| board.is(s, occ.get(s)))
        .collect();
    let blocked = match solve(&[some_path.not(), Bool::and(&keep)], limits) {
        Answer::Sat(model) => Some(board.decode(&model, size)),
        Answer::Unsat => match solve(&[some_path.not()], limits) {
            Answer::Sat(model) => Some(board.decode(&model, size)),
            Answer::Unsat => None,
            Answer::Unknown(why) => {
                report.summary = format!("Z3 (blocking board): {why}");
                return;
            }
        },
        Answer::Unknown(why) => {
            report.summary = format!("Z3 (blocking board): {why}");
            return;
        }
    };
    match blocked {
        Some(b) => {
            // Within the window: squares outside it are empty on the decoded board, and a rider
            // (or `U`) may go on there; the symbolic paths left those out.
            let agrees_blocked = generate(&shape, &b, from, Orientation::Up)
                .iter()
                .all(|m| !m.path.iter().all(|s| window.contains(s.square)));
            report.blocked_board = Some(picture(&b, from));
            report.confirmed = agrees_moves && agrees_blocked;
            report.verdict = Verdict::Witness;
            report.summary = if report.confirmed {
                format!(
                    "moves ({}) on one board, none within {} squares on the other; the generator agrees",
                    describe(taken),
                    window.radius
                )
            } else {
                format!(
                    "DISAGREEMENT with the generator: moving board {}, blocked board {}",
                    if agrees_moves { "agrees" } else { "differs" },
                    if agrees_blocked { "agrees" } else { "differs" }
                )
            };
        }
        None => {
            report.confirmed = agrees_moves;
            report.verdict = Verdict::Witness;
            report.summary =
                format!("moves on every board within the window (e.g. {}): no occupancy blocks it", describe(taken));
        }
    }
}

/// "to e5 capturing d4" style.
pub(crate) fn describe(p: &SymPath) -> String {
    let steps: Vec<String> = p
        .steps
        .iter()
        .map(|s| {
            let k = match s.kind {
                crate::xbetza::generate::StepKind::Move => "",
                crate::xbetza::generate::StepKind::Capture => "x",
                crate::xbetza::generate::StepKind::Hop => "^",
            };
            format!("{k}{}", s.square.name())
        })
        .collect();
    format!("{}-{}", p.from.name(), steps.join("-"))
}

/// The occupancy drawn: X the moving piece, F a friend, E an enemy.
pub(crate) fn picture(occ: &Occupancy, from: Square) -> String {
    draw(occ.size, |s| {
        if s == from {
            'X'
        } else {
            match occ.get(s) {
                Cell::Empty => '.',
                Cell::Friend => 'F',
                Cell::Enemy => 'E',
            }
        }
    })
}
