//! Unions (simple-serialize.md v1.6.1, "Union"): the selector byte, then the
//! value; `None` is the byte 0 alone. Roots are `mix_in_selector`.

mod common;

use common::{chunk, hash, merkleize, mix_in_length, mix_in_selector};
use peam_ssz_types::{DecodeErrorKind, List, PathSegment, Ssz, TreeHash, U};

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Pair {
    a: u8,
    b: List<u16, U<4>>,
}

/// `Union[None, uint16, Pair]`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Opt {
    None,
    Short(u16),
    Pair(Pair),
}

/// `Union[uint8, uint64]`: no `None`, so selector 0 holds a value.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Number {
    Byte(u8),
    Long(u64),
}

/// Explicit selectors, with gaps.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Sparse {
    #[ssz(selector = 0)]
    Nothing,
    #[ssz(selector = 5)]
    Five(u8),
    #[ssz(selector = 127)]
    Last(u32),
}

/// Selectors in another order than the variants.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Reordered {
    #[ssz(selector = 2)]
    Two(u8),
    #[ssz(selector = 1)]
    One(u16),
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
enum Maybe<T> {
    None,
    Some(T),
}

#[test]
fn none_is_the_selector_alone() {
    assert_eq!(Opt::None.to_ssz(), [0]);
    assert_eq!(Opt::None.ssz_len(), 1);
    assert_eq!(Opt::from_ssz(&[0]).unwrap(), Opt::None);
    // mix_in_selector(Bytes32(), 0): the hash of 64 zero bytes.
    assert_eq!(Opt::None.hash_tree_root(), hash(&[0; 32], &[0; 32]));
    assert_eq!(Opt::None.hash_tree_root(), mix_in_selector(&[0; 32], 0));
}

#[test]
fn a_value_follows_its_selector() {
    let value = Opt::Short(0x0102);
    assert_eq!(value.to_ssz(), [1, 2, 1]);
    assert_eq!(Opt::from_ssz(&[1, 2, 1]).unwrap(), value);
    assert_eq!(value.hash_tree_root(), mix_in_selector(&chunk(&[2, 1]), 1));

    let pair = Opt::Pair(Pair {
        a: 9,
        b: List::try_from(vec![3, 4]).unwrap(),
    });
    let bytes = [2, 9, 5, 0, 0, 0, 3, 0, 4, 0];
    assert_eq!(pair.to_ssz(), bytes);
    assert_eq!(pair.ssz_len(), 10);
    assert_eq!(Opt::from_ssz(&bytes).unwrap(), pair);
    let pair_root = merkleize(
        &[
            chunk(&[9]),
            mix_in_length(&merkleize(&[chunk(&[3, 0, 4, 0])], 1), 2),
        ],
        2,
    );
    assert_eq!(pair.hash_tree_root(), mix_in_selector(&pair_root, 2));
}

#[test]
fn unions_are_variable_size_even_with_fixed_options() {
    const { assert!(!Number::IS_FIXED_SIZE) };
    assert_eq!(Number::FIXED_PART_LEN, 4);
    const { assert!(!Opt::IS_FIXED_SIZE) };
    const { assert!(!<Opt as TreeHash>::IS_BASIC) };
    assert_eq!(<Opt as TreeHash>::LEAF_SIZE, 32);
}

#[test]
fn without_none_selector_zero_holds_a_value() {
    assert_eq!(Number::Byte(7).to_ssz(), [0, 7]);
    assert_eq!(Number::Long(1).to_ssz(), [1, 1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(Number::from_ssz(&[0, 7]).unwrap(), Number::Byte(7));
    assert_eq!(
        Number::Byte(7).hash_tree_root(),
        mix_in_selector(&chunk(&[7]), 0)
    );
    let err = Number::from_ssz(&[0]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 1,
            got: 0
        }
    );
    assert_eq!(err.to_string(), "at <0>: expected 1 bytes, got 0");
}

#[test]
fn explicit_selectors() {
    assert_eq!(Sparse::Nothing.to_ssz(), [0]);
    assert_eq!(Sparse::Five(3).to_ssz(), [5, 3]);
    assert_eq!(Sparse::Last(1).to_ssz(), [127, 1, 0, 0, 0]);
    assert_eq!(
        Sparse::from_ssz(&[127, 1, 0, 0, 0]).unwrap(),
        Sparse::Last(1)
    );
    assert_eq!(
        Sparse::Five(3).hash_tree_root(),
        mix_in_selector(&chunk(&[3]), 5)
    );
    assert_eq!(
        Sparse::Last(1).hash_tree_root(),
        mix_in_selector(&chunk(&[1]), 127)
    );
    for gap in [1u8, 4, 6, 126, 128, 255] {
        let err = Sparse::from_ssz(&[gap, 3]).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(gap));
    }

    assert_eq!(Reordered::One(2).to_ssz(), [1, 2, 0]);
    assert_eq!(Reordered::Two(2).to_ssz(), [2, 2]);
    assert_eq!(Reordered::from_ssz(&[1, 2, 0]).unwrap(), Reordered::One(2));
    let err = Reordered::from_ssz(&[0, 2]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(0));
}

#[test]
fn generic_unions() {
    assert_eq!(Maybe::Some(5u16).to_ssz(), [1, 5, 0]);
    assert_eq!(Maybe::<u16>::None.to_ssz(), [0]);
    assert_eq!(Maybe::<u16>::from_ssz(&[1, 5, 0]).unwrap(), Maybe::Some(5));
    let nested = Maybe::Some(Maybe::Some(true));
    assert_eq!(nested.to_ssz(), [1, 1, 1]);
    let err = Maybe::<Maybe<bool>>::from_ssz(&[1, 1, 2]).unwrap_err();
    assert_eq!(err.to_string(), "at <1><1>: invalid boolean byte 0x02");
    assert_eq!(
        nested.hash_tree_root(),
        mix_in_selector(&mix_in_selector(&chunk(&[1]), 1), 1)
    );
}

#[test]
fn empty_input_has_no_selector() {
    let err = Opt::from_ssz(&[]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::MissingSelector);
    assert_eq!(err.path().count(), 0);
}

#[test]
fn unknown_selectors_are_rejected() {
    for selector in [3u8, 4, 127, 128, 255] {
        let err = Opt::from_ssz(&[selector, 1, 2]).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::InvalidSelector(selector));
        assert_eq!(err.path().count(), 0);
    }
}

#[test]
fn none_takes_no_payload() {
    for bytes in [&[0u8, 0][..], &[0, 1, 2]] {
        let err = Opt::from_ssz(bytes).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::NonePayload);
        assert_eq!(err.path().count(), 0);
    }
}

#[test]
fn value_errors_name_the_selector() {
    let err = Opt::from_ssz(&[1, 5]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 1
        }
    );
    assert_eq!(
        err.path().copied().collect::<Vec<_>>(),
        [PathSegment::Selector(1)]
    );
    let err = Opt::from_ssz(&[2, 9, 6, 0, 0, 0, 3, 0, 4, 0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at <2>.b: first offset is 6, but the fixed part ends at 5"
    );
    let err = Opt::from_ssz(&[2, 9, 5, 0, 0, 0, 3, 0, 4]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at <2>.b: 3 bytes is not a multiple of the element size 2"
    );
}

#[test]
fn unions_inside_containers_and_lists() {
    #[derive(Ssz, TreeHash, Debug, PartialEq, Eq)]
    struct Holder {
        first: Opt,
        list: List<Opt, U<3>>,
    }
    let value = Holder {
        first: Opt::None,
        list: List::try_from(vec![Opt::Short(1), Opt::None]).unwrap(),
    };
    let bytes = [
        8, 0, 0, 0, 9, 0, 0, 0, 0, 8, 0, 0, 0, 11, 0, 0, 0, 1, 1, 0, 0,
    ];
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Holder::from_ssz(&bytes).unwrap(), value);
    let mut bad = bytes;
    bad[20] = 4;
    let err = Holder::from_ssz(&bad).unwrap_err();
    assert_eq!(err.to_string(), "at .list[1]: invalid union selector 4");
    let none = mix_in_selector(&[0; 32], 0);
    let list_root = mix_in_length(
        &merkleize(&[mix_in_selector(&chunk(&[1, 0]), 1), none], 3),
        2,
    );
    assert_eq!(value.hash_tree_root(), merkleize(&[none, list_root], 2));
}
