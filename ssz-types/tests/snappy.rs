//! `ssz_snappy` (feature `snappy`): round trips against `snap`'s own frame
//! reader and writer (an implementation of the framing format that shares
//! no code with ours), and every way a hostile message can be wrong:
//! decompression bombs, truncations, checksums, chunk types, varints,
//! trailing bytes, with the heap each refusal takes measured.

use std::io::{Read, Write};

use peam_ssz_types::snappy::{
    self, max_compressed_len, BlockFault, SnappyError, WireError, WireErrorKind,
    MAX_CHUNK_DATA_LEN, MAX_PAYLOAD_SIZE,
};
use peam_ssz_types::{ByteList, List, Ssz, TreeHash, U};
use test_support::alloc::{measure, Counting};
use test_support::rng::XorShift64;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Status {
    fork_digest: [u8; 4],
    finalized_root: [u8; 32],
    finalized_epoch: u64,
    head_root: [u8; 32],
    head_slot: u64,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Message {
    flag: bool,
    items: List<u64, U<100_000>>,
    blob: ByteList<U<1_000_000>>,
}

const STREAM_IDENTIFIER: &[u8] = b"\xff\x06\x00\x00sNaPpY";

/// CRC-32C bit by bit, masked (framing_format.txt, section 3): the
/// oracle for crafted chunks.
fn masked_crc(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0x82F6_3B78
            } else {
                crc >> 1
            };
        }
    }
    let crc = !crc;
    crc.rotate_right(15).wrapping_add(0xa282_ead8)
}

fn varint(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
    out
}

fn chunk(chunk_type: u8, body: &[u8]) -> Vec<u8> {
    let len = body.len() as u32;
    let mut out = vec![chunk_type, len as u8, (len >> 8) as u8, (len >> 16) as u8];
    out.extend_from_slice(body);
    out
}

fn uncompressed_chunk(data: &[u8]) -> Vec<u8> {
    let mut body = masked_crc(data).to_le_bytes().to_vec();
    body.extend_from_slice(data);
    chunk(0x01, &body)
}

fn compressed_chunk(data: &[u8]) -> Vec<u8> {
    let mut body = masked_crc(data).to_le_bytes().to_vec();
    body.extend(snap::raw::Encoder::new().compress_vec(data).unwrap());
    chunk(0x00, &body)
}

/// A req/resp message from its declared length and its chunks.
fn message(declared: u64, chunks: &[Vec<u8>]) -> Vec<u8> {
    let mut out = varint(declared);
    for c in chunks {
        out.extend_from_slice(c);
    }
    out
}

fn wire_kind<T: std::fmt::Debug>(result: Result<T, WireError>) -> WireErrorKind {
    *result.unwrap_err().kind()
}

fn sample_message(rng: &mut XorShift64, items: usize, blob: usize) -> Message {
    // Half random, half repetitive: both chunk kinds appear.
    let mut bytes = rng.bytes(blob / 2);
    bytes.resize(blob, 0x5a);
    Message {
        flag: true,
        items: List::try_from((0..items as u64).map(|i| i % 7).collect::<Vec<_>>()).unwrap(),
        blob: ByteList::try_from(bytes).unwrap(),
    }
}

fn snap_frames(data: &[u8]) -> Vec<u8> {
    let mut encoder = snap::write::FrameEncoder::new(Vec::new());
    encoder.write_all(data).unwrap();
    encoder.into_inner().unwrap()
}

fn snap_unframe(frames: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    snap::read::FrameDecoder::new(frames)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[test]
fn req_resp_round_trips_and_matches_snap_frames() {
    let mut rng = XorShift64(0x5eed);
    for (items, blob) in [
        (0, 0),
        (1, 3),
        (300, 1000),
        (10_000, 200_000),
        (0, 3 * MAX_CHUNK_DATA_LEN),
    ] {
        let value = sample_message(&mut rng, items, blob);
        let ssz = value.to_ssz();
        let wire = snappy::encode_req_resp(&value, MAX_PAYLOAD_SIZE).unwrap();
        assert_eq!(
            snappy::decode_req_resp::<Message>(&wire, MAX_PAYLOAD_SIZE).unwrap(),
            value
        );

        // The prefix is the varint of the SSZ length; the rest is frames
        // that snap's reader takes, with their checksums.
        let (n, prefix) = snappy::read_length_prefix(&wire).unwrap();
        assert_eq!(n as usize, ssz.len());
        assert_eq!(&wire[..prefix], varint(n));
        assert_eq!(snap_unframe(&wire[prefix..]), ssz);
        assert!(wire.len() - prefix <= max_compressed_len(ssz.len()));

        // And snap's writer's frames decode here.
        let mut theirs = varint(ssz.len() as u64);
        theirs.extend(snap_frames(&ssz));
        assert_eq!(
            snappy::decode_req_resp::<Message>(&theirs, MAX_PAYLOAD_SIZE).unwrap(),
            value
        );
        assert_eq!(
            snappy::decompress_req_resp(&theirs, MAX_PAYLOAD_SIZE).unwrap(),
            ssz
        );
    }
}

#[test]
fn chunks_hold_at_most_65536_bytes_and_incompressible_data_goes_uncompressed() {
    let mut rng = XorShift64(7);
    let data = rng.bytes(2 * MAX_CHUNK_DATA_LEN + 10);
    let mut wire = Vec::new();
    snappy::compress_req_resp(&data, &mut wire);
    let (_, mut pos) = snappy::read_length_prefix(&wire).unwrap();
    assert_eq!(&wire[pos..pos + 10], STREAM_IDENTIFIER);
    pos += 10;
    let mut sizes = Vec::new();
    while pos < wire.len() {
        let len =
            wire[pos + 1] as usize | (wire[pos + 2] as usize) << 8 | (wire[pos + 3] as usize) << 16;
        // Random bytes do not compress: uncompressed chunks, 4 bytes of
        // checksum then the data.
        assert_eq!(wire[pos], 0x01);
        sizes.push(len - 4);
        pos += 4 + len;
    }
    assert_eq!(sizes, [MAX_CHUNK_DATA_LEN, MAX_CHUNK_DATA_LEN, 10]);

    let zeros = vec![0u8; 3 * MAX_CHUNK_DATA_LEN];
    let mut wire = Vec::new();
    snappy::compress_req_resp(&zeros, &mut wire);
    let prefix = varint(zeros.len() as u64).len();
    assert_eq!(wire[prefix + 10], 0x00, "zeros compress");
    assert_eq!(snap_unframe(&wire[prefix..]), zeros);
}

#[test]
fn gossip_round_trips_and_is_a_snappy_block() {
    let mut rng = XorShift64(99);
    for (items, blob) in [(0, 0), (5, 17), (50_000, 500_000)] {
        let value = sample_message(&mut rng, items, blob);
        let block = snappy::encode_gossip(&value, MAX_PAYLOAD_SIZE).unwrap();
        assert_eq!(
            snap::raw::Decoder::new().decompress_vec(&block).unwrap(),
            value.to_ssz()
        );
        assert_eq!(
            snappy::decode_gossip::<Message>(&block, MAX_PAYLOAD_SIZE).unwrap(),
            value
        );
        assert_eq!(
            snappy::decompress_gossip(&block, MAX_PAYLOAD_SIZE).unwrap(),
            value.to_ssz()
        );
    }
}

#[test]
fn fixed_size_types_round_trip_and_take_exactly_their_length() {
    let status = Status {
        fork_digest: [1, 2, 3, 4],
        finalized_root: [5; 32],
        finalized_epoch: 6,
        head_root: [7; 32],
        head_slot: 8,
    };
    let wire = snappy::encode_req_resp(&status, MAX_PAYLOAD_SIZE).unwrap();
    assert_eq!(wire[0], 84);
    assert_eq!(
        snappy::decode_req_resp::<Status>(&wire, MAX_PAYLOAD_SIZE).unwrap(),
        status
    );

    // A prefix of another length is refused before the frames are read,
    // although the bytes behind it are a fine 84-byte payload.
    let mut wrong = wire.clone();
    wrong[0] = 83;
    let err = snappy::decode_req_resp::<Status>(&wrong, MAX_PAYLOAD_SIZE).unwrap_err();
    assert_eq!(
        err.wire_kind(),
        Some(&WireErrorKind::LengthOutOfBounds {
            declared: 83,
            min: 84,
            max: 84
        })
    );
    assert_eq!(
        err.to_string(),
        "ssz_snappy: at byte 0: SSZ length 83, the type takes exactly 84"
    );

    let block = snappy::encode_gossip(&8u64, 8).unwrap();
    assert_eq!(
        snappy::decode_gossip::<u64>(&block, MAX_PAYLOAD_SIZE).unwrap(),
        8
    );
    let block = snappy::compress_gossip(&[0u8; 7]).unwrap();
    assert!(matches!(
        snappy::decode_gossip::<u64>(&block, MAX_PAYLOAD_SIZE)
            .unwrap_err()
            .wire_kind(),
        Some(WireErrorKind::LengthOutOfBounds {
            declared: 7,
            min: 8,
            max: 8
        })
    ));
}

#[test]
fn encoding_refuses_values_over_the_bound() {
    let value = Message {
        flag: false,
        items: List::new(),
        blob: ByteList::try_from(vec![0u8; 1000]).unwrap(),
    };
    let len = value.ssz_len() as u64;
    for err in [
        snappy::encode_req_resp(&value, 999).unwrap_err(),
        snappy::encode_gossip(&value, 999).unwrap_err(),
    ] {
        assert_eq!(
            err.kind(),
            &WireErrorKind::LengthOutOfBounds {
                declared: len,
                min: 0,
                max: 999
            }
        );
    }
}

#[test]
fn empty_payload_is_the_prefix_alone() {
    let empty: List<u64, U<16>> = List::new();
    let wire = snappy::encode_req_resp(&empty, MAX_PAYLOAD_SIZE).unwrap();
    assert_eq!(wire, [0]);
    assert_eq!(
        snappy::decode_req_resp::<List<u64, U<16>>>(&wire, 16).unwrap(),
        empty
    );
    // Anything after the zero prefix is trailing: there is no byte left to
    // produce.
    let with_identifier = message(0, &[STREAM_IDENTIFIER.to_vec()]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&with_identifier, 16)),
        WireErrorKind::TrailingBytes { len: 10 }
    );
}

#[test]
fn the_prefix_variant_stops_at_the_chunk_that_completes_the_payload() {
    let first = snappy::encode_req_resp(&5u64, 8).unwrap();
    let mut stream = first.clone();
    stream.extend_from_slice(&[0xff, 1, 2, 3]); // whatever follows
    let (value, used) = snappy::decode_req_resp_prefix::<u64>(&stream, 8).unwrap();
    assert_eq!((value, used), (5, first.len()));
    let (payload, used) = snappy::decompress_req_resp_prefix(&stream, 8).unwrap();
    assert_eq!((payload, used), (5u64.to_le_bytes().to_vec(), first.len()));
    // The whole-message variant refuses the same bytes.
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&stream, 8)),
        WireErrorKind::TrailingBytes { len: 4 }
    );
    assert_eq!(
        snappy::decompress_req_resp(&stream, 8)
            .unwrap_err()
            .offset(),
        first.len()
    );
}

#[test]
fn payload_that_is_not_valid_ssz_is_an_ssz_error() {
    // `flag` = 2 is no boolean.
    let mut ssz = Message {
        flag: false,
        items: List::new(),
        blob: ByteList::new(),
    }
    .to_ssz();
    ssz[0] = 2;
    let mut wire = Vec::new();
    snappy::compress_req_resp(&ssz, &mut wire);
    let err = snappy::decode_req_resp::<Message>(&wire, MAX_PAYLOAD_SIZE).unwrap_err();
    let SnappyError::Ssz(inner) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(inner.path().count(), 1);
    assert_eq!(
        err.to_string(),
        "ssz_snappy payload: snappy::Message: at .flag: invalid boolean byte 0x02"
    );

    let block = snappy::compress_gossip(&ssz).unwrap();
    assert!(matches!(
        snappy::decode_gossip::<Message>(&block, MAX_PAYLOAD_SIZE),
        Err(SnappyError::Ssz(_))
    ));
}

// ---------------------------------------------------------------- bombs

/// The heap a refusal may take: a few small allocations (the error path),
/// whatever the message claims.
const SMALL: usize = 4096;

#[test]
fn a_length_prefix_claiming_more_than_the_bound_allocates_nothing() {
    for declared in [MAX_PAYLOAD_SIZE as u64 + 1, 1 << 40, u64::MAX] {
        let wire = message(
            declared,
            &[STREAM_IDENTIFIER.to_vec(), compressed_chunk(&[0; 100])],
        );
        let (result, usage) = measure(|| snappy::decompress_req_resp(&wire, MAX_PAYLOAD_SIZE));
        assert_eq!(
            wire_kind(result),
            WireErrorKind::LengthOutOfBounds {
                declared,
                min: 0,
                max: MAX_PAYLOAD_SIZE
            }
        );
        assert!(usage.peak <= SMALL, "{declared}: {usage:?}");
    }
}

#[test]
fn a_small_message_claiming_a_large_payload_allocates_nothing() {
    // 10 MiB declared, within the bound, behind 24 bytes of frames.
    let wire = message(
        MAX_PAYLOAD_SIZE as u64,
        &[STREAM_IDENTIFIER.to_vec(), compressed_chunk(&[0; 100])],
    );
    let (result, usage) = measure(|| snappy::decompress_req_resp(&wire, MAX_PAYLOAD_SIZE));
    assert!(matches!(
        wire_kind(result),
        WireErrorKind::LengthUnreachable { .. }
    ));
    assert!(usage.peak <= SMALL, "{usage:?}");

    // The gossip block: a header of 10 MiB, a few bytes of body.
    let mut block = varint(MAX_PAYLOAD_SIZE as u64);
    block.extend_from_slice(&[0x00, 0x61]);
    let (result, usage) = measure(|| snappy::decompress_gossip(&block, MAX_PAYLOAD_SIZE));
    assert!(matches!(
        wire_kind(result),
        WireErrorKind::LengthUnreachable { .. }
    ));
    assert!(usage.peak <= SMALL, "{usage:?}");
}

#[test]
fn frames_that_decompress_past_the_declared_length_stop_at_the_chunk() {
    // 16 chunks of 64 KiB of zeros, about 3 KB each on the wire.
    let zeros = vec![0u8; MAX_CHUNK_DATA_LEN];
    let mut chunks = vec![STREAM_IDENTIFIER.to_vec()];
    chunks.extend((0..16).map(|_| compressed_chunk(&zeros)));
    let chunk_len = chunks[1].len();
    // Declared 1 KiB: max_compressed_len(1024) = 1226 bytes may follow the
    // prefix, and the first data chunk reaches past them: refused before it
    // is read.
    let wire = message(1024, &chunks);
    let (result, usage) = measure(|| snappy::decompress_req_resp_prefix(&wire, MAX_PAYLOAD_SIZE));
    assert_eq!(
        wire_kind(result),
        WireErrorKind::CompressedTooLong {
            len: 10 + chunk_len,
            max: 1226
        }
    );
    assert!(usage.peak <= SMALL, "{usage:?}");
    // Declared 4 KiB: the chunk is within the bound, and its block header
    // says 64 KiB, past the declared length: refused before decompressing.
    let wire = message(4096, &chunks);
    let (result, usage) = measure(|| snappy::decompress_req_resp_prefix(&wire, MAX_PAYLOAD_SIZE));
    assert_eq!(
        wire_kind(result),
        WireErrorKind::Overrun {
            produced: 0,
            chunk: MAX_CHUNK_DATA_LEN,
            declared: 4096
        }
    );
    assert!(usage.peak <= SMALL, "{usage:?}");

    // Declared 100 KiB: the first chunk decodes, the second overruns; the
    // payload's buffer never went past the declared length.
    let declared = 100 * 1024;
    let wire = message(declared as u64, &chunks);
    let (result, usage) = measure(|| snappy::decompress_req_resp_prefix(&wire, MAX_PAYLOAD_SIZE));
    assert_eq!(
        wire_kind(result),
        WireErrorKind::Overrun {
            produced: MAX_CHUNK_DATA_LEN,
            chunk: MAX_CHUNK_DATA_LEN,
            declared
        }
    );
    assert!(usage.peak <= declared + SMALL, "{usage:?}");
}

#[test]
fn a_chunk_claiming_more_than_65536_bytes_is_refused_before_decompressing() {
    // A compressed chunk whose block header says 16 MiB.
    let mut body = 0u32.to_le_bytes().to_vec();
    body.extend(varint(16 << 20));
    body.extend_from_slice(&[0x00, 0x61]);
    let wire = message(
        MAX_PAYLOAD_SIZE as u64 / 64,
        &[
            STREAM_IDENTIFIER.to_vec(),
            chunk(0x00, &body),
            vec![0; 20_000],
        ],
    );
    let (result, usage) = measure(|| snappy::decompress_req_resp_prefix(&wire, MAX_PAYLOAD_SIZE));
    assert_eq!(
        wire_kind(result),
        WireErrorKind::ChunkDataTooLong { len: 16 << 20 }
    );
    assert!(usage.peak <= SMALL, "{usage:?}");

    // An uncompressed chunk of 65537 bytes.
    let data = vec![1u8; MAX_CHUNK_DATA_LEN + 1];
    let wire = message(
        data.len() as u64,
        &[STREAM_IDENTIFIER.to_vec(), uncompressed_chunk(&data)],
    );
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, MAX_PAYLOAD_SIZE)),
        WireErrorKind::ChunkDataTooLong {
            len: MAX_CHUNK_DATA_LEN + 1
        }
    );
}

#[test]
fn a_gossip_block_over_the_bound_is_refused_from_its_header() {
    // 1 MiB of zeros: a valid block of about 48 KB, refused under a
    // bound of 1 KiB from the header alone.
    let block = snappy::compress_gossip(&vec![0u8; 1 << 20]).unwrap();
    let (result, usage) = measure(|| snappy::decompress_gossip(&block, 1 << 16));
    assert_eq!(
        wire_kind(result),
        WireErrorKind::LengthOutOfBounds {
            declared: 1 << 20,
            min: 0,
            max: 1 << 16
        }
    );
    assert!(usage.peak <= SMALL, "{usage:?}");
    // Under the bound it decodes, and the buffer is the payload.
    let (result, usage) = measure(|| snappy::decompress_gossip(&block, MAX_PAYLOAD_SIZE));
    assert_eq!(result.unwrap().len(), 1 << 20);
    assert!(usage.peak <= (1 << 20) + SMALL, "{usage:?}");
}

#[test]
fn more_compressed_bytes_than_max_compressed_len_are_refused() {
    // 8 bytes declared: max_compressed_len(8) = 41. Padding chunks push the
    // data chunk past it.
    let data = 9u64.to_le_bytes();
    let padded = message(
        8,
        &[
            STREAM_IDENTIFIER.to_vec(),
            chunk(0xfe, &[0; 20]),
            uncompressed_chunk(&data),
        ],
    );
    assert_eq!(max_compressed_len(8), 41);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&padded, 8)),
        WireErrorKind::CompressedTooLong {
            len: 10 + 24 + 16,
            max: 41
        }
    );
    // The prefix variant refuses the chunk that reaches past the bound,
    // before reading it.
    let err = snappy::decompress_req_resp_prefix(&padded, 8).unwrap_err();
    assert_eq!(
        err.kind(),
        &WireErrorKind::CompressedTooLong { len: 50, max: 41 }
    );
    assert_eq!(err.offset(), 1 + 10 + 24);

    // A gossip message longer than max_compressed_len(max).
    let block = vec![0u8; max_compressed_len(100) + 1];
    assert!(matches!(
        wire_kind(snappy::decompress_gossip(&block, 100)),
        WireErrorKind::CompressedTooLong { .. }
    ));
}

// ------------------------------------------------ malformed messages

fn valid_wire() -> (Vec<u8>, Vec<u8>) {
    let mut rng = XorShift64(3);
    let value = sample_message(&mut rng, 2000, 150_000);
    let ssz = value.to_ssz();
    (
        snappy::encode_req_resp(&value, MAX_PAYLOAD_SIZE).unwrap(),
        ssz,
    )
}

#[test]
fn every_truncation_is_refused_with_a_typed_error() {
    let (wire, _) = valid_wire();
    // Every cut near the start, then every 97th.
    let cuts = (0..200).chain((200..wire.len()).step_by(97));
    for cut in cuts {
        let err = snappy::decompress_req_resp(&wire[..cut], MAX_PAYLOAD_SIZE).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                WireErrorKind::LengthPrefixTruncated
                    | WireErrorKind::PayloadTruncated { .. }
                    | WireErrorKind::ChunkTruncated { .. }
                    | WireErrorKind::LengthUnreachable { .. }
            ),
            "cut at {cut}: {err}"
        );
        assert!(snappy::decode_req_resp::<Message>(&wire[..cut], MAX_PAYLOAD_SIZE).is_err());
    }
    // Ending exactly between chunks says how much of the payload came.
    let (n, prefix) = snappy::read_length_prefix(&wire).unwrap();
    let first_end = {
        let p = prefix + 10;
        p + 4 + (wire[p + 1] as usize | (wire[p + 2] as usize) << 8 | (wire[p + 3] as usize) << 16)
    };
    let err = snappy::decompress_req_resp(&wire[..first_end], MAX_PAYLOAD_SIZE).unwrap_err();
    assert_eq!(
        err.kind(),
        &WireErrorKind::PayloadTruncated {
            produced: MAX_CHUNK_DATA_LEN,
            declared: n as usize
        }
    );
    assert_eq!(err.offset(), first_end);
    assert_eq!(
        err.to_string(),
        format!(
            "ssz_snappy: at byte {first_end}: input ends after 65536 of the declared {n} SSZ bytes"
        )
    );

    let block = snappy::encode_gossip(
        &sample_message(&mut XorShift64(4), 100, 5000),
        MAX_PAYLOAD_SIZE,
    )
    .unwrap();
    for cut in 0..block.len() {
        let err = snappy::decompress_gossip(&block[..cut], MAX_PAYLOAD_SIZE).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                WireErrorKind::Block(_) | WireErrorKind::LengthUnreachable { .. }
            ),
            "{cut}: {err}"
        );
    }
}

#[test]
fn a_wrong_checksum_is_refused() {
    let data = b"a payload of some bytes".to_vec();
    for make in [compressed_chunk, uncompressed_chunk] {
        let good = make(&data);
        let wire = message(
            data.len() as u64,
            &[STREAM_IDENTIFIER.to_vec(), good.clone()],
        );
        assert_eq!(snappy::decompress_req_resp(&wire, 100).unwrap(), data);

        let mut bad_crc = good.clone();
        bad_crc[4] ^= 1;
        let wire = message(data.len() as u64, &[STREAM_IDENTIFIER.to_vec(), bad_crc]);
        let err = snappy::decompress_req_resp(&wire, 100).unwrap_err();
        let expected = masked_crc(&data) ^ 1;
        assert_eq!(
            err.kind(),
            &WireErrorKind::Checksum {
                expected,
                actual: masked_crc(&data)
            }
        );
        assert_eq!(err.offset(), 1 + 10);
    }
    // A flipped data byte of an uncompressed chunk.
    let mut good = uncompressed_chunk(&data);
    let last = good.len() - 1;
    good[last] ^= 0x20;
    let wire = message(data.len() as u64, &[STREAM_IDENTIFIER.to_vec(), good]);
    assert!(matches!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::Checksum { .. }
    ));
}

#[test]
fn chunk_types_follow_the_framing_format() {
    let data = vec![0x42u8; 64];
    let n = data.len() as u64;
    let id = STREAM_IDENTIFIER.to_vec();
    // Reserved unskippable types are refused.
    for chunk_type in [0x02u8, 0x10, 0x7f] {
        let wire = message(
            n,
            &[
                id.clone(),
                chunk(chunk_type, &[0; 4]),
                uncompressed_chunk(&data),
            ],
        );
        let err = snappy::decompress_req_resp(&wire, 100).unwrap_err();
        assert_eq!(err.kind(), &WireErrorKind::ReservedChunk { chunk_type });
        assert_eq!(err.offset(), 11);
    }
    // Skippable types and padding before the data are passed over, and a
    // repeated stream identifier too.
    for chunk_type in [0x80u8, 0xa0, 0xfd, 0xfe] {
        let wire = message(
            n,
            &[
                id.clone(),
                chunk(chunk_type, &[0; 3]),
                id.clone(),
                uncompressed_chunk(&data),
            ],
        );
        assert_eq!(snappy::decompress_req_resp(&wire, 100).unwrap(), data);
    }
    // After the data they are trailing bytes.
    let wire = message(
        n,
        &[id.clone(), uncompressed_chunk(&data), chunk(0xfe, &[])],
    );
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::TrailingBytes { len: 4 }
    );
    // The stream identifier first, and right.
    let wire = message(n, &[uncompressed_chunk(&data)]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::MissingStreamIdentifier { chunk_type: 0x01 }
    );
    let wire = message(n, &[chunk(0xff, b"sNaPpy"), uncompressed_chunk(&data)]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::BadStreamIdentifier
    );
    let wire = message(n, &[chunk(0xff, b"sNaPpYx"), uncompressed_chunk(&data)]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::BadStreamIdentifier
    );
    // A data chunk with no room for its checksum.
    let wire = message(n, &[id.clone(), chunk(0x00, &[1, 2, 3])]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::BadChunkLength { len: 3 }
    );
    // A compressed chunk whose block is garbage.
    let mut body = masked_crc(&data).to_le_bytes().to_vec();
    body.extend_from_slice(&[8, 0xf0, 0xff]);
    let wire = message(n, &[id.clone(), chunk(0x00, &body)]);
    assert!(matches!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::Block(_)
    ));
    // A compressed chunk whose block makes fewer bytes than its header.
    let mut body = masked_crc(&data).to_le_bytes().to_vec();
    body.extend_from_slice(&[8, 0x00, b'x']);
    let wire = message(n, &[id, chunk(0x00, &body)]);
    assert!(matches!(
        wire_kind(snappy::decompress_req_resp(&wire, 100)),
        WireErrorKind::Block(
            BlockFault::LengthMismatch {
                declared: 8,
                produced: 1
            } | BlockFault::Literal
        )
    ));
}

#[test]
fn the_length_prefix_is_a_strict_varint() {
    let frames = {
        let mut out = STREAM_IDENTIFIER.to_vec();
        out.extend(uncompressed_chunk(&[7]));
        out
    };
    let with = |prefix: &[u8]| {
        let mut out = prefix.to_vec();
        out.extend_from_slice(&frames);
        out
    };
    assert_eq!(snappy::decompress_req_resp(&with(&[1]), 8).unwrap(), [7]);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&[], 8)),
        WireErrorKind::LengthPrefixTruncated
    );
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&[0x80, 0x80], 8)),
        WireErrorKind::LengthPrefixTruncated
    );
    // 1 written with a redundant byte.
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&with(&[0x81, 0x00]), 8)),
        WireErrorKind::LengthPrefixNotMinimal
    );
    // Eleven bytes.
    let mut long = vec![0x80; 10];
    long.push(0x01);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&with(&long), 8)),
        WireErrorKind::LengthPrefixTooLong
    );
    // Ten bytes, past u64::MAX.
    let mut over = vec![0xff; 9];
    over.push(0x02);
    assert_eq!(
        wire_kind(snappy::decompress_req_resp(&with(&over), 8)),
        WireErrorKind::LengthPrefixOverflow
    );
    // u64::MAX itself is a valid varint, out of bounds.
    let mut max = vec![0xff; 9];
    max.push(0x01);
    assert_eq!(snappy::read_length_prefix(&max), Ok((u64::MAX, 10)));
    let mut out = Vec::new();
    snappy::write_length_prefix(u64::MAX, &mut out);
    assert_eq!(out, max);
}

#[test]
fn random_corruptions_never_panic_and_never_allocate_past_the_bound() {
    let (wire, ssz) = valid_wire();
    let block = snappy::compress_gossip(&ssz).unwrap();
    let mut rng = XorShift64(0xbad);
    for round in 0..300 {
        for original in [&wire, &block] {
            let mut bytes = original.clone();
            for _ in 0..1 + round % 4 {
                let i = (rng.next() as usize) % bytes.len();
                bytes[i] = rng.next() as u8;
            }
            let max = ssz.len() + round;
            let (result, usage) = measure(|| {
                if std::ptr::eq(original, &wire) {
                    snappy::decode_req_resp::<Message>(&bytes, max).map(|_| ())
                } else {
                    snappy::decode_gossip::<Message>(&bytes, max).map(|_| ())
                }
            });
            // A payload buffer of at most `max` and the SSZ decode's own
            // bound on it.
            assert!(usage.peak <= 10 * max + SMALL, "{usage:?}");
            let _ = result;
        }
    }
}

#[test]
fn a_chunk_longer_than_any_encoder_writes_is_refused() {
    // The limit is max_compress_len(65536), as the reference readers have it.
    assert_eq!(snap::raw::max_compress_len(MAX_CHUNK_DATA_LEN), 76490);
    let data = vec![3u8; 200_000];
    for len in [76490usize, 76491] {
        let wire = message(
            data.len() as u64,
            &[
                STREAM_IDENTIFIER.to_vec(),
                chunk(0xfe, &vec![0; len]),
                compressed_chunk(&data[..MAX_CHUNK_DATA_LEN]),
            ],
        );
        let result = snappy::decompress_req_resp_prefix(&wire, MAX_PAYLOAD_SIZE);
        if len == 76490 {
            // Passed over; the payload then ends early.
            assert!(matches!(
                wire_kind(result),
                WireErrorKind::PayloadTruncated { .. }
            ));
        } else {
            let err = result.unwrap_err();
            assert_eq!(err.kind(), &WireErrorKind::ChunkTooLong { len });
            assert_eq!(err.offset(), varint(data.len() as u64).len() + 10);
        }
    }
}
