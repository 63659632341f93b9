//! Shrinking a witness position: take away men and pieces in hand one at a time, keeping each
//! removal after which the position still shows what it witnesses, until no removal does. The
//! result (greedy, not the smallest there is) is a position small enough to read. The checker
//! shrinks violations this way, and the reading witnesses (`witness::confirm`) theirs.

use crate::core::{Color, PieceId};
use crate::engine::{Engine, Position};

/// What a shrink may take away besides non-royal men.
#[derive(Clone, Copy, Debug)]
pub struct Removable {
    /// Royal men too (the checker's witnesses need none; a reading witness keeps its game's
    /// royals, without which most rules do not apply).
    pub royals: bool,
    /// A player's pieces of one type in hand all at once, rather than one by one.
    pub whole_hand: bool,
}

/// `pos` made smaller while `keeps` holds, with what `keeps` said of the smallest position
/// (`found`, what it said of `pos`, if nothing could be taken away). Men are tried square by
/// square from a1, then hands, player by player and type by type, until a whole round takes
/// nothing away.
pub fn shrink<T>(
    engine: &Engine,
    pos: Position,
    found: T,
    may: Removable,
    mut keeps: impl FnMut(&Position) -> Option<T>,
) -> (Position, T) {
    let z = &engine.zobrist;
    let (mut best, mut said) = (pos, found);
    loop {
        let mut progress = false;
        let mut try_trial = |trial: Position, best: &mut Position, said: &mut T| {
            if let Some(t) = keeps(&trial) {
                *best = trial;
                *said = t;
                progress = true;
            }
        };
        let size = best.size;
        for sq in size.squares() {
            let Some(man) = best.at(sq) else { continue };
            if !may.royals && engine.piece(man.piece).royal {
                continue;
            }
            let mut trial = best.clone();
            trial.put(z, sq, None);
            try_trial(trial, &mut best, &mut said);
        }
        for player in Color::ALL {
            for piece in 0..best.hands[player].len() {
                let n = best.hands[player][piece];
                if n == 0 {
                    continue;
                }
                let mut trial = best.clone();
                trial.set_hand(z, player, PieceId::new(piece), if may.whole_hand { 0 } else { n - 1 });
                try_trial(trial, &mut best, &mut said);
            }
        }
        if !progress {
            return (best, said);
        }
    }
}
