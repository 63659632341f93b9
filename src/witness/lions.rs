//! The Lion-trading rules (Chu Shogi, specs/chu.toml CHU-58..64): two settings whose effect
//! hangs on one small configuration each, which their meaning (src/spec/settings.rs) names
//! outright, so the witness is built rather than searched for, and the engine confirms it under
//! both options (`confirm`). Z3 has nothing to decide here; the SMT layer lists these two with
//! its rule fragments (`smt::fragments::all`), so that the readings find them alike.
//! - `lion-trade.protectors`: a Lion takes, on its first step, a piece that makes no bridge
//!   (`lion-trade.bridge-excluded`), then the enemy Lion two squares away that this piece alone
//!   protected. Counted as it stood, it still protects; judged after the move, it is gone.
//! - `lion-trade.counter-strike-same-square`: a non-Lion just took a Lion and now stands
//!   there as a Lion (a promoted Kirin); a non-Lion of the side to move could take it.

use super::build::add_royals;
use super::build::centre;
use super::confirm::confirm;
use super::{Pair, Witness};
use crate::core::{Color, PieceId};
use crate::engine::{Engine, Man, Position};
use crate::geometry::Square;
use crate::spec::rules::Rule;

fn lions(e: &Engine) -> Vec<PieceId> {
    (0..e.pieces.len()).map(PieceId::new).filter(|&p| e.piece(p).lion).collect()
}

fn board_with(e: &Engine, men: &[(Square, Man)]) -> Position {
    let mut pos = Position::empty(e.game.board, e.pieces.len());
    for &(sq, man) in men {
        pos.put(&e.zobrist, sq, Some(man));
    }
    pos
}

/// Squares `d` steps away from `at` in each direction, on the board.
fn ring(e: &Engine, at: Square, d: i32) -> Vec<Square> {
    let mut out = Vec::new();
    for df in -d..=d {
        for dr in -d..=d {
            if df.abs().max(dr.abs()) == d {
                if let Some(sq) = e.game.board.offset(at, (df, dr)) {
                    out.push(sq);
                }
            }
        }
    }
    out
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && a.file.abs_diff(b.file) <= 1 && a.rank.abs_diff(b.rank) <= 1
}

/// A witness for `lion-trade.protectors`, or why none was built.
pub(crate) fn protectors(pair: &Pair) -> Result<Witness, String> {
    let e = pair.a;
    let takers: Vec<PieceId> = (0..e.pieces.len()).map(PieceId::new).filter(|&p| e.piece(p).bridge_excluded).collect();
    if lions(e).is_empty() || takers.is_empty() {
        return Err(format!("no Lion, or no piece that makes no bridge ({})", Rule::LionTradeBridgeExcluded.path()));
    }
    let c = centre(&e.game);
    for lion in lions(e) {
        for target in ring(e, c, 2) {
            for mid in ring(e, c, 1).into_iter().filter(|&m| adjacent(m, target)) {
                for &taker in &takers {
                    for victim in lions(e) {
                        let pos = board_with(
                            e,
                            &[
                                (c, Man { player: Color::Black, piece: lion }),
                                (mid, Man { player: Color::White, piece: taker }),
                                (target, Man { player: Color::White, piece: victim }),
                            ],
                        );
                        let Some(pos) = add_royals(pair, pos, c) else { continue };
                        let wanted = |m: &crate::engine::Move| m.from == Some(c) && m.to == Some(target);
                        if let Some(w) = confirm(pair, pos, &wanted) {
                            return Ok(w);
                        }
                    }
                }
            }
        }
    }
    Err("no Lion, first-step victim and distant Lion placed round the centre differ".into())
}

/// A witness for `lion-trade.counter-strike-same-square`, or why none was built.
pub(crate) fn counter_strike_same_square(pair: &Pair) -> Result<Witness, String> {
    let e = pair.a;
    let strikers: Vec<PieceId> =
        (0..e.pieces.len()).map(PieceId::new).filter(|&p| !e.piece(p).lion && !e.piece(p).royal).collect();
    if lions(e).is_empty() || e.rules.lion_trade.as_ref().is_none_or(|t| !t.counter_strike) {
        return Err("no counter-strike rule here".into());
    }
    let c = centre(&e.game);
    for lion in lions(e) {
        for d in 1..=2 {
            for from in ring(e, c, d) {
                for &striker in &strikers {
                    let mut pos = board_with(
                        e,
                        &[
                            (c, Man { player: Color::White, piece: lion }),
                            (from, Man { player: Color::Black, piece: striker }),
                        ],
                    );
                    pos.set_lion_taken_at(&e.zobrist, Some(c));
                    let Some(pos) = add_royals(pair, pos, c) else { continue };
                    let wanted = |m: &crate::engine::Move| m.from == Some(from) && m.to == Some(c);
                    if let Some(w) = confirm(pair, pos, &wanted) {
                        return Ok(w);
                    }
                }
            }
        }
    }
    Err("no non-Lion near the Lion standing where a Lion was just taken differs".into())
}
