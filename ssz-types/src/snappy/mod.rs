//! `ssz_snappy`, the wire encoding of the consensus p2p networks (phase0
//! p2p-interface.md, "Encodings" and "Encoding strategies"; Lean
//! consensus uses the same), for any [`Ssz`] type.
//!
//! | domain | bytes | functions |
//! |---|---|---|
//! | req/resp | the unsigned protobuf varint of the SSZ length, then the snappy *framing* format | [`encode_req_resp`], [`decode_req_resp`], [`decode_req_resp_prefix`] |
//! | req/resp over a stream | the same, read from a `Read` or [`Source`](crate::stream::Source), written to a `Write` or [`Sink`](crate::stream::Sink) | [`read_req_resp`], [`read_req_resp_from`], [`write_req_resp`], [`write_req_resp_to`] |
//! | gossip | the snappy *block* format | [`encode_gossip`], [`decode_gossip`] |
//!
//! Every decoding function takes `max`, the most SSZ bytes the caller
//! accepts: the spec's "type-specific SSZ bound or [`MAX_PAYLOAD_SIZE`],
//! whichever is smaller". A fixed-size type takes exactly its length. The
//! bounds hold before anything is decompressed and while decompressing:
//!
//! - the declared length (the varint, or the block's header) is checked
//!   against them first, then against what the compressed bytes can
//!   produce, so a small message that claims gigabytes allocates nothing;
//! - a req/resp message may not take more than
//!   [`max_compressed_len`]`(n)` bytes after its prefix `n`; no chunk may
//!   hold more than 65536 bytes or take the payload past `n`;
//! - the buffer of the payload grows with the chunks actually decoded and
//!   never past `n`: memory is bounded by the maximum and by a multiple of
//!   the input;
//! - a wrong checksum, a reserved chunk type, a missing stream identifier,
//!   an early end, any byte after the message, a varint longer than 10
//!   bytes or not minimal are refused, with a [`WireError`] that says what
//!   and at which byte; the decompressed bytes then decode strictly as SSZ
//!   ([`SnappyError::Ssz`]).
//!
//! Encoding refuses a value longer than `max` too: the spec's senders
//! must not emit what a receiver must refuse.
//!
//! ```
//! use peam_ssz_types::snappy::{self, MAX_PAYLOAD_SIZE};
//! use peam_ssz_types::{List, Ssz, TreeHash, U};
//!
//! #[derive(Debug, PartialEq, Ssz, TreeHash)]
//! struct Ping {
//!     seq_number: u64,
//!     roots: List<[u8; 32], U<1024>>,
//! }
//!
//! let ping = Ping { seq_number: 7, roots: List::try_from(vec![[0xaa; 32]; 3])? };
//! let wire = snappy::encode_req_resp(&ping, MAX_PAYLOAD_SIZE)?;
//! assert_eq!(wire[0] as usize, ping.ssz_len()); // the varint length prefix
//! assert_eq!(&wire[1..11], b"\xff\x06\x00\x00sNaPpY"); // the stream identifier
//! assert_eq!(snappy::decode_req_resp::<Ping>(&wire, MAX_PAYLOAD_SIZE)?, ping);
//!
//! let gossip = snappy::encode_gossip(&ping, MAX_PAYLOAD_SIZE)?;
//! assert_eq!(snappy::decode_gossip::<Ping>(&gossip, MAX_PAYLOAD_SIZE)?, ping);
//!
//! // A message over the caller's bound fails on its length prefix, before
//! // any byte is decompressed.
//! let err = snappy::decode_req_resp::<Ping>(&wire, 64).unwrap_err();
//! assert_eq!(err.to_string(), "ssz_snappy: at byte 0: SSZ length 108 outside the bounds 0..=64");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The block bodies are compressed and decompressed by `snap::raw`, the
//! widely used pure-Rust snappy; the framing, its CRC-32C, the varint and
//! every bound are written here, because `snap`'s frame reader takes no
//! bound on the total output and does not refuse bytes after the payload.

mod crc32c;
mod error;
mod stream;
mod wire;

use alloc::vec::Vec;

use crate::Ssz;

pub use error::{BlockFault, SnappyError, WireError, WireErrorKind};
pub use stream::{
    read_req_resp, read_req_resp_from, write_req_resp, write_req_resp_to, SnappyStreamError,
};
use wire::Bounds;

/// `MAX_PAYLOAD_SIZE` (phase0 p2p-interface.md, "Configuration"): the most
/// uncompressed bytes of a gossip message or a req/resp chunk, 10 MiB.
pub const MAX_PAYLOAD_SIZE: usize = 10 * 1024 * 1024;

/// The most uncompressed bytes of one chunk of the snappy framing format
/// (framing_format.txt, sections 4.2 and 4.3).
pub const MAX_CHUNK_DATA_LEN: usize = 65536;

/// `max_compressed_len(n)` (phase0 p2p-interface.md, "Maximum message
/// sizes"): the worst-case snappy length of `n` bytes, `32 + n + n / 6`
/// (saturating).
pub const fn max_compressed_len(n: usize) -> usize {
    32usize.saturating_add(n).saturating_add(n / 6)
}

/// `max_message_size()` (phase0 p2p-interface.md): the most bytes of a
/// gossipsub RPC frame, `max(max_compressed_len(MAX_PAYLOAD_SIZE) + 1024,
/// 1 MiB)`.
pub const fn max_message_size() -> usize {
    let size = max_compressed_len(MAX_PAYLOAD_SIZE) + 1024;
    if size > 1024 * 1024 {
        size
    } else {
        1024 * 1024
    }
}

/// The lengths a `T` may take under `max`: exactly its length if it is
/// fixed-size, else `0..=max`.
fn bounds_of<T: Ssz>(max: usize) -> Bounds {
    if T::IS_FIXED_SIZE {
        Bounds {
            min: T::FIXED_PART_LEN,
            max: T::FIXED_PART_LEN.min(max),
        }
    } else {
        Bounds { min: 0, max }
    }
}

fn check_encoded_len<T: Ssz>(value: &T, max: usize) -> Result<usize, WireError> {
    let len = value.ssz_len();
    if len > max {
        return Err(WireError::new(
            0,
            WireErrorKind::LengthOutOfBounds {
                declared: len as u64,
                min: 0,
                max,
            },
        ));
    }
    Ok(len)
}

/// Appends the unsigned protobuf varint of `n`, the length prefix of a
/// req/resp message.
pub fn write_length_prefix(n: u64, out: &mut Vec<u8>) {
    wire::write_varint(n, out);
}

/// Reads the length prefix at the start of a req/resp message: the SSZ
/// length it declares and the bytes it takes. Refuses a varint of more
/// than 10 bytes, past `u64::MAX`, or not minimally encoded.
///
/// A reader of a stream reads this first, checks the length against its
/// bound, then reads at most [`max_compressed_len`] of it more bytes.
pub fn read_length_prefix(bytes: &[u8]) -> Result<(u64, usize), WireError> {
    wire::read_varint(bytes)
}

/// Compresses SSZ bytes into a req/resp message: the varint of their
/// length, then their snappy frames.
pub fn compress_req_resp(ssz: &[u8], out: &mut Vec<u8>) {
    wire::write_varint(ssz.len() as u64, out);
    wire::compress_frames(ssz, out);
}

/// Decompresses a whole req/resp message (nothing may follow it) into
/// its SSZ bytes, at most `max` of them.
pub fn decompress_req_resp(bytes: &[u8], max: usize) -> Result<Vec<u8>, WireError> {
    wire::decompress_req_resp(bytes, Bounds { min: 0, max }, true).map(|(payload, _)| payload)
}

/// Decompresses the req/resp message at the start of `bytes` into its
/// SSZ bytes, at most `max` of them, and returns the bytes it took: the
/// frames end with the chunk that completes the declared length, and
/// whatever follows (the next response chunk) is left alone.
pub fn decompress_req_resp_prefix(bytes: &[u8], max: usize) -> Result<(Vec<u8>, usize), WireError> {
    wire::decompress_req_resp(bytes, Bounds { min: 0, max }, false)
}

/// Compresses SSZ bytes into one snappy block, a gossip message. Fails
/// only past snap's limit of a block (about 3.6 GiB).
pub fn compress_gossip(ssz: &[u8]) -> Result<Vec<u8>, WireError> {
    wire::compress_block(ssz)
}

/// Decompresses a gossip message (one snappy block) into its SSZ bytes,
/// at most `max` of them. The message may not exceed
/// [`max_compressed_len`]`(max)` bytes.
pub fn decompress_gossip(bytes: &[u8], max: usize) -> Result<Vec<u8>, WireError> {
    wire::decompress_block(bytes, Bounds { min: 0, max })
}

/// Encodes `value` as a req/resp message: the varint of its SSZ length,
/// then the snappy frames of its SSZ bytes. Refuses a value of more than
/// `max` SSZ bytes.
pub fn encode_req_resp<T: Ssz>(value: &T, max: usize) -> Result<Vec<u8>, WireError> {
    let mut out = Vec::new();
    encode_req_resp_into(value, max, &mut out)?;
    Ok(out)
}

/// [`encode_req_resp`], appending to `out` (a stream of response chunks
/// can be written into one buffer, each after its result byte).
pub fn encode_req_resp_into<T: Ssz>(
    value: &T,
    max: usize,
    out: &mut Vec<u8>,
) -> Result<(), WireError> {
    check_encoded_len(value, max)?;
    compress_req_resp(&value.to_ssz(), out);
    Ok(())
}

/// Decodes a whole req/resp message (nothing may follow it) as a `T` of at
/// most `max` SSZ bytes.
pub fn decode_req_resp<T: Ssz>(bytes: &[u8], max: usize) -> Result<T, SnappyError> {
    let (payload, _) = wire::decompress_req_resp(bytes, bounds_of::<T>(max), true)?;
    Ok(crate::decode::<T>(&payload)?)
}

/// Decodes the req/resp message at the start of `bytes` as a `T` of at
/// most `max` SSZ bytes, and returns the bytes it took: the frames end
/// with the chunk that completes the declared length, and whatever follows
/// (the next response chunk) is left alone.
///
/// ```
/// use peam_ssz_types::snappy;
///
/// // Two response chunks of a `uint64` each, back to back in one buffer.
/// let mut stream = Vec::new();
/// for value in [5u64, 6] {
///     stream.push(0); // the result byte: success
///     snappy::encode_req_resp_into(&value, 8, &mut stream)?;
/// }
/// let (first, used) = snappy::decode_req_resp_prefix::<u64>(&stream[1..], 8)?;
/// let rest = &stream[1 + used..];
/// assert_eq!((first, rest[0]), (5, 0));
/// assert_eq!(snappy::decode_req_resp::<u64>(&rest[1..], 8)?, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decode_req_resp_prefix<T: Ssz>(bytes: &[u8], max: usize) -> Result<(T, usize), SnappyError> {
    let (payload, used) = wire::decompress_req_resp(bytes, bounds_of::<T>(max), false)?;
    Ok((crate::decode::<T>(&payload)?, used))
}

/// Encodes `value` as a gossip message: its SSZ bytes in one snappy block.
/// Refuses a value of more than `max` SSZ bytes.
pub fn encode_gossip<T: Ssz>(value: &T, max: usize) -> Result<Vec<u8>, WireError> {
    check_encoded_len(value, max)?;
    wire::compress_block(&value.to_ssz())
}

/// Decodes a gossip message (one snappy block) as a `T` of at most `max`
/// SSZ bytes. The message may not exceed [`max_compressed_len`]`(max)`
/// bytes (the spec bounds it by `max_compressed_len(MAX_PAYLOAD_SIZE)`;
/// no snappy encoder writes more for `max` bytes).
pub fn decode_gossip<T: Ssz>(bytes: &[u8], max: usize) -> Result<T, SnappyError> {
    let payload = wire::decompress_block(bytes, bounds_of::<T>(max))?;
    Ok(crate::decode::<T>(&payload)?)
}
