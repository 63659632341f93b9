//! Every option of every reading does what its own words say (issue 26, item 10).
//!
//! The cases live in `tests/data/readings/<game>/*.toml`, a folder per bundled spec. Each case
//! takes one option of one reading, a position designed for it, and the facts that the option's
//! words (`means`, and the document's clauses the reading cites) decide there: moves that must
//! be legal or illegal, squares' contents or the whole position string after some moves, the
//! game's result, or the setting
//! the engine refuses for an option it does not play. The facts are written from the words,
//! never copied from the engine; each case's `why` says how they follow.
//!
//! A case must also be able to fail: under at least one other option of the same reading, some
//! fact of the case must be false (or the game refused). A case that every option passes would
//! pass with its option ignored. And every option of every reading of the spec must have a
//! case, or its reading must be listed under `[[no-engine]]` with the reason the engine cannot
//! see it (a reading whose options set nothing the engine reads).
//!
//! Run one game's cases: `cargo test --release --test engine reading_options::suzumu`.

use crate::common;
use kensho::Color;

use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Position};
use kensho::geometry::Square;
use kensho::spec::LoadedSpec;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    game: String,
    #[serde(default, rename = "case")]
    cases: Vec<Case>,
    #[serde(default, rename = "no-engine")]
    no_engine: Vec<NoEngine>,
}

/// A reading the engine cannot see, with the reason.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoEngine {
    reading: String,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    reading: String,
    option: String,
    /// How the facts below follow from the option's words.
    why: String,
    /// Other readings set for this case (reading id -> option), the same under every option
    /// of `reading` that the case is compared with.
    #[serde(default)]
    with: BTreeMap<String, String>,
    /// A whole position string; or `men` (square -> id, upper case the first player's) with
    /// `side`, `hands` and `skips`; or neither: the start position.
    position: Option<String>,
    #[serde(default)]
    men: BTreeMap<String, String>,
    side: Option<String>,
    hands: Option<String>,
    skips: Option<String>,
    /// Moves played first, each legal (move texts as `kensho position --moves` prints them).
    #[serde(default)]
    play: Vec<String>,
    /// Move texts legal after `play`.
    #[serde(default)]
    legal: Vec<String>,
    /// Move texts not legal after `play`.
    #[serde(default)]
    illegal: Vec<String>,
    /// Squares' contents after `play` (`""` empty).
    #[serde(default)]
    squares: BTreeMap<String, String>,
    /// The game's result after `play`: "1-0", "0-1", "1/2-1/2", or "none" (not over).
    result: Option<String>,
    /// The whole position string after `play` (what it remembers: skips, dropped and demoted
    /// pieces, an extra turn).
    position_after: Option<String>,
    /// The setting the engine refuses under this option (an option it does not play).
    refused: Option<String>,
}

/// Every case file of the game (`tests/data/readings/<game>/*.toml`), merged.
fn load_cases(game: &str) -> CaseFile {
    let dir = format!("tests/data/readings/{game}");
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{dir}: no case file");
    let mut all = CaseFile { game: game.to_string(), cases: Vec::new(), no_engine: Vec::new() };
    for path in paths {
        let text = common::read_text(&path);
        let file: CaseFile = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(file.game, game, "{}: the game field", path.display());
        all.cases.extend(file.cases);
        all.no_engine.extend(file.no_engine);
    }
    all
}

/// The engine under the case's readings with `reading` set to `option`, or the settings the
/// engine refuses.
fn engine_for(spec: &LoadedSpec, case: &Case, option: &str) -> Result<Engine, Vec<String>> {
    let mut choices = case.with.clone();
    choices.insert(case.reading.clone(), option.to_string());
    let game = spec.resolve(&choices).unwrap_or_else(|e| panic!("{} {choices:?}: {e}", spec.path));
    Engine::new(&game).map_err(|bad| bad.iter().map(|u| u.path.clone()).collect())
}

fn position_text(e: &Engine, case: &Case) -> Option<String> {
    if let Some(p) = &case.position {
        return Some(p.clone());
    }
    if case.men.is_empty() {
        return None;
    }
    let men: Vec<(Square, String)> =
        case.men.iter().map(|(square, id)| (common::sq(square), format!("({id})"))).collect();
    let mut text = format!(
        "{} {} {} 1",
        common::rows(e.game.board, &men),
        case.side.as_deref().unwrap_or("b"),
        case.hands.as_deref().unwrap_or("-")
    );
    if let Some(skips) = &case.skips {
        text.push(' ');
        text.push_str(skips);
    }
    Some(text)
}

/// A square's content as the cases write it: the piece id, upper case for the first player,
/// lower case for the second; "" when empty.
fn square_text(e: &Engine, pos: &Position, square: Square) -> String {
    pos.at(square).map_or(String::new(), |m| {
        let id = &e.piece(m.piece).id;
        if m.player == Color::Black {
            id.to_uppercase()
        } else {
            id.to_lowercase()
        }
    })
}

fn result_text(outcome: Option<&Outcome>) -> String {
    outcome.map_or("none".to_string(), |o| o.score().to_string())
}

/// The case's facts under one option: every fact that is false, as a sentence (empty when all
/// hold).
fn false_facts(spec: &LoadedSpec, case: &Case, option: &str) -> Vec<String> {
    let e = match engine_for(spec, case, option) {
        Ok(e) => e,
        Err(refused) => {
            return match &case.refused {
                Some(path) if refused.contains(path) => vec![],
                _ => vec![format!("the engine refuses {}", refused.join(", "))],
            }
        }
    };
    if let Some(path) = &case.refused {
        return vec![format!("the engine plays it; expected it to refuse {path}")];
    }
    let mut pos: Position = match position_text(&e, case) {
        None => e.start(),
        Some(text) => match e.parse_position(&text) {
            Ok(p) => p,
            Err(err) => return vec![format!("the position {text} is refused: {err}")],
        },
    };
    let mut history = e.start_history(&pos);
    let mut undo = Vec::new();
    let mut outcome: Option<Outcome> = None;
    for (i, text) in case.play.iter().enumerate() {
        if let Some(o) = &outcome {
            return vec![format!("the game ended ({}) before ply {} ({text})", o.describe(), i + 1)];
        }
        // The moves of the game so far (a game's history bans what end.perpetual-check =
        // move-illegal forbids; everywhere else these are the legal moves).
        let moves = e.game_moves(&pos, &history);
        // A game decided before this turn (checkmate, no legal move) does not go on either.
        if let Some(o) = e.status_before(&pos, &moves) {
            return vec![format!("the game ended ({}) before ply {} ({text})", o.describe(), i + 1)];
        }
        let Some(mv) = moves.iter().find(|m| e.move_text(m) == *text).cloned() else {
            let legal = common::texts(&e, moves.iter());
            return vec![format!(
                "ply {}: {text} is not legal in {}; legal: {legal:?}",
                i + 1,
                e.position_string(&pos)
            )];
        };
        e.make(&mut pos, &mv, &mut undo);
        outcome = e.status_after(&pos, &mv, &mut history);
    }
    let moves = e.game_moves(&pos, &history);
    let texts: BTreeSet<String> = moves.iter().map(|m| e.move_text(m)).collect();
    let at = e.position_string(&pos);
    let mut wrong = Vec::new();
    for m in &case.legal {
        if !texts.contains(m) {
            wrong.push(format!("{m} is not legal in {at}; legal: {texts:?}"));
        }
    }
    for m in &case.illegal {
        if texts.contains(m) {
            wrong.push(format!("{m} is legal in {at}"));
        }
    }
    for (square, want) in &case.squares {
        let got = square_text(&e, &pos, common::sq(square));
        if got != *want {
            wrong.push(format!("{square} holds '{got}', expected '{want}' in {at}"));
        }
    }
    if let Some(want) = case.position_after.as_ref().filter(|want| **want != at) {
        wrong.push(format!("the position is {at}, expected {want}"));
    }
    if let Some(want) = &case.result {
        if outcome.is_none() {
            outcome = e.status_before(&pos, &moves);
        }
        let got = result_text(outcome.as_ref());
        if got != *want {
            let why = outcome.map(|o| o.describe()).unwrap_or_default();
            wrong.push(format!("the result is {got} {why}, expected {want} in {at}"));
        }
    }
    wrong
}

fn check_game(game: &str) {
    let spec = common::bundled_spec(game);
    let file = load_cases(game);
    let readings: BTreeMap<String, Vec<String>> = spec
        .spec
        .readings
        .iter()
        .map(|r| (r.id.get_ref().clone(), r.options.iter().map(|o| o.name.get_ref().clone()).collect()))
        .collect();
    let mut failures = Vec::new();
    let mut covered: BTreeSet<(String, String)> = BTreeSet::new();
    for (n, case) in file.cases.iter().enumerate() {
        let label = format!("case {} ({}={})", n + 1, case.reading, case.option);
        let Some(options) = readings.get(&case.reading) else {
            failures.push(format!("{label}: {game} has no reading '{}'", case.reading));
            continue;
        };
        if !options.contains(&case.option) {
            failures.push(format!("{label}: the reading's options are {options:?}"));
            continue;
        }
        let facts = case.legal.len()
            + case.illegal.len()
            + case.squares.len()
            + usize::from(case.result.is_some())
            + usize::from(case.position_after.is_some())
            + usize::from(case.refused.is_some());
        if facts == 0 || case.why.trim().is_empty() {
            failures.push(format!("{label}: states no fact, or not why the words decide it"));
            continue;
        }
        covered.insert((case.reading.clone(), case.option.clone()));
        let wrong = false_facts(&spec, case, &case.option);
        if !wrong.is_empty() {
            failures.push(format!("{label}: {}", wrong.join("; ")));
            continue;
        }
        // Would the case notice the option ignored? Some other option must break a fact.
        let others: Vec<&String> = options.iter().filter(|o| **o != case.option).collect();
        if !others.is_empty() && others.iter().all(|o| false_facts(&spec, case, o).is_empty()) {
            failures.push(format!("{label}: every other option ({others:?}) passes it too"));
        }
    }
    let exempt: BTreeMap<&str, &str> = file.no_engine.iter().map(|x| (x.reading.as_str(), x.why.as_str())).collect();
    for (reading, why) in &exempt {
        assert!(readings.contains_key(*reading), "{game}: [[no-engine]] names an unknown reading '{reading}'");
        assert!(!why.trim().is_empty(), "{game}: [[no-engine]] {reading} gives no reason");
    }
    for (reading, options) in &readings {
        if exempt.contains_key(reading.as_str()) {
            continue;
        }
        for option in options {
            if !covered.contains(&(reading.clone(), option.clone())) {
                failures.push(format!("{reading}={option}: no case"));
            }
        }
    }
    assert!(failures.is_empty(), "{game}: {} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn shogi() {
    check_game("shogi");
}

#[test]
fn xiangqi() {
    check_game("xiangqi");
}

#[test]
fn suzumu() {
    check_game("suzumu");
}

#[test]
fn mitsugumi() {
    check_game("mitsugumi");
}

#[test]
fn hook() {
    check_game("hook");
}

#[test]
fn shoogantshii() {
    check_game("shoogantshii");
}

#[test]
fn ryu() {
    check_game("ryu");
}

#[test]
fn heian_ryu() {
    check_game("heian-ryu");
}
