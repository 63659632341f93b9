//! Board geometry shared by every layer: board sizes, squares and their names.
//!
//! Conventions (DESIGN.md): files `a, b, c ...` from the left, ranks `1, 2, 3 ...` from the
//! first player's side; the first player moves toward higher ranks.

use std::fmt;

/// The largest board kensho handles: files are named by one letter `a`..`z`.
pub(crate) const MAX_DIM: u8 = 26;
/// The smallest board that still has a direction to move in.
pub(crate) const MIN_DIM: u8 = 2;

/// A rectangular board: `files` columns by `ranks` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

/// A square, 0-based: `file` 0 is `a`, `rank` 0 is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

/// A displacement on the board, in (files, ranks).
pub(crate) type Vec2 = (i32, i32);

/// Which way "forward" points for the moving piece: the player's view of the board, which
/// turns the displacements its moves are written in (forward up) into the board's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The first player: forward is toward higher ranks.
    Up,
    /// The second player: the board seen rotated 180 degrees.
    Down,
    /// The second player moving down, with left and right the board's (the first player's),
    /// not its own: the board mirrored across the middle rank.
    DownBoardSides,
}

impl Orientation {
    /// The displacement `v`, written as the piece sees it (forward up), on the board; and back,
    /// as each orientation is its own inverse.
    #[inline]
    pub(crate) fn turn(self, v: Vec2) -> Vec2 {
        match self {
            Orientation::Up => v,
            Orientation::Down => (-v.0, -v.1),
            Orientation::DownBoardSides => (v.0, -v.1),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    BadBoardSize(String),
    /// A well-formed size (`FILESxRANKS`, digits) outside MIN_DIM..=MAX_DIM, as written.
    BoardOutOfRange(String),
    BadSquare(String),
    /// A well-formed square name whose rank no board has (above MAX_DIM).
    BeyondLargestBoard(String),
    OffBoard {
        square: String,
        size: BoardSize,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::BadBoardSize(s) => {
                write!(f, "malformed board size '{s}': expected FILESxRANKS, for example 16x16")
            }
            GeometryError::BoardOutOfRange(size) => {
                write!(f, "board {size} is outside the supported range {MIN_DIM}x{MIN_DIM} to {MAX_DIM}x{MAX_DIM}")
            }
            GeometryError::BadSquare(s) => {
                write!(f, "malformed square name '{s}': expected a file letter a-z and a rank number, for example h8")
            }
            GeometryError::BeyondLargestBoard(s) => {
                write!(f, "square {s} is off every board: ranks go up to {MAX_DIM} at most")
            }
            GeometryError::OffBoard { square, size } => {
                write!(f, "square {square} is off the {size} board")
            }
        }
    }
}

impl std::error::Error for GeometryError {}

impl BoardSize {
    pub(crate) fn new(files: u8, ranks: u8) -> Result<Self, GeometryError> {
        if !(MIN_DIM..=MAX_DIM).contains(&files) || !(MIN_DIM..=MAX_DIM).contains(&ranks) {
            return Err(GeometryError::BoardOutOfRange(format!("{files}x{ranks}")));
        }
        Ok(BoardSize { files, ranks })
    }

    /// Parses `16x16` (also `16X16`). A size written in digits but outside the supported
    /// range, however many digits, is out of range rather than malformed.
    pub fn parse(text: &str) -> Result<Self, GeometryError> {
        let bad = || GeometryError::BadBoardSize(text.to_string());
        let (f, r) = text.split_once(['x', 'X']).ok_or_else(bad)?;
        let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !is_number(f) || !is_number(r) {
            return Err(bad());
        }
        // Too many digits for a u32 is out of range too.
        let dim = |s: &str| s.parse::<u32>().ok().filter(|d| (MIN_DIM as u32..=MAX_DIM as u32).contains(d));
        match (dim(f), dim(r)) {
            (Some(files), Some(ranks)) => Ok(BoardSize { files: files as u8, ranks: ranks as u8 }),
            _ => Err(GeometryError::BoardOutOfRange(text.to_string())),
        }
    }

    pub fn square_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The longest straight line on this board, in steps: the range of an unlimited rider.
    pub(crate) fn max_line(&self) -> u32 {
        self.files.max(self.ranks) as u32 - 1
    }

    pub fn contains(&self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32
    }

    pub fn index(&self, sq: Square) -> usize {
        sq.rank as usize * self.files as usize + sq.file as usize
    }

    pub fn square_at(&self, index: usize) -> Square {
        Square { file: (index % self.files as usize) as u8, rank: (index / self.files as usize) as u8 }
    }

    /// The squares strictly between `a` and `b` when they lie on one rank, file or diagonal
    /// (none otherwise): what a slide from `a` to `b` passes over.
    pub(crate) fn between(&self, a: Square, b: Square) -> impl Iterator<Item = Square> + '_ {
        let (df, dr) = (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
        let n = df.abs().max(dr.abs());
        let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
        let steps = if straight { 1..n } else { 1..1 };
        steps.filter_map(move |k| self.offset(a, (df.signum() * k, dr.signum() * k)))
    }

    /// The square `v` away from `sq`, if it is on the board.
    pub fn offset(&self, sq: Square, v: Vec2) -> Option<Square> {
        let (f, r) = (sq.file as i32 + v.0, sq.rank as i32 + v.1);
        self.contains(f, r).then_some(Square { file: f as u8, rank: r as u8 })
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.square_count()).map(|i| self.square_at(i))
    }

    /// Parses a square name and checks that it is on this board (a well-formed name beyond
    /// every board, `a27`, is off this board too).
    pub fn parse_square(&self, name: &str) -> Result<Square, GeometryError> {
        let off = || GeometryError::OffBoard { square: name.to_string(), size: *self };
        let sq = Square::parse(name).map_err(|e| match e {
            GeometryError::BeyondLargestBoard(_) => off(),
            e => e,
        })?;
        if sq.file >= self.files || sq.rank >= self.ranks {
            return Err(GeometryError::OffBoard { square: name.to_string(), size: *self });
        }
        Ok(sq)
    }

    /// The square mirrored left-right (file a <-> last file).
    pub fn mirror_files(&self, sq: Square) -> Square {
        Square { file: self.files - 1 - sq.file, rank: sq.rank }
    }

    /// The square rotated 180 degrees: how the second player sees the board.
    pub(crate) fn rotate(&self, sq: Square) -> Square {
        Square { file: self.files - 1 - sq.file, rank: self.ranks - 1 - sq.rank }
    }
}

/// How many king steps apart two squares are (the Chebyshev distance): 1 for neighbours.
pub(crate) fn chebyshev(a: Square, b: Square) -> u32 {
    (a.file as i32 - b.file as i32).unsigned_abs().max((a.rank as i32 - b.rank as i32).unsigned_abs())
}

/// Expands a square set as the documents write it: `a5-p5` (a run along a rank or file, or any
/// rectangle such as a palace `d1-f3`), `e6,l6`, or both mixed. Order is kept; duplicates are
/// the caller's to judge.
pub fn parse_squares(text: &str) -> Result<Vec<Square>, GeometryError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once('-') {
            let (a, b) = (Square::parse(a)?, Square::parse(b)?);
            for r in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                for f in a.file.min(b.file)..=a.file.max(b.file) {
                    out.push(Square::new(f, r));
                }
            }
        } else {
            out.push(Square::parse(part)?);
        }
    }
    Ok(out)
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

impl Square {
    pub fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }

    /// Parses `h8`, `p16`, `z26` (no board check: see [`BoardSize::parse_square`]).
    pub fn parse(name: &str) -> Result<Self, GeometryError> {
        let bad = || GeometryError::BadSquare(name.to_string());
        let mut chars = name.chars();
        let file = chars.next().ok_or_else(bad)?;
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        // No sign, no leading zero: a rank is 1..=26, and a larger one (any number of
        // digits) is a name no board has a square for.
        if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let beyond = || GeometryError::BeyondLargestBoard(name.to_string());
        if digits.len() > 2 {
            return Err(beyond());
        }
        let rank: u32 = digits.parse().map_err(|_| bad())?;
        if rank > MAX_DIM as u32 {
            return Err(beyond());
        }
        Ok(Square { file: file as u8 - b'a', rank: (rank - 1) as u8 })
    }

    pub fn name(&self) -> String {
        self.to_string()
    }

    pub fn file_char(&self) -> char {
        (b'a' + self.file) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank as u32 + 1)
    }
}

/// Words of a `SquareSet`: one bit per square of the largest board.
const SQUARE_SET_WORDS: usize = (MAX_DIM as usize * MAX_DIM as usize).div_ceil(64);

/// A set of a board's squares by index (`BoardSize::index`), one bit each, inline: a zone the
/// engine asks about for every move it judges is a shift and a mask away, with no name looked
/// up and no pointer followed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SquareSet {
    words: [u64; SQUARE_SET_WORDS],
}

impl SquareSet {
    /// Adds the square with this index (below `MAX_DIM * MAX_DIM`).
    pub(crate) fn insert(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }

    /// Is the square with this index in the set? (An index off every board is not.)
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        index < SQUARE_SET_WORDS * 64 && self.words[index / 64] >> (index % 64) & 1 != 0
    }
}

impl FromIterator<usize> for SquareSet {
    fn from_iter<I: IntoIterator<Item = usize>>(indices: I) -> SquareSet {
        let mut set = SquareSet::default();
        indices.into_iter().for_each(|i| set.insert(i));
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square of the largest board, alone in a set, is in it and no other square is
    /// (the word boundaries included); an index past the largest board is in no set.
    #[test]
    fn a_square_set_holds_exactly_its_squares() {
        let last = usize::from(MAX_DIM) * usize::from(MAX_DIM) - 1;
        for index in [0, 1, 63, 64, 65, 127, 128, 600, last] {
            let set: SquareSet = [index].into_iter().collect();
            let members: Vec<usize> = (0..=last + 64).filter(|&i| set.contains(i)).collect();
            assert_eq!(members, [index], "the set of {index} alone");
        }
        let corners: SquareSet = [0, last].into_iter().collect();
        assert!(corners.contains(0) && corners.contains(last) && !corners.contains(1));
    }

    #[test]
    fn between_lists_the_squares_a_slide_passes_over() {
        let size = BoardSize::parse("9x9").unwrap();
        let names = |a: &str, b: &str| -> Vec<String> {
            size.between(Square::parse(a).unwrap(), Square::parse(b).unwrap()).map(|s| s.name()).collect()
        };
        assert_eq!(names("a1", "d4"), ["b2", "c3"]);
        assert_eq!(names("e9", "e5"), ["e8", "e7", "e6"]);
        assert_eq!(names("i1", "f1"), ["h1", "g1"]);
        assert!(names("a1", "a2").is_empty(), "neighbours");
        assert!(names("a1", "b3").is_empty(), "a knight's leap is no line");
        assert!(names("c3", "c3").is_empty());
    }

    #[test]
    fn square_names_round_trip() {
        let size = BoardSize::parse("26x26").unwrap();
        for sq in size.squares() {
            assert_eq!(Square::parse(&sq.name()).unwrap(), sq);
        }
        assert_eq!(Square::parse("h8").unwrap(), Square::new(7, 7));
        assert_eq!(Square::parse("p16").unwrap(), Square::new(15, 15));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "h", "8h", "H8", "h0", "h08", "h27", "h-1", "h+1", "hh", "h123"] {
            assert!(Square::parse(bad).is_err(), "{bad:?} should be rejected");
        }
        let size = BoardSize::parse("16x16").unwrap();
        assert!(matches!(size.parse_square("q1"), Err(GeometryError::OffBoard { .. })));
        assert!(matches!(size.parse_square("a17"), Err(GeometryError::OffBoard { .. })));
    }

    #[test]
    fn board_sizes_are_bounded() {
        assert!(BoardSize::parse("2x2").is_ok());
        assert!(BoardSize::parse("26x26").is_ok());
        assert!(BoardSize::parse("1x9").is_err());
        assert!(BoardSize::parse("27x3").is_err());
        assert!(BoardSize::parse("16").is_err());
        assert!(BoardSize::parse("x16").is_err());
        assert!(BoardSize::parse("16x").is_err());
        assert!(BoardSize::parse("+9x9").is_err());
        assert!(BoardSize::parse("99999999999x9").is_err());
    }
}
