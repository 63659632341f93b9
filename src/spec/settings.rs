//! The catalogue of rule settings a spec may state: every key under `[rules]` and under a
//! piece's `ability` table, with the values it admits and what it means. The entries are
//! declared in src/spec/rules.rs and src/spec/abilities.rs (by src/spec/declare.rs, which also
//! derives the typed values code outside this layer reads); this module holds what every
//! catalogue shares: kinds, defaults, validation and the reader by path, `Effective`.
//!
//! Why a catalogue rather than one Rust struct per rule: the documents' open points are settled
//! by readings that switch individual settings (`rules.skip.limit`, `piece.FD.ability.burn.max`),
//! so every setting has to be addressable by a path, validated the same way whether it is
//! written in the spec or set by a reading, and listed by `kensho show`. The catalogue is the
//! schema: a key it does not know is an error, a value outside its kind is an error.

use std::collections::BTreeMap;

/// What values a setting admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SettingKind {
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

impl SettingKind {
    /// How the kind is described in messages and `kensho show`.
    pub(crate) fn describe(self) -> String {
        match self {
            SettingKind::Choice(words) => format!("one of {}", quote_list(words)),
            SettingKind::Bool => "true or false".into(),
            SettingKind::Int(lo, hi) => format!("an integer from {lo} to {hi}"),
            SettingKind::Pieces => "a list of piece ids".into(),
            SettingKind::Zones => "a list of zone ids".into(),
            SettingKind::Zone => "a zone id or \"none\"".into(),
            SettingKind::Words(words) => format!("a list of {}", quote_list(words)),
            SettingKind::RanksPerPiece => "a table of piece id = [ranks]".into(),
            SettingKind::BetzaPerZone => "a table of zone id = \"XBETZA\"".into(),
        }
    }
}

fn quote_list(words: &[&str]) -> String {
    words.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(", ")
}

/// What a setting means when a spec does not state it. A setting's default is declared once,
/// with the setting (src/spec/rules.rs, src/spec/abilities.rs): the typed values the engine
/// (src/engine/config.rs), the checker and the SMT fragments read, and `kensho settings`, all
/// take it from there, so they cannot drift apart.
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
    pub(crate) fn describe(self) -> String {
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
    pub(crate) kind: SettingKind,
    pub default: DefaultValue,
    pub(crate) doc: &'static str,
}

// The catalogues are declared once, with the identities and typed values that read them:
// src/spec/rules.rs and src/spec/abilities.rs (the declaration: src/spec/declare.rs).
pub use super::abilities::ABILITIES;
pub use super::rules::RULES;

use SettingKind::*;

/// The knob at `path` in `catalogue`.
pub(crate) fn find(catalogue: &'static [Knob], path: &str) -> Option<&'static Knob> {
    catalogue.iter().find(|k| k.path == path)
}

/// Is `prefix` the beginning of some knob's path (a table level such as `skip`)?
pub(crate) fn is_table(catalogue: &'static [Knob], prefix: &str) -> bool {
    catalogue
        .iter()
        .any(|k| k.path.len() > prefix.len() && k.path.starts_with(prefix) && k.path.as_bytes()[prefix.len()] == b'.')
}

/// The closest known path, for "did you mean" hints.
pub(crate) fn closest(catalogue: &'static [Knob], path: &str) -> Option<&'static str> {
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
pub(crate) struct Names<'a> {
    pub(crate) pieces: &'a dyn Fn(&str) -> bool,
    pub(crate) zones: &'a dyn Fn(&str) -> bool,
}

/// Checks one value against its kind.
pub(crate) fn validate(kind: SettingKind, value: &toml::Value, names: &Names) -> Result<Setting, String> {
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
    pub(crate) fn rules(stated: &'a BTreeMap<String, Setting>) -> Self {
        Effective { stated, catalogue: RULES }
    }

    /// One piece's `ability` table.
    pub(crate) fn abilities(stated: &'a BTreeMap<String, Setting>) -> Self {
        Effective { stated, catalogue: ABILITIES }
    }

    /// The settings `stated` of `catalogue` (the typed values' reader, src/spec/declare.rs).
    pub(crate) fn of(stated: &'a BTreeMap<String, Setting>, catalogue: &'static [Knob]) -> Self {
        Effective { stated, catalogue }
    }

    /// The declaration of `path`. A path the catalogue lacks is a mistake in kensho's own
    /// code, not in a spec (specs are validated against the catalogue when loaded); the
    /// test `every_setting_read_is_declared` finds such paths before they run.
    pub(crate) fn knob(&self, path: &str) -> &'static Knob {
        find(self.catalogue, path).unwrap_or_else(|| panic!("setting '{path}' is not in the catalogue"))
    }

    /// The value the spec states, if it states one.
    pub(crate) fn stated(&self, path: &str) -> Option<&'a Setting> {
        self.stated.get(path)
    }

    pub(crate) fn is_stated(&self, path: &str) -> bool {
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
                SettingKind::RanksPerPiece => Setting::RanksPerPiece(BTreeMap::new()),
                SettingKind::BetzaPerZone => Setting::BetzaPerZone(BTreeMap::new()),
                _ => Setting::List(Vec::new()),
            }),
            DefaultValue::SameAs(other) => self.value(other),
            DefaultValue::Unset(_) => None,
        }
    }

    /// A word setting (a choice or a zone id).
    pub(crate) fn word(&self, path: &str) -> &'a str {
        match self.stated(path) {
            Some(Setting::Word(w)) => w,
            _ => match self.knob(path).default {
                DefaultValue::Word(w) => w,
                DefaultValue::SameAs(other) => self.word(other),
                _ => "",
            },
        }
    }

    pub(crate) fn flag(&self, path: &str) -> bool {
        match self.stated(path) {
            Some(Setting::Bool(b)) => *b,
            _ => match self.knob(path).default {
                DefaultValue::Flag(b) => b,
                DefaultValue::SameAs(other) => self.flag(other),
                _ => false,
            },
        }
    }

    pub(crate) fn int(&self, path: &str) -> i64 {
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
    pub(crate) fn list(&self, path: &str) -> &'a [String] {
        match self.stated(path) {
            Some(Setting::List(items)) => items,
            _ => match self.knob(path).default {
                DefaultValue::SameAs(other) => self.list(other),
                _ => &[],
            },
        }
    }

    /// A table of piece id -> ranks.
    pub(crate) fn ranks_per_piece(&self, path: &str) -> BTreeMap<String, Vec<u8>> {
        match self.stated(path) {
            Some(Setting::RanksPerPiece(m)) => m.clone(),
            _ => BTreeMap::new(),
        }
    }

    /// A zone setting: None for "none".
    pub(crate) fn zone(&self, path: &str) -> Option<&'a str> {
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
            (Setting::Word("allowed".into()), SettingKind::Choice(&["allowed", "illegal"]), "allowed", "\"allowed\""),
            (Setting::Bool(true), SettingKind::Bool, "true", "true"),
            (Setting::Int(4), SettingKind::Int(0, 9), "4", "4"),
            (Setting::List(vec!["P".into(), "L".into()]), SettingKind::Pieces, "[P, L]", "[\"P\", \"L\"]"),
            (Setting::RanksPerPiece(ranks), SettingKind::RanksPerPiece, "N: [8, 9]; P: [9]", "{ N = [8, 9], P = [9] }"),
            (Setting::BetzaPerZone(moves), SettingKind::BetzaPerZone, "castle: WfF", "{ castle = \"WfF\" }"),
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
