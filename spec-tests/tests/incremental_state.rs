//! A whole client state, end to end, on the cached types: every
//! `ssz_static` `BeaconState` case of Fulu (v1.6.1), Gloas and Heze
//! (v1.7.0-alpha.13), both presets, decoded into the cached instantiation,
//! cloned, changed as a block changes it (slot, a balance, a validator, a
//! pushed validator and balance, the finalized checkpoint), re-rooted, and
//! `finalized_checkpoint.root` proven from the cache. The oracle is the
//! plain state with the same changes, rooted from scratch; the original
//! cached state must keep its root.

use peam_ssz_types::proof::{is_valid_merkle_branch, prove};
use peam_ssz_types::{path, Ssz, TreeHash, V1_6, V1_7};
use spec_tests::harness::{subdirs, vectors_dir, Case};
use std::path::Path;

/// Every case directory of `BeaconState` under `fork_dir`.
fn state_cases(fork_dir: &Path) -> Vec<std::path::PathBuf> {
    let type_dir = fork_dir.join("ssz_static/BeaconState");
    let mut cases = Vec::new();
    for suite in subdirs(&type_dir).unwrap_or_else(|e| panic!("{e}")) {
        cases.extend(subdirs(&suite).unwrap_or_else(|e| panic!("{e}")));
    }
    assert!(!cases.is_empty(), "{}: no cases", type_dir.display());
    cases
}

macro_rules! push {
    (fallible, $list:expr, $v:expr) => {
        $list.push($v).unwrap()
    };
    (infallible, $list:expr, $v:expr) => {
        $list.push($v)
    };
}

macro_rules! end_to_end {
    ($name:ident, $dir:expr, $plain:ty, $cached:ty, push = $push:ident) => {
        #[test]
        fn $name() {
            let cases = state_cases(&$dir);
            for dir in &cases {
                let case = Case::new(dir.clone());
                let bytes = case.serialized().unwrap_or_else(|e| panic!("{e}"));
                let state = <$cached>::from_ssz(&bytes).unwrap();
                let mut plain = <$plain>::from_ssz(&bytes).unwrap();
                let before = state.hash_tree_root();
                assert_eq!(before, plain.hash_tree_root(), "{}", case.label());

                let mut next = state.clone();
                next.slot += 1;
                plain.slot += 1;
                // The random vectors' lists have lengths of their own.
                let n = plain.balances.len();
                if n > 0 {
                    next.balances.update(n / 2, |b| *b += 1_000).unwrap();
                    plain.balances[n / 2] += 1_000;
                }
                let n = plain.validators.len();
                if n > 0 {
                    next.validators
                        .update(n - 1, |v| v.exit_epoch = 77)
                        .unwrap();
                    plain.validators[n - 1].exit_epoch = 77;
                }
                // Each instantiation has a `Validator` type of its own.
                push!($push, next.validators, Default::default());
                push!($push, plain.validators, Default::default());
                push!($push, next.balances, 32_000_000_000);
                push!($push, plain.balances, 32_000_000_000);
                next.finalized_checkpoint.root = [7; 32].into();
                plain.finalized_checkpoint.root = [7; 32].into();

                let root = next.hash_tree_root();
                assert_eq!(root, plain.hash_tree_root(), "{}", case.label());
                assert_eq!(next.to_ssz(), plain.to_ssz(), "{}", case.label());
                assert_eq!(state.hash_tree_root(), before, "{}", case.label());

                let gindex = path::gindex_of_str::<$cached>("finalized_checkpoint.root").unwrap();
                let proof = prove(&next, gindex).unwrap();
                assert_eq!(proof, prove(&plain, gindex).unwrap(), "{}", case.label());
                assert_eq!(proof.leaf, [7; 32]);
                assert!(is_valid_merkle_branch(
                    &proof.leaf,
                    &proof.branch,
                    gindex.depth(),
                    gindex.position(),
                    &root
                ));
            }
            spec_tests::report!("{}: {} states end to end", stringify!($name), cases.len());
        }
    };
}

mod fulu {
    use super::*;
    use beacon_types::beacon::{fulu, Mainnet, Minimal};
    use beacon_types::beacon_cached::fulu as cached;

    end_to_end!(
        minimal,
        vectors_dir::<V1_6>().join("tests/minimal/fulu"),
        fulu::BeaconState<Minimal>,
        cached::BeaconState<Minimal>,
        push = fallible
    );
    end_to_end!(
        mainnet,
        vectors_dir::<V1_6>().join("tests/mainnet/fulu"),
        fulu::BeaconState<Mainnet>,
        cached::BeaconState<Mainnet>,
        push = fallible
    );
}

mod gloas {
    use super::*;
    use beacon_types::beacon_v1_7::{gloas, Mainnet, Minimal};
    use beacon_types::beacon_v1_7_cached::gloas as cached;

    end_to_end!(
        minimal,
        vectors_dir::<V1_7>().join("tests/minimal/gloas"),
        gloas::BeaconState<Minimal>,
        cached::BeaconState<Minimal>,
        push = infallible
    );
    end_to_end!(
        mainnet,
        vectors_dir::<V1_7>().join("tests/mainnet/gloas"),
        gloas::BeaconState<Mainnet>,
        cached::BeaconState<Mainnet>,
        push = infallible
    );
}

mod heze {
    use super::*;
    use beacon_types::beacon_v1_7::{heze, Mainnet, Minimal};
    use beacon_types::beacon_v1_7_cached::heze as cached;

    end_to_end!(
        minimal,
        vectors_dir::<V1_7>().join("tests/minimal/heze"),
        heze::BeaconState<Minimal>,
        cached::BeaconState<Minimal>,
        push = infallible
    );
    end_to_end!(
        mainnet,
        vectors_dir::<V1_7>().join("tests/mainnet/heze"),
        heze::BeaconState<Mainnet>,
        cached::BeaconState<Mainnet>,
        push = infallible
    );
}
