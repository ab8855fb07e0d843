//! SSZ for the alloy-primitives types that execution-layer code holds its
//! hashes, addresses and big integers in (feature `alloy`).
//!
//! | alloy-primitives | SSZ (simple-serialize.md v1.6.1; bellatrix beacon-chain.md) |
//! |---|---|
//! | `FixedBytes<N>` (`B256` = `Bytes32`/`Root`/`Hash32`, `B64`, ...) | `ByteVector[N]` |
//! | `Address` | `ExecutionAddress` = `Bytes20` |
//! | `Bloom` | `ByteVector[BYTES_PER_LOGS_BLOOM]` (256 bytes) |
//! | `U256` | `uint256` (32 little-endian bytes, a basic type) |
//!
//! Each has the encoding, root and tree of the SSZ type it stands for, so
//! that `peam_ssz_types::FixedBytes<N>`, `Bytes20` and `peam_ssz_types::U256`
//! and these types are interchangeable inside a container: the same bytes,
//! the same root.
//!
//! `alloy_primitives::Bytes` has no impl: it has no bound, and an SSZ byte
//! list always has one (`ByteList[N]`, or the unbounded but differently
//! merkleized `ProgressiveByteList` of EIP-7916). Which of them a field is
//! belongs in the field's type, so a `Bytes` field is written as
//! `ByteList<N>` (`peam-ssz-types` converts between the two).

use crate::codec::{byte_vector_leaves, byte_vector_root, byte_vectors_from_ssz};
use crate::path::{Elements, Layout, TreeLayout, UINT8};
use crate::proof::{Gindex, ProofError};
use crate::{DecodeError, Root, Ssz, TreeHash, BYTES_PER_CHUNK};
use alloc::vec::Vec;
use alloy_primitives::{Address, Bloom, FixedBytes, FixedBytesSliceExt, U256};

/// `Ssz`, `TreeHash`, `TreeLayout` and `Elements` of `ByteVector[$n]` for
/// a type whose memory is its `$n` bytes (`FixedBytes<N>`, and the
/// `repr(transparent)` newtypes `Address` and `Bloom` over it), built from
/// the array by `$wrap`.
macro_rules! byte_vector {
    ($([$($generics:tt)*] $ty:ty, $n:expr, $wrap:expr, $ssz:literal;)*) => {$(
        #[doc = concat!("`", $ssz, "`: the bytes. A length of 0 is an illegal SSZ type: decoding fails.")]
        impl<$($generics)*> Ssz for $ty {
            const IS_FIXED_SIZE: bool = true;
            const FIXED_PART_LEN: usize = $n;

            #[inline]
            fn ssz_len(&self) -> usize {
                $n
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                out.copy_from_slice(self.as_slice())
            }

            #[inline]
            fn ssz_write_uninit<'a>(
                &self,
                out: &'a mut [core::mem::MaybeUninit<u8>],
            ) -> &'a mut [u8] {
                crate::codec::init_from(out, self.as_slice())
            }

            #[inline]
            fn ssz_append(&self, buf: &mut Vec<u8>) {
                buf.extend_from_slice(self.as_slice())
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
                <[u8; $n]>::from_ssz(bytes).map($wrap)
            }

            #[inline]
            fn ssz_write_many(values: &[Self], out: &mut [u8]) {
                out.copy_from_slice(values.as_flattened())
            }

            #[inline]
            fn ssz_append_many(values: &[Self], buf: &mut Vec<u8>) {
                buf.extend_from_slice(values.as_flattened())
            }

            #[inline]
            fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
                byte_vectors_from_ssz::<{ $n }, _>(bytes, out, $wrap)
            }
        }

        #[doc = concat!("`hash_tree_root` of `", $ssz, "`: up to 32 bytes, zero-padded, are their own root.")]
        impl<$($generics)*> TreeHash for $ty {
            #[inline]
            fn hash_tree_root(&self) -> Root {
                byte_vector_root(self.as_slice())
            }

            fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
                if gindex == Gindex::ROOT {
                    return Ok(self.hash_tree_root());
                }
                crate::codec::vector_node(self.as_slice(), gindex)
            }

            #[inline]
            fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
                byte_vector_leaves::<{ $n }>(values.as_flattened().as_chunks::<{ $n }>().0.iter(), out)
            }

            const ROOT_IS_ONE_BLOCK: bool = crate::codec::byte_vector_is_one_block($n);

            #[inline]
            fn root_block(&self) -> [u8; 64] {
                crate::codec::byte_vector_block(self.as_slice())
            }

            /// `B256` values are their own leaves, back to back in memory:
            /// a `Vector[B256, N]` or `List[B256, N]` is merkleized in
            /// place.
            #[inline]
            fn packed_leaves(values: &[Self]) -> Option<&[u8]> {
                ($n == BYTES_PER_CHUNK).then(|| values.as_flattened())
            }
        }

        impl<$($generics)*> TreeLayout for $ty {
            const LAYOUT: &'static Layout = &Layout::Vector {
                elem: UINT8,
                length: $n as u64,
            };
        }

        impl<$($generics)*> Elements for $ty {
            type Element = u8;
        }
    )*};
}

byte_vector! {
    [const N: usize] FixedBytes<N>, N, FixedBytes, "ByteVector[N]";
    [] Address, 20, |b| Address(FixedBytes(b)), "ExecutionAddress";
    [] Bloom, 256, |b| Bloom(FixedBytes(b)), "ByteVector[BYTES_PER_LOGS_BLOOM]";
}

// `uint256`: 32 little-endian bytes, a basic type.
crate::__uint256_codec!(U256, |v: &U256| v.to_le_bytes::<32>(), U256::from_le_bytes);

impl TreeLayout for U256 {
    const LAYOUT: &'static Layout = &Layout::Basic { size: 32 };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{list_root, vector_root};
    use crate::DecodeErrorKind;
    use alloy_primitives::{address, b256, B256};

    /// The root of `ByteVector[N]` from the spec's definition, by hand:
    /// `merkleize(pack(bytes))` over the zero-padded chunks.
    fn spec_bytes_root(bytes: &[u8]) -> Root {
        let mut padded = bytes.to_vec();
        padded.resize(bytes.len().div_ceil(32) * 32, 0);
        let mut layer: Vec<Root> = padded
            .chunks_exact(32)
            .map(|c| c.try_into().unwrap())
            .collect();
        layer.resize(layer.len().next_power_of_two(), [0; 32]);
        while layer.len() > 1 {
            layer = layer
                .chunks_exact(2)
                .map(|pair| {
                    let mut block = [0u8; 64];
                    block[..32].copy_from_slice(&pair[0]);
                    block[32..].copy_from_slice(&pair[1]);
                    crate::sha256::sha256(&block)
                })
                .collect();
        }
        layer[0]
    }

    fn pattern<const N: usize>(seed: u8) -> [u8; N] {
        core::array::from_fn(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
    }

    #[test]
    fn fixed_bytes_have_the_encoding_and_root_of_byte_arrays() {
        fn check<const N: usize>() {
            let raw = pattern::<N>(N as u8);
            let value = FixedBytes(raw);
            assert_eq!(value.to_ssz(), raw.to_ssz(), "N = {N}");
            assert_eq!(FixedBytes::<N>::from_ssz(&raw).unwrap(), value);
            assert_eq!(value.hash_tree_root(), raw.hash_tree_root(), "N = {N}");
            assert_eq!(value.hash_tree_root(), spec_bytes_root(&raw), "N = {N}");
            for g in 1..8u128 {
                let g = Gindex::new(g).unwrap();
                assert_eq!(value.tree_node(g), raw.tree_node(g), "N = {N}, {g:?}");
            }
        }
        check::<1>();
        check::<4>();
        check::<20>();
        check::<32>();
        check::<33>();
        check::<48>();
        check::<64>();
        check::<96>();
        check::<256>();
    }

    #[test]
    fn decoding_rejects_every_other_length() {
        for len in [0, 1, 19, 21, 31, 33, 64] {
            let bytes = vec![0xab; len];
            if len != 32 {
                assert_eq!(
                    B256::from_ssz(&bytes).unwrap_err().kind(),
                    &DecodeErrorKind::InvalidLength {
                        expected: 32,
                        got: len
                    }
                );
                assert!(U256::from_ssz(&bytes).is_err());
            }
            if len != 20 {
                assert!(Address::from_ssz(&bytes).is_err());
            }
            assert!(Bloom::from_ssz(&bytes).is_err());
        }
        // `ByteVector[0]` is illegal.
        assert!(FixedBytes::<0>::from_ssz(&[]).is_err());
        // A body that is not a whole number of elements.
        let (mut a, mut b, mut u) = (Vec::new(), Vec::new(), Vec::new());
        assert!(Address::from_ssz_many(&[0; 41], &mut a).is_err());
        assert!(B256::from_ssz_many(&[0; 33], &mut b).is_err());
        assert!(U256::from_ssz_many(&[0; 31], &mut u).is_err());
        assert!(a.is_empty() && b.is_empty() && u.is_empty());
    }

    #[test]
    fn wrappers_roundtrip_with_their_bytes() {
        let a = address!("0x00000000219ab540356cbb839cbe05303d7705fa");
        assert_eq!(a.to_ssz(), a.as_slice());
        assert_eq!(Address::from_ssz(&a.to_ssz()).unwrap(), a);
        assert_eq!(a.hash_tree_root(), a.0 .0.hash_tree_root());

        let mut bloom = Bloom::ZERO;
        bloom.0 .0 = pattern::<256>(7);
        assert_eq!(bloom.to_ssz(), bloom.as_slice());
        assert_eq!(Bloom::from_ssz(&bloom.to_ssz()).unwrap(), bloom);
        assert_eq!(bloom.hash_tree_root(), spec_bytes_root(bloom.as_slice()));
    }

    #[test]
    fn u256_is_uint256() {
        let one = U256::from(1u64);
        let mut expected = [0u8; 32];
        expected[0] = 1;
        assert_eq!(one.to_ssz(), expected);
        assert_eq!(one.hash_tree_root(), expected);
        let big = U256::from_be_bytes(pattern::<32>(3));
        let bytes = big.to_ssz();
        let mut be = bytes.clone();
        be.reverse();
        assert_eq!(be, pattern::<32>(3));
        assert_eq!(U256::from_ssz(&bytes).unwrap(), big);
        // The same root as `u128` for values that fit.
        let small = U256::from(0x0102_0304_0506_0708_090a_u128);
        assert_eq!(
            small.hash_tree_root(),
            0x0102_0304_0506_0708_090a_u128.hash_tree_root()
        );
    }

    #[test]
    fn bulk_hooks_agree_with_one_value_at_a_time() {
        let roots: Vec<B256> = (0..37u8).map(|i| B256::new(pattern::<32>(i))).collect();
        let raw: Vec<[u8; 32]> = roots.iter().map(|r| r.0).collect();
        assert_eq!(vector_root(&roots), vector_root(&raw));
        assert_eq!(list_root(&roots, 64), list_root(&raw, 64));

        let keys: Vec<FixedBytes<48>> = (0..9u8).map(|i| FixedBytes(pattern::<48>(i))).collect();
        let raw_keys: Vec<[u8; 48]> = keys.iter().map(|k| k.0).collect();
        assert_eq!(vector_root(&keys), vector_root(&raw_keys));
        let mut leaves = vec![0u8; 32 * keys.len()];
        FixedBytes::<48>::tree_hash_leaves(&keys, &mut leaves);
        for (key, leaf) in keys.iter().zip(leaves.chunks_exact(32)) {
            assert_eq!(leaf, spec_bytes_root(&key.0));
        }

        let addrs: Vec<Address> = (0..5u8).map(|i| Address::new(pattern::<20>(i))).collect();
        let raw_addrs: Vec<[u8; 20]> = addrs.iter().map(|a| a.0 .0).collect();
        assert_eq!(list_root(&addrs, 16), list_root(&raw_addrs, 16));
        let mut encoded = vec![0u8; 20 * addrs.len()];
        Address::ssz_write_many(&addrs, &mut encoded);
        assert_eq!(encoded, raw_addrs.concat());
        let mut decoded = Vec::new();
        Address::from_ssz_many(&encoded, &mut decoded).unwrap();
        assert_eq!(decoded, addrs);

        let ints: Vec<U256> = (0..11u64).map(|i| U256::from(i) << (i * 20)).collect();
        let mut encoded = vec![0u8; 32 * ints.len()];
        U256::ssz_write_many(&ints, &mut encoded);
        let mut decoded = Vec::new();
        U256::from_ssz_many(&encoded, &mut decoded).unwrap();
        assert_eq!(decoded, ints);
        let one_by_one: Vec<u8> = ints.iter().flat_map(|i| i.to_ssz()).collect();
        assert_eq!(encoded, one_by_one);
    }

    #[test]
    fn b256_literal_is_its_own_root() {
        let root = b256!("0x0101010101010101010101010101010101010101010101010101010101010101");
        assert_eq!(root.hash_tree_root(), [1; 32]);
    }
}
