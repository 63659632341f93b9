//! What `kensho diff` finds: every difference between two specs, as the JSON gives it (docs/diff.md)
//! and as the renderers read it.

use serde::Serialize;

/// Everything that differs between two specs (docs/diff.md describes every field).
#[derive(Clone, Debug, Serialize)]
pub struct SpecDiff {
    pub(crate) old: Side,
    pub(crate) new: Side,
    pub(crate) seed: u64,
    /// `board`, `board.second_player`, `zone.ID`, `setup.ID`.
    pub board: Vec<Change>,
    /// `group.NAME` and `rules.KEY` settings of the resolved games.
    pub settings: Vec<Change>,
    pub pieces: Pieces,
    pub samples: Samples,
    pub perft: Perft,
    pub clauses: Clauses,
    pub readings: Readings,
    pub invariants: Invariants,
    /// What could not be compared and why (an engine that cannot play a rule, a missing
    /// properties file); not differences.
    pub notes: Vec<String>,
    /// The engines' warnings (game-end rules they do not apply; perft counts moves only).
    pub(crate) warnings: Vec<String>,
}

/// One side of the comparison.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Side {
    pub(crate) path: String,
    pub(crate) id: String,
    pub(crate) name: String,
}

/// A value at a path, before and after (None: not stated on that side).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    pub path: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Pieces {
    pub added: Vec<PieceRef>,
    pub removed: Vec<PieceRef>,
    /// Pieces in both (matched by id) whose attributes or empty-board reach differ.
    pub changed: Vec<PieceChange>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceRef {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceChange {
    pub id: String,
    pub(crate) name: String,
    /// `piece.ID.betza`, `.name`, `.rank`, `.royal`, `.promotes_to`, `.zone-moves.Z`, `.ability.K`.
    pub attributes: Vec<Change>,
    /// Per move set whose reach differs.
    pub empty_board: Vec<Reach>,
}

/// Where one move set of a piece reaches on an empty board, gained and lost.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// `move` (the piece's own move) or `zone Z` (its move in zone Z).
    pub move_set: String,
    /// The central square it stands on (each board's own when the boards differ).
    pub from: String,
    /// Destinations on an empty board: square names, or `pass` (back to the start square);
    /// offsets `(+1,+2)` from the centre when the boards differ.
    pub moves_gained: Vec<String>,
    pub moves_lost: Vec<String>,
    /// Squares where a lone enemy is captured: `d7` (the move ends there), `d7>e6` (captures
    /// on d7, ends on e6; ending on the start square is igui).
    pub captures_gained: Vec<String>,
    pub captures_lost: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Samples {
    /// Whether legal moves were compared; `reason` says why not.
    pub compared: bool,
    pub reason: Option<String>,
    /// Positions sampled under the old rules (the start position first).
    pub positions: usize,
    /// Of those, carried over to the new engine (a position holding a piece the new spec
    /// lacks is not).
    pub transferred: usize,
    /// Per piece type (id; `-` for a move without a piece: a null move, a declined turn).
    pub pieces: Vec<PieceMoves>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceMoves {
    pub piece: String,
    /// Legal moves only the new rules allow, summed over the positions.
    pub gained: usize,
    /// Legal moves only the old rules allow.
    pub lost: usize,
    /// Up to three of them.
    pub examples: Vec<Example>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The position string (as the old engine writes it).
    pub position: String,
    #[serde(rename = "move")]
    pub mv: String,
    /// `new` (gained) or `old` (lost).
    pub legal_under: &'static str,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Perft {
    pub compared: bool,
    pub(crate) reason: Option<String>,
    pub rows: Vec<PerftRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PerftRow {
    pub depth: u32,
    pub old: u64,
    pub new: u64,
    /// new - old.
    pub difference: i64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Clauses {
    pub added: Vec<ClauseRef>,
    pub removed: Vec<ClauseRef>,
    /// Changes of `text`, `status` or `encode`.
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClauseRef {
    pub id: String,
    pub(crate) status: String,
    pub(crate) text: String,
}

/// An element of both sides (by id) and what changed in it.
#[derive(Clone, Debug, Serialize)]
pub struct Changed {
    pub id: String,
    pub changes: Vec<Change>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Readings {
    pub(crate) added: Vec<ReadingRef>,
    pub removed: Vec<ReadingRef>,
    /// Changes of `default`, `options` (added or removed names), `option.NAME` (what it means
    /// or sets).
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReadingRef {
    pub id: String,
    pub default: String,
    pub options: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Invariants {
    pub old_file: PropertiesFile,
    pub new_file: PropertiesFile,
    /// Whether both files were read (else nothing below is filled).
    pub compared: bool,
    pub added: Vec<InvariantRef>,
    pub removed: Vec<InvariantRef>,
    /// Changes of `kind`, `parameters` or `clauses`.
    pub changed: Vec<Changed>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct PropertiesFile {
    pub(crate) path: String,
    /// `read`, `missing` or `invalid`.
    pub state: &'static str,
    pub(crate) error: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct InvariantRef {
    pub id: String,
    pub(crate) kind: String,
    pub(crate) clauses: Vec<String>,
}

impl SpecDiff {
    /// No difference anywhere (notes and warnings are not differences).
    pub fn is_empty(&self) -> bool {
        let p = &self.pieces;
        self.board.is_empty()
            && self.settings.is_empty()
            && p.added.is_empty()
            && p.removed.is_empty()
            && p.changed.is_empty()
            && self.samples.pieces.is_empty()
            && self.samples.transferred == self.samples.positions
            && self.perft.rows.iter().all(|r| r.difference == 0)
            && self.clauses.added.is_empty()
            && self.clauses.removed.is_empty()
            && self.clauses.changed.is_empty()
            && self.readings.added.is_empty()
            && self.readings.removed.is_empty()
            && self.readings.changed.is_empty()
            && self.invariants.added.is_empty()
            && self.invariants.removed.is_empty()
            && self.invariants.changed.is_empty()
    }

    pub fn piece(&self, id: &str) -> Option<&PieceChange> {
        self.pieces.changed.iter().find(|p| p.id == id)
    }
}
