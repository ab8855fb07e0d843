//! The cached root that every node, inner or leaf, holds.

use crate::Root;
use core::sync::atomic::{AtomicU32, Ordering};

/// A node's cached root, stored through `&self` as eight relaxed atomic
/// words (see the `tree` module's docs on why every store is of the right
/// bytes).
pub(super) struct Digest([AtomicU32; 8]);

impl Digest {
    #[inline]
    pub(super) fn new(root: &Root) -> Digest {
        let digest = Digest(Default::default());
        digest.set(root);
        digest
    }

    #[inline]
    pub(super) fn get(&self) -> Root {
        let mut root = [0u8; 32];
        for (word, bytes) in self.0.iter().zip(root.chunks_exact_mut(4)) {
            bytes.copy_from_slice(&word.load(Ordering::Relaxed).to_ne_bytes());
        }
        root
    }

    #[inline]
    pub(super) fn set(&self, root: &Root) {
        for (word, bytes) in self.0.iter().zip(root.chunks_exact(4)) {
            let mut b = [0u8; 4];
            b.copy_from_slice(bytes);
            word.store(u32::from_ne_bytes(b), Ordering::Relaxed);
        }
    }
}

impl Clone for Digest {
    fn clone(&self) -> Digest {
        Digest::new(&self.get())
    }
}
