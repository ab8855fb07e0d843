//! The generalized index ([`Gindex`]), the address of a node in a value's
//! tree, and [`ProofError`], the error of every operation on nodes and
//! proofs (a `Gindex` converted from a number reports with it, and it names
//! the indices it refuses).
//!
//! Below both [`crate::path`], which turns a path into a `Gindex`, and
//! [`crate::proof`], which proves and verifies the nodes; both re-export
//! from here (`proof::Gindex`, `proof::ProofError` stay where they were).

use core::fmt;

/// A generalized index: the position of a node in a binary Merkle tree,
/// 1 for the root, `2i` and `2i + 1` for the children of `i`.
///
/// Held in a `u128`, so that paths through nested progressive types (whose
/// depth grows with their length) fit; an index that would not fit is an
/// error ([`ProofError::GindexOverflow`]), never a wrong number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gindex(pub(crate) u128);

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

/// `Gindex::try_from(n)` for every unsigned integer type: 0 names no node
/// ([`ProofError::ZeroGindex`]); and back to the types narrower than
/// `u128`, where the index fits ([`ProofError::GindexOverflow`] otherwise).
macro_rules! gindex_int {
    ($($t:ty),*) => {$(
        impl TryFrom<$t> for Gindex {
            type Error = ProofError;
            #[inline]
            fn try_from(value: $t) -> Result<Gindex, ProofError> {
                Gindex::new(value as u128).ok_or(ProofError::ZeroGindex)
            }
        }

        impl TryFrom<Gindex> for $t {
            type Error = ProofError;
            #[inline]
            fn try_from(g: Gindex) -> Result<$t, ProofError> {
                <$t>::try_from(g.0).map_err(|_| ProofError::GindexOverflow)
            }
        }
    )*};
}

gindex_int!(u8, u16, u32, u64, usize);

impl TryFrom<u128> for Gindex {
    type Error = ProofError;
    #[inline]
    fn try_from(value: u128) -> Result<Gindex, ProofError> {
        Gindex::new(value).ok_or(ProofError::ZeroGindex)
    }
}

impl core::str::FromStr for Gindex {
    type Err = ProofError;

    /// A decimal number, 1 or more.
    fn from_str(text: &str) -> Result<Gindex, ProofError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ProofError::GindexSyntax);
        }
        let value: u128 = text.parse().map_err(|_| ProofError::GindexOverflow)?;
        Gindex::try_from(value)
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
    /// A generalized index would not fit in [`Gindex`] (or, converted to
    /// a narrower integer, in that integer).
    GindexOverflow,
    /// Generalized index 0, which names no node.
    ZeroGindex,
    /// Text that is not a decimal generalized index.
    GindexSyntax,
    /// A branch does not have one sibling per level between the leaf and
    /// the root.
    BranchLength {
        /// The depth of the leaf's index.
        expected: usize,
        /// The siblings given.
        got: usize,
    },
    /// A multiproof gives a different number of leaves than indices.
    LeafCount {
        /// The indices given.
        expected: usize,
        /// The leaves given.
        got: usize,
    },
    /// A multiproof gives a different number of helper nodes than
    /// `get_helper_indices` of its indices.
    HelperCount {
        /// `len(get_helper_indices(indices))`.
        expected: usize,
        /// The helper nodes given.
        got: usize,
    },
    /// A multiproof names no index.
    NoIndices,
    /// A multiproof names the same index twice.
    DuplicateIndex {
        /// The index named twice.
        gindex: Gindex,
    },
    /// A multiproof names a node and one of its ancestors: the ancestor
    /// would be taken as given rather than computed from the node, so the
    /// node would not be proven.
    NestedIndices {
        /// The ancestor.
        ancestor: Gindex,
        /// The node below it.
        descendant: Gindex,
    },
    /// A proof's nodes hash to a different root than the one expected.
    RootMismatch,
}

impl ProofError {
    /// The refusal in the catalogue of the ssz-specs suite; `None` for
    /// [`ProofError::RootMismatch`], a proof that is well formed but
    /// proves another root (the catalogue names malformed requests only).
    pub const fn fault(&self) -> Option<crate::Fault> {
        use crate::Fault;
        Some(match self {
            ProofError::NoSuchNode { .. }
            | ProofError::GindexOverflow
            | ProofError::ZeroGindex
            | ProofError::GindexSyntax => Fault::NoSuchPosition,
            ProofError::BranchLength { .. } => Fault::BranchLength,
            ProofError::LeafCount { .. } => Fault::LeafCount,
            ProofError::HelperCount { .. } => Fault::ProofLength,
            ProofError::NoIndices => Fault::EmptyRequest,
            ProofError::DuplicateIndex { .. } => Fault::RepeatedIndex,
            ProofError::NestedIndices { .. } => Fault::NestedIndex,
            ProofError::RootMismatch => return None,
        })
    }
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::NoSuchNode { gindex } => {
                write!(f, "no node at generalized index {gindex}")
            }
            ProofError::GindexOverflow => f.write_str("generalized index out of range"),
            ProofError::ZeroGindex => f.write_str("generalized index 0 names no node"),
            ProofError::GindexSyntax => f.write_str("not a decimal generalized index"),
            ProofError::BranchLength { expected, got } => {
                write!(f, "branch of {got} nodes for a leaf {expected} levels deep")
            }
            ProofError::LeafCount { expected, got } => {
                write!(f, "{got} leaves for {expected} indices")
            }
            ProofError::HelperCount { expected, got } => {
                write!(f, "{got} helper nodes where the indices need {expected}")
            }
            ProofError::NoIndices => f.write_str("multiproof of no index"),
            ProofError::DuplicateIndex { gindex } => {
                write!(f, "generalized index {gindex} named twice")
            }
            ProofError::NestedIndices {
                ancestor,
                descendant,
            } => write!(
                f,
                "generalized index {ancestor} is an ancestor of {descendant}"
            ),
            ProofError::RootMismatch => f.write_str("proof does not hash to the expected root"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ProofError {}
