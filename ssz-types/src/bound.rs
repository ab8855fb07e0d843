//! Maxima that are not Merkle limits: the third type parameter of
//! [`List`](crate::List) and the second of the progressive types.
//!
//! A limit (`List[T, N]`'s `N`) shapes the tree: it is part of the type's
//! root and generalized indices. A *maximum* ([`MaxLen`]) is a rule of
//! validity only: the state transition and gossip refuse a value over it
//! (`len(body.attestations) <= MAX_ATTESTATIONS_ELECTRA`,
//! `len(bid.blob_kzg_commitments) <= max_blobs_per_block`), but the bytes,
//! the root and every generalized index are those of the type without it.
//! Decoding checks it before it allocates anything, and so do every safe
//! constructor and `push`; the error names the two counts
//! ([`DecodeErrorKind::ExceedsMaximum`], [`BoundError`]) and, inside a
//! container, the field.
//!
//! A maximum is a type:
//!
//! - every [`Length`] ([`U<N>`](crate::U), [`Prod`](crate::Prod), a preset's
//!   associated type): a maximum fixed at compile time;
//! - [`Unbounded`]: none, the default of the progressive types;
//! - [`RuntimeMax<Tag, Cap>`] (with `std`): a value of the chain
//!   configuration, set for the current thread while a closure runs
//!   ([`with_max`]), never more than `Cap`, and `Cap` outside such a scope.
//!   A container decodes as a whole with its field bounded (the gossip
//!   need): `with_max::<MaxBlobsPerBlock, _>(9, || Block::from_ssz(bytes))`.
//! - a type of your own implementing [`MaxLen`] (reading a `static`, for
//!   example, in `no_std`).
//!
//! The types whose lengths a maximum can bound grow fallibly when it is not
//! [`Unbounded`]: they have `push` returning a [`BoundError`] there, and
//! the infallible `push`, `From<Vec<T>>`, `FromIterator` and `Extend` only
//! when it is [`Unbounded`]. That split is the [`Bounded`] trait: every
//! maximum but [`Unbounded`] implements it.

use crate::{
    BoundError, DecodeError, DecodeErrorKind, Length, LengthError, Ssz, BYTES_PER_LENGTH_OFFSET,
};
use core::fmt::Debug;
use core::hash::Hash;

/// The most elements (bits of a bitlist, bytes of a byte list) a value may
/// hold: a validity maximum, which changes neither the encoding nor the
/// root nor the generalized indices of the type it bounds.
///
/// Read each time a value is decoded, built or grown, so that it can come
/// from the configuration at run time ([`RuntimeMax`]). Every [`Length`] is
/// one (its number); [`Unbounded`] is `usize::MAX`.
///
/// A type of your own (in `no_std`, where [`RuntimeMax`] is not there):
///
/// ```
/// use core::sync::atomic::{AtomicUsize, Ordering};
/// use peam_ssz_types::{MaxLen, Ssz, ProgressiveList};
///
/// static MAX_BLOBS: AtomicUsize = AtomicUsize::new(6);
///
/// #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// struct MaxBlobs;
/// impl MaxLen for MaxBlobs {
///     fn max_len() -> usize {
///         MAX_BLOBS.load(Ordering::Relaxed)
///     }
/// }
///
/// type Commitments = ProgressiveList<[u8; 48], peam_ssz_types::V1_7, MaxBlobs>;
/// // Seven 48-byte commitments, back to back.
/// let seven = vec![0u8; 48 * 7];
/// assert!(Commitments::from_ssz(&seven).is_err());
/// MAX_BLOBS.store(9, Ordering::Relaxed);
/// assert_eq!(Commitments::from_ssz(&seven)?.len(), 7);
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
pub trait MaxLen: 'static + Send + Sync + Copy + Default + Debug + Eq + Ord + Hash {
    /// The maximum; `usize::MAX` for none.
    fn max_len() -> usize;
}

/// Every maximum but [`Unbounded`]: the types it bounds grow fallibly
/// (`push` returns a [`BoundError`]). Implement it next to [`MaxLen`] for
/// a maximum of your own.
pub trait Bounded: MaxLen {}

impl<L: Length> MaxLen for L {
    #[inline(always)]
    fn max_len() -> usize {
        L::USIZE
    }
}

impl<L: Length> Bounded for L {}

/// No maximum: the default bound of [`ProgressiveList`](crate::ProgressiveList),
/// [`ProgressiveBitlist`](crate::ProgressiveBitlist) and
/// [`ProgressiveByteList`](crate::ProgressiveByteList).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unbounded;

impl MaxLen for Unbounded {
    #[inline(always)]
    fn max_len() -> usize {
        usize::MAX
    }
}

/// The smaller of two maxima.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Min<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: MaxLen, B: MaxLen> MaxLen for Min<A, B> {
    #[inline]
    fn max_len() -> usize {
        A::max_len().min(B::max_len())
    }
}

impl<A: MaxLen, B: MaxLen> Bounded for Min<A, B> {}

/// A value of `count` elements, checked against the maximum `max`.
#[inline]
pub(crate) fn check_count(count: usize, max: usize) -> Result<(), BoundError> {
    if count > max {
        return Err(BoundError { len: count, max });
    }
    Ok(())
}

/// A vector of `len` elements, checked against its length `length`: only
/// exactly `length`, and never for `length` 0 (`Vector[T, 0]` is an illegal
/// type, ssz/simple-serialize.md v1.6.1, "Illegal types").
#[inline]
pub(crate) fn check_vector_len(len: usize, length: usize) -> Result<(), LengthError> {
    if len != length || length == 0 {
        return Err(LengthError {
            len,
            expected: length,
        });
    }
    Ok(())
}

/// The elements `iter` yields, if there are at most `max`: it draws at
/// most `max + 1` of them (past the maximum it stops, and the error's `len`
/// is `max + 1`), and reserves no more than `max`.
pub(crate) fn collect_within<T>(
    iter: impl IntoIterator<Item = T>,
    max: usize,
) -> Result<alloc::vec::Vec<T>, BoundError> {
    let iter = iter.into_iter();
    let mut inner = alloc::vec::Vec::with_capacity(iter.size_hint().0.min(max));
    push_within(iter, max, |value| inner.push(value))?;
    Ok(inner)
}

/// Hands each item of `iter` to `push`, or returns an error at the first
/// item past `max` (the items before it pushed, the rest not drawn).
#[inline]
pub(crate) fn push_within<T>(
    iter: impl IntoIterator<Item = T>,
    max: usize,
    mut push: impl FnMut(T),
) -> Result<(), BoundError> {
    for (count, value) in iter.into_iter().enumerate() {
        if count == max {
            return Err(BoundError {
                len: max.saturating_add(1),
                max,
            });
        }
        push(value);
    }
    Ok(())
}

/// Refuses an encoded sequence of `T` (a list body, `len` bytes starting
/// with `head`) that holds more than `max` elements, from its length or
/// its first offset (the first 4 bytes of `head`) alone, before
/// anything is decoded or allocated. Only when `max` is under `limit` (the
/// limit is the decoder's to check, with its own error). An input whose
/// count cannot be read (a length that is not a multiple of the element
/// size, a bad first offset) passes: the decoder rejects it.
#[inline]
pub(crate) fn check_encoded_elements<T: Ssz>(
    len: usize,
    head: &[u8],
    max: usize,
    limit: usize,
) -> Result<(), DecodeError> {
    if max >= limit {
        return Ok(());
    }
    let count = if T::IS_FIXED_SIZE {
        match T::FIXED_PART_LEN {
            0 => return Ok(()),
            size => len / size,
        }
    } else {
        match head.get(..BYTES_PER_LENGTH_OFFSET) {
            None => 0,
            Some(first) => {
                let mut offset = [0u8; BYTES_PER_LENGTH_OFFSET];
                offset.copy_from_slice(first);
                u32::from_le_bytes(offset) as usize / BYTES_PER_LENGTH_OFFSET
            }
        }
    };
    check_decoded_count(count, max)
}

/// Refuses `count` elements over the maximum `max`, as decoding reports it.
#[inline]
pub(crate) fn check_decoded_count(count: usize, max: usize) -> Result<(), DecodeError> {
    if count > max {
        return Err(DecodeError::new(DecodeErrorKind::ExceedsMaximum {
            len: count,
            max,
        }));
    }
    Ok(())
}

#[cfg(feature = "std")]
pub use runtime::{with_max, RuntimeMax};

#[cfg(feature = "std")]
mod runtime {
    use super::{Bounded, MaxLen};
    use core::any::TypeId;
    use core::cmp::Ordering;
    use core::fmt;
    use core::hash::{Hash, Hasher};
    use core::marker::PhantomData;
    use std::cell::RefCell;
    use std::vec::Vec;

    std::thread_local! {
        // The maxima set by `with_max` on this thread, innermost last.
        static SCOPES: RefCell<Vec<(TypeId, usize)>> = const { RefCell::new(Vec::new()) };
    }

    /// A maximum given at run time (a chain-configuration value such as
    /// `max_blobs_per_block`), named by `Tag` and never more than `Cap`.
    ///
    /// Its value is the one [`with_max::<Tag, _>`](with_max) set for the
    /// current thread while its closure runs (the innermost, if nested),
    /// capped at `Cap`; outside any such scope it is `Cap`. So a whole
    /// container decodes with its field bounded by the configuration, and
    /// a value never holds more than `Cap` whatever the scope.
    ///
    /// ```
    /// use peam_ssz_types::{with_max, DecodeErrorKind, List, RuntimeMax, Ssz, TreeHash, U};
    ///
    /// /// `max_blobs_per_block` of the chain configuration.
    /// struct MaxBlobsPerBlock;
    ///
    /// // List[KZGCommitment, 4096] (its root and proofs), at most
    /// // max_blobs_per_block elements.
    /// type Commitments = List<[u8; 48], U<4096>, RuntimeMax<MaxBlobsPerBlock, U<4096>>>;
    ///
    /// // Ten 48-byte commitments, back to back.
    /// let ten = vec![7u8; 48 * 10];
    /// let err = with_max::<MaxBlobsPerBlock, _>(9, || Commitments::from_ssz(&ten)).unwrap_err();
    /// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 10, max: 9 });
    /// let commitments = with_max::<MaxBlobsPerBlock, _>(12, || Commitments::from_ssz(&ten))?;
    /// assert_eq!(
    ///     commitments.hash_tree_root(),
    ///     List::<[u8; 48], U<4096>>::from_ssz(&ten)?.hash_tree_root()
    /// );
    /// # Ok::<(), peam_ssz_types::DecodeError>(())
    /// ```
    pub struct RuntimeMax<Tag, Cap>(PhantomData<fn() -> (Tag, Cap)>);

    /// Runs `f` with the maximum of every [`RuntimeMax<Tag, _>`] set to
    /// `max` on this thread (then capped by each type's `Cap`), and restores
    /// the one before when `f` returns or unwinds.
    ///
    /// Decoding never leaves the calling thread, with the `parallel`
    /// feature too (it parallelizes roots only), so the maximum bounds
    /// every part of a decode that `f` runs. Work that `f` hands to other
    /// threads itself (`std::thread::spawn`, `rayon::join`) runs without
    /// it, bounded by `Cap` alone: call `with_max` there too. The tests of
    /// `tests/parallel.rs` show both.
    pub fn with_max<Tag: 'static, R>(max: usize, f: impl FnOnce() -> R) -> R {
        struct Restore;
        impl Drop for Restore {
            fn drop(&mut self) {
                SCOPES.with(|s| {
                    s.borrow_mut().pop();
                });
            }
        }
        SCOPES.with(|s| s.borrow_mut().push((TypeId::of::<Tag>(), max)));
        let _restore = Restore;
        f()
    }

    /// The maximum `with_max::<Tag, _>` set on this thread, if any.
    fn scoped<Tag: 'static>() -> Option<usize> {
        let id = TypeId::of::<Tag>();
        SCOPES.with(|s| {
            s.borrow()
                .iter()
                .rev()
                .find(|(tag, _)| *tag == id)
                .map(|&(_, max)| max)
        })
    }

    impl<Tag: 'static, Cap: MaxLen> MaxLen for RuntimeMax<Tag, Cap> {
        #[inline]
        fn max_len() -> usize {
            let cap = Cap::max_len();
            scoped::<Tag>().map_or(cap, |max| max.min(cap))
        }
    }

    impl<Tag: 'static, Cap: MaxLen> Bounded for RuntimeMax<Tag, Cap> {}

    // A marker: the impls hold whatever `Tag` is (a bare `struct Tag;`).
    impl<Tag, Cap> Clone for RuntimeMax<Tag, Cap> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<Tag, Cap> Copy for RuntimeMax<Tag, Cap> {}
    impl<Tag, Cap> Default for RuntimeMax<Tag, Cap> {
        fn default() -> Self {
            RuntimeMax(PhantomData)
        }
    }
    impl<Tag, Cap> fmt::Debug for RuntimeMax<Tag, Cap> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("RuntimeMax")
        }
    }
    impl<Tag, Cap> PartialEq for RuntimeMax<Tag, Cap> {
        fn eq(&self, _: &Self) -> bool {
            true
        }
    }
    impl<Tag, Cap> Eq for RuntimeMax<Tag, Cap> {}
    impl<Tag, Cap> PartialOrd for RuntimeMax<Tag, Cap> {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }
    impl<Tag, Cap> Ord for RuntimeMax<Tag, Cap> {
        fn cmp(&self, _: &Self) -> Ordering {
            Ordering::Equal
        }
    }
    impl<Tag, Cap> Hash for RuntimeMax<Tag, Cap> {
        fn hash<H: Hasher>(&self, _: &mut H) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Prod, U};

    #[test]
    fn every_length_is_a_maximum() {
        assert_eq!(<U<8> as MaxLen>::max_len(), 8);
        assert_eq!(<Prod<U<8>, U<4>> as MaxLen>::max_len(), 32);
        assert_eq!(Unbounded::max_len(), usize::MAX);
        assert_eq!(<Min<U<8>, U<3>>>::max_len(), 3);
        assert_eq!(<Min<Unbounded, U<3>>>::max_len(), 3);
    }

    #[cfg(feature = "std")]
    #[test]
    fn runtime_maxima_nest_per_tag_and_are_capped() {
        struct A;
        struct B;
        type Ra = RuntimeMax<A, U<10>>;
        type Rb = RuntimeMax<B, Unbounded>;
        assert_eq!(Ra::max_len(), 10);
        assert_eq!(Rb::max_len(), usize::MAX);
        with_max::<A, _>(3, || {
            assert_eq!(Ra::max_len(), 3);
            assert_eq!(Rb::max_len(), usize::MAX);
            with_max::<A, _>(50, || assert_eq!(Ra::max_len(), 10));
            with_max::<B, _>(5, || {
                assert_eq!(Ra::max_len(), 3);
                assert_eq!(Rb::max_len(), 5);
            });
            assert_eq!(Ra::max_len(), 3);
        });
        assert_eq!(Ra::max_len(), 10);
        // A panic inside the scope restores the maximum before it (where
        // panics unwind: wasm32-wasip1 aborts).
        #[cfg(panic = "unwind")]
        {
            let caught = std::panic::catch_unwind(|| with_max::<A, _>(1, || panic!("inside")));
            assert!(caught.is_err());
            assert_eq!(Ra::max_len(), 10);
        }
        // Another thread does not see this thread's scope (where there are
        // threads).
        #[cfg(not(target_family = "wasm"))]
        with_max::<A, _>(2, || {
            std::thread::spawn(|| assert_eq!(Ra::max_len(), 10))
                .join()
                .unwrap();
        });
    }
}
