//! The SSZ encoding and root of a [`Seq`], as its kind rules them.

use super::{Bound, Kind, Seq};
use crate::{DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};
use alloc::vec::Vec;

/// ssz/simple-serialize.md (v1.6.1), "Vectors, containers, progressive
/// containers, lists, progressive lists": fixed-size elements back to back,
/// variable-size ones behind offsets. Only a vector of fixed-size elements
/// is fixed-size; a list whose count is pinned ([`ExactList`](crate::ExactList))
/// has an exact length where its elements do.
impl<T: Ssz, B: Bound, K: Kind<B>> Ssz for Seq<T, K, B> {
    const IS_FIXED_SIZE: bool = K::LENGTH.is_some() && T::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = match K::LENGTH {
        Some(length) if T::IS_FIXED_SIZE => T::FIXED_PART_LEN * length,
        _ => crate::BYTES_PER_LENGTH_OFFSET,
    };
    const EXACT_LEN: Option<usize> = match (K::LENGTH, K::COUNT) {
        (Some(_), _) if T::IS_FIXED_SIZE => Some(<Self as Ssz>::FIXED_PART_LEN),
        (None, Some(count)) => elements_exact_len::<T>(count),
        _ => None,
    };

    #[inline]
    fn ssz_len(&self) -> usize {
        if <Self as Ssz>::IS_FIXED_SIZE {
            <Self as Ssz>::FIXED_PART_LEN
        } else {
            crate::codec::elements_len(&self.inner)
        }
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        crate::codec::write_elements(&self.inner, out)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        crate::codec::append_elements(&self.inner, buf)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        K::decode(bytes).map(|values| Seq::from_parts(values, K::read_bound()))
    }

    /// The elements through a bounded scratch buffer, or each streamed
    /// after the offsets.
    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        crate::stream::write_elements(&self.inner, sink)
    }

    /// The bounds checked before any element is read, then the elements
    /// decoded as they arrive ([`Kind::read_from`]).
    #[inline]
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        K::read_from(source, len).map(|values| Seq::from_parts(values, K::read_bound()))
    }
}

/// The exact length of `n` back-to-back values of `T` in a list: `n`
/// values of a fixed-size `T`, or `n` offsets and values of a variable-size
/// `T` with an exact length; `None` otherwise.
const fn elements_exact_len<T: Ssz>(n: usize) -> Option<usize> {
    if T::IS_FIXED_SIZE {
        Some(n * T::FIXED_PART_LEN)
    } else {
        match T::EXACT_LEN {
            Some(len) => Some(n * (crate::BYTES_PER_LENGTH_OFFSET + len)),
            None => None,
        }
    }
}

impl<T: TreeHash, B: Bound, K: Kind<B>> TreeHash for Seq<T, K, B> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        K::root(&self.inner, self.bound)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        K::node(&self.inner, self.bound, gindex)
    }
}

/// `tree_node` of a progressive list of `values` (or the bytes of a
/// progressive bitlist or byte list) whose length mix-in is `length`, below
/// its root: the progressive subtrees in the order edition `E` gives them.
#[inline]
pub(crate) fn progressive_node<E: crate::Edition, T: crate::TreeHash>(
    values: &[T],
    length: usize,
    gindex: crate::Gindex,
) -> Result<crate::Root, crate::ProofError> {
    crate::codec::progressive_list_node(values, length, E::RULES, gindex)
}
