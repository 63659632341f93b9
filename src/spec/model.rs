//! The serde model of a spec file (`specs/*.toml`), read strictly: an unknown key is an error.
//!
//! Values a later check may need to point at are kept with their spans (`Spanned`).

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecFile {
    pub game: Game,
    #[serde(default, rename = "clause")]
    pub clauses: Vec<Clause>,
    #[serde(default, rename = "reading")]
    pub readings: Vec<Reading>,
    #[serde(default)]
    pub(crate) board: Option<BoardDef>,
    /// Zones by id (`promotion`, `palace`, Ryu's `first`..`fourth`), as the first player has them.
    #[serde(default, rename = "zone")]
    pub(crate) zones: BTreeMap<String, ZoneDef>,
    #[serde(default, rename = "piece")]
    pub(crate) pieces: Vec<PieceDef>,
    /// Named groups of pieces that share a rule (`jumping-generals`).
    #[serde(default, rename = "group")]
    pub(crate) groups: BTreeMap<String, Vec<String>>,
    /// The first player's setup: piece id -> squares (`a5-p5`, `e6,l6`).
    #[serde(default)]
    pub(crate) setup: BTreeMap<String, String>,
    /// Rule settings, checked against the catalogue in `settings.rs`.
    #[serde(default)]
    pub(crate) rules: toml::Table,
    /// Counts the document states, checked against the setup by `kensho lint`.
    #[serde(default)]
    pub(crate) counts: Option<CountsDef>,
    /// Known findings the spec accepts, each with the clauses that cause it and why
    /// (`commands::acknowledge`).
    #[serde(default, rename = "acknowledged")]
    pub(crate) acknowledged: Vec<Acknowledged>,
}

/// `[[acknowledged]]`: a finding that is the document's own (a Pawn the rules leave stranded),
/// recorded so that `--strict`, `prove` and the report show it apart instead of failing on it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Acknowledged {
    /// `proof:NAME` (a refuted proof of `kensho prove`) or `lint:CODE` (a lint error or warning).
    pub(crate) finding: Spanned<String>,
    /// What it is about: for a proof, the piece id its witness names (`P`); for a lint
    /// finding, the finding's subject. None: any.
    #[serde(default)]
    pub(crate) subject: Option<String>,
    /// The clauses that cause it.
    pub(crate) clauses: Vec<Spanned<String>>,
    pub(crate) why: String,
}

/// "with only 54 pieces of 27 types on a 13x13 board": what the document says the setup holds.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountsDef {
    /// Pieces each player starts with.
    #[serde(default)]
    pub(crate) pieces_per_side: Option<usize>,
    /// Distinct piece types in each player's setup.
    #[serde(default)]
    pub(crate) types: Option<usize>,
}

/// A symmetry the document claims for the first player's setup.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SetupSymmetry {
    /// Left and right halves mirror each other (files a <-> last file).
    MirrorFiles,
}

/// How the second player's setup and zones follow from the first player's.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SecondPlayer {
    /// Rotated 180 degrees (shogi and its relatives; DESIGN.md's default).
    #[default]
    #[serde(rename = "rotate-180")]
    Rotate180,
    /// Reflected across the middle rank, files kept (chess-like).
    MirrorRanks,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardDef {
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    #[serde(default)]
    pub(crate) second_player: SecondPlayer,
    /// The symmetry the document claims for the setup (`kensho lint` checks it).
    #[serde(default)]
    pub(crate) setup_symmetry: Option<SetupSymmetry>,
}

/// A zone as the first player has it: whole ranks, or a set of squares.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ZoneDef {
    #[serde(default)]
    pub(crate) ranks: Option<Vec<u8>>,
    #[serde(default)]
    pub(crate) squares: Option<String>,
    /// The zone begins at the rank where the opponent's pieces of this id start ("at the
    /// original line of the opponent's pawns and beyond"); `kensho lint` checks it.
    #[serde(default)]
    pub(crate) begins_at_enemy: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PieceDef {
    /// The configuration's id (`FD`, `+DE`).
    pub(crate) id: String,
    pub(crate) name: String,
    /// The XBetza move, as the configuration (or the reading in force) gives it.
    pub(crate) betza: String,
    #[serde(default)]
    pub(crate) promotes_to: Option<String>,
    #[serde(default)]
    pub(crate) royal: bool,
    /// The jump rank: a jumping piece jumps only pieces of lower rank.
    #[serde(default)]
    pub(crate) rank: Option<u32>,
    /// Abilities XBetza cannot say, checked against `settings::ABILITIES`.
    #[serde(default)]
    pub(crate) ability: toml::Table,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The file stem: `suzumu` for `specs/suzumu.toml`.
    pub id: Spanned<String>,
    pub(crate) name: String,
    /// The rule document, a file name in `shared/seeds` (or a description for calibration
    /// games with standard rules).
    pub document: String,
    #[serde(default)]
    pub author: Option<String>,
    /// The prefix of every clause id: `SUZ` for `SUZ-14`.
    pub(crate) clause_prefix: Spanned<String>,
    /// The spec this one extends (Heian Ryu extends Ryu).
    #[serde(default)]
    pub(crate) extends: Option<Spanned<String>>,
}

/// How far a clause of the document is taken into the spec.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum ClauseStatus {
    /// A rule the spec encodes.
    Encoded,
    /// A rule the spec will encode (at `encode`), not yet done.
    Pending,
    /// No rule: history, advice, who moves first.
    Informative,
    /// A rule kensho does not model, with why.
    OutOfScope,
    /// Overridden by another clause or by the configuration; a reading decides.
    Contradicted,
}

impl ClauseStatus {
    pub(crate) fn name(self) -> &'static str {
        match self {
            ClauseStatus::Encoded => "encoded",
            ClauseStatus::Pending => "pending",
            ClauseStatus::Informative => "informative",
            ClauseStatus::OutOfScope => "out-of-scope",
            ClauseStatus::Contradicted => "contradicted",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    pub id: Spanned<String>,
    /// The document's own heading(s), e.g. "Rules / Skipping a turn".
    pub(crate) section: String,
    /// The document's words, verbatim and short.
    pub text: String,
    pub status: Spanned<ClauseStatus>,
    /// Why the clause is not encoded (required unless encoded or pending).
    #[serde(default)]
    pub(crate) why: Option<String>,
    /// The spec path(s) that encode it (or will): one path or a list.
    #[serde(default)]
    pub(crate) encode: Option<Spanned<Encode>>,
}

/// `encode = "rules.skip.limit"` or `encode = ["zone.promotion", "rules.promotion.trigger"]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum Encode {
    One(String),
    Many(Vec<String>),
}

impl Encode {
    pub(crate) fn paths(&self) -> Vec<&str> {
        match self {
            Encode::One(p) => vec![p.as_str()],
            Encode::Many(ps) => ps.iter().map(String::as_str).collect(),
        }
    }
}

/// What kind of open point a reading settles.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ReadingKind {
    /// A rule whose wording allows two meanings.
    Wording,
    /// The prose disagrees with the document's own diagram configuration.
    ProseVsConfig,
    /// An announced list or rule that is missing.
    Missing,
    /// A setup the document never gives.
    Setup,
    /// Two documents state a shared rule differently.
    CrossDocument,
    /// The document contradicts itself.
    Contradiction,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: Spanned<String>,
    pub(crate) question: String,
    pub clauses: Vec<Spanned<String>>,
    pub kind: ReadingKind,
    pub default: Spanned<String>,
    /// Why the default: the words that decide it.
    pub why: String,
    #[serde(rename = "option")]
    pub options: Vec<ReadingOption>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadingOption {
    pub name: Spanned<String>,
    pub(crate) means: String,
    /// Spec path -> the value this alternative sets.
    #[serde(default)]
    pub(crate) set: BTreeMap<String, toml::Value>,
    /// Spec paths this alternative removes (a promotion the alternative takes away).
    #[serde(default)]
    pub(crate) unset: Vec<String>,
}
