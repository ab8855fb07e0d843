//! Persistent, cached `List[T, N]` and `Vector[T, N]`: cheap clones that
//! share unchanged parts, and a root that rehashes only what changed.
//!
//! See [`PersistentList`] and [`PersistentVector`]; the layout is described
//! in the `tree` module.

mod list;
mod progressive;
mod seq;
mod tree;
mod vector;
mod view;

pub use list::PersistentList;
pub use progressive::PersistentProgressiveList;
pub use seq::{PersistentKind, PersistentSeq};
pub use vector::PersistentVector;

use crate::{Ssz, TreeHash};

/// The depth of the data tree of `limit` elements of `T`:
/// `log2(next_pow_of_two(chunk_count))` (ssz/simple-serialize.md, v1.6.1,
/// "Merkleization": basic elements pack `32 / size` to a chunk).
const fn data_depth<T: TreeHash>(limit: u64) -> u32 {
    // In u128: `limit * LEAF_SIZE` cannot overflow (both below 2^64), and a
    // limit beyond a 32-bit `usize` keeps its depth.
    let chunks = if T::IS_BASIC {
        (limit as u128 * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128)
    } else {
        limit as u128
    };
    let chunks = if chunks > u64::MAX as u128 {
        u64::MAX
    } else {
        chunks as u64
    };
    crate::merkle::depth_for(chunks as u128)
}

/// Encoding shared by the persistent types, given their element count and
/// their blocks in order: fixed-size elements back to back, variable-size
/// ones behind offsets (ssz/simple-serialize.md, v1.6.1, "Vectors,
/// containers, lists").
fn encoded_len<'a, T: Ssz + 'a>(len: usize, blocks: impl Iterator<Item = &'a [T]>) -> usize {
    if T::IS_FIXED_SIZE {
        len * T::FIXED_PART_LEN
    } else {
        blocks
            .flatten()
            .map(|v| crate::BYTES_PER_LENGTH_OFFSET + v.ssz_len())
            .sum()
    }
}

fn write_encoding<'a, T: Ssz + 'a>(
    len: usize,
    blocks: impl Iterator<Item = &'a [T]>,
    out: &mut [u8],
) {
    if T::IS_FIXED_SIZE {
        let mut pos = 0;
        for block in blocks {
            let end = pos + block.len() * T::FIXED_PART_LEN;
            T::ssz_write_many(block, &mut out[pos..end]);
            pos = end;
        }
    } else {
        let mut offset = len * crate::BYTES_PER_LENGTH_OFFSET;
        for (i, v) in blocks.flatten().enumerate() {
            crate::codec::write_offset(out, i * crate::BYTES_PER_LENGTH_OFFSET, offset);
            let end = offset + v.ssz_len();
            v.ssz_write(&mut out[offset..end]);
            offset = end;
        }
    }
}

/// The panic of `value[index]` past the end, worded as a slice's.
#[cold]
#[inline(never)]
#[track_caller]
fn index_out_of_bounds(index: usize, len: usize) -> ! {
    panic!("index out of bounds: the len is {len} but the index is {index}")
}

#[cfg(test)]
mod tests;
