//! Configuration against prose: squares, move strings (by move set, not by spelling),
//! promotions and counts.

use super::config::{DiagramConfig, DiagramPiece};
use super::prose::{normalize_name, ProseLists};
use super::{promotion_target, royal_indices};
use crate::geometry::{parse_squares, BoardSize, Square};
use crate::spec::finding::{Finding, Severity};
use crate::spec::settings::edit_distance;
use crate::xbetza::compile::compile_str;
use crate::xbetza::readings::Readings;
use crate::xbetza::{generate, Cell, Occupancy, Orientation};
use std::collections::{BTreeMap, BTreeSet};

/// Where two move strings part: the square, the board around it, the moves only one has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveWitness {
    pub(crate) at: Square,
    /// "empty board" or "crowded board #N" (deterministic patterns, see `sample_boards`).
    pub(crate) board: String,
    pub(crate) only_first: Vec<String>,
    pub(crate) only_second: Vec<String>,
}

/// Deterministic sample boards: empty, then two crowded patterns (about one square in three
/// taken, friends and enemies mixed) from a fixed linear congruential sequence.
fn sample_boards(size: BoardSize) -> Vec<(String, Occupancy)> {
    let mut boards = vec![("empty board".to_string(), Occupancy::empty(size))];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for n in 1..=2 {
        let mut occ = Occupancy::empty(size);
        for sq in size.squares() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match (state >> 33) % 6 {
                0 => occ.set(sq, Cell::Friend),
                1 => occ.set(sq, Cell::Enemy),
                _ => {}
            }
        }
        boards.push((format!("crowded board #{n}"), occ));
    }
    boards
}

fn move_names(moves: &[crate::xbetza::generate::PieceMove]) -> BTreeSet<String> {
    moves
        .iter()
        .map(|m| {
            let caps: Vec<String> = m.captures.iter().map(Square::name).collect();
            if caps.is_empty() {
                m.to.name()
            } else {
                format!("{}x{}", m.to.name(), caps.join("x"))
            }
        })
        .collect()
}

/// Compares two XBetza strings by the moves they give from every square of the sample boards
/// (the mover on an empty square). `Ok(None)`: the same everywhere sampled.
pub(crate) fn same_moves(a: &str, b: &str, size: BoardSize) -> Result<Option<MoveWitness>, String> {
    let ca = compile_str(a, size, Readings::default()).map_err(|e| format!("{a}: {}", e.render(a)))?;
    let cb = compile_str(b, size, Readings::default()).map_err(|e| format!("{b}: {}", e.render(b)))?;
    for (label, mut occ) in sample_boards(size) {
        for at in size.squares() {
            let saved = occ.get(at);
            occ.set(at, Cell::Empty);
            let ma = move_names(&generate(&ca, &occ, at, Orientation::Up));
            let mb = move_names(&generate(&cb, &occ, at, Orientation::Up));
            occ.set(at, saved);
            if ma != mb {
                return Ok(Some(MoveWitness {
                    at,
                    board: label,
                    only_first: ma.difference(&mb).cloned().collect(),
                    only_second: mb.difference(&ma).cloned().collect(),
                }));
            }
        }
    }
    Ok(None)
}

/// Drops the document's ad hoc bracket atoms (`[ixK]`, `[R]`), which are no XBetza.
fn strip_ad_hoc(text: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut notes = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        match rest[open..].find(']') {
            Some(close) => {
                notes.push(rest[open..open + close + 1].to_string());
                rest = &rest[open + close + 1..];
            }
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    (out, notes)
}

struct Index<'a> {
    config: &'a DiagramConfig,
    by_name: BTreeMap<String, Vec<&'a DiagramPiece>>,
}

impl<'a> Index<'a> {
    fn new(config: &'a DiagramConfig) -> Self {
        let mut by_name: BTreeMap<String, Vec<&DiagramPiece>> = BTreeMap::new();
        for p in &config.pieces {
            by_name.entry(normalize_name(&p.name)).or_default().push(p);
        }
        Index { config, by_name }
    }

    /// The entry a prose name means: an exact name, else the singular of a plural ("Pawns").
    /// Among namesakes, a setup piece (with squares) comes first, then the unpromoted entry.
    fn find(&self, name: &str) -> Option<&'a DiagramPiece> {
        let n = normalize_name(name);
        let list = self.by_name.get(&n).or_else(|| n.strip_suffix('s').and_then(|s| self.by_name.get(s)))?;
        list.iter().find(|p| !p.squares_text.is_empty()).or(list.first()).copied()
    }

    /// A looser match for names the prose shortens or misspells: the one configuration name
    /// that starts or ends with the prose name as whole words ("Gold" for "gold general",
    /// "Prince" for "crown prince"), or is within two letters of it ("Tertarch").
    fn find_loosely(&self, name: &str) -> Option<&'a DiagramPiece> {
        let n = normalize_name(name);
        let words: Vec<(&String, &Vec<&DiagramPiece>)> = self
            .by_name
            .iter()
            .filter(|(k, _)| k.starts_with(&format!("{n} ")) || k.ends_with(&format!(" {n}")))
            .collect();
        if let [(_, list)] = words.as_slice() {
            return list.first().copied();
        }
        let near: Vec<&Vec<&DiagramPiece>> =
            self.by_name.iter().filter(|(k, _)| edit_distance(k, &n) <= 2).map(|(_, v)| v).collect();
        match near.as_slice() {
            [list] => list.first().copied(),
            _ => None,
        }
    }

    fn target(&self, p: &DiagramPiece) -> Option<&'a DiagramPiece> {
        promotion_target(self.config, p.index)
    }
}

/// Every disagreement between the configuration and the prose lists.
pub(crate) fn compare(config: &DiagramConfig, prose: &ProseLists, board: BoardSize) -> Vec<Finding> {
    let mut out = Vec::new();
    check_config(config, board, &mut out);
    let index = Index::new(config);
    let line = |n: usize| format!("document line {n}");

    // Setup lines.
    let mut prose_squares: BTreeMap<Square, (String, usize)> = BTreeMap::new();
    let mut prose_count = 0usize;
    let mut listed: BTreeSet<usize> = BTreeSet::new();
    for s in &prose.setup {
        let squares = match parse_squares(&s.squares_text) {
            Ok(v) => v,
            Err(e) => {
                out.push(
                    Finding::new(
                        Severity::Error,
                        "setup-unreadable",
                        &s.name,
                        format!("the squares '{}' do not read: {e}", s.squares_text),
                    )
                    .at(line(s.line)),
                );
                continue;
            }
        };
        prose_count += squares.len();
        for &sq in &squares {
            if !board.contains(sq.file as i32, sq.rank as i32) {
                out.push(
                    Finding::new(
                        Severity::Error,
                        "setup-off-board",
                        &s.name,
                        format!("the prose puts {} on {}, off the {board} board", s.name, sq.name()),
                    )
                    .at(line(s.line)),
                );
            } else if let Some((other, other_line)) = prose_squares.insert(sq, (s.name.clone(), s.line)) {
                out.push(
                    Finding::new(
                        Severity::Error,
                        "setup-overlap",
                        &s.name,
                        format!("the prose puts both {other} (line {other_line}) and {} on {}", s.name, sq.name()),
                    )
                    .at(line(s.line)),
                );
            }
        }
        let Some(entry) = index.find(&s.name) else {
            out.push(
                Finding::new(
                    Severity::Warning,
                    "name-unknown",
                    &s.name,
                    format!("the prose names '{}', which the configuration does not have", s.name),
                )
                .at(line(s.line)),
            );
            continue;
        };
        listed.insert(entry.index);
        let config_squares: BTreeSet<Square> =
            parse_squares(&entry.squares_text).unwrap_or_default().into_iter().collect();
        let prose_set: BTreeSet<Square> = squares.iter().copied().collect();
        if config_squares != prose_set {
            out.push(
                Finding::new(
                    Severity::Error,
                    "setup-differs",
                    &s.name,
                    format!(
                        "{}: the prose says {}, the configuration {} ({})",
                        s.name,
                        s.squares_text,
                        entry.squares_text,
                        names(&config_squares)
                    ),
                )
                .at(line(s.line)),
            );
        }
        if let Some(bracket) = &s.bracket {
            compare_move(&s.name, bracket, entry, &index, board, s.line, &mut out);
        }
        let target = index.target(entry);
        match (&s.promotes_to, target) {
            (Some(p), Some(t))
                if normalize_name(p) != normalize_name(&t.name)
                    && index.find(p).map(|x| x.betza.as_str()) != Some(t.betza.as_str()) =>
            {
                out.push(
                    Finding::new(
                        Severity::Error,
                        "promotion-differs",
                        &s.name,
                        format!(
                            "{} promotes to {p} in the prose, to {} ({}) in the configuration",
                            s.name, t.name, t.id
                        ),
                    )
                    .at(line(s.line)),
                );
            }
            (Some(p), None) => out.push(
                Finding::new(
                    Severity::Error,
                    "promotion-differs",
                    &s.name,
                    format!("{} promotes to {p} in the prose; the configuration gives it no promotion", s.name),
                )
                .at(line(s.line)),
            ),
            (None, Some(t)) => out.push(
                Finding::new(
                    Severity::Warning,
                    "promotion-missing-in-prose",
                    &s.name,
                    format!(
                        "the prose gives {} no promotion; the configuration promotes it to {} ({})",
                        s.name, t.name, t.id
                    ),
                )
                .at(line(s.line)),
            ),
            _ => {}
        }
        if let (Some(bracket), Some(t)) = (&s.promoted_bracket, target) {
            let label = s.promotes_to.clone().unwrap_or_default();
            compare_move(&label, bracket, t, &index, board, s.line, &mut out);
        }
    }
    if !prose.setup.is_empty() {
        let config_count: usize =
            config.pieces.iter().map(|p| parse_squares(&p.squares_text).map(|v| v.len()).unwrap_or(0)).sum();
        if config_count != prose_count {
            out.push(Finding::new(
                Severity::Warning,
                "count-differs",
                "setup",
                format!("the prose setup lists {prose_count} pieces per side, the configuration {config_count}"),
            ));
        }
        for p in config.pieces.iter().filter(|p| !p.squares_text.is_empty() && !listed.contains(&p.index)) {
            out.push(Finding::new(
                Severity::Warning,
                "setup-missing-in-prose",
                &p.name,
                format!(
                    "the configuration sets up {} ({}) on {}, the prose setup lists do not",
                    p.name, p.id, p.squares_text
                ),
            ));
        }
    }

    // Promotion lines.
    let mut promoted_listed: BTreeSet<usize> = BTreeSet::new();
    for pr in &prose.promotions {
        let Some(entry) = index.find(&pr.from) else {
            out.push(
                Finding::new(
                    Severity::Warning,
                    "name-unknown",
                    &pr.from,
                    format!("the promotion list names '{}', which the configuration does not have", pr.from),
                )
                .at(line(pr.line)),
            );
            continue;
        };
        promoted_listed.insert(entry.index);
        match index.target(entry) {
            Some(t) if normalize_name(&t.name) == normalize_name(&pr.to) => {}
            Some(t)
                if index.find(&pr.to).is_none() && index.find_loosely(&pr.to).is_some_and(|l| l.betza == t.betza) =>
            {
                let l = index.find_loosely(&pr.to).expect("checked");
                out.push(
                    Finding::new(
                        Severity::Warning,
                        "promotion-name",
                        &pr.from,
                        format!(
                            "{} promotes to '{}' in the prose list, which the configuration calls {} ({}){}",
                            pr.from,
                            pr.to,
                            t.name,
                            t.id,
                            if l.name == t.name {
                                String::new()
                            } else {
                                format!("; read as {}, which moves the same", l.name)
                            }
                        ),
                    )
                    .at(line(pr.line)),
                );
            }
            Some(t) => {
                let known = index.find(&pr.to).is_some();
                let why =
                    if known { String::new() } else { format!(" ('{}' is no piece of the configuration)", pr.to) };
                out.push(
                    Finding::new(
                        Severity::Error,
                        "promotion-differs",
                        &pr.from,
                        format!(
                            "{} promotes to {} in the prose list, to {} ({}) in the configuration{why}",
                            pr.from, pr.to, t.name, t.id
                        ),
                    )
                    .at(line(pr.line)),
                );
            }
            None => out.push(
                Finding::new(
                    Severity::Error,
                    "promotion-differs",
                    &pr.from,
                    format!(
                        "{} promotes to {} in the prose list; the configuration gives it no promotion",
                        pr.from, pr.to
                    ),
                )
                .at(line(pr.line)),
            ),
        }
    }
    if !prose.promotions.is_empty() {
        for p in &config.pieces {
            if let Some(t) = index.target(p) {
                if !promoted_listed.contains(&p.index) && !p.squares_text.is_empty() {
                    out.push(Finding::new(Severity::Warning, "promotion-missing-in-prose", &p.name, format!("the configuration promotes {} ({}) to {} ({}); the prose promotion list does not mention it", p.name, p.id, t.name, t.id)));
                }
            }
        }
    }
    out
}

fn names(squares: &BTreeSet<Square>) -> String {
    squares.iter().map(Square::name).collect::<Vec<_>>().join(",")
}

/// Compares a prose bracket (an XBetza string, or another piece's name) with an entry's move.
fn compare_move(
    name: &str,
    bracket: &str,
    entry: &DiagramPiece,
    index: &Index,
    board: BoardSize,
    line: usize,
    out: &mut Vec<Finding>,
) {
    let at = format!("document line {line}");
    // "Tokin (Gold General)": the bracket names the piece whose move it has.
    let (text, what) = match index.find(bracket) {
        Some(other)
            if bracket.contains(' ')
                || bracket.chars().next().is_some_and(char::is_uppercase)
                    && bracket.chars().skip(1).any(char::is_lowercase) =>
        {
            (other.betza.clone(), format!("{bracket} = {}", other.betza))
        }
        _ => (bracket.to_string(), bracket.to_string()),
    };
    let (clean, ad_hoc) = strip_ad_hoc(&text);
    if !ad_hoc.is_empty() {
        out.push(
            Finding::new(
                Severity::Info,
                "moves-ad-hoc",
                name,
                format!("the prose move of {name} uses {}, which is no XBetza; compared without it", ad_hoc.join(" ")),
            )
            .at(&at),
        );
    }
    if clean == entry.betza {
        return;
    }
    match same_moves(&clean, &entry.betza, board) {
        Ok(None) => out.push(Finding::new(Severity::Info, "moves-spelling", name, format!("{name}: the prose writes {what}, the configuration {}; the same moves", entry.betza)).at(&at)),
        Ok(Some(w)) => out.push(Finding::new(
            Severity::Error,
            "moves-differ",
            name,
            format!(
                "{name}: the prose writes {what}, the configuration {}; from {} on the {}, only the prose's gives [{}], only the configuration's gives [{}]",
                entry.betza,
                w.at.name(),
                w.board,
                w.only_first.join(" "),
                w.only_second.join(" ")
            ),
        ).at(&at)),
        Err(e) => out.push(Finding::new(Severity::Warning, "moves-unreadable", name, format!("{name}: the prose move '{what}' is not XBetza kensho reads: {e}")).at(&at)),
    }
}

/// The configuration by itself: duplicate ids, strings that do not compile, royal indices.
fn check_config(config: &DiagramConfig, board: BoardSize, out: &mut Vec<Finding>) {
    let mut ids: BTreeMap<&str, &DiagramPiece> = BTreeMap::new();
    let mut squares: BTreeMap<Square, &str> = BTreeMap::new();
    for p in &config.pieces {
        if let Some(other) = ids.insert(&p.id, p) {
            if other.name == p.name && other.betza == p.betza {
                // The Interactive Diagram repeats an entry to place more pieces of a type.
                out.push(Finding::new(Severity::Info, "config-repeated-entry", &p.name, format!("the configuration lists {} ({}) again (entries {} and {}); read as one type on both entries' squares", p.name, p.id, other.index + 1, p.index + 1)));
            } else {
                out.push(Finding::new(
                    Severity::Error,
                    "config-duplicate-id",
                    &p.name,
                    format!(
                        "the configuration gives the id {} to both {} ({}) and {} ({})",
                        p.id, other.name, other.betza, p.name, p.betza
                    ),
                ));
            }
        }
        if let Err(e) = compile_str(&p.betza, board, Readings::default()) {
            out.push(Finding::new(
                Severity::Error,
                "config-bad-xbetza",
                &p.name,
                format!("{} ({}): {}", p.name, p.id, e.render(&p.betza)),
            ));
        }
        match parse_squares(&p.squares_text) {
            Ok(list) => {
                for sq in list {
                    if !board.contains(sq.file as i32, sq.rank as i32) {
                        out.push(Finding::new(
                            Severity::Error,
                            "setup-off-board",
                            &p.name,
                            format!("the configuration puts {} on {}, off the {board} board", p.name, sq.name()),
                        ));
                    } else if let Some(other) = squares.insert(sq, &p.name) {
                        out.push(Finding::new(
                            Severity::Error,
                            "setup-overlap",
                            &p.name,
                            format!("the configuration puts both {other} and {} on {}", p.name, sq.name()),
                        ));
                    }
                }
            }
            Err(e) => out.push(Finding::new(
                Severity::Error,
                "setup-unreadable",
                &p.name,
                format!("the configuration squares '{}' of {} do not read: {e}", p.squares_text, p.name),
            )),
        }
    }
    for i in royal_indices(config) {
        if i >= config.pieces.len() {
            out.push(Finding::new(
                Severity::Error,
                "config-royal",
                "royal",
                format!("royal={} names no entry (the configuration has {})", i + 1, config.pieces.len()),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_differences_are_not_move_differences() {
        let size = BoardSize::parse("9x9").unwrap();
        assert_eq!(same_moves("FbsW", "FsbW", size).unwrap(), None);
        let w = same_moves("WfF", "fFfW", size).unwrap().expect("gold and iron differ");
        assert!(!w.only_first.is_empty() && w.only_second.is_empty(), "{w:?}");
    }

    #[test]
    fn ad_hoc_atoms_are_stripped() {
        assert_eq!(strip_ad_hoc("jvhQ[ixK][R]"), ("jvhQ".to_string(), vec!["[ixK]".to_string(), "[R]".to_string()]));
    }
}
