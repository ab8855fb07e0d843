//! Reading and checking consensus-spec test cases.
//!
//! A test case is a directory of files (consensus-specs v1.6.1,
//! `tests/formats/ssz_generic` and `tests/formats/ssz_static`):
//!
//! - `serialized.ssz_snappy`: the SSZ bytes, snappy-compressed in the raw
//!   (block) format;
//! - `value.yaml`: the value, in the consensus YAML conventions;
//! - `meta.yaml` (`ssz_generic`) or `roots.yaml` (`ssz_static`): the
//!   expected `hash_tree_root`, as `root: '0x...'`.
//!
//! [`Case`] reads these files and records every file it reads, so that a
//! [`Run`] can prove that every file of the tree was looked at. [`check_valid`]
//! and [`check_invalid`] are the conditions of the formats. [`Run`] runs the
//! cases of a tree in parallel, counts them per group, and fails on any case
//! that failed, any case directory that was not run and any file that was not
//! read.
//!
//! ```no_run
//! use spec_tests::harness::{check_valid, vectors_dir, Run};
//!
//! let root = vectors_dir().join("tests/general/phase0/ssz_generic/uints");
//! let mut run = Run::new();
//! run.expect_tree(&root);
//! let cases = spec_tests::harness::subdirs(&root.join("valid")).unwrap();
//! run.run("ssz_generic/uints", cases, |case| check_valid::<u8>(case, "meta.yaml"));
//! run.finish();
//! ```

use core::fmt::Debug;
use peam_ssz_types::{Ssz, TreeHash};
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
fn find_vectors(env: &str, default: &str, edition: &str, option: &str) -> Result<PathBuf, String> {
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

fn read_dir_sorted(dir: &Path) -> Result<Vec<PathBuf>, String> {
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

fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_owned();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes in all)", &s[..end], s.len())
}

/// Where two byte strings first differ, with some bytes of context.
fn bytes_diff(got: &[u8], expected: &[u8]) -> String {
    let at = got
        .iter()
        .zip(expected)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(expected.len()));
    let from = at.saturating_sub(8);
    let window = |b: &[u8]| to_hex(&b[from.min(b.len())..(at + 24).min(b.len())]);
    format!(
        "{} bytes, expected {}; first difference at byte {at}: got {} expected {} (from byte {from})",
        got.len(),
        expected.len(),
        window(got),
        window(expected),
    )
}

/// Where two `Debug` renderings first differ, with some context.
fn debug_diff(got: &str, expected: &str) -> String {
    let at = got
        .bytes()
        .zip(expected.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(expected.len()));
    let snippet = |s: &str| {
        let mut from = at.saturating_sub(60);
        while !s.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (at + 100).min(s.len());
        while !s.is_char_boundary(to) {
            to += 1;
        }
        s.get(from..to).unwrap_or("").to_owned()
    };
    format!(
        "first difference at char {at} of the Debug output: got `...{}...`, expected `...{}...`",
        snippet(got),
        snippet(expected)
    )
}

/// Calls `f`, turning a panic into an error message.
pub fn catch_panic<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a non-string payload".to_owned());
        format!("panicked: {msg}")
    })
}

/// The conditions of a valid case, with the value read by serde from
/// `value.yaml` (see [`check_valid_with`]).
pub fn check_valid<T>(case: &Case, root_file: &str) -> Result<(), String>
where
    T: Ssz + TreeHash + DeserializeOwned + PartialEq + Debug,
{
    check_valid_with::<T>(case, root_file, |yaml| {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    })
}

/// The conditions of a valid case (consensus-specs v1.6.1,
/// `tests/formats/ssz_generic` and `ssz_static`), with `parse` turning the
/// text of `value.yaml` into a value:
///
/// - decoding `serialized` gives the value of `value.yaml`;
/// - encoding that value gives `serialized` byte for byte (through
///   [`Ssz::to_ssz`], and [`Ssz::ssz_append`] after other bytes), and
///   [`Ssz::ssz_len`] is its length;
/// - its `hash_tree_root` is the `root` of `root_file`.
///
/// Every file is read before anything is checked. A panic anywhere is a
/// failure.
pub fn check_valid_with<T>(
    case: &Case,
    root_file: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(), String>
where
    T: Ssz + TreeHash + PartialEq + Debug,
{
    let bytes = case.serialized()?;
    let yaml = case.value_yaml()?;
    let root = case.root(root_file)?;

    let expected = catch_panic(|| parse(&yaml))
        .and_then(|r| r)
        .map_err(|e| case.error(format!("cannot parse {VALUE_FILE}: {e}")))?;

    let decoded = catch_panic(|| T::from_ssz(&bytes))
        .map_err(|e| case.error(format!("decoding: {e}")))?
        .map_err(|e| {
            case.error(format!(
                "decoding {} bytes failed: {e} (bytes {})",
                bytes.len(),
                truncate(&to_hex(&bytes), 200)
            ))
        })?;
    if decoded != expected {
        return Err(case.error(format!(
            "the decoded value differs from {VALUE_FILE}: {}",
            debug_diff(&format!("{decoded:?}"), &format!("{expected:?}"))
        )));
    }

    let len =
        catch_panic(|| expected.ssz_len()).map_err(|e| case.error(format!("ssz_len: {e}")))?;
    if len != bytes.len() {
        return Err(case.error(format!(
            "ssz_len is {len}, the encoding is {} bytes",
            bytes.len()
        )));
    }
    let encoded =
        catch_panic(|| expected.to_ssz()).map_err(|e| case.error(format!("encoding: {e}")))?;
    if encoded != bytes {
        return Err(case.error(format!("encoding: {}", bytes_diff(&encoded, &bytes))));
    }
    let appended = catch_panic(|| {
        let mut buf = vec![0xa5; 3];
        expected.ssz_append(&mut buf);
        buf
    })
    .map_err(|e| case.error(format!("ssz_append: {e}")))?;
    if appended[..3] != [0xa5; 3] || appended[3..] != bytes[..] {
        return Err(case.error(format!(
            "ssz_append after 3 bytes: {}",
            bytes_diff(&appended, &[&[0xa5; 3][..], &bytes].concat())
        )));
    }

    let got = catch_panic(|| expected.hash_tree_root())
        .map_err(|e| case.error(format!("hash_tree_root: {e}")))?;
    if got != root {
        return Err(case.error(format!(
            "hash_tree_root is {}, {root_file} says {}",
            to_hex(&got),
            to_hex(&root)
        )));
    }
    Ok(())
}

/// The condition of an invalid case: decoding `serialized` fails with an
/// error. Decoding to a value, or panicking, is a failure.
pub fn check_invalid<T: Ssz + Debug>(case: &Case) -> Result<(), String> {
    let bytes = case.serialized()?;
    match catch_panic(|| T::from_ssz(&bytes)) {
        Err(panic) => Err(case.error(format!(
            "decoding {} bytes must fail with an error, it {panic}",
            bytes.len()
        ))),
        Ok(Ok(value)) => Err(case.error(format!(
            "decoding must fail, but {} bytes {} decoded to {}",
            bytes.len(),
            truncate(&to_hex(&bytes), 200),
            truncate(&format!("{value:?}"), 300)
        ))),
        Ok(Err(_)) => Ok(()),
    }
}

/// Passed and failed cases of one group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Cases whose check passed.
    pub passed: usize,
    /// Cases whose check failed.
    pub failed: usize,
}

/// A failed case or a problem with the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The group of the case (empty for problems with the tree).
    pub group: String,
    /// What failed, naming the case.
    pub message: String,
}

/// How many failed cases of each group [`Run::report`] shows with their
/// messages.
pub const SHOWN_FAILURES: usize = 10;

/// What became of a case directory that was run.
#[derive(Debug, Default)]
struct Ran {
    passed: bool,
    read: BTreeSet<String>,
}

/// A run over a tree of test cases.
///
/// [`Run::expect_tree`] lists every case directory and file of a tree;
/// [`Run::run`] checks cases and counts them per group; [`Run::finish`]
/// prints the counts and fails if any case failed, any listed case directory
/// was not run, any file of a passed case was not read, or anything else was
/// reported through [`Run::fail`].
#[derive(Debug, Default)]
pub struct Run {
    groups: BTreeMap<String, Counts>,
    failures: Vec<Failure>,
    // Case directory -> the files in it, for every leaf of the expected trees.
    expected: BTreeMap<PathBuf, BTreeSet<String>>,
    ran: BTreeMap<PathBuf, Ran>,
}

impl Run {
    /// An empty run.
    pub fn new() -> Run {
        Run::default()
    }

    /// Lists every case directory under `root` (each directory that holds
    /// files or no subdirectory) and its files: [`Run::finish`] fails on
    /// each of them that was not run or read. A missing `root` is a
    /// failure.
    pub fn expect_tree(&mut self, root: &Path) {
        if !root.is_dir() {
            self.fail(format!("{} is not a directory", root.display()));
            return;
        }
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let entries = match read_dir_sorted(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    self.fail(e);
                    continue;
                }
            };
            let mut files = BTreeSet::new();
            let mut has_subdirs = false;
            for entry in entries {
                if entry.is_dir() {
                    has_subdirs = true;
                    stack.push(entry);
                } else {
                    files.insert(file_name(&entry));
                }
            }
            if !files.is_empty() || !has_subdirs {
                self.expected.insert(dir, files);
            }
        }
    }

    /// Records a failure that belongs to no case (an unknown directory, a
    /// missing suite, ...).
    pub fn fail(&mut self, message: impl Into<String>) {
        self.failures.push(Failure {
            group: String::new(),
            message: message.into(),
        });
    }

    /// Records a failed case of `group` that could not be run at all.
    pub fn fail_case(&mut self, group: &str, dir: &Path, message: impl core::fmt::Display) {
        self.ran.insert(dir.to_path_buf(), Ran::default());
        self.groups.entry(group.to_owned()).or_default().failed += 1;
        self.failures.push(Failure {
            group: group.to_owned(),
            message: format!("{}: {message}", case_label(dir)),
        });
    }

    /// Leaves the case directories `dirs` out of the run on purpose (a
    /// sample of a suite on a slow emulated target): they are no longer
    /// expected to run.
    pub fn leave_out(&mut self, dirs: &[PathBuf]) {
        for dir in dirs {
            self.expected.remove(dir);
        }
    }

    /// Checks the cases in `dirs` with `check`, counting them in `group`.
    ///
    /// The cases run on up to 4 threads; results are recorded in the order of
    /// `dirs`. A panic in `check` is a failure of that case.
    pub fn run<F>(&mut self, group: &str, dirs: Vec<PathBuf>, check: F)
    where
        F: Fn(&Case) -> Result<(), String> + Sync,
    {
        type Outcome = (Result<(), String>, BTreeSet<String>);
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 4)
            .min(dirs.len().max(1));
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<Option<Outcome>>> = dirs.iter().map(|_| Mutex::new(None)).collect();
        let work = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(dir) = dirs.get(i) else { break };
            let case = Case::new(dir.clone());
            let result = catch_panic(|| check(&case))
                .unwrap_or_else(|panic| Err(case.error(panic)))
                .map_err(|e| {
                    // Messages name their case; add the name where one does not.
                    if e.starts_with(case.label()) {
                        e
                    } else {
                        case.error(e)
                    }
                });
            let read = case.files_read();
            *results[i].lock().unwrap_or_else(|p| p.into_inner()) = Some((result, read));
        };
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(work);
            }
            work();
        });

        let counts = self.groups.entry(group.to_owned()).or_default();
        for (dir, result) in dirs.into_iter().zip(results) {
            let (result, read) = result
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_else(|| {
                    let never = format!("{}: never ran", case_label(&dir));
                    (Err(never), BTreeSet::new())
                });
            let passed = result.is_ok();
            match result {
                Ok(()) => counts.passed += 1,
                Err(message) => {
                    counts.failed += 1;
                    self.failures.push(Failure {
                        group: group.to_owned(),
                        message,
                    });
                }
            }
            let ran = self.ran.entry(dir).or_default();
            ran.passed = passed;
            ran.read.extend(read);
        }
    }

    /// The counts of `group` so far.
    pub fn counts(&self, group: &str) -> Counts {
        self.groups.get(group).copied().unwrap_or_default()
    }

    /// The counts of every group, by group name.
    pub fn groups(&self) -> &BTreeMap<String, Counts> {
        &self.groups
    }

    /// Every failure: failed cases, problems reported with [`Run::fail`],
    /// then expected case directories not run and files of passed cases not
    /// read (a failed case may stop before reading all of its files).
    pub fn failures(&self) -> Vec<Failure> {
        let mut all = self.failures.clone();
        for (dir, files) in &self.expected {
            match self.ran.get(dir) {
                None => all.push(Failure {
                    group: String::new(),
                    message: format!("{}: case directory not run", case_label(dir)),
                }),
                Some(ran) if ran.passed => {
                    for file in files.difference(&ran.read) {
                        all.push(Failure {
                            group: String::new(),
                            message: format!("{}: {file} was not read", case_label(dir)),
                        });
                    }
                }
                Some(_) => {}
            }
        }
        all
    }

    /// The summary: a `<group>: P passed, F failed` line per group, the
    /// first [`SHOWN_FAILURES`] failed cases of each group, and every other
    /// failure (case directories not run, files not read, ...).
    pub fn report(&self) -> String {
        use core::fmt::Write;
        let mut out = String::new();
        for (group, c) in &self.groups {
            let _ = writeln!(out, "{group}: {} passed, {} failed", c.passed, c.failed);
        }
        for (group, c) in &self.groups {
            if c.failed == 0 {
                continue;
            }
            let _ = writeln!(out, "failed cases of {group}:");
            let failed = self.failures.iter().filter(|f| &f.group == group);
            for f in failed.take(SHOWN_FAILURES) {
                let _ = writeln!(out, "  {}", f.message);
            }
            if c.failed > SHOWN_FAILURES {
                let _ = writeln!(out, "  ... and {} more", c.failed - SHOWN_FAILURES);
            }
        }
        let other: Vec<Failure> = self
            .failures()
            .into_iter()
            .filter(|f| f.group.is_empty())
            .collect();
        if !other.is_empty() {
            let _ = writeln!(out, "{} problems with the vector tree:", other.len());
            for f in &other {
                let _ = writeln!(out, "  {}", f.message);
            }
        }
        out
    }

    /// Prints [`Run::report`] and panics if anything failed.
    ///
    /// # Panics
    ///
    /// On any failure (see [`Run::failures`]), or when no case was run.
    pub fn finish(self) {
        let report = self.report();
        println!("{report}");
        let failures = self.failures().len();
        let cases: usize = self.groups.values().map(|c| c.passed + c.failed).sum();
        if failures > 0 {
            panic!("{failures} failures: see the report above");
        }
        if cases == 0 {
            panic!("no test case was run");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peam_ssz_types::{DecodeError, Root};

    /// A fresh directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn join(&self, path: &str) -> PathBuf {
            self.0.join(path)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn temp_dir(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("spec-tests-harness-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a case directory: `ssz` (compressed), and the YAML files given.
    fn write_case(dir: &Path, ssz: &[u8], files: &[(&str, &str)]) {
        std::fs::create_dir_all(dir).unwrap();
        let compressed = snap::raw::Encoder::new().compress_vec(ssz).unwrap();
        std::fs::write(dir.join(SERIALIZED_FILE), compressed).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }

    const ROOT_0102: &str =
        "root: '0x0102000000000000000000000000000000000000000000000000000000000000'\n";

    #[test]
    fn a_valid_case_passes_and_records_its_files() {
        let tmp = temp_dir("valid");
        let dir = tmp.join("tests/x/uint_16_case");
        write_case(
            &dir,
            &[1, 2],
            &[(VALUE_FILE, "513\n"), ("meta.yaml", ROOT_0102)],
        );
        let case = Case::new(&dir);
        assert_eq!(case.label(), "x/uint_16_case");
        assert_eq!(check_valid::<u16>(&case, "meta.yaml"), Ok(()));
        let read: Vec<String> = case.files_read().into_iter().collect();
        assert_eq!(read, ["meta.yaml", SERIALIZED_FILE, VALUE_FILE]);
    }

    #[test]
    fn each_broken_condition_fails_naming_the_case() {
        let tmp = temp_dir("broken");
        let base = tmp.join("tests");
        let cases: [(&str, &[u8], &str, &str, &str); 4] = [
            (
                "wrong_value",
                &[1, 2],
                "514\n",
                ROOT_0102,
                "differs from value.yaml",
            ),
            (
                "wrong_root",
                &[1, 2],
                "513\n",
                "root: '0x00'\n",
                "the root is 1 bytes",
            ),
            (
                "other_root",
                &[1, 2],
                "513\n",
                "root: '0x0202000000000000000000000000000000000000000000000000000000000000'\n",
                "hash_tree_root is 0x0102",
            ),
            (
                "too_long",
                &[1, 2, 3],
                "513\n",
                ROOT_0102,
                "decoding 3 bytes failed",
            ),
        ];
        for (name, ssz, value, meta, expected) in cases {
            let dir = base.join(name);
            write_case(&dir, ssz, &[(VALUE_FILE, value), ("meta.yaml", meta)]);
            let err = check_valid::<u16>(&Case::new(&dir), "meta.yaml").unwrap_err();
            assert!(err.starts_with(name), "{err}");
            assert!(err.contains(expected), "{name}: {err}");
        }
    }

    /// Decodes anything, then encodes one byte too many.
    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Sloppy(u8);

    impl Ssz for Sloppy {
        const IS_FIXED_SIZE: bool = true;
        const FIXED_PART_LEN: usize = 1;
        fn ssz_len(&self) -> usize {
            2
        }
        fn ssz_write(&self, out: &mut [u8]) {
            out.fill(self.0);
        }
        fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
            if bytes == [0xff] {
                panic!("boom");
            }
            Ok(Sloppy(bytes.first().copied().unwrap_or(0)))
        }
    }

    impl TreeHash for Sloppy {
        fn hash_tree_root(&self) -> Root {
            [self.0; 32]
        }
    }

    #[test]
    fn invalid_cases_fail_on_success_and_on_panic() {
        let tmp = temp_dir("invalid");
        let base = tmp.join("tests");
        let accepted = base.join("accepted");
        write_case(&accepted, &[7, 7], &[]);
        let err = check_invalid::<Sloppy>(&Case::new(&accepted)).unwrap_err();
        assert!(
            err.contains("decoding must fail") && err.contains("Sloppy(7)"),
            "{err}"
        );

        let panics = base.join("panics");
        write_case(&panics, &[0xff], &[]);
        let err = check_invalid::<Sloppy>(&Case::new(&panics)).unwrap_err();
        assert!(err.contains("panicked: boom"), "{err}");

        let rejected = base.join("rejected");
        write_case(&rejected, &[1, 2, 3], &[]);
        assert_eq!(check_invalid::<u16>(&Case::new(&rejected)), Ok(()));
    }

    #[test]
    fn an_encoding_of_the_wrong_length_fails() {
        let tmp = temp_dir("sloppy");
        let dir = tmp.join("tests/sloppy");
        write_case(&dir, &[5], &[(VALUE_FILE, "5\n"), ("meta.yaml", ROOT_0102)]);
        let err = check_valid::<Sloppy>(&Case::new(&dir), "meta.yaml").unwrap_err();
        assert!(
            err.contains("ssz_len is 2, the encoding is 1 bytes"),
            "{err}"
        );
    }

    #[test]
    fn a_run_fails_on_cases_not_run_and_files_not_read() {
        let tmp = temp_dir("run");
        let root = tmp.join("tests/suite");
        let meta = [(VALUE_FILE, "513\n"), ("meta.yaml", ROOT_0102)];
        write_case(&root.join("valid/a"), &[1, 2], &meta);
        write_case(&root.join("valid/b"), &[1, 2], &meta);
        write_case(&root.join("valid/c"), &[1, 2], &meta);
        std::fs::create_dir_all(root.join("empty")).unwrap();

        let mut run = Run::new();
        run.expect_tree(&root);
        let cases = vec![root.join("valid/a"), root.join("valid/b")];
        run.run("suite/valid", cases, |case| {
            if case.name() == "a" {
                check_valid::<u16>(case, "meta.yaml")
            } else {
                // Passes without reading meta.yaml.
                case.serialized().map(drop)
            }
        });
        assert_eq!(
            run.counts("suite/valid"),
            Counts {
                passed: 2,
                failed: 0
            }
        );
        let messages: Vec<String> = run.failures().into_iter().map(|f| f.message).collect();
        assert_eq!(
            messages,
            [
                "suite/empty: case directory not run",
                "suite/valid/b: meta.yaml was not read",
                "suite/valid/b: value.yaml was not read",
                "suite/valid/c: case directory not run",
            ]
        );
        let report = run.report();
        assert!(
            report.starts_with("suite/valid: 2 passed, 0 failed\n"),
            "{report}"
        );
        assert!(catch_panic(|| run.finish()).is_err());
    }

    #[test]
    fn a_run_counts_failures_and_panics() {
        let tmp = temp_dir("failures");
        let root = tmp.join("tests/g");
        write_case(&root.join("x"), &[1], &[]);
        write_case(&root.join("y"), &[1], &[]);
        let mut run = Run::new();
        run.expect_tree(&root);
        run.run("g", vec![root.join("x"), root.join("y")], |case| {
            case.serialized()?;
            match case.name() {
                "x" => Err("no good".to_owned()),
                _ => panic!("bad"),
            }
        });
        assert_eq!(
            run.counts("g"),
            Counts {
                passed: 0,
                failed: 2
            }
        );
        let messages: Vec<String> = run.failures().into_iter().map(|f| f.message).collect();
        assert_eq!(messages, ["g/x: no good", "g/y: panicked: bad"]);
        assert!(run
            .report()
            .contains("g: 0 passed, 2 failed\nfailed cases of g:\n  g/x: no good\n"));
    }

    #[test]
    fn hex_round_trips() {
        assert_eq!(to_hex(&[0x00, 0xab, 0x1f]), "0x00ab1f");
        assert_eq!(decode_hex("0x00AB1f"), Ok(vec![0x00, 0xab, 0x1f]));
        assert!(decode_hex("00").is_err());
        assert!(decode_hex("0x0").is_err());
        assert!(decode_hex("0xzz").is_err());
    }
}
