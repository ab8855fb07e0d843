//! `Bitlist[N]` and `Bitvector[N]`: bits packed eight to a byte, bit `i` in
//! byte `i / 8` at position `i % 8` (least significant first).

use crate::merkle::{merkleize_packed_u64, mix_in_length};
use crate::{
    BoundError, DecodeError, DecodeErrorKind, IndexError, Length, LengthError, Root, Ssz, TreeHash,
};
use alloc::{vec, vec::Vec};
use core::fmt;
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bitlist<N> {
    // `len.div_ceil(8)` bytes; the bits at and past `len` are zero.
    bytes: Vec<u8>,
    len: usize,
    _limit: PhantomData<N>,
}

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

#[inline]
pub(crate) fn get_bit(bytes: &[u8], i: usize) -> bool {
    (bytes[i / 8] >> (i % 8)) & 1 == 1
}

#[inline]
pub(crate) fn set_bit(bytes: &mut [u8], i: usize, value: bool) {
    let mask = 1u8 << (i % 8);
    if value {
        bytes[i / 8] |= mask;
    } else {
        bytes[i / 8] &= !mask;
    }
}

pub(crate) fn pack_bools(bits: &[bool]) -> Vec<u8> {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (byte, chunk) in bytes.iter_mut().zip(bits.chunks(8)) {
        for (j, &b) in chunk.iter().enumerate() {
            *byte |= (b as u8) << j;
        }
    }
    bytes
}

/// The bits of a bitlist or bitvector, in order.
#[derive(Clone, Debug)]
pub struct Bits<'a> {
    bytes: &'a [u8],
    range: core::ops::Range<usize>,
}

impl<'a> Bits<'a> {
    pub(crate) fn new(bytes: &'a [u8], len: usize) -> Self {
        Bits {
            bytes,
            range: 0..len,
        }
    }
}

impl Iterator for Bits<'_> {
    type Item = bool;

    #[inline]
    fn next(&mut self) -> Option<bool> {
        self.range.next().map(|i| get_bit(self.bytes, i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl DoubleEndedIterator for Bits<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<bool> {
        self.range.next_back().map(|i| get_bit(self.bytes, i))
    }
}

impl ExactSizeIterator for Bits<'_> {}

pub(crate) fn fmt_bits(
    name: &str,
    bytes: &[u8],
    len: usize,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str(name)?;
    f.write_str("(")?;
    for bit in Bits::new(bytes, len) {
        f.write_str(if bit { "1" } else { "0" })?;
    }
    f.write_str(")")
}

/// Length of a bitlist's encoding: its bits and the delimiter.
#[inline]
pub(crate) fn bitlist_ssz_len(len: usize) -> usize {
    len / 8 + 1
}

/// Writes a bitlist's bits and delimiter (`out.len() == len / 8 + 1`).
#[inline]
pub(crate) fn write_bitlist(bytes: &[u8], len: usize, out: &mut [u8]) {
    out[..bytes.len()].copy_from_slice(bytes);
    if bytes.len() < out.len() {
        // `len` is a multiple of 8: the delimiter takes a byte of its own.
        out[bytes.len()] = 0;
    }
    out[len / 8] |= 1 << (len % 8);
}

/// Decodes a bitlist into its bits (without the delimiter) and their number,
/// rejecting more than `max` bits.
pub(crate) fn decode_bitlist(bytes: &[u8], max: usize) -> Result<(Vec<u8>, usize), DecodeError> {
    let Some(&last) = bytes.last() else {
        return Err(DecodeError::new(DecodeErrorKind::BitlistNoDelimiter));
    };
    if last == 0 {
        return Err(DecodeError::new(DecodeErrorKind::BitlistNoDelimiter));
    }
    // The delimiter is the highest set bit of the last byte.
    let len = (bytes.len() - 1)
        .saturating_mul(8)
        .saturating_add(7 - last.leading_zeros() as usize);
    if len > max {
        return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
            len,
            max,
        }));
    }
    let mut out = bytes[..len.div_ceil(8)].to_vec();
    if !len.is_multiple_of(8) {
        if let Some(b) = out.last_mut() {
            *b &= !(1 << (len % 8));
        }
    }
    Ok((out, len))
}

impl<N: Length> Bitlist<N> {
    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        Bitlist {
            bytes: Vec::new(),
            len: 0,
            _limit: PhantomData,
        }
    }

    /// `len` zero bits, if `len` is within the limit.
    pub fn with_len(len: usize) -> Result<Self, BoundError> {
        if len > N::USIZE {
            return Err(BoundError { len, max: N::USIZE });
        }
        Ok(Bitlist {
            bytes: vec![0; len.div_ceil(8)],
            len,
            _limit: PhantomData,
        })
    }

    /// The bitlist of `bits`, if they are within the limit.
    pub fn from_bools(bits: &[bool]) -> Result<Self, BoundError> {
        if bits.len() > N::USIZE {
            return Err(BoundError {
                len: bits.len(),
                max: N::USIZE,
            });
        }
        Ok(Bitlist {
            bytes: pack_bools(bits),
            len: bits.len(),
            _limit: PhantomData,
        })
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `len` is
    /// over the limit, `bytes` is not `len.div_ceil(8)` long, or a bit at or
    /// past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        if len > N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
                len,
                max: N::USIZE,
            }));
        }
        check_raw_bits(&bytes, len)?;
        Ok(Bitlist {
            bytes,
            len,
            _limit: PhantomData,
        })
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// The number of bits.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no bits.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bit `i`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        (i < self.len).then(|| get_bit(&self.bytes, i))
    }

    /// Sets bit `i`, or returns an error past the end.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) -> Result<(), IndexError> {
        if i >= self.len {
            return Err(IndexError {
                index: i,
                len: self.len,
            });
        }
        set_bit(&mut self.bytes, i, value);
        Ok(())
    }

    /// Appends a bit, or returns an error if the bitlist is full.
    pub fn push(&mut self, value: bool) -> Result<(), BoundError> {
        if self.len >= N::USIZE {
            return Err(BoundError {
                len: self.len + 1,
                max: N::USIZE,
            });
        }
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        set_bit(&mut self.bytes, self.len, value);
        self.len += 1;
        Ok(())
    }

    /// The bits, in order.
    #[inline]
    pub fn iter(&self) -> Bits<'_> {
        Bits::new(&self.bytes, self.len)
    }

    /// The number of set bits.
    #[inline]
    pub fn count_ones(&self) -> usize {
        self.bytes.iter().map(|b| b.count_ones() as usize).sum()
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

    /// The packed bits without the delimiter: `len().div_ceil(8)` bytes,
    /// the bits past `len()` zero.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bitwise or of two bitlists of the same length, or `None` if
    /// their lengths differ.
    pub fn union(&self, other: &Self) -> Option<Self> {
        (self.len == other.len).then(|| Bitlist {
            bytes: self
                .bytes
                .iter()
                .zip(&other.bytes)
                .map(|(a, b)| a | b)
                .collect(),
            len: self.len,
            _limit: PhantomData,
        })
    }

    /// The bitwise and of two bitlists of the same length, or `None` if
    /// their lengths differ.
    pub fn intersection(&self, other: &Self) -> Option<Self> {
        (self.len == other.len).then(|| Bitlist {
            bytes: self
                .bytes
                .iter()
                .zip(&other.bytes)
                .map(|(a, b)| a & b)
                .collect(),
            len: self.len,
            _limit: PhantomData,
        })
    }

    /// Whether a bit is set in both (compared over the shorter length).
    pub fn intersects(&self, other: &Self) -> bool {
        self.bytes.iter().zip(&other.bytes).any(|(a, b)| a & b != 0)
    }
}

/// Checks that `bytes` holds exactly `len` bits with none set past `len`.
pub(crate) fn check_raw_bits(bytes: &[u8], len: usize) -> Result<(), DecodeError> {
    if bytes.len() != len.div_ceil(8) {
        return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
            expected: len.div_ceil(8),
            got: bytes.len(),
        }));
    }
    if !len.is_multiple_of(8) && bytes.last().is_some_and(|&b| b >> (len % 8) != 0) {
        return Err(DecodeError::new(DecodeErrorKind::BitvectorExcessBits));
    }
    Ok(())
}

impl<N: Length> Default for Bitlist<N> {
    #[inline]
    fn default() -> Self {
        Bitlist::new()
    }
}

impl<N> fmt::Debug for Bitlist<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_bits("Bitlist", &self.bytes, self.len, f)
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
        bitlist_ssz_len(self.len)
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        write_bitlist(&self.bytes, self.len, out)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        let (bytes, len) = decode_bitlist(bytes, N::USIZE)?;
        Ok(Bitlist {
            bytes,
            len,
            _limit: PhantomData,
        })
    }
}

/// `mix_in_length(merkleize(pack_bits(value), limit = (N + 255) // 256),
/// len(value))`.
impl<N: Length> TreeHash for Bitlist<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_packed_u64(&self.bytes, N::U64.div_ceil(256)),
            self.len,
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes (`N / 8` of them at most); the length
        // mix-in counts bits.
        crate::codec::list_node(&self.bytes, N::U64.div_ceil(8), self.len, gindex)
    }
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

    /// The bitvector of the packed bits `bytes` (its SSZ encoding): exactly
    /// `N.div_ceil(8)` bytes, no bit set past `N`.
    pub fn from_raw_bytes(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::Custom(
                "Bitvector[0] is an illegal SSZ type",
            )));
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
        (i < N::USIZE).then(|| get_bit(&self.bytes, i))
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
        self.bytes.iter().map(|b| b.count_ones() as usize).sum()
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
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        // ssz/simple-serialize.md (v1.6.1), "Illegal types": Bitvector[0].
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::Custom(
                "Bitvector[0] is an illegal SSZ type",
            )));
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
        merkleize_packed_u64(&self.bytes, N::U64.div_ceil(256))
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::U;

    #[test]
    fn bitlist_encoding_adds_the_delimiter() {
        // ssz/simple-serialize.md: the delimiter sits at bit index len.
        let cases: &[(&[bool], &[u8])] = &[
            (&[], &[0b1]),
            (&[true], &[0b11]),
            (&[false, false, true, true, true], &[0b0011_1100]),
            (&[true; 7], &[0xff]),
            (&[true; 8], &[0xff, 0x01]),
            (&[false; 8], &[0x00, 0x01]),
            (
                &[true, false, false, false, false, false, false, false, true],
                &[0x01, 0b11],
            ),
        ];
        for &(bits, bytes) in cases {
            let b = Bitlist::<U<16>>::from_bools(bits).unwrap();
            assert_eq!(b.to_ssz(), bytes, "{bits:?}");
            assert_eq!(b.ssz_len(), bytes.len());
            let d = Bitlist::<U<16>>::from_ssz(bytes).unwrap();
            assert_eq!(d, b);
            assert_eq!(d.iter().collect::<Vec<_>>(), bits);
            assert_eq!(d.len(), bits.len());
        }
        // The stored bytes never hold the delimiter.
        let b = Bitlist::<U<16>>::from_ssz(&[0b0011_1100]).unwrap();
        assert_eq!(b.as_bytes(), [0b0001_1100]);
        assert_eq!(
            Bitlist::<U<16>>::from_ssz(&[0x00, 0x01])
                .unwrap()
                .as_bytes(),
            [0]
        );
    }

    #[test]
    fn bitlist_decoding_rejects() {
        let kind = |b: &[u8]| *Bitlist::<U<8>>::from_ssz(b).unwrap_err().kind();
        assert_eq!(kind(&[]), DecodeErrorKind::BitlistNoDelimiter);
        assert_eq!(kind(&[0]), DecodeErrorKind::BitlistNoDelimiter);
        assert_eq!(kind(&[0xff, 0]), DecodeErrorKind::BitlistNoDelimiter);
        assert_eq!(
            kind(&[0, 0b10]),
            DecodeErrorKind::TooManyElements { len: 9, max: 8 }
        );
        assert_eq!(
            kind(&[0, 0, 1]),
            DecodeErrorKind::TooManyElements { len: 16, max: 8 }
        );
        assert!(Bitlist::<U<8>>::from_ssz(&[0, 1]).is_ok());
        assert_eq!(
            *Bitlist::<U<0>>::from_ssz(&[0b10]).unwrap_err().kind(),
            DecodeErrorKind::TooManyElements { len: 1, max: 0 }
        );
        assert!(Bitlist::<U<0>>::from_ssz(&[1]).unwrap().is_empty());
    }

    #[test]
    fn bitlist_api() {
        let mut b = Bitlist::<U<10>>::default();
        assert!(b.is_empty());
        for i in 0..10 {
            b.push(i % 3 == 0).unwrap();
        }
        assert_eq!(b.push(true), Err(BoundError { len: 11, max: 10 }));
        assert_eq!(b.len(), 10);
        assert_eq!(b.count_ones(), 4);
        assert_eq!(b.ones().collect::<Vec<_>>(), [0, 3, 6, 9]);
        assert_eq!(b.get(9), Some(true));
        assert_eq!(b.get(10), None);
        assert_eq!(b.set(10, true), Err(IndexError { index: 10, len: 10 }));
        b.set(9, false).unwrap();
        b.set(1, true).unwrap();
        assert_eq!(format!("{b:?}"), "Bitlist(1101001000)");
        assert_eq!(b.as_bytes(), [0b0100_1011, 0]);
        assert_eq!(
            Bitlist::<U<10>>::with_len(11),
            Err(BoundError { len: 11, max: 10 })
        );
        assert!(Bitlist::<U<10>>::from_bools(&[false; 11]).is_err());
        let z = Bitlist::<U<10>>::with_len(10).unwrap();
        assert!(z.is_zero());
        assert_eq!(b.union(&z).unwrap(), b);
        assert_eq!(b.intersection(&z).unwrap(), z);
        assert!(!b.intersects(&z));
        assert!(b.intersects(&b));
        assert_eq!(b.union(&Bitlist::new()), None);
        assert_eq!(Bitlist::<U<10>>::max_len(), 10);
        assert_eq!((&b).into_iter().next_back(), Some(false));
        assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0x01], 9).is_ok());
        assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0x02], 9).is_err());
        assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff], 9).is_err());
        assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0xff], 16).is_err());
    }

    #[test]
    fn bitvector_encoding_is_the_packed_bits() {
        let b = Bitvector::<U<10>>::from_bools(&[
            true, false, true, false, false, false, false, false, false, true,
        ])
        .unwrap();
        assert_eq!(b.to_ssz(), [0b101, 0b10]);
        assert_eq!(Bitvector::<U<10>>::from_ssz(&[0b101, 0b10]).unwrap(), b);
        assert_eq!(<Bitvector<U<10>> as Ssz>::FIXED_PART_LEN, 2);
        assert_eq!(<Bitvector<U<8>> as Ssz>::FIXED_PART_LEN, 1);
        assert_eq!(<Bitvector<U<9>> as Ssz>::FIXED_PART_LEN, 2);
        assert_eq!(
            Bitvector::<U<8>>::from_ssz(&[0xff]).unwrap().count_ones(),
            8
        );
        assert_eq!(format!("{b:?}"), "Bitvector(1010000001)");
    }

    #[test]
    fn bitvector_decoding_rejects() {
        let kind = |b: &[u8]| *Bitvector::<U<10>>::from_ssz(b).unwrap_err().kind();
        assert_eq!(
            kind(&[0]),
            DecodeErrorKind::InvalidLength {
                expected: 2,
                got: 1
            }
        );
        assert_eq!(
            kind(&[0, 0, 0]),
            DecodeErrorKind::InvalidLength {
                expected: 2,
                got: 3
            }
        );
        assert_eq!(kind(&[0, 0b100]), DecodeErrorKind::BitvectorExcessBits);
        assert_eq!(kind(&[0, 0x80]), DecodeErrorKind::BitvectorExcessBits);
        assert!(Bitvector::<U<10>>::from_ssz(&[0xff, 0b11]).is_ok());
        assert!(Bitvector::<U<0>>::from_ssz(&[]).is_err());
        assert!(Bitvector::<U<0>>::from_raw_bytes(vec![]).is_err());
        assert!(Bitvector::<U<0>>::from_bools(&[]).is_err());
    }

    #[test]
    fn bitvector_api() {
        let mut b = Bitvector::<U<4>>::default();
        assert_eq!(b.len(), 4);
        assert!(!b.is_empty());
        assert!(b.is_zero());
        b.set(3, true).unwrap();
        assert_eq!(b.set(4, true), Err(IndexError { index: 4, len: 4 }));
        assert_eq!(b.get(3), Some(true));
        assert_eq!(b.get(4), None);
        assert_eq!(b.as_bytes(), [0b1000]);
        assert_eq!(b.iter().collect::<Vec<_>>(), [false, false, false, true]);
        assert_eq!((&b).into_iter().len(), 4);
        assert_eq!(b.ones().collect::<Vec<_>>(), [3]);
        let c = Bitvector::<U<4>>::from_bools(&[true, false, false, false]).unwrap();
        assert_eq!(b.union(&c).as_bytes(), [0b1001]);
        assert!(b.intersection(&c).is_zero());
        assert!(!b.intersects(&c));
        assert!(Bitvector::<U<4>>::from_bools(&[true; 5]).is_err());
    }
}
