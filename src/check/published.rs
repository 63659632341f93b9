//! The published move strings against the rules (issue 22, item 7). An Interactive Diagram plays
//! each piece's XBetza string as XBetza defines it; the spec's rule settings (rank-limited
//! jumps, burn immunity, confinement, freezing, zone moves, skip rules ...) take moves away from
//! that string or add moves it lacks. Where they do, a player who trusts the document's diagram
//! plays a different game, and lint says so: which piece, which setting, how many moves, and
//! one position where it shows.
//!
//! How: every piece type is placed on a few empty squares of sample positions (an empty board,
//! the start, and positions from fixed-seed random games), and its moves there are compared as
//! identities (destination and captured squares) between the string alone
//! (`xbetza::generate`) and the engine before the self-check judgement
//! (`Engine::pseudo_moves_from`: check is a rule the diagram plays too). A difference is put down
//! to the setting whose removal makes the engine agree with the string on that move: the
//! piece's abilities first (every piece's, since a freezer or a screen belongs to another), then
//! the game's `rules.*` tables; a difference no single removal explains is reported as the rules
//! together.

use crate::core::{Color, PieceId};
use crate::engine::generate::occupancy;
use crate::engine::{Engine, Man, MoveKind, Position};
use crate::geometry::Square;
use crate::random::SplitMix64;
use crate::spec::abilities::Ability;
use crate::spec::finding::{Finding, Severity};
use crate::spec::lint::Citations;
use crate::spec::rules::Rule;
use crate::spec::LoadedSpec;
use crate::xbetza::generate::{generate, PieceMove, StepKind};
use std::collections::{BTreeMap, BTreeSet};

/// A move as both sides of the comparison can state it: destination and captured squares.
pub type Identity = (Square, Vec<Square>);

/// Random games sampled, their length, and every how many plies a position is kept.
const GAMES: u64 = 3;
const PLIES: usize = 40;
const EVERY: usize = 8;
/// Empty squares each piece type is placed on, per sample position.
const SQUARES_PER_SAMPLE: usize = 6;
/// The fixed seed: lint says the same thing on every run.
const SEED: u64 = 0x6b65_6e73_686f;

/// The findings for one spec under its default readings (none when the engine cannot play it:
/// lint reports that elsewhere).
pub fn findings(spec: &LoadedSpec) -> Vec<Finding> {
    let Ok((engine, _)) = Engine::for_moves(&spec.game) else { return Vec::new() };
    let placements = placements(&engine);
    let mut differences: BTreeMap<PieceId, Vec<Difference>> = BTreeMap::new();
    for (at, placement) in placements.iter().enumerate() {
        let (only_string, only_rules) = compare(&engine, &placement.pos, placement.sq);
        let list = differences.entry(placement.piece).or_default();
        let both = only_string.into_iter().map(|i| (i, true)).chain(only_rules.into_iter().map(|i| (i, false)));
        for (identity, string_gives) in both {
            list.push(Difference { at, identity, string_gives });
        }
    }
    differences.retain(|_, list| !list.is_empty());
    if differences.is_empty() {
        return Vec::new();
    }
    let mut causes = Causes::new(spec);
    let cite = Citations::new(spec);
    let mut out = Vec::new();
    for (piece, list) in differences {
        // (cause, does the string give the move) -> the differences it explains.
        let mut by_cause: BTreeMap<(usize, bool), Vec<&Difference>> = BTreeMap::new();
        for d in &list {
            by_cause.entry((causes.explain(&placements[d.at], d), d.string_gives)).or_default().push(d);
        }
        let placed = placements.iter().filter(|p| p.piece == piece).count();
        for ((cause, string_gives), ds) in by_cause {
            let found = Found { piece, cause, string_gives, differences: &ds, placed };
            out.push(finding(spec, &engine, &cite, &causes, &placements, &found));
        }
    }
    out
}

/// A piece type on an empty square of a sample position, its player to move.
struct Placement {
    pos: Position,
    sq: Square,
    piece: PieceId,
}

/// One move on which the string and the rules disagree.
struct Difference {
    /// Which placement (an index into the list of placements).
    at: usize,
    identity: Identity,
    /// The string gives it and the rules do not (else the reverse).
    string_gives: bool,
}

/// The moves of the man on `sq` that only its XBetza string gives, and those that only the
/// rules give, each as (destination, captured squares), sorted.
pub fn compare(engine: &Engine, pos: &Position, sq: Square) -> (Vec<Identity>, Vec<Identity>) {
    let string = string_moves(engine, pos, sq);
    let rules = rule_moves(engine, pos, sq);
    (string.difference(&rules).cloned().collect(), rules.difference(&string).cloned().collect())
}

/// The piece's XBetza string alone, as the diagram plays it (the spec's compiled string, before
/// the engine widens it for its abilities).
fn string_moves(engine: &Engine, pos: &Position, sq: Square) -> BTreeSet<Identity> {
    string_paths(engine, pos, sq).iter().map(PieceMove::identity).collect()
}

/// Every path the string of the man on `sq` gives, one per identity.
fn string_paths(engine: &Engine, pos: &Position, sq: Square) -> Vec<PieceMove> {
    let Some(man) = pos.at(sq) else { return Vec::new() };
    let id = &engine.piece(man.piece).id;
    let Some(piece) = engine.game.pieces.iter().find(|p| &p.id == id) else { return Vec::new() };
    generate(&piece.moves, &occupancy(pos, man.player), sq, engine.orientation(man.player))
}

/// The engine's moves of the man on `sq` that move it or capture with it (promotions in place,
/// drops and null moves are not the piece's string's business).
fn rule_moves(engine: &Engine, pos: &Position, sq: Square) -> BTreeSet<Identity> {
    engine
        .pseudo_moves_from(pos, sq)
        .into_iter()
        .filter(|m| {
            matches!(m.kind, MoveKind::Normal | MoveKind::Capture | MoveKind::Igui | MoveKind::Pass | MoveKind::Burn)
        })
        .filter_map(|m| {
            let mut captures: Vec<Square> = m.captures.iter().map(|c| c.0).collect();
            captures.sort();
            Some((m.to?, captures))
        })
        .collect()
}

/// Every piece type of either player on a few empty squares of every sample position, with that
/// player to move.
fn placements(engine: &Engine) -> Vec<Placement> {
    let mut rng = SplitMix64::new(SEED);
    let mut out = Vec::new();
    for (i, sample) in samples(engine).iter().enumerate() {
        let empty: Vec<Square> = engine.game.board.squares().filter(|&sq| sample.at(sq).is_none()).collect();
        for piece in (0..engine.pieces.len()).map(PieceId::new) {
            for player in Color::ALL.into_iter().filter(|p| i == 0 || p.index() == i % 2) {
                for _ in 0..SQUARES_PER_SAMPLE.min(empty.len()) {
                    let sq = empty[rng.below(empty.len())];
                    let mut pos = sample.clone();
                    pos.put(&engine.zobrist, sq, Some(Man { player, piece }));
                    pos.set_side(&engine.zobrist, player);
                    pos.set_extra_turn(&engine.zobrist, false);
                    out.push(Placement { pos, sq, piece });
                }
            }
        }
    }
    out
}

/// The empty board (both players' pieces are placed on it), then the start position and
/// positions from fixed-seed random games, where other pieces block, screen, freeze and get
/// jumped.
fn samples(engine: &Engine) -> Vec<Position> {
    let mut out = vec![Position::empty(engine.game.board, engine.pieces.len())];
    if engine.game.setup.is_empty() {
        return out;
    }
    let start = engine.start();
    out.push(start.clone());
    for seed in 1..=GAMES {
        let mut ply = 0;
        engine.random_game(&start, SEED ^ seed, PLIES, |_, _, after| {
            ply += 1;
            if ply % EVERY == 0 {
                out.push(after.clone());
            }
        });
    }
    out
}

/// The settings a difference may be put down to, each with the engine built without it (built
/// when first asked).
struct Causes<'s> {
    spec: &'s LoadedSpec,
    list: Vec<Cause>,
}

struct Cause {
    /// What it removes: `piece.BG.ability.jump` for every piece that has it, or a `rules.*` table.
    paths: Vec<String>,
    /// The ability's name (`jump`), or None for a rules table.
    ability: Option<String>,
    engine: Option<Option<Engine>>,
}

/// The index of "the rules together": no single removal explains the difference.
const TOGETHER: usize = usize::MAX;

impl<'s> Causes<'s> {
    fn new(spec: &'s LoadedSpec) -> Self {
        // Read from the spec as written: each piece's `[piece.ability.*]` keys.
        let mut abilities: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let pieces = spec.value.get("piece").and_then(toml::Value::as_array).map_or(&[][..], Vec::as_slice);
        for piece in pieces {
            let Some(id) = piece.get("id").and_then(toml::Value::as_str) else { continue };
            let Some(table) = piece.get("ability").and_then(toml::Value::as_table) else { continue };
            for name in table.keys() {
                abilities.entry(name.clone()).or_default().push(Ability::piece_path_of(id, name));
            }
        }
        let mut list: Vec<Cause> =
            abilities.into_iter().map(|(name, paths)| Cause { paths, ability: Some(name), engine: None }).collect();
        if let Some(rules) = spec.value.get("rules").and_then(toml::Value::as_table) {
            for key in rules.keys().filter(|k| rules[k.as_str()].is_table()) {
                list.push(Cause { paths: vec![Rule::spec_path_of(key)], ability: None, engine: None });
            }
        }
        Causes { spec, list }
    }

    /// The first cause whose removal makes the rules agree with the string on this move.
    fn explain(&mut self, placement: &Placement, d: &Difference) -> usize {
        for i in 0..self.list.len() {
            let spec = self.spec;
            let cause = &mut self.list[i];
            let engine = cause.engine.get_or_insert_with(|| without(spec, &cause.paths));
            let Some(engine) = engine else { continue };
            if rule_moves(engine, &placement.pos, placement.sq).contains(&d.identity) == d.string_gives {
                return i;
            }
        }
        TOGETHER
    }

    /// The cause as a reader looks it up: the mover's own ability path, the paths of the pieces
    /// holding another's ability (a freezer), or the rules table.
    fn name(&self, cause: usize, mover: &str) -> (String, Vec<String>) {
        let Some(c) = self.list.get(cause) else {
            return ("the rules together (no single setting explains it)".to_string(), Vec::new());
        };
        let own = c.paths.iter().find(|p| Ability::holder(p) == Some(mover));
        match (&c.ability, own) {
            (Some(name), Some(path)) => (format!("its {name} ability (`{path}`)"), vec![path.clone()]),
            (Some(name), None) => {
                let holders: Vec<&str> = c.paths.iter().filter_map(|p| Ability::holder(p)).collect();
                (format!("the {name} ability of {}", holders.join(", ")), c.paths.clone())
            }
            (None, _) => (format!("`{}`", c.paths[0]), c.paths.clone()),
        }
    }
}

/// The engine for the game without the values at `paths`. Where the engine cannot play that
/// game because a rule needs what was removed (Ryu's `rules.zone-moves.promoted` needs zone
/// moves), the values it names are removed too, once.
fn without(spec: &LoadedSpec, paths: &[String]) -> Option<Engine> {
    let game = spec.game_without(paths).ok()?;
    match Engine::for_moves(&game) {
        Ok((engine, _)) => Some(engine),
        Err(unplayable) => {
            let mut more = paths.to_vec();
            for u in unplayable {
                if !more.contains(&u.path) {
                    more.push(u.path);
                }
            }
            Engine::for_moves(&spec.game_without(&more).ok()?).ok().map(|(e, _)| e)
        }
    }
}

/// The differences of one piece put down to one cause, in one direction.
struct Found<'d> {
    piece: PieceId,
    cause: usize,
    string_gives: bool,
    differences: &'d [&'d Difference],
    /// How many placements of the piece were looked at.
    placed: usize,
}

fn finding(
    spec: &LoadedSpec,
    engine: &Engine,
    cite: &Citations,
    causes: &Causes<'_>,
    placements: &[Placement],
    found: &Found<'_>,
) -> Finding {
    let Found { piece, cause, string_gives, differences: ds, placed } = *found;
    let p = engine.piece(piece);
    let betza = engine.game.pieces.iter().find(|g| g.id == p.id).map_or("", |g| g.betza.as_str());
    let betza_path = format!("piece.{}.betza", p.id);
    let (cause_text, cause_paths) = causes.name(cause, &p.id);
    let on_diagram = published_in_diagram(spec, &betza_path);
    let example = ds[0];
    let shown = &placements[example.at];
    let boards = ds.iter().map(|d| d.at).collect::<BTreeSet<_>>().len();
    let verb = if string_gives { "takes away" } else { "adds" };
    let whose = if string_gives { "moves its XBetza string gives" } else { "moves its XBetza string does not give" };
    let mut message = format!(
        "{} ({}) `{betza}`: {cause_text} {verb} {} {whose}, in {boards} of {placed} sample placements; e.g. {} in `{}`",
        p.name,
        p.id,
        ds.len(),
        describe(engine, shown, &example.identity, string_gives),
        engine.position_string(&shown.pos),
    );
    if on_diagram {
        message
            .push_str(": a player who trusts the strings of the document's Interactive Diagram plays a different game");
    }
    let readings = readings_on(spec, &cause_paths);
    if !readings.is_empty() {
        message.push_str(&format!(" (readings on this setting: {})", readings.join(", ")));
    }
    let mut clauses = cite.of(&betza_path);
    for path in &cause_paths {
        clauses.extend(cite.of(path));
    }
    clauses.sort();
    clauses.dedup();
    let severity = if on_diagram { Severity::Warning } else { Severity::Info };
    Finding::new(severity, "string-vs-rules", p.id.clone(), message).clauses(clauses).at(spec.path.clone())
}

/// The readings some option of which sets or removes a value at or below one of `paths`: the
/// open points of the document about this setting (Suzumu's captureMatrix, for one).
fn readings_on(spec: &LoadedSpec, paths: &[String]) -> Vec<String> {
    let under = |p: &str| paths.iter().any(|c| p == c || p.starts_with(&format!("{c}.")));
    spec.all_readings()
        .into_iter()
        .filter(|r| {
            r.options.iter().any(|o| {
                o.set.keys().chain(&o.unset).any(|p| {
                    crate::spec::paths::expand_group(&spec.value, p).unwrap_or_default().iter().any(|e| under(e))
                })
            })
        })
        .map(|r| r.id.get_ref().clone())
        .collect()
}

/// Is the piece's string cited from the document's diagram configuration? Then players see it
/// played there; otherwise it is the spec's own notation for the prose.
fn published_in_diagram(spec: &LoadedSpec, betza_path: &str) -> bool {
    spec.all_clauses().iter().any(|c| {
        c.section.to_lowercase().contains("diagram")
            && c.encode.as_ref().is_some_and(|e| e.get_ref().paths().contains(&betza_path))
    })
}

/// "h8 to e11 capturing f10" for one move; for a move of the string, with the path it takes
/// (which squares it passes over is what rank limits and burns judge).
fn describe(engine: &Engine, at: &Placement, identity: &Identity, of_string: bool) -> String {
    let (to, captures) = identity;
    let from = at.sq;
    let mut text = if *to == from {
        format!("on {} without moving", from.name())
    } else {
        format!("{} to {}", from.name(), to.name())
    };
    if !captures.is_empty() {
        let names: Vec<String> = captures.iter().map(Square::name).collect();
        text.push_str(&format!(" capturing {}", names.join(", ")));
    }
    let path = of_string.then(|| string_path(engine, at, identity)).flatten();
    if let Some(steps) = path.filter(|steps| steps.len() > 1) {
        text.push_str(&format!(" (path {})", steps.join(", ")));
    }
    text
}

/// The legs of the string's move with this identity: "l5 hop, k4 hop, j3 capture".
fn string_path(engine: &Engine, at: &Placement, identity: &Identity) -> Option<Vec<String>> {
    let moves = string_paths(engine, &at.pos, at.sq);
    let pm = moves.iter().find(|pm| &pm.identity() == identity)?;
    Some(
        pm.path
            .iter()
            .map(|step| {
                let kind = match step.kind {
                    StepKind::Move => "step",
                    StepKind::Capture => "capture",
                    StepKind::Hop => "hop",
                };
                format!("{} {kind}", step.square.name())
            })
            .collect(),
    )
}
