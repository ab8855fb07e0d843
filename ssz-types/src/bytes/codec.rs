//! The SSZ encoding of a [`ByteSeq`]: one copy each way, its length
//! checked by the kind before the copy.

use super::{check_decode, ByteKind, ByteSeq};
use crate::{DecodeError, Ssz};
use alloc::vec::Vec;

impl<K: ByteKind> Ssz for ByteSeq<K> {
    const IS_FIXED_SIZE: bool = K::LENGTH.is_some();
    const FIXED_PART_LEN: usize = match K::LENGTH {
        Some(length) => length,
        None => crate::BYTES_PER_LENGTH_OFFSET,
    };

    #[inline]
    fn ssz_len(&self) -> usize {
        self.inner.len()
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.inner)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(&self.inner)
    }

    #[inline]
    fn to_ssz(&self) -> Vec<u8> {
        self.inner.clone()
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_decode::<K>(bytes.len())?;
        Ok(ByteSeq::from_vec_unchecked(bytes.to_vec()))
    }

    /// The bytes, as they are.
    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        sink.write_all(&self.inner)
    }

    /// The length checked before anything is read, then the bytes read
    /// into the value's own `Vec` as they arrive.
    #[inline]
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        check_decode::<K>(len)?;
        crate::stream::read_bytes(source, len).map(ByteSeq::from_vec_unchecked)
    }
}
