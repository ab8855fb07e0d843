//! The codec of `uint256`, written once for every 256-bit integer type:
//! `alloy_primitives::U256` (feature `alloy`, in [`crate::alloy_impls`]) and
//! `peam_ssz_types::U256`.

/// Implements [`Ssz`](crate::Ssz) and [`TreeHash`](crate::TreeHash) for a
/// 256-bit unsigned integer type `$ty` as `uint256`: 32 little-endian bytes
/// (`ssz/simple-serialize.md`, "uintN"), a basic type whose bytes are its
/// chunk. `$to_le` turns `&$ty` into `[u8; 32]`, `$from_le` the other way.
///
/// Not a public interface: it changes with the crate.
#[doc(hidden)]
#[macro_export]
macro_rules! __uint256_codec {
    ($ty:ty, $to_le:expr, $from_le:expr) => {
        impl $crate::Ssz for $ty {
            const IS_FIXED_SIZE: bool = true;
            const FIXED_PART_LEN: usize = 32;

            #[inline]
            fn ssz_len(&self) -> usize {
                32
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                out.copy_from_slice(&$to_le(self))
            }

            #[inline]
            fn ssz_write_uninit<'a>(
                &self,
                out: &'a mut [::core::mem::MaybeUninit<u8>],
            ) -> &'a mut [u8] {
                $crate::codec::init_from(out, &$to_le(self))
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> ::core::result::Result<Self, $crate::DecodeError> {
                match <[u8; 32]>::try_from(bytes) {
                    ::core::result::Result::Ok(b) => ::core::result::Result::Ok($from_le(b)),
                    ::core::result::Result::Err(_) => ::core::result::Result::Err(
                        $crate::DecodeError::new($crate::DecodeErrorKind::InvalidLength {
                            expected: 32,
                            got: bytes.len(),
                        }),
                    ),
                }
            }

            #[inline]
            fn ssz_write_many(values: &[Self], out: &mut [u8]) {
                for (v, dst) in values.iter().zip(out.as_chunks_mut::<32>().0) {
                    *dst = $to_le(v);
                }
            }

            #[inline]
            fn from_ssz_many(
                bytes: &[u8],
                out: &mut $crate::__macro_support::Vec<Self>,
            ) -> ::core::result::Result<(), $crate::DecodeError> {
                $crate::codec::byte_vectors_from_ssz::<32, _>(bytes, out, $from_le)
            }
        }

        /// `uint256` is a basic type: its 32 little-endian bytes are its chunk.
        impl $crate::TreeHash for $ty {
            const LEAF_SIZE: usize = 32;
            const IS_BASIC: bool = true;

            #[inline]
            fn hash_tree_root(&self) -> $crate::Root {
                $to_le(self)
            }

            #[inline]
            fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
                <$ty as $crate::Ssz>::ssz_write_many(values, out)
            }
        }
    };
}
