//! [`SszView`] and [`TreeHashView`] for the basic types and arrays.

use super::seq::{elements_node_ssz, elements_root_ssz, validate_elements};
use super::{SeqView, SszView, TreeHashView, View, ViewSeq};
use crate::{DecodeError, DecodeErrorKind, Gindex, ProofError, Root, Ssz};

macro_rules! uint_view {
    ($($t:ty),*) => {$(
        impl SszView for $t {
            type View<'a> = $t;
            type ArrayView<'a, const N: usize> = SeqView<'a, [$t; N]>;

            #[inline]
            fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
                if bytes.len() == Self::FIXED_PART_LEN {
                    Ok(())
                } else {
                    Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                        expected: Self::FIXED_PART_LEN,
                        got: bytes.len(),
                    }))
                }
            }

            /// Any bytes are `uintN`s.
            #[inline]
            fn validate_ssz_many(_: &[u8]) -> Result<(), DecodeError> {
                Ok(())
            }

            #[inline]
            fn view_unchecked(bytes: &[u8]) -> $t {
                let mut le = [0u8; core::mem::size_of::<$t>()];
                le.copy_from_slice(&bytes[..core::mem::size_of::<$t>()]);
                <$t>::from_le_bytes(le)
            }

            #[inline]
            fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [$t; N]> {
                SeqView::new_unchecked(bytes)
            }
        }

        impl TreeHashView for $t {
            #[inline]
            fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
                let mut chunk = [0u8; 32];
                chunk[..bytes.len()].copy_from_slice(bytes);
                chunk
            }
        }
    )*};
}

uint_view!(u16, u32, u64, u128);

impl SszView for u8 {
    type View<'a> = u8;
    type ArrayView<'a, const N: usize> = &'a [u8; N];

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        match bytes {
            [_] => Ok(()),
            _ => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: 1,
                got: bytes.len(),
            })),
        }
    }

    /// Any bytes are `uint8`s.
    #[inline]
    fn validate_ssz_many(_: &[u8]) -> Result<(), DecodeError> {
        Ok(())
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> u8 {
        bytes[0]
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> &[u8; N] {
        match bytes.first_chunk::<N>() {
            Some(array) => array,
            None => unreachable!("a validated [u8; N] is N bytes"),
        }
    }
}

impl TreeHashView for u8 {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        let mut chunk = [0u8; 32];
        chunk[0] = bytes[0];
        chunk
    }
}

impl SszView for bool {
    type View<'a> = bool;
    type ArrayView<'a, const N: usize> = SeqView<'a, [bool; N]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        bool::from_ssz(bytes).map(drop)
    }

    #[inline]
    fn validate_ssz_many(bytes: &[u8]) -> Result<(), DecodeError> {
        if bytes.iter().all(|&b| b <= 1) {
            return Ok(());
        }
        match bytes.iter().position(|&b| b > 1) {
            Some(i) => Err(DecodeError::new(DecodeErrorKind::InvalidBool(bytes[i])).at_index(i)),
            None => Ok(()),
        }
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> bool {
        bytes[0] == 1
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [bool; N]> {
        SeqView::new_unchecked(bytes)
    }
}

impl TreeHashView for bool {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        let mut chunk = [0u8; 32];
        chunk[0] = bytes[0];
        chunk
    }
}

impl<T: SszView, const N: usize> SszView for [T; N] {
    type View<'a> = T::ArrayView<'a, N>;
    type ArrayView<'a, const M: usize> = SeqView<'a, [[T; N]; M]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        if N == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        if T::IS_FIXED_SIZE {
            let expected = T::FIXED_PART_LEN * N;
            if bytes.len() != expected {
                return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                    expected,
                    got: bytes.len(),
                }));
            }
            T::validate_ssz_many(bytes)
        } else {
            validate_elements::<T>(bytes, Some(N), N)
        }
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> Self::View<'_> {
        T::array_view_unchecked::<N>(bytes)
    }

    #[inline]
    fn array_view_unchecked<const M: usize>(bytes: &[u8]) -> SeqView<'_, [[T; N]; M]> {
        SeqView::new_unchecked(bytes)
    }
}

impl<T: SszView, const N: usize> ViewSeq for [T; N] {
    type Elem = T;
}

impl<T: TreeHashView, const N: usize> TreeHashView for [T; N] {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        elements_root_ssz::<T>(bytes, N as u64)
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        elements_node_ssz::<T>(bytes, N as u64, gindex)
    }
}

impl<'a, const N: usize> View<'a> for &'a [u8; N] {
    type Value = [u8; N];

    #[inline]
    fn as_ssz_bytes(&self) -> &'a [u8] {
        &self[..]
    }

    #[inline]
    fn to_value(&self) -> [u8; N] {
        **self
    }
}
