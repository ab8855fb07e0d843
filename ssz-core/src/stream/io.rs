//! [`std::io`] adapters: a [`Write`] as a [`Sink`], a [`Read`] as a
//! [`Source`], and the entry points that take them.

use super::{read_from, write_to, Sink, Source, StreamError};
use crate::Ssz;
use std::io::{self, Read, Write};
use std::vec::Vec;

/// A [`Write`] as a [`Sink`].
#[derive(Debug, Default)]
pub struct IoSink<W>(pub W);

impl<W> IoSink<W> {
    /// `writer` as a sink.
    pub fn new(writer: W) -> Self {
        IoSink(writer)
    }

    /// The writer.
    pub fn into_inner(self) -> W {
        self.0
    }
}

impl<W: Write> Sink for IoSink<W> {
    type Error = io::Error;

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }
}

/// A [`Read`] as a [`Source`]: [`io::ErrorKind::UnexpectedEof`] is
/// [`StreamError::End`], the other errors [`StreamError::Io`].
#[derive(Debug, Default)]
pub struct IoSource<R>(pub R);

impl<R> IoSource<R> {
    /// `reader` as a source.
    pub fn new(reader: R) -> Self {
        IoSource(reader)
    }

    /// The reader.
    pub fn into_inner(self) -> R {
        self.0
    }
}

impl<R: Read> Source for IoSource<R> {
    type Error = io::Error;

    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<io::Error>> {
        self.0.read_exact(buf).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => StreamError::End,
            _ => StreamError::Io(e),
        })
    }
}

/// As an [`io::Error`]: the source's own, [`io::ErrorKind::UnexpectedEof`]
/// for an early end, [`io::ErrorKind::InvalidData`] (the decode error its
/// source) for invalid bytes.
impl From<StreamError<io::Error>> for io::Error {
    fn from(e: StreamError<io::Error>) -> Self {
        match e {
            StreamError::Io(e) => e,
            StreamError::End => io::Error::from(io::ErrorKind::UnexpectedEof),
            StreamError::Decode(e) => io::Error::new(io::ErrorKind::InvalidData, e),
        }
    }
}

/// Writes `value`'s encoding to `writer`.
///
/// ```
/// let mut out = Vec::new();
/// peam_ssz_core::stream::write(&[1u16, 2], &mut out).unwrap();
/// assert_eq!(out, [1, 0, 2, 0]);
/// ```
pub fn write<T: Ssz>(value: &T, writer: impl Write) -> io::Result<()> {
    write_to(value, &mut IoSink(writer))
}

/// Reads a `T` from exactly the next `len` bytes of `reader`, naming `T`
/// in a decode error ([`read_from`]).
///
/// ```
/// let bytes = [1u8, 0, 2, 0];
/// let value: [u16; 2] = peam_ssz_core::stream::read(&bytes[..], 4).unwrap();
/// assert_eq!(value, [1, 2]);
/// ```
pub fn read<T: Ssz>(reader: impl Read, len: usize) -> Result<T, StreamError<io::Error>> {
    read_from(&mut IoSource(reader), len)
}

/// Reads a `T` from all that `reader` holds, to its end, when the length is
/// not known before: the bytes are buffered, then decoded ([`crate::decode`],
/// which names `T` in an error). Bound the reader ([`Read::take`]) when it
/// may hold more than the type's maximum.
///
/// ```
/// let bytes = [1u8, 0, 2, 0];
/// let value: [u16; 2] = peam_ssz_core::stream::read_to_end(&bytes[..]).unwrap();
/// assert_eq!(value, [1, 2]);
/// let err = peam_ssz_core::stream::read_to_end::<[u16; 2]>(&[0u8; 5][..]).unwrap_err();
/// assert_eq!(err.to_string(), "[u16; 2]: expected 4 bytes, got 5");
/// ```
pub fn read_to_end<T: Ssz>(mut reader: impl Read) -> Result<T, StreamError<io::Error>> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(StreamError::Io)?;
    crate::decode::<T>(&bytes).map_err(StreamError::Decode)
}
