//! The invariants catch a broken engine (issue 6): a rule is switched off in a spec's text (one
//! setting replaced, and where the spec's own consistency checks demand it, the reading default
//! or clause encoding that names the setting), the engine is built from the result, and the
//! matching invariant (written inline) is run over seeded random games, designed positions or
//! positions aimed at the pieces it names. On the broken engine the run reports a violation of
//! that invariant with its clauses; on the spec as written the same run, same seeds, finds none
//! and exercises the invariant. Budgets are small and fixed, so every run is replayable.

use indicatif::ProgressBar;
use kensho::check::designed::aim_for;
use kensho::check::run::{self, Budget, Report};
use kensho::check::{properties, shrink, Invariant};
use kensho::engine::Engine;
use kensho::geometry::Square;
use kensho::spec::game::Placement;
use kensho::Color;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The spec's text with `edits` applied (each `from` must occur) and the listed readings
/// removed, loaded as `kensho check` loads it; with `start` (square, token: upper case the first
/// player's) in place of the setup where given.
fn engine(name: &str, edits: &[(&str, &str)], drop_readings: &[&str], start: &[(&str, &str)]) -> (Engine, Vec<String>) {
    let mut text = crate::common::read_text(format!("specs/{name}.toml"));
    for (from, to) in edits {
        assert!(text.contains(from), "specs/{name}.toml has no {from:?}");
        text = text.replace(from, to);
    }
    for id in drop_readings {
        text = without_reading(&text, id);
    }
    let spec = kensho::spec::parse(&format!("specs/{name}.toml"), &text)
        .unwrap_or_else(|e| panic!("{name} with {edits:?}: {e:?}"));
    let clause_ids = spec.all_clauses().iter().map(|c| c.id.get_ref().clone()).collect();
    let mut game = spec.resolve(&BTreeMap::new()).expect("defaults");
    if !start.is_empty() {
        game.setup = start
            .iter()
            .map(|(sq, token)| Placement {
                player: if token.chars().any(|c| c.is_ascii_lowercase()) { Color::White } else { Color::Black },
                piece: token.to_uppercase(),
                square: Square::parse(sq).unwrap(),
            })
            .collect();
    }
    let (engine, _warnings) = Engine::for_moves(&game).unwrap_or_else(|u| panic!("{name}: unplayable: {u:?}"));
    (engine, clause_ids)
}

/// The text without the `[[reading]]` whose id is `id` (up to the next reading).
fn without_reading(text: &str, id: &str) -> String {
    let start = text.find(&format!("[[reading]]\nid = \"{id}\"\n")).unwrap_or_else(|| panic!("no reading {id}"));
    let end = text[start + 1..].find("\n[[reading]]\n").map_or(text.len(), |i| start + 2 + i);
    format!("{}{}", &text[..start], &text[end..])
}

fn invariant(engine: &Engine, clause_ids: &[String], body: &str) -> Invariant {
    let text = format!("spec = \"{}\"\n\n[[invariant]]\n{body}\nwhy = \"the rule switched off\"\n", engine.game.id);
    let props = properties::parse("inline.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    props.validate("inline.toml", &engine.game, clause_ids).unwrap_or_else(|e| panic!("{e}"));
    props.invariants[0].clone()
}

#[derive(Clone, Copy, Debug)]
enum How {
    /// Seeded random games from the start (every legal move of every position judged).
    Games { games: usize, plies: usize },
    /// Designed positions, spread out.
    Designed { positions: usize },
    /// Designed positions built around the invariant's pieces (`aim_for`), all `positions` of
    /// them (not stopping at the first exercise, so both runs see the same positions).
    Aimed { positions: usize },
}

const SEED: u64 = 20_240_601;

fn run_it(engine: &Engine, inv: &Invariant, how: How) -> Report {
    let invariants = std::slice::from_ref(inv);
    let bar = ProgressBar::hidden();
    match how {
        How::Games { games, plies } => {
            run::run(engine, invariants, Budget { games, plies, positions: 0, seed: SEED }, &bar)
        }
        How::Designed { positions } => {
            run::run(engine, invariants, Budget { games: 0, plies: 0, positions, seed: SEED }, &bar)
        }
        How::Aimed { positions } => {
            let aim = aim_for(engine, inv);
            let mut report = (0..positions as u64)
                .into_par_iter()
                .map(|j| run::designed_position(engine, invariants, SEED + run::DESIGNED_OFFSET * 2 + j, &aim))
                .reduce(Report::default, |mut a, b| {
                    a.merge(b);
                    a
                });
            shrink::shrink_witnesses(engine, invariants, &mut report.tally);
            report
        }
    }
}

/// The invariant holds on `name` as written and is broken once `edits` switch its rule off.
#[track_caller]
fn caught(name: &str, edits: &[(&str, &str)], drop_readings: &[&str], body: &str, how: How, says: &str) {
    caught_from(name, edits, drop_readings, &[], body, how, says)
}

/// `caught`, with the games starting from `start` instead of the spec's setup.
#[track_caller]
fn caught_from(
    name: &str,
    edits: &[(&str, &str)],
    drop_readings: &[&str],
    start: &[(&str, &str)],
    body: &str,
    how: How,
    says: &str,
) {
    let (sound, ids) = engine(name, &[], &[], start);
    let inv = invariant(&sound, &ids, body);
    let report = run_it(&sound, &inv, how);
    assert!(report.tally.violations.is_empty(), "{name} as written breaks {}: {:?}", inv.id, report.tally.violations);
    let exercised = report.tally.exercised.get(&inv.id).copied().unwrap_or(0);
    assert!(exercised > 0, "{name} as written: {} never exercised by {how:?}", inv.id);

    let (broken, ids) = engine(name, edits, drop_readings, start);
    let inv = invariant(&broken, &ids, body);
    let report = run_it(&broken, &inv, how);
    let v = report.tally.violations.iter().find(|v| v.invariant == inv.id).unwrap_or_else(|| {
        panic!(
            "{name} with {edits:?}: {} not violated by {how:?} ({} transitions, exercised {:?})",
            inv.id, report.transitions, report.tally.exercised
        )
    });
    assert_eq!(v.clauses, inv.clauses);
    assert!(v.message.contains(says), "{}: {:?} does not say {says:?}", inv.id, v.message);
    println!(
        "{name}: {} caught ({} of {} exercised transitions): {} / {} / {}",
        inv.id, report.tally.violated[&inv.id], report.tally.exercised[&inv.id], v.position, v.mv, v.message
    );
}

#[test]
fn fire_demon_burn_immunity_removed() {
    // SUZ-107 "The Fire Demon cannot burn another Fire Demon": burn.immune emptied (and the
    // default of reading fd-burn-victims with it).
    caught(
        "suzumu",
        &[
            ("immune = [\"FD\", \"+WB\"]", "immune = []"),
            ("\"group.fire-demons.ability.burn.immune\" = [\"FD\", \"+WB\"]", "\"group.fire-demons.ability.burn.immune\" = []"),
        ],
        &[],
        "id = \"burns\"\nkind = \"burn\"\nclauses = [\"SUZ-6\", \"SUZ-105\", \"SUZ-107\"]\nmax = 2\nimmune = [\"FD\", \"+WB\"]",
        How::Aimed { positions: 64 },
        "which may not be burned",
    );
}

#[test]
fn moving_into_check_allowed_in_shogi() {
    // SHO-35 "A move that leaves the player's own King attacked, or moves it onto an attacked
    // square, is illegal": legality.self-check = allowed.
    caught(
        "shogi",
        &[("self-check = \"illegal\"", "self-check = \"allowed\"")],
        &[],
        "id = \"self-check\"\nkind = \"no-self-check\"\nclauses = [\"SHO-35\"]",
        How::Designed { positions: 32 },
        "leaves a royal of the mover attacked",
    );
}

#[test]
fn forced_promotion_off_in_shogi() {
    // SHO-22 "A Pawn or Lance reaching the furthest rank, or a Knight reaching either of the two
    // furthest ranks, must promote": promotion.forced = never.
    caught(
        "shogi",
        &[("forced = \"listed-ranks\"", "forced = \"never\"")],
        &[],
        "id = \"forced\"\nkind = \"forced-promotion\"\nclauses = [\"SHO-22\"]\nranks = { P = [9], L = [9], N = [8, 9] }",
        How::Aimed { positions: 64 },
        "a forced-promotion rank",
    );
}

#[test]
fn palace_confinement_removed_in_xiangqi() {
    // XIA-11 "The General ... may not leave the palace", XIA-12 "The Advisor ... may not leave
    // the palace": confine = none for both (the Elephant keeps its own half).
    caught(
        "xiangqi",
        &[("confine = \"palace\"", "confine = \"none\"")],
        &[],
        "id = \"palace\"\nkind = \"confined\"\nclauses = [\"XIA-11\", \"XIA-12\"]\npieces = [\"K\", \"A\"]\nzone = \"palace\"\nexempt-royal-captures = true",
        How::Games { games: 2, plies: 8 },
        "outside its palace",
    );
}

#[test]
fn two_pawns_drop_rule_off_in_shogi() {
    // SHO-32 "A Pawn may not be dropped on a file that already holds an unpromoted Pawn of the
    // same player (nifu)": drops.nifu = none.
    caught(
        "shogi",
        &[("nifu = \"own-unpromoted\"", "nifu = \"none\"")],
        &[],
        "id = \"nifu\"\nkind = \"drops\"\nclauses = [\"SHO-32\"]\none-per-file = [\"P\"]",
        How::Aimed { positions: 64 },
        "2 of them on the file",
    );
}

#[test]
fn pawn_drop_mate_allowed_in_shogi() {
    // SHO-33 "A Pawn may not be dropped to give immediate checkmate": drops.pawn-mate = allowed.
    // A mating drop is rare in random positions (about one designed position in 3,000), so the
    // games start from a position built for it: the second player's King on a9 shut in by its
    // own Lance and Pawns on file b, the first player's Gold on a7 guarding a8. The first
    // player's King is boxed in and its only other moves take a Pawn (P h2xh3, P i2xi3) or move
    // the Gold; whenever it holds a Pawn with the Gold still guarding a8 and is not in check,
    // P*a8 mates.
    let mut start = vec![
        ("i1", "K"),
        ("h1", "L"),
        ("h2", "P"),
        ("i2", "P"),
        ("a7", "G"),
        ("a9", "k"),
        ("b9", "l"),
        ("h3", "p"),
        ("i3", "p"),
    ];
    start.extend([
        ("b1", "p"),
        ("b2", "p"),
        ("b3", "p"),
        ("b4", "p"),
        ("b5", "p"),
        ("b6", "p"),
        ("b7", "p"),
        ("b8", "p"),
    ]);
    caught_from(
        "shogi",
        &[("pawn-mate = \"no-mate\"", "pawn-mate = \"allowed\"")],
        &[],
        &start,
        "id = \"uchifuzume\"\nkind = \"pawn-drop-mate\"\nclauses = [\"SHO-33\"]\npieces = [\"P\"]",
        How::Games { games: 16, plies: 8 },
        "the drop P*a8 mates",
    );
}

#[test]
fn jump_rank_limit_off_in_suzumu() {
    // SUZ-117 "they can only jump pieces of lower rank, whether friend or foe": jump.rank-limit
    // = none for every jumping General (and the default of reading jump-matrix).
    caught(
        "suzumu",
        &[
            ("rank-limit = \"jump-only\"", "rank-limit = \"none\""),
            ("\"group.jumping-generals.ability.jump.rank-limit\" = \"jump-only\" }", "\"group.jumping-generals.ability.jump.rank-limit\" = \"none\" }"),
        ],
        &[],
        "id = \"jumps\"\nkind = \"rank-jump\"\nclauses = [\"SUZ-9\", \"SUZ-117\", \"SUZ-119\"]\npieces = [\"BG\", \"RG\", \"VG\", \"GG\", \"+HF\", \"+SE\", \"+BG\", \"+RG\"]\nmax = 2",
        How::Aimed { positions: 64 },
        "not of a lower rank",
    );
}

#[test]
fn freezing_off_in_suzumu() {
    // SUZ-113 "all stationary non-Heavenly Tetrarch opponents are immobilized": the freeze has
    // no off value, so the Tetrarch's freeze.immune is made every piece type.
    let (sound, _) = engine("suzumu", &[], &[], &[]);
    let ids: Vec<String> = sound.game.pieces.iter().map(|p| format!("\"{}\"", p.id)).collect();
    let everyone = format!("immune = [{}]", ids.join(", "));
    caught(
        "suzumu",
        &[("immune = [\"+CS\"]", everyone.as_str())],
        &[],
        "id = \"frozen\"\nkind = \"frozen\"\nclauses = [\"SUZ-13\", \"SUZ-113\", \"SUZ-114\"]\nfreezers = [\"+CS\"]\nrange = 1\nimmune = [\"+CS\"]",
        How::Aimed { positions: 64 },
        "moved while frozen",
    );
}

#[test]
fn ryu_zone_moves_by_destination() {
    // RYU-61 (reading zone-path, default origin): a move uses the powers of the zone it starts
    // in. The engine switched to the rejected destination option.
    caught(
        "ryu",
        &[
            ("by = \"origin\"", "by = \"destination\""),
            ("set = { \"rules.zone-moves.by\" = \"origin\" }", "set = { \"rules.zone-moves.by\" = \"destination\" }"),
        ],
        &[],
        "id = \"zones\"\nkind = \"zone-moves\"\nclauses = [\"RYU-18\", \"RYU-61\"]\nby = \"origin\"\nframe = \"player\"\npromoted-zone = \"third\"",
        How::Games { games: 2, plies: 30 },
        "not its",
    );
}

#[test]
fn hook_deva_rule_off() {
    // HOOK-311 "Any piece that captures a Deva or Teaching King promotes to a Teaching King",
    // HOOK-312 the same for the Dark Spirit: promotion.deva = none (and the default of reading
    // deva-scope).
    caught(
        "hook",
        &[
            ("deva = \"all-non-royal\"", "deva = \"none\""),
            ("set = { \"rules.promotion.deva\" = \"all-non-royal\" }", "set = { \"rules.promotion.deva\" = \"none\" }"),
        ],
        &[],
        "id = \"capture-promotes\"\nkind = \"capture-promotion\"\nclauses = [\"HOOK-250\", \"HOOK-311\", \"HOOK-312\", \"HOOK-313\", \"HOOK-314\"]\ndeva = { DV = \"+DV\", \"+DV\" = \"+DV\", DS = \"+DS\", \"+DS\" = \"+DS\" }\nexempt = [\"K\", \"DE\", \"+DE\", \"+K\"]",
        How::Aimed { positions: 64 },
        "where it should be +D",
    );
}

#[test]
fn hook_emperor_protected_royal_ban_off() {
    // HOOK-188 the Emperor "cannot capture a royal piece ... that is protected": the
    // protected-royal-ban ability removed, with the clause encodings that named it and the two
    // readings that only tune it (protected-when, emperor-ban-scope).
    caught(
        "hook",
        &[
            ("[piece.ability.protected-royal-ban]\nscope = \"all-royals\"\nmeasured = \"after-capture\"\n", ""),
            (
                "encode = [\"piece.+K.ability.protected-royal-ban.scope\", \"piece.+K.ability.protected-royal-ban.measured\"]",
                "encode = \"piece.+K.betza\"",
            ),
            (
                "encode = [\"rules.legality.self-check\", \"piece.+K.ability.protected-royal-ban\"]",
                "encode = \"rules.legality.self-check\"",
            ),
        ],
        &["protected-when", "emperor-ban-scope"],
        "id = \"emperor\"\nkind = \"protected-royal-ban\"\nclauses = [\"HOOK-188\"]\npieces = [\"+K\"]\nroyals = [\"K\", \"+DE\", \"+K\"]",
        How::Aimed { positions: 128 },
        "took a protected royal",
    );
}

#[test]
fn suzumu_skip_limit_off() {
    // SUZ-163 "it is illegal for a player to skip two consecutive turns": skip.limit = none (and
    // the default of reading skip-limit).
    caught(
        "suzumu",
        &[
            ("limit = \"no-two-own-in-a-row\"", "limit = \"none\""),
            ("set = { \"rules.skip.limit\" = \"no-two-own-in-a-row\" }", "set = { \"rules.skip.limit\" = \"none\" }"),
        ],
        &[],
        "id = \"skips\"\nkind = \"no-consecutive-skips\"\nclauses = [\"SUZ-163\"]",
        How::Aimed { positions: 256 },
        "a second skip in a row by the same player",
    );
}
