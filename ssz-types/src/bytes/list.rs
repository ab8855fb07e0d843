//! `ByteList[N]`.

use super::{ByteKind, ByteSeq, Checked, Sealed, Variable};
use crate::bound::check_count;
use crate::merkle::{merkleize_packed, mix_in_length};
use crate::{BoundError, Gindex, Length, ProofError, Root, TreeHash, BYTES_PER_CHUNK};
use alloc::vec::Vec;
use core::marker::PhantomData;
use peam_ssz_core::path::{Layout, TreeLayout, UINT8};

/// `ByteList[N]` (`List[byte, N]`): at most `N::USIZE` bytes.
///
/// ```
/// use peam_ssz_types::{ByteList, Ssz, U};
///
/// let extra_data: ByteList<U<32>> = "0x0102".parse()?;
/// assert_eq!(extra_data.to_ssz(), [1, 2]);
/// assert_eq!(extra_data.to_string(), "0x0102");
/// assert!(ByteList::<U<32>>::from_ssz(&[0; 33]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ByteList<N> = ByteSeq<ByteListKind<N>>;

/// The kind of [`ByteList<N>`]: at most `N` bytes.
pub struct ByteListKind<N>(PhantomData<N>);

impl<N> Sealed for ByteListKind<N> {}

impl<N: Length> ByteKind for ByteListKind<N> {
    const LENGTH: Option<usize> = None;
    const LIMIT: Option<usize> = Some(N::USIZE);
    type Error = BoundError;

    #[inline]
    fn maximum() -> usize {
        N::USIZE
    }

    #[inline]
    fn check_len(len: usize) -> Result<(), BoundError> {
        check_count(len, N::USIZE)
    }
}

impl<N: Length> Checked for ByteListKind<N> {}

impl<N: Length> Variable for ByteListKind<N> {}

impl<N: Length> ByteSeq<ByteListKind<N>> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ByteSeq::from_vec_unchecked(Vec::new())
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends a byte, or returns an error if the list is full.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), BoundError> {
        self.try_push(byte)
    }
}

impl<N: Length> Default for ByteSeq<ByteListKind<N>> {
    #[inline]
    fn default() -> Self {
        ByteList::new()
    }
}

/// `mix_in_length(merkleize(pack(bytes), limit = (N + 31) // 32), len)`.
impl<N: Length> TreeHash for ByteSeq<ByteListKind<N>> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        let limit = N::U64.div_ceil(BYTES_PER_CHUNK as u64);
        mix_in_length(&merkleize_packed(&self.inner, limit), self.inner.len())
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::list_node(&self.inner, N::U64, self.inner.len(), gindex)
    }
}

impl<N: Length> TreeLayout for ByteSeq<ByteListKind<N>> {
    const LAYOUT: &'static Layout = &Layout::List {
        elem: UINT8,
        limit: N::U64,
    };
}

#[cfg(feature = "arbitrary")]
impl<'a, N: Length> ::arbitrary::Arbitrary<'a> for ByteSeq<ByteListKind<N>> {
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let bytes = crate::arbitrary::list_bytes(u, N::USIZE)?;
        Ok(ByteSeq::from_vec_unchecked(bytes))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        crate::arbitrary::list_hint((1, Some(1)), N::USIZE)
    }
}
