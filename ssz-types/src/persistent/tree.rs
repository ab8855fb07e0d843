//! The shared core of [`PersistentList`](super::PersistentList),
//! [`PersistentVector`](super::PersistentVector) and the subtrees of
//! [`PersistentProgressiveList`](super::PersistentProgressiveList): a
//! persistent binary tree of `Arc`'d nodes over the elements, each node
//! holding its cached root, with a list of dirty leaves.
//!
//! ```text
//!   node level h   [Inner]                 the top; folded with zero subtrees
//!   ...            [Inner]   [Inner]       up to the depth of the limit
//!   node level 1   [Inner] [Inner] ...     two leaves each (the right one
//!                                          absent past the end)
//!   node level 0   [Leaf][Leaf][Leaf]...   composite: one element and its root
//!                                          basic: the elements of 8 chunks and
//!                                          the root of those chunks
//! ```
//!
//! A clone copies one pointer. A write copies the leaf and the nodes on its
//! path that the clone shares (`Arc::make_mut`), so two values share every
//! node neither of them changed, as in milhouse.
//!
//! Re-rooting hashes the dirty leaves' paths only, level by level: the dirty
//! nodes of a level are gathered, hashed in one [`Hasher::hash_nodes`] batch
//! (split across rayon threads with the `parallel` feature), and their roots
//! stored in the nodes. Composite elements are hashed in batches too: a
//! batch gathers references to them for their
//! `TreeHash::tree_hash_leaves_of`, which a derived container answers by
//! hashing all their trees level by level together. Absent nodes are zero
//! subtrees, read from the hasher's table ([`Hasher::zero_hash`], for SHA-256
//! `ZERO_HASHES`), so a limit of 2^40 costs nothing.
//!
//! A node's root is stored through `&self` (in atomics, so that no lock is
//! needed per node). It is a function of the node's children, which never
//! change while the node is shared: a node is changed only through
//! `Arc::make_mut`, which copies it when it is shared. So two values that
//! share a node agree on its root, and when both bring it up to date they
//! store the same bytes.
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
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Levels of chunks in a leaf of a basic type: 8 chunks (256 bytes of
/// elements), copied whole on a leaf's first write after a clone.
const BASIC_LEAF_LEVELS: u32 = 3;

/// Composite elements hashed together in one `tree_hash_leaves_of` call.
const GATHER: usize = 64;

/// Basic leaves packed and hashed together.
const BASIC_GATHER: usize = 64;

/// How many nodes ahead a pass over a level's nodes asks for the next
/// children's roots (and twice as far, for the nodes themselves).
const AHEAD: usize = 8;

/// How many nodes ahead [`collect_all`] asks for the node it will read.
const COLLECT_AHEAD: usize = 32;

/// Nodes of a level hashed in one batch (the inputs take 64 bytes each).
const LEVEL_BATCH: usize = 8192;

/// Levels of the subtrees a first root hashes one at a time, level by
/// level (1024 leaves: their nodes stay in cache between the levels).
const LOCAL_LEVELS: u32 = 10;

/// Dirty leaves up to which a root rehashes their paths one hash at a
/// time, with no batch to gather.
const FEW_DIRTY: usize = 8;

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

/// Runs `a` and `b`: on two rayon threads with the `parallel` feature, one
/// after the other without it.
fn join(a: impl FnOnce() + Send, b: impl FnOnce() + Send) {
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        rayon::join(a, b);
        return;
    }
    a();
    b();
}

/// A node's cached root, stored through `&self` as eight relaxed atomic
/// words (see the module's docs on why every store is of the right bytes).
struct Digest([AtomicU32; 8]);

impl Digest {
    fn new(root: &Root) -> Digest {
        let digest = Digest(Default::default());
        digest.set(root);
        digest
    }

    #[inline]
    fn get(&self) -> Root {
        let mut root = [0u8; 32];
        for (word, bytes) in self.0.iter().zip(root.chunks_exact_mut(4)) {
            bytes.copy_from_slice(&word.load(Ordering::Relaxed).to_ne_bytes());
        }
        root
    }

    #[inline]
    fn set(&self, root: &Root) {
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

/// The elements of a leaf: one composite element, or the elements of up to
/// `2^BASIC_LEAF_LEVELS` chunks of a basic type.
#[derive(Clone)]
enum Values<T> {
    One(T),
    Many(Vec<T>),
}

/// A leaf node: its elements and their root (for a basic type, the root of
/// its `2^BASIC_LEAF_LEVELS` chunks).
#[derive(Clone)]
struct Leaf<T> {
    digest: Digest,
    values: Values<T>,
}

impl<T> Leaf<T> {
    fn new(values: Values<T>) -> Arc<Leaf<T>> {
        Arc::new(Leaf {
            digest: Digest::new(&[0u8; 32]),
            values,
        })
    }

    #[inline]
    fn values(&self) -> &[T] {
        match &self.values {
            Values::One(v) => core::slice::from_ref(v),
            Values::Many(v) => v,
        }
    }

    #[inline]
    fn values_mut(&mut self) -> &mut [T] {
        match &mut self.values {
            Values::One(v) => core::slice::from_mut(v),
            Values::Many(v) => v,
        }
    }
}

/// A node above the leaves. Its left child always exists; the right one is
/// absent when it would lie wholly past the end (a zero subtree).
#[derive(Clone)]
struct Inner<T> {
    digest: Digest,
    kids: Kids<T>,
}

/// The children of an [`Inner`] node: leaves at node level 1, inner nodes
/// above.
#[derive(Clone)]
enum Kids<T> {
    Leaves(Arc<Leaf<T>>, Option<Arc<Leaf<T>>>),
    Inners(Arc<Inner<T>>, Option<Arc<Inner<T>>>),
}

impl<T> Inner<T> {
    fn new(kids: Kids<T>) -> Arc<Inner<T>> {
        Arc::new(Inner {
            digest: Digest::new(&[0u8; 32]),
            kids,
        })
    }

    /// The children's cached roots: the left one's, and the right one's
    /// where it exists.
    #[inline(always)]
    fn kid_digests(&self) -> (&Digest, Option<&Digest>) {
        match &self.kids {
            Kids::Leaves(l, r) => (&l.digest, r.as_ref().map(|r| &r.digest)),
            Kids::Inners(l, r) => (&l.digest, r.as_ref().map(|r| &r.digest)),
        }
    }

    /// Asks for the cache lines of the children's roots.
    #[inline(always)]
    fn prefetch_kids(&self) {
        let (left, right) = self.kid_digests();
        prefetch(left);
        if let Some(right) = right {
            prefetch(right);
        }
    }

    /// The cached root of the left child.
    #[inline]
    fn left_root(&self) -> Root {
        self.kid_digests().0.get()
    }

    /// The cached root of the right child, or the zero subtree of data
    /// level `child`.
    #[inline]
    fn right_root<H: Hasher>(&self, child: u32) -> Root {
        self.kid_digests()
            .1
            .map_or_else(|| H::zero_hash(child as usize), Digest::get)
    }
}

/// The top of a tree: nothing, one leaf, or an inner node.
#[derive(Clone)]
enum Top<T> {
    Empty,
    Leaf(Arc<Leaf<T>>),
    Inner(Arc<Inner<T>>),
}

/// A node seen from above, for reading.
enum NodeRef<'a, T> {
    Leaf(&'a Leaf<T>),
    Inner(&'a Inner<T>),
}

impl<'a, T> NodeRef<'a, T> {
    fn copy(&self) -> NodeRef<'a, T> {
        match self {
            NodeRef::Leaf(l) => NodeRef::Leaf(l),
            NodeRef::Inner(n) => NodeRef::Inner(n),
        }
    }

    fn digest(&self) -> Root {
        match self {
            NodeRef::Leaf(l) => l.digest.get(),
            NodeRef::Inner(n) => n.digest.get(),
        }
    }
}

/// `levels` inner nodes above `leaf`, each with no right child: the path a
/// leaf appended past a full subtree hangs on. `levels >= 1`.
fn spine<T>(leaf: Arc<Leaf<T>>, levels: u32) -> Arc<Inner<T>> {
    let mut node = Inner::new(Kids::Leaves(leaf, None));
    for _ in 1..levels {
        node = Inner::new(Kids::Inners(node, None));
    }
    node
}

/// A complete subtree, for [`Builder`].
enum Part<T> {
    Leaf(Arc<Leaf<T>>),
    Inner(Arc<Inner<T>>),
}

impl<T> Part<T> {
    /// This subtree under a new node with no right child.
    fn raise(self) -> Part<T> {
        Part::Inner(Inner::new(match self {
            Part::Leaf(l) => Kids::Leaves(l, None),
            Part::Inner(n) => Kids::Inners(n, None),
        }))
    }

    /// The node over `self` (left) and `right`, both at the same level.
    fn join(self, right: Part<T>) -> Part<T> {
        Part::Inner(Inner::new(match (self, right) {
            (Part::Leaf(l), Part::Leaf(r)) => Kids::Leaves(l, Some(r)),
            (Part::Inner(l), Part::Inner(r)) => Kids::Inners(l, Some(r)),
            // Parts of one level are of one kind; not reached.
            (Part::Leaf(l), Part::Inner(_)) => Kids::Leaves(l, None),
            (Part::Inner(l), Part::Leaf(_)) => Kids::Inners(l, None),
        }))
    }
}

/// Builds a tree from its leaves in order, as a binary counter: the stack
/// holds complete subtrees of decreasing levels, and two of the same level
/// are joined as soon as the second is pushed.
struct Builder<T> {
    stack: Vec<(u32, Part<T>)>,
}

impl<T> Default for Builder<T> {
    fn default() -> Self {
        Builder { stack: Vec::new() }
    }
}

impl<T> Builder<T> {
    fn push(&mut self, leaf: Arc<Leaf<T>>) {
        let mut part = (0, Part::Leaf(leaf));
        while let Some((level, _)) = self.stack.last() {
            if *level != part.0 {
                break;
            }
            let Some((level, left)) = self.stack.pop() else {
                break;
            };
            part = (level + 1, left.join(part.1));
        }
        self.stack.push(part);
    }

    /// The tree: the partial subtrees on the stack joined from the right,
    /// each raised to the level of its left neighbour first.
    fn finish(mut self) -> Top<T> {
        let Some((mut level, mut part)) = self.stack.pop() else {
            return Top::Empty;
        };
        while let Some((left_level, left)) = self.stack.pop() {
            while level < left_level {
                part = part.raise();
                level += 1;
            }
            part = left.join(part);
            level += 1;
        }
        match part {
            Part::Leaf(leaf) => Top::Leaf(leaf),
            Part::Inner(node) => Top::Inner(node),
        }
    }
}

/// What the lock guards: the dirty leaves and the cached root.
#[derive(Clone, Default)]
struct Cache {
    /// Whether the nodes' roots are those of the current elements, up to
    /// the leaves in `dirty`. Set by the first root asked for, so that
    /// decoding hashes nothing.
    built: bool,
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

/// Elements in a persistent tree of nodes that cache their roots, hashed
/// with `H`.
pub(crate) struct Tree<T, H> {
    top: Top<T>,
    len: usize,
    cache: SpinLock<Cache>,
    _hasher: PhantomData<fn() -> H>,
}

impl<T: Clone, H> Clone for Tree<T, H> {
    fn clone(&self) -> Self {
        Tree {
            top: self.top.clone(),
            len: self.len,
            cache: SpinLock::new(self.cache.lock().clone()),
            _hasher: PhantomData,
        }
    }
}

impl<T: TreeHash + Send, H: ScopedHasher> Tree<T, H> {
    /// Elements of a basic type per chunk (1 for a composite type).
    pub(crate) const PER_CHUNK: usize = if T::IS_BASIC {
        BYTES_PER_CHUNK / T::LEAF_SIZE
    } else {
        1
    };

    /// Data-tree levels inside a leaf: a leaf's root is a node of this
    /// level of the data tree (0: the chunks).
    const LEAF_LEVEL: u32 = if T::IS_BASIC { BASIC_LEAF_LEVELS } else { 0 };

    /// Elements per leaf.
    const PER_LEAF: usize = Self::PER_CHUNK << Self::LEAF_LEVEL;

    pub(crate) fn new() -> Self {
        Tree {
            top: Top::Empty,
            len: 0,
            cache: SpinLock::new(Cache::default()),
            _hasher: PhantomData,
        }
    }

    pub(crate) fn from_vec(values: Vec<T>) -> Self {
        Self::from_iter(values.into_iter())
    }

    /// The tree of the elements `iter` yields, no root computed. Each
    /// node is allocated as soon as its children are (post-order), so that
    /// the nodes of a subtree lie together in memory and the lower part of
    /// a path shares pages and cache lines.
    pub(crate) fn from_iter(mut iter: impl Iterator<Item = T>) -> Self {
        let mut builder = Builder::default();
        let mut len = 0;
        if T::IS_BASIC {
            loop {
                let values: Vec<T> = iter.by_ref().take(Self::PER_LEAF).collect();
                if values.is_empty() {
                    break;
                }
                len += values.len();
                builder.push(Leaf::new(Values::Many(values)));
            }
        } else {
            for value in iter {
                len += 1;
                builder.push(Leaf::new(Values::One(value)));
            }
        }
        Tree {
            top: builder.finish(),
            len,
            cache: SpinLock::new(Cache::default()),
            _hasher: PhantomData,
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Leaves of the tree.
    #[inline]
    fn leaf_count(&self) -> usize {
        self.len.div_ceil(Self::PER_LEAF)
    }

    /// Levels of inner nodes: the top is at this node level (0: a leaf).
    #[inline]
    fn height(&self) -> u32 {
        depth_for(self.leaf_count() as u128)
    }

    /// Leaf `li`, read down from the top.
    fn leaf(&self, li: usize) -> Option<&Leaf<T>> {
        match self.node(0, li)? {
            NodeRef::Leaf(leaf) => Some(leaf),
            NodeRef::Inner(_) => None,
        }
    }

    /// The node at node level `level`, position `pos` (`None` past the
    /// end).
    fn node(&self, level: u32, pos: usize) -> Option<NodeRef<'_, T>> {
        let height = self.height();
        if level > height || (height - level < usize::BITS && pos >> (height - level) != 0) {
            return None;
        }
        let mut node = match &self.top {
            Top::Empty => return None,
            Top::Leaf(leaf) => return (level == 0 && pos == 0).then_some(NodeRef::Leaf(leaf)),
            Top::Inner(node) => &**node,
        };
        let mut at = height;
        while at > level {
            let right = (pos >> (at - 1 - level)) & 1 == 1;
            match &node.kids {
                Kids::Leaves(l, r) => {
                    let leaf = if right { r.as_deref()? } else { &**l };
                    return Some(NodeRef::Leaf(leaf));
                }
                Kids::Inners(l, r) => node = if right { r.as_deref()? } else { &**l },
            }
            at -= 1;
        }
        Some(NodeRef::Inner(node))
    }

    /// Leaf `li`, made this tree's own (with the nodes above it).
    fn leaf_mut(&mut self, li: usize) -> Option<&mut Leaf<T>>
    where
        T: Clone,
    {
        let height = self.height();
        let mut node = match &mut self.top {
            Top::Empty => return None,
            Top::Leaf(leaf) => return (li == 0).then(|| Arc::make_mut(leaf)),
            Top::Inner(node) => Arc::make_mut(node),
        };
        let mut at = height;
        loop {
            let right = at <= usize::BITS && (li >> (at - 1)) & 1 == 1;
            let here = node;
            match &mut here.kids {
                Kids::Leaves(l, r) => {
                    let leaf = if right { r.as_mut()? } else { l };
                    return Some(Arc::make_mut(leaf));
                }
                Kids::Inners(l, r) => node = Arc::make_mut(if right { r.as_mut()? } else { l }),
            }
            at -= 1;
        }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&T> {
        if i >= self.len {
            return None;
        }
        self.leaf(i / Self::PER_LEAF)?
            .values()
            .get(i % Self::PER_LEAF)
    }

    /// The elements leaf by leaf, in order.
    pub(crate) fn blocks(&self) -> impl DoubleEndedIterator<Item = &[T]> + '_ {
        Leaves::new(&self.top, self.leaf_count()).map(Leaf::values)
    }

    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.blocks().flat_map(|b| b.iter())
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
            // leaves that exist, or hash everything again when that is
            // cheaper.
            if cache.dirty.len() > 2 * leaves + 64 {
                cache.dirty.sort_unstable();
                cache.dirty.dedup();
                if cache.dirty.len() > leaves / 2 {
                    *cache = Cache::default();
                }
            }
        }
    }

    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T>
    where
        T: Clone,
    {
        if i >= self.len {
            return None;
        }
        let li = i / Self::PER_LEAF;
        self.mark(li);
        self.leaf_mut(li)?.values_mut().get_mut(i % Self::PER_LEAF)
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
        let (first, last) = (start / Self::PER_LEAF, (end - 1) / Self::PER_LEAF);
        // A whole-tree update: hashing everything is cheaper than tracking.
        if end - start >= self.len / 2 {
            *self.cache.get_mut() = Cache::default();
        } else {
            for leaf in first..=last {
                self.mark(leaf);
            }
        }
        let mut visit = |li: usize, leaf: &mut Leaf<T>| {
            let base = li * Self::PER_LEAF;
            for (k, v) in leaf.values_mut().iter_mut().enumerate() {
                let i = base + k;
                if (start..end).contains(&i) {
                    f(i, v);
                }
            }
        };
        let height = self.height();
        match &mut self.top {
            Top::Empty => {}
            Top::Leaf(leaf) => visit(0, Arc::make_mut(leaf)),
            Top::Inner(node) => {
                update_leaves(Arc::make_mut(node), height, 0, first, last, &mut visit)
            }
        }
    }

    pub(crate) fn push(&mut self, value: T)
    where
        T: Clone,
    {
        let leaves = self.leaf_count();
        if !self.len.is_multiple_of(Self::PER_LEAF) {
            // Room in the last leaf (basic types only).
            if let Some(Values::Many(values)) = self.leaf_mut(leaves - 1).map(|l| &mut l.values) {
                values.push(value);
            }
        } else {
            let leaf = Leaf::new(if T::IS_BASIC {
                let mut values = Vec::with_capacity(Self::PER_LEAF);
                values.push(value);
                Values::Many(values)
            } else {
                Values::One(value)
            });
            self.append_leaf(leaves, leaf);
        }
        self.len += 1;
        self.mark((self.len - 1) / Self::PER_LEAF);
    }

    /// Hangs `leaf` as leaf `n`, the one after the last (`n` leaves now).
    fn append_leaf(&mut self, n: usize, leaf: Arc<Leaf<T>>)
    where
        T: Clone,
    {
        let height = depth_for(n as u128);
        let top = core::mem::replace(&mut self.top, Top::Empty);
        self.top = match top {
            Top::Empty => Top::Leaf(leaf),
            Top::Leaf(first) => Top::Inner(Inner::new(Kids::Leaves(first, Some(leaf)))),
            Top::Inner(node) if height < usize::BITS && n == 1 << height => {
                // Full: a new top over the old one and the new leaf's spine.
                Top::Inner(Inner::new(Kids::Inners(node, Some(spine(leaf, height)))))
            }
            Top::Inner(mut node) => {
                let mut at = height;
                let mut here = Arc::make_mut(&mut node);
                loop {
                    let right = (n >> (at - 1)) & 1 == 1;
                    let cur = here;
                    match &mut cur.kids {
                        Kids::Leaves(_, r) => {
                            *r = Some(leaf);
                            break;
                        }
                        Kids::Inners(l, r) => {
                            if !right {
                                here = Arc::make_mut(l);
                            } else if let Some(r) = r {
                                here = Arc::make_mut(r);
                            } else {
                                *r = Some(spine(leaf, at - 1));
                                break;
                            }
                        }
                    }
                    at -= 1;
                }
                Top::Inner(node)
            }
        };
    }

    /// Removes and returns the last element.
    pub(crate) fn pop(&mut self) -> Option<T>
    where
        T: Clone,
    {
        let value = self.get(self.len.checked_sub(1)?)?.clone();
        self.truncate(self.len - 1);
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
        if len == 0 {
            self.top = Top::Empty;
            self.len = 0;
            self.shrunk();
            return;
        }
        let leaves = len.div_ceil(Self::PER_LEAF);
        let height = depth_for(leaves as u128);
        // Lower the top to the new height.
        for _ in height..self.height() {
            self.top = match &self.top {
                Top::Inner(node) => match &node.kids {
                    Kids::Leaves(l, _) => Top::Leaf(l.clone()),
                    Kids::Inners(l, _) => Top::Inner(l.clone()),
                },
                other => other.clone(),
            };
        }
        // Cut everything right of the new last leaf's path.
        let last = leaves - 1;
        let keep = len - last * Self::PER_LEAF;
        let leaf = match &mut self.top {
            Top::Empty => None,
            Top::Leaf(leaf) => Some(leaf),
            Top::Inner(node) => {
                let mut here = Arc::make_mut(node);
                let mut at = height;
                loop {
                    let right = (last >> (at - 1)) & 1 == 1;
                    let cur = here;
                    match &mut cur.kids {
                        Kids::Leaves(l, r) => {
                            if right {
                                break r.as_mut();
                            }
                            *r = None;
                            break Some(l);
                        }
                        Kids::Inners(l, r) => {
                            if right {
                                match r {
                                    Some(r) => here = Arc::make_mut(r),
                                    None => break None,
                                }
                            } else {
                                *r = None;
                                here = Arc::make_mut(l);
                            }
                        }
                    }
                    at -= 1;
                }
            }
        };
        if let Some(leaf) = leaf {
            if leaf.values().len() > keep {
                if let Values::Many(values) = &mut Arc::make_mut(leaf).values {
                    values.truncate(keep);
                }
            }
        }
        self.len = len;
        self.shrunk();
    }

    /// After elements were removed from the end: the nodes of the new last
    /// leaf's path are the only nodes that covered removed leaves and are
    /// still in the tree, so that path is marked dirty.
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

    /// Heap bytes held, counting each shared allocation once across calls
    /// that share `seen` (for memory figures).
    pub(crate) fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
        let cache = self.cache.lock();
        let bytes = cache.dirty.capacity() * core::mem::size_of::<usize>();
        drop(cache);
        bytes
            + match &self.top {
                Top::Empty => 0,
                Top::Leaf(leaf) => leaf_bytes(leaf, seen),
                Top::Inner(node) => inner_bytes(node, seen),
            }
    }
}

/// Bytes of an `Arc` allocation holding a `V`.
const fn arc_bytes<V>() -> usize {
    core::mem::size_of::<V>() + 2 * core::mem::size_of::<usize>()
}

fn leaf_bytes<T>(leaf: &Arc<Leaf<T>>, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
    if !seen(Arc::as_ptr(leaf).cast()) {
        return 0;
    }
    arc_bytes::<Leaf<T>>()
        + match &leaf.values {
            Values::One(_) => 0,
            Values::Many(v) => v.capacity() * core::mem::size_of::<T>(),
        }
}

fn inner_bytes<T>(node: &Arc<Inner<T>>, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
    if !seen(Arc::as_ptr(node).cast()) {
        return 0;
    }
    arc_bytes::<Inner<T>>()
        + match &node.kids {
            Kids::Leaves(l, r) => {
                leaf_bytes(l, seen) + r.as_ref().map_or(0, |r| leaf_bytes(r, seen))
            }
            Kids::Inners(l, r) => {
                inner_bytes(l, seen) + r.as_ref().map_or(0, |r| inner_bytes(r, seen))
            }
        }
}

/// Asks for the cache line of `value`, which the caller reads soon: a
/// hint, with no effect on what the program does.
#[inline(always)]
fn prefetch<V>(value: &V) {
    prefetch_at((value as *const V).cast());
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

/// Asks for every cache line of `value`.
#[inline(always)]
fn prefetch_all<V>(value: &V) {
    let at = (value as *const V).cast::<u8>();
    for off in (0..core::mem::size_of::<V>()).step_by(64) {
        prefetch_at(at.wrapping_add(off));
    }
}

/// Calls `visit(li, leaf)` on the leaves `first..=last` under `node` (at
/// node level `level`, its first leaf `base`), each made this tree's own.
fn update_leaves<T: Clone>(
    node: &mut Inner<T>,
    level: u32,
    base: usize,
    first: usize,
    last: usize,
    visit: &mut impl FnMut(usize, &mut Leaf<T>),
) {
    let half = 1usize.checked_shl(level - 1).unwrap_or(usize::MAX);
    let mid = base.saturating_add(half);
    match &mut node.kids {
        Kids::Leaves(l, r) => {
            if first <= base {
                visit(base, Arc::make_mut(l));
            }
            if let Some(r) = r {
                if last >= mid {
                    visit(mid, Arc::make_mut(r));
                }
            }
        }
        Kids::Inners(l, r) => {
            if first < mid {
                update_leaves(Arc::make_mut(l), level - 1, base, first, last, visit);
            }
            if let Some(r) = r {
                if last >= mid {
                    update_leaves(Arc::make_mut(r), level - 1, mid, first, last, visit);
                }
            }
        }
    }
}

/// The leaves of a tree in order, from both ends: each end keeps a stack
/// of the subtrees it has still to visit, the next one on top.
struct Leaves<'a, T> {
    front: Vec<NodeRef<'a, T>>,
    back: Vec<NodeRef<'a, T>>,
    /// Leaves not yet yielded from either end.
    left: usize,
}

impl<'a, T> Leaves<'a, T> {
    fn new(top: &'a Top<T>, count: usize) -> Self {
        let start = match top {
            Top::Empty => None,
            Top::Leaf(leaf) => Some(NodeRef::Leaf(&**leaf)),
            Top::Inner(node) => Some(NodeRef::Inner(&**node)),
        };
        let back = start.iter().map(NodeRef::copy).collect();
        Leaves {
            front: start.into_iter().collect(),
            back,
            left: count,
        }
    }

    /// The next leaf of `stack`, `left_first` for the front.
    fn step(stack: &mut Vec<NodeRef<'a, T>>, left_first: bool) -> Option<&'a Leaf<T>> {
        loop {
            let node = match stack.pop()? {
                NodeRef::Leaf(leaf) => return Some(leaf),
                NodeRef::Inner(node) => node,
            };
            let (l, r) = match &node.kids {
                Kids::Leaves(l, r) => (NodeRef::Leaf(&**l), r.as_deref().map(NodeRef::Leaf)),
                Kids::Inners(l, r) => (NodeRef::Inner(&**l), r.as_deref().map(NodeRef::Inner)),
            };
            if left_first {
                stack.extend(r);
                stack.push(l);
            } else {
                stack.push(l);
                stack.extend(r);
            }
        }
    }
}

impl<'a, T> Iterator for Leaves<'a, T> {
    type Item = &'a Leaf<T>;

    fn next(&mut self) -> Option<&'a Leaf<T>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        Self::step(&mut self.front, true)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> DoubleEndedIterator for Leaves<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        Self::step(&mut self.back, false)
    }
}

impl<T: TreeHash + Send, H: ScopedHasher> Tree<T, H> {
    /// The root of the data tree of `depth` levels (the limit's), brought
    /// up to date and cached.
    pub(crate) fn data_root(&self, depth: u32) -> Root {
        let mut cache = self.cache.lock();
        if let Some(root) = cache.data_root {
            return root;
        }
        self.refresh(&mut cache);
        let root = self.top_at(depth);
        cache.data_root = Some(root);
        root
    }

    /// Node 0 of data level `level`, which is at or above the top (or,
    /// for a basic type's single leaf, inside it): the top folded with
    /// zero subtrees.
    fn top_at(&self, level: u32) -> Root {
        let top_level = Self::LEAF_LEVEL + self.height();
        let top = match &self.top {
            Top::Empty => return H::zero_hash(level as usize),
            Top::Leaf(leaf) if level < top_level => {
                return Self::packed_node(leaf.values(), level, 0);
            }
            Top::Leaf(leaf) => leaf.digest.get(),
            Top::Inner(node) => node.digest.get(),
        };
        let mut root = top;
        for l in top_level..level {
            root = H::hash_pair(&root, &H::zero_hash(l as usize));
        }
        root
    }

    /// Node `pos` of data level `level < BASIC_LEAF_LEVELS` inside a leaf
    /// of a basic type holding `values`.
    fn packed_node(values: &[T], level: u32, pos: usize) -> Root {
        let mut bytes = [0u8; 32 << BASIC_LEAF_LEVELS];
        let len = values.len() * T::LEAF_SIZE;
        T::tree_hash_leaves(values, &mut bytes[..len]);
        let width = 32usize << level;
        let node = bytes.chunks(width).nth(pos).unwrap_or_default();
        crate::merkle::merkleize_packed_with::<H>(node, 1 << level)
    }

    /// Brings the nodes' roots up to date: every node the first time,
    /// then the dirty leaves' paths only.
    fn refresh(&self, cache: &mut Cache) {
        let height = self.height();
        if !cache.built {
            match &self.top {
                Top::Empty => {}
                Top::Leaf(leaf) => self.hash_leaves(&[&**leaf]),
                Top::Inner(node) => self.build(node, height),
            }
            cache.built = true;
            cache.dirty = Vec::new();
            return;
        }
        if cache.dirty.is_empty() {
            return;
        }
        let mut dirty = core::mem::take(&mut cache.dirty);
        dirty.sort_unstable();
        dirty.dedup();
        match &self.top {
            Top::Empty => {}
            Top::Leaf(leaf) => self.hash_leaves(&[&**leaf]),
            // A few paths: one hash at a time, as the walk reaches them.
            Top::Inner(node) if dirty.len() <= FEW_DIRTY => with_hasher::<H, _>(|| {
                walk_dirty(
                    node,
                    height,
                    0,
                    &dirty,
                    &mut |leaf| leaf.digest.set(&Self::leaf_root(leaf)),
                    &mut |node, level| {
                        node.digest
                            .set(&Self::pair_of(node, Self::LEAF_LEVEL + level - 1))
                    },
                )
            }),
            // More: the dirty nodes gathered per level and hashed in batches.
            Top::Inner(node) => {
                let mut levels: Vec<Vec<&Inner<T>>> = (0..=height).map(|_| Vec::new()).collect();
                let mut leaves = Vec::with_capacity(dirty.len());
                walk_dirty(
                    node,
                    height,
                    0,
                    &dirty,
                    &mut |leaf| leaves.push(leaf),
                    &mut |node, level| levels[level as usize].push(node),
                );
                self.hash_leaves(&leaves);
                Self::hash_levels(&levels);
            }
        }
        // Keep the allocation for the next round.
        dirty.clear();
        cache.dirty = dirty;
    }

    /// Every root under `node` (at node level `level`): subtrees of
    /// [`LOCAL_LEVELS`] levels are hashed level by level while their nodes
    /// are in cache; the few nodes above them one by one (the two halves
    /// on two rayon threads with the `parallel` feature).
    fn build(&self, node: &Inner<T>, level: u32) {
        if level <= LOCAL_LEVELS {
            let mut levels: Vec<Vec<&Inner<T>>> = (0..=level)
                // At most 2^(level - l) nodes on node level l; none on 0.
                .map(|l| Vec::with_capacity(if l == 0 { 0 } else { 1 << (level - l) }))
                .collect();
            let mut leaves = Vec::with_capacity(1 << level);
            collect_all(node, &mut levels, &mut leaves);
            with_hasher::<H, _>(|| Self::hash_leaf_run(&leaves));
            Self::hash_levels(&levels);
            return;
        }
        let (l, r) = match &node.kids {
            Kids::Inners(l, r) => (l, r),
            // Leaves sit at node level 0, below LOCAL_LEVELS.
            Kids::Leaves(..) => return,
        };
        join(
            || self.build(l, level - 1),
            || {
                if let Some(r) = r {
                    self.build(r, level - 1)
                }
            },
        );
        node.digest
            .set(&Self::pair_of(node, Self::LEAF_LEVEL + level - 1));
    }

    /// The roots of the nodes of `levels` (`levels[l]` at node level `l`,
    /// their children already hashed), a level at a time.
    fn hash_levels(levels: &[Vec<&Inner<T>>]) {
        let mut inputs: Vec<[u8; 64]> = Vec::new();
        let mut outs: Vec<Root> = Vec::new();
        for (l, nodes) in levels.iter().enumerate().skip(1) {
            Self::hash_inners(
                nodes,
                Self::LEAF_LEVEL + l as u32 - 1,
                &mut inputs,
                &mut outs,
            );
        }
    }

    /// The root of `node` from its children's, which are at data level
    /// `child`.
    #[inline]
    fn pair_of(node: &Inner<T>, child: u32) -> Root {
        H::hash_pair(&node.left_root(), &node.right_root::<H>(child))
    }

    /// The root of one leaf, under the tree's hasher.
    fn leaf_root(leaf: &Leaf<T>) -> Root {
        if T::IS_BASIC {
            Self::packed_node(leaf.values(), BASIC_LEAF_LEVELS, 0)
        } else {
            leaf.values()[0].hash_tree_root()
        }
    }

    /// The roots of `leaves` into them: composite elements in batches
    /// through references, basic leaves packed and hashed together.
    fn hash_leaves(&self, leaves: &[&Leaf<T>]) {
        #[cfg(feature = "parallel")]
        if leaves.len() >= 1024 && rayon::current_num_threads() > 1 {
            use rayon::prelude::*;
            let per = leaves
                .len()
                .div_ceil(rayon::current_num_threads() * 4)
                .max(GATHER);
            leaves
                .par_chunks(per)
                .for_each(|group| with_hasher::<H, _>(|| Self::hash_leaf_run(group)));
            return;
        }
        with_hasher::<H, _>(|| Self::hash_leaf_run(leaves))
    }

    /// [`Self::hash_leaves`] on one thread, under the tree's hasher.
    fn hash_leaf_run(leaves: &[&Leaf<T>]) {
        if T::IS_BASIC {
            const CHUNKS: usize = 1 << BASIC_LEAF_LEVELS;
            let mut buf = alloc::vec![[0u8; 32]; BASIC_GATHER * CHUNKS];
            let mut next = alloc::vec![[0u8; 32]; BASIC_GATHER * CHUNKS / 2];
            for group in leaves.chunks(BASIC_GATHER) {
                let chunks = &mut buf[..group.len() * CHUNKS];
                for (leaf, out) in group.iter().zip(chunks.chunks_exact_mut(CHUNKS)) {
                    let values = leaf.values();
                    let bytes = out.as_flattened_mut();
                    let n = values.len() * T::LEAF_SIZE;
                    T::tree_hash_leaves(values, &mut bytes[..n]);
                    bytes[n..].fill(0);
                }
                let mut width = chunks.len();
                for _ in 0..BASIC_LEAF_LEVELS {
                    width /= 2;
                    let pairs = buf[..2 * width].as_flattened().as_chunks::<64>().0;
                    H::hash_nodes(pairs, &mut next[..width]);
                    buf[..width].copy_from_slice(&next[..width]);
                }
                for (leaf, root) in group.iter().zip(&buf[..group.len()]) {
                    leaf.digest.set(root);
                }
            }
        } else {
            let mut values: Vec<&T> = Vec::with_capacity(GATHER);
            let mut roots = [[0u8; 32]; GATHER];
            let mut groups = leaves.chunks(GATHER).peekable();
            while let Some(group) = groups.next() {
                // The next group's leaves (each a few cache lines, far
                // from the others) come in while this one hashes.
                for leaf in groups.peek().copied().unwrap_or_default() {
                    prefetch_all::<Leaf<T>>(leaf);
                }
                values.clear();
                values.extend(group.iter().map(|leaf| &leaf.values()[0]));
                let roots = &mut roots[..group.len()];
                T::tree_hash_leaves_of(&values, roots.as_flattened_mut());
                for (leaf, root) in group.iter().zip(roots.iter()) {
                    leaf.digest.set(root);
                }
            }
        }
    }

    /// The roots of `nodes`, whose children are at data level `child`
    /// (`inputs` and `outs`: buffers kept between calls).
    fn hash_inners(
        nodes: &[&Inner<T>],
        child: u32,
        inputs: &mut Vec<[u8; 64]>,
        outs: &mut Vec<Root>,
    ) {
        for group in nodes.chunks(LEVEL_BATCH) {
            inputs.clear();
            inputs.extend(group.iter().enumerate().map(|(k, node)| {
                // The nodes of a level lie far apart: ask for the nodes
                // and then the children's roots a few steps ahead, so
                // that their misses overlap.
                if let Some(ahead) = group.get(k + 2 * AHEAD) {
                    prefetch(*ahead);
                }
                if let Some(ahead) = group.get(k + AHEAD) {
                    ahead.prefetch_kids();
                }
                let mut pair = [0u8; 64];
                pair[..32].copy_from_slice(&node.left_root());
                pair[32..].copy_from_slice(&node.right_root::<H>(child));
                pair
            }));
            outs.clear();
            outs.resize(group.len(), [0u8; 32]);
            hash_batch::<H>(inputs, outs);
            for (node, root) in group.iter().zip(outs.iter()) {
                node.digest.set(root);
            }
        }
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
        drop(cache);
        let level = depth - d;
        let pos = gindex.position();
        let top_level = Self::LEAF_LEVEL + self.height();
        if level >= top_level || self.len == 0 {
            return Ok(if pos == 0 {
                self.top_at(level)
            } else {
                H::zero_hash(level as usize)
            });
        }
        let Ok(pos) = usize::try_from(pos) else {
            return Ok(H::zero_hash(level as usize));
        };
        if level >= Self::LEAF_LEVEL {
            return Ok(self
                .node(level - Self::LEAF_LEVEL, pos)
                .map_or(H::zero_hash(level as usize), |n| n.digest()));
        }
        // Inside a leaf of a basic type.
        let inside = Self::LEAF_LEVEL - level;
        Ok(match self.leaf(pos >> inside) {
            Some(leaf) => Self::packed_node(leaf.values(), level, pos & ((1 << inside) - 1)),
            None => H::zero_hash(level as usize),
        })
    }
}

/// Every node under `node`, level by level (`levels[l]`: node level `l`,
/// `node` on the last), and the leaves in order.
fn collect_all<'a, T>(
    node: &'a Inner<T>,
    levels: &mut [Vec<&'a Inner<T>>],
    leaves: &mut Vec<&'a Leaf<T>>,
) {
    let height = levels.len() - 1;
    levels[height].push(node);
    for l in (1..=height).rev() {
        let (below, here) = levels.split_at_mut(l);
        let below = &mut below[l - 1];
        let nodes = &here[0];
        for (k, node) in nodes.iter().enumerate() {
            // Each node is a miss of its own: ask a few nodes ahead.
            if let Some(ahead) = nodes.get(k + COLLECT_AHEAD) {
                prefetch(&ahead.kids);
            }
            match &node.kids {
                Kids::Leaves(a, b) => {
                    leaves.push(a);
                    leaves.extend(b.as_deref());
                }
                Kids::Inners(a, b) => {
                    below.push(a);
                    below.extend(b.as_deref());
                }
            }
        }
    }
}

/// Visits the paths to the sorted `dirty` leaves under `node` (at node
/// level `level`, its first leaf `base`) in post-order: `leaf` on each
/// dirty leaf, `inner(node, level)` on each inner node above one, after its
/// children.
fn walk_dirty<'a, T>(
    node: &'a Inner<T>,
    level: u32,
    base: usize,
    dirty: &[usize],
    leaf: &mut impl FnMut(&'a Leaf<T>),
    inner: &mut impl FnMut(&'a Inner<T>, u32),
) {
    let half = 1usize.checked_shl(level - 1).unwrap_or(usize::MAX);
    let mid = base.saturating_add(half);
    let (l, r) = dirty.split_at(dirty.partition_point(|&d| d < mid));
    match &node.kids {
        Kids::Leaves(a, b) => {
            if !l.is_empty() {
                leaf(a);
            }
            if let (Some(b), false) = (b, r.is_empty()) {
                leaf(b);
            }
        }
        Kids::Inners(a, b) => {
            if !l.is_empty() {
                walk_dirty(a, level - 1, base, l, leaf, inner);
            }
            if let (Some(b), false) = (b, r.is_empty()) {
                walk_dirty(b, level - 1, mid, r, leaf, inner);
            }
        }
    }
    inner(node, level);
}
