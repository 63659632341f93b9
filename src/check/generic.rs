//! The generic invariants every spec gets, whatever its properties file says: the move record
//! agrees with the positions before and after it; make and unmake restore the position and its
//! hash; position strings round-trip; every path obeys its piece's XBetza; every change of
//! type is the spec's promotion (or demotion); and, per position, turning the board to the
//! other player's view and swapping colours maps the legal moves onto the turned position's.
//!
//! Each cites the clauses whose encoding it exercises (found by the clauses' `encode` paths),
//! so the coverage table can say which clauses the engine's every move witnesses.

use super::notation;
use super::path::{path_obeys, PathOptions};
use super::properties::{Invariant, InvariantKind};
use super::{Transition, Verdict};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Identity, Man, Move, MoveKind, Position};
use crate::geometry::Square;
use crate::spec::abilities::{Ability, BurnTargets, FlyingCapture, JumpLanding};
use crate::spec::game::GameSpec;
use crate::spec::rules::{DropsPerTurn, Rule, RuleSettings};
use crate::xbetza::generate::StepKind;
use std::collections::BTreeSet;

/// A clause as the generic invariants see it: its id and encode paths.
pub struct ClauseEncoding<'a> {
    pub id: &'a str,
    pub paths: Vec<&'a str>,
}

/// The generic invariants of `game`, each citing the clauses (of `clauses`) it exercises.
pub fn invariants(game: &GameSpec, clauses: &[ClauseEncoding<'_>]) -> Vec<Invariant> {
    let citing = |pred: &dyn Fn(&str) -> bool| -> Vec<String> {
        clauses.iter().filter(|c| c.paths.iter().any(|p| pred(p))).map(|c| c.id.to_string()).collect()
    };
    let generic = |id: &str, kind: InvariantKind, clauses: Vec<String>, why: &str| Invariant {
        id: id.into(),
        kind,
        clauses,
        why: why.into(),
        overrides: Vec::new(),
    };
    let mut out = vec![
        generic(
            "generic:record",
            InvariantKind::Record,
            citing(&|p| {
                p.starts_with(Rule::TurnOrder.spec_path())
                    || p == Rule::DropsUnpromoted.spec_path()
                    || p == Rule::DropsEnabled.spec_path()
            }),
            &format!(
                "The move record agrees with the positions before and after it: the mover stood on its origin, captured squares held what the record says, the hands gained exactly the captures ({}, {}), the turn passed ({}).",
                Rule::DropsEnabled.path(),
                Rule::DropsUnpromoted.path(),
                Rule::TurnOrder.path()
            ),
        ),
        generic("generic:make-unmake", InvariantKind::MakeUnmake, Vec::new(), "Making a move and taking it back restores the position and its hash; the hash kept along equals the hash from scratch."),
        generic("generic:round-trip", InvariantKind::RoundTrip, Vec::new(), "The position string of every position judged parses back to the same position."),
        generic(
            "generic:promotion-map",
            InvariantKind::PromotionMap,
            citing(&|p| p.ends_with(".promotes_to") || p == "piece.*.promotes_to"),
            &format!(
                "A piece that changes type becomes what the spec's promotion map says (promotes_to), or goes back (demotion), or becomes a special capture target's promotion ({}).",
                Rule::PromotionDevaTargets.path()
            ),
        ),
        generic(
            "generic:rotation",
            InvariantKind::Rotation,
            citing(&|p| p.starts_with("board.second_player")),
            "The game is the same for both players: the position seen from the other side, colours swapped, has the turned legal moves (second_player layout).",
        ),
    ];
    for piece in &game.pieces {
        let groups: Vec<&String> =
            game.groups.iter().filter(|(_, members)| members.contains(&piece.id)).map(|(g, _)| g).collect();
        let own = format!("piece.{}.", piece.id);
        let clauses = citing(&|p| {
            // The abilities that add paths to the piece's notation.
            let notation = p.ends_with(".betza")
                || [Ability::ZoneMoves, Ability::AreaMoveSteps, Ability::IguiMax, Ability::Pass]
                    .iter()
                    .any(|a| a.table_holds(p));
            let mine = p.starts_with(&own)
                || p.starts_with("piece.*.")
                || groups.iter().any(|g| p.starts_with(&format!("group.{g}.")));
            (notation && mine) || Rule::XbetzaYScope.table_holds(p) || Rule::ZoneMovesBy.table_holds(p)
        });
        out.push(generic(
            &format!("generic:notation:{}", piece.id),
            InvariantKind::Notation { piece: piece.id.clone() },
            clauses,
            "Every path this piece takes is one its XBetza (or its zone's move) describes, checked by a matcher written apart from the move generator.",
        ));
    }
    out
}

pub(crate) fn judge(kind: &InvariantKind, t: &Transition<'_>) -> Verdict {
    let result = match kind {
        InvariantKind::Record => record(t.engine, t.before, t.mv, t.after),
        InvariantKind::MakeUnmake => make_unmake(t),
        InvariantKind::PromotionMap => return promotion_map(t),
        InvariantKind::Notation { piece } => return notation(piece, t),
        _ => return Verdict::NotConcerned,
    };
    match result {
        Ok(()) => Verdict::Holds,
        Err(e) => Verdict::Violated(e),
    }
}

fn notation(piece: &str, t: &Transition<'_>) -> Verdict {
    let game = &t.engine.game;
    let mv = t.mv;
    let Some(spec) = game.pieces.get(mv.man.piece.index()).filter(|p| p.id == piece) else {
        return Verdict::NotConcerned;
    };
    let Some(from) = mv.from else { return Verdict::NotConcerned };
    if mv.path.is_empty() {
        return Verdict::NotConcerned;
    }
    // The flying capture of a facing royal along an open file is no XBetza move
    // (flying-capture = move or shoot); the flying-king invariant judges it.
    let abilities = &t.engine.piece_settings[mv.man.piece.index()];
    let flies = abilities.flying_capture != FlyingCapture::None;
    if flies {
        let to = mv.to.unwrap_or(from);
        let target = mv.captures.iter().find(|(_, m)| game.pieces[m.piece.index()].royal).map(|c| c.0);
        if let Some(target) = target {
            if target.file == from.file
                && t.before.size.between(from, target).all(|s| t.before.at(s).is_none())
                && (to == from || to == target)
            {
                return Verdict::NotConcerned;
            }
        }
    }
    let options = PathOptions {
        jump_may_land_empty: abilities.states_table_of(Ability::JumpLanding)
            && abilities.jump_landing != JumpLanding::Capture,
        captures_may_take_friends: abilities.burn_targets != BurnTargets::Enemy,
    };
    let me = mv.man.player;
    let occupancy = t.occupancy(me);
    let orientation = t.engine.orientation(me);
    // A piece with zone moves may use any of its moves here; which one is the zone-moves
    // invariant's business.
    // The matcher reads the XBetza strings themselves (src/check/notation.rs), once per
    // thread, never the compiled programs the generator walks.
    let mut errors = Vec::new();
    for text in std::iter::once(&spec.betza).chain(spec.zone_moves.values().map(|(text, _)| text)) {
        let read = notation::cached(text, game.board, game.xbetza);
        let verdict = match read.as_ref() {
            Ok(moves) => path_obeys(moves, &occupancy, from, orientation, &mv.path, options),
            Err(e) => Err(format!("the path matcher cannot read {text}: {e}")),
        };
        match verdict {
            Ok(()) => return Verdict::Holds,
            Err(e) => errors.push(e),
        }
    }
    Verdict::Violated(format!("{} {}: {}", spec.betza, t.engine.move_text(mv), errors.join("; ")))
}

fn promotion_map(t: &Transition<'_>) -> Verdict {
    let game = &t.engine.game;
    let mv = t.mv;
    let Some(to) = mv.to else { return Verdict::NotConcerned };
    let Some(now) = t.after.at(to) else { return Verdict::NotConcerned };
    if now.piece == mv.man.piece || mv.kind == MoveKind::Drop {
        return Verdict::NotConcerned;
    }
    let was = &game.pieces[mv.man.piece.index()];
    let became = &game.pieces[now.piece.index()].id;
    let demoted = game.pieces.iter().any(|p| p.promotes_to.as_ref() == Some(&was.id) && &p.id == became);
    let special = t
        .engine
        .settings
        .promotion_deva_targets
        .iter()
        .any(|t| game.piece(t).and_then(|p| p.promotes_to.as_ref()) == Some(became));
    if was.promotes_to.as_ref() == Some(became) || demoted || special {
        Verdict::Holds
    } else {
        Verdict::Violated(format!("{} became {became}, which the promotion map does not give", was.id))
    }
}

fn make_unmake(t: &Transition<'_>) -> Result<(), String> {
    let e = t.engine;
    let z = &e.zobrist;
    let text = || e.move_text(t.mv);
    let mut work = t.before.clone();
    let mut undo = Vec::new();
    e.make(&mut work, t.mv, &mut undo);
    if work != *t.after {
        return Err(format!("making {} again gives another position", text()));
    }
    if work.hash(z) != work.hash_from_scratch(z) {
        return Err(format!("after {} the kept hash differs from the hash from scratch", text()));
    }
    e.unmake(&mut work, &mut undo);
    if work != *t.before || !undo.is_empty() {
        return Err(format!("unmaking {} does not restore the position", text()));
    }
    Ok(())
}

pub(crate) fn round_trip(e: &Engine, pos: &Position) -> Result<(), String> {
    let text = e.position_string(pos);
    match e.parse_position(&text) {
        Ok(back) if back == *pos => Ok(()),
        Ok(_) => Err(format!("{text} parses back to another position")),
        Err(err) => Err(format!("{text} does not parse back: {err}")),
    }
}

/// The position seen from the other player: every man moved to its mirror square (the spec's
/// second_player layout) with its colour swapped, hands, side and skip facts swapped. Built
/// through the position's public setters, so its hashes are kept.
pub fn turned(e: &Engine, pos: &Position) -> Position {
    let z = &e.zobrist;
    let mut out = Position::empty(pos.size, e.game.pieces.len());
    for sq in pos.size.squares() {
        if let Some(m) = pos.at(sq) {
            let there = e.game.for_second_player(sq);
            out.put(z, there, Some(Man { player: m.player.opposite(), piece: m.piece }));
            out.set_flags(z, there, pos.flags_at(sq));
        }
    }
    for player in Color::ALL {
        for (piece, &n) in pos.hands[player].iter().enumerate() {
            out.set_hand(z, player.opposite(), PieceId::new(piece), n);
        }
    }
    out.set_side(z, pos.side.opposite());
    out.set_extra_turn(z, pos.extra_turn);
    out.last_skip = [pos.last_skip[Color::White], pos.last_skip[Color::Black]];
    out.set_lion_taken_at(z, pos.lion_taken_at.map(|sq| e.game.for_second_player(sq)));
    out.move_number = pos.move_number;
    out
}

fn turned_identity(game: &GameSpec, id: Identity) -> Identity {
    let map = |s: Square| game.for_second_player(s);
    let mut captures: Vec<Square> = id.captures.into_iter().map(map).collect();
    captures.sort();
    Identity { from: id.from.map(map), to: id.to.map(map), captures, ..id }
}

/// The rotation invariant on one position with its legal moves: the turned position's legal
/// moves are exactly the turned moves.
pub fn rotation(e: &Engine, pos: &Position, moves: &[Move]) -> Result<(), String> {
    let game = &e.game;
    let turned_pos = turned(e, pos);
    let expected: BTreeSet<Identity> = moves.iter().map(|m| turned_identity(game, m.identity())).collect();
    let found: BTreeSet<Identity> = e.legal_moves(&turned_pos).iter().map(|m| m.identity()).collect();
    if expected == found {
        return Ok(());
    }
    let name = |id: &Identity| format!("{:?}", id);
    let missing: Vec<String> = expected.difference(&found).take(3).map(name).collect();
    let extra: Vec<String> = found.difference(&expected).take(3).map(name).collect();
    Err(format!(
        "turned position {} has {} moves, the turned moves are {}; missing {missing:?}, extra {extra:?}",
        e.position_string(&turned_pos),
        found.len(),
        expected.len()
    ))
}

/// Everything a move record says about the positions before and after it, checked against
/// both (the spec's hands rule read from the spec, not from the engine's helpers).
pub fn record(e: &Engine, before: &Position, mv: &Move, after: &Position) -> Result<(), String> {
    // The move's text is written only for a failure: most records are right.
    let fail = |what: &str| Err(format!("{what}: move {}", e.move_text(mv)));
    let me = mv.man.player;
    if me != before.side {
        return fail("the mover is not the side to move");
    }
    // The turn passes, unless the move earned an extra turn (extra-turn.after: a drop; never on
    // an extra turn, HEI-5 "does not entitle a third turn"); a decline only ends an extra turn.
    let next = if mv.earns_extra_turn { me } else { me.opposite() };
    if after.side != next || after.move_number != before.move_number + 1 {
        return fail("side to move or move number not advanced");
    }
    // drops.per-turn = in-addition: the turn's board move earns the step that may drop.
    let earned_by = |kind: MoveKind| kind == MoveKind::Drop || (e.rules.drop_after_move && kind != MoveKind::Decline);
    if after.extra_turn != mv.earns_extra_turn || (mv.earns_extra_turn && (!earned_by(mv.kind) || before.extra_turn)) {
        return fail(&format!(
            "an extra turn earned other than by a drop (or, {}, a move) on an ordinary turn, or the flag not kept",
            Rule::DropsPerTurn.set_to(DropsPerTurn::InAddition)
        ));
    }
    if mv.kind == MoveKind::Decline && !before.extra_turn {
        return fail("a decline on an ordinary turn");
    }
    if after.hands != expected_hands(&e.game, &e.settings, before, mv) {
        return fail("hands after the move are not the hands before, plus what it captured, less what it dropped");
    }
    match mv.kind {
        MoveKind::Drop => {
            let Some(to) = mv.to else { return fail("a drop without a destination") };
            if mv.from.is_some()
                || !mv.captures.is_empty()
                || mv.promotion.is_some()
                || mv.is_skip
                || before.at(to).is_some()
            {
                return fail("a drop with an origin, captures, a promotion or a skip, or onto an occupied square");
            }
            if after.at(to) != Some(mv.man) || before.size.squares().any(|s| s != to && before.at(s) != after.at(s)) {
                return fail("a drop that does not put the piece on its square, or changes another square");
            }
            if after.last_skip[me] {
                return fail("a drop left the mover's skip flag set");
            }
            return Ok(());
        }
        MoveKind::Decline | MoveKind::Null => {
            if mv.from.is_some() || mv.to.is_some() || !mv.captures.is_empty() || after.board != before.board {
                return fail("a decline or null move that names squares or changes the board");
            }
            return Ok(());
        }
        _ => {}
    }
    let (Some(from), Some(to)) = (mv.from, mv.to) else { return fail("a board move without origin or destination") };
    if before.at(from) != Some(mv.man) {
        return fail("the origin did not hold the moving piece before the move");
    }
    // Captured squares: sorted, distinct, recorded with what stood there; the opponent's pieces,
    // except burn/igui victims of a piece whose burns may take friends (never the arrival square).
    let squares: Vec<Square> = mv.captures.iter().map(|c| c.0).collect();
    if squares.windows(2).any(|w| w[0] >= w[1]) {
        return fail("captured squares not sorted and distinct");
    }
    let targets = e.piece_settings[mv.man.piece.index()].burn_targets;
    let friends_ok = targets != BurnTargets::Enemy;
    for &(sq, victim) in &mv.captures {
        if before.at(sq) != Some(victim) {
            return fail(&format!("captured {} is recorded with a piece that did not stand there", sq.name()));
        }
        if victim.player == me && !(friends_ok && (sq != to || from == to)) {
            return fail(&format!("captured {} held the mover's own piece", sq.name()));
        }
        if victim.player == me && targets == BurnTargets::AnyButOwnRoyals && e.game.pieces[victim.piece.index()].royal {
            return fail(&format!(
                "captured {} held the mover's own royal ({})",
                sq.name(),
                Ability::BurnTargets.set_to(BurnTargets::AnyButOwnRoyals)
            ));
        }
        if after.at(sq).is_some() && sq != to {
            return fail(&format!("captured {} is not empty after the move", sq.name()));
        }
    }
    // Every captured square is a capture step of the path and the reverse.
    if !mv.path.is_empty() {
        let steps: BTreeSet<Square> =
            mv.path.iter().filter(|s| s.kind == StepKind::Capture).map(|s| s.square).collect();
        if steps != squares.iter().copied().collect::<BTreeSet<_>>() {
            return fail("captured squares differ from the capture steps of the path");
        }
        if mv.path.last().map(|s| s.square) != Some(to) {
            return fail("the path does not end on the destination");
        }
    }
    // The destination holds the mover (or what it became); the origin is empty unless it is the
    // destination; no other square changed.
    let became = Man { player: me, piece: mv.promotion.unwrap_or(mv.man.piece) };
    if after.at(to) != Some(became) {
        return fail("the destination does not hold the mover (or its promotion) after the move");
    }
    if mv.promotion == Some(mv.man.piece) {
        return fail("a promotion to the same type");
    }
    if from != to && after.at(from).is_some() {
        return fail("the origin is not empty after the move");
    }
    // (Compared cell by cell; only a changed cell is named as a square.)
    if before.size != after.size || before.board.len() != after.board.len() {
        return fail("the board changed its size");
    }
    let changed = before.board.iter().zip(&after.board).enumerate().filter(|(_, (b, a))| b != a);
    for sq in changed.map(|(i, _)| before.size.square_at(i)) {
        if sq != from && sq != to && !squares.contains(&sq) {
            return fail(&format!("{} changed though the move does not name it", sq.name()));
        }
    }
    // Burned squares: among the captures, next to the destination.
    for &b in &mv.burned {
        if !squares.contains(&b) || b.file.abs_diff(to.file).max(b.rank.abs_diff(to.rank)) != 1 {
            return fail(&format!("burned {} is not a captured square next to the destination", b.name()));
        }
    }
    if mv.burned.windows(2).any(|w| w[0] >= w[1]) {
        return fail("burned squares not sorted and distinct");
    }
    // The kind agrees with what the move does.
    let stationary = from == to;
    let ok = match mv.kind {
        MoveKind::Normal => !stationary && squares.is_empty(),
        MoveKind::Capture => !stationary && !squares.is_empty() && mv.burned.is_empty(),
        MoveKind::Burn => !stationary && !mv.burned.is_empty(),
        MoveKind::Igui => stationary && !squares.is_empty(),
        MoveKind::Pass => stationary && squares.is_empty(),
        MoveKind::PromoteInPlace => stationary && squares.is_empty() && mv.promotion.is_some(),
        MoveKind::Null | MoveKind::Drop | MoveKind::Decline => false,
    };
    if !ok {
        return fail("the kind does not match the move's squares");
    }
    if mv.is_skip != after.last_skip[me] {
        return fail("the mover's skip flag after the move is not the move's is_skip");
    }
    if after.last_skip[me.opposite()] != before.last_skip[me.opposite()] {
        return fail("the opponent's skip flag changed");
    }
    Ok(())
}

/// The hands after `mv` as the spec says: with drops.enabled every captured piece goes to the
/// mover's hand, as the piece that promotes to it where drops.unpromoted holds (its default),
/// and a drop takes one piece out of it.
pub(crate) fn expected_hands(game: &GameSpec, rules: &RuleSettings, before: &Position, mv: &Move) -> [Vec<u16>; 2] {
    let mut hands = before.hands.clone();
    let me = mv.man.player;
    if rules.drops_enabled {
        let unpromoted = rules.drops_unpromoted;
        for &(_, victim) in &mv.captures {
            let id = &game.pieces[victim.piece.index()].id;
            let held = if unpromoted {
                game.pieces.iter().position(|p| p.promotes_to.as_ref() == Some(id)).unwrap_or(victim.piece.index())
            } else {
                victim.piece.index()
            };
            hands[me][held] += 1;
        }
    }
    if mv.kind == MoveKind::Drop {
        let have = &mut hands[me][mv.man.piece.index()];
        *have = have.wrapping_sub(1);
    }
    hands
}
