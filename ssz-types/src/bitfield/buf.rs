//! Packed bits, and the one bit buffer behind `Bitlist` and
//! `ProgressiveBitlist`.

use crate::{DecodeError, DecodeErrorKind, IndexError};
use alloc::{vec, vec::Vec};
use core::cmp::Ordering;
use core::fmt;

#[inline]
pub(crate) fn get_bit(bytes: &[u8], i: usize) -> bool {
    (bytes[i / 8] >> (i % 8)) & 1 == 1
}

/// Bit `i` of `len` packed bits, if there is one.
#[inline]
pub(crate) fn bit(bytes: &[u8], len: usize, i: usize) -> Option<bool> {
    (i < len).then(|| get_bit(bytes, i))
}

/// The number of bits set among the first `len` of `bytes` (a bitlist's
/// encoding has its delimiter past them).
pub(crate) fn count_ones(bytes: &[u8], len: usize) -> usize {
    let whole = len / 8;
    let ones: usize = bytes[..whole].iter().map(|b| b.count_ones() as usize).sum();
    match len % 8 {
        0 => ones,
        r => ones + (bytes[whole] & ((1u8 << r) - 1)).count_ones() as usize,
    }
}

/// The number of bits of a bitlist encoding whose last byte is `last`,
/// after `before` bytes (ssz/simple-serialize.md v1.6.1, "`Bitlist[N]`,
/// `ProgressiveBitlist`"): the delimiter is the highest set bit of the last
/// byte, and the bits are all those below it. `None` where the last byte
/// is zero: it has no delimiter.
#[inline]
pub(crate) fn delimited_len(before: usize, last: u8) -> Option<usize> {
    (last != 0).then(|| {
        before
            .saturating_mul(8)
            .saturating_add(7 - last.leading_zeros() as usize)
    })
}

/// The number of bits of the bitlist encoding `bytes` ([`delimited_len`]):
/// `None` without a delimiter (no byte, or a zero last one).
#[inline]
pub(crate) fn bitlist_len(bytes: &[u8]) -> Option<usize> {
    let (&last, before) = bytes.split_last()?;
    delimited_len(before.len(), last)
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

/// `Name(0101)`: the bits in order.
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

/// Bitfields order as their sequences of bits do (as `[bool]` would):
/// bit by bit from bit 0, a prefix before what extends it.
#[inline]
pub(crate) fn cmp_bits(a: &[u8], a_len: usize, b: &[u8], b_len: usize) -> Ordering {
    Bits::new(a, a_len).cmp(Bits::new(b, b_len))
}

/// The bits of a bitlist, without the delimiter: what merkleization packs.
/// The bound, if any, is the owner's to check.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct BitBuf {
    // `len.div_ceil(8)` bytes; the bits at and past `len` are zero.
    bytes: Vec<u8>,
    len: usize,
}

impl BitBuf {
    #[inline]
    pub(crate) const fn new() -> Self {
        BitBuf {
            bytes: Vec::new(),
            len: 0,
        }
    }

    /// `len` zero bits.
    pub(crate) fn zeros(len: usize) -> Self {
        BitBuf {
            bytes: vec![0; len.div_ceil(8)],
            len,
        }
    }

    pub(crate) fn from_bools(bits: &[bool]) -> Self {
        BitBuf {
            bytes: pack_bools(bits),
            len: bits.len(),
        }
    }

    /// The first `len` bits of `bytes`, checked: `len.div_ceil(8)` bytes,
    /// none set at or past `len`.
    pub(crate) fn from_raw(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        check_raw_bits(&bytes, len)?;
        Ok(BitBuf { bytes, len })
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<bool> {
        bit(&self.bytes, self.len, i)
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize, value: bool) -> Result<(), IndexError> {
        if i >= self.len {
            return Err(IndexError {
                index: i,
                len: self.len,
            });
        }
        set_bit(&mut self.bytes, i, value);
        Ok(())
    }

    /// Appends a bit (no bound: the owner checks its own).
    pub(crate) fn push(&mut self, value: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        set_bit(&mut self.bytes, self.len, value);
        self.len += 1;
    }

    #[inline]
    pub(crate) fn iter(&self) -> Bits<'_> {
        Bits::new(&self.bytes, self.len)
    }

    #[inline]
    pub(crate) fn count_ones(&self) -> usize {
        count_ones(&self.bytes, self.len)
    }

    #[inline]
    pub(crate) fn is_zero(&self) -> bool {
        self.bytes.iter().all(|&b| b == 0)
    }

    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// `op` of each pair of bytes, if the lengths are the same (`op` keeps
    /// zero bits zero: or, and).
    pub(crate) fn zip_with(&self, other: &Self, op: impl Fn(u8, u8) -> u8) -> Option<Self> {
        (self.len == other.len).then(|| BitBuf {
            bytes: self
                .bytes
                .iter()
                .zip(&other.bytes)
                .map(|(&a, &b)| op(a, b))
                .collect(),
            len: self.len,
        })
    }

    /// Whether a bit is set in both (over the shorter length).
    pub(crate) fn intersects(&self, other: &Self) -> bool {
        self.bytes.iter().zip(&other.bytes).any(|(a, b)| a & b != 0)
    }

    #[inline]
    pub(crate) fn cmp_bits(&self, other: &Self) -> Ordering {
        cmp_bits(&self.bytes, self.len, &other.bytes, other.len)
    }

    pub(crate) fn fmt(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_bits(name, &self.bytes, self.len, f)
    }

    /// Length of the encoding: the bits and the delimiter.
    #[inline]
    pub(crate) fn ssz_len(&self) -> usize {
        self.len / 8 + 1
    }

    /// Writes the bits and the delimiter (`out.len() == self.ssz_len()`).
    #[inline]
    pub(crate) fn ssz_write(&self, out: &mut [u8]) {
        out[..self.bytes.len()].copy_from_slice(&self.bytes);
        if self.bytes.len() < out.len() {
            // `len` is a multiple of 8: the delimiter takes a byte of its own.
            out[self.bytes.len()] = 0;
        }
        out[self.len / 8] |= 1 << (self.len % 8);
    }

    /// Decodes a bitlist's encoding (ssz/simple-serialize.md v1.6.1,
    /// "`Bitlist[N]`, `ProgressiveBitlist`"): the bits up to the highest set
    /// bit of the last byte, the delimiter, rejecting more than `max` bits.
    pub(crate) fn from_ssz(bytes: &[u8], max: usize) -> Result<Self, DecodeError> {
        let Some(len) = bitlist_len(bytes) else {
            return Err(DecodeError::new(DecodeErrorKind::BitlistNoDelimiter));
        };
        if len > max {
            return Err(DecodeError::new(DecodeErrorKind::TooManyBits { len, max }));
        }
        let mut out = bytes[..len.div_ceil(8)].to_vec();
        if !len.is_multiple_of(8) {
            if let Some(b) = out.last_mut() {
                *b &= !(1 << (len % 8));
            }
        }
        Ok(BitBuf { bytes: out, len })
    }
}

/// Parses the consensus hex form of a bitfield: `"0x"` and the hex of its
/// SSZ encoding, checked by `decode`.
pub(crate) fn parse_bits_hex<T>(
    s: &str,
    decode: impl FnOnce(&[u8]) -> Result<T, DecodeError>,
) -> Result<T, crate::HexError> {
    let bytes = crate::hex::parse_hex(s, |_| Ok(()))?;
    decode(&bytes).map_err(|e| crate::HexError::InvalidEncoding(*e.kind()))
}
