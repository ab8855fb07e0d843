//! Views of the bitfields: a [`BitsView`] over the encoding, validated as
//! decoding checks it (the delimiter and the bound of a bitlist, the
//! excess bits of a bitvector) and merkleized from the bytes: a bitlist's
//! packed bits are its encoding up to the delimiter, hashed where they lie
//! but for the last chunk, whose delimiter bit is cleared in a copy.

use super::buf::{bit, bitlist_len, check_raw_bits, count_ones, Bits};
use super::{BitKind, BitSeq, BitlistKind, Bitvector, ProgressiveBitKind};
use crate::bound::MaxLen;
use crate::merkle::{depth_for, length_chunk, merkleize_packed, mix_in_length};
use crate::proof::{merkle_node, mix_in_node, progressive_node};
use crate::view::{packed_range_root_ssz, SeqView, SszView, TreeHashView, View};
use crate::{
    DecodeError, DecodeErrorKind, Edition, Gindex, Length, ProofError, Root, BYTES_PER_CHUNK,
};
use core::fmt;
use core::marker::PhantomData;

/// The view of a bitfield `S` ([`Bitlist`](crate::Bitlist),
/// [`Bitvector`], [`ProgressiveBitlist`](crate::ProgressiveBitlist)): its
/// bits read where they lie.
///
/// ```
/// use peam_ssz_types::view::{view, View};
/// use peam_ssz_types::{Bitlist, Ssz, TreeHash, U};
///
/// let bits = Bitlist::<U<16>>::from_bools(&[true, false, true])?;
/// let bytes = bits.to_ssz();
/// let v = view::<Bitlist<U<16>>>(&bytes)?;
/// assert_eq!(v.len(), 3);
/// assert_eq!(v.get(2), Some(true));
/// assert_eq!(v.iter().collect::<Vec<_>>(), [true, false, true]);
/// assert_eq!(v.hash_tree_root(), bits.hash_tree_root());
/// assert_eq!(v.to_value(), bits);
///
/// // No delimiter: refused as decoding refuses it.
/// assert_eq!(
///     view::<Bitlist<U<16>>>(&[0]).unwrap_err(),
///     peam_ssz_types::decode::<Bitlist<U<16>>>(&[0]).unwrap_err()
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BitsView<'a, S> {
    bytes: &'a [u8],
    len: usize,
    ty: PhantomData<fn() -> S>,
}

impl<S> Clone for BitsView<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for BitsView<'_, S> {}

/// Equal when the encodings are: the same bits (and delimiter).
impl<S> PartialEq for BitsView<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<S> Eq for BitsView<'_, S> {}

impl<S> fmt::Debug for BitsView<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::buf::fmt_bits("BitsView", self.bytes, self.len, f)
    }
}

impl<'a, S> BitsView<'a, S> {
    #[inline]
    fn new(bytes: &'a [u8], len: usize) -> Self {
        BitsView {
            bytes,
            len,
            ty: PhantomData,
        }
    }

    /// The number of bits (without a bitlist's delimiter).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bit `i`, if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        bit(self.bytes, self.len, i)
    }

    /// The bits, in order.
    #[inline]
    pub fn iter(&self) -> Bits<'a> {
        Bits::new(self.bytes, self.len)
    }

    /// The number of bits set.
    pub fn count_ones(&self) -> usize {
        count_ones(self.bytes, self.len)
    }

    /// The encoding: the packed bits, followed for a bitlist by its
    /// delimiter bit (the value's `as_bytes` has no delimiter).
    #[inline]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

impl<'a, S> IntoIterator for BitsView<'a, S> {
    type Item = bool;
    type IntoIter = Bits<'a>;

    #[inline]
    fn into_iter(self) -> Bits<'a> {
        self.iter()
    }
}

impl<'a, S> View<'a> for BitsView<'a, S>
where
    S: SszView<View<'a> = BitsView<'a, S>>,
{
    type Value = S;

    #[inline]
    fn as_ssz_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// The number of bits of a validated bitlist encoding ([`bitlist_len`]).
#[inline]
fn validated_len(bytes: &[u8]) -> usize {
    bitlist_len(bytes).unwrap_or(0)
}

/// The packed bits of a validated bitlist encoding of `len` bits, as
/// merkleization packs them: the whole chunks before the last one, in
/// place, and the last chunk's bytes (its length in `.2`), the delimiter
/// cleared.
#[inline]
fn packed_bits(bytes: &[u8], len: usize) -> (&[u8], [u8; BYTES_PER_CHUNK], usize) {
    let n = len.div_ceil(8);
    let body = n.saturating_sub(1) / BYTES_PER_CHUNK * BYTES_PER_CHUNK;
    let mut tail = [0u8; BYTES_PER_CHUNK];
    tail[..n - body].copy_from_slice(&bytes[body..n]);
    if !len.is_multiple_of(8) {
        // The delimiter shares the last byte with the last bits.
        tail[n - body - 1] &= !(1u8 << (len % 8));
    }
    (&bytes[..body], tail, n - body)
}

/// The bitlist node of `gindex` below the length mix-in: the packed bits'
/// tree, `limit` bits at most.
fn bitlist_data_node(
    bytes: &[u8],
    len: usize,
    limit: u64,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let (body, tail, tail_len) = packed_bits(bytes, len);
    let chunks = len.div_ceil(8).div_ceil(BYTES_PER_CHUNK);
    let limit_chunks = limit.div_ceil(8 * BYTES_PER_CHUNK as u64);
    let depth = depth_for(limit_chunks.max(chunks as u64) as u128);
    merkle_node(
        gindex,
        depth,
        chunks,
        |s, e| packed_range_root_ssz(body, &tail[..tail_len], s, e),
        |_, rest| Err(ProofError::NoSuchNode { gindex: rest }),
    )
}

/// The progressive bitlist node of `gindex` below the length mix-in.
fn progressive_bits_node<E: Edition>(
    bytes: &[u8],
    len: usize,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let (body, tail, tail_len) = packed_bits(bytes, len);
    progressive_node(
        gindex,
        E::RULES,
        len.div_ceil(8).div_ceil(BYTES_PER_CHUNK),
        |s, e| packed_range_root_ssz(body, &tail[..tail_len], s, e),
        |_, rest| Err(ProofError::NoSuchNode { gindex: rest }),
    )
}

/// `Bitlist[N]` and `ProgressiveBitlist`: the delimiter, then the bound, as
/// decoding checks them.
impl<K: BitKind> SszView for BitSeq<K> {
    type View<'a> = BitsView<'a, Self>;
    type ArrayView<'a, const N: usize> = SeqView<'a, [Self; N]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        let Some(len) = bitlist_len(bytes) else {
            return Err(DecodeError::new(DecodeErrorKind::BitlistNoDelimiter));
        };
        let max = K::maximum();
        if len > max {
            return Err(DecodeError::new(K::over_maximum(len, max)));
        }
        Ok(())
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> BitsView<'_, Self> {
        BitsView::new(bytes, validated_len(bytes))
    }

    #[inline]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> SeqView<'_, [Self; N]> {
        SeqView::new_unchecked(bytes)
    }
}

/// `mix_in_length(merkleize(pack_bits(value), limit = (N + 255) // 256),
/// len(value))`.
impl<N: Length> TreeHashView for BitSeq<BitlistKind<N>> {
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        let len = validated_len(bytes);
        match bitlist_data_node(bytes, len, N::U64, Gindex::ROOT) {
            Ok(root) => mix_in_length(&root, len),
            Err(e) => unreachable!("a tree has a root: {e}"),
        }
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        let len = validated_len(bytes);
        mix_in_node(gindex, &length_chunk(len), |g| {
            bitlist_data_node(bytes, len, N::U64, g)
        })
    }
}

/// `mix_in_length(merkleize_progressive(pack_bits(value)), len(value))` in
/// edition `E`.
impl<E: Edition, M: MaxLen> TreeHashView for BitSeq<ProgressiveBitKind<E, M>> {
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        let len = validated_len(bytes);
        match progressive_bits_node::<E>(bytes, len, Gindex::ROOT) {
            Ok(root) => mix_in_length(&root, len),
            Err(e) => unreachable!("a tree has a root: {e}"),
        }
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        let len = validated_len(bytes);
        mix_in_node(gindex, &length_chunk(len), |g| {
            progressive_bits_node::<E>(bytes, len, g)
        })
    }
}

/// `Bitvector[N]`: legal (`N > 0`), `N.div_ceil(8)` bytes, no bit set past
/// `N`, as decoding checks it.
impl<N: Length> SszView for Bitvector<N> {
    type View<'a> = BitsView<'a, Self>;
    type ArrayView<'a, const K: usize> = SeqView<'a, [Self; K]>;

    #[inline]
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError> {
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        check_raw_bits(bytes, N::USIZE)
    }

    #[inline]
    fn view_unchecked(bytes: &[u8]) -> BitsView<'_, Self> {
        BitsView::new(bytes, N::USIZE)
    }

    #[inline]
    fn array_view_unchecked<const K: usize>(bytes: &[u8]) -> SeqView<'_, [Self; K]> {
        SeqView::new_unchecked(bytes)
    }
}

/// `merkleize(pack_bits(value), limit = (N + 255) // 256)`: the encoding is
/// the packed bits.
impl<N: Length> TreeHashView for Bitvector<N> {
    #[inline]
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root {
        merkleize_packed(bytes, N::U64.div_ceil(256))
    }

    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        crate::codec::vector_node(bytes, gindex)
    }
}
