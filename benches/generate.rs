//! Criterion benches of the generator: minimal 9x9 puzzles per iteration, without symmetry
//! and with 180-degree symmetry, one thread (the figures issue 6 compares with other
//! generators: puzzles per second on one core). Each iteration makes the same 200 puzzles
//! (seed 1, indices 0..200), random grid included, so iterations are comparable.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudolab::generate::{generate_one, Options, Symmetry};

const PUZZLES: u64 = 200;

fn minimal_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_9x9");
    group.sample_size(20);
    group.throughput(Throughput::Elements(PUZZLES));
    for (name, symmetry) in [("none", Symmetry::None), ("rot180", Symmetry::Rot180)] {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                (0..PUZZLES)
                    .map(|i| {
                        generate_one(&options, 1, i)
                            .expect("9x9 generation cannot fail")
                            .puzzle
                            .givens()
                    })
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, minimal_puzzles);
criterion_main!(benches);
