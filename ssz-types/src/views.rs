//! Views of the types outside the storage folders: [`ExactList`] and
//! [`RuntimeList`] (a [`SeqView`], validated and merkleized as the list
//! they decode), [`U256`] (a basic type: the view is the value) and
//! [`Cached`] (the view of the value it caches).

use crate::view::{
    element_count, elements_root_ssz, list_node_ssz, SeqView, SszView, TreeHashView, ViewSeq,
};
use crate::{
    Cached, DecodeError, DecodeErrorKind, ExactList, Gindex, Length, List, ProofError, Root,
    RuntimeList, U256,
};

/// As decoding checks it: a count of fixed-size values other than `N`
/// refused first, then `List[T, L]`'s checks, then the count.
impl<T: SszView, N: Length, L: Length> SszView for ExactList<T, N, L> {
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        const {
            assert!(
                N::U64 <= L::U64,
                "ExactList<T, N, L>: the pinned length N exceeds the limit L"
            )
        };
        let wrong_count = |got: usize| {
            DecodeError::new(DecodeErrorKind::WrongElementCount {
                expected: N::USIZE,
                got,
            })
        };
        if T::IS_FIXED_SIZE
            && T::FIXED_PART_LEN > 0
            && bytes.len().is_multiple_of(T::FIXED_PART_LEN)
        {
            let got = bytes.len() / T::FIXED_PART_LEN;
            if got != N::USIZE {
                return Err(wrong_count(got));
            }
        }
        <List<T, L> as SszView>::validate_ssz(bytes)?;
        match element_count::<T>(bytes) {
            got if got != N::USIZE => Err(wrong_count(got)),
            _ => Ok(()),
        }
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> SeqView<'_, Self> {
        SeqView::new_unchecked(bytes)
    }

    #[inline]
    fn array_view_unchecked<const K: usize>(bytes: &[u8]) -> SeqView<'_, [Self; K]> {
        SeqView::new_unchecked(bytes)
    }
}

impl<T: SszView, N: Length, L: Length> ViewSeq for ExactList<T, N, L> {
    type Elem = T;
}

/// The root and tree of `List[T, L]`.
impl<T: TreeHashView, N: Length, L: Length> TreeHashView for ExactList<T, N, L> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        <List<T, L> as TreeHashView>::hash_tree_root_ssz(bytes)
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        <List<T, L> as TreeHashView>::tree_node_ssz(bytes, gindex)
    }
}

/// As `from_ssz` checks it: `List[T, Max]`, the bound a decoded list gets
/// (a run-time bound is given to
/// [`from_ssz_with_bound`](RuntimeList::from_ssz_with_bound), which has no
/// view).
impl<T: SszView, Max: Length> SszView for RuntimeList<T, Max> {
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        crate::view::validate_elements::<T>(bytes, None, Max::USIZE)
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> SeqView<'_, Self> {
        SeqView::new_unchecked(bytes)
    }

    #[inline]
    fn array_view_unchecked<const K: usize>(bytes: &[u8]) -> SeqView<'_, [Self; K]> {
        SeqView::new_unchecked(bytes)
    }
}

impl<T: SszView, Max: Length> ViewSeq for RuntimeList<T, Max> {
    type Elem = T;
}

/// The root and tree of `List[T, Max]`, the limit of a decoded list.
impl<T: TreeHashView, Max: Length> TreeHashView for RuntimeList<T, Max> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        crate::merkle::mix_in_length(
            &elements_root_ssz::<T>(bytes, Max::U64),
            element_count::<T>(bytes),
        )
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        list_node_ssz::<T>(bytes, Max::U64, element_count::<T>(bytes), gindex)
    }
}

// `uint256`: the view is the value, as for the other `uintN`.
peam_ssz_core::__uint256_view!(U256, U256::from_le_bytes);

/// The view of the value cached: `T`'s (its
/// [`to_value`](crate::view::View::to_value) is a `T`).
impl<T: SszView> SszView for Cached<T> {
    type View<'a> = T::View<'a>;
    type ArrayView<'a, const N: usize> = SeqView<'a, [Self; N]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        T::validate_ssz(bytes)
    }

    #[inline]
    fn validate_ssz_many(bytes: &[u8]) -> Result<(), DecodeError> {
        T::validate_ssz_many(bytes)
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> T::View<'_> {
        T::view_unchecked(bytes)
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [Self; N]> {
        SeqView::new_unchecked(bytes)
    }

    #[inline]
    fn field_ssz_bytes(bytes: &[u8], index: usize) -> &[u8] {
        T::field_ssz_bytes(bytes, index)
    }
}

/// `T`'s root and tree, from the bytes (nothing is cached: there is no
/// value).
impl<T: TreeHashView> TreeHashView for Cached<T> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        T::hash_tree_root_ssz(bytes)
    }

    #[inline]
    fn tree_hash_leaves_ssz(bytes: &[u8], out: &mut [u8]) {
        T::tree_hash_leaves_ssz(bytes, out)
    }

    #[inline]
    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        T::tree_node_ssz(bytes, gindex)
    }
}
