//! [`SszView`] and [`TreeHashView`] for the alloy-primitives types (feature
//! `alloy`): the byte vectors `FixedBytes<N>`, `Address` and `Bloom`, whose
//! view is a [`BytesView`], and `U256`, a basic type whose view is its
//! value.

use super::bytes::{
    byte_vector_leaves_ssz, byte_vector_node_ssz, validate_byte_vector, validate_byte_vectors,
    BytesView,
};
use super::{SeqView, SszView, TreeHashView};
use crate::codec::byte_vector_root;
use crate::{DecodeError, Gindex, ProofError, Root};
use alloy_primitives::{Address, Bloom, FixedBytes, U256};

macro_rules! byte_vector_view {
    ($([$($generics:tt)*] $ty:ty, $n:expr;)*) => {$(
        /// `ByteVector[N]`: its bytes, in place.
        impl<$($generics)*> SszView for $ty {
            type View<'a> = BytesView<'a, $ty>;
            type ArrayView<'a, const M: usize> = SeqView<'a, [$ty; M]>;

            #[inline]
            fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
                validate_byte_vector(bytes, $n)
            }

            #[inline]
            fn validate_ssz_many(bytes: &[u8]) -> Result<(), DecodeError> {
                validate_byte_vectors(bytes, $n)
            }

            #[inline]
            fn view_unchecked(bytes: &[u8]) -> BytesView<'_, $ty> {
                BytesView::new_unchecked(bytes)
            }

            #[inline]
            fn array_view_unchecked<const M: usize>(bytes: &[u8]) -> SeqView<'_, [$ty; M]> {
                SeqView::new_unchecked(bytes)
            }
        }

        /// The packed bytes' root and tree.
        impl<$($generics)*> TreeHashView for $ty {
            #[inline]
            fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
                byte_vector_root(bytes)
            }

            #[inline]
            fn tree_hash_leaves_ssz(bytes: &[u8], out: &mut [u8]) {
                byte_vector_leaves_ssz(bytes, $n, out)
            }

            #[inline]
            fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
                byte_vector_node_ssz(bytes, gindex)
            }
        }
    )*};
}

byte_vector_view! {
    [const N: usize] FixedBytes<N>, N;
    [] Address, 20;
    [] Bloom, 256;
}

crate::__uint256_view!(U256, U256::from_le_bytes);
