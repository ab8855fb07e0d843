//! `verify` of a proof file against a root.

use std::fs;

use peam_ssz_types::proof::{calculate_merkle_root, Gindex};

use crate::output::{hex, Outcome, Output};

/// Checks the proof in the file at `path` against `root`.
pub(crate) fn verify_proof(path: &str, root: &[u8; 32]) -> Result<Outcome, String> {
    let text = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let proof: serde_yaml::Value =
        serde_yaml::from_slice(&text).map_err(|e| format!("{path}: {e}"))?;
    let field = |name: &str| {
        proof
            .get(name)
            .ok_or_else(|| format!("{path}: the proof has no {name:?}"))
    };
    let leaf = parse_node(field("leaf")?).map_err(|e| format!("{path}: leaf: {e}"))?;
    let index = match field("leaf_index")? {
        serde_yaml::Value::Number(n) => n.as_u64().map(u128::from),
        serde_yaml::Value::String(s) => s.parse::<u128>().ok(),
        _ => None,
    };
    let gindex = index.and_then(Gindex::new).ok_or_else(|| {
        format!("{path}: leaf_index: expected a generalized index (an integer >= 1)")
    })?;
    let branch = field("branch")?
        .as_sequence()
        .ok_or_else(|| format!("{path}: branch: expected a list of 0x roots"))?
        .iter()
        .enumerate()
        .map(|(i, node)| parse_node(node).map_err(|e| format!("{path}: branch[{i}]: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let computed =
        calculate_merkle_root(&leaf, &branch, gindex).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Output::open(None)?;
    if computed == *root {
        out.write(b"ok\n")?;
        out.finish()?;
        Ok(Outcome::Success)
    } else {
        out.finish()?;
        eprintln!(
            "peam-ssz: {path}: the proof leads to {}, not to {}",
            hex(&computed),
            hex(root)
        );
        Ok(Outcome::Negative)
    }
}

fn parse_node(value: &serde_yaml::Value) -> Result<[u8; 32], String> {
    parse_root(value.as_str().ok_or("expected a 0x root")?)
}

pub(crate) fn parse_root(text: &str) -> Result<[u8; 32], String> {
    let digits = text
        .strip_prefix("0x")
        .ok_or_else(|| format!("{text:?}: expected 0x and 64 hex digits"))?;
    if digits.len() != 64 {
        return Err(format!("{text:?}: expected 0x and 64 hex digits"));
    }
    let mut root = [0u8; 32];
    for (i, byte) in root.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16)
            .map_err(|_| format!("{text:?}: invalid hex digit"))?;
    }
    Ok(root)
}
