//! The derived side of the ssz-specs runner: how a value of a derived type
//! renders as the vectors' `value` (see [`crate::ssz_specs`]), and the
//! checks that [`crate::ssz_specs_types`] (generated from the descriptors by
//! [`crate::ssz_specs_codegen`]) runs through each type.

use peam_ssz_types::view::TreeHashView;
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, DecodeError, Edition, Length, List,
    ProgressiveBitlist, ProgressiveList, Root, Ssz, TreeHash, Vector, U256,
};
use serde_json::{Map, Value as Json};

/// A derived value rendered as the ssz-specs vectors render values nested
/// in a collection or container (a top-level uint is a decimal string:
/// [`Runner`] quotes it).
pub trait SpecsJson {
    /// The value as the vectors render it.
    fn specs_json(&self) -> Json;
}

macro_rules! small_uint {
    ($($t:ty),*) => {$(
        impl SpecsJson for $t {
            fn specs_json(&self) -> Json {
                Json::Number((*self as u64).into())
            }
        }
    )*};
}
small_uint!(u8, u16, u32, u64);

impl SpecsJson for u128 {
    fn specs_json(&self) -> Json {
        Json::String(self.to_string())
    }
}

impl SpecsJson for U256 {
    fn specs_json(&self) -> Json {
        Json::String(self.to_string())
    }
}

impl SpecsJson for bool {
    fn specs_json(&self) -> Json {
        Json::Bool(*self)
    }
}

/// `{"data": v}`.
pub fn data(v: Json) -> Json {
    let mut m = Map::new();
    m.insert("data".into(), v);
    Json::Object(m)
}

/// `{"selector": s, "data": v}`.
pub fn union_json(selector: u8, v: Json) -> Json {
    let mut m = Map::new();
    m.insert("selector".into(), Json::Number(selector.into()));
    m.insert("data".into(), v);
    Json::Object(m)
}

fn items<T: SpecsJson>(values: &[T]) -> Json {
    data(Json::Array(values.iter().map(T::specs_json).collect()))
}

impl<N: Length> SpecsJson for Bitvector<N> {
    fn specs_json(&self) -> Json {
        data(Json::Array(self.iter().map(Json::Bool).collect()))
    }
}

impl<N: Length> SpecsJson for Bitlist<N> {
    fn specs_json(&self) -> Json {
        data(Json::Array(self.iter().map(Json::Bool).collect()))
    }
}

impl<E: Edition> SpecsJson for ProgressiveBitlist<E> {
    fn specs_json(&self) -> Json {
        data(Json::Array(self.iter().map(Json::Bool).collect()))
    }
}

impl<N: Length> SpecsJson for ByteVector<N> {
    fn specs_json(&self) -> Json {
        Json::String(crate::harness::to_hex(self.as_bytes()))
    }
}

impl<N: Length> SpecsJson for ByteList<N> {
    fn specs_json(&self) -> Json {
        data(Json::String(crate::harness::to_hex(self.as_bytes())))
    }
}

impl<T: SpecsJson, N: Length> SpecsJson for Vector<T, N> {
    fn specs_json(&self) -> Json {
        items(self.as_slice())
    }
}

impl<T: SpecsJson, N: Length> SpecsJson for List<T, N> {
    fn specs_json(&self) -> Json {
        items(self.as_slice())
    }
}

impl<T: SpecsJson, E: Edition> SpecsJson for ProgressiveList<T, E> {
    fn specs_json(&self) -> Json {
        items(self.as_slice())
    }
}

/// What a valid vector's check gets from a derived type: the value as
/// JSON, its encoding again, its root.
pub type RoundTrip = (Json, Vec<u8>, Root);

/// The checks of one derived type, for the vectors of that type.
#[derive(Clone, Copy)]
pub struct Runner {
    /// Decodes the bytes, for an invalid vector: the error, if any.
    pub decode: fn(&[u8]) -> Result<(), DecodeError>,
    /// Decodes, renders, encodes again and merkleizes, for a valid vector.
    pub round_trip: fn(&[u8]) -> Result<RoundTrip, DecodeError>,
    /// The bytes through a view and a stream as through decoding, for
    /// every vector.
    pub views: fn(&[u8]) -> Result<(), String>,
}

impl Runner {
    /// The checks through `T`.
    pub fn of<T: Ssz + TreeHash + TreeHashView + PartialEq + core::fmt::Debug + SpecsJson>(
    ) -> Runner {
        Runner {
            views: crate::harness::same_through_views_and_streams::<T>,
            decode: |bytes| peam_ssz_types::decode::<T>(bytes).map(|_| ()),
            round_trip: |bytes| {
                let value = peam_ssz_types::decode::<T>(bytes)?;
                // A top-level uint is a decimal string; nested ones are
                // numbers.
                let json = match value.specs_json() {
                    Json::Number(n) => Json::String(n.to_string()),
                    other => other,
                };
                Ok((json, value.to_ssz(), value.hash_tree_root()))
            },
        }
    }
}
