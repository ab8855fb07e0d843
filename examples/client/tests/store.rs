//! The store holds blocks of several forks as bytes and reads each back as
//! the fork its slot falls in.

use peam_ssz_beacon::beacon::forked::{BeaconState, SignedBeaconBlock};
use peam_ssz_beacon::beacon::{deneb, electra, Minimal};
use peam_ssz_beacon::versioned::ForkDecodeError;
use peam_ssz_beacon::{ChainConfig, ForkName};
use peam_ssz_client_example::store::Store;
use peam_ssz_types::{Ssz, TreeHash};

/// Minimal's configuration with Deneb at epoch 1 and Electra at epoch 2
/// (8 slots an epoch).
fn config() -> ChainConfig {
    let mut config = ChainConfig::minimal();
    config.set_forks_at_genesis(ForkName::Capella);
    config.set_fork_epoch(ForkName::Deneb, Some(1)).unwrap();
    config.set_fork_epoch(ForkName::Electra, Some(2)).unwrap();
    config
}

#[test]
fn blocks_come_back_as_the_fork_of_their_slot() {
    let mut store = Store::<Minimal>::new(config());

    let mut first = deneb::SignedBeaconBlock::<Minimal>::default();
    first.message.slot = 15;
    let (first_root, fork) = store.import_block(&first.to_ssz()).unwrap();
    assert_eq!(fork, ForkName::Deneb);
    assert_eq!(first_root, first.message.hash_tree_root());

    let mut second = electra::SignedBeaconBlock::<Minimal>::default();
    second.message.slot = 16;
    second.message.parent_root = first_root.into();
    let (second_root, fork) = store.import_block(&second.to_ssz()).unwrap();
    assert_eq!(fork, ForkName::Electra);

    let back = store.block(&second_root).unwrap().unwrap();
    assert_eq!(back, SignedBeaconBlock::Electra(second));
    assert_eq!(store.parent_root(&second_root), Some(first_root));
    assert!(back.message().body().execution_requests().is_some());
    assert!(store
        .block(&first_root)
        .unwrap()
        .unwrap()
        .message()
        .body()
        .execution_requests()
        .is_none());
}

#[test]
fn a_block_of_the_wrong_fork_for_its_slot_is_refused() {
    let mut store = Store::<Minimal>::new(config());
    // A Deneb block at an Electra slot: read as Electra's type, it is not one.
    let mut block = deneb::SignedBeaconBlock::<Minimal>::default();
    block.message.slot = 16;
    let err = store.import_block(&block.to_ssz()).unwrap_err();
    assert!(
        matches!(
            err,
            ForkDecodeError::Decode {
                fork: ForkName::Electra,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn states_of_any_fork() {
    let mut store = Store::<Minimal>::new(config());
    let state = BeaconState::from(electra::BeaconState::<Minimal> {
        slot: 17,
        ..Default::default()
    });
    let root = store.put_state(&state);
    let back = store.state(&root).unwrap().unwrap();
    assert_eq!(back.fork_name(), ForkName::Electra);
    assert_eq!(back, state);
}
