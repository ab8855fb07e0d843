//! The networking types (leanSpec `node/networking`).

use crate::consensus::{Checkpoint, Slot};
use peam_ssz_types::{Bitvector, Bytes32, Bytes4, List, Ssz, TreeHash, U};

/// `Status { finalized, head }` (req/resp `status`), 80 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct Status {
    /// The latest finalized checkpoint.
    pub finalized: Checkpoint,
    /// The head.
    pub head: Checkpoint,
}

/// `MAX_REQUEST_BLOCKS = 2^10`.
pub type MaxRequestBlocks = U<1024>;
/// `RequestedBlockRoots = List[Bytes32, MAX_REQUEST_BLOCKS]`.
pub type RequestedBlockRoots = List<Bytes32, MaxRequestBlocks>;

/// `BlocksByRootRequest { roots }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct BlocksByRootRequest {
    /// The roots of the blocks asked for.
    pub roots: RequestedBlockRoots,
}

/// `BlocksByRangeRequest { start_slot, count }`, 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct BlocksByRangeRequest {
    /// The first slot asked for.
    pub start_slot: Slot,
    /// The number of slots.
    pub count: u64,
}

/// `AttestationSubnets = Bitvector[64]` (the ENR's `attnets`).
pub type AttestationSubnets = Bitvector<U<64>>;

/// `Eth2Data` (the ENR's `eth2` entry), 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct Eth2Data {
    /// The current fork digest.
    pub fork_digest: Bytes4,
    /// The next fork's version.
    pub next_fork_version: Bytes4,
    /// The next fork's epoch.
    pub next_fork_epoch: u64,
}
