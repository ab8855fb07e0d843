//! Roots of sequences from their bytes: the leaves of a vector or list
//! computed a block at a time from the encoding, so that the root of a big
//! list of containers needs a block of leaves and one root per block, not a
//! leaf per element.

use crate::edition::Edition;
use crate::merkle::{depth_for, merkleize, merkleize_packed, zero_hash, BLOCK_CHUNKS};
use crate::{Root, BYTES_PER_CHUNK};
use alloc::{vec, vec::Vec};

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

/// `merkleize_progressive(leaves)` in edition `E` of `chunks` leaves that
/// `fill` writes on demand, as [`leaves_root_ssz`] takes them: each subtree
/// (1, 4, 16, ... leaves) rooted from its own leaves, a block at a time, so
/// the memory it takes is one block of leaves and one root per block of
/// the largest subtree.
pub fn progressive_leaves_root_ssz<E: Edition>(
    chunks: usize,
    mut fill: impl FnMut(usize, &mut [u8]),
) -> Root {
    let mut subtree_roots = [[0u8; 32]; 33];
    let mut count = 0;
    let mut start = 0usize;
    let mut width = 1usize;
    while start < chunks {
        let end = start.saturating_add(width).min(chunks);
        subtree_roots[count] = leaves_root_ssz(end - start, width as u64, |first, out| {
            fill(start + first, out)
        });
        count += 1;
        start = end;
        width = width.saturating_mul(4);
    }
    let mut acc = [0u8; 32];
    for root in subtree_roots[..count].iter().rev() {
        acc = if E::RULES.progressive_recursion_left {
            merkleize(&[acc, *root], 2)
        } else {
            merkleize(&[*root, acc], 2)
        };
    }
    acc
}
