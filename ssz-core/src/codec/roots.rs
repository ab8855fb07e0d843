//! Roots of sequences: the leaves of their elements, merkleized, with the
//! length mixed in for lists.

use crate::memory::advise_huge_pages;
use crate::merkle::{merkleize_packed, mix_in_length};
use crate::{Root, TreeHash};
use alloc::vec;

/// Leaves up to which [`leaves_root`] packs on the stack.
const STACK_LEAF_BYTES: usize = 1024;

/// Leaves up to which [`leaves_root`] packs into a small stack buffer, not
/// to clear a kilobyte for a `Bytes48` or a `Vector[uint64, 8]`.
const SMALL_LEAF_BYTES: usize = 128;

/// Composite elements from which, with the `parallel` feature, leaves are
/// computed on several threads.
#[cfg(feature = "parallel")]
const PARALLEL_ELEMENTS: usize = 256;

/// `T::tree_hash_leaves(values, out)`; with the `parallel` feature, the
/// leaves of many composite elements in slices on every rayon thread, each
/// under the calling thread's choice of hasher.
#[inline]
pub fn write_leaves<T: TreeHash>(values: &[T], out: &mut [u8]) {
    #[cfg(feature = "parallel")]
    if !T::IS_BASIC && values.len() >= PARALLEL_ELEMENTS {
        let threads = rayon::current_num_threads();
        if threads > 1 {
            use rayon::prelude::*;
            // A few slices per thread, so that uneven elements balance.
            let per_slice = values
                .len()
                .div_ceil(threads * 4)
                .max(PARALLEL_ELEMENTS / 4);
            let chosen = crate::hasher::scope::current();
            values
                .par_chunks(per_slice)
                .zip(out.par_chunks_mut(per_slice * T::LEAF_SIZE))
                .for_each(|(values, out)| {
                    crate::hasher::scope::enter(chosen, || T::tree_hash_leaves(values, out))
                });
            return;
        }
    }
    T::tree_hash_leaves(values, out)
}

/// `merkleize(leaves(values), limit)`, with `limit` in elements, a `u64`
/// ([`crate::Length::U64`]) so that a limit beyond `usize::MAX` on a 32-bit
/// target keeps its depth.
pub fn leaves_root<T: TreeHash>(values: &[T], limit: u64) -> Root {
    let len = values.len() * T::LEAF_SIZE;
    // `limit * LEAF_SIZE` in u128 cannot overflow (both factors are below
    // 2^64); the chunk count then fits a u64 since LEAF_SIZE <= 32.
    let limit_chunks =
        (u128::from(limit) * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128) as u64;
    if let Some(packed) = T::packed_leaves(values) {
        // Basic values whose memory is their packed leaves: no copy.
        return merkleize_packed(packed, limit_chunks);
    }
    if len <= crate::BYTES_PER_CHUNK {
        // One chunk (a `uint256`, a `Bytes32`, a few packed values): it is
        // its own root when the tree has one leaf.
        let mut chunk = [0u8; 32];
        T::tree_hash_leaves(values, &mut chunk[..len]);
        if limit_chunks <= 1 {
            return chunk;
        }
        merkleize_packed(&chunk, limit_chunks)
    } else if len <= SMALL_LEAF_BYTES {
        let mut buf = [0u8; SMALL_LEAF_BYTES];
        T::tree_hash_leaves(values, &mut buf[..len]);
        merkleize_packed(&buf[..len], limit_chunks)
    } else if len <= STACK_LEAF_BYTES {
        let mut buf = [0u8; STACK_LEAF_BYTES];
        T::tree_hash_leaves(values, &mut buf[..len]);
        merkleize_packed(&buf[..len], limit_chunks)
    } else {
        let mut buf = vec![0u8; len];
        advise_huge_pages(&mut buf);
        write_leaves(values, &mut buf);
        merkleize_packed(&buf, limit_chunks)
    }
}

/// `hash_tree_root` of a vector: its elements' leaves, merkleized.
#[inline]
pub fn vector_root<T: TreeHash>(values: &[T]) -> Root {
    leaves_root(values, values.len() as u64)
}

/// `hash_tree_root` of a list with room for `limit` elements (a `u64`,
/// [`crate::Length::U64`]).
#[inline]
pub fn list_root<T: TreeHash>(values: &[T], limit: u64) -> Root {
    mix_in_length(&leaves_root(values, limit), values.len())
}

/// `hash_tree_root` of a progressive list in edition `E`.
pub fn progressive_list_root<E: crate::edition::Edition, T: TreeHash>(values: &[T]) -> Root {
    if let Some(packed) = T::packed_leaves(values) {
        return mix_in_length(
            &crate::merkle::merkleize_progressive_packed_in::<E>(packed),
            values.len(),
        );
    }
    let len = values.len() * T::LEAF_SIZE;
    let mut buf = vec![0u8; len];
    advise_huge_pages(&mut buf);
    write_leaves(values, &mut buf);
    mix_in_length(
        &crate::merkle::merkleize_progressive_packed_in::<E>(&buf),
        values.len(),
    )
}
