//! Lines of play under both alternatives: the steps of a designed line, the move each asks
//! for, and the line played under both engines at once, each with its own history, until the
//! results first differ.

use crate::core::PieceId;
use crate::engine::moves::MoveKind;
use crate::engine::{Move, Position};
use crate::geometry::Square;
use crate::witness::compare::{differing, records, result_score, result_text, transfer, witness};
use crate::witness::lines::play_both;
use crate::witness::{Pair, Witness};

/// One ply of a designed line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A board move of the piece on the first square to the second (not a pass; the same
    /// square for a capture in place), unpromoted where the rules allow it.
    Go(Square, Square),
    /// A skipped turn of the side to move.
    Skip,
    /// A drop of this piece type (the first engine's index) on the square.
    Drop(PieceId, Square),
    /// The extra turn a drop earned, declined (extra-turn.optional).
    Decline,
}

/// What playing a line gave.
pub(super) enum Played {
    /// The results differ: the witness.
    Found(Witness),
    /// Every step was played, or both games ended alike once the line was set up, and the
    /// results never differed: the design does not separate the alternatives.
    Same,
    /// A step was not legal under one alternative, or both games ended alike before the line
    /// was set up: the design's squares or pieces did not fit.
    Broken,
}

/// The result itself (who wins, or a draw, or none yet), without the reason: two alternatives
/// that end a game alike for different stated reasons do not differ.
/// The move of `moves` a step asks for.
fn pick(moves: &[Move], step: Step) -> Option<&Move> {
    let mut fits: Vec<&Move> = moves
        .iter()
        .filter(|m| match step {
            Step::Go(from, to) => {
                m.from == Some(from)
                    && m.to == Some(to)
                    && !matches!(m.kind, MoveKind::Pass | MoveKind::Drop | MoveKind::PromoteInPlace)
            }
            Step::Skip => m.is_skip,
            Step::Drop(piece, to) => m.kind == MoveKind::Drop && m.man.piece == piece && m.to == Some(to),
            Step::Decline => m.kind == MoveKind::Decline,
        })
        .collect();
    fits.sort_by_key(|m| m.promotion.is_some());
    fits.first().copied()
}

/// Plays `steps` from `start` under both alternatives at once (the same move by identity,
/// each engine with its own history), comparing the results before and after every ply, and
/// stops where they first differ: the witness is the start position and the line up to there
/// (or the position alone, when the results differ on it). A game that ends alike under both
/// within the first `settled` plies means the line was not set up (`Broken`).
pub(super) fn play(pair: &Pair, start: &Position, steps: &[Step], settled: usize) -> Played {
    let (a, b) = (pair.a, pair.b);
    let Some(start_b) = transfer(a, b, start) else { return Played::Broken };
    let (mut pa, mut pb) = (start.clone(), start_b);
    let (mut ha, mut hb) = (a.start_history(&pa), b.start_history(&pb));
    let mut line: Vec<String> = Vec::new();
    let found = |line: Vec<String>, ta: String, tb: String| {
        if line.is_empty() {
            return witness(pair, start).map(Played::Found).unwrap_or(Played::Broken);
        }
        Played::Found(Witness {
            position: a.position_string(start),
            differing: Vec::new(),
            differing_count: 0,
            outcomes: vec![format!("{}: {ta}", pair.a_name), format!("{}: {tb}", pair.b_name)],
            line,
        })
    };
    for ply in 0..=steps.len() {
        let (ma, mb) = (a.game_moves(&pa, &ha), b.game_moves(&pb, &hb));
        let (sa, sb) = (a.status_before(&pa, &ma), b.status_before(&pb, &mb));
        if result_score(&sa) != result_score(&sb) {
            return found(line, result_text(&sa), result_text(&sb));
        }
        if ply == steps.len() {
            return Played::Same;
        }
        if sa.is_some() {
            return if ply < settled { Played::Broken } else { Played::Same };
        }
        // The history makes a move legal under one alternative only (end.perpetual-check =
        // move-illegal takes out the move that would complete a perpetual check): the line
        // up to here is the witness.
        let diff = differing(pair, &ma, &mb);
        if !diff.is_empty() && !line.is_empty() {
            let (differing, differing_count) = records(pair, &diff);
            return Played::Found(Witness {
                position: a.position_string(start),
                differing,
                differing_count,
                outcomes: Vec::new(),
                line,
            });
        }
        let Some(mv) = pick(&ma, steps[ply]) else { return Played::Broken };
        let Some(mvb) = play_both(pair, (&mut pa, &mut pb), mv, &mb) else { return Played::Broken };
        line.push(a.move_text(mv));
        let mvb = &mvb;
        let (oa, ob) = (a.status_after(&pa, mv, &mut ha), b.status_after(&pb, mvb, &mut hb));
        if result_score(&oa) != result_score(&ob) {
            return found(line, result_text(&oa), result_text(&ob));
        }
        if oa.is_some() {
            return if ply + 1 < settled { Played::Broken } else { Played::Same };
        }
    }
    Played::Same
}
