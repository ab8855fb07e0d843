//! peam-ssz: SimpleSerialize for Ethereum consensus.

pub use peam_ssz_core::*;
pub use peam_ssz_derive::{Ssz, TreeHash};
