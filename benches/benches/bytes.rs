//! Bytes as values: a 1M-validator state read, rooted and proved through a
//! view of its encoding, beside decoding it; the fulu mainnet state
//! (`state_1m`) and the same registry in a Gloas state (`gloas_state_1m`,
//! whose lists are progressive).
//!
//! Rows, per state (`bytes/<state>/<op>`):
//! - `read_fields`: `view` + `slot`, `finalized_checkpoint` and
//!   `validators[i].effective_balance` of 1,000 random `i`, against
//!   `from_ssz` + the same reads;
//! - `hash_tree_root`: from the bytes (validation included) against decode
//!   plus root, and against the root of the decoded value alone;
//! - `prove_effective_balance`: a proof of `validators[i].effective_balance`
//!   from the bytes (validation included), against one from the decoded
//!   value;
//! - `to_file`: the state written into a file through a buffered writer,
//!   against `to_ssz` plus `write_all`; `from_file`: read from the file
//!   through a buffered reader, against `fs::read` plus `from_ssz`.
//!
//! Run: `cargo bench -p benches --bench bytes`; `cargo run --release -p
//! benches --bin bytes_memory` gives the heap each path takes.

use std::hint::black_box;
use std::time::Duration;

use beacon_types::beacon_v1_7::{self, gloas};
use benches::{ours, random_validators, Rng};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
use peam_ssz_types::view::{view, View};
use peam_ssz_types::{gindex_of_str, Ssz, TreeHash};

const N: usize = 1_000_000;

fn large<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    if std::env::var_os("PEAM_BENCH_QUICK").is_some() {
        g.warm_up_time(Duration::from_millis(1))
            .measurement_time(Duration::from_millis(1));
    } else {
        g.warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
    }
    g
}

/// The fulu mainnet state of the other benches, and a Gloas mainnet state
/// with the same registry, balances, participation and scores.
fn states() -> (ours::State, gloas::BeaconState<beacon_v1_7::Mainnet>) {
    let validators = random_validators(N, 9);
    let state = ours::beacon_state(&validators, 10);
    drop(validators);
    // The same encodings: a list and a progressive list of the same
    // elements are the same bytes.
    let g = gloas::BeaconState::<beacon_v1_7::Mainnet> {
        slot: state.slot,
        finalized_checkpoint: Ssz::from_ssz(&state.finalized_checkpoint.to_ssz())
            .expect("checkpoint"),
        validators: Ssz::from_ssz(&state.validators.to_ssz()).expect("validators"),
        balances: Ssz::from_ssz(&state.balances.to_ssz()).expect("balances"),
        previous_epoch_participation: Ssz::from_ssz(&state.previous_epoch_participation.to_ssz())
            .expect("participation"),
        current_epoch_participation: Ssz::from_ssz(&state.current_epoch_participation.to_ssz())
            .expect("participation"),
        inactivity_scores: Ssz::from_ssz(&state.inactivity_scores.to_ssz()).expect("scores"),
        ..Default::default()
    };
    (state, g)
}

/// The rows of one state type `T`, whose view reads `slot`,
/// `finalized_checkpoint` and `validators[i].effective_balance` through
/// `read` and the decoded value through `read_value`.
macro_rules! state_rows {
    ($c:expr, $name:literal, $T:ty, $state:expr) => {{
        let state: &$T = $state;
        let bytes = state.to_ssz();
        let mut rng = Rng::new(3);
        let picks: Vec<usize> = (0..1000).map(|_| rng.below(N as u64) as usize).collect();
        let read_view = |bytes: &[u8]| {
            let v = view::<$T>(bytes).unwrap();
            let mut sum = v.slot().wrapping_add(v.finalized_checkpoint().epoch());
            let validators = v.validators();
            for &i in &picks {
                sum = sum.wrapping_add(validators.get(i).unwrap().effective_balance());
            }
            sum
        };
        let read_value = |s: &$T| {
            let mut sum = s.slot.wrapping_add(s.finalized_checkpoint.epoch);
            for &i in &picks {
                sum = sum.wrapping_add(s.validators[i].effective_balance);
            }
            sum
        };
        // The view reads, roots and proves what the value holds.
        assert_eq!(read_view(&bytes), read_value(state));
        let root = state.hash_tree_root();
        let v = view::<$T>(&bytes).expect("the state's bytes");
        assert_eq!(v.hash_tree_root(), root);
        let g = gindex_of_str::<$T>("validators[777777].effective_balance").expect("a path");
        let proof = v.prove(g).expect("the node exists");
        assert_eq!(
            proof,
            peam_ssz_types::proof::prove(state, g).expect("the node")
        );
        proof.verify(&root).expect("the proof verifies");

        let mut group = large($c, concat!("bytes/", $name, "/read_fields"));
        group.bench_function("view/peam", |b| b.iter(|| read_view(black_box(&bytes))));
        group.bench_function("decode/peam", |b| {
            b.iter(|| read_value(&<$T>::from_ssz(black_box(&bytes)).unwrap()))
        });
        group.finish();

        let mut group = large($c, concat!("bytes/", $name, "/hash_tree_root"));
        group.bench_function("from_bytes/peam", |b| {
            b.iter(|| view::<$T>(black_box(&bytes)).unwrap().hash_tree_root())
        });
        group.bench_function("decode_and_root/peam", |b| {
            b.iter(|| <$T>::from_ssz(black_box(&bytes)).unwrap().hash_tree_root())
        });
        group.bench_function("value_root/peam", |b| {
            b.iter(|| black_box(state).hash_tree_root())
        });
        group.finish();

        // A file through the streams, against the whole buffer.
        let path = std::env::temp_dir().join(concat!("peam-bench-", $name, ".ssz"));
        let mut group = large($c, concat!("bytes/", $name, "/to_file"));
        group.bench_function("writer/peam", |b| {
            b.iter(|| {
                let file = std::fs::File::create(&path).unwrap();
                peam_ssz_types::stream::write(state, std::io::BufWriter::new(file)).unwrap()
            })
        });
        group.bench_function("to_ssz_write_all/peam", |b| {
            b.iter(|| {
                use std::io::Write;
                let mut file = std::fs::File::create(&path).unwrap();
                file.write_all(&state.to_ssz()).unwrap()
            })
        });
        group.finish();
        std::fs::write(&path, &bytes).unwrap();
        let read_back: $T = peam_ssz_types::stream::read(
            std::io::BufReader::new(std::fs::File::open(&path).unwrap()),
            bytes.len(),
        )
        .unwrap();
        assert!(read_back == *state);
        let mut group = large($c, concat!("bytes/", $name, "/from_file"));
        group.bench_function("reader/peam", |b| {
            b.iter(|| {
                let file = std::fs::File::open(&path).unwrap();
                let len = file.metadata().unwrap().len() as usize;
                peam_ssz_types::stream::read::<$T>(std::io::BufReader::new(file), len).unwrap()
            })
        });
        group.bench_function("fs_read_from_ssz/peam", |b| {
            b.iter(|| <$T>::from_ssz(&std::fs::read(&path).unwrap()).unwrap())
        });
        group.finish();
        let _ = std::fs::remove_file(&path);

        let mut group = large($c, concat!("bytes/", $name, "/prove_effective_balance"));
        group.bench_function("from_bytes/peam", |b| {
            b.iter(|| view::<$T>(black_box(&bytes)).unwrap().prove(g).unwrap())
        });
        group.bench_function("from_value/peam", |b| {
            b.iter(|| peam_ssz_types::proof::prove(black_box(state), g).unwrap())
        });
        group.finish();
    }};
}

fn bytes(c: &mut Criterion) {
    let (fulu, gloas) = states();
    state_rows!(c, "state_1m", ours::State, &fulu);
    drop(fulu);
    beacon_v1_7::without_maxima(|| {
        state_rows!(
            c,
            "gloas_state_1m",
            gloas::BeaconState<beacon_v1_7::Mainnet>,
            &gloas
        )
    });
}

criterion_group!(benches, bytes);
criterion_main!(benches);
