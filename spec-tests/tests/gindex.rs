//! Generalized indices of the beacon containers from paths, checked
//! against the constants the spec documents and the `leaf_index` of every
//! `single_merkle_proof` vector (consensus-specs v1.6.1).
//!
//! The light-client constants are defined in the spec as
//! `get_generalized_index(BeaconState, ...)` of a path; here they come out
//! of the same path, once as a `const` (a static path, `gindex!`) and once
//! through the run-time path (`gindex_of`, `gindex_of_str`).

use beacon_types::beacon::{
    altair, bellatrix, capella, deneb, electra, fulu, Mainnet, Minimal, Preset,
};
use peam_ssz_types::path::{gindex_of, gindex_of_str, PathErrorKind, PathStep};
use peam_ssz_types::{gindex, Gindex, Length, Ssz, TreeHash, V1_6};
use spec_tests::harness;
use std::path::{Path, PathBuf};

// altair `sync-protocol.md`: `FINALIZED_ROOT_GINDEX`,
// `CURRENT_SYNC_COMMITTEE_GINDEX`, `NEXT_SYNC_COMMITTEE_GINDEX`.
const FINALIZED_ROOT_GINDEX: Gindex =
    gindex!(altair::BeaconState<Mainnet>, finalized_checkpoint.root);
const CURRENT_SYNC_COMMITTEE_GINDEX: Gindex =
    gindex!(altair::BeaconState<Mainnet>, current_sync_committee);
const NEXT_SYNC_COMMITTEE_GINDEX: Gindex =
    gindex!(altair::BeaconState<Mainnet>, next_sync_committee);
// capella `light-client/sync-protocol.md`: `EXECUTION_PAYLOAD_GINDEX`.
const EXECUTION_PAYLOAD_GINDEX: Gindex =
    gindex!(capella::BeaconBlockBody<Mainnet>, execution_payload);
// electra `light-client/sync-protocol.md`: the `_ELECTRA` constants.
const FINALIZED_ROOT_GINDEX_ELECTRA: Gindex =
    gindex!(electra::BeaconState<Mainnet>, finalized_checkpoint.root);
const CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA: Gindex =
    gindex!(electra::BeaconState<Mainnet>, current_sync_committee);
const NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA: Gindex =
    gindex!(electra::BeaconState<Mainnet>, next_sync_committee);

#[test]
fn light_client_constants_come_out_of_their_paths() {
    assert_eq!(FINALIZED_ROOT_GINDEX.get(), 105);
    assert_eq!(CURRENT_SYNC_COMMITTEE_GINDEX.get(), 54);
    assert_eq!(NEXT_SYNC_COMMITTEE_GINDEX.get(), 55);
    assert_eq!(EXECUTION_PAYLOAD_GINDEX.get(), 25);
    assert_eq!(FINALIZED_ROOT_GINDEX_ELECTRA.get(), 169);
    assert_eq!(CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA.get(), 86);
    assert_eq!(NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA.get(), 87);

    // The same through the run-time path, in the spec's notation.
    let finalized = [
        PathStep::Field("finalized_checkpoint"),
        PathStep::Field("root"),
    ];
    assert_eq!(
        gindex_of::<altair::BeaconState<Mainnet>>(&finalized),
        Ok(FINALIZED_ROOT_GINDEX)
    );
    assert_eq!(
        gindex_of::<electra::BeaconState<Minimal>>(&finalized),
        Ok(FINALIZED_ROOT_GINDEX_ELECTRA)
    );
    assert_eq!(
        gindex_of_str::<fulu::BeaconState<Mainnet>>("next_sync_committee"),
        Ok(NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA)
    );
    assert_eq!(
        gindex_of_str::<deneb::BeaconBlockBody<Minimal>>("execution_payload"),
        Ok(EXECUTION_PAYLOAD_GINDEX)
    );
    // Unchanged from altair to deneb, on both presets.
    assert_eq!(
        gindex_of_str::<bellatrix::BeaconState<Minimal>>("current_sync_committee"),
        Ok(CURRENT_SYNC_COMMITTEE_GINDEX)
    );
}

/// deneb `p2p-interface.md`: the blob sidecar's
/// `kzg_commitment_inclusion_proof` is the branch of
/// `get_generalized_index(BeaconBlockBody, 'blob_kzg_commitments', blob_index)`,
/// `KZG_COMMITMENT_INCLUSION_PROOF_DEPTH` long, and
/// `get_subtree_index` of it is the blob's index.
fn blob_commitment_index<P: Preset>() {
    let depth = P::KzgCommitmentInclusionProofDepth::USIZE as u32;
    let limit = P::MaxBlobCommitmentsPerBlock::USIZE as u64;
    for i in [0, 1, 5, limit - 1] {
        let g = peam_ssz_types::try_gindex!(deneb::BeaconBlockBody<P>, blob_kzg_commitments[i])
            .unwrap();
        assert_eq!(g.depth(), depth);
        // `get_subtree_index(gindex) = gindex % 2**floorlog2(gindex)`:
        // the low `log2(limit)` bits are the blob's index.
        assert_eq!(g.position() % u128::from(limit), u128::from(i));
        for body in [
            gindex_of_str::<electra::BeaconBlockBody<P>>(&format!("blob_kzg_commitments[{i}]")),
            gindex_of_str::<fulu::BeaconBlockBody<P>>(&format!("blob_kzg_commitments[{i}]")),
        ] {
            assert_eq!(body, Ok(g));
        }
    }
    let past = format!("blob_kzg_commitments[{limit}]");
    let err = gindex_of_str::<deneb::BeaconBlockBody<P>>(&past).unwrap_err();
    assert_eq!(
        err.kind,
        PathErrorKind::IndexOutOfRange {
            index: limit,
            bound: limit
        }
    );
    // The length mix-in is the right sibling of the data root.
    let len = gindex_of_str::<deneb::BeaconBlockBody<P>>("blob_kzg_commitments.__len__").unwrap();
    let data = gindex_of_str::<deneb::BeaconBlockBody<P>>("blob_kzg_commitments").unwrap();
    assert_eq!(len.parent(), Some(data));
    assert!(len.is_right());
    // fulu `p2p-interface.md`: `kzg_commitments_inclusion_proof` is the
    // branch of the whole list, `KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH` long.
    let list = gindex!(fulu::BeaconBlockBody<Mainnet>, blob_kzg_commitments);
    assert_eq!(
        list.depth(),
        P::KzgCommitmentsInclusionProofDepth::USIZE as u32
    );
}

#[test]
fn blob_commitment_indices() {
    blob_commitment_index::<Mainnet>();
    blob_commitment_index::<Minimal>();
}

#[test]
fn validator_paths_reach_every_depth_of_the_state() {
    // `validators` has limit 2^40: the deepest list of the state.
    let g = gindex_of_str::<electra::BeaconState<Mainnet>>(&format!(
        "validators[{}].effective_balance",
        (1u64 << 40) - 1
    ))
    .unwrap();
    // 6 levels of the state's 37 fields, 1 + 40 for the list, 3 for the
    // validator's 8 fields.
    assert_eq!(g.depth(), 6 + 41 + 3);
    let past = format!("validators[{}]", 1u64 << 40);
    let err = gindex_of_str::<electra::BeaconState<Mainnet>>(&past).unwrap_err();
    assert_eq!(err.position, 1);
    let err = gindex_of_str::<electra::BeaconState<Mainnet>>("validator[0]").unwrap_err();
    assert_eq!(
        (err.position, err.kind),
        (
            0,
            PathErrorKind::NoSuchField {
                name: "validator".into()
            }
        )
    );
}

// ---------------------------------------------------------------------
// The `leaf_index` of every `single_merkle_proof` vector.

/// Where the proof vectors are: under the vectors' `tests/` tree when the
/// proofs archive was unpacked there, or else unpacked here from
/// `proofs.tar.gz` (in `$SSZ_VECTOR_ARCHIVES`, or the shared directory
/// next to the repository).
fn proof_vectors() -> PathBuf {
    if let Ok(dir) = harness::try_vectors_dir::<V1_6>() {
        if dir.join("tests/mainnet/altair/light_client").is_dir() {
            return dir;
        }
    }
    let archives = match std::env::var_os("SSZ_VECTOR_ARCHIVES") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec-vectors"),
    };
    let archive = archives.join("proofs.tar.gz");
    assert!(
        archive.is_file(),
        "the proof vectors are missing: neither the vectors' tests/ tree nor {} holds them",
        archive.display()
    );
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("proof-vectors");
    if !out.join("tests/mainnet/altair/light_client").is_dir() {
        std::fs::create_dir_all(&out).unwrap();
        let status = std::process::Command::new("tar")
            .arg("xzf")
            .arg(&archive)
            .arg("-C")
            .arg(&out)
            .status()
            .expect("tar runs");
        assert!(status.success(), "cannot unpack {}", archive.display());
    }
    out
}

fn gindex_in(preset: &str, fork: &str, ty: &str, path: &str) -> Result<Gindex, String> {
    macro_rules! by_type {
        ($p:ty) => {
            match (fork, ty) {
                ("altair", "BeaconState") => gindex_of_str::<altair::BeaconState<$p>>(path),
                ("bellatrix", "BeaconState") => gindex_of_str::<bellatrix::BeaconState<$p>>(path),
                ("capella", "BeaconState") => gindex_of_str::<capella::BeaconState<$p>>(path),
                ("capella", "BeaconBlockBody") => {
                    gindex_of_str::<capella::BeaconBlockBody<$p>>(path)
                }
                ("deneb", "BeaconState") => gindex_of_str::<deneb::BeaconState<$p>>(path),
                ("deneb", "BeaconBlockBody") => gindex_of_str::<deneb::BeaconBlockBody<$p>>(path),
                ("electra", "BeaconState") => gindex_of_str::<electra::BeaconState<$p>>(path),
                ("electra", "BeaconBlockBody") => {
                    gindex_of_str::<electra::BeaconBlockBody<$p>>(path)
                }
                ("fulu", "BeaconState") => gindex_of_str::<fulu::BeaconState<$p>>(path),
                ("fulu", "BeaconBlockBody") => gindex_of_str::<fulu::BeaconBlockBody<$p>>(path),
                _ => return Err(format!("no type {fork}/{ty}")),
            }
            .map_err(|e| e.to_string())
        };
    }
    match preset {
        "mainnet" => by_type!(Mainnet),
        "minimal" => by_type!(Minimal),
        _ => Err(format!("no preset {preset}")),
    }
}

/// The indices of the block's blob commitments whose root is `leaf`.
fn commitments_with_root(
    preset: &str,
    fork: &str,
    body: &[u8],
    leaf: [u8; 32],
) -> Result<Vec<usize>, String> {
    macro_rules! find {
        ($body:ty) => {{
            let body = <$body>::from_ssz(body).map_err(|e| e.to_string())?;
            body.blob_kzg_commitments
                .iter()
                .enumerate()
                .filter(|(_, c)| c.hash_tree_root() == leaf)
                .map(|(i, _)| i)
                .collect()
        }};
    }
    Ok(match (preset, fork) {
        ("mainnet", "deneb") => find!(deneb::BeaconBlockBody<Mainnet>),
        ("minimal", "deneb") => find!(deneb::BeaconBlockBody<Minimal>),
        ("mainnet", "electra") => find!(electra::BeaconBlockBody<Mainnet>),
        ("minimal", "electra") => find!(electra::BeaconBlockBody<Minimal>),
        _ => return Err(format!("no blob commitments in {preset}/{fork}")),
    })
}

#[derive(serde::Deserialize)]
struct Proof {
    leaf: String,
    leaf_index: u128,
}

/// The path of each case, from its name (the spec's test functions:
/// `light_client/test_single_merkle_proof.py`,
/// `merkle_proof/test_single_merkle_proof.py`); `None` for a name this
/// test does not know, which fails it.
fn case_path(
    preset: &str,
    fork: &str,
    case: &harness::Case,
    name: &str,
) -> Result<Vec<String>, String> {
    Ok(match name.split("__").next().unwrap_or(name) {
        "current_sync_committee_merkle_proof" => vec!["current_sync_committee".into()],
        "next_sync_committee_merkle_proof" => vec!["next_sync_committee".into()],
        "finality_root_merkle_proof" => vec!["finalized_checkpoint.root".into()],
        "execution_merkle_proof" => vec!["execution_payload".into()],
        "blob_kzg_commitments_merkle_proof" => vec!["blob_kzg_commitments".into()],
        "blob_kzg_commitment_merkle_proof" => {
            // The leaf is one commitment's root: the paths of the
            // commitments that have it.
            let compressed = case.read_bytes("object.ssz_snappy")?;
            let body = snap::raw::Decoder::new()
                .decompress_vec(&compressed)
                .map_err(|e| e.to_string())?;
            let proof: Proof =
                serde_yaml::from_str(&case.read_text("proof.yaml")?).map_err(|e| e.to_string())?;
            let leaf = harness::decode_hex(&proof.leaf)?;
            let leaf: [u8; 32] = leaf.try_into().map_err(|_| "leaf is not 32 bytes")?;
            let found = commitments_with_root(preset, fork, &body, leaf)?;
            if found.is_empty() {
                return Err("no commitment of the block has the leaf's root".into());
            }
            found
                .into_iter()
                .map(|i| format!("blob_kzg_commitments[{i}]"))
                .collect()
        }
        _ => return Err(format!("unknown case {name}")),
    })
}

#[test]
fn proof_vectors_leaf_index_comes_out_of_the_path() {
    let root = proof_vectors().join("tests");
    let mut failures = Vec::new();
    let mut total = 0;
    for preset in ["mainnet", "minimal"] {
        for fork_dir in harness::subdirs(&root.join(preset)).unwrap() {
            let fork = harness::file_name(&fork_dir);
            for runner in ["light_client", "merkle_proof"] {
                let handler = fork_dir.join(runner).join("single_merkle_proof");
                if !handler.is_dir() {
                    continue;
                }
                let (mut passed, mut failed) = (0, 0);
                for type_dir in harness::subdirs(&handler).unwrap() {
                    let ty = harness::file_name(&type_dir);
                    for case_dir in harness::subdirs(&type_dir).unwrap() {
                        let case = harness::Case::new(&case_dir);
                        let name = harness::file_name(&case_dir);
                        let result = (|| -> Result<(), String> {
                            let proof: Proof = serde_yaml::from_str(&case.read_text("proof.yaml")?)
                                .map_err(|e| e.to_string())?;
                            let paths = case_path(preset, &fork, &case, &name)?;
                            let got = paths
                                .iter()
                                .map(|p| gindex_in(preset, &fork, &ty, p))
                                .collect::<Result<Vec<_>, _>>()?;
                            if got.iter().any(|g| g.get() == proof.leaf_index) {
                                Ok(())
                            } else {
                                Err(format!("{paths:?} give {got:?}, not {}", proof.leaf_index))
                            }
                        })();
                        match result {
                            Ok(()) => passed += 1,
                            Err(e) => {
                                failed += 1;
                                failures.push(format!("{preset}/{fork}/{runner}/{ty}/{name}: {e}"));
                            }
                        }
                    }
                }
                spec_tests::report!(
                    "gindex/{preset}/{fork}/{runner}: {passed} passed, {failed} failed"
                );
                total += passed + failed;
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // Every preset's light-client and merkle-proof cases were read.
    assert!(total > 0, "no proof vectors under {}", root.display());
}

/// The beacon containers built on the persistent, cached collections have
/// the same tree: the same indices from the same paths, and the proofs read
/// from their cache are the plain containers' proofs.
#[test]
fn cached_containers_have_the_same_paths_and_proofs() {
    use beacon_types::beacon_cached;
    use peam_ssz_types::proof::prove;
    const PLAIN: Gindex = gindex!(fulu::BeaconState<Minimal>, validators[3].effective_balance);
    const CACHED: Gindex = gindex!(
        beacon_cached::fulu::BeaconState<Minimal>,
        validators[3].effective_balance
    );
    assert_eq!(PLAIN, CACHED);
    assert_eq!(
        gindex_of_str::<beacon_cached::fulu::BeaconState<Minimal>>("balances[5]").unwrap(),
        gindex_of_str::<fulu::BeaconState<Minimal>>("balances[5]").unwrap()
    );

    let mut plain = fulu::BeaconState::<Minimal>::default();
    let validators: Vec<fulu::Validator> = (0..5u64)
        .map(|i| fulu::Validator {
            effective_balance: 32_000_000_000 + i,
            ..Default::default()
        })
        .collect();
    plain.validators = validators.try_into().unwrap();
    plain.balances = vec![7u64; 9].try_into().unwrap();
    let bytes = plain.to_ssz();
    let cached = beacon_cached::fulu::BeaconState::<Minimal>::from_ssz(&bytes).unwrap();
    assert_eq!(cached.hash_tree_root(), plain.hash_tree_root());
    let balance = gindex_of_str::<fulu::BeaconState<Minimal>>("balances.__len__").unwrap();
    for g in [balance, CACHED.parent().unwrap().parent().unwrap()] {
        let ours = prove(&cached, g).unwrap();
        assert_eq!(ours, prove(&plain, g).unwrap());
        ours.verify(&plain.hash_tree_root()).unwrap();
    }
}

/// The alpha.13 Gloas `BeaconState` is a progressive container of the
/// v1.7 edition: its indices, and the proofs read through them, follow
/// that edition's `merkleize_progressive` (the binary subtree on the left).
#[test]
fn alpha13_gloas_paths_follow_their_edition() {
    use beacon_types::beacon_v1_7::{gloas, Minimal as Minimal17};
    use peam_ssz_types::proof::prove;
    // `finalized_checkpoint` is field 20 of 46: the last chunk of the third
    // subtree (chunks 5..=20, 16 leaves). Below the active-fields mix-in
    // (node 2): right, right, then the 16-leaf subtree on the left, leaf
    // 15; then the checkpoint's `root` (node 3 of 2 fields).
    const ROOT: Gindex = gindex!(gloas::BeaconState<Minimal17>, finalized_checkpoint.root);
    let subtree = ((2 * 2 + 1) * 2 + 1) * 2;
    assert_eq!(ROOT.get(), ((subtree * 16 + 15) * 2 + 1) as u128);
    // v1.6.1 would put it left, left, right: another index.
    assert_ne!(ROOT.get(), ((((2 * 2) * 2 + 1) * 16 + 15) * 2 + 1) as u128);

    let mut state = gloas::BeaconState::<Minimal17>::default();
    state.finalized_checkpoint.epoch = 9;
    state.finalized_checkpoint.root = [0x5a; 32].into();
    let proof = prove(&state, ROOT).unwrap();
    assert_eq!(proof.leaf, [0x5a; 32]);
    proof.verify(&state.hash_tree_root()).unwrap();
    assert_eq!(
        gindex_of_str::<gloas::BeaconState<Minimal17>>("finalized_checkpoint.root").unwrap(),
        ROOT
    );
}
