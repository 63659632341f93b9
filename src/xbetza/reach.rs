//! Where a piece's move reaches: the one module that answers it, three ways.
//!
//! - [`CaptureReach`]: where a compiled move could capture at most, whatever stands in the
//!   way: a cheap test that lets attack detection skip the pieces that cannot reach a square,
//!   before running the generator. Only one-leg programs are bounded (a ray or a leap); a
//!   piece with any multi-leg or universal program may capture anywhere as far as this test
//!   knows. When every program has one leg (slides, leaps, lame and jumping leapers, jumping
//!   riders, hoppers, grasshoppers), the bound also answers exactly whether the piece captures
//!   an enemy on a square of a given board ([`CaptureReach::captures_enemy`]): the attack test
//!   of shogi's, xiangqi's and chess's pieces, a table lookup and a look at the squares on the
//!   way instead of a run of the move generator.
//! - [`ReachBox`]: the box of displacements one path shape can reach, whatever its legs do.
//! - [`Probe`]: the paths of a move on designed boards (empty, a lone enemy, screens), shape
//!   by shape: what the report's piece diagrams draw and `kensho diff` compares.

use super::compile::{CompiledBetza, LegDirections, Program};
use super::generate::{generate_where, PieceMove, StepKind};
use super::occupancy::{Cell, Occupancy};
use crate::geometry::{BoardSize, Orientation, Square, Vec2};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureReach {
    /// Step vectors (for the player moving up) and how many steps along each; None = anywhere.
    rays: Option<Vec<(Vec2, u32)>>,
    /// When every program is one leg (slides, leaps, lame and jumping leapers, jumping riders,
    /// hoppers): where it captures enemies (mode `c`), looked up by the way to the target.
    /// None otherwise.
    enemy_steps: Option<StepTable>,
}

/// What the squares on the way to a capture must hold (as the walker reads a one-leg path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// A slide: every square before the target empty.
    Slide,
    /// A jumping rider (`j`): the first square skipped, every later one before the target
    /// empty.
    SkipFirst,
    /// A leap: nothing.
    Leap,
    /// A lame leaper (`n`): its way empty.
    Lame,
    /// A jumping leaper (`j`): a piece on its way.
    Jump,
    /// A hopper (`p`): exactly one piece before the target.
    Hop,
    /// A grasshopper (`g`): a piece right before the target, nothing before that.
    Grasshop,
}

/// For every way (df, dr) across the board, as the piece sees it: how many steps of which
/// capturing ray cover it, and what its way must hold. Two rays reaching one square are
/// parallel; between two slides, when one ray's step is a whole multiple of the other's (a
/// Rook's and a Dabbabah-rider's), the one with fewer, longer steps needs a subset of the
/// other's squares empty, so it decides; a plain leap needs nothing, so it decides over any
/// ray. Any other meeting (a Dabbabah-rider and a three-step rider, a slide and a hop) leaves
/// the entry "ask the generator". This is the reverse reach table: who attacks a square is a
/// lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
struct StepTable {
    /// The longest way along either axis: files.max(ranks) - 1.
    span: i32,
    /// (steps, the ray's step vector, its way); steps 0 = no ray, `UNDECIDED` = ask the
    /// generator.
    entries: Vec<(u8, Vec2, Way)>,
}

const UNDECIDED: u8 = u8::MAX;

impl StepTable {
    fn new(span: i32, rays: &[(Vec2, u32, Way)]) -> StepTable {
        let width = 2 * span + 1;
        let mut table = StepTable { span, entries: vec![(0, (0, 0), Way::Leap); (width * width) as usize] };
        for &(v, steps, way) in rays {
            // Hoppers capture behind a hurdle: at least two steps out.
            let first = if matches!(way, Way::Hop | Way::Grasshop | Way::SkipFirst) { 2 } else { 1 };
            for k in first..=steps.min(u32::from(UNDECIDED) - 1) as i32 {
                let Some(i) = table.index((k * v.0, k * v.1)) else { break };
                let entry = &mut table.entries[i];
                let (old_k, old_v, old_way) = *entry;
                let k = k as u8;
                *entry = match old_k {
                    0 => (k, v, way),
                    UNDECIDED => *entry,
                    _ if old_way == Way::Leap => *entry,
                    _ if way == Way::Leap => (k, v, way),
                    _ if old_way != Way::Slide || way != Way::Slide => (UNDECIDED, v, way),
                    // Parallel slides, one step a multiple of the other: the longer step decides.
                    _ if multiple(v, old_v).is_some() => (k, v, way),
                    _ if multiple(old_v, v).is_some() => *entry,
                    _ => (UNDECIDED, v, way),
                };
            }
        }
        table
    }

    fn index(&self, (dx, dy): Vec2) -> Option<usize> {
        let width = 2 * self.span + 1;
        (dx.abs() <= self.span && dy.abs() <= self.span).then(|| ((dx + self.span) * width + dy + self.span) as usize)
    }

    fn get(&self, d: Vec2) -> (u8, Way) {
        self.index(d).map_or((0, Way::Leap), |i| (self.entries[i].0, self.entries[i].2))
    }
}

impl CaptureReach {
    pub fn of(compiled: &CompiledBetza) -> CaptureReach {
        let max_line = u32::from(compiled.size.files.max(compiled.size.ranks));
        let anywhere = CaptureReach { rays: None, enemy_steps: None };
        let mut rays = Vec::new();
        let mut enemy_rays = Some(Vec::new());
        for program in &compiled.programs {
            let [leg] = program.legs.as_slice() else { return anywhere };
            let LegDirections::Absolute(vectors) = &leg.directions else { return anywhere };
            let m = leg.modes;
            let leaper = program.base_steps == 1;
            let way = match (leaper, m.hop, m.grasshop, leg.lame, leg.jump) {
                (false, false, false, _, false) => Some(Way::Slide),
                (false, false, false, _, true) => Some(Way::SkipFirst),
                (false, true, false, _, _) => Some(Way::Hop),
                (false, false, true, _, _) => Some(Way::Grasshop),
                (true, false, false, false, false) => Some(Way::Leap),
                (true, false, false, true, false) => Some(Way::Lame),
                (true, false, false, false, true) => Some(Way::Jump),
                // A hopping leaper, a leg both hopping and grasshopping, a leaper both lame
                // and jumping: left to the generator.
                _ => None,
            };
            if way.is_none() || m.toggle_empty {
                enemy_rays = None;
            }
            if !m.enemy && !m.friend {
                continue; // a leg that never captures (`m`) attacks nothing
            }
            let steps = if m.has_toggle() { max_line } else { program.base_steps.min(max_line) };
            rays.extend(vectors.iter().map(|&v| (v, steps)));
            if let (Some(exact), true, Some(way)) = (&mut enemy_rays, m.enemy, way) {
                // A grasshopper lands right behind a hurdle up to its range away.
                let steps = if way == Way::Grasshop { program.base_steps.min(max_line) + 1 } else { steps };
                exact.extend(vectors.iter().map(|&v| (v, steps, way)));
            }
        }
        let span = i32::from(compiled.size.files.max(compiled.size.ranks)) - 1;
        let enemy_steps = enemy_rays.map(|r| StepTable::new(span, &r));
        CaptureReach { rays: Some(rays), enemy_steps }
    }

    /// Is every capture a one-leg ray or leap (a bound known), rather than "anywhere"?
    pub(crate) fn is_bounded(&self) -> bool {
        self.rays.is_some()
    }

    /// Does [`CaptureReach::captures_enemy`] answer for every way (plain one-leg programs,
    /// no two rays left undecided)?
    pub(crate) fn is_exact(&self) -> bool {
        self.enemy_steps.as_ref().is_some_and(|t| t.entries.iter().all(|e| e.0 != UNDECIDED))
    }

    /// Could a capture from `from` land on `target`?
    pub(crate) fn may_capture(&self, orientation: Orientation, from: Square, target: Square) -> bool {
        let Some(rays) = &self.rays else { return true };
        let d = seen_from(orientation, from, target);
        rays.iter().any(|&(v, steps)| multiple(d, v).is_some_and(|k| k <= steps))
    }

    /// Does the piece on `from` capture the enemy standing on `target`, on a board where
    /// `empty` tells which squares are empty? None when some program has more than one leg, or
    /// two rays meet on this way undecided (ask the move generator). What the way must hold
    /// is the ray's [`Way`]: empty squares for a slide, one hurdle for a hopper, an open way for
    /// a lame leaper, nothing for a leap.
    pub(crate) fn captures_enemy(
        &self,
        orientation: Orientation,
        from: Square,
        target: Square,
        empty: impl Fn(Square) -> bool,
    ) -> Option<bool> {
        let table = self.enemy_steps.as_ref()?;
        let (k, way) = match table.get(seen_from(orientation, from, target)) {
            (0, _) => return Some(false),
            (UNDECIDED, _) => return None,
            (k, way) => (i32::from(k), way),
        };
        let (dx, dy) = (target.file as i32 - from.file as i32, target.rank as i32 - from.rank as i32);
        // The squares before the target: one k-th of the board's way per step.
        let (bx, by) = (dx / k, dy / k);
        let on_way = |j: i32| Square::new((from.file as i32 + j * bx) as u8, (from.rank as i32 + j * by) as u8);
        let taken_before = || (1..k).filter(|&j| !empty(on_way(j))).count();
        Some(match way {
            Way::Leap => true,
            Way::Slide => (1..k).all(|j| empty(on_way(j))),
            Way::SkipFirst => (2..k).all(|j| empty(on_way(j))),
            Way::Hop => taken_before() == 1,
            Way::Grasshop => !empty(on_way(k - 1)) && (1..k - 1).all(|j| empty(on_way(j))),
            Way::Lame | Way::Jump => {
                // A leaper's way as the walker reads it: the squares between along a line, or
                // the orthogonal square next to the origin along the long side.
                let taken = leaper_way(from, (dx, dy)).any(|s| !empty(s));
                taken == (way == Way::Jump)
            }
        })
    }
}

/// The squares a leap from `from` by `d` (board coordinates) passes: strictly between along a
/// line, else the orthogonal neighbour of the origin on the long side.
fn leaper_way(from: Square, (dx, dy): Vec2) -> impl Iterator<Item = Square> {
    let at = move |x: i32, y: i32| Square::new((from.file as i32 + x) as u8, (from.rank as i32 + y) as u8);
    let line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let (count, step) = if line {
        (dx.abs().max(dy.abs()) - 1, (dx.signum(), dy.signum()))
    } else if dy.abs() > dx.abs() {
        (1, (0, dy.signum()))
    } else {
        (1, (dx.signum(), 0))
    };
    (1..=count).map(move |j| at(j * step.0, j * step.1))
}

/// The way from `from` to `target` as the piece sees it (forward is up for every player).
fn seen_from(orientation: Orientation, from: Square, target: Square) -> Vec2 {
    let d = (target.file as i32 - from.file as i32, target.rank as i32 - from.rank as i32);
    orientation.turn(d)
}

/// The k >= 1 with d = k * v, if there is one.
fn multiple(d: Vec2, (vx, vy): Vec2) -> Option<u32> {
    let k = if vx != 0 {
        d.0 / vx
    } else if vy != 0 {
        d.1 / vy
    } else {
        return None;
    };
    (k >= 1 && d == (k * vx, k * vy)).then_some(k as u32)
}

/// The displacements (in files and ranks) that any path of one shape can reach from its start,
/// as a box: each leg moves at most its longest step times its range, in each direction it
/// can point, and a path is the sum of its legs. A probe's lone-enemy boards run only the shapes
/// whose box holds the enemy (a path that never gets near d cannot capture d), which is what keeps
/// the Fire Demon's area moves (three King steps) from running on every square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ReachBox {
    files: (i32, i32),
    ranks: (i32, i32),
}

impl ReachBox {
    fn of(program: &Program, size: BoardSize) -> ReachBox {
        let max_line = size.max_line() as i32;
        let anywhere = ReachBox { files: (-max_line, max_line), ranks: (-max_line, max_line) };
        let first_vectors: &[Vec2] = match program.legs.first().map(|l| &l.directions) {
            Some(LegDirections::Absolute(vs)) => vs,
            _ => return anywhere,
        };
        // Later legs turn the previous step, keeping its length in King steps.
        let step_length = first_vectors.iter().map(|v| v.0.abs().max(v.1.abs())).max().unwrap_or(0);
        let mut total = ReachBox { files: (0, 0), ranks: (0, 0) };
        let mut toggled_before = false;
        for leg in &program.legs {
            // A toggle (`y`, `g`) changes the range of later legs (a leaper's to the whole
            // line, a rider's to one step), so after one a leg may have either range.
            let mut steps = program.base_steps as i32;
            if toggled_before {
                steps = steps.max(program.toggled_steps(size.max_line()) as i32);
            }
            // A final `g` leg lands right behind its hurdle: one step past its range.
            if leg.is_final && leg.modes.grasshop {
                steps += 1;
            }
            let leg_box = match &leg.directions {
                LegDirections::Absolute(vs) => ReachBox::along(vs, steps),
                LegDirections::Relative(_) => {
                    let far = step_length * steps;
                    ReachBox { files: (-far, far), ranks: (-far, far) }
                }
                LegDirections::Universal => return anywhere,
            };
            total = total.plus(leg_box);
            toggled_before |= leg.modes.has_toggle();
        }
        total
    }

    /// Where 1 to `steps` steps along any of `vectors` can end.
    fn along(vectors: &[Vec2], steps: i32) -> ReachBox {
        let span = |d: i32| (d.min(d * steps), d.max(d * steps));
        let boxes = vectors.iter().map(|&(x, y)| ReachBox { files: span(x), ranks: span(y) });
        boxes.reduce(ReachBox::union).unwrap_or(ReachBox { files: (0, 0), ranks: (0, 0) })
    }

    fn union(self, other: ReachBox) -> ReachBox {
        ReachBox {
            files: (self.files.0.min(other.files.0), self.files.1.max(other.files.1)),
            ranks: (self.ranks.0.min(other.ranks.0), self.ranks.1.max(other.ranks.1)),
        }
    }

    fn plus(self, other: ReachBox) -> ReachBox {
        ReachBox {
            files: (self.files.0 + other.files.0, self.files.1 + other.files.1),
            ranks: (self.ranks.0 + other.ranks.0, self.ranks.1 + other.ranks.1),
        }
    }

    fn contains(&self, from: Square, to: Square) -> bool {
        let (dx, dy) = (to.file as i32 - from.file as i32, to.rank as i32 - from.rank as i32);
        (self.files.0..=self.files.1).contains(&dx) && (self.ranks.0..=self.ranks.1).contains(&dy)
    }
}

/// A piece's move run on designed boards, one path shape (program) at a time, so that every
/// path found is known to come from its shape (the report's piece diagrams and `kensho diff`'s
/// empty-board reach both read these boards):
///
/// - the empty board: every path there;
/// - a lone enemy on each square but the start in turn: a lone enemy shows every capture a
///   piece can make of one piece, and nothing else stands in its way to hide a path; only the
///   shapes whose paths can get near that square run ([`ReachBox`]);
/// - screens: friends on the eight squares next to the piece, right where a hop along any line
///   can use one, and an enemy on each empty square beyond them in turn.
///
/// Every path is shown, not one per move, with whether it passed over a piece (a leg that ends
/// on an occupied square and passes it, or a final `p`/`g` leg that leaps its hurdle; a leaper's
/// leap passes over nothing).
pub struct Probe {
    size: BoardSize,
    from: Square,
    shapes: Vec<Shape>,
}

/// One path shape of the move set, compiled alone, with where its paths can get to.
struct Shape {
    moves: CompiledBetza,
    reach: ReachBox,
    /// Its last leg is a hop (`p`, `g`): every path of it leaps a hurdle on the way.
    hops_at_end: bool,
}

impl Probe {
    /// The probe of `compiled` for a piece on `from`, moving up the board.
    pub(crate) fn new(compiled: &CompiledBetza, from: Square) -> Probe {
        let shapes = compiled
            .programs
            .iter()
            .map(|program| Shape {
                moves: CompiledBetza {
                    programs: vec![program.clone()],
                    size: compiled.size,
                    readings: compiled.readings,
                },
                reach: ReachBox::of(program, compiled.size),
                hops_at_end: program.legs.last().is_some_and(|l| l.modes.hop || l.modes.grasshop),
            })
            .collect();
        Probe { size: compiled.size, from, shapes }
    }

    /// Every path on the empty board, with whether it hops.
    pub(crate) fn empty_board(&self, visit: &mut dyn FnMut(&PieceMove, bool)) {
        self.each_path(&Occupancy::empty(self.size), None, visit);
    }

    /// For each square but the start, a lone enemy there: `visit(square, path, hops)` for every
    /// path on that board of the shapes that can get near the square.
    pub(crate) fn lone_enemies(&self, visit: &mut dyn FnMut(Square, &PieceMove, bool)) {
        for target in self.size.squares().filter(|&sq| sq != self.from) {
            let mut board = Occupancy::empty(self.size);
            board.set(target, Cell::Enemy);
            self.each_path(&board, Some(target), &mut |mv, hops| visit(target, mv, hops));
        }
    }

    /// The screened board (a friend on every square next to the piece): every path there.
    pub(crate) fn screened(&self, visit: &mut dyn FnMut(&PieceMove, bool)) {
        self.each_path(&self.screened_board(), None, visit);
    }

    /// For each empty square of the screened board but the start, an enemy there:
    /// `visit(square, path, hops)` for every path on that board.
    pub(crate) fn screened_enemies(&self, visit: &mut dyn FnMut(Square, &PieceMove, bool)) {
        let screened = self.screened_board();
        for target in self.size.squares().filter(|&sq| screened.get(sq) == Cell::Empty && sq != self.from) {
            let mut board = screened.clone();
            board.set(target, Cell::Enemy);
            self.each_path(&board, Some(target), &mut |mv, hops| visit(target, mv, hops));
        }
    }

    fn screened_board(&self) -> Occupancy {
        let mut board = Occupancy::empty(self.size);
        for v in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            if let Some(sq) = self.size.offset(self.from, v) {
                board.set(sq, Cell::Friend);
            }
        }
        board
    }

    /// Shows `visit` every path of every shape on `board` (of the shapes that can get near
    /// `target`, when one is given), with whether it passed over a piece.
    fn each_path(&self, board: &Occupancy, target: Option<Square>, visit: &mut dyn FnMut(&PieceMove, bool)) {
        for shape in &self.shapes {
            if target.is_some_and(|t| !shape.reach.contains(self.from, t)) {
                continue;
            }
            // Refusing every path makes the generator offer every path of a move, not only
            // its first; the moves it returns (none) are not needed.
            generate_where(&shape.moves, board, self.from, Orientation::Up, &mut |mv| {
                visit(mv, shape.hops_at_end || mv.path.iter().any(|s| s.kind == StepKind::Hop));
                false
            });
        }
    }

    /// The same probe with no shape left out by its reach (to test that leaving them out
    /// changes nothing).
    #[cfg(test)]
    fn unbounded(mut self) -> Probe {
        let line = self.size.max_line() as i32;
        self.shapes.iter_mut().for_each(|s| s.reach = ReachBox { files: (-line, line), ranks: (-line, line) });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardSize;
    use crate::xbetza::{compile_str, generate, Readings};

    fn program(betza: &str, size: BoardSize) -> Program {
        let compiled = compile_str(betza, size, Readings::default()).unwrap();
        assert_eq!(compiled.programs.len(), 1, "{betza}");
        compiled.programs[0].clone()
    }

    #[test]
    fn a_shapes_reach_is_the_sum_of_its_legs() {
        let size = BoardSize::parse("16x16").unwrap();
        // fN: the two narrow forward leaps (+-1, 2).
        assert_eq!(ReachBox::of(&program("ffN", size), size), ReachBox { files: (-1, 1), ranks: (2, 2) });
        // A rook that only goes forward: 1 to 15 ranks up.
        assert_eq!(ReachBox::of(&program("fR", size), size), ReachBox { files: (0, 0), ranks: (1, 15) });
        // caK: a King step, then a King step in any direction: up to 2 each way.
        assert_eq!(ReachBox::of(&program("caK", size), size), ReachBox { files: (-2, 2), ranks: (-2, 2) });
        // The universal leaper goes anywhere.
        assert_eq!(ReachBox::of(&program("U", size), size), ReachBox { files: (-15, 15), ranks: (-15, 15) });
    }

    /// A path at an enemy: (the enemy's square, the path's end, its captures, its leg ends,
    /// whether it hops).
    type PathAtEnemy = (Square, Square, Vec<Square>, Vec<Square>, bool);

    /// What a probe's enemy boards show of the enemy: every path that captures it or ends on
    /// it.
    fn paths_at_the_enemy(probe: &Probe) -> Vec<PathAtEnemy> {
        let mut seen = Vec::new();
        let mut keep = |target: Square, mv: &PieceMove, hops: bool| {
            if mv.to == target || mv.captures.contains(&target) {
                let path = mv.path.iter().map(|s| s.square).collect();
                seen.push((target, mv.to, mv.captures.to_vec(), path, hops));
            }
        };
        probe.lone_enemies(&mut keep);
        probe.screened_enemies(&mut keep);
        seen.sort();
        seen
    }

    #[test]
    fn leaving_out_the_shapes_that_cannot_get_near_changes_no_path_at_the_enemy() {
        // The pieces whose paths are the hardest to bound: the Fire Demon (toggled ranges, area
        // moves, burns), the Lion Dog (three-step area), a jumping general, a cannon, the Hook
        // Mover (two rider legs) and the Heavenly Tetrarch (`j` riders, igui).
        let size = BoardSize::parse("16x16").unwrap();
        let centre = Square::new(7, 7);
        for betza in [
            "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK",
            "KADGHcafKmcabKcafmpafKmpafcavKcafcafK",
            "B(cpaf)2cBcafpafcBpafcafcB(a)2KabK",
            "mRcpR",
            "RmasR",
            "jvhQjsQ3cab(mpacab)1K",
        ] {
            let compiled = compile_str(betza, size, Readings::default()).unwrap();
            let bounded = paths_at_the_enemy(&Probe::new(&compiled, centre));
            assert!(!bounded.is_empty(), "{betza} captures something");
            assert_eq!(bounded, paths_at_the_enemy(&Probe::new(&compiled, centre).unbounded()), "{betza}");
        }
    }

    /// `captures_enemy` against the move generator (the walker), on boards filled at random:
    /// for every square holding an enemy, the walker's captures decide.
    #[test]
    fn captures_enemy_agrees_with_the_walker_on_random_boards() {
        let size = BoardSize::parse("9x9").expect("size");
        let mut seed: u64 = 2026;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        // Rook, Bishop, Lance, shogi Knight, Gold, Dragon King, a limited rider, a two-step
        // leaper rider and a move-only/capture-only split.
        // DDHH's rays meet on the rank at six squares' distance: there it declines.
        let plain = [
            "R", "B", "fR", "ffN", "WfF", "RF", "R2", "DD", "mWcF", "RDD", "WDD", "DDHH", "nN", "nA", "jD", "jN", "jR",
            "mRcpR", "gQ", "pB", "nAmpR",
        ];
        // How many (board, enemy) pairs were judged: a test over no enemies would pass empty.
        let mut judged = 0;
        for text in plain {
            let compiled = compile_str(text, size, Readings::default()).expect(text);
            let reach = CaptureReach::of(&compiled);
            for orientation in [Orientation::Up, Orientation::Down, Orientation::DownBoardSides] {
                for _ in 0..200 {
                    let cells = (0..size.square_count())
                        .map(|_| match next() % 4 {
                            0 => Cell::Friend,
                            1 => Cell::Enemy,
                            _ => Cell::Empty,
                        })
                        .collect();
                    let mut board = Occupancy::from_cells(size, cells);
                    let from = size.square_at(next() as usize % size.square_count());
                    board.set(from, Cell::Friend);
                    let captured: Vec<Square> = generate(&compiled, &board, from, orientation)
                        .into_iter()
                        .filter(|m| !m.captures.is_empty())
                        .map(|m| m.to)
                        .collect();
                    for target in board.squares_with(Cell::Enemy) {
                        judged += 1;
                        let exact = reach.captures_enemy(orientation, from, target, |s| board.get(s) == Cell::Empty);
                        let why = format!("{text} {orientation:?} from {} on {}", from.name(), target.name());
                        match exact {
                            Some(hit) => assert_eq!(hit, captured.contains(&target), "{why}"),
                            None => {
                                let (df, dr) = (target.file.abs_diff(from.file), target.rank.abs_diff(from.rank));
                                assert!(text == "DDHH" && df.max(dr) == 6 && df.min(dr) == 0, "declined: {why}");
                            }
                        }
                    }
                }
            }
        }
        // 21 moves, 3 orientations, 200 boards, about a quarter of 81 squares enemies each.
        assert!(judged > 100_000, "only {judged} enemies judged");
    }

    /// Pieces of more than one leg are left to the generator: a Lion, a hook mover.
    #[test]
    fn captures_enemy_declines_legs() {
        let size = BoardSize::parse("9x9").expect("size");
        let (a, b) = (Square::new(4, 4), Square::new(4, 7));
        for text in ["KNADcaKmcabK", "RmasR"] {
            let reach = CaptureReach::of(&compile_str(text, size, Readings::default()).expect(text));
            assert_eq!(reach.captures_enemy(Orientation::Up, a, b, |_| true), None, "{text}");
        }
    }
}
