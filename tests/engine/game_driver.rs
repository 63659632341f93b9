//! The game driver (`engine::play::Game`), which every seeded game is played through: a game it
//! plays is, position by position, the game played by hand by the rules of game ends (before a
//! ply the legal moves the history allows, `game_moves`, and `status_before` on them; after it
//! `status_after` with the history); it stops where the game is over and plays nothing there;
//! the position reached by its last allowed ply is left unjudged.
//!
//! Minishogi ends by checkmate (end.checkmate = terminal, judged before a move); Suzumu by the
//! capture of the last royal (judged after the move): between them both halves are compared.

use crate::common::bundled_spec;
use kensho::engine::play::Game;
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Move};
use kensho::random::SplitMix64;
use kensho::Color;

fn engine(game: &str) -> Engine {
    crate::common::engine_with(&bundled_spec(game), &[])
}

/// What a game went through: every position (as strings, the start first), the legal moves of
/// every position judged before a move (as texts, in the order generated, since a pick is an
/// index into them), the result, whether it was found before a move (`status_before`) rather
/// than by one, and the length of the history at the end.
#[derive(Debug, PartialEq)]
struct Played {
    positions: Vec<String>,
    moves: Vec<Vec<String>>,
    outcome: Option<Outcome>,
    ended_before_a_move: bool,
    history: usize,
}

fn texts(e: &Engine, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| e.move_text(m)).collect()
}

/// A seeded game (move `rng.below(number of legal moves)` each ply) of at most `max_plies`
/// plies, played by hand.
fn by_hand(e: &Engine, seed: u64, max_plies: usize) -> Played {
    let mut rng = SplitMix64::new(seed);
    let mut pos = e.start();
    let mut history = e.start_history(&pos);
    let mut undo = Vec::new();
    let mut played = Played {
        positions: vec![e.position_string(&pos)],
        moves: Vec::new(),
        outcome: None,
        ended_before_a_move: false,
        history: 0,
    };
    for _ in 0..max_plies {
        let legal = e.game_moves(&pos, &history);
        played.moves.push(texts(e, &legal));
        if let Some(o) = e.status_before(&pos, &legal) {
            played.outcome = Some(o);
            played.ended_before_a_move = true;
            break;
        }
        assert!(!legal.is_empty(), "status_before judges a position without moves");
        let mv = &legal[rng.below(legal.len())];
        e.make(&mut pos, mv, &mut undo);
        played.positions.push(e.position_string(&pos));
        if let Some(o) = e.status_after(&pos, mv, &mut history) {
            played.outcome = Some(o);
            break;
        }
    }
    played.history = history.len();
    played
}

/// The same seeded game through the driver.
fn by_driver(e: &Engine, seed: u64, max_plies: usize) -> Played {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(e, e.start(), max_plies);
    let mut positions = vec![e.position_string(game.position())];
    let mut moves = Vec::new();
    while !game.is_over() {
        moves.push(texts(e, game.moves()));
        let mv = game.play(rng.below(game.moves().len()));
        assert_eq!(game.plies(), positions.len(), "one ply per play");
        positions.push(e.position_string(game.position()));
        // The move given back is the one made: it is legal where it was played.
        assert!(moves.last().unwrap().contains(&e.move_text(&mv)));
    }
    let ended_before_a_move = game.outcome().is_some() && game.last_move_outcome().is_none();
    if ended_before_a_move {
        moves.push(texts(e, game.moves()));
    }
    Played { positions, moves, outcome: game.outcome().cloned(), ended_before_a_move, history: game.history().len() }
}

const SEEDS: u64 = 8;
const PLIES: usize = 200;

#[test]
fn the_driver_plays_the_game_the_rules_play() {
    for game in ["minishogi", "suzumu"] {
        let e = engine(game);
        let mut ends = (0, 0);
        for seed in 0..SEEDS {
            let hand = by_hand(&e, seed, PLIES);
            if hand.outcome.is_some() {
                if hand.ended_before_a_move {
                    ends.0 += 1;
                } else {
                    ends.1 += 1;
                }
            }
            assert_eq!(by_driver(&e, seed, PLIES), hand, "{game} seed {seed}");
        }
        // The comparison covered the end each game has: checkmate found before a move in
        // Minishogi, the last royal taken by a move in Suzumu.
        let covered = if game == "minishogi" { ends.0 } else { ends.1 };
        assert!(covered > 0, "{game}: no game of seeds 0..{SEEDS} ended as expected within {PLIES} plies: {ends:?}");
    }
}

/// The first seed whose Minishogi game ends before a move (checkmate), and the plies before it.
fn a_checkmate(e: &Engine) -> (u64, usize, Outcome) {
    (0..SEEDS)
        .find_map(|seed| {
            let hand = by_hand(e, seed, PLIES);
            let o = hand.outcome.filter(|_| hand.ended_before_a_move)?;
            Some((seed, hand.positions.len() - 1, o))
        })
        .expect("a Minishogi game of the first seeds ends by checkmate")
}

#[test]
fn the_position_the_last_allowed_ply_reaches_is_not_judged() {
    let e = engine("minishogi");
    let (seed, plies, mate) = a_checkmate(&e);
    assert!(plies > 0);
    // Cut off at the checkmated position: the game is over, unfinished, and the position's
    // moves were never generated.
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(&e, e.start(), plies);
    while !game.is_over() {
        game.play(rng.below(game.moves().len()));
    }
    assert_eq!(game.plies(), plies);
    assert_eq!(game.outcome(), None);
    assert!(game.moves().is_empty());
    // One ply more allowed: the same position, judged, is the checkmate.
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(&e, e.start(), plies + 1);
    while !game.is_over() {
        game.play(rng.below(game.moves().len()));
    }
    assert_eq!(game.plies(), plies);
    assert_eq!(game.outcome(), Some(&mate));
    assert_eq!(game.last_move_outcome(), None);
    // No ply allowed: nothing is generated or judged, even at the start.
    let game = Game::new(&e, e.start(), 0);
    assert!(game.is_over() && game.moves().is_empty() && game.outcome().is_none());
}

/// The second player's King on a5 under the first player's Gold on a4, which the first
/// player's King on b3 protects: the Gold takes a5, b5 and b4 from it and cannot be taken
/// (self-check = illegal), so the second player, to move, is checkmated.
const MATED: &str = "k4/G4/1K3/5/5 w - 1";

#[test]
fn a_game_from_a_position_that_is_over_plays_nothing() {
    let e = engine("minishogi");
    let pos = e.parse_position(MATED).expect("the position reads");
    assert!(e.in_check(&pos, Color::White), "the Gold gives check");
    let game = Game::new(&e, pos, 10);
    assert!(game.is_over());
    assert!(game.moves().is_empty(), "{:?}", texts(&e, game.moves()));
    assert_eq!(game.plies(), 0);
    // end.checkmate = terminal: the first player wins before any move is made.
    match game.outcome() {
        Some(Outcome::Win(Color::Black, why)) => assert!(why.contains("checkmate"), "{why}"),
        other => panic!("expected a checkmate win of the first player, got {other:?}"),
    }
}

#[test]
#[should_panic(expected = "over")]
fn no_move_is_played_in_a_game_that_is_over() {
    let e = engine("minishogi");
    let mut game = Game::new(&e, e.parse_position(MATED).expect("the position reads"), 10);
    game.play(0);
}
