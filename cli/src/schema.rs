//! The commands on a type described at run time (`--schema`): the value is
//! a `peam_ssz_schema::Value`, decoded with the same checks as the derived
//! types, its JSON in the consensus conventions, its root and proofs in the
//! edition `--edition` names.

use std::fs;

use peam_ssz_schema::{Schema, Value};
use peam_ssz_types::edition::{with_edition_named, Current, Edition, EditionFn};
use peam_ssz_types::proof::prove;
use peam_ssz_types::snappy;
use peam_ssz_types::Root;

use crate::args::{Args, Command, Format};
use crate::input::{read_input, read_json, DEFAULT_MAX_SIZE};
use crate::output::{hex, write_diff, write_json, write_proof, Outcome, Output};
use crate::verify::verify_proof;

/// Reads `--schema FILE[#NAME]`: a type descriptor, or with `#NAME` the
/// descriptor of that name in a file that maps names to descriptors.
pub fn read_schema(spec: &str) -> Result<Schema, String> {
    let (path, name) = match spec.rsplit_once('#') {
        Some((path, name)) => (path, Some(name)),
        None => (spec, None),
    };
    let text = fs::read_to_string(path).map_err(|e| format!("--schema {path}: {e}"))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("--schema {path}: not JSON: {e}"))?;
    match name {
        None => {
            if json.get("kind").is_none() && json.is_object() {
                return Err(format!(
                    "--schema {path}: no \"kind\": a file of named types takes #NAME \
                     (--schema {path}#BeaconState)"
                ));
            }
            Schema::from_json(&json).map_err(|e| format!("--schema {path}: {e}"))
        }
        Some(name) => {
            let descriptor = json.get(name).ok_or_else(|| {
                let names: Vec<&str> = json
                    .as_object()
                    .map(|m| m.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                format!(
                    "--schema {path}: no type {name:?} (the file names {})",
                    if names.is_empty() {
                        "none".to_owned()
                    } else {
                        names.join(", ")
                    }
                )
            })?;
            Schema::from_json(descriptor).map_err(|e| format!("--schema {path}#{name}: {e}"))
        }
    }
}

pub fn run(args: &Args, spec: &str) -> Result<Outcome, String> {
    let schema = read_schema(spec)?;
    let edition = args.edition.unwrap_or(<Current as Edition>::RULES);
    with_edition_named(
        edition.name,
        Run {
            args,
            schema: &schema,
        },
    )
    .expect("an edition answers to its own name")
}

/// [`run_in`] in the edition [`with_edition_named`] picks.
struct Run<'a> {
    args: &'a Args,
    schema: &'a Schema,
}

impl EditionFn for Run<'_> {
    type Output = Result<Outcome, String>;
    fn call<E: Edition>(self) -> Self::Output {
        run_in::<E>(self.args, self.schema)
    }
}

fn load(
    args: &Args,
    schema: &Schema,
    path: Option<&str>,
    default: Format,
) -> Result<Value, String> {
    let input = read_input(path, args.format, default)?;
    let max = args.max_size.unwrap_or(DEFAULT_MAX_SIZE);
    let result = match input.format {
        Format::Ssz => schema.decode(&input.bytes).map_err(|e| e.to_string()),
        Format::SszSnappy => snappy::decompress_gossip(&input.bytes, max)
            .map_err(|e| e.to_string())
            .and_then(|bytes| schema.decode_vec(bytes).map_err(|e| e.to_string())),
        Format::SszSnappyFrames => snappy::decompress_req_resp(&input.bytes, max)
            .map_err(|e| e.to_string())
            .and_then(|bytes| schema.decode_vec(bytes).map_err(|e| e.to_string())),
        Format::Json | Format::Yaml => read_json(&input)
            .and_then(|json| schema.value_from_json(&json).map_err(|e| e.to_string())),
    };
    result.map_err(|e| format!("{}: {e}", input.name))
}

fn root_in<E: Edition>(value: &Value) -> Root {
    value.hash_tree_root_in::<E>()
}

fn run_in<E: Edition>(args: &Args, schema: &Schema) -> Result<Outcome, String> {
    let arg = |i: usize| args.positionals.get(i).map(String::as_str);
    match args.command {
        Command::Decode => {
            let value = load(args, schema, arg(0), Format::Ssz)?;
            write_json(&value.to_json(), args.output)?;
        }
        Command::Encode => {
            let value = load(args, schema, arg(0), Format::Json)?;
            let bytes = match args.output.unwrap_or(Format::Ssz) {
                Format::SszSnappy => {
                    snappy::compress_gossip(value.as_ssz()).map_err(|e| e.to_string())?
                }
                Format::SszSnappyFrames => {
                    let mut out = Vec::new();
                    snappy::compress_req_resp(value.as_ssz(), &mut out);
                    out
                }
                _ => value.into_ssz(),
            };
            let mut out = Output::open(args.out.as_deref())?;
            out.write(&bytes)?;
            out.finish()?;
        }
        Command::Root => {
            let value = load(args, schema, arg(0), Format::Ssz)?;
            let mut out = Output::open(None)?;
            out.write(format!("{}\n", hex(&root_in::<E>(&value))).as_bytes())?;
            out.finish()?;
        }
        Command::Prove => {
            let path = arg(0).unwrap_or_default();
            let gindex = schema
                .gindex_str_in::<E>(path)
                .map_err(|e| format!("path {path:?}: {e}"))?;
            let value = load(args, schema, arg(1), Format::Ssz)?;
            let proof = prove(&value.in_edition::<E>(), gindex)
                .map_err(|e| format!("path {path:?}: {e}"))?;
            write_proof(path, &proof)?;
        }
        Command::Verify => {
            let value = load(args, schema, arg(1), Format::Ssz)?;
            return verify_proof(arg(0).unwrap_or_default(), &root_in::<E>(&value));
        }
        Command::Diff => {
            let a = load(args, schema, arg(0), Format::Ssz)?;
            let b = load(args, schema, arg(1), Format::Ssz)?;
            return write_diff(&a.to_json(), &b.to_json());
        }
        Command::Types => {}
    }
    Ok(Outcome::Success)
}
