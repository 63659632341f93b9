//! `kensho settings [WHAT]`: the reference of every rule setting a spec may state, produced
//! from the one declaration of settings (src/spec/rules.rs, src/spec/abilities.rs): its
//! values, default, meaning, an example of how it is written, and whether the engine reads it. `--markdown` writes
//! docs/settings.md (a test keeps that file equal to this output). Given a spec, it lists the
//! value of every setting in that game: the stated one, or the default a spec leaves it at.

use super::cli::{self, Format};
use super::exit::{self, Output};
use crate::engine::config::unread;
use crate::spec::game::GameSpec;
use crate::spec::settings::{DefaultValue, Effective, Knob, SettingKind, ABILITIES, RULES};
use crate::text::wrap;
use serde_json::{json, Value};

/// Which catalogue a setting belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// `[rules]`: the whole game.
    Rules,
    /// A piece's (or a group's) `ability` table.
    Ability,
}

impl Scope {
    fn catalogue(self) -> &'static [Knob] {
        match self {
            Scope::Rules => RULES,
            Scope::Ability => ABILITIES,
        }
    }

    /// The table a setting is written under, and its key there: `drops.nifu` is `nifu` under
    /// `[rules.drops]`; `confine` is `confine` under `[piece.ability]`.
    fn table_and_key(self, path: &str) -> (String, &str) {
        let root = match self {
            Scope::Rules => "rules",
            Scope::Ability => "piece.ability",
        };
        match path.rsplit_once('.') {
            Some((table, key)) => (format!("{root}.{table}"), key),
            None => (root.to_string(), path),
        }
    }

    /// The path a reading's `set` or a clause's `encode` names it by.
    fn full_path(self, path: &str) -> String {
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

/// An example value of `knob` other than its default, as TOML.
fn example_value(knob: &Knob) -> String {
    let quoted = |w: &str| format!("\"{w}\"");
    match knob.kind {
        SettingKind::Choice(words) => {
            let other = words.iter().find(|w| knob.default != DefaultValue::Word(w)).unwrap_or(&words[0]);
            quoted(other)
        }
        SettingKind::Bool => (knob.default != DefaultValue::Flag(true)).to_string(),
        SettingKind::Int(lo, hi) => match knob.default {
            DefaultValue::Number(n) if n < hi => (n + 1).to_string(),
            DefaultValue::Number(n) => (n - 1).max(lo).to_string(),
            _ => (lo + 1).min(hi).to_string(),
        },
        SettingKind::Pieces => "[\"P\", \"L\"]".into(),
        SettingKind::Zones => "[\"promotion\"]".into(),
        SettingKind::Zone => quoted("palace"),
        SettingKind::Words(words) => format!("[{}]", words.iter().map(|w| quoted(w)).collect::<Vec<_>>().join(", ")),
        SettingKind::RanksPerPiece => "{ P = [9], N = [8, 9] }".into(),
        SettingKind::BetzaPerZone => "{ first = \"WfF\", second = \"K\" }".into(),
    }
}

/// `key = value` as it stands under the setting's table.
pub(crate) fn example(scope: Scope, knob: &Knob) -> String {
    let (_, key) = scope.table_and_key(knob.path);
    format!("{key} = {}", example_value(knob))
}

/// What the engine does with the setting, where it is not simply played: the settings it does
/// not read (every accepted value plays alike) and those whose move the XBetza string states.
fn engine_note(scope: Scope, knob: &Knob) -> Option<String> {
    if scope == Scope::Rules {
        if let Some(why) = unread(knob.path, None) {
            return Some(format!("not read by the engine: {why}"));
        }
    }
    match knob.default {
        DefaultValue::Unset(_) if knob.path.starts_with("area-move.") => {
            Some("not read by the engine: the piece's XBetza string states the area move".into())
        }
        _ => None,
    }
}

/// The catalogue as Markdown: docs/settings.md.
pub(crate) fn markdown() -> String {
    let mut out = String::from(
        "# Rule settings\n\n\
         <!-- Generated by `kensho settings --markdown` from src/spec/settings.rs; do not edit.\n     \
         tests/commands/settings_cli.rs fails when this file and the catalogue differ. Regenerate with\n     \
         cargo run --release -- settings --markdown > docs/settings.md -->\n\n\
         Every setting a spec may state, with the values it admits, its default (what a spec that\n\
         leaves it out means), its meaning and an example. `kensho settings` prints the same in the\n\
         terminal; `kensho settings SPEC` lists the value of each in one game; `kensho settings drops`\n\
         shows only the settings whose path starts so.\n\n\
         - A setting is written under its table (`[rules.drops]` then `nifu = \"own-unpromoted\"`). A\n  \
         reading's option (`set = { ... }`) and a clause's `encode` name it by its full path:\n  \
         `rules.drops.nifu`, `piece.FD.ability.burn.max`, `group.fire-demons.ability.burn.max`.\n\
         - Ability settings belong to a piece (`[piece.ability.burn]` inside its `[[piece]]`) or to a\n  \
         group of pieces (`[group.ID.ability.burn]`). A piece has an ability when it states one of its\n  \
         settings (a `freeze.` setting makes it a freezer; a piece burns when its `burn.max` is above 0);\n  the others of that ability take their defaults.\n\
         - A value the engine does not play yet is refused with the reason by `kensho lint` and every\n  \
         command that plays the game, never ignored.\n",
    );
    let mut table = String::new();
    let mut section = None;
    for (scope, knob) in all() {
        if section != Some(scope) {
            out.push_str(match scope {
                Scope::Rules => "\n## Game rules\n",
                Scope::Ability => "\n## Piece abilities\n",
            });
            section = Some(scope);
        }
        let (t, _) = scope.table_and_key(knob.path);
        if t != table {
            out.push_str(&format!(
                "\n### `[{t}]`\n\n| setting | values | default | meaning | example |\n|---|---|---|---|---|\n"
            ));
            table = t;
        }
        let mut meaning = capitalised(knob.doc);
        if let Some(note) = engine_note(scope, knob) {
            meaning.push_str(&format!(". *{}*", capitalised(&note)));
        }
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | `{}` |\n",
            knob.path,
            cell(&knob.kind.describe()),
            cell(&knob.default.describe()),
            cell(&meaning),
            example(scope, knob).replace('|', "\\|"),
        ));
    }
    out
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// Width of the terminal listing.
const WIDTH: usize = 100;
const INDENT: &str = "      ";

/// The settings in the terminal, grouped by table, each with its values, default and meaning.
pub(crate) fn render(knobs: &[(Scope, &'static Knob)]) -> String {
    let mut out = String::new();
    let mut table = String::new();
    for &(scope, knob) in knobs {
        let (t, key) = scope.table_and_key(knob.path);
        if t != table {
            out.push_str(&format!("{}[{t}]\n", if table.is_empty() { "" } else { "\n" }));
            table = t;
        }
        out.push_str(&super::terminal::prose(&format!("  {key}    default {}\n", knob.default.describe()), 4));
        let mut text = vec![capitalised(knob.doc) + ".", format!("Values: {}.", knob.kind.describe())];
        if let Some(note) = engine_note(scope, knob) {
            text.push(capitalised(&note) + ".");
        }
        text.push(format!("Example: {}", example(scope, knob)));
        for para in text {
            let width = super::terminal::width().unwrap_or(WIDTH).min(WIDTH);
            for line in wrap(&para, width - INDENT.len()) {
                out.push_str(&format!("{INDENT}{line}\n"));
            }
        }
    }
    out
}

/// One setting's value in a game.
pub(crate) struct GameValue {
    pub(crate) path: String,
    pub(crate) value: String,
    pub(crate) stated: bool,
}

/// The value of every rule setting in `game` and of every ability setting of the abilities
/// its pieces have: stated, or the default.
pub(crate) fn game_values(game: &GameSpec) -> Vec<GameValue> {
    let mut out = Vec::new();
    let mut list = |scope: Scope, prefix: String, values: Effective, only_groups_used: bool| {
        for knob in scope.catalogue() {
            let group = knob.path.split('.').next().unwrap_or(knob.path);
            if only_groups_used && !values.states_any(group) {
                continue;
            }
            let value = match values.value(knob.path) {
                Some(v) => v.to_string(),
                None => match knob.default {
                    DefaultValue::Unset(meaning) => format!("unset ({meaning})"),
                    _ => "unset".into(),
                },
            };
            out.push(GameValue { path: format!("{prefix}{}", knob.path), value, stated: values.is_stated(knob.path) });
        }
    };
    list(Scope::Rules, "rules.".into(), game.settings(), false);
    for piece in &game.pieces {
        list(Scope::Ability, format!("piece.{}.ability.", piece.id), piece.ability_settings(), true);
    }
    out
}

/// A game's settings in the terminal: `path = value`, defaults marked.
pub(crate) fn render_game(game: &GameSpec) -> String {
    let values = game_values(game);
    let width = values.iter().map(|v| v.path.len()).max().unwrap_or(0);
    let mut out = super::terminal::prose(
        &format!("{}: {} settings; (default) marks those the spec leaves out\n", game.id, values.len()),
        2,
    );
    for v in &values {
        let mark = if v.stated { "" } else { "  (default)" };
        out.push_str(&super::terminal::prose(&format!("  {:width$}  {}{mark}\n", v.path, v.value), width + 4));
    }
    out
}

/// A game's settings as JSON.
pub(crate) fn game_json(game: &GameSpec) -> Value {
    json!({
        "game": game.id,
        "settings": game_values(game).iter().map(|v| json!({"path": v.path, "value": v.value, "stated": v.stated})).collect::<Vec<_>>(),
    })
}

/// The catalogue (or part of it) as JSON.
pub(crate) fn to_json(knobs: &[(Scope, &'static Knob)]) -> Value {
    Value::Array(
        knobs
            .iter()
            .map(|&(scope, knob)| {
                json!({
                    "path": scope.full_path(knob.path),
                    "values": knob.kind.describe(),
                    "default": default_json(knob.default),
                    "meaning": knob.doc,
                    "example": example(scope, knob),
                    "engine": engine_note(scope, knob),
                })
            })
            .collect(),
    )
}

fn default_json(d: DefaultValue) -> Value {
    match d {
        DefaultValue::Word(w) => json!(w),
        DefaultValue::Flag(b) => json!(b),
        DefaultValue::Number(n) => json!(n),
        DefaultValue::Empty => json!([]),
        DefaultValue::SameAs(p) => json!({ "same-as": p }),
        DefaultValue::Unset(m) => json!({ "unset": m }),
    }
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

    #[test]
    fn examples_differ_from_the_default() {
        let nifu = Rule::DropsNifu.knob();
        assert_eq!(example(Scope::Rules, nifu), "nifu = \"own-unpromoted\"");
        let count = Rule::EndRepetitionCount.knob();
        assert_eq!(example(Scope::Rules, count), "repetition-count = 5");
        let optional = Ability::BurnOptional.knob();
        assert_eq!(example(Scope::Ability, optional), "optional = false");
    }
}

#[derive(clap::Args)]
pub struct Args {
    /// A setting path or its start, or a spec file; all settings when left out.
    pub(crate) what: Option<String>,
    /// Switch one of the spec's readings: READING=OPTION (repeatable; with a spec file).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Write the whole catalogue as Markdown (docs/settings.md).
    #[arg(long, conflicts_with_all = ["what", "format"])]
    pub(crate) markdown: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let mut out = Output::new();
    if args.markdown {
        out.append(markdown());
        return Ok(out);
    }
    let what = args.what.unwrap_or_default();
    let path = std::path::Path::new(&what);
    if what.ends_with(".toml") || path.is_file() {
        let spec = cli::load_spec(path)?;
        let game = spec.resolve(&cli::choices(&args.readings)?)?;
        match args.format {
            Format::Table => out.append(render_game(&game)),
            Format::Json => out.json(&game_json(&game)),
        }
        return Ok(out);
    }
    if !args.readings.is_empty() {
        return Err("--reading needs a spec file".into());
    }
    let knobs = matching(&what);
    if knobs.is_empty() {
        let hint = closest(&what).map(|p| format!(" (did you mean {p}?)")).unwrap_or_default();
        return Err(format!("no setting is named '{what}' or starts so{hint}; `kensho settings` lists them all").into());
    }
    match args.format {
        Format::Table => out.append(render(&knobs)),
        Format::Json => out.json(&to_json(&knobs)),
    }
    Ok(out)
}
