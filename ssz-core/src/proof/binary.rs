//! A binary form of a multiproof that a receiver checks without knowing
//! the value's type.
//!
//! The format is the SSZ encoding of a container of the spec's fields
//! (`merkle-proofs.md`, consensus-specs v1.6.1):
//!
//! ```text
//! class MultiProof(Container):
//!     leaves: List[Bytes32, ...]    # one per index
//!     indices: List[uint128, ...]   # generalized indices, as given
//!     proof: List[Bytes32, ...]     # get_helper_indices(indices) order
//! ```
//!
//! so any SSZ decoder reads it, and what it holds is exactly what
//! `calculate_multi_merkle_root(leaves, proof, indices)` takes: a receiver
//! recomputes the helper indices from `indices` and checks the root, with
//! no schema. Indices are `uint128` because [`Gindex`] is (paths through
//! nested progressive types go deeper than 63 levels).
//!
//! Why not the compact form of ChainSafe's persistent-merkle-tree (a
//! depth-first bit descriptor of the tree's shape, then the nodes): it
//! saves the 16 bytes of each index, but it is one library's convention,
//! with no text in the spec, and it loses which nodes were the leaves
//! asked for. The SSZ container keeps the spec's three names and its
//! decoding rules.

use alloc::vec::Vec;
use core::fmt;

use super::{check_indices, get_helper_indices_bounded, Gindex, MultiProof, ProofError};
use crate::merkle::Root;

/// Bytes of the container's fixed part: three offsets.
const FIXED: usize = 12;

/// Why bytes are not the binary form of a multiproof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BinaryProofError {
    /// Fewer bytes than the three offsets.
    TooShort {
        /// The bytes given.
        len: usize,
    },
    /// An offset that is not where the previous field ends or the next
    /// can start (the first must be 12, each at least the one before, the
    /// last at most the length).
    Offset {
        /// Which offset, 0 to 2.
        field: usize,
        /// Its value.
        offset: u32,
    },
    /// A field whose length is not a multiple of its element's size.
    FieldLength {
        /// Which field, 0 to 2.
        field: usize,
        /// Its length in bytes.
        len: usize,
    },
    /// The bytes decode, but not to a multiproof (see [`ProofError`]);
    /// an index of 0 is [`ProofError::ZeroGindex`]; indices whose paths
    /// need more helper nodes than the proof could hold are
    /// [`ProofError::HelperCount`] with `expected: usize::MAX`.
    Proof(ProofError),
}

impl fmt::Display for BinaryProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 3] = ["leaves", "indices", "proof"];
        match self {
            BinaryProofError::TooShort { len } => {
                write!(
                    f,
                    "multiproof of {len} bytes, fewer than its 12-byte fixed part"
                )
            }
            BinaryProofError::Offset { field, offset } => {
                write!(
                    f,
                    "multiproof: offset {offset} of `{}` out of place",
                    NAMES[*field]
                )
            }
            BinaryProofError::FieldLength { field, len } => write!(
                f,
                "multiproof: `{}` is {len} bytes, not a whole number of elements",
                NAMES[*field]
            ),
            BinaryProofError::Proof(e) => write!(f, "multiproof: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BinaryProofError {}

impl From<ProofError> for BinaryProofError {
    fn from(e: ProofError) -> Self {
        BinaryProofError::Proof(e)
    }
}

impl MultiProof {
    /// The binary form: the SSZ encoding of `Container(leaves:
    /// List[Bytes32], indices: List[uint128], proof: List[Bytes32])`
    /// (see the module docs of [`proof`](super) for why this format).
    ///
    /// ```
    /// use peam_ssz_core::proof::{prove_multi, Gindex, MultiProof};
    /// use peam_ssz_core::TreeHash;
    ///
    /// let value = [7u64; 16];
    /// let indices = [Gindex::new(4).unwrap(), Gindex::new(7).unwrap()];
    /// let proof = prove_multi(&value, &indices)?;
    /// let bytes = proof.to_ssz_bytes();
    /// // The receiver knows the root, not the type.
    /// let received = MultiProof::from_ssz_bytes(&bytes)?;
    /// received.verify(&value.hash_tree_root())?;
    /// assert_eq!(received, proof);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_ssz_bytes(&self) -> Vec<u8> {
        let leaves = 32 * self.leaves.len();
        let indices = 16 * self.indices.len();
        let len = FIXED + leaves + indices + 32 * self.proof.len();
        let mut out = Vec::with_capacity(len);
        let offsets = [FIXED, FIXED + leaves, FIXED + leaves + indices];
        for offset in offsets {
            // A proof held in memory is far below 4 GiB per field; the
            // offsets are u32 by the SSZ rules.
            out.extend_from_slice(&(offset as u32).to_le_bytes());
        }
        for leaf in &self.leaves {
            out.extend_from_slice(leaf);
        }
        for g in &self.indices {
            out.extend_from_slice(&g.get().to_le_bytes());
        }
        for node in &self.proof {
            out.extend_from_slice(node);
        }
        out
    }

    /// Reads the binary form of [`MultiProof::to_ssz_bytes`], strictly: the
    /// only encoding of its value (offsets in place, whole elements, no
    /// bytes left over), and a multiproof that can be checked (indices that
    /// [`check_indices`] accepts, one leaf per index, one proof node per
    /// helper index). It allocates for the elements the bytes hold, and
    /// never panics.
    pub fn from_ssz_bytes(bytes: &[u8]) -> Result<MultiProof, BinaryProofError> {
        if bytes.len() < FIXED {
            return Err(BinaryProofError::TooShort { len: bytes.len() });
        }
        let mut offsets = [0usize; 4];
        for (field, out) in offsets[..3].iter_mut().enumerate() {
            let raw = u32::from_le_bytes([
                bytes[4 * field],
                bytes[4 * field + 1],
                bytes[4 * field + 2],
                bytes[4 * field + 3],
            ]);
            *out = raw as usize;
        }
        offsets[3] = bytes.len();
        for field in 0..3 {
            let ok = if field == 0 {
                offsets[0] == FIXED
            } else {
                offsets[field] >= offsets[field - 1] && offsets[field] <= bytes.len()
            };
            if !ok {
                return Err(BinaryProofError::Offset {
                    field,
                    offset: offsets[field] as u32,
                });
            }
        }
        let section = |field: usize, size: usize| -> Result<&[u8], BinaryProofError> {
            let part = &bytes[offsets[field]..offsets[field + 1]];
            if !part.len().is_multiple_of(size) {
                return Err(BinaryProofError::FieldLength {
                    field,
                    len: part.len(),
                });
            }
            Ok(part)
        };
        let roots = |part: &[u8]| -> Vec<Root> {
            part.chunks_exact(32)
                .map(|c| {
                    let mut r = [0u8; 32];
                    r.copy_from_slice(c);
                    r
                })
                .collect()
        };
        let leaves = roots(section(0, 32)?);
        let indices = section(1, 16)?
            .chunks_exact(16)
            .map(|c| {
                let mut b = [0u8; 16];
                b.copy_from_slice(c);
                Gindex::try_from(u128::from_le_bytes(b))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let proof = roots(section(2, 32)?);
        check_indices(&indices)?;
        if leaves.len() != indices.len() {
            return Err(ProofError::LeafCount {
                expected: indices.len(),
                got: leaves.len(),
            }
            .into());
        }
        // A valid proof has at most 2 * (leaves + proof nodes) nodes on its
        // paths; more, and it cannot be valid (and would cost memory out
        // of proportion to its bytes).
        let bound = 2 * (leaves.len() + proof.len());
        let helpers = get_helper_indices_bounded(&indices, bound).map_or(usize::MAX, |h| h.len());
        if proof.len() != helpers {
            return Err(ProofError::HelperCount {
                expected: helpers,
                got: proof.len(),
            }
            .into());
        }
        Ok(MultiProof {
            leaves,
            indices,
            proof,
        })
    }
}
