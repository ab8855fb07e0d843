//! The SSZ types of Lean consensus: leanSpec's fork `lstar` (commit
//! `43246bd`, 2026-06-26), every container of its consensus, XMSS and
//! networking modules, on peam-ssz.
//!
//! Lean consensus keeps standard SSZ with SHA-256 merkleization; what goes
//! past plain SSZ is carried by the types:
//!
//! - [`Fp`], a basic type of its own: a `uint32` that decoding refuses at
//!   or above the KoalaBear prime;
//! - [`Signature`], held inline at a fixed length by its parents though it
//!   is a container of variable-size fields (`#[ssz(fixed_len = ...)]`),
//!   its lists pinned to exact lengths under a larger Merkle limit
//!   ([`ExactList`](peam_ssz_types::ExactList));
//! - [`Validators`], a list that decoding refuses when an index is not its
//!   position (`#[ssz(validate = ...)]`);
//! - two XMSS presets, [`TestKeys`] and [`ProdKeys`], chosen by a type
//!   parameter, so both work in one build.
//!
//! ```
//! use peam_ssz_lean::{ProdKeys, Signature, SignedAttestation, TestKeys};
//! use peam_ssz_types::Ssz;
//!
//! assert_eq!(<Signature<TestKeys>>::FIXED_PART_LEN, 424);
//! assert_eq!(<Signature<ProdKeys>>::FIXED_PART_LEN, 2536);
//! assert_eq!(<SignedAttestation<ProdKeys>>::FIXED_PART_LEN, 2672);
//!
//! let att = SignedAttestation::<TestKeys>::default();
//! let bytes = att.to_ssz();
//! assert_eq!(bytes.len(), 560);
//! assert_eq!(SignedAttestation::<TestKeys>::from_ssz(&bytes)?, att);
//! # Ok::<(), peam_ssz_types::DecodeError>(())
//! ```

#![deny(missing_docs)]

mod consensus;
mod fp;
mod networking;
mod preset;
mod xmss;

pub use consensus::*;
pub use fp::{Fp, FP_NOT_CANONICAL};
pub use networking::*;
pub use preset::{ProdKeys, TestKeys, XmssPreset, HASH_LEN_FE, PARAMETER_LEN, RAND_LEN_FE};
pub use xmss::*;

use peam_ssz_types::{Bitlist, ByteList, FixedBytes, U};

/// `VALIDATOR_REGISTRY_LIMIT = 2^12`.
pub type ValidatorRegistryLimit = U<4096>;
/// `HISTORICAL_ROOTS_LIMIT = 2^18`.
pub type HistoricalRootsLimit = U<262144>;
/// `Bytes52`: an XMSS public key's bytes.
pub type Bytes52 = FixedBytes<52>;
/// `AggregationBits = Bitlist[VALIDATOR_REGISTRY_LIMIT]`.
pub type AggregationBits = Bitlist<ValidatorRegistryLimit>;
/// `ByteList512KiB = ByteList[524288]`: aggregation proof bytes.
pub type ProofBytes = ByteList<U<524288>>;

/// The examples of `docs/lean.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/lean.md")]
pub struct LeanDoc;
