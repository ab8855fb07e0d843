//! Every vector of the ssz-specs release v0.1.0
//! (`$SSZ_SPECS_VECTORS/fixtures`, or `spec-tests/vectors-ssz-specs`), run
//! through the run-time schema built from its type descriptor and through
//! the derived type generated from it (`src/ssz_specs_types.rs`).
//!
//! Prints `ssz-specs/v0.1.0/<filler module>[schema|derived]: P passed, F failed`
//! per filler module, and fails on any vector that failed, any file under
//! `fixtures/` that is not a vector read and run, any format without a
//! check, and any descriptor that names no vector.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use spec_tests::ssz_specs::{read_vector, vectors_dir, Way, DESCRIPTORS_FILE, FORMATS, RELEASE};

fn files_under(dir: &Path, out: &mut Vec<PathBuf>, problems: &mut Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            problems.push(format!("cannot list {}: {e}", dir.display()));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files_under(&p, out, problems);
        } else {
            out.push(p);
        }
    }
}

fn descriptors(dir: &Path) -> Result<BTreeMap<String, serde_json::Value>, String> {
    // Beside fixtures/, or in the directory the descriptor archive unpacks.
    let candidates = [
        dir.join(DESCRIPTORS_FILE),
        dir.join("ssz-v0.1.0-type-descriptors")
            .join(DESCRIPTORS_FILE),
    ];
    let path = candidates
        .iter()
        .find(|p| p.is_file())
        .ok_or_else(|| format!("no {DESCRIPTORS_FILE} in {}", dir.display()))?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(ways: &[Way]) {
    let dir = vectors_dir().unwrap_or_else(|e| panic!("{e}"));
    let descriptors = descriptors(&dir).unwrap_or_else(|e| panic!("{e}"));
    let fixtures = dir.join("fixtures");
    let mut files = Vec::new();
    let mut problems = Vec::new();
    files_under(&fixtures, &mut files, &mut problems);

    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    let mut used = BTreeSet::new();
    for path in &files {
        let key = path
            .strip_prefix(&fixtures)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        if !key.ends_with(".json") {
            problems.push(format!("{key}: not a vector file"));
            continue;
        }
        used.insert(key.clone());
        let vector = match read_vector(path, key.clone(), &descriptors) {
            Ok(v) => v,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let Some(&(_, check)) = FORMATS.iter().find(|(f, _)| *f == vector.format) else {
            problems.push(format!("{key}: format {} has no check", vector.format));
            continue;
        };
        for &way in ways {
            let group = format!("ssz-specs/{RELEASE}/{}[{}]", vector.module, way.name());
            let c = counts.entry(group).or_default();
            match std::panic::catch_unwind(|| check(&vector, way)) {
                Ok(Ok(())) => c.0 += 1,
                Ok(Err(e)) => {
                    c.1 += 1;
                    failures.push(e);
                }
                Err(_) => {
                    c.1 += 1;
                    failures.push(format!("{key}: the check panicked"));
                }
            }
        }
    }
    for key in descriptors.keys() {
        if !used.contains(key) {
            problems.push(format!("{DESCRIPTORS_FILE}: {key} names no vector file"));
        }
    }

    for (group, (passed, failed)) in &counts {
        spec_tests::report!("{group}: {passed} passed, {failed} failed");
    }
    for f in &failures {
        spec_tests::report!("  failed: {f}");
    }
    for p in &problems {
        spec_tests::report!("  problem: {p}");
    }
    let total: usize = counts.values().map(|(p, f)| p + f).sum();
    assert!(total > 0, "no vector was run");
    assert!(
        failures.is_empty() && problems.is_empty(),
        "{} vectors failed, {} problems: see above",
        failures.len(),
        problems.len()
    );
}

#[test]
fn ssz_specs_schema() {
    run(&[Way::Schema]);
}

#[test]
fn ssz_specs_derived() {
    run(&[Way::Derived]);
}

/// The committed `ssz_specs_types.rs` is what the generator makes of the
/// descriptors (regenerate with `cargo run -p spec-tests --example
/// gen_ssz_specs_types`).
#[test]
fn ssz_specs_types_are_up_to_date() {
    let dir = vectors_dir().unwrap_or_else(|e| panic!("{e}"));
    let descriptors = descriptors(&dir).unwrap_or_else(|e| panic!("{e}"));
    let generated =
        spec_tests::ssz_specs_codegen::generate(&descriptors).unwrap_or_else(|e| panic!("{e}"));
    let committed = include_str!("../src/ssz_specs_types.rs");
    assert!(
        generated == committed,
        "spec-tests/src/ssz_specs_types.rs is stale: run \
         `cargo run -p spec-tests --example gen_ssz_specs_types`"
    );
}
