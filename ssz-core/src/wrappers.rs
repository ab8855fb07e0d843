//! `Box<T>`, `Arc<T>` and `Option<T>`: the shapes client types hold SSZ
//! values in.
//!
//! `Box<T>` and `Arc<T>` are `T` behind a pointer: the same encoding, root
//! and tree (a shared block or state keeps its bytes and root). `Option<T>`
//! is the SSZ union `Union[None, T]` (simple-serialize.md, "Union"): `None`
//! is the selector byte 0 alone, `Some(v)` the byte 1 followed by `v`'s
//! encoding, and the root is `mix_in_selector(hash_tree_root(v), 1)`, or
//! `mix_in_selector(Bytes32(), 0)` for `None`. It is *not* an optional
//! field that may be left out: a container field of type `Option<T>`
//! always takes an offset and at least one byte.

use crate::path::{field_id, Elements, Field, Layout, TreeLayout, VariantLayout};
use crate::proof::{Gindex, ProofError};
use crate::{DecodeError, DecodeErrorKind, Root, Ssz, TreeHash};
use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;

macro_rules! pointer {
    ($($ptr:ident),*) => {$(
        /// The encoding of the value pointed to.
        impl<T: Ssz> Ssz for $ptr<T> {
            const IS_FIXED_SIZE: bool = T::IS_FIXED_SIZE;
            const FIXED_PART_LEN: usize = T::FIXED_PART_LEN;

            #[inline]
            fn ssz_len(&self) -> usize {
                (**self).ssz_len()
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                (**self).ssz_write(out)
            }

            #[inline]
            fn ssz_write_uninit<'a>(
                &self,
                out: &'a mut [core::mem::MaybeUninit<u8>],
            ) -> &'a mut [u8] {
                (**self).ssz_write_uninit(out)
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
                T::from_ssz(bytes).map($ptr::new)
            }

            #[inline]
            fn ssz_write_to<S: crate::stream::Sink + ?Sized>(
                &self,
                sink: &mut S,
            ) -> Result<(), S::Error> {
                (**self).ssz_write_to(sink)
            }

            #[inline]
            fn ssz_read_from<S: crate::stream::Source + ?Sized>(
                source: &mut S,
                len: usize,
            ) -> Result<Self, crate::stream::StreamError<S::Error>> {
                T::ssz_read_from(source, len).map($ptr::new)
            }

            #[inline]
            fn ssz_append(&self, buf: &mut Vec<u8>) {
                (**self).ssz_append(buf)
            }

            #[inline]
            fn to_ssz(&self) -> Vec<u8> {
                (**self).to_ssz()
            }
        }

        /// The root and tree of the value pointed to.
        impl<T: TreeHash + Send> TreeHash for $ptr<T> {
            const LEAF_SIZE: usize = T::LEAF_SIZE;
            const IS_BASIC: bool = T::IS_BASIC;
            const ROOT_IS_ONE_BLOCK: bool = T::ROOT_IS_ONE_BLOCK;

            #[inline]
            fn hash_tree_root(&self) -> Root {
                (**self).hash_tree_root()
            }

            #[inline]
            fn root_block(&self) -> [u8; 64] {
                (**self).root_block()
            }

            #[inline]
            fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
                (**self).tree_node(gindex)
            }

            fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
                T::tree_hash_leaves_of(values, out)
            }
        }

        /// The tree of the value pointed to.
        impl<T: TreeLayout> TreeLayout for $ptr<T> {
            const LAYOUT: &'static Layout = T::LAYOUT;
        }

        impl<T: Elements> Elements for $ptr<T> {
            type Element = T::Element;
        }

        impl<T: Field<ID>, const ID: u64> Field<ID> for $ptr<T> {
            type Type = T::Type;
            const NAME: &'static str = T::NAME;
            const GINDEX: Gindex = T::GINDEX;
        }
    )*};
}

pointer!(Box, Arc);

/// `Union[None, T]`.
impl<T: Ssz> Ssz for Option<T> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;

    #[inline]
    fn ssz_len(&self) -> usize {
        1 + self.as_ref().map_or(0, T::ssz_len)
    }

    fn ssz_write(&self, out: &mut [u8]) {
        match self {
            None => out[0] = 0,
            Some(value) => {
                out[0] = 1;
                value.ssz_write(&mut out[1..]);
            }
        }
    }

    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        match bytes.split_first() {
            None => Err(DecodeError::new(DecodeErrorKind::MissingSelector)),
            Some((0, [])) => Ok(None),
            Some((0, _)) => Err(DecodeError::new(DecodeErrorKind::NonePayload)),
            Some((1, body)) => T::from_ssz(body).map(Some).map_err(|e| e.in_selector(1)),
            Some((&s, _)) => Err(DecodeError::new(DecodeErrorKind::InvalidSelector(s))),
        }
    }

    /// The selector, then the value streamed.
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        use crate::codec::union_stream::write_selector;
        match self {
            None => write_selector(sink, 0),
            Some(value) => {
                write_selector(sink, 1)?;
                value.ssz_write_to(sink)
            }
        }
    }

    /// The selector, then the value as it arrives: the checks of
    /// `from_ssz` in its order.
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        use crate::codec::union_stream::{
            invalid_selector, read_none, read_selector, read_variant,
        };
        match read_selector(source, len)? {
            (0, len) => read_none(len).map(|()| None),
            (1, len) => read_variant(source, len, 1).map(Some),
            (s, _) => invalid_selector(s),
        }
    }
}

/// `mix_in_selector(hash_tree_root(value), 1)`; `None` is
/// `mix_in_selector(Bytes32(), 0)`.
impl<T: TreeHash + Send> TreeHash for Option<T> {
    fn hash_tree_root(&self) -> Root {
        match self {
            None => crate::hasher::scope::zero_in_use(1),
            Some(value) => crate::merkle::mix_in_selector(&value.hash_tree_root(), 1),
        }
    }

    /// Node 2 is the value's root (a zero chunk for `None`), node 3 the
    /// selector chunk; below 2, the value's own tree.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        // The shape of every union (as derived unions answer it).
        crate::codec::union_node(gindex, self.is_some() as u8, |g| match self {
            Some(value) => value.tree_node(g),
            None => crate::codec::zero_chunk_node(g),
        })
    }
}

/// `Union[None, T]`: the variants `None` (selector 0) and `Some`
/// (selector 1), whose value a path reaches as `Some`.
impl<T: TreeLayout> TreeLayout for Option<T> {
    const LAYOUT: &'static Layout = &Layout::Union {
        variants: &[
            VariantLayout {
                name: "None",
                selector: 0,
                layout: None,
            },
            VariantLayout {
                name: "Some",
                selector: 1,
                layout: Some(T::LAYOUT),
            },
        ],
    };
}

impl<T> Field<{ field_id("Some") }> for Option<T> {
    type Type = T;
    const NAME: &'static str = "Some";
    const GINDEX: Gindex = match Gindex::new(2) {
        Some(g) => g,
        None => Gindex::ROOT,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merkle::{mix_in_selector, ZERO_HASHES};

    fn g(v: u128) -> Gindex {
        Gindex::new(v).unwrap()
    }

    #[test]
    fn pointers_are_their_value() {
        let value: Box<[u16; 3]> = Box::new([1, 2, 3]);
        assert_eq!(value.to_ssz(), [1, 0, 2, 0, 3, 0]);
        assert_eq!(Box::<[u16; 3]>::from_ssz(&value.to_ssz()).unwrap(), value);
        assert_eq!(value.hash_tree_root(), [1u16, 2, 3].hash_tree_root());
        let shared = Arc::new(7u64);
        assert_eq!(shared.to_ssz(), 7u64.to_ssz());
        assert_eq!(shared.hash_tree_root(), 7u64.hash_tree_root());
        assert_eq!(<Arc<u64> as TreeHash>::LEAF_SIZE, 8);
        let many = [Arc::new(1u64), Arc::new(2), Arc::new(3), Arc::new(4)];
        assert_eq!(many.hash_tree_root(), [1u64, 2, 3, 4].hash_tree_root());
        assert_eq!(many.to_ssz(), [1u64, 2, 3, 4].to_ssz());
        let err = Arc::<u64>::from_ssz(&[1, 2]).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::InvalidLength {
                expected: 8,
                got: 2
            }
        );
    }

    #[test]
    fn option_is_a_union_of_none_and_the_value() {
        assert_eq!(None::<u32>.to_ssz(), [0]);
        assert_eq!(Some(5u32).to_ssz(), [1, 5, 0, 0, 0]);
        assert_eq!(Option::<u32>::from_ssz(&[0]).unwrap(), None);
        assert_eq!(Option::<u32>::from_ssz(&[1, 5, 0, 0, 0]).unwrap(), Some(5));
        for (bytes, kind) in [
            (&[][..], DecodeErrorKind::MissingSelector),
            (&[0, 0][..], DecodeErrorKind::NonePayload),
            (&[2, 5, 0, 0, 0][..], DecodeErrorKind::InvalidSelector(2)),
        ] {
            assert_eq!(Option::<u32>::from_ssz(bytes).unwrap_err().kind(), &kind);
        }
        let err = Option::<u32>::from_ssz(&[1, 5]).unwrap_err();
        assert_eq!(err.to_string(), "at <1>: expected 4 bytes, got 1");

        assert_eq!(None::<u32>.hash_tree_root(), ZERO_HASHES[1]);
        let five = 5u32.hash_tree_root();
        assert_eq!(Some(5u32).hash_tree_root(), mix_in_selector(&five, 1));
        // Its tree: the value under 2, the selector under 3.
        assert_eq!(Some(5u32).tree_node(g(2)), Ok(five));
        assert_eq!(Some(5u32).tree_node(g(3)).unwrap()[0], 1);
        assert_eq!(None::<u32>.tree_node(g(2)), Ok([0; 32]));
        assert_eq!(None::<u32>.tree_node(g(3)), Ok([0; 32]));
        assert_eq!(
            Some(5u32).tree_node(g(4)),
            Err(ProofError::NoSuchNode { gindex: g(4) })
        );
        assert_eq!(
            None::<u32>.tree_node(g(6)),
            Err(ProofError::NoSuchNode { gindex: g(6) })
        );
        // In a list: a variable-size element behind an offset.
        let values = [Some(1u8), None];
        assert_eq!(values.to_ssz(), [8, 0, 0, 0, 10, 0, 0, 0, 1, 1, 0]);
        assert_eq!(
            <[Option<u8>; 2]>::from_ssz(&values.to_ssz()).unwrap(),
            values
        );
    }

    #[test]
    fn paths_through_pointers_and_options() {
        use crate::path::gindex_of_str;
        type T = Option<Arc<[Box<[u64; 8]>; 4]>>;
        // `Some` is node 2; the vector of 4 composite elements is 2 deep;
        // element 3's vector of 8 u64 (2 chunks) is 1 deep, u64 5 in chunk 1:
        // 1, then 0 (Some), 11 (element 3), 1 (chunk 1).
        let g = gindex_of_str::<T>("Some[3][5]").unwrap();
        assert_eq!(g, Gindex::new(0b1_0111).unwrap());
        assert_eq!(gindex_of_str::<T>("__selector__").unwrap().get(), 3);
        assert!(gindex_of_str::<T>("None").is_err());
        const G: Gindex = crate::gindex!(T, Some[3][5]);
        assert_eq!(G, g);
    }
}
