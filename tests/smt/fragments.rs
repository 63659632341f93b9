//! The rule fragments added for the last open readings (src/smt/fragments/): the order of a
//! multi-capture's special captures (deva.rs), an area move back to its start (area.rs), what
//! "attacked" means (attack.rs), and how a remembered (dropped or demoted) piece promotes
//! (memory.rs); and the settings the engine plays alike. For each, a
//! game where the two settings must differ (a witness, re-checked with both engines and
//! against the rule text) and one where they cannot (no effect).

use crate::common::smt;
use kensho::PieceId;

use kensho::engine::{Engine, Position};
use kensho::smt::fragments;
use kensho::smt::readings::{reading_witnesses, Facet};
use kensho::smt::{Limits, Verdict};
use kensho::spec::game::GameSpec;
use kensho::spec::settings::Setting;
use kensho::spec::LoadedSpec;
use kensho::witness::{Pair, Witness};
use smt::{comparison, engine, engines, mini, recheck, recheck_line};
use std::path::Path;

fn load(name: &str) -> LoadedSpec {
    kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).expect("bundled spec loads")
}

/// Runs the fragment called `name` on the two engines.
fn fragment(name: &str, a: (&str, &Engine), b: (&str, &Engine)) -> Facet {
    let (_, _, run) =
        fragments::all().into_iter().find(|(n, _, _)| *n == name).unwrap_or_else(|| panic!("no fragment {name}"));
    run(&Pair { a: a.1, b: b.1, a_name: a.0, b_name: b.0 }, &Limits::default())
}

fn found(facet: Facet) -> Witness {
    match facet {
        Facet::Found(w) => w,
        Facet::NoEffect(why) => panic!("no effect where a witness was expected: {why}"),
        Facet::Open(why) => panic!("open where a witness was expected: {why}"),
    }
}

fn no_effect(facet: Facet) -> String {
    match facet {
        Facet::NoEffect(why) => why,
        Facet::Found(w) => panic!("a witness where none can exist: {} {:?}", w.position, w.differing),
        Facet::Open(why) => panic!("open where no effect was expected: {why}"),
    }
}

fn with_rule(game: &GameSpec, key: &str, value: Setting) -> GameSpec {
    let mut g = game.clone();
    g.rules.insert(key.into(), value);
    g
}

fn with_ability(game: &GameSpec, has: &str, key: &str, value: Setting) -> GameSpec {
    let mut g = game.clone();
    for p in g.pieces.iter_mut().filter(|p| p.abilities.contains_key(has)) {
        p.abilities.insert(key.into(), value.clone());
    }
    g
}

fn position(e: &Engine, w: &Witness) -> Position {
    e.parse_position(&w.position).expect("the witness position parses")
}

// ---------------------------------------------------------------------------------------------
// HOOK-313: which capture of a multi-capture decides the special promotion.
// ---------------------------------------------------------------------------------------------

/// The promoted form of the first (or last) special piece a move of the witness takes, read
/// off the position and the move's path: the rule as the option texts state it.
fn special_form(e: &Engine, pos: &Position, m: &kensho::engine::Move, first: bool) -> Option<PieceId> {
    let targets: Vec<PieceId> = e.rules.deva_targets.iter().filter_map(|t| e.piece_index(t)).collect();
    let form = |piece: PieceId| {
        targets
            .iter()
            .find(|&&t| piece == t || Some(piece) == e.piece(t).promotes_to)
            .and_then(|&t| e.piece(t).promotes_to)
    };
    let specials: Vec<PieceId> = m
        .path
        .iter()
        .filter(|s| s.kind == kensho::xbetza::generate::StepKind::Capture)
        .filter_map(|s| pos.at(s.square))
        .filter_map(|man| form(man.piece))
        .collect();
    if first {
        specials.first().copied()
    } else {
        specials.last().copied()
    }
}

#[test]
fn deva_order_first_against_last_has_a_witness_that_follows_the_option_texts() {
    let spec = load("hook");
    let (last, first) = engines(&spec, "deva-multi-order", "first-special");
    let w = found(fragment("deva capture order", ("last-special", &last), ("first-special", &first)));
    recheck("deva-multi-order", &w, ("last-special", &last), ("first-special", &first));
    // Every differing move promotes the capturer to the promoted form of the special piece
    // the option names: the first taken in path order under first-special, the last under
    // last-special.
    let pos = position(&last, &w);
    let mut seen = 0;
    for (e, name, first_wins) in [(&last, "last-special", false), (&first, "first-special", true)] {
        let pos = if first_wins { position(&first, &w) } else { pos.clone() };
        for m in e
            .legal_moves(&pos)
            .iter()
            .filter(|m| w.differing.iter().any(|d| d.legal_under == name && d.text == e.move_text(m)))
        {
            assert_eq!(m.promotion, special_form(e, &pos, m, first_wins), "{name}: {}", e.move_text(m));
            seen += 1;
        }
    }
    assert!(seen >= 2, "a differing move under each option, got {seen}: {:?}", w.differing);
}

#[test]
fn deva_order_literal_second_against_last_has_a_witness() {
    // "second-capture" and "last-special" decide alike with two captures (both special: the
    // second is the last); they part only on three, so the capturer must take three.
    let spec = load("hook");
    let (last, second) = engines(&spec, "deva-multi-order", "literal-second");
    let w = found(fragment("deva capture order", ("last-special", &last), ("literal-second", &second)));
    recheck("deva-multi-order", &w, ("last-special", &last), ("literal-second", &second));
    let pos = position(&last, &w);
    let three = last
        .legal_moves(&pos)
        .iter()
        .any(|m| m.captures.len() == 3 && w.differing.iter().any(|d| d.text == last.move_text(m)));
    assert!(three, "the differing moves take three pieces: {:?}", w.differing);
}

#[test]
fn deva_order_has_no_effect_with_a_single_kind_of_special_piece() {
    // With one target only, every special capture names the same promoted form, so first,
    // last and second decide alike.
    let spec = load("hook");
    let (a, b) = engines(&spec, "deva-multi-order", "first-special");
    let one = Setting::List(vec!["DV".into()]);
    let (a, b) = (
        engine(&with_rule(&a.game, "promotion.deva-targets", one.clone())),
        engine(&with_rule(&b.game, "promotion.deva-targets", one)),
    );
    no_effect(fragment("deva capture order", ("last-special", &a), ("first-special", &b)));
}

// ---------------------------------------------------------------------------------------------
// MIT-102: an area move back to the start square, then captures next to it.
// ---------------------------------------------------------------------------------------------

#[test]
fn return_to_start_has_no_effect_in_mitsugumi() {
    // burn.max 2 = igui.max 2 and immunity covers burns only: whatever a return to the start
    // takes, a plain (double) igui of the same squares takes under both readings, and a move is
    // known by its squares.
    let spec = load("mitsugumi");
    let (igui, burn) = engines(&spec, "fd-burn-from-start", "burn");
    let why = no_effect(fragment("return to the start", ("igui-equivalent", &igui), ("burn", &burn)));
    assert!(why.contains("plain igui"), "{why}");
}

#[test]
fn return_to_start_differs_when_a_plain_igui_takes_fewer_than_a_burn() {
    // igui.max 1, burn.max 2: after a return, two neighbours may be taken as a burn, but not
    // as an igui (one at most), and no plain igui takes two. So a move that starts and ends on
    // the Fire Demon's square and takes two pieces is legal under "burn" only.
    let spec = load("mitsugumi");
    let (igui, burn) = engines(&spec, "fd-burn-from-start", "burn");
    let one = |g: &GameSpec| engine(&with_ability(g, "burn.return-to-start", "igui.max", Setting::Int(1)));
    let (igui, burn) = (one(&igui.game), one(&burn.game));
    let w = found(fragment("return to the start", ("igui-equivalent", &igui), ("burn", &burn)));
    recheck("fd-burn-from-start", &w, ("igui-equivalent", &igui), ("burn", &burn));
    assert!(!w.differing.is_empty());
    for d in &w.differing {
        assert_eq!(d.legal_under, "burn", "{d:?}");
        assert_eq!(d.from, d.to, "a move back to its start: {d:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// What "attacked" means.
// ---------------------------------------------------------------------------------------------

#[test]
fn attack_settings_have_no_effect_where_no_rule_asks_for_attacks() {
    // Mitsugumi: self-check allowed, check need not be resolved, checkmate by capture, no
    // perpetual check, no drops, no protected-royal ban: nothing consults "attacked".
    let spec = load("mitsugumi");
    for (reading, default, option) in
        [("frozen-attacks", "no-attack", "attacks"), ("check-attack", "any-capture", "final-leg-only")]
    {
        let (a, b) = engines(&spec, reading, option);
        let why = no_effect(fragment("attacks", (default, &a), (option, &b)));
        assert!(why.contains("no rule of the game asks"), "{reading}: {why}");
    }
}

#[test]
fn check_royals_has_no_effect_unless_a_rule_asks_whether_a_player_is_in_check() {
    // Hook's check-royal-count: under the other readings' defaults no rule asks whether a player
    // is in check (the Emperor's ban asks whether a royal's square is attacked, which the count
    // of royals does not change): no effect. With checkmate ending the game (checkmate-terminal
    // = mate-ends) the count matters (tests/data/readings/hook: a case under each option), so
    // no proof may be given.
    let spec = load("hook");
    let (last, any) = engines(&spec, "check-royal-count", "any-royal");
    let why = no_effect(fragment("attacks", ("last-royal-only", &last), ("any-royal", &any)));
    assert!(why.contains("check.royals decides only"), "{why}");
    let mate = |game: &GameSpec| engine(&with_rule(game, "end.checkmate", Setting::Word("terminal".into())));
    let (last, any) = (mate(&last.game), mate(&any.game));
    let facet = fragment("attacks", ("last-royal-only", &last), ("any-royal", &any));
    assert!(!matches!(facet, Facet::NoEffect(_)), "a proof of no effect where checkmate asks for check");
}

#[test]
fn recursive_protection_lets_the_emperor_take_a_royal_whose_protector_may_not_recapture() {
    // HOOK-188: the Emperor may not take a protected royal. Under legal-recursive a protector
    // counts only if its recapture is legal; an enemy Emperor's recapture of ours is itself
    // banned where a piece of ours protects the square. So the witness's differing moves are
    // captures of a royal, legal under legal-recursive only.
    let spec = load("hook");
    let (pseudo, recursive) = engines(&spec, "protection-by-emperor", "legal-recursive");
    let w = found(fragment("attacks", ("pseudo-legal", &pseudo), ("legal-recursive", &recursive)));
    recheck("protection-by-emperor", &w, ("pseudo-legal", &pseudo), ("legal-recursive", &recursive));
    let pos = position(&recursive, &w);
    assert!(!w.differing.is_empty());
    for d in &w.differing {
        assert_eq!(d.legal_under, "legal-recursive", "{d:?}");
        let m = recursive
            .legal_moves(&pos)
            .into_iter()
            .find(|m| recursive.move_text(m) == d.text)
            .expect("the move is legal there");
        assert!(recursive.piece(m.man.piece).abilities.protected_royal_ban, "{d:?}");
        assert!(m.captures.iter().any(|(_, v)| recursive.piece(v.piece).royal), "{d:?}");
    }
}

#[test]
fn landing_only_attacks_are_the_same_in_hook() {
    // Every Hook piece that takes a square by a leg that does not end its move (the Lion's
    // and Lion Dog's passing captures) also leaps there: the two definitions attack alike.
    let spec = load("hook");
    let (any, landing) = engines(&spec, "attack-definition", "landing-only");
    let why = no_effect(fragment("attacks", ("any-capture", &any), ("landing-only", &landing)));
    assert!(why.contains("last leg"), "{why}");
}

/// A hit-and-run piece (`cafmW`: it takes a neighbour and steps on past it) attacks a square
/// only by a leg that does not end its move. With self-check illegal, landing-only attacks
/// fewer squares, so it allows every move any-capture allows and more.
const HIT_AND_RUN: &str = r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "H"
name = "Hit-and-run"
betza = "cafmW"

[[piece]]
id = "G"
name = "General"
betza = "WF"

[setup]
K = "d1"

[rules.legality]
self-check = "illegal"
attack = "any-capture-any-leg"

[[reading]]
id = "attack"
question = "Which captures attack?"
clauses = ["T-1"]
kind = "wording"
default = "any-capture"
why = "test"

[[reading.option]]
name = "any-capture"
means = "any leg"
set = { "rules.legality.attack" = "any-capture-any-leg" }

[[reading.option]]
name = "landing-only"
means = "final leg"
set = { "rules.legality.attack" = "final-leg-only" }
"#;

#[test]
fn landing_only_attacks_differ_for_a_hit_and_run_piece() {
    let spec = mini(HIT_AND_RUN);
    let reports = reading_witnesses(&spec, &Limits::default(), 1);
    let c = comparison(&reports, "attack", "landing-only");
    assert_eq!(c.method, "z3: attacks", "{}", c.summary);
    assert_eq!(c.verdict, Verdict::Witness, "{}", c.summary);
    let w = c.witness.as_ref().expect("a witness");
    let (any, landing) = engines(&spec, "attack", "landing-only");
    recheck("attack", w, ("any-capture", &any), ("landing-only", &landing));
    for d in &w.differing {
        assert_eq!(d.legal_under, "landing-only", "{d:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Settings the engine plays alike.
// ---------------------------------------------------------------------------------------------

#[test]
fn settings_the_engine_plays_alike_are_proved_without_effect() {
    // Hook's golden-bird (no Golden Bird in the game) and illegal-moves-missing (the listed
    // moves are illegal under both options) switch only settings the engine plays alike.
    let spec = load("hook");
    let reports = kensho::smt::readings::reading_witnesses_of(
        &spec,
        &Limits::default(),
        1,
        &["golden-bird".into(), "illegal-moves-missing".into()],
    );
    assert_eq!(reports.len(), 2);
    for (reading, option, setting) in [
        ("golden-bird", "missing-piece", "rules.skip.missing-piece"),
        ("illegal-moves-missing", "suzumu-list", "rules.legality.illegal-moves"),
    ] {
        let c = comparison(&reports, reading, option);
        assert_eq!(c.verdict, Verdict::Proved, "{reading}: {}", c.summary);
        assert_eq!(c.method, "engine: settings it plays alike");
        assert!(c.summary.contains(setting), "{}", c.summary);
        // And the engines agree on the start position's moves, as a sanity check.
        let (a, b) = engines(&spec, reading, option);
        assert_eq!(a.legal_moves(&a.start()).len(), b.legal_moves(&b.start()).len());
    }
}

#[test]
fn a_setting_the_engine_reads_is_never_called_one_it_plays_alike() {
    // end.precedence decides whether an impasse is judged before perpetual check
    // (Shoogantshii perpetual-vs-impasse): the engine reads it, so no "plays alike" proof.
    let order = Setting::List(vec!["impasse".into(), "perpetual-check".into()]);
    assert_eq!(kensho::engine::config::unread("end.precedence", Some(&order)), None);
    assert!(kensho::engine::config::unread("skip.missing-piece", Some(&Setting::Word("no-skip".into()))).is_some());
    let spec = load("shoogantshii");
    let reports =
        kensho::smt::readings::reading_witnesses_of(&spec, &Limits::default(), 1, &["perpetual-vs-impasse".into()]);
    let c = comparison(&reports, "perpetual-vs-impasse", "impasse-first");
    assert_ne!(c.method, "engine: settings it plays alike", "{}", c.summary);
}

// ---------------------------------------------------------------------------------------------
// SHO-37 (promotion.after-drop) and HEI-7 (demotion.repromote): how a piece the position
// remembers promotes. The witnesses are lines of play that make the history.
// ---------------------------------------------------------------------------------------------

/// Replays a line witness under `e`: the position after the line and the moves played.
fn replay(e: &Engine, w: &Witness) -> (Position, Vec<kensho::engine::Move>) {
    let mut pos = position(e, w);
    let mut played = Vec::new();
    for text in &w.line {
        let mv = e
            .legal_moves(&pos)
            .into_iter()
            .find(|m| e.move_text(m) == *text)
            .unwrap_or_else(|| panic!("{text} is not legal"));
        e.make(&mut pos, &mv, &mut Vec::new());
        played.push(mv);
    }
    (pos, played)
}

/// The square where the first player's piece that `played[0]` put there stands after the line
/// (followed through its later moves).
fn followed_square(played: &[kensho::engine::Move]) -> kensho::geometry::Square {
    let mut at = played[0].to.expect("the first move ends on a square");
    for m in &played[1..] {
        if m.from == Some(at) {
            at = m.to.expect("a move of the followed piece ends on a square");
        }
    }
    at
}

fn rank(name: &Option<String>) -> u8 {
    smt::sq(name.as_deref().expect("a board square")).rank + 1
}

#[test]
fn a_piece_dropped_in_the_zone_promotes_on_leaving_it_under_shogis_rule_only() {
    // SHO-37 option "shogi": "no promotion on the drop; afterwards shogi's rule (a move starting
    // or ending in the zone)"; the default: "afterwards any move ending on ranks 7-9 may
    // promote". So a promoting move out of ranks 7-9 by a piece dropped there is legal under
    // shogi only, and nothing else differs.
    let spec = load("shoogantshii");
    let (a, b) = engines(&spec, "drop-promotion", "shogi");
    let w = found(fragment("remembered pieces", ("next-move-ending-in-zone", &a), ("shogi", &b)));
    recheck_line("drop-promotion=shogi", &w, ("next-move-ending-in-zone", &a), ("shogi", &b));
    let (_, played) = replay(&b, &w);
    assert!(
        played[0].from.is_none() && rank(&played[0].to.map(|s| s.name())) >= 7,
        "the line starts with a drop into the zone: {:?}",
        w.line
    );
    let dropped_at = followed_square(&played);
    assert!(w.differing_count > 0);
    for d in &w.differing {
        assert_eq!(d.legal_under, "shogi", "{}", d.text);
        assert_eq!(d.from, Some(dropped_at.name()), "{}: a move of the dropped piece", d.text);
        assert!(rank(&d.from) >= 7 && rank(&d.to) < 7, "{}: starts in the zone and leaves it", d.text);
        assert!(d.text.ends_with('+'), "{}: a promotion", d.text);
    }
}

#[test]
fn a_piece_dropped_in_the_zone_must_leave_it_before_promoting_under_must_reenter() {
    // SHO-37 option "must-reenter": "a piece dropped in the zone must first leave it and then end
    // a move in it again"; the default lets any move ending in the zone promote. So a promoting
    // move within the zone, by a piece dropped there that has not left, is legal under the
    // default only.
    let spec = load("shoogantshii");
    let (a, b) = engines(&spec, "drop-promotion", "must-reenter");
    let w = found(fragment("remembered pieces", ("next-move-ending-in-zone", &a), ("must-reenter", &b)));
    recheck_line("drop-promotion=must-reenter", &w, ("next-move-ending-in-zone", &a), ("must-reenter", &b));
    let (_, played) = replay(&a, &w);
    assert!(played[0].from.is_none());
    let dropped_at = followed_square(&played);
    for d in &w.differing {
        assert_eq!(d.legal_under, "next-move-ending-in-zone", "{}", d.text);
        assert_eq!(d.from, Some(dropped_at.name()), "{}", d.text);
        assert!(
            rank(&d.from) >= 7 && rank(&d.to) >= 7 && d.text.ends_with('+'),
            "{}: a promotion within the zone",
            d.text
        );
    }
}

#[test]
fn a_demoted_piece_may_decline_to_promote_again_under_optional_repromotion() {
    // HEI-6 "If you move a promoted piece into your first zone, it becomes demoted"; HEI-7 "In
    // order to re-promote it must move back to your fourth zone". Option "optional":
    // "re-promotion is optional"; the default "forced" (Ryu's rule 4: promotion is forced on
    // reaching the fourth zone). So the demoted piece's move into ranks 10-12 without promotion
    // is legal under optional only.
    let spec = load("heian-ryu");
    let (a, b) = engines(&spec, "repromote", "optional");
    let w = found(fragment("remembered pieces", ("forced", &a), ("optional", &b)));
    recheck_line("repromote=optional", &w, ("forced", &a), ("optional", &b));
    let (_, played) = replay(&b, &w);
    let first = &played[0];
    assert!(b.piece(first.man.piece).is_promoted_form, "the line starts with a promoted piece");
    assert!(first.promotion.is_some_and(|p| !b.piece(p).is_promoted_form), "its first move demotes it");
    assert!(rank(&first.to.map(|s| s.name())) <= 3, "into the first zone");
    let at = followed_square(&played);
    for d in &w.differing {
        assert_eq!(d.legal_under, "optional", "{}", d.text);
        assert_eq!(d.from, Some(at.name()), "{}", d.text);
        assert!(rank(&d.to) >= 10 && !d.text.ends_with('+'), "{}: into the fourth zone, unpromoted", d.text);
    }
}

#[test]
fn remembered_pieces_promote_alike_without_zone_promotion_or_demotion() {
    // With promotion.trigger = none nothing promotes by the zone, dropped or not; with
    // demotion.on = none no piece is ever demoted. Z3 must prove both pairs alike.
    let spec = load("shoogantshii");
    let off = |g: &GameSpec| with_rule(g, "promotion.trigger", Setting::Word("none".into()));
    let (ga, gb) = (
        smt::alternative(&spec, "drop-promotion", "next-move-ending-in-zone"),
        smt::alternative(&spec, "drop-promotion", "shogi"),
    );
    let (a, b) = (engine(&off(&ga)), engine(&off(&gb)));
    let why = no_effect(fragment("remembered pieces", ("next-move-ending-in-zone", &a), ("shogi", &b)));
    assert!(why.contains("alike"), "{why}");
    let spec = load("heian-ryu");
    let no_demotion = |g: &GameSpec| {
        let g = with_rule(g, "demotion.on", Setting::Word("none".into()));
        with_rule(&g, "promotion.permanent", Setting::Word("until-captured".into()))
    };
    let (ga, gb) = (smt::alternative(&spec, "repromote", "forced"), smt::alternative(&spec, "repromote", "optional"));
    let (a, b) = (engine(&no_demotion(&ga)), engine(&no_demotion(&gb)));
    no_effect(fragment("remembered pieces", ("forced", &a), ("optional", &b)));
}
