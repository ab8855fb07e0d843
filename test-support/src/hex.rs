//! Hex, as the spec's YAML and the tests' literals write it.

/// Decodes hex digits, with or without a `0x` prefix.
///
/// # Errors
///
/// On an odd number of digits or a character that is not a hex digit.
pub fn decode(s: &str) -> Result<Vec<u8>, String> {
    let digits = s.strip_prefix("0x").unwrap_or(s).as_bytes();
    if !digits.len().is_multiple_of(2) {
        return Err("hex string of odd length".to_owned());
    }
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    digits
        .chunks_exact(2)
        .map(|pair| match (nibble(pair[0]), nibble(pair[1])) {
            (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
            _ => Err("invalid hex digit".to_owned()),
        })
        .collect()
}

/// Decodes a hex literal of a test.
///
/// # Panics
///
/// When `s` is not hex: the literal is wrong.
#[track_caller]
pub fn hex(s: &str) -> Vec<u8> {
    decode(s).unwrap_or_else(|e| panic!("{e}: {s:?}"))
}

/// Decodes a hex literal of 32 bytes (a root or a chunk).
///
/// # Panics
///
/// When `s` is not the hex of 32 bytes.
#[track_caller]
pub fn hex32(s: &str) -> [u8; 32] {
    let bytes = hex(s);
    <[u8; 32]>::try_from(bytes.as_slice())
        .unwrap_or_else(|_| panic!("{} bytes, not 32: {s:?}", bytes.len()))
}

/// `0x`-prefixed lower-case hex of `bytes`.
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_non_hex() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        assert_eq!(decode("0xAbCd").unwrap(), [0xab, 0xcd]);
        assert_eq!(decode("abcd").unwrap(), [0xab, 0xcd]);
        assert_eq!(decode("").unwrap(), []);
        assert!(decode("0xabc").is_err());
        assert!(decode("0xag").is_err());
        assert!(decode("0x+1").is_err());
        assert_eq!(hex32(&encode(&[7; 32])), [7; 32]);
    }

    #[test]
    #[should_panic(expected = "not 32")]
    fn hex32_wants_32_bytes() {
        hex32("0x00");
    }
}
