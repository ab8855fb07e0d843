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
    // The given indices of each depth are a run of `given`.
    let mut rest = given;
    let mut depth = rest[0].0.depth();
    let split = rest.partition_point(|(g, _)| g.depth() == depth);
    let mut level: Vec<(Gindex, N)> = rest[..split].to_vec();
    rest = &rest[split..];
    if level.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(Refused::Indices);
    }
    let mut parents: Vec<Gindex> = Vec::with_capacity(level.len());
    let mut pairs: Vec<[N; 2]> = Vec::with_capacity(level.len());
    let mut joined: Vec<N> = Vec::with_capacity(level.len());
    while depth > 0 {
        parents.clear();
        pairs.clear();
        joined.clear();
        let mut i = 0;
        while i < level.len() {
            let (g, node) = level[i];
            let sibling = Gindex(g.0 ^ 1);
            if g.is_right() && level.get(i + 1).is_some_and(|&(s, _)| s == sibling) {
                pairs.push([level[i + 1].1, node]);
                i += 2;
            } else {
                let other = helper(sibling).ok_or(Refused::NoHelper)?;
                pairs.push(if g.is_right() {
                    [other, node]
                } else {
                    [node, other]
                });
                i += 1;
            }
            parents.push(Gindex(g.0 >> 1));
        }
        join(&pairs, &mut joined);
        debug_assert_eq!(joined.len(), pairs.len());
        depth -= 1;
        // The parents, merged with the indices given at their depth.
        let split = rest.partition_point(|(g, _)| g.depth() == depth);
        let (here, above) = rest.split_at(split);
        rest = above;
        level.clear();
        let mut computed = parents
            .iter()
            .copied()
            .zip(joined.iter().copied())
            .peekable();
        let mut given_here = here.iter().copied().peekable();
        loop {
            let next = match (computed.peek(), given_here.peek()) {
                (Some(c), Some(h)) => {
                    if c.0 == h.0 {
                        // A given node that the nodes below it also give: an
                        // ancestor given with its descendant.
                        return Err(Refused::Indices);
                    }
                    if c.0 > h.0 {
                        computed.next()
                    } else {
                        given_here.next()
                    }
                }
                (Some(_), None) => computed.next(),
                (None, Some(_)) => given_here.next(),
                (None, None) => break,
            };
            if let Some(entry) = next {
                if level.last().is_some_and(|last| last.0 == entry.0) {
                    // The same index given twice.
                    return Err(Refused::Indices);
                }
                level.push(entry);
            }
        }
    }
    // At depth 0 the only node is the root: `rest` is empty, as every
    // index has a depth of at least 0 and the runs were taken in order.
    debug_assert!(rest.is_empty() && level.len() == 1);
    Ok(level[0].1)
}

/// `indices`, each with its place in `indices`, in decreasing order: the
/// order [`walk`] takes them in.
pub(super) fn sorted(indices: &[Gindex]) -> Vec<(Gindex, usize)> {
    let mut out: Vec<(Gindex, usize)> = indices.iter().copied().zip(0..).collect();
    out.sort_unstable_by(|a, b| b.0.cmp(&a.0));
    out
}
