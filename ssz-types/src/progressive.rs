//! EIP-7916 progressive types: `ProgressiveList[T]` and `ProgressiveBitlist`,
//! unbounded, merkleized in subtrees of 1, 4, 16, ... leaves so that a root
//! stays stable as the list grows.

use crate::bitfield::{
    bitlist_ssz_len, check_raw_bits, decode_bitlist, fmt_bits, get_bit, pack_bools, set_bit,
    write_bitlist, Bits,
};
use crate::merkle::{merkleize_progressive_packed, mix_in_length};
use crate::{DecodeError, IndexError, Root, Ssz, TreeHash};
use alloc::{vec, vec::Vec};
use core::fmt;
use core::ops::{Deref, DerefMut};

/// `ProgressiveList[T]` (EIP-7916): any number of elements, in a `Vec`.
///
/// Encoded like a `List`; merkleized with `merkleize_progressive`
/// (ssz/simple-serialize.md v1.6.1, "Merkleization").
///
/// ```
/// use peam_ssz_types::{ProgressiveList, Ssz};
///
/// let list: ProgressiveList<u32> = vec![1, 2].into();
/// assert_eq!(list.to_ssz(), [1, 0, 0, 0, 2, 0, 0, 0]);
/// assert_eq!(ProgressiveList::<u32>::from_ssz(&list.to_ssz())?, list);
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProgressiveList<T> {
    inner: Vec<T>,
}

impl<T> ProgressiveList<T> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveList { inner: Vec::new() }
    }

    /// An empty list with room for `capacity` elements.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        ProgressiveList {
            inner: Vec::with_capacity(capacity),
        }
    }

    /// Appends `value`.
    #[inline]
    pub fn push(&mut self, value: T) {
        self.inner.push(value)
    }

    /// Removes and returns the last element.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        self.inner.pop()
    }

    /// Removes every element.
    #[inline]
    pub fn clear(&mut self) {
        self.inner.clear()
    }

    /// Shortens the list to `len` elements (no effect if it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.inner.truncate(len)
    }

    /// The elements as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.inner
    }

    /// The elements as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.inner
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<T> {
        &mut self.inner
    }

    /// The elements, as a `Vec`.
    #[inline]
    pub fn into_vec(self) -> Vec<T> {
        self.inner
    }
}

impl<T> Default for ProgressiveList<T> {
    #[inline]
    fn default() -> Self {
        ProgressiveList::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for ProgressiveList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

impl<T> Deref for ProgressiveList<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.inner
    }
}

impl<T> DerefMut for ProgressiveList<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.inner
    }
}

impl<T> AsRef<[T]> for ProgressiveList<T> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        &self.inner
    }
}

impl<T> From<Vec<T>> for ProgressiveList<T> {
    #[inline]
    fn from(inner: Vec<T>) -> Self {
        ProgressiveList { inner }
    }
}

impl<T: Clone> From<&[T]> for ProgressiveList<T> {
    #[inline]
    fn from(slice: &[T]) -> Self {
        ProgressiveList {
            inner: slice.to_vec(),
        }
    }
}

impl<T> From<ProgressiveList<T>> for Vec<T> {
    #[inline]
    fn from(list: ProgressiveList<T>) -> Vec<T> {
        list.inner
    }
}

impl<T> FromIterator<T> for ProgressiveList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        ProgressiveList {
            inner: iter.into_iter().collect(),
        }
    }
}

impl<T> Extend<T> for ProgressiveList<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.inner.extend(iter)
    }
}

impl<T> IntoIterator for ProgressiveList<T> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ProgressiveList<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut ProgressiveList<T> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter_mut()
    }
}

/// Encoded like a list without a limit. Decoding allocates in proportion to
/// the input: at most one element per `FIXED_PART_LEN` bytes (fixed-size
/// elements) or per 4-byte offset (variable-size ones).
impl<T: Ssz> Ssz for ProgressiveList<T> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;

    #[inline]
    fn ssz_len(&self) -> usize {
        crate::__private::elements_len(&self.inner)
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        crate::__private::write_elements(&self.inner, out)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        crate::__private::append_elements(&self.inner, buf)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        let inner = crate::__private::decode_elements(bytes, None, usize::MAX)?;
        Ok(ProgressiveList { inner })
    }
}

/// `mix_in_length(merkleize_progressive(leaves), len)`.
impl<T: TreeHash> TreeHash for ProgressiveList<T> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        crate::__private::progressive_list_root(&self.inner)
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for ProgressiveList<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(&self.inner)
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for ProgressiveList<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let inner = crate::serde_support::deserialize_seq(deserializer, None, usize::MAX)?;
        Ok(ProgressiveList { inner })
    }
}

/// `ProgressiveBitlist` (EIP-7916): any number of bits.
///
/// Encoded like a `Bitlist` (with the delimiter bit); merkleized with
/// `merkleize_progressive`.
///
/// ```
/// use peam_ssz_types::{ProgressiveBitlist, Ssz};
///
/// let bits = ProgressiveBitlist::from_bools(&[true, false, true]);
/// assert_eq!(bits.to_ssz(), [0b1101]);
/// assert_eq!(ProgressiveBitlist::from_ssz(&[0b1101])?, bits);
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ProgressiveBitlist {
    // `len.div_ceil(8)` bytes; the bits at and past `len` are zero.
    bytes: Vec<u8>,
    len: usize,
}

impl ProgressiveBitlist {
    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveBitlist {
            bytes: Vec::new(),
            len: 0,
        }
    }

    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        ProgressiveBitlist {
            bytes: vec![0; len.div_ceil(8)],
            len,
        }
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        ProgressiveBitlist {
            bytes: pack_bools(bits),
            len: bits.len(),
        }
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `bytes` is
    /// not `len.div_ceil(8)` long or a bit at or past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        check_raw_bits(&bytes, len)?;
        Ok(ProgressiveBitlist { bytes, len })
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

    /// Appends a bit.
    pub fn push(&mut self, value: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        set_bit(&mut self.bytes, self.len, value);
        self.len += 1;
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

    /// The packed bits without the delimiter: `len().div_ceil(8)` bytes,
    /// the bits past `len()` zero.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl fmt::Debug for ProgressiveBitlist {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_bits("ProgressiveBitlist", &self.bytes, self.len, f)
    }
}

impl FromIterator<bool> for ProgressiveBitlist {
    fn from_iter<I: IntoIterator<Item = bool>>(iter: I) -> Self {
        let mut bits = ProgressiveBitlist::new();
        for b in iter {
            bits.push(b);
        }
        bits
    }
}

impl<'a> IntoIterator for &'a ProgressiveBitlist {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

impl Ssz for ProgressiveBitlist {
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
        let (bytes, len) = decode_bitlist(bytes, usize::MAX)?;
        Ok(ProgressiveBitlist { bytes, len })
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))`.
impl TreeHash for ProgressiveBitlist {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(&merkleize_progressive_packed(&self.bytes), self.len)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex, serialize_hex};

    /// The hex of the SSZ encoding, delimiter included.
    impl serde::Serialize for ProgressiveBitlist {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.to_ssz(), serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for ProgressiveBitlist {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex(deserializer)?;
            ProgressiveBitlist::from_ssz(&bytes).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DecodeErrorKind, List, U};

    #[test]
    fn progressive_list_encodes_like_a_list() {
        let p: ProgressiveList<u16> = vec![1, 2, 3].into();
        let l = List::<u16, U<8>>::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(p.to_ssz(), l.to_ssz());
        assert_eq!(p.to_ssz(), [1, 0, 2, 0, 3, 0]);
        assert_eq!(
            ProgressiveList::<u16>::from_ssz(&[1, 0, 2, 0, 3, 0]).unwrap(),
            p
        );
        assert_eq!(
            *ProgressiveList::<u16>::from_ssz(&[1, 0, 2])
                .unwrap_err()
                .kind(),
            DecodeErrorKind::NotMultipleOfElement { len: 3, element: 2 }
        );
        let nested: ProgressiveList<ProgressiveList<u8>> =
            vec![vec![1u8].into(), vec![].into(), vec![2, 3].into()].into();
        let bytes = [12, 0, 0, 0, 13, 0, 0, 0, 13, 0, 0, 0, 1, 2, 3];
        assert_eq!(nested.to_ssz(), bytes);
        assert_eq!(
            ProgressiveList::<ProgressiveList<u8>>::from_ssz(&bytes).unwrap(),
            nested
        );
        assert!(
            ProgressiveList::<ProgressiveList<u8>>::from_ssz(&[8, 0, 0, 0, 4, 0, 0, 0]).is_err()
        );
    }

    #[test]
    fn progressive_list_api() {
        let mut p = ProgressiveList::<u8>::with_capacity(2);
        p.push(1);
        p.extend([2, 3]);
        assert_eq!(p.pop(), Some(3));
        p.as_mut_vec().push(9);
        p[0] = 4;
        assert_eq!(p.as_slice(), [4, 2, 9]);
        assert_eq!(format!("{p:?}"), "[4, 2, 9]");
        p.truncate(2);
        assert_eq!(
            p.iter()
                .copied()
                .collect::<ProgressiveList<u8>>()
                .into_vec(),
            [4, 2]
        );
        for x in &mut p {
            *x += 1;
        }
        assert_eq!((&p).into_iter().copied().sum::<u8>(), 8);
        let v: Vec<u8> = p.clone().into();
        assert_eq!(ProgressiveList::from(&v[..]), p);
        p.clear();
        assert_eq!(p, ProgressiveList::default());
    }

    #[test]
    fn progressive_bitlist_encodes_like_a_bitlist() {
        let bits = [true, true, false, true, false, false, false, false, true];
        let p = ProgressiveBitlist::from_bools(&bits);
        assert_eq!(p.to_ssz(), [0b0000_1011, 0b11]);
        assert_eq!(
            ProgressiveBitlist::from_ssz(&[0b0000_1011, 0b11]).unwrap(),
            p
        );
        assert_eq!(p.as_bytes(), [0b0000_1011, 0b1]);
        assert_eq!(ProgressiveBitlist::new().to_ssz(), [1]);
        let kind = |b: &[u8]| *ProgressiveBitlist::from_ssz(b).unwrap_err().kind();
        assert_eq!(kind(&[]), DecodeErrorKind::BitlistNoDelimiter);
        assert_eq!(kind(&[1, 0]), DecodeErrorKind::BitlistNoDelimiter);
    }

    #[test]
    fn progressive_bitlist_api() {
        let mut p: ProgressiveBitlist = [true, false].into_iter().collect();
        p.push(true);
        assert_eq!(p.len(), 3);
        assert!(!p.is_empty());
        assert_eq!(p.count_ones(), 2);
        assert_eq!(p.get(2), Some(true));
        assert_eq!(p.get(3), None);
        assert_eq!(p.set(3, true), Err(IndexError { index: 3, len: 3 }));
        p.set(0, false).unwrap();
        assert_eq!(format!("{p:?}"), "ProgressiveBitlist(001)");
        assert_eq!((&p).into_iter().collect::<Vec<_>>(), [false, false, true]);
        assert_eq!(ProgressiveBitlist::with_len(9).as_bytes(), [0, 0]);
        assert_eq!(ProgressiveBitlist::from_raw_bytes(vec![4], 3).unwrap(), p);
        assert!(ProgressiveBitlist::from_raw_bytes(vec![8], 3).is_err());
    }
}
