//! The syntax tree of an XBetza string, with source spans.
//!
//! The tree keeps the notation as written (letters, leg separators `a`, repetition groups
//! `(...)N`), so that it prints back to the same text. Meaning is given later: [`expand`]
//! unrolls the groups into plain chains of legs, and `compile` turns those into leg programs.
//!
//! [`expand`]: crate::xbetza::expand

use std::fmt;

/// Byte offsets `[start, end)` into the XBetza source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub(crate) end: usize,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub(crate) fn at(pos: usize) -> Self {
        Span { start: pos, end: pos + 1 }
    }
}

/// The capital letter of a move's basic step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// (1,0) orthogonal step
    W,
    /// (1,1) diagonal step
    F,
    /// (2,0) orthogonal jump
    D,
    /// (2,1) knight leap
    N,
    /// (2,2) diagonal jump
    A,
    /// (3,0) orthogonal jump
    H,
    /// (3,3) diagonal jump
    G,
    /// (3,1) camel leap
    C,
    /// (3,2) zebra leap
    Z,
    /// W + F: the King's step
    K,
    /// W rider
    R,
    /// F rider
    B,
    /// K rider
    Q,
    /// universal leaper: any square of the board but its own
    U,
}

impl Atom {
    pub const ALL: [Atom; 14] = [
        Atom::W,
        Atom::F,
        Atom::D,
        Atom::N,
        Atom::A,
        Atom::H,
        Atom::G,
        Atom::C,
        Atom::Z,
        Atom::K,
        Atom::R,
        Atom::B,
        Atom::Q,
        Atom::U,
    ];

    pub(crate) fn from_char(c: char) -> Option<Atom> {
        Atom::ALL.iter().copied().find(|a| a.letter() == c)
    }

    pub(crate) fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::G => 'G',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::K => 'K',
            Atom::R => 'R',
            Atom::B => 'B',
            Atom::Q => 'Q',
            Atom::U => 'U',
        }
    }
}

/// A lower-case modifier letter (every one but the leg separator `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    // directions
    Forward,
    Backward,
    Left,
    Right,
    Vertical,
    Sideways,
    Half,
    // modes
    Move,
    Capture,
    Destroy,
    Hop,
    Grasshop,
    RangeToggle,
    Lame,
    Jump,
    // parsed but not supported (the seeds do not use them)
    Initial,
    Cylinder,
    Extend,
}

impl Modifier {
    pub const ALL: [Modifier; 18] = [
        Modifier::Forward,
        Modifier::Backward,
        Modifier::Left,
        Modifier::Right,
        Modifier::Vertical,
        Modifier::Sideways,
        Modifier::Half,
        Modifier::Move,
        Modifier::Capture,
        Modifier::Destroy,
        Modifier::Hop,
        Modifier::Grasshop,
        Modifier::RangeToggle,
        Modifier::Lame,
        Modifier::Jump,
        Modifier::Initial,
        Modifier::Cylinder,
        Modifier::Extend,
    ];

    pub(crate) fn from_char(c: char) -> Option<Modifier> {
        Modifier::ALL.iter().copied().find(|m| m.letter() == c)
    }

    pub(crate) fn letter(self) -> char {
        match self {
            Modifier::Forward => 'f',
            Modifier::Backward => 'b',
            Modifier::Left => 'l',
            Modifier::Right => 'r',
            Modifier::Vertical => 'v',
            Modifier::Sideways => 's',
            Modifier::Half => 'h',
            Modifier::Move => 'm',
            Modifier::Capture => 'c',
            Modifier::Destroy => 'd',
            Modifier::Hop => 'p',
            Modifier::Grasshop => 'g',
            Modifier::RangeToggle => 'y',
            Modifier::Lame => 'n',
            Modifier::Jump => 'j',
            Modifier::Initial => 'i',
            Modifier::Cylinder => 'o',
            Modifier::Extend => 'x',
        }
    }

    pub(crate) fn is_direction(self) -> bool {
        matches!(
            self,
            Modifier::Forward
                | Modifier::Backward
                | Modifier::Left
                | Modifier::Right
                | Modifier::Vertical
                | Modifier::Sideways
                | Modifier::Half
        )
    }

    /// Letters the parser accepts but kensho cannot give a meaning yet.
    pub(crate) fn is_unsupported(self) -> bool {
        matches!(self, Modifier::Initial | Modifier::Cylinder | Modifier::Extend)
    }
}

/// One element of the modifier prefix in front of an atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrefixItem {
    /// A modifier letter.
    Letter(Modifier, Span),
    /// The leg separator `a`.
    Leg(Span),
    /// `(items)N`: the items repeated 0 to N times.
    Group { items: Vec<PrefixItem>, max: u32, span: Span },
}

/// One atom with its prefix and range, e.g. `mcabK` or `fRbW2`'s `bW2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub prefix: Vec<PrefixItem>,
    pub atom: Atom,
    pub atom_span: Span,
    /// The number after the atom, if any (`W2`, `R10`).
    pub range: Option<u32>,
    pub span: Span,
}

/// A whole XBetza string: the union of its components' moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    pub components: Vec<Component>,
}

fn zero_item_spans(items: &mut [PrefixItem]) {
    for it in items {
        match it {
            PrefixItem::Letter(_, s) | PrefixItem::Leg(s) => *s = Span::default(),
            PrefixItem::Group { items, span, .. } => {
                *span = Span::default();
                zero_item_spans(items);
            }
        }
    }
}

impl Betza {
    /// The same tree with every span zeroed: two trees that differ only in where their text
    /// stood compare equal.
    pub fn without_spans(&self) -> Betza {
        let mut b = self.clone();
        for c in &mut b.components {
            c.span = Span::default();
            c.atom_span = Span::default();
            zero_item_spans(&mut c.prefix);
        }
        b
    }
}

fn write_items(f: &mut fmt::Formatter<'_>, items: &[PrefixItem]) -> fmt::Result {
    for it in items {
        match it {
            PrefixItem::Letter(m, _) => write!(f, "{}", m.letter())?,
            PrefixItem::Leg(_) => write!(f, "a")?,
            PrefixItem::Group { items, max, .. } => {
                write!(f, "(")?;
                write_items(f, items)?;
                write!(f, "){max}")?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_items(f, &self.prefix)?;
        write!(f, "{}", self.atom.letter())?;
        if let Some(r) = self.range {
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.components {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
