//! The shape the code claims: dependencies between modules run one way, `unsafe` lives only
//! in the two exact-cover kernels and the band engine's lanes, the technique table is in
//! rating order.
//!
//! The module graph is read from the sources: every `crate::a::b` and `super::x` path in a
//! library file (test code excluded) is an edge to the deepest module it names. Modules that
//! contain one another may use each other (a parent declares its children, children use
//! their parent's items); every other edge is lifted to the two sibling modules under the
//! closest common parent, and the graph of siblings under each parent must have no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every library source file with its module path (`src/harness/run.rs` is `harness::run`).
fn library_files() -> Vec<(Module, PathBuf)> {
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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    let mut modules = Vec::new();
    for path in files {
        let relative = path.strip_prefix(&src).unwrap();
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts[0] == "bin" {
            continue; // the CLI is a consumer of the library, outside its graph
        }
        let file = parts.pop().unwrap();
        let stem = file.trim_end_matches(".rs").to_string();
        if stem == "tests" || parts.iter().any(|p| p == "tests") {
            continue;
        }
        if stem != "mod" && stem != "lib" {
            parts.push(stem);
        }
        modules.push((parts, path));
    }
    modules
}

/// The source without test code (everything from the first `#[cfg(test)]`) and comments.
fn library_code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file refers to: the segments after each `crate::` or `super::`, with
/// `{a, b::c}` groups expanded to their first segments.
fn references(code: &str, module: &Module, is_mod_file: bool) -> Vec<Module> {
    let mut found = Vec::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("super::", {
            // `super` of a mod.rs/lib.rs file's module is its parent; of a plain file, the
            // module that declares it, which is also its parent.
            let _ = is_mod_file;
            module[..module.len().saturating_sub(1)].to_vec()
        }),
    ] {
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

/// Edges between sibling modules: parent -> (from child, to child).
fn sibling_edges() -> BTreeMap<Module, BTreeSet<(String, String)>> {
    let files = library_files();
    let modules: BTreeSet<Module> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut edges: BTreeMap<Module, BTreeSet<(String, String)>> = BTreeMap::new();
    for (module, path) in &files {
        let is_mod_file = path.ends_with("mod.rs") || path.ends_with("lib.rs");
        for reference in references(&library_code(path), module, is_mod_file) {
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

#[test]
fn module_dependencies_run_one_way() {
    let edges = sibling_edges();
    // The check itself must see the graph: the layers it is meant to keep apart.
    let root = edges
        .get(&Vec::new())
        .expect("edges between top-level modules");
    for expected in [
        ("bitmask", "solver"),
        ("registry", "bitmask"),
        ("harness", "registry"),
        ("grid", "bitset"),
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
    for (parent, siblings) in &edges {
        let place = if parent.is_empty() {
            "crate".to_string()
        } else {
            parent.join("::")
        };
        assert_eq!(
            find_cycle(siblings),
            None,
            "a dependency cycle among the modules of {place}"
        );
    }
    // The layering the design states: the solver interface knows no engine, engines do not
    // know the registry or the harness.
    for (from, to) in [
        ("solver", "bitmask"),
        ("solver", "dlx"),
        ("solver", "registry"),
        ("bitmask", "registry"),
        ("dlx", "registry"),
        ("bitmask", "dlx"),
        ("dlx", "bitmask"),
        ("bitmask", "harness"),
        ("checker", "bitmask"),
        ("checker", "dlx"),
    ] {
        assert!(
            !root.contains(&(from.to_string(), to.to_string())),
            "{from} must not depend on {to}"
        );
    }
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
fn unsafe_code_lives_in_the_exact_cover_kernels_and_the_band_lanes_only() {
    for (module, path) in library_files() {
        let code = library_code(&path);
        let allowed = module == ["dlx", "links"]
            || module == ["dlx", "cells", "search"]
            || module == ["bands", "lanes"]
            || module == ["bands", "lanes", "sse2"];
        if code.contains("unsafe ") || code.contains("unsafe{") {
            assert!(allowed, "unsafe code in {}", path.display());
            let text = std::fs::read_to_string(&path).unwrap();
            let blocks = text.matches("unsafe {").count();
            let reasons = text.matches("// SAFETY:").count();
            assert!(
                blocks > 0 && reasons >= blocks,
                "{blocks} unsafe blocks, {reasons} SAFETY comments"
            );
        }
    }
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    assert!(lib.contains("#![deny(unsafe_code)]"));
}

#[test]
fn techniques_are_listed_in_rating_order() {
    let ratings: Vec<f32> = sudolab::logic::TECHNIQUES
        .iter()
        .map(|t| t.rating())
        .collect();
    assert!(
        ratings.windows(2).all(|w| w[0] <= w[1]),
        "TECHNIQUES out of rating order: {ratings:?}"
    );
}
