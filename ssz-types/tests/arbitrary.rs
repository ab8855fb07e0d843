//! The `arbitrary` feature: every generated value is valid for its type.
//!
//! For each type, values are built from seeded pseudo-random buffers of
//! several lengths; each must stay within its bounds, encode to bytes that
//! decode (strictly) to an equal value, and have a root. Fixed-size types
//! must consume what their `size_hint` says.

#![cfg(feature = "arbitrary")]

use std::fmt::Debug;

use arbitrary::{Arbitrary, Unstructured};
use peam_ssz_types::arbitrary::VECTOR_MEMORY_FLOOR;
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Bytes32, Bytes48, Cached, FixedBytes, List,
    PersistentList, PersistentProgressiveList, PersistentVector, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, RuntimeList, Ssz, TreeHash, Vector, U, U256, V1_6,
};

/// `len` bytes of xorshift64 from `seed`.
fn seed_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Input lengths: empty, tiny, and up to a few KiB.
const LENGTHS: [usize; 6] = [0, 1, 7, 64, 700, 5000];
const SEEDS: u64 = 40;

/// The value built from each seeded buffer, with the bytes it consumed.
/// Every buffer must build one: past the end of the input, values are
/// zeros and lists empty, so only a type with no valid value (or one too
/// big to build) may fail.
fn generated<T: for<'a> Arbitrary<'a>>() -> Vec<(T, usize)> {
    let mut out = Vec::new();
    for len in LENGTHS {
        for seed in 0..SEEDS {
            let data = seed_bytes(seed * 31 + len as u64, len);
            let mut u = Unstructured::new(&data);
            let value = T::arbitrary(&mut u).unwrap_or_else(|e| {
                panic!(
                    "{}: no value from {len} bytes (seed {seed}): {e}",
                    std::any::type_name::<T>()
                )
            });
            out.push((value, len - u.len()));
        }
    }
    out
}

/// The round trip and the root of every generated value of `T`, and the
/// bytes consumed within `size_hint`. Returns the values.
fn check<T>() -> Vec<T>
where
    T: for<'a> Arbitrary<'a> + Ssz + TreeHash + PartialEq + Debug,
{
    let values = generated::<T>();
    let (_, upper) = T::size_hint(0);
    for (value, consumed) in &values {
        let bytes = value.to_ssz();
        assert_eq!(bytes.len(), value.ssz_len());
        let decoded = T::from_ssz(&bytes).unwrap_or_else(|e| {
            panic!(
                "{}: generated {value:?} does not decode: {e}",
                std::any::type_name::<T>()
            )
        });
        assert_eq!(&decoded, value);
        assert_eq!(decoded.hash_tree_root(), value.hash_tree_root());
        if let Some(upper) = upper {
            assert!(
                *consumed <= upper,
                "consumed {consumed} > size_hint {upper}"
            );
        }
    }
    values.into_iter().map(|(v, _)| v).collect()
}

/// A type whose encoded size is fixed consumes exactly its hint from a
/// long enough input.
fn check_fixed_hint<T: for<'a> Arbitrary<'a>>() {
    let (lower, upper) = T::size_hint(0);
    assert_eq!(Some(lower), upper, "{}", std::any::type_name::<T>());
    let data = seed_bytes(1, lower + 100);
    let mut u = Unstructured::new(&data);
    T::arbitrary(&mut u).unwrap();
    assert_eq!(
        data.len() - u.len(),
        lower,
        "{}",
        std::any::type_name::<T>()
    );
}

/// Checks that `lens` (of generated values) are all within `limit` and
/// include both 0 and `limit`.
fn within_and_reaching(lens: &[usize], limit: usize) {
    assert!(lens.iter().all(|&n| n <= limit), "{lens:?} over {limit}");
    assert!(lens.contains(&0) && lens.contains(&limit), "{lens:?}");
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash, Arbitrary)]
struct Container {
    slot: u64,
    root: Bytes32,
    bits: Bitlist<U<20>>,
    indices: List<u16, U<9>>,
    commitments: List<Bytes48, U<4>>,
    extra: ByteList<U<32>>,
    justification: Bitvector<U<4>>,
    balance: U256,
    nested: Vector<List<u8, U<3>>, U<2>>,
    progressive: ProgressiveList<u32>,
}

#[test]
fn lists_stay_within_their_limit_and_reach_both_ends() {
    let lens: Vec<usize> = check::<List<u64, U<5>>>().iter().map(|l| l.len()).collect();
    within_and_reaching(&lens, 5);

    let lens: Vec<usize> = check::<List<Container, U<3>>>()
        .iter()
        .map(|l| l.len())
        .collect();
    within_and_reaching(&lens, 3);

    check::<List<bool, U<1000>>>();
    check::<List<Bytes32, U<{ 1 << 40 }>>>();
    check::<List<List<u8, U<2>>, U<16>>>();
}

#[test]
fn byte_lists_stay_within_their_limit() {
    let lens: Vec<usize> = check::<ByteList<U<17>>>().iter().map(|l| l.len()).collect();
    within_and_reaching(&lens, 17);
    check::<ByteList<U<{ 1 << 30 }>>>();
}

#[test]
fn bitlists_stay_within_their_limit_with_clear_padding() {
    // Decoding rejects a set bit past the length: the round trip checks
    // the padding.
    let lens: Vec<usize> = check::<Bitlist<U<13>>>().iter().map(|b| b.len()).collect();
    within_and_reaching(&lens, 13);
    assert!(lens.iter().any(|n| !n.is_multiple_of(8)));
    check::<Bitlist<U<1>>>();
    check::<Bitlist<U<2048>>>();
    check::<Bitlist<U<{ 1 << 40 }>>>();
}

#[test]
fn vectors_hold_exactly_their_length() {
    for v in check::<Vector<u16, U<7>>>() {
        assert_eq!(v.len(), 7);
    }
    check::<Vector<Container, U<2>>>();
    check::<Vector<Bytes32, U<64>>>();
    for v in check::<ByteVector<U<33>>>() {
        assert_eq!(v.len(), 33);
    }
    for b in check::<Bitvector<U<11>>>() {
        assert_eq!(b.len(), 11);
    }
    check::<Bitvector<U<1>>>();
    check::<Bitvector<U<512>>>();
    check::<FixedBytes<1>>();
    check::<Bytes32>();
    check::<U256>();
    check::<[Bytes48; 3]>();

    check_fixed_hint::<Vector<u16, U<7>>>();
    check_fixed_hint::<ByteVector<U<33>>>();
    check_fixed_hint::<Bitvector<U<11>>>();
    check_fixed_hint::<Bytes48>();
    check_fixed_hint::<U256>();
    check_fixed_hint::<PersistentVector<u64, U<9>>>();
}

#[test]
fn an_exhausted_input_still_gives_valid_values() {
    let mut u = Unstructured::new(&[]);
    let c = Container::arbitrary(&mut u).unwrap();
    assert_eq!(Container::from_ssz(&c.to_ssz()).unwrap(), c);
    assert!(c.indices.is_empty() && c.bits.is_empty());
}

#[test]
fn huge_vectors_are_refused_not_allocated() {
    let data = seed_bytes(3, 4096);
    type Huge = Vector<u64, U<{ 1 << 40 }>>;
    assert_eq!(
        Huge::arbitrary(&mut Unstructured::new(&data)).unwrap_err(),
        arbitrary::Error::NotEnoughData
    );
    type HugeBytes = ByteVector<U<{ 1 << 40 }>>;
    assert!(HugeBytes::arbitrary(&mut Unstructured::new(&data)).is_err());
    type HugeBits = Bitvector<U<{ 1 << 40 }>>;
    assert!(HugeBits::arbitrary(&mut Unstructured::new(&data)).is_err());
    // Up to the floor, vectors are built whatever the input.
    let n = VECTOR_MEMORY_FLOOR / 32;
    assert!(n >= 65536);
    let mixes = Vector::<Bytes32, U<65536>>::arbitrary(&mut Unstructured::new(&data)).unwrap();
    assert_eq!(mixes.len(), 65536);
}

#[test]
fn illegal_empty_vectors_are_never_built() {
    let data = seed_bytes(4, 64);
    assert!(Vector::<u8, U<0>>::arbitrary(&mut Unstructured::new(&data)).is_err());
    assert!(Bitvector::<U<0>>::arbitrary(&mut Unstructured::new(&data)).is_err());
    assert!(ByteVector::<U<0>>::arbitrary(&mut Unstructured::new(&data)).is_err());
    assert!(PersistentVector::<u8, U<0>>::arbitrary(&mut Unstructured::new(&data)).is_err());
}

#[test]
fn progressive_types_roundtrip() {
    check::<ProgressiveList<u64>>();
    check::<ProgressiveList<Container>>();
    check::<ProgressiveList<u8, V1_6>>();
    check::<ProgressiveByteList>();
    let lens: Vec<usize> = check::<ProgressiveBitlist>()
        .iter()
        .map(|b| b.len())
        .collect();
    assert!(lens.iter().any(|n| !n.is_multiple_of(8)));
}

#[test]
fn persistent_types_roundtrip() {
    let lens: Vec<usize> = check::<PersistentList<u64, U<6>>>()
        .iter()
        .map(|l| l.len())
        .collect();
    within_and_reaching(&lens, 6);
    check::<PersistentList<Container, U<{ 1 << 40 }>>>();
    check::<PersistentVector<Bytes32, U<5>>>();
    check::<PersistentProgressiveList<u64>>();
    check::<PersistentProgressiveList<Container, V1_6>>();
}

#[test]
fn cached_values_roundtrip() {
    check::<Cached<Container>>();
    check::<Cached<List<u8, U<4>>>>();
    // A new value has no root stored yet.
    let data = seed_bytes(5, 256);
    let c = Cached::<Container>::arbitrary(&mut Unstructured::new(&data)).unwrap();
    assert_eq!(c.cached_root(), None);
}

#[test]
fn containers_roundtrip() {
    let values = check::<Container>();
    assert!(values.iter().any(|c| !c.indices.is_empty()));
    check::<Option<Container>>();
    check::<std::sync::Arc<Container>>();
}

/// `RuntimeList` keeps its bound through `from_ssz_with_bound`, not
/// `from_ssz` (which gives it the static bound), so it has its own check.
#[test]
fn runtime_lists_respect_their_bound() {
    type Commitments = RuntimeList<Bytes48, U<16>>;
    let values = generated::<Commitments>();
    let mut bounds = std::collections::BTreeSet::new();
    for (list, consumed) in &values {
        assert!(list.max_len() <= 16 && list.len() <= list.max_len());
        bounds.insert(list.max_len());
        let bytes = list.to_ssz();
        let back = Commitments::from_ssz_with_bound(&bytes, list.max_len()).unwrap();
        assert_eq!(&back, list);
        assert_eq!(back.hash_tree_root(), list.hash_tree_root());
        assert!(Some(*consumed) <= Commitments::size_hint(0).1);
    }
    assert!(bounds.len() > 5, "{bounds:?}");

    type Huge = RuntimeList<u64, U<{ 1 << 40 }>>;
    for (list, _) in generated::<Huge>() {
        assert!(list.len() <= 5000 && list.len() <= list.max_len());
        let back = Huge::from_ssz_with_bound(&list.to_ssz(), list.max_len()).unwrap();
        assert_eq!(back, list);
    }
}

#[test]
fn runtime_lists_with_a_given_bound() {
    type Commitments = RuntimeList<Bytes48, U<4096>>;
    let mut lens = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let data = seed_bytes(seed, 1024);
        let list = Commitments::arbitrary_with_bound(&mut Unstructured::new(&data), 9).unwrap();
        assert_eq!(list.max_len(), 9);
        lens.insert(list.len());
        let back = Commitments::from_ssz_with_bound(&list.to_ssz(), 9).unwrap();
        assert_eq!(back, list);
    }
    assert!(lens.contains(&0) && lens.contains(&9), "{lens:?}");
    let data = seed_bytes(0, 64);
    assert!(Commitments::arbitrary_with_bound(&mut Unstructured::new(&data), 4097).is_err());
}
