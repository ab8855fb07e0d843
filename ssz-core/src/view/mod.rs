//! Views: SSZ bytes read in place.
//!
//! A client holds bytes far more often than values (a state from its
//! database, a block from the network), and often needs only a few fields
//! of them, their root, or a proof. A view is made from the bytes in one
//! validation pass that accepts and refuses exactly what
//! [`Ssz::from_ssz`] accepts and refuses, with the same
//! [`DecodeError`] and the same path, and allocates nothing; it then reads
//! each field where it lies:
//!
//! - [`SszView`] is implemented by every SSZ type that can be viewed: the
//!   basic types, arrays, the collections of `peam-ssz-types` and the
//!   containers and unions of `#[derive(Ssz)]`. [`view`] validates bytes
//!   and returns `T`'s view, [`SszView::View`].
//! - The view of a basic type is its value (a `u64` field's accessor returns
//!   a `u64`; a `uint256` is its value too); of a `[u8; N]`, a `&[u8; N]`
//!   into the bytes; of a vector or list (`List`, `Vector`,
//!   `ProgressiveList`, their persistent forms, `ExactList`, `RuntimeList`),
//!   a [`SeqView`] with [`len`](SeqView::len), [`get`](SeqView::get) in
//!   constant time and [`iter`](SeqView::iter); of a byte string
//!   (`ByteList`, `ByteVector`, `FixedBytes`, `ProgressiveByteList`, alloy's
//!   byte types), a [`BytesView`] that dereferences to `[u8]`; of a
//!   bitfield, `peam-ssz-types`' `BitsView`; of an `Option<T>` (the union
//!   `Union[None, T]`), an [`OptionView`]; of a derived container, a struct
//!   with one accessor per field. `Box<T>`, `Arc<T>` and `Cached<T>` have
//!   `T`'s view.
//! - Every view of a composite type implements [`View`]: the bytes it
//!   reads, the owned value ([`View::to_value`], equal to decoding), and,
//!   for types that also implement [`TreeHashView`], the root and the nodes
//!   of its tree computed from the bytes ([`View::hash_tree_root`],
//!   [`View::tree_node`]), equal to the value's.
//!
//! ```
//! use peam_ssz_core::view::{view, View};
//! use peam_ssz_core::{Ssz, TreeHash};
//!
//! let roots: [[u8; 32]; 3] = [[1; 32], [2; 32], [3; 32]];
//! let bytes = roots.to_ssz();
//!
//! let v = view::<[[u8; 32]; 3]>(&bytes)?;
//! assert_eq!(v.len(), 3);
//! assert_eq!(v.get(1), Some(&[2; 32]));
//! assert_eq!(v.hash_tree_root(), roots.hash_tree_root());
//! assert_eq!(v.to_value(), roots);
//!
//! // Refused as decoding refuses it, with the same error.
//! assert_eq!(
//!     view::<[[u8; 32]; 3]>(&bytes[1..]).unwrap_err(),
//!     peam_ssz_core::decode::<[[u8; 32]; 3]>(&bytes[1..]).unwrap_err(),
//! );
//! # Ok::<(), peam_ssz_core::DecodeError>(())
//! ```

#[cfg(feature = "alloy")]
mod alloy;
mod bytes;
mod impls;
mod roots;
mod seq;
mod uint256;
mod wrappers;

pub use bytes::{
    byte_vector_leaves_ssz, byte_vector_node_ssz, validate_byte_vector, validate_byte_vectors,
    BytesView,
};
pub use roots::{leaves_root_ssz, packed_range_root_ssz, packed_root_ssz};
pub use seq::{
    element_bytes, element_count, elements_node_ssz, elements_root_ssz, list_node_ssz,
    progressive_elements_node_ssz, progressive_elements_root_ssz, progressive_list_node_ssz,
    validate_elements, SeqView, SeqViewIter, ViewSeq,
};
pub use wrappers::OptionView;

use crate::proof::{MultiProof, SingleProof};
use crate::{DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};

/// Validates `bytes` as an encoding of `T` and returns its view: the
/// entry point for bytes from outside, as [`decode`](crate::decode) is for
/// values. The error is the one `decode::<T>` gives, `T` named in it.
#[inline]
pub fn view<T: SszView>(bytes: &[u8]) -> Result<T::View<'_>, DecodeError> {
    match T::validate_ssz(bytes) {
        Ok(()) => Ok(T::view_unchecked(bytes)),
        Err(e) => Err(e.of_type::<T>()),
    }
}

/// An SSZ type whose encodings can be read in place.
///
/// Implemented by the basic types, arrays, the collections of
/// `peam-ssz-types` and, through `#[derive(Ssz)]`, by containers and unions
/// whose fields implement it.
pub trait SszView: Ssz {
    /// The view of an encoding of `Self`: the value itself for the basic
    /// types, a reference or a small struct over the bytes otherwise.
    type View<'a>: Copy;

    /// The view of an encoding of `[Self; N]`: `&[u8; N]` for `u8`, a
    /// [`SeqView`] otherwise.
    type ArrayView<'a, const N: usize>: Copy;

    /// Checks that `bytes` is the encoding of a value of this type, as
    /// [`Ssz::from_ssz`] does: the same verdict and the same error for every
    /// input. Allocates nothing (a type with a validation hook decodes its
    /// value to run the hook).
    fn validate_ssz(bytes: &[u8]) -> Result<(), DecodeError>;

    /// [`SszView::validate_ssz`] of back-to-back fixed-size values (a
    /// multiple of `FIXED_PART_LEN` long), the body of a vector or list; an
    /// error names the index of the element, as
    /// [`Ssz::from_ssz_many`] does. Only called for fixed-size types; the
    /// basic types override it with one pass (or none: any bytes are a
    /// `uintN`).
    #[inline]
    fn validate_ssz_many(bytes: &[u8]) -> Result<(), DecodeError> {
        for (i, chunk) in bytes.chunks_exact(Self::FIXED_PART_LEN.max(1)).enumerate() {
            Self::validate_ssz(chunk).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }

    /// The view of `bytes`, which [`SszView::validate_ssz`] accepted.
    ///
    /// Used by views of enclosing types; call [`view`] instead. Given bytes
    /// that were not validated, the view's accessors may return wrong
    /// values or panic (never undefined behaviour).
    #[doc(hidden)]
    fn view_unchecked(bytes: &[u8]) -> Self::View<'_>;

    /// The view of an encoding of `[Self; N]` that was validated.
    #[doc(hidden)]
    fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> Self::ArrayView<'_, N>;

    /// The encoding of a derived container's encoded field `index` in its
    /// validated encoding `bytes`: what `#[derive(TreeHash)]` hashes a
    /// field's root from. Other types are not asked.
    #[doc(hidden)]
    #[inline]
    fn field_ssz_bytes(bytes: &[u8], index: usize) -> &[u8] {
        let _ = index;
        bytes
    }
}

/// Merkleization from the bytes: what a view's
/// [`hash_tree_root`](View::hash_tree_root) and [`tree_node`](View::tree_node)
/// call. Every method takes bytes that [`SszView::validate_ssz`] accepted
/// and gives what [`TreeHash`] gives for the decoded value.
pub trait TreeHashView: SszView + TreeHash {
    /// `hash_tree_root` of the value encoded by `bytes`.
    fn hash_tree_root_ssz(bytes: &[u8]) -> Root;

    /// The leaves of back-to-back fixed-size values, `LEAF_SIZE` bytes each,
    /// into `out` (`out.len() == count * LEAF_SIZE`): the bytes themselves
    /// for the basic types, each value's root otherwise. Only called for
    /// fixed-size types.
    #[inline]
    fn tree_hash_leaves_ssz(bytes: &[u8], out: &mut [u8]) {
        if Self::IS_BASIC {
            out.copy_from_slice(&bytes[..out.len()]);
            return;
        }
        for (value, leaf) in bytes
            .chunks_exact(Self::FIXED_PART_LEN.max(1))
            .zip(out.chunks_exact_mut(Self::LEAF_SIZE))
        {
            leaf.copy_from_slice(&Self::hash_tree_root_ssz(value)[..Self::LEAF_SIZE]);
        }
    }

    /// The block whose hash is the root, when
    /// [`TreeHash::ROOT_IS_ONE_BLOCK`] holds (byte vectors of 33 to 64
    /// bytes: the bytes, zero-padded), as [`TreeHash::root_block`] gives
    /// it; never called otherwise.
    #[inline]
    fn root_block_ssz(bytes: &[u8]) -> [u8; 64] {
        let mut block = [0u8; 64];
        let n = bytes.len().min(64);
        block[..n].copy_from_slice(&bytes[..n]);
        block
    }

    /// The node at `gindex` of the value's tree, as
    /// [`TreeHash::tree_node`] gives it. The default decodes the value; the
    /// collections and derived containers answer from the bytes.
    fn tree_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
        if gindex == Gindex::ROOT {
            return Ok(Self::hash_tree_root_ssz(bytes));
        }
        match Self::from_ssz(bytes) {
            Ok(value) => value.tree_node(gindex),
            Err(_) => Err(ProofError::NoSuchNode { gindex }),
        }
    }
}

/// What every view of a composite type offers: its bytes, its value, and
/// its tree.
pub trait View<'a>: Copy {
    /// The type this is a view of.
    type Value: SszView<View<'a> = Self>;

    /// The encoding this view reads.
    fn as_ssz_bytes(&self) -> &'a [u8];

    /// The value, as decoding the bytes gives it.
    fn to_value(&self) -> Self::Value {
        match Self::Value::from_ssz(self.as_ssz_bytes()) {
            Ok(value) => value,
            // A view is made of bytes that decoding accepts.
            Err(e) => unreachable!("a view's bytes failed to decode: {e}"),
        }
    }

    /// `hash_tree_root` of the value, computed from the bytes.
    fn hash_tree_root(&self) -> Root
    where
        Self::Value: TreeHashView,
    {
        <Self::Value as TreeHashView>::hash_tree_root_ssz(self.as_ssz_bytes())
    }

    /// The node at `gindex` of the value's tree, computed from the bytes:
    /// what [`prove`](crate::proof::prove) of the value would read.
    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError>
    where
        Self::Value: TreeHashView,
    {
        <Self::Value as TreeHashView>::tree_node_ssz(self.as_ssz_bytes(), gindex)
    }

    /// The Merkle proof of the node at `gindex`, from the bytes: what
    /// [`prove`](crate::proof::prove) gives for the value.
    fn prove(&self, gindex: Gindex) -> Result<SingleProof, ProofError>
    where
        Self::Value: TreeHashView,
    {
        let bytes = self.as_ssz_bytes();
        crate::proof::single::prove_nodes(
            |g| <Self::Value as TreeHashView>::tree_node_ssz(bytes, g),
            gindex,
        )
    }

    /// The multiproof of the nodes at `indices`, from the bytes: what
    /// [`prove_multi`](crate::proof::prove_multi) gives for the value.
    fn prove_multi(&self, indices: &[Gindex]) -> Result<MultiProof, ProofError>
    where
        Self::Value: TreeHashView,
    {
        let bytes = self.as_ssz_bytes();
        crate::proof::multi::prove_multi_nodes(
            |g| <Self::Value as TreeHashView>::tree_node_ssz(bytes, g),
            indices,
        )
    }
}

#[cfg(test)]
mod tests;
