//! Where a compiled move could capture at most, whatever stands in the way: a cheap test that
//! lets attack detection skip the pieces that cannot reach a square, before running the
//! generator. Only one-leg programs are bounded (a ray or a leap); a piece with any multi-leg
//! or universal program may capture anywhere as far as this test knows.
//!
//! When every program has one leg (slides, leaps, lame and jumping leapers, jumping riders,
//! hoppers, grasshoppers), the bound also answers exactly whether the piece captures an enemy
//! on a square of a given board ([`CaptureReach::captures_enemy`]): the attack test of shogi's,
//! xiangqi's and chess's pieces, a table lookup and a look at the squares on the way instead
//! of a run of the move generator.

use super::compile::{CompiledBetza, LegDirections};
use super::generate::Orientation;
use crate::geometry::{Square, Vec2};

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
    pub fn is_bounded(&self) -> bool {
        self.rays.is_some()
    }

    /// Does [`CaptureReach::captures_enemy`] answer for every way (plain one-leg programs,
    /// no two rays left undecided)?
    pub fn is_exact(&self) -> bool {
        self.enemy_steps.as_ref().is_some_and(|t| t.entries.iter().all(|e| e.0 != UNDECIDED))
    }

    /// Could a capture from `from` land on `target`?
    pub fn may_capture(&self, orientation: Orientation, from: Square, target: Square) -> bool {
        let Some(rays) = &self.rays else { return true };
        let d = seen_from(orientation, from, target);
        rays.iter().any(|&(v, steps)| multiple(d, v).is_some_and(|k| k <= steps))
    }

    /// Does the piece on `from` capture the enemy standing on `target`, on a board where
    /// `empty` tells which squares are empty? None when some program has more than one leg, or
    /// two rays meet on this way undecided (ask the move generator). What the way must hold
    /// is the ray's [`Way`]: empty squares for a slide, one hurdle for a hopper, an open way for
    /// a lame leaper, nothing for a leap.
    pub fn captures_enemy(
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
    match orientation {
        Orientation::Up => d,
        Orientation::Down => (-d.0, -d.1),
        Orientation::DownBoardSides => (d.0, -d.1),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardSize;
    use crate::xbetza::{compile_str, generate, Cell, Occupancy, Readings};

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
