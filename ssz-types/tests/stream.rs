//! Streaming encoding and decoding (`peam_ssz_types::stream`): every
//! collection type and derived containers written to a sink and read back
//! through readers that return one byte at a time or pieces of random
//! sizes; every invalid input fails as `from_ssz` fails on it (kind and
//! path); bounds refused before any element is read.

use peam_ssz_types::stream::{self, IoSink, IoSource, Source, StreamError};
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, DecodeError, DecodeErrorKind, ExactList, List,
    PersistentList, PersistentProgressiveList, PersistentVector, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, RuntimeList, Ssz, TreeHash, Vector, U, U256,
};
use std::convert::Infallible;
use std::fmt::Debug;
use std::io::{self, Read};

// ---------------------------------------------------------------------------
// Readers.
// ---------------------------------------------------------------------------

/// A reader that returns one byte per call.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match (buf.first_mut(), self.0.split_first()) {
            (Some(slot), Some((byte, rest))) => {
                *slot = *byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// A reader that returns pieces of pseudo-random sizes (1 to 37 bytes, now
/// and then a few thousand), and now and then an `Interrupted` error, which
/// `read_exact` retries.
struct Pieces<'a> {
    bytes: &'a [u8],
    state: u64,
}

impl<'a> Pieces<'a> {
    fn new(bytes: &'a [u8], seed: u64) -> Self {
        Pieces {
            bytes,
            state: seed | 1,
        }
    }

    fn next(&mut self) -> u64 {
        // xorshift64
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let r = self.next();
        if r.is_multiple_of(11) {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let want = if r.is_multiple_of(7) {
            1 + r % 5000
        } else {
            1 + r % 37
        } as usize;
        let n = want.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A source that counts the bytes asked of it.
struct Counting<'a> {
    bytes: &'a [u8],
    read: usize,
}

impl Source for Counting<'_> {
    type Error = Infallible;

    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<Infallible>> {
        self.read += buf.len();
        Source::read_exact(&mut self.bytes, buf)
    }
}

// ---------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------

/// `value` written to a `Vec` and to a `Write` gives `to_ssz`'s bytes, and
/// reads back from a slice, a one-byte reader and random pieces, leaving
/// the bytes after it unread.
fn round_trip<T: Ssz + PartialEq + Debug>(value: &T) {
    let bytes = value.to_ssz();
    let mut out = Vec::new();
    value.ssz_write_to(&mut out).unwrap();
    assert_eq!(out, bytes, "ssz_write_to into a Vec");
    let mut sink = IoSink::new(Vec::new());
    stream::write_to(value, &mut sink).unwrap();
    assert_eq!(sink.into_inner(), bytes, "ssz_write_to into a Write");

    let mut tail = bytes.clone();
    tail.extend_from_slice(b"tail");
    let mut slice = &tail[..];
    assert_eq!(&T::ssz_read_from(&mut slice, bytes.len()).unwrap(), value);
    assert_eq!(slice, b"tail", "read exactly its length");

    let mut one = IoSource::new(OneByte(&tail));
    assert_eq!(&T::ssz_read_from(&mut one, bytes.len()).unwrap(), value);
    assert_eq!(one.into_inner().0, b"tail");

    for seed in [1, 7, 1234567] {
        let mut pieces = IoSource::new(Pieces::new(&tail, seed));
        assert_eq!(&T::ssz_read_from(&mut pieces, bytes.len()).unwrap(), value);
        assert_eq!(pieces.into_inner().bytes, b"tail");
    }
    assert_eq!(&stream::read::<T>(&bytes[..], bytes.len()).unwrap(), value);
    assert_eq!(&stream::read_to_end::<T>(&bytes[..]).unwrap(), value);
}

/// `ssz_read_from` on `bytes` gives what `from_ssz` gives: the same value
/// or the same error (kind and path), from a slice and a one-byte reader.
fn same_as_from_ssz<T: Ssz + PartialEq + Debug>(bytes: &[u8]) {
    let expected = T::from_ssz(bytes);
    let got = T::ssz_read_from(&mut &bytes[..], bytes.len()).map_err(decode_only);
    assert_eq!(got, expected, "slice source on {bytes:02x?}");
    let got =
        T::ssz_read_from(&mut IoSource::new(OneByte(bytes)), bytes.len()).map_err(decode_only);
    assert_eq!(got, expected, "one-byte reader on {bytes:02x?}");
    // The entry points name the type, as `decode` does.
    let expected = peam_ssz_types::decode::<T>(bytes);
    let got = stream::read::<T>(bytes, bytes.len()).map_err(decode_only);
    assert_eq!(got, expected);
}

fn decode_only<E: Debug>(e: StreamError<E>) -> DecodeError {
    match e {
        StreamError::Decode(e) => e,
        other => panic!("not a decode error: {other:?}"),
    }
}

/// Every truncation of `valid`, each byte changed three ways (the first 96
/// and the last 32 positions), two bytes appended, and, for short inputs,
/// every pair of positions changed: decoded from a stream as from a slice.
fn mutations_agree<T: Ssz + PartialEq + Debug>(valid: &[u8]) {
    same_as_from_ssz::<T>(valid);
    for len in 0..valid.len() {
        same_as_from_ssz::<T>(&valid[..len]);
    }
    let positions: Vec<usize> = (0..valid.len())
        .filter(|&i| i < 96 || i + 32 >= valid.len())
        .collect();
    let changes = [|b: u8| b ^ 0xff, |_| 0, |b: u8| b.wrapping_add(1)];
    for &i in &positions {
        for change in changes {
            let mut bytes = valid.to_vec();
            bytes[i] = change(bytes[i]);
            same_as_from_ssz::<T>(&bytes);
        }
    }
    let mut longer = valid.to_vec();
    longer.extend_from_slice(&[0, 1]);
    same_as_from_ssz::<T>(&longer);
    if valid.len() <= 48 {
        for i in 0..valid.len() {
            for j in i + 1..valid.len() {
                for (x, y) in [(0xff, 0xff), (0, 2), (2, 0)] {
                    let mut bytes = valid.to_vec();
                    bytes[i] ^= x;
                    bytes[j] = bytes[j].wrapping_add(y);
                    same_as_from_ssz::<T>(&bytes);
                }
            }
        }
    }
}

fn both<T: Ssz + PartialEq + Debug>(value: T) {
    round_trip(&value);
    mutations_agree::<T>(&value.to_ssz());
}

// ---------------------------------------------------------------------------
// Derived containers.
// ---------------------------------------------------------------------------

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

/// Fixed and variable fields, nested variable fields.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Block {
    slot: u64,
    source: Checkpoint,
    body: Body,
    flag: bool,
    extra: List<u16, U<8>>,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Body {
    graffiti: ByteList<U<32>>,
    items: List<List<u8, U<4>>, U<4>>,
    bits: Bitlist<U<20>>,
}

/// A fixed-size field wider than the reader's stack buffer between two
/// variable-size ones: its error is held while the later offset is read.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Wide {
    a: List<u8, U<8>>,
    big: Vector<bool, U<300>>,
    b: bool,
    c: List<u16, U<8>>,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[ssz(active_fields = [1, 0, 1, 1])]
struct Progressive {
    a: u16,
    b: ProgressiveList<u32>,
    c: Option<u8>,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
enum Either {
    Small(u16),
    Block(Block),
}

/// A `None` option and a gap in the selectors.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
enum Maybe {
    #[ssz(selector = 0)]
    None,
    #[ssz(selector = 1)]
    Some(List<u8, U<4>>),
    #[ssz(selector = 5)]
    Five(Wide),
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[ssz(transparent)]
struct Wrapped(List<u64, U<16>>);

/// A field coded `with` a module, and a skipped one.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct WithModule {
    a: u8,
    #[ssz(with = "as_list")]
    b: Vec<u8>,
    #[ssz(skip)]
    cache: u32,
    c: u16,
}

// The module's functions take the field's type, `&Vec<u8>`.
#[allow(clippy::ptr_arg)]
mod as_list {
    use peam_ssz_types::{ByteList, DecodeError, Ssz, TreeHash, U};

    pub const IS_FIXED_SIZE: bool = false;
    pub const FIXED_PART_LEN: usize = 4;

    pub fn ssz_len(v: &Vec<u8>) -> usize {
        v.len()
    }
    pub fn ssz_write(v: &Vec<u8>, out: &mut [u8]) {
        out.copy_from_slice(v)
    }
    pub fn from_ssz(bytes: &[u8]) -> Result<Vec<u8>, DecodeError> {
        ByteList::<U<6>>::from_ssz(bytes).map(|b| b.to_vec())
    }
    pub fn hash_tree_root(v: &Vec<u8>) -> [u8; 32] {
        ByteList::<U<6>>::try_from(v.clone())
            .unwrap()
            .hash_tree_root()
    }
}

/// A validation hook on a container and on a newtype.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[ssz(validate = "ordered")]
struct Range {
    start: u16,
    end: u16,
    tags: List<u8, U<4>>,
}

fn ordered(r: &Range) -> Result<(), DecodeError> {
    if r.start > r.end {
        return Err(DecodeError::new(DecodeErrorKind::Custom("start after end")));
    }
    Ok(())
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[ssz(transparent, validate = "nonzero")]
struct Height(u64);

fn nonzero(h: &Height) -> Result<(), DecodeError> {
    if h.0 == 0 {
        return Err(DecodeError::new(DecodeErrorKind::Custom("height 0")));
    }
    Ok(())
}

/// A container of pinned lists, fixed-size by declaration: the trait's
/// default streaming.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[ssz(fixed_len = 10)]
struct Pinned {
    a: u16,
    b: ExactList<u16, U<2>, U<8>>,
}

fn block() -> Block {
    Block {
        slot: 9,
        source: Checkpoint {
            epoch: 3,
            root: [7; 32],
        },
        body: Body {
            graffiti: ByteList::try_from(b"peam".to_vec()).unwrap(),
            items: List::try_from(vec![
                List::try_from(vec![1u8, 2]).unwrap(),
                List::default(),
                List::try_from(vec![3u8]).unwrap(),
            ])
            .unwrap(),
            bits: Bitlist::from_ssz(&[0b1010_0101, 0b0001_0010]).unwrap(),
        },
        flag: true,
        extra: List::try_from(vec![5u16, 6]).unwrap(),
    }
}

#[test]
fn derived_containers_round_trip_and_fail_as_from_ssz() {
    both(Checkpoint {
        epoch: 1,
        root: [2; 32],
    });
    both(block());
    both(Body {
        graffiti: ByteList::default(),
        items: List::default(),
        bits: Bitlist::from_ssz(&[1]).unwrap(),
    });
    let mut big = vec![false; 300];
    big[299] = true;
    both(Wide {
        a: List::try_from(vec![1u8]).unwrap(),
        big: Vector::try_from(big).unwrap(),
        b: true,
        c: List::try_from(vec![2u16]).unwrap(),
    });
    both(Progressive {
        a: 1,
        b: vec![1u32, 2, 3].into(),
        c: Some(4),
    });
    both(Range {
        start: 1,
        end: 5,
        tags: List::try_from(vec![9u8]).unwrap(),
    });
    both(Height(7));
    both(List::<Height, U<4>>::try_from(vec![Height(1), Height(2)]).unwrap());
    both(Pinned {
        a: 3,
        b: ExactList::try_from(vec![1u16, 2]).unwrap(),
    });
    both(Maybe::None);
    both(Maybe::Some(List::try_from(vec![1u8, 2]).unwrap()));
    both(Maybe::Five(Wide {
        a: List::default(),
        big: Vector::try_from(vec![true; 300]).unwrap(),
        b: false,
        c: List::default(),
    }));
    both(Either::Small(3));
    both(Either::Block(block()));
    both(Wrapped(List::try_from(vec![1u64, 2, 3]).unwrap()));
    both(WithModule {
        a: 1,
        b: vec![1, 2, 3],
        cache: 0,
        c: 7,
    });
}

/// The order of the slice decoder: every offset before any field, then the
/// fields in order. A fixed-size field that fails is held until the later
/// offsets are checked and the variable-size fields before it are read.
#[test]
fn a_fixed_field_error_waits_for_the_offsets_and_the_fields_before_it() {
    let value = Wide {
        a: List::try_from(vec![1u8]).unwrap(),
        big: Vector::try_from(vec![true; 300]).unwrap(),
        b: true,
        c: List::try_from(vec![2u16]).unwrap(),
    };
    let valid = value.to_ssz();
    // Fixed part: offset a (0..4), big (4..304), b (304), offset c (305..309).
    let mut bad = valid.clone();
    bad[10] = 2; // big[6] is not a boolean
    same_as_from_ssz::<Wide>(&bad);
    assert_eq!(
        Wide::from_ssz(&bad).unwrap_err().to_string(),
        "at .big[6]: invalid boolean byte 0x02"
    );
    // And the offset of `c` past the end: that comes first.
    bad[305] = 0xff;
    same_as_from_ssz::<Wide>(&bad);
    assert!(matches!(
        Wide::from_ssz(&bad).unwrap_err().kind(),
        DecodeErrorKind::OffsetOutOfBounds { .. }
    ));
    // `a`'s own bytes over its limit: `a` is before `big`, so its error.
    let mut bad = value.to_ssz();
    bad[10] = 2;
    let mut long = bad[..309].to_vec();
    long.extend_from_slice(&[0; 9]); // a: 9 bytes
    long.extend_from_slice(&bad[310..]);
    long[305..309].copy_from_slice(&(309u32 + 9).to_le_bytes());
    same_as_from_ssz::<Wide>(&long);
    assert_eq!(
        Wide::from_ssz(&long).unwrap_err().to_string(),
        "at .a: 9 elements exceed the limit 8"
    );
}

// ---------------------------------------------------------------------------
// The collections.
// ---------------------------------------------------------------------------

#[test]
fn lists_and_vectors_round_trip_and_fail_as_from_ssz() {
    both(List::<u64, U<100>>::try_from((0..37u64).collect::<Vec<_>>()).unwrap());
    both(List::<u64, U<100>>::default());
    both(List::<bool, U<100>>::try_from(vec![true, false, true]).unwrap());
    both(
        List::<List<u8, U<10>>, U<10>>::try_from(vec![
            List::try_from(vec![1u8, 2, 3]).unwrap(),
            List::default(),
            List::try_from(vec![4u8]).unwrap(),
        ])
        .unwrap(),
    );
    both(Vector::<u16, U<5>>::try_from(vec![1u16, 2, 3, 4, 5]).unwrap());
    both(
        Vector::<ByteList<U<8>>, U<3>>::try_from(vec![
            ByteList::try_from(vec![1u8]).unwrap(),
            ByteList::default(),
            ByteList::try_from(vec![2u8, 3]).unwrap(),
        ])
        .unwrap(),
    );
    both(
        Vector::<Checkpoint, U<2>>::try_from(vec![
            Checkpoint {
                epoch: 1,
                root: [1; 32],
            },
            Checkpoint {
                epoch: 2,
                root: [2; 32],
            },
        ])
        .unwrap(),
    );
    both(ProgressiveList::<u32>::from(vec![1u32, 2, 3]));
    both(ProgressiveList::<List<u8, U<4>>>::from(vec![
        List::try_from(vec![9u8]).unwrap(),
        List::default(),
    ]));
    both(ExactList::<u16, U<2>, U<4>>::try_from(vec![1u16, 2]).unwrap());
    both(PersistentList::<u64, U<64>>::try_from(vec![1u64, 2, 3]).unwrap());
    both(PersistentVector::<u32, U<4>>::try_from(vec![1u32, 2, 3, 4]).unwrap());
    both(
        PersistentList::<List<u8, U<4>>, U<64>>::try_from(vec![
            List::try_from(vec![1u8, 2]).unwrap(),
            List::default(),
        ])
        .unwrap(),
    );
    both(PersistentProgressiveList::<u16>::from(vec![1u16, 2, 3]));
    both(PersistentProgressiveList::<List<u8, U<4>>>::from(vec![
        List::try_from(vec![5u8]).unwrap(),
    ]));
    both(RuntimeList::<u64, U<16>>::try_from_vec(vec![1, 2, 3], 16).unwrap());
    both(
        RuntimeList::<List<u8, U<4>>, U<16>>::try_from_vec(
            vec![List::try_from(vec![5u8]).unwrap(), List::default()],
            16,
        )
        .unwrap(),
    );
    // Many leaves, and values the scratch buffer takes in several rounds.
    let values: Vec<u64> = (0..20_000).collect();
    round_trip(&PersistentList::<u64, U<100_000>>::try_from(values.clone()).unwrap());
    round_trip(&PersistentProgressiveList::<u64>::from(values));
    let lists: Vec<List<u8, U<4>>> = (0..10_000u32)
        .map(|i| List::try_from(vec![i as u8; (i % 5) as usize]).unwrap())
        .collect();
    round_trip(&PersistentList::<List<u8, U<4>>, U<100_000>>::try_from(lists).unwrap());
}

#[test]
fn bytes_and_bits_round_trip_and_fail_as_from_ssz() {
    both(ByteList::<U<64>>::try_from(vec![1u8, 2, 3]).unwrap());
    both(ByteList::<U<64>>::default());
    both(ByteVector::<U<48>>::try_from(vec![7u8; 48]).unwrap());
    both(<ProgressiveByteList>::from(vec![1u8, 2, 3]));
    both(Bitlist::<U<20>>::from_ssz(&[0xff, 0x1f]).unwrap());
    both(Bitvector::<U<10>>::from_ssz(&[0xff, 0x01]).unwrap());
    both(<ProgressiveBitlist>::from_ssz(&[0x0f, 0x03]).unwrap());
    both(Bitlist::<U<16>>::from_ssz(&[0xff, 0xff, 0x01]).unwrap());
    both(Bitlist::<U<16>>::from_ssz(&[0x01]).unwrap());
    both(Bitvector::<U<2048>>::from_ssz(&[0x5a; 256]).unwrap());
    // Too long for the bound: the error of `from_ssz`, from the last byte.
    for last in [0u8, 1, 0x80] {
        let mut bytes = vec![0xffu8; 5000];
        bytes.push(last);
        same_as_from_ssz::<Bitlist<U<16>>>(&bytes);
        same_as_from_ssz::<Bitlist<U<16>>>(&bytes[..3]);
    }
    both(U256::from(12345u64));
    // A fixed-size type refuses a long input unread, with `from_ssz`'s
    // error on it.
    for len in [1100, 5000] {
        let bytes = vec![0u8; len];
        same_as_from_ssz::<U256>(&bytes);
        same_as_from_ssz::<Bitvector<U<10>>>(&bytes);
        same_as_from_ssz::<peam_ssz_types::Bytes32>(&bytes);
        same_as_from_ssz::<ByteVector<U<48>>>(&bytes);
        same_as_from_ssz::<Checkpoint>(&bytes);
        same_as_from_ssz::<Vector<u16, U<5>>>(&bytes);
        same_as_from_ssz::<Pinned>(&bytes);
        same_as_from_ssz::<Height>(&bytes);
    }
    both([1u64, 2, 3]);
    both([[1u8, 2], [3, 4]]);
    both([Some(1u16), None, Some(3)]);
    both(Some(List::<u8, U<4>>::try_from(vec![1u8]).unwrap()));
    both(Box::new(block()));
}

/// Sequences longer than the scratch buffer, of fixed-size elements (read
/// in chunks: the error index counts from the list's start) and of wide
/// elements.
#[test]
fn long_sequences_go_through_the_scratch_buffer() {
    let n = 3 * stream::SCRATCH_LEN / 8 + 5;
    let values: Vec<u64> = (0..n as u64).collect();
    let list = List::<u64, U<1_000_000>>::try_from(values).unwrap();
    round_trip(&list);
    let bools = List::<bool, U<1_000_000>>::try_from(vec![true; 100_000]).unwrap();
    round_trip(&bools);
    let mut bad = bools.to_ssz();
    bad[77_777] = 2;
    same_as_from_ssz::<List<bool, U<1_000_000>>>(&bad);
    assert_eq!(
        List::<bool, U<1_000_000>>::from_ssz(&bad)
            .unwrap_err()
            .to_string(),
        "at [77777]: invalid boolean byte 0x02"
    );
    let wide = List::<[u8; 40_000], U<4>>::try_from(vec![[1u8; 40_000], [2; 40_000]]).unwrap();
    round_trip(&wide);
    let array = [7u32; 20_000];
    round_trip(&array);
    let bytes = ByteList::<U<1_000_000>>::try_from(vec![3u8; 200_000]).unwrap();
    round_trip(&bytes);
}

// ---------------------------------------------------------------------------
// Bounds before reading.
// ---------------------------------------------------------------------------

#[test]
fn a_length_over_the_limit_is_refused_before_any_element_is_read() {
    let bytes = vec![0u8; 1 << 16];
    // 41 u64 in a list of 40.
    let mut source = Counting {
        bytes: &bytes,
        read: 0,
    };
    let err = List::<u64, U<40>>::ssz_read_from(&mut source, 41 * 8).unwrap_err();
    assert_eq!(
        err.decode_error().unwrap().kind(),
        &DecodeErrorKind::TooManyElements { len: 41, max: 40 }
    );
    assert_eq!(source.read, 0);
    // A byte list.
    let err = ByteList::<U<40>>::ssz_read_from(&mut source, 41).unwrap_err();
    assert!(err.decode_error().is_some());
    assert_eq!(source.read, 0);
    // A vector of the wrong length, a fixed-size container too long.
    assert!(Vector::<u16, U<4>>::ssz_read_from(&mut source, 10).is_err());
    assert!(Checkpoint::ssz_read_from(&mut source, 1 << 20).is_err());
    assert_eq!(source.read, 0);
    // Variable-size elements: the first offset alone says 100 elements.
    let mut head = 400u32.to_le_bytes().to_vec();
    head.resize(1 << 12, 0);
    let mut source = Counting {
        bytes: &head,
        read: 0,
    };
    let err = List::<List<u8, U<4>>, U<40>>::ssz_read_from(&mut source, 1 << 12).unwrap_err();
    assert_eq!(
        err.decode_error().unwrap().kind(),
        &DecodeErrorKind::TooManyElements { len: 100, max: 40 }
    );
    assert_eq!(source.read, 4);
}

#[test]
fn an_early_end_is_told_apart() {
    let bytes = block().to_ssz();
    for len in [0, 1, 20, bytes.len() - 1] {
        let err = Block::ssz_read_from(&mut &bytes[..len], bytes.len()).unwrap_err();
        assert!(err.is_end(), "{len}: {err:?}");
        let err = stream::read::<Block>(&bytes[..len], bytes.len()).unwrap_err();
        assert!(err.is_end());
        assert_eq!(io::Error::from(err).kind(), io::ErrorKind::UnexpectedEof);
    }
    let err = stream::read::<[bool; 1]>(&[2u8][..], 1).unwrap_err();
    let io_err = io::Error::from(err);
    assert_eq!(io_err.kind(), io::ErrorKind::InvalidData);
    assert_eq!(
        io_err.to_string(),
        "[bool; 1]: at [0]: invalid boolean byte 0x02"
    );
    // Error chains: the decode error is the source.
    let err = stream::read::<[bool; 1]>(&[2u8][..], 1).unwrap_err();
    let source = std::error::Error::source(&err).unwrap();
    assert!(source.downcast_ref::<DecodeError>().is_some());
}
