//! Reading witnesses from the engine alone (no Z3): positions on which two alternatives of a
//! reading differ, confirmed by the engine under both and shrunk to the pieces the difference
//! needs. The SMT layer (`smt`) builds its candidates from Z3 models and confirms them here;
//! this layer never uses it.

pub mod attacks;
pub mod build;
pub mod changes;
pub mod confirm;
pub mod lines;
pub mod lions;
pub mod outcomes;
pub mod search;

use crate::engine::status::Outcome;
use crate::engine::{Engine, Identity, Man, Move, Position};
use crate::geometry::{chebyshev, Square};
use crate::sampling;
use crate::sampling::designed::setup_royals;
use crate::sampling::shrink::Removable;
use serde::Serialize;
use std::collections::BTreeMap;

/// The engines of two alternatives of one reading.
pub struct Pair<'a> {
    pub a: &'a Engine,
    pub b: &'a Engine,
    pub a_name: &'a str,
    pub b_name: &'a str,
}

/// A move one alternative allows and the other does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DifferingMove {
    #[serde(rename = "move")]
    pub text: String,
    /// The alternative (option name) under which it is legal.
    pub legal_under: String,
    /// Where it starts and ends (board squares; none for drops' start).
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A position on which two alternatives disagree, confirmed by the engine.
#[derive(Clone, Debug, Serialize)]
pub struct Witness {
    /// The position string (as the first alternative's engine writes it).
    pub position: String,
    /// The moves legal under one alternative only (at most a few, the first by move text).
    pub differing: Vec<DifferingMove>,
    /// How many moves differ in all.
    pub differing_count: usize,
    /// Game results that differ, as "option: result".
    pub outcomes: Vec<String>,
    /// For a result reached by a line of play: the moves from `position` (empty otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

/// A copy of `pos` for `engine` (same piece ids by name), hashes recomputed; None when a piece
/// does not exist there.
pub fn transfer(from: &Engine, to: &Engine, pos: &Position) -> Option<Position> {
    if from.game.board != to.game.board || pos.size != to.game.board {
        return None;
    }
    let index: Vec<Option<u16>> = from.pieces.iter().map(|p| to.piece_index(&p.id)).collect();
    let z = &to.zobrist;
    let mut out = Position::empty(pos.size, to.pieces.len());
    // What the position remembers of its pieces carries over as far as the target engine
    // keeps such memory (a position string it could not read back otherwise).
    let mut keep = 0u8;
    if to.rules.after_drop.is_some() {
        keep |= crate::engine::position::DROPPED;
    }
    if to.rules.repromote.is_some() {
        keep |= crate::engine::position::DEMOTED;
    }
    for sq in pos.size.squares() {
        if let Some(m) = pos.at(sq) {
            out.put(z, sq, Some(Man { player: m.player, piece: index[m.piece as usize]? }));
            out.set_flags(z, sq, pos.flags_at(sq) & keep);
        }
    }
    for player in 0..2u8 {
        for (piece, &n) in pos.hands[player as usize].iter().enumerate() {
            if n > 0 {
                out.set_hand(z, player, index[piece]?, n);
            }
        }
    }
    out.set_side(z, pos.side);
    out.last_skip = pos.last_skip;
    if to.rules.lion_trade.as_ref().is_some_and(|t| t.counter_strike) {
        out.set_lion_taken_at(z, pos.lion_taken_at);
    }
    out.set_extra_turn(z, pos.extra_turn);
    out.move_number = pos.move_number;
    Some(out)
}

/// A result as the witnesses compare it: who wins, or a draw ("1-0", "0-1", "1/2-1/2"), or
/// None while the game goes on. Two results that differ only in their stated reason (the same
/// win by "no legal move" and by "checkmate") are the same result.
pub fn result_score(o: &Option<Outcome>) -> Option<&'static str> {
    o.as_ref().map(|o| o.score())
}

/// A result as a witness shows it.
pub fn result_text(o: &Option<Outcome>) -> String {
    o.as_ref().map(|o| o.describe()).unwrap_or_else(|| "game goes on".into())
}

/// Moves legal under one alternative only (true: the first), and the results that differ.
pub type Differences = (Vec<(Move, bool)>, Vec<String>);

/// The moves legal under exactly one alternative, and the results that differ; None when the
/// position does not carry over to the second alternative's board.
pub fn compare(pair: &Pair, pos: &Position) -> Option<Differences> {
    let pb = transfer(pair.a, pair.b, pos)?;
    let ma = pair.a.legal_moves(pos);
    let mb = pair.b.legal_moves(&pb);
    let diff = differing(pair, &ma, &mb);
    let mut outcomes = Vec::new();
    let sa = pair.a.status_before(pos, &ma);
    let sb = pair.b.status_before(&pb, &mb);
    if result_score(&sa) != result_score(&sb) {
        outcomes.push(format!("{}: {}", pair.a_name, result_text(&sa)));
        outcomes.push(format!("{}: {}", pair.b_name, result_text(&sb)));
    }
    Some((diff, outcomes))
}

/// The moves of `ma` (the first alternative's) and `mb` (the second's) whose identity the
/// other list lacks, each with true when it is the first alternative's.
pub fn differing(pair: &Pair, ma: &[Move], mb: &[Move]) -> Vec<(Move, bool)> {
    let ids_b: BTreeMap<Identity, &Move> = mb.iter().map(|m| (ident(pair.a, pair.b, m), m)).collect();
    let ids_a: BTreeMap<Identity, &Move> = ma.iter().map(|m| (ident(pair.a, pair.a, m), m)).collect();
    let mut diff: Vec<(Move, bool)> = Vec::new();
    for (id, m) in &ids_a {
        if !ids_b.contains_key(id) {
            diff.push(((*m).clone(), true));
        }
    }
    for (id, m) in &ids_b {
        if !ids_a.contains_key(id) {
            diff.push(((*m).clone(), false));
        }
    }
    diff
}

/// The differing moves as the report shows them: sorted by text, the first six, and how many
/// there are in all.
pub fn records(pair: &Pair, diff: &[(Move, bool)]) -> (Vec<DifferingMove>, usize) {
    let mut differing: Vec<DifferingMove> = diff
        .iter()
        .map(|(m, in_a)| {
            let (engine, name) = if *in_a { (pair.a, pair.a_name) } else { (pair.b, pair.b_name) };
            DifferingMove {
                text: engine.move_text(m),
                legal_under: name.to_string(),
                from: m.from.map(|s| s.name()),
                to: m.to.map(|s| s.name()),
            }
        })
        .collect();
    differing.sort_by(|x, y| x.text.cmp(&y.text));
    let count = differing.len();
    differing.truncate(6);
    (differing, count)
}

/// A move's identity with its piece types (drop, promotion) as the first engine numbers them,
/// so that two alternatives with different piece lists compare by piece id.
pub fn ident(first: &Engine, own: &Engine, m: &Move) -> Identity {
    let mut id = m.identity();
    let map = |p: u16| first.piece_index(&own.piece(p).id).unwrap_or(u16::MAX);
    id.dropped = id.dropped.map(map);
    id.promotion = id.promotion.map(map);
    id
}

/// The witness record of `pos`, or None if the alternatives agree there.
pub fn witness(pair: &Pair, pos: &Position) -> Option<Witness> {
    let (diff, outcomes) = compare(pair, pos)?;
    if diff.is_empty() && outcomes.is_empty() {
        return None;
    }
    let (differing, count) = records(pair, &diff);
    Some(Witness {
        position: pair.a.position_string(pos),
        differing,
        differing_count: count,
        outcomes,
        line: Vec::new(),
    })
}

/// Removes pieces (never royals) and hand pieces one at a time while `keeps` still holds
/// (`sampling::shrink`).
pub fn shrink(pair: &Pair, pos: &Position, keeps: &dyn Fn(&Position) -> bool) -> Position {
    let may = Removable { royals: false, whole_hand: false };
    sampling::shrink::shrink(pair.a, pos.clone(), (), may, |trial| keeps(trial).then_some(())).0
}

/// The royal types each player gets: the setup's, or (no setup) one of each royal type.
fn royals(engine: &Engine) -> Vec<(u8, u16)> {
    let mut r = setup_royals(engine);
    if r.is_empty() {
        for (i, p) in engine.pieces.iter().enumerate() {
            if p.royal && !engine.pieces.iter().any(|q| q.promotes_to == Some(i as u16)) {
                r.push((0, i as u16));
                r.push((1, i as u16));
            }
        }
    }
    r
}

/// Puts each player's royals on the board where they are safe under both alternatives: their
/// start squares when free, else squares far from `focus`. Players that already have a royal
/// of a type keep it. None when no safe placement was found.
pub fn add_royals(pair: &Pair, mut pos: Position, focus: Square) -> Option<Position> {
    let engine = pair.a;
    let z = &engine.zobrist;
    let size = pos.size;
    for (player, piece) in royals(engine) {
        let has = pos.board.iter().flatten().any(|m| m.player == player && engine.piece(m.piece).royal);
        if has {
            continue;
        }
        let start: Vec<Square> = engine
            .game
            .setup
            .iter()
            .filter(|p| p.player == player && engine.piece_index(&p.piece) == Some(piece))
            .map(|p| p.square)
            .collect();
        // A royal confined to a zone (Shoogantshii's palace) stands in it, nearest the focus
        // as it must; any other royal at least three steps from it.
        let confine = engine.piece(piece).abilities.confine.clone();
        let allowed = |s: Square| confine.as_deref().is_none_or(|zone| engine.in_zone(zone, player, s));
        let mut far: Vec<Square> = size.squares().filter(|&s| allowed(s)).collect();
        let dist = |s: Square| chebyshev(s, focus);
        far.sort_by_key(|&s| std::cmp::Reverse(dist(s)));
        let min_dist = if confine.is_some() { 0 } else { 3 };
        let candidates = start.into_iter().chain(far.into_iter().filter(|&s| dist(s) >= min_dist));
        let mut placed = false;
        for sq in candidates.take(40) {
            if pos.at(sq).is_some() {
                continue;
            }
            let mut trial = pos.clone();
            trial.put(z, sq, Some(Man { player, piece }));
            if !attacked(pair, &trial, player, sq) {
                pos = trial;
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(pos)
}

/// Is `player`'s piece on `sq` attacked under either alternative? (Only the royals placed
/// here are kept out of attack: a royal the witness itself needs, a jumped King, may stand
/// attacked.)
fn attacked(pair: &Pair, pos: &Position, player: u8, sq: Square) -> bool {
    let Some(pb) = transfer(pair.a, pair.b, pos) else { return true };
    pair.a.attacks(pos, 1 - player, sq) || pair.b.attacks(&pb, 1 - player, sq)
}
