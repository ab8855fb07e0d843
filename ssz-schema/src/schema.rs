//! SSZ types described at run time, and the checks that make a declaration
//! legal (simple-serialize.md v1.6.1, "Illegal types"; EIP-7495, EIP-7916,
//! EIP-8016).

use std::fmt;
use std::sync::Arc;

use peam_ssz_core::BYTES_PER_LENGTH_OFFSET;

/// The most positions a progressive container's `active_fields` holds
/// (EIP-7495: one chunk of bits).
pub const MAX_ACTIVE_FIELDS: usize = 256;
/// The highest selector of a union (simple-serialize.md v1.6.1: selectors
/// below 128) and of a compatible union (EIP-8016: 1 to 127).
pub const MAX_SELECTOR: u8 = 127;
/// How deep types may nest in a schema: deeper declarations are refused, so
/// that walking a value never recurses without bound.
pub const MAX_NESTING: usize = 64;

/// An SSZ type known at run time.
///
/// Cheap to clone (the declaration is shared). Built with the constructors
/// ([`Schema::uint`], [`Schema::list`], [`Schema::container`], ...), each of
/// which refuses an illegal declaration, or read from a JSON type descriptor
/// with [`Schema::from_json`].
#[derive(Clone, PartialEq, Eq)]
pub struct Schema(pub(crate) Arc<Node>);

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    /// The encoded length, for fixed-size types.
    pub(crate) fixed: Option<usize>,
    pub(crate) depth: usize,
}

/// A field of a container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDef {
    /// The field's name.
    pub name: String,
    /// Its type.
    pub schema: Schema,
    /// The name as a [`DecodeError`](peam_ssz_core::DecodeError) path
    /// segment takes it.
    pub(crate) key: &'static str,
}

/// `name` as a `&'static str`, each distinct name kept once for the life of
/// the program: the decode error's path names fields by `&'static str`, and
/// the names a program's schemas use are few.
fn intern(name: &str) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(&known) = names.get(name) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(leaked);
    leaked
}

/// What kind of type a [`Schema`] is, with its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// `boolean`.
    Boolean,
    /// `uintN`, `N = 8 * bytes` (1, 2, 4, 8, 16 or 32 bytes).
    Uint {
        /// The width in bytes.
        bytes: usize,
    },
    /// `Bitvector[length]`.
    BitVector {
        /// The number of bits (at least 1).
        length: u64,
    },
    /// `Bitlist[limit]`.
    BitList {
        /// The most bits.
        limit: u64,
    },
    /// `ProgressiveBitlist` (EIP-7916).
    ProgressiveBitList,
    /// `ByteVector[length]` (`Vector[uint8, length]`).
    ByteVector {
        /// The number of bytes (at least 1).
        length: u64,
    },
    /// `ByteList[limit]` (`List[uint8, limit]`).
    ByteList {
        /// The most bytes.
        limit: u64,
    },
    /// `Vector[element, length]`.
    Vector {
        /// The element type.
        element: Schema,
        /// The number of elements (at least 1).
        length: u64,
    },
    /// `List[element, limit]`.
    List {
        /// The element type.
        element: Schema,
        /// The most elements.
        limit: u64,
    },
    /// `ProgressiveList[element]` (EIP-7916).
    ProgressiveList {
        /// The element type.
        element: Schema,
    },
    /// `ProgressiveByteList` (EIP-7916): `ProgressiveList[uint8]`, kept
    /// apart as `ByteList` is from `List[uint8]`, since JSON writes it as
    /// hex.
    ProgressiveByteList,
    /// A container: at least one field.
    Container {
        /// The fields, in order.
        fields: Vec<FieldDef>,
    },
    /// `ProgressiveContainer(active_fields)` (EIP-7495).
    ProgressiveContainer {
        /// `active_fields`: 1 where a field sits, 0 for a gap; ends on a 1.
        active_fields: Vec<bool>,
        /// The fields, one per 1 of `active_fields`, in order.
        fields: Vec<FieldDef>,
    },
    /// `CompatibleUnion({selector: type})` (EIP-8016): selectors 1 to 127,
    /// options that merkleize alike.
    CompatibleUnion {
        /// The options, by increasing selector.
        options: Vec<(u8, Schema)>,
    },
    /// `Union[type_0, type_1, ...]` (simple-serialize.md v1.6.1): the
    /// selector is the option's index; only option 0 may be `None`.
    Union {
        /// The options, index = selector.
        options: Vec<Option<Schema>>,
    },
}

/// Why a declaration is not a legal SSZ type, or a type descriptor not one
/// this crate reads.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaError {
    /// A vector, bitvector or byte vector of length 0.
    VectorEmpty,
    /// A container with no field.
    ContainerEmpty,
    /// Two fields of one container with the same name.
    DuplicateField(String),
    /// `active_fields` holds no position.
    LayoutEmpty,
    /// `active_fields` holds more than [`MAX_ACTIVE_FIELDS`] positions.
    LayoutTooWide {
        /// Its width.
        width: usize,
    },
    /// `active_fields` ends on a gap.
    LayoutTrailingGap,
    /// `active_fields` holds something other than 0 and 1.
    LayoutNotBits,
    /// `active_fields` sets another number of positions than there are
    /// fields.
    LayoutFieldCount {
        /// Positions set.
        active: usize,
        /// Fields declared.
        declared: usize,
    },
    /// A union with no option (or only `None`).
    UnionEmpty,
    /// A selector outside the range of its kind of union.
    SelectorRange {
        /// The selector.
        selector: u64,
    },
    /// A selector declared twice, or (v1.6.1 `Union`) selectors that are
    /// not the option indices 0, 1, 2, ...
    SelectorOrder {
        /// The selector.
        selector: u64,
    },
    /// A `None` option other than option 0 of a v1.6.1 union.
    NoneOption {
        /// Its selector.
        selector: u64,
    },
    /// Two options of a compatible union that merkleize differently.
    UnionIncompatible {
        /// One option's selector.
        selector: u8,
        /// The other's.
        other: u8,
    },
    /// A uint width other than 8, 16, 32, 64, 128 or 256 bits.
    UintBits {
        /// The bits declared.
        bits: u64,
    },
    /// Types nested deeper than [`MAX_NESTING`].
    TooDeep,
    /// A type whose encoding could not fit the 4-byte offsets of SSZ.
    TooLarge,
    /// The descriptor is not one: not an object, an unknown `kind`, a key
    /// missing or of the wrong type. `at` is the JSON path to it.
    Descriptor {
        /// Where, as a JSON path (`$.fields[1].type`).
        at: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SchemaError::*;
        match self {
            VectorEmpty => f.write_str("a vector holds at least one element, got a length of 0"),
            ContainerEmpty => f.write_str("a container declares at least one field"),
            DuplicateField(name) => write!(f, "field {name:?} is declared twice"),
            LayoutEmpty => f.write_str("a field layout holds at least one position"),
            LayoutTooWide { width } => write!(
                f,
                "a field layout holds {width} positions, over the limit of {MAX_ACTIVE_FIELDS}"
            ),
            LayoutTrailingGap => f.write_str("a field layout ends on a field, not on a gap"),
            LayoutNotBits => f.write_str("a field layout holds only 0 and 1"),
            LayoutFieldCount { active, declared } => write!(
                f,
                "the layout sets {active} positions, and the container declares {declared} fields"
            ),
            UnionEmpty => f.write_str("a union declares at least one option"),
            SelectorRange { selector } => write!(f, "selector {selector} is out of range"),
            SelectorOrder { selector } => {
                write!(f, "selector {selector} is repeated or out of order")
            }
            NoneOption { selector } => {
                write!(f, "option {selector} is None, which only option 0 may be")
            }
            UnionIncompatible { selector, other } => {
                write!(f, "options {selector} and {other} merkleize differently")
            }
            UintBits { bits } => write!(f, "uint{bits} is not an SSZ type"),
            TooDeep => write!(f, "types nest deeper than {MAX_NESTING} levels"),
            TooLarge => f.write_str("the type's fixed part does not fit 4-byte offsets"),
            Descriptor { at, message } => write!(f, "{at}: {message}"),
        }
    }
}

impl std::error::Error for SchemaError {}

/// The largest encoding whose offsets fit 4 bytes.
const MAX_ENCODED: u64 = u32::MAX as u64;

impl Schema {
    fn make(kind: Kind) -> Result<Schema, SchemaError> {
        let depth = 1 + match &kind {
            Kind::Vector { element, .. }
            | Kind::List { element, .. }
            | Kind::ProgressiveList { element } => element.0.depth,
            Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
                fields.iter().map(|f| f.schema.0.depth).max().unwrap_or(0)
            }
            Kind::CompatibleUnion { options } => {
                options.iter().map(|(_, s)| s.0.depth).max().unwrap_or(0)
            }
            Kind::Union { options } => options
                .iter()
                .flatten()
                .map(|s| s.0.depth)
                .max()
                .unwrap_or(0),
            _ => 0,
        };
        if depth > MAX_NESTING {
            return Err(SchemaError::TooDeep);
        }
        let fixed = fixed_size(&kind)?;
        Ok(Schema(Arc::new(Node { kind, fixed, depth })))
    }

    /// `boolean`.
    pub fn boolean() -> Schema {
        Schema(Arc::new(Node {
            kind: Kind::Boolean,
            fixed: Some(1),
            depth: 1,
        }))
    }

    /// `uint{bits}`: 8, 16, 32, 64, 128 or 256 bits.
    pub fn uint(bits: u64) -> Result<Schema, SchemaError> {
        match bits {
            8 | 16 | 32 | 64 | 128 | 256 => Schema::make(Kind::Uint {
                bytes: bits as usize / 8,
            }),
            _ => Err(SchemaError::UintBits { bits }),
        }
    }

    /// `Bitvector[length]`.
    pub fn bitvector(length: u64) -> Result<Schema, SchemaError> {
        if length == 0 {
            return Err(SchemaError::VectorEmpty);
        }
        Schema::make(Kind::BitVector { length })
    }

    /// `Bitlist[limit]`.
    pub fn bitlist(limit: u64) -> Result<Schema, SchemaError> {
        Schema::make(Kind::BitList { limit })
    }

    /// `ProgressiveBitlist`.
    pub fn progressive_bitlist() -> Schema {
        Schema(Arc::new(Node {
            kind: Kind::ProgressiveBitList,
            fixed: None,
            depth: 1,
        }))
    }

    /// `ProgressiveByteList`.
    pub fn progressive_byte_list() -> Schema {
        Schema(Arc::new(Node {
            kind: Kind::ProgressiveByteList,
            fixed: None,
            depth: 1,
        }))
    }

    /// `ByteVector[length]`.
    pub fn byte_vector(length: u64) -> Result<Schema, SchemaError> {
        if length == 0 {
            return Err(SchemaError::VectorEmpty);
        }
        Schema::make(Kind::ByteVector { length })
    }

    /// `ByteList[limit]`.
    pub fn byte_list(limit: u64) -> Result<Schema, SchemaError> {
        Schema::make(Kind::ByteList { limit })
    }

    /// `Vector[element, length]`.
    pub fn vector(element: Schema, length: u64) -> Result<Schema, SchemaError> {
        if length == 0 {
            return Err(SchemaError::VectorEmpty);
        }
        Schema::make(Kind::Vector { element, length })
    }

    /// `List[element, limit]`.
    pub fn list(element: Schema, limit: u64) -> Result<Schema, SchemaError> {
        Schema::make(Kind::List { element, limit })
    }

    /// `ProgressiveList[element]`.
    pub fn progressive_list(element: Schema) -> Result<Schema, SchemaError> {
        Schema::make(Kind::ProgressiveList { element })
    }

    /// A container of `fields` (name, type), in order.
    pub fn container(
        fields: impl IntoIterator<Item = (String, Schema)>,
    ) -> Result<Schema, SchemaError> {
        let fields = field_defs(fields)?;
        Schema::make(Kind::Container { fields })
    }

    /// `ProgressiveContainer(active_fields)` of `fields`.
    pub fn progressive_container(
        active_fields: Vec<bool>,
        fields: impl IntoIterator<Item = (String, Schema)>,
    ) -> Result<Schema, SchemaError> {
        let fields = field_defs(fields)?;
        if active_fields.is_empty() {
            return Err(SchemaError::LayoutEmpty);
        }
        if active_fields.len() > MAX_ACTIVE_FIELDS {
            return Err(SchemaError::LayoutTooWide {
                width: active_fields.len(),
            });
        }
        if active_fields.last() == Some(&false) {
            return Err(SchemaError::LayoutTrailingGap);
        }
        let active = active_fields.iter().filter(|&&b| b).count();
        if active != fields.len() {
            return Err(SchemaError::LayoutFieldCount {
                active,
                declared: fields.len(),
            });
        }
        Schema::make(Kind::ProgressiveContainer {
            active_fields,
            fields,
        })
    }

    /// `CompatibleUnion({selector: type})`: selectors 1 to 127, each once,
    /// options compatible with each other (EIP-8016).
    pub fn compatible_union(
        options: impl IntoIterator<Item = (u64, Schema)>,
    ) -> Result<Schema, SchemaError> {
        let mut out: Vec<(u8, Schema)> = Vec::new();
        for (selector, schema) in options {
            if selector == 0 || selector > MAX_SELECTOR as u64 {
                return Err(SchemaError::SelectorRange { selector });
            }
            if out.iter().any(|(s, _)| *s as u64 == selector) {
                return Err(SchemaError::SelectorOrder { selector });
            }
            out.push((selector as u8, schema));
        }
        if out.is_empty() {
            return Err(SchemaError::UnionEmpty);
        }
        out.sort_by_key(|(s, _)| *s);
        for (i, (a, sa)) in out.iter().enumerate() {
            for (b, sb) in &out[i + 1..] {
                if !compatible(sa, sb) {
                    return Err(SchemaError::UnionIncompatible {
                        selector: *a,
                        other: *b,
                    });
                }
            }
        }
        Schema::make(Kind::CompatibleUnion { options: out })
    }

    /// `Union[type_0, type_1, ...]` (v1.6.1): option `i` has selector `i`;
    /// only option 0 may be `None`, and then another must follow.
    pub fn union(options: Vec<Option<Schema>>) -> Result<Schema, SchemaError> {
        if options.len() > MAX_SELECTOR as usize + 1 {
            return Err(SchemaError::SelectorRange {
                selector: options.len() as u64 - 1,
            });
        }
        if options.iter().all(Option::is_none) {
            return Err(SchemaError::UnionEmpty);
        }
        if let Some(i) = options.iter().skip(1).position(Option::is_none) {
            return Err(SchemaError::NoneOption {
                selector: i as u64 + 1,
            });
        }
        Schema::make(Kind::Union { options })
    }

    /// What kind of type this is.
    pub fn kind(&self) -> &Kind {
        &self.0.kind
    }

    /// The encoded length, for a fixed-size type; `None` for a
    /// variable-size one.
    pub fn fixed_size(&self) -> Option<usize> {
        self.0.fixed
    }

    /// Whether this is a basic type (`boolean`, `uintN`): packed into
    /// chunks in the tree of a vector or list.
    pub fn is_basic(&self) -> bool {
        matches!(self.0.kind, Kind::Boolean | Kind::Uint { .. })
    }

    /// Bytes a value takes in the fixed part of an enclosing type.
    pub(crate) fn fixed_part(&self) -> usize {
        self.0.fixed.unwrap_or(BYTES_PER_LENGTH_OFFSET)
    }
}

fn field_defs(
    fields: impl IntoIterator<Item = (String, Schema)>,
) -> Result<Vec<FieldDef>, SchemaError> {
    let mut out: Vec<FieldDef> = Vec::new();
    for (name, schema) in fields {
        if out.iter().any(|f| f.name == name) {
            return Err(SchemaError::DuplicateField(name));
        }
        let key = intern(&name);
        out.push(FieldDef { name, schema, key });
    }
    if out.is_empty() {
        return Err(SchemaError::ContainerEmpty);
    }
    Ok(out)
}

fn fixed_size(kind: &Kind) -> Result<Option<usize>, SchemaError> {
    let checked = |n: u64| -> Result<Option<usize>, SchemaError> {
        if n > MAX_ENCODED {
            Err(SchemaError::TooLarge)
        } else {
            Ok(Some(n as usize))
        }
    };
    match kind {
        Kind::Boolean => Ok(Some(1)),
        Kind::Uint { bytes } => Ok(Some(*bytes)),
        Kind::BitVector { length } => checked(length.div_ceil(8)),
        Kind::ByteVector { length } => checked(*length),
        Kind::Vector { element, length } => match element.0.fixed {
            Some(size) => checked(
                (size as u64)
                    .checked_mul(*length)
                    .ok_or(SchemaError::TooLarge)?,
            ),
            None => {
                (BYTES_PER_LENGTH_OFFSET as u64)
                    .checked_mul(*length)
                    .filter(|&n| n <= MAX_ENCODED)
                    .ok_or(SchemaError::TooLarge)?;
                Ok(None)
            }
        },
        Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
            let mut total = 0u64;
            let mut all_fixed = true;
            for f in fields {
                all_fixed &= f.schema.0.fixed.is_some();
                total += f.schema.fixed_part() as u64;
                if total > MAX_ENCODED {
                    return Err(SchemaError::TooLarge);
                }
            }
            Ok(all_fixed.then_some(total as usize))
        }
        Kind::BitList { .. }
        | Kind::ProgressiveBitList
        | Kind::ByteList { .. }
        | Kind::List { .. }
        | Kind::ProgressiveList { .. }
        | Kind::ProgressiveByteList
        | Kind::CompatibleUnion { .. }
        | Kind::Union { .. } => Ok(None),
    }
}

/// A byte vector and a vector of `uint8` are one shape, as are a byte list
/// and a list of `uint8`, and a progressive byte list and a progressive list
/// of `uint8` (EIP-8016, `is_compatible`): `(vector, length or limit)`, a
/// progressive one with no limit.
fn byte_shape(s: &Schema) -> Option<(bool, Option<u64>)> {
    let shape = |vector, n| Some((vector, Some(n)));
    match s.kind() {
        Kind::ProgressiveByteList => Some((false, None)),
        Kind::ProgressiveList { element } if element.kind() == &Kind::Uint { bytes: 1 } => {
            Some((false, None))
        }
        Kind::ByteVector { length } => shape(true, *length),
        Kind::ByteList { limit } => shape(false, *limit),
        Kind::Vector { element, length } if element.kind() == &Kind::Uint { bytes: 1 } => {
            shape(true, *length)
        }
        Kind::List { element, limit } if element.kind() == &Kind::Uint { bytes: 1 } => {
            shape(false, *limit)
        }
        _ => None,
    }
}

/// Whether two types merkleize into the same tree shape (EIP-8016,
/// "compatible types").
pub fn compatible(a: &Schema, b: &Schema) -> bool {
    if a == b {
        return true;
    }
    let (ba, bb) = (byte_shape(a), byte_shape(b));
    if ba.is_some() || bb.is_some() {
        return ba == bb;
    }
    match (a.kind(), b.kind()) {
        (
            Kind::Vector {
                element: x,
                length: m,
            },
            Kind::Vector {
                element: y,
                length: n,
            },
        ) => m == n && compatible(x, y),
        (
            Kind::List {
                element: x,
                limit: m,
            },
            Kind::List {
                element: y,
                limit: n,
            },
        ) => m == n && compatible(x, y),
        (Kind::ProgressiveList { element: x }, Kind::ProgressiveList { element: y }) => {
            compatible(x, y)
        }
        (Kind::Container { fields: x }, Kind::Container { fields: y }) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(f, g)| f.name == g.name && compatible(&f.schema, &g.schema))
        }
        (
            Kind::ProgressiveContainer {
                active_fields: la,
                fields: fa,
            },
            Kind::ProgressiveContainer {
                active_fields: lb,
                fields: fb,
            },
        ) => {
            // Positions set in both hold fields of one name and compatible
            // types.
            let mut ia = 0;
            let mut ib = 0;
            for i in 0..la.len().max(lb.len()) {
                let in_a = la.get(i) == Some(&true);
                let in_b = lb.get(i) == Some(&true);
                if in_a && in_b {
                    let (f, g) = (&fa[ia], &fb[ib]);
                    if f.name != g.name || !compatible(&f.schema, &g.schema) {
                        return false;
                    }
                }
                ia += in_a as usize;
                ib += in_b as usize;
            }
            true
        }
        (Kind::CompatibleUnion { options: x }, Kind::CompatibleUnion { options: y }) => x
            .iter()
            .all(|(s, t)| y.iter().all(|(r, u)| r != s || compatible(t, u))),
        _ => false,
    }
}

impl fmt::Debug for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The type in the spec's notation: `List[uint64, 16]`,
/// `Container(a: uint8, b: Bitlist[8])`.
impl fmt::Display for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            Kind::Boolean => f.write_str("boolean"),
            Kind::Uint { bytes } => write!(f, "uint{}", bytes * 8),
            Kind::BitVector { length } => write!(f, "Bitvector[{length}]"),
            Kind::BitList { limit } => write!(f, "Bitlist[{limit}]"),
            Kind::ProgressiveBitList => f.write_str("ProgressiveBitlist"),
            Kind::ByteVector { length } => write!(f, "ByteVector[{length}]"),
            Kind::ByteList { limit } => write!(f, "ByteList[{limit}]"),
            Kind::Vector { element, length } => write!(f, "Vector[{element}, {length}]"),
            Kind::List { element, limit } => write!(f, "List[{element}, {limit}]"),
            Kind::ProgressiveList { element } => write!(f, "ProgressiveList[{element}]"),
            Kind::ProgressiveByteList => f.write_str("ProgressiveByteList"),
            Kind::Container { fields } => {
                f.write_str("Container(")?;
                write_fields(f, fields)?;
                f.write_str(")")
            }
            Kind::ProgressiveContainer {
                active_fields,
                fields,
            } => {
                f.write_str("ProgressiveContainer[")?;
                for b in active_fields {
                    f.write_str(if *b { "1" } else { "0" })?;
                }
                f.write_str("](")?;
                write_fields(f, fields)?;
                f.write_str(")")
            }
            Kind::CompatibleUnion { options } => {
                f.write_str("CompatibleUnion(")?;
                for (i, (s, t)) in options.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{s}: {t}")?;
                }
                f.write_str(")")
            }
            Kind::Union { options } => {
                f.write_str("Union[")?;
                for (i, t) in options.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match t {
                        Some(t) => write!(f, "{t}")?,
                        None => f.write_str("None")?,
                    }
                }
                f.write_str("]")
            }
        }
    }
}

fn write_fields(f: &mut fmt::Formatter<'_>, fields: &[FieldDef]) -> fmt::Result {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}: {}", field.name, field.schema)?;
    }
    Ok(())
}
