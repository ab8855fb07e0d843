//! The core of peam-ssz: the [`Ssz`] (encode/decode) and [`TreeHash`]
//! (merkleization) traits, their implementations for the basic types and
//! arrays, the merkleization functions of the SSZ spec, SHA-256 batch
//! hashing, and the seam for another hash function ([`hasher`]).
//!
//! Most users depend on `peam-ssz-types`, which re-exports this crate, the
//! derive macros and every SSZ type. This crate is for code that needs only the
//! traits.
//!
//! Spec: consensus-specs v1.6.1, `ssz/simple-serialize.md`.

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;

use alloc::vec::Vec;

#[cfg(feature = "alloy")]
pub mod alloy;
mod checks;
pub mod codec;
pub mod edition;
mod error;
mod fault;
pub mod hash;
pub mod hasher;
mod hex;
mod impls;
mod memory;
pub mod merkle;
pub mod path;
pub mod proof;
mod wrappers;

#[doc(hidden)]
pub mod __private;

pub use edition::{Current, Edition, V1_6, V1_7};
pub use error::{DecodeError, DecodeErrorKind, PathSegment};
pub use fault::Fault;
pub use hex::{root_hex, Hex};
pub use merkle::{
    merkleize, merkleize_progressive, merkleize_progressive_in, mix_in_active_fields,
    mix_in_length, mix_in_selector, Root, ZERO_HASHES,
};
pub use path::{gindex_of, gindex_of_str, PathError, PathStep, TreeLayout};
pub use proof::{Gindex, ProofError};

/// Decodes a `T` from exactly `bytes`, as [`Ssz::from_ssz`] does, and names
/// `T` in the error: the entry point for bytes from outside, whose error is
/// reported to a person.
///
/// Nested values decode through [`Ssz::from_ssz`], which does not name
/// its type, so that the hot paths never carry the name; the error's path
/// ([`DecodeError::path`]) leads from `T` to the value that failed.
///
/// ```
/// let err = peam_ssz_core::decode::<[u64; 5]>(&[0; 39]).unwrap_err();
/// assert_eq!(err.type_name(), Some("[u64; 5]"));
/// assert_eq!(err.to_string(), "[u64; 5]: expected 40 bytes, got 39");
/// assert_eq!(peam_ssz_core::decode::<[u64; 5]>(&[0; 40]), Ok([0; 5]));
/// ```
pub fn decode<T: Ssz>(bytes: &[u8]) -> Result<T, DecodeError> {
    T::from_ssz(bytes).map_err(DecodeError::of_type::<T>)
}

/// Bytes of an offset in the fixed part of a container or list
/// (`BYTES_PER_LENGTH_OFFSET`).
pub const BYTES_PER_LENGTH_OFFSET: usize = 4;
/// Bytes of a merkle chunk (`BYTES_PER_CHUNK`).
pub const BYTES_PER_CHUNK: usize = 32;

/// SSZ encoding and strict decoding.
///
/// Layout facts are associated consts, known at compile time, so containers
/// built from them (by `#[derive(Ssz)]`) fold their fixed offsets into
/// constants.
///
/// Encoding writes into a slice of exactly [`Ssz::ssz_len`] bytes; since the
/// length is known before writing, encoding a value costs at most the one
/// allocation of its output ([`Ssz::to_ssz`]), or none when appending to a
/// buffer with room ([`Ssz::ssz_append`]).
///
/// Decoding ([`Ssz::from_ssz`]) is for untrusted bytes: it never panics,
/// rejects every non-canonical encoding, and reports what failed and where.
///
/// # Bulk hooks
///
/// The methods that take a slice of values ([`Ssz::ssz_write_many`],
/// [`Ssz::from_ssz_many`], [`Ssz::ssz_append_many`], [`Ssz::from_ssz_array`],
/// and [`TreeHash::tree_hash_leaves`], [`TreeHash::packed_leaves`]) are
/// the bodies of the vectors and lists that hold the type, called by
/// [`codec`]. All of them are public and documented, with one rule: each has
/// a default in terms of the per-value methods, and an override may only be
/// faster, never different (same bytes, same errors at the same index).
/// The basic types override them with one copy of their memory, and
/// `#[derive(Ssz)]` on a transparent newtype forwards them to its field.
/// The `__` prefix of three of them is part of their name (derived code
/// overrides them by it), not a mark of a private item.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an SSZ type",
    label = "`{Self}` does not implement `Ssz`",
    note = "derive it with `#[derive(Ssz)]` on a struct (container) or enum (union)"
)]
pub trait Ssz: Sized {
    /// Whether every value of the type has the same encoded length.
    const IS_FIXED_SIZE: bool;

    /// Bytes the type takes in the fixed part of an enclosing container,
    /// vector or list: the encoded length for fixed-size types,
    /// [`BYTES_PER_LENGTH_OFFSET`] for variable-size ones.
    const FIXED_PART_LEN: usize;

    /// The one length that every value of the type encodes to, when there
    /// is one and the type can show it: [`Ssz::FIXED_PART_LEN`] for
    /// fixed-size types, and for some variable-size types too (a list whose
    /// length is pinned, such as `ExactList` of `peam-ssz-types`, a
    /// container of such fields). `None` when values may differ in length.
    ///
    /// `#[ssz(fixed_len = N)]` reads it to check at compile time that a
    /// container of variable-size fields always takes `N` bytes. The
    /// default is right for every type; an override may only turn `None`
    /// into a length that holds for every value.
    const EXACT_LEN: Option<usize> = if Self::IS_FIXED_SIZE {
        Some(Self::FIXED_PART_LEN)
    } else {
        None
    };

    /// The exact length of this value's encoding.
    fn ssz_len(&self) -> usize;

    /// Writes the encoding into `out`.
    ///
    /// `out.len()` must equal [`Ssz::ssz_len`]; implementations may panic
    /// otherwise (a caller bug, never reachable from decoded data).
    fn ssz_write(&self, out: &mut [u8]);

    /// Decodes a value from exactly `bytes`, rejecting every encoding that is
    /// not the canonical encoding of a value of this type.
    ///
    /// The heap it takes is bounded by the input, whether it succeeds or
    /// fails: decoding allocates at most a small multiple of `bytes.len()`
    /// (for the types of this crate and `peam-ssz-types`, 8 times the input
    /// plus 1 KiB), so a hostile count or offset fails before it reserves
    /// memory for it.
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError>;

    /// Appends the encoding to `buf`.
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        let start = buf.len();
        buf.resize(start + self.ssz_len(), 0);
        self.ssz_write(&mut buf[start..]);
    }

    /// The encoding in a new vector: one allocation of the exact size.
    fn to_ssz(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.ssz_len());
        memory::advise_huge_pages(&mut out);
        self.ssz_append(&mut out);
        out
    }

    /// Writes the encoding of a fixed-size value into `out`, exactly
    /// `FIXED_PART_LEN` bytes not yet initialised, and returns them
    /// initialised: the same bytes as [`Ssz::ssz_write`], without zeroing
    /// them first. The bodies of fixed-size vectors and lists are encoded
    /// into a vector's spare capacity through it.
    ///
    /// Only called for fixed-size types. The default zeroes `out` and calls
    /// `ssz_write`; the basic types, byte vectors and derived fixed-size
    /// containers write each byte once. An override must return `out`
    /// itself (callers check, and fall back to the default otherwise).
    #[inline]
    fn ssz_write_uninit<'a>(&self, out: &'a mut [core::mem::MaybeUninit<u8>]) -> &'a mut [u8] {
        codec::write_zeroed(self, out, Self::ssz_write)
    }

    /// Writes fixed-size `values` back to back, the body of a vector or list
    /// (`out.len() == values.len() * FIXED_PART_LEN`).
    ///
    /// Only called for fixed-size types. Basic types override it with one
    /// pass over the slice.
    fn ssz_write_many(values: &[Self], out: &mut [u8]) {
        for (value, dst) in values
            .iter()
            .zip(out.chunks_exact_mut(Self::FIXED_PART_LEN))
        {
            value.ssz_write(dst);
        }
    }

    /// Decodes back-to-back fixed-size values from `bytes` (a multiple of
    /// `FIXED_PART_LEN` long) and appends them to `out`, the body of a vector
    /// or list. An error names the index of the element that failed.
    ///
    /// Only called for fixed-size types. Basic types override it with one
    /// pass over the bytes.
    fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
        codec::decode_fixed_elements(bytes, out)
    }

    /// Appends fixed-size `values` back to back to `buf`, the body of a
    /// vector or list.
    ///
    /// Only called for fixed-size types. The default reserves room for all
    /// of them and appends each with [`Ssz::ssz_append`]; basic types
    /// override it with one copy on little-endian targets.
    #[inline]
    fn ssz_append_many(values: &[Self], buf: &mut Vec<u8>) {
        codec::append_fixed_elements(values, buf)
    }

    /// Decodes `[Self; N]` from exactly `N` back-to-back fixed-size values,
    /// the body of `Vector[Self, N]` held inline. An error names the index
    /// of the element that failed.
    ///
    /// Only called for fixed-size types, with `bytes.len()` already checked
    /// to be `N * FIXED_PART_LEN`. Basic types override it with one pass
    /// (`[u8; N]`: one copy).
    #[inline]
    fn from_ssz_array<const N: usize>(bytes: &[u8]) -> Result<[Self; N], DecodeError> {
        let mut chunks = bytes.chunks_exact(Self::FIXED_PART_LEN.max(1));
        impls::try_array(|i| {
            Self::from_ssz(chunks.next().unwrap_or_default()).map_err(|e| e.at_index(i))
        })
    }
}

/// SSZ merkleization: `hash_tree_root`.
///
/// A type contributes leaves to the tree of a vector or list that holds it:
/// basic types pack [`TreeHash::LEAF_SIZE`] bytes each into 32-byte chunks,
/// composite types one 32-byte chunk each (their root).
///
/// `Sync` is a supertrait so that, with the `parallel` feature, the
/// elements of a big list can be hashed on several threads; it holds for
/// every SSZ type (a value with a non-`Sync` cache, such as a `Cell`, would
/// keep it in a `OnceLock` or outside the type).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be merkleized",
    label = "`{Self}` does not implement `TreeHash`",
    note = "derive it with `#[derive(TreeHash)]` on a struct (container) or enum (union)"
)]
pub trait TreeHash: Sync {
    /// Bytes one value takes in the packed leaves of a vector or list that
    /// holds it: `size_of` for basic types (1 to 32), 32 for composite types,
    /// whose leaf is their root.
    const LEAF_SIZE: usize = BYTES_PER_CHUNK;

    /// Whether this is a basic type (`uintN`, `boolean`), packed into chunks
    /// rather than hashed one root per element.
    const IS_BASIC: bool = false;

    /// `hash_tree_root(self)`.
    fn hash_tree_root(&self) -> Root;

    /// The node at generalized index `gindex` of this value's own tree
    /// ([`Gindex::ROOT`] is [`TreeHash::hash_tree_root`]): the root of that
    /// subtree, computed from the part of the value below it only. Zero
    /// subtrees come from [`ZERO_HASHES`]; a value that keeps its tree (a
    /// cached type) reads the node from it instead of hashing.
    ///
    /// Every Merkle proof is answered through this one method, so a type
    /// that caches its nodes makes proofs into it cheap without any change
    /// to the proof API.
    ///
    /// The default is for values that are a single chunk (the basic types):
    /// the root, and [`ProofError::NoSuchNode`] below it. Composite types
    /// override it.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            Ok(self.hash_tree_root())
        } else {
            Err(ProofError::NoSuchNode { gindex })
        }
    }

    /// Writes the leaves of `values`, `LEAF_SIZE` bytes each, into `out`
    /// (`out.len() == values.len() * LEAF_SIZE`).
    ///
    /// Basic types write their little-endian bytes; composite types their
    /// roots. Implementations override it to hash many values in one batch.
    fn tree_hash_leaves(values: &[Self], out: &mut [u8])
    where
        Self: Sized,
    {
        for (value, leaf) in values.iter().zip(out.chunks_exact_mut(Self::LEAF_SIZE)) {
            leaf.copy_from_slice(&value.hash_tree_root()[..Self::LEAF_SIZE]);
        }
    }

    /// The leaves of `values` as they already lie in memory, when they do:
    /// the unsigned integers on little-endian targets. Merkleization then
    /// reads them in place instead of copying them.
    ///
    /// An override returns `Some` only of exactly the bytes that
    /// [`TreeHash::tree_hash_leaves`] would write for `values`.
    #[inline]
    fn packed_leaves(values: &[Self]) -> Option<&[u8]>
    where
        Self: Sized,
    {
        let _ = values;
        None
    }

    /// Whether the root is the hash of one 64-byte block of two chunks
    /// (one node: `hash_pair` of its halves, by the hasher in use, see
    /// [`hasher`]), the one [`TreeHash::root_block`] gives: byte vectors
    /// of 33 to 64 bytes (BLS public keys, KZG commitments). A derived
    /// container gathers the blocks of such fields over many values and
    /// hashes them in one batch, as long batches hash several times faster
    /// than one block at a time.
    ///
    /// An override sets it only when `hash_tree_root()` is the hash of
    /// `root_block()` under every hasher.
    const ROOT_IS_ONE_BLOCK: bool = false;

    /// The block whose hash is the root when [`TreeHash::ROOT_IS_ONE_BLOCK`]
    /// holds; never called otherwise (the default is zeros).
    #[inline]
    fn root_block(&self) -> [u8; 64] {
        [0u8; 64]
    }
}

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

#[cfg(test)]
mod decode_tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn decode_names_the_type_that_expected_the_bytes() {
        let err = decode::<[u64; 5]>(&[0; 39]).unwrap_err();
        assert_eq!(err.type_name(), Some("[u64; 5]"));
        assert_eq!(err.to_string(), "[u64; 5]: expected 40 bytes, got 39");
        // The path still leads from that type to the value that failed.
        let err = decode::<[[bool; 2]; 2]>(&[0, 1, 2, 0]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "[[bool; 2]; 2]: at [1][0]: invalid boolean byte 0x02"
        );
        // `from_ssz` itself leaves it out.
        assert_eq!(
            <[u64; 5]>::from_ssz(&[0; 39]).unwrap_err().type_name(),
            None
        );
        assert_eq!(decode::<[u8; 2]>(&[1, 2]), Ok([1, 2]));
    }
}
