//! The shared core of [`PersistentList`](super::PersistentList) and
//! [`PersistentVector`](super::PersistentVector): elements in `Arc`'d blocks
//! (copy-on-write per block) and the Merkle tree over their leaves kept as
//! one persistent array of roots per level, also in `Arc`'d chunks, with a
//! list of dirty leaves.
//!
//! ```text
//!   level H      [top]                        one node; folded with ZERO_HASHES
//!   ...          [..][..]                     up to the depth of the limit
//!   level 1      [Arc<64 roots>][Arc<64 roots>]...
//!   level 0      [Arc<64 roots>]...           composite elements: their roots
//!                                             basic elements: read from the blocks
//!   elements     [Arc<block of E>][Arc<block of E>]...
//! ```
//!
//! A clone copies one `Arc` per block and per 64 roots of each level
//! (for a million validators, about 95 000 pointers), and afterwards the two
//! values share every block and chunk that neither of them changes.
//!
//! Re-rooting hashes the dirty leaves' paths only, level by level: the dirty
//! nodes of a level are gathered, hashed in one [`Hasher::hash_nodes`] batch
//! (split across rayon threads with the `parallel` feature) and scattered
//! into the level above. Nodes past the end of a level are zero subtrees,
//! read from the hasher's table ([`Hasher::zero_hash`], for SHA-256
//! `ZERO_HASHES`), so a limit of 2^40 costs nothing.
//!
//! Every node is hashed with the tree's hasher `H`; the roots of composite
//! elements come from their `TreeHash` impls, run under
//! [`with_hasher::<H>`](with_hasher).

use crate::hasher::{with_hasher, Hasher, ScopedHasher};
use crate::merkle::depth_for;
use crate::{Gindex, ProofError, Root, TreeHash, BYTES_PER_CHUNK};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::cell::UnsafeCell;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{AtomicBool, Ordering};

/// Roots per `Arc`'d chunk of a level (2 KiB): an even number, so that the
/// two children of a parent always lie in the same chunk.
const LEVEL_CHUNK: usize = 64;

/// Bytes of elements a block aims at: small enough that copying a block on
/// its first write after a clone is cheap, big enough that a clone copies
/// few pointers.
const BLOCK_BYTES: usize = 2048;

/// Batches of at least this many pairs are split across rayon threads.
#[cfg(feature = "parallel")]
const PARALLEL_PAIRS: usize = 2048;

/// Hashes `inputs` (pairs of sibling nodes) into `out`, in one call of the
/// batch function, or with the `parallel` feature one call per slice on
/// every rayon thread.
fn hash_batch<H: Hasher>(inputs: &[[u8; 64]], out: &mut [Root]) {
    #[cfg(feature = "parallel")]
    if inputs.len() >= PARALLEL_PAIRS && rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        let per = inputs.len().div_ceil(rayon::current_num_threads() * 2);
        inputs
            .par_chunks(per)
            .zip(out.par_chunks_mut(per))
            .for_each(|(i, o)| H::hash_nodes(i, o));
        return;
    }
    H::hash_nodes(inputs, out)
}

/// One level of the tree: its nodes, 64 to an `Arc`'d chunk.
#[derive(Clone, Default)]
struct Level {
    chunks: Vec<Arc<[Root; LEVEL_CHUNK]>>,
}

impl Level {
    fn from_flat(flat: &[Root]) -> Level {
        Level {
            chunks: flat
                .chunks(LEVEL_CHUNK)
                .map(|c| {
                    let mut chunk = [[0u8; 32]; LEVEL_CHUNK];
                    chunk[..c.len()].copy_from_slice(c);
                    Arc::new(chunk)
                })
                .collect(),
        }
    }

    /// Node `i`; the caller keeps `i` below the level's node count, which
    /// every chunk up to it was created for.
    #[inline]
    fn get(&self, i: usize) -> &Root {
        &self.chunks[i / LEVEL_CHUNK][i % LEVEL_CHUNK]
    }

    /// Sets node `i`, creating chunks up to it and copying a shared one.
    fn set(&mut self, i: usize, root: Root) {
        let c = i / LEVEL_CHUNK;
        while self.chunks.len() <= c {
            self.chunks.push(Arc::new([[0u8; 32]; LEVEL_CHUNK]));
        }
        Arc::make_mut(&mut self.chunks[c])[i % LEVEL_CHUNK] = root;
    }

    fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
        let mut bytes = self.chunks.capacity() * core::mem::size_of::<usize>();
        for c in &self.chunks {
            if seen(Arc::as_ptr(c).cast()) {
                bytes +=
                    core::mem::size_of::<[Root; LEVEL_CHUNK]>() + 2 * core::mem::size_of::<usize>();
            }
        }
        bytes
    }
}

/// What the lock guards: the levels, the dirty leaves, the cached root.
#[derive(Clone, Default)]
struct Cache {
    /// Whether `levels` hold the tree of the current elements, up to the
    /// leaves in `dirty`. Built on the first root asked for, so that
    /// decoding allocates for the elements only.
    built: bool,
    /// `levels[l]` holds the nodes of level `l` (0: the leaves), for `l` up
    /// to the height of the occupied tree. Level 0 is empty for basic
    /// elements, whose leaves are their packed bytes.
    levels: Vec<Level>,
    /// Leaves changed since the last root (repeats allowed).
    dirty: Vec<usize>,
    /// The root of the data tree at the limit's depth, while nothing is
    /// dirty.
    data_root: Option<Root>,
}

/// A lock around the cache, so that `hash_tree_root(&self)` can store what
/// it hashed. Mutation through `&mut` reaches the cache without locking.
///
/// A spin lock, as `core` has no mutex: it is held only while a root is
/// brought up to date or the cache cloned, and a value is seldom rooted from
/// two threads at once.
struct SpinLock<T> {
    locked: AtomicBool,
    value: UnsafeCell<T>,
}

// SAFETY: the value is reached only through `lock`, which hands out one
// guard at a time (the `Acquire` exchange that takes the lock pairs with the
// `Release` store that frees it, so one holder's writes are visible to the
// next), or through `get_mut`, which holds `&mut self`. So `&SpinLock<T>` gives
// at most one thread access to the `T` at a time, which is what `T: Send`
// allows.
unsafe impl<T: Send> Sync for SpinLock<T> {}

impl<T> SpinLock<T> {
    fn new(value: T) -> Self {
        SpinLock {
            locked: AtomicBool::new(false),
            value: UnsafeCell::new(value),
        }
    }

    fn lock(&self) -> Guard<'_, T> {
        while self
            .locked
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            while self.locked.load(Ordering::Relaxed) {
                core::hint::spin_loop();
            }
        }
        Guard { lock: self }
    }

    fn get_mut(&mut self) -> &mut T {
        self.value.get_mut()
    }
}

struct Guard<'a, T> {
    lock: &'a SpinLock<T>,
}

impl<T> Deref for Guard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: this guard holds the lock (taken in `lock`, freed in
        // `drop`), so no other reference to the value exists.
        unsafe { &*self.lock.value.get() }
    }
}

impl<T> DerefMut for Guard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`; `&mut self` keeps this the only borrow of
        // the guard.
        unsafe { &mut *self.lock.value.get() }
    }
}

impl<T> Drop for Guard<'_, T> {
    fn drop(&mut self) {
        self.lock.locked.store(false, Ordering::Release);
    }
}

/// Elements in copy-on-write blocks plus the cached tree over them, hashed
/// with `H`.
pub(crate) struct Tree<T, H> {
    blocks: Vec<Arc<Vec<T>>>,
    len: usize,
    cache: SpinLock<Cache>,
    _hasher: PhantomData<fn() -> H>,
}

impl<T: Clone, H> Clone for Tree<T, H> {
    fn clone(&self) -> Self {
        Tree {
            blocks: self.blocks.clone(),
            len: self.len,
            cache: SpinLock::new(self.cache.lock().clone()),
            _hasher: PhantomData,
        }
    }
}

impl<T: TreeHash + Send, H: ScopedHasher> Tree<T, H> {
    /// Elements per block: for basic types, the elements of 64 chunks (so
    /// that a pair of sibling chunks never straddles two blocks); for
    /// composite ones, about [`BLOCK_BYTES`] of them, 4 to 64.
    pub(crate) const BLOCK: usize = if T::IS_BASIC {
        LEVEL_CHUNK * (BYTES_PER_CHUNK / T::LEAF_SIZE)
    } else {
        let per = BLOCK_BYTES
            / if core::mem::size_of::<T>() == 0 {
                1
            } else {
                core::mem::size_of::<T>()
            };
        if per < 4 {
            4
        } else if per > 64 {
            64
        } else {
            per
        }
    };

    /// Elements of a basic type per chunk (1 for a composite type).
    pub(crate) const PER_CHUNK: usize = if T::IS_BASIC {
        BYTES_PER_CHUNK / T::LEAF_SIZE
    } else {
        1
    };

    pub(crate) fn new() -> Self {
        Tree {
            blocks: Vec::new(),
            len: 0,
            cache: SpinLock::new(Cache::default()),
            _hasher: PhantomData,
        }
    }

    pub(crate) fn from_vec(values: Vec<T>) -> Self {
        Self::from_iter(values.into_iter())
    }

    /// The tree of the elements `iter` yields, in blocks (reserved from its
    /// lower size hint).
    pub(crate) fn from_iter(mut iter: impl Iterator<Item = T>) -> Self {
        let mut blocks = Vec::with_capacity(iter.size_hint().0.div_ceil(Self::BLOCK));
        let mut len = 0;
        loop {
            let block: Vec<T> = iter.by_ref().take(Self::BLOCK).collect();
            if block.is_empty() {
                break;
            }
            len += block.len();
            blocks.push(Arc::new(block));
        }
        Tree {
            blocks,
            len,
            cache: SpinLock::new(Cache::default()),
            _hasher: PhantomData,
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&T> {
        if i >= self.len {
            return None;
        }
        self.blocks[i / Self::BLOCK].get(i % Self::BLOCK)
    }

    pub(crate) fn blocks(&self) -> impl Iterator<Item = &[T]> + '_ {
        self.blocks.iter().map(|b| b.as_slice())
    }

    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.blocks.iter().flat_map(|b| b.iter())
    }

    /// Records that leaf `leaf` changed.
    #[inline]
    fn mark(&mut self, leaf: usize) {
        let leaves = self.leaf_count();
        let cache = self.cache.get_mut();
        cache.data_root = None;
        if cache.built {
            cache.dirty.push(leaf);
            // Repeated writes to the same elements: keep the list to the
            // leaves that exist, or drop the tree when rebuilding is cheaper.
            if cache.dirty.len() > 2 * leaves + 64 {
                cache.dirty.sort_unstable();
                cache.dirty.dedup();
                if cache.dirty.len() > leaves / 2 {
                    *cache = Cache::default();
                }
            }
        }
    }

    /// The leaf holding element `i`.
    #[inline]
    fn leaf_of(i: usize) -> usize {
        i / Self::PER_CHUNK
    }

    /// Leaves (chunks) of the occupied tree.
    #[inline]
    fn leaf_count(&self) -> usize {
        self.len.div_ceil(Self::PER_CHUNK)
    }

    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T>
    where
        T: Clone,
    {
        if i >= self.len {
            return None;
        }
        self.mark(Self::leaf_of(i));
        Arc::make_mut(&mut self.blocks[i / Self::BLOCK]).get_mut(i % Self::BLOCK)
    }

    /// Calls `f(index, element)` on every element of `start..end`
    /// (clamped to the length), marking them changed.
    pub(crate) fn update_range(
        &mut self,
        start: usize,
        end: usize,
        mut f: impl FnMut(usize, &mut T),
    ) where
        T: Clone,
    {
        let end = end.min(self.len);
        if start >= end {
            return;
        }
        let (first, last) = (Self::leaf_of(start), Self::leaf_of(end - 1));
        // A whole-tree update: rebuilding is cheaper than tracking.
        if end - start >= self.len / 2 {
            *self.cache.get_mut() = Cache::default();
        } else {
            for leaf in first..=last {
                self.mark(leaf);
            }
        }
        let mut i = start;
        while i < end {
            let b = i / Self::BLOCK;
            let block = Arc::make_mut(&mut self.blocks[b]);
            let from = i % Self::BLOCK;
            let to = (end - b * Self::BLOCK).min(block.len());
            for (k, v) in block[from..to].iter_mut().enumerate() {
                f(i + k, v);
            }
            i = b * Self::BLOCK + to;
        }
    }

    pub(crate) fn push(&mut self, value: T)
    where
        T: Clone,
    {
        match self.blocks.last_mut() {
            Some(last) if last.len() < Self::BLOCK => Arc::make_mut(last).push(value),
            _ => {
                let mut block = Vec::with_capacity(Self::BLOCK);
                block.push(value);
                self.blocks.push(Arc::new(block));
            }
        }
        self.len += 1;
        self.mark(Self::leaf_of(self.len - 1));
    }

    /// Removes and returns the last element (copying its block first if a
    /// clone shares it).
    pub(crate) fn pop(&mut self) -> Option<T>
    where
        T: Clone,
    {
        let last = self.blocks.last_mut()?;
        let value = Arc::make_mut(last).pop()?;
        if last.is_empty() {
            self.blocks.pop();
        }
        self.len -= 1;
        self.shrunk();
        Some(value)
    }

    /// Shortens the tree to `len` elements (no effect if it is shorter).
    pub(crate) fn truncate(&mut self, len: usize)
    where
        T: Clone,
    {
        if len >= self.len {
            return;
        }
        let blocks = len.div_ceil(Self::BLOCK);
        self.blocks.truncate(blocks);
        if let Some(last) = self.blocks.last_mut() {
            let keep = len - (blocks - 1) * Self::BLOCK;
            if last.len() > keep {
                Arc::make_mut(last).truncate(keep);
            }
        }
        self.len = len;
        self.shrunk();
    }

    /// After elements were removed from the end: the nodes of the new last
    /// leaf's path are the only cached nodes that covered removed leaves
    /// and are still inside the tree, so that path is marked dirty. (Nodes
    /// past the end are never read: [`Self::node`] answers zero subtrees
    /// there, and a node that comes back into the tree when it grows again
    /// holds a pushed, hence dirty, leaf.)
    fn shrunk(&mut self) {
        let leaves = self.leaf_count();
        let cache = self.cache.get_mut();
        cache.data_root = None;
        if leaves == 0 {
            *cache = Cache::default();
        } else if cache.built {
            cache.dirty.retain(|&leaf| leaf < leaves);
            cache.dirty.push(leaves - 1);
        }
    }

    /// The root of the data tree of `depth` levels (the limit's), brought
    /// up to date and cached.
    pub(crate) fn data_root(&self, depth: u32) -> Root {
        let mut cache = self.cache.lock();
        if let Some(root) = cache.data_root {
            return root;
        }
        self.refresh(&mut cache);
        let root = self.top_at(&cache, depth);
        cache.data_root = Some(root);
        root
    }

    /// Height of the occupied tree: its top node is at this level.
    #[inline]
    fn height(&self) -> u32 {
        depth_for(self.leaf_count() as u128)
    }

    /// Nodes at level `l` of the occupied tree.
    #[inline]
    fn count(&self, l: u32) -> usize {
        let m = self.leaf_count();
        if l >= usize::BITS {
            return (m > 0) as usize;
        }
        m.div_ceil(1 << l)
    }

    /// The pair of sibling leaves `2p`, `2p + 1` of a basic type, packed
    /// from the elements (zero past the end).
    fn basic_pair(&self, p: usize) -> [u8; 64] {
        let mut pair = [0u8; 64];
        let start = 2 * p * Self::PER_CHUNK;
        let end = (start + 2 * Self::PER_CHUNK).min(self.len);
        if start < end {
            let block = &self.blocks[start / Self::BLOCK];
            let from = start % Self::BLOCK;
            let values = &block[from..from + (end - start)];
            T::tree_hash_leaves(values, &mut pair[..values.len() * T::LEAF_SIZE]);
        }
        pair
    }

    /// Node `i` of level `l` (zero past the level's end).
    fn node(&self, cache: &Cache, l: u32, i: usize) -> Root {
        if i >= self.count(l) {
            return H::zero_hash(l as usize);
        }
        if l == 0 && T::IS_BASIC {
            let pair = self.basic_pair(i / 2);
            let mut leaf = [0u8; 32];
            leaf.copy_from_slice(&pair[(i % 2) * 32..(i % 2) * 32 + 32]);
            return leaf;
        }
        *cache.levels[l as usize].get(i)
    }

    /// The top node, at level `height`, or the zero chunk when empty.
    fn top(&self, cache: &Cache) -> Root {
        self.node(cache, self.height(), 0)
    }

    /// Node 0 of level `level >= height`: the top folded with zero
    /// subtrees.
    fn top_at(&self, cache: &Cache, level: u32) -> Root {
        if self.len == 0 {
            return H::zero_hash(level as usize);
        }
        let mut root = self.top(cache);
        for l in self.height()..level {
            root = H::hash_pair(&root, &H::zero_hash(l as usize));
        }
        root
    }

    /// Brings the levels up to date: built from scratch the first time,
    /// then along the dirty leaves' paths only.
    fn refresh(&self, cache: &mut Cache) {
        if !cache.built {
            self.build(cache);
            return;
        }
        if cache.dirty.is_empty() {
            return;
        }
        let mut dirty = core::mem::take(&mut cache.dirty);
        dirty.sort_unstable();
        dirty.dedup();
        let height = self.height();
        cache.levels.resize(height as usize + 1, Level::default());
        if !T::IS_BASIC {
            self.rehash_leaves(cache, &dirty);
        }
        let mut inputs: Vec<[u8; 64]> = Vec::new();
        let mut outs: Vec<Root> = Vec::new();
        for l in 0..height {
            // Parents of the dirty nodes of level l, in order, once each.
            let mut parents = dirty;
            let mut n = 0;
            for k in 0..parents.len() {
                let p = parents[k] / 2;
                if n == 0 || parents[n - 1] != p {
                    parents[n] = p;
                    n += 1;
                }
            }
            parents.truncate(n);
            inputs.clear();
            inputs.extend(parents.iter().map(|&p| {
                if l == 0 && T::IS_BASIC {
                    self.basic_pair(p)
                } else {
                    let mut pair = [0u8; 64];
                    pair[..32].copy_from_slice(&self.node(cache, l, 2 * p));
                    pair[32..].copy_from_slice(&self.node(cache, l, 2 * p + 1));
                    pair
                }
            }));
            outs.clear();
            outs.resize(parents.len(), [0u8; 32]);
            hash_batch::<H>(&inputs, &mut outs);
            let level = &mut cache.levels[l as usize + 1];
            for (&p, root) in parents.iter().zip(&outs) {
                level.set(p, *root);
            }
            dirty = parents;
        }
        // Keep the allocation for the next round.
        dirty.clear();
        cache.dirty = dirty;
    }

    /// Roots of the dirty composite elements into level 0, a run of
    /// neighbours within a block at a time (derived containers hash a run in
    /// batches).
    fn rehash_leaves(&self, cache: &mut Cache, dirty: &[usize]) {
        let mut buf: Vec<Root> = Vec::new();
        let mut k = 0;
        while k < dirty.len() {
            let start = dirty[k];
            let b = start / Self::BLOCK;
            let mut end = start + 1;
            k += 1;
            while k < dirty.len() && dirty[k] == end && end / Self::BLOCK == b {
                end += 1;
                k += 1;
            }
            let from = start % Self::BLOCK;
            let values = &self.blocks[b][from..from + (end - start)];
            buf.clear();
            buf.resize(values.len(), [0u8; 32]);
            with_hasher::<H, _>(|| T::tree_hash_leaves(values, buf.as_flattened_mut()));
            for (i, root) in (start..end).zip(&buf) {
                cache.levels[0].set(i, *root);
            }
        }
    }

    /// Every level from the elements.
    fn build(&self, cache: &mut Cache) {
        let height = self.height();
        let mut levels = Vec::with_capacity(height as usize + 1);
        let mut flat: Vec<Root>;
        if self.len == 0 {
            levels.push(Level::default());
            *cache = Cache {
                built: true,
                levels,
                dirty: Vec::new(),
                data_root: None,
            };
            return;
        }
        if T::IS_BASIC {
            levels.push(Level::default());
            if height == 0 {
                *cache = Cache {
                    built: true,
                    levels,
                    dirty: Vec::new(),
                    data_root: None,
                };
                return;
            }
            // Level 1 from pairs of packed chunks, a block at a time.
            flat = Vec::with_capacity(self.count(1));
            let mut bytes: Vec<u8> = Vec::new();
            for block in &self.blocks {
                let chunks = (block.len() * T::LEAF_SIZE).div_ceil(64) * 2;
                let packed = match T::packed_leaves(block) {
                    Some(p) if p.len() == chunks * 32 => p,
                    _ => {
                        bytes.clear();
                        bytes.resize(chunks * 32, 0);
                        T::tree_hash_leaves(block, &mut bytes[..block.len() * T::LEAF_SIZE]);
                        &bytes
                    }
                };
                let start = flat.len();
                flat.resize(start + chunks / 2, [0u8; 32]);
                hash_batch::<H>(packed.as_chunks::<64>().0, &mut flat[start..]);
            }
        } else {
            flat = alloc::vec![[0u8; 32]; self.len];
            self.leaves_into(&mut flat);
            levels.push(Level::from_flat(&flat));
            if height > 0 {
                flat = Self::parents(&flat, 0);
            }
        }
        if height > 0 {
            levels.push(Level::from_flat(&flat));
            for l in 1..height {
                flat = Self::parents(&flat, l);
                levels.push(Level::from_flat(&flat));
            }
        }
        *cache = Cache {
            built: true,
            levels,
            dirty: Vec::new(),
            data_root: None,
        };
    }

    /// Roots of every composite element, a block at a time (on every rayon
    /// thread with the `parallel` feature), under the tree's hasher.
    fn leaves_into(&self, out: &mut [Root]) {
        #[cfg(feature = "parallel")]
        if self.len >= 1024 && rayon::current_num_threads() > 1 {
            use rayon::prelude::*;
            self.blocks
                .par_iter()
                .zip(out.par_chunks_mut(Self::BLOCK))
                .for_each(|(block, out)| {
                    with_hasher::<H, _>(|| T::tree_hash_leaves(block, out.as_flattened_mut()))
                });
            return;
        }
        with_hasher::<H, _>(|| {
            for (block, out) in self.blocks.iter().zip(out.chunks_mut(Self::BLOCK)) {
                T::tree_hash_leaves(block, out.as_flattened_mut());
            }
        })
    }

    /// The level above `nodes` (level `l`), an odd last node paired with
    /// the zero subtree.
    fn parents(nodes: &[Root], l: u32) -> Vec<Root> {
        let pairs = nodes.len() / 2;
        let mut out = alloc::vec![[0u8; 32]; nodes.len().div_ceil(2)];
        hash_batch::<H>(
            nodes[..2 * pairs].as_flattened().as_chunks::<64>().0,
            &mut out[..pairs],
        );
        if nodes.len() % 2 == 1 {
            out[pairs] = H::hash_pair(&nodes[2 * pairs], &H::zero_hash(l as usize));
        }
        out
    }

    /// The node at `gindex` of the data tree of `depth` levels, read from
    /// the cache (`outer` is the index the caller was asked for, for the
    /// error).
    pub(crate) fn data_node(
        &self,
        gindex: Gindex,
        depth: u32,
        outer: Gindex,
    ) -> Result<Root, ProofError> {
        let d = gindex.depth();
        if d > depth {
            // Below a leaf: a composite element's own tree.
            if T::IS_BASIC {
                return Err(ProofError::NoSuchNode { gindex: outer });
            }
            let (leaf, rest) = gindex
                .split(depth)
                .ok_or(ProofError::NoSuchNode { gindex: outer })?;
            let i = leaf.position();
            let element = usize::try_from(i)
                .ok()
                .and_then(|i| self.get(i))
                .ok_or(ProofError::NoSuchNode { gindex: outer })?;
            return with_hasher::<H, _>(|| element.tree_node(rest)).map_err(|e| match e {
                ProofError::NoSuchNode { .. } => ProofError::NoSuchNode { gindex: outer },
                other => other,
            });
        }
        let mut cache = self.cache.lock();
        if cache.data_root.is_none() {
            self.refresh(&mut cache);
        }
        let level = depth - d;
        let pos = gindex.position();
        let height = self.height();
        if level >= height {
            return Ok(if pos == 0 {
                self.top_at(&cache, level)
            } else {
                H::zero_hash(level as usize)
            });
        }
        match usize::try_from(pos) {
            Ok(i) if i < self.count(level) => Ok(self.node(&cache, level, i)),
            _ => Ok(H::zero_hash(level as usize)),
        }
    }

    /// Heap bytes held, counting each shared allocation once across calls
    /// that share `seen` (for memory figures).
    pub(crate) fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
        let mut bytes = self.blocks.capacity() * core::mem::size_of::<usize>();
        for b in &self.blocks {
            if seen(Arc::as_ptr(b).cast()) {
                bytes += core::mem::size_of::<Vec<T>>()
                    + 2 * core::mem::size_of::<usize>()
                    + b.capacity() * core::mem::size_of::<T>();
            }
        }
        let cache = self.cache.lock();
        bytes += cache.dirty.capacity() * core::mem::size_of::<usize>();
        bytes += cache.levels.capacity() * core::mem::size_of::<Level>();
        for level in &cache.levels {
            bytes += level.heap_bytes(seen);
        }
        bytes
    }
}
