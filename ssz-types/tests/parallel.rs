//! Configuration for the current thread against the `parallel` feature:
//! a hasher chosen with `with_hasher` roots every part of a value that
//! rayon hashes on its other threads, and a maximum set with `with_max`
//! bounds a decode of a value big enough that its root goes parallel
//! (decoding itself stays on the calling thread). Work a closure hands to
//! other threads itself sees neither: each function's docs say so, and the
//! last tests here show it.

use peam_ssz_types::hasher::{with_hasher, Hasher, LazyZeroHashes, Sha256};
use peam_ssz_types::{
    with_max, Bytes32, DecodeErrorKind, List, Root, RuntimeMax, Ssz, TreeHash, U,
};
use std::collections::HashSet;
use std::sync::Mutex;
use std::thread::ThreadId;

/// SHA-256 with the first byte of every parent flipped: roots unlike
/// SHA-256's, and each thread that hashes with it is recorded.
struct Marked;

static MARKED_ZEROS: LazyZeroHashes<Marked> = LazyZeroHashes::new();
static MARKED_THREADS: Mutex<Option<HashSet<ThreadId>>> = Mutex::new(None);

fn record() {
    let id = std::thread::current().id();
    MARKED_THREADS
        .lock()
        .unwrap()
        .get_or_insert_with(HashSet::new)
        .insert(id);
}

impl Hasher for Marked {
    fn hash_pair(left: &Root, right: &Root) -> Root {
        record();
        let mut root = Sha256::hash_pair(left, right);
        root[0] ^= 0xff;
        root
    }

    fn hash_nodes(input: &[[u8; 64]], out: &mut [Root]) {
        record();
        Sha256::hash_nodes(input, out);
        for root in out {
            root[0] ^= 0xff;
        }
    }

    fn zero_hash(level: usize) -> Root {
        MARKED_ZEROS.get(level)
    }
}

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Validator {
    index: u64,
    root: Bytes32,
    balances: List<u64, U<16>>,
}

/// Far above the 256 composite elements from which element roots are
/// computed on several threads.
const VALIDATORS: usize = 4096;

fn validators() -> List<Validator, U<8192>> {
    let all: Vec<Validator> = (0..VALIDATORS as u64)
        .map(|i| Validator {
            index: i,
            root: Bytes32::from([(i % 251) as u8; 32]),
            balances: List::try_from(vec![i; (i % 5) as usize]).unwrap(),
        })
        .collect();
    List::try_from(all).unwrap()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn a_chosen_hasher_roots_the_parts_hashed_on_other_threads() {
    let list = validators();
    // Basic leaves too: 2^17 chunks, hashed in blocks across the threads.
    let basic: List<u64, U<{ 1 << 20 }>> =
        List::try_from((0..1u64 << 19).collect::<Vec<_>>()).unwrap();

    // One thread: every hash on the calling thread, under the choice.
    let sequential = pool(1)
        .install(|| with_hasher::<Marked, _>(|| (list.hash_tree_root(), basic.hash_tree_root())));
    MARKED_THREADS.lock().unwrap().take();
    let caller = std::thread::current().id();
    let parallel = pool(4)
        .install(|| with_hasher::<Marked, _>(|| (list.hash_tree_root(), basic.hash_tree_root())));
    let threads = MARKED_THREADS.lock().unwrap().take().unwrap_or_default();

    // A thread that hashed a part with SHA-256 would change the roots.
    assert_eq!(parallel, sequential);
    assert_ne!(parallel.0, list.hash_tree_root());
    assert_ne!(parallel.1, basic.hash_tree_root());
    // And the work did leave the calling thread.
    assert!(
        threads.iter().any(|t| *t != caller) && threads.len() > 1,
        "hashed on {threads:?} only"
    );
}

/// `max_blobs_per_block` of a chain configuration.
struct MaxBalances;

#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Bounded {
    index: u64,
    balances: List<u64, U<16>, RuntimeMax<MaxBalances, U<16>>>,
}

#[test]
fn a_maximum_bounds_a_decode_of_a_value_that_roots_in_parallel() {
    let mut all: Vec<Bounded> = (0..VALIDATORS as u64)
        .map(|i| Bounded {
            index: i,
            balances: List::try_from(vec![i; 3]).unwrap(),
        })
        .collect();
    all.last_mut().unwrap().balances = List::try_from(vec![7; 5]).unwrap();
    let list: List<Bounded, U<8192>> = List::try_from(all).unwrap();
    let bytes = list.to_ssz();

    pool(4).install(|| {
        let err = with_max::<MaxBalances, _>(4, || List::<Bounded, U<8192>>::from_ssz(&bytes))
            .unwrap_err();
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::ExceedsMaximum { len: 5, max: 4 }
        );
        let decoded = with_max::<MaxBalances, _>(5, || {
            let decoded = List::<Bounded, U<8192>>::from_ssz(&bytes).unwrap();
            // Rooted under the scope, on every thread of the pool.
            assert_eq!(decoded.hash_tree_root(), list.hash_tree_root());
            decoded
        });
        assert_eq!(decoded, list);
    });
}

/// Work that the closure hands to another thread itself runs without the
/// maximum: `with_max` holds on the thread that called it, as documented.
#[test]
fn a_maximum_does_not_follow_work_the_closure_sends_away() {
    let five: List<u64, U<16>> = List::try_from(vec![1; 5]).unwrap();
    let bytes = five.to_ssz();
    type Balances = List<u64, U<16>, RuntimeMax<MaxBalances, U<16>>>;
    let (here, there) = pool(2).install(|| {
        with_max::<MaxBalances, _>(4, || {
            let here = Balances::from_ssz(&bytes).is_ok();
            let there = std::thread::scope(|s| {
                s.spawn(|| Balances::from_ssz(&bytes).is_ok())
                    .join()
                    .unwrap()
            });
            (here, there)
        })
    });
    assert!(!here, "refused on the calling thread");
    assert!(there, "the other thread has no maximum set");
}

/// Likewise a hasher: the choice holds for the crate's own parallel work,
/// not for threads the closure starts.
#[test]
fn a_chosen_hasher_does_not_follow_work_the_closure_sends_away() {
    let list = validators();
    let (here, there) = with_hasher::<Marked, _>(|| {
        let here = list.hash_tree_root();
        let there = std::thread::scope(|s| s.spawn(|| list.hash_tree_root()).join().unwrap());
        (here, there)
    });
    assert_ne!(here, list.hash_tree_root());
    assert_eq!(there, list.hash_tree_root());
}
