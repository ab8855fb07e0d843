//! Our fixture values, built from the beacon containers of
//! [`beacon_types::beacon`] (fulu, the latest mainnet fork, mainnet preset),
//! and the three operations through the public API a user calls.

use beacon_types::beacon::fulu::{
    Attestation, AttestationData, AttesterSlashing, BLSToExecutionChange, BeaconBlock,
    BeaconBlockBody, BeaconBlockHeader, BeaconState, Checkpoint, ConsolidationRequest, Deposit,
    DepositData, DepositRequest, Eth1Data, ExecutionPayload, ExecutionPayloadHeader,
    ExecutionRequests, Fork, HistoricalSummary, IndexedAttestation, PendingConsolidation,
    PendingDeposit, PendingPartialWithdrawal, ProposerSlashing, SignedBLSToExecutionChange,
    SignedBeaconBlockHeader, SignedVoluntaryExit, SyncAggregate, SyncCommittee, Validator,
    VoluntaryExit, Withdrawal, WithdrawalRequest,
};
use beacon_types::beacon::{Mainnet, Preset};
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, FixedBytes, Length, List, Ssz, TreeHash, Vector, U,
};

use crate::{HeaderData, Rng, ValidatorData, LIST_LIMIT};

/// `List[uint64, 2**40]`.
pub type ListU64 = List<u64, U<LIST_LIMIT>>;
/// `List[Validator, 2**40]`.
pub type Validators = List<Validator, U<LIST_LIMIT>>;
/// The mainnet `BeaconState` of fulu.
pub type State = BeaconState<Mainnet>;
/// The mainnet `BeaconBlock` of fulu (electra's, unchanged).
pub type Block = BeaconBlock<Mainnet>;

pub fn header(d: &HeaderData) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: d.slot,
        proposer_index: d.proposer_index,
        parent_root: d.parent_root.into(),
        state_root: d.state_root.into(),
        body_root: d.body_root.into(),
    }
}

pub fn validator(d: &ValidatorData) -> Validator {
    Validator {
        pubkey: d.pubkey.into(),
        withdrawal_credentials: d.withdrawal_credentials.into(),
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

/// A client's `Gwei`: a transparent newtype of `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Ssz, TreeHash)]
#[ssz(transparent)]
pub struct Gwei(pub u64);

pub type ListGwei = List<Gwei, U<LIST_LIMIT>>;

/// The same values as [`list_u64`], as newtypes: its encoding and root.
pub fn list_gwei(values: &[u64]) -> ListGwei {
    List::try_from(values.iter().copied().map(Gwei).collect::<Vec<_>>()).expect("within the limit")
}

pub fn validators(data: &[ValidatorData]) -> Validators {
    List::try_from(data.iter().map(validator).collect::<Vec<_>>()).expect("within the limit")
}

/// The encoding, in one allocation of the exact size.
pub fn encode<T: Ssz>(value: &T) -> Vec<u8> {
    value.to_ssz()
}

/// Strict decoding; panics on an error (inputs are valid).
pub fn decode<T: Ssz>(bytes: &[u8]) -> T {
    match T::from_ssz(bytes) {
        Ok(v) => v,
        Err(e) => panic!("peam failed to decode its input: {e}"),
    }
}

/// `hash_tree_root`.
pub fn root<T: TreeHash>(value: &T) -> [u8; 32] {
    value.hash_tree_root()
}

fn bytes<const N: usize>(rng: &mut Rng) -> FixedBytes<N> {
    rng.bytes::<N>().into()
}

fn list<T, N: Length>(n: usize, f: impl FnMut(usize) -> T) -> List<T, N> {
    List::try_from((0..n).map(f).collect::<Vec<_>>()).expect("within the limit")
}

fn checkpoint(rng: &mut Rng, epoch: u64) -> Checkpoint {
    Checkpoint {
        epoch,
        root: bytes(rng),
    }
}

fn signed_header(rng: &mut Rng, slot: u64) -> SignedBeaconBlockHeader {
    SignedBeaconBlockHeader {
        message: BeaconBlockHeader {
            slot,
            proposer_index: rng.below(1 << 20),
            parent_root: bytes(rng),
            state_root: bytes(rng),
            body_root: bytes(rng),
        },
        signature: bytes(rng),
    }
}

fn attestation_data(rng: &mut Rng, slot: u64) -> AttestationData {
    let epoch = slot / 32;
    AttestationData {
        slot,
        index: 0,
        beacon_block_root: bytes(rng),
        source: checkpoint(rng, epoch - 1),
        target: checkpoint(rng, epoch),
    }
}

fn indexed_attestation(rng: &mut Rng, slot: u64, len: usize) -> IndexedAttestation<Mainnet> {
    let mut indices: Vec<u64> = (0..len).map(|_| rng.below(1 << 20)).collect();
    indices.sort_unstable();
    IndexedAttestation {
        attesting_indices: List::try_from(indices).expect("within the limit"),
        data: attestation_data(rng, slot),
        signature: bytes(rng),
    }
}

/// A mainnet block (fulu) filled the way a busy slot fills it: every
/// operation list at its maximum count (16 proposer slashings, 1 attester
/// slashing, 8 aggregate attestations over all 64 committees of a
/// 1M-validator set, 16 deposits, 16 exits, 16 BLS changes), an execution
/// payload of 250 transactions and 16 withdrawals, 9 blob commitments and
/// execution requests.
pub fn beacon_block(seed: u64) -> Block {
    let mut rng = Rng::new(seed);
    let rng = &mut rng;
    let slot = 11_000_000 + rng.below(1000);
    // 1M validators / 32 slots / 64 committees: 488 per committee.
    let committee = 488;
    let committees = <Mainnet as Preset>::MaxCommitteesPerSlot::USIZE;
    let body = BeaconBlockBody::<Mainnet> {
        randao_reveal: bytes(rng),
        eth1_data: Eth1Data {
            deposit_root: bytes(rng),
            deposit_count: 2_000_000,
            block_hash: bytes(rng),
        },
        graffiti: bytes(rng),
        proposer_slashings: list(16, |_| ProposerSlashing {
            signed_header_1: signed_header(rng, slot - 10),
            signed_header_2: signed_header(rng, slot - 10),
        }),
        attester_slashings: list(1, |_| AttesterSlashing {
            attestation_1: indexed_attestation(rng, slot - 5, committee),
            attestation_2: indexed_attestation(rng, slot - 5, committee),
        }),
        attestations: list(8, |_| {
            let bits: Vec<bool> = (0..committee * committees)
                .map(|_| rng.below(16) != 0)
                .collect();
            Attestation {
                aggregation_bits: Bitlist::from_bools(&bits).expect("within the limit"),
                data: attestation_data(rng, slot - 1),
                signature: bytes(rng),
                committee_bits: Bitvector::from_bools(&[true; 64]).expect("64 committees"),
            }
        }),
        deposits: list(16, |i| Deposit {
            proof: Vector::from_fn(|_| bytes(rng)),
            data: DepositData {
                pubkey: bytes(rng),
                withdrawal_credentials: bytes(rng),
                amount: 32_000_000_000 + i as u64,
                signature: bytes(rng),
            },
        }),
        voluntary_exits: list(16, |_| SignedVoluntaryExit {
            message: VoluntaryExit {
                epoch: slot / 32,
                validator_index: rng.below(1 << 20),
            },
            signature: bytes(rng),
        }),
        sync_aggregate: SyncAggregate {
            sync_committee_bits: Bitvector::from_bools(
                &(0..512).map(|_| rng.below(32) != 0).collect::<Vec<_>>(),
            )
            .expect("512 bits"),
            sync_committee_signature: bytes(rng),
        },
        execution_payload: ExecutionPayload {
            parent_hash: bytes(rng),
            fee_recipient: bytes(rng),
            state_root: bytes(rng),
            receipts_root: bytes(rng),
            logs_bloom: {
                let mut bloom = vec![0u8; 256];
                rng.fill(&mut bloom);
                bloom.try_into().expect("256 bytes")
            },
            prev_randao: bytes(rng),
            block_number: 22_000_000 + rng.below(1000),
            gas_limit: 36_000_000,
            gas_used: 20_000_000 + rng.below(10_000_000),
            timestamp: 1_750_000_000 + rng.below(1000),
            extra_data: ByteList::try_from(b"peam-ssz bench".to_vec()).expect("within 32"),
            base_fee_per_gas: rng.bytes::<32>().map(|b| b & 0x0f).into(),
            block_hash: bytes(rng),
            transactions: list(250, |_| {
                let mut tx = vec![0u8; 100 + rng.below(900) as usize];
                rng.fill(&mut tx);
                ByteList::try_from(tx).expect("within the limit")
            }),
            withdrawals: list(16, |i| Withdrawal {
                index: 90_000_000 + i as u64,
                validator_index: rng.below(1 << 20),
                address: bytes(rng),
                amount: rng.below(100_000_000),
            }),
            blob_gas_used: 9 * 131_072,
            excess_blob_gas: rng.below(1 << 24),
        },
        bls_to_execution_changes: list(16, |_| SignedBLSToExecutionChange {
            message: BLSToExecutionChange {
                validator_index: rng.below(1 << 20),
                from_bls_pubkey: bytes(rng),
                to_execution_address: bytes(rng),
            },
            signature: bytes(rng),
        }),
        blob_kzg_commitments: list(9, |_| bytes(rng)),
        execution_requests: ExecutionRequests {
            deposits: list(16, |i| DepositRequest {
                pubkey: bytes(rng),
                withdrawal_credentials: bytes(rng),
                amount: 32_000_000_000,
                signature: bytes(rng),
                index: 2_000_000 + i as u64,
            }),
            withdrawals: list(2, |_| WithdrawalRequest {
                source_address: bytes(rng),
                validator_pubkey: bytes(rng),
                amount: rng.below(1 << 32),
            }),
            consolidations: list(1, |_| ConsolidationRequest {
                source_address: bytes(rng),
                source_pubkey: bytes(rng),
                target_pubkey: bytes(rng),
            }),
        },
    };
    BeaconBlock {
        slot,
        proposer_index: rng.below(1 << 20),
        parent_root: bytes(rng),
        state_root: bytes(rng),
        body,
    }
}

/// A mainnet state (fulu) over `validators`, with every historical vector
/// full, participation, balances and inactivity scores for each validator,
/// and the pending queues, histories and votes sized like mainnet's.
pub fn beacon_state(validators: &[ValidatorData], seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let rng = &mut rng;
    let n = validators.len();
    let slot = 11_000_000 + rng.below(1000);
    let epoch = slot / 32;
    let sync_committee = |rng: &mut Rng| SyncCommittee::<Mainnet> {
        pubkeys: Vector::from_fn(|_| bytes(rng)),
        aggregate_pubkey: bytes(rng),
    };
    BeaconState {
        genesis_time: 1_606_824_023,
        genesis_validators_root: bytes(rng),
        slot,
        fork: Fork {
            previous_version: [5, 0, 0, 0].into(),
            current_version: [6, 0, 0, 0].into(),
            epoch: epoch - 1000,
        },
        latest_block_header: header(&HeaderData::random(rng)),
        block_roots: Vector::from_fn(|_| bytes(rng)),
        state_roots: Vector::from_fn(|_| bytes(rng)),
        historical_roots: list(758, |_| bytes(rng)),
        eth1_data: Eth1Data {
            deposit_root: bytes(rng),
            deposit_count: n as u64,
            block_hash: bytes(rng),
        },
        eth1_data_votes: list(1024, |_| Eth1Data {
            deposit_root: bytes(rng),
            deposit_count: n as u64,
            block_hash: bytes(rng),
        }),
        eth1_deposit_index: n as u64,
        validators: validators
            .iter()
            .map(validator)
            .collect::<Vec<_>>()
            .try_into()
            .expect("within the limit"),
        balances: list(n, |_| 32_000_000_000 + rng.below(100_000_000)),
        randao_mixes: Vector::from_fn(|_| bytes(rng)),
        slashings: Vector::from_fn(|_| {
            if rng.below(64) == 0 {
                rng.below(1 << 40)
            } else {
                0
            }
        }),
        previous_epoch_participation: list(n, |_| (rng.next_u64() & 7) as u8),
        current_epoch_participation: list(n, |_| (rng.next_u64() & 7) as u8),
        justification_bits: Bitvector::from_bools(&[true, true, true, false]).expect("4 bits"),
        previous_justified_checkpoint: checkpoint(rng, epoch - 2),
        current_justified_checkpoint: checkpoint(rng, epoch - 1),
        finalized_checkpoint: checkpoint(rng, epoch - 2),
        inactivity_scores: list(n, |_| {
            if rng.below(100) == 0 {
                rng.below(1000)
            } else {
                0
            }
        }),
        current_sync_committee: sync_committee(rng),
        next_sync_committee: sync_committee(rng),
        latest_execution_payload_header: ExecutionPayloadHeader {
            parent_hash: bytes(rng),
            fee_recipient: bytes(rng),
            state_root: bytes(rng),
            receipts_root: bytes(rng),
            logs_bloom: {
                let mut bloom = vec![0u8; 256];
                rng.fill(&mut bloom);
                bloom.try_into().expect("256 bytes")
            },
            prev_randao: bytes(rng),
            block_number: 22_000_000,
            gas_limit: 36_000_000,
            gas_used: 20_000_000,
            timestamp: 1_750_000_000,
            extra_data: ByteList::try_from(b"peam-ssz bench".to_vec()).expect("within 32"),
            base_fee_per_gas: rng.bytes::<32>().map(|b| b & 0x0f).into(),
            block_hash: bytes(rng),
            transactions_root: bytes(rng),
            withdrawals_root: bytes(rng),
            blob_gas_used: 6 * 131_072,
            excess_blob_gas: 0,
        },
        next_withdrawal_index: 90_000_000,
        next_withdrawal_validator_index: rng.below(n as u64),
        historical_summaries: list(1200, |_| HistoricalSummary {
            block_summary_root: bytes(rng),
            state_summary_root: bytes(rng),
        }),
        deposit_requests_start_index: 2_000_000,
        deposit_balance_to_consume: rng.below(1 << 40),
        exit_balance_to_consume: rng.below(1 << 40),
        earliest_exit_epoch: epoch + 10,
        consolidation_balance_to_consume: rng.below(1 << 40),
        earliest_consolidation_epoch: epoch + 20,
        pending_deposits: list(10_000, |_| PendingDeposit {
            pubkey: bytes(rng),
            withdrawal_credentials: bytes(rng),
            amount: 32_000_000_000,
            signature: bytes(rng),
            slot: slot - rng.below(100_000),
        }),
        pending_partial_withdrawals: list(1000, |_| PendingPartialWithdrawal {
            validator_index: rng.below(n as u64),
            amount: rng.below(1 << 36),
            withdrawable_epoch: epoch + rng.below(256),
        }),
        pending_consolidations: list(100, |_| PendingConsolidation {
            source_index: rng.below(n as u64),
            target_index: rng.below(n as u64),
        }),
        proposer_lookahead: Vector::from_fn(|_| rng.below(n as u64)),
    }
}
