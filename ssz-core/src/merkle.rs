//! Merkleization, as `ssz/simple-serialize.md` defines it (v1.6.1 and
//! v1.7.0-alpha.13: they differ only in progressive merkleization, whose
//! functions take the [`Edition`]).
//!
//! Trees are hashed level by level in blocks of [`BLOCK_CHUNKS`] leaves, so a
//! block's levels stay in cache; every level goes through the one batch
//! function [`Hasher::hash_nodes`] (for SHA-256, [`hash_nodes`]). Padding is
//! virtual: a missing right sibling at level `l` is the zero hash
//! `ZERO_HASHES[l]` ([`Hasher::zero_hash`]), read from a table the compiler
//! computes, and zero subtrees are never hashed.
//!
//! Each function comes twice: `merkleize_with::<H>` (and the other `_with`
//! functions) for any [`Hasher`], and `merkleize` without a parameter, which
//! is `merkleize_with::<Sha256>` unless the thread chose another hasher
//! with [`with_hasher`](crate::hasher::with_hasher) (see [`crate::hasher`]).
//!
//! [`hash_nodes`]: crate::sha256::hash_nodes
//!
//! ```text
//!                  root                      merkleize([a, b, c], limit = 4)
//!           /              \
//!     H(a, b)          H(c, Z0)              Z0 = 32 zero bytes
//!     /     \          /      \
//!    a       b        c       Z0             (Z1 = H(Z0, Z0), ...)
//! ```

use crate::edition::{Current, Edition};
use crate::hasher::function::{Hasher, Sha256};
use crate::hasher::scope;

pub use crate::chunk::{length_chunk, Root, ZERO_HASHES};
use alloc::{vec, vec::Vec};

/// Leaves hashed together as one block, so that a block's levels stay in
/// the L2 cache (4096 leaves: 128 KiB in, 96 KiB of scratch).
pub const BLOCK_CHUNKS: usize = 1 << BLOCK_HEIGHT;
const BLOCK_HEIGHT: u32 = 12;

/// The depth of a tree with room for `limit` leaves:
/// `log2(next_pow_of_two(limit))`, with 0 and 1 giving 0. One function for
/// every width: a `usize` or `u64` limit (which may exceed `usize::MAX` on
/// 32-bit targets: a list of 2^40 elements still has a tree of depth 40
/// there) and the `u128` counts of paths convert to its `u128` losslessly.
#[inline]
pub const fn depth_for(limit: u128) -> u32 {
    if limit <= 1 {
        0
    } else {
        u128::BITS - (limit - 1).leading_zeros()
    }
}

/// `merkleize(chunks, limit)`: the root of `chunks` padded with zero chunks to
/// `next_pow_of_two(limit)` leaves.
///
/// The SSZ types guarantee `chunks.len() <= limit`; should a caller pass more,
/// the tree grows to hold them all rather than panicking.
#[inline]
pub fn merkleize(chunks: &[Root], limit: usize) -> Root {
    match scope::current() {
        None => sha256::merkleize(chunks, limit),
        Some(r) => (r.merkleize)(chunks, limit),
    }
}

/// [`merkleize`] with the hasher `H`.
#[inline]
pub fn merkleize_with<H: Hasher>(chunks: &[Root], limit: usize) -> Root {
    let depth = depth_for(limit.max(chunks.len()) as u128);
    merkleize_at_depth::<H>(chunks, None, depth, 0)
}

/// `merkleize(pack(bytes), limit)`: `bytes` split into 32-byte chunks, the
/// last one zero-padded; `limit` in chunks, a `u64` so that a limit beyond
/// `usize::MAX` on a 32-bit target keeps its depth.
#[inline]
pub fn merkleize_packed(bytes: &[u8], limit: u64) -> Root {
    match scope::current() {
        None => sha256::merkleize_packed(bytes, limit),
        Some(r) => (r.merkleize_packed)(bytes, limit),
    }
}

/// [`merkleize_packed`] with the hasher `H`.
#[inline]
pub fn merkleize_packed_with<H: Hasher>(bytes: &[u8], limit: u64) -> Root {
    let (chunks, tail) = split_packed(bytes);
    let n = chunks.len() + tail.is_some() as usize;
    merkleize_at_depth::<H>(
        chunks,
        tail.as_ref(),
        depth_for(limit.max(n as u64) as u128),
        0,
    )
}

/// `merkleize_progressive(chunks)` (EIP-7916) as the [`Current`] edition
/// defines it: [`merkleize_progressive_in::<Current>`](merkleize_progressive_in).
///
/// Up to release 3 this function followed v1.6.1 (the recursion on the
/// left); it now follows the current spec. Call
/// [`merkleize_progressive_in::<V1_6>`](merkleize_progressive_in) for the
/// v1.6.1 roots.
///
/// [`V1_6`]: crate::edition::V1_6
pub fn merkleize_progressive(chunks: &[Root]) -> Root {
    merkleize_progressive_in::<Current>(chunks)
}

/// `merkleize_progressive(pack(bytes))` as the [`Current`] edition defines
/// it.
pub fn merkleize_progressive_packed(bytes: &[u8]) -> Root {
    merkleize_progressive_packed_in::<Current>(bytes)
}

/// `merkleize_progressive(chunks)` (EIP-7916) in edition `E`: subtrees of
/// 1, 4, 16, ... leaves, each one level deeper than the one before.
///
/// ```text
/// v1.6.1:             merkleize_progressive(chunks, n) =
///                         hash(merkleize_progressive(chunks[n:], 4n), merkleize(chunks[:n], n))
/// v1.7.0-alpha.2 on:  merkleize_progressive(chunks, n) =
///                         hash(merkleize(chunks[:n], n), merkleize_progressive(chunks[n:], 4n))
/// ```
///
/// and the zero chunk for no chunks (ssz/simple-serialize.md,
/// "Merkleization", of each version). The subtrees are the same in both;
/// only the order of the two children of each step differs, so both
/// editions cost the same.
pub fn merkleize_progressive_in<E: Edition>(chunks: &[Root]) -> Root {
    match scope::current() {
        None => sha256::PROGRESSIVE[E::RULES.progressive_recursion_left as usize](chunks, None),
        Some(r) => r.progressive[E::RULES.progressive_recursion_left as usize](chunks),
    }
}

/// `merkleize_progressive(pack(bytes))` in edition `E`.
pub fn merkleize_progressive_packed_in<E: Edition>(bytes: &[u8]) -> Root {
    match scope::current() {
        None => {
            let (chunks, tail) = split_packed(bytes);
            sha256::PROGRESSIVE[E::RULES.progressive_recursion_left as usize](chunks, tail.as_ref())
        }
        Some(r) => r.progressive_packed[E::RULES.progressive_recursion_left as usize](bytes),
    }
}

/// [`merkleize_progressive_in::<E>`](merkleize_progressive_in) with the
/// hasher `H`.
pub fn merkleize_progressive_with<H: Hasher, E: Edition>(chunks: &[Root]) -> Root {
    progressive::<H, E>(chunks, None)
}

/// [`merkleize_progressive_packed_in::<E>`](merkleize_progressive_packed_in)
/// with the hasher `H`.
pub fn merkleize_progressive_packed_with<H: Hasher, E: Edition>(bytes: &[u8]) -> Root {
    let (chunks, tail) = split_packed(bytes);
    progressive::<H, E>(chunks, tail.as_ref())
}

fn progressive<H: Hasher, E: Edition>(chunks: &[Root], tail: Option<&Root>) -> Root {
    // Roots of the subtrees, smallest first; the last one takes the tail.
    let total = chunks.len() + tail.is_some() as usize;
    let mut subtree_roots = [[0u8; 32]; 33];
    let mut count = 0;
    let mut start = 0;
    let mut width = 1usize;
    let mut depth = 0;
    while start < total {
        let end = start.saturating_add(width).min(total);
        let full_end = end.min(chunks.len());
        let seg = &chunks[start.min(chunks.len())..full_end];
        let seg_tail = if end > chunks.len() { tail } else { None };
        subtree_roots[count] = merkleize_at_depth::<H>(seg, seg_tail, depth, 0);
        count += 1;
        start = end;
        width = width.saturating_mul(4);
        depth += 2;
    }
    // Folded from the deepest step up; the recursion of the last step is
    // the zero chunk. `E::RULES` is a constant, so
    // each edition compiles to one branch-free loop.
    let mut acc = [0u8; 32];
    for root in subtree_roots[..count].iter().rev() {
        acc = if E::RULES.progressive_recursion_left {
            H::hash_pair(&acc, root)
        } else {
            H::hash_pair(root, &acc)
        };
    }
    acc
}

/// `mix_in_length(root, length)`: `hash(root, uint256(length))`.
#[inline]
pub fn mix_in_length(root: &Root, length: usize) -> Root {
    scope::pair_in_use(root, &length_chunk(length))
}

/// [`mix_in_length`] with the hasher `H`.
#[inline]
pub fn mix_in_length_with<H: Hasher>(root: &Root, length: usize) -> Root {
    H::hash_pair(root, &length_chunk(length))
}

/// The root of a tree of height `level` of zero chunks, with the hasher in
/// use on this thread ([`ZERO_HASHES`]`[level]` unless
/// [`with_hasher`](crate::hasher::with_hasher) chose another). A union's
/// `None` is `zero_hash(1)`.
///
/// # Panics
///
/// If `level` is past 64, the deepest tree of a limit.
#[inline]
pub fn zero_hash(level: usize) -> Root {
    scope::zero_in_use(level)
}

/// `mix_in_selector(root, selector)`: `hash(root, uint8(selector))` padded to
/// a chunk.
#[inline]
pub fn mix_in_selector(root: &Root, selector: u8) -> Root {
    let mut sel = [0u8; 32];
    sel[0] = selector;
    scope::pair_in_use(root, &sel)
}

/// [`mix_in_selector`] with the hasher `H`.
#[inline]
pub fn mix_in_selector_with<H: Hasher>(root: &Root, selector: u8) -> Root {
    let mut sel = [0u8; 32];
    sel[0] = selector;
    H::hash_pair(root, &sel)
}

/// `mix_in_active_fields(root, active_fields)` (EIP-7495):
/// `hash(root, pack_bits(active_fields))`, the bits already packed into one
/// chunk (at most 256 of them).
#[inline]
pub fn mix_in_active_fields(root: &Root, active_fields: &Root) -> Root {
    scope::pair_in_use(root, active_fields)
}

/// [`mix_in_active_fields`] with the hasher `H`.
#[inline]
pub fn mix_in_active_fields_with<H: Hasher>(root: &Root, active_fields: &Root) -> Root {
    H::hash_pair(root, active_fields)
}

/// Packs `active_fields` (as `0`/`1` bytes) into the chunk that
/// [`mix_in_active_fields`] takes. `const`, so that a hand-written
/// progressive container can fold it into a constant. (Derived progressive
/// containers do not call it: the derive packs the chunk itself at macro
/// time, and its unit tests check it against this function.)
pub const fn pack_active_fields(bits: &[u8]) -> Root {
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < bits.len() && i < 256 {
        if bits[i] != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
        i += 1;
    }
    out
}

/// Roots of many trees of the same `width` at once, hashed level by level
/// across all of them, so that the batch function sees long batches even
/// when each tree is small (a container of 8 fields has 7 parents).
///
/// `leaves` holds `width` leaves per tree (a power of two), tree after tree;
/// the root of tree `i` goes to `out[i]`.
///
/// # Panics
///
/// When `width` is not a power of two or `leaves.len() != out.len() * width`.
pub fn merkleize_many(leaves: &[Root], width: usize, out: &mut [Root]) {
    match scope::current() {
        None => merkleize_many_with::<Sha256>(leaves, width, out),
        Some(r) => (r.merkleize_many)(leaves, width, out),
    }
}

/// [`merkleize_many`] with the hasher `H`.
///
/// # Panics
///
/// When `width` is not a power of two or `leaves.len() != out.len() * width`.
pub fn merkleize_many_with<H: Hasher>(leaves: &[Root], width: usize, out: &mut [Root]) {
    assert!(
        width.is_power_of_two(),
        "merkleize_many: width must be a power of two"
    );
    assert_eq!(
        leaves.len(),
        out.len() * width,
        "merkleize_many: width leaves per tree"
    );
    if width == 1 {
        out.copy_from_slice(leaves);
        return;
    }
    // Trees per group, so that a group's levels stay in cache; no more than
    // there are, so that a few trees do not clear a block's scratch.
    let group = (BLOCK_CHUNKS / width).max(1).min(out.len().max(1));
    let mut a = vec![[0u8; 32]; group * width / 2];
    let mut b = vec![[0u8; 32]; (group * width / 4).max(1)];
    for (group_leaves, group_out) in leaves.chunks(group * width).zip(out.chunks_mut(group)) {
        let trees = group_out.len();
        let mut len = trees * width / 2;
        H::hash_nodes(
            group_leaves.as_flattened().as_chunks::<64>().0,
            &mut a[..len],
        );
        let (mut cur, mut next) = (&mut a, &mut b);
        while len > trees {
            let half = len / 2;
            H::hash_nodes(
                cur[..len].as_flattened().as_chunks::<64>().0,
                &mut next[..half],
            );
            core::mem::swap(&mut cur, &mut next);
            len = half;
        }
        group_out.copy_from_slice(&cur[..trees]);
    }
}

/// The SHA-256 forms of the functions without a hasher parameter,
/// compiled here once (not in every crate that calls the inline entry
/// points), as they were before they took a hasher.
mod sha256 {
    use super::{progressive, Root, Sha256};
    use crate::edition::{V1_6, V1_7};

    pub(super) fn merkleize(chunks: &[Root], limit: usize) -> Root {
        super::merkleize_with::<Sha256>(chunks, limit)
    }

    pub(super) fn merkleize_packed(bytes: &[u8], limit: u64) -> Root {
        super::merkleize_packed_with::<Sha256>(bytes, limit)
    }

    fn progressive_v1_7(chunks: &[Root], tail: Option<&Root>) -> Root {
        progressive::<Sha256, V1_7>(chunks, tail)
    }

    fn progressive_v1_6(chunks: &[Root], tail: Option<&Root>) -> Root {
        progressive::<Sha256, V1_6>(chunks, tail)
    }

    /// A progressive root from chunks and a packed tail.
    type Progressive = fn(&[Root], Option<&Root>) -> Root;

    /// By `Rules::progressive_recursion_left`: `[v1.7, v1.6]`.
    pub(super) const PROGRESSIVE: [Progressive; 2] = [progressive_v1_7, progressive_v1_6];
}

fn split_packed(bytes: &[u8]) -> (&[Root], Option<Root>) {
    let (chunks, rest) = bytes.as_chunks::<32>();
    let tail = (!rest.is_empty()).then(|| {
        let mut t = [0u8; 32];
        t[..rest.len()].copy_from_slice(rest);
        t
    });
    (chunks, tail)
}

/// The root of a tree of `depth` levels over `chunks`, then `tail`, then zero
/// chunks. `chunks.len() + tail` must fit in `2^depth` leaves, which are
/// themselves roots of subtrees of height `base`.
fn merkleize_at_depth<H: Hasher>(
    chunks: &[Root],
    tail: Option<&Root>,
    depth: u32,
    base: u32,
) -> Root {
    let n = chunks.len() + tail.is_some() as usize;
    if n == 0 {
        return H::zero_hash((base + depth) as usize);
    }
    if depth <= BLOCK_HEIGHT || n <= BLOCK_CHUNKS {
        let height = depth.min(BLOCK_HEIGHT);
        let mut root = subtree_root::<H>(chunks, tail, height, base);
        for level in height..depth {
            root = H::hash_pair(&root, &H::zero_hash((base + level) as usize));
        }
        return root;
    }
    // One root per block of BLOCK_CHUNKS leaves, then a tree over the roots.
    let blocks = n.div_ceil(BLOCK_CHUNKS);
    let block_root = |b: usize| {
        let start = (b * BLOCK_CHUNKS).min(chunks.len());
        let end = ((b + 1) * BLOCK_CHUNKS).min(chunks.len());
        let block_tail = if b + 1 == blocks { tail } else { None };
        subtree_root::<H>(&chunks[start..end], block_tail, BLOCK_HEIGHT, base)
    };
    // With the `parallel` feature, blocks are hashed on every rayon thread.
    #[cfg(feature = "parallel")]
    let roots: Vec<Root> = {
        use rayon::prelude::*;
        (0..blocks).into_par_iter().map(block_root).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let roots: Vec<Root> = (0..blocks).map(block_root).collect();
    merkleize_at_depth::<H>(&roots, None, depth - BLOCK_HEIGHT, base + BLOCK_HEIGHT)
}

/// Scratch nodes up to which a tree's levels live on the stack; the first
/// tier keeps a container's few levels from clearing kilobytes.
const SMALL_SCRATCH: usize = 8;
const STACK_SCRATCH: usize = 64;

/// Leaves below which an odd level 0 is copied, padded, and hashed in one
/// batch rather than as a batch and a single pair.
const SMALL_PAD: usize = 32;

/// The root of a tree of `height` (at most [`BLOCK_HEIGHT`]) over `chunks`,
/// then `tail`, then zero subtrees of height `base`.
fn subtree_root<H: Hasher>(chunks: &[Root], tail: Option<&Root>, height: u32, base: u32) -> Root {
    let n = chunks.len() + tail.is_some() as usize;
    debug_assert!(n <= 1usize << height);
    if n == 0 {
        return H::zero_hash((base + height) as usize);
    }
    if height == 0 {
        return match chunks.first().or(tail) {
            Some(chunk) => *chunk,
            None => H::zero_hash(base as usize),
        };
    }
    // Scratch for level 1 ((n + 1) / 2 nodes) and level 2, used in turn by
    // the levels above, each with a slot for the zero node that pads an odd
    // level.
    let level1 = n.div_ceil(2);
    let need = level1 + 1 + level1.div_ceil(2) + 1;
    if need <= SMALL_SCRATCH {
        let mut scratch = [[0u8; 32]; SMALL_SCRATCH];
        tree_levels::<H>(chunks, tail, height, base, &mut scratch[..need], level1)
    } else if need <= STACK_SCRATCH {
        let mut scratch = [[0u8; 32]; STACK_SCRATCH];
        tree_levels::<H>(chunks, tail, height, base, &mut scratch[..need], level1)
    } else {
        let mut scratch = vec![[0u8; 32]; need];
        tree_levels::<H>(chunks, tail, height, base, &mut scratch, level1)
    }
}

/// Level 0 -> 1 of a small tree in one batch: `chunks`, `tail` and a zero
/// chunk if the count is odd, copied into a buffer of `K` nodes.
#[inline]
fn hash_padded<H: Hasher, const K: usize>(
    chunks: &[Root],
    tail: Option<&Root>,
    zero: &Root,
    parents: &mut [Root],
) {
    let mut padded = [[0u8; 32]; K];
    padded[..chunks.len()].copy_from_slice(chunks);
    let mut len = chunks.len();
    if let Some(t) = tail {
        padded[len] = *t;
        len += 1;
    }
    if len % 2 == 1 {
        padded[len] = *zero;
        len += 1;
    }
    H::hash_nodes(padded[..len].as_flattened().as_chunks::<64>().0, parents);
}

/// Hashes the tree's levels, each level in one call of the batch function:
/// an odd level is padded with the zero subtree of its height first, so a
/// container of five fields takes three calls (of 3, 2 and 1 nodes), not
/// five.
fn tree_levels<H: Hasher>(
    chunks: &[Root],
    tail: Option<&Root>,
    height: u32,
    base: u32,
    scratch: &mut [Root],
    level1: usize,
) -> Root {
    let zero = |level: u32| H::zero_hash((base + level) as usize);
    let (mut a, mut b) = scratch.split_at_mut(level1 + 1);
    // Level 0 -> 1.
    let pairs = chunks.len() / 2;
    let odd = chunks.len() % 2 == 1;
    if (odd || tail.is_some()) && chunks.len() < 8 {
        hash_padded::<H, 10>(chunks, tail, &zero(0), &mut a[..level1]);
    } else if (odd || tail.is_some()) && chunks.len() < SMALL_PAD {
        hash_padded::<H, { SMALL_PAD + 2 }>(chunks, tail, &zero(0), &mut a[..level1]);
    } else {
        H::hash_nodes(
            chunks[..2 * pairs].as_flattened().as_chunks::<64>().0,
            &mut a[..pairs],
        );
        if odd {
            a[pairs] = H::hash_pair(&chunks[2 * pairs], tail.unwrap_or(&zero(0)));
        } else if let Some(t) = tail {
            a[pairs] = H::hash_pair(t, &zero(0));
        }
    }
    let mut len = level1;
    let mut level = 1;
    while len > 1 && level < height {
        if len % 2 == 1 {
            a[len] = zero(level);
            len += 1;
        }
        let half = len / 2;
        H::hash_nodes(a[..len].as_flattened().as_chunks::<64>().0, &mut b[..half]);
        core::mem::swap(&mut a, &mut b);
        len = half;
        level += 1;
    }
    let mut root = a[0];
    while level < height {
        root = H::hash_pair(&root, &zero(level));
        level += 1;
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunk::MAX_DEPTH;
    use crate::sha256::sha256;

    // The spec's definitions, literally, on the `sha2` crate alone.
    use test_support::merkle::{hash as h, merkleize as reference};

    fn chunk(i: usize) -> Root {
        if cfg!(miri) {
            // Distinct chunks without a hash each (Miri hashes slowly).
            let mut c = [0xa5u8; 32];
            c[..8].copy_from_slice(&(i as u64).to_le_bytes());
            c[24..].copy_from_slice(&(!i as u64).to_be_bytes());
            c
        } else {
            sha256(&i.to_le_bytes())
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "safe code, hundreds of hashes: Miri checks its hashing in sha256::tests and many_small_trees_match_one_at_a_time"
    )]
    fn zero_hashes_are_hashes_of_zero_pairs() {
        assert_eq!(ZERO_HASHES[0], [0; 32]);
        for i in 0..MAX_DEPTH {
            assert_eq!(ZERO_HASHES[i + 1], h(&ZERO_HASHES[i], &ZERO_HASHES[i]));
        }
    }

    #[test]
    fn depth_is_log2_of_next_power_of_two() {
        let cases = [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 2),
            (4, 2),
            (5, 3),
            (1 << 31, 31),
            ((1 << 31) + 1, 32),
            (1 << 40, 40),
            (u64::MAX, 64),
        ];
        for (limit, depth) in cases {
            assert_eq!(depth_for(u128::from(limit)), depth, "limit {limit}");
        }
        assert_eq!(depth_for(usize::MAX as u128), usize::BITS);
        assert_eq!(depth_for(u128::MAX), 128);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "safe code, hundreds of hashes: Miri checks its hashing in sha256::tests and many_small_trees_match_one_at_a_time"
    )]
    fn merkleize_matches_the_definition() {
        // Under Miri (about 0.1 s a hash), the small trees and a limit that
        // pads with zero subtrees of several heights.
        let (counts, wide): (&[usize], usize) = if cfg!(miri) {
            (&[0, 1, 2, 3, 5, 9], 16)
        } else {
            (&[0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 65, 100, 300], 1024)
        };
        for &n in counts {
            let chunks: Vec<Root> = (0..n).map(chunk).collect();
            for limit in [n, n + 1, 2 * n + 3, wide] {
                assert_eq!(
                    merkleize(&chunks, limit),
                    reference(&chunks, limit),
                    "{n}/{limit}"
                );
            }
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "more than BLOCK_CHUNKS leaves: tens of thousands of hashes under Miri"
    )]
    fn merkleize_across_blocks_matches_the_definition() {
        for n in [
            BLOCK_CHUNKS - 1,
            BLOCK_CHUNKS,
            BLOCK_CHUNKS + 1,
            3 * BLOCK_CHUNKS + 17,
        ] {
            let chunks: Vec<Root> = (0..n).map(chunk).collect();
            let limit = 4 * BLOCK_CHUNKS;
            assert_eq!(merkleize(&chunks, limit), reference(&chunks, limit), "{n}");
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "safe code, hundreds of hashes: Miri checks its hashing in sha256::tests and many_small_trees_match_one_at_a_time"
    )]
    fn a_huge_limit_pads_with_zero_subtrees() {
        let chunks: Vec<Root> = (0..5).map(chunk).collect();
        let mut expected = reference(&chunks, 8);
        for z in &ZERO_HASHES[3..40] {
            expected = h(&expected, z);
        }
        let limit: u64 = 1 << 40;
        // Depth 40 on every target: the `u64` limit where `usize` is 32 bits.
        assert_eq!(merkleize_packed(&chunks.concat(), limit), expected);
        assert_eq!(merkleize_packed(&[], limit), ZERO_HASHES[40]);
        if let Ok(limit) = usize::try_from(limit) {
            assert_eq!(merkleize(&chunks, limit), expected);
            assert_eq!(merkleize(&[], limit), ZERO_HASHES[40]);
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "safe code, hundreds of hashes: Miri checks its hashing in sha256::tests and many_small_trees_match_one_at_a_time"
    )]
    fn packed_bytes_pad_the_last_chunk() {
        let (lens, limit): (&[usize], usize) = if cfg!(miri) {
            (&[0, 1, 31, 32, 33, 100, 32 * 5 + 5], 16)
        } else {
            (&[0, 1, 31, 32, 33, 100, 32 * 70 + 5], 512)
        };
        for &len in lens {
            let bytes: Vec<u8> = (0..len).map(|i| i as u8 ^ 0x5a).collect();
            let mut padded = bytes.clone();
            padded.resize(len.div_ceil(32) * 32, 0);
            let chunks: Vec<Root> = padded.chunks(32).map(|c| c.try_into().unwrap()).collect();
            assert_eq!(
                merkleize_packed(&bytes, limit as u64),
                reference(&chunks, limit),
                "{len}"
            );
            assert_eq!(
                merkleize_progressive_packed(&bytes),
                merkleize_progressive(&chunks),
                "{len}"
            );
        }
    }

    /// `merkleize_progressive(chunks, num_leaves)`, literally: v1.6.1 when
    /// `recursion_left`, else v1.7.0-alpha.13.
    fn progressive_reference(chunks: &[Root], num_leaves: usize, recursion_left: bool) -> Root {
        if recursion_left {
            test_support::merkle::merkleize_progressive_v1_6(chunks, num_leaves)
        } else {
            test_support::merkle::merkleize_progressive_v1_7(chunks, num_leaves)
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "safe code, hundreds of hashes: Miri checks its hashing in sha256::tests and many_small_trees_match_one_at_a_time"
    )]
    fn progressive_matches_the_definition_of_each_edition() {
        use crate::edition::{V1_6, V1_7};
        // Under Miri, the counts at and past each subtree's boundary.
        let counts: &[usize] = if cfg!(miri) {
            &[0, 1, 2, 5, 6, 21, 22]
        } else {
            &[0, 1, 2, 4, 5, 6, 20, 21, 22, 85, 86, 400]
        };
        for &n in counts {
            let chunks: Vec<Root> = (0..n).map(chunk).collect();
            let v1_6 = merkleize_progressive_in::<V1_6>(&chunks);
            let v1_7 = merkleize_progressive_in::<V1_7>(&chunks);
            assert_eq!(v1_6, progressive_reference(&chunks, 1, true), "{n}");
            assert_eq!(v1_7, progressive_reference(&chunks, 1, false), "{n}");
            // The two orders agree only when nothing is on the other side
            // of the first step: no chunk at all.
            assert_eq!(v1_6 == v1_7, n == 0, "{n}");
            assert_eq!(merkleize_progressive(&chunks), v1_7, "{n}");
            let bytes = chunks.as_flattened();
            assert_eq!(merkleize_progressive_packed_in::<V1_6>(bytes), v1_6, "{n}");
            assert_eq!(merkleize_progressive_packed_in::<V1_7>(bytes), v1_7, "{n}");
        }
    }

    #[test]
    fn many_small_trees_match_one_at_a_time() {
        let widths: &[usize] = if cfg!(miri) {
            &[1, 2, 16]
        } else {
            &[1, 2, 8, 16]
        };
        for &width in widths {
            // Under Miri, not as many trees as fill a block.
            let many = if cfg!(miri) {
                3
            } else {
                BLOCK_CHUNKS / width + 5
            };
            for trees in [0usize, 1, 2, many] {
                let leaves: Vec<Root> = (0..trees * width).map(chunk).collect();
                let mut out = vec![[0u8; 32]; trees];
                merkleize_many(&leaves, width, &mut out);
                for (i, root) in out.iter().enumerate() {
                    let expected = reference(&leaves[i * width..(i + 1) * width], width);
                    assert_eq!(*root, expected, "width {width} tree {i}");
                }
            }
        }
    }

    #[test]
    fn mix_ins_hash_a_second_chunk() {
        let r = chunk(9);
        let mut len = [0u8; 32];
        len[0] = 3;
        assert_eq!(mix_in_length(&r, 3), h(&r, &len));
        let mut sel = [0u8; 32];
        sel[0] = 2;
        assert_eq!(mix_in_selector(&r, 2), h(&r, &sel));
        let af = pack_active_fields(&[1, 0, 1, 0, 0, 0, 0, 0, 1]);
        assert_eq!(af[0], 0b101);
        assert_eq!(af[1], 1);
        assert_eq!(mix_in_active_fields(&r, &af), h(&r, &af));
    }
}
