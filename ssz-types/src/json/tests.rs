use super::{ConsensusJson, FromJson, Json};
use crate::U256;
use crate::{List, ProgressiveList, Vector, U};

fn json<T: ConsensusJson>(value: &T) -> String {
    serde_json::to_string(&Json(value)).unwrap()
}

fn read<T: ConsensusJson>(s: &str) -> Result<T, serde_json::Error> {
    serde_json::from_str::<FromJson<T>>(s).map(|v| v.0)
}

#[test]
fn integers_of_64_bits_and_more_are_quoted() {
    assert_eq!(json(&7u8), "7");
    assert_eq!(json(&7u16), "7");
    assert_eq!(json(&7u32), "7");
    assert_eq!(json(&7u64), "\"7\"");
    assert_eq!(json(&u128::MAX), format!("\"{}\"", u128::MAX));
    assert_eq!(json(&U256::from(9u64)), "\"9\"");
    assert_eq!(read::<u64>("\"18446744073709551615\"").unwrap(), u64::MAX);
    assert_eq!(read::<u64>("12").unwrap(), 12);
    assert_eq!(read::<u16>("\"12\"").unwrap(), 12);
    assert!(read::<u8>("256").is_err());
    assert!(read::<u64>("\"18446744073709551616\"").is_err());
    assert!(read::<u64>("-1").is_err());
}

#[test]
fn sequences_are_arrays_and_keep_their_bounds() {
    assert_eq!(json(&[1u8, 2]), "[1,2]");
    assert_eq!(read::<[u8; 2]>("[1, \"2\"]").unwrap(), [1, 2]);
    assert!(read::<[u8; 2]>("[1, 2, 3]").is_err());
    assert!(read::<List<u8, U<2>>>("[1, 2, 3]").is_err());
    let v: ProgressiveList<u8> = read("[255, 0]").unwrap();
    assert_eq!(v.as_slice(), &[0xff, 0]);
    assert_eq!(json(&crate::Bytes4::from([1, 2, 3, 4])), "\"0x01020304\"");
    assert_eq!(json(&[7u64, 8]), "[\"7\",\"8\"]");
    assert!(read::<Vector<u64, U<2>>>("[1]").is_err());
    assert!(read::<List<u64, U<2>>>("[1, 2, 3]").is_err());
}

#[test]
fn options_are_unions() {
    assert_eq!(json(&None::<u64>), r#"{"selector":0,"data":null}"#);
    assert_eq!(json(&Some(5u64)), r#"{"selector":1,"data":"5"}"#);
    assert_eq!(
        read::<Option<u64>>(r#"{"selector":1,"data":"5"}"#).unwrap(),
        Some(5)
    );
    assert_eq!(
        read::<Option<u64>>(r#"{"selector":0,"data":null}"#).unwrap(),
        None
    );
    assert!(read::<Option<u64>>(r#"{"selector":2,"data":null}"#).is_err());
    // In either order: a map sorted by key puts the data first.
    assert_eq!(
        read::<Option<u64>>(r#"{"data":"5","selector":1}"#).unwrap(),
        Some(5)
    );
    assert_eq!(
        read::<Option<[u8; 2]>>(r#"{"data":[1,2],"selector":1}"#).unwrap(),
        Some([1, 2])
    );
    assert_eq!(
        read::<Option<u64>>(r#"{"data":null,"selector":0}"#).unwrap(),
        None
    );
    assert!(read::<Option<u64>>(r#"{"data":"x","selector":1}"#).is_err());
    assert!(read::<Option<u64>>(r#"{"selector":1,"selector":1,"data":"5"}"#).is_err());
    assert!(read::<Option<u64>>(r#"{"data":"5"}"#).is_err());
    assert!(read::<Option<u64>>(r#"{"selector":1}"#).is_err());
    assert!(read::<Option<u64>>(r#"{"selector":1,"data":"5","x":1}"#).is_err());
}
