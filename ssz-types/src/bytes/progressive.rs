//! `ProgressiveByteList` (EIP-7916).

use super::{ByteKind, ByteSeq, Checked, Sealed, Variable};
use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{BoundError, Gindex, ProofError, Root, TreeHash};
use alloc::vec::Vec;
use core::marker::PhantomData;
use peam_ssz_core::path::{Layout, TreeLayout, UINT8};

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
pub type ProgressiveByteList<E = Current, M = Unbounded> = ByteSeq<ProgressiveByteKind<E, M>>;

/// The kind of [`ProgressiveByteList<E, M>`]: merkleized as edition `E`
/// defines it, at most `M` bytes.
pub struct ProgressiveByteKind<E, M>(PhantomData<(E, M)>);

impl<E, M> Sealed for ProgressiveByteKind<E, M> {}

// Encoded like a list without a limit: any number of bytes up to the
// maximum, checked before the copy.
impl<E, M: MaxLen> ByteKind for ProgressiveByteKind<E, M> {
    const LENGTH: Option<usize> = None;
    const LIMIT: Option<usize> = None;
    type Error = BoundError;

    #[inline]
    fn maximum() -> usize {
        M::max_len()
    }

    #[inline]
    fn check_len(len: usize) -> Result<(), BoundError> {
        check_count(len, M::max_len())
    }
}

impl<E, M: Bounded> Checked for ProgressiveByteKind<E, M> {}

impl<E, M: MaxLen> Variable for ProgressiveByteKind<E, M> {}

impl<E, M> ByteSeq<ProgressiveByteKind<E, M>> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ByteSeq::from_vec_unchecked(Vec::new())
    }

    /// The same bytes, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveByteList<F, M> {
        ByteSeq::from_vec_unchecked(self.inner)
    }
}

impl<E, M: MaxLen> ByteSeq<ProgressiveByteKind<E, M>> {
    /// The maximum `M` (read now, if it is given at run time);
    /// `usize::MAX` for [`Unbounded`].
    #[inline]
    pub fn maximum() -> usize {
        M::max_len()
    }
}

impl<E, M: Bounded> ByteSeq<ProgressiveByteKind<E, M>> {
    /// Appends a byte, or returns an error if the list holds its maximum.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), BoundError> {
        self.try_push(byte)
    }
}

impl<E> ByteSeq<ProgressiveByteKind<E, Unbounded>> {
    /// Appends a byte.
    #[inline]
    pub fn push(&mut self, byte: u8) {
        self.inner.push(byte)
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<u8> {
        self.vec_mut()
    }
}

impl<E, M> Default for ByteSeq<ProgressiveByteKind<E, M>> {
    #[inline]
    fn default() -> Self {
        ProgressiveByteList::new()
    }
}

impl<E> From<Vec<u8>> for ByteSeq<ProgressiveByteKind<E, Unbounded>> {
    #[inline]
    fn from(inner: Vec<u8>) -> Self {
        ByteSeq::from_vec_unchecked(inner)
    }
}

impl<E> From<&[u8]> for ByteSeq<ProgressiveByteKind<E, Unbounded>> {
    #[inline]
    fn from(bytes: &[u8]) -> Self {
        ByteSeq::from_vec_unchecked(bytes.to_vec())
    }
}

/// `mix_in_length(merkleize_progressive(pack(bytes)), len)`, progressive
/// merkleization as edition `E` defines it.
impl<E: Edition, M: MaxLen> TreeHash for ByteSeq<ProgressiveByteKind<E, M>> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(&self.inner),
            self.inner.len(),
        )
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::seq::progressive_node::<E, u8>(&self.inner, self.inner.len(), gindex)
    }
}

impl<E: Edition, M> TreeLayout for ByteSeq<ProgressiveByteKind<E, M>> {
    const LAYOUT: &'static Layout = &Layout::ProgressiveList {
        elem: UINT8,
        edition: E::RULES,
    };
}

#[cfg(feature = "arbitrary")]
impl<'a, E, M: MaxLen> ::arbitrary::Arbitrary<'a> for ByteSeq<ProgressiveByteKind<E, M>> {
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let bytes = crate::arbitrary::list_bytes(u, M::max_len())?;
        ProgressiveByteList::try_from_vec(bytes).map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (0, None)
    }
}
