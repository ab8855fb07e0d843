//! The `ssz_static` vectors of consensus-specs v1.6.1: every case of every
//! container, fork and preset, against the containers of
//! `beacon_types::beacon`.
//!
//! Layout: `tests/<preset>/<fork>/ssz_static/<Type>/<suite>/<case>/` with
//! `serialized.ssz_snappy`, `value.yaml` and `roots.yaml`. Each case must
//! decode to the value of `value.yaml`, encode back to the same bytes, and
//! have the root of `roots.yaml` (`check_valid`).
//!
//! The type of a case is its `<Type>` directory, looked up in a table that
//! each fork module builds with `visit_containers` (every container of the
//! fork, by its spec name). The run fails on a type directory with no Rust
//! type, a Rust type with no directory, a fork directory with `ssz_static`
//! cases but no module, and any case directory not run or file not read.
//!
//! Prints `ssz_static/<preset>/<fork>: P passed, F failed` per fork.
//!
//! The same cases run a second time against `beacon_types::beacon_cached`
//! (the same containers with the persistent, cached `List` and `Vector`),
//! printing `ssz_static[cached]/<preset>/<fork>: P passed, F failed`.
//!
//! With beacon-types' `alloy` feature (on in this crate), the cases of
//! phase0 to capella run a third time against `beacon_types::beacon_alloy`
//! (those forks instantiated with alloy-primitives' `B256`, `Address` and
//! `U256`), printing `ssz_static[alloy]/<preset>/<fork>: P passed, F failed`.
//!
//! The v1.7.0-alpha.13 vectors (`spec-tests/vectors-v1.7`, Gloas only) run
//! the same way against `beacon_types::beacon_v1_7`, with every case's
//! `manifest.yaml` checked too, and print
//! `ssz_static@v1.7.0-alpha.13/<preset>/<fork>: ...`; and a second time
//! against `beacon_types::beacon_v1_7_cached` (`List`, `Vector` and
//! `ProgressiveList` persistent and cached), printing
//! `ssz_static[cached]@v1.7.0-alpha.13/<preset>/<fork>: ...`.
//!
//! This module is the harness the five `ssz_static*` test files share; each
//! file instantiates one family of containers, so that they build as
//! separate binaries (in parallel) and none holds them all.

#![allow(dead_code, unused_imports)]

pub use beacon_types::beacon::{
    self, Container, ContainerVisitor, Mainnet, Minimal, Preset, FORKS,
};
use beacon_types::beacon_alloy;
use beacon_types::beacon_cached;
pub use beacon_types::beacon_v1_7;
use beacon_types::beacon_v1_7_cached;
use spec_tests::harness::{
    case_label, check_manifest, check_valid, file_name, subdirs, vectors_dir, vectors_dir_v1_7,
    Case, Run,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file holding the expected root of an `ssz_static` case.
const ROOTS_FILE: &str = "roots.yaml";

type Check = fn(&Case) -> Result<(), String>;

fn check<T: Container>(case: &Case) -> Result<(), String> {
    check_valid::<T>(case, ROOTS_FILE)
}

/// Type name -> the check of its cases, for one fork and preset.
#[derive(Default)]
struct Table(BTreeMap<&'static str, Check>);

impl ContainerVisitor for Table {
    fn visit<T: Container>(&mut self, name: &'static str) {
        let previous = self.0.insert(name, check::<T>);
        assert!(previous.is_none(), "{name} is listed twice");
    }
}

fn table<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

fn table_cached<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_cached::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

/// The `ssz_static` vectors of one edition: where they are, the forks they
/// hold, each fork's table, and how groups are named.
struct Suite<'a> {
    /// `tests/<preset>` of the edition's vectors.
    preset_dir: PathBuf,
    /// The preset's name.
    preset: &'static str,
    /// The forks with vectors.
    forks: &'a [&'a str],
    /// Whether `forks` must cover every fork directory with `ssz_static`
    /// cases (false for an instantiation of some forks only).
    every_fork: bool,
    /// The table of a fork; `None` for a fork without a module.
    table: fn(&str) -> Option<Table>,
    /// `ssz_static` or `ssz_static@<version>`.
    prefix: &'static str,
    /// Whether every case holds a `manifest.yaml` to check.
    manifests: bool,
    /// Whether the cases decode without the maxima the v1.7.0-alpha.13
    /// Gloas containers carry (`beacon_v1_7::without_maxima`): the vectors
    /// test the SSZ types, whose random values run past them (ten deposits
    /// in a body).
    without_maxima: bool,
}

/// The case directories under a type directory: `<suite>/<case>`.
fn cases_of(type_dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut cases = Vec::new();
    for suite in subdirs(type_dir)? {
        cases.extend(subdirs(&suite)?);
    }
    Ok(cases)
}

pub fn run_preset<P: Preset>() {
    run_suite(Suite {
        preset_dir: vectors_dir().join("tests").join(P::NAME),
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table::<P>,
        prefix: "ssz_static",
        manifests: false,
        without_maxima: false,
    });
}

pub fn run_preset_cached<P: Preset>() {
    run_suite(Suite {
        preset_dir: vectors_dir().join("tests").join(P::NAME),
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table_cached::<P>,
        prefix: "ssz_static[cached]",
        manifests: false,
        without_maxima: false,
    });
}

fn table_alloy<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_alloy::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_alloy<P: Preset>() {
    run_suite(Suite {
        preset_dir: vectors_dir().join("tests").join(P::NAME),
        preset: P::NAME,
        forks: &beacon_alloy::FORKS,
        every_fork: false,
        table: table_alloy::<P>,
        prefix: "ssz_static[alloy]",
        manifests: false,
        without_maxima: false,
    });
}

fn table_v1_7<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_v1_7::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_v1_7<P: beacon_v1_7::Preset>() {
    run_suite(Suite {
        preset_dir: vectors_dir_v1_7().join("tests").join(P::NAME),
        preset: P::NAME,
        forks: &beacon_v1_7::VECTOR_FORKS,
        every_fork: true,
        table: table_v1_7::<P>,
        prefix: "ssz_static@v1.7.0-alpha.13",
        manifests: true,
        without_maxima: true,
    });
}

fn table_v1_7_cached<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_v1_7_cached::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_v1_7_cached<P: beacon_v1_7::Preset>() {
    run_suite(Suite {
        preset_dir: vectors_dir_v1_7().join("tests").join(P::NAME),
        preset: P::NAME,
        forks: &beacon_v1_7_cached::VECTOR_FORKS,
        every_fork: true,
        table: table_v1_7_cached::<P>,
        prefix: "ssz_static[cached]@v1.7.0-alpha.13",
        manifests: true,
        without_maxima: true,
    });
}

fn run_suite(suite: Suite) {
    let Suite {
        preset_dir,
        preset,
        forks,
        every_fork,
        table,
        prefix,
        manifests,
        without_maxima,
    } = suite;
    let mut run = Run::new();
    if !preset_dir.is_dir() {
        run.fail(format!("{} is not a directory", preset_dir.display()));
    }

    // A fork with ssz_static cases but no module is a failure, not a skip.
    for fork_dir in subdirs(&preset_dir).unwrap_or_default() {
        let fork = file_name(&fork_dir);
        if every_fork && !forks.contains(&fork.as_str()) && fork_dir.join("ssz_static").is_dir() {
            run.fail(format!(
                "{}: no module for fork {fork}",
                case_label(&fork_dir)
            ));
        }
    }

    for &fork in forks {
        let group = format!("{prefix}/{preset}/{fork}");
        let dir = preset_dir.join(fork).join("ssz_static");
        run.expect_tree(&dir);
        let Some(Table(table)) = table(fork) else {
            run.fail(format!("{group}: no table for fork {fork}"));
            continue;
        };
        let type_dirs = match subdirs(&dir) {
            Ok(dirs) => dirs,
            Err(e) => {
                run.fail(e);
                continue;
            }
        };
        let mut seen = Vec::new();
        let mut cases = Vec::new();
        for type_dir in type_dirs {
            let name = file_name(&type_dir);
            if !table.contains_key(name.as_str()) {
                run.fail(format!(
                    "{}: no Rust type for {name}",
                    case_label(&type_dir)
                ));
                continue;
            }
            match cases_of(&type_dir) {
                Ok(found) if found.is_empty() => {
                    run.fail(format!("{}: no cases", case_label(&type_dir)));
                }
                Ok(found) => cases.extend(found),
                Err(e) => run.fail(e),
            }
            seen.push(name);
        }
        for name in table.keys() {
            if !seen.iter().any(|s| s == name) {
                run.fail(format!("{group}: {name} has a Rust type but no vectors"));
            }
        }
        // One run per fork, so that the cases of all its types share the
        // threads. A case's type is the directory two levels up.
        run.run(&group, cases, |case: &Case| {
            if manifests {
                check_manifest(case)?;
            }
            let type_dir = case.dir().parent().and_then(Path::parent);
            let name = type_dir.map(file_name).unwrap_or_default();
            match table.get(name.as_str()) {
                Some(check) if without_maxima => beacon_v1_7::without_maxima(|| check(case)),
                Some(check) => check(case),
                None => Err(case.error(format!("no Rust type for {name}"))),
            }
        });
    }
    run.finish();
}
