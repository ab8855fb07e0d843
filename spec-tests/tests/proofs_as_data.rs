//! Proofs and paths as data, against the v1.6.1 vectors:
//!
//! - every `proof.yaml` of the deneb `single_merkle_proof` runners (both
//!   presets) reads as a `SingleProof`, equals the proof we generate for
//!   its `leaf_index`, and round-trips through YAML and JSON, as does a
//!   multiproof of the same indices (checked also in its binary form);
//! - a path given as a YAML list of steps gives the vector's proof byte
//!   for byte, and prints back to the same YAML;
//! - partial values: a multiproof of a deneb `BeaconState` (the
//!   `ssz_static` vectors) answers the proven paths with the full value's
//!   fields and refuses the others, with random paths over every case.
//!
//! Fails on a runner directory without cases and on any case not read.

use beacon_types::beacon::{deneb, Mainnet, Minimal, Preset};
use peam_ssz_types::path::{Path, PathLike, TreeLayout};
use peam_ssz_types::proof::{
    prove, prove_multi, prove_path, prove_paths, Gindex, MultiProof, Partial, PartialError,
    SingleProof,
};
use peam_ssz_types::{Bytes32, Ssz, TreeHash, V1_6};
use spec_tests::harness::{subdirs, vectors_dir};
use std::path::PathBuf;

fn decompress(path: &std::path::Path) -> Vec<u8> {
    let compressed = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    snap::raw::Decoder::new()
        .decompress_vec(&compressed)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn proof_cases<P: Preset>() -> Vec<PathBuf> {
    let mut cases = Vec::new();
    for runner in [
        "light_client/single_merkle_proof",
        "merkle_proof/single_merkle_proof",
    ] {
        let dir = vectors_dir::<V1_6>()
            .join("tests")
            .join(P::NAME)
            .join("deneb")
            .join(runner);
        let found: Vec<PathBuf> = subdirs(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .into_iter()
            .flat_map(|ty| subdirs(&ty).unwrap_or_default())
            .collect();
        assert!(!found.is_empty(), "{}: no cases", dir.display());
        cases.extend(found);
    }
    cases
}

fn round_trips<P: Preset>() -> usize {
    let mut count = 0;
    for case in proof_cases::<P>() {
        let text = std::fs::read_to_string(case.join("proof.yaml")).expect("proof.yaml");
        let given: SingleProof =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let bytes = decompress(&case.join("object.ssz_snappy"));
        let ours = if case.to_string_lossy().contains("BeaconState") {
            let state = deneb::BeaconState::<P>::from_ssz(&bytes).expect("state");
            given.verify(&state.hash_tree_root()).expect("verifies");
            let multi = prove_multi(&state, &[given.leaf_index]).expect("multi");
            check_multi(&multi, &state.hash_tree_root());
            prove(&state, given.leaf_index).expect("proof")
        } else {
            let body = deneb::BeaconBlockBody::<P>::from_ssz(&bytes).expect("body");
            given.verify(&body.hash_tree_root()).expect("verifies");
            prove(&body, given.leaf_index).expect("proof")
        };
        assert_eq!(ours, given, "{}", case.display());
        // YAML and JSON, both ways.
        let yaml = serde_yaml::to_string(&ours).expect("to yaml");
        assert_eq!(
            serde_yaml::from_str::<SingleProof>(&yaml).expect("yaml"),
            ours
        );
        let json = serde_json::to_string(&ours).expect("to json");
        assert_eq!(
            serde_json::from_str::<SingleProof>(&json).expect("json"),
            ours
        );
        // The vector's text reads back to the same value as ours writes.
        let reread: serde_yaml::Value = serde_yaml::from_str(&text).expect("yaml");
        let written: serde_yaml::Value = serde_yaml::from_str(&yaml).expect("yaml");
        assert_eq!(reread, written, "{}", case.display());
        count += 1;
    }
    count
}

fn check_multi(multi: &MultiProof, root: &[u8; 32]) {
    multi.verify(root).expect("multiproof verifies");
    let yaml = serde_yaml::to_string(multi).expect("to yaml");
    assert_eq!(
        &serde_yaml::from_str::<MultiProof>(&yaml).expect("yaml"),
        multi
    );
    let json = serde_json::to_string(multi).expect("to json");
    assert_eq!(
        &serde_json::from_str::<MultiProof>(&json).expect("json"),
        multi
    );
    let binary = multi.to_ssz_bytes();
    assert_eq!(&MultiProof::from_ssz_bytes(&binary).expect("binary"), multi);
    for cut in [0, 1, 11, binary.len() - 1] {
        assert!(MultiProof::from_ssz_bytes(&binary[..cut]).is_err());
    }
}

#[test]
fn vector_proofs_round_trip_yaml_and_json() {
    let mainnet = round_trips::<Mainnet>();
    let minimal = round_trips::<Minimal>();
    spec_tests::report!("proofs_as_data: {mainnet} mainnet and {minimal} minimal cases");
}

fn finality_case() -> PathBuf {
    vectors_dir::<V1_6>().join(
        "tests/mainnet/deneb/light_client/single_merkle_proof/BeaconState/finality_root_merkle_proof",
    )
}

/// The few lines from a path given as data to the vector's proof and back.
#[test]
fn path_as_yaml_list_gives_the_vector_proof() {
    let case = finality_case();
    let state =
        deneb::BeaconState::<Mainnet>::from_ssz(&decompress(&case.join("object.ssz_snappy")))
            .expect("state");
    let vector: SingleProof =
        serde_yaml::from_str(&std::fs::read_to_string(case.join("proof.yaml")).unwrap()).unwrap();

    let yaml = "- finalized_checkpoint\n- root\n";
    let path: Path = serde_yaml::from_str(yaml).expect("a path");
    let proof = prove_path(&state, &path).expect("a proof");
    assert_eq!(proof, vector);
    assert_eq!(serde_yaml::to_string(&path).unwrap(), yaml);
    assert_eq!(path.to_string(), "finalized_checkpoint.root");
    assert_eq!(proof.leaf_index, Gindex::try_from(105u64).unwrap());

    // Indices and `__len__` in the list form.
    let path: Path = serde_yaml::from_str("[validators, 3, effective_balance]").unwrap();
    assert_eq!(path.to_string(), "validators[3].effective_balance");
    let len: Path = serde_json::from_str(r#"["validators", "__len__"]"#).unwrap();
    assert_eq!(len, Path::root().field("validators").length());
    assert_eq!(prove_path(&state, &len).unwrap().leaf, {
        let mut chunk = [0u8; 32];
        chunk[..8].copy_from_slice(&(state.validators.len() as u64).to_le_bytes());
        chunk
    });
    // A misspelt step is an owned error: it outlives the text.
    let err = {
        let text = String::from("[finalised_checkpoint, root]");
        let path: Path = serde_yaml::from_str(&text).unwrap();
        path.gindex::<deneb::BeaconState<Mainnet>>().unwrap_err()
    };
    assert_eq!(
        err.to_string(),
        "path step 0: no field or variant `finalised_checkpoint`"
    );
}

/// A tiny seeded generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Reads `U` at `path` from the partial and checks it against `full`, or
/// checks that it is refused as not proven.
fn check_path<U, S>(partial: &Partial<S>, path: &str, full: &U, proven: bool)
where
    U: Ssz + TreeHash + TreeLayout + PartialEq + std::fmt::Debug,
    S: TreeLayout,
{
    match partial.get::<U>(path) {
        Ok(v) => {
            assert!(proven, "{path} answered but not proven");
            assert_eq!(&v, full, "{path}");
        }
        Err(PartialError::NotProven { .. }) => assert!(!proven, "{path} refused but proven"),
        Err(e) => panic!("{path}: {e}"),
    }
}

fn partial_values<P: Preset>() -> usize {
    let dir = vectors_dir::<V1_6>()
        .join("tests")
        .join(P::NAME)
        .join("deneb/ssz_static/BeaconState/ssz_random");
    let cases = subdirs(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    assert!(!cases.is_empty(), "{}: no cases", dir.display());
    let mut rng = Rng(7);
    for case in &cases {
        let state =
            deneb::BeaconState::<P>::from_ssz(&decompress(&case.join("serialized.ssz_snappy")))
                .expect("state");
        let root = state.hash_tree_root();
        for _ in 0..4 {
            let n = state.validators.len() as u64;
            let v = rng.below(n);
            let b = rng.below(state.balances.len() as u64);
            let r = rng.below(8192.min(state.randao_mixes.len() as u64));
            // A random subset of these paths is proven; every one of them is asked.
            let all = [
                format!("validators[{v}].effective_balance"),
                format!("validators[{v}]"),
                format!("balances[{b}]"),
                "finalized_checkpoint".to_string(),
                "next_sync_committee".to_string(),
                format!("randao_mixes[{r}]"),
                "slot".to_string(),
                "justification_bits".to_string(),
            ];
            let mask = rng.next() | 1;
            let chosen: Vec<&String> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, p)| p)
                .collect();
            // A path and its ancestor may not both be proven.
            let chosen: Vec<&String> = chosen
                .iter()
                .filter(|p| !(p.ends_with("effective_balance") && chosen.contains(&&all[1])))
                .copied()
                .collect();
            if n == 0 && chosen.iter().any(|p| p.starts_with("validators")) {
                continue;
            }
            let multi = prove_paths(&state, chosen.iter().map(|p| p.as_str())).expect("proof");
            let partial =
                Partial::<deneb::BeaconState<P>>::from_multiproof(&multi).expect("partial");
            assert_eq!(partial.root(), root);
            partial.verify(&Bytes32::from(root)).expect("root");
            // A one-chunk value is revealed when its node is a leaf or
            // helper of the proof; a value of several chunks (a validator,
            // a checkpoint, a sync committee) needs every chunk, and a
            // proof of its root alone reveals none of them.
            let proven = |p: &str| {
                let g = p.gindex_in(<deneb::BeaconState<P>>::LAYOUT).unwrap();
                let one_chunk = !(p == all[1] || p == all[3] || p == all[4]);
                one_chunk
                    && multi
                        .indices
                        .iter()
                        .chain(multi.helper_indices().iter())
                        .any(|&x| x == g)
            };
            if n > 0 {
                let val = &state.validators[v as usize];
                check_path(&partial, &all[0], &val.effective_balance, proven(&all[0]));
                check_path(&partial, &all[1], val, proven(&all[1]));
            }
            if !state.balances.is_empty() {
                check_path(
                    &partial,
                    &all[2],
                    &state.balances[b as usize],
                    proven(&all[2]),
                );
            }
            check_path(
                &partial,
                &all[3],
                &state.finalized_checkpoint,
                proven(&all[3]),
            );
            check_path(
                &partial,
                &all[4],
                &state.next_sync_committee,
                proven(&all[4]),
            );
            check_path(
                &partial,
                &all[5],
                &state.randao_mixes[r as usize],
                proven(&all[5]),
            );
            check_path(&partial, &all[6], &state.slot, proven(&all[6]));
            check_path(
                &partial,
                &all[7],
                &state.justification_bits,
                proven(&all[7]),
            );
            // A path never proven by these: the fork's previous version.
            assert!(matches!(
                partial.get::<peam_ssz_types::Bytes4>("fork.previous_version"),
                Err(PartialError::NotProven { .. })
            ));
            // The wrong type is refused, whatever is proven.
            assert!(matches!(
                partial.get::<u32>("slot"),
                Err(PartialError::TypeMismatch { .. })
            ));
        }
    }
    cases.len()
}

#[test]
fn partial_values_answer_the_proven_paths_only() {
    let mainnet = partial_values::<Mainnet>();
    let minimal = partial_values::<Minimal>();
    spec_tests::report!("partial values: {mainnet} mainnet and {minimal} minimal states");
}
