//! Strict decoding: the checks of the derived types, in their order and
//! with their errors, over the bytes of a run-time type.
//!
//! A value keeps its encoding (canonical, once checked), so decoding
//! allocates nothing but the copy of the input.

use peam_ssz_core::codec::{read_container_offset, read_offset, VariableElements};
use peam_ssz_core::{DecodeError, DecodeErrorKind, BYTES_PER_LENGTH_OFFSET};

use crate::schema::{FieldDef, Kind, Schema};

fn err(kind: DecodeErrorKind) -> DecodeError {
    DecodeError::new(kind)
}

/// A `u64` bound as a `usize` bound: saturated, which is the same bound on
/// the number of things a `usize`-long input holds.
fn bound(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Checks that `bytes` is the canonical encoding of a value of `schema`.
pub(crate) fn check(schema: &Schema, bytes: &[u8]) -> Result<(), DecodeError> {
    match schema.kind() {
        Kind::Boolean => {
            exact(bytes, 1)?;
            if bytes[0] > 1 {
                return Err(err(DecodeErrorKind::InvalidBool(bytes[0])));
            }
            Ok(())
        }
        Kind::Uint { bytes: n } => exact(bytes, *n),
        Kind::BitVector { length } => {
            let n = bound(length.div_ceil(8));
            exact(bytes, n)?;
            let used = (length % 8) as u32;
            if used != 0 && bytes[n - 1] >> used != 0 {
                return Err(err(DecodeErrorKind::BitvectorExcessBits));
            }
            Ok(())
        }
        Kind::BitList { limit } => bitlist(bytes, bound(*limit)),
        Kind::ProgressiveBitList => bitlist(bytes, usize::MAX),
        Kind::ByteVector { length } => exact(bytes, bound(*length)),
        Kind::ByteList { limit } => {
            if bytes.len() > bound(*limit) {
                return Err(err(DecodeErrorKind::TooManyElements {
                    len: bytes.len(),
                    max: bound(*limit),
                }));
            }
            Ok(())
        }
        Kind::Vector { element, length } => {
            if let Some(size) = schema.fixed_size() {
                exact(bytes, size)?;
            }
            elements(element, bytes, Some(bound(*length)), bound(*length))
        }
        Kind::List { element, limit } => elements(element, bytes, None, bound(*limit)),
        Kind::ProgressiveList { element } => elements(element, bytes, None, usize::MAX),
        Kind::ProgressiveByteList => Ok(()),
        Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
            container(schema, fields, bytes).map(|_| ())
        }
        Kind::CompatibleUnion { options } => {
            let (&selector, body) = bytes
                .split_first()
                .ok_or_else(|| err(DecodeErrorKind::MissingSelector))?;
            match options.iter().find(|(s, _)| *s == selector) {
                Some((_, option)) => check(option, body).map_err(|e| e.in_selector(selector)),
                None => Err(err(DecodeErrorKind::InvalidSelector(selector))),
            }
        }
        Kind::Union { options } => {
            let (&selector, body) = bytes
                .split_first()
                .ok_or_else(|| err(DecodeErrorKind::MissingSelector))?;
            match options.get(selector as usize) {
                Some(Some(option)) => check(option, body).map_err(|e| e.in_selector(selector)),
                Some(None) if body.is_empty() => Ok(()),
                Some(None) => Err(err(DecodeErrorKind::NonePayload)),
                None => Err(err(DecodeErrorKind::InvalidSelector(selector))),
            }
        }
    }
}

fn exact(bytes: &[u8], n: usize) -> Result<(), DecodeError> {
    if bytes.len() != n {
        return Err(err(DecodeErrorKind::InvalidLength {
            expected: n,
            got: bytes.len(),
        }));
    }
    Ok(())
}

/// The bit count of a bitlist's encoding, checked against `max`
/// (ssz-types' bitlist decoding, the same errors).
pub(crate) fn bitlist(bytes: &[u8], max: usize) -> Result<(), DecodeError> {
    bitlist_len(bytes, max).map(|_| ())
}

pub(crate) fn bitlist_len(bytes: &[u8], max: usize) -> Result<usize, DecodeError> {
    let Some(&last) = bytes.last() else {
        return Err(err(DecodeErrorKind::BitlistNoDelimiter));
    };
    if last == 0 {
        return Err(err(DecodeErrorKind::BitlistNoDelimiter));
    }
    let len = (bytes.len() - 1)
        .saturating_mul(8)
        .saturating_add(7 - last.leading_zeros() as usize);
    if len > max {
        return Err(err(DecodeErrorKind::TooManyBits { len, max }));
    }
    Ok(len)
}

/// The body of a vector or list: `codec::decode_elements`' checks.
fn elements(
    element: &Schema,
    bytes: &[u8],
    exact_count: Option<usize>,
    max: usize,
) -> Result<(), DecodeError> {
    match element.fixed_size() {
        Some(size) => {
            if size == 0 || !bytes.len().is_multiple_of(size) {
                return Err(err(DecodeErrorKind::NotMultipleOfElement {
                    len: bytes.len(),
                    element: size,
                }));
            }
            let count = bytes.len() / size;
            if let Some(n) = exact_count {
                if count != n {
                    return Err(err(DecodeErrorKind::WrongElementCount {
                        expected: n,
                        got: count,
                    }));
                }
            }
            if count > max {
                return Err(err(DecodeErrorKind::TooManyElements { len: count, max }));
            }
            match element.kind() {
                // Packed uints: every byte string is a value.
                Kind::Uint { .. } => Ok(()),
                Kind::Boolean => match bytes.iter().position(|&b| b > 1) {
                    Some(i) => Err(err(DecodeErrorKind::InvalidBool(bytes[i])).at_index(i)),
                    None => Ok(()),
                },
                Kind::ByteVector { .. } => Ok(()),
                _ => {
                    for (i, chunk) in bytes.chunks_exact(size).enumerate() {
                        check(element, chunk).map_err(|e| e.at_index(i))?;
                    }
                    Ok(())
                }
            }
        }
        None => {
            let mut parts = VariableElements::new(bytes, exact_count, max)?;
            for i in 0..parts.count() {
                let part = parts.next_part()?;
                check(element, part).map_err(|e| e.at_index(i))?;
            }
            Ok(())
        }
    }
}

/// The fixed-part positions of a container's fields, and the end of its
/// fixed part.
pub(crate) fn positions(fields: &[FieldDef]) -> impl Iterator<Item = (usize, &FieldDef)> {
    fields.iter().scan(0usize, |pos, f| {
        let at = *pos;
        *pos += f.schema.fixed_part();
        Some((at, f))
    })
}

/// Checks a container's encoding (the derive's `from_ssz`: the length,
/// every offset, then every field in order).
fn container(schema: &Schema, fields: &[FieldDef], bytes: &[u8]) -> Result<(), DecodeError> {
    let fixed_len: usize = fields.iter().map(|f| f.schema.fixed_part()).sum();
    if schema.fixed_size().is_some() {
        exact(bytes, fixed_len)?;
        for (pos, f) in positions(fields) {
            let len = f.schema.fixed_part();
            check(&f.schema, &bytes[pos..pos + len]).map_err(|e| e.in_field(f.key))?;
        }
        return Ok(());
    }
    if bytes.len() < fixed_len {
        return Err(err(DecodeErrorKind::TooShort {
            min: fixed_len,
            got: bytes.len(),
        }));
    }
    // Every offset first, as the derive reads them.
    let mut offsets = Vec::new();
    let mut prev = 0usize;
    for (pos, f) in positions(fields) {
        if f.schema.fixed_size().is_none() {
            let o = read_container_offset(bytes, pos, prev, fixed_len)
                .map_err(|e| e.in_field(f.key))?;
            prev = o;
            offsets.push(o);
        }
    }
    let mut next = 0;
    for (pos, f) in positions(fields) {
        let part = match f.schema.fixed_size() {
            Some(len) => &bytes[pos..pos + len],
            None => {
                let start = offsets[next];
                let end = offsets.get(next + 1).copied().unwrap_or(bytes.len());
                next += 1;
                &bytes[start..end]
            }
        };
        check(&f.schema, part).map_err(|e| e.in_field(f.key))?;
    }
    Ok(())
}

/// The bytes of each field of a valid container encoding, in order.
pub(crate) fn field_parts<'a>(fields: &'a [FieldDef], bytes: &'a [u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::with_capacity(fields.len());
    let mut var: Vec<(usize, usize)> = Vec::new();
    for (pos, f) in positions(fields) {
        match f.schema.fixed_size() {
            Some(len) => out.push(&bytes[pos..pos + len]),
            None => {
                var.push((out.len(), read_offset(bytes, pos)));
                out.push(&[][..]);
            }
        }
    }
    for (i, &(slot, start)) in var.iter().enumerate() {
        let end = var.get(i + 1).map_or(bytes.len(), |&(_, o)| o);
        out[slot] = &bytes[start..end];
    }
    out
}

/// The bytes of each element of a valid vector or list body.
pub(crate) fn element_parts<'a>(element: &Schema, bytes: &'a [u8]) -> Vec<&'a [u8]> {
    match element.fixed_size() {
        Some(size) => bytes.chunks_exact(size.max(1)).collect(),
        None => {
            if bytes.is_empty() {
                return Vec::new();
            }
            let count = read_offset(bytes, 0) / BYTES_PER_LENGTH_OFFSET;
            (0..count)
                .map(|i| {
                    let start = read_offset(bytes, i * BYTES_PER_LENGTH_OFFSET);
                    let end = if i + 1 < count {
                        read_offset(bytes, (i + 1) * BYTES_PER_LENGTH_OFFSET)
                    } else {
                        bytes.len()
                    };
                    &bytes[start..end]
                })
                .collect()
        }
    }
}
