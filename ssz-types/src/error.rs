//! The errors of building a bounded SSZ value through the safe API.

use core::fmt;

/// A list or bitlist would grow past its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundError {
    /// The length it would have.
    pub len: usize,
    /// Its limit.
    pub max: usize,
}

impl fmt::Display for BoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "length {} exceeds the limit {}", self.len, self.max)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BoundError {}

/// A vector or bitvector was given another number of elements than its
/// length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LengthError {
    /// The number of elements given.
    pub len: usize,
    /// The length of the type.
    pub expected: usize,
}

impl fmt::Display for LengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.expected == 0 {
            // ssz/simple-serialize.md (v1.6.1), "Illegal types".
            f.write_str("vectors of length 0 are illegal SSZ types")
        } else {
            write!(f, "expected {} elements, got {}", self.expected, self.len)
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LengthError {}

/// An index past the end of a bitfield or of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexError {
    /// The index given.
    pub index: usize,
    /// The bitfield's or sequence's length.
    pub len: usize,
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "index {} is out of bounds for length {}",
            self.index, self.len
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IndexError {}

/// A range of elements that does not lie within a sequence: its start is
/// past its end, or its end past the sequence's length.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RangeError {
    /// The range given.
    pub range: core::ops::Range<usize>,
    /// The sequence's length.
    pub len: usize,
}

impl RangeError {
    /// `Ok` if `range` lies within `0..len`.
    pub(crate) fn check(range: &core::ops::Range<usize>, len: usize) -> Result<(), RangeError> {
        if range.start <= range.end && range.end <= len {
            Ok(())
        } else {
            Err(RangeError {
                range: range.clone(),
                len,
            })
        }
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "range {}..{} is out of bounds for length {}",
            self.range.start, self.range.end, self.len
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RangeError {}
