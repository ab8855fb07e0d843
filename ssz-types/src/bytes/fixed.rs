//! `FixedBytes<N>` (`BytesN`, `Vector[byte, N]`) stored inline, and its
//! aliases.

use crate::hex::{decode_hex_into, hex_digits, to_hex, HexError};
use crate::{DecodeError, DecodeErrorKind, LengthError, Root, Ssz, TreeHash};
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

/// `BytesN` (`Vector[byte, N]`) stored inline: a public `[u8; N]`.
///
/// A 32-byte value is its own root, so `FixedBytes<32>` is the type of
/// roots and hashes in containers.
///
/// ```
/// use peam_ssz_types::{Bytes4, Bytes32, Ssz, TreeHash};
///
/// let version = Bytes4::from([1, 0, 0, 0]);
/// assert_eq!(version.to_ssz(), [1, 0, 0, 0]);
/// assert_eq!(version.hash_tree_root(), {
///     let mut chunk = [0; 32];
///     chunk[0] = 1;
///     chunk
/// });
/// let root = Bytes32::from([7; 32]);
/// assert_eq!(root.hash_tree_root(), [7; 32]);
/// assert_eq!("0x01000000".parse::<Bytes4>()?, version);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct FixedBytes<const N: usize>(pub [u8; N]);

/// `Bytes4`: fork versions, domain types.
pub type Bytes4 = FixedBytes<4>;
/// `Bytes8`.
pub type Bytes8 = FixedBytes<8>;
/// `Bytes20`: execution addresses.
pub type Bytes20 = FixedBytes<20>;
/// `Bytes32`: roots, hashes.
pub type Bytes32 = FixedBytes<32>;
/// `Bytes48`: BLS public keys, KZG commitments and proofs.
pub type Bytes48 = FixedBytes<48>;
/// `Bytes96`: BLS signatures.
pub type Bytes96 = FixedBytes<96>;

impl<const N: usize> FixedBytes<N> {
    /// All zero bytes.
    pub const ZERO: Self = FixedBytes([0; N]);

    /// Wraps `bytes`.
    #[inline]
    pub const fn new(bytes: [u8; N]) -> Self {
        FixedBytes(bytes)
    }

    /// The bytes.
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    /// The bytes, by value.
    #[inline]
    pub const fn into_inner(self) -> [u8; N] {
        self.0
    }

    /// Copies `bytes`, if there are exactly `N` of them.
    #[inline]
    pub fn from_slice(bytes: &[u8]) -> Result<Self, LengthError> {
        <[u8; N]>::try_from(bytes)
            .map(FixedBytes)
            .map_err(|_| LengthError {
                len: bytes.len(),
                expected: N,
            })
    }

    /// Whether every byte is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The leaf the value contributes to a vector or list: its root.
    #[inline]
    fn leaf(&self) -> Root {
        crate::codec::byte_vector_root(&self.0)
    }
}

impl<const N: usize> Default for FixedBytes<N> {
    #[inline]
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Deref for FixedBytes<N> {
    type Target = [u8; N];

    #[inline]
    fn deref(&self) -> &[u8; N] {
        &self.0
    }
}

impl<const N: usize> DerefMut for FixedBytes<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8; N] {
        &mut self.0
    }
}

impl<const N: usize> AsRef<[u8]> for FixedBytes<N> {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> AsMut<[u8]> for FixedBytes<N> {
    #[inline]
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl<const N: usize> From<[u8; N]> for FixedBytes<N> {
    #[inline]
    fn from(bytes: [u8; N]) -> Self {
        FixedBytes(bytes)
    }
}

/// `Bytes32` is a root wherever the proof functions take one
/// (`peam_ssz_core::proof::AsRoot`): a branch held as `[Bytes32; 17]`
/// verifies as it is.
impl crate::proof::AsRoot for FixedBytes<32> {
    #[inline]
    fn as_root(&self) -> &Root {
        &self.0
    }
}

impl<const N: usize> From<FixedBytes<N>> for [u8; N] {
    #[inline]
    fn from(bytes: FixedBytes<N>) -> [u8; N] {
        bytes.0
    }
}

impl<const N: usize> TryFrom<&[u8]> for FixedBytes<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, LengthError> {
        FixedBytes::from_slice(bytes)
    }
}

/// Parses `0x`-prefixed hex of exactly `N` bytes.
impl<const N: usize> FromStr for FixedBytes<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let digits = hex_digits(s)?;
        if digits.len() / 2 != N {
            return Err(HexError::InvalidLength {
                expected: N,
                got: digits.len() / 2,
            });
        }
        let mut out = [0u8; N];
        decode_hex_into(digits, &mut out)?;
        Ok(FixedBytes(out))
    }
}

/// `0x` and lowercase hex.
impl<const N: usize> fmt::Display for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

impl<const N: usize> fmt::Debug for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

impl<const N: usize> fmt::LowerHex for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = to_hex(&self.0);
        f.write_str(if f.alternate() { &hex } else { &hex[2..] })
    }
}

impl<const N: usize> Ssz for FixedBytes<N> {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = N;

    #[inline]
    fn ssz_len(&self) -> usize {
        N
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0)
    }

    #[inline]
    fn ssz_write_uninit<'a>(&self, out: &'a mut [core::mem::MaybeUninit<u8>]) -> &'a mut [u8] {
        crate::codec::init_from(out, &self.0)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(&self.0)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        if N == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        match <[u8; N]>::try_from(bytes) {
            Ok(b) => Ok(FixedBytes(b)),
            Err(_) => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: N,
                got: bytes.len(),
            })),
        }
    }

    #[inline]
    fn ssz_write_many(values: &[Self], out: &mut [u8]) {
        for (value, dst) in values.iter().zip(out.chunks_exact_mut(N.max(1))) {
            dst.copy_from_slice(&value.0);
        }
    }

    #[inline]
    fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
        crate::codec::byte_vectors_from_ssz::<N, _>(bytes, out, FixedBytes)
    }
}

/// `merkleize(pack(bytes))`: a value of up to 32 bytes, zero-padded, is its
/// own root.
impl<const N: usize> TreeHash for FixedBytes<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        self.leaf()
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.0, gindex)
    }

    fn tree_hash_leaves_of<V: core::borrow::Borrow<Self>>(values: &[V], out: &mut [u8]) {
        crate::codec::byte_vector_leaves(values.iter().map(|v| &v.borrow().0), out)
    }

    const ROOT_IS_ONE_BLOCK: bool = crate::codec::byte_vector_is_one_block(N);

    #[inline]
    fn root_block(&self) -> [u8; 64] {
        crate::codec::byte_vector_block(&self.0)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<const N: usize> Serialize for FixedBytes<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.0, serializer)
        }
    }

    impl<'de, const N: usize> Deserialize<'de> for FixedBytes<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex_checked(deserializer, |got| {
                if got != N {
                    return Err(HexError::InvalidLength { expected: N, got }.to_string());
                }
                Ok(())
            })?;
            FixedBytes::from_slice(&bytes).map_err(serde::de::Error::custom)
        }
    }

    /// Its serde form, the consensus one: the bytes in `0x` hex.
    impl<const N: usize> crate::json::ConsensusJson for FixedBytes<N> {
        fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.serialize(serializer)
        }

        fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Self::deserialize(deserializer)
        }
    }
}
