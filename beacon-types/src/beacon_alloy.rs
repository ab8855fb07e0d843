//! The beacon containers of phase0 to capella instantiated with
//! alloy-primitives' types: the same generated fork files as
//! [`crate::beacon`], compiled a third time with `Bytes32` (`Root`,
//! `Hash32`, `Domain`) mapped to [`B256`], `Bytes20` (`ExecutionAddress`)
//! to [`Address`] and `uint256` to alloy's [`U256`] (its serde through
//! [`quoted_u256`](peam_ssz_types::alloy::quoted_u256), the consensus decimal
//! string), so that the `ssz_static` vectors of these forks run through a
//! client's own types too (`tests/ssz_static_alloy.rs`, `ssz_static[alloy]/...`).
//! Capella is the newest fork here: its `ExecutionPayload`,
//! `ExecutionPayloadHeader`, `Withdrawal`, `BLSToExecutionChange` and
//! `BeaconState` hold all three types.
//!
//! ```
//! use peam_ssz_beacon::beacon_alloy::{capella, Minimal};
//! use peam_ssz_types::alloy::alloy_primitives::{Address, B256, U256};
//! use peam_ssz_types::{Ssz, TreeHash};
//!
//! let mut payload = capella::ExecutionPayload::<Minimal>::default();
//! payload.fee_recipient = Address::repeat_byte(0x11);
//! payload.block_hash = B256::repeat_byte(0x22);
//! payload.base_fee_per_gas = U256::from(7u64);
//! let plain =
//!     peam_ssz_beacon::beacon::capella::ExecutionPayload::<Minimal>::from_ssz(&payload.to_ssz())
//!         .unwrap();
//! assert_eq!(plain.base_fee_per_gas, peam_ssz_types::U256::from(7u64));
//! assert_eq!(payload.hash_tree_root(), plain.hash_tree_root());
//! ```

use peam_ssz_types::alloy::alloy_primitives::{Address, B256, U256};

pub use crate::beacon::{preset, Container, ContainerVisitor, Mainnet, Minimal, Preset, Quot, Sum};

/// The forks of this instantiation, in the order of the spec.
pub const FORKS: [&str; 4] = ["phase0", "altair", "bellatrix", "capella"];

/// The collections and leaf types for the fork files: the plain `List` and
/// `Vector`, alloy's [`B256`], [`Address`] and [`U256`].
pub mod collections {
    pub use peam_ssz_types::alloy::quoted_u256 as uint256_serde;
    pub use peam_ssz_types::{List, Vector};

    /// `Bytes32`, `Root`, `Hash32`, `Domain`: `ByteVector[32]`.
    pub type Bytes32 = super::B256;
    /// `ExecutionAddress`: `ByteVector[20]`.
    pub type Bytes20 = super::Address;
    /// `uint256`.
    pub type Uint256 = super::U256;
}

#[path = "beacon/altair.rs"]
pub mod altair;
#[path = "beacon/bellatrix.rs"]
pub mod bellatrix;
#[path = "beacon/capella.rs"]
pub mod capella;
#[path = "beacon/phase0.rs"]
pub mod phase0;

/// The containers without a `List` or `Vector`, which the fork files
/// re-export: compiled here too, since their roots and addresses are
/// alloy's.
#[path = "beacon/shared"]
mod shared {
    pub mod altair;
    pub mod bellatrix;
    pub mod capella;
    pub mod phase0;
}

/// As [`crate::beacon::visit_fork_containers`], for the alloy
/// instantiation: returns `false`, having called nothing, for a fork not in
/// [`FORKS`].
pub fn visit_fork_containers<P: Preset, V: ContainerVisitor>(fork: &str, visitor: &mut V) -> bool {
    match fork {
        "phase0" => phase0::visit_containers::<P, V>(visitor),
        "altair" => altair::visit_containers::<P, V>(visitor),
        "bellatrix" => bellatrix::visit_containers::<P, V>(visitor),
        "capella" => capella::visit_containers::<P, V>(visitor),
        _ => return false,
    }
    true
}
