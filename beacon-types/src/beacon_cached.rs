//! The beacon containers of every fork instantiated with the persistent,
//! cached collections: the same generated fork files as [`crate::beacon`],
//! compiled a second time with `List` and `Vector` mapped to
//! [`PersistentList`](peam_ssz_types::PersistentList) and
//! [`PersistentVector`](peam_ssz_types::PersistentVector), so that the
//! `ssz_static` vectors run through the cached types too
//! (`tests/ssz_static_cached.rs`, `ssz_static[cached]/...`).
//!
//! A container that holds no `List` or `Vector`, itself or through a
//! container (`Checkpoint`, `Validator`, `BeaconBlockHeader`, electra's
//! `PendingDeposit`), is re-exported from [`crate::beacon`] instead: the
//! same type in both, so a value moves between them without a conversion.
//!
//! ```
//! use peam_ssz_beacon::beacon_cached::{fulu, Minimal};
//! use peam_ssz_types::{PersistentList, Ssz, TreeHash};
//!
//! let mut state = fulu::BeaconState::<Minimal>::default();
//! let _: &PersistentList<u64, _> = &state.balances;
//! state.balances.push(32_000_000_000).unwrap();
//! let plain = peam_ssz_beacon::beacon::fulu::BeaconState::<Minimal>::from_ssz(&state.to_ssz()).unwrap();
//! assert_eq!(state.hash_tree_root(), plain.hash_tree_root());
//! // The plain `Checkpoint` is the cached one.
//! state.finalized_checkpoint = plain.finalized_checkpoint.clone();
//! ```

pub use crate::beacon::{
    preset, Container, ContainerVisitor, Mainnet, Minimal, Preset, Quot, Sum, FORKS,
};

/// `List` and `Vector` for the fork files: the persistent, cached types;
/// the leaf types are those of [`crate::beacon`].
pub mod collections {
    pub use crate::beacon::collections::{uint256_serde, Bytes20, Bytes32, Uint256};
    pub use peam_ssz_types::{PersistentList as List, PersistentVector as Vector};
}

#[path = "beacon/altair.rs"]
pub mod altair;
#[path = "beacon/bellatrix.rs"]
pub mod bellatrix;
#[path = "beacon/capella.rs"]
pub mod capella;
#[path = "beacon/deneb.rs"]
pub mod deneb;
#[path = "beacon/eip7805.rs"]
pub mod eip7805;
#[path = "beacon/electra.rs"]
pub mod electra;
#[path = "beacon/forked/mod.rs"]
pub mod forked;
#[path = "beacon/fulu.rs"]
pub mod fulu;
#[path = "beacon/gloas.rs"]
pub mod gloas;
#[path = "beacon/phase0.rs"]
pub mod phase0;

// The containers without a `List` or `Vector` are those of
// `crate::beacon`, which the fork files re-export from here.
use crate::beacon::shared;

#[path = "beacon/dispatch.rs"]
mod dispatch;
/// As [`crate::beacon::visit_fork_containers`], for the cached
/// instantiation (the same generated file).
pub use dispatch::visit_fork_containers;
