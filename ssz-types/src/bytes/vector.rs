//! `ByteVector[N]`, on the heap.

use crate::hex::{to_hex, HexError};
use crate::merkle::merkleize_packed;
use crate::{
    DecodeError, DecodeErrorKind, Length, LengthError, Root, Ssz, TreeHash, BYTES_PER_CHUNK,
};
use alloc::{vec, vec::Vec};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use super::{bytes_ssz, parse_hex, vec_bytes_common};

/// `ByteVector[N]` (`Vector[byte, N]`): exactly `N::USIZE` bytes, on the
/// heap. For short byte vectors of a constant length, [`FixedBytes`](crate::FixedBytes) stores
/// them inline.
///
/// ```
/// use peam_ssz_types::{ByteVector, Ssz, U};
///
/// let logs_bloom = ByteVector::<U<256>>::default();
/// assert_eq!(logs_bloom.to_ssz(), [0; 256]);
/// assert!(ByteVector::<U<256>>::from_ssz(&[0; 255]).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteVector<N> {
    inner: Vec<u8>,
    _marker: PhantomData<N>,
}

vec_bytes_common!(ByteVector<N>);

impl<N: Length> ByteVector<N> {
    const NOT_EMPTY: () = assert!(N::USIZE > 0, "ByteVector[0] is an illegal SSZ type");

    /// `N` zero bytes. Does not compile for the illegal `ByteVector[0]`.
    #[inline]
    pub fn zero() -> Self {
        let () = Self::NOT_EMPTY;
        ByteVector {
            inner: vec![0; N::USIZE],
            _marker: PhantomData,
        }
    }

    /// The vector holding `vec`, if it is exactly `N` bytes.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, LengthError> {
        if vec.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: vec.len(),
                expected: N::USIZE,
            });
        }
        Ok(ByteVector {
            inner: vec,
            _marker: PhantomData,
        })
    }

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }
}

/// `N` zero bytes.
impl<N: Length> Default for ByteVector<N> {
    #[inline]
    fn default() -> Self {
        ByteVector::zero()
    }
}

impl<N: Length> TryFrom<Vec<u8>> for ByteVector<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(vec: Vec<u8>) -> Result<Self, LengthError> {
        ByteVector::try_from_vec(vec)
    }
}

impl<N: Length> TryFrom<&[u8]> for ByteVector<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, LengthError> {
        if bytes.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: bytes.len(),
                expected: N::USIZE,
            });
        }
        Ok(ByteVector {
            inner: bytes.to_vec(),
            _marker: PhantomData,
        })
    }
}

/// Parses `0x`-prefixed hex of exactly `N` bytes.
impl<N: Length> FromStr for ByteVector<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let inner = parse_hex(s, |got| {
            if got != N::USIZE || N::USIZE == 0 {
                return Err(HexError::InvalidLength {
                    expected: N::USIZE,
                    got,
                });
            }
            Ok(())
        })?;
        Ok(ByteVector {
            inner,
            _marker: PhantomData,
        })
    }
}

bytes_ssz!(
    ByteVector<N: Length>,
    fixed = true,
    fixed_part_len = N::USIZE,
    check = |bytes| {
        if N::USIZE == 0 {
            // ssz/simple-serialize.md (v1.6.1), "Illegal types".
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        if bytes.len() != N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: N::USIZE,
                got: bytes.len(),
            }));
        }
        Ok(())
    },
);
/// `merkleize(pack(bytes))`.
impl<N: Length> TreeHash for ByteVector<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        merkleize_packed(&self.inner, N::USIZE.div_ceil(BYTES_PER_CHUNK) as u64)
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.inner, gindex)
    }

    const ROOT_IS_ONE_BLOCK: bool = crate::codec::byte_vector_is_one_block(N::USIZE);

    #[inline]
    fn root_block(&self) -> [u8; 64] {
        crate::codec::byte_vector_block(&self.inner)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<N: Length> Serialize for ByteVector<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, N: Length> Deserialize<'de> for ByteVector<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |got| {
                if got != N::USIZE || N::USIZE == 0 {
                    return Err(HexError::InvalidLength {
                        expected: N::USIZE,
                        got,
                    }
                    .to_string());
                }
                Ok(())
            })?;
            Ok(ByteVector {
                inner,
                _marker: PhantomData,
            })
        }
    }
}

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<N: Length> crate::json::ConsensusJson for ByteVector<N> {
    #[inline]
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self, serializer)
    }

    #[inline]
    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }
}
