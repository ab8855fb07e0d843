//! A root from scratch of a fresh persistent list of 1M validators against
//! the plain `List`'s root of the same values, and a clone with 1% of the
//! validators changed and re-rooted: each row run in turn, the fastest run
//! of each kept (load slows runs, never speeds them up).
//!
//! `cargo run --release -p benches --bin persistent [rounds] [row]`, `row`
//! one of `persistent`, `plain`, `clone` to run that row alone, once per
//! round (for `valgrind --tool=callgrind` or `perf record`).

use benches::{incremental as inc, ours, random_validators, Rng};
use peam_ssz_types::TreeHash;
use std::hint::black_box;
use std::time::{Duration, Instant};

const N: usize = 1_000_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(10);
    let only = args.next();
    let run = |row: &str| only.as_deref().is_none_or(|o| o == row);
    let data = random_validators(N, 21);
    let plain = ours::validators(&data);
    let expected = plain.hash_tree_root();
    let base = inc::validators(&data);
    assert!(base.hash_tree_root() == expected, "roots differ");
    let mut rng = Rng::new(7);
    let pct: Vec<usize> = (0..N / 100).map(|_| rng.below(N as u64) as usize).collect();

    let mut best = [Duration::MAX; 3];
    for _ in 0..rounds {
        if run("persistent") {
            let fresh = inc::validators(&data);
            let t = Instant::now();
            let root = black_box(&fresh).hash_tree_root();
            best[0] = best[0].min(t.elapsed());
            assert!(root == expected, "roots differ");
        }
        if run("plain") {
            let t = Instant::now();
            black_box(black_box(&plain).hash_tree_root());
            best[1] = best[1].min(t.elapsed());
        }
        if run("clone") {
            let t = Instant::now();
            let mut next = base.clone();
            for &i in &pct {
                next.update(i, |v| v.exit_epoch = 5)
                    .expect("an index in range");
            }
            black_box(next.hash_tree_root());
            best[2] = best[2].min(t.elapsed());
            drop(next);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (name, d) in ["persistent", "plain", "clone_change_1pct"]
        .iter()
        .zip(best)
    {
        if d != Duration::MAX {
            println!("{name:>18}: {:8.2} ms", ms(d));
        }
    }
    if best[0] != Duration::MAX && best[1] != Duration::MAX {
        println!("plain / persistent: {:.3}", ms(best[1]) / ms(best[0]));
    }
}
