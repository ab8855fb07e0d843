//! The sequence codec: what a vector or list type is made of.
//!
//! `List`, `Vector` and the progressive lists of `peam-ssz-types` (and the
//! arrays and `Vec`s of this crate) implement [`Ssz`](crate::Ssz) and
//! [`TreeHash`](crate::TreeHash) with these functions and nothing else, so a
//! collection of your own can implement them exactly as they do, with the
//! same strict decoding and the same batched hashing:
//!
//! | | vector (`Vector[T, N]`) | list (`List[T, N]`) |
//! |---|---|---|
//! | `ssz_len` | [`elements_len`] | [`elements_len`] |
//! | `ssz_write` / `ssz_append` | [`write_elements`] / [`append_elements`] | the same |
//! | `from_ssz` | [`decode_elements`]`(bytes, Some(N), N)` | [`decode_elements`]`(bytes, None, N)` |
//! | `hash_tree_root` | [`vector_root`] | [`list_root`] |
//! | `tree_node` | [`vector_node`] | [`list_node`] |
//!
//! A progressive list (EIP-7916) decodes as a list without a limit
//! (`usize::MAX`) and hashes with [`progressive_list_root`] and
//! [`progressive_list_node`]. The offset readers and writers
//! ([`read_offset`], [`write_offset`], [`push_offset`],
//! [`read_container_offset`]) are the pieces of a container's encoding.
//!
//! Spec: consensus-specs v1.6.1, `ssz/simple-serialize.md`, "Serialization",
//! "Deserialization" and "Merkleization".
//!
//! # Example
//!
//! A list of at most 4 elements kept sorted, encoded and hashed as
//! `List[T, 4]`:
//!
//! ```
//! use peam_ssz_core::{codec, DecodeError, DecodeErrorKind, Gindex, ProofError, Root, Ssz, TreeHash};
//!
//! #[derive(Debug, PartialEq)]
//! struct SortedList<T>(Vec<T>);
//!
//! const LIMIT: usize = 4;
//!
//! impl<T: Ssz + Ord> Ssz for SortedList<T> {
//!     const IS_FIXED_SIZE: bool = false;
//!     const FIXED_PART_LEN: usize = peam_ssz_core::BYTES_PER_LENGTH_OFFSET;
//!
//!     fn ssz_len(&self) -> usize {
//!         codec::elements_len(&self.0)
//!     }
//!
//!     fn ssz_write(&self, out: &mut [u8]) {
//!         codec::write_elements(&self.0, out)
//!     }
//!
//!     fn ssz_append(&self, buf: &mut Vec<u8>) {
//!         codec::append_elements(&self.0, buf)
//!     }
//!
//!     fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
//!         // Checks the offsets, the element count against the limit and
//!         // every element, as `List` does.
//!         let values: Vec<T> = codec::decode_elements(bytes, None, LIMIT)?;
//!         // The collection's own rule on top.
//!         if !values.is_sorted() {
//!             return Err(DecodeError::new(DecodeErrorKind::Custom("not sorted")));
//!         }
//!         Ok(SortedList(values))
//!     }
//! }
//!
//! impl<T: TreeHash> TreeHash for SortedList<T> {
//!     fn hash_tree_root(&self) -> Root {
//!         codec::list_root(&self.0, LIMIT as u64)
//!     }
//!
//!     fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
//!         codec::list_node(&self.0, LIMIT as u64, self.0.len(), gindex)
//!     }
//! }
//!
//! let list = SortedList(vec![1u16, 5, 9]);
//! let bytes = list.to_ssz();
//! assert_eq!(bytes, [1, 0, 5, 0, 9, 0]);
//! assert_eq!(SortedList::<u16>::from_ssz(&bytes), Ok(list));
//!
//! // Five elements are over the limit; two out of order break the rule.
//! assert!(SortedList::<u16>::from_ssz(&[0; 10]).is_err());
//! assert!(SortedList::<u16>::from_ssz(&[9, 0, 1, 0]).is_err());
//!
//! // Its root is that of `List[uint16, 4]`: one chunk of packed values, the
//! // length mixed in.
//! let mut chunk = [0u8; 32];
//! chunk[..6].copy_from_slice(&bytes);
//! assert_eq!(
//!     SortedList(vec![1u16, 5, 9]).hash_tree_root(),
//!     peam_ssz_core::mix_in_length(&chunk, 3),
//! );
//! ```

mod byte_vector;
pub(crate) mod container;
pub(crate) mod container_stream;
mod elements;
mod nodes;
mod offset;
mod roots;
mod uint256;
mod uninit;
pub(crate) mod union_stream;

pub use byte_vector::{
    byte_vector_block, byte_vector_is_one_block, byte_vector_leaves, byte_vector_root,
    byte_vectors_from_ssz,
};
pub(crate) use elements::check_count;
pub use elements::{
    append_elements, append_fixed_elements, decode_elements, decode_fixed_elements, elements_len,
    variable_elements_len, write_elements, write_variable_elements, VariableElements,
};
pub(crate) use nodes::limit_chunks;
pub use nodes::{list_node, progressive_list_node, union_node, vector_node, zero_chunk_node};
pub use offset::{push_offset, read_container_offset, read_offset, write_offset};
pub use roots::{leaves_root, list_root, progressive_list_root, vector_root, write_leaves};
pub use uninit::{init_from, write_fixed, write_fixed_with, write_zeroed, zeroed, FixedWriter};
