//! Path witnesses (src/smt/paths.rs) and the symbolic paths behind them (src/smt/symbolic.rs).
//!
//! - a live shape gets a board where it moves and one where it does not, and the move generator
//!   (`xbetza::generate`) agrees on both, checked here again from the drawn boards;
//! - a shape that cannot move from any square of its board is dead notation (proved);
//! - a shape that moves on every occupancy is reported so (no blocking board);
//! - property: on random occupancies the symbolic paths whose cube holds produce exactly the
//!   move identities the generator produces (the symbolic paths are written apart from the
//!   generator, so this checks two readings of the notation against each other).

use crate::common::smt;

use kensho::geometry::{BoardSize, Square};
use kensho::smt::paths::{one_shape, path_witnesses, PathReport};
use kensho::smt::symbolic::{holds, program_paths, Window};
use kensho::smt::{Limits, Verdict};
use kensho::xbetza::{self, Cell, CompiledBetza, Occupancy, Orientation, Readings};
use proptest::prelude::*;
use smt::{king_distance, mini, read_picture, sq};
use std::collections::BTreeSet;

fn compile(betza: &str, board: &str) -> CompiledBetza {
    compile_with(betza, board, Readings::default())
}

fn compile_with(betza: &str, board: &str, readings: Readings) -> CompiledBetza {
    let size = BoardSize::parse(board).unwrap();
    xbetza::compile_str(betza, size, readings).unwrap_or_else(|e| panic!("{betza}: {}", e.render(betza)))
}

/// Program `index` alone, as the generator runs it.
fn single(c: &CompiledBetza, index: usize) -> CompiledBetza {
    CompiledBetza { programs: vec![c.programs[index].clone()], size: c.size, readings: c.readings }
}

/// The occupancy a drawn board shows (X, the moving piece, stands on an empty square for the
/// generator: the start square counts as empty for every leg).
fn occupancy(size: BoardSize, picture: &str) -> (Occupancy, Square) {
    let mut occ = Occupancy::empty(size);
    let mut from = None;
    for (s, c) in read_picture(picture) {
        match c {
            'X' => from = Some(s),
            'F' => occ.set(s, Cell::Friend),
            'E' => occ.set(s, Cell::Enemy),
            '.' => {}
            other => panic!("unexpected {other} in\n{picture}"),
        }
    }
    (occ, from.expect("the piece is drawn"))
}

/// Checks both boards of a live shape's report with the generator.
fn check_boards(c: &CompiledBetza, p: &PathReport) -> (Occupancy, Occupancy, Square) {
    assert_eq!(p.verdict, Verdict::Witness, "{}: {}", p.shape, p.summary);
    assert!(p.confirmed, "{}: {}", p.shape, p.summary);
    let (moving, from) = occupancy(c.size, p.moves_board.as_deref().expect("a moving board"));
    let (blocked, from2) = occupancy(c.size, p.blocked_board.as_deref().expect("a blocking board"));
    assert_eq!(from, from2);
    assert_eq!(Some(from.name()), p.from);
    let shape = single(c, p.program);
    let moves = xbetza::generate(&shape, &moving, from, Orientation::Up);
    assert!(!moves.is_empty(), "{}: no move on the moving board\n{}", p.shape, p.moves_board.as_deref().unwrap());
    // The move the report names is one of them ("d4-d5" style: start, then every leg's end).
    let named = p.moves.as_deref().unwrap();
    let last = named.rsplit('-').next().unwrap().trim_start_matches(['x', '^']);
    assert!(moves.iter().any(|m| m.to.name() == last), "{}: {named} not generated", p.shape);
    assert!(
        xbetza::generate(&shape, &blocked, from, Orientation::Up).is_empty(),
        "{}: moves on the blocking board\n{}",
        p.shape,
        p.blocked_board.as_deref().unwrap()
    );
    (moving, blocked, from)
}

#[test]
fn a_rider_has_a_moving_and_a_blocking_board() {
    // fR from the centre d4 of a 7x7 board: it moves unless the square straight ahead holds a
    // friend (an enemy there is captured, an empty square is a move).
    let c = compile("fR", "7x7");
    let p = one_shape("L", "", &c, 0, &Limits::default());
    let (_, blocked, from) = check_boards(&c, &p);
    assert_eq!(from, sq("d4"));
    assert_eq!(blocked.get(sq("d5")), Cell::Friend, "{}", p.blocked_board.as_deref().unwrap());
}

#[test]
fn a_step_and_back_is_blocked_only_by_friends_all_around() {
    // mcabK: a step onto an empty square or an enemy, then back (a pass or an igui). It fails
    // only when every neighbour holds a friend.
    let c = compile("mcabK", "7x7");
    assert_eq!(c.programs.len(), 1);
    let p = one_shape("LN", "", &c, 0, &Limits::default());
    let (_, blocked, from) = check_boards(&c, &p);
    for s in c.size.squares().filter(|&s| king_distance(s, from) == 1) {
        assert_eq!(blocked.get(s), Cell::Friend, "{} on\n{}", s.name(), p.blocked_board.as_deref().unwrap());
    }
}

#[test]
fn a_leaper_off_every_board_square_is_dead_notation() {
    // H, the (0,3) leaper, on a 3x3 board: three squares away is off the board from every
    // square, so the shape never moves. The spec's W shape of the same piece is live.
    let spec = mini(
        r#"
[board]
files = 3
ranks = 3

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "X"
name = "Threeleaper"
betza = "WH"

[setup]
K = "a1"
"#,
    );
    let reports = path_witnesses(&spec.game, &Limits::default());
    let h_text = compile("H", "3x3").programs[0].text.clone();
    let w_text = compile("W", "3x3").programs[0].text.clone();
    let x: Vec<&PathReport> = reports.iter().filter(|p| p.piece == "X").collect();
    assert_eq!(x.len(), 2, "{:?}", x.iter().map(|p| &p.shape).collect::<Vec<_>>());
    let h = x.iter().find(|p| *p.shape == *h_text).expect("the H shape");
    assert_eq!(h.verdict, Verdict::Proved, "{}", h.summary);
    assert!(h.summary.contains("dead notation"), "{}", h.summary);
    assert!(h.moves_board.is_none() && h.blocked_board.is_none());
    let w = x.iter().find(|p| *p.shape == *w_text).expect("the W shape");
    check_boards(&spec.game.piece("X").unwrap().moves, w);
    // The King is live too.
    assert!(reports.iter().filter(|p| p.piece == "K").all(|p| p.verdict == Verdict::Witness && p.confirmed));
}

#[test]
fn a_universal_leaper_onto_anything_moves_on_every_board() {
    // mcdU lands on any other square whatever holds it (empty, enemy, friend): no occupancy of
    // a 3x3 board stops it.
    let c = compile("mcdU", "3x3");
    let p = one_shape("U", "", &c, 0, &Limits::default());
    assert_eq!(p.verdict, Verdict::Witness, "{}", p.summary);
    assert!(p.blocked_board.is_none(), "{:?}", p.blocked_board);
    assert!(p.summary.contains("moves on every board"), "{}", p.summary);
    assert!(p.confirmed, "{}", p.summary);
    let (moving, from) = occupancy(c.size, p.moves_board.as_deref().unwrap());
    assert!(!xbetza::generate(&c, &moving, from, Orientation::Up).is_empty());
}

#[test]
fn a_blocking_board_holds_within_the_window() {
    // U (move or capture on any other square) on an 11x11 board, window radius 4 around the
    // centre f6: inside the window a board blocks U only if every square but f6 holds a
    // friend; the squares outside (files a and k, ranks 1 and 11) are not the window's
    // business, so U may still move there, and the report says "within 4 squares".
    let c = compile("U", "11x11");
    let p = one_shape("U", "", &c, 0, &Limits::default());
    assert_eq!(p.verdict, Verdict::Witness, "{}", p.summary);
    assert!(p.confirmed, "{}", p.summary);
    assert!(!p.summary.contains("DISAGREEMENT"), "{}", p.summary);
    let (blocked, from) = occupancy(c.size, p.blocked_board.as_deref().expect("a blocking board"));
    assert_eq!(from, sq("f6"));
    for s in c.size.squares().filter(|&s| s != from && king_distance(s, from) <= 4) {
        assert_eq!(blocked.get(s), Cell::Friend, "{} on\n{}", s.name(), p.blocked_board.as_deref().unwrap());
    }
    for m in xbetza::generate(&c, &blocked, from, Orientation::Up) {
        assert!(king_distance(m.to, from) > 4, "U moves to {} inside the window", m.to.name());
    }
    // masR (slide to an empty square, then slide sideways) on 9x9 with a window of radius 2:
    // the slides reach past the window, and every blocked path inside it is blocked for the
    // generator too.
    let c = compile("masR", "9x9");
    let limits = Limits { window: 2, ..Limits::default() };
    for i in 0..c.programs.len() {
        let p = one_shape("HM", "", &c, i, &limits);
        assert!(p.confirmed, "{}: {}", p.shape, p.summary);
        let (blocked, from) = occupancy(c.size, p.blocked_board.as_deref().expect("a blocking board"));
        for m in xbetza::generate(&single(&c, i), &blocked, from, Orientation::Up) {
            assert!(
                m.path.iter().any(|s| king_distance(s.square, from) > 2),
                "{} stays inside the window",
                m.to.name()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Symbolic paths against the generator.
// ---------------------------------------------------------------------------------------------

/// Shapes of many kinds: leapers, riders, lame and jumping leapers, hoppers (cannon,
/// grasshopper), multi-leg moves (igui, pass, Xiangqi horse, Lion-like capture and step on),
/// the `j` rider (Heavenly Tetrarch), `h` half-planes, and `y` range toggles (Fire Demon).
const SHAPES: &[&str] = &[
    "fR",
    "WfF",
    "ffN",
    "nN",
    "pR",
    "gQ",
    "mcabK",
    "KcafK",
    "mafsW",
    "jvhQ",
    "Q(cpaf)2cQ",
    "mpacabmpacabK",
    "shy(mpacab)2Q",
    "(a)2mpacabK",
    "U",
];

const READINGS: &[&[&str]] = &[&[], &["y-scope=own-alternative"], &["toggle-span=next-leg"], &["h-modifier=ignored"]];

fn cell_strategy() -> impl Strategy<Value = Cell> {
    prop_oneof![3 => Just(Cell::Empty), 1 => Just(Cell::Friend), 1 => Just(Cell::Enemy)]
}

fn orientation_strategy() -> impl Strategy<Value = Orientation> {
    prop_oneof![Just(Orientation::Up), Just(Orientation::Down), Just(Orientation::DownBoardSides)]
}

/// A move's identity: its destination and its captured squares.
type Identity = (Square, Vec<Square>);

/// The identities the generator produces for program `i` and those of the symbolic paths whose
/// cube the occupancy satisfies (window: the whole board).
fn both(
    c: &CompiledBetza,
    i: usize,
    occ: &Occupancy,
    from: Square,
    o: Orientation,
) -> (BTreeSet<Identity>, BTreeSet<Identity>) {
    let generated: BTreeSet<Identity> =
        xbetza::generate(&single(c, i), occ, from, o).into_iter().map(|m| m.identity()).collect();
    let window = Window { center: from, radius: 30 };
    let paths = program_paths(c, i, from, o, window, 2_000_000).unwrap_or_else(|e| panic!("too many paths: {e:?}"));
    let cell = |s: Square| occ.get(s);
    let symbolic: BTreeSet<Identity> = paths.iter().filter(|p| holds(&p.cube, &cell)).map(|p| p.identity()).collect();
    (generated, symbolic)
}

fn show(set: &BTreeSet<Identity>) -> Vec<String> {
    set.iter().map(|(t, c)| format!("{}{:?}", t.name(), c.iter().map(|s| s.name()).collect::<Vec<_>>())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn symbolic_paths_match_the_generator(
        shape in 0..SHAPES.len(),
        reading in 0..READINGS.len(),
        cells in proptest::collection::vec(cell_strategy(), 49),
        from in 0..49usize,
        o in orientation_strategy(),
    ) {
        let size = BoardSize::parse("7x7").unwrap();
        let mut readings = Readings::default();
        for r in READINGS[reading] {
            readings.apply(r).unwrap();
        }
        let c = compile_with(SHAPES[shape], "7x7", readings);
        let mut occ = Occupancy::empty(size);
        let squares: Vec<Square> = size.squares().collect();
        for (s, cell) in squares.iter().zip(&cells) {
            occ.set(*s, *cell);
        }
        let from = squares[from];
        occ.set(from, Cell::Empty);
        for i in 0..c.programs.len() {
            let (generated, symbolic) = both(&c, i, &occ, from, o);
            prop_assert_eq!(
                &generated, &symbolic,
                "{} (program {} `{}`, readings {:?}) from {} facing {:?}: generator {:?}, symbolic {:?}",
                SHAPES[shape], i, c.programs[i].text, READINGS[reading], from.name(), o, show(&generated), show(&symbolic)
            );
        }
    }
}

#[test]
fn symbolic_paths_match_the_generator_on_empty_and_full_boards() {
    // The extremes the random boards rarely draw: an empty board, a board of friends, a board
    // of enemies, each from a corner and from the centre.
    let size = BoardSize::parse("7x7").unwrap();
    for betza in SHAPES {
        let c = compile(betza, "7x7");
        for fill in [Cell::Empty, Cell::Friend, Cell::Enemy] {
            for from in [sq("a1"), sq("d4"), sq("g7")] {
                let mut occ = Occupancy::empty(size);
                for s in size.squares() {
                    occ.set(s, fill);
                }
                occ.set(from, Cell::Empty);
                for i in 0..c.programs.len() {
                    let (generated, symbolic) = both(&c, i, &occ, from, Orientation::Up);
                    assert_eq!(
                        generated,
                        symbolic,
                        "{betza} program {i} `{}` from {} on a board of {fill:?}",
                        c.programs[i].text,
                        from.name()
                    );
                }
            }
        }
    }
}

#[test]
fn symbolic_paths_match_the_generator_for_every_notation_of_the_specs() {
    // Every XBetza string of specs/*.toml (moves and zone moves, with the spec's own XBetza
    // readings), compiled for a 9x9 board so that the window covers the whole board, on seeded
    // random occupancies from the centre and from a square near the edge.
    use kensho::random::SplitMix64;
    let size = BoardSize::parse("9x9").unwrap();
    let mut rng = SplitMix64::new(7);
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut programs = 0;
    for entry in std::fs::read_dir("specs").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let spec = kensho::spec::load(&path).unwrap();
        let game = &spec.game;
        for piece in &game.pieces {
            let texts = std::iter::once(piece.betza.clone()).chain(piece.zone_moves.values().map(|(t, _)| t.clone()));
            for text in texts {
                if !seen.insert((text.clone(), format!("{:?}", game.xbetza))) {
                    continue;
                }
                let c = compile_with(&text, "9x9", game.xbetza);
                for i in 0..c.programs.len() {
                    programs += 1;
                    for (round, from) in [sq("e5"), sq("b2"), sq("h7")].into_iter().enumerate() {
                        let mut occ = Occupancy::empty(size);
                        let density = [3, 5, 9][round];
                        for s in size.squares() {
                            let cell = match rng.below(density) {
                                0 => Cell::Friend,
                                1 => Cell::Enemy,
                                _ => Cell::Empty,
                            };
                            occ.set(s, cell);
                        }
                        occ.set(from, Cell::Empty);
                        let (generated, symbolic) = both(&c, i, &occ, from, Orientation::Up);
                        assert_eq!(
                            generated,
                            symbolic,
                            "{} `{text}` program {i} `{}` from {}: generator {:?}, symbolic {:?}",
                            path.display(),
                            c.programs[i].text,
                            from.name(),
                            show(&generated),
                            show(&symbolic)
                        );
                    }
                }
            }
        }
    }
    assert!(programs > 100, "only {programs} path shapes seen");
}

#[test]
fn a_shape_longer_than_the_window_is_not_dead_notation() {
    // H, the (0,3) leaper, on 9x9 with a window of radius 2: from e5 it reaches e8, b5, h5, e2.
    let c = compile("H", "9x9");
    assert!(!xbetza::generate(&c, &Occupancy::empty(c.size), sq("e5"), Orientation::Up).is_empty());
    let p = one_shape("X", "", &c, 0, &Limits { window: 2, ..Limits::default() });
    assert!(!p.summary.contains("dead notation"), "{}", p.summary);
    assert_ne!(p.verdict, Verdict::Proved, "{}", p.summary);
    // HafH on 15x15: its second shape leaps three squares and three more straight on (h8-h11-h14).
    let c = compile("HafH", "15x15");
    for i in 0..c.programs.len() {
        let moves = xbetza::generate(&single(&c, i), &Occupancy::empty(c.size), sq("h8"), Orientation::Up);
        assert!(!moves.is_empty(), "program {i} `{}` does not move", c.programs[i].text);
        let p = one_shape("X", "", &c, i, &Limits::default());
        assert_ne!(p.verdict, Verdict::Proved, "{}: {}", p.shape, p.summary);
    }
}
