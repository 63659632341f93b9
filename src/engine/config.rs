//! The rule settings of a game, read once into plain values the move generator can test
//! quickly. Each field names the catalogue setting it comes from (src/spec/settings.rs), where
//! its meaning and the document clauses are recorded; the default is what the setting means
//! when a spec does not state it.
//!
//! A setting value the engine does not play is an error here (`Unplayable`), so no command ever
//! runs a game under a rule it silently ignores.

use crate::spec::game::{GameSpec, PieceSpec};
use crate::spec::settings::{Effective, Setting};
use std::collections::BTreeMap;

/// A rule value the engine cannot play, by spec path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    pub path: String,
    pub value: String,
    pub why: String,
}

impl Unplayable {
    /// Does it concern only how a game ends (`rules.end.*`), not which moves are legal? Move
    /// counting (perft, position) can go on without such a rule; playing games cannot.
    pub fn game_end_only(&self) -> bool {
        self.path.starts_with("rules.end.")
    }
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}: {}", self.path, self.value, self.why)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipLimit {
    None,
    NoTwoOwnInARow,
    NotAfterOpponentSkip,
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipSquares {
    /// The passes the piece's own XBetza yields (`mcabK`, `fabW`...).
    OwnSquares,
    /// Any piece that can pass may do so when any neighbour is empty.
    AnyAdjacentEmpty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    None,
    EntersZone,
    EndsInZone,
    StartsOrEndsInZone,
    AnySquareVisited,
    /// A move from outside the zone into it, or a capture by a move that starts or ends in it
    /// (Chu Shogi: a piece that declined promotion on entering may promote later only by
    /// capturing in the zone).
    EntersOrCapturesInZone,
}

/// The Lion-trading rules (`lion-trade.*`, Chu Shogi).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionTrade {
    /// `lion-trade.lions`: the pieces the rules call Lions.
    pub lions: Vec<String>,
    /// `lion-trade.distant-protected = banned`: a Lion may not take a protected enemy Lion that
    /// is not adjacent to its start square.
    pub distant_protected_banned: bool,
    /// `lion-trade.protectors = taken-pieces-too`: a piece the Lion takes on its way still
    /// protects the distant Lion, as it stood.
    pub taken_pieces_protect: bool,
    /// `lion-trade.bridge`: which other capture in the same move lifts that ban.
    pub bridge: Bridge,
    /// `lion-trade.bridge-excluded`: pieces whose capture is no bridge (`Bridge::AnyButListed`).
    pub bridge_excluded: Vec<String>,
    /// `lion-trade.counter-strike = no-non-lion-capture`: after a non-Lion takes a Lion, the
    /// opponent's next move may take no Lion with a non-Lion.
    pub counter_strike: bool,
    /// `lion-trade.counter-strike-same-square = allowed`: except the Lion standing where the
    /// Lion was taken.
    pub counter_strike_same_square_allowed: bool,
}

/// `lion-trade.bridge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bridge {
    None,
    AnyCapture,
    AnyButListed,
}

/// `promotion.after-drop`: which moves of a dropped piece may promote, until one of them is
/// made (SHO-37 "may not promote until it ends a move in your promotion zone").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterDrop {
    /// A move from outside the zone into it (a piece dropped in the zone leaves it first).
    EnterFromOutside,
    /// Any move ending in the zone.
    MoveEndingInZone,
    /// A move starting or ending in the zone (shogi).
    StartsOrEndsInZone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    Never,
    Always,
    WhenNoFurtherMove,
    ListedRanks,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DevaMulti {
    First,
    Last,
    Second,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    None,
    Draw,
    Loss,
    Win,
    LossIfOneRoyalElseDraw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnMate {
    Allowed,
    NoMate,
    NoCheck,
}

/// `drops.pawn-mate-screen`: which checks of a dropped pawn count for the pawn-drop ban.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnMateScreen {
    /// Only the pawn's own attack.
    None,
    /// Also an attack of the dropper's gun that uses the pawn as its screen.
    OwnGuns,
    /// Also an enemy gun that uses the pawn as screen against the dropper's own royal.
    AnyGuns,
}

/// `drops.dead-piece`: when a dropped piece counts as never able to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadPiece {
    Allowed,
    /// No move at all on an otherwise empty board.
    EmptyBoard,
    /// No forward square on an otherwise empty board.
    ForwardSquare,
    /// No move in the position after the drop.
    ActualMove,
}

/// `flying-capture`: a royal's capture of the enemy royal along an open file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FlyingCapture {
    #[default]
    None,
    /// The royal moves to the other's square (xiangqi's flying general).
    Move,
    /// The royal captures without moving.
    Shoot,
}

/// `end.impasse = points`: the point count and when it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impasse {
    /// `end.impasse-trigger = repetition` (else both-kings-in-zone; neither under a
    /// declaration).
    pub on_repetition: bool,
    /// `end.impasse-declaration = king-in-zone`: the pieces besides the King a declarer needs
    /// in the promotion zone (`end.impasse-min-pieces`); the impasse is declared, not
    /// triggered.
    pub declaration: Option<u32>,
    /// `end.impasse-count = board-and-hand`.
    pub count_hand: bool,
    /// `end.impasse-squares = promotion-zone`.
    pub zone_only: bool,
    /// `end.impasse-five`: pieces worth five; every other non-royal piece is worth one.
    pub five: Vec<String>,
    /// `end.impasse-threshold` (first player) and `-threshold-second`.
    pub threshold: [u32; 2],
    /// `end.precedence`: the impasse is judged before perpetual check.
    pub before_perpetual: bool,
}

/// `end.bare-king`: a player with only royals on the board loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BareKing {
    None,
    Loss,
    LossUnlessHand,
}

/// `extra-turn.*` (Heian Ryu): a drop into the player's own zone earns another turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraTurn {
    /// The zone (`extra-turn.after = drop-in-first-zone`: the zone `first`).
    pub zone: String,
    /// `extra-turn.optional`: the extra turn may be declined.
    pub optional: bool,
    /// `extra-turn.uses = drop`: only a drop may be made on the extra turn.
    pub drops_only: bool,
    /// `extra-turn.legality = each-action` (else only the end of the double turn is judged).
    pub each_action: bool,
    pub check: ExtraTurnCheck,
}

/// `extra-turn.check`: what a check given by the earning drop means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtraTurnCheck {
    /// The extra turn is an ordinary turn that may not capture a royal.
    Ignored,
    /// The dropper wins at once.
    Wins,
    /// The drop earns no extra turn.
    ForfeitsExtraTurn,
}

/// `demotion.on` (Heian Ryu): a promoted piece moving into the zone becomes its unpromoted piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demotion {
    pub zone: String,
    /// `enter-first-zone-non-capture`: captures keep the promotion.
    pub non_captures_only: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfCheck {
    Allowed,
    Illegal,
    KingOnly,
}

/// Game-wide rules.
#[derive(Clone, Debug)]
pub struct Rules {
    /// `turn-order`: index of the player who moves first.
    pub first_mover: u8,
    /// `legality.self-check`.
    pub self_check: SelfCheck,
    /// `legality.attack`: only a capture by the final leg attacks a square.
    pub attack_final_leg_only: bool,
    /// `legality.protection = legal-recursive`: a capture protects only if it is itself legal
    /// (the protected-royal ban applies to it, judged one level further pseudo-legally).
    pub protection_recursive: bool,
    /// `check.frozen-attackers = counted`.
    pub frozen_attack: bool,
    /// `promotion.zone` (None: no zone promotion).
    pub promotion_zone: Option<String>,
    pub trigger: Trigger,
    /// `promotion.after-drop`, where it says of a dropped piece something else than `trigger`:
    /// the position then remembers dropped pieces (`position::DROPPED`) and this rule decides
    /// their promotion until a move of theirs meets it. None: `trigger` decides every move.
    pub after_drop: Option<AfterDrop>,
    pub forced: Forced,
    pub forced_ranks: BTreeMap<String, Vec<u8>>,
    /// `promotion.stationary-moves = allowed`.
    pub stationary_promotes: bool,
    /// `promotion.in-place = any-piece-any-time`: a standalone promote-in-place action.
    pub promote_in_place_any: bool,
    /// `promotion.on-capture`: 0 none, 1 any capture, 2 captures that move the piece.
    pub capture_promotion: u8,
    pub capture_promotion_optional: bool,
    /// `promotion.non-promoting-capture = cannot-capture`.
    pub nonpromoting_cannot_capture: bool,
    pub last_rank: Vec<String>,
    pub last_rank_optional: bool,
    /// `promotion.last-rank-timing = any-time`.
    pub last_rank_any_time: bool,
    /// `promotion.deva`: 0 none, 1 promotable-only, 2 all non-royal.
    pub deva: u8,
    pub deva_targets: Vec<String>,
    pub deva_exempt: Vec<String>,
    /// `promotion.deva-priority = special-wins`.
    pub deva_special_wins: bool,
    pub deva_multi: DevaMulti,
    /// `skip.null-move = allowed`.
    pub null_move: bool,
    /// `skip.by-piece = allowed`.
    pub piece_pass: bool,
    pub skip_squares: SkipSquares,
    pub skip_limit: SkipLimit,
    pub skip_promotion_exempt: bool,
    // `skip.missing-piece` is not read: both its values leave every piece of the game as it
    // is (Hook's Golden Bird is not in the game).
    /// `end.stalemate`: the result for the player who cannot move.
    pub stalemate: Stalemate,
    /// `end.stalemate-condition = no-safe-move`.
    pub stalemate_no_safe_move: bool,
    /// `end.royals = any-royal-captured`.
    pub any_royal_loss: bool,
    /// `end.royals` is `last-royal-captured` or `any-royal-captured`: royals are captured, and
    /// a player left without royals has lost (`end.royals = checkmate`: royals are never taken,
    /// legality.self-check).
    pub royal_loss_ends: bool,
    pub repetition_draw: bool,
    pub repetition_count: u32,
    /// `end.repetition-identity`: include the skip state / the hands in the position key.
    pub repetition_with_skips: bool,
    pub repetition_with_hands: bool,
    /// `end.repetition-exclude = positions-after-skips`.
    pub repetition_skip_positions_excluded: bool,
    /// `end.perpetual-check = checker-loses`.
    pub perpetual_check_loses: bool,
    /// `end.perpetual-check = move-illegal`: the move that would complete a perpetual check
    /// is not legal (`Engine::game_moves`, which knows the game's history).
    pub perpetual_check_illegal: bool,
    /// `end.perpetual-check-count`: the occurrence of a repetition (or, under
    /// `perpetual-check-detect = consecutive-checks`, the number of checks in a row) that
    /// makes a perpetual check.
    pub perpetual_check_count: u32,
    /// `end.perpetual-check-detect = consecutive-checks`.
    pub perpetual_consecutive: bool,
    /// `check.must-resolve`: a player in check must make a move after which no royal is
    /// attacked (where self-check is otherwise allowed).
    pub must_resolve: bool,
    /// drops.*
    pub drops: bool,
    pub drops_unpromoted: bool,
    pub nifu: bool,
    pub nifu_pieces: Vec<String>,
    pub drop_rank_ban: BTreeMap<String, Vec<u8>>,
    pub drop_zone_ban: Vec<String>,
    pub drop_palace_only: Vec<String>,
    pub drop_palace_only_zone: Option<String>,
    /// `drops.palace-ban`: 0 none, 1 own, 2 both.
    pub drop_palace_ban: u8,
    pub pawn_mate: PawnMate,
    pub pawn_mate_screen: PawnMateScreen,
    /// `drops.pawn-mate-extra-turn = is-mate`: a pawn drop whose check wins at once
    /// (extra-turn.check = wins) is a mate by pawn drop, banned with the others.
    pub pawn_mate_extra_turn_is_mate: bool,
    /// `drops.pawn-mate-pieces` (default `drops.nifu-pieces`): the pieces the pawn-drop ban
    /// is about.
    pub pawn_mate_pieces: Vec<String>,
    pub dead_piece: DeadPiece,
    /// `check.flying-king`: a royal facing the enemy royal on an otherwise empty file attacks it.
    pub flying_king_check: bool,
    /// `check.royals = last-remaining`: a player with two or more royals is never in check,
    /// and no move of his leaves a royal attacked (Suzumu, Hook: check is of "a player's last
    /// remaining royal piece").
    pub check_last_royal_only: bool,
    pub impasse: Option<Impasse>,
    pub bare_king: BareKing,
    pub extra_turn: Option<ExtraTurn>,
    /// `drops.per-turn = in-addition` (SHO-31): after the turn's move, the same player may drop
    /// one piece from hand or decline (`Position::extra_turn` marks that moment).
    pub drop_after_move: bool,
    pub demotion: Option<Demotion>,
    /// `demotion.repromote`, where it says of a demoted piece something else than
    /// `promotion.forced`: the position then remembers demoted pieces
    /// (`position::DEMOTED`), and `Some(true)` forces their promotion on reaching the zone,
    /// `Some(false)` leaves it to the player. None: demoted pieces promote as every piece does.
    pub repromote: Option<bool>,
    /// `zone-moves.frame = board`: the second player's left and right are the board's.
    pub board_frame: bool,
    /// `zone-moves.by = destination`: a move is made with the powers of its destination's zone.
    pub zone_moves_by_destination: bool,
    /// `end.repetition-counted-at = every-action` (else only positions where the turn passes).
    pub repetition_every_action: bool,
    /// `end.bare-king-when = after-own-turn` (else immediately).
    pub bare_king_after_own_turn: bool,
    /// `end.checkmate = terminal`: a player in check with no move that saves every royal loses
    /// at once (otherwise the game goes on until the royal is taken).
    pub checkmate_terminal: bool,
    /// `lion-trade.*`; None when `lion-trade.lions` names no piece.
    pub lion_trade: Option<LionTrade>,
}

/// Per-piece abilities beyond XBetza.
#[derive(Clone, Debug, Default)]
pub struct Abilities {
    /// Burn (Fire Demon): max burns after moving; 0 = does not burn.
    pub burn_max: u32,
    pub burn_any_target: bool,
    /// `burn.targets = any-but-own-royals`: friendly pieces may be burned and taken by igui,
    /// the mover's own royals never.
    pub burn_spares_own_royals: bool,
    pub burn_immune: Vec<String>,
    pub burn_optional: bool,
    /// `burn.after-area-move`: 0 always, 1 never, 2 only after a non-capturing area move.
    pub burn_after_area: u8,
    pub burn_arrival_counted: bool,
    pub burn_immunity_covers_igui: bool,
    /// `burn.return-to-start = burn`.
    pub burn_return_is_burn: bool,
    pub igui_max: u32,
    /// Freeze (Heavenly Tetrarch).
    pub freezes: bool,
    pub freeze_board: bool,
    pub freeze_any: bool,
    pub freeze_leaving_only: bool,
    pub freeze_mid_move: bool,
    pub freeze_immune: Vec<String>,
    /// Jumping generals: `jump.*` present.
    pub jumps: bool,
    pub jump_max: u32,
    /// `jump.rank-limit`: 0 none, 1 jump-only, 2 jump-and-capture.
    pub jump_rank_limit: u8,
    pub jump_capture_jumped: bool,
    pub jump_capture_jumped_any_rank: bool,
    pub jump_capture_royals: bool,
    /// `jump.landing`: 0 capture, 1 capture-or-empty, 2 after-any-capture.
    pub jump_landing: u8,
    pub jump_targets_lower_only: bool,
    /// Emperor: protected royals may not be captured.
    pub protected_royal_ban: bool,
    pub protected_emperor_only: bool,
    pub protected_before_capture: bool,
    /// `pass`: the piece may skip a turn.
    pub pass: bool,
    /// A gun (`cannon.*` present): its hops (XBetza `p`) take a screen.
    pub cannon: bool,
    /// `cannon.screens = non-cannon`: the screen may not be another gun.
    pub screens_non_cannon: bool,
    pub flying_capture: FlyingCapture,
    /// `confine`: zone id the piece never leaves.
    pub confine: Option<String>,
}

impl Rules {
    /// The rules, and every rule value the engine cannot play.
    pub fn read(game: &GameSpec) -> (Rules, Vec<Unplayable>) {
        let r = Effective::rules(&game.rules);
        let mut bad = Vec::new();
        let mut refuse = |path: &str, value: &str, why: &str| {
            bad.push(Unplayable { path: format!("rules.{path}"), value: value.into(), why: why.into() })
        };
        let self_check = match r.word("legality.self-check") {
            "illegal" => SelfCheck::Illegal,
            "king-only" => SelfCheck::KingOnly,
            _ => SelfCheck::Allowed,
        };
        let drop_after_move = r.flag("drops.enabled") && r.word("drops.per-turn") == "in-addition";
        if drop_after_move && r.word("extra-turn.after") != "none" {
            refuse(
                "drops.per-turn",
                "in-addition",
                "a drop after the move together with extra-turn.after (two kinds of double turn) is not played",
            );
        }
        let pawn_mate = match r.word("drops.pawn-mate") {
            "no-mate" => PawnMate::NoMate,
            "no-check" => PawnMate::NoCheck,
            _ => PawnMate::Allowed,
        };
        let pawn_mate_pieces = r.list("drops.pawn-mate-pieces").to_vec();
        if pawn_mate != PawnMate::Allowed && pawn_mate_pieces.is_empty() {
            refuse(
                "drops.pawn-mate",
                r.word("drops.pawn-mate"),
                "the pawn-drop ban needs drops.pawn-mate-pieces (or drops.nifu-pieces) to say which pieces are pawns",
            );
        }
        if r.word("promotion.decided") == "per-leg" {
            refuse("promotion.decided", "per-leg", "per-leg promotion is not played");
        }
        if !matches!(r.word("promotion.namesakes"), "promoted-copies" | "unpromoted-type") {
            refuse("promotion.namesakes", "?", "unknown");
        }
        // promotion.after-drop: where it says of a dropped piece what promotion.trigger says
        // of every piece (or is not stated), nothing needs remembering; otherwise the position
        // remembers the dropped pieces (position::DROPPED) and this rule decides them.
        let after_drop_word = r.word("promotion.after-drop");
        let trigger_word = r.word("promotion.trigger");
        let same_as_trigger = matches!(
            (after_drop_word, trigger_word),
            ("starts-or-ends-in-zone", "starts-or-ends-in-zone")
                | ("move-ending-in-zone", "ends-in-zone")
                | ("enter-from-outside", "enters-zone")
        );
        let zone_promotion = r.zone("promotion.zone").is_some();
        let after_drop = if r.flag("drops.enabled")
            && r.is_stated("promotion.after-drop")
            && trigger_word != "none"
            && zone_promotion
            && !same_as_trigger
        {
            match after_drop_word {
                "enter-from-outside" => Some(AfterDrop::EnterFromOutside),
                "move-ending-in-zone" => Some(AfterDrop::MoveEndingInZone),
                _ => Some(AfterDrop::StartsOrEndsInZone),
            }
        } else {
            None
        };
        let zone_named = |zone: &str| game.zones.contains_key(zone);
        let extra_turn = match r.word("extra-turn.after") {
            "none" => None,
            value => {
                if !zone_named("first") {
                    refuse("extra-turn.after", value, "the game has no zone named `first`");
                }
                if r.int("extra-turn.max-consecutive") != 2 {
                    refuse(
                        "extra-turn.max-consecutive",
                        &r.int("extra-turn.max-consecutive").to_string(),
                        "the engine plays only 2 (an extra turn never earns another)",
                    );
                }
                Some(ExtraTurn {
                    zone: "first".into(),
                    optional: r.flag("extra-turn.optional"),
                    drops_only: r.word("extra-turn.uses") == "drop",
                    each_action: r.word("extra-turn.legality") == "each-action",
                    check: match r.word("extra-turn.check") {
                        "wins" => ExtraTurnCheck::Wins,
                        "forfeits-extra-turn" => ExtraTurnCheck::ForfeitsExtraTurn,
                        _ => ExtraTurnCheck::Ignored,
                    },
                })
            }
        };
        let demotion = match r.word("demotion.on") {
            "none" => None,
            value => {
                if !zone_named("first") {
                    refuse("demotion.on", value, "the game has no zone named `first`");
                }
                Some(Demotion { zone: "first".into(), non_captures_only: value == "enter-first-zone-non-capture" })
            }
        };
        // demotion.repromote: where it says of a demoted piece what promotion.forced says of
        // every piece (forced = always, optional = anything else), a demoted piece is an
        // ordinary unpromoted piece; otherwise the position remembers demoted pieces
        // (position::DEMOTED) and this rule decides whether their promotion is forced.
        let repromote_forced = r.word("demotion.repromote") == "forced";
        let repromote = (demotion.is_some() && repromote_forced != (r.word("promotion.forced") == "always"))
            .then_some(repromote_forced);
        let permanent = r.word("promotion.permanent");
        if (permanent == "until-captured-or-first-zone") != demotion.is_some() {
            refuse(
                "promotion.permanent",
                permanent,
                "must agree with demotion.on (the first zone demotes exactly when demotion.on says so)",
            );
        }
        // end.impasse-min-pieces is a condition of the declaration alone; stated without
        // one it would be ignored silently.
        if r.is_stated("end.impasse-min-pieces") && r.word("end.impasse-declaration") == "none" {
            refuse(
                "end.impasse-min-pieces",
                &r.int("end.impasse-min-pieces").to_string(),
                "counts only for an impasse declaration (end.impasse-declaration), and the game has none",
            );
        }
        let impasse = if r.word("end.impasse") == "points" {
            let declaration =
                (r.word("end.impasse-declaration") == "king-in-zone").then(|| r.int("end.impasse-min-pieces") as u32);
            if declaration.is_some() && r.is_stated("end.impasse-trigger") {
                refuse(
                    "end.impasse-trigger",
                    r.word("end.impasse-trigger"),
                    "an impasse by declaration is declared, not triggered (end.impasse-declaration)",
                );
            }
            let first = r.int("end.impasse-threshold") as u32;
            let precedence = r.list("end.precedence").to_vec();
            let rank = |w: &str| precedence.iter().position(|p| p == w);
            Some(Impasse {
                on_repetition: declaration.is_none() && r.word("end.impasse-trigger") == "repetition",
                declaration,
                count_hand: r.word("end.impasse-count") == "board-and-hand",
                zone_only: r.word("end.impasse-squares") == "promotion-zone",
                five: r.list("end.impasse-five").to_vec(),
                threshold: [first, r.int("end.impasse-threshold-second") as u32],
                before_perpetual: match (rank("impasse"), rank("perpetual-check")) {
                    (Some(i), Some(p)) => i < p,
                    _ => false,
                },
            })
        } else {
            None
        };
        let promotion_zone = r.zone("promotion.zone").map(String::from);
        let trigger = match r.word("promotion.trigger") {
            "enters-zone" => Trigger::EntersZone,
            "ends-in-zone" => Trigger::EndsInZone,
            "starts-or-ends-in-zone" => Trigger::StartsOrEndsInZone,
            "any-square-visited" => Trigger::AnySquareVisited,
            "enters-or-captures-in-zone" => Trigger::EntersOrCapturesInZone,
            _ => Trigger::None,
        };
        let forced = match r.word("promotion.forced") {
            "always" => Forced::Always,
            "when-no-further-move" => Forced::WhenNoFurtherMove,
            "listed-ranks" => Forced::ListedRanks,
            _ => Forced::Never,
        };
        let forced_ranks = r.ranks_per_piece("promotion.forced-ranks");
        let skip_limit = match r.word("skip.limit") {
            "no-two-own-in-a-row" => SkipLimit::NoTwoOwnInARow,
            "not-after-opponent-skip" => SkipLimit::NotAfterOpponentSkip,
            "both" => SkipLimit::Both,
            _ => SkipLimit::None,
        };
        let skip_squares = match r.word("skip.squares") {
            "any-adjacent-empty" => SkipSquares::AnyAdjacentEmpty,
            // per-piece-string: the passes each piece's XBetza string states (Hook).
            _ => SkipSquares::OwnSquares,
        };
        let stalemate = match r.word("end.stalemate") {
            "draw" => Stalemate::Draw,
            "loss" => Stalemate::Loss,
            "win" => Stalemate::Win,
            "loss-if-one-royal-else-draw" => Stalemate::LossIfOneRoyalElseDraw,
            _ => Stalemate::None,
        };
        let rules = Rules {
            first_mover: u8::from(r.word("turn-order") == "second-player-first"),
            self_check,
            attack_final_leg_only: r.word("legality.attack") == "final-leg-only",
            frozen_attack: r.word("check.frozen-attackers") == "counted",
            protection_recursive: r.word("legality.protection") == "legal-recursive",
            promotion_zone,
            trigger,
            after_drop,
            forced,
            forced_ranks,
            stationary_promotes: r.word("promotion.stationary-moves") == "allowed",
            promote_in_place_any: r.word("promotion.in-place") == "any-piece-any-time",
            capture_promotion: match r.word("promotion.on-capture") {
                "any-capture" => 1,
                "capture-and-move" => 2,
                _ => 0,
            },
            capture_promotion_optional: r.flag("promotion.capture-optional"),
            nonpromoting_cannot_capture: r.word("promotion.non-promoting-capture") == "cannot-capture",
            last_rank: r.list("promotion.last-rank").to_vec(),
            last_rank_optional: r.flag("promotion.last-rank-optional"),
            last_rank_any_time: r.word("promotion.last-rank-timing") == "any-time",
            deva: match r.word("promotion.deva") {
                "promotable-only" => 1,
                "all-non-royal" => 2,
                _ => 0,
            },
            deva_targets: r.list("promotion.deva-targets").to_vec(),
            deva_exempt: r.list("promotion.deva-exempt").to_vec(),
            deva_special_wins: r.word("promotion.deva-priority") == "special-wins",
            deva_multi: match r.word("promotion.deva-multi-capture") {
                "first-special-capture" => DevaMulti::First,
                "second-capture" => DevaMulti::Second,
                _ => DevaMulti::Last,
            },
            null_move: r.word("skip.null-move") == "allowed",
            piece_pass: r.word("skip.by-piece") == "allowed",
            skip_squares,
            skip_limit,
            skip_promotion_exempt: r.flag("skip.promotion-exempt"),
            stalemate,
            stalemate_no_safe_move: r.word("end.stalemate-condition") == "no-safe-move",
            any_royal_loss: r.word("end.royals") == "any-royal-captured",
            royal_loss_ends: r.word("end.royals") != "checkmate",
            repetition_draw: r.word("end.repetition") != "none",
            repetition_count: r.int("end.repetition-count") as u32,
            repetition_with_skips: r.word("end.repetition-identity") == "board-side-skip-state",
            repetition_with_hands: r.word("end.repetition-identity") == "board-hands-side",
            repetition_skip_positions_excluded: r.word("end.repetition-exclude") == "positions-after-skips",
            perpetual_check_loses: r.word("end.perpetual-check") == "checker-loses",
            perpetual_check_illegal: r.word("end.perpetual-check") == "move-illegal",
            perpetual_check_count: r.int("end.perpetual-check-count") as u32,
            perpetual_consecutive: r.word("end.perpetual-check-detect") == "consecutive-checks",
            // end.royals = checkmate: royals are never taken (legality.self-check) and the game
            // ends by checkmate.
            checkmate_terminal: r.word("end.checkmate") == "terminal" || r.word("end.royals") == "checkmate",
            must_resolve: r.flag("check.must-resolve"),
            drops: r.flag("drops.enabled"),
            drops_unpromoted: r.flag("drops.unpromoted"),
            nifu: r.word("drops.nifu") == "own-unpromoted",
            nifu_pieces: r.list("drops.nifu-pieces").to_vec(),
            drop_rank_ban: r.ranks_per_piece("drops.rank-ban"),
            drop_zone_ban: r.list("drops.zone-ban").to_vec(),
            drop_palace_only: r.list("drops.palace-only").to_vec(),
            drop_palace_only_zone: r.zone("drops.palace-only-zone").map(String::from),
            drop_palace_ban: match r.word("drops.palace-ban") {
                "own" => 1,
                "both" => 2,
                _ => 0,
            },
            pawn_mate,
            pawn_mate_screen: match r.word("drops.pawn-mate-screen") {
                "own-guns" => PawnMateScreen::OwnGuns,
                "any-guns" => PawnMateScreen::AnyGuns,
                _ => PawnMateScreen::None,
            },
            pawn_mate_pieces,
            pawn_mate_extra_turn_is_mate: r.word("drops.pawn-mate-extra-turn") == "is-mate",
            dead_piece: match r.word("drops.dead-piece") {
                "empty-board" => DeadPiece::EmptyBoard,
                "forward-square" => DeadPiece::ForwardSquare,
                "actual-move" => DeadPiece::ActualMove,
                _ => DeadPiece::Allowed,
            },
            flying_king_check: r.flag("check.flying-king"),
            check_last_royal_only: r.word("check.royals") == "last-remaining",
            impasse,
            bare_king: match r.word("end.bare-king") {
                "loss" => BareKing::Loss,
                "loss-unless-hand" => BareKing::LossUnlessHand,
                _ => BareKing::None,
            },
            bare_king_after_own_turn: r.word("end.bare-king-when") == "after-own-turn",
            extra_turn,
            drop_after_move,
            demotion,
            repromote,
            board_frame: r.word("zone-moves.frame") == "board",
            zone_moves_by_destination: r.word("zone-moves.by") == "destination",
            repetition_every_action: r.word("end.repetition-counted-at") == "every-action",
            lion_trade: (!r.list("lion-trade.lions").is_empty()).then(|| LionTrade {
                lions: r.list("lion-trade.lions").to_vec(),
                distant_protected_banned: r.word("lion-trade.distant-protected") == "banned",
                taken_pieces_protect: r.word("lion-trade.protectors") == "taken-pieces-too",
                bridge: match r.word("lion-trade.bridge") {
                    "any-capture" => Bridge::AnyCapture,
                    "any-but-listed" => Bridge::AnyButListed,
                    _ => Bridge::None,
                },
                bridge_excluded: r.list("lion-trade.bridge-excluded").to_vec(),
                counter_strike: r.word("lion-trade.counter-strike") == "no-non-lion-capture",
                counter_strike_same_square_allowed: r.word("lion-trade.counter-strike-same-square") == "allowed",
            }),
        };
        if r.word("end.repetition") == "loss-for-repeater" {
            refuse("end.repetition", "loss-for-repeater", "not played yet");
        }
        bad.extend(unread_settings(r));
        (rules, bad)
    }
}

/// Rule settings the engine does not read, with the values under which that is right. A spec
/// stating another value gets it refused, so no rule is ignored silently.
const NOT_READ: &[(&str, &[&str], &str)] = &[
    ("legality.illegal-moves", &["not-generated", "listed-moves-lose"], "the moves the rules call illegal are illegal under both values, which differ only in what befalls a player who makes one anyway; the engine generates legal moves only"),
    ("end.illegal-move", &["none", "loss"], "illegal moves are never generated"),
    ("skip.missing-piece", &["ignored", "no-skip"], "both values leave every piece of the game as it is"),
    ("end.precedence", &["[perpetual-check, repetition]", "[impasse, perpetual-check, repetition]", "[perpetual-check, impasse]", "[impasse, perpetual-check]"], "perpetual check is judged before the plain repetition draw; the impasse where end.precedence puts it"),
    ("end.perpetual-chase", &["none"], "the perpetual chase rule (which moves chase, and which chases are allowed) is not played"),
];

/// Why the engine does not read rule setting `path` (without `rules.`), if it is one it plays
/// alike under every accepted value; None for a setting it reads or a value it refuses.
pub fn unread(path: &str, value: Option<&Setting>) -> Option<&'static str> {
    // end.precedence is read (Impasse.before_perpetual); it stands in NOT_READ only so that
    // the orders the engine does not play are refused.
    if path == "end.precedence" {
        return None;
    }
    let (_, accepted, why) = NOT_READ.iter().find(|(p, _, _)| *p == path)?;
    let text = match value {
        None => return Some(why),
        Some(v @ (Setting::Word(_) | Setting::Bool(_) | Setting::Int(_) | Setting::List(_))) => v.to_string(),
        Some(_) => return None,
    };
    accepted.contains(&text.as_str()).then_some(why)
}

fn unread_settings(r: Effective) -> Vec<Unplayable> {
    let mut bad = Vec::new();
    for (path, accepted, why) in NOT_READ {
        let Some(value) = r.stated(path) else { continue };
        let text = value.to_string();
        if !accepted.contains(&text.as_str()) {
            bad.push(Unplayable {
                path: format!("rules.{path}"),
                value: text,
                why: format!("the engine plays only {} ({why})", accepted.join(" or ")),
            });
        }
    }
    bad
}

impl Abilities {
    /// The abilities, and every ability value the engine cannot play.
    pub fn read(piece: &PieceSpec) -> (Abilities, Vec<Unplayable>) {
        let a = Effective::abilities(&piece.abilities);
        let mut bad = Vec::new();
        let at = |p: &str| format!("piece.{}.ability.{p}", piece.id);
        if a.flag("burn.passive") {
            bad.push(Unplayable {
                path: at("burn.passive"),
                value: "true".into(),
                why: "passive burning (Tenjiku) is not played".into(),
            });
        }
        if a.flag("burn.after-igui") {
            bad.push(Unplayable {
                path: at("burn.after-igui"),
                value: "true".into(),
                why: "burning after an igui is not played".into(),
            });
        }
        let has = |prefix: &str| a.states_any(prefix);
        let abilities = Abilities {
            burn_max: a.int("burn.max") as u32,
            burn_any_target: a.word("burn.targets") != "enemy",
            burn_spares_own_royals: a.word("burn.targets") == "any-but-own-royals",
            burn_immune: a.list("burn.immune").to_vec(),
            burn_optional: a.flag("burn.optional"),
            burn_after_area: match a.word("burn.after-area-move") {
                "never" => 1,
                "non-capturing" => 2,
                _ => 0,
            },
            burn_arrival_counted: a.word("burn.arrival-capture") == "counted",
            burn_immunity_covers_igui: a.word("burn.immunity-covers") == "burn-and-igui",
            burn_return_is_burn: a.word("burn.return-to-start") == "burn",
            igui_max: a.int("igui.max") as u32,
            freezes: has("freeze."),
            freeze_board: a.word("freeze.range") == "board",
            freeze_any: a.word("freeze.targets") == "any",
            freeze_leaving_only: a.word("freeze.blocks") == "moves-leaving-square",
            freeze_mid_move: a.word("freeze.timing") == "also-mid-move",
            freeze_immune: a.list("freeze.immune").to_vec(),
            jumps: has("jump."),
            jump_max: a.int("jump.max-jumped") as u32,
            jump_rank_limit: match a.word("jump.rank-limit") {
                "jump-only" => 1,
                "jump-and-capture" => 2,
                _ => 0,
            },
            jump_capture_jumped: a.flag("jump.capture-jumped"),
            jump_capture_jumped_any_rank: a.word("jump.capture-jumped-rank") == "any",
            jump_capture_royals: a.flag("jump.capture-jumped-royals"),
            jump_landing: match a.word("jump.landing") {
                "capture" => 0,
                "after-any-capture" => 2,
                _ => 1,
            },
            jump_targets_lower_only: a.word("jump.capture-targets") == "lower-rank",
            protected_royal_ban: has("protected-royal-ban."),
            protected_emperor_only: a.word("protected-royal-ban.scope") == "emperor-only",
            protected_before_capture: a.word("protected-royal-ban.measured") == "before-capture",
            pass: a.flag("pass"),
            cannon: a.is_stated("cannon.screens"),
            screens_non_cannon: a.word("cannon.screens") == "non-cannon",
            flying_capture: match a.word("flying-capture") {
                "move" => FlyingCapture::Move,
                "shoot" => FlyingCapture::Shoot,
                _ => FlyingCapture::None,
            },
            confine: a.zone("confine").map(String::from),
        };
        (abilities, bad)
    }
}
