//! The outputs of a command: how it ended, standard output or a file, and
//! the writers of JSON, differences and proofs.

use std::fs;
use std::io::{self, BufWriter, Write};

use peam_ssz_types::proof::SingleProof;

use crate::args::Format;
use crate::diff;

/// How a command that ran ended.
pub enum Outcome {
    /// Done (exit 0).
    Success,
    /// `verify` found the proof wrong, or `diff` found a difference (exit 1).
    Negative,
}

/// Writes `json` to standard output as `format` says: YAML, or else JSON
/// (pretty, with a final newline).
pub(crate) fn write_json(json: &serde_json::Value, format: Option<Format>) -> Result<(), String> {
    let mut out = Output::open(None)?;
    match format.unwrap_or(Format::Json) {
        Format::Yaml => {
            serde_yaml::to_writer(&mut out.writer, json).map_err(|e| format!("YAML: {e}"))?
        }
        _ => {
            serde_json::to_writer_pretty(&mut out.writer, json)
                .map_err(|e| format!("JSON: {e}"))?;
            out.write(b"\n")?;
        }
    }
    out.finish()
}

/// Prints each path at which `a` and `b` differ, with both values; the
/// outcome is negative when there is one.
pub(crate) fn write_diff(a: &serde_json::Value, b: &serde_json::Value) -> Result<Outcome, String> {
    let a = serde_yaml::to_value(a).map_err(|e| e.to_string())?;
    let b = serde_yaml::to_value(b).map_err(|e| e.to_string())?;
    let differences = diff::diff(&a, &b);
    let mut out = Output::open(None)?;
    for d in &differences {
        out.write(format!("{}: {} -> {}\n", d.path, d.a, d.b).as_bytes())?;
    }
    out.finish()?;
    Ok(if differences.is_empty() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// Writes `proof` of `path` as JSON (the fields of the spec tests'
/// `proof.yaml`, and the path).
pub(crate) fn write_proof(path: &str, proof: &SingleProof) -> Result<(), String> {
    let mut text = format!(
        "{{\n  \"path\": {},\n  \"leaf\": \"{}\",\n  \"leaf_index\": {},\n  \"branch\": [",
        serde_json::Value::String(path.to_owned()),
        hex(&proof.leaf),
        proof.leaf_index.get()
    );
    for (i, node) in proof.branch.iter().enumerate() {
        text.push_str(if i == 0 { "\n    \"" } else { ",\n    \"" });
        text.push_str(&hex(node));
        text.push('"');
    }
    text.push_str(if proof.branch.is_empty() {
        "]\n}\n"
    } else {
        "\n  ]\n}\n"
    });
    let mut out = Output::open(None)?;
    out.write(text.as_bytes())?;
    out.finish()?;
    Ok(())
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    s
}

/// Standard output or a file, buffered, every error a message.
pub(crate) struct Output {
    name: String,
    pub(crate) writer: BufWriter<Box<dyn Write>>,
}

impl Output {
    pub(crate) fn open(path: Option<&str>) -> Result<Output, String> {
        let (name, sink): (String, Box<dyn Write>) = match path {
            None | Some("-") => ("standard output".into(), Box::new(io::stdout().lock())),
            Some(path) => (
                path.to_owned(),
                Box::new(fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
            ),
        };
        Ok(Output {
            name,
            writer: BufWriter::with_capacity(1 << 16, sink),
        })
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.writer
            .write_all(bytes)
            .map_err(|e| format!("{}: {e}", self.name))
    }

    pub(crate) fn finish(mut self) -> Result<(), String> {
        self.writer
            .flush()
            .map_err(|e| format!("{}: {e}", self.name))
    }
}
