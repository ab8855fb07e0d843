//! Persistent, cached `List[T, N]` and `Vector[T, N]`: cheap clones that
//! share unchanged parts, and a root that rehashes only what changed.
//!
//! See [`PersistentList`] and [`PersistentVector`]; the layout is described
//! in the `tree` module.

mod progressive;
mod tree;

pub use progressive::PersistentProgressiveList;

use crate::hasher::{ScopedHasher, Sha256};
use crate::{
    BoundError, DecodeError, Gindex, Length, LengthError, ProofError, Root, Ssz, TreeHash,
};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use tree::Tree;

/// `Ssz` and serde's `Deserialize` of a persistent sequence, the same SSZ
/// type as `$same` (`List` or `Vector`): its layout consts, the element
/// count `exact` checked on decoding, and `check(bytes)` before it.
macro_rules! persistent_codec {
    ($ty:ident, $same:ident, exact = $exact:expr, check = $check:expr $(,)?) => {
        impl<T: Ssz + TreeHash + Send, N: Length, H: ScopedHasher> Ssz for $ty<T, N, H> {
            const IS_FIXED_SIZE: bool = <crate::$same<T, N> as Ssz>::IS_FIXED_SIZE;
            const FIXED_PART_LEN: usize = <crate::$same<T, N> as Ssz>::FIXED_PART_LEN;

            fn ssz_len(&self) -> usize {
                encoded_len(self.tree.len(), self.tree.blocks())
            }

            fn ssz_write(&self, out: &mut [u8]) {
                write_encoding(self.tree.len(), self.tree.blocks(), out)
            }

            fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
                let check: fn(&[u8]) -> Result<(), DecodeError> = $check;
                check(bytes)?;
                let values = crate::codec::decode_elements(bytes, $exact, N::USIZE)?;
                Ok($ty {
                    tree: Tree::from_vec(values),
                    _n: PhantomData,
                })
            }
        }

        #[cfg(feature = "serde")]
        impl<'de, T: TreeHash + Send + serde::Deserialize<'de>, N: Length, H: ScopedHasher>
            serde::Deserialize<'de> for $ty<T, N, H>
        {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let values = crate::serde_support::deserialize_seq(deserializer, $exact, N::USIZE)?;
                Ok($ty {
                    tree: Tree::from_vec(values),
                    _n: PhantomData,
                })
            }
        }
    };
}

/// The depth of the data tree of `limit` elements of `T`:
/// `log2(next_pow_of_two(chunk_count))` (ssz/simple-serialize.md, v1.6.1,
/// "Merkleization": basic elements pack `32 / size` to a chunk).
const fn data_depth<T: TreeHash>(limit: u64) -> u32 {
    // In u128: `limit * LEAF_SIZE` cannot overflow (both below 2^64), and a
    // limit beyond a 32-bit `usize` keeps its depth.
    let chunks = if T::IS_BASIC {
        (limit as u128 * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128)
    } else {
        limit as u128
    };
    let chunks = if chunks > u64::MAX as u128 {
        u64::MAX
    } else {
        chunks as u64
    };
    crate::merkle::depth_for(chunks as u128)
}

/// Encoding shared by the persistent types, given their element count and
/// their blocks in order: fixed-size elements back to back, variable-size
/// ones behind offsets (ssz/simple-serialize.md, v1.6.1, "Vectors,
/// containers, lists").
fn encoded_len<'a, T: Ssz + 'a>(len: usize, blocks: impl Iterator<Item = &'a [T]>) -> usize {
    if T::IS_FIXED_SIZE {
        len * T::FIXED_PART_LEN
    } else {
        blocks
            .flatten()
            .map(|v| crate::BYTES_PER_LENGTH_OFFSET + v.ssz_len())
            .sum()
    }
}

fn write_encoding<'a, T: Ssz + 'a>(
    len: usize,
    blocks: impl Iterator<Item = &'a [T]>,
    out: &mut [u8],
) {
    if T::IS_FIXED_SIZE {
        let mut pos = 0;
        for block in blocks {
            let end = pos + block.len() * T::FIXED_PART_LEN;
            T::ssz_write_many(block, &mut out[pos..end]);
            pos = end;
        }
    } else {
        let mut offset = len * crate::BYTES_PER_LENGTH_OFFSET;
        for (i, v) in blocks.flatten().enumerate() {
            crate::codec::write_offset(out, i * crate::BYTES_PER_LENGTH_OFFSET, offset);
            let end = offset + v.ssz_len();
            v.ssz_write(&mut out[offset..end]);
            offset = end;
        }
    }
}

/// The panic of `value[index]` past the end, worded as a slice's.
#[cold]
#[inline(never)]
#[track_caller]
fn index_out_of_bounds(index: usize, len: usize) -> ! {
    panic!("index out of bounds: the len is {len} but the index is {index}")
}

/// The length mix-in's chunk: `uint256(len)`.
fn length_chunk(len: usize) -> Root {
    let mut chunk = [0u8; 32];
    chunk[..8].copy_from_slice(&(len as u64).to_le_bytes());
    chunk
}

macro_rules! shared_impls {
    ($ty:ident) => {
        impl<T: TreeHash + Send, N: Length, H: ScopedHasher> $ty<T, N, H> {
            /// The number of elements.
            #[inline]
            pub fn len(&self) -> usize {
                self.tree.len()
            }

            /// Whether there are no elements.
            #[inline]
            pub fn is_empty(&self) -> bool {
                self.tree.len() == 0
            }

            /// Element `index`, if there is one (`value[index]` panics
            /// instead).
            #[inline]
            pub fn get(&self, index: usize) -> Option<&T> {
                self.tree.get(index)
            }

            /// Element `index` to change in place, if there is one. Its path
            /// is rehashed at the next root; its leaf and the nodes above it
            /// are copied first if a clone shares them.
            #[inline]
            pub fn get_mut(&mut self, index: usize) -> Option<&mut T>
            where
                T: Clone,
            {
                self.tree.get_mut(index)
            }

            /// Replaces element `index` with `value`; an error if there is no
            /// such element.
            pub fn set(&mut self, index: usize, value: T) -> Result<(), crate::IndexError>
            where
                T: Clone,
            {
                let len = self.len();
                match self.tree.get_mut(index) {
                    Some(slot) => {
                        *slot = value;
                        Ok(())
                    }
                    None => Err(crate::IndexError { index, len }),
                }
            }

            /// Calls `f` on element `index` to change it and returns what
            /// `f` returns; an error if there is no such element.
            pub fn update<R>(
                &mut self,
                index: usize,
                f: impl FnOnce(&mut T) -> R,
            ) -> Result<R, crate::IndexError>
            where
                T: Clone,
            {
                let len = self.len();
                self.tree
                    .get_mut(index)
                    .map(f)
                    .ok_or(crate::IndexError { index, len })
            }

            /// Calls `f(index, element)` on every element of `range` to
            /// change it; an error, changing nothing, if `range` does not
            /// lie within the elements. Changing half the elements or more
            /// drops the cached tree, which is rebuilt at the next root (one
            /// pass, faster than following every path).
            pub fn update_range(
                &mut self,
                range: core::ops::Range<usize>,
                f: impl FnMut(usize, &mut T),
            ) -> Result<(), crate::RangeError>
            where
                T: Clone,
            {
                crate::RangeError::check(&range, self.len())?;
                self.tree.update_range(range.start, range.end, f);
                Ok(())
            }

            /// Calls `f(index, element)` on every element.
            pub fn update_all(&mut self, f: impl FnMut(usize, &mut T))
            where
                T: Clone,
            {
                self.tree.update_range(0, self.tree.len(), f)
            }

            /// The elements in order.
            pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
                self.tree.iter()
            }

            /// The elements, copied into a `Vec`.
            pub fn to_vec(&self) -> Vec<T>
            where
                T: Clone,
            {
                self.tree.iter().cloned().collect()
            }

            /// Heap bytes this value holds, counting each allocation once
            /// even when `seen` has already been shown it (pass the same
            /// `seen` for a value and its clones to count what they share
            /// once). `seen` returns whether the pointer is new.
            pub fn heap_bytes(&self, seen: &mut dyn FnMut(*const u8) -> bool) -> usize {
                self.tree.heap_bytes(seen)
            }
        }

        impl<T: Clone, N, H> Clone for $ty<T, N, H> {
            fn clone(&self) -> Self {
                $ty {
                    tree: self.tree.clone(),
                    _n: PhantomData,
                }
            }
        }

        impl<T: TreeHash + Send + PartialEq, N: Length, H: ScopedHasher> PartialEq
            for $ty<T, N, H>
        {
            fn eq(&self, other: &Self) -> bool {
                self.len() == other.len() && self.iter().eq(other.iter())
            }
        }

        impl<T: TreeHash + Send + Eq, N: Length, H: ScopedHasher> Eq for $ty<T, N, H> {}

        impl<T: TreeHash + Send + fmt::Debug, N: Length, H: ScopedHasher> fmt::Debug
            for $ty<T, N, H>
        {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.iter()).finish()
            }
        }

        /// Element `index`, as a slice reads it.
        ///
        /// # Panics
        ///
        /// If `index >= len`.
        impl<T: TreeHash + Send, N: Length, H: ScopedHasher> core::ops::Index<usize>
            for $ty<T, N, H>
        {
            type Output = T;

            #[inline]
            fn index(&self, index: usize) -> &T {
                match self.tree.get(index) {
                    Some(v) => v,
                    None => index_out_of_bounds(index, self.len()),
                }
            }
        }

        impl<'a, T: TreeHash + Send, N: Length, H: ScopedHasher> IntoIterator for &'a $ty<T, N, H> {
            type Item = &'a T;
            type IntoIter = alloc::boxed::Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;

            fn into_iter(self) -> Self::IntoIter {
                alloc::boxed::Box::new(self.tree.iter())
            }
        }

        #[cfg(feature = "serde")]
        impl<T: TreeHash + Send + serde::Serialize, N: Length, H: ScopedHasher> serde::Serialize
            for $ty<T, N, H>
        {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.iter())
            }
        }
    };
}

/// `List[T, N]` as a persistent tree: the same SSZ type as
/// [`List<T, N>`](crate::List) (same encoding, strict decoding, root and
/// serde), for the big fields of a beacon state that a client clones and
/// changes a little every slot.
///
/// - A clone copies one pointer and shares the elements and the cached
///   tree; the first write to an element after a clone copies its leaf and
///   the nodes on its path only (a composite element is a leaf of its own,
///   a basic type's leaf holds the elements of 8 chunks).
/// - [`hash_tree_root`](TreeHash::hash_tree_root) rehashes the paths of the
///   elements changed since the last root, level by level, the dirty nodes
///   of a level in one batch of the SIMD hasher, and caches the result.
/// - [`tree_node`](TreeHash::tree_node) reads nodes, hence Merkle proofs,
///   from the cached tree.
/// - `H` is the hasher of the tree ([`Sha256`], the spec's, by default; see
///   [`crate::hasher`]): every node, and the roots of composite elements
///   (their `TreeHash` run under [`with_hasher::<H>`]), is hashed with it,
///   so the root is `H`'s whatever hasher the thread has chosen.
///
/// [`with_hasher::<H>`]: crate::hasher::with_hasher
///
/// ```
/// use peam_ssz_types::{List, PersistentList, Ssz, TreeHash, U};
///
/// let mut balances = PersistentList::<u64, U<1024>>::try_from(vec![32; 100])?;
/// let before = balances.hash_tree_root();
/// let mut next = balances.clone(); // shares every node
/// *next.get_mut(7).unwrap() += 1;
/// next.push(32)?;
/// // Only element 7's and element 100's paths are rehashed.
/// let mut plain = List::<u64, U<1024>>::try_from(vec![32; 101])?;
/// plain[7] += 1;
/// assert_eq!(next.hash_tree_root(), plain.hash_tree_root());
/// assert_eq!(next.to_ssz(), plain.to_ssz());
/// assert_eq!(balances.hash_tree_root(), before); // the original is untouched
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PersistentList<T, N, H = Sha256> {
    tree: Tree<T, H>,
    _n: PhantomData<N>,
}

shared_impls!(PersistentList);

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> PersistentList<T, N, H> {
    const DEPTH: u32 = data_depth::<T>(N::U64);

    /// An empty list.
    pub fn new() -> Self {
        PersistentList {
            tree: Tree::new(),
            _n: PhantomData,
        }
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// The list holding `values`, if they are no more than the limit.
    pub fn try_from_vec(values: Vec<T>) -> Result<Self, BoundError> {
        if values.len() > N::USIZE {
            return Err(BoundError {
                len: values.len(),
                max: N::USIZE,
            });
        }
        Ok(PersistentList {
            tree: Tree::from_vec(values),
            _n: PhantomData,
        })
    }

    /// Appends `value`, or returns an error (dropping it) if the list is
    /// full.
    pub fn push(&mut self, value: T) -> Result<(), BoundError>
    where
        T: Clone,
    {
        if self.len() >= N::USIZE {
            return Err(BoundError {
                len: self.len() + 1,
                max: N::USIZE,
            });
        }
        self.tree.push(value);
        Ok(())
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T>
    where
        T: Clone,
    {
        self.tree.pop()
    }

    /// Shortens the list to `len` elements (no effect if it is shorter).
    pub fn truncate(&mut self, len: usize)
    where
        T: Clone,
    {
        self.tree.truncate(len)
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.tree = Tree::new();
    }
}

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> Default for PersistentList<T, N, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TryFrom<Vec<T>> for PersistentList<T, N, H> {
    type Error = BoundError;
    fn try_from(values: Vec<T>) -> Result<Self, BoundError> {
        Self::try_from_vec(values)
    }
}

impl<T: TreeHash + Send, N: Length> From<crate::List<T, N>> for PersistentList<T, N> {
    fn from(list: crate::List<T, N>) -> Self {
        PersistentList {
            tree: Tree::from_vec(list.into_vec()),
            _n: PhantomData,
        }
    }
}

impl<T: TreeHash + Send + Clone, N: Length, H: ScopedHasher> From<&PersistentList<T, N, H>>
    for crate::List<T, N>
{
    fn from(list: &PersistentList<T, N, H>) -> Self {
        match crate::List::try_from_vec(list.to_vec()) {
            Ok(l) => l,
            // The persistent list keeps the same bound.
            Err(_) => unreachable!("a PersistentList never exceeds its limit"),
        }
    }
}

persistent_codec!(PersistentList, List, exact = None, check = |_| Ok(()));

/// `mix_in_length(merkleize(leaves, limit), len)`, from the cache.
impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TreeHash for PersistentList<T, N, H> {
    fn hash_tree_root(&self) -> Root {
        crate::merkle::mix_in_length_with::<H>(&self.tree.data_root(Self::DEPTH), self.len())
    }

    /// 1: the root, 2: the data tree, 3: the length chunk; below 2, read
    /// from the cached levels or, below a leaf, from the element.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        match gindex.get() {
            1 => Ok(self.hash_tree_root()),
            3 => Ok(length_chunk(self.len())),
            _ => match gindex.split(1) {
                Some((top, rest)) if top.get() == 2 => {
                    self.tree.data_node(rest, Self::DEPTH, gindex)
                }
                // Below the length chunk.
                _ => Err(ProofError::NoSuchNode { gindex }),
            },
        }
    }
}

/// An array of its elements' consensus JSON, at most `N` of them.
#[cfg(feature = "serde")]
impl<T: crate::json::ConsensusJson + TreeHash + Send, N: Length, H: ScopedHasher>
    crate::json::ConsensusJson for PersistentList<T, N, H>
{
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        let values = crate::json::deserialize_elements(deserializer, None, N::USIZE)?;
        Self::try_from_vec(values).map_err(serde::de::Error::custom)
    }
}

/// `Vector[T, N]` as a persistent tree: the same SSZ type as
/// [`Vector<T, N>`](crate::Vector), with the clones, updates and cached
/// root of [`PersistentList`] (for randao mixes, block and state roots,
/// slashings).
///
/// `H` is the tree's hasher, as for [`PersistentList`].
///
/// ```
/// use peam_ssz_types::{PersistentVector, TreeHash, Vector, U};
///
/// let mut mixes = PersistentVector::<[u8; 32], U<64>>::default();
/// mixes.set(5, [7; 32])?;
/// let mut plain = Vector::<[u8; 32], U<64>>::default();
/// plain[5] = [7; 32];
/// assert_eq!(mixes.hash_tree_root(), plain.hash_tree_root());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PersistentVector<T, N, H = Sha256> {
    tree: Tree<T, H>,
    _n: PhantomData<N>,
}

shared_impls!(PersistentVector);

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> PersistentVector<T, N, H> {
    const DEPTH: u32 = data_depth::<T>(N::U64);

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }

    /// The vector holding `values`, if there are exactly `N` of them (and
    /// `N > 0`: `Vector[T, 0]` is an illegal type).
    pub fn try_from_vec(values: Vec<T>) -> Result<Self, LengthError> {
        if values.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: values.len(),
                expected: N::USIZE,
            });
        }
        Ok(PersistentVector {
            tree: Tree::from_vec(values),
            _n: PhantomData,
        })
    }
}

/// `N` default elements. `N == 0` gives an empty value, which is not an
/// SSZ vector: it fails to encode-decode round trip, as the type is
/// illegal.
impl<T: TreeHash + Send + Default + Clone, N: Length, H: ScopedHasher> Default
    for PersistentVector<T, N, H>
{
    fn default() -> Self {
        PersistentVector {
            tree: Tree::from_vec(alloc::vec![T::default(); N::USIZE]),
            _n: PhantomData,
        }
    }
}

impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TryFrom<Vec<T>> for PersistentVector<T, N, H> {
    type Error = LengthError;
    fn try_from(values: Vec<T>) -> Result<Self, LengthError> {
        Self::try_from_vec(values)
    }
}

impl<T: TreeHash + Send, N: Length> From<crate::Vector<T, N>> for PersistentVector<T, N> {
    fn from(vector: crate::Vector<T, N>) -> Self {
        PersistentVector {
            tree: Tree::from_vec(vector.into_vec()),
            _n: PhantomData,
        }
    }
}

persistent_codec!(
    PersistentVector,
    Vector,
    exact = Some(N::USIZE),
    check = crate::vector::check_vector_bytes::<T, N>,
);

/// `merkleize(leaves)`, from the cache.
impl<T: TreeHash + Send, N: Length, H: ScopedHasher> TreeHash for PersistentVector<T, N, H> {
    fn hash_tree_root(&self) -> Root {
        self.tree.data_root(Self::DEPTH)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        self.tree.data_node(gindex, Self::DEPTH, gindex)
    }
}

/// An array of its elements' consensus JSON, exactly `N` of them.
#[cfg(feature = "serde")]
impl<T: crate::json::ConsensusJson + TreeHash + Send, N: Length, H: ScopedHasher>
    crate::json::ConsensusJson for PersistentVector<T, N, H>
{
    fn serialize_json<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_elements(self.iter(), serializer)
    }

    fn deserialize_json<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        let values = crate::json::deserialize_elements(deserializer, Some(N::USIZE), N::USIZE)?;
        Self::try_from_vec(values).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests;
