//! The games of an evaluation: each played from the spec's start through the one game driver
//! (`engine::play::Game`, so that games end by the same rules as everywhere else), the first
//! `opening_plies` plies chosen at random from the game's seed (two searching players would
//! otherwise play the same game every time), every later ply chosen by a `Searcher` within the
//! node budget. Game `i` has its own seed (`game_seed`), so that any game can be replayed alone,
//! and a shard of the games (`--shard K/N`) plays exactly the games the whole run would.

use super::search::{Evaluator, Searcher};
use crate::check::{BeforeFacts, Invariant, Tally, Transition};
use crate::core::Color;
use crate::engine::play::Game;
use crate::engine::status::{History, Outcome};
use crate::engine::{Engine, Identity, Move, Position};
use crate::random::SplitMix64;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How the games are played: everything that decides them besides the spec and its readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Settings {
    pub(crate) games: usize,
    /// Positions searched per move.
    pub(crate) nodes: u64,
    /// The ply cap: a game still going after it is unfinished.
    pub(crate) plies: usize,
    /// Plies at the start of every game chosen uniformly at random.
    pub(crate) opening_plies: usize,
    pub(crate) seed: u64,
}

/// The material balance is recorded after every so many plies.
pub(crate) const BALANCE_EVERY: usize = 10;

/// One game as played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct GameResult {
    pub(crate) index: usize,
    pub(crate) seed: u64,
    pub(crate) plies: usize,
    /// "1-0", "0-1", "1/2-1/2", or "*" for a game the ply cap cut off.
    pub(crate) result: String,
    /// The winner of a decided game (in the record: 0 the first player, 1 the second).
    pub(crate) winner: Option<Color>,
    /// How it ended, as the engine says (`Outcome::describe`), or that the ply cap cut it off.
    pub(crate) ending: String,
    /// The rule that ended it: the setting the engine names ("end.royals =
    /// last-royal-captured"), or "ply cap".
    pub(crate) rule: String,
    /// The first player's material less the second's, in pawns, at ply 0, BALANCE_EVERY,
    /// 2 x BALANCE_EVERY, ... as long as the game lasted.
    pub(crate) balance: Vec<f64>,
    /// The same at the game's last position.
    pub(crate) final_balance: f64,
    /// Nodes the players searched in all.
    pub(crate) nodes: u64,
    /// The game's moves in the engine's notation, to replay it.
    pub(crate) moves: Vec<String>,
    /// Per invariant id: how often its premise held on a move played (the clauses it cites
    /// came into play).
    pub(crate) exercised: BTreeMap<String, u64>,
    /// Per invariant id: how often a move played broke it (an engine or spec bug).
    pub(crate) violated: BTreeMap<String, u64>,
    /// Per reading alternative ("READING=OPTION"): the plies of the game at which that option
    /// would have allowed other moves, or judged the position or the move played otherwise.
    pub(crate) situations: BTreeMap<String, u64>,
}

impl GameResult {
    /// Points of the first player: 1 for a win, 1/2 for a draw or an unfinished game.
    pub(crate) fn first_points(&self) -> f64 {
        match self.winner {
            Some(Color::Black) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    pub(crate) fn is_unfinished(&self) -> bool {
        self.result == "*"
    }
}

/// The setting a result's reason names in its last parentheses ("... (end.stalemate = loss)"
/// gives "end.stalemate = loss"); the whole reason when it names none.
pub(crate) fn rule_of(why: &str) -> String {
    if let (Some(open), true) = (why.rfind('('), why.ends_with(')')) {
        let inner = &why[open + 1..why.len() - 1];
        if inner.contains(" = ") {
            return inner.to_string();
        }
    }
    why.to_string()
}

/// Another reading of the spec, watched in every position of the games: where its engine
/// gives other legal moves or another result, the reading matters in the game as played.
pub(crate) struct Alternative {
    /// "READING=OPTION".
    pub(crate) label: String,
    pub(crate) engine: Engine,
}

/// What a game is watched for besides its result: the invariants of the spec (properties file,
/// derived and generic), judged on every move played, and the other readings.
#[derive(Default)]
pub(crate) struct Watch<'a> {
    pub(crate) invariants: &'a [Invariant],
    pub(crate) alternatives: &'a [Alternative],
}

/// Can `alternative` judge the positions of `engine`'s games: the same board and the same
/// pieces in the same order? (A board-size reading, as Ryu's and Shoogantshii's, gives
/// positions the other engine cannot hold; they are not compared.)
fn shares_positions(alternative: &Engine, engine: &Engine) -> bool {
    alternative.game.board == engine.game.board
        && alternative.pieces.len() == engine.pieces.len()
        && alternative.pieces.iter().zip(&engine.pieces).all(|(a, b)| a.id == b.id)
}

/// Another reading followed through a game: its engine, and the game's history as that engine
/// keeps it (its repetition key may differ).
struct Follower<'a> {
    alternative: &'a Alternative,
    history: History,
}

impl Follower<'_> {
    /// Does the other reading see `pos` otherwise than the game's engine, which gave it the
    /// moves `identities` and the result `ours` (None while the game goes on)? Compared by
    /// move identity (the same moves by other routes are the same moves) and by the result
    /// the position shows.
    fn differs_before(&self, pos: &Position, identities: &BTreeSet<Identity>, ours: Option<&Outcome>) -> bool {
        let engine = &self.alternative.engine;
        let theirs = engine.game_moves(pos, &self.history);
        engine.status_before(pos, &theirs).as_ref().map(Outcome::score) != ours.map(Outcome::score)
            || theirs.len() != identities.len()
            || theirs.iter().any(|m| !identities.contains(&m.identity()))
    }

    /// Judges the move just played (`after` the position it led to) by the other reading's
    /// rules, with its own history: does it end the game otherwise (repetition, perpetual
    /// check, a bare king, a royal taken) than `ours`, the game's own judgement?
    fn differs_after(&mut self, after: &Position, mv: &Move, ours: Option<&Outcome>) -> bool {
        let theirs = self.alternative.engine.status_after(after, mv, &mut self.history);
        theirs.as_ref().map(Outcome::score) != ours.map(Outcome::score)
    }
}

/// The seed of game `index` of a run seeded `seed`: mixed, not `seed + index`, so that runs of
/// neighbouring seeds (`--seed 1`, then `--seed 2` for more games) share no game.
pub(crate) fn game_seed(seed: u64, index: usize) -> u64 {
    let base = SplitMix64::new(seed).next_u64();
    SplitMix64::new(base.wrapping_add(index as u64)).next_u64()
}

/// What is wrong with a game read back from a record, if anything: a seed that is not its
/// run's, a result that does not match its winner, a length that does not match its moves.
pub(crate) fn inconsistent(g: &GameResult, settings: &Settings) -> Option<String> {
    let winner = match g.result.as_str() {
        "1-0" => Some(Color::Black),
        "0-1" => Some(Color::White),
        "1/2-1/2" | "*" => None,
        other => return Some(format!("game {}: result '{other}'", g.index)),
    };
    if g.index >= settings.games {
        Some(format!("game {} of a run of {}", g.index, settings.games))
    } else if g.seed != game_seed(settings.seed, g.index) {
        Some(format!("game {}: seed {} is not the run's", g.index, g.seed))
    } else if g.winner != winner {
        Some(format!("game {}: result {} with winner {:?}", g.index, g.result, g.winner))
    } else if g.plies != g.moves.len() || g.plies > settings.plies {
        Some(format!("game {}: {} plies, {} moves, ply cap {}", g.index, g.plies, g.moves.len(), settings.plies))
    } else {
        None
    }
}

/// Plays game `index` of a run.
pub(crate) fn play(
    engine: &Engine,
    eval: &Evaluator,
    settings: &Settings,
    watch: &Watch<'_>,
    index: usize,
) -> GameResult {
    let seed = game_seed(settings.seed, index);
    let mut rng = SplitMix64::new(seed);
    let mut players = [Searcher::new(engine, eval), Searcher::new(engine, eval)];
    let mut game = Game::new(engine, engine.start(), settings.plies);
    let mut balance = vec![eval.material_balance(game.position())];
    let mut moves = Vec::new();
    let mut nodes = 0;
    let mut final_balance = balance[0];
    let mut tally = Tally::default();
    let mut situations = BTreeMap::new();
    // The positions between turns so far, for the repetition invariants.
    let mut line: Vec<Position> = vec![game.position().clone()];
    let mut followers: Vec<Follower<'_>> = watch
        .alternatives
        .iter()
        .filter(|a| shares_positions(&a.engine, engine))
        .map(|alternative| Follower { alternative, history: alternative.engine.start_history(game.position()) })
        .collect();
    while !game.is_over() {
        let identities: BTreeSet<Identity> = game.moves().iter().map(|m| m.identity()).collect();
        // Per follower: did its reading matter at this ply (before the move or by it)?
        let mut mattered: Vec<bool> =
            followers.iter().map(|f| f.differs_before(game.position(), &identities, None)).collect();
        // What the invariants judge the move played against (kept only where there are some).
        let judged = (!watch.invariants.is_empty()).then(|| (game.position().clone(), game.moves().to_vec()));
        let pick = if game.plies() < settings.opening_plies {
            rng.below(game.moves().len())
        } else {
            let side = game.position().side;
            let choice = players[side].choose(game.position(), game.history(), game.moves(), settings.nodes, &mut rng);
            nodes += choice.nodes;
            choice.index
        };
        let mv = game.play(pick);
        for (follower, mattered) in followers.iter_mut().zip(&mut mattered) {
            *mattered |= follower.differs_after(game.position(), &mv, game.last_move_outcome());
            if *mattered {
                *situations.entry(follower.alternative.label.clone()).or_insert(0) += 1;
            }
        }
        if let Some((before, legal)) = &judged {
            let facts = BeforeFacts::default();
            let outcome = game.last_move_outcome().cloned();
            let t = Transition {
                engine,
                before,
                mv: &mv,
                after: game.position(),
                moves: legal,
                outcome: outcome.as_ref(),
                line: Some(&line),
                before_facts: Some(&facts),
            };
            let origin = format!("evaluation game seed {seed}, ply {}", game.plies());
            tally.check(watch.invariants, &t, &origin);
        }
        if !game.position().extra_turn {
            line.push(game.position().clone());
        }
        moves.push(engine.move_text(&mv));
        if game.plies().is_multiple_of(BALANCE_EVERY) {
            balance.push(eval.material_balance(game.position()));
        }
        if game.is_over() {
            final_balance = eval.material_balance(game.position());
        }
    }
    // A game the position ended (checkmate, no move, a declaration) ends before the loop
    // compares its last position: the other readings judge it here.
    if game.outcome().is_some() && game.last_move_outcome().is_none() {
        let identities: BTreeSet<Identity> = game.moves().iter().map(|m| m.identity()).collect();
        for follower in &followers {
            if follower.differs_before(game.position(), &identities, game.outcome()) {
                *situations.entry(follower.alternative.label.clone()).or_insert(0) += 1;
            }
        }
    }
    let (result, winner, ending, rule) = match game.outcome() {
        Some(outcome) => {
            let why = match outcome {
                Outcome::Win(_, why) | Outcome::Draw(why) => why,
            };
            let winner = match outcome {
                Outcome::Win(p, _) => Some(*p),
                Outcome::Draw(_) => None,
            };
            (outcome.score().to_string(), winner, outcome.describe(), rule_of(why))
        }
        None => ("*".to_string(), None, format!("unfinished after {} plies", game.plies()), "ply cap".to_string()),
    };
    GameResult {
        index,
        seed,
        plies: game.plies(),
        result,
        winner,
        ending,
        rule,
        balance,
        final_balance,
        nodes,
        moves,
        exercised: tally.exercised,
        violated: tally.violated,
        situations,
    }
}
