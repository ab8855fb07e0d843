//! Lengths at the type level: [`Length`], [`U`], [`U64`] and the
//! arithmetic of presets ([`Prod`], [`Sum`], [`Quot`]).

/// A length at the type level, so that a container generic over a preset can
/// name its bounds (`List<Validator, P::ValidatorRegistryLimit>`) on stable
/// Rust.
///
/// [`U<N>`] is the length `N`; presets define their own lengths as associated
/// types bounded by `Length`.
pub trait Length:
    'static + Send + Sync + Copy + Default + core::fmt::Debug + Eq + Ord + core::hash::Hash
{
    /// The length as a number, saturated at `usize::MAX` on targets where
    /// it does not fit (a limit of 2^40 on a 32-bit target): as a bound on
    /// the number of elements a value holds, which is a `usize`, the
    /// saturated number is the same bound.
    const USIZE: usize;

    /// The length exactly, on every target. Merkleization takes the depth
    /// of a list's tree from it, so that `List[Validator, 2^40]` has the
    /// root of a depth-40 tree on 32-bit targets too.
    const U64: u64 = Self::USIZE as u64;
}

/// The type-level length `N`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U<const N: usize>;

impl<const N: usize> Length for U<N> {
    const USIZE: usize = N;
}

/// The type-level length `N` given as a `u64`, for limits that do not fit
/// a 32-bit `usize` (the validator registry's 2^40): `U<N>` would not
/// compile there, `U64<N>` does, with [`Length::USIZE`] saturated and
/// [`Length::U64`] exact.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U64<const N: u64>;

impl<const N: u64> Length for U64<N> {
    const USIZE: usize = saturating_usize(N);
    const U64: u64 = N;
}

/// `n` as a `usize`, or `usize::MAX` where it does not fit.
const fn saturating_usize(n: u64) -> usize {
    if n > usize::MAX as u64 {
        usize::MAX
    } else {
        n as usize
    }
}

/// The type-level product of two lengths, for bounds such as
/// `MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Prod<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: Length, B: Length> Length for Prod<A, B> {
    const USIZE: usize = saturating_usize(Self::U64);
    // An overflow of `u64` is a compile-time error.
    const U64: u64 = A::U64 * B::U64;
}

/// The type-level sum of two lengths, for bounds such as
/// `DEPOSIT_CONTRACT_TREE_DEPTH + 1` when a term is a preset value.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sum<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: Length, B: Length> Length for Sum<A, B> {
    const USIZE: usize = saturating_usize(Self::U64);
    // An overflow of `u64` is a compile-time error.
    const U64: u64 = A::U64 + B::U64;
}

/// The type-level quotient of two lengths, rounded down (the spec's `//`),
/// for bounds such as `SYNC_COMMITTEE_SIZE // SYNC_COMMITTEE_SUBNET_COUNT`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quot<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: Length, B: Length> Length for Quot<A, B> {
    const USIZE: usize = saturating_usize(Self::U64);
    // A zero divisor is a compile-time error.
    const U64: u64 = A::U64 / B::U64;
}

#[cfg(test)]
mod length_tests {
    use super::*;

    #[test]
    fn arithmetic_lengths_fold_their_terms() {
        assert_eq!(<Prod<U<3>, U<4>>>::USIZE, 12);
        assert_eq!(<Sum<U<3>, U<4>>>::USIZE, 7);
        assert_eq!(<Quot<U<512>, U<4>>>::USIZE, 128);
        assert_eq!(<Quot<U<7>, U<2>>>::USIZE, 3, "rounded down");
        assert_eq!(<Sum<Prod<U<2>, U<3>>, U<1>>>::U64, 7);
    }

    #[test]
    fn arithmetic_lengths_are_exact_beyond_usize() {
        // 2^40 + 1 and 2^41 / 2: exact as u64 on every target, saturated
        // as usize only where it does not fit.
        type Big = U64<{ 1 << 40 }>;
        assert_eq!(<Sum<Big, U<1>>>::U64, (1 << 40) + 1);
        assert_eq!(<Quot<Prod<Big, U<2>>, U<2>>>::U64, 1 << 40);
        assert_eq!(
            <Sum<Big, U<1>>>::USIZE,
            usize::try_from((1u64 << 40) + 1).unwrap_or(usize::MAX)
        );
    }
}
