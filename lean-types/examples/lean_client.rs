//! What a Lean client does with the lstar types: a `SignedBlock` and a
//! `SignedAttestation` through `ssz_snappy` (the req/resp framing and the
//! gossip block), the block root, and a proof of a field of `State`
//! checked against the state root.
//!
//! `cargo run -p peam-ssz-lean --example lean_client`; `cargo test` runs it
//! too.

use peam_ssz_lean::{
    AggregatedAttestation, Block, Checkpoint, SignedAttestation, SignedBlock, State, TestKeys,
    Validator, Validators,
};
use peam_ssz_types::proof::prove;
use peam_ssz_types::snappy::{self, MAX_PAYLOAD_SIZE};
use peam_ssz_types::{gindex, Bitlist, FixedBytes, Gindex, List, Ssz, TreeHash};

/// `get_generalized_index(State, 'latest_finalized', 'root')`.
const FINALIZED_ROOT: Gindex = gindex!(State, latest_finalized.root);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A block with one aggregated attestation of validators 0 and 2.
    let mut block = SignedBlock {
        block: Block {
            slot: 7,
            proposer_index: 3,
            parent_root: FixedBytes([0x11; 32]),
            state_root: FixedBytes([0x22; 32]),
            ..Block::default()
        },
        ..SignedBlock::default()
    };
    let bits = Bitlist::from_bools(&[true, false, true, false])?;
    let data = peam_ssz_lean::AttestationData {
        slot: 6,
        target: Checkpoint {
            root: FixedBytes([0x33; 32]),
            slot: 6,
        },
        ..Default::default()
    };
    block.block.body.attestations.push(AggregatedAttestation {
        aggregation_bits: bits,
        data,
    })?;

    // Req/resp (BlocksByRoot): the varint length, then snappy frames; the
    // maximum is checked before anything is decompressed.
    let wire = snappy::encode_req_resp(&block, MAX_PAYLOAD_SIZE)?;
    let received: SignedBlock = snappy::decode_req_resp(&wire, MAX_PAYLOAD_SIZE)?;
    assert_eq!(received, block);
    let block_root = received.block.hash_tree_root();
    println!("block root      0x{}", hex(&block_root));

    // Gossip (topic `attestation`): one snappy block. With the test keys a
    // signed attestation is 560 bytes, its signature inline.
    let attestation = SignedAttestation::<TestKeys> {
        validator_index: 2,
        data,
        ..SignedAttestation::default()
    };
    let gossip = snappy::encode_gossip(&attestation, MAX_PAYLOAD_SIZE)?;
    let heard: SignedAttestation<TestKeys> = snappy::decode_gossip(&gossip, MAX_PAYLOAD_SIZE)?;
    assert_eq!(heard, attestation);
    assert_eq!(heard.to_ssz().len(), 560);
    println!(
        "attestation     {} bytes, {} on the wire",
        heard.to_ssz().len(),
        gossip.len()
    );

    // A state that finalized the block, and a proof of that for a light
    // client: the leaf, its branch, checked against the state root alone.
    let registry = (0..4).map(|index| Validator {
        index,
        ..Validator::default()
    });
    let state = State {
        slot: 8,
        latest_finalized: Checkpoint {
            root: FixedBytes(block_root),
            slot: 7,
        },
        validators: Validators::new(List::try_from_iter(registry)?)?,
        ..State::default()
    };
    let state_root = state.hash_tree_root();
    let proof = prove(&state, FINALIZED_ROOT)?;
    assert_eq!(proof.leaf, block_root);
    proof.verify(&state_root)?;
    println!(
        "finalized root  gindex {}, a branch of {} roots, checked against 0x{}",
        FINALIZED_ROOT.get(),
        proof.branch.len(),
        hex(&state_root)
    );
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    format!("{:x}", peam_ssz_types::Hex(bytes))
}

#[test]
fn runs() {
    main().unwrap();
}
