//! EIP-7916 progressive types: `ProgressiveList[T]` and `ProgressiveBitlist`,
//! unbounded, merkleized in subtrees of 1, 4, 16, ... leaves so that a root
//! stays stable as the list grows.

use crate::bitfield::{
    bitlist_ssz_len, check_raw_bits, decode_bitlist, fmt_bits, get_bit, pack_bools, set_bit,
    write_bitlist, Bits,
};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{DecodeError, IndexError, Root, Ssz, TreeHash};
use alloc::{vec, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

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
///
/// `E` is the [`Edition`] whose progressive merkleization the root follows:
/// [`Current`] (v1.7.0-alpha.13) unless named, or
/// [`V1_6`](crate::edition::V1_6) for the v1.6.1 roots. Encoding, decoding
/// and serde do not depend on it.
///
/// ```
/// use peam_ssz_types::{ProgressiveList, TreeHash, V1_6, V1_7};
///
/// let current: ProgressiveList<u64> = vec![1, 2, 3, 4, 5].into();
/// let v1_6: ProgressiveList<u64, V1_6> = current.clone().into_edition();
/// assert_eq!(current, ProgressiveList::<u64, V1_7>::from(vec![1, 2, 3, 4, 5]));
/// assert_ne!(current.hash_tree_root(), v1_6.hash_tree_root());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProgressiveList<T, E = Current> {
    inner: Vec<T>,
    _marker: PhantomData<E>,
}

impl<T, E> ProgressiveList<T, E> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveList {
            inner: Vec::new(),
            _marker: PhantomData,
        }
    }

    /// An empty list with room for `capacity` elements.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        Vec::with_capacity(capacity).into()
    }

    /// The same elements, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveList<T, F> {
        self.inner.into()
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

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<T> {
        &mut self.inner
    }
}

impl<T, E> Default for ProgressiveList<T, E> {
    #[inline]
    fn default() -> Self {
        ProgressiveList::new()
    }
}

impl<T, E> From<Vec<T>> for ProgressiveList<T, E> {
    #[inline]
    fn from(inner: Vec<T>) -> Self {
        ProgressiveList {
            inner,
            _marker: PhantomData,
        }
    }
}

impl<T: Clone, E> From<&[T]> for ProgressiveList<T, E> {
    #[inline]
    fn from(slice: &[T]) -> Self {
        slice.to_vec().into()
    }
}

impl<T, E> FromIterator<T> for ProgressiveList<T, E> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<T>>().into()
    }
}

impl<T, E> Extend<T> for ProgressiveList<T, E> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.inner.extend(iter)
    }
}

crate::seq::vec_backed! {
    ProgressiveList<T, E>;
    serde(bound = Sized, exact = None, max = usize::MAX);
    // Encoded like a list without a limit. Decoding allocates in proportion
    // to the input: at most one element per `FIXED_PART_LEN` bytes
    // (fixed-size elements) or per 4-byte offset (variable-size ones).
    ssz(
        bound = Edition,
        fixed = false,
        fixed_part_len = crate::BYTES_PER_LENGTH_OFFSET,
        exact = None,
        max = usize::MAX,
        check = |_| Ok(()),
    );
    // `mix_in_length(merkleize_progressive(leaves), len)`, progressive
    // merkleization as edition `E` defines it.
    hash(
        root = |values| crate::codec::progressive_list_root::<E, T>(values),
        node = |values, gindex| crate::seq::progressive_node::<E, T>(values, values.len(), gindex),
    );
}

/// `ProgressiveBitlist` (EIP-7916): any number of bits.
///
/// Encoded like a `Bitlist` (with the delimiter bit); merkleized with
/// `merkleize_progressive` as edition `E` defines it ([`Current`] unless
/// named; see [`ProgressiveList`]).
///
/// ```
/// use peam_ssz_types::{ProgressiveBitlist, Ssz};
///
/// let bits: ProgressiveBitlist = ProgressiveBitlist::from_bools(&[true, false, true]);
/// assert_eq!(bits.to_ssz(), [0b1101]);
/// assert_eq!(ProgressiveBitlist::from_ssz(&[0b1101])?, bits);
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ProgressiveBitlist<E = Current> {
    // `len.div_ceil(8)` bytes; the bits at and past `len` are zero.
    bytes: Vec<u8>,
    len: usize,
    _edition: PhantomData<E>,
}

impl<E> ProgressiveBitlist<E> {
    /// `bytes` as they are: the caller keeps the invariant.
    #[inline]
    const fn from_parts(bytes: Vec<u8>, len: usize) -> Self {
        ProgressiveBitlist {
            bytes,
            len,
            _edition: PhantomData,
        }
    }

    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveBitlist::from_parts(Vec::new(), 0)
    }

    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        ProgressiveBitlist::from_parts(vec![0; len.div_ceil(8)], len)
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        ProgressiveBitlist::from_parts(pack_bools(bits), bits.len())
    }

    /// The same bits, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveBitlist<F> {
        ProgressiveBitlist::from_parts(self.bytes, self.len)
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `bytes` is
    /// not `len.div_ceil(8)` long or a bit at or past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        check_raw_bits(&bytes, len)?;
        Ok(ProgressiveBitlist::from_parts(bytes, len))
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

impl<E> fmt::Debug for ProgressiveBitlist<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_bits("ProgressiveBitlist", &self.bytes, self.len, f)
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
        bitlist_ssz_len(self.len)
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        write_bitlist(&self.bytes, self.len, out)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        let (bytes, len) = decode_bitlist(bytes, usize::MAX)?;
        Ok(ProgressiveBitlist::from_parts(bytes, len))
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))`,
/// progressive merkleization as edition `E` defines it.
impl<E: Edition> TreeHash for ProgressiveBitlist<E> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(&merkleize_progressive_packed_in::<E>(&self.bytes), self.len)
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes; the length mix-in counts bits.
        crate::seq::progressive_node::<E, u8>(&self.bytes, self.len, gindex)
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
        let p = <ProgressiveBitlist>::from_bools(&bits);
        assert_eq!(p.to_ssz(), [0b0000_1011, 0b11]);
        assert_eq!(
            ProgressiveBitlist::from_ssz(&[0b0000_1011, 0b11]).unwrap(),
            p
        );
        assert_eq!(p.as_bytes(), [0b0000_1011, 0b1]);
        assert_eq!(<ProgressiveBitlist>::new().to_ssz(), [1]);
        let kind = |b: &[u8]| *<ProgressiveBitlist>::from_ssz(b).unwrap_err().kind();
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
        assert_eq!(<ProgressiveBitlist>::with_len(9).as_bytes(), [0, 0]);
        assert_eq!(ProgressiveBitlist::from_raw_bytes(vec![4], 3).unwrap(), p);
        assert!(<ProgressiveBitlist>::from_raw_bytes(vec![8], 3).is_err());
    }
}
