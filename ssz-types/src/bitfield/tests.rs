use super::*;
use crate::{BoundError, DecodeErrorKind, HexError, IndexError, LengthError, Ssz, U};
use alloc::string::ToString;
use alloc::vec::Vec;

/// What parsing hex gives for an encoding it refuses with `kind`.
fn encoding_error<T>(kind: DecodeErrorKind) -> Result<T, HexError> {
    Err(HexError::InvalidEncoding(kind))
}

#[test]
fn bitlist_encoding_adds_the_delimiter() {
    // ssz/simple-serialize.md: the delimiter sits at bit index len.
    let cases: &[(&[bool], &[u8])] = &[
        (&[], &[0b1]),
        (&[true], &[0b11]),
        (&[false, false, true, true, true], &[0b0011_1100]),
        (&[true; 7], &[0xff]),
        (&[true; 8], &[0xff, 0x01]),
        (&[false; 8], &[0x00, 0x01]),
        (
            &[true, false, false, false, false, false, false, false, true],
            &[0x01, 0b11],
        ),
    ];
    for &(bits, bytes) in cases {
        let b = Bitlist::<U<16>>::from_bools(bits).unwrap();
        assert_eq!(b.to_ssz(), bytes, "{bits:?}");
        assert_eq!(b.ssz_len(), bytes.len());
        let d = Bitlist::<U<16>>::from_ssz(bytes).unwrap();
        assert_eq!(d, b);
        assert_eq!(d.iter().collect::<Vec<_>>(), bits);
        assert_eq!(d.len(), bits.len());
    }
    // The stored bytes never hold the delimiter.
    let b = Bitlist::<U<16>>::from_ssz(&[0b0011_1100]).unwrap();
    assert_eq!(b.as_bytes(), [0b0001_1100]);
    assert_eq!(
        Bitlist::<U<16>>::from_ssz(&[0x00, 0x01])
            .unwrap()
            .as_bytes(),
        [0]
    );
}

#[test]
fn bitlist_decoding_rejects() {
    let kind = |b: &[u8]| *Bitlist::<U<8>>::from_ssz(b).unwrap_err().kind();
    assert_eq!(kind(&[]), DecodeErrorKind::BitlistNoDelimiter);
    assert_eq!(kind(&[0]), DecodeErrorKind::BitlistNoDelimiter);
    assert_eq!(kind(&[0xff, 0]), DecodeErrorKind::BitlistNoDelimiter);
    assert_eq!(
        kind(&[0, 0b10]),
        DecodeErrorKind::TooManyBits { len: 9, max: 8 }
    );
    assert_eq!(
        kind(&[0, 0, 1]),
        DecodeErrorKind::TooManyBits { len: 16, max: 8 }
    );
    assert!(Bitlist::<U<8>>::from_ssz(&[0, 1]).is_ok());
    assert_eq!(
        *Bitlist::<U<0>>::from_ssz(&[0b10]).unwrap_err().kind(),
        DecodeErrorKind::TooManyBits { len: 1, max: 0 }
    );
    assert!(Bitlist::<U<0>>::from_ssz(&[1]).unwrap().is_empty());
}

#[test]
fn bitlist_api() {
    let mut b = Bitlist::<U<10>>::default();
    assert!(b.is_empty());
    for i in 0..10 {
        b.push(i % 3 == 0).unwrap();
    }
    assert_eq!(b.push(true), Err(BoundError { len: 11, max: 10 }));
    assert_eq!(b.len(), 10);
    assert_eq!(b.count_ones(), 4);
    assert_eq!(b.ones().collect::<Vec<_>>(), [0, 3, 6, 9]);
    assert_eq!(b.get(9), Some(true));
    assert_eq!(b.get(10), None);
    assert_eq!(b.set(10, true), Err(IndexError { index: 10, len: 10 }));
    b.set(9, false).unwrap();
    b.set(1, true).unwrap();
    assert_eq!(format!("{b:?}"), "Bitlist(1101001000)");
    assert_eq!(b.as_bytes(), [0b0100_1011, 0]);
    assert_eq!(
        Bitlist::<U<10>>::with_len(11),
        Err(BoundError { len: 11, max: 10 })
    );
    assert!(Bitlist::<U<10>>::from_bools(&[false; 11]).is_err());
    let z = Bitlist::<U<10>>::with_len(10).unwrap();
    assert!(z.is_zero());
    assert_eq!(b.union(&z).unwrap(), b);
    assert_eq!(b.intersection(&z).unwrap(), z);
    assert!(!b.intersects(&z));
    assert!(b.intersects(&b));
    assert_eq!(b.union(&Bitlist::new()), None);
    assert_eq!(Bitlist::<U<10>>::max_len(), 10);
    assert_eq!((&b).into_iter().next_back(), Some(false));
    assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0x01], 9).is_ok());
    assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0x02], 9).is_err());
    assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff], 9).is_err());
    assert!(Bitlist::<U<10>>::from_raw_bytes(vec![0xff, 0xff], 16).is_err());
}

#[test]
fn bitvector_encoding_is_the_packed_bits() {
    let b = Bitvector::<U<10>>::from_bools(&[
        true, false, true, false, false, false, false, false, false, true,
    ])
    .unwrap();
    assert_eq!(b.to_ssz(), [0b101, 0b10]);
    assert_eq!(Bitvector::<U<10>>::from_ssz(&[0b101, 0b10]).unwrap(), b);
    assert_eq!(<Bitvector<U<10>> as Ssz>::FIXED_PART_LEN, 2);
    assert_eq!(<Bitvector<U<8>> as Ssz>::FIXED_PART_LEN, 1);
    assert_eq!(<Bitvector<U<9>> as Ssz>::FIXED_PART_LEN, 2);
    assert_eq!(
        Bitvector::<U<8>>::from_ssz(&[0xff]).unwrap().count_ones(),
        8
    );
    assert_eq!(format!("{b:?}"), "Bitvector(1010000001)");
}

#[test]
fn bitvector_decoding_rejects() {
    let kind = |b: &[u8]| *Bitvector::<U<10>>::from_ssz(b).unwrap_err().kind();
    assert_eq!(
        kind(&[0]),
        DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 1
        }
    );
    assert_eq!(
        kind(&[0, 0, 0]),
        DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 3
        }
    );
    assert_eq!(kind(&[0, 0b100]), DecodeErrorKind::BitvectorExcessBits);
    assert_eq!(kind(&[0, 0x80]), DecodeErrorKind::BitvectorExcessBits);
    assert!(Bitvector::<U<10>>::from_ssz(&[0xff, 0b11]).is_ok());
    assert!(Bitvector::<U<0>>::from_ssz(&[]).is_err());
    assert!(Bitvector::<U<0>>::from_raw_bytes(vec![]).is_err());
    assert!(Bitvector::<U<0>>::from_bools(&[]).is_err());
}

#[test]
fn bitvector_api() {
    let mut b = Bitvector::<U<4>>::default();
    assert_eq!(b.len(), 4);
    assert!(!b.is_empty());
    assert!(b.is_zero());
    b.set(3, true).unwrap();
    assert_eq!(b.set(4, true), Err(IndexError { index: 4, len: 4 }));
    assert_eq!(b.get(3), Some(true));
    assert_eq!(b.get(4), None);
    assert_eq!(b.as_bytes(), [0b1000]);
    assert_eq!(b.iter().collect::<Vec<_>>(), [false, false, false, true]);
    assert_eq!((&b).into_iter().len(), 4);
    assert_eq!(b.ones().collect::<Vec<_>>(), [3]);
    let c = Bitvector::<U<4>>::from_bools(&[true, false, false, false]).unwrap();
    assert_eq!(b.union(&c).as_bytes(), [0b1001]);
    assert!(b.intersection(&c).is_zero());
    assert!(!b.intersects(&c));
    assert!(Bitvector::<U<4>>::from_bools(&[true; 5]).is_err());
}

#[test]
fn progressive_bitlist_encodes_like_a_bitlist() {
    let bits = [true, true, false, true, false, false, false, false, true];
    let p = <ProgressiveBitlist>::from_bools(&bits);
    assert_eq!(p.to_ssz(), [0b0000_1011, 0b11]);
    assert_eq!(
        ProgressiveBitlist::from_ssz(&[0b0000_1011, 0b11]).unwrap(),
        p
    );
    assert_eq!(p.as_bytes(), [0b0000_1011, 0b1]);
    assert_eq!(<ProgressiveBitlist>::new().to_ssz(), [1]);
    let kind = |b: &[u8]| *<ProgressiveBitlist>::from_ssz(b).unwrap_err().kind();
    assert_eq!(kind(&[]), DecodeErrorKind::BitlistNoDelimiter);
    assert_eq!(kind(&[1, 0]), DecodeErrorKind::BitlistNoDelimiter);
}

#[test]
fn progressive_bitlist_api() {
    let mut p: ProgressiveBitlist = [true, false].into_iter().collect();
    p.push(true);
    assert_eq!(p.len(), 3);
    assert!(!p.is_empty());
    assert_eq!(p.count_ones(), 2);
    assert_eq!(p.get(2), Some(true));
    assert_eq!(p.get(3), None);
    assert_eq!(p.set(3, true), Err(IndexError { index: 3, len: 3 }));
    p.set(0, false).unwrap();
    assert_eq!(format!("{p:?}"), "ProgressiveBitlist(001)");
    assert_eq!((&p).into_iter().collect::<Vec<_>>(), [false, false, true]);
    assert_eq!(<ProgressiveBitlist>::with_len(9).as_bytes(), [0, 0]);
    assert_eq!(ProgressiveBitlist::from_raw_bytes(vec![4], 3).unwrap(), p);
    assert!(<ProgressiveBitlist>::from_raw_bytes(vec![8], 3).is_err());
}

#[test]
fn a_too_long_bitlist_counts_bits() {
    let err = Bitlist::<U<8>>::from_ssz(&[0, 0b10]).unwrap_err();
    assert_eq!(err.to_string(), "9 bits exceed the limit 8");
    assert_eq!(
        *Bitlist::<U<8>>::from_raw_bytes(vec![0, 1], 9)
            .unwrap_err()
            .kind(),
        DecodeErrorKind::TooManyBits { len: 9, max: 8 }
    );
}

#[test]
fn bitfields_parse_their_hex_form() {
    // Bitlist: the encoding, delimiter included.
    let list = Bitlist::<U<16>>::from_bools(&[true, false, true]).unwrap();
    let hex = list.to_string();
    assert_eq!(hex, "0x0d");
    assert_eq!(hex.parse::<Bitlist<U<16>>>(), Ok(list));
    assert_eq!(
        "0x00".parse::<Bitlist<U<16>>>(),
        encoding_error(DecodeErrorKind::BitlistNoDelimiter)
    );
    assert_eq!(
        "0x0002".parse::<Bitlist<U<8>>>(),
        encoding_error(DecodeErrorKind::TooManyBits { len: 9, max: 8 })
    );
    assert_eq!("0d".parse::<Bitlist<U<8>>>(), Err(HexError::MissingPrefix));
    assert_eq!("0x0g".parse::<Bitlist<U<8>>>(), Err(HexError::InvalidDigit));
    // Bitvector: the packed bits.
    let vector = Bitvector::<U<10>>::from_bools(&[true; 10]).unwrap();
    assert_eq!(vector.to_string(), "0xff03");
    assert_eq!("0xff03".parse::<Bitvector<U<10>>>(), Ok(vector));
    assert_eq!(
        "0xff07".parse::<Bitvector<U<10>>>(),
        encoding_error(DecodeErrorKind::BitvectorExcessBits)
    );
    assert_eq!(
        "0xff".parse::<Bitvector<U<10>>>(),
        encoding_error(DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 1
        })
    );
    // ProgressiveBitlist: as a bitlist, without a limit.
    let p = <ProgressiveBitlist>::from_bools(&[false; 9]);
    assert_eq!(p.to_string(), "0x0002");
    assert_eq!("0x0002".parse::<ProgressiveBitlist>(), Ok(p));
}

#[cfg(feature = "serde")]
#[test]
fn the_hex_form_is_the_serde_form() {
    let list = Bitlist::<U<16>>::from_bools(&[true, true, false, true]).unwrap();
    let yaml: alloc::string::String =
        serde_yaml::from_str(&serde_yaml::to_string(&list).unwrap()).unwrap();
    assert_eq!(yaml, list.to_string());
    let vector = Bitvector::<U<4>>::from_bools(&[true, false, false, true]).unwrap();
    let yaml: alloc::string::String =
        serde_yaml::from_str(&serde_yaml::to_string(&vector).unwrap()).unwrap();
    assert_eq!(yaml, vector.to_string());
}

#[test]
fn bitfields_order_bit_by_bit() {
    let list = |bits: &[bool]| Bitlist::<U<16>>::from_bools(bits).unwrap();
    let cases: &[&[bool]] = &[
        &[],
        &[false],
        &[false, false],
        &[false, true],
        &[true],
        &[true, false, false, false, false, false, false, false, false],
        &[true, false, false, false, false, false, false, false, true],
        &[true, true],
    ];
    // The cases are listed in `[bool]` order; the bitlists agree, and so
    // does every pair.
    for (i, a) in cases.iter().enumerate() {
        for (j, b) in cases.iter().enumerate() {
            assert_eq!(list(a).cmp(&list(b)), i.cmp(&j), "{a:?} vs {b:?}");
            assert_eq!(list(a).cmp(&list(b)), a.cmp(b));
            let (pa, pb) = (
                <ProgressiveBitlist>::from_bools(a),
                <ProgressiveBitlist>::from_bools(b),
            );
            assert_eq!(pa.cmp(&pb), a.cmp(b));
        }
    }
    // Not the order of the packed bytes: bit 0 is the least significant.
    let (low, high) = (
        Bitvector::<U<8>>::from_bools(&[true, false, false, false, false, false, false, false])
            .unwrap(),
        Bitvector::<U<8>>::from_bools(&[false, true, false, false, false, false, false, false])
            .unwrap(),
    );
    assert!(low.as_bytes() < high.as_bytes());
    assert!(low > high);
    let mut sorted = [high.clone(), low.clone()];
    sorted.sort();
    assert_eq!(sorted, [high, low]);
}

#[test]
fn bitfields_build_from_iterators_within_their_bound() {
    assert_eq!(
        Bitlist::<U<3>>::try_from_iter([true, false]),
        Ok(Bitlist::from_bools(&[true, false]).unwrap())
    );
    assert_eq!(
        Bitlist::<U<3>>::try_from_iter([true; 4]),
        Err(BoundError { len: 4, max: 3 })
    );
    // An endless iterator is drawn only one past the limit.
    let mut drawn = 0;
    let endless = core::iter::repeat_with(|| {
        drawn += 1;
        true
    });
    assert!(Bitlist::<U<3>>::try_from_iter(endless).is_err());
    assert_eq!(drawn, 4);
    assert_eq!(
        Bitvector::<U<3>>::try_from_iter([true, false, true]),
        Ok(Bitvector::from_bools(&[true, false, true]).unwrap())
    );
    assert_eq!(
        Bitvector::<U<3>>::try_from_iter([true; 2]),
        Err(LengthError {
            len: 2,
            expected: 3
        })
    );
    assert_eq!(
        Bitvector::<U<3>>::try_from_iter(core::iter::repeat(false)),
        Err(LengthError {
            len: 4,
            expected: 3
        })
    );
}

#[test]
fn a_bitlist_has_the_bits_below_the_highest_set_bit_of_its_last_byte() {
    assert_eq!(buf::bitlist_len(&[]), None);
    assert_eq!(buf::bitlist_len(&[0xff, 0x00]), None);
    for last in 1..=u8::MAX {
        let highest = (0..8).rev().find(|&i| (last >> i) & 1 == 1).unwrap();
        assert_eq!(buf::bitlist_len(&[last]), Some(highest), "{last:#04x}");
        assert_eq!(buf::bitlist_len(&[0xff, 0x00, last]), Some(16 + highest));
        assert_eq!(buf::delimited_len(2, last), Some(16 + highest));
    }
    assert_eq!(buf::delimited_len(2, 0), None);
}

#[test]
fn bit_and_count_ones_read_only_the_first_len_bits() {
    // A bitlist's encoding: its delimiter, and nothing, past the bits.
    let bytes = [0b1101_0110, 0b0110_1011];
    for len in 0..=16 {
        let set = |i: usize| (bytes[i / 8] >> (i % 8)) & 1 == 1;
        assert_eq!(
            buf::count_ones(&bytes, len),
            (0..len).filter(|&i| set(i)).count(),
            "{len}"
        );
        for i in 0..=16 {
            assert_eq!(buf::bit(&bytes, len, i), (i < len).then(|| set(i)));
        }
    }
}
