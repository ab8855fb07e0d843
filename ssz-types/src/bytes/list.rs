//! `ByteList[N]`.

use crate::hex::{to_hex, HexError};
use crate::merkle::{merkleize_packed, mix_in_length};
use crate::{
    BoundError, DecodeError, DecodeErrorKind, Length, Root, Ssz, TreeHash, BYTES_PER_CHUNK,
};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use super::{bytes_ssz, parse_hex, vec_bytes_common};

/// `ByteList[N]` (`List[byte, N]`): at most `N::USIZE` bytes.
///
/// ```
/// use peam_ssz_types::{ByteList, Ssz, U};
///
/// let extra_data: ByteList<U<32>> = "0x0102".parse()?;
/// assert_eq!(extra_data.to_ssz(), [1, 2]);
/// assert_eq!(extra_data.to_string(), "0x0102");
/// assert!(ByteList::<U<32>>::from_ssz(&[0; 33]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteList<N> {
    inner: Vec<u8>,
    _marker: PhantomData<N>,
}

vec_bytes_common!(ByteList<N>);

impl<N: Length> ByteList<N> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ByteList {
            inner: Vec::new(),
            _marker: PhantomData,
        }
    }

    /// The list holding `vec`, if it is within the limit.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, BoundError> {
        if vec.len() > N::USIZE {
            return Err(BoundError {
                len: vec.len(),
                max: N::USIZE,
            });
        }
        Ok(ByteList {
            inner: vec,
            _marker: PhantomData,
        })
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends a byte, or returns an error if the list is full.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), BoundError> {
        if self.inner.len() >= N::USIZE {
            return Err(BoundError {
                len: self.inner.len() + 1,
                max: N::USIZE,
            });
        }
        self.inner.push(byte);
        Ok(())
    }

    /// Appends `bytes`, or returns an error (appending nothing) if they do
    /// not fit.
    pub fn extend_from_slice(&mut self, bytes: &[u8]) -> Result<(), BoundError> {
        let len = self.inner.len().saturating_add(bytes.len());
        if len > N::USIZE {
            return Err(BoundError { len, max: N::USIZE });
        }
        self.inner.extend_from_slice(bytes);
        Ok(())
    }

    /// Removes and returns the last byte.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        self.inner.pop()
    }

    /// Removes every byte.
    #[inline]
    pub fn clear(&mut self) {
        self.inner.clear()
    }

    /// Shortens the list to `len` bytes (no effect if it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.inner.truncate(len)
    }
}

impl<N: Length> Default for ByteList<N> {
    #[inline]
    fn default() -> Self {
        ByteList::new()
    }
}

impl<N: Length> TryFrom<Vec<u8>> for ByteList<N> {
    type Error = BoundError;

    #[inline]
    fn try_from(vec: Vec<u8>) -> Result<Self, BoundError> {
        ByteList::try_from_vec(vec)
    }
}

impl<N: Length> TryFrom<&[u8]> for ByteList<N> {
    type Error = BoundError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, BoundError> {
        if bytes.len() > N::USIZE {
            return Err(BoundError {
                len: bytes.len(),
                max: N::USIZE,
            });
        }
        Ok(ByteList {
            inner: bytes.to_vec(),
            _marker: PhantomData,
        })
    }
}

/// Parses `0x`-prefixed hex.
impl<N: Length> FromStr for ByteList<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let inner = parse_hex(s, |len| {
            if len > N::USIZE {
                return Err(HexError::TooLong { len, max: N::USIZE });
            }
            Ok(())
        })?;
        Ok(ByteList {
            inner,
            _marker: PhantomData,
        })
    }
}

bytes_ssz!(
    ByteList<N: Length>,
    fixed = false,
    fixed_part_len = crate::BYTES_PER_LENGTH_OFFSET,
    check = |bytes| {
        if bytes.len() > N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
                len: bytes.len(),
                max: N::USIZE,
            }));
        }
        Ok(())
    },
);
/// `mix_in_length(merkleize(pack(bytes), limit = (N + 31) // 32), len)`.
impl<N: Length> TreeHash for ByteList<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        let limit = N::U64.div_ceil(BYTES_PER_CHUNK as u64);
        mix_in_length(&merkleize_packed(&self.inner, limit), self.inner.len())
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::list_node(&self.inner, N::U64, self.inner.len(), gindex)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<N: Length> Serialize for ByteList<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, N: Length> Deserialize<'de> for ByteList<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |len| {
                if len > N::USIZE {
                    return Err(HexError::TooLong { len, max: N::USIZE }.to_string());
                }
                Ok(())
            })?;
            Ok(ByteList {
                inner,
                _marker: PhantomData,
            })
        }
    }
}

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<N: Length> crate::json::ConsensusJson for ByteList<N> {
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
