//! The one walk over the paths of a multiproof, level by level from the
//! deepest: what [`get_helper_indices`](super::get_helper_indices),
//! [`check_indices`](super::check_indices) and the multiproof's root
//! (`calculate_multi_merkle_root`, `merkle-proofs.md` v1.6.1) all follow.
//!
//! ```text
//!   depth 2 ... 1            [ 2 ]               [ 3 ]        3's sibling 2
//!                           /     \             /     \       is on a path:
//!   depth 3            [4]          [5]      [6]       [7]    no helper
//!                           indices 5 and 6: 4 and 7 are helpers
//! ```
//!
//! The nodes on the paths at one depth are held in decreasing order of
//! index. Each is joined with its sibling, which is either the next node of
//! the level (a right child followed by its left sibling) or a helper; the
//! parents, in the same order, are merged with the indices given at the
//! depth above. So the helpers come out in the spec's order (decreasing
//! index: the deepest level first, each level right to left), and a level's
//! pairs are hashed in one batch.
//!
//! The spec's functions build sets of the paths' and branches' indices;
//! the walk visits each node on the paths once and keeps nothing but the
//! current level.

use alloc::vec::Vec;

use super::Gindex;

/// Why the walk stopped short of the root.
pub(super) enum Refused {
    /// An index twice, or an index and one of its ancestors: the spec's
    /// checks ([`check_indices`](super::check_indices)) refuse them, and
    /// the caller asks them for the error that names the indices.
    Indices,
    /// The `helper` callback had no node to give.
    NoHelper,
}

/// Walks the paths from `given` (the indices with their nodes, sorted in
/// decreasing order of index) up to the root, and returns the root's node.
///
/// At each depth, a node whose sibling is not on a path is joined with
/// `helper(sibling)` (`None`: the walk stops), the helpers asked in decreasing order of index; the
/// depth's pairs (`[left, right]`) are then turned into their parents by
/// `join`, in one call, which appends one parent per pair to its second
/// argument.
///
/// `given` must not be empty.
pub(super) fn walk<N: Copy>(
    given: &[(Gindex, N)],
    mut helper: impl FnMut(Gindex) -> Option<N>,
    mut join: impl FnMut(&[[N; 2]], &mut Vec<N>),
) -> Result<N, Refused> {
    debug_assert!(!given.is_empty());
    // The given indices of each depth are a run of `given`. The current
    // level is held as two columns, so that where no index is given at
    // the depth above (most depths) the parents and their nodes become the
    // next level as they are, without a copy.
    let mut depth = given[0].0.depth();
    let (mut here, mut rest) = split_depth(given, depth);
    let mut indices: Vec<Gindex> = here.iter().map(|&(g, _)| g).collect();
    let mut nodes: Vec<N> = here.iter().map(|&(_, n)| n).collect();
    if indices.windows(2).any(|w| w[0] == w[1]) {
        return Err(Refused::Indices);
    }
    let mut parents: Vec<Gindex> = Vec::with_capacity(indices.len());
    let mut joined: Vec<N> = Vec::with_capacity(indices.len());
    let mut pairs: Vec<[N; 2]> = Vec::with_capacity(indices.len());
    while depth > 0 {
        parents.clear();
        pairs.clear();
        joined.clear();
        let mut i = 0;
        while i < indices.len() {
            let g = indices[i];
            let sibling = Gindex(g.0 ^ 1);
            if g.is_right() && indices.get(i + 1) == Some(&sibling) {
                pairs.push([nodes[i + 1], nodes[i]]);
                i += 2;
            } else {
                let other = helper(sibling).ok_or(Refused::NoHelper)?;
                if g.is_right() {
                    pairs.push([other, nodes[i]]);
                } else {
                    pairs.push([nodes[i], other]);
                }
                i += 1;
            }
            parents.push(Gindex(g.0 >> 1));
        }
        join(&pairs, &mut joined);
        debug_assert_eq!(joined.len(), pairs.len());
        depth -= 1;
        (here, rest) = split_depth(rest, depth);
        if here.is_empty() {
            core::mem::swap(&mut indices, &mut parents);
            core::mem::swap(&mut nodes, &mut joined);
            continue;
        }
        // The parents, merged with the indices given at their depth.
        indices.clear();
        nodes.clear();
        let (mut a, mut b) = (0, 0);
        while a < parents.len() || b < here.len() {
            let take_parent = match (parents.get(a), here.get(b)) {
                // A given node that the nodes below it also give: an
                // ancestor given with its descendant.
                (Some(p), Some(h)) if *p == h.0 => return Err(Refused::Indices),
                (Some(p), Some(h)) => *p > h.0,
                (Some(_), None) => true,
                _ => false,
            };
            let (g, n) = if take_parent {
                a += 1;
                (parents[a - 1], joined[a - 1])
            } else {
                b += 1;
                here[b - 1]
            };
            if indices.last() == Some(&g) {
                // The same index given twice.
                return Err(Refused::Indices);
            }
            indices.push(g);
            nodes.push(n);
        }
    }
    // At depth 0 the only node is the root, and every index has been
    // taken (the runs were taken in decreasing order of depth).
    debug_assert!(rest.is_empty() && nodes.len() == 1);
    Ok(nodes[0])
}

/// Indices with their nodes, in decreasing order of index.
type Given<'a, N> = &'a [(Gindex, N)];

/// The run of `given` at `depth`, and the rest after it.
#[inline]
fn split_depth<N>(given: Given<'_, N>, depth: u32) -> (Given<'_, N>, Given<'_, N>) {
    given.split_at(given.partition_point(|(g, _)| g.depth() == depth))
}

/// `indices`, each with its place in `indices`, in decreasing order: the
/// order [`walk`] takes them in.
pub(super) fn sorted(indices: &[Gindex]) -> Vec<(Gindex, usize)> {
    let mut out: Vec<(Gindex, usize)> = indices.iter().copied().zip(0..).collect();
    out.sort_unstable_by_key(|&(g, _)| core::cmp::Reverse(g));
    out
}
