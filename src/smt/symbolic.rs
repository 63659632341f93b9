//! Symbolic paths of compiled XBetza: every path a program can take from a square, each with the
//! occupancy it needs (a cube of square -> cell), within a window around the start.
//!
//! This is written apart from the move generator (`xbetza::generate`), from XBETZA.md's path
//! rules, so that a witness Z3 finds from these cubes and then confirmed by the generator checks
//! two readings of the notation against each other:
//! - riders stop at the first occupied square; `j` on a rider skips its first square;
//! - a leaper with `n` needs its way empty, with `j` needs a piece on it;
//! - the start square counts as empty for every later leg, and so does a square captured by an
//!   earlier leg; a hopped piece stays;
//! - a final `p` leg hops the first piece on its line and lands beyond it; a final `g` lands
//!   directly behind it;
//! - `y` and `g` toggle the range of later legs (`toggle-span`, `y-scope` readings).

use crate::geometry::{Square, Vec2};
use crate::xbetza::compile::{CompiledBetza, LegDirections, LegProgram, Program};
use crate::xbetza::directions::rotate45;
use crate::xbetza::readings::{ToggleScope, ToggleSpan};
use crate::xbetza::{Cell, Orientation, PathStep, StepKind};

/// The squares a symbolic run may look at: within `radius` (king steps) of `center`, on the
/// board. A path that needs a square outside is left out, so results hold "within the window".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub center: Square,
    pub radius: u8,
}

impl Window {
    pub(crate) fn contains(&self, sq: Square) -> bool {
        (sq.file as i32 - self.center.file as i32).unsigned_abs() <= self.radius as u32
            && (sq.rank as i32 - self.center.rank as i32).unsigned_abs() <= self.radius as u32
    }
}

/// One path with what the board must hold for the program to take it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymPath {
    pub(crate) from: Square,
    pub(crate) to: Square,
    /// Captured squares, sorted (the move's identity is (to, captures)).
    pub(crate) captures: Vec<Square>,
    pub(crate) steps: Vec<PathStep>,
    /// Square -> the cell the path needs there (the start square is never in it).
    pub cube: Vec<(Square, Cell)>,
    /// Index of the program (path shape) in the compiled XBetza.
    pub(crate) program: usize,
}

impl SymPath {
    pub fn identity(&self) -> (Square, Vec<Square>) {
        (self.to, self.captures.clone())
    }
}

/// More paths than the limit: the caller reports "unknown" instead of waiting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyPaths(pub usize);

/// Every path of program `index` of `compiled` from `from`, within `window`.
pub fn program_paths(
    compiled: &CompiledBetza,
    index: usize,
    from: Square,
    orientation: Orientation,
    window: Window,
    limit: usize,
) -> Result<Vec<SymPath>, TooManyPaths> {
    let program = &compiled.programs[index];
    let mut run = Run {
        compiled,
        program,
        index,
        from,
        orientation,
        window,
        limit,
        cube: Vec::new(),
        captured: Vec::new(),
        steps: Vec::new(),
        out: Vec::new(),
        overflow: false,
    };
    run.leg(0, from, (0, 0), false, false);
    if run.overflow {
        return Err(TooManyPaths(limit));
    }
    Ok(run.out)
}

/// Every path of every program of `compiled`.
pub(crate) fn all_paths(
    compiled: &CompiledBetza,
    from: Square,
    orientation: Orientation,
    window: Window,
    limit: usize,
) -> Result<Vec<SymPath>, TooManyPaths> {
    let mut out = Vec::new();
    for i in 0..compiled.programs.len() {
        // What the earlier programs left of the limit: none left is already too many.
        let left = limit.checked_sub(out.len()).filter(|&n| n > 0).ok_or(TooManyPaths(limit))?;
        out.extend(program_paths(compiled, i, from, orientation, window, left)?);
    }
    Ok(out)
}

const CELLS: [Cell; 3] = [Cell::Empty, Cell::Friend, Cell::Enemy];

struct Run<'a> {
    compiled: &'a CompiledBetza,
    program: &'a Program,
    index: usize,
    from: Square,
    orientation: Orientation,
    window: Window,
    limit: usize,
    cube: Vec<(Square, Cell)>,
    captured: Vec<Square>,
    steps: Vec<PathStep>,
    out: Vec<SymPath>,
    overflow: bool,
}

impl Run<'_> {
    fn offset(&self, sq: Square, v: Vec2) -> Option<Square> {
        self.compiled.size.offset(sq, v).filter(|&s| self.window.contains(s))
    }

    /// Was `sq` on the board but outside the window? Then the path is left out, not cut short:
    /// a rider that would go on must not be mistaken for one that stops at the board's edge.
    fn leaves_window(&self, sq: Square, v: Vec2) -> bool {
        self.compiled.size.offset(sq, v).is_some_and(|s| !self.window.contains(s))
    }

    /// The cells `sq` may hold as this path sees it: fixed for the start square, captured
    /// squares and squares the path has already read; otherwise any of the three.
    fn cells(&self, sq: Square) -> Vec<(Cell, bool)> {
        if sq == self.from || self.captured.contains(&sq) {
            return vec![(Cell::Empty, false)];
        }
        if let Some(&(_, c)) = self.cube.iter().find(|(s, _)| *s == sq) {
            return vec![(c, false)];
        }
        CELLS.iter().map(|&c| (c, true)).collect()
    }

    fn assume(&mut self, sq: Square, cell: Cell, fresh: bool) {
        if fresh {
            self.cube.push((sq, cell));
        }
    }

    fn forget(&mut self, fresh: bool) {
        if fresh {
            self.cube.pop();
        }
    }

    fn orient(&self, v: Vec2) -> Vec2 {
        match self.orientation {
            Orientation::Up => v,
            Orientation::Down => (-v.0, -v.1),
            Orientation::DownBoardSides => (v.0, -v.1),
        }
    }

    fn leg(&mut self, i: usize, pos: Square, prev: Vec2, toggled: bool, carry: bool) {
        if self.overflow {
            return;
        }
        let program = self.program;
        let leg = &program.legs[i];
        let steps = if toggled { program.toggled_steps(self.compiled.size.max_line()) } else { program.base_steps };
        match &leg.directions {
            LegDirections::Universal => {
                let squares: Vec<Square> =
                    self.compiled.size.squares().filter(|&s| s != pos && self.window.contains(s)).collect();
                for sq in squares {
                    for (cell, fresh) in self.cells(sq) {
                        self.assume(sq, cell, fresh);
                        self.land(leg, sq, cell);
                        self.forget(fresh);
                    }
                }
            }
            LegDirections::Absolute(vs) => {
                for &v in vs {
                    let v = self.orient(v);
                    self.direction(i, leg, pos, v, steps, carry);
                }
            }
            LegDirections::Relative(turns) => {
                for &t in turns {
                    let v = rotate45(prev, t);
                    self.direction(i, leg, pos, v, steps, carry);
                }
            }
        }
    }

    /// The squares a leaper's way from `pos` along `v` crosses (for `n` and `j`).
    fn way(&self, pos: Square, v: Vec2) -> Option<Vec<Square>> {
        let size = self.compiled.size;
        let squares: Vec<(i32, i32)> = if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
            let m = v.0.abs().max(v.1.abs());
            (1..m).map(|k| (v.0.signum() * k, v.1.signum() * k)).collect()
        } else if v.1.abs() > v.0.abs() {
            vec![(0, v.1.signum())]
        } else {
            vec![(v.0.signum(), 0)]
        };
        let mut out = Vec::new();
        for d in squares {
            match size.offset(pos, d) {
                Some(s) if self.window.contains(s) => out.push(s),
                Some(_) => return None,
                None => {}
            }
        }
        Some(out)
    }

    fn direction(&mut self, i: usize, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, carry: bool) {
        let leaper = steps == 1;
        if leaper && (leg.lame || leg.jump) {
            let Some(way) = self.way(pos, v) else { return };
            self.way_cells(&way, 0, false, &mut |run| run.direction_open(i, leg, pos, v, steps, carry), leg);
            return;
        }
        self.direction_open(i, leg, pos, v, steps, carry);
    }

    /// Every assignment of the way's squares a lame (`n`: all empty) or jumping (`j`: some
    /// piece) leaper accepts, then `go`.
    fn way_cells(&mut self, way: &[Square], k: usize, occupied: bool, go: &mut dyn FnMut(&mut Self), leg: &LegProgram) {
        if k == way.len() {
            if (leg.lame && occupied) || (leg.jump && !occupied) {
                return;
            }
            go(self);
            return;
        }
        for (cell, fresh) in self.cells(way[k]) {
            self.assume(way[k], cell, fresh);
            self.way_cells(way, k + 1, occupied || cell != Cell::Empty, go, leg);
            self.forget(fresh);
        }
    }

    fn direction_open(&mut self, i: usize, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, carry: bool) {
        if leg.is_final && (leg.modes.hop || leg.modes.grasshop) {
            self.hurdle(leg, pos, v, steps, 1);
            return;
        }
        let skip_first = leg.jump && steps > 1;
        self.slide(i, leg, pos, v, steps, carry, if skip_first { 2 } else { 1 });
    }

    /// Step `s` of a slide along `v`: every cell the square may hold; an empty one lets the
    /// slide go on.
    #[allow(clippy::too_many_arguments)]
    fn slide(&mut self, i: usize, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, carry: bool, s: i32) {
        if s > steps as i32 || self.overflow {
            return;
        }
        let d = (v.0 * s, v.1 * s);
        let Some(sq) = self.offset(pos, d) else { return };
        for (cell, fresh) in self.cells(sq) {
            self.assume(sq, cell, fresh);
            if leg.is_final {
                self.land(leg, sq, cell);
            } else {
                self.continue_from(i, leg, sq, v, cell, carry);
            }
            if cell == Cell::Empty {
                if s < steps as i32 && self.leaves_window(pos, (v.0 * (s + 1), v.1 * (s + 1))) {
                    // The slide would go on outside the window: not followed.
                } else {
                    self.slide(i, leg, pos, v, steps, carry, s + 1);
                }
            }
            self.forget(fresh);
        }
    }

    /// A final `p`/`g` leg: look for the hurdle at step `s`.
    fn hurdle(&mut self, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, s: i32) {
        if s > steps as i32 || self.overflow {
            return;
        }
        let Some(sq) = self.offset(pos, (v.0 * s, v.1 * s)) else { return };
        for (cell, fresh) in self.cells(sq) {
            self.assume(sq, cell, fresh);
            if cell == Cell::Empty {
                self.hurdle(leg, pos, v, steps, s + 1);
            } else {
                if leg.modes.grasshop {
                    if let Some(to) = self.offset(pos, (v.0 * (s + 1), v.1 * (s + 1))) {
                        for (c2, f2) in self.cells(to) {
                            self.assume(to, c2, f2);
                            self.land(leg, to, c2);
                            self.forget(f2);
                        }
                    }
                }
                if leg.modes.hop {
                    self.beyond(leg, pos, v, steps, s + 1);
                }
            }
            self.forget(fresh);
        }
    }

    /// After the hurdle: land on every square up to and including the next piece.
    fn beyond(&mut self, leg: &LegProgram, pos: Square, v: Vec2, steps: u32, t: i32) {
        if t > steps as i32 || self.overflow {
            return;
        }
        let Some(sq) = self.offset(pos, (v.0 * t, v.1 * t)) else { return };
        for (cell, fresh) in self.cells(sq) {
            self.assume(sq, cell, fresh);
            self.land(leg, sq, cell);
            if cell == Cell::Empty {
                self.beyond(leg, pos, v, steps, t + 1);
            }
            self.forget(fresh);
        }
    }

    fn continue_from(&mut self, i: usize, leg: &LegProgram, sq: Square, v: Vec2, cell: Cell, carry: bool) {
        let m = leg.modes;
        let whole = self.compiled.readings.toggle_scope == ToggleScope::WholeLeg && m.has_toggle();
        let mut options: Vec<(StepKind, bool)> = Vec::new();
        match cell {
            Cell::Empty => {
                if m.empty {
                    options.push((StepKind::Move, whole));
                }
                if m.toggle_empty {
                    options.push((StepKind::Move, true));
                }
            }
            Cell::Enemy | Cell::Friend => {
                let takes = if cell == Cell::Enemy { m.enemy } else { m.friend };
                if takes {
                    options.push((StepKind::Capture, whole));
                }
                if m.hop {
                    options.push((StepKind::Hop, whole));
                }
                if m.grasshop {
                    options.push((StepKind::Hop, true));
                }
            }
        }
        options.sort();
        options.dedup();
        for (kind, toggles) in options {
            if kind == StepKind::Capture {
                self.captured.push(sq);
            }
            self.steps.push(PathStep { square: sq, kind });
            let (next, next_carry) = match self.compiled.readings.toggle_span {
                ToggleSpan::RestOfMove => (carry ^ toggles, carry ^ toggles),
                ToggleSpan::NextLeg => (toggles, false),
            };
            self.leg(i + 1, sq, v, next, next_carry);
            self.steps.pop();
            if kind == StepKind::Capture {
                self.captured.pop();
            }
        }
    }

    fn land(&mut self, leg: &LegProgram, sq: Square, cell: Cell) {
        let kind = match cell {
            Cell::Empty if leg.modes.empty => StepKind::Move,
            Cell::Enemy if leg.modes.enemy => StepKind::Capture,
            Cell::Friend if leg.modes.friend => StepKind::Capture,
            _ => return,
        };
        if self.out.len() >= self.limit {
            self.overflow = true;
            return;
        }
        let mut captures = self.captured.clone();
        if kind == StepKind::Capture {
            captures.push(sq);
        }
        captures.sort();
        let mut steps = self.steps.clone();
        steps.push(PathStep { square: sq, kind });
        self.out.push(SymPath {
            from: self.from,
            to: sq,
            captures,
            steps,
            cube: self.cube.clone(),
            program: self.index,
        });
    }
}

/// Does the board `cell_at` describes hold every cell the cube needs?
pub fn holds(cube: &[(Square, Cell)], cell_at: &dyn Fn(Square) -> Cell) -> bool {
    cube.iter().all(|&(s, c)| cell_at(s) == c)
}
