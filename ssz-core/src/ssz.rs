//! The [`Ssz`] trait (encoding and strict decoding) and [`decode`], its
//! entry point for bytes from outside.

use alloc::vec::Vec;

use crate::stream::{self, Sink, Source, StreamError};
use crate::{codec, impls, memory, DecodeError};

/// Decodes a `T` from exactly `bytes`, as [`Ssz::from_ssz`] does, and names
/// `T` in the error: the entry point for bytes from outside, whose error is
/// reported to a person.
///
/// Nested values decode through [`Ssz::from_ssz`], which does not name
/// its type, so that the hot paths never carry the name; the error's path
/// ([`DecodeError::path`]) leads from `T` to the value that failed.
///
/// ```
/// let err = peam_ssz_core::decode::<[u64; 5]>(&[0; 39]).unwrap_err();
/// assert_eq!(err.type_name(), Some("[u64; 5]"));
/// assert_eq!(err.to_string(), "[u64; 5]: expected 40 bytes, got 39");
/// assert_eq!(peam_ssz_core::decode::<[u64; 5]>(&[0; 40]), Ok([0; 5]));
/// ```
pub fn decode<T: Ssz>(bytes: &[u8]) -> Result<T, DecodeError> {
    T::from_ssz(bytes).map_err(DecodeError::of_type::<T>)
}

/// SSZ encoding and strict decoding.
///
/// Layout facts are associated consts, known at compile time, so containers
/// built from them (by `#[derive(Ssz)]`) fold their fixed offsets into
/// constants.
///
/// Encoding writes into a slice of exactly [`Ssz::ssz_len`] bytes; since the
/// length is known before writing, encoding a value costs at most the one
/// allocation of its output ([`Ssz::to_ssz`]), or none when appending to a
/// buffer with room ([`Ssz::ssz_append`]).
///
/// Decoding ([`Ssz::from_ssz`]) is for untrusted bytes: it never panics,
/// rejects every non-canonical encoding, and reports what failed and where.
///
/// # Bulk hooks
///
/// The methods that take a slice of values ([`Ssz::ssz_write_many`],
/// [`Ssz::from_ssz_many`], [`Ssz::ssz_append_many`], [`Ssz::from_ssz_array`],
/// and [`TreeHash::tree_hash_leaves`](crate::TreeHash::tree_hash_leaves), [`TreeHash::packed_leaves`](crate::TreeHash::packed_leaves)) are
/// the bodies of the vectors and lists that hold the type, called by
/// [`codec`]. All of them are public and documented, with one rule: each has
/// a default in terms of the per-value methods, and an override may only be
/// faster, never different (same bytes, same errors at the same index).
/// The basic types override them with one copy of their memory, and
/// `#[derive(Ssz)]` on a transparent newtype forwards them to its field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an SSZ type",
    label = "`{Self}` does not implement `Ssz`",
    note = "derive it with `#[derive(Ssz)]` on a struct (container) or enum (union)"
)]
pub trait Ssz: Sized {
    /// Whether every value of the type has the same encoded length.
    const IS_FIXED_SIZE: bool;

    /// Bytes the type takes in the fixed part of an enclosing container,
    /// vector or list: the encoded length for fixed-size types,
    /// [`BYTES_PER_LENGTH_OFFSET`](crate::BYTES_PER_LENGTH_OFFSET) for variable-size ones.
    const FIXED_PART_LEN: usize;

    /// The one length that every value of the type encodes to, when there
    /// is one and the type can show it: [`Ssz::FIXED_PART_LEN`] for
    /// fixed-size types, and for some variable-size types too (a list whose
    /// length is pinned, such as `ExactList` of `peam-ssz-types`, a
    /// container of such fields). `None` when values may differ in length.
    ///
    /// `#[ssz(fixed_len = N)]` reads it to check at compile time that a
    /// container of variable-size fields always takes `N` bytes. The
    /// default is right for every type; an override may only turn `None`
    /// into a length that holds for every value.
    const EXACT_LEN: Option<usize> = if Self::IS_FIXED_SIZE {
        Some(Self::FIXED_PART_LEN)
    } else {
        None
    };

    /// The exact length of this value's encoding.
    fn ssz_len(&self) -> usize;

    /// Writes the encoding into `out`.
    ///
    /// `out.len()` must equal [`Ssz::ssz_len`]; implementations may panic
    /// otherwise (a caller bug, never reachable from decoded data).
    fn ssz_write(&self, out: &mut [u8]);

    /// Decodes a value from exactly `bytes`, rejecting every encoding that is
    /// not the canonical encoding of a value of this type.
    ///
    /// The heap it takes is bounded by the input, whether it succeeds or
    /// fails: decoding allocates at most a small multiple of `bytes.len()`
    /// (for the types of this crate and `peam-ssz-types`, 8 times the input
    /// plus 1 KiB), so a hostile count or offset fails before it reserves
    /// memory for it.
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError>;

    /// Appends the encoding to `buf`.
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        let start = buf.len();
        buf.resize(start + self.ssz_len(), 0);
        self.ssz_write(&mut buf[start..]);
    }

    /// The encoding in a new vector: one allocation of the exact size.
    fn to_ssz(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.ssz_len());
        memory::advise_huge_pages(&mut out);
        self.ssz_append(&mut out);
        out
    }

    /// Writes the encoding of a fixed-size value into `out`, exactly
    /// `FIXED_PART_LEN` bytes not yet initialised, and returns them
    /// initialised: the same bytes as [`Ssz::ssz_write`], without zeroing
    /// them first. The bodies of fixed-size vectors and lists are encoded
    /// into a vector's spare capacity through it.
    ///
    /// Only called for fixed-size types. The default zeroes `out` and calls
    /// `ssz_write`; the basic types, byte vectors and derived fixed-size
    /// containers write each byte once. An override must return `out`
    /// itself (callers check, and fall back to the default otherwise).
    #[inline]
    fn ssz_write_uninit<'a>(&self, out: &'a mut [core::mem::MaybeUninit<u8>]) -> &'a mut [u8] {
        codec::write_zeroed(self, out, Self::ssz_write)
    }

    /// Writes fixed-size `values` back to back, the body of a vector or list
    /// (`out.len() == values.len() * FIXED_PART_LEN`).
    ///
    /// Only called for fixed-size types. Basic types override it with one
    /// pass over the slice.
    fn ssz_write_many(values: &[Self], out: &mut [u8]) {
        for (value, dst) in values
            .iter()
            .zip(out.chunks_exact_mut(Self::FIXED_PART_LEN))
        {
            value.ssz_write(dst);
        }
    }

    /// Decodes back-to-back fixed-size values from `bytes` (a multiple of
    /// `FIXED_PART_LEN` long) and appends them to `out`, the body of a vector
    /// or list. An error names the index of the element that failed.
    ///
    /// Only called for fixed-size types. Basic types override it with one
    /// pass over the bytes.
    fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
        codec::decode_fixed_elements(bytes, out)
    }

    /// Appends fixed-size `values` back to back to `buf`, the body of a
    /// vector or list.
    ///
    /// Only called for fixed-size types. The default reserves room for all
    /// of them and appends each with [`Ssz::ssz_append`]; basic types
    /// override it with one copy on little-endian targets.
    #[inline]
    fn ssz_append_many(values: &[Self], buf: &mut Vec<u8>) {
        codec::append_fixed_elements(values, buf)
    }

    /// Decodes `[Self; N]` from exactly `N` back-to-back fixed-size values,
    /// the body of `Vector[Self, N]` held inline. An error names the index
    /// of the element that failed.
    ///
    /// Only called for fixed-size types, with `bytes.len()` already checked
    /// to be `N * FIXED_PART_LEN`. Basic types override it with one pass
    /// (`[u8; N]`: one copy).
    #[inline]
    fn from_ssz_array<const N: usize>(bytes: &[u8]) -> Result<[Self; N], DecodeError> {
        let mut chunks = bytes.chunks_exact(Self::FIXED_PART_LEN.max(1));
        impls::try_array(|i| {
            Self::from_ssz(chunks.next().unwrap_or_default()).map_err(|e| e.at_index(i))
        })
    }

    /// Writes the encoding to `sink` ([`crate::stream`]): the same bytes
    /// as [`Ssz::to_ssz`].
    ///
    /// The default encodes into a buffer (on the stack for a small
    /// fixed-size value) and writes it. The big shapes write without
    /// building their whole encoding: vectors and lists through a bounded
    /// scratch buffer or element by element
    /// ([`stream::write_elements`](crate::stream::write_elements)),
    /// derived containers their fixed part and then each variable-size
    /// field.
    #[inline]
    fn ssz_write_to<S: Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        stream::write_buffered(self, sink)
    }

    /// Decodes a value from exactly the next `len` bytes of `source`
    /// ([`crate::stream`]), as strictly as [`Ssz::from_ssz`] and with the
    /// same [`DecodeError`] (kind and path) on the same bytes.
    ///
    /// Each byte is read once; the memory taken is what the value holds
    /// plus a small constant (while a sequence's `Vec` doubles, its old
    /// and new buffers for a moment), never `len` reserved ahead of the
    /// bytes; a length over a bound is refused before the elements are
    /// read. The
    /// default reads the bytes into a buffer (on the stack for a small
    /// fixed-size type, which first checks `len` against its own) and
    /// decodes them with `from_ssz`; vectors, lists and derived containers
    /// override it to decode as the bytes arrive. An override must consume
    /// exactly `len` bytes when it succeeds; after an error, what it read
    /// is unspecified.
    #[inline]
    fn ssz_read_from<S: Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, StreamError<S::Error>> {
        stream::read_buffered(source, len)
    }
}

#[cfg(test)]
mod decode_tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn decode_names_the_type_that_expected_the_bytes() {
        let err = decode::<[u64; 5]>(&[0; 39]).unwrap_err();
        assert_eq!(err.type_name(), Some("[u64; 5]"));
        assert_eq!(err.to_string(), "[u64; 5]: expected 40 bytes, got 39");
        // The path still leads from that type to the value that failed.
        let err = decode::<[[bool; 2]; 2]>(&[0, 1, 2, 0]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "[[bool; 2]; 2]: at [1][0]: invalid boolean byte 0x02"
        );
        // `from_ssz` itself leaves it out.
        assert_eq!(
            <[u64; 5]>::from_ssz(&[0; 39]).unwrap_err().type_name(),
            None
        );
        assert_eq!(decode::<[u8; 2]>(&[1, 2]), Ok([1, 2]));
    }
}
