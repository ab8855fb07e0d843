//! Consensus-spec SSZ vectors and beacon containers.
//!
//! [`harness`] reads and checks the cases of the consensus-specs v1.6.1
//! vectors; [`generic`] holds the types of the `ssz_generic` suite and maps
//! each case to its check.

pub mod beacon;
pub mod generic;
pub mod harness;
