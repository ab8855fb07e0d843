//! SimpleSerialize (SSZ) for Ethereum consensus: every SSZ type of
//! consensus-specs v1.6.1, `#[derive(Ssz, TreeHash)]` for containers and
//! unions, strict decoding and a fast `hash_tree_root`.
//!
//! This is the one crate to depend on: it re-exports the traits and
//! merkleization of `peam-ssz-core` and the derives of `peam-ssz-derive`.
//!
//! # Quick start
//!
//! ```
//! use peam_ssz_types::{Bitlist, Bytes32, List, Ssz, TreeHash, U};
//!
//! #[derive(Debug, PartialEq, Ssz, TreeHash)]
//! struct Checkpoint {
//!     epoch: u64,
//!     root: Bytes32,
//! }
//!
//! #[derive(Debug, PartialEq, Ssz, TreeHash)]
//! struct Votes {
//!     target: Checkpoint,
//!     aggregation_bits: Bitlist<U<2048>>,
//!     indices: List<u64, U<2048>>,
//! }
//!
//! let votes = Votes {
//!     target: Checkpoint { epoch: 7, root: Bytes32::from([0xaa; 32]) },
//!     aggregation_bits: Bitlist::from_bools(&[true, false, true])?,
//!     indices: List::try_from(vec![3, 5])?,
//! };
//!
//! // Encoding: one allocation of the exact size.
//! let bytes = votes.to_ssz();
//! assert_eq!(bytes[..8], 7u64.to_le_bytes()); // target.epoch
//! assert_eq!(bytes[40..44], [48, 0, 0, 0]); // offset of aggregation_bits
//! assert_eq!(bytes[48], 0b1101); // bits 1, 0, 1 and the delimiter bit
//!
//! // Decoding is strict: it rejects every non-canonical input, and the
//! // error says what failed and where.
//! assert_eq!(Votes::from_ssz(&bytes)?, votes);
//! let mut bad = bytes.clone();
//! bad[48] = 0;
//! let err = Votes::from_ssz(&bad).unwrap_err();
//! assert_eq!(err.to_string(), "at .aggregation_bits: bitlist has no length-delimiting bit");
//!
//! let root: [u8; 32] = votes.hash_tree_root();
//! # let _ = root;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The types also work on their own, without a container:
//!
//! ```
//! use peam_ssz_types::{merkle, ByteList, List, Ssz, TreeHash, U};
//!
//! let list = List::<u16, U<8>>::try_from(vec![1, 2, 3])?;
//! assert_eq!(list.to_ssz(), [1, 0, 2, 0, 3, 0]);
//! // An empty list's root: the zero tree of its limit, length 0 mixed in.
//! assert_eq!(
//!     List::<u16, U<8>>::new().hash_tree_root(),
//!     merkle::mix_in_length(&merkle::ZERO_HASHES[0], 0),
//! );
//!
//! let extra_data: ByteList<U<32>> = "0x7065616d".parse()?;
//! assert_eq!(extra_data.as_bytes(), b"peam");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Merkle proofs
//!
//! Any node of any value's tree can be proven: [`proof::prove`] gives the
//! node (`leaf`) and its `branch` (the siblings from the leaf up, as the
//! spec's vectors list them), [`proof::prove_multi`] the nodes of several
//! indices with the helper nodes of `merkle-proofs.md`, and the
//! verification functions need only the root. Indices are generalized
//! indices ([`Gindex`]): 1 is the root, `2i` and `2i + 1` the children of
//! `i`. A proof hashes only the subtrees it needs: a proof into a list
//! whose limit is 2^40 allocates for the elements present, never for the
//! limit. Every node is asked of the value through
//! [`TreeHash::tree_node`], so a type that keeps its tree answers from it.
//!
//! A blob sidecar's `kzg_commitment_inclusion_proof` (deneb
//! p2p-interface.md): the commitment's branch in the block body, through
//! the `blob_kzg_commitments` list and its length mix-in, 17 levels deep.
//!
//! ```
//! use peam_ssz_types::proof::{is_valid_merkle_branch, prove, Gindex};
//! use peam_ssz_types::{Bytes32, Bytes48, Bytes96, List, TreeHash, Ssz, U};
//!
//! // The deneb body's 12 fields; those before the commitments stand in as
//! // roots (only their count and position shape the tree).
//! #[derive(Ssz, TreeHash, Default)]
//! struct BeaconBlockBody {
//!     randao_reveal: Bytes96,
//!     eth1_data: Bytes32,
//!     graffiti: Bytes32,
//!     proposer_slashings: Bytes32,
//!     attester_slashings: Bytes32,
//!     attestations: Bytes32,
//!     deposits: Bytes32,
//!     voluntary_exits: Bytes32,
//!     sync_aggregate: Bytes32,
//!     execution_payload: Bytes32,
//!     bls_to_execution_changes: Bytes32,
//!     blob_kzg_commitments: List<Bytes48, U<4096>>,
//! }
//!
//! let commitments: Vec<Bytes48> = (0..6u8).map(|i| Bytes48::new([i; 48])).collect();
//! let body = BeaconBlockBody {
//!     blob_kzg_commitments: List::try_from(commitments)?,
//!     ..Default::default()
//! };
//!
//! // get_generalized_index(BeaconBlockBody, 'blob_kzg_commitments', 4):
//! // field 11 of 16 leaves, then the list's data (left of the length),
//! // then element 4 of 4096.
//! let field = Gindex::at(4, 11).unwrap();
//! let data = Gindex::at(1, 0).unwrap();
//! let element = Gindex::at(12, 4).unwrap();
//! let gindex = field.concat(data).and_then(|g| g.concat(element)).unwrap();
//! assert_eq!(gindex.depth(), 17); // KZG_COMMITMENT_INCLUSION_PROOF_DEPTH
//!
//! let proof = prove(&body, gindex)?;
//! let kzg_commitment_inclusion_proof = proof.branch; // 17 roots
//!
//! // The receiver's check (verify_blob_sidecar_inclusion_proof), without
//! // the body: the commitment's root, the branch and the header's body_root.
//! let body_root = body.hash_tree_root();
//! assert!(is_valid_merkle_branch(
//!     &body.blob_kzg_commitments[4].hash_tree_root(),
//!     &kzg_commitment_inclusion_proof,
//!     17,
//!     gindex.position(), // get_subtree_index(gindex)
//!     &body_root,
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A light-client finality branch (altair light-client/sync-protocol.md):
//! the root of the state's `finalized_checkpoint`, generalized index 105.
//!
//! ```
//! use peam_ssz_types::proof::{is_valid_merkle_branch, prove, Gindex, ProofError};
//! use peam_ssz_types::{Bytes32, Ssz, TreeHash};
//!
//! #[derive(Ssz, TreeHash, Default)]
//! struct Checkpoint {
//!     epoch: u64,
//!     root: Bytes32,
//! }
//!
//! // The altair state's 24 fields; all but the finalized checkpoint stand
//! // in as roots.
//! #[derive(Ssz, TreeHash, Default)]
//! struct BeaconState {
//!     genesis_time: u64,
//!     genesis_validators_root: Bytes32,
//!     slot: u64,
//!     fork: Bytes32,
//!     latest_block_header: Bytes32,
//!     block_roots: Bytes32,
//!     state_roots: Bytes32,
//!     historical_roots: Bytes32,
//!     eth1_data: Bytes32,
//!     eth1_data_votes: Bytes32,
//!     eth1_deposit_index: u64,
//!     validators: Bytes32,
//!     balances: Bytes32,
//!     randao_mixes: Bytes32,
//!     slashings: Bytes32,
//!     previous_epoch_participation: Bytes32,
//!     current_epoch_participation: Bytes32,
//!     justification_bits: Bytes32,
//!     previous_justified_checkpoint: Checkpoint,
//!     current_justified_checkpoint: Checkpoint,
//!     finalized_checkpoint: Checkpoint,
//!     inactivity_scores: Bytes32,
//!     current_sync_committee: Bytes32,
//!     next_sync_committee: Bytes32,
//! }
//!
//! let state = BeaconState {
//!     slot: 6400,
//!     finalized_checkpoint: Checkpoint { epoch: 199, root: Bytes32::new([0x42; 32]) },
//!     ..Default::default()
//! };
//!
//! // Field 20 of 32 leaves, then field 1 (`root`) of the checkpoint.
//! let gindex = Gindex::at(5, 20).unwrap().concat(Gindex::at(1, 1).unwrap()).unwrap();
//! assert_eq!(gindex.get(), 105); // FINALIZED_ROOT_GINDEX
//!
//! let proof = prove(&state, gindex)?;
//! assert_eq!(proof.leaf, [0x42; 32]);
//! let finality_branch = proof.branch; // 6 roots
//!
//! // The light client holds the attested header's state_root only.
//! let state_root = state.hash_tree_root();
//! assert!(is_valid_merkle_branch(&[0x42; 32], &finality_branch, 6, 41, &state_root));
//!
//! // Below a basic value there is no node: an error, not a panic.
//! let below = gindex.concat(Gindex::at(1, 0).unwrap()).unwrap();
//! assert_eq!(prove(&state, below), Err(ProofError::NoSuchNode { gindex: below }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Types
//!
//! | SSZ | Rust |
//! |---|---|
//! | `uint8`, `uint16`, `uint32`, `uint64`, `uint128` | `u8`, `u16`, `u32`, `u64`, `u128` |
//! | `uint256` | [`U256`] |
//! | `boolean` | `bool` |
//! | `Vector[T, N]` | `[T; N]` (inline) or [`Vector<T, N>`] (heap) |
//! | `ByteVector[N]`, `BytesN` | [`FixedBytes<N>`] (inline: [`Bytes4`], [`Bytes8`], [`Bytes20`], [`Bytes32`], [`Bytes48`], [`Bytes96`]) or [`ByteVector<N>`] (heap) |
//! | `List[T, N]` | [`List<T, N>`] |
//! | `ByteList[N]` | [`ByteList<N>`] |
//! | `Bitvector[N]` | [`Bitvector<N>`] |
//! | `Bitlist[N]` | [`Bitlist<N>`] |
//! | `ProgressiveList[T]` (EIP-7916) | [`ProgressiveList<T>`] |
//! | `ProgressiveList[byte]` | [`ProgressiveByteList`] |
//! | `ProgressiveBitlist` (EIP-7916) | [`ProgressiveBitlist`] |
//! | `Container` | a struct with `#[derive(Ssz, TreeHash)]` |
//! | `ProgressiveContainer(active_fields)` (EIP-7495) | a struct with `#[ssz(active_fields = [1, 0, 1])]` |
//! | `Union[...]` | an enum with `#[derive(Ssz, TreeHash)]` |
//! | `CompatibleUnion({...})` (EIP-8016) | an enum with `#[ssz(compatible_union)]` |
//!
//! The derive's attributes are documented on [`macro@Ssz`].
//!
//! # Lengths are types
//!
//! Limits and vector lengths are types implementing [`Length`]: [`U<N>`] for
//! a number, [`Prod<A, B>`] for a product, or a preset's associated type,
//! so that a container is written once for every preset:
//!
//! ```
//! use peam_ssz_types::{Length, List, Prod, Ssz, TreeHash, U};
//!
//! trait Preset: 'static {
//!     type MaxValidatorsPerCommittee: Length;
//!     type MaxCommitteesPerSlot: Length;
//! }
//!
//! struct Minimal;
//! impl Preset for Minimal {
//!     type MaxValidatorsPerCommittee = U<2048>;
//!     type MaxCommitteesPerSlot = U<4>;
//! }
//!
//! #[derive(Ssz, TreeHash)]
//! struct Attestation<P: Preset> {
//!     indices: List<u64, Prod<P::MaxValidatorsPerCommittee, P::MaxCommitteesPerSlot>>,
//! }
//!
//! assert_eq!(List::<u64, Prod<U<2048>, U<4>>>::max_len(), 8192);
//! # let _ = Attestation::<Minimal> { indices: List::new() }.hash_tree_root();
//! ```
//!
//! # Bounds
//!
//! A bounded value cannot break its bound through the safe API: a
//! [`List`] or [`Bitlist`] never holds more than its limit (`push` and the
//! constructors return a [`BoundError`]), a [`Vector`], [`ByteVector`] or
//! [`Bitvector`] always holds exactly its length (a [`LengthError`]
//! otherwise). Elements can still be changed in place: the sequences deref
//! to slices. `Vector[T, 0]` and `Bitvector[0]` are illegal SSZ types:
//! decoding them fails and their infallible constructors do not compile.
//!
//! A *maximum* is a bound that is not a Merkle limit: `List<T, N, M>` and
//! the progressive types take one ([`MaxLen`]: a [`Length`], [`Unbounded`],
//! or a run-time [`RuntimeMax`] set by [`with_max`]), checked by decoding
//! before it allocates, by the constructors and by `push`, and changing no
//! byte, root or generalized index (module [`bound`]; `docs/bounds.md`).
//!
//! # Decoding
//!
//! [`Ssz::from_ssz`] takes untrusted bytes. It never panics, rejects every
//! encoding that is not canonical (bad offsets, trailing bytes, lists over
//! their limit, a bitlist without its delimiter bit, bitvector bits past the
//! length, invalid booleans and union selectors), and allocates in
//! proportion to its input, never to a declared length or limit. Lists of
//! basic values decode and encode in one pass over the bytes; byte types
//! are one copy.
//!
//! # Streams
//!
//! [`Ssz::ssz_write_to`] writes a value to a [`stream::Sink`] (a `Vec`, or
//! any `std::io::Write` through [`stream::IoSink`]) without building its
//! whole encoding; [`Ssz::ssz_read_from`] reads one from the next `len`
//! bytes of a [`stream::Source`] (a slice, or any `std::io::Read` through
//! [`stream::IoSource`]) as strictly as `from_ssz`, with the same errors,
//! holding what the value holds and a small constant, not the encoding.
//! Lists refuse a length over their bound before reading an element.
//! `ssz_snappy` messages stream too ([`snappy::read_req_resp`], feature
//! `snappy`).
//!
//! ```
//! use peam_ssz_types::{stream, ByteList, List, Ssz, TreeHash, U};
//! use std::io::{BufReader, BufWriter, Write};
//!
//! #[derive(Debug, PartialEq, Ssz, TreeHash)]
//! struct Block {
//!     slot: u64,
//!     graffiti: ByteList<U<32>>,
//!     roots: List<[u8; 32], U<1024>>,
//! }
//!
//! let block = Block {
//!     slot: 9,
//!     graffiti: ByteList::try_from(b"peam".to_vec())?,
//!     roots: List::try_from(vec![[7; 32]; 100])?,
//! };
//!
//! // To a file, then back from it: its size is the length.
//! let path = std::env::temp_dir().join(format!("peam-stream-{}.ssz", std::process::id()));
//! let mut file = BufWriter::new(std::fs::File::create(&path)?);
//! stream::write(&block, &mut file)?;
//! file.flush()?;
//! drop(file);
//! let len = std::fs::metadata(&path)?.len() as usize;
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! assert_eq!(stream::read::<Block>(file, len)?, block);
//! std::fs::remove_file(&path)?;
//!
//! // To a `Vec`, then from any reader, here one of two values back to back.
//! let mut out = Vec::new();
//! block.ssz_write_to(&mut out)?;
//! 5u64.ssz_write_to(&mut out)?;
//! assert_eq!(out[..block.ssz_len()], block.to_ssz());
//! let mut reader = stream::IoSource::new(&out[..]);
//! assert_eq!(Block::ssz_read_from(&mut reader, block.ssz_len())?, block);
//! assert_eq!(u64::ssz_read_from(&mut reader, 8)?, 5);
//!
//! // Bad bytes fail as `decode` fails on them (the type named), here on
//! // the first offset.
//! let bad = [0u8; 16];
//! let err = stream::read::<Block>(&bad[..], 16).unwrap_err();
//! let expected = peam_ssz_types::decode::<Block>(&bad).unwrap_err();
//! assert_eq!(err.decode_error(), Some(&expected));
//! assert!(err.to_string().contains("at .graffiti: "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Generalized indices
//!
//! Every type knows the shape of its tree ([`path::TreeLayout`]), so a
//! path gives the generalized index of a node (`get_generalized_index`,
//! merkle-proofs.md): [`gindex!`] at compile time, with field names checked
//! by the type system and the index a constant, or [`path::gindex_of_str`]
//! at run time, with an error naming the step that does not exist.
//!
//! ```
//! use peam_ssz_types::{gindex, path, Gindex, List, TreeHash, U};
//!
//! #[derive(TreeHash)]
//! struct Block {
//!     slot: u64,
//!     roots: List<[u8; 32], U<16>>,
//! }
//!
//! const ROOT_3: Gindex = gindex!(Block, roots[3]);
//! assert_eq!(ROOT_3.get(), (3 * 2) * 16 + 3);
//! assert_eq!(path::gindex_of_str::<Block>("roots[3]"), Ok(ROOT_3));
//! assert_eq!(gindex!(Block, roots.__len__).get(), 3 * 2 + 1);
//! assert!(path::gindex_of_str::<Block>("roots[16]").is_err());
//! ```
//!
//! # Serde
//!
//! With the `serde` feature, every type reads and writes the consensus
//! JSON/YAML mapping (simple-serialize.md, "JSON mapping"), as the spec-test
//! `value.yaml` files and the beacon API use it:
//!
//! | type | format |
//! |---|---|
//! | [`List`], [`Vector`], [`ProgressiveList`] | a sequence |
//! | [`ByteList`], [`ByteVector`], [`FixedBytes`], [`ProgressiveByteList`] | `"0x"` and lowercase hex |
//! | [`Bitlist`], [`ProgressiveBitlist`] | the hex of the SSZ bytes, delimiter bit included: `"0x1c"` |
//! | [`Bitvector`] | the hex of the SSZ bytes |
//! | [`U256`] | a decimal string; reads a string or an integer |
//!
//! Reading enforces every bound: a list over its limit, a vector of another
//! length, a bitvector with excess bits are errors. Integer fields in the
//! consensus formats are decimal strings: the `serde_utils` module has
//! `#[serde(with = ...)]` modules for them (`quoted_u64`, `quoted_u128`, and
//! `quoted_int_seq` for lists of quoted integers).
//!
//! A container generic over a preset needs `#[serde(bound = "")]`: serde's
//! derive otherwise requires `P: Serialize` and `P: Deserialize` of the
//! preset marker itself, which has no reason to implement them, while the
//! fields' impls (`List<T, N>` needs only `T: Serialize`) are all it needs.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use peam_ssz_types::{Length, List, Ssz, TreeHash, U};
//!
//! trait Preset: 'static {
//!     type MaxAttestations: Length;
//! }
//! struct Mainnet;
//! impl Preset for Mainnet {
//!     type MaxAttestations = U<128>;
//! }
//!
//! #[derive(Ssz, TreeHash, serde::Serialize, serde::Deserialize)]
//! #[serde(bound = "")]
//! struct Body<P: Preset> {
//!     attestation_slots: List<u64, P::MaxAttestations>,
//! }
//!
//! let body: Body<Mainnet> = serde_yaml::from_str("attestation_slots: [1, 2]").unwrap();
//! assert_eq!(body.attestation_slots.len(), 2);
//! # }
//! ```

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;
// Lets derived code inside this crate name it by its public path.
extern crate self as peam_ssz_types;

pub use peam_ssz_core::*;
pub use peam_ssz_derive::{Ssz, TreeHash};

#[cfg(feature = "alloy")]
pub mod alloy;
#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary;
pub mod bitfield;
pub mod bound;
pub mod bytes;
mod cached;
mod error;
mod exact;
mod hex;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod json;
mod list;
pub mod persistent;
mod progressive;
mod runtime_list;
pub mod seq;
#[cfg(feature = "serde")]
mod serde_support;
#[cfg(feature = "serde")]
pub mod serde_utils;
#[cfg(feature = "snappy")]
#[cfg_attr(docsrs, doc(cfg(feature = "snappy")))]
pub mod snappy;
mod tree_layout;
mod uint;
mod vector;
mod views;

pub use bitfield::{Bitlist, Bits, Bitvector, ProgressiveBitlist};
#[cfg(feature = "std")]
pub use bound::{with_max, RuntimeMax};
pub use bound::{Bounded, MaxLen, Min, Unbounded};
pub use bytes::{
    ByteList, ByteVector, Bytes20, Bytes32, Bytes4, Bytes48, Bytes8, Bytes96, FixedBytes,
    ProgressiveByteList,
};
pub use cached::Cached;
pub use error::{BoundError, IndexError, LengthError, RangeError};
pub use exact::ExactList;
pub use hex::HexError;
#[cfg(feature = "serde")]
pub use json::ConsensusJson;
pub use list::List;
pub use persistent::{PersistentList, PersistentProgressiveList, PersistentVector};
pub use progressive::ProgressiveList;
pub use runtime_list::RuntimeList;
#[cfg(feature = "serde")]
pub use runtime_list::RuntimeListSeed;
pub use uint::{ParseU256Error, SmallUint, U256OverflowError, U256};
pub use vector::Vector;

/// The code blocks of `docs/proofs.md`, run as doctests.
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../docs/proofs.md")]
pub struct ProofsDoc;

/// The examples of `docs/bounds.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/bounds.md")]
pub struct BoundsDoc;
// The guide's pages whose code uses this crate: each Rust block is a doctest.
#[cfg(doctest)]
#[doc = include_str!("../docs/editions.md")]
pub struct EditionsDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/types.md")]
pub struct TypesDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/lighthouse.md")]
pub struct LighthouseDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/paths.md")]
pub struct PathsDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/performance.md")]
pub struct PerformanceDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/hostile-input.md")]
pub struct HostileInputDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/platforms.md")]
pub struct PlatformsDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/workspace.md")]
pub struct WorkspaceDoc;
#[cfg(doctest)]
#[doc = include_str!("../docs/streams.md")]
pub struct StreamsDoc;
#[cfg(all(doctest, feature = "alloy", feature = "serde"))]
#[doc = include_str!("../docs/client-types.md")]
pub struct ClientTypesDoc;

/// The examples of `docs/snappy.md`, compiled and run as doctests.
#[cfg(all(doctest, feature = "snappy"))]
#[doc = include_str!("../docs/snappy.md")]
pub struct SnappyDoc;
