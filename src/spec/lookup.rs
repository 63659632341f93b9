//! Settings looked up by name: the two catalogues (`[rules]` and a piece's `ability` table),
//! the TOML table each setting is written under, and the settings a name or the start of one
//! selects (`kensho settings drops`). The spelling of a setting's place in a spec lives here,
//! in the spec layer, with the catalogues; the settings reference (src/commands/settings.rs)
//! prints what this finds.

#[cfg(test)]
use crate::spec::settings::{DefaultValue, SettingKind};
use crate::spec::settings::{Knob, ABILITIES, RULES};

/// Which catalogue a setting belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// `[rules]`: the whole game.
    Rules,
    /// A piece's (or a group's) `ability` table.
    Ability,
}

impl Scope {
    pub(crate) fn catalogue(self) -> &'static [Knob] {
        match self {
            Scope::Rules => RULES,
            Scope::Ability => ABILITIES,
        }
    }

    /// The table a setting is written under, and its key there: `drops.nifu` is `nifu` under
    /// `[rules.drops]`; `confine` is `confine` under `[piece.ability]`.
    pub(crate) fn table_and_key(self, path: &str) -> (String, &str) {
        let root = match self {
            Scope::Rules => "rules",
            Scope::Ability => "piece.ability",
        };
        match path.rsplit_once('.') {
            Some((table, key)) => (format!("{root}.{table}"), key),
            None => (root.to_string(), path),
        }
    }

    /// The prefix of the paths of a game's settings of this scope: `rules.`, or piece
    /// `piece`'s `piece.FD.ability.` (`piece` is not read for the rules).
    pub(crate) fn game_prefix(self, piece: &str) -> String {
        match self {
            Scope::Rules => "rules.".to_string(),
            Scope::Ability => format!("piece.{piece}.ability."),
        }
    }

    /// The path a reading's `set` or a clause's `encode` names it by.
    pub(crate) fn full_path(self, path: &str) -> String {
        match self {
            Scope::Rules => format!("rules.{path}"),
            Scope::Ability => format!("piece.ID.ability.{path}"),
        }
    }
}

/// Every setting, rules first, grouped by the table it is written under (tables in the order
/// of their first declaration, settings in declaration order within a table).
pub(crate) fn all() -> Vec<(Scope, &'static Knob)> {
    let mut out = Vec::new();
    for scope in [Scope::Rules, Scope::Ability] {
        let mut tables: Vec<String> = Vec::new();
        for knob in scope.catalogue() {
            let (table, _) = scope.table_and_key(knob.path);
            if !tables.contains(&table) {
                tables.push(table);
            }
        }
        for table in &tables {
            out.extend(
                scope.catalogue().iter().filter(|k| &scope.table_and_key(k.path).0 == table).map(|k| (scope, k)),
            );
        }
    }
    out
}

/// The settings `what` names: a setting path or the start of one (`drops`, `rules.drops.nifu`,
/// `burn.max`, `piece.ability.burn`). Empty when nothing matches.
pub(crate) fn matching(what: &str) -> Vec<(Scope, &'static Knob)> {
    let (scopes, rest): (&[Scope], &str) = if let Some(rest) = what.strip_prefix("rules.") {
        (&[Scope::Rules], rest)
    } else if let Some(rest) = what.strip_prefix("piece.ability.") {
        (&[Scope::Ability], rest)
    } else if what == "rules" {
        (&[Scope::Rules], "")
    } else if what == "piece.ability" || what == "ability" {
        (&[Scope::Ability], "")
    } else {
        (&[Scope::Rules, Scope::Ability], what)
    };
    all()
        .into_iter()
        .filter(|(s, k)| {
            scopes.contains(s) && (rest.is_empty() || k.path == rest || k.path.starts_with(&format!("{rest}.")))
        })
        .collect()
}

/// The closest setting path to `what`, for a "did you mean" hint: the table whose name `what`
/// begins (`drop`: rules.drops), else the path nearest in spelling.
pub(crate) fn closest(what: &str) -> Option<String> {
    let bare = what.strip_prefix("rules.").or_else(|| what.strip_prefix("piece.ability.")).unwrap_or(what);
    if !bare.is_empty() {
        for (scope, knob) in all() {
            if knob.path.starts_with(bare) {
                let end = knob.path[bare.len()..].find('.').map_or(knob.path.len(), |i| bare.len() + i);
                return Some(match scope {
                    Scope::Rules => format!("rules.{}", &knob.path[..end]),
                    Scope::Ability => format!("piece.ability.{}", &knob.path[..end]),
                });
            }
        }
    }
    crate::spec::settings::closest(RULES, bare)
        .map(|p| format!("rules.{p}"))
        .or_else(|| crate::spec::settings::closest(ABILITIES, bare).map(|p| format!("piece.ability.{p}")))
}

/// A default is a value of the setting's own kind (a test holds every declaration to it; only
/// the test calls it).
#[cfg(test)]
fn default_fits(knob: &Knob) -> Result<(), String> {
    let ok = match (knob.default, knob.kind) {
        (DefaultValue::Word(w), SettingKind::Choice(words)) => words.contains(&w),
        (DefaultValue::Word(w), SettingKind::Zone) => w == "none",
        (DefaultValue::Flag(_), SettingKind::Bool) => true,
        (DefaultValue::Number(n), SettingKind::Int(lo, hi)) => (lo..=hi).contains(&n),
        (
            DefaultValue::Empty,
            SettingKind::Pieces
            | SettingKind::Zones
            | SettingKind::Words(_)
            | SettingKind::RanksPerPiece
            | SettingKind::BetzaPerZone,
        ) => true,
        (DefaultValue::SameAs(other), kind) => {
            let catalogue = if RULES.iter().any(|k| k.path == knob.path) { RULES } else { ABILITIES };
            catalogue.iter().any(|k| k.path == other && k.kind == kind)
        }
        (DefaultValue::Unset(_), _) => true,
        _ => false,
    };
    ok.then_some(())
        .ok_or_else(|| format!("{}: default {} is not {}", knob.path, knob.default.describe(), knob.kind.describe()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::abilities::Ability;
    use crate::spec::rules::Rule;

    #[test]
    fn every_default_is_a_value_of_its_kind() {
        for (_, knob) in all() {
            assert_eq!(default_fits(knob), Ok(()));
        }
    }

    #[test]
    fn a_default_of_the_wrong_kind_is_caught() {
        let bad = Knob {
            path: Rule::SkipLimit.path(),
            kind: SettingKind::Choice(&["none", "both"]),
            default: DefaultValue::Word("sometimes"),
            doc: "",
        };
        assert!(default_fits(&bad).is_err());
        let out_of_range = Knob { path: "x", kind: SettingKind::Int(2, 9), default: DefaultValue::Number(1), doc: "" };
        assert!(default_fits(&out_of_range).is_err());
    }

    #[test]
    fn tables_and_keys_follow_the_toml_nesting() {
        assert_eq!(Scope::Rules.table_and_key(Rule::DropsNifu.path()), ("rules.drops".to_string(), "nifu"));
        assert_eq!(Scope::Rules.table_and_key(Rule::TurnOrder.path()), ("rules".to_string(), Rule::TurnOrder.path()));
        assert_eq!(
            Scope::Ability.table_and_key(Ability::Confine.path()),
            ("piece.ability".to_string(), Ability::Confine.path())
        );
        assert_eq!(Scope::Ability.table_and_key(Ability::BurnMax.path()), ("piece.ability.burn".to_string(), "max"));
    }

    #[test]
    fn a_prefix_selects_whole_path_components_only() {
        let drops: Vec<&str> = matching("drops").iter().map(|(_, k)| k.path).collect();
        assert!(drops.contains(&Rule::DropsNifu.path()) && drops.iter().all(|p| p.starts_with("drops.")));
        // "drop" is no component: nothing matches.
        assert!(matching("drop").is_empty());
        assert_eq!(matching(Rule::EndRepetition.spec_path()).len(), 1);
        assert!(matching("piece.ability.burn")
            .iter()
            .all(|(s, k)| *s == Scope::Ability && k.path.starts_with("burn.")));
        assert!(matching("rules.burn").is_empty());
    }
}
