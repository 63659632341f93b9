//! Piece movement diagrams (src/report/diagram.rs): every expected value is a hand count,
//! written next to it.

use kensho::engine::Engine;
use kensho::geometry::BoardSize;
use kensho::report::diagram::{self, PieceDiagram};
use kensho::report::svg;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

fn size(text: &str) -> BoardSize {
    BoardSize::parse(text).unwrap()
}

fn of_betza(betza: &str, board: &str) -> PieceDiagram {
    diagram::of_betza(betza, size(board)).unwrap()
}

/// The diagram's squares as "square: kind+kind".
fn marked(d: &PieceDiagram) -> BTreeMap<String, String> {
    d.squares.iter().map(|s| (s.square.clone(), s.kinds.join("+"))).collect()
}

fn counts(pairs: &[(&'static str, usize)]) -> BTreeMap<&'static str, usize> {
    pairs.iter().copied().collect()
}

fn engine(spec: &str) -> Engine {
    let loaded = kensho::spec::load(Path::new(&format!("specs/{spec}.toml"))).unwrap();
    kensho::commands::engine::engine_for_moves(&loaded, &Default::default()).unwrap().0
}

fn find<'a>(all: &'a [PieceDiagram], piece: &str, zone: Option<&str>) -> &'a PieceDiagram {
    all.iter()
        .find(|d| d.piece == piece && d.zone.as_deref() == zone)
        .unwrap_or_else(|| panic!("no diagram of {piece} {zone:?}"))
}

#[test]
fn a_knight_reaches_eight_squares_moving_or_capturing() {
    let d = of_betza("N", "9x9");
    // 9x9: the centre is e5. The knight's eight leaps (1,2) in every direction all stay on
    // the board: c4 c6 d3 d7 f3 f7 g4 g6, each a move to the empty square and a capture.
    assert_eq!(d.from, "e5");
    assert_eq!(d.counts, counts(&[("capture", 8), ("move", 8)]));
    let expected: BTreeMap<String, String> = ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]
        .iter()
        .map(|s| (s.to_string(), "move+capture".to_string()))
        .collect();
    assert_eq!(marked(&d), expected);
    // The farthest mark is 2 away: the 5x5 window c3-g7.
    assert_eq!((d.window.files, d.window.ranks), (('c', 'g'), (3, 7)));
}

#[test]
fn the_shogi_knight_reaches_two_squares() {
    let d = of_betza("ffN", "9x9");
    // ffN: the two narrow forward leaps (+-1, +2) from e5: d7 and f7.
    assert_eq!(d.counts, counts(&[("capture", 2), ("move", 2)]));
    assert_eq!(marked(&d).keys().cloned().collect::<Vec<_>>(), ["d7", "f7"]);
}

#[test]
fn a_rook_reaches_its_lines_and_the_window_is_the_whole_board() {
    let d = of_betza("R", "9x9");
    // From e5 on 9x9: 4 squares left, 4 right, 4 down, 4 up = 16, each move and capture.
    assert_eq!(d.counts, counts(&[("capture", 16), ("move", 16)]));
    // a5, i5, e1 and e9 are on the edge: the whole board is drawn.
    assert_eq!((d.window.files, d.window.ranks), (('a', 'i'), (1, 9)));
}

#[test]
fn a_long_range_piece_on_a_large_board_is_drawn_on_a_crop_that_says_its_lines_run_on() {
    // A Queen from h8 on 16x16 reaches the edge along its eight lines, each the same marks to
    // the edge: drawn on the 9x9 around it (d4-l12), with the note.
    let d = of_betza("Q", "16x16");
    assert_eq!(d.from, "h8");
    assert_eq!((d.window.files, d.window.ranks), (('d', 'l'), (4, 12)));
    assert!(d.notes.iter().any(|n| n == diagram::RUNS_ON), "{:?}", d.notes);
    // A slider that stops short of the edge on one line (R6 reaches b8 leftwards but not a8):
    // the crop would read as running on, so the whole board is drawn, without the note.
    let d = of_betza("R6", "16x16");
    assert_eq!((d.window.files, d.window.ranks), (('b', 'n'), (2, 14)));
    assert!(!d.notes.iter().any(|n| n == diagram::RUNS_ON));
    // Forward to the edge, but backward only 6 (to h2, not h1): cropped, the backward line would
    // read as running on to h1. The whole board.
    let d = of_betza("fRbR6", "16x16");
    assert_eq!((d.window.files, d.window.ranks), (('a', 'p'), (1, 16)));
    // A hook mover reaches squares off its lines: the whole board.
    let d = of_betza("RmasR", "16x16");
    assert_eq!((d.window.files, d.window.ranks), (('a', 'p'), (1, 16)));
    assert!(!d.notes.iter().any(|n| n == diagram::RUNS_ON));
}

#[test]
fn the_xiangqi_cannon_moves_along_its_lines_and_captures_only_by_jumping() {
    let d = of_betza("mRcpR", "9x10");
    // 9x10: files a-i, ranks 1-10; the centre is e5 (rank 5 of 10: just below the middle).
    assert_eq!(d.from, "e5");
    // Moves: left d5 c5 b5 a5 (4), right f5-i5 (4), down e4-e1 (4), up e6-e10 (5) = 17.
    // Captures, over a screen next to it: left c5 b5 a5 (3), right g5 h5 i5 (3), down e3 e2
    // e1 (3), up e7-e10 (4) = 13, all jumps; no capture without a screen.
    assert_eq!(d.counts, counts(&[("jump", 13), ("move", 17)]));
    let m = marked(&d);
    assert_eq!(m["d5"], "move");
    assert_eq!(m["c5"], "move+jump");
    assert_eq!(m["e10"], "move+jump");
}

#[test]
fn the_lion_igui_locust_and_two_square_area() {
    let d = of_betza("KNADcaKmcabK", "9x9");
    // The 5x5 box around e5 less e5: 24 squares, each a move and a capture (K, N, A, D).
    // The 8 adjacent squares also: igui (caK back to e5, mcabK), locust (caK on to another
    // square). e5 itself: the pass (mcabK out and back to the empty start).
    assert_eq!(d.counts, counts(&[("capture", 24), ("igui", 8), ("locust", 8), ("move", 24), ("pass", 1)]));
    let m = marked(&d);
    assert_eq!(m["d4"], "move+capture+igui+locust");
    assert_eq!(m["c3"], "move+capture");
    assert_eq!(m["e5"], "pass");
    assert_eq!((d.window.files, d.window.ranks), (('c', 'g'), (3, 7)));
}

#[test]
fn a_piece_that_only_steps_out_and_back_passes() {
    let d = of_betza("mabK", "9x9");
    // mabK: a King step to an empty square, then straight back: only the pass on e5.
    assert_eq!(d.counts, counts(&[("pass", 1)]));
    assert_eq!(marked(&d)["e5"], "pass");
}

#[test]
fn a_piece_with_pass_true_shows_the_pass_and_says_so() {
    let all = diagram::diagrams(&engine("mitsugumi"));
    let hf = find(&all, "HF", None);
    // Mitsugumi's Horned Falcon: `pass = true`; 13x13, centre g7.
    assert_eq!(hf.from, "g7");
    assert_eq!(hf.squares.iter().find(|s| s.square == "g7").map(|s| s.kinds.clone()), Some(vec!["pass"]));
    assert!(hf.notes.contains(&"may pass the turn in place".to_string()), "{:?}", hf.notes);
}

#[test]
fn ryu_pieces_have_one_diagram_per_zone_move() {
    let all = diagram::diagrams(&engine("ryu"));
    // The Pawn: main move WfF and zone moves first fW, second fWfF, third WfF: 4 diagrams.
    let pawn: Vec<&PieceDiagram> = all.iter().filter(|d| d.piece == "P").collect();
    assert_eq!(pawn.len(), 4);
    // 7x12: the centre is d6 (rank 6 of 12: just below the middle).
    assert_eq!(pawn[0].from, "d6");
    // first fW: d7 only. second fWfF: c7 d7 e7. third WfF: the 4 W squares and c7 e7 = 6.
    for (zone, betza, squares) in [("first", "fW", 1), ("second", "fWfF", 3), ("third", "WfF", 6)] {
        let d = find(&all, "P", Some(zone));
        assert_eq!(d.betza, betza);
        assert_eq!(d.counts, counts(&[("capture", squares), ("move", squares)]), "{zone}");
        assert!(d.notes.iter().any(|n| n.contains(&format!("zone {zone}"))), "{:?}", d.notes);
    }
    // A promoted Pawn moves everywhere as the Pawn does in the third zone (WfF: 6 squares).
    let tokin = find(&all, "+P", None);
    assert_eq!(tokin.betza, "WfF");
    assert_eq!(tokin.counts, counts(&[("capture", 6), ("move", 6)]));
}

#[test]
fn the_xiangqi_cannon_of_the_spec_matches_the_bare_notation() {
    let all = diagram::diagrams(&engine("xiangqi"));
    let c = find(&all, "C", None);
    // Same board and square as the bare `mRcpR` test: 17 moves, 13 jump captures.
    assert_eq!(c.counts, counts(&[("jump", 13), ("move", 17)]));
}

#[test]
fn a_jumping_general_jumps_along_its_lines_and_the_notes_say_its_rank() {
    let all = diagram::diagrams(&engine("suzumu"));
    let bg = find(&all, "BG", None);
    // 16x16, centre h8. Diagonals: down-left a1-g7 (7), up-right i9-p16 (8), up-left a15-g9
    // (7), down-right i7-o1 (7) = 29 squares, each move and capture; all but the 4 adjacent
    // ones are also reached by jumping a screen next to it: 25 jumps.
    assert_eq!(bg.from, "h8");
    assert_eq!(bg.counts, counts(&[("capture", 29), ("jump", 25), ("move", 29)]));
    assert!(bg.notes.contains(&"jumps only pieces of lower rank (rank 2)".to_string()), "{:?}", bg.notes);
}

#[test]
fn pictures_keep_the_boards_file_letters_and_rank_numbers() {
    let d = of_betza("N", "9x9");
    let svg = svg::render(&diagram::picture(&d));
    // The window c3-g7: labels c..g and 3..7; the knight's 8 squares as discs.
    for label in ["c", "g", "3", "7"] {
        assert!(svg.contains(&format!(">{label}</text>")), "label {label}");
    }
    for label in ["a", "b", "h", "1", "8"] {
        assert!(!svg.contains(&format!(">{label}</text>")), "label {label}");
    }
    assert_eq!(svg.matches("class=\"both\"").count(), 8);
    assert_eq!(svg.matches("class=\"from\"").count(), 1);
}

#[test]
fn every_piece_of_every_spec_has_a_diagram_with_a_mark() {
    let mut specs: Vec<_> = std::fs::read_dir("specs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    specs.sort();
    assert_eq!(specs.len(), 10);
    let mut total = 0.0;
    for path in specs {
        let loaded = kensho::spec::load(&path).unwrap();
        let engine = kensho::commands::engine::engine_for_moves(&loaded, &Default::default()).unwrap().0;
        let start = Instant::now();
        let all = diagram::diagrams(&engine);
        let seconds = start.elapsed().as_secs_f64();
        total += seconds;
        println!("{}: {} diagrams in {seconds:.3}s", path.display(), all.len());
        // One diagram per piece and per zone move.
        let expected: usize = engine.pieces.iter().map(|p| 1 + p.zone_moves.len()).sum();
        assert_eq!(all.len(), expected, "{}", path.display());
        for d in &all {
            assert!(!d.squares.is_empty(), "{}: {} {:?} has no mark", path.display(), d.piece, d.zone);
        }
    }
    println!("all specs: {total:.3}s");
}
