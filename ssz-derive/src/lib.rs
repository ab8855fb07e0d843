//! `#[derive(Ssz, TreeHash)]` for peam-ssz: SSZ containers, unions,
//! progressive containers (EIP-7495), compatible unions (EIP-8016) and
//! transparent newtypes, as `ssz/simple-serialize.md` (consensus-specs
//! v1.6.1) defines them.
//!
//! Use the derives through `peam_ssz_types`, which re-exports them next to
//! the traits they implement: `use peam_ssz_types::{Ssz, TreeHash};` brings
//! both the traits and the derives into scope.
//!
//! # Attributes
//!
//! | attribute | on | meaning |
//! |---|---|---|
//! | `#[ssz(crate = "path")]` | struct, enum | name the runtime crate by `path` instead of `::peam_ssz_types` |
//! | `#[ssz(transparent)]` | struct with one field | encode, decode and merkleize as the field |
//! | `#[ssz(active_fields = [1, 0, 1])]` | struct with named fields | a progressive container |
//! | `#[ssz(edition = "v1.6")]` | progressive container | merkleize it as consensus-specs v1.6.1 does (`"v1.7"`, or a type implementing `Edition` such as a type parameter `E`); the current edition without it |
//! | `#[ssz(compatible_union)]` | enum | a compatible union |
//! | `#[ssz(selector = N)]` | enum variant | the variant's selector |
//! | `#[ssz(with = "module")]` | container field | encode, decode and hash the field with `module`'s functions, for a field whose Rust type is not its SSZ type |
//! | `#[ssz(skip)]` | container field | leave the field out of the encoding and the root; it decodes as `Default::default()` |
//!
//! Every wrong use is a compile error at the attribute, field or variant it
//! concerns, all of them in one build, and nothing else: a rejected
//! attribute is not followed by errors that fixing it would remove.
//!
//! # Field types
//!
//! A field's type is its SSZ type: `u8`..`u256` and `bool` are `uintN` and
//! `boolean`, `[T; N]` is `Vector[T, N]` (N at least 1), `Option<T>` is
//! `Union[None, T]`, and `peam_ssz_types` has the lists, vectors, bitfields
//! and byte types. Types with an obvious SSZ spelling are rejected with it:
//! `Vec<T>` (write `List<T, U<N>>`), `String` (write `ByteList<U<N>>`),
//! a number as a length (`List<u64, 1024>`: write `U<1024>`) and `[T; 0]`
//! (illegal in SSZ).
//!
//! # What generated code relies on
//!
//! Generated impls name everything by absolute path (`::core::...`,
//! `<T as ::peam_ssz_types::Ssz>::...`), so they compile without the prelude
//! and next to items named like the prelude's; the helpers they call live in
//! `peam_ssz_types::__private_3_0_0` (the module is named after the version,
//! which this derive and `peam-ssz-core` share, so that a derive of another
//! version fails to compile with an error that names the module it wanted),
//! compiled once. A struct or enum generic over other types gets a bound
//! per field type (`List<T, P::Limit>: Ssz`), never per type parameter, so a
//! preset parameter `P` needs no `Ssz` impl. A field type that names no
//! parameter is bounded under a binder (`for<'__peam> NotSsz: Ssz`, which
//! is not checked where the impl is written) and checked once beside the
//! impl: a missing impl is one error, at the field.

mod common;
mod fields;
mod hooks;
mod internals;
mod json;
mod path;
#[cfg(test)]
mod snapshot;
mod ssz;
mod stream;
mod tree_hash;
mod view;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `Ssz`: encoding and strict decoding.
///
/// # Containers
///
/// A struct with named fields is a container: the fixed-size fields, and a
/// 4-byte little-endian offset for each variable-size one, then the
/// variable-size fields in order. Field offsets are constants, so a
/// fixed-size container encodes and decodes without allocating.
///
/// ```
/// use peam_ssz_types::{List, Ssz, U};
///
/// #[derive(Ssz, Debug, PartialEq)]
/// struct Checkpoint {
///     epoch: u64,
///     root: [u8; 32],
/// }
///
/// #[derive(Ssz, Debug, PartialEq)]
/// struct Attestation {
///     aggregation_bits: List<u8, U<16>>,
///     target: Checkpoint,
/// }
///
/// assert!(Checkpoint::IS_FIXED_SIZE);
/// assert_eq!(Checkpoint::FIXED_PART_LEN, 40);
///
/// let a = Attestation {
///     aggregation_bits: List::try_from(vec![0xff, 0x01]).unwrap(),
///     target: Checkpoint { epoch: 3, root: [0xaa; 32] },
/// };
/// let bytes = a.to_ssz();
/// assert_eq!(bytes[..4], [44, 0, 0, 0]); // offset of `aggregation_bits`
/// assert_eq!(bytes[4..12], [3, 0, 0, 0, 0, 0, 0, 0]); // target.epoch
/// assert_eq!(bytes[44..], [0xff, 0x01]); // aggregation_bits
/// assert_eq!(Attestation::from_ssz(&bytes)?, a);
///
/// // Decoding is strict, and errors name where they happened.
/// let err = Attestation::from_ssz(&bytes[..40]).unwrap_err();
/// assert_eq!(err.to_string(), "expected at least 44 bytes, got 40");
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// A container may be generic. Each field type is bounded, not each type
/// parameter, so lengths can come from a preset trait:
///
/// ```
/// use peam_ssz_types::{Length, List, Ssz, TreeHash, U};
///
/// trait Preset {
///     type MaxValidatorsPerCommittee: Length;
/// }
///
/// struct Mainnet;
///
/// impl Preset for Mainnet {
///     type MaxValidatorsPerCommittee = U<2048>;
/// }
///
/// #[derive(Ssz, TreeHash)]
/// struct IndexedAttestation<P: Preset> {
///     attesting_indices: List<u64, P::MaxValidatorsPerCommittee>,
///     signature: [u8; 96],
/// }
///
/// let att = IndexedAttestation::<Mainnet> {
///     attesting_indices: List::try_from(vec![1, 2]).unwrap(),
///     signature: [0; 96],
/// };
/// assert_eq!(att.ssz_len(), 4 + 96 + 16);
/// ```
///
/// # `#[ssz(transparent)]`
///
/// A struct with exactly one field, named or not, is encoded, decoded and
/// merkleized as that field, and packs like it into the leaves of a vector
/// or list.
///
/// ```
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// #[ssz(transparent)]
/// struct Slot(u64);
///
/// assert_eq!(Slot(5).to_ssz(), 5u64.to_ssz());
/// assert_eq!(Slot::from_ssz(&[5, 0, 0, 0, 0, 0, 0, 0])?, Slot(5));
/// assert_eq!([Slot(1), Slot(2)].hash_tree_root(), [1u64, 2].hash_tree_root());
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// # Unions
///
/// An enum is a `Union`: each variant holds one value, `Name(Type)`, and the
/// encoding is the selector byte, then the value. A unit variant is the
/// `None` option; it must come first (selector 0) and the union needs
/// another option. Selectors are the variant indices, or are all written
/// out with `#[ssz(selector = N)]` (0 to 127, unique; gaps are allowed and
/// decode as invalid selectors). Mixing the two is an error, so that adding
/// a variant never renumbers the others silently.
///
/// ```
/// use peam_ssz_types::Ssz;
///
/// #[derive(Ssz, Debug, PartialEq)]
/// enum Payload {
///     None,
///     Small(u16),
///     Big(u64),
/// }
///
/// assert_eq!(Payload::None.to_ssz(), [0]);
/// assert_eq!(Payload::Small(0x0102).to_ssz(), [1, 2, 1]);
/// assert_eq!(Payload::from_ssz(&[2, 1, 0, 0, 0, 0, 0, 0, 0])?, Payload::Big(1));
///
/// #[derive(Ssz, Debug, PartialEq)]
/// enum Versioned {
///     #[ssz(selector = 1)]
///     V1(u32),
///     #[ssz(selector = 3)]
///     V3(u64),
/// }
///
/// assert_eq!(Versioned::V1(7).to_ssz(), [1, 7, 0, 0, 0]);
/// let err = Versioned::from_ssz(&[2, 7, 0, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid union selector 2");
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// # `#[ssz(active_fields = [...])]`
///
/// A progressive container (EIP-7495) is serialized like a container;
/// `active_fields` (0s and 1s, at most 256, ending in 1, one 1 per field)
/// only changes its root. The spec's example:
///
/// ```
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash)]
/// #[ssz(active_fields = [1, 0, 1])]
/// struct Square {
///     side: u16,
///     color: u8,
/// }
///
/// #[derive(Ssz, TreeHash)]
/// #[ssz(active_fields = [0, 1, 1])]
/// struct Circle {
///     radius: u16,
///     color: u8,
/// }
///
/// let square = Square { side: 2, color: 1 };
/// let circle = Circle { radius: 2, color: 1 };
/// assert_eq!(square.to_ssz(), [2, 0, 1]);
/// assert_eq!(circle.to_ssz(), square.to_ssz());
/// assert_ne!(circle.hash_tree_root(), square.hash_tree_root());
/// ```
///
/// # `#[ssz(edition = ...)]`
///
/// Progressive merkleization changed in consensus-specs v1.7.0-alpha.2: the
/// binary subtree of each step moved to the left. A progressive container
/// follows the current spec (`peam_ssz_types::edition::Current`) unless it
/// names an edition: `edition = "v1.6"` for the v1.6.1 roots, `edition =
/// "v1.7"`, or a type implementing `Edition`, such as a type parameter that
/// the progressive fields share. Bytes do not depend on the edition.
///
/// ```
/// use peam_ssz_types::{Edition, ProgressiveBitlist, Ssz, TreeHash, V1_6, V1_7};
///
/// #[derive(Ssz, TreeHash)]
/// #[ssz(active_fields = [1, 0, 1], edition = E)]
/// struct Votes<E: Edition> {
///     slot: u64,
///     bits: ProgressiveBitlist<E>,
/// }
///
/// let old = Votes::<V1_6> { slot: 1, bits: ProgressiveBitlist::from_bools(&[true]) };
/// let new = Votes::<V1_7> { slot: 1, bits: ProgressiveBitlist::from_bools(&[true]) };
/// assert_eq!(old.to_ssz(), new.to_ssz());
/// assert_ne!(old.hash_tree_root(), new.hash_tree_root());
/// ```
///
/// ```compile_fail
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash)]
/// #[ssz(active_fields = [1], edition = "v1.5")] // no such edition
/// struct Slot {
///     slot: u64,
/// }
/// ```
///
/// # `#[ssz(compatible_union)]`
///
/// A compatible union (EIP-8016): every variant holds one value and has an
/// explicit selector from 1 to 127. The options must have compatible
/// merkleization (simple-serialize.md, "Compatible Merkleization"); the
/// derive checks what the traits expose (options are all basic or all
/// composite, basic ones of one size) and leaves the rest of the rule (same
/// field names in progressive containers, same limits, ...) to you.
///
/// ```
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// #[ssz(active_fields = [1, 0, 1])]
/// struct Square {
///     side: u16,
///     color: u8,
/// }
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// #[ssz(active_fields = [0, 1, 1])]
/// struct Circle {
///     radius: u16,
///     color: u8,
/// }
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// #[ssz(compatible_union)]
/// enum Shape {
///     #[ssz(selector = 1)]
///     Square(Square),
///     #[ssz(selector = 2)]
///     Circle(Circle),
/// }
///
/// let shape = Shape::Circle(Circle { radius: 3, color: 1 });
/// assert_eq!(shape.to_ssz(), [2, 3, 0, 1]);
/// assert_eq!(Shape::from_ssz(&[2, 3, 0, 1])?, shape);
/// let err = Shape::from_ssz(&[0, 3, 0, 1]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid union selector 0");
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// # `#[ssz(with = "module")]`
///
/// A field whose Rust type is not its SSZ type (a client's own address or
/// big-integer type, say) names a module that codes it, as serde's `with`
/// does. The module provides, over the field's type `T`, what the traits
/// would:
///
/// | item | for | meaning |
/// |---|---|---|
/// | `const IS_FIXED_SIZE: bool` | `Ssz` | whether the SSZ type is fixed-size |
/// | `const FIXED_PART_LEN: usize` | `Ssz` | its size if fixed, else `BYTES_PER_LENGTH_OFFSET` |
/// | `fn ssz_len(&T) -> usize` | `Ssz` | the encoded length of a value |
/// | `fn ssz_write(&T, &mut [u8])` | `Ssz` | writes a value to a slice of exactly that length |
/// | `fn from_ssz(&[u8]) -> Result<T, DecodeError>` | `Ssz` | strict decoding (an error is reported with the field's name) |
/// | `fn hash_tree_root(&T) -> [u8; 32]` | `TreeHash` | the value's root |
///
/// A module written for one derive needs only that derive's items. The
/// field gets no `Ssz`/`TreeHash` bound. In proofs and paths the field is
/// a leaf: its generalized index is that of the SSZ type it stands for, but
/// the module gives only its root, so nothing below it can be proved, and
/// a static path that steps into it does not compile.
///
/// ```
/// use peam_ssz_types::{gindex, Ssz, TreeHash};
///
/// /// A client's address type, which is not an SSZ type.
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// pub struct Address([u8; 20]);
///
/// /// `Address` as SSZ's `Bytes20`.
/// mod address_as_bytes20 {
///     use super::Address;
///     use peam_ssz_types::{DecodeError, Ssz, TreeHash};
///
///     pub const IS_FIXED_SIZE: bool = true;
///     pub const FIXED_PART_LEN: usize = 20;
///
///     pub fn ssz_len(_: &Address) -> usize {
///         20
///     }
///
///     pub fn ssz_write(value: &Address, out: &mut [u8]) {
///         out.copy_from_slice(&value.0);
///     }
///
///     pub fn from_ssz(bytes: &[u8]) -> Result<Address, DecodeError> {
///         <[u8; 20]>::from_ssz(bytes).map(Address)
///     }
///
///     pub fn hash_tree_root(value: &Address) -> [u8; 32] {
///         value.0.hash_tree_root()
///     }
/// }
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// struct Withdrawal {
///     index: u64,
///     #[ssz(with = "address_as_bytes20")]
///     address: Address,
/// }
///
/// // The same bytes and root as the container the spec writes.
/// #[derive(Ssz, TreeHash)]
/// struct SpecWithdrawal {
///     index: u64,
///     address: [u8; 20],
/// }
///
/// # fn main() -> Result<(), peam_ssz_types::DecodeError> {
/// let w = Withdrawal { index: 1, address: Address([0xaa; 20]) };
/// let spec = SpecWithdrawal { index: 1, address: [0xaa; 20] };
/// assert_eq!(w.to_ssz(), spec.to_ssz());
/// assert_eq!(w.to_ssz()[8..], [0xaa; 20]);
/// assert_eq!(w.hash_tree_root(), spec.hash_tree_root());
/// assert_eq!(Withdrawal::from_ssz(&w.to_ssz())?, w);
/// assert_eq!(gindex!(Withdrawal, address), gindex!(SpecWithdrawal, address));
/// # Ok(())
/// # }
/// ```
///
/// # `#[ssz(skip)]`
///
/// A field that is not part of the SSZ value (a cache, a label) is neither
/// encoded nor hashed, has no generalized index, and decodes as
/// `Default::default()`. A container needs at least one field that is not
/// skipped, and a progressive container's `active_fields` counts only those.
///
/// ```
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash, Debug, PartialEq)]
/// struct Checkpoint {
///     epoch: u64,
///     #[ssz(skip)]
///     cached_root: Option<[u8; 32]>,
/// }
///
/// let c = Checkpoint { epoch: 3, cached_root: Some([1; 32]) };
/// assert_eq!(c.to_ssz(), 3u64.to_ssz());
/// assert_eq!(Checkpoint::from_ssz(&c.to_ssz())?.cached_root, None);
/// assert_eq!(
///     c.hash_tree_root(),
///     Checkpoint { epoch: 3, cached_root: None }.hash_tree_root()
/// );
/// # Ok::<(), peam_ssz_types::DecodeError>(())
/// ```
///
/// A skipped field needs no module:
///
/// ```compile_fail
/// use peam_ssz_types::Ssz;
///
/// mod as_bytes {}
///
/// #[derive(Ssz)]
/// struct Checkpoint {
///     epoch: u64,
///     #[ssz(skip, with = "as_bytes")]
///     cached_root: [u8; 32],
/// }
/// ```
///
/// # `#[ssz(crate = "path")]`
///
/// Generated code names the runtime crate `::peam_ssz_types`; a crate that
/// re-exports it under another path says where:
///
/// ```
/// mod reexport {
///     pub use peam_ssz_types as ssz;
/// }
///
/// #[derive(reexport::ssz::Ssz)]
/// #[ssz(crate = "crate::reexport::ssz")]
/// struct Checkpoint {
///     epoch: u64,
/// }
///
/// # fn main() {
/// use reexport::ssz::Ssz;
/// assert_eq!(Checkpoint { epoch: 1 }.to_ssz(), [1, 0, 0, 0, 0, 0, 0, 0]);
/// # }
/// ```
///
/// # Rejected
///
/// The `None` option of a union must be its first:
///
/// ```compile_fail
/// use peam_ssz_types::Ssz;
///
/// #[derive(Ssz)]
/// enum Payload {
///     Small(u16),
///     None,
/// }
/// ```
///
/// Containers have named fields (use `transparent` for a newtype):
///
/// ```compile_fail
/// use peam_ssz_types::Ssz;
///
/// #[derive(Ssz)]
/// struct Pair(u8, u16);
/// ```
///
/// SSZ lists have a limit, so a `Vec` is not one (write `List<u64, U<N>>`):
///
/// ```compile_fail
/// use peam_ssz_types::Ssz;
///
/// #[derive(Ssz)]
/// struct Indices {
///     indices: Vec<u64>,
/// }
/// ```
#[proc_macro_derive(Ssz, attributes(ssz))]
pub fn derive_ssz(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    ssz::expand(&input).into()
}

/// Derives `TreeHash`: `hash_tree_root`, with the same `#[ssz(...)]`
/// attributes as [`macro@Ssz`].
///
/// - A container: `merkleize([hash_tree_root(field), ...])`, the field roots
///   gathered on the stack.
/// - A progressive container: `mix_in_active_fields(merkleize_progressive(
///   leaves), active_fields)`, the leaves holding the field roots at the
///   positions of the 1s and zero chunks at the 0s.
/// - A union or compatible union: `mix_in_selector(hash_tree_root(value),
///   selector)`; `None` is `mix_in_selector(Bytes32(), 0)`.
/// - A transparent newtype: its field's root and leaves.
///
/// ```text
///            root                       Checkpoint { epoch, root }
///          /      \
///   uint64(epoch)  root                 hash(epoch as a chunk, root)
/// ```
///
/// ```
/// use peam_ssz_types::sha256::sha256;
/// use peam_ssz_types::TreeHash;
///
/// #[derive(TreeHash)]
/// struct Checkpoint {
///     epoch: u64,
///     root: [u8; 32],
/// }
///
/// let checkpoint = Checkpoint { epoch: 3, root: [0xaa; 32] };
/// let mut leaves = [0u8; 64];
/// leaves[0] = 3;
/// leaves[32..].copy_from_slice(&[0xaa; 32]);
/// assert_eq!(checkpoint.hash_tree_root(), sha256(&leaves));
///
/// #[derive(TreeHash)]
/// enum Payload {
///     None,
///     Small(u16),
/// }
///
/// // mix_in_selector(Bytes32(), 0): the hash of 64 zero bytes.
/// assert_eq!(Payload::None.hash_tree_root(), sha256(&[0; 64]));
/// let mut mixed = [0u8; 64];
/// mixed[..2].copy_from_slice(&7u16.to_le_bytes());
/// mixed[32] = 1;
/// assert_eq!(Payload::Small(7).hash_tree_root(), sha256(&mixed));
/// ```
///
/// Options of a compatible union that pack differently cannot be compatible:
///
/// ```compile_fail
/// use peam_ssz_types::TreeHash;
///
/// #[derive(TreeHash)]
/// #[ssz(compatible_union)]
/// enum Mixed {
///     #[ssz(selector = 1)]
///     Byte(u8),
///     #[ssz(selector = 2)]
///     Word(u16),
/// }
/// ```
///
/// `active_fields` holds one 1 per field:
///
/// ```compile_fail
/// use peam_ssz_types::TreeHash;
///
/// #[derive(TreeHash)]
/// #[ssz(active_fields = [1, 0, 1])]
/// struct Square {
///     side: u16,
/// }
/// ```
///
/// # Paths
///
/// The derive also implements `path::TreeLayout` (the shape of the type's
/// tree) and, for each field or variant, `path::Field<ID>`, so that
/// `gindex!` turns a path into a generalized index at compile time, and
/// `path::gindex_of_str` at run time (`get_generalized_index` of
/// `ssz/merkle-proofs.md`):
///
/// ```
/// use peam_ssz_types::path::{gindex_of_str, PathErrorKind};
/// use peam_ssz_types::{gindex, try_gindex, Gindex, List, TreeHash, U};
///
/// #[derive(TreeHash)]
/// struct Checkpoint {
///     epoch: u64,
///     root: [u8; 32],
/// }
///
/// #[derive(TreeHash)]
/// struct State {
///     slot: u64,
///     finalized_checkpoint: Checkpoint,
///     balances: List<u64, U<1024>>,
/// }
///
/// // get_generalized_index(State, 'finalized_checkpoint', 'root'): field 1
/// // of 3 is node 5, and `root` its right child.
/// const FINALIZED_ROOT: Gindex = gindex!(State, finalized_checkpoint.root);
/// assert_eq!(FINALIZED_ROOT.get(), 11);
/// assert_eq!(gindex_of_str::<State>("finalized_checkpoint.root"), Ok(FINALIZED_ROOT));
///
/// // Four balances per chunk, below the list's data root; an index
/// // computed at run time takes `try_gindex!`.
/// let i = 9;
/// assert_eq!(try_gindex!(State, balances[i])?.get(), (6 * 2) * 256 + 2);
/// assert_eq!(gindex!(State, balances.__len__).get(), 6 * 2 + 1);
///
/// let err = gindex_of_str::<State>("balances[1024]").unwrap_err();
/// assert_eq!(err.position, 1);
/// assert_eq!(err.kind, PathErrorKind::IndexOutOfRange { index: 1024, bound: 1024 });
/// let err = gindex_of_str::<State>("finalised_checkpoint").unwrap_err();
/// assert_eq!(err.to_string(), "path step 0: no field or variant `finalised_checkpoint`");
/// # Ok::<(), peam_ssz_types::path::PathError>(())
/// ```
///
/// A misspelt field in a static path does not compile:
///
/// ```compile_fail
/// use peam_ssz_types::{gindex, Gindex, TreeHash};
///
/// #[derive(TreeHash)]
/// struct Checkpoint {
///     epoch: u64,
///     root: [u8; 32],
/// }
///
/// const ROOT: Gindex = gindex!(Checkpoint, rooot);
/// ```
#[proc_macro_derive(TreeHash, attributes(ssz))]
pub fn derive_tree_hash(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    tree_hash::expand(&input).into()
}

/// Derives `ConsensusJson`, and serde's `Serialize` and `Deserialize`
/// through it: the consensus JSON conventions (integers of 64 bits and more
/// as decimal strings, byte vectors, byte lists and bitfields as `0x` hex, unions as
/// `{"selector": n, "data": ...}`) with no attribute per field. It reads the
/// same `#[ssz(...)]` attributes as [`macro@Ssz`]: skipped fields are left
/// out, and `validate` checks what is read. Needs `peam_ssz_types`'s `serde`
/// feature; the module `peam_ssz_types::json` has the conventions.
///
/// ```
/// use peam_ssz_types::{Bytes4, ConsensusJson, Ssz, TreeHash};
///
/// #[derive(Ssz, TreeHash, ConsensusJson, Debug, PartialEq)]
/// struct Fork {
///     previous_version: Bytes4,
///     current_version: Bytes4,
///     epoch: u64,
/// }
///
/// let fork = Fork {
///     previous_version: Bytes4::from([0; 4]),
///     current_version: Bytes4::from([1, 0, 0, 0]),
///     epoch: 9,
/// };
/// let json = serde_json::to_string(&fork)?;
/// assert_eq!(
///     json,
///     r#"{"previous_version":"0x00000000","current_version":"0x01000000","epoch":"9"}"#
/// );
/// assert_eq!(serde_json::from_str::<Fork>(&json)?, fork);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[proc_macro_derive(ConsensusJson, attributes(ssz))]
pub fn derive_consensus_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    json::expand(&input).into()
}
