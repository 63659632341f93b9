//! The rule settings of a game, read once into plain values the move generator can test
//! quickly. Each field names the setting it comes from (declared in src/spec/rules.rs and
//! src/spec/abilities.rs, with its meaning); they are read from the spec layer's typed values
//! (`GameSpec::typed_rules`, `PieceSpec::typed_abilities`), which hold the declared default
//! where a spec does not state one.
//!
//! A setting value the engine does not play is an error here (`Unplayable`), so no command ever
//! runs a game under a rule it silently ignores.

use crate::core::Color;
use crate::spec::abilities::{
    Ability, BurnAfterAreaMove, BurnArrivalCapture, BurnImmunityCovers, BurnReturnToStart, BurnTargets, CannonScreens,
    FreezeBlocks, FreezeRange, FreezeTargets, FreezeTiming, JumpCaptureJumpedRank, JumpCaptureTargets, JumpLanding,
    JumpRankLimit, ProtectedRoyalBanMeasured, ProtectedRoyalBanScope,
};
use crate::spec::game::{GameSpec, PieceSpec};
use crate::spec::rules::{
    CheckFrozenAttackers, CheckRoyals, DemotionOn, DemotionRepromote, DropsNifu, DropsPalaceBan,
    DropsPawnMateExtraTurn, DropsPerTurn, EndBareKingWhen, EndCheckmate, EndImpasse, EndImpasseCount,
    EndImpasseDeclaration, EndImpasseSquares, EndImpasseTrigger, EndPerpetualCheck, EndPerpetualCheckDetect,
    EndRepetition, EndRepetitionCountedAt, EndRepetitionExclude, EndRepetitionIdentity, EndRoyals,
    EndStalemateCondition, ExtraTurnAfter, ExtraTurnLegality, ExtraTurnUses, LegalityAttack, LegalityProtection,
    LionTradeCounterStrike, LionTradeCounterStrikeSameSquare, LionTradeDistantProtected, LionTradeProtectors,
    PromotionDecided, PromotionDeva, PromotionDevaPriority, PromotionInPlace, PromotionLastRankTiming,
    PromotionNonPromotingCapture, PromotionOnCapture, PromotionPermanent, PromotionStationaryMoves, Rule, SkipByPiece,
    SkipNullMove, TurnOrder, WhoSkips, ZoneMovesBy, ZoneMovesFrame,
};
use crate::spec::settings::Setting;
use std::collections::BTreeMap;

// The choice settings the engine reads as they are: declared with their words in the spec
// layer (src/spec/rules.rs, src/spec/abilities.rs), named here for the engine's modules.
pub use crate::spec::abilities::FlyingCapture;
pub use crate::spec::rules::{
    AfterDrop, BareKing, Bridge, DeadPiece, DevaMulti, ExtraTurnCheck, Forced, PawnMate, PawnMateScreen, SelfCheck,
    SkipLimit, Stalemate, Trigger,
};

/// A rule value the engine cannot play, by spec path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    pub path: String,
    pub value: String,
    pub why: String,
}

impl Unplayable {
    /// A rule setting's value refused.
    fn rule(setting: Rule, value: impl ToString, why: impl Into<String>) -> Unplayable {
        Unplayable { path: setting.spec_path().into(), value: value.to_string(), why: why.into() }
    }

    /// Does it concern only how a game ends (`rules.end.*`), not which moves are legal? Move
    /// counting (perft, position) can go on without such a rule; playing games cannot.
    pub fn game_end_only(&self) -> bool {
        Rule::from_spec_path(&self.path).is_some_and(Rule::ends_games)
    }
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}: {}", self.path, self.value, self.why)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SkipSquares {
    /// The passes the piece's own XBetza yields (`mcabK`, `fabW`...).
    OwnSquares,
    /// Any piece that can pass may do so when any neighbour is empty.
    AnyAdjacentEmpty,
}

/// The Lion-trading rules (`lion-trade.*`, Chu Shogi).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LionTrade {
    /// `lion-trade.lions`: the pieces the rules call Lions.
    pub(crate) lions: Vec<String>,
    /// `lion-trade.distant-protected = banned`: a Lion may not take a protected enemy Lion that
    /// is not adjacent to its start square.
    pub(crate) distant_protected_banned: bool,
    /// `lion-trade.protectors = taken-pieces-too`: a piece the Lion takes on its way still
    /// protects the distant Lion, as it stood.
    pub(crate) taken_pieces_protect: bool,
    /// `lion-trade.bridge`: which other capture in the same move lifts that ban.
    pub(crate) bridge: Bridge,
    /// `lion-trade.bridge-excluded`: pieces whose capture is no bridge (`Bridge::AnyButListed`).
    pub(crate) bridge_excluded: Vec<String>,
    /// `lion-trade.counter-strike = no-non-lion-capture`: after a non-Lion takes a Lion, the
    /// opponent's next move may take no Lion with a non-Lion.
    pub(crate) counter_strike: bool,
    /// `lion-trade.counter-strike-same-square = allowed`: except the Lion standing where the
    /// Lion was taken.
    pub(crate) counter_strike_same_square_allowed: bool,
}

/// `end.impasse = points`: the point count and when it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Impasse {
    /// `end.impasse-trigger = repetition` (else both-kings-in-zone; neither under a
    /// declaration).
    pub(crate) on_repetition: bool,
    /// `end.impasse-declaration = king-in-zone`: the pieces besides the King a declarer needs
    /// in the promotion zone (`end.impasse-min-pieces`); the impasse is declared, not
    /// triggered.
    pub(crate) declaration: Option<u32>,
    /// `end.impasse-count = board-and-hand`.
    pub(crate) count_hand: bool,
    /// `end.impasse-squares = promotion-zone`.
    pub(crate) zone_only: bool,
    /// `end.impasse-five`: pieces worth five; every other non-royal piece is worth one.
    pub(crate) five: Vec<String>,
    /// `end.impasse-threshold` (first player) and `-threshold-second`.
    pub(crate) threshold: [u32; 2],
    /// `end.precedence`: the impasse is judged before perpetual check.
    pub(crate) before_perpetual: bool,
}

/// `extra-turn.*` (Heian Ryu): a drop into the player's own zone earns another turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExtraTurn {
    /// The zone (`extra-turn.after = drop-in-first-zone`: the zone `first`).
    pub(crate) zone: String,
    /// `extra-turn.optional`: the extra turn may be declined.
    pub(crate) optional: bool,
    /// `extra-turn.uses = drop`: only a drop may be made on the extra turn.
    pub(crate) drops_only: bool,
    /// `extra-turn.legality = each-action` (else only the end of the double turn is judged).
    pub(crate) each_action: bool,
    pub(crate) check: ExtraTurnCheck,
}

/// `demotion.on` (Heian Ryu): a promoted piece moving into the zone becomes its unpromoted piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Demotion {
    pub(crate) zone: String,
    /// `enter-first-zone-non-capture`: captures keep the promotion.
    pub(crate) non_captures_only: bool,
}

/// Game-wide rules.
#[derive(Clone, Debug)]
pub struct Rules {
    /// `turn-order`: index of the player who moves first.
    pub(crate) first_mover: Color,
    /// `legality.self-check`.
    pub self_check: SelfCheck,
    /// `legality.attack`: only a capture by the final leg attacks a square.
    pub(crate) attack_final_leg_only: bool,
    /// `legality.protection = legal-recursive`: a capture protects only if it is itself legal
    /// (the protected-royal ban applies to it, judged one level further pseudo-legally).
    pub(crate) protection_recursive: bool,
    /// `check.frozen-attackers = counted`.
    pub(crate) frozen_attack: bool,
    /// `promotion.zone` (None: no zone promotion).
    pub(crate) promotion_zone: Option<String>,
    pub(crate) trigger: Trigger,
    /// `promotion.after-drop`, where it says of a dropped piece something else than `trigger`:
    /// the position then remembers dropped pieces (`position::DROPPED`) and this rule decides
    /// their promotion until a move of theirs meets it. None: `trigger` decides every move.
    pub(crate) after_drop: Option<AfterDrop>,
    pub(crate) forced: Forced,
    pub(crate) forced_ranks: BTreeMap<String, Vec<u8>>,
    /// `promotion.stationary-moves = allowed`.
    pub(crate) stationary_promotes: bool,
    /// `promotion.in-place = any-piece-any-time`: a standalone promote-in-place action.
    pub(crate) promote_in_place_any: bool,
    /// `promotion.on-capture`: 0 none, 1 any capture, 2 captures that move the piece.
    pub(crate) capture_promotion: u8,
    pub(crate) capture_promotion_optional: bool,
    /// `promotion.non-promoting-capture = cannot-capture`.
    pub(crate) nonpromoting_cannot_capture: bool,
    pub(crate) last_rank: Vec<String>,
    pub(crate) last_rank_optional: bool,
    /// `promotion.last-rank-timing = any-time`.
    pub(crate) last_rank_any_time: bool,
    /// `promotion.deva`: 0 none, 1 promotable-only, 2 all non-royal.
    pub(crate) deva: u8,
    pub deva_targets: Vec<String>,
    pub(crate) deva_exempt: Vec<String>,
    /// `promotion.deva-priority = special-wins`.
    pub(crate) deva_special_wins: bool,
    pub(crate) deva_multi: DevaMulti,
    /// `skip.null-move = allowed`.
    pub(crate) null_move: bool,
    /// `skip.by-piece = allowed`.
    pub(crate) piece_pass: bool,
    pub(crate) skip_squares: SkipSquares,
    pub(crate) skip_limit: SkipLimit,
    pub(crate) skip_promotion_exempt: bool,
    // `skip.missing-piece` is not read: both its values leave every piece of the game as it
    // is (Hook's Golden Bird is not in the game).
    /// `end.stalemate`: the result for the player who cannot move.
    pub(crate) stalemate: Stalemate,
    /// `end.stalemate-condition = no-safe-move`.
    pub stalemate_no_safe_move: bool,
    /// `end.royals = any-royal-captured`.
    pub(crate) any_royal_loss: bool,
    /// `end.royals` is `last-royal-captured` or `any-royal-captured`: royals are captured, and
    /// a player left without royals has lost (`end.royals = checkmate`: royals are never taken,
    /// legality.self-check).
    pub royal_loss_ends: bool,
    pub(crate) repetition_draw: bool,
    pub(crate) repetition_count: u32,
    /// `end.repetition-identity`: include the skip state / the hands in the position key.
    pub(crate) repetition_with_skips: bool,
    pub(crate) repetition_with_hands: bool,
    /// `end.repetition-exclude = positions-after-skips`.
    pub(crate) repetition_skip_positions_excluded: bool,
    /// `end.perpetual-check = checker-loses`.
    pub(crate) perpetual_check_loses: bool,
    /// `end.perpetual-check = move-illegal`: the move that would complete a perpetual check
    /// is not legal (`Engine::game_moves`, which knows the game's history).
    pub(crate) perpetual_check_illegal: bool,
    /// `end.perpetual-check-count`: the occurrence of a repetition (or, under
    /// `perpetual-check-detect = consecutive-checks`, the number of checks in a row) that
    /// makes a perpetual check.
    pub(crate) perpetual_check_count: u32,
    /// `end.perpetual-check-detect = consecutive-checks`.
    pub(crate) perpetual_consecutive: bool,
    /// `check.must-resolve`: a player in check must make a move after which no royal is
    /// attacked (where self-check is otherwise allowed).
    pub must_resolve: bool,
    /// drops.*
    pub drops: bool,
    pub(crate) drops_unpromoted: bool,
    pub(crate) nifu: bool,
    pub(crate) nifu_pieces: Vec<String>,
    pub(crate) drop_rank_ban: BTreeMap<String, Vec<u8>>,
    pub(crate) drop_zone_ban: Vec<String>,
    pub(crate) drop_palace_only: Vec<String>,
    pub(crate) drop_palace_only_zone: Option<String>,
    /// `drops.palace-ban`: 0 none, 1 own, 2 both.
    pub(crate) drop_palace_ban: u8,
    pub(crate) pawn_mate: PawnMate,
    pub(crate) pawn_mate_screen: PawnMateScreen,
    /// `drops.pawn-mate-extra-turn = is-mate`: a pawn drop whose check wins at once
    /// (extra-turn.check = wins) is a mate by pawn drop, banned with the others.
    pub(crate) pawn_mate_extra_turn_is_mate: bool,
    /// `drops.pawn-mate-pieces` (default `drops.nifu-pieces`): the pieces the pawn-drop ban
    /// is about.
    pub(crate) pawn_mate_pieces: Vec<String>,
    pub(crate) dead_piece: DeadPiece,
    /// `check.flying-king`: a royal facing the enemy royal on an otherwise empty file attacks it.
    pub(crate) flying_king_check: bool,
    /// `check.royals = last-remaining`: a player with two or more royals is never in check,
    /// and no move of his leaves a royal attacked (Suzumu, Hook: check is of "a player's last
    /// remaining royal piece").
    pub(crate) check_last_royal_only: bool,
    pub(crate) impasse: Option<Impasse>,
    pub(crate) bare_king: BareKing,
    pub(crate) extra_turn: Option<ExtraTurn>,
    /// `drops.per-turn = in-addition` (SHO-31): after the turn's move, the same player may drop
    /// one piece from hand or decline (`Position::extra_turn` marks that moment).
    pub(crate) drop_after_move: bool,
    pub(crate) demotion: Option<Demotion>,
    /// `demotion.repromote`, where it says of a demoted piece something else than
    /// `promotion.forced`: the position then remembers demoted pieces
    /// (`position::DEMOTED`), and `Some(true)` forces their promotion on reaching the zone,
    /// `Some(false)` leaves it to the player. None: demoted pieces promote as every piece does.
    pub(crate) repromote: Option<bool>,
    /// `zone-moves.frame = board`: the second player's left and right are the board's.
    pub(crate) board_frame: bool,
    /// `zone-moves.by = destination`: a move is made with the powers of its destination's zone.
    pub(crate) zone_moves_by_destination: bool,
    /// `end.repetition-counted-at = every-action` (else only positions where the turn passes).
    pub(crate) repetition_every_action: bool,
    /// `end.bare-king-when = after-own-turn` (else immediately).
    pub(crate) bare_king_after_own_turn: bool,
    /// `end.checkmate = terminal`: a player in check with no move that saves every royal loses
    /// at once (otherwise the game goes on until the royal is taken).
    pub checkmate_terminal: bool,
    /// `lion-trade.*`; None when `lion-trade.lions` names no piece.
    pub(crate) lion_trade: Option<LionTrade>,
}

/// Per-piece abilities beyond XBetza.
#[derive(Clone, Debug, Default)]
pub struct Abilities {
    /// Burn (Fire Demon): max burns after moving; 0 = does not burn.
    pub(crate) burn_max: u32,
    pub(crate) burn_any_target: bool,
    /// `burn.targets = any-but-own-royals`: friendly pieces may be burned and taken by igui,
    /// the mover's own royals never.
    pub(crate) burn_spares_own_royals: bool,
    pub(crate) burn_immune: Vec<String>,
    pub(crate) burn_optional: bool,
    /// `burn.after-area-move`: 0 always, 1 never, 2 only after a non-capturing area move.
    pub(crate) burn_after_area: u8,
    pub(crate) burn_arrival_counted: bool,
    pub(crate) burn_immunity_covers_igui: bool,
    /// `burn.return-to-start = burn`.
    pub(crate) burn_return_is_burn: bool,
    pub(crate) igui_max: u32,
    /// Freeze (Heavenly Tetrarch).
    pub(crate) freezes: bool,
    pub(crate) freeze_board: bool,
    pub(crate) freeze_any: bool,
    pub(crate) freeze_leaving_only: bool,
    pub(crate) freeze_mid_move: bool,
    pub(crate) freeze_immune: Vec<String>,
    /// Jumping generals: `jump.*` present.
    pub(crate) jumps: bool,
    pub(crate) jump_max: u32,
    /// `jump.rank-limit`: 0 none, 1 jump-only, 2 jump-and-capture.
    pub(crate) jump_rank_limit: u8,
    pub(crate) jump_capture_jumped: bool,
    pub(crate) jump_capture_jumped_any_rank: bool,
    pub(crate) jump_capture_royals: bool,
    /// `jump.landing`: 0 capture, 1 capture-or-empty, 2 after-any-capture.
    pub(crate) jump_landing: u8,
    pub(crate) jump_targets_lower_only: bool,
    /// Emperor: protected royals may not be captured.
    pub protected_royal_ban: bool,
    pub(crate) protected_emperor_only: bool,
    pub(crate) protected_before_capture: bool,
    /// `pass`: the piece may skip a turn.
    pub(crate) pass: bool,
    /// A gun (`cannon.*` present): its hops (XBetza `p`) take a screen.
    pub(crate) cannon: bool,
    /// `cannon.screens = non-cannon`: the screen may not be another gun.
    pub(crate) screens_non_cannon: bool,
    pub(crate) flying_capture: FlyingCapture,
    /// `confine`: zone id the piece never leaves.
    pub(crate) confine: Option<String>,
}

impl Rules {
    /// The rules, and every rule value the engine cannot play.
    pub fn read(game: &GameSpec) -> (Rules, Vec<Unplayable>) {
        let r = game.typed_rules();
        let mut bad = Vec::new();
        let mut refuse = |setting: Rule, value: &dyn ToString, why: &str| {
            bad.push(Unplayable::rule(setting, value.to_string(), why))
        };
        let drop_after_move = r.drops_enabled && r.drops_per_turn == DropsPerTurn::InAddition;
        if drop_after_move && r.extra_turn_after != ExtraTurnAfter::None {
            refuse(
                Rule::DropsPerTurn,
                &r.drops_per_turn,
                &format!(
                    "a drop after the move together with {} (two kinds of double turn) is not played",
                    Rule::ExtraTurnAfter.path()
                ),
            );
        }
        if r.drops_pawn_mate != PawnMate::Allowed && r.drops_pawn_mate_pieces.is_empty() {
            refuse(
                Rule::DropsPawnMate,
                &r.drops_pawn_mate,
                &format!(
                    "the pawn-drop ban needs {} (or {}) to say which pieces are pawns",
                    Rule::DropsPawnMatePieces.path(),
                    Rule::DropsNifuPieces.path()
                ),
            );
        }
        if r.promotion_decided == PromotionDecided::PerLeg {
            refuse(Rule::PromotionDecided, &r.promotion_decided, "per-leg promotion is not played");
        }
        // promotion.after-drop: where it says of a dropped piece what promotion.trigger says
        // of every piece (or is not stated), nothing needs remembering; otherwise the position
        // remembers the dropped pieces (position::DROPPED) and this rule decides them.
        let same_as_trigger = matches!(
            (r.promotion_after_drop, r.promotion_trigger),
            (Some(AfterDrop::StartsOrEndsInZone), Trigger::StartsOrEndsInZone)
                | (Some(AfterDrop::MoveEndingInZone), Trigger::EndsInZone)
                | (Some(AfterDrop::EnterFromOutside), Trigger::EntersZone)
        );
        let zone_promotion = r.promotion_zone.is_some();
        let after_drop = r
            .promotion_after_drop
            .filter(|_| r.drops_enabled && r.promotion_trigger != Trigger::None && zone_promotion && !same_as_trigger);
        let zone_named = |zone: &str| game.zones.contains_key(zone);
        let extra_turn = match r.extra_turn_after {
            ExtraTurnAfter::None => None,
            value => {
                if !zone_named("first") {
                    refuse(Rule::ExtraTurnAfter, &value, "the game has no zone named `first`");
                }
                if r.extra_turn_max_consecutive != 2 {
                    refuse(
                        Rule::ExtraTurnMaxConsecutive,
                        &r.extra_turn_max_consecutive,
                        "the engine plays only 2 (an extra turn never earns another)",
                    );
                }
                Some(ExtraTurn {
                    zone: "first".into(),
                    optional: r.extra_turn_optional,
                    drops_only: r.extra_turn_uses == ExtraTurnUses::Drop,
                    each_action: r.extra_turn_legality == ExtraTurnLegality::EachAction,
                    check: r.extra_turn_check,
                })
            }
        };
        let demotion = match r.demotion_on {
            DemotionOn::None => None,
            value => {
                if !zone_named("first") {
                    refuse(Rule::DemotionOn, &value, "the game has no zone named `first`");
                }
                Some(Demotion {
                    zone: "first".into(),
                    non_captures_only: value == DemotionOn::EnterFirstZoneNonCapture,
                })
            }
        };
        // demotion.repromote: where it says of a demoted piece what promotion.forced says of
        // every piece (forced = always, optional = anything else), a demoted piece is an
        // ordinary unpromoted piece; otherwise the position remembers demoted pieces
        // (position::DEMOTED) and this rule decides whether their promotion is forced.
        let repromote_forced = r.demotion_repromote == DemotionRepromote::Forced;
        let repromote = (demotion.is_some() && repromote_forced != (r.promotion_forced == Forced::Always))
            .then_some(repromote_forced);
        let permanent = r.promotion_permanent;
        if (permanent == PromotionPermanent::UntilCapturedOrFirstZone) != demotion.is_some() {
            refuse(
                Rule::PromotionPermanent,
                &permanent,
                &format!(
                    "must agree with {0} (the first zone demotes exactly when {0} says so)",
                    Rule::DemotionOn.path()
                ),
            );
        }
        // end.impasse-min-pieces is a condition of the declaration alone; stated without
        // one it would be ignored silently.
        if r.is_stated(Rule::EndImpasseMinPieces) && r.end_impasse_declaration == EndImpasseDeclaration::None {
            refuse(
                Rule::EndImpasseMinPieces,
                &r.end_impasse_min_pieces,
                &format!(
                    "counts only for an impasse declaration ({}), and the game has none",
                    Rule::EndImpasseDeclaration.path()
                ),
            );
        }
        let impasse = if r.end_impasse == EndImpasse::Points {
            let declaration = (r.end_impasse_declaration == EndImpasseDeclaration::KingInZone)
                .then_some(r.end_impasse_min_pieces as u32);
            if declaration.is_some() && r.is_stated(Rule::EndImpasseTrigger) {
                refuse(
                    Rule::EndImpasseTrigger,
                    &r.end_impasse_trigger,
                    &format!(
                        "an impasse by declaration is declared, not triggered ({})",
                        Rule::EndImpasseDeclaration.path()
                    ),
                );
            }
            let rank = |w: &str| r.end_precedence.iter().position(|p| p == w);
            Some(Impasse {
                on_repetition: declaration.is_none() && r.end_impasse_trigger == EndImpasseTrigger::Repetition,
                declaration,
                count_hand: r.end_impasse_count == EndImpasseCount::BoardAndHand,
                zone_only: r.end_impasse_squares == EndImpasseSquares::PromotionZone,
                five: r.end_impasse_five.clone(),
                threshold: [r.end_impasse_threshold as u32, r.end_impasse_threshold_second as u32],
                before_perpetual: match (rank("impasse"), rank("perpetual-check")) {
                    (Some(i), Some(p)) => i < p,
                    _ => false,
                },
            })
        } else {
            None
        };
        let rules = Rules {
            first_mover: if r.turn_order == TurnOrder::SecondPlayerFirst { Color::White } else { Color::Black },
            self_check: r.legality_self_check,
            attack_final_leg_only: r.legality_attack == LegalityAttack::FinalLegOnly,
            frozen_attack: r.check_frozen_attackers == CheckFrozenAttackers::Counted,
            protection_recursive: r.legality_protection == LegalityProtection::LegalRecursive,
            promotion_zone: r.promotion_zone.clone(),
            trigger: r.promotion_trigger,
            after_drop,
            forced: r.promotion_forced,
            forced_ranks: r.promotion_forced_ranks.clone(),
            stationary_promotes: r.promotion_stationary_moves == PromotionStationaryMoves::Allowed,
            promote_in_place_any: r.promotion_in_place == PromotionInPlace::AnyPieceAnyTime,
            capture_promotion: match r.promotion_on_capture {
                PromotionOnCapture::None => 0,
                PromotionOnCapture::AnyCapture => 1,
                PromotionOnCapture::CaptureAndMove => 2,
            },
            capture_promotion_optional: r.promotion_capture_optional,
            nonpromoting_cannot_capture: r.promotion_non_promoting_capture
                == PromotionNonPromotingCapture::CannotCapture,
            last_rank: r.promotion_last_rank.clone(),
            last_rank_optional: r.promotion_last_rank_optional,
            last_rank_any_time: r.promotion_last_rank_timing == PromotionLastRankTiming::AnyTime,
            deva: match r.promotion_deva {
                PromotionDeva::None => 0,
                PromotionDeva::PromotableOnly => 1,
                PromotionDeva::AllNonRoyal => 2,
            },
            deva_targets: r.promotion_deva_targets.clone(),
            deva_exempt: r.promotion_deva_exempt.clone(),
            deva_special_wins: r.promotion_deva_priority == PromotionDevaPriority::SpecialWins,
            deva_multi: r.promotion_deva_multi_capture,
            null_move: r.skip_null_move == SkipNullMove::Allowed,
            piece_pass: r.skip_by_piece == SkipByPiece::Allowed,
            skip_squares: match r.skip_squares {
                WhoSkips::AnyAdjacentEmpty => SkipSquares::AnyAdjacentEmpty,
                // per-piece-string: the passes each piece's XBetza string states (Hook).
                WhoSkips::OwnIguiOrAreaSquares | WhoSkips::PerPieceString => SkipSquares::OwnSquares,
            },
            skip_limit: r.skip_limit,
            skip_promotion_exempt: r.skip_promotion_exempt,
            stalemate: r.end_stalemate,
            stalemate_no_safe_move: r.end_stalemate_condition == EndStalemateCondition::NoSafeMove,
            any_royal_loss: r.end_royals == EndRoyals::AnyRoyalCaptured,
            royal_loss_ends: r.end_royals != EndRoyals::Checkmate,
            repetition_draw: r.end_repetition != EndRepetition::None,
            repetition_count: r.end_repetition_count as u32,
            repetition_with_skips: r.end_repetition_identity == EndRepetitionIdentity::BoardSideSkipState,
            repetition_with_hands: r.end_repetition_identity == EndRepetitionIdentity::BoardHandsSide,
            repetition_skip_positions_excluded: r.end_repetition_exclude == EndRepetitionExclude::PositionsAfterSkips,
            perpetual_check_loses: r.end_perpetual_check == EndPerpetualCheck::CheckerLoses,
            perpetual_check_illegal: r.end_perpetual_check == EndPerpetualCheck::MoveIllegal,
            perpetual_check_count: r.end_perpetual_check_count as u32,
            perpetual_consecutive: r.end_perpetual_check_detect == EndPerpetualCheckDetect::ConsecutiveChecks,
            // end.royals = checkmate: royals are never taken (legality.self-check) and the game
            // ends by checkmate.
            checkmate_terminal: r.end_checkmate == EndCheckmate::Terminal || r.end_royals == EndRoyals::Checkmate,
            must_resolve: r.check_must_resolve,
            drops: r.drops_enabled,
            drops_unpromoted: r.drops_unpromoted,
            nifu: r.drops_nifu == DropsNifu::OwnUnpromoted,
            nifu_pieces: r.drops_nifu_pieces.clone(),
            drop_rank_ban: r.drops_rank_ban.clone(),
            drop_zone_ban: r.drops_zone_ban.clone(),
            drop_palace_only: r.drops_palace_only.clone(),
            drop_palace_only_zone: r.drops_palace_only_zone.clone(),
            drop_palace_ban: match r.drops_palace_ban {
                DropsPalaceBan::None => 0,
                DropsPalaceBan::Own => 1,
                DropsPalaceBan::Both => 2,
            },
            pawn_mate: r.drops_pawn_mate,
            pawn_mate_screen: r.drops_pawn_mate_screen,
            pawn_mate_pieces: r.drops_pawn_mate_pieces.clone(),
            pawn_mate_extra_turn_is_mate: r.drops_pawn_mate_extra_turn == DropsPawnMateExtraTurn::IsMate,
            dead_piece: r.drops_dead_piece,
            flying_king_check: r.check_flying_king,
            check_last_royal_only: r.check_royals == CheckRoyals::LastRemaining,
            impasse,
            bare_king: r.end_bare_king,
            bare_king_after_own_turn: r.end_bare_king_when == EndBareKingWhen::AfterOwnTurn,
            extra_turn,
            drop_after_move,
            demotion,
            repromote,
            board_frame: r.zone_moves_frame == ZoneMovesFrame::Board,
            zone_moves_by_destination: r.zone_moves_by == ZoneMovesBy::Destination,
            repetition_every_action: r.end_repetition_counted_at == EndRepetitionCountedAt::EveryAction,
            lion_trade: (!r.lion_trade_lions.is_empty()).then(|| LionTrade {
                lions: r.lion_trade_lions.clone(),
                distant_protected_banned: r.lion_trade_distant_protected == LionTradeDistantProtected::Banned,
                taken_pieces_protect: r.lion_trade_protectors == LionTradeProtectors::TakenPiecesToo,
                bridge: r.lion_trade_bridge,
                bridge_excluded: r.lion_trade_bridge_excluded.clone(),
                counter_strike: r.lion_trade_counter_strike == LionTradeCounterStrike::NoNonLionCapture,
                counter_strike_same_square_allowed: r.lion_trade_counter_strike_same_square
                    == LionTradeCounterStrikeSameSquare::Allowed,
            }),
        };
        if r.end_repetition == EndRepetition::LossForRepeater {
            refuse(Rule::EndRepetition, &r.end_repetition, "not played yet");
        }
        bad.extend(unread_settings(game));
        (rules, bad)
    }
}

/// Rule settings the engine does not read, with the values under which that is right. A spec
/// stating another value gets it refused, so no rule is ignored silently.
const NOT_READ: &[(Rule, &[&str], &str)] = &[
    (Rule::LegalityIllegalMoves, &["not-generated", "listed-moves-lose"], "the moves the rules call illegal are illegal under both values, which differ only in what befalls a player who makes one anyway; the engine generates legal moves only"),
    (Rule::EndIllegalMove, &["none", "loss"], "illegal moves are never generated"),
    (Rule::SkipMissingPiece, &["ignored", "no-skip"], "both values leave every piece of the game as it is"),
    (Rule::EndPrecedence, &["[perpetual-check, repetition]", "[impasse, perpetual-check, repetition]", "[perpetual-check, impasse]", "[impasse, perpetual-check]"], "perpetual check is judged before the plain repetition draw; the impasse where this setting puts it"),
    (Rule::EndPerpetualChase, &["none"], "the perpetual chase rule (which moves chase, and which chases are allowed) is not played"),
];

/// Why the engine does not read rule setting `path` (without `rules.`), if it is one it plays
/// alike under every accepted value; None for a setting it reads or a value it refuses.
pub fn unread(path: &str, value: Option<&Setting>) -> Option<&'static str> {
    let setting = Rule::from_path(path)?;
    // end.precedence is read (Impasse.before_perpetual); it stands in NOT_READ only so that
    // the orders the engine does not play are refused.
    if setting == Rule::EndPrecedence {
        return None;
    }
    let (_, accepted, why) = NOT_READ.iter().find(|(s, _, _)| *s == setting)?;
    let text = match value {
        None => return Some(why),
        Some(v @ (Setting::Word(_) | Setting::Bool(_) | Setting::Int(_) | Setting::List(_))) => v.to_string(),
        Some(_) => return None,
    };
    accepted.contains(&text.as_str()).then_some(why)
}

fn unread_settings(game: &GameSpec) -> Vec<Unplayable> {
    let mut bad = Vec::new();
    for (setting, accepted, why) in NOT_READ {
        let Some(value) = game.rules.get(setting.path()) else { continue };
        let text = value.to_string();
        if !accepted.contains(&text.as_str()) {
            bad.push(Unplayable::rule(
                *setting,
                text,
                format!("the engine plays only {} ({why})", accepted.join(" or ")),
            ));
        }
    }
    bad
}

impl Abilities {
    /// The abilities, and every ability value the engine cannot play.
    pub fn read(piece: &PieceSpec) -> (Abilities, Vec<Unplayable>) {
        let a = piece.typed_abilities();
        let mut bad = Vec::new();
        if a.burn_passive {
            bad.push(Unplayable {
                path: Ability::BurnPassive.piece_path(&piece.id),
                value: "true".into(),
                why: "passive burning (Tenjiku) is not played".into(),
            });
        }
        if a.burn_after_igui {
            bad.push(Unplayable {
                path: Ability::BurnAfterIgui.piece_path(&piece.id),
                value: "true".into(),
                why: "burning after an igui is not played".into(),
            });
        }
        let has = |setting: Ability| a.states_table_of(setting);
        let abilities = Abilities {
            burn_max: a.burn_max as u32,
            burn_any_target: a.burn_targets != BurnTargets::Enemy,
            burn_spares_own_royals: a.burn_targets == BurnTargets::AnyButOwnRoyals,
            burn_immune: a.burn_immune.clone(),
            burn_optional: a.burn_optional,
            burn_after_area: match a.burn_after_area_move {
                BurnAfterAreaMove::Always => 0,
                BurnAfterAreaMove::Never => 1,
                BurnAfterAreaMove::NonCapturing => 2,
            },
            burn_arrival_counted: a.burn_arrival_capture == BurnArrivalCapture::Counted,
            burn_immunity_covers_igui: a.burn_immunity_covers == BurnImmunityCovers::BurnAndIgui,
            burn_return_is_burn: a.burn_return_to_start == BurnReturnToStart::Burn,
            igui_max: a.igui_max as u32,
            freezes: has(Ability::FreezeRange),
            freeze_board: a.freeze_range == FreezeRange::Board,
            freeze_any: a.freeze_targets == FreezeTargets::Any,
            freeze_leaving_only: a.freeze_blocks == FreezeBlocks::MovesLeavingSquare,
            freeze_mid_move: a.freeze_timing == FreezeTiming::AlsoMidMove,
            freeze_immune: a.freeze_immune.clone(),
            jumps: has(Ability::JumpMaxJumped),
            jump_max: a.jump_max_jumped as u32,
            jump_rank_limit: match a.jump_rank_limit {
                JumpRankLimit::None => 0,
                JumpRankLimit::JumpOnly => 1,
                JumpRankLimit::JumpAndCapture => 2,
            },
            jump_capture_jumped: a.jump_capture_jumped,
            jump_capture_jumped_any_rank: a.jump_capture_jumped_rank == JumpCaptureJumpedRank::Any,
            jump_capture_royals: a.jump_capture_jumped_royals,
            jump_landing: match a.jump_landing {
                JumpLanding::Capture => 0,
                JumpLanding::CaptureOrEmpty => 1,
                JumpLanding::AfterAnyCapture => 2,
            },
            jump_targets_lower_only: a.jump_capture_targets == JumpCaptureTargets::LowerRank,
            protected_royal_ban: has(Ability::ProtectedRoyalBanScope),
            protected_emperor_only: a.protected_royal_ban_scope == ProtectedRoyalBanScope::EmperorOnly,
            protected_before_capture: a.protected_royal_ban_measured == ProtectedRoyalBanMeasured::BeforeCapture,
            pass: a.pass,
            cannon: a.is_stated(Ability::CannonScreens),
            screens_non_cannon: a.cannon_screens == CannonScreens::NonCannon,
            flying_capture: a.flying_capture,
            confine: a.confine.clone(),
        };
        (abilities, bad)
    }
}

#[cfg(test)]
mod tests {
    use super::NOT_READ;
    use crate::spec::settings::SettingKind;

    /// `NOT_READ` spells the values it accepts as a spec writes them; each must be one of its
    /// setting's declared words (a list: every word of it), or a renamed word in
    /// src/spec/rules.rs would silently stop being accepted.
    #[test]
    fn every_value_not_read_is_a_declared_word() {
        for (setting, accepted, _) in NOT_READ {
            for value in *accepted {
                let known = match setting.knob().kind {
                    SettingKind::Choice(words) => words.contains(value),
                    SettingKind::Words(words) => value
                        .strip_prefix('[')
                        .and_then(|v| v.strip_suffix(']'))
                        .is_some_and(|list| list.split(", ").all(|w| words.contains(&w))),
                    other => panic!("{}: NOT_READ expects a choice or a list of words, not {other:?}", setting.path()),
                };
                assert!(known, "{}: {value:?} is not a declared value", setting.path());
            }
        }
    }
}
