//! `ByteVector[N]`, on the heap.

use super::{ByteKind, ByteSeq, Checked, Sealed};
use crate::bound::check_vector_len;
use crate::merkle::merkleize_packed;
use crate::{Gindex, Length, LengthError, ProofError, Root, TreeHash, BYTES_PER_CHUNK};
use alloc::vec;
use core::marker::PhantomData;
use peam_ssz_core::path::{Layout, TreeLayout, UINT8};

/// `ByteVector[N]` (`Vector[byte, N]`): exactly `N::USIZE` bytes, on the
/// heap. For short byte vectors of a constant length, [`FixedBytes`](crate::FixedBytes) stores
/// them inline.
///
/// ```
/// use peam_ssz_types::{ByteVector, Ssz, U};
///
/// let logs_bloom = ByteVector::<U<256>>::default();
/// assert_eq!(logs_bloom.to_ssz(), [0; 256]);
/// assert!(ByteVector::<U<256>>::from_ssz(&[0; 255]).is_err());
/// ```
pub type ByteVector<N> = ByteSeq<ByteVectorKind<N>>;

/// The kind of [`ByteVector<N>`]: exactly `N` bytes (`N > 0`).
pub struct ByteVectorKind<N>(PhantomData<N>);

impl<N> Sealed for ByteVectorKind<N> {}

impl<N: Length> ByteKind for ByteVectorKind<N> {
    const LENGTH: Option<usize> = Some(N::USIZE);
    const LIMIT: Option<usize> = None;
    type Error = LengthError;

    #[inline]
    fn maximum() -> usize {
        N::USIZE
    }

    #[inline]
    fn check_len(len: usize) -> Result<(), LengthError> {
        check_vector_len(len, N::USIZE)
    }
}

impl<N: Length> Checked for ByteVectorKind<N> {}

impl<N: Length> ByteSeq<ByteVectorKind<N>> {
    const NOT_EMPTY: () = assert!(N::USIZE > 0, "ByteVector[0] is an illegal SSZ type");

    /// `N` zero bytes. Does not compile for the illegal `ByteVector[0]`.
    #[inline]
    pub fn zero() -> Self {
        let () = Self::NOT_EMPTY;
        ByteSeq::from_vec_unchecked(vec![0; N::USIZE])
    }

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }
}

/// `N` zero bytes.
impl<N: Length> Default for ByteSeq<ByteVectorKind<N>> {
    #[inline]
    fn default() -> Self {
        ByteVector::zero()
    }
}

/// `merkleize(pack(bytes))`.
impl<N: Length> TreeHash for ByteSeq<ByteVectorKind<N>> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        merkleize_packed(&self.inner, N::USIZE.div_ceil(BYTES_PER_CHUNK) as u64)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.inner, gindex)
    }

    const ROOT_IS_ONE_BLOCK: bool = crate::codec::byte_vector_is_one_block(N::USIZE);

    #[inline]
    fn root_block(&self) -> [u8; 64] {
        crate::codec::byte_vector_block(&self.inner)
    }
}

impl<N: Length> TreeLayout for ByteSeq<ByteVectorKind<N>> {
    const LAYOUT: &'static Layout = &Layout::Vector {
        elem: UINT8,
        length: N::U64,
    };
}

/// `N` bytes of the input, or `NotEnoughData` if they would take more
/// memory than the input justifies (see [`crate::arbitrary`]).
#[cfg(feature = "arbitrary")]
impl<'a, N: Length> ::arbitrary::Arbitrary<'a> for ByteSeq<ByteVectorKind<N>> {
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        if N::USIZE > u.len().max(crate::arbitrary::VECTOR_MEMORY_FLOOR) {
            return Err(::arbitrary::Error::NotEnoughData);
        }
        ByteVector::try_from_vec(crate::arbitrary::bytes(u, N::USIZE)?)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (N::USIZE, Some(N::USIZE))
    }
}
