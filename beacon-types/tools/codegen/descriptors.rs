//! The run-time schemas of the containers: for each fork and preset, one
//! JSON file mapping every container's name to its type descriptor, in the
//! form `peam_ssz_schema::Schema::from_json` reads (the `typeDescriptor`
//! of the ssz-specs vectors), every field's type resolved and inlined.
//!
//! They are made from the same resolved types as the fork modules, so the
//! derived types and these schemas describe one SSZ type each; spec-tests'
//! `schemas_match_the_derived_types` checks that they agree, and the
//! `ssz_static[schema]` runs hold them against the vectors.

use super::*;

/// The descriptor files of `schema`: (path under
/// `beacon-types/schemas/<version>/`, contents), one per preset and fork
/// (`mainnet/phase0.json`).
pub fn generate_descriptors(schema: &str) -> Result<Vec<(String, String)>, String> {
    let forks = parse_schema(schema)?;
    let mut files = Vec::new();
    for preset in PRESETS {
        let preset_name = match preset {
            PresetName::Mainnet => "mainnet",
            PresetName::Minimal => "minimal",
        };
        for fork in &forks {
            let mut memo = BTreeMap::new();
            let mut out = String::from("{\n");
            let names: Vec<&String> = fork.containers.keys().collect();
            for (i, name) in names.iter().enumerate() {
                let descriptor = container_descriptor(fork, name, preset, &mut memo, 0)?;
                let comma = if i + 1 < names.len() { "," } else { "" };
                let _ = writeln!(out, "  \"{name}\": {descriptor}{comma}");
            }
            out.push_str("}\n");
            files.push((format!("{preset_name}/{}.json", fork.name), out));
        }
    }
    Ok(files)
}

/// How deep containers nest in the schema at most (a cycle is an error).
const MAX_DEPTH: usize = 32;

fn container_descriptor(
    fork: &Fork,
    name: &str,
    preset: PresetName,
    memo: &mut BTreeMap<String, String>,
    depth: usize,
) -> Result<String, String> {
    if let Some(done) = memo.get(name) {
        return Ok(done.clone());
    }
    if depth > MAX_DEPTH {
        return Err(format!("{}.{name}: containers nest too deep", fork.name));
    }
    let fields = fork
        .containers
        .get(name)
        .ok_or_else(|| format!("{}: no container {name}", fork.name))?;
    let mut rendered = Vec::new();
    for f in fields {
        let resolved = match preset {
            PresetName::Mainnet => &f.mainnet,
            PresetName::Minimal => &f.minimal,
        };
        let ty = parse_ty(resolved).map_err(|e| format!("{}.{name}.{}: {e}", fork.name, f.name))?;
        let t = ty_descriptor(fork, &ty, preset, memo, depth + 1)
            .map_err(|e| format!("{}.{name}.{}: {e}", fork.name, f.name))?;
        rendered.push(format!("{{\"name\":\"{}\",\"type\":{t}}}", f.name));
    }
    let fields = rendered.join(",");
    let text = match fork.active_fields.get(name) {
        Some(bits) => {
            let bits: Vec<String> = bits.iter().map(u64::to_string).collect();
            format!(
                "{{\"kind\":\"ProgressiveContainer\",\"activeFields\":[{}],\"fields\":[{fields}]}}",
                bits.join(",")
            )
        }
        None => format!("{{\"kind\":\"Container\",\"fields\":[{fields}]}}"),
    };
    memo.insert(name.to_owned(), text.clone());
    Ok(text)
}

/// A resolved length: a number (the schema's resolved types carry no
/// constants).
fn number(len: &Len) -> Result<u64, String> {
    match len {
        Len::Num(n) => Ok(*n),
        other => Err(format!("a resolved type has the length {other:?}")),
    }
}

fn ty_descriptor(
    fork: &Fork,
    ty: &Ty,
    preset: PresetName,
    memo: &mut BTreeMap<String, String>,
    depth: usize,
) -> Result<String, String> {
    let mut element = |t: &Ty| ty_descriptor(fork, t, preset, memo, depth);
    Ok(match ty {
        Ty::Named(name) => match name.as_str() {
            "boolean" => "{\"kind\":\"Boolean\"}".to_owned(),
            "uint8" | "uint16" | "uint32" | "uint64" | "uint128" | "uint256" => {
                let bits = &name["uint".len()..];
                format!("{{\"kind\":\"Uint{bits}\",\"bits\":{bits}}}")
            }
            _ if progressive_named(name) == Some("ProgressiveByteList") => {
                "{\"kind\":\"ProgressiveByteList\"}".to_owned()
            }
            _ if progressive_named(name) == Some("ProgressiveBitlist") => {
                "{\"kind\":\"ProgressiveBitList\"}".to_owned()
            }
            _ => container_descriptor(fork, name, preset, memo, depth)?,
        },
        Ty::List(elem, len) => format!(
            "{{\"kind\":\"List\",\"elementType\":{},\"limit\":{}}}",
            element(elem)?,
            number(len)?
        ),
        Ty::Vector(elem, len) => format!(
            "{{\"kind\":\"Vector\",\"elementType\":{},\"length\":{}}}",
            element(elem)?,
            number(len)?
        ),
        Ty::ProgressiveList(elem) => format!(
            "{{\"kind\":\"ProgressiveList\",\"elementType\":{}}}",
            element(elem)?
        ),
        Ty::Bitlist(len) => format!("{{\"kind\":\"BitList\",\"limit\":{}}}", number(len)?),
        Ty::Bitvector(len) => format!("{{\"kind\":\"BitVector\",\"length\":{}}}", number(len)?),
        Ty::ByteList(len) => format!("{{\"kind\":\"ByteList\",\"limit\":{}}}", number(len)?),
        Ty::ByteVector(len) => format!("{{\"kind\":\"ByteVector\",\"length\":{}}}", number(len)?),
    })
}
