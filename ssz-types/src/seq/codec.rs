//! The SSZ encoding and root of a [`Seq`], as its kind rules them.

use super::{Kind, Seq};
use crate::{DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};
use alloc::vec::Vec;

/// ssz/simple-serialize.md (v1.6.1), "Vectors, containers, progressive
/// containers, lists, progressive lists": fixed-size elements back to back,
/// variable-size ones behind offsets. Only a vector of fixed-size elements
/// is fixed-size.
impl<T: Ssz, K: Kind> Ssz for Seq<T, K> {
    const IS_FIXED_SIZE: bool = K::LENGTH.is_some() && T::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = match K::LENGTH {
        Some(length) if T::IS_FIXED_SIZE => T::FIXED_PART_LEN * length,
        _ => crate::BYTES_PER_LENGTH_OFFSET,
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
        K::decode(bytes).map(Seq::from_vec_unchecked)
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
        K::read_from(source, len).map(Seq::from_vec_unchecked)
    }
}

impl<T: TreeHash, K: Kind> TreeHash for Seq<T, K> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        K::root(&self.inner)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        K::node(&self.inner, gindex)
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
