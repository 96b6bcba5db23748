//! Charts drawn from a [`Summary`] (itself read from `runs.csv`), as SVG.
//!
//! SVG needs no font files (the viewer renders the text); PNG would need system fonts or a
//! bundled font for plotters to rasterise text, so sudolab draws SVG only (tests/charts_png.rs
//! renders every chart to PNG with resvg and checks it as a reader sees it).
//!
//! * `medians.svg`: median time per puzzle, per corpus and solver, log scale bars;
//!   `medians_exact_cover.svg` the same for exact-cover files (ms per whole count), and
//!   `mems.svg` their mems;
//! * `cdf_<corpus>.svg`: share of puzzles solved within a time, per solver;
//! * `scatter_<corpus>.svg`: per-puzzle time of the corpus's two fastest solvers, log-log,
//!   with the diagonal, saying when its points are a seeded sample.
//!
//! Every solver has a colour of its own (`color`), the same in every chart; log axes are
//! labelled at 1-2-5 or decade steps in engineering notation (`log_ticks`).

use std::path::{Path, PathBuf};

use plotters::coord::combinators::WithKeyPointMethod;
use plotters::prelude::*;

use super::summary::Summary;
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};

fn chart_error(path: &Path) -> impl Fn(String) -> Error + '_ {
    move |message| Error::Chart {
        path: path.display().to_string(),
        message,
    }
}

/// A corpus name made safe for a file name.
pub fn file_stem(corpus: &str) -> String {
    corpus
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Solver `solver`'s colour: the ten of Tableau 10 (chosen to be told apart, also in print),
/// then hues spaced by the golden angle, so that any number of solvers get colours of their
/// own (seven are registered; the six colours before this wrapped, and `bitmask` and `sat`
/// shared one).
pub(super) fn color(solver: usize) -> RGBColor {
    const COLORS: [RGBColor; 10] = [
        RGBColor(78, 121, 167),
        RGBColor(242, 142, 43),
        RGBColor(225, 87, 89),
        RGBColor(118, 183, 178),
        RGBColor(89, 161, 79),
        RGBColor(237, 201, 72),
        RGBColor(176, 122, 161),
        RGBColor(255, 157, 167),
        RGBColor(156, 117, 95),
        RGBColor(186, 176, 172),
    ];
    if let Some(&colour) = COLORS.get(solver) {
        return colour;
    }
    let hue = ((solver - COLORS.len()) as f64 * 137.508 + 15.0) % 360.0;
    hsl_to_rgb(hue, 0.55, 0.45)
}

/// A tick label in engineering notation: three significant digits and a power of a thousand
/// as its SI prefix (`1.5k`, `10G`, `250m`), never `10000000000.0`.
pub(super) fn engineering(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    const PREFIXES: [(i32, &str); 9] = [
        (-3, "n"),
        (-2, "µ"),
        (-1, "m"),
        (0, ""),
        (1, "k"),
        (2, "M"),
        (3, "G"),
        (4, "T"),
        (5, "P"),
    ];
    let group = ((value.abs().log10() / 3.0).floor() as i32).clamp(-3, 5);
    let prefix = PREFIXES
        .iter()
        .find(|(g, _)| *g == group)
        .map_or("", |p| p.1);
    let scaled = value / 1000f64.powi(group);
    let digits = if scaled.abs() >= 100.0 {
        format!("{scaled:.0}")
    } else if scaled.abs() >= 10.0 {
        format!("{scaled:.1}")
    } else {
        format!("{scaled:.2}")
    };
    let trimmed = if digits.contains('.') {
        digits
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    } else {
        digits
    };
    format!("{trimmed}{prefix}")
}

/// The tick values of a log axis from `low` to `high`, at most `most` of them and no two
/// closer than a `most`-th of the axis (labels of 800m and 900m, a twentieth of a decade
/// apart, collide on an axis spanning one decade even when only nine labels are drawn):
/// every digit of each decade (1, 2, ... 9 times a power of ten) when they fit, else 1, 2
/// and 5, else 1 and 3, else the powers of ten (every k-th when even those do not fit). The
/// values are distinct, so no label is drawn twice (plotters' own log ticks can put 9.99...
/// and 10.0... on one spot, both labelled `10`).
fn log_ticks(low: f64, high: f64, most: usize) -> Vec<f64> {
    if !(low > 0.0 && high > low && high.is_finite()) {
        return Vec::new();
    }
    let most = most.max(2);
    let (first, last) = (low.log10().floor() as i32, high.log10().ceil() as i32);
    let within = |mantissas: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|e| mantissas.iter().map(move |m| m * 10f64.powi(e)))
            .filter(|v| (low..=high).contains(v))
            .collect()
    };
    let narrowest = (high / low).log10() / most as f64;
    let spaced = |ticks: &[f64]| {
        ticks
            .windows(2)
            .all(|pair| (pair[1] / pair[0]).log10() >= narrowest)
    };
    const DIGITS: [f64; 9] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    for mantissas in [&DIGITS[..], &[1.0, 2.0, 5.0], &[1.0, 3.0]] {
        let ticks = within(mantissas);
        if ticks.len() <= most && spaced(&ticks) {
            return ticks;
        }
    }
    let decades = within(&[1.0]);
    let step = decades.len().div_ceil(most).max(narrowest.ceil() as usize);
    decades.into_iter().step_by(step).collect()
}

/// A log axis from `low` to `high` whose labels are [`log_ticks`] (as many as the chart asks
/// for), with a light grid line at every digit of each decade.
pub(super) fn log_axis(low: f64, high: f64) -> WithKeyPointMethod<LogCoord<f64>> {
    (low..high)
        .log_scale()
        .with_key_point_func(move |most| log_ticks(low, high, most))
        .with_light_point_func(move |_| log_ticks(low, high, 200))
}

/// An HSL colour (hue in degrees, saturation and lightness in 0..=1) in RGB.
fn hsl_to_rgb(hue: f64, saturation: f64, lightness: f64) -> RGBColor {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = hue / 60.0;
    let x = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = lightness - chroma / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    RGBColor(byte(r), byte(g), byte(b))
}

/// The two solvers a scatter chart plots, `A,B` (as `--scatter` takes them), checked against
/// the run's solvers: two different names, each one of `solvers`.
///
/// ```
/// use sudolab::harness::charts::scatter_pair;
/// let solvers = ["bitmask".to_string(), "dlx".to_string()];
/// assert_eq!(scatter_pair("dlx,bitmask", &solvers)?, ("dlx".to_string(), "bitmask".to_string()));
/// assert!(scatter_pair("dlx,sat", &solvers).is_err());
/// # Ok::<(), sudolab::error::Error>(())
/// ```
pub fn scatter_pair(text: &str, solvers: &[String]) -> Result<(String, String)> {
    let fail = |why: String| {
        Err(Error::InvalidArgument(format!(
            "--scatter {text}: {why} (this run's solvers: {})",
            solvers.join(", ")
        )))
    };
    let Some((a, b)) = text.split_once(',') else {
        return fail("two solvers separated by a comma, as in bands,dlx".into());
    };
    let (a, b) = (a.trim(), b.trim());
    if a == b {
        return fail("two different solvers".into());
    }
    for name in [a, b] {
        if !solvers.iter().any(|s| s == name) {
            return fail(format!("{name:?} is not one of them"));
        }
    }
    Ok((a.to_string(), b.to_string()))
}

/// Draws every chart into `dir`; returns the files written, in order. The scatter charts
/// plot `pair` when given (on the corpora both of its solvers ran), else each corpus's two
/// fastest solvers.
pub fn draw_all(
    summary: &Summary,
    dir: &Path,
    pair: Option<&(String, String)>,
) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    if summary.corpora.is_empty() || summary.solvers.is_empty() {
        return Ok(files);
    }
    // Puzzle corpora (µs per puzzle) and exact-cover files (one whole count each) in
    // charts of their own: one axis cannot hold both units.
    let path = dir.join("medians.svg");
    if render(&path, |svg| medians(summary, false, svg))? {
        files.push(path);
    }
    let path = dir.join("medians_exact_cover.svg");
    if render(&path, |svg| medians(summary, true, svg))? {
        files.push(path);
    }
    let path = dir.join("mems.svg");
    if render(&path, |svg| mems(summary, svg))? {
        files.push(path);
    }
    for (c, corpus) in summary.corpora.iter().enumerate() {
        // A corpus of one record (an exact-cover file) has no distribution to draw.
        let records = (0..summary.solvers.len())
            .filter_map(|s| summary.distribution(c, s))
            .map(|d| d.count())
            .max()
            .unwrap_or(0);
        if records <= 1 {
            continue;
        }
        let path = dir.join(format!("cdf_{}.svg", file_stem(corpus)));
        if render(&path, |svg| cdf(summary, c, svg))? {
            files.push(path);
        }
        if summary.solvers.len() >= 2 {
            let path = dir.join(format!("scatter_{}.svg", file_stem(corpus)));
            if render(&path, |svg| scatter(summary, c, pair, svg))? {
                files.push(path);
            }
        }
    }
    Ok(files)
}

/// The comparison of two runs: one row per (corpus, solver), the ratio of medians (new
/// over base, log scale) with its 95% interval as a bar, lines at 1 and at the threshold.
/// Written atomically to `path`; nothing is written when there is no row.
pub fn draw_comparison(
    rows: &[super::compare::ComparedRow],
    threshold: f64,
    path: &Path,
) -> Result<bool> {
    render(path, |svg| comparison(rows, threshold, svg))
}

fn comparison(
    rows: &[super::compare::ComparedRow],
    threshold: f64,
    svg: &mut String,
) -> std::result::Result<bool, String> {
    let values = rows.iter().flat_map(|r| {
        let (low, high) = r.interval.unwrap_or((r.ratio, r.ratio));
        [r.ratio, low, high, 1.0 - threshold, 1.0 + threshold]
    });
    let Some((low, high)) = log_range(values.filter(|v| *v > 0.0)) else {
        return Ok(false);
    };
    let (low, high) = (low.max(0.05), high.min(20.0));
    // 28 px a row, whatever the number of rows (the main job compares ~150 corpus-solver
    // pairs): a taller page to scroll, never labels drawn over one another.
    let height = (120 + 28 * rows.len()).clamp(300, 60_000) as u32;
    let root = SVGBackend::with_string(svg, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let labels: Vec<String> = rows
        .iter()
        .map(|r| format!("{} / {}", r.corpus, r.solver))
        .collect();
    let n = rows.len() as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "New run against base: median time ratio with 95% interval",
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(330)
        .build_cartesian_2d(log_axis(low, high), -0.5f64..(n - 0.5))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(rows.len().max(2))
        .y_label_formatter(&|y: &f64| {
            let i = y.round();
            if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
                labels[i as usize].clone()
            } else {
                String::new()
            }
        })
        .x_label_formatter(&|x: &f64| {
            let digits = format!("{x:.3}");
            digits
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        })
        .x_desc("new median / base median (log scale; < 1 is faster)")
        .draw()
        .map_err(|e| e.to_string())?;
    for (x, style) in [
        (1.0, BLACK.stroke_width(1)),
        (1.0 - threshold, RGBColor(150, 150, 150).stroke_width(1)),
        (1.0 + threshold, RGBColor(150, 150, 150).stroke_width(1)),
    ] {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, -0.5), (x, n - 0.5)],
                style,
            )))
            .map_err(|e| e.to_string())?;
    }
    for (i, r) in rows.iter().enumerate() {
        let y = i as f64;
        let colour = match r.change {
            super::compare::Change::Slower => RGBColor(214, 39, 40),
            super::compare::Change::Faster => RGBColor(44, 160, 44),
            _ => RGBColor(31, 119, 180),
        };
        if let Some((a, b)) = r.interval {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(a.max(low), y), (b.min(high), y)],
                    colour.stroke_width(3),
                )))
                .map_err(|e| e.to_string())?;
        }
        chart
            .draw_series(std::iter::once(Circle::new(
                (r.ratio.clamp(low, high), y),
                5,
                colour.filled(),
            )))
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(true)
}

/// Draws one chart into memory and writes it atomically; `false` when there was nothing to
/// draw (no file is written then).
pub(super) fn render(
    path: &Path,
    draw: impl FnOnce(&mut String) -> std::result::Result<bool, String>,
) -> Result<bool> {
    let mut svg = String::new();
    let drawn = draw(&mut svg).map_err(chart_error(path))?;
    if drawn {
        AtomicFile::write(path, svg.as_bytes())?;
    }
    Ok(drawn)
}

/// The legend box, the same on every chart.
pub(super) fn draw_legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> std::result::Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())
}

pub(super) fn log_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (mut low, mut high) = (f64::MAX, f64::MIN);
    for v in values.filter(|v| *v > 0.0) {
        low = low.min(v);
        high = high.max(v);
    }
    (low <= high).then(|| (low / 2.0, high * 2.0))
}

/// What a grouped bar chart shows: a value per (corpus, solver) on a log scale.
struct Bars<'a> {
    caption: &'a str,
    y_desc: &'a str,
    /// The corpora shown (indices into the summary's), in order.
    corpora: Vec<usize>,
    value: &'a dyn Fn(usize, usize) -> Option<f64>,
}

/// Medians by corpus and solver: of the puzzle corpora (µs per puzzle), or with
/// `exact_cover` of the exact-cover files (ms per whole count).
fn medians(
    summary: &Summary,
    exact_cover: bool,
    svg: &mut String,
) -> std::result::Result<bool, String> {
    let scale = if exact_cover { 1e6 } else { 1e3 };
    let median = |c: usize, s: usize| {
        summary
            .distribution(c, s)
            .map(|d| d.quantile_ns(0.5) / scale)
    };
    let corpora: Vec<usize> = (0..summary.corpora.len())
        .filter(|&c| {
            super::exact_cover::is_exact_cover_file(Path::new(&summary.corpora[c])) == exact_cover
        })
        .collect();
    let bars = if exact_cover {
        Bars {
            caption: "Time of each exact-cover count, by file and engine",
            y_desc: "time of the whole count (ms, log scale)",
            corpora,
            value: &median,
        }
    } else {
        Bars {
            caption: "Median time per puzzle, by corpus and solver",
            y_desc: "median time per puzzle (µs, log scale)",
            corpora,
            value: &median,
        }
    };
    grouped_bars(summary, &bars, svg)
}

/// Mems per exact-cover instance and engine: the machine-independent comparison.
fn mems(summary: &Summary, svg: &mut String) -> std::result::Result<bool, String> {
    let mems = |c: usize, s: usize| summary.mean_mems(c, s);
    let corpora: Vec<usize> = (0..summary.corpora.len())
        .filter(|&c| (0..summary.solvers.len()).any(|s| mems(c, s).is_some()))
        .collect();
    let bars = Bars {
        caption: "Mems per exact-cover instance, by engine",
        y_desc: "mems (Knuth's memory accesses, log scale)",
        corpora,
        value: &mems,
    };
    grouped_bars(summary, &bars, svg)
}

fn grouped_bars(
    summary: &Summary,
    bars: &Bars,
    svg: &mut String,
) -> std::result::Result<bool, String> {
    let corpora = bars.corpora.len();
    let solvers = summary.solvers.len();
    let value = |k: usize, s: usize| (bars.value)(bars.corpora[k], s).filter(|v| *v > 0.0);
    let all = (0..corpora).flat_map(|k| (0..solvers).filter_map(move |s| value(k, s)));
    let Some((low, high)) = log_range(all) else {
        return Ok(false);
    };
    let names: Vec<String> = bars
        .corpora
        .iter()
        .map(|&c| summary.corpora[c].clone())
        .collect();
    // Each corpus's group is at least as wide as the longest name (about 7 px a character
    // at this size): names never overprint each other, however many corpora there are.
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let by_bars = (300 + 140 * corpora * solvers.max(1) / 2).clamp(700, 1800);
    let by_names = 110 + corpora * (longest * 7 + 16);
    let width = by_bars.max(by_names) as u32;
    let root = SVGBackend::with_string(svg, (width, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(bars.caption, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(70)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.5f64..(corpora as f64 - 0.5), log_axis(low, high))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(corpora.max(2))
        .x_label_formatter(&move |x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].clone()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y: &f64| engineering(*y))
        .x_desc("corpus")
        .y_desc(bars.y_desc)
        .draw()
        .map_err(|e| e.to_string())?;
    let width = 0.8 / solvers as f64;
    for (s, name) in summary.solvers.iter().enumerate() {
        if (0..corpora).all(|k| value(k, s).is_none()) {
            continue;
        }
        let fill = color(s);
        let series = (0..corpora).filter_map(|k| {
            let value = value(k, s)?;
            let left = k as f64 - 0.4 + s as f64 * width;
            Some(Rectangle::new(
                [(left, low), (left + width * 0.9, value)],
                fill.filled(),
            ))
        });
        chart
            .draw_series(series)
            .map_err(|e| e.to_string())?
            .label(name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], fill.filled()));
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    root.present().map_err(|e| e.to_string())?;
    Ok(true)
}

fn cdf(summary: &Summary, corpus: usize, svg: &mut String) -> std::result::Result<bool, String> {
    let curves: Vec<(usize, Vec<(f64, f64)>)> = (0..summary.solvers.len())
        .filter_map(|s| {
            let d = summary.distribution(corpus, s)?;
            (d.count() > 0).then(|| {
                (
                    s,
                    d.cdf().into_iter().map(|(ns, f)| (ns / 1e3, f)).collect(),
                )
            })
        })
        .collect();
    let Some((low, high)) = log_range(
        curves
            .iter()
            .flat_map(|(_, points)| points.iter().map(|p| p.0)),
    ) else {
        return Ok(false);
    };
    let root = SVGBackend::with_string(svg, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{}: puzzles solved within a time", summary.corpora[corpus]),
            ("sans-serif", 22),
        )
        .margin(15)
        .x_label_area_size(55)
        .y_label_area_size(70)
        .build_cartesian_2d(log_axis(low, high), 0f64..1.0)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x: &f64| engineering(*x))
        .x_desc("time per puzzle (µs, log scale)")
        .y_desc("share of puzzles (cumulative)")
        .draw()
        .map_err(|e| e.to_string())?;
    for (s, points) in curves {
        let line = color(s);
        let mut steps = vec![(low, 0.0)];
        steps.extend(points);
        chart
            .draw_series(LineSeries::new(steps, line.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(summary.solvers[s].clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 15, y)], line.stroke_width(2))
            });
    }
    draw_legend(&mut chart, SeriesLabelPosition::LowerRight)?;
    root.present().map_err(|e| e.to_string())?;
    Ok(true)
}

fn scatter(
    summary: &Summary,
    corpus: usize,
    pair: Option<&(String, String)>,
    svg: &mut String,
) -> std::result::Result<bool, String> {
    let Some(sample) = summary.scatter.get(&corpus) else {
        return Ok(false);
    };
    let (first, second, which) = match pair {
        Some((a, b)) => {
            let index = |name: &String| summary.solvers.iter().position(|s| s == name);
            let (Some(first), Some(second)) = (index(a), index(b)) else {
                return Ok(false);
            };
            (first, second, "chosen with --scatter")
        }
        None => {
            // The two fastest solvers on this corpus (lowest medians): the comparison a
            // reader of the chart wants, whatever order the solvers were registered in.
            let mut by_median: Vec<(usize, f64)> = (0..summary.solvers.len())
                .filter_map(|s| summary.median_ns(corpus, s).map(|m| (s, m)))
                .collect();
            by_median.sort_by(|x, y| x.1.total_cmp(&y.1));
            let [(first, _), (second, _), ..] = by_median[..] else {
                return Ok(false);
            };
            (first, second, "the two fastest solvers")
        }
    };
    let points: Vec<(f64, f64)> = sample
        .iter()
        .filter_map(|p| {
            match (
                p.get(first).copied().flatten(),
                p.get(second).copied().flatten(),
            ) {
                (Some(a), Some(b)) => Some((a.max(1) as f64 / 1e3, b.max(1) as f64 / 1e3)),
                _ => None,
            }
        })
        .collect();
    let Some((low, high)) = log_range(points.iter().flat_map(|&(a, b)| [a, b])) else {
        return Ok(false);
    };
    let (a, b) = (&summary.solvers[first], &summary.solvers[second]);
    let population = summary
        .scatter_population
        .get(&corpus)
        .copied()
        .unwrap_or(0);
    let sampled = if (sample.len() as u64) < population {
        format!(
            " (a seeded sample of {} of {population} puzzles)",
            sample.len()
        )
    } else {
        String::new()
    };
    let root = SVGBackend::with_string(svg, (700, 650)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{}: {which}, {} puzzles{sampled}",
                summary.corpora[corpus],
                points.len()
            ),
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(55)
        .y_label_area_size(70)
        .build_cartesian_2d(log_axis(low, high), log_axis(low, high))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x: &f64| engineering(*x))
        .y_label_formatter(&|y: &f64| engineering(*y))
        .x_desc(format!("{a} time (µs, log scale)"))
        .y_desc(format!("{b} time (µs, log scale)"))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(
            vec![(low, low), (high, high)],
            BLACK.mix(0.6),
        ))
        .map_err(|e| e.to_string())?
        .label("equal time")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 15, y)], BLACK.mix(0.6)));
    let dot = color(1);
    chart
        .draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, 2, dot.mix(0.5).filled())),
        )
        .map_err(|e| e.to_string())?
        .label("one puzzle")
        .legend(move |(x, y)| Circle::new((x + 7, y), 3, dot.filled()));
    draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    root.present().map_err(|e| e.to_string())?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_in_engineering_notation() {
        for (value, label) in [
            (1e10, "10G"),
            (1500.0, "1.5k"),
            (0.25, "250m"),
            (1.0, "1"),
            (123456.0, "123k"),
            (0.0, "0"),
            (999.0, "999"),
        ] {
            assert_eq!(engineering(value), label, "{value}");
        }
    }

    #[test]
    fn log_ticks_are_never_closer_than_a_label_slot() {
        let mut checked = 0;
        for low_exponent in -30..30 {
            let low = 10f64.powf(low_exponent as f64 / 10.0) * 0.37;
            for span in [0.2, 0.5, 0.9, 1.0, 1.3, 2.0, 3.5, 6.0, 12.0] {
                let high = low * 10f64.powf(span);
                for most in [3, 5, 10, 20, 200] {
                    let ticks = log_ticks(low, high, most);
                    assert!(ticks.len() <= most.max(2), "{low} {high} {most}: {ticks:?}");
                    for pair in ticks.windows(2) {
                        assert!(pair[0] < pair[1] && (low..=high).contains(&pair[1]));
                        let gap = (pair[1] / pair[0]).log10();
                        assert!(
                            gap >= span / most as f64 - 1e-9,
                            "{low} {high} {most}: {ticks:?}"
                        );
                    }
                    checked += ticks.len();
                }
            }
        }
        assert!(checked > 1000);
        // A span of a decade from 200m: 800m and 900m would collide, 1-2-5 does not.
        assert_eq!(log_ticks(0.2, 1.5, 10), vec![0.2, 0.5, 1.0]);
    }

    #[test]
    fn every_solver_gets_a_colour_of_its_own() {
        let colours: Vec<(u8, u8, u8)> = (0..40)
            .map(|s| {
                let RGBColor(r, g, b) = color(s);
                (r, g, b)
            })
            .collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[..i] {
                let distance = (a.0 as i32 - b.0 as i32).abs()
                    + (a.1 as i32 - b.1 as i32).abs()
                    + (a.2 as i32 - b.2 as i32).abs();
                assert!(distance >= 12, "solvers' colours {a:?} and {b:?} too close");
            }
        }
    }
}
