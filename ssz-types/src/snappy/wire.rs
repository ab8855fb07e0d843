//! The byte-level formats: the protobuf varint length prefix, the snappy
//! framing format (google/snappy framing_format.txt) and the snappy block
//! format (format_description.txt), each with the bounds of phase0
//! p2p-interface.md checked before and while decompressing.
//!
//! The block bodies are compressed and decompressed by `snap::raw`; the
//! framing, its checksums, the varint and every bound are here, so that
//! no byte is decompressed before the declared length has been checked and
//! none past it is ever produced.

use alloc::vec::Vec;

use super::crc32c::masked_crc32c;
use super::error::{BlockFault, WireError, WireErrorKind};
use super::{max_compressed_len, MAX_CHUNK_DATA_LEN};

/// The stream identifier chunk: type 0xff, length 6, `sNaPpY`
/// (framing_format.txt, section 4.1).
pub(crate) const STREAM_IDENTIFIER: [u8; 10] = *b"\xff\x06\x00\x00sNaPpY";

const CHUNK_COMPRESSED: u8 = 0x00;
const CHUNK_UNCOMPRESSED: u8 = 0x01;
const CHUNK_STREAM_IDENTIFIER: u8 = 0xff;
/// Chunk type byte and 24-bit little-endian length.
const CHUNK_HEADER_LEN: usize = 4;
/// The masked CRC-32C at the start of a data chunk's body.
const CHECKSUM_LEN: usize = 4;
/// The longest chunk a reader takes: `max_compress_len(65536)`, the
/// limit of the Go and Rust snappy frame readers.
const MAX_CHUNK_LEN: usize = 76490;
/// The most bytes a varint of a `u64` takes.
const MAX_VARINT_LEN: usize = 10;
/// Snappy turns 3 bytes at best (a 2-byte-offset copy of 64 bytes) into
/// 64, literals into fewer bytes than they take: no input of `c` bytes
/// produces more than `22 * c`. A declared length past that is refused
/// before anything is allocated for it.
const MAX_EXPANSION: u64 = 22;

/// The bounds a declared SSZ length must lie in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    pub(crate) min: usize,
    pub(crate) max: usize,
}

impl Bounds {
    pub(crate) fn check(self, declared: u64, offset: usize) -> Result<usize, WireError> {
        match usize::try_from(declared) {
            Ok(n) if n >= self.min && n <= self.max => Ok(n),
            _ => Err(WireError::new(
                offset,
                WireErrorKind::LengthOutOfBounds {
                    declared,
                    min: self.min,
                    max: self.max,
                },
            )),
        }
    }
}

/// Appends the protobuf varint of `value`: 7 bits a byte, least
/// significant first, the high bit set on every byte but the last.
pub(crate) fn write_varint(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads the varint at the start of `bytes`: its value and its length.
///
/// Refused (phase0 p2p-interface.md, "SSZ-snappy encoding strategy"): more
/// than 10 bytes, a value past `u64::MAX`, and a non-minimal encoding (a
/// last byte of zero after the first). The spec says a prefix SHOULD be
/// minimal; a redundant byte only serves to hide a longer prefix, so a
/// strict reader refuses it.
pub(crate) fn read_varint(bytes: &[u8]) -> Result<(u64, usize), WireError> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(MAX_VARINT_LEN) {
        let payload = u64::from(byte & 0x7f);
        if i == MAX_VARINT_LEN - 1 {
            // The tenth byte holds bit 63 only.
            if byte & 0x80 != 0 {
                return Err(WireError::new(0, WireErrorKind::LengthPrefixTooLong));
            }
            if payload > 1 {
                return Err(WireError::new(0, WireErrorKind::LengthPrefixOverflow));
            }
        }
        value |= payload << (7 * i);
        if byte & 0x80 == 0 {
            if byte == 0 && i > 0 {
                return Err(WireError::new(0, WireErrorKind::LengthPrefixNotMinimal));
            }
            return Ok((value, i + 1));
        }
    }
    Err(WireError::new(0, WireErrorKind::LengthPrefixTruncated))
}

fn read_u32_le(bytes: &[u8]) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[..4]);
    u32::from_le_bytes(word)
}

/// Grows `out` for `extra` more bytes, doubling as a `Vec` does but never
/// past `limit` (the declared length, which `out.len() + extra` never
/// exceeds): the payload's buffer holds at most the declared length.
fn reserve_within(out: &mut Vec<u8>, extra: usize, limit: usize) {
    let need = out.len() + extra;
    if need > out.capacity() {
        let target = need
            .max(out.capacity().saturating_mul(2))
            .min(limit)
            .max(need);
        out.reserve_exact(target - out.len());
    }
}

/// Appends the snappy frames of `data` (framing_format.txt): the stream
/// identifier, then one chunk per 65536 bytes, compressed unless that
/// saves less than an eighth (as the reference encoder decides), each with
/// the masked CRC-32C of its uncompressed bytes. Nothing for empty data,
/// as the Go and Rust snappy writers do.
pub(crate) fn compress_frames(data: &[u8], out: &mut Vec<u8>) {
    if data.is_empty() {
        return;
    }
    let chunks = data.len().div_ceil(MAX_CHUNK_DATA_LEN);
    out.reserve(
        STREAM_IDENTIFIER.len()
            + chunks * (CHUNK_HEADER_LEN + CHECKSUM_LEN)
            + max_compressed_len(data.len()),
    );
    out.extend_from_slice(&STREAM_IDENTIFIER);
    let mut encoder = snap::raw::Encoder::new();
    for chunk in data.chunks(MAX_CHUNK_DATA_LEN) {
        compress_chunk(&mut encoder, chunk, out);
    }
}

/// Appends one data chunk of the framing format holding `chunk` (at most
/// 65536 bytes): compressed unless that saves less than an eighth, with
/// the masked CRC-32C of its uncompressed bytes.
pub(crate) fn compress_chunk(encoder: &mut snap::raw::Encoder, chunk: &[u8], out: &mut Vec<u8>) {
    let header = out.len();
    let body = header + CHUNK_HEADER_LEN + CHECKSUM_LEN;
    out.resize(body + snap::raw::max_compress_len(chunk.len()), 0);
    let compressed = match encoder.compress(chunk, &mut out[body..]) {
        Ok(len) if len < chunk.len() - chunk.len() / 8 => Some(len),
        _ => None,
    };
    let (chunk_type, len) = match compressed {
        Some(len) => {
            out.truncate(body + len);
            (CHUNK_COMPRESSED, len)
        }
        None => {
            out.truncate(body);
            out.extend_from_slice(chunk);
            (CHUNK_UNCOMPRESSED, chunk.len())
        }
    };
    // At most 4 + max_compress_len(65536) = 76494 < 2^24.
    let field = ((CHECKSUM_LEN + len) as u32).to_le_bytes();
    out[header] = chunk_type;
    out[header + 1..header + 4].copy_from_slice(&field[..3]);
    out[header + 4..body].copy_from_slice(&masked_crc32c(chunk).to_le_bytes());
}

/// Decompresses the snappy frames at the start of `input` into exactly
/// `declared` bytes. `base` is the offset of `input` in the caller's
/// message, for the errors.
///
/// `whole`: `input` is the rest of the message, so its length may not
/// exceed `max_compressed_len(declared)` (checked first) and nothing may
/// follow the chunk that completes the payload. Otherwise the frames end
/// at that chunk and the bytes used are returned with the payload (a
/// stream of response chunks); a chunk reaching past
/// `max_compressed_len(declared)` is refused before it is read.
///
/// Skippable chunks (0x80 to 0xfe, padding included) and repeated stream
/// identifiers are passed over, as the framing format asks; they count
/// against the same bound.
pub(crate) fn decompress_frames(
    input: &[u8],
    base: usize,
    declared: usize,
    whole: bool,
) -> Result<(Vec<u8>, usize), WireError> {
    let budget = max_compressed_len(declared);
    let at = |pos: usize, kind| WireError::new(base + pos, kind);
    if whole && input.len() > budget {
        return Err(at(
            0,
            WireErrorKind::CompressedTooLong {
                len: input.len(),
                max: budget,
            },
        ));
    }
    // Beyond what the bytes given can produce: refused before allocating.
    if declared as u64 > (input.len() as u64).saturating_mul(MAX_EXPANSION) {
        return Err(at(
            0,
            WireErrorKind::LengthUnreachable {
                declared: declared as u64,
                compressed: input.len(),
            },
        ));
    }

    let mut out = Vec::new();
    let mut frames = Frames::new(declared);
    let mut pos = 0;
    while out.len() < declared {
        let rest = &input[pos..];
        if rest.is_empty() {
            return Err(at(
                pos,
                WireErrorKind::PayloadTruncated {
                    produced: out.len(),
                    declared,
                },
            ));
        }
        if rest.len() < CHUNK_HEADER_LEN {
            return Err(at(
                pos,
                WireErrorKind::ChunkTruncated {
                    needed: CHUNK_HEADER_LEN,
                    available: rest.len(),
                },
            ));
        }
        let (chunk_type, len) = chunk_header(rest, base + pos, pos, budget)?;
        let end = pos + CHUNK_HEADER_LEN + len;
        if rest.len() < CHUNK_HEADER_LEN + len {
            return Err(at(
                pos,
                WireErrorKind::ChunkTruncated {
                    needed: CHUNK_HEADER_LEN + len,
                    available: rest.len(),
                },
            ));
        }
        let body = &rest[CHUNK_HEADER_LEN..CHUNK_HEADER_LEN + len];
        frames.chunk(chunk_type, body, base + pos, &mut out)?;
        pos = end;
    }
    if whole && pos < input.len() {
        return Err(at(
            pos,
            WireErrorKind::TrailingBytes {
                len: input.len() - pos,
            },
        ));
    }
    Ok((out, pos))
}

/// The type and body length of the chunk whose 4-byte header starts
/// `header`, at `pos` in the frames (`offset` in the message, for the
/// errors): refused when the body is longer than a reader takes, or would
/// end past `budget`, `max_compressed_len` of the declared length.
pub(crate) fn chunk_header(
    header: &[u8],
    offset: usize,
    pos: usize,
    budget: usize,
) -> Result<(u8, usize), WireError> {
    let chunk_type = header[0];
    let len = usize::from(header[1]) | usize::from(header[2]) << 8 | usize::from(header[3]) << 16;
    if len > MAX_CHUNK_LEN {
        return Err(WireError::new(offset, WireErrorKind::ChunkTooLong { len }));
    }
    let end = pos + CHUNK_HEADER_LEN + len;
    if end > budget {
        return Err(WireError::new(
            offset,
            WireErrorKind::CompressedTooLong {
                len: end,
                max: budget,
            },
        ));
    }
    Ok((chunk_type, len))
}

/// The state of a frames reader between chunks: the block decoder,
/// whether the stream identifier has been seen, the declared length.
pub(crate) struct Frames {
    decoder: snap::raw::Decoder,
    seen_identifier: bool,
    declared: usize,
}

impl Frames {
    pub(crate) fn new(declared: usize) -> Self {
        Frames {
            decoder: snap::raw::Decoder::new(),
            seen_identifier: false,
            declared,
        }
    }

    /// Takes one chunk of the frames, at `offset` in the message: a data
    /// chunk's bytes appended to `out` (never past the declared length),
    /// checked against its CRC; the stream identifier checked; skippable
    /// chunks passed over; the reserved ones refused.
    pub(crate) fn chunk(
        &mut self,
        chunk_type: u8,
        body: &[u8],
        offset: usize,
        out: &mut Vec<u8>,
    ) -> Result<(), WireError> {
        let at = |kind| WireError::new(offset, kind);
        let (len, declared) = (body.len(), self.declared);
        if !self.seen_identifier && chunk_type != CHUNK_STREAM_IDENTIFIER {
            return Err(at(WireErrorKind::MissingStreamIdentifier { chunk_type }));
        }
        match chunk_type {
            CHUNK_STREAM_IDENTIFIER => {
                if body != &STREAM_IDENTIFIER[CHUNK_HEADER_LEN..] {
                    return Err(at(WireErrorKind::BadStreamIdentifier));
                }
                self.seen_identifier = true;
            }
            CHUNK_COMPRESSED | CHUNK_UNCOMPRESSED => {
                if len < CHECKSUM_LEN {
                    return Err(at(WireErrorKind::BadChunkLength { len }));
                }
                let expected = read_u32_le(body);
                let data = &body[CHECKSUM_LEN..];
                let chunk_len = if chunk_type == CHUNK_COMPRESSED {
                    snap::raw::decompress_len(data)
                        .map_err(|e| at(WireErrorKind::Block(BlockFault::from_snap(&e))))?
                } else {
                    data.len()
                };
                if chunk_len > MAX_CHUNK_DATA_LEN {
                    return Err(at(WireErrorKind::ChunkDataTooLong { len: chunk_len }));
                }
                if chunk_len > declared - out.len() {
                    return Err(at(WireErrorKind::Overrun {
                        produced: out.len(),
                        chunk: chunk_len,
                        declared,
                    }));
                }
                let start = out.len();
                reserve_within(out, chunk_len, declared);
                if chunk_type == CHUNK_COMPRESSED {
                    out.resize(start + chunk_len, 0);
                    self.decoder
                        .decompress(data, &mut out[start..])
                        .map_err(|e| at(WireErrorKind::Block(BlockFault::from_snap(&e))))?;
                } else {
                    out.extend_from_slice(data);
                }
                let actual = masked_crc32c(&out[start..]);
                if actual != expected {
                    return Err(at(WireErrorKind::Checksum { expected, actual }));
                }
            }
            0x02..=0x7f => {
                return Err(at(WireErrorKind::ReservedChunk { chunk_type }));
            }
            // 0x80..=0xfe: padding and reserved skippable chunks.
            _ => {}
        }
        Ok(())
    }
}

/// Reads the length prefix of a req/resp message and checks it against
/// `bounds`, then decompresses its frames. Returns the payload and the
/// bytes used.
pub(crate) fn decompress_req_resp(
    input: &[u8],
    bounds: Bounds,
    whole: bool,
) -> Result<(Vec<u8>, usize), WireError> {
    let (declared, prefix_len) = read_varint(input)?;
    let n = bounds.check(declared, 0)?;
    let (payload, used) = decompress_frames(&input[prefix_len..], prefix_len, n, whole)?;
    Ok((payload, prefix_len + used))
}

/// Decompresses one snappy block, its declared length checked against
/// `bounds` and what its bytes can produce before the output is
/// allocated.
pub(crate) fn decompress_block(input: &[u8], bounds: Bounds) -> Result<Vec<u8>, WireError> {
    let budget = max_compressed_len(bounds.max);
    if input.len() > budget {
        return Err(WireError::new(
            0,
            WireErrorKind::CompressedTooLong {
                len: input.len(),
                max: budget,
            },
        ));
    }
    let block_error =
        |e: snap::Error| WireError::new(0, WireErrorKind::Block(BlockFault::from_snap(&e)));
    let declared = snap::raw::decompress_len(input).map_err(block_error)?;
    let n = bounds.check(declared as u64, 0)?;
    if n as u64 > (input.len() as u64).saturating_mul(MAX_EXPANSION) {
        return Err(WireError::new(
            0,
            WireErrorKind::LengthUnreachable {
                declared: n as u64,
                compressed: input.len(),
            },
        ));
    }
    let mut out = alloc::vec![0u8; n];
    snap::raw::Decoder::new()
        .decompress(input, &mut out)
        .map_err(block_error)?;
    Ok(out)
}

/// Compresses `data` into one snappy block. Only a block of more than
/// snap's limit (about 3.6 GiB) fails.
pub(crate) fn compress_block(data: &[u8]) -> Result<Vec<u8>, WireError> {
    snap::raw::Encoder::new().compress_vec(data).map_err(|_| {
        WireError::new(
            0,
            WireErrorKind::LengthOutOfBounds {
                declared: data.len() as u64,
                min: 0,
                max: u32::MAX as usize,
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varint_round_trips_and_is_minimal() {
        for value in [
            0u64,
            1,
            127,
            128,
            300,
            16383,
            16384,
            u32::MAX as u64,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            write_varint(value, &mut out);
            assert_eq!(read_varint(&out), Ok((value, out.len())));
            assert!(out.len() <= MAX_VARINT_LEN);
            assert!(out.len() == 1 || *out.last().unwrap() != 0);
        }
        // The protobuf documentation's example: 300 is ac 02.
        let mut out = Vec::new();
        write_varint(300, &mut out);
        assert_eq!(out, [0xac, 0x02]);
    }
}
