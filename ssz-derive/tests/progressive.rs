//! Progressive containers (EIP-7495) and compatible unions (EIP-8016), as
//! simple-serialize.md v1.6.1 defines them (so they name `edition =
//! "v1.6"`): the spec's `Square` and `Circle`
//! worked by hand, and the official `ssz_generic` vectors
//! (`tests/general/phase0/ssz_generic/{progressive_containers,
//! compatible_unions}`), whose bytes and roots are copied here literally.

mod common;

use common::{chunk, hash, hex, hex32, merkleize, merkleize_progressive, mix_in_active_fields};
use peam_ssz_types::{
    DecodeErrorKind, Edition, List, PathSegment, ProgressiveBitlist, Ssz, TreeHash, U, V1_6, V1_7,
};

/// `class Square(ProgressiveContainer(active_fields=[1, 0, 1]))`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1, 0, 1], edition = "v1.6")]
struct Square {
    side: u16,
    color: u8,
}

/// `class Circle(ProgressiveContainer(active_fields=[0, 1, 1]))`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [0, 1, 1], edition = "v1.6")]
struct Circle {
    radius: u16,
    color: u8,
}

const Z: [u8; 32] = [0; 32];

#[test]
fn square_is_serialized_as_a_container() {
    let square = Square {
        side: 0x0102,
        color: 3,
    };
    const { assert!(Square::IS_FIXED_SIZE) };
    assert_eq!(Square::FIXED_PART_LEN, 3);
    assert_eq!(square.to_ssz(), [2, 1, 3]);
    assert_eq!(Square::from_ssz(&[2, 1, 3]).unwrap(), square);
    let err = Square::from_ssz(&[2, 1]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 3,
            got: 2
        }
    );
}

#[test]
fn square_root_worked_by_hand() {
    let square = Square {
        side: 0x0102,
        color: 3,
    };
    let (side, color) = (chunk(&[2, 1]), chunk(&[3]));
    // merkleize_progressive([side, 0, color]):
    //   hash(merkleize_progressive([0, color], 4), merkleize([side], 1))
    // merkleize_progressive([0, color], 4):
    //   hash(merkleize_progressive([], 16) = 0, merkleize([0, color, 0, 0], 4))
    let four = hash(&hash(&Z, &color), &hash(&Z, &Z));
    let progressive = hash(&hash(&Z, &four), &side);
    // pack_bits([1, 0, 1]) = 0b101 in the first byte.
    let expected = hash(&progressive, &chunk(&[0b101]));
    assert_eq!(square.hash_tree_root(), expected);
}

#[test]
fn circle_root_worked_by_hand() {
    let circle = Circle {
        radius: 0x0102,
        color: 3,
    };
    assert_eq!(circle.to_ssz(), [2, 1, 3]);
    let (radius, color) = (chunk(&[2, 1]), chunk(&[3]));
    // Leaves [0, radius, color]: the first subtree holds the zero chunk.
    let four = hash(&hash(&radius, &color), &hash(&Z, &Z));
    let progressive = hash(&hash(&Z, &four), &Z);
    let expected = hash(&progressive, &chunk(&[0b110]));
    assert_eq!(circle.hash_tree_root(), expected);
    // Same bytes as a Square, another root: the active fields differ.
    assert_ne!(
        circle.hash_tree_root(),
        Square {
            side: 0x0102,
            color: 3
        }
        .hash_tree_root()
    );
}

/// The active fields of the spec's `ProgressiveComplexTestStruct`, over
/// fields of a few kinds: leaves spread over the 1-, 4- and 16-leaf subtrees.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1], edition = "v1.6")]
struct Spread {
    a: u8,
    b: List<u16, U<123>>,
    c: u64,
    d: Square,
    e: bool,
    f: [u8; 32],
    g: List<u8, U<5>>,
    h: u32,
}

#[test]
fn roots_are_placed_at_the_positions_of_the_ones() {
    let value = Spread {
        a: 1,
        b: List::try_from(vec![7, 8, 9]).unwrap(),
        c: 3,
        d: Square { side: 4, color: 5 },
        e: true,
        f: [6; 32],
        g: List::try_from(vec![1, 2]).unwrap(),
        h: 0xdeadbeef,
    };
    let active = [
        1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1,
    ];
    let roots = [
        chunk(&[1]),
        value.b.hash_tree_root(),
        chunk(&[3]),
        value.d.hash_tree_root(),
        chunk(&[1]),
        [6; 32],
        value.g.hash_tree_root(),
        chunk(&0xdeadbeefu32.to_le_bytes()),
    ];
    let mut leaves = Vec::new();
    let mut next = roots.iter();
    for &bit in &active {
        leaves.push(if bit == 1 { *next.next().unwrap() } else { Z });
    }
    let expected = mix_in_active_fields(&merkleize_progressive(&leaves, 1), &active);
    assert_eq!(value.hash_tree_root(), expected);
    // The list roots themselves, by the definition.
    assert_eq!(
        value.b.hash_tree_root(),
        common::mix_in_length(&merkleize(&[chunk(&[7, 0, 8, 0, 9, 0])], 8), 3)
    );

    let bytes = value.to_ssz();
    assert_eq!(Spread::from_ssz(&bytes).unwrap(), value);
    // a | off(b) | c | d | e | f | off(g) | h, then b and g.
    let fixed = 1 + 4 + 8 + 3 + 1 + 32 + 4 + 4;
    assert_eq!(&bytes[1..5], &(fixed as u32).to_le_bytes());
    assert_eq!(&bytes[fixed..fixed + 6], &[7, 0, 8, 0, 9, 0]);
    assert_eq!(&bytes[fixed + 6..], &[1, 2]);
}

/// `ProgressiveSingleFieldContainerTestStruct`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1], edition = "v1.6")]
#[allow(non_snake_case)]
struct ProgressiveSingleField {
    A: u8,
}

/// `ProgressiveSingleListContainerTestStruct`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [0, 0, 0, 0, 1], edition = "v1.6")]
#[allow(non_snake_case)]
struct ProgressiveSingleList {
    C: ProgressiveBitlist<V1_6>,
}

/// `ProgressiveVarTestStruct`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1, 0, 1, 0, 1], edition = "v1.6")]
#[allow(non_snake_case)]
struct ProgressiveVar {
    A: u8,
    B: List<u16, U<123>>,
    C: ProgressiveBitlist<V1_6>,
}

fn check<T: Ssz + TreeHash + PartialEq + std::fmt::Debug>(value: &T, bytes: &[u8], root: &str) {
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(&T::from_ssz(bytes).unwrap(), value);
    assert_eq!(value.hash_tree_root(), hex32(root));
}

#[test]
fn progressive_single_field_vectors() {
    // ProgressiveSingleFieldContainerTestStruct_max, _zero
    check(
        &ProgressiveSingleField { A: 255 },
        &[0xff],
        "0x4ca4929a058bf05661f6c9b898a8ea5b5448bd78ddd9be0989d7c8944a1bcc2d",
    );
    check(
        &ProgressiveSingleField { A: 0 },
        &[0],
        "0xe832d263aaa8f9417d9f45a702834f6961ee7b15ad4d3d27f2b0f4fe79d33031",
    );
    // _random_4
    check(
        &ProgressiveSingleField { A: 1 },
        &[1],
        "0x573a032da7e6b5f5e90253e1ac50ca352bc39203f863f391e8171082e1e48840",
    );
}

#[test]
fn progressive_single_list_vectors() {
    // ProgressiveSingleListContainerTestStruct_one_0 (C = 0x02), _one_8 (0x03)
    check(
        &ProgressiveSingleList {
            C: ProgressiveBitlist::<V1_6>::from_bools(&[false]),
        },
        &[4, 0, 0, 0, 0x02],
        "0x3fce8379ad0142361d296f413dbc5f5ead11c7a3b193f4381135a63cc300456a",
    );
    check(
        &ProgressiveSingleList {
            C: ProgressiveBitlist::<V1_6>::from_bools(&[true]),
        },
        &[4, 0, 0, 0, 0x03],
        "0x6c7f7cb6227fb9893ff09858a8d6c02ca17a2184ffc75bd2d83b7dd27f0b35bd",
    );
}

#[test]
fn progressive_var_vectors() {
    // ProgressiveVarTestStruct_nil_0
    check(
        &ProgressiveVar {
            A: 247,
            B: List::default(),
            C: ProgressiveBitlist::<V1_6>::new(),
        },
        &[0xf7, 9, 0, 0, 0, 9, 0, 0, 0, 0x01],
        "0x001421abe2a38b494ea81ba62b77930cca77446c8a9c5367a480926d380c6424",
    );
    // ProgressiveVarTestStruct_zero_chaos_2
    let c = hex("0xabd6719cb38ec1b2bff6de4ee61d9c3ca576a8ac878969ffb2eb08a20584a49f5a404f1ffa9483d9b035fa0315bfe21174fee8fd64377b875d23c183cf19");
    let bytes = [&[0xe8, 9, 0, 0, 0, 11, 0, 0, 0, 0xff, 0xff][..], &c].concat();
    let value = ProgressiveVar::from_ssz(&bytes).unwrap();
    assert_eq!(value.A, 232);
    assert_eq!(value.B.as_slice(), [65535]);
    assert_eq!(value.C.to_ssz(), c);
    check(
        &value,
        &bytes,
        "0x1591b8fb20419f24b5aeb0726704e3b1b7c164dabeea469f107f7e445dddba1b",
    );
}

#[test]
fn progressive_containers_decode_like_containers() {
    let err = ProgressiveVar::from_ssz(&[0xf7, 10, 0, 0, 0, 10, 0, 0, 0, 1]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::FirstOffsetMismatch {
            expected: 9,
            got: 10
        }
    );
    assert_eq!(
        err.path().copied().collect::<Vec<_>>(),
        [PathSegment::Field("B")]
    );
    let err = ProgressiveVar::from_ssz(&[0xf7, 9, 0, 0, 0, 9, 0, 0, 0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .C: bitlist has no length-delimiting bit"
    );
    let err = ProgressiveVar::from_ssz(&[0xf7, 9, 0, 0, 0, 8, 0, 0, 0, 1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .C: offset 8 is below the previous offset 9"
    );
    let err = ProgressiveVar::from_ssz(&[0xf7, 9, 0, 0]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::TooShort { min: 9, got: 4 });
}

/// `CompatibleUnionA = CompatibleUnion({1: ProgressiveSingleFieldContainerTestStruct})`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(compatible_union)]
enum CompatibleUnionA {
    #[ssz(selector = 1)]
    A(ProgressiveSingleField),
}

/// `CompatibleUnionBC = CompatibleUnion({2: ProgressiveSingleListContainerTestStruct,
/// 3: ProgressiveVarTestStruct})`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(compatible_union)]
enum CompatibleUnionBC {
    #[ssz(selector = 2)]
    B(ProgressiveSingleList),
    #[ssz(selector = 3)]
    C(ProgressiveVar),
}

/// `CompatibleUnionABCA`: the same type at selectors 1 and 4.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(compatible_union)]
enum CompatibleUnionABCA {
    #[ssz(selector = 1)]
    A(ProgressiveSingleField),
    #[ssz(selector = 2)]
    B(ProgressiveSingleList),
    #[ssz(selector = 3)]
    C(ProgressiveVar),
    #[ssz(selector = 4)]
    A2(ProgressiveSingleField),
}

#[test]
fn compatible_union_a_vectors() {
    const { assert!(!CompatibleUnionA::IS_FIXED_SIZE) };
    assert_eq!(CompatibleUnionA::FIXED_PART_LEN, 4);
    // CompatibleUnionA_max_selector_1, _zero_selector_1, _random_selector_1_0
    let cases = [
        (
            255,
            "0x8e4e1c46a8a63d74fc44e98255902710d4945c600dfcea154639ca8a919ea5c7",
        ),
        (
            0,
            "0xf4ad97c8646e7564dd0b3728a9c7e633154a1c23ce1a94fee81f7da21fb0ad42",
        ),
        (
            193,
            "0x953090be3710ff8606792cb2bd7cbda9c4d82bdf536716e71593ddd70237ece1",
        ),
    ];
    for (a, root) in cases {
        check(
            &CompatibleUnionA::A(ProgressiveSingleField { A: a }),
            &[1, a],
            root,
        );
    }
}

#[test]
fn compatible_union_bc_vectors() {
    // CompatibleUnionBC_lengthy_selector_2_chaos_0
    check(
        &CompatibleUnionBC::B(ProgressiveSingleList {
            C: ProgressiveBitlist::<V1_6>::new(),
        }),
        &[2, 4, 0, 0, 0, 1],
        "0xc84955fb3cd10668032035b218a59dd6857d15cdb27ca46f22450e0907ec3282",
    );
    // CompatibleUnionBC_lengthy_selector_3_chaos_0
    check(
        &CompatibleUnionBC::C(ProgressiveVar {
            A: 154,
            B: List::default(),
            C: ProgressiveBitlist::<V1_6>::new(),
        }),
        &[3, 154, 9, 0, 0, 0, 9, 0, 0, 0, 1],
        "0xf7d1dcae026d9dc09cf5737d73a3bca01728f88658777a0817695038d69bff81",
    );
    // CompatibleUnionBC_lengthy_selector_3_chaos_1
    check(
        &CompatibleUnionBC::C(ProgressiveVar {
            A: 254,
            B: List::try_from(vec![65247]).unwrap(),
            C: ProgressiveBitlist::<V1_6>::new(),
        }),
        &[3, 254, 9, 0, 0, 0, 11, 0, 0, 0, 0xdf, 0xfe, 1],
        "0x69e1d61b1bc96bad1b2d0eeb06d1e12990e11b6b782b4f63ac450b0881e57c57",
    );
}

#[test]
fn compatible_union_abca_vectors() {
    // CompatibleUnionABCA_max_selector_4, _lengthy_selector_4_chaos_0
    check(
        &CompatibleUnionABCA::A2(ProgressiveSingleField { A: 255 }),
        &[4, 255],
        "0x8f9bdb3e2fb10159c4c92ef6abae60d0b3e01e1d5758174b5e45700f8da567a4",
    );
    check(
        &CompatibleUnionABCA::A2(ProgressiveSingleField { A: 0 }),
        &[4, 0],
        "0x8db4c738a06483045242a0d6c1bddbdd498ebd1fdc90da7ef17505f102216986",
    );
    // Selector 1 holds the same type: the root of CompatibleUnionA's.
    check(
        &CompatibleUnionABCA::A(ProgressiveSingleField { A: 255 }),
        &[1, 255],
        "0x8e4e1c46a8a63d74fc44e98255902710d4945c600dfcea154639ca8a919ea5c7",
    );
}

#[test]
fn compatible_union_invalid_vectors() {
    // CompatibleUnionA invalid cases: empty, selector_missing, selector_N_invalid.
    let err = CompatibleUnionA::from_ssz(&[]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::MissingSelector);
    let err = CompatibleUnionA::from_ssz(&[0xe5]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(0xe5));
    for selector in [0u8, 2, 3, 127, 128, 129, 254, 255] {
        let err = CompatibleUnionA::from_ssz(&[selector, 0xff]).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(selector));
        assert_eq!(err.path().count(), 0);
    }
    // _extra_byte, _extra_padding: the data is one byte too long.
    for bytes in [[1u8, 0x97, 0x00], [1, 0x00, 0xc7]] {
        let err = CompatibleUnionA::from_ssz(&bytes).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::InvalidLength {
                expected: 1,
                got: 2
            }
        );
        assert_eq!(
            err.path().copied().collect::<Vec<_>>(),
            [PathSegment::Selector(1)]
        );
        assert_eq!(err.to_string(), "at <1>: expected 1 bytes, got 2");
    }
    let err = CompatibleUnionA::from_ssz(&[1]).unwrap_err();
    assert_eq!(err.to_string(), "at <1>: expected 1 bytes, got 0");
}

#[test]
fn compatible_union_data_of_another_option_is_rejected() {
    // selector_2_with_1_data, selector_3_with_2_data
    let err = CompatibleUnionABCA::from_ssz(&[2, 0xff]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::TooShort { min: 4, got: 1 });
    assert_eq!(err.to_string(), "at <2>: expected at least 4 bytes, got 1");
    let err = CompatibleUnionABCA::from_ssz(&[3, 4, 0, 0, 0, 1]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::TooShort { min: 9, got: 5 });
    let err = CompatibleUnionBC::from_ssz(&[3, 154, 9, 0, 0, 0, 10, 0, 0, 0, 1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at <3>.B: 1 bytes is not a multiple of the element size 2"
    );
}

// ---------------------------------------------------------------------------
// Editions: the same containers in the current edition (v1.7.0-alpha.13,
// binary subtree on the left), by default, by name and by type parameter.
// ---------------------------------------------------------------------------

/// `Square` without an edition: the current one.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1, 0, 1])]
struct SquareCurrent {
    side: u16,
    color: u8,
}

/// `Square` naming the current edition.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(active_fields = [1, 0, 1], edition = "v1.7")]
struct SquareV1_7 {
    side: u16,
    color: u8,
}

/// `ProgressiveVarTestStruct` in the edition `E`, which also types its
/// progressive bitlist.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(edition = E, active_fields = [1, 0, 1, 0, 1])]
struct VarIn<E: Edition> {
    a: u8,
    b: List<u16, U<123>>,
    c: ProgressiveBitlist<E>,
}

#[test]
fn square_root_worked_by_hand_in_the_current_edition() {
    let (side, color) = (chunk(&[2, 1]), chunk(&[3]));
    // merkleize_progressive([side, 0, color]) in v1.7.0-alpha.13:
    //   hash(merkleize([side], 1), merkleize_progressive([0, color], 4))
    // merkleize_progressive([0, color], 4):
    //   hash(merkleize([0, color, 0, 0], 4), merkleize_progressive([], 16) = 0)
    let four = hash(&hash(&Z, &color), &hash(&Z, &Z));
    let progressive = hash(&side, &hash(&four, &Z));
    let expected = hash(&progressive, &chunk(&[0b101]));
    let current = SquareCurrent {
        side: 0x0102,
        color: 3,
    };
    let named = SquareV1_7 {
        side: 0x0102,
        color: 3,
    };
    assert_eq!(current.hash_tree_root(), expected);
    assert_eq!(named.hash_tree_root(), expected);
    // The bytes do not depend on the edition; the root does.
    let v1_6 = Square {
        side: 0x0102,
        color: 3,
    };
    assert_eq!(current.to_ssz(), v1_6.to_ssz());
    assert_ne!(v1_6.hash_tree_root(), expected);
}

#[test]
fn an_edition_parameter_selects_the_merkleization() {
    let bits = [true, false, true, true];
    let v1_6 = VarIn::<V1_6> {
        a: 7,
        b: List::try_from(vec![1, 2]).unwrap(),
        c: ProgressiveBitlist::from_bools(&bits),
    };
    let v1_7 = VarIn::<V1_7> {
        a: 7,
        b: List::try_from(vec![1, 2]).unwrap(),
        c: ProgressiveBitlist::from_bools(&bits),
    };
    let named_v1_6 = ProgressiveVar {
        A: 7,
        B: List::try_from(vec![1, 2]).unwrap(),
        C: ProgressiveBitlist::from_bools(&bits),
    };
    assert_eq!(v1_6.to_ssz(), v1_7.to_ssz());
    assert_eq!(VarIn::<V1_7>::from_ssz(&v1_6.to_ssz()).unwrap(), v1_7);
    assert_eq!(v1_6.hash_tree_root(), named_v1_6.hash_tree_root());
    // v1.7.0-alpha.13 by the definition: leaves [a, 0, b, 0, c].
    let leaves = [
        chunk(&[7]),
        Z,
        v1_7.b.hash_tree_root(),
        Z,
        v1_7.c.hash_tree_root(),
    ];
    let expected = mix_in_active_fields(
        &common::merkleize_progressive_v1_7(&leaves, 1),
        &[1, 0, 1, 0, 1],
    );
    assert_eq!(v1_7.hash_tree_root(), expected);
    assert_ne!(v1_7.hash_tree_root(), v1_6.hash_tree_root());
}
