//! `List[T, N]`: a variable-length sequence of at most `N` elements.

use crate::bound::{check_count, MaxLen};
use crate::{BoundError, Length};
use alloc::vec::Vec;
use core::marker::PhantomData;

/// `List[T, N]`: at most `N::USIZE` elements, in a `Vec`.
///
/// The safe API never lets it grow past its limit: constructors and `push`
/// return a [`BoundError`] instead. Through `Deref`/`DerefMut` it is a slice,
/// so elements can be read and changed in place.
///
/// ```
/// use peam_ssz_types::{List, Ssz, TreeHash, U};
///
/// let mut list = List::<u16, U<4>>::try_from(vec![1, 2])?;
/// list.push(3)?;
/// assert_eq!(list.to_ssz(), [1, 0, 2, 0, 3, 0]);
/// assert_eq!(List::<u16, U<4>>::from_ssz(&[1, 0, 2, 0, 3, 0])?, list);
/// list.push(4)?;
/// assert!(list.push(5).is_err()); // the limit is 4
/// assert_eq!(list.len(), 4);
/// # let _ = list.hash_tree_root();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `M` is a maximum under the limit ([`MaxLen`]): `N` itself unless named,
/// a preset's constant (`List<Attestation, U<128>, P::MaxAttestations>`)
/// or a run-time value ([`RuntimeMax`](crate::RuntimeMax)). It bounds the
/// list as the limit does (decoding, constructors, `push`) but changes
/// nothing else: the encoding, the root and the generalized indices are
/// those of `List[T, N]`. Decoding past it fails with
/// [`DecodeErrorKind::ExceedsMaximum`](crate::DecodeErrorKind::ExceedsMaximum)
/// before anything is allocated. A maximum over `N` has no effect.
///
/// ```
/// use peam_ssz_types::{BoundError, DecodeErrorKind, List, Ssz, TreeHash, U};
///
/// // The blob commitments of an Electra body: List[KZGCommitment, 4096]
/// // (that root), at most MAX_BLOBS_PER_BLOCK_ELECTRA = 9.
/// type Commitments = List<[u8; 48], U<4096>, U<9>>;
///
/// let nine = Commitments::try_from(vec![[1; 48]; 9])?;
/// assert_eq!(
///     nine.hash_tree_root(),
///     List::<[u8; 48], U<4096>>::try_from(vec![[1; 48]; 9])?.hash_tree_root()
/// );
/// assert_eq!(Commitments::try_from(vec![[1; 48]; 10]), Err(BoundError { len: 10, max: 9 }));
/// let err = Commitments::from_ssz(&[0; 480]).unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 10, max: 9 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct List<T, N, M = N> {
    inner: Vec<T>,
    _marker: PhantomData<(N, M)>,
}

impl<T, N: Length, M: MaxLen> List<T, N, M> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        List {
            inner: Vec::new(),
            _marker: PhantomData,
        }
    }

    /// An empty list with room for `capacity` elements (capped at the
    /// limit) before it reallocates.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        List {
            inner: Vec::with_capacity(capacity.min(Self::maximum())),
            _marker: PhantomData,
        }
    }

    /// The list of the elements `iter` yields, if they are within the
    /// bound: `collect` with a bound. It draws at most `max + 1` elements
    /// (`max` the smaller of the limit and the maximum): past it it stops,
    /// and the error's `len` is `max + 1`.
    ///
    /// ```
    /// use peam_ssz_types::{BoundError, List, U};
    ///
    /// let squares = List::<u64, U<4>>::try_from_iter((1..=4).map(|i| i * i))?;
    /// assert_eq!(squares.as_slice(), [1, 4, 9, 16]);
    /// assert_eq!(
    ///     List::<u64, U<4>>::try_from_iter(1..),
    ///     Err(BoundError { len: 5, max: 4 })
    /// );
    /// # Ok::<(), BoundError>(())
    /// ```
    pub fn try_from_iter(iter: impl IntoIterator<Item = T>) -> Result<Self, BoundError> {
        let inner = crate::bound::collect_within(iter, Self::maximum())?;
        Ok(List::from_vec_unchecked(inner))
    }

    /// The list holding `vec`, if it is no longer than the limit and the
    /// maximum.
    #[inline]
    pub fn try_from_vec(vec: Vec<T>) -> Result<Self, BoundError> {
        check_count(vec.len(), Self::maximum())?;
        Ok(List {
            inner: vec,
            _marker: PhantomData,
        })
    }

    /// The limit `N`: the Merkle limit, which shapes the root.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// The most elements the list may hold: the smaller of the limit `N`
    /// and the maximum `M` (read now, if it is given at run time).
    #[inline]
    pub fn maximum() -> usize {
        N::USIZE.min(M::max_len())
    }

    /// Whether the list holds [`maximum`](List::maximum) elements.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.inner.len() >= Self::maximum()
    }

    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// is full.
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), Self::maximum())?;
        self.inner.push(value);
        Ok(())
    }

    /// Inserts `value` at `index`, shifting the elements after it, or
    /// returns an error if the list is full.
    ///
    /// # Panics
    ///
    /// If `index > len`.
    pub fn insert(&mut self, index: usize, value: T) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), Self::maximum())?;
        self.inner.insert(index, value);
        Ok(())
    }

    /// Appends clones of `values`, or returns an error (appending nothing)
    /// if they do not fit.
    pub fn extend_from_slice(&mut self, values: &[T]) -> Result<(), BoundError>
    where
        T: Clone,
    {
        check_count(
            self.inner.len().saturating_add(values.len()),
            Self::maximum(),
        )?;
        self.inner.extend_from_slice(values);
        Ok(())
    }

    /// Removes and returns the last element.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        self.inner.pop()
    }

    /// Removes and returns the element at `index`, shifting the ones after it.
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    pub fn remove(&mut self, index: usize) -> T {
        self.inner.remove(index)
    }

    /// Keeps only the elements for which `keep` returns true.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.inner.retain(keep)
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
}

impl<T, N: Length, M: MaxLen> Default for List<T, N, M> {
    #[inline]
    fn default() -> Self {
        List::new()
    }
}

impl<T, N: Length, M: MaxLen> TryFrom<Vec<T>> for List<T, N, M> {
    type Error = BoundError;

    #[inline]
    fn try_from(vec: Vec<T>) -> Result<Self, BoundError> {
        List::try_from_vec(vec)
    }
}

impl<T: Clone, N: Length, M: MaxLen> TryFrom<&[T]> for List<T, N, M> {
    type Error = BoundError;

    #[inline]
    fn try_from(slice: &[T]) -> Result<Self, BoundError> {
        check_count(slice.len(), Self::maximum())?;
        Ok(List {
            inner: slice.to_vec(),
            _marker: PhantomData,
        })
    }
}

crate::seq::vec_backed! {
    List<T, N: Length | Length, M: MaxLen | MaxLen>;
    serde(exact = None, max = Self::maximum());
    // The maximum from the input's length or first offset, before
    // anything is allocated; the limit by `decode_elements`.
    ssz(
        fixed = false,
        fixed_part_len = crate::BYTES_PER_LENGTH_OFFSET,
        exact = None,
        max = N::USIZE,
        check = |bytes| crate::bound::check_encoded_elements::<T>(bytes, M::max_len(), N::USIZE),
    );
    // `mix_in_length(merkleize(leaves, limit = chunk_count), len)`.
    hash(
        root = |values| crate::codec::list_root(values, N::U64),
        node = |values, gindex| crate::codec::list_node(values, N::U64, values.len(), gindex),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DecodeError, DecodeErrorKind, Ssz, U};

    #[test]
    fn bounds_are_enforced() {
        let mut l = List::<u8, U<2>>::new();
        assert_eq!(List::<u8, U<2>>::max_len(), 2);
        l.push(1).unwrap();
        l.push(2).unwrap();
        assert!(l.is_full());
        assert_eq!(l.push(3), Err(BoundError { len: 3, max: 2 }));
        assert_eq!(l.insert(0, 3), Err(BoundError { len: 3, max: 2 }));
        assert_eq!(l.as_slice(), [1, 2]);
        assert_eq!(
            List::<u8, U<2>>::try_from(vec![1, 2, 3]),
            Err(BoundError { len: 3, max: 2 })
        );
        assert!(List::<u8, U<2>>::try_from(&[1u8, 2, 3][..]).is_err());
        l.pop();
        assert_eq!(
            l.extend_from_slice(&[7, 8]),
            Err(BoundError { len: 3, max: 2 })
        );
        assert_eq!(l.as_slice(), [1]);
        l.extend_from_slice(&[7]).unwrap();
        assert_eq!(l.as_slice(), [1, 7]);
        l[1] = 9;
        assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 9]);
        l.truncate(1);
        assert_eq!(l.into_vec(), [1]);
        assert!(List::<u8, U<0>>::try_from(vec![]).is_ok());
        assert!(List::<u8, U<0>>::new().push(1).is_err());
    }

    #[test]
    fn try_from_iter_stops_one_past_the_limit() {
        assert_eq!(
            List::<u8, U<3>>::try_from_iter([1, 2]).unwrap().as_slice(),
            [1, 2]
        );
        assert_eq!(List::<u8, U<3>>::try_from_iter([1, 2, 3]).unwrap().len(), 3);
        assert_eq!(
            List::<u8, U<3>>::try_from_iter([1, 2, 3, 4]),
            Err(BoundError { len: 4, max: 3 })
        );
        let mut drawn = 0;
        let endless = core::iter::repeat_with(|| {
            drawn += 1;
            0u8
        });
        assert!(List::<u8, U<3>>::try_from_iter(endless).is_err());
        assert_eq!(drawn, 4);
        assert!(List::<u8, U<0>>::try_from_iter(core::iter::empty())
            .unwrap()
            .is_empty());
    }

    #[test]
    fn list_helpers() {
        let mut l = List::<u32, U<8>>::try_from(vec![5, 6, 7, 8]).unwrap();
        assert_eq!(l.remove(0), 5);
        l.retain(|&x| x != 7);
        assert_eq!(&*l, &[6, 8]);
        for x in &mut l {
            *x += 1;
        }
        assert_eq!(format!("{l:?}"), "[7, 9]");
        let v: Vec<u32> = l.clone().into();
        assert_eq!(v, [7, 9]);
        assert_eq!((&l).into_iter().sum::<u32>(), 16);
        assert_eq!(l.into_iter().collect::<Vec<_>>(), [7, 9]);
        assert_eq!(
            List::<u32, U<3>>::with_capacity(100).as_slice(),
            &[] as &[u32]
        );
        l = List::default();
        assert!(l.is_empty());
        l.clear();
    }

    #[test]
    fn fixed_elements_encode_back_to_back() {
        let l = List::<u16, U<4>>::try_from(vec![0x0102, 0x0304]).unwrap();
        assert_eq!(l.to_ssz(), [2, 1, 4, 3]);
        assert_eq!(List::<u16, U<4>>::from_ssz(&[2, 1, 4, 3]).unwrap(), l);
        assert_eq!(List::<u16, U<4>>::from_ssz(&[]).unwrap(), List::new());
        assert!(List::<u16, U<4>>::from_ssz(&[])
            .unwrap()
            .to_ssz()
            .is_empty());
    }

    #[test]
    fn variable_elements_encode_behind_offsets() {
        type Inner = List<u8, U<4>>;
        let l = List::<Inner, U<3>>::try_from(vec![
            Inner::try_from(vec![1, 2]).unwrap(),
            Inner::new(),
            Inner::try_from(vec![3]).unwrap(),
        ])
        .unwrap();
        let bytes = [12, 0, 0, 0, 14, 0, 0, 0, 14, 0, 0, 0, 1, 2, 3];
        assert_eq!(l.to_ssz(), bytes);
        assert_eq!(List::<Inner, U<3>>::from_ssz(&bytes).unwrap(), l);
    }

    #[test]
    fn decoding_rejects_bad_input() {
        let kind = |r: Result<List<u16, U<2>>, DecodeError>| *r.unwrap_err().kind();
        assert_eq!(
            kind(List::from_ssz(&[1, 0, 2, 0, 3, 0])),
            DecodeErrorKind::TooManyElements { len: 3, max: 2 }
        );
        assert_eq!(
            kind(List::from_ssz(&[1, 0, 2])),
            DecodeErrorKind::NotMultipleOfElement { len: 3, element: 2 }
        );
        type Inner = List<u8, U<4>>;
        let outer = |b: &[u8]| List::<Inner, U<2>>::from_ssz(b).map(|_| ()).unwrap_err();
        // Three offsets for a limit of two.
        assert_eq!(
            *outer(&[12, 0, 0, 0, 12, 0, 0, 0, 12, 0, 0, 0]).kind(),
            DecodeErrorKind::TooManyElements { len: 3, max: 2 }
        );
        // First offset not a multiple of 4, zero, past the end.
        assert_eq!(
            *outer(&[5, 0, 0, 0, 1]).kind(),
            DecodeErrorKind::InvalidListOffset { offset: 5 }
        );
        assert_eq!(
            *outer(&[0, 0, 0, 0]).kind(),
            DecodeErrorKind::InvalidListOffset { offset: 0 }
        );
        assert_eq!(
            *outer(&[8, 0, 0, 0]).kind(),
            DecodeErrorKind::InvalidListOffset { offset: 8 }
        );
        assert_eq!(
            *outer(&[4, 0]).kind(),
            DecodeErrorKind::TooShort { min: 4, got: 2 }
        );
        // Decreasing and out-of-range offsets.
        assert_eq!(
            *outer(&[8, 0, 0, 0, 7, 0, 0, 0, 1]).kind(),
            DecodeErrorKind::OffsetsDecreasing {
                previous: 8,
                offset: 7
            }
        );
        assert_eq!(
            *outer(&[8, 0, 0, 0, 10, 0, 0, 0, 1]).kind(),
            DecodeErrorKind::OffsetOutOfBounds { offset: 10, len: 9 }
        );
        // An inner list over its limit names its index.
        let err = outer(&[8, 0, 0, 0, 8, 0, 0, 0, 1, 2, 3, 4, 5]);
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::TooManyElements { len: 5, max: 4 }
        );
        assert_eq!(err.to_string(), "at [1]: 5 elements exceed the limit 4");
    }
}
