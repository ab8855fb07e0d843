//! One progressive value, two roots: `[true]` as a `ProgressiveList[bool]`
//! (`basic_progressive_list/valid/proglist_bool_max_1`) has one root in
//! consensus-specs v1.6.1 and another in v1.7.0-alpha.13, and each matches
//! the `meta.yaml` of its edition's vectors. The same bytes decode in both.

use peam_ssz_types::edition::{Edition, V1_6, V1_7};
use peam_ssz_types::{ProgressiveList, Ssz, TreeHash};
use spec_tests::generic::META_FILE;
use spec_tests::harness::{to_hex, vectors_dir, Case};
use std::path::Path;

const CASE: &str =
    "tests/general/phase0/ssz_generic/basic_progressive_list/valid/proglist_bool_max_1";

/// Decodes the case in edition `E`, checks the value is `[true]`, and
/// returns the root computed and the root of `meta.yaml`.
fn roots<E: Edition>(vectors: &Path) -> ([u8; 32], [u8; 32]) {
    let case = Case::new(vectors.join(CASE));
    let bytes = case.serialized().unwrap();
    let list = ProgressiveList::<bool, E>::from_ssz(&bytes).unwrap();
    assert_eq!(list.as_slice(), [true], "{}", E::NAME);
    assert_eq!(list.to_ssz(), bytes);
    (list.hash_tree_root(), case.root(META_FILE).unwrap())
}

#[test]
fn one_value_has_a_root_per_edition() {
    let (v1_6, v1_6_expected) = roots::<V1_6>(&vectors_dir::<V1_6>());
    let (v1_7, v1_7_expected) = roots::<V1_7>(&vectors_dir::<V1_7>());
    println!("[true] as ProgressiveList[bool]:");
    println!("  {}: {}", V1_6::NAME, to_hex(&v1_6));
    println!("  {}: {}", V1_7::NAME, to_hex(&v1_7));
    assert_eq!(v1_6, v1_6_expected, "v1.6.1 root against its meta.yaml");
    assert_eq!(
        v1_7, v1_7_expected,
        "v1.7.0-alpha.13 root against its meta.yaml"
    );
    assert_ne!(v1_6, v1_7);
    // The default edition is the current one.
    let current: ProgressiveList<bool> = vec![true].into();
    assert_eq!(current.hash_tree_root(), v1_7);
}
