//! `Bitlist[N]`.

use super::buf::{bitlist_common, BitBuf, Bits};
use crate::merkle::{merkleize_packed, mix_in_length};
use crate::{BoundError, DecodeError, DecodeErrorKind, IndexError, Length, Root, TreeHash};
use core::marker::PhantomData;

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
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bitlist<N> {
    bits: BitBuf,
    _marker: PhantomData<N>,
}

bitlist_common!(Bitlist<N: Length>, "Bitlist");

impl<N: Length> Bitlist<N> {
    /// The encoding's bits, refusing more than the limit before it copies
    /// them.
    #[inline]
    fn decode_buf(bytes: &[u8]) -> Result<BitBuf, DecodeError> {
        BitBuf::from_ssz(bytes, N::USIZE)
    }

    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        Bitlist::from_buf(BitBuf::new())
    }

    /// `len` zero bits, if `len` is within the limit.
    pub fn with_len(len: usize) -> Result<Self, BoundError> {
        if len > N::USIZE {
            return Err(BoundError { len, max: N::USIZE });
        }
        Ok(Bitlist::from_buf(BitBuf::zeros(len)))
    }

    /// The bitlist of `bits`, if they are within the limit.
    pub fn from_bools(bits: &[bool]) -> Result<Self, BoundError> {
        if bits.len() > N::USIZE {
            return Err(BoundError {
                len: bits.len(),
                max: N::USIZE,
            });
        }
        Ok(Bitlist::from_buf(BitBuf::from_bools(bits)))
    }

    /// The bitlist of the bits `iter` yields, if they are within the limit.
    /// It draws at most `N + 1` bits: past the limit it stops, and the
    /// error's `len` is `N + 1`.
    ///
    /// ```
    /// use peam_ssz_types::{Bitlist, BoundError, U};
    ///
    /// let bits = Bitlist::<U<4>>::try_from_iter((0..4).map(|i| i % 2 == 0))?;
    /// assert_eq!(bits.ones().collect::<Vec<_>>(), [0, 2]);
    /// assert_eq!(
    ///     Bitlist::<U<4>>::try_from_iter(core::iter::repeat(true)),
    ///     Err(BoundError { len: 5, max: 4 })
    /// );
    /// # Ok::<(), BoundError>(())
    /// ```
    pub fn try_from_iter(iter: impl IntoIterator<Item = bool>) -> Result<Self, BoundError> {
        let mut bits = BitBuf::new();
        for bit in iter {
            if bits.len() == N::USIZE {
                return Err(BoundError {
                    len: N::USIZE.saturating_add(1),
                    max: N::USIZE,
                });
            }
            bits.push(bit);
        }
        Ok(Bitlist::from_buf(bits))
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `len` is
    /// over the limit, `bytes` is not `len.div_ceil(8)` long, or a bit at or
    /// past `len` is set.
    pub fn from_raw_bytes(bytes: alloc::vec::Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        if len > N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::TooManyBits {
                len,
                max: N::USIZE,
            }));
        }
        Ok(Bitlist::from_buf(BitBuf::from_raw(bytes, len)?))
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends a bit, or returns an error if the bitlist is full.
    pub fn push(&mut self, value: bool) -> Result<(), BoundError> {
        if self.bits.len() >= N::USIZE {
            return Err(BoundError {
                len: self.bits.len() + 1,
                max: N::USIZE,
            });
        }
        self.bits.push(value);
        Ok(())
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
            .map(Bitlist::from_buf)
    }

    /// The bitwise and of two bitlists of the same length, or `None` if
    /// their lengths differ.
    pub fn intersection(&self, other: &Self) -> Option<Self> {
        self.bits
            .zip_with(&other.bits, |a, b| a & b)
            .map(Bitlist::from_buf)
    }

    /// Whether a bit is set in both (compared over the shorter length).
    pub fn intersects(&self, other: &Self) -> bool {
        self.bits.intersects(&other.bits)
    }
}

impl<N: Length> Default for Bitlist<N> {
    #[inline]
    fn default() -> Self {
        Bitlist::new()
    }
}

/// `mix_in_length(merkleize(pack_bits(value), limit = (N + 255) // 256),
/// len(value))`.
impl<N: Length> TreeHash for Bitlist<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_packed(self.bits.as_bytes(), N::U64.div_ceil(256)),
            self.bits.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
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

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<N: Length> crate::json::ConsensusJson for Bitlist<N> {
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
