//! `Vector[T, N]` as a persistent tree.

use super::data_depth;
use super::seq::PersistentSeq;
use super::tree::Tree;
use crate::hasher::{ScopedHasher, Sha256};
use crate::seq::VectorKind;
use crate::{Gindex, Length, ProofError, Root, TreeHash, Vector};
use peam_ssz_core::path::{Layout, TreeLayout};

/// `Vector[T, N]` as a persistent tree: the same SSZ type as
/// [`Vector<T, N>`](crate::Vector), with the clones, updates and cached
/// root of [`PersistentList`](crate::PersistentList) (for randao mixes, block and state roots,
/// slashings).
///
/// `H` is the tree's hasher, as for [`PersistentList`](crate::PersistentList).
///
/// ```
/// use peam_ssz_types::{PersistentVector, TreeHash, Vector, U};
///
/// let mut mixes = PersistentVector::<[u8; 32], U<64>>::default();
/// mixes.set(5, [7; 32])?;
/// let mut plain = Vector::<[u8; 32], U<64>>::default();
/// plain[5] = [7; 32];
/// assert_eq!(mixes.hash_tree_root(), plain.hash_tree_root());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type PersistentVector<T, N, H = Sha256> = PersistentSeq<T, VectorKind<N>, H>;

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> PersistentSeq<T, VectorKind<N>, H> {
    const DEPTH: u32 = data_depth::<T>(N::U64);

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }
}

/// `N` default elements. `N == 0` gives an empty value, which is not an
/// SSZ vector: it fails to encode-decode round trip, as the type is
/// illegal.
impl<T: TreeHash + Send + Default + Clone, N: Length, H: ScopedHasher> Default
    for PersistentSeq<T, VectorKind<N>, H>
{
    fn default() -> Self {
        PersistentSeq::from_tree(Tree::from_vec(alloc::vec![T::default(); N::USIZE]))
    }
}

/// `merkleize(leaves)`, from the cache.
impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TreeHash
    for PersistentSeq<T, VectorKind<N>, H>
{
    fn hash_tree_root(&self) -> Root {
        self.tree.data_root(Self::DEPTH)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        self.tree.data_node(gindex, Self::DEPTH, gindex)
    }
}

/// A persistent vector has the tree of the [`Vector`] it stands for.
impl<T: TreeLayout, N: Length> TreeLayout for PersistentSeq<T, VectorKind<N>> {
    const LAYOUT: &'static Layout = <Vector<T, N> as TreeLayout>::LAYOUT;
}
