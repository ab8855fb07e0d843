//! Views of [`List`](crate::List), [`Vector`](crate::Vector) and
//! [`ProgressiveList`](crate::ProgressiveList): a [`SeqView`] over the
//! encoding, validated as each kind's `decode` checks it and merkleized
//! from the bytes as each kind's `root` and `node` merkleize the values.

use super::{ListKind, ProgressiveKind, Seq, VectorKind};
use crate::bound::{check_encoded_elements, MaxLen};
use crate::merkle::mix_in_length;
use crate::vector::check_vector_bytes;
use crate::view::{
    element_count, elements_node_ssz, elements_root_ssz, list_node_ssz,
    progressive_elements_root_ssz, progressive_list_node_ssz, validate_elements, SeqView, SszView,
    TreeHashView, ViewSeq,
};
use crate::{DecodeError, Edition, Gindex, Length, ProofError, Root};

/// `List[T, N]`, at most `M`: the maximum from the input's length or first
/// offset, then the elements, as decoding checks them.
impl<T: SszView, N: Length, M: MaxLen> SszView for Seq<T, ListKind<N, M>> {
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        check_encoded_elements::<T>(bytes.len(), bytes, M::max_len(), N::USIZE)?;
        validate_elements::<T>(bytes, None, N::USIZE)
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

impl<T: SszView, N: Length, M: MaxLen> ViewSeq for Seq<T, ListKind<N, M>> {
    type Elem = T;
}

/// `mix_in_length(merkleize(leaves, limit), len)` from the bytes.
impl<T: TreeHashView, N: Length, M: MaxLen> TreeHashView for Seq<T, ListKind<N, M>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        mix_in_length(
            &elements_root_ssz::<T>(bytes, N::U64),
            element_count::<T>(bytes),
        )
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        list_node_ssz::<T>(bytes, N::U64, element_count::<T>(bytes), gindex)
    }
}

/// `Vector[T, N]`: legal (`N > 0`), fixed-size elements filling exactly `N`
/// slots, then the elements, as decoding checks them.
impl<T: SszView, N: Length> SszView for Seq<T, VectorKind<N>> {
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        check_vector_bytes::<T, N>(bytes.len())?;
        validate_elements::<T>(bytes, Some(N::USIZE), N::USIZE)
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

impl<T: SszView, N: Length> ViewSeq for Seq<T, VectorKind<N>> {
    type Elem = T;
}

/// `merkleize(leaves)` from the bytes.
impl<T: TreeHashView, N: Length> TreeHashView for Seq<T, VectorKind<N>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        elements_root_ssz::<T>(bytes, N::U64)
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        elements_node_ssz::<T>(bytes, N::U64, gindex)
    }
}

/// `ProgressiveList[T]`, at most `M`: encoded as a list without a limit.
impl<T: SszView, E: Edition, M: MaxLen> SszView for Seq<T, ProgressiveKind<E, M>> {
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        check_encoded_elements::<T>(bytes.len(), bytes, M::max_len(), usize::MAX)?;
        validate_elements::<T>(bytes, None, usize::MAX)
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

impl<T: SszView, E: Edition, M: MaxLen> ViewSeq for Seq<T, ProgressiveKind<E, M>> {
    type Elem = T;
}

/// `mix_in_length(merkleize_progressive(leaves), len)` in edition `E`, from
/// the bytes.
impl<T: TreeHashView, E: Edition, M: MaxLen> TreeHashView for Seq<T, ProgressiveKind<E, M>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        mix_in_length(
            &progressive_elements_root_ssz::<E, T>(bytes),
            element_count::<T>(bytes),
        )
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        progressive_list_node_ssz::<T>(bytes, element_count::<T>(bytes), E::RULES, gindex)
    }
}
