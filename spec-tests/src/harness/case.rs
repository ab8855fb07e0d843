//! One case directory and the files read from it; the hex of roots.

use super::*;

/// One test case directory, and the files read from it so far.
#[derive(Debug)]
pub struct Case {
    dir: PathBuf,
    name: String,
    label: String,
    read: RefCell<BTreeSet<String>>,
}

impl Case {
    /// The case in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Case {
        let dir = dir.into();
        Case {
            name: file_name(&dir),
            label: case_label(&dir),
            dir,
            read: RefCell::new(BTreeSet::new()),
        }
    }

    /// The case directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The directory's name: the case name (`uint_8_zero`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The case path after `tests/`, which names the case in messages.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The names of the files read so far.
    pub fn files_read(&self) -> BTreeSet<String> {
        self.read.borrow().clone()
    }

    /// An error message that names this case.
    pub fn error(&self, msg: impl core::fmt::Display) -> String {
        format!("{}: {msg}", self.label)
    }

    /// The bytes of `file`, recorded as read.
    pub fn read_bytes(&self, file: &str) -> Result<Vec<u8>, String> {
        self.read.borrow_mut().insert(file.to_owned());
        std::fs::read(self.dir.join(file))
            .map_err(|e| self.error(format!("cannot read {file}: {e}")))
    }

    /// The text of `file`, recorded as read.
    pub fn read_text(&self, file: &str) -> Result<String, String> {
        let bytes = self.read_bytes(file)?;
        String::from_utf8(bytes).map_err(|_| self.error(format!("{file} is not UTF-8")))
    }

    /// The SSZ bytes: `serialized.ssz_snappy`, decompressed (snappy raw
    /// format).
    pub fn serialized(&self) -> Result<Vec<u8>, String> {
        let compressed = self.read_bytes(SERIALIZED_FILE)?;
        snap::raw::Decoder::new()
            .decompress_vec(&compressed)
            .map_err(|e| self.error(format!("cannot decompress {SERIALIZED_FILE}: {e}")))
    }

    /// The text of `value.yaml`.
    pub fn value_yaml(&self) -> Result<String, String> {
        self.read_text(VALUE_FILE)
    }

    /// `value.yaml` parsed into `T` with serde.
    pub fn value<T: DeserializeOwned>(&self) -> Result<T, String> {
        let text = self.value_yaml()?;
        serde_yaml::from_str(&text)
            .map_err(|e| self.error(format!("cannot parse {VALUE_FILE}: {e}")))
    }

    /// The `root: '0x...'` of `file` (`meta.yaml` or `roots.yaml`).
    pub fn root(&self, file: &str) -> Result<[u8; 32], String> {
        #[derive(serde::Deserialize)]
        struct RootFile {
            root: String,
        }
        let text = self.read_text(file)?;
        let parsed: RootFile = serde_yaml::from_str(&text)
            .map_err(|e| self.error(format!("cannot parse {file}: {e}")))?;
        let bytes = decode_hex(&parsed.root).map_err(|e| self.error(format!("{file}: {e}")))?;
        <[u8; 32]>::try_from(bytes.as_slice())
            .map_err(|_| self.error(format!("{file}: the root is {} bytes, not 32", bytes.len())))
    }
}

/// Decodes `0x`-prefixed hex.
pub fn decode_hex(s: &str) -> Result<Vec<u8>, String> {
    let digits = s
        .strip_prefix("0x")
        .ok_or_else(|| format!("hex string without 0x prefix: {:?}", truncate(s, 80)))?;
    if digits.len() % 2 != 0 {
        return Err(format!("hex string of odd length: {:?}", truncate(s, 80)));
    }
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    digits
        .as_bytes()
        .chunks_exact(2)
        .map(|pair| match (nibble(pair[0]), nibble(pair[1])) {
            (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
            _ => Err(format!("invalid hex digit in {:?}", truncate(s, 80))),
        })
        .collect()
}

/// `0x`-prefixed hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}
