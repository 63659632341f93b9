//! The shuffling move picker: seeded random play that also makes positions repeat.

use crate::core::Color;
use crate::engine::Move;
use crate::geometry::Square;
use crate::random::SplitMix64;

/// The quiet board moves (no capture, no promotion, not a drop or skip).
pub(crate) fn quiet(mv: &Move) -> bool {
    mv.captures.is_empty() && mv.promotion.is_none() && mv.from.is_some() && mv.from != mv.to && !mv.earns_extra_turn
}

/// Picks the moves of a shuffling line: random for the opening, then each side moves a piece
/// out by a quiet move and back by its reverse, so that positions repeat (the repetition rules
/// need that; random play almost never gives it). The reading witnesses' lines of play (`witness::lines`) use it too.
pub(crate) struct Shuffler {
    rng: SplitMix64,
    opening: usize,
    /// Per side: the quiet move it went out by, to come back by its reverse.
    out: [Option<(Square, Square)>; 2],
}

impl Shuffler {
    /// `shuffle` false: every move random.
    pub(crate) fn new(seed: u64, shuffle: bool, plies: usize) -> Shuffler {
        let mut rng = SplitMix64::new(seed);
        let opening = if shuffle { rng.below(24) } else { plies };
        Shuffler { rng, opening, out: [None, None] }
    }

    /// The index of the move to play at `ply` among `moves` (not empty) with `side` to move.
    pub(crate) fn pick(&mut self, ply: usize, side: Color, moves: &[Move]) -> usize {
        let pick = self.rng.below(moves.len());
        if ply < self.opening {
            return pick;
        }
        let back = self.out[side]
            .take()
            .and_then(|(from, to)| moves.iter().position(|m| quiet(m) && m.from == Some(to) && m.to == Some(from)));
        let quiet_moves: Vec<usize> = (0..moves.len()).filter(|&i| quiet(&moves[i])).collect();
        match back {
            Some(i) => i,
            None if !quiet_moves.is_empty() => {
                let i = quiet_moves[self.rng.below(quiet_moves.len())];
                self.out[side] = moves[i].from.zip(moves[i].to);
                i
            }
            None => pick,
        }
    }
}
