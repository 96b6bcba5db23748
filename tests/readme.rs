//! The README renders as written (issue 40), parsed as CommonMark: its code fences balance, no heading is swallowed
//! by a code block, and no command line is left outside one (a stray fence once turned the
//! `--timeout-ms` examples into prose and the "Exact cover" heading into code).

/// What in `text` does not render as its author meant, parsed as CommonMark (pulldown-cmark,
/// the parser the run pages use): a fenced code block never closed (it runs to the end of the
/// file), a heading line inside a code block, a command line in prose.
fn check_markdown(text: &str) -> Vec<String> {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut problems = Vec::new();
    let mut in_code = false;
    for (event, range) in Parser::new(text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                let start = line_of(range.start);
                let source = text[range.clone()].trim_end();
                let closed = source
                    .lines()
                    .last()
                    .map(str::trim)
                    .is_some_and(|l| l.starts_with("```") || l.starts_with("~~~"));
                if matches!(kind, CodeBlockKind::Fenced(_))
                    && (source.lines().count() < 2 || !closed)
                {
                    problems.push(format!(
                        "the code block opened on line {start} is never closed"
                    ));
                }
                for (k, line) in source.lines().enumerate().skip(1) {
                    let trimmed = line.trim_start();
                    if trimmed.starts_with("## ") || trimmed.starts_with("### ") {
                        problems.push(format!(
                            "line {}: heading inside the code block opened on line {start}",
                            start + k
                        ));
                    }
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) if !in_code => {
                let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
                let line = &text[line_start..];
                let line = line.lines().next().unwrap_or("").trim_start();
                if line.starts_with("sudolab ") || line.starts_with("cargo run") {
                    let problem = format!(
                        "line {}: a command outside a code block",
                        line_of(range.start)
                    );
                    if !problems.contains(&problem) {
                        problems.push(problem);
                    }
                }
            }
            _ => {}
        }
    }
    problems
}

#[test]
fn the_readme_renders_as_written() {
    for file in ["README.md", "datasets/README.md", "datasets/SOURCES.md"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(check_markdown(&text), Vec::<String>::new(), "{file}");
    }
}

#[test]
fn the_check_finds_the_stray_fence_it_was_written_for() {
    let broken = "```sh\nsudolab cover p.dlx\n```\n\nsudolab solve hard.txt --timeout-ms 500\n```\n\nprose\n\n### Exact cover\n\n```sh\nsudolab cover\n```\n";
    let problems = check_markdown(broken);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("line 5: a command outside")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("line 10: heading inside")),
        "{problems:?}"
    );
    assert!(check_markdown("```sh\nsudolab solve x\n```\n\n### Heading\n").is_empty());
    let unclosed = check_markdown("prose\n\n```sh\nsudolab solve x\n\n## Heading\n");
    assert!(
        unclosed.contains(&"the code block opened on line 3 is never closed".to_string()),
        "{unclosed:?}"
    );
}
