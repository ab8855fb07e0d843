//! Hints that bring a node's cache lines in before a pass reads them.

use alloc::sync::Arc;

/// Asks for the cache line of `value`, which the caller reads soon: a
/// hint, with no effect on what the program does.
#[inline(always)]
pub(super) fn prefetch<V>(value: &V) {
    prefetch_at((value as *const V).cast());
}

/// Asks for the cache line where `arc`'s counts lie, just before its
/// value (as `Arc` lays them out today; were that to change, the hint
/// would ask for a line nearby, which is harmless), and the value's first
/// line: what an `Arc::clone` or `Arc::make_mut` of it writes first.
#[inline(always)]
pub(super) fn prefetch_arc<V>(arc: &Arc<V>) {
    let at = Arc::as_ptr(arc).cast::<u8>();
    prefetch_at(at.wrapping_sub(2 * core::mem::size_of::<usize>()));
    prefetch_at(at);
}

/// Asks for every cache line of `value`.
#[inline(always)]
pub(super) fn prefetch_all<V>(value: &V) {
    let at = (value as *const V).cast::<u8>();
    for off in (0..core::mem::size_of::<V>()).step_by(64) {
        prefetch_at(at.wrapping_add(off));
    }
}

/// Asks for the cache line of the address `at`, which need not be valid
/// (nothing is read through it).
#[inline(always)]
fn prefetch_at(at: *const u8) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: `prefetcht0` is a hint that never faults and reads
        // nothing into the program, whatever the address (x86-64 has SSE,
        // which the intrinsic needs, on every CPU).
        unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = at;
}
