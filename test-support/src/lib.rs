//! What the tests of peam-ssz share, written once.
//!
//! - [`alloc`]: a counting global allocator (per-thread live, peak and total
//!   bytes, and allocation counts) and [`alloc::decode_bound`], the heap a
//!   decode of `len` bytes may take (`8 * len + 1 KiB`).
//! - [`merkle`]: a naive merkleizer written from the spec text
//!   (ssz/simple-serialize.md v1.6.1, "Merkleization"; EIP-7916 for the
//!   progressive shapes of both editions), on SHA-256 alone.
//! - [`tree`]: the same merkleization as a tree drawn node by node, whose
//!   nodes the proof tests read by generalized index.
//! - [`rng`]: seeded xorshift generators, so that a failure repeats.
//! - [`hex`]: hex decoding and encoding.
//!
//! It depends on no peam crate, so that `peam-ssz-core`'s own tests can use
//! it without a cycle, and hashes with the `sha2` crate directly, so that the
//! references do not share code with what they check.

pub mod alloc;
pub mod hex;
pub mod merkle;
pub mod rng;
pub mod tree;
