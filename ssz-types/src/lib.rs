//! peam-ssz: SimpleSerialize for Ethereum consensus.

// Lets derived code inside this crate name it by its public path.
extern crate self as peam_ssz_types;

pub use peam_ssz_core::*;
pub use peam_ssz_derive::{Ssz, TreeHash};

mod bitfield;
mod error;
mod list;
#[cfg(feature = "serde")]
mod serde_support;
mod vector;

pub use bitfield::{Bitlist, Bits, Bitvector};
pub use error::{BoundError, IndexError, LengthError};
pub use list::List;
pub use vector::Vector;
