//! Single proofs: one leaf and its branch (`merkle-proofs.md`, v1.6.1).

use alloc::vec::Vec;

use super::{AsRoot, Gindex, ProofError};
use crate::hasher::function::{Hasher, Sha256};
use crate::hasher::scope::{self, ScopedHasher};
use crate::merkle::Root;
use crate::TreeHash;

/// A proof of one node: the node (`leaf`), its index, and the siblings of
/// the nodes on its path from the leaf up (`branch[0]` is the leaf's
/// sibling), as `merkle-proofs.md` (v1.6.1) and the spec's
/// `single_merkle_proof` vectors list them.
///
/// The fields have the names of the vectors' `proof.yaml` (`leaf`,
/// `leaf_index`, `branch`), and so do its serde form (feature `serde`,
/// roots as `0x` hex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SingleProof {
    /// The node proven.
    pub leaf: Root,
    /// The index of the node proven.
    pub leaf_index: Gindex,
    /// The siblings from the leaf up: `leaf_index.depth()` of them.
    pub branch: Vec<Root>,
}

impl SingleProof {
    /// A proof from its parts, in any root type ([`AsRoot`]): a branch
    /// held as `[Bytes32; 17]` (a blob sidecar's
    /// `kzg_commitment_inclusion_proof`) or as `Vec<[u8; 32]>`.
    pub fn new<R: AsRoot>(leaf: &impl AsRoot, leaf_index: Gindex, branch: &[R]) -> SingleProof {
        SingleProof {
            leaf: *leaf.as_root(),
            leaf_index,
            branch: branch.iter().map(|r| *r.as_root()).collect(),
        }
    }

    /// The root the proof hashes to (`calculate_merkle_root`).
    pub fn root(&self) -> Result<Root, ProofError> {
        calculate_merkle_root(&self.leaf, &self.branch, self.leaf_index)
    }

    /// Checks that the proof hashes to `root` (a `[u8; 32]`, a `Bytes32`,
    /// any [`AsRoot`]).
    pub fn verify(&self, root: &impl AsRoot) -> Result<(), ProofError> {
        if self.root()? == *root.as_root() {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        }
    }

    /// [`SingleProof::root`] with the hasher `H`.
    pub fn root_with<H: Hasher>(&self) -> Result<Root, ProofError> {
        calculate_merkle_root_with::<H, _>(&self.leaf, &self.branch, self.leaf_index)
    }

    /// [`SingleProof::verify`] with the hasher `H`: a proof of a root
    /// computed with `H` ([`prove_with`]).
    pub fn verify_with<H: Hasher>(&self, root: &impl AsRoot) -> Result<(), ProofError> {
        if self.root_with::<H>()? == *root.as_root() {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        }
    }

    /// The branch in another root type (`Vec<Bytes32>`, ...).
    pub fn branch_as<R: From<Root>>(&self) -> Vec<R> {
        self.branch.iter().map(|&r| R::from(r)).collect()
    }

    /// The branch as an array of exactly `N` roots in any root type, for
    /// a container field such as `[Bytes32; 17]`.
    ///
    /// # Errors
    ///
    /// [`ProofError::BranchLength`] unless the branch has `N` nodes.
    pub fn branch_array<R: From<Root>, const N: usize>(&self) -> Result<[R; N], ProofError> {
        if self.branch.len() != N {
            return Err(ProofError::BranchLength {
                expected: N,
                got: self.branch.len(),
            });
        }
        Ok(core::array::from_fn(|i| R::from(self.branch[i])))
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
    prove_nodes(|g| value.tree_node(g), gindex)
}

/// [`prove`] of a tree given by its nodes (a value's, or a view's).
pub(crate) fn prove_nodes(
    node: impl Fn(Gindex) -> Result<Root, ProofError>,
    gindex: Gindex,
) -> Result<SingleProof, ProofError> {
    let leaf = node(gindex)?;
    let branch = get_branch_indices(gindex)
        .into_iter()
        .map(node)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SingleProof {
        leaf,
        leaf_index: gindex,
        branch,
    })
}

/// [`prove`] with the hasher `H`: the nodes of `value`'s tree under `H`
/// ([`with_hasher`](crate::hasher::with_hasher) around [`prove`]), which
/// [`SingleProof::verify_with::<H>`](SingleProof::verify_with) checks.
pub fn prove_with<H: ScopedHasher, T: TreeHash + ?Sized>(
    value: &T,
    gindex: Gindex,
) -> Result<SingleProof, ProofError> {
    crate::hasher::with_hasher::<H, _>(|| prove(value, gindex))
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
/// its `branch` hash to. Roots of any [`AsRoot`] type: `[u8; 32]`,
/// `Bytes32`.
///
/// # Errors
///
/// [`ProofError::BranchLength`] unless the branch has exactly one node per
/// level of `gindex`.
pub fn calculate_merkle_root<R: AsRoot>(
    leaf: &impl AsRoot,
    branch: &[R],
    gindex: Gindex,
) -> Result<Root, ProofError> {
    match scope::current() {
        None => calculate_merkle_root_with::<Sha256, R>(leaf, branch, gindex),
        Some(r) => fold_branch(leaf.as_root(), branch, gindex, r.hash_pair),
    }
}

/// [`calculate_merkle_root`] with the hasher `H`.
///
/// # Errors
///
/// [`ProofError::BranchLength`] unless the branch has exactly one node per
/// level of `gindex`.
pub fn calculate_merkle_root_with<H: Hasher, R: AsRoot>(
    leaf: &impl AsRoot,
    branch: &[R],
    gindex: Gindex,
) -> Result<Root, ProofError> {
    fold_branch(leaf.as_root(), branch, gindex, H::hash_pair)
}

/// `leaf` hashed up its `branch` with `hash`.
#[inline]
fn fold_branch<R: AsRoot>(
    leaf: &Root,
    branch: &[R],
    gindex: Gindex,
    hash: impl Fn(&Root, &Root) -> Root,
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
        let sibling = sibling.as_root();
        node = if g.is_right() {
            hash(sibling, &node)
        } else {
            hash(&node, sibling)
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
///
/// Roots of any [`AsRoot`] type, so that a branch held as `[Bytes32; N]`
/// checks as it is.
pub fn is_valid_merkle_branch<R: AsRoot>(
    leaf: &impl AsRoot,
    branch: &[R],
    depth: u32,
    index: u128,
    root: &impl AsRoot,
) -> bool {
    match Gindex::at(depth, index) {
        Some(gindex) => {
            calculate_merkle_root(leaf, branch, gindex).is_ok_and(|r| r == *root.as_root())
        }
        None => false,
    }
}
