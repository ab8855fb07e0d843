//! Every case of the `ssz_generic` suite
//! (`tests/general/phase0/ssz_generic/<handler>/<valid|invalid>/<case>/`) of
//! both editions: consensus-specs v1.6.1 (`spec-tests/vectors`) with the
//! v1.6.1 types, and v1.7.0-alpha.13 (`spec-tests/vectors-v1.7`) with the
//! same types in that edition.
//!
//! Prints `ssz_generic/<handler>: P passed, F failed` per handler of
//! v1.6.1 and `ssz_generic@v1.7.0-alpha.13/<handler>: ...` per handler of
//! v1.7.0-alpha.13, and fails on any failed case, unknown handler or suite
//! directory, case directory not run, or file not read.

use peam_ssz_types::edition::{V1_6, V1_7};
use spec_tests::generic::{check_for, SuiteEdition, HANDLERS, SUITES};
use spec_tests::harness::{check_manifest, file_name, subdirs, vectors_dir, vectors_dir_v1_7, Run};
use std::path::Path;

/// Runs the suite under `vectors` (a directory holding `tests/`) with the
/// types of edition `E`, naming each handler's group `<prefix>/<handler>`.
/// With `manifests`, every case also holds a `manifest.yaml` to check
/// (v1.7.0-alpha.13).
fn run_suite<E: SuiteEdition>(vectors: &Path, prefix: &str, manifests: bool) {
    let root = vectors.join("tests/general/phase0/ssz_generic");
    let mut run = Run::new();
    run.expect_tree(&root);

    match subdirs(&root) {
        Ok(dirs) => {
            for dir in dirs {
                let name = file_name(&dir);
                if !HANDLERS.contains(&name.as_str()) {
                    run.fail(format!(
                        "unknown ssz_generic handler directory {}",
                        dir.display()
                    ));
                }
            }
        }
        Err(e) => run.fail(e),
    }

    for handler in HANDLERS {
        let handler_dir = root.join(handler);
        let group = format!("{prefix}/{handler}");
        match subdirs(&handler_dir) {
            Ok(dirs) => {
                for dir in dirs {
                    if !SUITES.contains(&file_name(&dir).as_str()) {
                        run.fail(format!("unknown suite directory {}", dir.display()));
                    }
                }
            }
            Err(e) => {
                run.fail(format!("handler {handler} is missing: {e}"));
                continue;
            }
        }
        for suite in SUITES {
            let valid = suite == "valid";
            let cases = match subdirs(&handler_dir.join(suite)) {
                Ok(cases) => cases,
                Err(e) => {
                    run.fail(format!("suite {handler}/{suite} is missing: {e}"));
                    continue;
                }
            };
            if cases.is_empty() {
                run.fail(format!("suite {handler}/{suite} holds no case"));
            }
            run.run(&group, cases, |case| {
                if manifests {
                    check_manifest(case)?;
                }
                check_for::<E>(handler, valid, case.name())?(case)
            });
        }
    }

    run.finish();
}

#[test]
fn ssz_generic() {
    run_suite::<V1_6>(&vectors_dir(), "ssz_generic", false);
}

#[test]
fn ssz_generic_v1_7() {
    run_suite::<V1_7>(&vectors_dir_v1_7(), "ssz_generic@v1.7.0-alpha.13", true);
}
