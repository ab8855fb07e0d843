use super::*;
use crate::codec::container::{FieldShape, FixedPart};
use crate::codec::container_stream::{ContainerStreamReader, ContainerStreamWriter};
use crate::{DecodeErrorKind, PathSegment};
use alloc::string::ToString;
use alloc::vec;

/// `from_ssz` and `ssz_read_from` agree on `bytes`, from a slice.
fn agree<T: Ssz + PartialEq + fmt::Debug>(bytes: &[u8]) {
    let got = T::ssz_read_from(&mut &bytes[..], bytes.len()).map_err(|e| match e {
        StreamError::Decode(e) => e,
        other => panic!("{other:?}"),
    });
    assert_eq!(got, T::from_ssz(bytes), "{bytes:?}");
}

#[test]
fn a_slice_is_a_source_that_ends() {
    let bytes = [1u8, 2, 3];
    let mut source = &bytes[..];
    let mut buf = [0u8; 2];
    source.read_exact(&mut buf).unwrap();
    assert_eq!((buf, source), ([1, 2], &[3u8][..]));
    assert_eq!(source.read_exact(&mut buf), Err(StreamError::End));
    let mut sink = Vec::new();
    sink.write_all(&[4, 5]).unwrap();
    [6u8, 7].ssz_write_to(&mut sink).unwrap();
    assert_eq!(sink, [4, 5, 6, 7]);
}

#[test]
fn arrays_and_basic_types_read_as_from_ssz() {
    for len in 0..12 {
        let bytes: Vec<u8> = (0..len as u8).collect();
        agree::<u64>(&bytes);
        agree::<[u16; 4]>(&bytes);
        agree::<[bool; 3]>(&bytes);
        agree::<[Option<u8>; 2]>(&bytes);
        agree::<Option<u16>>(&bytes);
    }
    // Arrays of variable-size elements: offsets, then each element.
    let value = [Some(1u16), None, Some(3)];
    let bytes = value.to_ssz();
    let mut out = Vec::new();
    value.ssz_write_to(&mut out).unwrap();
    assert_eq!(out, bytes);
    assert_eq!(
        <[Option<u16>; 3]>::ssz_read_from(&mut &bytes[..], bytes.len()),
        Ok(value)
    );
    for i in 0..bytes.len() {
        for b in [0, 1, 2, 0xff] {
            let mut bad = bytes.clone();
            bad[i] = b;
            agree::<[Option<u16>; 3]>(&bad);
        }
    }
    // A wide array of fixed-size elements, in chunks: the index counts
    // from the start.
    let mut bytes = vec![1u8; 3 * SCRATCH_LEN];
    bytes[SCRATCH_LEN + 5] = 2;
    let err = <[bool; 3 * SCRATCH_LEN]>::ssz_read_from(&mut &bytes[..], bytes.len()).unwrap_err();
    assert_eq!(
        err.decode_error()
            .unwrap()
            .path()
            .copied()
            .collect::<Vec<_>>(),
        [PathSegment::Index(SCRATCH_LEN + 5)]
    );
}

/// The error of a long input unread is the one `from_ssz` gives on it.
#[test]
fn a_fixed_size_type_refuses_a_long_length_as_from_ssz() {
    fn check<T: Ssz + PartialEq + fmt::Debug>() {
        for len in [T::FIXED_PART_LEN + 1, T::FIXED_PART_LEN + 1025, 5000] {
            let bytes = vec![0u8; len];
            agree::<T>(&bytes);
        }
    }
    check::<bool>();
    check::<u8>();
    check::<u16>();
    check::<u32>();
    check::<u64>();
    check::<u128>();
    check::<[u8; 32]>();
    check::<[u64; 4]>();
    check::<[[u16; 2]; 3]>();
}

#[test]
fn a_fixed_size_type_refuses_a_long_length_unread() {
    let bytes = [0u8; 4096];
    let mut source = &bytes[..];
    let err = u64::ssz_read_from(&mut source, 4096).unwrap_err();
    assert_eq!(
        err.decode_error().unwrap().kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 8,
            got: 4096
        }
    );
    assert_eq!(source.len(), 4096);
}

#[test]
fn errors_say_what_and_chain() {
    let err = read_from::<[bool; 2], _>(&mut &[1u8, 2][..], 2).unwrap_err();
    assert_eq!(
        err.to_string(),
        "[bool; 2]: at [1]: invalid boolean byte 0x02"
    );
    let end: StreamError<Infallible> = StreamError::End;
    assert!(end.is_end());
    assert_eq!(end.to_string(), "the input ended before the length given");
    let io: StreamError<&str> = StreamError::Io("broken pipe");
    assert_eq!(io.to_string(), "reading failed: broken pipe");
    assert!(io.decode_error().is_none());
}

// `{ a: u16, b: [Option<u8>; 1], c: [u8; 300], d: Option<u16> }`: a
// variable-size field, a wide fixed-size one, another variable-size one.
static LAYOUT: FixedPart<4> = FixedPart::new([
    FieldShape::of::<u16>("a"),
    FieldShape::of::<[Option<u8>; 1]>("b"),
    FieldShape::of::<[bool; 300]>("c"),
    FieldShape::of::<Option<u16>>("d"),
]);

type Fields = (u16, [Option<u8>; 1], [bool; 300], Option<u16>);

fn write(v: &Fields) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = ContainerStreamWriter::new(&LAYOUT, &mut out);
    w.fixed(&v.0).unwrap();
    w.fixed(&v.1).unwrap();
    w.fixed(&v.2).unwrap();
    w.fixed(&v.3).unwrap();
    w.variable(&v.0).unwrap();
    w.variable(&v.1).unwrap();
    w.variable(&v.2).unwrap();
    w.variable(&v.3).unwrap();
    w.finish().unwrap();
    out
}

fn read(bytes: &[u8]) -> Result<Fields, StreamError<Infallible>> {
    let mut source = bytes;
    let mut r = ContainerStreamReader::new(&LAYOUT, &mut source, bytes.len())?;
    let f0 = r.fixed::<u16>()?;
    let f1 = r.fixed::<[Option<u8>; 1]>()?;
    let f2 = r.fixed::<[bool; 300]>()?;
    let f3 = r.fixed::<Option<u16>>()?;
    Ok((r.field(f0)?, r.field(f1)?, r.field(f2)?, r.field(f3)?))
}

fn decode(bytes: &[u8]) -> Result<Fields, DecodeError> {
    let mut d = crate::codec::container::ContainerDecoder::new(&LAYOUT, bytes)?;
    Ok((d.field()?, d.field()?, d.field()?, d.field()?))
}

#[test]
fn the_container_walkers_write_and_read_as_the_slice_codec() {
    let mut c = [false; 300];
    c[7] = true;
    let value: Fields = (0x0102, [Some(9)], c, Some(0x0304));
    let bytes = write(&value);
    // Fixed part: a (2), offset b (4), c (300), offset d (4); then b, d.
    assert_eq!(bytes.len(), 310 + 6 + 3);
    assert_eq!(read(&bytes), Ok(value));
    assert_eq!(decode(&bytes), Ok(value));
    let mut cases = vec![];
    for i in (0..bytes.len()).filter(|i| !(16..=300).contains(i)) {
        for b in [0, 2, 0xff] {
            let mut bad = bytes.clone();
            bad[i] = b;
            cases.push(bad);
        }
    }
    // `c` invalid, with and without `b` and the offset of `d` invalid.
    for (c_at, b_at, d_at) in [
        (10, None, None),
        (10, Some(314), None),
        (10, None, Some(306)),
    ] {
        let mut bad = bytes.clone();
        bad[c_at] = 2;
        if let Some(i) = b_at {
            bad[i] = 7; // b's selector
        }
        if let Some(i) = d_at {
            bad[i] = 0xff; // d's offset
        }
        cases.push(bad);
    }
    for len in 0..bytes.len() {
        cases.push(bytes[..len].to_vec());
    }
    for bad in cases {
        let got = read(&bad).map_err(|e| match e {
            StreamError::Decode(e) => e,
            other => panic!("{other:?}"),
        });
        assert_eq!(got, decode(&bad), "{bad:?}");
    }
}
