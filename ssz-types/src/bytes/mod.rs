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
    ($name:ident $(<$n:ident>)?) => {
        impl$(<$n>)? $name$(<$n>)? {
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

        impl$(<$n>)? Deref for $name$(<$n>)? {
            type Target = [u8];

            #[inline]
            fn deref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$n>)? DerefMut for $name$(<$n>)? {
            #[inline]
            fn deref_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$n>)? AsRef<[u8]> for $name$(<$n>)? {
            #[inline]
            fn as_ref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$n>)? AsMut<[u8]> for $name$(<$n>)? {
            #[inline]
            fn as_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$n>)? From<$name$(<$n>)?> for Vec<u8> {
            #[inline]
            fn from(value: $name$(<$n>)?) -> Vec<u8> {
                value.inner
            }
        }

        /// `0x` and lowercase hex.
        impl$(<$n>)? fmt::Display for $name$(<$n>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl$(<$n>)? fmt::Debug for $name$(<$n>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl<'a, $($n)?> IntoIterator for &'a $name$(<$n>)? {
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
