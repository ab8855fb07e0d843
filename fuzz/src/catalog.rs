//! The types the fuzz targets decode, in a fixed order, so that one byte of
//! a fuzz input selects a type and a seed file can say which type its bytes
//! belong to.
//!
//! This module uses `std` only: the build script includes it to generate the
//! dispatch tables and the value generators, and the seed tool includes it to
//! file each spec vector under the right selector. Both therefore agree on
//! every index.
//!
//! - The `ssz_generic` table ([`generic_types`]) lists the types of the
//!   consensus-specs v1.6.1 `ssz_generic` suite: uints, boolean, basic
//!   vectors (as `Vector` for every length of the suite, and as arrays for a
//!   few), bitvectors, bitlists, progressive lists and bitlists, and the test
//!   containers and unions of `spec_tests::generic`.
//! - The beacon table ([`beacon_entries`]) lists every container that a fork
//!   module of `beacon_types::beacon` defines, in fork order then source
//!   order, as the generated [`beacon_catalog`] lists them:
//!   first every container for the minimal preset (containers that no preset
//!   value sizes appear once, with no preset), then the preset-generic ones
//!   for mainnet.
//! - The v1.7.0-alpha.13 beacon table ([`beacon_v1_7_entries`]) lists those
//!   of `beacon_types::beacon_v1_7` (fulu, gloas and heze, whose Gloas and
//!   Heze containers are progressive) in the same order, from
//!   [`beacon_v1_7_catalog`]: a table of its own, as the two would not fit
//!   one selector byte.

// Each user of this module (build script, library, seed tool) uses a part.
#![allow(dead_code)]

/// The basic types of `ssz_generic`: their name in case names and their Rust
/// type.
pub const BASIC: [(&str, &str); 7] = [
    ("bool", "bool"),
    ("uint8", "u8"),
    ("uint16", "u16"),
    ("uint32", "u32"),
    ("uint64", "u64"),
    ("uint128", "u128"),
    ("uint256", "::peam_ssz_types::U256"),
];

/// The lengths of `vec_*` and `bitvec_*` cases in v1.6.1 (0 occurs only in
/// the invalid suite: `Vector[T, 0]` is an illegal type, left out here).
pub const VECTOR_LENGTHS: [usize; 18] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513,
];

/// The lengths at which basic vectors are also decoded as arrays `[T; N]`,
/// the other spelling of `Vector[T, N]`.
pub const ARRAY_LENGTHS: [usize; 4] = [1, 16, 33, 513];

/// The limits of `bitlist_*` cases in v1.6.1.
pub const BITLIST_LIMITS: [usize; 19] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513,
];

/// The containers and unions of `spec_tests::generic`, by handler.
pub const GENERIC_CONTAINERS: [(&str, &str); 15] = [
    ("containers", "SingleFieldTestStruct"),
    ("containers", "SmallTestStruct"),
    ("containers", "FixedTestStruct"),
    ("containers", "VarTestStruct"),
    ("containers", "ComplexTestStruct"),
    ("containers", "ProgressiveTestStruct"),
    ("containers", "BitsStruct"),
    ("containers", "ProgressiveBitsStruct"),
    (
        "progressive_containers",
        "ProgressiveSingleFieldContainerTestStruct",
    ),
    (
        "progressive_containers",
        "ProgressiveSingleListContainerTestStruct",
    ),
    ("progressive_containers", "ProgressiveVarTestStruct"),
    ("progressive_containers", "ProgressiveComplexTestStruct"),
    ("compatible_unions", "CompatibleUnionA"),
    ("compatible_unions", "CompatibleUnionBC"),
    ("compatible_unions", "CompatibleUnionABCA"),
];

/// One entry of the `ssz_generic` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenericType {
    /// The type as case names spell it: `uint_64`, `boolean`,
    /// `vec_uint16_31`, `arr_uint16_31` (the array spelling), `bitvec_8`,
    /// `bitlist_9`, `proglist_uint8`, `progbitlist`, or a container name.
    pub name: String,
    /// The Rust type, as a path that resolves from the fuzz crate.
    pub rust: String,
}

/// The `ssz_generic` table, in selector order.
pub fn generic_types() -> Vec<GenericType> {
    let mut out = Vec::new();
    let mut push = |name: String, rust: String| out.push(GenericType { name, rust });
    for (name, rust) in &BASIC[1..] {
        push(format!("uint_{}", &name[4..]), (*rust).to_owned());
    }
    push("boolean".to_owned(), "bool".to_owned());
    for (elem, rust) in BASIC {
        for n in VECTOR_LENGTHS {
            push(
                format!("vec_{elem}_{n}"),
                format!("::peam_ssz_types::Vector<{rust}, ::peam_ssz_types::U<{n}>>"),
            );
        }
        for n in ARRAY_LENGTHS {
            push(format!("arr_{elem}_{n}"), format!("[{rust}; {n}]"));
        }
    }
    for n in VECTOR_LENGTHS {
        push(
            format!("bitvec_{n}"),
            format!("::peam_ssz_types::Bitvector<::peam_ssz_types::U<{n}>>"),
        );
    }
    for n in BITLIST_LIMITS {
        push(
            format!("bitlist_{n}"),
            format!("::peam_ssz_types::Bitlist<::peam_ssz_types::U<{n}>>"),
        );
    }
    for (elem, rust) in BASIC {
        push(
            format!("proglist_{elem}"),
            format!("::peam_ssz_types::ProgressiveList<{rust}>"),
        );
    }
    push(
        "progbitlist".to_owned(),
        "::peam_ssz_types::ProgressiveBitlist".to_owned(),
    );
    for (_, name) in GENERIC_CONTAINERS {
        push(name.to_owned(), format!("::spec_tests::generic::{name}"));
    }
    out
}

/// The names of the table entries whose type the `ssz_generic` case `case`
/// of `handler` is about (several for basic vectors: the `Vector` and, at
/// some lengths, the array). Empty for a case of no listed type (`vec_*_0`,
/// `bitvec_0`: illegal types).
pub fn generic_case_types(handler: &str, case: &str) -> Vec<String> {
    let tokens: Vec<&str> = case.split('_').collect();
    let number = |i: usize| tokens.get(i).and_then(|t| t.parse::<usize>().ok());
    let mut out = Vec::new();
    match handler {
        "uints" => {
            if let (Some(&"uint"), Some(bits)) = (tokens.first(), number(1)) {
                out.push(format!("uint_{bits}"));
            }
        }
        "boolean" => out.push("boolean".to_owned()),
        "basic_vector" => {
            if let (Some(&"vec"), Some(elem), Some(n)) = (tokens.first(), tokens.get(1), number(2))
            {
                out.push(format!("vec_{elem}_{n}"));
                if ARRAY_LENGTHS.contains(&n) {
                    out.push(format!("arr_{elem}_{n}"));
                }
            }
        }
        "bitvector" => {
            if let (Some(&"bitvec"), Some(n)) = (tokens.first(), number(1)) {
                out.push(format!("bitvec_{n}"));
            }
        }
        "bitlist" => {
            if let (Some(&"bitlist"), Some(n)) = (tokens.first(), number(1)) {
                out.push(format!("bitlist_{n}"));
            }
        }
        "basic_progressive_list" => {
            if let (Some(&"proglist"), Some(elem)) = (tokens.first(), tokens.get(1)) {
                out.push(format!("proglist_{elem}"));
            }
        }
        "progressive_bitlist" => out.push("progbitlist".to_owned()),
        _ => {
            if let Some(first) = tokens.first() {
                if GENERIC_CONTAINERS
                    .iter()
                    .any(|(h, n)| *h == handler && n == first)
                {
                    out.push((*first).to_owned());
                }
            }
        }
    }
    let known = generic_types();
    out.retain(|name| known.iter().any(|t| &t.name == name));
    out
}

/// The containers of `beacon_types::beacon` as plain data, generated with
/// them by `beacon-types/tools/codegen` (`core` only, so the build script and
/// the seed tool include it too).
#[path = "../../beacon-types/src/beacon/catalog.rs"]
pub mod beacon_catalog;

/// The containers of `beacon_types::beacon_v1_7`, as [`beacon_catalog`].
#[path = "../../beacon-types/src/beacon_v1_7/catalog.rs"]
pub mod beacon_v1_7_catalog;

/// `(fork, name, preset_generic, fields)` of a catalog's container.
type ContainerRow = (&'static str, &'static str, bool, &'static [&'static str]);

/// An edition's module of `beacon_types` and its catalog.
#[derive(Clone, Copy, Debug)]
pub struct BeaconEdition {
    /// The module under `beacon_types` (`beacon`, `beacon_v1_7`).
    pub module: &'static str,
    /// What labels start with (`""` for v1.6.1, `"v1.7 "`).
    pub label: &'static str,
    /// `(fork, name, preset_generic, fields)` of every container, in order.
    containers: fn() -> Vec<ContainerRow>,
    /// `(fork, name, defining fork)` of every re-exported container.
    reexports: &'static [(&'static str, &'static str, &'static str)],
}

/// One edition per module.
impl PartialEq for BeaconEdition {
    fn eq(&self, other: &Self) -> bool {
        self.module == other.module
    }
}

impl Eq for BeaconEdition {}

/// consensus-specs v1.6.1: `beacon_types::beacon`.
pub const V1_6: BeaconEdition = BeaconEdition {
    module: "beacon",
    label: "",
    containers: || {
        beacon_catalog::CONTAINERS
            .iter()
            .map(|c| (c.fork, c.name, c.preset_generic, c.fields))
            .collect()
    },
    reexports: beacon_catalog::REEXPORTS,
};

/// consensus-specs v1.7.0-alpha.13: `beacon_types::beacon_v1_7`.
pub const V1_7: BeaconEdition = BeaconEdition {
    module: "beacon_v1_7",
    label: "v1.7 ",
    containers: || {
        beacon_v1_7_catalog::CONTAINERS
            .iter()
            .map(|c| (c.fork, c.name, c.preset_generic, c.fields))
            .collect()
    },
    reexports: beacon_v1_7_catalog::REEXPORTS,
};

/// A struct or enum found in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The module that defines it (`phase0`, or `generic`).
    pub module: String,
    /// Its name.
    pub name: String,
    /// Whether it takes the preset parameter `<P: Preset>`.
    pub preset_generic: bool,
    /// A struct's named fields; empty for an enum.
    pub fields: Vec<String>,
    /// An enum's variants, with whether each holds a value (`None` is a
    /// unit variant); empty for a struct.
    pub variants: Vec<(String, bool)>,
}

/// The structs and enums of a rustfmt-formatted source file, in source
/// order (the build script reads the hand-written test containers of
/// `spec-tests/src/generic.rs` this way; the beacon containers come from
/// [`beacon_catalog`]): `pub struct Name {` or `pub struct Name<P: Preset> {` up to the
/// closing `}` at the start of a line, with one `pub field: Type,` per line,
/// and `pub enum Name {` with one `Variant(Type),` or `Variant,` per line.
pub fn parse_items(module: &str, source: &str) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let (is_enum, rest) = if let Some(rest) = line.strip_prefix("pub struct ") {
            (false, rest)
        } else if let Some(rest) = line.strip_prefix("pub enum ") {
            (true, rest)
        } else {
            continue;
        };
        let Some(head) = rest.strip_suffix(" {") else {
            // A tuple or unit struct, or a generic list that wraps: not a
            // container of this crate's sources.
            continue;
        };
        let (name, preset_generic) = match head.split_once('<') {
            Some((name, "P: Preset>")) => (name, true),
            Some((name, generics)) => {
                return Err(format!("{module}::{name}: unexpected generics <{generics}"))
            }
            None => (head, false),
        };
        let mut item = Item {
            module: module.to_owned(),
            name: name.to_owned(),
            preset_generic,
            fields: Vec::new(),
            variants: Vec::new(),
        };
        for line in lines.by_ref() {
            if line.starts_with('}') {
                break;
            }
            let body = line.trim_start();
            if body.starts_with("//") || body.starts_with("#[") || body.is_empty() {
                continue;
            }
            if is_enum {
                let end = body
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(body.len());
                let variant = &body[..end];
                if variant.is_empty() {
                    continue;
                }
                item.variants
                    .push((variant.to_owned(), body[end..].starts_with('(')));
            } else if let Some(field) = body.strip_prefix("pub ") {
                let Some((field, _)) = field.split_once(':') else {
                    return Err(format!(
                        "{module}::{name}: cannot read the field line {line:?}"
                    ));
                };
                item.fields.push(field.trim().to_owned());
            }
        }
        if item.fields.is_empty() && item.variants.is_empty() {
            return Err(format!("{module}::{name}: no fields or variants found"));
        }
        items.push(item);
    }
    Ok(items)
}

/// One entry of a beacon table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeaconEntry {
    /// The edition whose module defines it.
    pub edition: BeaconEdition,
    /// The container.
    pub item: Item,
    /// `Some("Minimal")` or `Some("Mainnet")` for a preset-generic one.
    pub preset: Option<&'static str>,
}

impl BeaconEntry {
    /// The path of the container's fork module from the fuzz crate
    /// (`::beacon_types::beacon::phase0`).
    pub fn module_path(&self) -> String {
        format!(
            "::beacon_types::{}::{}",
            self.edition.module, self.item.module
        )
    }

    /// The Rust type, as a path that resolves from the fuzz crate.
    pub fn rust(&self) -> String {
        let path = format!("{}::{}", self.module_path(), self.item.name);
        match self.preset {
            Some(preset) => format!("{path}<::beacon_types::{}::{preset}>", self.edition.module),
            None => path,
        }
    }

    /// `module::Name` and the preset, for messages (`v1.7 gloas::...` for
    /// the v1.7.0-alpha.13 table).
    pub fn label(&self) -> String {
        let (edition, module, name) = (self.edition.label, &self.item.module, &self.item.name);
        match self.preset {
            Some(preset) => format!("{edition}{module}::{name}<{preset}>"),
            None => format!("{edition}{module}::{name}"),
        }
    }
}

/// The beacon table of v1.6.1, from the generated catalog of
/// `beacon_types::beacon`.
pub fn beacon_entries() -> Vec<BeaconEntry> {
    edition_entries(V1_6)
}

/// The beacon table of v1.7.0-alpha.13, from the generated catalog of
/// `beacon_types::beacon_v1_7`.
pub fn beacon_v1_7_entries() -> Vec<BeaconEntry> {
    edition_entries(V1_7)
}

/// Every container of `edition` for the minimal preset (or none), then the
/// preset-generic ones for mainnet.
fn edition_entries(edition: BeaconEdition) -> Vec<BeaconEntry> {
    let items: Vec<Item> = (edition.containers)()
        .into_iter()
        .map(|(fork, name, preset_generic, fields)| Item {
            module: fork.to_owned(),
            name: name.to_owned(),
            preset_generic,
            fields: fields.iter().map(|f| (*f).to_owned()).collect(),
            variants: Vec::new(),
        })
        .collect();
    let entry = |item: &Item, preset| BeaconEntry {
        edition,
        item: item.clone(),
        preset,
    };
    let mut out: Vec<BeaconEntry> = items
        .iter()
        .map(|item| entry(item, item.preset_generic.then_some("Minimal")))
        .collect();
    out.extend(
        items
            .iter()
            .filter(|i| i.preset_generic)
            .map(|item| entry(item, Some("Mainnet"))),
    );
    out
}

/// The index in `entries` of the container that the spec calls `name` in
/// `fork`, for `preset` (`mainnet` or `minimal`): defined in `fork`'s own
/// module, or re-exported there from the module that defines it.
pub fn beacon_index(
    entries: &[BeaconEntry],
    preset: &str,
    fork: &str,
    name: &str,
) -> Option<usize> {
    let module = if entries
        .iter()
        .any(|e| e.item.module == fork && e.item.name == name)
    {
        fork
    } else {
        entries
            .first()?
            .edition
            .reexports
            .iter()
            .find(|(f, n, _)| *f == fork && *n == name)
            .map(|(_, _, origin)| *origin)?
    };
    let preset = match preset {
        "minimal" => "Minimal",
        "mainnet" => "Mainnet",
        _ => return None,
    };
    entries.iter().position(|e| {
        e.item.module == module
            && e.item.name == name
            && (e.preset.is_none() || e.preset == Some(preset))
    })
}
