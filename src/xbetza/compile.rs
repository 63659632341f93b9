//! Chains of legs -> leg programs for one board size.
//!
//! A [`Program`] is one path shape: a list of legs, each with its directions (absolute for the
//! first leg, turns relative to the previous step for later ones), its range, and the modes its
//! end square may have. The move generator (`generate`) runs programs on a board.

use super::ast::{Atom, Betza, Modifier, Span};
use super::directions::{
    select, select_oblique, tokenize, LineClass, ALL_BUT_BACK, ALL_DIRS, COMPASS, DIAGONALS, ON_AND_TURNS, ORTHOGONALS,
};
use super::error::XBetzaError;
use super::expand::{expand, Chain, LegLetters};
use super::readings::Readings;
use crate::geometry::{BoardSize, Vec2};
use std::sync::Arc;

/// The mode letters of one leg (XBETZA.md, "Modes").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modes {
    /// `m`: ends on an empty square.
    pub empty: bool,
    /// `c`: ends on an enemy, which is captured.
    pub(crate) enemy: bool,
    /// `d`: ends on a friend, which is captured.
    pub friend: bool,
    /// `p`: non-final: ends on an occupied square, passed over; final: hops one piece first.
    pub(crate) hop: bool,
    /// `g`: like `p`, and the range toggles (final leg: land directly behind the hurdle).
    pub(crate) grasshop: bool,
    /// `y`: ends on an empty square and the range toggles.
    pub(crate) toggle_empty: bool,
}

impl Modes {
    /// Whether ending this (non-final) leg toggles the range of later legs.
    pub fn has_toggle(&self) -> bool {
        self.grasshop || self.toggle_empty
    }
}

/// Where a leg may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegDirections {
    /// First leg: these step vectors, for the player moving toward higher ranks.
    Absolute(Vec<Vec2>),
    /// Later legs: these turns of the previous step, in 45-degree units counter-clockwise
    /// (0 = straight on, 4 = straight back).
    Relative(Vec<u8>),
    /// The universal leaper `U`: any square but its own.
    Universal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegProgram {
    pub directions: LegDirections,
    pub modes: Modes,
    pub(crate) is_final: bool,
    /// `j`: a rider skips its first square; a leaper must jump over a piece.
    pub(crate) jump: bool,
    /// `n`: a lame leaper, blocked by a piece on its way.
    pub(crate) lame: bool,
}

/// One path shape of a piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub legs: Vec<LegProgram>,
    /// Steps a leg may take before any toggle: 1 for a leaper, more for a rider (an unlimited
    /// rider gets the longest line of the board).
    pub(crate) base_steps: u32,
    /// The component of the source this program came from.
    pub(crate) span: Span,
    /// The unrolled text of this path shape, e.g. `mcabmpacabK`; shared (not copied) with
    /// every move generated from it.
    pub text: Arc<str>,
}

impl Program {
    /// An upper bound on the squares the walker looks at to generate this program's moves
    /// from one square, whatever stands on the board (`MAX_WORK` caps it). Each leg walks
    /// `steps` squares along each of its directions from every end of the leg before it; along
    /// one direction a leg ends on at most `steps` empty squares (if it may end on an empty
    /// one) and on at most one occupied square (the first piece stops it, whether it captures
    /// or hops it). A leg after a possible range toggle gets the longer of the two ranges.
    pub(crate) fn work_bound(&self, size: BoardSize) -> u64 {
        let max_line = size.max_line();
        let mut toggled_before = false;
        let mut ends = 1u64;
        let mut work = 0u64;
        for leg in &self.legs {
            let steps = u64::from(if toggled_before {
                self.base_steps.max(self.toggled_steps(max_line))
            } else {
                self.base_steps
            });
            toggled_before |= leg.modes.has_toggle();
            let m = leg.modes;
            let (directions, walked) = match &leg.directions {
                LegDirections::Absolute(v) => (v.len() as u64, steps),
                LegDirections::Relative(t) => (t.len() as u64, steps),
                LegDirections::Universal => (1, size.square_count() as u64),
            };
            work = work.saturating_add(ends.saturating_mul(directions * walked));
            let empty = if m.empty || m.toggle_empty { steps } else { 0 };
            let occupied = u64::from(m.enemy || m.friend || m.hop || m.grasshop);
            ends = ends.saturating_mul(directions * (empty + occupied).min(steps));
        }
        work
    }

    /// The steps a leg may take after the range has been toggled.
    pub(crate) fn toggled_steps(&self, max_line: u32) -> u32 {
        if self.base_steps == 1 {
            max_line
        } else {
            1
        }
    }
}

/// A whole XBetza string compiled for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledBetza {
    pub programs: Vec<Program>,
    pub size: BoardSize,
    pub readings: Readings,
}

/// Parses and compiles in one go.
pub fn compile_str(source: &str, size: BoardSize, readings: Readings) -> Result<CompiledBetza, XBetzaError> {
    let ast = super::parser::parse(source)?;
    compile(&ast, size, readings)
}

/// Most squares one compiled move may need looked at to generate its moves from one square
/// (`Program::work_bound`, summed over its programs). The largest bundled move, the Fire
/// Demon's, needs 2.1 million on 16x16 and 9.4 million on 26x26. A chain of king steps needs
/// 1.1 million with seven legs (`aaaaaaK`, 0.02 s on an empty 26x26 board), 7.7 million with
/// eight (0.1 s) and 54 million with nine, which took over a second and is refused.
pub(crate) const MAX_WORK: u64 = 20_000_000;

pub fn compile(betza: &Betza, size: BoardSize, readings: Readings) -> Result<CompiledBetza, XBetzaError> {
    let mut programs = Vec::new();
    let mut total = 0u64;
    // The component that needs the most, and how much: the error points there, since that is
    // the part to shorten (not the one that happened to cross the bound).
    let mut heaviest: Option<(u64, super::ast::Span)> = None;
    for component in &betza.components {
        let mut work = 0u64;
        for chain in expand(component)? {
            let program = compile_chain(&chain, size, readings)?;
            work = work.saturating_add(program.work_bound(size));
            programs.push(program);
            // Refused before any move is generated: the bound, not the board, decides. One
            // component over the bound is refused at once, before the rest are compiled.
            if work > MAX_WORK {
                return Err(too_much_work(work, size, component.span));
            }
        }
        total = total.saturating_add(work);
        if heaviest.is_none_or(|(most, _)| work > most) {
            heaviest = Some((work, component.span));
        }
    }
    if let (true, Some((work, span))) = (total > MAX_WORK, heaviest) {
        return Err(too_much_work(work, size, span));
    }
    Ok(CompiledBetza { programs, size, readings })
}

fn too_much_work(part: u64, size: BoardSize, span: super::ast::Span) -> XBetzaError {
    XBetzaError::new(
        format!(
            "this move would need more than {} squares looked at to generate its moves from one square of a \
             {size} board ({} for the part marked)",
            crate::text::thousands(MAX_WORK),
            crate::text::thousands(part)
        ),
        span,
    )
    .expected("fewer legs, shorter ranges or smaller repetition counts")
}

enum Shape {
    Line { class: LineClass, length: i32 },
    Oblique(i32, i32),
    Universal,
}

fn shape(atom: Atom) -> Shape {
    use LineClass::*;
    match atom {
        Atom::W | Atom::R => Shape::Line { class: Orthogonal, length: 1 },
        Atom::D => Shape::Line { class: Orthogonal, length: 2 },
        Atom::H => Shape::Line { class: Orthogonal, length: 3 },
        Atom::F | Atom::B => Shape::Line { class: Diagonal, length: 1 },
        Atom::A => Shape::Line { class: Diagonal, length: 2 },
        Atom::G => Shape::Line { class: Diagonal, length: 3 },
        Atom::K | Atom::Q => Shape::Line { class: EightWay, length: 1 },
        Atom::N => Shape::Oblique(1, 2),
        Atom::C => Shape::Oblique(1, 3),
        Atom::Z => Shape::Oblique(2, 3),
        Atom::U => Shape::Universal,
    }
}

fn is_rider_letter(atom: Atom) -> bool {
    matches!(atom, Atom::R | Atom::B | Atom::Q)
}

fn unsupported(m: Modifier, span: Span) -> XBetzaError {
    let what = match m {
        Modifier::Initial => "'i' (first move only)",
        Modifier::Cylinder => "'o' (cylinder board)",
        _ => "'x' (extended move)",
    };
    XBetzaError::new(format!("modifier {what} is not supported: no rule document kensho plays needs it"), span)
        .expected("one of the supported modifiers f b l r v s h m c d p g y n j")
}

fn leg_modes(leg: &LegLetters, is_final: bool) -> Modes {
    let mut modes = Modes::default();
    for &(m, _) in &leg.letters {
        match m {
            Modifier::Move => modes.empty = true,
            Modifier::Capture => modes.enemy = true,
            Modifier::Destroy => modes.friend = true,
            Modifier::Hop => modes.hop = true,
            Modifier::Grasshop => modes.grasshop = true,
            Modifier::RangeToggle => modes.toggle_empty = true,
            _ => {}
        }
    }
    if is_final {
        // A toggle after the last leg has nothing to act on: `y` is then just `m`.
        if modes.toggle_empty {
            modes.empty = true;
            modes.toggle_empty = false;
        }
        // Without m, c or d the final leg may move or capture.
        if !(modes.empty || modes.enemy || modes.friend) {
            modes.empty = true;
            modes.enemy = true;
        }
    } else if !(modes.empty || modes.enemy || modes.friend || modes.hop || modes.grasshop || modes.toggle_empty) {
        // A non-final leg without a mode ends on an empty square.
        modes.empty = true;
    }
    modes
}

fn compile_chain(chain: &Chain, size: BoardSize, readings: Readings) -> Result<Program, XBetzaError> {
    let max_line = size.max_line();
    let shape = shape(chain.atom);
    // Range: riders R B Q are unlimited; a number limits (0 = unlimited); a number > 1 on a
    // leaper makes it a rider of that many steps (`W2`, `K3`).
    let base_steps = match (chain.range, is_rider_letter(chain.atom)) {
        (Some(0), _) => max_line,
        (Some(n), _) => n.min(max_line).max(1),
        (None, true) => max_line,
        (None, false) => 1,
    };
    if matches!(shape, Shape::Universal) && (chain.legs.len() > 1 || chain.range.is_some()) {
        return Err(XBetzaError::new("the universal leaper U takes no range and no continuation legs", chain.span)
            .expected("U alone, optionally with mode letters (mU, cU)"));
    }
    let mut legs = Vec::with_capacity(chain.legs.len());
    let mut toggled_before = false;
    for (i, leg) in chain.legs.iter().enumerate() {
        let is_final = i + 1 == chain.legs.len();
        for &(m, span) in &leg.letters {
            if m.is_unsupported() {
                return Err(unsupported(m, span));
            }
        }
        let modes = leg_modes(leg, is_final);
        let has_dirs = leg.letters.iter().any(|(m, _)| m.is_direction());
        let directions = match &shape {
            Shape::Universal => {
                if has_dirs {
                    let span = leg.letters.iter().find(|(m, _)| m.is_direction()).unwrap().1;
                    return Err(XBetzaError::new("the universal leaper U has no directions", span)
                        .expected("U without direction letters"));
                }
                LegDirections::Universal
            }
            Shape::Oblique(a, b) => {
                if i > 0 {
                    return Err(XBetzaError::new(
                        format!("continuation legs of the oblique atom {} are not supported", chain.atom.letter()),
                        chain.atom_span,
                    )
                    .expected("a linear atom (W F D A H G K R B Q) in multi-leg moves"));
                }
                let toks = tokenize(&leg.letters, true)?;
                let vs = select_oblique(&toks, *a, *b);
                LegDirections::Absolute(vs)
            }
            Shape::Line { class, length } => {
                if i == 0 {
                    let toks = tokenize(&leg.letters, *class != LineClass::Orthogonal)?;
                    let all = match class {
                        LineClass::Orthogonal => ORTHOGONALS,
                        LineClass::Diagonal => DIAGONALS,
                        LineClass::EightWay => ALL_DIRS,
                    };
                    let mask = select(&toks, *class, readings.half).unwrap_or(all);
                    let vs = (0..8)
                        .filter(|d| mask & (1 << d) != 0)
                        .map(|d| (COMPASS[d].0 * length, COMPASS[d].1 * length))
                        .collect();
                    LegDirections::Absolute(vs)
                } else {
                    let toks = tokenize(&leg.letters, true)?;
                    let default = if *class == LineClass::EightWay { ALL_BUT_BACK } else { ON_AND_TURNS };
                    let mask = select(&toks, LineClass::EightWay, readings.half).unwrap_or(default);
                    LegDirections::Relative((0..8u8).filter(|d| mask & (1 << d) != 0).collect())
                }
            }
        };
        if matches!(&directions, LegDirections::Absolute(vs) if vs.is_empty()) {
            let span = leg.letters.first().map(|l| l.1).unwrap_or(chain.atom_span);
            return Err(XBetzaError::new("these direction letters select no move", span)
                .expected("direction letters that name at least one direction of the atom"));
        }
        let jump = leg.letters.iter().any(|(m, _)| *m == Modifier::Jump);
        let lame = leg.letters.iter().any(|(m, _)| *m == Modifier::Lame);
        if is_final && (modes.hop || modes.grasshop) && base_steps == 1 && !toggled_before {
            let span = leg
                .letters
                .iter()
                .find(|(m, _)| matches!(m, Modifier::Hop | Modifier::Grasshop))
                .map(|l| l.1)
                .unwrap_or(chain.atom_span);
            return Err(XBetzaError::new("p or g on the final leg needs a sliding atom to hop along", span)
                .expected("a rider (R B Q, or a range such as W4), or j for a leaper that must jump a piece"));
        }
        toggled_before |= modes.has_toggle();
        legs.push(LegProgram { directions, modes, is_final, jump, lame });
    }
    let text = chain
        .legs
        .iter()
        .map(|l| l.letters.iter().map(|(m, _)| m.letter()).collect::<String>())
        .collect::<Vec<_>>()
        .join("a")
        + &chain.atom.letter().to_string()
        + &chain.range.map(|r| r.to_string()).unwrap_or_default();
    Ok(Program { legs, base_steps, span: chain.span, text: text.into() })
}

#[cfg(test)]
mod work_tests {
    use super::*;

    fn work(source: &str, board: &str) -> u64 {
        let size = BoardSize::parse(board).expect("board");
        let compiled = compile_str(source, size, Readings::default()).expect("compiles");
        compiled.programs.iter().map(|p| p.work_bound(size)).sum()
    }

    /// Counted by hand: a Rook on 9x9 walks 8 squares in each of 4 directions; `aK` walks 8
    /// first steps, then 7 more from each (a continuation leg does not turn straight back); a
    /// chain of seven king steps 8 * (1 + 7 + ... + 7^6) = 1,098,056.
    #[test]
    fn the_work_bound_counts_every_square_a_leg_may_walk() {
        assert_eq!(work("R", "9x9"), 32);
        assert_eq!(work("aK", "9x9"), 8 + 8 * 7);
        assert_eq!(work("aaaaaaK", "26x26"), 8 * (1 + 7 + 49 + 343 + 2401 + 16807 + 117_649));
        // A capture-only leg ends on at most one square per direction: `caR` walks 8 squares
        // in 4 directions, and goes on (straight or turning, 3 ways) from at most 4 captures.
        assert_eq!(work("caR", "9x9"), 4 * 8 + 4 * 3 * 8);
    }

    /// The Fire Demon (Suzumu, Mitsugumi) is the heaviest bundled move; on the largest board
    /// kensho takes (26x26) it stays within the budget, which refuses one more king-step leg
    /// than `aaaaaaaK` with a message pointing at the component.
    #[test]
    fn the_fire_demon_fits_the_budget_and_a_ninth_king_step_does_not() {
        let fire_demon = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
        assert!(work(fire_demon, "16x16") < MAX_WORK / 5, "{}", work(fire_demon, "16x16"));
        assert!(work(fire_demon, "26x26") < MAX_WORK / 2, "{}", work(fire_demon, "26x26"));
        assert!(work("aaaaaaaK", "26x26") < MAX_WORK);
        let size = BoardSize::parse("26x26").expect("board");
        let e = compile_str("WaaaaaaaaK", size, Readings::default()).expect_err("nine legs");
        assert!(e.message.contains("squares looked at"), "{e}");
        assert_eq!((e.span.start, e.span.end), (1, 10), "the component after W: {e}");
    }

    /// Components that fit alone but not together: the error points at the heaviest one (an
    /// eight-leg chain, 7.7 million), not at the last of the twelve light ones (1.1 million
    /// each) that crossed the bound.
    #[test]
    fn the_budget_error_points_at_the_heaviest_component() {
        let size = BoardSize::parse("26x26").expect("board");
        let betza = format!("aaaaaaaK{}", "aaaaaaK".repeat(12));
        let e = compile_str(&betza, size, Readings::default()).expect_err("over the budget");
        assert_eq!((e.span.start, e.span.end), (0, 8), "{e}");
        assert!(
            e.message.contains(&format!("({} for the part marked)", crate::text::thousands(work("aaaaaaaK", "26x26")))),
            "{e}"
        );
    }
}
