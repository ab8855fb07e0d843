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
