//! A union over a stream ([`crate::stream`]): the selector byte, then the
//! value streamed, with the checks of the slice decoder in its order.
//! What `Option<T>` and `#[derive(Ssz)]` on an enum call, one call per
//! variant.

use crate::stream::{Sink, Source, StreamError};
use crate::{DecodeError, DecodeErrorKind, Ssz};

/// Writes a union's selector byte.
#[inline]
pub fn write_selector<S: Sink + ?Sized>(sink: &mut S, selector: u8) -> Result<(), S::Error> {
    sink.write_all(&[selector])
}

/// Reads the selector of a union of `len` bytes, and the length of its
/// value: `MissingSelector` when `len` is 0, before anything is read.
#[inline]
pub fn read_selector<S: Source + ?Sized>(
    source: &mut S,
    len: usize,
) -> Result<(u8, usize), StreamError<S::Error>> {
    if len == 0 {
        return Err(StreamError::Decode(DecodeError::new(
            DecodeErrorKind::MissingSelector,
        )));
    }
    let mut selector = [0u8];
    source.read_exact(&mut selector)?;
    Ok((selector[0], len - 1))
}

/// The `None` option (selector 0): nothing may follow the selector.
#[inline]
pub fn read_none<E>(len: usize) -> Result<(), StreamError<E>> {
    if len != 0 {
        return Err(StreamError::Decode(DecodeError::new(
            DecodeErrorKind::NonePayload,
        )));
    }
    Ok(())
}

/// The value of the variant of `selector`, `len` bytes, its error inside
/// the selector.
#[inline]
pub fn read_variant<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    len: usize,
    selector: u8,
) -> Result<T, StreamError<S::Error>> {
    T::ssz_read_from(source, len).map_err(|e| e.map_decode(|e| e.in_selector(selector)))
}

/// A selector no variant has.
#[cold]
pub fn invalid_selector<T, E>(selector: u8) -> Result<T, StreamError<E>> {
    Err(StreamError::Decode(DecodeError::new(
        DecodeErrorKind::InvalidSelector(selector),
    )))
}
