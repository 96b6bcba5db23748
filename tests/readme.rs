//! The README renders as written (issue 40): its code fences balance, no heading is swallowed
//! by a code block, and no command line is left outside one (a stray fence once turned the
//! `--timeout-ms` examples into prose and the "Exact cover" heading into code).

fn check_markdown(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut open: Option<usize> = None;
    for (k, line) in text.lines().enumerate() {
        let number = k + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            open = match open {
                None => Some(number),
                Some(_) if trimmed.trim_end() == "```" => None,
                Some(start) => {
                    problems.push(format!(
                        "line {number}: a fence with an info string inside the block opened on line {start}"
                    ));
                    None
                }
            };
            continue;
        }
        match open {
            Some(start) if trimmed.starts_with("## ") || trimmed.starts_with("### ") => problems
                .push(format!(
                    "line {number}: heading inside the code block opened on line {start}"
                )),
            None if trimmed.starts_with("sudolab ") || trimmed.starts_with("cargo run") => {
                problems.push(format!("line {number}: a command outside a code block"))
            }
            _ => {}
        }
    }
    if let Some(start) = open {
        problems.push(format!(
            "the code block opened on line {start} is never closed"
        ));
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
}
