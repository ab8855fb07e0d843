//! Byte strings: `ByteList[N]`, `ByteVector[N]` (heap or inline) and
//! `ProgressiveByteList`.
//!
//! They are `List`, `Vector` and `ProgressiveList` of `byte` in the SSZ type
//! system (ssz/simple-serialize.md v1.6.1, "Aliases"), with the same
//! encodings and roots, but each is one `memcpy` to encode or decode, packs
//! its bytes straight into merkle chunks, and reads and writes as a `"0x"` hex
//! string (the consensus JSON and YAML mapping).

mod fixed;
mod list;
mod progressive;
#[cfg(test)]
mod tests;
mod vector;

use crate::hex::parse_hex;

pub use fixed::{Bytes20, Bytes32, Bytes4, Bytes48, Bytes8, Bytes96, FixedBytes};
pub use list::ByteList;
pub use progressive::ProgressiveByteList;
pub use vector::ByteVector;

/// The impls shared by the `Vec`-backed byte types.
macro_rules! vec_bytes_common {
    ($name:ident $(<$($n:ident),+>)?) => {
        impl$(<$($n),+>)? $name$(<$($n),+>)? {
            /// The bytes.
            #[inline]
            pub fn as_bytes(&self) -> &[u8] {
                &self.inner
            }

            /// The bytes, to change in place.
            #[inline]
            pub fn as_mut_bytes(&mut self) -> &mut [u8] {
                &mut self.inner
            }

            /// The bytes, as a `Vec`.
            #[inline]
            pub fn into_vec(self) -> Vec<u8> {
                self.inner
            }
        }

        impl$(<$($n),+>)? Deref for $name$(<$($n),+>)? {
            type Target = [u8];

            #[inline]
            fn deref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$($n),+>)? DerefMut for $name$(<$($n),+>)? {
            #[inline]
            fn deref_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$($n),+>)? AsRef<[u8]> for $name$(<$($n),+>)? {
            #[inline]
            fn as_ref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$($n),+>)? AsMut<[u8]> for $name$(<$($n),+>)? {
            #[inline]
            fn as_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$($n),+>)? From<$name$(<$($n),+>)?> for Vec<u8> {
            #[inline]
            fn from(value: $name$(<$($n),+>)?) -> Vec<u8> {
                value.inner
            }
        }

        /// `0x` and lowercase hex.
        impl$(<$($n),+>)? fmt::Display for $name$(<$($n),+>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl$(<$($n),+>)? fmt::Debug for $name$(<$($n),+>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl<'a $($(, $n)+)?> IntoIterator for &'a $name$(<$($n),+>)? {
            type Item = &'a u8;
            type IntoIter = core::slice::Iter<'a, u8>;

            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.inner.iter()
            }
        }
    };
}

pub(crate) use vec_bytes_common;

/// `Ssz` of a `Vec`-backed byte type (`$name<$P> { inner: Vec<u8>, _marker }`):
/// one copy each way; `check(bytes)` is the type's rule on the input's
/// length before it is copied.
macro_rules! bytes_ssz {
    (
        $name:ident<$($P:ident: $bound:path),+>,
        fixed = $fixed:expr,
        fixed_part_len = $fixed_part_len:expr,
        check = $check:expr $(,)?
    ) => {
        impl<$($P: $bound),+> Ssz for $name<$($P),+> {
            const IS_FIXED_SIZE: bool = $fixed;
            const FIXED_PART_LEN: usize = $fixed_part_len;

            #[inline]
            fn ssz_len(&self) -> usize {
                self.inner.len()
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                out.copy_from_slice(&self.inner)
            }

            #[inline]
            fn ssz_append(&self, buf: &mut Vec<u8>) {
                buf.extend_from_slice(&self.inner)
            }

            #[inline]
            fn to_ssz(&self) -> Vec<u8> {
                self.inner.clone()
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
                let check: fn(&[u8]) -> Result<(), DecodeError> = $check;
                check(bytes)?;
                Ok($name {
                    inner: bytes.to_vec(),
                    _marker: PhantomData,
                })
            }
        }
    };
}

pub(crate) use bytes_ssz;
