//! One catalogue of refusals: why a value, an encoding, a path or a proof is
//! refused, named as the ssz-specs suite names it (the `ValueFault`
//! enumeration of `eth-ssz-specs` 0.1.0, `ssz/exceptions.py`), so that an
//! error of this library can be checked against a vector's
//! `rejectionReason`.

use core::fmt;

/// Why something was refused, in the catalogue of the ssz-specs suite.
///
/// [`DecodeError::fault`](crate::DecodeError::fault),
/// [`PathError::fault`](crate::PathError::fault) and
/// [`ProofError::fault`](crate::ProofError::fault) give it; [`Fault::as_str`]
/// is the catalogue's name (`"TRUNCATED"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Fault {
    /// A number out of range for its type.
    Range,
    /// A boolean byte other than 0 or 1.
    NotABit,
    /// A vector given another number of elements than its length.
    Count,
    /// A list or bitlist given more than its limit.
    Limit,
    /// A fixed-size value handed more bytes than its width.
    Scope,
    /// A variable-size value handed fewer bytes than its fixed part.
    ScopeTooSmall,
    /// A list body whose length is not a multiple of the element size.
    ScopeUndivided,
    /// The input ends before a value's bytes do.
    Truncated,
    /// Bytes past the end of the value.
    TrailingBytes,
    /// The first offset of a container does not end its fixed part.
    FirstOffset,
    /// An offset below the one before it.
    OffsetUnordered,
    /// An offset past the end of the input.
    OffsetPastScope,
    /// The first offset of a list is not a multiple of the offset size.
    OffsetUnaligned,
    /// The first offset of a list is below the offset table's own width.
    OffsetBelowTable,
    /// An empty input where the encoding takes at least one byte (a
    /// bitlist's delimiter).
    EmptyEncoding,
    /// A bitlist with no delimiting bit.
    NoDelimiter,
    /// Zero bytes after a bitlist's delimiter.
    TrailingZeros,
    /// A bitvector with bits set past its length.
    PaddingBits,
    /// A union given no bytes, so no selector.
    NoSelector,
    /// A union selector that names no option.
    UnknownSelector,
    /// A path names a field the type does not have.
    NoSuchField,
    /// A path names a position the type does not have.
    NoSuchPosition,
    /// A path descends into a mixed-in length or selector.
    PathIntoMixin,
    /// A path descends into the packed chunk of basic values.
    PathIntoPacked,
    /// A path descends into a gap of a progressive container.
    PathIntoGap,
    /// A path lies past the end of a progressive spine.
    PathPastSpine,
    /// A generalized index repeated in one request.
    RepeatedIndex,
    /// A generalized index below another of the same request.
    NestedIndex,
    /// A request of no index.
    EmptyRequest,
    /// A proof branch of the wrong length.
    BranchLength,
    /// A multiproof with another number of leaves than indices.
    LeafCount,
    /// A multiproof with the wrong number of proof nodes.
    ProofLength,
}

impl Fault {
    /// Every fault, in catalogue order.
    pub const ALL: [Fault; 32] = [
        Fault::Range,
        Fault::NotABit,
        Fault::Count,
        Fault::Limit,
        Fault::Scope,
        Fault::ScopeTooSmall,
        Fault::ScopeUndivided,
        Fault::Truncated,
        Fault::TrailingBytes,
        Fault::FirstOffset,
        Fault::OffsetUnordered,
        Fault::OffsetPastScope,
        Fault::OffsetUnaligned,
        Fault::OffsetBelowTable,
        Fault::EmptyEncoding,
        Fault::NoDelimiter,
        Fault::TrailingZeros,
        Fault::PaddingBits,
        Fault::NoSelector,
        Fault::UnknownSelector,
        Fault::NoSuchField,
        Fault::NoSuchPosition,
        Fault::PathIntoMixin,
        Fault::PathIntoPacked,
        Fault::PathIntoGap,
        Fault::PathPastSpine,
        Fault::RepeatedIndex,
        Fault::NestedIndex,
        Fault::EmptyRequest,
        Fault::BranchLength,
        Fault::LeafCount,
        Fault::ProofLength,
    ];

    /// The catalogue's name: `"RANGE"`, `"NOT_A_BIT"`, ...
    pub const fn as_str(self) -> &'static str {
        match self {
            Fault::Range => "RANGE",
            Fault::NotABit => "NOT_A_BIT",
            Fault::Count => "COUNT",
            Fault::Limit => "LIMIT",
            Fault::Scope => "SCOPE",
            Fault::ScopeTooSmall => "SCOPE_TOO_SMALL",
            Fault::ScopeUndivided => "SCOPE_UNDIVIDED",
            Fault::Truncated => "TRUNCATED",
            Fault::TrailingBytes => "TRAILING_BYTES",
            Fault::FirstOffset => "FIRST_OFFSET",
            Fault::OffsetUnordered => "OFFSET_UNORDERED",
            Fault::OffsetPastScope => "OFFSET_PAST_SCOPE",
            Fault::OffsetUnaligned => "OFFSET_UNALIGNED",
            Fault::OffsetBelowTable => "OFFSET_BELOW_TABLE",
            Fault::EmptyEncoding => "EMPTY_ENCODING",
            Fault::NoDelimiter => "NO_DELIMITER",
            Fault::TrailingZeros => "TRAILING_ZEROS",
            Fault::PaddingBits => "PADDING_BITS",
            Fault::NoSelector => "NO_SELECTOR",
            Fault::UnknownSelector => "UNKNOWN_SELECTOR",
            Fault::NoSuchField => "NO_SUCH_FIELD",
            Fault::NoSuchPosition => "NO_SUCH_POSITION",
            Fault::PathIntoMixin => "PATH_INTO_MIXIN",
            Fault::PathIntoPacked => "PATH_INTO_PACKED",
            Fault::PathIntoGap => "PATH_INTO_GAP",
            Fault::PathPastSpine => "PATH_PAST_SPINE",
            Fault::RepeatedIndex => "REPEATED_INDEX",
            Fault::NestedIndex => "NESTED_INDEX",
            Fault::EmptyRequest => "EMPTY_REQUEST",
            Fault::BranchLength => "BRANCH_LENGTH",
            Fault::LeafCount => "LEAF_COUNT",
            Fault::ProofLength => "PROOF_LENGTH",
        }
    }

    /// The fault of a catalogue name (`"TRUNCATED"`), as a vector's
    /// `rejectionReason` gives it.
    pub fn from_name(name: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for fault in Fault::ALL {
            assert_eq!(Fault::from_name(fault.as_str()), Some(fault));
        }
        let mut names: alloc::vec::Vec<_> = Fault::ALL.iter().map(|f| f.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Fault::ALL.len());
        assert_eq!(Fault::from_name("NOT_HEX"), None);
    }
}
