//! Which backend [`hash_nodes`](super::hash_nodes) runs: measured on first
//! use, pinned by the environment, or forced through the API.
//!
//! No fixed order of the backends is right on every CPU: on AMD Zen 4, whose
//! AVX-512 runs on 256-bit units, SHA-NI hashes a 64-byte node faster than
//! sixteen AVX-512 lanes (27 ns against 31 ns on the machines this project
//! is measured on), while on the Intel CPUs that have both, AVX-512 is about
//! twice as fast as SHA-NI. So the first hash times every backend the CPU
//! supports on a small batch and keeps the fastest.
//!
//! A process keeps that choice for its whole life, so the timing is made to
//! hold on a busy machine too: short runs in interleaved rounds, the
//! fastest run of each backend counting (load only ever slows a run down),
//! at least [`PROBE_MIN_ROUNDS`] rounds and more until one backend leads
//! clearly, and backends within [`TIE_PERCENT`] of the fastest taken as
//! equal, the fixed order deciding between them. Each round times 256
//! nodes per backend (70 us on the Intel Xeon measured here), so the choice
//! takes about 1 ms, up to 3 ms when the two fastest are within 10%.
//! Earlier, five rounds of 128 nodes (a tenth of a millisecond) were
//! taken, and any difference, however small, decided.

use super::{Backend, Config};
use core::sync::atomic::{AtomicU32, AtomicU8, Ordering};

/// The environment variable that pins the backend: a [`Backend::name`]
/// (`portable`, `avx2`, `sha_ni`, `avx512`, `arm_sha2`); read with the
/// `std` feature.
pub const BACKEND_ENV: &str = "PEAM_SSZ_BACKEND";

#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Messages in the batch each backend is timed on: a multiple of every
/// backend's width, 16 KiB of input (in the first-level cache with its
/// output), long enough (8 to 25 microseconds) that the clock's own cost
/// and resolution are noise, short enough that an interrupt or a
/// descheduling spoils few runs.
const PROBE_MESSAGES: usize = 256;
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Rounds always taken: each round times every candidate once, starting
/// from a different one each round, and each candidate keeps the fastest
/// of its runs. A busy machine (a sibling thread on the same core, another
/// process taking the CPU) slows some runs, never speeds one up, so the
/// minimum over rounds spread in time is the backend's speed when nothing
/// got in its way, and every candidate had the same chances of such a run.
const PROBE_MIN_ROUNDS: usize = 12;
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Rounds at most: after [`PROBE_MIN_ROUNDS`], rounds go on until the
/// fastest candidate leads every other by [`CLEAR_LEAD_PERCENT`], or this
/// many rounds (about 3 ms on the machines measured here) have run.
const PROBE_MAX_ROUNDS: usize = 48;
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// The lead that ends the rounds early.
const CLEAR_LEAD_PERCENT: u128 = 10;
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
/// Candidates measured within this many percent of the fastest are taken
/// as equally fast: among them the later one in [`Backend::ALL`] wins, as
/// the fixed order would choose, so that noise between two near-equal
/// backends does not decide.
pub(super) const TIE_PERCENT: u128 = 3;

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

/// Times each candidate on the same batch, in interleaved rounds (see
/// [`PROBE_MIN_ROUNDS`]), records the fastest run of each, and returns
/// [`pick`]'s choice. `None` without a clock.
#[cfg(all(feature = "std", not(miri)))]
pub(super) fn measure(candidates: &[Backend], sha_ni: bool) -> Option<Backend> {
    let best = time_candidates(candidates, sha_ni);
    for (i, &b) in candidates.iter().enumerate() {
        if let Some(slot) = index_of(b) {
            let ps = best[i].saturating_mul(1000) / PROBE_MESSAGES as u128;
            TIMINGS[slot].store(ps.clamp(1, u32::MAX as u128) as u32, Ordering::Relaxed);
        }
    }
    Some(candidates[pick(&best[..candidates.len()])])
}

/// The fastest run of each candidate, in nanoseconds per batch of
/// [`PROBE_MESSAGES`].
#[cfg(all(feature = "std", not(miri)))]
pub(super) fn time_candidates(candidates: &[Backend], sha_ni: bool) -> [u128; MAX_BACKENDS] {
    use super::dispatch;
    use std::time::Instant;
    let mut input = [[0u8; 64]; PROBE_MESSAGES];
    for (i, m) in input.iter_mut().enumerate() {
        m[0] = i as u8;
        m[33] = !(i as u8);
    }
    let mut out = [[0u8; 32]; PROBE_MESSAGES];
    let mut best = [u128::MAX; MAX_BACKENDS];
    let n = candidates.len();
    // One untimed run each first: the first use of wide registers can pay
    // for powering them up, and the code has to be fetched.
    for &b in candidates {
        dispatch(Config { backend: b, sha_ni }, &input, &mut out);
    }
    for round in 0..PROBE_MAX_ROUNDS {
        for k in 0..n {
            let i = (round + k) % n;
            let config = Config {
                backend: candidates[i],
                sha_ni,
            };
            let start = Instant::now();
            dispatch(config, core::hint::black_box(&input), &mut out);
            core::hint::black_box(&mut out);
            best[i] = best[i].min(start.elapsed().as_nanos().max(1));
        }
        if round + 1 >= PROBE_MIN_ROUNDS && clear_lead(&best[..n]) {
            break;
        }
    }
    best
}

/// Whether the fastest time is below every other by [`CLEAR_LEAD_PERCENT`].
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
pub(super) fn clear_lead(times: &[u128]) -> bool {
    let Some(fastest) = times.iter().copied().min() else {
        return true;
    };
    let mut ties = 0;
    for &t in times {
        if t == fastest {
            ties += 1;
        } else if t.saturating_mul(100) < fastest.saturating_mul(100 + CLEAR_LEAD_PERCENT) {
            return false;
        }
    }
    ties == 1
}

/// The index of the candidate to run, given each one's fastest time (in
/// the order of [`Backend::ALL`]): the last of those within
/// [`TIE_PERCENT`] of the fastest.
#[cfg_attr(not(all(feature = "std", not(miri))), allow(dead_code))]
pub(super) fn pick(times: &[u128]) -> usize {
    let fastest = times.iter().copied().min().unwrap_or(0);
    let limit = fastest.saturating_mul(100 + TIE_PERCENT);
    times
        .iter()
        .rposition(|&t| t.saturating_mul(100) <= limit)
        .unwrap_or(0)
}

/// No clock without `std` (and none worth reading under Miri): the fixed
/// order decides.
#[cfg(not(all(feature = "std", not(miri))))]
pub(super) fn measure(_: &[Backend], _: bool) -> Option<Backend> {
    None
}
