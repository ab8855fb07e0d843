//! The body of a vector or list over a stream: the streaming twins of
//! [`crate::codec::write_elements`] and [`crate::codec::decode_elements`],
//! with the same checks in the same order.

use super::{read_bytes, Sink, Source, StreamError, SCRATCH_LEN};
use crate::codec::{check_count, read_offset, write_offset};
use crate::memory::advise_huge_pages;
use crate::{DecodeError, DecodeErrorKind, Ssz, BYTES_PER_LENGTH_OFFSET};
use alloc::vec::Vec;

/// Bytes of a buffer on the stack for a short sequence.
const STACK: usize = 256;

/// Writes a sequence of elements (a vector or list body) to `sink`:
/// fixed-size elements [`SCRATCH_LEN`] bytes at a time through
/// [`Ssz::ssz_write_many`] (each on its own, streamed, when one is wider),
/// variable-size ones as their offsets, then each element streamed.
#[inline]
pub fn write_elements<T: Ssz, S: Sink + ?Sized>(
    values: &[T],
    sink: &mut S,
) -> Result<(), S::Error> {
    write_element_blocks(values.len(), || core::iter::once(values), sink)
}

/// [`write_elements`] of a sequence held in blocks (the leaves of a
/// persistent tree): `count` elements, which each call of `blocks` yields
/// in order (it is called twice for variable-size elements: the offsets,
/// then the elements). Fixed-size elements of consecutive blocks share
/// the scratch buffer.
pub fn write_element_blocks<'a, T, I, S>(
    count: usize,
    blocks: impl Fn() -> I,
    sink: &mut S,
) -> Result<(), S::Error>
where
    T: Ssz + 'a,
    I: Iterator<Item = &'a [T]>,
    S: Sink + ?Sized,
{
    let (size, per) = if T::IS_FIXED_SIZE {
        (T::FIXED_PART_LEN, SCRATCH_LEN / T::FIXED_PART_LEN.max(1))
    } else {
        (
            BYTES_PER_LENGTH_OFFSET,
            SCRATCH_LEN / BYTES_PER_LENGTH_OFFSET,
        )
    };
    if count == 0 || size == 0 {
        return Ok(());
    }
    if T::IS_FIXED_SIZE && size > SCRATCH_LEN / 2 {
        for value in blocks().flatten() {
            value.ssz_write_to(sink)?;
        }
        return Ok(());
    }
    let total = count.min(per) * size;
    let mut stack = [0u8; STACK];
    let mut heap = Vec::new();
    let buf: &mut [u8] = if total <= STACK {
        &mut stack[..total]
    } else {
        heap.resize(total, 0);
        &mut heap
    };
    let mut used = 0;
    if T::IS_FIXED_SIZE {
        for block in blocks() {
            for chunk in block.chunks(per) {
                let n = chunk.len() * size;
                if used + n > buf.len() {
                    sink.write_all(&buf[..used])?;
                    used = 0;
                }
                T::ssz_write_many(chunk, &mut buf[used..used + n]);
                used += n;
            }
        }
        return sink.write_all(&buf[..used]);
    }
    let mut offset = count * BYTES_PER_LENGTH_OFFSET;
    for value in blocks().flatten() {
        if used == buf.len() {
            sink.write_all(buf)?;
            used = 0;
        }
        write_offset(buf, used, offset);
        used += BYTES_PER_LENGTH_OFFSET;
        offset += value.ssz_len();
    }
    sink.write_all(&buf[..used])?;
    for value in blocks().flatten() {
        value.ssz_write_to(sink)?;
    }
    Ok(())
}

/// Reads `count` fixed-size elements from `source` and appends them to
/// `out`: [`SCRATCH_LEN`] bytes at a time decoded with
/// [`Ssz::from_ssz_many`] (each on its own, streamed, when one is wider).
/// `out` grows as the elements arrive, by doubling but never past the
/// `count` asked for; when the source says that all their bytes are there
/// ([`Source::available`]), it is reserved once for all of them. An error names the element's index counted from the
/// first of this call; `out` keeps the values decoded before it.
///
/// Only for fixed-size types, whose count the caller has checked.
pub fn read_fixed_elements<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    count: usize,
    out: &mut Vec<T>,
) -> Result<(), StreamError<S::Error>> {
    let size = T::FIXED_PART_LEN;
    if source.available() / size.max(1) >= count {
        out.reserve_exact(count);
        advise_huge_pages(out);
    }
    if size > SCRATCH_LEN / 2 {
        for i in 0..count {
            grow(out, 1, count - i);
            let value =
                T::ssz_read_from(source, size).map_err(|e| e.map_decode(|e| e.at_index(i)))?;
            out.push(value);
        }
        return Ok(());
    }
    let per = SCRATCH_LEN / size.max(1);
    let mut stack = [0u8; STACK];
    let mut heap = Vec::new();
    let total = count.min(per) * size;
    let buf: &mut [u8] = if total <= STACK {
        &mut stack[..total]
    } else {
        heap.resize(total, 0);
        &mut heap
    };
    let mut done = 0;
    while done < count {
        let n = (count - done).min(per);
        let bytes = &mut buf[..n * size];
        source.read_exact(bytes)?;
        grow(out, n, count - done);
        T::from_ssz_many(bytes, out).map_err(|e| StreamError::Decode(e.shift_index(done)))?;
        done += n;
    }
    Ok(())
}

/// Makes room for `n` more values in `out`, doubling what this call has
/// added so far but never reserving past the `left` values still to come.
#[inline]
fn grow<T>(out: &mut Vec<T>, n: usize, left: usize) {
    if out.capacity() - out.len() < n {
        out.reserve_exact(out.len().max(n).min(left));
    }
}

/// [`crate::codec::decode_elements`] over a stream: the elements of a
/// vector or list body of `len` bytes, read from `source`, with the same
/// checks in the same order and the same errors. `exact` is a vector's
/// length, `max` a list's limit.
///
/// `check` is the collection's own check of its input before the
/// elements', given `len` and the first bytes: the first offset's 4 when
/// the elements are variable-size and `len` is at least 4, none otherwise
/// (the first offset is read before it is called, and nothing else).
///
/// Fixed-size elements: the length is checked to be a multiple of the
/// element's and the count against `exact` and `max`, before anything is
/// read; then the elements are read [`SCRATCH_LEN`] bytes at a time
/// ([`read_fixed_elements`]). Variable-size ones: the first offset is read
/// and checked, then the rest of the offsets, then each element is read in
/// turn with its length ([`Ssz::ssz_read_from`]), its end offset checked
/// just before, as the slice decoder does.
pub fn read_elements<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    len: usize,
    exact: Option<usize>,
    max: usize,
    check: impl FnOnce(usize, &[u8]) -> Result<(), DecodeError>,
) -> Result<Vec<T>, StreamError<S::Error>> {
    if T::IS_FIXED_SIZE {
        check(len, &[])?;
        let size = T::FIXED_PART_LEN;
        if size == 0 || !len.is_multiple_of(size) {
            return Err(StreamError::Decode(DecodeError::new(
                DecodeErrorKind::NotMultipleOfElement { len, element: size },
            )));
        }
        let count = len / size;
        check_count(count, exact, max)?;
        let mut out = Vec::new();
        read_fixed_elements(source, count, &mut out)?;
        Ok(out)
    } else {
        read_variable_elements(source, len, exact, max, check)
    }
}

/// The variable-size half of [`read_elements`].
pub fn read_variable_elements<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    len: usize,
    exact: Option<usize>,
    max: usize,
    check: impl FnOnce(usize, &[u8]) -> Result<(), DecodeError>,
) -> Result<Vec<T>, StreamError<S::Error>> {
    let mut head = [0u8; BYTES_PER_LENGTH_OFFSET];
    if len >= BYTES_PER_LENGTH_OFFSET {
        source.read_exact(&mut head)?;
        check(len, &head)?;
    } else {
        check(len, &[])?;
    }
    // `VariableElements::new`, on the first offset alone.
    if len == 0 {
        if let Some(n) = exact.filter(|&n| n != 0) {
            return Err(StreamError::Decode(DecodeError::new(
                DecodeErrorKind::WrongElementCount {
                    expected: n,
                    got: 0,
                },
            )));
        }
        return Ok(Vec::new());
    }
    if len < BYTES_PER_LENGTH_OFFSET {
        return Err(StreamError::Decode(DecodeError::new(
            DecodeErrorKind::TooShort {
                min: BYTES_PER_LENGTH_OFFSET,
                got: len,
            },
        )));
    }
    let first = read_offset(&head, 0);
    if first == 0 || !first.is_multiple_of(BYTES_PER_LENGTH_OFFSET) || first > len {
        return Err(StreamError::Decode(DecodeError::new(
            DecodeErrorKind::InvalidListOffset { offset: first },
        )));
    }
    let count = first / BYTES_PER_LENGTH_OFFSET;
    check_count(count, exact, max)?;
    // The other offsets: bytes that arrived, the count's backing.
    let table = read_bytes(source, first - BYTES_PER_LENGTH_OFFSET)?;
    // As `decode_elements`: all the elements reserved when that is at most
    // eight times the bytes read so far, else no more than that.
    let cap = count.min(8 * first / core::mem::size_of::<T>().max(1) + 1);
    let mut out = Vec::with_capacity(cap);
    advise_huge_pages(&mut out);
    let mut start = first;
    for i in 0..count {
        let end = if i + 1 < count {
            // `VariableElements::next_part`.
            let end = read_offset(&table, i * BYTES_PER_LENGTH_OFFSET);
            if end > len {
                return Err(StreamError::Decode(
                    DecodeError::new(DecodeErrorKind::OffsetOutOfBounds { offset: end, len })
                        .at_index(i + 1),
                ));
            }
            if end < start {
                return Err(StreamError::Decode(
                    DecodeError::new(DecodeErrorKind::OffsetsDecreasing {
                        previous: start,
                        offset: end,
                    })
                    .at_index(i + 1),
                ));
            }
            end
        } else {
            len
        };
        let value =
            T::ssz_read_from(source, end - start).map_err(|e| e.map_decode(|e| e.at_index(i)))?;
        out.push(value);
        start = end;
    }
    Ok(out)
}

/// `[T; N]` read from a stream, as `from_ssz` of an array decodes it.
pub(crate) fn read_array<T: Ssz, S: Source + ?Sized, const N: usize>(
    source: &mut S,
    len: usize,
) -> Result<[T; N], StreamError<S::Error>> {
    if N == 0 {
        return Err(StreamError::Decode(DecodeError::new(
            DecodeErrorKind::ZeroLengthVector,
        )));
    }
    let values: Vec<T> = if T::IS_FIXED_SIZE {
        let expected = T::FIXED_PART_LEN * N;
        if len != expected {
            return Err(StreamError::Decode(DecodeError::new(
                DecodeErrorKind::InvalidLength { expected, got: len },
            )));
        }
        let mut out = Vec::new();
        read_fixed_elements(source, N, &mut out)?;
        out
    } else {
        read_variable_elements(source, len, Some(N), N, |_, _| Ok(()))?
    };
    // The count is `N` (checked above), so the conversion takes the
    // values; the error arm keeps it free of a panic.
    values.try_into().map_err(|v: Vec<T>| {
        StreamError::Decode(DecodeError::new(DecodeErrorKind::WrongElementCount {
            expected: N,
            got: v.len(),
        }))
    })
}
