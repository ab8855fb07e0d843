//! Every case of the consensus-specs v1.6.1 `ssz_generic` suite
//! (`tests/general/phase0/ssz_generic/<handler>/<valid|invalid>/<case>/`).
//!
//! Prints `ssz_generic/<handler>: P passed, F failed` per handler and fails
//! on any failed case, unknown handler or suite directory, case directory not
//! run, or file not read.
//!
//! `SSZ_GENERIC_SAMPLE=k` runs every k-th case of each suite only (the
//! first, the (k+1)-th, ...; every suite keeps at least its first case), for
//! targets run under an emulator in CI; the cases left out are reported.

use spec_tests::generic::{check_for, HANDLERS, SUITES};
use spec_tests::harness::{file_name, subdirs, vectors_dir, Run};

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

#[test]
fn ssz_generic() {
    let stride = sample_stride();
    let mut left_out = 0usize;
    let root = vectors_dir().join("tests/general/phase0/ssz_generic");
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
        let group = format!("ssz_generic/{handler}");
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
                check_for(handler, valid, case.name())?(case)
            });
        }
    }

    if stride > 1 {
        println!("ssz_generic: SSZ_GENERIC_SAMPLE={stride}, {left_out} cases left out");
    }
    run.finish();
}
