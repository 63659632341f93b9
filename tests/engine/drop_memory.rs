//! The engine's memory of dropped and demoted pieces, and the drop after the move (issue 7):
//! the six reading options the engine used to refuse, each played on hand-built positions.
//!
//! - Shoogantshii (specs/shoogantshii.toml, document ../shared/seeds/003_2f018b5a7f2f595e.txt):
//!   reading promotion-trigger (options shogi, enters-zone), reading drop-promotion (options
//!   shogi, must-reenter), reading drop-turn (option extra-action);
//! - Heian Ryu (specs/heian-ryu.toml, document ../shared/seeds/004_396184d636ae2d26.txt):
//!   reading repromote (option optional).
//!
//! Every expected move list below is derived by hand from the document's rule and the option's
//! `means` text (quoted above each test), on a board holding a few men, never copied from the
//! engine. For each option there is a move legal under it and not under the default (or the
//! reverse, where the option only takes moves away), and the memory itself is shown to matter:
//! the same board with and without the memory has different moves.
//!
//! Position strings (docs/engine.md): `*c8` after the move number marks a piece the position
//! remembers as dropped (it has not yet made a move meeting `promotion.after-drop`), `=c9` a
//! piece it remembers as demoted, ` +` at the end a player who may still drop after this turn's
//! move (drops.per-turn = in-addition) or is on a Heian extra turn.
//!
//! Shoogantshii squares: files a-i, ranks 1-9 from the first player's side; the first player's
//! promotion zone is ranks 7-9 (SHO-27 "has advanced to at least the seventh rank"), his Palace
//! d1-f3, the second player's Palace d7-f9. Heian Ryu: 7 files by 12 ranks; the first player's
//! First zone is ranks 1-3, Third 7-9, Fourth 10-12.

use crate::common;
use kensho::Color;

use common::play_texts as play;
use common::{find, men_at, moves_from, rows, sorted, sq, texts};
use kensho::engine::{Engine, Move, MoveKind, Position};
use kensho::random::SplitMix64;
use kensho::spec::LoadedSpec;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const SHOO: &str = "shoogantshii";
const HEIAN: &str = "heian-ryu";

fn loaded(name: &str) -> &'static LoadedSpec {
    static S: OnceLock<LoadedSpec> = OnceLock::new();
    static H: OnceLock<LoadedSpec> = OnceLock::new();
    let cell = if name == SHOO { &S } else { &H };
    cell.get_or_init(|| {
        kensho::spec::load(Path::new(&format!("specs/{name}.toml")))
            .unwrap_or_else(|e| panic!("specs/{name}.toml: {e}"))
    })
}

/// The engine of `name` with one reading switched (or none: `&[]`), through
/// `LoadedSpec::alternative` as the reading comparisons use it.
fn engine(name: &str, choice: &[(&str, &str)]) -> Engine {
    let spec = loaded(name);
    let game = match choice {
        [] => spec.resolve(&BTreeMap::new()).unwrap_or_else(|e| panic!("{name}: {e}")),
        [(reading, option)] => {
            spec.alternative(reading, option).unwrap_or_else(|| panic!("{name}: no option {reading}={option}")).clone()
        }
        _ => panic!("one reading at a time"),
    };
    Engine::new(&game).unwrap_or_else(|bad| panic!("{name} {choice:?}: the engine refuses {bad:?}"))
}

/// The position with these men (`id@square`, upper-case id = first player) and `tail` after the
/// rows: side, hands, move number and the optional fields (`b R 1`, `b - 1 *c8`).
fn position(e: &Engine, men: &[&str], tail: &str) -> Position {
    let text = format!("{} {tail}", rows(e.game.board, &men_at(men)));
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// Plays the move texts (each must be legal; the game must not end) and returns the position.
fn after(e: &Engine, pos: &Position, moves: &[&str]) -> Position {
    let mut p = pos.clone();
    assert!(play(e, &mut p, moves).is_none(), "the game ended during {moves:?}");
    p
}

/// The moves of a piece `id` from `from` to each of `dests`: the plain move, and the promoting
/// one where `promotes(dest)` says the piece may promote there.
fn expected(id: &str, from: &str, dests: &str, promotes: impl Fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for d in dests.split_whitespace() {
        out.push(format!("{id} {from}-{d}"));
        if promotes(d) {
            out.push(format!("{id} {from}-{d}+"));
        }
    }
    out.sort();
    out
}

/// The rank (1-based) of a square name.
fn rank(name: &str) -> u8 {
    sq(name).rank + 1
}

/// The squares a Shoogantshii Rook on c8 reaches with only the Kings d1 and e9 (or f9) on the
/// board: along rank 8 and down the c-file, and c9.
const FROM_C8: &str = "a8 b8 d8 e8 f8 g8 h8 i8 c9 c7 c6 c5 c4 c3 c2 c1";
/// The Rook on c9: along rank 9 (the second King on e8) and down the c-file.
const FROM_C9: &str = "a9 b9 d9 e9 f9 g9 h9 i9 c8 c7 c6 c5 c4 c3 c2 c1";

fn in_zone(name: &str) -> bool {
    rank(name) >= 7
}

/// The squares where a piece of type `id` may be dropped.
fn drop_squares(e: &Engine, p: &Position, id: &str) -> BTreeSet<String> {
    e.legal_moves(p)
        .iter()
        .filter(|m| m.kind == MoveKind::Drop && e.piece(m.man.piece).id == id)
        .map(|m| m.to.unwrap().name())
        .collect()
}

/// Every square of the 9x9 board kept by `keep(file, rank)`.
fn squares_where(keep: impl Fn(char, u8) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in 'a'..='i' {
        for rank in 1..=9u8 {
            if keep(file, rank) {
                out.insert(format!("{file}{rank}"));
            }
        }
    }
    out
}

fn first_palace(file: char, rank: u8) -> bool {
    ('d'..='f').contains(&file) && rank <= 3
}

fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(String::from).collect()
}

// ---------------------------------------------------------------------------------------------
// promotion-trigger = shogi: dropped pieces keep rule 5
// ---------------------------------------------------------------------------------------------

/// Reading promotion-trigger, option shogi: "as in shogi: a move starting or ending in ranks
/// 7-9 may promote"; rule 5 (SHO-37, default drop-promotion = next-move-ending-in-zone: "no
/// promotion on the drop; afterwards any move ending on ranks 7-9 may promote") still holds for
/// a dropped piece until it ends a move in the zone.
#[test]
fn promotion_trigger_shogi_lets_a_board_piece_promote_leaving_the_zone_but_not_a_dropped_one() {
    let men = ["K@d1", "k@e9", "R@c8"];
    let shogi = engine(SHOO, &[("promotion-trigger", "shogi")]);
    let default = engine(SHOO, &[]);
    // A Rook that stood on c8 before (not dropped). Shogi: it starts in the zone, so all 16 of
    // its moves may promote. Default (ends-in-zone): only the 9 ending on ranks 7-9.
    let board_rook = position(&shogi, &men, "b - 1");
    assert_eq!(moves_from(&shogi, &board_rook, "c8"), expected("R", "c8", FROM_C8, |_| true));
    let p = position(&default, &men, "b - 1");
    assert_eq!(moves_from(&default, &p, "c8"), expected("R", "c8", FROM_C8, in_zone));
    // The witness: R c8-c5+ (leaving the zone) is legal under shogi only.
    assert!(moves_from(&shogi, &board_rook, "c8").contains(&"R c8-c5+".to_string()));
    assert!(!moves_from(&default, &p, "c8").contains(&"R c8-c5+".to_string()));
    // The same board with the Rook remembered as dropped (`*c8`): rule 5, only the moves ending
    // in the zone may promote; R c8-c5+ is not legal.
    let dropped = position(&shogi, &men, "b - 1 *c8");
    assert_eq!(moves_from(&shogi, &dropped, "c8"), expected("R", "c8", FROM_C8, in_zone));

    // Played: the Rook dropped on c8, a King move, the Rook's first move c8-c9 (declining): it
    // "ends a move in your promotion zone", so from then on shogi's trigger decides and its
    // next move out of the zone may promote.
    let start = position(&shogi, &["K@d1", "k@f9"], "b R 1");
    let p = after(&shogi, &start, &["R*c8"]);
    assert!(shogi.position_string(&p).ends_with(" *c8"), "{}", shogi.position_string(&p));
    let p = after(&shogi, &p, &["K f9-e9"]);
    assert_eq!(moves_from(&shogi, &p, "c8"), expected("R", "c8", FROM_C8, in_zone));
    let p = after(&shogi, &p, &["R c8-c9", "K e9-e8"]);
    assert!(!shogi.position_string(&p).contains('*'), "{}", shogi.position_string(&p));
    assert_eq!(moves_from(&shogi, &p, "c9"), expected("R", "c9", FROM_C9, |_| true));
}

// ---------------------------------------------------------------------------------------------
// promotion-trigger = enters-zone: dropped pieces promote within the zone
// ---------------------------------------------------------------------------------------------

/// Reading promotion-trigger, option enters-zone: "only a move from outside ranks 7-9 into them
/// may promote"; a dropped piece promotes by rule 5 (default drop-promotion: "afterwards any
/// move ending on ranks 7-9 may promote, including a move within the zone").
#[test]
fn promotion_trigger_enters_zone_denies_a_board_piece_in_the_zone_but_not_a_dropped_one() {
    let men = ["K@d1", "k@e9", "R@c8"];
    let enters = engine(SHOO, &[("promotion-trigger", "enters-zone")]);
    let default = engine(SHOO, &[]);
    // A Rook already on c8: none of its moves enters the zone, so none promotes. Default: the
    // 9 moves ending in the zone may. The reverse witness: R c8-c9+ is legal under the default
    // only.
    let p = position(&enters, &men, "b - 1");
    assert_eq!(moves_from(&enters, &p, "c8"), expected("R", "c8", FROM_C8, |_| false));
    let d = position(&default, &men, "b - 1");
    assert!(moves_from(&default, &d, "c8").contains(&"R c8-c9+".to_string()));
    // Remembered as dropped: rule 5 lets every move ending in the zone promote, so R c8-c9+ is
    // legal again (the memory changes the moves).
    let p = position(&enters, &men, "b - 1 *c8");
    assert_eq!(moves_from(&enters, &p, "c8"), expected("R", "c8", FROM_C8, in_zone));
    // A Rook below the zone: its moves into ranks 7-9 enter it and may promote.
    let p = position(&enters, &["K@d1", "k@e9", "R@c5"], "b - 1");
    let from_c5 = "a5 b5 d5 e5 f5 g5 h5 i5 c6 c7 c8 c9 c4 c3 c2 c1";
    assert_eq!(moves_from(&enters, &p, "c5"), expected("R", "c5", from_c5, in_zone));

    // Played: R*c8, then R c8-c9+ is legal for the dropped Rook.
    let start = position(&enters, &["K@d1", "k@f9"], "b R 1");
    let p = after(&enters, &start, &["R*c8", "K f9-e9"]);
    assert!(moves_from(&enters, &p, "c8").contains(&"R c8-c9+".to_string()));
}

/// SHO-28 "Unpromoted Pawns and Lances must promote if and when they reach the ninth" under
/// enters-zone: a Pawn that entered the zone on rank 7 and stayed unpromoted steps from c8 to
/// c9 without entering the zone, yet must promote there (the engine's decision: the forced
/// promotion wins, SHO-30 "it must have squares it could theoretically advance to"): only
/// P c8-c9+. A Pawn on c6 entering the zone may promote or not.
#[test]
fn enters_zone_keeps_the_forced_promotion_on_the_ninth() {
    for option in ["enters-zone", "ends-in-zone"] {
        let e = engine(SHOO, &[("promotion-trigger", option)]);
        let p = position(&e, &["K@d1", "k@f9", "P@c8", "P@a6"], "b - 1");
        assert_eq!(moves_from(&e, &p, "c8"), sorted(&["P c8-c9+"]), "{option}");
        assert_eq!(moves_from(&e, &p, "a6"), sorted(&["P a6-a7", "P a6-a7+"]), "{option}");
    }
}

// ---------------------------------------------------------------------------------------------
// drop-promotion = shogi
// ---------------------------------------------------------------------------------------------

/// Reading drop-promotion, option shogi: "no promotion on the drop; afterwards shogi's rule (a
/// move starting or ending in the zone)". The default trigger (ends-in-zone) still decides
/// pieces that were not dropped. The memory ends with the dropped piece's first move that
/// meets shogi's rule.
#[test]
fn drop_promotion_shogi_lets_a_dropped_piece_promote_leaving_the_zone() {
    let shogi = engine(SHOO, &[("drop-promotion", "shogi")]);
    let default = engine(SHOO, &[]);
    let start_men = ["K@d1", "k@f9"];
    // The drop itself never promotes (SHO-36 "may not be dropped promoted").
    let start = position(&shogi, &start_men, "b R 1");
    let to_c8: Vec<String> = texts(&shogi, shogi.legal_moves(&start).iter().filter(|m| m.to == Some(sq("c8"))));
    assert_eq!(to_c8, sorted(&["R*c8"]));
    // After R*c8 and a King move: the dropped Rook starts in the zone, so every one of its 16
    // moves may promote; under the default (rule 5 as "a move ending in the zone") only the 9
    // ending on ranks 7-9. The witness R c8-c5+ is legal under shogi only.
    let p = after(&shogi, &start, &["R*c8", "K f9-e9"]);
    assert_eq!(moves_from(&shogi, &p, "c8"), expected("R", "c8", FROM_C8, |_| true));
    let d = after(&default, &position(&default, &start_men, "b R 1"), &["R*c8", "K f9-e9"]);
    assert_eq!(moves_from(&default, &d, "c8"), expected("R", "c8", FROM_C8, in_zone));
    // A Rook on c8 that was not dropped: the trigger ends-in-zone, only the 9.
    let board_rook = position(&shogi, &["K@d1", "k@e9", "R@c8"], "b - 1");
    assert_eq!(moves_from(&shogi, &board_rook, "c8"), expected("R", "c8", FROM_C8, in_zone));
    // The dropped Rook's first move (c8-c7, declining) meets shogi's rule: the memory ends, and
    // from c7 only moves ending in the zone may promote (c7-c4 may not).
    let p = after(&shogi, &p, &["R c8-c7", "K e9-e8"]);
    assert!(!shogi.position_string(&p).contains('*'), "{}", shogi.position_string(&p));
    let from_c7 = "a7 b7 d7 e7 f7 g7 h7 i7 c8 c9 c6 c5 c4 c3 c2 c1";
    assert_eq!(moves_from(&shogi, &p, "c7"), expected("R", "c7", from_c7, in_zone));
}

// ---------------------------------------------------------------------------------------------
// drop-promotion = must-reenter
// ---------------------------------------------------------------------------------------------

/// Reading drop-promotion, option must-reenter: "a piece dropped in the zone must first leave
/// it and then end a move in it again". Under the default a dropped Rook on c8 may promote on
/// any move ending in the zone (R c8-c9+); under must-reenter on none of its moves (the
/// reverse witness), also not after moving within the zone; once it has left the zone, a move
/// back in may promote.
#[test]
fn drop_promotion_must_reenter_waits_until_the_piece_has_left_the_zone() {
    let reenter = engine(SHOO, &[("drop-promotion", "must-reenter")]);
    let default = engine(SHOO, &[]);
    let start_men = ["K@d1", "k@f9"];
    let p = after(&reenter, &position(&reenter, &start_men, "b R 1"), &["R*c8", "K f9-e9"]);
    assert_eq!(moves_from(&reenter, &p, "c8"), expected("R", "c8", FROM_C8, |_| false));
    let d = after(&default, &position(&default, &start_men, "b R 1"), &["R*c8", "K f9-e9"]);
    assert!(moves_from(&default, &d, "c8").contains(&"R c8-c9+".to_string()));
    // A Rook on c8 that was not dropped promotes as the trigger says (ends-in-zone).
    let board_rook = position(&reenter, &["K@d1", "k@e9", "R@c8"], "b - 1");
    assert_eq!(moves_from(&reenter, &board_rook, "c8"), expected("R", "c8", FROM_C8, in_zone));
    // Within the zone (c8-c7) it is still remembered, and still may not promote.
    let q = after(&reenter, &p, &["R c8-c7", "K e9-e8"]);
    assert!(reenter.position_string(&q).ends_with(" *c7"), "{}", reenter.position_string(&q));
    let from_c7 = "a7 b7 d7 e7 f7 g7 h7 i7 c8 c9 c6 c5 c4 c3 c2 c1";
    assert_eq!(moves_from(&reenter, &q, "c7"), expected("R", "c7", from_c7, |_| false));
    // It leaves the zone (c7-c5): then its moves into ranks 7-9 may promote.
    let q = after(&reenter, &q, &["R c7-c5", "K e8-e9"]);
    assert!(!reenter.position_string(&q).contains('*'), "{}", reenter.position_string(&q));
    let from_c5 = "a5 b5 d5 e5 f5 g5 h5 i5 c6 c7 c8 c9 c4 c3 c2 c1";
    assert_eq!(moves_from(&reenter, &q, "c5"), expected("R", "c5", from_c5, in_zone));
}

/// A Pawn dropped on c8 under must-reenter can never leave the zone (it only steps forward),
/// but SHO-28 makes it promote on reaching the ninth (the engine's decision, as for
/// enters-zone above): only P c8-c9+, as under the default.
#[test]
fn must_reenter_keeps_the_forced_promotion_of_a_dropped_pawn() {
    for choice in [&[("drop-promotion", "must-reenter")][..], &[]] {
        let e = engine(SHOO, choice);
        let p = after(&e, &position(&e, &["K@d1", "k@f9"], "b P 1"), &["P*c8", "K f9-e9"]);
        assert_eq!(moves_from(&e, &p, "c8"), sorted(&["P c8-c9+"]), "{choice:?}");
    }
}

/// A capture takes the memory with the piece: the second player's Rook c1 takes the dropped
/// Rook c8; the captured Rook goes to hand and nothing is remembered on c8.
/// The memory ends with the move that meets `promotion.after-drop` whether or not the game lets
/// stationary moves promote (`promotion.stationary-moves = not-allowed` speaks of moves that
/// return to their square, not of this one). Under promotion-trigger = enters-zone (so the
/// memory matters) with stationary moves not promoting: R*c8, then R c8-d8 ends in the zone (rule
/// 5, SHO-37: it may promote; it declines). From then on the trigger decides, as for any board
/// piece: R d8-e8 enters no zone, so it may not promote, and the position remembers nothing.
#[test]
fn the_move_meeting_the_after_drop_rule_ends_the_memory_with_stationary_promotion_off() {
    let mut game = loaded(SHOO).alternative("promotion-trigger", "enters-zone").expect("option").clone();
    game.rules.insert("promotion.stationary-moves".into(), kensho::spec::settings::Setting::Word("not-allowed".into()));
    let e = Engine::new(&game).expect("playable");
    let start = position(&e, &["K@d1", "k@f9"], "b R 1");
    let p = after(&e, &start, &["R*c8", "K f9-f8"]);
    assert!(e.position_string(&p).ends_with("*c8"), "{}", e.position_string(&p));
    let moves = moves_from(&e, &p, "c8");
    assert!(moves.contains(&"R c8-d8+".to_string()), "{moves:?}");
    let p = after(&e, &p, &["R c8-d8", "K f8-f9"]);
    assert!(!e.position_string(&p).contains('*'), "{}", e.position_string(&p));
    let moves = moves_from(&e, &p, "d8");
    assert!(moves.contains(&"R d8-e8".to_string()) && !moves.contains(&"R d8-e8+".to_string()), "{moves:?}");
}

#[test]
fn a_capture_ends_the_memory() {
    let e = engine(SHOO, &[("drop-promotion", "must-reenter")]);
    let p = after(&e, &position(&e, &["K@d1", "k@f9", "r@c1"], "b R 1"), &["R*c8"]);
    assert!(e.position_string(&p).ends_with(" *c8"));
    let p = after(&e, &p, &["R c1xc8"]);
    assert_eq!(p.flags_at(sq("c8")), 0);
    assert!(!e.position_string(&p).contains('*'), "{}", e.position_string(&p));
    assert_eq!(p.hash(&e.zobrist), p.hash_from_scratch(&e.zobrist));
}

// ---------------------------------------------------------------------------------------------
// drop-turn = extra-action
// ---------------------------------------------------------------------------------------------

/// Reading drop-turn, option extra-action: "a drop may be made in addition to the turn's move"
/// (SHO-31). The engine's decisions where the text is silent: the drop comes after the move,
/// may be declined, and a turn is never a drop alone. First player: King d1, Rook a2, a Pawn
/// in hand; second player: King f9.
#[test]
fn extra_action_a_move_then_an_optional_drop() {
    let men = ["K@d1", "R@a2", "k@f9"];
    let extra = engine(SHOO, &[("drop-turn", "extra-action")]);
    let default = engine(SHOO, &[]);
    // Pawn drops: every empty square of ranks 1-8 outside the own Palace d1-f3 (SHO-34; the
    // ninth is banned, SHO-41; no Pawn of his on any file, SHO-32; P*f8 checks but the King
    // takes it, so no mate, SHO-38).
    let pawn_drops = |taken: &[&str]| {
        squares_where(|f, r| r <= 8 && !first_palace(f, r) && !taken.contains(&format!("{f}{r}").as_str()))
    };
    // Default: the turn is the Rook's or King's move, or a drop.
    let d = position(&default, &men, "b P 1");
    assert_eq!(drop_squares(&default, &d, "P"), pawn_drops(&["a2"]));
    // extra-action: the turn starts with a move (no drop alone), each move followed by a drop.
    let p = position(&extra, &men, "b P 1");
    let moves = extra.legal_moves(&p);
    assert!(moves.iter().all(|m| m.kind != MoveKind::Drop), "a drop alone is not a turn");
    assert!(moves.iter().all(|m| m.earns_extra_turn), "every move is followed by the drop");
    assert_eq!(
        texts(&extra, moves.iter().filter(|m| m.from == Some(sq("d1")))),
        sorted(&["K d1-d2", "K d1-e1", "K d1-e2"])
    );
    // After R a2-a3 the same player drops or declines; the position string ends with " +".
    let q = after(&extra, &p, &["R a2-a3"]);
    assert_eq!(q.side, Color::Black);
    assert!(extra.position_string(&q).ends_with(" +"), "{}", extra.position_string(&q));
    let second: Vec<Move> = extra.legal_moves(&q);
    assert!(second.iter().all(|m| m.kind == MoveKind::Drop || m.kind == MoveKind::Decline));
    assert_eq!(second.iter().filter(|m| m.kind == MoveKind::Decline).count(), 1);
    assert_eq!(drop_squares(&extra, &q, "P"), pawn_drops(&["a3"]));
    // The witness: R a2-a3 and P*c5 in one turn; then the second player moves.
    let r = after(&extra, &q, &["P*c5"]);
    assert_eq!(r.side, Color::White);
    assert!(!extra.position_string(&r).ends_with(" +"));
    let r = after(&extra, &q, &["decline"]);
    assert_eq!((r.side, r.hands[0].iter().sum::<u16>()), (Color::White, 1), "declined: the Pawn stays in hand");
    // Under the default R a2-a3 ends the turn.
    let r = after(&default, &d, &["R a2-a3"]);
    assert_eq!(r.side, Color::White);
}

/// A piece captured by the turn's move may be dropped at once ("retained in hand and can be
/// deployed at will"): with an empty hand, R a2xa5 takes the General a5, and the same player
/// may drop it on any empty square outside his Palace (SHO-34; a General can always move). A
/// move that captures nothing, with an empty hand, ends the turn.
#[test]
fn extra_action_drops_a_piece_just_captured() {
    let e = engine(SHOO, &[("drop-turn", "extra-action")]);
    let p = position(&e, &["K@d1", "R@a2", "k@f9", "g@a5"], "b - 1");
    let take = find(&e, &p, "R a2xa5");
    assert!(take.earns_extra_turn);
    let quiet = find(&e, &p, "R a2-a3");
    assert!(!quiet.earns_extra_turn, "nothing to drop: the turn passes");
    let q = after(&e, &p, &["R a2xa5"]);
    assert_eq!(q.side, Color::Black);
    let taken = ["d1", "a5", "f9"];
    assert_eq!(
        drop_squares(&e, &q, "G"),
        squares_where(|f, r| !first_palace(f, r) && !taken.contains(&format!("{f}{r}").as_str()))
    );
    let r = after(&e, &p, &["R a2-a3"]);
    assert_eq!(r.side, Color::White);
}

/// SHO-38 under extra-action: "doom the King to being Captured on the following move" counts
/// the opponent's whole turn, his move and then his drop. The Cannon e4 faces the second King
/// e9 (as in engine_shoogantshii_rules.rs, rule6_pawn_as_the_screen_of_the_droppers_cannon):
/// his own Pawns and Lances hold d8, d9, f8, f9, so a Pawn dropped on e5, e6 or e7 as the
/// Cannon's screen leaves every move of his with the King capturable. With a General in his
/// hand he may drop it after his move onto the Cannon's line (e5 or e6 outside his Palace
/// d7-f9), giving it two screens: no doom, so the drops are legal. Without it they are banned.
#[test]
fn extra_action_pawn_drop_mate_counts_the_opponents_drop_after_his_move() {
    let men = ["K@e1", "C@e4", "k@e9", "l@d9", "l@f9", "p@d8", "p@f8"];
    let e = engine(SHOO, &[("drop-turn", "extra-action")]);
    for (hands, expected) in [("P", "e8"), ("Pg", "e5 e6 e7 e8")] {
        let p = position(&e, &men, &format!("b {hands} 1"));
        let q = after(&e, &p, &["K e1-d1"]);
        let on_e: BTreeSet<String> = drop_squares(&e, &q, "P").into_iter().filter(|s| s.starts_with('e')).collect();
        assert_eq!(on_e, set(expected), "hands {hands}");
    }
    // The default game gives the same answers (his reply may be the General's drop instead of a
    // move).
    let d = engine(SHOO, &[]);
    for (hands, expected) in [("P", "e8"), ("Pg", "e5 e6 e7 e8")] {
        let p = position(&d, &men, &format!("b {hands} 1"));
        let on_e: BTreeSet<String> = drop_squares(&d, &p, "P").into_iter().filter(|s| s.starts_with('e')).collect();
        assert_eq!(on_e, set(expected), "default, hands {hands}");
    }
}

// ---------------------------------------------------------------------------------------------
// Heian Ryu: repromote = optional
// ---------------------------------------------------------------------------------------------

/// Reading repromote, option optional: "re-promotion is optional ('In order to re-promote it
/// must' states only a condition)". HEI-6 "If you move a promoted piece into your first zone,
/// it becomes demoted and is re-flipped"; RYU-64 "Promotion is forced upon reaching the fourth
/// zone" for every other piece. A demoted Rook on c9 (Third zone: the Rook's moves plus a
/// King's step) reaching the Fourth zone (ranks 10-12) may promote or not under optional; a
/// Rook never demoted must promote; under the default both must.
#[test]
fn repromote_optional_lets_a_demoted_piece_decline() {
    let optional = engine(HEIAN, &[("repromote", "optional")]);
    let forced = engine(HEIAN, &[]);
    let men = ["K@g1", "k@a12", "p@g10", "R@c9"];
    let fourth = |d: &str| rank(d) >= 10;
    // From c9: the c-file up to c12 and down to c1, rank 9, and the King's steps b10 d10 b8 d8.
    let dests = "c10 c11 c12 c8 c7 c6 c5 c4 c3 c2 c1 a9 b9 d9 e9 f9 g9 b10 d10 b8 d8";
    // Forced: in the Fourth zone only the promoting move; elsewhere only the plain one.
    let must = |id: &str, from: &str| -> Vec<String> {
        let mut v: Vec<String> = dests
            .split_whitespace()
            .map(|d| if fourth(d) { format!("{id} {from}-{d}+") } else { format!("{id} {from}-{d}") })
            .collect();
        v.sort();
        v
    };
    let demoted = position(&optional, &men, "b - 1 =c9");
    assert_eq!(moves_from(&optional, &demoted, "c9"), expected("R", "c9", dests, fourth));
    let never_demoted = position(&optional, &men, "b - 1");
    assert_eq!(moves_from(&optional, &never_demoted, "c9"), must("R", "c9"));
    let p = position(&forced, &men, "b - 1");
    assert_eq!(moves_from(&forced, &p, "c9"), must("R", "c9"));
    // The witness: R c9-c10 (declining) is legal under optional only.
    assert!(moves_from(&optional, &demoted, "c9").contains(&"R c9-c10".to_string()));
    // Declined, the Rook stays demoted; its move within the Fourth zone may again promote or not.
    let q = after(&optional, &demoted, &["R c9-c10", "P g10-g9"]);
    assert!(optional.position_string(&q).ends_with(" =c10"), "{}", optional.position_string(&q));
    let from_c10: Vec<String> =
        moves_from(&optional, &q, "c10").into_iter().filter(|m| m.starts_with("R c10-c11")).collect();
    assert_eq!(from_c10, sorted(&["R c10-c11", "R c10-c11+"]));
    // Promoting ends the memory.
    let q = after(&optional, &demoted, &["R c9-c10+"]);
    assert!(!optional.position_string(&q).contains('='), "{}", optional.position_string(&q));
}

/// The demotion itself is remembered: the Dragon King c5 moving into the First zone (c2)
/// becomes a Rook (`=R`) and the position remembers it on c2 (`=c2`), then on c3 after it
/// steps there (First zone: a Wazir step).
/// HEI-7 (repromote = forced, the default) forces a demoted piece's re-promotion wherever it may
/// promote, also where the game's own rule would leave the promotion to the player. No bundled
/// game shows it (Ryu forces every promotion anyway), so Heian Ryu is given listed forced ranks
/// (`promotion.forced = listed-ranks`, the Pawn forced on rank 12: an invented rule for this
/// test). A Pawn never demoted may decline in the Fourth zone except on rank 12; a demoted one
/// (`=c11`) must promote on every square of it.
#[test]
fn a_demoted_piece_must_repromote_where_others_may_decline() {
    use kensho::spec::settings::Setting;
    let mut game = loaded(HEIAN).resolve(&BTreeMap::new()).expect("default");
    game.rules.insert("promotion.forced".into(), Setting::Word("listed-ranks".into()));
    game.rules.insert(
        "promotion.forced-ranks".into(),
        Setting::RanksPerPiece([("P".to_string(), vec![12u8])].into_iter().collect()),
    );
    let e = Engine::new(&game).expect("playable");
    // The Pawn outside the First zone moves `WfF` (RYU-19..21): from c11 to c10, c12, b11, d11,
    // b12, d12, all in the Fourth zone; rank 12 forced.
    let plain = position(&e, &["K@g1", "k@a12", "P@c11"], "b - 1");
    let moves = moves_from(&e, &plain, "c11");
    let may_decline = ["P c11-b11", "P c11-b11+", "P c11-c10", "P c11-c10+", "P c11-d11", "P c11-d11+"];
    let forced = ["P c11-b12+", "P c11-c12+", "P c11-d12+"];
    let mut expected: Vec<&str> = may_decline.iter().chain(&forced).copied().collect();
    expected.sort();
    assert_eq!(moves, expected, "never demoted");
    let demoted = position(&e, &["K@g1", "k@a12", "P@c11"], "b - 1 =c11");
    let moves = moves_from(&e, &demoted, "c11");
    assert_eq!(moves, ["P c11-b11+", "P c11-b12+", "P c11-c10+", "P c11-c12+", "P c11-d11+", "P c11-d12+"], "demoted");
}

#[test]
fn a_demotion_is_remembered_and_follows_the_piece() {
    let e = engine(HEIAN, &[("repromote", "optional")]);
    let p = position(&e, &["K@g1", "k@a12", "p@g10", "+R@c5"], "b - 1");
    let q = after(&e, &p, &["+R c5-c2=R"]);
    assert!(e.position_string(&q).ends_with(" =c2"), "{}", e.position_string(&q));
    let q = after(&e, &q, &["P g10-g9", "R c2-c3"]);
    assert!(e.position_string(&q).ends_with(" =c3"), "{}", e.position_string(&q));
    // Under the default nothing needs remembering.
    let d = engine(HEIAN, &[]);
    let q = after(&d, &position(&d, &["K@g1", "k@a12", "p@g10", "+R@c5"], "b - 1"), &["+R c5-c2=R"]);
    assert!(!d.position_string(&q).contains('='), "{}", d.position_string(&q));
}

// ---------------------------------------------------------------------------------------------
// The memory in the position: hash, position string, make/unmake
// ---------------------------------------------------------------------------------------------

/// Two positions that differ only in the memory are different positions: different Zobrist
/// keys (kept incrementally and from scratch alike) and different repetition keys.
#[test]
fn the_memory_is_part_of_the_hash() {
    let e = engine(SHOO, &[("drop-promotion", "must-reenter")]);
    let men = ["K@d1", "k@e9", "R@c8"];
    let plain = position(&e, &men, "b - 1");
    let dropped = position(&e, &men, "b - 1 *c8");
    let z = &e.zobrist;
    assert_ne!(plain.hash(z), dropped.hash(z));
    assert_ne!(e.repetition_key(&plain), e.repetition_key(&dropped));
    assert_eq!(dropped.hash(z), dropped.hash_from_scratch(z));
    assert_ne!(plain, dropped);
    // Setting and clearing the flag by hand keeps the hash.
    let mut p = plain.clone();
    p.set_flags(z, sq("c8"), kensho::engine::position::DROPPED);
    assert_eq!(p, dropped);
    assert_eq!(p.hash(z), dropped.hash(z));
    p.set_flags(z, sq("c8"), 0);
    assert_eq!(p.hash(z), plain.hash(z));

    let h = engine(HEIAN, &[("repromote", "optional")]);
    let men = ["K@g1", "k@a12", "R@c9"];
    let (a, b) = (position(&h, &men, "b - 1"), position(&h, &men, "b - 1 =c9"));
    assert_ne!(a.hash(&h.zobrist), b.hash(&h.zobrist));
    assert_eq!(b.hash(&h.zobrist), b.hash_from_scratch(&h.zobrist));
}

/// Position strings: the memory fields round-trip; strings without them read as before; a game
/// that keeps no memory refuses them; malformed fields are refused with a message.
#[test]
fn position_strings_carry_the_memory() {
    let e = engine(SHOO, &[("promotion-trigger", "shogi")]);
    let text = format!("{} b - 1 *e7,c8", rows(e.game.board, &men_at(&["K@d1", "k@f9", "R@c8", "P@e7"])));
    let p = e.parse_position(&text).unwrap();
    assert_eq!(e.position_string(&p), text);
    assert_eq!(p.flags_at(sq("c8")), kensho::engine::position::DROPPED);
    let plain = format!("{} b - 1", rows(e.game.board, &men_at(&["K@d1", "k@f9", "R@c8"])));
    assert_eq!(e.position_string(&e.parse_position(&plain).unwrap()), plain);
    for (bad, says) in [
        (format!("{plain} *c7"), "c7 is empty"),
        (
            format!("{} b - 1 *c5", rows(e.game.board, &men_at(&["K@d1", "k@f9", "R@c5"]))),
            "c5 is outside its owner's promotion zone",
        ),
        (format!("{plain} *d1"), "the piece on d1 does not promote"),
        (format!("{plain} *c8,c8"), "c8 is named twice"),
        (format!("{plain} *z9"), "'z9' is not a square"),
        (format!("{plain} =c8"), "demoted pieces"),
        (format!("{plain} + *c8"), "found '+'"),
    ] {
        let err = e.parse_position(&bad).expect_err(&bad).0;
        assert!(err.contains(says), "{bad}: '{err}' does not say '{says}'");
    }
    // The default game remembers nothing and refuses the field.
    let d = engine(SHOO, &[]);
    let err = d.parse_position(&format!("{plain} *c8")).expect_err("refused").0;
    assert!(err.contains("does not remember"), "{err}");
    // The start position strings are unchanged (standard SFEN).
    assert_eq!(e.position_string(&e.start()), d.position_string(&d.start()));
    // extra-action: '+' after the move.
    let x = engine(SHOO, &[("drop-turn", "extra-action")]);
    let t = format!("{plain} +").replace(" b - ", " b P ");
    assert_eq!(x.position_string(&x.parse_position(&t).unwrap()), t);
    assert!(d.parse_position(&t).is_err(), "no drop after the move in the default game");
}

/// The options with a memory (or a drop after the move).
const OPTIONS: &[(&str, (&str, &str))] = &[
    (SHOO, ("promotion-trigger", "shogi")),
    (SHOO, ("promotion-trigger", "enters-zone")),
    (SHOO, ("drop-promotion", "shogi")),
    (SHOO, ("drop-promotion", "must-reenter")),
    (SHOO, ("drop-turn", "extra-action")),
    (HEIAN, ("repromote", "optional")),
];

fn option_engine(i: usize) -> &'static Engine {
    static ENGINES: [OnceLock<Engine>; 6] = [const { OnceLock::new() }; 6];
    ENGINES[i].get_or_init(|| {
        let (name, (reading, option)) = OPTIONS[i];
        engine(name, &[(reading, option)])
    })
}

/// Every legal move of `pos` made and unmade: the hash after make equals the hash from
/// scratch, the position string reads back to the same position (memory and hash included),
/// and unmake restores the position, its string and its hash exactly.
fn check_every_move(e: &Engine, pos: &Position) -> Result<(), String> {
    let z = &e.zobrist;
    let text = e.position_string(pos);
    let mut work = pos.clone();
    let mut undo = Vec::new();
    for mv in e.legal_moves(pos) {
        e.make(&mut work, &mv, &mut undo);
        let after_text = e.position_string(&work);
        if work.hash(z) != work.hash_from_scratch(z) {
            return Err(format!("{text}: after {} the kept hash differs from the hash from scratch", e.move_text(&mv)));
        }
        match e.parse_position(&after_text) {
            Ok(back) if back == work && back.hash(z) == work.hash(z) => {}
            Ok(_) => return Err(format!("{after_text} reads back to another position")),
            Err(err) => return Err(format!("{after_text} does not read back: {err}")),
        }
        e.unmake(&mut work, &mut undo);
        if work != *pos || e.position_string(&work) != text || work.hash(z) != pos.hash(z) {
            return Err(format!("{text}: unmake after {} did not restore the position", e.move_text(&mv)));
        }
    }
    Ok(())
}

/// The positions of a seeded random game from the start (one per ply, the last included).
fn game(e: &Engine, seed: u64, plies: usize) -> Vec<Position> {
    let start = e.start();
    let mut out = vec![start.clone()];
    e.random_game(&start, seed, plies, |_, _, after| out.push(after.clone()));
    out
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// make/unmake round-trips the memory on random games under each of the six options.
    #[test]
    fn make_unmake_round_trips_the_memory(i in 0..OPTIONS.len(), seed in any::<u64>(), plies in 20usize..160) {
        let e = option_engine(i);
        for pos in game(e, seed, plies) {
            let result = check_every_move(e, &pos);
            prop_assert!(result.is_ok(), "{:?} seed {seed}: {}", OPTIONS[i], result.unwrap_err());
        }
    }

    /// A stack of moves taken back one by one passes through every earlier position (memory
    /// and hash included) in reverse.
    #[test]
    fn a_stack_of_moves_unmakes_in_reverse(i in 0..OPTIONS.len(), seed in any::<u64>(), plies in 1usize..160) {
        let e = option_engine(i);
        let mut rng = SplitMix64::new(seed);
        let mut pos = e.start();
        let mut undo = Vec::new();
        let mut seen = vec![pos.clone()];
        for _ in 0..plies {
            let moves = e.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            e.make(&mut pos, &mv, &mut undo);
            if e.decided_by_move(&pos, &mv).is_some() {
                break;
            }
            seen.push(pos.clone());
        }
        while undo.len() >= seen.len() {
            e.unmake(&mut pos, &mut undo);
        }
        for expected in seen.iter().rev() {
            prop_assert_eq!(&pos, expected);
            prop_assert_eq!(pos.hash(&e.zobrist), expected.hash(&e.zobrist));
            e.unmake(&mut pos, &mut undo);
        }
    }
}

/// The random games above do reach remembered pieces (so the round trip is not vacuous): over
/// a few fixed seeds, each memory option has positions with a flag, and extra-action positions
/// in the middle of a turn.
#[test]
fn random_games_reach_remembered_pieces() {
    for (i, (name, (reading, option))) in OPTIONS.iter().enumerate() {
        let e = option_engine(i);
        let mut flagged = 0;
        for seed in 0..12u64 {
            for pos in game(e, 7000 + seed, 300) {
                let text = e.position_string(&pos);
                let marked =
                    if *reading == "drop-turn" { text.ends_with(" +") } else { pos.flags.iter().any(|&f| f != 0) };
                flagged += usize::from(marked);
            }
        }
        assert!(flagged > 0, "{name} {reading}={option}: no position with memory in 12 games");
    }
}
