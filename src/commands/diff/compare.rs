//! The statements of two specs compared (board, zones, setup, rule settings, pieces and their
//! empty-board reach, clauses, readings, invariants), by id.

use super::model::*;
use super::Options;
use crate::check::coverage::encode_paths;
use crate::check::properties::{self, Properties};
use crate::commands::check::default_properties_path;
use crate::core::Color;
use crate::engine::Engine;
use crate::geometry::Square;
use crate::report::diagram::centre;
use crate::spec::game::GameSpec;
use crate::spec::model::SecondPlayer;
use crate::spec::settings::Setting;
use crate::spec::{LoadedSpec, Reading};
use crate::xbetza::{CompiledBetza, Probe};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

// ---------------------------------------------------------------- board, zones, setup, rules

fn change(path: impl Into<String>, old: Option<String>, new: Option<String>) -> Option<Change> {
    (old != new).then(|| Change { path: path.into(), old, new })
}

pub(super) fn board_changes(old: &GameSpec, new: &GameSpec) -> Vec<Change> {
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
pub(super) fn group_changes(old: &GameSpec, new: &GameSpec) -> Vec<Change> {
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
    for p in game.setup.iter().filter(|p| p.player == Color::Black) {
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
pub(super) fn setting_changes(
    prefix: &str,
    old: &BTreeMap<String, Setting>,
    new: &BTreeMap<String, Setting>,
) -> Vec<Change> {
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

pub(super) fn compare_pieces(old: &GameSpec, new: &GameSpec, engines: Option<(&Engine, &Engine)>) -> Pieces {
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

// ----------------------------------------------------------------- clauses and readings

pub(super) fn compare_clauses(old: &LoadedSpec, new: &LoadedSpec) -> Clauses {
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

pub(super) fn compare_readings(old: &[&Reading], new: &[&Reading]) -> Readings {
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

pub(super) fn compare_invariants(
    old: &LoadedSpec,
    new: &LoadedSpec,
    opts: &Options,
    notes: &mut Vec<String>,
) -> Invariants {
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
