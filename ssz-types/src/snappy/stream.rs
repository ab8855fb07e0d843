//! req/resp `ssz_snappy` messages over a stream ([`crate::stream`]): one
//! read from a [`Source`] (or [`std::io::Read`]) with the same bounds and
//! errors as [`decode_req_resp_prefix`](super::decode_req_resp_prefix),
//! one written to a [`Sink`] (or [`std::io::Write`]) chunk by chunk
//! without the whole SSZ encoding in memory.

use alloc::vec::Vec;
use core::fmt;

use super::error::WireError;
use super::wire::{self, chunk_header, Frames, STREAM_IDENTIFIER};
use super::{bounds_of, check_encoded_len, max_compressed_len, MAX_CHUNK_DATA_LEN};
use crate::stream::{IoSink, IoSource, Sink, Source, StreamError};
use crate::{DecodeError, Ssz};

/// Bytes of a chunk header (type, 24-bit length).
const CHUNK_HEADER_LEN: usize = 4;
/// The most bytes of a varint of a `u64`.
const MAX_VARINT_LEN: usize = 10;

/// Why reading or writing an `ssz_snappy` message over a stream failed.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnappyStreamError<E> {
    /// The source or sink failed.
    Io(E),
    /// The source ended inside the message.
    End,
    /// The length prefix or the snappy frames are malformed or out of
    /// bounds (or, writing, the value is longer than the bound).
    Wire(WireError),
    /// The bytes decompressed to the declared length, but they are not the
    /// SSZ encoding of a value of the type.
    Ssz(DecodeError),
}

impl<E> SnappyStreamError<E> {
    /// Whether the source ended inside the message.
    pub fn is_end(&self) -> bool {
        matches!(self, SnappyStreamError::End)
    }
}

impl<E> From<StreamError<E>> for SnappyStreamError<E> {
    fn from(e: StreamError<E>) -> Self {
        match e {
            StreamError::Io(e) => SnappyStreamError::Io(e),
            StreamError::End => SnappyStreamError::End,
            StreamError::Decode(e) => SnappyStreamError::Ssz(e),
        }
    }
}

impl<E> From<WireError> for SnappyStreamError<E> {
    fn from(e: WireError) -> Self {
        SnappyStreamError::Wire(e)
    }
}

impl<E: fmt::Debug> fmt::Debug for SnappyStreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnappyStreamError::Io(e) => f.debug_tuple("Io").field(e).finish(),
            SnappyStreamError::End => f.write_str("End"),
            SnappyStreamError::Wire(e) => f.debug_tuple("Wire").field(e).finish(),
            SnappyStreamError::Ssz(e) => f.debug_tuple("Ssz").field(e).finish(),
        }
    }
}

impl<E: fmt::Display> fmt::Display for SnappyStreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnappyStreamError::Io(e) => write!(f, "ssz_snappy: reading or writing failed: {e}"),
            SnappyStreamError::End => f.write_str("ssz_snappy: the input ended inside the message"),
            SnappyStreamError::Wire(e) => fmt::Display::fmt(e, f),
            SnappyStreamError::Ssz(e) => write!(f, "ssz_snappy payload: {e}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for SnappyStreamError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SnappyStreamError::Io(e) => Some(e),
            SnappyStreamError::End => None,
            SnappyStreamError::Wire(e) => Some(e),
            SnappyStreamError::Ssz(e) => Some(e),
        }
    }
}

/// Reads one req/resp message from `source` as a `T` of at most `max` SSZ
/// bytes: the varint length prefix, checked against the type's bounds
/// (exactly its length if it is fixed-size, else `0..=max`) before any
/// frame is read; then the frames, each chunk checked as
/// [`decode_req_resp_prefix`](super::decode_req_resp_prefix) checks it,
/// up to the chunk that completes the declared length (whatever follows,
/// the next response chunk, is left unread); then the SSZ decoded, `T`
/// named in its error.
///
/// The payload grows with the chunks decoded, never past the declared
/// length, and no chunk is read past `max_compressed_len` of it. Two
/// checks of the slice reader need the whole input and are not made: that
/// nothing follows the message, and that the declared length is not more
/// than the input could decompress to (a stream ends when its bytes do).
pub fn read_req_resp_from<T: Ssz, S: Source + ?Sized>(
    source: &mut S,
    max: usize,
) -> Result<T, SnappyStreamError<S::Error>> {
    let (declared, prefix_len) = read_prefix(source)?;
    let n = bounds_of::<T>(max).check(declared, 0)?;
    let budget = max_compressed_len(n);
    let mut out = Vec::new();
    let mut frames = Frames::new(n);
    let mut body = Vec::new();
    let mut pos = 0;
    while out.len() < n {
        let mut header = [0u8; CHUNK_HEADER_LEN];
        source.read_exact(&mut header)?;
        let (chunk_type, len) = chunk_header(&header, prefix_len + pos, pos, budget)?;
        body.clear();
        body.resize(len, 0);
        source.read_exact(&mut body)?;
        frames.chunk(chunk_type, &body, prefix_len + pos, &mut out)?;
        pos += CHUNK_HEADER_LEN + len;
    }
    drop(body);
    crate::decode::<T>(&out).map_err(SnappyStreamError::Ssz)
}

/// The varint length prefix, read a byte at a time, and its length.
fn read_prefix<S: Source + ?Sized>(
    source: &mut S,
) -> Result<(u64, usize), SnappyStreamError<S::Error>> {
    let mut bytes = [0u8; MAX_VARINT_LEN];
    for i in 0..MAX_VARINT_LEN {
        source.read_exact(&mut bytes[i..=i])?;
        if bytes[i] & 0x80 == 0 {
            return Ok(wire::read_varint(&bytes[..=i])?);
        }
    }
    Ok(wire::read_varint(&bytes)?)
}

/// [`read_req_resp_from`] of a [`std::io::Read`].
pub fn read_req_resp<T: Ssz>(
    reader: impl std::io::Read,
    max: usize,
) -> Result<T, SnappyStreamError<std::io::Error>> {
    read_req_resp_from(&mut IoSource::new(reader), max)
}

/// Writes `value` to `sink` as a req/resp message, as
/// [`encode_req_resp`](super::encode_req_resp) encodes it (the same bytes):
/// the varint of its SSZ length, then its snappy frames, each chunk
/// compressed as the value's encoding ([`Ssz::ssz_write_to`]) fills it, so
/// that at most one chunk of SSZ bytes (64 KiB) and its compressed form are
/// held. Refuses a value of more than `max` SSZ bytes before writing.
pub fn write_req_resp_to<T: Ssz, S: Sink + ?Sized>(
    value: &T,
    max: usize,
    sink: &mut S,
) -> Result<(), SnappyStreamError<S::Error>> {
    let len = check_encoded_len(value, max)?;
    let mut head = Vec::new();
    wire::write_varint(len as u64, &mut head);
    if len > 0 {
        head.extend_from_slice(&STREAM_IDENTIFIER);
    }
    sink.write_all(&head).map_err(SnappyStreamError::Io)?;
    let mut frames = FrameSink {
        sink,
        encoder: snap::raw::Encoder::new(),
        data: Vec::new(),
        out: Vec::new(),
    };
    value
        .ssz_write_to(&mut frames)
        .map_err(SnappyStreamError::Io)?;
    frames.flush().map_err(SnappyStreamError::Io)
}

/// [`write_req_resp_to`] of a [`std::io::Write`].
pub fn write_req_resp<T: Ssz>(
    value: &T,
    max: usize,
    writer: impl std::io::Write,
) -> Result<(), SnappyStreamError<std::io::Error>> {
    write_req_resp_to(value, max, &mut IoSink::new(writer))
}

/// A sink that gathers SSZ bytes into chunks of 65536 and writes each as a
/// data chunk of the framing format.
struct FrameSink<'a, S: ?Sized> {
    sink: &'a mut S,
    encoder: snap::raw::Encoder,
    data: Vec<u8>,
    out: Vec<u8>,
}

impl<S: Sink + ?Sized> FrameSink<'_, S> {
    fn flush(&mut self) -> Result<(), S::Error> {
        if self.data.is_empty() {
            return Ok(());
        }
        self.out.clear();
        wire::compress_chunk(&mut self.encoder, &self.data, &mut self.out);
        self.data.clear();
        self.sink.write_all(&self.out)
    }
}

impl<S: Sink + ?Sized> Sink for FrameSink<'_, S> {
    type Error = S::Error;

    fn write_all(&mut self, mut bytes: &[u8]) -> Result<(), S::Error> {
        while !bytes.is_empty() {
            let room = MAX_CHUNK_DATA_LEN - self.data.len();
            let (now, rest) = bytes.split_at(room.min(bytes.len()));
            self.data.extend_from_slice(now);
            bytes = rest;
            if self.data.len() == MAX_CHUNK_DATA_LEN {
                self.flush()?;
            }
        }
        Ok(())
    }
}
