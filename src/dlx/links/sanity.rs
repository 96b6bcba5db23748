//! Knuth's "sanity" check of the dancing-links arrays: run after every search in debug
//! builds, and by tests.

use super::{Dlx, COVERED};

impl Dlx {
    /// Knuth's "sanity" check: every list is doubly linked, every `LEN` matches its list, and
    /// every node in an item's list names that item. Returns the first inconsistency found.
    pub fn sanity(&self) -> Result<(), String> {
        let check_ring = |head: u32| -> Result<(), String> {
            let mut p = self.items[head as usize].right;
            let mut steps = 0;
            while p != head {
                let q = self.items[p as usize].right;
                if self.items[q as usize].left != p {
                    return Err(format!("item {q}: left is not {p}"));
                }
                p = q;
                steps += 1;
                if steps > self.items.len() {
                    return Err(format!("item ring through {head} does not close"));
                }
            }
            Ok(())
        };
        check_ring(0)?;
        check_ring(self.primary + self.secondary + 1)?;
        for i in 1..=(self.primary + self.secondary) as usize {
            let mut len = 0;
            let mut p = self.nodes[i].down;
            while p as usize != i {
                let node = self.nodes[p as usize];
                if node.top as usize != i {
                    return Err(format!(
                        "node {p} in the list of item {i} names item {}",
                        node.top
                    ));
                }
                if self.nodes[node.down as usize].up != p {
                    return Err(format!("node {p}: down/up mismatch"));
                }
                len += 1;
                if len > self.nodes.len() {
                    return Err(format!("list of item {i} does not close"));
                }
                p = node.down;
            }
            if self.lens[i] & !COVERED != len as u32 {
                return Err(format!(
                    "item {i}: len {} but {len} nodes",
                    self.lens[i] & !COVERED
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::dlx::links::Dlx;

    #[test]
    fn sanity_detects_broken_links_and_lengths() {
        let options: [&[u32]; 3] = [&[1, 2], &[2, 3], &[1, 3]];
        let mut dlx = Dlx::new(3, 0, options.iter().copied());
        assert_eq!(dlx.sanity(), Ok(()));
        dlx.lens[2] += 1; // a wrong length
        assert!(dlx.sanity().is_err());
        dlx.lens[2] -= 1;
        let right = dlx.items[1].right;
        dlx.items[right as usize].left = 0; // a broken item link
        assert!(dlx.sanity().is_err());
    }
}
