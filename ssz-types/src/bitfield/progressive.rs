//! `ProgressiveBitlist` (EIP-7916).

use super::buf::{parse_bits_hex, BitBuf, Bits};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{DecodeError, HexError, IndexError, Root, Ssz, TreeHash};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

/// `ProgressiveBitlist` (EIP-7916): any number of bits.
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
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ProgressiveBitlist<E = Current> {
    bits: BitBuf,
    _edition: PhantomData<E>,
}

impl<E> ProgressiveBitlist<E> {
    #[inline]
    const fn from_buf(bits: BitBuf) -> Self {
        ProgressiveBitlist {
            bits,
            _edition: PhantomData,
        }
    }

    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveBitlist::from_buf(BitBuf::new())
    }

    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::zeros(len))
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::from_bools(bits))
    }

    /// The same bits, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveBitlist<F> {
        ProgressiveBitlist::from_buf(self.bits)
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `bytes` is
    /// not `len.div_ceil(8)` long or a bit at or past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        Ok(ProgressiveBitlist::from_buf(BitBuf::from_raw(bytes, len)?))
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

    /// Appends a bit.
    pub fn push(&mut self, value: bool) {
        self.bits.push(value)
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

    /// The packed bits without the delimiter: `len().div_ceil(8)` bytes,
    /// the bits past `len()` zero.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        self.bits.as_bytes()
    }
}

impl<E> fmt::Debug for ProgressiveBitlist<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bits.fmt("ProgressiveBitlist", f)
    }
}

/// `0x` and the lowercase hex of the SSZ encoding, delimiter included: the
/// consensus JSON and YAML form.
impl<E: Edition> fmt::Display for ProgressiveBitlist<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::hex::to_hex(&self.to_ssz()))
    }
}

/// Reads the form [`Display`](fmt::Display) writes, checked as
/// [`Ssz::from_ssz`] checks the bytes.
impl<E: Edition> FromStr for ProgressiveBitlist<E> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        parse_bits_hex(s, Self::from_ssz)
    }
}

impl<E: Eq> PartialOrd for ProgressiveBitlist<E> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<E: Eq> Ord for ProgressiveBitlist<E> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.bits.cmp_bits(&other.bits)
    }
}

impl<E> FromIterator<bool> for ProgressiveBitlist<E> {
    fn from_iter<I: IntoIterator<Item = bool>>(iter: I) -> Self {
        let mut bits = ProgressiveBitlist::new();
        for b in iter {
            bits.push(b);
        }
        bits
    }
}

impl<'a, E> IntoIterator for &'a ProgressiveBitlist<E> {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

impl<E: Edition> Ssz for ProgressiveBitlist<E> {
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
        Ok(ProgressiveBitlist::from_buf(BitBuf::from_ssz(
            bytes,
            usize::MAX,
        )?))
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))`,
/// progressive merkleization as edition `E` defines it.
impl<E: Edition> TreeHash for ProgressiveBitlist<E> {
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex, serialize_hex};

    /// The hex of the SSZ encoding, delimiter included.
    impl<E: Edition> serde::Serialize for ProgressiveBitlist<E> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.to_ssz(), serializer)
        }
    }

    impl<'de, E: Edition> serde::Deserialize<'de> for ProgressiveBitlist<E> {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex(deserializer)?;
            ProgressiveBitlist::from_ssz(&bytes).map_err(serde::de::Error::custom)
        }
    }
}
