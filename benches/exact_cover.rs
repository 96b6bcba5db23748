//! Criterion benches of the generic exact-cover engine on classic problems: counting all
//! solutions of 12-queens (14,200) and of the 6x10 pentomino packing (9,356). The matrix is
//! built outside the timed loop; the search restores it, so one `Dlx` serves every iteration.

use criterion::{criterion_group, criterion_main, Criterion};
use sudolab::exact_cover::classic;

fn classic_problems(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact_cover");
    group.sample_size(10);
    let mut queens = classic::queens(12).expect("12-queens builds").dlx();
    group.bench_function("queens_12_count_all", |b| {
        b.iter(|| queens.count(0).solutions)
    });
    let mut pentominoes = classic::pentominoes(6, 10).expect("6x10 builds").dlx();
    group.bench_function("pentominoes_6x10_count_all", |b| {
        b.iter(|| pentominoes.count(0).solutions)
    });
    group.finish();
}

criterion_group!(benches, classic_problems);
criterion_main!(benches);
