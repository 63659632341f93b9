//! Invariants derived from a spec's own rule settings (issue 22): a designer's new variant is
//! checked without restating its rules in a properties file. Each derived invariant restates a
//! setting's meaning (src/spec/settings.rs, docs/settings.md) as one of the invariant kinds of
//! src/check/kinds, which judge transitions from that meaning and never call the engine's rule
//! code, so they stay independent witnesses of what the engine plays.
//!
//! A setting combination a kind cannot state exactly is not derived, and the reason is kept
//! (`Derived::not_derived`), so no derived invariant ever judges a move the rules allow as a
//! violation. A properties file runs beside the derived invariants; an invariant of the file
//! that says `overrides = ["derived:promotion"]` replaces the derived ones it names.

use super::properties::{EndBy, FreezeSide, Invariant, InvariantKind, PromotionTrigger, SkipScope};
use crate::core::Color;
use crate::spec::abilities::{
    Ability, FlyingCapture, FreezeBlocks, FreezeRange, FreezeTargets, JumpCaptureJumpedRank, JumpRankLimit,
};
use crate::spec::game::GameSpec;
use crate::spec::rules::{
    AfterDrop, DeadPiece, DemotionOn, DropsNifu, DropsPerTurn, EndCheckmate, EndImpasse, EndImpasseTrigger,
    EndPerpetualChase, EndPerpetualCheck, EndPerpetualCheckDetect, EndRepetition, EndRepetitionCountedAt,
    EndRepetitionExclude, EndRepetitionIdentity, EndRoyals, EndStalemateCondition, ExtraTurnAfter, ExtraTurnLegality,
    Forced, PawnMate, PawnMateScreen, PromotionDeva, PromotionInPlace, PromotionLastRankTiming, PromotionOnCapture,
    PromotionStationaryMoves, Rule, SelfCheck, SkipLimit, Trigger,
};
use crate::spec::{paths, LoadedSpec};
use std::collections::BTreeMap;

/// The derived invariants of one game, and the settings left underived with the reason.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    pub invariants: Vec<Invariant>,
    /// (derived id it would have had, why it is not derived).
    pub not_derived: Vec<(String, String)>,
}

/// The prefix of every derived invariant's id.
pub(crate) const PREFIX: &str = "derived:";

/// Does override entry `name` (`derived:confined`) cover derived invariant `id`
/// (`derived:confined` or `derived:confined:palace`)?
pub(crate) fn overrides(name: &str, id: &str) -> bool {
    id == name || id.strip_prefix(name).is_some_and(|rest| rest.starts_with(':'))
}

/// The clauses that encode a setting path: an encode path equal to it, above it
/// (`rules.promotion` for `rules.promotion.zone`) or below it (`rules.promotion.forced-ranks.P`),
/// group paths standing for each member's.
struct Citations(Vec<(String, Vec<String>)>);

impl Citations {
    fn new(spec: &LoadedSpec) -> Self {
        let list = spec
            .all_clauses()
            .into_iter()
            .filter_map(|c| {
                let encode = c.encode.as_ref()?;
                let expanded = encode
                    .get_ref()
                    .paths()
                    .into_iter()
                    .flat_map(|p| paths::expand_group(&spec.value, p).unwrap_or_else(|_| vec![p.to_string()]))
                    .collect();
                Some((c.id.get_ref().clone(), expanded))
            })
            .collect();
        Citations(list)
    }

    fn of(&self, settings: &[String]) -> Vec<String> {
        let related = |p: &str, s: &str| {
            p == s
                || s.strip_prefix(p).is_some_and(|r| r.starts_with('.'))
                || p.strip_prefix(s).is_some_and(|r| r.starts_with('.'))
                || (p.contains(".*.") && wildcard(p, s))
        };
        self.0
            .iter()
            .filter(|(_, paths)| paths.iter().any(|p| settings.iter().any(|s| related(p, s))))
            .map(|(id, _)| id.clone())
            .collect()
    }
}

/// `piece.*.ability.burn` against `piece.FD.ability.burn.max`.
fn wildcard(pattern: &str, path: &str) -> bool {
    let (p, s): (Vec<&str>, Vec<&str>) = (pattern.split('.').collect(), path.split('.').collect());
    p.len() <= s.len() && p.iter().zip(&s).all(|(a, b)| *a == "*" || a == b)
}

struct Builder<'a> {
    cite: Citations,
    game: &'a GameSpec,
    out: Derived,
}

impl Builder<'_> {
    fn add(&mut self, name: &str, kind: InvariantKind, settings: &[String], why: String) {
        let clauses = self.cite.of(settings);
        self.out.invariants.push(Invariant {
            id: format!("{PREFIX}{name}"),
            kind,
            clauses,
            why: format!("Derived from {} (src/check/derived.rs): {why}", settings.join(", ")),
            overrides: Vec::new(),
        });
    }

    fn skip(&mut self, name: &str, why: impl Into<String>) {
        self.out.not_derived.push((format!("{PREFIX}{name}"), why.into()));
    }
}

/// Why no invariant states forced promotion under `when-no-further-move`.
fn when_no_further_move() -> String {
    format!("{} depends on each piece's moves", Rule::PromotionForced.set_to(Forced::WhenNoFurtherMove))
}

fn rules(settings: &[Rule]) -> Vec<String> {
    settings.iter().map(|s| s.spec_path().to_string()).collect()
}

/// The derived invariants of `game` (the spec under the readings chosen).
pub fn derive(spec: &LoadedSpec, game: &GameSpec) -> Derived {
    let mut b = Builder { cite: Citations::new(spec), game, out: Derived::default() };
    promotion(&mut b);
    drops(&mut b);
    skips(&mut b);
    self_check(&mut b);
    game_end(&mut b);
    repetition(&mut b);
    pieces(&mut b);
    b.out
}

fn promotion(b: &mut Builder) {
    let r = b.game.typed_rules();
    let forced_ranks = r.promotion_forced_ranks.clone();
    if r.promotion_forced == Forced::Always {
        b.skip(
            "forced-promotion",
            format!("{} forces the whole zone, not listed ranks", Rule::PromotionForced.set_to(Forced::Always)),
        );
    }
    if r.promotion_forced == Forced::WhenNoFurtherMove {
        b.skip("forced-promotion", when_no_further_move());
    }
    // The engine forces a listed rank only on a move the zone promotion makes (engine::promotion):
    // ranks outside the zone, or no zone promotion at all, force nothing.
    let zone_ranks: Vec<u8> = match (&r.promotion_zone, r.promotion_trigger) {
        (Some(zone), trigger) if trigger != Trigger::None => {
            let squares = b.game.zone_squares(zone, Color::Black);
            let mut ranks: Vec<u8> = squares.iter().map(|s| s.rank + 1).collect();
            ranks.sort_unstable();
            ranks.dedup();
            ranks.retain(|&k| squares.iter().filter(|s| s.rank + 1 == k).count() == b.game.board.files as usize);
            ranks
        }
        _ => Vec::new(),
    };
    let outside = forced_ranks.values().flatten().any(|k| !zone_ranks.contains(k));
    if r.promotion_forced == Forced::ListedRanks && !forced_ranks.is_empty() && outside {
        b.skip("forced-promotion", "a listed rank lies outside the zone promotion, where the engine forces nothing");
    } else if r.promotion_forced == Forced::ListedRanks && !forced_ranks.is_empty() {
        b.add(
            "forced-promotion",
            InvariantKind::ForcedPromotion { ranks: forced_ranks.clone() },
            &rules(&[Rule::PromotionForced, Rule::PromotionForcedRanks]),
            format!(
                "{}: no piece stands unpromoted on its listed ranks after a move.",
                Rule::PromotionForced.set_to(Forced::ListedRanks)
            ),
        );
    }
    let Some(zone) = r.promotion_zone.as_deref() else { return };
    let trigger = match r.promotion_trigger {
        Trigger::None => return,
        Trigger::StartsOrEndsInZone => PromotionTrigger::InZoneStartOrEnd,
        Trigger::EndsInZone => PromotionTrigger::EndsInZone,
        Trigger::EntersZone => PromotionTrigger::EntersZone,
        Trigger::EntersOrCapturesInZone => PromotionTrigger::EntersOrCapturesInZone,
        other => {
            return b.skip("promotion", format!("{} has no promotion invariant", Rule::PromotionTrigger.set_to(other)))
        }
    };
    // The promotion kind judges a move by the zone alone; every rule that promotes (or keeps
    // from promoting) otherwise makes it say something the rules do not: (setting, is it the
    // plain value, its value).
    let others = [
        (Rule::PromotionOnCapture, r.promotion_on_capture == PromotionOnCapture::None, r.promotion_on_capture.word()),
        (Rule::PromotionInPlace, r.promotion_in_place == PromotionInPlace::None, r.promotion_in_place.word()),
        (Rule::PromotionDeva, r.promotion_deva == PromotionDeva::None, r.promotion_deva.word()),
        (
            Rule::PromotionStationaryMoves,
            r.promotion_stationary_moves == PromotionStationaryMoves::Allowed,
            r.promotion_stationary_moves.word(),
        ),
        (Rule::DemotionOn, r.demotion_on == DemotionOn::None, r.demotion_on.word()),
        (Rule::ExtraTurnAfter, r.extra_turn_after == ExtraTurnAfter::None, r.extra_turn_after.word()),
    ];
    for (setting, plain, value) in others {
        if !plain {
            return b.skip("promotion", format!("{} = {value} is beyond the promotion kind", setting.spec_path()));
        }
    }
    let last_rank = r.promotion_last_rank.clone();
    if !last_rank.is_empty()
        && (!r.promotion_last_rank_optional || r.promotion_last_rank_timing != PromotionLastRankTiming::OnArrival)
    {
        return b.skip(
            "promotion",
            format!(
                "a forced or deferred last-rank promotion ({}, {}) is beyond the promotion kind",
                Rule::PromotionLastRankOptional.spec_path(),
                Rule::PromotionLastRankTiming.spec_path()
            ),
        );
    }
    let after_drop_same = matches!(
        (r.promotion_after_drop, trigger),
        (Some(AfterDrop::StartsOrEndsInZone), PromotionTrigger::InZoneStartOrEnd)
            | (Some(AfterDrop::MoveEndingInZone), PromotionTrigger::EndsInZone)
            | (Some(AfterDrop::EnterFromOutside), PromotionTrigger::EntersZone)
    );
    if r.is_stated(Rule::PromotionAfterDrop) && !after_drop_same {
        return b.skip(
            "promotion",
            format!("{} treats dropped pieces apart, which the kind cannot tell", Rule::PromotionAfterDrop.path()),
        );
    }
    let forced = r.promotion_forced;
    if trigger == PromotionTrigger::EntersZone && (forced == Forced::ListedRanks || forced == Forced::Always) {
        return b.skip("promotion", "under enters-zone the engine promotes a move within the zone onto a forced square all the same, which the kind calls a violation");
    }
    if forced == Forced::WhenNoFurtherMove {
        return b.skip("promotion", when_no_further_move());
    }
    b.add(
        "promotion",
        InvariantKind::Promotion {
            zone: zone.to_string(),
            trigger,
            optional: forced != Forced::Always,
            forced: if forced == Forced::ListedRanks { forced_ranks } else { BTreeMap::new() },
            last_rank,
        },
        &rules(&[Rule::PromotionZone, Rule::PromotionTrigger, Rule::PromotionForced, Rule::PromotionForcedRanks]),
        format!(
            "a move promotes only as {} allows in zone '{zone}'; {}.",
            Rule::PromotionTrigger.set_to(trigger_word(trigger)),
            Rule::PromotionForced.set_to(forced)
        ),
    );
}

fn trigger_word(t: PromotionTrigger) -> &'static str {
    match t {
        PromotionTrigger::InZoneStartOrEnd => Trigger::StartsOrEndsInZone.word(),
        PromotionTrigger::EndsInZone => Trigger::EndsInZone.word(),
        PromotionTrigger::EntersZone => Trigger::EntersZone.word(),
        PromotionTrigger::EntersOrCapturesInZone => Trigger::EntersOrCapturesInZone.word(),
    }
}

fn drops(b: &mut Builder) {
    let r = b.game.typed_rules();
    if !r.drops_enabled {
        return;
    }
    let zones: BTreeMap<String, Vec<String>> = match r.drops_zone_ban.as_slice() {
        [] => BTreeMap::new(),
        banned => [("*".to_string(), banned.to_vec())].into(),
    };
    let one_per_file = if r.drops_nifu == DropsNifu::OwnUnpromoted { r.drops_nifu_pieces.clone() } else { Vec::new() };
    b.add(
        "drops",
        InvariantKind::Drops {
            ranks: r.drops_rank_ban.clone(),
            zones,
            only_zone: BTreeMap::new(),
            one_per_file,
            unpromoted: r.drops_unpromoted,
        },
        &rules(&[
            Rule::DropsEnabled,
            Rule::DropsRankBan,
            Rule::DropsZoneBan,
            Rule::DropsNifu,
            Rule::DropsNifuPieces,
            Rule::DropsUnpromoted,
        ]),
        format!(
            "the drop bans by rank, zone and file, and drops of unpromoted types only where {} (the palace and dead-piece bans are not restated).",
            Rule::DropsUnpromoted.path()
        ),
    );
    if r.drops_pawn_mate != PawnMate::Allowed {
        // A hopper (XBetza p or g) can mate through a dropped pawn as its screen; the ban
        // covers that only for the guns drops.pawn-mate-screen names.
        let hopper = |p: &crate::spec::game::PieceSpec| p.betza.contains('p') || p.betza.contains('g');
        let cannon = |p: &crate::spec::game::PieceSpec| p.typed_abilities().states_table_of(Ability::CannonScreens);
        let screened =
            r.drops_pawn_mate_screen != PawnMateScreen::None && b.game.pieces.iter().filter(|p| hopper(p)).all(cannon);
        if b.game.pieces.iter().any(hopper) && !screened {
            b.skip(
                "pawn-drop-mate",
                format!(
                    "a hopper can mate through a dropped pawn as its screen, which {} does not ban for every hopper",
                    Rule::DropsPawnMateScreen.path()
                ),
            );
        } else if r.drops_per_turn == DropsPerTurn::InAddition {
            b.skip(
                "pawn-drop-mate",
                format!(
                    "{}: the reply's own follow-up drop counts, which the kind does not see",
                    Rule::DropsPerTurn.set_to(DropsPerTurn::InAddition)
                ),
            );
        } else {
            b.add(
                "pawn-drop-mate",
                InvariantKind::PawnDropMate { pieces: r.drops_pawn_mate_pieces.clone() },
                &rules(&[Rule::DropsPawnMate, Rule::DropsPawnMatePieces, Rule::DropsNifuPieces]),
                format!("{}: a drop of these pieces never mates.", Rule::DropsPawnMate.set_to(r.drops_pawn_mate)),
            );
        }
    }
}

fn skips(b: &mut Builder) {
    let r = b.game.typed_rules();
    let scope = match r.skip_limit {
        SkipLimit::NoTwoOwnInARow => SkipScope::OwnTurns,
        SkipLimit::NotAfterOpponentSkip => SkipScope::OpponentTurn,
        SkipLimit::Both => SkipScope::AnyTurns,
        SkipLimit::None => return,
    };
    if r.skip_promotion_exempt {
        return b.skip(
            "no-consecutive-skips",
            format!("{} lets a promoting skip through the limit", Rule::SkipPromotionExempt.path()),
        );
    }
    b.add(
        "no-consecutive-skips",
        InvariantKind::NoConsecutiveSkips { scope },
        &rules(&[Rule::SkipLimit]),
        format!("{}.", Rule::SkipLimit.set_to(r.skip_limit)),
    );
}

fn self_check(b: &mut Builder) {
    let r = b.game.typed_rules();
    if r.legality_self_check != SelfCheck::Illegal {
        return;
    }
    if r.extra_turn_after != ExtraTurnAfter::None && r.extra_turn_legality != ExtraTurnLegality::EachAction {
        return b.skip(
            "no-self-check",
            format!(
                "{} judges a double turn only at its end",
                Rule::ExtraTurnLegality.set_to(ExtraTurnLegality::EndOfTurn)
            ),
        );
    }
    b.add(
        "no-self-check",
        InvariantKind::NoSelfCheck,
        &rules(&[Rule::LegalitySelfCheck]),
        format!(
            "{}: no move leaves one of the mover's royals attacked.",
            Rule::LegalitySelfCheck.set_to(SelfCheck::Illegal)
        ),
    );
}

fn game_end(b: &mut Builder) {
    let r = b.game.typed_rules();
    let royals = r.end_royals;
    // With one royal a side (and none to be gained by promotion) the first royal captured is
    // the last.
    if royals == EndRoyals::LastRoyalCaptured || (royals == EndRoyals::AnyRoyalCaptured && one_royal_each(b.game)) {
        b.add(
            "game-end:last-royal-captured",
            InvariantKind::GameEnd { by: EndBy::LastRoyalCaptured },
            &rules(&[Rule::EndRoyals]),
            format!(
                "{}: the game ends, won, exactly when the last enemy royal is taken.",
                Rule::EndRoyals.set_to(royals)
            ),
        );
    } else if royals == EndRoyals::AnyRoyalCaptured {
        b.skip(
            "game-end:last-royal-captured",
            format!("{} with more than one royal a side", Rule::EndRoyals.set_to(royals)),
        );
    }
    let checkmate_ends = r.end_checkmate == EndCheckmate::Terminal || royals == EndRoyals::Checkmate;
    if checkmate_ends && r.legality_self_check != SelfCheck::Illegal {
        b.skip(
            "game-end:stalemate",
            format!("checkmate ends the game while moves into check remain ({})", Rule::EndCheckmate.path()),
        );
    } else {
        // Every value of end.stalemate ends the game when the player to move cannot (none:
        // the game stops); only the result differs, which the kind does not judge.
        let by = match r.end_stalemate_condition {
            EndStalemateCondition::NoSafeMove => EndBy::NoSafeMove,
            EndStalemateCondition::NoLegalMove => EndBy::NoLegalMove,
        };
        b.add(
            "game-end:stalemate",
            InvariantKind::GameEnd { by },
            &rules(&[Rule::EndStalemate, Rule::EndStalemateCondition]),
            format!(
                "{}: the game ends when the player to move cannot move.",
                Rule::EndStalemate.set_to(r.end_stalemate)
            ),
        );
    }
}

/// Does each player start with at most one royal, with no promotion to a royal?
fn one_royal_each(game: &GameSpec) -> bool {
    let royal = |id: &str| game.piece(id).is_some_and(|p| p.royal);
    let promotes_to_royal = game.pieces.iter().any(|p| p.promotes_to.as_deref().is_some_and(royal));
    let count = |player: Color| game.setup.iter().filter(|s| s.player == player && royal(&s.piece)).count();
    !promotes_to_royal && count(Color::Black) <= 1 && count(Color::White) <= 1
}

fn repetition(b: &mut Builder) {
    let r = b.game.typed_rules();
    if r.end_impasse != EndImpasse::None && r.end_impasse_trigger == EndImpasseTrigger::Repetition {
        return b.skip(
            "repetition",
            format!(
                "an impasse count triggered by repetition ends the game there ({})",
                Rule::EndImpasseTrigger.path()
            ),
        );
    }
    if r.end_repetition == EndRepetition::None {
        return;
    }
    // (setting, is its value one the repetition kind states, its value)
    let plain = [
        (
            Rule::EndRepetitionIdentity,
            matches!(
                r.end_repetition_identity,
                EndRepetitionIdentity::BoardSide | EndRepetitionIdentity::BoardHandsSide
            ),
            r.end_repetition_identity.word(),
        ),
        (
            Rule::EndRepetitionExclude,
            r.end_repetition_exclude == EndRepetitionExclude::None,
            r.end_repetition_exclude.word(),
        ),
        (
            Rule::EndRepetitionCountedAt,
            r.end_repetition_counted_at == EndRepetitionCountedAt::TurnBoundaries,
            r.end_repetition_counted_at.word(),
        ),
        (
            Rule::EndPerpetualCheckDetect,
            r.end_perpetual_check_detect == EndPerpetualCheckDetect::RepetitionAllChecks,
            r.end_perpetual_check_detect.word(),
        ),
        (
            Rule::EndImpasseTrigger,
            r.end_impasse_trigger == EndImpasseTrigger::BothKingsInZone,
            r.end_impasse_trigger.word(),
        ),
        (Rule::EndPerpetualChase, r.end_perpetual_chase == EndPerpetualChase::None, r.end_perpetual_chase.word()),
    ];
    for (setting, allowed, value) in plain {
        if !allowed {
            return b.skip("repetition", format!("{} = {value} is beyond the repetition kind", setting.spec_path()));
        }
    }
    let perpetual = r.end_perpetual_check;
    if perpetual == EndPerpetualCheck::MoveIllegal
        || (perpetual != EndPerpetualCheck::None && r.end_perpetual_check_count != r.end_repetition_count)
    {
        return b.skip("repetition", "the perpetual-check rule differs from the repetition kind's");
    }
    b.add(
        "repetition",
        InvariantKind::Repetition {
            count: r.end_repetition_count as usize,
            hands: r.end_repetition_identity == EndRepetitionIdentity::BoardHandsSide,
            perpetual_check_loses: perpetual == EndPerpetualCheck::CheckerLoses,
        },
        &rules(&[Rule::EndRepetition, Rule::EndRepetitionCount, Rule::EndRepetitionIdentity, Rule::EndPerpetualCheck]),
        format!(
            "{}: the {}th occurrence of a position ends the game.",
            Rule::EndRepetition.set_to(r.end_repetition),
            r.end_repetition_count
        ),
    );
}

/// Piece abilities: confinement, burns, rank-limited jumps, freezing.
fn pieces(b: &mut Builder) {
    let game = b.game;
    // A piece's ability, or the table of abilities `setting` is in (`piece.FD.ability.burn`).
    let ability = |id: &str, setting: Ability| setting.piece_path(id);
    let table = |id: &str, setting: Ability| setting.table_path(id);
    // Confinement, one invariant per zone.
    let mut confined: BTreeMap<String, (Vec<String>, bool)> = BTreeMap::new();
    let r = game.typed_rules();
    for p in &game.pieces {
        let a = p.typed_abilities();
        if let Some(zone) = a.confine.as_deref() {
            // The engine's drops do not look at confine: a piece that can be dropped outside
            // its zone is confined only where drops.palace-only keeps it in.
            let dropped_in_zone =
                r.drops_palace_only.contains(&p.id) && r.drops_palace_only_zone.as_deref().is_none_or(|z| z == zone);
            if r.drops_enabled && !p.royal && !dropped_in_zone {
                b.skip(
                    &format!("confined:{zone}:{}", p.id),
                    format!("{} can be dropped outside '{zone}' (drops ignore confine)", p.id),
                );
                continue;
            }
            let entry = confined.entry(zone.to_string()).or_default();
            entry.0.push(p.id.clone());
            // A flying capture takes the enemy royal outside the zone (xiangqi's generals).
            entry.1 |= a.flying_capture == FlyingCapture::Move;
        }
    }
    for (zone, (pieces, exempt)) in confined {
        let settings: Vec<String> = pieces.iter().map(|id| ability(id, Ability::Confine)).collect();
        b.add(
            &format!("confined:{zone}"),
            InvariantKind::Confined { pieces: pieces.clone(), zone: zone.clone(), exempt_royal_captures: exempt },
            &settings,
            format!("confine = \"{zone}\": {} never stand outside it.", pieces.join(", ")),
        );
    }
    // Burns: one invariant for every burner (the kind does not tell burners apart), at the
    // largest count and with the immunity they all share.
    let burners: Vec<_> =
        game.pieces.iter().map(|p| (p, p.typed_abilities())).filter(|(_, a)| a.burn_max > 0).collect();
    if !burners.is_empty() {
        let max = burners.iter().map(|(_, a)| a.burn_max).max().unwrap_or(0) as usize;
        let mut immune: Vec<String> = burners[0].1.burn_immune.clone();
        immune.retain(|id| burners.iter().all(|(_, a)| a.burn_immune.contains(id)));
        let settings: Vec<String> = burners.iter().map(|(p, _)| table(&p.id, Ability::BurnMax)).collect();
        b.add(
            "burn",
            InvariantKind::Burn { max, immune },
            &settings,
            format!(
                "{max_path} and {}: each burn is next to the destination, at most {max_path} of them, never of an immune piece.",
                Ability::BurnImmune.path(),
                max_path = Ability::BurnMax.path()
            ),
        );
    }
    // Rank-limited jumps, one invariant per set of parameters.
    let mut jumpers: BTreeMap<(i64, bool, bool), Vec<String>> = BTreeMap::new();
    for p in &game.pieces {
        let a = p.typed_abilities();
        // The kind counts every occupied square a move passes between its points; the
        // engine's rank limit counts only jumps (hops and passing captures), so a leaper's
        // plain leap over a piece would be called a violation.
        let leaps = p.betza.chars().any(|c| "DNAHCZGJL".contains(c));
        let rank_limited = a.states_table_of(Ability::JumpRankLimit) && a.jump_rank_limit != JumpRankLimit::None;
        if rank_limited && leaps {
            b.skip(
                &format!("rank-jump:{}", p.id),
                format!("{} also leaps, which the kind would count as jumping", p.id),
            );
        } else if rank_limited {
            let key = (
                a.jump_max_jumped,
                a.jump_capture_jumped_royals,
                a.jump_capture_jumped_rank == JumpCaptureJumpedRank::Any,
            );
            jumpers.entry(key).or_default().push(p.id.clone());
        }
    }
    for (i, ((max, royals, any_rank), pieces)) in jumpers.into_iter().enumerate() {
        let settings: Vec<String> = pieces.iter().map(|id| table(id, Ability::JumpRankLimit)).collect();
        b.add(
            &format!("rank-jump:{}", i + 1),
            InvariantKind::RankJump {
                pieces: pieces.clone(),
                max: max as usize,
                capture_royals: royals,
                capture_any_rank: any_rank,
            },
            &settings,
            format!(
                "{}: {} jump at most {max} pieces, each of lower rank.",
                Ability::JumpRankLimit.path(),
                pieces.join(", ")
            ),
        );
    }
    // Freezing, one invariant per set of parameters.
    let mut freezers: BTreeMap<(u8, Vec<String>, bool, bool), Vec<String>> = BTreeMap::new();
    for p in &game.pieces {
        let a = p.typed_abilities();
        if a.states_table_of(Ability::FreezeRange) {
            let range = if a.freeze_range == FreezeRange::Board { u8::MAX } else { 1 };
            let key = (
                range,
                a.freeze_immune.clone(),
                a.freeze_targets == FreezeTargets::Any,
                a.freeze_blocks == FreezeBlocks::MovesLeavingSquare,
            );
            freezers.entry(key).or_default().push(p.id.clone());
        }
    }
    for (i, ((range, immune, both, may_igui), pieces)) in freezers.into_iter().enumerate() {
        let settings: Vec<String> = pieces.iter().map(|id| table(id, Ability::FreezeRange)).collect();
        b.add(
            &format!("frozen:{}", i + 1),
            InvariantKind::Frozen {
                freezers: pieces.clone(),
                range,
                immune,
                side: if both { FreezeSide::Both } else { FreezeSide::Enemy },
                may_igui,
            },
            &settings,
            format!("freeze: a piece next to {} does not move.", pieces.join(", ")),
        );
    }
}

/// Where the properties file says something of a rule that the spec's settings contradict
/// (a stale copy: forced ranks, a zone, a piece that differ): (the file's invariant id, what
/// differs). Only rules the spec derives are compared; a file may state more than the settings.
pub fn contradictions(file: &[Invariant], derived: &Derived, game: &GameSpec) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // A piece with no promotion cannot have forced ranks in the settings; a file that names
    // one restates another rule (Heian Ryu's demotion as "never stands there").
    let promotes = |id: &str| game.piece(id).is_some_and(|p| p.promotes_to.is_some());
    let skipped = |name: &str| derived.not_derived.iter().any(|(id, _)| overrides(&format!("{PREFIX}{name}"), id));
    let of_kind = |name: &str| -> Vec<&InvariantKind> {
        derived.invariants.iter().filter(|d| d.kind.name() == name).map(|d| &d.kind).collect()
    };
    for inv in file {
        let name = inv.kind.name();
        if skipped(name) {
            continue;
        }
        let mine = of_kind(name);
        let mut say = |what: String| out.push((inv.id.clone(), what));
        match &inv.kind {
            InvariantKind::ForcedPromotion { ranks } => {
                let spec_ranks = mine.iter().find_map(|k| match k {
                    InvariantKind::ForcedPromotion { ranks } => Some(ranks.clone()),
                    _ => None,
                });
                compare_ranks(FORCED, ranks, &spec_ranks.unwrap_or_default(), &promotes, &mut say);
            }
            InvariantKind::Promotion { zone, trigger, optional, forced, last_rank } => match mine.first() {
                Some(InvariantKind::Promotion { zone: z, trigger: t, optional: o, forced: f, last_rank: l }) => {
                    if last_rank != l {
                        say(format!(
                            "lets {last_rank:?} promote on reaching the last rank; the spec's {} is {l:?}",
                            Rule::PromotionLastRank.spec_path()
                        ));
                    }
                    if zone != z {
                        say(format!(
                            "promotes in zone '{zone}'; the spec's {} is '{z}'",
                            Rule::PromotionZone.spec_path()
                        ));
                    }
                    if trigger != t {
                        say(format!(
                            "promotes on {}; the spec's {} is {}",
                            trigger_word(*trigger),
                            Rule::PromotionTrigger.spec_path(),
                            trigger_word(*t)
                        ));
                    }
                    if optional != o {
                        say(format!(
                            "says promotion is {}; the spec's {} says {}",
                            optional_word(*optional),
                            Rule::PromotionForced.spec_path(),
                            optional_word(*o)
                        ));
                    }
                    compare_ranks(FORCED, forced, f, &promotes, &mut say);
                    for (piece, ranks) in f.iter().filter(|(p, _)| !forced.contains_key(*p)) {
                        say(format!(
                            "lets {piece} promote optionally everywhere; the spec's {} forces it on ranks {ranks:?}",
                            Rule::PromotionForcedRanks.spec_path()
                        ));
                    }
                }
                _ => say(format!(
                    "restates zone promotion; the spec has none ({}, {})",
                    Rule::PromotionZone.spec_path(),
                    Rule::PromotionTrigger.spec_path()
                )),
            },
            InvariantKind::Drops { ranks, one_per_file, unpromoted, .. } => match mine.first() {
                Some(InvariantKind::Drops { ranks: r, one_per_file: o, unpromoted: u, .. }) => {
                    // drops.dead-piece may ban the same squares without a rank list.
                    if game.typed_rules().drops_dead_piece == DeadPiece::Allowed {
                        compare_ranks(("drop ban", Rule::DropsRankBan.spec_path()), ranks, r, &|_| true, &mut say);
                    }
                    for p in one_per_file.iter().filter(|p| !o.contains(p)) {
                        say(format!(
                            "bans two {p} on a file; the spec's {} does not",
                            Rule::DropsNifuPieces.spec_path()
                        ));
                    }
                    if *unpromoted && !u {
                        say(format!(
                            "drops only unpromoted pieces; the spec's {} is false",
                            Rule::DropsUnpromoted.spec_path()
                        ));
                    }
                }
                _ => say(format!("restates drop rules; the spec's {} is false", Rule::DropsEnabled.spec_path())),
            },
            InvariantKind::PawnDropMate { pieces } => {
                let spec: Vec<&String> = mine
                    .iter()
                    .flat_map(|k| match k {
                        InvariantKind::PawnDropMate { pieces } => pieces.iter().collect(),
                        _ => Vec::new(),
                    })
                    .collect();
                for p in pieces.iter().filter(|p| !spec.contains(p)) {
                    say(format!("bans mate by a drop of {p}; the spec's {} does not", Rule::DropsPawnMate.spec_path()));
                }
            }
            InvariantKind::NoConsecutiveSkips { scope } => match mine.first() {
                Some(InvariantKind::NoConsecutiveSkips { scope: s }) if s != scope => {
                    say(format!("limits skips as {scope:?}; the spec's {} says {s:?}", Rule::SkipLimit.spec_path()))
                }
                None => say(format!("limits skips; the spec's {} is none", Rule::SkipLimit.spec_path())),
                _ => {}
            },
            InvariantKind::NoSelfCheck if mine.is_empty() => {
                say(format!("forbids moving into check; the spec's {} does not", Rule::LegalitySelfCheck.spec_path()))
            }
            InvariantKind::Confined { pieces, zone, .. } => {
                for p in pieces {
                    let same = mine.iter().any(
                        |k| matches!(k, InvariantKind::Confined { pieces: ps, zone: z, .. } if z == zone && ps.contains(p)),
                    );
                    if !same {
                        say(format!(
                            "confines {p} to '{zone}'; the spec's {} does not",
                            Ability::Confine.piece_path(p)
                        ));
                    }
                }
            }
            InvariantKind::RankJump { pieces, max, .. } => {
                for p in pieces {
                    match mine
                        .iter()
                        .find(|k| matches!(k, InvariantKind::RankJump { pieces: ps, .. } if ps.contains(p)))
                    {
                        Some(InvariantKind::RankJump { max: m, .. }) if m != max => say(format!(
                            "lets {p} jump {max} pieces; the spec's {} is {m}",
                            Ability::JumpMaxJumped.piece_path(p)
                        )),
                        None => say(format!(
                            "limits {p}'s jumps by rank; the spec's {} does not",
                            Ability::JumpRankLimit.piece_path(p)
                        )),
                        _ => {}
                    }
                }
            }
            InvariantKind::Frozen { freezers, .. } => {
                for p in freezers {
                    if !mine.iter().any(|k| matches!(k, InvariantKind::Frozen { freezers: fs, .. } if fs.contains(p))) {
                        say(format!("has {p} freeze; the spec's {} does not", Ability::FreezeRange.table_path(p)));
                    }
                }
            }
            InvariantKind::Burn { max, immune } => match mine.first() {
                Some(InvariantKind::Burn { max: m, immune: i }) => {
                    if max != m {
                        say(format!("burns up to {max}; the spec's {} is {m}", Ability::BurnMax.spec_path()));
                    }
                    for p in i.iter().filter(|p| !immune.contains(p)) {
                        say(format!("lets {p} be burned; the spec's {} does not", Ability::BurnImmune.spec_path()));
                    }
                }
                _ => say(format!("restates burns; no piece of the spec burns ({})", Ability::BurnMax.spec_path())),
            },
            InvariantKind::GameEnd { by } => {
                let found = mine.iter().any(|k| matches!(k, InvariantKind::GameEnd { by: b } if b == by));
                let family = match by {
                    EndBy::LastRoyalCaptured => "game-end:last-royal-captured",
                    EndBy::NoLegalMove | EndBy::NoSafeMove => "game-end:stalemate",
                };
                if !found && !skipped(family) {
                    say(format!(
                        "ends the game by {by:?}; the spec's {} settings do not",
                        Rule::EndRoyals.table_spec_path()
                    ));
                }
            }
            InvariantKind::Repetition { count, hands, perpetual_check_loses } => match mine.first() {
                Some(InvariantKind::Repetition { count: c, hands: h, perpetual_check_loses: p }) => {
                    if count != c {
                        say(format!(
                            "ends on the {count}th occurrence; the spec's {} is {c}",
                            Rule::EndRepetitionCount.spec_path()
                        ));
                    }
                    if hands != h {
                        say(format!(
                            "{} hands in the position; the spec's {} does not agree",
                            if *hands { "counts" } else { "ignores" },
                            Rule::EndRepetitionIdentity.spec_path()
                        ));
                    }
                    if perpetual_check_loses != p {
                        say(format!(
                            "differs on perpetual check from the spec's {}",
                            Rule::EndPerpetualCheck.spec_path()
                        ));
                    }
                }
                _ => {
                    say(format!("ends the game by repetition; the spec's {} is none", Rule::EndRepetition.spec_path()))
                }
            },
            _ => {}
        }
    }
    out
}

const FORCED: (&str, &str) = ("forced promotion", Rule::PromotionForcedRanks.spec_path());

fn optional_word(optional: bool) -> &'static str {
    if optional {
        "optional"
    } else {
        "forced"
    }
}

/// Rank lists per piece, stated in the file against the spec's.
fn compare_ranks(
    (what, setting): (&str, &str),
    file: &BTreeMap<String, Vec<u8>>,
    spec: &BTreeMap<String, Vec<u8>>,
    promotes: &dyn Fn(&str) -> bool,
    say: &mut impl FnMut(String),
) {
    for (piece, ranks) in file {
        if !spec.contains_key(piece) && !promotes(piece) {
            continue;
        }
        match spec.get(piece) {
            Some(r) if r == ranks => {}
            Some(r) => say(format!("gives {piece} {what} on ranks {ranks:?}; the spec's {setting} says {r:?}")),
            None => say(format!("gives {piece} {what} on ranks {ranks:?}; the spec's {setting} names no rank for it")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_override_names_an_id_or_its_family() {
        assert!(overrides("derived:confined", "derived:confined"));
        assert!(overrides("derived:confined", "derived:confined:palace"));
        assert!(!overrides("derived:confined", "derived:confinedx"));
        assert!(!overrides("derived:game-end:stalemate", "derived:game-end:last-royal-captured"));
    }

    #[test]
    fn wildcards_match_one_segment() {
        assert!(wildcard("piece.*.betza", "piece.S.betza"));
        assert!(!wildcard("piece.*.betza", "rules.S.betza"));
    }
}
