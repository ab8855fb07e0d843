//! The serde formats, through serde_yaml as the spec-test harness reads
//! `value.yaml`: sequences for lists and vectors, `0x` hex for bytes and
//! bitfields (the SSZ bytes, bitlist delimiter included), decimal strings for
//! `uint256`; every bound enforced while reading.
#![cfg(feature = "serde")]

use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Bytes32, Bytes4, List, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, Vector, U, U256,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// Reads `yaml`, expects `value`, and writes `yaml` back (serde_yaml quotes
/// a string only where it could read as another scalar, so quotes are not
/// compared).
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(yaml: &str, value: &T) {
    let read: T = serde_yaml::from_str(yaml).unwrap();
    assert_eq!(&read, value);
    let written = serde_yaml::to_string(value).unwrap();
    assert_eq!(written.trim_end().replace('\'', ""), yaml.replace('\'', ""));
}

#[track_caller]
fn rejects<T: DeserializeOwned + Debug>(yaml: &str) -> String {
    match serde_yaml::from_str::<T>(yaml) {
        Ok(v) => panic!("{yaml} read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn lists_and_vectors_are_sequences() {
    round_trip(
        "- 1\n- 2\n- 3",
        &List::<u64, U<4>>::try_from(vec![1, 2, 3]).unwrap(),
    );
    round_trip("[]", &List::<u64, U<4>>::new());
    round_trip(
        "- true\n- false",
        &Vector::<bool, U<2>>::try_from(vec![true, false]).unwrap(),
    );
    round_trip("- 5", &ProgressiveList::<u16>::from(vec![5]));
    let l: List<u64, U<2>> = serde_yaml::from_str("[18446744073709551615, 0]").unwrap();
    assert_eq!(l.as_slice(), [u64::MAX, 0]);
    let nested: List<List<u8, U<2>>, U<2>> = serde_yaml::from_str("[[1, 2], []]").unwrap();
    assert_eq!(nested[0].as_slice(), [1, 2]);

    assert!(rejects::<List<u64, U<2>>>("[1, 2, 3]").contains("more than 2 elements"));
    rejects::<Vector<u64, U<2>>>("[1]");
    rejects::<Vector<u64, U<2>>>("[1, 2, 3]");
    rejects::<Vector<u64, U<0>>>("[]");
    rejects::<List<List<u8, U<2>>, U<2>>>("[[1, 2, 3]]");
    rejects::<List<u8, U<2>>>("[256]");
    rejects::<List<u8, U<2>>>("'0x0102'");
}

#[test]
fn bytes_are_hex() {
    round_trip(
        "'0x0102ff'",
        &ByteList::<U<4>>::try_from(vec![1, 2, 0xff]).unwrap(),
    );
    round_trip("'0x'", &ByteList::<U<4>>::new());
    round_trip("'0x00000000'", &ByteVector::<U<4>>::default());
    round_trip("'0xdeadbeef'", &Bytes4::from([0xde, 0xad, 0xbe, 0xef]));
    round_trip(
        &format!("'0x{}'", "ab".repeat(32)),
        &Bytes32::from([0xab; 32]),
    );
    round_trip("'0x0a'", &<ProgressiveByteList>::from(vec![10]));
    // Either case reads.
    let b: Bytes4 = serde_yaml::from_str("'0xDEADBEEF'").unwrap();
    assert_eq!(b.0, [0xde, 0xad, 0xbe, 0xef]);

    assert!(rejects::<ByteList<U<2>>>("'0x010203'").contains("exceed the limit 2"));
    rejects::<ByteVector<U<4>>>("'0x010203'");
    rejects::<ByteVector<U<4>>>("'0x0102030405'");
    rejects::<Bytes4>("'0x010203'");
    rejects::<Bytes4>("'01020304'");
    rejects::<Bytes4>("'0x0102030g'");
    rejects::<ProgressiveByteList>("'0x123'");
    rejects::<ProgressiveByteList>("[1, 2]");
}

#[test]
fn bitfields_are_the_hex_of_their_encoding() {
    // Bits 0..5 = 0, 0, 1, 1, 1 and the delimiter at bit 5.
    let bits = Bitlist::<U<8>>::from_bools(&[false, false, true, true, true]).unwrap();
    round_trip("'0x3c'", &bits);
    round_trip("'0x01'", &Bitlist::<U<8>>::new());
    round_trip(
        "'0xff01'",
        &Bitlist::<U<8>>::from_bools(&[true; 8]).unwrap(),
    );
    round_trip(
        "'0x0b02'",
        &<ProgressiveBitlist>::from_bools(&[
            true, true, false, true, false, false, false, false, false,
        ]),
    );
    let mut v = Bitvector::<U<10>>::new();
    v.set(0, true).unwrap();
    v.set(9, true).unwrap();
    round_trip("'0x0102'", &v);

    rejects::<Bitlist<U<8>>>("'0x'");
    rejects::<Bitlist<U<8>>>("'0x00'");
    rejects::<Bitlist<U<8>>>("'0xff02'");
    rejects::<ProgressiveBitlist>("'0x0100'");
    rejects::<Bitvector<U<10>>>("'0x01'");
    rejects::<Bitvector<U<10>>>("'0x010204'");
    assert!(rejects::<Bitvector<U<10>>>("'0x0104'").contains("bits set past"));
}

#[test]
fn uint256_is_a_decimal_string() {
    const MAX: &str =
        "115792089237316195423570985008687907853269984665640564039457584007913129639935";
    round_trip(&format!("'{MAX}'"), &U256::MAX);
    round_trip("'0'", &U256::ZERO);
    // Numbers read too, and a plain scalar as wide as a u128.
    let v: U256 = serde_yaml::from_str("18446744073709551615").unwrap();
    assert_eq!(v, U256::from(u64::MAX));
    let v: U256 = serde_yaml::from_str("340282366920938463463374607431768211455").unwrap();
    assert_eq!(v, U256::from(u128::MAX));
    // The spec vectors' lists of quoted uint256.
    let l: ProgressiveList<U256> = serde_yaml::from_str(&format!("['{MAX}', '1']")).unwrap();
    assert_eq!(l.as_slice(), [U256::MAX, U256::ONE]);

    rejects::<U256>(
        "'115792089237316195423570985008687907853269984665640564039457584007913129639936'",
    );
    rejects::<U256>("-1");
    rejects::<U256>("'-1'");
    rejects::<U256>("1.5");
    rejects::<U256>("'0x10'");
}
