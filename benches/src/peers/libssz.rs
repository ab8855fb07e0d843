//! libssz: `libssz` + `libssz-types` + `libssz-merkle`, with its derive.

use libssz_derive::{HashTreeRoot, SszDecode, SszEncode};
use libssz_types::SszList;

use crate::{HeaderData, ValidatorData, LIST_LIMIT};

/// `List[uint64, 2**40]`.
pub type ListU64 = SszList<u64, LIST_LIMIT>;
/// `List[Validator, 2**40]`.
pub type Validators = SszList<Validator, LIST_LIMIT>;

#[derive(Clone, Debug, PartialEq, Eq, SszEncode, SszDecode, HashTreeRoot)]
pub struct BeaconBlockHeader {
    pub slot: u64,
    pub proposer_index: u64,
    pub parent_root: [u8; 32],
    pub state_root: [u8; 32],
    pub body_root: [u8; 32],
}

#[derive(Clone, Debug, PartialEq, Eq, SszEncode, SszDecode, HashTreeRoot)]
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
    SszList::try_from(values.to_vec()).expect("within the limit")
}

pub fn validators(data: &[ValidatorData]) -> Validators {
    SszList::try_from(data.iter().map(validator).collect::<Vec<_>>()).expect("within the limit")
}

/// The encoding.
pub fn encode<T: libssz::SszEncode>(value: &T) -> Vec<u8> {
    value.to_ssz()
}

/// Strict decoding; panics on an error (inputs are valid).
pub fn decode<T: libssz::SszDecode>(bytes: &[u8]) -> T {
    match T::from_ssz_bytes(bytes) {
        Ok(v) => v,
        Err(e) => panic!("libssz failed to decode its input: {e:?}"),
    }
}

/// `hash_tree_root`, with libssz's default (`sha2`) hasher.
pub fn root<T: libssz_merkle::HashTreeRoot>(value: &T) -> [u8; 32] {
    value.hash_tree_root(&libssz_merkle::Sha2Hasher)
}

/// The fulu mainnet block and state.
pub mod beacon {
    use libssz_derive::{HashTreeRoot, SszDecode, SszEncode};
    use libssz_types::{SszBitlist, SszBitvector, SszList, SszVector};

    pub type B4 = [u8; 4];
    pub type B20 = [u8; 20];
    pub type B32 = [u8; 32];
    pub type B48 = [u8; 48];
    pub type B96 = [u8; 96];
    pub type AttestingIndices = SszList<u64, 131072>;
    pub type AggregationBits = SszBitlist<131072>;
    pub type CommitteeBits = SszBitvector<64>;
    pub type DepositProof = SszVector<B32, 33>;
    pub type SyncBits = SszBitvector<512>;
    pub type SyncPubkeys = SszVector<B48, 512>;
    pub type LogsBloom = [u8; 256];
    pub type ExtraData = SszList<u8, 32>;
    pub type Transactions = SszList<SszList<u8, 1073741824>, 1048576>;
    pub type Withdrawals = SszList<Withdrawal, 16>;
    pub type DepositRequests = SszList<DepositRequest, 8192>;
    pub type WithdrawalRequests = SszList<WithdrawalRequest, 16>;
    pub type ConsolidationRequests = SszList<ConsolidationRequest, 2>;
    pub type ProposerSlashings = SszList<ProposerSlashing, 16>;
    pub type AttesterSlashings = SszList<AttesterSlashing, 1>;
    pub type Attestations = SszList<Attestation, 8>;
    pub type Deposits = SszList<Deposit, 16>;
    pub type VoluntaryExits = SszList<SignedVoluntaryExit, 16>;
    pub type BlsToExecutionChanges = SszList<SignedBlsToExecutionChange, 16>;
    pub type BlobKzgCommitments = SszList<B48, 4096>;
    pub type HistoricalRootsVector = SszVector<B32, 8192>;
    pub type HistoricalRoots = SszList<B32, 16777216>;
    pub type Eth1DataVotes = SszList<Eth1Data, 2048>;
    pub type Validators = SszList<Validator, 1099511627776>;
    pub type Balances = SszList<u64, 1099511627776>;
    pub type RandaoMixes = SszVector<B32, 65536>;
    pub type Slashings = SszVector<u64, 8192>;
    pub type Participation = SszList<u8, 1099511627776>;
    pub type JustificationBits = SszBitvector<4>;
    pub type HistoricalSummaries = SszList<HistoricalSummary, 16777216>;
    pub type PendingDeposits = SszList<PendingDeposit, 134217728>;
    pub type PendingPartialWithdrawals = SszList<PendingPartialWithdrawal, 134217728>;
    pub type PendingConsolidations = SszList<PendingConsolidation, 262144>;
    pub type ProposerLookahead = SszVector<u64, 64>;

    crate::beacon_containers!(
        #[derive(Clone, Debug, PartialEq, Eq, SszEncode, SszDecode, HashTreeRoot)]
    );
}
