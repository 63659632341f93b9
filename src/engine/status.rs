//! How a game ends (end.*): royal capture, no move (stalemate and its condition), checkmate
//! where it is terminal, repetition (with the perpetual-check proviso).

use super::config::Stalemate;
use super::moves::Move;
use super::position::Position;
use super::Engine;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player (0 first, 1 second) wins.
    Win(u8, String),
    Draw(String),
}

impl Outcome {
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win(p, why) => format!("{} wins: {why}", player_name(*p)),
            Outcome::Draw(why) => format!("draw: {why}"),
        }
    }

    /// "1-0", "0-1" or "1/2-1/2".
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Win(0, _) => "1-0",
            Outcome::Win(_, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

pub fn player_name(p: u8) -> &'static str {
    if p == 0 {
        "first player (Black, sente)"
    } else {
        "second player (White, gote)"
    }
}

/// The positions of a game so far, for repetition.
#[derive(Clone, Debug, Default)]
pub struct History {
    entries: Vec<Entry>,
}

/// A position at a turn boundary: its repetition key, and for the move that reached it, who
/// made it, whether it was a skip and whether it gave check.
#[derive(Clone, Debug)]
struct Entry {
    key: u64,
    mover: Option<u8>,
    after_skip: bool,
    gave_check: bool,
}

impl History {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Engine {
    /// The key that makes two positions "the same" for repetition (end.repetition-identity).
    pub fn repetition_key(&self, pos: &Position) -> u64 {
        let mut key = pos.board_hash;
        if self.rules.repetition_with_hands {
            key ^= pos.hand_hash;
        }
        if self.rules.repetition_with_skips {
            key ^= self.zobrist.skips(pos.last_skip);
        }
        key
    }

    /// Records the start position.
    pub fn start_history(&self, pos: &Position) -> History {
        History { entries: vec![Entry { key: self.repetition_key(pos), mover: None, after_skip: false, gave_check: false }] }
    }

    /// The player whose royal loss by `mv` ends the game (end.royals: the last royal, or any
    /// royal under any-royal-captured), judged on `after`, the position the move led to.
    pub fn royal_loser(&self, after: &Position, mv: &Move) -> Option<u8> {
        let opponent = 1 - mv.man.player;
        // The opponent first: a burn that takes the mover's own royal (burn.targets = any) counts
        // only if the opponent did not lose first.
        [opponent, mv.man.player].into_iter().find(|&side| {
            mv.captures.iter().any(|(_, m)| m.player == side && self.piece(m.piece).royal)
                && (self.rules.any_royal_loss || self.royals_of(after, side).is_empty())
        })
    }

    /// The result of the game after `mv` was made (`pos` is the position after it), if it ended.
    pub fn status_after(&self, pos: &Position, mv: &Move, history: &mut History) -> Option<Outcome> {
        let mover = mv.man.player;
        let opponent = 1 - mover;
        if let Some(loser) = self.royal_loser(pos, mv) {
            let why = if self.rules.any_royal_loss {
                "a royal piece was captured (end.royals = any-royal-captured)"
            } else {
                "the last royal piece was captured (end.royals = last-royal-captured)"
            };
            return Some(Outcome::Win(1 - loser, why.into()));
        }
        let gave_check = self.rules.perpetual_check_loses && self.in_check(pos, opponent);
        let key = self.repetition_key(pos);
        history.entries.push(Entry { key, mover: Some(mover), after_skip: mv.is_skip, gave_check });
        if self.rules.repetition_draw {
            let counted = |e: &&Entry| e.key == key && !(self.rules.repetition_skip_positions_excluded && e.after_skip);
            let count = history.entries.iter().filter(counted).count() as u32;
            if count >= self.rules.repetition_count && !(self.rules.repetition_skip_positions_excluded && mv.is_skip) {
                if self.rules.perpetual_check_loses {
                    // end.perpetual-check = checker-loses: every move of one player since the
                    // first occurrence gave check.
                    let first = history.entries.iter().position(|e| e.key == key).unwrap_or(0);
                    let cycle = &history.entries[first + 1..];
                    for checker in [mover, opponent] {
                        let mut theirs = cycle.iter().filter(|e| e.mover == Some(checker)).peekable();
                        if theirs.peek().is_some() && theirs.all(|e| e.gave_check) {
                            return Some(Outcome::Win(1 - checker, "perpetual check: every move of the repeating player gave check (end.perpetual-check = checker-loses)".into()));
                        }
                    }
                }
                return Some(Outcome::Draw(format!(
                    "the same position occurred {} times (end.repetition-count = {})",
                    count, self.rules.repetition_count
                )));
            }
        }
        None
    }

    /// The result when the side to move has these legal moves: no move (or no safe move under
    /// end.stalemate-condition = no-safe-move), or checkmate where end.checkmate = terminal.
    pub fn status_before(&self, pos: &Position, moves: &[Move]) -> Option<Outcome> {
        let me = pos.side;
        let cannot_move = if moves.is_empty() {
            true
        } else if self.rules.stalemate_no_safe_move || self.rules.checkmate_terminal {
            moves.iter().all(|m| self.leaves_royal_attacked(pos, m))
        } else {
            false
        };
        if !cannot_move {
            return None;
        }
        if self.rules.checkmate_terminal && self.in_check(pos, me) {
            return Some(Outcome::Win(1 - me, "checkmate (end.checkmate = terminal)".into()));
        }
        if !moves.is_empty() && !self.rules.stalemate_no_safe_move {
            return None;
        }
        let why = if moves.is_empty() { "no legal move" } else { "no move that keeps every royal safe" };
        Some(match self.rules.stalemate {
            Stalemate::Loss => Outcome::Win(1 - me, format!("{why} for {} (end.stalemate = loss)", player_name(me))),
            Stalemate::Win => Outcome::Win(me, format!("{why} for {} (end.stalemate = win)", player_name(me))),
            Stalemate::Draw => Outcome::Draw(format!("{why} (end.stalemate = draw)")),
            Stalemate::LossIfOneRoyalElseDraw => {
                if self.royals_of(pos, me).len() == 1 {
                    Outcome::Win(1 - me, format!("{why} with one royal left (end.stalemate = loss-if-one-royal-else-draw)"))
                } else {
                    Outcome::Draw(format!("{why} with more than one royal (end.stalemate = loss-if-one-royal-else-draw)"))
                }
            }
            Stalemate::None => Outcome::Draw(format!("{why}; the spec gives no result for it (end.stalemate = none), so the game stops")),
        })
    }
}
