//! Generates `beacon-types/src/beacon/{catalog,preset,<fork>,shared/<fork>}.rs` from
//! `beacon-types/tools/beacon-types.yaml`, the SSZ schema of every consensus
//! container that the consensus-specs v1.6.1 `ssz_static` vectors cover.
//!
//! The schema gives, per fork, each container's fields in order with the type
//! as the spec writes it (`List[Validator, VALIDATOR_REGISTRY_LIMIT]`) and as
//! it resolves for the mainnet and minimal presets (`List[Validator,
//! 1099511627776]`), the preset constants and the aliases. From it:
//!
//! - each container is written once, in the first fork that has it with this
//!   definition; later forks re-export it (`pub use super::phase0::Checkpoint;`)
//!   until a fork changes its fields, a field's type, or a container it holds;
//! - a container that holds no `List`, `Vector` or `ProgressiveList`, itself
//!   or through a container, is written in `shared/<fork>.rs` and re-exported
//!   by its fork's file: only the plain instantiation compiles `shared`, the
//!   cached one re-exports it, so such a container is one type in both;
//! - a container is generic over `P: Preset` exactly when a field's type
//!   depends on a preset value, directly or through an alias or a container;
//! - the spec type of every field is parsed, rendered as a Rust type, and
//!   evaluated with both presets' values: the result must be the schema's
//!   resolved type, so a wrong constant, alias or parse fails generation.
//!
//! It also writes `beacon-types/schemas/<version>/<preset>/<fork>.json`: each
//! container of the fork as the JSON type descriptor that
//! `peam_ssz_schema::Schema::from_json` reads, for the run-time path
//! (`descriptors`).
//!
//! Run by the `generated_code_is_up_to_date` tests of `beacon-types` (`tests/generated.rs`),
//! which fail when the committed files differ from the output;
//! `BEACON_CODEGEN=write cargo test -p peam-ssz-beacon --test generated` rewrites them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

mod descriptors;
mod forked;
mod forked_files;
mod origins;
mod render;
mod schema;
mod scope;
mod ty;

pub use descriptors::generate_descriptors;
use forked::*;
use forked_files::*;
use origins::*;
use render::*;
use schema::*;
use scope::*;
use ty::*;

/// What a schema is generated for: where it lives, the spec version its
/// docs name, and the edition its progressive types follow.
pub struct Target {
    /// The schema's path in the repository, named in the header.
    pub schema: &'static str,
    /// The spec version, as the docs name it (`v1.6.1`).
    pub version: &'static str,
    /// The edition marker of `peam_ssz_types` that progressive types name
    /// (`V1_7`) and the `#[ssz(edition = ...)]` of progressive containers
    /// (`v1.7`).
    pub edition: (&'static str, &'static str),
    /// The maxima its text asserts of fields that carry no capacity (only
    /// the v1.7.0-alpha.13 Gloas containers have such fields), and the
    /// preset values that only those maxima use.
    pub maxima: &'static [Maximum],
    pub maxima_presets: &'static [(&'static str, &'static str, u64, u64)],
}

/// `beacon-types/tools/beacon-types.yaml` -> `beacon-types/src/beacon/`.
pub const V1_6: Target = Target {
    schema: "beacon-types/tools/beacon-types.yaml",
    version: "v1.6.1",
    edition: ("V1_6", "v1.6"),
    maxima: &[],
    maxima_presets: &[],
};

/// `beacon-types/tools/beacon-types-v1.7.yaml` (the v1.7.0-alpha.13 schema)
/// -> `beacon-types/src/beacon_v1_7/`.
pub const V1_7: Target = Target {
    schema: "beacon-types/tools/beacon-types-v1.7.yaml",
    version: "v1.7.0-alpha.13",
    edition: ("V1_7", "v1.7"),
    maxima: MAXIMA,
    maxima_presets: MAXIMA_PRESET_VALUES,
};

/// Constants of the spec, fixed for every preset: they become literal
/// lengths (`U<4>`), not items of the `Preset` trait.
const SPEC_CONSTANTS: &[(&str, u64)] = &[
    ("BYTES_PER_FIELD_ELEMENT", 32),
    ("DEPOSIT_CONTRACT_TREE_DEPTH", 32),
    ("JUSTIFICATION_BITS_LENGTH", 4),
    ("NUMBER_OF_COLUMNS", 128),
    ("SYNC_COMMITTEE_SUBNET_COUNT", 4),
];

/// Preset values that only aliases use (the schema resolves aliases, so it
/// does not list them): name, fork that introduced it, mainnet, minimal.
const ALIAS_PRESET_VALUES: &[(&str, &str, u64, u64)] = &[
    ("MAX_VALIDATORS_PER_COMMITTEE", "phase0", 2048, 2048),
    ("MAX_BYTES_PER_TRANSACTION", "bellatrix", 1 << 30, 1 << 30),
    ("FIELD_ELEMENTS_PER_BLOB", "deneb", 4096, 4096),
    ("FIELD_ELEMENTS_PER_CELL", "fulu", 64, 64),
];

/// Aliases whose size the spec defines with preset values, as the spec
/// writes them. Their resolution must match the schema's.
const ALIAS_SPEC_TYPES: &[(&str, &str)] = &[
    ("Transaction", "ByteList[MAX_BYTES_PER_TRANSACTION]"),
    (
        "Blob",
        "ByteVector[BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_BLOB]",
    ),
    (
        "Cell",
        "ByteVector[BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_CELL]",
    ),
    // v1.7.0-alpha.13 names these (Fulu); Gloas makes them progressive.
    (
        "AggregationBits",
        "Bitlist[MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT]",
    ),
    (
        "AttestingIndices",
        "List[ValidatorIndex, MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT]",
    ),
];

/// Preset values that only the maxima below use (the schema lists the
/// values its types use): name, fork that introduced it, mainnet, minimal.
/// Given to a schema that has that fork. Mainnet from the alpha.13 text
/// (gloas beacon-chain.md, "Preset"); minimal the same, which the minimal
/// preset (`presets/minimal/gloas.yaml`) does not customize.
const MAXIMA_PRESET_VALUES: &[(&str, &str, u64, u64)] = &[
    ("MAX_PAYLOAD_ATTESTATIONS", "gloas", 4, 4),
    ("MAX_BUILDER_DEPOSIT_REQUESTS_PER_PAYLOAD", "gloas", 64, 64),
    ("MAX_BUILDER_EXIT_REQUESTS_PER_PAYLOAD", "gloas", 16, 16),
];

/// What bounds a field: a preset value, a number, or a value of the chain
/// configuration capped by a preset value.
pub(crate) enum MaxOf {
    /// A preset value by its spec name, or a length of preset values as
    /// the text writes it (`MAX_VALIDATORS_PER_COMMITTEE *
    /// MAX_COMMITTEES_PER_SLOT`).
    Preset(&'static str),
    /// A number the text writes (`len(body.deposits) == 0`).
    Num(u64),
    /// `get_blob_parameters(epoch).max_blobs_per_block`, at most this
    /// preset value: `RuntimeMax<MaxBlobsPerBlock, ...>`.
    MaxBlobsPerBlock(&'static str),
}

impl MaxOf {
    /// The length: the number, the preset's length parsed, or the cap of
    /// the run-time maximum.
    fn len(&self) -> Result<Len, String> {
        let text = match self {
            MaxOf::Num(n) => return Ok(Len::Num(*n)),
            MaxOf::Preset(text) | MaxOf::MaxBlobsPerBlock(text) => text,
        };
        let mut p = Parser {
            text,
            tokens: tokenize(text)?,
            pos: 0,
        };
        let len = p.len()?;
        if p.pos != p.tokens.len() {
            return Err(format!("trailing tokens in {text:?}"));
        }
        Ok(len)
    }

    /// Whether the presets give it different values: a container with such
    /// a maximum is generic over the preset, as one whose type differs.
    fn differs(&self, presets: &Presets) -> Result<bool, String> {
        let len = self.len()?;
        Ok(eval(&len, presets, PresetName::Mainnet)? != eval(&len, presets, PresetName::Minimal)?)
    }
}

/// A maximum that the v1.7.0-alpha.13 text asserts of a field's length
/// (the state transition or gossip), which the generated field carries as
/// its progressive type's bound (`ProgressiveList<T, V1_7, Asserted<M>>`):
/// the fork whose text first asserts it, container, field, the maximum,
/// and the clause that asserts it. It holds in that fork and in every fork
/// that follows it (Heze's `BeaconBlockBody`, a new type through its bid,
/// keeps the Gloas maxima).
pub(crate) struct Maximum {
    pub(crate) fork: &'static str,
    pub(crate) container: &'static str,
    pub(crate) field: &'static str,
    pub(crate) max: MaxOf,
    pub(crate) clause: &'static str,
}

impl Maximum {
    /// Whether it holds in `fork`: its own fork or one that `fork` follows.
    fn holds_in(&self, fork: &Fork) -> bool {
        fork.lineage.iter().any(|f| f == self.fork)
    }
}

/// The maximum of `container.field` in `fork`, if the target has one.
fn maximum_of<'a>(
    target: &'a Target,
    fork: &Fork,
    container: &str,
    field: &str,
) -> Option<&'a Maximum> {
    target
        .maxima
        .iter()
        .find(|m| m.container == container && m.field == field && m.holds_in(fork))
}

const OPERATIONS: &str =
    "gloas beacon-chain.md `process_operations`; p2p-interface.md `beacon_block`";
const PARENT_REQUESTS: &str =
    "gloas beacon-chain.md `apply_parent_execution_payload`; p2p-interface.md \
                               `beacon_block`, `execution_payload`";
const BLOBS: &str =
    "gloas beacon-chain.md `process_execution_payload_bid`; p2p-interface.md `beacon_block`, \
     `execution_payload_bid`";

/// The maxima of the v1.7.0-alpha.13 text, field by field: every bound on a
/// length that the Gloas and Heze texts assert of a container's field and
/// that a type can carry (`docs/bounds.md` lists the others, and why).
pub(crate) const MAXIMA: &[Maximum] = &[
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "proposer_slashings",
        max: MaxOf::Preset("MAX_PROPOSER_SLASHINGS"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "attester_slashings",
        max: MaxOf::Preset("MAX_ATTESTER_SLASHINGS_ELECTRA"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "attestations",
        max: MaxOf::Preset("MAX_ATTESTATIONS_ELECTRA"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "deposits",
        max: MaxOf::Num(0),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "voluntary_exits",
        max: MaxOf::Preset("MAX_VOLUNTARY_EXITS"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "bls_to_execution_changes",
        max: MaxOf::Preset("MAX_BLS_TO_EXECUTION_CHANGES"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "BeaconBlockBody",
        field: "payload_attestations",
        max: MaxOf::Preset("MAX_PAYLOAD_ATTESTATIONS"),
        clause: OPERATIONS,
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionRequests",
        field: "withdrawals",
        max: MaxOf::Preset("MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD"),
        clause: PARENT_REQUESTS,
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionRequests",
        field: "consolidations",
        max: MaxOf::Preset("MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD"),
        clause: PARENT_REQUESTS,
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionRequests",
        field: "builder_deposits",
        max: MaxOf::Preset("MAX_BUILDER_DEPOSIT_REQUESTS_PER_PAYLOAD"),
        clause: PARENT_REQUESTS,
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionRequests",
        field: "builder_exits",
        max: MaxOf::Preset("MAX_BUILDER_EXIT_REQUESTS_PER_PAYLOAD"),
        clause: PARENT_REQUESTS,
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionPayload",
        field: "withdrawals",
        max: MaxOf::Preset("MAX_WITHDRAWALS_PER_PAYLOAD"),
        clause: "gloas p2p-interface.md `execution_payload`",
    },
    Maximum {
        fork: "gloas",
        container: "ExecutionPayloadBid",
        field: "blob_kzg_commitments",
        max: MaxOf::MaxBlobsPerBlock("MAX_BLOB_COMMITMENTS_PER_BLOCK"),
        clause: BLOBS,
    },
    Maximum {
        fork: "gloas",
        container: "IndexedAttestation",
        field: "attesting_indices",
        max: MaxOf::Preset("MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT"),
        clause: "gloas beacon-chain.md `is_valid_indexed_attestation`, through \
                 `process_attester_slashing` (and the `attester_slashing` topic)",
    },
];

/// Forks that do not follow the fork before them in the schema.
const PARENTS: &[(&str, &str)] = &[("eip7805", "fulu")];

/// Fixed-size byte vectors up to this length are inline `FixedBytes<N>`;
/// longer ones (a 131072-byte blob) are heap-backed `ByteVector<N>`.
const MAX_INLINE_BYTES: u64 = 96;

/// Vectors of a fixed (preset-independent) length up to this are inline
/// arrays (the longest array serde handles).
const MAX_INLINE_VECTOR: u64 = 32;

/// The generated files of the v1.6.1 schema: (path under `src/beacon/`,
/// contents).
pub fn generate(schema: &str) -> Result<Vec<(String, String)>, String> {
    generate_for(schema, &V1_6)
}

/// The generated files of `schema` for `target`: (path under its module
/// directory, contents).
pub fn generate_for(schema: &str, target: &Target) -> Result<Vec<(String, String)>, String> {
    let forks = parse_schema(schema)?;
    // Each maximum names a field of its fork (a misspelt one would bound
    // nothing).
    for m in target.maxima {
        if let Some(fork) = forks.iter().find(|f| f.name == m.fork) {
            let fields = fork.containers.get(m.container);
            if !fields.is_some_and(|fs| fs.iter().any(|f| f.name == m.field)) {
                return Err(format!(
                    "maximum of {}.{}.{}: no such field",
                    m.fork, m.container, m.field
                ));
            }
        }
    }
    let presets = Presets::collect(&forks, target.maxima_presets)?;
    let origins = compute_origins(&forks)?;
    let mut files = vec![
        (
            "catalog.rs".to_owned(),
            render_catalog(&forks, &presets, &origins, target)?,
        ),
        ("preset.rs".to_owned(), render_preset(&presets, target)),
        ("dispatch.rs".to_owned(), render_dispatch(&forks, target)),
    ];
    files.extend(render_forked(&forks, &presets, &origins, target)?);
    let mut shared = Vec::new();
    for f in 0..forks.len() {
        let (file, shared_file) = render_fork(&forks, f, &presets, &origins, target)?;
        files.push((format!("{}.rs", forks[f].name), file));
        if let Some(text) = shared_file {
            files.push((format!("shared/{}.rs", forks[f].name), text));
            shared.push(forks[f].name.as_str());
        }
    }
    files.push((
        "shared/mod.rs".to_owned(),
        render_shared_mod(&shared, target),
    ));
    Ok(files)
}

/// `dispatch.rs`: `visit_fork_containers`, the one dispatcher from a fork's
/// name to its `visit_containers`. Written once and compiled by each
/// instantiation of the fork files (the plain one with `mod dispatch;`, the
/// cached one with `#[path]`), against the fork modules of its parent.
fn render_dispatch(forks: &[Fork], target: &Target) -> String {
    let mut out = format!(
        "// @generated by beacon-types/tools/codegen from\n\
         // {}; do not edit.\n\
         \n\
         //! The dispatcher from a fork's name to its containers, compiled by\n\
         //! each instantiation of the fork files of consensus-specs {} (through\n\
         //! `#[path]`): `super` is the instantiation, with its fork modules.\n\
         \n\
         use super::{{ContainerVisitor, Preset}};\n\
         \n\
         /// Calls `visitor` with every container of `fork` (one of `FORKS`) for the\n\
         /// preset `P`. Returns `false`, having called nothing, for an unknown fork.\n\
         pub fn visit_fork_containers<P: Preset, V: ContainerVisitor>(fork: &str, visitor: &mut V) -> bool {{\n\
         \x20   match fork {{\n",
        target.schema, target.version
    );
    for fork in forks {
        out.push_str(&format!(
            "        \"{0}\" => super::{0}::visit_containers::<P, V>(visitor),\n",
            fork.name
        ));
    }
    out.push_str("        _ => return false,\n    }\n    true\n}\n");
    out
}

/// `shared/mod.rs`: the modules of the forks that define containers without
/// a collection. The plain instantiation compiles them (`mod shared;`), the
/// cached one re-exports them (`use crate::beacon::shared;`), so that these
/// containers are one type in both.
fn render_shared_mod(forks: &[&str], target: &Target) -> String {
    let mut out = format!(
        "{}\n\
         //! The containers of each fork of consensus-specs {} that hold no `List` or\n\
         //! `Vector`, themselves or through a container, one module per fork that\n\
         //! defines any: the same types with the plain and the cached collections, so\n\
         //! only the plain instantiation compiles them; each fork's module re-exports\n\
         //! its own.\n\n",
        header(target),
        target.version
    );
    let mut names = forks.to_vec();
    names.sort();
    for name in names {
        let _ = writeln!(out, "pub mod {name};");
    }
    out
}

/// `text` as rustfmt lays it out (the forked file is written plainly and
/// formatted, where the fork files are written as rustfmt lays them out).
fn rustfmt(text: &str) -> Result<String, String> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("rustfmt: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("rustfmt: no stdin")?;
    let input = text.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    writer
        .join()
        .map_err(|_| "rustfmt: writer panicked".to_owned())?
        .map_err(|e| format!("rustfmt: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustfmt failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt: {e}"))
}

/// The fork names of the schema, in order.
pub fn fork_names(schema: &str) -> Result<Vec<String>, String> {
    Ok(parse_schema(schema)?.into_iter().map(|f| f.name).collect())
}

/// Each fork of the schema with the names of its containers, sorted.
pub fn container_names(schema: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    Ok(parse_schema(schema)?
        .into_iter()
        .map(|f| (f.name, f.containers.into_keys().collect()))
        .collect())
}
