//! The schema, read from its YAML: forks, containers, fields, aliases and
//! preset values, and the evaluation of lengths with a preset's values.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PresetName {
    Mainnet,
    Minimal,
}

pub(super) const PRESETS: [PresetName; 2] = [PresetName::Mainnet, PresetName::Minimal];

/// One field of a container in the schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Field {
    pub(super) name: String,
    pub(super) spec: String,
    pub(super) mainnet: String,
    pub(super) minimal: String,
}

#[derive(Clone, Debug)]
pub(super) struct Fork {
    pub(super) name: String,
    pub(super) parent: Option<usize>,
    /// The fork's name and those of the forks it follows, the fork first
    /// (`["gloas", "fulu"]`).
    pub(super) lineage: Vec<String>,
    /// Container name -> fields, sorted by name.
    pub(super) containers: BTreeMap<String, Vec<Field>>,
    /// Progressive container name -> its `active_fields` (EIP-7495).
    pub(super) active_fields: BTreeMap<String, Vec<u64>>,
    /// Constant -> (mainnet, minimal).
    pub(super) constants: BTreeMap<String, (u64, u64)>,
    /// Alias -> resolved type.
    pub(super) aliases: BTreeMap<String, String>,
}

pub(super) fn str_of<'a>(v: &'a serde_yaml::Value, what: &str) -> Result<&'a str, String> {
    v.as_str()
        .ok_or_else(|| format!("{what} is not a string: {v:?}"))
}

pub(super) fn map_of<'a>(
    v: &'a serde_yaml::Value,
    what: &str,
) -> Result<&'a serde_yaml::Mapping, String> {
    v.as_mapping()
        .ok_or_else(|| format!("{what} is not a mapping"))
}

pub(super) fn parse_schema(text: &str) -> Result<Vec<Fork>, String> {
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
        let mut lineage = vec![name.clone()];
        if let Some(p) = parent {
            lineage.extend(forks[p].lineage.iter().cloned());
        }
        forks.push(Fork {
            name,
            parent,
            lineage,
            containers,
            active_fields,
            constants,
            aliases,
        });
    }
    Ok(forks)
}

pub(super) fn upper_camel(s: &str) -> String {
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
pub(super) struct Presets {
    /// Preset constant -> (fork that introduced it, mainnet, minimal), in
    /// order of introduction then name.
    pub(super) values: Vec<(String, String, u64, u64)>,
}

impl Presets {
    /// `maxima_presets`: the preset values of the target's maxima, given
    /// to the fork that introduced each.
    pub(super) fn collect(
        forks: &[Fork],
        maxima_presets: &[(&str, &str, u64, u64)],
    ) -> Result<Presets, String> {
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
            for &(name, intro, mainnet, minimal) in maxima_presets {
                if intro == fork.name {
                    push(name, &fork.name, mainnet, minimal)?;
                }
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

    pub(super) fn value(&self, name: &str, preset: PresetName) -> Result<u64, String> {
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

    pub(super) fn is_preset(&self, name: &str) -> bool {
        self.values.iter().any(|v| v.0 == name)
    }
}

pub(super) fn eval(len: &Len, presets: &Presets, preset: PresetName) -> Result<u64, String> {
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

/// The length of `Vector[_, len]` if it is written as an inline array
/// `[T; length]`: a length no preset sets, of at most [`MAX_INLINE_VECTOR`]
/// elements. Such a vector is the same type in every instantiation.
pub(super) fn inline_vector_len(len: &Len, presets: &Presets) -> Result<Option<u64>, String> {
    if len_uses_preset(len, presets) {
        return Ok(None);
    }
    let length = eval(len, presets, PresetName::Mainnet)?;
    Ok((length <= MAX_INLINE_VECTOR).then_some(length))
}

pub(super) fn len_uses_preset(len: &Len, presets: &Presets) -> bool {
    match len {
        Len::Num(_) => false,
        Len::Const(c) => presets.is_preset(c),
        Len::Mul(a, b) | Len::Add(a, b) | Len::Div(a, b) => {
            len_uses_preset(a, presets) || len_uses_preset(b, presets)
        }
    }
}
