//! The fulu mainnet `BeaconBlock` and `BeaconState` containers, written once
//! for every peer that has a derive.
//!
//! [`beacon_containers!`] declares the structs with the derives it is given;
//! the field types are aliases each peer module defines with its own list,
//! vector and bitfield types (`B32` for a `Bytes32`, `Validators` for
//! `List[Validator, VALIDATOR_REGISTRY_LIMIT]`, ...). Peers build these
//! values by decoding our encoding, so the check before timing also covers
//! their decoders.

/// Declares the containers with the derives in `$attr`.
#[macro_export]
macro_rules! beacon_containers {
    ($(#[$attr:meta])*) => {
        $(#[$attr])*
        pub struct Fork {
            pub previous_version: B4,
            pub current_version: B4,
            pub epoch: u64,
        }

        $(#[$attr])*
        pub struct Checkpoint {
            pub epoch: u64,
            pub root: B32,
        }

        $(#[$attr])*
        pub struct BeaconBlockHeader {
            pub slot: u64,
            pub proposer_index: u64,
            pub parent_root: B32,
            pub state_root: B32,
            pub body_root: B32,
        }

        $(#[$attr])*
        pub struct SignedBeaconBlockHeader {
            pub message: BeaconBlockHeader,
            pub signature: B96,
        }

        $(#[$attr])*
        pub struct Eth1Data {
            pub deposit_root: B32,
            pub deposit_count: u64,
            pub block_hash: B32,
        }

        $(#[$attr])*
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

        $(#[$attr])*
        pub struct AttestationData {
            pub slot: u64,
            pub index: u64,
            pub beacon_block_root: B32,
            pub source: Checkpoint,
            pub target: Checkpoint,
        }

        $(#[$attr])*
        pub struct IndexedAttestation {
            pub attesting_indices: AttestingIndices,
            pub data: AttestationData,
            pub signature: B96,
        }

        $(#[$attr])*
        pub struct Attestation {
            pub aggregation_bits: AggregationBits,
            pub data: AttestationData,
            pub signature: B96,
            pub committee_bits: CommitteeBits,
        }

        $(#[$attr])*
        pub struct ProposerSlashing {
            pub signed_header_1: SignedBeaconBlockHeader,
            pub signed_header_2: SignedBeaconBlockHeader,
        }

        $(#[$attr])*
        pub struct AttesterSlashing {
            pub attestation_1: IndexedAttestation,
            pub attestation_2: IndexedAttestation,
        }

        $(#[$attr])*
        pub struct DepositData {
            pub pubkey: B48,
            pub withdrawal_credentials: B32,
            pub amount: u64,
            pub signature: B96,
        }

        $(#[$attr])*
        pub struct Deposit {
            pub proof: DepositProof,
            pub data: DepositData,
        }

        $(#[$attr])*
        pub struct VoluntaryExit {
            pub epoch: u64,
            pub validator_index: u64,
        }

        $(#[$attr])*
        pub struct SignedVoluntaryExit {
            pub message: VoluntaryExit,
            pub signature: B96,
        }

        $(#[$attr])*
        pub struct SyncAggregate {
            pub sync_committee_bits: SyncBits,
            pub sync_committee_signature: B96,
        }

        $(#[$attr])*
        pub struct SyncCommittee {
            pub pubkeys: SyncPubkeys,
            pub aggregate_pubkey: B48,
        }

        $(#[$attr])*
        pub struct Withdrawal {
            pub index: u64,
            pub validator_index: u64,
            pub address: B20,
            pub amount: u64,
        }

        $(#[$attr])*
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

        $(#[$attr])*
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

        $(#[$attr])*
        pub struct BlsToExecutionChange {
            pub validator_index: u64,
            pub from_bls_pubkey: B48,
            pub to_execution_address: B20,
        }

        $(#[$attr])*
        pub struct SignedBlsToExecutionChange {
            pub message: BlsToExecutionChange,
            pub signature: B96,
        }

        $(#[$attr])*
        pub struct DepositRequest {
            pub pubkey: B48,
            pub withdrawal_credentials: B32,
            pub amount: u64,
            pub signature: B96,
            pub index: u64,
        }

        $(#[$attr])*
        pub struct WithdrawalRequest {
            pub source_address: B20,
            pub validator_pubkey: B48,
            pub amount: u64,
        }

        $(#[$attr])*
        pub struct ConsolidationRequest {
            pub source_address: B20,
            pub source_pubkey: B48,
            pub target_pubkey: B48,
        }

        $(#[$attr])*
        pub struct ExecutionRequests {
            pub deposits: DepositRequests,
            pub withdrawals: WithdrawalRequests,
            pub consolidations: ConsolidationRequests,
        }

        $(#[$attr])*
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

        $(#[$attr])*
        pub struct BeaconBlock {
            pub slot: u64,
            pub proposer_index: u64,
            pub parent_root: B32,
            pub state_root: B32,
            pub body: BeaconBlockBody,
        }

        $(#[$attr])*
        pub struct HistoricalSummary {
            pub block_summary_root: B32,
            pub state_summary_root: B32,
        }

        $(#[$attr])*
        pub struct PendingDeposit {
            pub pubkey: B48,
            pub withdrawal_credentials: B32,
            pub amount: u64,
            pub signature: B96,
            pub slot: u64,
        }

        $(#[$attr])*
        pub struct PendingPartialWithdrawal {
            pub validator_index: u64,
            pub amount: u64,
            pub withdrawable_epoch: u64,
        }

        $(#[$attr])*
        pub struct PendingConsolidation {
            pub source_index: u64,
            pub target_index: u64,
        }

        $(#[$attr])*
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
    };
}
