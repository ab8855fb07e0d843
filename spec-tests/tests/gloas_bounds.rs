//! The maxima of the v1.7.0-alpha.13 Gloas containers (`beacon_v1_7`), field
//! by field: one element over a maximum is refused while the whole
//! container decodes, with `ExceedsMaximum` naming both counts and the
//! field's path, before the list is allocated (the counting allocator of
//! `test-support`); at the maximum the container decodes and its roots are
//! those of the unbounded types (`ProgressiveList<T, V1_7>` and the same
//! container decoded `without_maxima`).

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
/// `scope`, which sets any run-time maximum), `path` the field's path.
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
    let expected: Vec<PathSegment> = path.iter().map(|f| PathSegment::Field(f)).collect();
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

fn body_fields<P: Preset>() {
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
}

#[test]
fn every_bounded_field_of_the_minimal_body() {
    body_fields::<Minimal>();
}

#[test]
fn every_bounded_field_of_the_mainnet_body() {
    body_fields::<Mainnet>();
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
