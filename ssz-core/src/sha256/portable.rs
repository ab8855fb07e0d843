//! The portable backend: `sha2`'s compression function.

use super::{IV, PADDING_BLOCK};
use sha2::digest::generic_array::GenericArray;

#[inline]
pub(super) fn hash64(input: &[u8; 64]) -> [u8; 32] {
    let mut state = IV;
    sha2::compress256(
        &mut state,
        &[
            *GenericArray::from_slice(input),
            *GenericArray::from_slice(&PADDING_BLOCK),
        ],
    );
    let mut out = [0u8; 32];
    for (word, bytes) in state.iter().zip(out.chunks_exact_mut(4)) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    out
}

pub(super) fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    for (m, o) in input.iter().zip(out.iter_mut()) {
        *o = hash64(m);
    }
}

pub(super) fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(data).into()
}
