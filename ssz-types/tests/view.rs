//! Views of derived containers, unions and newtypes: validated as decoding
//! validates, read in place, rooted and proved from the bytes.

use peam_ssz_types::view::{view, SszView, View};
use peam_ssz_types::{decode, Gindex, Ssz, TreeHash};

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
#[ssz(transparent)]
struct Gwei(u64);

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Fixed {
    a: u8,
    b: Gwei,
    c: Checkpoint,
    d: [bool; 3],
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Inner {
    x: u16,
    pairs: [[u8; 2]; 2],
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
enum Choice {
    None,
    A(u64),
    B(Checkpoint),
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Outer {
    fixed: Fixed,
    choice: Choice,
    tail: u32,
    other: Choice,
}

fn same_verdict<T: SszView + std::fmt::Debug>(bytes: &[u8]) {
    assert_eq!(
        view::<T>(bytes).map(drop),
        decode::<T>(bytes).map(drop),
        "{bytes:?}"
    );
}

fn every_mutation<T: SszView + std::fmt::Debug>(bytes: &[u8]) {
    for len in 0..=bytes.len() + 2 {
        let mut b = bytes.to_vec();
        b.resize(len, 0);
        same_verdict::<T>(&b);
    }
    for i in 0..bytes.len() {
        for v in [0u8, 1, 2, 3, 4, 5, 8, 0x2f, 0x3a, 0x40, 0x7f, 0x80, 0xff] {
            let mut b = bytes.to_vec();
            b[i] = v;
            same_verdict::<T>(&b);
        }
    }
}

fn sample() -> Outer {
    Outer {
        fixed: Fixed {
            a: 7,
            b: Gwei(32_000_000_000),
            c: Checkpoint {
                epoch: 9,
                root: [3; 32],
            },
            d: [true, false, true],
        },
        choice: Choice::B(Checkpoint {
            epoch: 1,
            root: [4; 32],
        }),
        tail: 0xdead_beef,
        other: Choice::A(5),
    }
}

#[test]
fn fields_are_read_in_place() {
    let value = sample();
    let bytes = value.to_ssz();
    let v = view::<Outer>(&bytes).unwrap();
    assert_eq!(v.tail(), 0xdead_beef);
    assert_eq!(v.fixed().a(), 7);
    assert_eq!(v.fixed().b(), 32_000_000_000);
    assert_eq!(v.fixed().c().epoch(), 9);
    assert_eq!(v.fixed().c().root(), &[3; 32]);
    assert_eq!(
        v.fixed().d().iter().collect::<Vec<_>>(),
        [true, false, true]
    );
    assert_eq!(v.choice().selector(), 2);
    assert_eq!(v.choice().a(), None);
    assert_eq!(v.choice().b().unwrap().epoch(), 1);
    assert_eq!(v.other().a(), Some(5));
    assert_eq!(v.to_value(), value);
    assert_eq!(v.fixed().to_value(), value.fixed);
    assert_eq!(v.as_ssz_bytes(), &bytes[..]);
}

#[test]
fn roots_and_nodes_come_from_the_bytes() {
    let value = sample();
    let bytes = value.to_ssz();
    let v = view::<Outer>(&bytes).unwrap();
    assert_eq!(v.hash_tree_root(), value.hash_tree_root());
    assert_eq!(v.fixed().hash_tree_root(), value.fixed.hash_tree_root());
    for g in 1u128..512 {
        let g = Gindex::new(g).unwrap();
        assert_eq!(v.tree_node(g), value.tree_node(g), "{g}");
    }
    let none = Outer {
        choice: Choice::None,
        ..sample()
    };
    let bytes = none.to_ssz();
    let v = view::<Outer>(&bytes).unwrap();
    assert_eq!(v.hash_tree_root(), none.hash_tree_root());
}

#[test]
fn every_refusal_is_decodings() {
    every_mutation::<Outer>(&sample().to_ssz());
    every_mutation::<Fixed>(&sample().fixed.to_ssz());
    every_mutation::<Choice>(&Choice::B(sample().fixed.c).to_ssz());
    every_mutation::<Inner>(
        &Inner {
            x: 1,
            pairs: [[1, 2], [3, 4]],
        }
        .to_ssz(),
    );
}

/// A type of the user's with a hand-written `Ssz` and `TreeHash` and no
/// view: containers holding it still derive, without a view.
#[derive(Debug, Clone, PartialEq)]
struct Opaque(u32);

impl Ssz for Opaque {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = 4;
    fn ssz_len(&self) -> usize {
        4
    }
    fn ssz_write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0.to_le_bytes())
    }
    fn from_ssz(bytes: &[u8]) -> Result<Self, peam_ssz_types::DecodeError> {
        u32::from_ssz(bytes).map(Opaque)
    }
}

impl TreeHash for Opaque {
    fn hash_tree_root(&self) -> [u8; 32] {
        self.0.hash_tree_root()
    }
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct HoldsOpaque {
    a: u64,
    b: Opaque,
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct HoldsHoldsOpaque {
    a: HoldsOpaque,
}

#[test]
fn a_field_without_a_view_leaves_only_the_view_out() {
    let v = HoldsHoldsOpaque {
        a: HoldsOpaque { a: 1, b: Opaque(2) },
    };
    assert_eq!(HoldsHoldsOpaque::from_ssz(&v.to_ssz()), Ok(v.clone()));
    assert_eq!(v.hash_tree_root(), v.a.hash_tree_root());
}

#[test]
fn leaves_of_many_containers_come_in_batches_from_the_bytes() {
    use peam_ssz_types::view::TreeHashView;
    let values: Vec<Fixed> = (0..300u64)
        .map(|i| Fixed {
            a: i as u8,
            b: Gwei(i * 7),
            c: Checkpoint {
                epoch: i,
                root: [i as u8; 32],
            },
            d: [i % 2 == 0, true, false],
        })
        .collect();
    let mut bytes = Vec::new();
    for v in &values {
        v.ssz_append(&mut bytes);
    }
    let mut from_bytes = vec![0u8; 32 * values.len()];
    Fixed::tree_hash_leaves_ssz(&bytes, &mut from_bytes);
    let mut from_values = vec![0u8; 32 * values.len()];
    Fixed::tree_hash_leaves(&values, &mut from_values);
    assert_eq!(from_bytes, from_values);
}
