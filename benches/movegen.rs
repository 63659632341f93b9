//! Move generation from compiled leg programs (criterion).
//!
//! `cargo bench --bench movegen` — the figures go into the README ("Speed").

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kensho::geometry::{BoardSize, Square};
use kensho::xbetza::{self, Cell, Occupancy, Orientation, Readings};

const PIECES: &[(&str, &str)] = &[
    ("rook", "R"),
    ("lion", "KNADcaKmcabK"),
    ("lion-dog", "KADGHcafKmcabKcafmpafKmpafcavKcafcafK"),
    ("bishop-general", "B(cpaf)2cBcafpafcBpafcafcB"),
    ("heavenly-tetrarch", "jvhQjsQ3cab(mpacab)1K"),
    ("fire-demon", "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK"),
];

/// A crowded middle game: every third square holds a piece, alternating sides.
fn crowded(size: BoardSize, at: Square) -> Occupancy {
    let mut occ = Occupancy::empty(size);
    for (i, sq) in size.squares().enumerate() {
        if i % 3 == 0 && sq != at {
            occ.set(sq, if i % 2 == 0 { Cell::Friend } else { Cell::Enemy });
        }
    }
    occ
}

fn bench(c: &mut Criterion) {
    let size = BoardSize::parse("16x16").unwrap();
    let at = Square::new(7, 7);
    for (name, betza) in PIECES {
        let compiled = xbetza::compile_str(betza, size, Readings::default()).unwrap();
        let empty = Occupancy::empty(size);
        let busy = crowded(size, at);
        c.bench_function(&format!("{name}/empty-16x16"), |b| {
            b.iter(|| xbetza::generate(black_box(&compiled), black_box(&empty), at, Orientation::Up))
        });
        c.bench_function(&format!("{name}/crowded-16x16"), |b| {
            b.iter(|| xbetza::generate(black_box(&compiled), black_box(&busy), at, Orientation::Up))
        });
    }
    c.bench_function("compile/fire-demon-16x16", |b| {
        b.iter(|| xbetza::compile_str(black_box(PIECES[5].1), size, Readings::default()).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
