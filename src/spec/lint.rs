//! `kensho lint`: the checks a designer wants before publishing a spec. Each finding names the
//! clauses it concerns. Structural faults (unknown pieces, bad XBetza, off-board squares) stop
//! the spec at load time; lint judges a spec that loads.

use super::finding::{Finding, Severity};
use super::game::{GameSpec, PieceSpec};
use super::load::LoadedSpec;
use super::model::SetupSymmetry;
use crate::core::Color;
use crate::geometry::Square;
use crate::xbetza::{generate, Cell, Occupancy, Orientation};
use std::collections::{BTreeMap, BTreeSet};

/// Every finding for one loaded spec: the default game, then each reading alternative's.
pub(crate) fn lint(spec: &LoadedSpec) -> Vec<Finding> {
    let cite = Citations::new(spec);
    let mut out = Vec::new();
    let game = &spec.game;
    setup_checks(game, &cite, "", &mut out);
    let default_setup = out.clone();
    promotion_checks(game, &cite, &mut out);
    mobility_checks(game, &cite, &mut out);
    super::lint_notation::checks(game, |path| cite.of(path), &mut out);
    clause_checks(spec, &cite, &mut out);
    reading_checks(spec, &cite, &default_setup, &mut out);
    out.extend(super::lock::findings(spec));
    let readings = spec.all_readings();
    for f in &mut out {
        if f.location.is_empty() {
            f.location = spec.path.clone();
        }
        // A fault the spec already records as an open point of the document is known, not an
        // error of the spec.
        if f.severity == Severity::Error {
            if let Some(r) = readings.iter().find(|r| r.clauses.iter().any(|c| f.clauses.contains(c.get_ref()))) {
                f.severity = Severity::Warning;
                f.message.push_str(&format!(" (the document's point is recorded: reading {})", r.id.get_ref()));
            }
        }
    }
    out
}

/// Which clauses encode which spec paths, so findings can cite them.
pub(crate) struct Citations {
    by_path: Vec<(String, String)>,
}

impl Citations {
    pub(crate) fn new(spec: &LoadedSpec) -> Self {
        let mut by_path = Vec::new();
        let mut add = |s: &LoadedSpec| {
            for c in &s.spec.clauses {
                if let Some(e) = &c.encode {
                    for p in e.get_ref().paths() {
                        by_path.push((p.to_string(), c.id.get_ref().clone()));
                    }
                }
            }
        };
        if let Some(b) = &spec.base {
            add(b);
        }
        add(spec);
        Citations { by_path }
    }

    /// Clauses whose encode path is `path`, an ancestor of it, or below it.
    pub(crate) fn of(&self, path: &str) -> Vec<String> {
        let related = |p: &str| {
            p == path
                || path.starts_with(&format!("{p}."))
                || p.starts_with(&format!("{path}."))
                || wildcard_match(p, path)
        };
        let mut ids: Vec<String> = self.by_path.iter().filter(|(p, _)| related(p)).map(|(_, c)| c.clone()).collect();
        ids.dedup();
        ids
    }

    fn cites(&self, path: &str) -> bool {
        self.by_path.iter().any(|(p, _)| p == path || path.starts_with(&format!("{p}.")) || wildcard_match(p, path))
    }
}

/// `piece.*.betza` matches `piece.FD.betza`.
fn wildcard_match(pattern: &str, path: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (pattern.split('.').collect(), path.split('.').collect());
    a.contains(&"*") && a.len() <= b.len() && a.iter().zip(&b).all(|(x, y)| *x == "*" || x == y)
}

fn square_list(squares: &[Square]) -> String {
    const SHOWN: usize = 12;
    let names: Vec<String> = squares.iter().take(SHOWN).map(Square::name).collect();
    if squares.len() > SHOWN {
        format!("{} and {} more", names.join(","), squares.len() - SHOWN)
    } else {
        names.join(",")
    }
}

fn setup_checks(game: &GameSpec, cite: &Citations, context: &str, out: &mut Vec<Finding>) {
    // Under a reading's rejected alternative a fault is a reason to reject it, not an error of
    // the spec as it stands.
    let push = |out: &mut Vec<Finding>, sev: Severity, code, subject: String, msg: String, clauses: Vec<String>| {
        let sev = if context.is_empty() { sev } else { sev.max(Severity::Warning) };
        out.push(Finding::new(sev, code, subject, format!("{context}{msg}")).clauses(clauses));
    };
    // The two camps must not overlap.
    let first: BTreeMap<Square, &str> =
        game.setup.iter().filter(|p| p.player == Color::Black).map(|p| (p.square, p.piece.as_str())).collect();
    for p in game.setup.iter().filter(|p| p.player == Color::White) {
        if let Some(other) = first.get(&p.square) {
            push(
                out,
                Severity::Error,
                "setup-overlap",
                p.piece.clone(),
                format!(
                    "the second player's {} lands on {}, where the first player's {other} stands",
                    p.piece,
                    p.square.name()
                ),
                cite.of(&format!("setup.{}", p.piece)),
            );
        }
    }
    // Pieces confined to a zone start inside it.
    for p in game.setup.iter().filter(|p| p.player == Color::Black) {
        let Some(piece) = game.piece(&p.piece) else { continue };
        if let Some(zone) = piece.ability_settings().zone("confine") {
            if !game.in_zone(zone, Color::Black, p.square) {
                push(
                    out,
                    Severity::Error,
                    "zone-setup",
                    p.piece.clone(),
                    format!("{} is confined to the {zone} but starts on {}, outside it", piece.name, p.square.name()),
                    cite.of(&format!("piece.{}.ability.confine", p.piece)),
                );
            }
        }
    }
    // A zone that the document ties to the enemy's starting line.
    for (zone, anchor) in &game.zone_anchors {
        let enemy_ranks: BTreeSet<u8> = game
            .setup
            .iter()
            .filter(|p| p.player == Color::White && &p.piece == anchor)
            .map(|p| p.square.rank)
            .collect();
        let zone_ranks: BTreeSet<u8> = game.zone_squares(zone, Color::Black).iter().map(|s| s.rank).collect();
        match (enemy_ranks.iter().next(), zone_ranks.iter().next()) {
            (Some(&enemy), Some(&nearest)) if enemy != nearest => push(
                out,
                Severity::Error,
                "zone-setup",
                zone.clone(),
                format!(
                    "the {zone} zone should begin at the opponent's {anchor} line (rank {}), but begins at rank {}",
                    enemy + 1,
                    nearest + 1
                ),
                cite.of(&format!("zone.{zone}")),
            ),
            (None, _) => push(
                out,
                Severity::Warning,
                "zone-setup",
                zone.clone(),
                format!("the {zone} zone is tied to the opponent's {anchor} line, but no {anchor} is set up"),
                cite.of(&format!("zone.{zone}")),
            ),
            _ => {}
        }
    }
    // Counts the document states.
    if let Some(counts) = &game.counts {
        let own: Vec<&str> = game.setup.iter().filter(|p| p.player == Color::Black).map(|p| p.piece.as_str()).collect();
        let types: BTreeSet<&str> = own.iter().copied().collect();
        if let Some(n) = counts.pieces_per_side {
            if n != own.len() {
                push(
                    out,
                    Severity::Error,
                    "count-differs",
                    "setup".into(),
                    format!("the document says {n} pieces per side; the setup has {}", own.len()),
                    cite.of("counts.pieces_per_side"),
                );
            }
        }
        if let Some(n) = counts.types {
            if n != types.len() {
                push(
                    out,
                    Severity::Error,
                    "count-differs",
                    "setup".into(),
                    format!("the document says {n} piece types; the setup has {}", types.len()),
                    cite.of("counts.types"),
                );
            }
        }
    }
    // Left-right symmetry, when the document claims it; otherwise a note of what is asymmetric.
    let size = game.board;
    let mut asym = Vec::new();
    for (&sq, &piece) in &first {
        let m = size.mirror_files(sq);
        if sq.file < m.file && first.get(&m) != Some(&piece) {
            asym.push(format!("{} {piece} / {} {}", sq.name(), m.name(), first.get(&m).copied().unwrap_or("empty")));
        } else if sq.file > m.file && !first.contains_key(&m) {
            asym.push(format!("{} {piece} / {} empty", sq.name(), m.name()));
        }
    }
    if !asym.is_empty() && context.is_empty() {
        let (sev, claim) = match game.setup_symmetry {
            Some(SetupSymmetry::MirrorFiles) => {
                (Severity::Warning, "the document claims a left-right symmetric setup, but")
            }
            None => (Severity::Info, "not left-right symmetric:"),
        };
        push(
            out,
            sev,
            "setup-symmetry",
            "setup".into(),
            format!("{claim} {}", asym.join("; ")),
            cite.of("board.setup_symmetry"),
        );
    }
}

fn promotion_checks(game: &GameSpec, cite: &Citations, out: &mut Vec<Finding>) {
    for p in &game.pieces {
        let mut seen = vec![p.id.as_str()];
        let mut cur = p;
        while let Some(next) = cur.promotes_to.as_deref().and_then(|t| game.piece(t)) {
            if seen.contains(&next.id.as_str()) {
                // A cycle is reported once, from its member with the smallest id.
                if next.id == p.id && seen.iter().all(|id| *id >= p.id.as_str()) {
                    seen.push(&next.id);
                    out.push(
                        Finding::new(
                            Severity::Error,
                            "promotion-cycle",
                            p.id.clone(),
                            format!("promotions run in a circle: {}", seen.join(" -> ")),
                        )
                        .clauses(cite.of(&format!("piece.{}.promotes_to", p.id))),
                    );
                }
                break;
            }
            seen.push(&next.id);
            cur = next;
        }
        if seen.len() > 2 && seen.first() != seen.last() {
            out.push(
                Finding::new(
                    Severity::Info,
                    "promotion-chain",
                    p.id.clone(),
                    format!("{} promotes more than once: {}", p.name, seen.join(" -> ")),
                )
                .clauses(cite.of(&format!("piece.{}.promotes_to", p.id))),
            );
        }
    }
    // Types that never come into play.
    let targets: BTreeSet<&str> = game.pieces.iter().filter_map(|p| p.promotes_to.as_deref()).collect();
    let set_up: BTreeSet<&str> = game.setup.iter().map(|p| p.piece.as_str()).collect();
    for p in &game.pieces {
        if !targets.contains(p.id.as_str()) && !set_up.contains(p.id.as_str()) {
            out.push(
                Finding::new(
                    Severity::Warning,
                    "piece-unused",
                    p.id.clone(),
                    format!("{} ({}) is neither set up nor reached by promotion", p.name, p.id),
                )
                .clauses(cite.of(&format!("piece.{}", p.id))),
            );
        }
    }
}

/// Does `piece` have any move from `at`, on the empty board or with an enemy on every other
/// square (so that capture-only moves count)? Its zone's move where it has zone moves.
pub(crate) fn can_move(game: &GameSpec, piece: &PieceSpec, at: Square, boards: &[Occupancy; 2]) -> bool {
    let compiled = game.moves_at(piece, at);
    boards.iter().any(|b| {
        let mut occ = b.clone();
        occ.set(at, Cell::Empty);
        generate(compiled, &occ, at, Orientation::Up).into_iter().any(|m| m.to != at || !m.captures.is_empty())
    })
}

/// The two boards `can_move` judges on: empty, and an enemy on every square.
pub(crate) fn sample_boards(game: &GameSpec) -> [Occupancy; 2] {
    let empty = Occupancy::empty(game.board);
    let mut enemies = empty.clone();
    for sq in game.board.squares() {
        enemies.set(sq, Cell::Enemy);
    }
    [empty, enemies]
}

/// Squares where a piece could stand and never move again, and whether a rule handles them.
fn mobility_checks(game: &GameSpec, cite: &Citations, out: &mut Vec<Finding>) {
    let drops = game.settings().flag("drops.enabled");
    let dead_drop_rule = Some(game.settings().word("drops.dead-piece")).filter(|w| *w != "allowed");
    let targets: BTreeSet<&str> = game.pieces.iter().filter_map(|p| p.promotes_to.as_deref()).collect();
    let boards = sample_boards(game);
    let zone_banned: Vec<Square> =
        game.settings().list("drops.zone-ban").iter().flat_map(|z| game.zone_squares(z, Color::Black)).collect();
    for piece in &game.pieces {
        let dead: Vec<Square> = game.board.squares().filter(|&s| !can_move(game, piece, s, &boards)).collect();
        if dead.len() == game.board.square_count() {
            out.push(
                Finding::new(
                    Severity::Warning,
                    "piece-immobile",
                    piece.id.clone(),
                    format!(
                        "{} ({}) has no move from any square, on an empty board or among enemies",
                        piece.name, piece.id
                    ),
                )
                .clauses(cite.of(&format!("piece.{}.betza", piece.id))),
            );
            continue;
        }
        if dead.is_empty() {
            continue;
        }
        let path = format!("piece.{}", piece.id);
        // Set up on a dead square.
        let starts: Vec<Square> = game
            .setup
            .iter()
            .filter(|p| p.player == Color::Black && p.piece == piece.id && dead.contains(&p.square))
            .map(|p| p.square)
            .collect();
        if !starts.is_empty() {
            out.push(
                Finding::new(
                    Severity::Error,
                    "dead-setup",
                    piece.id.clone(),
                    format!("{} starts on {}, where it can never move", piece.name, square_list(&starts)),
                )
                .clauses(cite.of(&format!("setup.{}", piece.id))),
            );
        }
        // Dropped on a dead square.
        if drops && !targets.contains(piece.id.as_str()) {
            let banned: Vec<u8> =
                game.settings().ranks_per_piece("drops.rank-ban").remove(&piece.id).unwrap_or_default();
            let open: Vec<Square> =
                dead.iter().copied().filter(|s| !banned.contains(&(s.rank + 1)) && !zone_banned.contains(s)).collect();
            if !open.is_empty() {
                match dead_drop_rule {
                    Some(rule) => out.push(
                        Finding::new(
                            Severity::Info,
                            "dead-drop",
                            piece.id.clone(),
                            format!(
                                "{} could be dropped on {}, where it can never move; the drop rule ({rule}) forbids it",
                                piece.name,
                                square_list(&open)
                            ),
                        )
                        .clauses(cite.of("rules.drops.dead-piece")),
                    ),
                    None => out.push(
                        Finding::new(
                            Severity::Error,
                            "dead-drop",
                            piece.id.clone(),
                            format!(
                                "{} can be dropped on {}, where it can never move, and no drop rule forbids it",
                                piece.name,
                                square_list(&open)
                            ),
                        )
                        .clauses(cite.of("rules.drops")),
                    ),
                }
            }
        }
        // Moved onto a dead square.
        let occ = Occupancy::empty(game.board);
        let mut reachable: BTreeSet<Square> = BTreeSet::new();
        for from in game.board.squares() {
            reachable
                .extend(generate(game.moves_at(piece, from), &occ, from, Orientation::Up).into_iter().map(|m| m.to));
        }
        let arrive: Vec<Square> = dead.iter().copied().filter(|s| reachable.contains(s)).collect();
        if arrive.is_empty() {
            continue;
        }
        let (handled, unhandled): (Vec<Square>, Vec<Square>) =
            arrive.iter().partition(|s| forced_promotion_covers(game, piece, **s));
        if !handled.is_empty() {
            out.push(
                Finding::new(
                    Severity::Info,
                    "dead-square",
                    piece.id.clone(),
                    format!(
                        "{} can reach {}, where it could never move; forced promotion handles it",
                        piece.name,
                        square_list(&handled)
                    ),
                )
                .clauses(cite.of("rules.promotion.forced")),
            );
        }
        if !unhandled.is_empty() {
            let last_rank = game.settings().list("promotion.last-rank").contains(&piece.id);
            let (sev, why) = if last_rank {
                (Severity::Info, "its last-rank promotion is optional, so a declined promotion leaves a dead piece")
            } else {
                (Severity::Warning, "no rule forces its promotion there")
            };
            out.push(
                Finding::new(
                    sev,
                    "dead-square",
                    piece.id.clone(),
                    format!(
                        "{} can reach {}, where it can never move again; {why}",
                        piece.name,
                        square_list(&unhandled)
                    ),
                )
                .clauses(cite.of(&path)),
            );
        }
    }
}

fn forced_promotion_covers(game: &GameSpec, piece: &PieceSpec, at: Square) -> bool {
    if piece.promotes_to.is_none() {
        return false;
    }
    let rules = game.settings();
    let Some(zone) = rules.zone("promotion.zone") else { return false };
    let in_zone = game.in_zone(zone, Color::Black, at);
    // As the engine reads promotion.forced (engine::promotion): listed ranks force only under
    // `listed-ranks`; `always` forces the whole zone.
    match rules.word("promotion.forced") {
        "listed-ranks" => rules
            .ranks_per_piece("promotion.forced-ranks")
            .get(&piece.id)
            .is_some_and(|ranks| ranks.contains(&(at.rank + 1))),
        "always" | "when-no-further-move" => in_zone,
        _ => false,
    }
}

fn clause_checks(spec: &LoadedSpec, cite: &Citations, out: &mut Vec<Finding>) {
    for c in &spec.spec.clauses {
        if *c.status.get_ref() == super::model::ClauseStatus::Pending {
            out.push(
                Finding::new(
                    Severity::Warning,
                    "clause-pending",
                    c.id.get_ref().clone(),
                    format!("not yet encoded: \"{}\"", c.text),
                )
                .clauses(vec![c.id.get_ref().clone()]),
            );
        }
    }
    // Rule settings no clause accounts for: a decision the spec makes without the document.
    let mut silent: Vec<String> =
        spec.game.rules.keys().filter(|k| !cite.cites(&format!("rules.{k}"))).map(|k| format!("rules.{k}")).collect();
    silent.sort();
    if !silent.is_empty() {
        out.push(Finding::new(
            Severity::Info,
            "rule-uncited",
            "rules",
            format!("stated without a clause that encodes it: {}", silent.join(", ")),
        ));
    }
}

/// A game's content as text, for comparing what two reading alternatives give.
fn fingerprint(game: &GameSpec) -> String {
    let mut s = format!("{}|{:?}|{:?}|{:?}|", game.board, game.second_player, game.zones, game.xbetza);
    for p in &game.pieces {
        s.push_str(&format!("{}:{}:{:?}:{}:{:?}:{:?};", p.id, p.betza, p.promotes_to, p.royal, p.rank, p.abilities));
    }
    s.push_str(&format!("{:?}|{:?}|{:?}", game.setup, game.rules, game.groups));
    s
}

/// Each alternative's setup findings beyond the default's (`default_setup`), and alternatives
/// that give the same game.
fn reading_checks(spec: &LoadedSpec, cite: &Citations, default_setup: &[Finding], out: &mut Vec<Finding>) {
    for r in &spec.spec.readings {
        let rid = r.id.get_ref();
        let clauses: Vec<String> = r.clauses.iter().map(|c| c.get_ref().clone()).collect();
        let mut results: Vec<(String, String)> = Vec::new();
        for o in &r.options {
            let name = o.name.get_ref();
            // The loader refuses a spec with an option that does not build, so every one is here.
            let Some(game) = spec.alternative(rid, name) else { continue };
            if name != r.default.get_ref() {
                // Only what this alternative adds to the default's findings.
                let mut theirs = Vec::new();
                let prefix = format!("under {rid}={name}: ");
                setup_checks(game, cite, &prefix, &mut theirs);
                out.extend(theirs.into_iter().filter(|f| {
                    let plain = f.message.strip_prefix(&prefix).unwrap_or(&f.message);
                    !default_setup.iter().any(|d| d.message == plain)
                }));
            }
            results.push((name.clone(), fingerprint(game)));
        }
        for (i, (a, fa)) in results.iter().enumerate() {
            for (b, fb) in &results[i + 1..] {
                if fa == fb {
                    out.push(
                        Finding::new(
                            Severity::Warning,
                            "reading-identical",
                            rid.clone(),
                            format!("options {a} and {b} give the same game: the spec cannot tell them apart"),
                        )
                        .clauses(clauses.clone()),
                    );
                }
            }
        }
    }
}
