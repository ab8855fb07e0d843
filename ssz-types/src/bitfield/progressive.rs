//! `ProgressiveBitlist` (EIP-7916).

use super::buf::{bitlist_common, BitBuf, Bits};
use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{BoundError, DecodeError, DecodeErrorKind, IndexError, Root, TreeHash};
use alloc::vec::Vec;
use core::marker::PhantomData;

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
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ProgressiveBitlist<E = Current, M = Unbounded> {
    bits: BitBuf,
    _marker: PhantomData<(E, M)>,
}

bitlist_common!(ProgressiveBitlist<E: Edition, M: MaxLen>, "ProgressiveBitlist");

impl<E, M> ProgressiveBitlist<E, M> {
    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveBitlist::from_buf(BitBuf::new())
    }

    /// The same bits, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveBitlist<F, M> {
        ProgressiveBitlist::from_buf(self.bits)
    }
}

impl<E, M: MaxLen> ProgressiveBitlist<E, M> {
    /// The maximum number of bits `M` (read now, if it is given at run
    /// time); `usize::MAX` for [`Unbounded`].
    #[inline]
    pub fn maximum() -> usize {
        M::max_len()
    }

    /// The encoding's bits, refusing more than the maximum before it copies
    /// them.
    fn decode_buf(bytes: &[u8]) -> Result<BitBuf, DecodeError> {
        let max = M::max_len();
        BitBuf::from_ssz(bytes, max).map_err(|e| match *e.kind() {
            DecodeErrorKind::TooManyBits { len, .. } => {
                DecodeError::new(DecodeErrorKind::ExceedsMaximum { len, max })
            }
            _ => e,
        })
    }

    /// `len` zero bits, if `len` is within the maximum.
    pub fn try_with_len(len: usize) -> Result<Self, BoundError> {
        check_count(len, M::max_len())?;
        Ok(ProgressiveBitlist::from_buf(BitBuf::zeros(len)))
    }

    /// The bitlist of `bits`, if they are within the maximum.
    pub fn try_from_bools(bits: &[bool]) -> Result<Self, BoundError> {
        check_count(bits.len(), M::max_len())?;
        Ok(ProgressiveBitlist::from_buf(BitBuf::from_bools(bits)))
    }

    /// The bitlist of the bits `iter` yields, if they are within the
    /// maximum. It draws at most `M + 1` bits.
    pub fn try_from_iter(iter: impl IntoIterator<Item = bool>) -> Result<Self, BoundError> {
        let max = M::max_len();
        let mut bits = BitBuf::new();
        for bit in iter {
            if bits.len() == max {
                return Err(BoundError {
                    len: max.saturating_add(1),
                    max,
                });
            }
            bits.push(bit);
        }
        Ok(ProgressiveBitlist::from_buf(bits))
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `len` is
    /// over the maximum, `bytes` is not `len.div_ceil(8)` long or a bit at
    /// or past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        crate::bound::check_decoded_count(len, M::max_len())?;
        Ok(ProgressiveBitlist::from_buf(BitBuf::from_raw(bytes, len)?))
    }

    /// Appends a bit, or returns an error past the maximum. For an
    /// [`Unbounded`] bitlist, `push` is this and cannot fail.
    pub fn try_push(&mut self, value: bool) -> Result<(), BoundError> {
        check_count(self.bits.len().saturating_add(1), M::max_len())?;
        self.bits.push(value);
        Ok(())
    }
}

impl<E, M: Bounded> ProgressiveBitlist<E, M> {
    /// Appends a bit, or returns an error if the bitlist holds its maximum.
    pub fn push(&mut self, value: bool) -> Result<(), BoundError> {
        self.try_push(value)
    }
}

impl<E> ProgressiveBitlist<E, Unbounded> {
    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::zeros(len))
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::from_bools(bits))
    }

    /// Appends a bit.
    pub fn push(&mut self, value: bool) {
        self.bits.push(value)
    }
}

impl<E> FromIterator<bool> for ProgressiveBitlist<E, Unbounded> {
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
impl<E: Edition, M: MaxLen> TreeHash for ProgressiveBitlist<E, M> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(self.bits.as_bytes()),
            self.bits.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes; the length mix-in counts bits.
        crate::seq::progressive_node::<E, u8>(self.bits.as_bytes(), self.bits.len(), gindex)
    }
}

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<E: Edition, M: MaxLen> crate::json::ConsensusJson for ProgressiveBitlist<E, M> {
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
