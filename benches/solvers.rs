//! Criterion benches of the Sudoku solvers: one group per corpus sample, one function per
//! registered solver; one iteration counts solutions (limit 2, the uniqueness proof) of every
//! puzzle of the sample, so time per puzzle = reported time / sample size (criterion also shows
//! it as throughput, puzzles/s). Parsing happens once, outside the timed loop.
//!
//! Samples: the bundled known answers (always), the first 1,000 puzzles of
//! the bundled `datasets/puzzles2_17_clue.gz`, all of `puzzles3_magictour_top1465` and the first
//! 1,000 of `puzzles5_forum_hardest_1905_11+` (skipped with a message when a file is
//! absent). Run one solver with `cargo bench --bench solvers -- dlx`.

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudolab::corpus::CorpusReader;
use sudolab::grid::Grid;
use sudolab::registry;

fn load(path: &Path, limit: usize) -> Option<Vec<Grid>> {
    if !path.exists() {
        eprintln!("skipped: {} is absent", path.display());
        return None;
    }
    let reader = CorpusReader::from_path(path).ok()?;
    Some(
        reader
            .filter_map(Result::ok)
            .take(limit)
            .map(|r| r.puzzle)
            .collect(),
    )
}

fn bench_sample(c: &mut Criterion, name: &str, puzzles: &[Grid]) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    for solver in registry::all() {
        group.bench_function(BenchmarkId::from_parameter(solver.info().name), |b| {
            b.iter(|| {
                let mut solutions = 0;
                for puzzle in puzzles {
                    solutions += solver.count(puzzle, 2).count;
                }
                solutions
            })
        });
    }
    group.finish();
}

fn solvers(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if let Some(known) = load(&root.join("datasets/known_answers.txt"), usize::MAX) {
        let nine: Vec<Grid> = known.into_iter().filter(|g| g.side() == 9).collect();
        bench_sample(c, "known_answers_9x9", &nine);
    }
    let bundled = root.join("datasets");
    if let Some(sample) = load(&bundled.join("puzzles2_17_clue.gz"), 1000) {
        bench_sample(c, "17_clue_first_1000", &sample);
    }
    if let Some(sample) = load(&bundled.join("puzzles3_magictour_top1465.gz"), usize::MAX) {
        bench_sample(c, "magictour_top1465", &sample);
    }
    if let Some(sample) = load(&bundled.join("puzzles5_forum_hardest_1905_11+.gz"), 1000) {
        bench_sample(c, "forum_hardest_1905_first_1000", &sample);
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
