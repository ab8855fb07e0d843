//! Every case of the `ssz_generic` suite
//! (`tests/general/phase0/ssz_generic/<handler>/<valid|invalid>/<case>/`) of
//! both editions: consensus-specs v1.6.1 (`spec-tests/vectors`) with the
//! v1.6.1 types, and v1.7.0-alpha.13 (`spec-tests/vectors-v1.7`) with the
//! same types in that edition.
//!
//! Prints `ssz_generic@<edition>/<handler>: P passed, F failed` per handler
//! of each edition (`v1.6.1`, `v1.7.0-alpha.13`), and fails on any failed case, unknown handler or suite
//! directory, case directory not run, or file not read.
//!
//! `SSZ_GENERIC_SAMPLE=k` runs every k-th case of each suite only (the
//! first, the (k+1)-th, ...; every suite keeps at least its first case), for
//! targets run under an emulator in CI; the cases left out are reported.

use peam_ssz_types::edition::{V1_6, V1_7};
use spec_tests::generic::{check_for, SuiteEdition, HANDLERS, SUITES};
use spec_tests::harness::{check_manifest, file_name, subdirs, vectors_dir, Run};

/// The `SSZ_GENERIC_SAMPLE` stride: 1 (every case) unless set.
fn sample_stride() -> usize {
    match std::env::var("SSZ_GENERIC_SAMPLE") {
        Ok(k) => k
            .parse::<usize>()
            .ok()
            .filter(|&k| k >= 1)
            .unwrap_or_else(|| panic!("SSZ_GENERIC_SAMPLE={k}: expected a number >= 1")),
        Err(_) => 1,
    }
}

/// Runs the suite of edition `E`'s vectors with its types, naming each
/// handler's group `ssz_generic@<edition>/<handler>`. Where the edition's
/// cases hold a `manifest.yaml`, each is checked too.
fn run_suite<E: SuiteEdition>() {
    let prefix = format!("ssz_generic@{}", E::NAME);
    let manifests = E::MANIFESTS;
    let root = vectors_dir::<E>().join("tests/general/phase0/ssz_generic");
    let stride = sample_stride();
    let mut left_out = 0usize;
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
            let (cases, skipped): (Vec<_>, Vec<_>) = cases
                .into_iter()
                .enumerate()
                .partition(|(i, _)| i % stride == 0);
            let cases: Vec<_> = cases.into_iter().map(|(_, c)| c).collect();
            let skipped: Vec<_> = skipped.into_iter().map(|(_, c)| c).collect();
            left_out += skipped.len();
            run.leave_out(&skipped);
            run.run(&group, cases, |case| {
                if manifests {
                    check_manifest(case)?;
                }
                check_for::<E>(handler, valid, case.name())?(case)
            });
        }
    }

    if stride > 1 {
        spec_tests::report!("{prefix}: SSZ_GENERIC_SAMPLE={stride}, {left_out} cases left out");
    }
    run.finish();
}

#[test]
fn ssz_generic() {
    run_suite::<V1_6>();
}

#[test]
fn ssz_generic_v1_7() {
    run_suite::<V1_7>();
}
