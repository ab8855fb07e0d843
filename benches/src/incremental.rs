//! Fixtures of the `incremental/` group: the same million validators and
//! balances as our persistent lists and as milhouse 0.9 lists (the
//! persistent trees Lighthouse keeps its state in), and a full fulu state
//! with the cached collections.

use crate::{ours, peers, ValidatorData, LIST_LIMIT};
use peam_ssz_types::{PersistentList, Ssz, U};
use ssz_types::typenum::U1099511627776;

/// Our `List[Validator, 2**40]`, persistent.
pub type Validators = PersistentList<beacon_types::beacon::fulu::Validator, U<LIST_LIMIT>>;
/// Our `List[uint64, 2**40]`, persistent.
pub type Balances = PersistentList<u64, U<LIST_LIMIT>>;
/// milhouse's `List[Validator, 2**40]`.
pub type MilhouseValidators = milhouse::List<peers::lighthouse::Validator, U1099511627776>;
/// milhouse's `List[uint64, 2**40]`.
pub type MilhouseBalances = milhouse::List<u64, U1099511627776>;
/// The mainnet fulu state with the persistent, cached collections.
pub type CachedState =
    beacon_types::beacon_cached::fulu::BeaconState<beacon_types::beacon::Mainnet>;

/// Ours, from the data.
pub fn validators(data: &[ValidatorData]) -> Validators {
    PersistentList::try_from(data.iter().map(ours::validator).collect::<Vec<_>>())
        .expect("within the limit")
}

/// milhouse's, from the same data.
pub fn milhouse_validators(data: &[ValidatorData]) -> MilhouseValidators {
    milhouse::List::new(data.iter().map(peers::lighthouse::validator).collect())
        .expect("within the limit")
}

/// Ours, from the values.
pub fn balances(values: &[u64]) -> Balances {
    PersistentList::try_from(values.to_vec()).expect("within the limit")
}

/// milhouse's, from the same values.
pub fn milhouse_balances(values: &[u64]) -> MilhouseBalances {
    milhouse::List::new(values.to_vec()).expect("within the limit")
}

/// The cached state holding the same value as the plain `state`.
pub fn cached_state(state: &ours::State) -> CachedState {
    CachedState::from_ssz(&state.to_ssz()).expect("the cached state decodes the plain one")
}
