//! A setting a spec leaves out means its declared default (src/spec/settings.rs, the one
//! declaration `kensho settings` and docs/settings.md print): for every bundled game, stating
//! each unstated setting's default explicitly must leave everything the engine reads from the
//! rules and abilities unchanged. A default written somewhere else in the engine, differing
//! from the declared one, fails here.

use crate::common::bundled_spec;
use kensho::engine::{Abilities, Rules};
use kensho::spec::settings::{DefaultValue, Effective, Setting, ABILITIES, RULES};
use std::collections::BTreeMap;

const GAMES: &[&str] = &["shogi", "xiangqi", "suzumu", "mitsugumi", "hook", "ryu", "heian-ryu", "shoogantshii"];

/// The default of each unstated setting, as a stated value (None where the default is no
/// value at all).
fn default_stated(stated: &BTreeMap<String, Setting>, effective: Effective, path: &str) -> Option<Setting> {
    if stated.contains_key(path) {
        return None;
    }
    effective.value(path)
}

#[test]
fn stating_a_rule_default_changes_nothing_the_engine_reads() {
    let mut checked = 0;
    for game_id in GAMES {
        let game = bundled_spec(game_id).resolve(&BTreeMap::new()).unwrap();
        let (before, before_bad) = Rules::read(&game);
        for knob in RULES {
            let Some(value) = default_stated(&game.rules, game.settings(), knob.path) else { continue };
            let mut stated = game.clone();
            stated.rules.insert(knob.path.to_string(), value.clone());
            let (after, mut after_bad) = Rules::read(&stated);
            // A setting that only counts together with another (end.impasse-min-pieces needs
            // an impasse declaration) is refused when stated alone, by name, rather than
            // ignored: that refusal is no change of meaning.
            after_bad.retain(|bad| bad.path != format!("rules.{}", knob.path));
            assert_eq!(
                format!("{before:?} {before_bad:?}"),
                format!("{after:?} {after_bad:?}"),
                "{game_id}: stating rules.{} = {value:?} (its declared default) changed the engine's rules",
                knob.path
            );
            checked += 1;
        }
    }
    // Most rule settings are left out by most games: hundreds of comparisons, not a handful.
    assert!(checked > 300, "only {checked} defaults compared");
}

/// Stating `path = value` (its default) on `piece` leaves the abilities the engine reads as
/// they were.
fn assert_stating_changes_nothing(piece: &kensho::spec::game::PieceSpec, path: &str, value: Setting, who: &str) {
    let (before, before_bad) = Abilities::read(piece);
    let mut stated = piece.clone();
    stated.abilities.insert(path.to_string(), value.clone());
    let (after, after_bad) = Abilities::read(&stated);
    assert_eq!(
        format!("{before:?} {before_bad:?}"),
        format!("{after:?} {after_bad:?}"),
        "{who}: stating ability {path} = {value:?} (its declared default) changed the abilities"
    );
}

#[test]
fn stating_an_ability_default_changes_nothing_the_engine_reads() {
    let mut checked = 0;
    for game_id in GAMES {
        let game = bundled_spec(game_id).resolve(&BTreeMap::new()).unwrap();
        for piece in &game.pieces {
            let effective = piece.ability_settings();
            for knob in ABILITIES {
                // Stating one setting of an ability gives the piece that ability (a `freeze.`
                // setting makes it a freezer); defaults are compared within abilities it has.
                let group = knob.path.split('.').next().unwrap();
                if !effective.states_any(group) || matches!(knob.default, DefaultValue::Unset(_)) {
                    continue;
                }
                let Some(value) = default_stated(&piece.abilities, effective, knob.path) else { continue };
                assert_stating_changes_nothing(piece, knob.path, value, &format!("{game_id}: piece {}", piece.id));
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "only {checked} ability defaults compared");
}

#[test]
fn stating_an_ability_default_on_a_designed_piece_changes_nothing() {
    // The bundled pieces state most of their abilities' settings; here a Gold is given each
    // ability by one setting alone (stated at its default), and every other setting of that
    // ability is compared left out and stated.
    let game = bundled_spec("shogi").resolve(&BTreeMap::new()).unwrap();
    let gold = game.piece("G").unwrap().clone();
    let mut checked = 0;
    for first in ABILITIES {
        let group = first.path.split('.').next().unwrap();
        if ABILITIES.iter().find(|k| k.path.starts_with(group)).map(|k| k.path) != Some(first.path) {
            continue; // one carrier per ability: its first setting
        }
        let mut carrier = gold.clone();
        carrier.abilities.clear();
        let Some(given) = carrier.ability_settings().value(first.path) else { continue };
        carrier.abilities.insert(first.path.to_string(), given);
        for knob in ABILITIES.iter().filter(|k| k.path != first.path && k.path.split('.').next() == Some(group)) {
            let Some(value) = carrier.ability_settings().value(knob.path) else { continue };
            assert_stating_changes_nothing(&carrier, knob.path, value, &format!("a piece with {}", first.path));
            checked += 1;
        }
    }
    assert!(checked > 15, "only {checked} ability defaults compared");
}

#[test]
fn a_default_that_differs_from_the_engine_is_noticed() {
    // The comparison above can fail: stating a value other than the default changes the rules.
    let game = bundled_spec("shogi").resolve(&BTreeMap::new()).unwrap();
    let (before, _) = Rules::read(&game);
    let mut other = game.clone();
    other.rules.insert("end.repetition-count".into(), Setting::Int(3));
    let (after, _) = Rules::read(&other);
    assert_ne!(format!("{before:?}"), format!("{after:?}"));
}
