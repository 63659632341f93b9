//! Piece movement diagrams, as variant designers know them from H. G. Muller's Interactive
//! Diagram and the chessvariants.com pages: the piece alone on the board (the first player's,
//! moving up), on the central square, and every square it can reach marked by how: moves
//! there, captures there, captures there without moving (igui), captures there on the way and
//! ends elsewhere (locust), reaches it by jumping over a piece, or passes on its own
//! square. Each piece gets one diagram for its main move and one per zone move (Ryu); notes
//! say in plain words the rules XBetza cannot show (burning, freezing, rank-limited jumping...).
//!
//! The marks come from the XBetza generator run on small designed boards (see `marks`), so
//! a diagram shows what the notation says; the engine's judgement of a whole position (rank
//! limits, burn immunity, confinement) is what the notes describe.

use super::svg::{self, Mark, Picture, Token};
use crate::core::Color;
use crate::engine::config::FlyingCapture;
use crate::engine::{Abilities, Engine, PieceType};
use crate::geometry::{BoardSize, Square};
use crate::spec::rules::{Rule, ZoneMovesPromoted};
use crate::xbetza::{self, CompiledBetza, PieceMoveKind, Probe, Readings, XBetzaError};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// How the piece reaches a square: the mark a diagram draws there. The order is the order kinds
/// are listed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum MarkKind {
    /// To the empty square, on the empty board.
    Move,
    /// Captures the enemy standing there, ending there.
    Capture,
    /// Captures the enemy standing there and stays where it was.
    Igui,
    /// Captures the enemy standing there on the way, ending on another square.
    Locust,
    /// Gets there (moving or capturing) by a path that passes over an occupied square: a hop
    /// (a square it also reaches without one is marked both ways).
    Jump,
    /// On the piece's own square: it can pass the turn.
    Pass,
}

impl MarkKind {
    fn name(self) -> &'static str {
        match self {
            MarkKind::Move => "move",
            MarkKind::Capture => "capture",
            MarkKind::Igui => "igui",
            MarkKind::Locust => "locust",
            MarkKind::Jump => "jump",
            MarkKind::Pass => "pass",
        }
    }
}

/// Every square a diagram marks, with how the piece reaches it.
type Marks = BTreeMap<Square, BTreeSet<MarkKind>>;

/// One movement diagram: one piece, one of its move sets.
#[derive(Clone, Debug, Serialize)]
pub struct PieceDiagram {
    pub piece: String,
    pub(crate) name: String,
    /// The XBetza text of this move set, as the spec gives it.
    pub betza: String,
    /// None: the piece's main move; Some(z): the move it uses in zone z.
    pub zone: Option<String>,
    /// The game's board, `19x19`.
    pub(crate) board: String,
    /// Where the piece stands: the central square (on a side of even length, the one just
    /// below or left of the middle).
    pub from: String,
    /// The part of the board the picture draws.
    pub window: Window,
    /// Every marked square, sorted (by file, then rank), with its kinds.
    pub squares: Vec<MarkedSquare>,
    /// How many squares have each kind.
    pub counts: BTreeMap<&'static str, usize>,
    /// What XBetza cannot show, one plain line each.
    pub notes: Vec<String>,
}

/// A rectangle of the board, by its real file letters and rank numbers (inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Window {
    pub files: (char, char),
    pub ranks: (u32, u32),
}

impl Window {
    fn new(low: Square, high: Square) -> Window {
        Window { files: (low.file_char(), high.file_char()), ranks: (low.rank as u32 + 1, high.rank as u32 + 1) }
    }

    /// The bottom-left square.
    fn low(&self) -> Square {
        Square::new(self.files.0 as u8 - b'a', (self.ranks.0 - 1) as u8)
    }

    fn size(&self) -> BoardSize {
        let files = self.files.1 as u8 - self.files.0 as u8 + 1;
        let ranks = (self.ranks.1 - self.ranks.0 + 1) as u8;
        BoardSize { files, ranks }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkedSquare {
    pub square: String,
    pub kinds: Vec<&'static str>,
}

/// The marks a diagram uses (keys are their CSS classes: the kinds, and `both` for a square
/// that is moved to and captured on), and what each means, for a report's legend.
pub(crate) const LEGEND: &[(&str, &str)] = &[
    ("move", "moves here if empty"),
    ("capture", "captures here only"),
    ("both", "moves or captures here"),
    ("igui", "captures here without moving (igui)"),
    ("locust", "captures here on the way, ending elsewhere"),
    ("jump", "gets here by jumping over a piece"),
    ("pass", "may pass the turn, staying here"),
];

/// The mark a legend entry stands for.
fn legend_mark(class: &'static str) -> Mark {
    match class {
        "move" => Mark::Dot("move"),
        "capture" => Mark::Cross("capture"),
        "both" => Mark::Disc("both"),
        "igui" => Mark::Ring("igui"),
        "locust" => Mark::Diamond("locust"),
        "jump" => Mark::Triangle("jump"),
        _ => Mark::Ring("pass"),
    }
}

/// The diagrams of every piece of the game: the main move and each zone move.
pub fn diagrams(engine: &Engine) -> Vec<PieceDiagram> {
    (0..engine.pieces.len()).flat_map(|i| piece_diagrams(engine, i)).collect()
}

/// The diagram of a bare XBetza string on an empty board of `size` (no abilities, no notes).
pub fn of_betza(betza: &str, size: BoardSize) -> Result<PieceDiagram, XBetzaError> {
    let compiled = xbetza::compile_str(betza, size, Readings::default())?;
    let marks = marks(&compiled, centre(size), false);
    Ok(diagram(Heading { piece: betza, name: betza, betza, zone: None }, size, &marks, Vec::new()))
}

/// Where the piece stands: the middle square, or on a side of even length the square just
/// below (left of) the middle.
pub(crate) fn centre(size: BoardSize) -> Square {
    Square::new((size.files - 1) / 2, (size.ranks - 1) / 2)
}

/// What a diagram says about itself: which piece and which of its moves.
struct Heading<'a> {
    piece: &'a str,
    name: &'a str,
    betza: &'a str,
    zone: Option<&'a str>,
}

fn piece_diagrams(engine: &Engine, index: usize) -> Vec<PieceDiagram> {
    let p = &engine.pieces[index];
    let size = engine.game.board;
    let from = centre(size);
    let spec = &engine.game.pieces[index];
    let main_source = played_source(engine, index);
    let mut sets = vec![(None, main_source.as_str(), &p.moves)];
    for (zone, moves) in &p.zone_moves {
        let source = spec.zone_moves.get(zone).map_or(spec.betza.as_str(), |(text, _)| text.as_str());
        sets.push((Some(zone.as_str()), source, moves));
    }
    sets.into_iter()
        .map(|(zone, betza, moves)| {
            let marks = marks(moves, from, p.abilities.pass);
            let notes = notes(engine, index, zone, marks.get(&from).is_some_and(|k| k.contains(&MarkKind::Pass)));
            let name = super::piece_name(&p.name);
            diagram(Heading { piece: &p.id, name: &name, betza, zone }, size, &marks, notes)
        })
        .collect()
}

/// The XBetza text the engine plays as the piece's main move: its own, or the one
/// [`third_zone_source`] names.
fn played_source(engine: &Engine, index: usize) -> String {
    third_zone_source(engine, index).unwrap_or(&engine.game.pieces[index].betza).to_string()
}

/// Under `zone-moves.promoted = third-zone` (Ryu) a promoted form moves everywhere as its
/// unpromoted piece does in the zone `third` (as Engine::build reads it): that move's text.
fn third_zone_source(engine: &Engine, index: usize) -> Option<&str> {
    let third_zone = engine.settings.zone_moves_promoted == ZoneMovesPromoted::ThirdZone;
    let id = engine.game.pieces[index].id.as_str();
    let base = engine.game.pieces.iter().find(|b| b.promotes_to.as_deref() == Some(id))?;
    base.zone_moves.get("third").filter(|_| third_zone).map(|(text, _)| text.as_str())
}

/// The note of a cropped picture ([`window`]).
pub const RUNS_ON: &str = "the lines drawn to the picture's edge run on to the board's edge";

fn diagram(h: Heading<'_>, size: BoardSize, marks: &Marks, mut notes: Vec<String>) -> PieceDiagram {
    let from = centre(size);
    let window = window(size, from, marks);
    let on_edge = |sq: &Square| sq.file == 0 || sq.rank == 0 || sq.file + 1 == size.files || sq.rank + 1 == size.ranks;
    if window.size() != size && marks.keys().any(on_edge) {
        notes.push(RUNS_ON.to_string());
    }
    let squares = marks
        .iter()
        .map(|(sq, kinds)| MarkedSquare { square: sq.name(), kinds: kinds.iter().map(|k| k.name()).collect() })
        .collect();
    let mut counts = BTreeMap::new();
    for kind in marks.values().flatten() {
        *counts.entry(kind.name()).or_insert(0) += 1;
    }
    PieceDiagram {
        piece: h.piece.to_string(),
        name: h.name.to_string(),
        betza: h.betza.to_string(),
        zone: h.zone.map(str::to_string),
        board: size.to_string(),
        from: from.name(),
        window,
        squares,
        counts,
        notes,
    }
}

/// The smallest square window centred on `from` that holds every marked square, at least 5x5
/// (clipped by the board); when a mark stands on the board's edge, the whole board, since a line
/// that runs to the edge reads as "as far as the board goes" only when the edge is drawn on
/// every side; or, on a board wider than [`CROP`] squares each way, the window of [`CROP`]
/// around the piece when every mark outside it continues one of the eight lines from the piece
/// with the marks of the line's last square inside, to the board's edge ([`runs_on`]): the
/// picture then shows all there is to see, at a readable size, and says that the lines run on.
fn window(size: BoardSize, from: Square, marks: &Marks) -> Window {
    let on_edge = |sq: &Square| sq.file == 0 || sq.rank == 0 || sq.file + 1 == size.files || sq.rank + 1 == size.ranks;
    let mut radius = 2;
    for sq in marks.keys() {
        if on_edge(sq) {
            let around = |r: u8| {
                Window::new(
                    Square::new(from.file.saturating_sub(r), from.rank.saturating_sub(r)),
                    Square::new((from.file + r).min(size.files - 1), (from.rank + r).min(size.ranks - 1)),
                )
            };
            let crop = CROP / 2;
            if size.files > CROP && size.ranks > CROP && runs_on(size, from, marks, crop) {
                return around(crop);
            }
            return Window::new(Square::new(0, 0), Square::new(size.files - 1, size.ranks - 1));
        }
        radius = radius.max(sq.file.abs_diff(from.file)).max(sq.rank.abs_diff(from.rank));
    }
    let low = Square::new(from.file.saturating_sub(radius), from.rank.saturating_sub(radius));
    let high = Square::new((from.file + radius).min(size.files - 1), (from.rank + radius).min(size.ranks - 1));
    Window::new(low, high)
}

/// The side of a long-range piece's cropped picture, in squares.
const CROP: u8 = 9;

/// Does every mark farther than `radius` from `from` lie on one of the eight lines from it,
/// each of which keeps the marks of its square at distance `radius` on every square from there
/// to the board's edge? (A line that stops between the two would read, cropped, as running on.)
fn runs_on(size: BoardSize, from: Square, marks: &Marks, radius: u8) -> bool {
    let mut covered = 0;
    for df in -1..=1i32 {
        for dr in -1..=1i32 {
            let r = i32::from(radius);
            let Some(border) = size.offset(from, (df * r, dr * r)).filter(|_| (df, dr) != (0, 0)) else { continue };
            let Some(kinds) = marks.get(&border) else { continue };
            let mut at = border;
            while let Some(next) = size.offset(at, (df, dr)) {
                if marks.get(&next) != Some(kinds) {
                    return false;
                }
                covered += 1;
                at = next;
            }
        }
    }
    let far = |sq: &&Square| sq.file.abs_diff(from.file).max(sq.rank.abs_diff(from.rank)) > radius;
    covered == marks.keys().filter(far).count()
}

/// The marks of one move set, read off its paths on designed boards (`xbetza::reach::Probe`);
/// `passes` adds the pass a rule grants (`pass = true`) to those XBetza gives:
///
/// - on the empty board, a path that ends on an empty square is a "move", one that ends where
///   it started is a "pass";
/// - with a lone enemy on a square d, a path that captures d (without hopping) is a "capture"
///   if it ends on d, "igui" if it ends where it started, "locust" otherwise;
/// - with screens next to the piece, a path that hops and ends on an empty square d, or on an
///   enemy beyond the screens that it captures, is a "jump". A leaper's leap does not hop (a
///   knight passes over nothing), so it is never a jump.
fn marks(compiled: &CompiledBetza, from: Square, passes: bool) -> Marks {
    let probe = Probe::new(compiled, from);
    let mut marks = Marks::new();
    probe.empty_board(&mut |mv, _| match mv.kind() {
        PieceMoveKind::Move => add(&mut marks, mv.to, MarkKind::Move),
        PieceMoveKind::Pass => add(&mut marks, from, MarkKind::Pass),
        // Nothing stands on the empty board to capture.
        PieceMoveKind::Igui | PieceMoveKind::Capture => {}
    });
    probe.lone_enemies(&mut |target, mv, hops| {
        if hops || !mv.captures.contains(&target) {
            return;
        }
        let kind = match mv.to {
            to if to == target => MarkKind::Capture,
            to if to == from => MarkKind::Igui,
            _ => MarkKind::Locust,
        };
        add(&mut marks, target, kind);
    });
    // Jumps: a hop that ends on an empty square, or takes an enemy beyond the screens.
    probe.screened(&mut |mv, hops| {
        if hops && mv.kind() == PieceMoveKind::Move {
            add(&mut marks, mv.to, MarkKind::Jump);
        }
    });
    probe.screened_enemies(&mut |target, mv, hops| {
        if hops && mv.to == target && mv.captures.contains(&target) {
            add(&mut marks, target, MarkKind::Jump);
        }
    });
    if passes {
        marks.entry(from).or_default().insert(MarkKind::Pass);
    }
    marks
}

fn add(marks: &mut Marks, sq: Square, kind: MarkKind) {
    marks.entry(sq).or_default().insert(kind);
}

/// The rules of the piece that its XBetza cannot show, one plain line each.
fn notes(engine: &Engine, index: usize, zone: Option<&str>, passes: bool) -> Vec<String> {
    let p = &engine.pieces[index];
    let mut notes = Vec::new();
    if p.royal {
        notes.push("royal".to_string());
    }
    notes.extend(zone_notes(engine, p, zone));
    if third_zone_source(engine, index).is_some() {
        notes.push(format!(
            "moves as its unpromoted piece does in zone third ({})",
            Rule::ZoneMovesPromoted.spec_path()
        ));
    }
    notes.extend(jump_notes(p));
    if !p.abilities.jumps && p.rank > 0 && rank_limited_jumpers(engine) {
        notes.push(format!("jump rank {}: only pieces of higher rank may jump it", p.rank));
    }
    notes.extend(burn_notes(&p.abilities));
    notes.extend(freeze_notes(&p.abilities));
    notes.extend(other_notes(&p.abilities));
    if passes && !engine.rules.piece_pass {
        notes.push(format!("the game does not allow passing with a piece ({})", Rule::SkipByPiece.spec_path()));
    }
    notes
}

fn rank_limited_jumpers(engine: &Engine) -> bool {
    engine.pieces.iter().any(|p| p.abilities.jumps && p.abilities.jump_rank_limit > 0)
}

/// Where a zone move applies (`zone-moves.by`: the square the piece stands on, or the square
/// the move ends on).
fn zone_notes(engine: &Engine, p: &PieceType, zone: Option<&str>) -> Option<String> {
    let by_destination = engine.rules.zone_moves_by_destination;
    match zone {
        Some(z) if by_destination => Some(format!("this move for moves that end in zone {z}")),
        Some(z) => Some(format!("this move while standing in zone {z}")),
        None if p.zone_moves.is_empty() => None,
        None => {
            let zones: Vec<&str> = p.zone_moves.iter().map(|(z, _)| z.as_str()).collect();
            let place = if by_destination { "for moves that end outside" } else { "while standing outside" };
            Some(format!("this move {place} zones {}", zones.join(", ")))
        }
    }
}

fn jump_notes(p: &PieceType) -> Vec<String> {
    let a = &p.abilities;
    let mut notes = Vec::new();
    if !a.jumps {
        return notes;
    }
    match a.jump_rank_limit {
        1 => notes.push(format!("jumps only pieces of lower rank (rank {})", p.rank)),
        2 => notes.push(format!("jumps, and captures by jumping, only pieces of lower rank (rank {})", p.rank)),
        _ => {}
    }
    if a.jump_max < 9 {
        notes.push(format!("jumps at most {} pieces in one move", a.jump_max));
    }
    if !a.jump_capture_jumped {
        notes.push("does not capture the pieces it jumps".to_string());
    } else {
        if !a.jump_capture_jumped_any_rank {
            notes.push("captures a jumped piece only if its rank lets it jump that piece".to_string());
        }
        if !a.jump_capture_royals {
            notes.push("never captures a royal it jumps".to_string());
        }
    }
    match a.jump_landing {
        0 => notes.push("a jump must end with a capture".to_string()),
        2 => notes.push("a jump ends on an empty square only after capturing a jumped piece".to_string()),
        _ => {}
    }
    if a.jump_targets_lower_only {
        notes.push("captures only pieces of lower rank".to_string());
    }
    notes
}

fn burn_notes(a: &Abilities) -> Vec<String> {
    let mut notes = Vec::new();
    if a.burn_max == 0 {
        return notes;
    }
    let whom = if a.burn_any_target { "adjacent pieces (its own too)" } else { "adjacent enemies" };
    notes.push(format!("burns up to {} {whom} after moving", a.burn_max));
    if !a.burn_immune.is_empty() {
        notes.push(format!("never burns {}", a.burn_immune.join(", ")));
    }
    if !a.burn_optional {
        notes.push("must burn as many as it can".to_string());
    }
    match a.burn_after_area {
        1 => notes.push("does not burn after an area move".to_string()),
        2 => notes.push("burns after an area move only if it captured nothing on arrival".to_string()),
        _ => {}
    }
    if a.burn_arrival_counted {
        notes.push("a capture on arrival counts toward its burns".to_string());
    }
    if a.burn_immunity_covers_igui {
        notes.push("pieces immune to its burning are immune to its igui too".to_string());
    }
    if a.burn_return_is_burn {
        notes.push("captures after an area move back to its start square are burns".to_string());
    }
    notes
}

fn freeze_notes(a: &Abilities) -> Vec<String> {
    let mut notes = Vec::new();
    if !a.freezes {
        return notes;
    }
    let whom = if a.freeze_any { "all pieces (its own too)" } else { "enemies" };
    let where_ = if a.freeze_board { "on the whole board" } else { "within 1" };
    notes.push(format!("freezes {whom} {where_}"));
    if !a.freeze_immune.is_empty() {
        notes.push(format!("cannot freeze {}", a.freeze_immune.join(", ")));
    }
    if a.freeze_leaving_only {
        notes.push("a frozen piece may still capture without moving (igui)".to_string());
    }
    if a.freeze_mid_move {
        notes.push("its freezing also stops a move halfway".to_string());
    }
    notes
}

fn other_notes(a: &Abilities) -> Vec<String> {
    let mut notes = Vec::new();
    if a.igui_max < 9 {
        notes.push(format!("captures at most {} pieces without moving (igui) in one turn", a.igui_max));
    }
    if a.protected_royal_ban {
        let whom = if a.protected_emperor_only { "the enemy Emperor" } else { "a royal" };
        let when =
            if a.protected_before_capture { "protected before the capture" } else { "protected after the capture" };
        notes.push(format!("may not capture {whom} {when}"));
    }
    if a.pass {
        notes.push("may pass the turn in place".to_string());
    }
    if a.screens_non_cannon {
        notes.push("may not use another gun as its screen".to_string());
    }
    match a.flying_capture {
        FlyingCapture::Move => notes.push("captures the enemy royal along an open file".to_string()),
        FlyingCapture::Shoot => notes.push("captures the enemy royal along an open file without moving".to_string()),
        FlyingCapture::None => {}
    }
    if let Some(zone) = &a.confine {
        notes.push(format!("never leaves zone {zone}"));
    }
    notes
}

/// The diagram as a board picture: its window of the board, the piece on its square, and a
/// mark for each way it reaches a square.
pub fn picture(d: &PieceDiagram) -> Picture {
    let low = d.window.low();
    let local = |sq: Square| {
        (sq.file >= low.file && sq.rank >= low.rank).then(|| Square::new(sq.file - low.file, sq.rank - low.rank))
    };
    let zone = d.zone.as_ref().map(|z| format!(" in zone {z}")).unwrap_or_default();
    let mut p = Picture::new(d.window.size(), format!("{} ({}){zone}: {}", d.name, d.piece, d.betza));
    p.label_origin = (low.file, low.rank);
    if let Some(from) = Square::parse(&d.from).ok().and_then(local) {
        p.shades.push((from, "from"));
        p.tokens.push(Token { square: from, text: d.piece.clone(), name: d.name.clone(), player: Color::Black });
    }
    for marked in &d.squares {
        let Some(sq) = Square::parse(&marked.square).ok().and_then(local) else { continue };
        p.marks.extend(marks_for(&marked.kinds).into_iter().map(|m| (sq, m)));
    }
    p
}

/// The marks of one square, drawn in this order so each stays visible: the rings around the
/// square, then the disc or cross, the diamond and triangle on it, and the small dot on top.
fn marks_for(kinds: &[&str]) -> Vec<Mark> {
    let has = |k: &str| kinds.contains(&k);
    let mut marks = Vec::new();
    if has("pass") {
        marks.push(Mark::Ring("pass"));
    }
    if has("igui") {
        marks.push(Mark::Ring("igui"));
    }
    match (has("move"), has("capture")) {
        (true, true) => marks.push(Mark::Disc("both")),
        (false, true) => marks.push(Mark::Cross("capture")),
        _ => {}
    }
    if has("locust") {
        marks.push(Mark::Diamond("locust"));
    }
    if has("jump") {
        marks.push(Mark::Triangle("jump"));
    }
    if has("move") && !has("capture") {
        marks.push(Mark::Dot("move"));
    }
    marks
}

/// The legend as a small SVG strip: each mark on a square of board colour, with its meaning,
/// left to right, wrapping onto a new row past [`LEGEND_WIDTH`].
pub(crate) fn legend_svg() -> String {
    let cell = svg::CELL;
    let row_height = cell + 6.0;
    let mut body = String::new();
    let (mut x, mut y, mut widest) = (2.0, 2.0, 0.0_f64);
    for (class, meaning) in LEGEND {
        let width = cell + 4.0 + meaning.len() as f64 * LABEL_CHAR;
        if x > 2.0 && x + width > LEGEND_WIDTH {
            (x, y) = (2.0, y + row_height);
        }
        let _ = write!(body, "<rect class=\"kb-board\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{cell}\" height=\"{cell}\"/>");
        svg::mark_at(&mut body, x + cell / 2.0, y + cell / 2.0, legend_mark(class));
        let _ = write!(
            body,
            "<text class=\"kb-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x + cell + 4.0,
            y + cell / 2.0 + 3.5,
            svg::escape(meaning)
        );
        widest = widest.max(x + width);
        x += width + 12.0;
    }
    let (w, h) = (widest + 2.0, y + row_height);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kb kb-legend\" viewBox=\"0 0 {w:.1} {h:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" role=\"img\" aria-label=\"legend of the piece diagrams\"><title>legend of the piece diagrams</title><style>{}</style>{body}</svg>",
        svg::STYLE
    )
}

/// Where the legend wraps onto a new row, in SVG units.
const LEGEND_WIDTH: f64 = 560.0;
/// A rough width of one character of the 10px label font.
const LABEL_CHAR: f64 = 5.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_of_an_even_side_is_just_below_or_left_of_the_middle() {
        assert_eq!(centre(BoardSize::parse("9x9").unwrap()).name(), "e5");
        assert_eq!(centre(BoardSize::parse("16x16").unwrap()).name(), "h8");
        assert_eq!(centre(BoardSize::parse("7x12").unwrap()).name(), "d6");
    }

    #[test]
    fn the_window_is_at_least_five_wide_and_the_board_when_a_mark_is_on_its_edge() {
        let size = BoardSize::parse("9x9").unwrap();
        let e5 = Square::new(4, 4);
        let marks =
            |squares: &[Square]| -> Marks { squares.iter().map(|&s| (s, BTreeSet::from([MarkKind::Move]))).collect() };
        // No mark: 5x5 around e5.
        assert_eq!(window(size, e5, &marks(&[])), Window { files: ('c', 'g'), ranks: (3, 7) });
        // A mark 3 away (b5): 7x7, b2-h8.
        assert_eq!(window(size, e5, &marks(&[Square::new(1, 4)])), Window { files: ('b', 'h'), ranks: (2, 8) });
        // A mark on the edge (e9): the whole board.
        assert_eq!(window(size, e5, &marks(&[Square::new(4, 8)])), Window { files: ('a', 'i'), ranks: (1, 9) });
        assert_eq!(Window { files: ('b', 'h'), ranks: (2, 8) }.size(), BoardSize { files: 7, ranks: 7 });
    }

    #[test]
    fn kinds_become_marks() {
        assert_eq!(marks_for(&["move", "capture"]), [Mark::Disc("both")]);
        assert_eq!(marks_for(&["move"]), [Mark::Dot("move")]);
        assert_eq!(marks_for(&["capture"]), [Mark::Cross("capture")]);
        assert_eq!(marks_for(&["move", "jump"]), [Mark::Triangle("jump"), Mark::Dot("move")]);
        assert_eq!(
            marks_for(&["move", "capture", "igui", "locust"]),
            [Mark::Ring("igui"), Mark::Disc("both"), Mark::Diamond("locust")]
        );
        assert_eq!(marks_for(&["pass"]), [Mark::Ring("pass")]);
    }

    #[test]
    fn the_legend_shows_every_mark_with_its_meaning() {
        let svg = legend_svg();
        for (class, meaning) in LEGEND {
            assert!(svg.contains(&format!("class=\"{class}\"")), "{class}");
            assert!(svg.contains(&svg::escape(meaning)), "{meaning}");
        }
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
    }
}
