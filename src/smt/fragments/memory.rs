//! How remembered pieces promote: a piece dropped in the zone (SHO-37 "may not promote until it
//! ends a move in your promotion zone"; setting promotion.after-drop) and a piece demoted in the
//! first zone (HEI-7 "In order to re-promote it must move back to your fourth zone"; setting
//! demotion.repromote).
//!
//! Both rules speak of a piece's history, which no single position shows: Z3 is asked, over the
//! facts of one move (does it start or end in the zone, was the piece dropped there and has it
//! left since, was it demoted, is the destination a rank where it must promote), whether the
//! two settings allow different promotion choices. Each setting is encoded from its meaning in
//! src/spec/settings.rs, not from the engine. A model names the history the difference needs;
//! the engine then makes that history by play (`witness::remembered`), from a position with the
//! piece in hand (a drop into the zone) or a promoted piece beside the first zone (a move that
//! demotes it), and follows that one piece for a few moves, the opponent answering with quiet
//! moves, until the two settings' legal moves differ. The witness is that line of play, so it
//! needs no remembered flag in its position string and both engines read it.

use super::{b, value_bool};
use crate::smt::readings::Facet;
use crate::smt::{solve, Answer, Limits};
use crate::spec::game::GameSpec;
use crate::spec::rules::{AfterDrop, DemotionOn, DemotionRepromote, Forced, Trigger};
use crate::witness::remembered::{realise, History};
use crate::witness::Pair;
use z3::ast::Bool;

/// Positions compared along the designed lines before giving up. Each is two legal-move lists
/// on a board of a few men, so this is a fraction of a second; it does not follow
/// `--search`, which sizes the search of whole positions, so that the report and
/// `kensho ambiguities` find the same lines.
const LINE_BUDGET: usize = 4000;

/// The facts of one move of a promotable, unpromoted piece.
struct MoveFacts {
    from_in: Bool,
    to_in: Bool,
    /// The piece was dropped in the zone and has made no move since that met the after-drop rule.
    dropped: Bool,
    /// Of such a dropped piece: it has left the zone since (and may have come back).
    left: Bool,
    /// The piece was demoted and has not promoted since.
    demoted: Bool,
    /// The destination is a rank where the piece must promote (promotion.forced = listed-ranks
    /// or when-no-further-move).
    square_forced: Bool,
    /// Of a ranging move under any-square-visited: it passes through the zone.
    passes: Bool,
    /// The move captures (enters-or-captures-in-zone).
    captures: Bool,
}

impl MoveFacts {
    fn new() -> Self {
        let v = |n: &str| Bool::new_const(format!("memory_{n}"));
        MoveFacts {
            from_in: v("from_in"),
            to_in: v("to_in"),
            dropped: v("dropped"),
            left: v("left"),
            demoted: v("demoted"),
            square_forced: v("square_forced"),
            passes: v("passes"),
            captures: v("captures"),
        }
    }
}

/// May and must the move promote under `game`'s settings? (may, must)
fn choices(game: &GameSpec, f: &MoveFacts) -> (Bool, Bool) {
    let rules = game.typed_rules();
    let trigger = rules.promotion_trigger;
    // promotion.trigger: which moves of an ordinary piece may promote.
    let by_trigger = match trigger {
        Trigger::EntersZone => Bool::and(&[&f.from_in.not(), &f.to_in]),
        Trigger::EndsInZone => f.to_in.clone(),
        Trigger::StartsOrEndsInZone => Bool::or(&[&f.from_in, &f.to_in]),
        Trigger::AnySquareVisited => Bool::or(&[&f.from_in, &f.to_in, &f.passes]),
        Trigger::EntersOrCapturesInZone => Bool::or(&[
            &Bool::and(&[&f.from_in.not(), &f.to_in]),
            &Bool::and(&[&f.captures, &Bool::or(&[&f.from_in, &f.to_in])]),
        ]),
        Trigger::None => b(false),
    };
    // promotion.after-drop: which moves of a dropped piece may promote, until one such move is
    // made ("enter-from-outside": it must first leave the zone, then end a move in it). Left
    // out, the trigger decides dropped pieces too, as it does in the engine.
    let by_after_drop = match rules.promotion_after_drop {
        Some(AfterDrop::EnterFromOutside) => Bool::and(&[&f.left, &f.to_in]),
        Some(AfterDrop::MoveEndingInZone) => f.to_in.clone(),
        Some(AfterDrop::StartsOrEndsInZone) => Bool::or(&[&f.from_in, &f.to_in]),
        None => by_trigger.clone(),
    };
    // Without zone promotion (no zone, or trigger none) nothing promotes by the zone, dropped
    // or not.
    let zone_promotion = trigger != Trigger::None && rules.promotion_zone.is_some();
    let eligible = Bool::and(&[&b(zone_promotion), &f.dropped.ite(&by_after_drop, &by_trigger)]);
    // A move into the zone that ends where the piece must promote promotes all the same (the
    // decision on SHO-28/29 against SHO-30, see promotion::options): a forced rank wins.
    let forced_anyway = Bool::and(&[&b(zone_promotion), &f.to_in, &f.square_forced]);
    // promotion.forced for an ordinary piece, demotion.repromote for a demoted one.
    let forced_always = rules.promotion_forced == Forced::Always;
    let repromote_forced = rules.demotion_repromote == DemotionRepromote::Forced;
    let forced_rule = f.demoted.ite(&b(repromote_forced), &b(forced_always));
    let must_if_eligible = Bool::or(&[&forced_rule, &f.square_forced]);
    let may = Bool::or(&[&eligible, &forced_anyway]);
    let must = Bool::or(&[&Bool::and(&[&eligible, &must_if_eligible]), &Bool::and(&[&eligible.not(), &forced_anyway])]);
    (may, must)
}

/// What the games allow of a history: a drop only with drops on, a demotion only with a
/// demotion rule, one history at a time, a forced rank only where forced ranks exist.
fn admissible(a: &GameSpec, f: &MoveFacts) -> Vec<Bool> {
    let rules = a.typed_rules();
    let drops = rules.drops_enabled;
    let demotes = rules.demotion_on != DemotionOn::None;
    let forced_squares = matches!(rules.promotion_forced, Forced::ListedRanks | Forced::WhenNoFurtherMove);
    let any_square = rules.promotion_trigger == Trigger::AnySquareVisited;
    vec![
        f.dropped.implies(b(drops)),
        f.demoted.implies(b(demotes)),
        Bool::and(&[&f.dropped, &f.demoted]).not(),
        // Dropped in the zone: a piece that has not left it stands in it.
        Bool::and(&[&f.dropped, &f.left.not()]).implies(&f.from_in),
        f.left.implies(&f.dropped),
        f.square_forced.implies(Bool::and(&[&b(forced_squares), &f.to_in])),
        f.passes.implies(b(any_square)),
    ]
}

pub(crate) fn remembered(pair: &Pair, limits: &Limits) -> Facet {
    let f = MoveFacts::new();
    let (may_a, must_a) = choices(&pair.a.game, &f);
    let (may_b, must_b) = choices(&pair.b.game, &f);
    let mut facts = admissible(&pair.a.game, &f);
    facts.push(Bool::or(&[&may_a.xor(&may_b), &must_a.xor(&must_b)]));
    let model = match solve(&facts, limits) {
        Answer::Unsat => return Facet::NoEffect("the two readings let every remembered piece promote alike".into()),
        Answer::Unknown(why) => return Facet::Open(format!("Z3: {why}")),
        Answer::Sat(m) => m,
    };
    let (dropped, demoted) = (value_bool(&model, &f.dropped), value_bool(&model, &f.demoted));
    let history = if dropped {
        History::Dropped
    } else if demoted {
        History::Demoted
    } else {
        // The settings read here speak only of remembered pieces; an ordinary piece differing
        // would mean a setting this fragment does not cover changed as well.
        return Facet::Open("Z3's model concerns an ordinary piece, which other queries cover".into());
    };
    match realise(pair, history, LINE_BUDGET) {
        Some(w) => Facet::Found(w),
        None => Facet::Open(format!(
            "Z3 found that a {} piece promotes differently, but no line of play tried made that history",
            if dropped { "dropped" } else { "demoted" }
        )),
    }
}
