//! Generalized indices and Merkle proofs, as `ssz/merkle-proofs.md`
//! (consensus-specs v1.6.1) defines them.
//!
//! Every node of a value's tree has a generalized index ([`Gindex`]): the
//! root is 1, and the children of node `i` are `2i` and `2i + 1`. A value
//! answers for any node of its own tree through
//! [`TreeHash::tree_node`], which computes only
//! the subtree asked for:
//! zero subtrees come from [`ZERO_HASHES`](crate::ZERO_HASHES), never from
//! hashing, and a value that keeps its tree (a cached type) reads the node
//! from it instead.
//!
//! # Proofs from cached roots
//!
//! [`prove`] and [`prove_multi`] ask the value for each node they need
//! through `tree_node`, and nothing else: no proof function hashes a value
//! itself. A type that keeps its tree (the roots of its subtrees, updated
//! as it changes) overrides `tree_node` to read the node from that tree,
//! and every proof into it, or into any value that holds it, becomes a
//! handful of lookups, with no change to this API or to the proofs it
//! returns.

use core::fmt;

use crate::merkle::Root;
use crate::path::{PathError, PathLike, TreeLayout};
use crate::TreeHash;

mod binary;
mod multi;
mod node;
mod partial;
#[cfg(feature = "serde")]
mod serde_impls;
mod single;
#[cfg(test)]
mod tests;

pub use binary::BinaryProofError;
pub use partial::{Partial, PartialError};

pub use multi::{
    calculate_multi_merkle_root, calculate_multi_merkle_root_with, check_indices,
    get_helper_indices, get_helper_indices_bounded, prove_multi, prove_multi_with,
    verify_merkle_multiproof, verify_merkle_multiproof_with, MultiProof,
};
pub use node::{merkle_node, mix_in_node, progressive_node};
pub use single::{
    calculate_merkle_root, calculate_merkle_root_with, get_branch_indices, get_path_indices,
    is_valid_merkle_branch, prove, prove_with, SingleProof,
};

/// A 32-byte node of a Merkle tree, in whichever type holds it.
///
/// One root story across the crates: the merkleization functions and
/// [`TreeHash::hash_tree_root`] return [`Root`] (`[u8; 32]`), and the
/// containers hold roots as `Bytes32` (`FixedBytes<32>` of
/// `peam-ssz-types`, a `#[repr(transparent)]` `[u8; 32]` that converts
/// both ways with `From`). Every function here that reads roots takes any
/// `AsRoot` (a `[u8; 32]`, a `Bytes32`, alloy's `B256` with feature
/// `alloy`), and every proof gives its roots back in any type that
/// converts from a `[u8; 32]` ([`SingleProof::branch_as`],
/// [`SingleProof::branch_array`]).
pub trait AsRoot {
    /// The 32 bytes.
    fn as_root(&self) -> &Root;
}

impl AsRoot for Root {
    #[inline]
    fn as_root(&self) -> &Root {
        self
    }
}

impl<R: AsRoot + ?Sized> AsRoot for &R {
    #[inline]
    fn as_root(&self) -> &Root {
        (**self).as_root()
    }
}

/// Why [`prove_path`] or [`prove_paths`] gave no proof: the path names no
/// node, or the node cannot be proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProvePathError {
    /// The path names no node of the type's tree.
    Path(PathError),
    /// The node cannot be proven.
    Proof(ProofError),
}

impl From<PathError> for ProvePathError {
    fn from(e: PathError) -> Self {
        ProvePathError::Path(e)
    }
}

impl From<ProofError> for ProvePathError {
    fn from(e: ProofError) -> Self {
        ProvePathError::Proof(e)
    }
}

impl fmt::Display for ProvePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProvePathError::Path(e) => fmt::Display::fmt(e, f),
            ProvePathError::Proof(e) => fmt::Display::fmt(e, f),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ProvePathError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProvePathError::Path(e) => Some(e),
            ProvePathError::Proof(e) => Some(e),
        }
    }
}

/// Proves the node that `path` names in `value`'s tree: [`prove`] of
/// `get_generalized_index(T, *path)`, for a path given as data (a
/// [`Path`](crate::path::Path), text in the spec's notation, a slice of
/// steps).
///
/// ```
/// use peam_ssz_core::proof::prove_path;
///
/// let value = [1u64, 2, 3, 4, 5, 6, 7, 8];
/// let proof = prove_path(&value, "[5]")?;
/// assert_eq!(proof.leaf_index.get(), 3);
/// proof.verify(&peam_ssz_core::TreeHash::hash_tree_root(&value))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn prove_path<T: TreeHash + TreeLayout + ?Sized>(
    value: &T,
    path: impl PathLike,
) -> Result<SingleProof, ProvePathError> {
    let gindex = path.gindex_in(T::LAYOUT)?;
    Ok(prove(value, gindex)?)
}

/// Proves the nodes that `paths` name in `value`'s tree at once:
/// [`prove_multi`] of their generalized indices, in the order given.
pub fn prove_paths<T, P>(
    value: &T,
    paths: impl IntoIterator<Item = P>,
) -> Result<MultiProof, ProvePathError>
where
    T: TreeHash + TreeLayout + ?Sized,
    P: PathLike,
{
    let indices = paths
        .into_iter()
        .map(|p| p.gindex_in(T::LAYOUT))
        .collect::<Result<alloc::vec::Vec<_>, _>>()?;
    Ok(prove_multi(value, &indices)?)
}

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
