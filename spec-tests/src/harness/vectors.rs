//! Where the vectors are, and the directory walks over their trees.

use super::*;

/// The environment variable naming a directory that holds the `tests/` tree
/// of the vectors, used instead of `spec-tests/vectors`.
pub const VECTORS_ENV: &str = "SSZ_SPEC_VECTORS";

/// The file holding the SSZ bytes of a case.
pub const SERIALIZED_FILE: &str = "serialized.ssz_snappy";
/// The file holding the YAML value of a case.
pub const VALUE_FILE: &str = "value.yaml";

/// The directory holding the vectors' `tests/` tree: `$SSZ_SPEC_VECTORS`, or
/// else `spec-tests/vectors`.
///
/// # Panics
///
/// When that directory holds no `tests/` directory, with a message that
/// says how to get the vectors: a run without vectors fails, it does not
/// pass by running nothing.
pub fn vectors_dir() -> PathBuf {
    match try_vectors_dir() {
        Ok(dir) => dir,
        Err(e) => panic!("{e}"),
    }
}

/// [`vectors_dir`], with an error instead of a panic.
pub fn try_vectors_dir() -> Result<PathBuf, String> {
    find_vectors(VECTORS_ENV, "vectors", "", "")
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

/// The environment variable naming a directory that holds the `tests/` tree
/// of the v1.7.0-alpha.13 vectors, used instead of `spec-tests/vectors-v1.7`.
pub const VECTORS_V1_7_ENV: &str = "SSZ_SPEC_VECTORS_V1_7";

/// The directory holding the v1.7.0-alpha.13 vectors' `tests/` tree:
/// `$SSZ_SPEC_VECTORS_V1_7`, or else `spec-tests/vectors-v1.7`.
///
/// # Panics
///
/// As [`vectors_dir`], when that directory holds no `tests/` directory.
pub fn vectors_dir_v1_7() -> PathBuf {
    match find_vectors(
        VECTORS_V1_7_ENV,
        "vectors-v1.7",
        " v1.7.0-alpha.13",
        " (DIR from $SSZ_VECTOR_ARCHIVES_V1_7)",
    ) {
        Ok(dir) => dir,
        Err(e) => panic!("{e}"),
    }
}

/// `$env`, or else `spec-tests/<default>`, if it holds a `tests/` directory.
pub(super) fn find_vectors(
    env: &str,
    default: &str,
    edition: &str,
    option: &str,
) -> Result<PathBuf, String> {
    let (dir, origin) = match std::env::var_os(env) {
        Some(dir) if !dir.is_empty() => (PathBuf::from(dir), format!("${env}")),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join(default),
            "the default location".to_owned(),
        ),
    };
    if dir.join("tests").is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "the consensus-spec{edition} test vectors are missing: {} ({origin}) holds no tests/ \
             directory. Run `spec-tests/download-vectors.sh` (online) or \
             `spec-tests/download-vectors.sh DIR`{option}, DIR holding general.tar.gz, \
             mainnet.tar.gz and minimal.tar.gz (and for v1.6.1 proofs.tar.gz); or set {env} \
             to a directory holding tests/",
            dir.display()
        ))
    }
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
