//! The symbolic board: two Z3 Booleans per square (occupied, enemy), and the translation of
//! path cubes into formulas and of models back into concrete occupancies.

use super::symbolic::SymPath;
use crate::geometry::{BoardSize, Square};
use crate::xbetza::{Cell, Occupancy};
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::Model;

/// One Z3 Boolean pair per square, made on first use.
#[derive(Default)]
pub(crate) struct SymBoard {
    squares: BTreeMap<Square, (Bool, Bool)>,
    prefix: String,
}

impl SymBoard {
    /// A board whose variables carry `prefix` (two boards in one query need two prefixes).
    pub(crate) fn new(prefix: &str) -> SymBoard {
        SymBoard { squares: BTreeMap::new(), prefix: prefix.to_string() }
    }

    fn vars(&mut self, sq: Square) -> &(Bool, Bool) {
        let prefix = &self.prefix;
        self.squares.entry(sq).or_insert_with(|| {
            (
                Bool::new_const(format!("{prefix}occ_{}", sq.name())),
                Bool::new_const(format!("{prefix}enemy_{}", sq.name())),
            )
        })
    }

    /// "`sq` holds `cell`".
    pub(crate) fn is(&mut self, sq: Square, cell: Cell) -> Bool {
        let (occ, enemy) = self.vars(sq).clone();
        match cell {
            Cell::Empty => occ.not(),
            Cell::Friend => Bool::and(&[occ, enemy.not()]),
            Cell::Enemy => Bool::and(&[occ, enemy]),
        }
    }

    /// "The board is as the path needs it".
    pub(crate) fn cube(&mut self, path: &SymPath) -> Bool {
        let lits: Vec<Bool> = path.cube.iter().map(|&(s, c)| self.is(s, c)).collect();
        Bool::and(&lits)
    }

    /// "Some path of `paths` is taken".
    pub(crate) fn any(&mut self, paths: &[&SymPath]) -> Bool {
        let cubes: Vec<Bool> = paths.iter().map(|p| self.cube(p)).collect();
        Bool::or(&cubes)
    }

    /// The squares this board has variables for.
    pub(crate) fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares.keys().copied()
    }

    /// The concrete occupancy a model gives (squares without variables are empty).
    pub(crate) fn decode(&self, model: &Model, size: BoardSize) -> Occupancy {
        let mut occ = Occupancy::empty(size);
        for (&sq, (o, e)) in &self.squares {
            let occupied = model.eval(o, true).and_then(|b| b.as_bool()).unwrap_or(false);
            let enemy = model.eval(e, true).and_then(|b| b.as_bool()).unwrap_or(false);
            occ.set(
                sq,
                match (occupied, enemy) {
                    (false, _) => Cell::Empty,
                    (true, false) => Cell::Friend,
                    (true, true) => Cell::Enemy,
                },
            );
        }
        occ
    }
}
