//! The readers fuzzed, each with what it makes of its input afterwards (an XBetza string is
//! compiled and its moves generated; a spec is loaded and its engine plays the start; a
//! position is read, printed back and its moves generated).

use crate::corpus::{case, specs, TOKENS};
use crate::harness::Reader;
use kensho::engine::Engine;
use kensho::geometry::BoardSize;
use kensho::random::SplitMix64;
use kensho::xbetza::{self, Cell, MoveTable, Occupancy, Orientation, Readings};
use std::sync::OnceLock;

/// A number taken from the input itself, so that a case is a function of its text alone
/// (and shrinking keeps working).
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn with_tokens(extra: &[&'static str]) -> Vec<&'static str> {
    TOKENS.iter().chain(extra).copied().collect()
}

// ---- XBetza strings ----

const XBETZA_TOKENS: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "h", "m", "c", "d", "p", "g", "y", "n", "j", "i", "o", "x", "a", "(", ")", "(a)",
    "(mpacab)", "W", "F", "D", "N", "A", "H", "G", "C", "Z", "K", "R", "B", "Q", "U", "2", "3", "9", "0", "99",
];

fn xbetza_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut all: Vec<String> =
            specs().iter().flat_map(|(_, s)| s.game.pieces.iter().map(|p| p.betza.clone())).collect();
        all.sort();
        all.dedup();
        all
    })
}

pub fn xbetza() -> Reader {
    Reader {
        generate: |rng| case(rng, xbetza_bases(), &with_tokens(XBETZA_TOKENS)),
        run: |input| {
            let Ok(ast) = xbetza::parse(input) else { return };
            let boards = ["5x5", "9x9", "16x16", "26x26"];
            let mut bits = digest(input);
            let size = BoardSize::parse(boards[(bits % 4) as usize]).expect("board");
            let Ok(compiled) = xbetza::compile(&ast, size, Readings::default()) else { return };
            // A board a third full, friends and enemies drawn from the input's digest.
            let cells: Vec<Cell> = (0..size.square_count())
                .map(|_| {
                    bits = bits.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    match (bits >> 33) % 6 {
                        0 => Cell::Friend,
                        1 => Cell::Enemy,
                        _ => Cell::Empty,
                    }
                })
                .collect();
            let from = size.square_at(size.square_count() / 2);
            let mut cells = cells;
            cells[size.index(from)] = Cell::Friend;
            let board = Occupancy::from_cells(size, cells);
            // One orientation, drawn from the digest too: the work budget allows a generation
            // about a tenth of a second, and a case makes two.
            let orientation = if bits.is_multiple_of(2) { Orientation::Up } else { Orientation::Down };
            let table = MoveTable::of(&compiled, &[orientation]);
            let walked = xbetza::generate(&compiled, &board, from, orientation);
            let tabled = xbetza::generate_tabled(&compiled, Some(&table), &board, from, orientation, &mut |_| true);
            assert_eq!(walked, tabled, "the tables and the walker agree on {input}");
            xbetza::CaptureReach::of(&compiled);
        },
    }
}

// ---- spec TOML ----

/// The specs of small boards: a mutated spec that still loads builds an engine and plays the
/// start, which the large games would make slow per case (their text is still spliced in).
fn spec_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        specs().iter().filter(|(_, s)| s.game.board.square_count() <= 100).map(|(text, _)| text.clone()).collect()
    })
}

pub fn spec_toml() -> Reader {
    Reader {
        generate: |rng| case(rng, spec_bases(), TOKENS),
        run: |input| {
            let Ok(spec) = kensho::spec::load::parse("fuzz.toml", input) else { return };
            let Ok(game) = spec.resolve(&Default::default()) else { return };
            let Ok((engine, _)) = Engine::for_moves(&game) else { return };
            let start = engine.start();
            let moves = engine.legal_moves(&start);
            let _ = engine.status_before(&start, &moves);
            let _ = engine.position_string(&start);
        },
    }
}

// ---- properties TOML ----

fn properties_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        specs()
            .iter()
            .filter_map(|(_, s)| std::fs::read_to_string(format!("properties/{}.toml", s.spec.game.id.get_ref())).ok())
            .collect()
    })
}

pub fn properties_toml() -> Reader {
    Reader {
        generate: |rng| case(rng, properties_bases(), &with_tokens(&["spec", "clause", "piece", "zone", "kind"])),
        run: |input| {
            let Ok(props) = kensho::check::properties::parse("fuzz.toml", input) else { return };
            // Validated against every bundled spec: names it lacks are errors, never panics.
            for (_, spec) in specs() {
                let clauses = spec.all_clauses();
                let ids: Vec<String> = clauses.iter().map(|c| c.id.get_ref().clone()).collect();
                let _ = props.validate_in("fuzz.toml", input, &spec.game, &ids);
            }
        },
    }
}

// ---- position strings ----

/// Every bundled game's engine (built once, shared by the threads).
fn engines() -> &'static [Engine] {
    static ENGINES: OnceLock<Vec<Engine>> = OnceLock::new();
    // `for_moves`: the moves of a game whose rules the engine does not all play (xiangqi's
    // perpetual chase) are still generated.
    ENGINES.get_or_init(|| specs().iter().map(|(_, s)| Engine::for_moves(&s.game).expect("bundled engine").0).collect())
}

/// The start of every game, and a position after a few moves of it (hands, skips, memory).
fn position_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut out = Vec::new();
        for (i, engine) in engines().iter().enumerate() {
            let mut pos = engine.start();
            out.push(format!("{i}\u{1}{}", engine.position_string(&pos)));
            let mut rng = SplitMix64::new(i as u64);
            for _ in 0..40 {
                let moves = engine.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len())];
                engine.make(&mut pos, mv, &mut Vec::new());
                out.push(format!("{i}\u{1}{}", engine.position_string(&pos)));
            }
        }
        out
    })
}

pub fn position() -> Reader {
    Reader {
        generate: |rng| {
            // The game's index stays out of the mutation: the position text is mutated.
            let base = &position_bases()[rng.below(position_bases().len())];
            let (game, text) = base.split_once('\u{1}').expect("game index");
            let texts: Vec<String> = vec![text.to_string()];
            format!(
                "{game}\u{1}{}",
                case(rng, &texts, &with_tokens(&["/", "b", "w", "~b", "~w", "~bw", "-", "+P", "(LN)"]))
            )
        },
        run: |input| {
            let (game, text) = input.split_once('\u{1}').unwrap_or(("0", input));
            let engines = engines();
            let engine = &engines[game.parse::<usize>().unwrap_or(0) % engines.len()];
            let Ok(pos) = engine.parse_position(text) else { return };
            let printed = engine.position_string(&pos);
            let again = engine.parse_position(&printed).expect("a printed position reads back");
            assert_eq!(engine.position_string(&again), printed, "the position string round-trips");
            let moves = engine.legal_moves(&pos);
            let _ = engine.status_before(&pos, &moves);
            if let Some(mv) = moves.first() {
                let mut after = pos.clone();
                engine.make(&mut after, mv, &mut Vec::new());
                let _ = engine.position_string(&after);
            }
        },
    }
}

// ---- batch lines ----

fn batch_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        xbetza_bases()
            .iter()
            .map(|betza| {
                serde_json::json!({"id": 1, "betza": betza, "board": "9x9", "at": "e5", "friends": ["e4", "d5"], "enemies": ["e7", "f6"]})
                    .to_string()
            })
            .collect()
    })
}

pub fn batch_line() -> Reader {
    Reader {
        generate: |rng| case(rng, batch_bases(), &with_tokens(&["\"board\"", "\"at\"", "\"16x16\"", "null", "[]"])),
        run: |input| {
            let _ = kensho::commands::moves::run_batch(
                std::io::Cursor::new(input.as_bytes()),
                std::io::sink(),
                std::io::sink(),
                Readings::default(),
            );
        },
    }
}

// ---- reading assignments (`--reading`) ----

fn reading_bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut out: Vec<String> = Readings::default().values().iter().map(|(k, v)| format!("{k}={v}")).collect();
        for (_, spec) in specs() {
            for reading in &spec.spec.readings {
                for option in &reading.options {
                    out.push(format!("{}={}", reading.id.get_ref(), option.name.get_ref()));
                }
            }
        }
        out
    })
}

pub fn reading_assignment() -> Reader {
    Reader {
        generate: |rng| case(rng, reading_bases(), TOKENS),
        run: |input| {
            let _ = Readings::default().apply(input);
            let Ok(choices) = kensho::spec::load::parse_choices(&[input.to_string()]) else { return };
            for (_, spec) in specs().iter().filter(|(_, s)| s.game.board.square_count() <= 100) {
                let _ = spec.resolve(&choices);
            }
        },
    }
}
