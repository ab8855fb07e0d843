//! Arbitrary bytes as a run-time path (`gindex_of_str`) into the electra
//! `BeaconState` and `BeaconBlockBody` (mainnet preset): never panics, and
//! agrees with folding the steps the parser yields (`gindex_of`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_types::path::{gindex_of, gindex_of_str, parse_path, PathStep, TreeLayout};
use spec_tests::beacon::{electra, Mainnet};

fn check<T: TreeLayout>(path: &str) {
    let got = gindex_of_str::<T>(path);
    let steps: Result<Vec<PathStep<'_>>, _> = parse_path(path).collect();
    match steps {
        Ok(steps) => assert_eq!(gindex_of::<T>(&steps), got),
        Err(e) => assert_eq!(got, Err(e)),
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(path) = core::str::from_utf8(data) {
        check::<electra::BeaconState<Mainnet>>(path);
        check::<electra::BeaconBlockBody<Mainnet>>(path);
    }
});
