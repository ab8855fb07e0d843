//! The names a fork's types use, rendered as Rust types, and the check that
//! every spec type evaluates to the schema's resolution.

use super::*;

/// How a preset value is named where it is used: `P::SlotsPerEpoch` in a
/// struct, `<P as Preset>::SlotsPerEpoch` in a type alias (whose bounds
/// Rust does not check).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Site {
    Struct,
    Alias,
}

/// The Rust imports a rendered file needs.
#[derive(Default)]
pub(super) struct Uses {
    pub(super) ssz: BTreeSet<&'static str>,
    pub(super) beacon: BTreeSet<&'static str>,
}

pub(super) fn render_len(
    len: &Len,
    presets: &Presets,
    site: Site,
    uses: &mut Uses,
) -> Result<String, String> {
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

/// The byte vectors that come through `super::collections` as `Bytes32`
/// and `Bytes20` (roots, hashes, execution addresses), so that an
/// instantiation can map them to its own types (`FixedBytes<N>` in
/// `beacon`, alloy's `B256` and `Address` in `beacon_alloy`).
pub(super) const COLLECTION_BYTES: [u64; 2] = [20, 32];

/// What the renderer knows about the names a fork's types use.
pub(super) struct Scope<'a> {
    pub(super) presets: &'a Presets,
    /// The edition marker progressive types name (`V1_7`).
    pub(super) edition: &'static str,
    /// Alias -> (spec type, generic over the preset).
    pub(super) aliases: BTreeMap<String, (Ty, bool)>,
    /// Container -> generic over the preset.
    pub(super) containers: BTreeMap<String, bool>,
}

pub(super) fn basic(name: &str) -> Option<&'static str> {
    Some(match name {
        "uint8" => "u8",
        "uint16" => "u16",
        "uint32" => "u32",
        "uint64" => "u64",
        "uint128" => "u128",
        // Through the instantiation's collections, as `Bytes32` and
        // `Bytes20` (see `COLLECTION_BYTES`): peam's `U256` in `beacon`,
        // alloy's in `beacon_alloy`.
        "uint256" => "super::collections::Uint256",
        "boolean" => "bool",
        _ => return None,
    })
}

impl Scope<'_> {
    /// The type as the schema resolves it for `preset`.
    pub(super) fn resolve(
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

    pub(super) fn render(&self, ty: &Ty, site: Site, uses: &mut Uses) -> Result<String, String> {
        let presets = self.presets;
        let generic_arg = |generic: bool| match (generic, site) {
            (false, _) => "",
            (true, Site::Struct) => "<P>",
            (true, Site::Alias) => "<P>",
        };
        Ok(match ty {
            Ty::Named(name) => {
                if let Some(b) = basic(name) {
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
                if let Some(length) = inline_vector_len(l, presets)? {
                    format!("[{elem}; {length}]")
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
            Ty::ByteVector(Len::Num(n)) if COLLECTION_BYTES.contains(n) => {
                format!("super::collections::Bytes{n}")
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
pub(super) fn split_generic_args(ty: &str) -> Option<(&str, Vec<&str>)> {
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

/// The spec type of an alias: from [`ALIAS_SPEC_TYPES`] when the entry has
/// the resolution's constructor (Gloas's `Transaction` is a
/// `ProgressiveByteList`, not the `ByteList[MAX_BYTES_PER_TRANSACTION]` of
/// earlier forks), or else its resolution.
pub(super) fn alias_spec(alias: &str, resolved: &str) -> Result<Ty, String> {
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
pub(super) fn alias_spec_entry(alias: &str, resolved: &str) -> Option<&'static str> {
    let constructor = |t: &str| t.split('[').next().unwrap_or("").to_owned();
    ALIAS_SPEC_TYPES
        .iter()
        .find(|(a, spec)| *a == alias && constructor(spec) == constructor(resolved))
        .map(|(_, spec)| *spec)
}

/// The resolution of an alias for `preset`: `mainnet|minimal` when the
/// schema gives one per preset, else the one for both.
pub(super) fn resolution_for(resolved: &str, preset: PresetName) -> &str {
    match (resolved.split_once('|'), preset) {
        (Some((mainnet, _)), PresetName::Mainnet) => mainnet,
        (Some((_, minimal)), PresetName::Minimal) => minimal,
        (None, _) => resolved,
    }
}

pub(super) fn build_scope<'a>(
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
    // A container is generic, too, when a maximum of one of its fields has
    // a value per preset (`IndexedAttestation`: `MAX_VALIDATORS_PER_COMMITTEE
    // * MAX_COMMITTEES_PER_SLOT`, 131072 or 8192), and so is every
    // container that holds it.
    let mut by_maximum = BTreeSet::new();
    for m in target.maxima.iter().filter(|m| m.holds_in(fork)) {
        if !fork.containers.contains_key(m.container) {
            continue;
        }
        let differs = m
            .max
            .differs(presets)
            .map_err(|e| format!("{}.{}.{}: {e}", fork.name, m.container, m.field))?;
        if differs {
            by_maximum.insert(m.container.to_owned());
        }
    }
    pub(super) fn generic_ty(
        fork: &Fork,
        scope: &Scope,
        by_maximum: &BTreeSet<String>,
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
                        t => generic_ty(fork, scope, by_maximum, memo, t, depth + 1)?,
                    };
                    memo.insert(n.clone(), g);
                    g
                } else if let Some(fields) = fork.containers.get(n) {
                    let mut g = by_maximum.contains(n);
                    for field in fields {
                        let ty = parse_ty(&field.spec)?;
                        g |= generic_ty(fork, scope, by_maximum, memo, &ty, depth + 1)?;
                    }
                    memo.insert(n.clone(), g);
                    g
                } else {
                    return Err(format!("unknown type {n}"));
                }
            }
            Ty::List(t, l) | Ty::Vector(t, l) => {
                generic_ty(fork, scope, by_maximum, memo, t, depth + 1)? || len(l)
            }
            Ty::ProgressiveList(t) => generic_ty(fork, scope, by_maximum, memo, t, depth + 1)?,
            Ty::Bitlist(l) | Ty::Bitvector(l) | Ty::ByteList(l) | Ty::ByteVector(l) => len(l),
        })
    }
    let mut memo = BTreeMap::new();
    for name in fork.aliases.keys().chain(fork.containers.keys()) {
        generic_ty(
            fork,
            &scope,
            &by_maximum,
            &mut memo,
            &Ty::Named(name.clone()),
            0,
        )?;
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
pub(super) fn check_resolution(fork: &Fork, scope: &Scope) -> Result<(), String> {
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
