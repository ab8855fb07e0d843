//! Generalized indices and Merkle proofs, as `ssz/merkle-proofs.md`
//! (consensus-specs v1.6.1) defines them.
//!
//! Every node of a value's tree has a generalized index ([`Gindex`]): the
//! root is 1, and the children of node `i` are `2i` and `2i + 1`. A value
//! answers for any node of its own tree through
//! [`TreeHash::tree_node`], which computes only
//! the subtree asked for:
//! zero subtrees come from [`ZERO_HASHES`](crate::ZERO_HASHES), never from
//! hashing, and a value that keeps its tree (a cached type) reads the node
//! from it instead.
//!
//! # Proofs from cached roots
//!
//! [`prove`] and [`prove_multi`] ask the value for each node they need
//! through `tree_node`, and nothing else: no proof function hashes a value
//! itself. A type that keeps its tree (the roots of its subtrees, updated
//! as it changes) overrides `tree_node` to read the node from that tree,
//! and every proof into it, or into any value that holds it, becomes a
//! handful of lookups, with no change to this API or to the proofs it
//! returns.

use alloc::collections::BTreeSet;
use alloc::vec::Vec;
use core::fmt;

use crate::hash::hash_pair;
use crate::merkle::Root;
use crate::TreeHash;

mod node;

pub use node::{merkle_node, mix_in_node, progressive_node};

/// A generalized index: the position of a node in a binary Merkle tree,
/// 1 for the root, `2i` and `2i + 1` for the children of `i`.
///
/// Held in a `u128`, so that paths through nested progressive types (whose
/// depth grows with their length) fit; an index that would not fit is an
/// error ([`ProofError::GindexOverflow`]), never a wrong number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gindex(u128);

impl Gindex {
    /// The root of a tree.
    pub const ROOT: Gindex = Gindex(1);

    /// The index `value`; `None` for 0, which names no node.
    #[inline]
    pub const fn new(value: u128) -> Option<Gindex> {
        if value == 0 {
            None
        } else {
            Some(Gindex(value))
        }
    }

    /// The index as a number.
    #[inline]
    pub const fn get(self) -> u128 {
        self.0
    }

    /// The depth of the node below the root (`floorlog2(index)`): the
    /// length of its branch.
    #[inline]
    pub const fn depth(self) -> u32 {
        127 - self.0.leading_zeros()
    }

    /// The node's position among the nodes of its depth
    /// (`index % 2**depth`), counted from the left.
    #[inline]
    pub const fn position(self) -> u128 {
        self.0 ^ (1u128 << self.depth())
    }

    /// The index of the node at `position` (from the left) among the nodes
    /// `depth` levels below the root; `None` where it would not fit.
    #[inline]
    pub const fn at(depth: u32, position: u128) -> Option<Gindex> {
        if depth >= 128 || (depth > 0 && position >> depth != 0) || (depth == 0 && position != 0) {
            return None;
        }
        Some(Gindex((1u128 << depth) | position))
    }

    /// `concat_generalized_indices(self, other)`: the node `other` of the
    /// subtree rooted at `self`; `None` where it would not fit.
    #[inline]
    pub const fn concat(self, other: Gindex) -> Option<Gindex> {
        let d = other.depth();
        if self.depth() + d >= 128 {
            return None;
        }
        Some(Gindex((self.0 << d) | other.position()))
    }

    /// The child of this node on the left (`right == false`) or right.
    #[inline]
    pub const fn child(self, right: bool) -> Option<Gindex> {
        if self.depth() >= 127 {
            return None;
        }
        Some(Gindex((self.0 << 1) | right as u128))
    }

    /// The parent of this node; `None` for the root.
    #[inline]
    pub const fn parent(self) -> Option<Gindex> {
        if self.0 == 1 {
            None
        } else {
            Some(Gindex(self.0 >> 1))
        }
    }

    /// The other child of this node's parent; `None` for the root.
    #[inline]
    pub const fn sibling(self) -> Option<Gindex> {
        if self.0 == 1 {
            None
        } else {
            Some(Gindex(self.0 ^ 1))
        }
    }

    /// Whether this node is a right child.
    #[inline]
    pub const fn is_right(self) -> bool {
        self.0 & 1 == 1
    }

    /// Splits off the first `levels` steps below the root: the node at that
    /// depth on the way to `self`, and where `self` lies in its subtree.
    /// `None` when `self` is less than `levels` deep.
    #[inline]
    pub const fn split(self, levels: u32) -> Option<(Gindex, Gindex)> {
        let d = self.depth();
        if levels > d {
            return None;
        }
        let rest = d - levels;
        let top = Gindex(self.0 >> rest);
        let low_mask = if rest == 0 { 0 } else { (1u128 << rest) - 1 };
        Some((top, Gindex((1u128 << rest) | (self.0 & low_mask))))
    }
}

impl From<Gindex> for u128 {
    fn from(g: Gindex) -> u128 {
        g.0
    }
}

impl fmt::Debug for Gindex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gindex({})", self.0)
    }
}

impl fmt::Display for Gindex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a node, path or proof was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProofError {
    /// The value's tree has no node at this index: it lies below a leaf
    /// (inside a packed chunk of basic values, or below a basic value).
    NoSuchNode {
        /// The index asked for, relative to the value's root.
        gindex: Gindex,
    },
    /// A generalized index would not fit in [`Gindex`].
    GindexOverflow,
    /// A branch does not have one sibling per level between the leaf and
    /// the root.
    BranchLength {
        /// The depth of the leaf's index.
        expected: usize,
        /// The siblings given.
        got: usize,
    },
    /// A multiproof gives a different number of leaves than indices.
    LeafCount {
        /// The indices given.
        expected: usize,
        /// The leaves given.
        got: usize,
    },
    /// A multiproof gives a different number of helper nodes than
    /// `get_helper_indices` of its indices.
    HelperCount {
        /// `len(get_helper_indices(indices))`.
        expected: usize,
        /// The helper nodes given.
        got: usize,
    },
    /// A multiproof names no index.
    NoIndices,
    /// A multiproof names the same index twice.
    DuplicateIndex {
        /// The index named twice.
        gindex: Gindex,
    },
    /// A multiproof names a node and one of its ancestors: the ancestor
    /// would be taken as given rather than computed from the node, so the
    /// node would not be proven.
    NestedIndices {
        /// The ancestor.
        ancestor: Gindex,
        /// The node below it.
        descendant: Gindex,
    },
    /// A proof's nodes hash to a different root than the one expected.
    RootMismatch,
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::NoSuchNode { gindex } => {
                write!(f, "no node at generalized index {gindex}")
            }
            ProofError::GindexOverflow => f.write_str("generalized index overflows 128 bits"),
            ProofError::BranchLength { expected, got } => {
                write!(f, "branch of {got} nodes for a leaf {expected} levels deep")
            }
            ProofError::LeafCount { expected, got } => {
                write!(f, "{got} leaves for {expected} indices")
            }
            ProofError::HelperCount { expected, got } => {
                write!(f, "{got} helper nodes where the indices need {expected}")
            }
            ProofError::NoIndices => f.write_str("multiproof of no index"),
            ProofError::DuplicateIndex { gindex } => {
                write!(f, "generalized index {gindex} named twice")
            }
            ProofError::NestedIndices {
                ancestor,
                descendant,
            } => write!(
                f,
                "generalized index {ancestor} is an ancestor of {descendant}"
            ),
            ProofError::RootMismatch => f.write_str("proof does not hash to the expected root"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ProofError {}

// ---------------------------------------------------------------- single

/// A proof of one node: the node (`leaf`), its index, and the siblings of
/// the nodes on its path from the leaf up (`branch[0]` is the leaf's
/// sibling), as `merkle-proofs.md` (v1.6.1) and the spec's
/// `single_merkle_proof` vectors list them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SingleProof {
    /// The index of the node proven.
    pub gindex: Gindex,
    /// The node proven.
    pub leaf: Root,
    /// The siblings from the leaf up: `gindex.depth()` of them.
    pub branch: Vec<Root>,
}

impl SingleProof {
    /// The root the proof hashes to (`calculate_merkle_root`).
    pub fn root(&self) -> Result<Root, ProofError> {
        calculate_merkle_root(&self.leaf, &self.branch, self.gindex)
    }

    /// Checks that the proof hashes to `root`.
    pub fn verify(&self, root: &Root) -> Result<(), ProofError> {
        if self.root()? == *root {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        }
    }
}

/// Proves the node `gindex` of `value`'s tree.
///
/// Each sibling is a disjoint subtree, asked of the value once through
/// [`TreeHash::tree_node`]; together they cost at most one
/// `hash_tree_root` of the value, and a zero subtree costs nothing.
///
/// # Errors
///
/// [`ProofError::NoSuchNode`] when the tree has no node at `gindex`.
pub fn prove<T: TreeHash + ?Sized>(value: &T, gindex: Gindex) -> Result<SingleProof, ProofError> {
    let leaf = value.tree_node(gindex)?;
    let branch = get_branch_indices(gindex)
        .into_iter()
        .map(|g| value.tree_node(g))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SingleProof {
        gindex,
        leaf,
        branch,
    })
}

/// `get_branch_indices(tree_index)`: the siblings of the nodes on the path
/// from `gindex` up to the root, the leaf's own sibling first.
pub fn get_branch_indices(gindex: Gindex) -> Vec<Gindex> {
    let mut out = Vec::with_capacity(gindex.depth() as usize);
    let mut g = gindex;
    while let (Some(sibling), Some(parent)) = (g.sibling(), g.parent()) {
        out.push(sibling);
        g = parent;
    }
    out
}

/// `get_path_indices(tree_index)`: the nodes from `gindex` up to the
/// root, `gindex` first and the root left out.
pub fn get_path_indices(gindex: Gindex) -> Vec<Gindex> {
    let mut out = Vec::with_capacity(gindex.depth() as usize);
    let mut g = gindex;
    while let Some(parent) = g.parent() {
        out.push(g);
        g = parent;
    }
    out
}

/// `calculate_merkle_root(leaf, proof, index)`: the root that `leaf` and
/// its `branch` hash to.
///
/// # Errors
///
/// [`ProofError::BranchLength`] unless the branch has exactly one node per
/// level of `gindex`.
pub fn calculate_merkle_root(
    leaf: &Root,
    branch: &[Root],
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let depth = gindex.depth() as usize;
    if branch.len() != depth {
        return Err(ProofError::BranchLength {
            expected: depth,
            got: branch.len(),
        });
    }
    let mut node = *leaf;
    let mut g = gindex;
    for sibling in branch {
        node = if g.is_right() {
            hash_pair(sibling, &node)
        } else {
            hash_pair(&node, sibling)
        };
        g = Gindex(g.0 >> 1);
    }
    Ok(node)
}

/// `is_valid_merkle_branch(leaf, branch, depth, index, root)` (phase0
/// beacon-chain.md): whether `leaf`, at position `index` among the nodes
/// `depth` levels below `root`, hashes with `branch` to `root`.
///
/// Stricter than the spec's function, which reads the first `depth` nodes
/// of `branch` and ignores the rest: a branch of any other length, or an
/// `index` that does not fit in `depth` levels, is not valid.
pub fn is_valid_merkle_branch(
    leaf: &Root,
    branch: &[Root],
    depth: u32,
    index: u128,
    root: &Root,
) -> bool {
    match Gindex::at(depth, index) {
        Some(gindex) => calculate_merkle_root(leaf, branch, gindex).is_ok_and(|r| r == *root),
        None => false,
    }
}

// ------------------------------------------------------------------ multi

/// A proof of several nodes at once: the nodes (`leaves`, in the order of
/// `indices`) and the helper nodes of `get_helper_indices(indices)`, in
/// that function's order (decreasing index), as `merkle-proofs.md`
/// (v1.6.1, "Merkle multiproofs") defines them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiProof {
    /// The indices of the nodes proven.
    pub indices: Vec<Gindex>,
    /// The nodes proven, one per index.
    pub leaves: Vec<Root>,
    /// The helper nodes, in the order of [`get_helper_indices`].
    pub helpers: Vec<Root>,
}

impl MultiProof {
    /// The root the proof hashes to (`calculate_multi_merkle_root`).
    pub fn root(&self) -> Result<Root, ProofError> {
        calculate_multi_merkle_root(&self.leaves, &self.helpers, &self.indices)
    }

    /// Checks that the proof hashes to `root`.
    pub fn verify(&self, root: &Root) -> Result<(), ProofError> {
        if self.root()? == *root {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        }
    }
}

/// Checks the indices of a multiproof: at least one, none twice, none an
/// ancestor of another (whose node would be taken as given rather than
/// computed, leaving the node below it unproven).
pub fn check_indices(indices: &[Gindex]) -> Result<(), ProofError> {
    if indices.is_empty() {
        return Err(ProofError::NoIndices);
    }
    let set: BTreeSet<Gindex> = indices.iter().copied().collect();
    if set.len() != indices.len() {
        let mut seen = BTreeSet::new();
        if let Some(&gindex) = indices.iter().find(|&&g| !seen.insert(g)) {
            return Err(ProofError::DuplicateIndex { gindex });
        }
    }
    for &descendant in indices {
        let mut g = descendant;
        while let Some(parent) = g.parent() {
            if set.contains(&parent) {
                return Err(ProofError::NestedIndices {
                    ancestor: parent,
                    descendant,
                });
            }
            g = parent;
        }
    }
    Ok(())
}

/// `get_helper_indices(indices)`: the nodes a multiproof of `indices`
/// must give besides the leaves, the siblings on their paths that are not
/// themselves on a path, in decreasing order.
pub fn get_helper_indices(indices: &[Gindex]) -> Vec<Gindex> {
    let mut helpers = BTreeSet::new();
    let mut paths = BTreeSet::new();
    for &g in indices {
        helpers.extend(get_branch_indices(g));
        paths.extend(get_path_indices(g));
    }
    let mut out: Vec<Gindex> = helpers.difference(&paths).copied().collect();
    out.reverse();
    out
}

/// `calculate_multi_merkle_root(leaves, proof, indices)`: the root that
/// the nodes `leaves` at `indices` and the helper nodes `helpers` hash to.
///
/// # Errors
///
/// Where [`check_indices`] refuses the indices, where the counts of leaves
/// or helpers are wrong, and ([`ProofError::NoSuchNode`] of the root,
/// which cannot happen for indices that pass the checks) where the nodes
/// do not reach the root.
pub fn calculate_multi_merkle_root(
    leaves: &[Root],
    helpers: &[Root],
    indices: &[Gindex],
) -> Result<Root, ProofError> {
    check_indices(indices)?;
    if leaves.len() != indices.len() {
        return Err(ProofError::LeafCount {
            expected: indices.len(),
            got: leaves.len(),
        });
    }
    let helper_indices = get_helper_indices(indices);
    if helpers.len() != helper_indices.len() {
        return Err(ProofError::HelperCount {
            expected: helper_indices.len(),
            got: helpers.len(),
        });
    }
    let mut nodes: alloc::collections::BTreeMap<Gindex, Root> = indices
        .iter()
        .copied()
        .zip(leaves.iter().copied())
        .chain(helper_indices.iter().copied().zip(helpers.iter().copied()))
        .collect();
    // Deepest and rightmost first: when a node is reached, every node of a
    // greater index, its sibling's children included, has been hashed, so
    // its sibling is known if it ever will be.
    let mut queue: alloc::collections::BinaryHeap<Gindex> = nodes.keys().copied().collect();
    while let Some(g) = queue.pop() {
        let (Some(parent), Some(sibling)) = (g.parent(), g.sibling()) else {
            continue;
        };
        if nodes.contains_key(&parent) {
            continue;
        }
        if let (Some(&other), Some(&node)) = (nodes.get(&sibling), nodes.get(&g)) {
            let hashed = if g.is_right() {
                hash_pair(&other, &node)
            } else {
                hash_pair(&node, &other)
            };
            nodes.insert(parent, hashed);
            queue.push(parent);
        }
    }
    nodes
        .get(&Gindex::ROOT)
        .copied()
        .ok_or(ProofError::NoSuchNode {
            gindex: Gindex::ROOT,
        })
}

/// `verify_merkle_multiproof(leaves, proof, indices, root)`: whether the
/// multiproof hashes to `root`; a malformed proof is not valid.
pub fn verify_merkle_multiproof(
    leaves: &[Root],
    helpers: &[Root],
    indices: &[Gindex],
    root: &Root,
) -> bool {
    calculate_multi_merkle_root(leaves, helpers, indices).is_ok_and(|r| r == *root)
}

/// Proves the nodes `indices` of `value`'s tree at once.
///
/// The helper nodes are disjoint subtrees (none is an ancestor of another
/// or of a leaf), each asked of the value once through
/// [`TreeHash::tree_node`]: together with the leaves they cost at most one
/// `hash_tree_root` of the value.
///
/// # Errors
///
/// Where [`check_indices`] refuses the indices, and
/// [`ProofError::NoSuchNode`] when the tree has no node at one of them.
pub fn prove_multi<T: TreeHash + ?Sized>(
    value: &T,
    indices: &[Gindex],
) -> Result<MultiProof, ProofError> {
    check_indices(indices)?;
    let leaves = indices
        .iter()
        .map(|&g| value.tree_node(g))
        .collect::<Result<Vec<_>, _>>()?;
    let helpers = get_helper_indices(indices)
        .into_iter()
        .map(|g| value.tree_node(g))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MultiProof {
        indices: indices.to_vec(),
        leaves,
        helpers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(v: u128) -> Gindex {
        Gindex::new(v).unwrap()
    }

    #[test]
    fn depth_position_and_concat() {
        assert_eq!(g(1).depth(), 0);
        assert_eq!(g(54).depth(), 5);
        assert_eq!(g(54).position(), 22);
        assert_eq!(g(2).concat(g(3)), Some(g(5)));
        assert_eq!(g(1).concat(g(54)), Some(g(54)));
        assert_eq!(g(54).concat(g(1)), Some(g(54)));
        assert_eq!(Gindex::at(5, 22), Some(g(54)));
        assert_eq!(Gindex::at(2, 4), None);
        assert_eq!(
            g(1u128 << 100).concat(g(1u128 << 27)),
            Some(g(1u128 << 127))
        );
        assert_eq!(g(1u128 << 100).concat(g(1u128 << 28)), None);
        assert_eq!(g(105).split(2), Some((g(6), g(25))));
        assert_eq!(g(105).split(7), None);
        assert_eq!(Gindex::new(0), None);
    }

    use crate::hash::sha256;
    use crate::merkle::{merkleize, ZERO_HASHES};
    use alloc::vec;

    /// The reference tree of `test-support`, built node by node the way the
    /// spec draws it, on the `sha2` crate alone.
    struct Tree(test_support::tree::Tree);

    impl Tree {
        fn root(&self) -> Root {
            self.0.root()
        }

        fn leaves(chunks: &[Root]) -> Vec<test_support::tree::Tree> {
            chunks
                .iter()
                .map(|c| test_support::tree::Tree::Leaf(*c))
                .collect()
        }

        /// `merkleize(chunks, width)`, padded with zero chunks.
        fn binary(chunks: &[Root], width: usize) -> Tree {
            Tree(test_support::tree::Tree::binary(
                Tree::leaves(chunks),
                width.trailing_zeros(),
            ))
        }

        /// `merkleize_progressive(chunks, n)`: v1.6.1 when `recursion_left`,
        /// else v1.7.0-alpha.13.
        fn progressive(chunks: &[Root], n: usize, recursion_left: bool) -> Tree {
            let leaves = Tree::leaves(chunks);
            Tree(if recursion_left {
                test_support::tree::Tree::progressive(leaves, n)
            } else {
                test_support::tree::Tree::progressive_v1_7(leaves, n)
            })
        }

        fn node(&self, g: Gindex) -> Option<Root> {
            self.0.node(g.0)
        }
    }

    fn chunks(n: usize) -> Vec<Root> {
        (0..n).map(|i| sha256(&(i as u64).to_le_bytes())).collect()
    }

    fn all_indices(depth: u32) -> impl Iterator<Item = Gindex> {
        (1..1u128 << (depth + 1)).map(g)
    }

    #[test]
    fn merkle_node_matches_a_full_tree() {
        // Under Miri (about 0.1 s a hash), the smallest trees.
        let cases: &[(usize, u32)] = if cfg!(miri) {
            &[(0, 0), (1, 0), (3, 2)]
        } else {
            &[(0, 0), (1, 0), (1, 3), (3, 2), (5, 3), (8, 3), (9, 5)]
        };
        for &(n, depth) in cases {
            let c = chunks(n);
            let tree = Tree::binary(&c, 1 << depth);
            assert_eq!(tree.root(), merkleize(&c, 1 << depth));
            for gi in all_indices(depth + 2) {
                let ours = merkle_node(
                    gi,
                    depth,
                    n,
                    |s, e| merkleize(&c[s..e], 0),
                    |_, r| Err(ProofError::NoSuchNode { gindex: r }),
                );
                match tree.node(gi) {
                    Some(expected) => assert_eq!(ours, Ok(expected), "{n}/{depth} {gi}"),
                    None => assert_eq!(ours, Err(ProofError::NoSuchNode { gindex: gi })),
                }
            }
        }
        // A huge tree: the nodes on the padding are zero hashes.
        let c = chunks(3);
        let deep = merkle_node(
            g(5),
            40,
            3,
            |s, e| merkleize(&c[s..e], 0),
            |_, r| Err(ProofError::NoSuchNode { gindex: r }),
        );
        assert_eq!(deep, Ok(ZERO_HASHES[38]));
    }

    #[test]
    fn progressive_node_matches_the_definition_in_both_orders() {
        for recursion_left in [true, false] {
            let (sizes, depth): (&[usize], u32) = if cfg!(miri) {
                (&[0, 1, 2, 6], 4)
            } else {
                (&[0, 1, 2, 5, 6, 21, 22, 30], 9)
            };
            for &n in sizes {
                let c = chunks(n);
                let tree = Tree::progressive(&c, 1, recursion_left);
                for gi in all_indices(depth) {
                    let ours = progressive_node(
                        gi,
                        recursion_left,
                        n,
                        |s, e| merkleize(&c[s..e], 0),
                        |_, r| Err(ProofError::NoSuchNode { gindex: r }),
                    );
                    match tree.node(gi) {
                        Some(expected) => {
                            assert_eq!(ours, Ok(expected), "{recursion_left} {n} {gi}")
                        }
                        None => assert_eq!(ours, Err(ProofError::NoSuchNode { gindex: gi })),
                    }
                }
            }
        }
    }

    /// A value that is `merkleize(chunks, 16)`, for the proof functions.
    struct Chunks(Vec<Root>);

    impl TreeHash for Chunks {
        fn hash_tree_root(&self) -> Root {
            merkleize(&self.0, 16)
        }

        fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
            merkle_node(
                gindex,
                4,
                self.0.len(),
                |s, e| merkleize(&self.0[s..e], 0),
                |_, r| Err(ProofError::NoSuchNode { gindex: r }),
            )
        }
    }

    #[test]
    fn single_proofs_verify_and_tampering_fails() {
        let value = Chunks(chunks(11));
        let root = value.hash_tree_root();
        // Under Miri, a leaf, an inner node and the root.
        let indices: Vec<Gindex> = if cfg!(miri) {
            vec![g(1), g(6), g(27)]
        } else {
            all_indices(4).collect()
        };
        for gi in indices {
            let proof = prove(&value, gi).unwrap();
            assert_eq!(proof.branch.len(), gi.depth() as usize);
            assert_eq!(proof.verify(&root), Ok(()));
            assert!(is_valid_merkle_branch(
                &proof.leaf,
                &proof.branch,
                gi.depth(),
                gi.position(),
                &root
            ));
            let mut bad = proof.clone();
            bad.leaf[0] ^= 1;
            assert_eq!(bad.verify(&root), Err(ProofError::RootMismatch));
            if gi.depth() > 0 {
                let mut short = proof.clone();
                short.branch.pop();
                assert!(matches!(
                    short.verify(&root),
                    Err(ProofError::BranchLength { .. })
                ));
                let mut moved = proof.clone();
                moved.gindex = gi.sibling().unwrap();
                if proof.leaf != proof.branch[0] {
                    assert_eq!(moved.verify(&root), Err(ProofError::RootMismatch));
                }
            }
            let mut long = proof.clone();
            long.branch.push([0; 32]);
            assert!(matches!(
                long.verify(&root),
                Err(ProofError::BranchLength { .. })
            ));
        }
        assert_eq!(
            prove(&value, g(32)),
            Err(ProofError::NoSuchNode { gindex: g(32) })
        );
        assert!(!is_valid_merkle_branch(&root, &[], 0, 1, &root));
        assert!(is_valid_merkle_branch(&root, &[], 0, 0, &root));
    }

    #[test]
    fn helper_indices_follow_the_spec_example() {
        // The branches of 9 and 14 (8, 5, 3 and 15, 6, 2) less their paths
        // (9, 4, 2 and 14, 7, 3), largest first.
        let helpers = get_helper_indices(&[g(9), g(14)]);
        assert_eq!(helpers, vec![g(15), g(8), g(6), g(5)]);
        assert_eq!(get_branch_indices(g(9)), vec![g(8), g(5), g(3)]);
        assert_eq!(get_path_indices(g(9)), vec![g(9), g(4), g(2)]);
        assert_eq!(get_branch_indices(g(1)), vec![]);
    }

    #[test]
    fn multiproofs_verify_and_malformed_ones_are_refused() {
        let value = Chunks(chunks(13));
        let root = value.hash_tree_root();
        let sets: &[&[u128]] = if cfg!(miri) {
            &[&[1], &[9, 14]]
        } else {
            &[&[1], &[16, 31], &[9, 14], &[2, 13, 28, 29], &[17, 5, 24]]
        };
        for set in sets {
            let indices: Vec<Gindex> = set.iter().map(|&v| g(v)).collect();
            let proof = prove_multi(&value, &indices).unwrap();
            assert_eq!(proof.verify(&root), Ok(()), "{set:?}");
            assert!(verify_merkle_multiproof(
                &proof.leaves,
                &proof.helpers,
                &proof.indices,
                &root
            ));
            let mut bad = proof.clone();
            bad.leaves[0][5] ^= 0x10;
            assert_eq!(bad.verify(&root), Err(ProofError::RootMismatch));
            if !proof.helpers.is_empty() {
                let mut fewer = proof.clone();
                fewer.helpers.pop();
                assert!(matches!(
                    fewer.verify(&root),
                    Err(ProofError::HelperCount { .. })
                ));
                let mut flipped = proof.clone();
                flipped.helpers[0][31] ^= 1;
                assert_eq!(flipped.verify(&root), Err(ProofError::RootMismatch));
            }
            let mut more = proof.clone();
            more.helpers.push([0; 32]);
            assert!(matches!(
                more.verify(&root),
                Err(ProofError::HelperCount { .. })
            ));
            let mut fewer_leaves = proof.clone();
            fewer_leaves.leaves.pop();
            assert!(matches!(
                fewer_leaves.verify(&root),
                Err(ProofError::LeafCount { .. })
            ));
        }
        assert_eq!(prove_multi(&value, &[]), Err(ProofError::NoIndices));
        assert_eq!(
            prove_multi(&value, &[g(5), g(9), g(5)]),
            Err(ProofError::DuplicateIndex { gindex: g(5) })
        );
        assert_eq!(
            prove_multi(&value, &[g(5), g(22)]),
            Err(ProofError::NestedIndices {
                ancestor: g(5),
                descendant: g(22)
            })
        );
        assert_eq!(
            calculate_multi_merkle_root(&[root], &[], &[g(1), g(1)]),
            Err(ProofError::DuplicateIndex { gindex: g(1) })
        );
    }
}
