//! ssz_rs, with its derive. It has no arrays longer than 32, so a pubkey is
//! a `Vector<u8, 48>`; `hash_tree_root` takes `&mut self`.

use ssz_rs::prelude::*;

use crate::{HeaderData, ValidatorData, LIST_LIMIT};

/// `List[uint64, 2**40]`.
pub type ListU64 = List<u64, LIST_LIMIT>;
/// `List[Validator, 2**40]`.
pub type Validators = List<Validator, LIST_LIMIT>;

#[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
pub struct BeaconBlockHeader {
    pub slot: u64,
    pub proposer_index: u64,
    pub parent_root: [u8; 32],
    pub state_root: [u8; 32],
    pub body_root: [u8; 32],
}

#[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
pub struct Validator {
    pub pubkey: Vector<u8, 48>,
    pub withdrawal_credentials: [u8; 32],
    pub effective_balance: u64,
    pub slashed: bool,
    pub activation_eligibility_epoch: u64,
    pub activation_epoch: u64,
    pub exit_epoch: u64,
    pub withdrawable_epoch: u64,
}

pub fn header(d: &HeaderData) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: d.slot,
        proposer_index: d.proposer_index,
        parent_root: d.parent_root,
        state_root: d.state_root,
        body_root: d.body_root,
    }
}

pub fn validator(d: &ValidatorData) -> Validator {
    Validator {
        pubkey: Vector::try_from(d.pubkey.to_vec()).expect("48 bytes"),
        withdrawal_credentials: d.withdrawal_credentials,
        effective_balance: d.effective_balance,
        slashed: d.slashed,
        activation_eligibility_epoch: d.activation_eligibility_epoch,
        activation_epoch: d.activation_epoch,
        exit_epoch: d.exit_epoch,
        withdrawable_epoch: d.withdrawable_epoch,
    }
}

pub fn list_u64(values: &[u64]) -> ListU64 {
    List::try_from(values.to_vec()).expect("within the limit")
}

pub fn validators(data: &[ValidatorData]) -> Validators {
    List::try_from(data.iter().map(validator).collect::<Vec<_>>()).expect("within the limit")
}

/// The encoding.
pub fn encode<T: SimpleSerialize>(value: &T) -> Vec<u8> {
    ssz_rs::serialize(value).expect("ssz_rs encodes its value")
}

/// Strict decoding; panics on an error (inputs are valid).
pub fn decode<T: SimpleSerialize>(bytes: &[u8]) -> T {
    ssz_rs::deserialize(bytes).expect("ssz_rs decodes its input")
}

/// `hash_tree_root` (ssz_rs needs `&mut`; it caches nothing in 0.9).
pub fn root<T: SimpleSerialize>(value: &mut T) -> [u8; 32] {
    let node = value.hash_tree_root().expect("ssz_rs merkleizes its value");
    let mut out = [0u8; 32];
    out.copy_from_slice(node.as_ref());
    out
}

/// The fulu mainnet block and state (ssz_rs has no arrays longer than 32:
/// longer byte vectors are `Vector<u8, N>`).
pub mod beacon {
    use ssz_rs::prelude::*;

    pub type B4 = [u8; 4];
    pub type B20 = [u8; 20];
    pub type B32 = [u8; 32];
    pub type B48 = Vector<u8, 48>;
    pub type B96 = Vector<u8, 96>;
    pub type AttestingIndices = List<u64, 131072>;
    pub type AggregationBits = Bitlist<131072>;
    pub type CommitteeBits = Bitvector<64>;
    pub type DepositProof = Vector<B32, 33>;
    pub type SyncBits = Bitvector<512>;
    pub type SyncPubkeys = Vector<B48, 512>;
    pub type LogsBloom = Vector<u8, 256>;
    pub type ExtraData = List<u8, 32>;
    pub type Transactions = List<List<u8, 1073741824>, 1048576>;
    pub type Withdrawals = List<Withdrawal, 16>;
    pub type DepositRequests = List<DepositRequest, 8192>;
    pub type WithdrawalRequests = List<WithdrawalRequest, 16>;
    pub type ConsolidationRequests = List<ConsolidationRequest, 2>;
    pub type ProposerSlashings = List<ProposerSlashing, 16>;
    pub type AttesterSlashings = List<AttesterSlashing, 1>;
    pub type Attestations = List<Attestation, 8>;
    pub type Deposits = List<Deposit, 16>;
    pub type VoluntaryExits = List<SignedVoluntaryExit, 16>;
    pub type BlsToExecutionChanges = List<SignedBlsToExecutionChange, 16>;
    pub type BlobKzgCommitments = List<B48, 4096>;
    pub type HistoricalRootsVector = Vector<B32, 8192>;
    pub type HistoricalRoots = List<B32, 16777216>;
    pub type Eth1DataVotes = List<Eth1Data, 2048>;
    pub type Validators = List<Validator, 1099511627776>;
    pub type Balances = List<u64, 1099511627776>;
    pub type RandaoMixes = Vector<B32, 65536>;
    pub type Slashings = Vector<u64, 8192>;
    pub type Participation = List<u8, 1099511627776>;
    pub type JustificationBits = Bitvector<4>;
    pub type HistoricalSummaries = List<HistoricalSummary, 16777216>;
    pub type PendingDeposits = List<PendingDeposit, 134217728>;
    pub type PendingPartialWithdrawals = List<PendingPartialWithdrawal, 134217728>;
    pub type PendingConsolidations = List<PendingConsolidation, 262144>;
    pub type ProposerLookahead = Vector<u64, 64>;

    // Written out rather than through `beacon_containers!`: ssz_rs's derive
    // gives its generated code the fields' spans, which a `macro_rules!`
    // expansion makes unhygienic.
    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Fork {
        pub previous_version: B4,
        pub current_version: B4,
        pub epoch: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Checkpoint {
        pub epoch: u64,
        pub root: B32,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct BeaconBlockHeader {
        pub slot: u64,
        pub proposer_index: u64,
        pub parent_root: B32,
        pub state_root: B32,
        pub body_root: B32,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct SignedBeaconBlockHeader {
        pub message: BeaconBlockHeader,
        pub signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Eth1Data {
        pub deposit_root: B32,
        pub deposit_count: u64,
        pub block_hash: B32,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Validator {
        pub pubkey: B48,
        pub withdrawal_credentials: B32,
        pub effective_balance: u64,
        pub slashed: bool,
        pub activation_eligibility_epoch: u64,
        pub activation_epoch: u64,
        pub exit_epoch: u64,
        pub withdrawable_epoch: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct AttestationData {
        pub slot: u64,
        pub index: u64,
        pub beacon_block_root: B32,
        pub source: Checkpoint,
        pub target: Checkpoint,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct IndexedAttestation {
        pub attesting_indices: AttestingIndices,
        pub data: AttestationData,
        pub signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Attestation {
        pub aggregation_bits: AggregationBits,
        pub data: AttestationData,
        pub signature: B96,
        pub committee_bits: CommitteeBits,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct ProposerSlashing {
        pub signed_header_1: SignedBeaconBlockHeader,
        pub signed_header_2: SignedBeaconBlockHeader,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct AttesterSlashing {
        pub attestation_1: IndexedAttestation,
        pub attestation_2: IndexedAttestation,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct DepositData {
        pub pubkey: B48,
        pub withdrawal_credentials: B32,
        pub amount: u64,
        pub signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Deposit {
        pub proof: DepositProof,
        pub data: DepositData,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct VoluntaryExit {
        pub epoch: u64,
        pub validator_index: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct SignedVoluntaryExit {
        pub message: VoluntaryExit,
        pub signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct SyncAggregate {
        pub sync_committee_bits: SyncBits,
        pub sync_committee_signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct SyncCommittee {
        pub pubkeys: SyncPubkeys,
        pub aggregate_pubkey: B48,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct Withdrawal {
        pub index: u64,
        pub validator_index: u64,
        pub address: B20,
        pub amount: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct ExecutionPayload {
        pub parent_hash: B32,
        pub fee_recipient: B20,
        pub state_root: B32,
        pub receipts_root: B32,
        pub logs_bloom: LogsBloom,
        pub prev_randao: B32,
        pub block_number: u64,
        pub gas_limit: u64,
        pub gas_used: u64,
        pub timestamp: u64,
        pub extra_data: ExtraData,
        pub base_fee_per_gas: B32,
        pub block_hash: B32,
        pub transactions: Transactions,
        pub withdrawals: Withdrawals,
        pub blob_gas_used: u64,
        pub excess_blob_gas: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct ExecutionPayloadHeader {
        pub parent_hash: B32,
        pub fee_recipient: B20,
        pub state_root: B32,
        pub receipts_root: B32,
        pub logs_bloom: LogsBloom,
        pub prev_randao: B32,
        pub block_number: u64,
        pub gas_limit: u64,
        pub gas_used: u64,
        pub timestamp: u64,
        pub extra_data: ExtraData,
        pub base_fee_per_gas: B32,
        pub block_hash: B32,
        pub transactions_root: B32,
        pub withdrawals_root: B32,
        pub blob_gas_used: u64,
        pub excess_blob_gas: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct BlsToExecutionChange {
        pub validator_index: u64,
        pub from_bls_pubkey: B48,
        pub to_execution_address: B20,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct SignedBlsToExecutionChange {
        pub message: BlsToExecutionChange,
        pub signature: B96,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct DepositRequest {
        pub pubkey: B48,
        pub withdrawal_credentials: B32,
        pub amount: u64,
        pub signature: B96,
        pub index: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct WithdrawalRequest {
        pub source_address: B20,
        pub validator_pubkey: B48,
        pub amount: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct ConsolidationRequest {
        pub source_address: B20,
        pub source_pubkey: B48,
        pub target_pubkey: B48,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct ExecutionRequests {
        pub deposits: DepositRequests,
        pub withdrawals: WithdrawalRequests,
        pub consolidations: ConsolidationRequests,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct BeaconBlockBody {
        pub randao_reveal: B96,
        pub eth1_data: Eth1Data,
        pub graffiti: B32,
        pub proposer_slashings: ProposerSlashings,
        pub attester_slashings: AttesterSlashings,
        pub attestations: Attestations,
        pub deposits: Deposits,
        pub voluntary_exits: VoluntaryExits,
        pub sync_aggregate: SyncAggregate,
        pub execution_payload: ExecutionPayload,
        pub bls_to_execution_changes: BlsToExecutionChanges,
        pub blob_kzg_commitments: BlobKzgCommitments,
        pub execution_requests: ExecutionRequests,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct BeaconBlock {
        pub slot: u64,
        pub proposer_index: u64,
        pub parent_root: B32,
        pub state_root: B32,
        pub body: BeaconBlockBody,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct HistoricalSummary {
        pub block_summary_root: B32,
        pub state_summary_root: B32,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct PendingDeposit {
        pub pubkey: B48,
        pub withdrawal_credentials: B32,
        pub amount: u64,
        pub signature: B96,
        pub slot: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct PendingPartialWithdrawal {
        pub validator_index: u64,
        pub amount: u64,
        pub withdrawable_epoch: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct PendingConsolidation {
        pub source_index: u64,
        pub target_index: u64,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, SimpleSerialize)]
    pub struct BeaconState {
        pub genesis_time: u64,
        pub genesis_validators_root: B32,
        pub slot: u64,
        pub fork: Fork,
        pub latest_block_header: BeaconBlockHeader,
        pub block_roots: HistoricalRootsVector,
        pub state_roots: HistoricalRootsVector,
        pub historical_roots: HistoricalRoots,
        pub eth1_data: Eth1Data,
        pub eth1_data_votes: Eth1DataVotes,
        pub eth1_deposit_index: u64,
        pub validators: Validators,
        pub balances: Balances,
        pub randao_mixes: RandaoMixes,
        pub slashings: Slashings,
        pub previous_epoch_participation: Participation,
        pub current_epoch_participation: Participation,
        pub justification_bits: JustificationBits,
        pub previous_justified_checkpoint: Checkpoint,
        pub current_justified_checkpoint: Checkpoint,
        pub finalized_checkpoint: Checkpoint,
        pub inactivity_scores: Balances,
        pub current_sync_committee: SyncCommittee,
        pub next_sync_committee: SyncCommittee,
        pub latest_execution_payload_header: ExecutionPayloadHeader,
        pub next_withdrawal_index: u64,
        pub next_withdrawal_validator_index: u64,
        pub historical_summaries: HistoricalSummaries,
        pub deposit_requests_start_index: u64,
        pub deposit_balance_to_consume: u64,
        pub exit_balance_to_consume: u64,
        pub earliest_exit_epoch: u64,
        pub consolidation_balance_to_consume: u64,
        pub earliest_consolidation_epoch: u64,
        pub pending_deposits: PendingDeposits,
        pub pending_partial_withdrawals: PendingPartialWithdrawals,
        pub pending_consolidations: PendingConsolidations,
        pub proposer_lookahead: ProposerLookahead,
    }
}
