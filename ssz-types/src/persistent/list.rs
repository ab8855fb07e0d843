//! `List[T, N]` as a persistent tree.

use super::data_depth;
use super::seq::PersistentSeq;
use super::tree::Tree;
use crate::bound::check_count;
use crate::hasher::{ScopedHasher, Sha256};
use crate::merkle::length_chunk;
use crate::seq::ListKind;
use crate::{BoundError, Gindex, Length, List, ProofError, Root, TreeHash};
use peam_ssz_core::path::{Layout, TreeLayout};

/// `List[T, N]` as a persistent tree: the same SSZ type as
/// [`List<T, N>`](crate::List) (same encoding, strict decoding, root and
/// serde), for the big fields of a beacon state that a client clones and
/// changes a little every slot.
///
/// - A clone copies one pointer and shares the elements and the cached
///   tree; the first write to an element after a clone copies its leaf and
///   the nodes on its path only (a composite element is a leaf of its own,
///   a basic type's leaf holds the elements of 8 chunks).
/// - [`hash_tree_root`](TreeHash::hash_tree_root) rehashes the paths of the
///   elements changed since the last root, level by level, the dirty nodes
///   of a level in one batch of the SIMD hasher, and caches the result.
/// - [`tree_node`](TreeHash::tree_node) reads nodes, hence Merkle proofs,
///   from the cached tree.
/// - `H` is the hasher of the tree ([`Sha256`], the spec's, by default; see
///   [`crate::hasher`]): every node, and the roots of composite elements
///   (their `TreeHash` run under [`with_hasher::<H>`]), is hashed with it,
///   so the root is `H`'s whatever hasher the thread has chosen.
///
/// [`with_hasher::<H>`]: crate::hasher::with_hasher
///
/// ```
/// use peam_ssz_types::{List, PersistentList, Ssz, TreeHash, U};
///
/// let mut balances = PersistentList::<u64, U<1024>>::try_from(vec![32; 100])?;
/// let before = balances.hash_tree_root();
/// let mut next = balances.clone(); // shares every node
/// *next.get_mut(7).unwrap() += 1;
/// next.push(32)?;
/// // Only element 7's and element 100's paths are rehashed.
/// let mut plain = List::<u64, U<1024>>::try_from(vec![32; 101])?;
/// plain[7] += 1;
/// assert_eq!(next.hash_tree_root(), plain.hash_tree_root());
/// assert_eq!(next.to_ssz(), plain.to_ssz());
/// assert_eq!(balances.hash_tree_root(), before); // the original is untouched
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type PersistentList<T, N, H = Sha256> = PersistentSeq<T, ListKind<N, N>, H>;

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> PersistentSeq<T, ListKind<N, N>, H> {
    const DEPTH: u32 = data_depth::<T>(N::U64);

    /// An empty list.
    pub fn new() -> Self {
        PersistentSeq::from_tree(Tree::new())
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends `value`, or returns an error (dropping it) if the list is
    /// full.
    pub fn push(&mut self, value: T) -> Result<(), BoundError>
    where
        T: Clone,
    {
        check_count(self.len().saturating_add(1), N::USIZE)?;
        self.tree.push(value);
        Ok(())
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T>
    where
        T: Clone,
    {
        self.tree.pop()
    }

    /// Shortens the list to `len` elements (no effect if it is shorter).
    pub fn truncate(&mut self, len: usize)
    where
        T: Clone,
    {
        self.tree.truncate(len)
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.tree = Tree::new();
    }
}

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> Default
    for PersistentSeq<T, ListKind<N, N>, H>
{
    fn default() -> Self {
        Self::new()
    }
}

impl<T: TreeHash + Send + Clone, N: Length, H: ScopedHasher> From<&PersistentList<T, N, H>>
    for crate::List<T, N>
{
    fn from(list: &PersistentList<T, N, H>) -> Self {
        match crate::List::try_from_vec(list.to_vec()) {
            Ok(l) => l,
            // The persistent list keeps the same bound.
            Err(_) => unreachable!("a PersistentList never exceeds its limit"),
        }
    }
}

/// `mix_in_length(merkleize(leaves, limit), len)`, from the cache.
impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TreeHash
    for PersistentSeq<T, ListKind<N, N>, H>
{
    fn hash_tree_root(&self) -> Root {
        crate::merkle::mix_in_length_with::<H>(&self.tree.data_root(Self::DEPTH), self.len())
    }

    /// 1: the root, 2: the data tree, 3: the length chunk; below 2, read
    /// from the cached levels or, below a leaf, from the element.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        match gindex.get() {
            1 => Ok(self.hash_tree_root()),
            3 => Ok(length_chunk(self.len())),
            _ => match gindex.split(1) {
                Some((top, rest)) if top.get() == 2 => {
                    self.tree.data_node(rest, Self::DEPTH, gindex)
                }
                // Below the length chunk.
                _ => Err(ProofError::NoSuchNode { gindex }),
            },
        }
    }
}

/// A persistent list has the tree of the [`List`] it stands for.
impl<T: TreeLayout, N: Length> TreeLayout for PersistentSeq<T, ListKind<N, N>> {
    const LAYOUT: &'static Layout = <List<T, N> as TreeLayout>::LAYOUT;
}
