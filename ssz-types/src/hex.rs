//! `0x`-prefixed hex, as the consensus JSON and YAML formats write bytes.

use alloc::string::{String, ToString};
use alloc::{vec, vec::Vec};
use core::fmt;
use peam_ssz_core::Hex;

/// `"0x"` and the lowercase hex of `bytes`: [`Hex`]'s text, as a string.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    Hex(bytes).to_string()
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HexError {
    /// The string does not start with `0x`.
    MissingPrefix,
    /// An odd number of digits.
    OddLength,
    /// A character other than `0-9`, `a-f`, `A-F`.
    InvalidDigit,
    /// Another number of bytes than the type holds.
    InvalidLength {
        /// The number of bytes of the type.
        expected: usize,
        /// The number of bytes given.
        got: usize,
    },
    /// More bytes than the type's limit.
    TooLong {
        /// The number of bytes given.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Bytes that are not the encoding of a value of the type (a bitlist
    /// without its delimiter bit, a bitvector with bits set past its
    /// length, ...).
    InvalidEncoding(crate::DecodeErrorKind),
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HexError::MissingPrefix => f.write_str("hex string without the 0x prefix"),
            HexError::OddLength => f.write_str("hex string of odd length"),
            HexError::InvalidDigit => f.write_str("invalid hex digit"),
            HexError::InvalidLength { expected, got } => {
                write!(f, "expected {expected} bytes of hex, got {got}")
            }
            HexError::TooLong { len, max } => {
                write!(f, "{len} bytes of hex exceed the limit {max}")
            }
            HexError::InvalidEncoding(kind) => write!(f, "invalid encoding: {kind}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for HexError {}

/// The digits of `"0x..."`, checked for the prefix and an even count.
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

/// Decodes `digits` (either case) into `out` (`digits.len() / 2` bytes).
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

/// Decodes hex after `check` has accepted its byte count.
pub(crate) fn parse_hex(
    s: &str,
    check: impl FnOnce(usize) -> Result<(), HexError>,
) -> Result<Vec<u8>, HexError> {
    let digits = hex_digits(s)?;
    check(digits.len() / 2)?;
    let mut out = vec![0u8; digits.len() / 2];
    decode_hex_into(digits, &mut out)?;
    Ok(out)
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
