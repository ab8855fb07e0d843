//! Views of the persistent sequences: their encodings are those of the
//! plain [`List`](crate::List), [`Vector`](crate::Vector) and
//! [`ProgressiveList`](crate::ProgressiveList), so they are validated and
//! merkleized by the view of the plain [`Seq`] of the same kind (under the
//! sequence's hasher `H`); the view is a [`SeqView`](crate::view::SeqView)
//! whose [`to_value`](crate::view::View::to_value) builds the persistent
//! value.

use super::{PersistentKind, PersistentProgressiveList, PersistentSeq};
use crate::bound::MaxLen;
use crate::hasher::{with_hasher, ScopedHasher};
use crate::seq::{ProgressiveKind, Seq};
use crate::view::{SszView, TreeHashView, ViewSeq};
use crate::{DecodeError, Edition, Gindex, ProofError, Root, TreeHash};

/// The views of the persistent sequence `$ty` of elements `T`, hashed with
/// `H`: those of the plain `Seq<T, $kind>`, for the parameters `$params`
/// bounded by `$bounds`.
macro_rules! persistent_view {
    ($($ty:ty => $kind:ty, [$($params:tt)*] where [$($bounds:tt)*];)*) => {$(
        /// The checks of the plain sequence of the same kind.
        impl<$($params)*> SszView for $ty
        where
            T: TreeHash + Send + SszView,
            H: ScopedHasher,
            $($bounds)*
        {
            crate::views::view_items!(SeqView);

            #[inline]
            fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
                <Seq<T, $kind> as SszView>::validate_ssz(bytes)
            }
        }

        impl<$($params)*> ViewSeq for $ty
        where
            T: TreeHash + Send + SszView,
            H: ScopedHasher,
            $($bounds)*
        {
            type Elem = T;
        }

        /// The root and tree of the plain sequence of the same kind,
        /// hashed with `H`.
        impl<$($params)*> TreeHashView for $ty
        where
            T: TreeHash + Send + TreeHashView,
            H: ScopedHasher,
            Self: TreeHash,
            $($bounds)*
        {
            #[inline]
            fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
                with_hasher::<H, _>(|| {
                    <Seq<T, $kind> as TreeHashView>::hash_tree_root_ssz(bytes)
                })
            }

            fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
                with_hasher::<H, _>(|| {
                    <Seq<T, $kind> as TreeHashView>::tree_node_ssz(bytes, gindex)
                })
            }
        }
    )*};
}

persistent_view! {
    PersistentSeq<T, K, H> => K, [T, K, H] where [K: PersistentKind,];
    PersistentProgressiveList<T, E, M, H> => ProgressiveKind<E, M>,
        [T, E, M, H] where [E: Edition, M: MaxLen,];
}
