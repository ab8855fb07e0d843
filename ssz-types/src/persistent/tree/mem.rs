//! Heap bytes of a tree, each shared allocation counted once.

use super::leaf::{Leaf, Values};
use super::node::{Inner, Kids, Top};
use alloc::sync::Arc;

/// Heap bytes of the nodes under `top`, each allocation counted once
/// across calls that share `seen` (`seen` returns whether a pointer is
/// new).
pub(super) fn top_bytes<T>(top: &Top<T>, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
    match top {
        Top::Empty => 0,
        Top::Leaf(leaf) => leaf_bytes(leaf, seen),
        Top::Inner(node) => inner_bytes(node, seen),
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
