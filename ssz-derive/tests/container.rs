//! Containers: encodings against bytes written out by hand from the spec,
//! roots against the official v1.6.1 `ssz_static` vectors (values and roots
//! copied from `tests/mainnet/phase0/ssz_static/<Type>/ssz_random/case_0`)
//! and against the naive merkleizer in `common`, and every decoding rule.

mod common;

use common::{chunk, hash, hex, hex32, merkleize, mix_in_length, mix_in_selector};
use peam_ssz_types::{DecodeError, DecodeErrorKind, Length, List, PathSegment, Ssz, TreeHash, U};

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct BeaconBlockHeader {
    slot: u64,
    proposer_index: u64,
    parent_root: [u8; 32],
    state_root: [u8; 32],
    body_root: [u8; 32],
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Fork {
    previous_version: [u8; 4],
    current_version: [u8; 4],
    epoch: u64,
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Validator {
    pubkey: [u8; 48],
    withdrawal_credentials: [u8; 32],
    effective_balance: u64,
    slashed: bool,
    activation_eligibility_epoch: u64,
    activation_epoch: u64,
    exit_epoch: u64,
    withdrawable_epoch: u64,
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct AttestationData {
    slot: u64,
    index: u64,
    beacon_block_root: [u8; 32],
    source: Checkpoint,
    target: Checkpoint,
}

/// Lengths that differ between presets, as associated types.
trait Preset {
    type MaxValidatorsPerCommittee: Length;
}

#[derive(Debug, PartialEq, Eq, Clone)]
struct Mainnet;

impl Preset for Mainnet {
    type MaxValidatorsPerCommittee = U<2048>;
}

#[derive(Debug, PartialEq, Eq, Clone)]
struct Tiny;

impl Preset for Tiny {
    type MaxValidatorsPerCommittee = U<2>;
}

/// Generic over a preset that is neither `Ssz` nor `TreeHash`: the derive
/// bounds the field types, not `P`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct IndexedAttestation<P: Preset> {
    attesting_indices: List<u64, P::MaxValidatorsPerCommittee>,
    data: AttestationData,
    signature: [u8; 96],
}

fn le(v: u64) -> [u8; 8] {
    v.to_le_bytes()
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn path(err: &DecodeError) -> Vec<PathSegment> {
    err.path().copied().collect()
}

#[test]
fn checkpoint_matches_the_spec_vector() {
    let value = Checkpoint {
        epoch: 18195870967035557430,
        root: hex32("0x990454785abe26a75557dcad2785f68e99a41f7a0becfef808ee382dd6df9711"),
    };
    let bytes = cat(&[&le(18195870967035557430), &value.root]);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Checkpoint::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        hex32("0x6d753282f74b9157acbb414dbcc9361d2095b302ec9a2970b379e1478129a97c")
    );
    // Two fields: the root is the hash of their chunks.
    assert_eq!(
        value.hash_tree_root(),
        hash(&chunk(&le(value.epoch)), &value.root)
    );
}

fn header() -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: 16101738745833384750,
        proposer_index: 15310703651237606601,
        parent_root: hex32("0xcaf0db22470a8e987fef3d78ce7a14bbd7714570b78d5d5bc4421ea2b657f986"),
        state_root: hex32("0x77134de1d4dc7a8ffb098e305ae5ccfb7cb27cba5866712f95756ddbc044d328"),
        body_root: hex32("0x934af84956d1a252aa767406a8bae9e26b083a81be4b1703f157a70abcfb6085"),
    }
}

#[test]
fn beacon_block_header_matches_the_spec_vector() {
    let value = header();
    let bytes = cat(&[
        &le(value.slot),
        &le(value.proposer_index),
        &value.parent_root,
        &value.state_root,
        &value.body_root,
    ]);
    assert_eq!(bytes.len(), 112);
    assert_eq!(value.ssz_len(), 112);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(BeaconBlockHeader::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        hex32("0xa2672769763d19c79dd7a584f37fd3391c0510c1fd6eba54ec0cd78748a84800")
    );
}

#[test]
fn fork_matches_the_spec_vector() {
    let value = Fork {
        previous_version: [0x84, 0x3e, 0x73, 0xb9],
        current_version: [0x4e, 0xa8, 0xb4, 0x98],
        epoch: 7338595004925099273,
    };
    let bytes = cat(&[
        &value.previous_version,
        &value.current_version,
        &le(value.epoch),
    ]);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Fork::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        hex32("0x99729f17abf5296a79d713d1d38b4e274cd14b9f532aa715c3fc8162ad12570d")
    );
}

fn validator() -> Validator {
    Validator {
        pubkey: hex("0xe3489f578921f3774c1a7f2418da4989061fa08f04434d3da3a2bda2a70539c6e478d0b4b223e4433dd0f5bfe10df96e")
            .try_into()
            .unwrap(),
        withdrawal_credentials: hex32(
            "0xbe786d005a2f6d126d12ed499d3672be62100ec6f05a6340923c5c5cdaeebad7",
        ),
        effective_balance: 14956123784461360468,
        slashed: true,
        activation_eligibility_epoch: 11916926763765916960,
        activation_epoch: 14412920133495097743,
        exit_epoch: 8545077841722812238,
        withdrawable_epoch: 12959321082851755926,
    }
}

fn validator_bytes(v: &Validator) -> Vec<u8> {
    cat(&[
        &v.pubkey,
        &v.withdrawal_credentials,
        &le(v.effective_balance),
        &[v.slashed as u8],
        &le(v.activation_eligibility_epoch),
        &le(v.activation_epoch),
        &le(v.exit_epoch),
        &le(v.withdrawable_epoch),
    ])
}

#[test]
fn validator_matches_the_spec_vector() {
    let value = validator();
    let bytes = validator_bytes(&value);
    assert_eq!(bytes.len(), 121);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Validator::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        hex32("0x0bbebba378260135dee1b978480369c73fa0a5df7063a7eba538e4b4ee252b6b")
    );
}

fn attestation_data() -> AttestationData {
    AttestationData {
        slot: 2343708070609181019,
        index: 7692073820986269014,
        beacon_block_root: hex32(
            "0xc003f34ad53284b932c8ab46abd61c19d7d34b040944b9cc7a65f3734b9e7bcd",
        ),
        source: Checkpoint {
            epoch: 3264708458643354399,
            root: hex32("0xc3ba1800ebd09f601d82ca7ce905bb2cfbcec213c3ad1ffd3e014895393d69eb"),
        },
        target: Checkpoint {
            epoch: 1835580430275913786,
            root: hex32("0x4846a6392c59ffaa53a846f7b4096934786f8ed3c32b1ad569612326c82a8a2b"),
        },
    }
}

fn attestation_data_bytes(d: &AttestationData) -> Vec<u8> {
    cat(&[
        &le(d.slot),
        &le(d.index),
        &d.beacon_block_root,
        &le(d.source.epoch),
        &d.source.root,
        &le(d.target.epoch),
        &d.target.root,
    ])
}

#[test]
fn attestation_data_matches_the_spec_vector() {
    let value = AttestationData {
        slot: 8454469026633784516,
        index: 12792023290845950189,
        beacon_block_root: hex32(
            "0x3b19b9c8cf49bb19552a78e0b05d46605462917e0e1108858d47ab56e40d4735",
        ),
        source: Checkpoint {
            epoch: 16151488401121343166,
            root: hex32("0x28cf913490322e9bc16c3cd0f0db65b8894600b8995f2ebb285d8241a18116d2"),
        },
        target: Checkpoint {
            epoch: 2310735154021640876,
            root: hex32("0x50316301539549cb51f6982e2b43e4d5337308d39394fa863e9d2f667834a61a"),
        },
    };
    let bytes = attestation_data_bytes(&value);
    assert_eq!(bytes.len(), 128);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(AttestationData::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        hex32("0x32b90e17db088a6aa78afa8135d0279c7e720c59954b2ceae4c5d318489e39e5")
    );
}

const INDICES: [u64; 10] = [
    14167860342114747966,
    5337956215596603530,
    16409874497476439484,
    5131948498959911785,
    2344916804401310934,
    17819116927342231797,
    169336538807518324,
    3779904866131391587,
    14964443462670413925,
    11287689535880570682,
];

fn indexed_attestation() -> IndexedAttestation<Mainnet> {
    IndexedAttestation {
        attesting_indices: List::try_from(INDICES.to_vec()).unwrap(),
        data: attestation_data(),
        signature: hex("0x82516e4c6a5e88ccc60b47038a58a110d0c7cd5f5e99ffdcd770d37540c53e154bedd7cb88272e43db1031b2c83a79fbeee2926e65fecd3f9b1470f9f59e0b530c13f0b65fb04e816b779da566315cbd020d7475b27ce0eca34d69242fde48e4")
            .try_into()
            .unwrap(),
    }
}

#[test]
fn generic_variable_container_matches_the_spec_vector() {
    let value = indexed_attestation();
    // Fixed part: the list's offset, the data, the signature; then the list.
    let mut bytes = cat(&[
        &228u32.to_le_bytes(),
        &attestation_data_bytes(&value.data),
        &value.signature,
    ]);
    for i in INDICES {
        bytes.extend_from_slice(&le(i));
    }
    assert_eq!(bytes.len(), 228 + 80);
    assert_eq!(value.ssz_len(), bytes.len());
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(
        IndexedAttestation::<Mainnet>::from_ssz(&bytes).unwrap(),
        value
    );
    assert_eq!(
        value.hash_tree_root(),
        hex32("0xe7ba12bcd6086ff2a6f7a4d9a868a1fd30c1a4a7f0194d9a08a6158e12adccd2")
    );
    // The same value under a preset with another limit: same bytes, another
    // root (the list's limit is part of its tree), and too many indices.
    let err = IndexedAttestation::<Tiny>::from_ssz(&bytes).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::TooManyElements { len: 10, max: 2 }
    );
    assert_eq!(
        err.to_string(),
        "at .attesting_indices: 10 elements exceed the limit 2"
    );
}

#[test]
fn layout_consts_fold_the_fields() {
    const { assert!(BeaconBlockHeader::IS_FIXED_SIZE) };
    assert_eq!(BeaconBlockHeader::FIXED_PART_LEN, 112);
    const { assert!(Validator::IS_FIXED_SIZE) };
    assert_eq!(Validator::FIXED_PART_LEN, 121);
    const { assert!(AttestationData::IS_FIXED_SIZE) };
    assert_eq!(AttestationData::FIXED_PART_LEN, 128);
    const { assert!(!IndexedAttestation::<Mainnet>::IS_FIXED_SIZE) };
    assert_eq!(IndexedAttestation::<Mainnet>::FIXED_PART_LEN, 4);
    // Containers are composite: one root per element of a vector or list.
    assert_eq!(<BeaconBlockHeader as TreeHash>::LEAF_SIZE, 32);
    const { assert!(!<BeaconBlockHeader as TreeHash>::IS_BASIC) };
    // Usable in constant expressions.
    const BUF: [u8; BeaconBlockHeader::FIXED_PART_LEN] = [0; BeaconBlockHeader::FIXED_PART_LEN];
    assert_eq!(BeaconBlockHeader::from_ssz(&BUF).unwrap().slot, 0);
}

#[test]
fn fixed_size_containers_take_exactly_their_length() {
    let bytes = header().to_ssz();
    for len in [0, 1, 111, 113, 224] {
        let mut input = bytes.clone();
        input.resize(len, 0);
        let err = BeaconBlockHeader::from_ssz(&input).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::InvalidLength {
                expected: 112,
                got: len
            }
        );
        assert_eq!(path(&err), []);
    }
}

#[test]
fn field_errors_name_the_field() {
    let mut bytes = validator_bytes(&validator());
    bytes[48 + 32 + 8] = 2;
    let err = Validator::from_ssz(&bytes).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidBool(2));
    assert_eq!(path(&err), [PathSegment::Field("slashed")]);
    assert_eq!(err.to_string(), "at .slashed: invalid boolean byte 0x02");
}

// A container with several variable-size fields between fixed-size ones.

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Small {
    x: bool,
    y: u16,
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Choice {
    None,
    Short(u16),
    Pair(Small),
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Multi {
    a: u8,
    b: List<u16, U<32>>,
    c: u32,
    d: List<Small, U<4>>,
    e: Choice,
}

fn multi() -> Multi {
    Multi {
        a: 0xaa,
        b: List::try_from(vec![1, 2]).unwrap(),
        c: 0x01020304,
        d: List::try_from(vec![Small { x: true, y: 5 }]).unwrap(),
        e: Choice::Short(0x0708),
    }
}

/// `multi()` encoded by hand: fixed part a | off(b) | c | off(d) | off(e),
/// 17 bytes, then b, d, e.
fn multi_bytes() -> Vec<u8> {
    vec![
        0xaa, // a
        17, 0, 0, 0, // offset of b
        4, 3, 2, 1, // c
        21, 0, 0, 0, // offset of d
        24, 0, 0, 0, // offset of e
        1, 0, 2, 0, // b
        1, 5, 0, // d: one Small
        1, 8, 7, // e: selector 1, u16
    ]
}

#[test]
fn variable_container_round_trips_through_literal_bytes() {
    let value = multi();
    const { assert!(!Multi::IS_FIXED_SIZE) };
    assert_eq!(Multi::FIXED_PART_LEN, 4);
    assert_eq!(value.ssz_len(), 27);
    assert_eq!(value.to_ssz(), multi_bytes());
    assert_eq!(Multi::from_ssz(&multi_bytes()).unwrap(), value);

    let small = merkleize(&[chunk(&[1]), chunk(&[5, 0])], 2);
    let expected = merkleize(
        &[
            chunk(&[0xaa]),
            // List[uint16, 32]: one chunk of room; two elements.
            mix_in_length(&merkleize(&[chunk(&[1, 0, 2, 0])], 2), 2),
            chunk(&[4, 3, 2, 1]),
            // List[Small, 4]: a root per element, room for 4.
            mix_in_length(&merkleize(&[small], 4), 1),
            mix_in_selector(&chunk(&[8, 7]), 1),
        ],
        5,
    );
    assert_eq!(value.hash_tree_root(), expected);
}

#[test]
fn empty_variable_fields_share_an_offset() {
    let value = Multi {
        a: 1,
        b: List::default(),
        c: 2,
        d: List::default(),
        e: Choice::None,
    };
    let bytes = vec![1, 17, 0, 0, 0, 2, 0, 0, 0, 17, 0, 0, 0, 17, 0, 0, 0, 0];
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Multi::from_ssz(&bytes).unwrap(), value);
}

fn decode_multi_error(edit: impl FnOnce(&mut Vec<u8>)) -> DecodeError {
    let mut bytes = multi_bytes();
    edit(&mut bytes);
    Multi::from_ssz(&bytes).unwrap_err()
}

#[test]
fn input_shorter_than_the_fixed_part_is_rejected() {
    for len in [0, 1, 16] {
        let err = decode_multi_error(|b| b.truncate(len));
        assert_eq!(err.kind(), &DecodeErrorKind::TooShort { min: 17, got: len });
        assert_eq!(path(&err), []);
    }
}

#[test]
fn first_offset_must_end_the_fixed_part() {
    for first in [0u8, 16, 18] {
        let err = decode_multi_error(|b| b[1] = first);
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::FirstOffsetMismatch {
                expected: 17,
                got: first as usize
            }
        );
        assert_eq!(path(&err), [PathSegment::Field("b")]);
    }
}

#[test]
fn offsets_must_not_decrease() {
    let err = decode_multi_error(|b| b[9] = 16);
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::OffsetsDecreasing {
            previous: 17,
            offset: 16
        }
    );
    assert_eq!(path(&err), [PathSegment::Field("d")]);
    let err = decode_multi_error(|b| b[13] = 20);
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::OffsetsDecreasing {
            previous: 21,
            offset: 20
        }
    );
    assert_eq!(
        err.to_string(),
        "at .e: offset 20 is below the previous offset 21"
    );
}

#[test]
fn offsets_must_stay_in_the_input() {
    let err = decode_multi_error(|b| b[13] = 28);
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::OffsetOutOfBounds {
            offset: 28,
            len: 27
        }
    );
    assert_eq!(path(&err), [PathSegment::Field("e")]);
    let err = decode_multi_error(|b| b[12] = 1);
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::OffsetOutOfBounds {
            offset: 16_777_237,
            len: 27
        }
    );
}

#[test]
fn each_variable_field_gets_the_bytes_up_to_the_next_offset() {
    // b shortened to 3 bytes: not a whole number of u16.
    let err = decode_multi_error(|b| b[9] = 20);
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::NotMultipleOfElement { len: 3, element: 2 }
    );
    assert_eq!(
        err.to_string(),
        "at .b: 3 bytes is not a multiple of the element size 2"
    );
    // The last field runs to the end of the input: an extra byte goes to e.
    let err = decode_multi_error(|b| b.push(0));
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 3
        }
    );
    assert_eq!(err.to_string(), "at .e<1>: expected 2 bytes, got 3");
}

#[test]
fn nested_errors_carry_the_whole_path() {
    let err = decode_multi_error(|b| b[21] = 2);
    assert_eq!(
        path(&err),
        [
            PathSegment::Field("d"),
            PathSegment::Index(0),
            PathSegment::Field("x")
        ]
    );
    assert_eq!(err.to_string(), "at .d[0].x: invalid boolean byte 0x02");
    let err = decode_multi_error(|b| b[24] = 9);
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(9));
    assert_eq!(err.to_string(), "at .e: invalid union selector 9");
}

#[test]
fn deep_paths_name_every_level() {
    // A list of four Smalls whose fourth has a bad boolean, inside `d`.
    let mut value = multi();
    for y in 0..3 {
        value.d.push(Small { x: false, y }).unwrap();
    }
    let mut bytes = value.to_ssz();
    let d_start = 21;
    bytes[d_start + 3 * 3] = 7;
    let err = Multi::from_ssz(&bytes).unwrap_err();
    assert_eq!(err.to_string(), "at .d[3].x: invalid boolean byte 0x07");
}

// Fields whose size depends on a type parameter.

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Generic<T> {
    a: u8,
    b: T,
    c: u8,
}

#[test]
fn fixedness_follows_the_type_parameter() {
    const { assert!(Generic::<u16>::IS_FIXED_SIZE) };
    assert_eq!(Generic::<u16>::FIXED_PART_LEN, 4);
    let fixed = Generic {
        a: 1,
        b: 0x0302u16,
        c: 4,
    };
    assert_eq!(fixed.to_ssz(), [1, 2, 3, 4]);
    assert_eq!(Generic::<u16>::from_ssz(&[1, 2, 3, 4]).unwrap(), fixed);

    type Var = Generic<List<u8, U<4>>>;
    const { assert!(!Var::IS_FIXED_SIZE) };
    assert_eq!(Var::FIXED_PART_LEN, 4);
    let var = Generic {
        a: 1,
        b: List::<u8, U<4>>::try_from(vec![9, 8]).unwrap(),
        c: 4,
    };
    let bytes = [1, 6, 0, 0, 0, 4, 9, 8];
    assert_eq!(var.to_ssz(), bytes);
    assert_eq!(Var::from_ssz(&bytes).unwrap(), var);
    assert_eq!(
        var.hash_tree_root(),
        merkleize(
            &[chunk(&[1]), mix_in_length(&chunk(&[9, 8]), 2), chunk(&[4])],
            3
        )
    );
}

// One variable field only, first or last, or every field variable.

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct OnlyVariable {
    list: List<u8, U<8>>,
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct AllVariable {
    a: List<u8, U<8>>,
    b: List<u8, U<8>>,
    c: List<u8, U<8>>,
}

#[test]
fn a_single_variable_field_is_an_offset_then_the_data() {
    let value = OnlyVariable {
        list: List::try_from(vec![5, 6, 7]).unwrap(),
    };
    let bytes = [4, 0, 0, 0, 5, 6, 7];
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(OnlyVariable::from_ssz(&bytes).unwrap(), value);
    // A one-field container's root is its field's root.
    assert_eq!(value.hash_tree_root(), mix_in_length(&chunk(&[5, 6, 7]), 3));
    let err = OnlyVariable::from_ssz(&[5, 0, 0, 0, 5, 6, 7]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::FirstOffsetMismatch {
            expected: 4,
            got: 5
        }
    );
    let err = OnlyVariable::from_ssz(&[4, 0, 0]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::TooShort { min: 4, got: 3 });
}

#[test]
fn all_variable_fields() {
    let value = AllVariable {
        a: List::try_from(vec![1]).unwrap(),
        b: List::default(),
        c: List::try_from(vec![2, 3]).unwrap(),
    };
    let bytes = [12, 0, 0, 0, 13, 0, 0, 0, 13, 0, 0, 0, 1, 2, 3];
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(AllVariable::from_ssz(&bytes).unwrap(), value);
    let err = AllVariable::from_ssz(&[12, 0, 0, 0, 14, 0, 0, 0, 13, 0, 0, 0, 1, 2, 3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .c: offset 13 is below the previous offset 14"
    );
    let err = AllVariable::from_ssz(&[12, 0, 0, 0, 13, 0, 0, 0, 16, 0, 0, 0, 1, 2, 3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .c: offset 16 is past the end of 15 bytes"
    );
}

#[test]
fn append_and_slices_of_containers() {
    let mut buf = vec![0xee];
    multi().ssz_append(&mut buf);
    assert_eq!(buf[0], 0xee);
    assert_eq!(&buf[1..], &multi_bytes()[..]);

    // Arrays of containers are vectors: fixed-size elements back to back.
    let pair = [header(), header()];
    let one = header().to_ssz();
    assert_eq!(pair.to_ssz(), [one.clone(), one.clone()].concat());
    assert_eq!(
        <[BeaconBlockHeader; 2]>::from_ssz(&pair.to_ssz()).unwrap(),
        pair
    );
    let root = header().hash_tree_root();
    assert_eq!(pair.hash_tree_root(), hash(&root, &root));

    // Lists of variable-size containers: offsets, then the elements.
    let list: List<OnlyVariable, U<4>> = List::try_from(vec![
        OnlyVariable {
            list: List::try_from(vec![1]).unwrap(),
        },
        OnlyVariable {
            list: List::default(),
        },
    ])
    .unwrap();
    let bytes = [8, 0, 0, 0, 13, 0, 0, 0, 4, 0, 0, 0, 1, 4, 0, 0, 0];
    assert_eq!(list.to_ssz(), bytes);
    assert_eq!(List::<OnlyVariable, U<4>>::from_ssz(&bytes).unwrap(), list);
}

#[test]
fn raw_identifiers_are_reported_without_the_prefix() {
    #[derive(Ssz, Debug)]
    #[allow(dead_code)]
    struct Raw {
        r#type: bool,
    }
    let err = Raw::from_ssz(&[3]).unwrap_err();
    assert_eq!(err.to_string(), "at .type: invalid boolean byte 0x03");
}

#[test]
fn lists_of_containers_hash_their_elements_in_batches() {
    // Enough elements to cross the batches of the leaf hashing, for
    // containers of 1, 2, 5 (padded to 8) and 8 fields.
    for count in [0usize, 1, 2, 7, 8, 9, 600, 1500] {
        let headers: Vec<BeaconBlockHeader> = (0..count)
            .map(|i| BeaconBlockHeader {
                slot: i as u64,
                proposer_index: 7 * i as u64,
                parent_root: [i as u8; 32],
                state_root: [(i >> 8) as u8; 32],
                body_root: [3; 32],
            })
            .collect();
        let list: List<BeaconBlockHeader, U<2048>> = List::try_from(headers.clone()).unwrap();
        let roots: Vec<[u8; 32]> = headers
            .iter()
            .map(|h| {
                merkleize(
                    &[
                        chunk(&le(h.slot)),
                        chunk(&le(h.proposer_index)),
                        h.parent_root,
                        h.state_root,
                        h.body_root,
                    ],
                    5,
                )
            })
            .collect();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&roots, 2048), count as u64),
            "{count} headers"
        );

        let checkpoints: Vec<Checkpoint> = headers
            .iter()
            .map(|h| Checkpoint {
                epoch: h.slot,
                root: h.parent_root,
            })
            .collect();
        let list: List<Checkpoint, U<2048>> = List::try_from(checkpoints.clone()).unwrap();
        let roots: Vec<[u8; 32]> = checkpoints
            .iter()
            .map(|c| hash(&chunk(&le(c.epoch)), &c.root))
            .collect();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&roots, 2048), count as u64),
            "{count} checkpoints"
        );

        let singles: Vec<OnlyVariable> = (0..count)
            .map(|i| OnlyVariable {
                list: List::try_from(vec![i as u8]).unwrap(),
            })
            .collect();
        let list: List<OnlyVariable, U<2048>> = List::try_from(singles).unwrap();
        let roots: Vec<[u8; 32]> = (0..count)
            .map(|i| mix_in_length(&chunk(&[i as u8]), 1))
            .collect();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&roots, 2048), count as u64),
            "{count} one-field containers"
        );
    }
    let validators = [validator(), validator(), validator()];
    let root = validator().hash_tree_root();
    assert_eq!(
        validators.hash_tree_root(),
        merkleize(&[root, root, root], 3)
    );
}

/// Decodes `bytes` as `T`; a success must re-encode to exactly `bytes`
/// (decoding accepts only canonical encodings) and decoding must not panic.
fn canonical_or_rejected<T: Ssz + TreeHash>(bytes: &[u8]) -> bool {
    match T::from_ssz(bytes) {
        Ok(value) => {
            assert_eq!(
                value.to_ssz(),
                bytes,
                "a non-canonical encoding was accepted"
            );
            assert_eq!(value.ssz_len(), bytes.len());
            let _ = value.hash_tree_root();
            true
        }
        Err(_) => false,
    }
}

#[test]
fn mutated_encodings_are_canonical_or_rejected() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let seeds = [
        multi_bytes(),
        Multi {
            a: 1,
            b: List::default(),
            c: 2,
            d: List::default(),
            e: Choice::None,
        }
        .to_ssz(),
        indexed_attestation().to_ssz(),
        header().to_ssz(),
    ];
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut bytes = seeds[round % seeds.len()].clone();
        for _ in 0..1 + next() % 3 {
            let r = next();
            match r % 4 {
                0 if !bytes.is_empty() => {
                    let i = (r >> 8) as usize % bytes.len();
                    bytes[i] = (r >> 32) as u8;
                }
                1 => bytes.truncate((r >> 8) as usize % (bytes.len() + 1)),
                2 => bytes.push((r >> 8) as u8),
                _ if !bytes.is_empty() => {
                    // Nudge a byte that may be part of an offset.
                    let i = (r >> 8) as usize % bytes.len().min(20);
                    bytes[i] = bytes[i].wrapping_add(if r & 1 == 0 { 1 } else { 255 });
                }
                _ => {}
            }
        }
        accepted += usize::from(canonical_or_rejected::<Multi>(&bytes));
        accepted += usize::from(canonical_or_rejected::<IndexedAttestation<Mainnet>>(&bytes));
        accepted += usize::from(canonical_or_rejected::<BeaconBlockHeader>(&bytes));
        accepted += usize::from(canonical_or_rejected::<AllVariable>(&bytes));
        accepted += usize::from(canonical_or_rejected::<Choice>(&bytes));
    }
    // Some mutations keep the input valid (a changed value byte).
    assert!(accepted > 1000, "{accepted}");
}
