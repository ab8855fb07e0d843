//! The hasher seam with a second hash function: roots, proofs and
//! persistent trees under a toy compression function, each checked against
//! a merkleizer written here from the spec's definitions
//! (ssz/simple-serialize.md v1.7.0-alpha.13, "Merkleization") that calls
//! nothing of the library but the toy function itself.

use peam_ssz_types::hasher::{
    hash_tree_root_with, sha256_in_use, with_hasher, Hasher, LazyZeroHashes, Sha256,
};
use peam_ssz_types::merkle::{
    merkleize_packed_with, merkleize_progressive_packed_with, merkleize_progressive_with,
    merkleize_with, mix_in_length_with,
};
use peam_ssz_types::proof::{
    calculate_merkle_root_with, prove, prove_multi, prove_multi_with, prove_with,
    verify_merkle_multiproof_with, Partial,
};
use peam_ssz_types::{
    Bitlist, Bytes32, Bytes48, Cached, Gindex, List, PersistentList, PersistentProgressiveList,
    PersistentVector, ProgressiveList, Root, Ssz, TreeHash, Unbounded, Vector, U, V1_6, V1_7,
};
use test_support::rng::XorShift64Star as Rng;

// ------------------------------------------------------------ the toy hasher

/// Four 64-bit lanes, each absorbing the 64 input bytes FNV-style with its
/// own seed: deterministic, sensitive to the order of its inputs, and
/// nothing like SHA-256 (it is not a secure hash).
fn toy_block(block: &[u8; 64]) -> Root {
    let mut out = [0u8; 32];
    for (lane, bytes) in out.chunks_exact_mut(8).enumerate() {
        let mut acc =
            0xcbf2_9ce4_8422_2325u64 ^ (lane as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for &b in block {
            acc ^= u64::from(b);
            acc = acc.wrapping_mul(0x0000_0100_0000_01b3);
            acc ^= acc >> 29;
        }
        bytes.copy_from_slice(&acc.to_le_bytes());
    }
    out
}

struct Toy;

static TOY_ZEROS: LazyZeroHashes<Toy> = LazyZeroHashes::new();

impl Hasher for Toy {
    fn hash_pair(left: &Root, right: &Root) -> Root {
        let mut block = [0u8; 64];
        block[..32].copy_from_slice(left);
        block[32..].copy_from_slice(right);
        toy_block(&block)
    }

    /// Its own batch path, so that the batch seam is exercised (and must
    /// agree with `hash_pair`).
    fn hash_nodes(input: &[[u8; 64]], out: &mut [Root]) {
        assert_eq!(input.len(), out.len(), "one output per input");
        for (block, parent) in input.iter().zip(out.iter_mut()) {
            *parent = toy_block(block);
        }
    }

    fn zero_hash(level: usize) -> Root {
        TOY_ZEROS.get(level)
    }
}

// ------------------------------------------------------------ the reference

/// `hash(a + b)` with the toy function.
fn h(a: &Root, b: &Root) -> Root {
    let mut block = [0u8; 64];
    block[..32].copy_from_slice(a);
    block[32..].copy_from_slice(b);
    toy_block(&block)
}

/// The root of an all-zero tree of `height` levels, hashed from zero
/// chunks.
fn zero_subtree(height: u32) -> Root {
    let mut z = [0u8; 32];
    for _ in 0..height {
        z = h(&z, &z);
    }
    z
}

/// `merkleize(chunks, limit)`: padded with zero chunks to the next power of
/// two of the chunks, hashed pairwise, then extended with zero subtrees up
/// to `next_pow_of_two(limit)` leaves.
fn merkleize(chunks: &[Root], limit: u64) -> Root {
    assert!(chunks.len() as u64 <= limit.max(1), "over the limit");
    let mut level = chunks.to_vec();
    level.resize(chunks.len().max(1).next_power_of_two(), [0; 32]);
    let mut height = 0;
    while level.len() > 1 {
        level = level.chunks(2).map(|p| h(&p[0], &p[1])).collect();
        height += 1;
    }
    let mut root = level[0];
    let mut covered = chunks.len().max(1).next_power_of_two() as u128;
    while covered < u128::from(limit.max(1)).next_power_of_two() {
        root = h(&root, &zero_subtree(height));
        height += 1;
        covered *= 2;
    }
    root
}

/// `merkleize_progressive(chunks, num_leaves)`, binary subtree on the left
/// (v1.7.0-alpha.13), or the recursion on the left (v1.6.1).
fn progressive(chunks: &[Root], num_leaves: usize, recursion_left: bool) -> Root {
    if chunks.is_empty() {
        return [0; 32];
    }
    let split = num_leaves.min(chunks.len());
    let subtree = merkleize(&chunks[..split], num_leaves as u64);
    let rest = progressive(&chunks[split..], num_leaves * 4, recursion_left);
    if recursion_left {
        h(&rest, &subtree)
    } else {
        h(&subtree, &rest)
    }
}

fn chunk(bytes: &[u8]) -> Root {
    let mut c = [0u8; 32];
    c[..bytes.len()].copy_from_slice(bytes);
    c
}

fn pack(bytes: &[u8]) -> Vec<Root> {
    bytes.chunks(32).map(chunk).collect()
}

fn mix_in_length(root: &Root, len: usize) -> Root {
    h(root, &chunk(&(len as u64).to_le_bytes()))
}

fn pack_u64s(values: &[u64]) -> Vec<Root> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    pack(&bytes)
}

// ------------------------------------------------------------ the types

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Validator {
    pubkey: Bytes48,
    credentials: Bytes32,
    balance: u64,
    slashed: bool,
    epoch: u64,
}

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct State {
    slot: u64,
    validators: List<Validator, U<1024>>,
    balances: List<u64, U<{ 1 << 20 }>>,
    roots: Vector<Bytes32, U<8>>,
    bits: Bitlist<U<100>>,
    progressive: ProgressiveList<u64>,
}

fn validator(rng: &mut Rng, i: u64) -> Validator {
    Validator {
        pubkey: Bytes48::from(rng.array::<48>()),
        credentials: Bytes32::from(rng.array::<32>()),
        balance: 32_000_000_000 + i,
        slashed: i.is_multiple_of(3),
        epoch: rng.next(),
    }
}

fn validator_ref(v: &Validator) -> Root {
    let key: &[u8] = v.pubkey.as_ref();
    let fields = [
        merkleize(&pack(key), 2),
        chunk(v.credentials.as_ref()),
        chunk(&v.balance.to_le_bytes()),
        chunk(&[u8::from(v.slashed)]),
        chunk(&v.epoch.to_le_bytes()),
    ];
    merkleize(&fields, 5)
}

fn validators_ref(vs: &[Validator], limit: u64) -> Root {
    let roots: Vec<Root> = vs.iter().map(validator_ref).collect();
    mix_in_length(&merkleize(&roots, limit), vs.len())
}

fn balances_ref(values: &[u64], limit: u64) -> Root {
    mix_in_length(&merkleize(&pack_u64s(values), limit / 4), values.len())
}

struct Plain {
    slot: u64,
    validators: Vec<Validator>,
    balances: Vec<u64>,
    roots: Vec<[u8; 32]>,
    bits: Vec<bool>,
    progressive: Vec<u64>,
}

fn plain(seed: u64, validators: usize) -> Plain {
    let mut rng = Rng(seed);
    Plain {
        slot: rng.next(),
        validators: (0..validators as u64)
            .map(|i| validator(&mut rng, i))
            .collect(),
        balances: (0..validators * 3 + 1).map(|_| rng.next()).collect(),
        roots: (0..8).map(|_| rng.array::<32>()).collect(),
        bits: (0..77).map(|_| rng.next() % 2 == 1).collect(),
        progressive: (0..validators + 5).map(|_| rng.next()).collect(),
    }
}

fn state(p: &Plain) -> State {
    State {
        slot: p.slot,
        validators: List::try_from(p.validators.clone()).unwrap(),
        balances: List::try_from(p.balances.clone()).unwrap(),
        roots: Vector::try_from(
            p.roots
                .iter()
                .map(|&r| Bytes32::from(r))
                .collect::<Vec<_>>(),
        )
        .unwrap(),
        bits: Bitlist::from_bools(&p.bits).unwrap(),
        progressive: ProgressiveList::from(p.progressive.clone()),
    }
}

fn bits_ref(bits: &[bool]) -> Root {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (i, &b) in bits.iter().enumerate() {
        if b {
            bytes[i / 8] |= 1 << (i % 8);
        }
    }
    mix_in_length(&merkleize(&pack(&bytes), 1), bits.len())
}

fn state_fields_ref(p: &Plain) -> [Root; 6] {
    [
        chunk(&p.slot.to_le_bytes()),
        validators_ref(&p.validators, 1024),
        balances_ref(&p.balances, 1 << 20),
        merkleize(&p.roots, 8),
        bits_ref(&p.bits),
        mix_in_length(
            &progressive(&pack_u64s(&p.progressive), 1, false),
            p.progressive.len(),
        ),
    ]
}

fn state_ref(p: &Plain) -> Root {
    merkleize(&state_fields_ref(p), 6)
}

// ------------------------------------------------------------ merkleization

#[test]
fn zero_hashes_are_the_toy_ones() {
    for level in 0..=64 {
        assert_eq!(Toy::zero_hash(level), zero_subtree(level as u32), "{level}");
    }
}

#[test]
fn merkleize_with_a_second_hasher_matches_the_reference() {
    let mut rng = Rng(7);
    for n in [
        0usize, 1, 2, 3, 5, 8, 9, 31, 33, 100, 4095, 4096, 4097, 9000,
    ] {
        let chunks: Vec<Root> = (0..n).map(|_| rng.array::<32>()).collect();
        for limit in [n, n + 1, 2 * n + 3, 1 << 14] {
            assert_eq!(
                merkleize_with::<Toy>(&chunks, limit),
                merkleize(&chunks, limit as u64),
                "{n}/{limit}"
            );
        }
        // A deep limit: zero subtrees up to depth 40.
        let bytes = chunks.concat();
        let deep = 1u64 << 40;
        assert_eq!(
            peam_ssz_types::merkle::merkleize_packed_with::<Toy>(&bytes, deep),
            merkleize(&chunks, deep),
            "{n} at depth 40"
        );
        for recursion_left in [false, true] {
            let expected = progressive(&chunks, 1, recursion_left);
            let (got, packed) = if recursion_left {
                (
                    merkleize_progressive_with::<Toy, V1_6>(&chunks),
                    merkleize_progressive_packed_with::<Toy, V1_6>(&bytes),
                )
            } else {
                (
                    merkleize_progressive_with::<Toy, V1_7>(&chunks),
                    merkleize_progressive_packed_with::<Toy, V1_7>(&bytes),
                )
            };
            assert_eq!(got, expected, "progressive {n} {recursion_left}");
            assert_eq!(packed, expected, "progressive packed {n} {recursion_left}");
        }
    }
    // Packed bytes whose last chunk is partial.
    let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
    assert_eq!(
        merkleize_packed_with::<Toy>(&bytes, 64),
        merkleize(&pack(&bytes), 64)
    );
    let r = rng.array::<32>();
    assert_eq!(mix_in_length_with::<Toy>(&r, 300), mix_in_length(&r, 300));
}

#[test]
fn roots_of_derived_and_library_types_follow_the_chosen_hasher() {
    for (seed, n) in [(1, 0), (2, 1), (3, 5), (4, 300)] {
        let p = plain(seed, n);
        let s = state(&p);
        let fields = state_fields_ref(&p);
        let root = hash_tree_root_with::<Toy, _>(&s);
        assert_eq!(root, state_ref(&p), "state of {n} validators");
        // Field by field, so that a mismatch names its type.
        assert_eq!(hash_tree_root_with::<Toy, _>(&s.validators), fields[1]);
        assert_eq!(hash_tree_root_with::<Toy, _>(&s.balances), fields[2]);
        assert_eq!(hash_tree_root_with::<Toy, _>(&s.roots), fields[3]);
        assert_eq!(hash_tree_root_with::<Toy, _>(&s.bits), fields[4]);
        assert_eq!(hash_tree_root_with::<Toy, _>(&s.progressive), fields[5]);
        // Outside the closure, and inside `with_hasher::<Sha256>`, the
        // default SHA-256 roots.
        assert!(sha256_in_use());
        let sha = s.hash_tree_root();
        assert_ne!(sha, root);
        assert_eq!(hash_tree_root_with::<Sha256, _>(&s), sha);
        assert_eq!(
            with_hasher::<Toy, _>(|| with_hasher::<Sha256, _>(|| s.hash_tree_root())),
            sha
        );
    }
}

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
enum Choice {
    Empty,
    Number(u64),
}

#[test]
fn optional_and_one_block_values_follow_the_chosen_hasher() {
    let none: Option<u64> = None;
    assert_eq!(hash_tree_root_with::<Toy, _>(&none), h(&[0; 32], &[0; 32]));
    let some = Some(9u64);
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&some),
        h(&chunk(&9u64.to_le_bytes()), &chunk(&[1]))
    );
    // A derived union's `None`, and its other variants, likewise.
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&Choice::Empty),
        h(&[0; 32], &[0; 32])
    );
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&Choice::Empty),
        Toy::zero_hash(1)
    );
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&Choice::Number(9)),
        h(&chunk(&9u64.to_le_bytes()), &chunk(&[1]))
    );
    assert_eq!(
        Choice::Empty.hash_tree_root(),
        peam_ssz_types::merkle::ZERO_HASHES[1]
    );
    let key = Bytes48::from([0x5a; 48]);
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&key),
        merkleize(&pack(&[0x5a; 48]), 2)
    );
    // Byte vectors of 33 to 64 bytes in a list: their blocks are hashed in
    // one batch.
    let keys: Vec<Bytes48> = (0..40u8).map(|i| Bytes48::from([i; 48])).collect();
    let roots: Vec<Root> = (0..40u8).map(|i| merkleize(&pack(&[i; 48]), 2)).collect();
    let list = List::<Bytes48, U<64>>::try_from(keys).unwrap();
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&list),
        mix_in_length(&merkleize(&roots, 64), 40)
    );
}

#[test]
#[cfg_attr(
    target_family = "wasm",
    ignore = "wasm32-wasip1 has no threads and aborts on panic"
)]
fn the_choice_is_per_thread_and_undone_on_panic() {
    let p = plain(11, 50);
    let s = state(&p);
    let sha = s.hash_tree_root();
    let toy = state_ref(&p);
    std::thread::scope(|scope| {
        let other = scope.spawn(|| (0..20).all(|_| s.hash_tree_root() == sha));
        for _ in 0..20 {
            assert_eq!(hash_tree_root_with::<Toy, _>(&s), toy);
        }
        assert!(other.join().unwrap(), "another thread saw the toy hasher");
    });
    let caught = std::panic::catch_unwind(|| {
        with_hasher::<Toy, ()>(|| {
            assert!(!sha256_in_use());
            panic!("inside the closure")
        })
    });
    assert!(caught.is_err());
    assert!(sha256_in_use());
    assert_eq!(s.hash_tree_root(), sha);
}

#[test]
fn cached_roots_are_kept_for_sha256_only() {
    let mut rng = Rng(5);
    let v = validator(&mut rng, 4);
    let cached = Cached::new(v.clone());
    assert_eq!(hash_tree_root_with::<Toy, _>(&cached), validator_ref(&v));
    assert_eq!(cached.cached_root(), None, "a toy root is not stored");
    let sha = cached.hash_tree_root();
    assert_eq!(sha, v.hash_tree_root());
    assert_eq!(cached.cached_root(), Some(sha));
    assert_eq!(hash_tree_root_with::<Toy, _>(&cached), validator_ref(&v));
}

// ------------------------------------------------------------ proofs

/// The node of `balance` of validator `i` in `State`: field 1 (depth 3),
/// the data tree (2), element `i` (depth 10), field 2 (depth 3).
fn validator_balance_gindex(i: u128) -> Gindex {
    let at = |depth, pos| Gindex::at(depth, pos).unwrap();
    at(3, 1)
        .concat(at(1, 0))
        .and_then(|g| g.concat(at(10, i)))
        .and_then(|g| g.concat(at(3, 2)))
        .unwrap()
}

#[test]
fn proofs_with_a_second_hasher_verify_against_the_reference_root() {
    let p = plain(21, 40);
    let s = state(&p);
    let root = state_ref(&p);
    for i in [0usize, 7, 39] {
        let g = validator_balance_gindex(i as u128);
        let proof = prove_with::<Toy, _>(&s, g).unwrap();
        assert_eq!(proof.leaf, chunk(&p.validators[i].balance.to_le_bytes()));
        assert_eq!(proof.verify_with::<Toy>(&root), Ok(()));
        assert_eq!(
            calculate_merkle_root_with::<Toy, _>(&proof.leaf, &proof.branch, g),
            Ok(root)
        );
        // The same nodes do not make a SHA-256 root, and the SHA-256 proof
        // is another one.
        assert!(proof.verify(&root).is_err());
        let sha = prove(&s, g).unwrap();
        assert_ne!(sha.branch, proof.branch);
        assert_eq!(sha.verify(&s.hash_tree_root()), Ok(()));
    }
    // Several nodes at once: a balance, the slot, the balances' length.
    let indices = [
        validator_balance_gindex(3),
        Gindex::at(3, 0).unwrap(),
        Gindex::at(3, 2)
            .unwrap()
            .concat(Gindex::at(1, 1).unwrap())
            .unwrap(),
    ];
    let multi = prove_multi_with::<Toy, _>(&s, &indices).unwrap();
    assert_eq!(
        multi.leaves,
        vec![
            chunk(&p.validators[3].balance.to_le_bytes()),
            chunk(&p.slot.to_le_bytes()),
            chunk(&(p.balances.len() as u64).to_le_bytes()),
        ]
    );
    assert_eq!(multi.verify_with::<Toy>(&root), Ok(()));
    assert!(verify_merkle_multiproof_with::<Toy, _, _>(
        &multi.leaves,
        &multi.proof,
        &multi.indices,
        &root
    ));
    assert!(multi.verify(&root).is_err());
    // The same proof read as a partial value under the toy hasher, with a
    // composite value (a pubkey, two chunks) checked against its node.
    let pubkey = Gindex::at(3, 1)
        .unwrap()
        .concat(Gindex::at(1, 0).unwrap())
        .and_then(|g| g.concat(Gindex::at(10, 3).unwrap()))
        .and_then(|g| g.concat(Gindex::at(3, 0).unwrap()))
        .unwrap();
    let mut with_key = indices.to_vec();
    with_key.extend([0, 1].map(|i| pubkey.concat(Gindex::at(1, i).unwrap()).unwrap()));
    let partial = Partial::<State, Toy>::from_multiproof_with(
        &prove_multi_with::<Toy, _>(&s, &with_key).unwrap(),
    )
    .unwrap();
    assert_eq!(partial.root(), root);
    assert_eq!(partial.get::<u64>("slot"), Ok(p.slot));
    assert_eq!(
        partial.get::<u64>("validators[3].balance"),
        Ok(p.validators[3].balance)
    );
    assert_eq!(
        partial.get::<Bytes48>("validators[3].pubkey"),
        Ok(p.validators[3].pubkey)
    );
    assert_eq!(
        Partial::<State>::from_multiproof(&multi).map(|x| x.root() == root),
        Ok(false)
    );
    let singles: Vec<_> = indices[..2]
        .iter()
        .map(|&g| prove_with::<Toy, _>(&s, g).unwrap())
        .collect();
    let partial = Partial::<State, Toy>::from_proofs_with(&singles).unwrap();
    assert_eq!(partial.verify(&root), Ok(()));
    assert_eq!(partial.get::<u64>("slot"), Ok(p.slot));
    assert_eq!(
        prove_multi(&s, &indices)
            .unwrap()
            .verify(&s.hash_tree_root()),
        Ok(())
    );
}

// ------------------------------------------------------------ persistent trees

#[test]
fn persistent_lists_root_incrementally_with_their_hasher() {
    let mut rng = Rng(31);
    let mut values: Vec<Validator> = (0..200).map(|i| validator(&mut rng, i)).collect();
    let mut list = PersistentList::<Validator, U<1024>, Toy>::try_from(values.clone()).unwrap();
    assert_eq!(list.hash_tree_root(), validators_ref(&values, 1024));
    // Updates after a root: only their paths are rehashed.
    for i in [0usize, 17, 199] {
        list.update(i, |v| v.balance += 1).unwrap();
        values[i].balance += 1;
    }
    let extra = validator(&mut rng, 999);
    list.push(extra.clone()).unwrap();
    values.push(extra);
    assert_eq!(list.hash_tree_root(), validators_ref(&values, 1024));
    // A clone shares the tree; changing it leaves the original's root.
    let before = values.clone();
    let mut next = list.clone();
    next.set(5, validator(&mut rng, 5)).unwrap();
    let mut after = values.clone();
    after[5] = next[5].clone();
    next.pop();
    after.pop();
    assert_eq!(next.hash_tree_root(), validators_ref(&after, 1024));
    assert_eq!(list.hash_tree_root(), validators_ref(&before, 1024));
    // Under any thread choice, the list answers with its own hasher; its
    // proofs come from the cached Toy tree.
    assert_eq!(
        hash_tree_root_with::<Sha256, _>(&list),
        validators_ref(&before, 1024)
    );
    let g = Gindex::at(1, 0)
        .unwrap()
        .concat(Gindex::at(10, 17).unwrap())
        .and_then(|g| g.concat(Gindex::at(3, 2).unwrap()))
        .unwrap();
    let proof = prove(&list, g).unwrap();
    assert_eq!(proof.leaf, chunk(&before[17].balance.to_le_bytes()));
    assert_eq!(
        proof.verify_with::<Toy>(&validators_ref(&before, 1024)),
        Ok(())
    );

    // Basic elements: packed chunks, at a limit of 2^20.
    let mut balances: Vec<u64> = (0..5000).map(|_| rng.next()).collect();
    let mut plist = PersistentList::<u64, U<{ 1 << 20 }>, Toy>::try_from(balances.clone()).unwrap();
    assert_eq!(plist.hash_tree_root(), balances_ref(&balances, 1 << 20));
    let mut cloned = plist.clone();
    for i in [3usize, 1000, 4999] {
        *plist.get_mut(i).unwrap() ^= 0xff;
        balances[i] ^= 0xff;
    }
    plist.truncate(4500);
    balances.truncate(4500);
    assert_eq!(plist.hash_tree_root(), balances_ref(&balances, 1 << 20));
    cloned.update_all(|i, v| *v = i as u64);
    let all: Vec<u64> = (0..5000).collect();
    assert_eq!(cloned.hash_tree_root(), balances_ref(&all, 1 << 20));

    // Inside a derived container, rooted with the same hasher.
    #[derive(Ssz, TreeHash)]
    struct Holder {
        slot: u64,
        validators: PersistentList<Validator, U<1024>, Toy>,
    }
    let holder = Holder {
        slot: 3,
        validators: list.clone(),
    };
    assert_eq!(
        hash_tree_root_with::<Toy, _>(&holder),
        merkleize(
            &[chunk(&3u64.to_le_bytes()), validators_ref(&before, 1024)],
            2
        )
    );
}

#[test]
fn persistent_vectors_and_progressive_lists_root_with_their_hasher() {
    let mut rng = Rng(41);
    let mut roots: Vec<[u8; 32]> = (0..64).map(|_| rng.array::<32>()).collect();
    let as_bytes = |r: &[[u8; 32]]| r.iter().map(|&x| Bytes32::from(x)).collect::<Vec<_>>();
    let mut vector = PersistentVector::<Bytes32, U<64>, Toy>::try_from(as_bytes(&roots)).unwrap();
    assert_eq!(vector.hash_tree_root(), merkleize(&roots, 64));
    let snapshot = vector.clone();
    vector.set(9, Bytes32::from([1; 32])).unwrap();
    roots[9] = [1; 32];
    assert_eq!(vector.hash_tree_root(), merkleize(&roots, 64));
    assert_ne!(snapshot.hash_tree_root(), vector.hash_tree_root());

    let mut values: Vec<u64> = (0..300).map(|_| rng.next()).collect();
    let mut list: PersistentProgressiveList<u64, V1_7, Unbounded, Toy> = values.clone().into();
    let expected = |v: &[u64]| mix_in_length(&progressive(&pack_u64s(v), 1, false), v.len());
    assert_eq!(list.hash_tree_root(), expected(&values));
    let mut next = list.clone();
    next.update(250, |v| *v = 1).unwrap();
    next.push(77);
    let mut changed = values.clone();
    changed[250] = 1;
    changed.push(77);
    assert_eq!(next.hash_tree_root(), expected(&changed));
    list.set(0, 5).unwrap();
    values[0] = 5;
    assert_eq!(list.hash_tree_root(), expected(&values));

    let validators: Vec<Validator> = (0..30).map(|i| validator(&mut rng, i)).collect();
    let vlist: PersistentProgressiveList<Validator, V1_6, Unbounded, Toy> =
        validators.clone().into();
    let leaves: Vec<Root> = validators.iter().map(validator_ref).collect();
    assert_eq!(
        vlist.hash_tree_root(),
        mix_in_length(&progressive(&leaves, 1, true), validators.len())
    );
}
