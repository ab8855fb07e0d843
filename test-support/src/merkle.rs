//! A naive merkleizer, written from the definitions of
//! ssz/simple-serialize.md (v1.6.1), "Merkleization", and EIP-7916 for the
//! progressive shapes, on SHA-256 alone (the `sha2` crate), to check roots
//! against.

use sha2::{Digest, Sha256};

/// A 32-byte chunk, or a root.
pub type Chunk = [u8; 32];

/// SHA-256 of `input`.
pub fn sha256(input: &[u8]) -> Chunk {
    Sha256::digest(input).into()
}

/// `hash(a + b)`.
pub fn hash(a: &Chunk, b: &Chunk) -> Chunk {
    let mut m = [0u8; 64];
    m[..32].copy_from_slice(a);
    m[32..].copy_from_slice(b);
    sha256(&m)
}

/// `bytes` zero-padded to one chunk.
///
/// # Panics
///
/// When `bytes` is longer than a chunk.
pub fn chunk(bytes: &[u8]) -> Chunk {
    assert!(
        bytes.len() <= 32,
        "reference: {} bytes in a chunk",
        bytes.len()
    );
    let mut c = [0u8; 32];
    c[..bytes.len()].copy_from_slice(bytes);
    c
}

/// `pack(bytes)`: right-padded to whole chunks.
pub fn pack(bytes: &[u8]) -> Vec<Chunk> {
    bytes.chunks(32).map(chunk).collect()
}

/// `pack_bits(bits)`: bit `i` in byte `i / 8` at position `i % 8`.
pub fn pack_bits(bits: &[bool]) -> Vec<Chunk> {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (i, &b) in bits.iter().enumerate() {
        if b {
            bytes[i / 8] |= 1 << (i % 8);
        }
    }
    pack(&bytes)
}

/// The root of an all-zero tree of `height` levels, hashed here from zero
/// chunks, each height once per test binary.
pub fn zero_subtree(height: u32) -> Chunk {
    static TABLE: std::sync::Mutex<Vec<Chunk>> = std::sync::Mutex::new(Vec::new());
    let mut zeros = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if zeros.is_empty() {
        zeros.push([0; 32]);
    }
    while zeros.len() <= height as usize {
        let z = zeros[zeros.len() - 1];
        zeros.push(hash(&z, &z));
    }
    zeros[height as usize]
}

/// `merkleize(chunks, limit)`: padded with zero chunks to
/// `next_pow_of_two(limit)` and hashed pairwise, level by level.
///
/// The padding past the chunks' own power of two is all zero: rather than
/// hash millions of zero chunks for a large limit, the tree over the chunks
/// is extended level by level with the root of an all-zero subtree of the
/// same height ([`zero_subtree`]).
///
/// # Panics
///
/// When there are more chunks than the limit allows.
pub fn merkleize(chunks: &[Chunk], limit: usize) -> Chunk {
    assert!(chunks.len() <= limit.max(1), "reference: over the limit");
    let width = limit.max(1).next_power_of_two();
    let mut level = chunks.to_vec();
    level.resize(chunks.len().max(1).next_power_of_two(), [0; 32]);
    let mut height = 0;
    while level.len() > 1 {
        level = level.chunks(2).map(|p| hash(&p[0], &p[1])).collect();
        height += 1;
    }
    let mut root = level[0];
    let mut covered = chunks.len().max(1).next_power_of_two();
    while covered < width {
        root = hash(&root, &zero_subtree(height));
        height += 1;
        covered *= 2;
    }
    root
}

/// `merkleize_progressive(chunks, num_leaves)` of v1.6.1: the recursion on
/// the left.
pub fn merkleize_progressive_v1_6(chunks: &[Chunk], num_leaves: usize) -> Chunk {
    if chunks.is_empty() {
        return [0; 32];
    }
    let split = num_leaves.min(chunks.len());
    hash(
        &merkleize_progressive_v1_6(&chunks[split..], num_leaves * 4),
        &merkleize(&chunks[..split], num_leaves),
    )
}

/// `merkleize_progressive(chunks, num_leaves)` of v1.7.0-alpha.13: the
/// binary subtree on the left.
pub fn merkleize_progressive_v1_7(chunks: &[Chunk], num_leaves: usize) -> Chunk {
    if chunks.is_empty() {
        return [0; 32];
    }
    let split = num_leaves.min(chunks.len());
    hash(
        &merkleize(&chunks[..split], num_leaves),
        &merkleize_progressive_v1_7(&chunks[split..], num_leaves * 4),
    )
}

/// `mix_in_length(root, length)`.
pub fn mix_in_length(root: &Chunk, length: u64) -> Chunk {
    hash(root, &chunk(&length.to_le_bytes()))
}

/// `mix_in_selector(root, selector)`.
pub fn mix_in_selector(root: &Chunk, selector: u8) -> Chunk {
    hash(root, &chunk(&[selector]))
}

/// `mix_in_active_fields(root, active_fields)`: the bits packed into one
/// chunk, bit `i` in byte `i / 8` at position `i % 8`.
pub fn mix_in_active_fields(root: &Chunk, active_fields: &[u8]) -> Chunk {
    let mut bits = [0u8; 32];
    for (i, &b) in active_fields.iter().enumerate() {
        bits[i / 8] |= b << (i % 8);
    }
    hash(root, &bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The zero-subtree shortcut gives the root of the whole padded tree.
    #[test]
    fn merkleize_pads_to_the_limit() {
        let chunks: Vec<Chunk> = (0..5u8).map(|i| [i + 1; 32]).collect();
        for limit in [5usize, 8, 9, 64, 100] {
            let mut level = chunks.clone();
            level.resize(limit.next_power_of_two(), [0; 32]);
            while level.len() > 1 {
                level = level.chunks(2).map(|p| hash(&p[0], &p[1])).collect();
            }
            assert_eq!(merkleize(&chunks, limit), level[0], "limit {limit}");
        }
        assert_eq!(merkleize(&[], 0), [0; 32]);
        assert_eq!(merkleize(&[], 4), zero_subtree(2));
    }

    /// Both editions put one binary subtree and the rest under a root, in
    /// opposite orders.
    #[test]
    fn progressive_editions_swap_the_children() {
        let chunks: Vec<Chunk> = (0..3u8).map(|i| [i + 1; 32]).collect();
        let first = merkleize(&chunks[..1], 1);
        let rest = merkleize_progressive_v1_6(&chunks[1..], 4);
        assert_eq!(merkleize_progressive_v1_6(&chunks, 1), hash(&rest, &first));
        let rest = merkleize_progressive_v1_7(&chunks[1..], 4);
        assert_eq!(merkleize_progressive_v1_7(&chunks, 1), hash(&first, &rest));
    }
}
