//! The Fulu, Gloas and Heze containers of v1.7.0-alpha.13 instantiated with
//! the persistent, cached collections: the same generated fork files as
//! [`crate::beacon_v1_7`], compiled a second time with `List`, `Vector` and
//! `ProgressiveList` mapped to
//! [`PersistentList`](peam_ssz_types::PersistentList),
//! [`PersistentVector`](peam_ssz_types::PersistentVector) and
//! [`PersistentProgressiveList`](peam_ssz_types::PersistentProgressiveList),
//! so that a client keeps its Gloas or Heze state incrementally and the
//! `ssz_static` vectors run through the cached types too
//! (`tests/ssz_static.rs`, `ssz_static[cached]@v1.7.0-alpha.13/...`).
//! Progressive bitlists and byte lists (aggregation bits, transactions)
//! stay plain: they are small and decoded once.
//!
//! A container that holds no `List`, `Vector` or `ProgressiveList`, itself
//! or through a container (`Checkpoint`, `Validator`, `Builder`,
//! `PayloadAttestation`), is re-exported from [`crate::beacon_v1_7`]
//! instead: the same type in both, so a value moves between them without a
//! conversion.
//!
//! ```
//! use peam_ssz_beacon::beacon_v1_7_cached::{gloas, Minimal};
//! use peam_ssz_types::{PersistentProgressiveList, Ssz, TreeHash, V1_7};
//!
//! let mut state = gloas::BeaconState::<Minimal>::default();
//! let _: &PersistentProgressiveList<u64, V1_7> = &state.balances;
//! state.balances.push(32_000_000_000);
//! let plain = peam_ssz_beacon::beacon_v1_7::gloas::BeaconState::<Minimal>::from_ssz(&state.to_ssz()).unwrap();
//! assert_eq!(state.hash_tree_root(), plain.hash_tree_root());
//! ```

pub use crate::beacon_v1_7::{
    preset, without_maxima, Asserted, Container, ContainerVisitor, Mainnet, MaxBlobsPerBlock,
    Minimal, Preset, Quot, Sum, FORKS, VECTOR_FORKS,
};

/// `List`, `Vector` and `ProgressiveList` for the fork files: the
/// persistent, cached types; the leaf types and the progressive bitlists
/// and byte lists are those of [`crate::beacon_v1_7`].
pub mod collections {
    pub use crate::beacon_v1_7::collections::{uint256_serde, Bytes20, Bytes32, Uint256};
    pub use peam_ssz_types::{
        PersistentList as List, PersistentProgressiveList as ProgressiveList,
        PersistentVector as Vector, ProgressiveBitlist, ProgressiveByteList,
    };
}

#[path = "beacon_v1_7/forked/mod.rs"]
pub mod forked;
#[path = "beacon_v1_7/fulu.rs"]
pub mod fulu;
#[path = "beacon_v1_7/gloas.rs"]
pub mod gloas;
#[path = "beacon_v1_7/heze.rs"]
pub mod heze;

// The containers without a `List`, `Vector` or `ProgressiveList` are those
// of `crate::beacon_v1_7`, which the fork files re-export from here.
use crate::beacon_v1_7::shared;

#[path = "beacon_v1_7/dispatch.rs"]
mod dispatch;
/// As [`crate::beacon_v1_7::visit_fork_containers`], for the cached
/// instantiation (the same generated file).
pub use dispatch::visit_fork_containers;
