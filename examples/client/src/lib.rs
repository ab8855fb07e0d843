//! A consensus client's types on peam-ssz, as a client holds them: hashes,
//! addresses and amounts as alloy-primitives types, its own gas type coded
//! through a `#[ssz(with)]` module, the payload shared behind an `Arc`, and
//! the blob commitments in a list whose maximum comes from the chain's
//! configuration while its root stays the spec's `List[KZGCommitment,
//! MAX_BLOB_COMMITMENTS_PER_BLOCK]`. They read and write the beacon API's
//! JSON through `#[derive(ConsensusJson)]`.
//!
//! [`store`] keeps the spec's blocks and states as a database does, as
//! bytes, and reads them back in `peam-ssz-beacon`'s fork-aware types by
//! the chain's configuration.

pub mod store;

use std::sync::Arc;

use arbitrary::{Arbitrary, Unstructured};
use peam_ssz_types::alloy::alloy_primitives::{Address, Bloom, FixedBytes, B256, U256};
use peam_ssz_types::{with_max, ConsensusJson, DecodeError, List, RuntimeMax, Ssz, TreeHash, U};

/// `KZGCommitment` (deneb polynomial-commitments.md): 48 bytes.
pub type KzgCommitment = FixedBytes<48>;

/// `MAX_BLOB_COMMITMENTS_PER_BLOCK` (deneb, mainnet preset): the most any
/// configuration allows.
pub type MaxBlobCommitmentsPerBlock = U<4096>;

/// The tag of the run-time maximum `MAX_BLOBS_PER_BLOCK`: the
/// configuration sets it with [`with_max`] for the fork at hand.
pub struct MaxBlobsPerBlock;

/// `blob_kzg_commitments`: the Merkle limit `MAX_BLOB_COMMITMENTS_PER_BLOCK`
/// (its root and proofs are the spec's), at most the configuration's
/// `MAX_BLOBS_PER_BLOCK` when decoded or built inside [`with_max`], never
/// more than the limit.
pub type BlobKzgCommitments = List<
    KzgCommitment,
    MaxBlobCommitmentsPerBlock,
    RuntimeMax<MaxBlobsPerBlock, MaxBlobCommitmentsPerBlock>,
>;

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

/// Gas as the client counts it: a type of its own, with no SSZ impls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Arbitrary)]
pub struct Gas(pub u64);

/// [`Gas`] in JSON as a `uint64`: a quoted decimal.
impl ConsensusJson for Gas {
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_json(serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        u64::deserialize_json(deserializer).map(Gas)
    }
}

/// [`Gas`] as SSZ's `uint64`, for `#[ssz(with = "gas_as_uint64")]`.
pub mod gas_as_uint64 {
    use super::Gas;
    use peam_ssz_types::{DecodeError, Ssz, TreeHash};

    pub const IS_FIXED_SIZE: bool = true;
    pub const FIXED_PART_LEN: usize = 8;

    pub fn ssz_len(_: &Gas) -> usize {
        8
    }

    pub fn ssz_write(gas: &Gas, out: &mut [u8]) {
        gas.0.ssz_write(out)
    }

    pub fn from_ssz(bytes: &[u8]) -> Result<Gas, DecodeError> {
        u64::from_ssz(bytes).map(Gas)
    }

    pub fn hash_tree_root(gas: &Gas) -> [u8; 32] {
        gas.0.hash_tree_root()
    }
}

/// A trimmed `ExecutionPayloadHeader` (deneb beacon-chain.md) with alloy
/// types where the client has them, and its gas in the client's own type.
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash, ConsensusJson, Arbitrary)]
pub struct ExecutionPayloadHeader {
    pub parent_hash: B256,
    pub fee_recipient: Address,
    pub state_root: B256,
    pub logs_bloom: Bloom,
    pub block_number: u64,
    #[ssz(with = "gas_as_uint64")]
    pub gas_limit: Gas,
    pub base_fee_per_gas: U256,
    pub block_hash: B256,
}

/// A block body: the payload header shared with the rest of the client,
/// and the commitments bounded by the fork's `MAX_BLOBS_PER_BLOCK`.
///
/// Its `Arbitrary` values are valid for electra's configuration.
#[derive(Clone, Debug, PartialEq, Eq, Ssz, TreeHash, ConsensusJson, Arbitrary)]
pub struct BlobBody {
    pub slot: u64,
    pub execution_payload_header: Arc<ExecutionPayloadHeader>,
    #[arbitrary(with = electra_commitments)]
    pub blob_kzg_commitments: BlobKzgCommitments,
}

impl BlobBody {
    /// Decodes a body from the network, the commitments bounded by the
    /// configuration while the body decodes (before the list is
    /// allocated).
    pub fn from_ssz_with_spec(bytes: &[u8], spec: &ChainSpec) -> Result<Self, DecodeError> {
        with_max::<MaxBlobsPerBlock, _>(spec.max_blobs_per_block, || BlobBody::from_ssz(bytes))
    }

    /// `hash_tree_root` as `0x…` text, for logs.
    pub fn root_text(&self) -> String {
        peam_ssz_types::root_hex(&self.hash_tree_root()).to_string()
    }
}

/// Commitments valid for electra's configuration: at most 9, with that
/// bound.
fn electra_commitments(u: &mut Unstructured<'_>) -> arbitrary::Result<BlobKzgCommitments> {
    with_max::<MaxBlobsPerBlock, _>(ChainSpec::ELECTRA.max_blobs_per_block, || {
        BlobKzgCommitments::arbitrary(u)
    })
}
