//! Byte strings: `ByteList[N]`, `ByteVector[N]` (heap or inline) and
//! `ProgressiveByteList`.
//!
//! They are `List`, `Vector` and `ProgressiveList` of `byte` in the SSZ type
//! system (ssz/simple-serialize.md v1.6.1, "Aliases"), with the same
//! encodings and roots, but each is one `memcpy` to encode or decode, packs
//! its bytes straight into merkle chunks, and reads and writes as a `"0x"` hex
//! string (the consensus JSON and YAML mapping).
//!
//! The three heap ones are names of one storage, [`ByteSeq<K>`]: a
//! `Vec<u8>` and a kind `K` ([`ByteListKind`], [`ByteVectorKind`],
//! [`ProgressiveByteKind`]) that says which SSZ type it is. What they share
//! (the slice views, `Ssz`, the hex form) is written once here, in
//! `codec.rs` and in `json.rs`; what differs (the bound, the root, the tree
//! layout, `arbitrary`) is in the type's own file (`list.rs`, `vector.rs`,
//! `progressive.rs`).

mod codec;
mod fixed;
#[cfg(feature = "serde")]
mod json;
mod list;
mod progressive;
#[cfg(test)]
mod tests;
mod vector;
mod view;

use crate::bound::{check_count, check_decoded_count, check_vector_len};
use crate::hex::{parse_hex, to_hex, HexError};
use crate::{BoundError, DecodeError, DecodeErrorKind};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

pub use fixed::{Bytes20, Bytes32, Bytes4, Bytes48, Bytes8, Bytes96, FixedBytes};
pub use list::{ByteList, ByteListKind};
pub use progressive::{ProgressiveByteKind, ProgressiveByteList};
pub use vector::{ByteVector, ByteVectorKind};

mod sealed {
    pub trait Sealed {}
}
use sealed::Sealed;

/// The SSZ type a [`ByteSeq`] is: its length or bounds, from which every
/// check of its bytes follows. Implemented by [`ByteListKind`],
/// [`ByteVectorKind`] and [`ProgressiveByteKind`] only.
pub trait ByteKind: Sealed {
    /// The exact length of a byte vector; `None` for a list.
    const LENGTH: Option<usize>;

    /// A byte list's limit `N`, which decoding refuses past with
    /// [`TooManyElements`](crate::DecodeErrorKind::TooManyElements); `None`
    /// for a vector and for a progressive list.
    const LIMIT: Option<usize>;

    /// What a constructor returns for the wrong number of bytes.
    type Error: fmt::Debug + fmt::Display;

    /// The most bytes a value holds (read now, if it is given at run
    /// time): a vector's length, a list's limit or maximum, `usize::MAX`
    /// for an unbounded progressive list.
    fn maximum() -> usize;

    /// Whether `len` bytes make a value of the type.
    fn check_len(len: usize) -> Result<(), Self::Error>;
}

/// Whether `len` bytes make a value of kind `K`, as parsing hex says it
/// (before the hex is decoded).
fn check_hex<K: ByteKind>(len: usize) -> Result<(), HexError> {
    match K::LENGTH {
        Some(expected) => check_vector_len(len, expected)
            .map_err(|_| HexError::InvalidLength { expected, got: len }),
        None => check_count(len, K::maximum())
            .map_err(|BoundError { len, max }| HexError::TooLong { len, max }),
    }
}

/// Kind `K`'s rule on an encoding's length `len`, before it is copied (or
/// read from a stream): a vector's exact length (never 0), a list's limit,
/// then its maximum.
fn check_decode<K: ByteKind>(len: usize) -> Result<(), DecodeError> {
    match (K::LENGTH, K::LIMIT) {
        // ssz/simple-serialize.md (v1.6.1), "Illegal types".
        (Some(0), _) => Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector)),
        (Some(expected), _) if len != expected => {
            Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected,
                got: len,
            }))
        }
        (None, Some(max)) if len > max => Err(DecodeError::new(DecodeErrorKind::TooManyElements {
            len,
            max,
        })),
        _ => check_decoded_count(len, K::maximum()),
    }
}

/// The kinds whose length varies: the byte lists, bounded by
/// [`ByteKind::maximum`].
pub trait Variable: ByteKind<Error = BoundError> {}

/// The kinds that take a value of any accepted length from a `Vec` or a
/// slice by `TryFrom` (an unbounded progressive byte list takes them by
/// `From`).
pub trait Checked: ByteKind {}

/// A `Vec<u8>` that is the SSZ byte type `K` (see the [module](self));
/// named through [`ByteList`], [`ByteVector`] and [`ProgressiveByteList`].
pub struct ByteSeq<K> {
    inner: Vec<u8>,
    // The kind is a type-level rule, never a value.
    _kind: PhantomData<fn() -> K>,
}

impl<K> ByteSeq<K> {
    /// The bytes `inner`, whose length the caller has checked.
    #[inline]
    pub(crate) const fn from_vec_unchecked(inner: Vec<u8>) -> Self {
        ByteSeq {
            inner,
            _kind: PhantomData,
        }
    }

    /// The `Vec`, to change where the kind allows any length.
    #[inline]
    pub(crate) fn vec_mut(&mut self) -> &mut Vec<u8> {
        &mut self.inner
    }

    /// The bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.inner
    }

    /// The bytes, to change in place.
    #[inline]
    pub fn as_mut_bytes(&mut self) -> &mut [u8] {
        &mut self.inner
    }

    /// The bytes, as a `Vec`.
    #[inline]
    pub fn into_vec(self) -> Vec<u8> {
        self.inner
    }
}

impl<K: ByteKind> ByteSeq<K> {
    /// The bytes `vec`, if their number fits the type.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, K::Error> {
        K::check_len(vec.len())?;
        Ok(ByteSeq::from_vec_unchecked(vec))
    }
}

/// What the byte lists ([`ByteList`], [`ProgressiveByteList`]) share.
impl<K: Variable> ByteSeq<K> {
    /// Appends a byte, or returns an error if the list holds its maximum.
    /// (For an unbounded progressive list, `push` is this and cannot fail.)
    #[inline]
    pub fn try_push(&mut self, byte: u8) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), K::maximum())?;
        self.inner.push(byte);
        Ok(())
    }

    /// Appends `bytes`, or returns an error (appending nothing) if they do
    /// not fit.
    pub fn extend_from_slice(&mut self, bytes: &[u8]) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(bytes.len()), K::maximum())?;
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

impl<K: Checked> TryFrom<Vec<u8>> for ByteSeq<K> {
    type Error = K::Error;

    #[inline]
    fn try_from(vec: Vec<u8>) -> Result<Self, K::Error> {
        ByteSeq::try_from_vec(vec)
    }
}

/// A copy of `bytes`, checked before anything is copied.
impl<K: Checked> TryFrom<&[u8]> for ByteSeq<K> {
    type Error = K::Error;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, K::Error> {
        K::check_len(bytes.len())?;
        Ok(ByteSeq::from_vec_unchecked(bytes.to_vec()))
    }
}

/// Parses `0x`-prefixed hex, refusing a length the type does not take
/// before it allocates.
impl<K: ByteKind> FromStr for ByteSeq<K> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        parse_hex(s, check_hex::<K>).map(ByteSeq::from_vec_unchecked)
    }
}

impl<K> Clone for ByteSeq<K> {
    #[inline]
    fn clone(&self) -> Self {
        ByteSeq::from_vec_unchecked(self.inner.clone())
    }
}

impl<K> PartialEq for ByteSeq<K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<K> Eq for ByteSeq<K> {}

impl<K> PartialOrd for ByteSeq<K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K> Ord for ByteSeq<K> {
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.inner.cmp(&other.inner)
    }
}

impl<K> core::hash::Hash for ByteSeq<K> {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inner.hash(state)
    }
}

impl<K> Deref for ByteSeq<K> {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        &self.inner
    }
}

impl<K> DerefMut for ByteSeq<K> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.inner
    }
}

impl<K> AsRef<[u8]> for ByteSeq<K> {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.inner
    }
}

impl<K> AsMut<[u8]> for ByteSeq<K> {
    #[inline]
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.inner
    }
}

impl<K> From<ByteSeq<K>> for Vec<u8> {
    #[inline]
    fn from(value: ByteSeq<K>) -> Vec<u8> {
        value.inner
    }
}

/// `0x` and lowercase hex.
impl<K> fmt::Display for ByteSeq<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.inner))
    }
}

/// `0x` and lowercase hex, as [`Display`](fmt::Display).
impl<K> fmt::Debug for ByteSeq<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<'a, K> IntoIterator for &'a ByteSeq<K> {
    type Item = &'a u8;
    type IntoIter = core::slice::Iter<'a, u8>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter()
    }
}

impl<K> peam_ssz_core::path::Elements for ByteSeq<K> {
    type Element = u8;
}
