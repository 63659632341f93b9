//! The Lion-trading rules of Chu Shogi (`lion-trade.*`, specs/chu.toml): which captures of a
//! Lion are banned. Two rules, each switchable:
//!
//! - the distant protected Lion (`lion-trade.distant-protected`): a Lion may not take an enemy
//!   Lion that stands further than one step from the Lion's start square and that the enemy
//!   protects, unless the same move also takes a piece worth the trade (the bridge capture,
//!   `lion-trade.bridge`). Protection is judged with the capture made: could the enemy then
//!   capture on the Lion's square? That is the board the enemy would recapture on (the
//!   capturer's start and the squares it emptied are empty); `lion-trade.protectors` says
//!   whether a piece the Lion took on its way still counts, as it stood (lishogi's reading).
//! - the counter-strike (`lion-trade.counter-strike`): after a non-Lion takes a Lion, the
//!   opponent's next move may take no Lion with a non-Lion. The position remembers where that
//!   Lion was taken (`Position::lion_taken_at`), and `lion-trade.counter-strike-same-square`
//!   says whether the Lion now standing there (the capturer, promoted to a Lion) is exempt.
//!
//! Whether a piece is a Lion is read from its type before the move (a Kirin that takes a Lion
//! and promotes to one took it as a non-Lion).

use super::position::{Man, Position};
use super::{config::Bridge, Engine, Move};
use crate::core::Color;
use crate::geometry::Square;
use crate::xbetza::PieceMove;

/// May `man` make the board move `pm`, which captures `captures` (as they stand in `pos`),
/// under the Lion-trading rules? True in games without them.
pub(crate) fn allows(engine: &Engine, pos: &Position, man: Man, pm: &PieceMove, captures: &[(Square, Man)]) -> bool {
    let Some(rules) = &engine.rules.lion_trade else { return true };
    let is_enemy_lion = |victim: Man| victim.player != man.player && engine.piece(victim.piece).lion;
    if !engine.piece(man.piece).lion {
        let Some(taken) = pos.lion_taken_at.filter(|_| rules.counter_strike) else { return true };
        return !captures
            .iter()
            .any(|&(sq, victim)| is_enemy_lion(victim) && !(rules.counter_strike_same_square_allowed && sq == taken));
    }
    if !rules.distant_protected_banned {
        return true;
    }
    for &(sq, victim) in captures {
        if !is_enemy_lion(victim) || crate::geometry::chebyshev(pm.from, sq) <= 1 || bridged(engine, captures, sq, man)
        {
            continue;
        }
        if protected_after(engine, pos, man, pm, captures, sq, victim.player) {
            return false;
        }
    }
    true
}

/// Does another capture of the move (not the one on `lion_square`) make a bridge?
fn bridged(engine: &Engine, captures: &[(Square, Man)], lion_square: Square, man: Man) -> bool {
    let Some(rules) = &engine.rules.lion_trade else { return false };
    captures.iter().any(|&(sq, victim)| {
        sq != lion_square
            && victim.player != man.player
            && match rules.bridge {
                Bridge::None => false,
                Bridge::AnyCapture => true,
                Bridge::AnyButListed => !engine.piece(victim.piece).bridge_excluded,
            }
    })
}

/// Could `owner` capture on `sq` once `man` has made `pm`? The capturer stands on `sq` for the
/// test (it does when `sq` is its destination, the only case in Chu Shogi). Under
/// `lion-trade.protectors = taken-pieces-too` a piece the move takes elsewhere (a Pawn taken on
/// the first step, which is no bridge) protects too, from where it stood.
fn protected_after(
    engine: &Engine,
    pos: &Position,
    man: Man,
    pm: &PieceMove,
    captures: &[(Square, Man)],
    sq: Square,
    owner: Color,
) -> bool {
    let z = &engine.zobrist;
    let mut after = pos.clone();
    after.put(z, pm.from, None);
    for &c in &pm.captures {
        after.put(z, c, None);
    }
    after.put(z, pm.to, Some(man));
    after.put(z, sq, Some(man));
    if engine.attacks(&after, owner, sq) {
        return true;
    }
    let taken_protect = engine.rules.lion_trade.as_ref().is_some_and(|t| t.taken_pieces_protect);
    taken_protect
        && captures.iter().any(|&(c, taken)| {
            if c == sq || taken.player != owner {
                return false;
            }
            let mut probe = after.clone();
            probe.put(z, c, Some(taken));
            engine.attacks_by(&probe, owner, sq, 0, std::iter::once((c, taken)))
        })
}

/// Where `mv` takes a Lion with a non-Lion (the position's `lion_taken_at` after it): the
/// destination when a Lion stood there, else the last other square where one was taken.
pub(crate) fn lion_taken_at(engine: &Engine, mv: &Move) -> Option<Square> {
    if engine.piece(mv.man.piece).lion || mv.kind == super::MoveKind::Drop {
        return None;
    }
    let lions = || {
        mv.captures
            .iter()
            .filter(|(_, victim)| victim.player != mv.man.player && engine.piece(victim.piece).lion)
            .map(|&(sq, _)| sq)
    };
    lions().find(|&sq| Some(sq) == mv.to).or_else(|| lions().next_back())
}
