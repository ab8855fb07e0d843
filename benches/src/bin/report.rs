//! Prints the Markdown table of the last `cargo bench -p benches` run, read
//! from criterion's JSON (`target/criterion/<group>/<id>/new/`).
//!
//! Usage: `cargo run -p benches --bin report [CRITERION_DIR]`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The fixtures, in table order.
const FIXTURES: &[&str] = &[
    "bool",
    "u64",
    "bytes32",
    "list_u64_1k",
    "list_u64_100k",
    "list_gwei_100k",
    "beacon_block_header",
    "validators_100k",
    "validators_1m",
    "beacon_state_1m",
    "beacon_block",
];
const OPS: &[&str] = &["encode", "decode", "hash_tree_root"];
const OURS: &str = "peam";
const PEERS: &[&str] = &["peam_ssz_v2", "libssz", "lighthouse", "ssz_rs"];

#[derive(Deserialize)]
struct Benchmark {
    group_id: String,
    function_id: Option<String>,
    throughput: Option<Throughput>,
}

/// Criterion's `{"Bytes": n}` / `{"Elements": n}`, read as a struct since
/// the YAML reader takes externally tagged enums only as YAML tags.
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Throughput {
    bytes: Option<u64>,
    bytes_decimal: Option<u64>,
    elements: Option<u64>,
}

#[derive(Deserialize)]
struct Estimates {
    median: Estimate,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
}

/// One measured function: its median in nanoseconds per iteration and the
/// elements (or bytes) one iteration processes.
struct Measured {
    median_ns: f64,
    per_iter: Option<u64>,
}

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/criterion"));
    let results = read_all(&dir);
    if results.is_empty() {
        eprintln!(
            "no criterion results under {}; run `cargo bench -p benches` first",
            dir.display()
        );
        std::process::exit(1);
    }
    print!("{}", render(&results));
}

/// Every `new/benchmark.json` + `new/estimates.json` pair under `dir`,
/// keyed by (group, function).
fn read_all(dir: &Path) -> BTreeMap<(String, String), Measured> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|n| n == "new") {
                if let Some((key, m)) = read_one(&path) {
                    out.insert(key, m);
                }
            } else if path
                .file_name()
                .is_some_and(|n| n != "report" && n != "base")
            {
                stack.push(path);
            }
        }
    }
    out
}

fn read_one(dir: &Path) -> Option<((String, String), Measured)> {
    let bench: Benchmark =
        serde_yaml::from_str(&fs::read_to_string(dir.join("benchmark.json")).ok()?).ok()?;
    let est: Estimates =
        serde_yaml::from_str(&fs::read_to_string(dir.join("estimates.json")).ok()?).ok()?;
    let per_iter = bench
        .throughput
        .and_then(|t| t.bytes.or(t.bytes_decimal).or(t.elements));
    Some((
        (bench.group_id, bench.function_id?),
        Measured {
            median_ns: est.median.point_estimate,
            per_iter,
        },
    ))
}

fn render(results: &BTreeMap<(String, String), Measured>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Machine: {}\n", machine());
    let _ = writeln!(
        s,
        "Median time per call (criterion). The last column is the best peer's median over \
         ours: above 1 we are faster; the peer named is the fastest one in that row.\n"
    );
    let mut header = format!("| fixture/op | {OURS} |");
    let mut rule = String::from("| --- | ---: |");
    for p in PEERS {
        let _ = write!(header, " {p} |");
        rule.push_str(" ---: |");
    }
    header.push_str(" peam vs best peer |");
    rule.push_str(" ---: |");
    let _ = writeln!(s, "{header}\n{rule}");

    let mut absent: Vec<String> = Vec::new();
    for fixture in FIXTURES {
        for op in OPS {
            let group = format!("{fixture}/{op}");
            let get = |id: &str| results.get(&(group.clone(), id.to_string()));
            let Some(ours) = get(OURS) else { continue };
            let _ = write!(s, "| {group} | {} |", time(ours.median_ns));
            let mut best: Option<(&str, f64)> = None;
            for p in PEERS {
                match get(p) {
                    Some(m) => {
                        let _ = write!(s, " {} |", time(m.median_ns));
                        if best.is_none_or(|(_, b)| m.median_ns < b) {
                            best = Some((p, m.median_ns));
                        }
                    }
                    None => {
                        let _ = write!(s, " — |");
                        if !absent
                            .iter()
                            .any(|a| a.starts_with(&format!("{p}: {fixture}")))
                        {
                            absent.push(format!("{p}: {fixture}"));
                        }
                    }
                }
            }
            match best {
                Some((p, b)) => {
                    let _ = writeln!(s, " {:.2}x ({p}) |", b / ours.median_ns);
                }
                None => {
                    let _ = writeln!(s, " — |");
                }
            }
        }
    }
    if !absent.is_empty() {
        let _ = writeln!(s, "\n— : not measured ({}).", absent.join("; "));
    }

    // The SHA-256 group: time per 64-byte node.
    let sha: Vec<(&String, &Measured)> = results
        .iter()
        .filter(|((g, _), _)| g == "sha256")
        .map(|((_, f), m)| (f, m))
        .collect();
    if !sha.is_empty() {
        let best_sha2 = sha
            .iter()
            .filter(|(f, _)| f.starts_with("sha2_"))
            .map(|(_, m)| per_node(m))
            .fold(f64::INFINITY, f64::min);
        // hashtree's fastest kernel on this CPU, when it ran.
        let best_hashtree = sha
            .iter()
            .filter(|(f, _)| f.starts_with("hashtree_"))
            .map(|(_, m)| per_node(m))
            .fold(f64::INFINITY, f64::min);
        let _ = writeln!(
            s,
            "\nSHA-256 of 64-byte merkle nodes, time per node (batches of {}). The last \
             columns are the fastest `sha2` path and the fastest hashtree kernel (its \
             assembly, as Prysm and Lodestar use it) over this one.\n",
            sha[0].1.per_iter.unwrap_or(1)
        );
        let _ = writeln!(
            s,
            "| implementation | per node | vs sha2 | vs hashtree |\n| --- | ---: | ---: | ---: |"
        );
        for (f, m) in &sha {
            let t = per_node(m);
            let vs_hashtree = if best_hashtree.is_finite() {
                format!("{:.2}x", best_hashtree / t)
            } else {
                "—".to_string()
            };
            let _ = writeln!(
                s,
                "| {f} | {} | {:.2}x | {vs_hashtree} |",
                time(t),
                best_sha2 / t
            );
        }
    }
    floor_section(&mut s, results);
    parallel_section(&mut s, results);
    incremental_section(&mut s, results);
    proofs_section(&mut s, results);
    s
}

/// The `incremental/<fixture>/<row>` groups: ours against the row's peer
/// (milhouse, or today's plain types where no milhouse value exists).
fn incremental_section(s: &mut String, results: &BTreeMap<(String, String), Measured>) {
    let mut rows = Vec::new();
    let mut groups: Vec<&String> = results
        .keys()
        .map(|(g, _)| g)
        .filter(|g| g.starts_with("incremental/"))
        .collect();
    groups.dedup();
    for group in groups {
        let get = |id: &str| results.get(&(group.clone(), id.to_string()));
        // milhouse in its faster configuration for the row: its default
        // update map or its `BTreeMap` one.
        let milhouse = match (get("milhouse"), get("milhouse_btree")) {
            (Some(a), Some(b)) if b.median_ns < a.median_ns => "milhouse_btree",
            _ => "milhouse",
        };
        let pairs = [
            ("peam", milhouse),
            ("peam_persistent", "peam_list"),
            ("peam_cached", "peam_plain"),
        ];
        for (ours, peer) in pairs {
            if let (Some(o), Some(p)) = (get(ours), get(peer)) {
                rows.push(format!(
                    "| {} | {} ({ours}) | {} ({peer}) | {:.2}x |",
                    group.trim_start_matches("incremental/"),
                    time(o.median_ns),
                    time(p.median_ns),
                    p.median_ns / o.median_ns
                ));
            }
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(
            s,
            "\nIncremental roots (`cargo bench -p benches -- incremental/`): change, then \
             re-root. The last column is the peer's median over ours: above 1 we are faster. \
             milhouse is the faster of its two configurations for the row: `milhouse` (its \
             default update map, `MaxMap<VecMap>`) or `milhouse_btree` (a `BTreeMap`).\n\n\
             | row | ours | peer | peer / ours |\n| --- | ---: | ---: | ---: |"
        );
        for r in rows {
            let _ = writeln!(s, "{r}");
        }
    }
}

/// Peers with no row in the `proofs/` groups, and why.
const NO_PROOF_ROWS: &[(&str, &str)] = &[(
    "ssz_rs",
    "ssz_rs 0.9 (its crates.io release) generates no proofs: its `Prove` is on its \
     unreleased main branch, which builds the whole tree out to a list's limit (2^40 \
     leaves for the validator registry); its verification (`is_valid_merkle_branch`) has \
     rows",
)];

/// The `proofs/` groups: proving and verifying, ours and the peers that
/// can, by function id `<op>/<implementation>`.
fn proofs_section(s: &mut String, results: &BTreeMap<(String, String), Measured>) {
    let rows: Vec<String> = results
        .iter()
        .filter_map(|((group, id), m)| {
            let fixture = group.strip_prefix("proofs/")?;
            Some(format!("| {fixture} | {id} | {} |", time(m.median_ns)))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "\nMerkle proofs (median per call).\n\n| group | function/implementation | median |\n| --- | --- | ---: |"
    );
    for row in rows {
        let _ = writeln!(s, "{row}");
    }
    for (peer, why) in NO_PROOF_ROWS {
        let _ = writeln!(s, "\nno row: {peer} prove / prove_multi: {why}.");
    }
}

/// Node hashes of `merkleize` over `leaves` chunks in a tree of `depth`
/// levels: `ceil(n / 2)` at each level, one per level once a single node is
/// left (hashed with a zero subtree).
fn tree_hashes(leaves: u64, depth: u32) -> u64 {
    let mut n = leaves;
    let mut total = 0;
    for _ in 0..depth {
        n = n.div_ceil(2);
        total += n;
    }
    total
}

/// The fixtures whose `hash_tree_root` is all SHA-256, and the node hashes
/// it takes (with `mix_in_length`): a floor, hashes times the fastest
/// backend's time per node.
fn hashing_floors() -> [(&'static str, u64); 3] {
    [
        // 25,000 chunks of 4 uint64 each, limit 2^40 elements = 2^38 chunks.
        ("list_u64_100k", tree_hashes(25_000, 38) + 1),
        // Per validator: the pubkey's 2 chunks (1 hash) and 8 field roots
        // (7); then 1M roots, limit 2^40.
        ("validators_1m", validators_hashes(1_000_000)),
        ("beacon_state_1m", beacon_state_hashes(1_000_000)),
    ]
}

/// Node hashes of a `List[Validator, 2^40]` of `n` validators.
fn validators_hashes(n: u64) -> u64 {
    n * 8 + tree_hashes(n, 40) + 1
}

/// Node hashes of the `beacon_state_1m` fixture (`benches/src/ours.rs`): a
/// fulu mainnet `BeaconState` with `n` validators, counted field by field
/// from its layout and the fixture's list lengths. A list is its tree at
/// the limit's depth plus `mix_in_length`; a container of `k` fields is
/// `next_pow2(k) - 1` hashes over its field roots.
fn beacon_state_hashes(n: u64) -> u64 {
    let list = |chunks: u64, depth: u32| tree_hashes(chunks, depth) + 1;
    let vector = |chunks: u64| chunks - 1;
    // 96-byte signature: 3 chunks in 4 leaves.
    let (pubkey, signature) = (1, 3);
    let fields = [
        // The state itself: 38 fields in 64 leaves.
        63,
        // fork (3 fields), latest_block_header (5), eth1_data (3).
        3,
        7,
        3,
        // block_roots, state_roots: Vector[Root, 8192].
        vector(8192),
        vector(8192),
        // historical_roots: 758 of 2^24.
        list(758, 24),
        // eth1_data_votes: 1024 Eth1Data (3 hashes each) of 2048.
        1024 * 3 + list(1024, 11),
        validators_hashes(n),
        // balances, inactivity_scores: n uint64 of 2^40 (2^38 chunks).
        list(n.div_ceil(4), 38),
        list(n.div_ceil(4), 38),
        // randao_mixes: Vector[Bytes32, 65536]; slashings: Vector[Gwei,
        // 8192] (2048 chunks).
        vector(65536),
        vector(2048),
        // previous/current_epoch_participation: n bytes of 2^40 (2^35
        // chunks).
        list(n.div_ceil(32), 35),
        list(n.div_ceil(32), 35),
        // Three checkpoints (2 fields: one hash each).
        3,
        // current/next_sync_committee: 512 pubkeys, their vector, the
        // aggregate pubkey and the 2-field container.
        2 * (512 * pubkey + vector(512) + pubkey + 1),
        // latest_execution_payload_header: 17 fields in 32 leaves,
        // logs_bloom (256 bytes: 8 chunks), extra_data (ByteList[32]: one
        // chunk and its length).
        31 + vector(8) + 1,
        // historical_summaries: 1200 (2 fields: one hash each) of 2^24.
        1200 + list(1200, 24),
        // pending_deposits: 10,000 of 2^27, each 5 fields in 8 leaves, its
        // pubkey and signature.
        10_000 * (7 + pubkey + signature) + list(10_000, 27),
        // pending_partial_withdrawals: 1000 (3 fields) of 2^27.
        1000 * 3 + list(1000, 27),
        // pending_consolidations: 100 (2 fields) of 2^18.
        100 + list(100, 18),
        // proposer_lookahead: Vector[ValidatorIndex, 64] (16 chunks).
        vector(16),
    ];
    fields.iter().sum()
}

/// The `parallel/<fixture>` groups: one rayon thread against all of them.
fn parallel_section(s: &mut String, results: &BTreeMap<(String, String), Measured>) {
    let mut rows = Vec::new();
    for ((group, id), m) in results {
        let Some(fixture) = group.strip_prefix("parallel/") else {
            continue;
        };
        if id == "one_thread" {
            continue;
        }
        if let Some(one) = results.get(&(group.clone(), "one_thread".to_string())) {
            rows.push(format!(
                "| {fixture}/hash_tree_root | {} | {} ({id}) | {:.2}x |",
                time(one.median_ns),
                time(m.median_ns),
                one.median_ns / m.median_ns
            ));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(
            s,
            "\nThe `parallel` feature (`cargo bench -p benches --features parallel -- parallel/`): \
             our root on one rayon thread and on all of them.\n\n\
             | fixture/op | one thread | all threads | speed-up |\n| --- | ---: | ---: | ---: |"
        );
        for r in rows {
            let _ = writeln!(s, "{r}");
        }
    }
}

/// Our `hash_tree_root` of the all-hashing fixtures against node hashes
/// times the fastest SHA-256 backend's time per node in the same run.
fn floor_section(s: &mut String, results: &BTreeMap<(String, String), Measured>) {
    let fastest = results
        .iter()
        .filter(|((g, f), _)| g == "sha256" && f.starts_with("peam_"))
        .map(|((_, f), m)| (f.clone(), per_node(m)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let Some((backend, per)) = fastest else {
        return;
    };
    let mut rows = Vec::new();
    for (fixture, hashes) in hashing_floors() {
        let key = (format!("{fixture}/hash_tree_root"), OURS.to_string());
        if let Some(m) = results.get(&key) {
            let floor = hashes as f64 * per;
            rows.push(format!(
                "| {fixture} | {hashes} | {} | {} | {:.2}x |",
                time(floor),
                time(m.median_ns),
                m.median_ns / floor
            ));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(
            s,
            "\nHashing floor: node hashes times the fastest backend's time per node in this \
             run ({backend}, {}).\n\n\
             | fixture | node hashes | floor | peam hash_tree_root | over the floor |\n\
             | --- | ---: | ---: | ---: | ---: |",
            time(per)
        );
        for r in rows {
            let _ = writeln!(s, "{r}");
        }
    }
}

fn per_node(m: &Measured) -> f64 {
    m.median_ns / m.per_iter.unwrap_or(1).max(1) as f64
}

/// A duration in nanoseconds, with three significant digits.
fn time(ns: f64) -> String {
    let (v, unit) = if ns < 1.0 {
        (ns * 1e3, "ps")
    } else if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {unit}")
}

/// CPU model and core count, from /proc/cpuinfo where there is one.
fn machine() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .and_then(|r| r.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let flags = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("flags"))
        .unwrap_or_default();
    let features: Vec<&str> = ["sha_ni", "avx2", "avx512f"]
        .into_iter()
        .filter(|f| flags.split_whitespace().any(|x| x == *f))
        .collect();
    format!(
        "{model}, {cores} cores{}",
        if features.is_empty() {
            String::new()
        } else {
            format!(" ({})", features.join(", "))
        }
    )
}
