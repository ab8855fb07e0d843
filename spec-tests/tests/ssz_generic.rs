//! Every case of the consensus-specs v1.6.1 `ssz_generic` suite
//! (`tests/general/phase0/ssz_generic/<handler>/<valid|invalid>/<case>/`).
//!
//! Prints `ssz_generic/<handler>: P passed, F failed` per handler and fails
//! on any failed case, unknown handler or suite directory, case directory not
//! run, or file not read.

use spec_tests::generic::{check_for, HANDLERS, SUITES};
use spec_tests::harness::{file_name, subdirs, vectors_dir, Run};

#[test]
fn ssz_generic() {
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
            run.run(&group, cases, |case| {
                check_for(handler, valid, case.name())?(case)
            });
        }
    }

    run.finish();
}
