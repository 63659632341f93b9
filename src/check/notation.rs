//! The path matcher's own reading of an XBetza string (issue 24, item 6): each chain of legs
//! described from the notation itself, written from ../shared/XBETZA.md and docs/xbetza.md,
//! apart from the compile step (`xbetza::compile`, `xbetza::directions`), which it neither
//! reads nor calls. A bug there (a direction lost or added, a mode wrong) then gives the
//! generator moves that this description does not, and the checker sees it.
//!
//! Shared with the generator, on purpose: the parser (`xbetza::parse`, the syntax tree), the
//! unrolling of repetition groups into chains of legs (`xbetza::expand`, with its limits), the
//! readings (`xbetza::Readings`) and the board geometry (`geometry`). Everything after that,
//! what the letters mean, is this module's: atoms and their steps, direction letters (first
//! leg absolute, later legs turns of the previous step), modes, `j`, `n`, ranges, range
//! toggles, which leg is final.

use crate::geometry::{BoardSize, Vec2};
use crate::xbetza::ast::{Atom, Modifier, Span};
use crate::xbetza::expand::{expand, Chain, LegLetters};
use crate::xbetza::readings::HalfReading;
use crate::xbetza::{parse, Readings, XBetzaError};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The eight directions in 45-degree steps counter-clockwise from forward, as the mover sees
/// them (files grow to the right, ranks forward): f, fl, l, bl, b, br, r, fr.
const EIGHT: [Vec2; 8] = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1)];

/// Compass indices (bit i = direction i of [`EIGHT`]) of each letter's half-plane: `f` = every
/// direction with a forward component, and so on; `v` = f + b, `s` = l + r.
fn half_plane(m: Modifier) -> u8 {
    let f = 0b1000_0011; // fr, f, fl
    let l = 0b0000_1110; // fl, l, bl
    let b = 0b0011_1000; // bl, b, br
    let r = 0b1110_0000; // br, r, fr
    match m {
        Modifier::Forward => f,
        Modifier::Left => l,
        Modifier::Backward => b,
        Modifier::Right => r,
        Modifier::Vertical => f | b,
        Modifier::Sideways => l | r,
        _ => 0,
    }
}

/// The letter's own orthogonal(s): `f` alone, `v` = f and b, `s` = l and r.
fn orthogonals(m: Modifier) -> u8 {
    half_plane(m) & ORTHOGONAL
}

const ORTHOGONAL: u8 = 0b0101_0101;
const DIAGONAL: u8 = 0b1010_1010;

/// Which axis a direction letter belongs to: a pair must join letters of different axes.
fn axis(m: Modifier) -> Option<bool> {
    match m {
        Modifier::Forward | Modifier::Backward | Modifier::Vertical => Some(true),
        Modifier::Left | Modifier::Right | Modifier::Sideways => Some(false),
        _ => None,
    }
}

/// `v` turned `turns` times 45 degrees counter-clockwise, keeping its length in steps of the
/// atom (so a turned W is an F, a turned D an A: XBETZA.md, multi-leg moves). None for an
/// oblique vector, which has no 45-degree turn.
pub(crate) fn turn(v: Vec2, turns: u8) -> Option<Vec2> {
    let n = v.0.abs().max(v.1.abs());
    if n == 0 || (v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs()) {
        return None;
    }
    let unit = (v.0.signum(), v.1.signum());
    let i = EIGHT.iter().position(|&u| u == unit)?;
    let u = EIGHT[(i + turns as usize) % 8];
    Some((u.0 * n, u.1 * n))
}

/// What a leg's end square may hold, as its mode letters allow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Modes {
    /// `m` (and `y` on a final leg): an empty square.
    pub empty: bool,
    /// `c`: an enemy, captured.
    pub enemy: bool,
    /// `d`: a friend, captured.
    pub friend: bool,
    /// `p`: hop a piece (non-final: end on it; final: pass it and go on).
    pub hop: bool,
    /// `g`: like `p`, and toggles the range (final: land right behind the piece).
    pub grasshop: bool,
    /// `y` on a non-final leg: an empty square, and toggles the range.
    pub toggle_empty: bool,
}

impl Modes {
    pub fn letters(&self) -> String {
        let mut s = String::new();
        for (on, c) in [
            (self.empty, 'm'),
            (self.enemy, 'c'),
            (self.friend, 'd'),
            (self.hop, 'p'),
            (self.grasshop, 'g'),
            (self.toggle_empty, 'y'),
        ] {
            if on {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// Where a leg may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Directions {
    /// `U`: any square of the board but the one it leaves.
    Universal,
    /// First leg: the atom's vectors as the mover sees them (turned to the board later).
    Absolute(Vec<Vec2>),
    /// Later legs: turns of the previous leg's step, counter-clockwise in 45-degree steps
    /// (0 = straight on, 4 = straight back).
    Relative(Vec<u8>),
}

/// One leg, as the matcher reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Leg {
    pub directions: Directions,
    pub modes: Modes,
    /// `j`: a rider skips its first square; a leaper must jump a piece.
    pub jump: bool,
    /// `n`: a leaper whose squares between must be empty.
    pub lame: bool,
    pub is_final: bool,
}

/// One chain of legs (a component with its groups unrolled): every leg shares the atom and
/// its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LegChain {
    /// The chain as text (`mcabK`), for reasons.
    pub text: String,
    pub legs: Vec<Leg>,
    /// Steps along a line before any toggle: 1 for a leaper, the range for a rider.
    pub base_steps: u32,
    /// Some non-final leg hops (`p` or `g`): what the engine's `jump.landing` widening reads.
    pub hops_before_final: bool,
}

impl LegChain {
    /// Steps once toggled by `y` or `g` (XBETZA.md: B<->F, R<->W, Q<->K): a leaper becomes a
    /// rider of the longest line, a rider a leaper.
    pub fn toggled_steps(&self, max_line: u32) -> u32 {
        if self.base_steps == 1 {
            max_line
        } else {
            1
        }
    }
}

/// A piece's moves as the path matcher reads them from its XBetza string, for one board size
/// and one set of readings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationMoves {
    pub(crate) chains: Vec<LegChain>,
    pub size: BoardSize,
    pub readings: Readings,
}

/// The kind of atom, for what its direction letters mean.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// W R D H: orthogonals only.
    Orthogonal,
    /// F B A G: diagonals only.
    Diagonal,
    /// K Q: all eight.
    Eight,
    /// N C Z: the eight leaps `(±a, ±b)` and `(±b, ±a)`, `a < b`.
    Oblique(i32, i32),
    Universal,
}

/// The atom's kind, its step length along a line, and whether it rides by default.
fn atom(a: Atom) -> (Lines, i32, bool) {
    match a {
        Atom::W => (Lines::Orthogonal, 1, false),
        Atom::D => (Lines::Orthogonal, 2, false),
        Atom::H => (Lines::Orthogonal, 3, false),
        Atom::R => (Lines::Orthogonal, 1, true),
        Atom::F => (Lines::Diagonal, 1, false),
        Atom::A => (Lines::Diagonal, 2, false),
        Atom::G => (Lines::Diagonal, 3, false),
        Atom::B => (Lines::Diagonal, 1, true),
        Atom::K => (Lines::Eight, 1, false),
        Atom::Q => (Lines::Eight, 1, true),
        Atom::N => (Lines::Oblique(1, 2), 1, false),
        Atom::C => (Lines::Oblique(1, 3), 1, false),
        Atom::Z => (Lines::Oblique(2, 3), 1, false),
        Atom::U => (Lines::Universal, 1, false),
    }
}

/// A leg's direction letters grouped as written: a pair is two direction letters standing
/// next to each other in the leg (no other letter between) that the atom reads as one
/// (`fl` on a diagonal or eight-way atom, any two on an oblique one); `h` is not a direction
/// of its own and is reported apart.
#[derive(Clone, Copy)]
enum Token {
    Single(Modifier),
    Pair(Modifier, Modifier),
}

fn direction_tokens(leg: &LegLetters, pairs: impl Fn(Modifier, Modifier) -> bool) -> (Vec<Token>, bool) {
    let mut out = Vec::new();
    let mut half = false;
    let letters: Vec<Modifier> = leg.letters.iter().map(|(m, _)| *m).collect();
    let mut i = 0;
    while i < letters.len() {
        let m = letters[i];
        if m == Modifier::Half {
            half = true;
        } else if axis(m).is_some() {
            match letters.get(i + 1) {
                Some(&n) if axis(n).is_some() && pairs(m, n) => {
                    out.push(Token::Pair(m, n));
                    i += 1;
                }
                _ => out.push(Token::Single(m)),
            }
        }
        i += 1;
    }
    (out, half)
}

fn cross_axis(a: Modifier, b: Modifier) -> bool {
    axis(a) != axis(b)
}

/// Compass bits of a linear atom's leg (first leg: absolute; later legs: the same letters read
/// as turns, "eight-way meaning for every linear atom"). `eight` = the letters have the
/// eight-way meaning (K and Q, and every later leg): a single letter is its orthogonal(s), or
/// its half-plane under `h` (reading `h-modifier`); a pair the diagonal(s) both select.
fn linear_bits(tokens: &[Token], half: bool, lines: Lines, readings: Readings) -> u8 {
    let half = half && readings.half == HalfReading::HalfPlane;
    let mut bits = 0u8;
    for t in tokens {
        bits |= match (*t, lines) {
            // XBETZA.md: orthogonal atoms, letters add (a pair never forms, see the caller)
            (Token::Single(m), Lines::Orthogonal) => orthogonals(m),
            // a single letter is a pair of diagonals: its half-plane's
            (Token::Single(m), Lines::Diagonal) => half_plane(m) & DIAGONAL,
            // `Xh` = the whole half-plane of X (an `h` anywhere in the leg applies to each of
            // its single letters: the seeds write it right after one letter, `vhQ`, `shQ`,
            // and nothing says what it would do elsewhere)
            (Token::Single(m), _) if half => half_plane(m),
            (Token::Single(m), _) => orthogonals(m),
            (Token::Pair(a, b), _) => half_plane(a) & half_plane(b) & DIAGONAL,
        };
    }
    bits
}

fn vectors_of(bits: u8, n: i32) -> Vec<Vec2> {
    (0..8).filter(|i| bits & (1 << i) != 0).map(|i| (EIGHT[i].0 * n, EIGHT[i].1 * n)).collect()
}

/// The oblique leaps of `(a, b)` (a < b) that the letters select (docs/xbetza.md, Betza's
/// conventions): a single letter is the pair whose long leg points that way (`fN` = the two
/// leaps two forward); in a pair `XY`, Y names the pair and X picks its members with a
/// component toward X (`rfN` = (1,2), `frN` = (2,1), `ffN` the shogi knight, `fsN` the wide
/// forward pair).
fn oblique_vectors(tokens: &[Token], a: i32, b: i32) -> Vec<Vec2> {
    let all = [(a, b), (-a, b), (-a, -b), (a, -b), (b, a), (-b, a), (-b, -a), (b, -a)];
    let toward = |m: Modifier, v: Vec2| -> bool {
        let (f, l, bk, r) = (v.1 > 0, v.0 < 0, v.1 < 0, v.0 > 0);
        match m {
            Modifier::Forward => f,
            Modifier::Backward => bk,
            Modifier::Left => l,
            Modifier::Right => r,
            Modifier::Vertical => f || bk,
            Modifier::Sideways => l || r,
            _ => false,
        }
    };
    // the long leg points toward m
    let long_toward = |m: Modifier, v: Vec2| -> bool {
        let long = if v.1.abs() > v.0.abs() { (0, v.1) } else { (v.0, 0) };
        toward(m, long)
    };
    all.iter()
        .copied()
        .filter(|&v| {
            tokens.iter().any(|t| match *t {
                Token::Single(m) => long_toward(m, v),
                Token::Pair(x, y) => long_toward(y, v) && toward(x, v),
            })
        })
        .collect()
}

fn unsupported(what: impl Into<String>, span: Span) -> XBetzaError {
    XBetzaError::new(what, span).expected("a move the path matcher can read")
}

impl NotationMoves {
    /// Reads an XBetza string for one board size under `readings`. Errors are the parser's and
    /// the expansion's, and the constructs docs/xbetza.md refuses (continuation legs of
    /// oblique atoms and of U, `p`/`g` on the final leg of a plain leaper, `i`, `o`, `x`).
    pub fn read(source: &str, size: BoardSize, readings: Readings) -> Result<NotationMoves, XBetzaError> {
        let betza = parse(source)?;
        let mut chains = Vec::new();
        for component in &betza.components {
            for chain in expand(component)? {
                chains.push(Self::chain(&chain, size, readings)?);
            }
        }
        Ok(NotationMoves { chains, size, readings })
    }

    fn chain(chain: &Chain, size: BoardSize, readings: Readings) -> Result<LegChain, XBetzaError> {
        let (lines, n, rides) = atom(chain.atom);
        let max_line = size.max_line();
        // A number after the atom is the most steps along the line; 0 (or none, on a rider)
        // is unlimited, the longest line of the board.
        let base_steps = match chain.range {
            Some(0) => max_line,
            Some(r) => r,
            None if rides => max_line,
            None => 1,
        };
        let count = chain.legs.len();
        if count > 1 && matches!(lines, Lines::Oblique(..) | Lines::Universal) {
            return Err(unsupported(
                format!("a later leg of the {} atom is not supported", chain.atom.letter()),
                chain.atom_span,
            ));
        }
        let mut legs = Vec::with_capacity(count);
        let mut text = String::new();
        let mut toggled_before = false;
        for (i, letters) in chain.legs.iter().enumerate() {
            if i > 0 {
                text.push('a');
            }
            let is_final = i + 1 == count;
            let mut modes = Modes::default();
            let (mut jump, mut lame) = (false, false);
            for &(m, span) in &letters.letters {
                text.push(m.letter());
                match m {
                    Modifier::Move => modes.empty = true,
                    Modifier::Capture => modes.enemy = true,
                    Modifier::Destroy => modes.friend = true,
                    Modifier::Hop => modes.hop = true,
                    Modifier::Grasshop => modes.grasshop = true,
                    // final: nothing is left to toggle, so `y` is `m` (docs/xbetza.md)
                    Modifier::RangeToggle if is_final => modes.empty = true,
                    Modifier::RangeToggle => modes.toggle_empty = true,
                    Modifier::Jump => jump = true,
                    Modifier::Lame => lame = true,
                    Modifier::Initial | Modifier::Cylinder | Modifier::Extend => {
                        return Err(unsupported(format!("'{}' is not supported", m.letter()), span))
                    }
                    _ => {}
                }
            }
            if is_final {
                // none of m, c, d: a move or a capture
                if !(modes.empty || modes.enemy || modes.friend) {
                    modes.empty = true;
                    modes.enemy = true;
                }
                // Refused by the notation's own reading when the leg cannot ride to a piece:
                // a leaper that no earlier leg may have toggled into a rider.
                if (modes.hop || modes.grasshop) && base_steps == 1 && !toggled_before {
                    return Err(unsupported("p or g on the final leg of a plain leaper", chain.span));
                }
            } else {
                // a non-final leg without a mode ends on an empty square
                if !(modes.empty || modes.enemy || modes.friend || modes.hop || modes.grasshop || modes.toggle_empty) {
                    modes.empty = true;
                }
                toggled_before |= modes.grasshop || modes.toggle_empty;
            }
            let directions = Self::directions(letters, i, lines, n, readings, chain)?;
            legs.push(Leg { directions, modes, jump, lame, is_final });
        }
        text.push(chain.atom.letter());
        if let Some(r) = chain.range {
            text.push_str(&r.to_string());
        }
        let hops_before_final = legs.iter().any(|l| !l.is_final && (l.modes.hop || l.modes.grasshop));
        Ok(LegChain { text, legs, base_steps, hops_before_final })
    }

    fn directions(
        letters: &LegLetters,
        i: usize,
        lines: Lines,
        n: i32,
        readings: Readings,
        chain: &Chain,
    ) -> Result<Directions, XBetzaError> {
        let any_letter = letters.letters.iter().any(|(m, _)| m.is_direction());
        if let Lines::Universal = lines {
            if any_letter {
                return Err(unsupported("direction letters on U are not supported", chain.span));
            }
            return Ok(Directions::Universal);
        }
        if i > 0 {
            // Later legs: the letters turn the previous step, with the eight-way meaning for
            // every linear atom; none = all but straight back for K and Q, straight on and the
            // two 90-degree turns for the others.
            let (tokens, half) = direction_tokens(letters, cross_axis);
            let bits = if tokens.is_empty() {
                if lines == Lines::Eight {
                    !(1u8 << 4)
                } else {
                    1 | (1 << 2) | (1 << 6)
                }
            } else {
                linear_bits(&tokens, half, Lines::Eight, readings)
            };
            return Ok(Directions::Relative((0..8u8).filter(|t| bits & (1 << t) != 0).collect()));
        }
        let vectors = match lines {
            Lines::Oblique(a, b) => {
                let (tokens, _) = direction_tokens(letters, |_, _| true);
                if tokens.is_empty() {
                    oblique_vectors(&[Token::Single(Modifier::Vertical), Token::Single(Modifier::Sideways)], a, b)
                } else {
                    oblique_vectors(&tokens, a, b)
                }
            }
            _ => {
                // Orthogonal atoms read every letter alone (`fsW` = f, l, r); the others join
                // letters of different axes.
                let pairs = |x: Modifier, y: Modifier| lines != Lines::Orthogonal && cross_axis(x, y);
                let (tokens, half) = direction_tokens(letters, pairs);
                let bits = if tokens.is_empty() {
                    match lines {
                        Lines::Orthogonal => ORTHOGONAL,
                        Lines::Diagonal => DIAGONAL,
                        _ => 0xff,
                    }
                } else {
                    linear_bits(&tokens, half, lines, readings)
                };
                vectors_of(bits, n)
            }
        };
        Ok(Directions::Absolute(vectors))
    }

    /// The leg counts of the chains, sorted, without repeats (for reasons).
    pub(crate) fn leg_counts(&self) -> Vec<usize> {
        let mut counts: Vec<usize> = self.chains.iter().map(|c| c.legs.len()).collect();
        counts.sort();
        counts.dedup();
        counts
    }

    /// Each chain as text, in the notation's order (`K`, `NA`...: one per unrolled chain).
    pub fn chain_texts(&self) -> Vec<&str> {
        self.chains.iter().map(|c| c.text.as_str()).collect()
    }
}

type Shelf = HashMap<String, Rc<Result<NotationMoves, String>>>;

thread_local! {
    /// Every string read so far on this thread, per board size and readings: the checker
    /// judges every move of many games, and reads each piece's notation once, not per move.
    static READ: RefCell<HashMap<(BoardSize, Readings), Shelf>> = RefCell::new(HashMap::new());
}

/// The notation of `source` as [`NotationMoves::read`] gives it (an error rendered with the
/// source), read once per thread and kept.
pub fn cached(source: &str, size: BoardSize, readings: Readings) -> Rc<Result<NotationMoves, String>> {
    READ.with(|read| {
        let mut read = read.borrow_mut();
        let shelf = read.entry((size, readings)).or_default();
        if let Some(found) = shelf.get(source) {
            return Rc::clone(found);
        }
        let made = Rc::new(NotationMoves::read(source, size, readings).map_err(|e| e.render(source)));
        shelf.insert(source.to_string(), Rc::clone(&made));
        made
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> NotationMoves {
        NotationMoves::read(s, BoardSize::parse("9x9").unwrap(), Readings::default()).unwrap()
    }

    fn first(s: &str) -> Vec<Vec2> {
        let mut v = match &read(s).chains[0].legs[0].directions {
            Directions::Absolute(v) => v.clone(),
            d => panic!("{d:?}"),
        };
        v.sort();
        v
    }

    fn sorted(mut v: Vec<Vec2>) -> Vec<Vec2> {
        v.sort();
        v
    }

    #[test]
    fn direction_letters_as_the_notes_give_them() {
        assert_eq!(first("sbR"), sorted(vec![(-1, 0), (1, 0), (0, -1)]));
        assert_eq!(first("lfbF"), sorted(vec![(-1, 1), (-1, -1), (1, -1)]));
        assert_eq!(first("flbrB"), sorted(vec![(-1, 1), (1, -1)]));
        assert_eq!(first("rvB"), sorted(vec![(1, 1), (1, -1)]));
        assert_eq!(first("fF"), sorted(vec![(-1, 1), (1, 1)]));
        assert_eq!(first("sQ3"), sorted(vec![(-1, 0), (1, 0)]));
        assert_eq!(first("vhQ"), sorted(vec![(0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]));
        assert_eq!(first("fsW"), sorted(vec![(0, 1), (-1, 0), (1, 0)]));
        assert_eq!(first("ffN"), sorted(vec![(1, 2), (-1, 2)]));
        assert_eq!(first("rfN"), vec![(1, 2)]);
        assert_eq!(first("frN"), vec![(2, 1)]);
        assert_eq!(first("fsN"), sorted(vec![(2, 1), (-2, 1)]));
        assert_eq!(first("D").len(), 4);
        assert_eq!(first("N").len(), 8);
        let ignored = Readings { half: HalfReading::Ignored, ..Readings::default() };
        let q = NotationMoves::read("vhQ", BoardSize::parse("9x9").unwrap(), ignored).unwrap();
        assert_eq!(q.chains[0].legs[0].directions, Directions::Absolute(vec![(0, 1), (0, -1)]));
    }

    #[test]
    fn later_legs_turn_and_modes_default() {
        let lion = read("mcabK");
        assert_eq!(lion.chains[0].legs[1].directions, Directions::Relative(vec![4]));
        assert!(lion.chains[0].legs[0].modes.empty && lion.chains[0].legs[0].modes.enemy);
        assert!(!lion.chains[0].legs[0].is_final && lion.chains[0].legs[1].is_final);
        let k = read("caK");
        assert_eq!(k.chains[0].legs[1].directions, Directions::Relative(vec![0, 1, 2, 3, 5, 6, 7]));
        let r = read("RmasR");
        assert_eq!(r.chains[1].legs[1].directions, Directions::Relative(vec![2, 6]));
        assert_eq!(read("(a)2K").chain_texts(), ["K", "aK", "aaK"]);
        assert_eq!(turn((1, 0), 1), Some((1, 1)));
        assert_eq!(turn((2, 2), 1), Some((0, 2)));
        assert_eq!(turn((1, 2), 1), None);
    }

    #[test]
    fn what_it_cannot_read_is_an_error() {
        let size = BoardSize::parse("9x9").unwrap();
        for s in ["caN", "caU", "cpK", "iW", "fW("] {
            assert!(NotationMoves::read(s, size, Readings::default()).is_err(), "{s}");
        }
    }
}
