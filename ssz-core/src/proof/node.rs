//! Answering one node of a value's tree without hashing the rest of it.
//!
//! Every SSZ tree is built from three shapes (simple-serialize.md v1.6.1,
//! "Merkleization"): `merkleize(chunks, limit)`, a binary tree over chunks
//! padded with zero chunks; `mix_in_*(root, chunk)`, a node whose right
//! child is a length, selector or `active_fields` chunk; and
//! `merkleize_progressive(chunks)` (EIP-7916), a spine of binary subtrees
//! of 1, 4, 16, ... chunks. The functions here find a node in each shape and
//! hash only the chunks below it; where the index goes below a chunk that is
//! the root of a composite element, they hand the rest of the index to that
//! element (its own [`TreeHash::tree_node`](crate::TreeHash::tree_node)).
//!
//! The chunks come from two callbacks, so that the same navigation serves
//! lists of values, packed bytes and the fields of a container:
//!
//! - `range_root(start, end)`: `merkleize(chunks[start..end])` with no
//!   padding beyond the next power of two of `end - start` (never called
//!   with an empty range);
//! - `below(i, rest)`: the node `rest` (never the root) of the subtree
//!   whose root is chunk `i` (`i` below the chunk count).
//!
//! The nodes are hashed with the hasher in use on the thread (SHA-256,
//! unless chosen with [`with_hasher`](crate::hasher::with_hasher)), as the
//! values' own roots are.

use super::{Gindex, ProofError};
use crate::edition::Rules;
use crate::hasher::scope::{pair_in_use as hash_pair, zero_in_use};
use crate::merkle::{depth_for, Root, ZERO_HASHES};

/// Deepest binary tree the zero-hash table covers.
const MAX_TREE_DEPTH: u32 = (ZERO_HASHES.len() - 1) as u32;

/// The subtrees of a progressive tree, at most: the `k`-th holds `4^k`
/// chunks, so 33 of them hold more chunks than a `usize` counts.
const MAX_PROGRESSIVE_SUBTREES: usize = 34;

/// `error`, where it names a missing node, renamed to name `gindex`, the
/// index as the caller asked it (relative to the caller's root).
#[inline]
pub(crate) fn relabel(error: ProofError, gindex: Gindex) -> ProofError {
    match error {
        ProofError::NoSuchNode { .. } => ProofError::NoSuchNode { gindex },
        other => other,
    }
}

/// `root`, the root of a tree of height `from`, hashed with zero subtrees
/// on its right up to height `to`: the padding `merkleize` adds.
#[inline]
fn pad_to_height(mut root: Root, from: u32, to: u32) -> Root {
    for level in from..to {
        root = hash_pair(&root, &zero_in_use(level as usize));
    }
    root
}

/// The node `gindex` of `merkleize(chunks, 2**depth)`, where the first
/// `chunk_count` chunks are given by `range_root` / `below` and the rest are
/// zero chunks.
///
/// A node at or above the leaves hashes the chunks below it only (a node
/// wholly in the zero padding is read from [`ZERO_HASHES`]); a node below
/// leaf `i` is `below(i, rest)`. Below a zero chunk of the padding there is
/// no node ([`ProofError::NoSuchNode`]).
pub fn merkle_node(
    gindex: Gindex,
    depth: u32,
    chunk_count: usize,
    range_root: impl Fn(usize, usize) -> Root,
    below: impl Fn(usize, Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    if depth > MAX_TREE_DEPTH {
        // No SSZ type has more than 2^64 chunks; refuse rather than index
        // past the zero-hash table.
        return Err(ProofError::NoSuchNode { gindex });
    }
    let d = gindex.depth();
    if d <= depth {
        let height = depth - d;
        // `position < 2^d`, so `start < 2^depth <= 2^64`: no overflow in u128.
        let start = gindex.position() << height;
        if start >= chunk_count as u128 {
            return Ok(zero_in_use(height as usize));
        }
        let end = (start + (1u128 << height)).min(chunk_count as u128);
        let (start, end) = (start as usize, end as usize);
        let root = range_root(start, end);
        return Ok(pad_to_height(
            root,
            depth_for((end - start) as u128),
            height,
        ));
    }
    let Some((leaf, rest)) = gindex.split(depth) else {
        return Err(ProofError::NoSuchNode { gindex });
    };
    let i = leaf.position();
    if i >= chunk_count as u128 {
        return Err(ProofError::NoSuchNode { gindex });
    }
    below(i as usize, rest).map_err(|e| relabel(e, gindex))
}

/// The node `gindex` of `hash(left, chunk)`, the shape of
/// `mix_in_length`, `mix_in_selector` and `mix_in_active_fields`: 1 is the
/// whole, 2 and below is `left(rest)`, 3 is `chunk` (a leaf).
pub fn mix_in_node(
    gindex: Gindex,
    chunk: &Root,
    left: impl FnOnce(Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    let Some((top, rest)) = gindex.split(1) else {
        return Ok(hash_pair(&left(Gindex::ROOT)?, chunk));
    };
    if !top.is_right() {
        left(rest).map_err(|e| relabel(e, gindex))
    } else if rest == Gindex::ROOT {
        Ok(*chunk)
    } else {
        Err(ProofError::NoSuchNode { gindex })
    }
}

/// The node `gindex` of `merkleize_progressive(chunks)` (EIP-7916), where
/// the first `chunk_count` chunks are given by `range_root` / `below`.
///
/// Each step of the spine is `hash(rest, subtree)` when
/// `edition.progressive_recursion_left`
/// (consensus-specs v1.6.1:
/// `hash(merkleize_progressive(chunks[n:], 4n), merkleize(chunks[:n], n))`)
/// and `hash(subtree, rest)` otherwise (v1.7.0-alpha.2 and later). The
/// spine ends in a zero chunk where the chunks run out; below it there is no
/// node.
pub fn progressive_node(
    gindex: Gindex,
    edition: Rules,
    chunk_count: usize,
    range_root: impl Fn(usize, usize) -> Root,
    below: impl Fn(usize, Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    // The spine step at which `g` is: its subtree holds chunks from
    // `offset`, `width` of them, in a tree of `depth` levels.
    let mut g = gindex;
    let mut offset = 0usize;
    let mut width = 1usize;
    let mut depth = 0u32;
    loop {
        if g == Gindex::ROOT {
            return Ok(progressive_root(
                offset,
                width,
                depth,
                edition,
                chunk_count,
                &range_root,
            ));
        }
        if offset >= chunk_count {
            // The spine's last node is the zero chunk, a leaf.
            return Err(ProofError::NoSuchNode { gindex });
        }
        let Some((top, rest)) = g.split(1) else {
            return Err(ProofError::NoSuchNode { gindex });
        };
        if top.is_right() != edition.progressive_recursion_left {
            // Down the spine: the next subtree is 4 times as wide, two
            // levels deeper.
            offset = offset.saturating_add(width);
            width = width.saturating_mul(4);
            depth += 2;
            g = rest;
            continue;
        }
        let count = (chunk_count - offset).min(width);
        let base = offset;
        return merkle_node(
            rest,
            depth,
            count,
            |s, e| range_root(base + s, base + e),
            |i, r| below(base + i, r),
        )
        .map_err(|e| relabel(e, gindex));
    }
}

/// The root of the spine from the subtree of `width` chunks at `offset`
/// (`depth` levels) on.
fn progressive_root(
    mut offset: usize,
    mut width: usize,
    mut depth: u32,
    edition: Rules,
    chunk_count: usize,
    range_root: &impl Fn(usize, usize) -> Root,
) -> Root {
    let mut roots = [[0u8; 32]; MAX_PROGRESSIVE_SUBTREES];
    let mut n = 0;
    while offset < chunk_count && n < MAX_PROGRESSIVE_SUBTREES && depth <= MAX_TREE_DEPTH {
        let end = offset.saturating_add(width).min(chunk_count);
        roots[n] = pad_to_height(
            range_root(offset, end),
            depth_for((end - offset) as u128),
            depth,
        );
        n += 1;
        offset = end;
        width = width.saturating_mul(4);
        depth += 2;
    }
    let mut acc = [0u8; 32];
    for root in roots[..n].iter().rev() {
        acc = if edition.progressive_recursion_left {
            hash_pair(&acc, root)
        } else {
            hash_pair(root, &acc)
        };
    }
    acc
}
