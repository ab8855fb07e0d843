//! `ssz_snappy` req/resp messages over streams (feature `snappy`): the
//! bytes `encode_req_resp` writes, read back through readers of one byte
//! and of random pieces, the message's tail left unread; on damaged
//! messages, the errors of `decode_req_resp_prefix`.

use std::io::{self, Read};

use peam_ssz_types::snappy::{self, SnappyError, SnappyStreamError, WireErrorKind};
use peam_ssz_types::stream::IoSource;
use peam_ssz_types::{ByteList, List, Ssz, TreeHash, U};

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Message {
    flag: bool,
    items: List<u64, U<100_000>>,
    blob: ByteList<U<1_000_000>>,
}

/// A reader that returns pieces of 1 to 97 bytes.
struct Pieces<'a> {
    bytes: &'a [u8],
    state: u64,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let n = (1 + self.state % 97) as usize;
        let n = n.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn messages() -> Vec<Message> {
    let blob: Vec<u8> = (0..300_000u32)
        .map(|i| (i % 251) as u8 ^ (i / 7000) as u8)
        .collect();
    vec![
        Message {
            flag: true,
            items: List::default(),
            blob: ByteList::default(),
        },
        Message {
            flag: false,
            items: List::try_from((0..1000u64).collect::<Vec<_>>()).unwrap(),
            blob: ByteList::try_from(b"peam".to_vec()).unwrap(),
        },
        Message {
            flag: true,
            items: List::try_from((0..40_000u64).map(|i| i * i).collect::<Vec<_>>()).unwrap(),
            blob: ByteList::try_from(blob).unwrap(),
        },
    ]
}

#[test]
fn written_as_encode_req_resp_and_read_back_leaving_the_tail() {
    for message in messages() {
        let max = 10 << 20;
        let wire = snappy::encode_req_resp(&message, max).unwrap();
        let mut written = Vec::new();
        snappy::write_req_resp(&message, max, &mut written).unwrap();
        assert_eq!(written, wire);
        let mut tail = wire.clone();
        tail.extend_from_slice(b"next");
        let mut slice = &tail[..];
        assert_eq!(
            snappy::read_req_resp_from::<Message, _>(&mut slice, max).unwrap(),
            message
        );
        assert_eq!(slice, b"next");
        let mut pieces = IoSource::new(Pieces {
            bytes: &tail,
            state: 99,
        });
        assert_eq!(
            snappy::read_req_resp_from::<Message, _>(&mut pieces, max).unwrap(),
            message
        );
        assert_eq!(pieces.into_inner().bytes, b"next");
        assert_eq!(
            snappy::read_req_resp::<Message>(&wire[..], max).unwrap(),
            message
        );
    }
    // Fixed-size types and empty payloads.
    let wire = snappy::encode_req_resp(&7u64, 8).unwrap();
    assert_eq!(snappy::read_req_resp::<u64>(&wire[..], 8).unwrap(), 7);
    let mut written = Vec::new();
    snappy::write_req_resp(&7u64, 8, &mut written).unwrap();
    assert_eq!(written, wire);
}

#[test]
fn the_length_prefix_is_checked_before_any_frame_is_read() {
    let message = &messages()[1];
    let wire = snappy::encode_req_resp(message, 1 << 20).unwrap();
    // Only the prefix is there: a bound under it fails on it alone.
    let err = snappy::read_req_resp::<Message>(&wire[..2], 64).unwrap_err();
    assert!(matches!(
        err,
        SnappyStreamError::Wire(ref e) if matches!(e.kind(), WireErrorKind::LengthOutOfBounds { .. })
    ));
    // A fixed-size type takes exactly its length.
    let wire = snappy::encode_req_resp(&7u64, 8).unwrap();
    assert!(snappy::read_req_resp::<u32>(&wire[..1], 8).is_err());
    // Writing refuses a value over the bound, before writing.
    let mut out = Vec::new();
    assert!(matches!(
        snappy::write_req_resp(message, 64, &mut out),
        Err(SnappyStreamError::Wire(_))
    ));
    assert!(out.is_empty());
}

/// Every truncation and many single-byte changes of a message: the stream
/// reader fails as the slice reader of a message prefix does, but for the
/// checks that need the whole input (an early end is `End`; a declared
/// length the input cannot reach is found later).
#[test]
fn damaged_messages_fail_as_the_slice_reader_fails() {
    let message = &messages()[1];
    let max = 1 << 20;
    let wire = snappy::encode_req_resp(message, max).unwrap();
    let mut inputs: Vec<Vec<u8>> = (0..wire.len()).map(|n| wire[..n].to_vec()).collect();
    for i in 0..wire.len() {
        for change in [0xff, 0x01, 0x80] {
            let mut bytes = wire.clone();
            bytes[i] ^= change;
            inputs.push(bytes);
        }
    }
    for bytes in inputs {
        let expected = snappy::decode_req_resp_prefix::<Message>(&bytes, max);
        let got = snappy::read_req_resp_from::<Message, _>(&mut &bytes[..], max);
        match (expected, got) {
            (Ok((value, _)), Ok(got)) => assert_eq!(got, value),
            (Err(SnappyError::Ssz(e)), Err(SnappyStreamError::Ssz(g))) => assert_eq!(e, g),
            (Err(SnappyError::Wire(e)), got) => match e.kind() {
                WireErrorKind::LengthPrefixTruncated
                | WireErrorKind::ChunkTruncated { .. }
                | WireErrorKind::PayloadTruncated { .. }
                | WireErrorKind::LengthUnreachable { .. } => {
                    assert!(got.is_err(), "{bytes:02x?}")
                }
                _ => assert_eq!(got.unwrap_err(), SnappyStreamError::Wire(e), "{bytes:02x?}"),
            },
            (expected, got) => panic!("{bytes:02x?}: {expected:?} but {got:?}"),
        }
    }
}
