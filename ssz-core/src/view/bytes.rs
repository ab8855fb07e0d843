//! [`BytesView`]: the view of a byte string (`ByteVector[N]`,
//! `ByteList[N]`, `ProgressiveByteList`), its bytes where they lie; and the
//! validation and roots from the bytes that every `ByteVector[N]` type
//! shares.

use super::{SszView, View};
use crate::codec::byte_vector_root;
use crate::{DecodeError, DecodeErrorKind, Gindex, ProofError, Root, BYTES_PER_CHUNK};
use core::fmt;
use core::marker::PhantomData;
use core::ops::Deref;

/// The view of a byte string type `S`: the bytes of its encoding, which are
/// its value. Dereferences to `[u8]`.
///
/// ```
/// use peam_ssz_core::view::{view, BytesView, SszView, View};
/// use peam_ssz_core::{Ssz, TreeHash};
///
/// // A type of one's own with a byte string view, as `ByteList[N]` has.
/// # #[derive(Debug, PartialEq)]
/// # struct Name(Vec<u8>);
/// # impl Ssz for Name {
/// #     const IS_FIXED_SIZE: bool = false;
/// #     const FIXED_PART_LEN: usize = 4;
/// #     fn ssz_len(&self) -> usize { self.0.len() }
/// #     fn ssz_write(&self, out: &mut [u8]) { out.copy_from_slice(&self.0) }
/// #     fn from_ssz(bytes: &[u8]) -> Result<Self, peam_ssz_core::DecodeError> { Ok(Name(bytes.to_vec())) }
/// # }
/// impl SszView for Name {
///     type View<'a> = BytesView<'a, Name>;
///     type ArrayView<'a, const N: usize> = peam_ssz_core::view::SeqView<'a, [Name; N]>;
///     fn validate_ssz(_: &[u8]) -> Result<(), peam_ssz_core::DecodeError> { Ok(()) }
///     fn view_unchecked(bytes: &[u8]) -> BytesView<'_, Name> { BytesView::new_unchecked(bytes) }
///     fn array_view_unchecked<const N: usize>(bytes: &[u8]) -> Self::ArrayView<'_, N> {
///         peam_ssz_core::view::SeqView::new_unchecked(bytes)
///     }
/// }
///
/// let v = view::<Name>(b"peam")?;
/// assert_eq!(v.as_bytes(), b"peam");
/// assert_eq!(&v[1..], b"eam");
/// assert_eq!(v.to_value(), Name(b"peam".to_vec()));
/// # Ok::<(), peam_ssz_core::DecodeError>(())
/// ```
pub struct BytesView<'a, S> {
    bytes: &'a [u8],
    ty: PhantomData<fn() -> S>,
}

impl<S> Clone for BytesView<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for BytesView<'_, S> {}

/// Equal when the bytes are.
impl<S> PartialEq for BytesView<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<S> Eq for BytesView<'_, S> {}

impl<S> fmt::Debug for BytesView<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for b in self.bytes {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl<'a, S> BytesView<'a, S> {
    /// The view of bytes that `S`'s [`SszView::validate_ssz`] accepted.
    #[doc(hidden)]
    #[inline]
    pub fn new_unchecked(bytes: &'a [u8]) -> Self {
        BytesView {
            bytes,
            ty: PhantomData,
        }
    }

    /// The bytes.
    #[inline]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The bytes as an array of `N`, if there are `N` of them.
    #[inline]
    pub fn as_array<const N: usize>(&self) -> Option<&'a [u8; N]> {
        self.bytes.try_into().ok()
    }

    /// The number of bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

impl<S> Deref for BytesView<'_, S> {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        self.bytes
    }
}

impl<S> AsRef<[u8]> for BytesView<'_, S> {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.bytes
    }
}

impl<S> PartialEq<[u8]> for BytesView<'_, S> {
    #[inline]
    fn eq(&self, other: &[u8]) -> bool {
        self.bytes == other
    }
}

impl<'a, S> View<'a> for BytesView<'a, S>
where
    S: SszView<View<'a> = BytesView<'a, S>>,
{
    type Value = S;

    #[inline]
    fn as_ssz_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// [`SszView::validate_ssz`] of `ByteVector[n]`: exactly `n` bytes, `n > 0`
/// (ssz/simple-serialize.md v1.6.1, "Illegal types"), as the byte vector
/// types' `from_ssz` checks them.
#[inline]
pub fn validate_byte_vector(bytes: &[u8], n: usize) -> Result<(), DecodeError> {
    if n == 0 {
        return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
    }
    if bytes.len() != n {
        return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
            expected: n,
            got: bytes.len(),
        }));
    }
    Ok(())
}

/// [`SszView::validate_ssz_many`] of `ByteVector[n]` values back to back:
/// any bytes, a whole number of values, as
/// [`byte_vectors_from_ssz`](crate::codec::byte_vectors_from_ssz) checks
/// them.
#[inline]
pub fn validate_byte_vectors(bytes: &[u8], n: usize) -> Result<(), DecodeError> {
    if n == 0 || !bytes.len().is_multiple_of(n) {
        return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
            len: bytes.len(),
            element: n,
        }));
    }
    Ok(())
}

/// [`TreeHashView::tree_node_ssz`](super::TreeHashView::tree_node_ssz) of `ByteVector[bytes.len()]`: the
/// packed bytes' tree, as
/// [`vector_node`](crate::codec::vector_node) gives it for the value.
#[inline]
pub fn byte_vector_node_ssz(bytes: &[u8], gindex: Gindex) -> Result<Root, ProofError> {
    if gindex == Gindex::ROOT {
        return Ok(byte_vector_root(bytes));
    }
    crate::codec::vector_node(bytes, gindex)
}

/// [`TreeHashView::tree_hash_leaves_ssz`](super::TreeHashView::tree_hash_leaves_ssz) of `ByteVector[n]` values back to
/// back: each one's root (one batch of single hashes for 33 to 64 bytes,
/// as the values' `tree_hash_leaves` does).
pub fn byte_vector_leaves_ssz(bytes: &[u8], n: usize, out: &mut [u8]) {
    if n == 0 {
        return;
    }
    if crate::codec::byte_vector_is_one_block(n) {
        // A few blocks at a time on the stack: no allocation.
        const BATCH: usize = 16;
        let mut blocks = [[0u8; 64]; BATCH];
        let leaves = out.as_chunks_mut::<32>().0;
        for (values, leaves) in bytes.chunks(n * BATCH).zip(leaves.chunks_mut(BATCH)) {
            let k = values.len() / n;
            for (block, value) in blocks.iter_mut().zip(values.chunks_exact(n)) {
                *block = crate::codec::byte_vector_block(value);
            }
            crate::hasher::scope::nodes_in_use(&blocks[..k], &mut leaves[..k]);
        }
        return;
    }
    for (value, leaf) in bytes
        .chunks_exact(n)
        .zip(out.chunks_exact_mut(BYTES_PER_CHUNK))
    {
        leaf.copy_from_slice(&byte_vector_root(value));
    }
}
