//! The generator of [`crate::ssz_specs_types`]: a derived Rust type for the
//! type descriptor of every ssz-specs vector, so that `#[derive(Ssz,
//! TreeHash)]` meets the suite as the run-time schema does.
//!
//! `cargo run -p spec-tests --example gen_ssz_specs_types` writes the
//! module from `type-descriptors.json`; `tests/ssz_specs.rs` checks that
//! the committed module is what the generator makes of the descriptors.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value as Json;

/// A Rust keyword a field name would collide with.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
];

struct Gen {
    /// Canonical descriptor text -> the name of its generated type.
    named: BTreeMap<String, String>,
    /// Names taken.
    taken: Vec<String>,
    /// Item definitions, in order.
    items: String,
}

fn camel(name: &str) -> String {
    name.split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

fn ident(name: &str) -> Result<String, String> {
    let ok = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if !ok {
        return Err(format!("field name {name:?} is not a Rust identifier"));
    }
    Ok(if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    })
}

fn num(d: &Json, key: &str) -> Result<u64, String> {
    d.get(key)
        .and_then(Json::as_u64)
        .ok_or_else(|| format!("descriptor without a numeric {key}: {d}"))
}

fn kind(d: &Json) -> Result<&str, String> {
    d.get("kind")
        .and_then(Json::as_str)
        .ok_or_else(|| format!("descriptor without a kind: {d}"))
}

impl Gen {
    fn fresh(&mut self, base: &str) -> String {
        let mut name = base.to_owned();
        let mut n = 2;
        while self.taken.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.taken.push(name.clone());
        name
    }

    /// The Rust type of descriptor `d`; named types get `hint` as their
    /// name (made unique).
    fn ty(&mut self, d: &Json, hint: &str) -> Result<String, String> {
        let elem = |g: &mut Gen| -> Result<String, String> {
            let e = d
                .get("elementType")
                .ok_or_else(|| format!("descriptor without elementType: {d}"))?;
            g.ty(e, &format!("{hint}Element"))
        };
        Ok(match kind(d)? {
            "Boolean" => "bool".into(),
            "Uint8" => "u8".into(),
            "Uint16" => "u16".into(),
            "Uint32" => "u32".into(),
            "Uint64" => "u64".into(),
            "Uint128" => "u128".into(),
            "Uint256" => "U256".into(),
            "BitVector" => format!("Bitvector<U<{}>>", num(d, "length")?),
            "BitList" => format!("Bitlist<U<{}>>", num(d, "limit")?),
            "ProgressiveBitList" => "ProgressiveBitlist".into(),
            "ByteVector" => format!("ByteVector<U<{}>>", num(d, "length")?),
            "ByteList" => format!("ByteList<U<{}>>", num(d, "limit")?),
            "Vector" => format!("Vector<{}, U<{}>>", elem(self)?, num(d, "length")?),
            "List" => format!("List<{}, U<{}>>", elem(self)?, num(d, "limit")?),
            "ProgressiveList" => format!("ProgressiveList<{}>", elem(self)?),
            "Container" | "ProgressiveContainer" | "CompatibleUnion" => self.named(d, hint)?,
            other => return Err(format!("no derived type for kind {other}")),
        })
    }

    fn named(&mut self, d: &Json, hint: &str) -> Result<String, String> {
        let key = d.to_string();
        if let Some(name) = self.named.get(&key) {
            return Ok(name.clone());
        }
        let name = self.fresh(hint);
        self.named.insert(key, name.clone());
        let mut item = String::new();
        match kind(d)? {
            k @ ("Container" | "ProgressiveContainer") => {
                let fields = d
                    .get("fields")
                    .and_then(Json::as_array)
                    .ok_or_else(|| format!("container without fields: {d}"))?;
                let mut rust_fields = Vec::new();
                for f in fields {
                    let fname = f
                        .get("name")
                        .and_then(Json::as_str)
                        .ok_or_else(|| format!("field without a name: {f}"))?;
                    let t = f
                        .get("type")
                        .ok_or_else(|| format!("field without a type: {f}"))?;
                    let t = self.ty(t, &format!("{name}{}", camel(fname)))?;
                    rust_fields.push((fname.to_owned(), ident(fname)?, t));
                }
                writeln!(item, "#[derive(Debug, PartialEq, Ssz, TreeHash)]").ok();
                if k == "ProgressiveContainer" {
                    let bits: Vec<String> = d
                        .get("activeFields")
                        .and_then(Json::as_array)
                        .ok_or_else(|| format!("no activeFields: {d}"))?
                        .iter()
                        .map(|b| b.to_string())
                        .collect();
                    writeln!(item, "#[ssz(active_fields = [{}])]", bits.join(", ")).ok();
                }
                writeln!(item, "pub struct {name} {{").ok();
                for (_, id, t) in &rust_fields {
                    writeln!(item, "    pub {id}: {t},").ok();
                }
                writeln!(item, "}}\n").ok();
                writeln!(item, "impl SpecsJson for {name} {{").ok();
                writeln!(item, "    fn specs_json(&self) -> Json {{").ok();
                writeln!(item, "        let mut m = Map::new();").ok();
                for (fname, id, _) in &rust_fields {
                    writeln!(
                        item,
                        "        m.insert({fname:?}.into(), self.{id}.specs_json());"
                    )
                    .ok();
                }
                writeln!(item, "        Json::Object(m)").ok();
                writeln!(item, "    }}\n}}\n").ok();
            }
            "CompatibleUnion" => {
                let options = d
                    .get("options")
                    .and_then(Json::as_array)
                    .ok_or_else(|| format!("union without options: {d}"))?;
                let mut variants = Vec::new();
                for o in options {
                    let s = num(o, "selector")?;
                    let t = o
                        .get("type")
                        .ok_or_else(|| format!("option without a type: {o}"))?;
                    variants.push((s, self.ty(t, &format!("{name}Option{s}"))?));
                }
                writeln!(item, "#[derive(Debug, PartialEq, Ssz, TreeHash)]").ok();
                writeln!(item, "#[ssz(compatible_union)]").ok();
                writeln!(item, "pub enum {name} {{").ok();
                for (s, t) in &variants {
                    writeln!(item, "    #[ssz(selector = {s})]").ok();
                    writeln!(item, "    Option{s}({t}),").ok();
                }
                writeln!(item, "}}\n").ok();
                writeln!(item, "impl SpecsJson for {name} {{").ok();
                writeln!(item, "    fn specs_json(&self) -> Json {{").ok();
                writeln!(item, "        match self {{").ok();
                for (s, _) in &variants {
                    writeln!(
                        item,
                        "            {name}::Option{s}(v) => union_json({s}, v.specs_json()),"
                    )
                    .ok();
                }
                writeln!(item, "        }}\n    }}\n}}\n").ok();
            }
            other => return Err(format!("{other} is not a named type")),
        }
        self.items.push_str(&item);
        Ok(name)
    }
}

/// The module's text for `descriptors` (the parsed `type-descriptors.json`:
/// vector path -> `{caseKey, typeName, typeDescriptor}`).
pub fn generate(descriptors: &BTreeMap<String, Json>) -> Result<String, String> {
    let mut g = Gen {
        named: BTreeMap::new(),
        taken: Vec::new(),
        items: String::new(),
    };
    let mut arms = String::new();
    for (path, entry) in descriptors {
        let d = entry
            .get("typeDescriptor")
            .ok_or_else(|| format!("{path}: no typeDescriptor"))?;
        let type_name = entry
            .get("typeName")
            .and_then(Json::as_str)
            .ok_or_else(|| format!("{path}: no typeName"))?;
        let t = g
            .ty(d, &camel(type_name))
            .map_err(|e| format!("{path}: {e}"))?;
        writeln!(arms, "        {path:?} => Runner::of::<{t}>(),").ok();
    }
    let mut out = String::new();
    out.push_str(
        "//! Derived types of the ssz-specs v0.1.0 vectors, one per distinct type\n\
         //! descriptor. Generated by `cargo run -p spec-tests --example\n\
         //! gen_ssz_specs_types` from `type-descriptors.json`: do not edit.\n\n\
         #![allow(missing_docs)]\n\n\
         use peam_ssz_types::{\n    \
         Bitlist, Bitvector, ByteList, ByteVector, List, ProgressiveBitlist, ProgressiveList, Ssz,\n    \
         TreeHash, Vector, U, U256,\n};\n\
         use serde_json::{Map, Value as Json};\n\n\
         use crate::ssz_specs_json::{union_json, Runner, SpecsJson};\n\n",
    );
    out.push_str(&g.items);
    out.push_str(
        "/// The checks of the derived type of the vector at `path` (under\n\
         /// `fixtures/`), if the descriptors name one.\n\
         pub fn runner(path: &str) -> Option<Runner> {\n    Some(match path {\n",
    );
    out.push_str(&arms);
    out.push_str("        _ => return None,\n    })\n}\n");
    Ok(out)
}
