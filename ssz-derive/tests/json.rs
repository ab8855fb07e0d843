//! `#[derive(ConsensusJson)]`: every shape in the consensus JSON
//! conventions, both ways, written out by hand; every refusal of a reader
//! (unknown, missing and repeated fields, bounds, selectors, `validate`).

use peam_ssz_types::{
    Bitlist, Bytes32, Bytes48, ConsensusJson, DecodeError, DecodeErrorKind, List, ProgressiveList,
    Ssz, TreeHash, U,
};
use serde_json::json;

fn to_json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap()
}

fn from_json<T: serde::de::DeserializeOwned>(json: serde_json::Value) -> Result<T, String> {
    serde_json::from_value(json).map_err(|e| e.to_string())
}

#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq, Eq, Clone, Default)]
struct Checkpoint {
    epoch: u64,
    root: Bytes32,
}

#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq, Eq, Clone)]
struct Validator {
    pubkey: Bytes48,
    effective_balance: u64,
    slashed: bool,
}

/// A preset parameter: a type that implements nothing of SSZ or serde.
trait Preset {
    type Limit: peam_ssz_types::Length;
}

struct Small;

impl Preset for Small {
    type Limit = U<2>;
}

#[derive(Ssz, TreeHash, ConsensusJson)]
struct State<P: Preset> {
    slot: u64,
    validators: List<Validator, P::Limit>,
    participation: List<u8, P::Limit>,
    bits: Bitlist<U<8>>,
    finalized: Checkpoint,
    #[ssz(skip)]
    cache: u32,
}

#[test]
fn a_container_is_an_object_in_field_order() {
    let state = State::<Small> {
        slot: 12,
        validators: List::try_from(vec![Validator {
            pubkey: Bytes48::from([0xaa; 48]),
            effective_balance: 32_000_000_000,
            slashed: true,
        }])
        .unwrap(),
        participation: List::try_from(vec![7, 0]).unwrap(),
        bits: Bitlist::with_len(3).unwrap(),
        finalized: Checkpoint {
            epoch: 1,
            root: Bytes32::from([0x11; 32]),
        },
        cache: 99,
    };
    let expected = json!({
        "slot": "12",
        "validators": [{
            "pubkey": format!("0x{}", "aa".repeat(48)),
            "effective_balance": "32000000000",
            "slashed": true,
        }],
        "participation": [7, 0],
        "bits": "0x08",
        "finalized": {"epoch": "1", "root": format!("0x{}", "11".repeat(32))},
    });
    let written = serde_json::to_string(&state).unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&written).unwrap(),
        expected
    );
    assert!(
        written.starts_with(r#"{"slot":"12","validators":"#),
        "{written}"
    );

    let read: State<Small> = serde_json::from_str(&written).unwrap();
    assert_eq!(read.to_ssz(), state.to_ssz());
    assert_eq!(read.hash_tree_root(), state.hash_tree_root());
    // The skipped field is no part of the value.
    assert_eq!(read.cache, 0);
    // Numbers for the quoted integers, and YAML, read as well.
    let yaml = "slot: 12\nvalidators: []\nparticipation: []\nbits: '0x01'\n\
                finalized: {epoch: 1, root: '0x1111111111111111111111111111111111111111111111111111111111111111'}\n";
    let read: State<Small> = serde_yaml::from_str(yaml).unwrap();
    assert_eq!(read.slot, 12);
    assert_eq!(read.finalized, state.finalized);
}

#[test]
fn a_reader_refuses_what_is_not_the_value() {
    let checkpoint = json!({"epoch": "1", "root": format!("0x{}", "00".repeat(32))});
    assert!(from_json::<Checkpoint>(checkpoint.clone()).is_ok());

    let mut unknown = checkpoint.clone();
    unknown["rooot"] = json!("0x");
    let err = from_json::<Checkpoint>(unknown).unwrap_err();
    assert!(
        err.contains("unknown field `rooot`, expected `epoch` or `root`"),
        "{err}"
    );

    let err = from_json::<Checkpoint>(json!({"epoch": "1"})).unwrap_err();
    assert_eq!(err, "missing field `root`");

    let err = serde_json::from_str::<Checkpoint>(r#"{"epoch": "1", "epoch": "2"}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("duplicate field `epoch`"),
        "{err}"
    );

    let err = from_json::<Checkpoint>(json!({"epoch": "-1", "root": "0x"})).unwrap_err();
    assert!(err.contains("\"-1\""), "{err}");
    let err = from_json::<Checkpoint>(json!({"epoch": "1", "root": "0x00"})).unwrap_err();
    assert!(err.contains("32"), "{err}");
    assert!(from_json::<Checkpoint>(json!([1, "0x"])).is_err());

    // A list over its limit is refused as the extra element is read.
    let v = json!({"pubkey": format!("0x{}", "00".repeat(48)), "effective_balance": "0", "slashed": false});
    let three = json!({
        "slot": "0", "validators": [v, v, v], "participation": [], "bits": "0x01",
        "finalized": checkpoint,
    });
    let err = from_json::<State<Small>>(three)
        .err()
        .expect("three validators over two");
    assert!(err.contains("more than 2 elements"), "{err}");
}

/// A newtype is its field.
#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
#[ssz(transparent)]
struct Gwei(u64);

/// A union with a `None` option.
#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
enum Payload {
    None,
    Amount(Gwei),
    Checkpoint(Checkpoint),
}

/// A compatible union.
#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
#[ssz(compatible_union)]
enum Shape {
    #[ssz(selector = 1)]
    Square(Square),
    #[ssz(selector = 3)]
    Scores(ProgressiveList<u16>),
}

/// A progressive container.
#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
#[ssz(active_fields = [1, 0, 1])]
struct Square {
    side: u16,
    color: u8,
}

#[test]
fn newtypes_unions_and_progressive_containers() {
    assert_eq!(to_json(&Gwei(5)), json!("5"));
    assert_eq!(from_json::<Gwei>(json!(5)).unwrap(), Gwei(5));

    assert_eq!(
        to_json(&Payload::None),
        json!({"selector": 0, "data": null})
    );
    assert_eq!(
        to_json(&Payload::Amount(Gwei(7))),
        json!({"selector": 1, "data": "7"})
    );
    let c = Payload::Checkpoint(Checkpoint::default());
    let written = to_json(&c);
    assert_eq!(written["selector"], json!(2));
    assert_eq!(written["data"]["epoch"], json!("0"));
    assert_eq!(from_json::<Payload>(written).unwrap(), c);
    assert_eq!(
        from_json::<Payload>(json!({"selector": 0, "data": null})).unwrap(),
        Payload::None
    );
    let err = from_json::<Payload>(json!({"selector": 3, "data": null})).unwrap_err();
    assert!(
        err.contains("selector 3 names no option of Payload"),
        "{err}"
    );

    let square = Shape::Square(Square { side: 4, color: 2 });
    assert_eq!(
        to_json(&square),
        json!({"selector": 1, "data": {"side": 4, "color": 2}})
    );
    assert_eq!(from_json::<Shape>(to_json(&square)).unwrap(), square);
    let scores = Shape::Scores(ProgressiveList::from(vec![1, 2]));
    assert_eq!(to_json(&scores), json!({"selector": 3, "data": [1, 2]}));
    assert_eq!(from_json::<Shape>(to_json(&scores)).unwrap(), scores);
    assert!(from_json::<Shape>(json!({"selector": 2, "data": []})).is_err());
}

fn nonzero(h: &Height) -> Result<(), DecodeError> {
    if h.0 == 0 {
        return Err(DecodeError::new(DecodeErrorKind::Custom("height 0")));
    }
    Ok(())
}

/// `validate` holds for what JSON gives too.
#[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
#[ssz(transparent, validate = "nonzero")]
struct Height(u64);

#[test]
fn validate_checks_what_is_read() {
    assert_eq!(from_json::<Height>(json!("3")).unwrap(), Height(3));
    let err = from_json::<Height>(json!("0")).unwrap_err();
    assert!(err.contains("height 0"), "{err}");
}
