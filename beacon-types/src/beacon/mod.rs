//! The consensus containers of every fork, for both presets, as
//! `#[derive(Ssz, TreeHash)]` structs (consensus-specs v1.6.1).
//!
//! One module per fork holds every container of that fork that the
//! `ssz_static` vectors cover: [`phase0`], [`altair`], [`bellatrix`],
//! [`capella`], [`deneb`], [`electra`], [`fulu`], [`gloas`] and [`eip7805`]
//! (which builds on fulu). A container is defined once, in the fork that
//! introduces or changes it; later forks re-export it while it is unchanged,
//! so `fulu::Checkpoint` is `phase0::Checkpoint`, while `electra::Attestation`
//! is a new type.
//!
//! Containers whose fields depend on a preset value are generic over a
//! [`Preset`], which names each value as a type-level length:
//! `phase0::BeaconState<P>` holds `List<Validator, P::ValidatorRegistryLimit>`.
//! [`Mainnet`] and [`Minimal`] are the spec's presets. Containers that no
//! preset value sizes take no parameter (`phase0::Checkpoint`).
//!
//! ```
//! use peam_ssz_beacon::beacon::{electra, Mainnet, Minimal};
//! use peam_ssz_types::{Ssz, TreeHash};
//!
//! let state = electra::BeaconState::<Minimal>::default();
//! let bytes = state.to_ssz();
//! assert_eq!(electra::BeaconState::<Minimal>::from_ssz(&bytes).unwrap(), state);
//! // The presets size the state differently.
//! assert_ne!(bytes.len(), electra::BeaconState::<Mainnet>::default().ssz_len());
//! let _root = state.hash_tree_root();
//! ```
//!
//! The fork modules, [`preset`] and [`catalog`] are generated from the spec's schema by
//! `beacon-types/tools/codegen`; a unit test fails when they are out
//! of date. Every container derives `serde` in the consensus YAML
//! conventions, so the vectors' `value.yaml` files parse into them.

use core::fmt::Debug;
use peam_ssz_types::view::TreeHashView;
use peam_ssz_types::{path::TreeLayout, Ssz, TreeHash};
use serde::de::DeserializeOwned;
use serde::Serialize;

#[cfg(feature = "v1_6")]
pub mod catalog;
#[cfg(feature = "v1_6")]
pub mod forked;
pub mod preset;

/// The collections and leaf types the fork modules are written with: the
/// plain `List` and `Vector`, peam's [`FixedBytes`](peam_ssz_types::FixedBytes)
/// for roots and addresses and peam's [`U256`](peam_ssz_types::U256) here;
/// [`crate::beacon_cached`] compiles the same fork files with the
/// persistent, cached collections, and `beacon_alloy` (feature `alloy`)
/// with alloy-primitives' types.
pub mod collections {
    pub use peam_ssz_types::{List, Vector};

    /// `Bytes32`, `Root`, `Hash32`, `Domain`: `ByteVector[32]`.
    pub type Bytes32 = peam_ssz_types::FixedBytes<32>;
    /// `Bytes20`, `ExecutionAddress`: `ByteVector[20]`.
    pub type Bytes20 = peam_ssz_types::FixedBytes<20>;
    /// `uint256`.
    pub type Uint256 = peam_ssz_types::U256;

    /// The serde of a `uint256` field (`#[serde(with = ...)]`): peam's
    /// [`U256`](peam_ssz_types::U256) already writes the consensus decimal
    /// string, so this is its own `Serialize` and `Deserialize`.
    pub mod uint256_serde {
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        /// Writes `value` as its own `Serialize` does.
        pub fn serialize<S: Serializer>(
            value: &super::Uint256,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            value.serialize(serializer)
        }

        /// Reads a value as its own `Deserialize` does.
        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<super::Uint256, D::Error> {
            super::Uint256::deserialize(deserializer)
        }
    }
}

#[cfg(feature = "v1_6")]
pub mod altair;
#[cfg(feature = "v1_6")]
pub mod bellatrix;
#[cfg(feature = "v1_6")]
pub mod capella;
#[cfg(feature = "v1_6")]
pub mod deneb;
#[cfg(feature = "v1_6")]
pub mod eip7805;
#[cfg(feature = "v1_6")]
pub mod electra;
#[cfg(feature = "v1_6")]
pub mod fulu;
#[cfg(feature = "v1_6")]
pub mod gloas;
#[cfg(feature = "v1_6")]
pub mod phase0;
// The containers without a `List` or `Vector`, which the fork modules
// re-export: compiled here only, and re-exported by `crate::beacon_cached`,
// where they are the same types.
#[cfg(feature = "v1_6")]
pub(crate) mod shared;

pub use preset::{Mainnet, Minimal, Preset};

/// The forks, in the order of the spec (`eip7805` builds on `fulu`).
#[cfg(feature = "v1_6")]
pub use catalog::FORKS;

pub use peam_ssz_types::{Quot, Sum};

/// What every consensus container implements: SSZ, merkleization, views
/// of its encoding (read, rooted and proved from the bytes), the shape of
/// its tree (for paths), equality, and serde in the consensus YAML
/// conventions.
pub trait Container:
    Ssz
    + TreeHash
    + TreeHashView
    + TreeLayout
    + Clone
    + Debug
    + Default
    + PartialEq
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
}

impl<T> Container for T where
    T: Ssz
        + TreeHash
        + TreeHashView
        + TreeLayout
        + Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

/// Receives the containers of a fork, one type at a time: each fork's
/// `visit_containers::<P, _>` calls [`ContainerVisitor::visit`] once per
/// container, with its spec name. A test runner maps names to checks this way
/// without listing the types by hand.
pub trait ContainerVisitor {
    /// Called with the container `T` named `name` in the spec.
    fn visit<T: Container>(&mut self, name: &'static str);
}

#[cfg(feature = "v1_6")]
mod dispatch;
/// Calls `visitor` with every container of `fork` (one of [`FORKS`]) for the
/// preset `P`; `false`, having called nothing, for an unknown fork.
#[cfg(feature = "v1_6")]
pub use dispatch::visit_fork_containers;
