//! `index.html`: a run directory's report as one page a browser opens with no network.
//!
//! The page is the directory's Markdown report (the run's `README.md`, or `compare.md`)
//! rendered by a CommonMark parser, with three changes that make it a page of its own:
//!
//! * every chart the Markdown shows as an image (`![medians.svg](medians.svg)`) is inlined as
//!   SVG, so the page is one self-contained file;
//! * the tables sort on a click on (or Enter in) a column's header: a few lines of script in
//!   the page itself, numbers compared as numbers, a second click reverses the order;
//! * a style sheet in the page (tables with lines and right-aligned numbers, wide tables and
//!   charts scroll sideways instead of spilling over).
//!
//! Links in the Markdown (`[runs.csv](runs.csv)`) stay relative links, so the page opens its
//! CSVs from the directory it sits in. Nothing is fetched: no script, style, font or image
//! comes from elsewhere.

use std::fmt::Write as _;
use std::path::Path;

use pulldown_cmark::{html, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};

/// The file name of the page in a run directory.
pub const INDEX: &str = "index.html";

const STYLE: &str = r#"
body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       margin: 2em auto; max-width: 80em; padding: 0 1em; color: #222; line-height: 1.45; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; display: block;
        overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td { font-variant-numeric: tabular-nums; }
th { background: #f3f3f3; cursor: pointer; user-select: none; white-space: nowrap; }
th[data-sort="ascending"]::after { content: " \25B2"; }
th[data-sort="descending"]::after { content: " \25BC"; }
tbody tr:nth-child(even) { background: #fafafa; }
code { background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
pre { background: #f3f3f3; padding: 0.6em; overflow-x: auto; }
figure.chart { margin: 1em 0; overflow-x: auto; }
figure.chart svg { display: block; height: auto; }
nav { margin: 0.5em 0 1.5em; }
"#;

/// Sorts a table on a click on (or Enter in) a header cell. A cell's key is its number when
/// its text starts with one (thousands separators and a trailing unit ignored), else its text;
/// numbers sort before text.
const SCRIPT: &str = r#"
(function () {
  function key(cell) {
    var text = cell ? cell.textContent.trim() : "";
    var number = parseFloat(text.replace(/,/g, ""));
    return isNaN(number) ? text.toLowerCase() : number;
  }
  function compare(a, b) {
    if (typeof a !== typeof b) { return typeof a === "number" ? -1 : 1; }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  function sortBy(table, header, column) {
    var body = table.tBodies[0];
    if (!body) { return; }
    var descending = header.getAttribute("data-sort") === "ascending";
    Array.prototype.forEach.call(header.parentNode.cells, function (cell) {
      cell.removeAttribute("data-sort");
    });
    header.setAttribute("data-sort", descending ? "descending" : "ascending");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (x, y) {
      var order = compare(key(x.cells[column]), key(y.cells[column]));
      return descending ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table"), function (table) {
    if (!table.tHead || !table.tHead.rows.length) { return; }
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, column) {
      header.tabIndex = 0;
      header.title = "sort by this column";
      header.addEventListener("click", function () { sortBy(table, header, column); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { sortBy(table, header, column); }
      });
    });
  });
})();
"#;

/// Renders `markdown` as a self-contained page, inlining the SVG charts of `dir` it shows as
/// images. An image that is no SVG file of `dir` (a missing chart, an address elsewhere)
/// stays a link to it with its alternative text, so the page never fetches anything.
///
/// ```
/// let page = sudolab::harness::html::page("# A run\n\n| a |\n|--:|\n| 1 |\n", std::path::Path::new("."))?;
/// assert!(page.contains("<title>A run</title>") && page.contains("<table>"));
/// # Ok::<(), sudolab::error::Error>(())
/// ```
pub fn page(markdown: &str, dir: &Path) -> Result<String> {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    let Outline { title, sections } = outline(markdown, options);
    let mut section = sections.iter();
    let mut events = Vec::new();
    let mut image: Option<(String, String)> = None;
    let mut listed = false;
    for event in Parser::new_ext(markdown, options) {
        match (&mut image, event) {
            (None, Event::Start(Tag::Image { dest_url, .. })) => {
                image = Some((dest_url.to_string(), String::new()));
            }
            (Some((_, alt)), Event::Text(text) | Event::Code(text)) => alt.push_str(&text),
            (Some(_), Event::End(TagEnd::Image)) => {
                let (source, alt) = image.take().unwrap_or_default();
                events.push(Event::Html(figure(&source, &alt, dir)?.into()));
            }
            (Some(_), _) => {}
            (
                None,
                Event::Start(Tag::Heading {
                    level: HeadingLevel::H2,
                    classes,
                    attrs,
                    ..
                }),
            ) => {
                let id = section.next().map(|(id, _)| id.clone().into());
                events.push(Event::Start(Tag::Heading {
                    level: HeadingLevel::H2,
                    id,
                    classes,
                    attrs,
                }));
            }
            (None, event) => {
                // The list of sections goes right under the first heading (the title).
                let ends_title = !listed && matches!(event, Event::End(TagEnd::Heading(_)));
                events.push(event);
                if ends_title {
                    listed = true;
                    events.push(Event::Html(contents(&sections).into()));
                }
            }
        }
    }
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}\
         <script>{SCRIPT}</script>\n</body>\n</html>\n",
        escape(if title.is_empty() { "sudolab" } else { &title })
    );
    Ok(out)
}

/// A page's headings: the first one's text (the page's title) and each second-level
/// heading's anchor and text, in order.
struct Outline {
    title: String,
    sections: Vec<(String, String)>,
}

fn outline(markdown: &str, options: Options) -> Outline {
    let mut title = String::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    let (mut heading, mut headings) = (None, 0);
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some(level);
                headings += 1;
                if level == HeadingLevel::H2 {
                    sections.push((format!("section-{}", sections.len() + 1), String::new()));
                }
            }
            Event::End(TagEnd::Heading(_)) => heading = None,
            Event::Text(text) | Event::Code(text) if heading.is_some() => {
                if headings == 1 {
                    title.push_str(&text);
                }
                if let (Some(HeadingLevel::H2), Some(last)) = (heading, sections.last_mut()) {
                    last.1.push_str(&text);
                }
            }
            _ => {}
        }
    }
    Outline { title, sections }
}

/// The list of sections shown under the title, each a link to its heading.
fn contents(sections: &[(String, String)]) -> String {
    if sections.len() < 2 {
        return String::new();
    }
    let links: Vec<String> = sections
        .iter()
        .map(|(id, text)| format!("<a href=\"#{id}\">{}</a>", escape(text)))
        .collect();
    format!("<nav>{}</nav>\n", links.join(" · "))
}

/// Writes `index.html` into `dir` atomically: [`page`] of `markdown`.
pub fn write_index(markdown: &str, dir: &Path) -> Result<()> {
    let text = page(markdown, dir)?;
    AtomicFile::write(&dir.join(INDEX), text.as_bytes())
}

/// A chart inlined: the SVG file `source` of `dir`, without its XML declaration, in a
/// `<figure>` captioned with `alt`. Anything else becomes a plain link.
fn figure(source: &str, alt: &str, dir: &Path) -> Result<String> {
    let local = !source.contains(':') && !source.contains('/') && !source.starts_with('.');
    let path = dir.join(source);
    if !(local && source.ends_with(".svg") && path.is_file()) {
        return Ok(format!(
            "<a href=\"{}\">{}</a>",
            escape(source),
            escape(alt)
        ));
    }
    let svg = std::fs::read_to_string(&path).map_err(|error| Error::Io {
        path: path.display().to_string(),
        error,
    })?;
    let start = svg.find("<svg").unwrap_or(0);
    Ok(format!(
        "<figure class=\"chart\" id=\"{}\">\n{}\n<figcaption><a href=\"{}\">{}</a></figcaption>\n</figure>",
        escape(source.trim_end_matches(".svg")),
        svg[start..].trim_end(),
        escape(source),
        escape(alt)
    ))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("sudolab-html-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn charts_are_inlined_and_nothing_is_fetched() {
        let dir = scratch("inline");
        std::fs::write(
            dir.join("medians.svg"),
            "<?xml version=\"1.0\"?>\n<svg width=\"10\" height=\"10\"><rect/></svg>\n",
        )
        .unwrap();
        let markdown = "# sudolab run, today\n\n![medians.svg](medians.svg)\n\n\
                        ![gone.svg](gone.svg)\n\n![far](https://example.com/x.svg)\n\n\
                        * [runs.csv](runs.csv)\n";
        let page = page(markdown, &dir).unwrap();
        assert!(page.contains("<title>sudolab run, today</title>"));
        assert!(page.contains("<svg width=\"10\" height=\"10\"><rect/></svg>"));
        assert!(!page.contains("<?xml"));
        assert!(!page.contains("<img"), "{page}");
        assert!(page.contains("<a href=\"gone.svg\">gone.svg</a>"));
        assert!(page.contains("<a href=\"https://example.com/x.svg\">far</a>"));
        assert!(page.contains("<a href=\"runs.csv\">runs.csv</a>"));
        assert!(
            !page.contains("<nav>"),
            "one section or none: no list of them"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tables_render_with_their_alignment() {
        let page = page(
            "| solver | median |\n|---|--:|\n| dlx | 1.5 |\n",
            Path::new("."),
        )
        .unwrap();
        assert!(page.contains("<th>solver</th>"), "{page}");
        assert!(
            page.contains("<td style=\"text-align: right\">1.5</td>"),
            "{page}"
        );
        assert!(page.contains("<title>sudolab</title>"));
    }

    #[test]
    fn the_sections_are_listed_under_the_title() {
        let page = page(
            "# Run\n\nbusy\n\n## How it was made\n\nx\n\n## `bench` summary\n\ny\n",
            Path::new("."),
        )
        .unwrap();
        let nav = "<nav><a href=\"#section-1\">How it was made</a> · \
                   <a href=\"#section-2\">bench summary</a></nav>";
        assert!(page.contains(&format!("<h1>Run</h1>\n{nav}")), "{page}");
        assert!(
            page.contains("<h2 id=\"section-1\">How it was made</h2>"),
            "{page}"
        );
        assert!(page.contains("<h2 id=\"section-2\"><code>bench</code> summary</h2>"));
    }
}
