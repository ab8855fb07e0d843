//! `ExactList<T, N, L>`: a `List[T, L]` whose values all hold exactly `N`
//! elements.

use crate::seq::{ExactKind, Kind, ListKind, Sealed, Seq};
use crate::view::{element_count, SszView, TreeHashView};
use crate::{DecodeError, DecodeErrorKind, Gindex, Length, LengthError, List, ProofError, Root};
use crate::{Ssz, TreeHash};
use alloc::vec::Vec;
use peam_ssz_core::path::{Layout, TreeLayout};

/// `List[T, L]` pinned to exactly `N` elements: the SSZ type, the
/// encoding and the root are those of the list (the Merkle limit is `L`,
/// and the length is mixed in), but every value holds `N` elements, so
/// every value of a fixed-size `T` encodes to the same length
/// ([`Ssz::EXACT_LEN`]).
///
/// Construction refuses another count ([`LengthError`]) and decoding
/// refuses it as [`DecodeErrorKind::WrongElementCount`]. A container made
/// of such lists and fixed-size fields has an exact length too, which is
/// what lets `#[ssz(fixed_len = ...)]` hold it inline in its parents (the
/// XMSS signature of Lean consensus, whose `path.siblings` has exactly
/// `LOG_LIFETIME` entries and `hashes` exactly `DIMENSION`, under a limit
/// of `NODE_LIST_LIMIT`).
///
/// ```
/// use peam_ssz_types::{ExactList, List, Ssz, TreeHash, U};
///
/// type Hashes = ExactList<u32, U<3>, U<32>>;
///
/// let hashes = Hashes::try_from(vec![1, 2, 3])?;
/// let list = List::<u32, U<32>>::try_from(vec![1, 2, 3])?;
/// assert_eq!(hashes.to_ssz(), list.to_ssz());
/// assert_eq!(hashes.hash_tree_root(), list.hash_tree_root());
/// assert_eq!(Hashes::EXACT_LEN, Some(12));
///
/// assert!(Hashes::try_from(vec![1, 2]).is_err());
/// let err = Hashes::from_ssz(&[1, 0, 0, 0, 2, 0, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "expected 3 elements, got 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ExactList<T, N, L> = Seq<T, ExactKind<N, L>>;

impl<N, L> Sealed for ExactKind<N, L> {}

impl<N: Length, L: Length> ExactKind<N, L> {
    /// The pinned length fits the limit; evaluated by every constructor
    /// and by decoding, so that `ExactList<T, U<33>, U<32>>` does not
    /// build.
    const FITS: () = assert!(
        N::U64 <= L::U64,
        "ExactList<T, N, L>: the pinned length N exceeds the limit L"
    );

    /// Refuses `got` elements other than `N`.
    #[inline]
    fn check_exact(got: usize) -> Result<(), DecodeError> {
        if got != N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                expected: N::USIZE,
                got,
            }));
        }
        Ok(())
    }

    /// Refuses a count of fixed-size values other than `N` from the
    /// input's length `len`, before the list's checks (an input whose count
    /// cannot be read that way passes).
    #[inline]
    fn check_fixed_count<T: Ssz>(len: usize) -> Result<(), DecodeError> {
        if T::IS_FIXED_SIZE && T::FIXED_PART_LEN > 0 && len.is_multiple_of(T::FIXED_PART_LEN) {
            return Self::check_exact(len / T::FIXED_PART_LEN);
        }
        Ok(())
    }
}

/// The list `List[T, L]` ([`ListKind<L, L>`]) for the bytes and the root;
/// exactly `N` elements for the constructors and decoding.
impl<N: Length, L: Length> Kind for ExactKind<N, L> {
    const LENGTH: Option<usize> = None;
    const COUNT: Option<usize> = Some(N::USIZE);
    type Error = LengthError;

    #[inline]
    fn check_len(len: usize, _: ()) -> Result<(), LengthError> {
        let () = Self::FITS;
        if len != N::USIZE {
            return Err(LengthError {
                len,
                expected: N::USIZE,
            });
        }
        Ok(())
    }

    /// The limit `L` of the list it is.
    #[inline]
    fn limit() -> usize {
        L::USIZE
    }

    /// The count of fixed-size values, from the length, before anything
    /// is decoded or read; then the list's checks.
    #[inline]
    fn check_head<T: Ssz>(len: usize, head: &[u8]) -> Result<(), DecodeError> {
        let () = Self::FITS;
        Self::check_fixed_count::<T>(len)?;
        ListKind::<L, L>::check_head::<T>(len, head)
    }

    /// The list's decoding, and the count checked: for fixed-size values,
    /// before anything is decoded.
    fn decode<T: Ssz>(bytes: &[u8]) -> Result<Vec<T>, DecodeError> {
        Self::check_head::<T>(bytes.len(), bytes)?;
        let values = crate::codec::decode_elements(bytes, None, L::USIZE)?;
        Self::check_exact(values.len())?;
        Ok(values)
    }

    /// As [`Kind::decode`]: the count of fixed-size values checked before
    /// anything is read, then the list read as it arrives.
    fn read_from<T: Ssz, S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Vec<T>, crate::stream::StreamError<S::Error>> {
        let values =
            crate::stream::read_elements(source, len, None, L::USIZE, Self::check_head::<T>)?;
        Self::check_exact(values.len())?;
        Ok(values)
    }

    /// The root of `List[T, L]`.
    #[inline]
    fn root<T: TreeHash>(values: &[T], _: ()) -> Root {
        ListKind::<L, L>::root(values, ())
    }

    fn node<T: TreeHash>(values: &[T], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        ListKind::<L, L>::node(values, (), gindex)
    }

    /// As [`decode`](Kind::decode) checks it, the count read from the
    /// validated bytes.
    fn validate<T: SszView>(bytes: &[u8]) -> Result<(), DecodeError> {
        let () = Self::FITS;
        Self::check_fixed_count::<T>(bytes.len())?;
        ListKind::<L, L>::validate::<T>(bytes)?;
        Self::check_exact(element_count::<T>(bytes))
    }

    /// The root of `List[T, L]`.
    #[inline]
    fn root_ssz<T: TreeHashView>(bytes: &[u8], _: ()) -> Root {
        ListKind::<L, L>::root_ssz::<T>(bytes, ())
    }

    fn node_ssz<T: TreeHashView>(bytes: &[u8], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        ListKind::<L, L>::node_ssz::<T>(bytes, (), gindex)
    }
}

impl<T, N: Length, L: Length> ExactList<T, N, L> {
    /// The pinned length `N`.
    #[inline]
    pub const fn len_pinned() -> usize {
        N::USIZE
    }

    /// The value as the list it is in SSZ.
    #[inline]
    pub fn as_list(&self) -> &List<T, L> {
        self.as_kind()
    }

    /// The list it is in SSZ.
    #[inline]
    pub fn into_list(self) -> List<T, L> {
        Seq::from_vec_unchecked(self.into_vec())
    }
}

impl<T: Default, N: Length, L: Length> Default for ExactList<T, N, L> {
    /// `N` default elements.
    fn default() -> Self {
        let vec = core::iter::repeat_with(T::default).take(N::USIZE).collect();
        match Self::try_from_vec(vec) {
            Ok(list) => list,
            // `N` elements, and `N <= L` is checked at compile time.
            Err(_) => unreachable!("N default elements make an ExactList"),
        }
    }
}

impl<T, N: Length, L: Length> TryFrom<Vec<T>> for ExactList<T, N, L> {
    type Error = LengthError;

    #[inline]
    fn try_from(vec: Vec<T>) -> Result<Self, LengthError> {
        Self::try_from_vec(vec)
    }
}

impl<T: TreeLayout, N: Length, L: Length> TreeLayout for ExactList<T, N, L> {
    const LAYOUT: &'static Layout = <List<T, L> as TreeLayout>::LAYOUT;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::U;

    type Three = ExactList<u16, U<3>, U<8>>;

    #[test]
    fn the_count_is_pinned() {
        assert!(Three::try_from(vec![1, 2, 3]).is_ok());
        assert_eq!(
            Three::try_from(vec![1, 2]),
            Err(LengthError {
                len: 2,
                expected: 3
            })
        );
        assert_eq!(Three::default().as_slice(), [0, 0, 0]);
        assert_eq!(Three::EXACT_LEN, Some(6));
        assert_eq!(
            <ExactList<List<u8, U<2>>, U<2>, U<4>> as Ssz>::EXACT_LEN,
            None
        );
        assert_eq!(
            <ExactList<Three, U<2>, U<4>> as Ssz>::EXACT_LEN,
            Some(2 * (4 + 6))
        );
    }

    #[test]
    fn decoding_refuses_another_count() {
        let l = Three::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(Three::from_ssz(&l.to_ssz()), Ok(l.clone()));
        for bytes in [&[][..], &[1, 0, 2, 0], &[1, 0, 2, 0, 3, 0, 4, 0]] {
            assert_eq!(
                *Three::from_ssz(bytes).unwrap_err().kind(),
                DecodeErrorKind::WrongElementCount {
                    expected: 3,
                    got: bytes.len() / 2
                }
            );
        }
        // Past the limit: the count is refused first, as for any count.
        assert_eq!(
            *Three::from_ssz(&[0; 18]).unwrap_err().kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 3,
                got: 9
            }
        );
        // An odd length is the list's own error.
        assert_eq!(
            *Three::from_ssz(&[0; 5]).unwrap_err().kind(),
            DecodeErrorKind::NotMultipleOfElement { len: 5, element: 2 }
        );
        // Variable-size elements: the count after decoding the list.
        type Nested = ExactList<List<u8, U<2>>, U<2>, U<4>>;
        let one = [4, 0, 0, 0, 7];
        assert_eq!(
            *Nested::from_ssz(&one).unwrap_err().kind(),
            DecodeErrorKind::WrongElementCount {
                expected: 2,
                got: 1
            }
        );
    }

    #[cfg(feature = "arbitrary")]
    #[test]
    fn arbitrary_values_hold_exactly_n() {
        use arbitrary::{Arbitrary, Unstructured};
        let mut u = Unstructured::new(&[7; 64]);
        assert_eq!(Three::arbitrary(&mut u).unwrap().as_slice(), [0x707; 3]);
        assert_eq!(Three::size_hint(0), (6, Some(6)));
    }

    #[test]
    fn the_root_is_the_lists() {
        let l = Three::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(l.hash_tree_root(), l.as_list().hash_tree_root());
        assert_eq!(<Three as TreeLayout>::LAYOUT, <List<u16, U<8>>>::LAYOUT);
    }
}
