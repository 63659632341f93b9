//! Compiled move tables: a piece's one-leg programs unrolled, once per board, into the rays
//! each square gives them, so that the generator's hot loop only reads.
//!
//! A program qualifies when it has one leg with absolute directions (every slide and leap,
//! lame and jumping leapers, jumping riders, hoppers such as the Cannon); multi-leg programs
//! (Lion moves, area moves, hook moves, burns) and the universal leaper stay with the walker.
//! The walker (`generate::Walker`) runs a table's rays with the same landing rules as its
//! own legs, so a move generated from the table is the move the walker would find, path and
//! all; `tests/engine/compiled.rs` compares the two on every bundled game.
//!
//! A ray is a start square index, a step in index space and a count of on-board squares: a
//! square index is `rank * files + file`, so one step of (df, dr) adds `dr * files + df`, and
//! the count computed when the table is built keeps the ray on the board.

use super::compile::{CompiledBetza, LegDirections, Program};
use super::generate::Orientation;
use crate::geometry::{BoardSize, Square, Vec2};

/// One direction of a one-leg program from one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Index of the first square along the ray (a board has at most 255 x 255 squares).
    pub first: u16,
    /// The step, in square indices.
    pub step: i32,
    /// How many squares the ray has on the board (from `first` on), however far the piece
    /// may go: a grasshopper lands behind its hurdle even beyond its range.
    pub on_board: u8,
    /// A leaper's way (`n` blocks on it, `j` needs a piece on it): its first square is the
    /// origin's index plus `way_step`, and it has `way_len` squares, each one more step on.
    pub way_step: i32,
    pub way_len: u8,
}

/// The rays of one program, per orientation and square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramTable {
    rays: Vec<Ray>,
    /// Per (orientation, square index): where its rays start in `rays` (one more entry at the
    /// end closes the last range).
    starts: Vec<u32>,
}

/// The tables of a whole compiled move: one per program that qualifies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTable {
    size: BoardSize,
    /// The orientations the rays are built for (a game's two players need two of the three).
    orientations: Vec<Orientation>,
    programs: Vec<Option<ProgramTable>>,
    /// Square index -> square, so that the walker never divides.
    squares: Vec<Square>,
}

impl MoveTable {
    /// The tables of `compiled` for these orientations (the engine asks for its players' two).
    pub fn of(compiled: &CompiledBetza, orientations: &[Orientation]) -> MoveTable {
        let size = compiled.size;
        let mut unique: Vec<Orientation> = Vec::new();
        for &o in orientations {
            if !unique.contains(&o) {
                unique.push(o);
            }
        }
        MoveTable {
            size,
            programs: compiled.programs.iter().map(|p| program_table(p, size, &unique)).collect(),
            orientations: unique,
            squares: (0..size.square_count()).map(|i| size.square_at(i)).collect(),
        }
    }

    /// The rays of program `program` from `from`, for a piece of this orientation; None when
    /// the program (or the orientation) is left to the walker.
    pub fn rays(&self, program: usize, orientation: Orientation, from: Square) -> Option<&[Ray]> {
        let table = self.programs.get(program)?.as_ref()?;
        let o = self.orientations.iter().position(|&x| x == orientation)?;
        let slot = o * self.size.square_count() + self.size.index(from);
        Some(&table.rays[table.starts[slot] as usize..table.starts[slot + 1] as usize])
    }

    pub fn square(&self, index: usize) -> Square {
        self.squares[index]
    }

    /// How many programs have a table.
    pub fn tabled(&self) -> usize {
        self.programs.iter().filter(|p| p.is_some()).count()
    }

    /// Test support: shortens the first ray longer than one square (one table entry made
    /// wrong), so that a test can show the comparison with the walker catches it. Returns
    /// whether there was such a ray.
    #[doc(hidden)]
    pub fn corrupt_one_ray(&mut self) -> bool {
        let ray = self.programs.iter_mut().flatten().flat_map(|t| t.rays.iter_mut()).find(|r| r.on_board > 1);
        ray.map(|r| r.on_board -= 1).is_some()
    }
}

/// Does the walker's one-leg logic cover this program? One leg, absolute directions, no range
/// toggle (which only a later leg would see).
fn qualifies(program: &Program) -> bool {
    match program.legs.as_slice() {
        [leg] => matches!(leg.directions, LegDirections::Absolute(_)) && !leg.modes.toggle_empty,
        _ => false,
    }
}

fn program_table(program: &Program, size: BoardSize, orientations: &[Orientation]) -> Option<ProgramTable> {
    if !qualifies(program) {
        return None;
    }
    let LegDirections::Absolute(vectors) = &program.legs[0].directions else { return None };
    let leaper = program.base_steps == 1;
    let mut table =
        ProgramTable { rays: Vec::new(), starts: Vec::with_capacity(orientations.len() * size.square_count() + 1) };
    for &orientation in orientations {
        for from in size.squares() {
            table.starts.push(table.rays.len() as u32);
            for &v in vectors {
                let v = orient(orientation, v);
                if let Some(ray) = ray(size, from, v, leaper) {
                    table.rays.push(ray);
                }
            }
        }
    }
    table.starts.push(table.rays.len() as u32);
    Some(table)
}

fn orient(orientation: Orientation, v: Vec2) -> Vec2 {
    match orientation {
        Orientation::Up => v,
        Orientation::Down => (-v.0, -v.1),
        Orientation::DownBoardSides => (v.0, -v.1),
    }
}

/// The ray from `from` along `v`, if its first square is on the board.
fn ray(size: BoardSize, from: Square, v: Vec2, leaper: bool) -> Option<Ray> {
    let first = size.offset(from, v)?;
    let files = i32::from(size.files);
    let index_step = |(df, dr): Vec2| dr * files + df;
    let mut on_board = 1u8;
    while size.offset(from, (v.0 * (on_board as i32 + 1), v.1 * (on_board as i32 + 1))).is_some() {
        on_board += 1;
    }
    // A leaper's way, as the walker's `leaper_way_ok` reads it: the squares strictly between
    // along a line, or the orthogonal square next to the origin along the long side.
    let (way_step, way_len) = if !leaper {
        (0, 0)
    } else if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
        let m = v.0.abs().max(v.1.abs());
        (index_step((v.0.signum(), v.1.signum())), (m - 1) as u8)
    } else if v.1.abs() > v.0.abs() {
        (index_step((0, v.1.signum())), 1)
    } else {
        (index_step((v.0.signum(), 0)), 1)
    };
    Some(Ray { first: size.index(first) as u16, step: index_step(v), on_board, way_step, way_len })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xbetza::{compile_str, Readings};

    /// The Rook's four rays from e5 on 9x9 have four squares each; the Knight's from a1 are
    /// the two on the board; a Lion's two-leg programs get no table.
    #[test]
    fn rays_cover_the_board_and_only_one_leg_programs_are_tabled() {
        let size = BoardSize::parse("9x9").expect("size");
        let rook = MoveTable::of(&compile_str("R", size, Readings::default()).expect("R"), &[Orientation::Up]);
        let e5 = size.parse_square("e5").expect("e5");
        let rays = rook.rays(0, Orientation::Up, e5).expect("tabled");
        assert_eq!(rays.iter().map(|r| r.on_board).collect::<Vec<_>>(), [4, 4, 4, 4]);
        let squares = |r: &Ray| -> Vec<String> {
            (0..i32::from(r.on_board)).map(|k| rook.square((i32::from(r.first) + k * r.step) as usize).name()).collect()
        };
        let mut ends: Vec<String> = rays.iter().map(|r| squares(r).last().cloned().unwrap_or_default()).collect();
        ends.sort();
        assert_eq!(ends, ["a5", "e1", "e9", "i5"]);

        let knight = MoveTable::of(&compile_str("N", size, Readings::default()).expect("N"), &[Orientation::Up]);
        let a1 = size.parse_square("a1").expect("a1");
        let mut firsts: Vec<String> = knight
            .rays(0, Orientation::Up, a1)
            .expect("tabled")
            .iter()
            .map(|r| knight.square(r.first as usize).name())
            .collect();
        firsts.sort();
        assert_eq!(firsts, ["b3", "c2"]);

        let lion =
            MoveTable::of(&compile_str("KNADcaKmcabK", size, Readings::default()).expect("Lion"), &[Orientation::Up]);
        let compiled = compile_str("KNADcaKmcabK", size, Readings::default()).expect("Lion");
        let one_leg = compiled.programs.iter().filter(|p| p.legs.len() == 1).count();
        assert_eq!(lion.tabled(), one_leg);
        assert!(one_leg < compiled.programs.len(), "the Lion has two-leg programs");
    }
}
