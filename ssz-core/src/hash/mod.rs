//! SHA-256 of 64-byte merkle nodes, one batch at a time.
//!
//! Every tree level in this workspace is hashed through [`hash_nodes`]: many
//! 64-byte inputs (two sibling chunks) to as many 32-byte outputs. The backend
//! is chosen once, from the CPU's features, on first use; tests and
//! benchmarks can force one with [`force_backend`] or call one directly with
//! [`hash_nodes_with`].

mod portable;
pub(crate) mod soft;

use core::sync::atomic::{AtomicU8, Ordering};

/// A SHA-256 implementation for batches of 64-byte messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// The `sha2` crate's compression function (which itself uses SHA-NI
    /// where the CPU has it), one message at a time.
    Portable,
}

impl Backend {
    /// Every backend, fastest last.
    pub const ALL: &'static [Backend] = &[Backend::Portable];

    /// Whether this CPU can run the backend.
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Portable => true,
        }
    }

    /// The backend's name, as benchmarks report it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
        }
    }

    fn to_u8(self) -> u8 {
        match self {
            Backend::Portable => 1,
        }
    }

    fn from_u8(v: u8) -> Option<Backend> {
        match v {
            1 => Some(Backend::Portable),
            _ => None,
        }
    }

    fn detect() -> Backend {
        Backend::ALL
            .iter()
            .rev()
            .copied()
            .find(|b| b.is_supported())
            .unwrap_or(Backend::Portable)
    }
}

/// The backend in use; 0 until detected.
static ACTIVE: AtomicU8 = AtomicU8::new(0);

/// The error of forcing a backend this CPU cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl core::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "this CPU cannot run the {} SHA-256 backend", self.0.name())
    }
}

impl std::error::Error for Unsupported {}

/// The backend [`hash_nodes`] uses: the fastest this CPU runs, unless forced.
#[inline]
pub fn active_backend() -> Backend {
    match Backend::from_u8(ACTIVE.load(Ordering::Relaxed)) {
        Some(b) => b,
        None => {
            let b = Backend::detect();
            ACTIVE.store(b.to_u8(), Ordering::Relaxed);
            b
        }
    }
}

/// Forces [`hash_nodes`] to use `backend` (for the whole process), or goes
/// back to the detected one with `None`.
pub fn force_backend(backend: Option<Backend>) -> Result<(), Unsupported> {
    let b = match backend {
        Some(b) if !b.is_supported() => return Err(Unsupported(b)),
        Some(b) => b,
        None => Backend::detect(),
    };
    ACTIVE.store(b.to_u8(), Ordering::Relaxed);
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
    dispatch(active_backend(), input, out);
}

/// [`hash_nodes`] on a given backend.
///
/// # Panics
///
/// When `input.len() != out.len()`.
pub fn hash_nodes_with(
    backend: Backend,
    input: &[[u8; 64]],
    out: &mut [[u8; 32]],
) -> Result<(), Unsupported> {
    assert_eq!(input.len(), out.len(), "hash_nodes_with: one output per input");
    if !backend.is_supported() {
        return Err(Unsupported(backend));
    }
    dispatch(backend, input, out);
    Ok(())
}

#[inline]
fn dispatch(backend: Backend, input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    match backend {
        Backend::Portable => portable::hash_nodes(input, out),
    }
}

/// SHA-256 of one 64-byte message, on the fastest single-message path.
#[inline]
pub fn hash64(input: &[u8; 64]) -> [u8; 32] {
    portable::hash64(input)
}

/// SHA-256 of the concatenation of two chunks: one merkle parent.
#[inline]
pub fn hash_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..32].copy_from_slice(left);
    block[32..].copy_from_slice(right);
    hash64(&block)
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
#[allow(dead_code)]
pub(crate) const K: [u32; 64] = soft::K;

/// The second block of every 64-byte message: the `0x80` marker, zeros and
/// the bit length 512, precomputed once.
pub(crate) const PADDING_BLOCK: [u8; 64] = {
    let mut b = [0u8; 64];
    b[0] = 0x80;
    b[62] = 0x02;
    b
};

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(input: &[u8; 64]) -> [u8; 32] {
        use sha2::Digest;
        sha2::Sha256::digest(input).into()
    }

    #[test]
    fn every_backend_matches_sha2_for_every_batch_size() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
            for n in (0..=64).chain([255, 1000]) {
                let input: Vec<[u8; 64]> = (0..n)
                    .map(|_| {
                        let mut m = [0u8; 64];
                        for byte in m.iter_mut() {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            *byte = seed as u8;
                        }
                        m
                    })
                    .collect();
                let mut out = vec![[0u8; 32]; n];
                hash_nodes_with(backend, &input, &mut out).unwrap();
                for (i, (m, o)) in input.iter().zip(&out).enumerate() {
                    assert_eq!(*o, reference(m), "{backend:?} batch {n} index {i}");
                }
            }
        }
    }

    #[test]
    fn single_message_paths_match_sha2() {
        let m = [0xa5u8; 64];
        assert_eq!(hash64(&m), reference(&m));
        assert_eq!(hash_pair(&[1; 32], &[2; 32]), reference(&{
            let mut b = [1u8; 64];
            b[32..].fill(2);
            b
        }));
        assert_eq!(sha256(b"abc"), {
            use sha2::Digest;
            <[u8; 32]>::from(sha2::Sha256::digest(b"abc"))
        });
    }

    #[test]
    fn forcing_an_unsupported_backend_fails_and_detection_restores() {
        assert!(force_backend(Some(Backend::Portable)).is_ok());
        assert_eq!(active_backend(), Backend::Portable);
        force_backend(None).unwrap();
        assert_eq!(active_backend(), Backend::detect());
    }
}
