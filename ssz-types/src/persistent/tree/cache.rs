//! What a tree knows about its nodes' roots: whether they were all
//! computed once, the leaves changed since, and the data root once it is
//! asked for.
//!
//! The bookkeeping changes through `&mut` only: a change marks its leaf in
//! `dirty`. A root asked for through `&self` brings the nodes up to date
//! (see the `tree` module's docs on why nodes can store their roots through
//! `&self`) and stores the data root in [`RootCell`]; the next change
//! through `&mut` finds it there and knows that every node is up to date,
//! so it empties `dirty` then ([`Cache::settle`]). So `&self` never writes
//! the bookkeeping, and no lock is needed around it: the root is the one
//! value stored through `&self`, in a cell written once.

use crate::Root;
use alloc::vec::Vec;

/// The cached state of a tree's roots.
#[derive(Default)]
pub(super) struct Cache {
    /// Whether every node's root was computed once: false until the first
    /// root asked for (so that decoding hashes nothing), and again after a
    /// change of half the tree or more.
    pub(super) built: bool,
    /// Leaves changed since the nodes' roots were last brought up to date
    /// (repeats allowed).
    pub(super) dirty: Vec<usize>,
    /// The root of the data tree at the limit's depth, once asked for
    /// since the last change: then every node's root is up to date.
    pub(super) root: RootCell,
}

/// A settled copy: where a root is stored, the copy starts with no
/// dirty leaves rather than a copy of a list that is already rehashed.
impl Clone for Cache {
    fn clone(&self) -> Self {
        if self.root.is_set() {
            Cache {
                built: true,
                dirty: Vec::new(),
                root: self.root.clone(),
            }
        } else {
            Cache {
                built: self.built,
                dirty: self.dirty.clone(),
                root: RootCell::default(),
            }
        }
    }
}

impl Cache {
    /// Before a change through `&mut`: a root asked for since the last
    /// change brought every node up to date, so the change starts from a
    /// built tree with no dirty leaves.
    #[inline]
    pub(super) fn settle(&mut self) {
        if self.root.take().is_some() {
            self.built = true;
            self.dirty.clear();
        }
    }
}

/// The data root, written once through `&self` (until [`RootCell::take`]).
///
/// With `std`, a [`std::sync::OnceLock`]: the first thread to ask computes
/// the root, and a thread asking at the same time waits for it, as for a
/// lock. Without `std`, `core` has no lock to wait on: a [`FlagRoot`].
#[cfg(feature = "std")]
#[derive(Clone, Default)]
pub(super) struct RootCell(std::sync::OnceLock<Root>);

#[cfg(feature = "std")]
impl RootCell {
    /// The root, computed by `f` if no root is stored.
    #[inline]
    pub(super) fn get_or_init(&self, f: impl FnOnce() -> Root) -> Root {
        *self.0.get_or_init(f)
    }

    /// The stored root, if any, leaving the cell empty.
    #[inline]
    pub(super) fn take(&mut self) -> Option<Root> {
        self.0.take()
    }

    /// Whether a root is stored.
    #[inline]
    pub(super) fn is_set(&self) -> bool {
        self.0.get().is_some()
    }
}

/// Without `std`: the data root is a [`FlagRoot`].
#[cfg(not(feature = "std"))]
pub(super) type RootCell = FlagRoot;

/// A root written through `&self` with no lock: its bytes in relaxed
/// atomic words, then a flag stored with `Release` and read with
/// `Acquire`, so that a thread that sees the flag sees the bytes and every
/// node's root stored before them. Two threads asking at once both
/// compute the root and store the same bytes (a root is a function of the
/// elements, which `&self` cannot change), so either may win; the cost is
/// the work done twice, in a case (one value rooted on two threads at
/// once) that is rare.
#[cfg(any(not(feature = "std"), test))]
pub(super) struct FlagRoot {
    set: core::sync::atomic::AtomicBool,
    root: super::digest::Digest,
}

#[cfg(any(not(feature = "std"), test))]
impl FlagRoot {
    /// The root, computed by `f` if no root is stored.
    #[inline]
    pub(super) fn get_or_init(&self, f: impl FnOnce() -> Root) -> Root {
        use core::sync::atomic::Ordering;
        if self.set.load(Ordering::Acquire) {
            return self.root.get();
        }
        let root = f();
        self.root.set(&root);
        self.set.store(true, Ordering::Release);
        root
    }

    /// The stored root, if any, leaving the cell empty.
    #[inline]
    pub(super) fn take(&mut self) -> Option<Root> {
        let set = core::mem::replace(self.set.get_mut(), false);
        set.then(|| self.root.get())
    }

    /// Whether a root is stored.
    #[inline]
    pub(super) fn is_set(&self) -> bool {
        self.set.load(core::sync::atomic::Ordering::Acquire)
    }
}

#[cfg(any(not(feature = "std"), test))]
impl Default for FlagRoot {
    fn default() -> Self {
        FlagRoot {
            set: core::sync::atomic::AtomicBool::new(false),
            root: super::digest::Digest::new(&[0u8; 32]),
        }
    }
}

#[cfg(any(not(feature = "std"), test))]
impl Clone for FlagRoot {
    fn clone(&self) -> Self {
        use core::sync::atomic::{AtomicBool, Ordering};
        let set = self.set.load(Ordering::Acquire);
        FlagRoot {
            set: AtomicBool::new(set),
            root: self.root.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FlagRoot;

    #[test]
    fn flag_root_computes_once_until_taken() {
        let mut cell = FlagRoot::default();
        assert_eq!(cell.get_or_init(|| [1; 32]), [1; 32]);
        assert_eq!(cell.get_or_init(|| unreachable!("stored")), [1; 32]);
        let copy = cell.clone();
        assert!(copy.is_set());
        assert_eq!(cell.take(), Some([1; 32]));
        assert!(!cell.is_set());
        assert_eq!(cell.take(), None);
        assert_eq!(cell.get_or_init(|| [2; 32]), [2; 32]);
        assert_eq!(copy.get_or_init(|| unreachable!("cloned")), [1; 32]);
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "no threads on wasm32-wasip1")]
    fn flag_root_from_two_threads_agrees() {
        let cell = FlagRoot::default();
        let roots: Vec<_> = std::thread::scope(|s| {
            let a = s.spawn(|| cell.get_or_init(|| [7; 32]));
            let b = s.spawn(|| cell.get_or_init(|| [7; 32]));
            [a.join(), b.join()]
        })
        .into_iter()
        .map(|r| r.unwrap_or_else(|_| panic!("a thread panicked")))
        .collect();
        assert_eq!(roots, [[7; 32]; 2]);
        assert_eq!(cell.get_or_init(|| unreachable!("stored")), [7; 32]);
    }
}
