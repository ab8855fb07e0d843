//! Views of the byte strings: a [`BytesView`](crate::view::BytesView) over
//! the encoding (which is the value), validated as each kind's
//! decoding checks it, merkleized from the bytes as the values are.

use super::{ByteKind, ByteListKind, ByteSeq, ByteVectorKind, FixedBytes, ProgressiveByteKind};
use crate::bound::MaxLen;
use crate::merkle::{merkleize_packed, merkleize_progressive_packed_in, mix_in_length};
use crate::view::{
    byte_vector_leaves_ssz, byte_vector_node_ssz, validate_byte_vector, validate_byte_vectors,
    SszView, TreeHashView,
};
use crate::{DecodeError, Edition, Gindex, Length, ProofError, Root, BYTES_PER_CHUNK};

/// The bytes, in place; checked as decoding checks them (the length, and
/// the bound of a list).
impl<K: ByteKind> SszView for ByteSeq<K> {
    crate::views::view_items!(BytesView);

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        super::check_decode::<K>(bytes.len())
    }
}

/// `mix_in_length(merkleize(pack(bytes), limit = (N + 31) // 32), len)`.
impl<N: Length> TreeHashView for ByteSeq<ByteListKind<N>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        let limit = N::U64.div_ceil(BYTES_PER_CHUNK as u64);
        mix_in_length(&merkleize_packed(bytes, limit), bytes.len())
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        crate::codec::list_node(bytes, N::U64, bytes.len(), gindex)
    }
}

/// `merkleize(pack(bytes))`; 33 to 64 bytes are one block, as the value's
/// `root_block` says.
impl<N: Length> TreeHashView for ByteSeq<ByteVectorKind<N>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        merkleize_packed(bytes, N::USIZE.div_ceil(BYTES_PER_CHUNK) as u64)
    }

    #[inline]
    fn tree_hash_leaves_ssz(bytes: &[u8], out: &mut [u8]) {
        byte_vector_leaves_ssz(bytes, N::USIZE, out)
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        byte_vector_node_ssz(bytes, gindex)
    }
}

/// `mix_in_length(merkleize_progressive(pack(bytes)), len)` in edition `E`.
impl<E: Edition, M: MaxLen> TreeHashView for ByteSeq<ProgressiveByteKind<E, M>> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        mix_in_length(&merkleize_progressive_packed_in::<E>(bytes), bytes.len())
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        crate::seq::progressive_node::<E, u8>(bytes, bytes.len(), gindex)
    }
}

/// `ByteVector[N]` held inline: its bytes, in place
/// ([`BytesView::as_array`](crate::view::BytesView::as_array) gives the `&[u8; N]`).
impl<const N: usize> SszView for FixedBytes<N> {
    crate::views::view_items!(BytesView);

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        validate_byte_vector(bytes, N)
    }

    #[inline]
    fn validate_ssz_many(bytes: &[u8]) -> Result<(), DecodeError> {
        validate_byte_vectors(bytes, N)
    }
}

/// `merkleize(pack(bytes))`: up to 32 bytes, zero-padded, are their root.
impl<const N: usize> TreeHashView for FixedBytes<N> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        crate::codec::byte_vector_root(bytes)
    }

    #[inline]
    fn tree_hash_leaves_ssz(bytes: &[u8], out: &mut [u8]) {
        byte_vector_leaves_ssz(bytes, N, out)
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        byte_vector_node_ssz(bytes, gindex)
    }
}
