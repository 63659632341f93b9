//! The notation path matcher (`kensho::check::path`, issue 6) against hand-made cases written
//! from ../shared/XBETZA.md, and cross-checked against the move generator: on seeded random
//! boards, for every piece and zone move of every spec, every path the generator can produce is
//! accepted, and a path moved by one square or with one step's kind changed is accepted exactly
//! when the generator can produce it too.
//!
//! `KENSHO_PATH_CASES` sets the random boards per piece shape (default 120; orientations Up,
//! Down and DownBoardSides take turns); shapes under switched readings get an eighth of them,
//! heavy shapes (the Fire Demon) a quarter of that. `KENSHO_PATH_TIMES=1` prints each shape's
//! time.

use kensho::check::notation::NotationMoves;
use kensho::check::path::{path_obeys, PathOptions};
use kensho::engine::filters;
use kensho::geometry::{BoardSize, Square};
use kensho::random::SplitMix64;
use kensho::spec::game::GameSpec;
use kensho::xbetza::{self, Cell, CompiledBetza, Occupancy, Orientation, PathStep, Readings, StepKind};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;

use StepKind::{Capture as C, Hop as H, Move as M};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn board(size: &str, friends: &[&str], enemies: &[&str]) -> Occupancy {
    let size = BoardSize::parse(size).unwrap();
    let f: Vec<String> = friends.iter().map(|s| s.to_string()).collect();
    let e: Vec<String> = enemies.iter().map(|s| s.to_string()).collect();
    Occupancy::from_names(size, &f, &e).unwrap()
}

fn compiled(betza: &str, size: BoardSize, readings: &[&str]) -> CompiledBetza {
    let mut r = Readings::default();
    for a in readings {
        r.apply(a).unwrap();
    }
    xbetza::compile_str(betza, size, r).unwrap_or_else(|e| panic!("{betza}: {}", e.render(betza)))
}

/// The matcher's own reading of the same string (src/check/notation.rs).
fn notation(betza: &str, size: BoardSize, readings: &[&str]) -> NotationMoves {
    let mut r = Readings::default();
    for a in readings {
        r.apply(a).unwrap();
    }
    NotationMoves::read(betza, size, r).unwrap_or_else(|e| panic!("{betza}: {}", e.render(betza)))
}

/// A path written as `e4 m, e5 c` (m move, c capture, h hop).
fn path(text: &str) -> Vec<PathStep> {
    text.split(',')
        .map(|s| {
            let (square, kind) = s.trim().split_once(' ').unwrap();
            let kind = match kind {
                "m" => M,
                "c" => C,
                "h" => H,
                _ => panic!("kind {kind}"),
            };
            PathStep { square: sq(square), kind }
        })
        .collect()
}

struct Case<'a> {
    betza: &'a str,
    occ: Occupancy,
    from: &'a str,
    orientation: Orientation,
    readings: &'a [&'a str],
    options: PathOptions,
}

impl Case<'_> {
    fn check(&self, p: &str) -> Result<(), String> {
        let c = notation(self.betza, self.occ.size, self.readings);
        path_obeys(&c, &self.occ, sq(self.from), self.orientation, &path(p), self.options)
    }

    /// The path is accepted, and the generator agrees that it is a path of the piece; every path
    /// one step off it is accepted exactly when the generator makes it too.
    fn accepts(&self, p: &str) {
        if let Err(e) = self.check(p) {
            panic!("{} from {}: {p} should be accepted: {e}", self.betza, self.from);
        }
        let generated = self.generated();
        assert!(generated.contains(&path(p)), "{} from {}: the generator does not make {p}", self.betza, self.from);
        let c = notation(self.betza, self.occ.size, self.readings);
        for q in mutations(&path(p), self.occ.size) {
            let verdict = path_obeys(&c, &self.occ, sq(self.from), self.orientation, &q, self.options);
            assert_eq!(
                verdict.is_ok(),
                generated.contains(&q),
                "{} from {}: near {p}: [{}] judged {verdict:?}",
                self.betza,
                self.from,
                show(&q)
            );
        }
    }

    /// The path is rejected, with a reason containing `why`.
    fn rejects(&self, p: &str, why: &str) {
        match self.check(p) {
            Ok(()) => panic!("{} from {}: {p} should be rejected", self.betza, self.from),
            Err(e) => assert!(e.contains(why), "{} from {}: {p}: reason '{e}' lacks '{why}'", self.betza, self.from),
        }
        assert!(!self.generated().contains(&path(p)), "{}: the generator makes {p}", self.betza);
    }

    fn generated(&self) -> HashSet<Vec<PathStep>> {
        let mut c = compiled(self.betza, self.occ.size, self.readings);
        if self.options.jump_may_land_empty {
            filters::widen_jump_landing(&mut c);
        }
        if self.options.captures_may_take_friends {
            filters::widen_burn_targets(&mut c);
        }
        all_paths(&c, &self.occ, sq(self.from), self.orientation)
    }
}

fn case<'a>(betza: &'a str, occ: Occupancy, from: &'a str) -> Case<'a> {
    Case { betza, occ, from, orientation: Orientation::Up, readings: &[], options: PathOptions::default() }
}

/// Every path the generator can produce, not only the first one per move identity: the
/// `accept` hook sees each path and turns it down, so none hides another.
fn all_paths(c: &CompiledBetza, occ: &Occupancy, from: Square, o: Orientation) -> HashSet<Vec<PathStep>> {
    let mut out = HashSet::new();
    xbetza::generate_where(c, occ, from, o, &mut |pm| {
        out.insert(pm.path.to_vec());
        false
    });
    out
}

// ---- hand-made cases (XBETZA.md) ----

#[test]
fn a_rook_slides_until_the_first_piece() {
    // R: a W rider; riders stop at the first occupied square.
    let c = case("R", board("9x9", &["e6"], &["b2"]), "e2");
    c.accepts("e5 m");
    c.accepts("b2 c");
    c.accepts("i2 m");
    c.rejects("e7 m", "passes the occupied e6");
    c.rejects("a2 m", "passes the occupied b2");
    c.rejects("e6 c", "a friend");
    c.rejects("e5 c", "empty");
    c.rejects("f3 m", "not on a direction");
}

#[test]
fn a_knight_leaps() {
    // N: (2,1) leaper, jumps over what lies between; ffN is the shogi knight.
    let c = case("N", board("9x9", &["e6", "d5", "f5"], &["f7"]), "e5");
    c.accepts("f7 c");
    c.accepts("d7 m");
    c.accepts("c4 m");
    c.rejects("e7 m", "not on a direction");
    c.rejects("f7 m", "an enemy");
    let shogi = case("ffN", board("9x9", &[], &[]), "e5");
    shogi.accepts("d7 m");
    shogi.rejects("c6 m", "not on a direction");
    shogi.rejects("d3 m", "not on a direction");
    // the second player's shogi knight jumps down the board
    let down = Case { orientation: Orientation::Down, ..case("ffN", board("9x9", &[], &[]), "e5") };
    down.accepts("f3 m");
    down.rejects("d7 m", "not on a direction");
    // nN: lame, blocked by the orthogonal neighbour along the long leg (the Xiangqi horse)
    let horse = case("nN", board("9x10", &["e6"], &[]), "e5");
    horse.accepts("g6 m");
    horse.rejects("d7 m", "lame leap e5-d7 is blocked on e6");
}

#[test]
fn a_double_step_goes_straight_on() {
    // mcafW: a W step ending empty (m) or on an enemy (c, captured and the move goes on), then
    // straight on.
    let c = case("mcafW", board("9x9", &[], &["e4", "e6"]), "e3");
    c.accepts("e4 c, e5 m");
    c.rejects("e4 m, e5 m", "a move to e4 (an enemy)");
    c.rejects("e4 c, f5 m", "leg 2: f5 is not on a direction");
    let d = case("mcafW", board("9x9", &[], &["e6"]), "e4");
    d.accepts("e5 m, e6 c");
    d.rejects("e5 m, e7 m", "beyond the leg's range 1");
    d.rejects("e5 c, e6 c", "a capture to e5 (empty)");
    // a later leg without letters: f, l, r for a W; never straight back
    let t = case("maW", board("9x9", &[], &[]), "e4");
    t.accepts("e5 m, d5 m");
    t.accepts("d4 m, d3 m");
    t.rejects("e5 m, e4 m", "leg 2");
}

#[test]
fn a_cannon_hops_one_piece() {
    // mRcpR: moves as a rook, captures only after hopping exactly one piece.
    let c = case("mRcpR", board("9x10", &["e5"], &["e8", "e9", "b2"]), "e2");
    c.accepts("e8 c");
    c.accepts("e4 m");
    c.rejects("e9 c", "leg 1");
    c.rejects("e6 m", "leg 1");
    c.rejects("b2 c", "leg 1");
    c.rejects("e5 c", "a friend");
    // a range limits the whole line, hurdle and landing alike: cpR4 ends at most 4 squares away
    let short = case("cpR4", board("9x9", &["e4"], &["e6", "d7"]), "e2");
    short.accepts("e6 c");
    let far = case("cpR4", board("9x9", &["e4"], &["e7"]), "e2");
    far.rejects("e7 c", "cannot reach e7");
    let screen_too_far = case("cpR4", board("9x9", &["e7"], &["e8"]), "e2");
    screen_too_far.rejects("e8 c", "no piece to hop");
    // a grasshopper (final g) lands right behind its hurdle
    let g = case("gQ", board("9x9", &[], &["e6"]), "e2");
    g.accepts("e7 m");
    g.rejects("e8 m", "lands right behind it");
    g.rejects("e5 m", "lands right behind it");
}

#[test]
fn igui_captures_a_neighbour_and_steps_back() {
    // mcabK: step or capture, then straight back: igui or a pass (the origin counts as empty).
    let c = case("mcabK", board("9x9", &["d4"], &["e5"]), "e4");
    c.accepts("e5 c, e4 m");
    c.accepts("f5 m, e4 m");
    c.rejects("d4 c, e4 m", "a capture to d4 (a friend)");
    c.rejects("e5 h, e4 m", "a hop");
    c.rejects("e5 c, e3 m", "beyond the leg's range 1");
    c.rejects("e5 c, d4 m", "leg 2: d4 is not on a direction");
}

#[test]
fn a_lion_captures_twice_or_hits_and_runs() {
    // KNADcaKmcabK: the 5x5 box; capture a neighbour and one more King step; igui and pass.
    let lion = "KNADcaKmcabK";
    let c = case(lion, board("16x16", &["i9"], &["h9", "g10", "h10"]), "h8");
    c.accepts("h9 c, g10 c"); // double capture
    c.accepts("h9 c, i10 m"); // hit and run
    c.accepts("h9 c, h8 m"); // igui (mcabK; caK cannot go straight back)
    c.accepts("g8 m, h8 m"); // pass
    c.accepts("h10 c"); // the box, jumping h9
    c.rejects("h9 c, h11 m", "leg 2");
    c.rejects("h9 m, i10 m", "a move to h9 (an enemy)");
    c.rejects("h9 c, i9 c", "a friend");
    c.rejects("h9 c, g10 c, f11 m", "no program has 3 legs");
}

#[test]
fn the_fire_demons_burn_steps_back_under_the_toggle() {
    // shy(mpacab)2Q = legs shymp | c | b (and | bmp | c | b): a sideways or diagonal slide whose
    // leg has y toggles the Q to a K step: burn a neighbour of the destination and step back.
    let fd = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
    let occ = || board("16x16", &[], &["m9", "k9", "p8", "p9"]);
    let c = case(fd, occ(), "h8");
    c.accepts("l8 m");
    // legs shymp | c | b: slide, burn a neighbour of the destination, step back onto it
    c.accepts("l8 m, m9 c, l8 m");
    // shymp | c | bmp | c | b: two burns
    c.accepts("l8 m, m9 c, l8 m, k9 c, l8 m");
    // the p ending: the slide ends on a piece and passes it (it stays), burns a neighbour of
    // it, steps back and takes it
    c.accepts("p8 h, p9 c, p8 c");
    // whole-leg toggle: the burn is one step, not a slide down the line
    c.rejects("l8 m, p8 c, l8 m", "leg 2");
    // only sideways and diagonally (sh)
    c.rejects("h12 m", "leg 1");
    // under y-scope = own-alternative the m ending keeps the slider range: the far burn exists
    let own = Case { readings: &["y-scope=own-alternative"], ..case(fd, occ(), "h8") };
    own.accepts("l8 m, p8 c, l8 m");
    // under toggle-span = next-leg only the burn steps once; the step back slides on
    let next = Case { readings: &["toggle-span=next-leg"], ..case(fd, occ(), "h8") };
    next.accepts("l8 m, m9 c, k7 m");
    c.rejects("l8 m, m9 c, k7 m", "leg 3");
    // burn.targets = any widens the burn to friends
    let friendly = board("16x16", &["m9"], &[]);
    let plain = case(fd, friendly.clone(), "h8");
    plain.rejects("l8 m, m9 c, l8 m", "a friend");
    let any = Case {
        options: PathOptions { captures_may_take_friends: true, ..PathOptions::default() },
        ..case(fd, friendly, "h8")
    };
    any.accepts("l8 m, m9 c, l8 m");
}

#[test]
fn a_jumping_general_hops_and_may_land_empty_when_widened() {
    // B(paf)2cB: a slide, or a capture after passing over up to two pieces.
    let c = case("B(paf)2cB", board("12x12", &["d4"], &["f6"]), "b2");
    c.accepts("d4 h, f6 c");
    c.rejects("d4 h, e5 m", "a move to e5 (empty)");
    c.rejects("d4 c, f6 c", "a friend");
    c.rejects("d4 h, g7 c", "passes the occupied f6");
    let widened = Case {
        options: PathOptions { jump_may_land_empty: true, ..PathOptions::default() },
        ..case("B(paf)2cB", board("12x12", &["d4"], &["f6"]), "b2")
    };
    widened.accepts("d4 h, e5 m");
    widened.rejects("d4 h, g7 m", "passes the occupied f6");
}

#[test]
fn the_tetrarch_skips_its_first_square() {
    // jvhQjsQ3: slides skipping the first square entirely; sideways it ends 2 or 3 away.
    let t = "jvhQjsQ3cab(mpacab)1K";
    let c = case(t, board("16x16", &["h9", "i8"], &["g7"]), "h8");
    c.accepts("h10 m");
    c.accepts("f6 m");
    c.accepts("j8 m");
    c.accepts("k8 m");
    c.rejects("h9 c", "j skips the first square");
    c.rejects("l8 m", "beyond the leg's range 3");
    c.rejects("g8 m", "j skips the first square");
    c.accepts("g7 c, h8 m"); // igui
}

#[test]
fn the_universal_leaper_goes_anywhere_but_home() {
    let c = case("U", board("9x9", &["a1"], &["i9"]), "e5");
    c.accepts("i9 c");
    c.accepts("a2 m");
    c.rejects("a1 c", "a friend");
    c.rejects("e5 m", "stays");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let c = notation("K", BoardSize::parse("9x9").unwrap(), &[]);
    let occ = board("9x9", &[], &[]);
    let e = path_obeys(&c, &occ, sq("e5"), Orientation::Up, &[], PathOptions::default()).unwrap_err();
    assert!(e.contains("empty"), "{e}");
    let off = [PathStep { square: sq("k5"), kind: M }];
    let e = path_obeys(&c, &occ, sq("e5"), Orientation::Up, &off, PathOptions::default()).unwrap_err();
    assert!(e.contains("off the"), "{e}");
    let other = board("8x8", &[], &[]);
    assert!(path_obeys(&c, &other, sq("e5"), Orientation::Up, &path("e6 m"), PathOptions::default()).is_err());
}

// ---- the cross-check ----

fn cases_per_shape() -> usize {
    std::env::var("KENSHO_PATH_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(120)
}

/// One piece shape to cross-check: where it comes from, its compiled move (the generator's), and
/// the matcher's own reading of the same text.
struct Shape {
    label: String,
    moves: CompiledBetza,
    notation: NotationMoves,
    /// A piece of a spec under its default readings (all the boards), or a shape that only a
    /// switched reading gives (an eighth of them).
    own: bool,
}

/// Every piece and zone move of every spec, under the spec's default readings and under each
/// other option of its readings, deduplicated by what the two sides read (text, board, programs,
/// readings that matter); and every shape
/// whose text the XBetza readings touch (h, y, g) under every combination of them.
fn shapes() -> Vec<Shape> {
    let mut files: Vec<_> = std::fs::read_dir("specs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "specs/*.toml");
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut push = |label: String, text: &str, moves: &CompiledBetza, own: bool, out: &mut Vec<Shape>| {
        // what the generator and the matcher read: the programs, the toggle readings when a
        // leg toggles, and the h reading when the text has an h (the matcher reads the text
        // itself, so two readings that compile alike may still read apart there)
        let toggles = moves.programs.iter().flat_map(|p| &p.legs).any(|l| l.modes.has_toggle());
        let readings = (toggles || text.contains('h')).then(|| format!("{:?}", moves.readings));
        let key = (text.to_string(), moves.size.files, moves.size.ranks, format!("{:?}", moves.programs), readings);
        if seen.insert(key) {
            let notation = NotationMoves::read(text, moves.size, moves.readings)
                .unwrap_or_else(|e| panic!("{label}: the matcher cannot read it: {}", e.render(text)));
            out.push(Shape { label, moves: moves.clone(), notation, own });
        }
    };
    // each spec under its default readings, then under every other option of its own readings
    // (some switch a piece's XBetza), one at a time
    let games: Vec<Vec<(String, GameSpec)>> = files
        .par_iter()
        .map(|file| {
            let name = file.file_stem().unwrap().to_string_lossy().to_string();
            let spec = kensho::spec::load(Path::new(file)).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
            let mut games =
                vec![(name.clone(), spec.resolve(&BTreeMap::new()).unwrap_or_else(|e| panic!("{name}: {e}")))];
            for r in &spec.spec.readings {
                for o in &r.options {
                    let (rid, option) = (r.id.get_ref(), o.name.get_ref());
                    if option != r.default.get_ref() {
                        let game = spec.alternative(rid, option).unwrap_or_else(|| panic!("{name}: {rid}={option}"));
                        games.push((format!("{name} [{rid}={option}]"), game.clone()));
                    }
                }
            }
            games
        })
        .collect();
    for (j, (name, game)) in games.iter().flat_map(|g| g.iter().enumerate()) {
        // the first game of every file is its defaults: its pieces get every board
        let own = j == 0;
        for piece in &game.pieces {
            push(format!("{name} {} {}", piece.id, piece.betza), &piece.betza, &piece.moves, own, &mut out);
            for (zone, (text, moves)) in &piece.zone_moves {
                push(format!("{name} {} zone {zone} {text}", piece.id), text, moves, own, &mut out);
            }
            if own && piece.betza.contains(['h', 'y', 'g']) {
                for h in ["half-plane", "ignored"] {
                    for y in ["whole-leg", "own-alternative"] {
                        for s in ["rest-of-move", "next-leg"] {
                            let r = [format!("h-modifier={h}"), format!("y-scope={y}"), format!("toggle-span={s}")];
                            let r: Vec<&str> = r.iter().map(String::as_str).collect();
                            let moves = compiled(&piece.betza, game.board, &r);
                            let label = format!("{name} {} {} [{}]", piece.id, piece.betza, r.join(" "));
                            push(label, &piece.betza, &moves, false, &mut out);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Programs above which a piece is heavy (the Fire Demon's dozens of burn and area paths): its
/// boards cost a hundred times a plain piece's.
const HEAVY_PROGRAMS: usize = 20;

/// Boards for one shape: `cases` for a spec's own piece, an eighth with readings switched, a
/// quarter of that for a heavy piece.
fn boards_for(shape: &Shape, cases: usize) -> usize {
    let mut n = cases;
    if !shape.own {
        n = n.div_ceil(8);
    }
    if shape.moves.programs.len() > HEAVY_PROGRAMS {
        n = n.div_ceil(4);
    }
    n.max(1)
}

fn random_board(rng: &mut SplitMix64, size: BoardSize, from: Square) -> Occupancy {
    let mut occ = Occupancy::empty(size);
    // densities from a sparse middle game to a crowded opening
    let density = [5, 15, 30, 50, 70][rng.below(5)];
    for s in size.squares() {
        if rng.below(100) < density {
            occ.set(s, if rng.below(2) == 0 { Cell::Friend } else { Cell::Enemy });
        }
    }
    // the mover stands on its square
    occ.set(from, Cell::Friend);
    occ
}

fn describe(occ: &Occupancy, from: Square, o: Orientation, seed: u64) -> String {
    let names = |c| occ.squares_with(c).iter().map(|s| s.name()).collect::<Vec<_>>().join(" ");
    format!("seed {seed:#x}, {:?} from {from}, friends [{}], enemies [{}]", o, names(Cell::Friend), names(Cell::Enemy))
}

fn show(path: &[PathStep]) -> String {
    path.iter()
        .map(|s| {
            let k = match s.kind {
                M => "m",
                C => "c",
                H => "h",
            };
            format!("{} {k}", s.square)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The paths one step away from `p`: one square moved to a neighbour, or one kind changed.
fn mutations(p: &[PathStep], size: BoardSize) -> Vec<Vec<PathStep>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for j in 0..11 {
            if let Some(q) = mutation(p, size, i, j) {
                out.push(q);
            }
        }
    }
    out
}

/// Mutation `j` (0..11) of step `i`: 0..8 move the square to a neighbour, 8..11 set the kind.
/// None when it leaves the board or changes nothing.
fn mutation(p: &[PathStep], size: BoardSize, i: usize, j: usize) -> Option<Vec<PathStep>> {
    let mut q = p.to_vec();
    if j < 8 {
        q[i].square = size.offset(p[i].square, xbetza::directions::COMPASS[j])?;
    } else {
        q[i].kind = [M, C, H][j - 8];
        if q[i].kind == p[i].kind {
            return None;
        }
    }
    Some(q)
}

/// Up to `n` random mutations of `p`.
fn some_mutations(p: &[PathStep], size: BoardSize, n: usize, rng: &mut SplitMix64) -> Vec<Vec<PathStep>> {
    (0..n).filter_map(|_| mutation(p, size, rng.below(p.len()), rng.below(11))).collect()
}

#[derive(Default)]
struct Counts {
    boards: u64,
    accepted: u64,
    mutated: u64,
    mutated_valid: u64,
    single_sweeps: u64,
    widened_boards: u64,
}

impl Counts {
    fn add(mut self, o: Counts) -> Counts {
        self.boards += o.boards;
        self.accepted += o.accepted;
        self.mutated += o.mutated;
        self.mutated_valid += o.mutated_valid;
        self.single_sweeps += o.single_sweeps;
        self.widened_boards += o.widened_boards;
        self
    }
}

/// Near-miss paths judged per board, at most: a sample when the piece has many paths.
const NEAR_MISSES_PER_BOARD: usize = 400;
/// Paths judged per board besides the one per move `generate` returns, at most.
const OTHER_PATHS_PER_BOARD: usize = 600;

/// Runs `cases` random boards on one shape; returns the disagreements.
fn cross_check(shape: &Shape, cases: usize, seed: u64, counts: &mut Counts) -> Vec<String> {
    let size = shape.moves.size;
    let mut bad = Vec::new();
    let mut widened = shape.moves.clone();
    filters::widen_jump_landing(&mut widened);
    filters::widen_burn_targets(&mut widened);
    let widens = widened != shape.moves;
    let max_legs = shape.moves.programs.iter().map(|p| p.legs.len()).max().unwrap_or(0);
    for case in 0..cases {
        let case_seed = seed ^ (case as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut rng = SplitMix64::new(case_seed);
        let from = size.square_at(rng.below(size.square_count()));
        let occ = random_board(&mut rng, size, from);
        let o = [Orientation::Up, Orientation::Down, Orientation::Up, Orientation::Down, Orientation::DownBoardSides]
            [case % 5];
        let variants: &[(bool, &CompiledBetza, PathOptions)] = &[
            (false, &shape.moves, PathOptions::default()),
            (true, &widened, PathOptions { jump_may_land_empty: true, captures_may_take_friends: true }),
        ];
        for &(is_widened, generator_moves, options) in variants {
            if is_widened && !widens {
                continue;
            }
            if is_widened {
                counts.widened_boards += 1;
            }
            counts.boards += 1;
            let paths = all_paths(generator_moves, &occ, from, o);
            let moves = xbetza::generate(generator_moves, &occ, from, o);
            let judge = |p: &[PathStep]| path_obeys(&shape.notation, &occ, from, o, p, options);
            let report = |bad: &mut Vec<String>, what: &str, p: &[PathStep], why: String| {
                bad.push(format!(
                    "{}{}: {what} [{}] ({why}); {}",
                    shape.label,
                    if is_widened { " (widened)" } else { "" },
                    show(p),
                    describe(&occ, from, o, case_seed)
                ));
            };
            // Every path `generate` returns (one per move), and the other paths (every path the
            // programs can take, a sample of them for a heavy piece), sorted so that the sample
            // depends on the seed only.
            let mut judged: Vec<&[PathStep]> = moves.iter().map(|pm| &pm.path[..]).collect();
            let firsts: HashSet<&[PathStep]> = judged.iter().copied().collect();
            let mut others: Vec<&[PathStep]> = paths.iter().map(|p| &p[..]).filter(|p| !firsts.contains(p)).collect();
            others.sort();
            while others.len() > OTHER_PATHS_PER_BOARD {
                let i = rng.below(others.len());
                others.swap_remove(i);
            }
            judged.extend(others);
            for p in &judged {
                counts.accepted += 1;
                if !paths.contains(*p) {
                    report(&mut bad, "generate's path is not among generate_where's", p, String::new());
                }
                if let Err(e) = judge(p) {
                    report(&mut bad, "the generator's path is rejected", p, e);
                }
            }
            // paths one step off: a sample of the mutations of the judged paths
            let mut off: Vec<Vec<PathStep>> = Vec::new();
            for p in &judged {
                off.extend(some_mutations(p, size, 6, &mut rng));
            }
            while off.len() > NEAR_MISSES_PER_BOARD {
                let i = rng.below(off.len());
                off.swap_remove(i);
            }
            // and a few random paths of every length the piece has
            for _ in 0..8 {
                let len = 1 + rng.below(max_legs.max(1));
                let p: Vec<PathStep> = (0..len)
                    .map(|_| PathStep {
                        square: size.square_at(rng.below(size.square_count())),
                        kind: [M, C, H][rng.below(3)],
                    })
                    .collect();
                off.push(p);
            }
            for p in off {
                counts.mutated += 1;
                let generated = paths.contains(&p);
                counts.mutated_valid += generated as u64;
                match (judge(&p), generated) {
                    (Ok(()), false) => report(&mut bad, "accepted, but the generator does not make", &p, "ok".into()),
                    (Err(e), true) => report(&mut bad, "rejected, but the generator makes", &p, e),
                    _ => {}
                }
            }
            // every one-leg path to every square, on one board in eight
            if case % 8 == 0 {
                counts.single_sweeps += 1;
                for s in size.squares() {
                    for k in [M, C, H] {
                        let p = [PathStep { square: s, kind: k }];
                        match (judge(&p), paths.contains(&p[..])) {
                            (Ok(()), false) => {
                                report(&mut bad, "accepted, but the generator does not make", &p, "ok".into())
                            }
                            (Err(e), true) => report(&mut bad, "rejected, but the generator makes", &p, e),
                            _ => {}
                        }
                    }
                }
            }
            if bad.len() > 20 {
                return bad;
            }
        }
    }
    bad
}

#[test]
fn every_generated_path_is_accepted_and_every_near_miss_judged_alike() {
    let cases = cases_per_shape();
    let shapes = shapes();
    let times = std::env::var("KENSHO_PATH_TIMES").is_ok();
    let (counts, bad) = shapes
        .par_iter()
        .enumerate()
        .map(|(i, shape)| {
            let seed = 0x6b65_6e73_686f_0000 ^ (i as u64).wrapping_mul(0x1000_0001);
            let n = boards_for(shape, cases);
            let t = std::time::Instant::now();
            let mut counts = Counts::default();
            let bad = cross_check(shape, n, seed, &mut counts);
            if times {
                eprintln!("{:8.3} s {}", t.elapsed().as_secs_f64(), shape.label);
            }
            (counts, bad)
        })
        .reduce(
            || (Counts::default(), Vec::new()),
            |(c1, mut b1), (c2, b2)| {
                b1.extend(b2);
                (c1.add(c2), b1)
            },
        );
    eprintln!(
        "check_path: {} shapes ({} of the specs' own; {cases} boards per shape, fewer for readings switched and heavy pieces): {} judged boards ({} widened), {} generated paths accepted, \
         {} near-miss paths judged ({} of them generated), {} one-leg sweeps",
        shapes.len(),
        shapes.iter().filter(|s| s.own).count(),
        counts.boards,
        counts.widened_boards,
        counts.accepted,
        counts.mutated,
        counts.mutated_valid,
        counts.single_sweeps
    );
    assert!(counts.accepted > 0 && counts.mutated > 0);
    assert!(
        bad.is_empty(),
        "{} disagreements, the first:\n{}",
        bad.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Constructs no bundled spec uses, each cross-checked the same way on a 9x9 board: the
/// matcher's reading of the text (src/check/notation.rs) and the compile step's are written
/// apart, so the specs' pieces alone would leave these readings unchecked (oblique direction
/// letters, pairs on eight-way atoms, later-leg turns, toggles, `j`/`n` on other atoms).
#[test]
fn shapes_no_spec_uses_are_read_alike_by_the_matcher_and_the_generator() {
    let size = BoardSize::parse("9x9").unwrap();
    let texts = [
        "fN", "bN", "sN", "vN", "lN", "rfN", "frN", "flN", "lbN", "fsN", "bsN", "ffN", "bbN", "nN", "jN", "fC", "fZ",
        "C", "Z", "fsK", "flK", "vsQ", "lfQ", "bhQ", "lhK", "fhR", "fhB", "rvB", "fbsW", "fsW", "W3", "D2", "N2", "jR",
        "jB", "jD", "nD", "nA", "caF", "mafsK", "cabK", "cafrK", "mpaflK", "yafK", "gasR", "pafcR", "mRcpR", "gQ",
        "cgB", "mayaK", "(a)3W", "caflW", "mafsW", "cavD", "dW", "mdK", "yK", "U",
    ];
    let mut bad = Vec::new();
    let mut counts = Counts::default();
    for (i, text) in texts.iter().enumerate() {
        let moves = compiled(text, size, &[]);
        let notation = notation(text, size, &[]);
        let shape = Shape { label: format!("{text} on 9x9"), moves, notation, own: true };
        bad.extend(cross_check(&shape, 60, 0x6e6f_7370_6563 ^ i as u64, &mut counts));
    }
    assert!(counts.accepted > 0);
    assert!(
        bad.is_empty(),
        "{} disagreements, the first:\n{}",
        bad.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
