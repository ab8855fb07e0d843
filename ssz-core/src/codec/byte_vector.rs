//! The merkleization and bulk decoding of `ByteVector[N]` values held as
//! `N` bytes in memory, for every type that is one: `peam-ssz-types`'
//! `FixedBytes<N>`, alloy's byte types, or a user's own.

use crate::{DecodeError, DecodeErrorKind, Root, BYTES_PER_CHUNK};
use alloc::vec::Vec;

/// `hash_tree_root` of `ByteVector[bytes.len()]`: the bytes zero-padded
/// when they fit a chunk, else `merkleize(pack(bytes))`.
#[inline]
pub fn byte_vector_root(bytes: &[u8]) -> Root {
    if bytes.len() <= BYTES_PER_CHUNK {
        let mut chunk = [0u8; 32];
        chunk[..bytes.len()].copy_from_slice(bytes);
        chunk
    } else {
        crate::merkle::merkleize_packed(bytes, bytes.len().div_ceil(BYTES_PER_CHUNK) as u64)
    }
}

/// `TreeHash::tree_hash_leaves` of `ByteVector[N]` values, given as their
/// bytes: their roots, into `out` (32 bytes each). A copy for 32 bytes or
/// fewer; one batch of single hashes for 33 to 64 (BLS public keys, KZG
/// commitments: two chunks each).
pub fn byte_vector_leaves<'a, const N: usize>(
    values: impl Iterator<Item = &'a [u8; N]>,
    out: &mut [u8],
) {
    let out = out.as_chunks_mut::<32>().0;
    if byte_vector_is_one_block(N) {
        let blocks: Vec<[u8; 64]> = values.map(|v| byte_vector_block(v)).collect();
        let n = blocks.len();
        crate::hasher::scope::nodes_in_use(&blocks, &mut out[..n]);
    } else {
        for (value, leaf) in values.zip(out) {
            *leaf = byte_vector_root(value);
        }
    }
}

/// Whether the root of `ByteVector[len]` is the hash of one block of two
/// chunks (33 to 64 bytes): `TreeHash::ROOT_IS_ONE_BLOCK` of a byte vector.
pub const fn byte_vector_is_one_block(len: usize) -> bool {
    len > BYTES_PER_CHUNK && len <= 2 * BYTES_PER_CHUNK
}

/// The block a byte vector of 33 to 64 bytes hashes to its root: its bytes,
/// zero-padded to 64 (`TreeHash::root_block`). Longer input is cut at 64
/// bytes (such a vector is not one block, and this is not called for it).
#[inline]
pub fn byte_vector_block(bytes: &[u8]) -> [u8; 64] {
    let mut block = [0u8; 64];
    let n = bytes.len().min(64);
    block[..n].copy_from_slice(&bytes[..n]);
    block
}

/// `Ssz::from_ssz_many` of `ByteVector[N]` values: `bytes` cut into `N`-byte
/// arrays, each made a value by `wrap`; an error (and nothing appended) if
/// `bytes` is not a whole number of them or `N` is 0.
pub fn byte_vectors_from_ssz<const N: usize, T>(
    bytes: &[u8],
    out: &mut Vec<T>,
    wrap: impl Fn([u8; N]) -> T,
) -> Result<(), DecodeError> {
    if N == 0 || !bytes.len().is_multiple_of(N) {
        return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
            len: bytes.len(),
            element: N,
        }));
    }
    out.reserve(bytes.len() / N);
    out.extend(bytes.chunks_exact(N).map(|c| {
        let mut b = [0u8; N];
        b.copy_from_slice(c);
        wrap(b)
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TreeHash;

    fn check<const N: usize>() {
        let values: Vec<[u8; N]> = (0..5u8)
            .map(|s| core::array::from_fn(|i| (i as u8).wrapping_mul(7) ^ s))
            .collect();
        let flat = values.concat();
        let mut leaves = vec![0u8; 32 * values.len()];
        byte_vector_leaves::<N>(values.iter(), &mut leaves);
        for (value, leaf) in values.iter().zip(leaves.chunks_exact(32)) {
            // The arrays' own roots: `ByteVector[N]` by the generic path.
            assert_eq!(leaf, value.hash_tree_root(), "N = {N}");
            assert_eq!(byte_vector_root(value), value.hash_tree_root(), "N = {N}");
        }
        let mut back: Vec<[u8; N]> = Vec::new();
        byte_vectors_from_ssz::<N, _>(&flat, &mut back, |b| b).unwrap();
        assert_eq!(back, values);
        if N > 1 {
            // One byte short of a whole number of values.
            let mut none: Vec<[u8; N]> = Vec::new();
            assert!(byte_vectors_from_ssz::<N, _>(&flat[1..], &mut none, |b| b).is_err());
            assert!(none.is_empty());
        }
    }

    #[test]
    fn leaves_and_decoding_match_byte_arrays() {
        check::<1>();
        check::<32>();
        check::<33>();
        check::<65>();
        // The other lengths add no code path: the natively run tests only.
        if !cfg!(miri) {
            check::<20>();
            check::<48>();
            check::<64>();
            check::<96>();
            check::<256>();
        }
        let mut out: Vec<[u8; 0]> = Vec::new();
        assert!(byte_vectors_from_ssz::<0, _>(&[], &mut out, |b| b).is_err());
    }
}
