//! The maxima of the v1.7.0-alpha.13 Gloas containers (`beacon_v1_7`), field
//! by field: one element over a maximum is refused while the whole
//! container decodes, with `ExceedsMaximum` naming both counts and the
//! field's path, before the list is allocated (the counting allocator of
//! `test-support`); at the maximum the container decodes and its roots are
//! those of the unbounded types (`ProgressiveList<T, V1_7>` and the same
//! container decoded `without_maxima`). Each maximum is written here as the
//! spec's literal, per preset.

use beacon_types::beacon_v1_7::{
    gloas, without_maxima, Mainnet, MaxBlobsPerBlock, Minimal, Preset,
};
use peam_ssz_types::{
    with_max, DecodeErrorKind, PathSegment, ProgressiveList, Ssz, TreeHash, V1_7,
};

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// Checks one bounded field of the container `C`: `set` puts `n` default
/// elements into it, `get` reads them back; `max` is its maximum (inside
/// `scope`, which sets any run-time maximum), `path` the field's path
/// (`"0"` an element's index).
fn check_field<C, T>(
    max: usize,
    path: &[&'static str],
    scope: &dyn Fn(&mut dyn FnMut()),
    set: impl Fn(&mut C, Vec<T>),
    get: impl Fn(&C) -> &[T],
) where
    C: Ssz + TreeHash + Default + PartialEq + core::fmt::Debug,
    T: Ssz + TreeHash + Default + Clone,
{
    let name = path.join(".");
    let build = |n: usize| {
        without_maxima(|| {
            let mut c = C::default();
            set(&mut c, vec![T::default(); n]);
            (c.to_ssz(), c.hash_tree_root())
        })
    };

    // At the maximum: it decodes, to the same value and root as without
    // the maxima, and the field's root is the unbounded list's.
    let (bytes, root) = build(max);
    let mut decoded = None;
    scope(&mut || decoded = Some(C::from_ssz(&bytes)));
    let decoded = decoded
        .unwrap()
        .unwrap_or_else(|e| panic!("{name} at {max}: {e}"));
    assert_eq!(decoded.hash_tree_root(), root, "{name}");
    assert_eq!(
        without_maxima(|| C::from_ssz(&bytes)).unwrap(),
        decoded,
        "{name}"
    );
    let field = get(&decoded);
    assert_eq!(field.len(), max, "{name}");
    let unbounded: ProgressiveList<T, V1_7> = field.to_vec().into();
    let unbounded_bytes = unbounded.to_ssz();
    assert_eq!(
        ProgressiveList::<T, V1_7>::from_ssz(&unbounded_bytes)
            .unwrap()
            .hash_tree_root(),
        unbounded.hash_tree_root()
    );

    // One over: refused, naming both counts and the field, before the list
    // is allocated (less than one element's worth over the maximum's).
    let (bytes, _) = build(max + 1);
    let mut result = None;
    let mut peak = 0;
    scope(&mut || {
        let (r, usage) = test_support::alloc::measure(|| C::from_ssz(&bytes));
        peak = usage.peak;
        result = Some(r);
    });
    let err = result.unwrap().expect_err(&name);
    assert_eq!(
        *err.kind(),
        DecodeErrorKind::ExceedsMaximum { len: max + 1, max },
        "{name}"
    );
    let expected: Vec<PathSegment> = path
        .iter()
        .map(|f| match f.parse() {
            Ok(i) => PathSegment::Index(i),
            Err(_) => PathSegment::Field(f),
        })
        .collect();
    assert_eq!(err.path().copied().collect::<Vec<_>>(), expected, "{name}");
    assert!(
        err.to_string()
            .ends_with(&format!("{} elements exceed the maximum {max}", max + 1)),
        "{err}"
    );
    // What the container's other fields take (a payload's heap logs
    // bloom): the peak of decoding it with the list empty. Refusing may add
    // the error's path, never the list.
    let (empty, _) = build(0);
    let mut base = 0;
    scope(&mut || base = test_support::alloc::measure(|| C::from_ssz(&empty)).1.peak);
    let list_bytes = core::mem::size_of::<T>() * (max + 1);
    assert!(
        peak <= base + 256 && peak < base + list_bytes.max(257),
        "{name}: {peak} bytes allocated refusing {} elements of {} bytes (empty: {base})",
        max + 1,
        core::mem::size_of::<T>()
    );
    // The unbounded decoder does hold them all.
    let (r, usage) = test_support::alloc::measure(|| without_maxima(|| C::from_ssz(&bytes)));
    assert!(r.is_ok(), "{name}");
    assert!(usage.peak >= list_bytes, "{name}");
}

fn no_scope(f: &mut dyn FnMut()) {
    f()
}

/// `attesting_indices`: the preset's `MAX_VALIDATORS_PER_COMMITTEE *
/// MAX_COMMITTEES_PER_SLOT`.
fn body_fields<P: Preset>(attesting_indices: usize) {
    type Body<P> = gloas::BeaconBlockBody<P>;
    macro_rules! field {
        ($field:ident, $max:expr) => {
            check_field::<Body<P>, _>(
                $max,
                &[stringify!($field)],
                &no_scope,
                |b, v| b.$field = ProgressiveList::try_from_vec(v).unwrap(),
                |b| &b.$field,
            )
        };
    }
    field!(proposer_slashings, 16);
    field!(attester_slashings, 1);
    field!(attestations, 8);
    field!(deposits, 0);
    field!(voluntary_exits, 16);
    field!(bls_to_execution_changes, 16);
    field!(payload_attestations, 4);
    macro_rules! request {
        ($field:ident, $max:expr) => {
            check_field::<Body<P>, _>(
                $max,
                &["parent_execution_requests", stringify!($field)],
                &no_scope,
                |b, v| {
                    b.parent_execution_requests.$field = ProgressiveList::try_from_vec(v).unwrap()
                },
                |b| &b.parent_execution_requests.$field,
            )
        };
    }
    request!(withdrawals, 16);
    request!(consolidations, 2);
    request!(builder_deposits, 64);
    request!(builder_exits, 16);
    // The run-time maximum of the bid's commitments: Electra's 9.
    check_field::<Body<P>, _>(
        9,
        &[
            "signed_execution_payload_bid",
            "message",
            "blob_kzg_commitments",
        ],
        &|f| with_max::<MaxBlobsPerBlock, _>(9, f),
        |b, v| {
            b.signed_execution_payload_bid.message.blob_kzg_commitments =
                ProgressiveList::try_from_vec(v).unwrap()
        },
        |b| &b.signed_execution_payload_bid.message.blob_kzg_commitments,
    );
    // Outside any `with_max` scope: MAX_BLOB_COMMITMENTS_PER_BLOCK (4096).
    check_field::<Body<P>, _>(
        4096,
        &[
            "signed_execution_payload_bid",
            "message",
            "blob_kzg_commitments",
        ],
        &no_scope,
        |b, v| {
            b.signed_execution_payload_bid.message.blob_kzg_commitments =
                ProgressiveList::try_from_vec(v).unwrap()
        },
        |b| &b.signed_execution_payload_bid.message.blob_kzg_commitments,
    );
    // The indices of the attester slashing's second attestation
    // (`is_valid_indexed_attestation`, through `process_attester_slashing`).
    check_field::<Body<P>, _>(
        attesting_indices,
        &[
            "attester_slashings",
            "0",
            "attestation_2",
            "attesting_indices",
        ],
        &no_scope,
        |b, v| {
            let mut slashing = gloas::AttesterSlashing::<P>::default();
            slashing.attestation_2.attesting_indices = ProgressiveList::try_from_vec(v).unwrap();
            b.attester_slashings = ProgressiveList::try_from_vec(vec![slashing]).unwrap();
        },
        |b| &b.attester_slashings[0].attestation_2.attesting_indices,
    );
}

#[test]
fn every_bounded_field_of_the_minimal_body() {
    // MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT = 2048 * 4.
    body_fields::<Minimal>(8192);
}

#[test]
fn every_bounded_field_of_the_mainnet_body() {
    // MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT = 2048 * 64.
    body_fields::<Mainnet>(131072);
}

/// `IndexedAttestation.attesting_indices`, alone and in both attestations
/// of an `AttesterSlashing` (gloas beacon-chain.md
/// `is_valid_indexed_attestation`, "[New in Gloas:EIP7688]").
fn attesting_indices<P: Preset>(max: usize) {
    check_field::<gloas::IndexedAttestation<P>, _>(
        max,
        &["attesting_indices"],
        &no_scope,
        |a, v| a.attesting_indices = ProgressiveList::try_from_vec(v).unwrap(),
        |a| &a.attesting_indices,
    );
    check_field::<gloas::AttesterSlashing<P>, _>(
        max,
        &["attestation_1", "attesting_indices"],
        &no_scope,
        |s, v| s.attestation_1.attesting_indices = ProgressiveList::try_from_vec(v).unwrap(),
        |s| &s.attestation_1.attesting_indices,
    );
    check_field::<gloas::AttesterSlashing<P>, _>(
        max,
        &["attestation_2", "attesting_indices"],
        &no_scope,
        |s, v| s.attestation_2.attesting_indices = ProgressiveList::try_from_vec(v).unwrap(),
        |s| &s.attestation_2.attesting_indices,
    );
}

#[test]
fn attesting_indices_of_the_minimal_preset() {
    // MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT = 2048 * 4.
    attesting_indices::<Minimal>(8192);
}

#[test]
fn attesting_indices_of_the_mainnet_preset() {
    // MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT = 2048 * 64.
    attesting_indices::<Mainnet>(131072);
}

/// The envelope of the `execution_payload` topic: its execution requests
/// and its payload's withdrawals (`payload_withdrawals`, the preset's
/// `MAX_WITHDRAWALS_PER_PAYLOAD`).
fn envelope_fields<P: Preset>(payload_withdrawals: usize) {
    type Envelope<P> = gloas::ExecutionPayloadEnvelope<P>;
    macro_rules! request {
        ($field:ident, $max:expr) => {
            check_field::<Envelope<P>, _>(
                $max,
                &["execution_requests", stringify!($field)],
                &no_scope,
                |e, v| e.execution_requests.$field = ProgressiveList::try_from_vec(v).unwrap(),
                |e| &e.execution_requests.$field,
            )
        };
    }
    request!(withdrawals, 16);
    request!(consolidations, 2);
    request!(builder_deposits, 64);
    request!(builder_exits, 16);
    check_field::<Envelope<P>, _>(
        payload_withdrawals,
        &["payload", "withdrawals"],
        &no_scope,
        |e, v| e.payload.withdrawals = ProgressiveList::try_from_vec(v).unwrap(),
        |e| &e.payload.withdrawals,
    );
}

#[test]
fn every_bounded_field_of_the_minimal_envelope() {
    envelope_fields::<Minimal>(4);
}

#[test]
fn every_bounded_field_of_the_mainnet_envelope() {
    envelope_fields::<Mainnet>(16);
}

/// The type-specific SSZ bounds of gloas p2p-interface.md and
/// partial-columns/p2p-interface.md are the sizes of the messages at the
/// bounds of their lists: the maxima where the text asserts one, the
/// committees' `MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT`
/// for the aggregation bits, `MAX_BLOB_COMMITMENTS_PER_BLOCK` for the
/// columns.
#[test]
fn the_type_specific_ssz_bounds_are_the_sizes_at_the_bounds() {
    fn attester_slashing<P: Preset>(indices: usize) -> usize {
        let mut s = gloas::AttesterSlashing::<P>::default();
        s.attestation_1.attesting_indices =
            ProgressiveList::try_from_vec(vec![0; indices]).unwrap();
        s.attestation_2.attesting_indices =
            ProgressiveList::try_from_vec(vec![0; indices]).unwrap();
        s.to_ssz().len()
    }
    // MAX_ATTESTER_SLASHING_SIZE.
    assert_eq!(attester_slashing::<Mainnet>(131072), 2_097_616);
    assert_eq!(attester_slashing::<Minimal>(8192), 131_536);

    fn aggregate<P: Preset>(bits: usize) -> usize {
        let mut a = gloas::SignedAggregateAndProof::<P>::default();
        a.message.aggregate.aggregation_bits = peam_ssz_types::ProgressiveBitlist::with_len(bits);
        a.to_ssz().len()
    }
    // MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE.
    assert_eq!(aggregate::<Mainnet>(131072), 16_829);
    assert_eq!(aggregate::<Minimal>(8192), 1_462);

    // MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE, both presets.
    let mut bid = gloas::SignedExecutionPayloadBid::default();
    bid.message.blob_kzg_commitments =
        ProgressiveList::try_from_vec(vec![Default::default(); 4096]).unwrap();
    assert_eq!(bid.to_ssz().len(), 196_932);

    fn column<P: Preset>() -> (usize, usize) {
        let c = gloas::DataColumnSidecar::<P> {
            column: vec![Default::default(); 4096].into(),
            kzg_proofs: vec![Default::default(); 4096].into(),
            ..Default::default()
        };
        let p = gloas::PartialDataColumnSidecar::<P> {
            cells_present_bitmap: peam_ssz_types::ProgressiveBitlist::with_len(4096),
            partial_column: vec![Default::default(); 4096].into(),
            kzg_proofs: vec![Default::default(); 4096].into(),
        };
        (c.to_ssz().len(), p.to_ssz().len())
    }
    // MAX_DATA_COLUMN_SIDECAR_SIZE, MAX_PARTIAL_DATA_COLUMN_SIDECAR_SIZE.
    assert_eq!(column::<Mainnet>(), (8_585_272, 8_585_741));
    assert_eq!(column::<Minimal>(), (8_585_272, 8_585_741));
}

#[test]
fn payload_withdrawals_and_the_static_cap_of_the_commitments() {
    // MAX_WITHDRAWALS_PER_PAYLOAD: mainnet 16, minimal 4.
    check_field::<gloas::ExecutionPayload<Mainnet>, _>(
        16,
        &["withdrawals"],
        &no_scope,
        |p, v| p.withdrawals = ProgressiveList::try_from_vec(v).unwrap(),
        |p| &p.withdrawals,
    );
    check_field::<gloas::ExecutionPayload<Minimal>, _>(
        4,
        &["withdrawals"],
        &no_scope,
        |p, v| p.withdrawals = ProgressiveList::try_from_vec(v).unwrap(),
        |p| &p.withdrawals,
    );
    // Outside any `with_max` scope the commitments are capped at
    // MAX_BLOB_COMMITMENTS_PER_BLOCK (4096).
    check_field::<gloas::ExecutionPayloadBid, _>(
        4096,
        &["blob_kzg_commitments"],
        &no_scope,
        |b, v| b.blob_kzg_commitments = ProgressiveList::try_from_vec(v).unwrap(),
        |b| &b.blob_kzg_commitments,
    );
}

#[test]
fn a_whole_signed_block_decodes_with_its_maxima() {
    // Nine attestations in a signed block: refused at the body's field.
    let block = without_maxima(|| {
        let mut b = gloas::SignedBeaconBlock::<Minimal>::default();
        b.message.body.attestations =
            ProgressiveList::try_from_vec(vec![Default::default(); 9]).unwrap();
        b
    });
    let bytes = block.to_ssz();
    let err = gloas::SignedBeaconBlock::<Minimal>::from_ssz(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .message.body.attestations: 9 elements exceed the maximum 8"
    );
    // The safe constructors refuse it too.
    let mut body = gloas::BeaconBlockBody::<Minimal>::default();
    assert_eq!(
        body.attestations
            .extend_from_slice(&vec![Default::default(); 9]),
        Err(peam_ssz_types::BoundError { len: 9, max: 8 })
    );
    assert!(body.attestations.is_empty());
}
