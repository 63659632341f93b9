//! Hook Shogi rules in the reference engine, on hand-built positions (specs/hook.toml; the
//! document is ../shared/seeds/002_f3ad3da1aac5a416.txt, whose Interactive Diagram
//! configuration gives every piece's XBetza).
//!
//! Every expected move list below is counted by hand from the document's words (quoted with
//! the clause id); none is copied from the engine. Positions put few pieces on the 19x19 board
//! (files a..s, ranks 1..19, the first player "Black" moving toward rank 19), so each list can
//! be checked square by square.
//!
//! Move text (src/engine/notation.rs): `G e5xe6+` captures on e6 and promotes to the piece's
//! own promoted form; `=+DV` becomes another type; `LN j10-i10 x j11+` moves to i10 and also
//! captures j11; `LN j10-j10 x j11+` is igui; `LN j10-j10` a pass; `P b19+` promotes in place.
//!
//! The last test is the generic cross-check for Suzumu, Mitsugumi and Hook: a piece without
//! abilities, alone on the board, has exactly the destinations its XBetza has.

use crate::common;
use kensho::Color;

use common::assert_squares as assert_same_squares;
use common::{all_moves, destinations, find, men_at, moves_from, rows, sorted, texts};
use kensho::engine::status::Outcome;
use kensho::engine::{Engine, Man, MoveKind, Position};
use kensho::geometry::Square;
use kensho::spec::LoadedSpec;
use kensho::xbetza::{generate, Occupancy, Orientation};
use std::collections::BTreeSet;
use std::path::Path;

/// Readings switched for a case: (reading id, option).
type Choices = &'static [(&'static str, &'static str)];
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn load(name: &str) -> LoadedSpec {
    kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).unwrap_or_else(|e| panic!("specs/{name}.toml: {e}"))
}

fn hook() -> &'static LoadedSpec {
    static SPEC: OnceLock<LoadedSpec> = OnceLock::new();
    SPEC.get_or_init(|| load("hook"))
}

/// The Hook engine with some readings switched (`reading id`, `option name`); none = defaults.
fn engine(choices: &[(&str, &str)]) -> Engine {
    common::engine_with(hook(), choices)
}

/// The position with these pieces, `id@square`: an id written in lower case (`p`, `dv`, `+de`)
/// is the second player's, upper case the first player's. `tail` is the side to move and what
/// follows it in a position string (`b`, `w`, `b - 1 ~w`).
fn position(e: &Engine, pieces: &[&str], tail: &str) -> Position {
    let text = format!("{} {tail}", rows(e.game.board, &men_at(pieces)));
    e.parse_position(&text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The legal capturing moves of the piece on `from`.
fn captures_from(e: &Engine, pos: &Position, from: &str) -> Vec<String> {
    let from = Square::parse(from).unwrap();
    texts(e, e.legal_moves(pos).iter().filter(|m| m.from == Some(from) && !m.captures.is_empty()))
}

/// Every square of the 19x19 board except `except`.
fn board_except(except: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in b'a'..=b's' {
        for rank in 1..=19 {
            let name = format!("{}{rank}", file as char);
            if !except.contains(&name.as_str()) {
                out.insert(name);
            }
        }
    }
    out
}

/// The squares of a written-out list that may use ranges along a rank or a file: `e2-e7`,
/// `a1-d1`, `f9`.
fn squares(list: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for item in list {
        match item.split_once('-') {
            None => {
                out.insert(item.to_string());
            }
            Some((a, b)) => {
                let (a, b) = (Square::parse(a).unwrap(), Square::parse(b).unwrap());
                assert!(a.file == b.file || a.rank == b.rank, "{item} is not along a line");
                for f in a.file.min(b.file)..=a.file.max(b.file) {
                    for r in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                        out.insert(Square::new(f, r).name());
                    }
                }
            }
        }
    }
    out
}

/// Makes the move written `text` (it must be legal) and returns the game result after it.
fn play(e: &Engine, pos: &mut Position, text: &str) -> Option<Outcome> {
    let mv = find(e, pos, text);
    let mut history = e.start_history(pos);
    let mut undo = Vec::new();
    e.make(pos, &mv, &mut undo);
    e.status_after(pos, &mv, &mut history)
}

// ---------------------------------------------------------------------------------------------
// 1. Capture promotion
// ---------------------------------------------------------------------------------------------

/// HOOK-250 "Whenever a piece captures something, it promotes." HOOK-252 "Promotion is
/// mandatory - it is illegal to defer the promotion of a piece that has just captured"
/// (capture-optional = false). HOOK-253 "It is also illegal to promote a piece without
/// capturing". Gold General (WfF, HOOK-178) on e5, an enemy pawn on e6: five plain steps
/// (d5, f5, e4, d6, f6) without promotion, and the capture on e6 only promoted (to +G, Rook:
/// HOOK-299 "Gold General -> Rook").
#[test]
fn capture_promotes_and_cannot_be_declined() {
    let e = engine(&[]);
    let pos = position(&e, &["G@e5", "p@e6"], "b");
    let expected = sorted(&["G e5-d5", "G e5-d6", "G e5-e4", "G e5xe6+", "G e5-f5", "G e5-f6"]);
    assert_eq!(all_moves(&e, &pos), expected);
}

/// The setting the document rules out (HOOK-252 makes capture promotion mandatory), switched
/// on in the spec's text: `promotion.capture-optional = true` must offer the capture both
/// ways, promoted and not. No bundled spec sets it; without this test cargo-mutants could
/// ignore the setting unnoticed.
#[test]
fn an_optional_capture_promotion_may_be_declined() {
    let text = common::read_text("specs/hook.toml");
    let from = "capture-optional = false";
    assert_eq!(text.matches(from).count(), 1, "specs/hook.toml holds {from:?} once");
    let spec = kensho::spec::parse("specs/hook.toml", &text.replacen(from, "capture-optional = true", 1))
        .unwrap_or_else(|e| panic!("{e}"));
    let e = common::engine_with(&spec, &[]);
    let pos = position(&e, &["G@e5", "p@e6"], "b");
    assert_eq!(captures_from(&e, &pos, "e5"), sorted(&["G e5xe6", "G e5xe6+"]));
}

/// HOOK-309 "The Hook mover and Tengu do not promote"; reading nonpromoting-capture. A Hook
/// Mover on a1, an enemy pawn on e1: `capture-unchanged` (default) "they capture normally and
/// stay unchanged"; `capture-forbidden` "since promotion cannot happen, capturing with them is
/// illegal". The hook paths never reach e1 (a first leg up the a-file turns onto ranks 2..18,
/// a first leg along rank 1 stops at e1), so the one capture is the straight slide.
#[test]
fn nonpromoting_capture_reading() {
    for (option, expected) in [("capture-unchanged", vec!["HM a1xe1"]), ("capture-forbidden", vec![])] {
        let e = engine(&[("nonpromoting-capture", option)]);
        let pos = position(&e, &["HM@a1", "p@e1"], "b");
        assert_eq!(captures_from(&e, &pos, "a1"), sorted(&expected), "nonpromoting-capture = {option}");
        // Both readings keep every non-capturing move: the rook lines and the hooks.
        let plain = e.legal_moves(&pos).iter().filter(|m| m.captures.is_empty()).count();
        // Straight: a2..a19 (18), b1..d1 (3). Hooks: from a2..a19 turning right along each
        // rank to s, every square of files b..s on ranks 2..19 (18 x 18); those from b1..d1
        // turning up their files reach squares already counted (one move per destination).
        assert_eq!(plain, 18 + 3 + 18 * 18, "nonpromoting-capture = {option}");
        // The Tengu (HOOK-309) likewise: its diagonal slide onto an enemy pawn on k11.
        let pos = position(&e, &["TG@j10", "p@k11"], "b");
        let expected: Vec<String> = expected.iter().map(|_| "TG j10xk11".to_string()).collect();
        assert_eq!(captures_from(&e, &pos, "j10"), expected, "Tengu, nonpromoting-capture = {option}");
    }
}

/// The same reading for the other pieces the question names: "a piece with no promotion
/// (Hook Mover, Tengu, any promoted piece, the Emperor, the Prince)". Under
/// `capture-forbidden` ("since promotion cannot happen, capturing with them is illegal") a
/// promoted Gold (+G, a Rook), a Prince (+DE) and an Emperor (+K) capture nothing either.
#[test]
fn capture_forbidden_also_binds_promoted_pieces_and_royals() {
    let e = engine(&[("nonpromoting-capture", "capture-forbidden")]);
    let pos = position(&e, &["+G@a1", "p@a5", "+DE@j10", "p@j11", "+K@s1", "p@s19"], "b");
    assert_eq!(captures_from(&e, &pos, "a1"), Vec::<String>::new(), "+G");
    assert_eq!(captures_from(&e, &pos, "j10"), Vec::<String>::new(), "+DE");
    assert_eq!(captures_from(&e, &pos, "s1"), Vec::<String>::new(), "+K");
}

/// The Lion (KNADcaKmcabK) on j10 with enemy pawns on j11 and k12. HOOK-136 "Jump directly to
/// any square in the 5x5 area surrounding it" (24 squares h8..l12, two of them captures),
/// HOOK-137 "Capture any adjacent piece without moving (igui)", HOOK-138 "Capture a piece on
/// an adjacent square, and then continue to any of the squares adjacent to that square,
/// capturing up to two pieces" (from j11 to its seven neighbours other than j10, one of them
/// the second capture k12), HOOK-139 "Stay in place ... if at least one adjacent square is
/// empty". Every capture promotes (HOOK-263 "Lion -> Lion Hawk"); the igui too under reading
/// igui-promotion = promotes ("every capture promotes, igui included"), not under
/// only-if-moved ("a capture without leaving the square does not promote").
#[test]
fn lion_moves_and_igui_promotion_reading() {
    for (option, igui) in [("promotes", "LN j10-j10 x j11+"), ("only-if-moved", "LN j10-j10 x j11")] {
        let e = engine(&[("igui-promotion", option)]);
        let pos = position(&e, &["LN@j10", "p@j11", "p@k12"], "b");
        let mut expected = vec![igui.to_string(), "LN j10-j10".to_string()];
        // The 5x5 box.
        for sq in squares(&["h8-h12", "i8-i12", "j8-j9", "j12", "k8-k11", "l8-l12"]) {
            expected.push(format!("LN j10-{sq}"));
        }
        expected.push("LN j10xj11+".into());
        expected.push("LN j10xk12+".into());
        // Hit and run through j11, and the double capture.
        for to in ["i10", "k10", "i11", "k11", "i12", "j12"] {
            expected.push(format!("LN j10-{to} x j11+"));
        }
        expected.push("LN j10xk12 x j11+".into());
        expected.sort();
        assert_eq!(expected.len(), 33);
        assert_eq!(all_moves(&e, &pos), expected, "igui-promotion = {option}");
    }
}

// ---------------------------------------------------------------------------------------------
// 2. The last-rank option (Pawn, Stone General, Iron General)
// ---------------------------------------------------------------------------------------------

/// Pieces near the last rank (rank 19 for the first player): Pawn b18 (fW), Pawn e10, Stone
/// General h18 (fF), Iron General n18 (fFfW: reading iron-general-move = configuration) with an
/// enemy pawn on o19, Gold General s18 (WfF).
const LAST_RANK: &[&str] = &["P@b18", "P@e10", "O@h18", "I@n18", "p@o19", "G@s18"];

fn last_rank_moves(choices: &[(&str, &str)]) -> Vec<String> {
    let e = engine(choices);
    all_moves(&e, &position(&e, LAST_RANK, "b"))
}

/// HOOK-254 "When a Pawn, Stone General, or Iron General reaches the last rank, it may promote
/// even on a non-capture." HOOK-256 "This last-rank promotion ... can likewise be declined"
/// (reading dead-piece = optional). HOOK-257 "if these pieces capture something on the last
/// rank, they must promote without exception." HOOK-253: no other piece promotes without
/// capturing (the Gold General on s18 reaching s19 and r19), nor does a Pawn short of the
/// last rank (e10-e11).
#[test]
fn last_rank_promotion_is_optional_by_default() {
    let expected = sorted(&[
        "P b18-b19",
        "P b18-b19+",
        "P e10-e11",
        "O h18-g19",
        "O h18-g19+",
        "O h18-i19",
        "O h18-i19+",
        "I n18-m19",
        "I n18-m19+",
        "I n18-n19",
        "I n18-n19+",
        "I n18xo19+",
        "G s18-r18",
        "G s18-r19",
        "G s18-s17",
        "G s18-s19",
    ]);
    assert_eq!(last_rank_moves(&[]), expected);
}

/// Reading dead-piece = forced: "as in shogi, a move that would leave a dead piece must
/// promote": every non-capturing arrival of P, O, I on rank 19 promotes.
#[test]
fn last_rank_promotion_forced_reading() {
    let expected = sorted(&[
        "P b18-b19+",
        "P e10-e11",
        "O h18-g19+",
        "O h18-i19+",
        "I n18-m19+",
        "I n18-n19+",
        "I n18xo19+",
        "G s18-r18",
        "G s18-r19",
        "G s18-s17",
        "G s18-s19",
    ]);
    assert_eq!(last_rank_moves(&[("dead-piece", "forced")]), expected);
}

/// Reading promo-zone = config-none ("no zone and no last-rank rule: promotion only by
/// capture"): the arrivals stay unpromoted, the capture still promotes.
#[test]
fn last_rank_rule_absent_under_config_none() {
    let expected = sorted(&[
        "P b18-b19",
        "P e10-e11",
        "O h18-g19",
        "O h18-i19",
        "I n18-m19",
        "I n18-n19",
        "I n18xo19+",
        "G s18-r18",
        "G s18-r19",
        "G s18-s17",
        "G s18-s19",
    ]);
    assert_eq!(last_rank_moves(&[("promo-zone", "config-none")]), expected);
}

/// Reading last-rank-timing. Pieces that declined on arrival stand on rank 19: Pawn b19,
/// Stone General h19, Iron General n19 (none has a move there: HOOK-255 "these pieces cannot
/// move backwards or to the sides"), and a Gold General s19 (W back and sideways: s18, r19).
/// `on-arrival` (default): "only on the move that ends on the last rank", so the three are
/// dead pieces (HOOK-256); `any-time`: "a piece standing on the last rank may later promote in
/// place as its move" - but not the Gold General, which is not in the last-rank list.
#[test]
fn last_rank_timing_reading() {
    let pieces = &["P@b19", "O@h19", "I@n19", "G@s19"];
    let e = engine(&[]);
    assert_eq!(all_moves(&e, &position(&e, pieces, "b")), sorted(&["G s19-r19", "G s19-s18"]));
    let e = engine(&[("last-rank-timing", "any-time")]);
    assert_eq!(
        all_moves(&e, &position(&e, pieces, "b")),
        sorted(&["G s19-r19", "G s19-s18", "P b19+", "O h19+", "I n19+"])
    );
}

/// The second player's last rank is rank 1 (the board is rotated, [board] second_player =
/// rotate-180): a second-player Pawn on e2 may arrive on e1 promoted or not.
#[test]
fn last_rank_for_the_second_player_is_rank_1() {
    let e = engine(&[]);
    let pos = position(&e, &["p@e2", "p@h10"], "w");
    assert_eq!(all_moves(&e, &pos), sorted(&["P e2-e1", "P e2-e1+", "P h10-h9"]));
}

// ---------------------------------------------------------------------------------------------
// 3. The Deva / Dark Spirit rule
// ---------------------------------------------------------------------------------------------

/// HOOK-311 "Any piece that captures a Deva or Teaching King promotes to a Teaching King."
/// HOOK-312 "any piece that captures a Dark Spirit or Divine Dragon promotes to a Divine
/// Dragon." A Gold General (own promotion +G) on e5 taking a Deva, a Teaching King (+DV), a
/// Dark Spirit or a Divine Dragon (+DS) on e6. Reading deva-rule-vs-own-promotion: default
/// special-wins ("capturing a Deva/Teaching King (Dark Spirit/Divine Dragon) in the move
/// overrides the normal promotion"); own-first ("pieces that have a promotion take it").
#[test]
fn deva_rule_for_a_promotable_piece() {
    for (victim, special) in [("dv", "=+DV"), ("+dv", "=+DV"), ("ds", "=+DS"), ("+ds", "=+DS")] {
        for (option, promo) in [("special-wins", special), ("own-first", "+")] {
            let e = engine(&[("deva-rule-vs-own-promotion", option)]);
            let pos = position(&e, &["G@e5", &format!("{victim}@e6")], "b");
            assert_eq!(
                captures_from(&e, &pos, "e5"),
                vec![format!("G e5xe6{promo}")],
                "victim {victim}, deva-rule-vs-own-promotion = {option}"
            );
        }
    }
}

/// Reading deva-rule-scope, on a Hook Mover (HOOK-309 "do not promote") and a promoted Gold
/// (+G, "already promoted pieces" HOOK-310). A piece on a1 with a Deva on a5 and an enemy
/// pawn on e1 (the Hook Mover) or a Dark Spirit on a5 and a Teaching King on e1 (+G, a Rook:
/// HOOK-299). `all-non-royal` (default): "every piece except the royal and potentially royal
/// ones (promoted or not, Hook Mover and Tengu included)" is promoted by the rule;
/// `promotable-only`: "only pieces that can still promote are affected". The plain pawn
/// capture leaves the Hook Mover unchanged either way (nonpromoting-capture =
/// capture-unchanged); under capture-forbidden the Deva capture stays legal where the rule
/// promotes the Hook Mover, and no capture is left where it does not. deva-rule-vs-own-promotion
/// = own-first still promotes the Hook Mover: "the rule only reaches non-promoting pieces".
#[test]
fn deva_rule_scope_reading() {
    // (readings switched, the Hook Mover's moves, the Gold's moves)
    let cases: &[(Choices, &[&str], &[&str])] = &[
        (&[], &["HM a1xa5=+DV", "HM a1xe1"], &["+G a1xa5=+DS", "+G a1xe1=+DV"]),
        (&[("deva-rule-scope", "promotable-only")], &["HM a1xa5", "HM a1xe1"], &["+G a1xa5", "+G a1xe1"]),
        (
            &[("deva-rule-vs-own-promotion", "own-first")],
            &["HM a1xa5=+DV", "HM a1xe1"],
            &["+G a1xa5=+DS", "+G a1xe1=+DV"],
        ),
        (&[("nonpromoting-capture", "capture-forbidden")], &["HM a1xa5=+DV"], &["+G a1xa5=+DS", "+G a1xe1=+DV"]),
        (&[("deva-rule-scope", "promotable-only"), ("nonpromoting-capture", "capture-forbidden")], &[], &[]),
    ];
    for (choices, hook_mover, promoted_gold) in cases {
        let e = engine(choices);
        let pos = position(&e, &["HM@a1", "dv@a5", "p@e1"], "b");
        assert_eq!(captures_from(&e, &pos, "a1"), sorted(hook_mover), "Hook Mover under {choices:?}");
        let pos = position(&e, &["+G@a1", "ds@a5", "+dv@e1"], "b");
        if choices.iter().any(|c| c.1 == "capture-forbidden") && promoted_gold.is_empty() {
            // Under capture-forbidden a promoted piece's captures are the subject of
            // capture_forbidden_also_binds_promoted_pieces_and_royals.
            continue;
        }
        assert_eq!(captures_from(&e, &pos, "a1"), sorted(promoted_gold), "+G under {choices:?}");
    }
}

/// HOOK-314 "The only exceptions to this rule are royal pieces and potentially royal pieces
/// (Emperors,Kings, Princes, and Drunk Elephants) which promote to their normal promoted forms,
/// or stay as they are if already promoted." (deva-exempt = K, DE, +DE, +K.) Each takes a Deva
/// on e6: King -> Emperor (HOOK-259), Drunk Elephant -> Prince (HOOK-260), the Prince and the
/// Emperor stay.
#[test]
fn deva_rule_exempts_royal_and_potentially_royal_pieces() {
    let e = engine(&[]);
    for (piece, from, expected) in
        [("K", "e5", "K e5xe6+"), ("DE", "e5", "DE e5xe6+"), ("+DE", "e5", "+DE e5xe6"), ("+K", "a1", "+K a1xe6")]
    {
        let pos = position(&e, &[&format!("{piece}@{from}"), "dv@e6"], "b");
        assert_eq!(captures_from(&e, &pos, from), vec![expected.to_string()], "{piece}");
    }
}

/// Reading promoted-namesakes (HOOK-310, "Ferocious Leopard -> Bishop"): the promoted
/// Ferocious Leopard is named "bishop". Under promoted-copies it is a promoted piece and never
/// promotes again ("nor can already promoted pieces promote further"); under same-type it is
/// the Bishop, which promotes on a capture to the Bishop's promoted form (+B, Dragon Horse).
/// A +FL on e5 takes a Pawn on g7.
#[test]
fn promoted_namesakes_promote_again_only_as_the_same_type() {
    for (option, expected) in [("promoted-copies", vec!["+FL e5xg7"]), ("same-type", vec!["+FL e5xg7+"])] {
        let e = engine(&[("promoted-namesakes", option)]);
        let pos = position(&e, &["+FL@e5", "p@g7"], "b");
        let moves = captures_from(&e, &pos, "e5");
        assert_eq!(moves, expected, "promoted-namesakes = {option}");
        if option == "same-type" {
            let bishop_form = e.piece(e.piece_index("B").unwrap()).promotes_to;
            let promoted = e.legal_moves(&pos).into_iter().find(|m| !m.captures.is_empty()).and_then(|m| m.promotion);
            assert_eq!(promoted, bishop_form, "the Bishop's promoted form");
        }
    }
}

/// HOOK-313 "Multi-capturing pieces that capture both a Deva or Teaching King and a Dark Spirit
/// or Divine Dragon promote to the promoted form of the piece they took on the second
/// capture." A Lion on e5, a Deva on e6 and a Dark Spirit on f6 (adjacent to each other): the
/// Lion's double capture (HOOK-138) takes e6 then f6 (ending on f6) or f6 then e6 (ending on
/// e6). Reading deva-multi-order: last-special (default) and literal-second: the piece taken
/// second decides; first-special: the first.
#[test]
fn deva_multi_order_with_a_lion_double_capture() {
    for (option, ends_f6, ends_e6) in
        [("last-special", "=+DS", "=+DV"), ("literal-second", "=+DS", "=+DV"), ("first-special", "=+DV", "=+DS")]
    {
        let e = engine(&[("deva-multi-order", option)]);
        let pos = position(&e, &["LN@e5", "dv@e6", "ds@f6"], "b");
        let both: Vec<String> = texts(&e, e.legal_moves(&pos).iter().filter(|m| m.captures.len() == 2));
        let expected = sorted(&[&format!("LN e5xf6 x e6{ends_f6}"), &format!("LN e5xe6 x f6{ends_e6}")]);
        assert_eq!(both, expected, "deva-multi-order = {option}");
    }
}

/// The readings differ with three captures: a Lion Dog (HOOK-335 "Move or capture to the
/// third square on any ray, optionally taking out any enemies on the squares it passes over")
/// on e5 takes a Deva on e6, a Dark Spirit on e7 and a Deva on e8. last-special: "the last
/// Deva/Teaching King/Dark Spirit/Divine Dragon captured in path order" (e8, Deva);
/// literal-second: "the piece taken by the move's second capture" (e7, Dark Spirit);
/// first-special: e6, Deva.
#[test]
fn deva_multi_order_with_a_lion_dog_triple_capture() {
    for (option, promo) in [("last-special", "=+DV"), ("literal-second", "=+DS"), ("first-special", "=+DV")] {
        let e = engine(&[("deva-multi-order", option)]);
        let pos = position(&e, &["LD@e5", "dv@e6", "ds@e7", "dv@e8"], "b");
        let three: Vec<String> = texts(&e, e.legal_moves(&pos).iter().filter(|m| m.captures.len() == 3));
        assert_eq!(three, vec![format!("LD e5xe8 x e6,e7{promo}")], "deva-multi-order = {option}");
    }
}

// ---------------------------------------------------------------------------------------------
// 4. The Emperor
// ---------------------------------------------------------------------------------------------

/// HOOK-187 "The Emperor can jump to any square on the board." HOOK-188 "However, it cannot
/// capture a royal piece (a King, Prince, or another Emperor) that is protected".
/// (a) Emperor a1; enemy King j10 protected by an enemy Gold on j11 (its forward step is
/// toward rank 1), enemy Prince s19 unprotected: every square but a1 and j10; the Gold itself
/// may be taken (it is not royal).
/// (b) Emperor a1; enemy Emperor j10 unprotected, enemy Prince c15 protected by an enemy Rook
/// c19: every square but a1 and c15.
#[test]
fn emperor_goes_anywhere_but_onto_a_protected_royal() {
    let e = engine(&[]);
    let pos = position(&e, &["+K@a1", "k@j10", "g@j11", "+de@s19"], "b");
    assert_same_squares(&destinations(&e, &pos, "a1"), &board_except(&["a1", "j10"]), "destinations");
    assert!(moves_from(&e, &pos, "a1").contains(&"+K a1xs19".to_string()));
    assert!(moves_from(&e, &pos, "a1").contains(&"+K a1xj11".to_string()));
    let pos = position(&e, &["+K@a1", "+k@j10", "+de@c15", "r@c19"], "b");
    assert_same_squares(&destinations(&e, &pos, "a1"), &board_except(&["a1", "c15"]), "destinations");
}

/// Reading protected-when. Emperor a2, enemy King a1, enemy Rook a5. After the capture
/// (default after-capture: "the Emperor may not capture if an enemy piece could capture it on
/// that square in the resulting position") a2 is empty and the Rook's file reaches a1: banned.
/// Before it (before-capture: "the royal counts as protected if another of its side's pieces
/// attacks its square in the current position") the Emperor on a2 blocks the Rook: allowed.
#[test]
fn protected_when_reading() {
    for (option, banned) in [("after-capture", vec!["a2", "a1"]), ("before-capture", vec!["a2"])] {
        let e = engine(&[("protected-when", option)]);
        let pos = position(&e, &["+K@a2", "k@a1", "r@a5"], "b");
        assert_same_squares(
            &destinations(&e, &pos, "a2"),
            &board_except(&banned),
            &format!("protected-when = {option}"),
        );
    }
}

/// Reading emperor-ban-scope. A Rook on e1 and an enemy King on e8 protected by an enemy Gold
/// on e9. emperor-only (default): "only the Emperor (+K) has the ban", so the Rook takes the
/// King (and promotes, HOOK-272 "Rook -> Dragon King"); all-pieces: "no piece may capture a
/// protected royal". The Rook's other moves: e2..e7, a1..d1, f1..s1.
#[test]
fn emperor_ban_scope_reading() {
    for (option, takes) in [("emperor-only", true), ("all-pieces", false)] {
        let e = engine(&[("emperor-ban-scope", option)]);
        let pos = position(&e, &["R@e1", "k@e8", "g@e9"], "b");
        let mut expected: Vec<String> =
            squares(&["e2-e7", "a1-d1", "f1-s1"]).iter().map(|s| format!("R e1-{s}")).collect();
        if takes {
            expected.push("R e1xe8+".into());
        }
        expected.sort();
        assert_eq!(moves_from(&e, &pos, "e1"), expected, "emperor-ban-scope = {option}");
    }
}

/// Reading protection-by-emperor. Our Emperor a1 and Rook e1; the enemy King e10 and enemy
/// Emperor s19. The enemy Emperor attacks every square, so pseudo-legal ("protection = any
/// enemy capture move onto the square, ignoring whether that capture would itself be banned")
/// bans a1xe10. Under legal-recursive ("a protector counts only if its recapture would itself
/// be legal"): the enemy Emperor's recapture on e10 would take our Emperor, a royal protected
/// by our Rook up the e-file, so that recapture is banned (HOOK-188), the King has no
/// protector and a1xe10 is legal. The enemy Emperor on s19 is unprotected under both.
#[test]
fn protection_by_emperor_pseudo_legal() {
    let e = engine(&[]);
    let pos = position(&e, &["+K@a1", "R@e1", "k@e10", "+k@s19"], "b");
    assert_same_squares(&destinations(&e, &pos, "a1"), &board_except(&["a1", "e1", "e10"]), "destinations");
}

#[test]
fn protection_by_emperor_legal_recursive() {
    let e = engine(&[("protection-by-emperor", "legal-recursive")]);
    let pos = position(&e, &["+K@a1", "R@e1", "k@e10", "+k@s19"], "b");
    assert_same_squares(&destinations(&e, &pos, "a1"), &board_except(&["a1", "e1"]), "destinations");
}

/// Reading attack-definition, for the Emperor's ban. An enemy Lion Dog three squares from the
/// King (HOOK-332 "Jump to the first, second, or third square in any orthogonal or diagonal
/// direction") captures there by a landing jump, which counts under both any-capture and
/// landing-only: the King is protected either way. (Every Hook piece that can take a square
/// with an earlier leg - Lion, Lion Dog, the Lion-power promoted pieces - can also land on it,
/// so the reading does not change what is legal in Hook; see the report.)
#[test]
fn attack_definition_reading_lion_dog_protector() {
    for option in ["any-capture", "landing-only"] {
        let e = engine(&[("attack-definition", option)]);
        let pos = position(&e, &["+K@a1", "k@j10", "ld@j13"], "b");
        assert_same_squares(
            &destinations(&e, &pos, "a1"),
            &board_except(&["a1", "j10"]),
            &format!("attack-definition = {option}"),
        );
        // The Lion Dog's attack itself, as the engine judges it after the capture.
        let mut after = pos.clone();
        let j10 = Square::parse("j10").unwrap();
        after.put(&e.zobrist, Square::parse("a1").unwrap(), None);
        after.put(&e.zobrist, j10, Some(Man { player: Color::Black, piece: e.piece_index("+K").unwrap() }));
        assert!(e.attacks(&after, Color::White, j10), "attack-definition = {option}");
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Hook Mover and Tengu
// ---------------------------------------------------------------------------------------------

/// A corner room a1..d4 walled by our pawns on a5, b5, c5, d5 and e1..e4 (plus e5 for the
/// Tengu), so every path is short enough to count.
const WALLS: &[&str] = &["P@a5", "P@b5", "P@c5", "P@d5", "P@e1", "P@e2", "P@e3", "P@e4", "P@e5"];

/// HOOK-128 "The Hook Mover can slide orthogonally, then (optionally) make a 90-degree turn
/// and continue in a perpendicular direction." HOOK-129 "It must stop when it captures, and
/// the (bent) path it travels along must be empty up to that point." HOOK-130 "It can only
/// change direction once per move."
/// Hook Mover b2, our pawn b4, enemy pawns a4 and d2.
/// Straight: b3 (b4 own), b1, a2, c2, d2 (capture).
/// Turning at b3: a3 | c3, d3 (e3 own). At b1: a1 | c1, d1 (e1 own). At a2: a3, a4 (capture)
/// | a1. At c2: c3, c4 (c5 own) | c1. Not at d2: it stops when it captures.
/// Never reached: d4 (two turns), b4 (own).
#[test]
fn hook_mover_turns_once() {
    let e = engine(&[]);
    let mut pieces = WALLS.to_vec();
    pieces.extend(["HM@b2", "P@b4", "p@a4", "p@d2"]);
    let pos = position(&e, &pieces, "b");
    let expected = sorted(&[
        "HM b2-a1", "HM b2-a2", "HM b2-a3", "HM b2xa4", "HM b2-b1", "HM b2-b3", "HM b2-c1", "HM b2-c2", "HM b2-c3",
        "HM b2-c4", "HM b2-d1", "HM b2xd2", "HM b2-d3",
    ]);
    assert_eq!(moves_from(&e, &pos, "b2"), expected);
}

/// HOOK-131 "The Tengu can step 1 square orthogonally or slide diagonally, then (optionally)
/// make a 90-degree turn and continue in a perpendicular direction." HOOK-132 "It can only
/// change direction once per move, and only when moving diagonally." HOOK-337 "It must stop
/// when it captures".
/// Tengu b2, enemy pawns c3 and d2.
/// Steps: a2, b1, b3, c2. Diagonals: a3, c3 (capture, stop), a1, c1.
/// Turning at a3 (moving up-left): b4 (c5 own) | off board. At a1, c1 going on toward the
/// edge: at c1 (moving down-right) the turn up-right reaches d2 (capture). At c3 no turn
/// (captured). Never reached: d4 (would need the turn at c3), d3/a4/c4 (a turn after a step).
#[test]
fn tengu_turns_once_and_only_diagonally() {
    let e = engine(&[]);
    let mut pieces = WALLS.to_vec();
    pieces.extend(["TG@b2", "p@c3", "p@d2"]);
    let pos = position(&e, &pieces, "b");
    let expected = sorted(&[
        "TG b2-a1", "TG b2-a2", "TG b2-a3", "TG b2-b1", "TG b2-b3", "TG b2-b4", "TG b2-c1", "TG b2-c2", "TG b2xc3",
        "TG b2xd2",
    ]);
    assert_eq!(moves_from(&e, &pos, "b2"), expected);
}

/// The second player's Hook Mover, the same room turned round (s19 corner), to see the hooks
/// are not tied to one orientation: Hook Mover r18, its pawns on s15, r15, q15, p15 and
/// o16..o19 (forward for it is toward rank 1), our pawns s16 and p18; its pawn r16.
/// Mirror of hook_mover_turns_once (a<->s, b<->r, c<->q, d<->p, e<->o, rank n <-> 20-n).
#[test]
fn hook_mover_second_player() {
    let e = engine(&[]);
    let pieces =
        ["p@s15", "p@r15", "p@q15", "p@p15", "p@o19", "p@o18", "p@o17", "p@o16", "hm@r18", "p@r16", "P@s16", "P@p18"];
    let pos = position(&e, &pieces, "w");
    let expected = sorted(&[
        "HM r18-s19",
        "HM r18-s18",
        "HM r18-s17",
        "HM r18xs16",
        "HM r18-r19",
        "HM r18-r17",
        "HM r18-q19",
        "HM r18-q18",
        "HM r18-q17",
        "HM r18-q16",
        "HM r18-p19",
        "HM r18xp18",
        "HM r18-p17",
    ]);
    assert_eq!(moves_from(&e, &pos, "r18"), expected);
}

// ---------------------------------------------------------------------------------------------
// 6. Lion Dog and the skip rules
// ---------------------------------------------------------------------------------------------

/// The Lion Dog (KADGHcafKmcabKcafmpafKmpafcavKcafcafK) on j10 with enemy pawns on j11
/// (adjacent, straight up) and l12 (two squares up-right, k11 empty).
/// HOOK-332 "Jump to the first, second, or third square in any orthogonal or diagonal
/// direction": 24 squares, two of them captures (j11, l12).
/// HOOK-336 igui of j11; HOOK-143 the pass (any adjacent square empty).
/// HOOK-334 "Move or capture to the second square on any ray, optionally taking out an enemy
/// on the square it passes over": j12 taking j11. HOOK-335 the third square, taking what it
/// passes: j13 taking j11. HOOK-333 "2 steps out, one in": k11 taking l12. HOOK-335 again:
/// m13 taking l12. HOOK-141 "It can return to, but not overshoot its starting square".
/// Every capture promotes (HOOK-264 "Lion Dog -> Furious Fiend").
#[test]
fn lion_dog_moves() {
    let e = engine(&[]);
    let pos = position(&e, &["LD@j10", "p@j11", "p@l12"], "b");
    let leaps = [
        "j12", "j13", "j9", "j8", "j7", "k10", "l10", "m10", "i10", "h10", "g10", "k11", "m13", "i11", "h12", "g13",
        "k9", "l8", "m7", "i9", "h8", "g7",
    ];
    let mut expected: Vec<String> = leaps.iter().map(|s| format!("LD j10-{s}")).collect();
    expected.extend(
        [
            "LD j10xj11+",
            "LD j10xl12+",
            "LD j10-j10",
            "LD j10-j10 x j11+",
            "LD j10-j12 x j11+",
            "LD j10-j13 x j11+",
            "LD j10-k11 x l12+",
            "LD j10-m13 x l12+",
        ]
        .map(String::from),
    );
    expected.sort();
    assert_eq!(expected.len(), 30);
    assert_eq!(all_moves(&e, &pos), expected);
}

fn has_pass(e: &Engine, pos: &Position, from: &str) -> bool {
    let from = Square::parse(from).unwrap();
    e.legal_moves(pos).iter().any(|m| m.from == Some(from) && m.kind == MoveKind::Pass && m.captures.is_empty())
}

/// Reading skip-squares. HOOK-244 the skip-capable pieces "have the ability to skip a turn if
/// at least one adjacent square is empty", narrowed by HOOK-245 "The Free Eagle can only do
/// this on the squares diagonally adjacent to it", HOOK-247 "the Horned Falcon and Kirin
/// Master can only do this on the square directly in front of them", HOOK-248 "the Soaring
/// Eagle and Phoenix Master can only do this on either of the two squares diagonally in front
/// of them". per-piece (default): "a piece passes only by stepping to an empty square of its
/// own igui/step directions and back, as its string encodes"; any-adjacent: "any empty
/// adjacent square allows any skip-capable piece to pass".
/// Each piece on j10 with our pawns on the squares it may pass through, others empty.
#[test]
fn skip_squares_reading() {
    // (piece, blockers, passes under per-piece, passes under any-adjacent)
    let cases: &[(&str, &[&str], bool, bool)] = &[
        ("+Q", &["i11", "k11", "i9", "k9"], false, true),
        ("+Q", &["j11", "j9", "i10", "k10"], true, true),
        ("+DH", &["j11"], false, true),
        ("+F", &["j11"], false, true),
        ("+DK", &["i11", "k11"], false, true),
        ("+W", &["i11", "k11"], false, true),
        ("+DK", &["i11"], true, true),
        ("LN", &["i11", "j11", "k11", "i10", "k10", "i9", "j9"], true, true),
        ("LN", &["i11", "j11", "k11", "i10", "k10", "i9", "j9", "k9"], false, false),
        ("LD", &["i11", "j11", "k11", "i10", "k10", "i9", "j9", "k9"], false, false),
        // Not skip-capable: a Queen never passes.
        ("Q", &[], false, false),
    ];
    for (option, column) in [("per-piece", 0), ("any-adjacent", 1)] {
        let e = engine(&[("skip-squares", option)]);
        for (piece, blockers, per_piece, any) in cases {
            let mut pieces = vec![format!("{piece}@j10")];
            pieces.extend(blockers.iter().map(|s| format!("P@{s}")));
            let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
            let pos = position(&e, &refs, "b");
            let expected = if column == 0 { *per_piece } else { *any };
            assert_eq!(has_pass(&e, &pos, "j10"), expected, "{piece} with {blockers:?}, skip-squares = {option}");
        }
    }
}

/// Reading skip-restrictions (HOOK-249 "However, there are two restrictions when doing so:"
/// with no list). The Lion on j10 with an enemy pawn on j11; the position string's skip field
/// says whose last turn was a skip. both-sibling (default): "no skip on two of one's own
/// consecutive turns, and no skip right after an opponent's skip"; suzumu: "only: no skip on
/// two of one's own consecutive turns"; mitsugumi: "only: no skip right after an opponent's
/// skip"; none: "no restriction". The igui (a capture, not a skip) stays legal throughout.
#[test]
fn skip_restrictions_reading() {
    // (option, pass allowed with no skip, after own skip "~b", after the opponent's "~w", both "~bw")
    let table = [
        ("both-sibling", [true, false, false, false]),
        ("suzumu", [true, false, true, false]),
        ("mitsugumi", [true, true, false, false]),
        ("none", [true, true, true, true]),
    ];
    for (option, allowed) in table {
        let e = engine(&[("skip-restrictions", option)]);
        for (tail, expected) in ["b - 1", "b - 1 ~b", "b - 1 ~w", "b - 1 ~bw"].iter().zip(allowed) {
            let pos = position(&e, &["LN@j10", "p@j11"], tail);
            assert_eq!(has_pass(&e, &pos, "j10"), expected, "skip-restrictions = {option}, position '{tail}'");
            assert!(moves_from(&e, &pos, "j10").contains(&"LN j10-j10 x j11+".to_string()), "igui, {option} {tail}");
        }
    }
}

/// A pass made is recorded: after the Lion's pass the position string says the first
/// player's last turn was a skip (`~b`), and under the default both-sibling restriction the
/// second player's Lion may then not pass ("no skip right after an opponent's skip").
#[test]
fn a_pass_is_recorded_as_a_skip() {
    let e = engine(&[]);
    let mut pos = position(&e, &["LN@j10", "ln@j5"], "b");
    assert_eq!(play(&e, &mut pos, "LN j10-j10"), None);
    assert!(e.position_string(&pos).ends_with(" ~b"), "{}", e.position_string(&pos));
    assert!(!has_pass(&e, &pos, "j5"));
    assert_eq!(moves_from(&e, &pos, "j5").len(), 24);
}

/// Reading skip-is-a-move. piece-pass-allowed (default): "a pass made by a skip-capable piece
/// stepping out and back is a move; a pass without such a piece is illegal"; no-pass: "no pass
/// at all; the step-out-and-back moves are removed". HOOK-242 "Making a move is required -
/// skipping a move is illegal": no bare null move under either.
#[test]
fn skip_is_a_move_reading() {
    for (option, passes) in [("piece-pass-allowed", true), ("no-pass", false)] {
        let e = engine(&[("skip-is-a-move", option)]);
        let pos = position(&e, &["LN@j10", "LD@c3"], "b");
        assert_eq!(has_pass(&e, &pos, "j10"), passes, "Lion, skip-is-a-move = {option}");
        assert_eq!(has_pass(&e, &pos, "c3"), passes, "Lion Dog, skip-is-a-move = {option}");
        assert!(e.legal_moves(&pos).iter().all(|m| m.kind != MoveKind::Null), "skip-is-a-move = {option}");
        // The Lion's 24 box squares and the Lion Dog's leaps stay: from c3 three squares in
        // each of N, NE, E and two in each of SE, S, SW, W, NW (9 + 10).
        assert_eq!(moves_from(&e, &pos, "j10").len(), 24 + usize::from(passes));
        assert_eq!(moves_from(&e, &pos, "c3").len(), 19 + usize::from(passes));
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Royals and the end of the game
// ---------------------------------------------------------------------------------------------

/// HOOK-317 "If a player has more than one royal piece in play, that player may sacrifice one
/// (or two) of them." HOOK-324 "A player who captures the opponent's last remaining royal
/// piece (an Emperor, King or Prince) wins the game." The Prince is the promoted Drunk Elephant
/// (HOOK-260, reading prince-identity) and royal (reading royal-index-base).
#[test]
fn game_ends_when_the_last_royal_is_captured() {
    let e = engine(&[]);
    // King and Prince: taking the King leaves the Prince; the game goes on.
    let mut pos = position(&e, &["R@j1", "k@j10", "+de@a19"], "b");
    assert_eq!(play(&e, &mut pos, "R j1xj10+"), None);
    // Prince and King: taking the Prince leaves the King.
    let mut pos = position(&e, &["R@j1", "+de@j10", "k@a19"], "b");
    assert_eq!(play(&e, &mut pos, "R j1xj10+"), None);
    // The last royal, a Prince: the first player wins.
    let mut pos = position(&e, &["R@j1", "+de@j10"], "b");
    assert!(matches!(play(&e, &mut pos, "R j1xj10+"), Some(Outcome::Win(Color::Black, _))));
    // The last royal, an Emperor, taken by the second player: the second player wins.
    let mut pos = position(&e, &["r@j19", "+K@j10"], "w");
    assert!(matches!(play(&e, &mut pos, "R j19xj10+"), Some(Outcome::Win(Color::White, _))));
}

/// Reading drunk-elephant-royal: not-royal (default) "the Drunk Elephant is an ordinary
/// piece", so King + Drunk Elephant is one royal and taking the King wins; royal: "counts as a
/// royal piece for check and game end", so the game goes on.
#[test]
fn drunk_elephant_royal_reading() {
    for (option, ends) in [("not-royal", true), ("royal", false)] {
        let e = engine(&[("drunk-elephant-royal", option)]);
        let mut pos = position(&e, &["R@j1", "k@j10", "de@a19"], "b");
        let outcome = play(&e, &mut pos, "R j1xj10+");
        assert_eq!(
            matches!(outcome, Some(Outcome::Win(Color::Black, _))),
            ends,
            "drunk-elephant-royal = {option}: {outcome:?}"
        );
        assert_eq!(outcome.is_none(), !ends);
    }
}

/// A Drunk Elephant that captures becomes the Prince (HOOK-260 "Drunk Elephant -> Prince",
/// HOOK-250), a royal: the side then has two royals, and losing the King does not end the game.
#[test]
fn drunk_elephant_promotes_to_a_royal_prince() {
    let e = engine(&[]);
    let mut pos = position(&e, &["DE@e5", "p@e6", "K@a1", "r@a19", "k@s19"], "b");
    assert_eq!(play(&e, &mut pos, "DE e5xe6+"), None);
    assert_eq!(e.royals_of(&pos, Color::Black).len(), 2);
    assert_eq!(play(&e, &mut pos, "R a19xa1+"), None, "the Prince is left");
}

/// HOOK-326 "If a player's last remaining royal piece is not in check but that player has no
/// legal moves, the game is a stalemate." HOOK-327 "Stalemate, like checkmate, leads to a win
/// for the stalemating player." Our King in the corner a19 shut in by our own pawns a18, b18
/// and b19, none of which can move (fW onto own pieces or off the board; b19 declined its
/// last-rank promotion and is a dead piece), the enemy King far off on s1: no legal move.
/// Readings stalemate-config (win / diagram-default draw) and stalemate-multiple-royals
/// (no-moves-loses / literal: "a player with more royals and no move ... taken as a draw"),
/// the latter with a second royal, a Prince shut in the same way in the s19 corner.
#[test]
fn stalemate_readings() {
    let one = ["K@a19", "P@a18", "P@b18", "P@b19", "k@s1"];
    let two = ["K@a19", "P@a18", "P@b18", "P@b19", "+DE@s19", "P@r19", "P@r18", "P@s18", "k@j1"];
    // (choices, one royal: first player loses?, two royals: first player loses?)
    let cases: &[(Choices, bool, bool)] = &[
        (&[], true, true),
        (&[("stalemate-config", "diagram-default")], false, false),
        (&[("stalemate-multiple-royals", "literal")], true, false),
    ];
    for (choices, one_loses, two_loses) in cases {
        let e = engine(choices);
        for (pieces, loses) in [(&one[..], one_loses), (&two[..], two_loses)] {
            let pos = position(&e, pieces, "b");
            let moves = e.legal_moves(&pos);
            assert_eq!(texts(&e, moves.iter()), Vec::<String>::new(), "{pieces:?}");
            let outcome = e.status_before(&pos, &moves);
            if *loses {
                assert!(matches!(outcome, Some(Outcome::Win(Color::White, _))), "{choices:?} {pieces:?}: {outcome:?}");
            } else {
                assert!(matches!(outcome, Some(Outcome::Draw(_))), "{choices:?} {pieces:?}: {outcome:?}");
            }
        }
    }
    // With a move left it is no stalemate: the b18 pawn can go once b19 is empty.
    let e = engine(&[]);
    let pos = position(&e, &["K@a19", "P@a18", "P@b18", "k@s1"], "b");
    let moves = e.legal_moves(&pos);
    assert_eq!(e.status_before(&pos, &moves), None);
}

// ---------------------------------------------------------------------------------------------
// Generic cross-check: engine move set equals `kensho moves`, for Suzumu, Mitsugumi and Hook
// ---------------------------------------------------------------------------------------------

/// For every piece type without abilities, alone on the board (no kings: the engine needs
/// none, and every one of these games allows moving into check), the engine's destination set
/// is the XBetza generator's on the piece's own string, for both players (the second player
/// with Orientation::Down), on a corner, an edge square, a square near the far side (inside
/// the promotion zones, where promotion choices are collapsed) and the centre.
#[test]
fn engine_destinations_equal_xbetza_for_pieces_without_abilities() {
    for name in ["suzumu", "mitsugumi", "hook"] {
        let spec = load(name);
        let game = &spec.game;
        let e = Engine::new(game).unwrap_or_else(|bad| panic!("{name}: {bad:?}"));
        let size = game.board;
        let (f, r) = (size.files, size.ranks);
        let spots = [
            Square::new(0, 0),
            Square::new(f - 1, r / 2),
            Square::new(2, r - 2),
            Square::new(f - 3, 1),
            Square::new(f / 2, r / 2),
        ];
        let mut checked = 0;
        for piece in game.pieces.iter().filter(|p| p.abilities.is_empty()) {
            let index = e.piece_index(&piece.id).unwrap();
            for player in Color::ALL {
                for &sq in &spots {
                    let mut pos = Position::empty(size, e.pieces.len());
                    pos.put(&e.zobrist, sq, Some(Man { player, piece: index }));
                    pos.set_side(&e.zobrist, player);
                    let engine_set: BTreeSet<Square> = e.legal_moves(&pos).iter().filter_map(|m| m.to).collect();
                    let orientation = if player == Color::Black { Orientation::Up } else { Orientation::Down };
                    let betza_set: BTreeSet<Square> =
                        generate(&piece.moves, &Occupancy::empty(size), sq, orientation).iter().map(|m| m.to).collect();
                    assert_eq!(
                        engine_set,
                        betza_set,
                        "{name}: {} ({}) for player {} on {sq}",
                        piece.id,
                        piece.betza,
                        player.index()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 10 * 20, "{name}: only {checked} placements checked");
    }
}
