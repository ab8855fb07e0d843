//! The Lean consensus field element beside `u32`, in one run: encode,
//! decode and `hash_tree_root` of a `Vector[Fp, 65536]` and of a
//! `List[Vector[Fp, 8], 65536]` (8192 elements), against the same shapes of
//! `uint32`. `Fp` is a `uint32` whose decoding refuses a value `>= P`; the
//! rows show what that check and the newtype cost.
//!
//! Run: `cargo bench -p benches --bench lean`; each row is printed with the
//! ratio of the `Fp` time to the `u32` time of the same shape and operation.

use std::hint::black_box;
use std::time::{Duration, Instant};

use peam_ssz_lean::Fp;
use peam_ssz_types::{List, Ssz, TreeHash, Vector, U};

type FpVector = Vector<Fp, U<65536>>;
type U32Vector = Vector<u32, U<65536>>;
type FpChunks = List<[Fp; 8], U<65536>>;
type U32Chunks = List<[u32; 8], U<65536>>;

/// The median of `rounds` timings of `f`, each of as many calls as fill
/// about 20 ms.
fn time<R>(mut f: impl FnMut() -> R) -> Duration {
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed() < Duration::from_millis(20) {
        black_box(f());
        calls += 1;
    }
    let mut samples: Vec<Duration> = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..calls {
                black_box(f());
            }
            start.elapsed() / calls
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

fn row(shape: &str, op: &str, fp: Duration, u: Duration) {
    println!(
        "| {shape:<28} | {op:<14} | {:>10.1} µs | {:>10.1} µs | {:>5.2}x |",
        fp.as_secs_f64() * 1e6,
        u.as_secs_f64() * 1e6,
        fp.as_secs_f64() / u.as_secs_f64()
    );
}

/// Encode, decode and root of one shape, `Fp` and `u32` side by side; the
/// two must agree on bytes and root before anything is timed.
fn shape<F, W>(name: &str, fp: &F, u: &W)
where
    F: Ssz + TreeHash + PartialEq + core::fmt::Debug,
    W: Ssz + TreeHash,
{
    let bytes = fp.to_ssz();
    assert_eq!(bytes, u.to_ssz(), "{name}: bytes differ");
    assert_eq!(
        fp.hash_tree_root(),
        u.hash_tree_root(),
        "{name}: roots differ"
    );
    assert_eq!(&F::from_ssz(&bytes).unwrap(), fp, "{name}: decoding");
    row(name, "encode", time(|| fp.to_ssz()), time(|| u.to_ssz()));
    row(
        name,
        "decode",
        time(|| F::from_ssz(black_box(&bytes)).unwrap()),
        time(|| W::from_ssz(black_box(&bytes)).unwrap()),
    );
    row(
        name,
        "hash_tree_root",
        time(|| fp.hash_tree_root()),
        time(|| u.hash_tree_root()),
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        // `cargo test --benches` asks for the list of benchmarks: none here
        // is a libtest one.
        return;
    }
    // Canonical residues spread over the field.
    let values: Vec<u32> = (0..65536u64)
        .map(|i| ((i * 2_654_435_761) % u64::from(Fp::P)) as u32)
        .collect();
    let fps: Vec<Fp> = values.iter().map(|&v| Fp::new(v).unwrap()).collect();

    let fp_vector = FpVector::try_from(fps.clone()).unwrap();
    let u32_vector = U32Vector::try_from(values.clone()).unwrap();
    let chunk = |i: usize| -> [u32; 8] { core::array::from_fn(|j| values[i * 8 + j]) };
    let fp_chunks =
        FpChunks::try_from_iter((0..8192).map(|i| chunk(i).map(|v| Fp::new(v).unwrap()))).unwrap();
    let u32_chunks = U32Chunks::try_from_iter((0..8192).map(chunk)).unwrap();

    println!(
        "| shape                        | operation      |         Fp |        u32 | Fp/u32 |"
    );
    println!(
        "|------------------------------|----------------|------------|------------|--------|"
    );
    shape("Vector[Fp, 65536]", &fp_vector, &u32_vector);
    shape("List[Vector[Fp, 8], 65536] (8192)", &fp_chunks, &u32_chunks);
}
