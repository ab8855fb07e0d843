//! Lighthouse: `ethereum_ssz` + `ssz_types` + `tree_hash`, with their derives.

use ssz_derive::{Decode, Encode};
use ssz_types::typenum::U1099511627776;
use ssz_types::VariableList;
use tree_hash_derive::TreeHash;

use crate::{HeaderData, ValidatorData};

/// `List[uint64, 2**40]`.
pub type ListU64 = VariableList<u64, U1099511627776>;
/// `List[Validator, 2**40]`.
pub type Validators = VariableList<Validator, U1099511627776>;

#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode, TreeHash)]
pub struct BeaconBlockHeader {
    pub slot: u64,
    pub proposer_index: u64,
    pub parent_root: [u8; 32],
    pub state_root: [u8; 32],
    pub body_root: [u8; 32],
}

#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode, TreeHash)]
pub struct Validator {
    pub pubkey: [u8; 48],
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
        pubkey: d.pubkey,
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
    VariableList::new(values.to_vec()).expect("within the limit")
}

pub fn validators(data: &[ValidatorData]) -> Validators {
    VariableList::new(data.iter().map(validator).collect()).expect("within the limit")
}

/// The encoding.
pub fn encode<T: ssz::Encode>(value: &T) -> Vec<u8> {
    value.as_ssz_bytes()
}

/// Strict decoding; panics on an error (inputs are valid).
pub fn decode<T: ssz::Decode>(bytes: &[u8]) -> T {
    T::from_ssz_bytes(bytes).expect("lighthouse decodes its input")
}

/// `hash_tree_root`.
pub fn root<T: tree_hash::TreeHash>(value: &T) -> [u8; 32] {
    value.tree_hash_root().0
}

/// The fulu mainnet block and state.
pub mod beacon {
    use ssz_derive::{Decode, Encode};
    use ssz_types::typenum::{
        U1, U1048576, U1073741824, U1099511627776, U131072, U134217728, U16, U16777216, U2, U2048,
        U256, U262144, U32, U33, U4, U4096, U512, U64, U65536, U8, U8192,
    };
    use ssz_types::{BitList, BitVector, FixedVector, VariableList};
    use tree_hash_derive::TreeHash;

    pub type B4 = [u8; 4];
    pub type B20 = [u8; 20];
    pub type B32 = [u8; 32];
    pub type B48 = [u8; 48];
    pub type B96 = [u8; 96];
    pub type AttestingIndices = VariableList<u64, U131072>;
    pub type AggregationBits = BitList<U131072>;
    pub type CommitteeBits = BitVector<U64>;
    pub type DepositProof = FixedVector<B32, U33>;
    pub type SyncBits = BitVector<U512>;
    pub type SyncPubkeys = FixedVector<B48, U512>;
    pub type LogsBloom = FixedVector<u8, U256>;
    pub type ExtraData = VariableList<u8, U32>;
    pub type Transactions = VariableList<VariableList<u8, U1073741824>, U1048576>;
    pub type Withdrawals = VariableList<Withdrawal, U16>;
    pub type DepositRequests = VariableList<DepositRequest, U8192>;
    pub type WithdrawalRequests = VariableList<WithdrawalRequest, U16>;
    pub type ConsolidationRequests = VariableList<ConsolidationRequest, U2>;
    pub type ProposerSlashings = VariableList<ProposerSlashing, U16>;
    pub type AttesterSlashings = VariableList<AttesterSlashing, U1>;
    pub type Attestations = VariableList<Attestation, U8>;
    pub type Deposits = VariableList<Deposit, U16>;
    pub type VoluntaryExits = VariableList<SignedVoluntaryExit, U16>;
    pub type BlsToExecutionChanges = VariableList<SignedBlsToExecutionChange, U16>;
    pub type BlobKzgCommitments = VariableList<B48, U4096>;
    pub type HistoricalRootsVector = FixedVector<B32, U8192>;
    pub type HistoricalRoots = VariableList<B32, U16777216>;
    pub type Eth1DataVotes = VariableList<Eth1Data, U2048>;
    pub type Validators = VariableList<Validator, U1099511627776>;
    pub type Balances = VariableList<u64, U1099511627776>;
    pub type RandaoMixes = FixedVector<B32, U65536>;
    pub type Slashings = FixedVector<u64, U8192>;
    pub type Participation = VariableList<u8, U1099511627776>;
    pub type JustificationBits = BitVector<U4>;
    pub type HistoricalSummaries = VariableList<HistoricalSummary, U16777216>;
    pub type PendingDeposits = VariableList<PendingDeposit, U134217728>;
    pub type PendingPartialWithdrawals = VariableList<PendingPartialWithdrawal, U134217728>;
    pub type PendingConsolidations = VariableList<PendingConsolidation, U262144>;
    pub type ProposerLookahead = FixedVector<u64, U64>;

    crate::beacon_containers!(#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode, TreeHash)]);
}
