//! The hasher seam: the 2-to-1 compression function that merkleization,
//! proofs and cached trees hash with.
//!
//! Every node of an SSZ tree is `hash(left, right)` of two 32-byte chunks,
//! and every padding node is a zero hash (`zero_hash(0)` is 32 zero bytes,
//! `zero_hash(i + 1) = hash(zero_hash(i), zero_hash(i))`). The spec's hash
//! is SHA-256 ([`Sha256`], the default everywhere); a [`Hasher`] is any
//! other such function, given by a type:
//!
//! - [`Hasher::hash_pair`]: one parent from its two children;
//! - [`Hasher::hash_nodes`]: many parents at once, each from a 64-byte
//!   input of two adjacent chunks (the seam the SIMD SHA-256 backends plug
//!   into; the default calls `hash_pair` on each);
//! - [`Hasher::zero_hash`]: the zero hashes, from a table computed once.
//!
//! # Where the hasher is chosen
//!
//! The functions that take chunks take the hasher as a type parameter:
//! [`merkleize_with`](crate::merkle::merkleize_with) and the other `_with`
//! functions of [`crate::merkle`], the proof checks
//! ([`SingleProof::verify_with`](crate::proof::SingleProof::verify_with),
//! [`MultiProof::verify_with`](crate::proof::MultiProof::verify_with)),
//! and the persistent sequences of `peam-ssz-types`
//! (`PersistentList<T, N, H = Sha256>`). Each is compiled for the hasher it
//! is given: the SHA-256 functions without a parameter
//! ([`merkleize`](crate::merkle::merkleize), ...) are the `_with` ones at
//! [`Sha256`].
//!
//! [`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root) takes no
//! parameter, and derived code calls the functions without one; with
//! `std`, [`with_hasher`] picks the hasher those functions use for the
//! time of a closure, on the calling thread, so that every type (derived
//! containers included) is rooted and proven with it:
//! [`hash_tree_root_with`], [`prove_with`](crate::proof::prove_with),
//! [`prove_multi_with`](crate::proof::prove_multi_with). Outside such a
//! closure the functions run SHA-256 after one check of a global counter
//! that is zero while no thread has chosen another hasher.
//!
//! ```
//! use peam_ssz_core::hasher::{hash_tree_root_with, Hasher, LazyZeroHashes, Sha256};
//! use peam_ssz_core::merkle::{merkleize, merkleize_with};
//! use peam_ssz_core::{Root, TreeHash};
//!
//! /// A toy compression function (not a secure hash): each output byte
//! /// mixes the bytes at its position in both inputs.
//! struct Toy;
//!
//! static TOY_ZEROS: LazyZeroHashes<Toy> = LazyZeroHashes::new();
//!
//! impl Hasher for Toy {
//!     fn hash_pair(left: &Root, right: &Root) -> Root {
//!         core::array::from_fn(|i| {
//!             left[i].rotate_left(3) ^ right[(i + 1) % 32].wrapping_mul(5) ^ i as u8 ^ 0x5c
//!         })
//!     }
//!
//!     fn zero_hash(level: usize) -> Root {
//!         TOY_ZEROS.get(level)
//!     }
//! }
//!
//! let chunks = [[1u8; 32], [2; 32], [3; 32]];
//! let toy = merkleize_with::<Toy>(&chunks, 4);
//! let pad = Toy::zero_hash(0);
//! let expected = Toy::hash_pair(
//!     &Toy::hash_pair(&chunks[0], &chunks[1]),
//!     &Toy::hash_pair(&chunks[2], &pad),
//! );
//! assert_eq!(toy, expected);
//! // The functions without a parameter are the SHA-256 ones.
//! assert_eq!(merkleize(&chunks, 4), merkleize_with::<Sha256>(&chunks, 4));
//!
//! // Any `TreeHash` value, rooted with the toy hasher: eight `uint64`
//! // pack into two chunks, hashed into one node.
//! let value = [1u64, 2, 3, 4, 5, 6, 7, 8];
//! let bytes: Vec<u8> = value.iter().flat_map(|v| v.to_le_bytes()).collect();
//! let (packed, _) = bytes.as_chunks::<32>();
//! assert_eq!(
//!     hash_tree_root_with::<Toy, _>(&value),
//!     Toy::hash_pair(&packed[0], &packed[1])
//! );
//! assert_eq!(hash_tree_root_with::<Sha256, _>(&value), value.hash_tree_root());
//! ```
//!
//! # A Poseidon2 hasher
//!
//! A hasher over a prime field (Poseidon2 over BabyBear, KoalaBear or
//! Goldilocks, as zk and Lean consensus use) implements the same three
//! items with a field-arithmetic crate: `hash_pair` maps each 32-byte chunk
//! to field elements (for a 31-bit field, eight little-endian `u32` words
//! each reduced below the modulus, or a packing of fewer bits per element
//! that is injective), runs the Poseidon2 permutation in compression mode
//! on the two chunks' elements (the state of sixteen elements, the input
//! added back to the output, the first eight kept), and writes the result
//! back as 32 bytes in the same encoding; `hash_nodes` may batch that over
//! the field crate's packed vectors; `zero_hash` reads a table built from
//! 32 zero bytes, the field encoding of zero, computed once
//! ([`LazyZeroHashes`]) or, where the permutation is a `const fn`, by the
//! compiler into an associated `const` table. Roots under such a hasher
//! are only as canonical as that chunk encoding: two chunks that map to
//! the same field elements have the same root.
//!
//! # Rules for an implementation
//!
//! The functions are pure: the same inputs give the same output on every
//! call, thread and target (the cached trees and the zero-hash tables rely
//! on it). `zero_hash(0)` is 32 zero bytes and `zero_hash(i + 1)` is
//! `hash_pair(&zero_hash(i), &zero_hash(i))` for `i < 64`; `hash_nodes` is
//! `hash_pair` of each input's halves.

use crate::merkle::{Root, ZERO_HASHES};
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Levels of the zero-hash table: trees of up to 2^64 chunks.
pub const ZERO_LEVELS: usize = 65;

/// A 2-to-1 compression function on 32-byte chunks, the hash of every
/// merkle node (see the [module docs](self)).
pub trait Hasher: 'static {
    /// The parent of `left` and `right`.
    fn hash_pair(left: &Root, right: &Root) -> Root;

    /// The parent of each 64-byte input (two adjacent chunks, left then
    /// right) into the output at the same index; `input.len() ==
    /// out.len()`. Every level of a tree is hashed through this one call,
    /// so a hasher with a batch kernel overrides it; the default calls
    /// [`Hasher::hash_pair`] on each input.
    #[inline]
    fn hash_nodes(input: &[[u8; 64]], out: &mut [Root]) {
        for (block, parent) in input.iter().zip(out.iter_mut()) {
            let (halves, _) = block.as_chunks::<32>();
            *parent = Self::hash_pair(&halves[0], &halves[1]);
        }
    }

    /// The root of a tree of height `level` whose leaves are all zero
    /// chunks, for `level < ZERO_LEVELS` (64 at most: callers never ask
    /// for more).
    fn zero_hash(level: usize) -> Root;
}

/// SHA-256, the hash of the SSZ spec: [`crate::hash`]'s batch function
/// (with its backend dispatch) and the zero hashes the compiler computes
/// ([`ZERO_HASHES`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sha256;

impl Hasher for Sha256 {
    #[inline]
    fn hash_pair(left: &Root, right: &Root) -> Root {
        crate::hash::hash_pair(left, right)
    }

    #[inline]
    fn hash_nodes(input: &[[u8; 64]], out: &mut [Root]) {
        crate::hash::hash_nodes(input, out)
    }

    #[inline]
    fn zero_hash(level: usize) -> Root {
        // Through a `'static` reference, so that the table is read in
        // place rather than copied out of the constant.
        let table: &'static [Root; ZERO_LEVELS] = &ZERO_HASHES;
        table[level]
    }
}

/// The zero hashes of `H`, computed from [`Hasher::hash_pair`]: entry `i`
/// is the root of a tree of height `i` over zero chunks (64 hashes).
pub fn zero_hash_table<H: Hasher>() -> [Root; ZERO_LEVELS] {
    let mut table = [[0u8; 32]; ZERO_LEVELS];
    for i in 1..ZERO_LEVELS {
        table[i] = H::hash_pair(&table[i - 1], &table[i - 1]);
    }
    table
}

/// Words of the zero-hash table (eight `u32` per root).
const ZERO_WORDS: usize = ZERO_LEVELS * 8;

/// `H`'s zero hashes, computed on first use and kept: the storage behind a
/// [`Hasher::zero_hash`] whose table the compiler cannot compute.
///
/// A `static` of it serves every thread, without `std`, a lock or
/// `unsafe`: the table lives in 32-bit atomics (which every target with
/// threads has), filled by the first reader; readers that race it compute
/// the same words and store them too (the hasher is pure), and a reader
/// reads only after a flag that the filling thread sets last.
///
/// ```
/// use peam_ssz_core::hasher::{Hasher, LazyZeroHashes};
/// use peam_ssz_core::Root;
///
/// struct Xor;
/// static ZEROS: LazyZeroHashes<Xor> = LazyZeroHashes::new();
///
/// impl Hasher for Xor {
///     fn hash_pair(left: &Root, right: &Root) -> Root {
///         core::array::from_fn(|i| left[i] ^ right[31 - i].rotate_left(1) ^ 1)
///     }
///     fn zero_hash(level: usize) -> Root {
///         ZEROS.get(level)
///     }
/// }
///
/// assert_eq!(Xor::zero_hash(0), [0; 32]);
/// assert_eq!(Xor::zero_hash(1), Xor::hash_pair(&[0; 32], &[0; 32]));
/// ```
pub struct LazyZeroHashes<H> {
    ready: AtomicBool,
    words: [AtomicU32; ZERO_WORDS],
    _hasher: PhantomData<fn() -> H>,
}

impl<H: Hasher> LazyZeroHashes<H> {
    /// An empty table, filled on the first [`LazyZeroHashes::get`].
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        LazyZeroHashes {
            ready: AtomicBool::new(false),
            words: [const { AtomicU32::new(0) }; ZERO_WORDS],
            _hasher: PhantomData,
        }
    }

    /// Zero hash `level` (`level < ZERO_LEVELS`; a level past the table
    /// gives the last one, a height no tree has).
    #[inline]
    pub fn get(&self, level: usize) -> Root {
        if !self.ready.load(Ordering::Acquire) {
            self.fill();
        }
        let level = level.min(ZERO_LEVELS - 1);
        let mut root = [0u8; 32];
        for (bytes, word) in root
            .chunks_exact_mut(4)
            .zip(&self.words[8 * level..8 * level + 8])
        {
            bytes.copy_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
        }
        root
    }

    #[cold]
    fn fill(&self) {
        let table = zero_hash_table::<H>();
        for (words, root) in self.words.chunks_exact(8).zip(&table) {
            for (word, bytes) in words.iter().zip(root.chunks_exact(4)) {
                let mut b = [0u8; 4];
                b.copy_from_slice(bytes);
                word.store(u32::from_le_bytes(b), Ordering::Relaxed);
            }
        }
        self.ready.store(true, Ordering::Release);
    }
}

/// Whether `H` is [`Sha256`] (folded by the compiler: both are known).
#[cfg(feature = "std")]
#[inline]
fn is_sha256<H: Hasher>() -> bool {
    core::any::TypeId::of::<H>() == core::any::TypeId::of::<Sha256>()
}

/// A hasher that [`with_hasher`] can put in use for the functions without
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

/// Runs `f` with `H` as the hasher of every root computed through the
/// functions without a hasher parameter on this thread
/// ([`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root) of any
/// type, derived ones included, and `tree_node`, hence proofs), and gives
/// back the previous choice afterwards (also when `f` panics). Nested
/// calls choose for their own closure; `with_hasher::<Sha256>` runs the
/// default inside another choice.
///
/// The choice holds on every thread the crate's own parallel paths use
/// (feature `parallel`): each rayon task that roots elements or hashes a
/// level runs under the caller's choice, so a root hashed across the pool
/// is the root one thread would compute. Work that `f` hands to other
/// threads itself (`std::thread::spawn`, `rayon::join`) does not see it:
/// call `with_hasher` there. `peam-ssz-types`' `tests/parallel.rs` checks
/// both.
///
/// Values that keep a root or a tree for one hasher answer with it: the
/// persistent sequences of `peam-ssz-types` root with their own hasher
/// parameter, whatever the choice here, and `Cached<T>` neither reads nor
/// stores its root under another hasher than SHA-256.
///
/// Without `std` only [`Sha256`] can be chosen ([`ScopedHasher`]), and
/// `f` simply runs.
pub fn with_hasher<H: ScopedHasher, R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "std")]
    {
        scope::enter(scope::routines_of::<H>(), f)
    }
    #[cfg(not(feature = "std"))]
    {
        f()
    }
}

/// `hash_tree_root(value)` with `H` as the hash function: [`with_hasher`]
/// around [`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root).
pub fn hash_tree_root_with<H: ScopedHasher, T: crate::TreeHash + ?Sized>(value: &T) -> Root {
    with_hasher::<H, _>(|| value.hash_tree_root())
}

/// Whether roots computed on this thread through the functions without a
/// hasher parameter are SHA-256 ones: `false` only inside [`with_hasher`]
/// of another hasher. Values that cache SHA-256 roots read and store them
/// only when it holds.
#[inline]
pub fn sha256_in_use() -> bool {
    scope::current().is_none()
}

/// `hash_pair` of the hasher in use on this thread (SHA-256 unless chosen).
#[inline]
pub(crate) fn pair_in_use(left: &Root, right: &Root) -> Root {
    match scope::current() {
        None => Sha256::hash_pair(left, right),
        Some(r) => (r.hash_pair)(left, right),
    }
}

/// `hash_nodes` of the hasher in use on this thread.
#[inline]
pub(crate) fn nodes_in_use(input: &[[u8; 64]], out: &mut [Root]) {
    match scope::current() {
        None => Sha256::hash_nodes(input, out),
        Some(r) => (r.hash_nodes)(input, out),
    }
}

/// `zero_hash` of the hasher in use on this thread.
#[inline]
pub(crate) fn zero_in_use(level: usize) -> Root {
    match scope::current() {
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

/// The thread's choice of hasher (with `std`): `None` is SHA-256.
pub(crate) mod scope {
    #[cfg(feature = "std")]
    pub(crate) use with_std::*;

    #[cfg(not(feature = "std"))]
    /// No thread-local without `std`: always SHA-256.
    #[inline(always)]
    pub(crate) fn current() -> Option<&'static super::Routines> {
        None
    }

    #[cfg(feature = "std")]
    mod with_std {
        use super::super::{is_sha256, Hasher, Routines};
        use crate::edition::{V1_6, V1_7};
        use crate::merkle;
        use core::cell::Cell;
        use core::sync::atomic::{AtomicUsize, Ordering};

        /// Threads inside a [`super::super::with_hasher`] of a hasher other
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

        struct RoutinesOf<H>(core::marker::PhantomData<H>);

        impl<H: Hasher> RoutinesOf<H> {
            const TABLE: &'static Routines = &Routines {
                merkleize: merkle::merkleize_with::<H>,
                merkleize_packed: merkle::merkleize_packed_with::<H>,
                progressive: [
                    merkle::merkleize_progressive_with::<H, V1_7>,
                    merkle::merkleize_progressive_with::<H, V1_6>,
                ],
                progressive_packed: [
                    merkle::merkleize_progressive_packed_with::<H, V1_7>,
                    merkle::merkleize_progressive_packed_with::<H, V1_6>,
                ],
                merkleize_many: merkle::merkleize_many_with::<H>,
                hash_pair: H::hash_pair,
                hash_nodes: H::hash_nodes,
                zero_hash: H::zero_hash,
            };
        }

        /// `H`'s routines, `None` for SHA-256.
        #[inline]
        pub(crate) fn routines_of<H: Hasher>() -> Option<&'static Routines> {
            if is_sha256::<H>() {
                None
            } else {
                Some(RoutinesOf::<H>::TABLE)
            }
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
}
