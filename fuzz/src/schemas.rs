//! The run-time schema of every type of the two catalogues, for the
//! `schema_values` target: the beacon containers from the descriptors that
//! `beacon-types`' generator writes (`beacon-types/schemas/v1.6.1/`), the
//! `ssz_generic` types from their catalog names and, for the test
//! containers and unions, from their definitions in consensus-specs
//! v1.6.1 `tests/formats/ssz_generic` (written here with the schema's
//! constructors, not read from the derived types).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use peam_ssz_schema::Schema;

/// The descriptor files of the v1.6.1 containers: (preset, fork, JSON).
macro_rules! descriptor_files {
    ($($fork:literal),* $(,)?) => {
        &[
            $(
                ("minimal", $fork, include_str!(concat!(
                    "../../beacon-types/schemas/v1.6.1/minimal/", $fork, ".json"
                ))),
                ("mainnet", $fork, include_str!(concat!(
                    "../../beacon-types/schemas/v1.6.1/mainnet/", $fork, ".json"
                ))),
            )*
        ]
    };
}

/// Every fork of `beacon_types::beacon::FORKS`: a test checks the list.
pub static DESCRIPTOR_FILES: &[(&str, &str, &str)] = descriptor_files!(
    "phase0",
    "altair",
    "bellatrix",
    "capella",
    "deneb",
    "electra",
    "fulu",
    "gloas",
    "eip7805",
);

/// (preset, fork, container) -> its schema.
type Beacon = BTreeMap<(&'static str, &'static str, String), Schema>;

fn beacon() -> &'static Beacon {
    static TABLE: OnceLock<Beacon> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Beacon::new();
        for &(preset, fork, json) in DESCRIPTOR_FILES {
            let types = Schema::catalog_from_json_str(json)
                .unwrap_or_else(|e| panic!("{preset}/{fork}.json: {e}"));
            for (name, schema) in types {
                table.insert((preset, fork, name), schema);
            }
        }
        table
    })
}

/// The schema of the beacon container `name` as the fork module `module`
/// defines it, for `preset` (`"Minimal"`, `"Mainnet"`, or `None` for a
/// container no preset value sizes).
pub fn beacon_schema(module: &str, name: &str, preset: Option<&str>) -> Option<&'static Schema> {
    let preset = match preset {
        Some("Mainnet") => "mainnet",
        _ => "minimal",
    };
    beacon()
        .iter()
        .find(|((p, f, n), _)| *p == preset && *f == module && n == name)
        .map(|(_, s)| s)
}

fn uint(bits: u64) -> Schema {
    Schema::uint(bits).expect("8 to 256 bits")
}

/// The schema of a basic type as `ssz_generic` case names spell it
/// (`bool`, `uint16`).
fn basic(name: &str) -> Option<Schema> {
    match name {
        "bool" => Some(Schema::boolean()),
        _ => Some(uint(name.strip_prefix("uint")?.parse().ok()?)),
    }
}

fn container(fields: &[(&str, Schema)]) -> Schema {
    Schema::container(fields.iter().map(|(n, s)| ((*n).to_owned(), s.clone())))
        .expect("a legal container")
}

fn progressive(bits: &[u8], fields: &[(&str, Schema)]) -> Schema {
    Schema::progressive_container(
        bits.iter().map(|&b| b == 1).collect(),
        fields.iter().map(|(n, s)| ((*n).to_owned(), s.clone())),
    )
    .expect("a legal progressive container")
}

fn list(element: Schema, limit: u64) -> Schema {
    Schema::list(element, limit).expect("a legal list")
}

fn plist(element: Schema) -> Schema {
    Schema::progressive_list(element).expect("a legal progressive list")
}

fn bitvector(n: u64) -> Schema {
    Schema::bitvector(n).expect("a legal bitvector")
}

fn bitlist(n: u64) -> Schema {
    Schema::bitlist(n).expect("a legal bitlist")
}

/// The test containers and unions of `ssz_generic` (consensus-specs v1.6.1,
/// `tests/generators/ssz_generic/ssz_container.py`,
/// `ssz_progressive_container.py`, `ssz_compatible_union.py`).
fn generic_container(name: &str) -> Option<Schema> {
    let u8_ = || uint(8);
    let u16_ = || uint(16);
    let small = || container(&[("A", u16_()), ("B", u16_())]);
    let fixed = || container(&[("A", u8_()), ("B", uint(64)), ("C", uint(32))]);
    let var = || container(&[("A", u16_()), ("B", list(u16_(), 1024)), ("C", u8_())]);
    let single = || progressive(&[1], &[("A", u8_())]);
    let single_list = || progressive(&[0, 0, 0, 0, 1], &[("C", Schema::progressive_bitlist())]);
    let pvar = || {
        progressive(
            &[1, 0, 1, 0, 1],
            &[
                ("A", u8_()),
                ("B", list(u16_(), 123)),
                ("C", Schema::progressive_bitlist()),
            ],
        )
    };
    let union = |options: &[(u8, Schema)]| {
        Schema::compatible_union(options.iter().map(|(s, t)| (u64::from(*s), t.clone())))
            .expect("a legal compatible union")
    };
    let pbl = Schema::progressive_bitlist;
    Some(match name {
        "SingleFieldTestStruct" => container(&[("A", u8_())]),
        "SmallTestStruct" => small(),
        "FixedTestStruct" => fixed(),
        "VarTestStruct" => var(),
        "ComplexTestStruct" => container(&[
            ("A", u16_()),
            ("B", list(u16_(), 128)),
            ("C", u8_()),
            ("D", Schema::byte_list(256).expect("a legal byte list")),
            ("E", var()),
            ("F", Schema::vector(fixed(), 4).expect("a legal vector")),
            ("G", Schema::vector(var(), 2).expect("a legal vector")),
        ]),
        "ProgressiveTestStruct" => container(&[
            ("A", plist(u8_())),
            ("B", plist(uint(64))),
            ("C", plist(small())),
            ("D", plist(plist(var()))),
        ]),
        "BitsStruct" => container(&[
            ("A", bitlist(5)),
            ("B", bitvector(2)),
            ("C", bitvector(1)),
            ("D", bitlist(6)),
            ("E", bitvector(8)),
        ]),
        "ProgressiveBitsStruct" => container(&[
            ("A", bitvector(256)),
            ("B", bitlist(256)),
            ("C", pbl()),
            ("D", bitvector(257)),
            ("E", bitlist(257)),
            ("F", pbl()),
            ("G", bitvector(1280)),
            ("H", bitlist(1280)),
            ("I", pbl()),
            ("J", bitvector(1281)),
            ("K", bitlist(1281)),
            ("L", pbl()),
        ]),
        "ProgressiveSingleFieldContainerTestStruct" => single(),
        "ProgressiveSingleListContainerTestStruct" => single_list(),
        "ProgressiveVarTestStruct" => pvar(),
        "ProgressiveComplexTestStruct" => progressive(
            &[
                1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1,
            ],
            &[
                ("A", u8_()),
                ("B", list(u16_(), 123)),
                ("C", pbl()),
                ("D", plist(uint(64))),
                ("E", plist(small())),
                ("F", plist(plist(var()))),
                ("G", list(single(), 10)),
                ("H", plist(pvar())),
            ],
        ),
        "CompatibleUnionA" => union(&[(1, single())]),
        "CompatibleUnionBC" => union(&[(2, single_list()), (3, pvar())]),
        "CompatibleUnionABCA" => union(&[
            (1, single()),
            (2, single_list()),
            (3, pvar()),
            (4, single()),
        ]),
        _ => return None,
    })
}

/// The schema of the `ssz_generic` catalog type `name` (`uint_64`,
/// `boolean`, `vec_uint16_31`, `arr_bool_16`, `bitvec_8`, `bitlist_9`,
/// `proglist_uint8`, `progbitlist`, or a test container's name).
pub fn generic_schema(name: &str) -> Option<Schema> {
    if let Some(bits) = name.strip_prefix("uint_") {
        return Some(uint(bits.parse().ok()?));
    }
    if name == "boolean" {
        return Some(Schema::boolean());
    }
    if name == "progbitlist" {
        return Some(Schema::progressive_bitlist());
    }
    if let Some(elem) = name.strip_prefix("proglist_") {
        return Some(plist(basic(elem)?));
    }
    if let Some(n) = name.strip_prefix("bitvec_") {
        return Some(bitvector(n.parse().ok()?));
    }
    if let Some(n) = name.strip_prefix("bitlist_") {
        return Some(bitlist(n.parse().ok()?));
    }
    if let Some(rest) = name
        .strip_prefix("vec_")
        .or_else(|| name.strip_prefix("arr_"))
    {
        let (elem, n) = rest.rsplit_once('_')?;
        return Schema::vector(basic(elem)?, n.parse().ok()?).ok();
    }
    generic_container(name)
}
