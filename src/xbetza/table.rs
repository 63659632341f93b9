//! Compiled move tables: a piece's one-leg programs unrolled, once per board, into the rays
//! each square gives them, so that the generator's hot loop only reads.
//!
//! Two kinds of program are compiled:
//! - **One-leg programs** with absolute directions (every slide and leap, lame and jumping
//!   leapers, jumping riders, hoppers such as the Cannon) become rays per square.
//! - **Compass programs**: multi-leg programs whose every leg runs along the eight compass
//!   lines, a king step or a slide, with no lame or jumping leg and no final hop. These are
//!   the Lion's double steps and igui, the Fire Demon's area moves and burns, the hook movers
//!   and the multi-capturing jumpers (`(cpaf)2cB`). Their directions become compass indices (a
//!   turn is an addition modulo 8) and their steps index steps, so the walker follows them
//!   without vector arithmetic. Those that go straight on and end every leg but the last on a
//!   piece (the jumpers) are line programs, run from the pieces along each line.
//!   A compass program whose first two legs are an earlier one's (the Fire Demon's burn once
//!   and burn twice, `mpacabK` and `mpacabmpacabK`) does not walk them again: it goes on from
//!   where the earlier program's second leg ended, in the order they were reached
//!   (`CompassProgram::replays`).
//!
//! Everything else (oblique or longer leaps in a multi-leg program, the universal leaper) stays
//! with the walker's general legs. The walker (`generate::Walker`) runs a table's rays and
//! compass programs with the same landing rules as its own legs, so a move generated from the
//! table is the move the walker would find, path and all; `tests/engine/compiled.rs` compares
//! the two on every bundled game.
//!
//! A ray is a step in index space: a square index is `rank * files + file`, so one step of
//! (df, dr) adds `dr * files + df`. How many steps stay on the board depends on the square and
//! is read from the board's [`Geometry`] (shared by every table of a game) as the ray is
//! walked: the distance to the edge along a compass line, or a count by coordinates for a leap.

use super::compile::{CompiledBetza, LegDirections, Program};
use super::directions::COMPASS;
use crate::geometry::{BoardSize, Orientation, Square, Vec2};
use std::sync::Arc;

/// One direction of a one-leg program, for one orientation: where it goes from any square.
/// How far it stays on the board depends on the square, and is read from the board's
/// [`Geometry`] when the ray is walked, so a piece's table holds nothing per square (a table
/// per square was 8 MB on Hook's 19x19 board, and its reads missed the cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    /// One step along the ray, in square indices.
    pub(crate) step: i32,
    /// The step as a vector (files, ranks), for the board's edges.
    pub(crate) vector: Vec2,
    /// The step's compass direction when it is a king step (`COMPASS` index), else
    /// `NOT_COMPASS`: a king step's distance to the edge is looked up, others are counted.
    pub(crate) compass: u8,
    /// A leaper's way (`n` blocks on it, `j` needs a piece on it): its first square is the
    /// origin's index plus `way_step`, and it has `way_len` squares, each one more step on.
    pub(crate) way_step: i32,
    pub(crate) way_len: u8,
}

/// `Ray::compass` of a step that is not a king step.
pub(crate) const NOT_COMPASS: u8 = u8::MAX;

/// The rays of one program, per orientation (in `MoveTable::orientations` order), in the
/// order the program lists its directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProgramTable {
    rays: Vec<Vec<Ray>>,
}

/// What every table of one board shares: the squares by index, the king steps in index space
/// and how far each compass line runs from each square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    size: BoardSize,
    /// Square index -> square, so that the walker never divides.
    squares: Vec<Square>,
    /// Square index * 8 + compass index -> how many king steps along that line stay on the
    /// board.
    edge: Vec<u8>,
    /// Compass index -> one king step in square indices.
    compass_steps: [i32; 8],
}

impl Geometry {
    pub(crate) fn new(size: BoardSize) -> Geometry {
        let files = i32::from(size.files);
        let edge = size
            .squares()
            .flat_map(|sq| {
                COMPASS.map(|v| {
                    let mut n = 0u8;
                    while size.offset(sq, (v.0 * (i32::from(n) + 1), v.1 * (i32::from(n) + 1))).is_some() {
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        Geometry {
            size,
            squares: (0..size.square_count()).map(|i| size.square_at(i)).collect(),
            edge,
            compass_steps: COMPASS.map(|(df, dr)| dr * files + df),
        }
    }

    #[inline]
    pub(crate) fn square(&self, index: usize) -> Square {
        self.squares[index]
    }

    /// How many king steps along compass direction `dir` from square index `index` stay on
    /// the board.
    #[inline]
    pub(crate) fn edge(&self, index: usize, dir: u8) -> u32 {
        u32::from(self.edge[index * 8 + usize::from(dir & 7)])
    }

    /// One king step along compass direction `dir`, in square indices.
    #[inline]
    pub(crate) fn compass_step(&self, dir: u8) -> i32 {
        self.compass_steps[usize::from(dir & 7)]
    }

    /// How many squares of `ray` from `from` (square index `index`) are on the board, counted
    /// up to `cap`.
    #[inline]
    pub(crate) fn on_board(&self, ray: &Ray, from: Square, index: usize, cap: u32) -> u32 {
        if ray.compass != NOT_COMPASS {
            return self.edge(index, ray.compass).min(cap);
        }
        let (df, dr) = ray.vector;
        let (mut f, mut r) = (i32::from(from.file), i32::from(from.rank));
        let mut n = 0;
        while n < cap {
            f += df;
            r += dr;
            if !self.size.contains(f, r) {
                break;
            }
            n += 1;
        }
        n
    }
}

/// A multi-leg program along compass lines (see the module comment), its directions as
/// indices into `COMPASS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompassProgram {
    /// The first leg's directions, per orientation (in `MoveTable::orientations` order), in
    /// the order the program lists them.
    pub(crate) first: Vec<Vec<u8>>,
    /// The turns of every later leg (45-degree units counter-clockwise): leg `i` turns by
    /// `turns[i - 1]`.
    pub(crate) turns: Vec<Vec<u8>>,
    /// Per leg: the capture every path from that leg's start must make, when one must come
    /// within a known number of king steps (`CaptureAhead`).
    pub(crate) capture_ahead: Vec<Option<CaptureAhead>>,
    /// The first leg's directions as a bit set (bit `d` for compass direction `d`), per
    /// orientation.
    pub(crate) first_mask: Vec<u8>,
    /// Does a friend on the first step stop every path that way? True when the first leg can
    /// neither capture a friend nor hop: a piece shut in by its own men (most pieces at the
    /// start of a large game) then has no path in this program, and it is not walked.
    pub(crate) stopped_by_friends: bool,
    /// Is this a line program (`is_line`)? Then the walker runs it from the pieces that stand
    /// along each line (`Walker::line`) instead of walking it square by square.
    pub(crate) line: bool,
    /// An earlier program of the piece whose first `SHARED_LEGS` legs walk exactly as this
    /// one's do (`walks_alike`): this program starts its third leg from every end of that
    /// program's second leg, in the order that program reached them, instead of walking the
    /// two legs again. The paths, and so the moves and their order, are those of its own walk.
    pub(crate) replays: Option<u32>,
    /// Does a later program replay this one (`replays`)? Then the ends of its second leg are
    /// kept while it runs.
    pub(crate) replayed: bool,
}

/// How many first legs a compass program may share with an earlier one (`replays`). Two: the
/// walker remembers walked states (`generate::Explored`) from the third leg on, and what it
/// remembers depends on the legs after; the first two legs walk the same way in any program.
pub(crate) const SHARED_LEGS: usize = 2;

/// The most legs a line program may have: the walker keeps this many pieces per line.
pub(crate) const LINE_LEGS: usize = 4;

/// A leg ahead that can only end by capturing (no empty-square or hop ending), with no range
/// toggle on the legs up to it: from the start of leg `i`, when the legs up to it step one king
/// step each (the walker checks, `Walker::steps_stay_single`: a program of king steps, or a
/// slider whose range a toggle before leg `i` turned to one step for the rest of the move,
/// `xbetza.toggle-span = rest-of-move`), every path captures a friend (`friend`) or
/// an enemy (`enemy`) at most `steps` king steps away. Where the board has no such piece that
/// near, the walker need not walk on (the Fire Demon's burns after an area move or after its
/// Queen's slide: most of its paths end beside no enemy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CaptureAhead {
    pub(crate) steps: u8,
    pub(crate) friend: bool,
    pub(crate) enemy: bool,
}

/// A piece's place in the tables: its orientation's index among the table's and its square's
/// index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) orientation: usize,
    pub(crate) index: usize,
}

/// One ray of a plain piece (`PlainRays`), with what its program allows on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainRay {
    pub(crate) ray: Ray,
    /// How many squares the ray runs at most (the program's range).
    pub(crate) steps: u32,
    /// The program's modes: land on an empty square, capture an enemy, capture a friend.
    pub empty: bool,
    pub(crate) enemy: bool,
    pub(crate) friend: bool,
    /// The program the ray belongs to (its index in `CompiledBetza::programs`).
    pub(crate) program: u32,
}

/// The rays of a piece whose every program is a plain slide or leap: one leg, absolute
/// directions, no range toggle, no lame or jumping way, no hop. Most pieces of every game are
/// such pieces (Pawns, Generals, Rooks, Knights...), and their moves need none of the walker's
/// leg state: each ray is followed to its first piece. The rays of all programs are kept in one
/// list per orientation, in program order, so a piece reads one contiguous slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainRays {
    rays: Vec<Vec<PlainRay>>,
    /// Can two rays of different programs reach one square (a Rook's slide and a Dabbaba's
    /// leap)? Only then must a landing look for its identity among the moves already found.
    pub overlapping: bool,
    /// Per orientation: when every ray is a king-step direction that a friend stops (no ray
    /// captures friends), those directions as a bit set of `COMPASS` indices. Such a piece
    /// whose every first step is off the board or onto a friend has no move: most men of a
    /// large game's opening are, and that is told without following their rays.
    friend_stopped: Vec<Option<u8>>,
}

impl PlainRays {
    /// The rays for the orientation at `origin`.
    #[inline]
    pub(crate) fn from(&self, origin: Origin) -> &[PlainRay] {
        &self.rays[origin.orientation]
    }

    /// [`PlainRays::friend_stopped`] for the orientation at `origin`.
    #[inline]
    pub(crate) fn friend_stopped(&self, origin: Origin) -> Option<u8> {
        self.friend_stopped[origin.orientation]
    }
}

/// The tables of a whole compiled move: one per program that qualifies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTable {
    geometry: Arc<Geometry>,
    /// The orientations the rays are built for (a game's two players need two of the three).
    orientations: Vec<Orientation>,
    programs: Vec<Option<ProgramTable>>,
    compass: Vec<Option<CompassProgram>>,
    /// Set when every program is a plain slide or leap: the generator then runs these rays
    /// instead of the programs one by one.
    plain: Option<PlainRays>,
    /// Test support (`corrupt_explored`): remember compass states even below a refused path.
    pub(crate) explored_ignores_refusals: bool,
}

impl MoveTable {
    /// The tables of `compiled` for these orientations, on a board geometry of their own.
    pub fn of(compiled: &CompiledBetza, orientations: &[Orientation]) -> MoveTable {
        MoveTable::on(&Arc::new(Geometry::new(compiled.size)), compiled, orientations)
    }

    /// The tables of `compiled` for these orientations (the engine asks for its players' two),
    /// sharing `geometry` (the engine's one for the board, which must be `compiled`'s).
    pub(crate) fn on(geometry: &Arc<Geometry>, compiled: &CompiledBetza, orientations: &[Orientation]) -> MoveTable {
        assert_eq!(geometry.size, compiled.size, "a table shares the geometry of its own board");
        let mut unique: Vec<Orientation> = Vec::new();
        for &o in orientations {
            if !unique.contains(&o) {
                unique.push(o);
            }
        }
        let programs: Vec<Option<ProgramTable>> =
            compiled.programs.iter().map(|p| program_table(p, compiled.size, &unique)).collect();
        let mut compass: Vec<Option<CompassProgram>> =
            compiled.programs.iter().map(|p| compass_program(p, &unique)).collect();
        link_replays(&compiled.programs, &mut compass);
        MoveTable {
            geometry: Arc::clone(geometry),
            plain: plain_rays(compiled, &programs, unique.len()),
            explored_ignores_refusals: false,
            programs,
            compass,
            orientations: unique,
        }
    }

    /// The piece's rays when every program is a plain slide or leap (`PlainRays`).
    #[inline]
    pub fn plain(&self) -> Option<&PlainRays> {
        self.plain.as_ref()
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Program `program` as a compass program; None when the program is left to the walker.
    pub(crate) fn compass(&self, program: usize) -> Option<&CompassProgram> {
        self.compass.get(program)?.as_ref()
    }

    /// Where a piece of this orientation on `from` reads the tables; None for an orientation
    /// the tables were not built for. Worked out once per piece, not once per program.
    pub(crate) fn origin(&self, orientation: Orientation, from: Square) -> Option<Origin> {
        let orientation = self.orientations.iter().position(|&x| x == orientation)?;
        Some(Origin { orientation, index: self.geometry.size.index(from) })
    }

    /// The rays of program `program`, for a piece of this orientation; None when the program
    /// (or the orientation) is left to the walker. (For the tests: the engine asks by origin.)
    #[cfg(test)]
    pub(crate) fn rays(&self, program: usize, orientation: Orientation) -> Option<&[Ray]> {
        let orientation = self.orientations.iter().position(|&x| x == orientation)?;
        self.rays_from(program, Origin { orientation, index: 0 })
    }

    /// The rays of program `program` from an origin (an orientation and a square): None when the
    /// program (or the orientation) is left to the walker.
    #[inline]
    pub(crate) fn rays_from(&self, program: usize, origin: Origin) -> Option<&[Ray]> {
        Some(&self.programs.get(program)?.as_ref()?.rays[origin.orientation])
    }

    /// How many programs have a table (rays or a compass program).
    pub fn tabled(&self) -> usize {
        self.programs.iter().zip(&self.compass).filter(|(p, c)| p.is_some() || c.is_some()).count()
    }

    /// How many programs are compass programs.
    pub fn compass_programs(&self) -> usize {
        self.compass.iter().flatten().count()
    }

    /// How many compass programs replay an earlier one's first legs (`CompassProgram::replays`).
    pub fn replaying_programs(&self) -> usize {
        self.compass.iter().flatten().filter(|c| c.replays.is_some()).count()
    }

    /// How many programs are line programs (`CompassProgram::line`).
    pub fn line_programs(&self) -> usize {
        self.compass.iter().flatten().filter(|c| c.line).count()
    }

    /// Test support: leaves the first ray of the first tabled program out (one table entry
    /// made wrong), so that a test can show the comparison with the walker catches it. Returns
    /// whether there was such a ray.
    #[doc(hidden)]
    pub fn corrupt_one_ray(&mut self) -> bool {
        if let Some(plain) = &mut self.plain {
            // The generator reads a plain piece's rays from here, not from `programs`.
            let rays = plain.rays.iter_mut().find(|r| !r.is_empty());
            return rays.map(|r| r.remove(0)).is_some();
        }
        let rays = self.programs.iter_mut().flatten().flat_map(|t| t.rays.iter_mut()).find(|r| !r.is_empty());
        rays.map(|r| r.remove(0)).is_some()
    }

    /// Test support: tells a plain piece whose rays overlap that they do not (its landings are
    /// then never looked up), so that a test can show the comparison with the walker catches
    /// the repeated moves. Returns whether the piece was plain with overlapping rays.
    #[doc(hidden)]
    pub fn corrupt_overlap(&mut self) -> bool {
        self.plain.as_mut().is_some_and(|p| std::mem::replace(&mut p.overlapping, false))
    }

    /// Test support: makes the generator remember a compass-program state as walked to the
    /// end even when a path below it was refused (`generate::Explored` must not), so that a
    /// test can show the comparison with the walker catches the moves another way in would
    /// have found.
    #[doc(hidden)]
    pub fn corrupt_explored(&mut self) {
        self.explored_ignores_refusals = true;
    }

    /// Test support: leaves the first direction out of the first line program, for the first
    /// orientation (a line the table forgets), so that a test can show the comparison with the
    /// walker catches it. Returns whether there was a line program.
    #[doc(hidden)]
    pub fn corrupt_one_line(&mut self) -> bool {
        let first = self.compass.iter_mut().flatten().find(|c| c.line).and_then(|c| c.first.first_mut());
        first.is_some_and(|dirs| {
            !dirs.is_empty() && {
                dirs.remove(0);
                true
            }
        })
    }

    /// Test support: makes the last program that replays another's first legs replay the
    /// nearest other walked program before it that has more than `SHARED_LEGS` legs (a replay
    /// linked to the wrong program), so that a test can show the comparison with the walker catches
    /// it. Returns whether there was such a pair.
    #[doc(hidden)]
    pub fn corrupt_replay(&mut self) -> bool {
        let Some((later, source)) =
            self.compass.iter().enumerate().rev().find_map(|(i, c)| Some((i, c.as_ref()?.replays? as usize)))
        else {
            return false;
        };
        // A program that is walked (not one that replays: that one keeps no leg ends), so that
        // the replay goes on from squares that program's own legs reach.
        let long = |c: &Option<CompassProgram>| {
            c.as_ref().is_some_and(|c| !c.line && c.replays.is_none() && c.turns.len() >= SHARED_LEGS)
        };
        let Some(wrong) = (0..later).rev().find(|&i| i != source && long(&self.compass[i])) else {
            return false;
        };
        self.compass[later].as_mut().expect("a compass program").replays = Some(wrong as u32);
        self.compass[wrong].as_mut().expect("a compass program").replayed = true;
        true
    }

    /// Test support: turns the last leg of the first compass program that is not a line
    /// program one more step to the left (a wrong turn in the table; a line program reads no
    /// turns), so that a test can show the comparison with the walker catches it. Returns
    /// whether there was such a program.
    #[doc(hidden)]
    pub fn corrupt_one_turn(&mut self) -> bool {
        let turns = self.compass.iter_mut().flatten().filter(|c| !c.line).find_map(|c| c.turns.last_mut());
        turns.map(|t| t.iter_mut().for_each(|d| *d = (*d + 1) & 7)).is_some()
    }
}

/// Is this a compass program (see the module comment)? More than one leg, every leg along the
/// compass lines (absolute unit vectors first, turns after), no lame or jumping leg, no hop on
/// the final leg (the walker's `walk_hop` handles that).
fn compass_program(program: &Program, orientations: &[Orientation]) -> Option<CompassProgram> {
    let [first, rest @ ..] = program.legs.as_slice() else { return None };
    if rest.is_empty() {
        return None;
    }
    let plain = program.legs.iter().all(|leg| !(leg.lame || leg.jump))
        && program.legs.last().is_some_and(|leg| !(leg.modes.hop || leg.modes.grasshop));
    if !plain {
        return None;
    }
    let LegDirections::Absolute(vectors) = &first.directions else { return None };
    let first = orientations
        .iter()
        .map(|&o| vectors.iter().map(|&v| COMPASS.iter().position(|&u| u == o.turn(v)).map(|d| d as u8)).collect())
        .collect::<Option<Vec<Vec<u8>>>>()?;
    let turns = rest
        .iter()
        .map(|leg| match &leg.directions {
            LegDirections::Relative(turns) => Some(turns.clone()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let line = is_line(program, &turns);
    let first_mask = first.iter().map(|dirs: &Vec<u8>| dirs.iter().fold(0u8, |mask, &d| mask | 1 << d)).collect();
    let m = program.legs[0].modes;
    let stopped_by_friends = !(m.friend || m.hop || m.grasshop);
    Some(CompassProgram {
        first,
        turns,
        capture_ahead: capture_ahead(program),
        first_mask,
        stopped_by_friends,
        line,
        replays: None,
        replayed: false,
    })
}

/// `CompassProgram::replays`: each compass program replays the first earlier one whose first
/// `SHARED_LEGS` legs walk alike. (A program that replays is never replayed: a later one
/// alike would be alike the first.)
fn link_replays(programs: &[Program], compass: &mut [Option<CompassProgram>]) {
    for later in 0..compass.len() {
        let source = (0..later).find(|&earlier| match (&compass[earlier], &compass[later]) {
            (Some(a), Some(b)) => walks_alike(&programs[earlier], a, &programs[later], b),
            _ => false,
        });
        if let Some(source) = source {
            compass[later].as_mut().expect("a compass program").replays = Some(source as u32);
            compass[source].as_mut().expect("a compass program").replayed = true;
        }
    }
}

/// Do the first `SHARED_LEGS` legs of these two compass programs walk the same squares, in the
/// same order, ending in the same states, on any board? They do when both go on past them
/// (neither lands there), neither is a line program (those are run another way), and
/// everything the walker reads for those legs is the same: the legs themselves (directions,
/// modes), the range, the first directions and turns, and the capture each leg must make
/// ahead (which stops a walk early; it is the same when the legs it looks at are the same).
fn walks_alike(a: &Program, ca: &CompassProgram, b: &Program, cb: &CompassProgram) -> bool {
    let n = SHARED_LEGS;
    a.legs.len() > n
        && b.legs.len() > n
        && !ca.line
        && !cb.line
        && a.base_steps == b.base_steps
        && a.legs[..n] == b.legs[..n]
        && ca.first == cb.first
        && ca.turns[..n - 1] == cb.turns[..n - 1]
        && ca.capture_ahead[..n] == cb.capture_ahead[..n]
}

/// A line program: a compass program that goes straight on (every later leg turns by 0 only),
/// where every leg but the last ends on an occupied square (no `m`, `y` or `g`: no range
/// toggle), with at most `LINE_LEGS` legs. Its paths are then fixed by the pieces along each
/// line from the start: leg `k` ends on the `k`-th of them. These are the jumping generals'
/// multiple captures (`(cpaf)2cB`, hop or capture each piece in turn, capture the last), whose
/// programs walked the same lines again and again.
fn is_line(program: &Program, turns: &[Vec<u8>]) -> bool {
    let (last, before) = program.legs.split_last().expect("a compass program has legs");
    program.legs.len() <= LINE_LEGS
        && turns.iter().all(|t| t.as_slice() == [0])
        && before.iter().all(|leg| {
            let m = leg.modes;
            !(m.empty || m.toggle_empty || m.grasshop)
        })
        && !last.modes.has_toggle()
}

/// How many ranks `Occupancy::piece_within` reads (one word each) for the cost of walking one
/// path.
const PATH_COST_IN_RANKS: usize = 4;

/// `CompassProgram::capture_ahead`: for each leg, the first capture-only leg from it on, if no
/// leg from it to that one toggles the range (a toggle would make a later leg slide; whether
/// the legs step once is the walker's to check), and only where looking at the squares that
/// near (2 steps + 1 ranks of the box around) is cheaper than the paths to it (the product of
/// the legs' direction counts, `PATH_COST_IN_RANKS` ranks each): the Fire Demon's burns, and a Lion's
/// capture on its first step.
fn capture_ahead(program: &Program) -> Vec<Option<CaptureAhead>> {
    let directions = |leg: &super::compile::LegProgram| match &leg.directions {
        LegDirections::Absolute(v) => v.len(),
        LegDirections::Relative(t) => t.len(),
        LegDirections::Universal => usize::MAX,
    };
    (0..program.legs.len())
        .map(|i| {
            let (k, leg) = program.legs.iter().enumerate().skip(i).find(|(_, leg)| {
                let m = leg.modes;
                !(m.empty || m.toggle_empty || m.hop || m.grasshop) && (m.enemy || m.friend)
            })?;
            if program.legs[i..=k].iter().any(|leg| leg.modes.has_toggle()) {
                return None;
            }
            let steps = k - i + 1;
            let paths = program.legs[i..=k].iter().map(directions).fold(1usize, |p, d| p.saturating_mul(d));
            let look = 2 * steps + 1;
            // A path costs the walker several times what reading one square costs (a step,
            // its modes, the path kept, the landing): measured on the Fire Demon's burns,
            // about four, and a rank of the box is read as one word. So even a capture on the
            // leg itself (the Lion's first step) is looked for first: that took 5% off
            // Suzumu's and 7% off Mitsugumi's perft instructions when the box was read square
            // by square.
            let cost = PATH_COST_IN_RANKS;
            (paths.saturating_mul(cost) > look).then_some(CaptureAhead {
                steps: steps as u8,
                friend: leg.modes.friend,
                enemy: leg.modes.enemy,
            })
        })
        .collect()
}

/// Does the walker's one-leg logic cover this program? One leg, absolute directions, no range
/// toggle (which only a later leg would see).
fn qualifies(program: &Program) -> bool {
    match program.legs.as_slice() {
        [leg] => matches!(leg.directions, LegDirections::Absolute(_)) && !leg.modes.toggle_empty,
        _ => false,
    }
}

/// `MoveTable::plain`: the rays of every program, in program order, when each is a plain
/// slide or leap.
fn plain_rays(compiled: &CompiledBetza, tables: &[Option<ProgramTable>], orientations: usize) -> Option<PlainRays> {
    let plain = |p: &Program| {
        let [leg] = p.legs.as_slice() else { return false };
        let m = leg.modes;
        qualifies(p) && !(leg.lame || leg.jump || m.hop || m.grasshop)
    };
    if compiled.programs.is_empty() || !compiled.programs.iter().all(plain) {
        return None;
    }
    let rays = (0..orientations)
        .map(|o| {
            let mut rays = Vec::new();
            for (i, (program, table)) in compiled.programs.iter().zip(tables).enumerate() {
                let m = program.legs[0].modes;
                for &ray in &table.as_ref()?.rays[o] {
                    let (empty, enemy, friend) = (m.empty, m.enemy, m.friend);
                    rays.push(PlainRay { ray, steps: program.base_steps, empty, enemy, friend, program: i as u32 });
                }
            }
            Some(rays)
        })
        .collect::<Option<Vec<_>>>()?;
    // Two rays reach one square when a multiple of one's step within its range is a multiple
    // of the other's (on a board without edges: an overestimate is only slower).
    let max_line = compiled.size.max_line();
    let offsets = |r: &PlainRay| {
        let (v, steps) = (r.ray.vector, r.steps.min(max_line) as i32);
        (1..=steps).map(move |k| (v.0 * k, v.1 * k))
    };
    let overlapping = rays.first().is_some_and(|rays: &Vec<PlainRay>| {
        rays.iter().enumerate().any(|(i, a)| {
            rays[i + 1..].iter().any(|b| {
                let reached: Vec<Vec2> = offsets(a).collect();
                offsets(b).any(|o| reached.contains(&o))
            })
        })
    });
    let friend_stopped = rays
        .iter()
        .map(|rays| {
            rays.iter()
                .try_fold(0u8, |dirs, r| (r.ray.compass != NOT_COMPASS && !r.friend).then(|| dirs | 1 << r.ray.compass))
        })
        .collect();
    Some(PlainRays { rays, overlapping, friend_stopped })
}

fn program_table(program: &Program, size: BoardSize, orientations: &[Orientation]) -> Option<ProgramTable> {
    if !qualifies(program) {
        return None;
    }
    let LegDirections::Absolute(vectors) = &program.legs[0].directions else { return None };
    let leaper = program.base_steps == 1;
    let rays = orientations
        .iter()
        .map(|&orientation| vectors.iter().map(|&v| ray(size, orientation.turn(v), leaper)).collect())
        .collect();
    Some(ProgramTable { rays })
}

/// The ray along `v` (from any square).
fn ray(size: BoardSize, v: Vec2, leaper: bool) -> Ray {
    let files = i32::from(size.files);
    let index_step = |(df, dr): Vec2| dr * files + df;
    // A leaper's way, as the walker's `leaper_way_ok` reads it: the squares strictly between
    // along a line, or the orthogonal square next to the origin along the long side. Both lie
    // between the origin and the ray's first square, so they are on the board when it is.
    let (way_step, way_len) = if !leaper {
        (0, 0)
    } else if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
        let m = v.0.abs().max(v.1.abs());
        (index_step((v.0.signum(), v.1.signum())), (m - 1) as u8)
    } else if v.1.abs() > v.0.abs() {
        (index_step((0, v.1.signum())), 1)
    } else {
        (index_step((v.0.signum(), 0)), 1)
    };
    let compass = COMPASS.iter().position(|&u| u == v).map_or(NOT_COMPASS, |d| d as u8);
    Ray { step: index_step(v), vector: v, compass, way_step, way_len }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xbetza::{compile_str, Readings};

    /// The Rook's four rays from e5 on 9x9 have four squares each (the board's edge read from
    /// the geometry); the Knight's from a1 are the two on the board; a Lion's two-leg programs
    /// are compass programs, and a two-leg program of two-square leaps (a Dabbaba's hook) is
    /// left to the walker.
    #[test]
    fn rays_cover_the_board_and_king_step_double_moves_are_compass_programs() {
        let size = BoardSize::parse("9x9").expect("size");
        let rook = MoveTable::of(&compile_str("R", size, Readings::default()).expect("R"), &[Orientation::Up]);
        let geometry = rook.geometry();
        // The squares of a ray on the board up to `range`, by index arithmetic from `from`.
        let squares_within = |r: &Ray, from: Square, range: u32| -> Vec<String> {
            let index = size.index(from);
            (1..=geometry.on_board(r, from, index, range))
                .map(|k| geometry.square((index as i32 + k as i32 * r.step) as usize).name())
                .collect()
        };
        let squares = |r: &Ray, from: Square| squares_within(r, from, u32::MAX);
        let e5 = size.parse_square("e5").expect("e5");
        let rays = rook.rays(0, Orientation::Up).expect("tabled");
        assert_eq!(rays.iter().map(|r| squares(r, e5).len()).collect::<Vec<_>>(), [4, 4, 4, 4]);
        let mut ends: Vec<String> = rays.iter().map(|r| squares(r, e5).last().cloned().unwrap_or_default()).collect();
        ends.sort();
        assert_eq!(ends, ["a5", "e1", "e9", "i5"]);
        let b2 = size.parse_square("b2").expect("b2");
        let mut lengths: Vec<usize> = rays.iter().map(|r| squares(r, b2).len()).collect();
        lengths.sort();
        assert_eq!(lengths, [1, 1, 7, 7]);

        let knight = MoveTable::of(&compile_str("N", size, Readings::default()).expect("N"), &[Orientation::Up]);
        let a1 = size.parse_square("a1").expect("a1");
        let mut firsts: Vec<String> =
            knight.rays(0, Orientation::Up).expect("tabled").iter().flat_map(|r| squares_within(r, a1, 1)).collect();
        firsts.sort();
        assert_eq!(firsts, ["b3", "c2"]);

        let lion =
            MoveTable::of(&compile_str("KNADcaKmcabK", size, Readings::default()).expect("Lion"), &[Orientation::Up]);
        let compiled = compile_str("KNADcaKmcabK", size, Readings::default()).expect("Lion");
        let one_leg = compiled.programs.iter().filter(|p| p.legs.len() == 1).count();
        assert!(one_leg < compiled.programs.len(), "the Lion has two-leg programs");
        assert_eq!(lion.compass_programs(), compiled.programs.len() - one_leg);
        assert_eq!(lion.tabled(), compiled.programs.len());

        let bent = compile_str("mafsD", size, Readings::default()).expect("mafsD");
        assert_eq!(bent.programs.len(), 1);
        assert_eq!(MoveTable::of(&bent, &[Orientation::Up]).tabled(), 0, "a two-square leap is no compass step");
    }
}
