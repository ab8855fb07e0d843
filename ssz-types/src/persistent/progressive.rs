//! `ProgressiveList[T]` (EIP-7916) as a persistent tree.
//!
//! `merkleize_progressive` splits the chunks into subtrees of 1, 4, 16, ...
//! chunks, subtree `k` a binary tree of depth `2k`, and chains their roots
//! along a spine (ssz/simple-serialize.md, "Merkleization", v1.6.1 and
//! v1.7.0-alpha.13; the editions differ only in the order of each step's
//! two children):
//!
//! ```text
//!   root = mix_in_length(spine, len)
//!   spine (V1_7) = hash(subtree 0, hash(subtree 1, hash(subtree 2, ... zero chunk)))
//!   spine (V1_6) = hash(hash(hash(... zero chunk, subtree 2), subtree 1), subtree 0)
//! ```
//!
//! Each subtree is one persistent [`Tree`] (shared nodes copied on write,
//! each caching its root, dirty paths rehashed in batches), so a change rehashes its path
//! in its subtree and the spine above it, at most `log4(len)` steps.

use super::tree::Tree;
use super::{encoded_len, write_encoding};
use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::error::BoundError;
use crate::error::RangeError;
use crate::hasher::{ScopedHasher, Sha256};
use crate::seq::{Kind, ProgressiveKind};
use crate::{DecodeError, Gindex, IndexError, ProofError, Root, Ssz, TreeHash};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use peam_ssz_core::path::{Elements, Layout, TreeLayout};

/// `ProgressiveList[T]` (EIP-7916) as a persistent tree: the same SSZ type
/// as [`ProgressiveList<T, E>`](crate::ProgressiveList) (same encoding,
/// strict decoding, root, proofs and serde), with the clones, updates and
/// cached root of [`PersistentList`](crate::PersistentList), for the
/// progressive lists of a Gloas state (validators, balances, participation,
/// inactivity scores).
///
/// Read elements by index as from a slice, change them with
/// [`get_mut`](Self::get_mut), [`set`](Self::set) or
/// [`update`](Self::update) (an index past the end is an error, never a
/// silent no-op):
///
/// ```
/// use peam_ssz_types::{PersistentProgressiveList, ProgressiveList, Ssz, TreeHash};
///
/// let mut balances: PersistentProgressiveList<u64> = vec![32; 100].into();
/// assert_eq!(balances[7], 32);
/// let before = balances.hash_tree_root();
/// let mut next = balances.clone(); // shares every node
/// next.update(7, |b| *b += 1)?;
/// next.push(32);
/// assert!(next.set(500, 1).is_err());
/// // Only element 7's and element 100's paths are rehashed.
/// let mut plain: ProgressiveList<u64> = vec![32; 101].into();
/// plain[7] += 1;
/// assert_eq!(next.hash_tree_root(), plain.hash_tree_root());
/// assert_eq!(next.to_ssz(), plain.to_ssz());
/// assert_eq!(balances.hash_tree_root(), before); // the original is untouched
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `E` is the [`Edition`] of the root, [`Current`] (v1.7.0-alpha.13)
/// unless named, as for [`ProgressiveList`](crate::ProgressiveList); `H`
/// the hasher of the tree, as for [`PersistentList`](crate::PersistentList).
pub struct PersistentProgressiveList<T, E = Current, M = Unbounded, H = Sha256> {
    /// Subtree `k` holds up to `4^k` chunks of elements; every subtree but
    /// the last is full, and none is empty.
    subtrees: Vec<Tree<T, H>>,
    len: usize,
    _params: PhantomData<fn() -> (E, M)>,
}

impl<T, E, M, H> PersistentProgressiveList<T, E, M, H> {
    /// The list of `len` elements in `subtrees`, laid out as the field
    /// says (the caller has checked the maximum).
    #[inline]
    const fn from_parts(subtrees: Vec<Tree<T, H>>, len: usize) -> Self {
        PersistentProgressiveList {
            subtrees,
            len,
            _params: PhantomData,
        }
    }

    /// The same subtrees under another edition or maximum (the caller has
    /// checked it): both are type-level rules, and the cached subtrees do
    /// not depend on them.
    #[inline]
    fn retyped<F, B>(self) -> PersistentProgressiveList<T, F, B, H> {
        PersistentProgressiveList::from_parts(self.subtrees, self.len)
    }
}

impl<T: TreeHash + Send, E, M, H: ScopedHasher> PersistentProgressiveList<T, E, M, H> {
    /// Elements in subtree `k`: `4^k` chunks.
    #[inline]
    fn capacity(k: usize) -> usize {
        let chunks = 1usize.checked_shl(2 * k as u32).unwrap_or(usize::MAX);
        chunks.saturating_mul(Tree::<T, H>::PER_CHUNK)
    }

    /// The subtree holding element `i`, and `i`'s index in it: chunk `c`
    /// lies in subtree `k` where `4^k <= 3c + 1 < 4^(k+1)`, which starts at
    /// chunk `(4^k - 1) / 3`.
    #[inline]
    fn locate(i: usize) -> (usize, usize) {
        let c = (i / Tree::<T, H>::PER_CHUNK) as u128;
        let k = (3 * c + 1).ilog2() / 2;
        let start = ((1u128 << (2 * k)) - 1) / 3;
        (k as usize, i - start as usize * Tree::<T, H>::PER_CHUNK)
    }

    /// The list of the elements `iter` yields.
    fn from_elements(iter: impl IntoIterator<Item = T>) -> Self {
        let mut iter = iter.into_iter();
        let mut subtrees = Vec::new();
        let mut len = 0;
        loop {
            let capacity = Self::capacity(subtrees.len());
            let tree = Tree::from_iter(iter.by_ref().take(capacity));
            if tree.len() == 0 {
                break;
            }
            len += tree.len();
            let full = tree.len() == capacity;
            subtrees.push(tree);
            if !full {
                break;
            }
        }
        Self::from_parts(subtrees, len)
    }

    /// An empty list.
    pub fn new() -> Self {
        Self::from_parts(Vec::new(), 0)
    }

    /// The same elements (and cached subtrees, which do not depend on the
    /// edition), merkleized as edition `F` defines it.
    pub fn into_edition<F>(self) -> PersistentProgressiveList<T, F, M, H> {
        self.retyped()
    }

    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no elements.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Element `index`, if there is one (`list[index]` panics instead).
    #[inline]
    pub fn get(&self, index: usize) -> Option<&T> {
        if index >= self.len {
            return None;
        }
        let (k, i) = Self::locate(index);
        self.subtrees[k].get(i)
    }

    /// Element `index` to change in place, if there is one. Its path is
    /// rehashed at the next root; its leaf and the nodes above it are
    /// copied first if a clone shares them.
    #[inline]
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T>
    where
        T: Clone,
    {
        if index >= self.len {
            return None;
        }
        let (k, i) = Self::locate(index);
        self.subtrees[k].get_mut(i)
    }

    /// Replaces element `index` with `value`; an error if there is no such
    /// element.
    pub fn set(&mut self, index: usize, value: T) -> Result<(), IndexError>
    where
        T: Clone,
    {
        self.update(index, |slot| *slot = value)
    }

    /// Calls `f` on element `index` to change it and returns what `f`
    /// returns; an error if there is no such element.
    pub fn update<R>(&mut self, index: usize, f: impl FnOnce(&mut T) -> R) -> Result<R, IndexError>
    where
        T: Clone,
    {
        let len = self.len;
        self.get_mut(index).map(f).ok_or(IndexError { index, len })
    }

    /// Calls `f(index, element)` on every element of `range` to change it;
    /// an error, changing nothing, if `range` does not lie within the
    /// list. Changing half the elements of a subtree or more drops its
    /// cached tree, which is rebuilt at the next root.
    pub fn update_range(
        &mut self,
        range: core::ops::Range<usize>,
        mut f: impl FnMut(usize, &mut T),
    ) -> Result<(), RangeError>
    where
        T: Clone,
    {
        RangeError::check(&range, self.len)?;
        let mut base = 0;
        for (k, tree) in self.subtrees.iter_mut().enumerate() {
            let end = base + tree.len();
            if range.start < end && base < range.end {
                let (from, to) = (range.start.max(base) - base, range.end.min(end) - base);
                tree.update_range(from, to, |i, v| f(base + i, v));
            }
            base += Self::capacity(k);
            if base >= range.end {
                break;
            }
        }
        Ok(())
    }

    /// Calls `f(index, element)` on every element.
    pub fn update_all(&mut self, mut f: impl FnMut(usize, &mut T))
    where
        T: Clone,
    {
        let mut base = 0;
        for (k, tree) in self.subtrees.iter_mut().enumerate() {
            tree.update_range(0, tree.len(), |i, v| f(base + i, v));
            base += Self::capacity(k);
        }
    }

    /// Appends `value`, whatever the maximum.
    fn push_unchecked(&mut self, value: T)
    where
        T: Clone,
    {
        let k = self.subtrees.len();
        match self.subtrees.last_mut() {
            Some(last) if last.len() < Self::capacity(k - 1) => last.push(value),
            _ => {
                let mut tree = Tree::new();
                tree.push(value);
                self.subtrees.push(tree);
            }
        }
        self.len += 1;
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T>
    where
        T: Clone,
    {
        let last = self.subtrees.last_mut()?;
        let value = last.pop()?;
        if last.len() == 0 {
            self.subtrees.pop();
        }
        self.len -= 1;
        Some(value)
    }

    /// Shortens the list to `len` elements (no effect if it is shorter).
    pub fn truncate(&mut self, len: usize)
    where
        T: Clone,
    {
        if len >= self.len {
            return;
        }
        if len == 0 {
            self.clear();
            return;
        }
        let (k, i) = Self::locate(len - 1);
        self.subtrees.truncate(k + 1);
        self.subtrees[k].truncate(i + 1);
        self.len = len;
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.subtrees.clear();
        self.len = 0;
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.subtrees.iter().flat_map(|t| t.iter())
    }

    /// The elements, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.iter().cloned().collect()
    }

    /// Heap bytes this value holds, counting each allocation once even when
    /// `seen` has already been shown it (pass the same `seen` for a value
    /// and its clones to count what they share once). `seen` returns
    /// whether the pointer is new.
    pub fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
        self.subtrees.capacity() * core::mem::size_of::<Tree<T, H>>()
            + self
                .subtrees
                .iter()
                .map(|t| t.heap_bytes(seen))
                .sum::<usize>()
    }

    fn blocks(&self) -> impl Iterator<Item = &[T]> + '_ {
        self.subtrees.iter().flat_map(|t| t.blocks())
    }
}

impl<T: TreeHash + Send, E, M: MaxLen, H: ScopedHasher> PersistentProgressiveList<T, E, M, H> {
    /// The maximum number of elements (`usize::MAX` for [`Unbounded`]).
    #[inline]
    pub fn maximum() -> usize {
        M::max_len()
    }

    /// The list of `values`, if there are at most [`maximum`](Self::maximum).
    pub fn try_from_vec(values: Vec<T>) -> Result<Self, BoundError> {
        check_count(values.len(), M::max_len())?;
        Ok(Self::from_elements(values))
    }

    /// The list of the elements `iter` yields, if there are at most
    /// [`maximum`](Self::maximum) (it draws at most one past it).
    pub fn try_from_iter(iter: impl IntoIterator<Item = T>) -> Result<Self, BoundError> {
        let max = M::max_len();
        let mut iter = iter.into_iter();
        let list = Self::from_elements(iter.by_ref().take(max));
        match iter.next() {
            Some(_) => Err(BoundError {
                len: max.saturating_add(1),
                max,
            }),
            None => Ok(list),
        }
    }

    /// Appends `value`; an error, changing nothing, at the maximum.
    pub fn try_push(&mut self, value: T) -> Result<(), BoundError>
    where
        T: Clone,
    {
        check_count(self.len.saturating_add(1), M::max_len())?;
        self.push_unchecked(value);
        Ok(())
    }

    /// The same elements under another maximum; an error if there are more.
    pub fn into_bound<B: MaxLen>(
        self,
    ) -> Result<PersistentProgressiveList<T, E, B, H>, BoundError> {
        check_count(self.len, B::max_len())?;
        Ok(self.retyped())
    }
}

impl<T: TreeHash + Send, E, M: Bounded, H: ScopedHasher> PersistentProgressiveList<T, E, M, H> {
    /// Appends `value`; an error, changing nothing, at the maximum
    /// ([`try_push`](Self::try_push)).
    pub fn push(&mut self, value: T) -> Result<(), BoundError>
    where
        T: Clone,
    {
        self.try_push(value)
    }
}

impl<T: TreeHash + Send, E, H: ScopedHasher> PersistentProgressiveList<T, E, Unbounded, H> {
    /// Appends `value`.
    pub fn push(&mut self, value: T)
    where
        T: Clone,
    {
        self.push_unchecked(value);
    }
}

impl<T: TreeHash + Send, E: Edition, M: MaxLen, H: ScopedHasher>
    PersistentProgressiveList<T, E, M, H>
{
    /// The spine from subtree `from` on: `merkleize_progressive` of the
    /// chunks of the subtrees `from..`, each from its cache.
    fn spine_root(&self, from: usize) -> Root {
        let mut acc = [0u8; 32];
        for (k, tree) in self.subtrees.iter().enumerate().skip(from).rev() {
            let root = tree.data_root(2 * k as u32);
            acc = if E::RULES.progressive_recursion_left {
                H::hash_pair(&acc, &root)
            } else {
                H::hash_pair(&root, &acc)
            };
        }
        acc
    }

    /// Node `g` of the spine (`outer` is the index asked of the list).
    fn spine_node(&self, mut g: Gindex, outer: Gindex) -> Result<Root, ProofError> {
        let no_node = ProofError::NoSuchNode { gindex: outer };
        let mut k = 0;
        loop {
            if g == Gindex::ROOT {
                return Ok(self.spine_root(k));
            }
            // The spine ends in a zero chunk, a leaf.
            let Some(tree) = self.subtrees.get(k) else {
                return Err(no_node);
            };
            let Some((top, rest)) = g.split(1) else {
                return Err(no_node);
            };
            if top.is_right() == E::RULES.progressive_recursion_left {
                return tree.data_node(rest, 2 * k as u32, outer);
            }
            k += 1;
            g = rest;
        }
    }
}

impl<T: TreeHash + Send, E, M, H: ScopedHasher> Default for PersistentProgressiveList<T, E, M, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Clone, E, M, H> Clone for PersistentProgressiveList<T, E, M, H> {
    fn clone(&self) -> Self {
        PersistentProgressiveList::from_parts(self.subtrees.clone(), self.len)
    }
}

impl<T: TreeHash + Send + PartialEq, E, M, H: ScopedHasher> PartialEq
    for PersistentProgressiveList<T, E, M, H>
{
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: TreeHash + Send + Eq, E, M, H: ScopedHasher> Eq for PersistentProgressiveList<T, E, M, H> {}

impl<T: TreeHash + Send + fmt::Debug, E, M, H: ScopedHasher> fmt::Debug
    for PersistentProgressiveList<T, E, M, H>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Element `index`, as a slice reads it.
///
/// # Panics
///
/// If `index >= len`.
impl<T: TreeHash + Send, E, M, H: ScopedHasher> core::ops::Index<usize>
    for PersistentProgressiveList<T, E, M, H>
{
    type Output = T;

    #[inline]
    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(v) => v,
            None => super::index_out_of_bounds(index, self.len),
        }
    }
}

impl<'a, T: TreeHash + Send, E, M, H: ScopedHasher> IntoIterator
    for &'a PersistentProgressiveList<T, E, M, H>
{
    type Item = &'a T;
    type IntoIter = alloc::boxed::Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        alloc::boxed::Box::new(self.iter())
    }
}

impl<T: TreeHash + Send, E, H: ScopedHasher> From<Vec<T>>
    for PersistentProgressiveList<T, E, Unbounded, H>
{
    fn from(values: Vec<T>) -> Self {
        Self::from_elements(values)
    }
}

impl<T: TreeHash + Send, E, H: ScopedHasher> FromIterator<T>
    for PersistentProgressiveList<T, E, Unbounded, H>
{
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::from_elements(iter)
    }
}

impl<T: TreeHash + Send + Clone, E, H: ScopedHasher> Extend<T>
    for PersistentProgressiveList<T, E, Unbounded, H>
{
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for value in iter {
            self.push(value);
        }
    }
}

impl<T: TreeHash + Send, E, M> From<crate::ProgressiveList<T, E, M>>
    for PersistentProgressiveList<T, E, M>
{
    fn from(list: crate::ProgressiveList<T, E, M>) -> Self {
        Self::from_elements(list.into_vec())
    }
}

impl<T: TreeHash + Send + Clone, E, M, H: ScopedHasher> From<&PersistentProgressiveList<T, E, M, H>>
    for crate::ProgressiveList<T, E, M>
{
    fn from(list: &PersistentProgressiveList<T, E, M, H>) -> Self {
        crate::ProgressiveList::from_vec_unchecked(list.to_vec())
    }
}

/// Encoded like a `List` without a limit, as `ProgressiveList`.
impl<T: Ssz + TreeHash + Send, E: Edition, M: MaxLen, H: ScopedHasher> Ssz
    for PersistentProgressiveList<T, E, M, H>
{
    const IS_FIXED_SIZE: bool = <crate::ProgressiveList<T, E, M> as Ssz>::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = <crate::ProgressiveList<T, E, M> as Ssz>::FIXED_PART_LEN;

    fn ssz_len(&self) -> usize {
        encoded_len(self.len, self.blocks())
    }

    fn ssz_write(&self, out: &mut [u8]) {
        write_encoding(self.len, self.blocks(), out)
    }

    /// As `ProgressiveList`'s (its kind's `decode`: at most one element
    /// per `FIXED_PART_LEN` bytes or per offset), then moved into the
    /// subtrees' leaves.
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        ProgressiveKind::<E, M>::decode::<T>(bytes).map(Self::from_elements)
    }

    /// The subtrees' values in order, through the scratch buffer of the
    /// stream.
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        crate::stream::write_element_blocks(self.len, || self.blocks(), sink)
    }

    /// As `from_ssz`, the elements decoded as they arrive.
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        ProgressiveKind::<E, M>::read_from::<T, S>(source, len).map(Self::from_elements)
    }
}

/// `mix_in_length(merkleize_progressive(leaves), len)`, from the cache.
impl<T: TreeHash + Send, E: Edition, M: MaxLen, H: ScopedHasher> TreeHash
    for PersistentProgressiveList<T, E, M, H>
{
    fn hash_tree_root(&self) -> Root {
        crate::merkle::mix_in_length_with::<H>(&self.spine_root(0), self.len)
    }

    /// 1: the root, 2: the spine, 3: the length chunk; along the spine,
    /// the subtrees' nodes from their caches and, below a leaf, from the
    /// element.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        match gindex.get() {
            1 => Ok(self.hash_tree_root()),
            3 => Ok(crate::merkle::length_chunk(self.len)),
            _ => match gindex.split(1) {
                Some((top, rest)) if top.get() == 2 => self.spine_node(rest, gindex),
                // Below the length chunk.
                _ => Err(ProofError::NoSuchNode { gindex }),
            },
        }
    }
}

#[cfg(feature = "serde")]
impl<T: TreeHash + Send + serde::Serialize, E, M, H: ScopedHasher> serde::Serialize
    for PersistentProgressiveList<T, E, M, H>
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: TreeHash + Send + serde::Deserialize<'de>, E, M: MaxLen, H: ScopedHasher>
    serde::Deserialize<'de> for PersistentProgressiveList<T, E, M, H>
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = crate::serde_support::deserialize_seq(deserializer, None, M::max_len())?;
        Ok(Self::from_elements(values))
    }
}

/// An array of its elements' consensus JSON, at most `M` of them.
#[cfg(feature = "serde")]
impl<T: crate::json::ConsensusJson + TreeHash + Send, E, M: MaxLen, H: ScopedHasher>
    crate::json::ConsensusJson for PersistentProgressiveList<T, E, M, H>
{
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        let values = crate::json::deserialize_elements(deserializer, None, M::max_len())?;
        Ok(Self::from_elements(values))
    }
}

/// A persistent progressive list has the tree of the [`ProgressiveList`](crate::ProgressiveList)
/// it stands for.
impl<T: TreeLayout, E: Edition, M> TreeLayout for PersistentProgressiveList<T, E, M> {
    const LAYOUT: &'static Layout = <crate::ProgressiveList<T, E> as TreeLayout>::LAYOUT;
}

impl<T, E, M> Elements for PersistentProgressiveList<T, E, M> {
    type Element = T;
}

#[cfg(feature = "arbitrary")]
impl<'a, T: ::arbitrary::Arbitrary<'a> + TreeHash + Send, E, M: MaxLen> ::arbitrary::Arbitrary<'a>
    for PersistentProgressiveList<T, E, M>
{
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        let elements = crate::arbitrary::list_elements(u, M::max_len())?;
        PersistentProgressiveList::try_from_vec(elements)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (0, None)
    }
}
