//! The views of every [`Seq`] ([`List`](crate::List),
//! [`Vector`](crate::Vector), [`ProgressiveList`](crate::ProgressiveList),
//! [`ExactList`](crate::ExactList), [`RuntimeList`](crate::RuntimeList)):
//! a [`SeqView`] over the encoding, validated as the kind's `decode` checks
//! it ([`Kind::validate`]) and merkleized from the bytes as the kind's
//! `root` and `node` merkleize the values ([`Kind::root_ssz`],
//! [`Kind::node_ssz`]). A view has no bound of its own: it is merkleized
//! with the bound a decoded value gets ([`Kind::read_bound`]; a run-time
//! bound is given to
//! [`from_ssz_with_bound`](crate::RuntimeList::from_ssz_with_bound), which
//! has no view).

use super::{Bound, Kind, Seq};
use crate::merkle::mix_in_length;
use crate::view::{element_count, elements_root_ssz, SszView, TreeHashView, ViewSeq};
use crate::{DecodeError, Gindex, ProofError, Root};

impl<T: SszView, B: Bound, K: Kind<B>> SszView for Seq<T, K, B> {
    crate::views::view_items!(SeqView);

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        K::validate::<T>(bytes)
    }
}

impl<T: SszView, B: Bound, K: Kind<B>> ViewSeq for Seq<T, K, B> {
    type Elem = T;
}

impl<T: TreeHashView, B: Bound, K: Kind<B>> TreeHashView for Seq<T, K, B> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        K::root_ssz::<T>(bytes, K::read_bound())
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        K::node_ssz::<T>(bytes, K::read_bound(), gindex)
    }
}

/// `mix_in_length(merkleize(leaves, limit), len)` from the validated body
/// `bytes` of `T`s, `limit` in elements: what
/// [`list_root`](crate::codec::list_root) gives for the decoded elements.
#[inline]
pub(crate) fn list_root_ssz<T: TreeHashView>(bytes: &[u8], limit: u64) -> Root {
    mix_in_length(
        &elements_root_ssz::<T>(bytes, limit),
        element_count::<T>(bytes),
    )
}
