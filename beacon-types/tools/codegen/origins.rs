//! Where each container and alias of each fork is defined: in the first
//! fork that has it with its definition, re-exported by later ones.

use super::*;

/// A container's or alias's definition within a fork: equal keys in a fork
/// and its parent mean the item is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) fields: Vec<Field>,
    /// `active_fields` of a progressive container.
    pub(super) active_fields: Option<Vec<u64>>,
    /// Each container the item names, with the fork that defines it there.
    pub(super) refs: Vec<(String, usize)>,
}

/// Where each item of each fork is defined.
pub(super) struct Origins {
    /// Per fork: container -> defining fork.
    pub(super) containers: Vec<BTreeMap<String, usize>>,
    /// Per fork: alias -> defining fork.
    pub(super) aliases: Vec<BTreeMap<String, usize>>,
}

pub(super) fn named_types(ty: &Ty, out: &mut Vec<String>) {
    match ty {
        Ty::Named(n) => out.push(n.clone()),
        Ty::List(t, _) | Ty::Vector(t, _) | Ty::ProgressiveList(t) => named_types(t, out),
        _ => {}
    }
}

pub(super) fn container_key(
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

pub(super) fn container_origin(
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

pub(super) fn compute_origins(forks: &[Fork]) -> Result<Origins, String> {
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
