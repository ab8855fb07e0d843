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
use peam_ssz_types::{path::TreeLayout, Ssz, TreeHash};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub mod catalog;
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

pub mod altair;
pub mod bellatrix;
pub mod capella;
pub mod deneb;
pub mod eip7805;
pub mod electra;
pub mod fulu;
pub mod gloas;
pub mod phase0;

pub use preset::{Mainnet, Minimal, Preset};

/// The forks, in the order of the spec (`eip7805` builds on `fulu`).
pub use catalog::FORKS;

pub use peam_ssz_types::{Quot, Sum};

/// What every consensus container implements: SSZ, merkleization, the
/// shape of its tree (for paths), equality, and serde in the consensus YAML
/// conventions.
pub trait Container:
    Ssz
    + TreeHash
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

/// Calls `visitor` with every container of `fork` (one of [`FORKS`]) for the
/// preset `P`. Returns `false`, having called nothing, for an unknown fork.
pub fn visit_fork_containers<P: Preset, V: ContainerVisitor>(fork: &str, visitor: &mut V) -> bool {
    match fork {
        "phase0" => phase0::visit_containers::<P, V>(visitor),
        "altair" => altair::visit_containers::<P, V>(visitor),
        "bellatrix" => bellatrix::visit_containers::<P, V>(visitor),
        "capella" => capella::visit_containers::<P, V>(visitor),
        "deneb" => deneb::visit_containers::<P, V>(visitor),
        "electra" => electra::visit_containers::<P, V>(visitor),
        "fulu" => fulu::visit_containers::<P, V>(visitor),
        "gloas" => gloas::visit_containers::<P, V>(visitor),
        "eip7805" => eip7805::visit_containers::<P, V>(visitor),
        _ => return false,
    }
    true
}

#[cfg(test)]
#[path = "../../tools/codegen/mod.rs"]
pub(crate) mod codegen;

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The committed fork modules, `preset.rs` and the descriptor files under
    /// `schemas/v1.6.1/` are what the generator makes of the committed schema. `BEACON_CODEGEN=write` rewrites them instead.
    #[test]
    fn generated_code_is_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types.yaml")).unwrap();
        assert_eq!(codegen::fork_names(&schema).unwrap(), FORKS);
        let files = codegen::generate(&schema).unwrap();
        let mut files: Vec<(String, String)> = files
            .into_iter()
            .map(|(name, text)| (format!("src/beacon/{name}"), text))
            .collect();
        // The run-time schemas of the same containers.
        for (name, text) in codegen::generate_descriptors(&schema).unwrap() {
            files.push((format!("schemas/v1.6.1/{name}"), text));
        }
        let write = std::env::var("BEACON_CODEGEN").is_ok_and(|v| v == "write");
        let mut stale = Vec::new();
        for (name, text) in files {
            let path = dir.join(&name);
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                if write {
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, text).unwrap();
                } else {
                    stale.push(name);
                }
            }
        }
        assert!(
            stale.is_empty(),
            "out of date: {stale:?}; run `BEACON_CODEGEN=write cargo test -p peam-ssz-beacon --lib \
             beacon::tests::generated_code_is_up_to_date`"
        );
    }

    /// An unchanged container is the same type in every fork that has it; a
    /// changed one is a new type.
    #[test]
    fn unchanged_containers_are_reexported() {
        use core::any::TypeId;
        fn same<A: 'static, B: 'static>() -> bool {
            TypeId::of::<A>() == TypeId::of::<B>()
        }
        assert!(same::<phase0::Checkpoint, eip7805::Checkpoint>());
        assert!(same::<phase0::Validator, gloas::Validator>());
        assert!(same::<
            altair::SyncAggregate<Mainnet>,
            gloas::SyncAggregate<Mainnet>,
        >());
        assert!(same::<
            electra::Attestation<Minimal>,
            fulu::Attestation<Minimal>,
        >());
        assert!(same::<
            fulu::BeaconState<Mainnet>,
            eip7805::BeaconState<Mainnet>,
        >());
        assert!(!same::<
            phase0::Attestation<Mainnet>,
            electra::Attestation<Mainnet>,
        >());
        assert!(!same::<
            electra::BeaconState<Mainnet>,
            fulu::BeaconState<Mainnet>,
        >());
        assert!(!same::<
            fulu::BeaconState<Mainnet>,
            gloas::BeaconState<Mainnet>,
        >());
        assert!(!same::<
            fulu::BeaconState<Mainnet>,
            fulu::BeaconState<Minimal>,
        >());
        // The light-client branches grew in electra, so every container
        // that holds one changed.
        assert!(!same::<
            deneb::LightClientUpdate<Mainnet>,
            electra::LightClientUpdate<Mainnet>,
        >());
        assert!(same::<
            deneb::LightClientHeader<Mainnet>,
            electra::LightClientHeader<Mainnet>,
        >());
    }

    /// The visitor gives, for both presets, exactly the containers that the
    /// schema lists for each fork, in the order of their names.
    #[test]
    fn visitors_list_the_schema_containers() {
        #[derive(Default)]
        struct Names(Vec<String>);
        impl ContainerVisitor for Names {
            fn visit<T: Container>(&mut self, name: &'static str) {
                self.0.push(name.to_owned());
            }
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types.yaml")).unwrap();
        for (fork, expected) in codegen::container_names(&schema).unwrap() {
            let mut mainnet = Names::default();
            assert!(visit_fork_containers::<Mainnet, _>(&fork, &mut mainnet));
            let mut minimal = Names::default();
            assert!(visit_fork_containers::<Minimal, _>(&fork, &mut minimal));
            assert_eq!(mainnet.0, expected, "{fork}");
            assert_eq!(minimal.0, expected, "{fork}");
        }
        assert!(!visit_fork_containers::<Minimal, _>(
            "frontier",
            &mut Names::default()
        ));
    }
}
