//! Lines of play under two readings at once: the same moves, each engine with its own history,
//! until the moves or the results first differ (what a single position does not show).

use super::compare::{differing, ident, records, result_score, result_text, transfer};
use super::{Pair, Witness};
use crate::engine::play::Game;
use crate::engine::Position;
use crate::sampling::shuffler::Shuffler;

/// Lines of play from the start under both alternatives at once (the same moves, each engine
/// with its own history: two `Game`s stepped together), shuffling so that positions repeat,
/// until the results differ: what the repetition, perpetual-check and similar rules need, which
/// no single position shows.
pub(crate) fn lines(pair: &Pair, seed: u64, games: u64, plies: usize) -> Option<Witness> {
    let (a, b) = (pair.a, pair.b);
    if a.game.setup.is_empty() {
        return None;
    }
    let start = a.start();
    let start_b = transfer(a, b, &start)?;
    for g in 0..games {
        let mut shuffler = Shuffler::new(seed.wrapping_add(g), g % 4 != 3, plies);
        let (mut ga, mut gb) = (Game::new(a, start.clone(), plies), Game::new(b, start_b.clone(), plies));
        let mut line = Vec::new();
        loop {
            // Before a move: the results the two positions show.
            let (sa, sb) = (ga.outcome().cloned(), gb.outcome().cloned());
            if result_score(&sa) != result_score(&sb) {
                return Some(line_witness(pair, &start, line, result_text(&sa), result_text(&sb)));
            }
            if sa.is_some() || sb.is_some() || ga.is_over() {
                break;
            }
            // The same line reached positions where the alternatives allow different moves
            // (a capture kept promoted in hand, a burn that counted): the line is the witness.
            let diff = differing(pair, ga.moves(), gb.moves());
            if !diff.is_empty() {
                let (differing, differing_count) = records(pair, &diff);
                return Some(Witness {
                    position: a.position_string(&start),
                    differing,
                    differing_count,
                    outcomes: Vec::new(),
                    line,
                });
            }
            let pick = shuffler.pick(ga.plies(), ga.position().side, ga.moves());
            let Some(pick_b) = matching_move(pair, &ga.moves()[pick], gb.moves()) else { break };
            line.push(a.move_text(&ga.moves()[pick]));
            ga.play(pick);
            gb.play(pick_b);
            // After it: the results the move decided. One game ended by the move and the other
            // not is a difference, whatever the other's next position shows.
            let (oa, ob) = (ga.last_move_outcome().cloned(), gb.last_move_outcome().cloned());
            if result_score(&oa) != result_score(&ob) {
                return Some(line_witness(pair, &start, line, result_text(&oa), result_text(&ob)));
            }
            if oa.is_some() || ob.is_some() {
                break;
            }
        }
    }
    None
}

/// The index in `mb` (the second engine's legal moves) of the move with the identity of the
/// first engine's `mv`, if it has one.
fn matching_move(pair: &Pair, mv: &crate::engine::Move, mb: &[crate::engine::Move]) -> Option<usize> {
    let id = ident(pair.a, pair.a, mv);
    mb.iter().position(|m| ident(pair.a, pair.b, m) == id)
}

/// Makes the first engine's `mv` on `pa` and the second engine's move of the same identity
/// (from `mb`, its legal moves: `matching_move`) on `pb`; that move, or None when the second
/// engine has none.
pub(crate) fn play_both(
    pair: &Pair,
    (pa, pb): (&mut Position, &mut Position),
    mv: &crate::engine::Move,
    mb: &[crate::engine::Move],
) -> Option<crate::engine::Move> {
    let mvb = mb[matching_move(pair, mv, mb)?].clone();
    let mut undo = Vec::new();
    pair.a.make(pa, mv, &mut undo);
    undo.clear();
    pair.b.make(pb, &mvb, &mut undo);
    Some(mvb)
}

fn line_witness(pair: &Pair, start: &Position, line: Vec<String>, ta: String, tb: String) -> Witness {
    Witness {
        position: pair.a.position_string(start),
        differing: Vec::new(),
        differing_count: 0,
        outcomes: vec![format!("{}: {ta}", pair.a_name), format!("{}: {tb}", pair.b_name)],
        line,
    }
}
