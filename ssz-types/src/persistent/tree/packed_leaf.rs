//! Leaves of a basic type: the elements of `2^BASIC_LEAF_LEVELS` chunks
//! packed in one leaf, the nodes inside such a leaf, and the hashing of
//! packed leaves in batches.

use super::leaf::Leaf;
use crate::hasher::ScopedHasher;
use crate::{Root, TreeHash};

/// Levels of chunks in a leaf of a basic type: 8 chunks (256 bytes of
/// elements), copied whole on a leaf's first write after a clone.
pub(super) const BASIC_LEAF_LEVELS: u32 = 3;

/// Chunks in a leaf of a basic type.
const CHUNKS: usize = 1 << BASIC_LEAF_LEVELS;

/// Basic leaves packed and hashed together.
const BASIC_GATHER: usize = 64;

/// Node `pos` of data level `level <= BASIC_LEAF_LEVELS` inside a leaf of
/// a basic type holding `values`, hashed with `H`.
pub(super) fn packed_node<T: TreeHash, H: ScopedHasher>(
    values: &[T],
    level: u32,
    pos: usize,
) -> Root {
    let mut bytes = [0u8; 32 << BASIC_LEAF_LEVELS];
    let len = values.len() * T::LEAF_SIZE;
    T::tree_hash_leaves(values, &mut bytes[..len]);
    let width = 32usize << level;
    let node = bytes.chunks(width).nth(pos).unwrap_or_default();
    crate::merkle::merkleize_packed_with::<H>(node, 1 << level)
}

/// The roots of packed `leaves` into them: the chunks of
/// [`BASIC_GATHER`] leaves packed side by side and their levels hashed in
/// one batch each.
pub(super) fn hash_packed<T: TreeHash, H: ScopedHasher>(leaves: &[&Leaf<T>]) {
    let mut buf = alloc::vec![[0u8; 32]; BASIC_GATHER * CHUNKS];
    let mut next = alloc::vec![[0u8; 32]; BASIC_GATHER * CHUNKS / 2];
    for group in leaves.chunks(BASIC_GATHER) {
        let chunks = &mut buf[..group.len() * CHUNKS];
        for (leaf, out) in group.iter().zip(chunks.chunks_exact_mut(CHUNKS)) {
            let values = leaf.values();
            let bytes = out.as_flattened_mut();
            let n = values.len() * T::LEAF_SIZE;
            T::tree_hash_leaves(values, &mut bytes[..n]);
            bytes[n..].fill(0);
        }
        let mut width = chunks.len();
        for _ in 0..BASIC_LEAF_LEVELS {
            width /= 2;
            let pairs = buf[..2 * width].as_flattened().as_chunks::<64>().0;
            H::hash_nodes(pairs, &mut next[..width]);
            buf[..width].copy_from_slice(&next[..width]);
        }
        for (leaf, root) in group.iter().zip(&buf[..group.len()]) {
            leaf.digest.set(root);
        }
    }
}
