//! Seeded random games: every legal move equally likely, so that a seed replays a game exactly
//! (random::SplitMix64 fixes the sequence).

use super::moves::Move;
use super::position::Position;
use super::status::Outcome;
use super::Engine;
use crate::random::SplitMix64;

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    pub start: String,
    pub moves: Vec<String>,
    pub outcome: Option<Outcome>,
    pub final_position: String,
}

impl GameRecord {
    /// The result as a line: "1-0 (first player ... wins: why)" or "unfinished after N plies".
    pub fn result_line(&self) -> String {
        match &self.outcome {
            Some(o) => format!("{} ({})", o.score(), o.describe()),
            None => format!("* (unfinished after {} plies)", self.moves.len()),
        }
    }
}

impl Engine {
    /// Plays one game from `start` choosing uniformly among legal moves, until it ends or
    /// `max_plies` were played. `visit` sees every (position before, move, position after).
    pub fn random_game(
        &self,
        start: &Position,
        seed: u64,
        max_plies: usize,
        mut visit: impl FnMut(&Position, &Move, &Position),
    ) -> GameRecord {
        let mut rng = SplitMix64::new(seed);
        let mut pos = start.clone();
        let mut history = self.start_history(&pos);
        let mut moves = Vec::new();
        let mut undo = Vec::new();
        let mut outcome = None;
        while moves.len() < max_plies {
            let legal = self.game_moves(&pos, &history);
            if let Some(o) = self.status_before(&pos, &legal) {
                outcome = Some(o);
                break;
            }
            if legal.is_empty() {
                break;
            }
            let mv = &legal[rng.below(legal.len())];
            let before = pos.clone();
            self.make(&mut pos, mv, &mut undo);
            undo.clear();
            visit(&before, mv, &pos);
            moves.push(self.move_text(mv));
            if let Some(o) = self.status_after(&pos, mv, &mut history) {
                outcome = Some(o);
                break;
            }
        }
        GameRecord {
            seed,
            start: self.position_string(start),
            moves,
            outcome,
            final_position: self.position_string(&pos),
        }
    }
}
