//! The peak heap of Merkle proofs into the 1M-validator fulu state: a
//! counting allocator records the bytes live at once, above what the state
//! itself holds, while one proof (and one multiproof of 64 leaves) is made.
//!
//! Usage: `cargo run --release -p benches --bin proof_memory`.
//!
//! It also prints the median wall time of 5 calls of each, a rough figure
//! beside the criterion group `proofs/` of the `ssz` bench.
//!
//! The proof reaches `validators[i].effective_balance` through the
//! registry, a list whose limit is 2^40: a tree built out to the limit
//! would take 2^41 nodes (64 TiB); the proof allocates for the elements
//! present plus the depth.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use benches::{ours, random_validators};
use peam_ssz_types::proof::{prove, prove_multi};
use peam_ssz_types::{Gindex, TreeHash};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` with the same arguments, so
// the allocator's contract is `System`'s; the counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `alloc` above with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of bytes live while `f` runs, above those live before it.
fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = f();
    (r, PEAK.load(Ordering::Relaxed) - base)
}

/// `concat(at(depth, position) ...)`.
fn gindex(steps: &[(u32, u128)]) -> Gindex {
    steps
        .iter()
        .try_fold(Gindex::ROOT, |g, &(depth, position)| {
            g.concat(Gindex::at(depth, position)?)
        })
        .expect("the indices fit")
}

/// `validators[i].effective_balance` in a fulu `BeaconState`: field 11 of
/// 38 (6 levels), the registry's data (2^40 leaves), field 2 of the
/// `Validator`'s 8 (3 levels).
fn effective_balance(i: usize) -> Gindex {
    gindex(&[(6, 11), (1, 0), (40, i as u128), (3, 2)])
}

/// The median wall time of 5 calls of `f`, in milliseconds.
fn median_ms<R>(mut f: impl FnMut() -> R) -> f64 {
    let mut times: Vec<f64> = (0..5)
        .map(|_| {
            let start = std::time::Instant::now();
            std::hint::black_box(f());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[2]
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn main() {
    let validators = random_validators(1_000_000, 9);
    let state = ours::beacon_state(&validators, 10);
    drop(validators);
    let root = state.hash_tree_root();
    let state_bytes = LIVE.load(Ordering::Relaxed);

    let i = 777_777;
    let (proof, peak) = peak_during(|| prove(&state, effective_balance(i)).expect("exists"));
    assert_eq!(
        proof.leaf,
        state.validators[i].effective_balance.hash_tree_root()
    );
    proof.verify(&root).expect("verifies");
    println!(
        "state of 1M validators: {:.1} MiB on the heap",
        mib(state_bytes)
    );
    println!(
        "proof of validators[{i}].effective_balance (depth {}): peak heap {:.2} MiB above the state",
        proof.leaf_index.depth(),
        mib(peak)
    );

    let many: Vec<Gindex> = (0..64)
        .map(|k| effective_balance(k * 15_625 + 11))
        .collect();
    let (multi, peak) = peak_during(|| prove_multi(&state, &many).expect("exist"));
    multi.verify(&root).expect("verifies");
    println!(
        "multiproof of 64 effective balances ({} helpers): peak heap {:.2} MiB above the state",
        multi.proof.len(),
        mib(peak)
    );
    println!(
        "median of 5: prove {:.2} ms, prove_multi(64) {:.2} ms, verify {:.4} ms, verify multi {:.3} ms, hash_tree_root {:.1} ms",
        median_ms(|| prove(&state, effective_balance(i)).expect("exists")),
        median_ms(|| prove_multi(&state, &many).expect("exist")),
        median_ms(|| proof.verify(&root).expect("verifies")),
        median_ms(|| multi.verify(&root).expect("verifies")),
        median_ms(|| state.hash_tree_root()),
    );
}
