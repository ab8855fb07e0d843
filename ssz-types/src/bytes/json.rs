//! A [`ByteSeq`] in serde and in the consensus JSON: `0x` hex, its length
//! checked by the kind before the hex is decoded.

use super::{ByteKind, ByteSeq};
use crate::json::ConsensusJson;
use crate::serde_support::{deserialize_hex_checked, serialize_hex};
use alloc::string::ToString;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl<K> Serialize for ByteSeq<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_hex(&self.inner, serializer)
    }
}

impl<'de, K: ByteKind> Deserialize<'de> for ByteSeq<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let inner = deserialize_hex_checked(deserializer, |len| {
            super::check_hex::<K>(len).map_err(|e| e.to_string())
        })?;
        Ok(ByteSeq::from_vec_unchecked(inner))
    }
}

/// Its serde form, the consensus one.
impl<K: ByteKind> ConsensusJson for ByteSeq<K> {
    #[inline]
    fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize(serializer)
    }

    #[inline]
    fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::deserialize(deserializer)
    }
}
