//! Fills `fuzz/corpus/<target>/` with seeds taken from the consensus-spec
//! v1.6.1 SSZ vectors, valid and invalid (and for `decode_beacon_v1_7`, the
//! v1.7.0-alpha.13 `ssz_static` ones), each prefixed with the selector
//! byte of the type it belongs to (`src/catalog.rs`, shared with the fuzz
//! crate, so the indices agree); for `schema_values`, which decodes the
//! types of both catalogues, by a catalogue byte (0 `ssz_generic`, 1
//! beacon) before the selector.
//!
//! ```text
//! seed-corpus [--vectors DIR] [--vectors-v1-7 DIR] [--out DIR] [--max-len BYTES] [--per-type N]
//! ```
//!
//! - `--vectors DIR`: a directory holding `tests/` (default
//!   `$SSZ_SPEC_VECTORS`, else `spec-tests/vectors`).
//! - `--vectors-v1-7 DIR`: the v1.7.0-alpha.13 vectors' directory holding
//!   `tests/` (default `$SSZ_SPEC_VECTORS_V1_7`, else the directory of
//!   `--vectors` with `-v1.7` appended, as `download-vectors.sh` lays them
//!   out: `spec-tests/vectors-v1.7`).
//! - `--out DIR`: where the corpora go (default `fuzz/corpus`).
//! - `--max-len BYTES`: skip serialized values longer than this (default
//!   65536). libFuzzer caps its inputs at the longest seed, and every
//!   execution on an input of hundreds of KiB (mainnet states, blobs, long
//!   vectors of `uint256`) decodes, encodes and hashes it twice: a corpus of
//!   such seeds runs at a few dozen executions per second.
//! - `--per-type N`: at most N seeds per selected type and target (default:
//!   all), for a short CI pass.
//!
//! Seeds are named after a hash of their content, so re-running adds
//! nothing twice.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "../../src/catalog.rs"]
mod catalog;

struct Options {
    vectors: PathBuf,
    vectors_v1_7: PathBuf,
    out: PathBuf,
    max_len: usize,
    per_type: usize,
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn parse_args() -> Result<Options, String> {
    let mut vectors = std::env::var_os("SSZ_SPEC_VECTORS")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| fuzz_dir().join("../spec-tests/vectors"));
    let mut vectors_v1_7 = std::env::var_os("SSZ_SPEC_VECTORS_V1_7")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let mut out = fuzz_dir().join("corpus");
    let mut max_len = 65_536;
    let mut per_type = usize::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--vectors" => vectors = PathBuf::from(value()?),
            "--vectors-v1-7" => vectors_v1_7 = Some(PathBuf::from(value()?)),
            "--out" => out = PathBuf::from(value()?),
            "--max-len" => max_len = value()?.parse().map_err(|e| format!("--max-len: {e}"))?,
            "--per-type" => per_type = value()?.parse().map_err(|e| format!("--per-type: {e}"))?,
            "-h" | "--help" => {
                return Err(
                    "usage: seed-corpus [--vectors DIR] [--vectors-v1-7 DIR] [--out DIR] \
                            [--max-len BYTES] [--per-type N]"
                        .to_owned(),
                )
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if !vectors.join("tests").is_dir() {
        return Err(format!(
            "{} holds no tests/ directory: run spec-tests/download-vectors.sh or set \
             SSZ_SPEC_VECTORS",
            vectors.display()
        ));
    }
    let vectors_v1_7 = vectors_v1_7.unwrap_or_else(|| {
        let mut dir = vectors.clone().into_os_string();
        dir.push("-v1.7");
        PathBuf::from(dir)
    });
    if !vectors_v1_7.join("tests").is_dir() {
        return Err(format!(
            "{} holds no tests/ directory: run spec-tests/download-vectors.sh or set \
             SSZ_SPEC_VECTORS_V1_7",
            vectors_v1_7.display()
        ));
    }
    Ok(Options {
        vectors,
        vectors_v1_7,
        out,
        max_len,
        per_type,
    })
}

fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// 64-bit FNV-1a, for content-addressed seed names.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The seeds of every target, deduplicated, with a count per type key.
#[derive(Default)]
struct Corpus {
    seeds: BTreeMap<&'static str, BTreeMap<u64, Vec<u8>>>,
    per_key: BTreeMap<(&'static str, String), usize>,
}

impl Corpus {
    fn add(&mut self, opts: &Options, target: &'static str, key: &str, prefix: u8, bytes: &[u8]) {
        self.add_prefixed(opts, target, key, &[prefix], bytes);
    }

    /// [`Corpus::add`] with a prefix of several bytes (`schema_values`:
    /// the catalogue, then the selector).
    fn add_prefixed(
        &mut self,
        opts: &Options,
        target: &'static str,
        key: &str,
        prefix: &[u8],
        bytes: &[u8],
    ) {
        let count = self.per_key.entry((target, key.to_owned())).or_default();
        if *count >= opts.per_type {
            return;
        }
        let mut seed = Vec::with_capacity(prefix.len() + bytes.len());
        seed.extend_from_slice(prefix);
        seed.extend_from_slice(bytes);
        if self
            .seeds
            .entry(target)
            .or_default()
            .insert(fnv(&seed), seed)
            .is_none()
        {
            *count += 1;
        }
    }
}

fn read_serialized(case: &Path, max_len: usize) -> Result<Option<Vec<u8>>, String> {
    let path = case.join("serialized.ssz_snappy");
    let compressed = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let len =
        snap::raw::decompress_len(&compressed).map_err(|e| format!("{}: {e}", path.display()))?;
    if len > max_len {
        return Ok(None);
    }
    snap::raw::Decoder::new()
        .decompress_vec(&compressed)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn selector(index: usize) -> u8 {
    u8::try_from(index).expect("a catalog table has at most 256 entries")
}

fn seed_generic(opts: &Options, corpus: &mut Corpus) -> Result<usize, String> {
    let generic = catalog::generic_types();
    let root = opts.vectors.join("tests/general/phase0/ssz_generic");
    let mut cases = 0;
    for handler_dir in subdirs(&root) {
        let handler = name(&handler_dir);
        for suite in subdirs(&handler_dir) {
            for case in subdirs(&suite) {
                let Some(bytes) = read_serialized(&case, opts.max_len)? else {
                    continue;
                };
                cases += 1;
                let case_name = name(&case);
                for type_name in catalog::generic_case_types(&handler, &case_name) {
                    let index = generic
                        .iter()
                        .position(|t| t.name == type_name)
                        .expect("generic_case_types returns catalog names");
                    for target in ["decode_generic", "roundtrip_generic"] {
                        corpus.add(opts, target, &type_name, selector(index), &bytes);
                    }
                    corpus.add_prefixed(
                        opts,
                        "schema_values",
                        &type_name,
                        &[0, selector(index)],
                        &bytes,
                    );
                }
                // The bytes of the shapes the differential targets compare.
                // Bit 0 of the first byte clear: raw bytes; bit 1 picks the
                // type (see each target).
                if handler == "bitlist" {
                    for mode in [0, 2] {
                        corpus.add(opts, "diff_bitlist", &case_name, mode, &bytes);
                    }
                }
                if case_name.starts_with("vec_uint64_") || case_name.starts_with("proglist_uint64")
                {
                    for mode in [0, 2] {
                        corpus.add(opts, "diff_list", &case_name, mode, &bytes);
                    }
                }
            }
        }
    }
    Ok(cases)
}

/// Seeds for the beacon targets: the v1.6.1 `ssz_static` cases, under the
/// selector of their container in the beacon table.
fn seed_beacon(opts: &Options, corpus: &mut Corpus) -> Result<usize, String> {
    let entries = catalog::beacon_entries();
    static_cases(
        opts,
        &opts.vectors,
        &entries,
        |type_name, key, index, bytes| {
            corpus.add(opts, "decode_beacon", key, index, bytes);
            corpus.add(opts, "roundtrip_beacon", key, index, bytes);
            corpus.add_prefixed(opts, "schema_values", key, &[1, index], bytes);
            if type_name == "BeaconBlockHeader" {
                corpus.add(opts, "diff_header", key, 0, bytes);
            }
        },
    )
}

/// Seeds for `decode_beacon_v1_7`: the v1.7.0-alpha.13 `ssz_static` cases,
/// under the selector of their container in that table.
fn seed_beacon_v1_7(opts: &Options, corpus: &mut Corpus) -> Result<usize, String> {
    let entries = catalog::beacon_v1_7_entries();
    static_cases(
        opts,
        &opts.vectors_v1_7,
        &entries,
        |_, key, index, bytes| {
            corpus.add(opts, "decode_beacon_v1_7", key, index, bytes);
        },
    )
}

/// Calls `each(type name, label, selector, serialized)` for every
/// `ssz_static` case of both presets under `vectors/tests`, each filed under
/// its container's entry of `entries`; returns how many cases it read.
fn static_cases(
    opts: &Options,
    vectors: &Path,
    entries: &[catalog::BeaconEntry],
    mut each: impl FnMut(&str, &str, u8, &[u8]),
) -> Result<usize, String> {
    let mut cases = 0;
    for preset in ["minimal", "mainnet"] {
        for fork_dir in subdirs(&vectors.join("tests").join(preset)) {
            let fork = name(&fork_dir);
            for type_dir in subdirs(&fork_dir.join("ssz_static")) {
                let type_name = name(&type_dir);
                let index =
                    catalog::beacon_index(entries, preset, &fork, &type_name).ok_or_else(|| {
                        format!(
                            "no beacon entry for {preset}/{fork}/{type_name} (under {})",
                            vectors.display()
                        )
                    })?;
                let key = entries[index].label();
                for suite in subdirs(&type_dir) {
                    for case in subdirs(&suite) {
                        let Some(bytes) = read_serialized(&case, opts.max_len)? else {
                            continue;
                        };
                        cases += 1;
                        each(&type_name, &key, selector(index), &bytes);
                    }
                }
            }
        }
    }
    Ok(cases)
}

/// Seeds for the generated-value mode of the differential targets (bit 0
/// set): an empty rest builds the smallest value of each shape.
fn seed_generated(opts: &Options, corpus: &mut Corpus) {
    for target in [
        "diff_header",
        "diff_list",
        "diff_bitlist",
        "diff_container",
        "diff_union",
    ] {
        for mode in [1, 3] {
            corpus.add(opts, target, "generated", mode, &[]);
            corpus.add(opts, target, "generated", mode, &[0xff; 64]);
        }
    }
    // Empty, one message, and a batch that fills the widest backend and
    // leaves a remainder.
    for n in [0usize, 1, 17] {
        let batch: Vec<u8> = (0..n * 64).map(|i| i as u8).collect();
        corpus.add(opts, "hash_backends", "batch", 0, &batch);
    }
}

fn run() -> Result<(), String> {
    let opts = parse_args()?;
    let mut corpus = Corpus::default();
    let generic_cases = seed_generic(&opts, &mut corpus)?;
    let beacon_cases = seed_beacon(&opts, &mut corpus)?;
    let v1_7_cases = seed_beacon_v1_7(&opts, &mut corpus)?;
    seed_generated(&opts, &mut corpus);
    if generic_cases == 0 || beacon_cases == 0 {
        return Err(format!(
            "no cases read under {} ({generic_cases} ssz_generic, {beacon_cases} ssz_static)",
            opts.vectors.display()
        ));
    }
    if v1_7_cases == 0 {
        return Err(format!(
            "no ssz_static cases read under {}",
            opts.vectors_v1_7.display()
        ));
    }
    for (target, seeds) in &corpus.seeds {
        let dir = opts.out.join(target);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut bytes = 0;
        for (hash, seed) in seeds {
            let path = dir.join(format!("spec-{hash:016x}"));
            std::fs::write(&path, seed).map_err(|e| format!("{}: {e}", path.display()))?;
            bytes += seed.len();
        }
        println!("{target}: {} seeds, {bytes} bytes", seeds.len());
    }
    println!(
        "from {generic_cases} ssz_generic, {beacon_cases} ssz_static and {v1_7_cases} \
         v1.7.0-alpha.13 ssz_static cases"
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("seed-corpus: {e}");
            ExitCode::FAILURE
        }
    }
}
