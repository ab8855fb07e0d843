//! Generates `spec-tests/src/beacon/{preset,<fork>}.rs` from
//! `spec-tests/tools/beacon-types.yaml`, the SSZ schema of every consensus
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
//! - a container is generic over `P: Preset` exactly when a field's type
//!   depends on a preset value, directly or through an alias or a container;
//! - the spec type of every field is parsed, rendered as a Rust type, and
//!   evaluated with both presets' values: the result must be the schema's
//!   resolved type, so a wrong constant, alias or parse fails generation.
//!
//! Run by the `beacon::codegen` unit test, which fails when the committed
//! files differ from the output; `BEACON_CODEGEN=write cargo test -p
//! spec-tests --lib beacon::codegen` rewrites them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

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
}

/// `spec-tests/tools/beacon-types.yaml` -> `spec-tests/src/beacon/`.
pub const V1_6: Target = Target {
    schema: "spec-tests/tools/beacon-types.yaml",
    version: "v1.6.1",
    edition: ("V1_6", "v1.6"),
};

/// `spec-tests/tools/beacon-types-v1.7.yaml` (the v1.7.0-alpha.13 schema)
/// -> `spec-tests/src/beacon_v1_7/`.
pub const V1_7: Target = Target {
    schema: "spec-tests/tools/beacon-types-v1.7.yaml",
    version: "v1.7.0-alpha.13",
    edition: ("V1_7", "v1.7"),
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

/// Forks that do not follow the fork before them in the schema.
const PARENTS: &[(&str, &str)] = &[("eip7805", "fulu")];

/// Fixed-size byte vectors up to this length are inline `FixedBytes<N>`;
/// longer ones (a 131072-byte blob) are heap-backed `ByteVector<N>`.
const MAX_INLINE_BYTES: u64 = 96;

/// Vectors of a fixed (preset-independent) length up to this are inline
/// arrays (the longest array serde handles).
const MAX_INLINE_VECTOR: u64 = 32;

/// A length expression of the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Len {
    Num(u64),
    Const(String),
    Mul(Box<Len>, Box<Len>),
    Add(Box<Len>, Box<Len>),
    Div(Box<Len>, Box<Len>),
}

/// A type of the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ty {
    Named(String),
    List(Box<Ty>, Len),
    Vector(Box<Ty>, Len),
    Bitlist(Len),
    Bitvector(Len),
    ByteList(Len),
    ByteVector(Len),
    /// `ProgressiveList[T]` (EIP-7916, v1.7.0-alpha.13 Gloas).
    ProgressiveList(Box<Ty>),
}

/// The spellings of `ProgressiveBitlist` (v1.7.0-alpha.13 writes
/// `ProgressiveBitList`) and of `ProgressiveByteList`, as the schema
/// resolves them.
fn progressive_named(name: &str) -> Option<&'static str> {
    match name {
        "ProgressiveBitlist" | "ProgressiveBitList" => Some("ProgressiveBitlist"),
        "ProgressiveByteList" => Some("ProgressiveByteList"),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    Num(u64),
    Punct(&'static str),
}

fn tokenize(s: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Token::Num(
                s[start..i].parse().map_err(|e| format!("{s}: {e}"))?,
            ));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Token::Ident(s[start..i].to_owned()));
        } else if s[i..].starts_with("//") {
            out.push(Token::Punct("//"));
            i += 2;
        } else {
            let p = match c {
                b'[' => "[",
                b']' => "]",
                b'(' => "(",
                b')' => ")",
                b',' => ",",
                b'*' => "*",
                b'+' => "+",
                _ => return Err(format!("unexpected {:?} in {s:?}", c as char)),
            };
            out.push(Token::Punct(p));
            i += 1;
        }
    }
    Ok(out)
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Result<Token, String> {
        let t = self
            .tokens
            .get(self.pos)
            .cloned()
            .ok_or_else(|| format!("{:?} ends early", self.text))?;
        self.pos += 1;
        Ok(t)
    }

    fn expect(&mut self, p: &'static str) -> Result<(), String> {
        match self.next()? {
            Token::Punct(q) if q == p => Ok(()),
            t => Err(format!("expected {p:?}, found {t:?} in {:?}", self.text)),
        }
    }

    fn eat(&mut self, p: &'static str) -> bool {
        if self.peek() == Some(&Token::Punct(p)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ty(&mut self) -> Result<Ty, String> {
        let name = match self.next()? {
            Token::Ident(name) => name,
            t => return Err(format!("expected a type, found {t:?} in {:?}", self.text)),
        };
        if !self.eat("[") {
            return Ok(Ty::Named(name));
        }
        let ty = match name.as_str() {
            "List" | "Vector" => {
                let elem = Box::new(self.ty()?);
                self.expect(",")?;
                let len = self.len()?;
                if name == "List" {
                    Ty::List(elem, len)
                } else {
                    Ty::Vector(elem, len)
                }
            }
            // v1.7.0-alpha.13 spells them `BitList`, `BitVector`.
            "Bitlist" | "BitList" => Ty::Bitlist(self.len()?),
            "Bitvector" | "BitVector" => Ty::Bitvector(self.len()?),
            "ProgressiveList" => Ty::ProgressiveList(Box::new(self.ty()?)),
            "ByteList" => Ty::ByteList(self.len()?),
            "ByteVector" => Ty::ByteVector(self.len()?),
            _ => {
                return Err(format!(
                    "unknown type constructor {name} in {:?}",
                    self.text
                ))
            }
        };
        self.expect("]")?;
        Ok(ty)
    }

    fn len(&mut self) -> Result<Len, String> {
        let mut left = self.product()?;
        while self.eat("+") {
            left = Len::Add(Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<Len, String> {
        let mut left = self.atom()?;
        loop {
            if self.eat("*") {
                left = Len::Mul(Box::new(left), Box::new(self.atom()?));
            } else if self.eat("//") {
                left = Len::Div(Box::new(left), Box::new(self.atom()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn atom(&mut self) -> Result<Len, String> {
        match self.next()? {
            Token::Num(n) => Ok(Len::Num(n)),
            Token::Ident(name) => Ok(Len::Const(name)),
            Token::Punct("(") => {
                let inner = self.len()?;
                self.expect(")")?;
                Ok(inner)
            }
            t => Err(format!("expected a length, found {t:?} in {:?}", self.text)),
        }
    }
}

fn parse_ty(text: &str) -> Result<Ty, String> {
    let mut p = Parser {
        text,
        tokens: tokenize(text)?,
        pos: 0,
    };
    let ty = p.ty()?;
    if p.pos != p.tokens.len() {
        return Err(format!("trailing tokens in {text:?}"));
    }
    Ok(ty)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PresetName {
    Mainnet,
    Minimal,
}

const PRESETS: [PresetName; 2] = [PresetName::Mainnet, PresetName::Minimal];

/// One field of a container in the schema.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Field {
    name: String,
    spec: String,
    mainnet: String,
    minimal: String,
}

#[derive(Clone, Debug)]
struct Fork {
    name: String,
    parent: Option<usize>,
    /// Container name -> fields, sorted by name.
    containers: BTreeMap<String, Vec<Field>>,
    /// Progressive container name -> its `active_fields` (EIP-7495).
    active_fields: BTreeMap<String, Vec<u64>>,
    /// Constant -> (mainnet, minimal).
    constants: BTreeMap<String, (u64, u64)>,
    /// Alias -> resolved type.
    aliases: BTreeMap<String, String>,
}

fn str_of<'a>(v: &'a serde_yaml::Value, what: &str) -> Result<&'a str, String> {
    v.as_str()
        .ok_or_else(|| format!("{what} is not a string: {v:?}"))
}

fn map_of<'a>(v: &'a serde_yaml::Value, what: &str) -> Result<&'a serde_yaml::Mapping, String> {
    v.as_mapping()
        .ok_or_else(|| format!("{what} is not a mapping"))
}

fn parse_schema(text: &str) -> Result<Vec<Fork>, String> {
    let doc: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    let mut forks: Vec<Fork> = Vec::new();
    for (name, body) in map_of(&doc, "the schema")? {
        let name = str_of(name, "a fork name")?.to_owned();
        let body = map_of(body, &name)?;
        let get = |key: &str| {
            body.get(key)
                .ok_or_else(|| format!("{name} has no {key}"))
                .and_then(|v| map_of(v, key))
        };
        let mut containers = BTreeMap::new();
        let mut active_fields = BTreeMap::new();
        for (cname, c) in get("containers")? {
            let cname = str_of(cname, "a container name")?.to_owned();
            let c = map_of(c, &cname)?;
            let kind = c.get("kind").map(|k| str_of(k, "kind")).transpose()?;
            match kind {
                Some("Container") => {}
                Some("ProgressiveContainer") => {
                    let bits = c
                        .get("active_fields")
                        .and_then(|a| a.as_sequence())
                        .ok_or_else(|| format!("{name}.{cname} has no active_fields"))?
                        .iter()
                        .map(|b| b.as_u64().filter(|b| *b <= 1))
                        .collect::<Option<Vec<u64>>>()
                        .ok_or_else(|| format!("{name}.{cname}: active_fields are 0s and 1s"))?;
                    active_fields.insert(cname.clone(), bits);
                }
                _ => {
                    return Err(format!(
                        "{name}.{cname}: kind {kind:?} is neither Container nor \
                         ProgressiveContainer"
                    ))
                }
            }
            let fields = c
                .get("fields")
                .and_then(|f| f.as_sequence())
                .ok_or_else(|| format!("{name}.{cname} has no fields"))?;
            let mut out = Vec::new();
            for f in fields {
                let f = map_of(f, "a field")?;
                let key = |k: &str| -> Result<String, String> {
                    f.get(k)
                        .ok_or_else(|| format!("{name}.{cname}: a field has no {k}"))
                        .and_then(|v| str_of(v, k))
                        .map(str::to_owned)
                };
                out.push(Field {
                    name: key("name")?,
                    spec: key("type")?,
                    mainnet: key("mainnet")?,
                    minimal: key("minimal")?,
                });
            }
            containers.insert(cname, out);
        }
        let mut constants = BTreeMap::new();
        for (k, v) in get("constants")? {
            let k = str_of(k, "a constant")?.to_owned();
            let v = map_of(v, &k)?;
            let value = |p: &str| {
                v.get(p)
                    .and_then(|x| x.as_u64())
                    .ok_or_else(|| format!("{name}.{k} has no {p} value"))
            };
            constants.insert(k.clone(), (value("mainnet")?, value("minimal")?));
        }
        let mut aliases = BTreeMap::new();
        for (k, v) in get("aliases")? {
            let k = str_of(k, "an alias")?.to_owned();
            // v1.7.0-alpha.13 writes `{mainnet: ..., minimal: ...}` for an
            // alias whose resolution depends on the preset; it is kept as
            // `mainnet|minimal`, which only such an alias resolves to.
            let resolved = match v.as_mapping() {
                Some(m) => {
                    let pick = |p: &str| {
                        m.get(p)
                            .ok_or_else(|| format!("{name}.{k} has no {p} resolution"))
                            .and_then(|x| str_of(x, &k))
                    };
                    format!("{}|{}", pick("mainnet")?, pick("minimal")?)
                }
                None => str_of(v, "an alias")?.to_owned(),
            };
            aliases.insert(k, resolved);
        }
        let parent = match PARENTS.iter().find(|(f, _)| *f == name) {
            Some((_, p)) => Some(
                forks
                    .iter()
                    .position(|f| f.name == *p)
                    .ok_or_else(|| format!("{name}: parent {p} must come first"))?,
            ),
            None => forks.len().checked_sub(1),
        };
        forks.push(Fork {
            name,
            parent,
            containers,
            active_fields,
            constants,
            aliases,
        });
    }
    Ok(forks)
}

fn upper_camel(s: &str) -> String {
    s.split('_')
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(c) => c.to_ascii_uppercase().to_string() + &cs.as_str().to_ascii_lowercase(),
                None => String::new(),
            }
        })
        .collect()
}

/// Everything the renderer knows about the presets.
struct Presets {
    /// Preset constant -> (fork that introduced it, mainnet, minimal), in
    /// order of introduction then name.
    values: Vec<(String, String, u64, u64)>,
}

impl Presets {
    fn collect(forks: &[Fork]) -> Result<Presets, String> {
        let mut values: Vec<(String, String, u64, u64)> = Vec::new();
        let mut push = |name: &str, fork: &str, mainnet: u64, minimal: u64| {
            if let Some((_, _, m, n)) = values.iter().find(|v| v.0 == name) {
                if (*m, *n) != (mainnet, minimal) {
                    return Err(format!("{name} changes value in {fork}"));
                }
                return Ok(());
            }
            values.push((name.to_owned(), fork.to_owned(), mainnet, minimal));
            Ok(())
        };
        for fork in forks {
            let mut new: Vec<_> = fork.constants.iter().collect();
            new.sort();
            for (name, &(mainnet, minimal)) in new {
                if let Some((_, v)) = SPEC_CONSTANTS.iter().find(|(c, _)| c == name) {
                    if (mainnet, minimal) != (*v, *v) {
                        return Err(format!("spec constant {name} is not {v} in {}", fork.name));
                    }
                    continue;
                }
                push(name, &fork.name, mainnet, minimal)?;
            }
            for &(name, intro, mainnet, minimal) in ALIAS_PRESET_VALUES {
                // A schema that starts after the introducing fork (the
                // v1.7.0-alpha.13 one starts at fulu) gets it in its first.
                let first_here =
                    fork.name == forks[0].name && forks.iter().all(|f| f.name != intro);
                if intro == fork.name || first_here {
                    push(name, &fork.name, mainnet, minimal)?;
                }
            }
        }
        // Group by fork of introduction, in fork order, then by name.
        let order: Vec<&str> = forks.iter().map(|f| f.name.as_str()).collect();
        values.sort_by_key(|v| (order.iter().position(|f| *f == v.1), v.0.clone()));
        Ok(Presets { values })
    }

    fn value(&self, name: &str, preset: PresetName) -> Result<u64, String> {
        if let Some((_, v)) = SPEC_CONSTANTS.iter().find(|(c, _)| *c == name) {
            return Ok(*v);
        }
        let (_, _, mainnet, minimal) = self
            .values
            .iter()
            .find(|v| v.0 == name)
            .ok_or_else(|| format!("unknown constant {name}"))?;
        Ok(match preset {
            PresetName::Mainnet => *mainnet,
            PresetName::Minimal => *minimal,
        })
    }

    fn is_preset(&self, name: &str) -> bool {
        self.values.iter().any(|v| v.0 == name)
    }
}

fn eval(len: &Len, presets: &Presets, preset: PresetName) -> Result<u64, String> {
    let bin = |a: &Len, b: &Len| -> Result<(u64, u64), String> {
        Ok((eval(a, presets, preset)?, eval(b, presets, preset)?))
    };
    Ok(match len {
        Len::Num(n) => *n,
        Len::Const(c) => presets.value(c, preset)?,
        Len::Mul(a, b) => {
            let (a, b) = bin(a, b)?;
            a.checked_mul(b).ok_or("overflow")?
        }
        Len::Add(a, b) => {
            let (a, b) = bin(a, b)?;
            a.checked_add(b).ok_or("overflow")?
        }
        Len::Div(a, b) => {
            let (a, b) = bin(a, b)?;
            a.checked_div(b).ok_or("division by zero")?
        }
    })
}

fn len_uses_preset(len: &Len, presets: &Presets) -> bool {
    match len {
        Len::Num(_) => false,
        Len::Const(c) => presets.is_preset(c),
        Len::Mul(a, b) | Len::Add(a, b) | Len::Div(a, b) => {
            len_uses_preset(a, presets) || len_uses_preset(b, presets)
        }
    }
}

/// How a preset value is named where it is used: `P::SlotsPerEpoch` in a
/// struct, `<P as Preset>::SlotsPerEpoch` in a type alias (whose bounds
/// Rust does not check).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Site {
    Struct,
    Alias,
}

/// The Rust imports a rendered file needs.
#[derive(Default)]
struct Uses {
    ssz: BTreeSet<&'static str>,
    beacon: BTreeSet<&'static str>,
}

fn render_len(len: &Len, presets: &Presets, site: Site, uses: &mut Uses) -> Result<String, String> {
    if !len_uses_preset(len, presets) {
        let n = eval(len, presets, PresetName::Mainnet)?;
        // A length beyond a 32-bit `usize` is `U64<N>`, so that it keeps
        // its depth on 32-bit targets.
        if u32::try_from(n).is_err() {
            uses.ssz.insert("U64");
            return Ok(format!("U64<{n}>"));
        }
        uses.ssz.insert("U");
        return Ok(format!("U<{n}>"));
    }
    let mut bin = |name: &'static str, a: &Len, b: &Len| -> Result<String, String> {
        let a = render_len(a, presets, site, uses)?;
        let b = render_len(b, presets, site, uses)?;
        if name == "Prod" {
            uses.ssz.insert("Prod");
        } else {
            uses.beacon.insert(name);
        }
        Ok(format!("{name}<{a}, {b}>"))
    };
    match len {
        Len::Num(_) => unreachable!("a number does not use a preset value"),
        Len::Const(c) => Ok(match site {
            Site::Struct => format!("P::{}", upper_camel(c)),
            Site::Alias => {
                uses.beacon.insert("Preset");
                format!("<P as Preset>::{}", upper_camel(c))
            }
        }),
        Len::Mul(a, b) => bin("Prod", a, b),
        Len::Add(a, b) => bin("Sum", a, b),
        Len::Div(a, b) => bin("Quot", a, b),
    }
}

/// What the renderer knows about the names a fork's types use.
struct Scope<'a> {
    presets: &'a Presets,
    /// The edition marker progressive types name (`V1_7`).
    edition: &'static str,
    /// Alias -> (spec type, generic over the preset).
    aliases: BTreeMap<String, (Ty, bool)>,
    /// Container -> generic over the preset.
    containers: BTreeMap<String, bool>,
}

fn basic(name: &str) -> Option<&'static str> {
    Some(match name {
        "uint8" => "u8",
        "uint16" => "u16",
        "uint32" => "u32",
        "uint64" => "u64",
        "uint128" => "u128",
        "uint256" => "U256",
        "boolean" => "bool",
        _ => return None,
    })
}

impl Scope<'_> {
    /// The type as the schema resolves it for `preset`.
    fn resolve(
        &self,
        ty: &Ty,
        preset: PresetName,
        aliases: &BTreeMap<String, String>,
    ) -> Result<String, String> {
        let n = |l: &Len| eval(l, self.presets, preset);
        Ok(match ty {
            Ty::Named(name) => {
                if let Some(resolved) = aliases.get(name) {
                    resolution_for(resolved, preset).to_owned()
                } else if let Some(canonical) = progressive_named(name) {
                    canonical.to_owned()
                } else if name == "uint256"
                    || basic(name).is_some()
                    || self.containers.contains_key(name)
                {
                    name.clone()
                } else {
                    return Err(format!("unknown type {name}"));
                }
            }
            Ty::List(t, l) => format!("List[{}, {}]", self.resolve(t, preset, aliases)?, n(l)?),
            Ty::Vector(t, l) => format!("Vector[{}, {}]", self.resolve(t, preset, aliases)?, n(l)?),
            Ty::Bitlist(l) => format!("Bitlist[{}]", n(l)?),
            Ty::Bitvector(l) => format!("Bitvector[{}]", n(l)?),
            Ty::ByteList(l) => format!("ByteList[{}]", n(l)?),
            Ty::ByteVector(l) => format!("ByteVector[{}]", n(l)?),
            Ty::ProgressiveList(t) => {
                format!("ProgressiveList[{}]", self.resolve(t, preset, aliases)?)
            }
        })
    }

    fn render(&self, ty: &Ty, site: Site, uses: &mut Uses) -> Result<String, String> {
        let presets = self.presets;
        let generic_arg = |generic: bool| match (generic, site) {
            (false, _) => "",
            (true, Site::Struct) => "<P>",
            (true, Site::Alias) => "<P>",
        };
        Ok(match ty {
            Ty::Named(name) => {
                if let Some(b) = basic(name) {
                    if b == "U256" {
                        uses.ssz.insert("U256");
                    }
                    b.to_owned()
                } else if let Some((_, generic)) = self.aliases.get(name) {
                    format!("{name}{}", generic_arg(*generic))
                } else if let Some(generic) = self.containers.get(name) {
                    format!("{name}{}", generic_arg(*generic))
                } else if let Some(canonical) = progressive_named(name) {
                    uses.ssz.insert(canonical);
                    uses.ssz.insert(self.edition);
                    format!("{canonical}<{}>", self.edition)
                } else {
                    return Err(format!("unknown type {name}"));
                }
            }
            Ty::ProgressiveList(t) => {
                uses.ssz.insert("ProgressiveList");
                uses.ssz.insert(self.edition);
                let t = self.render(t, site, uses)?;
                format!("ProgressiveList<{t}, {}>", self.edition)
            }
            Ty::List(t, l) => {
                uses.ssz.insert("List");
                let t = self.render(t, site, uses)?;
                format!("List<{t}, {}>", render_len(l, presets, site, uses)?)
            }
            Ty::Vector(t, l) => {
                let elem = self.render(t, site, uses)?;
                if !len_uses_preset(l, presets)
                    && eval(l, presets, PresetName::Mainnet)? <= MAX_INLINE_VECTOR
                {
                    format!("[{elem}; {}]", eval(l, presets, PresetName::Mainnet)?)
                } else {
                    uses.ssz.insert("Vector");
                    format!("Vector<{elem}, {}>", render_len(l, presets, site, uses)?)
                }
            }
            Ty::Bitlist(l) => {
                uses.ssz.insert("Bitlist");
                format!("Bitlist<{}>", render_len(l, presets, site, uses)?)
            }
            Ty::Bitvector(l) => {
                uses.ssz.insert("Bitvector");
                format!("Bitvector<{}>", render_len(l, presets, site, uses)?)
            }
            Ty::ByteList(l) => {
                uses.ssz.insert("ByteList");
                format!("ByteList<{}>", render_len(l, presets, site, uses)?)
            }
            Ty::ByteVector(l) => {
                if !len_uses_preset(l, presets)
                    && eval(l, presets, PresetName::Mainnet)? <= MAX_INLINE_BYTES
                {
                    uses.ssz.insert("FixedBytes");
                    format!("FixedBytes<{}>", eval(l, presets, PresetName::Mainnet)?)
                } else {
                    uses.ssz.insert("ByteVector");
                    format!("ByteVector<{}>", render_len(l, presets, site, uses)?)
                }
            }
        })
    }
}

/// `Outer<A, B<C, D>>` as `Outer` and its top-level arguments `[A, B<C, D>]`.
fn split_generic_args(ty: &str) -> Option<(&str, Vec<&str>)> {
    let open = ty.find('<')?;
    let inner = ty.get(open + 1..)?.strip_suffix('>')?;
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                args.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(inner[start..].trim());
    Some((&ty[..open], args))
}

/// A container's or alias's definition within a fork: equal keys in a fork
/// and its parent mean the item is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    fields: Vec<Field>,
    /// `active_fields` of a progressive container.
    active_fields: Option<Vec<u64>>,
    /// Each container the item names, with the fork that defines it there.
    refs: Vec<(String, usize)>,
}

/// Where each item of each fork is defined.
struct Origins {
    /// Per fork: container -> defining fork.
    containers: Vec<BTreeMap<String, usize>>,
    /// Per fork: alias -> defining fork.
    aliases: Vec<BTreeMap<String, usize>>,
}

fn named_types(ty: &Ty, out: &mut Vec<String>) {
    match ty {
        Ty::Named(n) => out.push(n.clone()),
        Ty::List(t, _) | Ty::Vector(t, _) | Ty::ProgressiveList(t) => named_types(t, out),
        _ => {}
    }
}

fn container_key(
    forks: &[Fork],
    f: usize,
    name: &str,
    origins: &mut Origins,
    visiting: &mut Vec<String>,
) -> Result<Key, String> {
    let fields = forks[f].containers[name].clone();
    let mut refs = Vec::new();
    for field in &fields {
        let mut names = Vec::new();
        named_types(&parse_ty(&field.spec)?, &mut names);
        for n in names {
            if forks[f].containers.contains_key(&n) {
                let origin = container_origin(forks, f, &n, origins, visiting)?;
                refs.push((n, origin));
            }
        }
    }
    Ok(Key {
        fields,
        active_fields: forks[f].active_fields.get(name).cloned(),
        refs,
    })
}

fn container_origin(
    forks: &[Fork],
    f: usize,
    name: &str,
    origins: &mut Origins,
    visiting: &mut Vec<String>,
) -> Result<usize, String> {
    if let Some(&o) = origins.containers[f].get(name) {
        return Ok(o);
    }
    if visiting.iter().any(|v| v == name) {
        return Err(format!("{}: {name} contains itself", forks[f].name));
    }
    visiting.push(name.to_owned());
    let key = container_key(forks, f, name, origins, visiting)?;
    let origin = match forks[f].parent {
        Some(p) if forks[p].containers.contains_key(name) => {
            let parent_key = container_key(forks, p, name, origins, visiting)?;
            if parent_key == key {
                container_origin(forks, p, name, origins, visiting)?
            } else {
                f
            }
        }
        _ => f,
    };
    visiting.pop();
    origins.containers[f].insert(name.to_owned(), origin);
    Ok(origin)
}

fn compute_origins(forks: &[Fork]) -> Result<Origins, String> {
    let mut origins = Origins {
        containers: vec![BTreeMap::new(); forks.len()],
        aliases: vec![BTreeMap::new(); forks.len()],
    };
    for f in 0..forks.len() {
        for (alias, resolved) in &forks[f].aliases {
            let origin = match forks[f].parent {
                Some(p) if forks[p].aliases.get(alias) == Some(resolved) => {
                    origins.aliases[p][alias]
                }
                _ => f,
            };
            origins.aliases[f].insert(alias.clone(), origin);
        }
        for name in forks[f].containers.keys() {
            container_origin(forks, f, name, &mut origins, &mut Vec::new())?;
        }
    }
    Ok(origins)
}

/// The spec type of an alias: from [`ALIAS_SPEC_TYPES`] when the entry has
/// the resolution's constructor (Gloas's `Transaction` is a
/// `ProgressiveByteList`, not the `ByteList[MAX_BYTES_PER_TRANSACTION]` of
/// earlier forks), or else its resolution.
fn alias_spec(alias: &str, resolved: &str) -> Result<Ty, String> {
    match alias_spec_entry(alias, resolved) {
        Some(spec) => parse_ty(spec),
        None if resolved.contains('|') => Err(format!(
            "alias {alias} resolves differently per preset ({resolved}): \
             give its spec type in ALIAS_SPEC_TYPES"
        )),
        None => parse_ty(resolved),
    }
}

/// The [`ALIAS_SPEC_TYPES`] entry of `alias` if it has the constructor of
/// `resolved`.
fn alias_spec_entry(alias: &str, resolved: &str) -> Option<&'static str> {
    let constructor = |t: &str| t.split('[').next().unwrap_or("").to_owned();
    ALIAS_SPEC_TYPES
        .iter()
        .find(|(a, spec)| *a == alias && constructor(spec) == constructor(resolved))
        .map(|(_, spec)| *spec)
}

/// The resolution of an alias for `preset`: `mainnet|minimal` when the
/// schema gives one per preset, else the one for both.
fn resolution_for(resolved: &str, preset: PresetName) -> &str {
    match (resolved.split_once('|'), preset) {
        (Some((mainnet, _)), PresetName::Mainnet) => mainnet,
        (Some((_, minimal)), PresetName::Minimal) => minimal,
        (None, _) => resolved,
    }
}

fn build_scope<'a>(
    fork: &Fork,
    presets: &'a Presets,
    target: &Target,
) -> Result<Scope<'a>, String> {
    let mut scope = Scope {
        presets,
        edition: target.edition.0,
        aliases: BTreeMap::new(),
        containers: BTreeMap::new(),
    };
    // Whether each alias and container is generic over the preset, in one
    // recursion: an alias may name a container (`List[DepositRequest,
    // ...]`) and a container an alias.
    for (alias, resolved) in &fork.aliases {
        let ty = alias_spec(alias, resolved)?;
        scope.aliases.insert(alias.clone(), (ty, false));
    }
    fn generic_ty(
        fork: &Fork,
        scope: &Scope,
        memo: &mut BTreeMap<String, bool>,
        ty: &Ty,
        depth: usize,
    ) -> Result<bool, String> {
        if depth > 64 {
            return Err(format!("{}: {ty:?} nests too deep", fork.name));
        }
        let len = |l: &Len| len_uses_preset(l, scope.presets);
        Ok(match ty {
            Ty::Named(n) => {
                if basic(n).is_some() || progressive_named(n).is_some() {
                    false
                } else if let Some(&g) = memo.get(n) {
                    g
                } else if let Some((alias_ty, _)) = scope.aliases.get(n) {
                    let g = match alias_ty {
                        Ty::Named(_) => false,
                        t => generic_ty(fork, scope, memo, t, depth + 1)?,
                    };
                    memo.insert(n.clone(), g);
                    g
                } else if let Some(fields) = fork.containers.get(n) {
                    let mut g = false;
                    for field in fields {
                        g |= generic_ty(fork, scope, memo, &parse_ty(&field.spec)?, depth + 1)?;
                    }
                    memo.insert(n.clone(), g);
                    g
                } else {
                    return Err(format!("unknown type {n}"));
                }
            }
            Ty::List(t, l) | Ty::Vector(t, l) => {
                generic_ty(fork, scope, memo, t, depth + 1)? || len(l)
            }
            Ty::ProgressiveList(t) => generic_ty(fork, scope, memo, t, depth + 1)?,
            Ty::Bitlist(l) | Ty::Bitvector(l) | Ty::ByteList(l) | Ty::ByteVector(l) => len(l),
        })
    }
    let mut memo = BTreeMap::new();
    for name in fork.aliases.keys().chain(fork.containers.keys()) {
        generic_ty(fork, &scope, &mut memo, &Ty::Named(name.clone()), 0)?;
    }
    for (alias, (_, generic)) in scope.aliases.iter_mut() {
        *generic = memo[alias];
    }
    for name in fork.containers.keys() {
        scope.containers.insert(name.clone(), memo[name]);
    }
    Ok(scope)
}

/// Checks that every field's and alias's spec type resolves, with both
/// presets, to the schema's resolution.
fn check_resolution(fork: &Fork, scope: &Scope) -> Result<(), String> {
    for (alias, resolved) in &fork.aliases {
        let (ty, _) = &scope.aliases[alias];
        for preset in PRESETS {
            // An alias's spec type may name another alias (v1.7.0-alpha.13
            // `AttestingIndices`: `List[ValidatorIndex, ...]`).
            let got = scope.resolve(ty, preset, &fork.aliases)?;
            if got != resolution_for(resolved, preset) {
                return Err(format!(
                    "{}: alias {alias} resolves to {got}, the schema says {resolved}",
                    fork.name
                ));
            }
        }
    }
    for (name, fields) in &fork.containers {
        for field in fields {
            let ty = parse_ty(&field.spec)?;
            for preset in PRESETS {
                let got = scope.resolve(&ty, preset, &fork.aliases)?;
                let expected = match preset {
                    PresetName::Mainnet => &field.mainnet,
                    PresetName::Minimal => &field.minimal,
                };
                if &got != expected {
                    return Err(format!(
                        "{}.{name}.{}: {} resolves to {got} for {preset:?}, the schema says {expected}",
                        fork.name, field.name, field.spec
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The first lines of a generated file.
fn header(target: &Target) -> String {
    format!(
        "// @generated by spec-tests/tools/beacon_codegen.rs from\n// {}; do not edit.\n",
        target.schema
    )
}

/// Writes `use prefix::{a, b, ...};` as rustfmt lays it out.
fn write_use(out: &mut String, vis: &str, prefix: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let head = format!("{vis}use {prefix}::");
    if items.len() == 1 {
        let _ = writeln!(out, "{head}{};", items[0]);
        return;
    }
    let one_line = format!("{head}{{{}}};", items.join(", "));
    if one_line.len() <= 100 {
        let _ = writeln!(out, "{one_line}");
        return;
    }
    let _ = writeln!(out, "{head}{{");
    let mut line = String::new();
    for item in items {
        let piece = format!("{item},");
        // rustfmt keeps a wrapped list line under 100 columns (the one-line
        // form above may take all 100).
        if !line.is_empty() && 4 + line.len() + 1 + piece.len() >= 100 {
            let _ = writeln!(out, "    {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    let _ = writeln!(out, "    {line}");
    let _ = writeln!(out, "}};");
}

/// Sorts names as rustfmt sorts the items of a use list.
fn rustfmt_sorted(mut items: Vec<String>) -> Vec<String> {
    items.sort_by(|a, b| {
        // snake_case, then CamelCase, then UPPER_CASE; byte order within each.
        let key = |s: &str| {
            let class = if s.chars().next().is_some_and(|c| c.is_lowercase()) {
                0
            } else if s
                .chars()
                .all(|c| c.is_uppercase() || c.is_ascii_digit() || c == '_')
            {
                2
            } else {
                1
            };
            (class, s.to_owned())
        };
        key(a).cmp(&key(b))
    });
    items
}

fn render_fork(
    forks: &[Fork],
    f: usize,
    presets: &Presets,
    origins: &Origins,
    target: &Target,
) -> Result<String, String> {
    let fork = &forks[f];
    let version = target.version;
    let scope = build_scope(fork, presets, target)?;
    check_resolution(fork, &scope)?;

    let mut uses = Uses::default();
    let mut body = String::new();

    // Aliases defined here.
    let mut alias_lines = String::new();
    for (alias, (ty, generic)) in &scope.aliases {
        if origins.aliases[f][alias] != f {
            continue;
        }
        let rendered = match ty {
            // A branch: a vector of `Bytes32`.
            Ty::Vector(elem, Len::Num(n))
                if **elem == Ty::ByteVector(Len::Num(32))
                    && scope.aliases.contains_key("Bytes32")
                    && *n <= MAX_INLINE_VECTOR =>
            {
                format!("[Bytes32; {n}]")
            }
            _ => scope.render(ty, Site::Alias, &mut uses)?,
        };
        let resolved = &fork.aliases[alias];
        let spec = alias_spec_entry(alias, resolved).unwrap_or(resolved);
        let _ = writeln!(alias_lines, "/// `{alias}`: `{spec}`.");
        let params = if *generic { "<P>" } else { "" };
        // As rustfmt lays out a long alias: the type on the next line, or
        // else one generic argument per line.
        let line = format!("pub type {alias}{params} = {rendered};");
        if line.len() <= 100 {
            let _ = writeln!(alias_lines, "{line}");
        } else if 4 + rendered.len() < 100 {
            let _ = writeln!(alias_lines, "pub type {alias}{params} =\n    {rendered};");
        } else if let Some((outer, args)) = split_generic_args(&rendered) {
            let _ = writeln!(alias_lines, "pub type {alias}{params} = {outer}<");
            for arg in args {
                let _ = writeln!(alias_lines, "    {arg},");
            }
            let _ = writeln!(alias_lines, ">;");
        } else {
            return Err(format!(
                "{}: alias {alias} too long for one line",
                fork.name
            ));
        }
    }

    // Containers defined here.
    let mut any_struct = false;
    for (name, fields) in &fork.containers {
        if origins.containers[f][name] != f {
            continue;
        }
        any_struct = true;
        let generic = scope.containers[name];
        let later: Vec<&str> = forks
            .iter()
            .enumerate()
            .filter(|(g, _)| *g != f && origins.containers[*g].get(name) == Some(&f))
            .map(|(_, fk)| fk.name.as_str())
            .collect();
        body.push('\n');
        let _ = writeln!(
            body,
            "/// `{name}` as of {} (consensus-specs {version}).",
            fork.name
        );
        if !later.is_empty() {
            let _ = writeln!(body, "///");
            let _ = writeln!(body, "/// Unchanged in {}.", later.join(", "));
        }
        let derive_default =
            "Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash, Serialize, Deserialize";
        let _ = writeln!(body, "#[derive({derive_default})]");
        if generic {
            let _ = writeln!(body, "#[serde(bound = \"\", deny_unknown_fields)]");
            let _ = writeln!(body, "pub struct {name}<P: Preset> {{");
            uses.beacon.insert("Preset");
        } else {
            let _ = writeln!(body, "#[serde(deny_unknown_fields)]");
            let _ = writeln!(body, "pub struct {name} {{");
        }
        if let Some(active) = fork.active_fields.get(name) {
            // A progressive container (EIP-7495), merkleized as the
            // target's edition defines it.
            let bits: Vec<String> = active.iter().map(u64::to_string).collect();
            let attr = format!(
                "#[ssz(active_fields = [{}], edition = \"{}\")]",
                bits.join(", "),
                target.edition.1
            );
            // Before the struct line, after the derive and serde ones.
            let at = body.rfind("pub struct").unwrap_or(body.len());
            body.insert_str(at, &format!("{attr}\n"));
        }
        for field in fields {
            let ty = parse_ty(&field.spec)?;
            let rendered = scope.render(&ty, Site::Struct, &mut uses)?;
            if field.spec.contains('[') {
                let _ = writeln!(body, "    /// `{}`", field.spec);
            }
            // As rustfmt lays it out: the type on its own line when the
            // field does not fit on one.
            let line = format!("    pub {}: {rendered},", field.name);
            if line.len() <= 100 {
                let _ = writeln!(body, "{line}");
            } else if 8 + rendered.len() < 100 {
                let _ = writeln!(body, "    pub {}:\n        {rendered},", field.name);
            } else if let Some((outer, args)) = split_generic_args(&rendered)
                .filter(|(_, args)| args.iter().all(|a| 8 + a.len() < 100))
            {
                // rustfmt's layout of a long generic type: one argument
                // per line (v1.7.0-alpha.13 Gloas `ptc_window`).
                let _ = writeln!(body, "    pub {}: {outer}<", field.name);
                for arg in args {
                    let _ = writeln!(body, "        {arg},");
                }
                let _ = writeln!(body, "    >,");
            } else {
                return Err(format!(
                    "{}.{name}.{}: type too long for one line",
                    fork.name, field.name
                ));
            }
        }
        let _ = writeln!(body, "}}");
    }

    // The visitor over every container of the fork.
    body.push('\n');
    let _ = writeln!(
        body,
        "/// Calls `visitor` with every container of {} that the `ssz_static` vectors\n\
         /// cover, by its spec name, in the order of the names.",
        fork.name
    );
    let _ = writeln!(
        body,
        "pub fn visit_containers<P: Preset, V: ContainerVisitor>(visitor: &mut V) {{"
    );
    uses.beacon.insert("Preset");
    uses.beacon.insert("ContainerVisitor");
    for name in fork.containers.keys() {
        let args = if scope.containers[name] { "<P>" } else { "" };
        let _ = writeln!(body, "    visitor.visit::<{name}{args}>(\"{name}\");");
    }
    let _ = writeln!(body, "}}");

    // Re-exports of unchanged items, grouped by defining fork.
    let mut reexports: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (alias, &o) in &origins.aliases[f] {
        if o != f {
            reexports.entry(o).or_default().push(alias.clone());
        }
    }
    for (name, &o) in &origins.containers[f] {
        if o != f {
            reexports.entry(o).or_default().push(name.clone());
        }
    }

    let mut out = String::new();
    out.push_str(&header(target));
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "//! The containers of {} (consensus-specs {version}): those defined or changed\n\
         //! by {0}, and the unchanged ones re-exported from the fork that defines them.",
        fork.name
    );
    let _ = writeln!(out);
    // Lengths such as `(MIN_SEED_LOOKAHEAD + 1) * SLOTS_PER_EPOCH` are spelled
    // out as type-level arithmetic, as the spec writes them.
    let _ = writeln!(out, "#![allow(clippy::type_complexity)]");
    let _ = writeln!(out);
    let mut ssz: Vec<String> = uses.ssz.iter().map(|s| s.to_string()).collect();
    if any_struct {
        ssz.push("Ssz".to_owned());
        ssz.push("TreeHash".to_owned());
    }
    let beacon: Vec<String> = uses.beacon.iter().map(|s| s.to_string()).collect();
    // `List` and `Vector` come through `super::collections`, so that the
    // same files also instantiate with the persistent, cached collections
    // (`spec_tests::beacon_cached`).
    let collections: Vec<String> = ssz
        .iter()
        .filter(|s| *s == "List" || *s == "Vector")
        .cloned()
        .collect();
    ssz.retain(|s| s != "List" && s != "Vector");
    write_use(
        &mut out,
        "",
        "super::collections",
        &rustfmt_sorted(collections),
    );
    write_use(&mut out, "", "super", &rustfmt_sorted(beacon));
    write_use(&mut out, "", "peam_ssz_types", &rustfmt_sorted(ssz));
    if any_struct {
        let _ = writeln!(out, "use serde::{{Deserialize, Serialize}};");
    }
    if !reexports.is_empty() {
        let _ = writeln!(out);
        // In the order rustfmt gives use statements: by path.
        let mut groups: Vec<(&str, &Vec<String>)> = reexports
            .iter()
            .map(|(o, items)| (forks[*o].name.as_str(), items))
            .collect();
        groups.sort();
        for (fork_name, items) in groups {
            write_use(
                &mut out,
                "pub ",
                &format!("super::{fork_name}"),
                &rustfmt_sorted(items.clone()),
            );
        }
    }
    if !alias_lines.is_empty() {
        let _ = writeln!(out);
        out.push_str(&alias_lines);
    }
    out.push_str(&body);
    Ok(out)
}

fn render_preset(presets: &Presets, target: &Target) -> String {
    let mut out = String::new();
    out.push_str(&header(target));
    out.push('\n');
    let _ = writeln!(
        out,
        "//! The preset values that size the consensus containers, as type-level\n\
         //! lengths, and the `mainnet` and `minimal` presets of consensus-specs {}.",
        target.version
    );
    out.push_str(
        "\n\
         use peam_ssz_types::{Length, U};\n\
         \n\
         /// The preset values that size SSZ types: one type-level [`Length`] per\n\
         /// value, so that a container generic over the preset names its bounds\n\
         /// (`List<Validator, P::ValidatorRegistryLimit>`).\n\
         ///\n\
         /// Each item is the spec's preset value of the same name in upper camel\n\
         /// case (`VALIDATOR_REGISTRY_LIMIT` is `ValidatorRegistryLimit`).\n\
         pub trait Preset:\n    \
             'static + Clone + Copy + Default + core::fmt::Debug + PartialEq + Eq + Send + Sync\n\
         {\n    \
             /// The preset's name: `mainnet` or `minimal` for the spec's presets.\n    \
             const NAME: &'static str;\n",
    );
    let mut last_fork = "";
    for (name, fork, mainnet, minimal) in &presets.values {
        if fork != last_fork {
            let _ = writeln!(out, "\n    // {fork}");
            last_fork = fork;
        }
        let _ = writeln!(
            out,
            "    /// `{name}` (mainnet {mainnet}, minimal {minimal})."
        );
        let _ = writeln!(out, "    type {}: Length;", upper_camel(name));
    }
    out.push_str("}\n");
    for (ty, name, doc, pick) in [
        (
            "Mainnet",
            "mainnet",
            "The `mainnet` preset.",
            PresetName::Mainnet,
        ),
        (
            "Minimal",
            "minimal",
            "The `minimal` preset, for testing.",
            PresetName::Minimal,
        ),
    ] {
        let _ = writeln!(out, "\n/// {doc}");
        let _ = writeln!(
            out,
            "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]"
        );
        let _ = writeln!(out, "pub struct {ty};");
        let _ = writeln!(out, "\nimpl Preset for {ty} {{");
        let _ = writeln!(out, "    const NAME: &'static str = \"{name}\";");
        let mut last_fork = "";
        for (cname, fork, mainnet, minimal) in &presets.values {
            if fork != last_fork {
                let _ = writeln!(out, "\n    // {fork}");
                last_fork = fork;
            }
            let v = match pick {
                PresetName::Mainnet => mainnet,
                PresetName::Minimal => minimal,
            };
            // Beyond a 32-bit `usize` (the validator registry limit, 2^40):
            // `U64<N>`, which keeps the depth on 32-bit targets.
            let ty = if u32::try_from(*v).is_err() {
                "U64"
            } else {
                "U"
            };
            let _ = writeln!(out, "    type {} = {ty}<{v}>;", upper_camel(cname));
        }
        out.push_str("}\n");
    }
    if out.contains("U64<") {
        out = out.replacen(
            "use peam_ssz_types::{Length, U};",
            "use peam_ssz_types::{Length, U, U64};",
            1,
        );
    }
    out
}

/// The generated files of the v1.6.1 schema: (path under `src/beacon/`,
/// contents).
pub fn generate(schema: &str) -> Result<Vec<(String, String)>, String> {
    generate_for(schema, &V1_6)
}

/// The generated files of `schema` for `target`: (path under its module
/// directory, contents).
pub fn generate_for(schema: &str, target: &Target) -> Result<Vec<(String, String)>, String> {
    let forks = parse_schema(schema)?;
    let presets = Presets::collect(&forks)?;
    let origins = compute_origins(&forks)?;
    let mut files = vec![("preset.rs".to_owned(), render_preset(&presets, target))];
    for f in 0..forks.len() {
        files.push((
            format!("{}.rs", forks[f].name),
            render_fork(&forks, f, &presets, &origins, target)?,
        ));
    }
    Ok(files)
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
