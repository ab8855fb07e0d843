//! Generalized indices from paths: `get_generalized_index` of
//! `ssz/merkle-proofs.md` (consensus-specs v1.6.1), for every SSZ type.
//!
//! A path names a node of a value's tree by steps: a field of a container,
//! an element of a vector, list or bitfield, the length of a list
//! (`__len__`), the selector of a union (`__selector__`) or its value (by
//! the variant's name). Every type describes its tree in a [`Layout`]
//! ([`TreeLayout::LAYOUT`], built at compile time from the layouts of the
//! types it holds), and a path is folded over layouts step by step:
//!
//! - at compile time, through [`gindex!`](crate::gindex): field names are
//!   checked by the type system (the derive implements [`Field`] for every
//!   field), and the index is a constant;
//! - at run time, through [`gindex_of`] and [`gindex_of_str`], for paths that
//!   come from tools or users (the spec's own notation,
//!   `get_generalized_index(BeaconState, 'finalized_checkpoint', 'root')`,
//!   is `"finalized_checkpoint.root"`), with a [`PathError`] naming the
//!   step that does not exist.
//!
//! Every step is computed in `u128` ([`Gindex`]); an index that would not
//! fit is [`PathErrorKind::Overflow`], never a wrong number.
//!
//! # The rules, per type
//!
//! `merkle-proofs.md` (v1.6.1, "SSZ object to index") gives them for
//! containers, vectors and lists:
//!
//! - container of `n` fields, field `k`: node `k` at depth
//!   `ceil(log2(n))` (`get_power_of_two_ceil(chunk_count)`);
//! - vector of `N` elements of size `s` (32 for composite elements),
//!   element `i`: the chunk `i * s // 32` among `ceil(N * s / 32)` chunks;
//! - list of limit `N`: the same below node 2 (the data root of
//!   `mix_in_length`), and `__len__` is node 3.
//!
//! The other types follow from their merkleization in
//! `ssz/simple-serialize.md` (v1.6.1, "Merkleization"), by the same
//! reasoning:
//!
//! - bitvector, bitlist: bit `i` is in chunk `i // 256`, among
//!   `chunk_count = (N + 255) // 256`; a bitlist's data is under node 2 and
//!   its length is node 3;
//! - progressive list, progressive bitlist: `mix_in_length` over
//!   `merkleize_progressive(chunks)`, whose chunk `c` lies in the subtree of
//!   `n = 1, 4, 16, ...` leaves that holds it ([`progressive_chunk`]);
//! - progressive container: `mix_in_active_fields` over
//!   `merkleize_progressive` of one chunk per entry of `active_fields`, so a
//!   field is the chunk at its position in `active_fields`, below node 2;
//! - union, compatible union: `mix_in_selector(hash_tree_root(value),
//!   selector)`, so the value is node 2 (the step is the variant's name)
//!   and `__selector__` is node 3.
//!
//! A basic value is a leaf (or part of one, when packed): no step goes
//! below it.

use crate::edition::Rules;
use crate::gindex::Gindex;
use crate::merkle::depth_for;
use alloc::string::String;
use core::fmt;

mod fold;
mod owned;
mod parse;
#[cfg(test)]
mod tests;

#[doc(hidden)]
pub use fold::{__Folded, __elements, __expect, __field, __finish, __step};
pub use owned::{Path, PathLike, Step};
pub use parse::{parse_path, PathSteps};

/// The shape of a type's Merkle tree, as far as paths need it.
///
/// Built at compile time by [`TreeLayout`] impls from the layouts of the
/// types a type holds; `&'static` throughout, so a run-time path walks it
/// without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// A basic type (`uintN`, `boolean`) of `size` bytes: a leaf.
    Basic {
        /// Its size in bytes, 1 to 32.
        size: u8,
    },
    /// `Vector[elem, length]` (and the byte vectors, `elem` = `uint8`).
    Vector {
        /// The element type's layout.
        elem: &'static Layout,
        /// The number of elements.
        length: u64,
    },
    /// `List[elem, limit]` (and byte lists).
    List {
        /// The element type's layout.
        elem: &'static Layout,
        /// The most elements the list may hold.
        limit: u64,
    },
    /// `Bitvector[length]`.
    Bitvector {
        /// The number of bits.
        length: u64,
    },
    /// `Bitlist[limit]`.
    Bitlist {
        /// The most bits the list may hold.
        limit: u64,
    },
    /// `ProgressiveList[elem]` (EIP-7916).
    ProgressiveList {
        /// The element type's layout.
        elem: &'static Layout,
        /// The edition, whose rules order `merkleize_progressive`'s
        /// children.
        edition: Rules,
    },
    /// `ProgressiveBitlist` (EIP-7916).
    ProgressiveBitlist {
        /// The edition, as for [`Layout::ProgressiveList`].
        edition: Rules,
    },
    /// A container or a progressive container (EIP-7495): its fields, each
    /// with its index relative to the container's root.
    Container {
        /// The fields, in declaration order.
        fields: &'static [FieldLayout],
    },
    /// A union or a compatible union (EIP-8016).
    Union {
        /// The variants, in declaration order.
        variants: &'static [VariantLayout],
    },
}

/// A field of a container, as [`Layout::Container`] holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    /// The field's name.
    pub name: &'static str,
    /// Its node, relative to the container's root.
    pub gindex: Gindex,
    /// Its type's layout.
    pub layout: &'static Layout,
}

/// A variant of a union, as [`Layout::Union`] holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantLayout {
    /// The variant's name.
    pub name: &'static str,
    /// Its selector.
    pub selector: u8,
    /// Its value's layout; `None` for the `None` option.
    pub layout: Option<&'static Layout>,
}

/// `uint8`: the layout of a byte, and of a union's selector.
pub const UINT8: &Layout = &Layout::Basic { size: 1 };
/// `uint64`: the layout of `__len__` in `get_generalized_index`.
pub const UINT64: &Layout = &Layout::Basic { size: 8 };
/// `boolean`: the layout of a bit of a bitfield.
pub const BOOLEAN: &Layout = &Layout::Basic { size: 1 };

/// A type whose tree a path can walk: every SSZ type.
///
/// Implemented by `ssz-core` for the basic types and arrays, by
/// `peam-ssz-types` for its types, and by `#[derive(TreeHash)]` for
/// containers, progressive containers, unions and transparent newtypes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Merkle layout for paths",
    label = "`{Self}` does not implement `TreeLayout`",
    note = "`#[derive(TreeHash)]` implements it for containers and unions"
)]
pub trait TreeLayout {
    /// The shape of the type's tree.
    const LAYOUT: &'static Layout;
}

/// A field (of a container) or variant (of a union) that a static path
/// names, for [`gindex!`](crate::gindex): `ID` is [`field_id`] of the name.
/// `#[derive(TreeHash)]` implements it for every field and variant, so a
/// misspelt name is a compile error.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no field or variant of the name this path gives",
    label = "a step of this path names no field of `{Self}`",
    note = "a static path names fields of the derived type; `gindex_of_str` takes a path only known at run time"
)]
pub trait Field<const ID: u64> {
    /// The field's type.
    type Type;
    /// The field's name.
    const NAME: &'static str;
    /// Its node, relative to the root of `Self`.
    const GINDEX: Gindex;
}

/// The step of [`gindex!`](crate::gindex) that names a field: `Self` is
/// the step's marker, a type of the field's name that the macro declares
/// (`struct rooot;`), and `Id` is [`FieldId`] of [`field_id`] of the name.
#[doc(hidden)]
pub trait FieldName {
    /// `FieldId<{ field_id(name) }>`.
    type Id;
}

/// [`field_id`] of a name, as a type ([`FieldName::Id`]).
#[doc(hidden)]
pub struct FieldId<const ID: u64>;

/// `Self` has the field that the marker `Name` names ([`FieldName`]): the
/// [`Field`] of its [`field_id`]. A path goes through this trait rather
/// than `Field` itself so that a misspelt name is an error that names it
/// and the type that lacks it, "`Checkpoint` has no field or variant
/// `rooot`", not the hash of the name.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no field or variant `{Name}`",
    label = "a step of this path names no field of `{Self}`",
    note = "a static path names fields of the derived type; `gindex_of_str` takes a path only known at run time"
)]
pub trait HasField<Name> {
    /// The field's type.
    type Type;
    /// Its node, relative to the root of `Self`.
    const GINDEX: Gindex;
}

/// `Field<ID>` as a type parameter: what lets [`HasField`] reach the
/// `Field` impl of a name's marker.
#[doc(hidden)]
pub trait FieldOfId<Id> {
    /// The field's type.
    type Type;
    /// Its node, relative to the root of `Self`.
    const GINDEX: Gindex;
}

#[diagnostic::do_not_recommend]
impl<T: ?Sized + Field<ID>, const ID: u64> FieldOfId<FieldId<ID>> for T {
    type Type = <T as Field<ID>>::Type;
    const GINDEX: Gindex = <T as Field<ID>>::GINDEX;
}

// Not recommended: a missing field is reported as the missing `HasField`
// of its name, not as the missing `Field` of the name's hash.
#[diagnostic::do_not_recommend]
impl<T: ?Sized + FieldOfId<Name::Id>, Name: FieldName> HasField<Name> for T {
    type Type = <T as FieldOfId<Name::Id>>::Type;
    const GINDEX: Gindex = <T as FieldOfId<Name::Id>>::GINDEX;
}

/// A type whose elements a path indexes (`[i]`): vectors, lists,
/// bitfields, arrays, progressive lists.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no elements to index",
    label = "`[i]` on `{Self}`, which is not a vector, list or bitfield",
    note = "only vectors, lists, bitfields and progressive lists take an index step"
)]
pub trait Elements {
    /// The element type (`bool` for bitfields).
    type Element;
}

/// The identifier of a field name in [`Field`]: its 64-bit FNV-1a hash.
/// The derive refuses two fields (or variants) of one type whose names
/// hash alike.
pub const fn field_id(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// A step of a run-time path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStep<'a> {
    /// A field of a container, or the value of a union's variant, by name.
    Field(&'a str),
    /// An element of a vector, list or bitfield.
    Index(u64),
    /// `__len__`: the length mix-in of a list or bitlist.
    Len,
    /// `__selector__`: the selector mix-in of a union.
    Selector,
}

impl fmt::Display for PathStep<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Field(name) => f.write_str(name),
            PathStep::Index(i) => write!(f, "[{i}]"),
            PathStep::Len => f.write_str("__len__"),
            PathStep::Selector => f.write_str("__selector__"),
        }
    }
}

/// Why a path names no node.
///
/// Owns its text (the name of a field that does not exist), so that it
/// outlives the path it came from: `gindex_of(&steps)?` works in a function
/// that returns `Box<dyn Error>` whatever the steps borrow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The step that failed, counted from 0 (for a syntax error, the step
    /// being read).
    pub position: usize,
    /// What is wrong with it.
    pub kind: PathErrorKind,
}

/// What is wrong with a step of a path. Each cause is a variant of its
/// own, so that a caller can tell them apart (and map each to a code).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathErrorKind {
    /// The container or union has no field or variant of this name.
    NoSuchField {
        /// The name asked for.
        name: String,
    },
    /// The union variant holds no value (the `None` option).
    NoValue {
        /// The variant's name.
        name: String,
    },
    /// The index is beyond the vector's length or the list's limit.
    IndexOutOfRange {
        /// The index asked for.
        index: u64,
        /// The length or limit it must be below.
        bound: u64,
    },
    /// An index step into a type that has no elements.
    NotIndexable,
    /// `__len__` of a type that has no length mix-in (not a list).
    NoLength,
    /// `__selector__` of a type that is not a union.
    NoSelector,
    /// A step below a basic value, which is a leaf.
    BelowBasic,
    /// The generalized index would not fit in 128 bits.
    Overflow,
    /// A path string that does not parse.
    Syntax {
        /// The byte offset in the string where it stopped.
        offset: usize,
    },
}

impl PathError {
    /// The refusal in the catalogue of the ssz-specs suite
    /// ([`PathErrorKind::fault`]).
    pub const fn fault(&self) -> crate::Fault {
        self.kind.fault()
    }
}

impl PathErrorKind {
    /// The refusal in the catalogue of the ssz-specs suite: a name that
    /// names nothing (`NoSuchField`, `NoLength`, `NoSelector`, `Syntax`) is
    /// `NO_SUCH_FIELD`; a position the type does not have
    /// (`IndexOutOfRange`, `NotIndexable`, `NoValue`, `Overflow`)
    /// `NO_SUCH_POSITION`; a step below a basic value `PATH_INTO_PACKED`.
    pub const fn fault(&self) -> crate::Fault {
        use crate::Fault;
        match self {
            PathErrorKind::NoSuchField { .. }
            | PathErrorKind::NoLength
            | PathErrorKind::NoSelector
            | PathErrorKind::Syntax { .. } => Fault::NoSuchField,
            PathErrorKind::NoValue { .. }
            | PathErrorKind::IndexOutOfRange { .. }
            | PathErrorKind::NotIndexable
            | PathErrorKind::Overflow => Fault::NoSuchPosition,
            PathErrorKind::BelowBasic => Fault::PathIntoPacked,
        }
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "path step {}: ", self.position)?;
        match &self.kind {
            PathErrorKind::NoSuchField { name } => write!(f, "no field or variant `{name}`"),
            PathErrorKind::NoValue { name } => write!(f, "union variant `{name}` holds no value"),
            PathErrorKind::IndexOutOfRange { index, bound } => {
                write!(f, "index {index} is not below {bound}")
            }
            PathErrorKind::NotIndexable => f.write_str(StepFault::NotIndexable.message()),
            PathErrorKind::NoLength => f.write_str(StepFault::NoLength.message()),
            PathErrorKind::NoSelector => f.write_str(StepFault::NoSelector.message()),
            PathErrorKind::BelowBasic => f.write_str(StepFault::BelowBasic.message()),
            PathErrorKind::Overflow => f.write_str(StepFault::Overflow.message()),
            PathErrorKind::Syntax { offset } => write!(f, "path does not parse at byte {offset}"),
        }
    }
}

impl core::error::Error for PathError {}

/// A [`PathError`] as a `const fn` can build it: the name borrowed from
/// the path. [`Layout::step`] returns it, so that `gindex!` folds a path
/// at compile time; every public function turns it into a [`PathError`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepError<'a> {
    /// As [`PathError::position`].
    pub position: usize,
    /// As [`PathError::kind`], borrowed.
    pub fault: StepFault<'a>,
}

/// [`PathErrorKind`], borrowing the name: one variant per variant there.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepFault<'a> {
    NoSuchField { name: &'a str },
    NoValue { name: &'a str },
    IndexOutOfRange { index: u64, bound: u64 },
    NotIndexable,
    NoLength,
    NoSelector,
    BelowBasic,
    Overflow,
    Syntax { offset: usize },
}

impl StepFault<'_> {
    /// A fixed description, usable in `const` panics.
    pub(crate) const fn message(&self) -> &'static str {
        match self {
            StepFault::NoSuchField { .. } => "no field or variant of this name",
            StepFault::NoValue { .. } => "the union variant holds no value",
            StepFault::IndexOutOfRange { .. } => {
                "index beyond the vector's length or the list's limit"
            }
            StepFault::NotIndexable => "index step into a type without elements",
            StepFault::NoLength => "`__len__` of a type without a length mix-in",
            StepFault::NoSelector => "`__selector__` of a type that is not a union",
            StepFault::BelowBasic => "step below a basic value",
            StepFault::Overflow => "generalized index overflows 128 bits",
            StepFault::Syntax { .. } => "path does not parse",
        }
    }

    fn to_kind(self) -> PathErrorKind {
        match self {
            StepFault::NoSuchField { name } => PathErrorKind::NoSuchField { name: name.into() },
            StepFault::NoValue { name } => PathErrorKind::NoValue { name: name.into() },
            StepFault::IndexOutOfRange { index, bound } => {
                PathErrorKind::IndexOutOfRange { index, bound }
            }
            StepFault::NotIndexable => PathErrorKind::NotIndexable,
            StepFault::NoLength => PathErrorKind::NoLength,
            StepFault::NoSelector => PathErrorKind::NoSelector,
            StepFault::BelowBasic => PathErrorKind::BelowBasic,
            StepFault::Overflow => PathErrorKind::Overflow,
            StepFault::Syntax { offset } => PathErrorKind::Syntax { offset },
        }
    }
}

impl From<StepError<'_>> for PathError {
    fn from(e: StepError<'_>) -> PathError {
        PathError {
            position: e.position,
            kind: e.fault.to_kind(),
        }
    }
}

/// The left child of the root: the data of `mix_in_length`, the value of
/// `mix_in_selector`, the fields of `mix_in_active_fields`.
const NODE2: Gindex = Gindex::ROOT.child(false).expect("the root has children");
/// The right child of the root: the length, selector or active fields.
const NODE3: Gindex = Gindex::ROOT.child(true).expect("the root has children");

const fn err<T>(position: usize, fault: StepFault<'_>) -> Result<T, StepError<'_>> {
    Err(StepError { position, fault })
}

/// The node of field `index` of a container of `count` fields, relative to
/// the container's root: `merkleize` over one chunk per field.
pub const fn container_field(count: u64, index: u64) -> Option<Gindex> {
    if index >= count {
        return None;
    }
    Gindex::at(depth_for(count as u128), index as u128)
}

/// The node of chunk `chunk` in `merkleize_progressive(chunks)`, relative
/// to its root, for any number of chunks beyond `chunk`.
///
/// At each step (`n = 1, 4, 16, ...` leaves) the node is
/// `hash(rest, merkleize(chunks[:n], n))` with the recursion on the left
/// (`edition.progressive_recursion_left`, consensus-specs v1.6.1), or
/// `hash(merkleize(chunks[:n], n), rest)` (v1.7.0-alpha.2 and later). A
/// chunk below `n` is at position `chunk` in the binary subtree of depth
/// `log2(n)`; a later one is in `rest`, with `chunk - n` and `4n`.
pub const fn progressive_chunk(chunk: u64, edition: Rules) -> Option<Gindex> {
    let (binary, rest) = if edition.progressive_recursion_left {
        (1, 0)
    } else {
        (0, 1)
    };
    let mut node: u128 = 1;
    let mut depth: u32 = 0;
    let mut chunk = chunk as u128;
    // log2 of the subtree's leaf count: 0, 2, 4, ... A `u64` chunk is
    // below the first 33 subtrees (their leaves add up past 4^32 > 2^64),
    // so `subtree_depth` stays below 66 and the shifts below are in range.
    let mut subtree_depth: u32 = 0;
    loop {
        let leaves = 1u128 << subtree_depth;
        if chunk < leaves {
            // One step to the binary subtree, then `subtree_depth` more.
            if depth + 1 + subtree_depth >= 128 {
                return None;
            }
            node = (((node << 1) | binary) << subtree_depth) | chunk;
            return Gindex::new(node);
        }
        if depth + 1 >= 128 {
            return None;
        }
        node = (node << 1) | rest;
        depth += 1;
        chunk -= leaves;
        subtree_depth += 2;
    }
}

/// The node of the field at `position` of a progressive container's
/// `active_fields` (EIP-7495), relative to the container's root: chunk
/// `position` of the progressive tree, which is the left child of
/// `mix_in_active_fields`.
pub const fn progressive_container_field(position: u64, edition: Rules) -> Option<Gindex> {
    match progressive_chunk(position, edition) {
        Some(g) => NODE2.concat(g),
        None => None,
    }
}

/// The bytes an element of `elem` takes in the packed chunks of a vector
/// or list: its size for basic types, 32 (its root) otherwise.
const fn item_length(elem: &Layout) -> u128 {
    match elem {
        Layout::Basic { size } => *size as u128,
        _ => 32,
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The node of element `index` among `count` elements of `item` bytes
/// each, packed into chunks, relative to the root of the chunks' tree.
const fn packed_element(index: u64, count: u64, item: u128) -> Option<Gindex> {
    let chunks = (count as u128 * item).div_ceil(32);
    Gindex::at(depth_for(chunks), index as u128 * item / 32)
}

/// `g` below the data root of `mix_in_length` (node 2).
const fn below_data(g: Option<Gindex>) -> Option<Gindex> {
    match g {
        Some(g) => NODE2.concat(g),
        None => None,
    }
}

impl Layout {
    /// One step of a path from a value of this layout: the node it names,
    /// relative to this value's root, and the layout of what is there.
    /// `position` is the step's place in the path, for the error.
    pub const fn step<'a>(
        &self,
        step: PathStep<'a>,
        position: usize,
    ) -> Result<(Gindex, &'static Layout), StepError<'a>> {
        let overflow = StepError {
            position,
            fault: StepFault::Overflow,
        };
        match step {
            PathStep::Field(name) => match self {
                Layout::Container { fields } => {
                    let mut i = 0;
                    while i < fields.len() {
                        if str_eq(fields[i].name, name) {
                            return Ok((fields[i].gindex, fields[i].layout));
                        }
                        i += 1;
                    }
                    err(position, StepFault::NoSuchField { name })
                }
                Layout::Union { variants } => {
                    let mut i = 0;
                    while i < variants.len() {
                        if str_eq(variants[i].name, name) {
                            return match variants[i].layout {
                                // The value is the left child of
                                // `mix_in_selector`.
                                Some(layout) => Ok((NODE2, layout)),
                                None => err(position, StepFault::NoValue { name }),
                            };
                        }
                        i += 1;
                    }
                    err(position, StepFault::NoSuchField { name })
                }
                Layout::Basic { .. } => err(position, StepFault::BelowBasic),
                _ => err(position, StepFault::NoSuchField { name }),
            },
            PathStep::Index(index) => {
                let (g, elem, bound) = match self {
                    Layout::Vector { elem, length } => (
                        packed_element(index, *length, item_length(elem)),
                        *elem,
                        Some(*length),
                    ),
                    Layout::List { elem, limit } => (
                        below_data(packed_element(index, *limit, item_length(elem))),
                        *elem,
                        Some(*limit),
                    ),
                    // `pack_bits`: 256 bits per chunk.
                    Layout::Bitvector { length } => (
                        Gindex::at(
                            depth_for((*length as u128).div_ceil(256)),
                            index as u128 / 256,
                        ),
                        BOOLEAN,
                        Some(*length),
                    ),
                    Layout::Bitlist { limit } => (
                        below_data(Gindex::at(
                            depth_for((*limit as u128).div_ceil(256)),
                            index as u128 / 256,
                        )),
                        BOOLEAN,
                        Some(*limit),
                    ),
                    Layout::ProgressiveList { elem, edition } => {
                        let chunk = index as u128 * item_length(elem) / 32;
                        (
                            below_data(progressive_chunk(chunk as u64, *edition)),
                            *elem,
                            None,
                        )
                    }
                    Layout::ProgressiveBitlist { edition } => (
                        below_data(progressive_chunk(index / 256, *edition)),
                        BOOLEAN,
                        None,
                    ),
                    Layout::Basic { .. } => return err(position, StepFault::BelowBasic),
                    _ => return err(position, StepFault::NotIndexable),
                };
                // Progressive lists have no limit (`None`): any index names
                // a node, as deep as the index needs.
                if let Some(bound) = bound {
                    if index >= bound {
                        return err(position, StepFault::IndexOutOfRange { index, bound });
                    }
                }
                match g {
                    Some(g) => Ok((g, elem)),
                    None => Err(overflow),
                }
            }
            PathStep::Len => match self {
                // The length is the right child of `mix_in_length`.
                Layout::List { .. }
                | Layout::Bitlist { .. }
                | Layout::ProgressiveList { .. }
                | Layout::ProgressiveBitlist { .. } => Ok((NODE3, UINT64)),
                Layout::Basic { .. } => err(position, StepFault::BelowBasic),
                _ => err(position, StepFault::NoLength),
            },
            PathStep::Selector => match self {
                // The selector is the right child of `mix_in_selector`.
                Layout::Union { .. } => Ok((NODE3, UINT8)),
                Layout::Basic { .. } => err(position, StepFault::BelowBasic),
                _ => err(position, StepFault::NoSelector),
            },
        }
    }

    /// `get_generalized_index(typ, *path)`: the node `path` names, relative
    /// to the root of a value of this layout.
    pub fn gindex(&self, path: &[PathStep<'_>]) -> Result<Gindex, PathError> {
        self.walk(path.iter().copied().map(Ok)).map(|(g, _)| g)
    }

    /// Walks `path` from a value of this layout: the node it names and the
    /// layout of what is there.
    pub fn walk<'a>(
        &self,
        path: impl IntoIterator<Item = Result<PathStep<'a>, PathError>>,
    ) -> Result<(Gindex, &Layout), PathError> {
        let mut at = (Gindex::ROOT, self);
        for (position, step) in path.into_iter().enumerate() {
            at = walk_step(at, step?, position)?;
        }
        Ok(at)
    }
}

/// One step of a walk: from node `g` (of layout `layout`) to the node
/// `step` names.
pub(crate) fn walk_step<'l>(
    (g, layout): (Gindex, &'l Layout),
    step: PathStep<'_>,
    position: usize,
) -> Result<(Gindex, &'l Layout), PathError> {
    let (rel, next) = layout.step(step, position)?;
    let g = g.concat(rel).ok_or(PathError {
        position,
        kind: PathErrorKind::Overflow,
    })?;
    Ok((g, next))
}

/// `get_generalized_index(T, *path)`: the node `path` names in the tree of
/// a `T`, for a path known only at run time. Never panics; an error names
/// the step that does not exist and its position, and owns its text.
///
/// ```
/// use peam_ssz_core::path::{gindex_of, PathErrorKind, PathStep};
///
/// // `Vector[uint64, 8]`: four elements per chunk, two chunks.
/// let g = gindex_of::<[u64; 8]>(&[PathStep::Index(5)])?;
/// assert_eq!(g.get(), 3);
///
/// let err = gindex_of::<[u64; 8]>(&[PathStep::Index(8)]).unwrap_err();
/// assert_eq!(err.position, 0);
/// assert_eq!(err.kind, PathErrorKind::IndexOutOfRange { index: 8, bound: 8 });
/// # Ok::<(), peam_ssz_core::path::PathError>(())
/// ```
pub fn gindex_of<T: TreeLayout + ?Sized>(path: &[PathStep<'_>]) -> Result<Gindex, PathError> {
    T::LAYOUT.gindex(path)
}

/// [`gindex_of`] for a path written as text: field names separated by
/// `.`, indices in brackets, `__len__` and `__selector__`, as in
/// `"finalized_checkpoint.root"`, `"validators[5].effective_balance"` or
/// `"blob_kzg_commitments.__len__"`. A path may start with an index
/// (`"[3]"`); the empty path is the root.
///
/// A path that does not parse is refused as such
/// ([`PathErrorKind::Syntax`]) before any step is looked up.
pub fn gindex_of_str<T: TreeLayout + ?Sized>(path: &str) -> Result<Gindex, PathError> {
    path.gindex_in(T::LAYOUT)
}

macro_rules! basic_layout {
    ($($t:ty),*) => {$(
        impl TreeLayout for $t {
            const LAYOUT: &'static Layout = &Layout::Basic {
                size: core::mem::size_of::<$t>() as u8,
            };
        }
    )*};
}

basic_layout!(u8, u16, u32, u64, u128);

impl TreeLayout for bool {
    const LAYOUT: &'static Layout = BOOLEAN;
}

/// `[T; N]` is `Vector[T, N]`.
impl<T: TreeLayout, const N: usize> TreeLayout for [T; N] {
    const LAYOUT: &'static Layout = &Layout::Vector {
        elem: T::LAYOUT,
        length: N as u64,
    };
}

impl<T, const N: usize> Elements for [T; N] {
    type Element = T;
}
