//! The consensus containers (leanSpec `forks/lstar/containers/`).

use crate::preset::XmssPreset;
use crate::xmss::{MultiMessageAggregate, Signature, SingleMessageAggregate};
use crate::{AggregationBits, Bytes52, HistoricalRootsLimit, ValidatorRegistryLimit};
use peam_ssz_types::{Bitlist, Bytes32, DecodeError, DecodeErrorKind, List, Ssz, TreeHash, U};

/// `Slot` (a `uint64`).
pub type Slot = u64;
/// `ValidatorIndex` (a `uint64`).
pub type ValidatorIndex = u64;

/// `Checkpoint { root, slot }`, 40 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct Checkpoint {
    /// The block root.
    pub root: Bytes32,
    /// Its slot.
    pub slot: Slot,
}

/// `AttestationData { slot, head, target, source }`, 128 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct AttestationData {
    /// The slot attested in.
    pub slot: Slot,
    /// The head voted for.
    pub head: Checkpoint,
    /// The target checkpoint.
    pub target: Checkpoint,
    /// The source checkpoint.
    pub source: Checkpoint,
}

/// `Attestation { validator_index, data }`, 136 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct Attestation {
    /// The attester.
    pub validator_index: ValidatorIndex,
    /// What it attests.
    pub data: AttestationData,
}

/// `SignedAttestation { validator_index, data, signature }`: fixed-size,
/// 560 bytes with the test keys and 2672 with the production keys, the
/// signature inline with no offset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct SignedAttestation<P: XmssPreset> {
    /// The attester.
    pub validator_index: ValidatorIndex,
    /// What it attests.
    pub data: AttestationData,
    /// The attester's XMSS signature.
    pub signature: Signature<P>,
}

/// `AggregatedAttestation { aggregation_bits, data }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct AggregatedAttestation {
    /// Bit `i`: validator `i` took part.
    pub aggregation_bits: AggregationBits,
    /// What they attest.
    pub data: AttestationData,
}

/// `AggregatedAttestations = List[AggregatedAttestation, 4096]`.
pub type AggregatedAttestations = List<AggregatedAttestation, ValidatorRegistryLimit>;

/// `SignedAggregatedAttestation { data, proof }` (gossip topic
/// `aggregation`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct SignedAggregatedAttestation {
    /// What the signers attest.
    pub data: AttestationData,
    /// The aggregate of their signatures.
    pub proof: SingleMessageAggregate,
}

/// `BlockBody { attestations }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct BlockBody {
    /// The aggregated attestations the block includes.
    pub attestations: AggregatedAttestations,
}

/// `BlockHeader { slot, proposer_index, parent_root, state_root,
/// body_root }`, 112 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct BlockHeader {
    /// The block's slot.
    pub slot: Slot,
    /// Its proposer.
    pub proposer_index: ValidatorIndex,
    /// The parent block's root.
    pub parent_root: Bytes32,
    /// The post-state root.
    pub state_root: Bytes32,
    /// The root of the body.
    pub body_root: Bytes32,
}

/// `Block { slot, proposer_index, parent_root, state_root, body }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct Block {
    /// The block's slot.
    pub slot: Slot,
    /// Its proposer.
    pub proposer_index: ValidatorIndex,
    /// The parent block's root.
    pub parent_root: Bytes32,
    /// The post-state root.
    pub state_root: Bytes32,
    /// The body.
    pub body: BlockBody,
}

/// `SignedBlock { block, proof }`: the gossip block, and the
/// BlocksByRoot/BlocksByRange response.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct SignedBlock {
    /// The block.
    pub block: Block,
    /// One proof over every body attestation and the proposer's signature
    /// of the block root.
    pub proof: MultiMessageAggregate,
}

/// `Validator { attestation_public_key, proposal_public_key, index }`,
/// 112 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct Validator {
    /// The XMSS public key its attestations are signed with.
    pub attestation_public_key: Bytes52,
    /// The XMSS public key its proposals are signed with.
    pub proposal_public_key: Bytes52,
    /// Its index, which is its position in [`Validators`].
    pub index: ValidatorIndex,
}

/// `Validators = List[Validator, 4096]` where `validators[i].index == i`:
/// building one and decoding one both refuse a list where an index is not
/// its position (`#[ssz(validate = "...")]`).
///
/// ```
/// use peam_ssz_lean::{Validator, Validators};
/// use peam_ssz_types::{List, Ssz};
///
/// let v = |index| Validator { index, ..Validator::default() };
/// let list = List::try_from(vec![v(0), v(2)]).unwrap();
/// assert!(Validators::new(list.clone()).is_err());
/// let err = Validators::from_ssz(&list.to_ssz()).unwrap_err();
/// assert_eq!(err.to_string(), "at [1]: validator index is not its position");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
#[ssz(transparent, validate = "Validators::check")]
pub struct Validators(List<Validator, ValidatorRegistryLimit>);

/// What decoding [`Validators`] reports for an index that is not its
/// position (at the position, in the error's path).
pub const INDEX_NOT_POSITION: DecodeErrorKind =
    DecodeErrorKind::Custom("validator index is not its position");

impl Validators {
    /// The registry `list`, if every validator's index is its position.
    pub fn new(list: List<Validator, ValidatorRegistryLimit>) -> Result<Self, DecodeError> {
        let validators = Validators(list);
        validators.check()?;
        Ok(validators)
    }

    /// The validators, in index order.
    pub fn as_list(&self) -> &List<Validator, ValidatorRegistryLimit> {
        &self.0
    }

    /// The list of validators.
    pub fn into_list(self) -> List<Validator, ValidatorRegistryLimit> {
        self.0
    }

    fn check(&self) -> Result<(), DecodeError> {
        match self.0.iter().zip(0u64..).position(|(v, i)| v.index != i) {
            None => Ok(()),
            Some(i) => Err(DecodeError::new(INDEX_NOT_POSITION).at_index(i)),
        }
    }
}

impl core::ops::Deref for Validators {
    type Target = [Validator];

    fn deref(&self) -> &[Validator] {
        &self.0
    }
}

/// `GenesisConfig { genesis_time }` (the fixtures' `Config`), 8 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct GenesisConfig {
    /// The genesis time, in seconds.
    pub genesis_time: u64,
}

/// `HistoricalBlockHashes = List[Bytes32, 2^18]`.
pub type HistoricalBlockHashes = List<Bytes32, HistoricalRootsLimit>;
/// `JustifiedSlots = Bitlist[2^18]`.
pub type JustifiedSlots = Bitlist<HistoricalRootsLimit>;
/// `JustificationRoots = List[Bytes32, 2^18]`.
pub type JustificationRoots = List<Bytes32, HistoricalRootsLimit>;
/// `JustificationValidators = Bitlist[2^18 * 2^12]`: one bit per
/// (root, validator).
pub type JustificationValidators = Bitlist<U<{ 1 << 30 }>>;
/// `ValidatorIndices = List[ValidatorIndex, 4096]`.
pub type ValidatorIndices = List<ValidatorIndex, ValidatorRegistryLimit>;

/// `State`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct State {
    /// The genesis configuration.
    pub config: GenesisConfig,
    /// The current slot.
    pub slot: Slot,
    /// The header of the latest block.
    pub latest_block_header: BlockHeader,
    /// The latest justified checkpoint.
    pub latest_justified: Checkpoint,
    /// The latest finalized checkpoint.
    pub latest_finalized: Checkpoint,
    /// The roots of the blocks so far, by slot.
    pub historical_block_hashes: HistoricalBlockHashes,
    /// Which slots are justified.
    pub justified_slots: JustifiedSlots,
    /// The registry.
    pub validators: Validators,
    /// The roots under justification.
    pub justifications_roots: JustificationRoots,
    /// The votes for them, one bit per (root, validator).
    pub justifications_validators: JustificationValidators,
}
