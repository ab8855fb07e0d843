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
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash)]
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
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash)]
pub struct BlobBody {
    pub slot: u64,
    pub execution_payload_header: Arc<ExecutionPayloadHeader>,
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

fn bytes<const N: usize>(u: &mut Unstructured<'_>) -> arbitrary::Result<FixedBytes<N>> {
    Ok(FixedBytes(u.arbitrary()?))
}

impl<'a> Arbitrary<'a> for ExecutionPayloadHeader {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(ExecutionPayloadHeader {
            parent_hash: bytes(u)?,
            fee_recipient: Address(bytes(u)?),
            state_root: bytes(u)?,
            logs_bloom: Bloom(bytes(u)?),
            block_number: u.arbitrary()?,
            gas_limit: u.arbitrary()?,
            base_fee_per_gas: U256::from_le_bytes::<32>(u.arbitrary()?),
            block_hash: bytes(u)?,
        })
    }
}

/// Bodies valid for electra's configuration: at most 9 commitments, with
/// that bound.
impl<'a> Arbitrary<'a> for BlobBody {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let max = ChainSpec::ELECTRA.max_blobs_per_block;
        let len = u.int_in_range(0..=max)?;
        let commitments = (0..len)
            .map(|_| bytes::<48>(u))
            .collect::<arbitrary::Result<Vec<_>>>()?;
        Ok(BlobBody {
            slot: u.arbitrary()?,
            execution_payload_header: Arc::new(u.arbitrary()?),
            blob_kzg_commitments: RuntimeList::try_from_vec(commitments, max)
                .map_err(|_| arbitrary::Error::IncorrectFormat)?,
        })
    }
}
