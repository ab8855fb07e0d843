//! A counting global allocator, and the heap a decode may take.
//!
//! A test binary installs the allocator with
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;
//! ```
//!
//! and measures a call with [`measure`]. The counters are per thread, so
//! tests running on other threads do not disturb a measurement.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Heap bytes a decode may take per input byte.
///
/// Why 8: the largest honest ratio of memory to encoding is a list of empty
/// variable-size values, where a 4-byte offset decodes into a 24-byte `Vec`
/// header (6x), or a 5-byte bitlist (offset and delimiter byte) into a
/// 32-byte `Bitlist` and its 1-byte buffer (6.4x). A decoder that reserves
/// room from a count it has not checked against the input, keeps a second
/// copy, or over-allocates as it grows goes past 8x.
pub const BOUND_FACTOR: usize = 8;

/// Heap bytes a decode may take on top, for small inputs, where one
/// allocation (an error's path, about 100 bytes) dominates.
pub const BOUND_SLACK: usize = 1024;

/// The bound on the live heap growth while decoding `len` bytes, whether
/// the decode succeeds or fails: `8 * len + 1 KiB`.
pub const fn decode_bound(len: usize) -> usize {
    BOUND_FACTOR * len + BOUND_SLACK
}

/// The rule of [`decode_bound`], for messages.
pub const DECODE_BOUND_RULE: &str = "8 * len + 1 KiB";

/// A global allocator that forwards to [`System`] and counts, per thread,
/// the live bytes, their peak, the bytes of every allocation, and the
/// allocations.
pub struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
    static TOTAL: Cell<usize> = const { Cell::new(0) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn grow(n: usize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + n;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
    let _ = TOTAL.try_with(|total| total.set(total.get() + n));
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

fn shrink(n: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(n)));
}

// SAFETY: every method forwards to `System` with the caller's arguments, so
// `System` upholds the `GlobalAlloc` contract; the counters are thread-local
// `Cell`s with constant initialisers and no destructor, so touching them
// never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded from the caller, who upholds `alloc`'s contract.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded from the caller, who upholds `alloc_zeroed`'s
        // contract.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded from the caller, who upholds `dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) };
        shrink(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded from the caller, who upholds `realloc`'s contract.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Counted as a move: the new block is live before the old one is
            // freed, the worst case of a reallocation.
            grow(new_size);
            shrink(layout.size());
        }
        p
    }
}

/// What a measured call took on its thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The highest live heap above the level before the call.
    pub peak: usize,
    /// The heap still held when the call returned (by its result).
    pub retained: usize,
    /// The bytes of every allocation made during the call.
    pub total: usize,
    /// The allocations (and reallocations) made during the call.
    pub allocations: usize,
}

/// Calls `f` and measures the heap it takes on this thread, with its result
/// still alive (so [`Usage::retained`] is what the result holds). Counts
/// only when [`Counting`] is the global allocator; zero otherwise.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let total = TOTAL.with(Cell::get);
    let allocations = ALLOCATIONS.with(Cell::get);
    let result = f();
    let usage = Usage {
        peak: PEAK.with(Cell::get) - base,
        retained: LIVE.with(Cell::get).saturating_sub(base),
        total: TOTAL.with(Cell::get) - total,
        allocations: ALLOCATIONS.with(Cell::get) - allocations,
    };
    (result, usage)
}
