//! The rule settings of a game, read once into plain values the move generator can test
//! quickly. Each field names the catalogue setting it comes from (src/spec/settings.rs), where
//! its meaning and the document clauses are recorded; the default is what the setting means
//! when a spec does not state it.
//!
//! A setting value the engine does not play is an error here (`Unplayable`), so no command ever
//! runs a game under a rule it silently ignores.

use crate::spec::game::{GameSpec, PieceSpec};
use crate::spec::settings::Setting;
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

fn word<'a>(map: &'a BTreeMap<String, Setting>, path: &str, default: &'a str) -> &'a str {
    match map.get(path) {
        Some(Setting::Word(w)) => w,
        _ => default,
    }
}

fn flag(map: &BTreeMap<String, Setting>, path: &str, default: bool) -> bool {
    match map.get(path) {
        Some(Setting::Bool(b)) => *b,
        _ => default,
    }
}

fn int(map: &BTreeMap<String, Setting>, path: &str, default: i64) -> i64 {
    match map.get(path) {
        Some(Setting::Int(n)) => *n,
        _ => default,
    }
}

fn list(map: &BTreeMap<String, Setting>, path: &str) -> Vec<String> {
    match map.get(path) {
        Some(Setting::List(items)) => items.clone(),
        _ => Vec::new(),
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
    /// `drops.pawn-mate-pieces` (default `drops.nifu-pieces`): the pieces the pawn-drop ban
    /// is about.
    pub pawn_mate_pieces: Vec<String>,
    pub dead_piece: DeadPiece,
    /// `check.flying-king`: a royal facing the enemy royal on an otherwise empty file attacks it.
    pub flying_king_check: bool,
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
}

/// Per-piece abilities beyond XBetza.
#[derive(Clone, Debug, Default)]
pub struct Abilities {
    /// Burn (Fire Demon): max burns after moving; 0 = does not burn.
    pub burn_max: u32,
    pub burn_any_target: bool,
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
        let r = &game.rules;
        let mut bad = Vec::new();
        let mut refuse = |path: &str, value: &str, why: &str| {
            bad.push(Unplayable { path: format!("rules.{path}"), value: value.into(), why: why.into() })
        };
        let self_check = match word(r, "legality.self-check", "allowed") {
            "illegal" => SelfCheck::Illegal,
            "king-only" => SelfCheck::KingOnly,
            _ => SelfCheck::Allowed,
        };
        let drop_after_move =
            flag(r, "drops.enabled", false) && word(r, "drops.per-turn", "instead-of-move") == "in-addition";
        if drop_after_move && word(r, "extra-turn.after", "none") != "none" {
            refuse(
                "drops.per-turn",
                "in-addition",
                "a drop after the move together with extra-turn.after (two kinds of double turn) is not played",
            );
        }
        let pawn_mate = match word(r, "drops.pawn-mate", "allowed") {
            "no-mate" => PawnMate::NoMate,
            "no-check" => PawnMate::NoCheck,
            _ => PawnMate::Allowed,
        };
        let pawn_mate_pieces = match r.get("drops.pawn-mate-pieces") {
            Some(Setting::List(items)) => items.clone(),
            _ => list(r, "drops.nifu-pieces"),
        };
        if pawn_mate != PawnMate::Allowed && pawn_mate_pieces.is_empty() {
            refuse(
                "drops.pawn-mate",
                word(r, "drops.pawn-mate", ""),
                "the pawn-drop ban needs drops.pawn-mate-pieces (or drops.nifu-pieces) to say which pieces are pawns",
            );
        }
        if word(r, "promotion.decided", "after-whole-move") == "per-leg" {
            refuse("promotion.decided", "per-leg", "per-leg promotion is not played");
        }
        if !matches!(word(r, "promotion.namesakes", "promoted-copies"), "promoted-copies" | "unpromoted-type") {
            refuse("promotion.namesakes", "?", "unknown");
        }
        // promotion.after-drop: where it says of a dropped piece what promotion.trigger says
        // of every piece (or is not stated), nothing needs remembering; otherwise the position
        // remembers the dropped pieces (position::DROPPED) and this rule decides them.
        let after_drop_word = word(r, "promotion.after-drop", "starts-or-ends-in-zone");
        let trigger_word = word(r, "promotion.trigger", "none");
        let same_as_trigger = matches!(
            (after_drop_word, trigger_word),
            ("starts-or-ends-in-zone", "starts-or-ends-in-zone")
                | ("move-ending-in-zone", "ends-in-zone")
                | ("enter-from-outside", "enters-zone")
        );
        let zone_promotion = matches!(r.get("promotion.zone"), Some(Setting::Word(z)) if z != "none");
        let after_drop = if flag(r, "drops.enabled", false)
            && r.contains_key("promotion.after-drop")
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
        let extra_turn = match word(r, "extra-turn.after", "none") {
            "none" => None,
            value => {
                if !zone_named("first") {
                    refuse("extra-turn.after", value, "the game has no zone named `first`");
                }
                if int(r, "extra-turn.max-consecutive", 2) != 2 {
                    refuse(
                        "extra-turn.max-consecutive",
                        &int(r, "extra-turn.max-consecutive", 2).to_string(),
                        "the engine plays only 2 (an extra turn never earns another)",
                    );
                }
                Some(ExtraTurn {
                    zone: "first".into(),
                    optional: flag(r, "extra-turn.optional", true),
                    drops_only: word(r, "extra-turn.uses", "any") == "drop",
                    each_action: word(r, "extra-turn.legality", "each-action") == "each-action",
                    check: match word(r, "extra-turn.check", "ignored") {
                        "wins" => ExtraTurnCheck::Wins,
                        "forfeits-extra-turn" => ExtraTurnCheck::ForfeitsExtraTurn,
                        _ => ExtraTurnCheck::Ignored,
                    },
                })
            }
        };
        let demotion = match word(r, "demotion.on", "none") {
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
        let repromote_forced = word(r, "demotion.repromote", "forced") == "forced";
        let repromote = (demotion.is_some() && repromote_forced != (word(r, "promotion.forced", "never") == "always"))
            .then_some(repromote_forced);
        let permanent = word(r, "promotion.permanent", "until-captured");
        if (permanent == "until-captured-or-first-zone") != demotion.is_some() {
            refuse(
                "promotion.permanent",
                permanent,
                "must agree with demotion.on (the first zone demotes exactly when demotion.on says so)",
            );
        }
        // end.impasse-min-pieces is a condition of the declaration alone; stated without
        // one it would be ignored silently.
        if r.contains_key("end.impasse-min-pieces") && word(r, "end.impasse-declaration", "none") == "none" {
            refuse(
                "end.impasse-min-pieces",
                &int(r, "end.impasse-min-pieces", 0).to_string(),
                "counts only for an impasse declaration (end.impasse-declaration), and the game has none",
            );
        }
        let impasse = if word(r, "end.impasse", "none") == "points" {
            let declaration = (word(r, "end.impasse-declaration", "none") == "king-in-zone")
                .then(|| int(r, "end.impasse-min-pieces", 0) as u32);
            if declaration.is_some() && r.contains_key("end.impasse-trigger") {
                refuse(
                    "end.impasse-trigger",
                    word(r, "end.impasse-trigger", ""),
                    "an impasse by declaration is declared, not triggered (end.impasse-declaration)",
                );
            }
            let first = int(r, "end.impasse-threshold", 0) as u32;
            let precedence = list(r, "end.precedence");
            let rank = |w: &str| precedence.iter().position(|p| p == w);
            Some(Impasse {
                on_repetition: declaration.is_none()
                    && word(r, "end.impasse-trigger", "both-kings-in-zone") == "repetition",
                declaration,
                count_hand: word(r, "end.impasse-count", "board") == "board-and-hand",
                zone_only: word(r, "end.impasse-squares", "anywhere") == "promotion-zone",
                five: list(r, "end.impasse-five"),
                threshold: [first, int(r, "end.impasse-threshold-second", i64::from(first)) as u32],
                before_perpetual: match (rank("impasse"), rank("perpetual-check")) {
                    (Some(i), Some(p)) => i < p,
                    _ => false,
                },
            })
        } else {
            None
        };
        let promotion_zone = match game.rules.get("promotion.zone") {
            Some(Setting::Word(z)) if z != "none" => Some(z.clone()),
            _ => None,
        };
        let trigger = match word(r, "promotion.trigger", "none") {
            "enters-zone" => Trigger::EntersZone,
            "ends-in-zone" => Trigger::EndsInZone,
            "starts-or-ends-in-zone" => Trigger::StartsOrEndsInZone,
            "any-square-visited" => Trigger::AnySquareVisited,
            _ => Trigger::None,
        };
        let forced = match word(r, "promotion.forced", "never") {
            "always" => Forced::Always,
            "when-no-further-move" => Forced::WhenNoFurtherMove,
            "listed-ranks" => Forced::ListedRanks,
            _ => Forced::Never,
        };
        let forced_ranks = match game.rules.get("promotion.forced-ranks") {
            Some(Setting::RanksPerPiece(m)) => m.clone(),
            _ => BTreeMap::new(),
        };
        let skip_limit = match word(r, "skip.limit", "none") {
            "no-two-own-in-a-row" => SkipLimit::NoTwoOwnInARow,
            "not-after-opponent-skip" => SkipLimit::NotAfterOpponentSkip,
            "both" => SkipLimit::Both,
            _ => SkipLimit::None,
        };
        let skip_squares = match word(r, "skip.squares", "own-igui-or-area-squares") {
            "any-adjacent-empty" => SkipSquares::AnyAdjacentEmpty,
            // per-piece-string: the passes each piece's XBetza string states (Hook).
            _ => SkipSquares::OwnSquares,
        };
        let stalemate = match word(r, "end.stalemate", "none") {
            "draw" => Stalemate::Draw,
            "loss" => Stalemate::Loss,
            "win" => Stalemate::Win,
            "loss-if-one-royal-else-draw" => Stalemate::LossIfOneRoyalElseDraw,
            _ => Stalemate::None,
        };
        let rules = Rules {
            first_mover: u8::from(word(r, "turn-order", "first-player-first") == "second-player-first"),
            self_check,
            attack_final_leg_only: word(r, "legality.attack", "any-capture-any-leg") == "final-leg-only",
            frozen_attack: word(r, "check.frozen-attackers", "ignored") == "counted",
            protection_recursive: word(r, "legality.protection", "pseudo-legal") == "legal-recursive",
            promotion_zone,
            trigger,
            after_drop,
            forced,
            forced_ranks,
            stationary_promotes: word(r, "promotion.stationary-moves", "allowed") == "allowed",
            promote_in_place_any: word(r, "promotion.in-place", "none") == "any-piece-any-time",
            capture_promotion: match word(r, "promotion.on-capture", "none") {
                "any-capture" => 1,
                "capture-and-move" => 2,
                _ => 0,
            },
            capture_promotion_optional: flag(r, "promotion.capture-optional", false),
            nonpromoting_cannot_capture: word(r, "promotion.non-promoting-capture", "capture-unchanged")
                == "cannot-capture",
            last_rank: list(r, "promotion.last-rank"),
            last_rank_optional: flag(r, "promotion.last-rank-optional", true),
            last_rank_any_time: word(r, "promotion.last-rank-timing", "on-arrival") == "any-time",
            deva: match word(r, "promotion.deva", "none") {
                "promotable-only" => 1,
                "all-non-royal" => 2,
                _ => 0,
            },
            deva_targets: list(r, "promotion.deva-targets"),
            deva_exempt: list(r, "promotion.deva-exempt"),
            deva_special_wins: word(r, "promotion.deva-priority", "special-wins") == "special-wins",
            deva_multi: match word(r, "promotion.deva-multi-capture", "last-special-capture") {
                "first-special-capture" => DevaMulti::First,
                "second-capture" => DevaMulti::Second,
                _ => DevaMulti::Last,
            },
            null_move: word(r, "skip.null-move", "illegal") == "allowed",
            piece_pass: word(r, "skip.by-piece", "allowed") == "allowed",
            skip_squares,
            skip_limit,
            skip_promotion_exempt: flag(r, "skip.promotion-exempt", false),
            stalemate,
            stalemate_no_safe_move: word(r, "end.stalemate-condition", "no-legal-move") == "no-safe-move",
            any_royal_loss: word(r, "end.royals", "last-royal-captured") == "any-royal-captured",
            royal_loss_ends: word(r, "end.royals", "last-royal-captured") != "checkmate",
            repetition_draw: word(r, "end.repetition", "none") != "none",
            repetition_count: int(r, "end.repetition-count", 4) as u32,
            repetition_with_skips: word(r, "end.repetition-identity", "board-side") == "board-side-skip-state",
            repetition_with_hands: word(r, "end.repetition-identity", "board-side") == "board-hands-side",
            repetition_skip_positions_excluded: word(r, "end.repetition-exclude", "none") == "positions-after-skips",
            perpetual_check_loses: word(r, "end.perpetual-check", "none") == "checker-loses",
            perpetual_check_illegal: word(r, "end.perpetual-check", "none") == "move-illegal",
            perpetual_check_count: int(r, "end.perpetual-check-count", int(r, "end.repetition-count", 4)) as u32,
            perpetual_consecutive: word(r, "end.perpetual-check-detect", "repetition-all-checks")
                == "consecutive-checks",
            // end.royals = checkmate: royals are never taken (legality.self-check) and the game
            // ends by checkmate.
            checkmate_terminal: word(r, "end.checkmate", "by-capture") == "terminal"
                || word(r, "end.royals", "last-royal-captured") == "checkmate",
            must_resolve: flag(r, "check.must-resolve", false),
            drops: flag(r, "drops.enabled", false),
            drops_unpromoted: flag(r, "drops.unpromoted", true),
            nifu: word(r, "drops.nifu", "none") == "own-unpromoted",
            nifu_pieces: list(r, "drops.nifu-pieces"),
            drop_rank_ban: match r.get("drops.rank-ban") {
                Some(Setting::RanksPerPiece(m)) => m.clone(),
                _ => BTreeMap::new(),
            },
            drop_zone_ban: list(r, "drops.zone-ban"),
            drop_palace_only: list(r, "drops.palace-only"),
            drop_palace_only_zone: match r.get("drops.palace-only-zone") {
                Some(Setting::Word(z)) if z != "none" => Some(z.clone()),
                _ => None,
            },
            drop_palace_ban: match word(r, "drops.palace-ban", "none") {
                "own" => 1,
                "both" => 2,
                _ => 0,
            },
            pawn_mate,
            pawn_mate_screen: match word(r, "drops.pawn-mate-screen", "none") {
                "own-guns" => PawnMateScreen::OwnGuns,
                "any-guns" => PawnMateScreen::AnyGuns,
                _ => PawnMateScreen::None,
            },
            pawn_mate_pieces,
            dead_piece: match word(r, "drops.dead-piece", "allowed") {
                "empty-board" => DeadPiece::EmptyBoard,
                "forward-square" => DeadPiece::ForwardSquare,
                "actual-move" => DeadPiece::ActualMove,
                _ => DeadPiece::Allowed,
            },
            flying_king_check: flag(r, "check.flying-king", false),
            impasse,
            bare_king: match word(r, "end.bare-king", "none") {
                "loss" => BareKing::Loss,
                "loss-unless-hand" => BareKing::LossUnlessHand,
                _ => BareKing::None,
            },
            bare_king_after_own_turn: word(r, "end.bare-king-when", "immediately") == "after-own-turn",
            extra_turn,
            drop_after_move,
            demotion,
            repromote,
            board_frame: word(r, "zone-moves.frame", "player") == "board",
            zone_moves_by_destination: word(r, "zone-moves.by", "origin") == "destination",
            repetition_every_action: word(r, "end.repetition-counted-at", "turn-boundaries") == "every-action",
        };
        if word(r, "end.repetition", "none") == "loss-for-repeater" {
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
        Some(Setting::Word(w)) => w.clone(),
        Some(Setting::Bool(b)) => b.to_string(),
        Some(Setting::Int(n)) => n.to_string(),
        Some(Setting::List(items)) => format!("[{}]", items.join(", ")),
        Some(_) => return None,
    };
    accepted.contains(&text.as_str()).then_some(why)
}

fn unread_settings(r: &BTreeMap<String, Setting>) -> Vec<Unplayable> {
    let mut bad = Vec::new();
    for (path, accepted, why) in NOT_READ {
        let Some(value) = r.get(*path) else { continue };
        let text = match value {
            Setting::Word(w) => w.clone(),
            Setting::Bool(b) => b.to_string(),
            Setting::Int(n) => n.to_string(),
            Setting::List(items) => format!("[{}]", items.join(", ")),
            other => format!("{other:?}"),
        };
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
        let a = &piece.abilities;
        let mut bad = Vec::new();
        let at = |p: &str| format!("piece.{}.ability.{p}", piece.id);
        if flag(a, "burn.passive", false) {
            bad.push(Unplayable {
                path: at("burn.passive"),
                value: "true".into(),
                why: "passive burning (Tenjiku) is not played".into(),
            });
        }
        if flag(a, "burn.after-igui", false) {
            bad.push(Unplayable {
                path: at("burn.after-igui"),
                value: "true".into(),
                why: "burning after an igui is not played".into(),
            });
        }
        let has = |prefix: &str| a.keys().any(|k| k.starts_with(prefix));
        let abilities = Abilities {
            burn_max: int(a, "burn.max", 0) as u32,
            burn_any_target: word(a, "burn.targets", "enemy") == "any",
            burn_immune: list(a, "burn.immune"),
            burn_optional: flag(a, "burn.optional", true),
            burn_after_area: match word(a, "burn.after-area-move", "always") {
                "never" => 1,
                "non-capturing" => 2,
                _ => 0,
            },
            burn_arrival_counted: word(a, "burn.arrival-capture", "extra") == "counted",
            burn_immunity_covers_igui: word(a, "burn.immunity-covers", "burn-only") == "burn-and-igui",
            burn_return_is_burn: word(a, "burn.return-to-start", "igui") == "burn",
            igui_max: int(a, "igui.max", 9) as u32,
            freezes: has("freeze."),
            freeze_board: word(a, "freeze.range", "adjacent") == "board",
            freeze_any: word(a, "freeze.targets", "enemy") == "any",
            freeze_leaving_only: word(a, "freeze.blocks", "all-moves") == "moves-leaving-square",
            freeze_mid_move: word(a, "freeze.timing", "start-of-turn") == "also-mid-move",
            freeze_immune: list(a, "freeze.immune"),
            jumps: has("jump."),
            jump_max: int(a, "jump.max-jumped", 9) as u32,
            jump_rank_limit: match word(a, "jump.rank-limit", "none") {
                "jump-only" => 1,
                "jump-and-capture" => 2,
                _ => 0,
            },
            jump_capture_jumped: flag(a, "jump.capture-jumped", true),
            jump_capture_jumped_any_rank: word(a, "jump.capture-jumped-rank", "any") == "any",
            jump_capture_royals: flag(a, "jump.capture-jumped-royals", true),
            jump_landing: match word(a, "jump.landing", "capture-or-empty") {
                "capture" => 0,
                "after-any-capture" => 2,
                _ => 1,
            },
            jump_targets_lower_only: word(a, "jump.capture-targets", "any") == "lower-rank",
            protected_royal_ban: has("protected-royal-ban."),
            protected_emperor_only: word(a, "protected-royal-ban.scope", "all-royals") == "emperor-only",
            protected_before_capture: word(a, "protected-royal-ban.measured", "after-capture") == "before-capture",
            pass: flag(a, "pass", false),
            cannon: a.contains_key("cannon.screens"),
            screens_non_cannon: word(a, "cannon.screens", "any") == "non-cannon",
            flying_capture: match word(a, "flying-capture", "none") {
                "move" => FlyingCapture::Move,
                "shoot" => FlyingCapture::Shoot,
                _ => FlyingCapture::None,
            },
            confine: match a.get("confine") {
                Some(Setting::Word(z)) if z != "none" => Some(z.clone()),
                _ => None,
            },
        };
        (abilities, bad)
    }
}
