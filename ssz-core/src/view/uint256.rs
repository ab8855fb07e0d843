//! The view of `uint256`, written once for every 256-bit integer type, as
//! its codec is ([`__uint256_codec`](crate::__uint256_codec)).

/// Implements [`SszView`](crate::view::SszView) and
/// [`TreeHashView`](crate::view::TreeHashView) for a 256-bit unsigned
/// integer type `$ty` that [`__uint256_codec`](crate::__uint256_codec)
/// made `uint256`: a basic type, whose view is its value (`$from_le` turns
/// `[u8; 32]` into it) and whose bytes are its chunk.
///
/// Not a public interface: it changes with the crate.
#[doc(hidden)]
#[macro_export]
macro_rules! __uint256_view {
    ($ty:ty, $from_le:expr) => {
        impl $crate::view::SszView for $ty {
            type View<'a> = $ty;
            type ArrayView<'a, const N: usize> = $crate::view::SeqView<'a, [$ty; N]>;

            #[inline]
            fn validate_ssz(bytes: &[u8]) -> ::core::result::Result<(), $crate::DecodeError> {
                if bytes.len() == 32 {
                    ::core::result::Result::Ok(())
                } else {
                    ::core::result::Result::Err($crate::DecodeError::new(
                        $crate::DecodeErrorKind::InvalidLength {
                            expected: 32,
                            got: bytes.len(),
                        },
                    ))
                }
            }

            /// Any 32 bytes are a `uint256`.
            #[inline]
            fn validate_ssz_many(_: &[u8]) -> ::core::result::Result<(), $crate::DecodeError> {
                ::core::result::Result::Ok(())
            }

            #[inline]
            fn view_unchecked(bytes: &[u8]) -> $ty {
                let mut le = [0u8; 32];
                le.copy_from_slice(&bytes[..32]);
                $from_le(le)
            }

            #[inline]
            fn array_view_unchecked<const N: usize>(
                bytes: &[u8],
            ) -> $crate::view::SeqView<'_, [$ty; N]> {
                $crate::view::SeqView::new_unchecked(bytes)
            }
        }

        /// The 32 bytes are the chunk.
        impl $crate::view::TreeHashView for $ty {
            #[inline]
            fn hash_tree_root_ssz(bytes: &[u8]) -> $crate::Root {
                let mut chunk = [0u8; 32];
                chunk.copy_from_slice(&bytes[..32]);
                chunk
            }
        }
    };
}
