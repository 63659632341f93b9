//! The properties files: every spec has one, it loads strictly and validates against its spec
//! (clauses, pieces, zones), and bad files are errors naming the place. Every kind failing on a
//! hand-made transition is in tests/check/kinds.rs; random games and designed positions of
//! every spec in tests/check/props.rs; the full pipeline per spec in tests/check/specs.rs.

use kensho::check::properties;
use kensho::spec::game::GameSpec;
use std::collections::BTreeMap;
use std::path::Path;

fn game(name: &str) -> GameSpec {
    let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).expect("spec loads");
    spec.resolve(&BTreeMap::new()).expect("defaults")
}

fn props(name: &str) -> properties::Properties {
    let path = format!("properties/{name}.toml");
    let text = crate::common::read_text(&path);
    properties::parse(&path, &text).unwrap_or_else(|e| panic!("{e}"))
}

const FILES: [&str; 10] =
    ["suzumu", "mitsugumi", "hook", "shogi", "shoogantshii", "xiangqi", "ryu", "heian-ryu", "minishogi", "chu"];

#[test]
fn every_spec_has_a_properties_file_that_validates_against_it() {
    for name in FILES {
        let path = format!("properties/{name}.toml");
        let p = props(name);
        let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).unwrap();
        let ids: Vec<String> = spec.all_clauses().iter().map(|c| c.id.get_ref().clone()).collect();
        p.validate(&path, &spec.game, &ids).unwrap_or_else(|e| panic!("{e}"));
        assert!(!p.invariants.is_empty(), "{name}: no invariant");
    }
}

#[test]
fn validation_names_the_unknown_clause_piece_and_zone() {
    let g = game("shogi");
    let ids = vec!["SHO-22".to_string()];
    let file = |body: &str| {
        properties::parse("p.toml", &format!("spec = \"shogi\"\n[[invariant]]\nid = \"x\"\nwhy = \"w\"\n{body}"))
            .unwrap()
    };
    let cases = [
        (
            "kind = \"forced-promotion\"\nclauses = [\"SHO-99\"]\nranks = { P = [9] }",
            "invariant 'x': the spec has no clause SHO-99",
        ),
        (
            "kind = \"forced-promotion\"\nclauses = [\"SHO-22\"]\nranks = { Q = [9] }",
            "invariant 'x': the spec has no piece Q",
        ),
        (
            "kind = \"confined\"\nclauses = [\"SHO-22\"]\npieces = [\"K\"]\nzone = \"palace\"",
            "invariant 'x': the spec has no zone palace",
        ),
        ("kind = \"no-self-check\"\nclauses = []", "invariant 'x': cites no clause"),
    ];
    for (body, says) in cases {
        let err = file(body).validate("p.toml", &g, &ids).expect_err(says);
        assert_eq!(err, format!("p.toml: {says}"));
    }
    let wrong_spec = properties::parse("p.toml", "spec = \"chess\"\n").unwrap();
    assert!(wrong_spec.validate("p.toml", &g, &ids).unwrap_err().contains("the spec's id is \"shogi\""));
}

#[test]
fn a_bad_properties_file_is_an_error_naming_line_and_column() {
    let text = "spec = \"shogi\"\n\n[[invariant]]\nid = \"x\"\nkind = \"no-such-kind\"\nclauses = []\nwhy = \"\"\n";
    let err = properties::parse("p.toml", text).expect_err("unknown kind");
    assert!(err.starts_with("p.toml:3:1") || err.starts_with("p.toml:4") || err.starts_with("p.toml:5"), "{err}");
    assert!(err.contains("no-such-kind") || err.contains("unknown variant"), "{err}");
    let text = "spec = \"shogi\"\nextra = 1\n";
    let err = properties::parse("p.toml", text).expect_err("unknown field");
    assert!(err.starts_with("p.toml:2:1"), "{err}");
    let text = "spec = \"shogi\"\n[[invariant]]\nid = \"x\"\nkind = \"no-consecutive-skips\"\nclauses = []\nwhy = \"\"\nmax = 3\n";
    let err = properties::parse("p.toml", text).expect_err("a parameter the kind does not take");
    assert!(err.contains("invariant 'x': unknown field `max`"), "{err}");
}

/// A `[[position]]` is read with the spec's engine when the file is loaded: one the game cannot
/// hold (a shogi Pawn string on a 9x9 board with a tenth file) is an error naming the file and
/// the position, and a good one is judged (Shoogantshii's smothered Palace exercises
/// no-move-ends, tests/check/specs.rs).
#[test]
fn a_hand_designed_position_must_read_under_the_spec() {
    let dir = std::env::temp_dir().join(format!("kensho-hand-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("shogi.toml");
    let text = crate::common::read_text("properties/shogi.toml");
    std::fs::write(&path, format!("{text}\n[[position]]\ntext = \"10/9/9/9/9/9/9/9/4K4 b - 1\"\nwhy = \"bad\"\n"))
        .expect("write");
    let spec = kensho::spec::load(Path::new("specs/shogi.toml")).expect("spec");
    let err = match kensho::commands::check::subject(spec, &BTreeMap::new(), Some(&path)) {
        Ok(_) => panic!("a position with ten files on a 9x9 board was accepted"),
        Err(e) => e,
    };
    assert!(err.contains("[[position]] 1") && err.contains("10/9/9"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
    let spec = kensho::spec::load(Path::new("specs/shoogantshii.toml")).expect("spec");
    let s = kensho::commands::check::subject(spec, &BTreeMap::new(), Some(Path::new("properties/shoogantshii.toml")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.hand_positions.len(), 1);
}

#[test]
fn the_record_check_refuses_a_burn_of_the_movers_own_royal_under_any_but_own_royals() {
    // Suzumu's fd-burn-victims: under any-piece a Fire Demon may burn its own King (the option's
    // words: "the burner's own King and Prince included"); under any-but-own-royals never. The
    // move is made by the any-piece engine; the record check of each option judges it.
    use std::collections::BTreeMap;
    let spec = kensho::spec::load(std::path::Path::new("specs/suzumu.toml")).expect("spec");
    let engine = |option: &str| {
        let choices: BTreeMap<String, String> = [("fd-burn-victims".to_string(), option.to_string())].into();
        kensho::engine::Engine::new(&spec.resolve(&choices).expect("reading")).expect("playable")
    };
    let (any, spare) = (engine("any-piece"), engine("any-but-own-royals"));
    // Fire Demon c8, own King j7 next to i8, the second player's King p16.
    let before = any.parse_position("15k/16/16/16/16/16/16/16/2(FD)13/9K6/16/16/16/16/16/16 b - 1").unwrap();
    let mv = any
        .legal_moves(&before)
        .into_iter()
        .find(|m| any.move_text(m) == "FD c8-i8 x j7")
        .expect("any-piece burns the own King");
    let mut after = before.clone();
    any.make(&mut after, &mv, &mut Vec::new());
    assert_eq!(kensho::check::generic::record(&any, &before, &mv, &after), Ok(()));
    let refused = kensho::check::generic::record(&spare, &before, &mv, &after).expect_err("own royal burned");
    assert!(refused.contains("own royal"), "{refused}");
}
