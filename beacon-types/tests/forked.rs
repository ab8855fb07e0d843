//! The fork-aware containers against the fork types they hold: accessors,
//! decoding at a fork and by slot, the errors, proofs and the versioned
//! JSON. (Every `ssz_static` state and block of every fork goes through
//! them in `spec-tests/tests/forked.rs`.)

use peam_ssz_beacon::beacon::forked::{
    BeaconBlockBody, BeaconState, ExecutionPayload, SignedBeaconBlock,
};
use peam_ssz_beacon::beacon::{altair, capella, deneb, electra, fulu, phase0, Minimal};
use peam_ssz_beacon::versioned::{ForkDecodeError, ForkSchedule, SlotAt};
use peam_ssz_beacon::{beacon_v1_7, ForkName};
use peam_ssz_types::json::{FromJson, Json};
use peam_ssz_types::proof::prove;
use peam_ssz_types::{gindex, DecodeErrorKind, ProgressiveList, Ssz, TreeHash};

/// Every slot in one fork, with a fixed maximum of blobs.
struct Always(ForkName, u64);

impl ForkSchedule for Always {
    fn fork_at_slot(&self, _: u64) -> ForkName {
        self.0
    }
    fn max_blobs_per_block_at_slot(&self, _: u64) -> u64 {
        self.1
    }
}

/// Forks by slot: phase0 below 100, altair from 100, capella from 200,
/// deneb from 300.
struct BySlot;

impl ForkSchedule for BySlot {
    fn fork_at_slot(&self, slot: u64) -> ForkName {
        match slot {
            0..100 => ForkName::Phase0,
            100..200 => ForkName::Altair,
            200..300 => ForkName::Capella,
            _ => ForkName::Deneb,
        }
    }
    fn max_blobs_per_block_at_slot(&self, _: u64) -> u64 {
        6
    }
}

#[test]
fn the_slot_picks_the_fork() {
    for (slot, fork) in [
        (0, ForkName::Phase0),
        (99, ForkName::Phase0),
        (100, ForkName::Altair),
        (250, ForkName::Capella),
        (300, ForkName::Deneb),
    ] {
        let mut state = BeaconState::<Minimal>::default_at(fork).unwrap();
        *state.slot_mut() = slot;
        let bytes = state.to_ssz();
        assert_eq!(&bytes[40..48], &slot.to_le_bytes(), "the slot at byte 40");
        let back = BeaconState::<Minimal>::from_ssz_with(&bytes, &BySlot).unwrap();
        assert_eq!(back.fork_name(), fork);
        assert_eq!(back, state);
        assert_eq!(back.hash_tree_root(), state.hash_tree_root());
    }
}

#[test]
fn a_signed_block_reads_the_slot_behind_its_message_offset() {
    let mut block = capella::SignedBeaconBlock::<Minimal>::default();
    block.message.slot = 250;
    let bytes = block.to_ssz();
    // `message` is variable-size: its 4-byte offset comes first, then the
    // 96-byte signature, so the message starts at byte 100.
    assert_eq!(u32::from_le_bytes(bytes[..4].try_into().unwrap()), 100);
    let back = SignedBeaconBlock::<Minimal>::from_ssz_with(&bytes, &BySlot).unwrap();
    assert_eq!(back, SignedBeaconBlock::Capella(block.clone()));
    assert_eq!(SlotAt::Behind(0).read("SignedBeaconBlock", &bytes), Ok(250));
    // Read at the wrong fork, the same bytes are another fork's error.
    let err = SignedBeaconBlock::<Minimal>::from_ssz_at(ForkName::Deneb, &bytes).unwrap_err();
    assert!(
        matches!(
            err,
            ForkDecodeError::Decode {
                fork: ForkName::Deneb,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn short_bytes_and_missing_forks_are_typed_errors() {
    assert_eq!(
        BeaconState::<Minimal>::from_ssz_with(&[0; 47], &BySlot),
        Err(ForkDecodeError::NoSlot {
            container: "BeaconState",
            len: 47,
            needed: 48
        })
    );
    // An offset that points past the end, and one that would overflow.
    let mut bytes = vec![0u8; 120];
    bytes[..4].copy_from_slice(&200u32.to_le_bytes());
    assert_eq!(
        SignedBeaconBlock::<Minimal>::from_ssz_with(&bytes, &BySlot),
        Err(ForkDecodeError::NoSlot {
            container: "SignedBeaconBlock",
            len: 120,
            needed: 208
        })
    );
    bytes[..4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        SignedBeaconBlock::<Minimal>::from_ssz_with(&bytes, &BySlot),
        Err(ForkDecodeError::NoSlot { .. })
    ));
    assert_eq!(
        ExecutionPayload::<Minimal>::from_ssz_at(ForkName::Altair, &[]),
        Err(ForkDecodeError::NotInFork {
            container: "ExecutionPayload",
            fork: ForkName::Altair
        })
    );
    // The v1.7.0-alpha.13 edition starts at fulu.
    let state = phase0::BeaconState::<peam_ssz_beacon::beacon::Minimal>::default().to_ssz();
    assert_eq!(
        beacon_v1_7::forked::BeaconState::<beacon_v1_7::Minimal>::from_ssz_with(
            &state,
            &Always(ForkName::Phase0, 0)
        ),
        Err(ForkDecodeError::NotInFork {
            container: "BeaconState",
            fork: ForkName::Phase0
        })
    );
    // The fork's own error keeps its path.
    let body = deneb::BeaconBlockBody::<Minimal> {
        graffiti: [7; 32].into(),
        ..Default::default()
    };
    let bytes = body.to_ssz();
    let err = BeaconBlockBody::<Minimal>::from_ssz_at(ForkName::Deneb, &bytes[..bytes.len() - 1])
        .unwrap_err();
    let ForkDecodeError::Decode { fork, error } = err else {
        panic!("{err:?}")
    };
    assert_eq!(fork, ForkName::Deneb);
    assert!(!matches!(
        error.kind(),
        DecodeErrorKind::ExceedsMaximum { .. }
    ));
}

#[test]
fn the_run_time_maximum_of_blobs_is_the_schedules() {
    use beacon_v1_7::forked::BeaconBlock;
    use beacon_v1_7::{gloas, without_maxima, Minimal};
    let mut block = gloas::BeaconBlock::<Minimal> {
        slot: 5,
        ..Default::default()
    };
    block
        .body
        .signed_execution_payload_bid
        .message
        .blob_kzg_commitments =
        without_maxima(|| ProgressiveList::try_from_vec(vec![Default::default(); 7])).unwrap();
    let bytes = without_maxima(|| block.to_ssz());
    let at = |max| BeaconBlock::<Minimal>::from_ssz_with(&bytes, &Always(ForkName::Gloas, max));
    assert_eq!(at(7).unwrap(), BeaconBlock::Gloas(block.clone()));
    let Err(ForkDecodeError::Decode {
        fork: ForkName::Gloas,
        error,
    }) = at(6)
    else {
        panic!("7 commitments over a maximum of 6")
    };
    assert_eq!(
        *error.kind(),
        DecodeErrorKind::ExceedsMaximum { len: 7, max: 6 }
    );
}

#[test]
fn accessors_answer_for_the_forks_that_have_the_field() {
    let phase0 = BeaconState::<Minimal>::Phase0(phase0::BeaconState::default());
    let altair = BeaconState::<Minimal>::Altair(altair::BeaconState::default());
    let deneb = BeaconState::<Minimal>::Deneb(deneb::BeaconState::default());
    assert!(phase0.current_sync_committee().is_none());
    assert!(altair.current_sync_committee().is_some());
    assert!(phase0.previous_epoch_attestations().is_some());
    assert!(altair.previous_epoch_attestations().is_none());
    assert!(altair.latest_execution_payload_header().is_none());
    let header = deneb.latest_execution_payload_header().unwrap();
    assert_eq!(header.fork_name(), ForkName::Deneb);
    assert_eq!(
        header.hash_tree_root(),
        deneb::ExecutionPayloadHeader::<Minimal>::default().hash_tree_root()
    );

    let mut state = deneb.clone();
    *state.slot_mut() = 9;
    state.balances_mut().push(32).unwrap();
    let BeaconState::Deneb(inner) = &state else {
        unreachable!()
    };
    assert_eq!(inner.slot, 9);
    assert_eq!(inner.balances.as_slice(), [32]);
    assert_eq!(state.to_ref().cloned(), state);

    let mut body = BeaconBlockBody::<Minimal>::Electra(electra::BeaconBlockBody::default());
    assert!(body.attestations_phase0().is_none());
    assert!(body.attestations_electra().is_some());
    assert!(body.execution_requests().is_some());
    assert_eq!(
        body.execution_payload().unwrap().fork_name(),
        ForkName::Electra
    );
    assert!(body.blob_kzg_commitments_mut().is_some());
    // Fulu's body is electra's type: no `From`, the variant says the fork.
    let fulu_body = BeaconBlockBody::<Minimal>::Fulu(fulu::BeaconBlockBody::default());
    assert_eq!(fulu_body.fork_name(), ForkName::Fulu);
    assert_eq!(fulu_body.hash_tree_root(), body.hash_tree_root());
}

#[test]
fn proofs_from_the_enum_are_the_fork_values() {
    let inner = deneb::BeaconState::<Minimal> {
        slot: 77,
        ..Default::default()
    };
    let state = BeaconState::from(inner.clone());
    let g = gindex!(deneb::BeaconState<Minimal>, slot);
    let proof = prove(&state, g).unwrap();
    assert_eq!(proof, prove(&inner, g).unwrap());
    assert!(proof.verify(&state.hash_tree_root()).is_ok());
    assert!(proof.verify(&state.to_ref().hash_tree_root()).is_ok());
}

#[test]
fn json_is_the_beacon_apis_versioned_shape() {
    let state = BeaconState::<Minimal>::from(capella::BeaconState::default());
    let json = serde_json::to_string(&Json(&state)).unwrap();
    assert!(json.starts_with(r#"{"version":"capella","data":{"genesis_time":"0","#));
    let back: FromJson<BeaconState<Minimal>> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.0, state);

    let data = serde_json::to_string(&Json(&capella::BeaconState::<Minimal>::default())).unwrap();
    let parse = |text: String| serde_json::from_str::<FromJson<BeaconState<Minimal>>>(&text);
    let err = |text: String| parse(text).unwrap_err().to_string();
    assert!(err(format!(r#"{{"data":{data},"version":"capella"}}"#)).contains("before `data`"));
    assert!(err(format!(r#"{{"version":"altair","data":{data}}}"#)).contains("unknown field"));
    assert!(err(format!(r#"{{"version":"shanghai","data":{data}}}"#)).contains("unknown fork"));
    assert!(err(r#"{"version":"capella"}"#.to_owned()).contains("missing field `data`"));
    assert!(
        err(format!(r#"{{"version":"capella","data":{data},"x":1}}"#))
            .contains("unknown field `x`")
    );
    let payload = format!(r#"{{"version":"phase0","data":{data}}}"#);
    assert!(
        serde_json::from_str::<FromJson<ExecutionPayload<Minimal>>>(&payload)
            .unwrap_err()
            .to_string()
            .contains("phase0 has no ExecutionPayload")
    );
}
