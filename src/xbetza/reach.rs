//! Where a compiled move could capture at most, whatever stands in the way: a cheap test that
//! lets attack detection skip the pieces that cannot reach a square, before running the
//! generator. Only one-leg programs are bounded (a ray or a leap); a piece with any multi-leg
//! or universal program may capture anywhere as far as this test knows.
//!
//! When every program is a plain one-leg slide or leap (no hop, jump, lame or toggle), the bound
//! also answers exactly whether the piece captures an enemy on a square of a given board
//! ([`CaptureReach::captures_enemy`]): that is the attack test of shogi's and chess's pieces,
//! done without running the move generator.

use super::compile::{CompiledBetza, LegDirections};
use super::generate::Orientation;
use crate::geometry::{Square, Vec2};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureReach {
    /// Step vectors (for the player moving up) and how many steps along each; None = anywhere.
    rays: Option<Vec<(Vec2, u32)>>,
    /// When every program is a plain one-leg slide or leap: where it captures enemies (mode
    /// `c`), looked up by the way to the target. None otherwise.
    enemy_steps: Option<StepTable>,
}

/// For every way (df, dr) across the board, as the piece sees it: how many steps of which
/// capturing ray cover it. Two rays reaching one square are parallel; when one ray's step is a
/// whole multiple of the other's (a Rook's and a Dabbabah-rider's), the one with fewer, longer
/// steps needs a subset of the other's squares empty, so it decides, and a leap (one step)
/// needs nothing. Otherwise (a Dabbabah-rider and a three-step rider meeting) the entry says
/// "ask the generator". This is the reverse reach table: who attacks a square is a lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
struct StepTable {
    /// The longest way along either axis: files.max(ranks) - 1.
    span: i32,
    /// (steps, the ray's step vector); steps 0 = no ray, `UNDECIDED` = ask the generator.
    entries: Vec<(u8, Vec2)>,
}

const UNDECIDED: u8 = u8::MAX;

impl StepTable {
    fn new(span: i32, rays: &[(Vec2, u32)]) -> StepTable {
        let width = 2 * span + 1;
        let mut table = StepTable { span, entries: vec![(0, (0, 0)); (width * width) as usize] };
        for &(v, steps) in rays {
            for k in 1..=steps.min(u32::from(UNDECIDED) - 1) as i32 {
                let Some(i) = table.index((k * v.0, k * v.1)) else { break };
                let entry = &mut table.entries[i];
                let (old_k, old_v) = *entry;
                *entry = match old_k {
                    0 => (k as u8, v),
                    UNDECIDED => *entry,
                    _ if old_v == v || old_k == 1 => (old_k.min(k as u8), old_v),
                    _ if k == 1 => (1, v),
                    // Parallel rays, one step a multiple of the other: the longer step decides.
                    _ if multiple(v, old_v).is_some() => (k as u8, v),
                    _ if multiple(old_v, v).is_some() => *entry,
                    _ => (UNDECIDED, v),
                };
            }
        }
        table
    }

    fn index(&self, (dx, dy): Vec2) -> Option<usize> {
        let width = 2 * self.span + 1;
        (dx.abs() <= self.span && dy.abs() <= self.span).then(|| ((dx + self.span) * width + dy + self.span) as usize)
    }

    fn get(&self, d: Vec2) -> u8 {
        self.index(d).map_or(0, |i| self.entries[i].0)
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
            if m.hop || m.grasshop || m.has_toggle() || leg.jump || leg.lame {
                enemy_rays = None;
            }
            if !m.enemy && !m.friend {
                continue; // a leg that never captures (`m`) attacks nothing
            }
            let steps = if m.has_toggle() { max_line } else { program.base_steps.min(max_line) };
            rays.extend(vectors.iter().map(|&v| (v, steps)));
            if let (Some(exact), true) = (&mut enemy_rays, m.enemy) {
                exact.extend(vectors.iter().map(|&v| (v, steps)));
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
    /// `empty` tells which squares are empty? None when its programs are not all plain one-leg
    /// slides and leaps (ask the move generator). A slide needs every square before `target`
    /// empty; a leap needs nothing.
    pub fn captures_enemy(
        &self,
        orientation: Orientation,
        from: Square,
        target: Square,
        empty: impl Fn(Square) -> bool,
    ) -> Option<bool> {
        let table = self.enemy_steps.as_ref()?;
        let k = match table.get(seen_from(orientation, from, target)) {
            0 => return Some(false),
            UNDECIDED => return None,
            k => i32::from(k),
        };
        // The squares before the target: one k-th of the board's way per step.
        let (bx, by) = ((target.file as i32 - from.file as i32) / k, (target.rank as i32 - from.rank as i32) / k);
        Some((1..k).all(|j| empty(Square::new((from.file as i32 + j * bx) as u8, (from.rank as i32 + j * by) as u8))))
    }
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
        let plain = ["R", "B", "fR", "ffN", "WfF", "RF", "R2", "DD", "mWcF", "RDD", "WDD", "DDHH"];
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
    }

    /// Pieces whose capture depends on more than the squares on their way are left to the
    /// generator: a cannon (hop), a lame leaper, a jumping rider and a Lion's two legs.
    #[test]
    fn captures_enemy_declines_hops_lame_leaps_jumps_and_legs() {
        let size = BoardSize::parse("9x9").expect("size");
        let (a, b) = (Square::new(4, 4), Square::new(4, 7));
        for text in ["mRcpR", "nN", "jR", "KNADcaKmcabK"] {
            let reach = CaptureReach::of(&compile_str(text, size, Readings::default()).expect(text));
            assert_eq!(reach.captures_enemy(Orientation::Up, a, b, |_| true), None, "{text}");
        }
    }
}
