//! The one storage of the `Vec`-backed sequences: [`Seq<T, K>`], a `Vec<T>`
//! and a kind `K` that says which SSZ type it is.
//!
//! [`List`](crate::List), [`Vector`](crate::Vector) and
//! [`ProgressiveList`](crate::ProgressiveList) are names of `Seq` with a
//! kind ([`ListKind`], [`VectorKind`], [`ProgressiveKind`]). What they share
//! is written once here: the slice views, the conversions and iterators, the
//! shrinking operations of the lists, `Ssz`, `TreeHash`, serde and the
//! consensus JSON. What differs (the bound, the length checks before
//! decoding, the root) is the kind's [`Kind`] impl, in the type's own file
//! (`list.rs`, `vector.rs`, `progressive.rs`), beside its own constructors,
//! its tree layout and its `arbitrary` impl.

use crate::bound::{check_count, collect_within};
use crate::{BoundError, DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};

mod codec;
#[cfg(feature = "serde")]
mod json;

use alloc::vec::Vec;
pub(crate) use codec::progressive_node;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// The SSZ type a [`Seq`] is: its bound, how its bytes are checked before
/// decoding, and its root. Implemented by [`ListKind`], [`VectorKind`] and
/// [`ProgressiveKind`] only.
pub trait Kind: Sealed {
    /// The exact element count of a vector; `None` for a list.
    const LENGTH: Option<usize>;

    /// What a constructor returns for the wrong number of elements.
    type Error: fmt::Debug + fmt::Display;

    /// The most elements the type holds (read now, if it is given at run
    /// time).
    fn maximum() -> usize;

    /// Whether `len` elements make a value of the type.
    fn check_len(len: usize) -> Result<(), Self::Error>;

    /// The limit that `decode_elements` checks the count against (`N`
    /// of a list or vector, none for a progressive list).
    fn limit() -> usize;

    /// What the type checks of its input before the elements, from its
    /// length `len` and its first bytes `head` (at least the first
    /// offset's 4 when the elements are variable-size and `len` allows).
    fn check_head<T: Ssz>(len: usize, head: &[u8]) -> Result<(), DecodeError>;

    /// The elements encoded in `bytes`, checked against the type's bounds:
    /// [`Kind::check_head`], then `decode_elements`.
    #[inline]
    fn decode<T: Ssz>(bytes: &[u8]) -> Result<Vec<T>, DecodeError> {
        Self::check_head::<T>(bytes.len(), bytes)?;
        crate::codec::decode_elements(bytes, Self::LENGTH, Self::limit())
    }

    /// The elements of an encoding of `len` bytes read from `source`, as
    /// [`Kind::decode`] decodes them from a slice.
    #[inline]
    fn read_from<T: Ssz, S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Vec<T>, crate::stream::StreamError<S::Error>> {
        crate::stream::read_elements(
            source,
            len,
            Self::LENGTH,
            Self::limit(),
            Self::check_head::<T>,
        )
    }

    /// `hash_tree_root` of a value holding `values`.
    fn root<T: TreeHash>(values: &[T]) -> Root;

    /// `tree_node` below the root of a value holding `values`.
    fn node<T: TreeHash>(values: &[T], gindex: Gindex) -> Result<Root, ProofError>;
}

/// The kinds whose length varies: the lists, bounded by
/// [`Kind::maximum`].
pub trait Variable: Kind<Error = BoundError> {}

/// The kind of [`List<T, N, M>`](crate::List): at most `N` (and `M`).
pub struct ListKind<N, M>(PhantomData<(N, M)>);

/// The kind of [`Vector<T, N>`](crate::Vector): exactly `N`.
pub struct VectorKind<N>(PhantomData<N>);

/// The kind of [`ProgressiveList<T, E, M>`](crate::ProgressiveList):
/// merkleized as edition `E` defines it, at most `M`.
pub struct ProgressiveKind<E, M>(PhantomData<(E, M)>);

/// A `Vec<T>` that is the SSZ type `K` (see the [module](self)); named
/// through [`List`](crate::List), [`Vector`](crate::Vector) and
/// [`ProgressiveList`](crate::ProgressiveList).
pub struct Seq<T, K> {
    inner: Vec<T>,
    // The kind is a type-level rule, never a value: a `Seq` is `Send` and
    // `Sync` as its `Vec` is.
    _kind: PhantomData<fn() -> K>,
}

impl<T, K> Seq<T, K> {
    /// The sequence holding `inner`, whose bound the caller has checked.
    #[inline]
    pub(crate) const fn from_vec_unchecked(inner: Vec<T>) -> Self {
        Seq {
            inner,
            _kind: PhantomData,
        }
    }

    /// The `Vec`, to change where the kind allows any length.
    #[inline]
    pub(crate) fn vec_mut(&mut self) -> &mut Vec<T> {
        &mut self.inner
    }

    /// The elements as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.inner
    }

    /// The elements as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.inner
    }

    /// The elements, as a `Vec`.
    #[inline]
    pub fn into_vec(self) -> Vec<T> {
        self.inner
    }
}

impl<T, K: Kind> Seq<T, K> {
    /// The sequence holding `vec`, if its length fits the type.
    #[inline]
    pub fn try_from_vec(vec: Vec<T>) -> Result<Self, K::Error> {
        K::check_len(vec.len())?;
        Ok(Seq::from_vec_unchecked(vec))
    }

    /// A clone of `slice`, checked before anything is cloned.
    #[inline]
    pub(crate) fn try_from_slice(slice: &[T]) -> Result<Self, K::Error>
    where
        T: Clone,
    {
        K::check_len(slice.len())?;
        Ok(Seq::from_vec_unchecked(slice.to_vec()))
    }
}

/// What the lists ([`List`](crate::List),
/// [`ProgressiveList`](crate::ProgressiveList)) share.
impl<T, K: Variable> Seq<T, K> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        Seq::from_vec_unchecked(Vec::new())
    }

    /// An empty list with room for `capacity` elements (capped at the
    /// maximum) before it reallocates.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        Seq::from_vec_unchecked(Vec::with_capacity(capacity.min(K::maximum())))
    }

    /// The most elements the list may hold (read now, if it is given at run
    /// time): for a [`List`](crate::List) the smaller of the limit `N` and
    /// the maximum `M`; `usize::MAX` for an unbounded progressive list.
    #[inline]
    pub fn maximum() -> usize {
        K::maximum()
    }

    /// The list of the elements `iter` yields, if they are within the
    /// bound: `collect` with a bound. It draws at most `max + 1` elements:
    /// past it it stops, and the error's `len` is `max + 1`.
    ///
    /// ```
    /// use peam_ssz_types::{BoundError, List, U};
    ///
    /// let squares = List::<u64, U<4>>::try_from_iter((1..=4).map(|i| i * i))?;
    /// assert_eq!(squares.as_slice(), [1, 4, 9, 16]);
    /// assert_eq!(
    ///     List::<u64, U<4>>::try_from_iter(1..),
    ///     Err(BoundError { len: 5, max: 4 })
    /// );
    /// # Ok::<(), BoundError>(())
    /// ```
    pub fn try_from_iter(iter: impl IntoIterator<Item = T>) -> Result<Self, BoundError> {
        Ok(Seq::from_vec_unchecked(collect_within(iter, K::maximum())?))
    }

    /// Whether the list holds [`maximum`](Seq::maximum) elements.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.inner.len() >= K::maximum()
    }

    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// is full.
    #[inline]
    pub fn try_push(&mut self, value: T) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), K::maximum())?;
        self.inner.push(value);
        Ok(())
    }

    /// Inserts `value` at `index`, shifting the elements after it, or
    /// returns an error if the list is full.
    ///
    /// # Panics
    ///
    /// If `index > len`.
    pub fn insert(&mut self, index: usize, value: T) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), K::maximum())?;
        self.inner.insert(index, value);
        Ok(())
    }

    /// Appends clones of `values`, or returns an error (appending nothing)
    /// if they do not fit.
    pub fn extend_from_slice(&mut self, values: &[T]) -> Result<(), BoundError>
    where
        T: Clone,
    {
        check_count(self.inner.len().saturating_add(values.len()), K::maximum())?;
        self.inner.extend_from_slice(values);
        Ok(())
    }

    /// Removes and returns the last element.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        self.inner.pop()
    }

    /// Removes and returns the element at `index`, shifting the ones after it.
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    pub fn remove(&mut self, index: usize) -> T {
        self.inner.remove(index)
    }

    /// Keeps only the elements for which `keep` returns true.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.inner.retain(keep)
    }

    /// Removes every element.
    #[inline]
    pub fn clear(&mut self) {
        self.inner.clear()
    }

    /// Shortens the list to `len` elements (no effect if it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.inner.truncate(len)
    }
}

impl<T: Clone, K> Clone for Seq<T, K> {
    #[inline]
    fn clone(&self) -> Self {
        Seq::from_vec_unchecked(self.inner.clone())
    }
}

impl<T: PartialEq, K> PartialEq for Seq<T, K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<T: Eq, K> Eq for Seq<T, K> {}

impl<T: PartialOrd, K> PartialOrd for Seq<T, K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.inner.partial_cmp(&other.inner)
    }
}

impl<T: Ord, K> Ord for Seq<T, K> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.inner.cmp(&other.inner)
    }
}

impl<T: Hash, K> Hash for Seq<T, K> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.hash(state)
    }
}

impl<T: fmt::Debug, K> fmt::Debug for Seq<T, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

impl<T, K> core::ops::Deref for Seq<T, K> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.inner
    }
}

impl<T, K> core::ops::DerefMut for Seq<T, K> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.inner
    }
}

impl<T, K> AsRef<[T]> for Seq<T, K> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        &self.inner
    }
}

impl<T, K> AsMut<[T]> for Seq<T, K> {
    #[inline]
    fn as_mut(&mut self) -> &mut [T] {
        &mut self.inner
    }
}

impl<T, K> From<Seq<T, K>> for Vec<T> {
    #[inline]
    fn from(seq: Seq<T, K>) -> Vec<T> {
        seq.inner
    }
}

impl<T, K> IntoIterator for Seq<T, K> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.into_iter()
    }
}

impl<'a, T, K> IntoIterator for &'a Seq<T, K> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter()
    }
}

impl<'a, T, K> IntoIterator for &'a mut Seq<T, K> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter_mut()
    }
}
