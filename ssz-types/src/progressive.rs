//! EIP-7916 `ProgressiveList[T]`: unbounded, merkleized in subtrees of 1,
//! 4, 16, ... leaves so that a root stays stable as the list grows.
//! (`ProgressiveBitlist` is with the other bitfields, `ProgressiveByteList`
//! with the byte strings.)

use crate::bound::{check_count, Bounded, MaxLen, Unbounded};
use crate::edition::{Current, Edition};
use crate::merkle::mix_in_length;
use crate::seq::{Kind, ProgressiveKind, Sealed, Seq, Variable};
use crate::view::{
    element_count, progressive_elements_root_ssz, progressive_list_node_ssz, TreeHashView,
};
use crate::{BoundError, Gindex, ProofError, Root, TreeHash};
use alloc::vec::Vec;
use peam_ssz_core::path::{Layout, TreeLayout};

/// `ProgressiveList[T]` (EIP-7916): any number of elements, in a `Vec`.
///
/// Encoded like a `List`; merkleized with `merkleize_progressive`
/// (ssz/simple-serialize.md v1.6.1, "Merkleization").
///
/// ```
/// use peam_ssz_types::{ProgressiveList, Ssz};
///
/// let list: ProgressiveList<u32> = vec![1, 2].into();
/// assert_eq!(list.to_ssz(), [1, 0, 0, 0, 2, 0, 0, 0]);
/// assert_eq!(ProgressiveList::<u32>::from_ssz(&list.to_ssz())?, list);
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// `E` is the [`Edition`] whose progressive merkleization the root follows:
/// [`Current`] (v1.7.0-alpha.13) unless named, or
/// [`V1_6`](crate::edition::V1_6) for the v1.6.1 roots. Encoding, decoding
/// and serde do not depend on it.
///
/// ```
/// use peam_ssz_types::{ProgressiveList, TreeHash, V1_6, V1_7};
///
/// let current: ProgressiveList<u64> = vec![1, 2, 3, 4, 5].into();
/// let v1_6: ProgressiveList<u64, V1_6> = current.clone().into_edition();
/// assert_eq!(current, ProgressiveList::<u64, V1_7>::from(vec![1, 2, 3, 4, 5]));
/// assert_ne!(current.hash_tree_root(), v1_6.hash_tree_root());
/// ```
///
/// `M` is a maximum ([`MaxLen`]; [`Unbounded`] unless named): the
/// progressive list has no limit, but the state transition and gossip bound
/// its length (`len(body.attestations) <= MAX_ATTESTATIONS_ELECTRA`).
/// Decoding, the constructors and `push` refuse more than `M`; the bytes,
/// the root and the generalized indices are those of `ProgressiveList[T]`.
/// With [`Unbounded`] the list grows infallibly (`push`, `From<Vec<T>>`,
/// `FromIterator`, `Extend`, [`as_mut_vec`](ProgressiveList::as_mut_vec));
/// with a bound it grows through `push`, `try_from_vec`, `try_from_iter`
/// and `extend_from_slice`, which return a [`BoundError`].
///
/// ```
/// use peam_ssz_types::{BoundError, DecodeErrorKind, ProgressiveList, Ssz, TreeHash, U, V1_7};
///
/// // `attestations` of a Gloas body: at most MAX_ATTESTATIONS_ELECTRA = 8.
/// type Attestations = ProgressiveList<u64, V1_7, U<8>>;
///
/// let mut eight = Attestations::try_from_vec(vec![7; 8])?;
/// assert_eq!(eight.push(7), Err(BoundError { len: 9, max: 8 }));
/// let unbounded: ProgressiveList<u64> = vec![7; 8].into();
/// assert_eq!(eight.hash_tree_root(), unbounded.hash_tree_root());
///
/// let nine: ProgressiveList<u64> = vec![7; 9].into();
/// let err = Attestations::from_ssz(&nine.to_ssz()).unwrap_err();
/// assert_eq!(*err.kind(), DecodeErrorKind::ExceedsMaximum { len: 9, max: 8 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ProgressiveList<T, E = Current, M = Unbounded> = Seq<T, ProgressiveKind<E, M>>;

impl<E, M> Sealed for ProgressiveKind<E, M> {}

impl<E: Edition, M: MaxLen> Variable for ProgressiveKind<E, M> {}

impl<E: Edition, M: MaxLen> Kind for ProgressiveKind<E, M> {
    const LENGTH: Option<usize> = None;
    type Error = BoundError;

    #[inline]
    fn maximum(_: ()) -> usize {
        M::max_len()
    }

    #[inline]
    fn check_len(len: usize, _: ()) -> Result<(), BoundError> {
        check_count(len, M::max_len())
    }

    /// `mix_in_length(merkleize_progressive(leaves), len)`, progressive
    /// merkleization as edition `E` defines it.
    #[inline]
    fn root<T: TreeHash>(values: &[T], _: ()) -> Root {
        crate::codec::progressive_list_root::<E, T>(values)
    }

    fn node<T: TreeHash>(values: &[T], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        crate::seq::progressive_node::<E, T>(values, values.len(), gindex)
    }

    #[inline]
    fn root_ssz<T: TreeHashView>(bytes: &[u8], _: ()) -> Root {
        mix_in_length(
            &progressive_elements_root_ssz::<E, T>(bytes),
            element_count::<T>(bytes),
        )
    }

    fn node_ssz<T: TreeHashView>(bytes: &[u8], _: (), gindex: Gindex) -> Result<Root, ProofError> {
        progressive_list_node_ssz::<T>(bytes, element_count::<T>(bytes), E::RULES, gindex)
    }
}

impl<T, E, M> ProgressiveList<T, E, M> {
    /// The same elements, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveList<T, F, M> {
        Seq::from_vec_unchecked(self.into_vec())
    }
}

impl<T, E: Edition, M: MaxLen> ProgressiveList<T, E, M> {
    /// The same elements under another maximum, if they are within it.
    pub fn into_bound<B: MaxLen>(self) -> Result<ProgressiveList<T, E, B>, BoundError> {
        ProgressiveList::try_from_vec(self.into_vec())
    }
}

impl<T, E: Edition, M: Bounded> ProgressiveList<T, E, M> {
    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// holds its maximum.
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), BoundError> {
        self.try_push(value)
    }
}

impl<T, E> ProgressiveList<T, E, Unbounded> {
    /// Appends `value`.
    #[inline]
    pub fn push(&mut self, value: T) {
        self.vec_mut().push(value)
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<T> {
        self.vec_mut()
    }
}

impl<T, E: Edition, M: MaxLen> Default for ProgressiveList<T, E, M> {
    #[inline]
    fn default() -> Self {
        ProgressiveList::new()
    }
}

impl<T, E> From<Vec<T>> for ProgressiveList<T, E, Unbounded> {
    #[inline]
    fn from(inner: Vec<T>) -> Self {
        Seq::from_vec_unchecked(inner)
    }
}

impl<T: Clone, E> From<&[T]> for ProgressiveList<T, E, Unbounded> {
    #[inline]
    fn from(slice: &[T]) -> Self {
        slice.to_vec().into()
    }
}

impl<T, E> FromIterator<T> for ProgressiveList<T, E, Unbounded> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<T>>().into()
    }
}

impl<T, E> Extend<T> for ProgressiveList<T, E, Unbounded> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.vec_mut().extend(iter)
    }
}

/// The progressive list follows its edition's `merkleize_progressive`.
impl<T: TreeLayout, E: Edition, M> TreeLayout for ProgressiveList<T, E, M> {
    const LAYOUT: &'static Layout = &Layout::ProgressiveList {
        elem: T::LAYOUT,
        edition: E::RULES,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DecodeErrorKind, List, Ssz, U};

    #[test]
    fn progressive_list_encodes_like_a_list() {
        let p: ProgressiveList<u16> = vec![1, 2, 3].into();
        let l = List::<u16, U<8>>::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(p.to_ssz(), l.to_ssz());
        assert_eq!(p.to_ssz(), [1, 0, 2, 0, 3, 0]);
        assert_eq!(
            ProgressiveList::<u16>::from_ssz(&[1, 0, 2, 0, 3, 0]).unwrap(),
            p
        );
        assert_eq!(
            *ProgressiveList::<u16>::from_ssz(&[1, 0, 2])
                .unwrap_err()
                .kind(),
            DecodeErrorKind::NotMultipleOfElement { len: 3, element: 2 }
        );
        let nested: ProgressiveList<ProgressiveList<u8>> =
            vec![vec![1u8].into(), vec![].into(), vec![2, 3].into()].into();
        let bytes = [12, 0, 0, 0, 13, 0, 0, 0, 13, 0, 0, 0, 1, 2, 3];
        assert_eq!(nested.to_ssz(), bytes);
        assert_eq!(
            ProgressiveList::<ProgressiveList<u8>>::from_ssz(&bytes).unwrap(),
            nested
        );
        assert!(
            ProgressiveList::<ProgressiveList<u8>>::from_ssz(&[8, 0, 0, 0, 4, 0, 0, 0]).is_err()
        );
    }

    #[test]
    fn progressive_list_api() {
        let mut p = ProgressiveList::<u8>::with_capacity(2);
        p.push(1);
        p.extend([2, 3]);
        assert_eq!(p.pop(), Some(3));
        p.as_mut_vec().push(9);
        p[0] = 4;
        assert_eq!(p.as_slice(), [4, 2, 9]);
        assert_eq!(format!("{p:?}"), "[4, 2, 9]");
        p.truncate(2);
        assert_eq!(
            p.iter()
                .copied()
                .collect::<ProgressiveList<u8>>()
                .into_vec(),
            [4, 2]
        );
        for x in &mut p {
            *x += 1;
        }
        assert_eq!((&p).into_iter().copied().sum::<u8>(), 8);
        let v: Vec<u8> = p.clone().into();
        assert_eq!(ProgressiveList::from(&v[..]), p);
        p.clear();
        assert_eq!(p, ProgressiveList::default());
    }
}
