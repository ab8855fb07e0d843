//! Streaming encoding and decoding: a value written to a [`Sink`] without
//! building its whole encoding first, and read from a [`Source`] without
//! holding its whole encoding.
//!
//! [`Ssz::ssz_write_to`] and [`Ssz::ssz_read_from`] are the two methods;
//! every type has them (their defaults go through a buffer), and the big
//! shapes override them: sequences of fixed-size elements move through a
//! bounded scratch buffer ([`SCRATCH_LEN`] bytes), sequences of
//! variable-size elements read their offsets and then each element,
//! containers (`#[derive(Ssz)]`) their fixed part and then each
//! variable-size field.
//!
//! Decoding from a stream is as strict as [`Ssz::from_ssz`] and fails with
//! the same [`DecodeError`] (kind and path) on the same bytes, wrapped in
//! [`StreamError::Decode`]; a length over a list's limit or maximum is
//! refused before any element is read, and the memory it takes is what the
//! decoded value holds plus a small constant, not the declared length: a
//! sequence's `Vec` grows as its elements arrive, by doubling (its old and
//! new buffers live for a moment), never past the count and never ahead of
//! the bytes by more than they justify.
//! An SSZ encoding does not say its own length: the caller gives it (a
//! length prefix, a file's size), or [`read_to_end`] takes all that a
//! reader has.
//!
//! Without the `std` feature the traits and their impls for `Vec<u8>` (a
//! sink) and `&[u8]` (a source) remain; with it, [`IoSink`] and
//! [`IoSource`] adapt [`std::io::Write`] and [`std::io::Read`].
//!
//! # Example
//!
//! Two values written back to back and read back, each with its length
//! (a derived container streams the same way: see `peam-ssz-types`).
//!
//! ```
//! use peam_ssz_core::stream::{self, IoSource};
//! use peam_ssz_core::Ssz;
//!
//! let head: [u64; 2] = [1, 2];
//! let tail: [Option<u16>; 2] = [Some(3), None];
//!
//! // Into a `Vec` (any `std::io::Write` through `IoSink`: a file, a socket).
//! let mut out = Vec::new();
//! head.ssz_write_to(&mut out).unwrap();
//! stream::write_to(&tail, &mut out).unwrap();
//! assert_eq!(out.len(), 16 + tail.ssz_len());
//!
//! // Back from any `std::io::Read`.
//! let mut reader = IoSource::new(&out[..]);
//! let head_back: [u64; 2] = stream::read_from(&mut reader, 16).unwrap();
//! let tail_back: [Option<u16>; 2] = stream::read_from(&mut reader, out.len() - 16).unwrap();
//! assert_eq!((head_back, tail_back), (head, tail));
//!
//! // A reader that ends early, and bytes that do not decode.
//! let err = stream::read::<[u64; 2]>(&out[..10], 16).unwrap_err();
//! assert!(err.is_end());
//! let err = stream::read::<[bool; 2]>(&[1u8, 2][..], 2).unwrap_err();
//! assert_eq!(err.to_string(), "[bool; 2]: at [1]: invalid boolean byte 0x02");
//! ```
//!
//! An unbuffered file or socket takes one system call per write: wrap it in
//! a [`std::io::BufWriter`] (or [`std::io::BufReader`]) first.

mod elements;
#[cfg(feature = "std")]
mod io;

use crate::{DecodeError, Ssz};
use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

pub(crate) use elements::read_array;
pub use elements::{
    read_elements, read_fixed_elements, read_variable_elements, write_element_blocks,
    write_elements,
};
#[cfg(feature = "std")]
pub use io::{read, read_to_end, write, IoSink, IoSource};

/// Bytes of the scratch buffer through which the streaming paths move
/// fixed-size elements, and the most they read into memory ahead of
/// decoding it.
pub const SCRATCH_LEN: usize = 32 * 1024;

/// Where an encoding is written: all of the bytes, or an error.
pub trait Sink {
    /// What a failed write reports.
    type Error;

    /// Writes all of `bytes`.
    fn write_all(&mut self, bytes: &[u8]) -> Result<(), Self::Error>;
}

/// Where an encoding is read from.
pub trait Source {
    /// What a failed read reports, other than the end of the input.
    type Error;

    /// Fills all of `buf`: [`StreamError::End`] when the input ends before,
    /// [`StreamError::Io`] when reading fails. (A source never returns
    /// [`StreamError::Decode`].) After an error, what was read is
    /// unspecified.
    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<Self::Error>>;

    /// Bytes that are surely there to be read (a lower bound; 0 when not
    /// known, the default). A slice says its length: a sequence whose
    /// bytes are all there is then read into a buffer reserved once, as
    /// `from_ssz` does, rather than one that grows as they arrive.
    #[inline]
    fn available(&self) -> usize {
        0
    }
}

/// Appends.
impl Sink for Vec<u8> {
    type Error = Infallible;

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> Result<(), Infallible> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    type Error = S::Error;

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> Result<(), S::Error> {
        (**self).write_all(bytes)
    }
}

/// Reads from the front, and moves past what it read.
impl Source for &[u8] {
    type Error = Infallible;

    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<Infallible>> {
        match self.split_at_checked(buf.len()) {
            Some((head, tail)) => {
                buf.copy_from_slice(head);
                *self = tail;
                Ok(())
            }
            None => Err(StreamError::End),
        }
    }

    #[inline]
    fn available(&self) -> usize {
        self.len()
    }
}

impl<S: Source + ?Sized> Source for &mut S {
    type Error = S::Error;

    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<S::Error>> {
        (**self).read_exact(buf)
    }

    #[inline]
    fn available(&self) -> usize {
        (**self).available()
    }
}

/// Why reading a value from a [`Source`] failed: the source's own error,
/// its end before the length given, or bytes that are not a valid encoding
/// (the [`DecodeError`] that [`Ssz::from_ssz`] gives on them).
#[derive(Clone, PartialEq, Eq)]
pub enum StreamError<E> {
    /// Reading failed.
    Io(E),
    /// The source ended before the length given.
    End,
    /// The bytes are not the encoding of a value of the type.
    Decode(DecodeError),
}

impl<E> StreamError<E> {
    /// Whether the source ended early.
    pub fn is_end(&self) -> bool {
        matches!(self, StreamError::End)
    }

    /// The decode error, if the bytes were invalid.
    pub fn decode_error(&self) -> Option<&DecodeError> {
        match self {
            StreamError::Decode(e) => Some(e),
            _ => None,
        }
    }

    /// The decode error changed by `f` (a path segment added), the others
    /// as they are.
    #[inline]
    #[must_use]
    pub fn map_decode(self, f: impl FnOnce(DecodeError) -> DecodeError) -> Self {
        match self {
            StreamError::Decode(e) => StreamError::Decode(f(e)),
            other => other,
        }
    }

    /// The source's error changed by `f`.
    pub fn map_io<F>(self, f: impl FnOnce(E) -> F) -> StreamError<F> {
        match self {
            StreamError::Io(e) => StreamError::Io(f(e)),
            StreamError::End => StreamError::End,
            StreamError::Decode(e) => StreamError::Decode(e),
        }
    }
}

impl StreamError<Infallible> {
    /// The error of a source that cannot fail but may end (a slice).
    pub fn into_io<E>(self) -> StreamError<E> {
        self.map_io(|never| match never {})
    }
}

impl<E> From<DecodeError> for StreamError<E> {
    #[inline]
    fn from(e: DecodeError) -> Self {
        StreamError::Decode(e)
    }
}

impl<E: fmt::Debug> fmt::Debug for StreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Io(e) => f.debug_tuple("Io").field(e).finish(),
            StreamError::End => f.write_str("End"),
            StreamError::Decode(e) => f.debug_tuple("Decode").field(e).finish(),
        }
    }
}

impl<E: fmt::Display> fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Io(e) => write!(f, "reading failed: {e}"),
            StreamError::End => f.write_str("the input ended before the length given"),
            StreamError::Decode(e) => fmt::Display::fmt(e, f),
        }
    }
}

#[cfg(feature = "std")]
impl<E: std::error::Error + 'static> std::error::Error for StreamError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Io(e) => Some(e),
            StreamError::End => None,
            StreamError::Decode(e) => Some(e),
        }
    }
}

/// Writes `value`'s encoding to `sink`: [`Ssz::ssz_write_to`].
#[inline]
pub fn write_to<T: Ssz, S: Sink + ?Sized>(value: &T, sink: &mut S) -> Result<(), S::Error> {
    value.ssz_write_to(sink)
}

/// Reads a `T` from exactly the next `len` bytes of `source`, as
/// [`Ssz::ssz_read_from`] does, and names `T` in a decode error as
/// [`crate::decode`] does: the entry point for bytes from outside.
pub fn read_from<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    len: usize,
) -> Result<T, StreamError<S::Error>> {
    T::ssz_read_from(source, len).map_err(|e| e.map_decode(DecodeError::of_type::<T>))
}

/// `Ssz::ssz_write_to`'s default: the encoding written from a buffer on
/// the stack when it is small and fixed-size, else from one built with
/// [`Ssz::to_ssz`].
#[inline]
pub(crate) fn write_buffered<T: Ssz, S: Sink + ?Sized>(
    value: &T,
    sink: &mut S,
) -> Result<(), S::Error> {
    const STACK: usize = 256;
    if T::IS_FIXED_SIZE && T::FIXED_PART_LEN <= STACK {
        let mut buf = [0u8; STACK];
        let out = &mut buf[..T::FIXED_PART_LEN];
        value.ssz_write(out);
        sink.write_all(out)
    } else {
        sink.write_all(&value.to_ssz())
    }
}

/// Bytes a fixed-size type's default [`Ssz::ssz_read_from`] reads of a
/// length other than its own, to give the error `from_ssz` gives on them;
/// a longer one is refused unread.
const WRONG_LEN_READ: usize = 1024;

/// `Ssz::ssz_read_from`'s default: the `len` bytes read into a buffer (on
/// the stack when small and fixed-size; else a `Vec` that grows as they
/// arrive, never reserving more than [`SCRATCH_LEN`] ahead of them), then
/// [`Ssz::from_ssz`].
///
/// A fixed-size type refuses a length other than its own before reading
/// (with `from_ssz`'s error, `InvalidLength`), unless it is short enough
/// to read and hand to `from_ssz`, which then says what is wrong.
pub(crate) fn read_buffered<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    len: usize,
) -> Result<T, StreamError<S::Error>> {
    const STACK: usize = 1024;
    if T::IS_FIXED_SIZE {
        if len != T::FIXED_PART_LEN && len > T::FIXED_PART_LEN.saturating_add(WRONG_LEN_READ) {
            return Err(StreamError::Decode(DecodeError::new(
                crate::DecodeErrorKind::InvalidLength {
                    expected: T::FIXED_PART_LEN,
                    got: len,
                },
            )));
        }
        if len <= STACK {
            let mut buf = [0u8; STACK];
            let bytes = &mut buf[..len];
            source.read_exact(bytes)?;
            return T::from_ssz(bytes).map_err(StreamError::Decode);
        }
    }
    let bytes = read_bytes(source, len)?;
    T::from_ssz(&bytes).map_err(StreamError::Decode)
}

/// The next `len` bytes of `source` in a `Vec` that grows as they arrive,
/// [`SCRATCH_LEN`] bytes first and then doubling, so that a length no
/// input backs reserves little; its capacity ends at `len` exactly. The
/// body of a byte list or vector read from a stream.
pub fn read_bytes<S: Source + ?Sized>(
    source: &mut S,
    len: usize,
) -> Result<Vec<u8>, StreamError<S::Error>> {
    let mut bytes = Vec::new();
    if source.available() >= len {
        bytes.reserve_exact(len);
        crate::memory::advise_huge_pages(&mut bytes);
    }
    let mut start = 0;
    while start < len {
        let end = start + (len - start).min(SCRATCH_LEN.max(start));
        bytes.reserve_exact(end - start);
        bytes.resize(end, 0);
        source.read_exact(&mut bytes[start..end])?;
        start = end;
    }
    Ok(bytes)
}

/// Reads and drops the next `len` bytes, through a small buffer on the
/// stack.
pub fn skip<S: Source + ?Sized>(source: &mut S, len: usize) -> Result<(), StreamError<S::Error>> {
    let mut scratch = [0u8; 512];
    let mut left = len;
    while left > 0 {
        let n = left.min(scratch.len());
        source.read_exact(&mut scratch[..n])?;
        left -= n;
    }
    Ok(())
}

/// A source that counts what it reads, through a `dyn` source so that a
/// field read through it is instantiated once per error type, however
/// deep the nesting.
pub(crate) struct Counted<'a, E> {
    inner: &'a mut dyn Source<Error = E>,
    read: usize,
}

impl<'a, E> Counted<'a, E> {
    pub(crate) fn new(inner: &'a mut dyn Source<Error = E>) -> Self {
        Counted { inner, read: 0 }
    }

    /// Bytes read so far.
    pub(crate) fn read(&self) -> usize {
        self.read
    }
}

impl<E> Source for Counted<'_, E> {
    type Error = E;

    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<E>> {
        self.inner.read_exact(buf)?;
        self.read += buf.len();
        Ok(())
    }

    #[inline]
    fn available(&self) -> usize {
        self.inner.available()
    }
}

#[cfg(test)]
mod tests;
