//! The one storage of the `Vec`-backed sequences: [`Seq<T, K>`], a `Vec<T>`
//! and a kind `K` that says which SSZ type it is.
//!
//! [`List`](crate::List), [`Vector`](crate::Vector),
//! [`ProgressiveList`](crate::ProgressiveList),
//! [`ExactList`](crate::ExactList) and [`RuntimeList`](crate::RuntimeList)
//! are names of `Seq` with a kind ([`ListKind`], [`VectorKind`],
//! [`ProgressiveKind`], [`ExactKind`], [`RuntimeKind`]). What they share is
//! written once here: the slice views, the conversions and iterators, the
//! growing and shrinking operations of the lists, `Ssz`, `TreeHash`, the
//! views, serde and the consensus JSON. What differs (the bound, the length
//! checks before decoding or viewing, the root from the values or from the
//! bytes) is the kind's [`Kind`] impl, in the type's own file
//! (`list.rs`, `vector.rs`, `progressive.rs`, `exact.rs`, `runtime_list.rs`),
//! beside its own constructors, its tree layout and its `arbitrary` impl.
//!
//! A kind is a type-level rule; only a [`RuntimeList`](crate::RuntimeList)
//! carries a part of its type in each value, its bound: `Seq`'s third
//! parameter ([`Bound`]), `()` for every other kind.

use crate::bound::{check_count, check_encoded_elements, collect_within};
use crate::view::{validate_elements, SszView, TreeHashView};
use crate::{BoundError, DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};

mod codec;
#[cfg(feature = "serde")]
mod json;
mod view;

use alloc::vec::Vec;
pub(crate) use codec::progressive_node;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
pub(crate) use view::list_root_ssz;

mod sealed {
    pub trait Sealed {}
    pub trait SealedBound {}
}
pub(crate) use sealed::Sealed;

/// What a [`Seq`] value carries of its type besides its elements: nothing
/// (`()`) where the type says it all, the run-time bound (`usize`) of a
/// [`RuntimeList`](crate::RuntimeList).
pub trait Bound: Copy + Default + Send + Sync + sealed::SealedBound {}

impl sealed::SealedBound for () {}
impl Bound for () {}
impl sealed::SealedBound for usize {}
impl Bound for usize {}

/// The SSZ type a [`Seq`] is: its bound, how its bytes are checked before
/// decoding (or viewing), and its root, from the values or from the bytes,
/// for values that carry `B` of it ([`Bound`]).
/// Implemented by [`ListKind`], [`VectorKind`], [`ProgressiveKind`],
/// [`ExactKind`] and [`RuntimeKind`] (`B = usize`) only.
pub trait Kind<B: Bound = ()>: Sealed {
    /// The exact element count of a vector; `None` for a list.
    const LENGTH: Option<usize>;

    /// The element count of every value, where the type fixes it: a
    /// vector's length, or the count an [`ExactList`](crate::ExactList)
    /// pins on a list. Serde and the consensus JSON read exactly this many.
    const COUNT: Option<usize> = Self::LENGTH;

    /// The most elements a value holds, where the type says it: the
    /// [`COUNT`](Kind::COUNT), or a list's limit `N` (its maximum `M` may
    /// be read at run time); `None` for a progressive list.
    const LIMIT: Option<usize> = Self::COUNT;

    /// What a constructor returns for the wrong number of elements.
    type Error: fmt::Debug + fmt::Display;

    /// The most elements a value of bound `bound` holds (read now, if it
    /// is given at run time): by default the [`COUNT`](Kind::COUNT), for
    /// the kinds that fix one (a list's bound is its own, and without one
    /// it holds any number).
    #[inline]
    fn maximum(bound: B) -> usize {
        let _ = bound;
        Self::COUNT.unwrap_or(usize::MAX)
    }

    /// Whether `len` elements make a value of bound `bound`.
    fn check_len(len: usize, bound: B) -> Result<(), Self::Error>;

    /// The limit `decode_elements` checks the count against: the
    /// [`LIMIT`](Kind::LIMIT), none for a progressive list (decoding then
    /// allocates in proportion to the input: at most one element per
    /// `FIXED_PART_LEN` bytes or per 4-byte offset).
    #[inline]
    fn limit() -> usize {
        Self::LIMIT.unwrap_or(usize::MAX)
    }

    /// What the type checks of its input before the elements, from its
    /// length `len` and its first bytes `head` (at least the first
    /// offset's 4 when the elements are variable-size and `len` allows).
    /// By default a list's: the maximum of [`read_bound`](Kind::read_bound)
    /// refused from the length or first offset, before anything is read or
    /// allocated (the limit is `decode_elements`' to check, with its own
    /// error).
    #[inline]
    fn check_head<T: Ssz>(len: usize, head: &[u8]) -> Result<(), DecodeError> {
        check_encoded_elements::<T>(len, head, Self::maximum(Self::read_bound()), Self::limit())
    }

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

    /// `hash_tree_root` of a value of bound `bound` holding `values`.
    fn root<T: TreeHash>(values: &[T], bound: B) -> Root;

    /// `tree_node` below the root of a value of bound `bound` holding
    /// `values`.
    fn node<T: TreeHash>(values: &[T], bound: B, gindex: Gindex) -> Result<Root, ProofError>;

    /// Checks `bytes` as [`decode`](Kind::decode) does, for a view: the
    /// same checks in the same order, the same error, nothing allocated:
    /// [`Kind::check_head`], then the elements.
    #[inline]
    fn validate<T: SszView>(bytes: &[u8]) -> Result<(), DecodeError> {
        Self::check_head::<T>(bytes.len(), bytes)?;
        validate_elements::<T>(bytes, Self::LENGTH, Self::limit())
    }

    /// [`root`](Kind::root) of a value of bound `bound` from its encoding
    /// `bytes`, which [`validate`](Kind::validate) accepted.
    fn root_ssz<T: TreeHashView>(bytes: &[u8], bound: B) -> Root;

    /// [`node`](Kind::node) of a value of bound `bound` from its encoding
    /// `bytes`, which [`validate`](Kind::validate) accepted.
    fn node_ssz<T: TreeHashView>(
        bytes: &[u8],
        bound: B,
        gindex: Gindex,
    ) -> Result<Root, ProofError>;

    /// The bound of a value read without one (decoded by `from_ssz`,
    /// deserialized, viewed): `B`'s default, but for a run-time list, whose
    /// static maximum it is.
    #[inline]
    fn read_bound() -> B {
        B::default()
    }
}

/// The kinds whose length varies: the lists, bounded by
/// [`Kind::maximum`].
pub trait Variable<B: Bound = ()>: Kind<B, Error = BoundError> {}

/// The kind of [`List<T, N, M>`](crate::List): at most `N` (and `M`).
pub struct ListKind<N, M>(PhantomData<(N, M)>);

/// The kind of [`Vector<T, N>`](crate::Vector): exactly `N`.
pub struct VectorKind<N>(PhantomData<N>);

/// The kind of [`ProgressiveList<T, E, M>`](crate::ProgressiveList):
/// merkleized as edition `E` defines it, at most `M`.
pub struct ProgressiveKind<E, M>(PhantomData<(E, M)>);

/// The kind of [`ExactList<T, N, L>`](crate::ExactList): the list
/// `List[T, L]` whose values all hold exactly `N` elements.
pub struct ExactKind<N, L>(PhantomData<(N, L)>);

/// The kind of [`RuntimeList<T, Max>`](crate::RuntimeList): `List[T,
/// bound]`, the bound chosen at run time (at most `Max`) and held by each
/// value.
pub struct RuntimeKind<Max>(PhantomData<Max>);

/// A `Vec<T>` that is the SSZ type `K` (see the [module](self)); named
/// through [`List`](crate::List), [`Vector`](crate::Vector),
/// [`ProgressiveList`](crate::ProgressiveList),
/// [`ExactList`](crate::ExactList) and [`RuntimeList`](crate::RuntimeList).
///
/// `B` is what the value carries of its type ([`Bound`]): `()` but for a
/// [`RuntimeList`](crate::RuntimeList).
// `repr(C)`: every `Seq<T, _>` has the layout of its `Vec<T>`, which
// `as_kind` relies on.
#[repr(C)]
pub struct Seq<T, K, B = ()> {
    inner: Vec<T>,
    bound: B,
    // The kind is a type-level rule, never a value: a `Seq` is `Send` and
    // `Sync` as its `Vec` and its bound are.
    _kind: PhantomData<fn() -> K>,
}

impl<T, K> Seq<T, K> {
    /// The sequence holding `inner`, whose bound the caller has checked.
    #[inline]
    pub(crate) const fn from_vec_unchecked(inner: Vec<T>) -> Self {
        Seq::from_parts(inner, ())
    }

    /// The sequence as one of kind `J`, a kind that holds every value of
    /// `K` (an [`ExactList`](crate::ExactList) is a [`List`](crate::List)).
    #[inline]
    pub(crate) fn as_kind<J>(&self) -> &Seq<T, J> {
        // SAFETY: `Seq` is `repr(C)`, and `Seq<T, K>` and `Seq<T, J>` differ
        // only in the zero-sized `PhantomData` marker (size 0, alignment
        // 1), so they have the same layout and a `&Seq<T, K>` is a valid
        // `&Seq<T, J>` for as long. A shared reference cannot change the
        // elements, and the caller picks a `J` that holds them all.
        unsafe { &*core::ptr::from_ref(self).cast::<Seq<T, J>>() }
    }
}

impl<T, K, B> Seq<T, K, B> {
    /// The sequence holding `inner` with the bound `bound`, both of which
    /// the caller has checked.
    #[inline]
    pub(crate) const fn from_parts(inner: Vec<T>, bound: B) -> Self {
        Seq {
            inner,
            bound,
            _kind: PhantomData,
        }
    }

    /// The `Vec`, to change where the kind allows any length.
    #[inline]
    pub(crate) fn vec_mut(&mut self) -> &mut Vec<T> {
        &mut self.inner
    }

    /// The bound the value carries.
    #[inline]
    pub(crate) fn bound(&self) -> &B {
        &self.bound
    }

    /// The bound, to change where the caller has checked the elements
    /// against the new one.
    #[inline]
    pub(crate) fn bound_mut(&mut self) -> &mut B {
        &mut self.bound
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

impl<T, B: Bound, K: Kind<B>> Seq<T, K, B> {
    /// The sequence holding `vec` with the bound `bound`, if its length
    /// fits them.
    #[inline]
    pub(crate) fn try_from_parts(vec: Vec<T>, bound: B) -> Result<Self, K::Error> {
        K::check_len(vec.len(), bound)?;
        Ok(Seq::from_parts(vec, bound))
    }
}

impl<T, K: Kind> Seq<T, K> {
    /// The sequence holding `vec`, if its length fits the type.
    #[inline]
    pub fn try_from_vec(vec: Vec<T>) -> Result<Self, K::Error> {
        Seq::try_from_parts(vec, ())
    }

    /// A clone of `slice`, checked before anything is cloned.
    #[inline]
    pub(crate) fn try_from_slice(slice: &[T]) -> Result<Self, K::Error>
    where
        T: Clone,
    {
        K::check_len(slice.len(), ())?;
        Ok(Seq::from_vec_unchecked(slice.to_vec()))
    }
}

/// What the lists whose bound is in their type ([`List`](crate::List),
/// [`ProgressiveList`](crate::ProgressiveList)) share: the constructors.
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
        Seq::from_vec_unchecked(Vec::with_capacity(capacity.min(K::maximum(()))))
    }

    /// The most elements the list may hold (read now, if it is given at run
    /// time): for a [`List`](crate::List) the smaller of the limit `N` and
    /// the maximum `M`; `usize::MAX` for an unbounded progressive list.
    #[inline]
    pub fn maximum() -> usize {
        K::maximum(())
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
        Ok(Seq::from_vec_unchecked(collect_within(
            iter,
            Self::maximum(),
        )?))
    }
}

/// What the lists ([`List`](crate::List),
/// [`ProgressiveList`](crate::ProgressiveList),
/// [`RuntimeList`](crate::RuntimeList)) share: growing within the bound,
/// shrinking freely.
impl<T, B: Bound, K: Variable<B>> Seq<T, K, B> {
    /// The most elements this list may hold.
    #[inline]
    fn max_count(&self) -> usize {
        K::maximum(self.bound)
    }

    /// Whether the list holds as many elements as its bound allows.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.inner.len() >= self.max_count()
    }

    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// is full.
    #[inline]
    pub fn try_push(&mut self, value: T) -> Result<(), BoundError> {
        check_count(self.inner.len().saturating_add(1), self.max_count())?;
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
        check_count(self.inner.len().saturating_add(1), self.max_count())?;
        self.inner.insert(index, value);
        Ok(())
    }

    /// Appends clones of `values`, or returns an error (appending nothing)
    /// if they do not fit.
    pub fn extend_from_slice(&mut self, values: &[T]) -> Result<(), BoundError>
    where
        T: Clone,
    {
        let len = self.inner.len().saturating_add(values.len());
        check_count(len, self.max_count())?;
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

// The bound is part of the value: two run-time lists of the same elements
// and other bounds are other values (their roots differ). Elements first,
// then the bound; `()` for every other kind.

impl<T: Clone, K, B: Clone> Clone for Seq<T, K, B> {
    #[inline]
    fn clone(&self) -> Self {
        Seq::from_parts(self.inner.clone(), self.bound.clone())
    }
}

impl<T: PartialEq, K, B: PartialEq> PartialEq for Seq<T, K, B> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.bound == other.bound
    }
}

impl<T: Eq, K, B: Eq> Eq for Seq<T, K, B> {}

impl<T: PartialOrd, K, B: PartialOrd> PartialOrd for Seq<T, K, B> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        match self.inner.partial_cmp(&other.inner) {
            Some(Ordering::Equal) => self.bound.partial_cmp(&other.bound),
            ordering => ordering,
        }
    }
}

impl<T: Ord, K, B: Ord> Ord for Seq<T, K, B> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.inner
            .cmp(&other.inner)
            .then_with(|| self.bound.cmp(&other.bound))
    }
}

impl<T: Hash, K, B: Hash> Hash for Seq<T, K, B> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.hash(state);
        self.bound.hash(state);
    }
}

impl<T: fmt::Debug, K> fmt::Debug for Seq<T, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

/// What a path steps into: an element (a
/// [`RuntimeList`](crate::RuntimeList) has no paths, its tree's shape being
/// known at run time only).
impl<T, K> peam_ssz_core::path::Elements for Seq<T, K> {
    type Element = T;
}

impl<T, K, B> core::ops::Deref for Seq<T, K, B> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.inner
    }
}

impl<T, K, B> core::ops::DerefMut for Seq<T, K, B> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.inner
    }
}

impl<T, K, B> AsRef<[T]> for Seq<T, K, B> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        &self.inner
    }
}

impl<T, K, B> AsMut<[T]> for Seq<T, K, B> {
    #[inline]
    fn as_mut(&mut self) -> &mut [T] {
        &mut self.inner
    }
}

impl<T, K, B> From<Seq<T, K, B>> for Vec<T> {
    #[inline]
    fn from(seq: Seq<T, K, B>) -> Vec<T> {
        seq.inner
    }
}

impl<T, K, B> IntoIterator for Seq<T, K, B> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.into_iter()
    }
}

impl<'a, T, K, B> IntoIterator for &'a Seq<T, K, B> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter()
    }
}

impl<'a, T, K, B> IntoIterator for &'a mut Seq<T, K, B> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.inner.iter_mut()
    }
}
