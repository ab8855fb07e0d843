//! The hasher seam: the 2-to-1 compression function that merkleization,
//! proofs and cached trees hash with.
//!
//! Every node of an SSZ tree is `hash(left, right)` of two 32-byte chunks,
//! and every padding node is a zero hash (`zero_hash(0)` is 32 zero bytes,
//! `zero_hash(i + 1) = hash(zero_hash(i), zero_hash(i))`). The spec's hash
//! is SHA-256 ([`Sha256`], the default everywhere); a [`Hasher`] is any
//! other such function, given by a type:
//!
//! - [`Hasher::hash_pair`]: one parent from its two children;
//! - [`Hasher::hash_nodes`]: many parents at once, each from a 64-byte
//!   input of two adjacent chunks (the seam the SIMD SHA-256 backends plug
//!   into; the default calls `hash_pair` on each);
//! - [`Hasher::zero_hash`]: the zero hashes, from a table computed once.
//!
//! # Where the hasher is chosen
//!
//! The functions that take chunks take the hasher as a type parameter:
//! [`merkleize_with`](crate::merkle::merkleize_with) and the other `_with`
//! functions of [`crate::merkle`], the proof checks
//! ([`SingleProof::verify_with`](crate::proof::SingleProof::verify_with),
//! [`MultiProof::verify_with`](crate::proof::MultiProof::verify_with)),
//! and the persistent sequences of `peam-ssz-types`
//! (`PersistentList<T, N, H = Sha256>`). Each is compiled for the hasher it
//! is given: the SHA-256 functions without a parameter
//! ([`merkleize`](crate::merkle::merkleize), ...) are the `_with` ones at
//! [`Sha256`].
//!
//! [`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root) takes no
//! parameter, and derived code calls the functions without one; with
//! `std`, [`with_hasher`] picks the hasher those functions use for the
//! time of a closure, on the calling thread, so that every type (derived
//! containers included) is rooted and proven with it:
//! [`hash_tree_root_with`], [`prove_with`](crate::proof::prove_with),
//! [`prove_multi_with`](crate::proof::prove_multi_with). Outside such a
//! closure the functions run SHA-256 after one check of a global counter
//! that is zero while no thread has chosen another hasher.
//!
//! ```
//! use peam_ssz_core::hasher::{hash_tree_root_with, Hasher, LazyZeroHashes, Sha256};
//! use peam_ssz_core::merkle::{merkleize, merkleize_with};
//! use peam_ssz_core::{Root, TreeHash};
//!
//! /// A toy compression function (not a secure hash): each output byte
//! /// mixes the bytes at its position in both inputs.
//! struct Toy;
//!
//! static TOY_ZEROS: LazyZeroHashes<Toy> = LazyZeroHashes::new();
//!
//! impl Hasher for Toy {
//!     fn hash_pair(left: &Root, right: &Root) -> Root {
//!         core::array::from_fn(|i| {
//!             left[i].rotate_left(3) ^ right[(i + 1) % 32].wrapping_mul(5) ^ i as u8 ^ 0x5c
//!         })
//!     }
//!
//!     fn zero_hash(level: usize) -> Root {
//!         TOY_ZEROS.get(level)
//!     }
//! }
//!
//! let chunks = [[1u8; 32], [2; 32], [3; 32]];
//! let toy = merkleize_with::<Toy>(&chunks, 4);
//! let pad = Toy::zero_hash(0);
//! let expected = Toy::hash_pair(
//!     &Toy::hash_pair(&chunks[0], &chunks[1]),
//!     &Toy::hash_pair(&chunks[2], &pad),
//! );
//! assert_eq!(toy, expected);
//! // The functions without a parameter are the SHA-256 ones.
//! assert_eq!(merkleize(&chunks, 4), merkleize_with::<Sha256>(&chunks, 4));
//!
//! // Any `TreeHash` value, rooted with the toy hasher: eight `uint64`
//! // pack into two chunks, hashed into one node.
//! let value = [1u64, 2, 3, 4, 5, 6, 7, 8];
//! let bytes: Vec<u8> = value.iter().flat_map(|v| v.to_le_bytes()).collect();
//! let (packed, _) = bytes.as_chunks::<32>();
//! assert_eq!(
//!     hash_tree_root_with::<Toy, _>(&value),
//!     Toy::hash_pair(&packed[0], &packed[1])
//! );
//! assert_eq!(hash_tree_root_with::<Sha256, _>(&value), value.hash_tree_root());
//! ```
//!
//! # A Poseidon2 hasher
//!
//! A hasher over a prime field (Poseidon2 over BabyBear, KoalaBear or
//! Goldilocks, as zk and Lean consensus use) implements the same three
//! items with a field-arithmetic crate: `hash_pair` maps each 32-byte chunk
//! to field elements (for a 31-bit field, eight little-endian `u32` words
//! each reduced below the modulus, or a packing of fewer bits per element
//! that is injective), runs the Poseidon2 permutation in compression mode
//! on the two chunks' elements (the state of sixteen elements, the input
//! added back to the output, the first eight kept), and writes the result
//! back as 32 bytes in the same encoding; `hash_nodes` may batch that over
//! the field crate's packed vectors; `zero_hash` reads a table built from
//! 32 zero bytes, the field encoding of zero, computed once
//! ([`LazyZeroHashes`]) or, where the permutation is a `const fn`, by the
//! compiler into an associated `const` table. Roots under such a hasher
//! are only as canonical as that chunk encoding: two chunks that map to
//! the same field elements have the same root.
//!
//! # Rules for an implementation
//!
//! The functions are pure: the same inputs give the same output on every
//! call, thread and target (the cached trees and the zero-hash tables rely
//! on it). `zero_hash(0)` is 32 zero bytes and `zero_hash(i + 1)` is
//! `hash_pair(&zero_hash(i), &zero_hash(i))` for `i < 64`; `hash_nodes` is
//! `hash_pair` of each input's halves.
//!
//! # Files
//!
//! [`Hasher`] and [`Sha256`] sit in `function.rs`, below the merkleization
//! of [`crate::merkle`] that hashes with them; the thread's choice sits in
//! `scope.rs` beside them, and [`with_hasher`], which puts `merkle`'s
//! routines for a hasher in place, in `chosen.rs` above `merkle`. This file
//! only names them, so that no file imports one that imports it back.

mod chosen;
pub(crate) mod function;
pub(crate) mod scope;

pub use chosen::{hash_tree_root_with, with_hasher};
pub use function::{zero_hash_table, Hasher, LazyZeroHashes, Sha256, ZERO_LEVELS};
pub use scope::{sha256_in_use, ScopedHasher};
