//! Bitfields over a stream ([`crate::stream`]): a bitlist written from its
//! buffer without a copy of its encoding, and one too long for its bound
//! refused without holding its bytes.

use super::buf::{delimited_len, BitBuf};
use crate::stream::{skip, Sink, Source, StreamError};
use crate::{DecodeError, DecodeErrorKind};
use alloc::vec::Vec;

/// The bits, then the delimiter: the last byte of the bits with the
/// delimiter bit set, or a byte of its own after a whole number of bytes.
pub(super) fn write_bits<S: Sink + ?Sized>(bits: &BitBuf, sink: &mut S) -> Result<(), S::Error> {
    let bytes = bits.as_bytes();
    let len = bits.len();
    let delimiter = 1u8 << (len % 8);
    match bytes.split_last() {
        Some((last, rest)) if !len.is_multiple_of(8) => {
            sink.write_all(rest)?;
            sink.write_all(&[last | delimiter])
        }
        _ => {
            sink.write_all(bytes)?;
            sink.write_all(&[delimiter])
        }
    }
}

/// The `len` bytes of a bitlist of at most `max` bits, for `from_ssz` to
/// decode. An encoding longer than any of at most `max` bits fails with
/// the error `from_ssz` gives it (`over_maximum(bits, max)`, or no
/// delimiter), which depends on its last byte alone: the bytes before it
/// are read and dropped, not held.
pub(super) fn read_bits<S: Source + ?Sized>(
    source: &mut S,
    len: usize,
    max: usize,
    over_maximum: fn(usize, usize) -> DecodeErrorKind,
) -> Result<Vec<u8>, StreamError<S::Error>> {
    if len > 1 && (len - 1).saturating_mul(8) > max {
        skip(source, len - 1)?;
        let mut last = [0u8];
        source.read_exact(&mut last)?;
        let kind = match delimited_len(len - 1, last[0]) {
            None => DecodeErrorKind::BitlistNoDelimiter,
            Some(bits) => over_maximum(bits, max),
        };
        return Err(StreamError::Decode(DecodeError::new(kind)));
    }
    crate::stream::read_bytes(source, len)
}
