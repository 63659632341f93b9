//! Rank-limited jumping's rules on a path (`engine::filters::jump_ok`), on small designed games
//! whose moves are counted by hand, for the cases no bundled jumping General reaches.

use crate::designed::{game, moves};
use kensho::Color;

fn destinations(betza: &str, ability: &str, men: &[(&str, Color, &str)], from: &str) -> Vec<(String, Vec<String>)> {
    let e = game(betza, ability);
    let mut all = vec![("K", Color::Black, "g1"), ("K", Color::White, "a7")];
    all.extend_from_slice(men);
    moves(&e, &all, from)
}

#[test]
fn a_jump_under_landing_capture_never_ends_on_an_empty_square() {
    // `pafB`: hop the first piece on a diagonal and go on beyond it. Its last leg may end on an
    // empty square as written, so only jump.landing decides. X on a1, an enemy Pawn on b2.
    let men = [("X", Color::Black, "a1"), ("P", Color::White, "b2")];
    let diagonal = |ability: &str| -> Vec<String> {
        destinations("pafB", ability, &men, "a1").into_iter().map(|(to, _)| to).collect()
    };
    // landing = capture: the jump must end by capturing; nothing beyond b2 to capture.
    assert_eq!(diagonal("[piece.ability.jump]\nlanding = \"capture\""), Vec::<String>::new());
    // landing = capture-or-empty: c3, d4, e5, f6, g7 (counted by hand).
    assert_eq!(diagonal("[piece.ability.jump]\nlanding = \"capture-or-empty\""), ["c3", "d4", "e5", "f6", "g7"]);
}

#[test]
fn a_capture_before_the_last_step_is_a_capture_on_the_way_even_on_the_square_the_move_ends_on() {
    // `camambK`: take a neighbour, step on, step back onto the square taken. The capture is
    // not the path's last step, so it is a capture on the way (jump.capture-jumped decides),
    // even though the path ends where it was made. X on c3, an enemy Pawn on d4.
    let men = [("X", Color::Black, "c3"), ("P", Color::White, "d4")];
    let takes_d4 =
        |ability: &str| destinations("camambK", ability, &men, "c3").contains(&("d4".into(), vec!["d4".into()]));
    assert!(!takes_d4("[piece.ability.jump]\ncapture-jumped = false"));
    assert!(takes_d4("[piece.ability.jump]\ncapture-jumped = true"));
}
