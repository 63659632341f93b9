//! The properties file: `properties/<spec>.toml`, one `[[invariant]]` per rule restated as a
//! predicate, each with an id, a kind, the clauses it checks, its parameters and why.
//!
//! ```toml
//! spec = "suzumu"
//!
//! [[invariant]]
//! id = "fire-demon-never-burned"
//! kind = "burn"
//! clauses = ["SUZ-66"]
//! max = 2
//! immune = ["FD", "+WB"]
//! why = "..."
//! ```
//!
//! Parsing is strict (unknown fields are errors) and every error names the file, line and
//! column.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Properties {
    /// The spec's `[game] id`.
    pub(crate) spec: String,
    #[serde(default, rename = "invariant")]
    pub invariants: Vec<Invariant>,
    /// Encoded clauses no invariant checks, each with the reason.
    #[serde(default)]
    pub unchecked: Vec<Unchecked>,
    /// More clauses for the generic invariants to cite: `[generic.promotion-map]` with
    /// `clauses` and `why` (names: record, make-unmake, round-trip, promotion-map, rotation,
    /// notation:<piece id>).
    #[serde(default)]
    pub(crate) generic: BTreeMap<String, GenericCitation>,
    /// `[[position]]`: positions designed by hand, judged on every run like the designed ones
    /// (for an invariant no random position reaches, such as a smothered Palace).
    #[serde(default, rename = "position")]
    pub(crate) positions: Vec<HandPosition>,
}

impl Properties {
    /// No properties file: no invariant of the document's own, only the generic ones.
    pub(crate) fn none(spec: &str) -> Properties {
        Properties {
            spec: spec.to_string(),
            invariants: Vec::new(),
            unchecked: Vec::new(),
            generic: BTreeMap::new(),
            positions: Vec::new(),
        }
    }
}

/// A position designed by hand: its position string and what it is for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandPosition {
    pub(crate) text: String,
    pub why: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenericCitation {
    pub(crate) clauses: Vec<String>,
    pub(crate) why: String,
}

/// `[[unchecked]]`: encoded clauses that no transition can witness, and why (for example a
/// clause about the board's size, which every position embodies).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unchecked {
    pub clauses: Vec<String>,
    pub(crate) why: String,
}

// No deny_unknown_fields here: serde cannot combine it with `flatten`; `parse` checks the
// fields of every invariant against its kind instead.
#[derive(Clone, Debug, Deserialize)]
pub struct Invariant {
    pub id: String,
    #[serde(flatten)]
    pub kind: InvariantKind,
    pub clauses: Vec<String>,
    /// Why the invariant says what the clauses say (the reading it follows, if any).
    pub(crate) why: String,
    /// The invariants derived from the spec's settings that this one replaces
    /// (`derived:promotion`, or a family such as `derived:confined`; src/check/derived.rs).
    #[serde(default)]
    pub overrides: Vec<String>,
}

/// The invariant kinds and their parameters (docs/check.md). Piece and zone names are the
/// spec's ids; ranks count from the owner's side, 1-based.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum InvariantKind {
    /// Burns (the captures a move makes after its piece arrives): each next to the
    /// destination, at most `max`, never of an `immune` piece.
    Burn { max: usize, immune: Vec<String> },
    /// No player makes two skips (passes or null moves) in a row: `own-turns` counts the
    /// mover's own previous turn, `any-turns` also forbids a skip right after the opponent's,
    /// `opponent-turn` forbids only that.
    NoConsecutiveSkips {
        #[serde(default)]
        scope: SkipScope,
    },
    /// After every move, none of these pieces stands unpromoted on its forced ranks.
    ForcedPromotion { ranks: BTreeMap<String, Vec<u8>> },
    /// These pieces never stand outside their owner's `zone` (a move that captures the last
    /// enemy royal is exempt where `exempt-royal-captures`: the flying general's capture).
    Confined {
        pieces: Vec<String>,
        zone: String,
        #[serde(default)]
        exempt_royal_captures: bool,
    },
    /// A jumping piece passes over at most `max` pieces per move, each of a lower jump rank
    /// than its own (pieces without a rank rank below every ranked piece); the pieces it takes
    /// on the way are of a lower rank too (unless `capture-any-rank`) and never royal (unless
    /// `capture-royals`).
    RankJump {
        pieces: Vec<String>,
        max: usize,
        #[serde(default)]
        capture_royals: bool,
        #[serde(default)]
        capture_any_rank: bool,
    },
    /// A piece within `range` (king steps) of a `freezers` piece of the other side (or of
    /// either side's, `side = both`) does not move; `immune` pieces are never frozen; where
    /// `may-igui`, a frozen piece may still capture without leaving its square.
    Frozen {
        freezers: Vec<String>,
        range: u8,
        #[serde(default)]
        immune: Vec<String>,
        #[serde(default)]
        side: FreezeSide,
        #[serde(default)]
        may_igui: bool,
    },
    /// Drop restrictions (`*` as a piece: every piece): `ranks` a piece may not be dropped
    /// on; `zones` it may not be dropped in (`own:Z`, `enemy:Z`, or `Z` = own); `only-zone`
    /// it may be dropped only in (own); `one-per-file`: never two of the mover's unpromoted
    /// pieces of this type on one file after a drop; `unpromoted`: only unpromoted types are
    /// dropped.
    Drops {
        #[serde(default)]
        ranks: BTreeMap<String, Vec<u8>>,
        #[serde(default)]
        zones: BTreeMap<String, Vec<String>>,
        #[serde(default)]
        only_zone: BTreeMap<String, String>,
        #[serde(default)]
        one_per_file: Vec<String>,
        #[serde(default)]
        unpromoted: bool,
    },
    /// A drop of one of these pieces never mates: the opponent has a reply after which the
    /// dropper cannot take a royal, judged by the engine's legal moves of both positions.
    PawnDropMate { pieces: Vec<String> },
    /// Royals facing each other on a file with nothing between: `never-face` (no move leaves
    /// its own royal facing the enemy's), or `may-capture` (the side to move can then take the
    /// enemy royal from afar).
    FlyingKing { royals: Vec<String>, rule: FlyingRule },
    /// Zone-dependent moves: a move of a piece with zone moves follows the move of the zone its
    /// origin (`by = origin`) or its destination (`by = destination`) is in, zones and left and
    /// right seen from the owner (`frame = player`) or from the first player (`frame = board`);
    /// promoted forms move as their unpromoted piece's `promoted-zone` move, where given.
    ZoneMoves {
        by: ZoneBy,
        #[serde(default)]
        frame: ZoneFrame,
        #[serde(default)]
        promoted_zone: Option<String>,
    },
    /// A capture promotes the capturer (a piece that has a promotion) at once; capturing one
    /// of `deva`'s pieces turns the capturer into the piece it names instead (the last such
    /// capture on the path), unless the capturer is `exempt`.
    CapturePromotion {
        #[serde(default)]
        deva: BTreeMap<String, String>,
        #[serde(default)]
        exempt: Vec<String>,
    },
    /// These pieces never capture one of `royals` that the other side could take back on its
    /// square after the capture (judged by the engine's replies in the position after).
    ProtectedRoyalBan { pieces: Vec<String>, royals: Vec<String> },
    /// Chu Shogi's Lion-trading rules, restated over the `lions`: a Lion that takes an enemy
    /// Lion standing more than one step from the Lion's start square, in a move that takes no
    /// other piece outside `no-bridge` (with `bridge = false`: no other piece at all), leaves
    /// the opponent no legal move that takes back on that square (the Lion was unprotected);
    /// and where `counter-strike`, after a non-Lion takes a Lion, none of the opponent's legal
    /// replies takes a Lion with a non-Lion, except on the square where the Lion was taken
    /// when `same-square` (judged by the engine's replies in the position after).
    LionTrade {
        lions: Vec<String>,
        #[serde(default)]
        no_bridge: Vec<String>,
        #[serde(default = "yes")]
        bridge: bool,
        #[serde(default)]
        counter_strike: bool,
        #[serde(default)]
        same_square: bool,
    },
    /// The game ends exactly when a player's last royal is captured (`last-royal-captured`),
    /// or exactly when the side to move has no legal move (`no-legal-move`) or no move that
    /// keeps its royals unattacked (`no-safe-move`).
    GameEnd { by: EndBy },
    /// The `count`-th occurrence of a position (board and side, with hands where `hands`)
    /// at a turn boundary ends the game, and no repetition ends it sooner.
    Repetition {
        count: usize,
        #[serde(default)]
        hands: bool,
        /// At that occurrence, a player who gave check with every move since the position's
        /// first occurrence loses (perpetual check).
        #[serde(default)]
        perpetual_check_loses: bool,
    },
    /// Promotion: a move promotes only as `trigger` allows with respect to the `zone`
    /// (`in-zone-start-or-end`: it starts or ends there; `ends-in-zone`; `enters-zone`: starts
    /// outside, ends inside), to the piece the spec's map gives; where `optional`, every such
    /// move is offered both ways, except where the piece would stand on a `forced` rank
    /// unpromoted, and every non-promoting move the trigger allows has its promoting twin;
    /// where not `optional`, such a move must promote. The pieces of `last-rank` may also
    /// promote, optionally, on any move that reaches the last rank from another.
    Promotion {
        zone: String,
        trigger: PromotionTrigger,
        #[serde(default)]
        optional: bool,
        #[serde(default)]
        forced: BTreeMap<String, Vec<u8>>,
        #[serde(default)]
        last_rank: Vec<String>,
    },
    /// No move leaves one of the mover's royals attacked (moving into check is illegal).
    NoSelfCheck,
    // The generic invariants (src/check/generic.rs): every spec has them; a file cannot name them.
    #[serde(skip)]
    Record,
    #[serde(skip)]
    MakeUnmake,
    #[serde(skip)]
    RoundTrip,
    #[serde(skip)]
    PromotionMap,
    #[serde(skip)]
    Rotation,
    #[serde(skip)]
    Notation { piece: String },
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionTrigger {
    InZoneStartOrEnd,
    EndsInZone,
    EntersZone,
    /// Enters the zone from outside, or captures on a move that starts or ends in it.
    EntersOrCapturesInZone,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum SkipScope {
    /// Not right after the mover's own skip.
    #[default]
    OwnTurns,
    /// Not right after either player's skip.
    AnyTurns,
    /// Not right after the opponent's skip (the mover may skip twice in a row).
    OpponentTurn,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FreezeSide {
    #[default]
    Enemy,
    Both,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FlyingRule {
    NeverFace,
    MayCapture,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneBy {
    Origin,
    Destination,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneFrame {
    #[default]
    Player,
    Board,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum EndBy {
    LastRoyalCaptured,
    NoLegalMove,
    /// Every legal move (if any) leaves a royal of the side to move attacked.
    NoSafeMove,
}

impl InvariantKind {
    /// The parameters this kind takes (besides id, kind, clauses, why).
    fn parameters(&self) -> &'static [&'static str] {
        match self {
            InvariantKind::Burn { .. } => &["max", "immune"],
            InvariantKind::NoConsecutiveSkips { .. } => &["scope"],
            InvariantKind::ForcedPromotion { .. } => &["ranks"],
            InvariantKind::Confined { .. } => &["pieces", "zone", "exempt-royal-captures"],
            InvariantKind::RankJump { .. } => &["pieces", "max", "capture-royals", "capture-any-rank"],
            InvariantKind::Frozen { .. } => &["freezers", "range", "immune", "side", "may-igui"],
            InvariantKind::Drops { .. } => &["ranks", "zones", "only-zone", "one-per-file", "unpromoted"],
            InvariantKind::PawnDropMate { .. } => &["pieces"],
            InvariantKind::FlyingKing { .. } => &["royals", "rule"],
            InvariantKind::ZoneMoves { .. } => &["by", "frame", "promoted-zone"],
            InvariantKind::CapturePromotion { .. } => &["deva", "exempt"],
            InvariantKind::ProtectedRoyalBan { .. } => &["pieces", "royals"],
            InvariantKind::LionTrade { .. } => &["lions", "no-bridge", "bridge", "counter-strike", "same-square"],
            InvariantKind::GameEnd { .. } => &["by"],
            InvariantKind::Repetition { .. } => &["count", "hands", "perpetual-check-loses"],
            InvariantKind::Promotion { .. } => &["zone", "trigger", "optional", "forced", "last-rank"],
            _ => &[],
        }
    }

    /// The kind's name as written in the file.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            InvariantKind::Burn { .. } => "burn",
            InvariantKind::NoConsecutiveSkips { .. } => "no-consecutive-skips",
            InvariantKind::ForcedPromotion { .. } => "forced-promotion",
            InvariantKind::Confined { .. } => "confined",
            InvariantKind::RankJump { .. } => "rank-jump",
            InvariantKind::Frozen { .. } => "frozen",
            InvariantKind::Drops { .. } => "drops",
            InvariantKind::PawnDropMate { .. } => "pawn-drop-mate",
            InvariantKind::FlyingKing { .. } => "flying-king",
            InvariantKind::ZoneMoves { .. } => "zone-moves",
            InvariantKind::CapturePromotion { .. } => "capture-promotion",
            InvariantKind::ProtectedRoyalBan { .. } => "protected-royal-ban",
            InvariantKind::LionTrade { .. } => "lion-trade",
            InvariantKind::GameEnd { .. } => "game-end",
            InvariantKind::Repetition { .. } => "repetition",
            InvariantKind::Promotion { .. } => "promotion",
            InvariantKind::NoSelfCheck => "no-self-check",
            InvariantKind::Record => "record",
            InvariantKind::MakeUnmake => "make-unmake",
            InvariantKind::RoundTrip => "round-trip",
            InvariantKind::PromotionMap => "promotion-map",
            InvariantKind::Rotation => "rotation",
            InvariantKind::Notation { .. } => "notation",
        }
    }

    /// Every piece id the parameters name (`*` excluded), for validation against the spec.
    pub(crate) fn pieces(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        match self {
            InvariantKind::Burn { immune, .. } => out.extend(immune.iter().map(String::as_str)),
            InvariantKind::ForcedPromotion { ranks } => out.extend(ranks.keys().map(String::as_str)),
            InvariantKind::Promotion { forced, last_rank, .. } => {
                out.extend(forced.keys().chain(last_rank).map(String::as_str))
            }
            InvariantKind::Confined { pieces, .. }
            | InvariantKind::RankJump { pieces, .. }
            | InvariantKind::PawnDropMate { pieces } => out.extend(pieces.iter().map(String::as_str)),
            InvariantKind::Frozen { freezers, immune, .. } => {
                out.extend(freezers.iter().chain(immune).map(String::as_str))
            }
            InvariantKind::Drops { ranks, zones, only_zone, one_per_file, .. } => out.extend(
                ranks.keys().chain(zones.keys()).chain(only_zone.keys()).chain(one_per_file).map(String::as_str),
            ),
            InvariantKind::FlyingKing { royals, .. } => out.extend(royals.iter().map(String::as_str)),
            InvariantKind::CapturePromotion { deva, exempt } => {
                out.extend(deva.keys().chain(deva.values()).chain(exempt).map(String::as_str))
            }
            InvariantKind::ProtectedRoyalBan { pieces, royals } => {
                out.extend(pieces.iter().chain(royals).map(String::as_str))
            }
            InvariantKind::LionTrade { lions, no_bridge, .. } => {
                out.extend(lions.iter().chain(no_bridge).map(String::as_str))
            }
            _ => {}
        }
        out.retain(|p| *p != "*");
        out
    }

    /// Every zone id the parameters name (without `own:`/`enemy:`).
    pub(crate) fn zones(&self) -> Vec<&str> {
        match self {
            InvariantKind::Confined { zone, .. } | InvariantKind::Promotion { zone, .. } => vec![zone],
            InvariantKind::Drops { zones, only_zone, .. } => zones
                .values()
                .flatten()
                .map(|z| z.trim_start_matches("own:").trim_start_matches("enemy:"))
                .chain(only_zone.values().map(String::as_str))
                .collect(),
            InvariantKind::ZoneMoves { promoted_zone, .. } => promoted_zone.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        }
    }
}

/// Where in the file a validation error points: the `spec` key, or an invariant (by its place
/// in the file), a `[generic.NAME]` table or an `[[unchecked]]` entry, at the name that is
/// wrong or at one of its keys.
enum Place<'a> {
    Spec,
    Invariant(usize, Needle<'a>),
    Generic(&'a str, Needle<'a>),
    Unchecked(usize, Needle<'a>),
}

enum Needle<'a> {
    /// A string value (or a key: piece ids key `ranks`) equal to this name.
    Name(&'a str),
    /// This key of the table.
    Key(&'static str),
}

impl Properties {
    /// Checks the file against its spec: the spec id, clause ids, piece and zone names, and
    /// unique invariant ids. Errors name the file and the invariant.
    pub fn validate(
        &self,
        path: &str,
        game: &crate::spec::game::GameSpec,
        clause_ids: &[String],
    ) -> Result<(), String> {
        match self.problem(game, clause_ids) {
            None => Ok(()),
            Some((message, _)) => Err(format!("{path}: {message}")),
        }
    }

    /// `validate` with the file's text: the error also names the line and column of the name
    /// that is wrong (`path:line:column: invariant 'x': the spec has no piece Q`).
    pub fn validate_in(
        &self,
        path: &str,
        text: &str,
        game: &crate::spec::game::GameSpec,
        clause_ids: &[String],
    ) -> Result<(), String> {
        match self.problem(game, clause_ids) {
            None => Ok(()),
            Some((message, place)) => Err(match locate(text, &place) {
                Some(offset) => {
                    let (line, column) = line_column(text, offset);
                    format!("{path}:{line}:{column}: {message}")
                }
                None => format!("{path}: {message}"),
            }),
        }
    }

    /// The first thing wrong with the file against its spec, and where it stands.
    fn problem(&self, game: &crate::spec::game::GameSpec, clause_ids: &[String]) -> Option<(String, Place<'_>)> {
        if self.spec != game.id {
            return Some((format!("spec = \"{}\", but the spec's id is \"{}\"", self.spec, game.id), Place::Spec));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, inv) in self.invariants.iter().enumerate() {
            let at = format!("invariant '{}'", inv.id);
            if !seen.insert(inv.id.as_str()) {
                return Some((format!("{at}: the id is used twice"), Place::Invariant(i, Needle::Key("id"))));
            }
            if inv.clauses.is_empty() {
                return Some((format!("{at}: cites no clause"), Place::Invariant(i, Needle::Key("clauses"))));
            }
            for c in &inv.clauses {
                if !clause_ids.contains(c) {
                    return Some((format!("{at}: the spec has no clause {c}"), Place::Invariant(i, Needle::Name(c))));
                }
            }
            for p in inv.kind.pieces() {
                if game.piece(p).is_none() {
                    return Some((format!("{at}: the spec has no piece {p}"), Place::Invariant(i, Needle::Name(p))));
                }
            }
            for z in inv.kind.zones() {
                if !game.zones.contains_key(z) {
                    return Some((format!("{at}: the spec has no zone {z}"), Place::Invariant(i, Needle::Name(z))));
                }
            }
        }
        for (name, cite) in &self.generic {
            let known = ["record", "make-unmake", "round-trip", "promotion-map", "rotation"].contains(&name.as_str())
                || name.strip_prefix("notation:").is_some_and(|p| game.piece(p).is_some());
            if !known {
                return Some((format!("[generic.{name}]: no such generic invariant (record, make-unmake, round-trip, promotion-map, rotation, notation:<piece>)"), Place::Generic(name, Needle::Key("clauses"))));
            }
            for c in &cite.clauses {
                if !clause_ids.contains(c) {
                    return Some((
                        format!("[generic.{name}]: the spec has no clause {c}"),
                        Place::Generic(name, Needle::Name(c)),
                    ));
                }
            }
        }
        for (i, u) in self.unchecked.iter().enumerate() {
            for c in &u.clauses {
                if !clause_ids.contains(c) {
                    return Some((
                        format!("[[unchecked]]: the spec has no clause {c}"),
                        Place::Unchecked(i, Needle::Name(c)),
                    ));
                }
            }
            if u.why.trim().is_empty() {
                return Some((
                    format!("[[unchecked]] {:?}: say why", u.clauses),
                    Place::Unchecked(i, Needle::Key("why")),
                ));
            }
        }
        None
    }
}

/// The byte offset in `text` of what `place` names, found in the file as written (toml_edit
/// keeps the spans): the name's string (or key) inside the table, else the table itself.
fn locate(text: &str, place: &Place<'_>) -> Option<usize> {
    use toml_edit::{Item, TableLike};
    let doc = toml_edit::ImDocument::parse(text).ok()?;
    let root = doc.as_table();
    let entry =
        |array: &str, index: usize| -> Option<&toml_edit::Table> { root.get(array)?.as_array_of_tables()?.get(index) };
    let (table, needle): (&dyn TableLike, &Needle<'_>) = match place {
        Place::Spec => return root.get("spec").and_then(Item::span).map(|s| s.start),
        Place::Invariant(i, needle) => (entry("invariant", *i)?, needle),
        Place::Unchecked(i, needle) => (entry("unchecked", *i)?, needle),
        Place::Generic(name, needle) => (root.get("generic")?.as_table_like()?.get(name)?.as_table_like()?, needle),
    };
    let found = match needle {
        Needle::Key(key) => table.key(key).and_then(|k| k.span()),
        // Not in the id or the reason: only in the parameters and the clause list.
        Needle::Name(name) => {
            table.iter().filter(|(k, _)| !["id", "why"].contains(k)).find_map(|(_, item)| find_name(item, name))
        }
    };
    // Else the entry's id, or its first key.
    let first_key = || table.iter().next().and_then(|(k, _)| table.key(k)).and_then(|k| k.span());
    found.or_else(|| table.get("id").and_then(Item::span)).or_else(first_key).map(|s| s.start)
}

/// The span of a string equal to `name` in `item`, or of a key equal to it (in tables and
/// inline tables, arrays searched in order).
fn find_name(item: &toml_edit::Item, name: &str) -> Option<std::ops::Range<usize>> {
    if let Some(table) = item.as_table_like() {
        return table.iter().find_map(|(k, v)| {
            if k == name {
                if let Some(span) = table.key(k).and_then(|k| k.span()) {
                    return Some(span);
                }
            }
            find_name(v, name)
        });
    }
    find_in_value(item.as_value()?, name)
}

fn find_in_value(value: &toml_edit::Value, name: &str) -> Option<std::ops::Range<usize>> {
    match value {
        toml_edit::Value::String(s) if s.value() == name => s.span(),
        toml_edit::Value::Array(items) => items.iter().find_map(|v| find_in_value(v, name)),
        toml_edit::Value::InlineTable(table) => table.iter().find_map(|(k, v)| {
            if k == name {
                if let Some(span) = table.key(k).and_then(|k| k.span()) {
                    return Some(span);
                }
            }
            find_in_value(v, name)
        }),
        _ => None,
    }
}

/// Line and column (in characters), both from 1, of a byte offset of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    (text[..offset].matches('\n').count() + 1, text[line_start..offset].chars().count() + 1)
}

/// A properties file's text from its bytes; a byte that is not UTF-8 is an error naming its
/// line and column, as every other error in the file.
pub(crate) fn text(path: &str, bytes: Vec<u8>) -> Result<String, String> {
    crate::spec::diagnostic::Diagnostic::utf8(path, bytes)
        .map_err(|d| format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message))
}

/// Reads a properties file; errors name the file, line and column (for a field the kind does
/// not take: the file, the invariant and the field).
pub fn parse(path: &str, text: &str) -> Result<Properties, String> {
    let props: Properties = parse_toml(path, text)?;
    let raw: toml::Table = parse_toml(path, text)?;
    let tables = raw.get("invariant").and_then(|v| v.as_array()).cloned().unwrap_or_default();
    for (inv, table) in props.invariants.iter().zip(tables) {
        let Some(table) = table.as_table() else { continue };
        for key in table.keys() {
            if !["id", "kind", "clauses", "why", "overrides"].contains(&key.as_str())
                && !inv.kind.parameters().contains(&key.as_str())
            {
                return Err(format!(
                    "{path}: invariant '{}': unknown field `{key}` for its kind (it takes: {})",
                    inv.id,
                    inv.kind.parameters().join(", ")
                ));
            }
        }
    }
    Ok(props)
}

fn parse_toml<T: serde::de::DeserializeOwned>(path: &str, text: &str) -> Result<T, String> {
    toml::from_str(text).map_err(|e| {
        let at = e.span().map(|span| {
            let (line, column) = line_column(text, span.start);
            format!("{path}:{line}:{column}")
        });
        format!("{}: {}", at.unwrap_or_else(|| path.to_string()), e.message())
    })
}

/// serde's default for a parameter that is true unless a file says otherwise.
fn yes() -> bool {
    true
}
