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

pub use crate::gindex::{Gindex, ProofError};
use crate::TreeHash;

mod binary;
pub(crate) mod multi;
mod node;
mod partial;
#[cfg(feature = "serde")]
mod serde_impls;
pub(crate) mod single;
#[cfg(test)]
mod tests;
mod walk;

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
