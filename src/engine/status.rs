//! How a game ends (end.*): royal capture (and a position with a player left without royals),
//! no move (stalemate and its condition), checkmate where it is terminal, repetition (with the
//! perpetual-check proviso).

use super::config::{BareKing, ExtraTurnCheck, Stalemate};
use super::moves::Move;
use super::position::Position;
use super::Engine;
use crate::core::{Color, PieceId};
use crate::spec::rules::{
    EndCheckmate, EndImpasseDeclaration, EndPerpetualCheck, EndPerpetualCheckDetect, EndRoyals, Rule,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player wins.
    Win(Color, String),
    Draw(String),
}

impl Outcome {
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win(p, why) => format!("{} wins: {why}", p.name()),
            Outcome::Draw(why) => format!("draw: {why}"),
        }
    }

    /// "1-0", "0-1" or "1/2-1/2".
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Win(Color::Black, _) => "1-0",
            Outcome::Win(_, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

/// What a move decides by the rules that need the game's history (`Engine::judge_after`).
#[derive(Default)]
struct Judgement {
    /// The result, if the game ended.
    outcome: Option<Outcome>,
    /// Under end.perpetual-check = move-illegal: the player (the checker) whose perpetual
    /// check the move completed; the game is judged on as if there were no perpetual-check
    /// rule.
    perpetual_by: Option<Color>,
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
    mover: Option<Color>,
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

    /// Forgets every position after the first `len` (to judge a move with `status_after` and
    /// take it back without copying the history).
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
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
        History {
            entries: vec![Entry { key: self.repetition_key(pos), mover: None, after_skip: false, gave_check: false }],
        }
    }

    /// The player whose royal loss by `mv` ends the game (end.royals: the last royal, or any
    /// royal under any-royal-captured), judged on `after`, the position the move led to.
    pub(crate) fn royal_loser(&self, after: &Position, mv: &Move) -> Option<Color> {
        let opponent = mv.man.player.opposite();
        // The opponent first: a burn that takes the mover's own royal (burn.targets = any) counts
        // only if the opponent did not lose first.
        [opponent, mv.man.player].into_iter().find(|&side| {
            mv.captures.iter().any(|(_, m)| m.player == side && self.piece(m.piece).royal)
                && (self.rules.any_royal_loss || self.royals_of(after, side).is_empty())
        })
    }

    /// The result the move itself decides, whatever came before it: a royal taken, a checking
    /// first-zone drop under extra-turn.check = wins, a bare king. Perft has no moves below
    /// such a move; the game ends that need the history (repetition, perpetual check) or an
    /// agreement (impasse) do not cut its tree.
    pub fn decided_by_move(&self, after: &Position, mv: &Move) -> Option<Outcome> {
        let mover = mv.man.player;
        if let Some(loser) = self.royal_loser(after, mv) {
            let why = if self.rules.any_royal_loss {
                format!("a royal piece was captured ({})", Rule::EndRoyals.set_to(EndRoyals::AnyRoyalCaptured))
            } else {
                format!("the last royal piece was captured ({})", Rule::EndRoyals.set_to(EndRoyals::LastRoyalCaptured))
            };
            return Some(Outcome::Win(loser.opposite(), why));
        }
        if self.extra_turn_check_wins(after, mv) {
            return Some(Outcome::Win(
                mover,
                format!(
                    "a drop that earned an extra turn gave check ({})",
                    Rule::ExtraTurnCheck.set_to(ExtraTurnCheck::Wins)
                ),
            ));
        }
        self.bare_king(after, mover)
    }

    /// The result a position shows by itself, whatever led to it: a player with no royal on
    /// the board has lost, where losing royals ends the game (end.royals =
    /// last-royal-captured or any-royal-captured; Suzumu SUZ-174 and Mitsugumi MIT-170 "a
    /// player who has no more royal pieces on the board loses the game", Hook HOOK-316 the
    /// same, SUZ-152 "Only when you are left entirely without royals does the opponent win").
    /// Play never stands in such a position, since the capture that takes the last royal ends
    /// the game at once (`decided_by_move`); a position given as it stands (a position
    /// string, a designed position) can, and is as decided. Where neither player has a royal,
    /// the one who moved last wins, as `royal_loser` judges a move that takes the last royals of
    /// both (the opponent's loss comes first). Under end.royals = checkmate royals are never
    /// taken, and a game whose pieces include no royal has none to lose: nothing is decided.
    pub fn decided_by_board(&self, pos: &Position) -> Option<Outcome> {
        if !self.rules.royal_loss_ends || !self.pieces.iter().any(|p| p.royal) {
            return None;
        }
        let without_royal = |side: Color| !pos.squares_of(side).any(|(_, m)| self.piece(m.piece).royal);
        // The side to move moved last when it is on an extra turn (extra-turn.after, or the
        // drop after the move under drops.per-turn = in-addition).
        let last_mover = if pos.extra_turn { pos.side } else { pos.side.opposite() };
        let loser = [last_mover.opposite(), last_mover].into_iter().find(|&side| without_royal(side))?;
        let rule = if self.rules.any_royal_loss { EndRoyals::AnyRoyalCaptured } else { EndRoyals::LastRoyalCaptured };
        Some(Outcome::Win(
            loser.opposite(),
            format!("{} has no royal piece left on the board ({})", loser.name(), Rule::EndRoyals.set_to(rule)),
        ))
    }

    /// extra-turn.check = wins: a drop that earns an extra turn and gives check wins at once.
    pub(crate) fn extra_turn_check_wins(&self, after: &Position, mv: &Move) -> bool {
        mv.earns_extra_turn
            && self.rules.extra_turn.as_ref().is_some_and(|e| e.check == ExtraTurnCheck::Wins)
            && self.in_check(after, mv.man.player.opposite())
    }

    /// The result of the game after `mv` was made (`pos` is the position after it), if it ended.
    pub fn status_after(&self, pos: &Position, mv: &Move, history: &mut History) -> Option<Outcome> {
        self.judge_after(pos, mv, history).outcome
    }

    /// The legal moves of a game in progress: `legal_moves`, less those its history forbids.
    /// Under end.perpetual-check = move-illegal (SHO reading perpetual-check-result =
    /// must-deviate: "the move that would complete the perpetual check is not generated; the
    /// checker must play another move") that is every move of the checker completing a
    /// perpetual check. A defender's move that completes the repetition is no such move (it
    /// may be the only escape from check): the repetition is then judged as any other
    /// (Shoogantshii SHO-45 "Four-fold repetition is an impasse"). Perft and a position
    /// without history know no such ban.
    pub fn game_moves(&self, pos: &Position, history: &History) -> Vec<Move> {
        let moves = self.legal_moves(pos);
        if !self.rules.perpetual_check_illegal {
            return moves;
        }
        let mover = pos.side;
        moves
            .into_iter()
            .filter(|mv| {
                let mut after = pos.clone();
                self.make(&mut after, mv, &mut Vec::new());
                if !self.in_check(&after, mover.opposite()) {
                    return true;
                }
                let mut h = history.clone();
                self.judge_after(&after, mv, &mut h).perpetual_by != Some(mover)
            })
            .collect()
    }

    /// What `mv` (made, giving `pos`) decides, recording the position in `history`: the result
    /// if the game ended, and under end.perpetual-check = move-illegal whose perpetual check
    /// the move completed.
    fn judge_after(&self, pos: &Position, mv: &Move, history: &mut History) -> Judgement {
        let mover = mv.man.player;
        let opponent = mover.opposite();
        let ends = |outcome: Outcome| Judgement { outcome: Some(outcome), perpetual_by: None };
        if let Some(outcome) = self.decided_by_move(pos, mv) {
            return ends(outcome);
        }
        if let Some(outcome) = self.impasse_by_zone(pos) {
            return ends(outcome);
        }
        let mut judgement = Judgement::default();
        // end.repetition-counted-at: positions in the middle of a double turn count only under
        // every-action.
        if pos.extra_turn && !self.rules.repetition_every_action {
            return judgement;
        }
        let perpetual = self.rules.perpetual_check_loses || self.rules.perpetual_check_illegal;
        // A perpetual check by `checker`: the checker loses under checker-loses (the result);
        // under move-illegal it is noted and the game judged on.
        let perpetual_check = |judgement: &mut Judgement, checker: Color, why: &str| -> Option<Outcome> {
            if self.rules.perpetual_check_loses {
                return Some(Outcome::Win(
                    checker.opposite(),
                    format!("{why} ({})", Rule::EndPerpetualCheck.set_to(EndPerpetualCheck::CheckerLoses)),
                ));
            }
            judgement.perpetual_by = Some(checker);
            None
        };
        let gave_check = perpetual && self.in_check(pos, opponent);
        let key = self.repetition_key(pos);
        history.entries.push(Entry { key, mover: Some(mover), after_skip: mv.is_skip, gave_check });
        if perpetual && self.rules.perpetual_consecutive && gave_check {
            // end.perpetual-check-detect = consecutive-checks: the mover's last N moves all
            // gave check.
            let n = self.rules.perpetual_check_count as usize;
            let mut theirs = history.entries.iter().rev().filter(|e| e.mover == Some(mover)).take(n);
            if history.entries.iter().filter(|e| e.mover == Some(mover)).count() >= n && theirs.all(|e| e.gave_check) {
                let why = format!(
                    "perpetual check: {n} checks in a row ({})",
                    Rule::EndPerpetualCheckDetect.set_to(EndPerpetualCheckDetect::ConsecutiveChecks)
                );
                if let Some(outcome) = perpetual_check(&mut judgement, mover, &why) {
                    return ends(outcome);
                }
            }
        }
        let impasse_on_repetition = self.rules.impasse.as_ref().is_some_and(|i| i.on_repetition);
        let perpetual_on_repetition = perpetual && !self.rules.perpetual_consecutive;
        if !self.rules.repetition_draw && !impasse_on_repetition && !perpetual_on_repetition {
            return judgement;
        }
        if self.rules.repetition_skip_positions_excluded && mv.is_skip {
            return judgement;
        }
        let counted = |e: &&Entry| e.key == key && !(self.rules.repetition_skip_positions_excluded && e.after_skip);
        let count = history.entries.iter().filter(counted).count() as u32;
        let repeated = count >= self.rules.repetition_count;
        let impasse = || (impasse_on_repetition && repeated).then(|| self.impasse_result(pos)).flatten();
        if let Some(outcome) = impasse().filter(|_| self.rules.impasse.as_ref().is_some_and(|i| i.before_perpetual)) {
            return Judgement { outcome: Some(outcome), ..judgement };
        }
        if perpetual_on_repetition && count >= self.rules.perpetual_check_count {
            // Every move of one player since the first occurrence gave check.
            let first = history.entries.iter().position(|e| e.key == key).unwrap_or(0);
            let cycle = &history.entries[first + 1..];
            let checker = [mover, opponent].into_iter().find(|&checker| {
                let mut theirs = cycle.iter().filter(|e| e.mover == Some(checker)).peekable();
                theirs.peek().is_some() && theirs.all(|e| e.gave_check)
            });
            if let Some(checker) = checker {
                if let Some(outcome) = perpetual_check(
                    &mut judgement,
                    checker,
                    "perpetual check: every move of the repeating player gave check",
                ) {
                    return ends(outcome);
                }
            }
        }
        if let Some(outcome) = impasse() {
            return Judgement { outcome: Some(outcome), ..judgement };
        }
        if self.rules.repetition_draw && repeated {
            judgement.outcome = Some(Outcome::Draw(format!(
                "the same position occurred {} times ({})",
                count,
                Rule::EndRepetitionCount.set_to(self.rules.repetition_count)
            )));
        }
        judgement
    }

    /// end.bare-king: a player with no piece but royals on the board (and, under
    /// loss-unless-hand, none in hand) loses: judged of the opponent after every move
    /// (immediately), or of the mover after its own turn (after-own-turn).
    fn bare_king(&self, pos: &Position, mover: Color) -> Option<Outcome> {
        let bare = |side: Color| {
            let board_only_royals = pos.squares_of(side).all(|(_, m)| self.piece(m.piece).royal);
            let empty_hand = pos.hands[side].iter().all(|&n| n == 0);
            board_only_royals && (self.rules.bare_king == BareKing::Loss || empty_hand)
        };
        let loser = match self.rules.bare_king {
            BareKing::None => return None,
            _ if self.rules.bare_king_after_own_turn => Some(mover).filter(|&m| !pos.extra_turn && bare(m)),
            _ => [mover.opposite(), mover].into_iter().find(|&side| bare(side)),
        }?;
        Some(Outcome::Win(
            loser.opposite(),
            format!("{} has nothing but royal pieces left ({})", loser.name(), Rule::EndBareKing.path()),
        ))
    }

    /// end.impasse-trigger = both-kings-in-zone: once every royal of both players stands in its
    /// owner's promotion zone, the impasse count decides.
    fn impasse_by_zone(&self, pos: &Position) -> Option<Outcome> {
        self.rules.impasse.as_ref().filter(|i| !i.on_repetition && i.declaration.is_none())?;
        let zone = self.rules.promotion_zone.as_ref()?;
        let entered = |side: Color| {
            let royals = self.royals_of(pos, side);
            !royals.is_empty() && royals.iter().all(|&sq| self.in_zone(zone, side, sq))
        };
        (entered(Color::Black) && entered(Color::White)).then(|| self.impasse_result(pos)).flatten()
    }

    /// The impasse points of `side` (end.impasse-*): five for each listed piece, one for every
    /// other non-royal piece, on the board (in the promotion zone only under
    /// impasse-squares = promotion-zone) and in hand under impasse-count = board-and-hand.
    fn impasse_points(&self, impasse: &super::config::Impasse, pos: &Position, side: Color) -> u32 {
        let value = |piece: PieceId| {
            let p = self.piece(piece);
            if p.royal {
                0
            } else if impasse.five.contains(&p.id) {
                5
            } else {
                1
            }
        };
        let in_place =
            |sq| !impasse.zone_only || self.rules.promotion_zone.as_ref().is_some_and(|z| self.in_zone(z, side, sq));
        let board: u32 = pos.squares_of(side).filter(|&(sq, _)| in_place(sq)).map(|(_, m)| value(m.piece)).sum();
        let hand: u32 = if impasse.count_hand {
            pos.hands[side].iter().enumerate().map(|(piece, &n)| u32::from(n) * value(PieceId::new(piece))).sum()
        } else {
            0
        };
        board + hand
    }

    /// The impasse count: a player reaching the threshold wins if the other does not;
    /// otherwise a draw.
    pub(crate) fn impasse_result(&self, pos: &Position) -> Option<Outcome> {
        let impasse = self.rules.impasse.as_ref()?;
        let score = [self.impasse_points(impasse, pos, Color::Black), self.impasse_points(impasse, pos, Color::White)];
        let reached = [score[0] >= impasse.threshold[0], score[1] >= impasse.threshold[1]];
        let tally = format!(
            "impasse: {} to {} points ({} {})",
            score[0],
            score[1],
            Rule::EndImpasseThreshold.path(),
            impasse.threshold[0]
        );
        Some(match reached {
            [true, false] => Outcome::Win(Color::Black, tally),
            [false, true] => Outcome::Win(Color::White, tally),
            _ => Outcome::Draw(tally),
        })
    }

    /// end.impasse-declaration = king-in-zone (shogi's 27-point rule, reading impasse =
    /// declaration-27: "the player to move, not in check, with the King in the promotion zone
    /// and at least ten other pieces there, declares; counting the hand and the pieces in the
    /// zone, Sente needs 28 points and Gote 27; the declarer wins if every condition holds,
    /// else loses"). The engine plays the declaration as made the moment it wins: the side to
    /// move whose conditions hold wins before moving. A declaration that would lose is never
    /// made, and a winning one never put off (named in docs/engine.md: the choice of when to
    /// declare is the player's, and a result is what the rule decides).
    pub(crate) fn declaration(&self, pos: &Position) -> Option<Outcome> {
        let impasse = self.rules.impasse.as_ref()?;
        let min_pieces = impasse.declaration?;
        let zone = self.rules.promotion_zone.as_ref()?;
        let me = pos.side;
        let royals = self.royals_of(pos, me);
        if royals.is_empty() || !royals.iter().all(|&sq| self.in_zone(zone, me, sq)) || self.in_check(pos, me) {
            return None;
        }
        let in_zone =
            pos.squares_of(me).filter(|&(sq, m)| !self.piece(m.piece).royal && self.in_zone(zone, me, sq)).count()
                as u32;
        let points = self.impasse_points(impasse, pos, me);
        (in_zone >= min_pieces && points >= impasse.threshold[me]).then(|| {
            Outcome::Win(
                me,
                format!(
                    "impasse declaration by {}: {points} points, the King and {in_zone} pieces in the zone ({}, threshold {})",
                    me.name(),
                    Rule::EndImpasseDeclaration.set_to(EndImpasseDeclaration::KingInZone),
                    impasse.threshold[me]
                ),
            )
        })
    }

    /// The result when the side to move has these legal moves: a player without royals
    /// (`decided_by_board`), a winning impasse declaration, no move (or no safe move under
    /// end.stalemate-condition = no-safe-move), or checkmate where end.checkmate = terminal.
    pub fn status_before(&self, pos: &Position, moves: &[Move]) -> Option<Outcome> {
        if let Some(decided) = self.decided_by_board(pos) {
            return Some(decided);
        }
        if let Some(declared) = self.declaration(pos) {
            return Some(declared);
        }
        let me = pos.side;
        let cannot_move = if moves.is_empty() {
            true
        } else if self.status_reads_every_move() {
            // A move is safe if no royal is left attacked, or (extra-turn.legality =
            // end-of-turn) the extra turn it earns can still save it. (Under self-check =
            // illegal every legal move is safe.)
            moves.iter().all(|m| self.leaves_royal_attacked(pos, m) && !self.extra_turn_resolves(pos, m))
        } else {
            false
        };
        if !cannot_move {
            return None;
        }
        if self.rules.checkmate_terminal && self.in_check(pos, me) {
            return Some(Outcome::Win(
                me.opposite(),
                format!("checkmate ({})", Rule::EndCheckmate.set_to(EndCheckmate::Terminal)),
            ));
        }
        if !moves.is_empty() && !self.rules.stalemate_no_safe_move {
            return None;
        }
        let why = if moves.is_empty() { "no legal move" } else { "no move that keeps every royal safe" };
        Some(match self.rules.stalemate {
            Stalemate::Loss => Outcome::Win(
                me.opposite(),
                format!("{why} for {} ({})", me.name(), Rule::EndStalemate.set_to(Stalemate::Loss)),
            ),
            Stalemate::Win => {
                Outcome::Win(me, format!("{why} for {} ({})", me.name(), Rule::EndStalemate.set_to(Stalemate::Win)))
            }
            Stalemate::Draw => Outcome::Draw(format!("{why} ({})", Rule::EndStalemate.set_to(Stalemate::Draw))),
            Stalemate::LossIfOneRoyalElseDraw => {
                if self.royals_of(pos, me).len() == 1 {
                    Outcome::Win(
                        me.opposite(),
                        format!(
                            "{why} with one royal left ({})",
                            Rule::EndStalemate.set_to(Stalemate::LossIfOneRoyalElseDraw)
                        ),
                    )
                } else {
                    Outcome::Draw(format!(
                        "{why} with more than one royal ({})",
                        Rule::EndStalemate.set_to(Stalemate::LossIfOneRoyalElseDraw)
                    ))
                }
            }
            Stalemate::None => Outcome::Draw(format!(
                "{why}; the spec gives no result for it ({}), so the game stops",
                Rule::EndStalemate.set_to(Stalemate::None)
            )),
        })
    }
}
