//! The leaves of a tree in order, from both ends.

use super::leaf::Leaf;
use super::node::{Kids, NodeRef, Top};
use alloc::vec::Vec;

/// The leaves of a tree in order, from both ends: each end keeps a stack
/// of the subtrees it has still to visit, the next one on top.
pub(super) struct Leaves<'a, T> {
    front: Vec<NodeRef<'a, T>>,
    back: Vec<NodeRef<'a, T>>,
    /// Leaves not yet yielded from either end.
    left: usize,
}

impl<'a, T> Leaves<'a, T> {
    /// The `count` leaves under `top`.
    pub(super) fn new(top: &'a Top<T>, count: usize) -> Self {
        let start = NodeRef::of_top(top);
        Leaves {
            front: start.into_iter().collect(),
            back: start.into_iter().collect(),
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
