//! Positions given as they stand (issue 26, items 5, 6 and 9): the move number's bound, hands
//! that hold only what a capture puts there, and a position in which a player has no royal
//! left, judged decided by the engine's game status wherever losing royals ends the game.

use crate::common::{bundled_spec, men_at, rows};
use kensho::engine::drops::hand_type;
use kensho::engine::position::MAX_MOVE_NUMBER;
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Position};
use kensho::{Color, PieceId};

const FIRST: &str = "first player (Black, sente)";
const SECOND: &str = "second player (White, gote)";

/// The engine of a bundled spec under its default readings, as the commands that count and
/// list moves build it (xiangqi's perpetual-chase rule is not played, and only warned about).
fn engine(game: &str) -> Engine {
    let spec = bundled_spec(game);
    let resolved = spec.resolve(&Default::default()).unwrap_or_else(|err| panic!("{game}: {err}"));
    Engine::for_moves(&resolved).unwrap_or_else(|bad| panic!("{game}: {bad:?}")).0
}

/// The position of `men` (`id@square`, lower case the second player's) with `rest` after the
/// rows (`b - 1`).
fn position(e: &Engine, men: &[&str], rest: &str) -> Position {
    let text = format!("{} {rest}", rows(e.game.board, &men_at(men)));
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The winner and the reason, or a panic naming the position.
fn win(e: &Engine, pos: &Position, outcome: Option<Outcome>) -> (Color, String) {
    match outcome {
        Some(Outcome::Win(w, why)) => (w, why),
        other => panic!("{}: expected a win, got {other:?}", e.position_string(pos)),
    }
}

// ------------------------------------------------------------------ item 9: no royal left

/// Where end.royals = last-royal-captured (Suzumu SUZ-174, Mitsugumi MIT-170, Hook HOOK-316:
/// "a player who has no more royal pieces on the board loses the game"), a player without a
/// royal on the board has lost, whether it is to move or not, in a position given as it stands;
/// and the side with a royal has not. `status_before` (the judgement play, the checker and
/// `kensho position` ask) says so before any move, with the legal moves the pieces still have.
#[test]
fn a_player_without_royals_has_lost_where_the_last_royal_decides() {
    for game in ["suzumu", "mitsugumi", "hook"] {
        let e = engine(game);
        // The first player has only a Pawn; the second player's King stands on a corner.
        for side in ["b", "w"] {
            let pos = position(&e, &["P@e5", "k@a1"], &format!("{side} - 1"));
            let moves = e.legal_moves(&pos);
            let (winner, why) = win(&e, &pos, e.status_before(&pos, &moves));
            assert_eq!(winner, Color::White, "{game} {side}: {why}");
            assert_eq!(
                why,
                format!("{FIRST} has no royal piece left on the board (end.royals = last-royal-captured)"),
                "{game} {side}"
            );
            assert_eq!(e.decided_by_board(&pos).map(|o| o.score()), Some("0-1"), "{game} {side}");
        }
        // The second player has none.
        let pos = position(&e, &["K@e5", "p@a9"], "b - 1");
        let (winner, why) = win(&e, &pos, e.status_before(&pos, &e.legal_moves(&pos)));
        assert_eq!(winner, Color::Black, "{game}: {why}");
        assert!(why.starts_with(&format!("{SECOND} has no royal piece left")), "{game}: {why}");
        // Both have one: nothing is decided.
        let pos = position(&e, &["K@e5", "k@a9"], "b - 1");
        assert_eq!(e.status_before(&pos, &e.legal_moves(&pos)), None, "{game}");
        assert_eq!(e.decided_by_board(&pos), None, "{game}");
    }
}

/// Shoogantshii ends on any royal captured (end.royals = any-royal-captured): a player
/// without one has lost too. Where neither player has a royal, the one who moved last wins, as
/// when one move takes the last royals of both (the opponent's loss comes first).
#[test]
fn any_royal_captured_and_neither_player_with_a_royal() {
    let e = engine("shoogantshii");
    let pos = position(&e, &["K@e2", "p@a6"], "w - 1");
    let (winner, why) = win(&e, &pos, e.status_before(&pos, &e.legal_moves(&pos)));
    assert_eq!(
        (winner, why.as_str()),
        (Color::Black, &*format!("{SECOND} has no royal piece left on the board (end.royals = any-royal-captured)"))
    );
    let e = engine("suzumu");
    for (side, last_mover) in [("b", Color::White), ("w", Color::Black)] {
        let pos = position(&e, &["P@e5", "p@a9"], &format!("{side} - 1"));
        let (winner, why) = win(&e, &pos, e.decided_by_board(&pos));
        assert_eq!(winner, last_mover, "{side} to move: {why}");
    }
}

/// Where royals are never taken (end.royals = checkmate: shogi, xiangqi, Ryu), a position
/// without a royal is judged by the other rules only: a lone Gold has moves, and the game goes
/// on.
#[test]
fn where_checkmate_decides_a_missing_royal_decides_nothing() {
    for (game, men) in [("shogi", ["G@e5", "k@e9"]), ("xiangqi", ["R@e5", "k@e10"]), ("ryu", ["G@e5", "k@e9"])] {
        let e = engine(game);
        let pos = position(&e, &men, "b - 1");
        let moves = e.legal_moves(&pos);
        assert!(!moves.is_empty(), "{game}");
        assert_eq!(e.decided_by_board(&pos), None, "{game}");
        assert_eq!(e.status_before(&pos, &moves), None, "{game}");
    }
}

/// Play stops at once from such a position (it played on), and the checker judges no move of
/// it (its designed positions are judged through the same status).
#[test]
fn play_and_the_checker_stop_where_a_player_has_no_royal() {
    let e = engine("suzumu");
    let pos = position(&e, &["LN@h13", "k@h1"], "b - 1");
    assert_eq!(e.legal_moves(&pos).len(), 50, "the Lion still has its moves");
    let game = e.random_game(&pos, 1, 20, |_, _, _| {});
    assert!(game.moves.is_empty(), "{:?}", game.moves);
    assert_eq!(game.outcome.as_ref().map(|o| o.score()), Some("0-1"));
    let report = kensho::check::run::position(&e, &[], &pos, "test");
    assert_eq!((report.positions, report.transitions), (0, 0));
}

/// A capture that takes the last royal in a drop game puts it in the capturer's hand, as any
/// capture does; the position it ends the game in reads back, and is decided.
#[test]
fn the_position_a_royal_capture_ends_in_reads_back() {
    let e = engine("shoogantshii");
    let mut pos = position(&e, &["K@d1", "R@e1", "k@e8"], "b - 1");
    let mv = e.legal_moves(&pos).into_iter().find(|m| e.move_text(m) == "R e1xe8").expect("R e1xe8");
    e.make(&mut pos, &mv, &mut Vec::new());
    let text = e.position_string(&pos);
    assert!(text.ends_with(" w K 2"), "{text}");
    let back = e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(back, pos);
    assert_eq!(e.decided_by_board(&back).map(|o| o.score()), Some("1-0"));
}

// ------------------------------------------------------------------ item 6: hands

/// In every drop game a hand may hold exactly what a capture puts there (`hand_type`, the
/// rule `make` follows): each non-royal type's hand form is read, and a type that no capture
/// gives (a promoted form where captured pieces go back, a royal where royals are never
/// taken) is refused naming why.
#[test]
fn hands_hold_what_a_capture_puts_there() {
    for game in ["shogi", "shoogantshii", "ryu", "heian-ryu"] {
        let e = engine(game);
        let kings = rows(e.game.board, &men_at(&["K@e1", "k@e9"]));
        let given: std::collections::BTreeSet<PieceId> =
            (0..e.pieces.len()).map(PieceId::new).filter(|&p| !e.piece(p).royal).map(|p| hand_type(&e, p)).collect();
        for p in (0..e.pieces.len()).map(PieceId::new) {
            let token = e.token(kensho::engine::Man { player: Color::Black, piece: p });
            let text = format!("{kings} b {token} 1");
            let royal_ok = e.piece(p).royal && e.rules.royal_loss_ends;
            match e.parse_position(&text) {
                Ok(pos) => {
                    assert!(given.contains(&p) || royal_ok, "{game}: {token} accepted in hand");
                    assert_eq!(pos.hands[0][p.index()], 1);
                }
                Err(err) => {
                    assert!(!given.contains(&p) && !royal_ok, "{game}: {token} refused: {err}");
                    assert!(err.0.starts_with(&format!("hands: {token} cannot be in hand: ")), "{game}: {err}");
                }
            }
        }
    }
}

// ------------------------------------------------------------------ item 5: move numbers

/// The move number stops at its bound, 999,999,999, instead of wrapping (u32 arithmetic took
/// 4294967295 to 4 in five plies); unmaking restores it; a larger number is refused.
#[test]
fn the_move_number_stops_at_its_bound() {
    let e = engine("shogi");
    let start = e.position_string(&e.start());
    let at_bound = start.replace(" b - 1", &format!(" b - {MAX_MOVE_NUMBER}"));
    let mut pos = e.parse_position(&at_bound).unwrap();
    assert_eq!(pos.move_number, 999_999_999);
    let before = pos.clone();
    let mut undo = Vec::new();
    for _ in 0..3 {
        let mv = e.legal_moves(&pos).remove(0);
        e.make(&mut pos, &mv, &mut undo);
        assert_eq!(pos.move_number, MAX_MOVE_NUMBER);
    }
    while !undo.is_empty() {
        e.unmake(&mut pos, &mut undo);
    }
    assert_eq!(pos, before);
    let past = start.replace(" b - 1", " b - 1000000000");
    let err = e.parse_position(&past).unwrap_err();
    assert!(err.0.starts_with("move number 1000000000 is out of range"), "{err}");
}
