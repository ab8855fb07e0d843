//! The core of peam-ssz: the [`Ssz`] (encode/decode) and [`TreeHash`]
//! (merkleization) traits, their implementations for the basic types and
//! arrays, the merkleization functions of the SSZ spec, SHA-256 batch
//! hashing, and the seam for another hash function ([`hasher`]).
//!
//! Most users depend on `peam-ssz-types`, which re-exports this crate, the
//! derive macros and every SSZ type. This crate is for code that needs only the
//! traits.
//!
//! Spec: consensus-specs v1.6.1, `ssz/simple-serialize.md`.

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;

#[cfg(feature = "alloy")]
pub mod alloy_impls;
mod chunk;
pub mod codec;
pub mod edition;
mod error;
mod fault;
mod gindex;
pub mod hasher;
mod hex;
mod impls;
mod length;
mod memory;
pub mod merkle;
pub mod path;
pub mod proof;
pub mod sha256;
mod ssz;
pub mod stream;
mod tree_hash;
mod validate;
pub mod view;
mod wrappers;

// `pub mod __private_<version>`, from `build.rs`.
include!(concat!(env!("OUT_DIR"), "/private.rs"));

/// What this crate's exported `macro_rules!` name through `$crate` (they
/// expand in other crates, which may have no `alloc` in scope).
#[doc(hidden)]
pub mod __macro_support {
    pub use alloc::vec::Vec;
}

/// The module [`sha256`] under its former name (`hash`, beside
/// [`hasher`]): kept so that code naming it still builds.
#[doc(hidden)]
pub use sha256 as hash;

/// The module [`alloy_impls`] under its former name: `alloy` is
/// `peam_ssz_types::alloy`, the conversions between alloy's types and
/// peam's.
#[cfg(feature = "alloy")]
#[doc(hidden)]
pub use alloy_impls as alloy;

pub use edition::{Current, Edition, V1_6, V1_7};
pub use error::{DecodeError, DecodeErrorKind, PathSegment};
pub use fault::Fault;
pub use gindex::{Gindex, ProofError};
pub use hex::{root_hex, Hex};
pub use length::{Length, Prod, Quot, Sum, U, U64};
pub use merkle::{
    merkleize, merkleize_progressive, merkleize_progressive_in, mix_in_active_fields,
    mix_in_length, mix_in_selector, Root, ZERO_HASHES,
};
pub use path::{gindex_of, gindex_of_str, PathError, PathStep, TreeLayout};
pub use ssz::{decode, Ssz};
pub use tree_hash::TreeHash;

/// Bytes of an offset in the fixed part of a container or list
/// (`BYTES_PER_LENGTH_OFFSET`).
pub const BYTES_PER_LENGTH_OFFSET: usize = 4;
/// Bytes of a merkle chunk (`BYTES_PER_CHUNK`).
pub const BYTES_PER_CHUNK: usize = 32;
