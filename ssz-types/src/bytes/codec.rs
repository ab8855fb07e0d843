//! The SSZ encoding of a [`ByteSeq`]: one copy each way, its length
//! checked by the kind before the copy.

use super::{ByteKind, ByteSeq};
use crate::{DecodeError, Ssz};
use alloc::vec::Vec;

impl<K: ByteKind> Ssz for ByteSeq<K> {
    const IS_FIXED_SIZE: bool = K::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = K::FIXED_PART_LEN;

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
        K::check_decode(bytes)?;
        Ok(ByteSeq::from_vec_unchecked(bytes.to_vec()))
    }
}
