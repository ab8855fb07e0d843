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
