//! Every invariant kind of docs/check.md, and every generic invariant, can fail (issue 6): for
//! each, a transition that breaks it (a hand-made `Move` record with its positions, on the spec
//! whose document states the rule; the invariant written inline as TOML, parsed with
//! `properties::parse` and validated against that spec) is reported with the invariant's id,
//! its clause ids and a message naming the fault; and the same transition made right, or the
//! engine's own legal moves, hold. Every expected verdict is derived from the clause quoted in
//! the comment above it.
//!
//! Three kinds judge only what the engine itself says (`flying-king` with `may-capture` asks
//! for the engine's legal captures, `game-end` with `no-legal-move`/`no-safe-move` asks for the
//! engine's legal moves and its status): no hand-made record breaks them, so their failing
//! transition is judged with an engine built from the spec with the rule switched off (a
//! setting replaced in its text, or a rejected reading), which is what they are there to catch.
//!
//! The three tests at the end stated rules the first kinds could not check; the kinds now do.

use kensho::check::generic::{self, ClauseEncoding};
use kensho::check::{coverage, properties, Invariant, Tally, Transition};
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Man, Move, MoveKind, Position};
use kensho::geometry::Square;
use kensho::spec::LoadedSpec;
use kensho::xbetza::generate::{PathStep, StepKind};
use kensho::Color;
use std::collections::BTreeMap;

// ------------------------------------------------------------------------------- helpers

/// A spec loaded (possibly with edits to its text or a reading switched) and its engine.
struct Game {
    spec: LoadedSpec,
    e: Engine,
}

fn spec_text(name: &str) -> String {
    crate::common::read_text(format!("specs/{name}.toml"))
}

/// The spec as written, under its readings' defaults.
fn game(name: &str) -> Game {
    game_with(name, &[])
}

/// The spec with each `(from, to)` replaced in its text (every `from` must occur).
fn game_with(name: &str, edits: &[(&str, &str)]) -> Game {
    let mut text = spec_text(name);
    for (from, to) in edits {
        assert!(text.contains(from), "specs/{name}.toml has no {from:?}");
        text = text.replace(from, to);
    }
    let spec = kensho::spec::parse(&format!("specs/{name}.toml"), &text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let resolved = spec.resolve(&BTreeMap::new()).expect("defaults");
    Game { spec, e: engine_for(&resolved) }
}

/// The spec with one reading switched to another option.
fn game_reading(name: &str, reading: &str, option: &str) -> Game {
    let spec = kensho::spec::parse(&format!("specs/{name}.toml"), &spec_text(name)).expect("spec");
    let choices = BTreeMap::from([(reading.to_string(), option.to_string())]);
    let resolved = spec.resolve(&choices).expect("reading");
    Game { spec, e: engine_for(&resolved) }
}

/// The engine for the moves (as `kensho check` builds it): rules the engine does not play, but
/// which do not change the moves (xiangqi's perpetual chase), are left aside.
fn engine_for(game: &kensho::spec::game::GameSpec) -> Engine {
    Engine::for_moves(game).unwrap_or_else(|u| panic!("{}: unplayable: {u:?}", game.id)).0
}

impl Game {
    fn clause_ids(&self) -> Vec<String> {
        self.spec.all_clauses().iter().map(|c| c.id.get_ref().clone()).collect()
    }

    /// One invariant written as a properties file's `[[invariant]]` body, parsed strictly and
    /// validated against the spec (its clauses, pieces and zones must exist there).
    fn inv(&self, body: &str) -> Invariant {
        let text = format!("spec = \"{}\"\n\n[[invariant]]\n{body}\nwhy = \"a must-fail test\"\n", self.e.game.id);
        let props = properties::parse("inline.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        props.validate("inline.toml", &self.e.game, &self.clause_ids()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(props.invariants.len(), 1);
        props.invariants[0].clone()
    }

    /// A generic invariant as every spec gets it (`generic:record`, ...), with the clauses it
    /// cites in this spec.
    fn generic(&self, id: &str) -> Invariant {
        let clauses = self.spec.all_clauses();
        let encodings: Vec<(String, Vec<String>)> = clauses
            .iter()
            .filter(|c| *c.status.get_ref() == kensho::spec::ClauseStatus::Encoded)
            .map(|c| (c.id.get_ref().clone(), coverage::encode_paths(c)))
            .collect();
        let view: Vec<ClauseEncoding<'_>> = encodings
            .iter()
            .map(|(id, paths)| ClauseEncoding { id, paths: paths.iter().map(String::as_str).collect() })
            .collect();
        generic::invariants(&self.e.game, &view).into_iter().find(|i| i.id == id).unwrap_or_else(|| panic!("no {id}"))
    }

    /// `P` is the first player's Pawn, `p` the second's, `+DV`/`+dv` likewise.
    fn man(&self, token: &str) -> Man {
        let player = if token.chars().any(|c| c.is_ascii_lowercase()) { Color::White } else { Color::Black };
        let piece = self.e.piece_index(&token.to_uppercase()).unwrap_or_else(|| panic!("no piece {token}"));
        Man { player, piece }
    }

    /// A position with these men, the side to move `side` (0 or 1), nothing in hand.
    fn pos(&self, side: Color, men: &[(&str, &str)]) -> Position {
        let z = &self.e.zobrist;
        let mut p = Position::empty(self.e.game.board, self.e.game.pieces.len());
        for (s, token) in men {
            assert!(p.at(sq(s)).is_none(), "{s} twice");
            p.put(z, sq(s), Some(self.man(token)));
        }
        p.set_side(z, side);
        p
    }

    fn hand(&self, mut p: Position, token: &str, n: u16) -> Position {
        let m = self.man(token);
        p.set_hand(&self.e.zobrist, m.player, m.piece, n);
        p
    }

    /// The legal move with this text (the list is printed when there is none).
    fn legal(&self, p: &Position, text: &str) -> Move {
        let moves = self.e.legal_moves(p);
        moves.iter().find(|m| self.e.move_text(m) == text).cloned().unwrap_or_else(|| {
            let all: Vec<String> = moves.iter().map(|m| self.e.move_text(m)).collect();
            panic!("no legal move {text} in {}: {all:?}", self.e.position_string(p))
        })
    }

    fn has_legal(&self, p: &Position, text: &str) -> bool {
        self.e.legal_moves(p).iter().any(|m| self.e.move_text(m) == text)
    }

    /// The position after `mv`, as the engine makes it (make applies the record as it is).
    fn made(&self, before: &Position, mv: &Move) -> Position {
        let mut after = before.clone();
        let mut undo = Vec::new();
        self.e.make(&mut after, mv, &mut undo);
        after
    }

    fn t<'a>(&'a self, before: &'a Position, mv: &'a Move, after: &'a Position, moves: &'a [Move]) -> Transition<'a> {
        Transition { engine: &self.e, before, mv, after, moves, outcome: None, line: None, before_facts: None }
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|_| panic!("square {name}"))
}

fn step(s: &str, kind: StepKind) -> PathStep {
    PathStep { square: sq(s), kind }
}

/// A one-leg board move record: to an empty square, or capturing what stands there.
fn board_move(before: &Position, from: &str, to: &str) -> Move {
    let man = before.at(sq(from)).unwrap_or_else(|| panic!("nothing on {from}"));
    match before.at(sq(to)) {
        Some(victim) => Move {
            captures: vec![(sq(to), victim)].into(),
            path: vec![step(to, StepKind::Capture)].into(),
            ..Move::bare(MoveKind::Capture, man, Some(sq(from)), Some(sq(to)))
        },
        None => Move {
            path: vec![step(to, StepKind::Move)].into(),
            ..Move::bare(MoveKind::Normal, man, Some(sq(from)), Some(sq(to)))
        },
    }
}

/// A drop record.
fn drop_move(g: &Game, token: &str, to: &str) -> Move {
    Move::bare(MoveKind::Drop, g.man(token), None, Some(sq(to)))
}

/// The record with the mover becoming `to`.
fn promoting(g: &Game, mut mv: Move, to: &str) -> Move {
    mv.promotion = Some(g.e.piece_index(to).unwrap_or_else(|| panic!("no piece {to}")));
    mv
}

fn tally(inv: &Invariant, t: &Transition<'_>) -> Tally {
    let mut tally = Tally::default();
    tally.check(std::slice::from_ref(inv), t, "hand-made");
    tally
}

/// The transition breaks `inv`: one violation, with the invariant's id, exactly `clauses`,
/// and a message containing `says`.
#[track_caller]
fn violated(inv: &Invariant, t: &Transition<'_>, clauses: &[&str], says: &str) {
    let tally = tally(inv, t);
    assert_eq!(
        tally.violations.len(),
        1,
        "expected {} to be violated ({says}) by {}",
        inv.id,
        t.engine.move_text(t.mv)
    );
    let v = &tally.violations[0];
    assert_eq!(v.invariant, inv.id);
    assert_eq!(v.clauses, clauses);
    assert!(v.message.contains(says), "{}: message {:?} does not say {says:?}", inv.id, v.message);
    assert_eq!(v.mv, t.engine.move_text(t.mv));
    assert_eq!(v.position, t.engine.position_string(t.before));
}

/// The transition is judged (the premise holds) and does not break `inv`.
#[track_caller]
fn holds(inv: &Invariant, t: &Transition<'_>) {
    let tally = tally(inv, t);
    assert!(tally.violations.is_empty(), "{} {}: {:?}", inv.id, t.engine.move_text(t.mv), tally.violations);
    assert_eq!(tally.exercised.get(&inv.id), Some(&1), "{} not exercised by {}", inv.id, t.engine.move_text(t.mv));
}

/// The premise does not hold: neither exercised nor violated.
#[track_caller]
fn not_concerned(inv: &Invariant, t: &Transition<'_>) {
    let tally = tally(inv, t);
    assert!(
        tally.violations.is_empty() && tally.exercised.is_empty(),
        "{} {}: {:?} {:?}",
        inv.id,
        t.engine.move_text(t.mv),
        tally.exercised,
        tally.violations
    );
}

/// Every legal move of `p` is judged and none breaks `inv`; returns how many were exercised.
#[track_caller]
fn legal_moves_hold(g: &Game, inv: &Invariant, p: &Position) -> u64 {
    let moves = g.e.legal_moves(p);
    let mut total = Tally::default();
    let history = g.e.start_history(p);
    for mv in &moves {
        let after = g.made(p, mv);
        let mut h = history.clone();
        let outcome = g.e.status_after(&after, mv, &mut h);
        let t = Transition {
            engine: &g.e,
            before: p,
            mv,
            after: &after,
            moves: &moves,
            outcome: outcome.as_ref(),
            line: None,
            before_facts: None,
        };
        total.check(std::slice::from_ref(inv), &t, "legal");
    }
    assert!(
        total.violations.is_empty(),
        "{}: a legal move of {} breaks it: {:?}",
        inv.id,
        g.e.position_string(p),
        total.violations
    );
    total.exercised.get(&inv.id).copied().unwrap_or(0)
}

fn clauses(inv: &Invariant) -> Vec<&str> {
    inv.clauses.iter().map(String::as_str).collect()
}

// ------------------------------------------------------------------------------- burn

/// A Fire Demon's move from `from` to `to` burning the pieces on `victims` after it arrives (an
/// empty victim square is recorded as holding an enemy Pawn).
fn burn_record(g: &Game, from: &str, to: &str, victims: &[&str], before: &Position) -> Move {
    let man = before.at(sq(from)).unwrap();
    let mut captures: Vec<(Square, Man)> = victims
        .iter()
        .map(|s| {
            (
                sq(s),
                before.at(sq(s)).unwrap_or(Man { player: man.player.opposite(), piece: g.e.piece_index("P").unwrap() }),
            )
        })
        .collect();
    captures.sort();
    let mut path = vec![step(to, StepKind::Move)];
    for (s, _) in &captures {
        path.push(PathStep { square: *s, kind: StepKind::Capture });
        path.push(step(to, StepKind::Move));
    }
    Move {
        burned: captures.iter().map(|c| c.0).collect(),
        captures: captures.into(),
        path: path.into(),
        ..Move::bare(MoveKind::Burn, man, Some(sq(from)), Some(sq(to)))
    }
}

#[test]
fn burn_fails_on_an_immune_victim_a_far_one_too_many_an_empty_square_or_a_survivor() {
    // SUZ-6 "The Fire Demon can optionally burn up to two non-Fire Demon pieces of its choosing
    // adjacent to another square"; SUZ-105 "...then capture up to two non-Fire Demon opponents
    // adjacent to that square without moving"; SUZ-107 "The Fire Demon cannot burn another
    // Fire Demon". So a burn takes at most two pieces, each next to the destination, each really
    // there and gone after, none a Fire Demon (FD, or the promoted Water Buffalo +WB, which is a
    // Fire Demon, SUZ-98).
    let g = game("suzumu");
    let inv = g.inv(
        r#"id = "fire-demon-burns"
kind = "burn"
clauses = ["SUZ-6", "SUZ-105", "SUZ-107"]
max = 2
immune = ["FD", "+WB"]"#,
    );
    let c = clauses(&inv);
    let base = [("a1", "K"), ("a16", "k"), ("h8", "FD")];
    let with = |extra: &[(&'static str, &'static str)]| g.pos(Color::Black, &[&base[..], extra].concat());
    for (extra, victims, says) in [
        (vec![("g9", "fd")], vec!["g9"], "burned FD on g9, which may not be burned"),
        (vec![("g9", "+wb")], vec!["g9"], "burned +WB on g9, which may not be burned"),
        (vec![("h11", "p")], vec!["h11"], "burned h11 is not next to the destination h9"),
        (vec![("g9", "p"), ("g10", "p"), ("i10", "p")], vec!["g9", "g10", "i10"], "3 pieces burned, at most 2"),
        (vec![], vec!["g9"], "burned g9 was empty"),
    ] {
        let before = with(&extra);
        let mv = burn_record(&g, "h8", "h9", &victims, &before);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
    }
    // The burned square still holds a piece after the move.
    let before = with(&[("g9", "p")]);
    let mv = burn_record(&g, "h8", "h9", &["g9"], &before);
    let mut after = g.made(&before, &mv);
    after.put(&g.e.zobrist, sq("g9"), Some(g.man("p")));
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "burned g9 is not empty after the move");
    // Made right: the same burn of the pawn alone holds.
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    // The engine: pawns on g9 and i10, an enemy Fire Demon on i9. Every legal burn holds, one
    // burns both pawns (h9 is next to both), none burns the Fire Demon.
    let p = with(&[("g9", "p"), ("i10", "p"), ("i9", "fd")]);
    assert!(legal_moves_hold(&g, &inv, &p) > 0);
    let burns: Vec<Move> = g.e.legal_moves(&p).into_iter().filter(|m| !m.burned.is_empty()).collect();
    assert!(burns.iter().any(|m| m.burned[..] == [sq("g9"), sq("i10")]));
    assert!(burns.iter().all(|m| !m.burned.contains(&sq("i9"))));
}

// ------------------------------------------------------------------------------- skips

/// A piece's pass: out to `via` and back, nothing captured (the engine's record of a skip).
fn pass_record(before: &Position, at: &str, via: &str) -> Move {
    let man = before.at(sq(at)).unwrap();
    Move {
        is_skip: true,
        path: vec![step(via, StepKind::Move), step(at, StepKind::Move)].into(),
        ..Move::bare(MoveKind::Pass, man, Some(sq(at)), Some(sq(at)))
    }
}

#[test]
fn no_consecutive_skips_own_turns_fails_on_a_second_own_skip_only() {
    // SUZ-163 "However, it is illegal for a player to skip two consecutive turns." A skip is
    // judged against the mover's own previous turn; a skip right after the opponent's skip is
    // allowed (the rule counts the player's own turns: reading skip-limit, no-two-own-in-a-row).
    let g = game("suzumu");
    let inv =
        g.inv("id = \"no-two-skips\"\nkind = \"no-consecutive-skips\"\nclauses = [\"SUZ-163\"]\nscope = \"own-turns\"");
    let mut before = g.pos(Color::Black, &[("a1", "K"), ("a16", "k"), ("h8", "LN")]);
    before.last_skip = [true, false];
    let mv = pass_record(&before, "h8", "h9");
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &["SUZ-163"], "a second skip in a row by the same player");
    // The engine does not offer the Lion's pass there.
    assert!(!g.has_legal(&before, "LN h8-h8"));
    // After the opponent's skip the same pass holds, and the engine offers it.
    before.last_skip = [false, true];
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    let legal = g.legal(&before, "LN h8-h8");
    assert!(legal.is_skip);
    assert_eq!(legal_moves_hold(&g, &inv, &before), 1);
    // A move that changes the board is no skip: not concerned.
    before.last_skip = [true, false];
    let step_away = g.legal(&before, "LN h8-h9");
    let after = g.made(&before, &step_away);
    not_concerned(&inv, &g.t(&before, &step_away, &after, &[]));
}

#[test]
fn no_consecutive_skips_any_turns_fails_after_either_players_skip() {
    // HOOK-249 "However, there are two restrictions when doing so:" read (reading
    // skip-restrictions) as Suzumu's "illegal for a player to skip two consecutive turns" and
    // Mitsugumi's "illegal ... to skip a turn if the immediately preceding turn was skipped by
    // the opponent": after either player's skip, no skip. HOOK-139: the Lion may pass.
    let g = game("hook");
    let inv = g.inv("id = \"skip-limits\"\nkind = \"no-consecutive-skips\"\nclauses = [\"HOOK-249\", \"HOOK-139\"]\nscope = \"any-turns\"");
    let c = ["HOOK-249", "HOOK-139"];
    let mut before = g.pos(Color::Black, &[("j1", "K"), ("j19", "k"), ("j10", "LN")]);
    let mv = pass_record(&before, "j10", "j11");
    for (skips, says) in [
        ([false, true], "a skip right after the opponent's skip"),
        ([true, false], "a second skip in a row by the same player"),
    ] {
        before.last_skip = skips;
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
        assert!(!g.has_legal(&before, "LN j10-j10"), "the engine offers a pass after {skips:?}");
    }
    before.last_skip = [false, false];
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    g.legal(&before, "LN j10-j10");
    assert_eq!(legal_moves_hold(&g, &inv, &before), 1);
}

// ------------------------------------------------------------------------------- forced promotion

#[test]
fn forced_promotion_fails_on_an_unpromoted_pawn_lance_or_knight_on_its_last_ranks() {
    // SHO-22 "A Pawn or Lance reaching the furthest rank, or a Knight reaching either of the two
    // furthest ranks, must promote." Ranks count from the owner's side: the second player's
    // furthest rank is rank 1.
    let g = game("shogi");
    let inv =
        g.inv("id = \"forced-promotion\"\nkind = \"forced-promotion\"\nclauses = [\"SHO-22\"]\nranks = { P = [9], L = [9], N = [8, 9] }");
    let kings = [("e1", "K"), ("a9", "k")];
    for (side, man, from, to, says) in [
        (Color::Black, "P", "e8", "e9", "unpromoted P on e9, a forced-promotion rank"),
        (Color::Black, "L", "c5", "c9", "unpromoted L on c9"),
        (Color::Black, "N", "d6", "c8", "unpromoted N on c8"),
        (Color::White, "p", "e2", "e1", "unpromoted P on e1"),
        (Color::White, "n", "g4", "f2", "unpromoted N on f2"),
    ] {
        let mut men = kings.to_vec();
        if to == "e1" {
            men[0] = ("i1", "K");
        }
        men.push((from, man));
        let before = g.pos(side, &men);
        let mv = board_move(&before, from, to);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &["SHO-22"], says);
        // The engine offers only the promoting move there, and it holds.
        let text = g.e.move_text(&mv);
        assert!(!g.has_legal(&before, &text), "{text} offered");
        let promoting = g.legal(&before, &format!("{text}+"));
        let after = g.made(&before, &promoting);
        holds(&inv, &g.t(&before, &promoting, &after, &[]));
    }
    // A Pawn stepping to the eighth rank is not concerned.
    let before = g.pos(Color::Black, &[("e1", "K"), ("a9", "k"), ("e7", "P")]);
    let mv = g.legal(&before, "P e7-e8");
    let after = g.made(&before, &mv);
    not_concerned(&inv, &g.t(&before, &mv, &after, &[]));
}

// ------------------------------------------------------------------------------- confined

#[test]
fn confined_fails_when_a_king_or_advisor_leaves_its_palace() {
    // Shoogantshii SHO-4 (the King) "is confined to the Palace", SHO-9 (the Advisor) "is
    // confined to the Palace"; SHO-5 the palace is nine squares, d1-f3 for the first player and
    // d7-f9 for the second (rotated).
    let g = game("shoogantshii");
    let inv = g.inv("id = \"palace\"\nkind = \"confined\"\nclauses = [\"SHO-4\", \"SHO-9\"]\npieces = [\"K\", \"A\"]\nzone = \"palace\"");
    let c = ["SHO-4", "SHO-9"];
    for (side, men, from, to, says) in [
        (Color::Black, vec![("d3", "K"), ("e8", "k")], "d3", "d4", "K on d4, outside its palace"),
        (Color::Black, vec![("e1", "K"), ("e8", "k"), ("f3", "A")], "f3", "g4", "A on g4, outside its palace"),
        (Color::White, vec![("e1", "K"), ("e7", "k")], "e7", "e6", "K on e6, outside its palace"),
    ] {
        let before = g.pos(side, &men);
        let mv = board_move(&before, from, to);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)));
        assert!(legal_moves_hold(&g, &inv, &before) > 0);
    }
}

#[test]
fn confined_with_exempt_royal_captures_lets_the_flying_general_out_only_to_take() {
    // Xiangqi XIA-11 "The General moves one point orthogonally and may not leave the palace";
    // XIA-23 the flying general: the General's capture of the facing General along the file
    // (flying-capture = move) ends outside the palace, and only that capture may.
    let g = game("xiangqi");
    let exempt = g.inv("id = \"palace\"\nkind = \"confined\"\nclauses = [\"XIA-11\", \"XIA-12\", \"XIA-23\"]\npieces = [\"K\", \"A\"]\nzone = \"palace\"\nexempt-royal-captures = true");
    let strict =
        g.inv("id = \"palace\"\nkind = \"confined\"\nclauses = [\"XIA-11\", \"XIA-12\"]\npieces = [\"K\", \"A\"]\nzone = \"palace\"");
    let before = g.pos(Color::Black, &[("e2", "K"), ("e10", "k")]);
    let fly = board_move(&before, "e2", "e10");
    let after = g.made(&before, &fly);
    not_concerned(&exempt, &g.t(&before, &fly, &after, &[]));
    violated(&strict, &g.t(&before, &fly, &after, &[]), &["XIA-11", "XIA-12"], "K on e10, outside its palace");
    // An ordinary step out of the palace is no royal capture: the exemption does not cover it.
    let before = g.pos(Color::Black, &[("e3", "K"), ("d10", "k")]);
    let out = board_move(&before, "e3", "e4");
    let after = g.made(&before, &out);
    violated(&exempt, &g.t(&before, &out, &after, &[]), &["XIA-11", "XIA-12", "XIA-23"], "K on e4, outside its palace");
    assert!(legal_moves_hold(&g, &exempt, &before) > 0);
}

// ------------------------------------------------------------------------------- rank jump

#[test]
fn rank_jump_fails_on_three_jumped_an_equal_rank_a_general_or_a_royal_taken_in_passing() {
    // SUZ-9 "The jumping Generals can only jump two pieces at most"; SUZ-116 "...each enemy
    // piece they jump over may be either captured or ignored"; SUZ-117 "they can only jump
    // pieces of lower rank, whether friend or foe"; SUZ-118..123 the ranks (King 5, Great
    // General 4, Vice General 3, Rook and Bishop General 2, others 1); SUZ-119 (reading
    // jump-capture-royal) a jumped royal is not captured.
    let g = game("suzumu");
    let inv = g.inv(
        r#"id = "jumps"
kind = "rank-jump"
clauses = ["SUZ-9", "SUZ-116", "SUZ-117", "SUZ-119"]
pieces = ["BG", "RG", "VG", "GG", "+HF", "+SE", "+BG", "+RG"]
max = 2"#,
    );
    let c = clauses(&inv);
    let kings = [("a1", "K"), ("a16", "k")];
    let pos = |extra: &[(&'static str, &'static str)]| g.pos(Color::Black, &[&kings[..], extra].concat());
    // Three pawns jumped on the way to a capture on h7 (one leg: h4, h5, h6 lie between).
    let before = pos(&[("h3", "GG"), ("h4", "p"), ("h5", "p"), ("h6", "p"), ("h7", "p")]);
    let mv = board_move(&before, "h3", "h7");
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "GG jumped over 3 pieces, at most 2");
    // A Rook General (rank 2) jumps a Bishop General (rank 2).
    let before = pos(&[("h3", "RG"), ("h4", "bg"), ("h5", "p")]);
    let mut mv = board_move(&before, "h3", "h5");
    mv.path = vec![step("h4", StepKind::Hop), step("h5", StepKind::Capture)].into();
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "RG (rank 2) jumped BG on h4 (rank 2), not of a lower rank");
    // A Bishop General jumps its own (higher) Great General.
    let before = pos(&[("c3", "BG"), ("d4", "GG"), ("e5", "p")]);
    let mut mv = board_move(&before, "c3", "e5");
    mv.path = vec![step("d4", StepKind::Hop), step("e5", StepKind::Capture)].into();
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "BG (rank 2) jumped GG on d4 (rank 4), not of a lower rank");
    // A Great General takes the enemy King in passing.
    let before = g.pos(Color::Black, &[("a1", "K"), ("h4", "k"), ("h3", "GG"), ("h5", "p")]);
    let mut mv = board_move(&before, "h3", "h5");
    mv.path = vec![step("h4", StepKind::Capture), step("h5", StepKind::Capture)].into();
    mv.captures = vec![(sq("h4"), g.man("k")), (sq("h5"), g.man("p"))].into();
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "captured the royal K on h4 in passing");
    // A Rook General takes the enemy Great General (rank 4) in passing: SUZ-124 (reading
    // jump-capture-rank, default final-square-only) lets Generals take each other "even when
    // jumping something else" only as the final capture.
    let before = pos(&[("h3", "RG"), ("h4", "gg"), ("h5", "p")]);
    let mut mv = board_move(&before, "h3", "h5");
    mv.path = vec![step("h4", StepKind::Capture), step("h5", StepKind::Capture)].into();
    mv.captures = vec![(sq("h4"), g.man("gg")), (sq("h5"), g.man("p"))].into();
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "RG (rank 2) jumped GG on h4 (rank 4), not of a lower rank");
    // Under the rejected option also-jumped (capture-any-rank) the same capture holds.
    let any = game_reading("suzumu", "jump-capture-rank", "also-jumped");
    let any_inv = any.inv(
        r#"id = "jumps"
kind = "rank-jump"
clauses = ["SUZ-9", "SUZ-124"]
pieces = ["BG", "RG", "VG", "GG", "+HF", "+SE", "+BG", "+RG"]
max = 2
capture-any-rank = true"#,
    );
    holds(&any_inv, &any.t(&before, &mv, &after, &[]));
    assert!(any.has_legal(&before, &any.e.move_text(&mv)) && !g.has_legal(&before, &g.e.move_text(&mv)));
    // Made right: the engine's jumps over the pawn and its own Rook General (rank 2 < 4), with
    // and without taking the pawn, hold; so does a Rook General landing on a Great General
    // (SUZ-124: they capture each other irrespective of rank) after jumping a pawn.
    let before = pos(&[("h3", "GG"), ("h4", "p"), ("h5", "RG"), ("h6", "p")]);
    for text in ["GG h3xh6 x h4", "GG h3xh6"] {
        let mv = g.legal(&before, text);
        let after = g.made(&before, &mv);
        holds(&inv, &g.t(&before, &mv, &after, &[]));
    }
    assert!(legal_moves_hold(&g, &inv, &before) >= 2);
    let before = pos(&[("h3", "RG"), ("h4", "p"), ("h5", "gg")]);
    let mv = g.legal(&before, "RG h3xh5");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
}

// ------------------------------------------------------------------------------- frozen

#[test]
fn frozen_fails_when_a_piece_next_to_an_enemy_tetrarch_moves() {
    // SUZ-13 the Heavenly Tetrarch "can freeze (immobilize) adjacent non-Heavenly Tetrarch
    // pieces"; SUZ-113 "all stationary non-Heavenly Tetrarch opponents are immobilized, and
    // cannot move at all (not even to skip a turn)"; SUZ-114 "Heavenly Tetrarches cannot freeze
    // each other."
    let g = game("suzumu");
    let inv = g.inv("id = \"frozen\"\nkind = \"frozen\"\nclauses = [\"SUZ-13\", \"SUZ-113\", \"SUZ-114\"]\nfreezers = [\"+CS\"]\nrange = 1\nimmune = [\"+CS\"]");
    let c = clauses(&inv);
    let before = g.pos(Color::White, &[("a1", "K"), ("a16", "k"), ("h8", "+CS"), ("g9", "g"), ("i9", "+cs")]);
    let mv = board_move(&before, "g9", "g10");
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &c, "G on g9 moved while frozen by the piece on h8");
    assert!(!g.has_legal(&before, "G g9-g10"));
    // The Tetrarch next to the enemy Tetrarch is not frozen; the King far away neither.
    for text in ["+CS i9-k9", "K a16-a15"] {
        let mv = g.legal(&before, text);
        let after = g.made(&before, &mv);
        holds(&inv, &g.t(&before, &mv, &after, &[]));
    }
    assert!(legal_moves_hold(&g, &inv, &before) > 0);
}

#[test]
fn frozen_with_side_both_fails_on_a_friend_and_with_may_igui_lets_a_frozen_piece_capture_in_place() {
    // SUZ-113, reading freeze-side = all-pieces ("friendly neighbours are frozen too"): a piece
    // next to its own Tetrarch does not move.
    let g = game_reading("suzumu", "freeze-side", "all-pieces");
    let both = g.inv(
        "id = \"frozen\"\nkind = \"frozen\"\nclauses = [\"SUZ-113\"]\nfreezers = [\"+CS\"]\nrange = 1\nimmune = [\"+CS\"]\nside = \"both\"",
    );
    let enemy = g.inv("id = \"frozen\"\nkind = \"frozen\"\nclauses = [\"SUZ-113\"]\nfreezers = [\"+CS\"]\nrange = 1\nimmune = [\"+CS\"]");
    let before = g.pos(Color::Black, &[("a1", "K"), ("a16", "k"), ("h8", "+CS"), ("g8", "G")]);
    let mv = board_move(&before, "g8", "g9");
    let after = g.made(&before, &mv);
    violated(&both, &g.t(&before, &mv, &after, &[]), &["SUZ-113"], "G on g8 moved while frozen by the piece on h8");
    not_concerned(&enemy, &g.t(&before, &mv, &after, &[]));
    assert!(!g.has_legal(&before, "G g8-g9"));
    assert!(legal_moves_hold(&g, &both, &before) > 0);
    // SUZ-113, reading freeze-scope = igui-allowed ("a frozen piece may still capture without
    // moving"): the frozen Lion's igui holds, its step does not.
    let g = game_reading("suzumu", "freeze-scope", "igui-allowed");
    let igui = g.inv(
        "id = \"frozen\"\nkind = \"frozen\"\nclauses = [\"SUZ-113\"]\nfreezers = [\"+CS\"]\nrange = 1\nimmune = [\"+CS\"]\nmay-igui = true",
    );
    let before = g.pos(Color::White, &[("a1", "K"), ("a16", "k"), ("h8", "+CS"), ("g9", "ln"), ("f10", "P")]);
    let eat = g.legal(&before, "LN g9-g9 x f10");
    let after = g.made(&before, &eat);
    holds(&igui, &g.t(&before, &eat, &after, &[]));
    let walk = board_move(&before, "g9", "g10");
    let after = g.made(&before, &walk);
    violated(&igui, &g.t(&before, &walk, &after, &[]), &["SUZ-113"], "LN on g9 moved while frozen by the piece on h8");
    assert!(legal_moves_hold(&g, &igui, &before) > 0);
}

// ------------------------------------------------------------------------------- drops

#[test]
fn drops_fail_on_a_banned_rank_a_second_pawn_on_a_file_or_a_promoted_drop() {
    // SHO-30 "A piece is always dropped unpromoted"; SHO-32 "A Pawn may not be dropped on a file
    // that already holds an unpromoted Pawn of the same player (nifu)"; SHO-34 "...a Pawn or
    // Lance on the furthest rank, a Knight on either of the two furthest ranks".
    let g = game("shogi");
    let inv = g.inv(
        r#"id = "drops"
kind = "drops"
clauses = ["SHO-30", "SHO-32", "SHO-34"]
ranks = { P = [9], L = [9], N = [8, 9] }
one-per-file = ["P"]
unpromoted = true"#,
    );
    let c = clauses(&inv);
    let kings = [("e1", "K"), ("a9", "k")];
    for (side, board, hand, to, says) in [
        (Color::Black, vec![], "P", "e9", "P dropped on e9, rank 9 from its side"),
        (Color::Black, vec![], "L", "c9", "L dropped on c9, rank 9 from its side"),
        (Color::Black, vec![], "N", "c8", "N dropped on c8, rank 8 from its side"),
        (Color::White, vec![], "p", "c1", "P dropped on c1, rank 9 from its side"),
        (Color::Black, vec![("c3", "P")], "P", "c5", "P dropped on c5: 2 of them on the file"),
        (Color::Black, vec![], "+P", "c5", "the promoted +P was dropped on c5"),
    ] {
        let before = g.hand(g.pos(side, &[&kings[..], &board[..]].concat()), hand, 1);
        let mv = drop_move(&g, hand, to);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
        // (A Tokin cannot reach the hand in play: captures go there unpromoted, SHO-30; the
        // engine drops whatever the hand holds, so it offers +P*c5 from this made-up hand.)
        if hand != "+P" {
            assert!(!g.has_legal(&before, &g.e.move_text(&mv)), "{} offered", g.e.move_text(&mv));
        }
    }
    // Made right: a Pawn on a file with the player's own Tokin and the opponent's Pawn holds.
    let before = g.hand(g.pos(Color::Black, &[("e1", "K"), ("a9", "k"), ("c3", "+P"), ("c7", "p")]), "P", 1);
    let mv = g.legal(&before, "P*c5");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    let before = g.hand(g.hand(before, "N", 1), "L", 1);
    assert!(legal_moves_hold(&g, &inv, &before) > 100);
}

#[test]
fn drops_fail_in_a_banned_zone_or_outside_the_only_zone() {
    // RYU-60 "Captured pieces may not be dropped in your fourth zone" (ranks 10-12 for the
    // first player, 1-3 for the second).
    let g = game("ryu");
    let inv = g.inv("id = \"drops\"\nkind = \"drops\"\nclauses = [\"RYU-60\"]\nzones = { \"*\" = [\"own:fourth\"] }");
    for (side, hand, to, ok, says) in [
        (Color::Black, "P", "d10", "d9", "P dropped on d10, in the own:fourth"),
        (Color::White, "g", "b3", "b4", "G dropped on b3, in the own:fourth"),
    ] {
        let before = g.hand(g.pos(side, &[("d1", "K"), ("d12", "k")]), hand, 1);
        let mv = drop_move(&g, hand, to);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &["RYU-60"], says);
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)));
        let mv = drop_move(&g, hand, ok);
        let after = g.made(&before, &mv);
        holds(&inv, &g.t(&before, &mv, &after, &[]));
        assert!(legal_moves_hold(&g, &inv, &before) > 0);
    }
    // Shoogantshii SHO-33 "Advisors may only be dropped within your own Palace"; SHO-34
    // "Non-Advisor pieces may be dropped anywhere but your Palace."
    let g = game("shoogantshii");
    let inv = g.inv(
        r#"id = "drops"
kind = "drops"
clauses = ["SHO-33", "SHO-34"]
only-zone = { A = "palace" }
zones = { G = ["palace"], N = ["palace"], L = ["palace"], B = ["palace"], R = ["palace"], C = ["palace"], F = ["palace"], P = ["palace"] }"#,
    );
    let c = ["SHO-33", "SHO-34"];
    let before = g.hand(g.hand(g.pos(Color::Black, &[("e1", "K"), ("e9", "k")]), "A", 1), "P", 1);
    for (hand, to, says) in
        [("A", "e5", "A dropped on e5, outside its own palace"), ("P", "d2", "P dropped on d2, in the palace")]
    {
        let mv = drop_move(&g, hand, to);
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)));
    }
    for text in ["A*d2", "P*e5"] {
        let mv = g.legal(&before, text);
        let after = g.made(&before, &mv);
        holds(&inv, &g.t(&before, &mv, &after, &[]));
    }
    assert!(legal_moves_hold(&g, &inv, &before) > 50);
}

// ------------------------------------------------------------------------------- pawn-drop mate

#[test]
fn pawn_drop_mate_fails_on_a_mating_pawn_drop() {
    // SHO-33 "A Pawn may not be dropped to give immediate checkmate (uchifuzume); a Pawn drop
    // that checks without mating ... is allowed." The King on e9 between its own Lances: P*e8
    // checks, the Gold on e7 guards e8, d8 and f8, so no reply saves the King.
    let g = game("shogi");
    let inv = g.inv("id = \"uchifuzume\"\nkind = \"pawn-drop-mate\"\nclauses = [\"SHO-33\"]\npieces = [\"P\"]");
    let mate = g.hand(g.pos(Color::Black, &[("e1", "K"), ("d9", "l"), ("e9", "k"), ("f9", "l"), ("e7", "G")]), "P", 1);
    let mv = drop_move(&g, "P", "e8");
    let after = g.made(&mate, &mv);
    violated(&inv, &g.t(&mate, &mv, &after, &[]), &["SHO-33"], "the drop P*e8 mates");
    assert!(!g.has_legal(&mate, "P*e8"));
    // Made right: without the Gold the King takes the Pawn, so the same drop only checks.
    let check = g.hand(g.pos(Color::Black, &[("e1", "K"), ("d9", "l"), ("e9", "k"), ("f9", "l"), ("a7", "G")]), "P", 1);
    let mv = g.legal(&check, "P*e8");
    let after = g.made(&check, &mv);
    holds(&inv, &g.t(&check, &mv, &after, &[]));
    assert!(legal_moves_hold(&g, &inv, &mate) > 0);
}

// ------------------------------------------------------------------------------- flying king

#[test]
fn flying_king_never_face_fails_when_a_move_leaves_the_generals_facing() {
    // XIA-23 "The two Generals may not face each other on the same file with no piece between
    // them"; XIA-24 "A move that leaves the player's own General in check, including by exposing
    // it to the facing General, is illegal."
    let g = game("xiangqi");
    let inv =
        g.inv("id = \"generals\"\nkind = \"flying-king\"\nclauses = [\"XIA-23\", \"XIA-24\"]\nroyals = [\"K\"]\nrule = \"never-face\"");
    let before = g.pos(Color::Black, &[("e1", "K"), ("e10", "k"), ("e5", "R")]);
    let mv = board_move(&before, "e5", "a5");
    let after = g.made(&before, &mv);
    violated(
        &inv,
        &g.t(&before, &mv, &after, &[]),
        &["XIA-23", "XIA-24"],
        "the royals on e1 and e10 face each other after the move",
    );
    assert!(!g.has_legal(&before, "R e5-a5"));
    let mv = g.legal(&before, "R e5-e6");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    assert!(legal_moves_hold(&g, &inv, &before) > 0);
}

#[test]
fn flying_king_may_capture_fails_when_the_engine_cannot_shoot_the_facing_king() {
    // Shoogantshii SHO-7 "if the two Kings face each other on an otherwise open file, one King
    // may shoot the other from a distance". The verdict asks the engine's legal moves of the
    // position before, so only an engine without the shot (piece.K.ability.flying-capture =
    // none) breaks it; the spec's own engine holds on the same transition. The transition
    // carries each engine's legal moves of the position before, as `kensho check` gives them.
    let inv_body =
        "id = \"shoot\"\nkind = \"flying-king\"\nclauses = [\"SHO-7\"]\nroyals = [\"K\"]\nrule = \"may-capture\"";
    let g = game("shoogantshii");
    let inv = g.inv(inv_body);
    let before = g.pos(Color::Black, &[("e2", "K"), ("e8", "k"), ("a1", "P")]);
    let mv = g.legal(&before, "P a1-a2");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &g.e.legal_moves(&before)));
    assert!(legal_moves_hold(&g, &inv, &before) > 0);
    let broken = game_with(
        "shoogantshii",
        &[
            ("flying-capture = \"shoot\"", "flying-capture = \"none\""),
            (
                "set = { \"piece.K.ability.flying-capture\" = \"shoot\"",
                "set = { \"piece.K.ability.flying-capture\" = \"none\"",
            ),
        ],
    );
    let inv = broken.inv(inv_body);
    let mv = broken.legal(&before, "P a1-a2");
    let after = broken.made(&before, &mv);
    violated(
        &inv,
        &broken.t(&before, &mv, &after, &broken.e.legal_moves(&before)),
        &["SHO-7"],
        "the royals on e2 and e8 face each other, and the side to move cannot take",
    );
    // Not facing: not concerned.
    let apart = g.pos(Color::Black, &[("e2", "K"), ("d8", "k"), ("a1", "P")]);
    let mv = g.legal(&apart, "P a1-a2");
    let after = g.made(&apart, &mv);
    not_concerned(&g.inv(inv_body), &g.t(&apart, &mv, &after, &[]));
}

// ------------------------------------------------------------------------------- zone moves

#[test]
fn zone_moves_fail_on_a_move_of_another_zone() {
    // Ryu RYU-28 "The Rooks may move as a Wazir while in the first zone", RYU-29 "While in the
    // second zone, they may move as a standard Rook", RYU-30 "While in the third zone ... the
    // additional power of moving like a King"; RYU-18 "the promoted forms of pieces retain the
    // movement powers of their third-zone unpromoted counterparts"; RYU-61 (reading zone-path,
    // default origin) a move uses the powers of the zone it starts in. Zones are the owner's:
    // the second player's first zone is ranks 10-12.
    let g = game("ryu");
    let body = |by: &str| {
        format!("id = \"zones\"\nkind = \"zone-moves\"\nclauses = [\"RYU-18\", \"RYU-28\", \"RYU-29\", \"RYU-30\", \"RYU-61\"]\nby = \"{by}\"\nframe = \"player\"\npromoted-zone = \"third\"")
    };
    let origin = g.inv(&body("origin"));
    let destination = g.inv(&body("destination"));
    let c = clauses(&origin);
    let kings = [("d1", "K"), ("d12", "k")];
    for (side, man, from, to, says) in [
        (Color::Black, "R", "c2", "c5", "R c2-c5: not its first-zone move"),
        (Color::White, "r", "c11", "c8", "R c11-c8: not its first-zone move"),
        (Color::Black, "+R", "c5", "d7", "+R c5-d7: not its third-zone move"),
    ] {
        let before = g.pos(side, &[&kings[..], &[(from, man)]].concat());
        let mv = board_move(&before, from, to);
        let after = g.made(&before, &mv);
        violated(&origin, &g.t(&before, &mv, &after, &[]), &c, says);
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)));
        assert!(legal_moves_hold(&g, &origin, &before) > 0);
    }
    // A Rook in its second zone sliding back into the first: a Rook move from where it starts
    // (holds by origin), not a Wazir move of where it ends (breaks the destination reading).
    let before = g.pos(Color::Black, &[("d1", "K"), ("d12", "k"), ("c4", "R")]);
    let mv = g.legal(&before, "R c4-c1");
    let after = g.made(&before, &mv);
    holds(&origin, &g.t(&before, &mv, &after, &[]));
    violated(&destination, &g.t(&before, &mv, &after, &[]), &c, "R c4-c1: not its first-zone move");
    // A Dragon King steps diagonally: the third-zone Rook's King step.
    let before = g.pos(Color::Black, &[("d1", "K"), ("d12", "k"), ("c5", "+R")]);
    let mv = g.legal(&before, "+R c5-d6");
    let after = g.made(&before, &mv);
    holds(&origin, &g.t(&before, &mv, &after, &[]));
}

// ------------------------------------------------------------------------------- capture promotion

#[test]
fn capture_promotion_fails_when_the_capturer_is_not_what_the_capture_makes_it() {
    // Hook HOOK-250 "Whenever a piece captures something, it promotes"; HOOK-252 "Promotion is
    // mandatory"; HOOK-311 "Any piece that captures a Deva or Teaching King promotes to a
    // Teaching King"; HOOK-312 the same for the Dark Spirit and Divine Dragon; HOOK-313 a piece
    // taking both becomes the promoted form of the one it took last (reading, default
    // last-special-capture); HOOK-314 royal and potentially royal pieces (Emperor, King,
    // Prince, Drunk Elephant) promote to their normal promotion instead; HOOK-310 promoted
    // pieces do not promote further.
    let g = game("hook");
    let inv = g.inv(
        r#"id = "capture-promotes"
kind = "capture-promotion"
clauses = ["HOOK-250", "HOOK-252", "HOOK-310", "HOOK-311", "HOOK-312", "HOOK-313", "HOOK-314"]
deva = { DV = "+DV", "+DV" = "+DV", DS = "+DS", "+DS" = "+DS" }
exempt = ["K", "DE", "+DE", "+K"]"#,
    );
    let c = clauses(&inv);
    let kings = [("a1", "K"), ("s19", "k")];
    for (men, from, to, becomes, says) in [
        (vec![("h10", "G"), ("h11", "p")], "h10", "h11", None, "G captured and became G, where it should be +G"),
        (
            vec![("h10", "G"), ("h11", "dv")],
            "h10",
            "h11",
            Some("+G"),
            "G captured and became +G, where it should be +DV",
        ),
        (vec![("h10", "+G"), ("h11", "ds")], "h10", "h11", None, "+G captured and became +G, where it should be +DS"),
        (vec![("b1", "dv")], "a1", "b1", Some("+DV"), "K captured and became +DV, where it should be +K"),
    ] {
        let before = g.pos(Color::Black, &[&kings[..], &men[..]].concat());
        let mut mv = board_move(&before, from, to);
        if let Some(b) = becomes {
            mv = promoting(&g, mv, b);
        }
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &c, says);
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)), "{} offered", g.e.move_text(&mv));
        assert!(legal_moves_hold(&g, &inv, &before) > 0);
    }
    // The Lion takes a Deva, then a Dark Spirit: it becomes a Divine Dragon, not a Teaching King.
    let before = g.pos(Color::Black, &[("a1", "K"), ("s19", "k"), ("j10", "LN"), ("j11", "dv"), ("j12", "ds")]);
    let double =
        g.e.legal_moves(&before)
            .into_iter()
            .find(|m| m.path.len() == 2 && m.captures.len() == 2 && m.to == Some(sq("j12")))
            .expect("the double capture");
    assert_eq!(double.promotion, g.e.piece_index("+DS"));
    let after = g.made(&before, &double);
    holds(&inv, &g.t(&before, &double, &after, &[]));
    let wrong = promoting(&g, double.clone(), "+DV");
    let after = g.made(&before, &wrong);
    violated(&inv, &g.t(&before, &wrong, &after, &[]), &c, "LN captured and became +DV, where it should be +DS");
    // A move without a capture is not concerned.
    let quiet = g.legal(&before, "LN j10-i10");
    let after = g.made(&before, &quiet);
    not_concerned(&inv, &g.t(&before, &quiet, &after, &[]));
}

// ------------------------------------------------------------------------------- promotion

#[test]
fn promotion_fails_outside_the_trigger_to_another_type_or_without_its_twin() {
    // SHO-19 the promotion zone is the three furthest ranks; SHO-20 "A piece may promote at the
    // end of a move that enters, moves within, or leaves the promotion zone"; SHO-21 "Promotion
    // is optional, except where the piece could otherwise never move again"; SHO-22 the forced
    // ranks; SHO-23 Silver, Knight, Lance and Pawn promote to their gold-movers (+S, +N, +L,
    // +P); SHO-26 "The King and the Gold General do not promote".
    let g = game("shogi");
    let inv = g.inv(
        r#"id = "promotion"
kind = "promotion"
clauses = ["SHO-19", "SHO-20", "SHO-21", "SHO-22", "SHO-23", "SHO-26"]
zone = "promotion"
trigger = "in-zone-start-or-end"
optional = true
forced = { P = [9], L = [9], N = [8, 9] }"#,
    );
    let c = clauses(&inv);
    let p = g.pos(
        Color::Black,
        &[("e1", "K"), ("a9", "k"), ("c5", "P"), ("e6", "P"), ("g7", "S"), ("h8", "P"), ("d6", "G")],
    );
    let only = |mv: &Move| vec![mv.clone()];
    for (mv, says) in [
        (
            promoting(&g, board_move(&p, "c5", "c6"), "+P"),
            "P c5-c6+ promoted on a move the promotion zone does not allow",
        ),
        (promoting(&g, board_move(&p, "e6", "e7"), "+L"), "P became +L, not +P"),
        (promoting(&g, board_move(&p, "d6", "d7"), "+P"), "G has no promotion, yet became +P"),
    ] {
        let after = g.made(&p, &mv);
        violated(&inv, &g.t(&p, &mv, &after, &g.e.legal_moves(&p)), &c, says);
    }
    // The twins: judged against the move list the engine gives; a list with one of them gone
    // breaks the invariant. A Pawn entering the zone, a Silver leaving it.
    for (text, says) in [
        ("P e6-e7+", "P e6-e7+: promotion is optional, but the move is not offered unpromoted"),
        ("P e6-e7", "P e6-e7: the move may promote, but its promoting twin is not offered"),
        ("S g7-f6", "S g7-f6: the move may promote, but its promoting twin is not offered"),
        ("S g7-f6+", "S g7-f6+: promotion is optional, but the move is not offered unpromoted"),
    ] {
        let mv = g.legal(&p, text);
        let after = g.made(&p, &mv);
        violated(&inv, &g.t(&p, &mv, &after, &only(&mv)), &c, says);
        holds(&inv, &g.t(&p, &mv, &after, &g.e.legal_moves(&p)));
    }
    // On its forced rank the Pawn's promotion alone is right.
    let mv = g.legal(&p, "P h8-h9+");
    let after = g.made(&p, &mv);
    holds(&inv, &g.t(&p, &mv, &after, &only(&mv)));
    assert!(legal_moves_hold(&g, &inv, &p) > 5);
    // Shoogantshii SHO-27 "Promotion is optional when a promotable piece has advanced to at least
    // the seventh rank" (trigger ends-in-zone): a Bishop leaving the zone does not promote.
    let g = game("shoogantshii");
    let inv = g.inv("id = \"promotion\"\nkind = \"promotion\"\nclauses = [\"SHO-27\"]\nzone = \"promotion\"\ntrigger = \"ends-in-zone\"\noptional = true\nforced = { P = [9], L = [9], N = [8, 9] }");
    let p = g.pos(Color::Black, &[("e1", "K"), ("e9", "k"), ("c7", "B")]);
    let mv = promoting(&g, board_move(&p, "c7", "e5"), "+B");
    let after = g.made(&p, &mv);
    violated(
        &inv,
        &g.t(&p, &mv, &after, &g.e.legal_moves(&p)),
        &["SHO-27"],
        "B c7-e5+ promoted on a move the promotion zone does not allow",
    );
    assert!(!g.has_legal(&p, "B c7-e5+"));
    assert!(legal_moves_hold(&g, &inv, &p) > 0);
}

// ------------------------------------------------------------------------------- protected royal

#[test]
fn protected_royal_ban_fails_when_the_emperor_takes_a_protected_king() {
    // Hook HOOK-188 the Emperor "cannot capture a royal piece (a King, Prince, or another
    // Emperor) that is protected, even if this move would win the game"; protection judged in
    // the position after the capture (reading protected-when, default after-capture).
    let g = game("hook");
    let inv = g.inv(
        "id = \"emperor\"\nkind = \"protected-royal-ban\"\nclauses = [\"HOOK-188\"]\npieces = [\"+K\"]\nroyals = [\"K\", \"+DE\", \"+K\"]",
    );
    let guarded = g.pos(Color::Black, &[("j5", "+K"), ("j12", "k"), ("j13", "g")]);
    let mv = board_move(&guarded, "j5", "j12");
    let after = g.made(&guarded, &mv);
    violated(&inv, &g.t(&guarded, &mv, &after, &[]), &["HOOK-188"], "+K took a protected royal on j12");
    assert!(!g.has_legal(&guarded, &g.e.move_text(&mv)));
    assert!(legal_moves_hold(&g, &inv, &guarded) == 0);
    // Made right: with the Gold on j14 (not next to j12) the King is unprotected.
    let bare = g.pos(Color::Black, &[("j5", "+K"), ("j12", "k"), ("j14", "g")]);
    let mv = g.legal(&bare, &g.e.move_text(&mv));
    let after = g.made(&bare, &mv);
    holds(&inv, &g.t(&bare, &mv, &after, &[]));
}

// ------------------------------------------------------------------------------- game end

/// A transition of `mv` from `before` with a given outcome.
fn with_outcome<'a>(
    g: &'a Game,
    before: &'a Position,
    mv: &'a Move,
    after: &'a Position,
    outcome: Option<&'a Outcome>,
) -> Transition<'a> {
    Transition { outcome, ..g.t(before, mv, after, &[]) }
}

#[test]
fn game_end_by_last_royal_fails_when_the_result_disagrees_with_the_royals_left() {
    // SUZ-152 "Only when you are left entirely without royals does the opponent win"; SUZ-187
    // "A player who captures the opponent's last remaining royal piece ... wins the game";
    // SUZ-151 with King and Prince one may be lost.
    let g = game("suzumu");
    let inv =
        g.inv("id = \"royals\"\nkind = \"game-end\"\nclauses = [\"SUZ-151\", \"SUZ-152\", \"SUZ-187\"]\nby = \"last-royal-captured\"");
    let c = clauses(&inv);
    let last = g.pos(Color::Black, &[("a1", "K"), ("h9", "k"), ("h2", "R")]);
    let mv = g.legal(&last, "R h2xh9");
    let after = g.made(&last, &mv);
    let real = g.e.status_after(&after, &mv, &mut g.e.start_history(&last));
    assert!(matches!(real, Some(Outcome::Win(Color::Black, _))), "{real:?}");
    holds(&inv, &with_outcome(&g, &last, &mv, &after, real.as_ref()));
    violated(
        &inv,
        &with_outcome(&g, &last, &mv, &after, None),
        &c,
        "the last enemy royal was captured, but the result is None",
    );
    let wrong = Outcome::Win(Color::White, "the last royal piece was captured".into());
    violated(
        &inv,
        &with_outcome(&g, &last, &mv, &after, Some(&wrong)),
        &c,
        "the last enemy royal was captured, but the result is Some(Win(1",
    );
    // The Prince is left: the game goes on (holds); a result by royal capture is wrong.
    let two = g.pos(Color::Black, &[("a1", "K"), ("h9", "k"), ("h2", "R"), ("p16", "+de")]);
    let mv = g.legal(&two, "R h2xh9");
    let after = g.made(&two, &mv);
    let real = g.e.status_after(&after, &mv, &mut g.e.start_history(&two));
    assert_eq!(real, None);
    holds(&inv, &with_outcome(&g, &two, &mv, &after, None));
    let early =
        Outcome::Win(Color::Black, "the last royal piece was captured (end.royals = last-royal-captured)".into());
    violated(
        &inv,
        &with_outcome(&g, &two, &mv, &after, Some(&early)),
        &c,
        "the game ended by royal capture with an enemy royal left",
    );
}

#[test]
fn game_end_by_no_legal_move_fails_when_an_engine_ends_the_game_while_moves_remain() {
    // SUZ-189 "If a player's last remaining royal piece is not in check but that player has no
    // legal moves, the game is a stalemate", SUZ-190 "Stalemate ... leads to a win for the
    // stalemating player"; SUZ-173 a player in check "is not required to remove the check", so
    // a checked King with moves left plays on (SUZ-188 "effectively wins", not ends).
    let g = game("suzumu");
    let body = "id = \"stuck\"\nkind = \"game-end\"\nclauses = [\"SUZ-173\", \"SUZ-189\", \"SUZ-190\"]\nby = \"no-legal-move\"";
    let inv = g.inv(body);
    // Stalemate: the second player's King on a16 walled in by its own Pawns, which are blocked
    // down files a and b. The first player's King move hands it a position with no move.
    let rows: Vec<String> = (0..16)
        .map(|i| {
            if i == 0 {
                "kp14".into()
            } else if i == 15 {
                "pp13K".into()
            } else {
                "pp14".into()
            }
        })
        .collect();
    let walled = g.e.parse_position(&format!("{} b - 1", rows.join("/"))).unwrap();
    let mv = g.legal(&walled, "K p1-p2");
    let after = g.made(&walled, &mv);
    assert!(g.e.legal_moves(&after).is_empty());
    holds(&inv, &g.t(&walled, &mv, &after, &[]));
    // A check from which every King move is unsafe: the game goes on (not concerned here) ...
    let check = g.pos(Color::Black, &[("p1", "K"), ("b1", "R"), ("c2", "R"), ("a16", "k")]);
    let mv = g.legal(&check, "R c2-a2");
    let after = g.made(&check, &mv);
    assert_eq!(g.e.legal_moves(&after).len(), 3);
    not_concerned(&inv, &g.t(&check, &mv, &after, &[]));
    // ... but an engine that ends the game at checkmate (end.checkmate = terminal, the spec's
    // rejected option of reading no-moves-in-check) ends it with three legal moves left.
    let terminal = game_reading("suzumu", "no-moves-in-check", "checkmate-ends");
    let inv = terminal.inv(body);
    let mv = terminal.legal(&check, "R c2-a2");
    let after = terminal.made(&check, &mv);
    violated(
        &inv,
        &terminal.t(&check, &mv, &after, &[]),
        &["SUZ-173", "SUZ-189", "SUZ-190"],
        "the game ended (first player (Black, sente) wins: checkmate (end.checkmate = terminal)) though the side to move has 3 legal moves",
    );
}

#[test]
fn game_end_by_no_safe_move_fails_when_a_mated_player_plays_on() {
    // SHO-38 "A player whose King is in check and who has no legal move to escape is
    // checkmated and loses"; SHO-35 moving into check is illegal, so a move that leaves the
    // King attacked is no escape. G*e8 mates the King on e9 between its Lances (the Gold on e7
    // guards e8, d8 and f8).
    let body = "id = \"mate\"\nkind = \"game-end\"\nclauses = [\"SHO-35\", \"SHO-38\"]\nby = \"no-safe-move\"";
    let g = game("shogi");
    let inv = g.inv(body);
    let before =
        g.hand(g.pos(Color::Black, &[("e1", "K"), ("d9", "l"), ("e9", "k"), ("f9", "l"), ("e7", "G")]), "G", 1);
    let mv = g.legal(&before, "G*e8");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    // An engine that lets the King stay in or move into check and does not end the game at
    // checkmate (the King is to be captured instead): the mated side has (unsafe) moves, and the
    // game goes on.
    let broken = game_with(
        "shogi",
        &[
            ("self-check = \"illegal\"", "self-check = \"allowed\""),
            ("must-resolve = true", "must-resolve = false"),
            ("royals = \"checkmate\"", "royals = \"last-royal-captured\""),
            ("checkmate = \"terminal\"", "checkmate = \"not-terminal\""),
        ],
    );
    let inv = broken.inv(body);
    let mv = broken.legal(&before, "G*e8");
    let after = broken.made(&before, &mv);
    assert!(!broken.e.legal_moves(&after).is_empty());
    violated(&inv, &broken.t(&before, &mv, &after, &[]), &["SHO-35", "SHO-38"], "and the game goes on");
}

// ------------------------------------------------------------------------------- repetition

/// One move of a game as `run::game` sees it: the position before, the move, the position
/// after, the result the engine gives, and the turn-boundary positions so far (before included).
struct Played {
    before: Position,
    mv: Move,
    after: Position,
    outcome: Option<Outcome>,
    line: Vec<Position>,
}

fn play(g: &Game, start: &Position, texts: &[&str]) -> Vec<Played> {
    let mut pos = start.clone();
    let mut history = g.e.start_history(&pos);
    let mut line = vec![pos.clone()];
    let mut out = Vec::new();
    for text in texts {
        let mv = g.legal(&pos, text);
        let after = g.made(&pos, &mv);
        let outcome = g.e.status_after(&after, &mv, &mut history);
        out.push(Played { before: pos.clone(), mv, after: after.clone(), outcome, line: line.clone() });
        if !after.extra_turn {
            line.push(after.clone());
        }
        pos = after;
    }
    out
}

fn played<'a>(g: &'a Game, p: &'a Played, outcome: Option<&'a Outcome>) -> Transition<'a> {
    Transition {
        engine: &g.e,
        before: &p.before,
        mv: &p.mv,
        after: &p.after,
        moves: &[],
        outcome,
        line: Some(&p.line),
        before_facts: None,
    }
}

#[test]
fn repetition_fails_on_a_fourth_occurrence_played_on_an_early_end_or_a_perpetual_checker_who_does_not_lose() {
    // SHO-41 "If the same position, with the same pieces in hand and the same player to move,
    // occurs four times, the game ends in sennichite"; SHO-42 "If the repetition arises from
    // one player checking on every move, that player loses instead."
    let g = game("shogi");
    let inv = g.inv("id = \"sennichite\"\nkind = \"repetition\"\nclauses = [\"SHO-41\", \"SHO-42\"]\ncount = 4\nhands = true\nperpetual-check-loses = true");
    let c = ["SHO-41", "SHO-42"];
    // Golds stepping out and back: the start position's fourth occurrence is after move 12.
    let start = g.pos(Color::Black, &[("e1", "K"), ("e9", "k"), ("a1", "G"), ("a9", "g")]);
    let cycle = ["G a1-a2", "G a9-a8", "G a2-a1", "G a8-a9"];
    let game: Vec<Played> = play(&g, &start, &cycle.repeat(3));
    let fourth = &game[11];
    assert!(matches!(&fourth.outcome, Some(Outcome::Draw(_))), "{:?}", fourth.outcome);
    assert!(game[..11].iter().all(|p| p.outcome.is_none()));
    holds(&inv, &played(&g, fourth, fourth.outcome.as_ref()));
    violated(&inv, &played(&g, fourth, None), &c, "occurrence 4 of a position, and the game goes on");
    let second = &game[3];
    holds(&inv, &played(&g, second, None));
    let early = Outcome::Draw("sennichite by repetition".into());
    violated(&inv, &played(&g, second, Some(&early)), &c, "the game ended by repetition at occurrence 2, before 4");
    // The first occurrence is not concerned.
    not_concerned(&inv, &played(&g, &game[0], None));
    // Perpetual check: the Rook checks on every move, the King steps between d9 and e9; the
    // position after R d2-e2 occurs the fourth time after move 13, and the checker loses.
    let start = g.pos(Color::Black, &[("i1", "K"), ("e9", "k"), ("a2", "R")]);
    let mut texts = vec!["R a2-e2"];
    for _ in 0..3 {
        texts.extend(["K e9-d9", "R e2-d2", "K d9-e9", "R d2-e2"]);
    }
    let game = play(&g, &start, &texts);
    let last = game.last().unwrap();
    assert!(matches!(&last.outcome, Some(Outcome::Win(Color::White, _))), "{:?}", last.outcome);
    holds(&inv, &played(&g, last, last.outcome.as_ref()));
    let draw = Outcome::Draw("the same position occurred 4 times (end.repetition-count = 4)".into());
    violated(
        &inv,
        &played(&g, last, Some(&draw)),
        &c,
        "perpetual check by first player (Black, sente), but the result is Some(Draw",
    );
}

// ------------------------------------------------------------------------------- self-check

#[test]
fn no_self_check_fails_when_the_mover_leaves_its_king_attacked() {
    // SHO-35 "A move that leaves the player's own King attacked, or moves it onto an attacked
    // square, is illegal."
    let g = game("shogi");
    let inv = g.inv("id = \"self-check\"\nkind = \"no-self-check\"\nclauses = [\"SHO-35\"]");
    // The King steps onto e2, on the Rook's rank; the Gold on e3 leaves the Lance's file.
    let before = g.pos(Color::Black, &[("e1", "K"), ("a2", "r"), ("e3", "G"), ("e6", "l"), ("a9", "k")]);
    for (from, to) in [("e1", "e2"), ("e3", "d3")] {
        let mv = board_move(&before, from, to);
        let after = g.made(&before, &mv);
        violated(
            &inv,
            &g.t(&before, &mv, &after, &[]),
            &["SHO-35"],
            &format!("{} leaves a royal of the mover attacked", g.e.move_text(&mv)),
        );
        assert!(!g.has_legal(&before, &g.e.move_text(&mv)));
    }
    let mv = g.legal(&before, "K e1-f1");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    assert!(legal_moves_hold(&g, &inv, &before) > 0);
}

// ------------------------------------------------------------------------------- generic

#[test]
fn generic_record_fails_on_a_record_that_disagrees_with_the_positions() {
    // The record against the positions (docs/check.md): the turn passes (SHO-7 "the players
    // then move alternately"), captures go to the captor's hand (SHO-28), unpromoted (SHO-30).
    let g = game("shogi");
    let inv = g.generic("generic:record");
    assert_eq!(inv.clauses, ["SHO-7", "SHO-28", "SHO-29", "SHO-30"]);
    let c = clauses(&inv);
    let before = g.pos(Color::Black, &[("e1", "K"), ("e9", "k"), ("e5", "R"), ("e7", "+p"), ("a7", "p")]);
    let mv = g.legal(&before, "R e5xe7");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    assert_eq!(after.hands[0][g.e.piece_index("P").unwrap().index()], 1, "the Tokin goes to hand as a Pawn");
    // The captured Tokin never reached the hand.
    let mut lost = after.clone();
    lost.set_hand(&g.e.zobrist, Color::Black, g.e.piece_index("P").unwrap(), 0);
    violated(
        &inv,
        &g.t(&before, &mv, &lost, &[]),
        &c,
        "hands after the move are not the hands before, plus what it captured",
    );
    // A square the move does not name changed.
    let mut changed = after.clone();
    changed.put(&g.e.zobrist, sq("a7"), None);
    violated(&inv, &g.t(&before, &mv, &changed, &[]), &c, "a7 changed though the move does not name it");
    // The record's mover is not the side to move.
    let mut theirs = before.clone();
    theirs.set_side(&g.e.zobrist, Color::White);
    let after = g.made(&theirs, &mv);
    violated(&inv, &g.t(&theirs, &mv, &after, &[]), &c, "the mover is not the side to move");
    // The origin did not hold the piece.
    let ghost = board_move(&before, "e5", "e6");
    let ghost = Move { from: Some(sq("e4")), ..ghost };
    let after = g.made(&before, &ghost);
    violated(&inv, &g.t(&before, &ghost, &after, &[]), &c, "the origin did not hold the moving piece before the move");
    assert!(legal_moves_hold(&g, &inv, &before) > 10);
}

#[test]
fn generic_make_unmake_fails_on_another_position_or_a_stale_hash() {
    let g = game("shogi");
    let inv = g.generic("generic:make-unmake");
    assert!(inv.clauses.is_empty());
    let before = g.pos(Color::Black, &[("e1", "K"), ("e9", "k"), ("e5", "R"), ("e7", "p")]);
    let mv = g.legal(&before, "R e5xe7");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    // The position after is not what making the move gives.
    let mut other = after.clone();
    other.put(&g.e.zobrist, sq("a5"), Some(g.man("P")));
    violated(&inv, &g.t(&before, &mv, &other, &[]), &[], "making R e5xe7 again gives another position");
    // The kept hash of the position before was wrong, so the one after is too.
    let mut stale = before.clone();
    stale.board_hash ^= 0x5eed;
    let after = g.made(&stale, &mv);
    violated(
        &inv,
        &g.t(&stale, &mv, &after, &[]),
        &[],
        "after R e5xe7 the kept hash differs from the hash from scratch",
    );
}

#[test]
fn generic_round_trip_fails_on_a_position_its_string_does_not_give_back() {
    // A position invariant: judged on every position a run reaches, with its legal moves.
    let g = game("shogi");
    let inv = g.generic("generic:round-trip");
    assert!(inv.clauses.is_empty());
    let judge = |p: &Position| {
        let mut tally = Tally::default();
        tally.check_position(std::slice::from_ref(&inv), &g.e, p, &g.e.legal_moves(p), "hand-made");
        assert_eq!(tally.exercised.get(&inv.id), Some(&1));
        tally.violations
    };
    let p = g.hand(g.pos(Color::White, &[("e1", "K"), ("e9", "k"), ("e5", "+R")]), "p", 2);
    assert!(judge(&p).is_empty());
    // An extra-turn flag in a game without extra turns: the string says '+', which does not parse.
    let mut extra = p.clone();
    extra.set_extra_turn(&g.e.zobrist, true);
    // A stale kept hash: the string parses back to the position with the right hash.
    let mut stale = p.clone();
    stale.hand_hash ^= 1;
    for (bad, says) in [
        (extra, "does not parse back: '+' (an extra turn) in a game without extra turns"),
        (stale, "parses back to another position"),
    ] {
        let v = judge(&bad);
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!((v[0].invariant.as_str(), v[0].mv.as_str()), ("generic:round-trip", ""));
        assert!(v[0].message.contains(says), "{}", v[0].message);
    }
}

#[test]
fn generic_promotion_map_fails_on_a_type_change_the_map_does_not_give() {
    // SHO-23 "The Silver General, Knight, Lance and Pawn promote to pieces that move like a Gold
    // General" (+S, +N, +L, +P); SHO-24 Bishop to Dragon Horse; SHO-25 Rook to Dragon King.
    let g = game("shogi");
    let inv = g.generic("generic:promotion-map");
    assert_eq!(inv.clauses, ["SHO-23", "SHO-24", "SHO-25"]);
    let before = g.pos(Color::Black, &[("e1", "K"), ("a9", "k"), ("e6", "P")]);
    let mv = promoting(&g, board_move(&before, "e6", "e7"), "+B");
    let after = g.made(&before, &mv);
    violated(
        &inv,
        &g.t(&before, &mv, &after, &[]),
        &clauses(&inv),
        "P became +B, which the promotion map does not give",
    );
    let mv = g.legal(&before, "P e6-e7+");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    // Hook HOOK-311: a Gold taking a Deva becomes a Teaching King, the Deva's promotion.
    let g = game("hook");
    let inv = g.generic("generic:promotion-map");
    let before = g.pos(Color::Black, &[("a1", "K"), ("s19", "k"), ("h10", "G"), ("h11", "dv")]);
    let mv = g.legal(&before, &g.e.move_text(&promoting(&g, board_move(&before, "h10", "h11"), "+DV")).to_string());
    assert_eq!(mv.promotion, g.e.piece_index("+DV"));
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
}

#[test]
fn generic_notation_fails_on_a_path_the_pieces_xbetza_does_not_describe() {
    // SHO-17 "The Pawn moves one square straight forward, and captures the same way" (fW);
    // SHO-18 captures by moving onto an enemy piece.
    let g = game("shogi");
    let inv = g.generic("generic:notation:P");
    assert_eq!(inv.clauses, ["SHO-17", "SHO-18"]);
    let before = g.pos(Color::Black, &[("e1", "K"), ("a9", "k"), ("e5", "P"), ("d6", "p")]);
    for (mv, says) in [
        (
            Move {
                path: vec![step("e6", StepKind::Move), step("e7", StepKind::Move)].into(),
                ..board_move(&before, "e5", "e7")
            },
            "fW P e5-e7",
        ),
        (board_move(&before, "e5", "d6"), "fW P e5xd6"),
    ] {
        let after = g.made(&before, &mv);
        violated(&inv, &g.t(&before, &mv, &after, &[]), &clauses(&inv), says);
    }
    let mv = g.legal(&before, "P e5-e6");
    let after = g.made(&before, &mv);
    holds(&inv, &g.t(&before, &mv, &after, &[]));
    // Another piece's move is not this invariant's.
    let mv = g.legal(&before, "K e1-e2");
    let after = g.made(&before, &mv);
    not_concerned(&inv, &g.t(&before, &mv, &after, &[]));
}

#[test]
fn generic_rotation_fails_on_a_move_list_that_is_not_the_turned_one() {
    // RYU-6 / RYU-17 (board.second_player = rotate-180): the game is the same from either side,
    // so the position turned round with colours swapped has exactly the turned legal moves.
    let g = game("ryu");
    let inv = g.generic("generic:rotation");
    assert_eq!(inv.clauses, ["RYU-6", "RYU-17"]);
    let p = g.hand(
        g.pos(Color::Black, &[("d1", "K"), ("d12", "k"), ("c2", "LW"), ("e5", "R"), ("b10", "p"), ("f11", "+s")]),
        "P",
        1,
    );
    let moves = g.e.legal_moves(&p);
    generic::rotation(&g.e, &p, &moves).expect("the engine's own list turns");
    let mut tally = Tally::default();
    tally.check_position(std::slice::from_ref(&inv), &g.e, &p, &moves, "hand-made");
    assert!(tally.violations.is_empty());
    // One move left out of the list: the turned position has one move more than the turned list.
    let short: Vec<Move> = moves.iter().filter(|m| g.e.move_text(m) != "LW c2-b2").cloned().collect();
    assert_eq!(short.len() + 1, moves.len());
    let err = generic::rotation(&g.e, &p, &short).expect_err("a move missing");
    assert!(
        err.contains(&format!("has {} moves, the turned moves are {}", moves.len(), short.len()))
            && err.contains("extra ["),
        "{err}"
    );
    let mut tally = Tally::default();
    tally.check_position(std::slice::from_ref(&inv), &g.e, &p, &short, "hand-made");
    assert_eq!(tally.violations.len(), 1);
    let v = &tally.violations[0];
    assert_eq!(
        (v.invariant.as_str(), v.clauses.as_slice(), v.mv.as_str()),
        ("generic:rotation", &["RYU-6".to_string(), "RYU-17".to_string()][..], "")
    );
    assert!(v.message.contains("turned position"), "{}", v.message);
}

// ------------------------------------------------------------------------------- former gaps
// Rules the first kinds could not state (found by these tests; the kinds now say them).

#[test]
fn no_consecutive_skips_states_mitsugumis_skip_limit() {
    // MIT-135 "it is illegal for a player to skip a turn if the immediately preceding turn was
    // skipped by the opponent" (reading skip-limit = not-after-opponent-skip): a second skip of
    // one's own is legal, and the engine offers it. Scope opponent-turn lets that pass hold and
    // flags a skip after the opponent's.
    let g = game("mitsugumi");
    let mut p = g.pos(Color::Black, &[("a1", "K"), ("a13", "k"), ("g7", "LN")]);
    p.last_skip = [true, false];
    let legal = g.legal(&p, "LN g7-g7");
    let after = g.made(&p, &legal);
    let mut q = p.clone();
    q.last_skip = [false, true];
    assert!(!g.has_legal(&q, "LN g7-g7"));
    let after_q = g.made(&q, &legal);
    let fits = ["opponent-turn"].iter().any(|scope| {
        let inv = g.inv(&format!(
            "id = \"skips\"\nkind = \"no-consecutive-skips\"\nclauses = [\"MIT-135\"]\nscope = \"{scope}\""
        ));
        tally(&inv, &g.t(&p, &legal, &after, &[])).violations.is_empty()
            && tally(&inv, &g.t(&q, &legal, &after_q, &[])).violations.len() == 1
    });
    assert!(fits, "scope opponent-turn states MIT-135: the legal LN g7-g7 after the mover's own skip holds, after the opponent's it breaks");
}

#[test]
fn zone_moves_tells_the_warriors_frame_apart() {
    // RYU-32 "The Left Warriors, while in the first zone, may move one space either to the
    // left, directly forward or backward, or diagonally forward or backward to the right"; the
    // spec reads left and right as the owner's (reading warrior-sides = owner-relative). An
    // engine playing the rejected board-fixed option moves the second player's Left Warrior to
    // its own right (d11-c11 here); the invariant catches that: it takes left and right from its
    // own `frame`, not from the engine's orientation.
    let body =
        "id = \"zones\"\nkind = \"zone-moves\"\nclauses = [\"RYU-32\"]\nby = \"origin\"\nframe = \"player\"\npromoted-zone = \"third\"";
    let g = game_reading("ryu", "warrior-sides", "board-fixed");
    let inv = g.inv(body);
    let p = g.pos(Color::White, &[("d1", "K"), ("g12", "k"), ("d11", "lw")]);
    let mv = g.legal(&p, "LW d11-c11");
    let after = g.made(&p, &mv);
    assert_eq!(
        tally(&inv, &g.t(&p, &mv, &after, &[])).violations.len(),
        1,
        "LW d11-c11 (the owner's right) passes as a first-zone move"
    );
}

#[test]
fn promotion_without_optional_fails_on_a_move_that_stays_unpromoted() {
    // RYU-64 "Promotion is forced upon reaching the fourth zone (i.e. there is no option to stay
    // unpromoted)"; RYU-62 pieces promote on reaching the fourth zone (trigger ends-in-zone). A
    // Pawn stepping into the fourth zone unpromoted breaks the invariant (not `optional`), even
    // though its promoting twin is offered.
    let g = game("ryu");
    let inv = g
        .inv("id = \"promotion\"\nkind = \"promotion\"\nclauses = [\"RYU-62\", \"RYU-64\"]\nzone = \"fourth\"\ntrigger = \"ends-in-zone\"");
    let p = g.pos(Color::Black, &[("d1", "K"), ("a12", "k"), ("d9", "P")]);
    let plain = board_move(&p, "d9", "d10");
    assert!(!g.has_legal(&p, "P d9-d10"));
    let moves = vec![g.legal(&p, "P d9-d10+"), plain.clone()];
    let after = g.made(&p, &plain);
    violated(&inv, &g.t(&p, &plain, &after, &moves), &["RYU-62", "RYU-64"], "P d9-d10");
}

// ------------------------------------------------------------------------------- lion-trade

/// Chu Shogi's Lion-trading rules as the properties file states them (CHU-60, CHU-62..64).
const LION_TRADE: &str = "id = \"lion-trade\"\nkind = \"lion-trade\"\nclauses = [\"CHU-60\", \"CHU-62\", \"CHU-63\"]\nlions = [\"N\", \"+O\"]\nno-bridge = [\"P\", \"I\"]\ncounter-strike = true";

#[test]
fn lion_trade_fails_when_a_protected_lion_is_taken_from_two_squares_away() {
    // CHU-60 "A Lion may not capture an enemy Lion that is not adjacent to it ... if the enemy
    // Lion is protected": the Gote Pawn on f8 protects the Gote Lion on f7 (it steps toward
    // rank 1). An engine without the rule (reading distant-lion = allowed) offers N f5xf7,
    // and the Pawn then takes back: violated.
    let g = game_reading("chu", "distant-lion", "allowed");
    let inv = g.inv(LION_TRADE);
    let protected = g.pos(Color::Black, &[("a1", "K"), ("l12", "k"), ("f5", "N"), ("f7", "n"), ("f8", "p")]);
    let mv = board_move(&protected, "f5", "f7");
    assert!(g.e.legal_moves(&protected).iter().any(|m| m.identity() == mv.identity()), "the engine offers it");
    let after = g.made(&protected, &mv);
    violated(&inv, &g.t(&protected, &mv, &after, &[]), &clauses(&inv), "protected");
    // The spec's own engine does not offer it, and every move it offers holds; unprotected (no
    // Pawn) the capture is judged and holds.
    let own = game("chu");
    assert!(!own.e.legal_moves(&protected).iter().any(|m| m.identity() == mv.identity()));
    legal_moves_hold(&own, &inv, &protected);
    let bare = own.pos(Color::Black, &[("a1", "K"), ("l12", "k"), ("f5", "N"), ("f7", "n")]);
    let mv = board_move(&bare, "f5", "f7");
    let after = own.made(&bare, &mv);
    holds(&inv, &own.t(&bare, &mv, &after, &[]));
    // An adjacent Lion is not the kind's business.
    let next = own.pos(Color::Black, &[("a1", "K"), ("l12", "k"), ("f5", "N"), ("f6", "n"), ("f7", "p")]);
    let mv = board_move(&next, "f5", "f6");
    let after = own.made(&next, &mv);
    not_concerned(&inv, &own.t(&next, &mv, &after, &[]));
}

#[test]
fn lion_trade_fails_when_a_non_lion_answers_a_lion_trade_by_taking_a_lion() {
    // CHU-63 "When a Lion is captured by a piece that is not a Lion, the opponent may not
    // capture a Lion with a piece that is not a Lion on the very next move": the Sente Gold
    // takes the Gote Lion on d5; under counter-strike = none the Gote Silver on h6 may then
    // take the Sente Lion on h5: violated. Under the spec's rules it may not: holds.
    let men = [("a1", "K"), ("l12", "k"), ("d4", "G"), ("d5", "n"), ("h5", "N"), ("h6", "s")];
    let g = game_reading("chu", "counter-strike", "none");
    let inv = g.inv(LION_TRADE);
    let before = g.pos(Color::Black, &men);
    let mv = board_move(&before, "d4", "d5");
    let after = g.made(&before, &mv);
    violated(&inv, &g.t(&before, &mv, &after, &[]), &clauses(&inv), "takes a Lion with a non-Lion");
    let own = game("chu");
    let before = own.pos(Color::Black, &men);
    let mv = board_move(&before, "d4", "d5");
    let after = own.made(&before, &mv);
    holds(&inv, &own.t(&before, &mv, &after, &[]));
}
