//! [`Cached<T>`]: a value that remembers its root until it is changed.

use crate::{DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{AtomicU32, AtomicU8, Ordering};

/// No root stored.
const EMPTY: u8 = 0;
/// A thread is writing the root.
const WRITING: u8 = 1;
/// The root is stored.
const READY: u8 = 2;

/// A value of `T` that keeps its `hash_tree_root` once computed and forgets
/// it on mutable access ([`DerefMut`]), so that a container whose fields are
/// mostly unchanged re-roots in the cost of the fields that changed.
///
/// The same SSZ type as `T`: it encodes, decodes, hashes and (with the
/// `serde` feature) serializes exactly as `T`, so it can wrap a field of a
/// derived container without changing the container's encoding.
///
/// The root is held in atomics, so `Cached<T>` is `Sync` (as [`TreeHash`]
/// requires) without a lock or `unsafe`, and without `std`.
///
/// ```
/// use peam_ssz_types::{Bytes32, Cached, Ssz, TreeHash};
///
/// #[derive(Clone, Debug, Default, PartialEq, Ssz, TreeHash)]
/// struct Header {
///     slot: u64,
///     parent_root: Bytes32,
/// }
///
/// #[derive(Clone, Debug, Default, PartialEq, Ssz, TreeHash)]
/// struct State {
///     slot: u64,
///     latest_header: Cached<Header>,
/// }
///
/// let mut state = State::default();
/// let root = state.hash_tree_root(); // hashes the header once, and keeps it
/// assert_eq!(state.latest_header.cached_root(), Some(state.latest_header.hash_tree_root()));
/// state.slot = 1; // the header's root is reused
/// state.latest_header.slot = 1; // `DerefMut`: the header's root is forgotten
/// assert_eq!(state.latest_header.cached_root(), None);
/// assert_ne!(state.hash_tree_root(), root);
///
/// // The encoding is the plain value's.
/// assert_eq!(Cached::new(Header::default()).to_ssz(), Header::default().to_ssz());
/// ```
pub struct Cached<T> {
    value: T,
    state: AtomicU8,
    // 32-bit words: the targets without 64-bit atomics (riscv32imac,
    // thumbv7em) have these.
    root: [AtomicU32; 8],
}

impl<T> Cached<T> {
    /// Wraps `value`, with no root stored yet.
    pub const fn new(value: T) -> Self {
        Cached {
            value,
            state: AtomicU8::new(EMPTY),
            root: [const { AtomicU32::new(0) }; 8],
        }
    }

    /// The value, unwrapped.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// The stored root, if one is.
    pub fn cached_root(&self) -> Option<Root> {
        if self.state.load(Ordering::Acquire) != READY {
            return None;
        }
        // The `Acquire` load above saw the `Release` store of READY, which
        // follows the eight stores of the root; they are not changed again
        // until `&mut` access resets the state.
        let mut root = [0u8; 32];
        for (word, out) in self.root.iter().zip(root.chunks_exact_mut(4)) {
            out.copy_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
        }
        Some(root)
    }

    /// Stores `root`, unless another thread is storing it at the same time
    /// (which stores the same root).
    fn store(&self, root: &Root) {
        if self
            .state
            .compare_exchange(EMPTY, WRITING, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        for (word, bytes) in self.root.iter().zip(root.chunks_exact(4)) {
            let mut w = [0u8; 4];
            w.copy_from_slice(bytes);
            word.store(u32::from_le_bytes(w), Ordering::Relaxed);
        }
        self.state.store(READY, Ordering::Release);
    }

    /// Forgets the stored root.
    #[inline]
    pub fn invalidate(&mut self) {
        *self.state.get_mut() = EMPTY;
    }
}

impl<T> Deref for Cached<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.value
    }
}

/// Mutable access forgets the root: whatever is done through the reference
/// may change it.
impl<T> DerefMut for Cached<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        self.invalidate();
        &mut self.value
    }
}

impl<T> From<T> for Cached<T> {
    fn from(value: T) -> Self {
        Cached::new(value)
    }
}

impl<T: Clone> Clone for Cached<T> {
    fn clone(&self) -> Self {
        let copy = Cached::new(self.value.clone());
        if let Some(root) = self.cached_root() {
            copy.store(&root);
        }
        copy
    }
}

impl<T: Default> Default for Cached<T> {
    fn default() -> Self {
        Cached::new(T::default())
    }
}

impl<T: PartialEq> PartialEq for Cached<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Cached<T> {}

impl<T: fmt::Debug> fmt::Debug for Cached<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.value, f)
    }
}

/// Exactly `T`'s encoding.
impl<T: Ssz> Ssz for Cached<T> {
    const IS_FIXED_SIZE: bool = T::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = T::FIXED_PART_LEN;

    #[inline]
    fn ssz_len(&self) -> usize {
        self.value.ssz_len()
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        self.value.ssz_write(out)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        T::from_ssz(bytes).map(Cached::new)
    }
}

/// Exactly `T`'s root, computed once until the value is changed.
impl<T: TreeHash> TreeHash for Cached<T> {
    const LEAF_SIZE: usize = T::LEAF_SIZE;
    const IS_BASIC: bool = T::IS_BASIC;

    /// The stored root, or the value's (then stored). The stored root is
    /// a SHA-256 one: under another hasher chosen with
    /// [`with_hasher`](crate::hasher::with_hasher), the value's root is
    /// computed and neither read from nor written to the store.
    fn hash_tree_root(&self) -> Root {
        if !crate::hasher::sha256_in_use() {
            return self.value.hash_tree_root();
        }
        if let Some(root) = self.cached_root() {
            return root;
        }
        let root = self.value.hash_tree_root();
        self.store(&root);
        root
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            Ok(self.hash_tree_root())
        } else {
            self.value.tree_node(gindex)
        }
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for Cached<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Cached<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Cached::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bytes32, List, U};

    #[derive(Clone, Debug, Default, PartialEq, crate::Ssz, crate::TreeHash)]
    struct Inner {
        a: u64,
        b: Bytes32,
        c: List<u16, U<8>>,
    }

    #[derive(Clone, Debug, Default, PartialEq, crate::Ssz, crate::TreeHash)]
    struct Plain {
        x: u8,
        inner: Inner,
        many: List<Inner, U<4>>,
    }

    #[derive(Clone, Debug, Default, PartialEq, crate::Ssz, crate::TreeHash)]
    struct WithCache {
        x: u8,
        inner: Cached<Inner>,
        many: List<Cached<Inner>, U<4>>,
    }

    fn pair(seed: u64) -> (Plain, WithCache) {
        let inner = Inner {
            a: seed,
            b: Bytes32::from([seed as u8; 32]),
            c: List::try_from(vec![seed as u16, 2]).unwrap(),
        };
        let plain = Plain {
            x: 3,
            inner: inner.clone(),
            many: List::try_from(vec![inner.clone(), Inner::default()]).unwrap(),
        };
        let cached = WithCache {
            x: 3,
            inner: Cached::new(inner.clone()),
            many: List::try_from(vec![Cached::new(inner), Cached::default()]).unwrap(),
        };
        (plain, cached)
    }

    #[test]
    fn a_cached_field_changes_neither_encoding_nor_root() {
        let (mut plain, mut cached) = pair(9);
        let bytes = plain.to_ssz();
        assert_eq!(cached.to_ssz(), bytes);
        assert_eq!(WithCache::from_ssz(&bytes).unwrap(), cached);
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        assert!(cached.inner.cached_root().is_some());
        // Twice: the second answer comes from the cache.
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        // Changed through DerefMut: forgotten and recomputed.
        cached.inner.a = 77;
        plain.inner.a = 77;
        assert_eq!(cached.inner.cached_root(), None);
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        cached.many[1].c.push(5).unwrap();
        plain.many[1].c.push(5).unwrap();
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        // A clone keeps the root; changing the clone leaves the original's.
        let mut copy = cached.clone();
        assert_eq!(copy.inner.cached_root(), cached.inner.cached_root());
        copy.inner.b = Bytes32::from([1; 32]);
        assert_ne!(copy.hash_tree_root(), cached.hash_tree_root());
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        assert_eq!(
            cached.inner.tree_node(Gindex::ROOT),
            Ok(plain.inner.hash_tree_root())
        );
        // Decoding errors are the plain type's.
        let mut bad = bytes.clone();
        bad.truncate(3);
        assert_eq!(
            WithCache::from_ssz(&bad).unwrap_err().to_string(),
            Plain::from_ssz(&bad).unwrap_err().to_string()
        );
    }

    #[test]
    fn basic_values_stay_basic() {
        const { assert!(<Cached<u64> as TreeHash>::IS_BASIC) };
        let plain = List::<u64, U<9>>::try_from(vec![1, 2, 3, 4, 5]).unwrap();
        let cached = List::<Cached<u64>, U<9>>::try_from(
            vec![1, 2, 3, 4, 5]
                .into_iter()
                .map(Cached::new)
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
        assert_eq!(cached.to_ssz(), plain.to_ssz());
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "no threads on wasm32-wasip1")]
    fn roots_from_many_threads_agree() {
        let (plain, cached) = pair(4);
        let expected = plain.inner.hash_tree_root();
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| assert_eq!(cached.inner.hash_tree_root(), expected));
            }
        });
        assert_eq!(cached.inner.cached_root(), Some(expected));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_is_the_plain_values() {
        let (plain, cached) = pair(2);
        let a = serde_yaml::to_string(&plain.inner.a).unwrap();
        let c: Cached<u64> = serde_yaml::from_str(&a).unwrap();
        assert_eq!(*c, 2);
        assert_eq!(serde_yaml::to_string(&c).unwrap(), a);
        let _ = cached;
    }
}
