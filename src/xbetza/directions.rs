//! Direction letters -> sets of step vectors (XBETZA.md, "Directions").
//!
//! Linear atoms (W F D A H G K and their riders R B Q) move along the eight compass lines.
//! Directions are numbered in 45-degree units counter-clockwise from forward:
//! `0 f, 1 fl, 2 l, 3 bl, 4 b, 5 br, 6 r, 7 fr`. A direction letter names a half-plane
//! (`f` = every direction with a forward component); what a letter selects depends on the atom:
//!
//! * orthogonal atoms (W R D H): each letter its own orthogonal, letters add (`sbR` = l, r, b);
//! * diagonal atoms (F B A G): a letter is a pair of diagonals (`f` = fl + fr); two letters of
//!   different axes written together name the diagonals both select (`lf` = fl, `rv` = fr + br);
//! * eight-direction atoms (K Q): a letter is one orthogonal (`sQ3` = l, r); a cross-axis pair is a
//!   diagonal; `h` after a letter takes the whole half-plane (reading `h-modifier`).
//!
//! Continuation legs (after `a`) use the same letters relative to the previous step, with
//! eight-direction meaning for every linear atom: `f` straight on, `b` straight back, `l`/`r`/`s`
//! a 90-degree turn, a cross-axis pair a 45-degree turn (which swaps W and F, D and A, H and G).

use super::ast::{Modifier, Span};
use super::error::XBetzaError;
use super::readings::HalfReading;
use crate::geometry::Vec2;

/// The eight unit directions, counter-clockwise from forward (toward higher ranks).
pub const COMPASS: [Vec2; 8] = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1)];

/// A set of compass directions, one bit per 45-degree index.
pub(crate) type DirMask = u8;
pub(crate) const ORTHOGONALS: DirMask = 0b0101_0101;
pub(crate) const DIAGONALS: DirMask = 0b1010_1010;
pub(crate) const ALL_DIRS: DirMask = 0xFF;
/// Every direction but straight back: the default of an eight-direction continuation leg.
pub(crate) const ALL_BUT_BACK: DirMask = ALL_DIRS & !(1 << 4);
/// Straight on and the two 90-degree turns: the default of a four-direction continuation leg.
pub(crate) const ON_AND_TURNS: DirMask = (1 << 0) | (1 << 2) | (1 << 6);

/// The geometry class of a linear atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineClass {
    Orthogonal,
    Diagonal,
    EightWay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    Vertical,
    Horizontal,
}

fn axis(m: Modifier) -> Option<Axis> {
    match m {
        Modifier::Forward | Modifier::Backward | Modifier::Vertical => Some(Axis::Vertical),
        Modifier::Left | Modifier::Right | Modifier::Sideways => Some(Axis::Horizontal),
        _ => None,
    }
}

/// The half-plane a direction letter names.
fn half_plane(m: Modifier) -> DirMask {
    const F: DirMask = (1 << 7) | (1 << 0) | (1 << 1);
    const B: DirMask = (1 << 3) | (1 << 4) | (1 << 5);
    const L: DirMask = (1 << 1) | (1 << 2) | (1 << 3);
    const R: DirMask = (1 << 5) | (1 << 6) | (1 << 7);
    match m {
        Modifier::Forward => F,
        Modifier::Backward => B,
        Modifier::Left => L,
        Modifier::Right => R,
        Modifier::Vertical => F | B,
        Modifier::Sideways => L | R,
        _ => 0,
    }
}

/// One direction specifier: a letter, a letter with `h`, or a cross-axis pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirToken {
    Single(Modifier),
    Half(Modifier),
    /// Two letters of different axes written together, in the order written.
    Pair(Modifier, Modifier),
}

/// Groups a leg's direction letters into specifiers. Only letters standing next to each other
/// pair up, and only when `pairs` is set (orthogonal atoms add letters instead).
pub(crate) fn tokenize(letters: &[(Modifier, Span)], pairs: bool) -> Result<Vec<(DirToken, Span)>, XBetzaError> {
    let mut out: Vec<(DirToken, Span)> = Vec::new();
    // whether the previous letter was a direction letter that may still take a partner
    let mut open = false;
    for &(m, span) in letters {
        if m == Modifier::Half {
            match out.last_mut() {
                Some((DirToken::Single(l), s)) if open => {
                    *out.last_mut().unwrap() = (DirToken::Half(*l), Span::new(s.start, span.end));
                    open = false;
                }
                _ => {
                    return Err(XBetzaError::new("'h' does not follow a direction letter", span)
                        .expected("a direction letter before 'h', as in vhQ or shQ"))
                }
            }
            continue;
        }
        let Some(ax) = axis(m) else {
            open = false;
            continue;
        };
        if pairs && open {
            if let Some((DirToken::Single(prev), s)) = out.last().copied() {
                if axis(prev) != Some(ax) {
                    *out.last_mut().unwrap() = (DirToken::Pair(prev, m), Span::new(s.start, span.end));
                    open = false;
                    continue;
                }
            }
        }
        out.push((DirToken::Single(m), span));
        open = true;
    }
    Ok(out)
}

/// The directions a list of specifiers selects for a linear atom of `class`; `None` when the
/// leg has no direction letters (the caller applies its default).
pub(crate) fn select(tokens: &[(DirToken, Span)], class: LineClass, half: HalfReading) -> Option<DirMask> {
    if tokens.is_empty() {
        return None;
    }
    let class_mask = match class {
        LineClass::Orthogonal => ORTHOGONALS,
        LineClass::Diagonal => DIAGONALS,
        LineClass::EightWay => ALL_DIRS,
    };
    let mut mask = 0;
    for (t, _) in tokens {
        mask |= match (*t, class) {
            (DirToken::Pair(a, b), _) => half_plane(a) & half_plane(b),
            (DirToken::Single(l), LineClass::Diagonal) => half_plane(l),
            (DirToken::Single(l), _) => half_plane(l) & ORTHOGONALS,
            (DirToken::Half(l), LineClass::EightWay) => match half {
                HalfReading::HalfPlane => half_plane(l),
                HalfReading::Ignored => half_plane(l) & ORTHOGONALS,
            },
            (DirToken::Half(l), LineClass::Diagonal) => half_plane(l),
            (DirToken::Half(l), LineClass::Orthogonal) => half_plane(l) & ORTHOGONALS,
        };
    }
    Some(mask & class_mask)
}

/// Rotates a compass-line vector by `turns` x 45 degrees counter-clockwise, keeping its length
/// in king steps (so (2,0) turned once is (2,2)).
pub(crate) fn rotate45(v: Vec2, turns: u8) -> Vec2 {
    let m = v.0.abs().max(v.1.abs());
    if m == 0 {
        return v;
    }
    let unit = (v.0.signum(), v.1.signum());
    let idx = COMPASS.iter().position(|&u| u == unit).expect("compass-line vector");
    let u = COMPASS[(idx + turns as usize) % 8];
    (u.0 * m, u.1 * m)
}

/// The eight moves of an oblique leaper (a, b), 0 < a < b, selected by direction specifiers.
///
/// Betza's oblique conventions (H. G. Muller, 2013): a single letter names the pair of moves
/// whose long leg points that way (`fN` = the two narrow forward moves, so `ffN` is the shogi
/// knight); in a pair `XY` the second letter names the pair and the first picks its member
/// (`rfN` = (1,2), `frN` = (2,1), `fsN` = the two wide forward moves); `Xh` takes every move
/// with a component toward X.
pub(crate) fn select_oblique(tokens: &[(DirToken, Span)], a: i32, b: i32) -> Vec<Vec2> {
    let all: Vec<Vec2> = [(a, b), (-a, b), (b, a), (-b, a), (a, -b), (-a, -b), (b, -a), (-b, -a)].to_vec();
    if tokens.is_empty() {
        return all;
    }
    let toward = |m: Modifier, v: Vec2| -> bool {
        match m {
            Modifier::Forward => v.1 > 0,
            Modifier::Backward => v.1 < 0,
            Modifier::Left => v.0 < 0,
            Modifier::Right => v.0 > 0,
            Modifier::Vertical => v.1 != 0,
            Modifier::Sideways => v.0 != 0,
            _ => false,
        }
    };
    // the long leg of v points toward m
    let major = |m: Modifier, v: Vec2| -> bool {
        let long_vertical = v.1.abs() > v.0.abs();
        match axis(m) {
            Some(Axis::Vertical) => long_vertical && toward(m, v),
            Some(Axis::Horizontal) => !long_vertical && toward(m, v),
            None => false,
        }
    };
    all.into_iter()
        .filter(|&v| {
            tokens.iter().any(|(t, _)| match *t {
                DirToken::Single(l) => major(l, v),
                DirToken::Half(l) => toward(l, v),
                DirToken::Pair(member, pair) => major(pair, v) && toward(member, v),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask_of(letters: &str, class: LineClass) -> DirMask {
        let ls: Vec<(Modifier, Span)> =
            letters.chars().map(|c| (Modifier::from_char(c).unwrap(), Span::default())).collect();
        let toks = tokenize(&ls, class != LineClass::Orthogonal).unwrap();
        select(&toks, class, HalfReading::HalfPlane).unwrap()
    }

    fn bits(ds: &[usize]) -> DirMask {
        ds.iter().fold(0, |m, d| m | (1 << d))
    }

    #[test]
    fn xbetza_md_examples() {
        // `sbR` = l, r and b
        assert_eq!(mask_of("sb", LineClass::Orthogonal), bits(&[2, 6, 4]));
        // `lfbF` = the fl, bl and br diagonals
        assert_eq!(mask_of("lfb", LineClass::Diagonal), bits(&[1, 3, 5]));
        // `flbrB` = fl + br
        assert_eq!(mask_of("flbr", LineClass::Diagonal), bits(&[1, 5]));
        // `rvB` = the two right diagonals
        assert_eq!(mask_of("rv", LineClass::Diagonal), bits(&[7, 5]));
        // `sQ3` = sideways only
        assert_eq!(mask_of("s", LineClass::EightWay), bits(&[2, 6]));
        // `vhQ` = forward, backward and the four diagonals
        assert_eq!(mask_of("vh", LineClass::EightWay), bits(&[0, 4, 1, 3, 5, 7]));
        // `shQ` = left, right and the four diagonals
        assert_eq!(mask_of("sh", LineClass::EightWay), bits(&[2, 6, 1, 3, 5, 7]));
        // `fF` = both forward diagonals
        assert_eq!(mask_of("f", LineClass::Diagonal), bits(&[1, 7]));
    }

    #[test]
    fn rotation_swaps_atoms_at_45_degrees() {
        assert_eq!(rotate45((1, 0), 1), (1, 1));
        assert_eq!(rotate45((2, 0), 1), (2, 2));
        assert_eq!(rotate45((0, 1), 2), (-1, 0));
        assert_eq!(rotate45((1, 1), 4), (-1, -1));
    }

    #[test]
    fn oblique_conventions() {
        let t = |s: &str| -> Vec<(DirToken, Span)> {
            let ls: Vec<(Modifier, Span)> =
                s.chars().map(|c| (Modifier::from_char(c).unwrap(), Span::default())).collect();
            tokenize(&ls, true).unwrap()
        };
        let mut ff = select_oblique(&t("ff"), 1, 2);
        ff.sort();
        assert_eq!(ff, vec![(-1, 2), (1, 2)]);
        let mut fs = select_oblique(&t("fs"), 1, 2);
        fs.sort();
        assert_eq!(fs, vec![(-2, 1), (2, 1)]);
        assert_eq!(select_oblique(&t("rf"), 1, 2), vec![(1, 2)]);
        assert_eq!(select_oblique(&t("fr"), 1, 2), vec![(2, 1)]);
    }
}
