//! The consensus containers of Fulu, Gloas and Heze as consensus-specs
//! v1.7.0-alpha.13 defines them, for both presets.
//!
//! Generated, like [`crate::beacon`], by `beacon-types/tools/codegen`,
//! here from `beacon-types/tools/beacon-types-v1.7.yaml` (the alpha.13 schema,
//! `../shared/spec/v1.7.0-alpha.13/beacon-types.yaml`). In Gloas, ten
//! containers are progressive containers (EIP-7495) and their lists
//! progressive lists, bitlists and byte lists (EIP-7916, EIP-7688): all of
//! them name the [`V1_7`](peam_ssz_types::edition::V1_7) edition, whose
//! progressive merkleization puts the binary subtree of each step on the
//! left. [`fulu`] holds the containers Gloas takes unchanged, as this schema
//! defines them (its `visit_containers` is not run: the alpha.13 vectors
//! cover Gloas and Heze only).
//!
//! The Gloas containers carry the maxima that the alpha.13 text asserts of
//! their progressive lists (the body's operations, the execution requests,
//! the payload's withdrawals, the bid's blob commitments, an indexed
//! attestation's indices; `docs/bounds.md` lists them): decoding a
//! gossip block checks them, before it allocates, with an error that names
//! the field and both counts. They change no byte and no root. See
//! [`Asserted`] (and [`without_maxima`] for the SSZ types alone, as the
//! `ssz_static` vectors test them) and [`MaxBlobsPerBlock`] (the run-time
//! maximum of the blob commitments).
//!
//! [`heze`] (EIP-7805, fork-choice enforced inclusion lists) follows Gloas:
//! the bid ([`heze::ExecutionPayloadBid`]) gains `inclusion_list_bits`
//! (`BitVector[INCLUSION_LIST_COMMITTEE_SIZE]`, a thirteenth active field),
//! so the signed bid, the block body, the block, the signed block and the
//! state are new types too; [`heze::InclusionList`] and
//! [`heze::SignedInclusionList`] are new. Everything else is the Gloas type,
//! re-exported. The containers Heze redefines carry the Gloas maxima (a
//! maximum holds in the fork whose text asserts it and every fork after).
//! The bound that Heze's gossip puts on an inclusion list, at most
//! `MAX_BYTES_PER_INCLUSION_LIST` (8,192) bytes of transactions (heze
//! p2p-interface.md `inclusion_list`), is on their size, not their count,
//! so [`heze::InclusionList`] does not carry it: a client checks it on the
//! message.
//!
//! ```
//! use peam_ssz_beacon::beacon_v1_7::{gloas, heze, Minimal};
//! use peam_ssz_types::{Ssz, TreeHash};
//!
//! let state = gloas::BeaconState::<Minimal>::default();
//! let bytes = state.to_ssz();
//! assert_eq!(gloas::BeaconState::<Minimal>::from_ssz(&bytes).unwrap(), state);
//! let _root = state.hash_tree_root();
//!
//! // Heze's bid: the Gloas fields, then 16 inclusion-list bits (2 bytes).
//! let bid = heze::ExecutionPayloadBid::<Minimal>::default();
//! let gloas_bid = gloas::ExecutionPayloadBid::default();
//! assert_eq!(bid.to_ssz().len(), gloas_bid.to_ssz().len() + 2);
//! ```

#[cfg(feature = "v1_7")]
pub mod catalog;
#[cfg(feature = "v1_7")]
pub mod forked;
pub mod preset;

/// The collections the fork modules are written with (the generator
/// imports `List`, `Vector` and the progressive types through here, as for
/// [`crate::beacon`], so that a cached instantiation can map them).
pub mod collections {
    pub use crate::beacon::collections::{uint256_serde, Bytes20, Bytes32, Uint256};
    pub use peam_ssz_types::{
        List, ProgressiveBitlist, ProgressiveByteList, ProgressiveList, Vector,
    };
}

mod maxima;
pub use maxima::{without_maxima, Asserted, MaxBlobsPerBlock};

#[cfg(feature = "v1_7")]
pub mod fulu;
#[cfg(feature = "v1_7")]
pub mod gloas;
#[cfg(feature = "v1_7")]
pub mod heze;
// The containers without a `List`, `Vector` or `ProgressiveList`, which
// the fork modules re-export: compiled here only, and re-exported by
// `crate::beacon_v1_7_cached`, where they are the same types.
#[cfg(feature = "v1_7")]
pub(crate) mod shared;

pub use super::beacon::{Container, ContainerVisitor, Quot, Sum};
pub use preset::{Mainnet, Minimal, Preset};

/// The forks of the schema, in order.
#[cfg(feature = "v1_7")]
pub use catalog::FORKS;

/// The forks whose `ssz_static` vectors the v1.7.0-alpha.13 archives hold.
pub const VECTOR_FORKS: [&str; 2] = ["gloas", "heze"];

#[cfg(feature = "v1_7")]
mod dispatch;
/// Calls `visitor` with every container of `fork` (one of [`FORKS`]) for the
/// preset `P`; `false`, having called nothing, for an unknown fork.
#[cfg(feature = "v1_7")]
pub use dispatch::visit_fork_containers;
