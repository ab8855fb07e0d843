//! The reference merkleizer and hex decoders of `test-support`, under the
//! names these tests use: a naive merkleizer written from the definitions in
//! `ssz/simple-serialize.md` (v1.6.1), "Merkleization", on SHA-256 alone, to
//! check derived roots against.

#![allow(unused_imports)]

pub use test_support::hex::{hex, hex32};
/// `merkleize_progressive` of v1.6.1 (the recursion on the left).
pub use test_support::merkle::merkleize_progressive_v1_6 as merkleize_progressive;
pub use test_support::merkle::{
    chunk, hash, merkleize, merkleize_progressive_v1_7, mix_in_active_fields, mix_in_length,
    mix_in_selector, pack, Chunk,
};
