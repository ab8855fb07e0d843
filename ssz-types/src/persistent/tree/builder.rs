//! Building a tree from its leaves in order, as a binary counter.

use super::leaf::Leaf;
use super::node::{Inner, Kids, Top};
use alloc::sync::Arc;
use alloc::vec::Vec;

/// A complete subtree, for [`Builder`].
enum Part<T> {
    Leaf(Arc<Leaf<T>>),
    Inner(Arc<Inner<T>>),
}

impl<T> Part<T> {
    /// This subtree under a new node with no right child.
    #[inline]
    fn raise(self) -> Part<T> {
        Part::Inner(Inner::new(match self {
            Part::Leaf(l) => Kids::Leaves(l, None),
            Part::Inner(n) => Kids::Inners(n, None),
        }))
    }

    /// The node over `self` (left) and `right`, both at the same level.
    #[inline]
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
/// are joined as soon as the second is pushed. Each node is allocated as
/// soon as its children are (post-order), so that the nodes of a subtree
/// lie together in memory and the lower part of a path shares pages and
/// cache lines.
pub(super) struct Builder<T> {
    stack: Vec<(u32, Part<T>)>,
}

impl<T> Default for Builder<T> {
    fn default() -> Self {
        Builder { stack: Vec::new() }
    }
}

impl<T> Builder<T> {
    #[inline]
    pub(super) fn push(&mut self, leaf: Arc<Leaf<T>>) {
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
    pub(super) fn finish(mut self) -> Top<T> {
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
