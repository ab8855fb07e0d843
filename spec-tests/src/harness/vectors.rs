//! Where the vectors are, and the directory walks over their trees.

use super::*;
use peam_ssz_types::edition::{Edition, V1_6, V1_7};

/// The file holding the SSZ bytes of a case.
pub const SERIALIZED_FILE: &str = "serialized.ssz_snappy";
/// The file holding the YAML value of a case.
pub const VALUE_FILE: &str = "value.yaml";

/// An edition whose consensus-spec vectors the harness runs: where they
/// are and how their cases are laid out. One impl per edition, here.
pub trait SpecEdition: Edition {
    /// The environment variable naming a directory that holds the `tests/`
    /// tree of the edition's vectors, used instead of `spec-tests/<DIR>`.
    const VECTORS_ENV: &'static str;
    /// The default directory of the vectors, under `spec-tests/`.
    const DIR: &'static str;
    /// The variable that gives `download-vectors.sh` the directory of the
    /// release archives.
    const ARCHIVES_ENV: &'static str;
    /// Whether every case holds a `manifest.yaml` ([`check_manifest`]).
    const MANIFESTS: bool;
}

impl SpecEdition for V1_6 {
    const VECTORS_ENV: &'static str = "SSZ_SPEC_VECTORS";
    const DIR: &'static str = "vectors";
    const ARCHIVES_ENV: &'static str = "SSZ_VECTOR_ARCHIVES";
    const MANIFESTS: bool = false;
}

impl SpecEdition for V1_7 {
    const VECTORS_ENV: &'static str = "SSZ_SPEC_VECTORS_V1_7";
    const DIR: &'static str = "vectors-v1.7";
    const ARCHIVES_ENV: &'static str = "SSZ_VECTOR_ARCHIVES_V1_7";
    const MANIFESTS: bool = true;
}

/// The directory holding the `tests/` tree of the edition `E`'s vectors:
/// `$E::VECTORS_ENV`, or else `spec-tests/<E::DIR>`.
///
/// # Panics
///
/// When that directory holds no `tests/` directory, with a message that
/// says how to get the vectors: a run without vectors fails, it does not
/// pass by running nothing.
pub fn vectors_dir<E: SpecEdition>() -> PathBuf {
    match try_vectors_dir::<E>() {
        Ok(dir) => dir,
        Err(e) => panic!("{e}"),
    }
}

/// [`vectors_dir`], with an error instead of a panic.
pub fn try_vectors_dir<E: SpecEdition>() -> Result<PathBuf, String> {
    let env = E::VECTORS_ENV;
    let (dir, origin) = match std::env::var_os(env) {
        Some(dir) if !dir.is_empty() => (PathBuf::from(dir), format!("${env}")),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join(E::DIR),
            "the default location".to_owned(),
        ),
    };
    if dir.join("tests").is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "the consensus-spec {} test vectors are missing: {} ({origin}) holds no tests/ \
             directory. Run `spec-tests/download-vectors.sh` (online), or offline with {} \
             naming the directory of the release's general.tar.gz, mainnet.tar.gz and \
             minimal.tar.gz (and for v1.6.1 proofs.tar.gz); or set {env} to a directory \
             holding tests/",
            E::NAME,
            dir.display(),
            E::ARCHIVES_ENV,
        ))
    }
}

/// The file in which the v1.7.0-alpha.13 generators describe a case.
pub const MANIFEST_FILE: &str = "manifest.yaml";

/// Checks `manifest.yaml`, which every case of the v1.7.0-alpha.13 vectors
/// holds: its `preset`, `fork`, `runner`, `handler`, `suite` and `case` must
/// be the six directories that lead to the case
/// (`tests/<preset>/<fork>/<runner>/<handler>/<suite>/<case>/`), so that a
/// case misfiled in the tree fails rather than running as the wrong type.
pub fn check_manifest(case: &Case) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Manifest {
        preset: String,
        fork: String,
        runner: String,
        handler: String,
        suite: String,
        case: String,
    }
    let text = case.read_text(MANIFEST_FILE)?;
    let m: Manifest = serde_yaml::from_str(&text)
        .map_err(|e| case.error(format!("cannot parse {MANIFEST_FILE}: {e}")))?;
    let expected = [
        ("preset", &m.preset),
        ("fork", &m.fork),
        ("runner", &m.runner),
        ("handler", &m.handler),
        ("suite", &m.suite),
        ("case", &m.case),
    ];
    let dirs: Vec<String> = case
        .dir()
        .components()
        .rev()
        .take(expected.len())
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if dirs.len() != expected.len() {
        return Err(case.error(format!("{MANIFEST_FILE}: the case is not six levels deep")));
    }
    for ((key, value), dir) in expected.iter().zip(dirs.iter().rev()) {
        if *value != dir {
            return Err(case.error(format!(
                "{MANIFEST_FILE} gives {key} {value:?}, the directory says {dir:?}"
            )));
        }
    }
    Ok(())
}

/// The subdirectories of `dir`, sorted by name.
pub fn subdirs(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut dirs = Vec::new();
    for entry in read_dir_sorted(dir)? {
        if entry.is_dir() {
            dirs.push(entry);
        }
    }
    Ok(dirs)
}

pub(super) fn read_dir_sorted(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        paths.push(entry.path());
    }
    paths.sort();
    Ok(paths)
}

/// The last component of `path`, as text.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A short name for a case directory: its path after the `tests` component
/// (`general/phase0/ssz_generic/uints/valid/uint_8_zero`).
pub fn case_label(dir: &Path) -> String {
    let components: Vec<_> = dir.components().collect();
    match components.iter().rposition(|c| c.as_os_str() == "tests") {
        Some(i) if i + 1 < components.len() => components[i + 1..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        _ => dir.display().to_string(),
    }
}
