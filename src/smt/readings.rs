//! Reading witnesses: for every reading, each non-default option against the default. What the
//! two games differ in decides the query (docs/smt.md, "Reading witnesses"):
//! - a piece's moves (its XBetza, an XBetza reading, a zone move): Z3 over the symbolic paths of
//!   both alternatives in a window, asking for an occupancy where some move is made by one only;
//! - a rule with its own encoding (`fragments`): the skip limit, freezing, rank-limited jumping,
//!   burning, drop bans;
//! - anything else: a search over seeded games and designed positions, comparing the engine's
//!   moves and results under both options (labelled "search", never "proved"): `witness::search`,
//!   `witness::lines`, and for options that change how games end `witness::outcomes` first.
//!
//! Every witness is a position the engine confirms under both alternatives (the differing moves
//! appear), shrunk to the pieces the difference needs (`witness::confirm`). Where Z3 proves no difference for every
//! facet in the window, the option is reported as without effect there.

use super::board::SymBoard;
use super::fragments;
use super::symbolic::{all_paths, holds, SymPath, Window};
use super::{solve, Answer, Limits, Verdict};
use crate::core::{Color, PieceId};
use crate::engine::Engine;
use crate::geometry::Square;
use crate::spec::abilities::Ability;
use crate::spec::game::GameSpec;
use crate::spec::load::LoadedSpec;
use crate::spec::rules::Rule;
use crate::witness::changes::{changes, effect, moves_differ};
use crate::witness::compare::transfer;
use crate::witness::confirm::confirm_moves;
use crate::witness::lines::lines;
use crate::witness::search::search;
use crate::witness::{Pair, Witness};
use crate::xbetza::compile::CompiledBetza;
use crate::xbetza::Orientation;
use serde::Serialize;
use std::collections::BTreeMap;
use z3::ast::Bool;

#[derive(Clone, Debug, Serialize)]
pub struct ReadingReport {
    pub reading: String,
    pub(crate) question: String,
    pub(crate) clauses: Vec<String>,
    pub default: String,
    /// One per non-default option, each against the default.
    pub comparisons: Vec<Comparison>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub option: String,
    /// The spec paths whose values differ between the two games.
    pub changes: Vec<String>,
    /// moves | rules | outcome | setup | none
    pub effect: String,
    /// How the answer was found: "z3: moves of FD", "z3: skip limit", "search", ...
    pub method: String,
    pub verdict: Verdict,
    pub summary: String,
    pub witness: Option<Witness>,
}

/// Every reading of `spec` (its own and its base's that it may switch).
pub fn reading_witnesses(spec: &LoadedSpec, limits: &Limits, seed: u64) -> Vec<ReadingReport> {
    reading_witnesses_of(spec, limits, seed, &[])
}

/// The readings of `spec` named in `only` (all when it is empty).
pub fn reading_witnesses_of(spec: &LoadedSpec, limits: &Limits, seed: u64, only: &[String]) -> Vec<ReadingReport> {
    let mut out = Vec::new();
    for r in &spec.spec.readings {
        let rid = r.id.get_ref();
        if !only.is_empty() && !only.contains(rid) {
            continue;
        }
        let default = r.default.get_ref();
        let mut report = ReadingReport {
            reading: rid.clone(),
            question: r.question.clone(),
            clauses: r.clauses.iter().map(|c| c.get_ref().clone()).collect(),
            default: default.clone(),
            comparisons: Vec::new(),
        };
        let Some(base) = spec.alternative(rid, default) else { continue };
        for o in &r.options {
            let name = o.name.get_ref();
            if name == default {
                continue;
            }
            let Some(other) = spec.alternative(rid, name) else { continue };
            report.comparisons.push(compare_options(base, other, default, name, limits, seed));
        }
        out.push(report);
    }
    out
}

/// One facet's answer.
pub enum Facet {
    /// A confirmed witness.
    Found(Witness),
    /// Z3 proved this facet makes no difference (in the window).
    NoEffect(String),
    /// Not decided, with why.
    Open(String),
}

fn compare_options(a: &GameSpec, b: &GameSpec, a_name: &str, b_name: &str, limits: &Limits, seed: u64) -> Comparison {
    let changed = changes(a, b);
    let eff = effect(&changed);
    let mut cmp = Comparison {
        option: b_name.to_string(),
        changes: changed.clone(),
        effect: eff.to_string(),
        method: String::new(),
        verdict: Verdict::Unknown,
        summary: String::new(),
        witness: None,
    };
    if changed.is_empty() {
        cmp.verdict = Verdict::Proved;
        cmp.method = "spec".into();
        cmp.summary = "the two options give the same game".into();
        return cmp;
    }
    // Settings the engine plays alike under both values (config.rs NOT_READ): the same game
    // for the engine, with the reason the engine gives.
    let unread: Option<Vec<String>> = changed
        .iter()
        .map(|c| {
            let key = Rule::from_spec_path(c)?.path();
            let (va, vb) = (a.rules.get(key), b.rules.get(key));
            let why = crate::engine::config::unread(key, va)?;
            crate::engine::config::unread(key, vb)?;
            Some(format!("{c}: {why}"))
        })
        .collect();
    if let Some(reasons) = unread {
        cmp.verdict = Verdict::Proved;
        cmp.method = "engine: settings it plays alike".into();
        cmp.summary = format!("the same legal moves and results under both options: {}", reasons.join("; "));
        return cmp;
    }
    let text = |bad: &[crate::engine::Unplayable]| {
        bad.iter().map(|u| format!("{} = {}: {}", u.path, u.value, u.why)).collect::<Vec<_>>().join("; ")
    };
    // A game-end rule the engine does not play is accepted for counting moves; but when it is
    // what the option changes, the two engines are alike and a search would prove nothing.
    let build = |g: &GameSpec| match Engine::for_moves(g) {
        Ok((e, bad)) => {
            let changed_unplayed: Vec<crate::engine::Unplayable> =
                bad.into_iter().filter(|u| changed.contains(&u.path)).collect();
            if changed_unplayed.is_empty() {
                Ok(e)
            } else {
                Err(text(&changed_unplayed))
            }
        }
        Err(bad) => Err(text(&bad)),
    };
    let (ea, eb) = match (build(a), build(b)) {
        (Ok(ea), Ok(eb)) => (ea, eb),
        (Err(e), _) => {
            cmp.method = "engine".into();
            cmp.summary = format!("the engine does not play {a_name}: {e}");
            return cmp;
        }
        (_, Err(e)) => {
            cmp.method = "engine".into();
            cmp.summary = format!("the engine does not play {b_name}: {e}");
            return cmp;
        }
    };
    let pair = Pair { a: &ea, b: &eb, a_name, b_name };
    if eff == "setup" || a.board != b.board {
        cmp.method = "start positions".into();
        let (sa, sb) = (ea.position_string(&ea.start()), eb.position_string(&eb.start()));
        if a.board != b.board || sa != sb {
            cmp.verdict = Verdict::Witness;
            cmp.summary = format!(
                "the start positions differ ({a_name}: {} pieces, {b_name}: {} pieces)",
                a.setup.len(),
                b.setup.len()
            );
            cmp.witness = Some(Witness {
                position: sb,
                differing: Vec::new(),
                differing_count: 0,
                outcomes: vec![format!("{a_name} starts from {sa}")],
                line: Vec::new(),
            });
        } else {
            cmp.verdict = Verdict::Proved;
            cmp.summary = "the start positions are the same".into();
        }
        return cmp;
    }
    // Z3 facets: each changed piece's moves, then the rule fragments.
    let mut proved: Vec<String> = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut covered: Vec<String> = Vec::new();
    let mut facets: Vec<(String, Box<dyn Fn() -> Facet + '_>)> = Vec::new();
    for c in &changed {
        let Some(rest) = c.strip_prefix("piece.") else { continue };
        // A piece id has no dot; what follows it names the field.
        let (id, field) = rest.split_once('.').unwrap_or((rest, ""));
        if field == "betza" || field == "zone-moves" || field.starts_with(Ability::ZoneMoves.spec_path()) {
            covered.push(c.clone());
            let name = format!("z3: moves of {id}");
            if !facets.iter().any(|(n, _)| n == &name) {
                let id = id.to_string();
                let pair = &pair;
                facets.push((name, Box::new(move || moves_facet(pair, &id, limits))));
            }
        }
    }
    if changed.iter().any(|c| c == Rule::xbetza_table()) {
        covered.push(Rule::xbetza_table().into());
        // The XBetza readings change every piece whose compiled moves differ.
        for p in &a.pieces {
            if b.piece(&p.id).is_some_and(|q| moves_differ(&p.moves, &q.moves))
                && !facets.iter().any(|(n, _)| n == &format!("z3: moves of {}", p.id))
            {
                let id = p.id.clone();
                let pair = &pair;
                facets.push((format!("z3: moves of {id}"), Box::new(move || moves_facet(pair, &id, limits))));
            }
        }
    }
    for (name, handles, run) in fragments::all() {
        let mine: Vec<String> = changed.iter().filter(|c| handles(c)).cloned().collect();
        if mine.is_empty() {
            continue;
        }
        covered.extend(mine);
        let pair = &pair;
        // A fragment that builds its witness without a query says so in its name.
        let label = if name.starts_with("designed:") { name.to_string() } else { format!("z3: {name}") };
        facets.push((label, Box::new(move || run(pair, limits))));
    }
    for (name, run) in &facets {
        match run() {
            Facet::Found(w) => {
                cmp.method = name.clone();
                cmp.verdict = Verdict::Witness;
                cmp.summary = format!("{} move(s) differ", w.differing_count);
                cmp.witness = Some(w);
                return cmp;
            }
            Facet::NoEffect(why) => proved.push(format!("{name}: {why}")),
            Facet::Open(why) => open.push(format!("{name}: {why}")),
        }
    }
    let uncovered: Vec<&String> = changed.iter().filter(|c| !covered.contains(c)).collect();
    if uncovered.is_empty() && open.is_empty() {
        cmp.method = facets.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>().join(", ");
        cmp.verdict = Verdict::Proved;
        cmp.summary = format!("no effect within the window: {}", proved.join("; "));
        return cmp;
    }
    // A rule that changes the start (who moves first): the start positions are the witness.
    if !a.setup.is_empty() && !b.setup.is_empty() {
        let (sa, sb) = (ea.start(), eb.start());
        if transfer(&ea, &eb, &sa).is_some_and(|t| eb.position_string(&t) != eb.position_string(&sb)) {
            cmp.method = "start positions".into();
            cmp.verdict = Verdict::Witness;
            cmp.summary = "the start positions differ".into();
            cmp.witness = Some(Witness {
                position: eb.position_string(&sb),
                differing: Vec::new(),
                differing_count: 0,
                outcomes: vec![format!("{a_name} starts from {}", ea.position_string(&sa))],
                line: Vec::new(),
            });
            return cmp;
        }
    }
    // Search: seeded games and designed positions, both options' moves and results compared.
    let aim_pieces: Vec<PieceId> = changed
        .iter()
        .filter_map(|c| c.strip_prefix("piece."))
        .filter_map(|r| r.split('.').next())
        .filter_map(|id| ea.piece_index(id))
        .collect();
    // Then lines of play from the start under both options: they reach what designed positions
    // do not (histories, captured promoted pieces in hand, burns that happened) and end where
    // the moves or the results first differ.
    // Options that change how games end: designed end positions and lines first (outcomes).
    let by_design =
        if eff == "outcome" { crate::witness::outcomes::designed(&pair, limits.line_plies, seed) } else { None };
    let designed_found = by_design.is_some();
    let found = by_design
        .or_else(|| search(&pair, &aim_pieces, limits.search_positions, seed))
        .or_else(|| lines(&pair, seed, limits.lines, limits.line_plies));
    match found {
        Some(w) => {
            cmp.method = match (designed_found, w.line.is_empty()) {
                (true, true) => "designed end position".into(),
                (true, false) => "designed line".into(),
                (false, true) => "search".into(),
                (false, false) => "search (line of play)".into(),
            };
            cmp.verdict = Verdict::Witness;
            cmp.summary = if w.differing_count > 0 {
                format!("{} move(s) differ", w.differing_count)
            } else {
                "the results differ".into()
            };
            if !open.is_empty() || !proved.is_empty() {
                let notes: Vec<String> = open.iter().chain(proved.iter()).cloned().collect();
                cmp.summary.push_str(&format!(" (before the search: {})", notes.join("; ")));
            }
            cmp.witness = Some(w);
        }
        None => {
            cmp.method = if facets.is_empty() {
                "search".into()
            } else {
                format!("{} + search", facets.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>().join(", "))
            };
            let mut why = vec![format!(
                "no difference in {} searched positions and {} lines of play of up to {} plies",
                limits.search_positions, limits.lines, limits.line_plies
            )];
            why.extend(open);
            why.extend(proved);
            if eff == "outcome" {
                why.push("the option changes how games end, which needs a line of play (repetition, impasse) the search may not build".into());
            }
            cmp.summary = why.join("; ");
        }
    }
    cmp
}

fn grouped(paths: &[SymPath]) -> BTreeMap<(Square, Vec<Square>), Vec<&SymPath>> {
    let mut m: BTreeMap<(Square, Vec<Square>), Vec<&SymPath>> = BTreeMap::new();
    for p in paths {
        m.entry(p.identity()).or_default().push(p);
    }
    m
}

/// The symbolic paths of both compilations from `from`, in the widest window (the limit's
/// radius, at most the board, and down from there) whose paths stay under the path limit; and
/// that radius.
pub(crate) fn paths_within(
    ca: &CompiledBetza,
    cb: &CompiledBetza,
    from: Square,
    limits: &Limits,
) -> Option<(Vec<SymPath>, Vec<SymPath>, u8)> {
    for radius in (1..=limits.radius_on(ca.size)).rev() {
        let window = Window { center: from, radius };
        if let (Ok(x), Ok(y)) = (
            all_paths(ca, from, Orientation::Up, window, limits.max_paths),
            all_paths(cb, from, Orientation::Up, window, limits.max_paths),
        ) {
            return Some((x, y, radius));
        }
    }
    None
}

/// Z3: an occupancy around piece `id` on which its moves under the two alternatives differ.
fn moves_facet<'p>(pair: &'p Pair, id: &str, limits: &Limits) -> Facet {
    let (Some(ia), Some(ib)) = (pair.a.piece_index(id), pair.b.piece_index(id)) else {
        return Facet::Open(format!("{id} exists under one option only"));
    };
    let (pa, pb) = (pair.a.piece(ia), pair.b.piece(ib));
    let mut sets: Vec<(String, &CompiledBetza, &CompiledBetza)> = vec![(String::new(), &pa.moves, &pb.moves)];
    // Each zone either option gives a move: the other option's move there (its own move
    // where it has none for that zone).
    let zones: std::collections::BTreeSet<&String> =
        pa.zone_moves.iter().chain(pb.zone_moves.iter()).map(|(z, _)| z).collect();
    for z in zones {
        let of = |p: &'p crate::engine::PieceType| {
            p.zone_moves.iter().find(|(w, _)| w == z).map(|(_, c)| c).unwrap_or(&p.moves)
        };
        sets.push((z.clone(), of(pa), of(pb)));
    }
    let mut proved = Vec::new();
    for (zone, ca, cb) in sets {
        if !moves_differ(ca, cb) {
            continue;
        }
        let label = if zone.is_empty() { String::new() } else { format!(" (zone {zone})") };
        // Where this move set applies: its zone, or (the piece's own move) outside the zones it
        // has moves for.
        let squares: Vec<Square> = if zone.is_empty() {
            let own_zones: Vec<&String> = pa.zone_moves.iter().chain(pb.zone_moves.iter()).map(|(z, _)| z).collect();
            pair.a
                .game
                .board
                .squares()
                .filter(|&s| !own_zones.iter().any(|z| pair.a.game.in_zone(z, Color::Black, s)))
                .collect()
        } else {
            pair.a.game.zone_squares(&zone, Color::Black)
        };
        if squares.is_empty() {
            continue;
        }
        // From the centre first, then from the corners and edges (a long move differs only
        // where the board gives it room).
        let mut same_radius = u8::MAX;
        for from in start_squares(&pair.a.game, &squares) {
            match moves_from(pair, ia, ca, cb, from, limits) {
                FromSquare::Found(w) => return Facet::Found(w),
                FromSquare::Same(radius) => same_radius = same_radius.min(radius),
                FromSquare::Open(why) => return Facet::Open(format!("{id}{label} from {}: {why}", from.name())),
            }
        }
        proved.push(format!("the moves of {id}{label} are the same on every occupancy within {same_radius} squares of the centre, the corners and the edges' middles"));
    }
    if proved.is_empty() {
        Facet::NoEffect(format!("the compiled moves of {id} are identical"))
    } else {
        Facet::NoEffect(proved.join("; "))
    }
}

/// One start square's answer for two move sets.
enum FromSquare {
    Found(Witness),
    /// No difference within this radius.
    Same(u8),
    Open(String),
}

/// The squares to compare two move sets from, among `squares` (where the move set applies):
/// the one nearest the centre, then the corners and the middles of the edges.
fn start_squares(game: &GameSpec, squares: &[Square]) -> Vec<Square> {
    let size = game.board;
    let centre = Square::new(size.files / 2, size.ranks / 2);
    let d = |s: &&Square| (s.file as i32 - centre.file as i32).abs() + (s.rank as i32 - centre.rank as i32).abs();
    let Some(&nearest) = squares.iter().min_by_key(d) else { return Vec::new() };
    let mut out = vec![nearest];
    let (f0, f1) =
        (squares.iter().map(|s| s.file).min().unwrap_or(0), squares.iter().map(|s| s.file).max().unwrap_or(0));
    let (r0, r1) =
        (squares.iter().map(|s| s.rank).min().unwrap_or(0), squares.iter().map(|s| s.rank).max().unwrap_or(0));
    for f in [f0, (f0 + f1) / 2, f1] {
        for r in [r0, (r0 + r1) / 2, r1] {
            let sq = Square::new(f, r);
            if squares.contains(&sq) && !out.contains(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// Z3 on the symbolic paths of both move sets from `from`: a board on which some move is made
/// under one option only, confirmed by the engine; each model the engine refutes (its other
/// rules: check, burning, freezing, ranks) is excluded and Z3 asked again.
fn moves_from(
    pair: &Pair,
    piece: PieceId,
    ca: &CompiledBetza,
    cb: &CompiledBetza,
    from: Square,
    limits: &Limits,
) -> FromSquare {
    let Some((paths_a, paths_b, radius)) = paths_within(ca, cb, from, limits) else {
        return FromSquare::Open(format!("more than {} symbolic paths even in a window of radius 1", limits.max_paths));
    };
    let (ga, gb) = (grouped(&paths_a), grouped(&paths_b));
    let mut board = SymBoard::new("");
    let keys: std::collections::BTreeSet<&(Square, Vec<Square>)> = ga.keys().chain(gb.keys()).collect();
    let mut differs = Vec::new();
    for k in keys {
        let fa = ga.get(k).map(|v| board.any(v)).unwrap_or_else(|| Bool::from_bool(false));
        let fb = gb.get(k).map(|v| board.any(v)).unwrap_or_else(|| Bool::from_bool(false));
        differs.push(fa.xor(&fb));
    }
    let any_difference = Bool::or(&differs);
    let mut blocked: Vec<Bool> = Vec::new();
    for _ in 0..6 {
        let mut facts = vec![any_difference.clone()];
        facts.extend(blocked.iter().cloned());
        match solve(&facts, limits) {
            Answer::Unsat if blocked.is_empty() => return FromSquare::Same(radius),
            Answer::Unsat => {
                return FromSquare::Open("the notation differs, but the engine hid every difference Z3 found".into())
            }
            Answer::Unknown(why) => return FromSquare::Open(format!("Z3: {why}")),
            Answer::Sat(model) => {
                let occ = board.decode(&model, pair.a.game.board);
                let cell = |s: Square| occ.get(s);
                let made = |g: &BTreeMap<(Square, Vec<Square>), Vec<&SymPath>>| -> Vec<(Square, Vec<Square>)> {
                    g.iter().filter(|(_, v)| v.iter().any(|p| holds(&p.cube, &cell))).map(|(k, _)| k.clone()).collect()
                };
                let (made_a, made_b) = (made(&ga), made(&gb));
                let targets: Vec<Square> = made_a
                    .iter()
                    .filter(|k| !made_b.contains(k))
                    .chain(made_b.iter().filter(|k| !made_a.contains(k)))
                    .map(|k| k.0)
                    .collect();
                if let Some(w) = confirm_moves(pair, &occ, from, piece, &targets) {
                    return FromSquare::Found(w);
                }
                let same: Vec<Bool> =
                    board.squares().collect::<Vec<_>>().into_iter().map(|s| board.is(s, occ.get(s))).collect();
                blocked.push(Bool::and(&same).not());
            }
        }
    }
    FromSquare::Open("the engine refuted the first six boards Z3 gave".into())
}
