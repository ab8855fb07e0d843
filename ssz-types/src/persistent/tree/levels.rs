//! Bringing the nodes' roots up to date, level by level: every node the
//! first time, then the dirty leaves' paths. The nodes of a level are
//! gathered and hashed in one [`Hasher::hash_nodes`] batch (split across
//! rayon threads with the `parallel` feature).

use super::descent;
use super::leaf::{hash_composite, Leaf};
use super::node::{Inner, Kids, Top};
use super::packed_leaf::hash_packed;
use super::prefetch::prefetch;
use super::Tree;
use crate::hasher::{with_hasher, Hasher, ScopedHasher};
use crate::{Root, TreeHash};
use alloc::vec::Vec;

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

impl<T: TreeHash + Send, H: ScopedHasher> Tree<T, H> {
    /// Brings the nodes' roots up to date: every node the first time,
    /// then the dirty leaves' paths only. Reads the bookkeeping, which
    /// the next change through `&mut` settles (see the `cache` module).
    pub(super) fn refresh(&self) {
        let height = self.height();
        if !self.cache.built {
            match &self.top {
                Top::Empty => {}
                Top::Leaf(leaf) => self.hash_leaves(&[&**leaf]),
                Top::Inner(node) => self.build(node, height),
            }
            return;
        }
        if self.cache.dirty.is_empty() {
            return;
        }
        let mut dirty = self.cache.dirty.clone();
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
                            .set(&node.pair_root::<H>(Self::LEAF_LEVEL + level - 1))
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
            Self::hash_subtree(&leaves, &levels);
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
            .set(&node.pair_root::<H>(Self::LEAF_LEVEL + level - 1));
    }

    /// The roots of the nodes of a whole subtree, `levels` as
    /// [`collect_all`] gives them, over `leaves`, whose roots are up to
    /// date: each level hashed from the roots of the level below, kept
    /// side by side here, rather than read back from the children. In a
    /// subtree every node but the last of its level has two children (a
    /// right child is absent only past the end), so node `k`'s children
    /// are `2k` and `2k + 1` of the level below.
    fn hash_subtree(leaves: &[&Leaf<T>], levels: &[Vec<&Inner<T>>]) {
        let mut below: Vec<Root> = leaves.iter().map(|leaf| leaf.digest.get()).collect();
        let mut here: Vec<Root> = Vec::with_capacity(below.len().div_ceil(2));
        for (l, nodes) in levels.iter().enumerate().skip(1) {
            debug_assert_eq!(nodes.len(), below.len().div_ceil(2));
            if below.len() % 2 == 1 {
                below.push(H::zero_hash((Self::LEAF_LEVEL + l as u32 - 1) as usize));
            }
            here.clear();
            here.resize(below.len() / 2, [0u8; 32]);
            hash_batch::<H>(below.as_flattened().as_chunks::<64>().0, &mut here);
            for (node, root) in nodes.iter().zip(here.iter()) {
                node.digest.set(root);
            }
            core::mem::swap(&mut below, &mut here);
        }
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

    /// The root of one leaf, under the tree's hasher.
    fn leaf_root(leaf: &Leaf<T>) -> Root {
        if T::IS_BASIC {
            Self::packed_node(leaf.values(), Self::LEAF_LEVEL, 0)
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
                .max(super::leaf::GATHER);
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
            hash_packed::<T, H>(leaves)
        } else {
            hash_composite(leaves)
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
                    let (left, right) = ahead.kid_digests();
                    prefetch(left);
                    if let Some(right) = right {
                        prefetch(right);
                    }
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
    let mid = descent::right_base(level, base);
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
