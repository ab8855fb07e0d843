//! Views of vectors and lists: [`SeqView`], and the validation and roots
//! that every sequence type's [`SszView`] and [`TreeHashView`] share.

use super::roots::{leaves_root_ssz, packed_root_ssz};
use super::{SszView, TreeHashView, View};
use crate::chunk::length_chunk;
use crate::codec::{check_count, read_offset, VariableElements};
use crate::edition::{Edition, Rules};
use crate::merkle::merkleize_progressive_packed_in;
use crate::proof::{merkle_node, mix_in_node, progressive_node};
use crate::{
    DecodeError, DecodeErrorKind, Gindex, ProofError, Root, BYTES_PER_CHUNK,
    BYTES_PER_LENGTH_OFFSET,
};
use core::fmt;
use core::marker::PhantomData;

/// A vector or list type: its element, for its [`SeqView`].
pub trait ViewSeq: SszView {
    /// The element type.
    type Elem: SszView;
}

/// Checks the body of a vector or list of `T` as
/// [`decode_elements`](crate::codec::decode_elements)`(bytes, exact, max)`
/// does: the same verdict and the same error, nothing allocated.
pub fn validate_elements<T: SszView>(
    bytes: &[u8],
    exact: Option<usize>,
    max: usize,
) -> Result<(), DecodeError> {
    if T::IS_FIXED_SIZE {
        let size = T::FIXED_PART_LEN;
        if size == 0 || !bytes.len().is_multiple_of(size) {
            return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
                len: bytes.len(),
                element: size,
            }));
        }
        check_count(bytes.len() / size, exact, max)?;
        T::validate_ssz_many(bytes)
    } else {
        let mut parts = VariableElements::new(bytes, exact, max)?;
        for i in 0..parts.count() {
            let part = parts.next_part()?;
            T::validate_ssz(part).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }
}

/// The number of elements of a validated body of `T`s.
#[inline]
pub fn element_count<T: SszView>(bytes: &[u8]) -> usize {
    if T::IS_FIXED_SIZE {
        bytes.len() / T::FIXED_PART_LEN.max(1)
    } else if bytes.len() < BYTES_PER_LENGTH_OFFSET {
        0
    } else {
        read_offset(bytes, 0) / BYTES_PER_LENGTH_OFFSET
    }
}

/// The bytes of element `i < count` of a validated body of `T`s.
///
/// # Panics
///
/// When `i >= count`, or the body was not validated.
#[inline]
pub fn element_bytes<T: SszView>(bytes: &[u8], count: usize, i: usize) -> &[u8] {
    if T::IS_FIXED_SIZE {
        let size = T::FIXED_PART_LEN;
        &bytes[i * size..(i + 1) * size]
    } else {
        let start = read_offset(bytes, i * BYTES_PER_LENGTH_OFFSET);
        let end = if i + 1 < count {
            read_offset(bytes, (i + 1) * BYTES_PER_LENGTH_OFFSET)
        } else {
            bytes.len()
        };
        &bytes[start..end]
    }
}

/// Leaves (chunks) of `count` elements of `T`.
#[inline]
fn chunks_of<T: TreeHashView>(count: usize) -> usize {
    count.saturating_mul(T::LEAF_SIZE).div_ceil(BYTES_PER_CHUNK)
}

/// Writes the leaves of elements `first..first + out.len() / LEAF_SIZE`.
fn fill_leaves<T: TreeHashView>(bytes: &[u8], count: usize, first: usize, out: &mut [u8]) {
    let n = out.len() / T::LEAF_SIZE;
    if T::IS_FIXED_SIZE {
        let size = T::FIXED_PART_LEN;
        T::tree_hash_leaves_ssz(&bytes[first * size..(first + n) * size], out);
    } else {
        for (k, leaf) in out.chunks_exact_mut(BYTES_PER_CHUNK).enumerate() {
            let root = T::hash_tree_root_ssz(element_bytes::<T>(bytes, count, first + k));
            leaf.copy_from_slice(&root);
        }
    }
}

/// `merkleize` of the leaves of the validated body `bytes` of `T`s, with
/// `limit` in elements (a vector's length or a list's limit): the root
/// of the body before any length is mixed in.
pub fn elements_root_ssz<T: TreeHashView>(bytes: &[u8], limit: u64) -> Root {
    let limit_chunks = crate::codec::limit_chunks::<T>(limit);
    if T::IS_BASIC {
        return packed_root_ssz(bytes, limit_chunks);
    }
    let count = element_count::<T>(bytes);
    leaves_root_ssz(count, limit_chunks, |first, out| {
        fill_leaves::<T>(bytes, count, first, out)
    })
}

/// The root of the leaves `start..end` (in chunks) of a validated body.
fn chunk_range_root<T: TreeHashView>(bytes: &[u8], count: usize, start: usize, end: usize) -> Root {
    if T::IS_BASIC {
        let s = (start * BYTES_PER_CHUNK).min(bytes.len());
        let e = (end * BYTES_PER_CHUNK).min(bytes.len());
        return packed_root_ssz(&bytes[s..e], 0);
    }
    let end = end.min(count);
    let start = start.min(end);
    leaves_root_ssz(end - start, 0, |first, out| {
        fill_leaves::<T>(bytes, count, start + first, out)
    })
}

/// The node `gindex` of the tree over the leaves of a validated body of
/// `T`s, `limit` in elements: what
/// [`vector_node`](crate::codec::vector_node) gives for the decoded
/// elements.
pub fn elements_node_ssz<T: TreeHashView>(
    bytes: &[u8],
    limit: u64,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let count = element_count::<T>(bytes);
    let chunks = chunks_of::<T>(count);
    let limit_chunks = crate::codec::limit_chunks::<T>(limit);
    let depth = crate::merkle::depth_for(limit_chunks.max(chunks as u64) as u128);
    merkle_node(
        gindex,
        depth,
        chunks,
        |s, e| chunk_range_root::<T>(bytes, count, s, e),
        |i, rest| {
            if T::IS_BASIC || i >= count {
                Err(ProofError::NoSuchNode { gindex: rest })
            } else {
                T::tree_node_ssz(element_bytes::<T>(bytes, count, i), rest)
            }
        },
    )
}

/// The view of a vector or list `S`: its elements read in place.
///
/// [`get`](SeqView::get) takes constant time for elements of either size
/// (a variable-size element is found through its offset), and returns
/// the element's own view: a `u64` for a list of `uint64`, a nested view
/// for a list of containers.
pub struct SeqView<'a, S> {
    bytes: &'a [u8],
    len: usize,
    seq: PhantomData<fn() -> S>,
}

impl<S> Clone for SeqView<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for SeqView<'_, S> {}

/// Equal when the encodings are: an SSZ encoding is canonical, so equal
/// values have equal bytes.
impl<S> PartialEq for SeqView<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<S> Eq for SeqView<'_, S> {}

impl<S> fmt::Debug for SeqView<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeqView")
            .field("len", &self.len)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

impl<'a, S: ViewSeq> SeqView<'a, S> {
    /// The view of a body that [`validate_elements`] accepted.
    #[doc(hidden)]
    #[inline]
    pub fn new_unchecked(bytes: &'a [u8]) -> Self {
        SeqView {
            bytes,
            len: element_count::<S::Elem>(bytes),
            seq: PhantomData,
        }
    }

    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The view of element `i`, if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<<S::Elem as SszView>::View<'a>> {
        self.element_ssz_bytes(i).map(S::Elem::view_unchecked)
    }

    /// The encoding of element `i`, if there is one.
    #[inline]
    pub fn element_ssz_bytes(&self, i: usize) -> Option<&'a [u8]> {
        (i < self.len).then(|| element_bytes::<S::Elem>(self.bytes, self.len, i))
    }

    /// The elements' views, in order.
    #[inline]
    pub fn iter(&self) -> SeqViewIter<'a, S> {
        SeqViewIter {
            view: *self,
            front: 0,
            back: self.len,
        }
    }
}

impl<'a, S> View<'a> for SeqView<'a, S>
where
    S: ViewSeq<View<'a> = SeqView<'a, S>>,
{
    type Value = S;

    #[inline]
    fn as_ssz_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

impl<'a, S: ViewSeq> IntoIterator for SeqView<'a, S> {
    type Item = <S::Elem as SszView>::View<'a>;
    type IntoIter = SeqViewIter<'a, S>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The elements of a [`SeqView`], in order.
pub struct SeqViewIter<'a, S> {
    view: SeqView<'a, S>,
    front: usize,
    back: usize,
}

impl<S> Clone for SeqViewIter<'_, S> {
    fn clone(&self) -> Self {
        SeqViewIter {
            view: self.view,
            front: self.front,
            back: self.back,
        }
    }
}

impl<'a, S: ViewSeq> Iterator for SeqViewIter<'a, S> {
    type Item = <S::Elem as SszView>::View<'a>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        let item = self.view.get(self.front);
        self.front += 1;
        item
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl<S: ViewSeq> DoubleEndedIterator for SeqViewIter<'_, S> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        self.view.get(self.back)
    }
}

impl<S: ViewSeq> ExactSizeIterator for SeqViewIter<'_, S> {}

/// The node `gindex` of a list's tree, `limit` in elements and `length` the
/// length mix-in (the element count, or the bit count of a bitlist): what
/// [`list_node`](crate::codec::list_node) gives for the decoded elements,
/// computed from the validated body `bytes` of `T`s.
pub fn list_node_ssz<T: TreeHashView>(
    bytes: &[u8],
    limit: u64,
    length: usize,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        elements_node_ssz::<T>(bytes, limit, g)
    })
}

/// `merkleize_progressive` (EIP-7916) of the leaves of the validated body
/// `bytes` of `T`s, in edition `E`, before the length is mixed in: packed
/// basic values hashed where they lie; composite elements a subtree at a
/// time (memory of one block of leaves, as [`leaves_root_ssz`] takes).
pub fn progressive_elements_root_ssz<E: Edition, T: TreeHashView>(bytes: &[u8]) -> Root {
    if T::IS_BASIC {
        return merkleize_progressive_packed_in::<E>(bytes);
    }
    progressive_elements_node_ssz::<T>(bytes, E::RULES, Gindex::ROOT)
        .unwrap_or_else(|e| unreachable!("a progressive tree has a root: {e}"))
}

/// The node `gindex` of `merkleize_progressive` of the leaves of the
/// validated body `bytes` of `T`s, `edition` giving the order: what
/// [`progressive_list_node`](crate::codec::progressive_list_node) gives
/// below the length mix-in.
pub fn progressive_elements_node_ssz<T: TreeHashView>(
    bytes: &[u8],
    edition: Rules,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let count = element_count::<T>(bytes);
    progressive_node(
        gindex,
        edition,
        chunks_of::<T>(count),
        |s, e| chunk_range_root::<T>(bytes, count, s, e),
        |i, rest| {
            if T::IS_BASIC || i >= count {
                Err(ProofError::NoSuchNode { gindex: rest })
            } else {
                T::tree_node_ssz(element_bytes::<T>(bytes, count, i), rest)
            }
        },
    )
}

/// The node `gindex` of a progressive list's tree (EIP-7916) whose length
/// mix-in is `length`, from the validated body `bytes` of `T`s: what
/// [`progressive_list_node`](crate::codec::progressive_list_node) gives for
/// the decoded elements.
pub fn progressive_list_node_ssz<T: TreeHashView>(
    bytes: &[u8],
    length: usize,
    edition: Rules,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        progressive_elements_node_ssz::<T>(bytes, edition, g)
    })
}
