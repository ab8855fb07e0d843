//! Views of the collections of `peam-ssz-types`: for every type, on values
//! of several sizes, the view reads, roots and proves what the value does,
//! and refuses exactly what decoding refuses, with the same error.

use peam_ssz_types::bitfield::BitsView;
use peam_ssz_types::persistent::PersistentProgressiveList;
use peam_ssz_types::view::{view, SeqView, SszView, TreeHashView, View, ViewSeq};
use peam_ssz_types::{
    decode, Bitlist, Bitvector, ByteList, ByteVector, Bytes32, Bytes48, Cached, ExactList,
    FixedBytes, Gindex, List, PersistentList, PersistentVector, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, RuntimeList, Ssz, TreeHash, Vector, U, U256, V1_6, V1_7,
};
use std::fmt::Debug;
use test_support::rng::XorShift64Star;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

// ---------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------

/// The generalized indices probed: every node of the top 9 levels, and at
/// each depth to 72 the first, second, last and a random node.
fn gindices(rng: &mut XorShift64Star) -> Vec<Gindex> {
    let mut out: Vec<Gindex> = (1u128..512).map(|g| Gindex::new(g).unwrap()).collect();
    for d in 9..72u32 {
        let base = 1u128 << d;
        let r = (u128::from(rng.next()) << 64 | u128::from(rng.next())) % base;
        for k in [0, 1, 2, base / 2, base / 2 + 1, base - 1, r] {
            out.push(Gindex::new(base + k).unwrap());
        }
    }
    out
}

/// The view of `value`'s encoding reads, roots and proves what `value` does.
fn same_as_value<T>(value: &T)
where
    T: TreeHashView + Debug + PartialEq,
    for<'a> T::View<'a>: View<'a, Value = T>,
{
    let bytes = value.to_ssz();
    let v = view::<T>(&bytes).unwrap_or_else(|e| panic!("{value:?}: {e}"));
    assert_eq!(v.as_ssz_bytes(), &bytes[..]);
    assert_eq!(&v.to_value(), value);
    assert_eq!(v.hash_tree_root(), value.hash_tree_root(), "{value:?}");
    let mut rng = XorShift64Star(bytes.len() as u64 + 1);
    for g in gindices(&mut rng) {
        assert_eq!(v.tree_node(g), value.tree_node(g), "{value:?} at {g}");
    }
}

/// The view of a sequence `value` holding `elems`: its length, each
/// element's bytes and view, in order and backwards.
fn seq_agrees<S, T>(value: &S, elems: &[T])
where
    S: ViewSeq<Elem = T> + for<'a> SszView<View<'a> = SeqView<'a, S>>,
    T: SszView + Debug + PartialEq,
    for<'a> T::View<'a>: Debug + PartialEq,
{
    let bytes = value.to_ssz();
    let v = view::<S>(&bytes).unwrap();
    assert_eq!(v.len(), elems.len());
    assert_eq!(v.is_empty(), elems.is_empty());
    assert!(v.get(elems.len()).is_none());
    assert_eq!(v.iter().len(), elems.len());
    for (i, elem) in elems.iter().enumerate() {
        let elem_bytes = elem.to_ssz();
        assert_eq!(v.element_ssz_bytes(i), Some(&elem_bytes[..]), "{i}");
        assert_eq!(v.get(i), Some(T::view_unchecked(&elem_bytes)), "{i}");
    }
    let forward: Vec<_> = v.iter().collect();
    let mut backward: Vec<_> = v.iter().rev().collect();
    backward.reverse();
    assert_eq!(forward, backward);
    assert_eq!(forward.len(), elems.len());
}

fn same_verdict<T: SszView + Debug>(bytes: &[u8]) {
    assert_eq!(
        view::<T>(bytes).map(drop),
        decode::<T>(bytes).map(drop),
        "{bytes:?}"
    );
}

/// Every truncation and extension (by zeros and by ones), and every byte
/// set to each of a few values, gets decoding's verdict and error. Long
/// encodings are mutated at 64 places spread over them.
fn every_mutation<T: SszView + Debug>(bytes: &[u8]) {
    let lens: Vec<usize> = if bytes.len() <= 256 {
        (0..=bytes.len() + 8)
            .chain([bytes.len() + 32, bytes.len() + 48, bytes.len() + 64])
            .collect()
    } else {
        (0..64)
            .map(|i| i * bytes.len() / 64)
            .chain(bytes.len()..=bytes.len() + 8)
            .chain([bytes.len() + 32, bytes.len() + 48, bytes.len() + 64])
            .collect()
    };
    for len in lens {
        for fill in [0u8, 1, 0xff] {
            let mut b = bytes.to_vec();
            b.resize(len, fill);
            same_verdict::<T>(&b);
        }
    }
    let places: Vec<usize> = if bytes.len() <= 256 {
        (0..bytes.len()).collect()
    } else {
        (0..64)
            .map(|i| i * bytes.len() / 64)
            .chain(bytes.len() - 8..bytes.len())
            .collect()
    };
    for i in places {
        for v in [
            0u8, 1, 2, 3, 4, 5, 8, 0x10, 0x2f, 0x3a, 0x40, 0x7f, 0x80, 0xfe, 0xff,
        ] {
            let mut b = bytes.to_vec();
            b[i] = v;
            same_verdict::<T>(&b);
        }
    }
}

/// Both checks, on one value.
fn check<T>(value: &T)
where
    T: TreeHashView + Debug + PartialEq,
    for<'a> T::View<'a>: View<'a, Value = T>,
{
    same_as_value(value);
    every_mutation::<T>(&value.to_ssz());
}

/// The sizes every list is tried at: empty, one, around a chunk and a few
/// chunks, and more.
const SIZES: [usize; 12] = [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 33, 100];

fn u64s(rng: &mut XorShift64Star, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.next()).collect()
}

fn roots(rng: &mut XorShift64Star, n: usize) -> Vec<[u8; 32]> {
    (0..n).map(|_| rng.array()).collect()
}

// ---------------------------------------------------------------------------
// Containers that hold collections.
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Holder {
    slot: u64,
    values: List<u64, U<64>>,
    bits: Bitlist<U<100>>,
    name: ByteList<U<40>>,
    checkpoints: Vector<Checkpoint, U<2>>,
    pubkey: Bytes48,
    flags: Bitvector<U<10>>,
}

fn holder(rng: &mut XorShift64Star, n: usize) -> Holder {
    Holder {
        slot: rng.next(),
        values: List::try_from(u64s(rng, n.min(64))).unwrap(),
        bits: Bitlist::from_bools(&rng_bools(rng, n.min(100))).unwrap(),
        name: ByteList::try_from(rng_bytes(rng, n.min(40))).unwrap(),
        checkpoints: Vector::try_from(vec![
            Checkpoint {
                epoch: 1,
                root: rng.array(),
            },
            Checkpoint {
                epoch: 2,
                root: rng.array(),
            },
        ])
        .unwrap(),
        pubkey: FixedBytes(rng.array()),
        flags: Bitvector::from_bools(&rng_bools(rng, 10)).unwrap(),
    }
}

fn rng_bools(rng: &mut XorShift64Star, n: usize) -> Vec<bool> {
    (0..n).map(|_| rng.next() & 1 == 1).collect()
}

fn rng_bytes(rng: &mut XorShift64Star, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next() as u8).collect()
}

// ---------------------------------------------------------------------------
// Lists, vectors, progressive lists.
// ---------------------------------------------------------------------------

#[test]
fn lists_of_basic_values() {
    let mut rng = XorShift64Star(1);
    for n in SIZES {
        let list = List::<u64, U<128>>::try_from(u64s(&mut rng, n)).unwrap();
        check(&list);
        seq_agrees(&list, &list);
        let bytes = list.to_ssz();
        let v = view::<List<u64, U<128>>>(&bytes).unwrap();
        assert_eq!(v.iter().collect::<Vec<u64>>(), list.as_slice());
        check(&List::<u8, U<128>>::try_from(rng_bytes(&mut rng, n)).unwrap());
        check(&List::<bool, U<128>>::try_from(rng_bools(&mut rng, n)).unwrap());
        let small: Vec<u16> = (0..n).map(|_| rng.next() as u16).collect();
        check(&List::<u16, U<1000>>::try_from(small).unwrap());
        // A maximum under the limit: refused past it, as decoding refuses.
        check(&List::<u64, U<128>, U<100>>::try_from(u64s(&mut rng, n)).unwrap());
    }
    let u256s: Vec<U256> = (0..5).map(|_| U256::from_le_bytes(rng.array())).collect();
    check(&List::<U256, U<8>>::try_from(u256s).unwrap());
}

#[test]
fn lists_of_composite_values() {
    let mut rng = XorShift64Star(2);
    for n in SIZES {
        check(&List::<[u8; 32], U<128>>::try_from(roots(&mut rng, n)).unwrap());
        let cps: Vec<Checkpoint> = (0..n)
            .map(|i| Checkpoint {
                epoch: i as u64,
                root: rng.array(),
            })
            .collect();
        let list = List::<Checkpoint, U<128>>::try_from(cps).unwrap();
        check(&list);
        let bytes = list.to_ssz();
        let v = view::<List<Checkpoint, U<128>>>(&bytes).unwrap();
        for (c, value) in v.iter().zip(list.iter()) {
            assert_eq!(c.epoch(), value.epoch);
            assert_eq!(c.root(), &value.root);
            assert_eq!(&c.to_value(), value);
        }
        let keys: Vec<Bytes48> = (0..n).map(|_| FixedBytes(rng.array())).collect();
        check(&List::<Bytes48, U<128>>::try_from(keys).unwrap());
        let vkeys: Vec<ByteVector<U<48>>> = (0..n)
            .map(|_| ByteVector::try_from(rng_bytes(&mut rng, 48)).unwrap())
            .collect();
        check(&List::<ByteVector<U<48>>, U<128>>::try_from(vkeys).unwrap());
    }
}

#[test]
fn lists_of_variable_size_values() {
    let mut rng = XorShift64Star(3);
    for n in SIZES {
        let inner: Vec<List<u16, U<8>>> = (0..n)
            .map(|i| List::try_from((0..i % 9).map(|k| k as u16).collect::<Vec<_>>()).unwrap())
            .collect();
        let list = List::<List<u16, U<8>>, U<128>>::try_from(inner).unwrap();
        check(&list);
        seq_agrees(&list, &list);
        let holders: Vec<Holder> = (0..n.min(9)).map(|i| holder(&mut rng, i * 7)).collect();
        check(&List::<Holder, U<16>>::try_from(holders).unwrap());
        let bits: Vec<Bitlist<U<20>>> = (0..n)
            .map(|i| Bitlist::from_bools(&rng_bools(&mut rng, i % 21)).unwrap())
            .collect();
        check(&List::<Bitlist<U<20>>, U<128>>::try_from(bits).unwrap());
    }
}

#[test]
fn containers_holding_lists() {
    let mut rng = XorShift64Star(4);
    for n in [0, 1, 5, 33, 64, 100] {
        check(&holder(&mut rng, n));
    }
}

#[test]
fn big_lists_past_one_block() {
    // More than 4096 chunks (one block of leaves): 5000 roots, 20000 u64.
    let mut rng = XorShift64Star(5);
    let big = List::<[u8; 32], U<1_048_576>>::try_from(roots(&mut rng, 5000)).unwrap();
    same_as_value(&big);
    every_mutation::<List<[u8; 32], U<1_048_576>>>(&big.to_ssz());
    let big = List::<u64, U<1_048_576>>::try_from(u64s(&mut rng, 20_000)).unwrap();
    same_as_value(&big);
    every_mutation::<List<u64, U<1_048_576>>>(&big.to_ssz());
    let cps: Vec<Checkpoint> = (0..9000)
        .map(|i| Checkpoint {
            epoch: i,
            root: rng.array(),
        })
        .collect();
    same_as_value(&List::<Checkpoint, U<16384>>::try_from(cps).unwrap());
    let progressive = ProgressiveList::<[u8; 32], V1_7>::from(roots(&mut rng, 5000));
    same_as_value(&progressive);
}

#[test]
fn vectors() {
    let mut rng = XorShift64Star(6);
    check(&Vector::<u64, U<1>>::try_from(u64s(&mut rng, 1)).unwrap());
    check(&Vector::<u64, U<4>>::try_from(u64s(&mut rng, 4)).unwrap());
    check(&Vector::<u64, U<5>>::try_from(u64s(&mut rng, 5)).unwrap());
    check(&Vector::<u8, U<32>>::try_from(rng_bytes(&mut rng, 32)).unwrap());
    check(&Vector::<u8, U<33>>::try_from(rng_bytes(&mut rng, 33)).unwrap());
    check(&Vector::<bool, U<3>>::try_from(rng_bools(&mut rng, 3)).unwrap());
    check(&Vector::<[u8; 32], U<1>>::try_from(roots(&mut rng, 1)).unwrap());
    check(&Vector::<[u8; 32], U<3>>::try_from(roots(&mut rng, 3)).unwrap());
    check(&Vector::<[u8; 32], U<64>>::try_from(roots(&mut rng, 64)).unwrap());
    let keys: Vec<Bytes48> = (0..7).map(|_| FixedBytes(rng.array())).collect();
    check(&Vector::<Bytes48, U<7>>::try_from(keys).unwrap());
    let inner: Vec<List<u16, U<8>>> = (0..5)
        .map(|i| List::try_from(vec![i as u16; i]).unwrap())
        .collect();
    let vector = Vector::<List<u16, U<8>>, U<5>>::try_from(inner).unwrap();
    check(&vector);
    seq_agrees(&vector, &vector);
    let holders: Vec<Holder> = (0..3).map(|i| holder(&mut rng, i * 20)).collect();
    check(&Vector::<Holder, U<3>>::try_from(holders).unwrap());
    // The illegal Vector[T, 0] is refused as decoding refuses it.
    every_mutation::<Vector<u64, U<0>>>(&[]);
    every_mutation::<Vector<List<u8, U<2>>, U<0>>>(&[]);
}

#[test]
fn progressive_lists() {
    let mut rng = XorShift64Star(7);
    for n in SIZES.into_iter().chain([21, 85, 86, 400]) {
        check(&ProgressiveList::<u64, V1_7>::from(u64s(&mut rng, n)));
        check(&ProgressiveList::<u64, V1_6>::from(u64s(&mut rng, n)));
        let list = ProgressiveList::<[u8; 32], V1_7>::from(roots(&mut rng, n));
        check(&list);
        seq_agrees(&list, &list);
        check(&ProgressiveList::<[u8; 32], V1_6>::from(roots(&mut rng, n)));
        let inner: Vec<List<u16, U<8>>> = (0..n)
            .map(|i| List::try_from(vec![i as u16; i % 9]).unwrap())
            .collect();
        check(&ProgressiveList::<List<u16, U<8>>, V1_7>::from(inner));
        check(
            &ProgressiveList::<u8, V1_7, U<50>>::try_from_iter(rng_bytes(&mut rng, n.min(50)))
                .unwrap(),
        );
    }
}

// ---------------------------------------------------------------------------
// Byte strings.
// ---------------------------------------------------------------------------

#[test]
fn byte_strings() {
    let mut rng = XorShift64Star(8);
    for n in [0, 1, 31, 32, 33, 63, 64, 65, 100] {
        check(&ByteList::<U<100>>::try_from(rng_bytes(&mut rng, n)).unwrap());
        check(&ByteList::<U<5000>>::try_from(rng_bytes(&mut rng, n)).unwrap());
        check(&ProgressiveByteList::<V1_7>::from(rng_bytes(&mut rng, n)));
        check(&ProgressiveByteList::<V1_6>::from(rng_bytes(&mut rng, n)));
        check(
            &ProgressiveByteList::<V1_7, U<64>>::try_from(rng_bytes(&mut rng, n.min(64))).unwrap(),
        );
    }
    check(&ProgressiveByteList::<V1_7>::from(rng_bytes(
        &mut rng, 4000,
    )));
    check(&ByteVector::<U<1>>::try_from(rng_bytes(&mut rng, 1)).unwrap());
    check(&ByteVector::<U<20>>::try_from(rng_bytes(&mut rng, 20)).unwrap());
    check(&ByteVector::<U<32>>::try_from(rng_bytes(&mut rng, 32)).unwrap());
    check(&ByteVector::<U<48>>::try_from(rng_bytes(&mut rng, 48)).unwrap());
    check(&ByteVector::<U<64>>::try_from(rng_bytes(&mut rng, 64)).unwrap());
    check(&ByteVector::<U<96>>::try_from(rng_bytes(&mut rng, 96)).unwrap());
    check(&ByteVector::<U<256>>::try_from(rng_bytes(&mut rng, 256)).unwrap());
    check(&FixedBytes::<1>(rng.array()));
    check(&FixedBytes::<20>(rng.array()));
    check(&Bytes32::from(rng.array::<32>()));
    check(&FixedBytes::<48>(rng.array()));
    check(&FixedBytes::<64>(rng.array()));
    check(&FixedBytes::<96>(rng.array()));
    every_mutation::<ByteVector<U<0>>>(&[]);
    every_mutation::<FixedBytes<0>>(&[]);
    // The view's bytes.
    let list = ByteList::<U<100>>::try_from(vec![1, 2, 3]).unwrap();
    let bytes = list.to_ssz();
    let v = view::<ByteList<U<100>>>(&bytes).unwrap();
    assert_eq!(v.as_bytes(), [1, 2, 3]);
    assert_eq!(&v[..], [1, 2, 3]);
    assert_eq!(v.len(), 3);
    let key = FixedBytes::<48>([7; 48]);
    let bytes = key.to_ssz();
    assert_eq!(
        view::<Bytes48>(&bytes).unwrap().as_array::<48>(),
        Some(&[7; 48])
    );
}

// ---------------------------------------------------------------------------
// Bitfields.
// ---------------------------------------------------------------------------

/// The view of a bitfield holding `bits`: its length, each bit, the bits
/// in order, the count of ones.
fn bits_agree<S>(value: &S, bits: &[bool])
where
    S: for<'a> SszView<View<'a> = BitsView<'a, S>>,
{
    let bytes = value.to_ssz();
    let v = view::<S>(&bytes).unwrap();
    assert_eq!(v.len(), bits.len());
    assert_eq!(v.is_empty(), bits.is_empty());
    assert_eq!(v.iter().collect::<Vec<_>>(), bits);
    for (i, &b) in bits.iter().enumerate() {
        assert_eq!(v.get(i), Some(b));
    }
    assert_eq!(v.get(bits.len()), None);
    assert_eq!(v.count_ones(), bits.iter().filter(|&&b| b).count());
    assert_eq!(v.as_bytes(), &bytes[..]);
}

#[test]
fn bitfields() {
    let mut rng = XorShift64Star(9);
    for n in [
        0, 1, 7, 8, 9, 15, 16, 17, 255, 256, 257, 511, 512, 1000, 2048,
    ] {
        let bools = rng_bools(&mut rng, n);
        let list = Bitlist::<U<2048>>::from_bools(&bools).unwrap();
        check(&list);
        bits_agree(&list, &bools);
        let ones = Bitlist::<U<2048>>::from_bools(&vec![true; n]).unwrap();
        check(&ones);
        let p7 = ProgressiveBitlist::<V1_7>::from_bools(&bools);
        check(&p7);
        bits_agree(&p7, &bools);
        check(&ProgressiveBitlist::<V1_6>::from_bools(&bools));
        check(&ProgressiveBitlist::<V1_7>::from_bools(&vec![true; n]));
        // A maximum under the length: refused past it, as decoding refuses.
        check(&ProgressiveBitlist::<V1_7, U<2048>>::try_from_bools(&bools).unwrap());
        every_mutation::<ProgressiveBitlist<V1_7, U<100>>>(&p7.to_ssz());
        every_mutation::<Bitlist<U<100>>>(&list.to_ssz());
    }
    // Over 4096 chunks of bits.
    let bools = rng_bools(&mut rng, 4096 * 256 + 77);
    same_as_value(&Bitlist::<U<{ 1 << 21 }>>::from_bools(&bools).unwrap());
    same_as_value(&ProgressiveBitlist::<V1_7>::from_bools(&bools));
    // No delimiter, an empty encoding.
    every_mutation::<Bitlist<U<16>>>(&[0]);
    every_mutation::<Bitlist<U<16>>>(&[]);
    every_mutation::<Bitlist<U<16>>>(&[0xff, 0xff, 0x01]);
    every_mutation::<Bitlist<U<16>>>(&[0xff, 0xff, 0x02]);
    every_mutation::<Bitlist<U<0>>>(&[1]);
    for n in [1usize, 7, 8, 9, 10, 255, 256, 300, 513] {
        let bools = rng_bools(&mut rng, n);
        macro_rules! vector {
            ($($n:literal),*) => {$(
                if n == $n {
                    let v = Bitvector::<U<$n>>::from_bools(&bools).unwrap();
                    check(&v);
                    bits_agree(&v, &bools);
                }
            )*};
        }
        vector!(1, 7, 8, 9, 10, 255, 256, 300, 513);
    }
    every_mutation::<Bitvector<U<0>>>(&[]);
}

// ---------------------------------------------------------------------------
// Persistent sequences, the list wrappers, U256, Cached, pointers.
// ---------------------------------------------------------------------------

#[test]
fn persistent_sequences() {
    let mut rng = XorShift64Star(10);
    for n in SIZES {
        check(&PersistentList::<u64, U<128>>::try_from_vec(u64s(&mut rng, n)).unwrap());
        let elems = roots(&mut rng, n);
        let list = PersistentList::<[u8; 32], U<128>>::try_from_vec(elems.clone()).unwrap();
        check(&list);
        seq_agrees(&list, &elems);
        let inner: Vec<List<u16, U<8>>> = (0..n)
            .map(|i| List::try_from(vec![i as u16; i % 9]).unwrap())
            .collect();
        check(&PersistentList::<List<u16, U<8>>, U<128>>::try_from_vec(inner.clone()).unwrap());
        check(&PersistentProgressiveList::<u64, V1_7>::from(
            ProgressiveList::from(u64s(&mut rng, n)),
        ));
        check(&PersistentProgressiveList::<[u8; 32], V1_6>::from(
            ProgressiveList::from(roots(&mut rng, n)),
        ));
        check(&PersistentProgressiveList::<List<u16, U<8>>, V1_7>::from(
            ProgressiveList::from(inner),
        ));
    }
    check(&PersistentVector::<u64, U<5>>::try_from_vec(u64s(&mut rng, 5)).unwrap());
    check(&PersistentVector::<[u8; 32], U<9>>::try_from_vec(roots(&mut rng, 9)).unwrap());
}

#[test]
fn exact_and_runtime_lists() {
    let mut rng = XorShift64Star(11);
    check(&ExactList::<u64, U<5>, U<8>>::try_from(u64s(&mut rng, 5)).unwrap());
    check(&ExactList::<[u8; 32], U<3>, U<1024>>::try_from(roots(&mut rng, 3)).unwrap());
    check(&ExactList::<u64, U<0>, U<8>>::try_from(vec![]).unwrap());
    let inner: Vec<List<u16, U<8>>> = (0..4)
        .map(|i| List::try_from(vec![7; i]).unwrap())
        .collect();
    let exact = ExactList::<List<u16, U<8>>, U<4>, U<16>>::try_from(inner.clone()).unwrap();
    check(&exact);
    seq_agrees(&exact, &inner);
    for n in SIZES {
        let list = RuntimeList::<u64, U<128>>::try_from_vec(u64s(&mut rng, n), 128).unwrap();
        check(&list);
        let elems = roots(&mut rng, n);
        let list = RuntimeList::<[u8; 32], U<100>>::try_from_vec(elems.clone(), 100).unwrap();
        check(&list);
        seq_agrees(&list, &elems);
    }
}

#[test]
fn u256_cached_and_pointers() {
    let mut rng = XorShift64Star(12);
    let x = U256::from_le_bytes(rng.array());
    let bytes = x.to_ssz();
    assert_eq!(view::<U256>(&bytes).unwrap(), x);
    assert_eq!(U256::hash_tree_root_ssz(&bytes), x.hash_tree_root());
    every_mutation::<U256>(&bytes);
    check(&Vector::<U256, U<3>>::try_from(vec![x, x, x]).unwrap());

    let value = holder(&mut rng, 30);
    let bytes = value.to_ssz();
    let cached = Cached::new(value.clone());
    let v = view::<Cached<Holder>>(&bytes).unwrap();
    assert_eq!(v.to_value(), value);
    assert_eq!(
        <Cached<Holder>>::hash_tree_root_ssz(&bytes),
        cached.hash_tree_root()
    );
    for g in gindices(&mut rng) {
        assert_eq!(
            <Cached<Holder>>::tree_node_ssz(&bytes, g),
            cached.tree_node(g)
        );
    }
    every_mutation::<Cached<Holder>>(&bytes);
    check(
        &List::<Cached<Checkpoint>, U<4>>::try_from(vec![
            Cached::new(Checkpoint {
                epoch: 3,
                root: [1; 32]
            });
            3
        ])
        .unwrap_or_else(|_| unreachable!()),
    );

    let boxed = Box::new(List::<u64, U<8>>::try_from(u64s(&mut rng, 5)).unwrap());
    let bytes = boxed.to_ssz();
    let v = view::<Box<List<u64, U<8>>>>(&bytes).unwrap();
    assert_eq!(v.to_value(), *boxed);
    assert_eq!(
        <Box<List<u64, U<8>>>>::hash_tree_root_ssz(&bytes),
        boxed.hash_tree_root()
    );
    every_mutation::<Box<List<u64, U<8>>>>(&bytes);
    every_mutation::<std::sync::Arc<Holder>>(&value.to_ssz());
    check(
        &List::<Box<Checkpoint>, U<4>>::try_from(vec![
            Box::new(Checkpoint {
                epoch: 3,
                root: [1; 32]
            });
            3
        ])
        .unwrap(),
    );
}

#[cfg(feature = "alloy")]
#[test]
fn alloy_types() {
    use peam_ssz_types::alloy::alloy_primitives::{
        Address, Bloom, FixedBytes as AFixed, B256, U256 as AU256,
    };
    let mut rng = XorShift64Star(13);
    check(&B256::from(rng.array::<32>()));
    check(&Address::from(rng.array::<20>()));
    check(&AFixed::<48>::from(rng.array::<48>()));
    check(&Bloom::from(rng.array::<256>()));
    let x = AU256::from_le_bytes(rng.array::<32>());
    let bytes = x.to_ssz();
    assert_eq!(view::<AU256>(&bytes).unwrap(), x);
    assert_eq!(AU256::hash_tree_root_ssz(&bytes), x.hash_tree_root());
    every_mutation::<AU256>(&bytes);
    let keys: Vec<AFixed<48>> = (0..9).map(|_| AFixed::from(rng.array::<48>())).collect();
    check(&List::<AFixed<48>, U<16>>::try_from(keys).unwrap());
    let hashes: Vec<B256> = (0..9).map(|_| B256::from(rng.array::<32>())).collect();
    check(&List::<B256, U<16>>::try_from(hashes).unwrap());
    check(&List::<AU256, U<16>>::try_from(vec![x; 3]).unwrap());
}

// ---------------------------------------------------------------------------
// Nothing allocated.
// ---------------------------------------------------------------------------

fn allocations<R>(f: impl FnOnce() -> R) -> usize {
    test_support::alloc::measure(f).1.allocations
}

#[test]
fn views_and_small_roots_allocate_nothing() {
    // The counter counts.
    assert!(allocations(|| vec![1u8; 10]) > 0);
    let mut rng = XorShift64Star(14);
    let list = List::<u64, U<64>>::try_from(u64s(&mut rng, 9)).unwrap();
    let bytes = list.to_ssz();
    assert_eq!(
        allocations(|| std::hint::black_box(view::<List<u64, U<64>>>(&bytes).unwrap())),
        0
    );
    assert_eq!(
        allocations(|| std::hint::black_box(<List<u64, U<64>>>::hash_tree_root_ssz(&bytes))),
        0
    );

    let value = holder(&mut rng, 50);
    let bytes = value.to_ssz();
    assert_eq!(
        allocations(|| std::hint::black_box(view::<Holder>(&bytes).unwrap())),
        0
    );
    // The root of a list of 50 containers hashes their trees together in
    // batches, as the values' root does: one scratch buffer of leaves and
    // one of blocks, a bounded size whatever the list's length.
    let usage =
        test_support::alloc::measure(|| std::hint::black_box(Holder::hash_tree_root_ssz(&bytes))).1;
    assert!(usage.allocations <= 2, "{usage:?}");
    assert!(usage.peak <= 256 * 1024, "{usage:?}");
    // Refusals allocate nothing either.
    let mut bad = bytes.clone();
    bad.truncate(bad.len() - 1);
    let _ = decode::<Holder>(&bad);
    let bits = Bitlist::<U<2048>>::from_bools(&rng_bools(&mut rng, 2000)).unwrap();
    let bytes = bits.to_ssz();
    assert_eq!(
        allocations(|| std::hint::black_box(view::<Bitlist<U<2048>>>(&bytes).unwrap())),
        0
    );
    assert_eq!(
        allocations(|| std::hint::black_box(<Bitlist<U<2048>>>::hash_tree_root_ssz(&bytes))),
        0
    );
    let bytes = ByteList::<U<100>>::try_from(vec![5; 70]).unwrap().to_ssz();
    assert_eq!(
        allocations(|| std::hint::black_box(view::<ByteList<U<100>>>(&bytes).unwrap())),
        0
    );
    assert_eq!(
        allocations(|| std::hint::black_box(<ByteList<U<100>>>::hash_tree_root_ssz(&bytes))),
        0
    );
    let inner: Vec<List<u16, U<8>>> = (0..20)
        .map(|i| List::try_from(vec![7; i % 9]).unwrap())
        .collect();
    let bytes = List::<List<u16, U<8>>, U<32>>::try_from(inner)
        .unwrap()
        .to_ssz();
    assert_eq!(
        allocations(|| std::hint::black_box(view::<List<List<u16, U<8>>, U<32>>>(&bytes).unwrap())),
        0
    );
    assert_eq!(
        allocations(
            || std::hint::black_box(<List<List<u16, U<8>>, U<32>>>::hash_tree_root_ssz(&bytes))
        ),
        0
    );
}

// ---------------------------------------------------------------------------
// Arrays of collections, run-time maxima, another hasher.
// ---------------------------------------------------------------------------

#[test]
fn arrays_of_collections() {
    let mut rng = XorShift64Star(15);
    let lists: [List<u16, U<8>>; 3] =
        std::array::from_fn(|i| List::try_from(vec![i as u16; i * 3]).unwrap());
    check(&lists);
    let bits: [Bitlist<U<9>>; 2] =
        std::array::from_fn(|i| Bitlist::from_bools(&rng_bools(&mut rng, i * 9)).unwrap());
    check(&bits);
    let keys: [ByteVector<U<48>>; 2] =
        std::array::from_fn(|_| ByteVector::try_from(rng_bytes(&mut rng, 48)).unwrap());
    check(&keys);
    let vectors: [Vector<u64, U<3>>; 4] =
        std::array::from_fn(|_| Vector::try_from(u64s(&mut rng, 3)).unwrap());
    check(&vectors);
    let bytes = lists.to_ssz();
    let v = view::<[List<u16, U<8>>; 3]>(&bytes).unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(v.get(2).unwrap().iter().collect::<Vec<_>>(), [2u16; 6]);
}

struct MaxBlobs;

#[test]
fn run_time_maxima_bound_views_as_decoding() {
    use peam_ssz_types::{with_max, RuntimeMax};
    type Commitments = List<[u8; 48], U<4096>, RuntimeMax<MaxBlobs, U<4096>>>;
    let ten = vec![7u8; 48 * 10];
    for max in [0, 9, 10, 12] {
        with_max::<MaxBlobs, _>(max, || {
            every_mutation::<Commitments>(&ten);
            assert_eq!(
                view::<Commitments>(&ten).map(|v| v.len()),
                decode::<Commitments>(&ten).map(|l| l.len())
            );
        });
    }
}

/// A hash function that is not SHA-256 (FNV-like lanes), to show that
/// the views hash with the hasher in use, and a persistent list with its
/// own.
struct Toy;

static TOY_ZEROS: peam_ssz_types::hasher::LazyZeroHashes<Toy> =
    peam_ssz_types::hasher::LazyZeroHashes::new();

impl peam_ssz_types::hasher::Hasher for Toy {
    fn hash_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (lane, bytes) in out.chunks_exact_mut(8).enumerate() {
            let mut acc = 0xcbf2_9ce4_8422_2325u64 ^ (lane as u64 + 1);
            for &b in left.iter().chain(right) {
                acc ^= u64::from(b);
                acc = acc.wrapping_mul(0x0000_0100_0000_01b3);
                acc ^= acc >> 29;
            }
            bytes.copy_from_slice(&acc.to_le_bytes());
        }
        out
    }

    fn zero_hash(level: usize) -> [u8; 32] {
        TOY_ZEROS.get(level)
    }
}

#[test]
fn views_hash_with_the_hasher_in_use() {
    use peam_ssz_types::hasher::with_hasher;
    let mut rng = XorShift64Star(16);
    with_hasher::<Toy, _>(|| {
        for n in [0, 1, 5, 100] {
            same_as_value(&List::<[u8; 32], U<128>>::try_from(roots(&mut rng, n)).unwrap());
            same_as_value(&Bitlist::<U<2048>>::from_bools(&rng_bools(&mut rng, n * 9)).unwrap());
            same_as_value(&ProgressiveList::<u64, V1_7>::from(u64s(&mut rng, n)));
            same_as_value(&ByteVector::<U<48>>::try_from(rng_bytes(&mut rng, 48)).unwrap());
        }
        same_as_value(&holder(&mut rng, 40));
    });
    for n in [0, 1, 5, 100] {
        let list =
            PersistentList::<[u8; 32], U<128>, Toy>::try_from_vec(roots(&mut rng, n)).unwrap();
        same_as_value(&list);
    }
}

#[test]
fn options() {
    let mut rng = XorShift64Star(17);
    check(&None::<List<u64, U<8>>>);
    check(&Some(
        List::<u64, U<8>>::try_from(u64s(&mut rng, 5)).unwrap(),
    ));
    check(&Some(Checkpoint {
        epoch: 4,
        root: rng.array(),
    }));
    check(&None::<Checkpoint>);
    check(&Some(
        Bitlist::<U<20>>::from_bools(&rng_bools(&mut rng, 13)).unwrap(),
    ));
    let list: List<Option<u64>, U<8>> = List::try_from(vec![Some(1), None, Some(3)]).unwrap();
    check(&list);
    let bytes = list.to_ssz();
    let v = view::<List<Option<u64>, U<8>>>(&bytes).unwrap();
    assert_eq!(v.get(0).unwrap().get(), Some(1));
    assert!(v.get(1).unwrap().is_none());
    assert_eq!(v.get(2).unwrap().selector(), 1);
}

#[test]
fn over_the_limit_refused_as_decoding_refuses() {
    // One element, byte or bit past the limit, and mutations around it.
    every_mutation::<List<u64, U<4>>>(&[7u8; 40]);
    every_mutation::<List<u64, U<4>, U<3>>>(&[7u8; 32]);
    every_mutation::<List<[u8; 32], U<2>>>(&[7u8; 96]);
    let three = List::<List<u8, U<2>>, U<3>>::try_from(vec![
        List::try_from(vec![1]).unwrap(),
        List::new(),
        List::try_from(vec![2, 3]).unwrap(),
    ])
    .unwrap();
    every_mutation::<List<List<u8, U<2>>, U<2>>>(&three.to_ssz());
    every_mutation::<ProgressiveList<List<u8, U<2>>, V1_7, U<2>>>(&three.to_ssz());
    every_mutation::<ExactList<List<u8, U<2>>, U<2>, U<4>>>(&three.to_ssz());
    every_mutation::<RuntimeList<List<u8, U<2>>, U<2>>>(&three.to_ssz());
    every_mutation::<Vector<List<u8, U<2>>, U<2>>>(&three.to_ssz());
    every_mutation::<ByteList<U<3>>>(&[1, 2, 3, 4]);
    every_mutation::<ProgressiveByteList<V1_7, U<3>>>(&[1, 2, 3, 4]);
    every_mutation::<Bitlist<U<8>>>(&[0xff, 0x02]);
    every_mutation::<ProgressiveBitlist<V1_7, U<8>>>(&[0xff, 0x02]);
    every_mutation::<Bitvector<U<9>>>(&[0xff, 0x02]);
    every_mutation::<PersistentList<u64, U<4>>>(&[7u8; 40]);
    every_mutation::<PersistentVector<u64, U<4>>>(&[7u8; 40]);
}
