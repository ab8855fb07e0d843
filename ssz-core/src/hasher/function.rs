//! The hash function of merkle nodes: the [`Hasher`] trait, SHA-256 and
//! the zero-hash tables (see the [module docs](super)).

use crate::chunk::{Root, ZERO_HASHES};
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Levels of the zero-hash table: trees of up to 2^64 chunks.
pub const ZERO_LEVELS: usize = 65;

/// A 2-to-1 compression function on 32-byte chunks, the hash of every
/// merkle node (see the [module docs](super)).
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

/// SHA-256, the hash of the SSZ spec: [`crate::sha256`]'s batch function
/// (with its backend dispatch) and the zero hashes the compiler computes
/// ([`ZERO_HASHES`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sha256;

impl Hasher for Sha256 {
    #[inline]
    fn hash_pair(left: &Root, right: &Root) -> Root {
        crate::sha256::hash_pair(left, right)
    }

    #[inline]
    fn hash_nodes(input: &[[u8; 64]], out: &mut [Root]) {
        crate::sha256::hash_nodes(input, out)
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
