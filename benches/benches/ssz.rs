//! peam-ssz against its peers, in one run: encode, decode and
//! `hash_tree_root` of each fixture, one criterion group per
//! `<fixture>/<op>`, one function per implementation.
//!
//! Before anything is timed, every peer's encoding and root are checked
//! against ours (and its decoder against our bytes); a disagreement aborts the
//! run with a message naming the fixture and the implementation.
//!
//! Run: `cargo bench -p benches` (`PEAM_BENCH_ONLY=incremental cargo bench
//! -p benches -- incremental/` for that group alone); then `cargo run -p
//! benches --bin report` prints the table.

use std::hint::black_box;
use std::time::Duration;

use benches::{ours, peers, random_u64s, random_validators, HeaderData, Rng};
use criterion::measurement::WallTime;
use criterion::{criterion_group, BenchmarkGroup, Criterion, SamplingMode, Throughput};

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// How long and how often a fixture is measured.
#[derive(Clone, Copy)]
enum Size {
    /// Nanoseconds to microseconds per call.
    Small,
    /// Around a millisecond per call.
    Medium,
    /// Tens of milliseconds to seconds per call.
    Large,
}

impl Size {
    fn configure(self, g: &mut Group<'_>) {
        if std::env::var_os("PEAM_BENCH_QUICK").is_some() {
            // A smoke run: every check, every function, minimal timing.
            g.sample_size(10)
                .sampling_mode(SamplingMode::Flat)
                .warm_up_time(Duration::from_millis(1))
                .measurement_time(Duration::from_millis(1));
            return;
        }
        match self {
            Size::Small => {
                g.sample_size(40)
                    .warm_up_time(Duration::from_millis(300))
                    .measurement_time(Duration::from_secs(1));
            }
            Size::Medium => {
                g.sample_size(20)
                    .sampling_mode(SamplingMode::Flat)
                    .warm_up_time(Duration::from_millis(500))
                    .measurement_time(Duration::from_secs(2));
            }
            Size::Large => {
                g.sample_size(10)
                    .sampling_mode(SamplingMode::Flat)
                    .warm_up_time(Duration::from_millis(500))
                    .measurement_time(Duration::from_secs(3));
            }
        }
    }
}

/// One implementation's value of a fixture and its three operations.
trait Contender {
    fn id(&self) -> &'static str;
    fn encode_value(&self) -> Vec<u8>;
    fn root_value(&mut self) -> [u8; 32];
    /// Checks that this implementation encodes to `bytes`, computes `root`,
    /// and decodes `bytes` back to a value with the same encoding and root.
    fn check(&mut self, fixture: &str, bytes: &[u8], root: &[u8; 32]);
    fn bench_encode(&self, g: &mut Group<'_>);
    fn bench_decode(&self, g: &mut Group<'_>, bytes: &[u8]);
    fn bench_root(&mut self, g: &mut Group<'_>);
}

struct Impl<V, E, D, R> {
    id: &'static str,
    value: V,
    encode: E,
    decode: D,
    root: R,
}

/// A contender whose `hash_tree_root` takes `&self`.
fn contender<V, E, D, R>(
    id: &'static str,
    value: V,
    encode: E,
    decode: D,
    root: R,
) -> Box<dyn Contender>
where
    V: 'static,
    E: Fn(&V) -> Vec<u8> + 'static,
    D: Fn(&[u8]) -> V + 'static,
    R: Fn(&V) -> [u8; 32] + 'static,
{
    contender_mut(id, value, encode, decode, move |v: &mut V| root(v))
}

/// A contender whose `hash_tree_root` takes `&mut self` (ssz_rs).
fn contender_mut<V, E, D, R>(
    id: &'static str,
    value: V,
    encode: E,
    decode: D,
    root: R,
) -> Box<dyn Contender>
where
    V: 'static,
    E: Fn(&V) -> Vec<u8> + 'static,
    D: Fn(&[u8]) -> V + 'static,
    R: Fn(&mut V) -> [u8; 32] + 'static,
{
    Box::new(Impl {
        id,
        value,
        encode,
        decode,
        root,
    })
}

impl<V, E, D, R> Contender for Impl<V, E, D, R>
where
    E: Fn(&V) -> Vec<u8>,
    D: Fn(&[u8]) -> V,
    R: Fn(&mut V) -> [u8; 32],
{
    fn id(&self) -> &'static str {
        self.id
    }

    fn encode_value(&self) -> Vec<u8> {
        (self.encode)(&self.value)
    }

    fn root_value(&mut self) -> [u8; 32] {
        (self.root)(&mut self.value)
    }

    fn check(&mut self, fixture: &str, bytes: &[u8], root: &[u8; 32]) {
        let id = self.id;
        let encoded = self.encode_value();
        if encoded != bytes {
            let at = encoded.iter().zip(bytes).position(|(a, b)| a != b);
            panic!(
                "{fixture}: {id} encodes differently from peam ({} vs {} bytes, first \
                 difference at byte {at:?}); aborting the benchmark",
                encoded.len(),
                bytes.len(),
            );
        }
        let got = self.root_value();
        assert!(
            got == *root,
            "{fixture}: {id} computes hash_tree_root {} but peam {}; aborting the benchmark",
            hex(&got),
            hex(root),
        );
        let mut decoded = (self.decode)(bytes);
        assert!(
            (self.encode)(&decoded) == bytes,
            "{fixture}: {id} decodes peam's bytes to a different value; aborting the benchmark",
        );
        assert!(
            (self.root)(&mut decoded) == *root,
            "{fixture}: {id}'s decoded value has a different root; aborting the benchmark",
        );
    }

    fn bench_encode(&self, g: &mut Group<'_>) {
        g.bench_function(self.id, |b| {
            b.iter(|| (self.encode)(black_box(&self.value)))
        });
    }

    fn bench_decode(&self, g: &mut Group<'_>, bytes: &[u8]) {
        g.bench_function(self.id, |b| b.iter(|| (self.decode)(black_box(bytes))));
    }

    fn bench_root(&mut self, g: &mut Group<'_>) {
        let value = &mut self.value;
        let root = &self.root;
        g.bench_function(self.id, |b| b.iter(|| root(black_box(&mut *value))));
    }
}

fn hex(bytes: &[u8]) -> String {
    format!("{:x}", peam_ssz_types::Hex(bytes))
}

/// Checks every peer against ours (the first contender), then times the
/// three operations of each, one group per operation. `missing` names the
/// peers left out of this fixture and why.
fn run(
    c: &mut Criterion,
    fixture: &str,
    size: Size,
    mut contenders: Vec<Box<dyn Contender>>,
    missing: &[(&str, &str)],
) {
    let (reference, peers) = contenders.split_first_mut().expect("ours comes first");
    assert_eq!(reference.id(), "peam", "ours is the reference");
    let bytes = reference.encode_value();
    let root = reference.root_value();
    reference.check(fixture, &bytes, &root);
    for peer in peers.iter_mut() {
        peer.check(fixture, &bytes, &root);
    }
    eprintln!(
        "{fixture}: {} checked: {} bytes, root {}",
        contenders
            .iter()
            .map(|x| x.id())
            .collect::<Vec<_>>()
            .join(", "),
        bytes.len(),
        hex(&root),
    );
    for (id, why) in missing {
        eprintln!("{fixture}: {id} left out: {why}");
    }

    let len = bytes.len() as u64;
    let mut g = c.benchmark_group(format!("{fixture}/encode"));
    size.configure(&mut g);
    g.throughput(Throughput::Bytes(len));
    for x in &contenders {
        x.bench_encode(&mut g);
    }
    g.finish();

    let mut g = c.benchmark_group(format!("{fixture}/decode"));
    size.configure(&mut g);
    g.throughput(Throughput::Bytes(len));
    for x in &contenders {
        x.bench_decode(&mut g, &bytes);
    }
    g.finish();

    let mut g = c.benchmark_group(format!("{fixture}/hash_tree_root"));
    size.configure(&mut g);
    g.throughput(Throughput::Bytes(len));
    for x in &mut contenders {
        x.bench_root(&mut g);
    }
    g.finish();
}

/// The five contenders of a fixture every library has, built from the same
/// plain data by each one's constructor.
macro_rules! all_five {
    ($data:expr, $ctor:ident) => {{
        let data = $data;
        vec![
            contender(
                "peam",
                ours::$ctor(data),
                ours::encode,
                ours::decode,
                ours::root,
            ),
            contender(
                "peam_ssz_v2",
                peers::peam_v2::$ctor(data),
                peers::peam_v2::encode,
                peers::peam_v2::decode_list,
                peers::peam_v2::root,
            ),
            contender(
                "libssz",
                peers::libssz::$ctor(data),
                peers::libssz::encode,
                peers::libssz::decode,
                peers::libssz::root,
            ),
            contender(
                "lighthouse",
                peers::lighthouse::$ctor(data),
                peers::lighthouse::encode,
                peers::lighthouse::decode,
                peers::lighthouse::root,
            ),
            contender_mut(
                "ssz_rs",
                peers::ssz_rs::$ctor(data),
                peers::ssz_rs::encode,
                peers::ssz_rs::decode,
                peers::ssz_rs::root,
            ),
        ]
    }};
}

/// A basic value every library implements directly.
fn basic<V>(value: V) -> Vec<Box<dyn Contender>>
where
    V: Copy
        + 'static
        + peam_ssz_types::Ssz
        + peam_ssz_types::TreeHash
        + peam_ssz_v2::ssz::SszEncode
        + peam_ssz_v2::ssz::SszDecode
        + peam_ssz_v2::ssz::HashTreeRoot
        + libssz::SszEncode
        + libssz::SszDecode
        + libssz_merkle::HashTreeRoot
        + ssz::Encode
        + ssz::Decode
        + tree_hash::TreeHash
        + ssz_rs::SimpleSerialize,
{
    vec![
        contender("peam", value, ours::encode, ours::decode, ours::root),
        contender(
            "peam_ssz_v2",
            value,
            peers::peam_v2::encode,
            peers::peam_v2::decode,
            peers::peam_v2::root,
        ),
        contender(
            "libssz",
            value,
            peers::libssz::encode,
            peers::libssz::decode,
            peers::libssz::root,
        ),
        contender(
            "lighthouse",
            value,
            peers::lighthouse::encode,
            peers::lighthouse::decode,
            peers::lighthouse::root,
        ),
        contender_mut(
            "ssz_rs",
            value,
            peers::ssz_rs::encode,
            peers::ssz_rs::decode,
            peers::ssz_rs::root,
        ),
    ]
}

fn basics(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    run(c, "bool", Size::Small, basic(true), &[]);
    run(c, "u64", Size::Small, basic(rng.next_u64()), &[]);
    run(c, "bytes32", Size::Small, basic(rng.bytes::<32>()), &[]);
}

fn header(c: &mut Criterion) {
    let data = HeaderData::random(&mut Rng::new(2));
    let contenders = vec![
        contender(
            "peam",
            ours::header(&data),
            ours::encode,
            ours::decode,
            ours::root,
        ),
        contender(
            "peam_ssz_v2",
            peers::peam_v2::header(&data),
            peers::peam_v2::encode,
            peers::peam_v2::decode,
            peers::peam_v2::root,
        ),
        contender(
            "libssz",
            peers::libssz::header(&data),
            peers::libssz::encode,
            peers::libssz::decode,
            peers::libssz::root,
        ),
        contender(
            "lighthouse",
            peers::lighthouse::header(&data),
            peers::lighthouse::encode,
            peers::lighthouse::decode,
            peers::lighthouse::root,
        ),
        contender_mut(
            "ssz_rs",
            peers::ssz_rs::header(&data),
            peers::ssz_rs::encode,
            peers::ssz_rs::decode,
            peers::ssz_rs::root,
        ),
    ];
    run(c, "beacon_block_header", Size::Small, contenders, &[]);
}

fn lists(c: &mut Criterion) {
    let values = random_u64s(1_000, 3);
    run(
        c,
        "list_u64_1k",
        Size::Small,
        all_five!(&values, list_u64),
        &[],
    );
    let values = random_u64s(100_000, 4);
    run(
        c,
        "list_u64_100k",
        Size::Medium,
        all_five!(&values, list_u64),
        &[],
    );
    // The same values as `Gwei(u64)` newtypes on our side (the peers hold
    // `u64`): the row to set beside ours of `list_u64_100k`.
    let mut contenders = all_five!(&values, list_u64);
    contenders[0] = contender(
        "peam",
        ours::list_gwei(&values),
        ours::encode,
        ours::decode,
        ours::root,
    );
    run(c, "list_gwei_100k", Size::Medium, contenders, &[]);
}

fn validators(c: &mut Criterion) {
    let data = random_validators(100_000, 5);
    run(
        c,
        "validators_100k",
        Size::Medium,
        all_five!(&data, validators),
        &[],
    );
    drop(data);
    let data = random_validators(1_000_000, 6);
    run(
        c,
        "validators_1m",
        Size::Large,
        all_five!(&data, validators),
        &[],
    );
}

/// Our value first, then each peer's, built by decoding our encoding with
/// the peer's own decoder (the check before timing re-encodes and
/// re-hashes it).
macro_rules! ours_and_decoded {
    ($value:expr, $ty:ident) => {{
        let value = $value;
        let bytes = ours::encode(&value);
        vec![
            contender("peam", value, ours::encode, ours::decode, ours::root),
            contender(
                "libssz",
                peers::libssz::decode::<peers::libssz::beacon::$ty>(&bytes),
                peers::libssz::encode,
                peers::libssz::decode,
                peers::libssz::root,
            ),
            contender(
                "lighthouse",
                peers::lighthouse::decode::<peers::lighthouse::beacon::$ty>(&bytes),
                peers::lighthouse::encode,
                peers::lighthouse::decode,
                peers::lighthouse::root,
            ),
            contender_mut(
                "ssz_rs",
                peers::ssz_rs::decode::<peers::ssz_rs::beacon::$ty>(&bytes),
                peers::ssz_rs::encode,
                peers::ssz_rs::decode,
                peers::ssz_rs::root,
            ),
        ]
    }};
}

/// peam-ssz 2 has no derive and ships only `BeaconBlockHeader`; its
/// `Validator` is written by hand here, the block and state are not.
const NO_V2_BEACON: [(&str, &str); 1] =
    [("peam_ssz_v2", "has no derive and ships no such container")];

fn beacon(c: &mut Criterion) {
    let block = ours_and_decoded!(ours::beacon_block(8), BeaconBlock);
    run(c, "beacon_block", Size::Medium, block, &NO_V2_BEACON);

    let validators = random_validators(1_000_000, 9);
    let state = ours_and_decoded!(ours::beacon_state(&validators, 10), BeaconState);
    drop(validators);
    run(c, "beacon_state_1m", Size::Large, state, &NO_V2_BEACON);
}

/// Our SHA-256 backends against the `sha2` crate, per 64-byte node.
fn sha256(c: &mut Criterion) {
    use peam_ssz_types::sha256::{hash_nodes_with, Backend};
    use sha2::digest::generic_array::GenericArray;
    use sha2::Digest;

    const NODES: usize = 4096;
    let mut rng = Rng::new(7);
    let input: Vec<[u8; 64]> = (0..NODES).map(|_| rng.bytes::<64>()).collect();
    let expected: Vec<[u8; 32]> = input
        .iter()
        .map(|m| sha2::Sha256::digest(m).into())
        .collect();

    let mut pad = [0u8; 64];
    pad[0] = 0x80;
    pad[62] = 0x02;
    let pad = GenericArray::from(pad);
    let compress = |m: &[u8; 64]| -> [u8; 32] {
        let mut state = [
            0x6a09e667u32,
            0xbb67ae85,
            0x3c6ef372,
            0xa54ff53a,
            0x510e527f,
            0x9b05688c,
            0x1f83d9ab,
            0x5be0cd19,
        ];
        sha2::compress256(&mut state, &[GenericArray::from(*m), pad]);
        let mut out = [0u8; 32];
        for (dst, word) in out.chunks_exact_mut(4).zip(state) {
            dst.copy_from_slice(&word.to_be_bytes());
        }
        out
    };
    let via_compress: Vec<[u8; 32]> = input.iter().map(compress).collect();
    assert!(
        via_compress == expected,
        "sha256: compress256 disagrees with digest"
    );

    let mut g = c.benchmark_group("sha256");
    Size::Small.configure(&mut g);
    g.throughput(Throughput::Elements(NODES as u64));
    let mut out = vec![[0u8; 32]; NODES];
    for &backend in Backend::ALL {
        if !backend.is_supported() {
            eprintln!("sha256: this CPU cannot run the {} backend", backend.name());
            continue;
        }
        hash_nodes_with(backend, &input, &mut out).expect("supported");
        assert!(
            out == expected,
            "sha256: the {} backend disagrees with sha2; aborting the benchmark",
            backend.name()
        );
        g.bench_function(format!("peam_{}", backend.name()), |b| {
            b.iter(|| hash_nodes_with(backend, black_box(&input), &mut out))
        });
    }
    hashtree_rows(&mut g, &input, &expected, &mut out);
    g.bench_function("sha2_digest", |b| {
        b.iter(|| {
            for (m, o) in black_box(&input).iter().zip(out.iter_mut()) {
                *o = sha2::Sha256::digest(m).into();
            }
        })
    });
    g.bench_function("sha2_compress256", |b| {
        b.iter(|| {
            for (m, o) in black_box(&input).iter().zip(out.iter_mut()) {
                *o = compress(m);
            }
        })
    });
    g.finish();
}

/// hashtree's kernels in the `sha256` group: its own choice for this CPU
/// (`hashtree_auto`) and each x86-64 kernel the CPU can run, checked against
/// `sha2` first like ours.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn hashtree_rows(
    g: &mut Group<'_>,
    input: &[[u8; 64]],
    expected: &[[u8; 32]],
    out: &mut [[u8; 32]],
) {
    type Kernel = unsafe extern "C" fn(*mut u8, *const u8, u64);
    #[cfg(target_arch = "x86_64")]
    extern "C" {
        fn hashtree_sha256_avx2_x8(output: *mut u8, input: *const u8, count: u64);
        fn hashtree_sha256_avx512_x16(output: *mut u8, input: *const u8, count: u64);
        fn hashtree_sha256_shani_x2(output: *mut u8, input: *const u8, count: u64);
    }
    hashtree_rs::init();
    let mut kernels: Vec<(&str, Kernel)> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            kernels.push(("hashtree_avx2_x8", hashtree_sha256_avx2_x8));
        }
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
        {
            kernels.push(("hashtree_avx512_x16", hashtree_sha256_avx512_x16));
        }
        if std::arch::is_x86_feature_detected!("sha") {
            kernels.push(("hashtree_shani_x2", hashtree_sha256_shani_x2));
        }
    }
    let run = |kernel: Option<Kernel>, input: &[[u8; 64]], out: &mut [[u8; 32]]| {
        let (dst, src, n) = (out.as_mut_ptr().cast(), input.as_ptr().cast(), input.len());
        match kernel {
            // SAFETY: `out` holds 32 writable bytes per 64-byte node of
            // `input`, as the kernels require; each kernel is only listed
            // when the CPU has its features.
            Some(k) => unsafe { k(dst, src, n as u64) },
            None => hashtree_rs::hash(out.as_flattened_mut(), input.as_flattened(), n),
        }
    };
    let rows = std::iter::once(("hashtree_auto", None))
        .chain(kernels.into_iter().map(|(name, k)| (name, Some(k))));
    for (name, kernel) in rows {
        run(kernel, input, out);
        assert!(
            out == expected,
            "sha256: {name} disagrees with sha2; aborting the benchmark"
        );
        g.bench_function(name, |b| b.iter(|| run(kernel, black_box(input), out)));
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn hashtree_rows(_: &mut Group<'_>, _: &[[u8; 64]], _: &[[u8; 32]], _: &mut [[u8; 32]]) {}

/// With the `parallel` feature: our `hash_tree_root` of the big fixtures on
/// one rayon thread and on all of them, in the same run
/// (`cargo bench -p benches --features parallel -- parallel/`).
#[cfg(feature = "parallel")]
fn parallel(c: &mut Criterion) {
    fn both<T: peam_ssz_types::TreeHash>(c: &mut Criterion, fixture: &str, value: &T) {
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a one-thread pool");
        let serial = one.install(|| ours::root(value));
        assert!(
            serial == ours::root(value),
            "{fixture}: the parallel root differs from the one-thread root"
        );
        let mut g = c.benchmark_group(format!("parallel/{fixture}"));
        Size::Large.configure(&mut g);
        g.bench_function("one_thread", |b| {
            b.iter(|| one.install(|| ours::root(black_box(value))))
        });
        g.bench_function(format!("{}_threads", rayon::current_num_threads()), |b| {
            b.iter(|| ours::root(black_box(value)))
        });
        g.finish();
    }
    let data = random_validators(1_000_000, 6);
    both(c, "validators_1m", &ours::validators(&data));
    let state = ours::beacon_state(&data, 10);
    drop(data);
    both(c, "beacon_state_1m", &state);
}

#[cfg(not(feature = "parallel"))]
fn parallel(_: &mut Criterion) {}

/// milhouse's side of an `incremental/` row: `set` on the elements at
/// `idx` (through `get_mut`), apply the updates, re-root.
fn milhouse_set<T, M>(
    list: &mut milhouse::List<T, ssz_types::typenum::U1099511627776, M>,
    idx: &[usize],
    set: impl Fn(&mut T),
) -> [u8; 32]
where
    T: milhouse::Value + Send + Sync,
    M: milhouse::UpdateMap<T>,
{
    for &i in idx {
        set(list.get_mut(i).expect("an index in range"));
    }
    list.apply_updates().expect("milhouse applies its updates");
    tree_hash::TreeHash::tree_hash_root(list).0
}

/// `incremental/`: re-rooting after changes, ours (`PersistentList`, the
/// cached fulu state) against milhouse 0.9, in the same run. Every row
/// mutates, then roots; both sides start from the same values and are
/// checked to give the same roots before and after the same changes.
///
/// milhouse runs in both of its configurations, its default update map
/// (`milhouse`) and a `BTreeMap` (`milhouse_btree`); `report` compares
/// ours with the faster. milhouse hashes its subtrees with `rayon::join`
/// on every core; ours run on one thread unless the `parallel` feature is
/// on.
/// (`cargo bench -p benches -- incremental/`).
fn incremental(c: &mut Criterion) {
    use benches::incremental as inc;
    use peam_ssz_types::TreeHash;
    use tree_hash::TreeHash as _;

    const N: usize = 1_000_000;
    let data = random_validators(N, 21);
    let values = random_u64s(N, 22);
    let mut vals = inc::validators(&data);
    let mut mvals: inc::MilhouseValidators = inc::milhouse_validators(&data);
    let mut mvals_bt: inc::MilhouseValidatorsBTree = inc::milhouse_validators(&data);
    let mut bals = inc::balances(&values);
    let mut mbals: inc::MilhouseBalances = inc::milhouse_balances(&values);
    let mut mbals_bt: inc::MilhouseBalancesBTree = inc::milhouse_balances(&values);
    drop(values);
    let same = |what: &str, a: [u8; 32], b: [u8; 32]| {
        assert!(a == b, "incremental/{what}: peam and milhouse roots differ");
    };
    same(
        "validators",
        vals.hash_tree_root(),
        mvals.tree_hash_root().0,
    );
    same(
        "validators",
        vals.hash_tree_root(),
        mvals_bt.tree_hash_root().0,
    );
    same("balances", bals.hash_tree_root(), mbals.tree_hash_root().0);
    same(
        "balances",
        bals.hash_tree_root(),
        mbals_bt.tree_hash_root().0,
    );

    // Spread, seeded indices: the same for both.
    let indices = |k: usize, seed: u64| -> Vec<usize> {
        let mut rng = Rng::new(seed);
        (0..k).map(|_| rng.below(N as u64) as usize).collect()
    };
    let mut tick = 0u64;

    for (k, row) in [
        (1, "change_1"),
        (100, "change_100"),
        (10_000, "change_10000"),
        (N, "change_all"),
    ] {
        let idx = if k == N {
            (0..N).collect()
        } else {
            indices(k, k as u64)
        };
        let mut g = c.benchmark_group(format!("incremental/validators_1m/{row}"));
        if k >= 10_000 {
            Size::Large
        } else {
            Size::Medium
        }
        .configure(&mut g);
        g.throughput(Throughput::Elements(k as u64));
        g.bench_function("peam", |b| {
            b.iter(|| {
                tick += 1;
                if k == N {
                    vals.update_all(|_, v| v.effective_balance = tick);
                } else {
                    for &i in &idx {
                        vals.update(i, |v| v.effective_balance = tick)
                            .expect("an index in range");
                    }
                }
                vals.hash_tree_root()
            })
        });
        g.bench_function("milhouse", |b| {
            b.iter(|| {
                tick += 1;
                milhouse_set(&mut mvals, &idx, |v| v.effective_balance = tick)
            })
        });
        g.bench_function("milhouse_btree", |b| {
            b.iter(|| {
                tick += 1;
                milhouse_set(&mut mvals_bt, &idx, |v| v.effective_balance = tick)
            })
        });
        g.finish();
        // The same last change on every side, then the same root.
        tick += 1;
        for &i in &idx {
            vals.update(i, |v| v.effective_balance = tick)
                .expect("an index in range");
        }
        let root = vals.hash_tree_root();
        same(
            row,
            root,
            milhouse_set(&mut mvals, &idx, |v| v.effective_balance = tick),
        );
        same(
            row,
            root,
            milhouse_set(&mut mvals_bt, &idx, |v| v.effective_balance = tick),
        );

        let mut g = c.benchmark_group(format!("incremental/balances_1m/{row}"));
        if k >= 10_000 {
            Size::Large
        } else {
            Size::Medium
        }
        .configure(&mut g);
        g.throughput(Throughput::Elements(k as u64));
        g.bench_function("peam", |b| {
            b.iter(|| {
                tick += 1;
                if k == N {
                    bals.update_all(|_, v| *v = tick);
                } else {
                    for &i in &idx {
                        bals.update(i, |v| *v = tick).expect("an index in range");
                    }
                }
                bals.hash_tree_root()
            })
        });
        g.bench_function("milhouse", |b| {
            b.iter(|| {
                tick += 1;
                milhouse_set(&mut mbals, &idx, |v| *v = tick)
            })
        });
        g.bench_function("milhouse_btree", |b| {
            b.iter(|| {
                tick += 1;
                milhouse_set(&mut mbals_bt, &idx, |v| *v = tick)
            })
        });
        g.finish();
        tick += 1;
        for &i in &idx {
            bals.update(i, |v| *v = tick).expect("an index in range");
        }
        let root = bals.hash_tree_root();
        same(row, root, milhouse_set(&mut mbals, &idx, |v| *v = tick));
        same(row, root, milhouse_set(&mut mbals_bt, &idx, |v| *v = tick));
    }

    // A block's work: clone, change 1%, re-root (the original stays).
    let pct = indices(N / 100, 7);
    for (name, validators) in [("validators_1m", true), ("balances_1m", false)] {
        let mut g = c.benchmark_group(format!("incremental/{name}/clone_change_1pct"));
        Size::Large.configure(&mut g);
        g.throughput(Throughput::Elements((N / 100) as u64));
        if validators {
            g.bench_function("peam", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = vals.clone();
                    for &i in &pct {
                        next.update(i, |v| v.exit_epoch = 5)
                            .expect("an index in range");
                    }
                    let root = next.hash_tree_root();
                    (next, root)
                })
            });
            g.bench_function("milhouse", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = mvals.clone();
                    let root = milhouse_set(&mut next, &pct, |v| v.exit_epoch = 5);
                    (next, root)
                })
            });
            g.bench_function("milhouse_btree", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = mvals_bt.clone();
                    let root = milhouse_set(&mut next, &pct, |v| v.exit_epoch = 5);
                    (next, root)
                })
            });
        } else {
            g.bench_function("peam", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = bals.clone();
                    for &i in &pct {
                        next.update(i, |v| *v += 1).expect("an index in range");
                    }
                    let root = next.hash_tree_root();
                    (next, root)
                })
            });
            g.bench_function("milhouse", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = mbals.clone();
                    let root = milhouse_set(&mut next, &pct, |v| *v += 1);
                    (next, root)
                })
            });
            g.bench_function("milhouse_btree", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = mbals_bt.clone();
                    let root = milhouse_set(&mut next, &pct, |v| *v += 1);
                    (next, root)
                })
            });
        }
        g.finish();
    }

    // An epoch's work: every balance and 1% of the validators, re-root.
    {
        let mut g = c.benchmark_group("incremental/epoch_1m/balances_all_validators_1pct");
        Size::Large.configure(&mut g);
        g.bench_function("peam", |b| {
            b.iter(|| {
                tick += 1;
                bals.update_all(|_, v| *v = v.wrapping_add(tick));
                for &i in &pct {
                    vals.update(i, |v| v.activation_epoch = tick)
                        .expect("an index in range");
                }
                (bals.hash_tree_root(), vals.hash_tree_root())
            })
        });
        let all: Vec<usize> = (0..N).collect();
        g.bench_function("milhouse", |b| {
            b.iter(|| {
                tick += 1;
                (
                    milhouse_set(&mut mbals, &all, |v| *v = v.wrapping_add(tick)),
                    milhouse_set(&mut mvals, &pct, |v| v.activation_epoch = tick),
                )
            })
        });
        g.bench_function("milhouse_btree", |b| {
            b.iter(|| {
                tick += 1;
                (
                    milhouse_set(&mut mbals_bt, &all, |v| *v = v.wrapping_add(tick)),
                    milhouse_set(&mut mvals_bt, &pct, |v| v.activation_epoch = tick),
                )
            })
        });
        g.finish();
    }

    // From scratch: a fresh persistent list (no tree yet) against today's
    // `List` of the same values. The fresh list is built and dropped
    // outside the timing, as the plain list is.
    {
        let plain = ours::validators(&data);
        let mut g = c.benchmark_group("incremental/validators_1m/from_scratch");
        Size::Large.configure(&mut g);
        g.bench_function("peam_persistent", |b| {
            b.iter_batched_ref(
                || inc::validators(&data),
                |fresh| fresh.hash_tree_root(),
                criterion::BatchSize::PerIteration,
            )
        });
        g.bench_function("peam_list", |b| b.iter(|| plain.hash_tree_root()));
        g.finish();
    }
    drop((vals, mvals, mvals_bt, bals, mbals, mbals_bt));

    // A full state: clone, a block-like update, re-root. No milhouse state
    // exists in the same run: the peer row is today's plain state (a deep
    // clone and a root from scratch).
    let plain = ours::beacon_state(&data, 10);
    drop(data);
    let cached = inc::cached_state(&plain);
    assert!(
        cached.hash_tree_root() == plain.hash_tree_root(),
        "incremental/beacon_state_1m: cached and plain roots differ"
    );
    let bal_idx = indices(N / 100, 8);
    let part_idx = indices(N / 10, 9);
    macro_rules! block_update {
        ($state:expr, $set_bal:expr, $set_part:expr) => {{
            let s = &mut $state;
            s.slot += 1;
            s.latest_block_header.slot += 1;
            s.latest_block_header.proposer_index = s.slot % N as u64;
            s.latest_block_header.parent_root = [s.slot as u8; 32].into();
            for &i in &bal_idx {
                $set_bal(s, i);
            }
            for &i in &part_idx {
                $set_part(s, i);
            }
        }};
    }
    // A state's row: clone, the block, re-root, cached beside plain; then
    // the same block on both gives the same root. Both states' balances and
    // participation are persistent lists on the cached side and plain lists
    // on the other, so the block is written once for both pairs of types.
    macro_rules! clone_block_reroot {
        ($name:literal, $cached:expr, $plain:expr, $Cached:ty, $Plain:ty) => {{
            let cached_block = |s: &mut $Cached| {
                block_update!(
                    *s,
                    |s: &mut $Cached, i| {
                        s.balances
                            .update(i, |v| *v += 1)
                            .expect("an index in range");
                    },
                    |s: &mut $Cached, i| {
                        s.current_epoch_participation
                            .update(i, |v| *v |= 1)
                            .expect("an index in range");
                    }
                )
            };
            let plain_block = |s: &mut $Plain| {
                block_update!(
                    *s,
                    |s: &mut $Plain, i| s.balances[i] += 1,
                    |s: &mut $Plain, i| s.current_epoch_participation[i] |= 1
                )
            };
            let mut g = c.benchmark_group(concat!("incremental/", $name, "/clone_block_reroot"));
            Size::Large.configure(&mut g);
            g.bench_function("peam_cached", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = $cached.clone();
                    cached_block(&mut next);
                    let root = next.hash_tree_root();
                    (next, root)
                })
            });
            g.bench_function("peam_plain", |b| {
                b.iter_with_large_drop(|| {
                    let mut next = $plain.clone();
                    plain_block(&mut next);
                    let root = next.hash_tree_root();
                    (next, root)
                })
            });
            g.finish();
            let (mut a, mut p) = ($cached.clone(), $plain.clone());
            cached_block(&mut a);
            plain_block(&mut p);
            assert!(
                a.hash_tree_root() == p.hash_tree_root(),
                concat!("incremental/", $name, ": roots differ after the block")
            );
        }};
    }
    clone_block_reroot!(
        "beacon_state_1m",
        cached,
        plain,
        inc::CachedState,
        ours::State
    );
    drop((cached, plain));

    // The same block on a Gloas state (alpha.13: a progressive container,
    // progressive registry, balances and participation).
    let data = random_validators(N, 21);
    let plain = inc::gloas_state(&data);
    drop(data);
    let cached = inc::cached_gloas_state(&plain);
    assert!(
        cached.hash_tree_root() == plain.hash_tree_root(),
        "incremental/gloas_state_1m: cached and plain roots differ"
    );
    clone_block_reroot!(
        "gloas_state_1m",
        cached,
        plain,
        inc::CachedGloasState,
        inc::GloasState
    );
}

criterion_group!(
    benches,
    sha256,
    basics,
    header,
    lists,
    validators,
    beacon,
    parallel,
    incremental,
    proofs
);
criterion_group!(incremental_only, incremental);
criterion_group!(proofs_only, proofs);

/// `criterion_main!`, except that `PEAM_BENCH_ONLY=incremental` (or
/// `proofs`) runs the `incremental/` (or `proofs/`) group alone: the other groups build and check their
/// fixtures before criterion's name filter applies.
fn main() {
    match std::env::var("PEAM_BENCH_ONLY").as_deref() {
        Ok("incremental") => incremental_only(),
        Ok("proofs") => proofs_only(),
        _ => benches(),
    }
    Criterion::default().configure_from_args().final_summary();
}
/// The generalized index `concat(at(depth, position) ...)`, for the
/// indices the proof benches use (the typed paths give them elsewhere).
fn gindex(steps: &[(u32, u128)]) -> peam_ssz_types::Gindex {
    steps
        .iter()
        .try_fold(peam_ssz_types::Gindex::ROOT, |g, &(depth, position)| {
            g.concat(peam_ssz_types::Gindex::at(depth, position)?)
        })
        .expect("the bench's indices fit")
}

/// `validators[i].effective_balance` in a fulu `BeaconState` (38 fields,
/// 6 levels; `validators` is field 11), through the registry's data
/// subtree (left of the length mix-in, 2^40 leaves) and the `Validator`'s
/// 8 fields (3 levels; `effective_balance` is field 2).
fn effective_balance_gindex(i: usize) -> peam_ssz_types::Gindex {
    gindex(&[(6, 11), (1, 0), (40, i as u128), (3, 2)])
}

/// Merkle proofs: single proofs and multiproofs into the 1M-validator
/// state and the full block, and their verification. ssz_rs 0.9, the
/// crates.io release, has no proof generation (its `Prove` is on its
/// unreleased main branch), so it has verification rows only (its
/// `is_valid_merkle_branch`, given our branch); `report` says so.
fn proofs(c: &mut Criterion) {
    use peam_ssz_types::proof::{prove, prove_multi};
    use peam_ssz_types::TreeHash;

    let validators = random_validators(1_000_000, 9);
    let state = ours::beacon_state(&validators, 10);
    drop(validators);
    let state_root = state.hash_tree_root();
    let i = 777_777;
    let g = effective_balance_gindex(i);
    let single = prove(&state, g).expect("the node exists");
    // The index is right if the leaf is the balance's chunk and the branch
    // verifies.
    assert_eq!(
        single.leaf,
        state.validators[i].effective_balance.hash_tree_root()
    );
    single.verify(&state_root).expect("the proof verifies");

    let many: Vec<_> = (0..64)
        .map(|k| effective_balance_gindex(k * 15_625 + 11))
        .collect();
    let multi = prove_multi(&state, &many).expect("the nodes exist");
    multi.verify(&state_root).expect("the multiproof verifies");

    // The same state on the cached types, rooted once: a proof from it
    // copies its branch out of the cached levels.
    let cached = benches::incremental::cached_state(&state);
    assert_eq!(cached.hash_tree_root(), state_root);
    assert_eq!(prove(&cached, g).expect("the node exists"), single);
    assert_eq!(prove_multi(&cached, &many).expect("the nodes exist"), multi);

    let block = ours::beacon_block(8);
    let block_root = block.hash_tree_root();
    // body (field 4 of 5), blob_kzg_commitments (field 11 of 13), the
    // list's data (4096 leaves), commitment 5.
    let blob_g = gindex(&[(3, 4), (4, 11), (1, 0), (12, 5)]);
    let blob = prove(&block, blob_g).expect("the node exists");
    assert_eq!(
        blob.leaf,
        block.body.blob_kzg_commitments[5].hash_tree_root()
    );
    blob.verify(&block_root).expect("the proof verifies");

    let to_nodes = |branch: &[[u8; 32]]| -> Vec<ssz_rs::Node> {
        branch
            .iter()
            .map(|n| ssz_rs::Node::try_from(&n[..]).expect("32 bytes"))
            .collect()
    };
    let node = |n: &[u8; 32]| ssz_rs::Node::try_from(&n[..]).expect("32 bytes");

    let mut group = c.benchmark_group("proofs/state_1m_effective_balance");
    Size::Large.configure(&mut group);
    group.bench_function("prove/peam", |b| b.iter(|| prove(&state, g).unwrap()));
    group.bench_function("prove/peam_cached", |b| {
        b.iter(|| prove(&cached, g).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group("proofs/state_1m_effective_balance_x64");
    Size::Large.configure(&mut group);
    group.bench_function("prove_multi/peam", |b| {
        b.iter(|| prove_multi(&state, &many).unwrap())
    });
    group.bench_function("prove_multi/peam_cached", |b| {
        b.iter(|| prove_multi(&cached, &many).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group("proofs/beacon_block_blob_commitment");
    Size::Medium.configure(&mut group);
    group.bench_function("prove/peam", |b| b.iter(|| prove(&block, blob_g).unwrap()));
    group.finish();

    let mut group = c.benchmark_group("proofs/verify");
    Size::Small.configure(&mut group);
    for (name, proof, root) in [
        ("state_1m_effective_balance", &single, state_root),
        ("beacon_block_blob_commitment", &blob, block_root),
    ] {
        group.bench_function(format!("{name}/peam"), |b| {
            b.iter(|| proof.verify(&root).unwrap())
        });
        let (leaf, branch, root) = (node(&proof.leaf), to_nodes(&proof.branch), node(&root));
        let (depth, index) = (
            proof.leaf_index.depth() as usize,
            proof.leaf_index.position() as usize,
        );
        assert!(ssz_rs::is_valid_merkle_branch(
            &leaf,
            branch.iter(),
            depth,
            index,
            &root
        ));
        group.bench_function(format!("{name}/ssz_rs"), |b| {
            b.iter(|| ssz_rs::is_valid_merkle_branch(&leaf, branch.iter(), depth, index, &root))
        });
    }
    group.bench_function("state_1m_effective_balance_x64/peam", |b| {
        b.iter(|| multi.verify(&state_root).unwrap())
    });
    group.finish();
}
