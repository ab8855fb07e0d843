//! The README's quickstart, as a program (its "Quickstart" block, line for
//! line: `tests/readme.rs` checks they are the same): two containers, a
//! round trip through the encoding, the root, and a Merkle proof of one
//! field checked against it.
//!
//! `cargo run --release -p peam-ssz-types --example quickstart`

use peam_ssz_types::proof::prove;
use peam_ssz_types::{gindex, root_hex, Bytes32, Gindex, List, Ssz, TreeHash, U};

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: Bytes32,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Votes {
    source: Checkpoint,
    indices: List<u64, U<2048>>,
}

fn main() {
    let votes = Votes {
        source: Checkpoint {
            epoch: 7,
            root: Bytes32::from([0xaa; 32]),
        },
        indices: List::try_from(vec![1, 2, 3]).unwrap(),
    };
    let bytes = votes.to_ssz(); // one allocation, exact size
    let back = Votes::from_ssz(&bytes).unwrap(); // strict: rejects non-canonical input
    assert_eq!(back, votes);
    let err = Votes::from_ssz(&bytes[..5]).unwrap_err(); // a typed error, never a panic
    println!("{} bytes; cut short: {err}", bytes.len());

    let root: [u8; 32] = votes.hash_tree_root();
    // A proof of one field against the root; the index is a constant.
    const SOURCE_ROOT: Gindex = gindex!(Votes, source.root);
    let proof = prove(&votes, SOURCE_ROOT).unwrap();
    assert!(proof.verify(&root).is_ok());
    println!(
        "hash_tree_root {}, source.root proven by {} hashes",
        root_hex(&root),
        proof.branch.len()
    );
}
