//! What a run's games say, summed: the score by side with 95% Wilson intervals, draws, how the
//! games ended (by the rule the engine names), their lengths, how decisive they were, the
//! material balance over the game, and the rules and readings that came into play. Worked out
//! from the games alone, so that the summary of merged shards is the summary of one run.

use super::games::{GameResult, BALANCE_EVERY};
use super::stats::{self, Bin, Interval, Quartiles, Z95};
use crate::core::Color;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Games that ended by one rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Ending {
    /// The setting the engine named ("end.royals = last-royal-captured"), or "ply cap".
    pub(crate) rule: String,
    /// One of these games' endings in full, as an example.
    pub(crate) example: String,
    pub(crate) first_wins: usize,
    pub(crate) second_wins: usize,
    pub(crate) draws: usize,
    pub(crate) games: usize,
}

/// The mean material balance (first player less second, in pawns) at one ply, over the games
/// that lasted that long.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct BalancePoint {
    pub(crate) ply: usize,
    pub(crate) mean: f64,
    pub(crate) games: usize,
}

/// How often something came up: in how many positions or moves, and in how many games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Occurrences {
    pub(crate) times: u64,
    pub(crate) games: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Summary {
    pub(crate) games: usize,
    pub(crate) first_wins: usize,
    pub(crate) second_wins: usize,
    /// Drawn by a rule (repetition, impasse, stalemate as a draw...).
    pub(crate) draws: usize,
    /// Cut off by the ply cap.
    pub(crate) unfinished: usize,
    /// The first player's score: wins, and half of every draw and unfinished game, over the
    /// games; with its 95% Wilson interval (the score as a proportion with half points).
    pub(crate) first_score: f64,
    pub(crate) first_interval: Interval,
    pub(crate) second_score: f64,
    pub(crate) second_interval: Interval,
    /// The share of games drawn by a rule, and of games decided (won by either side), each
    /// with its interval.
    pub(crate) draw_share: f64,
    pub(crate) draw_interval: Interval,
    pub(crate) decisive_share: f64,
    pub(crate) decisive_interval: Interval,
    pub(crate) endings: Vec<Ending>,
    /// Game lengths in plies.
    pub(crate) lengths: Option<Quartiles>,
    pub(crate) mean_length: f64,
    pub(crate) histogram: Vec<Bin>,
    pub(crate) balance: Vec<BalancePoint>,
    /// Nodes searched per game, on average.
    pub(crate) nodes_per_game: f64,
    /// Per invariant id: on how many moves played its premise held, in how many games.
    pub(crate) exercised: BTreeMap<String, Occurrences>,
    /// Per invariant id: moves played that broke it.
    pub(crate) violated: BTreeMap<String, Occurrences>,
    /// Per reading alternative ("READING=OPTION"): positions where it would have changed the
    /// legal moves or the result.
    pub(crate) situations: BTreeMap<String, Occurrences>,
}

/// Sums `per_game` maps into occurrences.
fn occurrences<'a>(maps: impl Iterator<Item = &'a BTreeMap<String, u64>>) -> BTreeMap<String, Occurrences> {
    let mut out: BTreeMap<String, Occurrences> = BTreeMap::new();
    for map in maps {
        for (key, &times) in map {
            if times > 0 {
                let o = out.entry(key.clone()).or_default();
                o.times += times;
                o.games += 1;
            }
        }
    }
    out
}

/// The summary of `games`; `bins` is about how many bars the length histogram gets.
pub(crate) fn summarise(games: &[GameResult], bins: u32) -> Summary {
    let n = games.len();
    let count = |f: &dyn Fn(&GameResult) -> bool| games.iter().filter(|g| f(g)).count();
    let first_wins = count(&|g| g.winner == Some(Color::Black));
    let second_wins = count(&|g| g.winner == Some(Color::White));
    let unfinished = count(&|g| g.is_unfinished());
    let draws = count(&|g| g.result == "1/2-1/2");
    let first_points: f64 = games.iter().map(GameResult::first_points).sum();
    let share = |k: f64| if n == 0 { 0.0 } else { k / n as f64 };
    let interval = |k: f64| stats::wilson(k, n as f64, Z95);
    let second_points = n as f64 - first_points;

    let mut endings: Vec<Ending> = Vec::new();
    for g in games {
        let at = match endings.iter().position(|e| e.rule == g.rule) {
            Some(at) => at,
            None => {
                endings.push(Ending {
                    rule: g.rule.clone(),
                    example: g.ending.clone(),
                    first_wins: 0,
                    second_wins: 0,
                    draws: 0,
                    games: 0,
                });
                endings.len() - 1
            }
        };
        let e = &mut endings[at];
        e.games += 1;
        match g.winner {
            Some(Color::Black) => e.first_wins += 1,
            Some(_) => e.second_wins += 1,
            None => e.draws += 1,
        }
    }
    endings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.rule.cmp(&b.rule)));

    let lengths: Vec<u32> = games.iter().map(|g| g.plies as u32).collect();
    let max = lengths.iter().copied().max().unwrap_or(0);
    let longest = games.iter().map(|g| g.balance.len()).max().unwrap_or(0);
    let balance = (0..longest)
        .map(|k| {
            let at: Vec<f64> = games.iter().filter_map(|g| g.balance.get(k).copied()).collect();
            BalancePoint { ply: k * BALANCE_EVERY, mean: at.iter().sum::<f64>() / at.len() as f64, games: at.len() }
        })
        .collect();
    Summary {
        games: n,
        first_wins,
        second_wins,
        draws,
        unfinished,
        first_score: share(first_points),
        first_interval: interval(first_points),
        second_score: share(second_points),
        second_interval: interval(second_points),
        draw_share: share(draws as f64),
        draw_interval: interval(draws as f64),
        decisive_share: share((first_wins + second_wins) as f64),
        decisive_interval: interval((first_wins + second_wins) as f64),
        endings,
        lengths: stats::quartiles(&lengths),
        mean_length: share(lengths.iter().map(|&l| l as f64).sum()),
        histogram: stats::histogram(&lengths, stats::nice_width(max, bins)),
        balance,
        nodes_per_game: share(games.iter().map(|g| g.nodes as f64).sum()),
        exercised: occurrences(games.iter().map(|g| &g.exercised)),
        violated: occurrences(games.iter().map(|g| &g.violated)),
        situations: occurrences(games.iter().map(|g| &g.situations)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with what the summary reads; the rest empty.
    fn game(
        index: usize,
        result: &str,
        rule: &str,
        plies: usize,
        balance: &[f64],
        exercised: &[(&str, u64)],
    ) -> GameResult {
        let winner = match result {
            "1-0" => Some(Color::Black),
            "0-1" => Some(Color::White),
            _ => None,
        };
        GameResult {
            index,
            seed: index as u64,
            plies,
            result: result.into(),
            winner,
            ending: format!("{result} by {rule}"),
            rule: rule.into(),
            balance: balance.to_vec(),
            final_balance: balance.last().copied().unwrap_or(0.0),
            nodes: 100 * (index as u64 + 1),
            moves: Vec::new(),
            exercised: exercised.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            violated: BTreeMap::new(),
            situations: BTreeMap::new(),
        }
    }

    /// Five synthetic games, every figure worked out by hand.
    #[test]
    fn five_games_summed_by_hand() {
        // The endings are labels here (any text groups games); real games name their rule.
        let royals = "last royal captured";
        let games = [
            game(0, "1-0", royals, 30, &[0.0, 2.0], &[("a", 3)]),
            game(1, "0-1", royals, 50, &[0.0, -4.0, -1.0], &[("a", 1), ("b", 2)]),
            game(2, "1/2-1/2", "draw by repetition", 40, &[0.0], &[("b", 0)]),
            game(3, "*", "ply cap", 100, &[0.0], &[]),
            game(4, "1-0", "checkmate", 20, &[0.0], &[]),
        ];
        let s = summarise(&games, 10);
        assert_eq!((s.games, s.first_wins, s.second_wins, s.draws, s.unfinished), (5, 2, 1, 1, 1));
        // Points: 2 wins + half of the draw + half of the unfinished game = 3 of 5.
        assert!((s.first_score - 0.6).abs() < 1e-12 && (s.second_score - 0.4).abs() < 1e-12);
        assert!((s.draw_share - 0.2).abs() < 1e-12 && (s.decisive_share - 0.6).abs() < 1e-12);
        // The interval of 3 of 5 (stats::wilson is checked against Newcombe's table).
        assert_eq!(s.first_interval, stats::wilson(3.0, 5.0, Z95));
        // Endings: the two royal captures first, then one game each by rule name.
        let rules: Vec<(&str, usize, usize, usize, usize)> =
            s.endings.iter().map(|e| (e.rule.as_str(), e.games, e.first_wins, e.second_wins, e.draws)).collect();
        assert_eq!(
            rules,
            vec![
                (royals, 2, 1, 1, 0),
                ("checkmate", 1, 1, 0, 0),
                ("draw by repetition", 1, 0, 0, 1),
                ("ply cap", 1, 0, 0, 1),
            ]
        );
        // Lengths sorted: 20 30 40 50 100; type 7 quartiles at h = 1, 2, 3: 30, 40, 50.
        let q = s.lengths.as_ref().unwrap();
        assert_eq!((q.min, q.q1, q.median, q.q3, q.max), (20.0, 30.0, 40.0, 50.0, 100.0));
        assert!((s.mean_length - 48.0).abs() < 1e-12);
        assert_eq!(s.histogram.iter().map(|b| b.count).sum::<u64>(), 5);
        // Balance: ply 0 over all five (0); ply 10 over games 0 and 1, (2 - 4) / 2 = -1; ply 20
        // over game 1 alone, -1.
        let balance: Vec<(usize, f64, usize)> = s.balance.iter().map(|b| (b.ply, b.mean, b.games)).collect();
        assert_eq!(balance, vec![(0, 0.0, 5), (10, -1.0, 2), (20, -1.0, 1)]);
        // Nodes: 100 + 200 + ... + 500 = 1500 over 5 games.
        assert!((s.nodes_per_game - 300.0).abs() < 1e-12);
        // a: 3 + 1 moves in two games; b: 2 moves in one game (game 2's zero is no occurrence).
        assert_eq!(s.exercised["a"], Occurrences { times: 4, games: 2 });
        assert_eq!(s.exercised["b"], Occurrences { times: 2, games: 1 });
    }

    #[test]
    fn no_games_is_a_summary_of_nothing() {
        let s = summarise(&[], 10);
        assert_eq!((s.games, s.first_score, s.draw_share), (0, 0.0, 0.0));
        assert!(s.lengths.is_none() && s.histogram.is_empty() && s.balance.is_empty() && s.endings.is_empty());
        assert_eq!((s.first_interval.low, s.first_interval.high), (0.0, 1.0));
    }
}
