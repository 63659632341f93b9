//! Reading witnesses (src/smt/readings.rs, src/smt/fragments.rs) on small inline specs: for
//! every query kind one spec where the two options of a reading deliberately conflict (Z3 must
//! find a witness, which the engine confirms here) and one where they cannot (Z3 must prove
//! there is none).
//!
//! Every expected value is derived from the rules the spec states, in the comments; the
//! witness positions are re-checked with the engines of both options (tests/common/smt.rs,
//! `recheck`) and, where the rule allows it, the whole set of differing moves is predicted from
//! the position and compared with the engines' answer.
//!
//! The boards are 7x7 where the moving piece stands in the centre: the witness builder puts the
//! Kings on their start squares or at least three king steps from the piece, which a 5x5 board
//! does not have.

use crate::common::smt;
use kensho::Color;

use kensho::engine::{Engine, Move};
use kensho::geometry::Square;
use kensho::smt::fragments;
use kensho::smt::readings::{reading_witnesses, Facet, ReadingReport};
use kensho::smt::{Limits, Verdict};
use kensho::spec::settings::Setting;
use kensho::witness::Pair;
use smt::{comparison, engine, engines, king_distance, mini, recheck, sq, vector, Pid};
use std::collections::BTreeSet;

const SEED: u64 = 1;

fn run(body: &str) -> (kensho::spec::LoadedSpec, Vec<ReadingReport>) {
    let spec = mini(body);
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    (spec, reports)
}

/// The men of the side to move in the position, with their piece ids.
fn own_men(e: &Engine, pos: &kensho::engine::Position) -> Vec<(Square, String)> {
    pos.squares_of(pos.side).map(|(s, m)| (s, e.piece(m.piece).id.clone())).collect()
}

fn ids(moves: &std::collections::BTreeMap<Pid, Move>) -> BTreeSet<Pid> {
    moves.keys().cloned().collect()
}

fn step(from: Square, to: Square) -> Pid {
    Pid { from: Some(from), to: Some(to), captures: Vec::new(), dropped: None, promotion: None }
}

// ---------------------------------------------------------------------------------------------
// A piece's moves: Gold (WfF) against Silver (FfW), and WF against K.
// ---------------------------------------------------------------------------------------------

fn general(default_betza: &str, other_name: &str, other_betza: &str, default_name: &str) -> String {
    format!(
        r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "G"
name = "General"
betza = "{default_betza}"

[setup]
K = "a1"

[[reading]]
id = "general-move"
question = "How does the General step?"
clauses = ["T-1"]
kind = "wording"
default = "{default_name}"
why = "test"

[[reading.option]]
name = "{default_name}"
means = "{default_betza}"
set = {{ "piece.G.betza" = "{default_betza}" }}

[[reading.option]]
name = "{other_name}"
means = "{other_betza}"
set = {{ "piece.G.betza" = "{other_betza}" }}
"#
    )
}

#[test]
fn moves_gold_against_silver_has_a_witness_the_engine_confirms() {
    let (spec, reports) = run(&general("WfF", "silver", "FfW", "gold"));
    let c = comparison(&reports, "general-move", "silver");
    assert_eq!(c.changes, vec!["piece.G.betza".to_string()]);
    assert_eq!(c.effect, "moves");
    assert_eq!(c.method, "z3: moves of G", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (gold, silver) = engines(&spec, "general-move", "silver");
    let r = recheck("general-move", w, ("gold", &gold), ("silver", &silver));
    // The rules: both step straight forward and diagonally forward; only the Gold steps back
    // and sideways, only the Silver diagonally back. A step is legal onto an empty square or an
    // enemy (no check rule: self-check is allowed by default). So on any position the moves
    // legal under one option only are exactly those steps of the side to move's Generals.
    let gold_only = [(0, -1), (-1, 0), (1, 0)];
    let silver_only = [(-1, -1), (1, -1)];
    let mut expect_gold = BTreeSet::new();
    let mut expect_silver = BTreeSet::new();
    let pos = &r.pos_a;
    assert_eq!(pos.side, Color::Black, "the Z3 witness has the first player to move");
    let generals: Vec<Square> = own_men(&gold, pos).into_iter().filter(|(_, id)| id == "G").map(|(s, _)| s).collect();
    assert!(!generals.is_empty(), "the witness {} has no General of the side to move", w.position);
    for &g in &generals {
        for (dirs, out) in [(&gold_only[..], &mut expect_gold), (&silver_only[..], &mut expect_silver)] {
            for &(dx, dy) in dirs {
                let Some(t) = pos.size.offset(g, (dx, dy)) else { continue };
                match pos.at(t) {
                    Some(m) if m.player == pos.side => {}
                    Some(_) => {
                        out.insert(Pid { captures: vec![t], ..step(g, t) });
                    }
                    None => {
                        out.insert(step(g, t));
                    }
                }
            }
        }
    }
    assert_eq!(ids(&r.only_a), expect_gold, "moves legal as a Gold only on {}", w.position);
    assert_eq!(ids(&r.only_b), expect_silver, "moves legal as a Silver only on {}", w.position);
    // The report names a backward orthogonal step or a backward diagonal one.
    assert!(w.differing.iter().all(|d| {
        let v = vector(sq(d.from.as_deref().unwrap()), sq(d.to.as_deref().unwrap()));
        (d.legal_under == "gold" && gold_only.contains(&v)) || (d.legal_under == "silver" && silver_only.contains(&v))
    }));
    // The General Z3 drove stands on the centre (d4); on the shrunk witness nothing blocks its
    // straight step back, so d4-d3 is a Gold-only move.
    assert!(generals.contains(&sq("d4")), "{}", w.position);
    if pos.at(sq("d3")).is_none() {
        assert!(r.only_a.contains_key(&step(sq("d4"), sq("d3"))));
    }
}

#[test]
fn moves_wf_against_k_is_proved_without_effect() {
    // K is exactly W plus F: the same eight steps on every board.
    let (_, reports) = run(&general("WF", "k", "K", "wf"));
    let c = comparison(&reports, "general-move", "k");
    assert!(c.method.starts_with("z3: moves of"), "{}: {}", c.method, c.summary);
    assert_eq!(c.verdict, Verdict::Proved, "{}", c.summary);
    assert!(c.witness.is_none());
}

// ---------------------------------------------------------------------------------------------
// The skip limit.
// ---------------------------------------------------------------------------------------------

/// A Lion-like piece that steps like a King or passes (`mabK`: step to an empty neighbour and
/// back, which the engine plays as a skipped turn).
const SKIP: &str = r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "L"
name = "Lion"
betza = "KmabK"

[setup]
K = "a1"

[rules.skip]
null-move = "illegal"
by-piece = "allowed"
limit = "no-two-own-in-a-row"

[[reading]]
id = "skip-limit"
question = "Which skips does the limit forbid?"
clauses = ["T-1"]
kind = "wording"
default = "own"
why = "test"

[[reading.option]]
name = "own"
means = "no player skips on two of their own turns in a row"
set = { "rules.skip.limit" = "no-two-own-in-a-row" }

[[reading.option]]
name = "both"
means = "also not right after the opponent skipped"
set = { "rules.skip.limit" = "both" }
"#;

#[test]
fn skip_limit_own_against_both_has_a_witness_the_engine_confirms() {
    let (spec, reports) = run(SKIP);
    let c = comparison(&reports, "skip-limit", "both");
    assert_eq!(c.method, "z3: skip limit", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (own, both) = engines(&spec, "skip-limit", "both");
    let r = recheck("skip-limit", w, ("own", &own), ("both", &both));
    // The limits disagree exactly when the player's own last turn was no skip and the
    // opponent's was: "own" lets the player skip, "both" does not.
    let pos = &r.pos_a;
    assert_eq!(pos.side, Color::Black);
    assert_eq!(pos.last_skip, [false, true], "the witness history: {}", w.position);
    assert!(w.position.ends_with("~w"), "{}", w.position);
    // So the differing moves are exactly the passes of the side to move's Lions that have an
    // empty neighbour, legal under "own" only.
    let mut expect = BTreeSet::new();
    for (s, id) in own_men(&own, pos) {
        let empty_neighbour = pos.size.squares().any(|t| king_distance(s, t) == 1 && pos.at(t).is_none());
        if id == "L" && empty_neighbour {
            expect.insert(step(s, s));
        }
    }
    assert!(!expect.is_empty(), "{}", w.position);
    assert_eq!(ids(&r.only_a), expect, "{}", w.position);
    assert!(r.only_b.is_empty());
}

#[test]
fn skip_fragment_finds_no_effect_when_the_limits_are_equal() {
    // Two games with the same skip limit that differ in another rule (the stalemate result):
    // the skip query must prove that no history lets one skip where the other does not.
    let spec = mini(SKIP);
    let a = spec.game.clone();
    let mut b = a.clone();
    b.rules.insert("end.stalemate".into(), Setting::Word("draw".into()));
    let (ea, eb) = (engine(&a), engine(&b));
    let pair = Pair { a: &ea, b: &eb, a_name: "loss", b_name: "draw" };
    let (_, handles, skip) =
        fragments::all().into_iter().find(|(n, _, _)| *n == "skip limit").expect("a skip fragment");
    assert!(handles("rules.skip.limit"));
    assert!(!handles("rules.end.stalemate"));
    match skip(&pair, &Limits::default()) {
        Facet::NoEffect(_) => {}
        Facet::Found(w) => panic!("a skip witness for equal limits: {}", w.position),
        Facet::Open(why) => panic!("open: {why}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Freezing.
// ---------------------------------------------------------------------------------------------

const FREEZE: &str = r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "T"
name = "Tetrarch"
betza = "K"
[piece.ability.freeze]
range = "adjacent"

[[piece]]
id = "G"
name = "General"
betza = "WfF"

[setup]
K = "a1"

[[reading]]
id = "freeze-range"
question = "Which enemies does the Tetrarch freeze?"
clauses = ["T-1"]
kind = "wording"
default = "adjacent"
why = "test"

[[reading.option]]
name = "adjacent"
means = "the enemies next to it"
set = { "piece.T.ability.freeze.range" = "adjacent" }

[[reading.option]]
name = "board"
means = "every enemy on the board"
set = { "piece.T.ability.freeze.range" = "board" }
"#;

#[test]
fn freezing_adjacent_against_board_has_a_witness_the_engine_confirms() {
    let (spec, reports) = run(FREEZE);
    let c = comparison(&reports, "freeze-range", "board");
    assert_eq!(c.method, "z3: freezing", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (adjacent, board) = engines(&spec, "freeze-range", "board");
    let r = recheck("freeze-range", w, ("adjacent", &adjacent), ("board", &board));
    // "board" freezes every enemy piece, "adjacent" only those next to a freezer (freeze.targets
    // is enemy by default). So nothing is legal under "board" only, and under "adjacent" only
    // exactly the moves of the side to move's pieces two or more steps from every enemy
    // Tetrarch (the others are frozen, or free, under both).
    let pos = &r.pos_a;
    let tetrarchs: Vec<Square> = pos
        .squares_of(pos.side.opposite())
        .filter(|(_, m)| adjacent.piece(m.piece).id == "T")
        .map(|(s, _)| s)
        .collect();
    assert!(!tetrarchs.is_empty(), "no enemy Tetrarch on {}", w.position);
    let legal_a = smt::legal(&adjacent, pos);
    let expect: BTreeSet<Pid> = legal_a
        .iter()
        .filter(|(_, m)| m.from.is_some_and(|f| tetrarchs.iter().all(|&t| king_distance(f, t) >= 2)))
        .map(|(k, _)| k.clone())
        .collect();
    assert!(!expect.is_empty());
    assert_eq!(ids(&r.only_a), expect, "{}", w.position);
    assert!(r.only_b.is_empty(), "{}", w.position);
}

// ---------------------------------------------------------------------------------------------
// Rank-limited jumping: may a jump capture a royal it passes?
// ---------------------------------------------------------------------------------------------

/// `KcafK`: a King step, or a capture one step away followed by a step straight on (the
/// captured piece is "jumped": its square is not the destination).
fn jump_spec(capture_jumped: bool) -> String {
    format!(
        r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "J"
name = "Jumper"
betza = "KcafK"
[piece.ability.jump]
capture-jumped = {capture_jumped}
capture-jumped-royals = true

[[piece]]
id = "G"
name = "General"
betza = "WfF"

[setup]
K = "a1"

[[reading]]
id = "jump-royal"
question = "May the Jumper capture a royal it jumps?"
clauses = ["T-1"]
kind = "wording"
default = "yes"
why = "test"

[[reading.option]]
name = "yes"
means = "jumped royals may be captured"
set = {{ "piece.J.ability.jump.capture-jumped-royals" = true }}

[[reading.option]]
name = "no"
means = "jumped royals may not be captured"
set = {{ "piece.J.ability.jump.capture-jumped-royals" = false }}
"#
    )
}

#[test]
fn jumping_capture_of_jumped_royals_has_a_witness_the_engine_confirms() {
    let body = jump_spec(true);
    let (spec, reports) = run(&body);
    let c = comparison(&reports, "jump-royal", "no");
    assert_eq!(c.method, "z3: rank-limited jumping", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (yes, no) = engines(&spec, "jump-royal", "no");
    let r = recheck("jump-royal", w, ("yes", &yes), ("no", &no));
    // The options differ only on jumps that capture a royal they pass (a capture on a square
    // that is not the destination): legal under "yes" only. Every other move is the same.
    let pos = &r.pos_a;
    let legal_a = smt::legal(&yes, pos);
    let expect: BTreeSet<Pid> = legal_a
        .iter()
        .filter(|(_, m)| {
            yes.piece(m.man.piece).id == "J"
                && m.captures.iter().any(|(s, v)| Some(*s) != m.to && yes.piece(v.piece).royal)
        })
        .map(|(k, _)| k.clone())
        .collect();
    assert!(!expect.is_empty(), "{}", w.position);
    assert_eq!(ids(&r.only_a), expect, "{}", w.position);
    assert!(r.only_b.is_empty());
}

#[test]
fn jumping_royal_switch_without_jump_captures_is_proved_without_effect() {
    // With jump.capture-jumped = false no jumped piece may be captured at all, so whether
    // royals may be is moot.
    let (_, reports) = run(&jump_spec(false));
    let c = comparison(&reports, "jump-royal", "no");
    assert_eq!(c.method, "z3: rank-limited jumping", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Proved, "{}", c.summary);
    assert!(c.witness.is_none());
}

// ---------------------------------------------------------------------------------------------
// Burning: does a capture on arrival count toward the burns?
// ---------------------------------------------------------------------------------------------

/// `K`: a step (capturing on arrival or not); `mcacabK`: a step, a capture next to the
/// destination and back (one burn); `mcacabmacabK`: two burns.
fn burn_spec(max: u32) -> String {
    format!(
        r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "F"
name = "Fire Demon"
betza = "KmcacabKmcacabmacabK"
[piece.ability.burn]
max = {max}
arrival-capture = "extra"

[[piece]]
id = "G"
name = "General"
betza = "WfF"

[setup]
K = "a1"

[[reading]]
id = "burn-count"
question = "Does the capture on arrival count toward the burns?"
clauses = ["T-1"]
kind = "wording"
default = "extra"
why = "test"

[[reading.option]]
name = "extra"
means = "burn.max burns besides the arrival capture"
set = {{ "piece.F.ability.burn.arrival-capture" = "extra" }}

[[reading.option]]
name = "counted"
means = "the arrival capture is one of the burn.max"
set = {{ "piece.F.ability.burn.arrival-capture" = "counted" }}
"#
    )
}

#[test]
fn burning_arrival_counted_against_extra_has_a_witness_the_engine_confirms() {
    let (spec, reports) = run(&burn_spec(2));
    let c = comparison(&reports, "burn-count", "counted");
    assert_eq!(c.method, "z3: burn count", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (extra, counted) = engines(&spec, "burn-count", "counted");
    let r = recheck("burn-count", w, ("extra", &extra), ("counted", &counted));
    // With burn.max = 2: "extra" allows two burns after capturing on arrival, "counted" one.
    // Without an arrival capture both allow two. So the differing moves are exactly the Fire
    // Demon's moves that capture on arrival and burn two, legal under "extra" only.
    let pos = &r.pos_a;
    let legal_a = smt::legal(&extra, pos);
    let expect: BTreeSet<Pid> = legal_a
        .iter()
        .filter(|(_, m)| {
            extra.piece(m.man.piece).id == "F"
                && m.to.is_some_and(|t| m.captures.iter().any(|(s, _)| *s == t))
                && m.burned.len() == 2
        })
        .map(|(k, _)| k.clone())
        .collect();
    assert!(!expect.is_empty(), "{}", w.position);
    assert_eq!(ids(&r.only_a), expect, "{}", w.position);
    assert!(r.only_b.is_empty());
}

#[test]
fn burning_count_without_burns_is_proved_without_effect() {
    // burn.max = 0: no burns at all, so counting the arrival capture changes nothing.
    let (_, reports) = run(&burn_spec(0));
    let c = comparison(&reports, "burn-count", "counted");
    assert_eq!(c.method, "z3: burn count", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Proved, "{}", c.summary);
    assert!(c.witness.is_none());
}

// ---------------------------------------------------------------------------------------------
// Drop bans.
// ---------------------------------------------------------------------------------------------

/// A 5x5 game with drops: a Pawn (`fW`) may not be dropped on the fifth rank ("rank-ban"); the
/// option "free" lifts the ban, "dead-piece" replaces it by the empty-board dead-piece rule.
const DROPS: &str = r#"
[board]
files = 5
ranks = 5

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"

[setup]
K = "a1"
P = "b2"

[rules.drops]
enabled = true
rank-ban = { P = [5] }
dead-piece = "allowed"

[[reading]]
id = "drop-ban"
question = "Where may a Pawn not be dropped?"
clauses = ["T-1"]
kind = "wording"
default = "rank-ban"
why = "test"

[[reading.option]]
name = "rank-ban"
means = "not on the fifth rank"
set = { "rules.drops.rank-ban" = { P = [5] }, "rules.drops.dead-piece" = "allowed" }

[[reading.option]]
name = "free"
means = "anywhere"
unset = ["rules.drops.rank-ban"]

[[reading.option]]
name = "dead-piece"
means = "not where it could never move (on an empty board)"
set = { "rules.drops.dead-piece" = "empty-board" }
unset = ["rules.drops.rank-ban"]
"#;

#[test]
fn drop_ban_against_no_ban_has_a_witness_the_engine_confirms() {
    let (spec, reports) = run(DROPS);
    let c = comparison(&reports, "drop-ban", "free");
    assert_eq!(c.method, "z3: drop bans", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (banned, free) = engines(&spec, "drop-ban", "free");
    let r = recheck("drop-ban", w, ("rank-ban", &banned), ("free", &free));
    // The only difference: a Pawn in hand may be dropped on the fifth rank under "free". So the
    // differing moves are exactly the Pawn drops onto the empty fifth-rank squares.
    let pos = &r.pos_a;
    assert_eq!(pos.side, Color::Black);
    let p = banned.piece_index("P").unwrap();
    assert!(pos.hands[0][p.index()] > 0, "no Pawn in hand: {}", w.position);
    let expect: BTreeSet<Pid> = (0..5u8)
        .map(|f| Square::new(f, 4))
        .filter(|&s| pos.at(s).is_none())
        .map(|s| Pid { from: None, to: Some(s), captures: Vec::new(), dropped: Some("P".into()), promotion: None })
        .collect();
    assert!(r.only_a.is_empty());
    assert_eq!(ids(&r.only_b), expect, "{}", w.position);
}

#[test]
fn drop_rank_ban_against_dead_piece_rule_is_proved_without_effect() {
    // A `fW` Pawn can move from every square but those of the last rank (its only step leaves
    // the board there), so the empty-board dead-piece rule bans exactly the fifth rank, like the
    // rank ban; the King is never in hand (royal).
    let (_, reports) = run(DROPS);
    let c = comparison(&reports, "drop-ban", "dead-piece");
    assert_eq!(c.method, "z3: drop bans", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Proved, "{}", c.summary);
    assert!(c.witness.is_none());
}

// ---------------------------------------------------------------------------------------------
// The search fallback: a promotion rule no Z3 facet covers.
// ---------------------------------------------------------------------------------------------

const PROMOTION: &str = r#"
[board]
files = 5
ranks = 5

[zone.promotion]
ranks = [4, 5]

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
promotes_to = "+P"

[[piece]]
id = "+P"
name = "Tokin"
betza = "WfF"

[setup]
K = "c1"
P = "a2,b2"

[rules.promotion]
zone = "promotion"
trigger = "ends-in-zone"
forced = "never"

[[reading]]
id = "promotion-forced"
question = "Must a Pawn promote when it ends a move in the zone?"
clauses = ["T-1"]
kind = "wording"
default = "optional"
why = "test"

[[reading.option]]
name = "optional"
means = "promotion is optional"
set = { "rules.promotion.forced" = "never" }

[[reading.option]]
name = "always"
means = "promotion is forced"
set = { "rules.promotion.forced" = "always" }
"#;

#[test]
fn search_fallback_finds_a_promotion_witness() {
    let (spec, reports) = run(PROMOTION);
    let c = comparison(&reports, "promotion-forced", "always");
    assert_eq!(c.changes, vec!["rules.promotion.forced".to_string()]);
    assert_eq!(c.method, "search", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (optional, always) = engines(&spec, "promotion-forced", "always");
    let r = recheck("promotion-forced", w, ("optional", &optional), ("always", &always));
    // A move ending in the zone may promote or not under "optional", must promote under
    // "always": the differing moves are exactly the Pawn moves into (or within) the zone of the
    // side to move that do not promote, legal under "optional" only.
    let pos = &r.pos_a;
    let legal_a = smt::legal(&optional, pos);
    let expect: BTreeSet<Pid> = legal_a
        .iter()
        .filter(|(_, m)| {
            optional.piece(m.man.piece).id == "P"
                && m.promotion.is_none()
                && m.to.is_some_and(|t| optional.in_zone("promotion", pos.side, t))
        })
        .map(|(k, _)| k.clone())
        .collect();
    assert!(!expect.is_empty(), "{}", w.position);
    assert_eq!(ids(&r.only_a), expect, "{}", w.position);
    assert!(r.only_b.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Zone moves (Ryu's `ability.zone-moves`).
// ---------------------------------------------------------------------------------------------

fn zone_spec(options: &str, default_zone_moves: &str) -> String {
    format!(
        r#"
[board]
files = 7
ranks = 7

[zone.far]
ranks = [5, 6, 7]

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "Z"
name = "Zoner"
betza = "W"
{default_zone_moves}

[[piece]]
id = "G"
name = "General"
betza = "WfF"

[setup]
K = "a1"

[[reading]]
id = "far-move"
question = "How does the Zoner move in the far zone?"
clauses = ["T-1"]
kind = "wording"
default = "plain"
why = "test"
{options}
"#
    )
}

#[test]
fn zone_move_changed_in_both_options_has_a_z3_witness() {
    // The Zoner steps orthogonally (W); in the far zone (ranks 5-7) it steps like a King under
    // "plain" (default) and diagonally only under "diagonal". A Zoner on the zone's square
    // nearest the centre (d5) thus has its orthogonal steps under "plain" only and the same
    // diagonal steps under both.
    let body = zone_spec(
        r#"
[[reading.option]]
name = "plain"
means = "K in the far zone"
set = { "piece.Z.ability.zone-moves.far" = "K" }

[[reading.option]]
name = "diagonal"
means = "F in the far zone"
set = { "piece.Z.ability.zone-moves.far" = "F" }
"#,
        "[piece.ability.zone-moves]\nfar = \"K\"",
    );
    let (spec, reports) = run(&body);
    let c = comparison(&reports, "far-move", "diagonal");
    assert!(c.method.starts_with("z3: moves of Z"), "{}: {}", c.method, c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (plain, diagonal) = engines(&spec, "far-move", "diagonal");
    let r = recheck("far-move", w, ("plain", &plain), ("diagonal", &diagonal));
    assert!(r.only_b.is_empty(), "F is part of K: nothing is legal under 'diagonal' only");
    for m in r.only_a.values() {
        let v = vector(m.from.unwrap(), m.to.unwrap());
        assert!(v.0 == 0 || v.1 == 0, "{} is not an orthogonal step", plain.move_text(m));
    }
}

#[test]
fn zone_move_added_by_one_option_has_a_z3_witness() {
    // "none": the Zoner steps orthogonally everywhere; "far-king": in the far zone it steps
    // like a King. A Zoner in the far zone has its diagonal steps under "far-king" only; the
    // notation (a zone move) decides it, so the Z3 moves facet should find it.
    let body = zone_spec(
        r#"
[[reading.option]]
name = "plain"
means = "W everywhere"
unset = ["piece.Z.ability.zone-moves"]

[[reading.option]]
name = "far-king"
means = "K in the far zone"
set = { "piece.Z.ability.zone-moves.far" = "K" }
"#,
        "",
    );
    let (spec, reports) = run(&body);
    let c = comparison(&reports, "far-move", "far-king");
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    assert!(!c.summary.contains("identical"), "a zone move was added, yet: {}", c.summary);
    assert!(!c.summary.contains("Z.ability"), "a facet for a piece named 'Z.ability': {}", c.summary);
    assert!(c.method.starts_with("z3: moves of Z"), "{}: {}", c.method, c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (plain, far) = engines(&spec, "far-move", "far-king");
    recheck("far-move", w, ("plain", &plain), ("far-king", &far));
}

// ---------------------------------------------------------------------------------------------
// Options that differ where the queries do not look: each test first shows with the engine, on
// a position built by hand, that the options differ, then asks that the report does not call
// them equal ("proved").
// ---------------------------------------------------------------------------------------------

/// The moves legal under each option only, on `position`.
fn differ_on(
    spec: &kensho::spec::LoadedSpec,
    reading: &str,
    option: &str,
    position: &str,
) -> (BTreeSet<Pid>, BTreeSet<Pid>) {
    let (ea, eb) = engines(spec, reading, option);
    let pa = ea.parse_position(position).unwrap();
    let pb = eb.parse_position(position).unwrap();
    let (la, lb) = (smt::legal(&ea, &pa), smt::legal(&eb, &pb));
    let only_a = la.keys().filter(|k| !lb.contains_key(*k)).cloned().collect();
    let only_b = lb.keys().filter(|k| !la.contains_key(*k)).cloned().collect();
    (only_a, only_b)
}

#[test]
fn a_rook_limited_to_four_squares_differs_from_a_rook_on_nine_by_nine() {
    // R against R4 on a 9x9 board: from the centre e5 both reach at most four squares in every
    // direction, but a Rook on b2 of an otherwise empty board reaches b7-b9 and g2-i2 as R only.
    let body = general("R", "short", "R4", "long").replace("files = 7\nranks = 7", "files = 9\nranks = 9");
    let spec = mini(&body);
    let (only_long, only_short) = differ_on(&spec, "general-move", "short", "8k/9/9/9/9/9/9/1G7/K8 b - 1");
    let expect: BTreeSet<Pid> = ["b7", "b8", "b9", "g2", "h2", "i2"].iter().map(|t| step(sq("b2"), sq(t))).collect();
    assert_eq!(only_long, expect);
    assert!(only_short.is_empty());
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    let c = comparison(&reports, "general-move", "short");
    assert_ne!(c.verdict, Verdict::Proved, "{}: {}", c.method, c.summary);
}

/// The Pawn game with a reading that moves the promotion zone only.
const ZONE_ONLY: &str = r#"
[board]
files = 5
ranks = 5

[zone.promotion]
ranks = [4, 5]

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
promotes_to = "+P"

[[piece]]
id = "+P"
name = "Tokin"
betza = "WfF"

[setup]
K = "c1"
P = "a2,b2"

[rules.promotion]
zone = "promotion"
trigger = "ends-in-zone"
forced = "never"

[[reading]]
id = "zone-depth"
question = "How deep is the promotion zone?"
clauses = ["T-1"]
kind = "wording"
default = "two-ranks"
why = "test"

[[reading.option]]
name = "two-ranks"
means = "ranks 4 and 5"
set = { "zone.promotion.ranks" = [4, 5] }

[[reading.option]]
name = "last-rank"
means = "rank 5 only"
set = { "zone.promotion.ranks" = [5] }
"#;

#[test]
fn a_reading_that_moves_the_promotion_zone_changes_moves() {
    // With the zone on ranks 4-5 a Pawn stepping from a3 to a4 may promote; with the zone on
    // rank 5 only it may not. The start positions are the same, the moves are not.
    let spec = mini(ZONE_ONLY);
    let (only_two, only_last) = differ_on(&spec, "zone-depth", "last-rank", "2k2/5/P4/5/2K2 b - 1");
    let promote = Pid { promotion: Some("+P".into()), ..step(sq("a3"), sq("a4")) };
    assert_eq!(only_two, BTreeSet::from([promote]));
    assert!(only_last.is_empty());
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    let c = comparison(&reports, "zone-depth", "last-rank");
    assert_ne!(c.verdict, Verdict::Proved, "{}: {}", c.method, c.summary);
}

/// A Rook-like jumper (Suzumu's Great General pattern, orthogonal): slide to a piece, capture
/// or hop it and go on straight (at most twice), then capture, or (jump.landing widens the last
/// leg) stop on an empty square.
const MAX_JUMPED: &str = r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "J"
name = "Jumper"
betza = "R(cpaf)2cR"
[piece.ability.jump]
max-jumped = 2

[[piece]]
id = "G"
name = "General"
betza = "WfF"

[setup]
K = "a1"

[[reading]]
id = "max-jumped"
question = "How many pieces may one jump pass?"
clauses = ["T-1"]
kind = "wording"
default = "two"
why = "test"

[[reading.option]]
name = "two"
means = "two"
set = { "piece.J.ability.jump.max-jumped" = 2 }

[[reading.option]]
name = "one"
means = "one"
set = { "piece.J.ability.jump.max-jumped" = 1 }
"#;

#[test]
fn a_jump_limit_of_one_against_two_differs() {
    // J on d2, enemy Generals on d3 and d4, d5-d7 empty: passing both Generals (hopping or
    // capturing each) to stop on d5, d6 or d7 is legal when two may be passed, not when one.
    let spec = mini(MAX_JUMPED);
    let (only_two, only_one) = differ_on(&spec, "max-jumped", "one", "6k/7/7/3g3/3g3/3J3/K6 b - 1");
    assert!(!only_two.is_empty());
    for m in &only_two {
        assert_eq!(m.from, Some(sq("d2")));
        assert!(m.to.is_some_and(|t| t.file == 3 && t.rank >= 4), "{m:?}");
    }
    assert!(only_one.is_empty());
    let reports = reading_witnesses(&spec, &Limits::default(), SEED);
    let c = comparison(&reports, "max-jumped", "one");
    assert_ne!(c.verdict, Verdict::Proved, "{}: {}", c.method, c.summary);
}
