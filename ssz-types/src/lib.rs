//! peam-ssz: SimpleSerialize for Ethereum consensus.

// Lets derived code inside this crate name it by its public path.
extern crate self as peam_ssz_types;

pub use peam_ssz_core::*;
pub use peam_ssz_derive::{Ssz, TreeHash};

mod bitfield;
mod bytes;
mod error;
mod hex;
mod list;
mod progressive;
#[cfg(feature = "serde")]
mod serde_support;
#[cfg(feature = "serde")]
pub mod serde_utils;
mod uint;
mod vector;

pub use bitfield::{Bitlist, Bits, Bitvector};
pub use bytes::{
    ByteList, ByteVector, Bytes20, Bytes32, Bytes4, Bytes48, Bytes8, Bytes96, FixedBytes,
    ProgressiveByteList,
};
pub use error::{BoundError, IndexError, LengthError};
pub use hex::HexError;
pub use list::List;
pub use progressive::{ProgressiveBitlist, ProgressiveList};
pub use uint::{ParseU256Error, U256OverflowError, U256};
pub use vector::Vector;
