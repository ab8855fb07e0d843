//! The one storage of the `Vec`-backed sequences (`List`, `Vector`,
//! `ProgressiveList`): a `Vec<T>` and a marker for the bound or edition.
//!
//! [`vec_backed!`] writes what the three share: the slice views, the
//! conversions and iterators, serde as a sequence, and `Ssz`/`TreeHash`
//! through [`crate::codec`]. What differs (the bound checked on decoding,
//! the root) is given at the call site.

/// Implements the shared API of a `Vec`-backed sequence
/// `$ty<T, $P...> { inner: Vec<T>, _marker: PhantomData<...> }`.
///
/// - `$ty<T, $P: $PB | $SB, ...>`: each marker parameter with the bound
///   of the `Ssz`/`TreeHash` impls and the one `Deserialize` puts on it;
/// - `serde(exact, max)`: the element count `Deserialize` checks (`exact`
///   for a vector, `max` for a list), as
///   [`crate::serde_support::deserialize_seq`] takes them;
/// - `ssz(fixed, fixed_part_len, exact, max, check)`: the `Ssz` layout
///   consts, the element count
///   [`crate::codec::decode_elements`] checks, and `check(bytes)`, a test on
///   the whole input before it (a vector's exact length);
/// - `hash(root, node)`: `hash_tree_root` and `tree_node` below the root, as
///   functions of the elements.
macro_rules! vec_backed {
    (
        $ty:ident<T $(, $P:ident: $PB:path | $SB:path)+>;
        serde(exact = $sexact:expr, max = $smax:expr);
        ssz(
            fixed = $fixed:expr,
            fixed_part_len = $fixed_part_len:expr,
            exact = $exact:expr,
            max = $max:expr,
            check = $check:expr $(,)?
        );
        hash(root = $root:expr, node = $node:expr $(,)?);
    ) => {
        impl<T $(, $P)+> $ty<T $(, $P)+> {
            /// The sequence holding `inner`, whose bound the caller has
            /// checked.
            #[inline]
            pub(crate) const fn from_vec_unchecked(inner: Vec<T>) -> Self {
                $ty {
                    inner,
                    _marker: ::core::marker::PhantomData,
                }
            }

            /// The elements as a slice.
            #[inline]
            pub fn as_slice(&self) -> &[T] {
                &self.inner
            }

            /// The elements as a mutable slice.
            #[inline]
            pub fn as_mut_slice(&mut self) -> &mut [T] {
                &mut self.inner
            }

            /// The elements, as a `Vec`.
            #[inline]
            pub fn into_vec(self) -> Vec<T> {
                self.inner
            }
        }

        impl<T: ::core::fmt::Debug $(, $P)+> ::core::fmt::Debug for $ty<T $(, $P)+> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Debug::fmt(&self.inner, f)
            }
        }

        impl<T $(, $P)+> ::core::ops::Deref for $ty<T $(, $P)+> {
            type Target = [T];

            #[inline]
            fn deref(&self) -> &[T] {
                &self.inner
            }
        }

        impl<T $(, $P)+> ::core::ops::DerefMut for $ty<T $(, $P)+> {
            #[inline]
            fn deref_mut(&mut self) -> &mut [T] {
                &mut self.inner
            }
        }

        impl<T $(, $P)+> AsRef<[T]> for $ty<T $(, $P)+> {
            #[inline]
            fn as_ref(&self) -> &[T] {
                &self.inner
            }
        }

        impl<T $(, $P)+> AsMut<[T]> for $ty<T $(, $P)+> {
            #[inline]
            fn as_mut(&mut self) -> &mut [T] {
                &mut self.inner
            }
        }

        impl<T $(, $P)+> From<$ty<T $(, $P)+>> for Vec<T> {
            #[inline]
            fn from(seq: $ty<T $(, $P)+>) -> Vec<T> {
                seq.inner
            }
        }

        impl<T $(, $P)+> IntoIterator for $ty<T $(, $P)+> {
            type Item = T;
            type IntoIter = alloc::vec::IntoIter<T>;

            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.inner.into_iter()
            }
        }

        impl<'a, T $(, $P)+> IntoIterator for &'a $ty<T $(, $P)+> {
            type Item = &'a T;
            type IntoIter = core::slice::Iter<'a, T>;

            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.inner.iter()
            }
        }

        impl<'a, T $(, $P)+> IntoIterator for &'a mut $ty<T $(, $P)+> {
            type Item = &'a mut T;
            type IntoIter = core::slice::IterMut<'a, T>;

            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.inner.iter_mut()
            }
        }

        /// ssz/simple-serialize.md (v1.6.1), "Vectors, containers,
        /// progressive containers, lists, progressive lists": fixed-size
        /// elements back to back, variable-size ones behind offsets.
        impl<T: $crate::Ssz $(, $P: $PB)+> $crate::Ssz for $ty<T $(, $P)+> {
            const IS_FIXED_SIZE: bool = $fixed;
            const FIXED_PART_LEN: usize = $fixed_part_len;

            #[inline]
            fn ssz_len(&self) -> usize {
                if <Self as $crate::Ssz>::IS_FIXED_SIZE {
                    <Self as $crate::Ssz>::FIXED_PART_LEN
                } else {
                    $crate::codec::elements_len(&self.inner)
                }
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                $crate::codec::write_elements(&self.inner, out)
            }

            #[inline]
            fn ssz_append(&self, buf: &mut Vec<u8>) {
                $crate::codec::append_elements(&self.inner, buf)
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> Result<Self, $crate::DecodeError> {
                let check: fn(&[u8]) -> Result<(), $crate::DecodeError> = $check;
                check(bytes)?;
                let inner = $crate::codec::decode_elements(bytes, $exact, $max)?;
                Ok(Self::from_vec_unchecked(inner))
            }
        }

        impl<T: $crate::TreeHash $(, $P: $PB)+> $crate::TreeHash for $ty<T $(, $P)+> {
            #[inline]
            fn hash_tree_root(&self) -> $crate::Root {
                let root: fn(&[T]) -> $crate::Root = $root;
                root(&self.inner)
            }

            fn tree_node(
                &self,
                gindex: $crate::Gindex,
            ) -> Result<$crate::Root, $crate::ProofError> {
                if gindex == $crate::Gindex::ROOT {
                    return Ok(self.hash_tree_root());
                }
                let node: fn(&[T], $crate::Gindex) -> Result<$crate::Root, $crate::ProofError> =
                    $node;
                node(&self.inner, gindex)
            }
        }

        #[cfg(feature = "serde")]
        impl<T: serde::Serialize $(, $P)+> serde::Serialize for $ty<T $(, $P)+> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(&self.inner)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de, T: serde::Deserialize<'de> $(, $P: $SB)+> serde::Deserialize<'de> for $ty<T $(, $P)+> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let inner = $crate::serde_support::deserialize_seq(deserializer, $sexact, $smax)?;
                Ok(Self::from_vec_unchecked(inner))
            }
        }
    };
}

pub(crate) use vec_backed;

/// `tree_node` of a progressive list of `values` (or the bytes of a
/// progressive bitlist or byte list) whose length mix-in is `length`, below
/// its root: the progressive subtrees in the order edition `E` gives them.
#[inline]
pub(crate) fn progressive_node<E: crate::Edition, T: crate::TreeHash>(
    values: &[T],
    length: usize,
    gindex: crate::Gindex,
) -> Result<crate::Root, crate::ProofError> {
    crate::codec::progressive_list_node(values, length, E::RULES, gindex)
}
