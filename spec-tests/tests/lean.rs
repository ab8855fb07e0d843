//! Every Lean consensus vector (leanSpec `lstar` ssz_test fixtures) under
//! `$SSZ_LEAN_VECTORS/fixtures` or `spec-tests/vectors-lean/fixtures`.

use spec_tests::lean::{lean_vectors_dir, run_lean};

#[test]
fn lean_lstar_ssz_vectors() {
    let dir = lean_vectors_dir().unwrap_or_else(|e| panic!("{e}"));
    let run = run_lean(&dir);
    spec_tests::report!("{}", run.report());
    assert!(
        run.failures.is_empty(),
        "{} failures: see the report above",
        run.failures.len()
    );
    assert!(!run.groups.is_empty(), "no Lean vector was run");
}
