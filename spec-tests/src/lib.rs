//! Consensus-spec SSZ vectors and beacon containers.
//!
//! - [`harness`] reads and checks the cases of the consensus-specs v1.6.1
//!   vectors (`spec-tests/vectors`, filled by `spec-tests/download-vectors.sh`,
//!   or `$SSZ_SPEC_VECTORS`).
//! - [`generic`] holds the types of the `ssz_generic` suite and maps each
//!   case to its check (`tests/ssz_generic.rs` runs them all).
//! - [`beacon`] holds the beacon containers of every fork, for both presets
//!   (`tests/ssz_static.rs` runs the `ssz_static` suite against them).
//! - [`beacon_cached`] compiles the same containers with the persistent,
//!   cached `List` and `Vector`, and `tests/ssz_static.rs` runs the suite
//!   against them too.
//! - [`beacon_v1_7`] holds the Fulu and Gloas containers of
//!   v1.7.0-alpha.13 (progressive in Gloas), which `tests/ssz_static.rs`
//!   runs against the alpha.13 vectors (`spec-tests/vectors-v1.7`).

pub mod beacon;
// The fork files are compiled twice on purpose: once per instantiation.
#[allow(clippy::duplicate_mod)]
pub mod beacon_cached;
pub mod beacon_v1_7;
pub mod generic;
pub mod harness;
