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
/// milhouse's `List[Validator, 2**40]`, with its default update map.
pub type MilhouseValidators = milhouse::List<peers::lighthouse::Validator, U1099511627776>;
/// milhouse's `List[uint64, 2**40]`, with its default update map.
pub type MilhouseBalances = milhouse::List<u64, U1099511627776>;
/// milhouse's `List[Validator, 2**40]` with a `BTreeMap` of pending
/// updates, its other configuration (Lighthouse's default is the
/// `MaxMap<VecMap>` of [`MilhouseValidators`]).
pub type MilhouseValidatorsBTree = milhouse::List<
    peers::lighthouse::Validator,
    U1099511627776,
    std::collections::BTreeMap<usize, peers::lighthouse::Validator>,
>;
/// milhouse's `List[uint64, 2**40]` with a `BTreeMap` of pending updates.
pub type MilhouseBalancesBTree =
    milhouse::List<u64, U1099511627776, std::collections::BTreeMap<usize, u64>>;
/// The mainnet fulu state with the persistent, cached collections.
pub type CachedState =
    beacon_types::beacon_cached::fulu::BeaconState<beacon_types::beacon::Mainnet>;

/// Ours, from the data.
pub fn validators(data: &[ValidatorData]) -> Validators {
    PersistentList::try_from(data.iter().map(ours::validator).collect::<Vec<_>>())
        .expect("within the limit")
}

/// milhouse's, from the same data, with the update map `M`.
pub fn milhouse_validators<M: milhouse::UpdateMap<peers::lighthouse::Validator>>(
    data: &[ValidatorData],
) -> milhouse::List<peers::lighthouse::Validator, U1099511627776, M> {
    milhouse::List::new(data.iter().map(peers::lighthouse::validator).collect())
        .expect("within the limit")
}

/// Ours, from the values.
pub fn balances(values: &[u64]) -> Balances {
    PersistentList::try_from(values.to_vec()).expect("within the limit")
}

/// milhouse's, from the same values, with the update map `M`.
pub fn milhouse_balances<M: milhouse::UpdateMap<u64>>(
    values: &[u64],
) -> milhouse::List<u64, U1099511627776, M> {
    milhouse::List::new(values.to_vec()).expect("within the limit")
}

/// The cached state holding the same value as the plain `state`.
pub fn cached_state(state: &ours::State) -> CachedState {
    CachedState::from_ssz(&state.to_ssz()).expect("the cached state decodes the plain one")
}

/// The mainnet Gloas state of consensus-specs v1.7.0-alpha.13 (a
/// progressive container, its registry and balances progressive lists).
pub type GloasState =
    beacon_types::beacon_v1_7::gloas::BeaconState<beacon_types::beacon_v1_7::Mainnet>;
/// The same state with the persistent, cached collections.
pub type CachedGloasState =
    beacon_types::beacon_v1_7_cached::gloas::BeaconState<beacon_types::beacon_v1_7::Mainnet>;

/// A Gloas state holding `data`'s validators, a balance, two participation
/// flags and an inactivity score per validator, the other fields default.
pub fn gloas_state(data: &[ValidatorData]) -> GloasState {
    use beacon_types::beacon_v1_7::gloas::Validator;
    let n = data.len();
    let validators: Vec<Validator> = data
        .iter()
        .map(|d| Validator::from_ssz(&ours::validator(d).to_ssz()).expect("the same container"))
        .collect();
    GloasState {
        slot: 11_000_000,
        validators: validators.into(),
        balances: data
            .iter()
            .map(|d| d.effective_balance)
            .collect::<Vec<_>>()
            .into(),
        previous_epoch_participation: vec![7u8; n].into(),
        current_epoch_participation: vec![3u8; n].into(),
        inactivity_scores: vec![0u64; n].into(),
        ..GloasState::default()
    }
}

/// The cached Gloas state holding the same value as the plain `state`.
pub fn cached_gloas_state(state: &GloasState) -> CachedGloasState {
    CachedGloasState::from_ssz(&state.to_ssz()).expect("the cached state decodes the plain one")
}
