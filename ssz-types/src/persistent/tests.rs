use super::*;
use crate::merkle::{merkleize, merkleize_packed, mix_in_length, ZERO_HASHES};
use crate::{Bytes32, Bytes48, DecodeErrorKind, List, Vector, U, U64};
use crate::{Gindex, Length, ProofError, Root};
use core::fmt;

/// A validator-like container: two byte vectors, a boolean and five
/// `uint64` (eight fields, as `phase0.Validator`).
#[derive(Clone, Debug, Default, PartialEq, Eq, crate::Ssz, crate::TreeHash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Val {
    pubkey: Bytes48,
    credentials: Bytes32,
    balance: u64,
    slashed: bool,
    a: u64,
    b: u64,
    c: u64,
    d: u64,
}

/// xorshift64*: seeded, so that a failure repeats.
use test_support::rng::XorShift64Star as Rng;

trait Arbitrary: Clone {
    fn arbitrary(rng: &mut Rng) -> Self;
}

impl Arbitrary for u64 {
    fn arbitrary(rng: &mut Rng) -> Self {
        rng.next()
    }
}

impl Arbitrary for u8 {
    fn arbitrary(rng: &mut Rng) -> Self {
        rng.next() as u8
    }
}

impl Arbitrary for Val {
    fn arbitrary(rng: &mut Rng) -> Self {
        let mut pk = [0u8; 48];
        pk[..8].copy_from_slice(&rng.next().to_le_bytes());
        let mut wc = [0u8; 32];
        wc[24..].copy_from_slice(&rng.next().to_le_bytes());
        Val {
            pubkey: Bytes48::from(pk),
            credentials: Bytes32::from(wc),
            balance: rng.next(),
            slashed: rng.next() & 1 == 1,
            a: rng.next(),
            b: rng.next(),
            c: rng.next(),
            d: rng.next(),
        }
    }
}

/// What the random sequences need of a persistent type: its operations,
/// and the plain type it stands for (the oracle, computed from scratch).
trait Persistent<T>: Clone + Ssz + TreeHash {
    type Plain: Ssz + TreeHash;
    fn build(values: Vec<T>) -> Self;
    fn plain(values: Vec<T>) -> Self::Plain;
    fn max() -> usize;
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> Option<&T>;
    fn index(&self, i: usize) -> &T;
    fn get_mut(&mut self, i: usize) -> Option<&mut T>;
    fn set(&mut self, i: usize, value: T) -> Result<(), crate::IndexError>;
    fn update(&mut self, i: usize, value: T) -> Result<(), crate::IndexError>;
    fn update_range(
        &mut self,
        range: core::ops::Range<usize>,
        f: impl FnMut(usize, &mut T),
    ) -> Result<(), crate::RangeError>;
    /// `Err(value)` when full.
    fn push(&mut self, value: T) -> Result<(), T>;
    fn pop(&mut self) -> Option<T>;
    fn truncate(&mut self, len: usize);
    fn elements(&self) -> Vec<&T>;
    /// The elements from the back.
    fn elements_rev(&self) -> Vec<&T>;
}

macro_rules! persistent_ops {
    () => {
        fn len(&self) -> usize {
            self.len()
        }
        fn get(&self, i: usize) -> Option<&T> {
            self.get(i)
        }
        fn index(&self, i: usize) -> &T {
            &self[i]
        }
        fn get_mut(&mut self, i: usize) -> Option<&mut T> {
            self.get_mut(i)
        }
        fn set(&mut self, i: usize, value: T) -> Result<(), crate::IndexError> {
            self.set(i, value)
        }
        fn update(&mut self, i: usize, value: T) -> Result<(), crate::IndexError> {
            self.update(i, |slot| *slot = value)
        }
        fn update_range(
            &mut self,
            range: core::ops::Range<usize>,
            f: impl FnMut(usize, &mut T),
        ) -> Result<(), crate::RangeError> {
            self.update_range(range, f)
        }
        fn pop(&mut self) -> Option<T> {
            self.pop()
        }
        fn truncate(&mut self, len: usize) {
            self.truncate(len)
        }
        fn elements(&self) -> Vec<&T> {
            self.iter().collect()
        }
        fn elements_rev(&self) -> Vec<&T> {
            self.iter().rev().collect()
        }
    };
}

impl<T: Ssz + TreeHash + Send + Clone, N: Length> Persistent<T> for PersistentList<T, N> {
    type Plain = List<T, N>;
    fn build(values: Vec<T>) -> Self {
        PersistentList::try_from(values).unwrap()
    }
    fn plain(values: Vec<T>) -> List<T, N> {
        List::try_from(values).unwrap()
    }
    fn max() -> usize {
        N::USIZE
    }
    fn push(&mut self, value: T) -> Result<(), T> {
        if self.len() >= N::USIZE {
            assert!(self.push(value.clone()).is_err());
            return Err(value);
        }
        self.push(value).unwrap();
        Ok(())
    }
    persistent_ops!();
}

impl<T: Ssz + TreeHash + Send + Clone, E: crate::edition::Edition> Persistent<T>
    for PersistentProgressiveList<T, E>
{
    type Plain = crate::ProgressiveList<T, E>;
    fn build(values: Vec<T>) -> Self {
        values.into()
    }
    fn plain(values: Vec<T>) -> crate::ProgressiveList<T, E> {
        values.into()
    }
    fn max() -> usize {
        usize::MAX
    }
    fn push(&mut self, value: T) -> Result<(), T> {
        self.push(value);
        Ok(())
    }
    persistent_ops!();
}

/// Every node of `a`'s tree down to `depth` levels, and a sample below,
/// equals `b`'s (values and errors).
fn nodes_match(a: &impl TreeHash, b: &impl TreeHash, depth: u32, rng: &mut Rng, what: &str) {
    for g in 1u128..(1 << depth) {
        let g = Gindex::new(g).unwrap();
        assert_eq!(a.tree_node(g), b.tree_node(g), "{what}: gindex {g}");
    }
    for _ in 0..64 {
        let d = depth + rng.below(40) as u32;
        let pos = (rng.next() as u128) & ((1u128 << d) - 1);
        let g = Gindex::at(d, pos).unwrap();
        assert_eq!(a.tree_node(g), b.tree_node(g), "{what}: gindex {g}");
    }
}

/// Random sequences of sets, updates through `get_mut` and `update`,
/// range updates, pushes, pops, truncations, clones and updates of clones,
/// with out-of-range calls that must fail; after every step, every live
/// value's cached root equals the root of the plain type of the same
/// elements, computed from scratch, and at the end the bytes and the
/// nodes do too.
fn random_ops_of<T, L>(seed: u64, start_len: usize, steps: usize)
where
    T: Arbitrary + Ssz + TreeHash + Send + PartialEq + fmt::Debug,
    L: Persistent<T>,
{
    // Under Miri: the same sequences, shorter and on shorter lists (still
    // several levels deep, so that every step reaches the shared nodes).
    let (start_len, steps) = if cfg!(miri) {
        (start_len.min(16), steps.min(4))
    } else {
        (start_len, steps)
    };
    let mut rng = Rng(seed);
    let init: Vec<T> = (0..start_len).map(|_| T::arbitrary(&mut rng)).collect();
    let mut lists: Vec<(L, Vec<T>)> = vec![(L::build(init.clone()), init)];
    for step in 0..steps {
        let which = rng.below(lists.len());
        let op = rng.below(14);
        let live = lists.len();
        let (list, model) = &mut lists[which];
        match op {
            0..=2 if !model.is_empty() => {
                let i = rng.below(model.len());
                let v = T::arbitrary(&mut rng);
                if rng.below(2) == 0 {
                    list.set(i, v.clone()).unwrap();
                } else {
                    list.update(i, v.clone()).unwrap();
                }
                model[i] = v;
            }
            3 if !model.is_empty() => {
                // Several updates, some to the same element.
                for _ in 0..rng.below(20) + 1 {
                    let i = rng.below(model.len());
                    let v = T::arbitrary(&mut rng);
                    *list.get_mut(i).unwrap() = v.clone();
                    model[i] = v;
                }
            }
            4 if !model.is_empty() => {
                let a = rng.below(model.len());
                let b = a + rng.below(model.len() - a) + 1;
                let fresh: Vec<T> = (a..b).map(|_| T::arbitrary(&mut rng)).collect();
                list.update_range(a..b, |i, v| *v = fresh[i - a].clone())
                    .unwrap();
                model[a..b].clone_from_slice(&fresh);
            }
            5 | 6 => {
                for _ in 0..rng.below(40) + 1 {
                    let v = T::arbitrary(&mut rng);
                    match list.push(v.clone()) {
                        Ok(()) => model.push(v),
                        Err(_) => assert_eq!(model.len(), L::max()),
                    }
                }
            }
            7 if live < 6 => {
                let copy = (list.clone(), model.clone());
                lists.push(copy);
            }
            8 if live > 1 => {
                lists.swap_remove(which);
            }
            9 => {
                for _ in 0..rng.below(5) + 1 {
                    assert_eq!(list.pop(), model.pop());
                }
            }
            10 => {
                let len = rng.below(model.len() + 2);
                list.truncate(len);
                model.truncate(len);
            }
            11 => {
                // Out of range: an error, and nothing changes.
                let len = model.len();
                let v = T::arbitrary(&mut rng);
                assert_eq!(
                    list.set(len, v.clone()),
                    Err(crate::IndexError { index: len, len })
                );
                assert!(list.update(len + rng.below(3), v).is_err());
                assert!(list.get_mut(len).is_none());
                assert!(list.get(len).is_none());
                let end = len + 1 + rng.below(3);
                let mut called = false;
                assert_eq!(
                    list.update_range(0..end, |_, _| called = true),
                    Err(crate::RangeError { range: 0..end, len })
                );
                assert!(!called);
                if len > 1 {
                    #[allow(clippy::reversed_empty_ranges)]
                    let backwards = list.update_range(len - 1..len - 2, |_, _| called = true);
                    assert!(backwards.is_err() && !called);
                }
            }
            _ => {
                // Root without a change (the cache answers).
            }
        }
        // Not every step asks for a root, so that changes pile up.
        if rng.below(3) != 0 || step + 1 == steps {
            for (k, (list, model)) in lists.iter().enumerate() {
                let plain = L::plain(model.clone());
                assert_eq!(
                    list.hash_tree_root(),
                    plain.hash_tree_root(),
                    "seed {seed} step {step} list {k} len {}",
                    model.len()
                );
                assert_eq!(list.len(), model.len());
                if !model.is_empty() {
                    let i = rng.below(model.len());
                    assert_eq!(list.index(i), &model[i]);
                }
            }
        }
    }
    for (list, model) in &lists {
        let plain = L::plain(model.clone());
        assert_eq!(list.to_ssz(), plain.to_ssz());
        assert!(list.elements().into_iter().eq(model.iter()));
        assert!(list.elements_rev().into_iter().eq(model.iter().rev()));
        let depth = if cfg!(miri) { 3 } else { 9 };
        nodes_match(list, &plain, depth, &mut rng, &format!("seed {seed}"));
    }
}

fn random_ops<T, N>(seed: u64, start_len: usize, steps: usize)
where
    T: Arbitrary + Ssz + TreeHash + Send + PartialEq + fmt::Debug,
    N: Length,
{
    random_ops_of::<T, PersistentList<T, N>>(seed, start_len, steps)
}

/// The same sequences on progressive lists, both editions.
fn random_ops_progressive<T>(seed: u64, start_len: usize, steps: usize)
where
    T: Arbitrary + Ssz + TreeHash + Send + PartialEq + fmt::Debug,
{
    random_ops_of::<T, PersistentProgressiveList<T, crate::V1_7>>(seed, start_len, steps);
    random_ops_of::<T, PersistentProgressiveList<T, crate::V1_6>>(seed + 1000, start_len, steps);
}

#[test]
fn random_updates_keep_the_progressive_root() {
    for seed in 1..if cfg!(miri) { 2 } else { 5 } {
        random_ops_progressive::<u64>(seed, 0, 120);
        random_ops_progressive::<u64>(seed + 10, 1400, 120);
        random_ops_progressive::<u8>(seed + 20, 3, 120);
        random_ops_progressive::<u8>(seed + 30, 5000, 80);
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "container roots of every step; u64 and u8 cover the same code"
)]
fn random_updates_keep_the_progressive_root_validators() {
    for seed in 1..5 {
        random_ops_progressive::<Val>(seed, 0, 100);
        random_ops_progressive::<Val>(seed + 10, 350, 100);
    }
}

#[test]
fn random_updates_keep_the_root_u64() {
    for seed in 1..if cfg!(miri) { 2 } else { 6 } {
        random_ops::<u64, U64<1099511627776>>(seed, 0, 120);
        random_ops::<u64, U<4096>>(seed + 10, 1500, 120);
        random_ops::<u64, U<1500>>(seed + 20, 1400, 60);
        // Over 1024 leaves: a first root hashes subtrees of 1024 leaves,
        // then the nodes above them.
        random_ops::<u64, U<{ 1 << 17 }>>(seed + 30, 40_000, 30);
    }
}

#[test]
fn random_updates_keep_the_root_u8() {
    for seed in 1..if cfg!(miri) { 2 } else { 6 } {
        random_ops::<u8, U64<1099511627776>>(seed, 3, 120);
        random_ops::<u8, U<10000>>(seed + 10, 5000, 120);
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "container roots of every step; u64 and u8 cover the same code"
)]
fn random_updates_keep_the_root_validators() {
    for seed in 1..if cfg!(miri) { 2 } else { 5 } {
        random_ops::<Val, U64<1099511627776>>(seed, 0, 100);
        random_ops::<Val, U<4096>>(seed + 10, 300, 100);
        random_ops::<Val, U<300>>(seed + 20, 290, 60);
        random_ops::<Val, U<8192>>(seed + 30, 2100, 30);
    }
}

/// The node at `gindex` of the data tree, from the spec's merkleization
/// of the whole list: the subtree over the chunks below the node.
fn reference_node(chunks: &[Root], depth: u32, gindex: Gindex) -> Root {
    let level = depth - gindex.depth();
    let width = 1usize << level;
    let pos = gindex.position() as usize;
    let start = (pos * width).min(chunks.len());
    let end = ((pos + 1) * width).min(chunks.len());
    merkleize(&chunks[start..end], width)
}

fn packed_chunks(bytes: &[u8]) -> Vec<Root> {
    bytes
        .chunks(32)
        .map(|c| {
            let mut r = [0u8; 32];
            r[..c.len()].copy_from_slice(c);
            r
        })
        .collect()
}

#[test]
fn tree_nodes_match_recomputation() {
    // u64 balances: 4 per chunk; the limit's depth is 3 (32 / 4 chunks).
    let mut rng = Rng(7);
    let values: Vec<u64> = (0..21).map(|_| rng.next()).collect();
    let mut list = PersistentList::<u64, U<32>>::try_from(values.clone()).unwrap();
    let mut model = values;
    for round in 0..if cfg!(miri) { 1 } else { 3 } {
        let i = rng.below(model.len());
        model[i] = rng.next();
        list.set(i, model[i]).unwrap();
        let plain = List::<u64, U<32>>::try_from(model.clone()).unwrap();
        let bytes: Vec<u8> = model.iter().flat_map(|v| v.to_le_bytes()).collect();
        let chunks = packed_chunks(&bytes);
        assert_eq!(list.tree_node(Gindex::ROOT), Ok(plain.hash_tree_root()));
        let data = list.tree_node(Gindex::new(2).unwrap()).unwrap();
        assert_eq!(data, merkleize_packed(&bytes, 8));
        assert_eq!(mix_in_length(&data, model.len()), plain.hash_tree_root());
        let mut len = [0u8; 32];
        len[0] = 21;
        assert_eq!(list.tree_node(Gindex::new(3).unwrap()), Ok(len));
        for g in 1u128..16 {
            let rel = Gindex::new(g).unwrap();
            let abs = Gindex::new(2).unwrap().concat(rel).unwrap();
            assert_eq!(
                list.tree_node(abs),
                Ok(reference_node(&chunks, 3, rel)),
                "round {round} gindex {abs}"
            );
        }
        // Inside a packed chunk, and below the length chunk.
        let below = Gindex::new(2 * 16).unwrap();
        assert_eq!(
            list.tree_node(below),
            Err(ProofError::NoSuchNode { gindex: below })
        );
        let below_len = Gindex::new(6).unwrap();
        assert_eq!(
            list.tree_node(below_len),
            Err(ProofError::NoSuchNode { gindex: below_len })
        );
    }

    // Validators: one chunk each, limit 2^40, so most of the tree is zero
    // subtrees.
    let vals: Vec<Val> = (0..37).map(|_| Val::arbitrary(&mut rng)).collect();
    let mut list = PersistentList::<Val, U64<1099511627776>>::try_from(vals.clone()).unwrap();
    list.update(5, |v| v.balance = 1).unwrap();
    let mut model = vals;
    model[5].balance = 1;
    let chunks: Vec<Root> = model.iter().map(|v| v.hash_tree_root()).collect();
    let two = Gindex::new(2).unwrap();
    let (depths, positions): (&[u32], &[u128]) = if cfg!(miri) {
        (&[0, 34, 40], &[0, 9, 36])
    } else {
        (&[0, 1, 20, 34, 35, 38, 40], &[0, 1, 2, 4, 9, 36])
    };
    for &depth in depths {
        for &pos in positions {
            if depth < 64 && pos >= 1u128 << depth {
                continue;
            }
            let rel = Gindex::at(depth, pos).unwrap();
            let expected = if depth < 40 - 6 {
                // At or above the node that holds all 37 leaves.
                if pos == 0 {
                    let mut r = merkleize(&chunks, 64);
                    for z in &ZERO_HASHES[6..(40 - depth) as usize] {
                        let mut m = r.to_vec();
                        m.extend_from_slice(z);
                        r = crate::hash::sha256(&m);
                    }
                    r
                } else {
                    ZERO_HASHES[(40 - depth) as usize]
                }
            } else {
                reference_node(&chunks, 40, rel)
            };
            assert_eq!(
                list.tree_node(two.concat(rel).unwrap()),
                Ok(expected),
                "depth {depth} pos {pos}"
            );
        }
    }
    // Below a leaf: the element's own tree answers.
    let leaf = two.concat(Gindex::at(40, 5).unwrap()).unwrap();
    assert_eq!(list.tree_node(leaf), Ok(model[5].hash_tree_root()));
    let in_element = leaf.concat(Gindex::new(2).unwrap()).unwrap();
    assert_eq!(
        list.tree_node(in_element),
        model[5]
            .tree_node(Gindex::new(2).unwrap())
            .map_err(|_| ProofError::NoSuchNode { gindex: in_element })
    );
    // Below the padding after the last element: nothing.
    let past = two
        .concat(Gindex::at(40, 37).unwrap())
        .unwrap()
        .concat(Gindex::new(2).unwrap())
        .unwrap();
    assert_eq!(
        list.tree_node(past),
        Err(ProofError::NoSuchNode { gindex: past })
    );
}

#[test]
fn vector_nodes_and_roots() {
    let mut rng = Rng(3);
    let values: Vec<[u8; 32]> = (0..100)
        .map(|_| {
            let mut r = [0u8; 32];
            r[..8].copy_from_slice(&rng.next().to_le_bytes());
            r
        })
        .collect();
    let mut v = PersistentVector::<[u8; 32], U<100>>::try_from(values.clone()).unwrap();
    let mut plain = Vector::<[u8; 32], U<100>>::try_from(values).unwrap();
    assert_eq!(v.hash_tree_root(), plain.hash_tree_root());
    // Under Miri: fewer updates, and one node of each level on a path from
    // the root to a leaf, and two more leaves, against a reference that
    // merkleizes from scratch.
    for _ in 0..if cfg!(miri) { 2 } else { 20 } {
        let i = rng.below(100);
        let mut r = [0u8; 32];
        r[0] = rng.next() as u8;
        v.set(i, r).unwrap();
        plain[i] = r;
        assert_eq!(v.hash_tree_root(), plain.hash_tree_root());
    }
    let chunks: Vec<Root> = plain.to_vec();
    let nodes: Vec<u128> = if cfg!(miri) {
        vec![1, 3, 6, 13, 27, 55, 111, 128, 163, 227]
    } else {
        (1..256).collect()
    };
    for g in nodes {
        let g = Gindex::new(g).unwrap();
        assert_eq!(v.tree_node(g), Ok(reference_node(&chunks, 7, g)), "{g}");
    }
    assert_eq!(v.to_ssz(), plain.to_ssz());
    assert!(v.set(100, [0; 32]).is_err());
    assert!(PersistentVector::<u8, U<3>>::try_from(vec![1, 2]).is_err());
    // Basic elements: 100 u16 in 7 chunks.
    let mut b = PersistentVector::<u16, U<100>>::default();
    let mut pb = Vector::<u16, U<100>>::default();
    b.update_range(10..60, |i, x| *x = i as u16).unwrap();
    for i in 10..60 {
        pb[i] = i as u16;
    }
    assert_eq!(b.hash_tree_root(), pb.hash_tree_root());
    b.update_all(|i, x| *x = (i * 3) as u16);
    for i in 0..100 {
        pb[i] = (i * 3) as u16;
    }
    assert_eq!(b.hash_tree_root(), pb.hash_tree_root());
}

#[test]
#[cfg_attr(miri, ignore = "roots of thousands of elements")]
fn encoding_and_decoding_match_the_plain_types() {
    type Inner = List<u8, U<4>>;
    let inner = vec![
        Inner::try_from(vec![1, 2]).unwrap(),
        Inner::new(),
        Inner::try_from(vec![3]).unwrap(),
    ];
    let l = PersistentList::<Inner, U<3>>::try_from(inner.clone()).unwrap();
    let plain = List::<Inner, U<3>>::try_from(inner).unwrap();
    let bytes = plain.to_ssz();
    assert_eq!(l.to_ssz(), bytes);
    assert_eq!(PersistentList::<Inner, U<3>>::from_ssz(&bytes).unwrap(), l);
    assert_eq!(l.hash_tree_root(), plain.hash_tree_root());
    // The same errors as the plain list, at the same place.
    for bad in [
        &[16u8, 0, 0, 0, 16, 0, 0, 0, 16, 0, 0, 0, 16, 0, 0, 0][..],
        &[5, 0, 0, 0, 1],
        &[8, 0, 0, 0, 7, 0, 0, 0, 1],
        &[8, 0, 0, 0, 8, 0, 0, 0, 1, 2, 3, 4, 5],
    ] {
        let a = PersistentList::<Inner, U<3>>::from_ssz(bad).unwrap_err();
        let b = List::<Inner, U<3>>::from_ssz(bad).unwrap_err();
        assert_eq!(a.to_string(), b.to_string());
    }
    let a = PersistentList::<u16, U<2>>::from_ssz(&[1, 0, 2, 0, 3, 0]).unwrap_err();
    assert_eq!(
        *a.kind(),
        DecodeErrorKind::TooManyElements { len: 3, max: 2 }
    );
    let a = PersistentVector::<u32, U<2>>::from_ssz(&[0; 12]).unwrap_err();
    assert_eq!(
        *a.kind(),
        DecodeErrorKind::InvalidLength {
            expected: 8,
            got: 12
        }
    );
    assert!(PersistentVector::<u8, U<0>>::from_ssz(&[]).is_err());
    let v = PersistentVector::<u32, U<2>>::from_ssz(&[1, 0, 0, 0, 2, 0, 0, 0]).unwrap();
    assert_eq!(v.to_vec(), [1, 2]);
    const { assert!(<PersistentVector<u32, U<2>> as Ssz>::IS_FIXED_SIZE) };
    assert_eq!(<PersistentVector<u32, U<2>> as Ssz>::FIXED_PART_LEN, 8);
    // Big enough for several levels of nodes.
    let many: Vec<u64> = (0..3000).collect();
    let plain = List::<u64, U<4096>>::try_from(many.clone()).unwrap();
    let decoded = PersistentList::<u64, U<4096>>::from_ssz(&plain.to_ssz()).unwrap();
    assert_eq!(decoded.to_vec(), many);
    assert_eq!(decoded.hash_tree_root(), plain.hash_tree_root());
    assert_eq!(
        format!(
            "{:?}",
            PersistentList::<u8, U<4>>::try_from(vec![1, 2]).unwrap()
        ),
        "[1, 2]"
    );
}

#[test]
#[cfg_attr(miri, ignore = "roots of thousands of validators")]
fn a_clone_shares_its_nodes() {
    let vals: Vec<Val> = (0..4000)
        .map(|i| Val {
            a: i,
            ..Val::default()
        })
        .collect();
    let mut list = PersistentList::<Val, U<8192>>::try_from(vals).unwrap();
    let _ = list.hash_tree_root();
    let mut seen = std::collections::HashSet::new();
    let mut fresh = |p: *const u8| seen.insert(p as usize);
    let alone = list.heap_bytes(&mut fresh);
    let mut copy = list.clone();
    copy.update(17, |v| v.b = 9).unwrap();
    let _ = copy.hash_tree_root();
    let extra = copy.heap_bytes(&mut fresh);
    // The copy's own leaf and the 12 nodes above it (4000 leaves), and
    // its list of dirty leaves: a few hundred bytes of the original's
    // megabyte.
    assert!(extra < 2048, "{extra} vs {alone}");
    assert_eq!(list.get(17).unwrap().b, 0);
    list.update(17, |v| v.b = 9).unwrap();
    assert_eq!(list.hash_tree_root(), copy.hash_tree_root());
}

#[cfg(feature = "serde")]
#[test]
fn serde_matches_the_plain_types() {
    let l = PersistentList::<u64, U<8>>::try_from(vec![1, 2, 3]).unwrap();
    let plain = List::<u64, U<8>>::try_from(vec![1, 2, 3]).unwrap();
    let yaml = serde_yaml::to_string(&l).unwrap();
    assert_eq!(yaml, serde_yaml::to_string(&plain).unwrap());
    let back: PersistentList<u64, U<8>> = serde_yaml::from_str(&yaml).unwrap();
    assert_eq!(back, l);
    assert!(serde_yaml::from_str::<PersistentList<u64, U<2>>>(&yaml).is_err());
    assert!(serde_yaml::from_str::<PersistentVector<u64, U<2>>>(&yaml).is_err());
    let v: PersistentVector<u64, U<3>> = serde_yaml::from_str(&yaml).unwrap();
    assert_eq!(v.to_vec(), [1, 2, 3]);
}

/// The data root is stored through `&self` in a cell written once (with
/// `std`, a `OnceLock`): one value rooted on several threads at once gives
/// every thread the plain root, and a change after those roots (which
/// settles the dirty list they left) and a clone taken after them keep
/// the root right.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "no threads on wasm32-wasip1")]
fn rooting_on_several_threads_at_once_agrees() {
    let values: Vec<u64> = (0..300).collect();
    let mut list = PersistentList::<u64, U<1024>>::try_from(values.clone()).unwrap();
    list.hash_tree_root();
    *list.get_mut(17).unwrap() += 1;
    *list.get_mut(250).unwrap() += 1;
    let mut plain = List::<u64, U<1024>>::try_from(values).unwrap();
    plain[17] += 1;
    plain[250] += 1;
    let expected = plain.hash_tree_root();
    let roots: Vec<Root> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..4).map(|_| s.spawn(|| list.hash_tree_root())).collect();
        threads
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|_| panic!("a thread panicked")))
            .collect()
    });
    assert_eq!(roots, [expected; 4]);
    let mut copy = list.clone();
    *copy.get_mut(3).unwrap() += 1;
    plain[3] += 1;
    assert_eq!(copy.hash_tree_root(), plain.hash_tree_root());
    *list.get_mut(299).unwrap() += 1;
    plain[3] -= 1;
    plain[299] += 1;
    assert_eq!(list.hash_tree_root(), plain.hash_tree_root());
}
