//! `#[ssz(transparent)]`: a newtype is encoded, decoded and merkleized as its
//! one field, including how it packs into the leaves of a vector or list.

mod common;

use common::{chunk, merkleize, mix_in_length};
use peam_ssz_types::{DecodeErrorKind, List, Ssz, TreeHash, U};

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone, Copy, Default)]
#[ssz(transparent)]
struct Slot(u64);

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone, Copy)]
#[ssz(transparent)]
struct Flag {
    set: bool,
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(transparent)]
struct Indices(List<u64, U<8>>);

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
#[ssz(transparent)]
struct Wrapper<T>(T);

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Pair {
    a: u8,
    b: u8,
}

#[test]
fn a_basic_newtype_is_its_field() {
    const { assert!(Slot::IS_FIXED_SIZE) };
    assert_eq!(Slot::FIXED_PART_LEN, 8);
    const { assert!(<Slot as TreeHash>::IS_BASIC) };
    assert_eq!(<Slot as TreeHash>::LEAF_SIZE, 8);
    assert_eq!(Slot(0x0102).to_ssz(), [2, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(Slot(0x0102).ssz_len(), 8);
    assert_eq!(
        Slot::from_ssz(&[2, 1, 0, 0, 0, 0, 0, 0]).unwrap(),
        Slot(0x0102)
    );
    assert_eq!(Slot(0x0102).hash_tree_root(), chunk(&[2, 1]));
    let err = Slot::from_ssz(&[1, 2, 3]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 8,
            got: 3
        }
    );
    // No path segment for the field: the newtype is not a container.
    assert_eq!(err.path().count(), 0);

    assert_eq!(<Flag as TreeHash>::LEAF_SIZE, 1);
    assert_eq!(Flag { set: true }.to_ssz(), [1]);
    let err = Flag::from_ssz(&[2]).unwrap_err();
    assert_eq!(err.to_string(), "invalid boolean byte 0x02");
}

#[test]
fn newtypes_pack_like_their_field_in_lists_and_vectors() {
    let slots: List<Slot, U<8>> = List::try_from(vec![Slot(1), Slot(2), Slot(3)]).unwrap();
    let raw: List<u64, U<8>> = List::try_from(vec![1, 2, 3]).unwrap();
    assert_eq!(slots.to_ssz(), raw.to_ssz());
    assert_eq!(slots.hash_tree_root(), raw.hash_tree_root());
    // Packed: three u64 in one chunk, room for two chunks.
    let mut packed = Vec::new();
    for v in [1u64, 2, 3] {
        packed.extend_from_slice(&v.to_le_bytes());
    }
    assert_eq!(
        slots.hash_tree_root(),
        mix_in_length(&merkleize(&[chunk(&packed)], 2), 3)
    );
    assert_eq!(List::<Slot, U<8>>::from_ssz(&raw.to_ssz()).unwrap(), slots);

    let array = [Slot(1), Slot(2), Slot(3), Slot(4)];
    assert_eq!(array.hash_tree_root(), [1u64, 2, 3, 4].hash_tree_root());
    assert_eq!(array.to_ssz(), [1u64, 2, 3, 4].to_ssz());

    let flags = [Flag { set: true }, Flag { set: false }, Flag { set: true }];
    assert_eq!(flags.hash_tree_root(), [true, false, true].hash_tree_root());
}

#[test]
fn a_variable_newtype_is_its_field() {
    const { assert!(!Indices::IS_FIXED_SIZE) };
    assert_eq!(Indices::FIXED_PART_LEN, 4);
    let value = Indices(List::try_from(vec![5, 6]).unwrap());
    let bytes = [5, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(value.to_ssz(), bytes);
    let mut buf = vec![9];
    value.ssz_append(&mut buf);
    assert_eq!(buf[1..], bytes);
    assert_eq!(Indices::from_ssz(&bytes).unwrap(), value);
    assert_eq!(value.hash_tree_root(), value.0.hash_tree_root());
    let err = Indices::from_ssz(&[0; 72]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::TooManyElements { len: 9, max: 8 }
    );
    assert_eq!(err.path().count(), 0);
}

#[test]
fn generic_newtypes_forward_to_the_parameter() {
    const { assert!(<Wrapper<u16> as TreeHash>::IS_BASIC) };
    assert_eq!(<Wrapper<u16> as TreeHash>::LEAF_SIZE, 2);
    const { assert!(!<Wrapper<Pair> as TreeHash>::IS_BASIC) };
    assert_eq!(<Wrapper<Pair> as TreeHash>::LEAF_SIZE, 32);
    let pair = Wrapper(Pair { a: 1, b: 2 });
    assert_eq!(pair.to_ssz(), [1, 2]);
    assert_eq!(Wrapper::<Pair>::from_ssz(&[1, 2]).unwrap(), pair);
    assert_eq!(
        pair.hash_tree_root(),
        merkleize(&[chunk(&[1]), chunk(&[2])], 2)
    );
    let err = Wrapper::<Pair>::from_ssz(&[1]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidLength {
            expected: 2,
            got: 1
        }
    );
    // Newtypes of newtypes.
    let nested = Wrapper(Wrapper(Slot(7)));
    assert_eq!(nested.to_ssz(), Slot(7).to_ssz());
    assert_eq!(<Wrapper<Wrapper<Slot>> as TreeHash>::LEAF_SIZE, 8);
}

#[test]
fn newtypes_in_containers() {
    #[derive(Ssz, TreeHash, Debug, PartialEq, Eq)]
    struct Checkpoint {
        epoch: Slot,
        root: Wrapper<[u8; 32]>,
    }
    let value = Checkpoint {
        epoch: Slot(3),
        root: Wrapper([7; 32]),
    };
    let mut bytes = vec![3, 0, 0, 0, 0, 0, 0, 0];
    bytes.extend_from_slice(&[7; 32]);
    assert_eq!(value.to_ssz(), bytes);
    assert_eq!(Checkpoint::from_ssz(&bytes).unwrap(), value);
    assert_eq!(
        value.hash_tree_root(),
        merkleize(&[chunk(&[3]), [7; 32]], 2)
    );
}

#[test]
fn newtypes_keep_the_bulk_paths_of_their_field() {
    // Long enough for several merkleization blocks, so the packed-leaves
    // path of the list root and the one-pass decode both run.
    let raw: Vec<u64> = (0..20_000u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9))
        .collect();
    let slots: Vec<Slot> = raw.iter().copied().map(Slot).collect();
    let raw: List<u64, U<1_000_000>> = List::try_from(raw).unwrap();
    let slots: List<Slot, U<1_000_000>> = List::try_from(slots).unwrap();
    let bytes = raw.to_ssz();
    assert_eq!(slots.to_ssz(), bytes);
    let mut appended = vec![0xff];
    slots.ssz_append(&mut appended);
    assert_eq!(appended[1..], bytes);
    assert_eq!(List::<Slot, U<1_000_000>>::from_ssz(&bytes).unwrap(), slots);
    assert_eq!(slots.hash_tree_root(), raw.hash_tree_root());

    // Inline vectors decode through the field's array path.
    let array: [Slot; 5] = <[Slot; 5]>::from_ssz(&[1u64, 2, 3, 4, 5].to_ssz()).unwrap();
    assert_eq!(array, [Slot(1), Slot(2), Slot(3), Slot(4), Slot(5)]);

    // Errors still name the element.
    let mut flags = vec![1u8; 40];
    flags[37] = 2;
    let err = List::<Flag, U<64>>::from_ssz(&flags).unwrap_err();
    assert_eq!(err.to_string(), "at [37]: invalid boolean byte 0x02");
    let err = <[Flag; 40]>::from_ssz(&flags).unwrap_err();
    assert_eq!(err.to_string(), "at [37]: invalid boolean byte 0x02");

    // Composite fields: the leaves are the field's roots.
    let pairs: Vec<Pair> = (0..300u16)
        .map(|i| Pair {
            a: i as u8,
            b: (i >> 8) as u8,
        })
        .collect();
    let wrapped: List<Wrapper<Pair>, U<512>> =
        List::try_from(pairs.iter().cloned().map(Wrapper).collect::<Vec<_>>()).unwrap();
    let pairs: List<Pair, U<512>> = List::try_from(pairs).unwrap();
    assert_eq!(wrapped.hash_tree_root(), pairs.hash_tree_root());
    assert_eq!(wrapped.to_ssz(), pairs.to_ssz());
    assert_eq!(
        List::<Wrapper<Pair>, U<512>>::from_ssz(&pairs.to_ssz()).unwrap(),
        wrapped
    );
}
