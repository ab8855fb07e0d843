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
//! nodes of a level are gathered, hashed in one
//! [`Hasher::hash_nodes`](crate::hasher::Hasher::hash_nodes) batch (split
//! across rayon threads with the `parallel` feature), and their roots
//! stored in the nodes ([`levels`]). Composite elements are hashed in batches too: a
//! batch gathers references to them for their
//! `TreeHash::tree_hash_leaves_of`, which a derived container answers by
//! hashing all their trees level by level together. Absent nodes are zero
//! subtrees, read from the hasher's table
//! ([`Hasher::zero_hash`](crate::hasher::Hasher::zero_hash), for SHA-256
//! `ZERO_HASHES`), so a limit of 2^40 costs nothing.
//!
//! A node's root is stored through `&self` (in atomics, so that no lock is
//! needed per node). It is a function of the node's children, which never
//! change while the node is shared: a node is changed only through
//! `Arc::make_mut`, which copies it when it is shared. So two values that
//! share a node agree on its root, and when both bring it up to date they
//! store the same bytes. Nothing else is written through `&self` but the
//! data root, once per change, in a `OnceLock` (see [`cache`]): so no lock
//! guards the tree.
//!
//! Every node is hashed with the tree's hasher `H`; the roots of composite
//! elements come from their `TreeHash` impls, run under
//! [`with_hasher::<H>`](with_hasher).
//!
//! The rooms: [`node`] (inner nodes, the top), [`digest`] (the cached
//! root every node holds), [`leaf`] and [`packed_leaf`] (the leaves of
//! composite and basic elements), [`builder`] (a tree from its leaves),
//! [`descent`] (the one walk down a path, for every operation that follows
//! one), [`iter`] (the leaves in order), [`levels`] (hashing the nodes level
//! by level), [`cache`] (the bookkeeping of dirty leaves and the cached data
//! root), [`mem`] (heap bytes) and [`prefetch`].

mod builder;
mod cache;
mod descent;
mod digest;
mod iter;
mod leaf;
mod levels;
mod mem;
mod node;
mod packed_leaf;
mod prefetch;

use crate::hasher::{with_hasher, ScopedHasher};
use crate::merkle::depth_for;
use crate::{Gindex, ProofError, Root, TreeHash, BYTES_PER_CHUNK};
use alloc::sync::Arc;
use alloc::vec::Vec;
use builder::Builder;
use cache::Cache;
use core::marker::PhantomData;
use descent::{descend, update_leaves, Gap, Own, Reached, Written};
use iter::Leaves;
use leaf::{Leaf, Values};
use node::{spine, Inner, Kids, NodeRef, Top};
use packed_leaf::BASIC_LEAF_LEVELS;

/// Elements in a persistent tree of nodes that cache their roots, hashed
/// with `H`.
pub(crate) struct Tree<T, H> {
    top: Top<T>,
    len: usize,
    cache: Cache,
    _hasher: PhantomData<fn() -> H>,
}

impl<T: Clone, H> Clone for Tree<T, H> {
    fn clone(&self) -> Self {
        Tree {
            top: self.top.clone(),
            len: self.len,
            cache: self.cache.clone(),
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
            cache: Cache::default(),
            _hasher: PhantomData,
        }
    }

    pub(crate) fn from_vec(values: Vec<T>) -> Self {
        Self::from_iter(values.into_iter())
    }

    /// The tree of the elements `iter` yields, no root computed (see
    /// [`Builder`] on where its nodes lie in memory).
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
            cache: Cache::default(),
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
        match &self.top {
            Top::Empty => None,
            Top::Leaf(leaf) => (level == 0 && pos == 0).then_some(NodeRef::Leaf(leaf)),
            Top::Inner(node) => match descend(&**node, height, level, pos) {
                Reached::Inner(node) => Some(NodeRef::Inner(node)),
                Reached::Leaf(leaf) => Some(NodeRef::Leaf(leaf)),
                Reached::Gap(()) => None,
            },
        }
    }

    /// Down the path to leaf `li` of a tree of height `height` through
    /// nodes made this tree's own, with `cut` dropping what lies right of
    /// the path (see [`descent`]). `None` for an empty tree or, above a
    /// single leaf, for a leaf other than 0.
    fn path_mut(&mut self, height: u32, li: usize, cut: bool) -> Option<Written<'_, T>>
    where
        T: Clone,
    {
        match &mut self.top {
            Top::Empty => None,
            Top::Leaf(leaf) => (li == 0).then_some(Reached::Leaf(leaf)),
            Top::Inner(node) => {
                let node = Own {
                    node: Arc::make_mut(node),
                    cut,
                };
                Some(descend(node, height, 0, li))
            }
        }
    }

    /// Leaf `li`, made this tree's own (with the nodes above it).
    fn leaf_mut(&mut self, li: usize) -> Option<&mut Leaf<T>>
    where
        T: Clone,
    {
        match self.path_mut(self.height(), li, false)? {
            Reached::Leaf(leaf) => Some(Arc::make_mut(leaf)),
            Reached::Inner(_) | Reached::Gap(_) => None,
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
        let cache = &mut self.cache;
        cache.settle();
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
            self.cache = Cache::default();
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

    /// Hangs `leaf` as leaf `n`, the one after the last (`n` leaves now):
    /// in the gap where the path to leaf `n` leaves the tree, or, when the
    /// tree is full, beside the whole tree under a new top.
    fn append_leaf(&mut self, n: usize, leaf: Arc<Leaf<T>>)
    where
        T: Clone,
    {
        let height = depth_for(n as u128);
        let full = height < usize::BITS && n == 1 << height;
        if !full && matches!(self.top, Top::Inner(_)) {
            match self.path_mut(height, n, false) {
                Some(Reached::Gap(Gap::Leaf(gap))) => *gap = Some(leaf),
                Some(Reached::Gap(Gap::Inner(gap, level))) => *gap = Some(spine(leaf, level)),
                // Leaf `n` is past the end, so its path meets a gap.
                Some(Reached::Leaf(_) | Reached::Inner(_)) | None => {}
            }
            return;
        }
        let top = core::mem::replace(&mut self.top, Top::Empty);
        self.top = match top {
            Top::Empty => Top::Leaf(leaf),
            Top::Leaf(first) => Top::Inner(Inner::new(Kids::Leaves(first, Some(leaf)))),
            // Full: a new top over the old one and the new leaf's spine.
            Top::Inner(node) => {
                Top::Inner(Inner::new(Kids::Inners(node, Some(spine(leaf, height)))))
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
        // Cut everything right of the new last leaf's path, and shorten
        // that leaf.
        let last = leaves - 1;
        let keep = len - last * Self::PER_LEAF;
        if let Some(Reached::Leaf(leaf)) = self.path_mut(height, last, true) {
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
        let cache = &mut self.cache;
        cache.settle();
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
        self.cache.dirty.capacity() * core::mem::size_of::<usize>()
            + mem::top_bytes(&self.top, seen)
    }

    /// The root of the data tree of `depth` levels (the limit's), brought
    /// up to date and cached.
    pub(crate) fn data_root(&self, depth: u32) -> Root {
        self.cache.root.get_or_init(|| {
            self.refresh();
            self.top_at(depth)
        })
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

    /// Node `pos` of data level `level <= BASIC_LEAF_LEVELS` inside a leaf
    /// of a basic type holding `values`, under the tree's hasher.
    fn packed_node(values: &[T], level: u32, pos: usize) -> Root {
        packed_leaf::packed_node::<T, H>(values, level, pos)
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
        // Brings the nodes up to date (and caches the root).
        self.data_root(depth);
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
