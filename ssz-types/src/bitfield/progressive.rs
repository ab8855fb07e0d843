//! `ProgressiveBitlist` (EIP-7916).

use super::buf::BitBuf;
use super::seq::{BitKind, BitSeq, Sealed};
use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{BoundError, DecodeErrorKind, Gindex, ProofError, Root, TreeHash};
use core::marker::PhantomData;
use peam_ssz_core::path::{Layout, TreeLayout};

/// `ProgressiveBitlist` (EIP-7916): any number of bits (at most `M`).
///
/// Encoded like a `Bitlist` (with the delimiter bit); merkleized with
/// `merkleize_progressive` as edition `E` defines it ([`Current`] unless
/// named; see [`ProgressiveList`](crate::ProgressiveList)).
///
/// ```
/// use peam_ssz_types::{ProgressiveBitlist, Ssz};
///
/// let bits: ProgressiveBitlist = ProgressiveBitlist::from_bools(&[true, false, true]);
/// assert_eq!(bits.to_ssz(), [0b1101]);
/// assert_eq!(ProgressiveBitlist::from_ssz(&[0b1101])?, bits);
/// assert_eq!(bits.to_string(), "0x0d");
/// assert_eq!("0x0d".parse::<ProgressiveBitlist>().ok(), Some(bits));
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// Progressive bitlists order as their sequences of bits (as `[bool]`
/// would), whatever the edition.
///
/// `M` is a maximum number of bits ([`MaxLen`]; [`Unbounded`] unless
/// named), as [`ProgressiveList`](crate::ProgressiveList) takes one: it
/// bounds decoding (before anything is allocated), the constructors and
/// `push`, and changes neither the bytes nor the root.
///
/// ```
/// use peam_ssz_types::{BoundError, DecodeErrorKind, ProgressiveBitlist, Ssz, U, V1_7};
///
/// type Bits = ProgressiveBitlist<V1_7, U<4>>;
/// let mut bits = Bits::try_from_bools(&[true; 4])?;
/// assert_eq!(bits.push(true), Err(BoundError { len: 5, max: 4 }));
/// let err = Bits::from_ssz(&[0b10_0000]).unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 5, max: 4 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ProgressiveBitlist<E = Current, M = Unbounded> = BitSeq<ProgressiveBitKind<E, M>>;

/// The kind of [`ProgressiveBitlist<E, M>`]: merkleized as edition `E`
/// defines it, at most `M` bits.
pub struct ProgressiveBitKind<E, M>(PhantomData<(E, M)>);

impl<E, M> Sealed for ProgressiveBitKind<E, M> {}

impl<E, M: MaxLen> BitKind for ProgressiveBitKind<E, M> {
    const NAME: &'static str = "ProgressiveBitlist";

    #[inline]
    fn maximum() -> usize {
        M::max_len()
    }

    #[inline]
    fn over_maximum(len: usize, max: usize) -> DecodeErrorKind {
        DecodeErrorKind::ExceedsMaximum { len, max }
    }
}

impl<E, M> BitSeq<ProgressiveBitKind<E, M>> {
    /// The same bits, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveBitlist<F, M> {
        BitSeq::from_buf(self.bits)
    }
}

impl<E, M: MaxLen> BitSeq<ProgressiveBitKind<E, M>> {
    /// The maximum number of bits `M` (read now, if it is given at run
    /// time); `usize::MAX` for [`Unbounded`].
    #[inline]
    pub fn maximum() -> usize {
        M::max_len()
    }

    /// `len` zero bits, if `len` is within the maximum.
    pub fn try_with_len(len: usize) -> Result<Self, BoundError> {
        check_count(len, M::max_len())?;
        Ok(BitSeq::from_buf(BitBuf::zeros(len)))
    }

    /// The bitlist of `bits`, if they are within the maximum.
    pub fn try_from_bools(bits: &[bool]) -> Result<Self, BoundError> {
        check_count(bits.len(), M::max_len())?;
        Ok(BitSeq::from_buf(BitBuf::from_bools(bits)))
    }
}

impl<E, M: Bounded> BitSeq<ProgressiveBitKind<E, M>> {
    /// Appends a bit, or returns an error if the bitlist holds its maximum.
    pub fn push(&mut self, value: bool) -> Result<(), BoundError> {
        self.try_push(value)
    }
}

impl<E> BitSeq<ProgressiveBitKind<E, Unbounded>> {
    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        BitSeq::from_buf(BitBuf::zeros(len))
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        BitSeq::from_buf(BitBuf::from_bools(bits))
    }

    /// Appends a bit.
    pub fn push(&mut self, value: bool) {
        self.bits.push(value)
    }
}

impl<E> FromIterator<bool> for BitSeq<ProgressiveBitKind<E, Unbounded>> {
    fn from_iter<I: IntoIterator<Item = bool>>(iter: I) -> Self {
        let mut bits = ProgressiveBitlist::<E, Unbounded>::new();
        for b in iter {
            bits.push(b);
        }
        bits
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))`,
/// progressive merkleization as edition `E` defines it.
impl<E: Edition, M: MaxLen> TreeHash for BitSeq<ProgressiveBitKind<E, M>> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(self.bits.as_bytes()),
            self.bits.len(),
        )
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes; the length mix-in counts bits.
        crate::seq::progressive_node::<E, u8>(self.bits.as_bytes(), self.bits.len(), gindex)
    }
}

impl<E: Edition, M> TreeLayout for BitSeq<ProgressiveBitKind<E, M>> {
    const LAYOUT: &'static Layout = &Layout::ProgressiveBitlist { edition: E::RULES };
}

/// A length up to the maximum and 8 bits per input byte left, then the
/// bits, packed.
#[cfg(feature = "arbitrary")]
impl<'a, E, M: MaxLen> ::arbitrary::Arbitrary<'a> for BitSeq<ProgressiveBitKind<E, M>> {
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let len = crate::arbitrary::bit_len(u, M::max_len())?;
        ProgressiveBitlist::from_raw_bytes(crate::arbitrary::packed_bits(u, len)?, len)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (0, None)
    }
}
