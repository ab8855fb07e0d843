//! The code a client writes: two containers, a round trip through the
//! encoding, the root, and a Merkle proof of one field checked against it.
//!
//! `cargo run --release -p peam-ssz-types --example quickstart`

use peam_ssz_types::proof::prove;
use peam_ssz_types::{gindex, root_hex, Bytes32, DecodeError, Gindex, List, Ssz, TreeHash, U};

/// `Checkpoint` of the beacon chain: an epoch and a block root.
#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: Bytes32,
}

/// A container with a variable-size field: a list bounded at 2048.
#[derive(Clone, Debug, PartialEq, Ssz, TreeHash)]
struct Votes {
    slot: u64,
    source: Checkpoint,
    target: Checkpoint,
    validators: List<u64, U<2048>>,
}

/// The generalized index of `target.root`, computed at compile time.
const TARGET_ROOT: Gindex = gindex!(Votes, target.root);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let votes = Votes {
        slot: 12_345,
        source: Checkpoint {
            epoch: 384,
            root: Bytes32::from([0x11; 32]),
        },
        target: Checkpoint {
            epoch: 385,
            root: Bytes32::from([0x22; 32]),
        },
        validators: List::try_from(vec![3, 1, 4, 1, 5, 9, 2, 6])?,
    };

    // Encode (one allocation of the exact size), decode strictly.
    let bytes = votes.to_ssz();
    let back = Votes::from_ssz(&bytes)?;
    assert_eq!(back, votes);
    println!("encoded: {} bytes", bytes.len());

    // Non-canonical or truncated input is an error that says where.
    let err: DecodeError = Votes::from_ssz(&bytes[..bytes.len() - 1]).unwrap_err();
    println!("truncated: {err}");

    // The root, and a proof of one field against it.
    let root = votes.hash_tree_root();
    println!("hash_tree_root: {}", root_hex(&root));
    let proof = prove(&votes, TARGET_ROOT)?;
    assert_eq!(proof.leaf, [0x22; 32]);
    proof.verify(&root)?;
    println!(
        "target.root is node {} of the tree: a branch of {} hashes proves it",
        TARGET_ROOT.get(),
        proof.branch.len()
    );
    Ok(())
}
