//! `arbitrary::Arbitrary` for every type of this crate (feature
//! `arbitrary`): values built from fuzz input that are always valid for
//! their type, so that a client fuzzing its own code never spends input on
//! values its decoder would reject.
//!
//! - Lists ([`List`], [`ByteList`], [`Bitlist`], [`RuntimeList`],
//!   [`PersistentList`]) hold at most their limit. Their length is drawn as
//!   `arbitrary`'s own `Vec` draws it: from the bytes left in the input
//!   (`Unstructured::arbitrary_len`), then capped at the limit. A limit of
//!   2^40 therefore allocates in proportion to the input, never to the
//!   limit.
//! - Vectors ([`Vector`], [`ByteVector`], [`Bitvector`],
//!   [`PersistentVector`], [`FixedBytes`]) hold exactly their length; past
//!   the end of the input their elements are zeros, as `arbitrary`'s are. A
//!   vector whose elements would take more than the input's length or
//!   [`VECTOR_MEMORY_FLOOR`] bytes, whichever is larger, is not built
//!   (`Error::NotEnoughData`), so that `Vector[T, 2^40]` fails instead of
//!   exhausting memory. The illegal `Vector[T, 0]` and `Bitvector[0]` are
//!   never built (`Error::IncorrectFormat`).
//! - Bitfields have the bits past their length clear, as their encoding
//!   requires (simple-serialize.md, "Bitvector\[N\]" and "Bitlist\[N\]").
//! - A [`RuntimeList`]'s bound is drawn in `len..=Max`, so both the bound
//!   and the length are valid; [`RuntimeList::arbitrary_with_bound`] draws
//!   a list for a bound the caller knows (the fork's configuration).
//! - The progressive types (with [`PersistentProgressiveList`]) have no limit: their length is drawn as a
//!   `Vec`'s, then capped at their maximum ([`MaxLen`]);
//!   a [`List`] with a maximum is capped at the smaller of the two.
//!
//! `Option<T>`, `Arc<T>`, `Box<T>` and arrays have `arbitrary`'s own impls.
//! With the `alloy` feature, alloy-primitives' types use its `arbitrary`
//! feature, which this one turns on.
//!
//! A container derives it: `#[derive(arbitrary::Arbitrary)]` next to
//! `#[derive(Ssz, TreeHash)]`. The derive bounds every type parameter by
//! `Arbitrary`; a container generic over a preset marker needs
//! `#[arbitrary(bound = "...")]` naming only what its fields need.

use alloc::vec::Vec;
use core::mem::size_of;

use ::arbitrary::size_hint;
use ::arbitrary::{Arbitrary, Error, MaxRecursionReached, Result, Unstructured};

use crate::seq::{Kind, Seq};
#[cfg(doc)]
use crate::{
    Bitlist, ByteList, ByteVector, ExactList, List, MaxLen, PersistentList,
    PersistentProgressiveList, PersistentVector, ProgressiveList, Vector,
};
use crate::{Bitvector, Cached, FixedBytes, Length, RuntimeList, U256};

/// The memory, in bytes, that a generated vector may take whatever the
/// input's length: enough for a mainnet `BeaconState`'s largest vector
/// (`randao_mixes`, 65536 roots, 2 MiB) many times over.
pub const VECTOR_MEMORY_FLOOR: usize = 16 << 20;

/// The hint of `n` values whose hint is `elem`.
fn repeat_hint(elem: (usize, Option<usize>), n: usize) -> (usize, Option<usize>) {
    (
        elem.0.saturating_mul(n),
        elem.1.and_then(|hi| hi.checked_mul(n)),
    )
}

/// The hint of a list of at most `max` values whose hint is `elem`: no
/// lower bound (an exhausted input gives an empty list), and at most the
/// elements plus the 8 bytes `arbitrary_len` reads.
pub(crate) fn list_hint(elem: (usize, Option<usize>), max: usize) -> (usize, Option<usize>) {
    let (_, hi) = repeat_hint(elem, max);
    (0, hi.and_then(|hi| hi.checked_add(8)))
}

/// The length of a list of `T` with the limit `max`, capped by the input.
pub(crate) fn list_len<'a, T: Arbitrary<'a>>(
    u: &mut Unstructured<'a>,
    max: usize,
) -> Result<usize> {
    Ok(u.arbitrary_len::<T>()?.min(max))
}

/// `n` values of `T`.
pub(crate) fn elements<'a, T: Arbitrary<'a>>(u: &mut Unstructured<'a>, n: usize) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(T::arbitrary(u)?);
    }
    Ok(out)
}

/// The `n` elements of a vector of `T`, or `NotEnoughData` if they would
/// take more memory than the input justifies (see the module docs).
fn vector_elements<'a, T: Arbitrary<'a>>(u: &mut Unstructured<'a>, n: usize) -> Result<Vec<T>> {
    let memory = n.saturating_mul(size_of::<T>().max(1));
    if memory > u.len().max(VECTOR_MEMORY_FLOOR) {
        return Err(Error::NotEnoughData);
    }
    elements(u, n)
}

/// `n` bytes from the input (zeros past its end).
pub(crate) fn bytes(u: &mut Unstructured<'_>, n: usize) -> Result<Vec<u8>> {
    let mut out = alloc::vec![0u8; n];
    u.fill_buffer(&mut out)?;
    Ok(out)
}

/// A bit length up to `max`, capped at 8 bits per byte left in the input.
pub(crate) fn bit_len(u: &mut Unstructured<'_>, max: usize) -> Result<usize> {
    let available = u.len().saturating_mul(8).min(max);
    u.int_in_range(0..=available)
}

/// `len` bits packed as their encoding packs them (bit `i` in byte `i / 8`
/// at position `i % 8`), the bits past `len` clear.
pub(crate) fn packed_bits(u: &mut Unstructured<'_>, len: usize) -> Result<Vec<u8>> {
    let mut out = bytes(u, len.div_ceil(8))?;
    if !len.is_multiple_of(8) {
        if let Some(last) = out.last_mut() {
            *last &= (1u8 << (len % 8)) - 1;
        }
    }
    Ok(out)
}

fn hint_of<'a, T: Arbitrary<'a>>(
    depth: usize,
) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
    size_hint::try_recursion_guard(depth, T::try_size_hint)
}

/// `try_size_hint` of a list of `T` with the limit `max`.
pub(crate) fn try_list_size_hint<'a, T: Arbitrary<'a>>(
    depth: usize,
    max: usize,
) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
    Ok(list_hint(hint_of::<T>(depth)?, max))
}

/// `try_size_hint` of a vector of `n` values of `T`.
pub(crate) fn try_vector_size_hint<'a, T: Arbitrary<'a>>(
    depth: usize,
    n: usize,
) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
    Ok(repeat_hint(hint_of::<T>(depth)?, n))
}

/// The elements of a list of `T` with the limit `max`, its length drawn by
/// [`list_len`].
pub(crate) fn list_elements<'a, T: Arbitrary<'a>>(
    u: &mut Unstructured<'a>,
    max: usize,
) -> Result<Vec<T>> {
    let len = list_len::<T>(u, max)?;
    elements(u, len)
}

/// The bytes of a byte list with the limit `max`, its length drawn by
/// [`list_len`].
pub(crate) fn list_bytes(u: &mut Unstructured<'_>, max: usize) -> Result<Vec<u8>> {
    let len = list_len::<u8>(u, max)?;
    bytes(u, len)
}

/// [`List`], [`Vector`], [`ProgressiveList`] and [`ExactList`]: the
/// elements of a count the type fixes as a vector's, a list's length drawn
/// as a `Vec`'s and capped at its maximum (see the module docs).
impl<'a, T: Arbitrary<'a>, K: Kind> Arbitrary<'a> for Seq<T, K> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let values = match K::COUNT {
            Some(count) => vector_elements(u, count)?,
            None => list_elements(u, K::maximum(()))?,
        };
        Self::try_from_vec(values).map_err(|_| Error::IncorrectFormat)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Self::try_size_hint(depth).unwrap_or_default()
    }

    // By the count or the limit: a maximum may be read at run time.
    fn try_size_hint(
        depth: usize,
    ) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
        match (K::COUNT, K::LIMIT) {
            (Some(count), _) => try_vector_size_hint::<T>(depth, count),
            (None, Some(limit)) => try_list_size_hint::<T>(depth, limit),
            (None, None) => Ok((0, None)),
        }
    }
}

impl<'a, T: Arbitrary<'a>, Max: Length> Arbitrary<'a> for RuntimeList<T, Max> {
    /// A list and its bound: the length as a [`List`]'s with the limit
    /// `Max`, the bound in `len..=Max`.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let len = list_len::<T>(u, Max::USIZE)?;
        let values = elements(u, len)?;
        let max_len = u.int_in_range(len..=Max::USIZE)?;
        RuntimeList::try_from_vec(values, max_len).map_err(|_| Error::IncorrectFormat)
    }

    // The list, then the bound (an integer up to 8 bytes).
    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Self::try_size_hint(depth).unwrap_or_default()
    }

    fn try_size_hint(
        depth: usize,
    ) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
        Ok(size_hint::and(
            try_list_size_hint::<T>(depth, Max::USIZE)?,
            (0, Some(size_of::<usize>())),
        ))
    }
}

impl<'a, T: Arbitrary<'a>, Max: Length> RuntimeList<T, Max> {
    /// A list valid for the bound `max_len` known at run time (the fork's
    /// configuration), with that bound: its length is drawn as
    /// [`Arbitrary`] draws it, capped at `max_len`. Fails with
    /// `Error::IncorrectFormat` if `max_len` is over `Max`.
    ///
    /// For a container's field: `#[arbitrary(with = ...)]` with a function
    /// that calls this.
    ///
    /// ```
    /// use arbitrary::Unstructured;
    /// use peam_ssz_types::{Bytes48, RuntimeList, U};
    ///
    /// let mut u = Unstructured::new(&[0xff; 1024]);
    /// let commitments = RuntimeList::<Bytes48, U<4096>>::arbitrary_with_bound(&mut u, 9)?;
    /// assert_eq!(commitments.max_len(), 9);
    /// assert!(commitments.len() <= 9);
    /// # Ok::<(), arbitrary::Error>(())
    /// ```
    pub fn arbitrary_with_bound(u: &mut Unstructured<'a>, max_len: usize) -> Result<Self> {
        if max_len > Max::USIZE {
            return Err(Error::IncorrectFormat);
        }
        let len = list_len::<T>(u, max_len)?;
        RuntimeList::try_from_vec(elements(u, len)?, max_len).map_err(|_| Error::IncorrectFormat)
    }
}

impl<'a, const N: usize> Arbitrary<'a> for FixedBytes<N> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut out = [0u8; N];
        u.fill_buffer(&mut out)?;
        Ok(FixedBytes(out))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (N, Some(N))
    }
}

impl<'a, N: Length> Arbitrary<'a> for Bitvector<N> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        if N::USIZE / 8 > u.len().max(VECTOR_MEMORY_FLOOR) {
            return Err(Error::NotEnoughData);
        }
        Bitvector::from_raw_bytes(packed_bits(u, N::USIZE)?).map_err(|_| Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        let n = N::USIZE.div_ceil(8);
        (n, Some(n))
    }
}

impl<'a> Arbitrary<'a> for U256 {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(U256::from_le_bytes(<[u8; 32]>::arbitrary(u)?))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (32, Some(32))
    }
}

impl<'a, T: Arbitrary<'a>> Arbitrary<'a> for Cached<T> {
    /// The value, with no root stored yet.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        T::arbitrary(u).map(Cached::new)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Self::try_size_hint(depth).unwrap_or_default()
    }

    fn try_size_hint(
        depth: usize,
    ) -> core::result::Result<(usize, Option<usize>), MaxRecursionReached> {
        hint_of::<T>(depth)
    }
}
