//! The Merkle proof vectors of consensus-specs v1.6.1: every case of the
//! `light_client/single_merkle_proof` and `merkle_proof/single_merkle_proof`
//! runners, for every fork and preset, against the containers of
//! `beacon_types::beacon`.
//!
//! Layout: `tests/<preset>/<fork>/<runner>/<Type>/<case>/` with
//! `object.ssz_snappy` (the value) and `proof.yaml` (`leaf`, `leaf_index`,
//! `branch`). Format: `tests/formats/light_client/single_merkle_proof.md`
//! of the spec repository. Each case passes two checks:
//!
//! - the given branch verifies against the root of the decoded value
//!   (`is_valid_merkle_branch` with depth `floorlog2(leaf_index)` and index
//!   `leaf_index % 2**depth`);
//! - the proof we generate for `leaf_index` has the given leaf and the
//!   given branch, byte for byte.
//!
//! Then random walks from the root down to the leaves check that every
//! node on the way is the hash of its two children (and that below a leaf
//! there is nothing), so that `tree_node` is consistent across the whole
//! depth of real beacon states and blocks, not only at the spec's indices.
//!
//! The run fails on a type with no Rust type, a fork with proof cases but
//! no module, a fork that should have a runner's cases but has none, and
//! any case directory not run or file not read.
//!
//! Prints `proofs/<preset>/<fork>/<runner>: P passed, F failed`.

use beacon_types::beacon::{self, Container, ContainerVisitor, Mainnet, Minimal, Preset, FORKS};
use peam_ssz_types::proof::{is_valid_merkle_branch, prove, Gindex, ProofError};
use peam_ssz_types::sha256::hash_pair;
use peam_ssz_types::{TreeHash, V1_6, ZERO_HASHES};
use spec_tests::harness::{case_label, decode_hex, file_name, subdirs, vectors_dir, Case, Run};
use std::collections::BTreeMap;

/// The two runners, and the forks of v1.6.1 that have cases of each.
const RUNNERS: [(&str, &[&str]); 2] = [
    (
        "light_client/single_merkle_proof",
        &["altair", "bellatrix", "capella", "deneb", "electra", "fulu"],
    ),
    (
        "merkle_proof/single_merkle_proof",
        &["deneb", "electra", "fulu"],
    ),
];

const OBJECT_FILE: &str = "object.ssz_snappy";
const PROOF_FILE: &str = "proof.yaml";

type Check = fn(&Case) -> Result<(), String>;

#[derive(serde::Deserialize)]
struct ProofFile {
    leaf: String,
    leaf_index: u64,
    branch: Vec<String>,
}

fn root_from_hex(case: &Case, what: &str, hex: &str) -> Result<[u8; 32], String> {
    let bytes = decode_hex(hex).map_err(|e| case.error(format!("{what}: {e}")))?;
    <[u8; 32]>::try_from(bytes.as_slice())
        .map_err(|_| case.error(format!("{what} is {} bytes, not 32", bytes.len())))
}

/// Both checks of a case whose object is a `T`.
fn check<T: Container>(case: &Case) -> Result<(), String> {
    let compressed = case.read_bytes(OBJECT_FILE)?;
    let bytes = snap::raw::Decoder::new()
        .decompress_vec(&compressed)
        .map_err(|e| case.error(format!("cannot decompress {OBJECT_FILE}: {e}")))?;
    let text = case.read_text(PROOF_FILE)?;
    let proof: ProofFile = serde_yaml::from_str(&text)
        .map_err(|e| case.error(format!("cannot parse {PROOF_FILE}: {e}")))?;
    let leaf = root_from_hex(case, "leaf", &proof.leaf)?;
    let branch = proof
        .branch
        .iter()
        .enumerate()
        .map(|(i, h)| root_from_hex(case, &format!("branch[{i}]"), h))
        .collect::<Result<Vec<_>, _>>()?;
    let gindex =
        Gindex::new(u128::from(proof.leaf_index)).ok_or_else(|| case.error("leaf_index is 0"))?;

    let value =
        T::from_ssz(&bytes).map_err(|e| case.error(format!("decoding {OBJECT_FILE}: {e}")))?;
    let root = value.hash_tree_root();

    // The given branch against our root.
    let depth = gindex.depth();
    if !is_valid_merkle_branch(&leaf, &branch, depth, gindex.position(), &root) {
        return Err(case.error(format!(
            "the given branch ({} nodes) does not verify against our root at index {gindex}",
            branch.len()
        )));
    }

    // Our proof for the same index.
    let ours = prove(&value, gindex).map_err(|e| case.error(format!("prove: {e}")))?;
    if ours.leaf != leaf {
        return Err(case.error(format!("our leaf at {gindex} differs from the given one")));
    }
    if ours.branch.len() != branch.len() {
        return Err(case.error(format!(
            "our branch has {} nodes, the given one {}",
            ours.branch.len(),
            branch.len()
        )));
    }
    if let Some(i) = (0..branch.len()).find(|&i| ours.branch[i] != branch[i]) {
        return Err(case.error(format!("our branch differs from the given one at node {i}")));
    }
    ours.verify(&root)
        .map_err(|e| case.error(format!("our proof does not verify: {e}")))?;
    walks(&value, proof.leaf_index, 16).map_err(|e| case.error(e))
}

/// `count` random walks from the root to a leaf of `value`: each node is
/// the hash of its children, a leaf has no children, and a proof of each
/// node met verifies. The walks mostly avoid zero subtrees (the padding of
/// lists), so that they reach list elements and their fields.
fn walks<T: TreeHash>(value: &T, seed: u64, count: usize) -> Result<(), String> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let root = value.hash_tree_root();
    let is_zero = |node: &[u8; 32]| ZERO_HASHES.contains(node);
    for _ in 0..count {
        let mut g = Gindex::ROOT;
        let mut node = value
            .tree_node(g)
            .map_err(|e| format!("tree_node of the root: {e}"))?;
        while let (Some(left), Some(right)) = (g.child(false), g.child(true)) {
            match (value.tree_node(left), value.tree_node(right)) {
                (Ok(l), Ok(r)) => {
                    if hash_pair(&l, &r) != node {
                        return Err(format!("node {g} is not the hash of its children"));
                    }
                    let go_right = match (is_zero(&l), is_zero(&r)) {
                        (true, false) => next() % 16 != 0,
                        (false, true) => next() % 16 == 0,
                        _ => next() & 1 == 1,
                    };
                    (g, node) = if go_right { (right, r) } else { (left, l) };
                }
                (Err(ProofError::NoSuchNode { .. }), Err(ProofError::NoSuchNode { .. })) => break,
                (l, r) => {
                    return Err(format!(
                        "the children of {g} disagree on existing: {l:?}, {r:?}"
                    ))
                }
            }
            if g.depth().is_multiple_of(8) {
                prove(value, g)
                    .and_then(|p| p.verify(&root))
                    .map_err(|e| format!("proof of {g}: {e}"))?;
            }
        }
        if g.depth() < 2 {
            return Err(format!("a walk stopped at {g}, near the root"));
        }
    }
    Ok(())
}

/// Type name -> the check of its cases, for one fork and preset.
#[derive(Default)]
struct Table(BTreeMap<&'static str, Check>);

impl ContainerVisitor for Table {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.0.insert(name, check::<T>);
    }
}

fn run_preset<P: Preset>() {
    let preset_dir = vectors_dir::<V1_6>().join("tests").join(P::NAME);
    let mut run = Run::new();
    if !preset_dir.is_dir() {
        run.fail(format!("{} is not a directory", preset_dir.display()));
    }
    // A fork with proof cases but no module is a failure, not a skip.
    for fork_dir in subdirs(&preset_dir).unwrap_or_default() {
        let fork = file_name(&fork_dir);
        let has_proofs = RUNNERS
            .iter()
            .any(|(runner, _)| fork_dir.join(runner).is_dir());
        if !FORKS.contains(&fork.as_str()) && has_proofs {
            run.fail(format!(
                "{}: no module for fork {fork}",
                case_label(&fork_dir)
            ));
        }
    }
    let mut total = 0;
    for fork in FORKS {
        let mut table = Table::default();
        if !beacon::visit_fork_containers::<P, _>(fork, &mut table) {
            run.fail(format!("no table for fork {fork}"));
            continue;
        }
        for (runner, forks) in RUNNERS {
            let dir = preset_dir.join(fork).join(runner);
            if !dir.is_dir() {
                if forks.contains(&fork) {
                    run.fail(format!("{}: missing", dir.display()));
                }
                continue;
            }
            let group = format!("proofs/{}/{fork}/{runner}", P::NAME);
            run.expect_tree(&dir);
            let mut cases = Vec::new();
            for type_dir in subdirs(&dir).unwrap_or_default() {
                let name = file_name(&type_dir);
                if !table.0.contains_key(name.as_str()) {
                    run.fail(format!(
                        "{}: no Rust type for {name}",
                        case_label(&type_dir)
                    ));
                    continue;
                }
                match subdirs(&type_dir) {
                    Ok(found) if found.is_empty() => {
                        run.fail(format!("{}: no cases", case_label(&type_dir)))
                    }
                    Ok(found) => cases.extend(found),
                    Err(e) => run.fail(e),
                }
            }
            total += cases.len();
            let table = &table.0;
            run.run(&group, cases, |case: &Case| {
                let name = case.dir().parent().map(file_name).unwrap_or_default();
                match table.get(name.as_str()) {
                    Some(check) => check(case),
                    None => Err(case.error(format!("no Rust type for {name}"))),
                }
            });
        }
    }
    if total == 0 {
        run.fail(format!("no proof cases under {}", preset_dir.display()));
    }
    run.finish();
}

#[test]
fn proofs_mainnet() {
    run_preset::<Mainnet>();
}

#[test]
fn proofs_minimal() {
    run_preset::<Minimal>();
}
