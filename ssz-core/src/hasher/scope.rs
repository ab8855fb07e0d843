//! The thread's choice of hasher (with `std`; `None` is SHA-256), and the
//! hash functions "in use": the chosen hasher's, or SHA-256's.
//!
//! Only the storage: the routines put in it are `merkle`'s, compiled for
//! the chosen hasher by [`with_hasher`](crate::hasher::with_hasher).

use super::function::{Hasher, Sha256};
use crate::chunk::Root;

/// Whether `H` is [`Sha256`] (folded by the compiler: both are known).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn is_sha256<H: Hasher>() -> bool {
    core::any::TypeId::of::<H>() == core::any::TypeId::of::<Sha256>()
}

/// A hasher that [`with_hasher`](crate::hasher::with_hasher) can put in use for the functions without
/// a hasher parameter, hence for [`TreeHash`](crate::TreeHash) roots: with
/// `std`, every [`Hasher`]; without it only [`Sha256`], as there is no
/// thread-local to carry another choice.
///
/// The persistent sequences of `peam-ssz-types`, which root their
/// composite elements through `TreeHash`, take their hasher with this
/// bound.
pub trait ScopedHasher: Hasher {}

#[cfg(feature = "std")]
impl<H: Hasher> ScopedHasher for H {}

#[cfg(not(feature = "std"))]
impl ScopedHasher for Sha256 {}

/// Whether roots computed on this thread through the functions without a
/// hasher parameter are SHA-256 ones: `false` only inside [`with_hasher`](crate::hasher::with_hasher)
/// of another hasher. Values that cache SHA-256 roots read and store them
/// only when it holds.
#[inline]
pub fn sha256_in_use() -> bool {
    current().is_none()
}

/// `hash_pair` of the hasher in use on this thread (SHA-256 unless chosen).
#[inline]
pub(crate) fn pair_in_use(left: &Root, right: &Root) -> Root {
    match current() {
        None => Sha256::hash_pair(left, right),
        Some(r) => (r.hash_pair)(left, right),
    }
}

/// `hash_nodes` of the hasher in use on this thread.
#[inline]
pub(crate) fn nodes_in_use(input: &[[u8; 64]], out: &mut [Root]) {
    match current() {
        None => Sha256::hash_nodes(input, out),
        Some(r) => (r.hash_nodes)(input, out),
    }
}

/// `zero_hash` of the hasher in use on this thread.
#[inline]
pub(crate) fn zero_in_use(level: usize) -> Root {
    match current() {
        None => Sha256::zero_hash(level),
        Some(r) => (r.zero_hash)(level),
    }
}

/// The merkleization routines of one hasher, compiled for it, that the
/// functions without a hasher parameter run when a thread chose it.
pub(crate) struct Routines {
    pub(crate) merkleize: fn(&[Root], usize) -> Root,
    pub(crate) merkleize_packed: fn(&[u8], u64) -> Root,
    /// `[binary subtree on the left (v1.7), recursion on the left (v1.6)]`.
    pub(crate) progressive: [fn(&[Root]) -> Root; 2],
    pub(crate) progressive_packed: [fn(&[u8]) -> Root; 2],
    pub(crate) merkleize_many: fn(&[Root], usize, &mut [Root]),
    pub(crate) hash_pair: fn(&Root, &Root) -> Root,
    pub(crate) hash_nodes: fn(&[[u8; 64]], &mut [Root]),
    pub(crate) zero_hash: fn(usize) -> Root,
}

#[cfg(feature = "std")]
pub(crate) use with_std::*;

#[cfg(not(feature = "std"))]
/// No thread-local without `std`: always SHA-256.
#[inline(always)]
pub(crate) fn current() -> Option<&'static Routines> {
    None
}

#[cfg(feature = "std")]
mod with_std {
    use super::Routines;
    use core::cell::Cell;
    use core::sync::atomic::{AtomicUsize, Ordering};

    /// Threads inside a [`crate::hasher::with_hasher`] of a hasher other
    /// than SHA-256, summed over the process: while it is 0, no thread
    /// needs to read its thread-local.
    static CHOSEN: AtomicUsize = AtomicUsize::new(0);

    std::thread_local! {
        static CURRENT: Cell<Option<&'static Routines>> = const { Cell::new(None) };
    }

    /// The routines chosen on this thread, `None` for SHA-256.
    #[inline]
    pub(crate) fn current() -> Option<&'static Routines> {
        // Relaxed: a thread reads its own choice, which it wrote itself
        // before counting it; other threads' counts only make it look.
        if CHOSEN.load(Ordering::Relaxed) == 0 {
            return None;
        }
        CURRENT.try_with(Cell::get).unwrap_or(None)
    }

    /// Puts back the previous choice, and the count, on drop.
    struct Restore {
        previous: Option<&'static Routines>,
        counted: bool,
    }

    impl Drop for Restore {
        fn drop(&mut self) {
            let _ = CURRENT.try_with(|c| c.set(self.previous));
            if self.counted {
                CHOSEN.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// Runs `f` with `routines` as this thread's choice.
    pub(crate) fn enter<R>(routines: Option<&'static Routines>, f: impl FnOnce() -> R) -> R {
        let previous = current();
        if routines.is_none() && previous.is_none() {
            // SHA-256 inside SHA-256: nothing to set.
            return f();
        }
        let counted = routines.is_some();
        if counted {
            CHOSEN.fetch_add(1, Ordering::Relaxed);
        }
        let _restore = Restore { previous, counted };
        let _ = CURRENT.try_with(|c| c.set(routines));
        f()
    }
}
