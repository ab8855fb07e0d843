//! Multiproofs: several leaves and the helper nodes that join them
//! (`merkle-proofs.md`, v1.6.1).

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;

use super::walk::{sorted, walk, Refused};
use super::{get_branch_indices, get_path_indices, AsRoot, Gindex, ProofError};
use crate::hasher::function::{Hasher, Sha256};
use crate::hasher::scope::{self, ScopedHasher};
use crate::merkle::Root;
use crate::TreeHash;

/// A proof of several nodes at once: the nodes (`leaves`, in the order of
/// `indices`) and the helper nodes of `get_helper_indices(indices)`, in
/// that function's order (decreasing index), as `merkle-proofs.md`
/// (v1.6.1, "Merkle multiproofs") defines them.
///
/// The fields have the spec's names (`calculate_multi_merkle_root(leaves,
/// proof, indices)`), and so does the serde form (feature `serde`), which
/// adds `helper_indices`; [`MultiProof::to_ssz_bytes`] is a binary form a
/// receiver checks without knowing the value's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiProof {
    /// The nodes proven, one per index.
    pub leaves: Vec<Root>,
    /// The indices of the nodes proven.
    pub indices: Vec<Gindex>,
    /// The helper nodes, in the order of [`get_helper_indices`]: what the
    /// spec calls `proof`.
    pub proof: Vec<Root>,
}

impl MultiProof {
    /// The root the proof hashes to (`calculate_multi_merkle_root`).
    pub fn root(&self) -> Result<Root, ProofError> {
        calculate_multi_merkle_root(&self.leaves, &self.proof, &self.indices)
    }

    /// `get_helper_indices(indices)`: the index of each node of
    /// [`MultiProof::proof`].
    pub fn helper_indices(&self) -> Vec<Gindex> {
        get_helper_indices(&self.indices)
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

    /// [`MultiProof::root`] with the hasher `H`.
    pub fn root_with<H: Hasher>(&self) -> Result<Root, ProofError> {
        calculate_multi_merkle_root_with::<H, _, _>(&self.leaves, &self.proof, &self.indices)
    }

    /// [`MultiProof::verify`] with the hasher `H`: a proof of a root
    /// computed with `H` ([`prove_multi_with`]).
    pub fn verify_with<H: Hasher>(&self, root: &impl AsRoot) -> Result<(), ProofError> {
        if self.root_with::<H>()? == *root.as_root() {
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
    walk_indices(indices, |_| {})
}

/// [`get_helper_indices`] of indices that [`check_indices`] accepts, or its
/// refusal.
fn helper_indices(indices: &[Gindex]) -> Result<Vec<Gindex>, ProofError> {
    let mut helpers = Vec::new();
    walk_indices(indices, |g| helpers.push(g))?;
    Ok(helpers)
}

/// One [`walk`] over the paths of `indices`, without nodes: each helper
/// index passed to `helper` in the spec's order, or [`check_indices`]'s
/// refusal. A check alone keeps no helper, so that it holds no more than
/// the current level of the walk.
fn walk_indices(indices: &[Gindex], mut helper: impl FnMut(Gindex)) -> Result<(), ProofError> {
    if indices.is_empty() {
        return Err(ProofError::NoIndices);
    }
    let given: Vec<(Gindex, ())> = sorted(indices).into_iter().map(|(g, _)| (g, ())).collect();
    let walked = walk(
        &given,
        |g| {
            helper(g);
            Some(())
        },
        |pairs, out| out.resize(out.len() + pairs.len(), ()),
    );
    walked.map_err(|_| indices_refusal(indices))
}

/// Why [`check_indices`] refuses `indices`, which [`walk`] found it does:
/// the first index, in the order given, that is named twice or has an
/// ancestor among them (with the nearest such ancestor).
#[cold]
fn indices_refusal(indices: &[Gindex]) -> ProofError {
    if indices.is_empty() {
        return ProofError::NoIndices;
    }
    let set: BTreeSet<Gindex> = indices.iter().copied().collect();
    if set.len() != indices.len() {
        let mut seen = BTreeSet::new();
        if let Some(&gindex) = indices.iter().find(|&&g| !seen.insert(g)) {
            return ProofError::DuplicateIndex { gindex };
        }
    }
    for &descendant in indices {
        let mut g = descendant;
        while let Some(parent) = g.parent() {
            if set.contains(&parent) {
                return ProofError::NestedIndices {
                    ancestor: parent,
                    descendant,
                };
            }
            g = parent;
        }
    }
    unreachable!("the walk refuses only indices named twice or nested")
}

/// `get_helper_indices(indices)`: the nodes a multiproof of `indices`
/// must give besides the leaves, the siblings on their paths that are not
/// themselves on a path, in decreasing order.
pub fn get_helper_indices(indices: &[Gindex]) -> Vec<Gindex> {
    match helper_indices(indices) {
        Ok(helpers) => helpers,
        Err(_) => helper_indices_by_sets(indices),
    }
}

/// `get_helper_indices` as the spec writes it, with sets: for indices that
/// [`check_indices`] refuses, where the walk does not apply.
#[cold]
fn helper_indices_by_sets(indices: &[Gindex]) -> Vec<Gindex> {
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

/// [`get_helper_indices`], unless the nodes on the paths of `indices`
/// would be more than `max_path_nodes`: `None` then, having held at most
/// that many.
///
/// A multiproof of `L` leaves and `H` helper nodes has at most
/// `2 * (L + H)` nodes on its paths (they and the helpers form a binary
/// tree of `L + H` leaves), so a reader of proofs from outside bounds
/// its memory by the proof's own size through this function.
pub fn get_helper_indices_bounded(
    indices: &[Gindex],
    max_path_nodes: usize,
) -> Option<Vec<Gindex>> {
    let mut paths = BTreeSet::new();
    for &g in indices {
        let mut g = g;
        while let Some(parent) = g.parent() {
            if !paths.insert(g) {
                // The rest of the way up is already in the set.
                break;
            }
            if paths.len() > max_path_nodes {
                return None;
            }
            g = parent;
        }
    }
    let mut out: Vec<Gindex> = paths
        .iter()
        .filter_map(|g| g.sibling())
        .filter(|s| !paths.contains(s))
        .collect();
    out.sort_unstable();
    out.dedup();
    out.reverse();
    Some(out)
}

/// `calculate_multi_merkle_root(leaves, proof, indices)`: the root that
/// the nodes `leaves` at `indices` and the helper nodes `helpers` hash to.
/// Roots of any [`AsRoot`] type.
///
/// # Errors
///
/// Where [`check_indices`] refuses the indices, where the counts of leaves
/// or helpers are wrong, and ([`ProofError::NoSuchNode`] of the root,
/// which cannot happen for indices that pass the checks) where the nodes
/// do not reach the root.
pub fn calculate_multi_merkle_root<L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
) -> Result<Root, ProofError> {
    match scope::current() {
        None => calculate_multi_merkle_root_with::<Sha256, L, H>(leaves, helpers, indices),
        Some(r) => multi_root(leaves, helpers, indices, r.hash_nodes),
    }
}

/// [`calculate_multi_merkle_root`] with the hasher `X`.
///
/// # Errors
///
/// As [`calculate_multi_merkle_root`].
pub fn calculate_multi_merkle_root_with<X: Hasher, L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
) -> Result<Root, ProofError> {
    multi_root(leaves, helpers, indices, X::hash_nodes)
}

fn multi_root<L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
    hash_nodes: impl Fn(&[[u8; 64]], &mut [Root]),
) -> Result<Root, ProofError> {
    if indices.is_empty() {
        return Err(ProofError::NoIndices);
    }
    if leaves.len() != indices.len() {
        check_indices(indices)?;
        return Err(ProofError::LeafCount {
            expected: indices.len(),
            got: leaves.len(),
        });
    }
    let given: Vec<(Gindex, Root)> = sorted(indices)
        .into_iter()
        .map(|(g, i)| (g, *leaves[i].as_root()))
        .collect();
    let mut next = helpers.iter();
    let walked = walk(
        &given,
        |_| next.next().map(|h| *h.as_root()),
        |pairs, out| {
            let start = out.len();
            out.resize(start + pairs.len(), [0; 32]);
            let (blocks, _) = pairs.as_flattened().as_flattened().as_chunks::<64>();
            hash_nodes(blocks, &mut out[start..]);
        },
    );
    match walked {
        Ok(root) if next.len() == 0 => Ok(root),
        Err(Refused::Indices) => Err(indices_refusal(indices)),
        // Too few helpers (where the walk stopped, the indices above were
        // not checked yet), or too many.
        Err(Refused::NoHelper) | Ok(_) => Err(match helper_indices(indices) {
            Ok(expected) => ProofError::HelperCount {
                expected: expected.len(),
                got: helpers.len(),
            },
            Err(e) => e,
        }),
    }
}

/// Every node a multiproof gives or implies: its leaves, its helper nodes
/// and every node hashed on the way to the root (the root included),
/// hashed with `hash`.
pub(crate) fn multi_nodes_with<L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
    hash: impl Fn(&Root, &Root) -> Root,
) -> Result<BTreeMap<Gindex, Root>, ProofError> {
    let helper_indices = helper_indices(indices)?;
    if leaves.len() != indices.len() {
        return Err(ProofError::LeafCount {
            expected: indices.len(),
            got: leaves.len(),
        });
    }
    if helpers.len() != helper_indices.len() {
        return Err(ProofError::HelperCount {
            expected: helper_indices.len(),
            got: helpers.len(),
        });
    }
    let mut nodes: BTreeMap<Gindex, Root> = indices
        .iter()
        .copied()
        .zip(leaves.iter().map(|r| *r.as_root()))
        .chain(
            helper_indices
                .iter()
                .copied()
                .zip(helpers.iter().map(|r| *r.as_root())),
        )
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
                hash(&other, &node)
            } else {
                hash(&node, &other)
            };
            nodes.insert(parent, hashed);
            queue.push(parent);
        }
    }
    Ok(nodes)
}

/// `verify_merkle_multiproof(leaves, proof, indices, root)`: whether the
/// multiproof hashes to `root`; a malformed proof is not valid.
pub fn verify_merkle_multiproof<L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
    root: &impl AsRoot,
) -> bool {
    calculate_multi_merkle_root(leaves, helpers, indices).is_ok_and(|r| r == *root.as_root())
}

/// [`verify_merkle_multiproof`] with the hasher `X`.
pub fn verify_merkle_multiproof_with<X: Hasher, L: AsRoot, H: AsRoot>(
    leaves: &[L],
    helpers: &[H],
    indices: &[Gindex],
    root: &impl AsRoot,
) -> bool {
    calculate_multi_merkle_root_with::<X, L, H>(leaves, helpers, indices)
        .is_ok_and(|r| r == *root.as_root())
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
    prove_multi_nodes(|g| value.tree_node(g), indices)
}

/// [`prove_multi`] of a tree given by its nodes (a value's, or a view's).
pub(crate) fn prove_multi_nodes(
    node: impl Fn(Gindex) -> Result<Root, ProofError>,
    indices: &[Gindex],
) -> Result<MultiProof, ProofError> {
    let helpers = helper_indices(indices)?;
    let leaves = indices
        .iter()
        .map(|&g| node(g))
        .collect::<Result<Vec<_>, _>>()?;
    let proof = helpers
        .into_iter()
        .map(node)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MultiProof {
        leaves,
        indices: indices.to_vec(),
        proof,
    })
}

/// [`prove_multi`] with the hasher `H` ([`with_hasher`] around it), which
/// [`MultiProof::verify_with::<H>`](MultiProof::verify_with) checks.
///
/// [`with_hasher`]: crate::hasher::with_hasher
pub fn prove_multi_with<H: ScopedHasher, T: TreeHash + ?Sized>(
    value: &T,
    indices: &[Gindex],
) -> Result<MultiProof, ProofError> {
    crate::hasher::with_hasher::<H, _>(|| prove_multi(value, indices))
}
