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

use crate::hasher::ScopedHasher;
use crate::serde_support::deserialize_seq;
use crate::serde_utils::deserialize_quoted;
use crate::{
    Bitlist, Bitvector, ByteList, ByteVector, Cached, Edition, ExactList, FixedBytes, Length,
    MaxLen, PersistentList, PersistentProgressiveList, PersistentVector, ProgressiveBitlist,
    ProgressiveByteList, RuntimeList, TreeHash, U256,
};
use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
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

quoted_uint!(u64, u128, U256);

/// Types whose own serde is already in the conventions (`0x` hex).
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

own_serde!(
    [const N: usize] FixedBytes<N>,
    [N: Length] ByteVector<N>,
    [N: Length] ByteList<N>,
    [E, M: MaxLen] ProgressiveByteList<E, M>,
    [N: Length] Bitvector<N>,
    [N: Length] Bitlist<N>,
    [E: Edition, M: MaxLen] ProgressiveBitlist<E, M>,
);

/// A vector or list: an array of its elements' JSON, read with its
/// bound before anything past it is kept.
macro_rules! sequence {
    ($([$($g:tt)*] $t:ty, $elems:ident => $iter:expr, exact = $exact:expr, max = $max:expr, from = $from:expr;)*) => {$(
        impl<$($g)*> ConsensusJson for $t {
            fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let $elems = self;
                serializer.collect_seq($iter.map(Json))
            }

            fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let items: Vec<FromJson<T>> = deserialize_seq(deserializer, $exact, $max)?;
                let from: fn(Vec<T>) -> Result<Self, _> = $from;
                from(items.into_iter().map(|item| item.0).collect()).map_err(de::Error::custom)
            }
        }
    )*};
}

sequence! {
    [T: ConsensusJson, const N: usize] [T; N], v => v.iter(),
        exact = Some(N), max = N, from = |items| <[T; N]>::try_from(items).map_err(|_| "wrong length");
    [T: ConsensusJson, N: Length, L: Length] ExactList<T, N, L>, v => v.iter(),
        exact = Some(N::USIZE), max = N::USIZE, from = ExactList::try_from_vec;
    [T: ConsensusJson, Max: Length] RuntimeList<T, Max>, v => v.iter(),
        exact = None, max = Max::USIZE, from = |items| RuntimeList::try_from_vec(items, Max::USIZE);
    [T: ConsensusJson + TreeHash + Send, N: Length, H: ScopedHasher] PersistentList<T, N, H>,
        v => v.iter(), exact = None, max = N::USIZE, from = PersistentList::try_from_vec;
    [T: ConsensusJson + TreeHash + Send, N: Length, H: ScopedHasher] PersistentVector<T, N, H>,
        v => v.iter(), exact = Some(N::USIZE), max = N::USIZE, from = PersistentVector::try_from_vec;
    [T: ConsensusJson + TreeHash + Send, E, M: MaxLen, H: ScopedHasher] PersistentProgressiveList<T, E, M, H>,
        v => v.iter(), exact = None, max = Self::maximum(), from = PersistentProgressiveList::try_from_vec;
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
pub mod __derive {
    use super::*;

    pub use serde;

    /// A map key, borrowed where the input allows.
    pub struct Key<'de>(Cow<'de, str>);

    impl Key<'_> {
        /// The key.
        #[inline]
        pub fn as_str(&self) -> &str {
            &self.0
        }
    }

    impl<'de> Deserialize<'de> for Key<'de> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct KeyVisitor;

            impl<'de> Visitor<'de> for KeyVisitor {
                type Value = Key<'de>;

                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a field name")
                }

                fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Borrowed(s)))
                }

                fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Owned(s.into())))
                }

                fn visit_string<E: de::Error>(self, s: String) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Owned(s)))
                }
            }

            deserializer.deserialize_identifier(KeyVisitor)
        }
    }

    /// Reads the value of field `name` into `slot`; a second one is an
    /// error.
    #[inline]
    pub fn field<'de, A: MapAccess<'de>, T: ConsensusJson>(
        map: &mut A,
        slot: &mut Option<T>,
        name: &'static str,
    ) -> Result<(), A::Error> {
        if slot.is_some() {
            return Err(de::Error::duplicate_field(name));
        }
        *slot = Some(map.next_value::<FromJson<T>>()?.0);
        Ok(())
    }

    /// The value of field `name`, which must have been read.
    #[inline]
    pub fn required<T, E: de::Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
        slot.ok_or_else(|| E::missing_field(name))
    }

    /// A key that names no field.
    #[cold]
    pub fn unknown<E: de::Error>(key: &str, fields: &'static [&'static str]) -> E {
        E::unknown_field(key, fields)
    }

    /// `formatter.write_str(what)`.
    #[inline]
    pub fn expecting(f: &mut fmt::Formatter<'_>, what: &str) -> fmt::Result {
        f.write_str(what)
    }

    /// A container: its fields, in order.
    pub fn struct_to_json<S: Serializer>(
        serializer: S,
        len: usize,
        write: impl FnOnce(&mut S::SerializeMap) -> Result<(), S::Error>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(len))?;
        write(&mut map)?;
        map.end()
    }

    /// One field of [`struct_to_json`].
    #[inline]
    pub fn entry<M: SerializeMap, T: ConsensusJson>(
        map: &mut M,
        name: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        map.serialize_entry(name, &Json(value))
    }

    /// A union's option `selector` with `value`.
    pub fn union_to_json<S: Serializer, T: ConsensusJson>(
        serializer: S,
        selector: u8,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("selector", &selector)?;
        map.serialize_entry("data", &Json(value))?;
        map.end()
    }

    /// A union's `None` option: selector 0, data `null`.
    pub fn none_to_json<S: Serializer>(serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("selector", &0u8)?;
        map.serialize_entry("data", &())?;
        map.end()
    }

    /// How a union reads the data of the option a selector names.
    pub trait UnionData<'de> {
        /// The union.
        type Value;
        /// Its selectors, for the error that names an unknown one.
        const SELECTORS: &'static [u8];
        /// Reads the `"data"` of option `selector` (one of `SELECTORS`).
        fn read<D: Deserializer<'de>>(selector: u8, data: D) -> Result<Self::Value, D::Error>;
    }

    /// The data of a union's option, as `T`.
    #[inline]
    pub fn data<'de, D: Deserializer<'de>, T: ConsensusJson>(data: D) -> Result<T, D::Error> {
        T::deserialize_json(data)
    }

    /// The data of the `None` option: `null`.
    #[inline]
    pub fn none_data<'de, D: Deserializer<'de>>(data: D) -> Result<(), D::Error> {
        <()>::deserialize(data)
    }

    /// Reads `{"selector": n, "data": ...}`, in either order, as `U` says;
    /// data that comes first is kept as read until the selector names its
    /// type.
    pub fn union_from_json<'de, D: Deserializer<'de>, U: UnionData<'de>>(
        deserializer: D,
        name: &'static str,
    ) -> Result<U::Value, D::Error> {
        struct UnionVisitor<U>(&'static str, PhantomData<U>);

        /// The data of a known option, read straight from the map.
        struct Option_<U>(u8, PhantomData<U>);

        impl<'de, U: UnionData<'de>> de::DeserializeSeed<'de> for Option_<U> {
            type Value = U::Value;

            fn deserialize<D: Deserializer<'de>>(self, data: D) -> Result<U::Value, D::Error> {
                U::read(self.0, data)
            }
        }

        impl<'de, U: UnionData<'de>> Visitor<'de> for UnionVisitor<U> {
            type Value = U::Value;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} as {{\"selector\": n, \"data\": ...}}", self.0)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<U::Value, A::Error> {
                const KEYS: &[&str] = &["selector", "data"];
                let mut selector: Option<u8> = None;
                let mut early: Option<content::Content> = None;
                let mut value: Option<U::Value> = None;
                while let Some(key) = map.next_key::<Key<'de>>()? {
                    match key.as_str() {
                        "selector" => {
                            if selector.is_some() {
                                return Err(de::Error::duplicate_field("selector"));
                            }
                            let s = map.next_value::<FromJson<u8>>()?.0;
                            if !U::SELECTORS.contains(&s) {
                                return Err(de::Error::custom(format_args!(
                                    "selector {s} names no option of {}",
                                    self.0
                                )));
                            }
                            selector = Some(s);
                        }
                        "data" => {
                            if early.is_some() || value.is_some() {
                                return Err(de::Error::duplicate_field("data"));
                            }
                            match selector {
                                Some(s) => {
                                    value = Some(map.next_value_seed(Option_::<U>(s, PhantomData))?)
                                }
                                None => early = Some(map.next_value()?),
                            }
                        }
                        other => return Err(de::Error::unknown_field(other, KEYS)),
                    }
                }
                let selector = selector.ok_or_else(|| de::Error::missing_field("selector"))?;
                match (value, early) {
                    (Some(value), _) => Ok(value),
                    (None, Some(data)) => {
                        U::read(selector, content::ContentDeserializer::new(data))
                    }
                    (None, None) => Err(de::Error::missing_field("data")),
                }
            }
        }

        deserializer.deserialize_map(UnionVisitor::<U>(name, PhantomData))
    }

    /// The visitor a derived container reads through: `U::read` holds the
    /// container's fields.
    pub trait StructData<'de> {
        /// The container.
        type Value;
        /// Its name, for errors.
        const NAME: &'static str;
        /// Its fields' names.
        const FIELDS: &'static [&'static str];
        /// Reads every field of a map.
        fn read<A: MapAccess<'de>>(map: A) -> Result<Self::Value, A::Error>;
    }

    /// Reads a container as `U` says.
    pub fn struct_from_json<'de, D: Deserializer<'de>, U: StructData<'de>>(
        deserializer: D,
    ) -> Result<U::Value, D::Error> {
        struct StructVisitor<U>(PhantomData<U>);

        impl<'de, U: StructData<'de>> Visitor<'de> for StructVisitor<U> {
            type Value = U::Value;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a {} object", U::NAME)
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<U::Value, A::Error> {
                U::read(map)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<U::Value, A::Error> {
                Err(de::Error::invalid_type(de::Unexpected::Seq, &self))
            }
        }

        deserializer.deserialize_struct(U::NAME, U::FIELDS, StructVisitor::<U>(PhantomData))
    }
}

/// A value kept as read, for a union's data that comes before its
/// selector: what a self-describing format gives, replayed later as a
/// `Deserializer`. It holds no more than the input it was read from.
mod content {
    use super::*;
    use alloc::boxed::Box;
    use serde::de::value::{MapDeserializer, SeqDeserializer};
    use serde::de::IntoDeserializer;

    pub enum Content {
        Bool(bool),
        U64(u64),
        I64(i64),
        F64(f64),
        String(String),
        Bytes(Vec<u8>),
        Unit,
        Some(Box<Content>),
        Seq(Vec<Content>),
        Map(Vec<(Content, Content)>),
    }

    impl<'de> Deserialize<'de> for Content {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(ContentVisitor)
        }
    }

    struct ContentVisitor;

    impl<'de> Visitor<'de> for ContentVisitor {
        type Value = Content;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any value")
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Content, E> {
            Ok(Content::Bool(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Content, E> {
            Ok(Content::U64(v))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Content, E> {
            Ok(Content::I64(v))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Content, E> {
            Ok(Content::F64(v))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Content, E> {
            Ok(Content::String(v.into()))
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<Content, E> {
            Ok(Content::String(v))
        }

        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Content, E> {
            Ok(Content::Bytes(v.into()))
        }

        fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Content, E> {
            Ok(Content::Bytes(v))
        }

        fn visit_unit<E: de::Error>(self) -> Result<Content, E> {
            Ok(Content::Unit)
        }

        fn visit_none<E: de::Error>(self) -> Result<Content, E> {
            Ok(Content::Unit)
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Content, D::Error> {
            Content::deserialize(d).map(|c| Content::Some(Box::new(c)))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element()? {
                items.push(item);
            }
            Ok(Content::Seq(items))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Content, A::Error> {
            let mut entries = Vec::new();
            while let Some(entry) = map.next_entry()? {
                entries.push(entry);
            }
            Ok(Content::Map(entries))
        }
    }

    /// A [`Content`] as a `Deserializer` with the error type `E` of the
    /// input it came from.
    pub struct ContentDeserializer<E>(Content, PhantomData<E>);

    impl<E> ContentDeserializer<E> {
        pub fn new(content: Content) -> Self {
            ContentDeserializer(content, PhantomData)
        }
    }

    impl<'de, E: de::Error> IntoDeserializer<'de, E> for ContentDeserializer<E> {
        type Deserializer = Self;

        fn into_deserializer(self) -> Self {
            self
        }
    }

    impl<'de, E: de::Error> Deserializer<'de> for ContentDeserializer<E> {
        type Error = E;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
            match self.0 {
                Content::Bool(v) => visitor.visit_bool(v),
                Content::U64(v) => visitor.visit_u64(v),
                Content::I64(v) => visitor.visit_i64(v),
                Content::F64(v) => visitor.visit_f64(v),
                Content::String(v) => visitor.visit_string(v),
                Content::Bytes(v) => visitor.visit_byte_buf(v),
                Content::Unit => visitor.visit_unit(),
                Content::Some(v) => visitor.visit_some(ContentDeserializer::new(*v)),
                Content::Seq(items) => {
                    let mut seq =
                        SeqDeserializer::new(items.into_iter().map(ContentDeserializer::new));
                    let value = visitor.visit_seq(&mut seq)?;
                    seq.end()?;
                    Ok(value)
                }
                Content::Map(entries) => {
                    let mut map =
                        MapDeserializer::new(entries.into_iter().map(|(k, v)| {
                            (ContentDeserializer::new(k), ContentDeserializer::new(v))
                        }));
                    let value = visitor.visit_map(&mut map)?;
                    map.end()?;
                    Ok(value)
                }
            }
        }

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
            match self.0 {
                Content::Unit => visitor.visit_none(),
                Content::Some(v) => visitor.visit_some(ContentDeserializer::new(*v)),
                other => visitor.visit_some(ContentDeserializer::new(other)),
            }
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf unit unit_struct newtype_struct seq tuple
            tuple_struct map struct enum identifier ignored_any
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{List, ProgressiveList, Vector, U};

    fn json<T: ConsensusJson>(value: &T) -> String {
        serde_json::to_string(&Json(value)).unwrap()
    }

    fn read<T: ConsensusJson>(s: &str) -> Result<T, serde_json::Error> {
        serde_json::from_str::<FromJson<T>>(s).map(|v| v.0)
    }

    #[test]
    fn integers_of_64_bits_and_more_are_quoted() {
        assert_eq!(json(&7u8), "7");
        assert_eq!(json(&7u16), "7");
        assert_eq!(json(&7u32), "7");
        assert_eq!(json(&7u64), "\"7\"");
        assert_eq!(json(&u128::MAX), format!("\"{}\"", u128::MAX));
        assert_eq!(json(&U256::from(9u64)), "\"9\"");
        assert_eq!(read::<u64>("\"18446744073709551615\"").unwrap(), u64::MAX);
        assert_eq!(read::<u64>("12").unwrap(), 12);
        assert_eq!(read::<u16>("\"12\"").unwrap(), 12);
        assert!(read::<u8>("256").is_err());
        assert!(read::<u64>("\"18446744073709551616\"").is_err());
        assert!(read::<u64>("-1").is_err());
    }

    #[test]
    fn sequences_are_arrays_and_keep_their_bounds() {
        assert_eq!(json(&[1u8, 2]), "[1,2]");
        assert_eq!(read::<[u8; 2]>("[1, \"2\"]").unwrap(), [1, 2]);
        assert!(read::<[u8; 2]>("[1, 2, 3]").is_err());
        assert!(read::<List<u8, U<2>>>("[1, 2, 3]").is_err());
        let v: ProgressiveList<u8> = read("[255, 0]").unwrap();
        assert_eq!(v.as_slice(), &[0xff, 0]);
        assert_eq!(json(&crate::Bytes4::from([1, 2, 3, 4])), "\"0x01020304\"");
        assert_eq!(json(&[7u64, 8]), "[\"7\",\"8\"]");
        assert!(read::<Vector<u64, U<2>>>("[1]").is_err());
        assert!(read::<List<u64, U<2>>>("[1, 2, 3]").is_err());
    }

    #[test]
    fn options_are_unions() {
        assert_eq!(json(&None::<u64>), r#"{"selector":0,"data":null}"#);
        assert_eq!(json(&Some(5u64)), r#"{"selector":1,"data":"5"}"#);
        assert_eq!(
            read::<Option<u64>>(r#"{"selector":1,"data":"5"}"#).unwrap(),
            Some(5)
        );
        assert_eq!(
            read::<Option<u64>>(r#"{"selector":0,"data":null}"#).unwrap(),
            None
        );
        assert!(read::<Option<u64>>(r#"{"selector":2,"data":null}"#).is_err());
        // In either order: a map sorted by key puts the data first.
        assert_eq!(
            read::<Option<u64>>(r#"{"data":"5","selector":1}"#).unwrap(),
            Some(5)
        );
        assert_eq!(
            read::<Option<[u8; 2]>>(r#"{"data":[1,2],"selector":1}"#).unwrap(),
            Some([1, 2])
        );
        assert_eq!(
            read::<Option<u64>>(r#"{"data":null,"selector":0}"#).unwrap(),
            None
        );
        assert!(read::<Option<u64>>(r#"{"data":"x","selector":1}"#).is_err());
        assert!(read::<Option<u64>>(r#"{"selector":1,"selector":1,"data":"5"}"#).is_err());
        assert!(read::<Option<u64>>(r#"{"data":"5"}"#).is_err());
        assert!(read::<Option<u64>>(r#"{"selector":1}"#).is_err());
        assert!(read::<Option<u64>>(r#"{"selector":1,"data":"5","x":1}"#).is_err());
    }
}
