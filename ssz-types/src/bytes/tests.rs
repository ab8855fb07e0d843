use super::*;
use crate::{BoundError, DecodeErrorKind, HexError, LengthError, List, Ssz, TreeHash, U};

#[test]
fn byte_list_is_a_list_of_bytes() {
    let b = ByteList::<U<40>>::try_from(&[1u8, 2, 3][..]).unwrap();
    let l = List::<u8, U<40>>::try_from(vec![1, 2, 3]).unwrap();
    assert_eq!(b.to_ssz(), [1, 2, 3]);
    assert_eq!(b.to_ssz(), l.to_ssz());
    assert_eq!(b.hash_tree_root(), l.hash_tree_root());
    let mut buf = vec![9];
    b.ssz_append(&mut buf);
    assert_eq!(buf, [9, 1, 2, 3]);
    assert_eq!(ByteList::<U<40>>::from_ssz(&[1, 2, 3]).unwrap(), b);
    assert_eq!(
        *ByteList::<U<2>>::from_ssz(&[1, 2, 3]).unwrap_err().kind(),
        DecodeErrorKind::TooManyElements { len: 3, max: 2 }
    );
    assert!(ByteList::<U<0>>::from_ssz(&[]).unwrap().is_empty());
}

#[test]
fn byte_list_api() {
    let mut b = ByteList::<U<3>>::new();
    b.push(1).unwrap();
    b.extend_from_slice(&[2, 3]).unwrap();
    assert_eq!(b.push(4), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(
        b.extend_from_slice(&[4]),
        Err(BoundError { len: 4, max: 3 })
    );
    assert_eq!(ByteList::<U<3>>::max_len(), 3);
    assert_eq!(b.to_string(), "0x010203");
    assert_eq!(format!("{b:?}"), "0x010203");
    assert_eq!(b.pop(), Some(3));
    b[0] = 0xff;
    b.as_mut_bytes()[1] = 0xee;
    assert_eq!(b.as_bytes(), [0xff, 0xee]);
    assert_eq!((&b).into_iter().count(), 2);
    b.truncate(1);
    assert_eq!(Vec::from(b.clone()), [0xff]);
    b.clear();
    assert_eq!(b, ByteList::default());
    assert!(ByteList::<U<3>>::try_from(vec![0; 4]).is_err());
    assert!(ByteList::<U<3>>::try_from(&[0u8; 4][..]).is_err());
    assert_eq!(
        "0x0102".parse::<ByteList<U<3>>>().unwrap().into_vec(),
        [1, 2]
    );
    assert_eq!(
        "0x01020304".parse::<ByteList<U<3>>>(),
        Err(HexError::TooLong { len: 4, max: 3 })
    );
}

#[test]
fn byte_vector_is_a_vector_of_bytes() {
    let v = ByteVector::<U<33>>::try_from((0..33).collect::<Vec<u8>>()).unwrap();
    let a: [u8; 33] = core::array::from_fn(|i| i as u8);
    assert_eq!(v.to_ssz(), a.to_ssz());
    assert_eq!(v.hash_tree_root(), a.hash_tree_root());
    let mut buf = Vec::new();
    v.ssz_append(&mut buf);
    assert_eq!(buf, a);
    assert_eq!(ByteVector::<U<33>>::from_ssz(&a).unwrap(), v);
    assert_eq!(
        *ByteVector::<U<33>>::from_ssz(&a[..32]).unwrap_err().kind(),
        DecodeErrorKind::InvalidLength {
            expected: 33,
            got: 32
        }
    );
    assert!(ByteVector::<U<0>>::from_ssz(&[]).is_err());
    assert!(ByteVector::<U<0>>::try_from(vec![]).is_err());
    assert!(ByteVector::<U<2>>::try_from(&[1u8][..]).is_err());
    assert_eq!(ByteVector::<U<2>>::vector_len(), 2);
    assert_eq!(
        "0x0102".parse::<ByteVector<U<2>>>().unwrap().as_bytes(),
        [1, 2]
    );
    assert_eq!(
        "0x01".parse::<ByteVector<U<2>>>(),
        Err(HexError::InvalidLength {
            expected: 2,
            got: 1
        })
    );
    assert_eq!(ByteVector::<U<2>>::default().to_string(), "0x0000");
}

#[test]
fn progressive_byte_list() {
    let p = ProgressiveByteList::from(&[1u8, 2][..]);
    assert_eq!(p.to_ssz(), [1, 2]);
    assert_eq!(ProgressiveByteList::from_ssz(&[1, 2]).unwrap(), p);
    let pl: crate::ProgressiveList<u8> = vec![1, 2].into();
    assert_eq!(p.hash_tree_root(), pl.hash_tree_root());
    let mut q: ProgressiveByteList = "0x01".parse().unwrap();
    q.as_mut_vec().push(2);
    assert_eq!(q, p);
    assert_eq!(<ProgressiveByteList>::new().to_ssz(), [] as [u8; 0]);
}

#[test]
fn fixed_bytes_are_arrays() {
    fn check<const N: usize>() {
        let a: [u8; N] = core::array::from_fn(|i| (i * 7 + 1) as u8);
        let f = FixedBytes(a);
        assert_eq!(f.to_ssz(), a.to_ssz());
        assert_eq!(f.hash_tree_root(), a.hash_tree_root(), "{N}");
        assert_eq!(FixedBytes::<N>::from_ssz(&a).unwrap(), f);
        // Leaves of a list match the array's, on every path.
        let many: Vec<FixedBytes<N>> = (0..5u8).map(|k| FixedBytes(a.map(|x| x ^ k))).collect();
        let arrays: Vec<[u8; N]> = many.iter().map(|f| f.0).collect();
        assert_eq!(
            crate::codec::list_root(&many, 8),
            crate::codec::list_root(&arrays, 8),
            "{N}"
        );
        let enc = List::<FixedBytes<N>, U<8>>::try_from(many.clone())
            .unwrap()
            .to_ssz();
        assert_eq!(
            enc,
            List::<[u8; N], U<8>>::try_from(arrays).unwrap().to_ssz()
        );
        assert_eq!(
            List::<FixedBytes<N>, U<8>>::from_ssz(&enc)
                .unwrap()
                .as_slice(),
            many
        );
    }
    check::<1>();
    check::<4>();
    check::<20>();
    check::<32>();
    check::<33>();
    check::<48>();
    check::<64>();
    check::<65>();
    check::<96>();
}

#[test]
fn fixed_bytes_api() {
    let b: Bytes4 = "0xDEADbeef".parse().unwrap();
    assert_eq!(b.0, [0xde, 0xad, 0xbe, 0xef]);
    assert_eq!(b.to_string(), "0xdeadbeef");
    assert_eq!(format!("{b:?}"), "0xdeadbeef");
    assert_eq!(format!("{b:x}"), "deadbeef");
    assert_eq!(format!("{b:#x}"), "0xdeadbeef");
    assert_eq!(
        "0xdead".parse::<Bytes4>(),
        Err(HexError::InvalidLength {
            expected: 4,
            got: 2
        })
    );
    assert_eq!("dead".parse::<Bytes4>(), Err(HexError::MissingPrefix));
    assert!(Bytes4::ZERO.is_zero());
    assert_eq!(Bytes96::default(), FixedBytes([0; 96]));
    assert_eq!(
        Bytes4::from_slice(&[1, 2]),
        Err(LengthError {
            len: 2,
            expected: 4
        })
    );
    assert_eq!(
        Bytes4::try_from(&[1u8, 2, 3, 4][..]).unwrap().into_inner(),
        [1, 2, 3, 4]
    );
    let mut c = Bytes4::new([0; 4]);
    c[0] = 1;
    c.as_mut()[1] = 2;
    assert_eq!(c.as_bytes(), &[1, 2, 0, 0]);
    assert_eq!(<[u8; 4]>::from(c), [1, 2, 0, 0]);
    assert!(Bytes4::ZERO < c);
    assert_eq!(
        *Bytes4::from_ssz(&[1, 2, 3]).unwrap_err().kind(),
        DecodeErrorKind::InvalidLength {
            expected: 4,
            got: 3
        }
    );
    assert!(FixedBytes::<0>::from_ssz(&[]).is_err());
    assert!(List::<Bytes4, U<4>>::from_ssz(&[0; 6]).is_err());
    // The literal root of a 48-byte value: hash(first 32, last 16 padded).
    let pk = FixedBytes([0xaa; 48]);
    let mut block = [0u8; 64];
    block[..48].fill(0xaa);
    assert_eq!(pk.hash_tree_root(), crate::hash::sha256(&block));
}

/// Each kind's checks, written once from its numbers, agree wherever bytes
/// come in: a constructor, decoding, a view, a stream and hex accept the
/// same lengths, and decoding, the view and the stream give the same kind
/// of error.
fn checks_agree<K: ByteKind>(lengths: core::ops::RangeInclusive<usize>) -> Vec<DecodeErrorKind> {
    let mut errors = Vec::new();
    for len in lengths {
        let bytes = vec![7u8; len];
        let built = ByteSeq::<K>::try_from_vec(bytes.clone()).is_ok();
        let decoded = ByteSeq::<K>::from_ssz(&bytes);
        let viewed = crate::view::view::<ByteSeq<K>>(&bytes).map(|_| ());
        let streamed = ByteSeq::<K>::ssz_read_from(&mut &bytes[..], len);
        let hex = crate::hex::to_hex(&bytes).parse::<ByteSeq<K>>();
        assert_eq!(decoded.is_ok(), built, "{len} bytes");
        assert_eq!(hex.is_ok(), built, "{len} bytes");
        match decoded {
            Ok(value) => {
                assert_eq!(value.as_bytes(), bytes);
                assert!(viewed.is_ok());
                assert_eq!(streamed.unwrap(), value);
            }
            Err(e) => {
                assert_eq!(viewed.unwrap_err().kind(), e.kind());
                let streamed = streamed.unwrap_err();
                assert_eq!(streamed.decode_error().map(|e| e.kind()), Some(e.kind()));
                errors.push(*e.kind());
            }
        }
    }
    errors
}

#[test]
fn every_kind_checks_a_length_the_same_way_everywhere() {
    use crate::{Unbounded, V1_7};
    let too_many = |len| DecodeErrorKind::TooManyElements { len, max: 3 };
    assert_eq!(
        checks_agree::<ByteListKind<U<3>>>(0..=5),
        [too_many(4), too_many(5)]
    );
    let wrong = |got| DecodeErrorKind::InvalidLength { expected: 2, got };
    assert_eq!(
        checks_agree::<ByteVectorKind<U<2>>>(0..=3),
        [wrong(0), wrong(1), wrong(3)]
    );
    assert_eq!(
        checks_agree::<ByteVectorKind<U<0>>>(0..=1),
        [DecodeErrorKind::ZeroLengthVector; 2]
    );
    let over = |len| DecodeErrorKind::ExceedsMaximum { len, max: 2 };
    assert_eq!(
        checks_agree::<ProgressiveByteKind<V1_7, U<2>>>(0..=4),
        [over(3), over(4)]
    );
    assert!(checks_agree::<ProgressiveByteKind<V1_7, Unbounded>>(0..=64).is_empty());
    assert_eq!(
        "0x010203".parse::<ProgressiveByteList<V1_7, U<2>>>(),
        Err(HexError::TooLong { len: 3, max: 2 })
    );
    assert_eq!(
        "0x".parse::<ByteVector<U<0>>>(),
        Err(HexError::InvalidLength {
            expected: 0,
            got: 0
        })
    );
}
