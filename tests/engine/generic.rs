//! Generic properties of the reference engine, on positions reached by seeded random play in
//! Suzumu, Mitsugumi and Hook, and in the drop and calibration games (shogi, xiangqi,
//! Shoogantshii, Ryu, Heian Ryu) (default readings and a few readings that change what is
//! generated): make/unmake and the Zobrist hash, position strings, move identities, the
//! consistency of every move record, replay of seeded games, perft against a hand-written
//! count, and fuzzing of the position-string parser.
//!
//! Case counts: `PROPTEST_CASES` (proptest's own variable) sets how many cases each property
//! runs; the default keeps the whole file fast (`PROPTEST_CASES=200 cargo test --release
//! --test engine generic::` for a long run). Failures are not persisted to a regressions file;
//! a failing case prints its variant, seed and the position string of the witness.

use kensho::engine::config::SelfCheck;
use kensho::engine::drops;
use kensho::engine::{Engine, Man, Move, MoveKind, Position};
use kensho::geometry::Square;
use kensho::random::SplitMix64;
use kensho::spec::settings::Setting;
use kensho::{Color, PieceId};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;
use std::sync::OnceLock;

/// The games and readings exercised: the defaults, and readings that add kinds of move
/// (friendly burns, passes beside any empty square, promotion in place) or limit skips.
/// Drop games: shogi has one reading (impasse), whose other option the engine refuses;
/// xiangqi's default perpetual-chase = chaser-loses is refused by Engine::new (a game end only),
/// so it runs under `none`, which generates the same moves. Shoogantshii: janggi cannon screens,
/// the lame Horse and shogi-style check legality; the flying King moving to capture, the
/// actual-move barricade and pawn-drop screens of any gun. Ryu: zone-dependent promoted moves,
/// sliding second-zone Pawns and promoted drops; king capture and shogi's promotion trigger.
/// Heian Ryu: a mandatory extra turn not earned by a checking drop; extra turns for drops only,
/// every position counted for repetition, bare King judged after the own turn.
const VARIANTS: &[(&str, &[(&str, &str)])] = &[
    ("suzumu", &[]),
    ("suzumu", &[("fd-burn-victims", "any-piece")]),
    ("suzumu", &[("skip-condition", "any-neighbour"), ("promote-without-moving", "standalone-promotion")]),
    ("mitsugumi", &[]),
    ("mitsugumi", &[("skip-limit", "both")]),
    ("hook", &[]),
    ("hook", &[("skip-squares", "any-adjacent"), ("last-rank-timing", "any-time")]),
    ("shogi", &[]),
    ("xiangqi", &[("perpetual-chase", "none")]),
    ("shoogantshii", &[]),
    ("shoogantshii", &[("cannon-screen", "janggi-screen"), ("horse-leap", "lame"), ("move-into-check", "illegal")]),
    (
        "shoogantshii",
        &[("flying-king", "move-capture"), ("barricade", "actual-move"), ("pawn-drop-screen", "any-gun-either-king")],
    ),
    ("ryu", &[]),
    ("ryu", &[("promoted-moves", "zone-dependent"), ("pawn-second-zone", "slide"), ("shogi-drops", "promoted-drops")]),
    ("ryu", &[("shogi-legality", "king-capture"), ("promotion-trigger", "shogi-trigger")]),
    ("heian-ryu", &[]),
    ("heian-ryu", &[("extra-turn-optional", "mandatory"), ("extra-turn-check", "no-extra-turn-on-check")]),
    (
        "heian-ryu",
        &[
            ("extra-turn-chain", "drop-only"),
            ("extra-turn-repetition", "every-position"),
            ("bare-king-loss", "after-own-turn"),
        ],
    ),
];

const _: () = assert!(VARIANTS.len() == 18, "engine() keeps one slot per variant");

/// The first variant of the drop and calibration games (the ones before it are Suzumu,
/// Mitsugumi and Hook).
const FIRST_DROP_GAME: usize = 7;

const DEFAULT_CASES: u32 = 6;

/// Seeds and game length of the fixed-seed sweep over every variant.
const SEEDS: u64 = 2;
const PLIES: usize = 200;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(DEFAULT_CASES)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() }
}

fn label(v: usize) -> String {
    let (game, readings) = VARIANTS[v];
    let r: Vec<String> = readings.iter().map(|(k, o)| format!("{k}={o}")).collect();
    if r.is_empty() {
        game.to_string()
    } else {
        format!("{game} [{}]", r.join(", "))
    }
}

/// The engine of a variant, built once for the whole file (each variant on first use, so tests
/// running in parallel build different variants at the same time).
fn engine(v: usize) -> &'static Engine {
    static ENGINES: [OnceLock<Engine>; 18] = [const { OnceLock::new() }; 18];
    ENGINES[v].get_or_init(|| {
        let (game, readings) = VARIANTS[v];
        let path = format!("specs/{game}.toml");
        let spec = kensho::spec::load(Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let choices: BTreeMap<String, String> = readings.iter().map(|(k, o)| (k.to_string(), o.to_string())).collect();
        let resolved = spec.resolve(&choices).unwrap_or_else(|e| panic!("{path} {choices:?}: {e}"));
        Engine::new(&resolved).unwrap_or_else(|bad| panic!("{path} {choices:?}: unplayable {bad:?}"))
    })
}

/// The start position and every position after a ply of the seeded random game.
fn game_positions(e: &Engine, seed: u64, plies: usize) -> Vec<Position> {
    let start = e.start();
    let mut out = vec![start.clone()];
    e.random_game(&start, seed, plies, |_, _, after| out.push(after.clone()));
    out
}

/// A seeded random game by its own loop (one move generation per position): `f` sees every
/// position with its legal moves. Stops when there is no move or a royal capture ended the game.
fn walk(e: &Engine, seed: u64, plies: usize, mut f: impl FnMut(&Position, &[Move])) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = e.start();
    let mut undo = Vec::new();
    for ply in 0..=plies {
        let moves = e.legal_moves(&pos);
        f(&pos, &moves);
        if ply == plies || moves.is_empty() {
            return;
        }
        let mv = &moves[rng.below(moves.len())];
        e.make(&mut pos, mv, &mut undo);
        if royal_capture_ends(e, &pos, mv) {
            f(&pos, &e.legal_moves(&pos));
            return;
        }
    }
}

/// Everything a move record says about the positions before and after it: the checker's
/// generic record invariant (src/check/generic.rs), shared with `kensho check`.
fn check_record(e: &Engine, before: &Position, mv: &Move, after: &Position) -> Result<(), String> {
    kensho::check::generic::record(e, before, mv, after)
}

/// Makes and unmakes every legal move of `pos` (`moves`), checking the hash after make, the
/// record, and the exact restoration.
fn check_every_move(e: &Engine, pos: &Position, moves: &[Move]) -> Result<(), String> {
    let z = &e.zobrist;
    if pos.hash(z) != pos.hash_from_scratch(z) {
        return Err("the position's kept hash differs from the hash from scratch".into());
    }
    let mut work = pos.clone();
    let mut undo = Vec::new();
    for mv in moves {
        e.make(&mut work, mv, &mut undo);
        if work.hash(z) != work.hash_from_scratch(z) {
            return Err(format!("after {} the kept hash differs from the hash from scratch", e.move_text(mv)));
        }
        check_record(e, pos, mv, &work)?;
        e.unmake(&mut work, &mut undo);
        if work != *pos || !undo.is_empty() {
            return Err(format!("unmake after {} did not restore the position exactly", e.move_text(mv)));
        }
    }
    Ok(())
}

/// (c): no identity twice, and no move text twice (a text names one identity: piece, origin,
/// destination, captured squares, promotion).
fn unique_moves(e: &Engine, moves: &[Move]) -> Result<(), String> {
    let mut ids = HashSet::new();
    let mut texts = HashSet::new();
    for mv in moves {
        if !ids.insert(mv.identity()) {
            return Err(format!("identity of {} listed twice", e.move_text(mv)));
        }
        if !texts.insert(e.move_text(mv)) {
            return Err(format!("text {} names two moves", e.move_text(mv)));
        }
    }
    Ok(())
}

fn witness(e: &Engine, v: usize, seed: u64, pos: &Position, why: &str) -> String {
    format!("{} seed {seed}, position {}: {why}", label(v), e.position_string(pos))
}

/// The game ends when this move captured a royal: the last one of its owner
/// (end.royals = last-royal-captured, the three games' setting) or any one
/// (any-royal-captured). Read from the spec's rule, written without the engine's helper.
fn royal_capture_ends(e: &Engine, after: &Position, mv: &Move) -> bool {
    let any_royal = matches!(e.game.rules.get("end.royals"), Some(Setting::Word(w)) if w == "any-royal-captured");
    mv.captures.iter().any(|&(_, victim)| {
        e.piece(victim.piece).royal
            && (any_royal || !after.board.iter().flatten().any(|m| m.player == victim.player && e.piece(m.piece).royal))
    })
}

proptest! {
    #![proptest_config(config())]

    /// (a), (d): every legal move of every position of a random game makes and unmakes back to
    /// the same position and hash, the incremental hash equals the hash from scratch after
    /// every make, and the move record agrees with the board before and after.
    #[test]
    fn make_unmake_hash_and_records_hold_on_random_games(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..120) {
        let e = engine(v);
        let mut failure = None;
        walk(e, seed, plies, |pos, moves| {
            if failure.is_none() {
                failure = check_every_move(e, pos, moves).err().map(|why| witness(e, v, seed, pos, &why));
            }
        });
        prop_assert!(failure.is_none(), "{}", failure.unwrap());
    }

    /// (a): a stack of makes taken back one by one passes through every earlier position in
    /// reverse, each equal with its hash.
    #[test]
    fn a_stack_of_moves_unmakes_in_reverse(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 1usize..100) {
        let e = engine(v);
        let mut rng = SplitMix64::new(seed);
        let mut pos = e.start();
        let mut seen = vec![pos.clone()];
        let mut undo = Vec::new();
        for _ in 0..plies {
            let moves = e.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            e.make(&mut pos, mv, &mut undo);
            if royal_capture_ends(e, &pos, mv) {
                e.unmake(&mut pos, &mut undo);
                break;
            }
            seen.push(pos.clone());
        }
        prop_assert_eq!(undo.len() + 1, seen.len());
        while let Some(expected) = seen.pop() {
            prop_assert!(pos == expected, "{}", witness(e, v, seed, &expected, "unmake stack did not restore this position"));
            prop_assert_eq!(pos.hash(&e.zobrist), pos.hash_from_scratch(&e.zobrist));
            e.unmake(&mut pos, &mut undo);
        }
        prop_assert!(undo.is_empty());
    }

    /// (b): position strings round-trip, with hands of any size added (past the 64 hand counts
    /// that have their own Zobrist key) and the hash kept.
    #[test]
    fn position_strings_round_trip(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..120,
                                   hands in proptest::collection::vec((0u8..2, any::<u16>(), 0u16..70), 0..4)) {
        let e = engine(v);
        let z = &e.zobrist;
        // Only what a capture can put in hand (drops::not_held), and no more men than squares:
        // the position parser refuses any other hand (issue 26).
        let holdable: Vec<PieceId> = (0..e.pieces.len()).map(PieceId::new).filter(|&p| drops::not_held(e, p).is_none()).collect();
        for mut pos in game_positions(e, seed, plies) {
            for &(player, piece, n) in hands.iter().filter(|_| !holdable.is_empty()) {
                let men = pos.board.iter().flatten().count() as u16;
                let held: u16 = pos.hands.iter().flatten().sum();
                let room = (pos.size.square_count() as u16).saturating_sub(men + held);
                pos.set_hand(z, Color::ALL[usize::from(player)], holdable[piece as usize % holdable.len()], n.min(room));
            }
            let text = e.position_string(&pos);
            let back = e.parse_position(&text);
            prop_assert!(back.as_ref() == Ok(&pos), "{}: parsed back as {:?}", witness(e, v, seed, &pos, "round trip failed"), back.map(|p| e.position_string(&p)));
            let back = back.unwrap();
            prop_assert_eq!(back.hash(z), back.hash_from_scratch(z));
            prop_assert_eq!(e.position_string(&back), text);
        }
    }

    /// (c): move identities of a position are unique, and so are move texts (a text names one
    /// identity: piece, origin, destination, captured squares, promotion).
    #[test]
    fn move_identities_and_texts_are_unique(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..120) {
        let e = engine(v);
        let mut failure = None;
        walk(e, seed, plies, |pos, moves| {
            if failure.is_none() {
                failure = unique_moves(e, moves).err().map(|why| witness(e, v, seed, pos, &why));
            }
        });
        prop_assert!(failure.is_none(), "{}", failure.unwrap());
    }

    /// (e): a seeded game replays identically, and replaying its move texts from the start
    /// reaches its final position.
    #[test]
    fn a_seeded_game_replays_identically(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..200) {
        let e = engine(v);
        let start = e.start();
        let a = e.random_game(&start, seed, plies, |_, _, _| {});
        let b = e.random_game(&start, seed, plies, |_, _, _| {});
        prop_assert_eq!(&a.moves, &b.moves);
        prop_assert_eq!(&a.final_position, &b.final_position);
        prop_assert_eq!(&a.outcome, &b.outcome);
        prop_assert_eq!(a.seed, seed);
        prop_assert_eq!(&a.start, &e.position_string(&start));
        prop_assert!(a.moves.len() <= plies);
        let mut pos = start.clone();
        let mut undo = Vec::new();
        for text in &a.moves {
            let moves = e.legal_moves(&pos);
            let matching: Vec<&Move> = moves.iter().filter(|m| e.move_text(m) == *text).collect();
            prop_assert!(matching.len() == 1, "{}", witness(e, v, seed, &pos, &format!("{} matches {} legal moves", text, matching.len())));
            e.make(&mut pos, matching[0], &mut undo);
        }
        prop_assert_eq!(e.position_string(&pos), a.final_position);
    }

    /// Perft to depth 2 equals the number of legal replies summed over the legal moves, a
    /// royal capture that ends the game having none (docs/DESIGN.md: "A position where the game
    /// ended by royal capture has no moves"); perft 1 is the number of legal moves; divide sums
    /// to perft.
    #[test]
    fn perft_two_counts_the_replies(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..120) {
        let e = engine(v);
        let positions = game_positions(e, seed, plies);
        let mut pos = positions.last().unwrap().clone();
        let moves = e.legal_moves(&pos);
        let mut expected = 0u64;
        for mv in &moves {
            let mut after = pos.clone();
            e.make(&mut after, mv, &mut Vec::new());
            if !royal_capture_ends(e, &after, mv) {
                expected += e.legal_moves(&after).len() as u64;
            }
        }
        prop_assert_eq!(e.perft(&mut pos, 1), moves.len() as u64);
        let got = e.perft(&mut pos, 2);
        prop_assert!(got == expected, "{}", witness(e, v, seed, &pos, &format!("perft 2 = {got}, replies summed = {expected}")));
        let divided: u64 = e.divide(&pos, 2, |_, _| {}).iter().map(|r| r.1).sum();
        prop_assert_eq!(divided, expected);
        prop_assert!(pos == *positions.last().unwrap());
    }

    /// Parser fuzzing: any string at all is answered with Ok or Err, never a panic; a string
    /// without '/' has one row where the board has many, so it is an error.
    #[test]
    fn arbitrary_strings_never_panic(v in 0..VARIANTS.len(), text in any::<String>(), slashless in "[^/]{0,60}") {
        let e = engine(v);
        if let Ok(p) = e.parse_position(&text) {
            prop_assert_eq!(e.parse_position(&e.position_string(&p)), Ok(p));
        }
        prop_assert!(e.parse_position(&slashless).is_err());
    }

    /// Parser fuzzing on strings shaped like position strings (the right number of rows, made
    /// of runs, piece tokens and stray characters), so that the row, hand, move-number and skip
    /// checks are all reached.
    #[test]
    fn position_shaped_strings_parse_or_fail_cleanly(v in 0..VARIANTS.len(),
        rows in proptest::collection::vec(proptest::collection::vec(
            prop_oneof!["[1-9][0-9]?", "[A-Za-z]", "\\+[A-Za-z]", "\\([A-Za-z+]{1,3}\\)", "[()+0~ ]"], 0..12), 1..20),
        side in "[bwx ]{0,2}", hands in "-|[0-9]{0,3}[A-Za-z]{0,2}|\\([A-Z]{2}\\)", number in "[0-9]{0,4}|x", skips in "~[bwx]{0,3}|")
    {
        let e = engine(v);
        let rows: Vec<String> = rows.iter().map(|r| r.concat()).collect();
        let text = format!("{} {side} {hands} {number} {skips}", rows.join("/"));
        match e.parse_position(&text) {
            Ok(p) => {
                prop_assert_eq!(e.parse_position(&e.position_string(&p)), Ok(p.clone()));
                prop_assert_eq!(p.hash(&e.zobrist), p.hash_from_scratch(&e.zobrist));
            }
            Err(err) => prop_assert!(!err.0.is_empty()),
        }
    }

    /// Parser fuzzing: a valid position string with a piece of it deleted, replaced or
    /// inserted either parses (and then round-trips) or gives a non-empty error.
    #[test]
    fn mutated_valid_strings_parse_or_fail_cleanly(v in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0usize..80,
        at in any::<proptest::sample::Index>(), cut in 0usize..6, junk in "[0-9a-zA-Z()+/~ -]{0,4}")
    {
        let e = engine(v);
        let pos = game_positions(e, seed, plies).pop().unwrap();
        let valid = e.position_string(&pos);
        let start = at.index(valid.len() + 1);
        let end = (start + cut).min(valid.len());
        let text = format!("{}{}{}", &valid[..start], junk, &valid[end..]);
        match e.parse_position(&text) {
            Ok(p) => prop_assert_eq!(e.parse_position(&e.position_string(&p)), Ok(p)),
            Err(err) => prop_assert!(!err.0.is_empty(), "empty error for {}", text),
        }
    }
}

/// Every variant on fixed seeds, so that each run covers all of them whatever the random cases
/// pick: every position of the games passes the make/unmake, hash, record, identity and
/// round-trip checks. The properties are only as strong as the positions they see, so this
/// also requires that random play offers captures, igui, passes, burns (Suzumu's Fire Demon),
/// friendly burns under fd-burn-victims = any-piece only, promotions, and promotion in place
/// under Suzumu's standalone-promotion reading. (Hook's last-rank promotion in place needs a
/// declined piece on the last rank, which random play seldom leaves:
/// `hand_built_positions_pass_the_generic_checks` covers it.)
#[test]
fn every_variant_on_fixed_seeds_with_every_kind_of_move() {
    let mut seen: Vec<BTreeSet<String>> = vec![BTreeSet::new(); VARIANTS.len()];
    for (v, seen) in seen.iter_mut().enumerate() {
        let e = engine(v);
        for seed in 0..SEEDS {
            walk(e, seed, PLIES, |pos, moves| {
                let fail = |why: String| -> ! { panic!("{}", witness(e, v, seed, pos, &why)) };
                check_every_move(e, pos, moves).unwrap_or_else(|why| fail(why));
                unique_moves(e, moves).unwrap_or_else(|why| fail(why));
                if e.parse_position(&e.position_string(pos)).as_ref() != Ok(pos) {
                    fail("the position string does not round-trip".into());
                }
                for mv in moves {
                    seen.insert(format!("{:?}", mv.kind));
                    if mv.promotion.is_some() {
                        seen.insert("promotion".into());
                    }
                    if mv.captures.iter().any(|(_, m)| m.player == mv.man.player) {
                        seen.insert("friendly capture".into());
                    }
                }
            });
        }
    }
    let need = |v: usize, kinds: &[&str]| {
        for k in kinds {
            assert!(seen[v].contains(*k), "{}: random play never offered a {k} move (saw {:?})", label(v), seen[v]);
        }
    };
    for v in 0..FIRST_DROP_GAME {
        need(v, &["Normal", "Capture", "Igui", "Pass", "promotion"]);
    }
    need(0, &["Burn"]);
    need(1, &["Burn", "friendly capture"]);
    need(2, &["PromoteInPlace"]);
    // The drop games: drops and promotions (xiangqi has neither); Heian's optional extra turn
    // can be declined.
    for (v, (game, _)) in VARIANTS.iter().enumerate().skip(FIRST_DROP_GAME) {
        need(v, &["Normal", "Capture"]);
        if *game != "xiangqi" {
            need(v, &["Drop", "promotion"]);
        }
    }
    need(15, &["Decline"]);
    // Only an optional extra turn (Heian's default extra-turn-optional = optional-pass, kept by
    // variant 17) can be declined; variant 16 makes it mandatory.
    for v in (0..VARIANTS.len()).filter(|&v| v != 15 && v != 17) {
        assert!(!seen[v].contains("Decline"), "{}: a declined extra turn", label(v));
    }
    for v in (0..VARIANTS.len()).filter(|&v| v != 1) {
        assert!(
            !seen[v].contains("friendly capture"),
            "{}: a friendly capture where no burn may take friends",
            label(v)
        );
    }
}

/// The parser must reject a run of empty squares so long that counting files overflows: here
/// `K`, then 2^64 - 1 empties, then `G12`, which wraps back to file 0 in a release build (the G
/// lands on the King's square and the row is accepted as `G12`) and panics in a debug build.
#[test]
fn an_overlong_empty_run_is_an_error() {
    let e = engine(3); // mitsugumi, 13x13
    let rows = ["13"; 12].join("/");
    let text = format!("{rows}/K18446744073709551615G12 b - 1");
    assert!(e.parse_position(&text).is_err(), "accepted {text}");
}

/// Hand counts must not wrap: 65536 pawns in hand is not zero pawns, and 65535 + 2 is not 1.
#[test]
fn oversized_hand_counts_are_errors() {
    let e = engine(3);
    let rows = ["13"; 12].join("/");
    for hands in ["65536P", "65535P2P"] {
        let text = format!("{rows}/K12 b {hands} 1");
        let got = e.parse_position(&text).map(|p| e.position_string(&p));
        assert!(got.is_err(), "{text} accepted as {got:?}");
    }
}

/// Precise parser messages: each names what was wrong and where.
#[test]
fn parser_errors_name_the_fault() {
    let e = engine(3); // mitsugumi, 13x13
    let ok_rows = ["13"; 13].join("/");
    let cases: &[(String, &str)] = &[
        ("13/13 b".into(), "2 rows given, the board has 13 ranks"),
        (format!("{}/12Z b", ["13"; 12].join("/")), "row 13 (rank 1): no piece 'Z' in this game"),
        (format!("{}/12 b", ["13"; 12].join("/")), "row 13 (rank 1) covers 12 files, the board has 13"),
        (format!("{}/14 b", ["13"; 12].join("/")), "row 13 (rank 1) covers 14 files, the board has 13"),
        (format!("{}/0 b", ["13"; 12].join("/")), "row 13 (rank 1): a run of 0 empty squares"),
        (format!("{}/12(K b", ["13"; 12].join("/")), "row 13 (rank 1): '(' at character 3 is never closed"),
        (format!("{}/12(Kk) b", ["13"; 12].join("/")), "mixes upper and lower case"),
        (format!("{ok_rows} x"), "side to move must be 'b' or 'w', found 'x'"),
        (format!("{ok_rows} b 2"), "hands: a count with no piece after it"),
        (format!("{ok_rows} b - 0"), "move number must be a whole number from 1, found '0'"),
        (format!("{ok_rows} b - 1 ~q"), "skip field '~q': expected only 'b' and 'w'"),
        (
            format!("{ok_rows} b - 1 bw"),
            "after the move number: ~b, ~w or ~bw (whose last turn was a skip), then + (an extra turn), found 'bw'",
        ),
        (format!("{ok_rows} b - 1 +"), "'+' (an extra turn) in a game without extra turns (extra-turn.after)"),
        (format!("{ok_rows} b - 1 + ~b"), "found '+'"),
        (ok_rows.clone(), "found 1 fields"),
        (format!("{ok_rows} b - 1 ~b extra"), "found 'extra'"),
        (format!("{ok_rows} b - 1 ~b + extra"), "found 7 fields"),
    ];
    for (text, want) in cases {
        match e.parse_position(text) {
            Ok(p) => panic!("{text} accepted as {}", e.position_string(&p)),
            Err(err) => assert!(err.0.contains(want), "{text}: error '{}' does not say '{want}'", err.0),
        }
    }
    // And the well-formed edge cases parse: two fields only, multi-digit runs, skip flags.
    let p = e.parse_position(&format!("{ok_rows} w")).unwrap();
    assert_eq!((p.side, p.move_number, p.last_skip), (Color::White, 1, [false, false]));
    let p = e.parse_position(&format!("{ok_rows} b - 7 ~bw")).unwrap();
    assert_eq!((p.side, p.move_number, p.last_skip), (Color::Black, 7, [true, true]));
    assert_eq!(e.position_string(&p), format!("{ok_rows} b - 7 ~bw"));
}

/// The generic checks (make/unmake, hash, records, unique identities, round trip) on positions
/// built by hand so that the rare kinds of move are certainly present: a Hook Pawn standing
/// unpromoted on its last rank under last-rank-timing = any-time (HOOK-254/256: it may promote
/// in place), a Suzumu Fire Demon among friends and enemies under fd-burn-victims = any-piece
/// (burns of friends) and under the default (burns of enemies only).
#[test]
fn hand_built_positions_pass_the_generic_checks() {
    // (variant, position, kinds that must be among the legal moves, whether a friend may be
    // among the captured)
    let cases: &[(usize, &str, &[MoveKind], bool)] = &[
        // Hook 19x19: first player's Pawn on a19 (its last rank), Kings on j1 and j18.
        (6, "P18/9k9/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9K9 b - 1", &[MoveKind::PromoteInPlace], false),
        // Suzumu 16x16: Fire Demon on h7; friendly Pawn g10; enemy Pawns f11, h11, j11, m10;
        // Kings on a1 and p16.
        (
            1,
            "15k/16/16/16/16/5p1p1p6/6P5p3/16/16/7(FD)8/16/16/16/16/16/K15 b - 1",
            &[MoveKind::Burn, MoveKind::Pass, MoveKind::Normal],
            true,
        ),
        (
            0,
            "15k/16/16/16/16/5p1p1p6/6P5p3/16/16/7(FD)8/16/16/16/16/16/K15 b - 1",
            &[MoveKind::Burn, MoveKind::Pass, MoveKind::Normal],
            false,
        ),
    ];
    for &(v, text, kinds, friendly) in cases {
        let e = engine(v);
        let pos = e.parse_position(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(e.position_string(&pos), text);
        let moves = e.legal_moves(&pos);
        check_every_move(e, &pos, &moves).unwrap_or_else(|why| panic!("{}: {text}: {why}", label(v)));
        unique_moves(e, &moves).unwrap_or_else(|why| panic!("{}: {text}: {why}", label(v)));
        for k in kinds {
            assert!(moves.iter().any(|m| m.kind == *k), "{}: {text}: no {k:?} move", label(v));
        }
        let friend_taken = moves.iter().any(|m| m.captures.iter().any(|(_, c)| c.player == m.man.player));
        assert_eq!(friend_taken, friendly, "{}: {text}: whether a friend can be captured", label(v));
    }
}

/// The record check itself can fail: moves doctored one field at a time (against the board the
/// real move leaves) are all caught. Suzumu, Fire Demon on h7 as above.
#[test]
fn the_record_check_catches_doctored_moves() {
    let e = engine(0);
    let pos = e.parse_position("15k/16/16/16/16/5p1p1p6/6P5p3/16/16/7(FD)8/16/16/16/16/16/K15 b - 1").unwrap();
    let moves = e.legal_moves(&pos);
    let burn = moves.iter().find(|m| m.kind == MoveKind::Burn).expect("a burn move").clone();
    let mut after = pos.clone();
    e.make(&mut after, &burn, &mut Vec::new());
    check_record(e, &pos, &burn, &after).expect("the real record is consistent");
    let far = Square::new(0, 15); // a16: empty and far from every destination
    let doctored: Vec<(&str, Move)> = vec![
        ("burned far away", Move { burned: vec![far].into(), ..burn.clone() }),
        ("promoted to itself", Move { promotion: Some(burn.man.piece), ..burn.clone() }),
        ("wrong kind", Move { kind: MoveKind::Normal, ..burn.clone() }),
        ("marked a skip", Move { is_skip: true, ..burn.clone() }),
        ("a capture left out", Move { captures: burn.captures[1..].into(), ..burn.clone() }),
        (
            "wrong victim",
            Move {
                captures: burn
                    .captures
                    .iter()
                    .map(|&(s, m)| (s, Man { player: m.player, piece: burn.man.piece }))
                    .collect(),
                ..burn.clone()
            },
        ),
        ("wrong destination", Move { to: Some(far), ..burn.clone() }),
        (
            "friend captured",
            Move {
                captures: burn
                    .captures
                    .iter()
                    .map(|&(s, m)| (s, Man { player: Color::Black, piece: m.piece }))
                    .collect(),
                ..burn.clone()
            },
        ),
    ];
    for (what, mv) in doctored {
        assert!(check_record(e, &pos, &mv, &after).is_err(), "{what}: not caught");
    }
    let mut origin_kept = after.clone();
    origin_kept.put(&e.zobrist, burn.from.unwrap(), Some(burn.man));
    assert!(check_record(e, &pos, &burn, &origin_kept).is_err(), "origin left occupied: not caught");
}

/// The drop checks of the record check can fail too: a shogi Pawn drop doctored one field at a
/// time (Kings e1 and e9, Sente holds a Pawn and a Lance; the real drop is P*e5).
#[test]
fn the_record_check_catches_doctored_drops() {
    let e = engine(7);
    let pos = e.parse_position("4k4/9/9/9/9/9/9/9/4K4 b LP 1").unwrap();
    let e5 = e.game.board.parse_square("e5").unwrap();
    let drop = e.legal_moves(&pos).into_iter().find(|m| e.move_text(m) == "P*e5").expect("P*e5");
    let mut after = pos.clone();
    e.make(&mut after, &drop, &mut Vec::new());
    check_record(e, &pos, &drop, &after).expect("the real record is consistent");
    let lance = e.piece_index("L").unwrap();
    let doctored: Vec<(&str, Move)> = vec![
        ("another piece dropped", Move { man: Man { player: Color::Black, piece: lance }, ..drop.clone() }),
        ("onto an occupied square", Move { to: Some(e.game.board.parse_square("e1").unwrap()), ..drop.clone() }),
        ("promoted on the drop", Move { promotion: e.piece(drop.man.piece).promotes_to, ..drop.clone() }),
        ("an extra turn earned", Move { earns_extra_turn: true, ..drop.clone() }),
        ("an origin named", Move { from: Some(e5), ..drop.clone() }),
    ];
    for (what, mv) in doctored {
        assert!(check_record(e, &pos, &mv, &after).is_err(), "{what}: not caught");
    }
}

/// docs/DESIGN.md ("Move"): "two paths with the same identity are one move". Under Suzumu's
/// promote-without-moving = standalone-promotion (SUZ-164 "if a piece promotes without moving,
/// this does not count as skipping a turn"; SUZ-167) a Soaring Eagle on m12, in the zone, with
/// nothing around it may pass on its own squares (`fabF`) and promote (a stationary move
/// starting and ending in the zone), and may promote in place: both are the identity (m12, m12,
/// no capture, promotes to +SE), so the list holds it once and perft counts it once.
#[test]
fn a_promotion_in_place_and_a_promoting_pass_are_one_move() {
    let e = engine(2);
    let text = "15k/16/16/16/12(SE)3/16/16/16/16/16/16/16/16/16/16/K15 b - 1";
    let pos = e.parse_position(text).unwrap();
    let m12 = e.game.board.parse_square("m12").unwrap();
    let stationary_promotions: Vec<String> = e
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.from == Some(m12) && m.to == Some(m12) && m.captures.is_empty() && m.promotion.is_some())
        .map(|m| e.move_text(m))
        .collect();
    assert_eq!(stationary_promotions.len(), 1, "{text}: {stationary_promotions:?}");
    unique_moves(e, &e.legal_moves(&pos)).unwrap();
}

/// The self-check test's fast path (only the enemy men whose reach bound covers a royal are
/// looked at: `RoyalWatch` in src/engine/generate.rs) against the reference, which makes every
/// move and looks at every enemy man (`Engine::reference_legality`): the same legal moves in
/// every position of seeded random games of every variant, and in every position one move
/// beyond them (where the pins and checks of the game's middle are). A fast path that missed an
/// attacker would let an illegal move through here.
#[test]
fn the_self_check_fast_path_gives_the_reference_moves() {
    let texts = |e: &Engine, moves: &[Move]| -> Vec<String> {
        let mut t: Vec<String> = moves.iter().map(|m| e.move_text(m)).collect();
        t.sort();
        t
    };
    // The large games are won by capturing a royal; these readings of theirs make check a
    // thing to resolve, which brings freezing, burns, multi-leg attackers, the Emperor and
    // promotion into a royal under the self-check test.
    let resolving = [("mitsugumi", "check-list=must-resolve"), ("hook", "check-removal-missing=resolution-required")];
    let resolving: Vec<Engine> = resolving
        .iter()
        .map(|(game, reading)| {
            let spec = kensho::spec::load(Path::new(&format!("specs/{game}.toml"))).expect("spec");
            let (id, option) = reading.split_once('=').expect("id=option");
            let choices = BTreeMap::from([(id.to_string(), option.to_string())]);
            Engine::new(&spec.resolve(&choices).expect("reading")).expect("playable")
        })
        .collect();
    let mut compared = 0usize;
    let mut guarded = 0usize;
    // Positions where check had to be resolved: only there does a resolving game filter moves.
    let mut resolved_checks = 0usize;
    let games: Vec<(String, &Engine)> = (0..VARIANTS.len())
        .map(|v| (label(v), engine(v)))
        .chain(resolving.iter().map(|e| (format!("{} (check must be resolved)", e.game.id), e)))
        .collect();
    for (name, fast) in games {
        // Only games that forbid leaving a royal attacked run the self-check test at all (the
        // large games are won by capturing the royal, and none of their variants here asks
        // for check to be resolved).
        if fast.rules.self_check == SelfCheck::Allowed && !fast.rules.must_resolve {
            continue;
        }
        guarded += 1;
        let mut reference = fast.clone();
        reference.reference_legality = true;
        for seed in 0..SEEDS {
            walk(fast, seed, 120, |pos, moves| {
                let mut undo = Vec::new();
                let mut child = pos.clone();
                let mut positions = vec![pos.clone()];
                for mv in moves.iter().step_by(3) {
                    fast.make(&mut child, mv, &mut undo);
                    positions.push(child.clone());
                    fast.unmake(&mut child, &mut undo);
                }
                for p in &positions {
                    let (f, r) = (texts(fast, &fast.legal_moves(p)), texts(fast, &reference.legal_moves(p)));
                    assert_eq!(
                        f,
                        r,
                        "{name} seed {seed}, position {}: the fast self-check test differs",
                        fast.position_string(p)
                    );
                    compared += 1;
                    if fast.rules.must_resolve && fast.in_check(p, p.side) {
                        resolved_checks += 1;
                    }
                }
            });
        }
    }
    assert!(compared > 5_000, "only {compared} positions compared");
    // shogi, xiangqi, Ryu, Heian Ryu, Shoogantshii under move-into-check = illegal, and the two
    // resolving readings at least.
    assert!(guarded >= 7, "only {guarded} variants run the self-check test");
    assert!(resolved_checks > 0, "no position of a resolving game was in check");
}
