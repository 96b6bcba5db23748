//! How far `sudolab grade` agrees with Sudoku Explainer (SE): grades puzzles whose SE ratings
//! are known, on every core, and prints the share solved by logic, the share whose ER (the
//! hardest step) equals SE's, is within 0.3 and within 0.5, the share whose EP and ED equal
//! SE's (where the ratings give them), Spearman's rank correlation over the solved puzzles,
//! the agreement per difficulty band (1.0-1.9, 2.0-2.9, ..., 10.0 and up), the ratings side
//! by side per SE rating, the commonest disagreements by technique and the largest ones.
//!
//! Two inputs:
//! - `cargo run --release --example se_agreement -- CORPUS RATINGS [SAMPLE [SEED]]`: a corpus
//!   and one ER per line, in corpus order, after a header line
//!   (`datasets/sudoku_exchange_diabolical_2020.ratings.gz`);
//! - `... -- --serate FILE [SAMPLE [SEED]]`: a file as SE's batch rater prints it
//!   (`../shared/peers/se/serate FILE`): `PUZZLE ER/EP/ED [HARDEST TECHNIQUE]` a line, `#`
//!   lines ignored, optionally gzipped (`datasets/held_out_*.se.txt`,
//!   `datasets/se_ratings_*.se.txt.gz`). A line `variant: RULES` (as in the variant format:
//!   `x`, `windoku`, `disjoint-groups`, `anti-king`) makes the 9x9 puzzles after it that
//!   variant, graded with its regions and peers, as SE's `serate --isX=1` and the like rate
//!   them (`datasets/se_ratings_variant_*.se.txt.gz`).
//!
//! SAMPLE puzzles (default 1,500) are drawn at random with SEED (default 1); 0 takes all.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, Read};
use std::path::Path;

use rayon::prelude::*;
use sudolab::corpus::CorpusReader;
use sudolab::grid::Grid;
use sudolab::logic::{grade, Position};
use sudolab::random::Random;
use sudolab::variant::format::parse_rules;
use sudolab::variant::{Puzzle, Regions, Variant};

/// SE's numbers for one puzzle: ER always, EP, ED and the hardest technique's name when the
/// input gives them.
#[derive(Clone)]
struct SeRating {
    er: f32,
    ep: Option<f32>,
    ed: Option<f32>,
    hardest: Option<String>,
}

/// One graded puzzle: SE's rating and sudolab's (`None`: not solved by logic).
struct Graded {
    line: u64,
    puzzle: Grid,
    se: SeRating,
    ours: Option<[f32; 3]>,
    hardest: String,
}

fn open_text(path: &Path) -> Result<String, Box<dyn std::error::Error>> {
    let mut file = std::fs::File::open(path)?;
    let mut text = String::new();
    if path.extension().is_some_and(|e| e == "gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)?;
    } else {
        file.read_to_string(&mut text)?;
    }
    Ok(text)
}

fn read_ratings(path: &Path) -> Result<Vec<SeRating>, Box<dyn std::error::Error>> {
    let text = open_text(path)?;
    let mut ratings = Vec::new();
    for (k, line) in std::io::Cursor::new(text).lines().enumerate().skip(1) {
        let line = line?;
        let er = line
            .trim()
            .parse()
            .map_err(|e| format!("{}, line {}: {e}", path.display(), k + 1))?;
        ratings.push(SeRating {
            er,
            ep: None,
            ed: None,
            hardest: None,
        });
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

/// Puzzles with their line numbers and variants (`None`: classic), and SE's ratings of each.
type Rated = (Vec<(u64, Grid, Option<Variant>)>, Vec<SeRating>);

/// The puzzles (with their line numbers) and SE's ratings of each, from SE's batch rater's
/// output: `PUZZLE ER/EP/ED [HARDEST TECHNIQUE]` a line.
fn read_serate(path: &Path) -> Result<Rated, Box<dyn std::error::Error>> {
    let text = open_text(path)?;
    let (mut records, mut ratings) = (Vec::new(), Vec::new());
    let mut variant = None;
    for (k, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let place = || format!("{}, line {}", path.display(), k + 1);
        if let Some(words) = line.strip_prefix("variant:") {
            let (rules, jigsaw) = parse_rules(words).map_err(|e| format!("{}: {e}", place()))?;
            if jigsaw {
                return Err(format!("{}: jigsaw needs its regions", place()).into());
            }
            let boxes = Regions::Boxes {
                rows: 3,
                columns: 3,
            };
            variant = Some(Variant::new(9, boxes, &rules, Vec::new())?);
            continue;
        }
        let mut fields = line.splitn(3, ' ');
        let (Some(puzzle), Some(rated)) = (fields.next(), fields.next()) else {
            return Err(format!("{}: not PUZZLE ER/EP/ED", place()).into());
        };
        let numbers: Vec<f32> = rated
            .split('/')
            .map(|n| n.parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{}: {e}", place()))?;
        let puzzle: Grid = puzzle.parse().map_err(|e| format!("{}: {e}", place()))?;
        records.push((k as u64 + 1, puzzle, variant.clone()));
        ratings.push(SeRating {
            er: numbers[0],
            ep: numbers.get(1).copied(),
            ed: numbers.get(2).copied(),
            hardest: fields.next().map(|n| n.trim().to_string()),
        });
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
        let records: Vec<(u64, Grid, Option<Variant>)> =
            CorpusReader::from_path(Path::new(&args[0]))?
                .map(|r| r.map(|r| (r.line, r.puzzle, None)))
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
            let (line, puzzle, variant) = &records[k];
            let position = match variant {
                None => Position::from_grid(puzzle),
                Some(variant) => Puzzle::new(variant.clone(), puzzle.cells().to_vec())
                    .and_then(|p| Position::from_puzzle(&p)),
            }
            .expect("a valid puzzle");
            let grade = grade(&position);
            Graded {
                line: *line,
                puzzle: puzzle.clone(),
                se: ratings[k].clone(),
                ours: grade
                    .solved
                    .then_some([grade.rating, grade.pearl, grade.diamond]),
                hardest: grade.hardest.map_or("none", |t| t.name()).to_string(),
            }
        })
        .collect();
    let name = if args[0] == "--serate" {
        &args[1]
    } else {
        &args[0]
    };
    let mut text = summary(name, seed, &graded);
    text += &bands(&graded);
    text += &per_rating(&graded);
    text += &disagreements(&graded);
    // A closed pipe (`| head`) ends the output quietly.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
    Ok(())
}

fn same(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-4
}

/// Shares of `group` (in percent): ER equal, ER within 0.3, EP equal and ED equal (`None`
/// where SE's numbers lack EP or ED).
fn agreement(group: &[&Graded]) -> [Option<f64>; 4] {
    let share = |test: &dyn Fn(&Graded) -> Option<bool>| {
        let judged: Vec<bool> = group.iter().filter_map(|g| test(g)).collect();
        (!judged.is_empty())
            .then(|| 100.0 * judged.iter().filter(|&&b| b).count() as f64 / judged.len() as f64)
    };
    [
        share(&|g| Some(g.ours.is_some_and(|o| same(o[0], g.se.er)))),
        share(&|g| Some(g.ours.is_some_and(|o| (o[0] - g.se.er).abs() <= 0.3 + 1e-4))),
        share(&|g| g.se.ep.map(|ep| g.ours.is_some_and(|o| same(o[1], ep)))),
        share(&|g| g.se.ed.map(|ed| g.ours.is_some_and(|o| same(o[2], ed)))),
    ]
}

fn percent(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.1}"))
}

fn summary(corpus: &str, seed: u64, graded: &[Graded]) -> String {
    let mut out = String::new();
    let all: Vec<&Graded> = graded.iter().collect();
    let solved: Vec<&Graded> = graded.iter().filter(|g| g.ours.is_some()).collect();
    let n = graded.len() as f64;
    let _ = writeln!(out, "{corpus}: {} puzzles (seed {seed})", graded.len());
    let _ = writeln!(
        out,
        "solved by logic: {:.1}%",
        100.0 * solved.len() as f64 / n
    );
    let within_half = solved
        .iter()
        .filter(|g| g.ours.is_some_and(|o| (o[0] - g.se.er).abs() <= 0.5 + 1e-4))
        .count();
    let [er, er_close, ep, ed] = agreement(&all);
    let _ = writeln!(out, "ER equal to SE's: {}%", percent(er));
    let _ = writeln!(out, "ER within 0.3: {}%", percent(er_close));
    let _ = writeln!(out, "ER within 0.5: {:.1}%", 100.0 * within_half as f64 / n);
    let _ = writeln!(
        out,
        "EP equal: {}%; ED equal: {}%",
        percent(ep),
        percent(ed)
    );
    let (se, ours): (Vec<f32>, Vec<f32>) = solved
        .iter()
        .map(|g| (g.se.er, g.ours.map_or(0.0, |o| o[0])))
        .unzip();
    if solved.len() > 1 {
        let _ = writeln!(
            out,
            "Spearman's rank correlation over the solved puzzles: {:.3}",
            spearman(&se, &ours)
        );
    }
    out
}

/// The agreement per difficulty band of SE's ER.
fn bands(graded: &[Graded]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n| SE's ER | puzzles | solved % | ER equal % | ER within 0.3 % | EP equal % | ED equal % |"
    );
    let _ = writeln!(out, "|---|--:|--:|--:|--:|--:|--:|");
    let mut by_band: BTreeMap<i32, Vec<&Graded>> = BTreeMap::new();
    for g in graded {
        let band = (g.se.er.floor() as i32).min(10);
        by_band.entry(band).or_default().push(g);
    }
    for (band, group) in &by_band {
        let label = if *band >= 10 {
            "10.0 and up".to_string()
        } else {
            format!("{band}.0-{band}.9")
        };
        let solved = group.iter().filter(|g| g.ours.is_some()).count();
        let [er, er_close, ep, ed] = agreement(group);
        let _ = writeln!(
            out,
            "| {label} | {} | {:.1} | {} | {} | {} | {} |",
            group.len(),
            100.0 * solved as f64 / group.len() as f64,
            percent(er),
            percent(er_close),
            percent(ep),
            percent(ed),
        );
    }
    out
}

/// The ratings side by side per SE rating.
fn per_rating(graded: &[Graded]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\n| SE rating | puzzles | solved % | equal % | mean sudolab rating (solved) | most common hardest technique (solved or not) |");
    let _ = writeln!(out, "|--:|--:|--:|--:|--:|---|");
    let mut by_rating: BTreeMap<i32, Vec<&Graded>> = BTreeMap::new();
    for g in graded {
        by_rating
            .entry((g.se.er * 10.0).round() as i32)
            .or_default()
            .push(g);
    }
    for (tenths, group) in &by_rating {
        let solved: Vec<[f32; 3]> = group.iter().filter_map(|g| g.ours).collect();
        let equal = group
            .iter()
            .filter(|g| g.ours.is_some_and(|o| same(o[0], g.se.er)))
            .count();
        let mean = if solved.is_empty() {
            "-".to_string()
        } else {
            let sum: f32 = solved.iter().map(|o| o[0]).sum();
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
    out
}

/// SE's hardest technique without the digits SukakuExplainer appends to some names
/// ("WXYZ-Wing 126" -> "WXYZ-Wing").
fn technique_family(name: &str) -> String {
    name.split_whitespace()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The commonest ER disagreements by (SE's hardest technique, sudolab's), and the largest.
fn disagreements(graded: &[Graded]) -> String {
    let mut out = String::new();
    let wrong: Vec<&Graded> = graded
        .iter()
        .filter(|g| !g.ours.is_some_and(|o| same(o[0], g.se.er)))
        .collect();
    let mut pairs: BTreeMap<(String, String), (usize, &Graded)> = BTreeMap::new();
    for g in &wrong {
        let se =
            g.se.hardest
                .as_deref()
                .map_or(format!("{:.1}", g.se.er), technique_family);
        pairs.entry((se, g.hardest.clone())).or_insert((0, g)).0 += 1;
    }
    let mut pairs: Vec<_> = pairs.into_iter().collect();
    pairs.sort_by_key(|p| std::cmp::Reverse(p.1 .0));
    let _ = writeln!(
        out,
        "\n| SE's hardest | sudolab's hardest | ER differs | e.g. line: SE, sudolab |"
    );
    let _ = writeln!(out, "|---|---|--:|---|");
    for ((se, ours), (count, g)) in pairs.iter().take(25) {
        let _ = writeln!(
            out,
            "| {se} | {ours} | {count} | {}: {:.1}, {} |",
            g.line,
            g.se.er,
            g.ours
                .map_or("unsolved".to_string(), |o| format!("{:.1}", o[0]))
        );
    }
    let mut worst: Vec<&&Graded> = wrong.iter().filter(|g| g.ours.is_some()).collect();
    worst.sort_by(|a, b| {
        let gap = |g: &Graded| (g.ours.map_or(0.0, |o| o[0]) - g.se.er).abs();
        gap(b).total_cmp(&gap(a))
    });
    let _ = writeln!(out, "\nLargest disagreements among the solved puzzles:");
    for g in worst.iter().take(5) {
        let _ = writeln!(
            out,
            "  line {}: SE {:.1}, sudolab {:.1} ({}): {}",
            g.line,
            g.se.er,
            g.ours.map_or(0.0, |o| o[0]),
            g.hardest,
            g.puzzle
        );
    }
    out
}
