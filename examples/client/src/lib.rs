//! A consensus client's types on peam-ssz, as a client holds them: hashes,
//! addresses and amounts as alloy-primitives types, the payload shared
//! behind an `Arc`, and the blob commitments in a list whose bound comes
//! from the chain's configuration.

use std::sync::Arc;

use arbitrary::{Arbitrary, Unstructured};
use peam_ssz_types::alloy::alloy_primitives::{Address, Bloom, FixedBytes, B256, U256};
use peam_ssz_types::{DecodeError, DecodeErrorKind, RuntimeList, Ssz, TreeHash, U};

/// `KZGCommitment` (deneb polynomial-commitments.md): 48 bytes.
pub type KzgCommitment = FixedBytes<48>;

/// `MAX_BLOB_COMMITMENTS_PER_BLOCK` (deneb, mainnet preset): the most any
/// configuration allows.
pub type MaxBlobCommitmentsPerBlock = U<4096>;

/// The part of the chain's configuration the types depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainSpec {
    /// `MAX_BLOBS_PER_BLOCK` of the fork at hand.
    pub max_blobs_per_block: usize,
}

impl ChainSpec {
    /// deneb's `MAX_BLOBS_PER_BLOCK`.
    pub const DENEB: ChainSpec = ChainSpec {
        max_blobs_per_block: 6,
    };
    /// electra's `MAX_BLOBS_PER_BLOCK_ELECTRA`.
    pub const ELECTRA: ChainSpec = ChainSpec {
        max_blobs_per_block: 9,
    };
}

/// A trimmed `ExecutionPayloadHeader` (deneb beacon-chain.md) with alloy
/// types where the client has them.
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash, Arbitrary)]
pub struct ExecutionPayloadHeader {
    pub parent_hash: B256,
    pub fee_recipient: Address,
    pub state_root: B256,
    pub logs_bloom: Bloom,
    pub block_number: u64,
    pub gas_limit: u64,
    pub base_fee_per_gas: U256,
    pub block_hash: B256,
}

/// A block body: the payload header shared with the rest of the client,
/// and the commitments bounded by the fork's `MAX_BLOBS_PER_BLOCK`.
///
/// Its `Arbitrary` values are valid for electra's configuration.
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash, Arbitrary)]
pub struct BlobBody {
    pub slot: u64,
    pub execution_payload_header: Arc<ExecutionPayloadHeader>,
    #[arbitrary(with = electra_commitments)]
    pub blob_kzg_commitments: RuntimeList<KzgCommitment, MaxBlobCommitmentsPerBlock>,
}

impl BlobBody {
    /// Decodes a body from the network: the derive decodes the list up to
    /// its static maximum, and the configuration then bounds it.
    pub fn from_ssz_with_spec(bytes: &[u8], spec: &ChainSpec) -> Result<Self, DecodeError> {
        let mut body = BlobBody::from_ssz(bytes)?;
        body.blob_kzg_commitments
            .set_max_len(spec.max_blobs_per_block)
            .map_err(|e| {
                DecodeError::new(DecodeErrorKind::TooManyElements {
                    len: e.len,
                    max: e.max,
                })
                .in_field("blob_kzg_commitments")
            })?;
        Ok(body)
    }

    /// `hash_tree_root` as `0x…` text, for logs.
    pub fn root_text(&self) -> String {
        peam_ssz_types::root_hex(&self.hash_tree_root()).to_string()
    }
}

/// Commitments valid for electra's configuration: at most 9, with that
/// bound.
fn electra_commitments(
    u: &mut Unstructured<'_>,
) -> arbitrary::Result<RuntimeList<KzgCommitment, MaxBlobCommitmentsPerBlock>> {
    RuntimeList::arbitrary_with_bound(u, ChainSpec::ELECTRA.max_blobs_per_block)
}
