//! `tree_node`, single proofs and multiproofs against a naive tree built in
//! this file, node by node, from the spec text (ssz/simple-serialize.md
//! v1.6.1, "Merkleization"; EIP-7916 and EIP-7495 for the progressive
//! shapes): random values of every composite type, random indices (nodes
//! that exist and nodes that do not), and tampered proofs.
//!
//! The progressive types here name the v1.6.1 edition, whose order the
//! reference builds; the v1.7 order is checked against its definition in
//! `ssz-core`'s unit tests and by the v1.7.0-alpha.13 vectors.
//!
//! The reference tree is `test_support::tree::Tree`: it holds every node it
//! has; an all-zero subtree is one `Zero(height)` node whose descendants are
//! the zero subtrees below it, so that a list with a limit of 2^40 is a tree
//! of a few hundred nodes.
//!
//! Under Miri (about 0.1 s a hash) only the test of fixed nodes runs; the
//! core crate's unit tests take the navigation through Miri.

use peam_ssz_types::proof::{
    calculate_merkle_root, check_indices, prove, prove_multi, Gindex, ProofError,
};
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Bytes32, Bytes48, Length, List, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, Ssz, TreeHash, Vector, U, U64, V1_6,
};

use test_support::merkle::zero_subtree;
use test_support::rng::XorShift64Star as Rng;
use test_support::tree::{height_for, height_for_u64, length, packed, Tree};

/// The reference tree of a value.
trait Reference {
    fn tree(&self) -> Tree;
}

impl Reference for u64 {
    fn tree(&self) -> Tree {
        Tree::Leaf(length(*self as usize))
    }
}

impl<L: Length> Reference for List<u64, L> {
    fn tree(&self) -> Tree {
        let bytes: Vec<u8> = self.iter().flat_map(|v| v.to_le_bytes()).collect();
        Tree::binary(packed(&bytes), height_for_u64((L::U64 * 8).div_ceil(32)))
            .mix(length(self.len()))
    }
}

impl<T: Reference, const N: usize> Reference for Vector<T, U<N>> {
    fn tree(&self) -> Tree {
        Tree::binary(self.iter().map(T::tree).collect(), height_for(N))
    }
}

impl<const N: usize> Reference for ByteList<U<N>> {
    fn tree(&self) -> Tree {
        Tree::binary(packed(self.as_bytes()), height_for(N.div_ceil(32))).mix(length(self.len()))
    }
}

impl<const N: usize> Reference for ByteVector<U<N>> {
    fn tree(&self) -> Tree {
        Tree::binary(packed(self.as_bytes()), height_for(N.div_ceil(32)))
    }
}

fn bits_bytes(bits: impl Iterator<Item = bool>) -> (Vec<u8>, usize) {
    let mut bytes = Vec::new();
    let mut n = 0;
    for (i, b) in bits.enumerate() {
        if i % 8 == 0 {
            bytes.push(0);
        }
        if b {
            bytes[i / 8] |= 1 << (i % 8);
        }
        n += 1;
    }
    (bytes, n)
}

impl<const N: usize> Reference for Bitlist<U<N>> {
    fn tree(&self) -> Tree {
        let (bytes, n) = bits_bytes(self.iter());
        Tree::binary(packed(&bytes), height_for(N.div_ceil(256))).mix(length(n))
    }
}

impl<const N: usize> Reference for Bitvector<U<N>> {
    fn tree(&self) -> Tree {
        let (bytes, _) = bits_bytes(self.iter());
        Tree::binary(packed(&bytes), height_for(N.div_ceil(256)))
    }
}

impl Reference for ProgressiveBitlist<V1_6> {
    fn tree(&self) -> Tree {
        let (bytes, n) = bits_bytes(self.iter());
        Tree::progressive(packed(&bytes), 1).mix(length(n))
    }
}

impl Reference for ProgressiveByteList<V1_6> {
    fn tree(&self) -> Tree {
        Tree::progressive(packed(self.as_bytes()), 1).mix(length(self.len()))
    }
}

impl Reference for Bytes32 {
    fn tree(&self) -> Tree {
        Tree::Leaf(**self)
    }
}

impl Reference for Bytes48 {
    fn tree(&self) -> Tree {
        Tree::binary(packed(&self[..]), 1)
    }
}

#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct Validator {
    pubkey: Bytes48,
    withdrawal_credentials: Bytes32,
    effective_balance: u64,
    slashed: u64,
    activation_epoch: u64,
}

impl Reference for Validator {
    fn tree(&self) -> Tree {
        Tree::binary(
            vec![
                self.pubkey.tree(),
                self.withdrawal_credentials.tree(),
                self.effective_balance.tree(),
                self.slashed.tree(),
                self.activation_epoch.tree(),
            ],
            3,
        )
    }
}

impl<L: Length> Reference for List<Validator, L> {
    fn tree(&self) -> Tree {
        Tree::binary(
            self.iter().map(Validator::tree).collect(),
            height_for_u64(L::U64),
        )
        .mix(length(self.len()))
    }
}

impl Reference for ProgressiveList<Validator, V1_6> {
    fn tree(&self) -> Tree {
        Tree::progressive(self.iter().map(Validator::tree).collect(), 1).mix(length(self.len()))
    }
}

/// A union: `None`, a list, or a validator.
#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
enum Payload {
    None,
    Numbers(List<u64, U<100>>),
    Validator(Validator),
}

impl Reference for Payload {
    fn tree(&self) -> Tree {
        let (value, selector) = match self {
            Payload::None => (Tree::Leaf([0; 32]), 0),
            Payload::Numbers(l) => (l.tree(), 1),
            Payload::Validator(v) => (v.tree(), 2),
        };
        let mut chunk = [0u8; 32];
        chunk[0] = selector;
        value.mix(chunk)
    }
}

/// A progressive container (EIP-7495) with inactive slots between fields.
#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
#[ssz(active_fields = [1, 0, 1, 1, 0, 0, 1], edition = "v1.6")]
struct Sparse {
    a: u64,
    b: List<u64, U<100>>,
    c: Validator,
    d: ProgressiveByteList<V1_6>,
}

impl Reference for Sparse {
    fn tree(&self) -> Tree {
        let zero = || Tree::Leaf([0; 32]);
        let slots = vec![
            self.a.tree(),
            zero(),
            self.b.tree(),
            self.c.tree(),
            zero(),
            zero(),
            self.d.tree(),
        ];
        let mut active = [0u8; 32];
        active[0] = 0b100_1101;
        Tree::progressive(slots, 1).mix(active)
    }
}

/// A newtype, merkleized as its field.
#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
#[ssz(transparent)]
struct Registry(List<Validator, U64<{ 1 << 40 }>>);

impl Reference for Registry {
    fn tree(&self) -> Tree {
        self.0.tree()
    }
}

/// A state-like container: nested containers, a list with a 2^40 limit,
/// bitfields, unions and progressive types.
#[derive(Debug, Clone, PartialEq, Ssz, TreeHash)]
struct State {
    slot: u64,
    root: Bytes32,
    validators: Registry,
    balances: List<u64, U64<{ 1 << 40 }>>,
    bits: Bitlist<U<2048>>,
    justification: Bitvector<U<4>>,
    extra: ByteList<U<100>>,
    vector: ByteVector<U<70>>,
    payload: Payload,
    sparse: Sparse,
    progressive: ProgressiveList<Validator, V1_6>,
    progressive_bits: ProgressiveBitlist<V1_6>,
    committee: Vector<Validator, U<3>>,
}

impl Reference for State {
    fn tree(&self) -> Tree {
        Tree::binary(
            vec![
                self.slot.tree(),
                self.root.tree(),
                self.validators.tree(),
                self.balances.tree(),
                self.bits.tree(),
                self.justification.tree(),
                self.extra.tree(),
                self.vector.tree(),
                self.payload.tree(),
                self.sparse.tree(),
                self.progressive.tree(),
                self.progressive_bits.tree(),
                self.committee.tree(),
            ],
            4,
        )
    }
}

fn validator(rng: &mut Rng) -> Validator {
    Validator {
        pubkey: Bytes48::new(rng.array()),
        withdrawal_credentials: Bytes32::new(rng.array()),
        effective_balance: rng.next(),
        slashed: rng.next() & 1,
        activation_epoch: rng.next(),
    }
}

fn validators(rng: &mut Rng, max: usize) -> Vec<Validator> {
    (0..rng.below(max + 1)).map(|_| validator(rng)).collect()
}

fn numbers(rng: &mut Rng, max: usize) -> Vec<u64> {
    (0..rng.below(max + 1)).map(|_| rng.next()).collect()
}

fn bits(rng: &mut Rng, n: usize) -> Vec<bool> {
    (0..n).map(|_| rng.next() & 1 == 1).collect()
}

fn state(rng: &mut Rng) -> State {
    let payload = match rng.below(3) {
        0 => Payload::None,
        1 => Payload::Numbers(List::try_from(numbers(rng, 100)).unwrap()),
        _ => Payload::Validator(validator(rng)),
    };
    let n_bits = rng.below(2049);
    let n_pbits = rng.below(1200);
    let extra: Vec<u8> = (0..rng.below(101)).map(|_| rng.next() as u8).collect();
    let pbytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.next() as u8).collect();
    State {
        slot: rng.next(),
        root: Bytes32::new(rng.array()),
        validators: Registry(List::try_from(validators(rng, 40)).unwrap()),
        balances: List::try_from(numbers(rng, 300)).unwrap(),
        bits: Bitlist::from_bools(&bits(rng, n_bits)).unwrap(),
        justification: Bitvector::from_bools(&bits(rng, 4)).unwrap(),
        extra: ByteList::try_from(extra).unwrap(),
        vector: ByteVector::try_from_vec(rng.array::<70>().to_vec()).unwrap(),
        payload,
        sparse: Sparse {
            a: rng.next(),
            b: List::try_from(numbers(rng, 100)).unwrap(),
            c: validator(rng),
            d: ProgressiveByteList::from(pbytes),
        },
        progressive: ProgressiveList::from(validators(rng, 30)),
        progressive_bits: ProgressiveBitlist::from_bools(&bits(rng, n_pbits)),
        committee: Vector::try_from(vec![validator(rng), validator(rng), validator(rng)]).unwrap(),
    }
}

fn g(v: u128) -> Gindex {
    Gindex::new(v).unwrap()
}

/// A random index: a walk down the reference tree that stops at random,
/// and now and then goes on below a leaf or into padding.
fn random_index(rng: &mut Rng, tree: &Tree) -> u128 {
    let mut index = 1u128;
    let mut t = tree;
    loop {
        // Deep enough on average to reach the fields of list elements.
        if rng.below(64) == 0 {
            return index;
        }
        let mut right = rng.next() & 1 == 1;
        if let Tree::Node(l, r, _) = t {
            // Mostly away from the zero padding, so that the walks reach
            // the elements of lists with huge limits.
            match (&**l, &**r) {
                (Tree::Zero(_), Tree::Zero(_)) => {}
                (Tree::Zero(_), _) => right = rng.below(32) != 0,
                (_, Tree::Zero(_)) => right = rng.below(32) == 0,
                _ => {}
            }
        }
        if index.leading_zeros() < 2 {
            return index;
        }
        index = index << 1 | right as u128;
        match t {
            Tree::Node(l, r, _) => t = if right { r } else { l },
            // Below a leaf (no node) or inside a zero subtree: stop soon.
            _ => {
                if rng.below(2) == 0 {
                    return index;
                }
            }
        }
    }
}

/// Every check for one value: random nodes against the reference, proofs
/// verified, tampered proofs refused. Returns the depth of the deepest
/// node found.
fn check_value<T: TreeHash + Reference>(value: &T, rng: &mut Rng, rounds: usize) -> u32 {
    let tree = value.tree();
    let root = value.hash_tree_root();
    assert_eq!(tree.root(), root, "reference root");
    let mut existing = vec![Gindex::ROOT];
    for _ in 0..rounds {
        let index = random_index(rng, &tree);
        let gi = g(index);
        let ours = value.tree_node(gi);
        match tree.node(index) {
            Some(expected) => {
                assert_eq!(ours, Ok(expected), "node {index}");
                existing.push(gi);
                let proof = prove(value, gi).unwrap();
                assert_eq!(proof.leaf, expected);
                assert_eq!(proof.verify(&root), Ok(()), "proof of {index}");
                // Tampered: flipped leaf, wrong index, short and long branch.
                let mut bad = proof.clone();
                bad.leaf[rng.below(32)] ^= 1 << rng.below(8);
                assert_eq!(bad.verify(&root), Err(ProofError::RootMismatch));
                if let Some(sibling) = gi.sibling() {
                    if proof.branch[0] != proof.leaf {
                        let mut moved = proof.clone();
                        moved.leaf_index = sibling;
                        assert_eq!(moved.verify(&root), Err(ProofError::RootMismatch));
                    }
                    let mut short = proof.clone();
                    short.branch.pop();
                    assert!(matches!(
                        short.verify(&root),
                        Err(ProofError::BranchLength { .. })
                    ));
                    let mut flipped = proof.clone();
                    let i = rng.below(flipped.branch.len());
                    flipped.branch[i][0] ^= 0x80;
                    assert_eq!(flipped.verify(&root), Err(ProofError::RootMismatch));
                }
                let mut long = proof.clone();
                long.branch.push([0; 32]);
                assert!(matches!(
                    calculate_merkle_root(&long.leaf, &long.branch, long.leaf_index),
                    Err(ProofError::BranchLength { .. })
                ));
            }
            None => {
                assert_eq!(
                    ours,
                    Err(ProofError::NoSuchNode { gindex: gi }),
                    "node {index}"
                );
                assert!(prove(value, gi).is_err());
            }
        }
    }
    // Multiproofs of random sets of the nodes found.
    for _ in 0..rounds / 8 {
        let mut set: Vec<Gindex> = Vec::new();
        for _ in 0..1 + rng.below(6) {
            let candidate = existing[rng.below(existing.len())];
            let mut with = set.clone();
            with.push(candidate);
            if check_indices(&with).is_ok() {
                set = with;
            }
        }
        let proof = prove_multi(value, &set).unwrap();
        assert_eq!(proof.verify(&root), Ok(()), "multiproof of {set:?}");
        let mut bad = proof.clone();
        let i = rng.below(bad.leaves.len());
        bad.leaves[i][rng.below(32)] ^= 4;
        assert_eq!(bad.verify(&root), Err(ProofError::RootMismatch));
        if !proof.proof.is_empty() {
            let mut fewer = proof.clone();
            fewer.proof.pop();
            assert!(matches!(
                fewer.verify(&root),
                Err(ProofError::HelperCount { .. })
            ));
            let mut swapped = proof.clone();
            let i = rng.below(swapped.proof.len());
            swapped.proof[i][31] ^= 1;
            assert_eq!(swapped.verify(&root), Err(ProofError::RootMismatch));
        }
        let mut more = proof.clone();
        more.proof.push([0; 32]);
        assert!(matches!(
            more.verify(&root),
            Err(ProofError::HelperCount { .. })
        ));
    }
    existing.iter().map(|g| g.depth()).max().unwrap_or(0)
}

#[test]
#[cfg_attr(miri, ignore = "thousands of hashes")]
#[cfg_attr(
    target_pointer_width = "32",
    ignore = "the reference tree of 2^40 limits is built for 64-bit targets"
)]
fn random_states_match_the_reference() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut deepest = 0;
    for _ in 0..12 {
        let s = state(&mut rng);
        deepest = deepest.max(check_value(&s, &mut rng, 400));
    }
    // The fields of a validator in the 2^40 registry are 48 levels down
    // (4 in the state, 1 for the length, 40 in the list, 3 in the
    // validator): the walks reach them and below.
    assert!(deepest >= 48, "deepest node checked: {deepest}");
}

#[test]
#[cfg_attr(miri, ignore = "thousands of hashes")]
#[cfg_attr(
    target_pointer_width = "32",
    ignore = "the reference tree of 2^40 limits is built for 64-bit targets"
)]
fn lists_of_varied_lengths_and_limits_match_the_reference() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..20 {
        let l: List<u64, U<1000>> = List::try_from(numbers(&mut rng, 1000)).unwrap();
        check_value(&l, &mut rng, 100);
        let l: List<u64, U<4>> = List::try_from(numbers(&mut rng, 4)).unwrap();
        check_value(&l, &mut rng, 30);
        let v: List<Validator, U64<{ 1 << 40 }>> =
            List::try_from(validators(&mut rng, 70)).unwrap();
        check_value(&v, &mut rng, 100);
        let p = ProgressiveList::<_, V1_6>::from(validators(&mut rng, 90));
        check_value(&p, &mut rng, 100);
        let bits_n = rng.below(5000);
        let b = ProgressiveBitlist::<V1_6>::from_bools(&bits(&mut rng, bits_n));
        check_value(&b, &mut rng, 60);
    }
}

#[test]
fn a_node_past_a_huge_limit_is_a_zero_subtree_and_below_a_leaf_is_none() {
    let v: List<Validator, U64<{ 1 << 40 }>> =
        List::try_from(vec![validator(&mut Rng(7)); 3]).unwrap();
    // The left half of the data tree (2^39 leaves) holds the three
    // validators, the right half none.
    let right_half = g(0b101);
    assert_eq!(v.tree_node(right_half), Ok(zero_subtree(39)));
    // The deepest zero leaf and below it.
    let last_leaf = g((1u128 << 41) | ((1 << 40) - 1));
    assert_eq!(v.tree_node(last_leaf), Ok([0; 32]));
    assert_eq!(
        v.tree_node(g(last_leaf.get() << 1)),
        Err(ProofError::NoSuchNode {
            gindex: g(last_leaf.get() << 1)
        })
    );
    // Below a packed chunk of basic values, and below the length.
    let l: List<u64, U<8>> = List::try_from(vec![1, 2, 3]).unwrap();
    assert_eq!(
        l.tree_node(g(0b1000)),
        Err(ProofError::NoSuchNode { gindex: g(0b1000) })
    );
    assert_eq!(l.tree_node(g(3)), Ok(length(3)));
    assert_eq!(
        l.tree_node(g(6)),
        Err(ProofError::NoSuchNode { gindex: g(6) })
    );
    // An index as deep as a Gindex goes.
    assert!(v.tree_node(g(u128::MAX)).is_err());
}
