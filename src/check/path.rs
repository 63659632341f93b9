//! The notation path matcher (issue 6): does a move record's path obey the XBetza legs of its
//! piece?
//!
//! This is a second, independent reading of the notation, written from ../shared/XBETZA.md and
//! docs/xbetza.md: it never runs the move generator (`xbetza::generate`), and since issue 24
//! item 6 it no longer reads the compiled leg programs either (`xbetza::compile`,
//! `xbetza::directions`): the legs it matches are its own reading of the text,
//! [`NotationMoves`] (src/check/notation.rs). The generator walks forward from the piece and
//! lists every move; the matcher goes the other way: it is given the end square of every leg
//! and asks, leg by leg, whether some chain could have made exactly that step. What the two
//! still share: the parser and the syntax tree, the unrolling of repetition groups
//! (`xbetza::expand`), the readings (`xbetza::Readings`), the board geometry and the path
//! records (`PathStep`, `Occupancy`, `Orientation`). A compile step that adds or loses a
//! direction or gets a mode wrong now shows as a generated path the matcher rejects (or a
//! generated path missing, which the cross-check in `tests/check/path.rs` finds from the
//! matcher's side on near-miss paths).
//!
//! A path is the end square of every leg, in order, each with what happened there
//! ([`PathStep`]). It obeys a program when it has one step per leg and, for every leg:
//! * the step from the previous square (the origin for the first leg) is `k` times one of the
//!   leg's vectors, `1 <= k <=` the leg's range: first leg, the absolute vectors turned to the
//!   mover's orientation; later legs, turns of the previous leg's vector; `U`, any other square;
//! * a rider leg (range above 1 at that moment) passes only empty squares, except that `j` skips
//!   its first square entirely (so it cannot end there); a leaper leg (range 1) jumps, except
//!   that `n` (lame) needs the squares between empty (for an oblique leap, the orthogonal
//!   neighbour along the long leg) and `j` needs a piece among them;
//! * a final `p` leg hops the first piece within its range and then moves on as a rider within
//!   the range; a final `g` leg lands right behind that piece;
//! * the end square matches the step's kind and the leg's modes: `Move` an empty square (`m`,
//!   or `y` on a non-final leg), `Capture` an enemy (`c`) or a friend (`d`), `Hop` a piece (`p`,
//!   `g`; non-final legs only). A final leg ends with a move or a capture.
//!
//! What later legs see: the origin is empty (igui, the pass); a square captured by an earlier
//! leg is empty; a hopped piece stays. The range is the chain's `base_steps`; a leg ending
//! with `y` or `g` toggles it for later legs (a leaper becomes a rider of the longest line, a
//! rider a leaper, `LegChain::toggled_steps`): under the `y-scope` reading `whole-leg` any ending
//! of a leg that has `y` or `g` toggles, under `own-alternative` only the `y`/`g` ending does;
//! under `toggle-span` `rest-of-move` a toggle holds until toggled back, under `next-leg` for the
//! next leg only.
//!
//! Orientation: the first leg's vectors are turned to the board as the generator turns them
//! (Down: rotated 180 degrees; DownBoardSides: mirrored across the middle rank); later legs turn
//! the previous leg's board vector counter-clockwise on the board. Under DownBoardSides that
//! makes a relative `l` the board's right after a forward step; no spec has a multi-leg piece
//! with one-sided relative turns under that frame, so the choice is not yet tested by any rule.
use super::notation::{turn, Directions, Leg, LegChain, Modes, NotationMoves};
use crate::geometry::{Square, Vec2};
use crate::xbetza::readings::{ToggleScope, ToggleSpan};
use crate::xbetza::{Cell, Occupancy, Orientation, PathStep, StepKind};

/// The engine's widenings of the compiled moves, which the path may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathOptions {
    /// jump.landing != capture (engine widens): a final `c` leg that comes after a hop may also
    /// end on an empty square. Applies to every program with a non-final `p` or `g` leg.
    pub jump_may_land_empty: bool,
    /// burn.targets = any (engine widens): capture legs may also take friendly pieces. As the
    /// engine states it (`engine::filters::widen_burn_targets`): non-final capture legs after the
    /// first (the burns, a second igui); the first leg (the arrival, a first igui) and the final
    /// leg keep their targets.
    pub captures_may_take_friends: bool,
}

/// Ok when some chain of `moves` (the piece's notation as the matcher reads it) yields exactly this path from `from` for a piece of this
/// orientation on this occupancy (Friend/Enemy/Empty as seen by the mover, the position BEFORE
/// the move); Err with a short reason otherwise: the failure of the program that got furthest
/// (deepest leg; within a leg, a wrong end square beats an unreachable one beats one off every
/// direction), e.g. "leg 2: c3 is not on a direction of the leg from d4 (closest program mcabK,
/// 2 legs)", or "no program has 3 legs (the piece's programs have 1, 2)".
pub fn path_obeys(
    moves: &NotationMoves,
    occupancy: &Occupancy,
    from: Square,
    orientation: Orientation,
    path: &[PathStep],
    options: PathOptions,
) -> Result<(), String> {
    let size = moves.size;
    if occupancy.size != size {
        return Err(format!("the occupancy is a {} board, the moves are read for {}", occupancy.size, size));
    }
    let on_board = |s: Square| size.contains(s.file as i32, s.rank as i32);
    if !on_board(from) {
        return Err(format!("the origin {from} is off the {size} board"));
    }
    if path.is_empty() {
        return Err("the path is empty: a move has at least one leg".into());
    }
    if let Some(s) = path.iter().find(|s| !on_board(s.square)) {
        return Err(format!("{} is off the {size} board", s.square));
    }
    let mut best: Option<(Miss, &LegChain)> = None;
    for program in &moves.chains {
        if program.legs.len() != path.len() {
            continue;
        }
        let m = Matcher {
            program,
            occupancy,
            from,
            orientation,
            path,
            options,
            max_line: size.max_line(),
            scope: moves.readings.toggle_scope,
            span: moves.readings.toggle_span,
            landing_widened: options.jump_may_land_empty && program.hops_before_final,
        };
        let mut captured = Vec::new();
        match m.leg(0, from, None, false, &mut captured) {
            Ok(()) => return Ok(()),
            Err(miss) => {
                if best.as_ref().is_none_or(|(b, _)| miss.closer_than(b)) {
                    best = Some((miss, program));
                }
            }
        }
    }
    match best {
        Some((miss, program)) => Err(format!(
            "leg {}: {} (closest program {}, {} leg{})",
            miss.leg + 1,
            miss.why.describe(),
            program.text,
            program.legs.len(),
            if program.legs.len() == 1 { "" } else { "s" }
        )),
        None if moves.chains.is_empty() => Err("the piece has no moves".into()),
        None => {
            let counts = moves.leg_counts();
            let counts: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
            Err(format!(
                "no program has {} leg{} (the piece's programs have {})",
                path.len(),
                if path.len() == 1 { "" } else { "s" },
                counts.join(", ")
            ))
        }
    }
}

/// Why a leg failed, kept cheap until it is reported.
#[derive(Clone, Debug)]
enum Why {
    NotOnDirection { from: Square, to: Square },
    Stays { at: Square },
    BeyondRange { from: Square, to: Square, k: i32, range: u32 },
    SkippedFirst { to: Square },
    Blocked { from: Square, to: Square, by: Square },
    LameBlocked { from: Square, to: Square, by: Square },
    NothingJumped { from: Square, to: Square },
    NoHurdle { from: Square, to: Square, range: u32 },
    HopLanding { to: Square, hurdle: Square, grasshopper: bool },
    EndState { to: Square, kind: StepKind, cell: Cell, modes: Modes, is_final: bool },
    NoPrevious,
}

impl Why {
    fn describe(&self) -> String {
        match self {
            Why::NotOnDirection { from, to } => {
                format!("{to} is not on a direction of the leg from {from}")
            }
            Why::Stays { at } => format!("the leg stays on {at}"),
            Why::BeyondRange { from, to, k, range } => {
                format!("{from}-{to} is {k} steps, beyond the leg's range {range}")
            }
            Why::SkippedFirst { to } => {
                format!("j skips the first square of the slide, so it cannot end on {to}")
            }
            Why::Blocked { from, to, by } => {
                format!("the slide {from}-{to} passes the occupied {by}")
            }
            Why::LameBlocked { from, to, by } => {
                format!("the lame leap {from}-{to} is blocked on {by}")
            }
            Why::NothingJumped { from, to } => {
                format!("the j leap {from}-{to} jumps no piece")
            }
            Why::NoHurdle { from, to, range } => {
                format!("no piece to hop on the line {from}-{to} within {range} steps")
            }
            Why::HopLanding { to, hurdle, grasshopper } => {
                if *grasshopper {
                    format!("a grasshopper over {hurdle} lands right behind it, not on {to}")
                } else {
                    format!("after hopping {hurdle} the leg cannot reach {to}")
                }
            }
            Why::EndState { to, kind, cell, modes, is_final } => {
                let cell = match cell {
                    Cell::Empty => "empty",
                    Cell::Friend => "a friend",
                    Cell::Enemy => "an enemy",
                };
                let kind = match kind {
                    StepKind::Move => "a move",
                    StepKind::Capture => "a capture",
                    StepKind::Hop => "a hop",
                };
                let place = if *is_final { "final" } else { "non-final" };
                format!("{kind} to {to} ({cell}) is not what the {place} leg's modes {} allow", modes.letters())
            }
            Why::NoPrevious => "a relative leg without a previous step".into(),
        }
    }
}

#[derive(Clone, Debug)]
struct Miss {
    /// 0-based index of the leg that failed: deeper is closer.
    leg: usize,
    why: Why,
}

impl Miss {
    /// How far the path got: the leg, then within the leg (off every direction, on a direction
    /// but not reachable, reached with the wrong end state).
    fn progress(&self) -> (usize, u8) {
        let stage = match self.why {
            Why::NotOnDirection { .. } | Why::NoPrevious | Why::Stays { .. } => 0,
            Why::EndState { .. } => 2,
            _ => 1,
        };
        (self.leg, stage)
    }

    fn closer_than(&self, other: &Miss) -> bool {
        self.progress() > other.progress()
    }
}

struct Matcher<'a> {
    program: &'a LegChain,
    occupancy: &'a Occupancy,
    from: Square,
    orientation: Orientation,
    path: &'a [PathStep],
    options: PathOptions,
    max_line: u32,
    scope: ToggleScope,
    span: ToggleSpan,
    /// `jump_may_land_empty` applies to this program.
    landing_widened: bool,
}

fn displacement(a: Square, b: Square) -> Vec2 {
    (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32)
}

/// The `k >= 1` with `d = k * v`, if any.
fn multiple_of(d: Vec2, v: Vec2) -> Option<i32> {
    let k = if v.0 != 0 {
        if d.0 % v.0 != 0 {
            return None;
        }
        d.0 / v.0
    } else if v.1 != 0 {
        if d.1 % v.1 != 0 {
            return None;
        }
        d.1 / v.1
    } else {
        return None;
    };
    (k >= 1 && (k * v.0, k * v.1) == d).then_some(k)
}

impl Matcher<'_> {
    /// What stands on `sq` as the leg sees it: the origin and the squares captured so far are
    /// empty.
    fn seen(&self, sq: Square, captured: &[Square]) -> Cell {
        if sq == self.from || captured.contains(&sq) {
            Cell::Empty
        } else {
            self.occupancy.get(sq)
        }
    }

    /// A first-leg vector as the board sees it for this mover.
    fn turned(&self, v: Vec2) -> Vec2 {
        match self.orientation {
            Orientation::Up => v,
            // seen rotated 180 degrees
            Orientation::Down => (-v.0, -v.1),
            // mirrored across the middle rank: forward is down, the sides stay the board's
            Orientation::DownBoardSides => (v.0, -v.1),
        }
    }

    fn at(&self, pos: Square, v: Vec2, k: i32) -> Option<Square> {
        self.occupancy.size.offset(pos, (v.0 * k, v.1 * k))
    }

    /// Leg `i` from `pos` (previous leg's vector `prev`), its range toggled or not, after the
    /// captures in `captured`.
    fn leg(
        &self,
        i: usize,
        pos: Square,
        prev: Option<Vec2>,
        toggled: bool,
        captured: &mut Vec<Square>,
    ) -> Result<(), Miss> {
        let leg = &self.program.legs[i];
        let to = self.path[i].square;
        let miss = |why| Miss { leg: i, why };
        let range = if toggled { self.program.toggled_steps(self.max_line) } else { self.program.base_steps };
        let d = displacement(pos, to);
        let mut closest = miss(Why::NotOnDirection { from: pos, to });
        // Tries one vector of the leg: Ok when the rest of the path follows along it.
        let mut along = |v: Vec2, closest: &mut Miss| -> bool {
            let Some(k) = multiple_of(d, v) else {
                return false;
            };
            let failed = match self.way(leg, pos, to, v, k, range, captured) {
                Err(why) => miss(why),
                Ok(()) => match self.end(i, leg, to, Some(v), toggled, captured) {
                    Ok(()) => return true,
                    Err(m) => m,
                },
            };
            if failed.closer_than(closest) {
                *closest = failed;
            }
            false
        };
        let found = match &leg.directions {
            Directions::Universal => {
                if to == pos {
                    return Err(miss(Why::Stays { at: to }));
                }
                return self.end(i, leg, to, None, toggled, captured);
            }
            Directions::Absolute(vs) => vs.iter().any(|&v| along(self.turned(v), &mut closest)),
            Directions::Relative(turns) => {
                let Some(p) = prev else {
                    return Err(miss(Why::NoPrevious));
                };
                // An oblique step has no turn; the reading refuses such a later leg.
                turns.iter().filter_map(|&t| turn(p, t)).any(|v| along(v, &mut closest))
            }
        };
        if found {
            Ok(())
        } else {
            Err(closest)
        }
    }

    /// Can the leg get from `pos` to `to`, `k` times `v` away, with this range?
    #[allow(clippy::too_many_arguments)]
    fn way(
        &self,
        leg: &Leg,
        pos: Square,
        to: Square,
        v: Vec2,
        k: i32,
        range: u32,
        captured: &[Square],
    ) -> Result<(), Why> {
        let occupied = |sq: Square| self.seen(sq, captured) != Cell::Empty;
        let leaper = range == 1;
        if leaper && (leg.lame || leg.jump) {
            // The squares the leap goes over: along a line, every square between; for an
            // oblique leap, the orthogonal neighbour of the start along the long leg.
            let over: Vec<Square> = if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
                let n = v.0.abs().max(v.1.abs());
                let u = (v.0.signum(), v.1.signum());
                (1..n).filter_map(|j| self.at(pos, u, j)).collect()
            } else if v.1.abs() > v.0.abs() {
                self.at(pos, (0, v.1.signum()), 1).into_iter().collect()
            } else {
                self.at(pos, (v.0.signum(), 0), 1).into_iter().collect()
            };
            let blocker = over.iter().copied().find(|&s| occupied(s));
            let leap_to = self.at(pos, v, 1).unwrap_or(to);
            if leg.lame {
                if let Some(by) = blocker {
                    return Err(Why::LameBlocked { from: pos, to: leap_to, by });
                }
            }
            if leg.jump && blocker.is_none() {
                return Err(Why::NothingJumped { from: pos, to: leap_to });
            }
        }
        if leg.is_final && (leg.modes.hop || leg.modes.grasshop) {
            // The hurdle: the first piece on the line within the range.
            let hurdle =
                (1..=range as i32).map_while(|j| self.at(pos, v, j).map(|s| (j, s))).find(|&(_, s)| occupied(s));
            let Some((h, hurdle)) = hurdle else {
                return Err(Why::NoHurdle { from: pos, to, range });
            };
            if leg.modes.grasshop && k == h + 1 {
                return Ok(());
            }
            if leg.modes.hop && k > h && k <= range as i32 {
                if let Some(by) = (h + 1..k).filter_map(|j| self.at(pos, v, j)).find(|&s| occupied(s)) {
                    return Err(Why::Blocked { from: hurdle, to, by });
                }
                return Ok(());
            }
            return Err(Why::HopLanding { to, hurdle, grasshopper: !leg.modes.hop });
        }
        if k as u32 > range {
            return Err(Why::BeyondRange { from: pos, to, k, range });
        }
        let skips_first = leg.jump && !leaper;
        if skips_first && k == 1 {
            return Err(Why::SkippedFirst { to });
        }
        let first = if skips_first { 2 } else { 1 };
        if let Some(by) = (first..k).filter_map(|j| self.at(pos, v, j)).find(|&s| occupied(s)) {
            return Err(Why::Blocked { from: pos, to, by });
        }
        Ok(())
    }

    /// The leg has reached `to` along `v`: does the step's kind fit the square and the modes,
    /// and (non-final) do the later legs go on from there?
    fn end(
        &self,
        i: usize,
        leg: &Leg,
        to: Square,
        v: Option<Vec2>,
        toggled: bool,
        captured: &mut Vec<Square>,
    ) -> Result<(), Miss> {
        let kind = self.path[i].kind;
        let cell = self.seen(to, captured);
        let m = leg.modes;
        let wrong = || Miss { leg: i, why: Why::EndState { to, kind, cell, modes: m, is_final: leg.is_final } };
        if leg.is_final {
            let fits = match (kind, cell) {
                (StepKind::Move, Cell::Empty) => m.empty || self.landing_widened,
                (StepKind::Capture, Cell::Enemy) => m.enemy,
                (StepKind::Capture, Cell::Friend) => m.friend,
                _ => false,
            };
            return if fits { Ok(()) } else { Err(wrong()) };
        }
        // Non-final: every way this ending may be read, as "does it toggle the range".
        let leg_toggles = m.grasshop || m.toggle_empty;
        let any_ending_toggles = leg_toggles && self.scope == ToggleScope::WholeLeg;
        let mut endings: [Option<bool>; 2] = [None, None];
        match (kind, cell) {
            (StepKind::Move, Cell::Empty) => {
                if m.empty {
                    endings[0] = Some(any_ending_toggles);
                }
                if m.toggle_empty {
                    endings[1] = Some(true);
                }
            }
            (StepKind::Capture, Cell::Enemy) if m.enemy => {
                endings[0] = Some(any_ending_toggles);
            }
            (StepKind::Capture, Cell::Friend) => {
                let burn_widened = self.options.captures_may_take_friends && i > 0 && m.enemy;
                if m.friend || burn_widened {
                    endings[0] = Some(any_ending_toggles);
                }
            }
            (StepKind::Hop, Cell::Enemy | Cell::Friend) => {
                if m.hop {
                    endings[0] = Some(any_ending_toggles);
                }
                if m.grasshop {
                    endings[1] = Some(true);
                }
            }
            _ => {}
        }
        if endings[0] == endings[1] {
            endings[1] = None;
        }
        let mut closest: Option<Miss> = None;
        for toggles in endings.into_iter().flatten() {
            let next_toggled = match self.span {
                ToggleSpan::RestOfMove => toggled ^ toggles,
                ToggleSpan::NextLeg => toggles,
            };
            let took = kind == StepKind::Capture;
            if took {
                captured.push(to);
            }
            let r = self.leg(i + 1, to, v, next_toggled, captured);
            if took {
                captured.pop();
            }
            match r {
                Ok(()) => return Ok(()),
                Err(miss) => {
                    if closest.as_ref().is_none_or(|c| miss.closer_than(c)) {
                        closest = Some(miss);
                    }
                }
            }
        }
        Err(closest.unwrap_or_else(wrong))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardSize;
    use crate::xbetza::Readings;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn step(name: &str, kind: StepKind) -> PathStep {
        PathStep { square: sq(name), kind }
    }

    fn board(size: &str, friends: &[&str], enemies: &[&str]) -> Occupancy {
        let size = BoardSize::parse(size).unwrap();
        let f: Vec<String> = friends.iter().map(|s| s.to_string()).collect();
        let e: Vec<String> = enemies.iter().map(|s| s.to_string()).collect();
        Occupancy::from_names(size, &f, &e).unwrap()
    }

    fn obeys(betza: &str, occ: &Occupancy, from: &str, path: &[PathStep]) -> Result<(), String> {
        let compiled = NotationMoves::read(betza, occ.size, Readings::default()).unwrap();
        path_obeys(&compiled, occ, sq(from), Orientation::Up, path, PathOptions::default())
    }

    use StepKind::{Capture as C, Hop as H, Move as M};

    #[test]
    fn multiples() {
        assert_eq!(multiple_of((0, 3), (0, 1)), Some(3));
        assert_eq!(multiple_of((0, -3), (0, 1)), None);
        assert_eq!(multiple_of((2, 4), (1, 2)), Some(2));
        assert_eq!(multiple_of((2, 3), (1, 2)), None);
        assert_eq!(multiple_of((4, 0), (2, 0)), Some(2));
        assert_eq!(multiple_of((3, 0), (2, 0)), None);
        assert_eq!(multiple_of((0, 0), (1, 0)), None);
    }

    #[test]
    fn rook_slides_until_blocked() {
        let occ = board("9x9", &["e5"], &["c1"]);
        assert_eq!(obeys("R", &occ, "e1", &[step("e4", M)]), Ok(()));
        assert_eq!(obeys("R", &occ, "e1", &[step("c1", C)]), Ok(()));
        let e = obeys("R", &occ, "e1", &[step("e6", M)]).unwrap_err();
        assert!(e.contains("passes the occupied e5"), "{e}");
        let e = obeys("R", &occ, "e1", &[step("e5", C)]).unwrap_err();
        assert!(e.contains("a friend"), "{e}");
        let e = obeys("R", &occ, "e1", &[step("f2", M)]).unwrap_err();
        assert!(e.contains("not on a direction"), "{e}");
    }

    #[test]
    fn orientation_turns_the_first_leg() {
        let occ = board("9x9", &[], &[]);
        let c = NotationMoves::read("fW", occ.size, Readings::default()).unwrap();
        let up = |o| path_obeys(&c, &occ, sq("e5"), o, &[step("e6", M)], PathOptions::default());
        assert_eq!(up(Orientation::Up), Ok(()));
        assert!(up(Orientation::Down).is_err());
        let down = |o| path_obeys(&c, &occ, sq("e5"), o, &[step("e4", M)], PathOptions::default());
        assert_eq!(down(Orientation::Down), Ok(()));
        assert_eq!(down(Orientation::DownBoardSides), Ok(()));
        // lW: the board's left for DownBoardSides, the mover's own left (the board's right) for Down
        let l = NotationMoves::read("lW", occ.size, Readings::default()).unwrap();
        let go = |o, to| path_obeys(&l, &occ, sq("e5"), o, &[step(to, M)], PathOptions::default());
        assert_eq!(go(Orientation::Up, "d5"), Ok(()));
        assert_eq!(go(Orientation::Down, "f5"), Ok(()));
        assert_eq!(go(Orientation::DownBoardSides, "d5"), Ok(()));
    }

    #[test]
    fn igui_and_pass_come_back_to_the_origin() {
        let occ = board("9x9", &[], &["e6"]);
        assert_eq!(obeys("mcabK", &occ, "e5", &[step("e6", C), step("e5", M)]), Ok(()));
        assert_eq!(obeys("mcabK", &occ, "e5", &[step("d6", M), step("e5", M)]), Ok(()));
        // a capture that did not happen
        assert!(obeys("mcabK", &occ, "e5", &[step("d6", C), step("e5", M)]).is_err());
        // b is straight back only
        let e = obeys("mcabK", &occ, "e5", &[step("e6", C), step("d5", M)]).unwrap_err();
        assert!(e.starts_with("leg 2:"), "{e}");
    }

    #[test]
    fn hops_pass_a_piece_and_leave_it() {
        // cannon: capture after exactly one screen
        let occ = board("9x10", &["e4"], &["e7", "e9"]);
        assert_eq!(obeys("mRcpR", &occ, "e2", &[step("e7", C)]), Ok(()));
        assert!(obeys("mRcpR", &occ, "e2", &[step("e9", C)]).is_err());
        // a non-final p leg ends on the piece; the piece stays for later legs
        let occ = board("12x12", &["d4"], &["f6"]);
        assert_eq!(obeys("B(paf)2cB", &occ, "b2", &[step("d4", H), step("f6", C)]), Ok(()));
        assert!(obeys("pafcB", &occ, "b2", &[step("d4", C), step("f6", C)]).is_err());
        let occ = board("9x9", &[], &["e5"]);
        assert_eq!(obeys("pabK", &occ, "e4", &[step("e5", H), step("e4", M)]), Ok(()));
        // back on the hopped enemy: it is still there, so only a capture lands on it
        let occ = board("9x9", &[], &["e5"]);
        assert_eq!(obeys("mafpabK", &occ, "e3", &[step("e4", M), step("e5", H), step("e4", M)]), Ok(()));
    }

    #[test]
    fn the_closest_program_is_reported() {
        let occ = board("9x9", &[], &[]);
        let e = obeys("WmcabK", &occ, "e5", &[step("e6", M), step("c3", M)]).unwrap_err();
        assert!(e.starts_with("leg 2: c3 is not on a direction"), "{e}");
        let e = obeys("WF", &occ, "e5", &[step("e6", M), step("e7", M)]).unwrap_err();
        assert!(e.starts_with("no program has 2 legs"), "{e}");
    }
}
