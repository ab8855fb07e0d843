//! `List[T, bound]` whose bound is known only at run time: the blob and
//! column counts that depend on a fork's configuration.

use crate::bound::check_count;
use crate::seq::{list_root_ssz, Kind, RuntimeKind, Sealed, Seq, Variable};
use crate::view::{element_count, list_node_ssz, TreeHashView};
use crate::{
    BoundError, DecodeError, DecodeErrorKind, Gindex, Length, List, ProofError, Root, Ssz, TreeHash,
};
use alloc::vec::Vec;
use core::fmt;

/// `List[T, max_len]` with `max_len` chosen at run time, at most the static
/// maximum `Max`: Lighthouse's `RuntimeVariableList`.
///
/// Every value carries its bound, and it behaves as the `List[T, max_len]`
/// of that bound: the same encoding, the same strict decoding (more than
/// `max_len` elements is an error), and the root of a list whose limit is
/// `max_len` (`mix_in_length(merkleize(leaves, limit = max_len), len)`), so
/// a `RuntimeList<T, Max>` of bound `b` and a `List<T, U<b>>` with the same
/// elements have the same bytes and the same root.
///
/// # Why a static maximum
///
/// [`Ssz::from_ssz`] takes no context, so a field of a derived container
/// cannot be told its bound while the container decodes. `Max` gives it
/// one: decoding through [`Ssz::from_ssz`] (as a container field does)
/// bounds the list by `Max`, the most that any configuration allows, and so
/// still allocates in proportion to the input and rejects anything over
/// `Max`. The code that knows the configuration then narrows the bound with
/// [`RuntimeList::set_max_len`], which fails if the list holds more, or
/// decodes a top-level list with [`RuntimeList::from_ssz_with_bound`]
/// directly. Until it is narrowed, a value decoded through `from_ssz`
/// hashes with the bound `Max`.
///
/// When the SSZ type has a static limit and the run-time number is only a
/// validity rule (fulu's `blob_kzg_commitments` is
/// `List[KZGCommitment, MAX_BLOB_COMMITMENTS_PER_BLOCK]`, checked against
/// `get_blob_parameters(epoch).max_blobs_per_block`), the root must use the
/// static limit: use [`List`] and check the length where the rule is.
///
/// Paths ([`crate::path::TreeLayout`]) are not implemented: the shape of
/// the tree depends on the run-time bound. Proofs work through
/// [`TreeHash::tree_node`], which uses it.
///
/// ```
/// use peam_ssz_types::{List, RuntimeList, Ssz, TreeHash, U};
///
/// // At most 4096 by type; 6 in this fork's configuration.
/// type Commitments = RuntimeList<[u8; 48], U<4096>>;
///
/// let mut list = Commitments::new(6)?;
/// for i in 0..6 {
///     list.push([i; 48])?;
/// }
/// assert!(list.push([6; 48]).is_err());
///
/// // The bytes and root of `List[Bytes48, 6]`.
/// let same = List::<[u8; 48], U<6>>::try_from(list.to_vec())?;
/// assert_eq!(list.to_ssz(), same.to_ssz());
/// assert_eq!(list.hash_tree_root(), same.hash_tree_root());
///
/// // Decoding with the configuration's bound rejects a seventh element.
/// let seven = vec![0u8; 7 * 48];
/// assert!(Commitments::from_ssz_with_bound(&seven, 6).is_err());
/// // Through `from_ssz` (as a container field decodes) the bound is 4096,
/// // and the caller narrows it.
/// let mut decoded = Commitments::from_ssz(&seven)?;
/// assert_eq!(decoded.max_len(), 4096);
/// assert!(decoded.set_max_len(6).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type RuntimeList<T, Max> = Seq<T, RuntimeKind<Max>, usize>;

impl<Max> Sealed for RuntimeKind<Max> {}

impl<Max: Length> Variable<usize> for RuntimeKind<Max> {}

/// `List[T, bound]`, the bound held by the value (the static maximum `Max`
/// for a value read without one).
impl<Max: Length> Kind<usize> for RuntimeKind<Max> {
    const LENGTH: Option<usize> = None;
    const LIMIT: Option<usize> = Some(Max::USIZE);
    type Error = BoundError;

    #[inline]
    fn maximum(max_len: usize) -> usize {
        max_len
    }

    #[inline]
    fn check_len(len: usize, max_len: usize) -> Result<(), BoundError> {
        check_count(len, max_len)
    }

    /// `mix_in_length(merkleize(leaves, limit = max_len), len)`.
    #[inline]
    fn root<T: TreeHash>(values: &[T], max_len: usize) -> Root {
        crate::codec::list_root(values, limit::<Max>(max_len))
    }

    fn node<T: TreeHash>(values: &[T], max_len: usize, gindex: Gindex) -> Result<Root, ProofError> {
        crate::codec::list_node(values, limit::<Max>(max_len), values.len(), gindex)
    }

    #[inline]
    fn root_ssz<T: TreeHashView>(bytes: &[u8], max_len: usize) -> Root {
        list_root_ssz::<T>(bytes, limit::<Max>(max_len))
    }

    fn node_ssz<T: TreeHashView>(
        bytes: &[u8],
        max_len: usize,
        gindex: Gindex,
    ) -> Result<Root, ProofError> {
        let count = element_count::<T>(bytes);
        list_node_ssz::<T>(bytes, limit::<Max>(max_len), count, gindex)
    }

    #[inline]
    fn read_bound() -> usize {
        Max::USIZE
    }
}

/// The limit merkleization uses for the bound `max_len`: the bound, exactly
/// (`Max::U64` when the bound is `Max`, which may not fit a `usize` on
/// 32-bit targets).
#[inline]
fn limit<Max: Length>(max_len: usize) -> u64 {
    if max_len == Max::USIZE {
        Max::U64
    } else {
        max_len as u64
    }
}

impl<T, Max: Length> RuntimeList<T, Max> {
    /// An empty list whose bound is `max_len`, if that is at most `Max`.
    #[inline]
    pub fn new(max_len: usize) -> Result<Self, BoundError> {
        Self::try_from_vec(Vec::new(), max_len)
    }

    /// An empty list bounded by `Max`.
    #[inline]
    pub const fn with_static_bound() -> Self {
        Seq::from_parts(Vec::new(), Max::USIZE)
    }

    /// The list holding `vec` with the bound `max_len`, if `max_len` is at
    /// most `Max` and `vec` no longer than `max_len`.
    pub fn try_from_vec(vec: Vec<T>, max_len: usize) -> Result<Self, BoundError> {
        check_bound::<Max>(max_len)?;
        Seq::try_from_parts(vec, max_len)
    }

    /// The elements of `list` with the bound `max_len`, if they fit.
    #[inline]
    pub fn from_list(list: List<T, Max>, max_len: usize) -> Result<Self, BoundError> {
        Self::try_from_vec(list.into_vec(), max_len)
    }

    /// Decodes `List[T, max_len]` from `bytes`, with the checks of
    /// [`List`]'s decoding and `max_len` as the limit. A `max_len` over
    /// `Max` is an error, whatever the bytes.
    pub fn from_ssz_with_bound(bytes: &[u8], max_len: usize) -> Result<Self, DecodeError>
    where
        T: Ssz,
    {
        if max_len > Max::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::Custom(
                "the run-time bound exceeds the list's static maximum",
            )));
        }
        let inner = crate::codec::decode_elements(bytes, None, max_len)?;
        Ok(Seq::from_parts(inner, max_len))
    }

    /// The run-time bound.
    #[inline]
    pub fn max_len(&self) -> usize {
        *self.bound()
    }

    /// The static maximum `Max`.
    #[inline]
    pub const fn static_max_len() -> usize {
        Max::USIZE
    }

    /// Changes the bound to `max_len`, if it is at most `Max` and the list
    /// holds at most `max_len` elements; otherwise leaves the list as it is.
    pub fn set_max_len(&mut self, max_len: usize) -> Result<(), BoundError> {
        check_bound::<Max>(max_len)?;
        check_count(self.len(), max_len)?;
        *self.bound_mut() = max_len;
        Ok(())
    }

    /// Appends `value`, or returns an error (dropping `value`) if the list
    /// is full.
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), BoundError> {
        self.try_push(value)
    }
}

/// `max_len` as a bound of a list whose static maximum is `Max`.
fn check_bound<Max: Length>(max_len: usize) -> Result<(), BoundError> {
    if max_len > Max::USIZE {
        return Err(BoundError {
            len: max_len,
            max: Max::USIZE,
        });
    }
    Ok(())
}

/// An empty list bounded by `Max`.
impl<T, Max: Length> Default for RuntimeList<T, Max> {
    #[inline]
    fn default() -> Self {
        Self::with_static_bound()
    }
}

impl<T: fmt::Debug, Max> fmt::Debug for RuntimeList<T, Max> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuntimeList")
            .field("max_len", self.bound())
            .field("elements", &self.as_slice())
            .finish()
    }
}

/// The elements, bounded by `Max`.
impl<T, Max: Length> From<List<T, Max>> for RuntimeList<T, Max> {
    #[inline]
    fn from(list: List<T, Max>) -> Self {
        Seq::from_parts(list.into_vec(), Max::USIZE)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use core::marker::PhantomData;
    use serde::de::{DeserializeSeed, Deserializer};

    impl<T, Max: Length> RuntimeList<T, Max> {
        /// Reads a sequence of at most `max_len` elements: more is an error
        /// as soon as the extra element is read, as is a `max_len` over
        /// `Max`.
        ///
        /// ```
        /// use peam_ssz_types::{RuntimeList, U};
        ///
        /// type Blobs = RuntimeList<u64, U<4096>>;
        /// let yaml = serde_yaml::Deserializer::from_str("[1, 2, 3]");
        /// assert_eq!(Blobs::deserialize_with_bound(yaml, 3)?.max_len(), 3);
        /// let yaml = serde_yaml::Deserializer::from_str("[1, 2, 3, 4]");
        /// assert!(Blobs::deserialize_with_bound(yaml, 3).is_err());
        /// // Without a bound, `Deserialize` bounds by the static maximum.
        /// let four: Blobs = serde_yaml::from_str("[1, 2, 3, 4]")?;
        /// assert_eq!(four.max_len(), 4096);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn deserialize_with_bound<'de, D>(
            deserializer: D,
            max_len: usize,
        ) -> Result<Self, D::Error>
        where
            T: serde::Deserialize<'de>,
            D: Deserializer<'de>,
        {
            RuntimeListSeed::new(max_len).deserialize(deserializer)
        }
    }

    /// Deserializes a [`RuntimeList`] with the bound it holds: for a list
    /// inside a value that a `DeserializeSeed` reads with the
    /// configuration at hand.
    pub struct RuntimeListSeed<T, Max> {
        max_len: usize,
        _list: PhantomData<fn() -> RuntimeList<T, Max>>,
    }

    impl<T, Max> RuntimeListSeed<T, Max> {
        /// A seed for lists bounded by `max_len`.
        pub const fn new(max_len: usize) -> Self {
            RuntimeListSeed {
                max_len,
                _list: PhantomData,
            }
        }
    }

    impl<'de, T: serde::Deserialize<'de>, Max: Length> DeserializeSeed<'de>
        for RuntimeListSeed<T, Max>
    {
        type Value = RuntimeList<T, Max>;

        fn deserialize<D: Deserializer<'de>>(
            self,
            deserializer: D,
        ) -> Result<Self::Value, D::Error> {
            check_bound::<Max>(self.max_len).map_err(serde::de::Error::custom)?;
            let inner = crate::serde_support::deserialize_seq(deserializer, None, self.max_len)?;
            Ok(Seq::from_parts(inner, self.max_len))
        }
    }
}

#[cfg(feature = "serde")]
pub use serde_impls::RuntimeListSeed;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bytes48, U};
    use alloc::vec;

    type Small = RuntimeList<u16, U<64>>;

    #[test]
    fn bounds_are_checked_at_construction_and_on_change() {
        assert_eq!(Small::new(65), Err(BoundError { len: 65, max: 64 }));
        let mut l = Small::new(2).unwrap();
        l.push(1).unwrap();
        l.push(2).unwrap();
        assert!(l.is_full());
        assert_eq!(l.push(3), Err(BoundError { len: 3, max: 2 }));
        assert_eq!(
            l.extend_from_slice(&[3]),
            Err(BoundError { len: 3, max: 2 })
        );
        assert_eq!(l.set_max_len(1), Err(BoundError { len: 2, max: 1 }));
        assert_eq!(l.max_len(), 2);
        l.set_max_len(3).unwrap();
        l.push(3).unwrap();
        assert_eq!(l.as_slice(), [1, 2, 3]);
        assert_eq!(l.set_max_len(65), Err(BoundError { len: 65, max: 64 }));
        assert_eq!(
            Small::try_from_vec(vec![0; 5], 4),
            Err(BoundError { len: 5, max: 4 })
        );
        assert_eq!(Small::default().max_len(), 64);
        assert_eq!(Small::static_max_len(), 64);
        let from_list = Small::from(List::<u16, U<64>>::try_from(vec![1]).unwrap());
        assert_eq!(from_list.max_len(), 64);
        assert!(Small::from_list(List::try_from(vec![1, 2]).unwrap(), 1).is_err());
    }

    #[test]
    fn the_lists_shared_operations_hold_the_run_time_bound() {
        let mut l = Small::new(2).unwrap();
        l.try_push(1).unwrap();
        l.insert(0, 0).unwrap();
        assert_eq!(l.insert(0, 9), Err(BoundError { len: 3, max: 2 }));
        assert_eq!(l.try_push(9), Err(BoundError { len: 3, max: 2 }));
        assert_eq!(l.remove(0), 0);
        l.retain(|&x| x != 1);
        assert!(l.is_empty());
        assert_eq!(l.max_len(), 2);
        // Ordered by the elements, then the bound.
        let a = Small::try_from_vec(vec![1], 4).unwrap();
        let b = Small::try_from_vec(vec![1], 8).unwrap();
        let c = Small::try_from_vec(vec![2], 1).unwrap();
        assert!(a < b && b < c);
        // `Debug` names the bound.
        assert_eq!(
            alloc::format!("{a:?}"),
            "RuntimeList { max_len: 4, elements: [1] }"
        );
    }

    #[test]
    fn decoding_with_a_bound_over_the_maximum_fails() {
        assert!(Small::from_ssz_with_bound(&[], 65).is_err());
        assert!(Small::from_ssz_with_bound(&[], 64).is_ok());
    }

    #[test]
    fn the_bound_is_part_of_the_value() {
        let a = Small::try_from_vec(vec![1, 2], 4).unwrap();
        let b = Small::try_from_vec(vec![1, 2], 64).unwrap();
        // The same bytes, another type: another root (4 `uint16` fit one
        // chunk, 64 take four).
        assert_eq!(a.to_ssz(), b.to_ssz());
        assert_ne!(a.hash_tree_root(), b.hash_tree_root());
        assert_ne!(a, b);
    }

    /// A deterministic generator (xorshift64*), so failures reproduce.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn bytes(&mut self, len: usize) -> Vec<u8> {
            (0..len).map(|_| self.next() as u8).collect()
        }
    }

    /// Against `List<T, U<B>>` for a run-time bound of `B`: the same
    /// encoding, root and every tree node for values within the bound, and
    /// the same decision (and error) for arbitrary bytes, for lists of
    /// fixed-size and of variable-size elements.
    fn agrees_with_list<const B: usize>(rng: &mut Rng) {
        type Inner = List<u8, U<3>>;
        // Under Miri, which runs every hash a thousand times slower: the
        // same paths with two random values of the bounds up to 16.
        if cfg!(miri) && B > 16 {
            return;
        }
        let rounds = if cfg!(miri) { 2 } else { 200 };
        for _ in 0..rounds {
            // Values up to the bound.
            let len = rng.below(B + 1);
            let values: Vec<u16> = (0..len).map(|_| rng.next() as u16).collect();
            let list = List::<u16, U<B>>::try_from(values.clone()).unwrap();
            let rt = Small::try_from_vec(values, B).unwrap();
            assert_eq!(rt.to_ssz(), list.to_ssz());
            assert_eq!(
                Small::from_ssz_with_bound(&list.to_ssz(), B).as_ref(),
                Ok(&rt)
            );
            assert_eq!(rt.hash_tree_root(), list.hash_tree_root(), "B = {B}");
            // Every node of a quarter of them (proofs into the list).
            if len.is_multiple_of(4) {
                for g in 1..(8 * B.max(1) as u128) {
                    let g = crate::Gindex::new(g).unwrap();
                    assert_eq!(rt.tree_node(g), list.tree_node(g), "B = {B}, {g:?}");
                }
            }

            let keys: Vec<Bytes48> = (0..len).map(|i| Bytes48::new([i as u8; 48])).collect();
            let list = List::<Bytes48, U<B>>::try_from(keys.clone()).unwrap();
            let rt = RuntimeList::<Bytes48, U<64>>::try_from_vec(keys, B).unwrap();
            assert_eq!(rt.hash_tree_root(), list.hash_tree_root(), "B = {B}");

            // Arbitrary bytes, and encodings of lists one past the bound.
            let over: Vec<u8> = rng.bytes(2 * (B + 1));
            let noise_len = rng.below(2 * B + 6);
            let noise = rng.bytes(noise_len);
            for bytes in [over, noise] {
                same_decision::<u16, B>(&bytes);
                same_decision::<Inner, B>(&bytes);
            }
        }
    }

    /// `List<T, U<B>>` and `RuntimeList<T, _>` of bound `B` accept the same
    /// `bytes` as the same value and root, or reject them with the same
    /// error.
    fn same_decision<T, const B: usize>(bytes: &[u8])
    where
        T: Ssz + TreeHash + PartialEq + fmt::Debug,
    {
        let expected = List::<T, U<B>>::from_ssz(bytes);
        let got = RuntimeList::<T, U<64>>::from_ssz_with_bound(bytes, B);
        match (&expected, &got) {
            (Ok(l), Ok(r)) => {
                assert_eq!(l.as_slice(), r.as_slice());
                assert_eq!(l.hash_tree_root(), r.hash_tree_root());
            }
            (Err(l), Err(r)) => assert_eq!(l, r),
            _ => panic!("B = {B}: List {expected:?}, RuntimeList {got:?}"),
        }
    }

    #[test]
    fn roots_and_decoding_agree_with_list_of_the_same_limit() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        agrees_with_list::<0>(&mut rng);
        agrees_with_list::<1>(&mut rng);
        agrees_with_list::<2>(&mut rng);
        agrees_with_list::<3>(&mut rng);
        agrees_with_list::<6>(&mut rng);
        agrees_with_list::<9>(&mut rng);
        agrees_with_list::<16>(&mut rng);
        agrees_with_list::<33>(&mut rng);
        agrees_with_list::<64>(&mut rng);
    }

    #[test]
    fn variable_size_offsets_are_checked_against_the_bound() {
        type Inner = List<u8, U<4>>;
        // Three offsets for a run-time bound of two: the count is read off
        // the first offset, before any element is decoded.
        let bytes = [12, 0, 0, 0, 12, 0, 0, 0, 12, 0, 0, 0];
        let err = RuntimeList::<Inner, U<8>>::from_ssz_with_bound(&bytes, 2).unwrap_err();
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::TooManyElements { len: 3, max: 2 }
        );
        assert_eq!(
            RuntimeList::<Inner, U<8>>::from_ssz_with_bound(&bytes, 3)
                .unwrap()
                .len(),
            3
        );
    }

    #[test]
    fn inside_a_derived_container_the_field_decodes_up_to_the_maximum() {
        #[derive(Debug, PartialEq, crate::Ssz, crate::TreeHash)]
        struct Sidecar {
            index: u64,
            cells: RuntimeList<u16, U<8>>,
        }
        let s = Sidecar {
            index: 3,
            cells: RuntimeList::try_from_vec(vec![1, 2, 3], 4).unwrap(),
        };
        let bytes = s.to_ssz();
        let mut back = Sidecar::from_ssz(&bytes).unwrap();
        assert_eq!(back.cells.max_len(), 8);
        back.cells.set_max_len(4).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.hash_tree_root(), s.hash_tree_root());
        // Nine cells are over the static maximum: rejected while decoding.
        let big = Sidecar {
            index: 3,
            cells: RuntimeList::try_from_vec(vec![0; 8], 8).unwrap(),
        };
        let mut bytes = big.to_ssz();
        bytes.extend_from_slice(&[0, 0]);
        let err = Sidecar::from_ssz(&bytes).unwrap_err();
        assert_eq!(err.to_string(), "at .cells: 9 elements exceed the limit 8");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_reads_within_the_supplied_bound() {
        use serde::de::DeserializeSeed;
        let yaml = "[1, 2, 3]";
        let l: Small = serde_yaml::from_str(yaml).unwrap();
        assert_eq!((l.as_slice(), l.max_len()), (&[1, 2, 3][..], 64));
        assert_eq!(serde_yaml::to_string(&l).unwrap(), "- 1\n- 2\n- 3\n");
        let seed = RuntimeListSeed::<u16, U<64>>::new(3);
        let l = seed
            .deserialize(serde_yaml::Deserializer::from_str(yaml))
            .unwrap();
        assert_eq!(l.max_len(), 3);
        let two = RuntimeListSeed::<u16, U<64>>::new(2);
        assert!(two
            .deserialize(serde_yaml::Deserializer::from_str(yaml))
            .is_err());
        let too_big = RuntimeListSeed::<u16, U<64>>::new(65);
        assert!(too_big
            .deserialize(serde_yaml::Deserializer::from_str("[]"))
            .is_err());
        let long: Vec<u16> = (0..65).collect();
        let text = serde_yaml::to_string(&long).unwrap();
        assert!(serde_yaml::from_str::<Small>(&text).is_err());
    }
}
