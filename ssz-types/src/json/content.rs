//! A value kept as read, for a union's data that comes before its
//! selector: what a self-describing format gives, replayed later as a
//! `Deserializer`. It holds no more than the input it was read from.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::IntoDeserializer;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

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
                let mut seq = SeqDeserializer::new(items.into_iter().map(ContentDeserializer::new));
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Content::Map(entries) => {
                let mut map = MapDeserializer::new(
                    entries
                        .into_iter()
                        .map(|(k, v)| (ContentDeserializer::new(k), ContentDeserializer::new(v))),
                );
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
