//! Legal moves of a position: each piece's compiled XBetza run on the board, the paths its
//! abilities forbid filtered out (`filters`), frozen pieces held still, then promotion choices
//! (`promotion`) and the skip rules (`skip`) applied.

use super::config::{ExtraTurnCheck, FlyingCapture, SelfCheck};
use super::filters;
use super::moves::{Captures, Move, MoveKind};
use super::position::{Man, Position};
use super::{flying, promotion, skip, Engine};
use crate::core::{Color, PieceId, ZoneId};
use crate::geometry::chebyshev;
use crate::geometry::{BoardSize, Square};
use crate::xbetza::{
    generate, generate_tabled, generate_tabled_into, plain_landings, sort_by_identity, CaptureReach, Cell,
    CompiledBetza, Occupancy, Orientation, PathStep, PieceMove, PieceMoveKind, StepKind,
};
use smallvec::SmallVec;

/// The board as `player`'s pieces see it.
pub(crate) fn occupancy(pos: &Position, player: Color) -> Occupancy {
    // The position's board and the occupancy share the square index, so no square is named.
    let cells = pos
        .board
        .iter()
        .map(|m| match m {
            None => Cell::Empty,
            Some(m) if m.player == player => Cell::Friend,
            Some(_) => Cell::Enemy,
        })
        .collect();
    Occupancy::from_cells(pos.size, cells)
}

/// Can a piece with this move ever pass? (A pass on an empty board, from a central square.)
pub(crate) fn passes_on_empty_board(moves: &CompiledBetza, size: BoardSize) -> bool {
    let centre = Square::new(size.files / 2, size.ranks / 2);
    generate(moves, &Occupancy::empty(size), centre, Orientation::Up).iter().any(|m| m.kind() == PieceMoveKind::Pass)
}

/// The board as `player`'s pieces see it, with the men that freeze them (the opponent's
/// freezers, and the player's own where `freeze.targets = any`), read in one pass over the
/// board: every position generated reads both.
fn occupancy_and_freezers(engine: &Engine, pos: &Position, player: Color) -> (Occupancy, Freezers) {
    let mut found = Freezers::new();
    let cells = pos
        .board
        .iter()
        .enumerate()
        .map(|(i, m)| match m {
            None => Cell::Empty,
            Some(m) => {
                let (cell, whom) =
                    if m.player == player { (Cell::Friend, FREEZES_OWN) } else { (Cell::Enemy, FREEZES_ENEMIES) };
                // The square is named only for the few men that freeze (naming it divides).
                if engine.freeze_targets[m.piece.index()] & whom != 0 {
                    found.push((pos.size.square_at(i), *m));
                }
                cell
            }
        })
        .collect();
    (Occupancy::from_cells(pos.size, cells), found)
}

/// `Engine::freeze_targets` bits: a piece type freezes the opponent's men, or its own side's.
pub(crate) const FREEZES_ENEMIES: u8 = 1;
pub(crate) const FREEZES_OWN: u8 = 2;

/// The men that freeze one side's pieces: a few at most, kept inline.
type Freezers = SmallVec<[(Square, Man); 4]>;

/// Would `man` standing on `sq` be frozen by one of `freezers`? (freeze.range, freeze.immune;
/// a freezer never freezes itself.)
fn frozen_by(engine: &Engine, freezers: &[(Square, Man)], man: Man, sq: Square) -> bool {
    let id = &engine.piece(man.piece).id;
    freezers.iter().any(|&(fsq, f)| {
        let a = &engine.piece(f.piece).abilities;
        fsq != sq && (a.freeze_board || chebyshev(fsq, sq) == 1) && !a.freeze_immune.contains(id)
    })
}

/// Everything move generation of one side needs once per position.
pub struct SideView {
    pub(crate) occupancy: Occupancy,
    freezers: Freezers,
    /// Does a freezer here also stop moves mid-way (freeze.timing = also-mid-move)?
    mid_move_freeze: bool,
}

impl SideView {
    pub fn new(engine: &Engine, pos: &Position, player: Color) -> SideView {
        let (occupancy, freezers) = occupancy_and_freezers(engine, pos, player);
        let mid_move_freeze = freezers.iter().any(|(_, f)| engine.piece(f.piece).abilities.freeze_mid_move);
        SideView { occupancy, freezers, mid_move_freeze }
    }

    #[inline]
    pub fn is_frozen(&self, engine: &Engine, man: Man, sq: Square) -> bool {
        !self.freezers.is_empty() && frozen_by(engine, &self.freezers, man, sq)
    }
}

/// One path as the rules judge it (`Engine::judge_path`): the kind of move it makes, what it
/// captures, and the promotion choices it may end with (one legal move each, skip rules aside).
struct Judged {
    kind: MoveKind,
    captures: Captures,
    promotions: promotion::Choices,
}

/// The paths of the piece on `sq` that its abilities allow, one per identity (the
/// protected-royal ban is judged later, on whole moves).
pub(crate) fn piece_paths(engine: &Engine, pos: &Position, view: &SideView, sq: Square, man: Man) -> Vec<PieceMove> {
    let mut paths = Vec::new();
    piece_paths_into(engine, pos, view, sq, man, &mut paths, Order::Identity);
    paths
}

/// Whether the paths of a piece must come in identity order (`sort_by_identity`), as the
/// moves callers see do, or may come in any order (a count).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Identity,
    Any,
}

/// [`piece_paths`], appended to `paths` (legal move generation reuses one list for every
/// piece of a position).
fn piece_paths_into(
    engine: &Engine,
    pos: &Position,
    view: &SideView,
    sq: Square,
    man: Man,
    paths: &mut Vec<PieceMove>,
    order: Order,
) {
    // Each call of the generator sorts what it added, as it always has (a piece with zone
    // moves has its move sets' paths one set after another).
    let sorted = |paths: &mut Vec<PieceMove>, start: usize| {
        if order == Order::Identity {
            sort_by_identity(&mut paths[start..]);
        }
    };
    let frozen = view.is_frozen(engine, man, sq);
    if frozen && !igui_left_to_frozen(engine, view, man, sq) {
        return;
    }
    let orientation = engine.orientation(man.player);
    let piece = engine.piece(man.piece);
    if piece.zone_moves.is_empty() && !frozen && !view.mid_move_freeze && !piece.path_filtered {
        // The common case, without the move-set iterator and with nothing to judge per path
        // but the rules of `filters::path_ok` that apply to every piece.
        let table = (!engine.reference_generation).then_some(&piece.table);
        let mut accept = |pm: &PieceMove| pm.path.len() == 1 || filters::path_ok(engine, pos, man, &piece.moves, pm);
        let start = paths.len();
        generate_tabled_into(&piece.moves, table, &view.occupancy, sq, orientation, &mut accept, paths);
        sorted(paths, start);
        return;
    }
    for set in engine.move_sets(man.piece, man.player, sq) {
        let table = (!engine.reference_generation).then_some(set.table);
        let mut accept = |pm: &PieceMove| {
            if frozen && (pm.to != pm.from || pm.captures.is_empty()) {
                // freeze.blocks = moves-leaving-square: only captures without moving (igui)
                // remain; not even a pass (SUZ-113 "not even to skip a turn").
                return false;
            }
            engine.set_allows(&set, man.player, pm.to) && path_allowed(engine, pos, view, man, set.moves, pm)
        };
        let start = paths.len();
        generate_tabled_into(set.moves, table, &view.occupancy, sq, orientation, &mut accept, paths);
        sorted(paths, start);
    }
}

/// The rules every path of a piece obeys, whether it is played or only attacks a square:
/// freezing mid-move (freeze.timing = also-mid-move) and the abilities (`filters`).
fn path_allowed(
    engine: &Engine,
    pos: &Position,
    view: &SideView,
    man: Man,
    moves: &CompiledBetza,
    pm: &PieceMove,
) -> bool {
    if view.mid_move_freeze && passes_near_freezer(engine, view, man, moves, pm) {
        return false;
    }
    filters::path_ok(engine, pos, man, moves, pm)
}

/// A frozen piece keeps its captures without moving only under `freeze.blocks =
/// moves-leaving-square` of every freezer that holds it.
fn igui_left_to_frozen(engine: &Engine, view: &SideView, man: Man, sq: Square) -> bool {
    let id = &engine.piece(man.piece).id;
    view.freezers.iter().all(|&(fsq, f)| {
        let a = &engine.piece(f.piece).abilities;
        let holds = fsq != sq && (a.freeze_board || chebyshev(fsq, sq) == 1) && !a.freeze_immune.contains(id);
        !holds || a.freeze_leaving_only
    })
}

/// `freeze.timing = also-mid-move`: a leg that stops next to a freezer (which would freeze the
/// piece) ends the piece's motion there, so a path going on from such a square is not allowed.
fn passes_near_freezer(engine: &Engine, view: &SideView, man: Man, moves: &CompiledBetza, pm: &PieceMove) -> bool {
    let id = &engine.piece(man.piece).id;
    let freezes_here = |sq: Square| {
        sq != pm.from
            && view.freezers.iter().any(|&(fsq, f)| {
                let a = &engine.piece(f.piece).abilities;
                a.freeze_mid_move && chebyshev(fsq, sq) == 1 && !a.freeze_immune.contains(id)
            })
    };
    // Is the piece's move made of riders (range above one step)? Then a leg enters every
    // square between its start and its end; a leaper's leg jumps them.
    let rides = pm.program.and_then(|i| moves.programs.get(i as usize)).is_some_and(|p| p.base_steps > 1);
    let mut at = pm.from;
    for (i, step) in pm.path.iter().enumerate() {
        // The squares a slide passes through on its way to the leg's end.
        if rides && engine.game.board.between(at, step.square).any(freezes_here) {
            return true;
        }
        // The piece stands on every leg end it does not hop over, captures included; the
        // last one is where it stops anyway.
        if i + 1 < pm.path.len() && step.kind != StepKind::Hop && freezes_here(step.square) {
            return true;
        }
        at = step.square;
    }
    false
}

/// For the self-check test of one position's moves: each royal of the side to move, with the
/// enemy men that could capture on its square on some board (`Engine::may_attack`). No other
/// enemy man can attack that square after any move of ours, since ours never moves theirs.
struct RoyalWatch<'e> {
    royals: SmallVec<[WatchedRoyal; 2]>,
    /// Do facing royals attack (check.flying-king, or a royal's flying capture)? Such an
    /// attack is not in any reach bound, so it is always looked at after making the move.
    flying: bool,
    size: BoardSize,
    /// Every enemy man, when each is an exact attacker whose reach says where it captures
    /// (`PieceType::exact_attacker`) and nothing freezes: then whether a move leaves a
    /// royal attacked is read from the board as the move leaves it, without making it
    /// (`verdict_by_reach`). None otherwise.
    exact_enemies: Option<SmallVec<[ExactMan<'e>; 32]>>,
}

/// A man of an exact attacker type (`PieceType::exact_attacker`) with what its capture test
/// reads, looked up once: its reach where it stands, its orientation, its confinement zone.
struct ExactMan<'e> {
    square: Square,
    player: Color,
    reach: &'e CaptureReach,
    orientation: Orientation,
    confine: Option<ZoneId>,
}

impl<'e> ExactMan<'e> {
    /// The man on `square`, if its type is an exact attacker.
    fn of(engine: &'e Engine, square: Square, man: Man) -> Option<ExactMan<'e>> {
        let p = engine.piece(man.piece);
        p.exact_attacker.then(|| ExactMan {
            square,
            player: man.player,
            reach: engine.reach_at(man.piece, man.player, square),
            orientation: engine.orientation(man.player),
            confine: p.confine_zone,
        })
    }

    /// Does it capture the enemy on `target`, on a board where `empty` says which squares are
    /// empty? Its reach's step table answers (`CaptureReach::captures_enemy`, never undecided
    /// for an exact attacker); a confined man captures only inside its zone (a one-leg capture
    /// stands only on the target).
    fn captures(&self, engine: &Engine, target: Square, empty: impl Fn(Square) -> bool) -> bool {
        self.confine.is_none_or(|zone| engine.in_zone_at(zone, self.player, target))
            && self.reach.captures_enemy(self.orientation, self.square, target, empty) == Some(true)
    }
}

/// One royal of the side to move and the enemy men that may reach it.
struct WatchedRoyal {
    square: Square,
    men: SmallVec<[Square; 4]>,
    /// The squares (by index) whose content decides whether `men` attack the royal, when every
    /// one of them moves in one leg (a bounded `CaptureReach`) and nothing freezes: their own
    /// squares, the royal's, and the squares between (a slide's way, a cannon's screen, a
    /// jump's hurdle, a lame leaper's block); an empty list marks no square. None when that
    /// cannot be said.
    footprint: Option<Vec<bool>>,
    /// Whether `men` attack the royal now.
    attacked: bool,
    /// `men` as indices into the watch's `exact_enemies` (when it has them).
    exact_men: SmallVec<[usize; 4]>,
    /// Does it face a flying enemy royal now (`Engine::faces_flying_royal`)? A move that
    /// changes no square of its file leaves that as it is.
    faces_now: bool,
}

impl<'e> RoyalWatch<'e> {
    fn new(engine: &'e Engine, pos: &Position, player: Color) -> RoyalWatch<'e> {
        RoyalWatch::build(engine, pos, player, true)
    }

    /// `new`; without `by_reach` the watch never reads verdicts off the board, only from
    /// footprints or by making the move: the path of games whose attackers are not all exact,
    /// which a test can then take in shogi.
    fn build(engine: &'e Engine, pos: &Position, player: Color, by_reach: bool) -> RoyalWatch<'e> {
        // Kept on the stack, as the watch's other lists: it is built for every position.
        let enemies: SmallVec<[(Square, Man); 32]> = pos.squares_of(player.opposite()).collect();
        let exact = by_reach
            && !engine.any_freezer
            && !engine.reference_legality
            && enemies.iter().all(|&(_, m)| engine.piece(m.piece).exact_attacker);
        let royals = pos
            .squares_of(player)
            .filter(|(_, m)| engine.piece(m.piece).royal)
            .map(|(r, _)| {
                let exact_men: SmallVec<[usize; 4]> =
                    (0..enemies.len()).filter(|&i| engine.may_attack(enemies[i].0, enemies[i].1, r)).collect();
                let men: SmallVec<[Square; 4]> = exact_men.iter().map(|&i| enemies[i].0).collect();
                let faces_now = engine.royals_fly && engine.faces_flying_royal(r, player, |s| pos.at(s));
                // Even where `verdict_by_reach` could judge every move, the footprint is
                // cheaper per move: most moves touch none of its squares.
                let footprint = footprint(engine, pos, r, &men);
                let attacked = footprint.is_some()
                    && !men.is_empty()
                    && engine.attacks_by(
                        pos,
                        player.opposite(),
                        r,
                        0,
                        men.iter().filter_map(|&s| pos.at(s).map(|m| (s, m))),
                    );
                WatchedRoyal { square: r, men, footprint, attacked, exact_men, faces_now }
            })
            .collect();
        let exact_enemies = exact.then(|| enemies.iter().filter_map(|&(sq, m)| ExactMan::of(engine, sq, m)).collect());
        RoyalWatch { royals, flying: engine.royals_fly, size: pos.size, exact_enemies }
    }

    /// Whether `mv` leaves a royal attacked, read without making it when every enemy man is an
    /// exact attacker: the royals after the move are the ones that neither moved nor were
    /// captured, and the square a royal moved (or promoted, or was dropped) to; each is tried
    /// against the men that may reach it, on the board as the move leaves it (its origin and
    /// captured squares empty, its destination taken). None: make the move and look.
    fn verdict_by_reach(&self, engine: &Engine, pos: &Position, mv: &Move) -> Option<bool> {
        let enemies = self.exact_enemies.as_ref()?;
        let captured = |s: Square| mv.captures.iter().any(|c| c.0 == s);
        let empty_after = |s: Square| Some(s) != mv.to && (Some(s) == mv.from || captured(s) || pos.at(s).is_none());
        let occupant_after = |s: Square| {
            if Some(s) == mv.to {
                Some(Man { player: mv.man.player, piece: mv.promotion.unwrap_or(mv.man.piece) })
            } else if empty_after(s) {
                None
            } else {
                pos.at(s)
            }
        };
        let reached = |target: Square, men: &mut dyn Iterator<Item = &ExactMan>| {
            men.filter(|m| !captured(m.square)).any(|m| m.captures(engine, target, empty_after))
        };
        let faces = |target: Square| engine.faces_flying_royal(target, mv.man.player, occupant_after);
        let attacked_on = |target: Square, men: &mut dyn Iterator<Item = &ExactMan>| {
            reached(target, men) || (self.flying && faces(target))
        };
        // Does the move change a square of this file?
        let touches_file =
            |file: u8| mv.from.into_iter().chain(mv.to).chain(mv.captures.iter().map(|c| c.0)).any(|s| s.file == file);
        for royal in &self.royals {
            if Some(royal.square) == mv.from || captured(royal.square) {
                continue; // moved (judged on its new square below) or gone
            }
            if reached(royal.square, &mut royal.exact_men.iter().map(|&i| &enemies[i])) {
                return Some(true);
            }
            let facing = if touches_file(royal.square.file) { faces(royal.square) } else { royal.faces_now };
            if self.flying && facing {
                return Some(true);
            }
        }
        // The destination holds a royal after the move if what stands there then is one (a
        // royal that promotes to a type that is no royal leaves none; a piece promoting to a royal does).
        let royal_after = !matches!(mv.kind, MoveKind::Null | MoveKind::Decline)
            && engine.piece(mv.promotion.unwrap_or(mv.man.piece)).royal;
        match mv.to {
            Some(to) if royal_after => Some(attacked_on(to, &mut enemies.iter())),
            _ => Some(false),
        }
    }

    /// Whether `mv` leaves a royal attacked, when that is known without making it: no royal
    /// moves or appears, and the move changes no square of any royal's footprint (nor, where
    /// facing royals attack, of its file), so every royal stays as attacked (or not) as it is
    /// now. None: make the move and look.
    fn verdict_unmade(&self, mv: &Move, makes_royal: bool) -> Option<bool> {
        if makes_royal {
            return None;
        }
        // Make changes no other square (engine::make).
        let touched = || mv.from.into_iter().chain(mv.to).chain(mv.captures.iter().map(|c| c.0));
        let mut attacked = false;
        for royal in &self.royals {
            let footprint = royal.footprint.as_ref()?;
            if touched().any(|sq| footprint.get(self.size.index(sq)).copied().unwrap_or(false)) {
                return None;
            }
            // Facing royals: a move that changes no square of the royal's file leaves it
            // facing (or not) as it does now.
            if self.flying && touched().any(|sq| sq.file == royal.square.file) {
                return None;
            }
            attacked |= royal.attacked || (self.flying && royal.faces_now);
        }
        Some(attacked)
    }
}
/// The footprint of `men` on the royal on `royal` (`WatchedRoyal::footprint`).
fn footprint(engine: &Engine, pos: &Position, royal: Square, men: &[Square]) -> Option<Vec<bool>> {
    let size = pos.size;
    if men.is_empty() {
        // Nobody can reach the royal, whatever changes: frozen or not, it stays unattacked.
        // No square is marked (an empty list: nothing allocated, most positions have this).
        return Some(Vec::new());
    }
    if engine.any_freezer {
        // A freeze can be lifted or laid by a piece anywhere near an attacker.
        return None;
    }
    let mut marked = vec![false; size.square_count()];
    marked[size.index(royal)] = true;
    for &sq in men {
        let man = pos.at(sq)?;
        if !engine.move_sets(man.piece, man.player, sq).all(|set| set.reach.is_bounded()) {
            return None;
        }
        marked[size.index(sq)] = true;
        let (df, dr) = (royal.file as i32 - sq.file as i32, royal.rank as i32 - sq.rank as i32);
        if df == 0 || dr == 0 || df.abs() == dr.abs() {
            // A leg along a line passes (or is blocked, or jumps) only between its ends.
            for b in size.between(sq, royal) {
                marked[size.index(b)] = true;
            }
        } else {
            // An oblique leap: its block or hurdle (`n`, `j`) is within the rectangle of its
            // ends; the whole rectangle is marked.
            for f in sq.file.min(royal.file)..=sq.file.max(royal.file) {
                for r in sq.rank.min(royal.rank)..=sq.rank.max(royal.rank) {
                    marked[size.index(Square::new(f, r))] = true;
                }
            }
        }
    }
    Some(marked)
}

/// A promoting pass and a promotion in place have one identity: they are one move (the one
/// that is no skip, so the skip limits do not bar a promotion another rule allows).
fn one_move_per_identity(moves: &mut Vec<Move>) {
    let mut seen: std::collections::HashMap<super::Identity, usize> = std::collections::HashMap::new();
    let mut keep = vec![true; moves.len()];
    for i in 0..moves.len() {
        match seen.get(&moves[i].identity()) {
            Some(&j) => {
                if moves[j].is_skip && !moves[i].is_skip {
                    keep[j] = false;
                    seen.insert(moves[i].identity(), i);
                } else {
                    keep[i] = false;
                }
            }
            None => {
                seen.insert(moves[i].identity(), i);
            }
        }
    }
    let mut k = keep.iter();
    moves.retain(|_| *k.next().unwrap_or(&true));
}

impl Engine {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(pos, &mut out);
        out
    }

    /// `legal_moves` into a buffer the caller keeps (perft keeps one per ply): its old
    /// contents are dropped, its room is reused.
    pub(crate) fn legal_moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        self.legal_moves_of(pos, out, false);
    }

    /// How many legal moves the side to move has: `legal_moves(pos).len()`, the figure perft
    /// counts at its last ply. Where the rules judge every move on its own (no self-check
    /// test, no rule that looks at the list as a whole) the board moves are counted path by
    /// path as `expand` would write them, without writing them; otherwise the moves are made
    /// and counted. `buffer` is room the caller keeps (either way writes into it; what it
    /// holds afterwards is not a list of the position's moves).
    pub fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> u64 {
        if !self.counts_move_by_move(pos) {
            self.legal_moves_into(pos, buffer);
            return buffer.len() as u64;
        }
        let view = SideView::new(self, pos, pos.side);
        let mut paths = Vec::with_capacity(32);
        let mut count = 0;
        buffer.clear();
        for (sq, man) in pos.squares_of(pos.side) {
            if let Some(n) = self.plain_move_count(pos, &view, sq, man) {
                count += n;
            } else {
                piece_paths_into(self, pos, &view, sq, man, &mut paths, Order::Any);
                count += paths.iter().map(|pm| self.path_move_count(pos, man, pm)).sum::<u64>();
                paths.clear();
            }
            // The rarer moves a man has besides its paths (`board_moves_of`), written out.
            self.moves_besides_paths(pos, &view, sq, man, buffer);
        }
        super::drops::drops(self, pos, buffer);
        buffer.extend(self.null_move(pos));
        count + buffer.len() as u64
    }

    /// Does `legal_moves_of` keep every move `expand`, the drops and the null move write, as
    /// they come? Then the legal moves can be counted one by one (`legal_move_count`).
    fn counts_move_by_move(&self, pos: &Position) -> bool {
        let r = &self.rules;
        // The rules under which `legal_moves_of` judges or rewrites the list once it is made:
        // a self-check test, one move per identity among promotions in place, the drop after
        // the move, the extra turn's own rules.
        let judges_the_list = r.self_check != SelfCheck::Allowed
            || r.must_resolve
            || r.promote_in_place_any
            || r.last_rank_any_time
            || r.drop_after_move
            || (r.extra_turn.is_some() && pos.extra_turn);
        !judges_the_list
    }

    /// The legal moves that capture (`legal_moves` less every move that takes nothing), into
    /// a buffer the caller keeps: the quiescence search of `kensho evaluate` asks it in every
    /// position it looks at. Generated without the drops, the null move and the declines,
    /// which never capture, and with the quiet board moves left out before the self-check
    /// judgement.
    pub fn legal_captures_into(&self, pos: &Position, out: &mut Vec<Move>) {
        self.legal_moves_of(pos, out, true);
    }

    /// `legal_moves_into`, or with `captures_only` only its moves that capture.
    fn legal_moves_of(&self, pos: &Position, out: &mut Vec<Move>, captures_only: bool) {
        out.clear();
        let player = pos.side;
        let view = SideView::new(self, pos, player);
        let extra = self.rules.extra_turn.as_ref().filter(|_| pos.extra_turn);
        // drops.per-turn = in-addition: after the turn's move, a drop or a decline.
        let drop_phase = self.rules.drop_after_move && pos.extra_turn;
        // extra-turn.uses = drop: the extra turn is for drops only.
        let board_moves = !extra.is_some_and(|e| e.drops_only) && !drop_phase;
        // One list of paths for every piece of the position: its room is allocated once.
        let mut paths = Vec::with_capacity(32);
        for (sq, man) in pos.squares_of(player).filter(|_| board_moves) {
            self.board_moves_of(pos, &view, sq, man, &mut paths, out);
        }
        if self.rules.promote_in_place_any || self.rules.last_rank_any_time {
            one_move_per_identity(out);
        }
        if captures_only {
            out.retain(|m| !m.captures.is_empty());
        } else {
            super::drops::drops(self, pos, out);
            if !drop_phase {
                out.extend(self.null_move(pos));
            }
        }
        if self.rules.drop_after_move {
            if drop_phase {
                // SHO-31 reading drop-turn = extra-action: the drop "may be made", so it may
                // be declined.
                if !captures_only {
                    out.push(Move::bare(MoveKind::Decline, Man { player, piece: PieceId::new(0) }, None, None));
                }
            } else {
                // The turn's move: a drop may follow where the player then holds a piece (one
                // in hand already, or one this move captures).
                let holding = pos.hands[player].iter().any(|&n| n > 0);
                for m in out.iter_mut() {
                    m.earns_extra_turn = holding || !m.captures.is_empty();
                }
            }
        }
        if let Some(extra) = extra {
            if extra.check == ExtraTurnCheck::Ignored {
                // extra-turn.check = ignored: the extra turn may not take a royal.
                out.retain(|m| !m.captures.iter().any(|(_, v)| self.piece(v.piece).royal));
            }
            if extra.optional && !captures_only {
                out.push(Move::bare(MoveKind::Decline, Man { player, piece: PieceId::new(0) }, None, None));
            }
        }
        // check.must-resolve while in check judges every move as `illegal` does. (Asked only
        // where it matters: under `illegal` every move is judged anyway.)
        let resolving = || self.rules.must_resolve && self.in_check(pos, player);
        match self.rules.self_check {
            SelfCheck::Illegal => {}
            SelfCheck::Allowed if !resolving() => return,
            SelfCheck::KingOnly if !resolving() => {
                // legality.self-check = king-only (Shoogantshii's reading move-into-check): "the
                // King may step into check, but another piece may not expose its own King;
                // check need not be answered". A royal's own move is never judged; any other
                // move is illegal where it gives one of the mover's royals an attacker it did
                // not have, royal by royal (an attack already standing may stay).
                let before: Vec<(Square, (bool, Vec<Square>))> = self
                    .royals_of(pos, player)
                    .into_iter()
                    .map(|r| (r, self.attack_sources(pos, player.opposite(), r)))
                    .collect();
                let (mut scratch, mut undo) = (pos.clone(), Vec::with_capacity(1));
                out.retain(|m| {
                    (m.from.is_some() && self.piece(m.man.piece).royal)
                        || !self.exposes(&mut scratch, &mut undo, m, &before)
                });
                return;
            }
            SelfCheck::Allowed | SelfCheck::KingOnly => {}
        }
        // One scratch copy made and taken back per move, rather than a copy per move; the
        // enemy men that could ever capture each royal are found once (RoyalWatch).
        let mut undo = Vec::with_capacity(1);
        // Under check.royals = last-remaining whether a royal may be left attacked depends on
        // how many the move leaves, which the watch's shortcuts do not count: every move is made.
        if self.reference_legality || self.rules.check_last_royal_only {
            let mut scratch = pos.clone();
            out.retain(|m| !self.royal_attacked_after(&mut scratch, &mut undo, m) || self.extra_turn_resolves(pos, m));
        } else {
            // Copied only if some move has to be made: most positions judge every move
            // without making it.
            let mut scratch: Option<Position> = None;
            let watch = RoyalWatch::new(self, pos, player);
            out.retain(|m| {
                !self.royal_attacked_watched(pos, &mut scratch, &mut undo, m, &watch)
                    || self.extra_turn_resolves(pos, m)
            });
        }
    }

    /// The null move (rules.null-move), where the skip rules allow one now.
    fn null_move(&self, pos: &Position) -> Option<Move> {
        (self.rules.null_move && skip::skip_allowed(self, pos)).then(|| {
            let null = Move::bare(MoveKind::Null, Man { player: pos.side, piece: PieceId::new(0) }, None, None);
            Move { is_skip: skip::is_skip(self, &null), ..null }
        })
    }

    /// A legal move of the side to move, or None when it has none: None exactly when
    /// `legal_moves(pos)` is empty, not necessarily its first move. Unless a rule judges the
    /// list as a whole (an extra turn, a drop after the move, self-check = king-only outside a
    /// check to resolve), it stops at the first move the self-check rule keeps instead of
    /// generating them all: the game-end invariants ask only whether the side to move has a
    /// move, once per judged transition.
    pub fn any_legal_move(&self, pos: &Position) -> Option<Move> {
        let whole_list = || self.legal_moves(pos).into_iter().next();
        // An extra turn and a drop after the move change the list as a whole (a decline added,
        // moves marked as earning the drop): the list is made.
        if pos.extra_turn || self.rules.drop_after_move {
            return whole_list();
        }
        // The same judgement as `legal_moves_into`'s, asked of one move at a time.
        let resolving = || self.rules.must_resolve && self.in_check(pos, pos.side);
        match self.rules.self_check {
            // Nothing is taken away: the first move is legal.
            SelfCheck::Allowed if !resolving() => self.first_move(pos, |_| true),
            // Judged against the attackers each royal had before the move, which this path
            // does not keep.
            SelfCheck::KingOnly if !resolving() => whole_list(),
            // Made and looked at (the reference judgement, which the watch of `legal_moves_into`
            // only shortens): building the watch costs more than the few moves tried here.
            _ => {
                let (mut scratch, mut undo) = (pos.clone(), Vec::with_capacity(1));
                self.first_move(pos, |m| {
                    !self.royal_attacked_after(&mut scratch, &mut undo, m) || self.extra_turn_resolves(pos, m)
                })
            }
        }
    }

    /// The first move `keep` accepts of those `legal_moves_into` would judge, made man by man
    /// so that it stops at the first man with one: the cheap men first (a plain slider's or
    /// leaper's moves are a few rays, a universal leaper's, Hook's Emperor, the whole board),
    /// then the drops, then the null move. Outside an extra turn or a drop after the move.
    fn first_move(&self, pos: &Position, mut keep: impl FnMut(&Move) -> bool) -> Option<Move> {
        let player = pos.side;
        let view = SideView::new(self, pos, player);
        let (mut paths, mut out) = (Vec::new(), Vec::new());
        let plain = |man: Man| self.piece(man.piece).table.plain().is_some();
        let first = pos.squares_of(player).filter(|&(_, man)| plain(man));
        for (sq, man) in first.chain(pos.squares_of(player).filter(|&(_, man)| !plain(man))) {
            self.board_moves_of(pos, &view, sq, man, &mut paths, &mut out);
            // As `legal_moves_into` does (the moves of one identity are one man's).
            if self.rules.promote_in_place_any || self.rules.last_rank_any_time {
                one_move_per_identity(&mut out);
            }
            if let Some(i) = out.iter().position(&mut keep) {
                return Some(out.swap_remove(i));
            }
            out.clear();
        }
        super::drops::drops(self, pos, &mut out);
        if let Some(i) = out.iter().position(&mut keep) {
            return Some(out.swap_remove(i));
        }
        self.null_move(pos).filter(keep)
    }

    /// Does `status_before` read more of the legal moves than whether there are any? It does
    /// where end.stalemate-condition = no-safe-move or end.checkmate = terminal asks of each
    /// move whether it leaves a royal attacked, unless legality.self-check = illegal already
    /// took every such move out of the list (a move an extra turn saves stays in both).
    pub fn status_reads_every_move(&self) -> bool {
        (self.rules.stalemate_no_safe_move || self.rules.checkmate_terminal)
            && self.rules.self_check != SelfCheck::Illegal
    }

    /// The moves of the man on `sq` before the self-check judgement: its paths as its abilities
    /// allow them, expanded into moves (captures named, burns, promotion choices, skip rules),
    /// its passes, promotions in place and flying captures. (Lint compares these with what the
    /// piece's XBetza string alone gives: `check::published`.)
    pub(crate) fn pseudo_moves_from(&self, pos: &Position, sq: Square) -> Vec<Move> {
        let mut out = Vec::new();
        if let Some(man) = pos.at(sq) {
            let view = SideView::new(self, pos, man.player);
            self.board_moves_of(pos, &view, sq, man, &mut Vec::new(), &mut out);
        }
        out
    }

    /// One man's board moves, appended to `out` (`paths` is scratch room, left empty).
    fn board_moves_of(
        &self,
        pos: &Position,
        view: &SideView,
        sq: Square,
        man: Man,
        paths: &mut Vec<PieceMove>,
        out: &mut Vec<Move>,
    ) {
        piece_paths_into(self, pos, view, sq, man, paths, Order::Identity);
        for pm in paths.drain(..) {
            self.expand(pos, man, pm, out);
        }
        self.moves_besides_paths(pos, view, sq, man, out);
    }

    /// The moves of a man that are not its paths: the pass of skip.squares =
    /// any-adjacent-empty, promotion in place, the flying royal's captures.
    #[inline]
    fn moves_besides_paths(&self, pos: &Position, view: &SideView, sq: Square, man: Man, out: &mut Vec<Move>) {
        // Most men have none (`PieceType::moves_besides_paths`).
        if self.piece(man.piece).moves_besides_paths {
            self.other_moves_of(pos, view, sq, man, out);
        }
    }

    /// `moves_besides_paths` of a man that may have such moves.
    fn other_moves_of(&self, pos: &Position, view: &SideView, sq: Square, man: Man, out: &mut Vec<Move>) {
        if self.piece(man.piece).can_pass && self.rules.skip_squares == super::config::SkipSquares::AnyAdjacentEmpty {
            skip::adjacent_empty_pass(self, pos, view, sq, man, out);
        }
        promotion::in_place(self, pos, view, sq, man, out);
        flying::captures(self, pos, sq, man, out);
    }

    /// `extra-turn.legality = end-of-turn`: a drop that earns an extra turn may leave the
    /// dropper's royal attacked if some action of the extra turn then saves it.
    pub(crate) fn extra_turn_resolves(&self, pos: &Position, mv: &Move) -> bool {
        if !mv.earns_extra_turn || self.rules.extra_turn.as_ref().is_none_or(|e| e.each_action) {
            return false;
        }
        let mut after = pos.clone();
        let mut undo = Vec::new();
        self.make(&mut after, mv, &mut undo);
        !self.legal_moves(&after).is_empty()
    }

    /// One path of a piece into its legal moves: captures named, promotion choices, skip rules.
    fn expand(&self, pos: &Position, man: Man, pm: PieceMove, out: &mut Vec<Move>) {
        let Some(Judged { kind, captures, promotions }) = self.judge_path(pos, man, &pm) else { return };
        let burned = if pm.path.len() > 1 { filters::burned_squares(self, man, &pm) } else { Default::default() };
        let kind = if kind == MoveKind::Capture && !burned.is_empty() { MoveKind::Burn } else { kind };
        let (from, to) = (Some(pm.from), Some(pm.to));
        let bare = |path, captures, burned, promotion| Move {
            kind,
            man,
            from,
            to,
            path,
            captures,
            burned,
            promotion,
            is_skip: false,
            earns_extra_turn: false,
        };
        // Every choice but the last copies the path and capture lists; the last (most often
        // the only one) takes them, built straight into the move.
        let Some((last, others)) = promotions.split_last() else { return };
        for promo in others {
            skip::push_if_allowed(self, pos, bare(pm.path.clone(), captures.clone(), burned.clone(), *promo), out);
        }
        skip::push_if_allowed(self, pos, bare(pm.path, captures, burned, *last), out);
    }

    /// How many legal moves `expand` makes of a path, without making them: perft's last ply
    /// counts them (`legal_move_count`). The same judgement, so the same number.
    fn path_move_count(&self, pos: &Position, man: Man, pm: &PieceMove) -> u64 {
        let Some(Judged { kind, promotions, .. }) = self.judge_path(pos, man, pm) else { return 0 };
        // A burn is a capture for the skip rules: only the kind of a pass matters here.
        let kept =
            |promotion: Option<PieceId>| !skip::is_skip_of(self, kind, promotion) || skip::skip_allowed(self, pos);
        promotions.iter().filter(|&&p| kept(p)).count() as u64
    }

    /// The legal moves of a plain man (one-leg rays, `xbetza::plain_landings`), counted from
    /// its landings without a path written: each landing is judged as `judge_path` judges its
    /// one-leg path (never a pass, so no skip rule applies). None where its paths need more:
    /// reference generation, a move set chosen by zone, a frozen man or one a freezer may stop
    /// mid-move, the path filters of its abilities (`PieceType::path_filtered`), or captures
    /// that the protected-royal ban or the Lion-trading rules judge from the position after.
    fn plain_move_count(&self, pos: &Position, view: &SideView, sq: Square, man: Man) -> Option<u64> {
        let piece = self.piece(man.piece);
        if self.reference_generation
            || !piece.zone_moves.is_empty()
            || piece.path_filtered
            || view.mid_move_freeze
            || piece.abilities.protected_royal_ban
            || self.rules.lion_trade.is_some()
            || view.is_frozen(self, man, sq)
        {
            return None;
        }
        let mut count = 0;
        let counted = plain_landings(&piece.table, &view.occupancy, sq, self.orientation(man.player), |to, kind| {
            let path = [PathStep { square: to, kind }];
            let taken = if kind == StepKind::Capture { pos.at(to).map(|victim| (to, victim)) } else { None };
            let route = promotion::Route { from: sq, to, path: &path };
            count += promotion::choices(self, pos, man, route, taken.as_slice()).len() as u64;
        });
        counted.then_some(count)
    }

    /// What the rules make of one path before its moves are written, or None when they refuse
    /// it: a pass where passes do not come from the piece's move, a capture the protected-royal
    /// ban or the Lion-trading rules forbid. `expand` and `path_move_count` share it.
    fn judge_path(&self, pos: &Position, man: Man, pm: &PieceMove) -> Option<Judged> {
        let kind = match pm.kind() {
            PieceMoveKind::Pass => MoveKind::Pass,
            PieceMoveKind::Igui => MoveKind::Igui,
            PieceMoveKind::Move => MoveKind::Normal,
            PieceMoveKind::Capture => MoveKind::Capture,
        };
        if kind == MoveKind::Pass
            && (!self.rules.piece_pass || self.rules.skip_squares == super::config::SkipSquares::AnyAdjacentEmpty)
        {
            // skip.by-piece = illegal; or any-adjacent-empty, where passes come from
            // skip::adjacent_empty_pass instead of the string.
            return None;
        }
        let captures: Captures = pm.captures.iter().filter_map(|&c| pos.at(c).map(|m| (c, m))).collect();
        // The ban concerns captures only: most moves need it not looked at (nor the piece's
        // abilities read).
        if !captures.is_empty()
            && (!self.protected_royal_ban_ok(pos, man, pm, &captures)
                || !super::lion_trade::allows(self, pos, man, pm, &captures))
        {
            return None;
        }
        let promotions = promotion::choices(self, pos, man, pm.into(), &captures);
        Some(Judged { kind, captures, promotions })
    }

    /// The Emperor's ban (protected-royal-ban.*): it may not capture a royal its owner protects.
    fn protected_royal_ban_ok(&self, pos: &Position, man: Man, pm: &PieceMove, captures: &[(Square, Man)]) -> bool {
        let depth = u32::from(self.rules.protection_recursive);
        self.ban_allows(pos, man, pm, captures, depth)
    }

    /// The ban judged with protection looked for `depth` levels deep: at depth 0 any
    /// pseudo-legal capture protects; at depth 1 (legality.protection = legal-recursive) a
    /// protecting capture must itself pass the ban, judged at depth 0.
    fn ban_allows(&self, pos: &Position, man: Man, pm: &PieceMove, captures: &[(Square, Man)], depth: u32) -> bool {
        let a = &self.piece(man.piece).abilities;
        if !a.protected_royal_ban {
            return true;
        }
        for &(sq, victim) in captures {
            let v = self.piece(victim.piece);
            if !v.royal || (a.protected_emperor_only && !v.abilities.protected_royal_ban) {
                continue;
            }
            let probe = if a.protected_before_capture {
                // Judged before: would the victim's side capture a piece of ours on that square?
                let mut probe = pos.clone();
                probe.put(&self.zobrist, sq, Some(man));
                probe
            } else {
                // Judged after: the position once the capture is made.
                let mut after = pos.clone();
                after.put(&self.zobrist, pm.from, None);
                for &c in &pm.captures {
                    after.put(&self.zobrist, c, None);
                }
                after.put(&self.zobrist, pm.to, Some(man));
                after
            };
            if self.attacks_at(&probe, victim.player, sq, depth) {
                return false;
            }
        }
        true
    }

    /// Does `by` attack `target` (could one of its pieces capture there, legality.attack)?
    /// Frozen pieces attack only under check.frozen-attackers = counted.
    pub fn attacks(&self, pos: &Position, by: Color, target: Square) -> bool {
        self.attacks_at(pos, by, target, 0)
    }

    /// `attacks`, where at depth > 0 an attacking capture must also pass the protected-royal
    /// ban (judged at depth - 1).
    fn attacks_at(&self, pos: &Position, by: Color, target: Square, depth: u32) -> bool {
        self.attacks_by(pos, by, target, depth, pos.squares_of(by))
    }

    /// `attacks_at` with the attackers limited to `men` (men of `by`); the flying royal is
    /// always looked at.
    pub(super) fn attacks_by(
        &self,
        pos: &Position,
        by: Color,
        target: Square,
        depth: u32,
        mut men: impl Iterator<Item = (Square, Man)>,
    ) -> bool {
        if self.flying_attack(pos, by, target) {
            return true;
        }
        // Most men are told apart without the side's view (occupancy and freezers): built the
        // first time a man needs the move generator.
        let mut view: Option<SideView> = None;
        men.any(|(sq, man)| self.man_attacks(pos, &mut view, by, sq, man, target, depth))
    }

    /// Does the man of `by` on `sq` attack `target`? `view` is `by`'s view, built on first need.
    #[allow(clippy::too_many_arguments)]
    fn man_attacks(
        &self,
        pos: &Position,
        view: &mut Option<SideView>,
        by: Color,
        sq: Square,
        man: Man,
        target: Square,
        depth: u32,
    ) -> bool {
        if let Some(hit) = self.exact_attack(pos, sq, man, target, depth) {
            return hit;
        }
        let view = view.get_or_insert_with(|| SideView::new(self, pos, by));
        (self.rules.frozen_attack || !view.is_frozen(self, man, sq))
            && self.attacks_from(pos, view, sq, man, target, depth)
    }

    /// Who of `by` attacks `target`: whether a facing royal does (flying), and the squares of
    /// the men that do.
    fn attack_sources(&self, pos: &Position, by: Color, target: Square) -> (bool, Vec<Square>) {
        let mut view: Option<SideView> = None;
        let men = pos
            .squares_of(by)
            .filter(|&(sq, man)| self.man_attacks(pos, &mut view, by, sq, man, target, 0))
            .map(|(sq, _)| sq)
            .collect();
        (self.flying_attack(pos, by, target), men)
    }

    /// legality.self-check = king-only: does `mv`, not a royal's own move, expose a royal of
    /// the mover, that is give it an attacker it did not have (a line opened, a screen put in
    /// place)? `before` holds each royal's attackers before the move.
    fn exposes(
        &self,
        scratch: &mut Position,
        undo: &mut Vec<super::make::Undo>,
        mv: &Move,
        before: &[(Square, (bool, Vec<Square>))],
    ) -> bool {
        let me = mv.man.player;
        self.make(scratch, mv, undo);
        let spared = self.spares_royals(scratch.squares_of(me).filter(|(_, m)| self.piece(m.piece).royal).count());
        let exposed = !spared
            && before.iter().any(|(royal, (flying, men))| {
                let (flying_after, men_after) = self.attack_sources(scratch, me.opposite(), *royal);
                (flying_after && !flying) || men_after.iter().any(|s| !men.contains(s))
            });
        self.unmake(scratch, undo);
        exposed
    }

    /// Whether the man on `sq` captures on `target`, told from its reach alone
    /// (`ExactMan::captures`) when nothing but the squares on its way can decide it: an exact
    /// attacker, no freezer in the game. None: run the generator. The reference
    /// (`reference_legality`) always runs the generator.
    fn exact_attack(&self, pos: &Position, sq: Square, man: Man, target: Square, depth: u32) -> Option<bool> {
        if self.reference_legality
            || depth > 0
            || self.any_freezer
            || pos.at(target).is_none_or(|v| v.player == man.player)
        {
            return None;
        }
        ExactMan::of(self, sq, man).map(|m| m.captures(self, target, |s| pos.at(s).is_none()))
    }

    /// Could the man on `sq` capture on `target` on some board (`CaptureReach`, which ignores
    /// every other man)? Only such men ever attack `target`.
    fn may_attack(&self, sq: Square, man: Man, target: Square) -> bool {
        let orientation = self.orientation(man.player);
        let p = self.piece(man.piece);
        if p.zone_moves.is_empty() {
            return p.reach().may_capture(orientation, sq, target);
        }
        self.move_sets(man.piece, man.player, sq).any(|set| set.reach.may_capture(orientation, sq, target))
    }

    /// Does the piece on `sq` attack `target` (frozen or not)?
    pub fn piece_attacks(&self, pos: &Position, sq: Square, target: Square) -> bool {
        let Some(man) = pos.at(sq) else { return false };
        let view = SideView::new(self, pos, man.player);
        self.attacks_from(pos, &view, sq, man, target, 0)
    }

    fn attacks_from(&self, pos: &Position, view: &SideView, sq: Square, man: Man, target: Square, depth: u32) -> bool {
        let orientation = self.orientation(man.player);
        self.move_sets(man.piece, man.player, sq).any(|set| {
            // The reference walks every path of every man: the reach bound is the fast path's
            // to trust, so the differential tests check it too.
            (self.reference_legality || set.reach.may_capture(orientation, sq, target))
                && self.set_attacks(pos, view, sq, man, &set, target, depth)
        })
    }

    // The recursion state (position, side view, attacker, its move set, depth) is all needed;
    // a struct for one private call chain would only rename the arguments.
    #[allow(clippy::too_many_arguments)]
    fn set_attacks(
        &self,
        pos: &Position,
        view: &SideView,
        sq: Square,
        man: Man,
        set: &super::MoveSet<'_>,
        target: Square,
        depth: u32,
    ) -> bool {
        let mut hit = false;
        let table = (!self.reference_generation).then_some(set.table);
        generate_tabled(set.moves, table, &view.occupancy, sq, self.orientation(man.player), &mut |pm| {
            if hit || !pm.captures.contains(&target) || !self.set_allows(set, man.player, pm.to) {
                return false;
            }
            if self.rules.attack_final_leg_only
                && !(pm.to == target && pm.path.last().is_some_and(|s| s.kind == StepKind::Capture))
            {
                return false;
            }
            if !path_allowed(self, pos, view, man, set.moves, pm) {
                return false;
            }
            if depth > 0 {
                let captures: Vec<(Square, Man)> =
                    pm.captures.iter().filter_map(|&c| pos.at(c).map(|m| (c, m))).collect();
                if !self.ban_allows(pos, man, pm, &captures, depth - 1) {
                    return false;
                }
            }
            hit = true;
            false
        });
        hit
    }

    /// A royal of `by` facing the enemy royal on `target` along an otherwise empty file attacks
    /// it where `check.flying-king` holds or the royal has a flying capture.
    fn flying_attack(&self, pos: &Position, by: Color, target: Square) -> bool {
        let Some(victim) = pos.at(target) else { return false };
        if victim.player == by || !self.piece(victim.piece).royal {
            return false;
        }
        flying::facing_royal(self, pos, target).is_some_and(|(_, man)| {
            man.player == by
                && (self.rules.flying_king_check
                    || self.piece(man.piece).abilities.flying_capture != FlyingCapture::None)
        })
    }

    /// `flying_attack` on a board given square by square (`occupant`): is the royal on
    /// `target` (of player `me`) attacked by a facing enemy royal?
    fn faces_flying_royal(&self, target: Square, me: Color, occupant: impl Fn(Square) -> Option<Man>) -> bool {
        // As `flying::facing_royal` reads the file: up first, then down, the first direction
        // whose first man is an enemy royal decides, whether that royal attacks or not.
        let facing = [1i32, -1].into_iter().find_map(|dr| {
            let mut at = target;
            while let Some(next) = self.game.board.offset(at, (0, dr)) {
                at = next;
                if let Some(m) = occupant(at) {
                    return (m.player != me && self.piece(m.piece).royal).then_some(m);
                }
            }
            None
        });
        facing.is_some_and(|m| {
            self.rules.flying_king_check || self.piece(m.piece).abilities.flying_capture != FlyingCapture::None
        })
    }

    /// Would making `mv` leave one of the mover's royals capturable?
    pub fn leaves_royal_attacked(&self, pos: &Position, mv: &Move) -> bool {
        self.royal_attacked_after(&mut pos.clone(), &mut Vec::with_capacity(1), mv)
    }

    /// `leaves_royal_attacked` on a scratch copy of the position: `mv` is made on it and taken
    /// back, so the copy is as it was when this returns.
    fn royal_attacked_after(&self, scratch: &mut Position, undo: &mut Vec<super::make::Undo>, mv: &Move) -> bool {
        self.make(scratch, mv, undo);
        let me = mv.man.player;
        let royals: SmallVec<[Square; 2]> =
            scratch.squares_of(me).filter(|(_, m)| self.piece(m.piece).royal).map(|(sq, _)| sq).collect();
        let attacked =
            !self.spares_royals(royals.len()) && royals.iter().any(|&sq| self.attacks(scratch, me.opposite(), sq));
        self.unmake(scratch, undo);
        attacked
    }

    /// `royal_attacked_after`, looking only at the men `watch` found for each royal that stays
    /// where it was; a royal on a new square (a royal moved, or a piece promoted to one) is
    /// judged against every enemy man.
    ///
    /// `scratch` is a copy of `pos` to make the move on, made the first time one is needed.
    fn royal_attacked_watched(
        &self,
        pos: &Position,
        scratch: &mut Option<Position>,
        undo: &mut Vec<super::make::Undo>,
        mv: &Move,
        watch: &RoyalWatch,
    ) -> bool {
        let me = mv.man.player;
        // (A null move or a declined turn names no piece: its man is a placeholder.)
        let makes_royal = !matches!(mv.kind, MoveKind::Null | MoveKind::Decline)
            && (self.piece(mv.man.piece).royal || mv.promotion.is_some_and(|p| self.piece(p).royal));
        if let Some(attacked) = watch.verdict_unmade(mv, makes_royal) {
            return attacked;
        }
        if let Some(attacked) = watch.verdict_by_reach(self, pos, mv) {
            return attacked;
        }
        let scratch = scratch.get_or_insert_with(|| pos.clone());
        self.make(scratch, mv, undo);
        let attacked = scratch.squares_of(me).filter(|(_, m)| self.piece(m.piece).royal).any(|(sq, _)| {
            match watch.royals.iter().find(|w| w.square == sq) {
                // Enemy men do not move on our move, so those who may reach the royal are the
                // ones found before it (less any it captured).
                Some(WatchedRoyal { men, .. }) => {
                    let men = men.iter().filter_map(|&s| scratch.at(s).filter(|m| m.player != me).map(|m| (s, m)));
                    self.attacks_by(scratch, me.opposite(), sq, 0, men)
                }
                None => self.attacks(scratch, me.opposite(), sq),
            }
        });
        self.unmake(scratch, undo);
        attacked
    }

    /// Is `player` in check (a royal attacked)?
    pub fn in_check(&self, pos: &Position, player: Color) -> bool {
        let royals = self.royals_of(pos, player);
        if self.spares_royals(royals.len()) {
            return false;
        }
        royals.into_iter().any(|sq| self.attacks(pos, player.opposite(), sq))
    }

    /// Are `count` royals of a player out of check's reach? Under check.royals = last-remaining,
    /// while he has two or more (he "may sacrifice one of them").
    pub(crate) fn spares_royals(&self, count: usize) -> bool {
        self.rules.check_last_royal_only && count > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::path::Path;

    fn shogi() -> Engine {
        bundled("shogi")
    }

    fn bundled(game: &str) -> Engine {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("specs/{game}.toml"));
        let loaded = crate::spec::load(&path).expect("the spec loads");
        Engine::for_moves(&loaded.resolve(&BTreeMap::new()).expect("defaults")).expect("playable").0
    }

    /// Xiangqi's generals may not face each other on an open file (flying general): the
    /// Chariot between them may move along the file, not off it. Every man is an exact
    /// attacker there, so the verdicts are read off the board, facing included, and agree
    /// with the reference that makes each move.
    #[test]
    fn the_flying_general_is_judged_without_making_the_move() {
        let engine = bundled("xiangqi");
        let pos = engine.parse_position("4k4/9/9/9/9/4R4/9/9/9/4K4 b - 1").expect("position");
        let sq = |name: &str| engine.game.board.parse_square(name).expect("square");
        let watch = RoyalWatch::new(&engine, &pos, Color::Black);
        assert!(watch.exact_enemies.is_some(), "xiangqi's men are all exact attackers");
        let rook = pos.at(sq("e5")).expect("the Chariot");
        let aside = Move::bare(MoveKind::Normal, rook, Some(sq("e5")), Some(sq("d5")));
        let along = Move::bare(MoveKind::Normal, rook, Some(sq("e5")), Some(sq("e6")));
        assert_eq!(watch.verdict_by_reach(&engine, &pos, &aside), Some(true), "the generals face");
        assert_eq!(watch.verdict_by_reach(&engine, &pos, &along), Some(false));
        let mut reference = engine.clone();
        reference.reference_legality = true;
        let texts = |e: &Engine| -> Vec<String> { e.legal_moves(&pos).iter().map(|m| e.move_text(m)).collect() };
        assert_eq!(texts(&engine), texts(&reference));
        assert!(!engine.legal_moves(&pos).iter().any(|m| m.to == Some(sq("d5"))), "the Chariot stays on the file");
    }

    /// Sente's Gold on e2 is pinned to its King on e1 by Gote's Rook on e8 (the e-file between
    /// them empty): shogi forbids leaving the King attacked, so the Gold may only stay on the
    /// file (e3), never step aside (d2, f2, d3, f3). The watch must name the Rook, and a watch
    /// that misses it lets the Gold step aside: the fault the differential test in
    /// tests/engine/generic.rs would catch.
    #[test]
    fn the_watch_names_the_pinning_rook_and_a_watch_without_it_is_wrong() {
        let engine = shogi();
        let pos = engine.parse_position("k8/4r4/9/9/9/9/9/4G4/4K4 b - 1").expect("position");
        let sq = |name: &str| engine.game.board.parse_square(name).expect("square");
        let (e1, e2, d2, e8) = (sq("e1"), sq("e2"), sq("d2"), sq("e8"));
        let gold_moves: Vec<Square> =
            engine.legal_moves(&pos).iter().filter(|m| m.from == Some(e2)).filter_map(|m| m.to).collect();
        assert_eq!(gold_moves, vec![sq("e3")], "the pinned Gold keeps to the file");

        let watch = RoyalWatch::new(&engine, &pos, Color::Black);
        assert_eq!(watch.royals.len(), 1);
        assert_eq!(watch.royals[0].square, e1);
        assert!(watch.royals[0].men.contains(&e8), "the Rook on e8 may reach e1: {:?}", watch.royals[0].men);

        let aside = Move::bare(MoveKind::Normal, pos.at(e2).expect("the Gold"), Some(e2), Some(d2));
        let (mut scratch, mut undo) = (None, Vec::new());
        assert!(engine.royal_attacked_watched(&pos, &mut scratch, &mut undo, &aside, &watch));
        // Shogi's men are all exact attackers: the verdict is read off the board, unmade.
        assert_eq!(watch.verdict_by_reach(&engine, &pos, &aside), Some(true));
        let up = Move::bare(MoveKind::Normal, pos.at(e2).expect("the Gold"), Some(e2), Some(sq("e3")));
        assert_eq!(watch.verdict_by_reach(&engine, &pos, &up), Some(false));
        let blind = RoyalWatch {
            royals: smallvec::smallvec![WatchedRoyal {
                square: e1,
                men: SmallVec::new(),
                footprint: None,
                attacked: false,
                exact_men: SmallVec::new(),
                faces_now: false,
            }],
            flying: false,
            size: pos.size,
            exact_enemies: None,
        };
        assert!(
            !engine.royal_attacked_watched(&pos, &mut scratch, &mut undo, &aside, &blind),
            "without the Rook in the watch the fast path misses the attack"
        );
        assert_eq!(
            scratch.as_ref(),
            Some(&pos),
            "the scratch position was made (the blind watch) and given back as it was"
        );
    }

    /// The footprint of the Rook on e8 watching the King on e1 is the e-file from e8 down to
    /// e1: a move that touches none of it (the Gold cannot, the King's other men can) is judged
    /// without making it; the Gold leaving e2 must be made. A footprint that forgets e2 judges
    /// the Gold's step aside legal: the fault the differential test would catch.
    #[test]
    fn the_footprint_is_the_pin_line_and_a_footprint_without_it_is_wrong() {
        let engine = shogi();
        let pos = engine.parse_position("k8/4r4/9/9/9/9/9/P3G4/4K4 b - 1").expect("position");
        let sq = |name: &str| engine.game.board.parse_square(name).expect("square");
        let index = |name: &str| pos.size.index(sq(name));
        let watch = RoyalWatch::build(&engine, &pos, Color::Black, false);
        let footprint = watch.royals[0].footprint.as_ref().expect("the Rook moves in one leg");
        let marked: Vec<String> =
            pos.size.squares().filter(|&s| footprint[pos.size.index(s)]).map(|s| s.name()).collect();
        assert_eq!(marked, ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"]);
        assert!(!watch.royals[0].attacked, "the Gold shields the King");

        let pawn = Move::bare(MoveKind::Normal, pos.at(sq("a2")).expect("the Pawn"), Some(sq("a2")), Some(sq("a3")));
        assert_eq!(watch.verdict_unmade(&pawn, false), Some(false), "the Pawn is off the line");
        let aside = Move::bare(MoveKind::Normal, pos.at(sq("e2")).expect("the Gold"), Some(sq("e2")), Some(sq("d2")));
        assert_eq!(watch.verdict_unmade(&aside, false), None, "the Gold leaves the line: made and looked at");

        let mut blind = RoyalWatch::build(&engine, &pos, Color::Black, false);
        blind.royals[0].footprint.as_mut().expect("footprint")[index("e2")] = false;
        assert_eq!(blind.verdict_unmade(&aside, false), Some(false), "a footprint without e2 misses the pin");
        let gold_moves = |legal: &[Move]| legal.iter().filter(|m| m.from == Some(sq("e2"))).count();
        assert_eq!(gold_moves(&engine.legal_moves(&pos)), 1, "only e3 keeps the King covered");
    }

    /// A bundled spec changed by text replacements, written to a temporary file and loaded:
    /// for rules no bundled game has.
    ///
    /// `id` is the changed game's id (a spec's file is named after its game).
    fn variant_of(game: &str, id: &str, edits: &[(&str, &str)]) -> Engine {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("specs/{game}.toml"));
        let mut text = std::fs::read_to_string(&path).expect("the bundled spec");
        let own_id = format!("id = \"{game}\"");
        assert!(text.contains(&own_id), "{game}.toml names its game");
        text = text.replacen(&own_id, &format!("id = \"{id}\""), 1);
        for (from, to) in edits {
            assert!(text.contains(from), "{game}.toml has `{from}`");
            text = text.replacen(from, to, 1);
        }
        let dir = std::env::temp_dir().join(format!("kensho-test-{}-{id}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let file = dir.join(format!("{id}.toml"));
        std::fs::write(&file, text).expect("a temporary spec");
        let loaded = crate::spec::load(&file).expect("the changed spec loads");
        let _ = std::fs::remove_dir_all(&dir);
        Engine::for_moves(&loaded.resolve(&BTreeMap::new()).expect("defaults")).expect("playable").0
    }

    fn sorted_texts(engine: &Engine, pos: &Position) -> Vec<String> {
        let mut t: Vec<String> = engine.legal_moves(pos).iter().map(|m| engine.move_text(m)).collect();
        t.sort();
        t
    }

    /// A King that promotes to a piece that is no royal (a shogi changed so) leaves no royal on
    /// its destination: stepping into the Rook's rank while promoting is legal, stepping there
    /// without promoting is not. The verdict read off the board once tested the destination as
    /// if a royal stood there (found in review); it now agrees with the reference.
    #[test]
    fn a_royal_promoting_to_a_non_royal_type_leaves_no_royal_to_attack() {
        let edits = [
            ("betza = \"K\"\nroyal = true\n", "betza = \"K\"\nroyal = true\npromotes_to = \"+K\"\n\n[[piece]]\nid = \"+K\"\nname = \"Crowned\"\nbetza = \"K\"\n"),
        ];
        let engine = variant_of("shogi", "shogi-crowned", &edits);
        let pos = engine.parse_position("4k4/9/r8/4K4/9/9/9/9/9 b - 1").expect("position");
        let fast = sorted_texts(&engine, &pos);
        for m in ["K e6-d7+", "K e6-e7+", "K e6-f7+"] {
            assert!(fast.contains(&m.to_string()), "{m} leaves no King to attack: {fast:?}");
        }
        assert!(!fast.contains(&"K e6-e7".to_string()), "the King may not stay royal on the Rook's rank");
        let mut reference = engine.clone();
        reference.reference_legality = true;
        assert_eq!(fast, sorted_texts(&reference, &pos));
    }

    /// Two enemy royals on the King's file, one above without a flying capture and one below
    /// with it (a xiangqi changed so, flying-king off): the fast path looks along the file as
    /// the reference does (`flying::facing_royal`: up first, the first facing royal decides).
    /// They once disagreed (found in review).
    #[test]
    fn facing_royals_are_read_as_the_reference_reads_them() {
        let edits = [
            (
                "[[piece]]\nid = \"A\"",
                "[[piece]]\nid = \"Q\"\nname = \"Queenroyal\"\nbetza = \"W\"\nroyal = true\n\n[[piece]]\nid = \"A\"",
            ),
            ("flying-king = true", "flying-king = false"),
        ];
        let engine = variant_of("xiangqi", "xiangqi-two-royals", &edits);
        let pos = engine.parse_position("9/9/4q4/9/9/4K4/9/9/4k4/R8 b - 1").expect("position");
        let mut reference = engine.clone();
        reference.reference_legality = true;
        let fast = sorted_texts(&engine, &pos);
        assert_eq!(fast, sorted_texts(&reference, &pos));
        assert!(fast.iter().filter(|m| m.starts_with("R ")).count() == 17, "the Chariot's moves: {fast:?}");
    }
}
