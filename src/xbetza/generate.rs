//! Runs compiled leg programs on a board: the move set of one piece.
//!
//! Path rules (XBETZA.md): riders stop at the first occupied square; the starting square counts
//! as empty for every later leg (this makes igui and the pass possible); a square captured by an
//! earlier leg is empty for later legs; a hopped piece stays. A move's identity is
//! (destination, set of captured squares): different paths with one identity are one move.

use super::compile::{CompiledBetza, LegDirections, LegProgram, Program};
use super::directions::rotate45;
use super::occupancy::{Cell, Occupancy};
use super::readings::{ToggleScope, ToggleSpan};
use super::table::{CompassProgram, Geometry, MoveTable, Origin, PlainRays, Ray, LINE_LEGS, SHARED_LEGS};
use crate::geometry::{Orientation, Square, Vec2};
use smallvec::SmallVec;

/// What happened on one square of a move's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StepKind {
    /// The leg ended on an empty square (or the final leg moved there).
    Move,
    /// The leg captured what stood there.
    Capture,
    /// The leg ended on an occupied square and passed over it, leaving it.
    Hop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathStep {
    pub square: Square,
    pub kind: StepKind,
}

/// How a piece's move (`PieceMove`) looks from outside. The same notion as the engine's
/// `MoveKind`, narrowed to what one piece's path can be: the engine maps it onto its own kinds,
/// which add what no path is (drops, null moves, burns, promotions in place, a declined turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceMoveKind {
    /// Back on the start square, nothing captured: the turn is passed.
    Pass,
    /// Back on the start square after capturing: igui.
    Igui,
    /// To an empty square, nothing captured.
    Move,
    /// At least one capture, ending elsewhere.
    Capture,
}

impl PieceMoveKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            PieceMoveKind::Pass => "pass",
            PieceMoveKind::Igui => "igui",
            PieceMoveKind::Move => "move",
            PieceMoveKind::Capture => "capture",
        }
    }
}

/// A move's leg ends: most moves have one or two, kept inline (no allocation per move).
pub type Path = SmallVec<[PathStep; 4]>;

/// Captured squares: inline up to eight (a Fire Demon's burns), sorted.
pub type Squares = SmallVec<[Square; 8]>;

/// One move of the piece: the first path found for its identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMove {
    pub(crate) from: Square,
    pub to: Square,
    /// Captured squares, sorted; the destination is among them when it was captured.
    pub captures: Squares,
    /// The end square of every leg, in order.
    pub path: Path,
    /// Which path shape of the compiled move produced this path (its index in
    /// `CompiledBetza::programs`); None for a path the rules add (a pass to an adjacent empty
    /// square, skip.squares). An index, not the text: copying it costs nothing.
    pub program: Option<u32>,
}

impl PieceMove {
    pub(crate) fn kind(&self) -> PieceMoveKind {
        match (self.to == self.from, self.captures.is_empty()) {
            (true, true) => PieceMoveKind::Pass,
            (true, false) => PieceMoveKind::Igui,
            (false, true) => PieceMoveKind::Move,
            (false, false) => PieceMoveKind::Capture,
        }
    }

    /// The path shape as text (unrolled XBetza, `Program::text`); `compiled` is the move that
    /// produced this path.
    pub(crate) fn shape<'a>(&self, compiled: &'a CompiledBetza) -> &'a str {
        self.program.and_then(|i| compiled.programs.get(i as usize)).map_or("", |p| &p.text)
    }

    pub fn identity(&self) -> (Square, Vec<Square>) {
        (self.to, self.captures.to_vec())
    }
}

/// Every move of a piece with this XBetza standing on `from`, one per identity, sorted by
/// (destination, captures).
pub fn generate(compiled: &CompiledBetza, board: &Occupancy, from: Square, orientation: Orientation) -> Vec<PieceMove> {
    generate_where(compiled, board, from, orientation, &mut |_| true)
}

/// Like [`generate`], but a path counts only if `accept` says so. The engine uses this for the
/// rules XBetza cannot state (rank-limited jumping, burn immunity): a move identity is legal when
/// any of its paths is, so a rejected path does not hide another path to the same identity.
pub fn generate_where(
    compiled: &CompiledBetza,
    board: &Occupancy,
    from: Square,
    orientation: Orientation,
    accept: &mut dyn FnMut(&PieceMove) -> bool,
) -> Vec<PieceMove> {
    generate_tabled(compiled, None, board, from, orientation, accept)
}

/// [`generate_where`], running the programs `table` (built from `compiled`) covers from the
/// table (rays of one-leg programs, compass programs) instead of walking their legs with the
/// general walker: the same moves, paths and order.
pub fn generate_tabled(
    compiled: &CompiledBetza,
    table: Option<&MoveTable>,
    board: &Occupancy,
    from: Square,
    orientation: Orientation,
    accept: &mut dyn FnMut(&PieceMove) -> bool,
) -> Vec<PieceMove> {
    let mut found = Vec::new();
    generate_tabled_into(compiled, table, board, from, orientation, accept, &mut found);
    sort_by_identity(&mut found);
    found
}

/// Moves of one piece in identity order (destination, then captured squares), as callers
/// have always had them: seeded random games pick moves by index.
pub(crate) fn sort_by_identity(moves: &mut [PieceMove]) {
    moves.sort_unstable_by(|a, b| (a.to, &a.captures).cmp(&(b.to, &b.captures)));
}

/// [`generate_tabled`], appending to `found` (whose room the caller reuses) in the order the
/// programs find them, not sorted (`sort_by_identity`: a count needs no order): what was in it
/// stays, and only the moves added are told apart by identity.
pub(crate) fn generate_tabled_into(
    compiled: &CompiledBetza,
    table: Option<&MoveTable>,
    board: &Occupancy,
    from: Square,
    orientation: Orientation,
    accept: &mut dyn FnMut(&PieceMove) -> bool,
    found: &mut Vec<PieceMove>,
) {
    let start = found.len();
    let Some(first) = compiled.programs.first() else {
        return;
    };
    let plain = table.and_then(|t| Some((t, t.plain()?, t.origin(orientation, from)?)));
    if let Some((table, plain, origin)) = plain {
        if !shut_in(plain, table.geometry(), board, origin) {
            plain_moves(plain, table.geometry(), board, from, origin, accept, found);
        }
        return;
    }
    let mut walker = Walker {
        board,
        from,
        orientation,
        max_line: compiled.size.max_line(),
        scope: compiled.readings.toggle_scope,
        span: compiled.readings.toggle_span,
        captured: Squares::new(),
        path: Path::new(),
        found,
        start,
        identities: IdentitySet::default(),
        program: first,
        program_index: 0,
        accept,
        lines: [LineScan::default(); 8],
        lines_known: 0,
        friends_around: None,
        refusals: 0,
        explored: None,
        leg_ends: None,
    };
    let tabled = table.and_then(|t| Some((t, t.origin(orientation, from)?)));
    for (i, program) in compiled.programs.iter().enumerate() {
        walker.program = program;
        walker.program_index = i as u32;
        let Some((table, origin)) = tabled else {
            walker.leg(0, from, (0, 0), false, false);
            continue;
        };
        if let Some(rays) = table.rays_from(i, origin) {
            walker.rays(table.geometry(), origin.index, rays);
        } else if let Some(compass) = table.compass(i) {
            if let Some(source) = compass.replays {
                walker.replay(table, compass, source);
                continue;
            }
            if compass.replayed {
                walker.leg_ends.get_or_insert_with(LegEnds::take).start(walker.program_index);
            }
            walker.compass(table, compass, origin);
            if let Some(ends) = &mut walker.leg_ends {
                ends.stop();
            }
        } else {
            walker.leg(0, from, (0, 0), false, false);
        }
    }
    if let Some(ends) = walker.leg_ends.take() {
        ends.give_back();
    }
    if let Some(explored) = walker.explored.take() {
        explored.give_back();
    }
}

/// Is a plain piece whose rays friends stop (`PlainRays::friend_stopped`) shut in at `origin`:
/// every first step off the board or onto a friend? Then it has no move.
#[inline]
fn shut_in(plain: &PlainRays, geometry: &Geometry, board: &Occupancy, origin: Origin) -> bool {
    let Some(mut dirs) = plain.friend_stopped(origin) else { return false };
    while dirs != 0 {
        let d = dirs.trailing_zeros() as u8;
        dirs &= dirs - 1;
        if first_step(geometry, board, origin.index, d).is_some_and(|cell| cell != Cell::Friend) {
            return false;
        }
    }
    true
}

/// What stands one king step from square index `origin` along compass direction `dir`; None
/// off the board.
#[inline]
fn first_step(geometry: &Geometry, board: &Occupancy, origin: usize, dir: u8) -> Option<Cell> {
    (geometry.edge(origin, dir) > 0).then(|| board.at_index((origin as i32 + geometry.compass_step(dir)) as usize))
}

/// The moves of a plain piece (`PlainRays`) from `from`: each ray followed to its first piece,
/// as the walker's `rays` would (the same moves and paths, in program and ray order, before
/// sorting). Nothing else is needed: a one-leg path never comes back to the start square and
/// captures nothing before it lands.
fn plain_moves(
    plain: &PlainRays,
    geometry: &Geometry,
    board: &Occupancy,
    from: Square,
    origin: Origin,
    accept: &mut dyn FnMut(&PieceMove) -> bool,
    found: &mut Vec<PieceMove>,
) {
    let start = found.len();
    plain_rays(plain, geometry, board, from, origin, |to, kind, program| {
        let captures: Squares = if kind == StepKind::Capture { smallvec::smallvec![to] } else { Squares::new() };
        let known = plain.overlapping && found[start..].iter().any(|m| m.to == to && m.captures[..] == captures[..]);
        if !known {
            let path: Path = smallvec::smallvec![PathStep { square: to, kind }];
            let mv = PieceMove { from, to, captures, path, program: Some(program) };
            if accept(&mv) {
                found.push(mv);
            }
        }
    });
}

/// Each landing of a plain piece's rays from `from`, in program and ray order: `land(to, kind,
/// program)` with `StepKind::Move` onto an empty square, `StepKind::Capture` onto a piece it
/// takes. Rays of two programs may land on one square (`PlainRays::overlapping`).
#[inline]
fn plain_rays(
    plain: &PlainRays,
    geometry: &Geometry,
    board: &Occupancy,
    from: Square,
    origin: Origin,
    mut land: impl FnMut(Square, StepKind, u32),
) {
    for r in plain.from(origin) {
        let reach = geometry.on_board(&r.ray, from, origin.index, r.steps);
        let mut index = origin.index as i32;
        for _ in 0..reach {
            index += r.ray.step;
            let cell = board.at_index(index as usize);
            let kind = match cell {
                Cell::Empty if r.empty => StepKind::Move,
                Cell::Enemy if r.enemy => StepKind::Capture,
                Cell::Friend if r.friend => StepKind::Capture,
                Cell::Empty => continue,
                _ => break,
            };
            land(geometry.square(index as usize), kind, r.program);
            if cell != Cell::Empty {
                break;
            }
        }
    }
}

/// The landings of a plain piece (`MoveTable::plain`) from `from`, its moves not written:
/// `land(to, kind)` for each destination, `StepKind::Move` onto an empty square and
/// `StepKind::Capture` onto a piece it takes, one per move `generate_tabled_into` would find
/// (every one-leg path is accepted there). False, with nothing visited, when the move is not
/// plain, or when two of its rays may land on one square (`PlainRays::overlapping`: the second
/// landing is no new move, which only the moves written tell).
pub(crate) fn plain_landings(
    table: &MoveTable,
    board: &Occupancy,
    from: Square,
    orientation: Orientation,
    mut land: impl FnMut(Square, StepKind),
) -> bool {
    let Some((plain, origin)) = table.plain().filter(|p| !p.overlapping).zip(table.origin(orientation, from)) else {
        return false;
    };
    if !shut_in(plain, table.geometry(), board, origin) {
        plain_rays(plain, table.geometry(), board, from, origin, |to, kind, _| land(to, kind));
    }
    true
}

/// How the leg after a non-final leg end is walked: by the general legs from the step vector
/// that arrived, or as a compass program from the square index and compass direction.
#[derive(Clone, Copy)]
enum Onward<'t> {
    Vector(Vec2),
    Compass(&'t MoveTable, &'t CompassProgram, usize, u8),
}

struct Walker<'a> {
    board: &'a Occupancy,
    from: Square,
    orientation: Orientation,
    max_line: u32,
    scope: ToggleScope,
    span: ToggleSpan,
    captured: Squares,
    path: Path,
    /// The moves accepted so far, one per identity (the first path found for it).
    found: &'a mut Vec<PieceMove>,
    /// Where this piece's moves start in `found`.
    start: usize,
    /// The identities in `found[start..]`, for a landing to look its own up.
    identities: IdentitySet,
    program: &'a Program,
    program_index: u32,
    accept: &'a mut dyn FnMut(&PieceMove) -> bool,
    /// The pieces along each compass line from the moving piece, for line programs: read
    /// once per line and shared by every line program of the piece (`lines_known` has bit
    /// `d` set once line `d` is read).
    lines: [LineScan; 8],
    lines_known: u8,
    /// The compass directions whose first king step from the moving piece is onto a friend, as
    /// a bit set; read once per piece, when a compass program first asks.
    friends_around: Option<u8>,
    /// How many paths `accept` has refused so far.
    refusals: u32,
    /// The compass-program states walked to the end without a refusal (`Explored`), for
    /// programs of more than two legs.
    explored: Option<Explored>,
    /// The ends of the second leg of the programs that later ones replay (`LegEnds`), kept
    /// while such a program runs.
    leg_ends: Option<LegEnds>,
}

/// The walks of a compass program (a leg, from a square, along a direction, with its range
/// toggles; nothing captured yet) whose every path has been followed to its end with no path
/// refused by `accept`. Every move reachable that way is then among the moves found: its
/// identity (destination and captures) depends only on the walk and the path after it, and it
/// was recorded or was already there. Another path arriving at the same square for the same
/// leg can add nothing that way, whatever `accept` would say of it, so the walk is not
/// repeated. (Keyed by direction, not by the step that arrived: a leg that may turn every way
/// but back goes the same ways from a square whichever way it came, but one.) Where a
/// path below the state was refused, the state is not remembered: `accept` may judge a path by
/// how it reached the state (the Fire Demon's burns: whether the start or the destination was
/// passed on the way), and another way in might be accepted. This is what keeps the Fire
/// Demon's area moves (up to seven king steps, thousands of paths in the open) from walking the
/// same squares again and again: the moves found, their paths and their order are the same.
struct Explored {
    /// (state key, program stamp); a slot belongs to the current program when its stamp is
    /// `stamp`, so nothing is cleared between programs.
    slots: Vec<(u32, u32)>,
    stamp: u32,
    /// States remembered for the current program; past half the slots, no more are.
    len: usize,
}

/// Room for the states of one program (a Fire Demon in the open has a few hundred).
const EXPLORED_SLOTS: usize = 2048;

thread_local! {
    /// One `Explored` per thread, reused by every piece: it is taken for a generation and given
    /// back at its end.
    static EXPLORED: std::cell::Cell<Option<Explored>> = const { std::cell::Cell::new(None) };
}

impl Explored {
    fn take() -> Explored {
        EXPLORED.with(|e| e.take()).unwrap_or_else(|| Explored {
            slots: vec![(0, 0); EXPLORED_SLOTS],
            stamp: 0,
            len: 0,
        })
    }

    fn give_back(self) {
        EXPLORED.with(|e| e.set(Some(self)));
    }

    /// Forgets the states of the program before.
    fn next_program(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Once in 2^32 programs the stamps wrap around: old slots could look current.
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The slot of `key`: where it is, or the free slot where it would go.
    fn slot(&self, key: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9e37_79b9) >> 16) as usize & mask;
        while self.slots[i].1 == self.stamp && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn contains(&self, key: u32) -> bool {
        self.slots[self.slot(key)].1 == self.stamp
    }

    fn insert(&mut self, key: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            return; // full enough: probes stay short, and a state not remembered is only walked
        }
        let i = self.slot(key);
        if self.slots[i].1 != self.stamp {
            self.slots[i] = (key, self.stamp);
            self.len += 1;
        }
    }
}

/// Where the second leg of a compass program ended, with everything the third leg starts
/// from: for the programs that replay it (`CompassProgram::replays`), kept in the order the
/// walk reached them.
struct LegEnd {
    at: usize,
    dir: u8,
    toggled: bool,
    carry: bool,
    path: Path,
    captured: Squares,
}

/// The second-leg ends of each replayed program of one piece.
struct LegEnds {
    ends: Vec<LegEnd>,
    /// (program index, start, end) of each replayed program's ends in `ends`; the one being
    /// walked is the last, and its end is set when its walk is over.
    spans: Vec<(u32, usize, usize)>,
    /// Is a replayed program being walked (its leg ends kept)?
    keeping: bool,
}

thread_local! {
    /// One `LegEnds` per thread, reused by every piece, as `EXPLORED`.
    static LEG_ENDS: std::cell::Cell<Option<LegEnds>> = const { std::cell::Cell::new(None) };
}

impl LegEnds {
    fn take() -> LegEnds {
        let mut ends = LEG_ENDS.with(|e| e.take()).unwrap_or_else(|| LegEnds {
            ends: Vec::with_capacity(64),
            spans: Vec::with_capacity(8),
            keeping: false,
        });
        ends.ends.clear();
        ends.spans.clear();
        ends
    }

    fn give_back(self) {
        LEG_ENDS.with(|e| e.set(Some(self)));
    }

    /// Program `program`'s walk begins: its leg ends are kept from now on.
    fn start(&mut self, program: u32) {
        self.spans.push((program, self.ends.len(), self.ends.len()));
        self.keeping = true;
    }

    /// The walk is over (a walk not started leaves the spans as they are).
    fn stop(&mut self) {
        if std::mem::replace(&mut self.keeping, false) {
            let end = self.ends.len();
            self.spans.last_mut().expect("a program started").2 = end;
        }
    }

    /// The kept ends of `program`'s second leg (none if it was not walked).
    fn of(&self, program: u32) -> &[LegEnd] {
        self.spans.iter().find(|s| s.0 == program).map_or(&[], |&(_, start, end)| &self.ends[start..end])
    }
}

/// The nearest pieces along one compass line from the moving piece, nearest first, and how
/// far the line runs on the board: all a line program needs to know of that line.
#[derive(Clone, Copy, Default)]
struct LineScan {
    /// How many pieces were found (at most `LINE_LEGS`: more are never reached).
    count: u8,
    /// Each one's distance from the moving piece in king steps, and its square index (small
    /// types: the walker clears eight of these per piece, and boards are at most 26x26).
    distance: [u8; LINE_LEGS],
    index: [u16; LINE_LEGS],
    /// How many king steps the line stays on the board.
    edge: u8,
}

impl Walker<'_> {
    /// The square's content as later legs see it: the start square and captured squares are
    /// empty.
    fn cell(&self, sq: Square) -> Cell {
        if sq == self.from || self.captured.contains(&sq) {
            Cell::Empty
        } else {
            self.board.get(sq)
        }
    }

    /// [`Walker::cell`] of the square `sq` whose index is `index`.
    #[inline]
    fn cell_at(&self, index: usize, sq: Square) -> Cell {
        if sq == self.from || (!self.captured.is_empty() && self.captured.contains(&sq)) {
            Cell::Empty
        } else {
            self.board.at_index(index)
        }
    }

    /// Runs leg `i` from `pos`. `prev` is the previous step vector, `toggled` whether the range
    /// is toggled for this leg, `carry` the toggle state that later legs inherit under the
    /// rest-of-move reading.
    fn leg(&mut self, i: usize, pos: Square, prev: Vec2, toggled: bool, carry: bool) {
        let program = self.program;
        let leg = &program.legs[i];
        let steps = if toggled { program.toggled_steps(self.max_line) } else { program.base_steps };
        match &leg.directions {
            LegDirections::Universal => {
                for sq in self.board.size.squares() {
                    if sq != pos {
                        self.land(leg, sq);
                    }
                }
            }
            LegDirections::Absolute(vs) => {
                for &v in vs {
                    let v = self.orientation.turn(v);
                    self.walk(i, leg, pos, v, steps, carry);
                }
            }
            LegDirections::Relative(turns) => {
                for &t in turns {
                    let v = rotate45(prev, t);
                    self.walk(i, leg, pos, v, steps, carry);
                }
            }
        }
    }

    /// A one-leg program from its table's rays: what `walk` and `walk_hop` do along each
    /// direction, with the squares found by index arithmetic (the board's edges from the
    /// table's geometry).
    fn rays(&mut self, geometry: &Geometry, origin: usize, rays: &[Ray]) {
        let program = self.program;
        let leg = &program.legs[0];
        let steps = program.base_steps;
        let leaper = steps == 1;
        let hops = leg.modes.hop || leg.modes.grasshop;
        let origin_index = origin as i32;
        for ray in rays {
            let at = |k: u32| -> (usize, Square) {
                let index = (origin_index + (k as i32 + 1) * ray.step) as usize;
                (index, geometry.square(index))
            };
            // A grasshopper lands behind its hurdle even beyond its range: one square more.
            let on_board =
                geometry.on_board(ray, self.from, origin, if hops { steps.saturating_add(1) } else { steps });
            if on_board == 0 {
                continue;
            }
            if leaper && (leg.lame || leg.jump) {
                let occupied = (1..=i32::from(ray.way_len)).any(|j| {
                    let index = (origin_index + j * ray.way_step) as usize;
                    self.cell_at(index, geometry.square(index)) != Cell::Empty
                });
                if (leg.lame && occupied) || (leg.jump && !occupied) {
                    continue;
                }
            }
            let reach = steps.min(on_board);
            if hops {
                let Some(hurdle) = (0..reach).find(|&k| {
                    let (index, sq) = at(k);
                    self.cell_at(index, sq) != Cell::Empty
                }) else {
                    continue;
                };
                if leg.modes.grasshop && hurdle + 1 < on_board {
                    self.land(leg, at(hurdle + 1).1);
                }
                if leg.modes.hop {
                    for k in hurdle + 1..reach {
                        let (index, sq) = at(k);
                        let cell = self.cell_at(index, sq);
                        self.land_on(leg, sq, cell);
                        if cell != Cell::Empty {
                            break;
                        }
                    }
                }
                continue;
            }
            // `j` on a rider: the first square is skipped entirely, whatever stands there.
            let skip_first = leg.jump && !leaper;
            for k in u32::from(skip_first)..reach {
                let (index, sq) = at(k);
                let cell = self.cell_at(index, sq);
                self.land_on(leg, sq, cell);
                if cell != Cell::Empty {
                    break;
                }
            }
        }
    }

    /// Leg `i` of a compass program from square index `pos`, whose previous step went along
    /// compass direction `prev`; `dirs` are the first leg's directions (absolute) or this
    /// leg's turns. What `leg` and `walk` do for such a program (no lame or jumping leg, no
    /// final hop), with directions as compass indices and steps read from the neighbour table.
    #[allow(clippy::too_many_arguments)] // the walker's leg state, as `leg` takes it
    fn compass_leg(
        &mut self,
        table: &MoveTable,
        compass: &CompassProgram,
        dirs: &[u8],
        i: usize,
        pos: usize,
        prev: u8,
        toggled: bool,
        carry: bool,
    ) {
        let program = self.program;
        let steps = if toggled { program.toggled_steps(self.max_line) } else { program.base_steps };
        if let Some(ahead) = compass.capture_ahead[i] {
            // Every path from here captures within `ahead.steps` king steps: with no piece it
            // could take that near, none of them lands, and walking them is wasted (a look at
            // the few squares around is cheaper than the paths).
            if self.steps_stay_single(steps) && !self.board.piece_within(pos, ahead.steps, ahead.friend, ahead.enemy) {
                return;
            }
        }
        let leg = &program.legs[i];
        let geometry = table.geometry();
        // Where the walk along a direction may be remembered (`Explored`): past the second
        // leg (before it, one path reaches each square), with nothing captured on the way.
        let remember = i >= 2 && self.captured.is_empty() && self.explored.is_some();
        for &d in dirs {
            let dir = if i == 0 { d } else { (prev + d) & 7 };
            let key = remember.then(|| {
                (i as u32) << 27 | u32::from(dir) << 24 | u32::from(toggled) << 23 | u32::from(carry) << 22 | pos as u32
            });
            if let (Some(key), Some(explored)) = (key, &self.explored) {
                if explored.contains(key) {
                    continue;
                }
            }
            let refusals = self.refusals;
            let step = geometry.compass_step(dir);
            let mut at = pos;
            for _ in 0..steps.min(geometry.edge(pos, dir)) {
                at = (at as i32 + step) as usize;
                let sq = geometry.square(at);
                let cell = self.cell_at(at, sq);
                if leg.is_final {
                    self.land_on(leg, sq, cell);
                } else {
                    self.continue_from(i, leg, sq, cell, carry, Onward::Compass(table, compass, at, dir));
                }
                if cell != Cell::Empty {
                    break;
                }
            }
            if let (Some(key), Some(explored)) = (key, &mut self.explored) {
                if self.refusals == refusals || table.explored_ignores_refusals {
                    explored.insert(key);
                }
            }
        }
    }

    /// Do the legs from this one up to a `CaptureAhead`'s capture step one king step each,
    /// this leg stepping `steps`? Those legs have no range toggle of their own (what
    /// `CaptureAhead` is built for), so they keep this leg's range where a toggle lasts the
    /// rest of the move; where it lasts one leg, they are back at the program's own range.
    #[inline]
    fn steps_stay_single(&self, steps: u32) -> bool {
        steps == 1 && (self.span == ToggleSpan::RestOfMove || self.program.base_steps == 1)
    }

    /// Compass program `self.program` from the square index of `origin`, from its first leg.
    fn compass(&mut self, table: &MoveTable, compass: &CompassProgram, origin: Origin) {
        let dirs = compass.first_mask[origin.orientation];
        let geometry = table.geometry();
        if compass.stopped_by_friends && dirs & !self.friends_around(geometry, origin.index) == 0 {
            return; // every first step is onto a friend: no path
        }
        if compass.line {
            self.line(geometry, &compass.first[origin.orientation], origin.index);
            return;
        }
        let first = &compass.first[origin.orientation];
        if self.program.legs.len() > 2 {
            // A state past the second leg can be reached by several paths: worth
            // remembering which were walked to the end (`Explored`).
            self.explored.get_or_insert_with(Explored::take).next_program();
        }
        self.compass_leg(table, compass, first, 0, origin.index, 0, false, false);
    }

    /// Compass program `self.program`, whose first `SHARED_LEGS` legs walk as program
    /// `source`'s (run before it): its third leg from each end of `source`'s second leg, in
    /// the order `source` reached them. Its own walk would reach the same ends in the same
    /// order, so the paths it finds are the same.
    fn replay(&mut self, table: &MoveTable, compass: &CompassProgram, source: u32) {
        let Some(ends) = self.leg_ends.take() else {
            return; // the source was not walked: no piece, no path
        };
        self.explored.get_or_insert_with(Explored::take).next_program();
        for end in ends.of(source) {
            self.path.clone_from(&end.path);
            self.captured.clone_from(&end.captured);
            let turns = &compass.turns[SHARED_LEGS - 1];
            self.compass_leg(table, compass, turns, SHARED_LEGS, end.at, end.dir, end.toggled, end.carry);
        }
        self.path.clear();
        self.captured.clear();
        self.leg_ends = Some(ends);
    }

    /// `Walker::friends_around`, read from the board the first time.
    fn friends_around(&mut self, geometry: &Geometry, origin: usize) -> u8 {
        let board = self.board;
        *self.friends_around.get_or_insert_with(|| {
            (0..8u8)
                .filter(|&d| first_step(geometry, board, origin, d) == Some(Cell::Friend))
                .fold(0, |mask, d| mask | 1 << d)
        })
    }

    /// A line program (`CompassProgram::line`) from square index `origin` along each of the
    /// directions `dirs`: the paths `compass_leg` would walk, in the same order, found from the
    /// pieces along each line. Leg `k` (not the last) can end only on the `k`-th piece, by
    /// capturing it or hopping it; the last leg lands on the empty squares before the next
    /// piece and on that piece. Nothing is ever walked back over, so neither the start square
    /// nor a captured square is seen again.
    fn line(&mut self, geometry: &Geometry, dirs: &[u8], origin: usize) {
        for &dir in dirs {
            let scan = self.line_scan(geometry, origin, dir);
            self.line_leg(geometry, &scan, origin, dir, 0, 0);
        }
    }

    /// The pieces along compass line `dir` from `origin`, read from the board the first time a
    /// line program of this piece asks.
    fn line_scan(&mut self, geometry: &Geometry, origin: usize, dir: u8) -> LineScan {
        let bit = 1u8 << dir;
        if self.lines_known & bit == 0 {
            let step = geometry.compass_step(dir);
            let edge = geometry.edge(origin, dir);
            let mut scan = LineScan { edge: edge as u8, ..LineScan::default() };
            let mut at = origin as i32;
            for distance in 1..=edge {
                at += step;
                if self.board.at_index(at as usize) != Cell::Empty {
                    let n = usize::from(scan.count);
                    scan.distance[n] = distance as u8;
                    scan.index[n] = at as u16;
                    scan.count += 1;
                    if n + 1 == LINE_LEGS {
                        break;
                    }
                }
            }
            self.lines[usize::from(dir)] = scan;
            self.lines_known |= bit;
        }
        self.lines[usize::from(dir)]
    }

    /// Leg `i` of a line program, starting `behind` king steps out along line `dir` (on the
    /// `i`-th piece of `scan`, or the start square for the first leg).
    fn line_leg(&mut self, geometry: &Geometry, scan: &LineScan, origin: usize, dir: u8, i: usize, behind: u32) {
        let program = self.program;
        let leg = &program.legs[i];
        let limit = behind.saturating_add(program.base_steps).min(u32::from(scan.edge));
        // The piece this leg meets, if it is within the leg's range.
        let next = (i < usize::from(scan.count) && u32::from(scan.distance[i]) <= limit).then_some(i);
        if leg.is_final {
            if leg.modes.empty {
                let step = geometry.compass_step(dir);
                let end = next.map_or(limit, |k| u32::from(scan.distance[k]) - 1);
                for distance in behind + 1..=end {
                    let index = (origin as i32 + distance as i32 * step) as usize;
                    self.land_on(leg, geometry.square(index), Cell::Empty);
                }
            }
            if let Some(k) = next {
                let index = scan.index[k] as usize;
                self.land_on(leg, geometry.square(index), self.board.at_index(index));
            }
            return;
        }
        let Some(k) = next else { return };
        let index = scan.index[k] as usize;
        let (sq, cell) = (geometry.square(index), self.board.at_index(index));
        let m = leg.modes;
        // As `continue_from` orders them: the capture first, then the hop.
        if (cell == Cell::Enemy && m.enemy) || (cell == Cell::Friend && m.friend) {
            self.captured.push(sq);
            self.path.push(PathStep { square: sq, kind: StepKind::Capture });
            self.line_leg(geometry, scan, origin, dir, i + 1, u32::from(scan.distance[k]));
            self.path.pop();
            self.captured.pop();
        }
        if m.hop {
            self.path.push(PathStep { square: sq, kind: StepKind::Hop });
            self.line_leg(geometry, scan, origin, dir, i + 1, u32::from(scan.distance[k]));
            self.path.pop();
        }
    }

    /// Whether a leaper's way from `pos` along `v` is open (`n`) or jumps a piece (`j`).
    fn leaper_way_ok(&self, leg: &LegProgram, pos: Square, v: Vec2) -> bool {
        if !(leg.lame || leg.jump) {
            return true;
        }
        let size = self.board.size;
        let taken = |s: Option<Square>| s.is_some_and(|s| self.cell(s) != Cell::Empty);
        let occupied = if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
            let m = v.0.abs().max(v.1.abs());
            let u = (v.0.signum(), v.1.signum());
            (1..m).filter(|&k| taken(size.offset(pos, (u.0 * k, u.1 * k)))).count()
        } else if v.1.abs() > v.0.abs() {
            // oblique: the orthogonal square next to the start along the long leg (Xiangqi horse)
            usize::from(taken(size.offset(pos, (0, v.1.signum()))))
        } else {
            usize::from(taken(size.offset(pos, (v.0.signum(), 0))))
        };
        if leg.lame && occupied > 0 {
            return false;
        }
        if leg.jump && occupied == 0 {
            return false;
        }
        true
    }

    fn walk(&mut self, i: usize, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, carry: bool) {
        let size = self.board.size;
        let leaper = steps == 1;
        if leaper && !self.leaper_way_ok(leg, pos, v) {
            return;
        }
        // `j` on a rider: the first square is skipped entirely, whatever stands there.
        let skip_first = leg.jump && !leaper;
        if leg.is_final && (leg.modes.hop || leg.modes.grasshop) {
            self.walk_hop(leg, pos, v, steps);
            return;
        }
        for s in 1..=steps as i32 {
            let Some(sq) = size.offset(pos, (v.0 * s, v.1 * s)) else {
                break;
            };
            if skip_first && s == 1 {
                continue;
            }
            let cell = self.cell(sq);
            if leg.is_final {
                self.land(leg, sq);
            } else {
                self.continue_from(i, leg, sq, cell, carry, Onward::Vector(v));
            }
            if cell != Cell::Empty {
                break;
            }
        }
    }

    /// Final leg with `p` (hop the first piece, then go on) or `g` (land right behind it).
    fn walk_hop(&mut self, leg: &LegProgram, pos: Square, v: Vec2, steps: u32) {
        let size = self.board.size;
        let mut s = 1;
        // find the hurdle
        loop {
            if s > steps as i32 {
                return;
            }
            let Some(sq) = size.offset(pos, (v.0 * s, v.1 * s)) else {
                return;
            };
            if self.cell(sq) != Cell::Empty {
                break;
            }
            s += 1;
        }
        let after = s + 1;
        if leg.modes.grasshop {
            if let Some(sq) = size.offset(pos, (v.0 * after, v.1 * after)) {
                self.land(leg, sq);
            }
        }
        if leg.modes.hop {
            for t in after..=steps as i32 {
                let Some(sq) = size.offset(pos, (v.0 * t, v.1 * t)) else {
                    break;
                };
                let cell = self.cell(sq);
                self.land(leg, sq);
                if cell != Cell::Empty {
                    break;
                }
            }
        }
    }

    /// A non-final leg ends on `sq`: try every mode alternative and go on with the next leg,
    /// walked the way `onward` says.
    #[inline(always)]
    fn continue_from(&mut self, i: usize, leg: &LegProgram, sq: Square, cell: Cell, carry: bool, onward: Onward) {
        let m = leg.modes;
        // (step kind, whether this alternative toggles), at most three, built in the order
        // (kind, toggles) sorts them and without repeats: this runs at every square a leg
        // passes, so nothing is sorted or allocated.
        let whole = self.scope == ToggleScope::WholeLeg && m.has_toggle();
        let mut options = [(StepKind::Move, false); 3];
        let mut n = 0;
        let mut push = |option: (StepKind, bool)| {
            options[n] = option;
            n += 1;
        };
        match cell {
            Cell::Empty => {
                if m.empty {
                    push((StepKind::Move, whole));
                }
                if m.toggle_empty && !(m.empty && whole) {
                    push((StepKind::Move, true));
                }
            }
            Cell::Enemy | Cell::Friend => {
                if (cell == Cell::Enemy && m.enemy) || (cell == Cell::Friend && m.friend) {
                    push((StepKind::Capture, whole));
                }
                if m.hop {
                    push((StepKind::Hop, whole));
                }
                if m.grasshop && !(m.hop && whole) {
                    push((StepKind::Hop, true));
                }
            }
        }
        for &(kind, toggles) in &options[..n] {
            if kind == StepKind::Capture {
                self.captured.push(sq);
            }
            self.path.push(PathStep { square: sq, kind });
            let (next_toggled, next_carry) = match self.span {
                ToggleSpan::RestOfMove => (carry ^ toggles, carry ^ toggles),
                ToggleSpan::NextLeg => (toggles, false),
            };
            match onward {
                Onward::Vector(v) => self.leg(i + 1, sq, v, next_toggled, next_carry),
                Onward::Compass(table, compass, at, dir) => {
                    if i + 1 == SHARED_LEGS {
                        if let Some(ends) = self.leg_ends.as_mut().filter(|e| e.keeping) {
                            ends.ends.push(LegEnd {
                                at,
                                dir,
                                toggled: next_toggled,
                                carry: next_carry,
                                path: self.path.clone(),
                                captured: self.captured.clone(),
                            });
                        }
                    }
                    self.compass_leg(table, compass, &compass.turns[i], i + 1, at, dir, next_toggled, next_carry)
                }
            }
            self.path.pop();
            if kind == StepKind::Capture {
                self.captured.pop();
            }
        }
    }

    /// The final leg reaches `sq`: record the move if the leg's modes allow it.
    fn land(&mut self, leg: &LegProgram, sq: Square) {
        self.land_on(leg, sq, self.cell(sq));
    }

    /// [`Walker::land`] on `sq`, whose content (as [`Walker::cell`] reads it) is `cell`.
    /// Inlined where it is called: most landings are refused by the leg's modes (a slide
    /// meeting a friend, a capture-only leg on an empty square), and those cost no call.
    #[inline(always)]
    fn land_on(&mut self, leg: &LegProgram, sq: Square, cell: Cell) {
        let kind = match cell {
            Cell::Empty if leg.modes.empty => StepKind::Move,
            Cell::Enemy if leg.modes.enemy => StepKind::Capture,
            Cell::Friend if leg.modes.friend => StepKind::Capture,
            _ => return,
        };
        self.record(sq, kind);
    }

    /// The final leg ends on `sq` with this step: the move is recorded unless its identity
    /// was found already or `accept` refuses the path.
    #[inline(never)]
    fn record(&mut self, sq: Square, kind: StepKind) {
        // The identity is built on the stack: most paths of a many-path piece (an area mover)
        // reach an identity already found, and those allocate nothing. A one-leg path (most
        // moves) captures at most its destination, so nothing needs sorting.
        let mut captures: Squares = if self.captured.is_empty() { Squares::new() } else { self.captured.clone() };
        if kind == StepKind::Capture {
            captures.push(sq);
        }
        if captures.len() > 1 {
            captures.sort_unstable();
        }
        // Hashed only once the piece's moves are (scans need no hash).
        let hash = if self.identities.hashed() { IdentitySet::hash(sq, &captures) } else { 0 };
        if self.identities.contains(hash, &self.found[self.start..], sq, &captures) {
            return;
        }
        let mut path = if self.path.is_empty() { Path::new() } else { self.path.clone() };
        path.push(PathStep { square: sq, kind });
        let mv = PieceMove { from: self.from, to: sq, captures, path, program: Some(self.program_index) };
        if (self.accept)(&mv) {
            self.found.push(mv);
            self.identities.insert(hash, &self.found[self.start..]);
        } else {
            self.refusals += 1;
        }
    }
}

/// The identities (destination, captured squares) of the moves found so far for one piece.
/// Most pieces have a handful of moves, looked up by a scan; past `SCAN_UP_TO` moves they go
/// into an open-addressing hash set of their indices. An area mover lands hundreds of times on
/// a few dozen identities, where a scan per landing was most of its time.
#[derive(Default)]
struct IdentitySet {
    /// Per slot: (hash, index + 1 into the piece's moves), 0 for an empty slot; empty while
    /// the moves are scanned, then a power of two, at least twice the number of moves.
    slots: Vec<(u32, u32)>,
    len: usize,
}

/// Up to this many moves a scan is cheaper than building the hash set.
const SCAN_UP_TO: usize = 16;

impl IdentitySet {
    fn hash(to: Square, captures: &[Square]) -> u32 {
        let mut h = (u32::from(to.file) << 8 | u32::from(to.rank)).wrapping_mul(0x9e37_79b9);
        for c in captures {
            h = (h ^ (u32::from(c.file) << 8 | u32::from(c.rank))).wrapping_mul(0x85eb_ca6b);
        }
        h ^ (h >> 15)
    }

    /// Are the moves in the hash set (rather than scanned)?
    fn hashed(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Is a move with this identity among `moves` (the piece's moves, which the indices name)?
    /// `hash` is the identity's hash, needed only when `hashed()`.
    fn contains(&self, hash: u32, moves: &[PieceMove], to: Square, captures: &[Square]) -> bool {
        if self.slots.is_empty() {
            return moves.iter().any(|m| m.to == to && m.captures[..] == *captures);
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let (h, index) = self.slots[i];
            if index == 0 {
                return false;
            }
            if h == hash {
                let m = &moves[index as usize - 1];
                if m.to == to && m.captures[..] == *captures {
                    return true;
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Records that `moves` (the piece's moves) gained its last move, whose identity hashes
    /// to `hash` (needed only when `hashed()`) and was not yet among them.
    fn insert(&mut self, hash: u32, moves: &[PieceMove]) {
        self.len += 1;
        debug_assert_eq!(self.len, moves.len());
        if self.slots.is_empty() && self.len <= SCAN_UP_TO {
            return;
        }
        if 2 * self.len > self.slots.len() {
            // Built (or rebuilt larger) from the moves themselves.
            self.slots = vec![(0, 0); (4 * self.len).next_power_of_two()];
            for (i, m) in moves.iter().enumerate() {
                self.place((Self::hash(m.to, &m.captures), i as u32 + 1));
            }
        } else {
            self.place((hash, moves.len() as u32));
        }
    }

    /// Puts a (hash, index + 1) slot in the first free place from its hash on.
    fn place(&mut self, slot: (u32, u32)) {
        let mask = self.slots.len() - 1;
        let mut i = slot.0 as usize & mask;
        while self.slots[i].1 != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardSize;
    use crate::random::SplitMix64;
    use std::collections::BTreeSet;

    /// The identity set against a plain ordered set, over hundreds of identities (scanned at
    /// first, then hashed, and the hash set grown several times) with random destinations and
    /// capture lists: every identity recorded is found, and none that was not.
    #[test]
    fn the_identity_set_finds_exactly_what_was_recorded() {
        let mut rng = SplitMix64::new(20);
        let square = |rng: &mut SplitMix64| Square::new(rng.below(4) as u8, rng.below(4) as u8);
        let mut moves: Vec<PieceMove> = Vec::new();
        let mut set = IdentitySet::default();
        let mut plain: BTreeSet<(Square, Vec<Square>)> = BTreeSet::new();
        for _ in 0..3000 {
            let to = square(&mut rng);
            let mut captures: Squares = (0..rng.below(3)).map(|_| square(&mut rng)).collect();
            captures.sort_unstable();
            captures.dedup();
            let hash = if set.hashed() { IdentitySet::hash(to, &captures) } else { 0 };
            let known = plain.contains(&(to, captures.to_vec()));
            assert_eq!(set.contains(hash, &moves, to, &captures), known, "{to:?} {captures:?}");
            if !known {
                plain.insert((to, captures.to_vec()));
                moves.push(PieceMove { from: to, to, captures, path: Path::new(), program: None });
                set.insert(hash, &moves);
            }
        }
        assert!(moves.len() > 200, "only {} identities", moves.len());
    }

    /// The destinations of `betza` from e5 on a 9x9 board with friends on `friends`, for the
    /// first player, under the default readings.
    fn destinations(betza: &str, friends: &[&str]) -> BTreeSet<String> {
        let size = BoardSize::new(9, 9).expect("size");
        let compiled = crate::xbetza::compile_str(betza, size, crate::xbetza::Readings::default()).expect(betza);
        let friends: Vec<String> = friends.iter().map(|s| s.to_string()).collect();
        let board = Occupancy::from_names(size, &friends, &[]).expect("board");
        let from = size.parse_square("e5").expect("e5");
        generate(&compiled, &board, from, Orientation::Up).iter().map(|m| m.to.name()).collect()
    }

    /// `y` alone (XBETZA.md: "ends on an empty square and toggles the range like g"): `yasR`
    /// slides to any empty square, then takes one king step to either side. Counted by hand
    /// from e5: the squares with one coordinate one away from e5's and the other at least one
    /// away, 16 on files d and f plus 16 on ranks 4 and 6, less the 4 counted twice.
    #[test]
    fn a_y_leg_ends_on_an_empty_square_and_the_next_leg_steps_once() {
        let found = destinations("yasR", &[]);
        assert_eq!(found.len(), 28, "{found:?}");
        assert!(found.contains("d9") && found.contains("a6"), "{found:?}");
        assert!(!found.contains("c9") && !found.contains("e9"), "{found:?}");
    }

    /// `g` alone: `gasR` slides to the first piece, passes over it, and takes one king step to
    /// either side. With one friend on e7, that is d7 and f7 and nothing else.
    #[test]
    fn a_g_leg_hops_the_first_piece_and_the_next_leg_steps_once() {
        let found = destinations("gasR", &["e7"]);
        assert_eq!(found, ["d7", "f7"].map(String::from).into(), "{found:?}");
    }

    /// Under toggle-span = rest-of-move two toggles cancel: in `yafyasR` the second leg steps
    /// once and the third slides again. Counted by hand from e5: going up, the third leg runs
    /// along ranks 7, 8 and 9 on every file but e (24 squares); so in each direction (96),
    /// less the 9 squares of each corner reached two ways (36): 60.
    #[test]
    fn two_toggles_give_the_range_back() {
        let found = destinations("yafyasR", &[]);
        assert!(found.contains("a7"), "{found:?}");
        assert_eq!(found.len(), 60, "{found:?}");
        // And three toggles leave it toggled: `yafyafyasR`'s last leg is one king step.
        let found = destinations("yafyafyasR", &[]);
        assert!(found.contains("d8") && !found.contains("a8"), "{found:?}");
    }

    /// `d` on the final leg captures a friend: `dW` next to a friend on e6 takes it.
    #[test]
    fn a_d_leg_captures_a_friend() {
        let found = destinations("dW", &["e6"]);
        assert_eq!(found, ["e6"].map(String::from).into(), "{found:?}");
    }
}
