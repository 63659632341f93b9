//! `kensho settings`: the reference of rule settings, generated from their one declaration;
//! docs/settings.md kept equal to it; a spec's effective values.

use crate::common::cli::{kensho, ok, refused, text};
use kensho::spec::settings::RULES;

#[test]
fn docs_settings_md_is_the_generated_reference() {
    let (generated, _) = ok(&["settings", "--markdown"]);
    let file = std::fs::read_to_string("docs/settings.md").expect("docs/settings.md");
    assert!(
        file == generated,
        "docs/settings.md differs from the catalogue; regenerate it with\n  cargo run --release -- settings --markdown > docs/settings.md"
    );
    // Every declared setting has its row, under the table it is written in.
    for knob in RULES {
        assert!(file.contains(&format!("| `{}` |", knob.path)), "{} has no row", knob.path);
    }
    assert!(file.contains("### `[rules.drops]`") && file.contains("### `[piece.ability.burn]`"));
}

#[test]
fn a_prefix_lists_its_settings_with_default_and_example() {
    let (out, _) = ok(&["settings", "drops"]);
    assert!(out.starts_with("[rules.drops]\n"), "{out}");
    assert!(out.contains("  nifu    default \"none\""), "{out}");
    assert!(out.contains("Example: nifu = \"own-unpromoted\""), "{out}");
    assert!(!out.contains("[rules.end]"), "{out}");
    // Nothing is wider than a 100-column terminal.
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    let (one, _) = ok(&["settings", "rules.end.repetition-count"]);
    assert!(one.contains("repetition-count    default 4"), "{one}");
    assert!(one.contains("an integer from 2 to 9"), "{one}");
}

#[test]
fn an_unknown_name_is_refused_with_a_hint() {
    let err = refused(&["settings", "drop"], "no setting is named 'drop'");
    assert!(err.contains("did you mean rules.drops"), "{err}");
    refused(&["settings", "rules.end.repetition-cnt"], "did you mean rules.end.repetition-count");
    refused(&["settings", "tests/fixtures/no-such-spec.toml"], "no-such-spec.toml");
}

#[test]
fn a_spec_lists_every_setting_with_its_effective_value() {
    // clean.toml states one rule (rules.skip.limit, by its reading's default option) and no
    // ability: every rule setting is listed, that one without the default mark.
    let (out, _) = ok(&["settings", "tests/fixtures/lint-specs/clean.toml"]);
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(lines.len(), RULES.len(), "{out}");
    let stated: Vec<&str> = lines.iter().copied().filter(|l| !l.ends_with("(default)")).collect();
    assert_eq!(stated.len(), 1, "{out}");
    assert!(stated[0].contains("rules.skip.limit") && stated[0].ends_with("no-two-own-in-a-row"), "{out}");
    assert!(out.contains("rules.drops.enabled"), "{out}");
    // The reading's other option sets the other value.
    let (any, _) = ok(&["settings", "tests/fixtures/lint-specs/clean.toml", "--reading", "pass-limit=any"]);
    assert!(any.lines().any(|l| l.contains("rules.skip.limit") && l.ends_with("not-after-opponent-skip")), "{any}");
    refused(&["settings", "tests/fixtures/lint-specs/clean.toml", "--reading", "pass-limit=never"], "never");
}

#[test]
fn a_spec_lists_the_abilities_its_pieces_have() {
    // Suzumu's Fire Demon burns and moves by area: those settings of it are listed; it does
    // not freeze, so no freeze setting of it is listed.
    let (out, _) = ok(&["settings", "specs/suzumu.toml", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let paths: Vec<&str> = json["settings"].as_array().unwrap().iter().map(|s| s["path"].as_str().unwrap()).collect();
    assert!(paths.contains(&"piece.FD.ability.burn.max"), "{paths:?}");
    assert!(paths.contains(&"piece.FD.ability.area-move.steps"), "{paths:?}");
    assert!(!paths.iter().any(|p| p.starts_with("piece.FD.ability.freeze")), "{paths:?}");
}

#[test]
fn the_catalogue_as_json_names_full_paths() {
    let out = kensho(&["settings", "burn", "--format", "json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let first = &json[0];
    assert_eq!(first["path"], "piece.ID.ability.burn.max");
    assert_eq!(first["default"], 0);
}
