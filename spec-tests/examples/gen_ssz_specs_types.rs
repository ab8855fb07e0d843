//! Writes `spec-tests/src/ssz_specs_types.rs`, the derived types of the
//! ssz-specs vectors, from `type-descriptors.json` (in `$SSZ_SPECS_VECTORS`
//! or `spec-tests/vectors-ssz-specs`, where `download-vectors.sh` puts it).
//!
//! `cargo run -p spec-tests --example gen_ssz_specs_types`

use std::collections::BTreeMap;
use std::path::Path;

fn main() {
    let dir = spec_tests::ssz_specs::vectors_dir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(spec_tests::ssz_specs::DESCRIPTORS_FILE);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let descriptors: BTreeMap<String, serde_json::Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let module =
        spec_tests::ssz_specs_codegen::generate(&descriptors).unwrap_or_else(|e| panic!("{e}"));
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ssz_specs_types.rs");
    std::fs::write(&out, module).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("wrote {}", out.display());
}
