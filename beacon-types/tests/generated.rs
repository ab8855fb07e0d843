//! The generated code against the generator: the fork modules, presets and
//! schema files of each edition are what `tools/codegen` makes of the
//! committed spec schema (`BEACON_CODEGEN=write` rewrites them), and the
//! visitors list every container of the schema. An integration test, so
//! that the containers are not compiled a second time for unit tests.

// Each edition's module under its feature (both are on by default).
#![cfg(any(feature = "v1_6", feature = "v1_7"))]

#[path = "../tools/codegen/mod.rs"]
// With one edition, the generator's items for the other go unused.
#[cfg_attr(not(all(feature = "v1_6", feature = "v1_7")), allow(dead_code))]
mod codegen;

use std::path::Path;

/// Whether `A` and `B` are one type (a re-export, not a copy).
fn same<A: 'static, B: 'static>() -> bool {
    core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
}

/// Compares each `(path under dir, text)` with the committed file, or with
/// `BEACON_CODEGEN=write` writes the files that differ; fails naming the
/// stale files and the test that rewrites them.
fn check_files(dir: &Path, files: Vec<(String, String)>, test: &str) {
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
        "out of date: {stale:?}; run `BEACON_CODEGEN=write cargo test -p peam-ssz-beacon \
         --test generated {test}`"
    );
}

#[cfg(feature = "v1_6")]
mod v1_6 {
    use super::{codegen, same};
    use peam_ssz_beacon::beacon::*;
    use std::path::Path;

    /// The committed fork modules, `preset.rs` and the descriptor files under
    /// `schemas/v1.6.1/` are what the generator makes of the committed schema. `BEACON_CODEGEN=write` rewrites them instead.
    #[test]
    fn generated_code_is_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types.yaml")).unwrap();
        let files = codegen::generate(&schema).unwrap();
        let mut files: Vec<(String, String)> = files
            .into_iter()
            .map(|(name, text)| (format!("src/beacon/{name}"), text))
            .collect();
        // The run-time schemas of the same containers.
        for (name, text) in codegen::generate_descriptors(&schema).unwrap() {
            files.push((format!("schemas/v1.6.1/{name}"), text));
        }
        super::check_files(dir, files, "v1_6::generated_code_is_up_to_date");
        // After the files, so that `BEACON_CODEGEN=write` writes a new
        // fork's catalog before this compares its forks.
        assert_eq!(codegen::fork_names(&schema).unwrap(), FORKS);
    }

    /// An unchanged container is the same type in every fork that has it; a
    /// changed one is a new type.
    #[test]
    fn unchanged_containers_are_reexported() {
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

    /// A container that holds no `List` or `Vector`, itself or through a
    /// container, is the plain type in the cached instantiation too; one
    /// that holds one is the cached instantiation's own.
    #[cfg(feature = "cached")]
    #[test]
    fn cached_reexports_the_containers_without_lists() {
        use peam_ssz_beacon::beacon_cached as cached;
        assert!(same::<cached::fulu::Checkpoint, fulu::Checkpoint>());
        assert!(same::<cached::phase0::Validator, gloas::Validator>());
        assert!(same::<
            cached::eip7805::BeaconBlockHeader,
            phase0::BeaconBlockHeader,
        >());
        assert!(same::<
            cached::electra::Attestation<Mainnet>,
            electra::Attestation<Mainnet>,
        >());
        assert!(same::<cached::electra::PendingDeposit, fulu::PendingDeposit>());
        assert!(same::<
            cached::capella::ExecutionPayloadHeader<Minimal>,
            capella::ExecutionPayloadHeader<Minimal>,
        >());
        assert!(same::<
            cached::altair::SyncAggregate<Mainnet>,
            altair::SyncAggregate<Mainnet>,
        >());
        // A vector longer than an inline array, and lists.
        assert!(!same::<cached::phase0::Deposit, phase0::Deposit>());
        assert!(!same::<
            cached::electra::IndexedAttestation<Mainnet>,
            electra::IndexedAttestation<Mainnet>,
        >());
        assert!(!same::<
            cached::fulu::BeaconState<Mainnet>,
            fulu::BeaconState<Mainnet>,
        >());
        // Through a container that holds a list.
        assert!(!same::<
            cached::phase0::AttesterSlashing<Mainnet>,
            phase0::AttesterSlashing<Mainnet>,
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

#[cfg(feature = "v1_7")]
mod v1_7 {
    use super::{codegen, same};
    use peam_ssz_beacon::beacon_v1_7::*;
    use std::path::Path;

    /// The committed modules and the descriptor files under
    /// `schemas/v1.7.0-alpha.13/` are what the generator makes of the committed
    /// alpha.13 schema. `BEACON_CODEGEN=write` rewrites them instead.
    #[test]
    fn generated_code_is_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types-v1.7.yaml")).unwrap();
        let files = codegen::generate_for(&schema, &codegen::V1_7).unwrap();
        let mut files: Vec<(String, String)> = files
            .into_iter()
            .map(|(name, text)| (format!("src/beacon_v1_7/{name}"), text))
            .collect();
        // The run-time schemas of the same containers.
        for (name, text) in codegen::generate_descriptors(&schema).unwrap() {
            files.push((format!("schemas/v1.7.0-alpha.13/{name}"), text));
        }
        super::check_files(dir, files, "v1_7::generated_code_is_up_to_date");
        // After the files, so that `BEACON_CODEGEN=write` writes a new
        // fork's catalog before this compares its forks.
        assert_eq!(codegen::fork_names(&schema).unwrap(), FORKS);
    }

    /// Heze re-exports what it does not change from Gloas; the bid, what
    /// holds it, and the state are new types.
    #[test]
    fn heze_changes_the_bid_and_what_holds_it() {
        assert!(same::<
            gloas::ExecutionPayload<Mainnet>,
            heze::ExecutionPayload<Mainnet>,
        >());
        assert!(same::<gloas::ExecutionRequests, heze::ExecutionRequests>());
        assert!(same::<
            gloas::Attestation<Minimal>,
            heze::Attestation<Minimal>,
        >());
        assert!(!same::<
            gloas::ExecutionPayloadBid,
            heze::ExecutionPayloadBid<Mainnet>,
        >());
        assert!(!same::<
            gloas::SignedBeaconBlock<Mainnet>,
            heze::SignedBeaconBlock<Mainnet>,
        >());
        assert!(!same::<
            gloas::BeaconState<Mainnet>,
            heze::BeaconState<Mainnet>,
        >());
    }

    /// A container that holds no `List`, `Vector` or `ProgressiveList`,
    /// itself or through a container, is the plain type in the cached
    /// instantiation too; one that holds one is the cached instantiation's
    /// own.
    #[cfg(feature = "cached")]
    #[test]
    fn cached_reexports_the_containers_without_lists() {
        use peam_ssz_beacon::beacon_v1_7_cached as cached;
        assert!(same::<cached::heze::Checkpoint, fulu::Checkpoint>());
        assert!(same::<cached::gloas::Validator, gloas::Validator>());
        assert!(same::<cached::gloas::Builder, heze::Builder>());
        assert!(same::<
            cached::gloas::PayloadAttestation<Minimal>,
            gloas::PayloadAttestation<Minimal>,
        >());
        assert!(same::<
            cached::heze::SignedProposerPreferences,
            gloas::SignedProposerPreferences,
        >());
        // Progressive lists, and what holds them.
        assert!(!same::<
            cached::gloas::ExecutionPayloadBid,
            gloas::ExecutionPayloadBid,
        >());
        assert!(!same::<
            cached::gloas::ExecutionRequests,
            gloas::ExecutionRequests,
        >());
        assert!(!same::<
            cached::heze::ExecutionPayloadBid<Mainnet>,
            heze::ExecutionPayloadBid<Mainnet>,
        >());
        assert!(!same::<
            cached::gloas::BeaconState<Mainnet>,
            gloas::BeaconState<Mainnet>,
        >());
    }

    /// The visitors, plain and cached, give for both presets exactly the
    /// containers that the schema lists for each fork, in the order of
    /// their names.
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
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types-v1.7.yaml")).unwrap();
        for (fork, expected) in codegen::container_names(&schema).unwrap() {
            let mut lists: Vec<Names> = (0..4).map(|_| Names::default()).collect();
            assert!(visit_fork_containers::<Mainnet, _>(&fork, &mut lists[0]));
            assert!(visit_fork_containers::<Minimal, _>(&fork, &mut lists[1]));
            #[cfg(feature = "cached")]
            {
                use peam_ssz_beacon::beacon_v1_7_cached;
                assert!(beacon_v1_7_cached::visit_fork_containers::<Mainnet, _>(
                    &fork,
                    &mut lists[2]
                ));
                assert!(beacon_v1_7_cached::visit_fork_containers::<Minimal, _>(
                    &fork,
                    &mut lists[3]
                ));
            }
            #[cfg(not(feature = "cached"))]
            lists.truncate(2);
            for names in &lists {
                assert_eq!(names.0, expected, "{fork}");
            }
        }
        for fork in VECTOR_FORKS {
            assert!(FORKS.contains(&fork), "{fork}");
        }
        assert!(!visit_fork_containers::<Minimal, _>(
            "frontier",
            &mut Names::default()
        ));
    }

    /// The maxima hold in the fork that asserts them and in every fork
    /// after it: Heze follows Gloas and changes its bid
    /// (`inclusion_list_bits`), so it defines a new body and bid, which
    /// keep the Gloas maxima; the containers it does not change are
    /// Gloas's.
    #[test]
    fn maxima_hold_in_the_forks_that_follow() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let schema = std::fs::read_to_string(dir.join("tools/beacon-types-v1.7.yaml")).unwrap();
        let files = codegen::generate_for(&schema, &codegen::V1_7).unwrap();
        let next = &files.iter().find(|(name, _)| name == "heze.rs").unwrap().1;
        for line in [
            "pub struct BeaconBlockBody<P: Preset> {",
            "ProgressiveList<Attestation<P>, V1_7, Asserted<P::MaxAttestationsElectra>>,",
            "pub deposits: ProgressiveList<Deposit, V1_7, Asserted<U<0>>>,",
            "pub struct ExecutionPayloadBid<P: Preset> {",
            "Asserted<RuntimeMax<MaxBlobsPerBlock, P::MaxBlobCommitmentsPerBlock>>,",
            "pub inclusion_list_bits: Bitvector<P::InclusionListCommitteeSize>,",
        ] {
            assert!(next.contains(line), "{line}\n{next}");
        }
        // Unchanged: re-exported with their maxima.
        let reexports = next.split("pub use super::gloas::{").nth(1).unwrap();
        let reexports = &reexports[..reexports.find("};").unwrap()];
        for name in [
            "AttesterSlashing",
            "ExecutionRequests",
            "IndexedAttestation",
        ] {
            assert!(reexports.contains(name), "{name}\n{next}");
        }
    }
}
