//! `ProgressiveByteList` (EIP-7916).

use crate::edition::{Current, Edition};
use crate::hex::{to_hex, HexError};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{DecodeError, Root, Ssz, TreeHash};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use super::{bytes_ssz, parse_hex, vec_bytes_common};

/// `ProgressiveByteList` (`ProgressiveList[byte]`, EIP-7916): any number of
/// bytes, merkleized as edition `E` defines progressive merkleization (the
/// current spec unless named: [`Current`]). The edition changes the root
/// only; bytes and serde are the same in every edition.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ProgressiveByteList<E = Current> {
    inner: Vec<u8>,
    _marker: PhantomData<E>,
}

vec_bytes_common!(ProgressiveByteList<E>);

impl<E> ProgressiveByteList<E> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveByteList {
            inner: Vec::new(),
            _marker: PhantomData,
        }
    }

    /// The same bytes, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveByteList<F> {
        ProgressiveByteList {
            inner: self.inner,
            _marker: PhantomData,
        }
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<u8> {
        &mut self.inner
    }
}

impl<E> From<Vec<u8>> for ProgressiveByteList<E> {
    #[inline]
    fn from(inner: Vec<u8>) -> Self {
        ProgressiveByteList {
            inner,
            _marker: PhantomData,
        }
    }
}

impl<E> From<&[u8]> for ProgressiveByteList<E> {
    #[inline]
    fn from(bytes: &[u8]) -> Self {
        ProgressiveByteList::from(bytes.to_vec())
    }
}

/// Parses `0x`-prefixed hex.
impl<E> FromStr for ProgressiveByteList<E> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        Ok(ProgressiveByteList::from(parse_hex(s, |_| Ok(()))?))
    }
}

// Encoded like a list without a limit: any number of bytes.
bytes_ssz!(
    ProgressiveByteList<E: Edition>,
    fixed = false,
    fixed_part_len = crate::BYTES_PER_LENGTH_OFFSET,
    check = |_| Ok(()),
);
/// `mix_in_length(merkleize_progressive(pack(bytes)), len)`, progressive
/// merkleization as edition `E` defines it.
impl<E: Edition> TreeHash for ProgressiveByteList<E> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(&self.inner),
            self.inner.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::seq::progressive_node::<E, u8>(&self.inner, self.inner.len(), gindex)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<E> Serialize for ProgressiveByteList<E> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, E> Deserialize<'de> for ProgressiveByteList<E> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |_| Ok(()))?;
            Ok(ProgressiveByteList::from(inner))
        }
    }
}
