//! The self-play section of a spec's report (`kensho report --evaluate-games N`, issue 25):
//! what the games of `kensho evaluate` say, in the shape the JSON takes, its figures in words
//! for the HTML and Markdown tables (so that the two say the same), and its three pictures
//! (`plots`). The report's own types, not the evaluation's: the JSON's fields are documented in
//! docs/report.md and must not change when `kensho evaluate`'s output does.

use super::plots::{self, LengthBar, ScoreRow};
use crate::evaluate::stats::{Bin, Interval};
use crate::evaluate::summary::Summary;
use crate::evaluate::Record;
use crate::text::percent;
use serde::Serialize;

/// Why a report has no self-play section when none was asked for, and how to ask.
pub(crate) const NOT_ASKED: &str =
    "not asked for (--evaluate-games N plays N self-play games per spec, as kensho evaluate)";

#[derive(Clone, Debug, Serialize)]
pub(crate) struct EvaluationSection {
    /// How the games were played: the report's options and seed.
    pub(crate) games: usize,
    pub(crate) nodes: u64,
    pub(crate) plies: usize,
    pub(crate) opening_plies: usize,
    pub(crate) seed: u64,
    pub(crate) first_wins: usize,
    pub(crate) second_wins: usize,
    /// Drawn by a rule.
    pub(crate) draws: usize,
    /// Cut off by the ply cap (half a point each, like a draw).
    pub(crate) unfinished: usize,
    /// Each side's score (wins, and half of every draw and unfinished game, over the games),
    /// the share of games drawn and of games decided, each with its 95% Wilson interval.
    pub(crate) first_score: f64,
    pub(crate) first_interval: Interval,
    pub(crate) second_score: f64,
    pub(crate) second_interval: Interval,
    pub(crate) draw_share: f64,
    pub(crate) draw_interval: Interval,
    pub(crate) decided_share: f64,
    pub(crate) decided_interval: Interval,
    /// By the rule that ended the games, most games first.
    pub(crate) endings: Vec<EndingEntry>,
    /// Game lengths in plies; null when no game was played.
    pub(crate) lengths: Option<Lengths>,
    /// The length histogram drawn (bins [from, to) of plies, empty ones too).
    pub(crate) histogram: Vec<Bin>,
    /// The piece values the players used, in pawns (`value_unit` is worth 1), in the spec's
    /// piece order.
    pub(crate) value_unit: String,
    pub(crate) pieces: Vec<PieceEntry>,
    /// The other reading options watched, and those that came into play.
    pub(crate) reading_options_watched: usize,
    pub(crate) readings_in_play: Vec<ReadingInPlay>,
    /// Invariants a move played broke (an engine or spec bug; `kensho evaluate` exits 1 on
    /// them): each with the moves that broke it and in how many games.
    pub(crate) broken_invariants: Vec<BrokenInvariant>,
    /// Drawn for people (not in the JSON: the figures above say the same).
    #[serde(skip)]
    pub(crate) pictures: SelfPlayPictures,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct EndingEntry {
    /// The setting the engine named ("end.royals = last-royal-captured"), or "ply cap".
    pub(crate) rule: String,
    pub(crate) games: usize,
    pub(crate) first_wins: usize,
    pub(crate) second_wins: usize,
    /// Drawn or unfinished.
    pub(crate) draws: usize,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct Lengths {
    pub(crate) min: f64,
    pub(crate) q1: f64,
    pub(crate) median: f64,
    pub(crate) q3: f64,
    pub(crate) max: f64,
    pub(crate) mean: f64,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PieceEntry {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) value: f64,
    /// A royal piece's value says nothing of material: it is left out of the picture.
    pub(crate) royal: bool,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct ReadingInPlay {
    /// "READING=OPTION".
    pub(crate) option: String,
    /// Plies of the games at which that option would have allowed other moves or judged the
    /// position or the move otherwise, and in how many games.
    pub(crate) positions: u64,
    pub(crate) games: usize,
}

/// An invariant moves played broke.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct BrokenInvariant {
    pub(crate) invariant: String,
    pub(crate) moves: u64,
    pub(crate) games: usize,
}

/// The section's SVG pictures (`plots`).
#[derive(Clone, Debug, Default)]
pub(crate) struct SelfPlayPictures {
    pub(crate) lengths: String,
    pub(crate) scores: String,
    pub(crate) values: String,
}

/// The section of a run's record and summary; `watched` is how many other reading options
/// the games were watched for.
pub(crate) fn section(record: &Record, summary: &Summary, watched: usize) -> EvaluationSection {
    let s = summary;
    let settings = &record.settings;
    let mut out = EvaluationSection {
        games: s.games,
        nodes: settings.nodes,
        plies: settings.plies,
        opening_plies: settings.opening_plies,
        seed: settings.seed,
        first_wins: s.first_wins,
        second_wins: s.second_wins,
        draws: s.draws,
        unfinished: s.unfinished,
        first_score: s.first_score,
        first_interval: s.first_interval.clone(),
        second_score: s.second_score,
        second_interval: s.second_interval.clone(),
        draw_share: s.draw_share,
        draw_interval: s.draw_interval.clone(),
        decided_share: s.decisive_share,
        decided_interval: s.decisive_interval.clone(),
        endings: s
            .endings
            .iter()
            .map(|e| EndingEntry {
                rule: e.rule.clone(),
                games: e.games,
                first_wins: e.first_wins,
                second_wins: e.second_wins,
                draws: e.draws,
            })
            .collect(),
        lengths: s.lengths.as_ref().map(|q| Lengths {
            min: q.min,
            q1: q.q1,
            median: q.median,
            q3: q.q3,
            max: q.max,
            mean: s.mean_length,
        }),
        histogram: s.histogram.clone(),
        value_unit: record.values.unit.clone(),
        pieces: record
            .values
            .pieces
            .iter()
            .map(|p| PieceEntry { id: p.id.clone(), name: p.name.clone(), value: p.value, royal: p.royal })
            .collect(),
        reading_options_watched: watched,
        readings_in_play: s
            .situations
            .iter()
            .map(|(option, o)| ReadingInPlay { option: option.clone(), positions: o.times, games: o.games })
            .collect(),
        broken_invariants: s
            .violated
            .iter()
            .map(|(id, o)| BrokenInvariant { invariant: id.clone(), moves: o.times, games: o.games })
            .collect(),
        pictures: SelfPlayPictures::default(),
    };
    out.pictures = pictures(&out);
    out
}

/// The three pictures: the lengths with the ply cap marked, the scores with their intervals,
/// and the non-royal pieces' values, highest first.
fn pictures(e: &EvaluationSection) -> SelfPlayPictures {
    let bars: Vec<LengthBar> =
        e.histogram.iter().map(|b| LengthBar { from: b.from, to: b.to, count: b.count }).collect();
    let row =
        |label: &str, value: f64, i: &Interval| ScoreRow { label: label.to_string(), value, low: i.low, high: i.high };
    let scores = [
        row("first player", e.first_score, &e.first_interval),
        row("second player", e.second_score, &e.second_interval),
        row("draws", e.draw_share, &e.draw_interval),
    ];
    let mut values: Vec<&PieceEntry> = e.pieces.iter().filter(|p| !p.royal).collect();
    values.sort_by(|a, b| b.value.total_cmp(&a.value));
    let values: Vec<(String, f64)> = values.iter().map(|p| (super::piece_name(&p.name), p.value)).collect();
    SelfPlayPictures {
        lengths: plots::length_histogram(&bars, Some(u32::try_from(e.plies).unwrap_or(u32::MAX))),
        scores: plots::scores(&scores),
        values: plots::piece_values(&values),
    }
}

/// The games per minute of a run that took `seconds` (None when no time was measured). Not
/// in the JSON's section: times vary between runs, and the JSON keeps them in `run.seconds`.
pub(crate) fn games_per_minute(games: usize, seconds: Option<f64>) -> Option<f64> {
    seconds.filter(|s| *s > 0.0).map(|s| 60.0 * games as f64 / s)
}

fn interval(i: &Interval) -> String {
    format!("{} to {}", percent(i.low), percent(i.high))
}

/// The section's figures as rows of (measure, value, 95% interval): the table both the HTML
/// and the Markdown show.
pub(crate) fn figures(e: &EvaluationSection, games_per_minute: Option<f64>) -> Vec<[String; 3]> {
    let mut rows = vec![
        [
            "first player's score".to_string(),
            format!("{} ({} won)", percent(e.first_score), e.first_wins),
            interval(&e.first_interval),
        ],
        [
            "second player's score".to_string(),
            format!("{} ({} won)", percent(e.second_score), e.second_wins),
            interval(&e.second_interval),
        ],
        ["draws".to_string(), format!("{} ({})", e.draws, percent(e.draw_share)), interval(&e.draw_interval)],
        ["unfinished at the ply cap".to_string(), e.unfinished.to_string(), String::new()],
        ["decided".to_string(), percent(e.decided_share), interval(&e.decided_interval)],
    ];
    if let Some(l) = &e.lengths {
        rows.push([
            "length in plies".to_string(),
            format!(
                "median {}, quartiles {} to {}, {} to {} in all, mean {:.1}",
                l.median, l.q1, l.q3, l.min, l.max, l.mean
            ),
            String::new(),
        ]);
    }
    if let Some(rate) = games_per_minute {
        rows.push(["games per minute".to_string(), format!("{rate:.1}"), String::new()]);
    }
    rows
}

/// How the games were played, in one sentence.
pub(crate) fn settings_line(e: &EvaluationSection) -> String {
    format!(
        "{} games between two searching players ({} nodes per move, ply cap {}, {} random opening plies, seed {}); \
         draws and games cut off at the ply cap count half a point; intervals are 95% Wilson intervals.",
        e.games, e.nodes, e.plies, e.opening_plies, e.seed
    )
}

/// The reading options that came into play, in one sentence.
pub(crate) fn readings_line(e: &EvaluationSection) -> String {
    if e.reading_options_watched == 0 {
        return "The spec has no other reading options to watch for.".to_string();
    }
    if e.readings_in_play.is_empty() {
        return format!("None of the {} other reading options came into play.", e.reading_options_watched);
    }
    let list: Vec<String> = e
        .readings_in_play
        .iter()
        .map(|r| format!("{} ({} plies in {} games)", r.option, r.positions, r.games))
        .collect();
    format!(
        "{} of the {} other reading options came into play (another option would have allowed other moves, or judged a position or a move otherwise): {}.",
        e.readings_in_play.len(),
        e.reading_options_watched,
        list.join(", ")
    )
}

/// The invariants moves played broke, in a sentence; None when none was.
pub(crate) fn broken_line(e: &EvaluationSection) -> Option<String> {
    (!e.broken_invariants.is_empty()).then(|| {
        let list: Vec<String> = e
            .broken_invariants
            .iter()
            .map(|b| format!("{} ({} moves in {} games)", b.invariant, b.moves, b.games))
            .collect();
        format!(
            "Moves played broke invariants (an engine or spec bug; `kensho check` shows each with its position): {}.",
            list.join(", ")
        )
    })
}

/// The piece-value picture's caption: the unit, and the royal pieces it leaves out.
pub(crate) fn values_caption(e: &EvaluationSection) -> String {
    let royals: Vec<String> = e.pieces.iter().filter(|p| p.royal).map(|p| super::piece_name(&p.name)).collect();
    // The unit is the weakest of the commonest pieces at the start (evaluate::values).
    let unit =
        e.pieces.iter().find(|p| p.id == e.value_unit).map_or(e.value_unit.clone(), |p| super::piece_name(&p.name));
    if royals.is_empty() {
        format!("Piece values in pawns (the {unit} is 1).")
    } else {
        format!("Piece values in pawns (the {unit} is 1); royal pieces left out: {}.", royals.join(", "))
    }
}

/// The captions of the length and score pictures.
pub(crate) const LENGTHS_CAPTION: &str = "Game lengths in plies; the dashed line is the ply cap.";
pub(crate) const SCORES_CAPTION: &str = "Scores with their 95% intervals; the dashed line is an even game.";
