//! The heap each path takes with a 1M-validator fulu state (mainnet): its
//! root from the bytes through a view against decoding and rooting; the
//! state written into a file through a writer against `to_ssz` plus
//! `write_all`; and read from the file through a reader against `fs::read`
//! plus `from_ssz`. Peaks are counted by a global allocator, above what is
//! live before each path runs.
//!
//! Usage: `cargo run --release -p benches --bin bytes_memory`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicIsize, Ordering};

use benches::{ours, random_validators};
use peam_ssz_types::view::{view, View};
use peam_ssz_types::{Ssz, TreeHash};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn grew(by: isize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` with the same arguments; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size() as isize);
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout` (above).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size as isize - layout.size() as isize);
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The peak of live bytes while `f` runs, above those live before it, and
/// what it returns.
fn peak<R>(f: impl FnOnce() -> R) -> (f64, R) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = f();
    let mib = (PEAK.load(Ordering::Relaxed) - base) as f64 / (1024.0 * 1024.0);
    (mib, r)
}

fn main() {
    let validators = random_validators(1_000_000, 9);
    let state = ours::beacon_state(&validators, 10);
    drop(validators);
    let bytes = state.to_ssz();
    let encoded = bytes.len() as f64 / (1024.0 * 1024.0);
    let (value, decoded) = peak(|| ours::State::from_ssz(&bytes).unwrap());
    drop(decoded);
    println!("1M-validator fulu state: {encoded:.1} MiB encoded; decoding it takes {value:.1} MiB");
    println!("| path | peak heap (MiB) |");
    println!("|---|---|");

    let (p, root) = peak(|| view::<ours::State>(&bytes).unwrap().hash_tree_root());
    assert_eq!(root, state.hash_tree_root());
    println!("| root from the bytes (view) | {p:.2} |");
    let (p, _) = peak(|| ours::State::from_ssz(&bytes).unwrap().hash_tree_root());
    println!("| decode, then root | {p:.1} |");
    let (p, _) = peak(|| state.hash_tree_root());
    println!("| root of the decoded value | {p:.1} |");

    let path = std::env::temp_dir().join("peam-bytes-memory.ssz");
    let (p, _) = peak(|| {
        let file = std::fs::File::create(&path).unwrap();
        peam_ssz_types::stream::write(&state, std::io::BufWriter::new(file)).unwrap()
    });
    println!("| write into a file through a writer | {p:.2} |");
    let (p, _) = peak(|| {
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&state.to_ssz()).unwrap()
    });
    println!("| `to_ssz`, then `write_all` | {p:.1} |");
    drop(state);
    let (p, read) = peak(|| {
        let file = std::fs::File::open(&path).unwrap();
        let len = file.metadata().unwrap().len() as usize;
        peam_ssz_types::stream::read::<ours::State>(std::io::BufReader::new(file), len).unwrap()
    });
    println!("| read from a file through a reader | {p:.1} (the value: {value:.1}) |");
    drop(read);
    let (p, _) = peak(|| ours::State::from_ssz(&std::fs::read(&path).unwrap()).unwrap());
    println!("| `fs::read`, then `from_ssz` | {p:.1} |");
    let _ = std::fs::remove_file(&path);
}
