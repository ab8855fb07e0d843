//! `Bitlist[N]`.

use super::buf::{parse_bits_hex, BitBuf, Bits};
use crate::merkle::{merkleize_packed_u64, mix_in_length};
use crate::{
    BoundError, DecodeError, DecodeErrorKind, HexError, IndexError, Length, Root, Ssz, TreeHash,
};
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

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
    _limit: PhantomData<N>,
}

impl<N: Length> Bitlist<N> {
    /// The bitlist of `bits`, whose bound the caller has checked.
    #[inline]
    const fn from_buf(bits: BitBuf) -> Self {
        Bitlist {
            bits,
            _limit: PhantomData,
        }
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

    /// The number of bits.
    #[inline]
    pub fn len(&self) -> usize {
        self.bits.len()
    }

    /// Whether there are no bits.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bits.len() == 0
    }

    /// Bit `i`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        self.bits.get(i)
    }

    /// Sets bit `i`, or returns an error past the end.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) -> Result<(), IndexError> {
        self.bits.set(i, value)
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

    /// The bits, in order.
    #[inline]
    pub fn iter(&self) -> Bits<'_> {
        self.bits.iter()
    }

    /// The number of set bits.
    #[inline]
    pub fn count_ones(&self) -> usize {
        self.bits.count_ones()
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

    /// The packed bits without the delimiter: `len().div_ceil(8)` bytes,
    /// the bits past `len()` zero.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        self.bits.as_bytes()
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

impl<N> fmt::Debug for Bitlist<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bits.fmt("Bitlist", f)
    }
}

/// `0x` and the lowercase hex of the SSZ encoding, delimiter included: the
/// consensus JSON and YAML form.
impl<N: Length> fmt::Display for Bitlist<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::hex::to_hex(&self.to_ssz()))
    }
}

/// Reads the form [`Display`](fmt::Display) writes, checked as
/// [`Ssz::from_ssz`] checks the bytes.
impl<N: Length> FromStr for Bitlist<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        parse_bits_hex(s, Self::from_ssz)
    }
}

impl<N: Length> PartialOrd for Bitlist<N> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<N: Length> Ord for Bitlist<N> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.bits.cmp_bits(&other.bits)
    }
}

impl<'a, N: Length> IntoIterator for &'a Bitlist<N> {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

impl<N: Length> Ssz for Bitlist<N> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;

    #[inline]
    fn ssz_len(&self) -> usize {
        self.bits.ssz_len()
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        self.bits.ssz_write(out)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        Ok(Bitlist::from_buf(BitBuf::from_ssz(bytes, N::USIZE)?))
    }
}

/// `mix_in_length(merkleize(pack_bits(value), limit = (N + 255) // 256),
/// len(value))`.
impl<N: Length> TreeHash for Bitlist<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_packed_u64(self.bits.as_bytes(), N::U64.div_ceil(256)),
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex, serialize_hex};

    /// The hex of the SSZ encoding, delimiter included: `"0x1c"`.
    impl<N: Length> serde::Serialize for Bitlist<N> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.to_ssz(), serializer)
        }
    }

    impl<'de, N: Length> serde::Deserialize<'de> for Bitlist<N> {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex(deserializer)?;
            Bitlist::from_ssz(&bytes).map_err(serde::de::Error::custom)
        }
    }
}
