//! peam-ssz 2.x. It ships `BeaconBlockHeader` and has no derive, so
//! `Validator` is written by hand on its public traits and helpers, the way
//! its own header is.

use peam_ssz_v2::ssz::{HashTreeRoot, SszDecode, SszEncode, SszFixedLen};
use peam_ssz_v2::types::bytes::Bytes32;
use peam_ssz_v2::types::collections::SszList;
use peam_ssz_v2::types::container::{hash_tree_root_from_field_roots, Container};

pub use peam_ssz_v2::types::beacon::BeaconBlockHeader;

use crate::{HeaderData, ValidatorData, LIST_LIMIT};

/// `List[uint64, 2**40]`.
pub type ListU64 = SszList<u64, LIST_LIMIT>;
/// `List[Validator, 2**40]`.
pub type Validators = SszList<Validator, LIST_LIMIT>;

#[derive(Clone, Debug, PartialEq, Eq)]
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

const VALIDATOR_LEN: usize = 121;

impl Container for Validator {}

impl SszFixedLen for Validator {
    fn fixed_len() -> usize {
        VALIDATOR_LEN
    }
}

impl SszEncode for Validator {
    fn encode_ssz(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(VALIDATOR_LEN);
        self.encode_ssz_into(&mut out);
        out
    }

    fn encode_ssz_into(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + VALIDATOR_LEN, 0);
        // SAFETY: `out[start..]` was just resized to the 121 bytes this
        // writes.
        unsafe { self.write_fixed_ssz(out.as_mut_ptr().add(start)) };
    }

    unsafe fn write_fixed_ssz(&self, dst: *mut u8) {
        // SAFETY: the caller gives 121 writable bytes at `dst`; the fields
        // take 48 + 32 + 8 + 1 + 4 * 8 = 121 bytes at these offsets.
        unsafe {
            self.pubkey.write_fixed_ssz(dst);
            self.withdrawal_credentials.write_fixed_ssz(dst.add(48));
            self.effective_balance.write_fixed_ssz(dst.add(80));
            self.slashed.write_fixed_ssz(dst.add(88));
            self.activation_eligibility_epoch
                .write_fixed_ssz(dst.add(89));
            self.activation_epoch.write_fixed_ssz(dst.add(97));
            self.exit_epoch.write_fixed_ssz(dst.add(105));
            self.withdrawable_epoch.write_fixed_ssz(dst.add(113));
        }
    }
}

impl SszDecode for Validator {
    fn decode_ssz(bytes: &[u8]) -> Result<Self, String> {
        if bytes.len() != VALIDATOR_LEN {
            return Err(format!("Validator expects 121 bytes, got {}", bytes.len()));
        }
        Ok(Validator {
            pubkey: SszDecode::decode_ssz(&bytes[0..48])?,
            withdrawal_credentials: SszDecode::decode_ssz(&bytes[48..80])?,
            effective_balance: SszDecode::decode_ssz(&bytes[80..88])?,
            slashed: SszDecode::decode_ssz(&bytes[88..89])?,
            activation_eligibility_epoch: SszDecode::decode_ssz(&bytes[89..97])?,
            activation_epoch: SszDecode::decode_ssz(&bytes[97..105])?,
            exit_epoch: SszDecode::decode_ssz(&bytes[105..113])?,
            withdrawable_epoch: SszDecode::decode_ssz(&bytes[113..121])?,
        })
    }
}

impl HashTreeRoot for Validator {
    fn hash_tree_root(&self) -> [u8; 32] {
        hash_tree_root_from_field_roots(&[
            self.pubkey.hash_tree_root(),
            self.withdrawal_credentials.hash_tree_root(),
            self.effective_balance.hash_tree_root(),
            self.slashed.hash_tree_root(),
            self.activation_eligibility_epoch.hash_tree_root(),
            self.activation_epoch.hash_tree_root(),
            self.exit_epoch.hash_tree_root(),
            self.withdrawable_epoch.hash_tree_root(),
        ])
    }
}

pub fn header(d: &HeaderData) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: d.slot,
        proposer_index: d.proposer_index,
        parent_root: Bytes32::from(d.parent_root),
        state_root: Bytes32::from(d.state_root),
        body_root: Bytes32::from(d.body_root),
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
    SszList::new(values.to_vec()).expect("within the limit")
}

pub fn validators(data: &[ValidatorData]) -> Validators {
    SszList::new(data.iter().map(validator).collect()).expect("within the limit")
}

/// The encoding.
pub fn encode<T: SszEncode>(value: &T) -> Vec<u8> {
    value.encode_ssz()
}

/// Decoding through `SszDecode` (peam-ssz 2's fixed-size types check their
/// length there); panics on an error (inputs are valid).
pub fn decode<T: SszDecode>(bytes: &[u8]) -> T {
    T::decode_ssz(bytes).expect("peam-ssz 2 decodes its input")
}

/// Lists decode through the checked entry point, which validates the length
/// against the limit before decoding.
pub fn decode_list<T, const N: usize>(bytes: &[u8]) -> SszList<T, N>
where
    T: SszDecode + peam_ssz_v2::ssz::SszElement,
{
    SszList::decode_ssz_checked(bytes).expect("peam-ssz 2 decodes its input")
}

/// `hash_tree_root`.
pub fn root<T: HashTreeRoot>(value: &T) -> [u8; 32] {
    value.hash_tree_root()
}
