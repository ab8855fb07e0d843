//! Compile-fail cases: every wrong use of the derive a user can make, with
//! the error rustc shows for it (`tests/ui/<category>/<case>.stderr`).
//! Regenerate the expected output with `TRYBUILD=overwrite` and read it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
