//! The inputs of a command: a file or standard input, its format, and the
//! tree of a JSON or YAML one.

use std::fs;
use std::io::{self, Read};

use crate::args::Format;

/// The default bound of what an ssz_snappy input may declare: the most a
/// snappy block can hold.
pub(crate) const DEFAULT_MAX_SIZE: usize = u32::MAX as usize;

/// An input: its name for messages, and its bytes.
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
    pub(crate) format: Format,
}

pub(crate) fn read_input(
    path: Option<&str>,
    format: Option<Format>,
    default: Format,
) -> Result<Input, String> {
    let (name, bytes) = match path {
        None | Some("-") => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("standard input: {e}"))?;
            ("standard input".to_owned(), bytes)
        }
        Some(path) => {
            let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            (path.to_owned(), bytes)
        }
    };
    let format = format
        .or_else(|| path.and_then(Format::of_path))
        .unwrap_or(default);
    Ok(Input {
        name,
        bytes,
        format,
    })
}

/// The tree of a JSON or YAML input.
pub(crate) fn read_json(input: &Input) -> Result<serde_json::Value, String> {
    let label = input.format.label();
    match input.format {
        Format::Yaml => serde_yaml::from_slice(&input.bytes).map_err(|e| format!("{label}: {e}")),
        _ => serde_json::from_slice(&input.bytes).map_err(|e| format!("{label}: {e}")),
    }
}
