//! Move keys: the engine-neutral names both sides of a crosscheck compare
//! (docs/crosscheck-protocol.md, "Move keys"). A key carries a move's identity: origin and
//! destination (`c3c4`), captured squares other than the destination (`x<sq>` each, in
//! order), the promotion (`+` for the piece's own promotion, `=<ID>` for another type); a drop
//! is `<ID>*<sq>`; a null move `pass`; a declined extra turn `decline`.

use crate::engine::{Engine, Move, MoveKind};

pub fn move_key(engine: &Engine, mv: &Move) -> String {
    let id = &engine.piece(mv.man.piece).id;
    match (mv.kind, mv.from, mv.to) {
        (MoveKind::Drop, _, Some(to)) => format!("{id}*{}", to.name()),
        (MoveKind::Decline, _, _) => "decline".into(),
        (MoveKind::Null, _, _) => "pass".into(),
        (_, Some(from), Some(to)) => {
            let mut key = format!("{}{}", from.name(), to.name());
            for (sq, _) in mv.captures.iter().filter(|(sq, _)| *sq != to) {
                key.push('x');
                key.push_str(&sq.name());
            }
            match mv.promotion {
                Some(p) if engine.piece(mv.man.piece).promotes_to == Some(p) => key.push('+'),
                Some(p) => {
                    key.push('=');
                    key.push_str(&engine.piece(p).id);
                }
                None => {}
            }
            key
        }
        _ => engine.move_text(mv),
    }
}
