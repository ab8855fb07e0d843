//! Typed values from fuzz input: [`Generate`] builds a value of an SSZ type
//! from an [`Unstructured`], for the structure-aware targets.
//!
//! The library crates do not depend on `arbitrary`; this local trait is
//! implemented here for every SSZ type of `peam_ssz_types`, and by the build
//! script for every container of `spec-tests` (field by field).
//!
//! Lengths favour the edges: empty, the limit (when it is small enough to
//! build), one below it, a few, or anything up to a cap that keeps a value
//! cheap to build, encode and hash. When the input runs out, `arbitrary`
//! yields zeros, so a value stays small.

use arbitrary::{Arbitrary, Unstructured};
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Edition, FixedBytes, Length, List, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, TreeHash, Vector, U256,
};

/// A value built from fuzz input.
pub trait Generate: Sized {
    /// Builds a value, consuming input from `u`.
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self>;
}

/// Most elements a generated list of composite elements holds.
const COMPOSITE_CAP: usize = 8;
/// Most elements a generated list of basic elements holds.
const BASIC_CAP: usize = 1024;
/// Most bits a generated bitlist holds.
const BITS_CAP: usize = 4096;

/// A length up to `limit` (and `cap`), favouring the edges.
pub fn length(u: &mut Unstructured<'_>, limit: usize, cap: usize) -> arbitrary::Result<usize> {
    let hi = limit.min(cap);
    Ok(match u.int_in_range(0u8..=7)? {
        0 => 0,
        1 => hi,
        2 => hi.saturating_sub(1),
        3..=5 => u.int_in_range(0..=hi.min(4))?,
        _ => u.int_in_range(0..=hi)?,
    })
}

fn cap_of<T: TreeHash>() -> usize {
    if T::IS_BASIC {
        BASIC_CAP
    } else {
        COMPOSITE_CAP
    }
}

fn elements<T: Generate>(u: &mut Unstructured<'_>, n: usize) -> arbitrary::Result<Vec<T>> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(T::generate(u)?);
    }
    Ok(out)
}

fn bytes(u: &mut Unstructured<'_>, n: usize) -> arbitrary::Result<Vec<u8>> {
    let mut out = vec![0u8; n];
    u.fill_buffer(&mut out)?;
    Ok(out)
}

fn bits(u: &mut Unstructured<'_>, n: usize) -> arbitrary::Result<Vec<bool>> {
    let raw = bytes(u, n.div_ceil(8))?;
    Ok((0..n).map(|i| raw[i / 8] >> (i % 8) & 1 == 1).collect())
}

macro_rules! via_arbitrary {
    ($($t:ty),*) => {$(
        impl Generate for $t {
            fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
                <$t as Arbitrary>::arbitrary(u)
            }
        }
    )*};
}

via_arbitrary!(bool, u8, u16, u32, u64, u128);

impl Generate for U256 {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(U256::from_le_bytes(<[u8; 32]>::arbitrary(u)?))
    }
}

impl<T: Generate, const N: usize> Generate for [T; N] {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        elements(u, N)?
            .try_into()
            .map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<const N: usize> Generate for FixedBytes<N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let mut out = [0u8; N];
        u.fill_buffer(&mut out)?;
        Ok(FixedBytes::new(out))
    }
}

impl<T: Generate + TreeHash, N: Length> Generate for List<T, N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, N::USIZE, cap_of::<T>())?;
        List::try_from_vec(elements(u, n)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<T: Generate, N: Length> Generate for Vector<T, N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Vector::try_from_vec(elements(u, N::USIZE)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<T: Generate + TreeHash, E: Edition> Generate for ProgressiveList<T, E> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, usize::MAX, cap_of::<T>())?;
        Ok(ProgressiveList::from(elements(u, n)?))
    }
}

impl<N: Length> Generate for ByteList<N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, N::USIZE, BASIC_CAP)?;
        ByteList::try_from_vec(bytes(u, n)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<N: Length> Generate for ByteVector<N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        ByteVector::try_from_vec(bytes(u, N::USIZE)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<E: Edition> Generate for ProgressiveByteList<E> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, usize::MAX, BASIC_CAP)?;
        Ok(ProgressiveByteList::from(bytes(u, n)?))
    }
}

impl<N: Length> Generate for Bitlist<N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, N::USIZE, BITS_CAP)?;
        Bitlist::from_bools(&bits(u, n)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<N: Length> Generate for Bitvector<N> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Bitvector::from_bools(&bits(u, N::USIZE)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl<E: Edition> Generate for ProgressiveBitlist<E> {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let n = length(u, usize::MAX, BITS_CAP)?;
        Ok(ProgressiveBitlist::from_bools(&bits(u, n)?))
    }
}

/// A typed value as an [`Arbitrary`] input, for `fuzz_target!(|v: Value<T>| ...)`.
#[derive(Debug)]
pub struct Value<T>(pub T);

impl<'a, T: Generate> Arbitrary<'a> for Value<T> {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        T::generate(u).map(Value)
    }
}
