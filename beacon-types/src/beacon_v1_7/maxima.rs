//! The maxima that the v1.7.0-alpha.13 Gloas text asserts of progressive
//! lists, as the generated Gloas and Heze containers carry them.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use peam_ssz_types::MaxLen;
use std::cell::Cell;

std::thread_local! {
    // Set by `without_maxima` while its closure runs on this thread.
    static LIFTED: Cell<bool> = const { Cell::new(false) };
}

/// A maximum that the spec asserts of a field (the state transition and
/// gossip: `len(body.attestations) <= MAX_ATTESTATIONS_ELECTRA`): `M`,
/// except on a thread inside [`without_maxima`], where there is none.
///
/// The SSZ type of the field has no maximum (a progressive list has no
/// limit), and the `ssz_static` vectors test the SSZ type: their random
/// bodies hold ten deposits, which a block never may. A client decodes with
/// the maxima (the default); the vectors decode [`without_maxima`]. Neither
/// changes a byte or a root.
///
/// ```
/// use peam_ssz_beacon::beacon_v1_7::{gloas, without_maxima, Minimal};
/// use peam_ssz_types::{DecodeErrorKind, PathSegment, ProgressiveList, Ssz};
///
/// let mut body = gloas::BeaconBlockBody::<Minimal>::default();
/// body.deposits = without_maxima(|| ProgressiveList::try_from_vec(vec![Default::default()])).unwrap();
/// let bytes = body.to_ssz();
///
/// // `len(body.deposits) == 0` (gloas beacon-chain.md, process_operations).
/// let err = gloas::BeaconBlockBody::<Minimal>::from_ssz(&bytes).unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 1, max: 0 });
/// assert_eq!(err.path().collect::<Vec<_>>(), [&PathSegment::Field("deposits")]);
/// let back = without_maxima(|| gloas::BeaconBlockBody::<Minimal>::from_ssz(&bytes)).unwrap();
/// assert_eq!(back, body);
/// ```
pub struct Asserted<M>(PhantomData<fn() -> M>);

impl<M: MaxLen> MaxLen for Asserted<M> {
    #[inline]
    fn max_len() -> usize {
        if LIFTED.with(Cell::get) {
            usize::MAX
        } else {
            M::max_len()
        }
    }
}

impl<M: MaxLen> peam_ssz_types::Bounded for Asserted<M> {}

/// Runs `f` with every [`Asserted`] maximum lifted on this thread: the
/// Gloas and Heze containers are then their SSZ types alone (the `ssz_static`
/// vectors, a value built for a test). Restores the maxima when `f`
/// returns or unwinds.
pub fn without_maxima<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            LIFTED.with(|l| l.set(self.0));
        }
    }
    let _restore = Restore(LIFTED.with(|l| l.replace(true)));
    f()
}

/// `max_blobs_per_block` of the chain configuration
/// (`get_blob_parameters(epoch).max_blobs_per_block`, fulu
/// beacon-chain.md): the tag of the run-time maximum of the bid's
/// `blob_kzg_commitments`, which gossip and the state transition assert
/// (gloas p2p-interface.md `beacon_block`, `execution_payload_bid`;
/// beacon-chain.md `process_execution_payload_bid`). Set it for the epoch
/// at hand with [`with_max`](peam_ssz_types::with_max); outside, the
/// preset's `MAX_BLOB_COMMITMENTS_PER_BLOCK` bounds the list.
///
/// ```
/// use peam_ssz_beacon::beacon_v1_7::{gloas, MaxBlobsPerBlock, Mainnet};
/// use peam_ssz_types::{with_max, DecodeErrorKind, ProgressiveList, Ssz};
///
/// let mut bid = gloas::ExecutionPayloadBid::default();
/// bid.blob_kzg_commitments = with_max::<MaxBlobsPerBlock, _>(10, || {
///     ProgressiveList::try_from_vec(vec![Default::default(); 10])
/// })
/// .unwrap();
/// let bytes = bid.to_ssz();
/// let err = with_max::<MaxBlobsPerBlock, _>(9, || gloas::ExecutionPayloadBid::from_ssz(&bytes))
///     .unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 10, max: 9 });
/// assert!(with_max::<MaxBlobsPerBlock, _>(12, || gloas::ExecutionPayloadBid::from_ssz(&bytes)).is_ok());
/// # let _ = Mainnet;
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MaxBlobsPerBlock;

// A marker: the impls hold whatever `M` is.
impl<M> Clone for Asserted<M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M> Copy for Asserted<M> {}
impl<M> Default for Asserted<M> {
    fn default() -> Self {
        Asserted(PhantomData)
    }
}
impl<M> fmt::Debug for Asserted<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Asserted")
    }
}
impl<M> PartialEq for Asserted<M> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<M> Eq for Asserted<M> {}
impl<M> PartialOrd for Asserted<M> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<M> Ord for Asserted<M> {
    fn cmp(&self, _: &Self) -> Ordering {
        Ordering::Equal
    }
}
impl<M> Hash for Asserted<M> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}
