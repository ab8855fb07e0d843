//! Views of the persistent sequences: their encodings are those of the
//! plain [`List`](crate::List), [`Vector`](crate::Vector) and
//! [`ProgressiveList`](crate::ProgressiveList), so they are validated and
//! merkleized by the view of the plain [`Seq`] of the same kind (under the
//! sequence's hasher `H`); the view is a [`SeqView`] whose
//! [`to_value`](crate::view::View::to_value) builds the persistent value.

use super::{PersistentKind, PersistentProgressiveList, PersistentSeq};
use crate::bound::MaxLen;
use crate::hasher::{with_hasher, ScopedHasher};
use crate::seq::{ProgressiveKind, Seq};
use crate::view::{SeqView, SszView, TreeHashView, ViewSeq};
use crate::{DecodeError, Edition, Gindex, ProofError, Root, Ssz, TreeHash};

/// The checks of the plain sequence `Seq<T, K>`.
impl<T, K, H> SszView for PersistentSeq<T, K, H>
where
    T: Ssz + TreeHash + Send + SszView,
    K: PersistentKind,
    H: ScopedHasher,
{
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const N: usize> = SeqView<'a, [Self; N]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        <Seq<T, K> as SszView>::validate_ssz(bytes)
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> SeqView<'_, Self> {
        SeqView::new_unchecked(bytes)
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [Self; N]> {
        SeqView::new_unchecked(bytes)
    }
}

impl<T, K, H> ViewSeq for PersistentSeq<T, K, H>
where
    T: Ssz + TreeHash + Send + SszView,
    K: PersistentKind,
    H: ScopedHasher,
{
    type Elem = T;
}

/// The root and tree of the plain sequence, hashed with `H`.
impl<T, K, H> TreeHashView for PersistentSeq<T, K, H>
where
    T: Ssz + TreeHash + Send + TreeHashView,
    K: PersistentKind,
    H: ScopedHasher,
    Self: TreeHash,
{
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        with_hasher::<H, _>(|| <Seq<T, K> as TreeHashView>::hash_tree_root_ssz(bytes))
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        with_hasher::<H, _>(|| <Seq<T, K> as TreeHashView>::tree_node_ssz(bytes, gindex))
    }
}

/// The checks of [`ProgressiveList`](crate::ProgressiveList).
impl<T, E, M, H> SszView for PersistentProgressiveList<T, E, M, H>
where
    T: Ssz + TreeHash + Send + SszView,
    E: Edition,
    M: MaxLen,
    H: ScopedHasher,
{
    type View<'a> = SeqView<'a, Self>;
    type ArrayView<'a, const N: usize> = SeqView<'a, [Self; N]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        <Seq<T, ProgressiveKind<E, M>> as SszView>::validate_ssz(bytes)
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> SeqView<'_, Self> {
        SeqView::new_unchecked(bytes)
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [Self; N]> {
        SeqView::new_unchecked(bytes)
    }
}

impl<T, E, M, H> ViewSeq for PersistentProgressiveList<T, E, M, H>
where
    T: Ssz + TreeHash + Send + SszView,
    E: Edition,
    M: MaxLen,
    H: ScopedHasher,
{
    type Elem = T;
}

/// The root and tree of [`ProgressiveList`](crate::ProgressiveList),
/// hashed with `H`.
impl<T, E, M, H> TreeHashView for PersistentProgressiveList<T, E, M, H>
where
    T: Ssz + TreeHash + Send + TreeHashView,
    E: Edition,
    M: MaxLen,
    H: ScopedHasher,
{
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        with_hasher::<H, _>(|| {
            <Seq<T, ProgressiveKind<E, M>> as TreeHashView>::hash_tree_root_ssz(bytes)
        })
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        with_hasher::<H, _>(|| {
            <Seq<T, ProgressiveKind<E, M>> as TreeHashView>::tree_node_ssz(bytes, gindex)
        })
    }
}
