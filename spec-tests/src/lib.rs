//! The consensus-spec SSZ vectors, run against peam-ssz: the harness.
//!
//! - [`harness`] reads and checks the cases of the consensus-specs v1.6.1
//!   vectors (`spec-tests/vectors`, filled by `spec-tests/download-vectors.sh`,
//!   or `$SSZ_SPEC_VECTORS`).
//! - [`generic`] holds the types of the `ssz_generic` suite and maps each
//!   case to its check (`tests/ssz_generic.rs` runs them all).
//! - `tests/ssz_static*.rs` run the `ssz_static` suite against the beacon
//!   containers of the `beacon-types` crate: [`beacon`] (every fork, both
//!   presets), [`beacon_cached`] (the same containers with the persistent,
//!   cached `List` and `Vector`) and [`beacon_v1_7`] (Fulu, Gloas and
//!   Heze of v1.7.0-alpha.13, against `spec-tests/vectors-v1.7`).
//!
//! - [`lean`] runs leanSpec's `lstar` SSZ fixtures against `peam-ssz-lean`
//!   (`spec-tests/vectors-lean`, or `$SSZ_LEAN_VECTORS`).
//!
//! [`beacon`], [`beacon_cached`] and [`beacon_v1_7`] are re-exports of the
//! modules of `beacon-types`, where the containers now live; the paths
//! `spec_tests::beacon::...` keep working.

#[cfg(feature = "beacon")]
pub use beacon_types::{beacon, beacon_cached, beacon_v1_7};
pub mod generic;
pub mod harness;
pub mod lean;
pub mod ssz_specs;
pub mod ssz_specs_codegen;
pub mod ssz_specs_json;
#[rustfmt::skip]
pub mod ssz_specs_types;
