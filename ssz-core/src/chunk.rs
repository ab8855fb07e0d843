//! The chunk, SSZ's 32-byte unit of merkleization, and the chunks every
//! tree is made of besides the values' own: the zero subtrees' roots and the
//! length that `mix_in_length` hashes in.
//!
//! The lowest module of the hashing side: [`crate::hasher`] and
//! [`crate::merkle`] both build on it, and neither on the other's
//! back (`merkle` hashes with a hasher; the hasher's choice runs `merkle`'s
//! routines).

use crate::sha256::soft;

/// A 32-byte merkle root or chunk.
pub type Root = [u8; 32];

/// Deepest tree: a limit of up to 2^64 chunks.
pub(crate) const MAX_DEPTH: usize = 64;

/// `ZERO_HASHES[i]` is the root of a tree of height `i` whose leaves are all
/// zero chunks: `ZERO_HASHES[0] = [0; 32]`, `ZERO_HASHES[i + 1] =
/// hash(ZERO_HASHES[i], ZERO_HASHES[i])`, with SHA-256. Computed at compile
/// time; another hasher's are its [`Hasher::zero_hash`](crate::hasher::Hasher::zero_hash).
pub const ZERO_HASHES: [Root; MAX_DEPTH + 1] = {
    let mut table = [[0u8; 32]; MAX_DEPTH + 1];
    let mut i = 0;
    while i < MAX_DEPTH {
        let mut block = [0u8; 64];
        let mut j = 0;
        while j < 32 {
            block[j] = table[i][j];
            block[32 + j] = table[i][j];
            j += 1;
        }
        table[i + 1] = soft::hash64(&block);
        i += 1;
    }
    table
};

/// The chunk of `mix_in_length`: `uint256(length)`, the length's eight
/// little-endian bytes and 24 zero bytes.
#[inline]
pub const fn length_chunk(length: usize) -> Root {
    let mut chunk = [0u8; 32];
    let bytes = (length as u64).to_le_bytes();
    let mut i = 0;
    while i < 8 {
        chunk[i] = bytes[i];
        i += 1;
    }
    chunk
}
