//! The one descent of the tree: from an inner node down to the node of a
//! given level and position, taking at each level the child that the
//! position's bit for that level names (0: left, 1: right).
//!
//! ```text
//!   node level 3            [ ]            pos = 0b101 (leaf 5)
//!                         /     \
//!   node level 2       [ ]       [ ]  <-   bit 2 = 1: right
//!                     /   \     /   \
//!   node level 1    ...   ...  [ ]  ...  <- bit 1 = 0: left
//!                             /   \
//!   node level 0            [4]   [5]  <-  bit 0 = 1: right
//! ```
//!
//! Every operation that follows one path goes through [`descend`]; how it
//! holds the nodes on the way is the [`Hold`] it starts from: `&Inner` to
//! read ([`Tree::node`](super::Tree)), [`Own`] to write, each node made the
//! tree's own with `Arc::make_mut` (a leaf's element, an append), or
//! [`Own`] cutting, which also drops the right sibling of every left turn
//! (a truncation).

use super::leaf::Leaf;
use super::node::{Inner, Kids};
use super::prefetch::prefetch_arc;
use alloc::sync::Arc;

/// Where a descent stopped.
pub(super) enum Reached<N, L, G> {
    /// The inner node of the level asked for.
    Inner(N),
    /// A leaf: the level asked for was 0, or the path met a leaf first.
    Leaf(L),
    /// A right child that does not exist: the position is past the end.
    Gap(G),
}

/// How a descent holds the nodes it passes: one step down from `self`.
pub(super) trait Hold<'a, T: 'a>: Sized {
    /// How the descent holds a leaf it reaches.
    type Leaf;
    /// What the descent holds where the path leaves the tree.
    type Gap;

    /// The child of `self` on the `right` side, `self` at node level `at`.
    fn child(self, right: bool, at: u32) -> Reached<Self, Self::Leaf, Self::Gap>;
}

/// Down from `node` (at node level `height`) to the node of level `level`
/// and position `pos` on that level (`height - level <= usize::BITS`: a
/// tree has at most `usize::MAX` leaves).
#[inline(always)]
pub(super) fn descend<'a, T: 'a, N: Hold<'a, T>>(
    mut node: N,
    height: u32,
    level: u32,
    pos: usize,
) -> Reached<N, N::Leaf, N::Gap> {
    let mut at = height;
    while at > level {
        let right = (pos >> (at - 1 - level)) & 1 == 1;
        match node.child(right, at) {
            Reached::Inner(child) => node = child,
            other => return other,
        }
        at -= 1;
    }
    Reached::Inner(node)
}

/// Reading: shared references to the nodes.
impl<'a, T: 'a> Hold<'a, T> for &'a Inner<T> {
    type Leaf = &'a Leaf<T>;
    type Gap = ();

    #[inline(always)]
    fn child(self, right: bool, _at: u32) -> Reached<Self, &'a Leaf<T>, ()> {
        match &self.kids {
            Kids::Leaves(l, r) => match if right { r.as_deref() } else { Some(&**l) } {
                Some(leaf) => Reached::Leaf(leaf),
                None => Reached::Gap(()),
            },
            Kids::Inners(l, r) => match if right { r.as_deref() } else { Some(&**l) } {
                Some(node) => Reached::Inner(node),
                None => Reached::Gap(()),
            },
        }
    }
}

/// Writing: each node on the path made this tree's own (copied if a clone
/// shares it), and with `cut`, the right sibling of every left turn
/// dropped (what lies right of the path).
pub(super) struct Own<'a, T> {
    pub(super) node: &'a mut Inner<T>,
    pub(super) cut: bool,
}

/// Where a writing descent stopped.
pub(super) type Written<'a, T> = Reached<Own<'a, T>, &'a mut Arc<Leaf<T>>, Gap<'a, T>>;

/// The missing right child where a writing descent left the tree.
pub(super) enum Gap<'a, T> {
    /// A leaf's place, under a node of node level 1.
    Leaf(&'a mut Option<Arc<Leaf<T>>>),
    /// The place of an inner node of node level `.1`.
    Inner(&'a mut Option<Arc<Inner<T>>>, u32),
}

impl<'a, T: Clone + 'a> Hold<'a, T> for Own<'a, T> {
    /// The leaf's `Arc`, to make the tree's own or to read (a truncation
    /// copies its last leaf only if it shortens it).
    type Leaf = &'a mut Arc<Leaf<T>>;
    type Gap = Gap<'a, T>;

    #[inline(always)]
    fn child(self, right: bool, at: u32) -> Reached<Self, Self::Leaf, Self::Gap> {
        let cut = self.cut;
        match &mut self.node.kids {
            Kids::Leaves(l, r) => {
                if !right {
                    if cut {
                        *r = None;
                    }
                    return Reached::Leaf(l);
                }
                match r {
                    Some(leaf) => Reached::Leaf(leaf),
                    gap @ None => Reached::Gap(Gap::Leaf(gap)),
                }
            }
            Kids::Inners(l, r) => {
                let child = if !right {
                    if cut {
                        *r = None;
                    }
                    l
                } else {
                    match r {
                        Some(node) => node,
                        gap @ None => return Reached::Gap(Gap::Inner(gap, at - 1)),
                    }
                };
                prefetch_kids(child);
                Reached::Inner(Own {
                    node: Arc::make_mut(child),
                    cut,
                })
            }
        }
    }
}

/// Asks for what making `node` this tree's own writes after `node`
/// itself: a copy of a shared node takes a count of each child. A count is a locked write, which waits for
/// its line before the next one starts: asked for here, together, the
/// children's misses overlap rather than follow one another.
#[inline(always)]
fn prefetch_kids<T>(node: &Inner<T>) {
    match &node.kids {
        Kids::Leaves(l, r) => {
            prefetch_arc(l);
            if let Some(r) = r {
                prefetch_arc(r);
            }
        }
        Kids::Inners(l, r) => {
            prefetch_arc(l);
            if let Some(r) = r {
                prefetch_arc(r);
            }
        }
    }
}

/// The first leaf under the right child of a node of node level `level`
/// whose first leaf is `base`: where the walks over ranges of leaves
/// ([`update_leaves`], the dirty paths) split.
#[inline]
pub(super) fn right_base(level: u32, base: usize) -> usize {
    base.saturating_add(1usize.checked_shl(level - 1).unwrap_or(usize::MAX))
}

/// Calls `visit(li, leaf)` on the leaves `first..=last` under `node` (at
/// node level `level`, its first leaf `base`), each made this tree's own:
/// the walk of a range, one pass over the nodes it covers rather than a
/// [`descend`] per leaf.
pub(super) fn update_leaves<T: Clone>(
    node: &mut Inner<T>,
    level: u32,
    base: usize,
    first: usize,
    last: usize,
    visit: &mut impl FnMut(usize, &mut Leaf<T>),
) {
    let mid = right_base(level, base);
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
