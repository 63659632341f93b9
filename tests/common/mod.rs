//! Shared helpers for the integration tests.
//!
//! `moves` asks kensho; `oracle` is an independent, deliberately naive model of plain
//! leapers and sliders written from the prose ("slides up to 2 squares diagonally forward"),
//! used as the second implementation that simple pieces are checked against.
#![allow(dead_code)]

use kensho::geometry::{BoardSize, Square};
use kensho::xbetza::{self, Occupancy, Orientation, Readings};
use std::collections::BTreeSet;

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
    let compiled = xbetza::compile_str(betza, size, r)
        .unwrap_or_else(|e| panic!("{betza} does not compile: {}", e.render(betza)));
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
