//! Shared helpers for the integration tests.
//!
//! `moves` asks kensho; `oracle` is an independent, deliberately naive model of plain
//! leapers and sliders written from the prose ("slides up to 2 squares diagonally forward"),
//! used as the second implementation that simple pieces are checked against.
//!
//! The engine tests on hand-built positions share the second half: [`rows`] writes the board
//! part of a position string from a list of men, and [`moves_from`], [`all_moves`] and the
//! like give the engine's legal moves as sorted move texts.
#![allow(dead_code)]

pub mod cli;
pub mod outside;
pub mod report;
pub mod smt;

use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Move, Position};
use kensho::geometry::{BoardSize, Square};
use kensho::xbetza::{self, Occupancy, Orientation, Readings};
use std::collections::BTreeSet;

/// A bundled spec (`specs/<game>.toml`), loaded; a spec that does not load fails the test.
pub fn bundled_spec(game: &str) -> kensho::spec::LoadedSpec {
    let path = format!("specs/{game}.toml");
    kensho::spec::load(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The engine of `spec` with these reading choices (reading id, option name; the others at
/// their defaults); a choice the spec refuses, or a game the engine cannot play, fails the test.
pub fn engine_with(spec: &kensho::spec::LoadedSpec, choices: &[(&str, &str)]) -> Engine {
    let map: std::collections::BTreeMap<String, String> =
        choices.iter().map(|(r, o)| (r.to_string(), o.to_string())).collect();
    let game = spec.resolve(&map).unwrap_or_else(|e| panic!("{} {choices:?}: {e}", spec.path));
    Engine::new(&game).unwrap_or_else(|bad| panic!("{} {choices:?}: the engine refuses {bad:?}", spec.path))
}

/// A file's text; a file that cannot be read fails the test naming the path tried.
pub fn read_text(path: impl AsRef<std::path::Path>) -> String {
    let path = path.as_ref();
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A move's identity as square names: (destination, sorted captured squares).
pub type Id = (String, Vec<String>);

fn occupancy(size: BoardSize, friends: &[&str], enemies: &[&str]) -> Occupancy {
    let f: Vec<String> = friends.iter().map(|s| s.to_string()).collect();
    let e: Vec<String> = enemies.iter().map(|s| s.to_string()).collect();
    Occupancy::from_names(size, &f, &e).expect("valid test board")
}

/// kensho's move set of `betza` standing on `at`, for the player moving up the board.
pub fn moves(betza: &str, board: &str, at: &str, friends: &[&str], enemies: &[&str]) -> BTreeSet<Id> {
    moves_with(betza, board, at, friends, enemies, &[])
}

/// As [`moves`], with readings switched (`"y-scope=own-alternative"`).
pub fn moves_with(
    betza: &str,
    board: &str,
    at: &str,
    friends: &[&str],
    enemies: &[&str],
    readings: &[&str],
) -> BTreeSet<Id> {
    let size = BoardSize::parse(board).unwrap();
    let mut r = Readings::default();
    for a in readings {
        r.apply(a).unwrap();
    }
    let compiled =
        xbetza::compile_str(betza, size, r).unwrap_or_else(|e| panic!("{betza} does not compile: {}", e.render(betza)));
    let from = size.parse_square(at).unwrap();
    xbetza::generate(&compiled, &occupancy(size, friends, enemies), from, Orientation::Up)
        .into_iter()
        .map(|m| (m.to.name(), m.captures.iter().map(|s| s.name()).collect()))
        .collect()
}

/// The destinations only.
pub fn dests(betza: &str, board: &str, at: &str, friends: &[&str], enemies: &[&str]) -> BTreeSet<String> {
    moves(betza, board, at, friends, enemies).into_iter().map(|(to, _)| to).collect()
}

/// Builds an identity from literals: `id("h9", &["h9"])`.
pub fn id(to: &str, captures: &[&str]) -> Id {
    let mut c: Vec<String> = captures.iter().map(|s| s.to_string()).collect();
    c.sort_by_key(|s| Square::parse(s).unwrap());
    (to.to_string(), c)
}

pub fn ids(list: &[(&str, &[&str])]) -> BTreeSet<Id> {
    list.iter().map(|(t, c)| id(t, c)).collect()
}

// Directions from the moving player's side: forward is toward higher ranks.
pub const FWD: (i32, i32) = (0, 1);
pub const BACK: (i32, i32) = (0, -1);
pub const LEFT: (i32, i32) = (-1, 0);
pub const RIGHT: (i32, i32) = (1, 0);
pub const FL: (i32, i32) = (-1, 1);
pub const FR: (i32, i32) = (1, 1);
pub const BL: (i32, i32) = (-1, -1);
pub const BR: (i32, i32) = (1, -1);
pub const ORTHOGONAL: [(i32, i32); 4] = [FWD, BACK, LEFT, RIGHT];
pub const DIAGONAL: [(i32, i32); 4] = [FL, FR, BL, BR];
pub const ALL8: [(i32, i32); 8] = [FWD, BACK, LEFT, RIGHT, FL, FR, BL, BR];
/// An unlimited slide in [`Ray`].
pub const UNLIMITED: u32 = 0;

/// A slide along `dir` of at most `max` squares (`UNLIMITED` for no limit): "slides up to 2
/// squares diagonally forward" is `Ray { dir: FL, max: 2 }` and `Ray { dir: FR, max: 2 }`.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub dir: (i32, i32),
    pub max: u32,
}

pub fn rays(dirs: &[(i32, i32)], max: u32) -> Vec<Ray> {
    dirs.iter().map(|&dir| Ray { dir, max }).collect()
}

/// Independent model of a piece made only of plain slides and plain jumps: a slide stops
/// before a friend or on the first enemy (capturing it); a jump lands on an empty square or
/// captures an enemy there, whatever lies between.
pub fn oracle(
    slides: &[Ray],
    jumps: &[(i32, i32)],
    board: &str,
    at: &str,
    friends: &[&str],
    enemies: &[&str],
) -> BTreeSet<Id> {
    let size = BoardSize::parse(board).unwrap();
    let from = Square::parse(at).unwrap();
    let at_sq = |f: i32, r: i32| -> Option<String> {
        (f >= 0 && r >= 0 && f < size.files as i32 && r < size.ranks as i32)
            .then(|| Square::new(f as u8, r as u8).name())
    };
    let who = |name: &str| -> char {
        if friends.contains(&name) {
            'F'
        } else if enemies.contains(&name) {
            'E'
        } else {
            '.'
        }
    };
    let mut out = BTreeSet::new();
    for ray in slides {
        let mut k = 1;
        loop {
            if ray.max != UNLIMITED && k > ray.max as i32 {
                break;
            }
            let Some(name) = at_sq(from.file as i32 + ray.dir.0 * k, from.rank as i32 + ray.dir.1 * k) else {
                break;
            };
            match who(&name) {
                '.' => {
                    out.insert((name, vec![]));
                }
                'E' => {
                    out.insert((name.clone(), vec![name]));
                    break;
                }
                _ => break,
            }
            k += 1;
        }
    }
    for &(dx, dy) in jumps {
        if let Some(name) = at_sq(from.file as i32 + dx, from.rank as i32 + dy) {
            match who(&name) {
                '.' => {
                    out.insert((name, vec![]));
                }
                'E' => {
                    out.insert((name.clone(), vec![name]));
                }
                _ => {}
            }
        }
    }
    out
}

/// The pass: back on the start square, nothing captured.
pub fn pass(at: &str) -> Id {
    (at.to_string(), vec![])
}

// ---------------------------------------------------------------------------------------------
// Hand-built positions for the engine (docs/engine.md, "Position strings")
// ---------------------------------------------------------------------------------------------

/// The square named `name` (`h8`), panicking on a malformed name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// How a position string writes the man `id` (upper case = first player): a one-letter id as
/// is, a longer one in parentheses, a leading `+` (promoted) not counted: `K`, `+p`, `(LN)`,
/// `(+cs)`.
pub fn token(id: &str) -> String {
    let bare = id.strip_prefix('+').unwrap_or(id);
    if bare.len() == 1 {
        id.to_string()
    } else {
        format!("({id})")
    }
}

/// The rows of a position string for a `size` board holding only `men` (square, token as it
/// stands in a position string: `K`, `+p`, `(LN)`): from the highest rank down, separated by
/// `/`, each run of empty squares written as its decimal count.
pub fn rows(size: BoardSize, men: &[(Square, String)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; size.files as usize]; size.ranks as usize];
    for (s, token) in men {
        assert!(size.contains(s.file as i32, s.rank as i32), "{s} is off the {size} board");
        let cell = &mut grid[s.rank as usize][s.file as usize];
        assert!(cell.is_none(), "{s} given twice");
        *cell = Some(token);
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in rank {
                match cell {
                    None => empty += 1,
                    Some(token) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(token);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}

/// Men written `id@square` (`K@a1`, `+lw@c2`, `p@e6`) as [`rows`] takes them, each id written
/// by [`token`].
pub fn men_at(men: &[&str]) -> Vec<(Square, String)> {
    men.iter()
        .map(|man| {
            let (id, at) = man.split_once('@').unwrap_or_else(|| panic!("'{man}' is not id@square"));
            (sq(at), token(id))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The engine's legal moves as sorted move texts
// ---------------------------------------------------------------------------------------------

/// The strings of `list`, sorted: an expected list of move texts written by hand.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The texts of `moves`, sorted (duplicates kept, so that one identity listed twice fails the
/// comparison with a hand-written list).
pub fn texts<'a>(e: &Engine, moves: impl Iterator<Item = &'a Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.map(|m| e.move_text(m)).collect();
    v.sort();
    v
}

/// Every legal move of the side to move, as sorted texts (duplicates kept).
pub fn all_moves(e: &Engine, pos: &Position) -> Vec<String> {
    texts(e, e.legal_moves(pos).iter())
}

/// The legal moves of the man on `from`, as sorted texts (duplicates kept).
pub fn moves_from(e: &Engine, pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    texts(e, e.legal_moves(pos).iter().filter(|m| m.from == Some(from)))
}

/// The destination squares of the man on `from`.
pub fn destinations(e: &Engine, pos: &Position, from: &str) -> BTreeSet<String> {
    let from = sq(from);
    e.legal_moves(pos).iter().filter(|m| m.from == Some(from)).filter_map(|m| m.to.map(|s| s.name())).collect()
}

/// Compares two square sets, naming only the squares that differ.
pub fn assert_squares(actual: &BTreeSet<String>, expected: &BTreeSet<String>, context: &str) {
    let missing: Vec<&String> = expected.difference(actual).collect();
    let extra: Vec<&String> = actual.difference(expected).collect();
    assert!(missing.is_empty() && extra.is_empty(), "{context}: missing {missing:?}, unexpected {extra:?}");
}

/// The legal move with this text (panics naming the position and the legal moves otherwise).
pub fn find(e: &Engine, pos: &Position, text: &str) -> Move {
    let moves = e.legal_moves(pos);
    moves.iter().find(|m| e.move_text(m) == text).cloned().unwrap_or_else(|| {
        panic!("'{text}' is not legal in {}; legal: {:?}", e.position_string(pos), texts(e, moves.iter()))
    })
}

/// Plays the move texts in turn from `pos` (each must be legal), judging the game after each
/// ply (`status_after` with the history from `pos`); returns the first game end and after how
/// many plies.
pub fn play_texts(e: &Engine, pos: &mut Position, move_texts: &[&str]) -> Option<(usize, Outcome)> {
    let mut history = e.start_history(pos);
    let mut undo = Vec::new();
    for (i, text) in move_texts.iter().enumerate() {
        let moves = e.legal_moves(pos);
        let mv = moves
            .iter()
            .find(|m| e.move_text(m) == *text)
            .unwrap_or_else(|| panic!("ply {}: {text} is not legal in {}", i + 1, e.position_string(pos)))
            .clone();
        e.make(pos, &mv, &mut undo);
        if let Some(o) = e.status_after(pos, &mv, &mut history) {
            return Some((i + 1, o));
        }
    }
    None
}
