//! Designed end positions and lines of play for readings that change how games end (issue 7,
//! docs/smt.md "Reading witnesses"). The search over seeded games and random designed
//! positions rarely reaches a stalemate, a bare King, both Kings entered or a position repeated
//! four times; here the positions are built for the end rule the two alternatives differ in:
//!
//! - stalemate (`end.stalemate*`): the side to move boxed in, not in check, with no legal move:
//!   its royal (or two royals, for the readings about several royals) in a corner, the
//!   squares around filled one at a time with the piece that takes away the most moves;
//! - bare king (`end.bare-king*`): one ply that captures the last non-royal piece of the
//!   opponent, with the opponent's hand empty or holding a piece;
//! - impasse (`end.impasse*`): one King step into the zone while the other King already
//!   stands in its own, where one alternative has the impasse and the other not; where both
//!   count it differently (threshold, hand, what is worth five), the first player given the
//!   game's own pieces one at a time until the counts give different results, then the
//!   impasse brought about (that King step, or a fourfold shuffle of both Kings); an impasse
//!   declaration (`end.impasse-declaration`): the declarer's King in its zone, its setup
//!   pieces put there and then in hand until one alternative's declaration wins;
//! - repetition, perpetual check, the repetition identity and exclusions
//!   (`end.repetition*`, `end.perpetual-check*`, `end.precedence`, `end.impasse*` triggered by
//!   repetition): lines that shuffle back and forth until a position repeats as often as either
//!   rule counts: two Kings stepping out and back; the same with a skipped turn in every other
//!   round (the skip state and the positions after skips); a piece that gives check on every
//!   move while the King steps aside; a drop the opponent's King takes, so that the board
//!   repeats with other hands; a position on the extra turn a drop earned, come back by a
//!   round in which the dropped piece is taken, dropped and taken back
//!   (`end.repetition-counted-at`).
//!
//! A stalemate design is a position (the results differ on it); the others are a position and
//! a line of one or more plies from it. An end rule that an engine reads but refuses to play
//! (the perpetual chase) gets no design: the engine's result there would not be the rule's. The designs are
//! deterministic (the seed is not used).
//!
//! Every move of a line is one the first engine generates and the second has too (the same
//! move by identity); the line is played under both engines at once, each with its own
//! history, and ends where the results first differ. Piece choices come from the engines (the
//! royal types, pieces that can pass, droppable pieces, pieces that attack the squares needed),
//! never from a spec's name.

use super::build::add_royals;
use super::changes::changes;
use super::compare::{differing, records, result_score, result_text, transfer, witness};
use super::confirm::shrink;
use super::lines::play_both;
use super::{Pair, Witness};
use crate::engine::config::{BareKing, Rules, SelfCheck};
use crate::engine::moves::Kind;
use crate::engine::promotion::empty_board_moves;
use crate::engine::{Engine, Man, Move, Position};
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::{droppable, setup_royals};

/// A witness for the end rule the two alternatives of `pair` differ in: a designed position on
/// which their results differ, or a position and a short line of play from it after which they
/// do; lines of at most `max_plies` plies (the SMT layer's `Limits::line_plies`, at least 8).
/// None when the changes are not all game ends, when an engine does not play a changed rule
/// (`unplayed`), or when no design separates them.
pub fn designed(pair: &Pair, max_plies: usize, seed: u64) -> Option<Witness> {
    let changed = changes(&pair.a.game, &pair.b.game);
    if changed.is_empty() || !changed.iter().all(|c| c.starts_with("rules.end.")) {
        return None;
    }
    if !unplayed(pair, &changed).is_empty() {
        return None;
    }
    let kit = Kit::new(pair, max_plies, seed);
    let has = |prefix: &str| changed.iter().any(|c| c.starts_with(prefix));
    let mut designs: Vec<fn(&Kit) -> Option<Witness>> = Vec::new();
    if has("rules.end.stalemate") {
        designs.push(stalemate);
    }
    if has("rules.end.bare-king") {
        designs.push(bare_king);
    }
    if has("rules.end.impasse") {
        designs.extend([impasse_entry as fn(&Kit) -> Option<Witness>, impasse_points, declaration]);
    }
    if has("rules.end.repetition")
        || has("rules.end.perpetual")
        || has("rules.end.precedence")
        || has("rules.end.impasse")
    {
        designs.extend([
            shuffle as fn(&Kit) -> Option<Witness>,
            skip_rounds,
            perpetual_check,
            hand_swap,
            extra_turn_rounds,
        ]);
    }
    designs.iter().find_map(|d| d(&kit))
}

/// The changed rules (spec paths) that an engine of the pair reads but does not play (the
/// engine refuses them; move counting goes on without them): a witness there would be the
/// engine's, not the rule's. Each as "path = value: why".
pub fn unplayed(pair: &Pair, changed: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for game in [&pair.a.game, &pair.b.game] {
        let (_, bad) = Rules::read(game);
        for u in bad {
            let text = u.to_string();
            if changed.contains(&u.path) && !out.contains(&text) {
                out.push(text);
            }
        }
    }
    out
}

/// What the designs share: the pair, the piece types to build with, how long lines may be.
struct Kit<'p> {
    pair: &'p Pair<'p>,
    /// Non-royal piece types of the first engine that the second has too, one per distinct
    /// move (XBetza, zone moves, abilities, promotion), fewest empty-board moves first.
    types: Vec<u16>,
    /// Royal types of the first engine that the second has too, fewest moves first.
    royals: Vec<u16>,
    /// Rounds a shuffling line repeats: one more than the largest count either rule names.
    rounds: usize,
    max_plies: usize,
}

impl<'p> Kit<'p> {
    fn new(pair: &'p Pair<'p>, max_plies: usize, _seed: u64) -> Kit<'p> {
        let a = pair.a;
        let size = a.game.board;
        let centre = Square::new(size.files / 2, size.ranks / 2);
        let moves_on_empty = |i: u16| empty_board_moves(a, Man { player: 0, piece: i }, centre).len();
        let in_both = |i: usize| pair.b.piece_index(&a.pieces[i].id).is_some();
        let mut seen: Vec<String> = Vec::new();
        let mut types: Vec<u16> = Vec::new();
        let mut royals: Vec<u16> = Vec::new();
        for (i, p) in a.game.pieces.iter().enumerate() {
            if !in_both(i) {
                continue;
            }
            if p.royal {
                royals.push(i as u16);
                continue;
            }
            let zone: Vec<(&String, &String)> = p.zone_moves.iter().map(|(z, (b, _))| (z, b)).collect();
            let key = format!(
                "{} {:?} {:?} {:?}",
                p.betza,
                zone,
                p.abilities,
                p.promotes_to.as_ref().map(|t| a.game.piece(t).map(|q| q.betza.clone()))
            );
            if !seen.contains(&key) {
                seen.push(key);
                types.push(i as u16);
            }
        }
        types.sort_by_key(|&i| (moves_on_empty(i), i));
        royals.sort_by_key(|&i| (moves_on_empty(i), i));
        let counts = |r: &Rules| r.repetition_count.max(r.perpetual_check_count) as usize;
        let rounds = counts(&a.rules).max(counts(&pair.b.rules)).clamp(2, 8) + 1;
        Kit { pair, types, royals, rounds, max_plies: max_plies.max(8) }
    }

    fn engine(&self) -> &Engine {
        self.pair.a
    }

    /// An empty position of the first engine, the first player to move.
    fn empty(&self) -> Position {
        let a = self.engine();
        let mut pos = Position::empty(a.game.board, a.pieces.len());
        pos.set_side(&a.zobrist, 0);
        pos
    }

    /// Both players' royals (and, where a bare King loses, one plain piece each: `spectators`),
    /// the first player to move, with the squares of the first royal of each: the setup's
    /// royal types on their start squares, or (where they attack each other, or a King could
    /// not step out and back) the second player's as near its start square as that allows.
    fn kings(&self) -> Option<(Position, Square, Square)> {
        self.royal_pair(true)
    }

    /// The royal type each player's King is: the setup's, else the first royal type (the
    /// second player's as the first player's when the setup gives it none).
    fn royal_types(&self) -> Option<(u16, u16)> {
        let royals = setup_royals(self.engine());
        let r0 = royals.iter().find(|r| r.0 == 0).map(|r| r.1).or(self.royals.first().copied())?;
        let r1 = royals.iter().find(|r| r.0 == 1).map(|r| r.1).unwrap_or(r0);
        Some((r0, r1))
    }

    /// `kings`, with the bare-king spectators where `spectators` (else the royals alone).
    fn royal_pair(&self, spectators: bool) -> Option<(Position, Square, Square)> {
        let a = self.engine();
        let size = a.game.board;
        let royals = setup_royals(a);
        let start = |player: u8| {
            let (_, piece) = *royals.iter().find(|r| r.0 == player)?;
            let id = &a.piece(piece).id;
            a.game.setup.iter().find(|p| p.player == player && &p.piece == id).map(|p| (piece, p.square))
        };
        if let (Some((r0, s0)), Some((r1, s1))) = (start(0), start(1)) {
            let mut near: Vec<Square> = size.squares().filter(|&s| s != s0 && chebyshev(s, s1) <= 2).collect();
            near.sort_by_key(|&s| (chebyshev(s, s1), s));
            for c1 in near {
                let mut pos = self.empty();
                self.put(&mut pos, s0, 0, r0);
                self.put(&mut pos, c1, 1, r1);
                if self.in_check_under_either(&pos, 0)
                    || self.in_check_under_either(&pos, 1)
                    || (spectators && !self.spectators(&mut pos, &[s0, c1]))
                {
                    continue;
                }
                if self.quiet_steps(&pos, s0).len() >= 2 && self.quiet_steps(&pos, c1).len() >= 2 {
                    return Some((pos, s0, c1));
                }
            }
        }
        let mut pos = add_royals(self.pair, self.empty(), Square::new(size.files / 2, size.ranks / 2))?;
        let k0 = a.royals_of(&pos, 0).first().copied()?;
        let k1 = a.royals_of(&pos, 1).first().copied()?;
        (!spectators || self.spectators(&mut pos, &[k0, k1])).then_some((pos, k0, k1))
    }

    /// Where a player with nothing but royals loses (end.bare-king under either alternative):
    /// one plain piece for each player on the board, in a corner of its own first rank away
    /// from `busy`, so that the line is not cut short by a bare King. False when no such
    /// placement leaves both players out of check.
    fn spectators(&self, pos: &mut Position, busy: &[Square]) -> bool {
        let a = self.engine();
        if a.rules.bare_king == BareKing::None && self.pair.b.rules.bare_king == BareKing::None {
            return true;
        }
        let size = a.game.board;
        for player in 0..2u8 {
            let rank = if player == 0 { 0 } else { size.ranks - 1 };
            let mut spots: Vec<Square> = (0..size.files)
                .map(|f| Square::new(f, rank))
                .filter(|&s| pos.at(s).is_none() && busy.iter().all(|&b| chebyshev(s, b) >= 3))
                .collect();
            spots.sort_by_key(|s| std::cmp::Reverse(s.file.abs_diff(size.files / 2)));
            let placed = spots.into_iter().take(4).any(|s| {
                self.types.iter().take(6).any(|&t| {
                    let mut trial = pos.clone();
                    self.put(&mut trial, s, player, t);
                    let ok = !self.in_check_under_either(&trial, 0) && !self.in_check_under_either(&trial, 1);
                    if ok {
                        *pos = trial;
                    }
                    ok
                })
            });
            if !placed {
                return false;
            }
        }
        true
    }

    /// Squares the piece on `sq` can step to without capturing or promoting (its owner to
    /// move), nearest first.
    fn quiet_steps(&self, pos: &Position, sq: Square) -> Vec<Square> {
        let a = self.engine();
        let Some(man) = pos.at(sq) else { return Vec::new() };
        let mut p = pos.clone();
        p.set_side(&a.zobrist, man.player);
        p.last_skip = [false; 2];
        let mut out: Vec<Square> = a
            .legal_moves(&p)
            .iter()
            .filter(|m| m.from == Some(sq) && m.kind == Kind::Normal && m.captures.is_empty() && m.promotion.is_none())
            .filter_map(|m| m.to)
            .filter(|&t| t != sq)
            .collect();
        out.sort_by_key(|&t| (chebyshev(sq, t), t));
        out.dedup();
        out
    }

    fn put(&self, pos: &mut Position, sq: Square, player: u8, piece: u16) {
        pos.put(&self.engine().zobrist, sq, Some(Man { player, piece }));
    }

    fn in_check_under_either(&self, pos: &Position, player: u8) -> bool {
        let Some(pb) = transfer(self.pair.a, self.pair.b, pos) else { return true };
        self.pair.a.in_check(pos, player) || self.pair.b.in_check(&pb, player)
    }

    /// `play` with the kit's ply limit.
    fn play(&self, start: &Position, steps: &[Step], settled: usize) -> Played {
        play(self.pair, start, &steps[..steps.len().min(self.max_plies)], settled)
    }

    /// `prelude`, then `round` repeated `rounds` times.
    fn rounds_of(&self, prelude: &[Step], round: &[Step]) -> Vec<Step> {
        let mut out = prelude.to_vec();
        for _ in 0..self.rounds {
            out.extend_from_slice(round);
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// Lines of play under both alternatives.

/// One ply of a designed line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A board move of the piece on the first square to the second (not a pass; the same
    /// square for a capture in place), unpromoted where the rules allow it.
    Go(Square, Square),
    /// A skipped turn of the side to move.
    Skip,
    /// A drop of this piece type (the first engine's index) on the square.
    Drop(u16, Square),
    /// The extra turn a drop earned, declined (extra-turn.optional).
    Decline,
}

/// What playing a line gave.
enum Played {
    /// The results differ: the witness.
    Found(Witness),
    /// Every step was played, or both games ended alike once the line was set up, and the
    /// results never differed: the design does not separate the alternatives.
    Same,
    /// A step was not legal under one alternative, or both games ended alike before the line
    /// was set up: the design's squares or pieces did not fit.
    Broken,
}

/// The result itself (who wins, or a draw, or none yet), without the reason: two alternatives
/// that end a game alike for different stated reasons do not differ.
/// The move of `moves` a step asks for.
fn pick(moves: &[Move], step: Step) -> Option<&Move> {
    let mut fits: Vec<&Move> = moves
        .iter()
        .filter(|m| match step {
            Step::Go(from, to) => {
                m.from == Some(from)
                    && m.to == Some(to)
                    && !matches!(m.kind, Kind::Pass | Kind::Drop | Kind::PromoteInPlace)
            }
            Step::Skip => m.is_skip,
            Step::Drop(piece, to) => m.kind == Kind::Drop && m.man.piece == piece && m.to == Some(to),
            Step::Decline => m.kind == Kind::Decline,
        })
        .collect();
    fits.sort_by_key(|m| m.promotion.is_some());
    fits.first().copied()
}

/// Plays `steps` from `start` under both alternatives at once (the same move by identity,
/// each engine with its own history), comparing the results before and after every ply, and
/// stops where they first differ: the witness is the start position and the line up to there
/// (or the position alone, when the results differ on it). A game that ends alike under both
/// within the first `settled` plies means the line was not set up (`Broken`).
fn play(pair: &Pair, start: &Position, steps: &[Step], settled: usize) -> Played {
    let (a, b) = (pair.a, pair.b);
    let Some(start_b) = transfer(a, b, start) else { return Played::Broken };
    let (mut pa, mut pb) = (start.clone(), start_b);
    let (mut ha, mut hb) = (a.start_history(&pa), b.start_history(&pb));
    let mut line: Vec<String> = Vec::new();
    let found = |line: Vec<String>, ta: String, tb: String| {
        if line.is_empty() {
            return witness(pair, start).map(Played::Found).unwrap_or(Played::Broken);
        }
        Played::Found(Witness {
            position: a.position_string(start),
            differing: Vec::new(),
            differing_count: 0,
            outcomes: vec![format!("{}: {ta}", pair.a_name), format!("{}: {tb}", pair.b_name)],
            line,
        })
    };
    for ply in 0..=steps.len() {
        let (ma, mb) = (a.game_moves(&pa, &ha), b.game_moves(&pb, &hb));
        let (sa, sb) = (a.status_before(&pa, &ma), b.status_before(&pb, &mb));
        if result_score(&sa) != result_score(&sb) {
            return found(line, result_text(&sa), result_text(&sb));
        }
        if ply == steps.len() {
            return Played::Same;
        }
        if sa.is_some() {
            return if ply < settled { Played::Broken } else { Played::Same };
        }
        // The history makes a move legal under one alternative only (end.perpetual-check =
        // move-illegal takes out the move that would complete a perpetual check): the line
        // up to here is the witness.
        let diff = differing(pair, &ma, &mb);
        if !diff.is_empty() && !line.is_empty() {
            let (differing, differing_count) = records(pair, &diff);
            return Played::Found(Witness {
                position: a.position_string(start),
                differing,
                differing_count,
                outcomes: Vec::new(),
                line,
            });
        }
        let Some(mv) = pick(&ma, steps[ply]) else { return Played::Broken };
        let Some(mvb) = play_both(pair, (&mut pa, &mut pb), mv, &mb) else { return Played::Broken };
        line.push(a.move_text(mv));
        let mvb = &mvb;
        let (oa, ob) = (a.status_after(&pa, mv, &mut ha), b.status_after(&pb, mvb, &mut hb));
        if result_score(&oa) != result_score(&ob) {
            return found(line, result_text(&oa), result_text(&ob));
        }
        if oa.is_some() {
            return if ply + 1 < settled { Played::Broken } else { Played::Same };
        }
    }
    Played::Same
}

// ---------------------------------------------------------------------------------------
// Stalemate: no legal move, not in check.

/// Do the two alternatives give `pos` (no history) different results?
fn results_differ(pair: &Pair, pos: &Position) -> bool {
    let Some(pb) = transfer(pair.a, pair.b, pos) else { return false };
    let sa = pair.a.status_before(pos, &pair.a.legal_moves(pos));
    let sb = pair.b.status_before(&pb, &pair.b.legal_moves(&pb));
    result_score(&sa) != result_score(&sb)
}

/// A stalemate of the first player: one royal, then two (the rules for several royals) where
/// the game lets a player have two, in each corner, the other player's royals far away.
fn stalemate(kit: &Kit) -> Option<Witness> {
    let pair = kit.pair;
    let royals = &kit.royals;
    let first = *royals.first()?;
    // Two royals only where a player can have two: two royal types (one may be a promoted
    // form), or two of the first in the setup.
    let a = kit.engine();
    let in_setup = a.game.setup.iter().filter(|p| p.player == 0 && a.piece_index(&p.piece) == Some(first)).count();
    let mut sets: Vec<Vec<u16>> = vec![vec![first]];
    if let Some(&second) = royals.get(1) {
        sets.push(vec![first, second]);
    }
    if in_setup >= 2 {
        sets.push(vec![first, first]);
    }
    let size = kit.engine().game.board;
    let (top, right) = (size.ranks - 1, size.files - 1);
    // The far corners first: a forward-moving blocker there has nowhere to go.
    let corners = [Square::new(0, top), Square::new(right, top), Square::new(0, 0), Square::new(right, 0)];
    let can_pass = kit.engine().pieces.iter().any(|p| p.can_pass);
    let skip_states: &[[bool; 2]] =
        if can_pass { &[[false, false], [false, true], [true, false]] } else { &[[false, false]] };
    let differs = |p: &Position| results_differ(pair, p);
    for set in sets {
        'set: for &corner in &corners {
            for &skips in skip_states {
                let Some(pos) = box_in(kit, &set, corner, skips) else { continue };
                if differs(&pos) {
                    let small = shrink(pair, &pos, &differs);
                    return witness(pair, &small);
                }
                // A stalemate with this many royals gives the same results: try more royals.
                break 'set;
            }
        }
    }
    None
}

/// The first player's `royals` in `corner` (the second beside it on the edge) and the second
/// player's royals far away; then, one at a time, the piece (of either player where moving
/// into attack is illegal, else the first player's own) on a square near the corner that
/// leaves the first player the fewest legal moves, never giving check, until no move is left.
fn box_in(kit: &Kit, royals: &[u16], corner: Square, skips: [bool; 2]) -> Option<Position> {
    let (pair, a) = (kit.pair, kit.engine());
    let mut pos = kit.empty();
    let beside = Square::new(if corner.file == 0 { 1 } else { corner.file - 1 }, corner.rank);
    for (i, &r) in royals.iter().enumerate().take(2) {
        kit.put(&mut pos, if i == 0 { corner } else { beside }, 0, r);
    }
    pos.last_skip = skips;
    let mut pos = add_royals(pair, pos, corner)?;
    // Where a move into attack is illegal, an enemy piece that attacks a square takes it away.
    let enemies = a.rules.self_check != SelfCheck::Allowed || pair.b.rules.self_check != SelfCheck::Allowed;
    let near = |s: Square| chebyshev(s, corner) <= 3;
    for _ in 0..20 {
        let moves = a.legal_moves(&pos);
        if moves.is_empty() {
            return (!kit.in_check_under_either(&pos, 0)).then_some(pos);
        }
        let mut squares: Vec<Square> = Vec::new();
        for m in &moves {
            for s in m.path.iter().map(|s| s.square).chain(m.to) {
                if Some(s) != m.from && near(s) && pos.at(s).is_none() && !squares.contains(&s) {
                    squares.push(s);
                }
            }
        }
        let mut trials: Vec<(Square, u8)> = squares.iter().map(|&s| (s, 0)).collect();
        if enemies {
            trials.extend(pos.size.squares().filter(|&s| near(s) && pos.at(s).is_none()).map(|s| (s, 1)));
        }
        let mut best: Option<(usize, Position)> = None;
        for &(sq, owner) in &trials {
            for &t in &kit.types {
                let mut trial = pos.clone();
                kit.put(&mut trial, sq, owner, t);
                if kit.in_check_under_either(&trial, 0) || kit.in_check_under_either(&trial, 1) {
                    continue;
                }
                let n = a.legal_moves(&trial).len();
                if best.as_ref().is_none_or(|(b, _)| n < *b) {
                    best = Some((n, trial));
                }
            }
        }
        let (n, next) = best?;
        if n >= moves.len() {
            return None;
        }
        pos = next;
    }
    None
}

// ---------------------------------------------------------------------------------------
// Bare king: the last non-royal piece of a player captured.

/// One ply: a piece of the first player captures the second player's only non-royal piece;
/// the second player's hand empty, then (drops) holding one piece.
fn bare_king(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let size = a.game.board;
    let centre = Square::new(size.files / 2, size.ranks / 2);
    let (base, _, _) = kit.royal_pair(false)?;
    if base.at(centre).is_some() {
        return None;
    }
    let mut hands: Vec<Option<u16>> = vec![None];
    if a.rules.drops || pair.b.rules.drops {
        hands.extend(droppable(a).into_iter().find(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).map(Some));
    }
    let mut around: Vec<Square> =
        size.squares().filter(|&s| (1..=2).contains(&chebyshev(s, centre)) && base.at(s).is_none()).collect();
    around.sort_by_key(|&s| (chebyshev(s, centre), s));
    for hand in hands {
        'hand: for &victim in kit.types.iter().rev().take(4) {
            for &taker in &kit.types {
                for &from in &around {
                    let mut pos = base.clone();
                    kit.put(&mut pos, centre, 1, victim);
                    kit.put(&mut pos, from, 0, taker);
                    if let Some(h) = hand {
                        pos.set_hand(&a.zobrist, 1, h, 1);
                    }
                    if kit.in_check_under_either(&pos, 0) || kit.in_check_under_either(&pos, 1) {
                        continue;
                    }
                    let moves = a.legal_moves(&pos);
                    let Some(m) = moves
                        .iter()
                        .find(|m| m.from == Some(from) && m.captures.len() == 1 && m.captures[0].0 == centre)
                    else {
                        continue;
                    };
                    let Some(to) = m.to else { continue };
                    match kit.play(&pos, &[Step::Go(from, to)], 0) {
                        Played::Found(w) => return Some(w),
                        // The capture was made and the results agree: this hand gives nothing.
                        Played::Same => break 'hand,
                        Played::Broken => {}
                    }
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Impasse: both royals in their zones.

/// One ply: the first player's King steps into its promotion zone while the second player's
/// King already stands in its own, under the alternative whose impasse counts then.
fn impasse_entry(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let engine = [pair.a, pair.b]
        .into_iter()
        .find(|e| e.rules.impasse.as_ref().is_some_and(|i| !i.on_repetition && i.declaration.is_none()))?;
    let zone = engine.rules.promotion_zone.clone()?;
    let (r0, r1) = kit.royal_types()?;
    let size = a.game.board;
    let inside = |player: u8, s: Square| engine.in_zone(&zone, player, s);
    // The first King one step outside its zone, the other King inside its own, far apart.
    let mut outside: Vec<Square> = size
        .squares()
        .filter(|&s| !inside(0, s) && size.squares().any(|z| inside(0, z) && chebyshev(s, z) == 1))
        .collect();
    let mid = size.files as i32 / 2;
    outside.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
    let theirs: Vec<Square> = size.squares().filter(|&s| inside(1, s)).collect();
    let mut tries = 0;
    for &o in &outside {
        let mut far: Vec<Square> =
            theirs.iter().copied().filter(|&s| chebyshev(s, o) >= 3 && s.file != o.file).collect();
        far.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
        for &k1 in far.iter().take(3) {
            let mut pos = kit.empty();
            kit.put(&mut pos, o, 0, r0);
            kit.put(&mut pos, k1, 1, r1);
            if kit.in_check_under_either(&pos, 0)
                || kit.in_check_under_either(&pos, 1)
                || !kit.spectators(&mut pos, &[o, k1])
            {
                continue;
            }
            for to in kit.quiet_steps(&pos, o).into_iter().filter(|&t| inside(0, t)) {
                tries += 1;
                match kit.play(&pos, &[Step::Go(o, to)], 0) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 24 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}

/// Both alternatives count an impasse, differently (threshold, what counts, what is worth five):
/// the first player given the game's own pieces (every non-royal piece of the setup, as it is
/// or promoted), one at a time, in hand or on the board away from the Kings, the five-point
/// pieces first in every proportion, until the two counts give different results; then the
/// impasse is brought about as the rules say: the first King stepping into its zone (the other
/// already in its own), or a fourfold shuffle of both Kings.
fn impasse_points(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let (ia, ib) = (a.rules.impasse.as_ref()?, pair.b.rules.impasse.as_ref()?);
    if ia.on_repetition != ib.on_repetition {
        return None;
    }
    let zone = a.rules.promotion_zone.clone().or_else(|| pair.b.rules.promotion_zone.clone());
    // The Kings and the line that brings the impasse about.
    let (base, busy, steps, settled): (Position, Vec<Square>, Vec<Step>, usize) = if ia.on_repetition {
        let (base, k0, k1) = kit.kings()?;
        let (t0, t1) = (*kit.quiet_steps(&base, k0).first()?, *kit.quiet_steps(&base, k1).first()?);
        let round = [Step::Go(k0, t0), Step::Go(k1, t1), Step::Go(t0, k0), Step::Go(t1, k1)];
        (base, vec![k0, t0, k1, t1], kit.rounds_of(&[], &round), round.len())
    } else {
        let zone = zone.clone()?;
        let size = a.game.board;
        let inside = |player: u8, s: Square| a.in_zone(&zone, player, s);
        let (r0, r1) = kit.royal_types()?;
        let mid = size.files as i32 / 2;
        let mut outside: Vec<Square> = size
            .squares()
            .filter(|&s| !inside(0, s) && size.squares().any(|z| inside(0, z) && chebyshev(s, z) == 1))
            .collect();
        outside.sort_by_key(|s| ((s.file as i32 - mid).abs(), *s));
        let found = outside.iter().find_map(|&o| {
            let k1 = size
                .squares()
                .filter(|&s| inside(1, s) && chebyshev(s, o) >= 3 && s.file != o.file)
                .min_by_key(|s| ((s.file as i32 - mid).abs(), *s))?;
            let mut pos = kit.empty();
            kit.put(&mut pos, o, 0, r0);
            kit.put(&mut pos, k1, 1, r1);
            let to = kit.quiet_steps(&pos, o).into_iter().find(|&t| inside(0, t))?;
            Some((pos, vec![o, to, k1], vec![Step::Go(o, to)], 0))
        });
        found?
    };
    let size = a.game.board;
    let in_zone = |s: Square| zone.as_ref().is_some_and(|z| a.in_zone(z, 0, s));
    let mut spots: Vec<Square> =
        size.squares().filter(|&s| base.at(s).is_none() && busy.iter().all(|&b| chebyshev(s, b) >= 3)).collect();
    spots.sort_by_key(|&s| {
        (!in_zone(s), std::cmp::Reverse(busy.iter().map(|&b| chebyshev(s, b)).min().unwrap_or(0)), s)
    });
    let results_differ = |pos: &Position| {
        let Some(pb) = transfer(a, pair.b, pos) else { return false };
        result_score(&a.impasse_result(pos)) != result_score(&pair.b.impasse_result(&pb))
    };
    let in_both = |t: &u16| pair.b.piece_index(&a.piece(*t).id).is_some();
    let setup: Vec<u16> =
        a.game.setup.iter().filter_map(|p| a.piece_index(&p.piece)).filter(|&t| !a.piece(t).royal).collect();
    let five = |t: &u16| ia.five.contains(&a.piece(*t).id) || ib.five.contains(&a.piece(*t).id);
    let hand_types = droppable(a);
    let drops = a.rules.drops || pair.b.rules.drops;
    let mut plays = 0;
    for promoted in [false, true] {
        let units: Vec<u16> = setup
            .iter()
            .map(|&t| if promoted { a.piece(t).promotes_to.unwrap_or(t) } else { t })
            .filter(in_both)
            .collect();
        let (fives, ones): (Vec<u16>, Vec<u16>) = units.iter().partition(|t| five(t));
        for in_hand in [true, false] {
            if in_hand && !drops {
                continue;
            }
            for m in 0..=fives.len() {
                let order: Vec<u16> = fives[..m].iter().chain(ones.iter()).chain(fives[m..].iter()).copied().collect();
                let mut pos = base.clone();
                let mut free = spots.clone();
                for &t in &order {
                    let placed = if in_hand && hand_types.contains(&t) {
                        let n = pos.hands[0][t as usize];
                        pos.set_hand(&a.zobrist, 0, t, n + 1);
                        true
                    } else {
                        place_piece(kit, &mut pos, &mut free, t)
                    };
                    if !placed || !results_differ(&pos) {
                        continue;
                    }
                    plays += 1;
                    match kit.play(&pos, &steps, settled) {
                        Played::Found(w) => return Some(w),
                        _ if plays > 12 => return None,
                        _ => break,
                    }
                }
            }
        }
    }
    None
}

/// An impasse declaration (end.impasse-declaration): the first player to move, its King in its
/// zone (the middle file, at the zone's edge), the other King outside both zones and far away;
/// the first player's setup pieces (five-point ones first) put in its zone, then more of them
/// in hand (captured pieces), one at a time, until the two alternatives' results differ there.
fn declaration(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let declarer =
        [pair.a, pair.b].into_iter().find(|e| e.rules.impasse.as_ref().is_some_and(|i| i.declaration.is_some()))?;
    let impasse = declarer.rules.impasse.as_ref()?;
    let zone = declarer.rules.promotion_zone.clone()?;
    let size = a.game.board;
    let inside = |player: u8, s: Square| declarer.in_zone(&zone, player, s);
    let (r0, r1) = kit.royal_types()?;
    let mid = size.files as i32 / 2;
    let k0 = size
        .squares()
        .filter(|&s| inside(0, s))
        .min_by_key(|&s| ((s.file as i32 - mid).abs(), a.relative_rank(0, s), s))?;
    let k1 = size.squares().filter(|&s| !inside(0, s) && !inside(1, s)).max_by_key(|&s| (chebyshev(s, k0), s))?;
    let mut pos = kit.empty();
    kit.put(&mut pos, k0, 0, r0);
    kit.put(&mut pos, k1, 1, r1);
    if kit.in_check_under_either(&pos, 0) || kit.in_check_under_either(&pos, 1) {
        return None;
    }
    let setup: Vec<u16> = a
        .game
        .setup
        .iter()
        .filter(|p| p.player == 0)
        .filter_map(|p| a.piece_index(&p.piece))
        .filter(|&t| !a.piece(t).royal)
        .collect();
    let (mut units, ones): (Vec<u16>, Vec<u16>) = setup.iter().partition(|&&t| impasse.five.contains(&a.piece(t).id));
    units.extend(ones);
    let mut free: Vec<Square> = size.squares().filter(|&s| inside(0, s) && pos.at(s).is_none()).collect();
    free.sort_by_key(|&s| (std::cmp::Reverse(chebyshev(s, k1)), s));
    for &t in &units {
        if place_piece(kit, &mut pos, &mut free, t) && results_differ(pair, &pos) {
            return witness(pair, &pos);
        }
    }
    if !impasse.count_hand {
        return None;
    }
    let hand_types = droppable(a);
    for &t in units.iter().chain(units.iter()).filter(|t| hand_types.contains(t)) {
        let n = pos.hands[0][t as usize];
        pos.set_hand(&a.zobrist, 0, t, n + 1);
        if results_differ(pair, &pos) {
            return witness(pair, &pos);
        }
    }
    None
}

/// Puts a piece of the first player on the first of `free` where it may stand (inside its
/// confinement zone, not on a rank where it must promote or could not be dropped, not beside
/// another of its one-per-file kind) and gives no check; that square is used up.
fn place_piece(kit: &Kit, pos: &mut Position, free: &mut Vec<Square>, t: u16) -> bool {
    let a = kit.engine();
    let p = a.piece(t);
    let rules = &a.rules;
    let may_stand = |pos: &Position, s: Square| {
        let own_rank = a.relative_rank(0, s) + 1;
        let banned =
            |m: &std::collections::BTreeMap<String, Vec<u8>>| m.get(&p.id).is_some_and(|r| r.contains(&own_rank));
        let confined_out = p.abilities.confine.as_ref().is_some_and(|z| !a.in_zone(z, 0, s));
        let one_per_file = rules.nifu && rules.nifu_pieces.contains(&p.id);
        let second_on_file = one_per_file
            && pos.size.squares().any(|o| o.file == s.file && pos.at(o) == Some(Man { player: 0, piece: t }));
        !confined_out && !banned(&rules.forced_ranks) && !banned(&rules.drop_rank_ban) && !second_on_file
    };
    let Some(i) = free.iter().position(|&s| {
        if !may_stand(pos, s) {
            return false;
        }
        let mut trial = pos.clone();
        kit.put(&mut trial, s, 0, t);
        !kit.in_check_under_either(&trial, 0) && !kit.in_check_under_either(&trial, 1)
    }) else {
        return false;
    };
    let s = free.remove(i);
    kit.put(pos, s, 0, t);
    true
}

// ---------------------------------------------------------------------------------------
// Repetition: lines that come back to the same positions.

/// Both Kings step out and back (A1 B1 A2 B2 ...), until a position repeats as often as
/// either rule counts.
fn shuffle(kit: &Kit) -> Option<Witness> {
    let (base, k0, k1) = kit.kings()?;
    for &t0 in kit.quiet_steps(&base, k0).iter().take(3) {
        for &t1 in kit.quiet_steps(&base, k1).iter().take(3) {
            let round = [Step::Go(k0, t0), Step::Go(k1, t1), Step::Go(t0, k0), Step::Go(t1, k1)];
            match kit.play(&base, &kit.rounds_of(&[], &round), round.len()) {
                Played::Found(w) => return Some(w),
                Played::Same => return None,
                Played::Broken => {}
            }
        }
    }
    None
}

/// The Kings shuffle as in `shuffle`, and one player skips a turn in every other round (a
/// skip allowed under every skip limit: neither player's last turn was a skip), so that the
/// positions repeat with other skip states, some of them reached by a skip. The skip is the
/// King's own pass where it can pass, else a piece of the skipping player that can.
fn skip_rounds(kit: &Kit) -> Option<Witness> {
    let a = kit.engine();
    let (kings, k0, k1) = kit.kings()?;
    let passer = kit.types.iter().copied().find(|&t| a.piece(t).can_pass);
    for skipper in [1u8, 0] {
        let king = if skipper == 0 { k0 } else { k1 };
        let mut bases: Vec<Position> = Vec::new();
        if a.piece(kings.at(king)?.piece).can_pass {
            bases.push(kings.clone());
        }
        if let Some(p) = passer {
            let other = if skipper == 0 { k1 } else { k0 };
            let mut spots: Vec<Square> =
                kings.size.squares().filter(|&s| chebyshev(s, king) == 2 && chebyshev(s, other) >= 4).collect();
            spots.sort_by_key(|s| (s.file.abs_diff(king.file), *s));
            for s in spots.into_iter().take(2) {
                let mut pos = kings.clone();
                kit.put(&mut pos, s, skipper, p);
                bases.push(pos);
            }
        }
        for base in bases {
            let (Some(&t0), Some(&t1)) = (kit.quiet_steps(&base, k0).first(), kit.quiet_steps(&base, k1).first())
            else {
                continue;
            };
            let (a1, a2, b1, b2) = (Step::Go(k0, t0), Step::Go(t0, k0), Step::Go(k1, t1), Step::Go(t1, k1));
            let round = if skipper == 1 {
                [a1, b1, a2, Step::Skip, a1, b2, a2, Step::Skip]
            } else {
                [a1, b1, Step::Skip, b2, a2, b1, Step::Skip, b2]
            };
            match kit.play(&base, &kit.rounds_of(&[], &round), round.len()) {
                Played::Found(w) => return Some(w),
                Played::Same => return None,
                Played::Broken => {}
            }
        }
    }
    None
}

/// A piece of the first player moves between two squares giving check on every move, while
/// the second player's King steps between two squares out of each check.
fn perpetual_check(kit: &Kit) -> Option<Witness> {
    let a = kit.engine();
    let (base, k0, u) = kit.kings()?;
    let region: Vec<Square> = base.size.squares().filter(|&s| chebyshev(s, u) <= 4 && base.at(s).is_none()).collect();
    let mut tries = 0;
    for v in kit.quiet_steps(&base, u) {
        // The piece on `x` attacks the King on `target`?
        let attacks = |t: u16, x: Square, target: Square| {
            if x == target {
                return false;
            }
            let mut p = base.clone();
            p.put(&a.zobrist, u, None);
            kit.put(&mut p, target, 1, base.at(u).map(|m| m.piece).unwrap_or(0));
            kit.put(&mut p, x, 0, t);
            a.piece_attacks(&p, x, target)
        };
        for &t in &kit.types {
            let squares: Vec<Square> = region.iter().copied().filter(|&x| x != v && x != k0).collect();
            let from: Vec<Square> =
                squares.iter().copied().filter(|&x| attacks(t, x, v) && !attacks(t, x, u)).collect();
            if from.is_empty() {
                continue;
            }
            let to: Vec<Square> = squares.iter().copied().filter(|&x| attacks(t, x, u) && !attacks(t, x, v)).collect();
            for &s in &from {
                let mut pos = base.clone();
                kit.put(&mut pos, s, 0, t);
                if kit.in_check_under_either(&pos, 0) || kit.in_check_under_either(&pos, 1) {
                    continue;
                }
                for d in kit.quiet_steps(&pos, s).into_iter().filter(|d| to.contains(d)) {
                    tries += 1;
                    let round = [Step::Go(s, d), Step::Go(u, v), Step::Go(d, s), Step::Go(v, u)];
                    match kit.play(&pos, &kit.rounds_of(&[], &round), round.len()) {
                        Played::Found(w) => return Some(w),
                        Played::Same => return None,
                        Played::Broken if tries > 40 => return None,
                        Played::Broken => {}
                    }
                }
            }
        }
    }
    None
}

/// The board repeats with other hands: the first player drops a piece beside the second
/// player's King, the King takes it and walks back by a third square (so that the first
/// player is to move again, its King having stepped out and back), then both Kings shuffle.
fn hand_swap(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    if !a.rules.drops && !pair.b.rules.drops {
        return None;
    }
    let (kings, k0, k1) = kit.kings()?;
    let t0 = *kit.quiet_steps(&kings, k0).first()?;
    let pieces: Vec<u16> = droppable(a).into_iter().filter(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).collect();
    let steps1 = kit.quiet_steps(&kings, k1);
    let mut tries = 0;
    for &x in pieces.iter().take(6) {
        let mut base = kings.clone();
        base.set_hand(&a.zobrist, 0, x, 1);
        for &w in &steps1 {
            for &y in steps1.iter().filter(|&&y| y != w && chebyshev(y, w) == 1) {
                let Some(&v) = steps1.iter().find(|&&v| v != w) else { continue };
                tries += 1;
                let prelude = [
                    Step::Drop(x, w),
                    Step::Go(k1, w),
                    Step::Go(k0, t0),
                    Step::Go(w, y),
                    Step::Go(t0, k0),
                    Step::Go(y, k1),
                ];
                let round = [Step::Go(k0, t0), Step::Go(k1, v), Step::Go(t0, k0), Step::Go(v, k1)];
                match kit.play(&base, &kit.rounds_of(&prelude, &round), prelude.len() + round.len()) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 40 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}

/// A position on the extra turn a drop into the player's zone earned (extra-turn.after), come
/// back four times: the line starts on that extra turn, which the first player declines; the
/// second player's King takes the dropped piece and steps back, then drops it beside the first
/// player's King (outside its own zone: no extra turn), which takes it and walks back by a
/// third square while the other King walks round a triangle; then the first player drops it
/// again where it stood.
fn extra_turn_rounds(kit: &Kit) -> Option<Witness> {
    let (pair, a) = (kit.pair, kit.engine());
    let extra = a.rules.extra_turn.clone().or_else(|| pair.b.rules.extra_turn.clone())?;
    if !extra.optional {
        return None;
    }
    let e = if a.rules.extra_turn.is_some() { a } else { pair.b };
    let (r0, r1) = kit.royal_types()?;
    let size = a.game.board;
    let neighbours = |s: Square| -> Vec<Square> { size.squares().filter(|&t| chebyshev(s, t) == 1).collect() };
    let centre = Square::new(size.files / 2, size.ranks / 2);
    let mid = |s: &Square| (chebyshev(*s, centre), *s);
    // Where the first player's drop earns the extra turn, nearest the centre first.
    let mut zone: Vec<Square> = size.squares().filter(|&s| e.in_zone(&extra.zone, 0, s)).collect();
    zone.sort_by_key(mid);
    let pieces: Vec<u16> = droppable(a).into_iter().filter(|&p| pair.b.piece_index(&a.piece(p).id).is_some()).collect();
    let mut tries = 0;
    for &w in zone.iter().take(6) {
        for k1 in neighbours(w) {
            // The second King's walk back: a triangle (k1, v, y) away from the drop square.
            let Some((v, y)) = neighbours(k1).into_iter().filter(|&v| v != w).find_map(|v| {
                neighbours(k1).into_iter().find(|&y| y != w && y != v && chebyshev(y, v) == 1).map(|y| (v, y))
            }) else {
                continue;
            };
            let busy = [w, k1, y, v];
            // The first player's King: a triangle (k0, t0, w2) of mutually adjacent squares
            // far from the other King, the drop square w2 outside the second player's zone.
            let mut homes: Vec<Square> =
                size.squares().filter(|&s| busy.iter().all(|&b| chebyshev(s, b) >= 3)).collect();
            homes.sort_by_key(mid);
            let triangle = homes.iter().find_map(|&k0| {
                let t0 = neighbours(k0).into_iter().find(|&t| busy.iter().all(|&b| chebyshev(t, b) >= 2))?;
                let w2 = neighbours(k0).into_iter().find(|&s| {
                    s != t0
                        && chebyshev(s, t0) == 1
                        && !e.in_zone(&extra.zone, 1, s)
                        && busy.iter().all(|&b| chebyshev(s, b) >= 2)
                })?;
                Some((k0, t0, w2))
            });
            let Some((k0, t0, w2)) = triangle else { continue };
            for &x in pieces.iter().take(4) {
                let mut pos = kit.empty();
                kit.put(&mut pos, k0, 0, r0);
                kit.put(&mut pos, k1, 1, r1);
                kit.put(&mut pos, w, 0, x);
                pos.set_extra_turn(&a.zobrist, true);
                if kit.in_check_under_either(&pos, 0)
                    || kit.in_check_under_either(&pos, 1)
                    || !kit.spectators(&mut pos, &[w, k1, y, v, k0, t0, w2])
                {
                    continue;
                }
                tries += 1;
                // No two positions of a round alike by board and side (hands aside), so
                // that only the extra-turn position comes back four times.
                let round = [
                    Step::Decline,
                    Step::Go(k1, w),
                    Step::Go(k0, t0),
                    Step::Go(w, k1),
                    Step::Go(t0, k0),
                    Step::Go(k1, v),
                    Step::Go(k0, t0),
                    Step::Drop(x, w2),
                    Step::Go(t0, w2),
                    Step::Go(v, y),
                    Step::Go(w2, k0),
                    Step::Go(y, k1),
                    Step::Drop(x, w),
                ];
                match kit.play(&pos, &kit.rounds_of(&[], &round), round.len() + 1) {
                    Played::Found(w) => return Some(w),
                    Played::Same => return None,
                    Played::Broken if tries > 60 => return None,
                    Played::Broken => {}
                }
            }
        }
    }
    None
}
