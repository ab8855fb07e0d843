//! Which backend [`hash_nodes`](super::hash_nodes) runs: measured on first
//! use, pinned by the environment, or forced through the API.
//!
//! No fixed order of the backends is right on every CPU: on AMD Zen 4, whose
//! AVX-512 runs on 256-bit units, SHA-NI hashes a 64-byte node faster than
//! sixteen AVX-512 lanes (27 ns against 31 ns on the machines this project
//! is measured on), while on the Intel CPUs that have both, AVX-512 is about
//! twice as fast as SHA-NI. So the first hash times every backend the CPU
//! supports on a small batch and keeps the fastest.

use super::{Backend, Config};
use core::sync::atomic::{AtomicU32, AtomicU8, Ordering};

/// The environment variable that pins the backend: a [`Backend::name`]
/// (`portable`, `avx2`, `sha_ni`, `avx512`, `arm_sha2`); read with the
/// `std` feature.
pub const BACKEND_ENV: &str = "PEAM_SSZ_BACKEND";

#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Messages in the batch each backend is timed on: a multiple of every
/// backend's width, 8 KiB of input, so that timing all of them takes well
/// under a millisecond.
const PROBE_MESSAGES: usize = 128;
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Timed runs per backend, taken in turn across the backends; the fastest
/// run of each counts, which discards the runs an interrupt slowed down.
const PROBE_ROUNDS: usize = 5;

/// Why the active backend is the one it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The fastest in a timing of every supported backend on first use.
    Measured,
    /// Named by the [`BACKEND_ENV`] environment variable.
    Pinned,
    /// Set by [`force_backend`](super::force_backend).
    Forced,
    /// [`BACKEND_ENV`] named a backend this CPU cannot run, or none, so the
    /// backends were timed instead.
    PinIgnored,
    /// The only backend this CPU supports, or no clock to time them with
    /// (without the `std` feature, or under Miri): the last supported one
    /// in [`Backend::ALL`].
    Fixed,
}

/// The backend in use, why, and what the timing measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The backend [`hash_nodes`](super::hash_nodes) runs.
    pub backend: Backend,
    /// Why.
    pub reason: Reason,
    timings: [Option<f32>; MAX_BACKENDS],
}

impl Choice {
    /// Nanoseconds per 64-byte node that the first-use timing measured for
    /// `backend` (the fastest of its runs); `None` when it was not timed.
    pub fn ns_per_node(&self, backend: Backend) -> Option<f32> {
        index_of(backend).and_then(|i| self.timings[i])
    }
}

const MAX_BACKENDS: usize = 8;

fn index_of(backend: Backend) -> Option<usize> {
    Backend::ALL.iter().position(|&b| b == backend)
}

/// Why the current configuration was chosen (a [`Reason`] as a byte).
static REASON: AtomicU8 = AtomicU8::new(0);
/// Picoseconds per node measured for each backend of [`Backend::ALL`], 0
/// when not timed.
static TIMINGS: [AtomicU32; MAX_BACKENDS] = [const { AtomicU32::new(0) }; MAX_BACKENDS];

fn reason_code(reason: Reason) -> u8 {
    match reason {
        Reason::Measured => 1,
        Reason::Pinned => 2,
        Reason::Forced => 3,
        Reason::PinIgnored => 4,
        Reason::Fixed => 5,
    }
}

pub(super) fn record(reason: Reason) {
    REASON.store(reason_code(reason), Ordering::Relaxed);
}

/// The choice in effect (detecting it first if nothing has hashed yet).
pub fn backend_choice() -> Choice {
    let backend = super::active_backend();
    let reason = match REASON.load(Ordering::Relaxed) {
        1 => Reason::Measured,
        2 => Reason::Pinned,
        3 => Reason::Forced,
        4 => Reason::PinIgnored,
        _ => Reason::Fixed,
    };
    let mut timings = [None; MAX_BACKENDS];
    for (t, slot) in timings.iter_mut().zip(TIMINGS.iter()) {
        let ps = slot.load(Ordering::Relaxed);
        *t = (ps != 0).then_some(ps as f32 / 1000.0);
    }
    Choice {
        backend,
        reason,
        timings,
    }
}

/// The configuration to run when nothing is forced: the pinned backend, or
/// the fastest supported one by measurement, with SHA-NI for the single
/// messages and remainders when the CPU has it.
pub(super) fn choose() -> (Config, Reason) {
    let sha_ni = Backend::ShaNi.is_supported();
    let with = |backend| Config { backend, sha_ni };
    let mut pin_ignored = false;
    if let Some(name) = pinned_name() {
        match Backend::ALL.iter().find(|b| b.name() == name.trim()) {
            Some(&b) if b.is_supported() => return (with(b), Reason::Pinned),
            _ => pin_ignored = true,
        }
    }
    let mut candidates = [Backend::Portable; MAX_BACKENDS];
    let mut n = 0;
    for &b in Backend::ALL {
        if b.is_supported() && n < MAX_BACKENDS {
            candidates[n] = b;
            n += 1;
        }
    }
    let fixed = if pin_ignored {
        Reason::PinIgnored
    } else {
        Reason::Fixed
    };
    let last = candidates[n.max(1) - 1];
    if n <= 1 {
        return (with(last), fixed);
    }
    match measure(&candidates[..n], sha_ni) {
        Some(best) => (
            with(best),
            if pin_ignored {
                Reason::PinIgnored
            } else {
                Reason::Measured
            },
        ),
        None => (with(last), fixed),
    }
}

#[cfg(all(feature = "std", not(miri)))]
fn pinned_name() -> Option<std::string::String> {
    std::env::var(BACKEND_ENV).ok()
}

/// No environment without `std` (and none read under Miri).
#[cfg(not(all(feature = "std", not(miri))))]
fn pinned_name() -> Option<alloc::string::String> {
    None
}

/// Times each candidate on the same batch, round after round, and returns
/// the one whose fastest run was fastest. `None` without a clock.
#[cfg(all(feature = "std", not(miri)))]
fn measure(candidates: &[Backend], sha_ni: bool) -> Option<Backend> {
    use super::dispatch;
    use std::time::Instant;
    let mut input = [[0u8; 64]; PROBE_MESSAGES];
    for (i, m) in input.iter_mut().enumerate() {
        m[0] = i as u8;
        m[33] = !(i as u8);
    }
    let mut out = [[0u8; 32]; PROBE_MESSAGES];
    let mut best = [u128::MAX; MAX_BACKENDS];
    // One untimed run each first: the first use of wide registers can pay
    // for powering them up.
    for &b in candidates {
        dispatch(Config { backend: b, sha_ni }, &input, &mut out);
    }
    for _ in 0..PROBE_ROUNDS {
        for (i, &b) in candidates.iter().enumerate() {
            let start = Instant::now();
            dispatch(Config { backend: b, sha_ni }, &input, &mut out);
            core::hint::black_box(&mut out);
            best[i] = best[i].min(start.elapsed().as_nanos());
        }
    }
    for (i, &b) in candidates.iter().enumerate() {
        if let Some(slot) = index_of(b) {
            let ps = best[i].saturating_mul(1000) / PROBE_MESSAGES as u128;
            TIMINGS[slot].store(ps.clamp(1, u32::MAX as u128) as u32, Ordering::Relaxed);
        }
    }
    // Ties go to the later (wider) backend, as the fixed order would.
    let mut pick = 0;
    for i in 1..candidates.len() {
        if best[i] <= best[pick] {
            pick = i;
        }
    }
    Some(candidates[pick])
}

/// No clock without `std` (and none worth reading under Miri): the fixed
/// order decides.
#[cfg(not(all(feature = "std", not(miri))))]
fn measure(_: &[Backend], _: bool) -> Option<Backend> {
    None
}
