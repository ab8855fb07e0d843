//! A Merkle tree drawn node by node, from the spec text
//! (ssz/simple-serialize.md v1.6.1, "Merkleization"; EIP-7916 for the
//! progressive shape), whose nodes the proof tests read by generalized
//! index.
//!
//! The tree holds every node it has; an all-zero subtree is one
//! [`Tree::Zero`] node whose descendants are the zero subtrees below it, so
//! that a list with a limit of 2^40 is a tree of a few hundred nodes.

use crate::merkle::{hash, zero_subtree, Chunk};

/// A Merkle tree drawn node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A chunk.
    Leaf(Chunk),
    /// An all-zero subtree of this height.
    Zero(u32),
    /// Two children and their root.
    Node(Box<Tree>, Box<Tree>, Chunk),
}

impl Tree {
    /// The root.
    pub fn root(&self) -> Chunk {
        match self {
            Tree::Leaf(c) | Tree::Node(_, _, c) => *c,
            Tree::Zero(h) => zero_subtree(*h),
        }
    }

    /// The node over `l` and `r`.
    pub fn pair(l: Tree, r: Tree) -> Tree {
        let root = hash(&l.root(), &r.root());
        Tree::Node(Box::new(l), Box::new(r), root)
    }

    /// `merkleize(leaves, 2**height)`: leaves padded with zero chunks.
    ///
    /// # Panics
    ///
    /// When there are more leaves than `2**height`.
    pub fn binary(mut leaves: Vec<Tree>, height: u32) -> Tree {
        assert!(
            height >= 64 || leaves.len() as u64 <= 1u64 << height,
            "reference: over the limit"
        );
        if leaves.is_empty() {
            return Tree::Zero(height);
        }
        if height == 0 {
            return leaves.pop().expect("one leaf");
        }
        // Past a 32-bit `usize` (2^40 limits on i686, wasm32), every leaf
        // is in the left half.
        let half = 1usize.checked_shl(height - 1).unwrap_or(usize::MAX);
        let right = leaves.split_off(half.min(leaves.len()));
        Tree::pair(
            Tree::binary(leaves, height - 1),
            Tree::binary(right, height - 1),
        )
    }

    /// `merkleize_progressive(leaves, n)`, v1.6.1: the recursion on the
    /// left.
    pub fn progressive(mut leaves: Vec<Tree>, n: usize) -> Tree {
        if leaves.is_empty() {
            return Tree::Leaf([0; 32]);
        }
        let rest = leaves.split_off(n.min(leaves.len()));
        let height = n.trailing_zeros();
        Tree::pair(Tree::progressive(rest, n * 4), Tree::binary(leaves, height))
    }

    /// `merkleize_progressive(leaves, n)`, v1.7.0-alpha.13: the binary
    /// subtree on the left.
    pub fn progressive_v1_7(mut leaves: Vec<Tree>, n: usize) -> Tree {
        if leaves.is_empty() {
            return Tree::Leaf([0; 32]);
        }
        let rest = leaves.split_off(n.min(leaves.len()));
        let height = n.trailing_zeros();
        Tree::pair(
            Tree::binary(leaves, height),
            Tree::progressive_v1_7(rest, n * 4),
        )
    }

    /// The node over this tree and the leaf `chunk` (a length, a selector,
    /// active fields).
    pub fn mix(self, chunk: Chunk) -> Tree {
        Tree::pair(self, Tree::Leaf(chunk))
    }

    /// The node at generalized index `g`, if the tree has one.
    pub fn node(&self, g: u128) -> Option<Chunk> {
        let depth = 127 - g.leading_zeros();
        let mut t = self;
        for level in (0..depth).rev() {
            let right = (g >> level) & 1 == 1;
            match t {
                Tree::Leaf(_) => return None,
                Tree::Zero(h) => {
                    let below = level + 1;
                    return (below <= *h).then(|| zero_subtree(h - below));
                }
                Tree::Node(l, r, _) => t = if right { r } else { l },
            }
        }
        Some(t.root())
    }
}

/// The height of a binary tree over `chunks` chunks.
pub fn height_for(chunks: usize) -> u32 {
    height_for_u64(chunks as u64)
}

/// [`height_for`] of a count that may exceed a 32-bit `usize` (a 2^40
/// limit).
pub fn height_for_u64(chunks: u64) -> u32 {
    chunks.max(1).next_power_of_two().trailing_zeros()
}

/// `pack(bytes)` as leaves.
pub fn packed(bytes: &[u8]) -> Vec<Tree> {
    crate::merkle::pack(bytes)
        .into_iter()
        .map(Tree::Leaf)
        .collect()
}

/// The chunk of a length, as `mix_in_length` mixes it in.
pub fn length(n: usize) -> Chunk {
    crate::merkle::chunk(&(n as u64).to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merkle::{merkleize, merkleize_progressive_v1_6, merkleize_progressive_v1_7};

    /// The tree's root is the merkleizer's, and its nodes are the roots of
    /// the subtrees below them.
    #[test]
    fn trees_agree_with_the_merkleizer() {
        let chunks: Vec<Chunk> = (0..5u8).map(|i| [i + 1; 32]).collect();
        let leaves = || chunks.iter().copied().map(Tree::Leaf).collect::<Vec<_>>();
        for height in [3, 4, 40] {
            let tree = Tree::binary(leaves(), height);
            assert_eq!(tree.root(), merkleize(&chunks, 1 << height));
            let first = 1u128 << height;
            assert_eq!(tree.node(first), Some(chunks[0]));
            assert_eq!(tree.node(first + 4), Some(chunks[4]));
            assert_eq!(tree.node(first + 5), Some([0; 32]));
            let half = 1usize << (height - 1);
            let left = merkleize(&chunks[..half.min(chunks.len())], half);
            assert_eq!(tree.node(2), Some(left));
            assert_eq!(tree.node(first << 1), None);
        }
        let tree = Tree::progressive(leaves(), 1);
        assert_eq!(tree.root(), merkleize_progressive_v1_6(&chunks, 1));
        let tree = Tree::progressive_v1_7(leaves(), 1);
        assert_eq!(tree.root(), merkleize_progressive_v1_7(&chunks, 1));
        assert_eq!(height_for(5), 3);
        assert_eq!(height_for_u64(1 << 40), 40);
    }
}
