//! The catalogue of rule settings a spec may state: every key under `[rules]` and under a
//! piece's `ability` table, with the values it admits and what it means.
//!
//! Why a catalogue rather than one Rust struct per rule: the documents' open points are settled
//! by readings that switch individual settings (`rules.skip.limit`, `piece.FD.ability.burn.max`),
//! so every setting has to be addressable by a path, validated the same way whether it is
//! written in the spec or set by a reading, and listed by `kensho show`. The catalogue is the
//! schema: a key it does not know is an error, a value outside its kind is an error.

use std::collections::BTreeMap;

/// What values a setting admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One of the listed words.
    Choice(&'static [&'static str]),
    Bool,
    /// An integer in the closed range.
    Int(i64, i64),
    /// A list of piece ids of this spec.
    Pieces,
    /// A list of zone ids of this spec.
    Zones,
    /// One zone id of this spec, or "none".
    Zone,
    /// An ordered list of the listed words.
    Words(&'static [&'static str]),
    /// A table: piece id -> ranks (per-piece rank lists: forced promotion, drop bans).
    RanksPerPiece,
    /// A table: zone id -> XBetza move (Ryu's zone-dependent moves).
    BetzaPerZone,
}

impl Kind {
    /// How the kind is described in messages and `kensho show`.
    pub fn describe(self) -> String {
        match self {
            Kind::Choice(words) => format!("one of {}", quote_list(words)),
            Kind::Bool => "true or false".into(),
            Kind::Int(lo, hi) => format!("an integer from {lo} to {hi}"),
            Kind::Pieces => "a list of piece ids".into(),
            Kind::Zones => "a list of zone ids".into(),
            Kind::Zone => "a zone id or \"none\"".into(),
            Kind::Words(words) => format!("a list of {}", quote_list(words)),
            Kind::RanksPerPiece => "a table of piece id = [ranks]".into(),
            Kind::BetzaPerZone => "a table of zone id = \"XBETZA\"".into(),
        }
    }
}

fn quote_list(words: &[&str]) -> String {
    words.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(", ")
}

/// What a setting means when a spec does not state it. This is the one place defaults are
/// declared: the engine (src/engine/config.rs), the checker, the SMT fragments and
/// `kensho settings` all read them from here, so they cannot drift apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultValue {
    Word(&'static str),
    Flag(bool),
    Number(i64),
    /// An empty list or table.
    Empty,
    /// The value of another setting of the same catalogue (stated or defaulted).
    SameAs(&'static str),
    /// No value: leaving the setting out means what the text says.
    Unset(&'static str),
}

impl DefaultValue {
    /// How the default is written in `kensho settings` and docs/settings.md.
    pub fn describe(self) -> String {
        match self {
            DefaultValue::Word(w) => format!("\"{w}\""),
            DefaultValue::Flag(b) => b.to_string(),
            DefaultValue::Number(n) => n.to_string(),
            DefaultValue::Empty => "none (empty)".into(),
            DefaultValue::SameAs(path) => format!("the value of {path}"),
            DefaultValue::Unset(meaning) => format!("unset: {meaning}"),
        }
    }
}

/// One setting: its path below `rules.` (or below `ability.` of a piece), its kind, its
/// default and its meaning.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    pub path: &'static str,
    pub kind: Kind,
    pub default: DefaultValue,
    pub doc: &'static str,
}

const fn knob(path: &'static str, kind: Kind, default: DefaultValue, doc: &'static str) -> Knob {
    Knob { path, kind, default, doc }
}

use DefaultValue::{Empty, Flag, Number, SameAs, Unset, Word};
use Kind::*;

/// Settings under `[rules]`.
pub const RULES: &[Knob] = &[
    // How XBetza strings of this spec are read (docs/xbetza.md).
    knob("xbetza.h-modifier", Choice(&["half-plane", "ignored"]), Word("half-plane"), "what an `h` direction modifier means"),
    knob("xbetza.y-scope", Choice(&["whole-leg", "own-alternative"]), Word("whole-leg"), "how far a `y` toggle reaches among a leg's alternatives"),
    knob("xbetza.toggle-span", Choice(&["rest-of-move", "next-leg"]), Word("rest-of-move"), "how long a `y` toggle lasts"),
    // Legality and check.
    knob("legality.self-check", Choice(&["allowed", "illegal", "king-only"]), Word("allowed"), "may a player leave a royal attacked (king-only: a royal may step into check; another move may not give a royal an attacker it did not have)"),
    knob("legality.illegal-moves", Choice(&["not-generated", "listed-moves-lose"]), Word("not-generated"), "what happens to a move the rules call illegal"),
    knob("legality.protection", Choice(&["pseudo-legal", "legal-recursive"]), Word("pseudo-legal"), "what counts as protecting a square"),
    knob("legality.attack", Choice(&["any-capture-any-leg", "final-leg-only"]), Word("any-capture-any-leg"), "which captures count as attacking a square"),
    knob("check.must-resolve", Bool, Flag(false), "must a player in check get out of it"),
    knob("check.frozen-attackers", Choice(&["counted", "ignored"]), Word("ignored"), "does a frozen piece give check"),
    knob("check.royals", Choice(&["any", "last-remaining"]), Word("any"), "which royal can be in check: any, or only a player's last remaining one (while he has two or more, an attack on one is no check)"),
    knob("check.flying-king", Bool, Flag(false), "does facing the enemy king on an open file count as check"),
    knob("turn-order", Choice(&["first-player-first", "second-player-first"]), Word("first-player-first"), "who moves first"),
    // Promotion.
    knob("promotion.zone", Zone, Word("none"), "the zone where promotion happens (\"none\": no zone promotion)"),
    knob("promotion.trigger", Choice(&["none", "enters-zone", "ends-in-zone", "starts-or-ends-in-zone", "any-square-visited", "enters-or-captures-in-zone"]), Word("none"), "which moves may promote (enters-or-captures-in-zone: a move from outside the zone into it, or a capture by a move that starts or ends in it)"),
    knob("promotion.forced", Choice(&["never", "always", "when-no-further-move", "listed-ranks"]), Word("never"), "when a promotion must be taken"),
    knob("promotion.forced-ranks", RanksPerPiece, Empty, "ranks where a piece must promote"),
    knob("promotion.on-capture", Choice(&["none", "any-capture", "capture-and-move"]), Word("none"), "capture promotion: which captures promote the capturer"),
    knob("promotion.capture-optional", Bool, Flag(false), "may a capture promotion be declined"),
    knob("promotion.non-promoting-capture", Choice(&["capture-unchanged", "cannot-capture"]), Word("capture-unchanged"), "what a piece without promotion does when it captures under capture promotion"),
    knob("promotion.stationary-moves", Choice(&["allowed", "not-allowed"]), Word("allowed"), "may a move that returns to its start square promote"),
    knob("promotion.in-place", Choice(&["none", "by-stationary-move", "any-piece-any-time"]), Word("none"), "promotion without moving"),
    knob("promotion.decided", Choice(&["after-whole-move", "per-leg"]), Word("after-whole-move"), "when a multi-leg move's promotion is decided"),
    knob("promotion.namesakes", Choice(&["promoted-copies", "unpromoted-type"]), Word("promoted-copies"), "are promoted pieces named like an unpromoted type that type"),
    knob("promotion.last-rank", Pieces, Empty, "pieces that may promote on reaching the last rank"),
    knob("promotion.last-rank-optional", Bool, Flag(true), "is the last-rank promotion optional"),
    knob("promotion.last-rank-timing", Choice(&["on-arrival", "any-time"]), Word("on-arrival"), "when the last-rank promotion may be taken"),
    knob("promotion.deva", Choice(&["none", "promotable-only", "all-non-royal"]), Word("none"), "which pieces the Deva/Dark Spirit rule promotes"),
    knob("promotion.deva-priority", Choice(&["special-wins", "own-promotion-first"]), Word("special-wins"), "which promotion applies when both could"),
    knob("promotion.deva-multi-capture", Choice(&["first-special-capture", "last-special-capture", "second-capture"]), Word("last-special-capture"), "which capture of a multi-capture decides the special promotion"),
    knob("promotion.after-drop", Choice(&["enter-from-outside", "move-ending-in-zone", "starts-or-ends-in-zone"]), Unset("a dropped piece promotes as promotion.trigger says of every piece"), "how a piece dropped in the zone may promote"),
    knob("promotion.permanent", Choice(&["until-captured", "until-captured-or-first-zone"]), Word("until-captured"), "how long a promotion lasts"),
    // Drops.
    knob("drops.enabled", Bool, Flag(false), "are captured pieces dropped"),
    knob("drops.unpromoted", Bool, Flag(true), "are pieces always dropped unpromoted"),
    knob("drops.nifu", Choice(&["none", "own-unpromoted"]), Word("none"), "the two-pawns-on-a-file ban"),
    knob("drops.nifu-pieces", Pieces, Empty, "pieces that count for the two-pawns ban"),
    knob("drops.rank-ban", RanksPerPiece, Empty, "ranks where a piece may not be dropped"),
    knob("drops.zone-ban", Zones, Empty, "zones where nothing may be dropped"),
    knob("drops.palace-only", Pieces, Empty, "pieces dropped only inside the own palace"),
    knob("drops.palace-ban", Choice(&["none", "own", "both"]), Word("none"), "palaces other pieces may not be dropped into"),
    knob("drops.pawn-mate", Choice(&["allowed", "no-mate", "no-check"]), Word("allowed"), "may a pawn drop mate (or check)"),
    knob("drops.pawn-mate-pieces", Pieces, SameAs("drops.nifu-pieces"), "the pieces the pawn-drop ban (drops.pawn-mate) is about; default drops.nifu-pieces"),
    knob("drops.pawn-mate-extra-turn", Choice(&["is-mate", "not-mate"]), Word("is-mate"), "is a checking pawn drop that wins by extra-turn.check = wins a mate by pawn drop (banned by drops.pawn-mate)"),
    knob("drops.pawn-mate-screen", Choice(&["none", "own-guns", "any-guns"]), Word("none"), "does a pawn drop that mates as a screen count"),
    knob("drops.dead-piece", Choice(&["allowed", "actual-move", "empty-board", "forward-square"]), Word("allowed"), "when a piece counts as never able to move again (drop ban)"),
    knob("drops.per-turn", Choice(&["instead-of-move", "in-addition"]), Word("instead-of-move"), "is a drop a whole turn"),
    // Turn skipping.
    knob("skip.null-move", Choice(&["allowed", "illegal"]), Word("illegal"), "may a player pass without a piece"),
    knob("skip.by-piece", Choice(&["allowed", "illegal"]), Word("allowed"), "may a piece pass by moving out and back"),
    knob("skip.squares", Choice(&["any-adjacent-empty", "own-igui-or-area-squares", "per-piece-string"]), Word("own-igui-or-area-squares"), "which pieces may skip"),
    knob("skip.limit", Choice(&["none", "no-two-own-in-a-row", "not-after-opponent-skip", "both"]), Word("none"), "how often skipping is allowed"),
    knob("skip.promotion-exempt", Bool, Flag(false), "is a stationary promotion exempt from the skip limit"),
    knob("skip.missing-piece", Choice(&["ignored", "no-skip"]), Word("ignored"), "what a skip rule naming a piece the game lacks means"),
    // Game end.
    knob("end.royals", Choice(&["last-royal-captured", "any-royal-captured", "checkmate"]), Word("last-royal-captured"), "when losing royals ends the game"),
    knob("end.checkmate", Choice(&["terminal", "not-terminal", "by-capture"]), Word("by-capture"), "does checkmate end the game at once"),
    knob("end.stalemate", Choice(&["none", "draw", "loss", "win", "loss-if-one-royal-else-draw"]), Word("none"), "result for the player who cannot move"),
    knob("end.stalemate-condition", Choice(&["no-legal-move", "no-safe-move"]), Word("no-legal-move"), "what 'cannot move' means"),
    knob("end.illegal-move", Choice(&["none", "loss"]), Word("none"), "does making an illegal move lose"),
    knob("end.repetition", Choice(&["none", "draw", "loss-for-repeater"]), Word("none"), "result of repetition"),
    knob("end.repetition-count", Int(2, 9), Number(4), "how many times a position recurs to end the game"),
    knob("end.repetition-identity", Choice(&["board-side", "board-side-skip-state", "board-hands-side"]), Word("board-side"), "what makes two positions the same"),
    knob("end.repetition-exclude", Choice(&["none", "positions-after-skips", "illegal-skips"]), Word("none"), "positions not counted toward repetition"),
    knob("end.repetition-counted-at", Choice(&["turn-boundaries", "every-action"]), Word("turn-boundaries"), "when positions are counted"),
    knob("end.perpetual-check", Choice(&["none", "checker-loses", "move-illegal"]), Word("none"), "the perpetual check rule"),
    knob("end.perpetual-check-detect", Choice(&["repetition-all-checks", "consecutive-checks"]), Word("repetition-all-checks"), "how perpetual check is detected"),
    knob("end.perpetual-check-count", Int(2, 9), SameAs("end.repetition-count"), "checks or repetitions that make a perpetual"),
    knob("end.impasse", Choice(&["none", "points"]), Word("none"), "the impasse rule"),
    knob("end.impasse-threshold", Int(0, 999), Number(0), "points a player needs to win (or not lose) an impasse"),
    knob("end.impasse-count", Choice(&["board", "board-and-hand"]), Word("board"), "which pieces count for impasse points"),
    knob("end.impasse-five", Pieces, Empty, "pieces worth five points"),
    knob("end.impasse-trigger", Choice(&["repetition", "both-kings-in-zone"]), Word("both-kings-in-zone"), "when an impasse is declared"),
    knob("end.precedence", Words(&["impasse", "perpetual-check", "repetition"]), Empty, "which end rule wins when several apply"),
    knob("end.bare-king", Choice(&["none", "loss", "loss-unless-hand"]), Word("none"), "the bare-king rule"),
    knob("end.bare-king-when", Choice(&["immediately", "after-own-turn"]), Word("immediately"), "when the bare-king rule applies"),
    // Heian Ryu's extra turn and demotion.
    knob("extra-turn.after", Choice(&["none", "drop-in-first-zone"]), Word("none"), "what earns an extra turn"),
    knob("extra-turn.optional", Bool, Flag(true), "may the extra turn be declined"),
    knob("extra-turn.uses", Choice(&["any", "drop"]), Word("any"), "what the extra turn may be used for"),
    knob("extra-turn.max-consecutive", Int(1, 9), Number(2), "turns in a row one player may take"),
    knob("extra-turn.legality", Choice(&["end-of-turn", "each-action"]), Word("each-action"), "when self-check is judged in a double turn"),
    knob("extra-turn.check", Choice(&["ignored", "wins", "forfeits-extra-turn"]), Word("ignored"), "what check given by the first action means"),
    knob("demotion.on", Choice(&["none", "enter-first-zone", "enter-first-zone-non-capture"]), Word("none"), "when a promoted piece is demoted"),
    knob("demotion.repromote", Choice(&["forced", "optional"]), Word("forced"), "may a demoted piece promote again"),
    // Zone-dependent moves (Ryu).
    knob("zone-moves.by", Choice(&["destination", "origin"]), Word("origin"), "which square's zone decides a move"),
    knob("zone-moves.promoted", Choice(&["own-move", "third-zone"]), Word("own-move"), "what promoted pieces move like"),
    knob("zone-moves.frame", Choice(&["player", "board"]), Word("player"), "are left and right the player's or the board's"),
    // The Lion-trading rules of Chu Shogi (specs/chu.toml).
    knob("lion-trade.lions", Pieces, Empty, "the pieces the Lion-trading rules call Lions (empty: the game has no Lion-trading rules)"),
    knob("lion-trade.distant-protected", Choice(&["allowed", "banned"]), Word("allowed"), "may a Lion capture an enemy Lion that is not adjacent to the Lion's start square and that the enemy protects (judged with the capture made: could the enemy then capture on that square)"),
    knob("lion-trade.protectors", Choice(&["left-after-the-move", "taken-pieces-too"]), Word("left-after-the-move"), "which pieces protect a distant Lion: those left once the move is made, or also a piece the Lion takes on its way, as it stood (lishogi)"),
    knob("lion-trade.bridge", Choice(&["none", "any-capture", "any-but-listed"]), Word("none"), "the bridge capture: does another capture in the same move lift the distant-protected ban (any-but-listed: a capture of a piece not in lion-trade.bridge-excluded)"),
    knob("lion-trade.bridge-excluded", Pieces, Empty, "pieces whose capture does not make a bridge (lion-trade.bridge = any-but-listed)"),
    knob("lion-trade.counter-strike", Choice(&["none", "no-non-lion-capture"]), Word("none"), "after a non-Lion captures a Lion, may the opponent's next move capture a Lion with a non-Lion (no-non-lion-capture: it may not)"),
    knob("lion-trade.counter-strike-same-square", Choice(&["banned", "allowed"]), Word("banned"), "under the counter-strike ban, may a non-Lion still capture a Lion on the square where the Lion was just taken (the capturer, if it promoted to a Lion there)"),
    // Additions for one document go below, in a block headed by the spec's id.
    // shogi/xiangqi:
    knob("end.impasse-declaration", Choice(&["none", "king-in-zone"]), Word("none"), "impasse by declaration (in place of end.impasse-trigger): the player to move, not in check, with the king in the promotion zone, declares; the declarer wins if the conditions hold, else loses"),
    knob("end.impasse-squares", Choice(&["anywhere", "promotion-zone"]), Word("anywhere"), "where a board piece must stand to count toward impasse points"),
    knob("end.impasse-min-pieces", Int(0, 99), Number(0), "pieces besides the king a declarer must have in the promotion zone"),
    knob("end.impasse-threshold-second", Int(0, 999), SameAs("end.impasse-threshold"), "points the second player needs, where it differs from end.impasse-threshold (then the first player's)"),
    knob("end.perpetual-chase", Choice(&["none", "chaser-loses"]), Word("none"), "the perpetual chase rule (Xiangqi): a player whose every move in a repetition chases the same piece must vary or loses"),
    // shoogantshii:
    knob("drops.palace-only-zone", Zone, Word("none"), "the zone the drops.palace-only pieces may be dropped into (the whole palace, or only the points of it their move uses)"),
    // hook:
    knob("promotion.deva-targets", Pieces, Empty, "pieces whose capture, or the capture of their promoted form, promotes the capturer to their promoted form (the Deva/Dark Spirit rule)"),
    knob("promotion.deva-exempt", Pieces, Empty, "pieces the Deva/Dark Spirit rule leaves alone: they take their own promotion, or stay as they are if it is taken"),
];

/// Settings under a piece's `ability` table.
pub const ABILITIES: &[Knob] = &[
    knob("burn.max", Int(0, 8), Number(0), "how many adjacent pieces the piece burns after moving"),
    knob("burn.targets", Choice(&["enemy", "any", "any-but-own-royals"]), Word("enemy"), "which pieces it may burn (and take by igui): enemies, any, or any but its own royals"),
    knob("burn.immune", Pieces, Empty, "pieces that are never burned"),
    knob("burn.optional", Bool, Flag(true), "is burning the player's choice"),
    knob("burn.passive", Bool, Flag(false), "does it burn on the opponent's turn (Tenjiku)"),
    knob("burn.after-area-move", Choice(&["always", "never", "non-capturing"]), Word("always"), "does it burn after an area move"),
    knob("burn.after-igui", Bool, Flag(false), "does it burn after capturing without moving"),
    knob("burn.arrival-capture", Choice(&["counted", "extra"]), Word("extra"), "does the capture on arrival count toward the burns"),
    knob("burn.immunity-covers", Choice(&["burn-only", "burn-and-igui"]), Word("burn-only"), "does burn immunity also stop igui captures"),
    knob("area-move.steps", Int(1, 9), Unset("no area move: the XBetza string states the move"), "King steps in an area move"),
    knob("area-move.stop-at-capture", Bool, Unset("no area move: the XBetza string states the move"), "does an area move end at its first capture"),
    knob("igui.max", Int(1, 9), Number(9), "captures without moving in one turn"),
    knob("freeze.range", Choice(&["adjacent", "board"]), Word("adjacent"), "which enemy pieces it freezes"),
    knob("freeze.targets", Choice(&["enemy", "any"]), Word("enemy"), "whose pieces it freezes"),
    knob("freeze.blocks", Choice(&["all-moves", "moves-leaving-square"]), Word("all-moves"), "what a frozen piece cannot do: anything, or anything but capturing without moving (igui; a pass stays forbidden)"),
    knob("freeze.timing", Choice(&["start-of-turn", "also-mid-move"]), Word("start-of-turn"), "when freezing is judged"),
    knob("freeze.immune", Pieces, Empty, "pieces it cannot freeze"),
    knob("jump.max-jumped", Int(0, 9), Number(9), "how many pieces one jump may pass over"),
    knob("jump.rank-limit", Choice(&["none", "jump-only", "jump-and-capture"]), Word("none"), "does the jump rank limit jumping (and capturing)"),
    knob("jump.capture-jumped", Bool, Flag(true), "may it capture the enemy pieces it jumps"),
    knob("jump.capture-jumped-royals", Bool, Flag(true), "may it capture jumped royals"),
    knob("jump.landing", Choice(&["capture", "capture-or-empty", "after-any-capture"]), Word("capture-or-empty"), "where a jump may end: only on a capture; anywhere the XBetza lets it (empty squares too); on an empty square only if the move captured a jumped piece"),
    knob("jump.capture-targets", Choice(&["any", "lower-rank"]), Word("any"), "which pieces it may capture by moving"),
    knob("protected-royal-ban.scope", Choice(&["all-royals", "emperor-only"]), Word("all-royals"), "which royals may not be captured while protected"),
    knob("protected-royal-ban.measured", Choice(&["before-capture", "after-capture"]), Word("after-capture"), "when protection is judged"),
    knob("confine", Zone, Word("none"), "the zone the piece may never leave (a palace; the Xiangqi elephant's own half)"),
    knob("flying-capture", Choice(&["none", "move", "shoot"]), Word("none"), "capture of the enemy king along an open file"),
    knob("cannon.screens", Choice(&["any", "non-cannon"]), Word("any"), "which pieces may serve as a screen"),
    knob("zone-moves", BetzaPerZone, Empty, "the move in each zone (zone id = XBETZA)"),
    knob("pass", Bool, Flag(false), "may the piece pass (skip the turn) in place"),
    // Additions for one document go below, in a block headed by the spec's id.
    // suzumu:
    knob("burn.return-to-start", Choice(&["igui", "burn"]), Word("igui"), "are captures of pieces next to the start square after an area move back to it igui (burn immunity does not apply) or a burn"),
    knob("jump.capture-jumped-rank", Choice(&["lower-only", "any"]), Word("any"), "may it jump and capture an enemy its rank would not let it jump (a non-royal of equal or higher rank; royals: jump.capture-jumped-royals)"),
];

/// The knob at `path` in `catalogue`.
pub fn find(catalogue: &'static [Knob], path: &str) -> Option<&'static Knob> {
    catalogue.iter().find(|k| k.path == path)
}

/// Is `prefix` the beginning of some knob's path (a table level such as `skip`)?
pub fn is_table(catalogue: &'static [Knob], prefix: &str) -> bool {
    catalogue
        .iter()
        .any(|k| k.path.len() > prefix.len() && k.path.starts_with(prefix) && k.path.as_bytes()[prefix.len()] == b'.')
}

/// The closest known path, for "did you mean" hints.
pub fn closest(catalogue: &'static [Knob], path: &str) -> Option<&'static str> {
    catalogue
        .iter()
        .map(|k| (edit_distance(k.path, path), k.path))
        .filter(|(d, p)| *d <= p.len() / 3 + 1)
        .min()
        .map(|(_, p)| p)
}

/// Levenshtein distance, for "did you mean" hints and misspelt names.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j])).min(row[j] + 1).min(row[j + 1] + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// A validated setting value.
#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    Word(String),
    Bool(bool),
    Int(i64),
    List(Vec<String>),
    RanksPerPiece(BTreeMap<String, Vec<u8>>),
    BetzaPerZone(BTreeMap<String, String>),
}

/// A setting's value as text, in one of two forms:
/// - `{}`: as people read it in tables and listings (`kensho show`, `kensho settings`, the
///   engine's messages): `allowed`, `[P, L]`, `N: [8, 9]; P: [9]`;
/// - `{:#}`: as a spec writes it in TOML (`kensho diff`, which quotes the changed lines):
///   `"allowed"`, `["P", "L"]`, `{ N = [8, 9], P = [9] }`.
impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let toml = f.alternate();
        let joined = |items: Vec<String>, sep: &str| items.join(sep);
        match self {
            Setting::Word(w) if toml => write!(f, "\"{w}\""),
            Setting::Word(w) => f.pad(w),
            Setting::Bool(b) => write!(f, "{b}"),
            Setting::Int(n) => write!(f, "{n}"),
            Setting::List(items) if toml => {
                write!(f, "[{}]", joined(items.iter().map(|i| format!("\"{i}\"")).collect(), ", "))
            }
            Setting::List(items) => write!(f, "[{}]", items.join(", ")),
            Setting::RanksPerPiece(map) if toml => {
                let ranks = |r: &[u8]| joined(r.iter().map(u8::to_string).collect(), ", ");
                write!(f, "{{ {} }}", joined(map.iter().map(|(p, r)| format!("{p} = [{}]", ranks(r))).collect(), ", "))
            }
            Setting::RanksPerPiece(map) => {
                write!(f, "{}", joined(map.iter().map(|(p, r)| format!("{p}: {r:?}")).collect(), "; "))
            }
            Setting::BetzaPerZone(map) if toml => {
                write!(f, "{{ {} }}", joined(map.iter().map(|(z, b)| format!("{z} = \"{b}\"")).collect(), ", "))
            }
            Setting::BetzaPerZone(map) => {
                write!(f, "{}", joined(map.iter().map(|(z, b)| format!("{z}: {b}")).collect(), "; "))
            }
        }
    }
}

/// What a value must be checked against beyond its shape: the spec's piece and zone ids.
pub struct Names<'a> {
    pub pieces: &'a dyn Fn(&str) -> bool,
    pub zones: &'a dyn Fn(&str) -> bool,
}

/// Checks one value against its kind.
pub fn validate(kind: Kind, value: &toml::Value, names: &Names) -> Result<Setting, String> {
    use toml::Value as V;
    let strings = |v: &V| -> Result<Vec<String>, String> {
        match v {
            V::Array(items) => items
                .iter()
                .map(|i| i.as_str().map(str::to_string).ok_or_else(|| format!("expected {}", kind.describe())))
                .collect(),
            _ => Err(format!("expected {}", kind.describe())),
        }
    };
    let ranks = |v: &V| -> Result<Vec<u8>, String> {
        match v {
            V::Array(items) => items
                .iter()
                .map(|i| match i.as_integer() {
                    Some(n) if (1..=26).contains(&n) => Ok(n as u8),
                    _ => Err(format!("expected ranks 1 to 26, found {i}")),
                })
                .collect(),
            _ => Err(format!("expected {}", kind.describe())),
        }
    };
    match kind {
        Choice(words) => match value.as_str() {
            Some(w) if words.contains(&w) => Ok(Setting::Word(w.to_string())),
            _ => Err(format!("expected {}, found {value}", kind.describe())),
        },
        Bool => value.as_bool().map(Setting::Bool).ok_or_else(|| format!("expected true or false, found {value}")),
        Int(lo, hi) => match value.as_integer() {
            Some(n) if (lo..=hi).contains(&n) => Ok(Setting::Int(n)),
            _ => Err(format!("expected {}, found {value}", kind.describe())),
        },
        Pieces => {
            let list = strings(value)?;
            if let Some(bad) = list.iter().find(|p| !(names.pieces)(p)) {
                return Err(format!("unknown piece id '{bad}'"));
            }
            Ok(Setting::List(list))
        }
        Zones => {
            let list = strings(value)?;
            if let Some(bad) = list.iter().find(|z| !(names.zones)(z)) {
                return Err(format!("unknown zone '{bad}'"));
            }
            Ok(Setting::List(list))
        }
        Zone => match value.as_str() {
            Some("none") => Ok(Setting::Word("none".into())),
            Some(z) if (names.zones)(z) => Ok(Setting::Word(z.into())),
            Some(z) => Err(format!("unknown zone '{z}'")),
            None => Err(format!("expected {}, found {value}", kind.describe())),
        },
        Words(words) => {
            let list = strings(value)?;
            if let Some(bad) = list.iter().find(|w| !words.contains(&w.as_str())) {
                return Err(format!("'{bad}' is not one of {}", quote_list(words)));
            }
            Ok(Setting::List(list))
        }
        RanksPerPiece => {
            let table = value.as_table().ok_or_else(|| format!("expected {}", kind.describe()))?;
            let mut out = BTreeMap::new();
            for (piece, r) in table {
                if !(names.pieces)(piece) {
                    return Err(format!("unknown piece id '{piece}'"));
                }
                out.insert(piece.clone(), ranks(r)?);
            }
            Ok(Setting::RanksPerPiece(out))
        }
        BetzaPerZone => {
            let table = value.as_table().ok_or_else(|| format!("expected {}", kind.describe()))?;
            let mut out = BTreeMap::new();
            for (zone, b) in table {
                if !(names.zones)(zone) {
                    return Err(format!("unknown zone '{zone}'"));
                }
                let text = b.as_str().ok_or_else(|| format!("expected an XBetza string for zone '{zone}'"))?;
                out.insert(zone.clone(), text.to_string());
            }
            Ok(Setting::BetzaPerZone(out))
        }
    }
}

/// A spec's settings as the rules mean them: the value a spec (or a reading) states, else the
/// catalogue's default. Every reader of settings goes through this, so a setting left out
/// means the same to the engine, the checker, the SMT fragments and `kensho settings`.
#[derive(Clone, Copy)]
pub struct Effective<'a> {
    stated: &'a BTreeMap<String, Setting>,
    catalogue: &'static [Knob],
}

impl<'a> Effective<'a> {
    /// A game's `[rules]`.
    pub fn rules(stated: &'a BTreeMap<String, Setting>) -> Self {
        Effective { stated, catalogue: RULES }
    }

    /// One piece's `ability` table.
    pub fn abilities(stated: &'a BTreeMap<String, Setting>) -> Self {
        Effective { stated, catalogue: ABILITIES }
    }

    /// The declaration of `path`. A path the catalogue lacks is a mistake in kensho's own
    /// code, not in a spec (specs are validated against the catalogue when loaded); the
    /// test `every_setting_read_is_declared` finds such paths before they run.
    pub fn knob(&self, path: &str) -> &'static Knob {
        find(self.catalogue, path).unwrap_or_else(|| panic!("setting '{path}' is not in the catalogue"))
    }

    /// The value the spec states, if it states one.
    pub fn stated(&self, path: &str) -> Option<&'a Setting> {
        self.stated.get(path)
    }

    pub fn is_stated(&self, path: &str) -> bool {
        self.stated.contains_key(path)
    }

    /// Does the spec state any setting below `prefix` (a piece has the `freeze.` ability)?
    pub fn states_any(&self, prefix: &str) -> bool {
        self.stated.keys().any(|k| k.starts_with(prefix))
    }

    /// The effective value; None where the default is `Unset`.
    pub fn value(&self, path: &str) -> Option<Setting> {
        if let Some(v) = self.stated(path) {
            return Some(v.clone());
        }
        let knob = self.knob(path);
        match knob.default {
            DefaultValue::Word(w) => Some(Setting::Word(w.into())),
            DefaultValue::Flag(b) => Some(Setting::Bool(b)),
            DefaultValue::Number(n) => Some(Setting::Int(n)),
            DefaultValue::Empty => Some(match knob.kind {
                Kind::RanksPerPiece => Setting::RanksPerPiece(BTreeMap::new()),
                Kind::BetzaPerZone => Setting::BetzaPerZone(BTreeMap::new()),
                _ => Setting::List(Vec::new()),
            }),
            DefaultValue::SameAs(other) => self.value(other),
            DefaultValue::Unset(_) => None,
        }
    }

    /// A word setting (a choice or a zone id).
    pub fn word(&self, path: &str) -> &'a str {
        match self.stated(path) {
            Some(Setting::Word(w)) => w,
            _ => match self.knob(path).default {
                DefaultValue::Word(w) => w,
                DefaultValue::SameAs(other) => self.word(other),
                _ => "",
            },
        }
    }

    pub fn flag(&self, path: &str) -> bool {
        match self.stated(path) {
            Some(Setting::Bool(b)) => *b,
            _ => match self.knob(path).default {
                DefaultValue::Flag(b) => b,
                DefaultValue::SameAs(other) => self.flag(other),
                _ => false,
            },
        }
    }

    pub fn int(&self, path: &str) -> i64 {
        match self.stated(path) {
            Some(Setting::Int(n)) => *n,
            _ => match self.knob(path).default {
                DefaultValue::Number(n) => n,
                DefaultValue::SameAs(other) => self.int(other),
                _ => 0,
            },
        }
    }

    /// A list setting (pieces, zones, words).
    pub fn list(&self, path: &str) -> &'a [String] {
        match self.stated(path) {
            Some(Setting::List(items)) => items,
            _ => match self.knob(path).default {
                DefaultValue::SameAs(other) => self.list(other),
                _ => &[],
            },
        }
    }

    /// A table of piece id -> ranks.
    pub fn ranks_per_piece(&self, path: &str) -> BTreeMap<String, Vec<u8>> {
        match self.stated(path) {
            Some(Setting::RanksPerPiece(m)) => m.clone(),
            _ => BTreeMap::new(),
        }
    }

    /// A zone setting: None for "none".
    pub fn zone(&self, path: &str) -> Option<&'a str> {
        Some(self.word(path)).filter(|z| !z.is_empty() && *z != "none")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_paths_are_unique_and_leaves() {
        for cat in [RULES, ABILITIES] {
            for (i, k) in cat.iter().enumerate() {
                assert!(cat[i + 1..].iter().all(|o| o.path != k.path), "{} twice", k.path);
                assert!(!is_table(cat, k.path), "{} is both a setting and a table", k.path);
            }
        }
    }

    /// The two forms of a value, written out by hand; and the TOML form read back through
    /// `validate` gives the value again (what `kensho diff` quotes is what a spec would say).
    #[test]
    fn a_setting_prints_for_people_and_as_toml() {
        let ranks = BTreeMap::from([("N".to_string(), vec![8, 9]), ("P".to_string(), vec![9])]);
        let moves = BTreeMap::from([("castle".to_string(), "WfF".to_string())]);
        let cases = [
            (Setting::Word("allowed".into()), Kind::Choice(&["allowed", "illegal"]), "allowed", "\"allowed\""),
            (Setting::Bool(true), Kind::Bool, "true", "true"),
            (Setting::Int(4), Kind::Int(0, 9), "4", "4"),
            (Setting::List(vec!["P".into(), "L".into()]), Kind::Pieces, "[P, L]", "[\"P\", \"L\"]"),
            (Setting::RanksPerPiece(ranks), Kind::RanksPerPiece, "N: [8, 9]; P: [9]", "{ N = [8, 9], P = [9] }"),
            (Setting::BetzaPerZone(moves), Kind::BetzaPerZone, "castle: WfF", "{ castle = \"WfF\" }"),
        ];
        let names = Names { pieces: &|_| true, zones: &|_| true };
        for (value, kind, people, toml_text) in cases {
            assert_eq!(value.to_string(), people);
            assert_eq!(format!("{value:#}"), toml_text);
            let read: toml::Table = toml::from_str(&format!("x = {value:#}")).expect("the TOML form parses");
            assert_eq!(validate(kind, &read["x"], &names), Ok(value.clone()), "{toml_text} reads back");
        }
    }

    #[test]
    fn closest_suggests_near_misses_only() {
        assert_eq!(closest(RULES, "skip.limt"), Some("skip.limit"));
        assert_eq!(closest(RULES, "zzzzzzzzzzzz"), None);
    }
}
