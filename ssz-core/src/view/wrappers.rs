//! [`SszView`] and [`TreeHashView`] for `Box<T>` and `Arc<T>` (`T` behind a
//! pointer has `T`'s encoding and tree, so its view is `T`'s view) and for
//! `Option<T>`, the union `Union[None, T]` ([`OptionView`]).

use super::{SeqView, SszView, TreeHashView, View};
use crate::codec::{union_node, zero_chunk_node};
use crate::merkle::{mix_in_selector, zero_hash};
use crate::{DecodeError, DecodeErrorKind, Gindex, ProofError, Root};
use alloc::boxed::Box;
use alloc::sync::Arc;
use core::fmt;
use core::marker::PhantomData;

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

/// The view of `Union[None, T]` (an `Option<T>`): its selector byte and,
/// for `Some`, the view of the value after it.
pub struct OptionView<'a, T> {
    bytes: &'a [u8],
    ty: PhantomData<fn() -> T>,
}

impl<T> Clone for OptionView<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for OptionView<'_, T> {}

/// Equal when the encodings are.
impl<T> PartialEq for OptionView<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<T> Eq for OptionView<'_, T> {}

impl<T> fmt::Debug for OptionView<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionView")
            .field("selector", &self.bytes.first())
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

impl<'a, T: SszView> OptionView<'a, T> {
    /// The selector: 0 for `None`, 1 for `Some`.
    #[inline]
    pub fn selector(&self) -> u8 {
        self.bytes[0]
    }

    /// Whether the value is `Some`.
    #[inline]
    pub fn is_some(&self) -> bool {
        self.selector() == 1
    }

    /// Whether the value is `None`.
    #[inline]
    pub fn is_none(&self) -> bool {
        !self.is_some()
    }

    /// The view of the value, for `Some`.
    #[inline]
    pub fn get(&self) -> Option<T::View<'a>> {
        self.is_some().then(|| T::view_unchecked(&self.bytes[1..]))
    }
}

impl<'a, T: SszView> View<'a> for OptionView<'a, T> {
    type Value = Option<T>;

    #[inline]
    fn as_ssz_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// `Union[None, T]`: checked in the order of `Option::from_ssz`.
impl<T: SszView> SszView for Option<T> {
    type View<'a> = OptionView<'a, T>;
    type ArrayView<'a, const N: usize> = SeqView<'a, [Option<T>; N]>;

    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        match bytes.split_first() {
            None => Err(DecodeError::new(DecodeErrorKind::MissingSelector)),
            Some((0, [])) => Ok(()),
            Some((0, _)) => Err(DecodeError::new(DecodeErrorKind::NonePayload)),
            Some((1, body)) => T::validate_ssz(body).map_err(|e| e.in_selector(1)),
            Some((&s, _)) => Err(DecodeError::new(DecodeErrorKind::InvalidSelector(s))),
        }
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> OptionView<'_, T> {
        OptionView {
            bytes,
            ty: PhantomData,
        }
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [Option<T>; N]> {
        SeqView::new_unchecked(bytes)
    }
}

/// `mix_in_selector(hash_tree_root(value), 1)`, or
/// `mix_in_selector(Bytes32(), 0)` for `None`, from the bytes.
impl<T: TreeHashView + Send> TreeHashView for Option<T> {
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        match bytes.split_first() {
            Some((1, body)) => mix_in_selector(&T::hash_tree_root_ssz(body), 1),
            _ => zero_hash(1),
        }
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        match bytes.split_first() {
            Some((1, body)) => union_node(gindex, 1, |g| T::tree_node_ssz(body, g)),
            _ => union_node(gindex, 0, zero_chunk_node),
        }
    }
}
