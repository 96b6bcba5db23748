//! Every chart a report draws, rendered to PNG as a reader sees it (issue 40): resvg lays out
//! the text with the machine's fonts, so label boxes are the boxes a viewer draws. Each chart
//! must be non-blank, show every solver of its legend in a colour of its own (the same colour
//! in every chart), and have no two labels overlapping.
//!
//! The report is the main job's, on a sample of every bundled corpus, plus `compare`'s chart.

mod common;
use common::{run_sudolab, scratch};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, Node, Paint};

/// A text element as laid out: its text and box (left, top, right, bottom) in pixels.
#[derive(Debug, Clone)]
struct Label {
    text: String,
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

/// A filled shape: its colour and box.
#[derive(Debug, Clone)]
struct Swatch {
    colour: (u8, u8, u8),
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // The charts ask for `sans-serif`, which fontdb maps to Arial unless told otherwise: take
    // DejaVu Sans (Debian's default) when the machine has it, else the first sans family.
    let family = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .find(|name| name == "DejaVu Sans")
        .or_else(|| {
            fonts
                .faces()
                .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
                .find(|name| name.contains("Sans") && !name.contains("Mono"))
        });
    if let Some(family) = family {
        fonts.set_sans_serif_family(family);
    }
    assert!(
        !options.fontdb.is_empty(),
        "no system fonts: the charts' text cannot be laid out (Debian: fonts-dejavu-core)"
    );
    options
}

fn collect(group: &usvg::Group, labels: &mut Vec<Label>, swatches: &mut Vec<Swatch>) {
    for node in group.children() {
        match node {
            Node::Group(group) => collect(group, labels, swatches),
            Node::Text(text) => {
                let b = text.abs_bounding_box();
                labels.push(Label {
                    text: text.chunks().iter().map(|c| c.text()).collect(),
                    left: b.left(),
                    top: b.top(),
                    right: b.right(),
                    bottom: b.bottom(),
                });
            }
            Node::Path(path) => {
                if let Some(Paint::Color(c)) = path.fill().map(|f| f.paint()) {
                    let b = path.abs_bounding_box();
                    swatches.push(Swatch {
                        colour: (c.red, c.green, c.blue),
                        left: b.left(),
                        top: b.top(),
                        right: b.right(),
                        bottom: b.bottom(),
                    });
                }
            }
            Node::Image(_) => {}
        }
    }
}

/// How far two boxes overlap, in pixels, along each axis (negative: apart).
fn overlap(a: &Label, b: &Label) -> (f32, f32) {
    (
        a.right.min(b.right) - a.left.max(b.left),
        a.bottom.min(b.bottom) - a.top.max(b.top),
    )
}

/// What one chart showed.
struct Rendered {
    labels: Vec<Label>,
    /// Each legend entry's text and the colour of the swatch just left of it.
    legend: Vec<(String, (u8, u8, u8))>,
    pixmap: Pixmap,
}

fn render(svg: &Path, png: &Path) -> Rendered {
    let text = std::fs::read_to_string(svg).unwrap();
    let tree = usvg::Tree::from_str(&text, &options())
        .unwrap_or_else(|e| panic!("{}: {e}", svg.display()));
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    pixmap.fill(Color::WHITE);
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap.save_png(png).unwrap();
    let (mut labels, mut swatches) = (Vec::new(), Vec::new());
    collect(tree.root(), &mut labels, &mut swatches);
    // A legend entry: a small swatch whose vertical middle is the label's, ending at most
    // 25 px left of the label.
    let legend = labels
        .iter()
        .filter_map(|label| {
            let middle = (label.top + label.bottom) / 2.0;
            swatches
                .iter()
                .filter(|s| s.right - s.left <= 20.0 && s.bottom - s.top <= 20.0)
                .filter(|s| ((s.top + s.bottom) / 2.0 - middle).abs() <= 4.0)
                .filter(|s| s.right <= label.left && label.left - s.right <= 25.0)
                .min_by(|a, b| (label.left - a.right).total_cmp(&(label.left - b.right)))
                .map(|s| (label.text.clone(), s.colour))
        })
        .collect();
    Rendered {
        labels,
        legend,
        pixmap,
    }
}

/// The charts of a report directory, by name.
fn charts(dir: &Path) -> Vec<PathBuf> {
    let mut charts: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    charts.sort();
    charts
}

#[test]
fn every_chart_renders_readable_with_a_colour_per_solver() {
    let dir = scratch("charts-png");
    let run = dir.join("run");
    let succeed = |args: &[&str]| {
        let output = run_sudolab(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    };
    succeed(&[
        "bench",
        "-q",
        "--sample",
        "20",
        "--out",
        run.to_str().unwrap(),
    ]);
    let compared = dir.join("compare");
    let (run_text, compared_text) = (run.to_str().unwrap(), compared.to_str().unwrap());
    succeed(&["compare", "--out", compared_text, run_text, run_text]);
    let mut svgs = charts(&run);
    svgs.extend(charts(&compared));
    let solvers: Vec<String> = std::fs::read_to_string(run.join("meta.csv"))
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("solver:")?.split_once(',').map(|(n, _)| n))
        .filter(|n| !n.contains(':'))
        .map(str::to_string)
        .collect();
    assert!(solvers.len() >= 9, "{solvers:?}");
    for must in [
        "medians.svg",
        "medians_exact_cover.svg",
        "mems.svg",
        "compare.svg",
    ] {
        assert!(
            svgs.iter().any(|p| p.ends_with(must)),
            "{must} missing: {svgs:?}"
        );
    }
    assert!(svgs.len() >= 20, "{svgs:?}");
    let pngs = dir.join("png");
    std::fs::create_dir_all(&pngs).unwrap();
    let mut colour_of: BTreeMap<String, (u8, u8, u8)> = BTreeMap::new();
    let mut problems = Vec::new();
    for svg in &svgs {
        let name = svg.file_name().unwrap().to_string_lossy().into_owned();
        let png = pngs.join(name.replace(".svg", ".png"));
        let chart = render(svg, &png);
        // Non-blank: a tenth of a percent of the pixels are not the white background, in
        // several colours, and there is text.
        let pixels = chart.pixmap.pixels();
        let inked = pixels
            .iter()
            .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
            .count();
        let mut colours: Vec<(u8, u8, u8)> = pixels
            .iter()
            .map(|p| (p.red(), p.green(), p.blue()))
            .collect();
        colours.sort_unstable();
        colours.dedup();
        if inked * 1000 < pixels.len() || colours.len() < 3 || chart.labels.len() < 3 {
            problems.push(format!(
                "{name}: blank ({inked} of {} pixels inked, {} colours, {} labels)",
                pixels.len(),
                colours.len(),
                chart.labels.len()
            ));
        }
        // No two labels overlap by more than a pixel both ways.
        for (i, a) in chart.labels.iter().enumerate() {
            for b in &chart.labels[..i] {
                let (x, y) = overlap(a, b);
                if x > 1.0 && y > 1.0 {
                    problems.push(format!(
                        "{name}: labels {:?} and {:?} overlap ({x:.1} x {y:.1} px)",
                        a.text, b.text
                    ));
                }
            }
        }
        // Every solver in a legend has its own colour, the same in every chart, and that
        // colour is drawn beyond its swatch.
        let mut seen: BTreeMap<(u8, u8, u8), String> = BTreeMap::new();
        for (label, colour) in &chart.legend {
            if !solvers.contains(label) {
                continue;
            }
            if let Some(other) = seen.insert(*colour, label.clone()) {
                problems.push(format!(
                    "{name}: {label} and {other} share colour {colour:?}"
                ));
            }
            if let Some(before) = colour_of.insert(label.clone(), *colour) {
                if before != *colour {
                    problems.push(format!(
                        "{name}: {label} is {colour:?} here and {before:?} elsewhere"
                    ));
                }
            }
            let drawn = pixels
                .iter()
                .filter(|p| (p.red(), p.green(), p.blue()) == *colour)
                .count();
            if drawn < 200 {
                problems.push(format!(
                    "{name}: {label}'s colour {colour:?} covers {drawn} pixels"
                ));
            }
        }
    }
    assert_eq!(problems, Vec::<String>::new());
    // Every solver appeared in some legend.
    for solver in &solvers {
        assert!(
            colour_of.contains_key(solver),
            "{solver} in no legend: {colour_of:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
