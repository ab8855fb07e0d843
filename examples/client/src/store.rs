//! Blocks and states as a client's database holds them: SSZ bytes by
//! root, read back as the fork their slot falls in under the chain's
//! configuration, with no line per fork in the client.

use std::collections::HashMap;

use peam_ssz_beacon::beacon::forked::{BeaconState, SignedBeaconBlock};
use peam_ssz_beacon::beacon::Preset;
use peam_ssz_beacon::versioned::ForkDecodeError;
use peam_ssz_beacon::{ChainConfig, ForkName};
use peam_ssz_types::TreeHash;

/// A block or state root.
pub type Root = [u8; 32];

/// The blocks and states of a chain, as bytes, and its configuration.
pub struct Store<P: Preset> {
    config: ChainConfig,
    blocks: HashMap<Root, Vec<u8>>,
    states: HashMap<Root, Vec<u8>>,
    _preset: core::marker::PhantomData<P>,
}

impl<P: Preset> Store<P> {
    /// An empty store of the chain `config` describes.
    pub fn new(config: ChainConfig) -> Self {
        Store {
            config,
            blocks: HashMap::new(),
            states: HashMap::new(),
            _preset: core::marker::PhantomData,
        }
    }

    /// Takes a block from the network: decoded as the fork of its slot
    /// (with that epoch's maximum of blob commitments), stored by the
    /// root of its message. Returns the root and the fork.
    pub fn import_block(&mut self, bytes: &[u8]) -> Result<(Root, ForkName), ForkDecodeError> {
        let block = SignedBeaconBlock::<P>::from_ssz_with(bytes, &self.config)?;
        let root = block.message().hash_tree_root();
        self.blocks.insert(root, bytes.to_vec());
        Ok((root, block.fork_name()))
    }

    /// Stores a state of any fork by its root.
    pub fn put_state(&mut self, state: &BeaconState<P>) -> Root {
        let root = state.hash_tree_root();
        self.states.insert(root, state.to_ssz());
        root
    }

    /// The block of `root`, as its fork's type.
    pub fn block(&self, root: &Root) -> Option<Result<SignedBeaconBlock<P>, ForkDecodeError>> {
        let bytes = self.blocks.get(root)?;
        Some(SignedBeaconBlock::from_ssz_with(bytes, &self.config))
    }

    /// The state of `root`, as its fork's type.
    pub fn state(&self, root: &Root) -> Option<Result<BeaconState<P>, ForkDecodeError>> {
        let bytes = self.states.get(root)?;
        Some(BeaconState::from_ssz_with(bytes, &self.config))
    }

    /// The parent of the block of `root`, read through the fork-aware
    /// accessors whatever its fork.
    pub fn parent_root(&self, root: &Root) -> Option<Root> {
        let block = self.block(root)?.ok()?;
        Some((*block.message().parent_root()).into())
    }
}
