//! How far `sudolab grade` agrees with Sudoku Explainer (SE): grades puzzles of a corpus
//! whose SE ratings are known (one rating per line, in corpus order, after a header line,
//! as `datasets/sudoku_exchange_diabolical_2020.ratings.gz`) on every core, and prints the
//! share solved by logic, the share whose rating (the hardest step's, SE's ER) equals SE's,
//! is within 0.3 and within 0.5, Spearman's rank correlation over the solved puzzles, the
//! ratings side by side per SE rating, and the largest disagreements.
//!
//! `cargo run --release --example se_agreement -- CORPUS RATINGS [SAMPLE [SEED]]`, or
//! `... -- --serate SERATE_OUTPUT [SAMPLE [SEED]]` for a file as SE's batch rater
//! (`../shared/peers/se/serate FILE`) prints it: `PUZZLE ER/EP/ED` a line (the held-out
//! corpora's ratings in `datasets/held_out_*.se.txt` are such files).
//!
//! SAMPLE puzzles (default 1,500) are drawn at random with SEED (default 1); 0 takes all.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::BufRead;
use std::path::Path;

use rayon::prelude::*;
use sudolab::corpus::CorpusReader;
use sudolab::grid::Grid;
use sudolab::logic::{grade, Position};
use sudolab::random::Random;

/// One graded puzzle: SE's rating and sudolab's (`None`: not solved by logic).
struct Graded {
    line: u64,
    puzzle: Grid,
    se: f32,
    ours: Option<f32>,
    hardest: String,
}

fn read_ratings(path: &Path) -> Result<Vec<f32>, Box<dyn std::error::Error>> {
    let file = std::fs::File::open(path)?;
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(std::io::BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(std::io::BufReader::new(file))
    };
    let mut ratings = Vec::new();
    for (k, line) in reader.lines().enumerate().skip(1) {
        let line = line?;
        let rating = line
            .trim()
            .parse()
            .map_err(|e| format!("{}, line {}: {e}", path.display(), k + 1))?;
        ratings.push(rating);
    }
    Ok(ratings)
}

/// Ranks with ties sharing their mean rank.
fn ranks(values: &[f32]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let mean = (start + end) as f64 / 2.0 + 1.0;
        for &k in &order[start..=end] {
            ranks[k] = mean;
        }
        start = end + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the ranks.
fn spearman(x: &[f32], y: &[f32]) -> f64 {
    let (rx, ry) = (ranks(x), ranks(y));
    let n = rx.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    sxy / (sxx * syy).sqrt()
}

/// Puzzles with their line numbers, and SE's ER of each.
type Rated = (Vec<(u64, Grid)>, Vec<f32>);

/// The puzzles (with their line numbers) and SE's ER of each, from SE's batch rater's output:
/// `PUZZLE ER/EP/ED` a line.
fn read_serate(path: &Path) -> Result<Rated, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    let (mut records, mut ratings) = (Vec::new(), Vec::new());
    for (k, line) in text.lines().enumerate() {
        let place = || format!("{}, line {}", path.display(), k + 1);
        let (puzzle, rated) = line
            .split_once(' ')
            .ok_or_else(|| format!("{}: not PUZZLE ER/EP/ED", place()))?;
        let er = rated.split('/').next().unwrap_or("");
        let er: f32 = er.parse().map_err(|e| format!("{}: {e}", place()))?;
        let puzzle: Grid = puzzle.parse().map_err(|e| format!("{}: {e}", place()))?;
        records.push((k as u64 + 1, puzzle));
        ratings.push(er);
    }
    Ok((records, ratings))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        return Err(
            "usage: se_agreement CORPUS RATINGS [SAMPLE [SEED]] | --serate FILE [SAMPLE [SEED]]"
                .into(),
        );
    }
    let sample: usize = args.get(2).map_or(Ok(1500), |s| s.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(1), |s| s.parse())?;
    let (records, ratings) = if args[0] == "--serate" {
        read_serate(Path::new(&args[1]))?
    } else {
        let ratings = read_ratings(Path::new(&args[1]))?;
        let records: Vec<(u64, Grid)> = CorpusReader::from_path(Path::new(&args[0]))?
            .map(|r| r.map(|r| (r.line, r.puzzle)))
            .collect::<Result<_, _>>()?;
        (records, ratings)
    };
    if records.len() != ratings.len() {
        return Err(format!("{} puzzles but {} ratings", records.len(), ratings.len()).into());
    }
    let mut chosen: Vec<usize> = (0..records.len()).collect();
    if sample != 0 && sample < chosen.len() {
        let mut random = Random::new(seed);
        random.shuffle(&mut chosen);
        chosen.truncate(sample);
        chosen.sort_unstable();
    }
    let graded: Vec<Graded> = chosen
        .par_iter()
        .map(|&k| {
            let (line, puzzle) = &records[k];
            let position = Position::from_grid(puzzle).expect("a valid puzzle");
            let grade = grade(&position);
            Graded {
                line: *line,
                puzzle: puzzle.clone(),
                se: ratings[k],
                ours: grade.solved.then_some(grade.rating),
                hardest: grade.hardest.map_or("none", |t| t.name()).to_string(),
            }
        })
        .collect();
    let name = if args[0] == "--serate" {
        &args[1]
    } else {
        &args[0]
    };
    let text = report(name, seed, &graded);
    // A closed pipe (`| head`) ends the output quietly.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
    Ok(())
}

fn report(corpus: &str, seed: u64, graded: &[Graded]) -> String {
    let mut out = String::new();
    let n = graded.len() as f64;
    let solved: Vec<&Graded> = graded.iter().filter(|g| g.ours.is_some()).collect();
    let share = |count: usize| 100.0 * count as f64 / n;
    let within = |tolerance: f32| {
        solved
            .iter()
            .filter(|g| (g.ours.unwrap_or(0.0) - g.se).abs() <= tolerance + 1e-4)
            .count()
    };
    let of_solved = |count: usize| 100.0 * count as f64 / solved.len().max(1) as f64;
    let _ = writeln!(out, "{corpus}: {} puzzles (seed {seed})", graded.len());
    let _ = writeln!(out, "solved by logic: {:.1}%", share(solved.len()));
    for (label, tolerance) in [
        ("equal to SE's", 0.0),
        ("within 0.3", 0.3),
        ("within 0.5", 0.5),
    ] {
        let count = within(tolerance);
        let _ = writeln!(
            out,
            "rating {label}: {:.1}% of all puzzles, {:.1}% of those solved",
            share(count),
            of_solved(count)
        );
    }
    let (se, ours): (Vec<f32>, Vec<f32>) =
        solved.iter().map(|g| (g.se, g.ours.unwrap_or(0.0))).unzip();
    if solved.len() > 1 {
        let _ = writeln!(
            out,
            "Spearman's rank correlation over the solved puzzles: {:.3}",
            spearman(&se, &ours)
        );
    }
    let _ = writeln!(out, "\n| SE rating | puzzles | solved % | equal % | mean sudolab rating (solved) | most common hardest technique (solved or not) |");
    let _ = writeln!(out, "|--:|--:|--:|--:|--:|---|");
    let mut by_rating: BTreeMap<i32, Vec<&Graded>> = BTreeMap::new();
    for g in graded {
        by_rating
            .entry((g.se * 10.0).round() as i32)
            .or_default()
            .push(g);
    }
    for (tenths, group) in &by_rating {
        let solved: Vec<&&Graded> = group.iter().filter(|g| g.ours.is_some()).collect();
        let equal = solved
            .iter()
            .filter(|g| (g.ours.unwrap_or(0.0) - g.se).abs() < 1e-4)
            .count();
        let mean = if solved.is_empty() {
            "-".to_string()
        } else {
            let sum: f32 = solved.iter().map(|g| g.ours.unwrap_or(0.0)).sum();
            format!("{:.2}", sum / solved.len() as f32)
        };
        let mut techniques: BTreeMap<&str, usize> = BTreeMap::new();
        for g in group {
            *techniques.entry(g.hardest.as_str()).or_default() += 1;
        }
        let common = techniques
            .iter()
            .max_by_key(|&(_, count)| *count)
            .map_or("-", |(name, _)| name);
        let _ = writeln!(
            out,
            "| {:.1} | {} | {:.1} | {:.1} | {mean} | {common} |",
            *tenths as f32 / 10.0,
            group.len(),
            100.0 * solved.len() as f64 / group.len() as f64,
            100.0 * equal as f64 / group.len() as f64,
        );
    }
    let mut worst: Vec<&&Graded> = solved.iter().collect();
    worst.sort_by(|a, b| {
        let gap = |g: &Graded| (g.ours.unwrap_or(0.0) - g.se).abs();
        gap(b).total_cmp(&gap(a))
    });
    let _ = writeln!(out, "\nLargest disagreements among the solved puzzles:");
    for g in worst.iter().take(5) {
        let _ = writeln!(
            out,
            "  line {}: SE {:.1}, sudolab {:.1} ({}): {}",
            g.line,
            g.se,
            g.ours.unwrap_or(0.0),
            g.hardest,
            g.puzzle
        );
    }
    out
}
