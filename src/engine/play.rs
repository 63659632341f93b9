//! Games played move by move: `Game`, the one driver that every seeded game is played through
//! (`Engine::random_game` here, the checker's games, the reading witnesses' lines of play under
//! two readings at once (`witness::lines`), `kensho diff`'s sample positions), so that every
//! game ends by the same rules. Seeded random games: every legal move equally likely, so that a
//! seed replays a game exactly (random::SplitMix64 fixes the sequence).

use super::make::Undo;
use super::moves::Move;
use super::position::Position;
use super::status::{History, Outcome};
use super::Engine;
use crate::random::SplitMix64;

/// A game in progress, from a given position under one engine's rules, for at most a given
/// number of plies. Before each ply the legal moves are those the game's history allows
/// (`Engine::game_moves`: under end.perpetual-check = move-illegal the move that would complete
/// a perpetual check is not one) and the position is judged with them (`status_before`: a
/// player without royals, a winning impasse declaration, no move or no safe move, checkmate
/// where end.checkmate = terminal); after each move, the move is judged with the history
/// (`status_after`: a royal taken, a checking extra-turn drop that wins, a bare king, impasse,
/// repetition, perpetual check). The game is over once either gives a result (`status_before`
/// always does where no move is left). The caller picks the moves (uniformly, by the shuffler,
/// in step with another game); how a game ends is the driver's, so that a game ends by the same
/// rules whoever plays it (issue 24: `kensho diff`'s own loop read only the ends a move decides
/// by itself, and played on past a checkmate or a repetition).
///
/// The ply limit cuts a game off: the position the last allowed ply reaches is neither judged
/// nor given moves, since nobody plays from it; the game is unfinished
/// (`GameRecord::result_line`) even where that position would have ended it.
pub struct Game<'e> {
    engine: &'e Engine,
    position: Position,
    history: History,
    /// The legal moves of `position`; empty where they are not generated (a move ended the
    /// game, or the ply limit was reached).
    moves: Vec<Move>,
    plies: usize,
    max_plies: usize,
    outcome: Option<Outcome>,
    /// Whether `outcome` is the last move's (`status_after`) rather than the position's.
    outcome_by_last_move: bool,
    /// `make`'s record, kept only so that its room is allocated once per game.
    undo: Vec<Undo>,
}

impl<'e> Game<'e> {
    /// A game from `start` (with no history before it) that stops after `max_plies` plies at
    /// the latest. With `max_plies` = 0 nothing is generated or judged.
    pub fn new(engine: &'e Engine, start: Position, max_plies: usize) -> Game<'e> {
        let history = engine.start_history(&start);
        let mut game = Game {
            engine,
            position: start,
            history,
            moves: Vec::new(),
            plies: 0,
            max_plies,
            outcome: None,
            outcome_by_last_move: false,
            undo: Vec::new(),
        };
        game.judge_before_move();
        game
    }

    /// The position the game stands in.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The legal moves of the position as the game's history allows (`Engine::game_moves`);
    /// empty once the game is over by a move or by the ply limit (they are not generated).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The game's history as `status_after` recorded it: what repetition and perpetual check
    /// read.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plies played so far.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The result, once the rules gave one (None while the game goes on, and for a game cut
    /// off by the ply limit).
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The result the last move decided (`status_after`), as opposed to one the position
    /// shows before a move (`status_before`): None when the game went on after the last move
    /// or ended before one. Two games compared ply by ply (the reading witnesses' lines of play)
    /// differ when one ends by a move and the other does not, whatever the other's next
    /// position would show.
    pub fn last_move_outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref().filter(|_| self.outcome_by_last_move)
    }

    /// Whether no move is left to play: the game has a result, the side to move has no legal
    /// move, or the ply limit is reached.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.moves.is_empty()
    }

    /// Plays `self.moves()[index]` and judges it with the history (`status_after`); if the game
    /// goes on, generates the next position's moves and judges it (`status_before`). Returns
    /// the move played. Panics when the game is over.
    pub fn play(&mut self, index: usize) -> Move {
        assert!(!self.is_over(), "a move played in a game that is over");
        // The list is replaced below: the move is taken out of it, not copied.
        let mv = self.moves.swap_remove(index);
        self.moves.clear();
        self.engine.make(&mut self.position, &mv, &mut self.undo);
        self.undo.clear();
        self.plies += 1;
        self.outcome = self.engine.status_after(&self.position, &mv, &mut self.history);
        self.outcome_by_last_move = self.outcome.is_some();
        if self.outcome.is_none() {
            self.judge_before_move();
        }
        mv
    }

    /// Below the ply limit: the moves of the position and the result they give.
    fn judge_before_move(&mut self) {
        if self.plies < self.max_plies {
            self.moves = self.engine.game_moves(&self.position, &self.history);
            self.outcome = self.engine.status_before(&self.position, &self.moves);
        }
    }
}

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
    pub(crate) fn result_line(&self) -> String {
        match &self.outcome {
            Some(o) => format!("{} ({})", o.score(), o.describe()),
            None => format!("* (unfinished after {} plies)", self.moves.len()),
        }
    }
}

impl Engine {
    /// Plays one game from `start` choosing uniformly among legal moves, until it ends or
    /// `max_plies` were played (`Game`). `visit` sees every (position before, move, position
    /// after).
    pub fn random_game(
        &self,
        start: &Position,
        seed: u64,
        max_plies: usize,
        mut visit: impl FnMut(&Position, &Move, &Position),
    ) -> GameRecord {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(self, start.clone(), max_plies);
        let mut moves = Vec::new();
        while !game.is_over() {
            let before = game.position().clone();
            let mv = game.play(rng.below(game.moves().len()));
            visit(&before, &mv, game.position());
            moves.push(self.move_text(&mv));
        }
        GameRecord {
            seed,
            start: self.position_string(start),
            moves,
            outcome: game.outcome().cloned(),
            final_position: self.position_string(game.position()),
        }
    }
}
