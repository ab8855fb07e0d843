//! Generalized indices and Merkle proofs, as `ssz/merkle-proofs.md`
//! (consensus-specs v1.6.1) defines them.
//!
//! Every node of a value's tree has a generalized index ([`Gindex`]): the
//! root is 1, and the children of node `i` are `2i` and `2i + 1`. A value
//! answers for any node of its own tree through
//! [`TreeHash::tree_node`](crate::TreeHash::tree_node), which computes only
//! the subtree asked for:
//! zero subtrees come from [`ZERO_HASHES`](crate::ZERO_HASHES), never from
//! hashing, and a value that keeps its tree (a cached type) reads the node
//! from it instead.

use core::fmt;

/// A generalized index: the position of a node in a binary Merkle tree,
/// 1 for the root, `2i` and `2i + 1` for the children of `i`.
///
/// Held in a `u128`, so that paths through nested progressive types (whose
/// depth grows with their length) fit; an index that would not fit is an
/// error ([`ProofError::GindexOverflow`]), never a wrong number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gindex(u128);

impl Gindex {
    /// The root of a tree.
    pub const ROOT: Gindex = Gindex(1);

    /// The index `value`; `None` for 0, which names no node.
    #[inline]
    pub const fn new(value: u128) -> Option<Gindex> {
        if value == 0 {
            None
        } else {
            Some(Gindex(value))
        }
    }

    /// The index as a number.
    #[inline]
    pub const fn get(self) -> u128 {
        self.0
    }

    /// The depth of the node below the root (`floorlog2(index)`): the
    /// length of its branch.
    #[inline]
    pub const fn depth(self) -> u32 {
        127 - self.0.leading_zeros()
    }

    /// The node's position among the nodes of its depth
    /// (`index % 2**depth`), counted from the left.
    #[inline]
    pub const fn position(self) -> u128 {
        self.0 ^ (1u128 << self.depth())
    }

    /// The index of the node at `position` (from the left) among the nodes
    /// `depth` levels below the root; `None` where it would not fit.
    #[inline]
    pub const fn at(depth: u32, position: u128) -> Option<Gindex> {
        if depth >= 128 || (depth > 0 && position >> depth != 0) || (depth == 0 && position != 0) {
            return None;
        }
        Some(Gindex((1u128 << depth) | position))
    }

    /// `concat_generalized_indices(self, other)`: the node `other` of the
    /// subtree rooted at `self`; `None` where it would not fit.
    #[inline]
    pub const fn concat(self, other: Gindex) -> Option<Gindex> {
        let d = other.depth();
        if self.depth() + d >= 128 {
            return None;
        }
        Some(Gindex((self.0 << d) | other.position()))
    }

    /// The child of this node on the left (`right == false`) or right.
    #[inline]
    pub const fn child(self, right: bool) -> Option<Gindex> {
        if self.depth() >= 127 {
            return None;
        }
        Some(Gindex((self.0 << 1) | right as u128))
    }

    /// The parent of this node; `None` for the root.
    #[inline]
    pub const fn parent(self) -> Option<Gindex> {
        if self.0 == 1 {
            None
        } else {
            Some(Gindex(self.0 >> 1))
        }
    }

    /// The other child of this node's parent; `None` for the root.
    #[inline]
    pub const fn sibling(self) -> Option<Gindex> {
        if self.0 == 1 {
            None
        } else {
            Some(Gindex(self.0 ^ 1))
        }
    }

    /// Whether this node is a right child.
    #[inline]
    pub const fn is_right(self) -> bool {
        self.0 & 1 == 1
    }

    /// Splits off the first `levels` steps below the root: the node at that
    /// depth on the way to `self`, and where `self` lies in its subtree.
    /// `None` when `self` is less than `levels` deep.
    #[inline]
    pub const fn split(self, levels: u32) -> Option<(Gindex, Gindex)> {
        let d = self.depth();
        if levels > d {
            return None;
        }
        let rest = d - levels;
        let top = Gindex(self.0 >> rest);
        let low_mask = if rest == 0 { 0 } else { (1u128 << rest) - 1 };
        Some((top, Gindex((1u128 << rest) | (self.0 & low_mask))))
    }
}

impl From<Gindex> for u128 {
    fn from(g: Gindex) -> u128 {
        g.0
    }
}

impl fmt::Debug for Gindex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gindex({})", self.0)
    }
}

impl fmt::Display for Gindex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a node, path or proof was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProofError {
    /// The value's tree has no node at this index: it lies below a leaf
    /// (inside a packed chunk of basic values, or below a basic value).
    NoSuchNode {
        /// The index asked for, relative to the value's root.
        gindex: Gindex,
    },
    /// A generalized index would not fit in [`Gindex`].
    GindexOverflow,
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::NoSuchNode { gindex } => {
                write!(f, "no node at generalized index {gindex}")
            }
            ProofError::GindexOverflow => f.write_str("generalized index overflows 128 bits"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ProofError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(v: u128) -> Gindex {
        Gindex::new(v).unwrap()
    }

    #[test]
    fn depth_position_and_concat() {
        assert_eq!(g(1).depth(), 0);
        assert_eq!(g(54).depth(), 5);
        assert_eq!(g(54).position(), 22);
        assert_eq!(g(2).concat(g(3)), Some(g(5)));
        assert_eq!(g(1).concat(g(54)), Some(g(54)));
        assert_eq!(g(54).concat(g(1)), Some(g(54)));
        assert_eq!(Gindex::at(5, 22), Some(g(54)));
        assert_eq!(Gindex::at(2, 4), None);
        assert_eq!(
            g(1u128 << 100).concat(g(1u128 << 27)),
            Some(g(1u128 << 127))
        );
        assert_eq!(g(1u128 << 100).concat(g(1u128 << 28)), None);
        assert_eq!(g(105).split(2), Some((g(6), g(25))));
        assert_eq!(g(105).split(7), None);
        assert_eq!(Gindex::new(0), None);
    }
}
