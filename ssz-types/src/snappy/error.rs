//! The errors of `ssz_snappy`: what was wrong with the wire bytes, and at
//! which byte, or why the decompressed SSZ did not decode.

use core::fmt;

use crate::DecodeError;

/// Why an `ssz_snappy` message was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnappyError {
    /// The length prefix, the snappy frames or the snappy block are
    /// malformed or out of bounds; nothing was decoded as SSZ.
    Wire(WireError),
    /// The bytes decompressed to exactly the declared length, but they are
    /// not the SSZ encoding of a value of the type.
    Ssz(DecodeError),
}

impl SnappyError {
    /// The wire error, if the message failed before its SSZ was decoded.
    pub fn wire(&self) -> Option<&WireError> {
        match self {
            SnappyError::Wire(e) => Some(e),
            SnappyError::Ssz(_) => None,
        }
    }

    /// The wire error's kind, if the message failed before its SSZ was
    /// decoded.
    pub fn wire_kind(&self) -> Option<&WireErrorKind> {
        self.wire().map(WireError::kind)
    }
}

impl From<WireError> for SnappyError {
    fn from(e: WireError) -> Self {
        SnappyError::Wire(e)
    }
}

impl From<DecodeError> for SnappyError {
    fn from(e: DecodeError) -> Self {
        SnappyError::Ssz(e)
    }
}

impl fmt::Display for SnappyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnappyError::Wire(e) => fmt::Display::fmt(e, f),
            SnappyError::Ssz(e) => write!(f, "ssz_snappy payload: {e}"),
        }
    }
}

impl std::error::Error for SnappyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SnappyError::Wire(e) => Some(e),
            SnappyError::Ssz(e) => Some(e),
        }
    }
}

/// A malformed or out-of-bounds `ssz_snappy` message: what, and the offset
/// in the input (from the first byte given to the decoding function) of the
/// varint, chunk or block where it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WireError {
    offset: usize,
    kind: WireErrorKind,
}

impl WireError {
    /// An error of `kind` at byte `offset` of the input.
    pub const fn new(offset: usize, kind: WireErrorKind) -> Self {
        WireError { offset, kind }
    }

    /// The offset of the varint, chunk or block that failed.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// What failed.
    pub const fn kind(&self) -> &WireErrorKind {
        &self.kind
    }
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ssz_snappy: at byte {}: {}", self.offset, self.kind)
    }
}

impl std::error::Error for WireError {}

/// What was wrong with an `ssz_snappy` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WireErrorKind {
    /// The input ends inside the varint length prefix (or is empty).
    LengthPrefixTruncated,
    /// The varint length prefix has more than 10 bytes (phase0
    /// p2p-interface.md, "SSZ-snappy encoding strategy").
    LengthPrefixTooLong,
    /// The 10-byte varint length prefix holds a value past `u64::MAX`.
    LengthPrefixOverflow,
    /// The varint length prefix has redundant bytes (a last byte of zero):
    /// its value has a shorter encoding.
    LengthPrefixNotMinimal,
    /// The declared (or, when encoding, the actual) SSZ length is outside
    /// the bounds: the caller's maximum, or the one length of a fixed-size
    /// type.
    LengthOutOfBounds {
        /// The length declared by the length prefix or the snappy block
        /// header.
        declared: u64,
        /// The smallest length allowed.
        min: usize,
        /// The largest length allowed.
        max: usize,
    },
    /// More compressed bytes than `max_compressed_len` of the declared
    /// length: the reader must not read past it (phase0 p2p-interface.md).
    CompressedTooLong {
        /// The compressed bytes given (or needed by the chunk that failed).
        len: usize,
        /// `max_compressed_len(declared)`.
        max: usize,
    },
    /// The declared length is more than the compressed bytes can produce
    /// (snappy expands 3 bytes into at most 64): no allocation is made for
    /// it.
    LengthUnreachable {
        /// The declared length.
        declared: u64,
        /// The compressed bytes given.
        compressed: usize,
    },
    /// The frames do not start with the stream identifier chunk.
    MissingStreamIdentifier {
        /// The type of the first chunk.
        chunk_type: u8,
    },
    /// A stream identifier chunk whose body is not `sNaPpY`.
    BadStreamIdentifier,
    /// The input ends inside a chunk header or body.
    ChunkTruncated {
        /// The bytes the chunk needs from its offset.
        needed: usize,
        /// The bytes left.
        available: usize,
    },
    /// A chunk longer than 76490 bytes, `max_compress_len(65536)`: more
    /// than any snappy encoder writes for one chunk's data, and refused by
    /// the reference readers (Go's and Rust's `snap`) whatever its type.
    ChunkTooLong {
        /// The chunk's length field.
        len: usize,
    },
    /// A chunk type reserved as unskippable (0x02 to 0x7f): a decoder must
    /// refuse it (framing_format.txt, section 4.5).
    ReservedChunk {
        /// The chunk type.
        chunk_type: u8,
    },
    /// A data chunk too short to hold its checksum (framing_format.txt,
    /// sections 4.2 and 4.3).
    BadChunkLength {
        /// The chunk's length field.
        len: usize,
    },
    /// A data chunk of more than 65536 uncompressed bytes
    /// (framing_format.txt, sections 4.2 and 4.3).
    ChunkDataTooLong {
        /// The chunk's uncompressed length.
        len: usize,
    },
    /// A data chunk would take the payload past its declared length.
    Overrun {
        /// The uncompressed bytes before the chunk.
        produced: usize,
        /// The uncompressed bytes of the chunk.
        chunk: usize,
        /// The declared length.
        declared: usize,
    },
    /// The input ends before the declared length of SSZ bytes was produced.
    PayloadTruncated {
        /// The uncompressed bytes produced.
        produced: usize,
        /// The declared length.
        declared: usize,
    },
    /// A data chunk's masked CRC-32C does not match its uncompressed bytes.
    Checksum {
        /// The checksum the chunk carries.
        expected: u32,
        /// The checksum of the bytes.
        actual: u32,
    },
    /// A snappy block (a compressed chunk's body, or the gossip message)
    /// that does not decompress.
    Block(BlockFault),
    /// Bytes after the message: after the `declared` SSZ bytes were
    /// produced, the input goes on.
    TrailingBytes {
        /// The bytes left over.
        len: usize,
    },
}

/// Why a snappy block (format_description.txt) does not decompress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BlockFault {
    /// No bytes at all.
    Empty,
    /// The varint of the uncompressed length is malformed or past 2^32 - 1.
    Header,
    /// A literal runs past the end of the input or of the declared length.
    Literal,
    /// A copy tag is cut short by the end of the input.
    CopyTruncated,
    /// A copy writes past the declared length.
    CopyOverrun,
    /// A copy's offset is zero or reaches before the start of the output.
    CopyOffset,
    /// The block produced another number of bytes than its header declares.
    LengthMismatch {
        /// The header's length.
        declared: u64,
        /// The bytes produced.
        produced: u64,
    },
}

impl BlockFault {
    pub(crate) fn from_snap(e: &snap::Error) -> Self {
        match *e {
            snap::Error::Empty => BlockFault::Empty,
            snap::Error::Literal { .. } => BlockFault::Literal,
            snap::Error::CopyRead { .. } => BlockFault::CopyTruncated,
            snap::Error::CopyWrite { .. } => BlockFault::CopyOverrun,
            snap::Error::Offset { .. } => BlockFault::CopyOffset,
            snap::Error::HeaderMismatch {
                expected_len,
                got_len,
            } => BlockFault::LengthMismatch {
                declared: expected_len,
                produced: got_len,
            },
            // `Header`, `TooBig`; the frame and buffer errors do not come
            // out of the raw decoder given a buffer of the header's length.
            _ => BlockFault::Header,
        }
    }
}

impl fmt::Display for BlockFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BlockFault::Empty => f.write_str("empty snappy block"),
            BlockFault::Header => f.write_str("invalid snappy block header"),
            BlockFault::Literal => f.write_str("snappy literal runs past the end"),
            BlockFault::CopyTruncated => f.write_str("snappy copy tag cut short"),
            BlockFault::CopyOverrun => f.write_str("snappy copy past the declared length"),
            BlockFault::CopyOffset => f.write_str("snappy copy offset out of range"),
            BlockFault::LengthMismatch { declared, produced } => write!(
                f,
                "snappy block declares {declared} bytes but produces {produced}"
            ),
        }
    }
}

impl fmt::Display for WireErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WireErrorKind::*;
        match *self {
            LengthPrefixTruncated => f.write_str("input ends inside the varint length prefix"),
            LengthPrefixTooLong => f.write_str("varint length prefix longer than 10 bytes"),
            LengthPrefixOverflow => f.write_str("varint length prefix overflows u64"),
            LengthPrefixNotMinimal => f.write_str("varint length prefix is not minimally encoded"),
            LengthOutOfBounds { declared, min, max } => {
                if min == max {
                    write!(f, "SSZ length {declared}, the type takes exactly {min}")
                } else {
                    write!(f, "SSZ length {declared} outside the bounds {min}..={max}")
                }
            }
            CompressedTooLong { len, max } => write!(
                f,
                "{len} compressed bytes exceed max_compressed_len of the declared length ({max})"
            ),
            LengthUnreachable {
                declared,
                compressed,
            } => write!(
                f,
                "declared length {declared} cannot come out of {compressed} compressed bytes"
            ),
            MissingStreamIdentifier { chunk_type } => write!(
                f,
                "frames start with a chunk of type {chunk_type:#04x}, not the stream identifier"
            ),
            BadStreamIdentifier => f.write_str("stream identifier chunk is not \"sNaPpY\""),
            ChunkTruncated { needed, available } => {
                write!(f, "chunk needs {needed} bytes, {available} left")
            }
            ChunkTooLong { len } => write!(f, "chunk of {len} bytes, more than 76490"),
            ReservedChunk { chunk_type } => {
                write!(f, "reserved unskippable chunk type {chunk_type:#04x}")
            }
            BadChunkLength { len } => {
                write!(f, "data chunk of length {len} has no room for its checksum")
            }
            ChunkDataTooLong { len } => {
                write!(f, "data chunk of {len} uncompressed bytes, more than 65536")
            }
            Overrun {
                produced,
                chunk,
                declared,
            } => write!(
                f,
                "chunk of {chunk} bytes after {produced} goes past the declared length {declared}"
            ),
            PayloadTruncated { produced, declared } => write!(
                f,
                "input ends after {produced} of the declared {declared} SSZ bytes"
            ),
            Checksum { expected, actual } => write!(
                f,
                "chunk checksum {expected:#010x}, the data's is {actual:#010x}"
            ),
            Block(fault) => fmt::Display::fmt(&fault, f),
            TrailingBytes { len } => write!(f, "{len} bytes after the end of the message"),
        }
    }
}
