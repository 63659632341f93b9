//! Depth-5 calibration (issue 5): shogi and xiangqi perft 5 from the start position against
//! the published figures (../shared/reference/perft.md: 19,861,490 and 133,312,995), timed.
//! Too long for criterion's ten samples, so each is run once (CALIBRATION_RUNS=n for the median
//! of n), in parallel over the root moves as `kensho perft` runs it.
//!
//! `cargo bench --bench calibration` (several minutes) — the figures go into the README.
//! `cargo bench --bench calibration -- shogi` runs one game.

use kensho::engine::Engine;
use std::collections::BTreeMap;
use std::path::Path;

const CASES: &[(&str, u32, u64)] = &[("shogi", 5, 19_861_490), ("xiangqi", 5, 133_312_995)];

fn main() {
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let runs: usize = std::env::var("CALIBRATION_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(1).max(1);
    let mut failed = false;
    for &(game, depth, published) in CASES {
        if !filter.is_empty() && !filter.iter().any(|f| game.contains(f.as_str())) {
            continue;
        }
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs").join(format!("{game}.toml"));
        let spec = kensho::spec::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let resolved = spec.resolve(&BTreeMap::new()).unwrap_or_else(|e| panic!("{game}: {e}"));
        let (engine, _) = Engine::for_moves(&resolved).unwrap_or_else(|bad| panic!("{game}: unplayable {bad:?}"));
        let start = engine.start();
        let mut seconds = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let (rows, s) = kensho::commands::engine::divide(&engine, &start, depth, false);
            nodes = rows.iter().map(|r| r.1).sum::<u64>();
            seconds.push(s);
        }
        seconds.sort_by(f64::total_cmp);
        let median = seconds[seconds.len() / 2];
        let verdict =
            if nodes == published { "matches the published figure" } else { "DIFFERS from the published figure" };
        failed |= nodes != published;
        println!(
            "{game} perft {depth}: {nodes} ({verdict} {published}); median of {runs}: {median:.1} s, {:.0} nodes/s on {} threads",
            nodes as f64 / median,
            rayon::current_num_threads()
        );
    }
    if failed {
        std::process::exit(1);
    }
}
