//! Hex display of roots and bytes, without allocating.

use crate::Root;
use core::fmt;

/// Shows bytes as `"0x"` and lowercase hex (`Display`, `Debug`); `{:x}`
/// and `{:X}` give the digits alone, `{:#x}` and `{:#X}` with the prefix.
///
/// [`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root) returns a
/// bare `[u8; 32]` (a [`Root`]), which has no `Display`. [`Hex`] (or
/// [`root_hex`]) shows any bytes as the consensus formats write them:
/// `"0x"` and lowercase hex, the same text as `Bytes32`'s `Display` and
/// serde mapping.
///
/// ```
/// use peam_ssz_core::{root_hex, Hex, TreeHash};
///
/// // `{}` of a root: `"0x"` and 64 lowercase digits.
/// let root = 5u64.hash_tree_root();
/// assert_eq!(
///     root_hex(&root).to_string(),
///     "0x0500000000000000000000000000000000000000000000000000000000000000",
/// );
/// assert_eq!(format!("{}", Hex(&[0xab, 0x01])), "0xab01");
/// // `{:x}` without the prefix, `{:#x}` with it; `{:X}` in upper case.
/// assert_eq!(format!("{:x}", Hex(&[0xab, 0x01])), "ab01");
/// assert_eq!(format!("{:#x}", Hex(&[0xab, 0x01])), "0xab01");
/// assert_eq!(format!("{:X}", Hex(&[0xab, 0x01])), "AB01");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex<'a>(pub &'a [u8]);

/// [`Hex`] of a root: `format!("{}", root_hex(&value.hash_tree_root()))`.
#[inline]
pub fn root_hex(root: &Root) -> Hex<'_> {
    Hex(root)
}

impl Hex<'_> {
    /// Writes the digits of the bytes, 64 bytes per write, from `digits`
    /// (`"0123456789abcdef"` or its upper-case form).
    fn write_digits(&self, f: &mut fmt::Formatter<'_>, digits: &[u8; 16]) -> fmt::Result {
        let mut buf = [0u8; 128];
        for chunk in self.0.chunks(64) {
            for (pair, &b) in buf.chunks_exact_mut(2).zip(chunk) {
                pair[0] = digits[(b >> 4) as usize];
                pair[1] = digits[(b & 0xf) as usize];
            }
            let text = &buf[..2 * chunk.len()];
            // Hex digits are ASCII, so the buffer is always UTF-8.
            f.write_str(core::str::from_utf8(text).map_err(|_| fmt::Error)?)?;
        }
        Ok(())
    }
}

const LOWER: &[u8; 16] = b"0123456789abcdef";
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        self.write_digits(f, LOWER)
    }
}

impl fmt::Debug for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::LowerHex for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str("0x")?;
        }
        self.write_digits(f, LOWER)
    }
}

impl fmt::UpperHex for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str("0x")?;
        }
        self.write_digits(f, UPPER)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    /// Hex by `{:02x}` of each byte: an independent reference.
    fn reference(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "no unsafe code here or below; the native runs check it"
    )]
    fn every_length_matches_byte_by_byte_formatting() {
        let bytes: alloc::vec::Vec<u8> = (0..=255u8).chain(0..=255).collect();
        for len in [0, 1, 31, 32, 63, 64, 65, 128, 200, 512] {
            let b = &bytes[..len];
            assert_eq!(format!("{}", Hex(b)), format!("0x{}", reference(b)));
            assert_eq!(format!("{:?}", Hex(b)), format!("0x{}", reference(b)));
            assert_eq!(format!("{:x}", Hex(b)), reference(b));
            assert_eq!(format!("{:#x}", Hex(b)), format!("0x{}", reference(b)));
            assert_eq!(format!("{:X}", Hex(b)), reference(b).to_uppercase());
            assert_eq!(
                format!("{:#X}", Hex(b)),
                format!("0x{}", reference(b).to_uppercase())
            );
        }
    }

    #[test]
    fn a_root_shows_its_32_bytes() {
        let mut root = [0u8; 32];
        root[0] = 0xde;
        root[31] = 0x0f;
        let text = root_hex(&root).to_string();
        assert_eq!(text.len(), 2 + 64);
        assert!(text.starts_with("0xde00"));
        assert!(text.ends_with("000f"));
    }
}
