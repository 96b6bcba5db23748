//! The shape the code claims: dependencies run one way, engines never know each other,
//! `unsafe` lives only in the files that need it, the technique table is in rating order.
//!
//! The module graph is read from the sources, test code included: every `crate::a::b` and
//! `super::x` path in a library file is an edge to the deepest module it names (`super` in a
//! file's inline test module is the file's own module). Modules that contain one another may
//! use each other (a parent declares its children, children use their parent's items); every
//! other edge is lifted to the two sibling modules under the closest common parent, and the
//! graph of siblings under each parent must have no cycle. The checks run on a source tree
//! given by path, so that probes (small trees written to a scratch directory) show that each
//! of them fails when it should.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// The engines: each knows the model and the solver interface, never another engine, the
/// registry, or anything above.
const ENGINES: [&str; 6] = [
    "bitmask",
    "bands",
    "dlx",
    "dancing_cells",
    "bitboard",
    "sat",
];

/// What sits above the engines.
const ABOVE_ENGINES: [&str; 5] = ["registry", "harness", "logic", "generate", "diagnose"];

/// The files that may hold `unsafe` code (module paths), each block with a SAFETY comment.
const UNSAFE_ALLOWED: [&[&str]; 5] = [
    &["dlx", "links", "arrays"],
    &["dancing_cells", "search"],
    &["bitboard", "search"],
    &["bands", "lanes"],
    &["bands", "lanes", "sse2"],
];

fn crate_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every library source file with its module path (`src/harness/run.rs` is `harness::run`).
fn library_files(src: &Path) -> Vec<(Module, PathBuf)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    let mut modules = Vec::new();
    for path in files {
        let relative = path.strip_prefix(src).unwrap();
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts[0] == "bin" {
            continue; // the CLI is a consumer of the library, outside its graph
        }
        let file = parts.pop().unwrap();
        let stem = file.trim_end_matches(".rs").to_string();
        if stem != "mod" && stem != "lib" {
            parts.push(stem);
        }
        modules.push((parts, path));
    }
    modules
}

/// A file's code without comments, as (library part, inline test part): the test part is
/// everything from the first `#[cfg(test)]`.
fn code_parts(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    match code.find("#[cfg(test)]") {
        Some(at) => (code[..at].to_string(), code[at..].to_string()),
        None => (code, String::new()),
    }
}

/// The module paths a piece of code refers to: the segments after each `crate::` or
/// `super::` (`super` being `super_base`), with `{a, b::c}` groups expanded to their first
/// segments.
fn references(code: &str, super_base: &[String]) -> Vec<Module> {
    let mut found = Vec::new();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", super_base.to_vec())] {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue; // part of a longer path (`sudolab::crate::`, `x::super::`)
            }
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let first: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !first.is_empty() && first != "self" {
                        let mut path = base.clone();
                        path.push(first);
                        found.push(path);
                    }
                }
                continue;
            }
            let mut path = base.clone();
            let mut tail = rest;
            loop {
                let segment: String = tail
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if segment.is_empty() {
                    break;
                }
                path.push(segment.clone());
                tail = &tail[segment.len()..];
                match tail.strip_prefix("::") {
                    Some(next) => tail = next,
                    None => break,
                }
            }
            found.push(path);
        }
    }
    found
}

fn is_prefix(a: &[String], b: &[String]) -> bool {
    a.len() <= b.len() && a == &b[..a.len()]
}

/// Edges between sibling modules of the tree under `src`: parent -> (from child, to child).
fn sibling_edges(src: &Path) -> BTreeMap<Module, BTreeSet<(String, String)>> {
    let files = library_files(src);
    let modules: BTreeSet<Module> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut edges: BTreeMap<Module, BTreeSet<(String, String)>> = BTreeMap::new();
    for (module, path) in &files {
        let (library, tests) = code_parts(path);
        // `super` of a file's module is its parent; in the file's inline test module, the
        // file's module itself.
        let parent = &module[..module.len().saturating_sub(1)];
        let mut found = references(&library, parent);
        found.extend(references(&tests, module));
        for reference in found {
            // The deepest module the path names.
            let Some(target) = (0..=reference.len())
                .rev()
                .map(|k| reference[..k].to_vec())
                .find(|candidate| modules.contains(candidate))
            else {
                continue;
            };
            if is_prefix(&target, module) || is_prefix(module, &target) {
                continue;
            }
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            edges
                .entry(module[..common].to_vec())
                .or_default()
                .insert((module[common].clone(), target[common].clone()));
        }
    }
    edges
}

/// A cycle in a directed graph, if any (as the list of its nodes).
fn find_cycle(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeSet<(String, String)>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for (_, next) in edges.iter().filter(|(from, _)| from == node) {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let start = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, edges, state, stack) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    let nodes: BTreeSet<&String> = edges.iter().map(|(a, _)| a).collect();
    for node in nodes {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

/// Every way the tree under `src` breaks the layering: a cycle among sibling modules, an
/// engine that knows another engine or something above the engines, the model or the
/// solver interface knowing an engine.
fn layering_violations(src: &Path) -> Vec<String> {
    let edges = sibling_edges(src);
    let mut violations = Vec::new();
    for (parent, siblings) in &edges {
        if let Some(cycle) = find_cycle(siblings) {
            let place = if parent.is_empty() {
                "crate".to_string()
            } else {
                parent.join("::")
            };
            violations.push(format!(
                "a dependency cycle among the modules of {place}: {cycle:?}"
            ));
        }
    }
    let root = edges.get(&Vec::new()).cloned().unwrap_or_default();
    let below_engines = [
        "solver",
        "exact_cover",
        "checker",
        "grid",
        "geometry",
        "bitset",
    ];
    for (from, to) in &root {
        let from_engine = ENGINES.contains(&from.as_str());
        let to_engine = ENGINES.contains(&to.as_str());
        if from_engine && (to_engine || ABOVE_ENGINES.contains(&to.as_str())) {
            violations.push(format!("the engine {from} depends on {to}"));
        }
        if below_engines.contains(&from.as_str()) && to_engine {
            violations.push(format!(
                "{from}, below the engines, depends on the engine {to}"
            ));
        }
    }
    violations
}

/// Files under `src` holding `unsafe` code outside [`UNSAFE_ALLOWED`], or an unsafe block
/// without its SAFETY comment.
fn unsafe_violations(src: &Path) -> Vec<String> {
    let mut violations = Vec::new();
    for (module, path) in library_files(src) {
        let (library, tests) = code_parts(&path);
        let code = library + &tests;
        if !(code.contains("unsafe ") || code.contains("unsafe{")) {
            continue;
        }
        let allowed = UNSAFE_ALLOWED
            .iter()
            .any(|m| m.iter().copied().eq(module.iter().map(String::as_str)));
        if !allowed {
            violations.push(format!("unsafe code in {}", path.display()));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let blocks = text.matches("unsafe {").count();
        let reasons = text.matches("// SAFETY:").count();
        if blocks == 0 || reasons < blocks {
            violations.push(format!(
                "{}: {blocks} unsafe blocks, {reasons} SAFETY comments",
                path.display()
            ));
        }
    }
    violations
}

#[test]
fn module_dependencies_run_one_way() {
    let src = crate_src();
    let edges = sibling_edges(&src);
    // The check itself must see the graph: the layers it is meant to keep apart.
    let root = edges
        .get(&Vec::new())
        .expect("edges between top-level modules");
    for expected in [
        ("bitmask", "solver"),
        ("registry", "bitmask"),
        ("registry", "dancing_cells"),
        ("harness", "registry"),
        ("grid", "bitset"),
        ("dlx", "exact_cover"),
        ("dancing_cells", "exact_cover"),
        ("sat", "exact_cover"),
    ] {
        let edge = (expected.0.to_string(), expected.1.to_string());
        assert!(
            root.contains(&edge),
            "the reader missed {expected:?}: {root:?}"
        );
    }
    let harness = edges
        .get(&vec!["harness".to_string()])
        .expect("harness edges");
    assert!(harness.contains(&("run".to_string(), "output".to_string())));
    assert_eq!(layering_violations(&src), Vec::<String>::new());
}

/// A scratch source tree holding `files` (path under `src`, contents).
fn probe_tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!(
        "sudolab-architecture-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    root
}

/// A small crate of the real shape: the model, two engines over it, a registry above.
const LAYERED: [(&str, &str); 5] = [
    (
        "lib.rs",
        "pub mod exact_cover; pub mod dlx; pub mod sat; pub mod registry;\n",
    ),
    ("exact_cover/mod.rs", "pub struct Problem;\n"),
    ("dlx/mod.rs", "use crate::exact_cover::Problem;\n"),
    ("sat/mod.rs", "use crate::exact_cover::Problem;\n"),
    (
        "registry.rs",
        "use crate::dlx;\nuse crate::sat;\nuse crate::exact_cover::Problem;\n",
    ),
];

#[test]
fn the_probes_layered_tree_passes() {
    let src = probe_tree("layered", &LAYERED);
    assert_eq!(layering_violations(&src), Vec::<String>::new());
    assert_eq!(unsafe_violations(&src), Vec::<String>::new());
    std::fs::remove_dir_all(src).unwrap();
}

#[test]
fn an_engine_importing_another_engine_is_found() {
    let mut files = LAYERED.to_vec();
    files[3] = (
        "sat/mod.rs",
        "use crate::exact_cover::Problem;\nuse crate::dlx::Dlx;\n",
    );
    let src = probe_tree("engine-to-engine", &files);
    assert_eq!(
        layering_violations(&src),
        ["the engine sat depends on dlx".to_string()]
    );
    // The same import from the engine's test code only.
    files[3] = (
        "sat/mod.rs",
        "use crate::exact_cover::Problem;\n#[cfg(test)]\nmod tests {\n    use crate::dlx::Dlx;\n}\n",
    );
    let src = probe_tree("engine-to-engine-in-tests", &files);
    assert_eq!(
        layering_violations(&src),
        ["the engine sat depends on dlx".to_string()]
    );
    std::fs::remove_dir_all(src).unwrap();
}

#[test]
fn a_cycle_through_test_code_is_found() {
    let mut files = LAYERED.to_vec();
    // The model's unit tests (a file of their own) use the registry: model -> registry ->
    // model.
    files[1] = (
        "exact_cover/mod.rs",
        "pub struct Problem;\n#[cfg(test)]\nmod tests;\n",
    );
    files.push(("exact_cover/tests.rs", "use crate::registry;\n"));
    let src = probe_tree("test-cycle", &files);
    let violations = layering_violations(&src);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].starts_with("a dependency cycle among the modules of crate"),
        "{violations:?}"
    );
    std::fs::remove_dir_all(src).unwrap();
}

#[test]
fn unsafe_outside_the_allowed_files_is_found() {
    let mut files = LAYERED.to_vec();
    files[3] = (
        "sat/mod.rs",
        "fn f(v: &[u8]) -> u8 {\n    // SAFETY: v is not empty.\n    unsafe { *v.get_unchecked(0) }\n}\n",
    );
    files.push((
        "dlx/links/arrays.rs",
        "fn g(v: &[u8]) -> u8 {\n    unsafe { *v.get_unchecked(0) }\n}\n",
    ));
    let src = probe_tree("unsafe", &files);
    let violations = unsafe_violations(&src);
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations
        .iter()
        .any(|v| v.starts_with("unsafe code in") && v.contains("sat")));
    assert!(violations
        .iter()
        .any(|v| v.contains("arrays.rs: 1 unsafe blocks, 0 SAFETY")));
    std::fs::remove_dir_all(src).unwrap();
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let edges: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let cycle = find_cycle(&edges).expect("a -> b -> c -> a");
    assert_eq!(cycle.first(), cycle.last());
    let acyclic: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("a", "c")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(find_cycle(&acyclic), None);
}

#[test]
fn unsafe_code_lives_in_the_allowed_files_only() {
    let src = crate_src();
    assert_eq!(unsafe_violations(&src), Vec::<String>::new());
    // The crate denies unsafe code; only the allowed files' module declarations lift that.
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    assert!(lib.contains("#![deny(unsafe_code)]"));
    for (_, path) in library_files(&src) {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("#[allow(unsafe_code)]") {
            let declared = text[at..].lines().nth(1).unwrap_or("").trim().to_string();
            let declared = if text[at..].lines().next().unwrap_or("").contains("mod ") {
                text[at..].lines().next().unwrap().to_string()
            } else {
                declared
            };
            let name = declared
                .trim_start_matches("#[allow(unsafe_code)]")
                .split("//")
                .next()
                .unwrap()
                .trim()
                .trim_start_matches("pub ")
                .trim_start_matches("mod ")
                .trim_end_matches(';')
                .to_string();
            assert!(
                ["arrays", "search", "sse2", "lanes"].contains(&name.as_str()),
                "{}: unsafe allowed on {declared:?}",
                path.display()
            );
        }
    }
}

#[test]
fn techniques_are_listed_in_rating_order() {
    // In rating order, except where Sudoku Explainer's own order differs (measured, see
    // reports/2026-12-03-se-grades): the grouped turbot fish come right after their plain
    // forms, before the XY-Wing (4.2) and the WXYZ-Wing (5.5). Leaving them out, the rest
    // is in order.
    use sudolab::logic::Technique;
    let early = [
        Technique::GroupedTurbotFish,
        Technique::GroupedThreeLinkTurbotFish,
    ];
    let ladder = sudolab::logic::TECHNIQUES;
    let ratings: Vec<f32> = ladder
        .iter()
        .filter(|t| !early.contains(t))
        .map(|t| t.rating())
        .collect();
    assert!(
        ratings.windows(2).all(|w| w[0] <= w[1]),
        "TECHNIQUES out of rating order: {ratings:?}"
    );
    let at = |t: Technique| ladder.iter().position(|&u| u == t).unwrap();
    assert_eq!(
        at(Technique::GroupedTurbotFish),
        at(Technique::TurbotFish) + 1
    );
    assert_eq!(
        at(Technique::GroupedThreeLinkTurbotFish),
        at(Technique::ThreeLinkTurbotFish) + 1
    );
}

/// The library reads no process environment (arguments, variables, working directory): the
/// binary passes what it needs, so a library user's calls do not depend on how the process
/// was started. Test code may use a scratch directory.
#[test]
fn the_library_reads_no_process_environment() {
    let src = crate_src();
    for (module, path) in library_files(&src) {
        if module.first().is_some_and(|m| m == "bin") || module.last().is_some_and(|m| m == "tests")
        {
            continue;
        }
        let (library, _) = code_parts(&path);
        for forbidden in [
            "std::env::",
            "env::args",
            "env::var",
            "current_dir",
            "set_current_dir",
        ] {
            assert!(
                !library.contains(forbidden),
                "{} uses {forbidden}",
                path.display()
            );
        }
    }
}
