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
    pub repetition_draw: bool,
    pub repetition_count: u32,
    /// `end.repetition-identity`: include the skip state / the hands in the position key.
    pub repetition_with_skips: bool,
    pub repetition_with_hands: bool,
    /// `end.repetition-exclude = positions-after-skips`.
    pub repetition_skip_positions_excluded: bool,
    /// `end.perpetual-check = checker-loses`.
    pub perpetual_check_loses: bool,
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
    pub drop_dead_empty_board: bool,
    pub pawn_mate: PawnMate,
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
        for (path, default, playable) in [
            ("drops.per-turn", "instead-of-move", &["instead-of-move"][..]),
            ("drops.dead-piece", "allowed", &["allowed", "empty-board"][..]),
            ("drops.pawn-mate-screen", "none", &["none"][..]),
            ("promotion.after-drop", "starts-or-ends-in-zone", &["starts-or-ends-in-zone"][..]),
        ] {
            let value = word(r, path, default);
            if flag(r, "drops.enabled", false) && !playable.contains(&value) {
                refuse(path, value, "not played yet (issue 5: the drop games)");
            }
        }
        let pawn_mate = match word(r, "drops.pawn-mate", "allowed") {
            "no-mate" => PawnMate::NoMate,
            "no-check" => PawnMate::NoCheck,
            _ => PawnMate::Allowed,
        };
        if pawn_mate != PawnMate::Allowed && list(r, "drops.nifu-pieces").is_empty() {
            refuse("drops.pawn-mate", "no-mate", "the pawn-drop ban needs drops.nifu-pieces to say which pieces are pawns");
        }
        if word(r, "promotion.decided", "after-whole-move") == "per-leg" {
            refuse("promotion.decided", "per-leg", "per-leg promotion is not played");
        }
        if !matches!(word(r, "promotion.namesakes", "promoted-copies"), "promoted-copies" | "unpromoted-type") {
            refuse("promotion.namesakes", "?", "unknown");
        }
        if word(r, "extra-turn.after", "none") != "none" {
            refuse("extra-turn.after", word(r, "extra-turn.after", "none"), "extra turns are not played yet (issue 5)");
        }
        if word(r, "demotion.on", "none") != "none" {
            refuse("demotion.on", word(r, "demotion.on", "none"), "demotion is not played yet (issue 5)");
        }
        if word(r, "end.impasse", "none") != "none" {
            refuse("end.impasse", word(r, "end.impasse", "none"), "impasse is not played yet (issue 5)");
        }
        if word(r, "end.bare-king", "none") != "none" {
            refuse("end.bare-king", word(r, "end.bare-king", "none"), "the bare-king rule is not played yet (issue 5)");
        }
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
            nonpromoting_cannot_capture: word(r, "promotion.non-promoting-capture", "capture-unchanged") == "cannot-capture",
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
            repetition_draw: word(r, "end.repetition", "none") != "none",
            repetition_count: int(r, "end.repetition-count", 4) as u32,
            repetition_with_skips: word(r, "end.repetition-identity", "board-side") == "board-side-skip-state",
            repetition_with_hands: word(r, "end.repetition-identity", "board-side") == "board-hands-side",
            repetition_skip_positions_excluded: word(r, "end.repetition-exclude", "none") == "positions-after-skips",
            perpetual_check_loses: word(r, "end.perpetual-check", "none") != "none",
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
            drop_dead_empty_board: word(r, "drops.dead-piece", "allowed") == "empty-board",
            pawn_mate,
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
    ("legality.illegal-moves", &["not-generated", "listed-moves-lose"], "illegal moves are never generated; what happens to one a player submits concerns no command yet"),
    ("end.illegal-move", &["none", "loss"], "illegal moves are never generated"),
    ("skip.missing-piece", &["ignored", "no-skip"], "both values leave every piece of the game as it is"),
    ("end.repetition-counted-at", &["turn-boundaries"], "positions are counted after every turn"),
    ("end.perpetual-check-detect", &["repetition-all-checks"], "perpetual check is judged on a repetition whose moves all gave check"),
    ("end.precedence", &["[perpetual-check, repetition]", "[impasse, perpetual-check, repetition]"], "perpetual check is judged before the plain repetition draw"),
    ("check.flying-king", &["false"], "facing kings are not judged as check yet (issue 5)"),
    ("promotion.permanent", &["until-captured"], "demotion is not played yet (issue 5)"),
    ("zone-moves.by", &["origin"], "a piece moves as the zone it stands in prescribes"),
    ("zone-moves.promoted", &["own-move"], "promoted pieces move by their own string"),
    ("zone-moves.frame", &["player"], "directions are the moving player's"),
    ("end.perpetual-chase", &["none"], "the perpetual chase rule is not played yet (issue 5)"),
];

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
            bad.push(Unplayable { path: format!("rules.{path}"), value: text, why: format!("the engine plays only {} ({why})", accepted.join(" or ")) });
        }
    }
    if let (Some(Setting::Int(checks)), Some(Setting::Int(reps))) = (r.get("end.perpetual-check-count"), r.get("end.repetition-count")) {
        if checks != reps {
            bad.push(Unplayable {
                path: "rules.end.perpetual-check-count".into(),
                value: checks.to_string(),
                why: "perpetual check is judged on the repetition that ends the game (end.repetition-count)".into(),
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
            bad.push(Unplayable { path: at("burn.passive"), value: "true".into(), why: "passive burning (Tenjiku) is not played".into() });
        }
        if flag(a, "burn.after-igui", false) {
            bad.push(Unplayable { path: at("burn.after-igui"), value: "true".into(), why: "burning after an igui is not played".into() });
        }
        if a.contains_key("cannon.screens") {
            let value = word(a, "cannon.screens", "any").to_string();
            bad.push(Unplayable { path: at("cannon.screens"), value, why: "cannons are not played yet (issue 5)".into() });
        }
        let flying = word(a, "flying-capture", "none");
        if flying != "none" {
            bad.push(Unplayable { path: at("flying-capture"), value: flying.into(), why: "the flying capture is not played yet (issue 5)".into() });
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
            confine: match a.get("confine") {
                Some(Setting::Word(z)) if z != "none" => Some(z.clone()),
                _ => None,
            },
        };
        (abilities, bad)
    }
}
