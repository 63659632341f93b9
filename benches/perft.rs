//! The reference engine's speed (criterion): perft to depth 2 from the start position of every
//! bundled game, and the legal moves of each start position, with throughput in
//! elements (leaf nodes for perft, moves for the move list) so criterion reports nodes per
//! second.
//!
//! `cargo bench --bench perft` — the figures go into the README ("Speed").

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use kensho::engine::Engine;
use std::collections::BTreeMap;
use std::path::Path;

const GAMES: &[&str] = &["suzumu", "mitsugumi", "hook", "shogi", "xiangqi", "shoogantshii", "ryu", "heian-ryu"];

fn engine(game: &str) -> Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs").join(format!("{game}.toml"));
    let spec = kensho::spec::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let resolved = spec.resolve(&BTreeMap::new()).unwrap_or_else(|e| panic!("{game}: {e}"));
    // for_moves: xiangqi's perpetual chase (a game end) is not played; counting does not need it.
    Engine::for_moves(&resolved).unwrap_or_else(|bad| panic!("{game}: unplayable {bad:?}")).0
}

fn bench(c: &mut Criterion) {
    for game in GAMES {
        let e = engine(game);
        let start = e.start();

        let mut group = c.benchmark_group(format!("{game}/start"));
        let nodes = e.perft(&mut start.clone(), 2);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function("perft-2", |b| {
            let mut pos = start.clone();
            b.iter(|| e.perft(black_box(&mut pos), 2))
        });
        let moves = e.legal_moves(&start).len() as u64;
        group.throughput(Throughput::Elements(moves));
        group.bench_function("legal-moves", |b| b.iter(|| e.legal_moves(black_box(&start))));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
