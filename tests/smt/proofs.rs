//! Spec consistency proofs (src/smt/proofs.rs) on small inline specs: for each proof one spec
//! where it holds and one where it is refuted, the expected verdict derived from the rules in
//! the comments.

use crate::common::smt;

use kensho::smt::proofs::{proofs, spec_proofs, Proof};
use kensho::smt::{Limits, Verdict};
use kensho::spec::game::GameSpec;
use smt::mini;

fn proof<'a>(all: &'a [Proof], name: &str) -> &'a Proof {
    all.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("no proof {name}"))
}

fn run(game: &GameSpec, name: &str) -> Proof {
    let all = proofs(game, &Limits::default());
    assert_eq!(all.len(), 4);
    proof(&all, name).clone()
}

fn proved(p: &Proof) {
    assert_eq!(p.verdict, Verdict::Proved, "{}: {} {:?}", p.name, p.detail, p.witness);
    assert!(p.applies, "{}: {}", p.name, p.detail);
    assert!(p.witness.is_none());
}

fn refuted(p: &Proof) -> String {
    assert_eq!(p.verdict, Verdict::Witness, "{}: {}", p.name, p.detail);
    p.witness.clone().expect("a refuting case")
}

// ---------------------------------------------------------------------------------------------
// Mobility.
// ---------------------------------------------------------------------------------------------

/// A 5x5 game: King, Pawn (`fW`, promotes to Tokin), Tokin (`WfF`); zone ranks 4-5; the Pawn's
/// only step leaves the board from rank 5, so it can never move there. `rules` and `drops` are
/// the promotion and drop settings under test.
fn pawn_game(promotion: &str, drops: &str) -> String {
    format!(
        r#"
[board]
files = 5
ranks = 5

[zone.promotion]
ranks = [4, 5]

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
promotes_to = "+P"

[[piece]]
id = "+P"
name = "Tokin"
betza = "WfF"

[setup]
K = "c1"
P = "a2,b2"

[rules.promotion]
zone = "promotion"
trigger = "ends-in-zone"
{promotion}

[rules.drops]
{drops}
"#
    )
}

#[test]
fn mobility_is_refuted_by_a_pawn_left_on_the_last_rank() {
    // forced = never: a Pawn may reach rank 5 without promoting and then never moves again.
    let spec = mini(&pawn_game("forced = \"never\"", "enabled = false"));
    let w = refuted(&run(&spec.game, "mobility"));
    assert!(w.contains("(P)") && w.contains("left on"), "{w}");
    assert!(w.trim_end_matches(", where it can never move").ends_with('5'), "not a rank-5 square: {w}");
}

#[test]
fn mobility_is_proved_with_forced_promotion_on_the_last_rank() {
    // forced on rank 5 (listed ranks, or always in the zone): a Pawn cannot stay there; every
    // other piece moves from every square of a 5x5 board; no drops.
    for forced in [
        "forced = \"listed-ranks\"\nforced-ranks = { P = [5] }",
        "forced = \"always\"",
        "forced = \"when-no-further-move\"",
    ] {
        let spec = mini(&pawn_game(forced, "enabled = false"));
        proved(&run(&spec.game, "mobility"));
    }
}

#[test]
fn mobility_is_refuted_by_a_drop_and_proved_by_a_drop_ban() {
    let forced = "forced = \"listed-ranks\"\nforced-ranks = { P = [5] }";
    // Forced promotion covers moves, not drops: without a ban a Pawn can be dropped on rank 5.
    let spec = mini(&pawn_game(forced, "enabled = true"));
    let w = refuted(&run(&spec.game, "mobility"));
    assert!(w.contains("(P)") && w.contains("dropped on"), "{w}");
    // A rank ban, or the dead-piece rule, closes it.
    for ban in ["enabled = true\nrank-ban = { P = [5] }", "enabled = true\ndead-piece = \"empty-board\""] {
        let spec = mini(&pawn_game(forced, ban));
        proved(&run(&spec.game, "mobility"));
    }
}

#[test]
fn mobility_allows_the_documents_optional_last_rank_promotion() {
    // No zone; the Pawn may promote on reaching the last rank and may decline (Hook's dead
    // piece): the document allows the dead Pawn, so nothing is refuted. Declining forbidden:
    // the Pawn must promote there, proved too.
    for optional in ["true", "false"] {
        let body = format!(
            r#"
[board]
files = 5
ranks = 5

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
promotes_to = "+P"

[[piece]]
id = "+P"
name = "Tokin"
betza = "WfF"

[setup]
K = "c1"
P = "a2"

[rules.promotion]
zone = "none"
last-rank = ["P"]
last-rank-optional = {optional}
"#
        );
        let spec = mini(&body);
        proved(&run(&spec.game, "mobility"));
    }
}

#[test]
fn a_refuted_proof_names_the_reading_option_under_which_it_holds() {
    // The same Pawn game with a reading: "never" (default) refutes mobility, "last-rank"
    // (forced promotion on rank 5) proves it.
    let body = format!(
        "{}\n{}",
        pawn_game("forced = \"never\"", "enabled = false"),
        r#"
[[reading]]
id = "forced"
question = "Must a Pawn promote on the last rank?"
clauses = ["T-1"]
kind = "wording"
default = "never"
why = "test"

[[reading.option]]
name = "never"
means = "promotion is optional"
set = { "rules.promotion.forced" = "never" }

[[reading.option]]
name = "last-rank"
means = "a Pawn must promote on rank 5"
set = { "rules.promotion.forced" = "listed-ranks", "rules.promotion.forced-ranks" = { P = [5] } }
"#
    );
    let spec = mini(&body);
    let all = spec_proofs(&spec, &Limits::default());
    let m = proof(&all, "mobility");
    refuted(m);
    assert_eq!(m.holds_under, vec!["forced=last-rank".to_string()]);
    for other in all.iter().filter(|p| p.name != "mobility") {
        assert!(other.holds_under.is_empty(), "{}: {:?}", other.name, other.holds_under);
    }
}

// ---------------------------------------------------------------------------------------------
// Jump ranking.
// ---------------------------------------------------------------------------------------------

/// Two rank-limited jumpers; `low_rank` is the rank line of the lower one (or nothing).
fn jumpers(low_rank: &str, limit: &str) -> String {
    format!(
        r#"
[board]
files = 7
ranks = 7

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true
rank = 3

[[piece]]
id = "GG"
name = "Great General"
betza = "Q(cpaf)2cQ"
rank = 2
[piece.ability.jump]
rank-limit = "{limit}"

[[piece]]
id = "VG"
name = "Vice General"
betza = "B(cpaf)2cB"
{low_rank}
[piece.ability.jump]
rank-limit = "{limit}"

[[piece]]
id = "G"
name = "Gold"
betza = "WfF"

[setup]
K = "d1"
"#
    )
}

#[test]
fn jump_ranking_is_proved_when_every_limited_jumper_has_a_rank() {
    // Ranks K 3, GG 2, VG 1, G none (0): "may jump" = "ranks lower than a limited jumper",
    // GG over VG and G, VG over G: irreflexive, asymmetric, transitive.
    let spec = mini(&jumpers("rank = 1", "jump-only"));
    proved(&run(&spec.game, "jump-ranking"));
}

#[test]
fn jump_ranking_is_refuted_by_a_limited_jumper_without_a_rank() {
    // The Vice General's jumps are limited by rank, but it has none: the rule says nothing
    // about what it may jump.
    let spec = mini(&jumpers("", "jump-only"));
    let w = refuted(&run(&spec.game, "jump-ranking"));
    assert!(w.contains("VG") && !w.contains("GG"), "{w}");
}

#[test]
fn jump_ranking_does_not_apply_without_rank_limits() {
    let spec = mini(&jumpers("", "none"));
    let p = run(&spec.game, "jump-ranking");
    assert!(!p.applies);
    assert_eq!(p.verdict, Verdict::Proved);
}

// ---------------------------------------------------------------------------------------------
// Promotion chains.
// ---------------------------------------------------------------------------------------------

#[test]
fn promotion_chains_end() {
    // Pawn -> Tokin, and the Tokin does not promote.
    let spec = mini(&pawn_game("forced = \"never\"", "enabled = false"));
    proved(&run(&spec.game, "promotion-chains"));
}

#[test]
fn a_promotion_cycle_is_refuted() {
    // Two pieces promoting into each other (the loader refuses only a piece promoting to
    // itself): A -> B -> A -> ... never ends.
    let spec = mini(
        r#"
[board]
files = 5
ranks = 5

[zone.promotion]
ranks = [5]

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "A"
name = "Alpha"
betza = "W"
promotes_to = "B"

[[piece]]
id = "B"
name = "Beta"
betza = "F"
promotes_to = "A"

[setup]
K = "c1"
A = "a1"
"#,
    );
    let w = refuted(&run(&spec.game, "promotion-chains"));
    assert!(w.starts_with("promotes forever"), "{w}");
    assert!(w.contains("A -> B") || w.contains("B -> A"), "{w}");
    assert!(!w.contains('K'), "the King promotes to nothing: {w}");
}

#[test]
fn a_piece_promoting_to_itself_is_refuted() {
    // The loader refuses `promotes_to` naming the piece itself, so the game is edited here:
    // the Tokin promotes to itself, a chain without end.
    let spec = mini(&pawn_game("forced = \"never\"", "enabled = false"));
    let mut game = spec.game.clone();
    let tokin = game.pieces.iter_mut().find(|p| p.id == "+P").unwrap();
    tokin.promotes_to = Some("+P".into());
    let w = refuted(&run(&game, "promotion-chains"));
    assert!(w.contains("+P -> +P"), "{w}");
}

// ---------------------------------------------------------------------------------------------
// Zone and setup.
// ---------------------------------------------------------------------------------------------

fn zone_game(zone: &str, pawns: &str) -> String {
    format!(
        r#"
[board]
files = 5
ranks = 5

[zone.promotion]
{zone}

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "P"
name = "Pawn"
betza = "fW"
promotes_to = "+P"

[[piece]]
id = "+P"
name = "Tokin"
betza = "WfF"

[setup]
K = "c1"
P = "{pawns}"

[rules.promotion]
zone = "promotion"
trigger = "ends-in-zone"
"#
    )
}

#[test]
fn zone_setup_is_proved_when_no_piece_starts_in_its_zone() {
    // Zone ranks 4-5, the first player's men on ranks 1-2.
    let spec = mini(&zone_game("ranks = [4, 5]", "a2,b2"));
    proved(&run(&spec.game, "zone-setup"));
}

#[test]
fn zone_setup_is_refuted_by_a_piece_starting_in_its_zone() {
    // The Pawn on a4 starts inside its own zone (ranks 4-5); the second player's men on ranks
    // 4-5 are in the first player's zone, which is no fault.
    let spec = mini(&zone_game("ranks = [4, 5]", "a4,b2"));
    let w = refuted(&run(&spec.game, "zone-setup"));
    assert_eq!(w, "P starts on a4, inside its own promotion zone");
}

#[test]
fn zone_setup_checks_the_anchor_to_the_enemy_line() {
    // The second player's Pawns start on rank 4 (a2, b2 rotated: e4, d4). A zone anchored to
    // them must begin there: ranks 4-5 hold; ranks 3-5 begin nearer, rank 5 alone further.
    let spec = mini(&zone_game("ranks = [4, 5]\nbegins_at_enemy = \"P\"", "a2,b2"));
    proved(&run(&spec.game, "zone-setup"));
    for bad in ["ranks = [3, 4, 5]\nbegins_at_enemy = \"P\"", "ranks = [5]\nbegins_at_enemy = \"P\""] {
        let spec = mini(&zone_game(bad, "a2,b2"));
        let w = refuted(&run(&spec.game, "zone-setup"));
        assert!(w.contains("does not begin at the anchored line"), "{bad}: {w}");
    }
}

#[test]
fn zone_setup_does_not_apply_without_a_zone() {
    let body = zone_game("ranks = [4, 5]", "a2,b2").replace("zone = \"promotion\"\n", "zone = \"none\"\n");
    let spec = mini(&body);
    let p = run(&spec.game, "zone-setup");
    assert!(!p.applies, "{}", p.detail);
}
