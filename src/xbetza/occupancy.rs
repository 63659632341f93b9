//! What the walker sees of the board: each square's content from the moving piece's side
//! (`Cell`: empty, friend, enemy) and the board of them (`Occupancy`), with each rank's friends
//! and enemies also kept as bits for the look around a leg's end.

use crate::geometry::{BoardSize, GeometryError, Square, MAX_DIM};

/// What stands on a square, seen from the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Friend,
    Enemy,
}

/// The board around the moving piece: friends and enemies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    pub size: BoardSize,
    cells: Vec<Cell>,
    /// Per rank, the files holding a friend (`rows[0]`) and an enemy (`rows[1]`) as bits: the
    /// look for a piece near a square (`piece_within`, asked at every leg end of the capturing
    /// area moves) reads a few words instead of every cell. Kept with `cells`.
    rows: [[u32; MAX_DIM as usize]; 2],
}

impl Occupancy {
    pub fn empty(size: BoardSize) -> Self {
        Occupancy { size, cells: vec![Cell::Empty; size.square_count()], rows: [[0; MAX_DIM as usize]; 2] }
    }

    /// A board from its cells in square-index order (`BoardSize::index`).
    pub fn from_cells(size: BoardSize, cells: Vec<Cell>) -> Self {
        assert_eq!(cells.len(), size.square_count(), "one cell per square");
        let mut rows = [[0; MAX_DIM as usize]; 2];
        let files = usize::from(size.files);
        for (rank, row) in cells.chunks_exact(files).enumerate() {
            for (file, &cell) in row.iter().enumerate() {
                match cell {
                    Cell::Empty => {}
                    Cell::Friend => rows[0][rank] |= 1 << file,
                    Cell::Enemy => rows[1][rank] |= 1 << file,
                }
            }
        }
        Occupancy { size, cells, rows }
    }

    /// Is a friend (`friend`) or an enemy (`enemy`) at most `steps` king steps from the square
    /// with this index? Read off the board: the moving piece and squares a path captured are
    /// counted, so a `false` is certain and a `true` only possible.
    pub(crate) fn piece_within(&self, index: usize, steps: u8, friend: bool, enemy: bool) -> bool {
        let files = usize::from(self.size.files);
        let (f, r) = (index % files, index / files);
        let s = usize::from(steps);
        let (low, high) = (f.saturating_sub(s), (f + s).min(files - 1));
        // Files low..=high (at most 26 of the 32 bits).
        let mask = (u32::MAX >> (31 - (high - low))) << low;
        let wanted =
            |rank: usize| (friend && self.rows[0][rank] & mask != 0) || (enemy && self.rows[1][rank] & mask != 0);
        (r.saturating_sub(s)..=(r + s).min(usize::from(self.size.ranks) - 1)).any(wanted)
    }

    pub fn get(&self, sq: Square) -> Cell {
        self.cells[self.size.index(sq)]
    }

    /// The cell of the square with this index (`BoardSize::index`).
    #[inline]
    pub(crate) fn at_index(&self, index: usize) -> Cell {
        self.cells[index]
    }

    pub fn set(&mut self, sq: Square, cell: Cell) {
        let i = self.size.index(sq);
        self.cells[i] = cell;
        let (rank, bit) = (usize::from(sq.rank), 1u32 << sq.file);
        self.rows[0][rank] &= !bit;
        self.rows[1][rank] &= !bit;
        match cell {
            Cell::Empty => {}
            Cell::Friend => self.rows[0][rank] |= bit,
            Cell::Enemy => self.rows[1][rank] |= bit,
        }
    }

    /// Builds a board from square names; a square named twice (in either list) is an error.
    pub fn from_names(size: BoardSize, friends: &[String], enemies: &[String]) -> Result<Self, OccupancyError> {
        let mut occ = Occupancy::empty(size);
        for (names, cell) in [(friends, Cell::Friend), (enemies, Cell::Enemy)] {
            for name in names {
                let sq = size.parse_square(name).map_err(OccupancyError::Square)?;
                if occ.get(sq) != Cell::Empty {
                    return Err(OccupancyError::Duplicate(name.clone()));
                }
                occ.set(sq, cell);
            }
        }
        Ok(occ)
    }

    pub fn squares_with(&self, cell: Cell) -> Vec<Square> {
        self.size.squares().filter(|&s| self.get(s) == cell).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OccupancyError {
    Square(GeometryError),
    Duplicate(String),
}

impl std::fmt::Display for OccupancyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OccupancyError::Square(e) => write!(f, "{e}"),
            OccupancyError::Duplicate(s) => write!(f, "square {s} is listed twice"),
        }
    }
}

impl std::error::Error for OccupancyError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// `piece_within` against the distance counted square by square, on random boards of two
    /// shapes: for every square and every distance up to 4, the same answer for friends and for
    /// enemies; and a changed cell is seen.
    #[test]
    fn piece_within_agrees_with_counting_every_square() {
        let mut rng = SplitMix64::new(5);
        for (files, ranks) in [(9, 9), (16, 7)] {
            let size = BoardSize::new(files, ranks).expect("size");
            for _ in 0..20 {
                let cells: Vec<Cell> = (0..size.square_count())
                    .map(|_| match rng.below(12) {
                        0 => Cell::Friend,
                        1 => Cell::Enemy,
                        _ => Cell::Empty,
                    })
                    .collect();
                let mut board = Occupancy::from_cells(size, cells);
                let counted = |board: &Occupancy, at: Square, steps: u32, cell: Cell| {
                    size.squares().any(|s| {
                        board.get(s) == cell && at.file.abs_diff(s.file).max(at.rank.abs_diff(s.rank)) as u32 <= steps
                    })
                };
                for at in size.squares() {
                    for steps in 0..=4u8 {
                        let i = size.index(at);
                        let friend = counted(&board, at, u32::from(steps), Cell::Friend);
                        let enemy = counted(&board, at, u32::from(steps), Cell::Enemy);
                        assert_eq!(board.piece_within(i, steps, true, false), friend, "{at:?} {steps}");
                        assert_eq!(board.piece_within(i, steps, false, true), enemy, "{at:?} {steps}");
                    }
                }
                let at = Square::new(0, 0);
                board.set(at, Cell::Enemy);
                assert!(board.piece_within(0, 0, false, true), "the new enemy is seen");
            }
        }
    }
}
