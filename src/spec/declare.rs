//! The one declaration of a catalogue of settings (`declare_settings!`), from which the rest
//! derives: the catalogue (`&[Knob]`: path, kind, default, meaning), which validation, `kensho
//! settings`, docs/settings.md and the error messages read; an identity per setting (an enum
//! whose `.path()` is the catalogue path), for code that must name a setting itself (refusals,
//! the clauses a setting encodes, the settings a reading changes); a Rust enum per choice
//! setting, its variants the setting's words; and a typed value with one field per setting,
//! read from the stated settings and the declared defaults.
//!
//! Why one macro rather than a catalogue and a struct written side by side: a setting's path,
//! its words and its default were spelled again wherever code read them (`r.word("skip.limit")
//! == "both"`), and nothing but a test could see a misspelling. Now a setting's path is spelled
//! once, its words once, and the compiler checks every reader.
//!
//! Each entry is
//! ```text
//! field Identity "path": kind = default,
//!     "meaning";
//! ```
//! with these kinds and defaults:
//! - `choice(Enum { Variant = "word", ... })`, default a variant or `(unset "what leaving it out means")`;
//! - `bool()`, default `true`/`false` or `(unset "...")`;
//! - `int(lo, hi)`, default a number, `(same_as Identity)` or `(unset "...")`;
//! - `pieces()`, `zones()`, `words(["w", ...])`: lists, default `empty` or `(same_as Identity)`;
//! - `zone()`: one zone id or "none", default `none`;
//! - `ranks()` (piece id -> ranks) and `betza()` (zone id -> XBetza): tables, default `empty`.

/// Declares a catalogue: see the module's documentation.
macro_rules! declare_settings {
    (
        $(#[$cat_meta:meta])*
        catalogue $catalogue:ident;
        $(#[$id_meta:meta])*
        identity $Id:ident, prefix $prefix:literal;
        $(#[$values_meta:meta])*
        values $Values:ident;
        $( $field:ident $Name:ident $path:literal : $kind:ident $kargs:tt = $default:tt , $doc:literal ; )+
    ) => {
        $( $crate::spec::declare::setting_enum!($path, $doc, $kind $kargs $default); )+

        $(#[$cat_meta])*
        pub const $catalogue: &[$crate::spec::settings::Knob] = &[
            $( $crate::spec::settings::Knob {
                path: $path,
                kind: $crate::spec::declare::setting_kind!($kind $kargs),
                default: $crate::spec::declare::setting_default!($Id, $kind $kargs $default),
                doc: $doc,
            }, )+
        ];

        $(#[$id_meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $Id {
            $( #[doc = concat!("`", $path, "`: ", $doc)] $Name, )+
        }

        impl $Id {
            /// Every setting, in the catalogue's order.
            pub const ALL: &'static [$Id] = &[ $( $Id::$Name, )+ ];

            /// The catalogue path (below `rules.` or a piece's `ability.`).
            pub const fn path(self) -> &'static str {
                match self { $( $Id::$Name => $path, )+ }
            }

            /// The path with the catalogue's prefix (`rules.skip.limit`, `ability.burn.max`): how
            /// a spec writes it (below a piece, for an ability).
            pub const fn spec_path(self) -> &'static str {
                match self { $( $Id::$Name => concat!($prefix, $path), )+ }
            }

            /// `path = value`: how a message cites the setting's value (`end.stalemate = loss`).
            pub fn set_to(self, value: impl ::std::fmt::Display) -> String {
                format!("{} = {value}", self.path())
            }

            /// The setting's declaration.
            pub fn knob(self) -> &'static $crate::spec::settings::Knob {
                &$catalogue[self as usize]
            }

            /// The setting at catalogue path `path`.
            pub(crate) fn from_path(path: &str) -> Option<$Id> {
                $Id::ALL.iter().copied().find(|s| s.path() == path)
            }

            /// The table this setting is in (`freeze` for `freeze.range`); a setting without a
            /// table is alone in its own, named by its path (`confine`).
            pub fn table(self) -> &'static str {
                let path = self.path();
                path.split_once('.').map_or(path, |(t, _)| t)
            }

            /// The path of this setting's table with the catalogue's prefix (`rules.xbetza`
            /// for `rules.xbetza.y-scope`, `ability.burn` for `ability.burn.max`): the
            /// setting's own where it has no table.
            pub fn table_spec_path(self) -> &'static str {
                let path = self.spec_path();
                &path[..path.len() - self.path().len() + self.table().len()]
            }

            /// Is `other` in this setting's table (`freeze.range` and `freeze.immune` are both
            /// in `freeze`)?
            pub fn same_table(self, other: $Id) -> bool {
                self.table() == other.table()
            }

            /// The part of spec path `path` below the catalogue's prefix, wherever the prefix
            /// stands (`skip.limit` in `rules.skip.limit`, `burn.max` in
            /// `piece.FD.ability.burn.max` and in `group.demons.ability.burn.max`); None for a
            /// path not under the prefix.
            pub fn below_prefix(path: &str) -> Option<&str> {
                path.strip_prefix($prefix).or_else(|| path.split_once(concat!(".", $prefix)).map(|(_, rest)| rest))
            }

            /// Does spec path `path` name this setting's table, or anything in it (for
            /// `Rule::DropsNifu`: `rules.drops`, `rules.drops.enabled`; for
            /// `Ability::ZoneMoves`: `piece.FD.ability.zone-moves.z1`)? How code selects the
            /// paths of a table without spelling the table.
            pub fn table_holds(self, path: &str) -> bool {
                let table = self.table();
                $Id::below_prefix(path).is_some_and(|rest| {
                    rest.strip_prefix(table).is_some_and(|after| after.is_empty() || after.starts_with('.'))
                })
            }
        }

        $(#[$values_meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $Values {
            $( #[doc = concat!("`", $path, "`: ", $doc)] pub $field: $crate::spec::declare::setting_type!($kind $kargs $default), )+
            /// The settings the spec (or a reading) states, rather than leaves to their default.
            stated: Vec<$Id>,
        }

        impl $Values {
            /// The settings as the game means them: the stated value, else the declared default.
            /// `stated` holds validated values (src/spec/game.rs), so a word is always one of
            /// its setting's and a value always of its setting's kind.
            pub fn read(stated: &::std::collections::BTreeMap<String, $crate::spec::settings::Setting>) -> $Values {
                // Only `same_as` defaults read through it (none among the abilities).
                #[allow(unused_variables)]
                let eff = $crate::spec::settings::Effective::of(stated, $catalogue);
                $Values {
                    $( $field: $crate::spec::declare::setting_read!(stated, eff, $path, $kind $kargs $default), )+
                    stated: $Id::ALL.iter().copied().filter(|s| stated.contains_key(s.path())).collect(),
                }
            }

            /// The value of `setting` as a catalogue `Setting` (None where it is unset): what
            /// `Effective::value` gives for its path, which the tests hold the fields to.
            pub fn value(&self, setting: $Id) -> Option<$crate::spec::settings::Setting> {
                match setting {
                    $( $Id::$Name => $crate::spec::declare::setting_value!(self.$field, $kind $kargs $default), )+
                }
            }

            /// Does the spec state `setting` (rather than leave it to its default)?
            pub fn is_stated(&self, setting: $Id) -> bool {
                self.stated.contains(&setting)
            }

            /// Does the spec state any setting of `setting`'s table (a piece has `freeze.`
            /// abilities)?
            pub fn states_table_of(&self, setting: $Id) -> bool {
                self.stated.iter().any(|s| s.same_table(setting))
            }
        }
    };
}

/// The Rust enum of a choice setting; nothing for other kinds.
macro_rules! setting_enum {
    ($path:literal, $doc:literal, choice ($E:ident { $( $(#[$vm:meta])* $V:ident = $w:literal ),+ $(,)? }) $default:tt) => {
        #[doc = concat!("`", $path, "`: ", $doc, ".")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $E {
            $( $(#[$vm])* #[doc = concat!("\"", $w, "\"")] $V, )+
        }

        impl $E {
            /// The words, in the catalogue's order.
            pub(crate) const WORDS: &'static [&'static str] = &[ $( $w, )+ ];

            /// The word a spec writes for the value.
            pub const fn word(self) -> &'static str {
                match self { $( $E::$V => $w, )+ }
            }

            pub(crate) fn from_word(word: &str) -> Option<$E> {
                match word { $( $w => Some($E::$V), )+ _ => None }
            }
        }

        impl ::std::fmt::Display for $E {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.word())
            }
        }

        $crate::spec::declare::setting_enum_default!($E $default);
    };
    ($path:literal, $doc:literal, $kind:ident $kargs:tt $default:tt) => {};
}

/// `Default` is the declared default, where there is one.
macro_rules! setting_enum_default {
    ($E:ident (unset $text:literal)) => {};
    ($E:ident $d:ident) => {
        impl Default for $E {
            fn default() -> $E {
                $E::$d
            }
        }
    };
}

/// The catalogue's `SettingKind` of a setting.
macro_rules! setting_kind {
    (choice ($E:ident $variants:tt)) => { $crate::spec::settings::SettingKind::Choice($E::WORDS) };
    (bool ()) => { $crate::spec::settings::SettingKind::Bool };
    (int ($lo:literal, $hi:literal)) => { $crate::spec::settings::SettingKind::Int($lo, $hi) };
    (pieces ()) => { $crate::spec::settings::SettingKind::Pieces };
    (zones ()) => { $crate::spec::settings::SettingKind::Zones };
    (zone ()) => { $crate::spec::settings::SettingKind::Zone };
    (words ([ $( $w:literal ),+ ])) => { $crate::spec::settings::SettingKind::Words(&[ $( $w ),+ ]) };
    (ranks ()) => { $crate::spec::settings::SettingKind::RanksPerPiece };
    (betza ()) => { $crate::spec::settings::SettingKind::BetzaPerZone };
}

/// The catalogue's `DefaultValue` of a setting.
macro_rules! setting_default {
    ($Id:ident, $kind:ident $kargs:tt (unset $text:literal)) => {
        $crate::spec::settings::DefaultValue::Unset($text)
    };
    ($Id:ident, $kind:ident $kargs:tt (same_as $other:ident)) => {
        $crate::spec::settings::DefaultValue::SameAs($Id::$other.path())
    };
    ($Id:ident, choice ($E:ident $variants:tt) $d:ident) => {
        $crate::spec::settings::DefaultValue::Word($E::$d.word())
    };
    ($Id:ident, bool () $b:literal) => {
        $crate::spec::settings::DefaultValue::Flag($b)
    };
    ($Id:ident, int $range:tt $n:literal) => {
        $crate::spec::settings::DefaultValue::Number($n)
    };
    ($Id:ident, zone () none) => {
        $crate::spec::settings::DefaultValue::Word("none")
    };
    ($Id:ident, $kind:ident $kargs:tt empty) => {
        $crate::spec::settings::DefaultValue::Empty
    };
}

/// The Rust type of a setting's value.
macro_rules! setting_type {
    (choice ($E:ident $variants:tt) (unset $text:literal)) => { Option<$E> };
    (choice ($E:ident $variants:tt) $default:tt) => { $E };
    (bool () (unset $text:literal)) => { Option<bool> };
    (bool () $default:tt) => { bool };
    (int $range:tt (unset $text:literal)) => { Option<i64> };
    (int $range:tt $default:tt) => { i64 };
    (pieces () $default:tt) => { Vec<String> };
    (zones () $default:tt) => { Vec<String> };
    (words $words:tt $default:tt) => { Vec<String> };
    (zone () $default:tt) => { Option<String> };
    (ranks () $default:tt) => { ::std::collections::BTreeMap<String, Vec<u8>> };
    (betza () $default:tt) => { ::std::collections::BTreeMap<String, String> };
}

/// Reads a setting's value: the stated one, else the declared default. Most read the stated
/// map alone (a read costs one lookup in a small map; the engine builds the typed values once,
/// `Engine::settings`, and other callers when they need them); `same_as` defaults go through
/// `Effective`, which follows them.
macro_rules! setting_read {
    ($stated:ident, $eff:ident, $path:literal, $kind:ident $kargs:tt (same_as $other:ident)) => {
        $crate::spec::declare::setting_read!(@effective $eff, $path, $kind $kargs)
    };
    (@effective $eff:ident, $path:literal, int $range:tt) => { $eff.int($path) };
    (@effective $eff:ident, $path:literal, $kind:ident $kargs:tt) => { $eff.list($path).to_vec() };
    ($stated:ident, $eff:ident, $path:literal, choice ($E:ident $variants:tt) (unset $text:literal)) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Word(w)) => $E::from_word(w),
            _ => None,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, choice ($E:ident $variants:tt) $d:ident) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Word(w)) => $E::from_word(w).unwrap_or($E::$d),
            _ => $E::$d,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, bool () (unset $text:literal)) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Bool(b)) => Some(*b),
            _ => None,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, bool () $b:literal) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Bool(b)) => *b,
            _ => $b,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, int $range:tt (unset $text:literal)) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Int(n)) => Some(*n),
            _ => None,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, int $range:tt $n:literal) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Int(n)) => *n,
            _ => $n,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, zone () none) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::Word(w)) if w != "none" => Some(w.clone()),
            _ => None,
        }
    };
    ($stated:ident, $eff:ident, $path:literal, ranks () empty) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::RanksPerPiece(m)) => m.clone(),
            _ => ::std::collections::BTreeMap::new(),
        }
    };
    ($stated:ident, $eff:ident, $path:literal, betza () empty) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::BetzaPerZone(m)) => m.clone(),
            _ => ::std::collections::BTreeMap::new(),
        }
    };
    // pieces, zones, words
    ($stated:ident, $eff:ident, $path:literal, $kind:ident $kargs:tt empty) => {
        match $stated.get($path) {
            Some($crate::spec::settings::Setting::List(l)) => l.clone(),
            _ => Vec::new(),
        }
    };
}

/// A typed field back as a catalogue `Setting`.
macro_rules! setting_value {
    ($v:expr, choice $kargs:tt (unset $text:literal)) => {
        $v.map(|w| $crate::spec::settings::Setting::Word(w.word().into()))
    };
    ($v:expr, choice $kargs:tt $default:tt) => {
        Some($crate::spec::settings::Setting::Word($v.word().into()))
    };
    ($v:expr, bool () (unset $text:literal)) => {
        $v.map($crate::spec::settings::Setting::Bool)
    };
    ($v:expr, bool () $default:tt) => {
        Some($crate::spec::settings::Setting::Bool($v))
    };
    ($v:expr, int $range:tt (unset $text:literal)) => {
        $v.map($crate::spec::settings::Setting::Int)
    };
    ($v:expr, int $range:tt $default:tt) => {
        Some($crate::spec::settings::Setting::Int($v))
    };
    ($v:expr, zone () $default:tt) => {
        Some($crate::spec::settings::Setting::Word($v.clone().unwrap_or_else(|| "none".into())))
    };
    ($v:expr, ranks () $default:tt) => {
        Some($crate::spec::settings::Setting::RanksPerPiece($v.clone()))
    };
    ($v:expr, betza () $default:tt) => {
        Some($crate::spec::settings::Setting::BetzaPerZone($v.clone()))
    };
    // pieces, zones, words
    ($v:expr, $kind:ident $kargs:tt $default:tt) => {
        Some($crate::spec::settings::Setting::List($v.clone()))
    };
}

pub(crate) use {
    declare_settings, setting_default, setting_enum, setting_enum_default, setting_kind, setting_read, setting_type,
    setting_value,
};

#[cfg(test)]
mod tests {
    use crate::spec::abilities::{Ability, AbilitySettings, ABILITIES};
    use crate::spec::rules::{Rule, RuleSettings, RULES};
    use crate::spec::settings::{Effective, Knob, Setting, SettingKind};
    use std::collections::BTreeMap;

    #[test]
    fn every_identity_is_its_catalogue_entry() {
        assert_eq!(Rule::ALL.len(), RULES.len());
        assert_eq!(Ability::ALL.len(), ABILITIES.len());
        for &r in Rule::ALL {
            assert_eq!(r.knob().path, r.path());
            assert_eq!(Rule::from_path(r.path()), Some(r));
            assert_eq!(r.spec_path(), format!("rules.{}", r.path()));
            assert_eq!(Rule::from_spec_path(r.spec_path()), Some(r));
        }
        for &a in Ability::ALL {
            assert_eq!(a.knob().path, a.path());
            assert_eq!(Ability::from_spec_path(&a.piece_path("FD")), Some(a));
        }
        assert_eq!(Ability::BurnMax.table_path("FD"), "piece.FD.ability.burn");
        assert_eq!(Ability::Confine.table_path("K"), "piece.K.ability.confine");
    }

    /// Values of `knob`'s kind to state: each word, both flags, both ends of a range, a list,
    /// a zone, a table.
    fn values(knob: &Knob) -> Vec<Setting> {
        let list = || Setting::List(vec!["P".into(), "L".into()]);
        match knob.kind {
            SettingKind::Choice(words) => words.iter().map(|w| Setting::Word(w.to_string())).collect(),
            SettingKind::Bool => vec![Setting::Bool(true), Setting::Bool(false)],
            SettingKind::Int(lo, hi) => vec![Setting::Int(lo), Setting::Int(hi)],
            SettingKind::Pieces | SettingKind::Zones => vec![list(), Setting::List(Vec::new())],
            SettingKind::Words(words) => vec![Setting::List(words.iter().rev().map(|w| w.to_string()).collect())],
            SettingKind::Zone => vec![Setting::Word("castle".into()), Setting::Word("none".into())],
            SettingKind::RanksPerPiece => vec![Setting::RanksPerPiece(BTreeMap::from([("P".into(), vec![1, 9])]))],
            SettingKind::BetzaPerZone => vec![Setting::BetzaPerZone(BTreeMap::from([("castle".into(), "WfF".into())]))],
        }
    }

    /// The typed fields mean what the catalogue's reader (`Effective`, which follows `same_as`
    /// defaults) gives for the path: with nothing stated, and with each value of each setting
    /// stated alone. A field read otherwise than the catalogue means fails here (shown: with
    /// `setting_read!` giving an unstated int its default plus one, it failed on
    /// end.repetition-count with nothing stated).
    #[test]
    fn the_typed_values_agree_with_the_catalogue_reader() {
        let mut cases = vec![BTreeMap::new()];
        for knob in RULES.iter().chain(ABILITIES) {
            cases.extend(values(knob).into_iter().map(|v| BTreeMap::from([(knob.path.to_string(), v)])));
        }
        assert!(cases.len() > 250, "only {} cases", cases.len());
        for stated in &cases {
            let (rules, eff) = (RuleSettings::read(stated), Effective::rules(stated));
            for &r in Rule::ALL {
                assert_eq!(rules.value(r), eff.value(r.path()), "{} with {stated:?}", r.path());
                assert_eq!(rules.is_stated(r), stated.contains_key(r.path()));
            }
            let (abilities, eff) = (AbilitySettings::read(stated), Effective::abilities(stated));
            for &a in Ability::ALL {
                assert_eq!(abilities.value(a), eff.value(a.path()), "{} with {stated:?}", a.path());
                assert_eq!(abilities.is_stated(a), stated.contains_key(a.path()));
            }
        }
    }

    #[test]
    fn a_table_is_stated_when_any_of_its_settings_is() {
        let stated = BTreeMap::from([("freeze.immune".to_string(), Setting::List(vec!["K".into()]))]);
        let a = AbilitySettings::read(&stated);
        assert!(a.states_table_of(Ability::FreezeRange));
        assert!(!a.states_table_of(Ability::JumpMaxJumped));
        assert!(!a.is_stated(Ability::FreezeRange));
    }

    /// The spellings code outside the spec layer gets from an identity instead of writing them
    /// (tests/spec/settings_reads.rs holds it to that), written out here by hand.
    #[test]
    fn an_identity_spells_its_table_and_selects_its_paths() {
        assert_eq!(Rule::XbetzaYScope.table(), "xbetza");
        assert_eq!(Rule::XbetzaYScope.table_spec_path(), "rules.xbetza");
        assert_eq!(Rule::TurnOrder.table_spec_path(), "rules.turn-order");
        assert_eq!(Ability::BurnMax.table_spec_path(), "ability.burn");
        assert_eq!(Ability::Confine.table_spec_path(), "ability.confine");
        assert_eq!(Rule::xbetza_table(), "rules.xbetza");
        assert_eq!(Rule::SkipLimit.set_to("both"), "skip.limit = both");
        assert_eq!(Rule::spec_path_of("drops"), "rules.drops");
        assert_eq!(Ability::piece_path_of("FD", "burn"), "piece.FD.ability.burn");

        assert_eq!(Rule::below_prefix("rules.skip.limit"), Some("skip.limit"));
        assert_eq!(Ability::below_prefix("group.demons.ability.burn.max"), Some("burn.max"));
        assert_eq!(Ability::below_prefix("piece.FD.betza"), None);
        assert_eq!(Ability::holder("piece.FD.ability.burn.max"), Some("FD"));
        assert_eq!(Ability::holder("group.demons.ability.burn.max"), None);
        assert_eq!(Ability::holder("piece.FD.betza"), None);

        // A table holds itself and its settings, not a table whose name starts the same.
        assert!(Rule::DropsNifu.table_holds("rules.drops"));
        assert!(Rule::DropsNifu.table_holds("rules.drops.pawn-mate"));
        assert!(!Rule::DropsNifu.table_holds("rules.dropsy.x"));
        assert!(!Rule::DropsNifu.table_holds("rules.promotion.zone"));
        assert!(!Rule::DropsNifu.table_holds("piece.P.ability.drops"));
        assert!(Ability::ZoneMoves.table_holds("piece.FD.ability.zone-moves"));
        assert!(Ability::ZoneMoves.table_holds("piece.*.ability.zone-moves.first"));
        assert!(!Ability::ZoneMoves.table_holds("rules.zone-moves.by"));
        assert!(!Ability::IguiMax.table_holds("piece.FD.ability.igui-x"));
    }
}
