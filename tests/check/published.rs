//! Lint's comparison of each piece's XBetza string with the rules (`check::published`, issue 22
//! item 7): moves counted by hand on designed boards, the findings of a fixture, and the bundled
//! games whose documents say which rules go beyond the strings.

use kensho::check::published::{compare, findings};
use kensho::engine::{Engine, Man, Position};
use kensho::geometry::Square;
use kensho::spec::finding::Severity;
use kensho::spec::settings::Setting;
use kensho::Color;
use std::path::Path;

fn load(path: &str) -> kensho::spec::LoadedSpec {
    kensho::spec::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect("spec loads")
}

const FIXTURE: &str = "tests/fixtures/lint-specs/string-vs-rules.toml";

fn sq(engine: &Engine, name: &str) -> Square {
    engine.game.board.parse_square(name).expect("square")
}

/// An empty board with these men (id, player, square), the first player to move.
fn board(engine: &Engine, men: &[(&str, Color, &str)]) -> Position {
    let mut pos = Position::empty(engine.game.board, engine.pieces.len());
    for &(id, player, at) in men {
        let piece = engine.piece_index(id).expect("piece");
        pos.put(&engine.zobrist, sq(engine, at), Some(Man { player, piece }));
    }
    pos
}

#[test]
fn a_rank_limited_jump_loses_exactly_the_jump_over_the_higher_rank() {
    let spec = load(FIXTURE);
    let (engine, _) = Engine::for_moves(&spec.game).expect("engine");
    // The Jumper (`BpafcB`, rank 2) on a1; on its diagonal an enemy King (rank 5) on c3 and an
    // enemy Wazir on e5. By hand, the string: b2 (slide), c3 (slide capture), e5 (hop over c3,
    // capture); the rules: the same but the hop over the King, whose rank is higher.
    let pos = board(&engine, &[("J", Color::Black, "a1"), ("K", Color::White, "c3"), ("W", Color::White, "e5")]);
    let (only_string, only_rules) = compare(&engine, &pos, sq(&engine, "a1"));
    let e5 = sq(&engine, "e5");
    assert_eq!(only_string, vec![(e5, vec![e5])]);
    assert!(only_rules.is_empty(), "{only_rules:?}");
    // Swap them: the Wazir (rank 1) may be jumped, so string and rules agree.
    let pos = board(&engine, &[("J", Color::Black, "a1"), ("W", Color::White, "c3"), ("K", Color::White, "e5")]);
    let (only_string, only_rules) = compare(&engine, &pos, sq(&engine, "a1"));
    assert!(only_string.is_empty() && only_rules.is_empty(), "{only_string:?} {only_rules:?}");
}

#[test]
fn confinement_and_zone_moves_differ_from_the_string_by_hand() {
    let spec = load(FIXTURE);
    let (engine, _) = Engine::for_moves(&spec.game).expect("engine");
    // The Advisor (`F`, confined to c1-e2) on d2: the string gives c1, e1, c3, e3; the rules
    // keep c1 and e1.
    let pos = board(&engine, &[("A", Color::Black, "d2")]);
    let (only_string, only_rules) = compare(&engine, &pos, sq(&engine, "d2"));
    let names: Vec<String> = only_string.iter().map(|(to, _)| to.name()).collect();
    assert_eq!(names, ["c3", "e3"]);
    assert!(only_rules.is_empty());
    // The Pawn (`fW`; `fsW` on ranks 6 and 7) on d6: the rules add c6 and e6.
    let pos = board(&engine, &[("P", Color::Black, "d6")]);
    let (only_string, only_rules) = compare(&engine, &pos, sq(&engine, "d6"));
    let names: Vec<String> = only_rules.iter().map(|(to, _)| to.name()).collect();
    assert_eq!(names, ["c6", "e6"]);
    assert!(only_string.is_empty());
}

/// (subject, the cause's words, takes away or adds) of every string-vs-rules finding.
fn summary(path: &str) -> Vec<(String, String, &'static str, Severity)> {
    let mut out: Vec<_> = findings(&load(path))
        .into_iter()
        .map(|f| {
            let cause = f.message.split(": ").nth(1).unwrap_or("").split(" takes away").next().unwrap_or("");
            let cause = cause.split(" adds").next().unwrap_or("").to_string();
            let way = if f.message.contains(" takes away ") { "takes away" } else { "adds" };
            (f.subject, cause, way, f.severity)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_fixture_names_each_piece_its_setting_and_the_direction() {
    // From the fixture's rules: the Advisor's confinement and the Jumper's rank limit take moves
    // away, the Pawn's zone move adds some; the King and the Wazir have no setting beyond
    // their strings. Only the Advisor's string is cited from a diagram configuration.
    let found = summary(FIXTURE);
    let expected = [
        ("A", "its confine ability (`piece.A.ability.confine`)", "takes away", Severity::Warning),
        ("J", "its jump ability (`piece.J.ability.jump`)", "takes away", Severity::Info),
        ("P", "its zone-moves ability (`piece.P.ability.zone-moves`)", "adds", Severity::Info),
    ];
    let expected: Vec<_> = expected.iter().map(|(s, c, w, v)| (s.to_string(), c.to_string(), *w, *v)).collect();
    assert_eq!(found, expected);
}

#[test]
fn shogi_strings_are_its_whole_moves_and_xiangqi_names_its_palace_river_and_flying_general() {
    // Shogi: every move is its piece's XBetza string (drops and promotion are not piece moves).
    assert_eq!(summary("specs/shogi.toml"), []);
    // Xiangqi: the General and Advisors stay in the palace, the Elephant on its side of the
    // river, the General captures the facing General, the Soldier steps sideways across the
    // river: five differences, each put down to its setting.
    let ways: Vec<(String, String, &str)> =
        summary("specs/xiangqi.toml").into_iter().map(|(s, c, w, _)| (s, c, w)).collect();
    let expected = [
        ("A", "its confine ability (`piece.A.ability.confine`)", "takes away"),
        ("B", "its confine ability (`piece.B.ability.confine`)", "takes away"),
        ("K", "its confine ability (`piece.K.ability.confine`)", "takes away"),
        ("K", "its flying-capture ability (`piece.K.ability.flying-capture`)", "adds"),
        ("P", "its zone-moves ability (`piece.P.ability.zone-moves`)", "adds"),
    ];
    let expected: Vec<_> = expected.iter().map(|(s, c, w)| (s.to_string(), c.to_string(), *w)).collect();
    assert_eq!(ways, expected);
}

#[test]
fn every_rank_limited_suzumu_general_is_reported_against_its_diagram_string() {
    // Suzumu's prose limits the jumping Generals by rank, which their diagram strings do not
    // say: each of them (the group jumping-generals) gets a warning put down to its jump ability.
    let spec = load("specs/suzumu.toml");
    let generals: Vec<String> = spec
        .game
        .pieces
        .iter()
        .filter(|p| matches!(p.abilities.get("jump.rank-limit"), Some(Setting::Word(w)) if w != "none"))
        .map(|p| p.id.clone())
        .collect();
    assert!(generals.len() >= 8, "{generals:?}");
    let found = summary("specs/suzumu.toml");
    for g in &generals {
        let want = format!("its jump ability (`piece.{g}.ability.jump`)");
        assert!(
            found.iter().any(|(s, c, w, v)| s == g && *c == want && *w == "takes away" && *v == Severity::Warning),
            "{g}: {found:?}"
        );
    }
}
