//! A naive merkleizer, written from the definitions in
//! `ssz/simple-serialize.md` (v1.6.1), "Merkleization", on SHA-256 alone, to
//! check derived roots against.

#![allow(dead_code)]

use peam_ssz_types::hash::sha256;

pub type Chunk = [u8; 32];

/// `hash(a + b)`.
pub fn hash(a: &Chunk, b: &Chunk) -> Chunk {
    let mut m = Vec::with_capacity(64);
    m.extend_from_slice(a);
    m.extend_from_slice(b);
    sha256(&m)
}

/// `bytes` zero-padded to one chunk.
pub fn chunk(bytes: &[u8]) -> Chunk {
    assert!(bytes.len() <= 32);
    let mut c = [0u8; 32];
    c[..bytes.len()].copy_from_slice(bytes);
    c
}

/// `pack(bytes)`: right-padded to whole chunks.
pub fn pack(bytes: &[u8]) -> Vec<Chunk> {
    bytes.chunks(32).map(chunk).collect()
}

/// `merkleize(chunks, limit)`, padding with zero chunks to
/// `next_pow_of_two(limit)` and hashing pairs level by level.
pub fn merkleize(chunks: &[Chunk], limit: usize) -> Chunk {
    assert!(chunks.len() <= limit.max(1));
    let mut level = chunks.to_vec();
    level.resize(limit.max(1).next_power_of_two(), [0; 32]);
    while level.len() > 1 {
        level = level.chunks(2).map(|p| hash(&p[0], &p[1])).collect();
    }
    level[0]
}

/// `merkleize_progressive(chunks, num_leaves)` of v1.6.1: the recursion on
/// the left.
pub fn merkleize_progressive(chunks: &[Chunk], num_leaves: usize) -> Chunk {
    if chunks.is_empty() {
        return [0; 32];
    }
    let split = num_leaves.min(chunks.len());
    hash(
        &merkleize_progressive(&chunks[split..], num_leaves * 4),
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

/// A chunk from 64 hex digits.
pub fn hex32(s: &str) -> Chunk {
    let s = s.strip_prefix("0x").unwrap_or(s);
    assert_eq!(s.len(), 64, "{s}");
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// Bytes from hex digits.
pub fn hex(s: &str) -> Vec<u8> {
    let s = s.strip_prefix("0x").unwrap_or(s);
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}
