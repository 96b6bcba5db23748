//! The search tree itself, for small searches: built from a search's events (an
//! exact-cover engine's [`SearchObserver`] events, or a Sudoku solver's
//! [`SudokuObserver`] events) and written in Graphviz's DOT language, the convention of
//! tree drawings (`dot -Tsvg tree.dot > tree.svg`).
//!
//! # What the DOT file holds
//!
//! One graph node per search-tree node, where the engine counts one (`n0` is the root),
//! labelled with the item or constraint it branches on and its options
//! (`r4c7 (2)`); an edge from each node to each child, labelled with the option or
//! placement that leads there (`r4c7=3`). Solutions are green double circles; dead ends
//! (a constraint left without options) red; an option abandoned while it was being covered
//! (dancing cells) a small red leaf. Past `limit` nodes the tree stops growing and a
//! dashed `...` node says how many more the search visited.
//!
//! ```
//! use sudolab::exact_cover::{classic, Control};
//! use sudolab::search_tree::{ExactCoverTree, SearchTree};
//! use sudolab::solver::Limits;
//! let problem = classic::queens(4)?;
//! let mut tree = ExactCoverTree::new(&problem, SearchTree::new(100));
//! let stats = problem.dlx().search_observed(&Limits::NONE, &mut tree, |_, _| Control::Continue)?;
//! let tree = tree.into_tree();
//! assert_eq!(tree.nodes() as u64, stats.nodes);
//! assert!(tree.to_dot().starts_with("digraph search {"));
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt::Write as _;

use crate::exact_cover::observe::SearchObserver;
use crate::exact_cover::Problem;
use crate::geometry::Geometry;
use crate::search_trace::{Event, Reason, SudokuObserver};

/// What a tree node turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Inner,
    Solution,
    DeadEnd,
    /// An option abandoned before it became a node (not a search-tree node).
    Abandoned,
}

/// A search tree under construction (see the module docs).
#[derive(Debug, Clone)]
pub struct SearchTree {
    labels: Vec<String>,
    kinds: Vec<Kind>,
    edges: Vec<(usize, usize, String)>,
    /// The nodes of the current path, root first, with their depths.
    path: Vec<(usize, usize)>,
    /// The label of the edge about to leave the node at each depth.
    pending: Vec<String>,
    limit: usize,
    search_nodes: usize,
    beyond: u64,
}

impl SearchTree {
    /// An empty tree that keeps at most `limit` nodes.
    pub fn new(limit: usize) -> SearchTree {
        SearchTree {
            labels: Vec::new(),
            kinds: Vec::new(),
            edges: Vec::new(),
            path: Vec::new(),
            pending: Vec::new(),
            limit,
            search_nodes: 0,
            beyond: 0,
        }
    }

    /// Search-tree nodes kept (abandoned options aside).
    pub fn nodes(&self) -> usize {
        self.search_nodes
    }

    /// Nodes the search visited past the limit.
    pub fn beyond(&self) -> u64 {
        self.beyond
    }

    fn full(&self) -> bool {
        self.labels.len() >= self.limit
    }

    /// A search-tree node at `depth`, child of the deepest node above it on the path, by
    /// the edge pending one level up.
    fn node(&mut self, depth: usize) {
        while self.path.last().is_some_and(|&(d, _)| d >= depth) {
            self.path.pop();
        }
        let parent = self.path.last().map(|&(_, id)| id);
        if self.full() || self.beyond > 0 || (depth > 0 && parent.is_none()) {
            self.beyond += 1;
            return;
        }
        let id = self.labels.len();
        self.labels.push(String::new());
        self.kinds.push(Kind::Inner);
        self.search_nodes += 1;
        if let Some(parent) = parent {
            let label = self.pending.get(depth - 1).cloned().unwrap_or_default();
            self.edges.push((parent, id, label));
        }
        self.path.push((depth, id));
    }

    /// The last node branches: its label.
    fn label(&mut self, label: String) {
        if self.beyond == 0 {
            if let Some(&(_, id)) = self.path.last() {
                self.labels[id] = label;
            }
        }
    }

    /// The edge about to leave the node at `depth`.
    fn edge(&mut self, depth: usize, label: String) {
        if self.pending.len() <= depth {
            self.pending.resize(depth + 1, String::new());
        }
        self.pending[depth] = label;
    }

    /// The last node kept turned out to be `kind`.
    fn mark_last(&mut self, kind: Kind) {
        if self.beyond == 0 {
            if let Some(&(_, id)) = self.path.last() {
                self.kinds[id] = kind;
            }
        }
    }

    /// The option about to leave the node at `depth` was abandoned: a leaf.
    fn abandoned(&mut self, depth: usize) {
        let Some(&(_, parent)) = self.path.iter().rev().find(|&&(d, _)| d <= depth) else {
            return;
        };
        if self.full() || self.beyond > 0 {
            return;
        }
        let id = self.labels.len();
        self.labels.push(String::new());
        self.kinds.push(Kind::Abandoned);
        let label = self.pending.get(depth).cloned().unwrap_or_default();
        self.edges.push((parent, id, label));
    }

    /// The tree in Graphviz's DOT language, as the graph `search`.
    pub fn to_dot(&self) -> String {
        self.to_dot_named("search")
    }

    /// The tree in Graphviz's DOT language, as the graph `name` (letters, digits and `_`).
    pub fn to_dot_named(&self, name: &str) -> String {
        let quote = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        let mut out = format!("digraph {name} {{\n");
        out.push_str("  node [shape=circle, fontsize=10, width=0.3];\n");
        out.push_str("  edge [fontsize=9];\n");
        for (id, (label, kind)) in self.labels.iter().zip(&self.kinds).enumerate() {
            let style = match kind {
                Kind::Inner => String::new(),
                Kind::Solution => {
                    ", shape=doublecircle, color=darkgreen, fontcolor=darkgreen".into()
                }
                Kind::DeadEnd => ", color=red, fontcolor=red".into(),
                Kind::Abandoned => ", shape=point, color=red".into(),
            };
            let _ = writeln!(out, "  n{id} [label=\"{}\"{style}];", quote(label));
        }
        for (from, to, label) in &self.edges {
            let _ = writeln!(out, "  n{from} -> n{to} [label=\"{}\"];", quote(label));
        }
        if self.beyond > 0 {
            let _ = writeln!(
                out,
                "  more [shape=box, style=dashed, label=\"... {} more nodes (tree limit {})\"];",
                self.beyond, self.limit
            );
        }
        out.push_str("}\n");
        out
    }
}

/// An exact-cover search's tree, with the problem's item names and option texts.
pub struct ExactCoverTree<'a> {
    tree: SearchTree,
    problem: &'a Problem,
}

impl<'a> ExactCoverTree<'a> {
    /// Builds `tree` from a search of `problem`.
    pub fn new(problem: &'a Problem, tree: SearchTree) -> Self {
        ExactCoverTree { tree, problem }
    }

    /// The tree built.
    pub fn into_tree(self) -> SearchTree {
        self.tree
    }
}

impl SearchObserver for ExactCoverTree<'_> {
    fn node(&mut self, depth: usize) {
        self.tree.node(depth);
    }
    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        let _ = depth; // the node just entered
        let name = self.problem.item_name(item as u32);
        self.tree.label(format!("{name} ({options})"));
        if options == 0 {
            self.tree.mark_last(Kind::DeadEnd);
        }
    }
    fn try_option(&mut self, depth: usize, option: usize) {
        self.tree.edge(depth, self.problem.option_text(option));
    }
    fn dead_end(&mut self, depth: usize, _option: usize) {
        self.tree.abandoned(depth);
    }
    fn solution(&mut self, _depth: usize) {
        self.tree.mark_last(Kind::Solution);
    }
}

/// A Sudoku search's tree, cells and units named as in traces.
pub struct SudokuTree {
    tree: SearchTree,
    geometry: &'static Geometry,
}

impl SudokuTree {
    /// Builds `tree` from a search of a grid of `geometry`.
    pub fn new(geometry: &'static Geometry, tree: SearchTree) -> Self {
        SudokuTree { tree, geometry }
    }

    /// The tree built.
    pub fn into_tree(self) -> SearchTree {
        self.tree
    }
}

impl SudokuObserver for SudokuTree {
    fn event(&mut self, event: Event) {
        match event {
            Event::Node { depth } => self.tree.node(depth),
            // The branch is the last node's (a bitmask node places digits before it
            // branches, so its depth in placements is deeper than the node's).
            Event::Branch { on, candidates, .. } => {
                let label = format!("{} ({candidates})", on.describe(self.geometry));
                self.tree.label(label);
            }
            Event::Place {
                reason: Reason::Given,
                ..
            } => {}
            Event::Place {
                depth, cell, digit, ..
            } => {
                let label = format!("{}={digit}", self.geometry.cell_name(cell));
                self.tree.edge(depth, label);
            }
            Event::DeadEnd { at: Some(_), .. } => self.tree.mark_last(Kind::DeadEnd),
            Event::DeadEnd { depth, at: None } => {
                self.tree.abandoned(depth.saturating_sub(1));
            }
            Event::Solution { .. } => self.tree.mark_last(Kind::Solution),
            Event::Backtrack { .. } => {}
        }
    }
}
