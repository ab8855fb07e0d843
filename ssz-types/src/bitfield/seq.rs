//! The one storage of the two bitlists: [`BitSeq<K>`], the packed bits
//! (without the delimiter) and a kind `K` that says which SSZ type it is.
//!
//! [`Bitlist`](crate::Bitlist) and
//! [`ProgressiveBitlist`](crate::ProgressiveBitlist) are names of `BitSeq`
//! with a kind ([`BitlistKind`](super::BitlistKind),
//! [`ProgressiveBitKind`](super::ProgressiveBitKind)). What they share is
//! written once here: the read and write accessors, `Debug`, the hex form
//! (`Display`/`FromStr`, serde, the consensus JSON), the bit-by-bit order
//! and the SSZ encoding. What differs (the bound, the error past it, the
//! root, the tree layout, `arbitrary`) is in the type's own file.

use super::buf::{BitBuf, Bits};
use crate::{BoundError, DecodeError, DecodeErrorKind, IndexError, Ssz};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// The SSZ type a [`BitSeq`] is: its bound and how going past it is
/// reported. Implemented by [`BitlistKind`](super::BitlistKind) and
/// [`ProgressiveBitKind`](super::ProgressiveBitKind) only.
pub trait BitKind: Sealed {
    /// The type's name, for `Debug`.
    const NAME: &'static str;

    /// The most bits the type holds (read now, if it is given at run time).
    fn maximum() -> usize;

    /// The decoding error for `len` bits past the maximum `max`.
    fn over_maximum(len: usize, max: usize) -> DecodeErrorKind;
}

/// Packed bits that are the SSZ bitlist type `K` (see the
/// [module](crate::bitfield)); named through [`Bitlist`](crate::Bitlist) and
/// [`ProgressiveBitlist`](crate::ProgressiveBitlist).
pub struct BitSeq<K> {
    pub(super) bits: BitBuf,
    // The kind is a type-level rule, never a value.
    _kind: PhantomData<fn() -> K>,
}

impl<K> BitSeq<K> {
    /// The bitlist of `bits`, whose bound the caller has checked.
    #[inline]
    pub(crate) const fn from_buf(bits: BitBuf) -> Self {
        BitSeq {
            bits,
            _kind: PhantomData,
        }
    }

    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        BitSeq::from_buf(BitBuf::new())
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

    /// The packed bits without the delimiter: `len().div_ceil(8)`
    /// bytes, the bits past `len()` zero.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        self.bits.as_bytes()
    }
}

impl<K: BitKind> BitSeq<K> {
    /// The bitlist of the bits `iter` yields, if they are within the
    /// bound. It draws at most one bit past the bound: past it it stops,
    /// and the error's `len` is the bound plus one.
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
        let max = K::maximum();
        let mut bits = BitBuf::new();
        crate::bound::push_within(iter, max, |bit| bits.push(bit))?;
        Ok(BitSeq::from_buf(bits))
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `len` is
    /// over the bound, `bytes` is not `len.div_ceil(8)` long, or a bit at or
    /// past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        let max = K::maximum();
        if len > max {
            return Err(DecodeError::new(K::over_maximum(len, max)));
        }
        Ok(BitSeq::from_buf(BitBuf::from_raw(bytes, len)?))
    }

    /// Appends a bit, or returns an error past the bound.
    #[inline]
    pub fn try_push(&mut self, value: bool) -> Result<(), BoundError> {
        crate::bound::check_count(self.bits.len().saturating_add(1), K::maximum())?;
        self.bits.push(value);
        Ok(())
    }
}

impl<K> Clone for BitSeq<K> {
    #[inline]
    fn clone(&self) -> Self {
        BitSeq::from_buf(self.bits.clone())
    }
}

impl<K> PartialEq for BitSeq<K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<K> Eq for BitSeq<K> {}

impl<K> core::hash::Hash for BitSeq<K> {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state)
    }
}

impl<K> Default for BitSeq<K> {
    #[inline]
    fn default() -> Self {
        BitSeq::new()
    }
}

impl<K: BitKind> fmt::Debug for BitSeq<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bits.fmt(K::NAME, f)
    }
}

/// `0x` and the lowercase hex of the SSZ encoding, delimiter included: the
/// consensus JSON and YAML form.
impl<K: BitKind> fmt::Display for BitSeq<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::hex::to_hex(&self.to_ssz()))
    }
}

/// Reads the form [`Display`](core::fmt::Display) writes, checked as
/// [`Ssz::from_ssz`](crate::Ssz::from_ssz) checks the bytes.
impl<K: BitKind> FromStr for BitSeq<K> {
    type Err = crate::HexError;

    fn from_str(s: &str) -> Result<Self, crate::HexError> {
        super::buf::parse_bits_hex(s, Self::from_ssz)
    }
}

impl<K> PartialOrd for BitSeq<K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Bit by bit from bit 0, as `[bool]` would order them: a prefix before
/// what extends it.
impl<K> Ord for BitSeq<K> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.bits.cmp_bits(&other.bits)
    }
}

impl<'a, K> IntoIterator for &'a BitSeq<K> {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

/// The packed bits and the delimiter bit after them
/// (ssz/simple-serialize.md v1.6.1, "`Bitlist[N]`, `ProgressiveBitlist`"),
/// more bits than the bound refused before they are copied.
impl<K: BitKind> Ssz for BitSeq<K> {
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
        let max = K::maximum();
        let bits = BitBuf::from_ssz(bytes, max).map_err(|e| match *e.kind() {
            DecodeErrorKind::TooManyBits { len, .. } => DecodeError::new(K::over_maximum(len, max)),
            _ => e,
        })?;
        Ok(BitSeq::from_buf(bits))
    }

    /// The bits and the delimiter, from the buffer.
    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        super::stream::write_bits(&self.bits, sink)
    }

    /// As `from_ssz`; an encoding too long for the bound is refused
    /// without holding its bytes.
    #[inline]
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        let bytes = super::stream::read_bits(source, len, K::maximum(), K::over_maximum)?;
        Ok(Self::from_ssz(&bytes)?)
    }
}

impl<K> peam_ssz_core::path::Elements for BitSeq<K> {
    type Element = bool;
}

/// The hex of the SSZ encoding, delimiter included: `"0x1c"`.
#[cfg(feature = "serde")]
impl<K: BitKind> serde::Serialize for BitSeq<K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::serde_support::serialize_hex(&self.to_ssz(), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, K: BitKind> serde::Deserialize<'de> for BitSeq<K> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let bytes = crate::serde_support::deserialize_hex(deserializer)?;
        Self::from_ssz(&bytes).map_err(serde::de::Error::custom)
    }
}

/// Its serde form, the consensus one: `0x` hex.
#[cfg(feature = "serde")]
impl<K: BitKind> crate::json::ConsensusJson for BitSeq<K> {
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self, serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }
}
