//! Arbitrary bytes as an `ssz_snappy` message (`peam_ssz_types::snappy`):
//! never panics, never produces more than the bound, agrees with `snap`'s
//! own decoders, and whatever decodes as a type re-encodes to a message
//! that decodes to the same value.
//!
//! Input: byte 0 picks the framing (bits 0-1: a whole req/resp message, a
//! req/resp message at the start of a stream, a gossip block, or both
//! untyped) and the type (bits 2-4); bytes 1-2 the bound (`max`, in units
//! of 64 bytes, so up to 4 MiB); the rest is the message.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use peam_ssz_types::snappy::{self, max_compressed_len, SnappyError};
use peam_ssz_types::{List, Ssz, U};
use spec_tests::beacon::{electra, phase0, Minimal};

fn snap_frames(frames: &[u8], limit: usize) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    snap::read::FrameDecoder::new(frames)
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .ok()?;
    Some(out)
}

/// The untyped functions, against `snap`.
fn untyped(mode: u8, max: usize, message: &[u8]) {
    match mode {
        0 | 1 => {
            let result = if mode == 0 {
                snappy::decompress_req_resp(message, max).map(|p| (p, message.len()))
            } else {
                snappy::decompress_req_resp_prefix(message, max)
            };
            if let Ok((payload, used)) = result {
                assert!(payload.len() <= max);
                let (n, prefix) = snappy::read_length_prefix(message).unwrap();
                assert_eq!(n as usize, payload.len());
                assert!(used - prefix <= max_compressed_len(payload.len()));
                // snap's frame reader takes what was accepted, to the same
                // bytes.
                assert_eq!(
                    snap_frames(&message[prefix..used], max).as_deref(),
                    Some(&payload[..])
                );
                // And our frames of the payload come back.
                let mut again = Vec::new();
                snappy::compress_req_resp(&payload, &mut again);
                assert_eq!(snappy::decompress_req_resp(&again, max).unwrap(), payload);
            }
        }
        _ => {
            let ours = snappy::decompress_gossip(message, max);
            let theirs = snap::raw::decompress_len(message)
                .ok()
                .filter(|&n| n <= max && message.len() <= max_compressed_len(max))
                .and_then(|_| snap::raw::Decoder::new().decompress_vec(message).ok());
            // The same verdict within the bounds, and the same bytes.
            assert_eq!(ours.as_ref().ok(), theirs.as_ref(), "{ours:?}");
            if let Ok(payload) = ours {
                let again = snappy::compress_gossip(&payload).unwrap();
                assert_eq!(snappy::decompress_gossip(&again, max).unwrap(), payload);
            }
        }
    }
}

/// The typed functions: an accepted value is the payload's SSZ, and its
/// encodings decode to it again.
fn typed<T: Ssz + PartialEq + core::fmt::Debug>(mode: u8, max: usize, message: &[u8]) {
    let result: Result<T, SnappyError> = match mode {
        0 => snappy::decode_req_resp(message, max),
        1 => snappy::decode_req_resp_prefix(message, max).map(|(v, _)| v),
        _ => snappy::decode_gossip(message, max),
    };
    let Ok(value) = result else { return };
    assert!(value.ssz_len() <= max);
    let wire = snappy::encode_req_resp(&value, max).unwrap();
    assert_eq!(snappy::decode_req_resp::<T>(&wire, max).unwrap(), value);
    let block = snappy::encode_gossip(&value, max).unwrap();
    assert_eq!(snappy::decode_gossip::<T>(&block, max).unwrap(), value);
}

fuzz_target!(|data: &[u8]| {
    let [selector, lo, hi, message @ ..] = data else {
        return;
    };
    let mode = selector & 3;
    let max = usize::from(u16::from_le_bytes([*lo, *hi])) * 64;
    if mode == 3 {
        untyped(0, max, message);
        untyped(1, max, message);
        untyped(2, max, message);
        return;
    }
    match (selector >> 2) % 6 {
        0 => untyped(mode, max, message),
        1 => typed::<u64>(mode, max, message),
        2 => typed::<List<u64, U<1024>>>(mode, max, message),
        3 => typed::<phase0::BeaconBlockHeader>(mode, max, message),
        4 => typed::<phase0::SignedBeaconBlock<Minimal>>(mode, max, message),
        _ => typed::<electra::Attestation<Minimal>>(mode, max, message),
    }
});
