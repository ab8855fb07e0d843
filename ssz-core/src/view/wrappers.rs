//! [`SszView`] and [`TreeHashView`] for `Box<T>` and `Arc<T>`: `T` behind a
//! pointer has `T`'s encoding and tree, so its view is `T`'s view.

use super::{SeqView, SszView, TreeHashView};
use crate::{DecodeError, Gindex, ProofError, Root};
use alloc::boxed::Box;
use alloc::sync::Arc;

macro_rules! pointer_view {
    ($($ptr:ident),*) => {$(
        /// The view of the value pointed to: `T`'s own view (its
        /// [`to_value`](super::View::to_value) is a `T`).
        impl<T: SszView> SszView for $ptr<T> {
            type View<'a> = T::View<'a>;
            type ArrayView<'a, const N: usize> = SeqView<'a, [$ptr<T>; N]>;

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
            fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [$ptr<T>; N]> {
                SeqView::new_unchecked(bytes)
            }

            #[inline]
            fn field_ssz_bytes(bytes: &[u8], index: usize) -> &[u8] {
                T::field_ssz_bytes(bytes, index)
            }
        }

        /// The root and tree of the value pointed to.
        impl<T: TreeHashView + Send> TreeHashView for $ptr<T> {
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
    )*};
}

pointer_view!(Box, Arc);
