//! A [`Seq`] in serde and in the consensus JSON: an array of its
//! elements, read with the kind's bound checked as it is read.

use super::{Bound, Kind, Seq};
use crate::json::{deserialize_elements, serialize_elements, ConsensusJson};
use crate::serde_support::deserialize_seq;
use crate::serde_utils::{QuotedInt, QuotedSeq, Sealed};
use alloc::vec::Vec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An array of the elements.
impl<T: Serialize, K, B> Serialize for Seq<T, K, B> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(&self.inner)
    }
}

/// An array of the elements, read with the kind's bound checked before
/// anything past it is kept (a run-time list's: its static maximum).
impl<'de, T: Deserialize<'de>, B: Bound, K: Kind<B>> Deserialize<'de> for Seq<T, K, B> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let inner = deserialize_seq(deserializer, K::COUNT, K::maximum(K::read_bound()))?;
        Ok(Seq::from_parts(inner, K::read_bound()))
    }
}

/// An array of its elements' JSON, read with its bound before anything
/// past it is kept.
impl<T: ConsensusJson, B: Bound, K: Kind<B>> ConsensusJson for Seq<T, K, B> {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_elements(self.inner.iter(), serializer)
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = deserialize_elements(deserializer, K::COUNT, K::maximum(K::read_bound()))?;
        Seq::try_from_parts(items, K::read_bound()).map_err(serde::de::Error::custom)
    }
}

impl<T: QuotedInt, B: Bound, K: Kind<B>> Sealed for Seq<T, K, B> {}

/// [`List`](crate::List), [`Vector`](crate::Vector),
/// [`ProgressiveList`](crate::ProgressiveList), [`ExactList`](crate::ExactList)
/// and [`RuntimeList`](crate::RuntimeList) of integers, each a decimal
/// string.
impl<T: QuotedInt, B: Bound, K: Kind<B>> QuotedSeq for Seq<T, K, B> {
    type Item = T;
    const EXACT_LEN: Option<usize> = K::COUNT;

    fn max_len() -> usize {
        K::maximum(K::read_bound())
    }

    fn items(&self) -> &[T] {
        &self.inner
    }

    fn from_items(items: Vec<T>) -> Self {
        // The visitor checked the length and the bound.
        Seq::from_parts(items, K::read_bound())
    }
}
