//! The maxima of the v1.7.0-alpha.13 Heze containers (`beacon_v1_7::heze`):
//! the Gloas ones, carried by the containers Heze redefines (the body, the
//! bid, and the blocks that hold them), field by field: at the maximum the
//! container decodes, to the value and root of the unbounded decoding; one
//! over is refused with `ExceedsMaximum` naming both counts and the field's
//! path. `gloas_bounds.rs` checks the same maxima on the Gloas types, with
//! the allocation they refuse before; here what matters is that Heze keeps
//! them. An inclusion list carries none: its bound,
//! `MAX_BYTES_PER_INCLUSION_LIST`, is a gossip rule on the transactions'
//! bytes (heze p2p-interface.md `inclusion_list`), not a count.

use beacon_types::beacon_v1_7::{heze, without_maxima, Mainnet, MaxBlobsPerBlock, Minimal, Preset};
use peam_ssz_types::{with_max, DecodeErrorKind, PathSegment, ProgressiveList, Ssz, TreeHash};

/// Checks one bounded field of `C`: `set` puts `n` default elements into
/// it; `max` is its maximum inside `scope` (which sets any run-time
/// maximum), `path` the field's path.
fn check_field<C, T>(
    max: usize,
    path: &[&'static str],
    scope: &dyn Fn(&mut dyn FnMut()),
    set: impl Fn(&mut C, Vec<T>),
) where
    C: Ssz + TreeHash + Default + PartialEq + core::fmt::Debug,
    T: Default + Clone,
{
    let name = path.join(".");
    let build = |n: usize| {
        without_maxima(|| {
            let mut c = C::default();
            set(&mut c, vec![T::default(); n]);
            (c.to_ssz(), c.hash_tree_root())
        })
    };

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

    let (bytes, _) = build(max + 1);
    let mut result = None;
    scope(&mut || result = Some(C::from_ssz(&bytes)));
    let err = result.unwrap().expect_err(&name);
    assert_eq!(
        *err.kind(),
        DecodeErrorKind::ExceedsMaximum { len: max + 1, max },
        "{name}"
    );
    let expected: Vec<PathSegment> = path.iter().map(|f| PathSegment::Field(f)).collect();
    assert_eq!(err.path().copied().collect::<Vec<_>>(), expected, "{name}");
    assert!(without_maxima(|| C::from_ssz(&bytes)).is_ok(), "{name}");
}

fn no_scope(f: &mut dyn FnMut()) {
    f()
}

fn body_fields<P: Preset>() {
    type Body<P> = heze::BeaconBlockBody<P>;
    macro_rules! field {
        ($field:ident, $max:expr) => {
            check_field::<Body<P>, _>($max, &[stringify!($field)], &no_scope, |b, v| {
                b.$field = ProgressiveList::try_from_vec(v).unwrap()
            })
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
            )
        };
    }
    request!(withdrawals, 16);
    request!(consolidations, 2);
    request!(builder_deposits, 64);
    request!(builder_exits, 16);
    // The run-time maximum of the bid's commitments, in the Heze bid.
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
fn the_bid_caps_its_commitments_and_keeps_its_inclusion_list_bits() {
    // Outside any `with_max` scope: MAX_BLOB_COMMITMENTS_PER_BLOCK (4096).
    check_field::<heze::ExecutionPayloadBid<Minimal>, _>(
        4096,
        &["blob_kzg_commitments"],
        &no_scope,
        |b, v| b.blob_kzg_commitments = ProgressiveList::try_from_vec(v).unwrap(),
    );
    // `inclusion_list_bits` (16 bits) is in the fixed part, before the
    // commitments' offset: 226 bytes, 2 more than the Gloas bid's.
    let mut bid = heze::ExecutionPayloadBid::<Mainnet>::default();
    bid.inclusion_list_bits.set(15, true).unwrap();
    let bytes = bid.to_ssz();
    assert_eq!(bytes.len(), 226);
    assert_eq!(&bytes[188..192], &226u32.to_le_bytes());
    assert_eq!(&bytes[224..226], &[0, 0x80]);
    assert_eq!(
        heze::ExecutionPayloadBid::<Mainnet>::from_ssz(&bytes).unwrap(),
        bid
    );
}

#[test]
fn a_whole_signed_block_decodes_with_its_maxima() {
    let block = without_maxima(|| {
        let mut b = heze::SignedBeaconBlock::<Minimal>::default();
        b.message.body.deposits = ProgressiveList::try_from_vec(vec![Default::default()]).unwrap();
        b
    });
    let bytes = block.to_ssz();
    let err = heze::SignedBeaconBlock::<Minimal>::from_ssz(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .message.body.deposits: 1 elements exceed the maximum 0"
    );
    assert_eq!(
        without_maxima(|| heze::SignedBeaconBlock::<Minimal>::from_ssz(&bytes)).unwrap(),
        block
    );
}

#[test]
fn an_inclusion_list_has_no_count_maximum() {
    // 9,000 one-byte transactions: over MAX_BYTES_PER_INCLUSION_LIST
    // (8,192) however one counts, refused by gossip, not by decoding.
    let mut list = heze::SignedInclusionList::default();
    list.message.transactions = vec![heze::Transaction::from(vec![1u8]); 9000].into();
    let bytes = list.to_ssz();
    assert_eq!(heze::SignedInclusionList::from_ssz(&bytes).unwrap(), list);
}
