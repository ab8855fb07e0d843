//! `ExactList<T, N, L>`: a `List[T, L]` whose values all hold exactly `N`
//! elements.

use crate::{DecodeError, DecodeErrorKind, Gindex, Length, LengthError, List, ProofError, Root};
use crate::{Ssz, TreeHash};
use alloc::vec::Vec;
use core::marker::PhantomData;
use peam_ssz_core::path::{Elements, Layout, TreeLayout};

/// `List[T, L]` pinned to exactly `N` elements: the SSZ type, the
/// encoding and the root are those of the list (the Merkle limit is `L`,
/// and the length is mixed in), but every value holds `N` elements, so
/// every value of a fixed-size `T` encodes to the same length
/// ([`Ssz::EXACT_LEN`]).
///
/// Construction refuses another count ([`LengthError`]) and decoding
/// refuses it as [`DecodeErrorKind::WrongElementCount`]. A container made
/// of such lists and fixed-size fields has an exact length too, which is
/// what lets `#[ssz(fixed_len = ...)]` hold it inline in its parents (the
/// XMSS signature of Lean consensus, whose `path.siblings` has exactly
/// `LOG_LIFETIME` entries and `hashes` exactly `DIMENSION`, under a limit
/// of `NODE_LIST_LIMIT`).
///
/// ```
/// use peam_ssz_types::{ExactList, List, Ssz, TreeHash, U};
///
/// type Hashes = ExactList<u32, U<3>, U<32>>;
///
/// let hashes = Hashes::try_from(vec![1, 2, 3])?;
/// let list = List::<u32, U<32>>::try_from(vec![1, 2, 3])?;
/// assert_eq!(hashes.to_ssz(), list.to_ssz());
/// assert_eq!(hashes.hash_tree_root(), list.hash_tree_root());
/// assert_eq!(Hashes::EXACT_LEN, Some(12));
///
/// assert!(Hashes::try_from(vec![1, 2]).is_err());
/// let err = Hashes::from_ssz(&[1, 0, 0, 0, 2, 0, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "expected 3 elements, got 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExactList<T, N, L> {
    inner: List<T, L>,
    _len: PhantomData<N>,
}

impl<T, N: Length, L: Length> ExactList<T, N, L> {
    /// The pinned length fits the limit; evaluated by every constructor,
    /// so that `ExactList<T, U<33>, U<32>>` does not build.
    const FITS: () = assert!(
        N::U64 <= L::U64,
        "ExactList<T, N, L>: the pinned length N exceeds the limit L"
    );

    /// The list of `vec`, if it holds exactly `N` elements.
    pub fn try_from_vec(vec: Vec<T>) -> Result<Self, LengthError> {
        let () = Self::FITS;
        if vec.len() != N::USIZE {
            return Err(LengthError {
                len: vec.len(),
                expected: N::USIZE,
            });
        }
        let inner = List::try_from_vec(vec).map_err(|e| LengthError {
            len: e.len,
            expected: N::USIZE,
        })?;
        Ok(ExactList {
            inner,
            _len: PhantomData,
        })
    }

    /// The pinned length `N`.
    #[inline]
    pub const fn len_pinned() -> usize {
        N::USIZE
    }

    /// The elements as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.inner.as_slice()
    }

    /// The elements as a mutable slice (which cannot change their count).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.inner.as_mut_slice()
    }

    /// The value as the list it is in SSZ.
    #[inline]
    pub fn as_list(&self) -> &List<T, L> {
        &self.inner
    }

    /// The list it is in SSZ.
    #[inline]
    pub fn into_list(self) -> List<T, L> {
        self.inner
    }

    /// The elements, as a `Vec`.
    #[inline]
    pub fn into_vec(self) -> Vec<T> {
        self.inner.into_vec()
    }
}

impl<T: Default, N: Length, L: Length> Default for ExactList<T, N, L> {
    /// `N` default elements.
    fn default() -> Self {
        let vec = core::iter::repeat_with(T::default).take(N::USIZE).collect();
        match Self::try_from_vec(vec) {
            Ok(list) => list,
            // `N` elements, and `N <= L` is checked at compile time.
            Err(_) => unreachable!("N default elements make an ExactList"),
        }
    }
}

impl<T, N: Length, L: Length> TryFrom<Vec<T>> for ExactList<T, N, L> {
    type Error = LengthError;

    #[inline]
    fn try_from(vec: Vec<T>) -> Result<Self, LengthError> {
        Self::try_from_vec(vec)
    }
}

impl<T, N, L> From<ExactList<T, N, L>> for Vec<T> {
    #[inline]
    fn from(list: ExactList<T, N, L>) -> Vec<T> {
        list.inner.into_vec()
    }
}

impl<T: core::fmt::Debug, N, L> core::fmt::Debug for ExactList<T, N, L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.inner.as_slice(), f)
    }
}

impl<T, N, L> core::ops::Deref for ExactList<T, N, L> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.inner.as_slice()
    }
}

impl<T, N, L> core::ops::DerefMut for ExactList<T, N, L> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.inner.as_mut_slice()
    }
}

impl<'a, T, N, L> IntoIterator for &'a ExactList<T, N, L> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.as_slice().iter()
    }
}

/// The exact length of `n` back-to-back values of `T` in a list: `n`
/// values of a fixed-size `T`, or `n` offsets and values of a variable-size
/// `T` with an exact length; `None` otherwise.
const fn elements_exact_len<T: Ssz>(n: usize) -> Option<usize> {
    if T::IS_FIXED_SIZE {
        Some(n * T::FIXED_PART_LEN)
    } else {
        match T::EXACT_LEN {
            Some(len) => Some(n * (crate::BYTES_PER_LENGTH_OFFSET + len)),
            None => None,
        }
    }
}

/// The encoding of `List[T, L]`; decoding refuses another count than `N`.
impl<T: Ssz, N: Length, L: Length> Ssz for ExactList<T, N, L> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;
    const EXACT_LEN: Option<usize> = elements_exact_len::<T>(N::USIZE);

    #[inline]
    fn ssz_len(&self) -> usize {
        self.inner.ssz_len()
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        self.inner.ssz_write(out)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        self.inner.ssz_append(buf)
    }

    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::check_encoded_len(bytes.len())?;
        Self::pinned(List::<T, L>::from_ssz(bytes)?)
    }

    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        self.inner.ssz_write_to(sink)
    }

    /// As `from_ssz`: the count checked from the length before anything
    /// is read, then the list read as it arrives.
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        Self::check_encoded_len(len)?;
        Ok(Self::pinned(List::<T, L>::ssz_read_from(source, len)?)?)
    }
}

impl<T: Ssz, N: Length, L: Length> ExactList<T, N, L> {
    /// A list of fixed-size values of the wrong count, from the length of
    /// its encoding, refused before anything is decoded.
    fn check_encoded_len(len: usize) -> Result<(), DecodeError> {
        let () = Self::FITS;
        if T::IS_FIXED_SIZE && T::FIXED_PART_LEN > 0 && len.is_multiple_of(T::FIXED_PART_LEN) {
            let got = len / T::FIXED_PART_LEN;
            if got != N::USIZE {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: N::USIZE,
                    got,
                }));
            }
        }
        Ok(())
    }

    /// The decoded list, if it holds `N` elements.
    fn pinned(inner: List<T, L>) -> Result<Self, DecodeError> {
        if inner.len() != N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                expected: N::USIZE,
                got: inner.len(),
            }));
        }
        Ok(ExactList {
            inner,
            _len: PhantomData,
        })
    }
}

/// The root of `List[T, L]`.
impl<T: TreeHash, N: Length, L: Length> TreeHash for ExactList<T, N, L> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        self.inner.hash_tree_root()
    }

    #[inline]
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        self.inner.tree_node(gindex)
    }
}

impl<T: TreeLayout, N: Length, L: Length> TreeLayout for ExactList<T, N, L> {
    const LAYOUT: &'static Layout = <List<T, L> as TreeLayout>::LAYOUT;
}

impl<T, N, L> Elements for ExactList<T, N, L> {
    type Element = T;
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize, N, L> serde::Serialize for ExactList<T, N, L> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.inner.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>, N: Length, L: Length> serde::Deserialize<'de>
    for ExactList<T, N, L>
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let inner: Vec<T> =
            crate::serde_support::deserialize_seq(deserializer, Some(N::USIZE), N::USIZE)?;
        ExactList::try_from_vec(inner).map_err(serde::de::Error::custom)
    }
}

/// An array of its elements' consensus JSON, exactly `N` of them.
#[cfg(feature = "serde")]
impl<T: crate::json::ConsensusJson, N: Length, L: Length> crate::json::ConsensusJson
    for ExactList<T, N, L>
{
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        let items = crate::json::deserialize_elements(deserializer, Some(N::USIZE), N::USIZE)?;
        ExactList::try_from_vec(items).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::U;

    type Three = ExactList<u16, U<3>, U<8>>;

    #[test]
    fn the_count_is_pinned() {
        assert!(Three::try_from(vec![1, 2, 3]).is_ok());
        assert_eq!(
            Three::try_from(vec![1, 2]),
            Err(LengthError {
                len: 2,
                expected: 3
            })
        );
        assert_eq!(Three::default().as_slice(), [0, 0, 0]);
        assert_eq!(Three::EXACT_LEN, Some(6));
        assert_eq!(
            <ExactList<List<u8, U<2>>, U<2>, U<4>> as Ssz>::EXACT_LEN,
            None
        );
        assert_eq!(
            <ExactList<Three, U<2>, U<4>> as Ssz>::EXACT_LEN,
            Some(2 * (4 + 6))
        );
    }

    #[test]
    fn decoding_refuses_another_count() {
        let l = Three::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(Three::from_ssz(&l.to_ssz()), Ok(l.clone()));
        for bytes in [&[][..], &[1, 0, 2, 0], &[1, 0, 2, 0, 3, 0, 4, 0]] {
            assert_eq!(
                *Three::from_ssz(bytes).unwrap_err().kind(),
                DecodeErrorKind::WrongElementCount {
                    expected: 3,
                    got: bytes.len() / 2
                }
            );
        }
        // Past the limit: the count is refused first, as for any count.
        assert_eq!(
            *Three::from_ssz(&[0; 18]).unwrap_err().kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 3,
                got: 9
            }
        );
        // An odd length is the list's own error.
        assert_eq!(
            *Three::from_ssz(&[0; 5]).unwrap_err().kind(),
            DecodeErrorKind::NotMultipleOfElement { len: 5, element: 2 }
        );
        // Variable-size elements: the count after decoding the list.
        type Nested = ExactList<List<u8, U<2>>, U<2>, U<4>>;
        let one = [4, 0, 0, 0, 7];
        assert_eq!(
            *Nested::from_ssz(&one).unwrap_err().kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 2,
                got: 1
            }
        );
    }

    #[test]
    fn the_root_is_the_lists() {
        let l = Three::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(l.hash_tree_root(), l.as_list().hash_tree_root());
        assert_eq!(<Three as TreeLayout>::LAYOUT, <List<u16, U<8>>>::LAYOUT);
    }
}
