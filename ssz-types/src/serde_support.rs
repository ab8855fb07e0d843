//! Shared pieces of the serde implementations: "0x" hex strings and
//! sequences with a bound checked while they are read.

use core::fmt;
use core::marker::PhantomData;
use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserializer, Serializer};

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// `"0x"` and the lowercase hex of `bytes`.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for &b in bytes {
        s.push(HEX_DIGITS[(b >> 4) as usize] as char);
        s.push(HEX_DIGITS[(b & 0xf) as usize] as char);
    }
    s
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Why a hex string was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HexError {
    MissingPrefix,
    OddLength,
    InvalidDigit,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HexError::MissingPrefix => "hex string without the 0x prefix",
            HexError::OddLength => "hex string of odd length",
            HexError::InvalidDigit => "invalid hex digit",
        })
    }
}

/// Decodes `"0x..."` (either case) into `out`, which must be the right
/// length; see [`hex_len`].
pub(crate) fn hex_digits(s: &str) -> Result<&[u8], HexError> {
    let digits = s
        .strip_prefix("0x")
        .ok_or(HexError::MissingPrefix)?
        .as_bytes();
    if digits.len() % 2 != 0 {
        return Err(HexError::OddLength);
    }
    Ok(digits)
}

pub(crate) fn decode_hex_into(digits: &[u8], out: &mut [u8]) -> Result<(), HexError> {
    for (dst, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        let hi = hex_value(pair[0]).ok_or(HexError::InvalidDigit)?;
        let lo = hex_value(pair[1]).ok_or(HexError::InvalidDigit)?;
        *dst = (hi << 4) | lo;
    }
    Ok(())
}

/// Decodes `"0x..."` into bytes.
#[cfg(test)]
pub(crate) fn from_hex(s: &str) -> Result<Vec<u8>, HexError> {
    let digits = hex_digits(s)?;
    let mut out = vec![0u8; digits.len() / 2];
    decode_hex_into(digits, &mut out)?;
    Ok(out)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        assert_eq!(to_hex(&[]), "0x");
        assert_eq!(to_hex(&[0x00, 0xab, 0x1f]), "0x00ab1f");
        assert_eq!(from_hex("0x00AB1f").unwrap(), [0x00, 0xab, 0x1f]);
        assert_eq!(from_hex("0x").unwrap(), [] as [u8; 0]);
        assert_eq!(from_hex("00"), Err(HexError::MissingPrefix));
        assert_eq!(from_hex("0x0"), Err(HexError::OddLength));
        assert_eq!(from_hex("0x0g"), Err(HexError::InvalidDigit));
        assert_eq!(from_hex("0x+1"), Err(HexError::InvalidDigit));
    }
}
