use std::sync::Arc;

use arbitrary::{Arbitrary, Unstructured};
use peam_ssz_client_example::{
    BlobBody, BlobKzgCommitments, ChainSpec, ExecutionPayloadHeader, MaxBlobsPerBlock,
};
use peam_ssz_types::alloy::alloy_primitives::{address, B256};
use peam_ssz_types::{
    with_max, ByteVector, Bytes20, Bytes32, Bytes48, ConsensusJson, List, Ssz, TreeHash, U, U256,
};

/// The same body with this crate's own types only, the commitments the
/// spec's `List[KZGCommitment, MAX_BLOB_COMMITMENTS_PER_BLOCK]`: what the
/// alloy-typed, `Arc`-holding, runtime-bounded body must equal byte for
/// byte and root for root.
#[derive(Ssz, TreeHash, ConsensusJson)]
struct PlainHeader {
    parent_hash: Bytes32,
    fee_recipient: Bytes20,
    state_root: Bytes32,
    logs_bloom: ByteVector<U<256>>,
    block_number: u64,
    gas_limit: u64,
    base_fee_per_gas: U256,
    block_hash: Bytes32,
}

#[derive(Ssz, TreeHash, ConsensusJson)]
struct PlainBody {
    slot: u64,
    execution_payload_header: PlainHeader,
    blob_kzg_commitments: List<Bytes48, U<4096>>,
}

fn plain(body: &BlobBody) -> PlainBody {
    let h = &body.execution_payload_header;
    PlainBody {
        slot: body.slot,
        execution_payload_header: PlainHeader {
            parent_hash: h.parent_hash.into(),
            fee_recipient: h.fee_recipient.into(),
            state_root: h.state_root.into(),
            logs_bloom: h.logs_bloom.try_into().unwrap(),
            block_number: h.block_number,
            gas_limit: h.gas_limit.0,
            base_fee_per_gas: h.base_fee_per_gas.into(),
            block_hash: h.block_hash.into(),
        },
        blob_kzg_commitments: List::try_from(
            body.blob_kzg_commitments
                .iter()
                .map(|&c| Bytes48::from(c))
                .collect::<Vec<_>>(),
        )
        .unwrap(),
    }
}

/// Seeded pseudo-random input for `Unstructured`.
fn seed_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn arbitrary_bodies_roundtrip_and_match_plain_types() {
    let mut lengths = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let data = seed_bytes(seed, 2048);
        let body = BlobBody::arbitrary(&mut Unstructured::new(&data)).unwrap();
        lengths.insert(body.blob_kzg_commitments.len());
        assert!(body.blob_kzg_commitments.len() <= 9);

        let bytes = body.to_ssz();
        let back = BlobBody::from_ssz_with_spec(&bytes, &ChainSpec::ELECTRA).unwrap();
        assert_eq!(back, body);
        assert_eq!(back.hash_tree_root(), body.hash_tree_root());

        let plain = plain(&body);
        assert_eq!(plain.to_ssz(), bytes);
        assert_eq!(plain.hash_tree_root(), body.hash_tree_root());
    }
    // The generator reaches both ends of the bound.
    assert!(lengths.contains(&0) && lengths.contains(&9), "{lengths:?}");
}

#[test]
fn the_configuration_bounds_decoding() {
    let data = seed_bytes(7, 4096);
    let mut u = Unstructured::new(&data);
    let header = Arc::new(ExecutionPayloadHeader::arbitrary(&mut u).unwrap());
    let commitments = (0..7u8).map(|i| [i; 48].into()).collect();
    let body = BlobBody {
        slot: 1,
        execution_payload_header: Arc::clone(&header),
        blob_kzg_commitments: BlobKzgCommitments::try_from_vec(commitments).unwrap(),
    };
    let bytes = body.to_ssz();
    assert!(BlobBody::from_ssz_with_spec(&bytes, &ChainSpec::ELECTRA).is_ok());
    let err = BlobBody::from_ssz_with_spec(&bytes, &ChainSpec::DENEB).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .blob_kzg_commitments: 7 elements exceed the maximum 6"
    );
    // The `Arc` is shared, not copied, and hashes as its value.
    assert_eq!(Arc::strong_count(&header), 2);
    assert_eq!(
        body.execution_payload_header.hash_tree_root(),
        header.hash_tree_root()
    );
    // The root as text.
    assert!(body.root_text().starts_with("0x"));
    assert_eq!(body.root_text().len(), 66);
}

#[test]
fn alloy_values_are_their_ssz_bytes() {
    let a = address!("0x00000000219ab540356cbb839cbe05303d7705fa");
    assert_eq!(a.to_ssz(), a.as_slice());
    assert_eq!(
        B256::from_ssz(&[0xee; 32]).unwrap(),
        B256::repeat_byte(0xee)
    );
    assert!(B256::from_ssz(&[0xee; 31]).is_err());
}

/// The body root of six commitments is the spec's: that of the same body
/// with `List[KZGCommitment, 4096]` (the plain types), not that of a list
/// whose limit is the configuration's maximum.
#[test]
fn six_commitments_keep_the_spec_root() {
    let data = seed_bytes(11, 4096);
    let header = ExecutionPayloadHeader::arbitrary(&mut Unstructured::new(&data)).unwrap();
    let commitments: Vec<_> = (0..6u8).map(|i| [i; 48].into()).collect();
    let body =
        with_max::<MaxBlobsPerBlock, _>(ChainSpec::ELECTRA.max_blobs_per_block, || BlobBody {
            slot: 9,
            execution_payload_header: Arc::new(header),
            blob_kzg_commitments: BlobKzgCommitments::try_from_vec(commitments).unwrap(),
        });
    let spec = plain(&body);
    assert_eq!(body.hash_tree_root(), spec.hash_tree_root());
    assert_eq!(
        body.blob_kzg_commitments.hash_tree_root(),
        spec.blob_kzg_commitments.hash_tree_root()
    );
    // A list whose limit is the maximum (9) has another root.
    let limited = List::<Bytes48, U<9>>::try_from(spec.blob_kzg_commitments.to_vec()).unwrap();
    assert_ne!(
        body.blob_kzg_commitments.hash_tree_root(),
        limited.hash_tree_root()
    );
    // Decoded from the network under the configuration: the same root.
    let back = BlobBody::from_ssz_with_spec(&body.to_ssz(), &ChainSpec::ELECTRA).unwrap();
    assert_eq!(back.hash_tree_root(), spec.hash_tree_root());
}

/// The beacon API's JSON of a body: the alloy-typed, `Arc`-holding body
/// writes the text of the plain types (quoted `u64` and `U256`, hex
/// bytes), reads it back, and reads no more commitments than the
/// configuration allows.
#[test]
fn json_is_the_plain_types_and_keeps_the_bound() {
    for seed in 0..16 {
        let data = seed_bytes(seed, 4096);
        let body = BlobBody::arbitrary(&mut Unstructured::new(&data)).unwrap();
        let json = serde_json::to_string(&body).unwrap();
        assert_eq!(json, serde_json::to_string(&plain(&body)).unwrap());
        let back: BlobBody =
            with_max::<MaxBlobsPerBlock, _>(9, || serde_json::from_str(&json)).unwrap();
        assert_eq!(back, body);
    }
    let data = seed_bytes(3, 4096);
    let header = ExecutionPayloadHeader::arbitrary(&mut Unstructured::new(&data)).unwrap();
    let json = serde_json::to_value(&header).unwrap();
    assert!(json["block_number"].is_string(), "{json}");
    assert!(json["gas_limit"].is_string(), "{json}");
    assert!(json["base_fee_per_gas"].is_string(), "{json}");
    assert!(
        json["fee_recipient"].as_str().unwrap().starts_with("0x"),
        "{json}"
    );
    let commitments: Vec<String> = (0..7).map(|_| format!("0x{}", "ab".repeat(48))).collect();
    let body = serde_json::json!({
        "slot": "1",
        "execution_payload_header": json,
        "blob_kzg_commitments": commitments,
    });
    let read = |max| {
        with_max::<MaxBlobsPerBlock, _>(max, || serde_json::from_value::<BlobBody>(body.clone()))
    };
    assert_eq!(
        read(ChainSpec::ELECTRA.max_blobs_per_block)
            .unwrap()
            .blob_kzg_commitments
            .len(),
        7
    );
    assert!(read(ChainSpec::DENEB.max_blobs_per_block).is_err());
}
