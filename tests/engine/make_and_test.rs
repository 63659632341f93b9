//! Special moves under the self-check filter: an igui, a burn, a freeze lifted or laid, judged on
//! hand-designed positions where the side to move is in check and must resolve it.
//!
//! `Engine::legal_moves` drops the moves that leave a royal attacked in games that forbid it
//! (`legality.self-check`, or `check.must-resolve` while in check). The fast path
//! (`generate::RoyalWatch`: footprints, and `verdict_by_reach` where every enemy man is a plain
//! one-leg attacker) must give the same verdicts as the reference (`reference_legality`), which
//! makes every move and walks every enemy path; moves whose effect on the royal the fast
//! path's tables cannot see (igui, burns, freezes) are judged by making them. Every test here
//! asserts, for one position: the position is as described (the men, the side in check), the
//! special move exists as a move of the piece (under the game's default reading, where self-check
//! is allowed, so `legal_moves` lists every move), its verdict worked out by hand from the rules
//! (the comment says why, with the clause ids), the whole legal move list worked out by hand,
//! and the same list from the fast path and from the reference. A control position without the
//! piece that makes the move illegal shows the same move legal there, so the verdict comes from
//! the exposed royal and from nothing else.
//!
//! Which games. Only shogi, xiangqi, Ryu, Heian Ryu and Shoogantshii under its reading
//! move-into-check = illegal forbid self-check outright, and none of them has a piece that
//! captures a neighbour without moving, burns or freezes (Shoogantshii's King shoots only the
//! enemy King, which ends the game). Suzumu, Mitsugumi and Hook are won by capturing the King
//! (SUZ-173, SUZ-180, MIT-169, MIT-172, HOOK-123, HOOK-316: the King need not leave check); two
//! readings make check a thing to resolve: Mitsugumi `check-list = must-resolve` (MIT-171: "A
//! check can be removed in one of three ways", the list missing) and Hook
//! `check-removal-missing = resolution-required` (HOOK-318, the same sentence). Suzumu has no
//! such reading, so its Fire Demon and Heavenly Tetrarch are tested through Mitsugumi's, which
//! move by the same strings (MIT-42, MIT-66, MIT-67). Mitsugumi has all three: the Lion's igui,
//! the Fire Demon's burn, the Heavenly Tetrarch's freeze. Hook has Lions but neither burns nor
//! freezes; its igui is tested too, because there every enemy man of the position is a plain
//! one-leg attacker, so the fast path reads the verdict off the board without making the move
//! (`verdict_by_reach`), while in Mitsugumi, which has a freezer among its piece types, the fast
//! path makes each of these moves.
//!
//! Under must-resolve the filter applies only when the side to move is in check, so in every
//! position Black (the first player, upper case, moving up the board) is in check and the
//! special move would answer that check, were it not for the second enemy piece whose attack
//! the move lets through.
//!
//! Move text (docs/engine.md, "The move record"): `LN b3-b3 x a2` is an igui (the Lion stays on
//! b3 and captures a2), `LN b3-a3 x a2` captures a2 and ends on a3, `FD e2-b2 x a3` moves to b2
//! and burns a3, a trailing `+` promotes (Hook promotes on every capture, HOOK-250).

use crate::common;
use kensho::Color;

use common::{sorted, sq, texts};
use kensho::engine::config::SelfCheck;
use kensho::engine::generate::SideView;
use kensho::engine::{Engine, Move, MoveKind, Position};

/// The engine of `game` under these readings (the others at their defaults).
fn engine(game: &str, choices: &[(&str, &str)]) -> Engine {
    common::engine_with(&common::bundled_spec(game), choices)
}

/// The game under a reading that makes check a thing to resolve (self-check itself stays
/// allowed: the filter runs only while in check), and the same game under its default reading,
/// where nothing is filtered and `legal_moves` lists every move of the pieces.
fn engines(game: &str, resolving: (&str, &str), more: &[(&str, &str)]) -> (Engine, Engine) {
    let mut choices = vec![resolving];
    choices.extend_from_slice(more);
    let strict = engine(game, &choices);
    let free = engine(game, more);
    assert!(strict.rules.must_resolve, "{game} {choices:?}: check must be resolved");
    assert_eq!(strict.rules.self_check, SelfCheck::Allowed, "{game}: the filter comes from the check alone");
    assert!(!free.rules.must_resolve && free.rules.self_check == SelfCheck::Allowed, "{game} {more:?} filters");
    (strict, free)
}

fn mitsugumi(more: &[(&str, &str)]) -> (Engine, Engine) {
    engines("mitsugumi", ("check-list", "must-resolve"), more)
}

fn hook() -> (Engine, Engine) {
    engines("hook", ("check-removal-missing", "resolution-required"), &[])
}

/// Parses `text` and checks that it holds exactly `men` (square, piece id; upper case = Black,
/// the first player; lower case = White) with Black to move and in check, and that it prints
/// back as written.
fn position(e: &Engine, text: &str, men: &[(&str, &str)]) -> Position {
    let pos = e.parse_position(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(e.position_string(&pos), text, "the position prints back as written");
    for &(square, id) in men {
        let man = pos.at(sq(square)).unwrap_or_else(|| panic!("{text}: {square} is empty, expected {id}"));
        let player = if id.chars().any(|c| c.is_ascii_lowercase()) { Color::White } else { Color::Black };
        assert_eq!(
            (e.piece(man.piece).id.as_str(), man.player),
            (id.to_ascii_uppercase().as_str(), player),
            "{text}: the man on {square}"
        );
    }
    let on_board = pos.board.iter().filter(|m| m.is_some()).count();
    assert_eq!(on_board, men.len(), "{text}: only the men listed stand on the board");
    assert_eq!(pos.side, Color::Black, "{text}: Black is to move");
    assert!(e.in_check(&pos, Color::Black), "{text}: Black is in check");
    pos
}

/// `men` less the man on `square` (the control position of a test).
fn without<'a>(men: &[(&'a str, &'a str)], square: &str) -> Vec<(&'a str, &'a str)> {
    assert!(men.iter().any(|&(s, _)| s == square), "no man on {square} to take away");
    men.iter().copied().filter(|&(s, _)| s != square).collect()
}

/// The legal moves as sorted texts, after checking that the reference (every move made, every
/// path of every enemy man walked) gives exactly the same list as the fast path.
fn legal(e: &Engine, pos: &Position) -> Vec<String> {
    let fast = texts(e, e.legal_moves(pos).iter());
    let mut reference = e.clone();
    reference.reference_legality = true;
    let slow = texts(&reference, reference.legal_moves(pos).iter());
    assert_eq!(fast, slow, "{}: the fast self-check test differs from the reference", e.position_string(pos));
    fast
}

/// The move of the pieces written `text` (asked of the game under its default reading, which
/// lists every move): the special move exists, whatever its verdict.
fn pseudo_legal(free: &Engine, text: &str, pos_text: &str) -> Move {
    let pos = free.parse_position(pos_text).expect("the same position parses in the default reading");
    let moves = free.legal_moves(&pos);
    moves
        .iter()
        .find(|m| free.move_text(m) == text)
        .cloned()
        .unwrap_or_else(|| panic!("{text} is no move of {pos_text} at all: {:?}", texts(free, moves.iter())))
}

/// Is the man on `square` frozen (`freeze.*`)?
fn frozen(e: &Engine, pos: &Position, square: &str) -> bool {
    let man = pos.at(sq(square)).expect("a man");
    SideView::new(e, pos, man.player).is_frozen(e, man, sq(square))
}

/// Asserts the verdict on `text` and the whole legal move list of the position.
fn assert_verdict(e: &Engine, pos: &Position, text: &str, legal_here: bool, expected: &[&str]) {
    let moves = legal(e, pos);
    assert_eq!(
        moves.iter().any(|m| m == text),
        legal_here,
        "{}: {text} should be {}; legal: {moves:?}",
        e.position_string(pos),
        if legal_here { "legal" } else { "illegal" }
    );
    assert_eq!(moves, sorted(expected), "{}: the legal moves", e.position_string(pos));
}

// ---------------------------------------------------------------------------------------------
// 1. Igui that removes the blocker of an enemy rider's line to the King
// ---------------------------------------------------------------------------------------------

/// Black: King a1, Lion b3. White: Gold a2, Rook a10, King m13.
const MIT_IGUI: &str = "12k/13/13/r12/13/13/13/13/13/13/1(LN)11/g12/K12 b - 1";
/// The same without the Rook.
const MIT_IGUI_NO_ROOK: &str = "12k/13/13/13/13/13/13/13/13/13/1(LN)11/g12/K12 b - 1";

/// Mitsugumi, check to be resolved. White's Gold on a2 gives check (MIT-21 `WfF`: its W step
/// a2-a1; MIT-168), and stands between White's Rook on a10 (MIT-30 `R`) and Black's King on a1,
/// the a-file a3..a9 otherwise empty. The Lion on b3 may capture the Gold without moving
/// (MIT-35 `KNADcaKmcabK`, `cabK`: capture a neighbour and step back; MIT-114): the igui
/// `LN b3-b3 x a2`. It takes the checker, but leaves a2 empty, so the Rook slides a9..a2 onto
/// the King: illegal. Hand count of the legal moves: the King may go nowhere (b1 and b2 are the
/// Gold's `fF` and `W` squares, a2 is on the Rook's file once the Gold is taken); the Lion must
/// take the Gold and end on the a-file to shield the King: `LN b3xa2` (ends on a2) and
/// `LN b3-a3 x a2` (takes a2 on its first step, ends on a3); its captures ending on b1, b2 or
/// b3 leave the file open. Without the Rook every capture of the Gold answers the check, the
/// igui and the King's `K a1xa2` included.
#[test]
fn an_igui_that_takes_the_checking_blocker_of_a_rook_is_illegal() {
    let (strict, free) = mitsugumi(&[]);
    igui_case(&strict, &free, [MIT_IGUI, MIT_IGUI_NO_ROOK], "m13", "");
}

/// The igui position of both games: Black's King a1 and Lion b3, White's Gold a2, Rook a10 and
/// King on `enemy_king`; `positions` with and without the Rook; `promotion` ends every capture's
/// text (Hook promotes on every capture).
fn igui_case(strict: &Engine, free: &Engine, positions: [&str; 2], enemy_king: &str, promotion: &str) {
    let igui = format!("LN b3-b3 x a2{promotion}");
    assert_eq!(pseudo_legal(free, &igui, positions[0]).kind, MoveKind::Igui, "the Lion's capture without moving");

    let men = [("a1", "K"), ("b3", "LN"), ("a2", "g"), ("a10", "r"), (enemy_king, "k")];
    let pos = position(strict, positions[0], &men);
    let legal = [format!("LN b3-a3 x a2{promotion}"), format!("LN b3xa2{promotion}")];
    assert_verdict(strict, &pos, &igui, false, &legal.iter().map(String::as_str).collect::<Vec<_>>());

    let pos = position(strict, positions[1], &without(&men, "a10"));
    let legal = ["K a1xa2", "LN b3-a3 x a2", "LN b3-b1 x a2", "LN b3-b2 x a2", "LN b3-b3 x a2", "LN b3xa2"]
        .map(|m| format!("{m}{promotion}"));
    assert_verdict(strict, &pos, &igui, true, &legal.iter().map(String::as_str).collect::<Vec<_>>());
}

/// Black: King a1, Lion b3. White: Gold a2, Rook a10, King s19 (19x19).
const HOOK_IGUI: &str = "18k/19/19/19/19/19/19/19/19/r18/19/19/19/19/19/19/1(LN)17/g18/K18 b - 1";
/// The same without the Rook.
const HOOK_IGUI_NO_ROOK: &str = "18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/1(LN)17/g18/K18 b - 1";

/// The same igui in Hook, check to be resolved (HOOK-318 reading resolution-required). Gold
/// (HOOK-27 `WfF`) on a2 checks the King on a1 (HOOK-315) and shields it from the Rook on a10
/// (HOOK-49 `R`); the Lion on b3 (HOOK-58, HOOK-137 "Capture any adjacent piece without
/// moving") takes it by igui: the Rook then reaches a1, illegal. Every capture promotes
/// (HOOK-250, mandatory), hence the `+`. The legal moves are counted as in Mitsugumi. Every
/// enemy man here (Gold, Rook, King) moves in one leg and nothing freezes, so the fast path
/// judges the igui from the board as the move leaves it (origin kept, a2 emptied), unmade.
#[test]
fn an_igui_that_takes_the_checking_blocker_of_a_rook_is_illegal_in_hook_too() {
    let (strict, free) = hook();
    igui_case(&strict, &free, [HOOK_IGUI, HOOK_IGUI_NO_ROOK], "s19", "+");
}

// ---------------------------------------------------------------------------------------------
// 2. A burn that removes the piece shielding the King from a rider
// ---------------------------------------------------------------------------------------------

/// Black: King a1, Fire Demon e2. White: Pawn a3, Bishop e5, Rook a10, King m13.
const MIT_BURN: &str = "12k/13/13/r12/13/13/13/13/4b8/13/p12/4(FD)8/K12 b - 1";
/// The same without the Rook.
const MIT_BURN_NO_ROOK: &str = "12k/13/13/13/13/13/13/13/4b8/13/p12/4(FD)8/K12 b - 1";

/// Mitsugumi, check to be resolved. White's Bishop on e5 (MIT-29 `B`) checks the King on a1
/// along d4, c3, b2; White's Pawn on a3 stands between White's Rook on a10 and the King. The
/// Fire Demon on e2 slides sideways to b2 (MIT-99 "slide sideways or diagonally"), blocking the
/// Bishop, and may then burn the Pawn next to b2 (MIT-101 "move to another square and then
/// capture up to two non-Fire Demon opponents adjacent to that square"; the Pawn is no Fire
/// Demon, MIT-103, and the burn is optional, "up to"): `FD e2-b2 x a3`. The burn opens the
/// a-file to the Rook: illegal, while `FD e2-b2` (no burn) is legal. (A shield the rules do
/// not let it burn, an enemy Fire Demon, gives no burn to judge: MIT-103.)
///
/// Hand count: the King may go to b1 only (a2 is the Pawn's `fW` square, b2 is on the Bishop's
/// diagonal). The Fire Demon answers the check by blocking the diagonal (b2 by a slide, c3 and
/// d4 by an area move of up to three King steps, MIT-100), by taking the Bishop at the end of an
/// area move (`FD e2xe5`, e2-e3-e4-e5), or by burning it from a square next to it within three
/// steps (d4, e4, f4, d5, f5; the area move may burn, reading fd-area-burn = allowed). Without
/// the Rook the burn of the Pawn is legal as well.
#[test]
fn a_burn_of_the_piece_shielding_the_king_from_a_rook_is_illegal() {
    let (strict, free) = mitsugumi(&[]);
    let burn = "FD e2-b2 x a3";
    let mv = pseudo_legal(&free, burn, MIT_BURN);
    assert_eq!(mv.kind, MoveKind::Burn, "a burn after the slide");
    assert_eq!(mv.burned.as_slice(), [sq("a3")], "the Pawn is burned");
    assert!(mv.captures.iter().all(|(c, _)| *c == sq("a3")), "nothing else is taken");

    let men = [("a1", "K"), ("e2", "FD"), ("a3", "p"), ("e5", "b"), ("a10", "r"), ("m13", "k")];
    let pos = position(&strict, MIT_BURN, &men);
    let answers = [
        "FD e2-b2",
        "FD e2-c3",
        "FD e2-d4",
        "FD e2-d4 x e5",
        "FD e2-d5 x e5",
        "FD e2-e4 x e5",
        "FD e2-f4 x e5",
        "FD e2-f5 x e5",
        "FD e2xe5",
        "K a1-b1",
    ];
    assert_verdict(&strict, &pos, burn, false, &answers);

    let pos = position(&strict, MIT_BURN_NO_ROOK, &without(&men, "a10"));
    let with_burn: Vec<&str> = answers.iter().copied().chain([burn]).collect();
    assert_verdict(&strict, &pos, burn, true, &with_burn);
}

// ---------------------------------------------------------------------------------------------
// 3. Freezing: a freeze lifted from an attacker, a freeze laid on the checker
// ---------------------------------------------------------------------------------------------

/// Black: King a1, Heavenly Tetrarch b7. White: Rook a7, Bishop e5, King m13.
const MIT_FREEZE: &str = "12k/13/13/13/13/13/r(+CS)11/13/4b8/13/13/13/K12 b - 1";
/// The same without the Rook.
const MIT_FREEZE_NO_ROOK: &str = "12k/13/13/13/13/13/1(+CS)11/13/4b8/13/13/13/K12 b - 1";

/// Mitsugumi, check to be resolved. Black's Heavenly Tetrarch on b7 freezes White's Rook on a7
/// next to it (MIT-109 "all stationary non-Heavenly Tetrarch opponents are immobilized ... until
/// the Heavenly Tetrarch moves away or is captured"; reading freeze-range = adjacent, MIT-69
/// `[ixK]`), and a frozen piece gives no check (reading frozen-attacks = no-attack), so the
/// Rook does not attack the King on a1 down the empty a-file; the Bishop on e5 does (d4, c3,
/// b2). The Tetrarch (MIT-66 `jvhQjsQ3cab(mpacab)1K`: slides skipping the first square,
/// MIT-105) could answer the check by blocking on b2 (b7-b2, b6 skipped) or by freezing the
/// Bishop from d5 or e4 (b7-d5-e4 diagonal, c6 skipped): both lift the freeze on the Rook,
/// which then attacks a1: illegal. Its igui of the Rook (`+CS b7-b7 x a7`) leaves the Bishop's
/// check. The King may go to b1, and to a2 on the frozen Rook's file (the Rook stays frozen):
/// those two moves are all. Without the Rook the block and both freezing moves are legal: a
/// frozen checker no longer attacks.
#[test]
fn the_tetrarch_leaving_a_frozen_rook_exposes_the_king() {
    let (strict, free) = mitsugumi(&[]);
    for text in ["+CS b7-d5", "+CS b7-e4", "+CS b7-b2"] {
        assert_eq!(pseudo_legal(&free, text, MIT_FREEZE).kind, MoveKind::Normal, "{text}: a plain move");
    }
    let men = [("a1", "K"), ("b7", "+CS"), ("a7", "r"), ("e5", "b"), ("m13", "k")];
    let pos = position(&strict, MIT_FREEZE, &men);
    assert!(frozen(&strict, &pos, "a7"), "the Tetrarch freezes the Rook");
    assert!(strict.piece_attacks(&pos, sq("e5"), sq("a1")), "the Bishop checks");
    assert_verdict(&strict, &pos, "+CS b7-d5", false, &["K a1-a2", "K a1-b1"]);
    assert_verdict(&strict, &pos, "+CS b7-b2", false, &["K a1-a2", "K a1-b1"]);

    let pos = position(&strict, MIT_FREEZE_NO_ROOK, &without(&men, "a7"));
    let expected = ["+CS b7-b2", "+CS b7-d5", "+CS b7-e4", "K a1-a2", "K a1-b1"];
    assert_verdict(&strict, &pos, "+CS b7-d5", true, &expected);
    assert_verdict(&strict, &pos, "+CS b7-e4", true, &expected);
}

/// Black: King a1, Rook c13. White: Heavenly Tetrarch c3, Gold b2, King m13.
const MIT_OWN_FREEZE: &str = "2R9k/13/13/13/13/13/13/13/13/13/2(+cs)10/1g11/K12 b - 1";
/// The same without the Gold.
const MIT_OWN_FREEZE_NO_GOLD: &str = "2R9k/13/13/13/13/13/13/13/13/13/2(+cs)10/13/K12 b - 1";

/// Mitsugumi, check to be resolved, reading freeze-side = all-pieces (MIT-69 "[ixK] ... for
/// immobilizing adjacent pieces": the Tetrarch freezes its own neighbours too). White's Tetrarch
/// on c3 checks the King on a1, skipping b2 (MIT-105 "totally ignoring ... what is on it") and
/// freezes White's own Gold on b2, which would otherwise attack a1 (`fF` for White). Black's
/// Rook on c13 takes the Tetrarch (c12..c4 empty; with or without promotion, c13 being in
/// Black's zone): that removes the checker and the freeze with it (MIT-109 "until the Heavenly
/// Tetrarch ... is captured"), and the Gold checks: illegal. The King may go to a2 or b1 (not
/// next to c3, not a square of its slides; the Gold is frozen) but not take the Gold on b2, next
/// to the Tetrarch, whose igui reaches it. Without the Gold the capture is legal.
///
/// Our own move can also freeze our own pieces under this reading, but a frozen piece still
/// stands where it stood and never attacked our royal, so that decides nothing; under the
/// default reading (freeze-side = opponents) a freezer's own men are never frozen, and the
/// freeze lifted is only ever the one our freezer leaves, tested above.
#[test]
fn capturing_a_tetrarch_that_froze_its_own_gold_exposes_the_king() {
    let (strict, free) = mitsugumi(&[("freeze-side", "all-pieces")]);
    assert_eq!(pseudo_legal(&free, "R c13xc3", MIT_OWN_FREEZE).kind, MoveKind::Capture);
    let men = [("a1", "K"), ("c13", "R"), ("c3", "+cs"), ("b2", "g"), ("m13", "k")];
    let pos = position(&strict, MIT_OWN_FREEZE, &men);
    assert!(frozen(&strict, &pos, "b2"), "the Gold is frozen by its own Tetrarch");
    assert!(strict.piece_attacks(&pos, sq("c3"), sq("a1")), "the Tetrarch checks over b2");
    assert_verdict(&strict, &pos, "R c13xc3", false, &["K a1-a2", "K a1-b1"]);

    let pos = position(&strict, MIT_OWN_FREEZE_NO_GOLD, &without(&men, "b2"));
    assert_verdict(&strict, &pos, "R c13xc3", true, &["K a1-a2", "K a1-b1", "R c13xc3", "R c13xc3+"]);
}
