//! Views of the types outside the storage folders: [`U256`] (a basic
//! type: the view is the value) and [`Cached`] (the view of the value it
//! caches). [`ExactList`](crate::ExactList) and
//! [`RuntimeList`](crate::RuntimeList) are kinds of [`Seq`](crate::seq::Seq),
//! viewed in `seq/view.rs`. And the items that every collection's view
//! shares, [`view_items!`].

use crate::view::{SeqView, SszView, TreeHashView};
use crate::{Cached, DecodeError, Gindex, ProofError, Root, U256};

/// The items of the [`SszView`] impl of a collection whose view is
/// `$view<'_, Self>` (a [`SeqView`], or a
/// [`BytesView`](crate::view::BytesView)) made from the validated bytes,
/// and whose arrays are viewed as a vector of it: all but
/// `validate_ssz`, which is the collection's own.
macro_rules! view_items {
    ($view:ident) => {
        type View<'a> = $crate::view::$view<'a, Self>;
        type ArrayView<'a, const __N: usize> = $crate::view::SeqView<'a, [Self; __N]>;

        #[inline]
        fn view_unchecked(bytes: &[u8]) -> $crate::view::$view<'_, Self> {
            $crate::view::$view::new_unchecked(bytes)
        }

        #[inline]
        fn array_view_unchecked<const __N: usize>(
            bytes: &[u8],
        ) -> $crate::view::SeqView<'_, [Self; __N]> {
            $crate::view::SeqView::new_unchecked(bytes)
        }
    };
}
pub(crate) use view_items;

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
