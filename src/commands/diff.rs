//! `kensho diff OLD.toml NEW.toml`: what changes between two versions of a spec (docs/diff.md).
//!
//! Three kinds of comparison, from the cheapest to the most concrete:
//! - the spec's statements: board, zones, setup, rule settings, piece attributes, clauses,
//!   readings, and the invariants of `properties/<stem>.toml`, compared by id;
//! - each piece's reach on an empty board from the central square (XBetza as the engine plays
//!   it, first player's orientation): destinations and lone-enemy captures gained and lost;
//! - the engines: legal moves on sample positions (the old start position and positions of
//!   seeded random games under the old rules, each carried over to the new engine), grouped by
//!   piece type, and perft from each start position.

use super::check::default_properties_path;
use super::clauses::shorten;
use super::cli::{self, CheckFormat};
use super::engine::divide;
use super::exit::{self, Output};
use super::terminal::{self, Fit};
use crate::check::coverage::encode_paths;
use crate::check::properties::{self, Properties};
use crate::engine::play::Game;
use crate::engine::{Engine, Identity, Move, Position};
use crate::geometry::Square;
use crate::random::SplitMix64;
use crate::report::diagram::centre;
use crate::smt::witness::{ident, transfer};
use crate::spec::game::GameSpec;
use crate::spec::model::SecondPlayer;
use crate::spec::settings::Setting;
use crate::spec::{LoadedSpec, Reading};
use crate::xbetza::{CompiledBetza, Probe};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// What to compare and how much.
#[derive(Clone, Debug)]
pub struct Options {
    /// Perft depths 1..=depth from each start position (0: no perft).
    pub depth: u32,
    /// Sample positions in all: the start position, then positions of random games.
    pub samples: usize,
    /// Seed of the random games (game i uses seed + i).
    pub seed: u64,
    /// Readings switched (reading id -> option), applied to each spec that has the reading.
    pub choices: BTreeMap<String, String>,
    /// The properties files; None: `properties/<stem>.toml` beside the spec's directory.
    pub old_properties: Option<PathBuf>,
    pub new_properties: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: 2,
            samples: 200,
            seed: 1,
            choices: BTreeMap::new(),
            old_properties: None,
            new_properties: None,
        }
    }
}

/// Everything that differs between two specs (docs/diff.md describes every field).
#[derive(Clone, Debug, Serialize)]
pub struct SpecDiff {
    pub old: Side,
    pub new: Side,
    pub seed: u64,
    /// `board`, `board.second_player`, `zone.ID`, `setup.ID`.
    pub board: Vec<Change>,
    /// `group.NAME` and `rules.KEY` settings of the resolved games.
    pub settings: Vec<Change>,
    pub pieces: Pieces,
    pub samples: Samples,
    pub perft: Perft,
    pub clauses: Clauses,
    pub readings: Readings,
    pub invariants: Invariants,
    /// What could not be compared and why (an engine that cannot play a rule, a missing
    /// properties file); not differences.
    pub notes: Vec<String>,
    /// The engines' warnings (game-end rules they do not apply; perft counts moves only).
    pub warnings: Vec<String>,
}

/// One side of the comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Side {
    pub path: String,
    pub id: String,
    pub name: String,
}

/// A value at a path, before and after (None: not stated on that side).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    pub path: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Pieces {
    pub added: Vec<PieceRef>,
    pub removed: Vec<PieceRef>,
    /// Pieces in both (matched by id) whose attributes or empty-board reach differ.
    pub changed: Vec<PieceChange>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceRef {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceChange {
    pub id: String,
    pub name: String,
    /// `piece.ID.betza`, `.name`, `.rank`, `.royal`, `.promotes_to`, `.zone-moves.Z`, `.ability.K`.
    pub attributes: Vec<Change>,
    /// Per move set whose reach differs.
    pub empty_board: Vec<Reach>,
}

/// Where one move set of a piece reaches on an empty board, gained and lost.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// `move` (the piece's own move) or `zone Z` (its move in zone Z).
    pub move_set: String,
    /// The central square it stands on (each board's own when the boards differ).
    pub from: String,
    /// Destinations on an empty board: square names, or `pass` (back to the start square);
    /// offsets `(+1,+2)` from the centre when the boards differ.
    pub moves_gained: Vec<String>,
    pub moves_lost: Vec<String>,
    /// Squares where a lone enemy is captured: `d7` (the move ends there), `d7>e6` (captures
    /// on d7, ends on e6; ending on the start square is igui).
    pub captures_gained: Vec<String>,
    pub captures_lost: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Samples {
    /// Whether legal moves were compared; `reason` says why not.
    pub compared: bool,
    pub reason: Option<String>,
    /// Positions sampled under the old rules (the start position first).
    pub positions: usize,
    /// Of those, carried over to the new engine (a position holding a piece the new spec
    /// lacks is not).
    pub transferred: usize,
    /// Per piece type (id; `-` for a move without a piece: a null move, a declined turn).
    pub pieces: Vec<PieceMoves>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceMoves {
    pub piece: String,
    /// Legal moves only the new rules allow, summed over the positions.
    pub gained: usize,
    /// Legal moves only the old rules allow.
    pub lost: usize,
    /// Up to three of them.
    pub examples: Vec<Example>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The position string (as the old engine writes it).
    pub position: String,
    #[serde(rename = "move")]
    pub mv: String,
    /// `new` (gained) or `old` (lost).
    pub legal_under: &'static str,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Perft {
    pub compared: bool,
    pub reason: Option<String>,
    pub rows: Vec<PerftRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PerftRow {
    pub depth: u32,
    pub old: u64,
    pub new: u64,
    /// new - old.
    pub difference: i64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Clauses {
    pub added: Vec<ClauseRef>,
    pub removed: Vec<ClauseRef>,
    /// Changes of `text`, `status` or `encode`.
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClauseRef {
    pub id: String,
    pub status: String,
    pub text: String,
}

/// An element of both sides (by id) and what changed in it.
#[derive(Clone, Debug, Serialize)]
pub struct Changed {
    pub id: String,
    pub changes: Vec<Change>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Readings {
    pub added: Vec<ReadingRef>,
    pub removed: Vec<ReadingRef>,
    /// Changes of `default`, `options` (added or removed names), `option.NAME` (what it means
    /// or sets).
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReadingRef {
    pub id: String,
    pub default: String,
    pub options: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Invariants {
    pub old_file: PropertiesFile,
    pub new_file: PropertiesFile,
    /// Whether both files were read (else nothing below is filled).
    pub compared: bool,
    pub added: Vec<InvariantRef>,
    pub removed: Vec<InvariantRef>,
    /// Changes of `kind`, `parameters` or `clauses`.
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct PropertiesFile {
    pub path: String,
    /// `read`, `missing` or `invalid`.
    pub state: &'static str,
    pub error: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct InvariantRef {
    pub id: String,
    pub kind: String,
    pub clauses: Vec<String>,
}

impl SpecDiff {
    /// No difference anywhere (notes and warnings are not differences).
    pub fn is_empty(&self) -> bool {
        let p = &self.pieces;
        self.board.is_empty()
            && self.settings.is_empty()
            && p.added.is_empty()
            && p.removed.is_empty()
            && p.changed.is_empty()
            && self.samples.pieces.is_empty()
            && self.samples.transferred == self.samples.positions
            && self.perft.rows.iter().all(|r| r.difference == 0)
            && self.clauses.added.is_empty()
            && self.clauses.removed.is_empty()
            && self.clauses.changed.is_empty()
            && self.readings.added.is_empty()
            && self.readings.removed.is_empty()
            && self.readings.changed.is_empty()
            && self.invariants.added.is_empty()
            && self.invariants.removed.is_empty()
            && self.invariants.changed.is_empty()
    }

    pub fn piece(&self, id: &str) -> Option<&PieceChange> {
        self.pieces.changed.iter().find(|p| p.id == id)
    }
}

// ------------------------------------------------------------------------------ comparing

/// Compares two loaded specs. Errors (for the user, exit 2): a reading neither spec has, an
/// option the reading lacks, a choice that makes a spec invalid.
pub fn compare(old: &LoadedSpec, new: &LoadedSpec, opts: &Options) -> Result<SpecDiff, String> {
    let (old_choices, new_choices) = split_choices(old, new, &opts.choices)?;
    let old_game = old.resolve(&old_choices)?;
    let new_game = new.resolve(&new_choices)?;
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    let old_engine = engine_or_note(old, &old_game, &mut notes, &mut warnings);
    let new_engine = engine_or_note(new, &new_game, &mut notes, &mut warnings);
    warnings.sort();
    warnings.dedup(); // the same spec on both sides warns twice
    let engines = old_engine.as_ref().zip(new_engine.as_ref());
    let invariants = compare_invariants(old, new, opts, &mut notes);
    Ok(SpecDiff {
        old: side(old, &old_game),
        new: side(new, &new_game),
        seed: opts.seed,
        board: board_changes(&old_game, &new_game),
        settings: [group_changes(&old_game, &new_game), setting_changes("rules", &old_game.rules, &new_game.rules)]
            .concat(),
        pieces: compare_pieces(&old_game, &new_game, engines),
        samples: compare_samples(engines, opts),
        perft: compare_perft(engines, opts.depth),
        clauses: compare_clauses(old, new),
        readings: compare_readings(&old.all_readings(), &new.all_readings()),
        invariants,
        notes,
        warnings,
    })
}

fn side(spec: &LoadedSpec, game: &GameSpec) -> Side {
    Side { path: spec.path.clone(), id: game.id.clone(), name: game.name.clone() }
}

/// Reading id -> option name.
type Choices = BTreeMap<String, String>;

/// The choices each spec gets: those naming one of its readings. A reading neither spec has
/// is an error, so that a misspelt `--reading` never passes silently.
fn split_choices(old: &LoadedSpec, new: &LoadedSpec, choices: &Choices) -> Result<(Choices, Choices), String> {
    let has = |spec: &LoadedSpec, id: &str| spec.all_readings().iter().any(|r| r.id.get_ref() == id);
    for id in choices.keys() {
        if !has(old, id) && !has(new, id) {
            let mut known: BTreeSet<String> = BTreeSet::new();
            for spec in [old, new] {
                known.extend(spec.all_readings().iter().map(|r| r.id.get_ref().clone()));
            }
            let known: Vec<String> = known.into_iter().collect();
            return Err(format!("unknown reading '{id}': neither spec has it (the readings are {})", known.join(", ")));
        }
    }
    let pick = |spec: &LoadedSpec| {
        choices.iter().filter(|(id, _)| has(spec, id)).map(|(k, v)| (k.clone(), v.clone())).collect()
    };
    Ok((pick(old), pick(new)))
}

/// The engine for counting moves, or a note saying why there is none (the spec still loads:
/// the statements are compared all the same).
fn engine_or_note(
    spec: &LoadedSpec,
    game: &GameSpec,
    notes: &mut Vec<String>,
    warnings: &mut Vec<String>,
) -> Option<Engine> {
    match Engine::for_moves(game) {
        Ok((engine, ends)) => {
            warnings.extend(ends.iter().map(|u| format!("{}: game end not applied: {u}", spec.path)));
            Some(engine)
        }
        Err(bad) => {
            let list: Vec<String> = bad.iter().map(|u| u.to_string()).collect();
            notes.push(format!(
                "{}: the engine cannot play {}; sample positions and perft are not compared",
                spec.path,
                list.join("; ")
            ));
            None
        }
    }
}

// ---------------------------------------------------------------- board, zones, setup, rules

fn change(path: impl Into<String>, old: Option<String>, new: Option<String>) -> Option<Change> {
    (old != new).then(|| Change { path: path.into(), old, new })
}

fn board_changes(old: &GameSpec, new: &GameSpec) -> Vec<Change> {
    let mut out = Vec::new();
    out.extend(change("board", Some(old.board.to_string()), Some(new.board.to_string())));
    out.extend(change(
        "board.second_player",
        Some(second_player(old.second_player)),
        Some(second_player(new.second_player)),
    ));
    for id in union(old.zones.keys(), new.zones.keys()) {
        let text = |g: &GameSpec| g.zones.get(&id).map(|s| squares_text(s));
        out.extend(change(format!("zone.{id}"), text(old), text(new)));
    }
    let (old_setup, new_setup) = (first_player_setup(old), first_player_setup(new));
    for id in union(old_setup.keys(), new_setup.keys()) {
        let text = |s: &BTreeMap<String, Vec<Square>>| s.get(&id).map(|sq| squares_text(sq));
        out.extend(change(format!("setup.{id}"), text(&old_setup), text(&new_setup)));
    }
    out
}

/// Named groups of pieces (`group.NAME`): a rule stated for a group applies to its members.
fn group_changes(old: &GameSpec, new: &GameSpec) -> Vec<Change> {
    let members = |g: &GameSpec, name: &str| g.groups.get(name).map(|m| m.join(", "));
    union(old.groups.keys(), new.groups.keys())
        .into_iter()
        .filter_map(|name| change(format!("group.{name}"), members(old, &name), members(new, &name)))
        .collect()
}

fn second_player(s: SecondPlayer) -> String {
    match s {
        SecondPlayer::Rotate180 => "rotate-180".into(),
        SecondPlayer::MirrorRanks => "mirror-ranks".into(),
    }
}

/// Piece id -> the first player's start squares (the second player's follow from them).
fn first_player_setup(game: &GameSpec) -> BTreeMap<String, Vec<Square>> {
    let mut out: BTreeMap<String, Vec<Square>> = BTreeMap::new();
    for p in game.setup.iter().filter(|p| p.player == 0) {
        out.entry(p.piece.clone()).or_default().push(p.square);
    }
    out
}

/// Squares as runs along ranks, lowest rank first: `a7-i7, a8-i8`, `e1`.
fn squares_text(squares: &[Square]) -> String {
    let mut sorted: Vec<Square> = squares.to_vec();
    sorted.sort_by_key(|s| (s.rank, s.file));
    sorted.dedup();
    let mut runs: Vec<(Square, Square)> = Vec::new();
    for sq in sorted {
        match runs.last_mut() {
            Some((_, end)) if end.rank == sq.rank && end.file + 1 == sq.file => *end = sq,
            _ => runs.push((sq, sq)),
        }
    }
    let parts: Vec<String> =
        runs.iter().map(|(a, b)| if a == b { a.name() } else { format!("{}-{}", a.name(), b.name()) }).collect();
    if parts.is_empty() {
        "(none)".into()
    } else {
        parts.join(", ")
    }
}

fn union<'a>(a: impl Iterator<Item = &'a String>, b: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    a.chain(b).cloned().collect()
}

/// Settings under `prefix` (`rules`, `piece.FD.ability`) whose values differ.
fn setting_changes(prefix: &str, old: &BTreeMap<String, Setting>, new: &BTreeMap<String, Setting>) -> Vec<Change> {
    union(old.keys(), new.keys())
        .into_iter()
        .filter_map(|k| {
            change(
                format!("{prefix}.{k}"),
                old.get(&k).map(|v| format!("{v:#}")),
                new.get(&k).map(|v| format!("{v:#}")),
            )
        })
        .collect()
}

// ------------------------------------------------------------------------------ pieces

fn compare_pieces(old: &GameSpec, new: &GameSpec, engines: Option<(&Engine, &Engine)>) -> Pieces {
    let reference = |g: &GameSpec, id: &str| PieceRef {
        id: id.to_string(),
        name: g.piece(id).map(|p| p.name.clone()).unwrap_or_default(),
    };
    let mut out = Pieces::default();
    for p in &new.pieces {
        if old.piece(&p.id).is_none() {
            out.added.push(reference(new, &p.id));
        }
    }
    for p in &old.pieces {
        let Some(q) = new.piece(&p.id) else {
            out.removed.push(reference(old, &p.id));
            continue;
        };
        let attributes = attribute_changes(p, q);
        let empty_board = compare_reach(old, new, &p.id, engines);
        if !attributes.is_empty() || !empty_board.is_empty() {
            out.changed.push(PieceChange { id: p.id.clone(), name: q.name.clone(), attributes, empty_board });
        }
    }
    out
}

fn attribute_changes(p: &crate::spec::game::PieceSpec, q: &crate::spec::game::PieceSpec) -> Vec<Change> {
    let at = |what: &str| format!("piece.{}.{what}", p.id);
    let mut out = Vec::new();
    out.extend(change(at("name"), Some(p.name.clone()), Some(q.name.clone())));
    out.extend(change(at("betza"), Some(p.betza.clone()), Some(q.betza.clone())));
    out.extend(change(at("rank"), p.rank.map(|r| r.to_string()), q.rank.map(|r| r.to_string())));
    out.extend(change(at("royal"), Some(p.royal.to_string()), Some(q.royal.to_string())));
    out.extend(change(at("promotes_to"), p.promotes_to.clone(), q.promotes_to.clone()));
    // Zone moves are an ability (`zone-moves`), so the ability settings below name them.
    out.extend(setting_changes(&at("ability"), &p.abilities, &q.abilities));
    out
}

/// The move sets of a piece by name: `move`, then `zone Z` for each zone move. The engine's
/// compilation where there is an engine (it widens moves for rules such as `jump.landing` and
/// `zone-moves.promoted`), else the spec's.
fn move_sets<'a>(game: &'a GameSpec, engine: Option<&'a Engine>, id: &str) -> Vec<(String, &'a CompiledBetza)> {
    if let Some(p) = engine.and_then(|e| e.piece_index(id).map(|i| e.piece(i))) {
        let zones = p.zone_moves.iter().map(|(z, c)| (format!("zone {z}"), c));
        return std::iter::once(("move".to_string(), &p.moves)).chain(zones).collect();
    }
    let Some(p) = game.piece(id) else { return Vec::new() };
    let zones = p.zone_moves.iter().map(|(z, (_, c))| (format!("zone {z}"), c));
    std::iter::once(("move".to_string(), &p.moves)).chain(zones).collect()
}

/// The empty-board reach of every move set of piece `id` that differs between the games.
fn compare_reach(old: &GameSpec, new: &GameSpec, id: &str, engines: Option<(&Engine, &Engine)>) -> Vec<Reach> {
    let frame = if old.board == new.board { Frame::Squares } else { Frame::Offsets };
    let old_sets: BTreeMap<String, &CompiledBetza> = move_sets(old, engines.map(|e| e.0), id).into_iter().collect();
    let new_sets: BTreeMap<String, &CompiledBetza> = move_sets(new, engines.map(|e| e.1), id).into_iter().collect();
    // The square the report's piece diagrams use, so the two can be read side by side.
    let (old_from, new_from) = (centre(old.board), centre(new.board));
    let mut out = Vec::new();
    for name in union(old_sets.keys(), new_sets.keys()) {
        let a = old_sets.get(&name).map(|m| reach(m, old_from, frame)).unwrap_or_default();
        let b = new_sets.get(&name).map(|m| reach(m, new_from, frame)).unwrap_or_default();
        if a != b {
            let from = if frame == Frame::Squares {
                new_from.name()
            } else {
                format!("{} -> {}", old_from.name(), new_from.name())
            };
            out.push(Reach {
                move_set: name,
                from,
                moves_gained: b.moves.difference(&a.moves).cloned().collect(),
                moves_lost: a.moves.difference(&b.moves).cloned().collect(),
                captures_gained: b.captures.difference(&a.captures).cloned().collect(),
                captures_lost: a.captures.difference(&b.captures).cloned().collect(),
            });
        }
    }
    out
}

/// How squares are named: by name when both boards are one size, else as offsets from the
/// centre (so that a piece's reach on a 9x9 and a 9x10 board can be compared).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Frame {
    Squares,
    Offsets,
}

fn square_label(sq: Square, from: Square, frame: Frame) -> String {
    match frame {
        Frame::Squares => sq.name(),
        Frame::Offsets => format!("({:+},{:+})", sq.file as i32 - from.file as i32, sq.rank as i32 - from.rank as i32),
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct ReachSets {
    moves: BTreeSet<String>,
    captures: BTreeSet<String>,
}

/// Where a move reaches from `from` for the first player (`xbetza::reach::Probe`, as the
/// report's piece diagrams see it): destinations on an empty board, and the captures of a lone
/// enemy put on each other square in turn (`d` where the capture ends on d, `d>e` where it
/// ends elsewhere), hops included.
fn reach(moves: &CompiledBetza, from: Square, frame: Frame) -> ReachSets {
    let label = |sq: Square| square_label(sq, from, frame);
    let probe = Probe::new(moves, from);
    let mut out = ReachSets::default();
    probe.empty_board(&mut |m, _| {
        if m.captures.is_empty() {
            out.moves.insert(if m.to == from { "pass".into() } else { label(m.to) });
        }
    });
    probe.lone_enemies(&mut |target, m, _| {
        if m.captures.contains(&target) {
            let text = if m.to == target { label(target) } else { format!("{}>{}", label(target), label(m.to)) };
            out.captures.insert(text);
        }
    });
    out
}

// ---------------------------------------------------------------------- sample positions

/// Plies of one random game, and how often a position of it is kept.
const GAME_PLIES: usize = 80;
const KEEP_EVERY: usize = 8;

fn compare_samples(engines: Option<(&Engine, &Engine)>, opts: &Options) -> Samples {
    let not = |reason: String| Samples { reason: Some(reason), ..Samples::default() };
    let Some((old, new)) = engines else {
        return not("an engine is missing (see the notes)".into());
    };
    if old.game.board != new.game.board {
        return not(format!(
            "the boards differ ({} and {}): positions cannot be carried over",
            old.game.board, new.game.board
        ));
    }
    if old.game.setup.is_empty() {
        return not("the old spec states no start position".into());
    }
    if opts.samples == 0 {
        return not("--samples 0".into());
    }
    let positions = sample_positions(old, opts.samples, opts.seed);
    let mut by_piece: BTreeMap<String, PieceMoves> = BTreeMap::new();
    let mut transferred = 0;
    for pos in &positions {
        if let Some(moved) = transfer(old, new, pos) {
            transferred += 1;
            tally_position(old, new, pos, &moved, &mut by_piece);
        }
    }
    Samples {
        compared: true,
        reason: None,
        positions: positions.len(),
        transferred,
        pieces: by_piece.into_values().collect(),
    }
}

/// The start position, then positions of seeded random games under `engine` (every
/// KEEP_EVERY-th ply of games of up to GAME_PLIES plies; game i uses seed + i), `count` in all.
pub fn sample_positions(engine: &Engine, count: usize, seed: u64) -> Vec<Position> {
    let start = engine.start();
    let mut out = vec![start.clone()];
    let mut game = 0u64;
    while out.len() < count {
        let before = out.len();
        play_and_keep(engine, &start, seed.wrapping_add(game), count, &mut out);
        game += 1;
        if out.len() == before {
            break; // every game ends at once: no more positions to be had
        }
    }
    out.truncate(count);
    out
}

/// One seeded random game (a `Game`, so it ends where any other game would), keeping the
/// position after every KEEP_EVERY-th ply until `out` holds `count`.
fn play_and_keep(engine: &Engine, start: &Position, seed: u64, count: usize, out: &mut Vec<Position>) {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(engine, start.clone(), GAME_PLIES);
    while !game.is_over() {
        game.play(rng.below(game.moves().len()));
        if game.plies().is_multiple_of(KEEP_EVERY) {
            out.push(game.position().clone());
            if out.len() >= count {
                return;
            }
        }
    }
}

/// Adds the moves legal under one engine only in `pos` (old) / `moved` (its copy for new).
fn tally_position(
    old: &Engine,
    new: &Engine,
    pos: &Position,
    moved: &Position,
    by_piece: &mut BTreeMap<String, PieceMoves>,
) {
    let (old_legal, new_legal) = (old.legal_moves(pos), new.legal_moves(moved));
    let old_moves = keyed(old, old, &old_legal);
    let new_moves = keyed(old, new, &new_legal);
    let position = old.position_string(pos);
    for (id, m) in &new_moves {
        if !old_moves.contains_key(id) {
            record(
                by_piece,
                mover(new, m),
                Example { position: position.clone(), mv: new.move_text(m), legal_under: "new" },
            );
        }
    }
    for (id, m) in &old_moves {
        if !new_moves.contains_key(id) {
            record(
                by_piece,
                mover(old, m),
                Example { position: position.clone(), mv: old.move_text(m), legal_under: "old" },
            );
        }
    }
}

/// Moves by identity, piece types numbered as the old engine numbers them.
fn keyed<'a>(old: &Engine, own: &Engine, moves: &'a [Move]) -> BTreeMap<Identity, &'a Move> {
    moves.iter().map(|m| (ident(old, own, m), m)).collect()
}

/// The piece type a move is counted under: the mover (or the dropped piece); `-` for a turn
/// without a piece.
fn mover(engine: &Engine, m: &Move) -> String {
    use crate::engine::Kind;
    match m.kind {
        Kind::Null | Kind::Decline => "-".into(),
        _ => engine.piece(m.man.piece).id.clone(),
    }
}

const EXAMPLES: usize = 3;

fn record(by_piece: &mut BTreeMap<String, PieceMoves>, piece: String, example: Example) {
    let entry = by_piece.entry(piece.clone()).or_insert(PieceMoves { piece, gained: 0, lost: 0, examples: Vec::new() });
    if example.legal_under == "new" {
        entry.gained += 1;
    } else {
        entry.lost += 1;
    }
    if entry.examples.len() < EXAMPLES {
        entry.examples.push(example);
    }
}

// ------------------------------------------------------------------------------ perft

fn compare_perft(engines: Option<(&Engine, &Engine)>, depth: u32) -> Perft {
    let not = |reason: &str| Perft { reason: Some(reason.into()), ..Perft::default() };
    if depth == 0 {
        return not("--depth 0");
    }
    let Some((old, new)) = engines else {
        return not("an engine is missing (see the notes)");
    };
    if old.game.setup.is_empty() || new.game.setup.is_empty() {
        return not("a spec states no start position");
    }
    let rows = (1..=depth)
        .map(|d| {
            let (a, b) = (perft(old, d), perft(new, d));
            PerftRow { depth: d, old: a, new: b, difference: b as i64 - a as i64 }
        })
        .collect();
    Perft { compared: true, reason: None, rows }
}

/// Perft from the start position (in parallel over the root moves).
fn perft(engine: &Engine, depth: u32) -> u64 {
    divide(engine, &engine.start(), depth, false).0.iter().map(|(_, n)| n).sum()
}

// ----------------------------------------------------------------- clauses and readings

fn compare_clauses(old: &LoadedSpec, new: &LoadedSpec) -> Clauses {
    let index = |s: &LoadedSpec| -> BTreeMap<String, ClauseFacts> {
        s.all_clauses().into_iter().map(|c| (c.id.get_ref().clone(), ClauseFacts::of(c, s))).collect()
    };
    let (added, removed, changed) = match_by_id(&index(old), &index(new), ClauseFacts::reference, |x, y| {
        let mut found: Vec<Change> =
            [("text", &x.text, &y.text), ("status", &x.status, &y.status), ("encode", &x.encode, &y.encode)]
                .into_iter()
                .filter_map(|(what, p, q)| change(what, Some(p.clone()), Some(q.clone())))
                .collect();
        // What the clause encodes, path by path (the clause lock's view, src/spec/lock.rs): the
        // clauses whose words to re-read after an edit.
        for (path, old_value) in &x.values {
            if let Some(new_value) = y.values.get(path) {
                found.extend(change(format!("value of {path}"), Some(old_value.clone()), Some(new_value.clone())));
            }
        }
        found
    });
    Clauses { added, removed, changed }
}

/// Two sides' elements keyed by id: those only in `b` (added), those only in `a` (removed),
/// each as `reference` makes it, and those in both with a non-empty list of `changes`.
fn match_by_id<T, R>(
    a: &BTreeMap<String, T>,
    b: &BTreeMap<String, T>,
    reference: impl Fn(&T, &str) -> R,
    changes: impl Fn(&T, &T) -> Vec<Change>,
) -> (Vec<R>, Vec<R>, Vec<Changed>) {
    let only = |x: &BTreeMap<String, T>, y: &BTreeMap<String, T>| -> Vec<R> {
        x.iter().filter(|(id, _)| !y.contains_key(*id)).map(|(id, t)| reference(t, id)).collect()
    };
    let changed = a
        .iter()
        .filter_map(|(id, x)| {
            let found = changes(x, b.get(id)?);
            (!found.is_empty()).then(|| Changed { id: id.clone(), changes: found })
        })
        .collect();
    (only(b, a), only(a, b), changed)
}

/// What is compared of a clause.
struct ClauseFacts {
    text: String,
    status: String,
    encode: String,
    /// Encode path -> the value(s) there.
    values: BTreeMap<String, String>,
}

impl ClauseFacts {
    fn of(c: &crate::spec::Clause, spec: &LoadedSpec) -> Self {
        let paths = encode_paths(c);
        ClauseFacts {
            text: c.text.clone(),
            status: c.status.get_ref().name().into(),
            encode: paths.join(", "),
            values: paths.iter().map(|p| (p.clone(), crate::spec::lock::encoded_text(spec, p))).collect(),
        }
    }

    fn reference(&self, id: &str) -> ClauseRef {
        ClauseRef { id: id.into(), status: self.status.clone(), text: self.text.clone() }
    }
}

fn compare_readings(old: &[&Reading], new: &[&Reading]) -> Readings {
    let index = |rs: &[&Reading]| -> BTreeMap<String, Reading> {
        rs.iter().map(|r| (r.id.get_ref().clone(), (*r).clone())).collect()
    };
    let reference = |r: &Reading, id: &str| ReadingRef {
        id: id.to_string(),
        default: r.default.get_ref().clone(),
        options: r.options.iter().map(|o| o.name.get_ref().clone()).collect(),
    };
    let (added, removed, changed) = match_by_id(&index(old), &index(new), reference, reading_changes);
    Readings { added, removed, changed }
}

fn reading_changes(x: &Reading, y: &Reading) -> Vec<Change> {
    let mut out = Vec::new();
    out.extend(change("default", Some(x.default.get_ref().clone()), Some(y.default.get_ref().clone())));
    let names = |r: &Reading| -> BTreeSet<String> { r.options.iter().map(|o| o.name.get_ref().clone()).collect() };
    let (nx, ny) = (names(x), names(y));
    let listed = |s: Vec<&String>| (!s.is_empty()).then(|| s.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", "));
    out.extend(change("options", listed(nx.difference(&ny).collect()), listed(ny.difference(&nx).collect())));
    for name in nx.intersection(&ny) {
        let what = |r: &Reading| r.options.iter().find(|o| o.name.get_ref() == name).map(option_text);
        out.extend(change(format!("option.{name}"), what(x), what(y)));
    }
    out
}

/// What an option means and does, as one line: `means; set a = 1, b = 2; unset c`.
fn option_text(o: &crate::spec::model::ReadingOption) -> String {
    let mut text = o.means.clone();
    if !o.set.is_empty() {
        let set: Vec<String> = o.set.iter().map(|(p, v)| format!("{p} = {v}")).collect();
        text.push_str(&format!("; set {}", set.join(", ")));
    }
    if !o.unset.is_empty() {
        text.push_str(&format!("; unset {}", o.unset.join(", ")));
    }
    text
}

// ------------------------------------------------------------------------------ invariants

fn compare_invariants(old: &LoadedSpec, new: &LoadedSpec, opts: &Options, notes: &mut Vec<String>) -> Invariants {
    let path_of = |spec: &LoadedSpec, given: &Option<PathBuf>| {
        given.clone().unwrap_or_else(|| default_properties_path(std::path::Path::new(&spec.path)))
    };
    let (old_file, a) = read_properties(path_of(old, &opts.old_properties));
    let (new_file, b) = read_properties(path_of(new, &opts.new_properties));
    for f in [&old_file, &new_file] {
        if let Some(e) = &f.error {
            notes.push(format!("{}: invariants not compared: {e}", f.path));
        }
    }
    let (Some(a), Some(b)) = (a, b) else {
        return Invariants { old_file, new_file, ..Invariants::default() };
    };
    let index = |p: &Properties| -> BTreeMap<String, properties::Invariant> {
        p.invariants.iter().map(|i| (i.id.clone(), i.clone())).collect()
    };
    let reference = |i: &properties::Invariant, id: &str| InvariantRef {
        id: id.to_string(),
        kind: i.kind.name().into(),
        clauses: i.clauses.clone(),
    };
    let (added, removed, changed) = match_by_id(&index(&a), &index(&b), reference, invariant_changes);
    Invariants { old_file, new_file, compared: true, added, removed, changed }
}

/// The kind by name, its parameters (when the kind is the same), the clauses cited.
fn invariant_changes(x: &properties::Invariant, y: &properties::Invariant) -> Vec<Change> {
    let mut out = Vec::new();
    out.extend(change("kind", Some(x.kind.name().into()), Some(y.kind.name().into())));
    if x.kind.name() == y.kind.name() && x.kind != y.kind {
        out.push(Change {
            path: "parameters".into(),
            old: Some(format!("{:?}", x.kind)),
            new: Some(format!("{:?}", y.kind)),
        });
    }
    out.extend(change("clauses", Some(x.clauses.join(", ")), Some(y.clauses.join(", "))));
    out
}

fn read_properties(path: PathBuf) -> (PropertiesFile, Option<Properties>) {
    let shown = path.display().to_string();
    let file = |state, error| PropertiesFile { path: shown.clone(), state, error };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (file("missing", None), None),
        Err(e) => return (file("invalid", Some(format!("cannot read it: {e}"))), None),
    };
    let text = match properties::text(&shown, bytes) {
        Ok(t) => t,
        Err(e) => return (file("invalid", Some(e)), None),
    };
    match properties::parse(&shown, &text) {
        Ok(p) => (file("read", None), Some(p)),
        Err(e) => (file("invalid", Some(e)), None),
    }
}

// ------------------------------------------------------------------------------ output

/// The diff as JSON: every field of `SpecDiff`, plus `identical`.
pub fn to_json(diff: &SpecDiff) -> Value {
    let mut v = serde_json::to_value(diff).expect("JSON of plain values");
    v["identical"] = Value::Bool(diff.is_empty());
    v
}

/// The diff as text tables (psql style) or Markdown; a section with nothing says "no change".
pub fn render(diff: &SpecDiff, markdown: bool) -> String {
    let mut out = String::new();
    let title = format!("{} ({}) -> {} ({})", diff.old.path, diff.old.name, diff.new.path, diff.new.name);
    if markdown {
        out.push_str(&format!("# kensho diff: {title}\n\n"));
    } else {
        out.push_str(&terminal::prose(&format!("kensho diff: {title}\n"), 2));
    }
    let sections: [(&str, String); 8] = [
        ("Board, zones and setup", changes_table(&diff.board, markdown)),
        ("Rule settings", changes_table(&diff.settings, markdown)),
        ("Pieces", render_pieces(&diff.pieces, markdown)),
        ("Legal moves on sample positions", render_samples(&diff.samples, markdown)),
        ("Perft from the start positions", render_perft(&diff.perft, markdown)),
        ("Clauses", render_clauses(&diff.clauses, markdown)),
        ("Readings", render_readings(&diff.readings, markdown)),
        ("Invariants", render_invariants(&diff.invariants, markdown)),
    ];
    for (heading, body) in sections {
        section(&mut out, heading, &body, markdown);
    }
    if !diff.notes.is_empty() {
        let body: String = diff.notes.iter().map(|n| format!("- {n}\n")).collect();
        section(&mut out, "Notes", &body, markdown);
    }
    let verdict = if diff.is_empty() { "no difference" } else { "the specs differ" };
    out.push_str(&format!("\n{verdict}\n"));
    out
}

fn section(out: &mut String, heading: &str, body: &str, markdown: bool) {
    let body = if body.trim().is_empty() { "no change\n" } else { body.trim_start_matches('\n') };
    if markdown {
        out.push_str(&format!("\n## {heading}\n\n{body}"));
    } else {
        out.push_str(&format!("\n{heading}:\n{body}"));
    }
}

/// A table in Markdown, or for the terminal fitted to its width as `fits` say.
fn styled<T: tabled::Tabled>(rows: Vec<T>, markdown: bool, fits: &[Fit]) -> String {
    if markdown {
        let mut table = tabled::Table::new(rows);
        table.with(tabled::settings::Style::markdown());
        // A Markdown table needs blank lines around it to stand apart from the lines above.
        format!("\n{table}\n\n")
    } else {
        format!("{}\n", terminal::table(&rows, fits))
    }
}

/// One line of a section: a list item in Markdown (so that lines do not run together), or
/// prose wrapped to the terminal.
fn line(text: &str, markdown: bool) -> String {
    if markdown {
        format!("- {text}\n")
    } else {
        terminal::prose(&format!("{text}\n"), 2)
    }
}

/// A list in a table cell: every item in Markdown, else the first few and how many more.
fn list_cell(items: &[String], markdown: bool) -> String {
    const SHOWN: usize = 12;
    if markdown || items.len() <= SHOWN {
        return items.join(", ");
    }
    format!("{} … (+{} more)", items[..SHOWN].join(", "), items.len() - SHOWN)
}

fn cell(text: &Option<String>, markdown: bool) -> String {
    let t = text.clone().unwrap_or_else(|| "-".into());
    if markdown {
        t.replace('|', "\\|")
    } else {
        shorten(&t, 70)
    }
}

fn changes_table(changes: &[Change], markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        path: String,
        old: String,
        new: String,
    }
    if changes.is_empty() {
        return String::new();
    }
    let rows =
        changes.iter().map(|c| Row { path: c.path.clone(), old: cell(&c.old, markdown), new: cell(&c.new, markdown) });
    styled(rows.collect(), markdown, &[Fit::wrap("path", 16), Fit::wrap("old", 16), Fit::wrap("new", 16)])
}

fn render_pieces(p: &Pieces, markdown: bool) -> String {
    let mut out = String::new();
    let names =
        |list: &[PieceRef]| list.iter().map(|r| format!("{} ({})", r.id, r.name)).collect::<Vec<_>>().join(", ");
    if !p.added.is_empty() {
        out.push_str(&line(&format!("added: {}", names(&p.added)), markdown));
    }
    if !p.removed.is_empty() {
        out.push_str(&line(&format!("removed: {}", names(&p.removed)), markdown));
    }
    let attributes: Vec<Change> = p.changed.iter().flat_map(|c| c.attributes.iter().cloned()).collect();
    out.push_str(&changes_table(&attributes, markdown));
    out.push_str(&reach_table(p, markdown));
    out
}

fn reach_table(p: &Pieces, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        piece: String,
        #[tabled(rename = "move set")]
        set: String,
        #[tabled(rename = "moves gained")]
        moves_gained: String,
        #[tabled(rename = "moves lost")]
        moves_lost: String,
        #[tabled(rename = "captures gained")]
        captures_gained: String,
        #[tabled(rename = "captures lost")]
        captures_lost: String,
    }
    let rows: Vec<Row> = p
        .changed
        .iter()
        .flat_map(|c| {
            c.empty_board.iter().map(move |r| Row {
                piece: c.id.clone(),
                set: format!("{} from {}", r.move_set, r.from),
                moves_gained: list_cell(&r.moves_gained, markdown),
                moves_lost: list_cell(&r.moves_lost, markdown),
                captures_gained: list_cell(&r.captures_gained, markdown),
                captures_lost: list_cell(&r.captures_lost, markdown),
            })
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let heading = line("on an empty board (first player; captures of a lone enemy):", markdown);
    const FITS: [Fit; 5] = [
        Fit::wrap("move set", 10),
        Fit::wrap("moves gained", 10),
        Fit::wrap("moves lost", 10),
        Fit::wrap("captures gained", 10),
        Fit::wrap("captures lost", 10),
    ];
    format!("{heading}{}", styled(rows, markdown, &FITS))
}

fn render_samples(s: &Samples, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        piece: String,
        gained: usize,
        lost: usize,
    }
    if !s.compared {
        return format!("not compared: {}\n", s.reason.as_deref().unwrap_or(""));
    }
    let mut out = String::new();
    if s.transferred < s.positions {
        let skipped = format!(
            "{} of {} positions hold a piece the new spec lacks and were not compared",
            s.positions - s.transferred,
            s.positions
        );
        out.push_str(&line(&skipped, markdown));
    }
    let sampled =
        format!("{} positions (the start position and positions of random games under the old rules)", s.positions);
    if s.pieces.is_empty() {
        out.push_str(&line(&format!("no change over {sampled}"), markdown));
        return out;
    }
    out.push_str(&line(&format!("{sampled}:"), markdown));
    let rows = s.pieces.iter().map(|p| Row { piece: p.piece.clone(), gained: p.gained, lost: p.lost });
    out.push_str(&styled(rows.collect(), markdown, &[]));
    for p in &s.pieces {
        for e in &p.examples {
            let what = if e.legal_under == "new" { "gained" } else { "lost" };
            let code = |t: &str| if markdown { format!("`{t}`") } else { t.to_string() };
            out.push_str(&line(&format!("{what}: {} in {}", code(&e.mv), code(&e.position)), markdown));
        }
    }
    out
}

fn render_perft(p: &Perft, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        depth: u32,
        old: u64,
        new: u64,
        difference: String,
    }
    if !p.compared {
        return format!("not compared: {}\n", p.reason.as_deref().unwrap_or(""));
    }
    if p.rows.iter().all(|r| r.difference == 0) {
        let counts: Vec<String> = p.rows.iter().map(|r| format!("perft {} = {}", r.depth, r.old)).collect();
        return format!("no change ({})\n", counts.join(", "));
    }
    let rows = p.rows.iter().map(|r| Row {
        depth: r.depth,
        old: r.old,
        new: r.new,
        difference: format!("{:+}", r.difference),
    });
    styled(rows.collect(), markdown, &[])
}

fn added_removed_changed(added: Vec<String>, removed: Vec<String>, changed: &[Changed], markdown: bool) -> String {
    let mut out = String::new();
    for a in added {
        out.push_str(&line(&format!("added: {a}"), markdown));
    }
    for r in removed {
        out.push_str(&line(&format!("removed: {r}"), markdown));
    }
    let rows: Vec<Change> = changed
        .iter()
        .flat_map(|c| c.changes.iter().map(move |ch| Change { path: format!("{} {}", c.id, ch.path), ..ch.clone() }))
        .collect();
    out.push_str(&changes_table(&rows, markdown));
    out
}

fn render_clauses(c: &Clauses, markdown: bool) -> String {
    let line = |r: &ClauseRef| format!("{} ({}): {}", r.id, r.status, shorten(&r.text, 80));
    added_removed_changed(
        c.added.iter().map(line).collect(),
        c.removed.iter().map(line).collect(),
        &c.changed,
        markdown,
    )
}

fn render_readings(r: &Readings, markdown: bool) -> String {
    let line = |r: &ReadingRef| format!("{} (default {}; options {})", r.id, r.default, r.options.join(", "));
    added_removed_changed(
        r.added.iter().map(line).collect(),
        r.removed.iter().map(line).collect(),
        &r.changed,
        markdown,
    )
}

fn render_invariants(i: &Invariants, markdown: bool) -> String {
    if !i.compared {
        let state = |f: &PropertiesFile| format!("{} is {}", f.path, f.state);
        return format!("not compared: {}; {}\n", state(&i.old_file), state(&i.new_file));
    }
    let line = |r: &InvariantRef| format!("{} ({}; {})", r.id, r.kind, r.clauses.join(", "));
    added_removed_changed(
        i.added.iter().map(line).collect(),
        i.removed.iter().map(line).collect(),
        &i.changed,
        markdown,
    )
}

#[derive(clap::Args)]
#[command(
    after_help = "Compares the statements (board, zones, setup, rule settings, piece attributes, clauses, readings, the invariants of properties/<stem>.toml), each piece's reach on an empty board from the central square, the legal moves of every piece type on sample positions (the old start position and positions of seeded random games under the old rules, each carried over to the new spec), and perft from each start position (docs/diff.md). A --reading applies to each spec that has that reading. Exit status: 0 no difference, 1 differences, 2 bad input."
)]
pub struct Args {
    /// The old spec file.
    pub old: std::path::PathBuf,
    /// The new spec file.
    pub new: std::path::PathBuf,
    /// Perft from each start position at depths 1 to DEPTH (0: no perft).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    /// Sample positions in all: the start position, then positions of random games (0: none).
    #[arg(long, default_value_t = 200)]
    pub samples: usize,
    /// Seed of the random games (default: from the clock; printed either way).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Switch a reading: READING=OPTION (repeatable; applied to each spec that has it).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub readings: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: CheckFormat,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&[args.old.clone(), args.new.clone()])?;
    let choices = cli::choices(&args.readings)?;
    let seed = cli::seed(args.seed);
    let opts = Options { depth: args.depth, samples: args.samples, seed, choices, ..Default::default() };
    let result = compare(&specs[0], &specs[1], &opts)?;
    for w in &result.warnings {
        eprintln!("warning: {w}");
    }
    let mut out = Output::new();
    match args.format {
        CheckFormat::Table => out.print(render(&result, false)),
        CheckFormat::Markdown => out.print(render(&result, true)),
        CheckFormat::Json => out.json(&to_json(&result)),
    }
    out.fail_if(!result.is_empty());
    Ok(out)
}
