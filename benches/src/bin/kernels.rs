//! Our SHA-256 kernels against hashtree's, per 64-byte node, as a noisy
//! machine allows: every kernel once per round, in an order rotated each
//! round, the fastest of its runs kept (load slows runs, never speeds them
//! up), so that each kernel had the same chances of a quiet run. The
//! `sha256` criterion group gives medians; this gives the speed of each
//! kernel when nothing got in its way, in one process.
//!
//! `cargo run --release -p benches --bin kernels [rounds]` (x86-64).

#[cfg(target_arch = "x86_64")]
fn main() {
    use peam_ssz_types::sha256::{hash_nodes_with, Backend};
    use std::hint::black_box;
    use std::time::Instant;

    type Kernel = unsafe extern "C" fn(*mut u8, *const u8, u64);
    extern "C" {
        fn hashtree_sha256_avx2_x8(output: *mut u8, input: *const u8, count: u64);
        fn hashtree_sha256_avx512_x16(output: *mut u8, input: *const u8, count: u64);
        fn hashtree_sha256_shani_x2(output: *mut u8, input: *const u8, count: u64);
    }
    const NODES: usize = 4096;
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let mut rng = benches::Rng::new(7);
    let input: Vec<[u8; 64]> = (0..NODES).map(|_| rng.bytes::<64>()).collect();
    let mut expected = vec![[0u8; 32]; NODES];
    hash_nodes_with(Backend::Portable, &input, &mut expected).expect("portable");

    enum Row {
        Ours(Backend),
        Hashtree(Kernel),
    }
    let mut rows: Vec<(String, Row)> = Vec::new();
    for &b in Backend::ALL {
        if b.is_supported() {
            rows.push((format!("peam_{}", b.name()), Row::Ours(b)));
        }
    }
    hashtree_rs::init();
    let detected = |f: &str| match f {
        "avx2" => std::arch::is_x86_feature_detected!("avx2"),
        "avx512" => {
            std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vl")
        }
        _ => std::arch::is_x86_feature_detected!("sha"),
    };
    let theirs: [(&str, &str, Kernel); 3] = [
        ("hashtree_avx2_x8", "avx2", hashtree_sha256_avx2_x8),
        ("hashtree_avx512_x16", "avx512", hashtree_sha256_avx512_x16),
        ("hashtree_shani_x2", "sha", hashtree_sha256_shani_x2),
    ];
    for (name, feature, k) in theirs {
        if detected(feature) {
            rows.push((name.to_string(), Row::Hashtree(k)));
        }
    }
    let mut out = vec![[0u8; 32]; NODES];
    let run = |row: &Row, input: &[[u8; 64]], out: &mut [[u8; 32]]| match row {
        Row::Ours(b) => hash_nodes_with(*b, input, out).expect("supported"),
        // SAFETY: `out` holds 32 writable bytes per 64-byte node of `input`,
        // as the kernels require; each kernel is only listed when the CPU has
        // its features.
        Row::Hashtree(k) => unsafe {
            k(
                out.as_mut_ptr().cast(),
                input.as_ptr().cast(),
                input.len() as u64,
            )
        },
    };
    for (name, row) in &rows {
        run(row, &input, &mut out);
        assert!(out == expected, "{name} disagrees with the portable kernel");
    }
    let mut best = vec![f64::INFINITY; rows.len()];
    for round in 0..rounds {
        for k in 0..rows.len() {
            let i = (round + k) % rows.len();
            let start = Instant::now();
            run(&rows[i].1, black_box(&input), &mut out);
            best[i] = best[i].min(start.elapsed().as_nanos() as f64 / NODES as f64);
        }
    }
    let fastest_hashtree = rows
        .iter()
        .zip(&best)
        .filter(|((n, _), _)| n.starts_with("hashtree_"))
        .map(|(_, &t)| t)
        .fold(f64::INFINITY, f64::min);
    println!("fastest of {rounds} interleaved runs, batches of {NODES} nodes");
    println!("| kernel | per node | hashtree's fastest over this one |\n| --- | ---: | ---: |");
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| best[a].total_cmp(&best[b]));
    for i in order {
        println!(
            "| {} | {:.1} ns | {:.2}x |",
            rows[i].0,
            best[i],
            fastest_hashtree / best[i]
        );
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    eprintln!("kernels: hashtree's kernels are compared on x86-64 only");
}
