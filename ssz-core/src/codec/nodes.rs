//! Nodes of a sequence's tree, for [`TreeHash::tree_node`] and so for
//! Merkle proofs: where the chunks of each kind of sequence come from,
//! handed to the navigation of [`crate::proof`].

use super::roots::leaves_root;
use crate::chunk::length_chunk;
use crate::edition::Rules;
use crate::proof::{merkle_node, mix_in_node, progressive_node};
use crate::{Gindex, ProofError, Root, TreeHash};

/// Elements of `T` per chunk: packed basic values share a chunk, a
/// composite value is one chunk (its root).
#[inline]
const fn per_chunk<T: TreeHash>() -> usize {
    if T::IS_BASIC {
        crate::BYTES_PER_CHUNK / T::LEAF_SIZE
    } else {
        1
    }
}

/// Chunks that `count` elements of `T` fill.
#[inline]
fn chunks_of<T: TreeHash>(count: usize) -> usize {
    count
        .saturating_mul(T::LEAF_SIZE)
        .div_ceil(crate::BYTES_PER_CHUNK)
}

/// `merkleize` of the chunks `start..end` of `values`, hashed through the
/// same batch path as the whole: the leaves of those elements only.
#[inline]
fn elements_range_root<T: TreeHash>(values: &[T], start: usize, end: usize) -> Root {
    let per = per_chunk::<T>();
    let s = start.saturating_mul(per).min(values.len());
    let e = end.saturating_mul(per).min(values.len());
    leaves_root(&values[s..e], 0)
}

/// The node `rest` below chunk `i` of `values`: the element's own node for
/// a composite element; nothing below a chunk of packed basic values.
#[inline]
fn element_node<T: TreeHash>(values: &[T], i: usize, rest: Gindex) -> Result<Root, ProofError> {
    match values.get(i) {
        Some(value) if !T::IS_BASIC => value.tree_node(rest),
        _ => Err(ProofError::NoSuchNode { gindex: rest }),
    }
}

/// `merkleize(leaves(values), limit)`'s node `gindex`, `limit` in elements
/// (a `u64`, [`crate::Length::U64`], so that a limit beyond a 32-bit
/// `usize` keeps its depth).
fn elements_node<T: TreeHash>(
    values: &[T],
    limit: u64,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let chunks = chunks_of::<T>(values.len());
    let limit_chunks = limit_chunks::<T>(limit);
    let depth = crate::merkle::depth_for(limit_chunks.max(chunks as u64) as u128);
    merkle_node(
        gindex,
        depth,
        chunks,
        |s, e| elements_range_root(values, s, e),
        |i, rest| element_node(values, i, rest),
    )
}

/// `tree_node` of a vector of `values` (`Vector[T, N]`, `[T; N]`, the bytes
/// of a `ByteVector` or a `Bitvector`).
pub fn vector_node<T: TreeHash>(values: &[T], gindex: Gindex) -> Result<Root, ProofError> {
    elements_node(values, values.len() as u64, gindex)
}

/// `tree_node` of a list of `values` with room for `limit` of them, whose
/// length mix-in is `length` (the element count, or the bit count of a
/// bitlist held as bytes).
pub fn list_node<T: TreeHash>(
    values: &[T],
    limit: u64,
    length: usize,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        elements_node(values, limit, g)
    })
}

/// `tree_node` of a progressive list of `values` (or the bytes of a
/// progressive bitlist or byte list), whose length mix-in is `length`;
/// `edition` picks the order (see
/// [`progressive_node`]).
pub fn progressive_list_node<T: TreeHash>(
    values: &[T],
    length: usize,
    edition: Rules,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        progressive_node(
            g,
            edition,
            chunks_of::<T>(values.len()),
            |s, e| elements_range_root(values, s, e),
            |i, rest| element_node(values, i, rest),
        )
    })
}

/// `tree_node` of a union whose value has selector `selector`: `value_node`
/// answers the value's nodes (`None` is the zero chunk, with nothing below).
pub fn union_node(
    gindex: Gindex,
    selector: u8,
    value_node: impl FnOnce(Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    let mut chunk = [0u8; 32];
    chunk[0] = selector;
    mix_in_node(gindex, &chunk, value_node)
}

/// The node `gindex` of a value that is one zero chunk (a union's `None`).
pub fn zero_chunk_node(gindex: Gindex) -> Result<Root, ProofError> {
    if gindex == Gindex::ROOT {
        Ok([0u8; 32])
    } else {
        Err(ProofError::NoSuchNode { gindex })
    }
}

/// The chunks that `limit` values of `T` take (the width of a list's or
/// vector's tree), saturated at `u64::MAX`.
#[inline]
pub(crate) fn limit_chunks<T: TreeHash>(limit: u64) -> u64 {
    // `limit * LEAF_SIZE` in u128 cannot overflow (both below 2^64).
    let chunks =
        (u128::from(limit) * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128);
    u64::try_from(chunks).unwrap_or(u64::MAX)
}
