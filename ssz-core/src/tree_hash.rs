//! The [`TreeHash`] trait: `hash_tree_root`, the leaves a vector or list
//! packs, and the nodes below the root.

use crate::{Gindex, ProofError, Root, BYTES_PER_CHUNK};
use core::borrow::Borrow;

/// SSZ merkleization: `hash_tree_root`.
///
/// A type contributes leaves to the tree of a vector or list that holds it:
/// basic types pack [`TreeHash::LEAF_SIZE`] bytes each into 32-byte chunks,
/// composite types one 32-byte chunk each (their root).
///
/// `Sync` is a supertrait so that, with the `parallel` feature, the
/// elements of a big list can be hashed on several threads; it holds for
/// every SSZ type (a value with a non-`Sync` cache, such as a `Cell`, would
/// keep it in a `OnceLock` or outside the type).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be merkleized",
    label = "`{Self}` does not implement `TreeHash`",
    note = "derive it with `#[derive(TreeHash)]` on a struct (container) or enum (union)"
)]
pub trait TreeHash: Sync {
    /// Bytes one value takes in the packed leaves of a vector or list that
    /// holds it: `size_of` for basic types (1 to 32), 32 for composite types,
    /// whose leaf is their root.
    const LEAF_SIZE: usize = BYTES_PER_CHUNK;

    /// Whether this is a basic type (`uintN`, `boolean`), packed into chunks
    /// rather than hashed one root per element.
    const IS_BASIC: bool = false;

    /// `hash_tree_root(self)`.
    fn hash_tree_root(&self) -> Root;

    /// The node at generalized index `gindex` of this value's own tree
    /// ([`Gindex::ROOT`] is [`TreeHash::hash_tree_root`]): the root of that
    /// subtree, computed from the part of the value below it only. Zero
    /// subtrees come from [`ZERO_HASHES`](crate::ZERO_HASHES); a value that keeps its tree (a
    /// cached type) reads the node from it instead of hashing.
    ///
    /// Every Merkle proof is answered through this one method, so a type
    /// that caches its nodes makes proofs into it cheap without any change
    /// to the proof API.
    ///
    /// The default is for values that are a single chunk (the basic types):
    /// the root, and [`ProofError::NoSuchNode`] below it. Composite types
    /// override it.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            Ok(self.hash_tree_root())
        } else {
            Err(ProofError::NoSuchNode { gindex })
        }
    }

    /// Writes the leaves of `values`, `LEAF_SIZE` bytes each, into `out`
    /// (`out.len() == values.len() * LEAF_SIZE`).
    ///
    /// Basic types write their little-endian bytes; composite types their
    /// roots. The default is [`TreeHash::tree_hash_leaves_of`]; basic types
    /// override it to copy their bytes in bulk.
    #[inline]
    fn tree_hash_leaves(values: &[Self], out: &mut [u8])
    where
        Self: Sized,
    {
        Self::tree_hash_leaves_of(values, out)
    }

    /// [`TreeHash::tree_hash_leaves`] of values that do not lie side by
    /// side: references gathered from elsewhere (the leaves of a
    /// persistent tree), `Box`es, `Arc`s. The same bytes for the same
    /// values.
    ///
    /// The default writes each value's leaf in turn. Implementations
    /// override it to hash many values in one batch: a derived container
    /// hashes the trees of all of them level by level together, as its
    /// `tree_hash_leaves` does.
    fn tree_hash_leaves_of<V: Borrow<Self>>(values: &[V], out: &mut [u8])
    where
        Self: Sized,
    {
        for (value, leaf) in values.iter().zip(out.chunks_exact_mut(Self::LEAF_SIZE)) {
            leaf.copy_from_slice(&value.borrow().hash_tree_root()[..Self::LEAF_SIZE]);
        }
    }

    /// The leaves of `values` as they already lie in memory, when they do:
    /// the unsigned integers on little-endian targets. Merkleization then
    /// reads them in place instead of copying them.
    ///
    /// An override returns `Some` only of exactly the bytes that
    /// [`TreeHash::tree_hash_leaves`] would write for `values`.
    #[inline]
    fn packed_leaves(values: &[Self]) -> Option<&[u8]>
    where
        Self: Sized,
    {
        let _ = values;
        None
    }

    /// Whether the root is the hash of one 64-byte block of two chunks
    /// (one node: `hash_pair` of its halves, by the hasher in use, see
    /// [`hasher`](crate::hasher)), the one [`TreeHash::root_block`] gives: byte vectors
    /// of 33 to 64 bytes (BLS public keys, KZG commitments). A derived
    /// container gathers the blocks of such fields over many values and
    /// hashes them in one batch, as long batches hash several times faster
    /// than one block at a time.
    ///
    /// An override sets it only when `hash_tree_root()` is the hash of
    /// `root_block()` under every hasher.
    const ROOT_IS_ONE_BLOCK: bool = false;

    /// The block whose hash is the root when [`TreeHash::ROOT_IS_ONE_BLOCK`]
    /// holds; never called otherwise (the default is zeros).
    #[inline]
    fn root_block(&self) -> [u8; 64] {
        [0u8; 64]
    }
}
