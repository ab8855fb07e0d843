//! `ProgressiveByteList` (EIP-7916).

use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::hex::{to_hex, HexError};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{BoundError, DecodeError, Root, Ssz, TreeHash};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use super::{bytes_ssz, parse_hex, vec_bytes_common};

/// `ProgressiveByteList` (`ProgressiveList[byte]`, EIP-7916): any number of
/// bytes, merkleized as edition `E` defines progressive merkleization (the
/// current spec unless named: [`Current`]). The edition changes the root
/// only; bytes and serde are the same in every edition.
///
/// `M` is a maximum number of bytes ([`MaxLen`]; [`Unbounded`] unless
/// named), as [`ProgressiveList`](crate::ProgressiveList) takes one: it
/// bounds decoding (before the copy), the constructors, `push`, parsing and
/// serde, and changes neither the bytes nor the root.
///
/// ```
/// use peam_ssz_types::{BoundError, DecodeErrorKind, ProgressiveByteList, Ssz, U, V1_7};
///
/// type ExtraData = ProgressiveByteList<V1_7, U<32>>;
/// assert_eq!(ExtraData::try_from_vec(vec![0; 33]), Err(BoundError { len: 33, max: 32 }));
/// let err = ExtraData::from_ssz(&[0; 33]).unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 33, max: 32 });
/// assert_eq!(ExtraData::from_ssz(&[0; 32])?.len(), 32);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ProgressiveByteList<E = Current, M = Unbounded> {
    inner: Vec<u8>,
    _marker: PhantomData<(E, M)>,
}

vec_bytes_common!(ProgressiveByteList<E, M>);

impl<E, M> ProgressiveByteList<E, M> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveByteList {
            inner: Vec::new(),
            _marker: PhantomData,
        }
    }

    /// The same bytes, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveByteList<F, M> {
        ProgressiveByteList {
            inner: self.inner,
            _marker: PhantomData,
        }
    }

    /// Removes and returns the last byte.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        self.inner.pop()
    }

    /// Shortens the list to `len` bytes (no effect if it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.inner.truncate(len)
    }
}

impl<E, M: MaxLen> ProgressiveByteList<E, M> {
    /// The maximum `M` (read now, if it is given at run time);
    /// `usize::MAX` for [`Unbounded`].
    #[inline]
    pub fn maximum() -> usize {
        M::max_len()
    }

    /// The list holding `vec`, if it is within the maximum.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, BoundError> {
        check_count(vec.len(), M::max_len())?;
        Ok(ProgressiveByteList {
            inner: vec,
            _marker: PhantomData,
        })
    }

    /// Appends a byte, or returns an error past the maximum. For an
    /// [`Unbounded`] list, `push` is this and cannot fail.
    #[inline]
    pub fn try_push(&mut self, byte: u8) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), M::max_len())?;
        self.inner.push(byte);
        Ok(())
    }

    /// Appends `bytes`, or returns an error (appending nothing) if they do
    /// not fit.
    pub fn extend_from_slice(&mut self, bytes: &[u8]) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(bytes.len()), M::max_len())?;
        self.inner.extend_from_slice(bytes);
        Ok(())
    }
}

impl<E, M: Bounded> ProgressiveByteList<E, M> {
    /// Appends a byte, or returns an error if the list holds its maximum.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), BoundError> {
        self.try_push(byte)
    }
}

impl<E> ProgressiveByteList<E, Unbounded> {
    /// Appends a byte.
    #[inline]
    pub fn push(&mut self, byte: u8) {
        self.inner.push(byte)
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<u8> {
        &mut self.inner
    }
}

impl<E> From<Vec<u8>> for ProgressiveByteList<E, Unbounded> {
    #[inline]
    fn from(inner: Vec<u8>) -> Self {
        ProgressiveByteList {
            inner,
            _marker: PhantomData,
        }
    }
}

impl<E> From<&[u8]> for ProgressiveByteList<E, Unbounded> {
    #[inline]
    fn from(bytes: &[u8]) -> Self {
        ProgressiveByteList::from(bytes.to_vec())
    }
}

impl<E, M: MaxLen> TryFrom<&[u8]> for ProgressiveByteList<E, M>
where
    M: Bounded,
{
    type Error = BoundError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, BoundError> {
        check_count(bytes.len(), M::max_len())?;
        Ok(ProgressiveByteList {
            inner: bytes.to_vec(),
            _marker: PhantomData,
        })
    }
}

/// Parses `0x`-prefixed hex, refusing more bytes than the maximum before
/// it allocates.
impl<E, M: MaxLen> FromStr for ProgressiveByteList<E, M> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let max = M::max_len();
        let inner = parse_hex(s, |len| {
            if len > max {
                return Err(HexError::TooLong { len, max });
            }
            Ok(())
        })?;
        Ok(ProgressiveByteList {
            inner,
            _marker: PhantomData,
        })
    }
}

// Encoded like a list without a limit: any number of bytes up to the
// maximum, checked before the copy.
bytes_ssz!(
    ProgressiveByteList<E: Edition, M: MaxLen>,
    fixed = false,
    fixed_part_len = crate::BYTES_PER_LENGTH_OFFSET,
    check = |bytes| crate::bound::check_decoded_count(bytes.len(), M::max_len()),
);
/// `mix_in_length(merkleize_progressive(pack(bytes)), len)`, progressive
/// merkleization as edition `E` defines it.
impl<E: Edition, M: MaxLen> TreeHash for ProgressiveByteList<E, M> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(&self.inner),
            self.inner.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::seq::progressive_node::<E, u8>(&self.inner, self.inner.len(), gindex)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<E, M> Serialize for ProgressiveByteList<E, M> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, E, M: MaxLen> Deserialize<'de> for ProgressiveByteList<E, M> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let max = M::max_len();
            let inner = deserialize_hex_checked(deserializer, |len| {
                if len > max {
                    return Err(HexError::TooLong { len, max }.to_string());
                }
                Ok(())
            })?;
            Ok(ProgressiveByteList {
                inner,
                _marker: PhantomData,
            })
        }
    }
}

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<E, M: MaxLen> crate::json::ConsensusJson for ProgressiveByteList<E, M> {
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
