//! The search for a position where two alternatives differ: designed positions aimed at the
//! changed pieces (from both alternatives in turn) and seeded games from the start, comparing
//! the engine's moves and results under both; the first hit is shrunk (labelled "search",
//! never "proved").

use super::compare::{compare, transfer, witness};
use super::confirm::shrink;
use super::{Pair, Witness};
use crate::core::PieceId;
use crate::engine::Position;
use crate::random::SplitMix64;
use crate::sampling::designed::{self, Aim};

/// Seeded games under the first alternative and designed positions, until the alternatives
/// disagree on a position; at most `positions` positions (the SMT layer's
/// `Limits::search_positions`).
pub(crate) fn search(pair: &Pair, aim: &[PieceId], positions: usize, seed: u64) -> Option<Witness> {
    let engine = pair.a;
    let mut tried = 0usize;
    let found = |pos: &Position| compare(pair, pos).is_some_and(|(d, o)| !d.is_empty() || !o.is_empty());
    let finish = |pos: &Position| {
        let small = shrink(pair, pos, &|p| found(p));
        witness(pair, &small)
    };
    let mut rng = SplitMix64::new(seed);
    let half = positions / 2;
    // Designed positions around the changed pieces (or spread out).
    // From both alternatives in turn: an option may bring what the default lacks (drops, a
    // piece, a royal).
    let aim_a = Aim { pieces: aim.to_vec(), skips: true };
    let aim_b =
        Aim { pieces: aim.iter().filter_map(|&p| pair.b.piece_index(&engine.piece(p).id)).collect(), skips: true };
    let mut attempts = 0;
    while tried < half && attempts < half * 4 {
        attempts += 1;
        let pos = if attempts % 2 == 0 {
            designed::position(engine, &|_, _, _| true, &mut rng, &aim_a)
        } else {
            designed::position(pair.b, &|_, _, _| true, &mut rng, &aim_b).and_then(|p| transfer(pair.b, engine, &p))
        };
        let Some(pos) = pos else { continue };
        tried += 1;
        if found(&pos) {
            return finish(&pos);
        }
    }
    // Seeded games from the start.
    let mut game = 0u64;
    while tried < positions && !engine.game.setup.is_empty() {
        let mut hit: Option<Position> = None;
        let mut budget = positions - tried;
        engine.random_game(
            &engine.start(),
            seed ^ (game.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            120.min(budget),
            |before, _, _| {
                if hit.is_none() && budget > 0 {
                    budget -= 1;
                    if found(before) {
                        hit = Some(before.clone());
                    }
                }
            },
        );
        tried = positions - budget;
        game += 1;
        if let Some(pos) = hit {
            return finish(&pos);
        }
        if game > 64 {
            break;
        }
    }
    None
}
