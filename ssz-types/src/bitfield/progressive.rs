//! `ProgressiveBitlist` (EIP-7916).

use super::buf::{bitlist_common, BitBuf, Bits};
use crate::edition::{Current, Edition};
use crate::merkle::{merkleize_progressive_packed_in, mix_in_length};
use crate::{DecodeError, IndexError, Root, TreeHash};
use alloc::vec::Vec;
use core::marker::PhantomData;

/// `ProgressiveBitlist` (EIP-7916): any number of bits.
///
/// Encoded like a `Bitlist` (with the delimiter bit); merkleized with
/// `merkleize_progressive` as edition `E` defines it ([`Current`] unless
/// named; see [`ProgressiveList`](crate::ProgressiveList)).
///
/// ```
/// use peam_ssz_types::{ProgressiveBitlist, Ssz};
///
/// let bits: ProgressiveBitlist = ProgressiveBitlist::from_bools(&[true, false, true]);
/// assert_eq!(bits.to_ssz(), [0b1101]);
/// assert_eq!(ProgressiveBitlist::from_ssz(&[0b1101])?, bits);
/// assert_eq!(bits.to_string(), "0x0d");
/// assert_eq!("0x0d".parse::<ProgressiveBitlist>().ok(), Some(bits));
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// Progressive bitlists order as their sequences of bits (as `[bool]`
/// would), whatever the edition.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ProgressiveBitlist<E = Current> {
    bits: BitBuf,
    _marker: PhantomData<E>,
}

bitlist_common!(ProgressiveBitlist<E: Edition>, "ProgressiveBitlist", max = usize::MAX);

impl<E> ProgressiveBitlist<E> {
    /// An empty bitlist.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveBitlist::from_buf(BitBuf::new())
    }

    /// `len` zero bits.
    pub fn with_len(len: usize) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::zeros(len))
    }

    /// The bitlist of `bits`.
    pub fn from_bools(bits: &[bool]) -> Self {
        ProgressiveBitlist::from_buf(BitBuf::from_bools(bits))
    }

    /// The same bits, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveBitlist<F> {
        ProgressiveBitlist::from_buf(self.bits)
    }

    /// The bitlist of the first `len` bits of `bytes` (bit `i` in byte
    /// `i / 8` at position `i % 8`), without a delimiter. Fails if `bytes` is
    /// not `len.div_ceil(8)` long or a bit at or past `len` is set.
    pub fn from_raw_bytes(bytes: Vec<u8>, len: usize) -> Result<Self, DecodeError> {
        Ok(ProgressiveBitlist::from_buf(BitBuf::from_raw(bytes, len)?))
    }

    /// Appends a bit.
    pub fn push(&mut self, value: bool) {
        self.bits.push(value)
    }
}

impl<E> FromIterator<bool> for ProgressiveBitlist<E> {
    fn from_iter<I: IntoIterator<Item = bool>>(iter: I) -> Self {
        let mut bits = ProgressiveBitlist::new();
        for b in iter {
            bits.push(b);
        }
        bits
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))`,
/// progressive merkleization as edition `E` defines it.
impl<E: Edition> TreeHash for ProgressiveBitlist<E> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(self.bits.as_bytes()),
            self.bits.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        // The bits packed as bytes; the length mix-in counts bits.
        crate::seq::progressive_node::<E, u8>(self.bits.as_bytes(), self.bits.len(), gindex)
    }
}
