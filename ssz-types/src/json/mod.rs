//! Values in the consensus JSON conventions, with no attribute per field:
//! [`ConsensusJson`] and its derive.
//!
//! The conventions are those of the beacon API and of `peam-ssz-schema`'s
//! run-time values (`JsonStyle::Consensus`): integers of 64 bits and more
//! as decimal strings (`"32000000000"`), smaller ones as numbers; byte
//! vectors (`FixedBytes<N>`, `ByteVector<N>`), byte lists and bitfields
//! as `0x` hex of their SSZ bytes; other vectors and lists (of `u8` too:
//! `[u8; N]` is `Vector[uint8, N]`, as in the spec's YAML) as arrays; containers as objects in
//! field order; unions as `{"selector": n, "data": ...}`. Reading accepts an
//! integer quoted or not.
//!
//! `#[derive(ConsensusJson)]` gives a container, a union or a transparent
//! newtype serde's `Serialize` and `Deserialize` in these conventions, so
//! that a plain `u64` field needs no `#[serde(with = ...)]`:
//!
//! ```
//! use peam_ssz_types::{Bitvector, Bytes32, ConsensusJson, List, Ssz, TreeHash, U};
//!
//! #[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
//! struct Checkpoint {
//!     epoch: u64,
//!     root: Bytes32,
//! }
//!
//! #[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
//! struct Votes {
//!     checkpoint: Checkpoint,
//!     weights: List<u64, U<4>>,
//!     flags: List<u8, U<4>>,
//!     bits: Bitvector<U<4>>,
//!     index: u16,
//! }
//!
//! let votes = Votes {
//!     checkpoint: Checkpoint { epoch: 7, root: Bytes32::from([0xab; 32]) },
//!     weights: List::try_from(vec![32_000_000_000, 1]).unwrap(),
//!     flags: List::try_from(vec![1, 7]).unwrap(),
//!     bits: Bitvector::default(),
//!     index: 3,
//! };
//! let json = serde_json::to_string(&votes)?;
//! assert_eq!(
//!     json,
//!     format!(
//!         r#"{{"checkpoint":{{"epoch":"7","root":"0x{}"}},"weights":["32000000000","1"],"flags":[1,7],"bits":"0x00","index":3}}"#,
//!         "ab".repeat(32)
//!     )
//! );
//! assert_eq!(serde_json::from_str::<Votes>(&json)?, votes);
//! // Integers may come quoted or not; the list keeps its bound.
//! let yaml = format!("epoch: 7\nroot: '0x{}'\n", "00".repeat(32));
//! assert_eq!(serde_yaml::from_str::<Checkpoint>(&yaml)?.epoch, 7);
//! assert!(serde_json::from_str::<List<u64, U<1>>>("[1, 2]").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A field of a type of one's own takes an impl of [`ConsensusJson`] (or the
//! derive); [`Json`] and [`FromJson`] carry any `ConsensusJson` value into
//! serde, and `#[serde(with = "peam_ssz_types::json")]` puts one field of a
//! serde-derived struct in the conventions. Skipped fields
//! (`#[ssz(skip)]`) are not written and read as `Default::default()`, as
//! they are no part of the SSZ value. A union's `"selector"` and
//! `"data"` may come in either order.

use crate::serde_support::deserialize_seq;
use crate::serde_utils::deserialize_quoted;
use crate::Cached;
use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::marker::PhantomData;
use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

pub use peam_ssz_derive::ConsensusJson;

/// A value in the consensus JSON conventions (see the [module](self)).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no consensus JSON",
    label = "`{Self}` does not implement `ConsensusJson`",
    note = "derive it with `#[derive(ConsensusJson)]`, or implement `ConsensusJson` for it"
)]
pub trait ConsensusJson: Sized {
    /// Writes the value.
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Reads a value.
    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// A reference to a [`ConsensusJson`] value, as serde's `Serialize`.
pub struct Json<'a, T>(pub &'a T);

impl<T: ConsensusJson> Serialize for Json<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_json(serializer)
    }
}

/// A [`ConsensusJson`] value, as serde's `Deserialize`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromJson<T>(pub T);

impl<'de, T: ConsensusJson> Deserialize<'de> for FromJson<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_json(deserializer).map(FromJson)
    }
}

/// `#[serde(with = "peam_ssz_types::json")]`: writes the field in the
/// consensus conventions.
pub fn serialize<T: ConsensusJson, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    value.serialize_json(serializer)
}

/// `#[serde(with = "peam_ssz_types::json")]`: reads the field in the
/// consensus conventions.
pub fn deserialize<'de, T: ConsensusJson, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    T::deserialize_json(deserializer)
}

impl ConsensusJson for bool {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*self)
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        bool::deserialize(deserializer)
    }
}

/// Integers below 64 bits: numbers (read quoted or not).
macro_rules! small_uint {
    ($($t:ty => $method:ident),*) => {$(
        impl ConsensusJson for $t {
            fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.$method(*self)
            }

            fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_quoted(deserializer)
            }
        }
    )*};
}

small_uint!(u8 => serialize_u8, u16 => serialize_u16, u32 => serialize_u32);

/// Integers of 64 bits and more: decimal strings (read quoted or not).
macro_rules! quoted_uint {
    ($($t:ty),*) => {$(
        impl ConsensusJson for $t {
            fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }

            fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_quoted(deserializer)
            }
        }
    )*};
}

quoted_uint!(u64, u128);

/// Types whose own serde is already in the conventions (`0x` hex): the
/// foreign byte types of alloy-primitives. The byte strings and bitfields
/// of this crate write theirs in their own files.
#[cfg(feature = "alloy")]
macro_rules! own_serde {
    ($([$($g:tt)*] $t:ty),* $(,)?) => {$(
        impl<$($g)*> ConsensusJson for $t {
            fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                Serialize::serialize(self, serializer)
            }

            fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Deserialize::deserialize(deserializer)
            }
        }
    )*};
}

/// `Vector[T, N]`: an array of its elements' JSON, read with its length
/// checked before anything past it is kept.
impl<T: ConsensusJson, const N: usize> ConsensusJson for [T; N] {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = deserialize_elements(deserializer, Some(N), N)?;
        <[T; N]>::try_from(items).map_err(|_| de::Error::custom("wrong length"))
    }
}

/// A vector or list: an array of its elements' JSON.
#[inline]
pub(crate) fn serialize_elements<'a, T: ConsensusJson + 'a, S: Serializer>(
    elements: impl Iterator<Item = &'a T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(elements.map(Json))
}

/// The elements of a vector (`exact` of them) or a list (at most `max`),
/// read from an array of their JSON with the bound checked before anything
/// past it is kept.
pub(crate) fn deserialize_elements<'de, T: ConsensusJson, D: Deserializer<'de>>(
    deserializer: D,
    exact: Option<usize>,
    max: usize,
) -> Result<Vec<T>, D::Error> {
    let items: Vec<FromJson<T>> = deserialize_seq(deserializer, exact, max)?;
    Ok(items.into_iter().map(|item| item.0).collect())
}

/// alloy-primitives' byte types write the consensus hex themselves; its
/// `U256` is a decimal string here (`alloy::quoted_u256`), not its own
/// `0x` hex.
#[cfg(feature = "alloy")]
mod alloy_impls {
    use super::*;
    use alloy_primitives as alloy;

    own_serde!(
        [const N: usize] alloy::FixedBytes<N>,
        [] alloy::Address,
        [] alloy::Bloom,
    );

    impl ConsensusJson for alloy::U256 {
        fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            crate::alloy::quoted_u256::serialize(self, serializer)
        }

        fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::alloy::quoted_u256::deserialize(deserializer)
        }
    }
}

impl<T: ConsensusJson> ConsensusJson for Cached<T> {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize_json(serializer)
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_json(deserializer).map(Cached::new)
    }
}

/// `Box<T>` and `Arc<T>` are `T` behind a pointer, as in SSZ.
macro_rules! pointer {
    ($($p:ident),*) => {$(
        impl<T: ConsensusJson> ConsensusJson for $p<T> {
            fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                (**self).serialize_json(serializer)
            }

            fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                T::deserialize_json(deserializer).map($p::new)
            }
        }
    )*};
}

pointer!(Box, Arc);

/// `Union[None, T]`: `{"selector": 0, "data": null}` or
/// `{"selector": 1, "data": ...}`.
impl<T: ConsensusJson> ConsensusJson for Option<T> {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            None => __derive::none_to_json(serializer),
            Some(value) => __derive::union_to_json(serializer, 1, value),
        }
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Options<T>(PhantomData<T>);

        impl<'de, T: ConsensusJson> __derive::UnionData<'de> for Options<T> {
            type Value = Option<T>;
            const SELECTORS: &'static [u8] = &[0, 1];

            fn read<D: Deserializer<'de>>(selector: u8, data: D) -> Result<Option<T>, D::Error> {
                match selector {
                    0 => __derive::none_data(data).map(|()| None),
                    _ => __derive::data(data).map(Some),
                }
            }
        }

        __derive::union_from_json::<D, Options<T>>(deserializer, "Union[None, T]")
    }
}

/// What `#[derive(ConsensusJson)]` expands to: the struct and union
/// visitors' shared steps, compiled once here.
#[doc(hidden)]
#[path = "derive.rs"]
pub mod __derive;

mod content;

#[cfg(test)]
mod tests;
