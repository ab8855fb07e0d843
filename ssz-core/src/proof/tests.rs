use super::*;
use crate::merkle::Root;
use crate::TreeHash;
use alloc::vec::Vec;

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

use crate::merkle::{merkleize, ZERO_HASHES};
use crate::sha256::sha256;
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
#[cfg_attr(
    miri,
    ignore = "safe code, hundreds of hashes: the other proof tests take its paths under Miri"
)]
fn progressive_node_matches_the_definition_in_both_orders() {
    for edition in crate::edition::ALL.iter().copied() {
        let recursion_left = edition.progressive_recursion_left;
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
                    edition,
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
            moved.leaf_index = gi.sibling().unwrap();
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
    assert!(!is_valid_merkle_branch(&root, &[] as &[Root], 0, 1, &root));
    assert!(is_valid_merkle_branch(&root, &[] as &[Root], 0, 0, &root));
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
            &proof.proof,
            &proof.indices,
            &root
        ));
        let mut bad = proof.clone();
        bad.leaves[0][5] ^= 0x10;
        assert_eq!(bad.verify(&root), Err(ProofError::RootMismatch));
        if !proof.proof.is_empty() {
            let mut fewer = proof.clone();
            fewer.proof.pop();
            assert!(matches!(
                fewer.verify(&root),
                Err(ProofError::HelperCount { .. })
            ));
            let mut flipped = proof.clone();
            flipped.proof[0][31] ^= 1;
            assert_eq!(flipped.verify(&root), Err(ProofError::RootMismatch));
        }
        let mut more = proof.clone();
        more.proof.push([0; 32]);
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
        calculate_multi_merkle_root(&[root], &[] as &[Root], &[g(1), g(1)]),
        Err(ProofError::DuplicateIndex { gindex: g(1) })
    );
}
