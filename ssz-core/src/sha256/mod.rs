//! SHA-256 of 64-byte merkle nodes, one batch at a time.
//!
//! Every tree level in this workspace is hashed through [`hash_nodes`]: many
//! 64-byte inputs (two sibling chunks) to as many 32-byte outputs. The backend
//! is chosen once, on first use, by timing every backend the CPU supports on
//! a small batch (about a tenth of a millisecond) and keeping the fastest;
//! the `PEAM_SSZ_BACKEND` environment variable pins one, [`force_backend`]
//! forces one, [`backend_choice`] tells which runs and why, and
//! [`hash_nodes_with`] calls one directly. This is the
//! [`Sha256`](crate::hasher::Sha256) of the hasher seam
//! ([`crate::hasher`]), the default of every merkleization function.
//!
//! Each message is one 64-byte block followed by the same padding block
//! (`0x80`, zeros, the bit length 512), whose message schedule plus round
//! constants is a compile-time constant: the second block costs only its 64
//! rounds.
//!
//! # Backends
//!
//! | backend | messages at once | instructions |
//! |---|---|---|
//! | [`Backend::Portable`] | 1 | `sha2`'s compression function |
//! | [`Backend::Avx2`] | 8, one per 32-bit lane | AVX2 |
//! | [`Backend::ShaNi`] | 4 interleaved (then 2, then 1) | SHA extensions (`sha256rnds2`) |
//! | [`Backend::Avx512`] | 16, one per 32-bit lane | AVX-512 F + BW (`vprord`, `vpternlogd`) |
//! | [`Backend::ArmSha2`] | 4 interleaved (then 2, then 1) | ARMv8 SHA-2 (`sha256h`, `sha256h2`) |
//!
//! The wide backends hash whole groups of 8 or 16 messages. What is left of
//! a batch (and every batch of a small tree) goes, where the CPU has SHA-NI,
//! to SHA-NI if it is at most half a group; without SHA-NI, a single message
//! goes to the portable backend; anything else is one more group, padded
//! with zero messages. So a six-field container's root costs a few SHA-NI
//! hashes, and a big list's the widest kernel.

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[macro_use]
mod lanes;

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod armsha2;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx512;
mod choose;
mod portable;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod shani;
pub(crate) mod soft;

#[cfg(test)]
mod tests;

use core::sync::atomic::{AtomicU8, Ordering};

pub use choose::{backend_choice, Choice, Reason, BACKEND_ENV};

/// A SHA-256 implementation for batches of 64-byte messages.
///
/// Every variant exists on every target; the x86 ones are never
/// [supported](Backend::is_supported) elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// The `sha2` crate's compression function (which itself uses SHA-NI
    /// where the CPU has it), one message at a time.
    Portable,
    /// Eight messages at once, one per 32-bit lane of AVX2 registers
    /// (x86 and x86_64).
    Avx2,
    /// The SHA extensions, four messages interleaved (x86 and x86_64).
    ShaNi,
    /// Sixteen messages at once, one per 32-bit lane of AVX-512 registers
    /// (x86 and x86_64, AVX-512 F and BW).
    Avx512,
    /// The ARMv8 SHA-2 instructions, four messages interleaved (little-endian
    /// AArch64 with `FEAT_SHA256`; also the single-message path there).
    ArmSha2,
}

impl Backend {
    /// Every backend, in the order that serves where the backends cannot be
    /// timed (under Miri): the last one the CPU supports. Otherwise the
    /// fastest one by measurement runs, unless pinned or forced (see
    /// [`backend_choice`]).
    pub const ALL: &'static [Backend] = &[
        Backend::Portable,
        Backend::Avx2,
        Backend::ShaNi,
        Backend::Avx512,
        Backend::ArmSha2,
    ];

    /// Whether this CPU can run the backend (detected at run time; the
    /// result is cached by [`active_backend`]).
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Portable => true,
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::ShaNi => x86_features::sha_ni(),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::Avx2 => x86_features::avx2(),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::Avx512 => x86_features::avx512(),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Backend::ArmSha2 => arm_sha2_detected(),
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The backend's name, as benchmarks report it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
            Backend::ShaNi => "sha_ni",
            Backend::Avx512 => "avx512",
            Backend::ArmSha2 => "arm_sha2",
        }
    }
}

/// The x86 features the kernels need, detected at run time: by the
/// standard library with `std`, by `cpufeatures` (CPUID and XGETBV, which
/// need no operating system) without it. Both check that the OS saves the
/// wide registers, not only that the CPU has the instructions.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod x86_features {
    #[cfg(not(feature = "std"))]
    pub(super) use by_cpuid::{avx2, avx512, sha_ni};
    #[cfg(feature = "std")]
    pub(super) use by_std::{avx2, avx512, sha_ni};

    #[cfg(feature = "std")]
    pub(super) mod by_std {
        pub(in crate::sha256) fn sha_ni() -> bool {
            std::is_x86_feature_detected!("sha")
                && std::is_x86_feature_detected!("sse2")
                && std::is_x86_feature_detected!("ssse3")
                && std::is_x86_feature_detected!("sse4.1")
        }

        pub(in crate::sha256) fn avx2() -> bool {
            std::is_x86_feature_detected!("avx2")
        }

        pub(in crate::sha256) fn avx512() -> bool {
            std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
        }
    }

    /// Compiled in tests too, which check that it agrees with `std`.
    #[cfg(any(test, not(feature = "std")))]
    pub(super) mod by_cpuid {
        cpufeatures::new!(cpu_sha_ni, "sha", "sse2", "ssse3", "sse4.1");
        cpufeatures::new!(cpu_avx2, "avx2");
        cpufeatures::new!(cpu_avx512, "avx512f", "avx512bw");

        pub(in crate::sha256) fn sha_ni() -> bool {
            cpu_sha_ni::get()
        }

        pub(in crate::sha256) fn avx2() -> bool {
            cpu_avx2::get()
        }

        pub(in crate::sha256) fn avx512() -> bool {
            cpu_avx512::get()
        }
    }
}

/// Whether the CPU has the ARMv8 SHA-2 instructions: asked of the OS with
/// `std`, known at compile time without it (`-C target-feature=+sha2`, or a
/// target that implies it such as `aarch64-apple-darwin`).
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
fn arm_sha2_detected() -> bool {
    #[cfg(feature = "std")]
    {
        std::arch::is_aarch64_feature_detected!("sha2")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(target_feature = "sha2")
    }
}

/// What [`hash_nodes`] runs: a backend, and whether the single-message path
/// (an odd last message, short batches, [`hash64`]) is SHA-NI.
///
/// Invariant, which the `unsafe` calls into the kernels rely on:
/// `backend.is_supported()`, and `sha_ni` only if
/// `Backend::ShaNi.is_supported()`. Only [`Config::detected`] and
/// [`Config::only`] (after a check) make one, and [`Config::decode`] only
/// reads back what they made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Config {
    backend: Backend,
    sha_ni: bool,
}

impl Config {
    /// The pinned or fastest measured backend, with SHA-NI for the rest
    /// when the CPU has it (see [`choose`]).
    fn detected() -> Config {
        let (config, reason) = choose::choose();
        choose::record(reason);
        config
    }

    /// `backend` and nothing else: its own remainder handling, with the
    /// portable backend as the single-message path (SHA-NI's own for
    /// [`Backend::ShaNi`]). `None` if the CPU cannot run it.
    fn only(backend: Backend) -> Option<Config> {
        backend.is_supported().then_some(Config {
            backend,
            sha_ni: backend == Backend::ShaNi,
        })
    }

    const SHA_NI_BIT: u8 = 0x10;

    fn encode(self) -> u8 {
        let b = match self.backend {
            Backend::Portable => 1,
            Backend::Avx2 => 2,
            Backend::ShaNi => 3,
            Backend::Avx512 => 4,
            Backend::ArmSha2 => 5,
        };
        b | if self.sha_ni { Self::SHA_NI_BIT } else { 0 }
    }

    #[inline]
    fn decode(v: u8) -> Option<Config> {
        let backend = match v & !Self::SHA_NI_BIT {
            1 => Backend::Portable,
            2 => Backend::Avx2,
            3 => Backend::ShaNi,
            4 => Backend::Avx512,
            5 => Backend::ArmSha2,
            _ => return None,
        };
        Some(Config {
            backend,
            sha_ni: v & Self::SHA_NI_BIT != 0,
        })
    }
}

/// The [`Config`] in use, encoded; 0 until detected.
static ACTIVE: AtomicU8 = AtomicU8::new(0);

#[inline]
fn active() -> Config {
    match Config::decode(ACTIVE.load(Ordering::Relaxed)) {
        Some(c) => c,
        None => detect_and_store(),
    }
}

#[cold]
fn detect_and_store() -> Config {
    let c = Config::detected();
    ACTIVE.store(c.encode(), Ordering::Relaxed);
    c
}

/// The error of forcing a backend this CPU cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl core::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "this CPU cannot run the {} SHA-256 backend",
            self.0.name()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Unsupported {}

/// The backend [`hash_nodes`] uses: the fastest this CPU runs, unless forced.
#[inline]
pub fn active_backend() -> Backend {
    active().backend
}

/// Forces [`hash_nodes`] (and [`hash64`], [`hash_pair`]) to use `backend`
/// alone, for the whole process, or goes back to the detected one with
/// `None`.
///
/// A forced wide backend hashes what is left after its last whole group with
/// one more, zero-padded, group, or a last single message with the portable
/// backend; it never mixes in SHA-NI. The detected configuration does (see
/// the [module docs](self)).
pub fn force_backend(backend: Option<Backend>) -> Result<(), Unsupported> {
    let c = match backend {
        Some(b) => {
            let c = Config::only(b).ok_or(Unsupported(b))?;
            choose::record(Reason::Forced);
            c
        }
        None => Config::detected(),
    };
    ACTIVE.store(c.encode(), Ordering::Relaxed);
    Ok(())
}

/// Hashes each 64-byte input into the 32-byte output at the same index.
///
/// # Panics
///
/// When `input.len() != out.len()`.
#[inline]
pub fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    assert_eq!(input.len(), out.len(), "hash_nodes: one output per input");
    dispatch(active(), input, out);
}

/// [`hash_nodes`] on a given backend alone, as [`force_backend`] would run
/// it.
///
/// # Panics
///
/// When `input.len() != out.len()`.
pub fn hash_nodes_with(
    backend: Backend,
    input: &[[u8; 64]],
    out: &mut [[u8; 32]],
) -> Result<(), Unsupported> {
    assert_eq!(
        input.len(),
        out.len(),
        "hash_nodes_with: one output per input"
    );
    let c = Config::only(backend).ok_or(Unsupported(backend))?;
    dispatch(c, input, out);
    Ok(())
}

/// Runs `config` on a batch; `input.len() == out.len()`.
#[inline]
fn dispatch(config: Config, input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    debug_assert_eq!(input.len(), out.len());
    match config.backend {
        Backend::Portable => portable::hash_nodes(input, out),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: by the `Config` invariant, the CPU has SHA-NI.
        Backend::ShaNi => unsafe { shani::hash_nodes(input, out) },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: by the `Config` invariant, the CPU has AVX2, and SHA-NI if
        // `config.sha_ni`.
        Backend::Avx2 => unsafe { avx2::hash_nodes(input, out, config.sha_ni) },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: by the `Config` invariant, the CPU has AVX-512 F and BW,
        // and SHA-NI if `config.sha_ni`.
        Backend::Avx512 => unsafe { avx512::hash_nodes(input, out, config.sha_ni) },
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        // SAFETY: by the `Config` invariant, the CPU has the SHA-2
        // instructions.
        Backend::ArmSha2 => unsafe { armsha2::hash_nodes(input, out) },
        // No other backend is ever supported here (`Config` invariant).
        #[allow(unreachable_patterns)]
        _ => portable::hash_nodes(input, out),
    }
}

/// SHA-256 of one 64-byte message, on the fastest single-message path
/// (SHA-NI where the CPU has it, unless another backend is forced).
#[inline]
pub fn hash64(input: &[u8; 64]) -> [u8; 32] {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    if active().sha_ni {
        // SAFETY: by the `Config` invariant, the CPU has SHA-NI.
        return unsafe { shani::hash64(input) };
    }
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if active().backend == Backend::ArmSha2 {
        // SAFETY: by the `Config` invariant, the CPU has the SHA-2
        // instructions.
        return unsafe { armsha2::hash64(input) };
    }
    portable::hash64(input)
}

/// SHA-256 of the concatenation of two chunks: one merkle parent.
#[inline]
pub fn hash_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    if active().sha_ni {
        // SAFETY: by the `Config` invariant, the CPU has SHA-NI.
        return unsafe { shani::hash_pair(left, right) };
    }
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if active().backend == Backend::ArmSha2 {
        // SAFETY: by the `Config` invariant, the CPU has the SHA-2
        // instructions.
        return unsafe { armsha2::hash_pair(left, right) };
    }
    let mut block = [0u8; 64];
    block[..32].copy_from_slice(left);
    block[32..].copy_from_slice(right);
    portable::hash64(&block)
}

/// SHA-256 of any message (not on the hot path of merkleization).
pub fn sha256(data: &[u8]) -> [u8; 32] {
    portable::sha256(data)
}

/// The SHA-256 initial state.
pub(crate) const IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// The round constants.
#[cfg_attr(
    not(any(target_arch = "x86", target_arch = "x86_64")),
    allow(dead_code)
)]
pub(crate) const K: [u32; 64] = soft::K;

/// The second block of every 64-byte message: the `0x80` marker, zeros and
/// the bit length 512.
pub(crate) const PADDING_BLOCK: [u8; 64] = {
    let mut b = [0u8; 64];
    b[0] = 0x80;
    b[62] = 0x02;
    b
};

/// `W[t] + K[t]` of [`PADDING_BLOCK`], for every round `t`: the whole input
/// of the second block's rounds, computed by the compiler.
#[cfg_attr(
    not(any(target_arch = "x86", target_arch = "x86_64")),
    allow(dead_code)
)]
pub(crate) const PADDING_WK: [u32; 64] = {
    let w = soft::schedule(&PADDING_BLOCK);
    let mut wk = [0u32; 64];
    let mut t = 0;
    while t < 64 {
        wk[t] = w[t].wrapping_add(K[t]);
        t += 1;
    }
    wk
};
