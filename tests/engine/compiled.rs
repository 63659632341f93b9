//! The compiled generator against the readable one (issue 20): the per-square move tables
//! (`xbetza::table`) must give exactly the moves the XBetza walker finds, path for path.
//!
//! - Piece by piece: every piece type of every bundled spec (its move and each zone move), in
//!   every orientation, on boards filled at random: `generate_tabled` and `generate_where`
//!   return the same moves (destinations, captures, paths, shapes), in the same order. This
//!   covers the one-leg rays and the compass programs (Lion steps, area moves, hook moves,
//!   multi-capturing jumpers, run as line programs; programs that replay an earlier one's first
//!   two legs), under every toggle reading. A table with one ray left out, one compass turn made
//!   wrong, one line forgotten, or a replay linked to the wrong program fails this check at once.
//! - Game by game: every bundled spec's engine, and the same engine told to walk every leg
//!   (`Engine::reference_generation`), give the same legal moves in every position of seeded
//!   random games and one move beyond.

use kensho::engine::{Engine, Move, Position};
use kensho::geometry::BoardSize;
use kensho::random::SplitMix64;
use kensho::xbetza::readings::{ToggleScope, ToggleSpan};
use kensho::xbetza::{
    generate_tabled, generate_where, Cell, CompiledBetza, MoveTable, Occupancy, Orientation, Readings,
};
use std::collections::BTreeMap;
use std::path::Path;

const ALL_ORIENTATIONS: [Orientation; 3] = [Orientation::Up, Orientation::Down, Orientation::DownBoardSides];

/// Suzumu's Fire Demon (specs/suzumu.toml): toggled slides and three-step area moves with burns.
const FIRE_DEMON: &str = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";

pub(crate) const SPECS: [&str; 10] =
    ["suzumu", "mitsugumi", "hook", "shogi", "xiangqi", "shoogantshii", "ryu", "heian-ryu", "minishogi", "chu"];

pub(crate) fn engine(game: &str) -> Engine {
    let path = format!("specs/{game}.toml");
    let spec = kensho::spec::load(Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let resolved = spec.resolve(&BTreeMap::new()).unwrap_or_else(|e| panic!("{path}: {e}"));
    // for_moves: xiangqi's perpetual-chase game end is not played, and moves are all we need.
    Engine::for_moves(&resolved).unwrap_or_else(|bad| panic!("{path}: unplayable {bad:?}")).0
}

/// A board of friends, enemies and empty squares, about one square in `1 / density` taken.
fn random_board(size: BoardSize, rng: &mut SplitMix64, density: usize) -> Occupancy {
    let cells = (0..size.square_count())
        .map(|_| match rng.below(2 * density) {
            0 => Cell::Friend,
            1 => Cell::Enemy,
            _ => Cell::Empty,
        })
        .collect();
    Occupancy::from_cells(size, cells)
}

/// The first board on which the table and the walker disagree for this move, described.
fn first_disagreement(
    name: &str,
    compiled: &CompiledBetza,
    table: &MoveTable,
    boards: usize,
    seed: u64,
) -> Option<String> {
    let size = compiled.size;
    let mut rng = SplitMix64::new(seed);
    for b in 0..boards {
        // An empty board, then sparse and crowded ones: long slides and hurdles both get
        // their turn. Every square is an origin, in every orientation.
        let board = if b == 0 { Occupancy::empty(size) } else { random_board(size, &mut rng, 1 + b % 4) };
        for (from, orientation) in size.squares().flat_map(|sq| ALL_ORIENTATIONS.map(|o| (sq, o))) {
            let mut board = board.clone();
            board.set(from, Cell::Friend);
            let walked = generate_where(compiled, &board, from, orientation, &mut |_| true);
            let tabled = generate_tabled(compiled, Some(table), &board, from, orientation, &mut |_| true);
            if walked != tabled {
                let show = |moves: &[kensho::xbetza::PieceMove]| -> Vec<String> {
                    moves.iter().map(|m| format!("{}{:?}", m.to.name(), m.program)).collect()
                };
                return Some(format!(
                    "{name} from {} {orientation:?}, board {b} of seed {seed}: walker {:?}, table {:?}",
                    from.name(),
                    show(&walked),
                    show(&tabled)
                ));
            }
        }
    }
    None
}

/// Every piece's moves (its own and each zone's) in every bundled spec, and moves that use
/// what no bundled piece does: jumping and lame leapers, a jumping rider, hoppers and a
/// grasshopper, on a small and a large board.
fn every_move() -> Vec<(String, CompiledBetza)> {
    let mut out = Vec::new();
    for size in ["9x9", "16x16"] {
        let size = BoardSize::parse(size).expect("size");
        // Three-square lame and jumping leapers (two squares on the way), and hoppers with a
        // range.
        for text in [
            "jD", "jN", "nA", "nN", "nH", "jH", "nG", "jR", "jB", "pR", "gQ", "pR3", "gB3", "mRcpR", "DD", "fsW",
            "ffN", // Plain pieces whose programs reach the same squares (one move per identity).
            "RD", "WR", "QN", "fRfW2", "mRcD", "dWcR",
        ] {
            let readings = kensho::xbetza::Readings::default();
            let compiled = kensho::xbetza::compile_str(text, size, readings).expect(text);
            out.push((format!("{text} on {}x{}", size.files, size.ranks), compiled));
        }
        // Compass programs no bundled piece writes (a hook mover, a toggled bent rider, double
        // captures along a line), and a toggling area mover under every toggle reading.
        // Line programs (pieces captured or hopped in turn along a line) with a limited range,
        // an empty-square or friend-capturing last leg, and four legs.
        for text in ["mafsR", "ymafsF", "yafsQ", "mcafmcafR", "cpafmcR3", "dpafcpafmcQ", "pafpafpafcK", FIRE_DEMON] {
            for scope in [ToggleScope::WholeLeg, ToggleScope::OwnAlternative] {
                for span in [ToggleSpan::RestOfMove, ToggleSpan::NextLeg] {
                    let readings = Readings { toggle_scope: scope, toggle_span: span, ..Readings::default() };
                    let compiled = kensho::xbetza::compile_str(text, size, readings).expect(text);
                    out.push((format!("{text} on {}x{} {scope:?} {span:?}", size.files, size.ranks), compiled));
                }
            }
        }
    }
    for game in SPECS {
        let e = engine(game);
        for p in &e.pieces {
            out.push((format!("{game} {}", p.id), p.moves.clone()));
            for (zone, moves) in &p.zone_moves {
                out.push((format!("{game} {} in {zone}", p.id), moves.clone()));
            }
        }
    }
    out
}

#[test]
fn every_pieces_table_gives_the_walkers_moves_on_random_boards() {
    let (mut tabled_programs, mut compass_programs, mut line_programs, mut replaying) = (0, 0, 0, 0);
    let (mut plain, mut overlapping) = (0, 0);
    let moves = every_move();
    for (i, (name, compiled)) in moves.iter().enumerate() {
        let table = MoveTable::of(compiled, &ALL_ORIENTATIONS);
        tabled_programs += table.tabled();
        compass_programs += table.compass_programs();
        line_programs += table.line_programs();
        replaying += table.replaying_programs();
        plain += usize::from(table.plain().is_some());
        overlapping += usize::from(table.plain().is_some_and(|p| p.overlapping));
        if table.tabled() == 0 {
            continue; // nothing but the walker runs this move
        }
        if let Some(bad) = first_disagreement(name, compiled, &table, 6, i as u64) {
            panic!("{bad}");
        }
    }
    assert!(moves.len() > 150, "only {} piece moves compared", moves.len());
    // Most programs of these games are one-leg slides and leaps.
    assert!(tabled_programs > 300, "only {tabled_programs} programs have tables");
    // The Fire Demon alone has 14 compass programs per reading and board.
    assert!(compass_programs > 200, "only {compass_programs} compass programs compared");
    // Suzumu's and Mitsugumi's jumping generals, and the line programs listed above.
    assert!(line_programs > 40, "only {line_programs} line programs compared");
    // The Fire Demon's burn-twice programs go on from its burn-once programs' second legs:
    // five per reading and board (and per spec with a Fire Demon).
    assert!(replaying > 40, "only {replaying} programs replaying another's first legs compared");
    // Most pieces are plain slides and leaps, run from one list of rays; a few of those have
    // programs that reach one square twice.
    assert!(plain > 150, "only {plain} plain pieces compared");
    assert!(overlapping >= 12, "only {overlapping} plain pieces with overlapping rays compared");
}

/// The check above is the guard of the tables: leave one ray out of a Rook's table and it
/// reports the lost squares.
#[test]
fn a_table_with_one_ray_left_out_is_caught() {
    assert_corruption_caught("R", "the Rook has a ray", MoveTable::corrupt_one_ray);
}

/// The same guard for compass programs: turn the last leg of a Lion's double step wrong and
/// the comparison names a square the walker does not reach.
#[test]
fn a_compass_program_with_a_wrong_turn_is_caught() {
    assert_corruption_caught("KNADcaKmcabK", "the Lion has a compass program", MoveTable::corrupt_one_turn);
}

/// And for line programs: forget one line of a jumping general's multiple capture and the
/// comparison names the captures the walker finds along it.
#[test]
fn a_line_program_with_a_line_left_out_is_caught() {
    assert_corruption_caught("B(cpaf)2cB", "the general has a line program", MoveTable::corrupt_one_line);
}

/// A compass program whose first two legs are an earlier program's replays that program's
/// second-leg ends instead of walking them (the Fire Demon's burn once and burn twice): linked
/// to a program whose legs differ, it goes on from the wrong squares, and the comparison
/// catches it.
#[test]
fn a_program_replaying_the_wrong_programs_legs_is_caught() {
    assert_corruption_caught(FIRE_DEMON, "the Fire Demon has programs that replay others", MoveTable::corrupt_replay);
}

/// A plain piece whose slide and leap reach one square (a Rook that also leaps like a
/// Dabbaba) must look each landing up among the moves found: told its rays do not overlap, it
/// gives that square twice, and the comparison catches it.
#[test]
fn a_plain_piece_told_its_rays_never_overlap_is_caught() {
    assert_corruption_caught(
        "RD",
        "the Rook-Dabbaba is a plain piece with overlapping rays",
        MoveTable::corrupt_overlap,
    );
}

/// The generator remembers the compass-program states it has walked to the end, so that a
/// second path arriving there is not walked again (`generate::Explored`). That is sound only
/// where no path below the state was refused: `accept` may judge a path by how it arrived
/// (the Fire Demon's burns). Here an area mover of three king steps has every path through its
/// first square refused: the walker still finds each square by another way, and so must the
/// table. Told to remember states below a refusal too, the table loses those moves, and the
/// comparison catches it.
#[test]
fn a_refused_path_does_not_hide_another_way_to_its_move() {
    let size = BoardSize::parse("9x9").expect("size");
    let compiled = kensho::xbetza::compile_str("aaK", size, Readings::default()).expect("aaK");
    let from = size.parse_square("e5").expect("e5");
    let mut board = Occupancy::empty(size);
    board.set(from, Cell::Friend);
    // Refuse every three-step path whose first step is the first step of the first path
    // offered (the same square for walker and table: they offer paths in the same order).
    let moves = |table: Option<&MoveTable>| {
        let mut first = None;
        let mut refused = 0;
        let found = generate_tabled(&compiled, table, &board, from, Orientation::Up, &mut |pm| {
            let step = pm.path[0].square;
            let refuse = pm.path.len() == 3 && *first.get_or_insert(step) == step;
            refused += usize::from(refuse);
            !refuse
        });
        (found, refused)
    };
    let (walked, refused) = moves(None);
    assert!(refused > 0, "some paths are refused");
    let mut table = MoveTable::of(&compiled, &ALL_ORIENTATIONS);
    assert_eq!(moves(Some(&table)).0, walked, "the table finds the walker's moves");
    table.corrupt_explored();
    let (lossy, _) = moves(Some(&table));
    assert!(
        lossy.len() < walked.len(),
        "remembering states below a refusal loses moves: {} of {}",
        lossy.len(),
        walked.len()
    );
}

/// The table of `betza` on 9x9 agrees with the walker; made wrong by `corrupt` (which says
/// whether it found something to corrupt, as `has_target` expects), it no longer does.
fn assert_corruption_caught(betza: &str, has_target: &str, corrupt: fn(&mut MoveTable) -> bool) {
    let size = BoardSize::parse("9x9").expect("size");
    let compiled = kensho::xbetza::compile_str(betza, size, Readings::default()).expect(betza);
    let mut table = MoveTable::of(&compiled, &ALL_ORIENTATIONS);
    assert_eq!(first_disagreement(betza, &compiled, &table, 6, 7), None, "the sound table agrees");
    assert!(corrupt(&mut table), "{has_target}");
    let bad = first_disagreement(betza, &compiled, &table, 6, 7).expect("the corrupted table is caught");
    assert!(bad.contains("walker"), "{bad}");
}

/// Seeded random games: the legal moves of the engine (tables) and of the reference engine
/// (walker only) are the same records, in every position and one move beyond.
#[test]
fn the_compiled_generator_gives_the_reference_engines_moves_in_games() {
    let mut compared = 0;
    for game in SPECS {
        let fast = engine(game);
        let mut reference = fast.clone();
        reference.reference_generation = true;
        for seed in 0..2u64 {
            let mut rng = SplitMix64::new(seed);
            let mut pos: Position = fast.start();
            let mut undo = Vec::new();
            for ply in 0..80 {
                let moves = compare(&fast, &reference, &pos, game, seed, ply);
                compared += 1;
                let Some(mv) = pick(&moves, &mut rng) else { break };
                // One move beyond each position: the replies to every sixth move.
                for m in moves.iter().step_by(6) {
                    fast.make(&mut pos, m, &mut undo);
                    compare(&fast, &reference, &pos, game, seed, ply);
                    compared += 1;
                    fast.unmake(&mut pos, &mut undo);
                }
                fast.make(&mut pos, &mv, &mut undo);
                if fast.ends_at_once(&pos, &mv) {
                    break;
                }
            }
        }
    }
    assert!(compared > 3_000, "only {compared} positions compared");
}

fn compare(fast: &Engine, reference: &Engine, pos: &Position, game: &str, seed: u64, ply: usize) -> Vec<Move> {
    let moves = fast.legal_moves(pos);
    assert_eq!(moves, reference.legal_moves(pos), "{game} seed {seed} ply {ply}: {}", fast.position_string(pos));
    moves
}

fn pick(moves: &[Move], rng: &mut SplitMix64) -> Option<Move> {
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())].clone())
}
