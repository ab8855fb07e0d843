//! `Vector[T, N]`: exactly `N` elements, on the heap.

use crate::bound::check_vector_len;
use crate::seq::{Kind, Sealed, Seq, VectorKind};
use crate::view::{elements_node_ssz, elements_root_ssz, TreeHashView};
use crate::{
    DecodeError, DecodeErrorKind, Gindex, Length, LengthError, ProofError, Root, Ssz, TreeHash,
};
use alloc::{vec, vec::Vec};
use peam_ssz_core::path::{Layout, TreeLayout};

/// `Vector[T, N]`: exactly `N::USIZE` elements, in a `Vec`.
///
/// For short vectors whose length is a constant, an array `[T; N]` is the
/// same SSZ type and lives inline; `Vector` is for long vectors and for
/// lengths that come from a preset (`Vector<Root, P::SlotsPerHistoricalRoot>`).
///
/// `Vector[T, 0]` is an illegal SSZ type: building one through
/// [`TryFrom`] fails, decoding one fails, and [`Default`], [`Vector::from_elem`]
/// and [`Vector::from_fn`] do not compile for it.
///
/// ```
/// use peam_ssz_types::{Ssz, Vector, U};
///
/// let mut v = Vector::<u8, U<3>>::try_from(vec![1, 2, 3])?;
/// v[0] = 7;
/// assert_eq!(v.to_ssz(), [7, 2, 3]);
/// assert!(Vector::<u8, U<3>>::try_from(vec![1, 2]).is_err());
/// assert_eq!(Vector::<u8, U<3>>::default().as_slice(), [0, 0, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Vector<T, N> = Seq<T, VectorKind<N>>;

impl<N> Sealed for VectorKind<N> {}

impl<N: Length> Kind for VectorKind<N> {
    const LENGTH: Option<usize> = Some(N::USIZE);
    type Error = LengthError;

    #[inline]
    fn check_len(len: usize, _: ()) -> Result<(), LengthError> {
        check_vector_len(len, N::USIZE)
    }

    #[inline]
    fn limit() -> usize {
        N::USIZE
    }

    #[inline]
    fn check_head<T: Ssz>(len: usize, _head: &[u8]) -> Result<(), DecodeError> {
        check_vector_bytes::<T, N>(len)
    }

    /// `merkleize(leaves)`, the leaves filling the tree's width exactly.
    #[inline]
    fn root<T: TreeHash>(values: &[T], _: ()) -> Root {
        crate::codec::vector_root(values)
    }

    fn node<T: TreeHash>(values: &[T], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        crate::codec::vector_node(values, gindex)
    }

    #[inline]
    fn root_ssz<T: TreeHashView>(bytes: &[u8], _: ()) -> Root {
        elements_root_ssz::<T>(bytes, N::U64)
    }

    fn node_ssz<T: TreeHashView>(bytes: &[u8], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        elements_node_ssz::<T>(bytes, N::U64, gindex)
    }
}

impl<T, N: Length> Vector<T, N> {
    /// Stops the compilation of the constructors that cannot fail for an
    /// illegal `Vector[T, 0]`.
    const NOT_EMPTY: () = assert!(N::USIZE > 0, "Vector[T, 0] is an illegal SSZ type");

    /// The vector of the elements `iter` yields, if it yields exactly `N`:
    /// `collect` with a length check. It draws at most `N + 1` elements:
    /// past the length it stops, and the error's `len` is `N + 1`.
    ///
    /// ```
    /// use peam_ssz_types::{LengthError, Vector, U};
    ///
    /// let v = Vector::<u8, U<3>>::try_from_iter([7, 8, 9])?;
    /// assert_eq!(v.as_slice(), [7, 8, 9]);
    /// assert_eq!(
    ///     Vector::<u8, U<3>>::try_from_iter([7, 8]),
    ///     Err(LengthError { len: 2, expected: 3 })
    /// );
    /// # Ok::<(), LengthError>(())
    /// ```
    pub fn try_from_iter(iter: impl IntoIterator<Item = T>) -> Result<Self, LengthError> {
        let mut inner = Vec::with_capacity(N::USIZE);
        for value in iter {
            if inner.len() == N::USIZE {
                return Err(LengthError {
                    len: N::USIZE.saturating_add(1),
                    expected: N::USIZE,
                });
            }
            inner.push(value);
        }
        Vector::try_from_vec(inner)
    }

    /// `N` clones of `value`.
    pub fn from_elem(value: T) -> Self
    where
        T: Clone,
    {
        let () = Self::NOT_EMPTY;
        Seq::from_vec_unchecked(vec![value; N::USIZE])
    }

    /// The vector whose element `i` is `f(i)`.
    pub fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        let () = Self::NOT_EMPTY;
        Seq::from_vec_unchecked((0..N::USIZE).map(f).collect())
    }

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }
}

/// `N` default elements (`[default(type)] * N`).
impl<T: Default, N: Length> Default for Vector<T, N> {
    fn default() -> Self {
        Vector::from_fn(|_| T::default())
    }
}

impl<T, N: Length> TryFrom<Vec<T>> for Vector<T, N> {
    type Error = LengthError;

    #[inline]
    fn try_from(vec: Vec<T>) -> Result<Self, LengthError> {
        Vector::try_from_vec(vec)
    }
}

impl<T: Clone, N: Length> TryFrom<&[T]> for Vector<T, N> {
    type Error = LengthError;

    #[inline]
    fn try_from(slice: &[T]) -> Result<Self, LengthError> {
        Vector::try_from_slice(slice)
    }
}

/// What a vector's input must be before its elements are read: the type is
/// legal (`N > 0`), and fixed-size elements fill exactly `N` slots.
pub(crate) fn check_vector_bytes<T: Ssz, N: Length>(len: usize) -> Result<(), DecodeError> {
    if N::USIZE == 0 {
        return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
    }
    let fixed_len = <Vector<T, N> as Ssz>::FIXED_PART_LEN;
    if T::IS_FIXED_SIZE && len != fixed_len {
        return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
            expected: fixed_len,
            got: len,
        }));
    }
    Ok(())
}

impl<T: TreeLayout, N: Length> TreeLayout for Vector<T, N> {
    const LAYOUT: &'static Layout = &Layout::Vector {
        elem: T::LAYOUT,
        length: N::U64,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{List, U};

    #[test]
    fn try_from_iter_needs_exactly_n() {
        assert_eq!(
            Vector::<u8, U<2>>::try_from_iter([1, 2])
                .unwrap()
                .as_slice(),
            [1, 2]
        );
        assert_eq!(
            Vector::<u8, U<2>>::try_from_iter([1]),
            Err(LengthError {
                len: 1,
                expected: 2
            })
        );
        assert_eq!(
            Vector::<u8, U<2>>::try_from_iter(0..),
            Err(LengthError {
                len: 3,
                expected: 2
            })
        );
        assert!(Vector::<u8, U<0>>::try_from_iter(core::iter::empty()).is_err());
    }

    #[test]
    fn a_zero_length_vector_is_a_typed_error() {
        let kind = |r: Result<Vector<u8, U<0>>, DecodeError>| *r.unwrap_err().kind();
        assert_eq!(
            kind(Vector::from_ssz(&[])),
            DecodeErrorKind::ZeroLengthVector
        );
        assert_eq!(
            *crate::ByteVector::<U<0>>::from_ssz(&[]).unwrap_err().kind(),
            DecodeErrorKind::ZeroLengthVector
        );
        assert_eq!(
            *crate::Bitvector::<U<0>>::from_ssz(&[]).unwrap_err().kind(),
            DecodeErrorKind::ZeroLengthVector
        );
        assert_eq!(
            *<[u8; 0]>::from_ssz(&[]).unwrap_err().kind(),
            DecodeErrorKind::ZeroLengthVector
        );
        assert_eq!(
            *crate::FixedBytes::<0>::from_ssz(&[]).unwrap_err().kind(),
            DecodeErrorKind::ZeroLengthVector
        );
        assert_eq!(
            *crate::PersistentVector::<u8, U<0>>::from_ssz(&[])
                .unwrap_err()
                .kind(),
            DecodeErrorKind::ZeroLengthVector
        );
    }

    #[test]
    fn construction_checks_the_length() {
        assert_eq!(
            Vector::<u8, U<3>>::try_from(vec![1, 2]),
            Err(LengthError {
                len: 2,
                expected: 3
            })
        );
        assert!(Vector::<u8, U<3>>::try_from(vec![1, 2, 3, 4]).is_err());
        assert!(Vector::<u8, U<0>>::try_from(vec![]).is_err());
        assert!(Vector::<u8, U<0>>::try_from(&[][..]).is_err());
        assert_eq!(
            LengthError {
                len: 0,
                expected: 0
            }
            .to_string(),
            "vectors of length 0 are illegal SSZ types"
        );
        let v = Vector::<u8, U<2>>::try_from(&[4u8, 5][..]).unwrap();
        assert_eq!(Vector::<u8, U<2>>::vector_len(), 2);
        assert_eq!(v.as_slice(), [4, 5]);
        assert_eq!(Vector::<u8, U<2>>::from_elem(9).as_slice(), [9, 9]);
        assert_eq!(
            Vector::<usize, U<3>>::from_fn(|i| i * 2).as_slice(),
            [0, 2, 4]
        );
        assert_eq!(format!("{v:?}"), "[4, 5]");
        let mut v = v;
        for x in &mut v {
            *x += 1;
        }
        v.as_mut_slice()[0] = 0;
        assert_eq!((&v).into_iter().copied().collect::<Vec<_>>(), [0, 6]);
        let back: Vec<u8> = v.clone().into();
        assert_eq!(back, v.into_vec());
    }

    #[test]
    fn fixed_elements() {
        let v = Vector::<u32, U<2>>::try_from(vec![1, 0x0a0b0c0d]).unwrap();
        assert_eq!(<Vector<u32, U<2>> as Ssz>::FIXED_PART_LEN, 8);
        assert_eq!(v.to_ssz(), [1, 0, 0, 0, 0x0d, 0x0c, 0x0b, 0x0a]);
        assert_eq!(Vector::<u32, U<2>>::from_ssz(&v.to_ssz()).unwrap(), v);
        let err = Vector::<u32, U<2>>::from_ssz(&[0; 12]).unwrap_err();
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::InvalidLength {
                expected: 8,
                got: 12
            }
        );
        let err = Vector::<bool, U<2>>::from_ssz(&[1, 2]).unwrap_err();
        assert_eq!(err.to_string(), "at [1]: invalid boolean byte 0x02");
        assert!(Vector::<u8, U<0>>::from_ssz(&[]).is_err());
        assert!(Vector::<List<u8, U<1>>, U<0>>::from_ssz(&[]).is_err());
    }

    #[test]
    fn variable_elements() {
        type Inner = List<u8, U<2>>;
        let v = Vector::<Inner, U<2>>::try_from(vec![
            Inner::try_from(vec![1]).unwrap(),
            Inner::try_from(vec![2, 3]).unwrap(),
        ])
        .unwrap();
        const { assert!(!<Vector<Inner, U<2>> as Ssz>::IS_FIXED_SIZE) };
        let bytes = [8, 0, 0, 0, 9, 0, 0, 0, 1, 2, 3];
        assert_eq!(v.to_ssz(), bytes);
        assert_eq!(Vector::<Inner, U<2>>::from_ssz(&bytes).unwrap(), v);
        // One element where two are expected.
        let err = Vector::<Inner, U<2>>::from_ssz(&[4, 0, 0, 0, 1]).unwrap_err();
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 2,
                got: 1
            }
        );
        let err = Vector::<Inner, U<2>>::from_ssz(&[]).unwrap_err();
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 2,
                got: 0
            }
        );
    }

    #[test]
    fn default_is_n_defaults() {
        let v = Vector::<u64, U<4>>::default();
        assert_eq!(v.as_slice(), [0; 4]);
        assert_eq!(v.to_ssz(), [0; 32]);
    }
}
