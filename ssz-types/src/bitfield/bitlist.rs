//! `Bitlist[N]`.

use super::buf::BitBuf;
use super::seq::{BitKind, BitSeq, Sealed};
use crate::bound::check_count;
use crate::merkle::{merkleize_packed, mix_in_length};
use crate::{BoundError, DecodeErrorKind, Gindex, Length, ProofError, Root, TreeHash};
use core::marker::PhantomData;
use peam_ssz_core::path::{Layout, TreeLayout};

/// `Bitlist[N]`: up to `N::USIZE` bits.
///
/// Stored as the packed bits without the length-delimiting bit, so
/// [`Bitlist::as_bytes`] is what merkleization packs; the encoding adds the
/// delimiter (ssz/simple-serialize.md v1.6.1, "`Bitlist[N]`,
/// `ProgressiveBitlist`").
///
/// ```
/// use peam_ssz_types::{Bitlist, Ssz, U};
///
/// let mut bits = Bitlist::<U<8>>::with_len(3)?;
/// bits.set(1, true)?;
/// assert_eq!(bits.to_ssz(), [0b1010]); // bits 0..3 = 0, 1, 0; delimiter at bit 3
/// assert_eq!(Bitlist::<U<8>>::from_ssz(&[0b1010])?, bits);
/// assert!(Bitlist::<U<8>>::from_ssz(&[0]).is_err()); // no delimiter
///
/// // The consensus hex form (the SSZ encoding), as serde writes it.
/// assert_eq!(bits.to_string(), "0x0a");
/// assert_eq!("0x0a".parse::<Bitlist<U<8>>>()?, bits);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Bitlists order as their sequences of bits (as `[bool]` would): bit by
/// bit from bit 0, a prefix before what extends it.
pub type Bitlist<N> = BitSeq<BitlistKind<N>>;

/// The kind of [`Bitlist<N>`]: at most `N` bits.
pub struct BitlistKind<N>(PhantomData<N>);

impl<N> Sealed for BitlistKind<N> {}

impl<N: Length> BitKind for BitlistKind<N> {
    const NAME: &'static str = "Bitlist";

    #[inline]
    fn maximum() -> usize {
        N::USIZE
    }

    #[inline]
    fn over_maximum(len: usize, max: usize) -> DecodeErrorKind {
        DecodeErrorKind::TooManyBits { len, max }
    }
}

impl<N: Length> BitSeq<BitlistKind<N>> {
    /// `len` zero bits, if `len` is within the limit.
    pub fn with_len(len: usize) -> Result<Self, BoundError> {
        check_count(len, N::USIZE)?;
        Ok(BitSeq::from_buf(BitBuf::zeros(len)))
    }

    /// The bitlist of `bits`, if they are within the limit.
    pub fn from_bools(bits: &[bool]) -> Result<Self, BoundError> {
        check_count(bits.len(), N::USIZE)?;
        Ok(BitSeq::from_buf(BitBuf::from_bools(bits)))
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends a bit, or returns an error if the bitlist is full.
    #[inline]
    pub fn push(&mut self, value: bool) -> Result<(), BoundError> {
        self.try_push(value)
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.bits.is_zero()
    }

    /// The indices of the set bits, in order.
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter().enumerate().filter_map(|(i, b)| b.then_some(i))
    }

    /// The bitwise or of two bitlists of the same length, or `None` if
    /// their lengths differ.
    pub fn union(&self, other: &Self) -> Option<Self> {
        self.bits
            .zip_with(&other.bits, |a, b| a | b)
            .map(BitSeq::from_buf)
    }

    /// The bitwise and of two bitlists of the same length, or `None` if
    /// their lengths differ.
    pub fn intersection(&self, other: &Self) -> Option<Self> {
        self.bits
            .zip_with(&other.bits, |a, b| a & b)
            .map(BitSeq::from_buf)
    }

    /// Whether a bit is set in both (compared over the shorter length).
    pub fn intersects(&self, other: &Self) -> bool {
        self.bits.intersects(&other.bits)
    }
}

/// `mix_in_length(merkleize(pack_bits(value), limit = (N + 255) // 256),
/// len(value))`.
impl<N: Length> TreeHash for BitSeq<BitlistKind<N>> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_packed(self.bits.as_bytes(), N::U64.div_ceil(256)),
            self.bits.len(),
        )
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes (`N / 8` of them at most); the length
        // mix-in counts bits.
        crate::codec::list_node(
            self.bits.as_bytes(),
            N::U64.div_ceil(8),
            self.bits.len(),
            gindex,
        )
    }
}

impl<N: Length> TreeLayout for BitSeq<BitlistKind<N>> {
    const LAYOUT: &'static Layout = &Layout::Bitlist { limit: N::U64 };
}

/// A length up to the limit and 8 bits per input byte left, then the bits,
/// packed.
#[cfg(feature = "arbitrary")]
impl<'a, N: Length> ::arbitrary::Arbitrary<'a> for BitSeq<BitlistKind<N>> {
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let len = crate::arbitrary::bit_len(u, N::USIZE)?;
        Bitlist::from_raw_bytes(crate::arbitrary::packed_bits(u, len)?, len)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (
            0,
            N::USIZE
                .div_ceil(8)
                .checked_add(core::mem::size_of::<usize>()),
        )
    }
}
