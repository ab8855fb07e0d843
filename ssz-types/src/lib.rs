//! peam-ssz: SimpleSerialize for Ethereum consensus.

pub use peam_ssz_core::*;
// The derive macros are re-exported here once they exist.
