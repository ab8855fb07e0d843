//! A beacon-like container on a bare-metal target: derived `Ssz` and
//! `TreeHash`, round-tripped and hashed with no `std`.

#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicUsize, Ordering};
use peam_ssz_types::{
    Bitlist, Bitvector, Bytes32, Bytes48, List, ProgressiveBitlist, ProgressiveList, Ssz, TreeHash,
    Vector, U,
};

/// `Validator` of the phase 0 beacon chain (specs/phase0/beacon-chain.md).
#[derive(Debug, PartialEq, Eq, Clone, Ssz, TreeHash)]
pub struct Validator {
    pub pubkey: Bytes48,
    pub withdrawal_credentials: Bytes32,
    pub effective_balance: u64,
    pub slashed: bool,
    pub activation_eligibility_epoch: u64,
    pub activation_epoch: u64,
    pub exit_epoch: u64,
    pub withdrawable_epoch: u64,
}

/// A state-like container: lists, vectors, bitfields and progressive lists.
#[derive(Debug, PartialEq, Eq, Ssz, TreeHash)]
pub struct State {
    pub slot: u64,
    pub block_roots: Vector<Bytes32, U<8>>,
    pub validators: List<Validator, U<{ 1 << 20 }>>,
    pub balances: List<u64, U<{ 1 << 20 }>>,
    pub justification_bits: Bitvector<U<4>>,
    pub aggregation_bits: Bitlist<U<2048>>,
    pub progressive_balances: ProgressiveList<u64>,
    pub progressive_bits: ProgressiveBitlist,
}

/// Builds a state, encodes it, decodes it back and returns its root; zeros
/// if the round trip differs. Exported so that the whole path is compiled
/// and linked for the target.
///
/// # Safety
///
/// `out` is null or points to 32 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn peam_ssz_nostd_root(out: *mut [u8; 32]) {
    let root = round_trip_root().unwrap_or([0; 32]);
    if !out.is_null() {
        // SAFETY: the caller passes a pointer to 32 writable bytes (or null,
        // checked above).
        unsafe { out.write(root) };
    }
}

fn round_trip_root() -> Option<[u8; 32]> {
    let validator = Validator {
        pubkey: Bytes48::from([1; 48]),
        withdrawal_credentials: Bytes32::from([2; 32]),
        effective_balance: 32_000_000_000,
        slashed: false,
        activation_eligibility_epoch: 0,
        activation_epoch: 0,
        exit_epoch: u64::MAX,
        withdrawable_epoch: u64::MAX,
    };
    let mut progressive_balances = ProgressiveList::<u64>::new();
    for i in 0..20u64 {
        progressive_balances.push(i);
    }
    let state = State {
        slot: 7,
        block_roots: Vector::try_from(alloc::vec![Bytes32::from([3; 32]); 8]).ok()?,
        validators: List::try_from(alloc::vec![validator; 3]).ok()?,
        balances: List::try_from((0..5u64).collect::<Vec<_>>()).ok()?,
        justification_bits: Bitvector::from_bools(&[true, false, true, false]).ok()?,
        aggregation_bits: Bitlist::from_bools(&[true, true, false]).ok()?,
        progressive_balances,
        progressive_bits: ProgressiveBitlist::from_bools(&[true, false, true]),
    };
    let bytes = state.to_ssz();
    let decoded = State::from_ssz(&bytes).ok()?;
    (decoded == state).then(|| decoded.hash_tree_root())
}

/// A bump allocator over a static arena, enough for the check (memory is
/// never reused).
struct Bump {
    arena: UnsafeCell<[u8; ARENA]>,
    next: AtomicUsize,
}

const ARENA: usize = 64 * 1024;

// SAFETY: `alloc` hands out disjoint ranges of the arena, claimed with an
// atomic compare-and-swap, so no two threads ever touch the same bytes
// through it.
unsafe impl Sync for Bump {}

// SAFETY: every returned pointer is aligned to `layout.align()`, points to
// `layout.size()` bytes inside the arena that no other allocation holds
// (the claimed range only ever grows), or is null when the arena is full.
unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let base = self.arena.get().cast::<u8>() as usize;
        let mut next = self.next.load(Ordering::Relaxed);
        loop {
            let Some(start) = (base + next).checked_next_multiple_of(layout.align()) else {
                return core::ptr::null_mut();
            };
            let end = start - base + layout.size();
            if end > ARENA {
                return core::ptr::null_mut();
            }
            match self
                .next
                .compare_exchange_weak(next, end, Ordering::Relaxed, Ordering::Relaxed)
            {
                // SAFETY: `start - base + size <= ARENA`, so the range is
                // inside the arena.
                Ok(_) => return unsafe { self.arena.get().cast::<u8>().add(start - base) },
                Err(current) => next = current,
            }
        }
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOCATOR: Bump = Bump {
    arena: UnsafeCell::new([0; ARENA]),
    next: AtomicUsize::new(0),
};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
