//! Heap bytes per element of a 1M-validator list: plain `List`, persistent
//! (cached tree built), and what a clone plus a 1% update adds; the same for
//! milhouse 0.9. Counted by a global allocator that tracks live bytes.
//!
//! Usage: `cargo run --release -p benches --bin memory`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use benches::{incremental as inc, ours, random_validators, Rng};
use peam_ssz_types::TreeHash;
use tree_hash::TreeHash as _;

/// The system allocator, counting live bytes.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded to `System` with the same arguments; the
// counter only observes sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout` (above).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

const N: usize = 1_000_000;

fn per(bytes: isize) -> f64 {
    bytes as f64 / N as f64
}

fn main() {
    let data = random_validators(N, 21);
    let mut rng = Rng::new(7);
    let pct: Vec<usize> = (0..N / 100).map(|_| rng.below(N as u64) as usize).collect();

    let base = live();
    let plain = ours::validators(&data);
    let plain_bytes = live() - base;
    let plain_root = plain.hash_tree_root();
    drop(plain);

    let base = live();
    let list = inc::validators(&data);
    let elements = live() - base;
    assert!(list.hash_tree_root() == plain_root, "roots differ");
    let cached = live() - base;
    let mut next = list.clone();
    for &i in &pct {
        next.update(i, |v| v.exit_epoch = 5)
            .expect("an index in range");
    }
    let _ = next.hash_tree_root();
    let after_clone = live() - base - cached;
    drop((list, next));

    let (m_built, m_cached, m_after) = milhouse::<inc::MilhouseValidators>(&data, &pct);
    let (b_built, b_cached, b_after) = milhouse::<inc::MilhouseValidatorsBTree>(&data, &pct);

    println!(
        "heap bytes per element, 1M fulu validators (size_of Validator = {})",
        std::mem::size_of::<beacon_types::beacon::fulu::Validator>()
    );
    println!("| | bytes/element |");
    println!("|---|---|");
    println!("| `List` (plain Vec) | {:.1} |", per(plain_bytes));
    println!(
        "| `PersistentList`, elements only (decoded, no root yet) | {:.1} |",
        per(elements)
    );
    println!("| `PersistentList`, tree cached | {:.1} |", per(cached));
    println!(
        "| clone + 1% update + re-root, added | {:.1} |",
        per(after_clone)
    );
    println!("| milhouse `List`, built | {:.1} |", per(m_built));
    println!("| milhouse `List`, hashed | {:.1} |", per(m_cached));
    println!(
        "| milhouse clone + 1% update + re-root, added | {:.1} |",
        per(m_after)
    );
    println!(
        "| milhouse `List` (`BTreeMap` updates), built | {:.1} |",
        per(b_built)
    );
    println!(
        "| milhouse `List` (`BTreeMap` updates), hashed | {:.1} |",
        per(b_cached)
    );
    println!(
        "| milhouse (`BTreeMap` updates) clone + 1% update + re-root, added | {:.1} |",
        per(b_after)
    );
}

/// milhouse's list in the configuration `L`: the bytes built, hashed, and
/// what a clone with the updates at `pct` adds once re-rooted.
fn milhouse<L>(data: &[benches::ValidatorData], pct: &[usize]) -> (isize, isize, isize)
where
    L: MilhouseList,
{
    let base = live();
    let list = L::build(data);
    let built = live() - base;
    let _ = list.root();
    let cached = live() - base;
    let mut next = list.clone();
    next.exit(pct);
    let _ = next.root();
    let after = live() - base - cached;
    drop((list, next));
    (built, cached, after)
}

/// The two milhouse configurations, for [`milhouse`].
trait MilhouseList: Clone {
    fn build(data: &[benches::ValidatorData]) -> Self;
    fn exit(&mut self, pct: &[usize]);
    fn root(&self) -> [u8; 32];
}

impl<M> MilhouseList
    for milhouse::List<benches::peers::lighthouse::Validator, ssz_types::typenum::U1099511627776, M>
where
    M: milhouse::UpdateMap<benches::peers::lighthouse::Validator> + Clone,
{
    fn build(data: &[benches::ValidatorData]) -> Self {
        inc::milhouse_validators(data)
    }

    fn exit(&mut self, pct: &[usize]) {
        for &i in pct {
            if let Some(v) = self.get_mut(i) {
                v.exit_epoch = 5;
            }
        }
        self.apply_updates().expect("milhouse applies its updates");
    }

    fn root(&self) -> [u8; 32] {
        self.tree_hash_root().0
    }
}
