//! A [`Seq`] in serde and in the consensus JSON: an array of its
//! elements, read with the kind's bound checked as it is read.

use super::{Kind, Seq};
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
impl<'de, T: Deserialize<'de>, K: Kind> Deserialize<'de> for Seq<T, K, K::Bound> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let inner = deserialize_seq(deserializer, K::COUNT, K::maximum(K::READ_BOUND))?;
        Ok(Seq::from_parts(inner, K::READ_BOUND))
    }
}

/// An array of its elements' JSON, read with its bound before anything
/// past it is kept.
impl<T: ConsensusJson, K: Kind> ConsensusJson for Seq<T, K, K::Bound> {
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_elements(self.inner.iter(), serializer)
    }

    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = deserialize_elements(deserializer, K::COUNT, K::maximum(K::READ_BOUND))?;
        Seq::try_from_parts(items, K::READ_BOUND).map_err(serde::de::Error::custom)
    }
}

impl<T: QuotedInt, K: Kind> Sealed for Seq<T, K, K::Bound> {}

/// [`List`](crate::List), [`Vector`](crate::Vector),
/// [`ProgressiveList`](crate::ProgressiveList), [`ExactList`](crate::ExactList)
/// and [`RuntimeList`](crate::RuntimeList) of integers, each a decimal
/// string.
impl<T: QuotedInt, K: Kind> QuotedSeq for Seq<T, K, K::Bound> {
    type Item = T;
    const EXACT_LEN: Option<usize> = K::COUNT;

    fn max_len() -> usize {
        K::maximum(K::READ_BOUND)
    }

    fn items(&self) -> &[T] {
        &self.inner
    }

    fn from_items(items: Vec<T>) -> Self {
        // The visitor checked the length and the bound.
        Seq::from_parts(items, K::READ_BOUND)
    }
}
