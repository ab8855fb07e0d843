//! Offsets: the 4-byte little-endian positions in the fixed part of a
//! container, vector or list that point at its variable-size parts.

use crate::{DecodeError, DecodeErrorKind, BYTES_PER_LENGTH_OFFSET};
use alloc::vec::Vec;

/// Reads the little-endian `u32` offset at `pos`; the caller has checked that
/// `bytes` holds it.
#[inline(always)]
pub fn read_offset(bytes: &[u8], pos: usize) -> usize {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[pos..pos + BYTES_PER_LENGTH_OFFSET]);
    u32::from_le_bytes(b) as usize
}

/// Writes `offset` as a little-endian `u32` at `pos`.
#[inline(always)]
pub fn write_offset(out: &mut [u8], pos: usize, offset: usize) {
    debug_assert!(offset <= u32::MAX as usize, "SSZ encoding over 4 GiB");
    out[pos..pos + BYTES_PER_LENGTH_OFFSET].copy_from_slice(&(offset as u32).to_le_bytes());
}

/// Appends `offset` as a little-endian `u32`.
#[inline(always)]
pub fn push_offset(buf: &mut Vec<u8>, offset: usize) {
    debug_assert!(offset <= u32::MAX as usize, "SSZ encoding over 4 GiB");
    buf.extend_from_slice(&(offset as u32).to_le_bytes());
}

/// Reads the offset of a container's variable-size field at `pos` and
/// checks it (simple-serialize.md, "Deserialization"): the first one
/// (`previous == 0`) must point at the end of the fixed part, `fixed_len`;
/// each later one must not be below `previous` nor past the end of `bytes`.
///
/// The caller has checked that `bytes` holds the fixed part, which is at
/// least one offset long, so `0` is never a valid `previous`.
#[inline(always)]
pub fn read_container_offset(
    bytes: &[u8],
    pos: usize,
    previous: usize,
    fixed_len: usize,
) -> Result<usize, DecodeError> {
    check_container_offset(read_offset(bytes, pos), previous, fixed_len, bytes.len())
}

/// The checks of [`read_container_offset`] on an offset already read,
/// in a container encoding of `len` bytes (a stream's, whose bytes are not
/// all there yet).
#[inline(always)]
pub(crate) fn check_container_offset(
    offset: usize,
    previous: usize,
    fixed_len: usize,
    len: usize,
) -> Result<usize, DecodeError> {
    if previous == 0 {
        if offset != fixed_len {
            return Err(DecodeError::new(DecodeErrorKind::FirstOffsetMismatch {
                expected: fixed_len,
                got: offset,
            }));
        }
    } else if offset > len {
        return Err(DecodeError::new(DecodeErrorKind::OffsetOutOfBounds {
            offset,
            len,
        }));
    } else if offset < previous {
        return Err(DecodeError::new(DecodeErrorKind::OffsetsDecreasing {
            previous,
            offset,
        }));
    }
    Ok(offset)
}
