//! What the designs share (`Kit`): the pair, the piece types to build with (one per distinct
//! move, fewest moves first), the royals, how many rounds a shuffling line repeats and how long
//! a line may be; and the placements every design makes (Kings out of check, bare-king
//! spectators, quiet steps).

use super::play::{play, Played, Step};
use crate::core::{Color, PieceId};
use crate::engine::config::{BareKing, Rules};
use crate::engine::moves::MoveKind;
use crate::engine::promotion::empty_board_moves;
use crate::engine::{Engine, Man, Position};
use crate::geometry::{chebyshev, Square};
use crate::sampling::designed::setup_royals;
use crate::witness::build::add_royals;
use crate::witness::compare::transfer;
use crate::witness::Pair;

/// What the designs share: the pair, the piece types to build with, how long lines may be.
pub(super) struct Kit<'p> {
    pub(super) pair: &'p Pair<'p>,
    /// Non-royal piece types of the first engine that the second has too, one per distinct
    /// move (XBetza, zone moves, abilities, promotion), fewest empty-board moves first.
    pub(super) types: Vec<PieceId>,
    /// Royal types of the first engine that the second has too, fewest moves first.
    pub(super) royals: Vec<PieceId>,
    /// Rounds a shuffling line repeats: one more than the largest count either rule names.
    pub(super) rounds: usize,
    pub(super) max_plies: usize,
}

impl<'p> Kit<'p> {
    pub(super) fn new(pair: &'p Pair<'p>, max_plies: usize, _seed: u64) -> Kit<'p> {
        let a = pair.a;
        let size = a.game.board;
        let centre = Square::new(size.files / 2, size.ranks / 2);
        let moves_on_empty = |i: PieceId| empty_board_moves(a, Man { player: Color::Black, piece: i }, centre).len();
        let in_both = |i: usize| pair.b.piece_index(&a.pieces[i].id).is_some();
        let mut seen: Vec<String> = Vec::new();
        let mut types: Vec<PieceId> = Vec::new();
        let mut royals: Vec<PieceId> = Vec::new();
        for (i, p) in a.game.pieces.iter().enumerate() {
            if !in_both(i) {
                continue;
            }
            if p.royal {
                royals.push(PieceId::new(i));
                continue;
            }
            let zone: Vec<(&String, &String)> = p.zone_moves.iter().map(|(z, (b, _))| (z, b)).collect();
            let key = format!(
                "{} {:?} {:?} {:?}",
                p.betza,
                zone,
                p.abilities,
                p.promotes_to.as_ref().map(|t| a.game.piece(t).map(|q| q.betza.clone()))
            );
            if !seen.contains(&key) {
                seen.push(key);
                types.push(PieceId::new(i));
            }
        }
        types.sort_by_key(|&i| (moves_on_empty(i), i));
        royals.sort_by_key(|&i| (moves_on_empty(i), i));
        let counts = |r: &Rules| r.repetition_count.max(r.perpetual_check_count) as usize;
        let rounds = counts(&a.rules).max(counts(&pair.b.rules)).clamp(2, 8) + 1;
        Kit { pair, types, royals, rounds, max_plies: max_plies.max(8) }
    }

    pub(super) fn engine(&self) -> &Engine {
        self.pair.a
    }

    /// An empty position of the first engine, the first player to move.
    pub(super) fn empty(&self) -> Position {
        let a = self.engine();
        let mut pos = Position::empty(a.game.board, a.pieces.len());
        pos.set_side(&a.zobrist, Color::Black);
        pos
    }

    /// Both players' royals (and, where a bare King loses, one plain piece each: `spectators`),
    /// the first player to move, with the squares of the first royal of each: the setup's
    /// royal types on their start squares, or (where they attack each other, or a King could
    /// not step out and back) the second player's as near its start square as that allows.
    pub(super) fn kings(&self) -> Option<(Position, Square, Square)> {
        self.royal_pair(true)
    }

    /// The royal type each player's King is: the setup's, else the first royal type (the
    /// second player's as the first player's when the setup gives it none).
    pub(super) fn royal_types(&self) -> Option<(PieceId, PieceId)> {
        let royals = setup_royals(self.engine());
        let r0 = royals.iter().find(|r| r.0 == Color::Black).map(|r| r.1).or(self.royals.first().copied())?;
        let r1 = royals.iter().find(|r| r.0 == Color::White).map(|r| r.1).unwrap_or(r0);
        Some((r0, r1))
    }

    /// `kings`, with the bare-king spectators where `spectators` (else the royals alone).
    pub(super) fn royal_pair(&self, spectators: bool) -> Option<(Position, Square, Square)> {
        let a = self.engine();
        let size = a.game.board;
        let royals = setup_royals(a);
        let start = |player: Color| {
            let (_, piece) = *royals.iter().find(|r| r.0 == player)?;
            let id = &a.piece(piece).id;
            a.game.setup.iter().find(|p| p.player == player && &p.piece == id).map(|p| (piece, p.square))
        };
        if let (Some((r0, s0)), Some((r1, s1))) = (start(Color::Black), start(Color::White)) {
            let mut near: Vec<Square> = size.squares().filter(|&s| s != s0 && chebyshev(s, s1) <= 2).collect();
            near.sort_by_key(|&s| (chebyshev(s, s1), s));
            for c1 in near {
                let mut pos = self.empty();
                self.put(&mut pos, s0, Color::Black, r0);
                self.put(&mut pos, c1, Color::White, r1);
                if self.in_check_under_either(&pos, Color::Black)
                    || self.in_check_under_either(&pos, Color::White)
                    || (spectators && !self.spectators(&mut pos, &[s0, c1]))
                {
                    continue;
                }
                if self.quiet_steps(&pos, s0).len() >= 2 && self.quiet_steps(&pos, c1).len() >= 2 {
                    return Some((pos, s0, c1));
                }
            }
        }
        let mut pos = add_royals(self.pair, self.empty(), Square::new(size.files / 2, size.ranks / 2))?;
        let k0 = a.royals_of(&pos, Color::Black).first().copied()?;
        let k1 = a.royals_of(&pos, Color::White).first().copied()?;
        (!spectators || self.spectators(&mut pos, &[k0, k1])).then_some((pos, k0, k1))
    }

    /// Where a player with nothing but royals loses (end.bare-king under either alternative):
    /// one plain piece for each player on the board, in a corner of its own first rank away
    /// from `busy`, so that the line is not cut short by a bare King. False when no such
    /// placement leaves both players out of check.
    pub(super) fn spectators(&self, pos: &mut Position, busy: &[Square]) -> bool {
        let a = self.engine();
        if a.rules.bare_king == BareKing::None && self.pair.b.rules.bare_king == BareKing::None {
            return true;
        }
        let size = a.game.board;
        for player in Color::ALL {
            let rank = if player == Color::Black { 0 } else { size.ranks - 1 };
            let mut spots: Vec<Square> = (0..size.files)
                .map(|f| Square::new(f, rank))
                .filter(|&s| pos.at(s).is_none() && busy.iter().all(|&b| chebyshev(s, b) >= 3))
                .collect();
            spots.sort_by_key(|s| std::cmp::Reverse(s.file.abs_diff(size.files / 2)));
            let placed = spots.into_iter().take(4).any(|s| {
                self.types.iter().take(6).any(|&t| {
                    let mut trial = pos.clone();
                    self.put(&mut trial, s, player, t);
                    let ok = !self.in_check_under_either(&trial, Color::Black)
                        && !self.in_check_under_either(&trial, Color::White);
                    if ok {
                        *pos = trial;
                    }
                    ok
                })
            });
            if !placed {
                return false;
            }
        }
        true
    }

    /// Squares the piece on `sq` can step to without capturing or promoting (its owner to
    /// move), nearest first.
    pub(super) fn quiet_steps(&self, pos: &Position, sq: Square) -> Vec<Square> {
        let a = self.engine();
        let Some(man) = pos.at(sq) else { return Vec::new() };
        let mut p = pos.clone();
        p.set_side(&a.zobrist, man.player);
        p.last_skip = [false; 2];
        let mut out: Vec<Square> = a
            .legal_moves(&p)
            .iter()
            .filter(|m| {
                m.from == Some(sq) && m.kind == MoveKind::Normal && m.captures.is_empty() && m.promotion.is_none()
            })
            .filter_map(|m| m.to)
            .filter(|&t| t != sq)
            .collect();
        out.sort_by_key(|&t| (chebyshev(sq, t), t));
        out.dedup();
        out
    }

    pub(super) fn put(&self, pos: &mut Position, sq: Square, player: Color, piece: PieceId) {
        pos.put(&self.engine().zobrist, sq, Some(Man { player, piece }));
    }

    pub(super) fn in_check_under_either(&self, pos: &Position, player: Color) -> bool {
        let Some(pb) = transfer(self.pair.a, self.pair.b, pos) else { return true };
        self.pair.a.in_check(pos, player) || self.pair.b.in_check(&pb, player)
    }

    /// `play` with the kit's ply limit.
    pub(super) fn play(&self, start: &Position, steps: &[Step], settled: usize) -> Played {
        play(self.pair, start, &steps[..steps.len().min(self.max_plies)], settled)
    }

    /// `prelude`, then `round` repeated `rounds` times.
    pub(super) fn rounds_of(&self, prelude: &[Step], round: &[Step]) -> Vec<Step> {
        let mut out = prelude.to_vec();
        for _ in 0..self.rounds {
            out.extend_from_slice(round);
        }
        out
    }
}
