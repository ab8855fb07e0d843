//! Shared pieces of the serde implementations: "0x" hex strings and
//! sequences with a bound checked while they are read.

use crate::hex::{decode_hex_into, hex_digits, to_hex};

use core::fmt;
use core::marker::PhantomData;
use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserializer, Serializer};

pub(crate) fn serialize_hex<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&to_hex(bytes))
}

/// A `"0x..."` string, checked by `check` (given the byte count) before
/// anything is allocated.
pub(crate) fn deserialize_hex_checked<'de, D: Deserializer<'de>>(
    deserializer: D,
    check: impl FnOnce(usize) -> Result<(), String>,
) -> Result<Vec<u8>, D::Error> {
    struct HexVisitor<F>(F);

    impl<F: FnOnce(usize) -> Result<(), String>> Visitor<'_> for HexVisitor<F> {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a 0x-prefixed hex string")
        }

        fn visit_str<E: Error>(self, s: &str) -> Result<Vec<u8>, E> {
            let digits = hex_digits(s).map_err(E::custom)?;
            (self.0)(digits.len() / 2).map_err(E::custom)?;
            let mut out = vec![0u8; digits.len() / 2];
            decode_hex_into(digits, &mut out).map_err(E::custom)?;
            Ok(out)
        }
    }

    deserializer.deserialize_str(HexVisitor(check))
}

/// A `"0x..."` string.
pub(crate) fn deserialize_hex<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<u8>, D::Error> {
    deserialize_hex_checked(deserializer, |_| Ok(()))
}

/// A sequence of at most `max` elements (exactly `exact` if given), failing
/// as soon as it runs over.
pub(crate) fn deserialize_seq<'de, T, D>(
    deserializer: D,
    exact: Option<usize>,
    max: usize,
) -> Result<Vec<T>, D::Error>
where
    T: serde::Deserialize<'de>,
    D: Deserializer<'de>,
{
    struct SeqVisitor<T> {
        exact: Option<usize>,
        max: usize,
        _element: PhantomData<T>,
    }

    impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for SeqVisitor<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.exact {
                Some(n) => write!(f, "a sequence of {n} elements"),
                None => write!(f, "a sequence of at most {} elements", self.max),
            }
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            // Trust the size hint only as far as the bound and a sane cap.
            let hint = seq.size_hint().unwrap_or(0).min(self.max).min(4096);
            let mut out = Vec::with_capacity(hint);
            while let Some(value) = seq.next_element()? {
                if out.len() >= self.max {
                    return Err(A::Error::custom(format_args!(
                        "more than {} elements",
                        self.max
                    )));
                }
                out.push(value);
            }
            if let Some(n) = self.exact {
                if out.len() != n || n == 0 {
                    return Err(A::Error::invalid_length(out.len(), &self));
                }
            }
            Ok(out)
        }
    }

    deserializer.deserialize_seq(SeqVisitor {
        exact,
        max,
        _element: PhantomData,
    })
}
