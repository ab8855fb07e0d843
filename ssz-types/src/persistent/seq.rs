//! The one storage of [`PersistentList`](crate::PersistentList) and
//! [`PersistentVector`](crate::PersistentVector): [`PersistentSeq<T, K,
//! H>`], a persistent tree of `T` hashed with `H`, and a kind `K` of
//! [`seq`](crate::seq) ([`ListKind<N, N>`], [`VectorKind<N>`]) that says
//! which SSZ type it is. What the two share is written once here: the
//! element access and updates, the comparisons, `Ssz`, serde and the
//! consensus JSON (the bound and the length checks are the kind's, as for
//! [`Seq`]). What differs (the constructors, the root and the proofs, the
//! tree layout) is in `list.rs` and `vector.rs`.

use super::tree::Tree;
use super::{encoded_len, index_out_of_bounds, write_encoding};
use crate::hasher::{ScopedHasher, Sha256};
use crate::seq::{Kind, ListKind, Seq, VectorKind};
use crate::{DecodeError, Length, Ssz, TreeHash};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

mod sealed {
    pub trait Sealed {}
}

/// The kinds a [`PersistentSeq`] takes: [`ListKind<N, N>`] (a
/// [`PersistentList`](crate::PersistentList)) and [`VectorKind<N>`] (a
/// [`PersistentVector`](crate::PersistentVector)).
pub trait PersistentKind: Kind + sealed::Sealed {}

impl<N: Length> sealed::Sealed for ListKind<N, N> {}
impl<N: Length> PersistentKind for ListKind<N, N> {}
impl<N: Length> sealed::Sealed for VectorKind<N> {}
impl<N: Length> PersistentKind for VectorKind<N> {}

/// A persistent tree of `T` that is the SSZ type `K` (see the
/// [module](crate::persistent)); named through [`PersistentList`](crate::PersistentList)
/// and [`PersistentVector`](crate::PersistentVector).
pub struct PersistentSeq<T, K, H = Sha256> {
    pub(super) tree: Tree<T, H>,
    // The kind is a type-level rule, never a value.
    _kind: PhantomData<fn() -> K>,
}

impl<T, K, H> PersistentSeq<T, K, H> {
    /// The sequence of the tree `tree`, whose length the caller has checked.
    #[inline]
    pub(super) fn from_tree(tree: Tree<T, H>) -> Self {
        PersistentSeq {
            tree,
            _kind: PhantomData,
        }
    }
}

impl<T: TreeHash + Send, K: PersistentKind, H: ScopedHasher> PersistentSeq<T, K, H> {
    /// The sequence holding `values`, if their number fits the type (for a
    /// vector, exactly `N`, and `N > 0`: `Vector[T, 0]` is an illegal type).
    pub fn try_from_vec(values: Vec<T>) -> Result<Self, K::Error> {
        K::check_len(values.len(), ())?;
        Ok(PersistentSeq::from_tree(Tree::from_vec(values)))
    }
}

impl<T: TreeHash + Send, K: PersistentKind, H: ScopedHasher> TryFrom<Vec<T>>
    for PersistentSeq<T, K, H>
{
    type Error = K::Error;

    fn try_from(values: Vec<T>) -> Result<Self, K::Error> {
        Self::try_from_vec(values)
    }
}

/// The same elements, in a tree of their own.
impl<T: TreeHash + Send, K: PersistentKind> From<Seq<T, K>> for PersistentSeq<T, K> {
    fn from(seq: Seq<T, K>) -> Self {
        PersistentSeq::from_tree(Tree::from_vec(seq.into_vec()))
    }
}

impl<T: TreeHash + Send, K, H: ScopedHasher> PersistentSeq<T, K, H> {
    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Whether there are no elements.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.tree.len() == 0
    }

    /// Element `index`, if there is one (`value[index]` panics
    /// instead).
    #[inline]
    pub fn get(&self, index: usize) -> Option<&T> {
        self.tree.get(index)
    }

    /// Element `index` to change in place, if there is one. Its path
    /// is rehashed at the next root; its leaf and the nodes above it
    /// are copied first if a clone shares them.
    #[inline]
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T>
    where
        T: Clone,
    {
        self.tree.get_mut(index)
    }

    /// Replaces element `index` with `value`; an error if there is no
    /// such element.
    pub fn set(&mut self, index: usize, value: T) -> Result<(), crate::IndexError>
    where
        T: Clone,
    {
        let len = self.len();
        match self.tree.get_mut(index) {
            Some(slot) => {
                *slot = value;
                Ok(())
            }
            None => Err(crate::IndexError { index, len }),
        }
    }

    /// Calls `f` on element `index` to change it and returns what
    /// `f` returns; an error if there is no such element.
    pub fn update<R>(
        &mut self,
        index: usize,
        f: impl FnOnce(&mut T) -> R,
    ) -> Result<R, crate::IndexError>
    where
        T: Clone,
    {
        let len = self.len();
        self.tree
            .get_mut(index)
            .map(f)
            .ok_or(crate::IndexError { index, len })
    }

    /// Calls `f(index, element)` on every element of `range` to
    /// change it; an error, changing nothing, if `range` does not
    /// lie within the elements. Changing half the elements or more
    /// drops the cached tree, which is rebuilt at the next root (one
    /// pass, faster than following every path).
    pub fn update_range(
        &mut self,
        range: core::ops::Range<usize>,
        f: impl FnMut(usize, &mut T),
    ) -> Result<(), crate::RangeError>
    where
        T: Clone,
    {
        crate::RangeError::check(&range, self.len())?;
        self.tree.update_range(range.start, range.end, f);
        Ok(())
    }

    /// Calls `f(index, element)` on every element.
    pub fn update_all(&mut self, f: impl FnMut(usize, &mut T))
    where
        T: Clone,
    {
        self.tree.update_range(0, self.tree.len(), f)
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.tree.iter()
    }

    /// The elements, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.tree.iter().cloned().collect()
    }

    /// Heap bytes this value holds, counting each allocation once
    /// even when `seen` has already been shown it (pass the same
    /// `seen` for a value and its clones to count what they share
    /// once). `seen` returns whether the pointer is new.
    pub fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
        self.tree.heap_bytes(seen)
    }
}

impl<T: Clone, K, H> Clone for PersistentSeq<T, K, H> {
    fn clone(&self) -> Self {
        PersistentSeq::from_tree(self.tree.clone())
    }
}

impl<T: TreeHash + Send + PartialEq, K, H: ScopedHasher> PartialEq for PersistentSeq<T, K, H> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: TreeHash + Send + Eq, K, H: ScopedHasher> Eq for PersistentSeq<T, K, H> {}

impl<T: TreeHash + Send + fmt::Debug, K, H: ScopedHasher> fmt::Debug for PersistentSeq<T, K, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Element `index`, as a slice reads it.
///
/// # Panics
///
/// If `index >= len`.
impl<T: TreeHash + Send, K, H: ScopedHasher> core::ops::Index<usize> for PersistentSeq<T, K, H> {
    type Output = T;

    #[inline]
    fn index(&self, index: usize) -> &T {
        match self.tree.get(index) {
            Some(v) => v,
            None => index_out_of_bounds(index, self.len()),
        }
    }
}

impl<'a, T: TreeHash + Send, K, H: ScopedHasher> IntoIterator for &'a PersistentSeq<T, K, H> {
    type Item = &'a T;
    type IntoIter = alloc::boxed::Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        alloc::boxed::Box::new(self.tree.iter())
    }
}

/// The encoding of the [`Seq`] of the same kind: fixed-size elements back
/// to back, variable-size ones behind offsets, decoded with the kind's
/// checks.
impl<T: Ssz + TreeHash + Send, K: PersistentKind, H: ScopedHasher> Ssz for PersistentSeq<T, K, H> {
    const IS_FIXED_SIZE: bool = <Seq<T, K> as Ssz>::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = <Seq<T, K> as Ssz>::FIXED_PART_LEN;

    fn ssz_len(&self) -> usize {
        encoded_len(self.tree.len(), self.tree.blocks())
    }

    fn ssz_write(&self, out: &mut [u8]) {
        write_encoding(self.tree.len(), self.tree.blocks(), out)
    }

    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        K::decode(bytes).map(|values| PersistentSeq::from_tree(Tree::from_vec(values)))
    }

    /// The leaves' values in order, through the scratch buffer of the
    /// stream (no encoding of the whole tree).
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        crate::stream::write_element_blocks(self.tree.len(), || self.tree.blocks(), sink)
    }

    /// As `List`'s and `Vector`'s ([`Kind::read_from`]), then the tree.
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        K::read_from(source, len).map(|values| PersistentSeq::from_tree(Tree::from_vec(values)))
    }
}

#[cfg(feature = "serde")]
impl<T: TreeHash + Send + serde::Serialize, K, H: ScopedHasher> serde::Serialize
    for PersistentSeq<T, K, H>
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de, T, K, H> serde::Deserialize<'de> for PersistentSeq<T, K, H>
where
    T: TreeHash + Send + serde::Deserialize<'de>,
    K: PersistentKind,
    H: ScopedHasher,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values =
            crate::serde_support::deserialize_seq(deserializer, K::LENGTH, K::maximum(()))?;
        Ok(PersistentSeq::from_tree(Tree::from_vec(values)))
    }
}

/// An array of its elements' consensus JSON, read with the kind's bound.
#[cfg(feature = "serde")]
impl<T, K, H> crate::json::ConsensusJson for PersistentSeq<T, K, H>
where
    T: crate::json::ConsensusJson + TreeHash + Send,
    K: PersistentKind,
    H: ScopedHasher,
{
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        let values = crate::json::deserialize_elements(deserializer, K::LENGTH, K::maximum(()))?;
        Self::try_from_vec(values).map_err(serde::de::Error::custom)
    }
}

impl<T, K, H> peam_ssz_core::path::Elements for PersistentSeq<T, K, H> {
    type Element = T;
}

/// The persistent tree of an arbitrary [`Seq`] of the same kind.
#[cfg(feature = "arbitrary")]
impl<'a, T, K> ::arbitrary::Arbitrary<'a> for PersistentSeq<T, K>
where
    T: TreeHash + Send,
    K: PersistentKind,
    Seq<T, K>: ::arbitrary::Arbitrary<'a>,
{
    fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
        Seq::<T, K>::arbitrary(u).map(PersistentSeq::from)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Seq::<T, K>::size_hint(depth)
    }

    fn try_size_hint(
        depth: usize,
    ) -> Result<(usize, Option<usize>), ::arbitrary::MaxRecursionReached> {
        Seq::<T, K>::try_size_hint(depth)
    }
}
