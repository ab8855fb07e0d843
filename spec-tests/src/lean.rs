//! The Lean consensus vectors: leanSpec's `ssz_test` fixtures of fork
//! `lstar` (JSON, one file per test, `fixtures/consensus/ssz/lstar/ssz/<module>/<test>.json`),
//! run against `peam-ssz-lean`.
//!
//! Each fixture names its type (`typeName`) and preset (`leanEnv`). A
//! positive one is decoded from `serialized`, compared with the value built
//! from its JSON `value` ([`FromFixture`], which shares no code with the
//! decoder), re-encoded to the same bytes and hashed to `root`; a negative
//! one (`rawBytes`) must be refused. [`run_lean`] counts vectors per module
//! (`lean/lstar/<module>`) and fails on any vector that failed, any type or
//! preset it does not know, and any file under `fixtures/` it did not run.

use crate::harness::decode_hex;
use peam_ssz_lean as lean;
use peam_ssz_lean::{Fp, ProdKeys, TestKeys, XmssPreset};
use peam_ssz_types::view::TreeHashView;
use peam_ssz_types::{Bitlist, Bitvector, ByteList, ExactList, FixedBytes, Length, List, Ssz, U};
use serde_yaml::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The environment variable naming a directory that holds the `fixtures/`
/// tree of the Lean vectors, used instead of `spec-tests/vectors-lean`.
pub const LEAN_VECTORS_ENV: &str = "SSZ_LEAN_VECTORS";

/// The directory holding the Lean vectors' `fixtures/`: `$SSZ_LEAN_VECTORS`,
/// or else `spec-tests/vectors-lean` (where `download-vectors.sh` unpacks
/// them).
pub fn lean_vectors_dir() -> Result<PathBuf, String> {
    let (dir, origin) = match std::env::var_os(LEAN_VECTORS_ENV) {
        Some(dir) if !dir.is_empty() => (PathBuf::from(dir), format!("${LEAN_VECTORS_ENV}")),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors-lean"),
            "the default location".to_owned(),
        ),
    };
    if dir.join("fixtures").is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "the Lean consensus vectors are missing: {} ({origin}) holds no fixtures/ directory. \
             Run `spec-tests/download-vectors.sh` with $SSZ_LEAN_ARCHIVES naming a directory \
             that holds lstar-ssz.tar.gz, or set {LEAN_VECTORS_ENV} to a directory holding \
             fixtures/",
            dir.display()
        ))
    }
}

/// A value built from its JSON form in the fixtures (SCHEMA.md, "How
/// `value` is written in JSON").
pub trait FromFixture: Sized {
    /// The value `json` describes.
    fn from_fixture(json: &Value) -> Result<Self, String>;
}

fn data(json: &Value) -> Result<&Vec<Value>, String> {
    match json.get("data").and_then(Value::as_sequence) {
        Some(items) if json.as_mapping().map(|m| m.len()) == Some(1) => Ok(items),
        _ => Err(format!("expected {{\"data\": [...]}}, got {}", short(json))),
    }
}

fn short(json: &Value) -> String {
    let text = serde_yaml::to_string(json).unwrap_or_default();
    text.chars().take(80).collect()
}

fn hex_string(json: &Value) -> Result<Vec<u8>, String> {
    match json.as_str() {
        Some(s) => decode_hex(s),
        None => Err(format!("expected a hex string, got {}", short(json))),
    }
}

macro_rules! uint_from_fixture {
    ($($t:ty),*) => {$(
        impl FromFixture for $t {
            fn from_fixture(json: &Value) -> Result<Self, String> {
                // A number inside a container, a decimal string on its own.
                let wide = match json {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.parse::<u64>().ok(),
                    _ => None,
                };
                wide.and_then(|v| <$t>::try_from(v).ok())
                    .ok_or_else(|| format!("not a {}: {}", stringify!($t), short(json)))
            }
        }
    )*};
}

uint_from_fixture!(u8, u16, u32, u64);

impl FromFixture for bool {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        json.as_bool()
            .ok_or_else(|| format!("not a boolean: {}", short(json)))
    }
}

impl FromFixture for Fp {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        // A number in a vector or list; on its own, the repr `Fp(value=N)`.
        let value = match json {
            Value::String(s) => s
                .strip_prefix("Fp(value=")
                .and_then(|s| s.strip_suffix(')'))
                .and_then(|s| s.parse::<u32>().ok()),
            _ => u32::from_fixture(json).ok(),
        };
        value
            .and_then(Fp::new)
            .ok_or_else(|| format!("not an Fp: {}", short(json)))
    }
}

impl<const N: usize> FromFixture for FixedBytes<N> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        let bytes = hex_string(json)?;
        <[u8; N]>::try_from(bytes.as_slice())
            .map(FixedBytes)
            .map_err(|_| format!("expected {N} bytes, got {}", bytes.len()))
    }
}

impl<N: Length> FromFixture for ByteList<N> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        match json.as_mapping() {
            Some(m) if m.len() == 1 => {}
            _ => {
                return Err(format!(
                    "expected {{\"data\": \"0x...\"}}, got {}",
                    short(json)
                ))
            }
        }
        let bytes = hex_string(json.get("data").unwrap_or(&Value::Null))?;
        ByteList::try_from(bytes).map_err(|e| e.to_string())
    }
}

fn elements<T: FromFixture>(json: &Value) -> Result<Vec<T>, String> {
    data(json)?
        .iter()
        .enumerate()
        .map(|(i, v)| T::from_fixture(v).map_err(|e| format!("[{i}]: {e}")))
        .collect()
}

impl<T: FromFixture, N: Length> FromFixture for List<T, N> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        List::try_from(elements::<T>(json)?).map_err(|e| e.to_string())
    }
}

impl<T: FromFixture, N: Length, L: Length> FromFixture for ExactList<T, N, L> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        ExactList::try_from(elements::<T>(json)?).map_err(|e| e.to_string())
    }
}

impl<T: FromFixture, const N: usize> FromFixture for [T; N] {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        let items = elements::<T>(json)?;
        let len = items.len();
        <[T; N]>::try_from(items).map_err(|_| format!("expected {N} elements, got {len}"))
    }
}

impl<N: Length> FromFixture for Bitlist<N> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        Bitlist::from_bools(&elements::<bool>(json)?).map_err(|e| e.to_string())
    }
}

impl<N: Length> FromFixture for Bitvector<N> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        Bitvector::from_bools(&elements::<bool>(json)?).map_err(|e| e.to_string())
    }
}

/// `Signature` and `PublicKey` are written as the hex of their SSZ bytes.
fn from_ssz_hex<T: Ssz>(json: &Value) -> Result<T, String> {
    let bytes = hex_string(json)?;
    T::from_ssz(&bytes).map_err(|e| e.to_string())
}

impl<P: XmssPreset> FromFixture for lean::Signature<P> {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        from_ssz_hex(json)
    }
}

impl FromFixture for lean::PublicKey {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        from_ssz_hex(json)
    }
}

impl FromFixture for lean::Validators {
    fn from_fixture(json: &Value) -> Result<Self, String> {
        lean::Validators::new(List::from_fixture(json)?).map_err(|e| e.to_string())
    }
}

/// `snake_case` as the fixtures' `camelCase`.
fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn field<T: FromFixture>(json: &Value, name: &str) -> Result<T, String> {
    let key = camel(name);
    let value = json
        .get(key.as_str())
        .ok_or_else(|| format!("no field {key:?}"))?;
    T::from_fixture(value).map_err(|e| format!(".{key}: {e}"))
}

/// A container from an object with exactly its fields.
macro_rules! container {
    ($(@[$($g:tt)*])? $ty:ty { $($f:ident),* $(,)? }) => {
        impl $(<$($g)*>)? FromFixture for $ty {
            fn from_fixture(json: &Value) -> Result<Self, String> {
                let names: &[&str] = &[$(stringify!($f)),*];
                match json.as_mapping() {
                    Some(m) if m.len() == names.len() => {}
                    _ => return Err(format!(
                        "expected an object with the fields {names:?}, got {}", short(json)
                    )),
                }
                Ok(Self { $($f: field(json, stringify!($f))?,)* })
            }
        }
    };
}

container!(lean::Checkpoint { root, slot });
container!(lean::AttestationData {
    slot,
    head,
    target,
    source
});
container!(lean::Attestation {
    validator_index,
    data
});
container!(@[P: XmssPreset] lean::SignedAttestation<P> { validator_index, data, signature });
container!(lean::AggregatedAttestation {
    aggregation_bits,
    data
});
container!(lean::SignedAggregatedAttestation { data, proof });
container!(lean::BlockBody { attestations });
container!(lean::BlockHeader {
    slot,
    proposer_index,
    parent_root,
    state_root,
    body_root
});
container!(lean::Block {
    slot,
    proposer_index,
    parent_root,
    state_root,
    body
});
container!(lean::SignedBlock { block, proof });
container!(lean::Validator {
    attestation_public_key,
    proposal_public_key,
    index
});
container!(lean::GenesisConfig { genesis_time });
container!(lean::State {
    config,
    slot,
    latest_block_header,
    latest_justified,
    latest_finalized,
    historical_block_hashes,
    justified_slots,
    validators,
    justifications_roots,
    justifications_validators,
});
container!(@[S: FromFixture] lean::Opening<S> { siblings });
container!(@[P: XmssPreset] lean::HashTreeLayer<P> { start_index, nodes });
container!(lean::SingleMessageAggregate {
    participants,
    proof
});
container!(lean::MultiMessageAggregate { proof });
container!(lean::Status { finalized, head });
container!(lean::BlocksByRootRequest { roots });

/// One fixture of a file.
struct Fixture<'a> {
    id: &'a str,
    json: &'a Value,
}

impl Fixture<'_> {
    fn text(&self, key: &str) -> Result<&str, String> {
        self.json
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("no string {key:?}"))
    }
}

/// The checks of one fixture of type `T`: a positive one decodes to its
/// value, re-encodes to its bytes and hashes to its root; a negative one
/// is refused; and either goes through a view and a stream as through
/// decoding.
fn check<T: TreeHashView + FromFixture + PartialEq + core::fmt::Debug>(
    fx: &Fixture,
) -> Result<(), String> {
    let serialized = decode_hex(fx.text("serialized")?)?;
    // Through a view and a stream, as through decoding.
    crate::harness::same_through_views_and_streams::<T>(&serialized)
        .map_err(|e| format!("view or stream: {e}"))?;
    if fx.json.get("rawBytes").is_some() {
        let raw = decode_hex(fx.text("rawBytes")?)?;
        if fx.text("rejectionReason")? != "DECODE_ERROR" {
            return Err("rejectionReason is not DECODE_ERROR".into());
        }
        if raw != serialized || !fx.text("root")?.is_empty() {
            return Err(
                "a negative vector's serialized must repeat rawBytes, its root be empty".into(),
            );
        }
        return match peam_ssz_types::decode::<T>(&raw) {
            Ok(v) => Err(format!("decoding rawBytes should fail, gave {v:?}")),
            Err(_) => Ok(()),
        };
    }
    let value = peam_ssz_types::decode::<T>(&serialized).map_err(|e| e.to_string())?;
    let expected = T::from_fixture(fx.json.get("value").ok_or("no value")?)
        .map_err(|e| format!("value: {e}"))?;
    if value != expected {
        return Err(format!(
            "decoded value differs from the fixture's: {value:?} != {expected:?}"
        ));
    }
    if value.to_ssz() != serialized {
        return Err("re-encoding gives other bytes".into());
    }
    if expected.to_ssz() != serialized {
        return Err("the fixture's value encodes to other bytes".into());
    }
    let root = decode_hex(fx.text("root")?)?;
    if value.hash_tree_root()[..] != root[..] {
        return Err(format!(
            "root {} != {}",
            crate::harness::to_hex(&value.hash_tree_root()),
            crate::harness::to_hex(&root)
        ));
    }
    Ok(())
}

/// Runs one fixture with the types of preset `P`.
fn run_fixture<P: XmssPreset>(type_name: &str, fx: &Fixture) -> Result<(), String> {
    match type_name {
        "Checkpoint" => check::<lean::Checkpoint>(fx),
        "AttestationData" => check::<lean::AttestationData>(fx),
        "Attestation" => check::<lean::Attestation>(fx),
        "SignedAttestation" => check::<lean::SignedAttestation<P>>(fx),
        "AggregatedAttestation" => check::<lean::AggregatedAttestation>(fx),
        "SignedAggregatedAttestation" => check::<lean::SignedAggregatedAttestation>(fx),
        "BlockBody" => check::<lean::BlockBody>(fx),
        "BlockHeader" => check::<lean::BlockHeader>(fx),
        "Block" => check::<lean::Block>(fx),
        "SignedBlock" => check::<lean::SignedBlock>(fx),
        "Validator" => check::<lean::Validator>(fx),
        "Validators" => check::<lean::Validators>(fx),
        "Config" => check::<lean::GenesisConfig>(fx),
        "State" => check::<lean::State>(fx),
        "Signature" => check::<lean::Signature<P>>(fx),
        "PublicKey" => check::<lean::PublicKey>(fx),
        "HashTreeOpening" => check::<lean::HashTreeOpening<P>>(fx),
        "HashTreeLayer" => check::<lean::HashTreeLayer<P>>(fx),
        "SingleMessageAggregate" => check::<lean::SingleMessageAggregate>(fx),
        "MultiMessageAggregate" => check::<lean::MultiMessageAggregate>(fx),
        "Status" => check::<lean::Status>(fx),
        "BlocksByRootRequest" => check::<lean::BlocksByRootRequest>(fx),
        "Uint8" => check::<u8>(fx),
        "Uint16" => check::<u16>(fx),
        "Uint32" => check::<u32>(fx),
        "Uint64" => check::<u64>(fx),
        "Boolean" => check::<bool>(fx),
        "Fp" => check::<Fp>(fx),
        "Bytes4" => check::<FixedBytes<4>>(fx),
        "Bytes32" => check::<FixedBytes<32>>(fx),
        "Bytes52" => check::<lean::Bytes52>(fx),
        "Bytes64" => check::<FixedBytes<64>>(fx),
        "ByteList512KiB" => check::<lean::ProofBytes>(fx),
        "AttestationSubnets" => check::<lean::AttestationSubnets>(fx),
        // The types of the test modules (SCHEMA.md §9).
        "SampleBitvector8" => check::<Bitvector<U<8>>>(fx),
        "SampleBitvector64" => check::<Bitvector<U<64>>>(fx),
        "SampleBitlist16" => check::<Bitlist<U<16>>>(fx),
        "SampleUint16Vector3" => check::<[u16; 3]>(fx),
        "SampleUint64Vector4" => check::<[u64; 4]>(fx),
        "SampleUint32List16" => check::<List<u32, U<16>>>(fx),
        "SampleBytes32List8" => check::<List<FixedBytes<32>, U<8>>>(fx),
        "BoundaryBitvector1" => check::<Bitvector<U<1>>>(fx),
        "BoundaryBitvector7" => check::<Bitvector<U<7>>>(fx),
        "BoundaryBitvector9" => check::<Bitvector<U<9>>>(fx),
        "BoundaryBitvector255" => check::<Bitvector<U<255>>>(fx),
        "BoundaryBitvector256" => check::<Bitvector<U<256>>>(fx),
        "BoundaryBitvector257" => check::<Bitvector<U<257>>>(fx),
        "BoundaryBitlist256" => check::<Bitlist<U<256>>>(fx),
        "BoundaryUint64List32" => check::<List<u64, U<32>>>(fx),
        "DecodeBitlist8" | "SmokeBitlist8" => check::<Bitlist<U<8>>>(fx),
        "DecodeBitvector16" => check::<Bitvector<U<16>>>(fx),
        other => Err(format!("unknown typeName {other:?}")),
    }
}

/// Runs one fixture with the preset its `leanEnv` names.
fn run_one(fx: &Fixture) -> Result<(), String> {
    if fx.text("network")? != "Lstar" {
        return Err("network is not Lstar".into());
    }
    let type_name = fx.text("typeName")?;
    match fx.text("leanEnv")? {
        env if env == TestKeys::NAME => run_fixture::<TestKeys>(type_name, fx),
        env if env == ProdKeys::NAME => run_fixture::<ProdKeys>(type_name, fx),
        other => Err(format!("unknown leanEnv {other:?}")),
    }
}

/// The counts of a run, per `lean/lstar/<module>`, and every failure.
#[derive(Debug, Default)]
pub struct LeanRun {
    /// Passed and failed vectors per group.
    pub groups: BTreeMap<String, (usize, usize)>,
    /// Failed vectors and files not run.
    pub failures: Vec<String>,
}

impl LeanRun {
    /// The `lean/lstar/<module>: P passed, F failed` lines, then the
    /// failures.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (group, (passed, failed)) in &self.groups {
            out += &format!("{group}: {passed} passed, {failed} failed\n");
        }
        for failure in &self.failures {
            out += &format!("  {failure}\n");
        }
        out
    }
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs every file under `root/fixtures/`: each must be
/// `consensus/ssz/lstar/ssz/<module>/<test>.json` holding at least one
/// fixture, or it counts as a file not run.
pub fn run_lean(root: &Path) -> LeanRun {
    let mut run = LeanRun::default();
    let fixtures = root.join("fixtures");
    let mut files = Vec::new();
    if let Err(e) = json_files(&fixtures, &mut files) {
        run.failures.push(e);
    }
    for file in files {
        let rel = file.strip_prefix(&fixtures).unwrap_or(&file);
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let module = match parts.as_slice() {
            [a, b, c, d, module, name]
                if [a, b, c, d] == ["consensus", "ssz", "lstar", "ssz"]
                    && name.ends_with(".json") =>
            {
                module.clone()
            }
            _ => {
                run.failures.push(format!(
                    "{}: not run (not an lstar ssz_test fixture)",
                    rel.display()
                ));
                continue;
            }
        };
        let group = format!("lean/lstar/{module}");
        let parsed = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_yaml::from_str::<Value>(&t).map_err(|e| e.to_string()));
        let doc = match parsed {
            Ok(Value::Mapping(doc)) if !doc.is_empty() => doc,
            Ok(_) => {
                run.failures
                    .push(format!("{}: not run (no fixture in it)", rel.display()));
                continue;
            }
            Err(e) => {
                run.failures
                    .push(format!("{}: not run: {e}", rel.display()));
                continue;
            }
        };
        for (id, json) in &doc {
            let fx = Fixture {
                id: id.as_str().unwrap_or("?"),
                json,
            };
            let counts = run.groups.entry(group.clone()).or_default();
            match std::panic::catch_unwind(|| run_one(&fx))
                .unwrap_or_else(|_| Err("panicked".into()))
            {
                Ok(()) => counts.0 += 1,
                Err(e) => {
                    counts.1 += 1;
                    run.failures
                        .push(format!("{} ({}): {e}", rel.display(), fx.id));
                }
            }
        }
    }
    run
}
