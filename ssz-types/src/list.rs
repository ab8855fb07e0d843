//! `List[T, N]`: a variable-length sequence of at most `N` elements.

use crate::bound::{check_count, MaxLen};
use crate::seq::{list_root_ssz, Kind, ListKind, Sealed, Seq, Variable};
use crate::view::{element_count, list_node_ssz, TreeHashView};
use crate::{BoundError, Gindex, Length, ProofError, Root, TreeHash};
use alloc::vec::Vec;
use peam_ssz_core::path::{Layout, TreeLayout};

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
pub type List<T, N, M = N> = Seq<T, ListKind<N, M>>;

impl<N, M> Sealed for ListKind<N, M> {}

impl<N: Length, M: MaxLen> Variable for ListKind<N, M> {}

impl<N: Length, M: MaxLen> Kind for ListKind<N, M> {
    const LENGTH: Option<usize> = None;
    const LIMIT: Option<usize> = Some(N::USIZE);
    type Error = BoundError;

    #[inline]
    fn maximum(_: ()) -> usize {
        N::USIZE.min(M::max_len())
    }

    #[inline]
    fn check_len(len: usize, _: ()) -> Result<(), BoundError> {
        check_count(len, Self::maximum(()))
    }

    /// `mix_in_length(merkleize(leaves, limit = chunk_count), len)`.
    #[inline]
    fn root<T: TreeHash>(values: &[T], _: ()) -> Root {
        crate::codec::list_root(values, N::U64)
    }

    fn node<T: TreeHash>(values: &[T], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        crate::codec::list_node(values, N::U64, values.len(), gindex)
    }

    #[inline]
    fn root_ssz<T: TreeHashView>(bytes: &[u8], _: ()) -> Root {
        list_root_ssz::<T>(bytes, N::U64)
    }

    fn node_ssz<T: TreeHashView>(bytes: &[u8], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        list_node_ssz::<T>(bytes, N::U64, element_count::<T>(bytes), gindex)
    }
}

impl<T, N: Length, M: MaxLen> List<T, N, M> {
    /// The limit `N`: the Merkle limit, which shapes the root.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// is full.
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), BoundError> {
        self.try_push(value)
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
        List::try_from_slice(slice)
    }
}

// A maximum (`M`) is no part of the tree: the layout is the limit's.
impl<T: TreeLayout, N: Length, M> TreeLayout for List<T, N, M> {
    const LAYOUT: &'static Layout = &Layout::List {
        elem: T::LAYOUT,
        limit: N::U64,
    };
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
