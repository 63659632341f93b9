use crate::common;
use common::*;

// In-depth tests of the special pieces of the seed documents:
//   000 Suzumu Shogi (16x16), 001 Mitsugumi Shogi (13x13), 002 Hook Shogi (19x19).
//
// Every expectation is derived by hand from the documents' prose and from XBETZA.md (with the
// default readings). Where a set is too large to list, the expected set is built by a small
// prose model in this file (a loop written from the prose words quoted above it), never from
// kensho's output.

use std::collections::BTreeSet;

type Set = BTreeSet<Id>;
/// A square as 0-based (file, rank).
type P = (i32, i32);

const FIRE_DEMON: &str = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
const HEAVENLY_TETRARCH: &str = "jvhQjsQ3cab(mpacab)1K";
const SZ_BISHOP_GENERAL: &str = "B(cpaf)2cBcafpafcBpafcafcB";
const SZ_ROOK_GENERAL: &str = "R(cpaf)2cRcafpafcRpafcafcR";
const SZ_GREAT_GENERAL: &str = "Q(cpaf)2cQcafpafcQpafcafcQ";
const SZ_VICE_GENERAL: &str = "B(cpaf)2cBcafpafcBpafcafcB(a)2KabK";
const MG_BISHOP_GENERAL: &str = "B(paf)2cB";
const MG_ROOK_GENERAL: &str = "R(paf)2cR";
const MG_GREAT_GENERAL: &str = "Q(paf)2cQ";
const MG_VICE_GENERAL: &str = "B(paf)2cB(a)2KabK";
const HOOK_MOVER: &str = "RmasR";
const TENGU: &str = "WBmasB";
const EMPEROR: &str = "U";
const LANCE: &str = "fRbW2";
const KNIGHT: &str = "N";

const DEFAULT_READINGS: [&str; 3] = ["h-modifier=half-plane", "y-scope=whole-leg", "toggle-span=rest-of-move"];

// ---------------------------------------------------------------------------------------------
// Small helpers: square names, a board, and prose models.
// ---------------------------------------------------------------------------------------------

fn nm(p: P) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

fn xy(s: &str) -> P {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1)
}

fn add(p: P, d: P, k: i32) -> P {
    (p.0 + d.0 * k, p.1 + d.1 * k)
}

fn cheb(a: P, b: P) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

fn mv(to: P, caps: &[P]) -> Id {
    let mut c: Vec<P> = caps.to_vec();
    c.sort();
    c.dedup();
    let names: Vec<String> = c.iter().map(|&q| nm(q)).collect();
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    id(&nm(to), &refs)
}

struct Board {
    w: i32,
    h: i32,
    friends: BTreeSet<P>,
    enemies: BTreeSet<P>,
}

impl Board {
    fn new(size: &str, friends: &[&str], enemies: &[&str]) -> Board {
        let (w, h) = size.split_once('x').unwrap();
        Board {
            w: w.parse().unwrap(),
            h: h.parse().unwrap(),
            friends: friends.iter().map(|s| xy(s)).collect(),
            enemies: enemies.iter().map(|s| xy(s)).collect(),
        }
    }
    fn on(&self, p: P) -> bool {
        p.0 >= 0 && p.1 >= 0 && p.0 < self.w && p.1 < self.h
    }
    fn empty(&self, p: P) -> bool {
        self.on(p) && !self.friends.contains(&p) && !self.enemies.contains(&p)
    }
    fn enemy(&self, p: P) -> bool {
        self.enemies.contains(&p)
    }
    fn all(&self) -> Vec<P> {
        let mut v = Vec::new();
        for f in 0..self.w {
            for r in 0..self.h {
                v.push((f, r));
            }
        }
        v
    }
}

/// A plain slide ("like any slider it must stop after a capture, or before hitting a friendly
/// piece"): (destination, captures). `max` 0 = unlimited; `skip_first` = the Tetrarch's skip.
fn slide(b: &Board, s: P, d: P, max: i32, skip_first: bool) -> Vec<(P, Vec<P>)> {
    let mut out = Vec::new();
    let mut k = if skip_first { 2 } else { 1 };
    loop {
        if max != 0 && k > max {
            break;
        }
        let x = add(s, d, k);
        if !b.on(x) {
            break;
        }
        if b.empty(x) {
            out.push((x, vec![]));
        } else {
            if b.enemy(x) {
                out.push((x, vec![x]));
            }
            break;
        }
        k += 1;
    }
    out
}

/// "An 'area move' - up to 3 King steps in independently chosen directions, stopping at the first
/// capture, including returning to the starting square": squares reachable in 1..=steps King
/// steps whose intermediate squares are empty (the start is vacated); the last may capture.
fn area(b: &Board, s: P, steps: i32) -> Vec<(P, Vec<P>)> {
    let mut out = BTreeSet::new();
    let mut frontier = BTreeSet::from([s]);
    for _ in 0..steps {
        let mut next = BTreeSet::new();
        for &f in &frontier {
            for d in ALL8 {
                let x = add(f, d, 1);
                if !b.on(x) {
                    continue;
                }
                if x == s || b.empty(x) {
                    out.insert((x, vec![]));
                    next.insert(x);
                } else if b.enemy(x) {
                    out.insert((x, vec![x]));
                }
            }
        }
        frontier = next;
    }
    out.into_iter().collect()
}

/// "Capture up to two ... opponents adjacent to that square without moving": the non-empty sets
/// of at most two enemies next to `x`.
fn burns(b: &Board, x: P) -> Vec<Vec<P>> {
    let adj: Vec<P> = ALL8.iter().map(|&d| add(x, d, 1)).filter(|&y| b.enemy(y)).collect();
    let mut out = Vec::new();
    for i in 0..adj.len() {
        out.push(vec![adj[i]]);
        for j in i + 1..adj.len() {
            out.push(vec![adj[i], adj[j]]);
        }
    }
    out
}

/// Suzumu Fire Demon, from the prose: slides sideways or diagonally; area move (3 King steps,
/// stopping at the first capture, pass included); after either, burn up to two enemies adjacent
/// to the destination; or double igui.
fn fire_demon_model(board: &str, at: &str, friends: &[&str], enemies: &[&str]) -> Set {
    let b = Board::new(board, friends, enemies);
    let s = xy(at);
    let mut bases = Vec::new();
    for d in [LEFT, RIGHT, FL, FR, BL, BR] {
        bases.extend(slide(&b, s, d, 0, false));
    }
    bases.extend(area(&b, s, 3));
    let mut out = Set::new();
    for (x, caps) in bases {
        out.insert(mv(x, &caps));
        if x != s {
            for burn in burns(&b, x) {
                let mut c = caps.clone();
                c.extend(burn);
                out.insert(mv(x, &c));
            }
        }
    }
    for burn in burns(&b, s) {
        out.insert(mv(s, &burn));
    }
    out
}

/// Jumping sliders, from the prose: a plain slide, or a capture after jumping up to two pieces
/// (friend or foe) on the line; with `take_jumped` each jumped enemy may also be captured.
fn jumping_model(b: &Board, s: P, dirs: &[P], take_jumped: bool) -> Set {
    let mut out = Set::new();
    for &d in dirs {
        let mut jumped: Vec<P> = Vec::new();
        let mut k = 1;
        loop {
            let x = add(s, d, k);
            if !b.on(x) {
                break;
            }
            if b.empty(x) {
                if jumped.is_empty() {
                    out.insert(mv(x, &[]));
                }
            } else {
                if b.enemy(x) {
                    let je: Vec<P> =
                        if take_jumped { jumped.iter().copied().filter(|&q| b.enemy(q)).collect() } else { vec![] };
                    for mask in 0..(1u32 << je.len()) {
                        let mut c = vec![x];
                        for (i, &q) in je.iter().enumerate() {
                            if mask & (1 << i) != 0 {
                                c.push(q);
                            }
                        }
                        out.insert(mv(x, &c));
                    }
                }
                jumped.push(x);
                if jumped.len() > 2 {
                    break;
                }
            }
            k += 1;
        }
    }
    out
}

/// Vice General: jumping Bishop plus the area move ("including returning to the starting
/// square to skip a turn"; no igui: the area move stops at the first capture).
fn vice_general_model(board: &str, at: &str, friends: &[&str], enemies: &[&str], take_jumped: bool) -> Set {
    let b = Board::new(board, friends, enemies);
    let s = xy(at);
    let mut out = jumping_model(&b, s, &DIAGONAL, take_jumped);
    for (x, caps) in area(&b, s, 3) {
        out.insert(mv(x, &caps));
    }
    out
}

/// Hook prose: "slide ..., then (optionally) make a 90-degree turn and continue in a
/// perpendicular direction. It must stop when it captures, and the (bent) path it travels along
/// must be empty up to that point. It can only change direction once per move."
fn hook_model(b: &Board, s: P, dirs: &[P]) -> Set {
    let mut out = Set::new();
    for &d in dirs {
        let mut k = 1;
        loop {
            let x = add(s, d, k);
            if !b.on(x) {
                break;
            }
            if b.empty(x) {
                out.insert(mv(x, &[]));
                for t in [(-d.1, d.0), (d.1, -d.0)] {
                    for (y, c) in slide(b, x, t, 0, false) {
                        out.insert(mv(y, &c));
                    }
                }
            } else {
                if b.enemy(x) {
                    out.insert(mv(x, &[x]));
                }
                break;
            }
            k += 1;
        }
    }
    out
}

fn set_of(v: &[(P, Vec<P>)]) -> Set {
    v.iter().map(|(x, c)| mv(*x, c)).collect()
}

/// Every captured square is the destination or next to it (no burning far away).
fn assert_captures_near_destination(m: &Set) {
    for (to, caps) in m {
        let t = xy(to);
        for c in caps {
            assert!(cheb(t, xy(c)) <= 1, "move to {to} captures {c}, which is not next to the destination: {caps:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fire Demon (Suzumu 000, Mitsugumi 001)
// ---------------------------------------------------------------------------------------------

// Suzumu (000): "The Fire Demon can slide sideways or diagonally, or make an 'area move' - up to
// 3 King steps in independently chosen directions, stopping at the first capture, including
// returning to the starting square to skip a turn."
// On an empty 16x16 board at h8: the 7x7 box e5..k11 (48 squares + the pass on h8), plus the
// sideways and diagonal slide squares outside the box: left a8-d8 (4), right l8-p8 (5),
// fl d12-a15 (4), fr l12-p16 (5), bl d4-a1 (4), br l4-o1 (4) = 26. Total 75, nothing captured.
#[test]
fn fire_demon_empty_board_has_75_moves() {
    let m = moves(FIRE_DEMON, "16x16", "h8", &[], &[]);
    let s = xy("h8");
    let mut expected = Set::new();
    for f in 0..16 {
        for r in 0..16 {
            if cheb(s, (f, r)) <= 3 {
                expected.insert(mv((f, r), &[]));
            }
        }
    }
    for d in [LEFT, RIGHT, FL, FR, BL, BR] {
        for k in 1..16 {
            let x = add(s, d, k);
            if x.0 >= 0 && x.1 >= 0 && x.0 < 16 && x.1 < 16 {
                expected.insert(mv(x, &[]));
            }
        }
    }
    assert_eq!(expected.len(), 75);
    assert_eq!(m, expected);
    assert!(m.contains(&pass("h8")));
    // sideways and diagonal slides leave the box; vertical ones do not exist
    assert!(m.contains(&id("a8", &[])) && m.contains(&id("p8", &[])));
    assert!(m.contains(&id("a15", &[])) && m.contains(&id("p16", &[])));
    assert!(m.contains(&id("a1", &[])) && m.contains(&id("o1", &[])));
    assert!(m.contains(&id("h11", &[])) && m.contains(&id("h5", &[])));
    assert!(!m.contains(&id("h12", &[])) && !m.contains(&id("h4", &[])));
    assert!(!m.contains(&id("l9", &[])), "l9 is neither in the box nor on a slide line");
}

// Mitsugumi (001) uses the same string and prose on 13x13. At g7: box d4..j10 (49 with the pass)
// plus 3 slide squares outside the box on each of the 6 lines = 67.
#[test]
fn fire_demon_mitsugumi_empty_board_has_67_moves() {
    let m = moves(FIRE_DEMON, "13x13", "g7", &[], &[]);
    assert_eq!(m.len(), 67);
    for sq in ["a7", "c7", "k7", "m7", "a13", "m13", "a1", "m1", "d4", "j10", "g10", "g4"] {
        assert!(m.contains(&id(sq, &[])), "{sq}");
    }
    assert!(m.contains(&pass("g7")));
    assert!(!m.contains(&id("g11", &[])) && !m.contains(&id("g3", &[])));
}

// Suzumu (000): "it can move to another square and then capture up to two non-Fire Demon
// opponents adjacent to that square without moving."
// Enemies on n9 and l7; m8 (a sideways slide of 5, outside the area box) is next to both.
#[test]
fn fire_demon_burns_after_a_slide() {
    let m = moves(FIRE_DEMON, "16x16", "h8", &[], &["n9", "l7"]);
    for e in [
        id("m8", &[]),
        id("m8", &["n9"]),
        id("m8", &["l7"]),
        id("m8", &["l7", "n9"]),
        // n8 (slide of 6) is next to n9 only; l8 (slide of 4) next to l7 only
        id("n8", &["n9"]),
        id("l8", &["l7"]),
    ] {
        assert!(m.contains(&e), "missing {e:?}");
    }
    assert!(!m.contains(&id("n8", &["l7", "n9"])), "l7 is not next to n8");
    assert!(!m.contains(&id("l8", &["l7", "n9"])), "n9 is not next to l8");
    assert!(!m.contains(&id("o8", &["l7"])));
    assert_captures_near_destination(&m);
    assert_eq!(m, fire_demon_model("16x16", "h8", &[], &["n9", "l7"]));
}

// Suzumu (000): burning after a capture on arrival: the slide right captures l8 (4 away,
// outside the area box) and then burns up to two of the enemies next to l8 (m9, k7). Nothing
// lies beyond a captured piece: m8 and farther are unreachable.
#[test]
fn fire_demon_burns_after_capturing_on_arrival() {
    let m = moves(FIRE_DEMON, "16x16", "h8", &[], &["l8", "m9", "k7"]);
    for e in [id("l8", &["l8"]), id("l8", &["l8", "m9"]), id("l8", &["k7", "l8"]), id("l8", &["k7", "l8", "m9"])] {
        assert!(m.contains(&e), "missing {e:?}");
    }
    for (to, _) in &m {
        assert!(!["m8", "n8", "o8", "p8"].contains(&to.as_str()), "moved past the capture on l8 to {to}");
    }
    assert_captures_near_destination(&m);
    assert_eq!(m, fire_demon_model("16x16", "h8", &[], &["l8", "m9", "k7"]));
}

// Suzumu (000): area move "stopping at the first capture"; "Or it can simply capture up to two
// adjacent opponents without moving". Enemies on h9 (straight ahead, where the Fire Demon does
// not slide) and j10 (on its fr diagonal).
#[test]
fn fire_demon_stops_at_the_first_capture() {
    let m = moves(FIRE_DEMON, "16x16", "h8", &[], &["h9", "j10"]);
    // capturing h9 by an area step, or j10 by the slide / area move
    assert!(m.contains(&id("h9", &["h9"])));
    assert!(m.contains(&id("j10", &["j10"])));
    // igui and double igui of h9 (j10 is not adjacent)
    assert!(m.contains(&id("h8", &["h9"])));
    assert!(!m.contains(&id("h8", &["h9", "j10"])));
    // area move to h10 (via g9) then burn h9: legal
    assert!(m.contains(&id("h10", &["h9"])));
    // no moving on after a capture: h11 and i11 are not next to h9
    assert!(!m.contains(&id("h11", &["h9"])));
    assert!(!m.contains(&id("i11", &["h9"])));
    // k11 lies only behind j10 (three diagonal steps or the fr slide): unreachable
    for (to, _) in &m {
        assert!(!["k11", "l12", "m13"].contains(&to.as_str()), "went past j10 to {to}");
    }
    assert!(m.contains(&pass("h8")));
    assert_captures_near_destination(&m);
    assert_eq!(m, fire_demon_model("16x16", "h8", &[], &["h9", "j10"]));
}

// Suzumu (000): "it can simply capture up to two adjacent opponents without moving (double
// igui)". Three adjacent enemies: three single and three double igui, never three at once; the
// pass stays because other neighbours are empty.
#[test]
fn fire_demon_double_igui() {
    let m = moves(FIRE_DEMON, "16x16", "h8", &["h9"], &["g9", "i9", "h7"]);
    let igui: Set = m.iter().filter(|(to, _)| to == "h8").cloned().collect();
    let expected = ids(&[
        ("h8", &[]),
        ("h8", &["g9"]),
        ("h8", &["i9"]),
        ("h8", &["h7"]),
        ("h8", &["g9", "i9"]),
        ("h8", &["g9", "h7"]),
        ("h8", &["h7", "i9"]),
    ]);
    assert_eq!(igui, expected);
    assert!(!m.iter().any(|(to, c)| to == "h8" && c.len() == 3));
    assert!(!m.iter().any(|(to, _)| to == "h9"), "h9 holds a friend");
}

// Suzumu (000): all eight neighbours are enemies. No pass ("including returning to the starting
// square to skip a turn" needs an empty step); every move captures a neighbour on arrival (area
// or slide), optionally burning up to two enemies next to it, or is an igui.
// Counted by hand: orthogonal neighbour X (4 of them): X itself + 4 neighbours of X in the ring
// -> 1 + 4 + 6 = 11 moves each; diagonal neighbour (4): 2 ring neighbours -> 1 + 2 + 1 = 4
// each; igui 8 + 28 pairs. 44 + 16 + 36 = 96.
#[test]
fn fire_demon_surrounded_by_enemies() {
    let ring = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    let m = moves(FIRE_DEMON, "16x16", "h8", &[], &ring);
    assert_eq!(m.len(), 96);
    assert!(!m.contains(&pass("h8")));
    assert!(m.contains(&id("h9", &["g8", "h9", "i9"])));
    assert!(m.contains(&id("h9", &["g9", "h9", "i9"])));
    assert!(m.contains(&id("g9", &["g8", "g9", "h9"])));
    assert!(!m.contains(&id("h9", &["h7", "h9"])), "h7 is not next to h9");
    assert!(!m.contains(&id("g9", &["g9", "i9"])), "i9 is not next to g9");
    assert!(m.contains(&id("h8", &["g7", "i9"])));
    assert!(m.iter().all(|(to, c)| !c.is_empty() && cheb(xy(to), xy("h8")) <= 1));
    assert_eq!(m, fire_demon_model("16x16", "h8", &[], &ring));
}

// A busy position checked against the prose model (slides, area move, burns, igui), with
// friends blocking slides and area paths.
#[test]
fn fire_demon_busy_position_matches_prose_model() {
    let friends = ["g8", "j10", "h10", "f6"];
    let enemies = ["i8", "g9", "l12", "c13", "k7", "h12", "m8", "b8", "l5"];
    let m = moves(FIRE_DEMON, "16x16", "h8", &friends, &enemies);
    assert_captures_near_destination(&m);
    // hand checks: right slide captures i8 at once; left is blocked by the friend on g8
    assert!(m.contains(&id("i8", &["i8"])));
    assert!(!m.iter().any(|(to, c)| to == "b8" || c.contains(&"b8".to_string())), "b8 lies behind g8");
    // j8 and f8 stay reachable by the area move (via i9 / g7)
    assert!(m.contains(&id("j8", &[])) && m.contains(&id("f8", &[])));
    // fl slide: g9 enemy stops it; c13 far away is never captured
    assert!(!m.iter().any(|(_, c)| c.contains(&"c13".to_string())));
    assert!(!m.iter().any(|(_, c)| c.contains(&"l12".to_string())), "l12 lies behind the friend on j10");
    assert_eq!(m, fire_demon_model("16x16", "h8", &friends, &enemies));
}

// ---------------------------------------------------------------------------------------------
// Readings (readings.rs), each with a witness position
// ---------------------------------------------------------------------------------------------

// y-scope. Prose (000): burn "up to two non-Fire Demon opponents adjacent to that square".
// Enemy on h14, far from every square the Fire Demon on h8 can reach. whole-leg (default): no
// move takes h14. own-alternative: slide to b8 ending `m` (range stays Q), capture down the fr
// diagonal c9-g13 on h14, slide back to b8 (or to g13 or a7).
#[test]
fn reading_y_scope_whole_leg_vs_own_alternative() {
    let default = moves(FIRE_DEMON, "16x16", "h8", &[], &["h14"]);
    let explicit = moves_with(FIRE_DEMON, "16x16", "h8", &[], &["h14"], &DEFAULT_READINGS);
    assert_eq!(default, explicit, "the defaults are half-plane, whole-leg, rest-of-move");
    assert!(!default.iter().any(|(_, c)| c.contains(&"h14".to_string())));
    assert_eq!(default.len(), 75);

    let own = moves_with(FIRE_DEMON, "16x16", "h8", &[], &["h14"], &["y-scope=own-alternative"]);
    assert!(own.contains(&id("b8", &["h14"])));
    assert!(own.contains(&id("g13", &["h14"])));
    assert!(own.contains(&id("a7", &["h14"])));
    assert!(default.is_subset(&own));
}

// toggle-span. Enemy on k8. rest-of-move (default): slide to j8, burn k8, step back to j8 only.
// next-leg: the step back is a Q slide again, so it runs on past j8 over the vacated start:
// (i8, h8, g8 ... a8) with k8 captured.
#[test]
fn reading_toggle_span_rest_of_move_vs_next_leg() {
    let default = moves(FIRE_DEMON, "16x16", "h8", &[], &["k8"]);
    assert_eq!(default, moves_with(FIRE_DEMON, "16x16", "h8", &[], &["k8"], &DEFAULT_READINGS));
    assert!(default.contains(&id("j8", &["k8"])));
    for to in ["i8", "h8", "g8", "a8"] {
        assert!(!default.contains(&id(to, &["k8"])), "{to} is not next to k8");
    }
    assert_captures_near_destination(&default);
    assert_eq!(default, fire_demon_model("16x16", "h8", &[], &["k8"]));

    let next = moves_with(FIRE_DEMON, "16x16", "h8", &[], &["k8"], &["toggle-span=next-leg"]);
    for to in ["j8", "i8", "h8", "g8", "a8"] {
        assert!(next.contains(&id(to, &["k8"])), "next-leg: missing ({to}, [k8])");
    }
}

// h-modifier. Prose: the Heavenly Tetrarch "can slide arbitrarily far in all other directions",
// the Fire Demon "can slide sideways or diagonally": only half-plane gives the diagonals.
#[test]
fn reading_h_modifier_ignored_loses_diagonal_slides() {
    // Fire Demon: 75 with half-plane; ignored drops the 17 diagonal squares outside the box.
    let fd = moves(FIRE_DEMON, "16x16", "h8", &[], &[]);
    let fd_ignored = moves_with(FIRE_DEMON, "16x16", "h8", &[], &[], &["h-modifier=ignored"]);
    assert_eq!(fd.len(), 75);
    assert_eq!(fd_ignored.len(), 58);
    assert!(fd.contains(&id("d12", &[])) && !fd_ignored.contains(&id("d12", &[])));
    assert!(fd.contains(&id("p16", &[])) && !fd_ignored.contains(&id("p16", &[])));
    assert!(fd_ignored.contains(&id("a8", &[])) && fd_ignored.contains(&id("p8", &[])));

    // Heavenly Tetrarch: 42 with half-plane; ignored = vertical (7 + 6) and sideways (4) = 17.
    let ht = moves(HEAVENLY_TETRARCH, "16x16", "h8", &[], &[]);
    let ht_ignored = moves_with(HEAVENLY_TETRARCH, "16x16", "h8", &[], &[], &["h-modifier=ignored"]);
    assert_eq!(ht, moves_with(HEAVENLY_TETRARCH, "16x16", "h8", &[], &[], &DEFAULT_READINGS));
    assert_eq!(ht.len(), 42);
    assert_eq!(ht_ignored.len(), 17);
    assert!(ht.contains(&id("j10", &[])) && !ht_ignored.contains(&id("j10", &[])));
    assert!(ht_ignored.contains(&id("h16", &[])) && ht_ignored.contains(&id("k8", &[])));
}

// ---------------------------------------------------------------------------------------------
// Heavenly Tetrarch (Suzumu 000, Mitsugumi 001)
// ---------------------------------------------------------------------------------------------

// Suzumu (000): "a sliding piece that skips the first square in any direction, totally
// ignoring (and not affecting) what is on it. It can end maximally 3 squares away from its
// starting square sideways, but can slide arbitrarily far in all other directions."
// Empty 16x16, h8: forward h10-h16 (7), back h6-h1 (6), sideways f8 e8 j8 k8 (4), fl f10-a15 (6),
// fr j10-p16 (7), bl f6-a1 (6), br j6-o1 (6) = 42; no pass.
#[test]
fn heavenly_tetrarch_empty_board() {
    let m = moves(HEAVENLY_TETRARCH, "16x16", "h8", &[], &[]);
    let s = xy("h8");
    let mut expected = Set::new();
    for d in [FWD, BACK, FL, FR, BL, BR] {
        for k in 2..16 {
            let x = add(s, d, k);
            if x.0 >= 0 && x.1 >= 0 && x.0 < 16 && x.1 < 16 {
                expected.insert(mv(x, &[]));
            }
        }
    }
    for d in [LEFT, RIGHT] {
        for k in 2..=3 {
            expected.insert(mv(add(s, d, k), &[]));
        }
    }
    assert_eq!(expected.len(), 42);
    assert_eq!(m, expected);
    assert!(!m.contains(&pass("h8")), "the Tetrarch cannot pass");
    assert!(!m.contains(&id("g8", &[])) && !m.contains(&id("d8", &[])));
}

// Suzumu (000): "Like any slider it must stop after a capture, or before hitting a friendly
// piece. Alternatively the Heavenly Tetrarch can annihilate up to two opponents next to it,
// without moving (double igui)."
// Position (h8): friends h9 (skipped), k8, c13; enemies g8 (skipped sideways, igui target),
// i7 (skipped br, igui target), h12, j10, f6.
//   f: h10 h11 h12x; b: h6-h1; left (skip g8): f8 e8; right: j8 (k8 friend);
//   fl: f10 e11 d12 (c13 friend); fr: j10x; bl: f6x; br (skip i7): j6 k5 l4 m3 n2 o1;
//   igui: g8, i7, and both.
#[test]
fn heavenly_tetrarch_full_set_with_blockers() {
    let m = moves(HEAVENLY_TETRARCH, "16x16", "h8", &["h9", "k8", "c13"], &["g8", "i7", "h12", "j10", "f6"]);
    let expected = ids(&[
        ("h10", &[]),
        ("h11", &[]),
        ("h12", &["h12"]),
        ("h6", &[]),
        ("h5", &[]),
        ("h4", &[]),
        ("h3", &[]),
        ("h2", &[]),
        ("h1", &[]),
        ("f8", &[]),
        ("e8", &[]),
        ("j8", &[]),
        ("f10", &[]),
        ("e11", &[]),
        ("d12", &[]),
        ("j10", &["j10"]),
        ("f6", &["f6"]),
        ("j6", &[]),
        ("k5", &[]),
        ("l4", &[]),
        ("m3", &[]),
        ("n2", &[]),
        ("o1", &[]),
        ("h8", &["g8"]),
        ("h8", &["i7"]),
        ("h8", &["g8", "i7"]),
    ]);
    assert_eq!(m, expected);
}

// Skipped squares are "totally ignored (and not affected)": an enemy on the first square is
// neither captured by the slide nor blocks it; only igui takes it.
#[test]
fn heavenly_tetrarch_skipped_square_is_not_affected() {
    let m = moves(HEAVENLY_TETRARCH, "16x16", "h8", &[], &["h9", "g8", "i9"]);
    assert!(m.contains(&id("h10", &[])));
    assert!(m.contains(&id("h16", &[])));
    assert!(m.contains(&id("f8", &[])) && m.contains(&id("e8", &[])));
    assert!(m.contains(&id("j10", &[])));
    assert!(!m.contains(&id("h9", &["h9"])), "the first square is skipped, not captured");
    assert!(!m.contains(&id("h10", &["h9"])));
    assert!(!m.contains(&id("d8", &[])), "sideways at most 3");
    for (to, c) in &m {
        for sq in ["h9", "g8", "i9"] {
            if c.contains(&sq.to_string()) {
                assert_eq!(to, "h8", "{sq} can only be taken by igui");
            }
        }
    }
    // igui: 3 single + 3 double, no triple, no pass
    let igui: Set = m.iter().filter(|(to, _)| to == "h8").cloned().collect();
    assert_eq!(
        igui,
        ids(&[
            ("h8", &["g8"]),
            ("h8", &["h9"]),
            ("h8", &["i9"]),
            ("h8", &["g8", "h9"]),
            ("h8", &["g8", "i9"]),
            ("h8", &["h9", "i9"]),
        ])
    );
}

// Sideways: "end maximally 3 squares away ... sideways": friend on f8 stops the left slide
// entirely (the skipped g8 cannot be a destination), an enemy on k8 is taken at distance 3.
// Second square forward holds an enemy: captured, nothing beyond.
#[test]
fn heavenly_tetrarch_sideways_and_second_square() {
    let m = moves(HEAVENLY_TETRARCH, "16x16", "h8", &["f8"], &["k8", "h10"]);
    assert!(!m.iter().any(|(to, _)| ["g8", "f8", "e8", "d8"].contains(&to.as_str())));
    assert!(m.contains(&id("j8", &[])));
    assert!(m.contains(&id("k8", &["k8"])));
    assert!(!m.iter().any(|(to, _)| to == "l8"));
    assert!(m.contains(&id("h10", &["h10"])));
    assert!(!m.iter().any(|(to, _)| ["h9", "h11", "h12"].contains(&to.as_str())));
    assert!(!m.contains(&pass("h8")));
    assert!(!m.iter().any(|(to, _)| to == "h8"), "no adjacent enemy: no igui, and no pass");
}

// ---------------------------------------------------------------------------------------------
// Jumping generals (Suzumu 000 with jump-captures, Mitsugumi 001 without)
// ---------------------------------------------------------------------------------------------

// Suzumu (000): "when capturing, all these Generals can jump over up to two other pieces, and
// each enemy piece they jump over may be either captured or ignored." (Rank limits are spec
// level.) Bishop General on h8:
//   fr: i9 . | j10 friend | k11 . | l12 enemy | m13 . | n14 enemy | o15 . | p16 enemy
//     -> i9; jump j10 to take l12; jump j10, l12 to take n14 (l12 too, or not); p16 is a third.
//   fl: g9 . | f10 enemy | e11 . | d12 friend | c13 . | b14 enemy | a15 .
//     -> g9; f10x; (d12 friend: no capture); jump f10, d12 to take b14 (f10 too, or not).
//   bl, br empty: 7 + 7.
#[test]
fn suzumu_bishop_general_full_set() {
    let m = moves(SZ_BISHOP_GENERAL, "16x16", "h8", &["j10", "d12"], &["l12", "n14", "p16", "f10", "b14"]);
    let mut expected = ids(&[
        ("i9", &[]),
        ("l12", &["l12"]),
        ("n14", &["n14"]),
        ("n14", &["l12", "n14"]),
        ("g9", &[]),
        ("f10", &["f10"]),
        ("b14", &["b14"]),
        ("b14", &["b14", "f10"]),
    ]);
    for sq in ["g7", "f6", "e5", "d4", "c3", "b2", "a1", "i7", "j6", "k5", "l4", "m3", "n2", "o1"] {
        expected.insert(id(sq, &[]));
    }
    assert_eq!(expected.len(), 22);
    assert_eq!(m, expected);
    // no capture-less landing beyond a jumped piece
    for sq in ["k11", "m13", "o15", "e11", "c13", "a15"] {
        assert!(!m.iter().any(|(to, _)| to == sq), "{sq}");
    }
}

// Mitsugumi (001): "move as Bishop, Rook, Bishop, and Queen, respectively, except they can
// optionally jump up to two pieces along the line of attack when taking." The string
// B(paf)2cB never captures the jumped pieces. Same position: 20 moves.
#[test]
fn mitsugumi_bishop_general_full_set() {
    // On Mitsugumi's 13x13: fr: i9 | j10 F | k11 | l12 E | m13 -> i9, jump j10 to take l12.
    // fl: g9 | f10 E | e11 | d12 F | c13 -> g9, f10x (d12 friend, c13 empty: nothing to take).
    // bl: g7 f6 e5 d4 c3 b2 a1 (7); br: i7 j6 k5 l4 m3 (5). 16 moves.
    let m = moves(MG_BISHOP_GENERAL, "13x13", "h8", &["j10", "d12"], &["l12", "f10"]);
    let mut expected = ids(&[("i9", &[]), ("l12", &["l12"]), ("g9", &[]), ("f10", &["f10"])]);
    for sq in ["g7", "f6", "e5", "d4", "c3", "b2", "a1", "i7", "j6", "k5", "l4", "m3"] {
        expected.insert(id(sq, &[]));
    }
    assert_eq!(expected.len(), 16);
    assert_eq!(m, expected);

    // The Suzumu position on 16x16 with the Mitsugumi string: jumped pieces stay.
    let m16 = moves(MG_BISHOP_GENERAL, "16x16", "h8", &["j10", "d12"], &["l12", "n14", "p16", "f10", "b14"]);
    let mut expected16 =
        ids(&[("i9", &[]), ("l12", &["l12"]), ("n14", &["n14"]), ("g9", &[]), ("f10", &["f10"]), ("b14", &["b14"])]);
    for sq in ["g7", "f6", "e5", "d4", "c3", "b2", "a1", "i7", "j6", "k5", "l4", "m3", "n2", "o1"] {
        expected16.insert(id(sq, &[]));
    }
    assert_eq!(m16, expected16);
}

// Rook General (000): up the file four enemies h9-h12: take h9; jump h9 to take h10 (h9 too or
// not); jump h9, h10 to take h11 (any of h9, h10 too): 1 + 2 + 4 = 7; h12 would be a third jump.
// Left: g8 f8 . | e8 friend | d8 . | c8 enemy | b8 friend | a8 enemy -> g8, f8, jump e8 to take
// c8; jumping e8 and c8 meets a friend on b8; a8 is behind three pieces. Right i8-p8 (8), down
// h7-h1 (7). Total 7 + 3 + 15 = 25. Mitsugumi R(paf)2cR: 3 + 3 + 15 = 21.
#[test]
fn rook_generals_full_sets() {
    let friends = ["e8", "b8"];
    let enemies = ["h9", "h10", "h11", "h12", "c8", "a8"];
    let mut plain = Set::new();
    for sq in ["g8", "f8", "i8", "j8", "k8", "l8", "m8", "n8", "o8", "p8", "h7", "h6", "h5", "h4", "h3", "h2", "h1"] {
        plain.insert(id(sq, &[]));
    }
    let mut sz = plain.clone();
    sz.extend(ids(&[
        ("h9", &["h9"]),
        ("h10", &["h10"]),
        ("h10", &["h9", "h10"]),
        ("h11", &["h11"]),
        ("h11", &["h9", "h11"]),
        ("h11", &["h10", "h11"]),
        ("h11", &["h9", "h10", "h11"]),
        ("c8", &["c8"]),
    ]));
    assert_eq!(sz.len(), 25);
    assert_eq!(moves(SZ_ROOK_GENERAL, "16x16", "h8", &friends, &enemies), sz);

    let mut mg = plain;
    mg.extend(ids(&[("h9", &["h9"]), ("h10", &["h10"]), ("h11", &["h11"]), ("c8", &["c8"])]));
    assert_eq!(mg.len(), 21);
    assert_eq!(moves(MG_ROOK_GENERAL, "16x16", "h8", &friends, &enemies), mg);
}

// Great General (000 / 001 promoted): Queen lines. fr: i9 enemy | j10 friend | k11 enemy ->
// take i9; jump i9 (and j10) to take k11, with or without i9. Up: h9 . | h10 enemy -> h9, h10x,
// nothing behind to jump to. Six empty lines: 7 + 8 + 7 + 7 + 7 + 7 = 43. Suzumu 48, Mitsugumi 47.
#[test]
fn great_generals_full_sets() {
    let friends = ["j10"];
    let enemies = ["i9", "k11", "h10"];
    let b = Board::new("16x16", &friends, &enemies);
    let s = xy("h8");
    let mut plain = Set::new();
    for d in [LEFT, RIGHT, BACK, FL, BL, BR] {
        plain.extend(set_of(&slide(&b, s, d, 0, false)));
    }
    assert_eq!(plain.len(), 43);
    let mut sz = plain.clone();
    sz.extend(ids(&[("i9", &["i9"]), ("k11", &["k11"]), ("k11", &["i9", "k11"]), ("h9", &[]), ("h10", &["h10"])]));
    assert_eq!(moves(SZ_GREAT_GENERAL, "16x16", "h8", &friends, &enemies), sz);
    let mut mg = plain;
    mg.extend(ids(&[("i9", &["i9"]), ("k11", &["k11"]), ("h9", &[]), ("h10", &["h10"])]));
    assert_eq!(moves(MG_GREAT_GENERAL, "16x16", "h8", &friends, &enemies), mg);
    // both: nothing lands between jumped pieces, nothing beyond the third piece
    for m in [
        moves(SZ_GREAT_GENERAL, "16x16", "h8", &friends, &enemies),
        moves(MG_GREAT_GENERAL, "16x16", "h8", &friends, &enemies),
    ] {
        assert!(!m.iter().any(|(to, _)| ["j10", "l12", "m13", "h11", "h12"].contains(&to.as_str())));
    }
}

// Jumping three pieces is not allowed ("up to two"), in any direction; a jump only happens
// "when capturing": no landing on an empty square behind a piece.
#[test]
fn jumping_generals_never_jump_three_and_never_land_empty_behind() {
    // Rook General up the file: friend h9, enemies h11, h14, h16. Jump h9 to take h11; jump
    // h9, h11 to take h14; h16 is behind a third piece. h10, h12, h13, h15 are never landed on.
    for (betza, take) in [(SZ_ROOK_GENERAL, true), (MG_ROOK_GENERAL, false)] {
        let m = moves(betza, "16x16", "h8", &["h9"], &["h11", "h14", "h16"]);
        let up: Set = m.iter().filter(|(to, _)| xy(to).0 == xy("h8").0 && xy(to).1 > 7).cloned().collect();
        let expected = if take {
            ids(&[("h11", &["h11"]), ("h14", &["h14"]), ("h14", &["h11", "h14"])])
        } else {
            ids(&[("h11", &["h11"]), ("h14", &["h14"])])
        };
        assert_eq!(up, expected, "{betza}");
    }
    // Three enemies then a fourth: the fourth is out of reach.
    let m = moves(SZ_BISHOP_GENERAL, "16x16", "h8", &[], &["i9", "j10", "k11", "l12"]);
    assert!(!m.iter().any(|(to, _)| to == "l12"));
    assert!(m.contains(&id("k11", &["i9", "j10", "k11"])));
}

// Vice General (000): "The Vice General can also make an 'area move' - up to 3 King steps in
// independently chosen directions, stopping at the first capture, including returning to the
// starting square to skip a turn." Empty 16x16 at h8: the 7x7 box (48 + pass) + 17 diagonal
// squares outside it = 66, for both spellings.
#[test]
fn vice_general_empty_board() {
    let s = xy("h8");
    let mut expected = Set::new();
    for f in 0..16 {
        for r in 0..16 {
            let p = (f, r);
            let on_diag = (p.0 - s.0).abs() == (p.1 - s.1).abs() && p != s;
            if cheb(s, p) <= 3 || on_diag {
                expected.insert(mv(p, &[]));
            }
        }
    }
    assert_eq!(expected.len(), 66);
    assert_eq!(moves(SZ_VICE_GENERAL, "16x16", "h8", &[], &[]), expected);
    assert_eq!(moves(MG_VICE_GENERAL, "16x16", "h8", &[], &[]), expected);
}

// Vice General, "stopping at the first capture": one enemy on h9. Still 66 identities (h9 is
// now a capture); no igui (the area move stops at the capture, abK is a pass only), no move
// that takes h9 and goes on.
#[test]
fn vice_general_area_move_stops_at_first_capture() {
    for betza in [SZ_VICE_GENERAL, MG_VICE_GENERAL] {
        let m = moves(betza, "16x16", "h8", &[], &["h9"]);
        assert_eq!(m.len(), 66, "{betza}");
        assert!(m.contains(&id("h9", &["h9"])));
        assert!(m.contains(&pass("h8")));
        assert!(!m.contains(&id("h8", &["h9"])), "no igui");
        assert!(m.contains(&id("h10", &[])) && m.contains(&id("h11", &[])));
        for (to, c) in &m {
            if !c.is_empty() {
                assert_eq!((to.as_str(), c.as_slice()), ("h9", &["h9".to_string()][..]));
            }
        }
        assert_eq!(m, vice_general_model("16x16", "h8", &[], &["h9"], betza == SZ_VICE_GENERAL));
    }
}

// Vice General surrounded by enemies, with one more enemy on k11 behind i9 (fr diagonal).
// No empty neighbour: no pass, no area move beyond the neighbours; 8 captures of neighbours;
// the Bishop part jumps i9 (and j10 is empty) to take k11: Suzumu with or without i9 (10),
// Mitsugumi without (9).
#[test]
fn vice_general_surrounded() {
    let enemies = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9", "k11"];
    let mut base = Set::new();
    for sq in ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"] {
        base.insert(id(sq, &[sq]));
    }
    let mut sz = base.clone();
    sz.insert(id("k11", &["k11"]));
    sz.insert(id("k11", &["i9", "k11"]));
    assert_eq!(moves(SZ_VICE_GENERAL, "16x16", "h8", &[], &enemies), sz);
    let mut mg = base;
    mg.insert(id("k11", &["k11"]));
    assert_eq!(moves(MG_VICE_GENERAL, "16x16", "h8", &[], &enemies), mg);
}

// Vice General in a busy position, against the prose model (jumping Bishop + area move).
#[test]
fn vice_general_busy_position_matches_prose_model() {
    let friends = ["h9", "g7", "j8", "k11"];
    let enemies = ["i9", "i8", "f10", "d12", "c13", "m4", "j6", "h6", "e8"];
    for (betza, take) in [(SZ_VICE_GENERAL, true), (MG_VICE_GENERAL, false)] {
        let m = moves(betza, "16x16", "h8", &friends, &enemies);
        assert_eq!(m, vice_general_model("16x16", "h8", &friends, &enemies, take), "{betza}");
        // hand checks: fr i9 enemy, j10 empty, k11 friend, l12.. empty: nothing to take behind
        assert!(m.contains(&id("i9", &["i9"])));
        assert!(!m.iter().any(|(to, _)| to == "l12"));
        // fl: g9 empty, f10 enemy, e11 empty, d12 enemy, c13 enemy: jump f10 (+ d12) to take c13
        assert!(m.contains(&id("d12", &["d12"])));
        assert!(m.contains(&id("c13", &["c13"])));
        assert_eq!(m.contains(&id("c13", &["c13", "d12", "f10"])), take);
        assert!(m.contains(&pass("h8")));
    }
}

// ---------------------------------------------------------------------------------------------
// Hook Mover and Tengu (Hook 002)
// ---------------------------------------------------------------------------------------------

// Hook (002): "The Hook Mover can slide orthogonally, then (optionally) make a 90-degree turn and
// continue in a perpendicular direction. It must stop when it captures, and the (bent) path it
// travels along must be empty up to that point. It can only change direction once per move."
// j10 on 19x19; friends j13 (up line), g10 (left line), h14 (file h); enemies m10 (right line),
// j8 (down line), l12 (rank 12).
#[test]
fn hook_mover_blockers() {
    let friends = ["j13", "g10", "h14"];
    let enemies = ["m10", "j8", "l12"];
    let m = moves(HOOK_MOVER, "19x19", "j10", &friends, &enemies);
    // first leg up stops before j13: corners j11, j12 only; j14 is unreachable
    assert!(m.contains(&id("j11", &[])) && m.contains(&id("j12", &[])));
    assert!(!m.iter().any(|(to, _)| to == "j13" || to == "j14"));
    // right: capture m10, nothing beyond on rank 10
    assert!(m.contains(&id("m10", &["m10"])));
    assert!(!m.iter().any(|(to, _)| to == "n10"));
    // m13: corner j13 holds a friend, corner m10 an enemy (the first leg cannot end there)
    assert!(!m.iter().any(|(to, _)| to == "m13"));
    // m11 via corner j11
    assert!(m.contains(&id("m11", &[])));
    // second leg stops at the capture on l12: m12 and n12 unreachable (n10 corner is behind m10)
    assert!(m.contains(&id("l12", &["l12"])));
    assert!(m.contains(&id("k12", &[])));
    assert!(!m.iter().any(|(to, _)| to == "m12" || to == "n12"));
    // down: j9 then capture j8; e5 needs corner j5 (behind j8) or e10 (behind g10)
    assert!(m.contains(&id("j9", &[])) && m.contains(&id("j8", &["j8"])));
    assert!(!m.iter().any(|(to, _)| to == "j7" || to == "e5"));
    assert!(m.contains(&id("h5", &[])), "corner h10, then down h9-h5");
    // second leg blocked by a friend: from corner h10 up to h13, not h14 / h15
    assert!(m.contains(&id("h13", &[])));
    assert!(!m.iter().any(|(to, _)| to == "h14" || to == "h15"));
    // it must stop when it captures: no turn after a capture, never two captures
    for (to, c) in &m {
        assert!(c.is_empty() || c == &vec![to.clone()], "({to}, {c:?})");
    }
    assert!(!m.contains(&id("k8", &["j8"])));
    let b = Board::new("19x19", &friends, &enemies);
    assert_eq!(m, hook_model(&b, xy("j10"), &ORTHOGONAL));
}

// Hook Mover on an empty board: every square except its own. Its own square is not a move.
#[test]
fn hook_mover_empty_board_reaches_every_square() {
    let m = moves(HOOK_MOVER, "19x19", "j10", &[], &[]);
    assert_eq!(m.len(), 360);
    assert!(!m.contains(&pass("j10")));
    assert!(m.contains(&id("a1", &[])) && m.contains(&id("s19", &[])));
}

// Hook (002): "The Tengu can step 1 square orthogonally or slide diagonally, then (optionally)
// make a 90-degree turn and continue in a perpendicular direction. It must stop when it
// captures, and the (bent) path it travels along must be empty up to that point. It can only
// change direction once per move, and only when moving diagonally."
// j10 on 19x19; enemies l12 (fr line), k9 (br line), i13 (on the k11 corner's turn line);
// friend g13 (fl line).
#[test]
fn tengu_blockers() {
    let friends = ["g13"];
    let enemies = ["l12", "k9", "i13"];
    let m = moves(TENGU, "19x19", "j10", &friends, &enemies);
    // orthogonal steps
    for sq in ["j11", "j9", "i10", "k10"] {
        assert!(m.contains(&id(sq, &[])), "{sq}");
    }
    // only diagonal turns: squares of the other colour beyond one step are unreachable
    let s = xy("j10");
    for (to, _) in &m {
        let t = xy(to);
        let parity = ((t.0 + t.1) - (s.0 + s.1)).rem_euclid(2);
        assert!(parity == 0 || cheb(s, t) == 1 && (t.0 == s.0 || t.1 == s.1), "{to}: an orthogonal turn");
    }
    assert!(!m.iter().any(|(to, _)| ["j13", "k12", "h11", "j7"].contains(&to.as_str())));
    // same-colour squares are reached by a diagonal turn: j8 and h10 via the corner i9
    assert!(m.contains(&id("j8", &[])) && m.contains(&id("h10", &[])));
    // fr: k11 then capture l12, nothing beyond on the diagonal
    assert!(m.contains(&id("k11", &[])) && m.contains(&id("l12", &["l12"])));
    assert!(!m.iter().any(|(to, _)| to == "m13"));
    // n10: corners l12 (enemy) and l8 (behind the enemy on k9): unreachable
    assert!(!m.iter().any(|(to, _)| to == "n10"));
    // l10 via corner k11; j12 via corner k11 (or i11)
    assert!(m.contains(&id("l10", &[])) && m.contains(&id("m9", &[])));
    assert!(m.contains(&id("j12", &[])));
    // corner k11, turning fl: j12, then capture i13; h14 is also behind the friend on g13
    assert!(m.contains(&id("i13", &["i13"])));
    assert!(!m.iter().any(|(to, _)| to == "h14" || to == "g13"));
    // fl: i11 h12 then the friend on g13
    assert!(m.contains(&id("h12", &[])) && !m.iter().any(|(to, _)| to == "f14"));
    // br: capture k9 at once; no turning on it
    assert!(m.contains(&id("k9", &["k9"])));
    assert!(!m.contains(&id("l8", &["k9"])) && !m.contains(&id("j8", &["k9"])));
    for (to, c) in &m {
        assert!(c.is_empty() || c == &vec![to.clone()], "({to}, {c:?})");
    }
    // the full set against the prose model: W steps plus diagonal slide-and-turn
    let b = Board::new("19x19", &friends, &enemies);
    let mut expected = hook_model(&b, s, &DIAGONAL);
    for d in ORTHOGONAL {
        expected.extend(set_of(&slide(&b, s, d, 1, false)));
    }
    assert_eq!(m, expected);
}

// ---------------------------------------------------------------------------------------------
// Emperor, Lance, Knight
// ---------------------------------------------------------------------------------------------

// Hook (002): "The Emperor can jump to any square on the board." (XBETZA.md: U = any square of
// the board but its own.) Friends j11, a1; enemies s19, j9 (captured); 361 - 1 - 2 = 358.
#[test]
fn emperor_any_square_but_its_own() {
    let m = moves(EMPEROR, "19x19", "j10", &["j11", "a1"], &["s19", "j9"]);
    let b = Board::new("19x19", &["j11", "a1"], &["s19", "j9"]);
    let mut expected = Set::new();
    for p in b.all() {
        if p == xy("j10") || b.friends.contains(&p) {
            continue;
        }
        expected.insert(if b.enemy(p) { mv(p, &[p]) } else { mv(p, &[]) });
    }
    assert_eq!(expected.len(), 358);
    assert_eq!(m, expected);
    assert!(!m.contains(&pass("j10")));
}

// Suzumu (000): "The Lance, in addition to sliding directly forward, can slide up to two squares
// directly backward." Hook (002): "The Lance slides forward or up to 2 squares directly backward."
#[test]
fn lance() {
    assert_eq!(
        moves(LANCE, "16x16", "h8", &[], &[]),
        ids(&[
            ("h9", &[]),
            ("h10", &[]),
            ("h11", &[]),
            ("h12", &[]),
            ("h13", &[]),
            ("h14", &[]),
            ("h15", &[]),
            ("h16", &[]),
            ("h7", &[]),
            ("h6", &[]),
        ])
    );
    // enemy on h12 stops the forward slide; friend on h6 limits the back slide to h7
    assert_eq!(
        moves(LANCE, "16x16", "h8", &["h6"], &["h12"]),
        ids(&[("h9", &[]), ("h10", &[]), ("h11", &[]), ("h12", &["h12"]), ("h7", &[])])
    );
    // the back move slides: an enemy on h7 is taken and h6 is out of reach; a friend on h7
    // removes the back move entirely
    let m = moves(LANCE, "19x19", "j10", &[], &["j9", "j11"]);
    assert_eq!(m, ids(&[("j11", &["j11"]), ("j9", &["j9"])]));
    let m = moves(LANCE, "19x19", "j10", &["j9"], &[]);
    assert!(!m.iter().any(|(to, _)| to == "j8" || to == "j9"));
    assert_eq!(m.len(), 9);
    // near the first rank: only one square back
    assert_eq!(moves(LANCE, "16x16", "h2", &["h5"], &[]), ids(&[("h3", &[]), ("h4", &[]), ("h1", &[])]));
}

// Suzumu (000): "The Knight makes a (1,2) leap in any direction (rather than just the two
// forward-most directions)." Hook (002): "it jumps to the nearest square that a Queen cannot."
#[test]
fn knight() {
    let all8 = ids(&[
        ("f7", &[]),
        ("f9", &[]),
        ("g6", &[]),
        ("g10", &[]),
        ("i6", &[]),
        ("i10", &[]),
        ("j7", &[]),
        ("j9", &[]),
    ]);
    assert_eq!(moves(KNIGHT, "16x16", "h8", &[], &[]), all8);
    // it leaps: a full ring of friends around it changes nothing
    let ring = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    assert_eq!(moves(KNIGHT, "16x16", "h8", &ring, &[]), all8);
    // friends on targets are excluded, enemies captured
    assert_eq!(
        moves(KNIGHT, "16x16", "h8", &["f7", "j9"], &["g10", "i6"]),
        ids(&[("f9", &[]), ("g6", &[]), ("g10", &["g10"]), ("i6", &["i6"]), ("i10", &[]), ("j7", &[]),])
    );
    assert_eq!(moves(KNIGHT, "16x16", "a1", &[], &[]), ids(&[("b3", &[]), ("c2", &[])]));
}
