//! What `#[derive(ConsensusJson)]` expands to: the struct and union
//! visitors' shared steps, compiled once here.

use super::content;
use super::{ConsensusJson, FromJson, Json};
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::Deserialize;

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
                (None, Some(data)) => U::read(selector, content::ContentDeserializer::new(data)),
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
