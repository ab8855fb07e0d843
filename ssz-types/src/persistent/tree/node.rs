//! The nodes above the leaves and the top of a tree.

use super::digest::Digest;
use super::leaf::Leaf;
use crate::hasher::Hasher;
use crate::Root;
use alloc::sync::Arc;

/// A node above the leaves. Its left child always exists; the right one is
/// absent when it would lie wholly past the end (a zero subtree).
#[derive(Clone)]
pub(super) struct Inner<T> {
    pub(super) digest: Digest,
    pub(super) kids: Kids<T>,
}

/// The children of an [`Inner`] node: leaves at node level 1, inner nodes
/// above.
#[derive(Clone)]
pub(super) enum Kids<T> {
    Leaves(Arc<Leaf<T>>, Option<Arc<Leaf<T>>>),
    Inners(Arc<Inner<T>>, Option<Arc<Inner<T>>>),
}

impl<T> Inner<T> {
    #[inline]
    pub(super) fn new(kids: Kids<T>) -> Arc<Inner<T>> {
        Arc::new(Inner {
            digest: Digest::new(&[0u8; 32]),
            kids,
        })
    }

    /// The children's cached roots: the left one's, and the right one's
    /// where it exists.
    #[inline(always)]
    pub(super) fn kid_digests(&self) -> (&Digest, Option<&Digest>) {
        match &self.kids {
            Kids::Leaves(l, r) => (&l.digest, r.as_ref().map(|r| &r.digest)),
            Kids::Inners(l, r) => (&l.digest, r.as_ref().map(|r| &r.digest)),
        }
    }

    /// The cached root of the left child.
    #[inline]
    pub(super) fn left_root(&self) -> Root {
        self.kid_digests().0.get()
    }

    /// The cached root of the right child, or the zero subtree of data
    /// level `child`.
    #[inline]
    pub(super) fn right_root<H: Hasher>(&self, child: u32) -> Root {
        self.kid_digests()
            .1
            .map_or_else(|| H::zero_hash(child as usize), Digest::get)
    }

    /// The root of this node from its children's, which are at data level
    /// `child`.
    #[inline]
    pub(super) fn pair_root<H: Hasher>(&self, child: u32) -> Root {
        H::hash_pair(&self.left_root(), &self.right_root::<H>(child))
    }
}

/// The top of a tree: nothing, one leaf, or an inner node.
#[derive(Clone)]
pub(super) enum Top<T> {
    Empty,
    Leaf(Arc<Leaf<T>>),
    Inner(Arc<Inner<T>>),
}

/// A node seen from above, for reading.
pub(super) enum NodeRef<'a, T> {
    Leaf(&'a Leaf<T>),
    Inner(&'a Inner<T>),
}

impl<T> Clone for NodeRef<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for NodeRef<'_, T> {}

impl<'a, T> NodeRef<'a, T> {
    /// The top's node, if the tree has one.
    pub(super) fn of_top(top: &'a Top<T>) -> Option<NodeRef<'a, T>> {
        match top {
            Top::Empty => None,
            Top::Leaf(leaf) => Some(NodeRef::Leaf(leaf)),
            Top::Inner(node) => Some(NodeRef::Inner(node)),
        }
    }

    pub(super) fn digest(&self) -> Root {
        match self {
            NodeRef::Leaf(l) => l.digest.get(),
            NodeRef::Inner(n) => n.digest.get(),
        }
    }
}

/// `levels` inner nodes above `leaf`, each with no right child: the path a
/// leaf appended past a full subtree hangs on. `levels >= 1`.
pub(super) fn spine<T>(leaf: Arc<Leaf<T>>, levels: u32) -> Arc<Inner<T>> {
    let mut node = Inner::new(Kids::Leaves(leaf, None));
    for _ in 1..levels {
        node = Inner::new(Kids::Inners(node, None));
    }
    node
}
