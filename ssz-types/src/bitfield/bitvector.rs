//! `Bitvector[N]`.

use super::buf::{
    bit, check_raw_bits, cmp_bits, count_ones, fmt_bits, pack_bools, parse_bits_hex, set_bit, Bits,
};
use crate::merkle::merkleize_packed;
use crate::{
    DecodeError, DecodeErrorKind, HexError, IndexError, Length, LengthError, Root, Ssz, TreeHash,
};
use alloc::{vec, vec::Vec};
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

/// `Bitvector[N]`: exactly `N::USIZE` bits, `N > 0`.
///
/// ```
/// use peam_ssz_types::{Bitvector, Ssz, U};
///
/// let mut bits = Bitvector::<U<10>>::new();
/// bits.set(0, true)?;
/// bits.set(9, true)?;
/// assert_eq!(bits.to_ssz(), [0b0000_0001, 0b0000_0010]);
/// assert!(Bitvector::<U<10>>::from_ssz(&[0, 0b100]).is_err()); // bit 10 set
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bitvector<N> {
    // `N.div_ceil(8)` bytes; the bits past `N` are zero.
    bytes: Vec<u8>,
    _len: PhantomData<N>,
}

impl<N: Length> Bitvector<N> {
    /// `N` zero bits.
    ///
    /// Does not compile for the illegal `Bitvector[0]`.
    #[inline]
    pub fn new() -> Self {
        let () = Self::NOT_EMPTY;
        Bitvector {
            bytes: vec![0; N::USIZE.div_ceil(8)],
            _len: PhantomData,
        }
    }

    const NOT_EMPTY: () = assert!(N::USIZE > 0, "Bitvector[0] is an illegal SSZ type");

    /// The bitvector of `bits`, if there are exactly `N` of them.
    pub fn from_bools(bits: &[bool]) -> Result<Self, LengthError> {
        if bits.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: bits.len(),
                expected: N::USIZE,
            });
        }
        Ok(Bitvector {
            bytes: pack_bools(bits),
            _len: PhantomData,
        })
    }

    /// The bitvector of the bits `iter` yields, if it yields exactly `N`.
    /// It draws at most `N + 1` bits: past the length it stops, and the
    /// error's `len` is `N + 1`.
    pub fn try_from_iter(iter: impl IntoIterator<Item = bool>) -> Result<Self, LengthError> {
        let mut bytes = vec![0; N::USIZE.div_ceil(8)];
        let mut len = 0;
        for bit in iter {
            if len == N::USIZE {
                len += 1;
                break;
            }
            set_bit(&mut bytes, len, bit);
            len += 1;
        }
        if len != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len,
                expected: N::USIZE,
            });
        }
        Ok(Bitvector {
            bytes,
            _len: PhantomData,
        })
    }

    /// The bitvector of the packed bits `bytes` (its SSZ encoding): exactly
    /// `N.div_ceil(8)` bytes, no bit set past `N`.
    pub fn from_raw_bytes(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        check_raw_bits(&bytes, N::USIZE)?;
        Ok(Bitvector {
            bytes,
            _len: PhantomData,
        })
    }

    /// The number of bits, `N`.
    #[inline]
    pub fn len(&self) -> usize {
        N::USIZE
    }

    /// Always false: `Bitvector[0]` is illegal.
    #[inline]
    pub fn is_empty(&self) -> bool {
        N::USIZE == 0
    }

    /// Bit `i`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        bit(&self.bytes, N::USIZE, i)
    }

    /// Sets bit `i`, or returns an error past the end.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) -> Result<(), IndexError> {
        if i >= N::USIZE {
            return Err(IndexError {
                index: i,
                len: N::USIZE,
            });
        }
        set_bit(&mut self.bytes, i, value);
        Ok(())
    }

    /// The bits, in order.
    #[inline]
    pub fn iter(&self) -> Bits<'_> {
        Bits::new(&self.bytes, N::USIZE)
    }

    /// The number of set bits.
    #[inline]
    pub fn count_ones(&self) -> usize {
        count_ones(&self.bytes, N::USIZE)
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.bytes.iter().all(|&b| b == 0)
    }

    /// The indices of the set bits, in order.
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter().enumerate().filter_map(|(i, b)| b.then_some(i))
    }

    /// The packed bits, which are also the SSZ encoding: `N.div_ceil(8)`
    /// bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bitwise or.
    pub fn union(&self, other: &Self) -> Self {
        Bitvector {
            bytes: self
                .bytes
                .iter()
                .zip(&other.bytes)
                .map(|(a, b)| a | b)
                .collect(),
            _len: PhantomData,
        }
    }

    /// The bitwise and.
    pub fn intersection(&self, other: &Self) -> Self {
        Bitvector {
            bytes: self
                .bytes
                .iter()
                .zip(&other.bytes)
                .map(|(a, b)| a & b)
                .collect(),
            _len: PhantomData,
        }
    }

    /// Whether a bit is set in both.
    pub fn intersects(&self, other: &Self) -> bool {
        self.bytes.iter().zip(&other.bytes).any(|(a, b)| a & b != 0)
    }
}

/// All bits zero (`[False] * N`).
impl<N: Length> Default for Bitvector<N> {
    #[inline]
    fn default() -> Self {
        Bitvector::new()
    }
}

impl<N: Length> fmt::Debug for Bitvector<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_bits("Bitvector", &self.bytes, N::USIZE, f)
    }
}

/// `0x` and the lowercase hex of the packed bits (the SSZ encoding): the
/// consensus JSON and YAML form.
impl<N: Length> fmt::Display for Bitvector<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::hex::to_hex(&self.bytes))
    }
}

/// Reads the form [`Display`](fmt::Display) writes, checked as
/// [`Ssz::from_ssz`] checks the bytes.
impl<N: Length> FromStr for Bitvector<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        parse_bits_hex(s, Self::from_ssz)
    }
}

impl<N: Length> PartialOrd for Bitvector<N> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Bit by bit from bit 0, as `[bool]` would order them.
impl<N: Length> Ord for Bitvector<N> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        cmp_bits(&self.bytes, N::USIZE, &other.bytes, N::USIZE)
    }
}

impl<'a, N: Length> IntoIterator for &'a Bitvector<N> {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

impl<N: Length> Ssz for Bitvector<N> {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = N::USIZE.div_ceil(8);

    #[inline]
    fn ssz_len(&self) -> usize {
        Self::FIXED_PART_LEN
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.bytes)
    }

    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        sink.write_all(&self.bytes)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        // ssz/simple-serialize.md (v1.6.1), "Illegal types": Bitvector[0].
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        check_raw_bits(bytes, N::USIZE)?;
        Ok(Bitvector {
            bytes: bytes.to_vec(),
            _len: PhantomData,
        })
    }
}

/// `merkleize(pack_bits(value), limit = (N + 255) // 256)`.
impl<N: Length> TreeHash for Bitvector<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        merkleize_packed(&self.bytes, N::U64.div_ceil(256))
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.bytes, gindex)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex, serialize_hex};

    /// The hex of the packed bits: `"0x0f01"`.
    impl<N: Length> serde::Serialize for Bitvector<N> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.bytes, serializer)
        }
    }

    impl<'de, N: Length> serde::Deserialize<'de> for Bitvector<N> {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex(deserializer)?;
            Bitvector::from_raw_bytes(bytes).map_err(serde::de::Error::custom)
        }
    }

    /// Its serde form, the consensus one: the packed bits in `0x` hex.
    impl<N: Length> crate::json::ConsensusJson for Bitvector<N> {
        fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.bytes, serializer)
        }

        fn deserialize_json<'de, D: serde::Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Self, D::Error> {
            serde::Deserialize::deserialize(deserializer)
        }
    }
}
