use alloc::vec::Vec;
use core::fmt;

use crate::Fault;

/// Why decoding failed, and where.
///
/// The path leads from the outermost value to the one that failed:
/// container fields by name, vector and list elements by index, union
/// variants by selector.
#[derive(Clone, PartialEq, Eq)]
pub struct DecodeError {
    kind: DecodeErrorKind,
    // Innermost segment first: segments are pushed while the error travels
    // outwards, which costs nothing on the success path.
    path: Vec<PathSegment>,
    // The type decoding was asked for, set by `crate::decode` (the entry
    // point), not by every nested `from_ssz`: the hot paths never touch it.
    type_name: Option<&'static str>,
}

/// One step of a [`DecodeError`]'s path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// A container field.
    Field(&'static str),
    /// An element of a vector or list.
    Index(usize),
    /// The value of a union with this selector.
    Selector(u8),
}

/// What failed while decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A fixed-size value was given the wrong number of bytes.
    InvalidLength {
        /// The length the type takes.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The input ends before the fixed part of a variable-size value.
    TooShort {
        /// The minimum length.
        min: usize,
        /// The length given.
        got: usize,
    },
    /// The first offset does not point at the end of the fixed part.
    FirstOffsetMismatch {
        /// Where the fixed part ends.
        expected: usize,
        /// The offset read.
        got: usize,
    },
    /// The first offset of a list of variable-size elements is zero, not a
    /// multiple of [`BYTES_PER_LENGTH_OFFSET`](crate::BYTES_PER_LENGTH_OFFSET),
    /// or past the end.
    InvalidListOffset {
        /// The offset read.
        offset: usize,
    },
    /// An offset points past the end of the input.
    OffsetOutOfBounds {
        /// The offset read.
        offset: usize,
        /// The input length.
        len: usize,
    },
    /// An offset is smaller than the one before it.
    OffsetsDecreasing {
        /// The previous offset.
        previous: usize,
        /// The offset read.
        offset: usize,
    },
    /// The length of a list of fixed-size elements is not a multiple of the
    /// element size.
    NotMultipleOfElement {
        /// The input length.
        len: usize,
        /// The element size.
        element: usize,
    },
    /// A list holds more elements than its limit.
    TooManyElements {
        /// Elements found.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A vector holds another number of elements than its length.
    WrongElementCount {
        /// The vector length.
        expected: usize,
        /// Elements found.
        got: usize,
    },
    /// A boolean byte other than 0 or 1.
    InvalidBool(u8),
    /// A bitlist whose last byte is zero: no length-delimiting bit.
    BitlistNoDelimiter,
    /// A bitvector with set bits past its length.
    BitvectorExcessBits,
    /// A union or compatible union selector that names no variant.
    InvalidSelector(u8),
    /// A union `None` (selector 0) followed by bytes.
    NonePayload,
    /// A union or compatible union with no selector byte.
    MissingSelector,
    /// A rule of a specific type was broken.
    Custom(&'static str),
    /// A vector, bitvector or byte vector of length 0, which is an illegal
    /// SSZ type (ssz/simple-serialize.md v1.6.1, "Illegal types"): no bytes
    /// decode to it.
    ZeroLengthVector,
    /// A bitlist holds more bits than its limit.
    TooManyBits {
        /// Bits found.
        len: usize,
        /// The limit, in bits.
        max: usize,
    },
    /// A list, progressive list, progressive bitlist or progressive byte
    /// list holds more elements (bits, bytes) than the maximum its type
    /// declares: a validity bound under the Merkle limit, or where there is
    /// none (a progressive type), that changes neither the encoding nor the
    /// root. Checked before anything is allocated. The same fault as
    /// [`TooManyElements`](DecodeErrorKind::TooManyElements): a count over
    /// a declared bound (the `LIMIT` fault of the ssz-specs suite).
    ExceedsMaximum {
        /// Elements found.
        len: usize,
        /// The declared maximum.
        max: usize,
    },
}

impl DecodeError {
    /// An error of this kind at the current position.
    #[cold]
    pub fn new(kind: DecodeErrorKind) -> Self {
        DecodeError {
            kind,
            path: Vec::new(),
            type_name: None,
        }
    }

    /// What failed.
    pub fn kind(&self) -> &DecodeErrorKind {
        &self.kind
    }

    /// What failed, in the catalogue of the ssz-specs suite
    /// ([`DecodeErrorKind::fault`]).
    pub fn fault(&self) -> Fault {
        self.kind.fault()
    }

    /// Where it failed, outermost segment first.
    pub fn path(&self) -> impl DoubleEndedIterator<Item = &PathSegment> + ExactSizeIterator {
        self.path.iter().rev()
    }

    /// The type whose decoding failed, as [`core::any::type_name`] names
    /// it, when the error came through [`crate::decode`] (or
    /// [`DecodeError::of_type`]); `None` from a bare [`Ssz::from_ssz`](crate::Ssz::from_ssz).
    pub fn type_name(&self) -> Option<&'static str> {
        self.type_name
    }

    /// Records that the value being decoded was a `T`: the error's message
    /// then starts with the type's name. The outermost call wins, so that
    /// the message names the type the caller asked for.
    #[cold]
    #[must_use]
    pub fn of_type<T: ?Sized>(mut self) -> Self {
        self.type_name = Some(core::any::type_name::<T>());
        self
    }

    /// Records that the error happened inside field `name`.
    #[cold]
    #[must_use]
    pub fn in_field(mut self, name: &'static str) -> Self {
        self.path.push(PathSegment::Field(name));
        self
    }

    /// Records that the error happened inside element `index`.
    #[cold]
    #[must_use]
    pub fn at_index(mut self, index: usize) -> Self {
        self.path.push(PathSegment::Index(index));
        self
    }

    /// The index of the outermost element the error is in, taken off its
    /// path, if that is what the path ends with: a bulk decoder's element
    /// index, renamed by the caller that split the elements.
    #[cold]
    pub(crate) fn take_outer_index(&mut self) -> Option<usize> {
        match self.path.last() {
            Some(PathSegment::Index(i)) => {
                let i = *i;
                self.path.pop();
                Some(i)
            }
            _ => None,
        }
    }

    /// Records that the error happened inside the union value of `selector`.
    #[cold]
    #[must_use]
    pub fn in_selector(mut self, selector: u8) -> Self {
        self.path.push(PathSegment::Selector(selector));
        self
    }

    /// Moves the index of the outermost segment on by `by`: an error that
    /// names an element of a chunk decoded on its own then names it in the
    /// whole sequence ([`crate::stream`] decodes long sequences chunk by
    /// chunk with [`Ssz::from_ssz_many`](crate::Ssz::from_ssz_many)).
    #[cold]
    #[must_use]
    pub(crate) fn shift_index(mut self, by: usize) -> Self {
        if let Some(PathSegment::Index(i)) = self.path.last_mut() {
            *i += by;
        }
        self
    }
}

impl DecodeErrorKind {
    /// The refusal in the catalogue of the ssz-specs suite (the
    /// `ValueFault` of `eth-ssz-specs` 0.1.0):
    ///
    /// | kind | fault |
    /// |---|---|
    /// | `InvalidLength`, fewer bytes than the type's width | `TRUNCATED` |
    /// | `InvalidLength`, more bytes | `SCOPE` |
    /// | `TooShort` | `SCOPE_TOO_SMALL` |
    /// | `FirstOffsetMismatch` | `FIRST_OFFSET` |
    /// | `InvalidListOffset`, below 4 | `OFFSET_BELOW_TABLE` |
    /// | `InvalidListOffset`, not a multiple of 4 | `OFFSET_UNALIGNED` |
    /// | `InvalidListOffset`, past the end | `OFFSET_PAST_SCOPE` |
    /// | `OffsetOutOfBounds` | `OFFSET_PAST_SCOPE` |
    /// | `OffsetsDecreasing` | `OFFSET_UNORDERED` |
    /// | `NotMultipleOfElement` | `SCOPE_UNDIVIDED` |
    /// | `TooManyElements`, `TooManyBits`, `ExceedsMaximum` | `LIMIT` |
    /// | `WrongElementCount`, `ZeroLengthVector` | `COUNT` |
    /// | `InvalidBool` | `NOT_A_BIT` |
    /// | `BitlistNoDelimiter` | `NO_DELIMITER` |
    /// | `BitvectorExcessBits` | `PADDING_BITS` |
    /// | `InvalidSelector` | `UNKNOWN_SELECTOR` |
    /// | `NonePayload` | `SCOPE` (the `None` option spans no byte) |
    /// | `MissingSelector` | `NO_SELECTOR` |
    /// | `Custom` | `RANGE` (a type's own rule on its values) |
    pub const fn fault(&self) -> Fault {
        use DecodeErrorKind::*;
        match *self {
            InvalidLength { expected, got } => {
                if got < expected {
                    Fault::Truncated
                } else {
                    Fault::Scope
                }
            }
            TooShort { .. } => Fault::ScopeTooSmall,
            FirstOffsetMismatch { .. } => Fault::FirstOffset,
            InvalidListOffset { offset } => {
                if offset < crate::BYTES_PER_LENGTH_OFFSET {
                    Fault::OffsetBelowTable
                } else if offset % crate::BYTES_PER_LENGTH_OFFSET != 0 {
                    Fault::OffsetUnaligned
                } else {
                    Fault::OffsetPastScope
                }
            }
            OffsetOutOfBounds { .. } => Fault::OffsetPastScope,
            OffsetsDecreasing { .. } => Fault::OffsetUnordered,
            NotMultipleOfElement { .. } => Fault::ScopeUndivided,
            TooManyElements { .. } | TooManyBits { .. } | ExceedsMaximum { .. } => Fault::Limit,
            WrongElementCount { .. } | ZeroLengthVector => Fault::Count,
            InvalidBool(_) => Fault::NotABit,
            BitlistNoDelimiter => Fault::NoDelimiter,
            BitvectorExcessBits => Fault::PaddingBits,
            InvalidSelector(_) => Fault::UnknownSelector,
            NonePayload => Fault::Scope,
            MissingSelector => Fault::NoSelector,
            Custom(_) => Fault::Range,
        }
    }
}

impl From<DecodeErrorKind> for DecodeError {
    #[cold]
    fn from(kind: DecodeErrorKind) -> Self {
        DecodeError::new(kind)
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DecodeErrorKind::*;
        match *self {
            InvalidLength { expected, got } => {
                write!(f, "expected {expected} bytes, got {got}")
            }
            TooShort { min, got } => write!(f, "expected at least {min} bytes, got {got}"),
            FirstOffsetMismatch { expected, got } => {
                write!(
                    f,
                    "first offset is {got}, but the fixed part ends at {expected}"
                )
            }
            InvalidListOffset { offset } => write!(f, "invalid first list offset {offset}"),
            OffsetOutOfBounds { offset, len } => {
                write!(f, "offset {offset} is past the end of {len} bytes")
            }
            OffsetsDecreasing { previous, offset } => {
                write!(f, "offset {offset} is below the previous offset {previous}")
            }
            NotMultipleOfElement { len, element } => {
                write!(
                    f,
                    "{len} bytes is not a multiple of the element size {element}"
                )
            }
            TooManyElements { len, max } => write!(f, "{len} elements exceed the limit {max}"),
            WrongElementCount { expected, got } => {
                write!(f, "expected {expected} elements, got {got}")
            }
            InvalidBool(b) => write!(f, "invalid boolean byte {b:#04x}"),
            BitlistNoDelimiter => f.write_str("bitlist has no length-delimiting bit"),
            BitvectorExcessBits => f.write_str("bitvector has bits set past its length"),
            InvalidSelector(s) => write!(f, "invalid union selector {s}"),
            NonePayload => f.write_str("union None (selector 0) has a payload"),
            MissingSelector => f.write_str("union has no selector byte"),
            Custom(msg) => f.write_str(msg),
            ZeroLengthVector => f.write_str("a vector of length 0 is an illegal SSZ type"),
            TooManyBits { len, max } => write!(f, "{len} bits exceed the limit {max}"),
            ExceedsMaximum { len, max } => {
                write!(f, "{len} elements exceed the maximum {max}")
            }
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.type_name {
            write!(f, "{name}: ")?;
        }
        if !self.path.is_empty() {
            f.write_str("at ")?;
            for segment in self.path() {
                match segment {
                    PathSegment::Field(name) => write!(f, ".{name}")?,
                    PathSegment::Index(i) => write!(f, "[{i}]")?,
                    PathSegment::Selector(s) => write!(f, "<{s}>")?,
                }
            }
            f.write_str(": ")?;
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("kind", &self.kind)
            .field("path", &self.path().collect::<Vec<_>>())
            .field("type_name", &self.type_name)
            .finish()
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_path_outermost_first() {
        let err = DecodeError::new(DecodeErrorKind::InvalidBool(2))
            .at_index(3)
            .in_field("b")
            .in_selector(1)
            .in_field("a");
        assert_eq!(err.to_string(), "at .a<1>.b[3]: invalid boolean byte 0x02");
        assert_eq!(err.kind(), &DecodeErrorKind::InvalidBool(2));
        assert_eq!(err.path().len(), 4);
        assert_eq!(err.type_name(), None);
    }

    #[test]
    fn the_type_name_leads_the_message() {
        struct Checkpoint;
        let err = DecodeError::new(DecodeErrorKind::InvalidLength {
            expected: 40,
            got: 39,
        })
        .of_type::<Checkpoint>();
        let name = core::any::type_name::<Checkpoint>();
        assert!(name.ends_with("Checkpoint"));
        assert_eq!(err.type_name(), Some(name));
        assert_eq!(
            err.to_string(),
            alloc::format!("{name}: expected 40 bytes, got 39")
        );
        // With a path, the type comes first: it is the outermost value.
        let err = DecodeError::new(DecodeErrorKind::InvalidBool(2))
            .in_field("a")
            .of_type::<Checkpoint>();
        assert_eq!(
            err.to_string(),
            alloc::format!("{name}: at .a: invalid boolean byte 0x02")
        );
    }

    #[test]
    fn new_kinds_say_what_broke() {
        assert_eq!(
            DecodeErrorKind::TooManyBits { len: 9, max: 8 }.to_string(),
            "9 bits exceed the limit 8"
        );
        assert_eq!(
            DecodeErrorKind::ExceedsMaximum { len: 9, max: 8 }.to_string(),
            "9 elements exceed the maximum 8"
        );
        assert_eq!(
            DecodeErrorKind::ZeroLengthVector.to_string(),
            "a vector of length 0 is an illegal SSZ type"
        );
    }
}
