//! Property tests of the XBetza layer (proptest and quickcheck).
//!
//! Case counts: `PROPTEST_CASES` (proptest's own variable) and `QUICKCHECK_TESTS` set how many
//! cases run; the defaults keep CI fast, a long run is one variable away.

use kensho::geometry::{BoardSize, Square};
use kensho::xbetza::{self, ast::*, Cell, Occupancy, Orientation, Readings};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every distinct XBetza string of the three diagram configurations.
fn seed_strings() -> Vec<String> {
    let text = include_str!("../data/seed_pieces.tsv");
    let set: BTreeSet<String> =
        text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').nth(3)).map(str::to_string).collect();
    set.into_iter().collect()
}

#[test]
fn the_seed_table_has_every_configuration_string() {
    // 101 distinct strings: counted by hand from the three configurations (Suzumu 68 entries,
    // Mitsugumi 51, Hook 100, many shared).
    assert_eq!(seed_strings().len(), 101);
}

#[test]
fn every_seed_string_parses_prints_back_and_compiles_on_every_seed_board() {
    for s in seed_strings() {
        let ast = xbetza::parse(&s).unwrap_or_else(|e| panic!("{s}: {}", e.render(&s)));
        assert_eq!(ast.to_string(), s, "printing the tree of {s} gives the source back");
        for board in ["13x13", "16x16", "19x19"] {
            let size = BoardSize::parse(board).unwrap();
            xbetza::compile(&ast, size, Readings::default())
                .unwrap_or_else(|e| panic!("{s} on {board}: {}", e.render(&s)));
        }
    }
}

/// Strings made of XBetza's characters, most of them malformed.
fn xbetza_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[abcdfghijlmnoprsvxyWFDNAHGCZKRBQUE()0-9 ]{0,24}").unwrap()
}

fn letters() -> impl Strategy<Value = PrefixItem> {
    prop_oneof![
        proptest::sample::select(Modifier::ALL.to_vec()).prop_map(|m| PrefixItem::Letter(m, Span::default())),
        Just(PrefixItem::Leg(Span::default())),
    ]
}

fn prefix_items() -> impl Strategy<Value = Vec<PrefixItem>> {
    let leaf = letters();
    let item = leaf.prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            3 => letters(),
            1 => (proptest::collection::vec(inner, 1..4), 1u32..4).prop_map(|(items, max)| PrefixItem::Group {
                items,
                max,
                span: Span::default(),
            }),
        ]
    });
    proptest::collection::vec(item, 0..6)
}

fn component() -> impl Strategy<Value = Component> {
    (prefix_items(), proptest::sample::select(Atom::ALL.to_vec()), proptest::option::of(0u32..30)).prop_map(
        |(prefix, atom, range)| Component { prefix, atom, atom_span: Span::default(), range, span: Span::default() },
    )
}

fn betza_tree() -> impl Strategy<Value = Betza> {
    proptest::collection::vec(component(), 1..4).prop_map(|components| Betza { components })
}

/// Swaps left and right: the notation of the same piece seen in a mirror.
fn mirror_text(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'l' => 'r',
            'r' => 'l',
            c => c,
        })
        .collect()
}

proptest! {
    #[test]
    fn parser_never_panics_on_any_text(s in ".{0,40}") {
        let _ = xbetza::parse(&s);
    }

    #[test]
    fn parser_never_panics_on_xbetza_like_text_and_errors_point_inside(s in xbetza_like()) {
        match xbetza::parse(&s) {
            Ok(ast) => {
                // whatever parses also compiles or fails cleanly, and generates without panic
                let size = BoardSize::parse("9x9").unwrap();
                if let Ok(c) = xbetza::compile(&ast, size, Readings::default()) {
                    let _ = xbetza::generate(&c, &Occupancy::empty(size), Square::new(4, 4), Orientation::Up);
                }
            }
            Err(e) => {
                prop_assert!(e.span.start <= s.len(), "span {:?} outside {:?}", e.span, s);
                let rendered = e.render(&s);
                prop_assert!(rendered.contains('^'));
            }
        }
    }

    #[test]
    fn printing_a_tree_and_parsing_it_gives_the_same_tree(tree in betza_tree()) {
        let text = tree.to_string();
        let back = xbetza::parse(&text).map_err(|e| TestCaseError::fail(e.render(&text)))?;
        prop_assert_eq!(back.without_spans(), tree);
    }

    #[test]
    fn mirroring_the_board_mirrors_every_seed_move_set(
        idx in 0usize..101,
        at in (0u8..13, 0u8..13),
        cells in proptest::collection::vec(0u8..6, 169),
    ) {
        let strings = seed_strings();
        let s = &strings[idx % strings.len()];
        let size = BoardSize::parse("13x13").unwrap();
        let from = Square::new(at.0, at.1);
        let mut occ = Occupancy::empty(size);
        let mut mirrored = Occupancy::empty(size);
        for sq in size.squares() {
            let cell = match cells[size.index(sq)] { 0 => Cell::Friend, 1 => Cell::Enemy, _ => Cell::Empty };
            if sq != from {
                occ.set(sq, cell);
                mirrored.set(size.mirror_files(sq), cell);
            }
        }
        let r = Readings::default();
        let a = xbetza::compile_str(s, size, r).unwrap();
        let b = xbetza::compile_str(&mirror_text(s), size, r).unwrap();
        let ids = |moves: Vec<xbetza::PieceMove>, mirror: bool| -> BTreeSet<(Square, Vec<Square>)> {
            moves.into_iter().map(|m| {
                let f = |q: Square| if mirror { size.mirror_files(q) } else { q };
                let mut caps: Vec<Square> = m.captures.iter().map(|&q| f(q)).collect();
                caps.sort();
                (f(m.to), caps)
            }).collect()
        };
        let left = ids(xbetza::generate(&a, &occ, from, Orientation::Up), true);
        let right = ids(xbetza::generate(&b, &mirrored, size.mirror_files(from), Orientation::Up), false);
        prop_assert_eq!(left, right, "{} at {}", s, from);
    }
}

// ---- quickcheck: algebraic properties of move sets ----

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// A random position for one seed piece on a 13x13 board.
#[derive(Clone, Debug)]
struct Scene {
    betza: String,
    at: Square,
    friends: Vec<Square>,
    enemies: Vec<Square>,
    extra: Square,
}

impl Arbitrary for Scene {
    fn arbitrary(g: &mut Gen) -> Self {
        let strings = seed_strings();
        let sq = |g: &mut Gen| Square::new(u8::arbitrary(g) % 13, u8::arbitrary(g) % 13);
        let n_f = usize::arbitrary(g) % 12;
        let n_e = usize::arbitrary(g) % 12;
        Scene {
            betza: g.choose(&strings).unwrap().clone(),
            at: sq(g),
            friends: (0..n_f).map(|_| sq(g)).collect(),
            enemies: (0..n_e).map(|_| sq(g)).collect(),
            extra: sq(g),
        }
    }
}

impl Scene {
    fn board(&self, extra_friend: bool) -> Occupancy {
        let size = BoardSize::parse("13x13").unwrap();
        let mut occ = Occupancy::empty(size);
        for &s in &self.enemies {
            occ.set(s, Cell::Enemy);
        }
        for &s in &self.friends {
            occ.set(s, Cell::Friend);
        }
        if extra_friend {
            occ.set(self.extra, Cell::Friend);
        }
        occ.set(self.at, Cell::Empty);
        occ
    }

    fn moves(&self, occ: &Occupancy) -> Vec<xbetza::PieceMove> {
        let size = BoardSize::parse("13x13").unwrap();
        let c = xbetza::compile_str(&self.betza, size, Readings::default()).unwrap();
        xbetza::generate(&c, occ, self.at, Orientation::Up)
    }
}

fn quickcheck_runs() -> u64 {
    std::env::var("QUICKCHECK_TESTS").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

#[test]
fn a_friendly_blocker_never_adds_a_move_to_a_piece_that_cannot_hop() {
    fn prop(s: Scene) -> TestResult {
        // A hopping piece (p, g) may use a friend as a hurdle: the property is not claimed there.
        if s.betza.contains('p') || s.betza.contains('g') || s.extra == s.at {
            return TestResult::discard();
        }
        let before: BTreeSet<_> = s.moves(&s.board(false)).iter().map(|m| m.identity()).collect();
        let after: BTreeSet<_> = s.moves(&s.board(true)).iter().map(|m| m.identity()).collect();
        TestResult::from_bool(after.is_subset(&before))
    }
    QuickCheck::new().tests(quickcheck_runs()).quickcheck(prop as fn(Scene) -> TestResult);
}

#[test]
fn captures_are_enemies_and_destinations_are_never_friends() {
    fn prop(s: Scene) -> bool {
        let occ = s.board(false);
        s.moves(&occ).iter().all(|m| {
            m.captures.iter().all(|&c| occ.get(c) == Cell::Enemy)
                && (m.to == s.at || occ.get(m.to) != Cell::Friend)
                && (occ.get(m.to) != Cell::Enemy || m.captures.contains(&m.to))
        })
    }
    QuickCheck::new().tests(quickcheck_runs()).quickcheck(prop as fn(Scene) -> bool);
}
