//! The ssz-specs conformance vectors (ethereum/ssz-specs, release v0.1.0):
//! where they are, how a vector is read, and the checks of each format.
//!
//! The release is one tree of JSON files,
//! `fixtures/<format>/<filler package>/<filler module>/<test function>.json`,
//! each an object with one key (the filler's node id) whose value is the
//! vector. A vector names its format in `_info.fixtureFormat`; [`FORMATS`]
//! maps each format to its check, so the formats of later releases
//! (`ssz_type_rejection`, `ssz_gindex`, `ssz_json`, `proof`, `multiproof`)
//! drop in as one more entry. Release vectors name their type only by
//! `typeName`; the types come from the descriptor file
//! (`type-descriptors.json`, keyed by the vector's path under `fixtures/`).
//!
//! Each vector runs twice: through the run-time schema
//! ([`peam_ssz_schema`], the type built from its descriptor) and through a
//! derived Rust type generated from the same descriptor.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use peam_ssz_schema::{JsonStyle, Schema};
use peam_ssz_types::edition::{Edition, V1_7};
use serde_json::Value as Json;

/// The environment variable naming a directory that holds the unpacked
/// `fixtures/` tree (and `type-descriptors.json`), used instead of
/// `spec-tests/vectors-ssz-specs`.
pub const VECTORS_ENV: &str = "SSZ_SPECS_VECTORS";
/// The release the vectors are of.
pub const RELEASE: &str = "v0.1.0";
/// The descriptor file, beside `fixtures/`.
pub const DESCRIPTORS_FILE: &str = "type-descriptors.json";

/// The edition whose merkleization the release's roots follow: the
/// current text (progressive subtrees on the left, v1.7.0-alpha.2 on).
pub type SpecsEdition = V1_7;

/// The directory holding `fixtures/`: `$SSZ_SPECS_VECTORS`, or
/// `spec-tests/vectors-ssz-specs` where `download-vectors.sh` puts it.
pub fn vectors_dir() -> Result<PathBuf, String> {
    let dir = match std::env::var_os(VECTORS_ENV) {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors-ssz-specs"),
    };
    if dir.join("fixtures").is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "{} holds no fixtures/ directory: run spec-tests/download-vectors.sh \
             (with SSZ_SPECS_ARCHIVES=<dir of the two ssz-specs archives>), or set \
             {VECTORS_ENV} to a directory holding the unpacked fixtures/",
            dir.display()
        ))
    }
}

/// One vector: its file, its filler module, its format and its body.
#[derive(Debug)]
pub struct Vector {
    /// The path under `fixtures/` (`ssz/ssz/test_basic_types/test_uint8_max.json`).
    pub key: String,
    /// The filler module (`test_basic_types`).
    pub module: String,
    /// `_info.fixtureFormat`.
    pub format: String,
    /// The vector's object.
    pub body: serde_json::Map<String, Json>,
    /// Its type descriptor.
    pub descriptor: Json,
}

/// Which way a vector is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Through [`peam_ssz_schema`].
    Schema,
    /// Through the derived types generated from the descriptors.
    Derived,
}

impl Way {
    /// `schema` or `derived`, as the report names it.
    pub fn name(self) -> &'static str {
        match self {
            Way::Schema => "schema",
            Way::Derived => "derived",
        }
    }
}

/// A format's check of one vector, one way.
pub type Check = fn(&Vector, Way) -> Result<(), String>;

/// The formats with a check: `(fixtureFormat, check)`.
pub const FORMATS: &[(&str, Check)] = &[("ssz_test", check_ssz)];

/// Reads a vector file: one key, the vector object under it.
pub fn read_vector(
    path: &Path,
    key: String,
    descriptors: &BTreeMap<String, Json>,
) -> Result<Vector, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{key}: cannot read: {e}"))?;
    let json: Json = serde_json::from_str(&text).map_err(|e| format!("{key}: not JSON: {e}"))?;
    let obj = json
        .as_object()
        .filter(|o| o.len() == 1)
        .ok_or_else(|| format!("{key}: a vector file is an object of one key"))?;
    let (_, body) = obj.iter().next().ok_or_else(|| format!("{key}: empty"))?;
    let body = body
        .as_object()
        .cloned()
        .ok_or_else(|| format!("{key}: the vector is not an object"))?;
    let format = body
        .get("_info")
        .and_then(|i| i.get("fixtureFormat"))
        .and_then(Json::as_str)
        .ok_or_else(|| format!("{key}: no _info.fixtureFormat"))?
        .to_owned();
    let module = key
        .split('/')
        .rev()
        .nth(1)
        .ok_or_else(|| format!("{key}: not under a filler module"))?
        .to_owned();
    let entry = descriptors
        .get(&key)
        .ok_or_else(|| format!("{key}: no type descriptor"))?;
    if entry.get("typeName") != body.get("typeName") {
        return Err(format!(
            "{key}: the descriptor's typeName differs from the vector's"
        ));
    }
    let descriptor = entry
        .get("typeDescriptor")
        .cloned()
        .ok_or_else(|| format!("{key}: the descriptor entry has no typeDescriptor"))?;
    check_hash(&key, &body)?;
    Ok(Vector {
        key,
        module,
        format,
        body,
        descriptor,
    })
}

/// `_info.hash`: `0x` + sha256 of the vector without `_info`, keys sorted,
/// compact separators (what the fill tool wrote), so that every byte of
/// the vector was read as the fill tool meant it.
fn check_hash(key: &str, body: &serde_json::Map<String, Json>) -> Result<(), String> {
    let mut rest = body.clone();
    let info = rest.remove("_info");
    let want = info
        .as_ref()
        .and_then(|i| i.get("hash"))
        .and_then(Json::as_str)
        .ok_or_else(|| format!("{key}: no _info.hash"))?;
    // Keys sorted here (serde_json's map keeps insertion order when a crate
    // of the build turns on its `preserve_order`), output compact; the
    // vectors are ASCII, so Python's escaping of other characters does not
    // arise.
    let text = serde_json::to_string(&sorted(&Json::Object(rest))).map_err(|e| e.to_string())?;
    if !text.is_ascii() {
        return Err(format!("{key}: a vector of non-ASCII text"));
    }
    let got = crate::harness::to_hex(&test_support::merkle::sha256(text.as_bytes()));
    if got != want {
        return Err(format!(
            "{key}: _info.hash is {want}, the vector hashes to {got}"
        ));
    }
    Ok(())
}

/// `json` with the keys of every object in sorted order.
fn sorted(json: &Json) -> Json {
    match json {
        Json::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Json::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&map[k])))
                    .collect(),
            )
        }
        Json::Array(items) => Json::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

fn derived(key: &str) -> Result<crate::ssz_specs_json::Runner, String> {
    crate::ssz_specs_types::runner(key)
        .ok_or_else(|| format!("{key}: no derived type (regenerate ssz_specs_types.rs)"))
}

fn field<'a>(v: &'a Vector, name: &str) -> Result<&'a Json, String> {
    v.body
        .get(name)
        .ok_or_else(|| format!("{}: no {name}", v.key))
}

fn hex_field(v: &Vector, name: &str) -> Result<Vec<u8>, String> {
    let s = field(v, name)?
        .as_str()
        .ok_or_else(|| format!("{}: {name} is not a string", v.key))?;
    crate::harness::decode_hex(s).map_err(|e| format!("{}: {name}: {e}", v.key))
}

/// The `ssz` format (`ssz_test`): a valid vector decodes, renders as
/// `value`, encodes again to `serialized` and has root `root`; an invalid
/// one (with `rejectionReason`) is refused with that fault.
pub fn check_ssz(v: &Vector, way: Way) -> Result<(), String> {
    let key = &v.key;
    let serialized = hex_field(v, "serialized")?;
    let value = field(v, "value")?;
    let _ = field(v, "typeName")?;
    match v.body.get("rejectionReason") {
        Some(reason) => {
            let reason = reason
                .as_str()
                .ok_or_else(|| format!("{key}: rejectionReason is not a string"))?;
            let fault = peam_ssz_types::Fault::from_name(reason).ok_or_else(|| {
                format!("{key}: rejectionReason {reason} is not in the catalogue")
            })?;
            if hex_field(v, "rawBytes")? != serialized {
                return Err(format!("{key}: rawBytes differs from serialized"));
            }
            if field(v, "root")? != &Json::String(String::new()) {
                return Err(format!("{key}: an invalid vector with a root"));
            }
            let got = match way {
                Way::Schema => {
                    let schema = Schema::from_json(&v.descriptor)
                        .map_err(|e| format!("{key}: descriptor: {e}"))?;
                    schema.decode(&serialized).map(|_| ())
                }
                Way::Derived => {
                    let runner = derived(key)?;
                    (runner.views)(&serialized).map_err(|e| format!("{key}: {e}"))?;
                    (runner.decode)(&serialized)
                }
            };
            match got {
                Ok(()) => Err(format!("{key}: decoded, but must be refused with {reason}")),
                Err(e) if e.fault() == fault => Ok(()),
                Err(e) => Err(format!(
                    "{key}: refused with {} ({e}), the vector names {reason}",
                    e.fault()
                )),
            }
        }
        None => {
            let root = hex_field(v, "root")?;
            let (json, bytes, got_root) = match way {
                Way::Schema => {
                    let schema = Schema::from_json(&v.descriptor)
                        .map_err(|e| format!("{key}: descriptor: {e}"))?;
                    let decoded = schema
                        .decode(&serialized)
                        .map_err(|e| format!("{key}: decoding failed: {e}"))?;
                    let from_json = schema
                        .value_from_json(value)
                        .map_err(|e| format!("{key}: value: {e}"))?;
                    if from_json != decoded {
                        return Err(format!("{key}: value encodes to other bytes"));
                    }
                    (
                        decoded.to_json_in(JsonStyle::SszSpecs),
                        decoded.to_ssz(),
                        decoded.hash_tree_root_in::<SpecsEdition>(),
                    )
                }
                Way::Derived => {
                    let runner = derived(key)?;
                    (runner.views)(&serialized).map_err(|e| format!("{key}: {e}"))?;
                    (runner.round_trip)(&serialized)
                        .map_err(|e| format!("{key}: decoding failed: {e}"))?
                }
            };
            if &json != value {
                return Err(format!(
                    "{key}: decoded to {json}, the vector's value is {value}"
                ));
            }
            if bytes != serialized {
                return Err(format!("{key}: encodes to other bytes"));
            }
            if got_root[..] != root[..] {
                return Err(format!(
                    "{key}: root {} ({}), expected {}",
                    crate::harness::to_hex(&got_root),
                    SpecsEdition::NAME,
                    crate::harness::to_hex(&root)
                ));
            }
            Ok(())
        }
    }
}
