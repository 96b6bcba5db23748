//! Level profiles in a run: `bench --profile` records, for each corpus (or exact-cover
//! file) and each solver that reports its search, the search-tree nodes at each depth
//! summed over the corpus's puzzles (Knuth's profile), in `profile.csv`; `merge` sums the
//! shards' files; `report` draws `profile_<corpus>.svg`, one line per solver on a log
//! scale, so where one engine's tree is narrower than another's is a picture.
//!
//! `profile.csv` has one row per (corpus, solver, depth): `corpus,solver,depth,nodes`,
//! depths from 0 (the root) with no gap. A solver's nodes over all depths equal the sum of
//! its `nodes` in `runs.csv` for that corpus (its rows that finished).

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::charts::{self, color, draw_legend, engineering, log_axis, log_range, render};
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};

fn csv_error(path: &str) -> impl Fn(csv::Error) -> Error + '_ {
    move |error| Error::Csv {
        file: path.to_string(),
        error,
    }
}

/// The header of `profile.csv`.
pub const PROFILE_HEADER: [&str; 4] = ["corpus", "solver", "depth", "nodes"];

/// Level profiles summed per (corpus, solver), in the order they were first seen.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Profiles {
    entries: Vec<((String, String), Vec<u64>)>,
}

impl Profiles {
    /// Adds one search's profile (nodes at each depth) to its (corpus, solver) sum.
    pub fn add(&mut self, corpus: &str, solver: &str, nodes: &[u64]) {
        let key = (corpus.to_string(), solver.to_string());
        let sum = match self.entries.iter().position(|(k, _)| *k == key) {
            Some(k) => &mut self.entries[k].1,
            None => {
                self.entries.push((key, Vec::new()));
                &mut self.entries.last_mut().expect("just pushed").1
            }
        };
        if sum.len() < nodes.len() {
            sum.resize(nodes.len(), 0);
        }
        for (total, n) in sum.iter_mut().zip(nodes) {
            *total += n;
        }
    }

    /// Adds every profile of `other`.
    pub fn add_all(&mut self, other: &Profiles) {
        for ((corpus, solver), nodes) in &other.entries {
            self.add(corpus, solver, nodes);
        }
    }

    /// Whether there is no profile.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The profiles of `corpus`: (solver, nodes at each depth), in order.
    pub fn of_corpus<'a>(&'a self, corpus: &'a str) -> impl Iterator<Item = (&'a str, &'a [u64])> {
        self.entries
            .iter()
            .filter(move |((c, _), _)| c == corpus)
            .map(|((_, solver), nodes)| (solver.as_str(), nodes.as_slice()))
    }

    /// The corpora with a profile, in order.
    pub fn corpora(&self) -> Vec<&str> {
        let mut corpora: Vec<&str> = Vec::new();
        for ((corpus, _), _) in &self.entries {
            if !corpora.contains(&corpus.as_str()) {
                corpora.push(corpus);
            }
        }
        corpora
    }

    /// Writes `profile.csv` to `path`, whole or not at all.
    pub fn write(&self, path: &Path) -> Result<()> {
        let mut writer = csv::Writer::from_writer(AtomicFile::create(path)?);
        let error = csv_error("profile.csv");
        writer.write_record(PROFILE_HEADER).map_err(&error)?;
        for ((corpus, solver), nodes) in &self.entries {
            for (depth, n) in nodes.iter().enumerate() {
                writer
                    .write_record([corpus, solver, &depth.to_string(), &n.to_string()])
                    .map_err(&error)?;
            }
        }
        let file = writer.into_inner().map_err(|e| Error::Io {
            path: "profile.csv".into(),
            error: e.into_error(),
        })?;
        file.commit()
    }

    /// Reads `profile.csv` from `path`; `None` when the run has none. A row that is not
    /// `corpus,solver,depth,nodes` with depths in order is an error naming its line.
    pub fn read(path: &Path) -> Result<Option<Profiles>> {
        if !path.exists() {
            return Ok(None);
        }
        let name = path.display().to_string();
        let mut reader = csv::Reader::from_path(path).map_err(csv_error(&name))?;
        let headers = reader.headers().map_err(csv_error(&name))?.clone();
        if headers.iter().ne(PROFILE_HEADER) {
            return Err(Error::BadFile {
                file: name,
                message: format!("the header is not {}", PROFILE_HEADER.join(",")),
            });
        }
        let mut profiles = Profiles::default();
        for (k, row) in reader.records().enumerate() {
            let row = row.map_err(csv_error(&name))?;
            let bad = |what: &str| Error::BadFile {
                file: name.clone(),
                message: format!("line {}: {what}", k + 2),
            };
            let number = |i: usize| row.get(i).and_then(|v| v.parse::<u64>().ok());
            let (Some(depth), Some(nodes)) = (number(2), number(3)) else {
                return Err(bad("depth and nodes must be whole numbers"));
            };
            let (corpus, solver) = (&row[0], &row[1]);
            let key = (corpus.to_string(), solver.to_string());
            let known = profiles
                .entries
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(0, |(_, n)| n.len() as u64);
            if depth != known {
                return Err(bad(&format!(
                    "depth {depth} of {solver} on {corpus} out of order (expected {known})"
                )));
            }
            let mut one = vec![0; depth as usize + 1];
            one[depth as usize] = nodes;
            profiles.add(corpus, solver, &one);
        }
        Ok(Some(profiles))
    }
}

/// Draws `profile_<corpus>.svg` in `dir` for each corpus with a profile: nodes at each depth
/// (log scale) per solver, coloured as in the other charts (by the solver's place in
/// `solvers`). Returns the files written.
pub fn draw(profiles: &Profiles, solvers: &[String], dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for corpus in profiles.corpora() {
        let path = dir.join(format!("profile_{}.svg", charts::file_stem(corpus)));
        if render(&path, |svg| chart(profiles, corpus, solvers, svg))? {
            files.push(path);
        }
    }
    Ok(files)
}

fn chart(
    profiles: &Profiles,
    corpus: &str,
    solvers: &[String],
    svg: &mut String,
) -> std::result::Result<bool, String> {
    let lines: Vec<(&str, &[u64])> = profiles.of_corpus(corpus).collect();
    let deepest = lines.iter().map(|(_, n)| n.len()).max().unwrap_or(0);
    let values = lines.iter().flat_map(|(_, n)| n.iter().map(|&v| v as f64));
    let (Some((low, high)), true) = (log_range(values), deepest > 0) else {
        return Ok(false);
    };
    let root = SVGBackend::with_string(svg, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{corpus}: search-tree nodes at each depth"),
            ("sans-serif", 22),
        )
        .margin(15)
        .x_label_area_size(55)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..(deepest as f64 - 1.0).max(1.0), log_axis(low, high))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x: &f64| format!("{x:.0}"))
        .y_label_formatter(&|y: &f64| engineering(*y))
        .x_desc("depth (choices made above the node)")
        .y_desc("nodes (summed over the corpus, log scale)")
        .draw()
        .map_err(|e| e.to_string())?;
    for (solver, nodes) in lines {
        let index = solvers
            .iter()
            .position(|s| s == solver)
            .unwrap_or(solvers.len());
        let line = color(index);
        let points = nodes
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(depth, &n)| (depth as f64, n as f64));
        chart
            .draw_series(LineSeries::new(points, line.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(solver.to_string())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 15, y)], line.stroke_width(2))
            });
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present().map_err(|e| e.to_string())?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<Option<Profiles>> {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("sudolab-profile-{}-{n}.csv", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let read = Profiles::read(&path);
        std::fs::remove_file(&path).unwrap();
        read
    }

    #[test]
    fn profiles_add_up_and_read_back_what_they_wrote() {
        let mut profiles = Profiles::default();
        profiles.add("c", "dlx", &[1, 3, 2]);
        profiles.add("c", "dlx", &[1, 1]);
        profiles.add("d", "dc", &[1]);
        assert_eq!(
            profiles.of_corpus("c").next(),
            Some(("dlx", &[2, 4, 2][..]))
        );
        assert_eq!(profiles.corpora(), ["c", "d"]);
        let path = std::env::temp_dir().join(format!("sudolab-profile-{}.csv", std::process::id()));
        profiles.write(&path).unwrap();
        let read = Profiles::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read, Some(profiles));
    }

    #[test]
    fn a_bad_profile_file_is_refused_naming_the_line() {
        let header = "corpus,solver,depth,nodes\n";
        let gap = read_text(&format!("{header}c,dlx,0,1\nc,dlx,2,5\n")).unwrap_err();
        assert!(gap.to_string().contains("line 3"), "{gap}");
        let word = read_text(&format!("{header}c,dlx,0,many\n")).unwrap_err();
        assert!(word.to_string().contains("line 2"), "{word}");
        let other = read_text("a,b,c,d\n").unwrap_err();
        assert!(other.to_string().contains("header"), "{other}");
        assert_eq!(
            Profiles::read(Path::new("/nonexistent/profile.csv")).unwrap(),
            None
        );
    }
}
