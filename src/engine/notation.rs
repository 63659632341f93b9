//! Position strings and move text.
//!
//! A position string is SFEN extended for big boards and multi-letter piece ids
//! (docs/engine.md):
//!
//! ```text
//! <rows> <side> <hands> <move number> [<skips>] [x<square>] [*<squares>] [=<squares>] [+]
//! ```
//! - rows from the highest rank down to rank 1, separated by `/`; each row from file a on;
//!   a run of empty squares is its decimal count (`16`); a piece whose id is one letter with an
//!   optional `+` is written as is (`P`, `+P`), any other id in parentheses (`(FD)`, `(+WB)`);
//!   the first player's pieces upper case, the second player's lower case;
//! - side `b` (first player, sente) or `w`;
//! - hands `-` or count-prefixed pieces, the first player's first (`2P(FD)p`);
//! - the move number as in SFEN (1 at the start, one more after every turn);
//! - only when a player's last turn was a skip: `~b`, `~w` or `~bw`.
//! - only where the game has the counter-strike rule (`lion-trade.counter-strike`), and only
//!   when the last move took a Lion with a non-Lion: `x` and the square where it did (`xf7`).
//! - only where the position remembers dropped pieces (`promotion.after-drop`): `*` and the
//!   squares, comma-separated, of the pieces dropped that have not yet made a move meeting that
//!   rule (`*e8,c5`); only where it remembers demoted pieces (`demotion.repromote`): `=` and
//!   the squares of the demoted pieces (`=c2`).
//! - `+` last, only when the side to move is on the extra turn a first-zone drop earned
//!   (Heian), or may still drop after this turn's move (drops.per-turn = in-addition).
//!
//! With one-letter ids and no skip field this is standard SFEN, which other tools read.

use super::moves::{Move, MoveKind};
use super::position::{Man, Position, DEMOTED, DROPPED, MAX_MOVE_NUMBER};
use super::Engine;
use crate::core::{Color, PieceId};
use crate::geometry::Square;
use crate::spec::rules::{DropsPerTurn, Rule};

/// Why a position string was rejected, with the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError(msg.into()))
}

impl Engine {
    /// The token of a piece in position strings and boards.
    pub fn token(&self, man: Man) -> String {
        let id = &self.piece(man.piece).id;
        let bare = id.strip_prefix('+').unwrap_or(id);
        let text = if bare.chars().count() == 1 && bare.chars().all(|c| c.is_ascii_alphabetic()) {
            id.clone()
        } else {
            format!("({id})")
        };
        if man.player == Color::Black {
            text.to_uppercase()
        } else {
            text.to_lowercase()
        }
    }

    pub fn position_string(&self, pos: &Position) -> String {
        let size = pos.size;
        let mut rows = Vec::new();
        for rank in (0..size.ranks).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..size.files {
                match pos.at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(m) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&self.token(m));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut hands = String::new();
        for player in Color::ALL {
            for (piece, &n) in pos.hands[player].iter().enumerate() {
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                if n > 0 {
                    hands.push_str(&self.token(Man { player, piece: PieceId::new(piece) }));
                }
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let side = if pos.side == Color::Black { 'b' } else { 'w' };
        let mut s = format!("{} {side} {hands} {}", rows.join("/"), pos.move_number);
        if pos.last_skip.iter().any(|&b| b) {
            s.push_str(" ~");
            if pos.last_skip[Color::Black] {
                s.push('b');
            }
            if pos.last_skip[Color::White] {
                s.push('w');
            }
        }
        if let Some(sq) = pos.lion_taken_at {
            s.push_str(" x");
            s.push_str(&sq.name());
        }
        for (bit, mark) in [(DROPPED, '*'), (DEMOTED, '=')] {
            let squares: Vec<String> = pos
                .flags
                .iter()
                .enumerate()
                .filter(|(_, f)| *f & bit != 0)
                .map(|(i, _)| size.square_at(i).name())
                .collect();
            if !squares.is_empty() {
                s.push(' ');
                s.push(mark);
                s.push_str(&squares.join(","));
            }
        }
        if pos.extra_turn {
            s.push_str(" +");
        }
        s
    }

    /// A field `xf7`: the last move took a Lion with a non-Lion on f7 (lion-trade.counter-strike).
    fn parse_lion_taken(&self, pos: &mut Position, field: &str) -> Result<(), PositionError> {
        if !self.rules.lion_trade.as_ref().is_some_and(|t| t.counter_strike) {
            return err(format!(
                "field '{field}' (a Lion just taken) in a game without the counter-strike rule ({})",
                Rule::LionTradeCounterStrike.path()
            ));
        }
        let name = &field[1..];
        let sq = self.game.board.parse_square(name).map_err(|e| PositionError(format!("field '{field}': {e}")))?;
        // The capturer stands there, or nobody (a Horned Falcon's or Soaring Eagle's igui took
        // the Lion without moving); never a man of the side to move.
        if pos.at(sq).is_some_and(|m| m.player == pos.side) {
            return err(format!(
                "field '{field}': {name} holds a piece of the side to move, not the piece that just took the Lion (or nothing, after an igui)"
            ));
        }
        pos.set_lion_taken_at(&self.zobrist, Some(sq));
        Ok(())
    }

    /// A field `*e8,c5` (dropped pieces) or `=c2` (demoted pieces) of a position string: sets
    /// the flag on each square, which must hold a piece that can promote.
    fn parse_flags(&self, pos: &mut Position, field: &str, bit: u8) -> Result<(), PositionError> {
        let (what, setting, tracked) = if bit == DROPPED {
            ("dropped pieces", Rule::PromotionAfterDrop.path(), self.rules.after_drop.is_some())
        } else {
            ("demoted pieces", Rule::DemotionRepromote.path(), self.rules.repromote.is_some())
        };
        if !tracked {
            return err(format!(
                "'{field}' ({what}) in a game that does not remember them ({setting} says nothing else than the rule for every piece)"
            ));
        }
        for name in field[1..].split(',') {
            let Ok(sq) = self.game.board.parse_square(name) else {
                return err(format!("'{field}' ({what}): '{name}' is not a square of the board"));
            };
            let Some(man) = pos.at(sq) else {
                return err(format!("'{field}' ({what}): {name} is empty"));
            };
            if self.piece(man.piece).promotes_to.is_none() {
                return err(format!("'{field}' ({what}): the piece on {name} does not promote"));
            }
            if pos.flags_at(sq) & bit != 0 {
                return err(format!("'{field}' ({what}): {name} is named twice"));
            }
            // A dropped piece is remembered only in the promotion zone (promotion::flags_after).
            let zone_kept = self.rules.trigger == super::config::Trigger::AnySquareVisited
                || self.rules.promotion_zone.as_deref().is_some_and(|z| self.in_zone(z, man.player, sq));
            if bit == DROPPED && !zone_kept {
                return err(format!("'{field}' ({what}): {name} is outside its owner's promotion zone, where a dropped piece is not remembered"));
            }
            let flags = pos.flags_at(sq) | bit;
            pos.set_flags(&self.zobrist, sq, flags);
        }
        Ok(())
    }

    /// Reads a position string; every error names what was wrong and where.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        // The memory fields (dropped, demoted pieces) exist only in games that keep them.
        let (drops_kept, demotions_kept) = (self.rules.after_drop.is_some(), self.rules.repromote.is_some());
        let most = 6 + usize::from(drops_kept) + usize::from(demotions_kept);
        if !(2..=most).contains(&fields.len()) {
            let memory = match (drops_kept, demotions_kept) {
                (true, true) => " [*<squares>] [=<squares>]",
                (true, false) => " [*<squares>]",
                (false, true) => " [=<squares>]",
                (false, false) => "",
            };
            return err(format!(
                "expected '<rows> <b|w> [<hands> [<move number> [~b|~w|~bw]{memory} [+]]]', found {} fields",
                fields.len()
            ));
        }
        let size = self.game.board;
        let mut pos = Position::empty(size, self.pieces.len());
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != size.ranks as usize {
            return err(format!("{} rows given, the board has {} ranks", rows.len(), size.ranks));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = size.ranks - 1 - i as u8;
            let tokens = self
                .tokens(row, false)
                .map_err(|e| PositionError(format!("row {} (rank {}): {e}", i + 1, rank + 1)))?;
            let mut file: usize = 0;
            for t in tokens {
                match t {
                    RowToken::Empty(n) => {
                        file = file.saturating_add(n);
                        if file > size.files as usize {
                            return err(format!(
                                "row {} (rank {}) covers {file} files, the board has {}",
                                i + 1,
                                rank + 1,
                                size.files
                            ));
                        }
                    }
                    RowToken::Piece(m) => {
                        if file >= size.files as usize {
                            return err(format!(
                                "row {} (rank {}) is longer than {} files",
                                i + 1,
                                rank + 1,
                                size.files
                            ));
                        }
                        pos.put(&self.zobrist, Square::new(file as u8, rank), Some(m));
                        file += 1;
                    }
                }
            }
            if file != size.files as usize {
                return err(format!(
                    "row {} (rank {}) covers {file} files, the board has {}",
                    i + 1,
                    rank + 1,
                    size.files
                ));
            }
        }
        match fields[1] {
            "b" => {}
            "w" => pos.set_side(&self.zobrist, Color::White),
            other => return err(format!("side to move must be 'b' or 'w', found '{other}'")),
        }
        if let Some(&hands) = fields.get(2) {
            if hands != "-" {
                let mut count: Option<u16> = None;
                for t in self.tokens(hands, true).map_err(|e| PositionError(format!("hands: {e}")))? {
                    match t {
                        RowToken::Empty(n) => {
                            count = Some(u16::try_from(n).ok().filter(|&n| n <= MAX_HAND).ok_or_else(|| {
                                PositionError(format!("hands: a count of {n} is more than {MAX_HAND}"))
                            })?)
                        }
                        RowToken::Piece(m) => {
                            let n = count.take().unwrap_or(1);
                            let have = pos.hands[m.player][m.piece.index()];
                            let total = have + n;
                            if total > MAX_HAND {
                                return err(format!("hands: {total} of one piece is more than {MAX_HAND}"));
                            }
                            pos.set_hand(&self.zobrist, m.player, m.piece, total);
                        }
                    }
                }
                if count.is_some() {
                    return err("hands: a count with no piece after it");
                }
                self.check_hands(&pos)?;
            }
        }
        if let Some(&n) = fields.get(3) {
            pos.move_number = parse_move_number(n)?;
        }
        // The optional fields after the move number, each at most once and in this order.
        let mut next_allowed = 0;
        for (i, &field) in fields.iter().enumerate().skip(4) {
            if field == "+" && i == fields.len() - 1 {
                // The side to move is on an extra turn (extra-turn.after), or may still drop
                // after this turn's move (drops.per-turn = in-addition).
                if self.rules.extra_turn.is_none() && !self.rules.drop_after_move {
                    return err(format!(
                        "'+' (an extra turn) in a game without extra turns ({}) or drops after the move ({})",
                        Rule::ExtraTurnAfter.path(),
                        Rule::DropsPerTurn.set_to(DropsPerTurn::InAddition)
                    ));
                }
                pos.set_extra_turn(&self.zobrist, true);
                continue;
            }
            let order = match field.chars().next() {
                Some('~') => 0,
                Some('x') => 1,
                Some('*') => 2,
                Some('=') => 3,
                _ => 4,
            };
            if order < next_allowed || order == 4 {
                return err(format!(
                    "after the move number: ~b, ~w or ~bw (whose last turn was a skip), then + (an extra turn), found '{field}' (where the game remembers them, x<square> for a Lion just taken by a non-Lion, *<squares> for dropped and =<squares> for demoted pieces come between, in this order, each once)"
                ));
            }
            next_allowed = order + 1;
            if order == 1 {
                self.parse_lion_taken(&mut pos, field)?;
                continue;
            }
            if order > 1 {
                let bit = if order == 2 { DROPPED } else { DEMOTED };
                self.parse_flags(&mut pos, field, bit)?;
                continue;
            }
            let skips = field;
            if !super::skip::game_has_skips(self) {
                return err(format!(
                    "skip field '{skips}' in a game without skips: no null move ({}) and no piece that can pass ({})",
                    Rule::SkipNullMove.path(),
                    Rule::SkipByPiece.path()
                ));
            }
            let flags = &skips[1..];
            for c in flags.chars() {
                match c {
                    'b' => pos.last_skip[Color::Black] = true,
                    'w' => pos.last_skip[Color::White] = true,
                    _ => return err(format!("skip field '{skips}': expected only 'b' and 'w'")),
                }
            }
        }
        Ok(pos)
    }

    /// The hands against what play can put in them: only types a capture puts in a hand
    /// (`drops::not_held`), and no more pieces in the hands and on the board together than
    /// the board has squares: every piece in play stood on a square of the setup, and play
    /// never adds one (a capture moves a piece to a hand or out of the game).
    fn check_hands(&self, pos: &Position) -> Result<(), PositionError> {
        let mut held = 0usize;
        for piece in (0..self.pieces.len()).map(PieceId::new) {
            for player in Color::ALL {
                let n = pos.hands[player][piece.index()];
                if n == 0 {
                    continue;
                }
                if let Some(why) = super::drops::not_held(self, piece) {
                    let token = self.token(Man { player, piece });
                    return err(format!("hands: {token} cannot be in hand: {why}"));
                }
                held += usize::from(n);
            }
        }
        let on_board = pos.board.iter().flatten().count();
        let squares = pos.size.square_count();
        if held + on_board > squares {
            let plural = if held == 1 { "" } else { "s" };
            return err(format!(
                "hands: {held} piece{plural} in hand and {on_board} on the board make {}, more than the {squares} squares of the board, where every piece in play started (play never adds a piece)",
                held + on_board
            ));
        }
        Ok(())
    }

    /// Splits a row (or, `hands`, a hands field) into runs of empties (or counts) and pieces.
    fn tokens(&self, text: &str, hands: bool) -> Result<Vec<RowToken>, String> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let n: usize = digits.parse().map_err(|_| format!("bad number '{digits}'"))?;
                if n == 0 && hands {
                    return Err(format!(
                        "a count of 0 at character {} (a piece not held is left out; '-' is no hands at all)",
                        start + 1
                    ));
                }
                if n == 0 {
                    return Err("a run of 0 empty squares".into());
                }
                out.push(RowToken::Empty(n));
                continue;
            }
            let token: String = if c == '(' {
                let Some(end) = chars[i..].iter().position(|&x| x == ')') else {
                    return Err(format!("'(' at character {} is never closed", i + 1));
                };
                let inner: String = chars[i + 1..i + end].iter().collect();
                i += end + 1;
                inner
            } else if c == '+' {
                let Some(&next) = chars.get(i + 1) else {
                    return Err("'+' at the end with no piece letter".into());
                };
                i += 2;
                format!("+{next}")
            } else {
                i += 1;
                c.to_string()
            };
            out.push(RowToken::Piece(self.man_of_token(&token)?));
        }
        Ok(out)
    }

    fn man_of_token(&self, token: &str) -> Result<Man, String> {
        let letters: Vec<char> = token.chars().filter(|c| c.is_alphabetic()).collect();
        if letters.is_empty() {
            return Err(format!("'{token}' is not a piece"));
        }
        let player = if letters.iter().all(|c| c.is_uppercase()) {
            Color::Black
        } else if letters.iter().all(|c| c.is_lowercase()) {
            Color::White
        } else {
            return Err(format!(
                "'{token}' mixes upper and lower case: upper case is the first player's, lower case the second's"
            ));
        };
        let upper = token.to_uppercase();
        let matches: Vec<usize> =
            self.pieces.iter().enumerate().filter(|(_, p)| p.id.to_uppercase() == upper).map(|(i, _)| i).collect();
        match matches.as_slice() {
            [i] => Ok(Man { player, piece: PieceId::new(*i) }),
            [] => Err(format!("no piece '{}' in this game", token)),
            _ => Err(format!("'{token}' names several piece ids that differ only in case")),
        }
    }

    /// A move as text: `FD g3-g7 x f8,h8`, `P e5-e6+`, `LN h8-h8 x g9` (igui), `LN h8-h8`
    /// (pass), `P*e5` (drop), `null`; a promotion to another type than the piece's own
    /// promotion is written `=ID`.
    pub fn move_text(&self, mv: &Move) -> String {
        let id = &self.piece(mv.man.piece).id;
        let promo = match mv.promotion {
            None => String::new(),
            Some(t) if Some(t) == self.piece(mv.man.piece).promotes_to => "+".into(),
            Some(t) => format!("={}", self.piece(t).id),
        };
        match (mv.kind, mv.from, mv.to) {
            (MoveKind::Null, _, _) => "null".into(),
            (MoveKind::Decline, _, _) => "decline".into(),
            (MoveKind::Drop, _, Some(to)) => format!("{id}*{}", to.name()),
            (MoveKind::PromoteInPlace, Some(from), _) => format!("{id} {}{promo}", from.name()),
            (_, Some(from), Some(to)) => {
                let at_to = mv.captures.iter().any(|(c, _)| *c == to);
                let sep = if at_to && from != to { 'x' } else { '-' };
                let others: Vec<String> =
                    mv.captures.iter().filter(|(c, _)| *c != to || from == to).map(|(c, _)| c.name()).collect();
                let extra = if others.is_empty() { String::new() } else { format!(" x {}", others.join(",")) };
                format!("{id} {}{sep}{}{extra}{promo}", from.name(), to.name())
            }
            _ => format!("{id} ?"),
        }
    }
}

/// The move number field: a whole number from 1 to `MAX_MOVE_NUMBER`.
fn parse_move_number(text: &str) -> Result<u32, PositionError> {
    let malformed = || {
        PositionError(format!("move number must be a whole number from 1, found '{text}' (at most {MAX_MOVE_NUMBER})"))
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let digits = text.trim_start_matches('0');
    if digits.is_empty() {
        return Err(malformed());
    }
    match digits.parse::<u32>() {
        Ok(n) if n <= MAX_MOVE_NUMBER => Ok(n),
        // All digits, too many or too large: out of range rather than malformed.
        _ => Err(PositionError(format!(
            "move number {text} is out of range: a position string gives 1 to {MAX_MOVE_NUMBER} (the engine counts no further, so the number never wraps)"
        ))),
    }
}

/// The most pieces of one type a hand may hold in a position string (no game comes near it;
/// the bound keeps counts from wrapping).
const MAX_HAND: u16 = 999;

enum RowToken {
    Empty(usize),
    Piece(Man),
}
