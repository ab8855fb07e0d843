//! Roots of sequences from their bytes: the leaves of a vector or list
//! computed a block at a time from the encoding, so that the root of a big
//! list of containers needs a block of leaves and one root per block, not a
//! leaf per element.

use crate::hasher::scope::pair_in_use;
use crate::merkle::{depth_for, merkleize, merkleize_packed, zero_hash, BLOCK_CHUNKS};
use crate::{Root, BYTES_PER_CHUNK};
use alloc::{vec, vec::Vec};

/// Leaves up to which [`leaves_root_ssz`] works on the stack (1 KiB).
const STACK_CHUNKS: usize = 32;

/// `merkleize(pack(bytes), limit)` of packed basic values: the bytes are
/// the leaves, hashed where they lie. `limit` is in chunks.
#[inline]
pub fn packed_root_ssz(bytes: &[u8], limit: u64) -> Root {
    merkleize_packed(bytes, limit)
}

/// `merkleize(leaves, limit)` of `chunks` leaves that `fill` writes on
/// demand: `fill(first, out)` writes the leaves `first..first + out.len() /
/// 32` into `out`. Up to [`BLOCK_CHUNKS`] leaves are asked for at a time
/// and hashed to the root of their block, so the memory it takes is one
/// block of leaves and one root per block. `limit` is in chunks.
pub fn leaves_root_ssz(chunks: usize, limit: u64, mut fill: impl FnMut(usize, &mut [u8])) -> Root {
    if chunks <= 4 {
        let mut buf = [0u8; 4 * BYTES_PER_CHUNK];
        let leaves = &mut buf[..chunks * BYTES_PER_CHUNK];
        fill(0, leaves);
        return merkleize_packed(leaves, limit);
    }
    if chunks <= STACK_CHUNKS {
        // A kilobyte on the stack: the lists of a block or a small state
        // field root without touching the heap.
        let mut buf = [0u8; STACK_CHUNKS * BYTES_PER_CHUNK];
        let leaves = &mut buf[..chunks * BYTES_PER_CHUNK];
        fill(0, leaves);
        return merkleize_packed(leaves, limit);
    }
    let block = chunks.min(BLOCK_CHUNKS);
    let mut buf = vec![0u8; block * BYTES_PER_CHUNK];
    if chunks <= BLOCK_CHUNKS {
        fill(0, &mut buf);
        return merkleize_packed(&buf, limit);
    }
    let blocks = chunks.div_ceil(BLOCK_CHUNKS);
    let mut level: Vec<Root> = Vec::with_capacity(blocks);
    for b in 0..blocks {
        let first = b * BLOCK_CHUNKS;
        let leaves = &mut buf[..(chunks - first).min(BLOCK_CHUNKS) * BYTES_PER_CHUNK];
        fill(first, leaves);
        level.push(merkleize_packed(leaves, BLOCK_CHUNKS as u64));
    }
    drop(buf);
    let depth = depth_for(limit.max(chunks as u64) as u128) as usize;
    let mut height = depth_for(BLOCK_CHUNKS as u128) as usize;
    while height < depth {
        let zero = zero_hash(height);
        let parents = level.len().div_ceil(2);
        for i in 0..parents {
            let left = level[2 * i];
            let right = level.get(2 * i + 1).copied().unwrap_or(zero);
            level[i] = merkleize(&[left, right], 2);
        }
        level.truncate(parents);
        height += 1;
    }
    level[0]
}

/// `merkleize` of the chunks `start..end` of `pack(body ++ tail)`, padded
/// to the next power of two of `end - start` chunks (what a `range_root`
/// of [`merkle_node`](crate::proof::merkle_node) and
/// [`progressive_node`](crate::proof::progressive_node) answers), where
/// `body` is whole chunks hashed where they lie and `tail` (at most 32
/// bytes) is the last chunk, given apart: the packed bits of a bitlist
/// encoding, whose last byte loses its delimiter, without copying the
/// rest. Allocates nothing.
pub fn packed_range_root_ssz(body: &[u8], tail: &[u8], start: usize, end: usize) -> Root {
    debug_assert!(body.len().is_multiple_of(BYTES_PER_CHUNK) && tail.len() <= BYTES_PER_CHUNK);
    let full = body.len() / BYTES_PER_CHUNK;
    if end <= full {
        return merkleize_packed(&body[start * BYTES_PER_CHUNK..end * BYTES_PER_CHUNK], 0);
    }
    // `end == full + 1`: the range ends with the tail chunk.
    if end - start == 1 {
        let mut chunk = [0u8; 32];
        chunk[..tail.len()].copy_from_slice(tail);
        return chunk;
    }
    // The left half of the padded width is whole chunks; the right half
    // holds the tail, padded up to the left half's height.
    let width = (end - start).next_power_of_two();
    let half = width / 2;
    let left = merkleize_packed(
        &body[start * BYTES_PER_CHUNK..(start + half) * BYTES_PER_CHUNK],
        0,
    );
    let mut right = packed_range_root_ssz(body, tail, start + half, end);
    let from = depth_for((end - start - half) as u128) as usize;
    let to = depth_for(half as u128) as usize;
    for level in from..to {
        right = pair_in_use(&right, &zero_hash(level));
    }
    pair_in_use(&left, &right)
}
