//! The multi-step "lion-power" pieces of the seed documents.
//!
//! Documents: seeds/000_116ea7fedabdbe2a.txt (Suzumu Shogi, 16x16), seeds/001_bbc26209d8e27e8f.txt
//! (Mitsugumi Shogi, 13x13), seeds/002_f3ad3da1aac5a416.txt (Hook Shogi, 19x19).
//!
//! Every expectation is derived by hand from the documents' prose (and, where the prose is
//! silent or disagrees, from the meaning of the configuration string per XBETZA.md). Small
//! positions are written out square by square; for larger ones the expected set is built by
//! loops that restate the prose ("jump directly to any square in the 5x5 area", "up to 2 King
//! steps ... stopping at the first capture"), and compared on fixed, seeded boards.
//!
//! Coordinates: the piece moves toward higher ranks; `h8` on 16x16, `j10` on 19x19 are centres.

use crate::common;
use common::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// The strings, exactly as the documents' configuration lines give them.
// ---------------------------------------------------------------------------------------------

/// Suzumu `lion:LN:KNADcaKmcabK`, Mitsugumi and Hook the same.
const LION: &str = "KNADcaKmcabK";
/// Suzumu `lion hawk:LH:BWNADcaKmcabK`; Hook `lion hawk:+LN:BWNADcaKmcabK`.
const LION_HAWK: &str = "BWNADcaKmcabK";
/// Hook `divine dragon:+DS:QNADcaKmcabK`.
const DIVINE_DRAGON: &str = "QNADcaKmcabK";
/// Suzumu `free eagle:FE:QADcaFmcabF`, Mitsugumi `free eagle:+Q:QADcaFmcabF`.
const FREE_EAGLE_SZ: &str = "QADcaFmcabF";
/// Hook `free eagle:+Q:QADcasFcafFmcabF`.
const FREE_EAGLE_HK: &str = "QADcasFcafFmcabF";
/// Suzumu / Mitsugumi `horned falcon:HF:BsbRfWfDfcavWfabW`.
const HORNED_FALCON_SZ: &str = "BsbRfWfDfcavWfabW";
/// Hook `horned falcon:+DH:BbsRfWfDfcavWfmabW`.
const HORNED_FALCON_HK: &str = "BbsRfWfDfcavWfmabW";
/// Suzumu / Mitsugumi `soaring eagle:SE:RbBfFfAfcavFfabF`.
const SOARING_EAGLE_SZ: &str = "RbBfFfAfcavFfabF";
/// Hook `soaring eagle:+DK:RbBfFfAfcavFfmabF`.
const SOARING_EAGLE_HK: &str = "RbBfFfAfcavFfmabF";
/// Hook `lion dog:LD:KADGHcafKmcabKcafmpafKmpafcavKcafcafK`.
const LION_DOG: &str = "KADGHcafKmcabKcafmpafKmpafcavKcafcafK";
/// Hook `furious fiend:+LD:KNADGHcaKmcabKcafmpafKmpafcavKcafcafK`.
const FURIOUS_FIEND: &str = "KNADGHcaKmcabKcafmpafKmpafcavKcafcafK";
/// Hook `teaching king:+DV:QADGHcafKmcabKcafmpafKmpafcavKcafcafK`.
const TEACHING_KING: &str = "QADGHcafKmcabKcafmpafKmpafcavKcafcafK";
/// Hook `kirin master:+F:BbsRfWfDfHfcafWfmcabWfcafmpafWfmpafcavWfcafcafW`.
const KIRIN_MASTER: &str = "BbsRfWfDfHfcafWfmcabWfcafmpafWfmpafcavWfcafcafW";
/// Hook `phoenix master:+W:RbBfFfAfGfcafFfmcabFfcafmpafFfmpafcavFfcafcafF`.
const PHOENIX_MASTER: &str = "RbBfFfAfGfcafFfmcabFfcafmpafFfmpafcavFfcafcafF";
/// Hook `skyward net:+A:RFaKmabK`.
const SKYWARD_NET: &str = "RFaKmabK";
/// Hook `earthward net:+H:BWaKmabK`.
const EARTHWARD_NET: &str = "BWaKmabK";

const SUZUMU: &str = "16x16";
const MITSUGUMI: &str = "13x13";
const HOOK: &str = "19x19";

// ---------------------------------------------------------------------------------------------
// Small square helpers, independent of kensho's geometry.
// ---------------------------------------------------------------------------------------------

fn dims(board: &str) -> (i32, i32) {
    let (f, r) = board.split_once('x').unwrap();
    (f.parse().unwrap(), r.parse().unwrap())
}

/// 0-based (file, rank) of a square name.
fn xy(name: &str) -> (i32, i32) {
    let f = (name.as_bytes()[0] - b'a') as i32;
    let r: i32 = name[1..].parse().unwrap();
    (f, r - 1)
}

fn nm(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The square `(dx, dy)` away from `at`, if it is on the board.
fn rel(board: &str, at: &str, dx: i32, dy: i32) -> Option<String> {
    let (w, h) = dims(board);
    let (f, r) = xy(at);
    let (nf, nr) = (f + dx, r + dy);
    (nf >= 0 && nr >= 0 && nf < w && nr < h).then(|| nm(nf, nr))
}

/// An identity from owned names.
fn mv(to: &str, caps: &[String]) -> Id {
    let c: Vec<&str> = caps.iter().map(|s| s.as_str()).collect();
    id(to, &c)
}

fn set(list: &[(&str, &[&str])]) -> BTreeSet<Id> {
    ids(list)
}

fn union(parts: &[BTreeSet<Id>]) -> BTreeSet<Id> {
    parts.iter().flat_map(|s| s.iter().cloned()).collect()
}

/// What stands on a square: 'F' friend, 'E' enemy, '.' empty.
struct Board<'a> {
    board: &'a str,
    at: &'a str,
    friends: &'a [&'a str],
    enemies: &'a [&'a str],
}

impl<'a> Board<'a> {
    fn who(&self, name: &str) -> char {
        if self.friends.contains(&name) {
            'F'
        } else if self.enemies.contains(&name) {
            'E'
        } else {
            '.'
        }
    }
    fn rel(&self, dx: i32, dy: i32) -> Option<String> {
        rel(self.board, self.at, dx, dy)
    }
    /// Landing on `sq`: allowed unless a friend stands there; captures an enemy there.
    fn land(&self, sq: &str, mut caps: Vec<String>) -> Option<Id> {
        match self.who(sq) {
            'F' => None,
            'E' => {
                caps.push(sq.to_string());
                Some(mv(sq, &caps))
            }
            _ => Some(mv(sq, &caps)),
        }
    }
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn scaled(dirs: &[(i32, i32)], k: i32) -> Vec<(i32, i32)> {
    dirs.iter().map(|&(x, y)| (x * k, y * k)).collect()
}

/// Every offset of the 5x5 box but the centre.
fn box5() -> Vec<(i32, i32)> {
    let mut v = vec![];
    for dx in -2..=2 {
        for dy in -2..=2 {
            if (dx, dy) != (0, 0) {
                v.push((dx, dy));
            }
        }
    }
    v
}

/// Plain jumps: each target square that is not a friend, capturing an enemy there.
fn jumps(p: &Board, offsets: &[(i32, i32)]) -> BTreeSet<Id> {
    offsets.iter().filter_map(|&(dx, dy)| p.rel(dx, dy)).filter_map(|sq| p.land(&sq, vec![])).collect()
}

fn slides(p: &Board, dirs: &[(i32, i32)]) -> BTreeSet<Id> {
    oracle(&rays(dirs, UNLIMITED), &[], p.board, p.at, p.friends, p.enemies)
}

/// The prose of the Lion's double move, with the step set `steps` (all eight for the Lion,
/// the four diagonals for the Free Eagle): "Annihilate any opponent standing next to it,
/// without moving"; "... moving on to an empty square next to that ('hit and run')"; "... and
/// normally capture an opponent standing next to that ('double capture')"; "Stay in place
/// without capturing anything if one of the neighboring squares is empty". The jumps are added
/// separately.
fn lion_power(p: &Board, steps: &[(i32, i32)]) -> BTreeSet<Id> {
    let mut out = BTreeSet::new();
    let mut can_pass = false;
    for &(dx, dy) in steps {
        let Some(x) = p.rel(dx, dy) else { continue };
        match p.who(&x) {
            '.' => can_pass = true,
            'E' => {
                out.insert(mv(p.at, std::slice::from_ref(&x))); // igui
                for &(ex, ey) in steps {
                    // a second step from x to any of its neighbours (of the same kind) but the start
                    if (ex, ey) == (-dx, -dy) {
                        continue;
                    }
                    if let Some(y) = p.rel(dx + ex, dy + ey) {
                        if let Some(m) = p.land(&y, vec![x.clone()]) {
                            out.insert(m);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if can_pass {
        out.insert(pass(p.at));
    }
    out
}

/// The Lion: "Jump directly to any square in the 5x5 area surrounding it" plus the double move.
fn lion(p: &Board) -> BTreeSet<Id> {
    union(&[jumps(p, &box5()), lion_power(p, &ALL8)])
}

/// The prose of the Lion Dog (Hook), along the rays `dirs`, `n` = 3 steps; with `n` = 2 it is
/// the Suzumu 'stinging' move of the Horned Falcon / Soaring Eagle.
/// Lion Dog: "Jump to the first, second, or third square in any orthogonal or diagonal
/// direction; Move or capture as King, optionally taking out an enemy on the second square (2
/// steps out, one in); Move or capture to the second square on any ray, optionally taking out
/// an enemy on the square it passes over in the process; Move or capture to the third square
/// on any ray, optionally taking out any enemies on the squares it passes over in the process;
/// Capture any adjacent piece without moving (igui); Stay in place without capturing anything
/// if at least one adjacent square is empty".
/// Sting: "Move to the first or jump to the second square; Jump to the second square,
/// annihilating an opponent on the first square; Annihilate an opponent on the first square
/// without moving; When the first square is empty, move there and step back. They can do any
/// of this while capturing an opponent on the final square".
fn ray_power(p: &Board, dirs: &[(i32, i32)], n: i32) -> BTreeSet<Id> {
    let mut out = BTreeSet::new();
    let mut can_pass = false;
    for &(dx, dy) in dirs {
        let sq: Vec<Option<String>> = (1..=n).map(|k| p.rel(dx * k, dy * k)).collect();
        let enemy = |k: usize| sq[k].as_deref().is_some_and(|s| p.who(s) == 'E');
        // plain jumps to the first .. n-th square
        for s in sq.iter().flatten() {
            if let Some(m) = p.land(s, vec![]) {
                out.insert(m);
            }
        }
        let Some(x1) = sq[0].clone() else { continue };
        match p.who(&x1) {
            '.' => can_pass = true,
            'E' => {
                out.insert(mv(p.at, std::slice::from_ref(&x1)));
            }
            _ => {}
        }
        // second square, taking the first
        if enemy(0) {
            if let Some(x2) = &sq[1] {
                if let Some(m) = p.land(x2, vec![x1.clone()]) {
                    out.insert(m);
                }
            }
        }
        if n >= 3 {
            // third square, any subset of the enemies on the first two
            if let Some(x3) = &sq[2] {
                let x2 = sq[1].clone().unwrap();
                let mut options: Vec<Vec<String>> = vec![vec![]];
                if enemy(0) {
                    options.push(vec![x1.clone()]);
                }
                if enemy(1) {
                    options.push(vec![x2.clone()]);
                }
                if enemy(0) && enemy(1) {
                    options.push(vec![x1.clone(), x2.clone()]);
                }
                for caps in options {
                    if let Some(m) = p.land(x3, caps) {
                        out.insert(m);
                    }
                }
            }
            // two steps out, one in: take the second square, end on the first
            if enemy(1) {
                if let Some(m) = p.land(&x1, vec![sq[1].clone().unwrap()]) {
                    out.insert(m);
                }
            }
        }
    }
    if can_pass {
        out.insert(pass(p.at));
    }
    out
}

/// The nets (Hook): "a '2-square area move' - up to 2 King steps in independently chosen
/// directions, stopping at the first capture. It can skip a turn, but it does not have the lion
/// power of igui."
fn area2(p: &Board) -> BTreeSet<Id> {
    let mut out = BTreeSet::new();
    let mut can_pass = false;
    for &(dx, dy) in &ALL8 {
        let Some(x) = p.rel(dx, dy) else { continue };
        if let Some(m) = p.land(&x, vec![]) {
            out.insert(m);
        }
        if p.who(&x) != '.' {
            continue; // a capture (or a friend) ends the move
        }
        can_pass = true;
        for &(ex, ey) in &ALL8 {
            if (dx + ex, dy + ey) == (0, 0) {
                continue; // back to the start is the pass, counted once below
            }
            if let Some(y) = p.rel(dx + ex, dy + ey) {
                if let Some(m) = p.land(&y, vec![]) {
                    out.insert(m);
                }
            }
        }
    }
    if can_pass {
        out.insert(pass(p.at));
    }
    out
}

// Prose models of the whole pieces.
fn model_lion_hawk(p: &Board) -> BTreeSet<Id> {
    // "The Lion Hawk can in addition move as a normal Bishop."
    union(&[slides(p, &DIAGONAL), lion(p)])
}
fn model_divine_dragon(p: &Board) -> BTreeSet<Id> {
    // "The Divine Dragon moves either as a Lion or as a Queen."
    union(&[slides(p, &ALL8), lion(p)])
}
fn model_free_eagle(p: &Board) -> BTreeSet<Id> {
    // "move as a Queen, but as an alternative can make two diagonal steps ... Jump directly to
    // the second square in any direction" and the diagonal Lion powers.
    let second: Vec<(i32, i32)> = scaled(&ALL8, 2);
    union(&[slides(p, &ALL8), jumps(p, &second), lion_power(p, &DIAGONAL)])
}
fn model_horned_falcon(p: &Board) -> BTreeSet<Id> {
    // Queen, but the sting "only straight forward".
    union(&[slides(p, &[FL, FR, BL, BR, LEFT, RIGHT, BACK]), ray_power(p, &[FWD], 2)])
}
fn model_soaring_eagle(p: &Board) -> BTreeSet<Id> {
    // Queen, but the sting "in the two diagonally forward directions".
    union(&[slides(p, &[FWD, BACK, LEFT, RIGHT, BL, BR]), ray_power(p, &[FL, FR], 2)])
}
fn model_lion_dog(p: &Board) -> BTreeSet<Id> {
    ray_power(p, &ALL8, 3)
}
fn model_furious_fiend(p: &Board) -> BTreeSet<Id> {
    // "The Furious Fiend can move as a Lion or as a Lion Dog."
    union(&[lion(p), ray_power(p, &ALL8, 3)])
}
fn model_teaching_king(p: &Board) -> BTreeSet<Id> {
    // "The Teaching King moves either as a Lion Dog or as a Queen."
    union(&[slides(p, &ALL8), ray_power(p, &ALL8, 3)])
}
fn model_kirin_master(p: &Board) -> BTreeSet<Id> {
    // "slide diagonally, sideways, or directly backward ... step 3 times, or jump up to 3
    // squares, directly forward"
    union(&[slides(p, &[FL, FR, BL, BR, LEFT, RIGHT, BACK]), ray_power(p, &[FWD], 3)])
}
fn model_phoenix_master(p: &Board) -> BTreeSet<Id> {
    // "slide orthogonally or diagonally backward ... step 3 times, or jump up to 3 squares,
    // diagonally forward"
    union(&[slides(p, &[FWD, BACK, LEFT, RIGHT, BL, BR]), ray_power(p, &[FL, FR], 3)])
}
fn model_skyward_net(p: &Board) -> BTreeSet<Id> {
    // "The Skyward Net can slide orthogonally" + the 2-square area move.
    union(&[slides(p, &ORTHOGONAL), area2(p)])
}
fn model_earthward_net(p: &Board) -> BTreeSet<Id> {
    // "The Earthward Net can slide diagonally" + the 2-square area move.
    union(&[slides(p, &DIAGONAL), area2(p)])
}

fn b<'a>(board: &'a str, at: &'a str, friends: &'a [&'a str], enemies: &'a [&'a str]) -> Board<'a> {
    Board { board, at, friends, enemies }
}

/// Prints the difference on failure, so a failing case can be reported precisely.
fn assert_same(got: &BTreeSet<Id>, want: &BTreeSet<Id>, what: &str) {
    if got != want {
        let extra: Vec<_> = got.difference(want).collect();
        let missing: Vec<_> = want.difference(got).collect();
        panic!("{what}\n  kensho has but prose does not: {extra:?}\n  prose has but kensho does not: {missing:?}");
    }
}

/// Deterministic pseudo-random boards around `at`: dense within 3 squares, sparse beyond.
fn seeded_boards(board: &str, at: &str, count: usize, seed: u64) -> Vec<(Vec<String>, Vec<String>)> {
    let (w, h) = dims(board);
    let (af, ar) = xy(at);
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % 100
    };
    let mut out = vec![];
    for _ in 0..count {
        let (mut fr, mut en) = (vec![], vec![]);
        for f in 0..w {
            for r in 0..h {
                if (f, r) == (af, ar) {
                    continue;
                }
                let near = (f - af).abs() <= 3 && (r - ar).abs() <= 3;
                let roll = next();
                let (pf, pe) = if near { (25, 30) } else { (6, 6) };
                if roll < pf {
                    fr.push(nm(f, r));
                } else if roll < pf + pe {
                    en.push(nm(f, r));
                }
            }
        }
        out.push((fr, en));
    }
    out
}

fn check_against_model(betza: &str, board: &str, starts: &[&str], seed: u64, model: fn(&Board) -> BTreeSet<Id>) {
    for (i, at) in starts.iter().enumerate() {
        for (fr, en) in seeded_boards(board, at, 12, seed + i as u64) {
            let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
            let e: Vec<&str> = en.iter().map(|s| s.as_str()).collect();
            let want = model(&b(board, at, &f, &e));
            let got = moves(betza, board, at, &f, &e);
            assert_same(&got, &want, &format!("{betza} on {board} at {at}, friends {f:?}, enemies {e:?}"));
        }
    }
}

/// The eight neighbours of a square.
fn ring(board: &str, at: &str) -> Vec<String> {
    ALL8.iter().filter_map(|&(dx, dy)| rel(board, at, dx, dy)).collect()
}

// =============================================================================================
// Lion  KNADcaKmcabK
// =============================================================================================

#[test]
fn lion_empty_board_is_the_5x5_box_and_the_pass() {
    // Suzumu, "Lion and Lion Hawk": "Jump directly to any square in the 5x5 area surrounding
    // it, ... Stay in place without capturing anything if one of the neighboring squares is
    // empty (effectively passing a turn)". 24 squares + pass = 25.
    let got = moves(LION, SUZUMU, "h8", &[], &[]);
    let mut want = BTreeSet::new();
    for f in 5..=9 {
        for r in 5..=9 {
            if (f, r) != (7, 7) {
                want.insert((nm(f, r), vec![]));
            }
        }
    }
    want.insert(pass("h8"));
    assert_eq!(want.len(), 25);
    assert_same(&got, &want, "lion alone on h8");
    // f6 .. j10 are the corners of the box; nothing outside it.
    for sq in ["f6", "f10", "j6", "j10", "g10", "j7"] {
        assert!(got.contains(&id(sq, &[])), "{sq}");
    }
    for sq in ["h11", "e8", "k11", "h5"] {
        assert!(!got.iter().any(|(t, _)| t == sq), "{sq} is outside the 5x5 box");
    }
}

/// What the witnesses share (docs/DESIGN.md, "What the witnesses share"): the checker's path
/// matcher reads the XBetza text itself (src/check/notation.rs), not the compiled leg programs
/// the generator walks, so a bug in a compile step gives the generator moves the matcher
/// refuses. Here the Lion's King step is compiled with a direction too many, a three-square
/// leap to the right: the broken generator goes to k8, and the matcher, reading "KNADcaKmcabK",
/// rejects that path with a reason, while it accepts every path of the intact compile. (Before
/// item 6 the matcher read the same broken programs and accepted it: this test would fail.)
#[test]
fn a_compile_step_that_adds_a_direction_is_caught_by_the_path_matcher() {
    use kensho::check::notation::NotationMoves;
    use kensho::check::path::{path_obeys, PathOptions};
    use kensho::geometry::{BoardSize, Square};
    use kensho::xbetza::compile::LegDirections;
    use kensho::xbetza::{compile_str, generate, Occupancy, Orientation, Readings};
    let size = BoardSize::parse(SUZUMU).unwrap();
    let (empty, h8) = (Occupancy::empty(size), Square::new(7, 7));
    let matcher = NotationMoves::read(LION, size, Readings::default()).unwrap();
    let judge = |path: &[kensho::xbetza::PathStep]| {
        path_obeys(&matcher, &empty, h8, Orientation::Up, path, PathOptions::default())
    };
    // the intact compile: no path rejected
    let intact = compile_str(LION, size, Readings::default()).unwrap();
    for m in generate(&intact, &empty, h8, Orientation::Up) {
        assert_eq!(judge(&m.path), Ok(()), "intact Lion to {}", m.to);
    }
    let mut broken = intact.clone();
    assert_eq!(&*broken.programs[0].text, "K", "the first program is the King step");
    let LegDirections::Absolute(steps) = &mut broken.programs[0].legs[0].directions else {
        panic!("the King step's leg has absolute directions")
    };
    steps.push((3, 0));
    let paths = generate(&broken, &empty, h8, Orientation::Up);
    let rejected: Vec<(String, String)> =
        paths.iter().filter_map(|m| judge(&m.path).err().map(|why| (m.to.name(), why))).collect();
    assert_eq!(rejected.len(), 1, "only the added leap is refused: {rejected:?}");
    assert_eq!(rejected[0].0, "k8");
    // the closest reading: the K leg's own step to the right, three times over its range
    assert!(rejected[0].1.contains("h8-k8 is 3 steps, beyond the leg's range 1"), "{}", rejected[0].1);
}

/// The same with a mode broken instead of a direction: the Lion's igui (`mcabK`) compiled with
/// `d` added to its first leg, so the broken generator takes a friend next to the Lion and
/// steps back. The matcher, reading `mc` there, rejects that path; the intact compile gives no
/// such path and no rejection.
#[test]
fn a_compile_step_that_widens_a_mode_is_caught_by_the_path_matcher() {
    use kensho::check::notation::NotationMoves;
    use kensho::check::path::{path_obeys, PathOptions};
    use kensho::geometry::{BoardSize, Square};
    use kensho::xbetza::{compile_str, generate, Occupancy, Orientation, Readings, StepKind};
    let size = BoardSize::parse(SUZUMU).unwrap();
    let board = Occupancy::from_names(size, &["h9".to_string()], &["g7".to_string()]).unwrap();
    let h8 = Square::new(7, 7);
    let matcher = NotationMoves::read(LION, size, Readings::default()).unwrap();
    let judge = |path: &[kensho::xbetza::PathStep]| {
        path_obeys(&matcher, &board, h8, Orientation::Up, path, PathOptions::default())
    };
    let intact = compile_str(LION, size, Readings::default()).unwrap();
    for m in generate(&intact, &board, h8, Orientation::Up) {
        assert_eq!(judge(&m.path), Ok(()), "intact Lion to {}", m.to);
    }
    let mut broken = intact.clone();
    let igui = broken.programs.iter_mut().find(|p| &*p.text == "mcabK").expect("the igui program");
    assert!(!igui.legs[0].modes.friend, "the igui's first leg takes no friend");
    igui.legs[0].modes.friend = true;
    let paths = generate(&broken, &board, h8, Orientation::Up);
    let rejected: Vec<(Vec<String>, String)> = paths
        .iter()
        .filter_map(|m| judge(&m.path).err().map(|why| (m.path.iter().map(|s| s.square.name()).collect(), why)))
        .collect();
    assert_eq!(rejected.len(), 1, "only the friend taken is refused: {rejected:?}");
    assert_eq!(rejected[0].0, ["h9", "h8"]);
    assert!(rejected[0].1.contains("a capture to h9 (a friend)"), "{}", rejected[0].1);
    assert!(paths.iter().any(|m| m.path[0].kind == StepKind::Capture && m.path[0].square.name() == "h9"));
}

#[test]
fn lion_in_the_corner() {
    // Suzumu: the 5x5 area, clipped by the board edge: a1 sees only a2,a3,b1,b2,b3,c1,c2,c3.
    let got = moves(LION, SUZUMU, "a1", &[], &[]);
    let want = set(&[
        ("a2", &[]),
        ("a3", &[]),
        ("b1", &[]),
        ("b2", &[]),
        ("b3", &[]),
        ("c1", &[]),
        ("c2", &[]),
        ("c3", &[]),
        ("a1", &[]),
    ]);
    assert_same(&got, &want, "lion on a1");
}

#[test]
fn lion_on_the_mitsugumi_and_hook_boards() {
    // Mitsugumi places the Lion on f3 ("f3 Lion (KNADcaKmcabK)"); its 5x5 box d1..h5 is on
    // the board: 24 + pass.
    let got = moves(LION, MITSUGUMI, "f3", &[], &[]);
    assert_eq!(got.len(), 25);
    assert!(got.contains(&id("d1", &[])) && got.contains(&id("h5", &[])) && got.contains(&pass("f3")));
    // Hook places it on j3; on j3 of 19x19 the box h1..l5 is on the board.
    let got = moves(LION, HOOK, "j3", &[], &[]);
    assert_eq!(got.len(), 25);
    // On b2 the box is clipped to a1..d4: 16 squares - 1 + pass.
    let got = moves(LION, MITSUGUMI, "b2", &[], &[]);
    assert_eq!(got.len(), 15 + 1);
}

#[test]
fn lion_on_hook_has_no_third_square() {
    // Hook, "Lion": "It can step up to three times in a straight line in any orthogonal or
    // diagonal direction" - but the bullets and the string KNADcaKmcabK give only the 5x5
    // box. Following the string: j13 (third square) is not reachable, k12 (knight) is.
    let got = moves(LION, HOOK, "j10", &[], &[]);
    assert_eq!(got.len(), 25);
    assert!(got.contains(&id("k12", &[])));
    for sq in ["j13", "m13", "g10", "j7"] {
        assert!(!got.iter().any(|(t, _)| t == sq), "{sq}");
    }
}

#[test]
fn lion_igui_and_hit_and_run_on_one_enemy() {
    // Suzumu: "Annihilate any opponent standing next to it, without moving (formally one step,
    // and then a step back)"; "Annihilate any opponent standing next to it, moving on to an
    // empty square next to that ('hit and run')"; the pass needs "one of the neighboring
    // squares" empty (g7 etc. are).
    // Enemy on i9. The neighbours of i9 other than h8: h9 h10 i10 j10 j9 j8 i8.
    let got = moves(LION, SUZUMU, "h8", &[], &["i9"]);
    let mut want = BTreeSet::new();
    for f in 5..=9 {
        for r in 5..=9 {
            if (f, r) != (7, 7) {
                want.insert((nm(f, r), vec![]));
            }
        }
    }
    want.remove(&id("i9", &[]));
    want.insert(id("i9", &["i9"]));
    for sq in ["h9", "h10", "i10", "j10", "j9", "j8", "i8"] {
        want.insert(id(sq, &["i9"]));
    }
    want.insert(id("h8", &["i9"])); // igui
    want.insert(pass("h8"));
    assert_eq!(want.len(), 24 + 7 + 2);
    assert_same(&got, &want, "lion h8, enemy i9");
}

#[test]
fn lion_double_capture() {
    // Suzumu: "Annihilate any opponent standing next to it, and normally capture an opponent
    // standing next to that ('double capture')". Enemies i9 and j10: take i9, then j10.
    let got = moves(LION, SUZUMU, "h8", &[], &["i9", "j10"]);
    assert!(got.contains(&id("j10", &["i9", "j10"])));
    assert!(got.contains(&id("j10", &["j10"]))); // the jump capture
    assert!(!got.contains(&id("j10", &["i9"]))); // cannot land on j10 and leave it
                                                 // The first capture must be next to the Lion: j10 is not, so j10-then-i9 does not exist.
    assert!(!got.contains(&id("i9", &["i9", "j10"])));
    assert!(!got.contains(&id("h8", &["j10"])));
    // 24 box squares + 7 second steps from i9 + igui + pass.
    assert_eq!(got.len(), 33);
    let hits: BTreeSet<Id> = got.iter().filter(|(_, c)| c.len() == 2).cloned().collect();
    assert_eq!(hits, set(&[("j10", &["i9", "j10"])]));
}

#[test]
fn lion_two_adjacent_enemies_either_order() {
    // Suzumu: double capture of two neighbours, in either order; igui on each.
    let got = moves(LION, SUZUMU, "h8", &[], &["i9", "h9"]);
    assert!(got.contains(&id("h9", &["h9", "i9"]))); // i9 first, then h9
    assert!(got.contains(&id("i9", &["h9", "i9"]))); // h9 first, then i9
    assert!(got.contains(&id("h8", &["h9"])));
    assert!(got.contains(&id("h8", &["i9"])));
    assert!(got.contains(&pass("h8")));
    // Hit and run from h9 goes to g8 g9 g10 h10 i10 (i8 too); from i9 to h10 i10 j10 j9 j8 i8.
    for sq in ["g8", "g9", "g10", "h10", "i10", "i8"] {
        assert!(got.contains(&id(sq, &["h9"])), "{sq} after h9");
    }
    for sq in ["h10", "i10", "j10", "j9", "j8", "i8"] {
        assert!(got.contains(&id(sq, &["i9"])), "{sq} after i9");
    }
    assert!(!got.contains(&id("j10", &["h9"]))); // j10 is not next to h9
    assert!(!got.contains(&id("g8", &["i9"]))); // g8 is not next to i9
                                                // 24 + 7 + 7 + 2 igui + pass.
    assert_eq!(got.len(), 41);
}

#[test]
fn lion_surrounded_by_friends_still_jumps_but_cannot_pass() {
    // Suzumu: "They can make the first step as a jump" - the 16 outer squares of the box stay
    // reachable; "Stay in place ... if one of the neighboring squares is empty": none is.
    let fr = ring(SUZUMU, "h8");
    let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(LION, SUZUMU, "h8", &f, &[]);
    let mut want = BTreeSet::new();
    for f in 5..=9i32 {
        for r in 5..=9i32 {
            if (f - 7).abs() == 2 || (r - 7).abs() == 2 {
                want.insert((nm(f, r), vec![]));
            }
        }
    }
    assert_eq!(want.len(), 16);
    assert_same(&got, &want, "lion h8 ringed by friends");
}

#[test]
fn lion_surrounded_by_enemies_has_no_pass() {
    // Suzumu: no neighbouring square is empty, so no pass; igui on each of the 8; every
    // neighbour X can be taken and then any of X's 7 other neighbours entered (capturing an
    // enemy there). 24 (8 captures + 16 jumps) + 8*7 + 8 igui = 88.
    let en = ring(SUZUMU, "h8");
    let e: Vec<&str> = en.iter().map(|s| s.as_str()).collect();
    let got = moves(LION, SUZUMU, "h8", &[], &e);
    assert!(!got.contains(&pass("h8")));
    for x in &e {
        assert!(got.contains(&id("h8", &[x])), "igui {x}");
    }
    assert!(got.contains(&id("g9", &["g9", "h9"])));
    assert!(got.contains(&id("f10", &["g9"])));
    assert!(!got.contains(&id("f10", &["h9"])));
    assert_eq!(got.len(), 88);
}

#[test]
fn lion_pass_needs_an_empty_neighbour() {
    // Suzumu: "Stay in place without capturing anything if one of the neighboring squares is
    // empty". 7 friends, g7 empty: the pass exists (and g7, and the 16 outer squares).
    let fr: Vec<String> = ring(SUZUMU, "h8").into_iter().filter(|s| s != "g7").collect();
    let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(LION, SUZUMU, "h8", &f, &[]);
    assert!(got.contains(&pass("h8")));
    assert_eq!(got.len(), 16 + 1 + 1);
    // 7 enemies and a friend on g7: no empty neighbour, no pass.
    let en: Vec<String> = ring(SUZUMU, "h8").into_iter().filter(|s| s != "g7").collect();
    let e: Vec<&str> = en.iter().map(|s| s.as_str()).collect();
    let got = moves(LION, SUZUMU, "h8", &["g7"], &e);
    assert!(!got.contains(&pass("h8")));
    assert_eq!(got.iter().filter(|(t, c)| t == "h8" && c.len() == 1).count(), 7);
    assert!(!got.iter().any(|(t, _)| t == "g7"));
}

#[test]
fn lion_hit_and_run_never_lands_on_a_friend() {
    // Suzumu: hit and run moves "on to an empty square", the double capture takes "an
    // opponent": a friend on j10 is neither.
    let got = moves(LION, SUZUMU, "h8", &["j10"], &["i9"]);
    assert!(!got.iter().any(|(t, _)| t == "j10"));
    assert!(got.contains(&id("j9", &["i9"])));
    assert!(got.contains(&id("h8", &["i9"])));
    // A friend on i9 cannot be taken nor stepped through: no i9 move and no hit and run.
    let got = moves(LION, SUZUMU, "h8", &["i9"], &[]);
    assert!(!got.iter().any(|(t, _)| t == "i9"));
    assert!(got.iter().all(|(_, c)| c.is_empty()));
    assert!(got.contains(&id("j10", &[]))); // jumped over
    assert_eq!(got.len(), 23 + 1);
}

#[test]
fn lion_against_prose_model_on_seeded_boards() {
    check_against_model(LION, SUZUMU, &["h8", "a1", "b15", "p8"], 11, lion);
    check_against_model(LION, MITSUGUMI, &["f3", "m13"], 12, lion);
    check_against_model(LION, HOOK, &["j10", "s2"], 13, lion);
}

// =============================================================================================
// Lion Hawk  BWNADcaKmcabK
// =============================================================================================

#[test]
fn lion_hawk_empty_board() {
    // Suzumu: "The Lion Hawk can in addition move as a normal Bishop." From h8 on 16x16 the
    // bishop reaches 7 (fl) + 8 (fr) + 7 (bl) + 7 (br) = 29 squares, 8 of them inside the box:
    // 25 + 21 = 46.
    let got = moves(LION_HAWK, SUZUMU, "h8", &[], &[]);
    let mut want: BTreeSet<Id> = BTreeSet::new();
    for (dx, dy) in box5() {
        want.insert((rel(SUZUMU, "h8", dx, dy).unwrap(), vec![]));
    }
    for (dx, dy) in DIAGONAL {
        let mut k = 1;
        while let Some(s) = rel(SUZUMU, "h8", dx * k, dy * k) {
            want.insert((s, vec![]));
            k += 1;
        }
    }
    want.insert(pass("h8"));
    assert_eq!(want.len(), 46);
    assert_same(&got, &want, "lion hawk h8 empty");
    for sq in ["a15", "p16", "a1", "o1"] {
        assert!(got.contains(&id(sq, &[])), "{sq}");
    }
    assert!(!got.contains(&id("h11", &[]))); // no rook move
}

#[test]
fn lion_hawk_bishop_is_blocked_but_lion_jump_is_not() {
    // Suzumu: a Bishop "normal" slide stops at the first piece; the Lion part jumps
    // ("They can make the first step as a jump").
    let got = moves(LION_HAWK, SUZUMU, "h8", &["i9"], &[]);
    assert!(got.contains(&id("j10", &[]))); // (2,2) jump over the friend
    assert!(!got.iter().any(|(t, _)| t == "k11" || t == "p16" || t == "i9"));
    assert!(got.contains(&id("a15", &[])));
    // Enemy on i9: slide captures it and stops; hit and run to j10 also.
    let got = moves(LION_HAWK, SUZUMU, "h8", &[], &["i9"]);
    assert!(got.contains(&id("i9", &["i9"])));
    assert!(got.contains(&id("j10", &[])));
    assert!(got.contains(&id("j10", &["i9"])));
    assert!(got.contains(&id("h8", &["i9"])));
    assert!(got.contains(&id("i10", &["i9"])));
    assert!(!got.iter().any(|(t, _)| t == "k11"));
    // 46 - 6 (k11..p16 gone) + 7 hit and run + igui = 48.
    assert_eq!(got.len(), 48);
}

#[test]
fn lion_hawk_ringed_by_friends() {
    // Suzumu: bishop lines all shut, only the 16 lion jumps; no empty neighbour, no pass.
    let fr = ring(SUZUMU, "h8");
    let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(LION_HAWK, SUZUMU, "h8", &f, &[]);
    assert_eq!(got.len(), 16);
    assert!(!got.contains(&pass("h8")));
    assert_eq!(got, moves(LION, SUZUMU, "h8", &f, &[]));
}

#[test]
fn lion_hawk_against_prose_model_on_seeded_boards() {
    check_against_model(LION_HAWK, SUZUMU, &["h8", "c14"], 21, model_lion_hawk);
    check_against_model(LION_HAWK, MITSUGUMI, &["g7"], 22, model_lion_hawk);
    check_against_model(LION_HAWK, HOOK, &["j10"], 23, model_lion_hawk);
}

// =============================================================================================
// Divine Dragon  QNADcaKmcabK (Hook)
// =============================================================================================

#[test]
fn divine_dragon_empty_board() {
    // Hook: "The Divine Dragon moves either as a Lion or as a Queen. This power includes
    // jumping, igui and skipping a turn". At j10 on 19x19: Queen 8 x 9 = 72, plus the 8 knight
    // squares of the box (the rest of the box is on queen lines), plus the pass = 81.
    let got = moves(DIVINE_DRAGON, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &ALL8);
    assert_eq!(want.len(), 72);
    for (dx, dy) in KNIGHT {
        want.insert((rel(HOOK, "j10", dx, dy).unwrap(), vec![]));
    }
    want.insert(pass("j10"));
    assert_eq!(want.len(), 81);
    assert_same(&got, &want, "divine dragon j10 empty");
}

#[test]
fn divine_dragon_queen_blocked_lion_jumps() {
    // Hook: a friend on j11 stops the queen forward; the Lion's (2,0) jump still reaches j12.
    let got = moves(DIVINE_DRAGON, HOOK, "j10", &["j11"], &[]);
    assert!(got.contains(&id("j12", &[])));
    assert!(!got.iter().any(|(t, _)| t == "j13" || t == "j19" || t == "j11"));
    assert!(got.contains(&pass("j10")));
    // Enemy on j11: queen captures it and stops; Lion takes it and runs to j12, or igui.
    let got = moves(DIVINE_DRAGON, HOOK, "j10", &[], &["j11"]);
    for m in [
        id("j11", &["j11"]),
        id("j12", &[]),
        id("j12", &["j11"]),
        id("j10", &["j11"]),
        id("i12", &["j11"]),
        id("k11", &["j11"]),
    ] {
        assert!(got.contains(&m), "{m:?}");
    }
    assert!(!got.iter().any(|(t, _)| t == "j13"));
    // 81 - 7 (j13..j19) + 7 second steps + igui = 82.
    assert_eq!(got.len(), 82);
}

#[test]
fn divine_dragon_against_prose_model_on_seeded_boards() {
    check_against_model(DIVINE_DRAGON, HOOK, &["j10", "a19", "r3"], 31, model_divine_dragon);
}

// =============================================================================================
// Free Eagle  QADcaFmcabF (Suzumu, Mitsugumi) and QADcasFcafFmcabF (Hook)
// =============================================================================================

#[test]
fn free_eagle_empty_board_both_spellings() {
    // Suzumu: "The Free Eagle can move as a Queen, but as an alternative can make two diagonal
    // steps ... Jump directly to the second square in any direction ... Stay in place ... if
    // one of the diagonally neighboring squares is empty". The second squares are on queen
    // lines, so on an empty board: queen (30 orthogonal + 29 diagonal from h8) + pass = 60.
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &[]);
        let mut want = slides(&b(SUZUMU, "h8", &[], &[]), &ALL8);
        assert_eq!(want.len(), 59);
        want.insert(pass("h8"));
        assert_same(&got, &want, s);
    }
    // Hook board, j10: 72 + pass.
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        assert_eq!(moves(s, HOOK, "j10", &[], &[]).len(), 73, "{s}");
    }
}

#[test]
fn free_eagle_diagonal_hit_and_run_only() {
    // Suzumu: "Annihilate any opponent standing diagonally next to it, moving on to an empty
    // square diagonally next to that ('hit and run')". Enemy i9: the diagonal neighbours of i9
    // other than h8 are h10, j10, j8. Orthogonal neighbours of i9 (h9, i10, j9, i8) are not.
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["i9"]);
        for sq in ["h10", "j10", "j8"] {
            assert!(got.contains(&id(sq, &["i9"])), "{s}: {sq}");
        }
        for sq in ["h9", "i10", "j9", "i8"] {
            assert!(!got.contains(&id(sq, &["i9"])), "{s}: {sq} is not diagonal to i9");
        }
        assert!(got.contains(&id("h8", &["i9"]))); // igui
        assert!(got.contains(&id("i9", &["i9"]))); // queen capture
        assert!(got.contains(&id("j10", &[]))); // (2,2) jump over the enemy
        assert!(got.contains(&pass("h8")));
        assert!(!got.iter().any(|(t, _)| t == "k11"));
        // 60 - 7 (j10..p16 along fr) + 1 (i9 as capture instead of empty) ... counted:
        // queen 59 - 7 (j10..p16) = 52 (i9 is a capture); + j10 jump; + 3 hit and run; + igui;
        // + pass = 58.
        assert_eq!(got.len(), 58, "{s}");
    }
}

#[test]
fn free_eagle_no_orthogonal_lion_power() {
    // Suzumu: igui and hit and run are only "diagonally next to it". Enemy straight ahead on h9:
    // the queen captures it; no igui on it, no hit and run over it; h10 by the (2,0) jump.
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["h9"]);
        assert!(got.contains(&id("h9", &["h9"])));
        assert!(!got.contains(&id("h8", &["h9"])), "{s}: no orthogonal igui");
        assert!(!got.iter().any(|(t, c)| t != "h9" && c.contains(&"h9".to_string())), "{s}");
        assert!(got.contains(&id("h10", &[])));
        assert!(!got.iter().any(|(t, _)| t == "h11"));
    }
}

#[test]
fn free_eagle_double_capture() {
    // Suzumu: "Annihilate any opponent standing diagonally next to it, and normally capture an
    // opponent standing diagonally next to that ('double capture')". Straight on (j10), turned
    // left (h10), turned right (j8); never an orthogonal second square (i10).
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["i9", "j10", "h10", "j8", "i10"]);
        for sq in ["j10", "h10", "j8"] {
            assert!(got.contains(&id(sq, &["i9", sq])), "{s}: i9 then {sq}");
        }
        assert!(!got.contains(&id("i10", &["i9", "i10"])), "{s}");
        assert!(!got.iter().any(|(t, _)| t == "i10"), "{s}: i10 is a knight square");
        assert!(got.contains(&id("j10", &["j10"])));
        assert!(got.contains(&id("h10", &["h10"])));
        assert!(!got.contains(&id("j10", &["i9"])));
    }
}

#[test]
fn free_eagle_pass_needs_an_empty_diagonal_neighbour() {
    // Hook, "Skipping a turn": "(The Free Eagle can only do this on the squares diagonally
    // adjacent to it ...)". Suzumu: "if one of the diagonally neighboring squares is empty".
    let diag = ["g9", "i9", "g7", "i7"];
    for s in [FREE_EAGLE_SZ, FREE_EAGLE_HK] {
        // Friends on the four diagonals, orthogonals empty: no pass.
        let got = moves(s, SUZUMU, "h8", &diag, &[]);
        assert!(!got.contains(&pass("h8")), "{s}: diagonals full of friends");
        // Orthogonal slides 30, A jumps 4 (f10 j10 f6 j6): 34.
        assert_eq!(got.len(), 34, "{s}");
        // Enemies on the diagonals: igui on each, still no pass.
        let got = moves(s, SUZUMU, "h8", &[], &diag);
        assert!(!got.contains(&pass("h8")), "{s}: diagonals full of enemies");
        for x in diag {
            assert!(got.contains(&id("h8", &[x])), "{s}: igui {x}");
        }
        // Friends on the orthogonals, one diagonal empty: pass.
        let got = moves(s, SUZUMU, "h8", &["h9", "h7", "g8", "i8", "g9", "i9", "g7"], &[]);
        assert!(got.contains(&pass("h8")), "{s}: i7 is empty");
        // Ringed by friends: only the 8 second-square jumps.
        let fr = ring(SUZUMU, "h8");
        let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
        let got = moves(s, SUZUMU, "h8", &f, &[]);
        let want = set(&[
            ("h10", &[]),
            ("h6", &[]),
            ("f8", &[]),
            ("j8", &[]),
            ("f10", &[]),
            ("j10", &[]),
            ("f6", &[]),
            ("j6", &[]),
        ]);
        assert_same(&got, &want, s);
    }
}

#[test]
fn free_eagle_spellings_agree_on_boards_with_blockers() {
    // Suzumu/Mitsugumi write caF (second leg: f, l, r by default), Hook writes casF + cafF
    // (turn 90 degrees + straight on): the same three continuations.
    let boards: [(&str, &str, &[&str], &[&str]); 6] = [
        (SUZUMU, "h8", &["g9", "h10"], &["i9", "j10", "j8", "h9"]),
        (SUZUMU, "a1", &[], &["b2", "c3", "a3"]),
        (SUZUMU, "p16", &["o16"], &["o15", "n14", "n16"]),
        (MITSUGUMI, "g7", &["f8", "g9", "e9"], &["h8", "i9", "g8", "h6", "f6", "e5"]),
        (HOOK, "j10", &["k9", "j12"], &["i11", "h12", "k11", "l10", "i9", "h8", "j8"]),
        (HOOK, "s10", &[], &["r11", "q12", "r9", "s8"]),
    ];
    for (board, at, f, e) in boards {
        let sz = moves(FREE_EAGLE_SZ, board, at, f, e);
        let hk = moves(FREE_EAGLE_HK, board, at, f, e);
        assert_same(&hk, &sz, &format!("Hook vs Suzumu spelling on {board} at {at}"));
        assert_same(&sz, &model_free_eagle(&b(board, at, f, e)), &format!("free eagle prose on {board} at {at}"));
    }
}

#[test]
fn free_eagle_against_prose_model_on_seeded_boards() {
    check_against_model(FREE_EAGLE_SZ, SUZUMU, &["h8", "b2"], 41, model_free_eagle);
    check_against_model(FREE_EAGLE_SZ, MITSUGUMI, &["h3"], 42, model_free_eagle);
    check_against_model(FREE_EAGLE_HK, HOOK, &["j10", "a19"], 43, model_free_eagle);
    check_against_model(FREE_EAGLE_HK, SUZUMU, &["h8", "p1"], 41, model_free_eagle);
}

// =============================================================================================
// Horned Falcon  BsbRfWfDfcavWfabW (Suzumu, Mitsugumi), BbsRfWfDfcavWfmabW (Hook)
// =============================================================================================

/// The Horned Falcon's non-stinging part on an empty board at h8: bishop 29 + rook sideways
/// and back (7 + 8 + 7) = 51.
fn falcon_slides_h8(f: &[&str], e: &[&str]) -> BTreeSet<Id> {
    slides(&b(SUZUMU, "h8", f, e), &[FL, FR, BL, BR, LEFT, RIGHT, BACK])
}

#[test]
fn horned_falcon_empty_board_both_spellings() {
    // Suzumu: "move as Queen, except that in some directions they do not slide, but have a
    // 'stinging' move ... Move to the first or jump to the second square ... When the first
    // square is empty, move there and step back (effectively passing the turn). ... The Horned
    // Falcon does this only straight forward". 51 + h9 + h10 + pass = 54.
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &[]);
        let mut want = falcon_slides_h8(&[], &[]);
        assert_eq!(want.len(), 51);
        want.extend(set(&[("h9", &[]), ("h10", &[]), ("h8", &[])]));
        assert_same(&got, &want, s);
        assert!(!got.iter().any(|(t, _)| t == "h11"), "{s}: no forward slide");
    }
}

#[test]
fn horned_falcon_sting_on_an_enemy_in_front() {
    // Suzumu: "Jump to the second square, annihilating an opponent on the first square;
    // Annihilate an opponent on the first square without moving"; no pass since "the first
    // square" is not empty, although g9, i9 etc. are empty.
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["h9"]);
        let mut want = falcon_slides_h8(&[], &["h9"]);
        want.extend(set(&[("h9", &["h9"]), ("h10", &[]), ("h10", &["h9"]), ("h8", &["h9"])]));
        assert_eq!(want.len(), 55);
        assert_same(&got, &want, s);
    }
}

#[test]
fn horned_falcon_double_capture_forward() {
    // Suzumu: "They can do any of this while capturing an opponent on the final square".
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["h9", "h10"]);
        let fwd: BTreeSet<Id> = got
            .iter()
            .filter(|(t, c)| t == "h9" || t == "h10" || (t == "h8") || c.iter().any(|x| x == "h9" || x == "h10"))
            .cloned()
            .collect();
        assert_eq!(fwd, set(&[("h9", &["h9"]), ("h10", &["h10"]), ("h10", &["h9", "h10"]), ("h8", &["h9"])]), "{s}");
        assert_eq!(got.len(), 55, "{s}");
    }
}

#[test]
fn horned_falcon_blockers_and_pass() {
    // Hook, "Skipping a turn": "the Horned Falcon and Kirin Master can only do this on the
    // square directly in front of them".
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        // Friend on h9: the jump to h10 is not blocked; no pass, no h9.
        let got = moves(s, SUZUMU, "h8", &["h9"], &[]);
        let mut want = falcon_slides_h8(&["h9"], &[]);
        want.insert(id("h10", &[]));
        assert_same(&got, &want, &format!("{s} friend h9"));
        // Friend on h10, h9 empty: step to h9, pass, no h10.
        let got = moves(s, SUZUMU, "h8", &["h10"], &[]);
        let mut want = falcon_slides_h8(&["h10"], &[]);
        want.extend(set(&[("h9", &[]), ("h8", &[])]));
        assert_same(&got, &want, &format!("{s} friend h10"));
        // Friends everywhere around but h9: exactly h9, h10 and the pass.
        let fr: Vec<String> = ring(SUZUMU, "h8").into_iter().filter(|x| x != "h9").collect();
        let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
        let got = moves(s, SUZUMU, "h8", &f, &[]);
        assert_same(&got, &set(&[("h9", &[]), ("h10", &[]), ("h8", &[])]), &format!("{s} ringed, h9 open"));
        // Enemy beside it (g8), nothing in front: bishop/rook capture g8, but no igui on it.
        let got = moves(s, SUZUMU, "h8", &[], &["g8"]);
        assert!(got.contains(&id("g8", &["g8"])));
        assert!(!got.contains(&id("h8", &["g8"])), "{s}: no sideways igui");
        assert!(got.contains(&pass("h8")));
        // Enemy diagonally in front: no igui either.
        let got = moves(s, SUZUMU, "h8", &[], &["i9"]);
        assert!(!got.contains(&id("h8", &["i9"])), "{s}: no diagonal igui");
        assert!(!got.contains(&id("j10", &["i9"])), "{s}: no diagonal hit and run");
    }
}

#[test]
fn horned_falcon_at_the_far_edge() {
    // Suzumu: on h15 the second square is off the board; on h16 there is no first square.
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        let got = moves(s, SUZUMU, "h15", &[], &["h16"]);
        assert!(got.contains(&id("h16", &["h16"])));
        assert!(got.contains(&id("h15", &["h16"])));
        assert!(!got.contains(&pass("h15")));
        assert!(got.iter().all(|(t, c)| !(c.contains(&"h16".to_string()) && t != "h16" && t != "h15")));
        let got = moves(s, SUZUMU, "h16", &[], &[]);
        assert!(!got.contains(&pass("h16")), "{s}: no square in front, no pass");
    }
}

#[test]
fn horned_falcon_on_mitsugumi_start_square() {
    // Mitsugumi: "e3, i3 Horned Falcon (BsbRfWfDfcavWfabW)". Enemy on e4 and e5.
    let got = moves(HORNED_FALCON_SZ, MITSUGUMI, "e3", &[], &["e4", "e5"]);
    for m in [id("e4", &["e4"]), id("e5", &["e5"]), id("e5", &["e4", "e5"]), id("e3", &["e4"])] {
        assert!(got.contains(&m), "{m:?}");
    }
    assert!(!got.contains(&pass("e3")));
    assert_eq!(got, moves(HORNED_FALCON_HK, MITSUGUMI, "e3", &[], &["e4", "e5"]));
}

#[test]
fn horned_falcon_against_prose_model_on_seeded_boards() {
    for s in [HORNED_FALCON_SZ, HORNED_FALCON_HK] {
        check_against_model(s, SUZUMU, &["h8", "h15", "a2"], 51, model_horned_falcon);
        check_against_model(s, MITSUGUMI, &["e3"], 52, model_horned_falcon);
        check_against_model(s, HOOK, &["j10"], 53, model_horned_falcon);
    }
}

// =============================================================================================
// Soaring Eagle  RbBfFfAfcavFfabF (Suzumu, Mitsugumi), RbBfFfAfcavFfmabF (Hook)
// =============================================================================================

fn eagle_slides_h8(f: &[&str], e: &[&str]) -> BTreeSet<Id> {
    slides(&b(SUZUMU, "h8", f, e), &[FWD, BACK, LEFT, RIGHT, BL, BR])
}

#[test]
fn soaring_eagle_empty_board_both_spellings() {
    // Suzumu: the sting "in the two diagonally forward directions". Rook 30 + back diagonals
    // 14 + g9, i9, f10, j10 + pass = 49.
    for s in [SOARING_EAGLE_SZ, SOARING_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &[]);
        let mut want = eagle_slides_h8(&[], &[]);
        assert_eq!(want.len(), 44);
        want.extend(set(&[("g9", &[]), ("i9", &[]), ("f10", &[]), ("j10", &[]), ("h8", &[])]));
        assert_same(&got, &want, s);
        assert_eq!(got.len(), 49);
        assert!(!got.iter().any(|(t, _)| t == "k11" || t == "e11"), "{s}: no forward diagonal slide");
    }
}

#[test]
fn soaring_eagle_sting_and_pass() {
    // Suzumu sting prose; Hook "Skipping a turn": "the Soaring Eagle and Phoenix Master can
    // only do this on either of the two squares diagonally in front of them".
    for s in [SOARING_EAGLE_SZ, SOARING_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["i9"]);
        let mut want = eagle_slides_h8(&[], &["i9"]);
        want.extend(set(&[
            ("i9", &["i9"]),
            ("j10", &[]),
            ("j10", &["i9"]),
            ("h8", &["i9"]),
            ("g9", &[]),
            ("f10", &[]),
            ("h8", &[]),
        ]));
        assert_eq!(want.len(), 51);
        assert_same(&got, &want, &format!("{s} enemy i9"));
        // Both forward diagonals taken by enemies: no pass, though h9, g8 ... are empty.
        let got = moves(s, SUZUMU, "h8", &[], &["i9", "g9"]);
        let mut want = eagle_slides_h8(&[], &[]);
        want.extend(set(&[
            ("i9", &["i9"]),
            ("j10", &[]),
            ("j10", &["i9"]),
            ("h8", &["i9"]),
            ("g9", &["g9"]),
            ("f10", &[]),
            ("f10", &["g9"]),
            ("h8", &["g9"]),
        ]));
        assert_eq!(want.len(), 52);
        assert_same(&got, &want, &format!("{s} enemies i9 g9"));
        // Friends on both forward diagonals: jumps to f10/j10 only, no pass.
        let got = moves(s, SUZUMU, "h8", &["i9", "g9"], &[]);
        let mut want = eagle_slides_h8(&[], &[]);
        want.extend(set(&[("f10", &[]), ("j10", &[])]));
        assert_same(&got, &want, &format!("{s} friends i9 g9"));
        // Enemy straight ahead: rook captures, no igui on it.
        let got = moves(s, SUZUMU, "h8", &[], &["h9"]);
        assert!(!got.contains(&id("h8", &["h9"])), "{s}: no orthogonal igui");
        assert!(got.contains(&pass("h8")));
    }
}

#[test]
fn soaring_eagle_double_capture() {
    // Suzumu: "They can do any of this while capturing an opponent on the final square".
    for s in [SOARING_EAGLE_SZ, SOARING_EAGLE_HK] {
        let got = moves(s, SUZUMU, "h8", &[], &["i9", "j10", "g9"]);
        assert!(got.contains(&id("j10", &["i9", "j10"])));
        assert!(got.contains(&id("j10", &["j10"])));
        assert!(!got.contains(&id("j10", &["i9"])));
        // The sting does not turn: nothing goes from i9 to h10 / j8, nor from g9 to h10.
        assert!(!got.iter().any(|(t, c)| (t == "h10" || t == "j8") && !c.is_empty()));
        assert!(got.contains(&id("f10", &["g9"])));
    }
}

#[test]
fn soaring_eagle_against_prose_model_on_seeded_boards() {
    for s in [SOARING_EAGLE_SZ, SOARING_EAGLE_HK] {
        check_against_model(s, SUZUMU, &["h8", "a15", "p2"], 61, model_soaring_eagle);
        check_against_model(s, MITSUGUMI, &["i3"], 62, model_soaring_eagle);
        check_against_model(s, HOOK, &["j10"], 63, model_soaring_eagle);
    }
}

// =============================================================================================
// Lion Dog  KADGHcafKmcabKcafmpafKmpafcavKcafcafK (Hook)
// =============================================================================================

/// The 24 squares 1, 2 or 3 away from `at` along the 8 rays.
fn ray_squares(board: &str, at: &str, steps: &[i32]) -> Vec<String> {
    let mut v = vec![];
    for (dx, dy) in ALL8 {
        for &k in steps {
            if let Some(s) = rel(board, at, dx * k, dy * k) {
                v.push(s);
            }
        }
    }
    v
}

#[test]
fn lion_dog_empty_board() {
    // Hook, "Lion Dog": "Jump to the first, second, or third square in any orthogonal or
    // diagonal direction ... Stay in place ... if at least one adjacent square is empty". 24 + 1.
    let got = moves(LION_DOG, HOOK, "j10", &[], &[]);
    let mut want: BTreeSet<Id> = ray_squares(HOOK, "j10", &[1, 2, 3]).into_iter().map(|s| (s, vec![])).collect();
    want.insert(pass("j10"));
    assert_eq!(want.len(), 25);
    assert_same(&got, &want, "lion dog j10 empty");
    assert!(!got.iter().any(|(t, _)| t == "k12"), "no knight move");
    // Hook places the Lion Dog on j4: j1 is the third square back, on the board.
    assert_eq!(moves(LION_DOG, HOOK, "j4", &[], &[]).len(), 25);
}

#[test]
fn lion_dog_enemies_on_squares_one_and_two() {
    // Hook, "Lion Dog": "Move or capture to the third square on any ray, optionally taking out
    // any enemies on the squares it passes over"; "Move or capture to the second square ...
    // optionally taking out an enemy on the square it passes over"; "Move or capture as King,
    // optionally taking out an enemy on the second square (2 steps out, one in)"; igui; pass.
    // Ray forward from j10: j11 enemy, j12 enemy, j13 empty.
    let got = moves(LION_DOG, HOOK, "j10", &[], &["j11", "j12"]);
    let mut want: BTreeSet<Id> = ray_squares(HOOK, "j10", &[1, 2, 3])
        .into_iter()
        .filter(|s| s != "j11" && s != "j12")
        .map(|s| (s, vec![]))
        .collect();
    want.extend(set(&[
        ("j11", &["j11"]),        // King capture
        ("j11", &["j11", "j12"]), // 2 out, 1 in, capturing both
        ("j12", &["j12"]),        // jump to the second square, capturing
        ("j12", &["j11", "j12"]), // take j11 on the way
        ("j13", &["j11"]),        // third square, taking j11 only
        ("j13", &["j12"]),        // third square, taking j12 only
        ("j13", &["j11", "j12"]), // third square, taking both
        ("j10", &["j11"]),        // igui
        ("j10", &[]),             // pass (other neighbours empty)
    ]));
    assert_eq!(want.len(), 31);
    assert_same(&got, &want, "lion dog j10, enemies j11 j12");
    // ("j13", []) is among the plain jumps; j12 cannot be entered without taking it.
    assert!(got.contains(&id("j13", &[])));
    assert!(!got.contains(&id("j12", &["j11"])));
    assert!(!got.contains(&id("j12", &[])));
    // Not beyond the third square.
    assert!(!got.iter().any(|(t, _)| t == "j14"));
}

#[test]
fn lion_dog_enemies_on_all_three_squares() {
    // Hook: "Move or capture to the third square ... optionally taking out any enemies on the
    // squares it passes over": j13 is captured in every third-square move.
    let got = moves(LION_DOG, HOOK, "j10", &[], &["j11", "j12", "j13"]);
    let third: BTreeSet<Id> = got.iter().filter(|(t, _)| t == "j13").cloned().collect();
    assert_eq!(
        third,
        set(&[("j13", &["j13"]), ("j13", &["j11", "j13"]), ("j13", &["j12", "j13"]), ("j13", &["j11", "j12", "j13"]),])
    );
    assert!(got.contains(&id("j11", &["j11", "j12"])));
    assert!(got.contains(&id("j12", &["j11", "j12"])));
    // Three captures and then a move back is no part of the prose: nothing ends on j11/j12
    // with j13 taken.
    assert!(!got.iter().any(|(t, c)| (t == "j11" || t == "j12") && c.contains(&"j13".to_string())));
}

#[test]
fn lion_dog_hops_friends() {
    // Hook: "Each of the steps can be a move, a capture or a hop".
    // Enemy j11, friend j12, j13 empty: take j11 and hop the friend to j13; no landing on j12.
    let got = moves(LION_DOG, HOOK, "j10", &["j12"], &["j11"]);
    let fwd: BTreeSet<Id> = got
        .iter()
        .filter(|(t, c)| ["j11", "j12", "j13"].contains(&t.as_str()) || c.contains(&"j11".to_string()))
        .cloned()
        .collect();
    assert_eq!(fwd, set(&[("j11", &["j11"]), ("j13", &[]), ("j13", &["j11"]), ("j10", &["j11"])]));
    // Friend j11, enemy j12: hop the friend, take j12, go on to j13; coming back to j11 would
    // land on the friend.
    let got = moves(LION_DOG, HOOK, "j10", &["j11"], &["j12"]);
    let fwd: BTreeSet<Id> = got
        .iter()
        .filter(|(t, c)| ["j11", "j12", "j13"].contains(&t.as_str()) || c.contains(&"j12".to_string()))
        .cloned()
        .collect();
    assert_eq!(fwd, set(&[("j12", &["j12"]), ("j13", &[]), ("j13", &["j12"])]));
    // Empty j11, enemy j12: 2 out, 1 in ends on the empty j11 with j12 taken.
    let got = moves(LION_DOG, HOOK, "j10", &[], &["j12"]);
    assert!(got.contains(&id("j11", &["j12"])));
    assert!(got.contains(&id("j13", &["j12"])));
    assert!(got.contains(&id("j12", &["j12"])));
    assert!(!got.contains(&id("j10", &["j12"])), "igui only on an adjacent enemy");
}

#[test]
fn lion_dog_stays_on_its_ray_and_does_not_overshoot() {
    // Hook: "It can return to, but not overshoot its starting square"; it moves "along any
    // ray passing through it". Enemy on j11 only.
    let got = moves(LION_DOG, HOOK, "j10", &[], &["j11"]);
    assert!(got.contains(&id("j10", &["j11"]))); // return: igui
    assert!(!got.contains(&id("j9", &["j11"])), "overshoot back past the start");
    assert!(!got.contains(&id("j8", &["j11"])));
    for sq in ["i11", "k11", "i12", "k12", "i10", "k10"] {
        assert!(!got.contains(&id(sq, &["j11"])), "{sq}: off the ray");
    }
    let fwd: BTreeSet<Id> = got.iter().filter(|(_, c)| !c.is_empty()).cloned().collect();
    assert_eq!(fwd, set(&[("j11", &["j11"]), ("j12", &["j11"]), ("j13", &["j11"]), ("j10", &["j11"])]));
    assert_eq!(got.len(), 25 - 1 + 4);
}

#[test]
fn lion_dog_cannot_hop_back_to_start() {
    // Hook: "with the exception that it cannot hop back to its starting square"; "Stay in
    // place ... if at least one adjacent square is empty". Ringed by friends: only the 16 jumps
    // to the second and third squares, no pass.
    let fr = ring(HOOK, "j10");
    let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(LION_DOG, HOOK, "j10", &f, &[]);
    let want: BTreeSet<Id> = ray_squares(HOOK, "j10", &[2, 3]).into_iter().map(|s| (s, vec![])).collect();
    assert_eq!(want.len(), 16);
    assert_same(&got, &want, "lion dog ringed by friends");
}

#[test]
fn lion_dog_ringed_by_enemies() {
    // Hook: igui on each of the 8, no pass; King captures 8; jumps to second and third squares
    // 16; second square taking the first 8; third square taking the first 8. 48.
    let en = ring(HOOK, "j10");
    let e: Vec<&str> = en.iter().map(|s| s.as_str()).collect();
    let got = moves(LION_DOG, HOOK, "j10", &[], &e);
    assert!(!got.contains(&pass("j10")));
    let mut want: BTreeSet<Id> = ray_squares(HOOK, "j10", &[2, 3]).into_iter().map(|s| (s, vec![])).collect();
    for (dx, dy) in ALL8 {
        let x1 = rel(HOOK, "j10", dx, dy).unwrap();
        let x2 = rel(HOOK, "j10", 2 * dx, 2 * dy).unwrap();
        let x3 = rel(HOOK, "j10", 3 * dx, 3 * dy).unwrap();
        want.insert(mv(&x1, std::slice::from_ref(&x1)));
        want.insert(mv("j10", std::slice::from_ref(&x1)));
        want.insert(mv(&x2, std::slice::from_ref(&x1)));
        want.insert(mv(&x3, std::slice::from_ref(&x1)));
    }
    assert_eq!(want.len(), 48);
    assert_same(&got, &want, "lion dog ringed by enemies");
}

#[test]
fn lion_dog_at_the_edge() {
    // Hook: the rays are cut by the board edge. On j18: j19 is the only forward square.
    let got = moves(LION_DOG, HOOK, "j18", &[], &["j19"]);
    assert!(got.contains(&id("j19", &["j19"])));
    assert!(got.contains(&id("j18", &["j19"])));
    assert!(!got.iter().any(|(t, c)| t != "j19" && t != "j18" && c.contains(&"j19".to_string())));
    // Rays from j18: forward 1, back 3, left 3, right 3, fl 1, fr 1, bl 3, br 3 = 18, + pass,
    // + the igui of j19 (the capture of j19 by moving there is among the 18).
    assert_eq!(got.len(), 18 + 1 + 1);
}

#[test]
fn lion_dog_against_prose_model_on_seeded_boards() {
    check_against_model(LION_DOG, HOOK, &["j10", "j4", "b18", "s1"], 71, model_lion_dog);
}

// =============================================================================================
// Furious Fiend  KNADGHcaKmcabKcafmpafKmpafcavKcafcafK (Hook)
// =============================================================================================

#[test]
fn furious_fiend_empty_board() {
    // Hook, "Furious Fiend": "Jump directly to any square in the 5x5 area surrounding it, or
    // to the third square in any othogonal or diagonal direction ... Stay in place". 24 + 8 + 1.
    let got = moves(FURIOUS_FIEND, HOOK, "j10", &[], &[]);
    let mut want: BTreeSet<Id> =
        box5().into_iter().map(|(dx, dy)| (rel(HOOK, "j10", dx, dy).unwrap(), vec![])).collect();
    for (dx, dy) in ALL8 {
        want.insert((rel(HOOK, "j10", 3 * dx, 3 * dy).unwrap(), vec![]));
    }
    want.insert(pass("j10"));
    assert_eq!(want.len(), 33);
    assert_same(&got, &want, "furious fiend j10 empty");
}

#[test]
fn furious_fiend_has_both_lion_and_lion_dog_captures() {
    // Hook: "Capture a piece on an adjacent square, and then continue to any of the squares
    // adjacent to that square, capturing up to two pieces" (Lion) and "Move or capture to the
    // third square on any ray, optionally taking out any enemies on the squares it passes over"
    // (Lion Dog).
    let got = moves(FURIOUS_FIEND, HOOK, "j10", &[], &["j11", "j12"]);
    for m in [
        id("k12", &["j11"]), // lion hit and run, sideways off the ray
        id("i11", &["j11"]),
        id("k10", &["j11"]),
        id("j12", &["j11", "j12"]),
        id("j13", &["j11"]),
        id("j13", &["j12"]),
        id("j13", &["j11", "j12"]),
        id("j11", &["j11", "j12"]),
        id("j10", &["j11"]),
        pass("j10"),
    ] {
        assert!(got.contains(&m), "{m:?}");
    }
    assert!(!got.contains(&id("j9", &["j11"])));
    assert!(!got.iter().any(|(t, _)| t == "j14"));
    // Ringed by enemies: lion part 24 + 56 + 8, plus third-square jumps 8 and third square
    // taking the first 8: 104, no pass.
    let en = ring(HOOK, "j10");
    let e: Vec<&str> = en.iter().map(|s| s.as_str()).collect();
    let got = moves(FURIOUS_FIEND, HOOK, "j10", &[], &e);
    assert!(!got.contains(&pass("j10")));
    assert_eq!(got.len(), 104);
}

#[test]
fn furious_fiend_against_prose_model_on_seeded_boards() {
    check_against_model(FURIOUS_FIEND, HOOK, &["j10", "c3", "s19"], 81, model_furious_fiend);
}

// =============================================================================================
// Teaching King  QADGHcafKmcabKcafmpafKmpafcavKcafcafK (Hook)
// =============================================================================================

#[test]
fn teaching_king_empty_board_and_ringed() {
    // Hook, "Teaching King": "moves either as a Lion Dog or as a Queen. This power includes
    // jumping, igui and skipping a turn". Empty: queen 72 + pass.
    let got = moves(TEACHING_KING, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &ALL8);
    want.insert(pass("j10"));
    assert_same(&got, &want, "teaching king empty");
    assert_eq!(got.len(), 73);
    // Ringed by friends: queen shut in, the 16 Lion Dog jumps remain, no pass.
    let fr = ring(HOOK, "j10");
    let f: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(TEACHING_KING, HOOK, "j10", &f, &[]);
    let want: BTreeSet<Id> = ray_squares(HOOK, "j10", &[2, 3]).into_iter().map(|s| (s, vec![])).collect();
    assert_same(&got, &want, "teaching king ringed by friends");
    // Ringed by enemies: same 48 as the Lion Dog (the queen only adds the 8 captures).
    let e: Vec<&str> = fr.iter().map(|s| s.as_str()).collect();
    let got = moves(TEACHING_KING, HOOK, "j10", &[], &e);
    assert_eq!(got.len(), 48);
    assert!(!got.contains(&pass("j10")));
}

#[test]
fn teaching_king_enemies_on_its_forward_ray() {
    // Hook: queen capture of j11 stops the slide; the Lion Dog part reaches j12 and j13 with
    // any combination of the enemies on j11 and j12.
    let got = moves(TEACHING_KING, HOOK, "j10", &[], &["j11", "j12"]);
    let fwd: BTreeSet<Id> =
        got.iter().filter(|(t, c)| t.starts_with('j') && t != "j10" && xy(t).1 > 9 || !c.is_empty()).cloned().collect();
    assert_eq!(
        fwd,
        set(&[
            ("j11", &["j11"]),
            ("j11", &["j11", "j12"]),
            ("j12", &["j12"]),
            ("j12", &["j11", "j12"]),
            ("j13", &[]),
            ("j13", &["j11"]),
            ("j13", &["j12"]),
            ("j13", &["j11", "j12"]),
            ("j10", &["j11"]),
        ])
    );
    assert!(!got.iter().any(|(t, _)| t == "j14" || t == "k12"));
    // Queen on the other 7 lines: 63 squares; the 9 forward identities above; the pass.
    assert_eq!(got.len(), 63 + 9 + 1);
}

#[test]
fn teaching_king_against_prose_model_on_seeded_boards() {
    check_against_model(TEACHING_KING, HOOK, &["j10", "a1", "q17"], 91, model_teaching_king);
}

// =============================================================================================
// Kirin Master  BbsRfWfDfHfcafWfmcabWfcafmpafWfmpafcavWfcafcafW (Hook)
// =============================================================================================

#[test]
fn kirin_master_empty_board() {
    // Hook, "Kirin Master": "can slide diagonally, sideways, or directly backward. In addition,
    // It can step 3 times, or jump up to 3 squares, directly forward ... This power includes
    // igui and skipping a turn, but not moving off the orthogonal". Bishop 36 + sideways 18 +
    // back 9 + j11 j12 j13 + pass = 67.
    let got = moves(KIRIN_MASTER, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &[FL, FR, BL, BR, LEFT, RIGHT, BACK]);
    assert_eq!(want.len(), 63);
    want.extend(set(&[("j11", &[]), ("j12", &[]), ("j13", &[]), ("j10", &[])]));
    assert_same(&got, &want, "kirin master empty");
    assert!(!got.iter().any(|(t, _)| t == "j14"));
}

#[test]
fn kirin_master_forward_enemies() {
    // Hook: "capturing up to three pieces"; the Lion Dog combinations straight forward; the
    // pass only "on the square directly in front" - j11 is occupied, so none.
    let got = moves(KIRIN_MASTER, HOOK, "j10", &[], &["j11", "j12"]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &[FL, FR, BL, BR, LEFT, RIGHT, BACK]);
    want.extend(set(&[
        ("j11", &["j11"]),
        ("j12", &["j12"]),
        ("j13", &[]),
        ("j12", &["j11", "j12"]),
        ("j10", &["j11"]),
        ("j13", &["j11"]),
        ("j13", &["j12"]),
        ("j11", &["j11", "j12"]),
        ("j13", &["j11", "j12"]),
    ]));
    assert_eq!(want.len(), 72);
    assert_same(&got, &want, "kirin master, enemies j11 j12");
    // Three in a row.
    let got = moves(KIRIN_MASTER, HOOK, "j10", &[], &["j11", "j12", "j13"]);
    assert!(got.contains(&id("j13", &["j11", "j12", "j13"])));
    assert!(!got.contains(&pass("j10")));
}

#[test]
fn kirin_master_no_lion_power_off_the_file() {
    // Hook: "but not moving off the orthogonal"; pass only "on the square directly in front".
    let got = moves(KIRIN_MASTER, HOOK, "j10", &[], &["k11", "i10"]);
    assert!(got.contains(&id("k11", &["k11"]))); // bishop
    assert!(got.contains(&id("i10", &["i10"]))); // rook sideways
    assert!(!got.contains(&id("j10", &["k11"])));
    assert!(!got.contains(&id("j10", &["i10"])));
    assert!(!got.contains(&id("l12", &["k11"])));
    assert!(got.contains(&pass("j10")));
    // Friend in front: the (2,0) and (3,0) jumps stay, no pass even with everything else empty.
    let got = moves(KIRIN_MASTER, HOOK, "j10", &["j11"], &[]);
    assert!(got.contains(&id("j12", &[])) && got.contains(&id("j13", &[])));
    assert!(!got.contains(&pass("j10")));
    assert_eq!(got.len(), 63 + 2);
}

#[test]
fn kirin_master_against_prose_model_on_seeded_boards() {
    check_against_model(KIRIN_MASTER, HOOK, &["j10", "j17", "a2"], 101, model_kirin_master);
}

// =============================================================================================
// Phoenix Master  RbBfFfAfGfcafFfmcabFfcafmpafFfmpafcavFfcafcafF (Hook)
// =============================================================================================

#[test]
fn phoenix_master_empty_board() {
    // Hook, "Phoenix Master": "can slide orthogonally or diagonally backward. In addition, It
    // can step 3 times, or jump up to 3 squares, diagonally forward". Rook 36 + back diagonals
    // 18 + i11 k11 h12 l12 g13 m13 + pass = 61.
    let got = moves(PHOENIX_MASTER, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &[FWD, BACK, LEFT, RIGHT, BL, BR]);
    assert_eq!(want.len(), 54);
    want.extend(set(&[
        ("i11", &[]),
        ("k11", &[]),
        ("h12", &[]),
        ("l12", &[]),
        ("g13", &[]),
        ("m13", &[]),
        ("j10", &[]),
    ]));
    assert_same(&got, &want, "phoenix master empty");
    assert!(!got.iter().any(|(t, _)| t == "n14" || t == "f14"));
}

#[test]
fn phoenix_master_forward_right_enemies() {
    // Hook: Lion Dog combinations on the forward diagonals; pass via i11 (empty).
    let got = moves(PHOENIX_MASTER, HOOK, "j10", &[], &["k11", "l12"]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &[FWD, BACK, LEFT, RIGHT, BL, BR]);
    want.extend(set(&[
        ("k11", &["k11"]),
        ("l12", &["l12"]),
        ("m13", &[]),
        ("l12", &["k11", "l12"]),
        ("j10", &["k11"]),
        ("m13", &["k11"]),
        ("m13", &["l12"]),
        ("k11", &["k11", "l12"]),
        ("m13", &["k11", "l12"]),
        ("i11", &[]),
        ("h12", &[]),
        ("g13", &[]),
        ("j10", &[]),
    ]));
    assert_eq!(want.len(), 67);
    assert_same(&got, &want, "phoenix master, enemies k11 l12");
    // Both forward diagonals blocked by enemies: no pass (j11, i10 ... empty do not count).
    let got = moves(PHOENIX_MASTER, HOOK, "j10", &[], &["k11", "i11"]);
    assert!(!got.contains(&pass("j10")));
    // Enemy straight in front: rook capture, no igui.
    let got = moves(PHOENIX_MASTER, HOOK, "j10", &[], &["j11"]);
    assert!(got.contains(&id("j11", &["j11"])));
    assert!(!got.contains(&id("j10", &["j11"])));
    assert!(!got.contains(&id("j12", &["j11"])));
}

#[test]
fn phoenix_master_against_prose_model_on_seeded_boards() {
    check_against_model(PHOENIX_MASTER, HOOK, &["j10", "r17", "b2"], 111, model_phoenix_master);
}

// =============================================================================================
// Skyward Net  RFaKmabK, Earthward Net  BWaKmabK (Hook)
// =============================================================================================

#[test]
fn nets_empty_board() {
    // Hook, "Skyward Net": "can slide orthogonally. In addition, it can make a '2-square area
    // move' - up to 2 King steps in independently chosen directions ... It can skip a turn".
    // Rook 36 + the box squares off the orthogonal lines (24 - 8 = 16: 4 F steps, 4 (2,2)
    // squares, 8 knight squares) + pass = 53.
    let got = moves(SKYWARD_NET, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &ORTHOGONAL);
    for (dx, dy) in box5() {
        want.insert((rel(HOOK, "j10", dx, dy).unwrap(), vec![]));
    }
    want.insert(pass("j10"));
    assert_eq!(want.len(), 53);
    assert_same(&got, &want, "skyward net empty");
    // Earthward Net: bishop 36 + the 16 box squares off the diagonals + pass.
    let got = moves(EARTHWARD_NET, HOOK, "j10", &[], &[]);
    let mut want = slides(&b(HOOK, "j10", &[], &[]), &DIAGONAL);
    for (dx, dy) in box5() {
        want.insert((rel(HOOK, "j10", dx, dy).unwrap(), vec![]));
    }
    want.insert(pass("j10"));
    assert_eq!(want.len(), 53);
    assert_same(&got, &want, "earthward net empty");
}

#[test]
fn skyward_net_stops_at_the_first_capture_and_has_no_igui() {
    // Hook: "up to 2 King steps ... stopping at the first capture ... it does not have the
    // lion power of igui". Enemy on k11: captured by a step, but the move ends there: no igui,
    // no hit and run; l12 can only be reached through k11, so it is not reachable at all.
    let got = moves(SKYWARD_NET, HOOK, "j10", &[], &["k11"]);
    assert!(got.contains(&id("k11", &["k11"])));
    assert!(!got.contains(&id("j10", &["k11"])), "no igui");
    assert!(!got.iter().any(|(t, c)| t != "k11" && !c.is_empty()), "nothing after a capture");
    assert!(!got.iter().any(|(t, _)| t == "l12"), "l12 only through the occupied k11");
    assert!(got.contains(&id("k12", &[]))); // via j11
    assert!(got.contains(&id("l11", &[]))); // via k10
    assert!(got.contains(&pass("j10")));
    // 53 - 1 (l12) = 52, k11 a capture instead of a move.
    assert_eq!(got.len(), 52);
    // A capture on the second step: enemy l12, k11 empty.
    let got = moves(SKYWARD_NET, HOOK, "j10", &[], &["l12"]);
    assert!(got.contains(&id("l12", &["l12"])));
    assert!(!got.contains(&id("j10", &["l12"])));
    // Two enemies in a row: j11 by the rook, j12 by two steps round it, never both.
    let got = moves(SKYWARD_NET, HOOK, "j10", &[], &["j11", "j12"]);
    assert!(got.contains(&id("j11", &["j11"])));
    assert!(got.contains(&id("j12", &["j12"])));
    assert!(!got.contains(&id("j12", &["j11", "j12"])));
    assert!(!got.contains(&id("j12", &["j11"])));
}

#[test]
fn nets_ringed() {
    // Hook: ringed by enemies, each net captures each neighbour by one step and stops; no
    // igui, no pass. Ringed by friends: nothing at all.
    let ring8 = ring(HOOK, "j10");
    let r: Vec<&str> = ring8.iter().map(|s| s.as_str()).collect();
    let want: BTreeSet<Id> = ring8.iter().map(|s| mv(s, std::slice::from_ref(s))).collect();
    for s in [SKYWARD_NET, EARTHWARD_NET] {
        assert_same(&moves(s, HOOK, "j10", &[], &r), &want, &format!("{s} ringed by enemies"));
        assert_same(&moves(s, HOOK, "j10", &r, &[]), &BTreeSet::new(), &format!("{s} ringed by friends"));
        // One neighbour empty (i9): pass, i9, and the squares one more King step from i9
        // (h8 h9 h10 i8 j8; i10 and j9 hold friends).
        let rest: Vec<&str> = r.iter().copied().filter(|&x| x != "i9").collect();
        let got = moves(s, HOOK, "j10", &rest, &[]);
        let mut want =
            set(&[("j10", &[]), ("i9", &[]), ("h8", &[]), ("h9", &[]), ("h10", &[]), ("i8", &[]), ("j8", &[])]);
        if s == EARTHWARD_NET {
            // its bishop slide runs on down the open bl diagonal: i9 h8 g7 ... a1
            want.extend(set(&[
                ("g7", &[]),
                ("f6", &[]),
                ("e5", &[]),
                ("d4", &[]),
                ("c3", &[]),
                ("b2", &[]),
                ("a1", &[]),
            ]));
        }
        assert_same(&got, &want, &format!("{s}: only i9 open"));
    }
}

#[test]
fn earthward_net_no_igui() {
    // Hook, "Earthward Net": "does not have the lion power of igui". Enemy j11: a W step takes
    // it; j12 is reached round it (via i11 or k11), never through it.
    let got = moves(EARTHWARD_NET, HOOK, "j10", &[], &["j11"]);
    assert!(got.contains(&id("j11", &["j11"])));
    assert!(!got.contains(&id("j10", &["j11"])));
    assert!(got.contains(&id("j12", &[])));
    assert!(!got.contains(&id("j12", &["j11"])));
    assert!(got.contains(&pass("j10")));
    assert_eq!(got.len(), 53);
}

#[test]
fn nets_against_prose_model_on_seeded_boards() {
    check_against_model(SKYWARD_NET, HOOK, &["j10", "a10", "s19"], 121, model_skyward_net);
    check_against_model(EARTHWARD_NET, HOOK, &["j10", "j1", "b18"], 131, model_earthward_net);
}

#[test]
#[should_panic(expected = "kensho has but prose does not")]
fn seeded_comparison_tells_lion_dog_from_lion() {
    // Guard on the harness itself: the Lion Dog's third-square moves are not Lion moves, so
    // comparing the Lion Dog string with the Lion prose must fail.
    check_against_model(LION_DOG, HOOK, &["j10"], 71, lion);
}

#[test]
fn seeded_boards_are_busy_next_to_the_piece() {
    // Guard on the harness: the seeded boards put friends and enemies next to the piece, so
    // igui, hit and run and blocked passes are really exercised.
    let boards = seeded_boards(HOOK, "j10", 12, 71);
    let near = |v: &Vec<String>| v.iter().filter(|s| ring(HOOK, "j10").contains(s)).count();
    assert!(boards.iter().map(|(f, _)| near(f)).sum::<usize>() > 12);
    assert!(boards.iter().map(|(_, e)| near(e)).sum::<usize>() > 12);
}
