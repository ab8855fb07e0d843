//! The body of a vector or list: fixed-size elements back to back, or
//! variable-size ones behind offsets.

use super::offset::{read_offset, write_offset};
use super::uninit::FixedWriter;
use crate::memory::advise_huge_pages;
use crate::{DecodeError, DecodeErrorKind, Ssz, BYTES_PER_LENGTH_OFFSET};
use alloc::vec::Vec;

/// The encoded length of a sequence of variable-size elements: an offset and
/// the encoding of each.
#[inline]
pub fn variable_elements_len<T: Ssz>(values: &[T]) -> usize {
    values
        .iter()
        .map(|v| BYTES_PER_LENGTH_OFFSET + v.ssz_len())
        .sum()
}

/// Writes a sequence of variable-size elements: the offsets, then the
/// encodings (`out.len() == variable_elements_len(values)`).
#[inline]
pub fn write_variable_elements<T: Ssz>(values: &[T], out: &mut [u8]) {
    let mut offset = values.len() * BYTES_PER_LENGTH_OFFSET;
    for (i, v) in values.iter().enumerate() {
        write_offset(out, i * BYTES_PER_LENGTH_OFFSET, offset);
        let len = v.ssz_len();
        v.ssz_write(&mut out[offset..offset + len]);
        offset += len;
    }
}

/// Appends fixed-size `values` one after the other into `buf`'s spare
/// capacity, after reserving room for all of them, each written once
/// through [`Ssz::ssz_write_uninit`] (never zeroed first).
pub fn append_fixed_elements<T: Ssz>(values: &[T], buf: &mut Vec<u8>) {
    let total = values.len().saturating_mul(T::FIXED_PART_LEN);
    buf.reserve(total);
    let start = buf.len();
    let mut writer = FixedWriter::new(&mut buf.spare_capacity_mut()[..total]);
    for value in values {
        writer.put(value);
    }
    writer.finish();
    // SAFETY: `reserve` made room for `total` bytes after `start`, and
    // `finish` returned those `total` bytes of spare capacity initialised
    // (each value's encoding, zeros for any shortfall); the new length
    // covers only them.
    unsafe { buf.set_len(start + total) };
}

/// `Ssz::from_ssz_many` of fixed-size values: each `FIXED_PART_LEN` bytes of
/// `bytes` decoded with `from_ssz` straight into `out`'s spare capacity
/// (a whole trailing part shorter than one value is ignored, as the callers
/// have checked the length). On an error, naming the element's index, `out`
/// keeps the values decoded before it.
pub fn decode_fixed_elements<T: Ssz>(bytes: &[u8], out: &mut Vec<T>) -> Result<(), DecodeError> {
    let chunks = bytes.chunks_exact(T::FIXED_PART_LEN.max(1));
    out.reserve(chunks.len());
    let start = out.len();
    let mut written = 0;
    let mut result = Ok(());
    for (chunk, slot) in chunks.zip(out.spare_capacity_mut()) {
        match T::from_ssz(chunk) {
            Ok(value) => {
                slot.write(value);
                written += 1;
            }
            Err(e) => {
                result = Err(e.at_index(written));
                break;
            }
        }
    }
    // SAFETY: the first `written` slots of the spare capacity, those after
    // `start`, were each given a value by `slot.write` above (in order,
    // counted as they were written), and `reserve` made room for them.
    unsafe { out.set_len(start + written) };
    result
}

/// Appends a sequence of elements (vector or list body): fixed ones back to
/// back, variable ones as offsets, then each element appended in turn.
pub fn append_elements<T: Ssz>(values: &[T], buf: &mut Vec<u8>) {
    if T::IS_FIXED_SIZE {
        T::ssz_append_many(values, buf);
    } else {
        let start = buf.len();
        let fixed = values.len() * BYTES_PER_LENGTH_OFFSET;
        buf.resize(start + fixed, 0);
        let offsets = &mut buf[start..];
        let mut offset = fixed;
        for (i, v) in values.iter().enumerate() {
            write_offset(offsets, i * BYTES_PER_LENGTH_OFFSET, offset);
            offset += v.ssz_len();
        }
        for v in values {
            v.ssz_append(buf);
        }
    }
}

/// Checks an element count read from the input against a vector's length
/// (`exact`) and a list's limit (`max`).
#[inline]
pub(crate) fn check_count(
    count: usize,
    exact: Option<usize>,
    max: usize,
) -> Result<(), DecodeError> {
    if let Some(n) = exact {
        if count != n {
            return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                expected: n,
                got: count,
            }));
        }
    }
    if count > max {
        return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
            len: count,
            max,
        }));
    }
    Ok(())
}

/// The parts of an encoded sequence of variable-size elements (a vector,
/// list or progressive list), with every offset checked as it is read.
pub struct VariableElements<'a> {
    bytes: &'a [u8],
    count: usize,
    index: usize,
    start: usize,
}

impl<'a> VariableElements<'a> {
    /// Checks the first offset of `bytes` and counts the elements.
    ///
    /// `exact` is the length of a vector; `max` the limit of a list. Empty
    /// input is an empty sequence.
    pub fn new(bytes: &'a [u8], exact: Option<usize>, max: usize) -> Result<Self, DecodeError> {
        if bytes.is_empty() {
            if let Some(n) = exact.filter(|&n| n != 0) {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: n,
                    got: 0,
                }));
            }
            return Ok(VariableElements {
                bytes,
                count: 0,
                index: 0,
                start: 0,
            });
        }
        if bytes.len() < BYTES_PER_LENGTH_OFFSET {
            return Err(DecodeError::new(DecodeErrorKind::TooShort {
                min: BYTES_PER_LENGTH_OFFSET,
                got: bytes.len(),
            }));
        }
        let first = read_offset(bytes, 0);
        if first == 0 || !first.is_multiple_of(BYTES_PER_LENGTH_OFFSET) || first > bytes.len() {
            return Err(DecodeError::new(DecodeErrorKind::InvalidListOffset {
                offset: first,
            }));
        }
        let count = first / BYTES_PER_LENGTH_OFFSET;
        check_count(count, exact, max)?;
        Ok(VariableElements {
            bytes,
            count,
            index: 0,
            start: first,
        })
    }

    /// The number of elements.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The bytes of the next element; its end offset is checked against the
    /// start and the input length. Call at most `count()` times.
    #[inline]
    pub fn next_part(&mut self) -> Result<&'a [u8], DecodeError> {
        let i = self.index;
        let end = if i + 1 < self.count {
            let end = read_offset(self.bytes, (i + 1) * BYTES_PER_LENGTH_OFFSET);
            if end > self.bytes.len() {
                return Err(DecodeError::new(DecodeErrorKind::OffsetOutOfBounds {
                    offset: end,
                    len: self.bytes.len(),
                })
                .at_index(i + 1));
            }
            if end < self.start {
                return Err(DecodeError::new(DecodeErrorKind::OffsetsDecreasing {
                    previous: self.start,
                    offset: end,
                })
                .at_index(i + 1));
            }
            end
        } else {
            self.bytes.len()
        };
        let part = &self.bytes[self.start..end];
        self.start = end;
        self.index += 1;
        Ok(part)
    }
}

/// Bytes of memory per input byte that [`decode_elements`] reserves up front
/// for variable-size elements at most.
const RESERVE_FACTOR: usize = 8;

/// Decodes a sequence of elements (vector or list body) into a vector: fixed
/// elements back to back, variable ones behind offsets. `exact` is a
/// vector's length, `max` a list's limit.
pub fn decode_elements<T: Ssz>(
    bytes: &[u8],
    exact: Option<usize>,
    max: usize,
) -> Result<Vec<T>, DecodeError> {
    if T::IS_FIXED_SIZE {
        let size = T::FIXED_PART_LEN;
        if size == 0 || !bytes.len().is_multiple_of(size) {
            return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
                len: bytes.len(),
                element: size,
            }));
        }
        let count = bytes.len() / size;
        check_count(count, exact, max)?;
        let mut out = Vec::with_capacity(count);
        advise_huge_pages(&mut out);
        T::from_ssz_many(bytes, &mut out)?;
        Ok(out)
    } else {
        let mut parts = VariableElements::new(bytes, exact, max)?;
        // The count is checked against the input (4 bytes of offset each),
        // but an element can be far wider in memory than the 4 bytes an
        // empty one takes on the wire: reserve all of them when that is at
        // most RESERVE_FACTOR times the input, so that the vector never
        // grows (a growing vector holds up to three times its elements
        // while it moves), and otherwise no more than that, so that a
        // hostile count fails before it allocates.
        let cap = parts
            .count()
            .min(RESERVE_FACTOR * bytes.len() / core::mem::size_of::<T>().max(1) + 1);
        let mut out = Vec::with_capacity(cap);
        advise_huge_pages(&mut out);
        for i in 0..parts.count() {
            let part = parts.next_part()?;
            out.push(T::from_ssz(part).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// The encoded length of a sequence of elements.
#[inline]
pub fn elements_len<T: Ssz>(values: &[T]) -> usize {
    if T::IS_FIXED_SIZE {
        values.len() * T::FIXED_PART_LEN
    } else {
        variable_elements_len(values)
    }
}

/// Writes a sequence of elements.
#[inline]
pub fn write_elements<T: Ssz>(values: &[T], out: &mut [u8]) {
    if T::IS_FIXED_SIZE {
        T::ssz_write_many(values, out)
    } else {
        write_variable_elements(values, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PathSegment;

    #[test]
    fn fixed_elements_decode_after_what_is_there_and_stop_at_the_first_error() {
        let mut out = alloc::vec![true];
        decode_fixed_elements::<bool>(&[1, 0, 1], &mut out).unwrap();
        assert_eq!(out, [true, true, false, true]);
        let err = decode_fixed_elements::<bool>(&[0, 1, 1, 2, 1], &mut out).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::InvalidBool(2));
        assert_eq!(
            err.path().copied().collect::<Vec<_>>(),
            [PathSegment::Index(3)]
        );
        assert_eq!(out, [true, true, false, true, false, true, true]);
        let pairs: Vec<[u16; 2]> = {
            let mut v = Vec::new();
            decode_fixed_elements(&[1, 0, 2, 0, 3, 0, 4, 0], &mut v).unwrap();
            v
        };
        assert_eq!(pairs, [[1, 2], [3, 4]]);
    }
}
