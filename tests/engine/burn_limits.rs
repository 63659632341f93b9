//! The limits the engine puts on a burner's captures (`engine::filters::burn_and_igui_ok`), on
//! small designed games whose moves are counted by hand. No bundled document makes burning
//! compulsory (`burn.optional = false`, settings.md: "Is burning the player's choice"), so
//! these are the only games that play it.

use crate::designed::{game, moves};
use kensho::Color;

/// `KmcacabK`: King steps (moving or capturing), and a King step (moving or capturing)
/// followed by the burn of one neighbour of the square reached (capture it, step back).
const BURNER: &str = "KmcacabK";

/// The moves of the X on c3 that end on d4, in a game where X burns compulsorily.
fn to_d4(ability: &str, others: &[(&str, Color, &str)]) -> Vec<(String, Vec<String>)> {
    let e = game(BURNER, ability);
    let mut men = vec![("X", Color::Black, "c3"), ("K", Color::Black, "a1"), ("K", Color::White, "g7")];
    men.extend_from_slice(others);
    let mut got: Vec<_> = moves(&e, &men, "c3").into_iter().filter(|(to, _)| to == "d4").collect();
    for (_, captures) in &mut got {
        captures.sort();
    }
    got.sort();
    got
}

fn mv(to: &str, captures: &[&str]) -> (String, Vec<String>) {
    (to.to_string(), captures.iter().map(|c| c.to_string()).collect())
}

const COMPULSORY: &str = "[piece.ability.burn]\nmax = 1\noptional = false";

#[test]
fn with_nothing_burnable_next_to_it_the_burner_moves_without_burning() {
    // Next to d4: its own Pawn on c5 (not an enemy) and its own start square c3 (empty once it
    // has moved). Far from d4: an enemy Pawn on g5 and the enemy King on g7. Nothing can be
    // burned, so the plain step c3-d4 stands (burn as many as the rules allow: none).
    assert_eq!(to_d4(COMPULSORY, &[("P", Color::Black, "c5"), ("P", Color::White, "g5")]), vec![mv("d4", &[])]);
}

#[test]
fn an_enemy_next_to_the_destination_must_be_burned() {
    // Enemy Pawns on d5 and e5, both next to d4; one burn allowed: either is burned, and the
    // step without a burn is no move.
    assert_eq!(
        to_d4(COMPULSORY, &[("P", Color::White, "d5"), ("P", Color::White, "e5")]),
        vec![mv("d4", &["d5"]), mv("d4", &["e5"])]
    );
}

#[test]
fn capturing_on_arrival_does_not_excuse_the_burn() {
    // An enemy Pawn on d4 (taken on arrival, outside the burn count under the default
    // arrival-capture = extra) and one on e5: the capture must burn e5 as well.
    assert_eq!(
        to_d4(COMPULSORY, &[("P", Color::White, "d4"), ("P", Color::White, "e5")]),
        vec![mv("d4", &["d4", "e5"])]
    );
}

#[test]
fn an_immune_neighbour_does_not_have_to_be_burned() {
    // Pawns are immune: the enemy Pawn on e5 can neither be burned nor demand a burn.
    let ability = format!("{COMPULSORY}\nimmune = [\"P\"]");
    assert_eq!(to_d4(&ability, &[("P", Color::White, "e5")]), vec![mv("d4", &[])]);
}

#[test]
fn a_burner_of_friends_does_not_have_to_burn_the_square_it_left() {
    // burn.targets = any: friends next to the destination must be burned too, but the start
    // square c3 is empty once X has left it. With a friendly Pawn on d5: burn it.
    let ability = format!("{COMPULSORY}\ntargets = \"any\"");
    assert_eq!(to_d4(&ability, &[]), vec![mv("d4", &[])]);
    assert_eq!(to_d4(&ability, &[("P", Color::Black, "d5")]), vec![mv("d4", &["d5"])]);
}

#[test]
fn a_burner_must_burn_the_piece_it_jumped_when_that_piece_is_next_to_its_landing() {
    // `pafmFpafmabcabF`: hop a diagonal neighbour and land beyond it, then optionally burn the
    // hopped piece (straight back). X on a1 hops the enemy Pawn on b2 to c3; b2 was passed
    // over, not taken, so it is still there to be burned and the bare hop is no move.
    let e = game("pafmFpafmabcabF", COMPULSORY);
    let got = moves(
        &e,
        &[("X", Color::Black, "a1"), ("P", Color::White, "b2"), ("K", Color::Black, "g1"), ("K", Color::White, "g7")],
        "a1",
    );
    assert_eq!(got, vec![mv("c3", &["b2"])]);
}

/// The moves of X on `from` that capture something.
fn captures_of(betza: &str, ability: &str, from: &str, others: &[(&str, Color, &str)]) -> Vec<(String, Vec<String>)> {
    let e = game(betza, ability);
    let mut men = vec![("X", Color::Black, from), ("K", Color::Black, "g1"), ("K", Color::White, "g7")];
    men.extend_from_slice(others);
    moves(&e, &men, from).into_iter().filter(|(_, captures)| !captures.is_empty()).collect()
}

#[test]
fn a_single_leap_then_a_burn_is_no_area_move_but_two_leaps_are() {
    // burn.after-area-move = never. `macabD`: one D leap, then the burn of a piece a D leap
    // away; the piece arrived in one leg by a leap that is no King step, so it made no area
    // move and burns: from c3, c5 or e3 then e5 (counted by hand).
    let never = "[piece.ability.burn]\nmax = 1\nafter-area-move = \"never\"";
    assert_eq!(
        captures_of("macabD", never, "c3", &[("P", Color::White, "e5")]),
        vec![mv("c5", &["e5"]), mv("e3", &["e5"])]
    );
    // `mamacabD`: two D leaps, then a burn: an area move (two legs to arrive), so no burn at
    // all; under the default (always) a1-a3-c3 and a1-c1-e1 burn e3.
    assert_eq!(captures_of("mamacabD", never, "a1", &[("P", Color::White, "e3")]), vec![]);
    let always = "[piece.ability.burn]\nmax = 1";
    assert_eq!(
        captures_of("mamacabD", always, "a1", &[("P", Color::White, "e3")]),
        vec![mv("c3", &["e3"]), mv("e1", &["e3"])]
    );
}

#[test]
fn back_on_its_start_after_an_area_move_the_captures_are_what_return_to_start_says() {
    // `mambacabK`: step out, step back to the start, then take a neighbour and come back: the
    // only way this piece takes c4 from c3. Pawns are immune to burning; an enemy Pawn on c4.
    let other = [("P", Color::White, "c4")];
    let taken = |ability: &str| captures_of("mambacabK", ability, "c3", &other).contains(&mv("c3", &["c4"]));
    let immune = "[piece.ability.burn]\nmax = 1\nimmune = [\"P\"]";
    // return-to-start = burn: a burn, and Pawns are immune to it.
    assert!(!taken(&format!("{immune}\nreturn-to-start = \"burn\"")));
    // return-to-start = igui (the default): an igui, which burn immunity does not stop under
    // the default immunity-covers = burn-only.
    assert!(taken(immune));
    // A burn of one piece where one may be burned.
    assert!(taken("[piece.ability.burn]\nmax = 1\nreturn-to-start = \"burn\""));
    // A piece that does not burn (max 0) takes by igui whatever return-to-start says.
    assert!(taken("[piece.ability.burn]\nmax = 0\nreturn-to-start = \"burn\""));
}

#[test]
fn back_on_its_start_by_a_round_trip_that_never_passed_it_the_capture_is_an_igui() {
    // `mamacamK`: two steps, a capture, a step; c3-c4-d4-d3x-c3 ends on the start without
    // having returned there before the capture, so it is an igui even under
    // return-to-start = burn, and burn immunity does not stop it.
    let ability = "[piece.ability.burn]\nmax = 1\nimmune = [\"P\"]\nreturn-to-start = \"burn\"";
    assert!(captures_of("mamacamK", ability, "c3", &[("P", Color::White, "d3")]).contains(&mv("c3", &["d3"])));
}

#[test]
fn burn_immunity_belongs_to_burners() {
    // immunity-covers = burn-and-igui stops igui captures of immune pieces by a burner; a
    // piece with burn.max = 0 burns nothing, so it has no immunity to extend. `mcabK`: igui.
    let extend = "immune = [\"P\"]\nimmunity-covers = \"burn-and-igui\"";
    let burner = format!("[piece.ability.burn]\nmax = 1\n{extend}");
    let non_burner = format!("[piece.ability.burn]\nmax = 0\n{extend}");
    let other = [("P", Color::White, "c4")];
    assert_eq!(captures_of("mcabK", &burner, "c3", &other), vec![]);
    assert_eq!(captures_of("mcabK", &non_burner, "c3", &other), vec![mv("c3", &["c4"])]);
}

/// burn.targets = any-but-own-royals (Suzumu's reading fd-burn-targets): a burner takes friends
/// as well as enemies, by a burn or an igui, but never its own King; the enemy King it may
/// take. Counted by hand on the designed 7x7 game.
#[test]
fn a_burner_of_friends_spares_its_own_royal_and_not_the_enemys() {
    let spares = "[piece.ability.burn]\nmax = 1\ntargets = \"any-but-own-royals\"";
    let e = game(BURNER, spares);
    let steps_to_d4 = |men: &[(&str, Color, &str)]| -> Vec<(String, Vec<String>)> {
        moves(&e, men, "c3").into_iter().filter(|(to, _)| to == "d4").collect()
    };
    // X steps c3-d4 and may burn one neighbour of d4: the enemy King on e5 (the game is won by
    // taking it), or the friendly Pawn on c5; never its own King on e5.
    let enemy_king = steps_to_d4(&[
        ("X", Color::Black, "c3"),
        ("K", Color::Black, "a1"),
        ("K", Color::White, "e5"),
        ("P", Color::Black, "c5"),
    ]);
    assert_eq!(enemy_king, vec![mv("d4", &[]), mv("d4", &["c5"]), mv("d4", &["e5"])]);
    let own_king = steps_to_d4(&[
        ("X", Color::Black, "c3"),
        ("K", Color::Black, "e5"),
        ("K", Color::White, "g7"),
        ("P", Color::Black, "c5"),
    ]);
    assert_eq!(own_king, vec![mv("d4", &[]), mv("d4", &["c5"])]);

    // An igui by a later leg, which the reading lets take friends: `mamacamK` goes
    // c3-c4-d4, takes d3 and steps back to c3 (as in the test of return-to-start above). A
    // friendly Pawn or the enemy King on d3 may be taken so; its own King may not.
    let e = game("mamacamK", spares);
    let igui = |men: &[(&str, Color, &str)]| moves(&e, men, "c3").contains(&mv("c3", &["d3"]));
    assert!(
        igui(&[
            ("X", Color::Black, "c3"),
            ("K", Color::Black, "a1"),
            ("K", Color::White, "g7"),
            ("P", Color::Black, "d3")
        ]),
        "a friendly Pawn"
    );
    assert!(igui(&[("X", Color::Black, "c3"), ("K", Color::Black, "a1"), ("K", Color::White, "d3")]), "the enemy King");
    assert!(!igui(&[("X", Color::Black, "c3"), ("K", Color::Black, "d3"), ("K", Color::White, "g7")]), "its own King");
}
