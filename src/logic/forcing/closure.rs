//! Which literals a static search can reach from which.
//!
//! A static search follows links read off fixed pencil marks, and with a target it goes
//! on until the target or the end (contradictions on the way do not stop it), so it
//! reaches its target exactly when the target is in the start's *closure*: every
//! literal a path of links leads to. Nested forcing chains search every candidate's on
//! and off for its own negation on the marks they are given, and most of those searches
//! find nothing; the closures say beforehand which ones will find something.
//!
//! Most literals of a position lie at an end of the graph: a *source* has no link
//! leading to it (an on whose digit has no strong link and whose cell is not bivalue),
//! a *sink* no link leading from it (the off of such a candidate). No path passes
//! through either, so only the *core* (the nodes with links both in and out, on a
//! 25x25 grid about one in seven) needs its closure stored: a sink's is itself, and a
//! source's is read off its successors'. A closure is a bitset over the nodes that are
//! not sources (no other node reaches one).
//!
//! # Layout
//!
//! * `node_of[literal]`: the literal's node, `u32::MAX` for a literal without a
//!   candidate; nodes are numbered `0..nodes` in the order they are added.
//! * `offsets`, `targets`: the links, node `v`'s successors being
//!   `targets[offsets[v]..offsets[v + 1]]`.
//! * `bit_of[v]`: node `v`'s bit in a closure, `u32::MAX` for a source; `words` the
//!   number of 64-bit words of a closure.
//! * `component[v]`: the strongly connected component of node `v` (literals that reach
//!   each other), numbered as Tarjan's algorithm completes them: a component's
//!   successors are complete before it, so components come in reverse topological order.
//!   `sizes[c]`: its number of nodes.
//! * `row_of_component[c]`: where component `c`'s closure starts in `rows`, `u32::MAX`
//!   unless it is in the core (a component of several nodes always is). A closure holds
//!   its own members and the closures of the components its links lead to.
//! * `source_row[v]`: where source `v`'s closure starts in `rows`, made when first asked
//!   for ([`Closure::share_beyond`]), `u32::MAX` before.
//! * `outside_row[literal]`: where the closure of a literal that is not a node starts
//!   in `rows`, for one whose links were given ([`Closure::add_outside`]), `u32::MAX`
//!   for the others. A graph may leave out literals no link leads to (sources) and be
//!   asked about them so.
//! * `index`, `lowlink`, `on_stack`, `stack`, `calls`: Tarjan's scratch, the depth-first
//!   search kept on `calls` (node, next link) rather than on the machine stack.
//!
//! Every vector is kept between uses: building the closures allocates only when a
//! position needs more room than the last one.

/// Not a node, not visited, not in a component, no row.
const NONE: u32 = u32::MAX;

/// The closures of a graph of literals (see the module docs).
#[derive(Default)]
pub(super) struct Closure {
    node_of: Vec<u32>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    bit_of: Vec<u32>,
    component: Vec<u32>,
    sizes: Vec<u32>,
    row_of_component: Vec<u32>,
    source_row: Vec<u32>,
    outside_row: Vec<u32>,
    words: usize,
    rows: Vec<u64>,
    index: Vec<u32>,
    lowlink: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// Scratch for [`Closure::share_beyond`].
    shared: Vec<u64>,
}

impl Closure {
    /// Starts a graph over literals `0..literals` with no node.
    pub(super) fn clear(&mut self, literals: usize) {
        self.node_of.clear();
        self.node_of.resize(literals, NONE);
        self.outside_row.clear();
        self.outside_row.resize(literals, NONE);
        self.offsets.clear();
        self.offsets.push(0);
        self.targets.clear();
    }

    /// Makes `literal` a node; its links are the literals of the next [`Closure::link`]
    /// calls, until the next node. Every literal a link leads to must be made a node
    /// before [`Closure::solve`].
    pub(super) fn add_node(&mut self, literal: u32) {
        let node = self.offsets.len() as u32 - 1;
        self.node_of[literal as usize] = node;
        self.offsets.push(self.targets.len() as u32);
    }

    /// A link from the last node added to `literal` (a literal, made a node later).
    pub(super) fn link(&mut self, literal: u32) {
        self.targets.push(literal);
        *self.offsets.last_mut().expect("a node was added") += 1;
    }

    /// Computes the core's closures: of the nodes a link leads to, or with
    /// `every_node`, of every node (a literal left out of the graph then has a closure
    /// of its own, [`Closure::add_outside`], and every node is a literal it may reach).
    pub(super) fn solve(&mut self, every_node: bool) {
        let nodes = self.offsets.len() - 1;
        // Sources first get no bit (unless every node gets one); every node a link leads
        // to then gets one.
        self.bit_of.clear();
        self.bit_of.resize(nodes, NONE);
        let mut bits = 0;
        if every_node {
            for bit in self.bit_of.iter_mut() {
                *bit = bits;
                bits += 1;
            }
        }
        for v in 0..nodes {
            for k in self.offsets[v] as usize..self.offsets[v + 1] as usize {
                let node = self.node_of[self.targets[k] as usize];
                debug_assert!(node != NONE, "a link leads to a literal without a node");
                // (Were it to happen, the link is dropped: made a loop.)
                let node = if node == NONE { v as u32 } else { node };
                self.targets[k] = node;
                if self.bit_of[node as usize] == NONE {
                    self.bit_of[node as usize] = bits;
                    bits += 1;
                }
            }
        }
        self.words = (bits as usize).div_ceil(64);
        self.rows.clear();
        self.component.clear();
        self.component.resize(nodes, NONE);
        self.sizes.clear();
        self.row_of_component.clear();
        self.source_row.clear();
        self.source_row.resize(nodes, NONE);
        self.index.clear();
        self.index.resize(nodes, NONE);
        self.lowlink.clear();
        self.lowlink.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        let mut counter = 0;
        for root in 0..nodes as u32 {
            if self.index[root as usize] == NONE {
                self.visit(root, &mut counter);
            }
        }
    }

    /// Whether node `v` has no link leading from it.
    fn is_sink(&self, v: usize) -> bool {
        self.offsets[v] == self.offsets[v + 1]
    }

    /// Whether node `v` has links both in and out.
    fn is_core(&self, v: usize) -> bool {
        self.bit_of[v] != NONE && !self.is_sink(v)
    }

    /// Tarjan's depth-first search from `root`, each component's closure made as it
    /// completes.
    fn visit(&mut self, root: u32, counter: &mut u32) {
        self.open(root, counter);
        while let Some(&(node, next)) = self.calls.last() {
            let v = node as usize;
            if next < self.offsets[v + 1] {
                self.calls.last_mut().expect("not empty").1 += 1;
                let w = self.targets[next as usize];
                if self.index[w as usize] == NONE {
                    self.open(w, counter);
                } else if self.on_stack[w as usize] {
                    self.lowlink[v] = self.lowlink[v].min(self.index[w as usize]);
                }
                continue;
            }
            self.calls.pop();
            if let Some(&(parent, _)) = self.calls.last() {
                let p = parent as usize;
                self.lowlink[p] = self.lowlink[p].min(self.lowlink[v]);
            }
            if self.lowlink[v] == self.index[v] {
                self.complete(node);
            }
        }
    }

    /// Enters `node` in the depth-first search.
    fn open(&mut self, node: u32, counter: &mut u32) {
        self.index[node as usize] = *counter;
        self.lowlink[node as usize] = *counter;
        *counter += 1;
        self.stack.push(node);
        self.on_stack[node as usize] = true;
        self.calls.push((node, self.offsets[node as usize]));
    }

    /// Pops the component whose root is `root` and, in the core, makes its closure.
    fn complete(&mut self, root: u32) {
        let c = self.sizes.len() as u32;
        let start = self
            .stack
            .iter()
            .rposition(|&v| v == root)
            .expect("on the stack");
        self.sizes.push((self.stack.len() - start) as u32);
        for k in start..self.stack.len() {
            let v = self.stack[k] as usize;
            self.component[v] = c;
            self.on_stack[v] = false;
        }
        if !self.is_core(root as usize) {
            // A source or a sink: alone in its component, no row.
            self.row_of_component.push(NONE);
            self.stack.truncate(start);
            return;
        }
        let row = self.rows.len();
        self.row_of_component.push(row as u32);
        self.rows.resize(row + self.words, 0);
        for k in start..self.stack.len() {
            let bit = self.bit_of[self.stack[k] as usize] as usize;
            self.rows[row + bit / 64] |= 1 << (bit % 64);
        }
        for k in start..self.stack.len() {
            let v = self.stack[k] as usize;
            for e in self.offsets[v]..self.offsets[v + 1] {
                let w = self.targets[e as usize] as usize;
                let bit = self.bit_of[w] as usize;
                // A node already in the row came with the whole (complete) closure of a
                // component merged before, which holds `w`'s closure too.
                if self.rows[row + bit / 64] & (1 << (bit % 64)) != 0 {
                    continue;
                }
                self.merge_into(row, w);
            }
        }
        self.stack.truncate(start);
    }

    /// Adds the closure of node `w` (not a source) to the row at `row`, the last one:
    /// its component's row, or for a sink its own bit.
    fn merge_into(&mut self, row: usize, w: usize) {
        let other = self.row_of_component[self.component[w] as usize];
        if other == NONE {
            // A sink: its closure is itself.
            let bit = self.bit_of[w] as usize;
            self.rows[row + bit / 64] |= 1 << (bit % 64);
            return;
        }
        // Components complete in order: `other`'s row lies before this one.
        let (done, this) = self.rows.split_at_mut(row);
        let from = &done[other as usize..other as usize + self.words];
        for (word, &more) in this[..self.words].iter_mut().zip(from) {
            *word |= more;
        }
    }

    /// Whether node `v`'s closure holds bit `bit`: `v` in the core.
    fn row_has(&self, v: usize, bit: usize) -> bool {
        let row = self.row_of_component[self.component[v] as usize] as usize;
        self.rows[row + bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Whether a path of links leads from literal `from` to literal `to` (a literal
    /// reaches itself); false when either is not a node.
    pub(super) fn reaches(&self, from: u32, to: u32) -> bool {
        let (a, b) = (self.node_of[from as usize], self.node_of[to as usize]);
        if a == NONE || b == NONE {
            return false;
        }
        if a == b {
            return true;
        }
        let (a, bit) = (a as usize, self.bit_of[b as usize] as usize);
        if bit == NONE as usize || self.is_sink(a) {
            return false; // nothing reaches a source; a sink reaches only itself
        }
        if self.is_core(a) {
            return self.row_has(a, bit);
        }
        // A source: through its successors.
        (self.offsets[a]..self.offsets[a + 1]).any(|e| {
            let s = self.targets[e as usize];
            s == b || (self.is_core(s as usize) && self.row_has(s as usize, bit))
        })
    }

    /// Whether `literal` is a node.
    pub(super) fn is_node(&self, literal: u32) -> bool {
        self.node_of[literal as usize] != NONE
    }

    /// Whether some literal of `starts` reaches some literal of `ends`.
    pub(super) fn reaches_any(&mut self, starts: &[u32], ends: &[u32]) -> bool {
        self.shared.clear();
        self.shared.resize(self.words, 0);
        for &start in starts {
            if ends.contains(&start) {
                return true;
            }
            if let Some(from) = self.row_of(start) {
                for word in 0..self.words {
                    self.shared[word] |= self.rows[from + word];
                }
            }
        }
        ends.iter().any(|&end| {
            self.bit_of_literal(end)
                .is_some_and(|bit| self.shared[bit / 64] & (1 << (bit % 64)) != 0)
        })
    }

    /// The bit of `literal` in a closure's row: `None` when it is not a node, or a source.
    fn bit_of_literal(&self, literal: u32) -> Option<usize> {
        let node = self.node_of[literal as usize];
        if node == NONE {
            return None;
        }
        let bit = self.bit_of[node as usize];
        (bit != NONE).then_some(bit as usize)
    }

    /// The strongly connected component of `literal` (literals that reach each other), or
    /// `None` when it is not a node. Every literal of a loop through `literal` is in it.
    pub(super) fn component_of(&self, literal: u32) -> Option<u32> {
        let node = self.node_of[literal as usize];
        (node != NONE).then(|| self.component[node as usize])
    }

    /// The number of literals in `literal`'s strongly connected component (0 when it is
    /// not a node).
    pub(super) fn component_size(&self, literal: u32) -> usize {
        self.component_of(literal)
            .map_or(0, |c| self.sizes[c as usize] as usize)
    }

    /// Where the closure of `literal` starts in `rows`, made first for a source; `None`
    /// when it is a sink (whose closure is itself alone), or not a node and without a
    /// closure of its own ([`Closure::add_outside`]).
    fn row_of(&mut self, literal: u32) -> Option<usize> {
        let v = self.node_of[literal as usize];
        if v == NONE {
            let row = self.outside_row[literal as usize];
            return (row != NONE).then_some(row as usize);
        }
        if self.is_sink(v as usize) {
            return None;
        }
        let v = v as usize;
        if self.is_core(v) {
            return Some(self.row_of_component[self.component[v] as usize] as usize);
        }
        if self.source_row[v] == NONE {
            let row = self.rows.len();
            self.rows.resize(row + self.words, 0);
            for e in self.offsets[v]..self.offsets[v + 1] {
                self.merge_into(row, self.targets[e as usize] as usize);
            }
            self.source_row[v] = row as u32;
        }
        Some(self.source_row[v] as usize)
    }

    /// Makes the closure of `literal`, not a node, whose links lead to `successors` (nodes
    /// of a graph solved with every node a bit): what they reach.
    pub(super) fn add_outside(&mut self, literal: u32, successors: &[u32]) {
        debug_assert!(!self.is_node(literal));
        let row = self.rows.len();
        self.rows.resize(row + self.words, 0);
        for &successor in successors {
            let node = self.node_of[successor as usize];
            debug_assert!(node != NONE && self.bit_of[node as usize] != NONE);
            if node != NONE && self.bit_of[node as usize] != NONE {
                self.merge_into(row, node as usize);
            }
        }
        self.outside_row[literal as usize] = row as u32;
    }

    /// Whether `literal` is a node or has a closure of its own ([`Closure::add_outside`]).
    pub(super) fn has_closure(&self, literal: u32) -> bool {
        self.is_node(literal) || self.outside_row[literal as usize] != NONE
    }

    /// Whether some literal other than `starts` is reached from every one of them (none
    /// without starts, or when a start is not a node).
    pub(super) fn share_beyond(&mut self, starts: &[u32]) -> bool {
        if starts.is_empty() {
            return false;
        }
        self.shared.clear();
        self.shared.resize(self.words, !0);
        for &start in starts {
            // A sink (or not a node) reaches nothing beyond itself, a start.
            let Some(from) = self.row_of(start) else {
                return false;
            };
            for word in 0..self.words {
                self.shared[word] &= self.rows[from + word];
            }
        }
        for &start in starts {
            if let Some(bit) = self.bit_of_literal(start) {
                self.shared[bit / 64] &= !(1 << (bit % 64));
            }
        }
        self.shared.iter().any(|&word| word != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Closure;

    /// Reachability by brute force: repeated passes until nothing changes.
    fn brute(edges: &[(u32, u32)], n: usize) -> Vec<Vec<bool>> {
        let mut reach = vec![vec![false; n]; n];
        for (v, row) in reach.iter_mut().enumerate() {
            row[v] = true;
        }
        loop {
            let mut changed = false;
            for &(a, b) in edges {
                for row in reach.iter_mut() {
                    if row[a as usize] && !row[b as usize] {
                        row[b as usize] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return reach;
            }
        }
    }

    /// Asserts that the closure's `share_beyond` of nodes `starts` (literals `2v + 1`)
    /// is what the brute force's `reach` says: some node other than them all reach.
    fn expect_share(closure: &mut Closure, reach: &[Vec<bool>], starts: &[usize], round: usize) {
        let literals: Vec<u32> = starts.iter().map(|&v| 2 * v as u32 + 1).collect();
        let shared =
            (0..reach.len()).any(|v| !starts.contains(&v) && starts.iter().all(|&a| reach[a][v]));
        assert_eq!(
            closure.share_beyond(&literals),
            shared,
            "round {round}: {starts:?}"
        );
    }

    #[test]
    fn closures_match_brute_force_on_random_graphs() {
        let mut random = crate::random::Random::new(7);
        let mut closure = Closure::default();
        for round in 0..400 {
            let n = 1 + round % 90;
            let literals = n * 2 + 3;
            let mut edges = Vec::new();
            for _ in 0..random.below(3 * n as u64 + 1) {
                edges.push((random.below(n as u64) as u32, random.below(n as u64) as u32));
            }
            edges.sort_unstable();
            // Nodes are literals 2v + 1, added in a shuffled order.
            let mut order: Vec<u32> = (0..n as u32).collect();
            random.shuffle(&mut order);
            closure.clear(literals);
            for &v in &order {
                closure.add_node(2 * v + 1);
                for &(_, b) in edges.iter().filter(|&&(a, _)| a == v) {
                    closure.link(2 * b + 1);
                }
            }
            closure.solve(false);
            let reach = brute(&edges, n);
            for (a, row) in reach.iter().enumerate() {
                for (b, &expected) in row.iter().enumerate() {
                    let got = closure.reaches(2 * a as u32 + 1, 2 * b as u32 + 1);
                    assert_eq!(got, expected, "round {round}: {a} -> {b}");
                }
                assert!(!closure.reaches(2 * a as u32, 2 * a as u32 + 1));
            }
            // Shared literals beyond a few starts: pairs and triples, sources among them.
            for k in 0..6 {
                let starts: Vec<usize> = (0..2 + k % 2)
                    .map(|i| (round * 7 + k * 13 + i * 31) % n)
                    .collect();
                expect_share(&mut closure, &reach, &starts, round);
            }
        }
    }

    #[test]
    fn sources_left_out_of_the_graph_share_what_they_reach() {
        // A graph solved with every node a bit, its sources (no link leads to them) left
        // out and given their links afterwards (`add_outside`): which starts share a
        // literal beyond them, as a brute force over the whole graph says.
        let mut random = crate::random::Random::new(9);
        let mut closure = Closure::default();
        let mut compared = 0;
        for round in 0..300 {
            let n = 2 + round % 60;
            let mut edges = Vec::new();
            for _ in 0..random.below(2 * n as u64 + 1) {
                edges.push((random.below(n as u64) as u32, random.below(n as u64) as u32));
            }
            edges.retain(|&(a, b)| a != b);
            let is_source = |v: u32| !edges.iter().any(|&(_, b)| b == v);
            closure.clear(n * 2 + 2);
            for v in (0..n as u32).filter(|&v| !is_source(v)) {
                closure.add_node(2 * v + 1);
                for &(_, b) in edges.iter().filter(|&&(a, _)| a == v) {
                    closure.link(2 * b + 1);
                }
            }
            closure.solve(true);
            for v in (0..n as u32).filter(|&v| is_source(v)) {
                let successors: Vec<u32> = edges
                    .iter()
                    .filter(|&&(a, _)| a == v)
                    .map(|&(_, b)| 2 * b + 1)
                    .collect();
                closure.add_outside(2 * v + 1, &successors);
            }
            let reach = brute(&edges, n);
            for k in 0..8 {
                let starts: Vec<usize> = (0..2 + k % 3)
                    .map(|i| (round * 5 + k * 11 + i * 17) % n)
                    .collect();
                expect_share(&mut closure, &reach, &starts, round);
                compared += usize::from(starts.iter().any(|&v| is_source(v as u32)));
            }
        }
        assert!(compared > 500, "{compared}");
    }
}
