//! Shared helpers for the SMT-layer tests (tests/smt/).
//!
//! - [`mini`] loads a small inline spec (the test writes the board, pieces, rules and one
//!   reading; the header with the game table and the clause the reading cites is added here);
//! - [`engines`] builds the engines of two options of a reading;
//! - [`recheck`] confirms a reported witness independently of src/smt: the position string is
//!   parsed by each option's engine, both legal move lists are compared by move identity (piece
//!   ids by name, so two alternatives with different piece lists compare), and every move the
//!   report lists as "legal under X only" is checked to be exactly that.
#![allow(dead_code)]

use kensho::engine::{Engine, Move, Position};
use kensho::geometry::Square;
use kensho::smt::readings::{Comparison, ReadingReport};
use kensho::spec::game::GameSpec;
use kensho::spec::LoadedSpec;
use kensho::witness::Witness;
use std::collections::{BTreeMap, BTreeSet};

/// The game table and the one clause every inline spec's reading cites.
pub const HEADER: &str = r#"
[game]
id = "mini"
name = "Mini"
document = "none (test)"
clause_prefix = "T"

[[clause]]
id = "T-1"
section = "Rules"
text = "The rule the reading is about."
status = "pending"
"#;

/// Loads `HEADER` + `body` with the loader every spec goes through.
pub fn mini(body: &str) -> LoadedSpec {
    let text = format!("{HEADER}\n{body}");
    kensho::spec::parse("mini.toml", &text).unwrap_or_else(|e| panic!("inline spec does not load:\n{e}\n---\n{text}"))
}

/// The game under `option` of `reading` (the default or another).
pub fn alternative(spec: &LoadedSpec, reading: &str, option: &str) -> GameSpec {
    spec.alternative(reading, option).unwrap_or_else(|| panic!("{}: no option {reading}={option}", spec.path)).clone()
}

pub fn engine(game: &GameSpec) -> Engine {
    match Engine::for_moves(game) {
        Ok((e, _)) => e,
        Err(bad) => {
            panic!("the engine does not play {}: {:?}", game.id, bad.iter().map(|u| u.to_string()).collect::<Vec<_>>())
        }
    }
}

/// The engines of the reading's default and of `option`.
pub fn engines(spec: &LoadedSpec, reading: &str, option: &str) -> (Engine, Engine) {
    let r =
        spec.spec.readings.iter().find(|r| r.id.get_ref() == reading).unwrap_or_else(|| panic!("no reading {reading}"));
    let default = r.default.get_ref().clone();
    (engine(&alternative(spec, reading, &default)), engine(&alternative(spec, reading, option)))
}

/// The one comparison of `option` in the report of `reading`.
pub fn comparison<'a>(reports: &'a [ReadingReport], reading: &str, option: &str) -> &'a Comparison {
    let r = reports.iter().find(|r| r.reading == reading).unwrap_or_else(|| panic!("no report for reading {reading}"));
    r.comparisons.iter().find(|c| c.option == option).unwrap_or_else(|| panic!("no comparison {reading}={option}"))
}

/// A move's identity with piece types by id, so that two engines compare.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pid {
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub captures: Vec<Square>,
    pub dropped: Option<String>,
    pub promotion: Option<String>,
}

pub fn pid(e: &Engine, m: &Move) -> Pid {
    let id = m.identity();
    Pid {
        from: id.from,
        to: id.to,
        captures: id.captures,
        dropped: id.dropped.map(|p| e.piece(p).id.clone()),
        promotion: id.promotion.map(|p| e.piece(p).id.clone()),
    }
}

/// Every legal move by identity, with the engine's move record.
pub fn legal(e: &Engine, pos: &Position) -> BTreeMap<Pid, Move> {
    e.legal_moves(pos).into_iter().map(|m| (pid(e, &m), m)).collect()
}

/// What the engines say about one witness position, independently of the SMT layer.
pub struct Rechecked {
    pub pos_a: Position,
    pub pos_b: Position,
    /// Moves legal under the default (a) only and under the option (b) only.
    pub only_a: BTreeMap<Pid, Move>,
    pub only_b: BTreeMap<Pid, Move>,
    /// The game results before any move, as the engines describe them.
    pub status_a: Option<String>,
    pub status_b: Option<String>,
}

/// A witness position as `engine` reads it. A witness of a drops reading holds a piece in hand,
/// which a game without drops cannot have (its position strings refuse hands): there the hand
/// is read as empty, as it would be inert anyway.
fn read_as(engine: &Engine, text: &str) -> Result<kensho::engine::Position, String> {
    match engine.parse_position(text) {
        Ok(pos) => Ok(pos),
        Err(e) if !engine.rules.drops => {
            let mut fields: Vec<&str> = text.split(' ').collect();
            if fields.len() < 3 {
                return Err(e.to_string());
            }
            fields[2] = "-";
            engine.parse_position(&fields.join(" ")).map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Parses the witness position under both engines and compares them; panics (naming `label`)
/// when the report does not hold: the moves listed as differing must be legal under the named
/// option only, the count must match, and a witness without differing moves must have
/// different results.
pub fn recheck(label: &str, w: &Witness, a: (&str, &Engine), b: (&str, &Engine)) -> Rechecked {
    let (a_name, ea) = a;
    let (b_name, eb) = b;
    let pos_a =
        read_as(ea, &w.position).unwrap_or_else(|e| panic!("{label}: {a_name} cannot read {}: {e}", w.position));
    let pos_b =
        read_as(eb, &w.position).unwrap_or_else(|e| panic!("{label}: {b_name} cannot read {}: {e}", w.position));
    let ma = ea.legal_moves(&pos_a);
    let mb = eb.legal_moves(&pos_b);
    let la: BTreeMap<Pid, Move> = ma.iter().map(|m| (pid(ea, m), m.clone())).collect();
    let lb: BTreeMap<Pid, Move> = mb.iter().map(|m| (pid(eb, m), m.clone())).collect();
    let only_a: BTreeMap<Pid, Move> =
        la.iter().filter(|(k, _)| !lb.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
    let only_b: BTreeMap<Pid, Move> =
        lb.iter().filter(|(k, _)| !la.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
    let status_a = ea.status_before(&pos_a, &ma).map(|o| o.describe());
    let status_b = eb.status_before(&pos_b, &mb).map(|o| o.describe());
    assert_eq!(
        only_a.len() + only_b.len(),
        w.differing_count,
        "{label}: the report counts {} differing moves on {}, the engines {} ({a_name} only: {:?}; {b_name} only: {:?})",
        w.differing_count,
        w.position,
        only_a.len() + only_b.len(),
        only_a.values().map(|m| ea.move_text(m)).collect::<Vec<_>>(),
        only_b.values().map(|m| eb.move_text(m)).collect::<Vec<_>>()
    );
    if w.differing_count == 0 {
        assert_ne!(
            status_a, status_b,
            "{label}: a witness without differing moves must differ in its result ({})",
            w.position
        );
    }
    for d in &w.differing {
        let (named, only, other_name) = if d.legal_under == a_name {
            (ea, &only_a, b_name)
        } else {
            assert_eq!(d.legal_under, b_name, "{label}: {} is legal under an unknown option", d.text);
            (eb, &only_b, a_name)
        };
        let hit = only.values().any(|m| {
            named.move_text(m) == d.text && m.from.map(|s| s.name()) == d.from && m.to.map(|s| s.name()) == d.to
        });
        assert!(
            hit,
            "{label}: {} is listed as legal under {} only, but on {} the engines disagree ({} only: {:?}; {other_name} has it too or neither has it)",
            d.text,
            d.legal_under,
            w.position,
            d.legal_under,
            only.values().map(|m| named.move_text(m)).collect::<Vec<_>>()
        );
    }
    Rechecked { pos_a, pos_b, only_a, only_b, status_a, status_b }
}

/// Square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Chebyshev (king-step) distance.
pub fn king_distance(a: Square, b: Square) -> i32 {
    (a.file as i32 - b.file as i32).abs().max((a.rank as i32 - b.rank as i32).abs())
}

/// The step vector from `a` to `b`.
pub fn vector(a: Square, b: Square) -> (i32, i32) {
    (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32)
}

/// The squares of a board picture as `kensho::smt::paths::picture` draws it (X the piece, F a
/// friend, E an enemy, `.` empty): square -> character.
pub fn read_picture(picture: &str) -> BTreeMap<Square, char> {
    let lines: Vec<&str> = picture.lines().collect();
    let ranks = lines.len() - 1;
    let mut out = BTreeMap::new();
    for (i, line) in lines[..ranks].iter().enumerate() {
        let rank = (ranks - 1 - i) as u8;
        let cells: Vec<char> =
            line[4..].split(' ').map(|c| c.chars().next().expect("one character per square")).collect();
        for (file, c) in cells.into_iter().enumerate() {
            out.insert(Square::new(file as u8, rank), c);
        }
    }
    out
}

/// Names of a set of squares, for messages.
pub fn names(squares: &BTreeSet<Square>) -> Vec<String> {
    squares.iter().map(|s| s.name()).collect()
}

/// A line witness: the moves of `w.line` from `w.position`, played under both engines (the
/// same move by identity), end in different results, or (no results given) in positions where
/// the reported moves are legal under one alternative only. Returns the two last results.
pub fn recheck_line(label: &str, w: &Witness, a: (&str, &Engine), b: (&str, &Engine)) -> (String, String) {
    let (a_name, ea) = a;
    let (b_name, eb) = b;
    let text =
        |o: Option<kensho::engine::status::Outcome>| o.map(|o| o.describe()).unwrap_or_else(|| "game goes on".into());
    let mut pa = read_as(ea, &w.position).unwrap_or_else(|e| panic!("{label}: {e}"));
    let mut pb = read_as(eb, &w.position).unwrap_or_else(|e| panic!("{label}: {e}"));
    let (mut ha, mut hb) = (ea.start_history(&pa), eb.start_history(&pb));
    let mut undo = Vec::new();
    let mut last = (String::new(), String::new());
    for (ply, mt) in w.line.iter().enumerate() {
        let ma = ea.legal_moves(&pa);
        let mv = ma
            .iter()
            .find(|m| ea.move_text(m) == *mt)
            .unwrap_or_else(|| panic!("{label}: ply {ply} {mt} is not legal under {a_name}"));
        let id = pid(ea, mv);
        let mb = eb.legal_moves(&pb);
        let mvb = mb
            .iter()
            .find(|m| pid(eb, m) == id)
            .unwrap_or_else(|| panic!("{label}: ply {ply} {mt} is not legal under {b_name}"));
        ea.make(&mut pa, mv, &mut undo);
        undo.clear();
        eb.make(&mut pb, mvb, &mut undo);
        undo.clear();
        last = (text(ea.status_after(&pa, mv, &mut ha)), text(eb.status_after(&pb, mvb, &mut hb)));
        if ply + 1 < w.line.len() || w.outcomes.is_empty() {
            assert_eq!(last.0, last.1, "{label}: the results differ already after ply {ply}");
        }
    }
    if w.outcomes.is_empty() {
        // The line leads to positions where the moves differ: each reported move is legal
        // under its alternative and has no counterpart (by identity) under the other.
        assert!(!w.differing.is_empty(), "{label}: a line witness with neither results nor moves");
        let (ma, mb) = (ea.legal_moves(&pa), eb.legal_moves(&pb));
        for d in &w.differing {
            let (own, other, own_moves, other_moves) =
                if d.legal_under == a_name { (ea, eb, &ma, &mb) } else { (eb, ea, &mb, &ma) };
            let m = own_moves
                .iter()
                .find(|m| own.move_text(m) == d.text)
                .unwrap_or_else(|| panic!("{label}: {} is not legal under {} after the line", d.text, d.legal_under));
            let id = pid(own, m);
            assert!(
                !other_moves.iter().any(|o| pid(other, o) == id),
                "{label}: {} is legal under both after the line",
                d.text
            );
        }
        return last;
    }
    if last.0 == last.1 {
        let (ma, mb) = (ea.legal_moves(&pa), eb.legal_moves(&pb));
        last = (text(ea.status_before(&pa, &ma)), text(eb.status_before(&pb, &mb)));
    }
    assert_ne!(last.0, last.1, "{label}: the line {:?} ends in the same result", w.line);
    assert_eq!(w.outcomes, vec![format!("{a_name}: {}", last.0), format!("{b_name}: {}", last.1)], "{label}");
    last
}

/// Confirms any witness a comparison reports: the start positions differ ("start positions"),
/// a line of play ends differently, or a position's moves or result differ.
pub fn recheck_comparison(label: &str, c: &Comparison, a: (&str, &Engine), b: (&str, &Engine)) {
    let Some(w) = &c.witness else { return };
    if c.method == "start positions" {
        let (ea, eb) = (a.1, b.1);
        assert_eq!(eb.position_string(&eb.start()), w.position, "{label}: the witness is the option's start position");
        assert!(
            ea.game.board != eb.game.board || ea.position_string(&ea.start()) != w.position,
            "{label}: the start positions are the same"
        );
    } else if !w.line.is_empty() {
        recheck_line(label, w, a, b);
    } else {
        recheck(label, w, a, b);
    }
}
