//! Hand-built positions for the reference engine under the two calibration games: xiangqi
//! (specs/xiangqi.toml) and standard shogi (specs/shogi.toml). Neither has a seed document: the
//! specs state the standard rules clause by clause (XIA-*, SHO-*), and the comments below cite
//! those clauses and quote their words.
//!
//! Every expected move list is counted by hand from the clause on a board with only a few men,
//! never copied from the engine. Moves are compared as sorted move texts (`C c5xh5`: captured on
//! h5; `S d6-d7+`: promotes; `P*a8`: a drop). The move text names the piece by its id, upper
//! case whoever owns it.
//!
//! Squares: files a.. from the first player's left, ranks 1.. from the first player's side.
//! Upper-case ids are the first player's (Red in xiangqi, Sente in shogi; moving up), lower
//! case the second player's (Black, Gote).
//!
//! Xiangqi readings: the one reading, perpetual-chase, decides a game end the engine does not
//! play (its default chaser-loses is refused by Engine::new, tests/engine/readings.rs); it does
//! not change what is legal. The tests here use its option `none`, under which the engine plays
//! the whole game; no position or move cycle below contains a chase, so both options give the
//! same results. Shogi readings: the one reading, impasse, has the default jsa-24 played here;
//! its other option (a declaration) is refused by the engine (tests/engine/readings.rs).

use crate::common;
use kensho::Color;

use common::{all_moves, moves_from, rows, sorted, sq};
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, MoveKind, Position};
use kensho::geometry::Square;
use std::collections::BTreeSet;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn build(spec: &str, choices: &[(&str, &str)]) -> Engine {
    common::engine_with(&common::bundled_spec(spec), choices)
}

fn xiangqi() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| build("xiangqi", &[("perpetual-chase", "none")]))
}

fn shogi() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| build("shogi", &[]))
}

/// A position holding only `men` (square, token: `K`, `k`, `+P`, `+r`, ...), `side` ('b' first
/// player, 'w' second) to move, `hands` as in position strings (`-`, `B2G9Pr`).
fn position(e: &Engine, side: char, hands: &str, men: &[(&str, &str)]) -> Position {
    let men: Vec<(Square, String)> = men.iter().map(|&(square, token)| (sq(square), token.to_string())).collect();
    let text = format!("{} {side} {hands} 1", rows(e.game.board, &men));
    let pos = e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(e.position_string(&pos), text, "the position string round-trips");
    pos
}

/// The squares where the piece `id` may be dropped (as square names).
fn drop_squares(e: &Engine, p: &Position, id: &str) -> BTreeSet<String> {
    let piece = e.piece_index(id).unwrap();
    let moves = e.legal_moves(p);
    let drops: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == MoveKind::Drop && m.man.piece == piece)
        .map(|m| m.to.unwrap().name())
        .collect();
    let set: BTreeSet<String> = drops.iter().cloned().collect();
    assert_eq!(set.len(), drops.len(), "a drop of {id} listed twice");
    assert!(moves.iter().filter(|m| m.kind == MoveKind::Drop).all(|m| m.promotion.is_none()), "a drop that promotes");
    set
}

/// The empty squares of `p` on ranks (1-based) not in `banned_ranks` and files not in
/// `banned_files`, minus `also_banned`: the squares a drop rule leaves, written as the rule.
fn empty_squares_except(
    p: &Position,
    banned_ranks: &[u8],
    banned_files: &[char],
    also_banned: &[&str],
) -> BTreeSet<String> {
    p.size
        .squares()
        .filter(|&s| p.at(s).is_none())
        .filter(|s| !banned_ranks.contains(&(s.rank + 1)) && !banned_files.contains(&s.file_char()))
        .map(|s| s.name())
        .filter(|n| !also_banned.contains(&n.as_str()))
        .collect()
}

/// Makes the one legal move whose text is `text`.
fn play(e: &Engine, p: &mut Position, text: &str) -> kensho::engine::Move {
    let moves = e.legal_moves(p);
    let matching: Vec<_> = moves.iter().filter(|m| e.move_text(m) == text).collect();
    assert_eq!(matching.len(), 1, "{text} among {:?} in {}", all_moves(e, p), e.position_string(p));
    let mv = matching[0].clone();
    e.make(p, &mv, &mut Vec::new());
    mv
}

/// Plays `cycle` `times` times from `start`, returning the game status after every ply
/// (`status_after` with the history of the game from `start`).
fn statuses_over_cycle(e: &Engine, start: &Position, cycle: &[&str], times: usize) -> Vec<Option<Outcome>> {
    let mut pos = start.clone();
    let mut history = e.start_history(&pos);
    let mut out = Vec::new();
    for _ in 0..times {
        for text in cycle {
            assert!(out.iter().all(Option::is_none), "the game already ended before {text}: {out:?}");
            let mv = play(e, &mut pos, text);
            out.push(e.status_after(&pos, &mv, &mut history));
        }
    }
    assert_eq!(
        (&pos.board, pos.side, &pos.hands),
        (&start.board, start.side, &start.hands),
        "the cycle returns to the start position"
    );
    out
}

fn is_win(o: &Option<Outcome>, player: Color) -> bool {
    matches!(o, Some(Outcome::Win(p, _)) if *p == player)
}

fn is_draw(o: &Option<Outcome>) -> bool {
    matches!(o, Some(Outcome::Draw(_)))
}

// ---------------------------------------------------------------------------------------------
// Xiangqi: palace, elephant, horse, soldier, cannon
// ---------------------------------------------------------------------------------------------

/// XIA-11 "The General moves one point orthogonally and may not leave the palace"; XIA-12 "The
/// Advisor moves one point diagonally and may not leave the palace"; XIA-3 the palace is "the
/// three-by-three area of points in the middle of the player's three nearest ranks" (d1-f3 for
/// Red, d8-f10 for Black).
#[test]
fn xiangqi_general_and_advisors_stay_in_the_palace() {
    let e = xiangqi();
    // Red: General d3 (palace corner): d4 and c3 are outside, d2 and e3 inside. Advisor f3
    // (corner): e2 inside; g2, e4, g4 outside. Black General f10 is on neither d- nor e-file.
    let red = position(e, 'b', "-", &[("d3", "K"), ("f3", "A"), ("f10", "k")]);
    assert_eq!(all_moves(e, &red), sorted(&["K d3-d2", "K d3-e3", "A f3-e2"]));
    // Black: General f8 (palace corner on Black's side): f7 and g8 outside, e8 and f9 inside.
    // Advisor d10: e9 inside, c9 outside. Red General d1 stands on neither e- nor f-file.
    let black = position(e, 'w', "-", &[("f8", "k"), ("d10", "a"), ("d1", "K")]);
    assert_eq!(all_moves(e, &black), sorted(&["K f8-e8", "K f8-f9", "A d10-e9"]));
    // Advisor in the centre of the palace: all four diagonal points are in it.
    let centre = position(e, 'b', "-", &[("e2", "A"), ("d1", "K"), ("f10", "k")]);
    assert_eq!(moves_from(e, &centre, "e2"), sorted(&["A e2-d3", "A e2-f3", "A e2-f1"]), "d1 holds the own General");
}

/// XIA-13 "The Elephant moves exactly two points diagonally; it cannot move if the point in
/// between (the elephant's eye) is occupied"; XIA-14 "The Elephant may not cross the river"
/// (XIA-2: the river between ranks 5 and 6).
#[test]
fn xiangqi_elephant_stays_on_its_side_and_is_blocked_at_the_eye() {
    let e = xiangqi();
    let men = [("d1", "K"), ("f10", "k"), ("e5", "B"), ("d4", "p"), ("c6", "b"), ("b7", "P")];
    // Red Elephant e5: c7 and g7 are across the river (eyes d6, f6 empty); c3's eye d4 holds a
    // Black Soldier; g3 (eye f4 empty) remains.
    let red = position(e, 'b', "-", &men);
    assert_eq!(moves_from(e, &red, "e5"), sorted(&["B e5-g3"]));
    // Black Elephant c6: a4 and e4 are across the river for Black (eyes b5, d5 empty); a8's eye
    // b7 holds a Red Soldier; e8 (eye d7 empty) remains.
    let black = position(e, 'w', "-", &men);
    assert_eq!(moves_from(e, &black, "c6"), sorted(&["B c6-e8"]));
}

/// XIA-15 "The Horse moves one point orthogonally and then one point diagonally outward; it
/// cannot move in a direction where the orthogonally adjacent point is occupied".
#[test]
fn xiangqi_horse_is_blocked_at_the_leg() {
    let e = xiangqi();
    // Horse e5. Legs: e6 (Black Soldier: d7, f7 blocked), d5 (Red Soldier: c6, c4 blocked),
    // e4 empty (d3, f3), f5 empty (g6 = Black Chariot, captured; g4).
    let p = position(e, 'b', "-", &[("d1", "K"), ("f10", "k"), ("e5", "N"), ("e6", "p"), ("d5", "P"), ("g6", "r")]);
    assert_eq!(moves_from(e, &p, "e5"), sorted(&["N e5-d3", "N e5-f3", "N e5-g4", "N e5xg6"]));
    // Without the two blockers all eight points are reached.
    let free = position(e, 'b', "-", &[("d1", "K"), ("f10", "k"), ("e5", "N")]);
    assert_eq!(
        moves_from(e, &free, "e5"),
        sorted(&["N e5-c4", "N e5-c6", "N e5-d3", "N e5-d7", "N e5-f3", "N e5-f7", "N e5-g4", "N e5-g6"])
    );
}

/// XIA-19 "A Soldier that has not crossed the river moves one point straight forward"; XIA-20
/// "Once across the river, a Soldier moves one point straight forward or sideways; it never
/// moves backward"; XIA-21 "A Soldier reaching the last rank does not promote".
#[test]
fn xiangqi_soldier_before_and_after_the_river() {
    let e = xiangqi();
    let men = [
        ("d1", "K"),
        ("f9", "k"),
        // Red: a4 and g5 on Red's side of the river, c6 across, i10 on the last rank.
        ("a4", "P"),
        ("g5", "P"),
        ("c6", "P"),
        ("i10", "P"),
        // Black (forward = down): g7 and e6 on Black's side, c5 across, a1 on its last rank.
        ("g7", "p"),
        ("e6", "p"),
        ("c5", "p"),
        ("a1", "p"),
    ];
    let red = position(e, 'b', "-", &men);
    assert_eq!(moves_from(e, &red, "a4"), sorted(&["P a4-a5"]));
    assert_eq!(moves_from(e, &red, "g5"), sorted(&["P g5-g6"]));
    assert_eq!(moves_from(e, &red, "c6"), sorted(&["P c6-b6", "P c6-c7", "P c6-d6"]));
    assert_eq!(moves_from(e, &red, "i10"), sorted(&["P i10-h10"]));
    let black = position(e, 'w', "-", &men);
    assert_eq!(moves_from(e, &black, "g7"), sorted(&["P g7-g6"]));
    assert_eq!(moves_from(e, &black, "e6"), sorted(&["P e6-e5"]));
    assert_eq!(moves_from(e, &black, "c5"), sorted(&["P c5-b5", "P c5-c4", "P c5-d5"]));
    assert_eq!(moves_from(e, &black, "a1"), sorted(&["P a1-b1"]));
}

/// XIA-17 "The Cannon moves like the Chariot when it does not capture"; XIA-18 "The Cannon
/// captures by jumping along a file or rank over exactly one piece of either side (the screen)
/// to the enemy piece beyond it".
#[test]
fn xiangqi_cannon_slides_and_captures_over_exactly_one_screen() {
    let e = xiangqi();
    // Cannon c5.
    // - right: d5 empty; e5 Black Soldier = screen (enemy colour); f5, g5 empty; h5 Black
    //   Chariot captured (two points beyond the screen); i5 Black Soldier behind two screens.
    // - left: b5, a5 empty.
    // - up: c6 empty; c7 Red Soldier = screen (own colour); c8 empty; c9 Black Horse captured;
    //   c10 Black Elephant behind two screens.
    // - down: c4, c3 empty; c2 Black Soldier with no screen before it (not capturable), c1
    //   empty behind it.
    let p = position(
        e,
        'b',
        "-",
        &[
            ("d1", "K"),
            ("f10", "k"),
            ("c5", "C"),
            ("e5", "p"),
            ("h5", "r"),
            ("i5", "p"),
            ("c7", "P"),
            ("c9", "n"),
            ("c10", "b"),
            ("c2", "p"),
        ],
    );
    assert_eq!(
        moves_from(e, &p, "c5"),
        sorted(&["C c5-a5", "C c5-b5", "C c5-c3", "C c5-c4", "C c5-c6", "C c5-d5", "C c5xc9", "C c5xh5"])
    );
}

// ---------------------------------------------------------------------------------------------
// Xiangqi: the flying general, check, checkmate and stalemate
// ---------------------------------------------------------------------------------------------

/// XIA-23 "The two Generals may not face each other on the same file with no piece between
/// them"; XIA-24 "A move that leaves the player's own General in check, including by exposing it
/// to the facing General, is illegal." The only piece between the Generals may not step off
/// their file.
#[test]
fn xiangqi_the_last_piece_between_the_generals_may_not_step_off_the_file() {
    let e = xiangqi();
    // Red General e1, Black General e10, Red Horse e5 the only piece between: every Horse move
    // leaves the file, so only the General moves: d1, f1 (off the file) and e2 (the Horse
    // still stands between).
    let pinned = position(e, 'b', "-", &[("e1", "K"), ("e10", "k"), ("e5", "N")]);
    assert_eq!(all_moves(e, &pinned), sorted(&["K e1-d1", "K e1-e2", "K e1-f1"]));
    // A Red Soldier on e3 is a second piece between: all eight Horse moves are legal, the
    // General still has d1, e2, f1, and the Soldier (before the river) steps to e4.
    let shielded = position(e, 'b', "-", &[("e1", "K"), ("e10", "k"), ("e5", "N"), ("e3", "P")]);
    assert_eq!(
        all_moves(e, &shielded),
        sorted(&[
            "K e1-d1", "K e1-e2", "K e1-f1", "N e5-c4", "N e5-c6", "N e5-d3", "N e5-d7", "N e5-f3", "N e5-f7",
            "N e5-g4", "N e5-g6", "P e3-e4",
        ])
    );
    // The same for Black: the Black Horse e6 alone between the Generals cannot move.
    let black = position(e, 'w', "-", &[("e1", "K"), ("e10", "k"), ("e6", "n")]);
    assert_eq!(all_moves(e, &black), sorted(&["K e10-d10", "K e10-e9", "K e10-f10"]));
}

/// XIA-23, XIA-24: a General may not step onto an open file facing the other General (for
/// either player).
#[test]
fn xiangqi_a_general_may_not_step_onto_the_open_file_facing_the_other() {
    let e = xiangqi();
    // Red General e2, Black General d10, d-file empty: d2 would face d10. e1, e3, f2 remain.
    let open = position(e, 'b', "-", &[("e2", "K"), ("d10", "k")]);
    assert_eq!(moves_from(e, &open, "e2"), sorted(&["K e2-e1", "K e2-e3", "K e2-f2"]));
    // A Black Soldier on d6 closes the file: d2 is legal.
    let closed = position(e, 'b', "-", &[("e2", "K"), ("d10", "k"), ("d6", "p")]);
    assert_eq!(moves_from(e, &closed, "e2"), sorted(&["K e2-d2", "K e2-e1", "K e2-e3", "K e2-f2"]));
    // Black General f9, Red General e1, e-file empty: e9 would face e1; g9 is outside the
    // palace; f8 and f10 remain.
    let black = position(e, 'w', "-", &[("f9", "k"), ("e1", "K")]);
    assert_eq!(moves_from(e, &black, "f9"), sorted(&["K f9-f10", "K f9-f8"]));
}

/// XIA-25 "A player whose General is in check must remove the check"; XIA-18 a Cannon checks
/// over exactly one screen, so the check is removed by taking the Cannon, moving the General,
/// moving the screen away (no screen left) or putting a second piece in between (two screens).
#[test]
fn xiangqi_a_cannon_check_over_a_screen_must_be_resolved() {
    let e = xiangqi();
    // Red General e1, Red Chariot e3 (the screen), Red Horse c3; Black Cannon e6 checks over
    // e3; Black General e10.
    let p = position(e, 'b', "-", &[("e1", "K"), ("e3", "R"), ("c3", "N"), ("e6", "c"), ("e10", "k")]);
    assert!(e.in_check(&p, Color::Black), "the Cannon checks over the Chariot");
    // Hand count of the legal moves:
    // - General: d1, f1 escape; e2 is still behind the one screen e3 (illegal).
    // - Chariot: off the file d3 (c3 holds the Horse), f3, g3, h3, i3: no screen left, and the
    //   Cannon e6 between the Generals keeps them from facing; e3xe6 takes the Cannon; e2, e4,
    //   e5 keep it the one screen (illegal).
    // - Horse c3 (legs c4, d3, b3, c2 empty): e2 and e4 put a second piece between (two
    //   screens); a2, a4, b1, b5, d1, d5 leave the check (illegal).
    assert_eq!(
        all_moves(e, &p),
        sorted(&[
            "K e1-d1", "K e1-f1", "R e3-d3", "R e3-f3", "R e3-g3", "R e3-h3", "R e3-i3", "R e3xe6", "N c3-e2",
            "N c3-e4",
        ])
    );
}

/// XIA-26 "A player whose General is in check and who has no legal move to escape is checkmated
/// and loses"; XIA-27 "A player who has no legal move loses; unlike in chess, stalemate is not a
/// draw."
#[test]
fn xiangqi_checkmate_and_stalemate_are_losses() {
    let e = xiangqi();
    // Checkmate: Black General e10 checked by the Red Chariot i10 along rank 10; d10 and f10
    // stay on that rank (and d10 faces the Red General d1), e9 is covered by the Chariot a9.
    let mate = position(e, 'w', "-", &[("e10", "k"), ("i10", "R"), ("a9", "R"), ("d1", "K")]);
    assert!(e.in_check(&mate, Color::White));
    let moves = e.legal_moves(&mate);
    assert!(moves.is_empty(), "{:?}", all_moves(e, &mate));
    assert!(is_win(&e.status_before(&mate, &moves), Color::Black), "{:?}", e.status_before(&mate, &moves));
    // Stalemate: Black General e10 not in check; d10 faces the Red General d1, f10 is covered
    // by the Chariot f5 up the f-file, e9 by the Chariot a9 along rank 9.
    let stale = position(e, 'w', "-", &[("e10", "k"), ("f5", "R"), ("a9", "R"), ("d1", "K")]);
    assert!(!e.in_check(&stale, Color::White));
    let moves = e.legal_moves(&stale);
    assert!(moves.is_empty(), "{:?}", all_moves(e, &stale));
    assert!(is_win(&e.status_before(&stale, &moves), Color::Black), "{:?}", e.status_before(&stale, &moves));
    // Red to move in the same stalemate position is not stalemated: no result.
    let red = position(e, 'b', "-", &[("e10", "k"), ("f5", "R"), ("a9", "R"), ("d1", "K")]);
    assert_eq!(e.status_before(&red, &e.legal_moves(&red)), None);
}

/// XIA-31 "A repetition in which neither player ... make[s] forbidden moves is a draw"
/// (repetition-count = 3); XIA-28 "Perpetual check is forbidden: the player who checks on every
/// move of a repetition must change moves, or loses."
#[test]
fn xiangqi_threefold_repetition_draws_and_perpetual_check_loses() {
    let e = xiangqi();
    // Generals shuffle: the start position recurs after plies 4 and 8 (third occurrence).
    let quiet = position(e, 'b', "-", &[("d1", "K"), ("f10", "k")]);
    let s = statuses_over_cycle(e, &quiet, &["K d1-d2", "K f10-f9", "K d2-d1", "K f9-f10"], 2);
    assert!(s[..7].iter().all(Option::is_none), "{s:?}");
    assert!(is_draw(&s[7]), "{s:?}");
    // Red Chariot checks on every Red move (a10: along rank 10; a9: along rank 9) while the
    // Black General goes d10-d9-d10: Red loses on the third occurrence.
    let checks = position(e, 'b', "-", &[("f1", "K"), ("a9", "R"), ("d10", "k")]);
    let s = statuses_over_cycle(e, &checks, &["R a9-a10", "K d10-d9", "R a10-a9", "K d9-d10"], 2);
    assert!(s[..7].iter().all(Option::is_none), "{s:?}");
    assert!(is_win(&s[7], Color::White), "{s:?}");
}

// ---------------------------------------------------------------------------------------------
// Shogi: drops
// ---------------------------------------------------------------------------------------------

/// SHO-32 "A Pawn may not be dropped on a file that already holds an unpromoted Pawn of the same
/// player (nifu)": a Tokin does not count, nor an enemy Pawn. SHO-34: no Pawn on the last rank.
#[test]
fn shogi_nifu_counts_only_own_unpromoted_pawns() {
    let e = shogi();
    // Sente Pawn c4, Sente Tokin f5, Gote Pawn g6; Kings e1, e9; Sente holds a Pawn.
    let p = position(e, 'b', "P", &[("e1", "K"), ("e9", "k"), ("c4", "P"), ("f5", "+P"), ("g6", "p")]);
    let got = drop_squares(e, &p, "P");
    // 81 - 5 occupied = 76 empty; rank 9 has 8 of them (e9 holds the King) -> 68; file c has
    // 7 empty on ranks 1-8 (c4 holds the Pawn) -> 61. P*e8 checks, but the King takes it or
    // steps aside: no mate.
    assert_eq!(got, empty_squares_except(&p, &[9], &['c'], &[]));
    assert_eq!(got.len(), 61);
    assert!(got.contains("f4") && got.contains("g5"), "the Tokin's file and the enemy Pawn's file are open");
    assert!(!got.iter().any(|s| s.starts_with('c')), "file c holds an own Pawn");
}

/// SHO-34 "A piece may not be dropped on a square from which it could never move: a Pawn or Lance
/// on the furthest rank, a Knight on either of the two furthest ranks" (for each player its own
/// furthest ranks).
#[test]
fn shogi_no_drop_where_the_piece_could_never_move() {
    let e = shogi();
    let men = [("a1", "K"), ("i9", "k")];
    // 81 - 2 = 79 empty squares; rank 9 has 8 empty (i9 holds the Gote King), rank 8 has 9,
    // rank 1 has 8 (a1 holds the Sente King), rank 2 has 9.
    let sente = position(e, 'b', "NLP", &men);
    for (id, banned, count) in [("P", &[9u8][..], 71), ("L", &[9], 71), ("N", &[8, 9], 62)] {
        let got = drop_squares(e, &sente, id);
        assert_eq!(got, empty_squares_except(&sente, banned, &[], &[]), "Sente {id}");
        assert_eq!(got.len(), count, "Sente {id}");
    }
    let gote = position(e, 'w', "nlp", &men);
    for (id, banned, count) in [("P", &[1u8][..], 71), ("L", &[1], 71), ("N", &[1, 2], 62)] {
        let got = drop_squares(e, &gote, id);
        assert_eq!(got, empty_squares_except(&gote, banned, &[], &[]), "Gote {id}");
        assert_eq!(got.len(), count, "Gote {id}");
    }
}

/// SHO-33 "A Pawn may not be dropped to give immediate checkmate (uchifuzume); a Pawn drop that
/// checks without mating, and checkmate by moving a Pawn, are allowed."
#[test]
fn shogi_pawn_drop_mate_is_banned_but_pawn_drop_check_is_not() {
    let e = shogi();
    // Gote King a9. Sente Gold b7 covers a8 and b8, Sente Silver c8 covers b9: P*a8 would be
    // mate (the Pawn is protected by the Gold).
    let mate = position(e, 'b', "P", &[("a9", "k"), ("b7", "G"), ("c8", "S"), ("e1", "K")]);
    let got = drop_squares(e, &mate, "P");
    // 81 - 4 = 77 empty; rank 9 has 8 -> 69 on ranks 1-8; minus a8 -> 68.
    assert_eq!(got, empty_squares_except(&mate, &[9], &[], &["a8"]));
    assert_eq!(got.len(), 68);

    // Without the Silver, b9 is free: P*a8 checks and the King escapes to b9 (a8 protected by
    // the Gold, b8 covered by it).
    let mut check = position(e, 'b', "P", &[("a9", "k"), ("b7", "G"), ("e1", "K")]);
    play(e, &mut check, "P*a8");
    assert!(e.in_check(&check, Color::White));
    assert_eq!(all_moves(e, &check), sorted(&["K a9-b9"]));

    // Gold c7 (covers b8, not a8) and Silver c8 (covers b9): P*a8 leaves the King only the
    // capture of the unprotected Pawn; not mate, so the drop is legal.
    let mut takes = position(e, 'b', "P", &[("a9", "k"), ("c7", "G"), ("c8", "S"), ("e1", "K")]);
    play(e, &mut takes, "P*a8");
    assert!(e.in_check(&takes, Color::White));
    assert_eq!(all_moves(e, &takes), sorted(&["K a9xa8"]));

    // Checkmate by moving a Pawn: the first position with a Sente Pawn on a7 instead of in hand.
    // a7-a8 stays in the zone (SHO-20, optional: SHO-21), so both forms; both mate.
    let pawn = position(e, 'b', "-", &[("a9", "k"), ("b7", "G"), ("c8", "S"), ("e1", "K"), ("a7", "P")]);
    assert_eq!(moves_from(e, &pawn, "a7"), sorted(&["P a7-a8", "P a7-a8+"]));
    for text in ["P a7-a8", "P a7-a8+"] {
        let mut after = pawn.clone();
        play(e, &mut after, text);
        let replies = e.legal_moves(&after);
        assert!(replies.is_empty(), "{text}: {:?}", all_moves(e, &after));
        assert!(is_win(&e.status_before(&after, &replies), Color::Black), "{text}: checkmate (SHO-38)");
    }
}

/// SHO-39 "A player who has no legal move loses" (not in check: the first position above with
/// Gote to move and nothing in hand).
#[test]
fn shogi_no_legal_move_loses() {
    let e = shogi();
    // Gote King a9: a8 and b8 covered by the Gold b7, b9 by the Silver c8; not in check.
    let p = position(e, 'w', "-", &[("a9", "k"), ("b7", "G"), ("c8", "S"), ("e1", "K")]);
    assert!(!e.in_check(&p, Color::White));
    let moves = e.legal_moves(&p);
    assert!(moves.is_empty(), "{:?}", all_moves(e, &p));
    assert!(is_win(&e.status_before(&p, &moves), Color::Black), "{:?}", e.status_before(&p, &moves));
    // With a Pawn in hand Gote can drop it (on ranks 2-9 of the 77 empty squares, less the
    // 8 empty ones of rank 1 = 69): no result.
    let p = position(e, 'w', "p", &[("a9", "k"), ("b7", "G"), ("c8", "S"), ("e1", "K")]);
    assert_eq!(drop_squares(e, &p, "P").len(), 69);
    assert_eq!(e.status_before(&p, &e.legal_moves(&p)), None);
}

// ---------------------------------------------------------------------------------------------
// Shogi: promotion and capture
// ---------------------------------------------------------------------------------------------

/// SHO-19 "The three furthest ranks from each player are that player's promotion zone"; SHO-20
/// "A piece may promote at the end of a move that enters, moves within, or leaves the promotion
/// zone"; SHO-21 "Promotion is optional, except where the piece could otherwise never move
/// again."
#[test]
fn shogi_promotion_is_optional_entering_inside_and_leaving_the_zone() {
    let e = shogi();
    let silver = |at: &str| position(e, 'b', "-", &[("a1", "K"), ("i9", "k"), (at, "S")]);
    // Entering: Silver d6 -> c7, d7, e7 (zone: optional), c5, e5 (outside: no promotion).
    assert_eq!(
        moves_from(e, &silver("d6"), "d6"),
        sorted(&["S d6-c5", "S d6-c7", "S d6-c7+", "S d6-d7", "S d6-d7+", "S d6-e5", "S d6-e7", "S d6-e7+"])
    );
    // Inside: Silver d8 -> c9, d9, e9, c7, e7, all in the zone.
    assert_eq!(
        moves_from(e, &silver("d8"), "d8"),
        sorted(&[
            "S d8-c7", "S d8-c7+", "S d8-c9", "S d8-c9+", "S d8-d9", "S d8-d9+", "S d8-e7", "S d8-e7+", "S d8-e9",
            "S d8-e9+"
        ])
    );
    // Leaving: Silver d7 -> c6, e6 (start in the zone), c8, d8, e8.
    assert_eq!(
        moves_from(e, &silver("d7"), "d7"),
        sorted(&[
            "S d7-c6", "S d7-c6+", "S d7-c8", "S d7-c8+", "S d7-d8", "S d7-d8+", "S d7-e6", "S d7-e6+", "S d7-e8",
            "S d7-e8+"
        ])
    );
}

/// SHO-22 "A Pawn or Lance reaching the furthest rank, or a Knight reaching either of the two
/// furthest ranks, must promote" (for each player its own furthest ranks).
#[test]
fn shogi_promotion_is_forced_where_the_piece_could_never_move() {
    let e = shogi();
    let sente = position(
        e,
        'b',
        "-",
        &[("a1", "K"), ("i9", "k"), ("c8", "P"), ("d7", "P"), ("e5", "L"), ("g6", "N"), ("b5", "N")],
    );
    assert_eq!(moves_from(e, &sente, "c8"), sorted(&["P c8-c9+"]));
    assert_eq!(moves_from(e, &sente, "d7"), sorted(&["P d7-d8", "P d7-d8+"]));
    assert_eq!(
        moves_from(e, &sente, "e5"),
        sorted(&["L e5-e6", "L e5-e7", "L e5-e7+", "L e5-e8", "L e5-e8+", "L e5-e9+"])
    );
    assert_eq!(moves_from(e, &sente, "g6"), sorted(&["N g6-f8+", "N g6-h8+"]));
    assert_eq!(moves_from(e, &sente, "b5"), sorted(&["N b5-a7", "N b5-a7+", "N b5-c7", "N b5-c7+"]));
    // Gote's furthest ranks are 1 (and 2 for the Knight).
    let gote = position(e, 'w', "-", &[("i9", "K"), ("a9", "k"), ("c2", "p"), ("e5", "l"), ("g4", "n")]);
    assert_eq!(moves_from(e, &gote, "c2"), sorted(&["P c2-c1+"]));
    assert_eq!(
        moves_from(e, &gote, "e5"),
        sorted(&["L e5-e4", "L e5-e3", "L e5-e3+", "L e5-e2", "L e5-e2+", "L e5-e1+"])
    );
    assert_eq!(moves_from(e, &gote, "g4"), sorted(&["N g4-f2+", "N g4-h2+"]));
}

/// SHO-26 "The King and the Gold General do not promote."
#[test]
fn shogi_gold_and_king_never_promote() {
    let e = shogi();
    // Gold f7 and King b8 in the zone; Gote King i1.
    let p = position(e, 'b', "-", &[("b8", "K"), ("f7", "G"), ("i1", "k")]);
    assert_eq!(moves_from(e, &p, "f7"), sorted(&["G f7-e7", "G f7-e8", "G f7-f6", "G f7-f8", "G f7-g7", "G f7-g8"]));
    assert_eq!(
        moves_from(e, &p, "b8"),
        sorted(&["K b8-a7", "K b8-a8", "K b8-a9", "K b8-b7", "K b8-b9", "K b8-c7", "K b8-c8", "K b8-c9"])
    );
}

/// SHO-28 "A captured piece becomes part of the captor's pieces in hand"; SHO-27 "A promoted
/// piece stays promoted until it is captured"; SHO-30 "A piece is always dropped unpromoted".
#[test]
fn shogi_captured_pieces_go_to_the_hand_unpromoted() {
    let e = shogi();
    // Sente Gold e5 takes the Gote Dragon Horse (+B) e6: Sente holds a Bishop.
    let mut p = position(e, 'b', "-", &[("a1", "K"), ("i9", "k"), ("e5", "G"), ("e6", "+b")]);
    play(e, &mut p, "G e5xe6");
    let b = e.piece_index("B").unwrap().index();
    let plus_b = e.piece_index("+B").unwrap().index();
    assert_eq!((p.hands[0][b], p.hands[0][plus_b]), (1, 0));
    assert!(e.position_string(&p).contains(" w B "), "{}", e.position_string(&p));
    // Gote: the Gold e5 takes the Dragon King (+R) e4, the Pawn c5 takes the Tokin (+P) c4.
    let start =
        position(e, 'w', "-", &[("a1", "K"), ("i9", "k"), ("e4", "+R"), ("c4", "+P"), ("e5", "g"), ("c5", "p")]);
    let mut p = start.clone();
    play(e, &mut p, "G e5xe4");
    assert!(e.position_string(&p).ends_with(" b r 2"), "{}", e.position_string(&p));
    let mut p = start;
    play(e, &mut p, "P c5xc4");
    assert!(e.position_string(&p).ends_with(" b p 2"), "{}", e.position_string(&p));
    // And a held Bishop comes back as a Bishop: every drop of it is the unpromoted piece.
    let held = position(e, 'b', "B", &[("a1", "K"), ("i9", "k")]);
    assert_eq!(drop_squares(e, &held, "B").len(), 79, "any empty square (81 - 2)");
    assert!(drop_squares(e, &held, "+B").is_empty());
}

// ---------------------------------------------------------------------------------------------
// Shogi: repetition and impasse
// ---------------------------------------------------------------------------------------------

/// SHO-41 "If the same position, with the same pieces in hand and the same player to move,
/// occurs four times, the game ends in sennichite"; SHO-42 "If the repetition arises from one
/// player checking on every move, that player loses instead."
#[test]
fn shogi_fourfold_repetition_draws_and_perpetual_check_loses() {
    let e = shogi();
    // Kings e1 and e9 step out and back: the start position occurs for the fourth time after
    // ply 12 (it counts once at the start, then after plies 4, 8, 12).
    let quiet = position(e, 'b', "-", &[("e1", "K"), ("e9", "k")]);
    let s = statuses_over_cycle(e, &quiet, &["K e1-e2", "K e9-e8", "K e2-e1", "K e8-e9"], 3);
    assert!(s[..11].iter().all(Option::is_none), "{s:?}");
    assert!(is_draw(&s[11]), "{s:?}");
    // Sente's Rook checks on every Sente move (a9: along rank 9 to i9; a8: along rank 8 to i8)
    // while the Gote King goes i9-i8-i9: Sente loses on the fourth occurrence.
    let checks = position(e, 'b', "-", &[("e1", "K"), ("a8", "R"), ("i9", "k")]);
    let s = statuses_over_cycle(e, &checks, &["R a8-a9", "K i9-i8", "R a9-a8", "K i8-i9"], 3);
    assert!(s[..11].iter().all(Option::is_none), "{s:?}");
    assert!(is_win(&s[11], Color::White), "{s:?}");
}

/// The status after `mv_text` is played in the position of `men` with `hands`.
fn status_after_move(e: &Engine, side: char, hands: &str, men: &[(&str, &str)], mv_text: &str) -> Option<Outcome> {
    let mut p = position(e, side, hands, men);
    let mut history = e.start_history(&p);
    let mv = play(e, &mut p, mv_text);
    e.status_after(&p, &mv, &mut history)
}

/// SHO-43 "When both Kings have entered their promotion zones ... the game may be settled as an
/// impasse by counting points"; SHO-44 "Each Rook and Bishop, promoted or not, counts five
/// points; every other piece except the King counts one point; pieces on the board and in hand
/// count"; SHO-45 "A player with fewer than 24 points loses; if both have at least 24 points the
/// game is jishogi, no result." Every position holds the full 40 pieces (54 points in all).
#[test]
fn shogi_impasse_counts_24_points_when_both_kings_have_entered() {
    let e = shogi();
    // Gote King e3 is in Gote's zone (ranks 1-3); the Sente King steps e6-e7 into Sente's zone.
    // Sente: Dragon King a8 (5) + Bishop in hand (5) + 2 Golds, 2 Silvers, 9 Pawns in hand (13)
    // = 23. Gote: Rook, Bishop (10) + 2 Golds, 2 Silvers, 4 Knights, 4 Lances, 9 Pawns (21) = 31.
    let men23 = [("e3", "k"), ("e6", "K"), ("a8", "+R")];
    let hands23 = "B2G2S9Prb2g2s4n4l9p";
    assert!(is_win(&status_after_move(e, 'b', hands23, &men23, "K e6-e7"), Color::White), "23 points lose to 31");
    // The same position, but the Sente King steps e6-e5 (not into the zone): no impasse.
    assert_eq!(status_after_move(e, 'b', hands23, &men23, "K e6-e5"), None);

    // Sente: Dragon King a8 (5), Dragon Horse b8 (5), Tokin c8 (1) + 2 Golds, 2 Silvers, 9 Pawns
    // in hand (13) = 24. Gote: Rook, Bishop (10) + 2 Golds, 2 Silvers, 4 Knights, 4 Lances,
    // 8 Pawns (20) = 30. Both have 24 or more: no result (a draw).
    let men24 = [("e3", "k"), ("e6", "K"), ("a8", "+R"), ("b8", "+B"), ("c8", "+P")];
    let o = status_after_move(e, 'b', "2G2S9Prb2g2s4n4l8p", &men24, "K e6-e7");
    assert!(is_draw(&o), "24 and 30 points: {o:?}");

    // Gote enters last (k e4-e3) with the Sente King already on e7. Sente: Rook, Bishop (10) +
    // 2 Golds, 2 Silvers, 4 Knights, 4 Lances, 9 Pawns in hand (21) = 31. Gote: Dragon King i2
    // (5) + Bishop (5) + 2 Golds, 2 Silvers, 9 Pawns (13) = 23.
    let o = status_after_move(e, 'w', "RB2G2S4N4L9Pb2g2s9p", &[("e4", "k"), ("e7", "K"), ("i2", "+r")], "K e4-e3");
    assert!(is_win(&o, Color::Black), "31 points against 23: {o:?}");
}

/// Reading impasse = declaration-27: "the player to move, not in check, with the King in the
/// promotion zone and at least ten other pieces there, declares; counting the hand and the
/// pieces in the zone, Sente needs 28 points and Gote 27; the declarer wins if every condition
/// holds, else loses". The engine plays a declaration as made the moment it wins
/// (docs/engine.md). Points by SHO-44: Rook and Bishop five, every other piece one.
#[test]
fn shogi_declaration_27_wins_exactly_when_every_condition_holds() {
    let e = build("shogi", &[("impasse", "declaration-27")]);
    let declared = |side: char, hands: &str, men: &[(&str, &str)]| {
        let p = position(&e, side, hands, men);
        let moves = e.legal_moves(&p);
        e.status_before(&p, &moves)
    };
    // Sente: King e8 in its zone (ranks 7-9); in the zone Rook a7, Bishop b7 (10), Golds c7 d7,
    // Silvers f7 g7, Knights h7 i7, Lance a8, Pawn b8 (8): ten pieces, 18 points; in hand a
    // Bishop and five Pawns (10): 28. Gote's King e2 is attacked by nothing.
    let zone = [
        ("e8", "K"),
        ("a7", "R"),
        ("b7", "B"),
        ("c7", "G"),
        ("d7", "G"),
        ("f7", "S"),
        ("g7", "S"),
        ("h7", "N"),
        ("i7", "N"),
        ("a8", "L"),
        ("b8", "P"),
        ("e2", "k"),
    ];
    let o = declared('b', "B5P", &zone);
    assert!(is_win(&o, Color::Black), "28 points, ten pieces: {o:?}");
    // 27 points: no declaration (one that would lose is never made).
    assert_eq!(declared('b', "B4P", &zone), None);
    // Nine pieces in the zone (the Pawn b8 in hand instead): 28 points, too few pieces.
    let nine: Vec<(&str, &str)> = zone.iter().copied().filter(|&(s, _)| s != "b8").collect();
    assert_eq!(declared('b', "B6P", &nine), None);
    // The King outside the zone (e6).
    let outside: Vec<(&str, &str)> = zone.iter().map(|&(s, m)| if m == "K" { ("e6", "K") } else { (s, m) }).collect();
    assert_eq!(declared('b', "B5P", &outside), None);
    // In check from a Gote Rook on i8 (f8, g8, h8 empty).
    let mut checked = zone.to_vec();
    checked.push(("i8", "r"));
    assert_eq!(declared('b', "B5P", &checked), None);
    // Gote needs 27: the mirrored army (King e2, ten pieces on ranks 1-3 worth 18) and a
    // Bishop and four Pawns in hand (9).
    let gote = [
        ("e2", "k"),
        ("i3", "r"),
        ("h3", "b"),
        ("g3", "g"),
        ("f3", "g"),
        ("d3", "s"),
        ("c3", "s"),
        ("b3", "n"),
        ("a3", "n"),
        ("i2", "l"),
        ("h2", "p"),
        ("e5", "K"),
    ];
    let o = declared('w', "b4p", &gote);
    assert!(is_win(&o, Color::White), "27 points are enough for Gote: {o:?}");
    assert_eq!(declared('w', "b3p", &gote), None);
    // Under the default (jsa-24) nobody declares: the same position goes on.
    let p = position(shogi(), 'b', "B5P", &zone);
    assert_eq!(shogi().status_before(&p, &shogi().legal_moves(&p)), None);
}
