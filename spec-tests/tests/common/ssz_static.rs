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
//! Prints `ssz_static@v1.6.1/<preset>/<fork>: P passed, F failed` per fork.
//!
//! The same cases run a second time against `beacon_types::beacon_cached`
//! (the same containers with the persistent, cached `List` and `Vector`),
//! printing `ssz_static[cached]@v1.6.1/<preset>/<fork>: P passed, F failed`.
//!
//! With beacon-types' `alloy` feature (on in this crate), the cases of
//! phase0 to capella run a third time against `beacon_types::beacon_alloy`
//! (those forks instantiated with alloy-primitives' `B256`, `Address` and
//! `U256`), printing `ssz_static[alloy]@v1.6.1/<preset>/<fork>: P passed, F failed`.
//!
//! The v1.7.0-alpha.13 vectors (`spec-tests/vectors-v1.7`, Gloas and Heze)
//! run the same way against `beacon_types::beacon_v1_7`, with every case's
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
use peam_ssz_schema::{Kind, Schema};
use peam_ssz_types::path::{Layout, PathStep, TreeLayout};
use peam_ssz_types::{Edition, Ssz, TreeHash, V1_6, V1_7};
use spec_tests::harness::{
    case_label, catch_panic, check_manifest, check_stream, check_valid, check_view, file_name,
    subdirs, to_hex, vectors_dir, Case, Run, SpecEdition,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file holding the expected root of an `ssz_static` case.
const ROOTS_FILE: &str = "roots.yaml";

type Check = Box<dyn Fn(&Case) -> Result<(), String> + Sync>;

fn check<T: Container>(case: &Case) -> Result<(), String> {
    check_valid::<T>(case, ROOTS_FILE)
}

/// Type name -> the check of its cases, for one fork and preset.
#[derive(Default)]
struct Table(BTreeMap<&'static str, Check>);

impl Table {
    fn insert(&mut self, name: &'static str, check: Check) {
        let previous = self.0.insert(name, check);
        assert!(previous.is_none(), "{name} is listed twice");
    }
}

impl ContainerVisitor for Table {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.insert(name, Box::new(check::<T>));
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

/// One family of containers against the `ssz_static` vectors of an
/// edition (the type parameter of [`run_suite`], which says where the
/// vectors are and whether their cases hold manifests): the forks, each
/// fork's table, and how groups are named.
struct Suite<'a> {
    /// The preset's name.
    preset: &'static str,
    /// The forks with vectors.
    forks: &'a [&'a str],
    /// Whether `forks` must cover every fork directory with `ssz_static`
    /// cases (false for an instantiation of some forks only).
    every_fork: bool,
    /// The table of a fork; `None` for a fork without a module.
    table: fn(&str) -> Option<Table>,
    /// The family's tag in the group names, `ssz_static<variant>@<edition>`:
    /// empty, `[cached]`, `[alloy]` or `[schema]`.
    variant: &'static str,
    /// Whether the cases decode without the maxima the v1.7.0-alpha.13
    /// Gloas and Heze containers carry (`beacon_v1_7::without_maxima`): the
    /// vectors test the SSZ types, whose random values run past them (ten
    /// deposits in a body).
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
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table::<P>,
        variant: "",
        without_maxima: false,
    });
}

pub fn run_preset_cached<P: Preset>() {
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table_cached::<P>,
        variant: "[cached]",
        without_maxima: false,
    });
}

fn table_alloy<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_alloy::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_alloy<P: Preset>() {
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &beacon_alloy::FORKS,
        every_fork: false,
        table: table_alloy::<P>,
        variant: "[alloy]",
        without_maxima: false,
    });
}

fn table_v1_7<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_v1_7::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_v1_7<P: beacon_v1_7::Preset>() {
    run_suite::<V1_7>(Suite {
        preset: P::NAME,
        forks: &beacon_v1_7::VECTOR_FORKS,
        every_fork: true,
        table: table_v1_7::<P>,
        variant: "",
        without_maxima: true,
    });
}

fn table_v1_7_cached<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = Table::default();
    beacon_v1_7_cached::visit_fork_containers::<P, _>(fork, &mut table).then_some(table)
}

pub fn run_preset_v1_7_cached<P: beacon_v1_7::Preset>() {
    run_suite::<V1_7>(Suite {
        preset: P::NAME,
        forks: &beacon_v1_7_cached::VECTOR_FORKS,
        every_fork: true,
        table: table_v1_7_cached::<P>,
        variant: "[cached]",
        without_maxima: true,
    });
}

/// Builds the view checks of a fork's containers.
#[derive(Default)]
struct ViewTable(Table);

impl ContainerVisitor for ViewTable {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.0.insert(
            name,
            Box::new(|case: &Case| check_view::<T>(case, ROOTS_FILE)),
        );
    }
}

/// Builds the stream checks of a fork's containers.
#[derive(Default)]
struct StreamTable(Table);

impl ContainerVisitor for StreamTable {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.0.insert(
            name,
            Box::new(|case: &Case| check_stream::<T>(case, ROOTS_FILE)),
        );
    }
}

fn table_stream<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = StreamTable::default();
    beacon::visit_fork_containers::<P, _>(fork, &mut table).then_some(table.0)
}

/// The `ssz_static` vectors of v1.6.1 through the streams (`check_stream`:
/// written into a writer, read from a reader of one byte a call and from
/// one of random pieces), printing
/// `ssz_static[stream]@v1.6.1/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_stream<P: Preset>() {
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table_stream::<P>,
        variant: "[stream]",
        without_maxima: false,
    });
}

fn table_stream_v1_7<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = StreamTable::default();
    beacon_v1_7::visit_fork_containers::<P, _>(fork, &mut table).then_some(table.0)
}

/// The v1.7.0-alpha.13 `ssz_static` vectors through the streams, printing
/// `ssz_static[stream]@v1.7.0-alpha.13/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_v1_7_stream<P: beacon_v1_7::Preset>() {
    run_suite::<V1_7>(Suite {
        preset: P::NAME,
        forks: &beacon_v1_7::VECTOR_FORKS,
        every_fork: true,
        table: table_stream_v1_7::<P>,
        variant: "[stream]",
        without_maxima: true,
    });
}

fn table_view<P: Preset>(fork: &str) -> Option<Table> {
    let mut table = ViewTable::default();
    beacon::visit_fork_containers::<P, _>(fork, &mut table).then_some(table.0)
}

/// The `ssz_static` vectors of v1.6.1 through views (`check_view`: the
/// view of the bytes, its root and nodes from the bytes), printing
/// `ssz_static[view]@v1.6.1/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_view<P: Preset>() {
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table_view::<P>,
        variant: "[view]",
        without_maxima: false,
    });
}

fn table_view_v1_7<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    let mut table = ViewTable::default();
    beacon_v1_7::visit_fork_containers::<P, _>(fork, &mut table).then_some(table.0)
}

/// The v1.7.0-alpha.13 `ssz_static` vectors through views, printing
/// `ssz_static[view]@v1.7.0-alpha.13/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_v1_7_view<P: beacon_v1_7::Preset>() {
    run_suite::<V1_7>(Suite {
        preset: P::NAME,
        forks: &beacon_v1_7::VECTOR_FORKS,
        every_fork: true,
        table: table_view_v1_7::<P>,
        variant: "[view]",
        without_maxima: true,
    });
}

/// The run-time schemas of `fork`'s containers for `preset` in the edition
/// `E`, by name: `beacon-types/schemas/<E::NAME>/<preset>/<fork>.json`,
/// which the beacon-types generator writes beside the fork modules.
pub fn load_schemas<E: Edition>(
    preset: &str,
    fork: &str,
) -> Result<BTreeMap<String, Schema>, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../beacon-types/schemas")
        .join(E::NAME)
        .join(preset)
        .join(format!("{fork}.json"));
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let types =
        Schema::catalog_from_json_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(types.into_iter().collect())
}

/// The conditions of a valid case through the run-time path, with the
/// schema of its type and the derived type `T` beside it:
///
/// - `schema.decode` accepts `serialized`, the value's `hash_tree_root` in
///   the edition `E` is the root of `roots.yaml`, and it encodes back to
///   `serialized` byte for byte;
/// - the value's consensus JSON is the derived type's serde rendering of
///   the same bytes;
/// - `value.yaml`, read through `schema.value_from_json`, is the same value.
fn check_schema<T: Container, E: Edition>(case: &Case, schema: &Schema) -> Result<(), String> {
    let bytes = case.serialized()?;
    let yaml = case.value_yaml()?;
    let root = case.root(ROOTS_FILE)?;

    let value = catch_panic(|| schema.decode(&bytes))
        .map_err(|e| case.error(format!("schema decoding: {e}")))?
        .map_err(|e| case.error(format!("the schema refuses the {} bytes: {e}", bytes.len())))?;
    let got = catch_panic(|| value.hash_tree_root_in::<E>())
        .map_err(|e| case.error(format!("schema root: {e}")))?;
    if got != root {
        return Err(case.error(format!(
            "schema root {} in {}, expected {}",
            to_hex(&got),
            E::NAME,
            to_hex(&root)
        )));
    }
    if value.as_ssz() != bytes.as_slice() {
        return Err(case.error("the schema value encodes to other bytes"));
    }

    let derived = catch_panic(|| T::from_ssz(&bytes))
        .map_err(|e| case.error(format!("derived decoding: {e}")))?
        .map_err(|e| case.error(format!("the derived type refuses the bytes: {e}")))?;
    let derived_json =
        serde_json::to_value(&derived).map_err(|e| case.error(format!("derived JSON: {e}")))?;
    let json =
        catch_panic(|| value.to_json()).map_err(|e| case.error(format!("schema JSON: {e}")))?;
    // `#[derive(ConsensusJson)]` and the run-time value write the same
    // consensus JSON, text for text (quoted uint64, field order and all);
    // and the schema reads the derived type's JSON back.
    if let Some(at) = json_diff(&json, &derived_json, "$") {
        return Err(case.error(format!(
            "the schema value's JSON differs from the derived type's at {at}"
        )));
    }
    let read = catch_panic(|| schema.value_from_json(&derived_json))
        .map_err(|e| case.error(format!("schema JSON reading: {e}")))?
        .map_err(|e| {
            case.error(format!(
                "the derived type's JSON is no value of the schema: {e}"
            ))
        })?;
    if read != value {
        return Err(case.error("the derived type's JSON reads as another value of the schema"));
    }

    let yaml: serde_yaml::Value = serde_yaml::from_str(&yaml)
        .map_err(|e| case.error(format!("cannot parse {}: {e}", "value.yaml")))?;
    let yaml = serde_json::to_value(yaml).map_err(|e| case.error(e))?;
    let from_yaml = catch_panic(|| schema.value_from_json(&yaml))
        .map_err(|e| case.error(format!("schema JSON reading: {e}")))?
        .map_err(|e| case.error(format!("value.yaml is no value of the schema: {e}")))?;
    if from_yaml != value {
        return Err(case.error("value.yaml reads as another value of the schema"));
    }
    Ok(())
}

/// Where `got` and `expected` first differ (a JSON path, with both
/// values); `None` when they are equal.
fn json_diff(got: &serde_json::Value, expected: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value as J;
    match (got, expected) {
        (J::Array(a), J::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| json_diff(x, y, &format!("{at}[{i}]"))),
        (J::Object(a), J::Object(b)) if a.keys().eq(b.keys()) => a
            .iter()
            .find_map(|(k, x)| json_diff(x, &b[k], &format!("{at}.{k}"))),
        _ if got == expected => None,
        _ => {
            let cut = |v: &J| {
                let s = v.to_string();
                match s.char_indices().nth(200) {
                    Some((end, _)) => format!("{}...", &s[..end]),
                    None => s,
                }
            };
            Some(format!("{at}: {} against {}", cut(got), cut(expected)))
        }
    }
}

/// Builds the run-time checks of a fork's containers: each container's
/// check holds its schema, read from the generated descriptors.
struct SchemaTable<E> {
    /// The schemas by name, or why they could not be read.
    schemas: Result<BTreeMap<String, Schema>, String>,
    table: Table,
    edition: core::marker::PhantomData<E>,
}

impl<E: Edition> ContainerVisitor for SchemaTable<E> {
    fn visit<T: Container>(&mut self, name: &'static str) {
        // A container without a schema fails each of its cases, with the
        // reason.
        let check: Check = match &self.schemas {
            Ok(schemas) => match schemas.get(name) {
                Some(schema) => {
                    let schema = schema.clone();
                    Box::new(move |case: &Case| check_schema::<T, E>(case, &schema))
                }
                None => Box::new(move |case: &Case| {
                    Err(case.error(format!("no run-time schema for {name}")))
                }),
            },
            Err(e) => {
                let e = e.clone();
                Box::new(move |case: &Case| Err(case.error(&e)))
            }
        };
        self.table.insert(name, check);
    }
}

fn schema_table<E: Edition>(
    preset: &str,
    fork: &str,
    visit: impl FnOnce(&mut SchemaTable<E>) -> bool,
) -> Option<Table> {
    let mut t = SchemaTable {
        schemas: load_schemas::<E>(preset, fork),
        table: Table::default(),
        edition: core::marker::PhantomData,
    };
    visit(&mut t).then_some(t.table)
}

fn table_schema<P: Preset>(fork: &str) -> Option<Table> {
    schema_table::<V1_6>(P::NAME, fork, |t| {
        beacon::visit_fork_containers::<P, _>(fork, t)
    })
}

/// The `ssz_static` vectors of v1.6.1 through the run-time schemas,
/// printing `ssz_static[schema]@v1.6.1/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_schema<P: Preset>() {
    run_suite::<V1_6>(Suite {
        preset: P::NAME,
        forks: &FORKS,
        every_fork: true,
        table: table_schema::<P>,
        variant: "[schema]",
        without_maxima: false,
    });
}

fn table_schema_v1_7<P: beacon_v1_7::Preset>(fork: &str) -> Option<Table> {
    schema_table::<V1_7>(P::NAME, fork, |t| {
        beacon_v1_7::visit_fork_containers::<P, _>(fork, t)
    })
}

/// The v1.7.0-alpha.13 `ssz_static` vectors through the run-time schemas
/// (roots in the v1.7 edition), printing
/// `ssz_static[schema]@v1.7.0-alpha.13/<preset>/<fork>: P passed, F failed`.
pub fn run_preset_v1_7_schema<P: beacon_v1_7::Preset>() {
    run_suite::<V1_7>(Suite {
        preset: P::NAME,
        forks: &beacon_v1_7::VECTOR_FORKS,
        every_fork: true,
        table: table_schema_v1_7::<P>,
        variant: "[schema]",
        without_maxima: true,
    });
}

/// Whether `schema` and the derived type's tree layout describe one SSZ
/// type in the edition `E`: the same kinds, lengths and limits, field names
/// in order, and each field at the same generalized index.
fn same_shape<E: Edition>(schema: &Schema, layout: &Layout, at: &str) -> Result<(), String> {
    let differ = || {
        Err(format!(
            "{at}: the schema is {schema}, the derived type's layout {layout:?}"
        ))
    };
    let byte = |l: &Layout| matches!(l, Layout::Basic { size: 1 });
    match (schema.kind(), layout) {
        (Kind::Boolean, Layout::Basic { size: 1 }) => Ok(()),
        (Kind::Uint { bytes }, Layout::Basic { size }) if *bytes == *size as usize => Ok(()),
        (Kind::BitVector { length }, Layout::Bitvector { length: l }) if length == l => Ok(()),
        (Kind::BitList { limit }, Layout::Bitlist { limit: l }) if limit == l => Ok(()),
        (Kind::ProgressiveBitList, Layout::ProgressiveBitlist { edition })
            if *edition == E::RULES =>
        {
            Ok(())
        }
        (Kind::ByteVector { length }, Layout::Vector { elem, length: l })
            if length == l && byte(elem) =>
        {
            Ok(())
        }
        (Kind::ByteList { limit }, Layout::List { elem, limit: l }) if limit == l && byte(elem) => {
            Ok(())
        }
        (Kind::Vector { element, length }, Layout::Vector { elem, length: l }) if length == l => {
            same_shape::<E>(element, elem, &format!("{at}[]"))
        }
        (Kind::List { element, limit }, Layout::List { elem, limit: l }) if limit == l => {
            same_shape::<E>(element, elem, &format!("{at}[]"))
        }
        (Kind::ProgressiveByteList, Layout::ProgressiveList { elem, edition })
            if *edition == E::RULES && byte(elem) =>
        {
            Ok(())
        }
        (Kind::ProgressiveList { element }, Layout::ProgressiveList { elem, edition })
            if *edition == E::RULES =>
        {
            same_shape::<E>(element, elem, &format!("{at}[]"))
        }
        (
            Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. },
            Layout::Container { fields: derived },
        ) => {
            let names = |f: &[peam_ssz_schema::FieldDef]| -> Vec<String> {
                f.iter().map(|f| f.name.clone()).collect()
            };
            let derived_names: Vec<String> = derived.iter().map(|f| f.name.to_owned()).collect();
            if names(fields) != derived_names {
                return Err(format!(
                    "{at}: the schema's fields are {:?}, the derived type's {derived_names:?}",
                    names(fields)
                ));
            }
            for (f, d) in fields.iter().zip(derived.iter()) {
                let here = format!("{at}.{}", f.name);
                let gindex = schema
                    .gindex_in::<E>(&[PathStep::Field(&f.name)])
                    .map_err(|e| format!("{here}: {e}"))?;
                if gindex != d.gindex {
                    return Err(format!(
                        "{here}: gindex {} in the schema, {} in the derived type",
                        gindex.get(),
                        d.gindex.get()
                    ));
                }
                same_shape::<E>(&f.schema, d.layout, &here)?;
            }
            // A container's kind shows in its root, which the default
            // values' roots compare.
            Ok(())
        }
        _ => differ(),
    }
}

/// Holds every container of a fork against its generated schema: the
/// shape ([`same_shape`]), `IS_FIXED_SIZE` and `FIXED_PART_LEN` against
/// `fixed_size`, and the default value's encoding (which the schema must
/// accept) and root.
struct ShapeCheck<E> {
    schemas: BTreeMap<String, Schema>,
    visited: Vec<&'static str>,
    errors: Vec<String>,
    edition: core::marker::PhantomData<E>,
}

impl<E: Edition> ShapeCheck<E> {
    fn check<T: Container>(&self, name: &str) -> Result<(), String> {
        let schema = self
            .schemas
            .get(name)
            .ok_or_else(|| format!("{name}: no run-time schema"))?;
        match (T::IS_FIXED_SIZE, schema.fixed_size()) {
            (true, Some(n)) if n == T::FIXED_PART_LEN => {}
            (false, None) => {}
            (fixed, size) => {
                return Err(format!(
                    "{name}: IS_FIXED_SIZE {fixed}, FIXED_PART_LEN {}; the schema's fixed size {size:?}",
                    T::FIXED_PART_LEN
                ))
            }
        }
        same_shape::<E>(schema, T::LAYOUT, name)?;
        let default = T::default();
        let bytes = default.to_ssz();
        let value = schema
            .decode(&bytes)
            .map_err(|e| format!("{name}: the schema refuses the default value: {e}"))?;
        if value.hash_tree_root_in::<E>() != default.hash_tree_root() {
            return Err(format!("{name}: the default value's roots differ"));
        }
        Ok(())
    }
}

impl<E: Edition> ContainerVisitor for ShapeCheck<E> {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.visited.push(name);
        if let Err(e) = self.check::<T>(name) {
            self.errors.push(e);
        }
    }
}

/// Every container of every fork in `forks` agrees with its generated
/// schema for the preset (see [`ShapeCheck`]), and the schema files name
/// exactly the fork's containers. Prints
/// `schema shapes@<version>/<preset>/<fork>: N agree`.
fn check_shapes<E: Edition>(
    preset: &str,
    forks: &[&str],
    visit: impl Fn(&str, &mut ShapeCheck<E>) -> bool,
) {
    let mut errors = Vec::new();
    for &fork in forks {
        let version = E::NAME;
        let schemas = match load_schemas::<E>(preset, fork) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let mut check = ShapeCheck {
            schemas,
            visited: Vec::new(),
            errors: Vec::new(),
            edition: core::marker::PhantomData,
        };
        if !visit(fork, &mut check) {
            errors.push(format!("{fork}: no module"));
            continue;
        }
        let mut visited: Vec<&str> = check.visited.clone();
        visited.sort_unstable();
        let named: Vec<&str> = check.schemas.keys().map(String::as_str).collect();
        if visited != named {
            errors.push(format!(
                "{version}/{preset}/{fork}: the schema file names {named:?}, the module {visited:?}"
            ));
        }
        spec_tests::report!(
            "schema shapes@{version}/{preset}/{fork}: {} agree, {} differ",
            check.visited.len() - check.errors.len(),
            check.errors.len()
        );
        errors.extend(
            check
                .errors
                .into_iter()
                .map(|e| format!("{version}/{preset}/{fork}: {e}")),
        );
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// [`check_shapes`] of the v1.6.1 containers for the preset `P`.
pub fn check_shapes_v1_6<P: Preset>() {
    check_shapes::<V1_6>(P::NAME, &FORKS, |fork, check| {
        beacon::visit_fork_containers::<P, _>(fork, check)
    });
}

/// [`check_shapes`] of the v1.7.0-alpha.13 containers for the preset `P`.
pub fn check_shapes_v1_7<P: beacon_v1_7::Preset>() {
    check_shapes::<V1_7>(P::NAME, &beacon_v1_7::FORKS, |fork, check| {
        beacon_v1_7::visit_fork_containers::<P, _>(fork, check)
    });
}

fn run_suite<E: SpecEdition>(suite: Suite) {
    let Suite {
        preset,
        forks,
        every_fork,
        table,
        variant,
        without_maxima,
    } = suite;
    let preset_dir = vectors_dir::<E>().join("tests").join(preset);
    let prefix = format!("ssz_static{variant}@{}", E::NAME);
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
            if E::MANIFESTS {
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
