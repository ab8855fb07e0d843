//! `forked/`: each container whose definition changes across the forks of
//! a schema, as an enum over the forks that have it (`BeaconState<P>` with
//! a `Phase0(phase0::BeaconState<P>)` variant, ...), its borrowed twin
//! (`BeaconStateRef<'a, P>`), and an accessor per field; one file per
//! container.

use super::*;

/// Containers whose slot lies at a place that no fork moves: they decode
/// with a chain configuration, which names the fork of that slot. The
/// place: a byte offset, or the offset read from a 4-byte offset at a byte
/// offset (the `message` of a signed container).
const SLOT_AT: &[(&str, &str)] = &[
    // `genesis_time: uint64`, `genesis_validators_root: Root`, `slot`.
    ("BeaconState", "SlotAt::Fixed(40)"),
    ("BeaconBlock", "SlotAt::Fixed(0)"),
    // `message` is variable-size, its offset first.
    ("SignedBeaconBlock", "SlotAt::Behind(0)"),
    // `beacon: BeaconBlockHeader` first, fixed-size, `slot` first in it.
    ("LightClientHeader", "SlotAt::Fixed(0)"),
];

/// The `ForkName` variant of a fork of the schema, if it is one of the
/// chain's forks (`eip7805`, a feature branch, is not).
fn fork_variant(name: &str) -> Option<&'static str> {
    Some(match name {
        "phase0" => "Phase0",
        "altair" => "Altair",
        "bellatrix" => "Bellatrix",
        "capella" => "Capella",
        "deneb" => "Deneb",
        "electra" => "Electra",
        "fulu" => "Fulu",
        "gloas" => "Gloas",
        "heze" => "Heze",
        _ => return None,
    })
}

/// One variant of a forked container: the fork's index in the schema, its
/// `ForkName` variant, and whether the fork's type is generic.
struct Variant {
    fork: usize,
    ident: &'static str,
    generic: bool,
}

/// A field's type in one variant: the Rust type as the forked file writes
/// it (every alias and container qualified with its defining fork, so that
/// equal strings are the same type), and the container it names, if any.
struct FieldTy {
    rust: String,
    container: Option<String>,
    /// The imports the type needs, taken only if an accessor writes it.
    uses: Uses,
}

/// `List<Validator, P::ValidatorRegistryLimit>` rendered in `fork`, with
/// its aliases and containers qualified by their defining fork
/// (`List<phase0::Validator, P::ValidatorRegistryLimit>`), and a path from
/// the fork module's parent (`super::collections::Uint256`) made a path
/// from a file of the forked module, one level down
/// (`super::super::collections::Uint256`).
fn qualify(rendered: &str, fork: usize, forks: &[Fork], origins: &Origins) -> String {
    let mut out = String::with_capacity(rendered.len() + 16);
    let bytes = rendered.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < bytes.len()
                && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_')
            {
                i += 1;
            }
            let word = &rendered[start..i];
            let after_path = rendered[..start].ends_with("::");
            let origin = origins.containers[fork]
                .get(word)
                .or_else(|| origins.aliases[fork].get(word));
            match origin {
                Some(&o) if !after_path => {
                    let _ = write!(out, "{}::{word}", forks[o].name);
                }
                _ => out.push_str(word),
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.replace("super::", "super::super::")
}

/// The forked module of `forks` (`beacon/forked/`, `beacon_v1_7/forked/`):
/// its `mod.rs` and one file per container, as (path under the module
/// directory, contents).
pub(super) fn render_forked(
    forks: &[Fork],
    presets: &Presets,
    origins: &Origins,
    target: &Target,
) -> Result<Vec<(String, String)>, String> {
    let version = target.version;
    // The chain's forks of the schema, in order.
    let chain: Vec<usize> = (0..forks.len())
        .filter(|&f| fork_variant(&forks[f].name).is_some())
        .collect();
    let scopes = chain
        .iter()
        .map(|&f| Ok((f, build_scope(&forks[f], presets, target)?)))
        .collect::<Result<BTreeMap<usize, Scope>, String>>()?;

    // The containers defined in more than one of the chain's forks.
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for &f in &chain {
        names.extend(forks[f].containers.keys().map(String::as_str));
    }
    let mut forked: BTreeMap<&str, Vec<Variant>> = BTreeMap::new();
    for name in names {
        let variants: Vec<Variant> = chain
            .iter()
            .filter(|&&f| forks[f].containers.contains_key(name))
            .map(|&f| Variant {
                fork: f,
                ident: fork_variant(&forks[f].name).unwrap_or_default(),
                generic: scopes[&f].containers[name],
            })
            .collect();
        let defs: BTreeSet<usize> = variants
            .iter()
            .map(|v| origins.containers[v.fork][name])
            .collect();
        if defs.len() > 1 {
            forked.insert(name, variants);
        }
    }

    let mut uses = Uses::default();
    let mut enums = Vec::new();
    for (&name, variants) in &forked {
        let mut body = String::new();
        render_enum(
            &mut body, name, variants, &forked, forks, &scopes, origins, target, &mut uses,
        )?;
        enums.push((name, snake_case(name), body));
    }

    // Every name an enum's file may import, with the path it comes from;
    // each file imports those its code uses.
    let mut imports: BTreeSet<(String, String)> = BTreeSet::new();
    let mut ssz: Vec<String> = uses.ssz.iter().map(|s| s.to_string()).collect();
    ssz.extend(["ConsensusJson", "Gindex", "ProofError", "TreeHash"].map(String::from));
    for s in ssz {
        let path = if is_collection(&s) {
            "super::super::collections"
        } else {
            "peam_ssz_types"
        };
        imports.insert((s, path.to_owned()));
    }
    let beacon = uses.beacon.iter().map(|s| s.to_string());
    let beacon = beacon.chain(["Preset".to_owned()]);
    for s in beacon.chain(chain.iter().map(|&f| forks[f].name.clone())) {
        imports.insert((s, "super::super".to_owned()));
    }
    for s in [
        "decode_at",
        "ForkDecodeError",
        "ForkSchedule",
        "SlotAt",
        "VersionedJson",
    ] {
        imports.insert((s.to_owned(), "crate::versioned".to_owned()));
    }
    imports.insert(("ForkName".to_owned(), "crate".to_owned()));
    for (name, module, _) in &enums {
        for item in [name.to_string(), format!("{name}Ref")] {
            imports.insert((item, format!("super::{module}")));
        }
    }

    let mut files = Vec::new();
    for (name, module, body) in &enums {
        let words = code_words(body);
        let own = format!("super::{module}");
        let mut by_path: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for (item, path) in &imports {
            if *path != own && words.contains(item.as_str()) {
                by_path.entry(path).or_default().push(item.clone());
            }
        }
        let mut out = header(target);
        let _ = writeln!(
            out,
            "\n//! `{name}` of any fork that has it, and `{name}Ref`, a reference to one.\n"
        );
        for (path, items) in by_path {
            write_use(&mut out, "", path, &rustfmt_sorted(items));
        }
        out.push_str(body);
        files.push((format!("forked/{module}.rs"), rustfmt(&out)?));
    }

    let mut out = String::new();
    out.push_str(&header(target));
    let first = &forks[chain[0]].name;
    let last = &forks[chain[chain.len() - 1]].name;
    let _ = writeln!(
        out,
        "\n//! The containers that change across the forks {first} to {last} of consensus-specs\n\
         //! {version}, each as an enum over the forks that have it, with its borrowed twin\n\
         //! (`BeaconState<P>` and `BeaconStateRef<'_, P>`): a value of whatever fork its slot\n\
         //! falls in. See [`crate::versioned`] for what they share. One file per container."
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "#![allow(clippy::type_complexity, clippy::large_enum_variant)]"
    );
    let _ = writeln!(out);
    for (_, module, _) in &enums {
        let _ = writeln!(out, "mod {module};");
    }
    let _ = writeln!(out);
    for (name, module, _) in &enums {
        let _ = writeln!(out, "pub use {module}::{{{name}, {name}Ref}};");
    }
    files.insert(0, ("forked/mod.rs".to_owned(), rustfmt(&out)?));
    Ok(files)
}

/// `BeaconBlockBody` as a module's name: `beacon_block_body`.
fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let after_lower = i > 0 && !chars[i - 1].is_ascii_uppercase();
            let ends_acronym = i > 0
                && chars[i - 1].is_ascii_uppercase()
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if after_lower || ends_acronym {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The identifiers that `code` uses outside comments, but for those after
/// `::` (the later segments of a path, which need no import of their own).
fn code_words(code: &str) -> BTreeSet<&str> {
    let mut words = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or_default();
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_alphabetic() || bytes[i] == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if !line[..start].ends_with("::") {
                    words.insert(&line[start..i]);
                }
            } else {
                i += 1;
            }
        }
    }
    words
}

#[allow(clippy::too_many_arguments)]
fn render_enum(
    out: &mut String,
    name: &str,
    variants: &[Variant],
    forked: &BTreeMap<&str, Vec<Variant>>,
    forks: &[Fork],
    scopes: &BTreeMap<usize, Scope>,
    origins: &Origins,
    target: &Target,
    uses: &mut Uses,
) -> Result<(), String> {
    let version = target.version;
    let generic = variants.iter().any(|v| v.generic);
    let (params, args, ref_params, ref_args) = if generic {
        ("<P: Preset>", "<P>", "<'a, P: Preset>", "<'a, P>")
    } else {
        ("", "", "<'a>", "<'a>")
    };
    let ty_of = |v: &Variant| {
        let def = origins.containers[v.fork][name];
        let a = if v.generic { "<P>" } else { "" };
        format!("{}::{name}{a}", forks[def].name)
    };
    let fork_list: Vec<&str> = variants
        .iter()
        .map(|v| forks[v.fork].name.as_str())
        .collect();

    // The enums.
    let _ = writeln!(
        out,
        "\n/// `{name}` of any fork that has it ({}; consensus-specs {version}).",
        fork_list.join(", ")
    );
    let _ = writeln!(out, "#[derive(Clone, Debug, PartialEq, Eq)]");
    let _ = writeln!(out, "pub enum {name}{params} {{");
    for v in variants {
        let _ = writeln!(out, "    /// {}'s.", forks[v.fork].name);
        let _ = writeln!(out, "    {}({}),", v.ident, ty_of(v));
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(
        out,
        "\n/// A reference to a [`{name}`] of any fork: what the accessors of a\n\
         /// container that holds one return."
    );
    let _ = writeln!(out, "#[derive(Clone, Copy, Debug, PartialEq, Eq)]");
    let _ = writeln!(out, "pub enum {name}Ref{ref_params} {{");
    for v in variants {
        let _ = writeln!(out, "    /// {}'s.", forks[v.fork].name);
        let _ = writeln!(out, "    {}(&'a {}),", v.ident, ty_of(v));
    }
    let _ = writeln!(out, "}}");

    // The fields, in the order of their first appearance.
    let mut field_names: Vec<&str> = Vec::new();
    for v in variants {
        for field in &forks[v.fork].containers[name] {
            if !field_names.contains(&field.name.as_str()) {
                field_names.push(&field.name);
            }
        }
    }
    // Per field: each variant's type, or `None` where the fork lacks it.
    let mut field_tys: Vec<(&str, Vec<Option<FieldTy>>)> = Vec::new();
    for &fname in &field_names {
        let mut tys = Vec::new();
        for v in variants {
            let fork = &forks[v.fork];
            let Some(field) = fork.containers[name].iter().find(|f| f.name == fname) else {
                tys.push(None);
                continue;
            };
            let scope = &scopes[&v.fork];
            let mut field_uses = Uses::default();
            let (rendered, _) =
                render_field(fork, name, field, scope, v.generic, target, &mut field_uses)?;
            let container = match parse_ty(&field.spec)? {
                Ty::Named(n) if fork.containers.contains_key(&n) => Some(n),
                _ => None,
            };
            tys.push(Some(FieldTy {
                rust: qualify(&rendered, v.fork, forks, origins),
                container,
                uses: field_uses,
            }));
        }
        field_tys.push((fname, tys));
    }

    // The accessors: (name, doc, return type of the Ref's (with 'a), match
    // arms of the Ref's, return type of the owned (elided), `_mut` arms).
    let mut ref_methods = String::new();
    let mut own_methods = String::new();
    for (fname, tys) in &field_tys {
        let present: Vec<usize> = (0..variants.len()).filter(|&i| tys[i].is_some()).collect();
        let all = present.len() == variants.len();
        let distinct: BTreeSet<&str> = present
            .iter()
            .filter_map(|&i| tys[i].as_ref().map(|t| t.rust.as_str()))
            .collect();
        let in_forks = |idx: &[usize]| -> String {
            idx.iter()
                .map(|&i| forks[variants[i].fork].name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        // A field that holds a forked container, of the same fork as the
        // value: its `Ref`.
        let container0 = tys[present[0]].as_ref().and_then(|t| t.container.clone());
        let forked_field = distinct.len() > 1
            && container0.as_deref().is_some_and(|c| {
                forked.get(c).is_some_and(|vs| {
                    present.iter().all(|&i| {
                        tys[i].as_ref().and_then(|t| t.container.as_deref()) == Some(c)
                            && vs.iter().any(|w| w.fork == variants[i].fork)
                    })
                })
            });
        if forked_field {
            let c = container0.unwrap_or_default();
            let c_generic = forked[c.as_str()].iter().any(|w| w.generic);
            let c_args = if c_generic { "<'a, P>" } else { "<'a>" };
            let c_own = if c_generic { "<'_, P>" } else { "<'_>" };
            let ret = format!("{c}Ref{c_args}");
            let own_ret = format!("{c}Ref{c_own}");
            let arms: Vec<String> = variants
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if tys[i].is_some() {
                        let w = if all {
                            format!("{c}Ref::{}(&v.{fname})", v.ident)
                        } else {
                            format!("Some({c}Ref::{}(&v.{fname}))", v.ident)
                        };
                        format!("Self::{}(v) => {w},", v.ident)
                    } else {
                        format!("Self::{}(_) => None,", v.ident)
                    }
                })
                .collect();
            let (r, o) = if all {
                (ret, own_ret)
            } else {
                (format!("Option<{ret}>"), format!("Option<{own_ret}>"))
            };
            let doc = if all {
                format!("`{fname}`, a [`{c}`](super::{c}) of the same fork.")
            } else {
                format!(
                    "`{fname}`, a [`{c}`](super::{c}) of the same fork; `None` before {}.",
                    forks[variants[present[0]].fork].name
                )
            };
            write_ref_method(&mut ref_methods, fname, &doc, &r, &arms);
            write_own_forward(&mut own_methods, fname, &doc, &o);
            continue;
        }
        // Runs of variants with one type each: one accessor per type,
        // named after the first fork of the run when there are several.
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for &i in &present {
            let rust = tys[i].as_ref().map(|t| t.rust.clone()).unwrap_or_default();
            match groups.iter_mut().find(|(t, _)| *t == rust) {
                Some((_, idx)) => idx.push(i),
                None => groups.push((rust, vec![i])),
            }
        }
        for (rust, idx) in &groups {
            let method = if groups.len() == 1 {
                fname.to_string()
            } else {
                format!("{fname}_{}", forks[variants[idx[0]].fork].name)
            };
            let whole = idx.len() == variants.len();
            // The imports of the type, as its first fork rendered it.
            if let Some(t) = &tys[idx[0]] {
                uses.ssz.extend(t.uses.ssz.iter().copied());
                uses.beacon.extend(t.uses.beacon.iter().copied());
            }
            let arms = |mutable: bool| -> Vec<String> {
                let amp = if mutable { "&mut " } else { "&" };
                variants
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        if idx.contains(&i) {
                            if whole {
                                format!("Self::{}(v) => {amp}v.{fname},", v.ident)
                            } else {
                                format!("Self::{}(v) => Some({amp}v.{fname}),", v.ident)
                            }
                        } else {
                            format!("Self::{}(_) => None,", v.ident)
                        }
                    })
                    .collect()
            };
            let (r, o, m) = if whole {
                (
                    format!("&'a {rust}"),
                    format!("&{rust}"),
                    format!("&mut {rust}"),
                )
            } else {
                (
                    format!("Option<&'a {rust}>"),
                    format!("Option<&{rust}>"),
                    format!("Option<&mut {rust}>"),
                )
            };
            let doc = if whole {
                format!("`{fname}`.")
            } else {
                format!(
                    "`{fname}` as {} have it; `None` in the other forks.",
                    in_forks(idx)
                )
            };
            write_ref_method(&mut ref_methods, &method, &doc, &r, &arms(false));
            write_own_forward(&mut own_methods, &method, &doc, &o);
            let _ = writeln!(own_methods, "\n    /// {doc} Mutable.");
            write_match_fn(
                &mut own_methods,
                &format!("pub fn {method}_mut(&mut self) -> {m}"),
                "match self",
                arms(true),
                "}",
            );
        }
    }

    // The owned enum.
    let forks_const: Vec<String> = variants
        .iter()
        .map(|v| format!("ForkName::{}", v.ident))
        .collect();
    let _ = writeln!(out, "\nimpl{params} {name}{args} {{");
    let _ = writeln!(out, "    /// The forks that have a `{name}`, in order.");
    let _ = writeln!(
        out,
        "    pub const FORKS: &'static [ForkName] = &[{}];",
        forks_const.join(", ")
    );
    let _ = writeln!(out, "\n    /// The fork of the value.");
    let _ = writeln!(out, "    pub fn fork_name(&self) -> ForkName {{");
    let _ = writeln!(out, "        self.to_ref().fork_name()");
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "\n    /// A reference to the value.");
    let own_ref = if generic { "<'_, P>" } else { "<'_>" };
    write_match_fn(
        out,
        &format!("pub fn to_ref(&self) -> {name}Ref{own_ref}"),
        "match self",
        variants
            .iter()
            .map(|v| format!("Self::{0}(v) => {name}Ref::{0}(v),", v.ident)),
        "}",
    );
    let _ = writeln!(
        out,
        "\n    /// Decodes `bytes` as `fork`'s `{name}`; a fork without one is\n    \
         /// [`ForkDecodeError::NotInFork`]."
    );
    write_match_fn(
        out,
        "pub fn from_ssz_at(fork: ForkName, bytes: &[u8]) -> Result<Self, ForkDecodeError>",
        "Ok(match fork",
        variants
            .iter()
            .map(|v| {
                format!(
                    "ForkName::{0} => Self::{0}(decode_at(fork, bytes)?),",
                    v.ident
                )
            })
            .chain([format!(
                "_ => return Err(ForkDecodeError::NotInFork {{ container: \"{name}\", fork }}),"
            )]),
        "})",
    );
    if let Some((_, at)) = SLOT_AT.iter().find(|(n, _)| *n == name) {
        let _ = writeln!(
            out,
            "\n    /// Decodes `bytes` as the `{name}` of the fork that `schedule` gives its\n    \
             /// slot, with the run-time maxima of that slot's epoch."
        );
        let _ = writeln!(
            out,
            "    pub fn from_ssz_with(\n        bytes: &[u8],\n        schedule: &impl ForkSchedule,\n    ) -> Result<Self, ForkDecodeError> {{"
        );
        let _ = writeln!(
            out,
            "        schedule.decode(\"{name}\", bytes, {at}, Self::from_ssz_at)"
        );
        let _ = writeln!(out, "    }}");
    }
    let _ = writeln!(
        out,
        "\n    /// The default value of `fork`'s `{name}`, if `fork` has one."
    );
    write_match_fn(
        out,
        "pub fn default_at(fork: ForkName) -> Option<Self>",
        "Some(match fork",
        variants
            .iter()
            .map(|v| format!("ForkName::{0} => Self::{0}(Default::default()),", v.ident))
            .chain(["_ => return None,".to_owned()]),
        "})",
    );
    let _ = writeln!(out, "\n    /// The length of the SSZ encoding.");
    let _ = writeln!(out, "    pub fn ssz_len(&self) -> usize {{");
    let _ = writeln!(out, "        self.to_ref().ssz_len()");
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "\n    /// The SSZ encoding (of the fork's type).");
    let _ = writeln!(out, "    pub fn to_ssz(&self) -> Vec<u8> {{");
    let _ = writeln!(out, "        self.to_ref().to_ssz()");
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "\n    /// Appends the SSZ encoding to `buf`.");
    let _ = writeln!(out, "    pub fn ssz_append(&self, buf: &mut Vec<u8>) {{");
    let _ = writeln!(out, "        self.to_ref().ssz_append(buf)");
    let _ = writeln!(out, "    }}");
    out.push_str(&own_methods);
    let _ = writeln!(out, "}}");

    // The Ref.
    let _ = writeln!(out, "\nimpl{ref_params} {name}Ref{ref_args} {{");
    let _ = writeln!(out, "    /// The fork of the value.");
    write_match_fn(
        out,
        "pub fn fork_name(self) -> ForkName",
        "match self",
        variants
            .iter()
            .map(|v| format!("Self::{0}(_) => ForkName::{0},", v.ident)),
        "}",
    );
    let _ = writeln!(out, "\n    /// The owned value, cloned.");
    write_match_fn(
        out,
        &format!("pub fn cloned(self) -> {name}{args}"),
        "match self",
        variants
            .iter()
            .map(|v| format!("Self::{0}(v) => {name}::{0}(v.clone()),", v.ident)),
        "}",
    );
    for (doc, sig, call) in [
        (
            "The length of the SSZ encoding.",
            "ssz_len(self) -> usize",
            "ssz_len()",
        ),
        ("The SSZ encoding.", "to_ssz(self) -> Vec<u8>", "to_ssz()"),
        (
            "Appends the SSZ encoding to `buf`.",
            "ssz_append(self, buf: &mut Vec<u8>)",
            "ssz_append(buf)",
        ),
    ] {
        let call = call.replacen('(', "(v, ", 1).replace(", )", ")");
        let _ = writeln!(out, "\n    /// {doc}");
        write_match_fn(
            out,
            &format!("pub fn {sig}"),
            "match self",
            variants
                .iter()
                .map(|v| format!("Self::{}(v) => peam_ssz_types::Ssz::{call},", v.ident)),
            "}",
        );
    }
    out.push_str(&ref_methods);
    let _ = writeln!(out, "}}");

    // TreeHash, both.
    for (impl_params, self_ty, to_ref) in [
        (params.to_owned(), format!("{name}{args}"), ".to_ref()"),
        (ref_params.to_owned(), format!("{name}Ref{ref_args}"), ""),
    ] {
        let _ = writeln!(out, "\nimpl{impl_params} TreeHash for {self_ty} {{");
        for (i, (sig, call)) in [
            ("fn hash_tree_root(&self) -> [u8; 32]", "hash_tree_root()"),
            (
                "fn tree_node(&self, gindex: Gindex) -> Result<[u8; 32], ProofError>",
                "tree_node(gindex)",
            ),
        ]
        .into_iter()
        .enumerate()
        {
            if i > 0 {
                let _ = writeln!(out);
            }
            write_match_fn(
                out,
                sig,
                &format!("match self{to_ref}"),
                variants
                    .iter()
                    .map(|v| format!("{name}Ref::{}(v) => v.{call},", v.ident)),
                "}",
            );
        }
        let _ = writeln!(out, "}}");
    }

    // The beacon API's JSON: `{"version": "<fork>", "data": ...}`.
    let _ = writeln!(out, "\nimpl{params} VersionedJson for {name}{args} {{");
    let _ = writeln!(out, "    const NAME: &'static str = \"{name}\";");
    let _ = writeln!(out);
    write_match_fn(
        out,
        "fn serialize_data<S: serde::ser::SerializeMap>(&self, map: &mut S) -> Result<(), S::Error>",
        "match self",
        variants.iter().map(|v| {
            format!(
                "Self::{}(v) => map.serialize_entry(\"data\", &peam_ssz_types::json::Json(v)),",
                v.ident
            )
        }),
        "}",
    );
    let _ = writeln!(out);
    write_match_fn(
        out,
        "fn deserialize_data<'de, A: serde::de::MapAccess<'de>>(\n        fork: ForkName,\n        map: &mut A,\n    ) -> Result<Option<Self>, A::Error>",
        "Ok(Some(match fork",
        variants
            .iter()
            .map(|v| {
                format!(
                    "ForkName::{0} => Self::{0}(map.next_value::<peam_ssz_types::json::FromJson<_>>()?.0),",
                    v.ident
                )
            })
            .chain(["_ => return Ok(None),".to_owned()]),
        "}))",
    );
    let _ = writeln!(out, "}}");
    let _ = writeln!(out, "\nimpl{params} ConsensusJson for {name}{args} {{");
    let _ = writeln!(
        out,
        "    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {{"
    );
    let _ = writeln!(
        out,
        "        crate::versioned::serialize_json(self, self.fork_name(), serializer)"
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "    fn deserialize_json<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {{"
    );
    let _ = writeln!(
        out,
        "        crate::versioned::deserialize_json(deserializer)"
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "}}");

    // `From` each fork's value whose type no other variant shares.
    for v in variants {
        let t = ty_of(v);
        if variants.iter().filter(|w| ty_of(w) == t).count() == 1 {
            let _ = writeln!(out, "\nimpl{params} From<{t}> for {name}{args} {{");
            let _ = writeln!(out, "    fn from(value: {t}) -> Self {{");
            let _ = writeln!(out, "        Self::{}(value)", v.ident);
            let _ = writeln!(out, "    }}");
            let _ = writeln!(out, "}}");
        }
    }
    Ok(())
}

fn write_ref_method(out: &mut String, method: &str, doc: &str, ret: &str, arms: &[String]) {
    let _ = writeln!(out, "\n    /// {doc}");
    write_match_fn(
        out,
        &format!("pub fn {method}(self) -> {ret}"),
        "match self",
        arms.iter().cloned(),
        "}",
    );
}

/// A method whose body is one `match`: its signature (without the brace),
/// what opens the match (`match self`, `Ok(match fork`), one line per arm,
/// and what closes it (`}`, `})`).
fn write_match_fn(
    out: &mut String,
    signature: &str,
    head: &str,
    arms: impl IntoIterator<Item = String>,
    tail: &str,
) {
    let _ = writeln!(out, "    {signature} {{");
    let _ = writeln!(out, "        {head} {{");
    for arm in arms {
        let _ = writeln!(out, "            {arm}");
    }
    let _ = writeln!(out, "        {tail}");
    let _ = writeln!(out, "    }}");
}

fn write_own_forward(out: &mut String, method: &str, doc: &str, ret: &str) {
    let _ = writeln!(out, "\n    /// {doc}");
    let _ = writeln!(out, "    pub fn {method}(&self) -> {ret} {{");
    let _ = writeln!(out, "        self.to_ref().{method}()");
    let _ = writeln!(out, "    }}");
}
