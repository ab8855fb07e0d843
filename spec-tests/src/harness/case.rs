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
    if !s.starts_with("0x") {
        return Err(format!(
            "hex string without 0x prefix: {:?}",
            truncate(s, 80)
        ));
    }
    test_support::hex::decode(s).map_err(|e| format!("{e}: {:?}", truncate(s, 80)))
}

/// `0x`-prefixed hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    test_support::hex::encode(bytes)
}
