//! Byte strings: `ByteList[N]`, `ByteVector[N]` (heap or inline) and
//! `ProgressiveByteList`.
//!
//! They are `List`, `Vector` and `ProgressiveList` of `byte` in the SSZ type
//! system (ssz/simple-serialize.md v1.6.1, "Aliases"), with the same
//! encodings and roots, but each is one `memcpy` to encode or decode, packs
//! its bytes straight into merkle chunks, and reads and writes as a `"0x"` hex
//! string (the consensus JSON and YAML mapping).

use crate::edition::{Current, Edition};
use crate::hex::{decode_hex_into, hex_digits, to_hex, HexError};
use crate::merkle::{
    merkleize_packed, merkleize_packed_u64, merkleize_progressive_packed_in, mix_in_length,
};
use crate::{
    BoundError, DecodeError, DecodeErrorKind, Length, LengthError, Root, Ssz, TreeHash,
    BYTES_PER_CHUNK,
};
use alloc::{vec, vec::Vec};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

/// `ByteList[N]` (`List[byte, N]`): at most `N::USIZE` bytes.
///
/// ```
/// use peam_ssz_types::{ByteList, Ssz, U};
///
/// let extra_data: ByteList<U<32>> = "0x0102".parse()?;
/// assert_eq!(extra_data.to_ssz(), [1, 2]);
/// assert_eq!(extra_data.to_string(), "0x0102");
/// assert!(ByteList::<U<32>>::from_ssz(&[0; 33]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteList<N> {
    inner: Vec<u8>,
    _limit: PhantomData<N>,
}

/// `ByteVector[N]` (`Vector[byte, N]`): exactly `N::USIZE` bytes, on the
/// heap. For short byte vectors of a constant length, [`FixedBytes`] stores
/// them inline.
///
/// ```
/// use peam_ssz_types::{ByteVector, Ssz, U};
///
/// let logs_bloom = ByteVector::<U<256>>::default();
/// assert_eq!(logs_bloom.to_ssz(), [0; 256]);
/// assert!(ByteVector::<U<256>>::from_ssz(&[0; 255]).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteVector<N> {
    inner: Vec<u8>,
    _len: PhantomData<N>,
}

/// `ProgressiveByteList` (`ProgressiveList[byte]`, EIP-7916): any number of
/// bytes, merkleized as edition `E` defines progressive merkleization (the
/// current spec unless named: [`Current`]). The edition changes the root
/// only; bytes and serde are the same in every edition.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ProgressiveByteList<E = Current> {
    inner: Vec<u8>,
    _edition: PhantomData<E>,
}

/// `BytesN` (`Vector[byte, N]`) stored inline: a public `[u8; N]`.
///
/// A 32-byte value is its own root, so `FixedBytes<32>` is the type of
/// roots and hashes in containers.
///
/// ```
/// use peam_ssz_types::{Bytes4, Bytes32, Ssz, TreeHash};
///
/// let version = Bytes4::from([1, 0, 0, 0]);
/// assert_eq!(version.to_ssz(), [1, 0, 0, 0]);
/// assert_eq!(version.hash_tree_root(), {
///     let mut chunk = [0; 32];
///     chunk[0] = 1;
///     chunk
/// });
/// let root = Bytes32::from([7; 32]);
/// assert_eq!(root.hash_tree_root(), [7; 32]);
/// assert_eq!("0x01000000".parse::<Bytes4>()?, version);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct FixedBytes<const N: usize>(pub [u8; N]);

/// `Bytes4`: fork versions, domain types.
pub type Bytes4 = FixedBytes<4>;
/// `Bytes8`.
pub type Bytes8 = FixedBytes<8>;
/// `Bytes20`: execution addresses.
pub type Bytes20 = FixedBytes<20>;
/// `Bytes32`: roots, hashes.
pub type Bytes32 = FixedBytes<32>;
/// `Bytes48`: BLS public keys, KZG commitments and proofs.
pub type Bytes48 = FixedBytes<48>;
/// `Bytes96`: BLS signatures.
pub type Bytes96 = FixedBytes<96>;

/// The impls shared by the `Vec`-backed byte types.
macro_rules! vec_bytes_common {
    ($name:ident $(<$n:ident>)?) => {
        impl$(<$n>)? $name$(<$n>)? {
            /// The bytes.
            #[inline]
            pub fn as_bytes(&self) -> &[u8] {
                &self.inner
            }

            /// The bytes, to change in place.
            #[inline]
            pub fn as_mut_bytes(&mut self) -> &mut [u8] {
                &mut self.inner
            }

            /// The bytes, as a `Vec`.
            #[inline]
            pub fn into_vec(self) -> Vec<u8> {
                self.inner
            }
        }

        impl$(<$n>)? Deref for $name$(<$n>)? {
            type Target = [u8];

            #[inline]
            fn deref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$n>)? DerefMut for $name$(<$n>)? {
            #[inline]
            fn deref_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$n>)? AsRef<[u8]> for $name$(<$n>)? {
            #[inline]
            fn as_ref(&self) -> &[u8] {
                &self.inner
            }
        }

        impl$(<$n>)? AsMut<[u8]> for $name$(<$n>)? {
            #[inline]
            fn as_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl$(<$n>)? From<$name$(<$n>)?> for Vec<u8> {
            #[inline]
            fn from(value: $name$(<$n>)?) -> Vec<u8> {
                value.inner
            }
        }

        /// `0x` and lowercase hex.
        impl$(<$n>)? fmt::Display for $name$(<$n>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl$(<$n>)? fmt::Debug for $name$(<$n>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_hex(&self.inner))
            }
        }

        impl<'a, $($n)?> IntoIterator for &'a $name$(<$n>)? {
            type Item = &'a u8;
            type IntoIter = core::slice::Iter<'a, u8>;

            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.inner.iter()
            }
        }
    };
}

vec_bytes_common!(ByteList<N>);
vec_bytes_common!(ByteVector<N>);
vec_bytes_common!(ProgressiveByteList<E>);

/// Decodes hex after `check` has accepted its byte count.
fn parse_hex(
    s: &str,
    check: impl FnOnce(usize) -> Result<(), HexError>,
) -> Result<Vec<u8>, HexError> {
    let digits = hex_digits(s)?;
    check(digits.len() / 2)?;
    let mut out = vec![0u8; digits.len() / 2];
    decode_hex_into(digits, &mut out)?;
    Ok(out)
}

// ---------------------------------------------------------------- ByteList

impl<N: Length> ByteList<N> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ByteList {
            inner: Vec::new(),
            _limit: PhantomData,
        }
    }

    /// The list holding `vec`, if it is within the limit.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, BoundError> {
        if vec.len() > N::USIZE {
            return Err(BoundError {
                len: vec.len(),
                max: N::USIZE,
            });
        }
        Ok(ByteList {
            inner: vec,
            _limit: PhantomData,
        })
    }

    /// The limit `N`.
    #[inline]
    pub const fn max_len() -> usize {
        N::USIZE
    }

    /// Appends a byte, or returns an error if the list is full.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), BoundError> {
        if self.inner.len() >= N::USIZE {
            return Err(BoundError {
                len: self.inner.len() + 1,
                max: N::USIZE,
            });
        }
        self.inner.push(byte);
        Ok(())
    }

    /// Appends `bytes`, or returns an error (appending nothing) if they do
    /// not fit.
    pub fn extend_from_slice(&mut self, bytes: &[u8]) -> Result<(), BoundError> {
        let len = self.inner.len().saturating_add(bytes.len());
        if len > N::USIZE {
            return Err(BoundError { len, max: N::USIZE });
        }
        self.inner.extend_from_slice(bytes);
        Ok(())
    }

    /// Removes and returns the last byte.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        self.inner.pop()
    }

    /// Removes every byte.
    #[inline]
    pub fn clear(&mut self) {
        self.inner.clear()
    }

    /// Shortens the list to `len` bytes (no effect if it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.inner.truncate(len)
    }
}

impl<N: Length> Default for ByteList<N> {
    #[inline]
    fn default() -> Self {
        ByteList::new()
    }
}

impl<N: Length> TryFrom<Vec<u8>> for ByteList<N> {
    type Error = BoundError;

    #[inline]
    fn try_from(vec: Vec<u8>) -> Result<Self, BoundError> {
        ByteList::try_from_vec(vec)
    }
}

impl<N: Length> TryFrom<&[u8]> for ByteList<N> {
    type Error = BoundError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, BoundError> {
        if bytes.len() > N::USIZE {
            return Err(BoundError {
                len: bytes.len(),
                max: N::USIZE,
            });
        }
        Ok(ByteList {
            inner: bytes.to_vec(),
            _limit: PhantomData,
        })
    }
}

/// Parses `0x`-prefixed hex.
impl<N: Length> FromStr for ByteList<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let inner = parse_hex(s, |len| {
            if len > N::USIZE {
                return Err(HexError::TooLong { len, max: N::USIZE });
            }
            Ok(())
        })?;
        Ok(ByteList {
            inner,
            _limit: PhantomData,
        })
    }
}

impl<N: Length> Ssz for ByteList<N> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;

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
        if bytes.len() > N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
                len: bytes.len(),
                max: N::USIZE,
            }));
        }
        Ok(ByteList {
            inner: bytes.to_vec(),
            _limit: PhantomData,
        })
    }
}

/// `mix_in_length(merkleize(pack(bytes), limit = (N + 31) // 32), len)`.
impl<N: Length> TreeHash for ByteList<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        let limit = N::U64.div_ceil(BYTES_PER_CHUNK as u64);
        mix_in_length(&merkleize_packed_u64(&self.inner, limit), self.inner.len())
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::list_node(&self.inner, N::U64, self.inner.len(), gindex)
    }
}

// -------------------------------------------------------------- ByteVector

impl<N: Length> ByteVector<N> {
    const NOT_EMPTY: () = assert!(N::USIZE > 0, "ByteVector[0] is an illegal SSZ type");

    /// `N` zero bytes. Does not compile for the illegal `ByteVector[0]`.
    #[inline]
    pub fn zero() -> Self {
        let () = Self::NOT_EMPTY;
        ByteVector {
            inner: vec![0; N::USIZE],
            _len: PhantomData,
        }
    }

    /// The vector holding `vec`, if it is exactly `N` bytes.
    #[inline]
    pub fn try_from_vec(vec: Vec<u8>) -> Result<Self, LengthError> {
        if vec.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: vec.len(),
                expected: N::USIZE,
            });
        }
        Ok(ByteVector {
            inner: vec,
            _len: PhantomData,
        })
    }

    /// The length `N`.
    #[inline]
    pub const fn vector_len() -> usize {
        N::USIZE
    }
}

/// `N` zero bytes.
impl<N: Length> Default for ByteVector<N> {
    #[inline]
    fn default() -> Self {
        ByteVector::zero()
    }
}

impl<N: Length> TryFrom<Vec<u8>> for ByteVector<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(vec: Vec<u8>) -> Result<Self, LengthError> {
        ByteVector::try_from_vec(vec)
    }
}

impl<N: Length> TryFrom<&[u8]> for ByteVector<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, LengthError> {
        if bytes.len() != N::USIZE || N::USIZE == 0 {
            return Err(LengthError {
                len: bytes.len(),
                expected: N::USIZE,
            });
        }
        Ok(ByteVector {
            inner: bytes.to_vec(),
            _len: PhantomData,
        })
    }
}

/// Parses `0x`-prefixed hex of exactly `N` bytes.
impl<N: Length> FromStr for ByteVector<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let inner = parse_hex(s, |got| {
            if got != N::USIZE || N::USIZE == 0 {
                return Err(HexError::InvalidLength {
                    expected: N::USIZE,
                    got,
                });
            }
            Ok(())
        })?;
        Ok(ByteVector {
            inner,
            _len: PhantomData,
        })
    }
}

impl<N: Length> Ssz for ByteVector<N> {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = N::USIZE;

    #[inline]
    fn ssz_len(&self) -> usize {
        N::USIZE
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
        if N::USIZE == 0 {
            return Err(DecodeError::new(DecodeErrorKind::Custom(
                "ByteVector[0] is an illegal SSZ type",
            )));
        }
        if bytes.len() != N::USIZE {
            return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: N::USIZE,
                got: bytes.len(),
            }));
        }
        Ok(ByteVector {
            inner: bytes.to_vec(),
            _len: PhantomData,
        })
    }
}

/// `merkleize(pack(bytes))`.
impl<N: Length> TreeHash for ByteVector<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        merkleize_packed(&self.inner, N::USIZE.div_ceil(BYTES_PER_CHUNK))
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.inner, gindex)
    }
}

// ----------------------------------------------------- ProgressiveByteList

impl<E> ProgressiveByteList<E> {
    /// No bytes.
    #[inline]
    pub const fn new() -> Self {
        ProgressiveByteList {
            inner: Vec::new(),
            _edition: PhantomData,
        }
    }

    /// The same bytes, merkleized as edition `F` defines it.
    #[inline]
    pub fn into_edition<F>(self) -> ProgressiveByteList<F> {
        ProgressiveByteList {
            inner: self.inner,
            _edition: PhantomData,
        }
    }

    /// The underlying `Vec`, to change freely (the list has no bound).
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<u8> {
        &mut self.inner
    }
}

impl<E> From<Vec<u8>> for ProgressiveByteList<E> {
    #[inline]
    fn from(inner: Vec<u8>) -> Self {
        ProgressiveByteList {
            inner,
            _edition: PhantomData,
        }
    }
}

impl<E> From<&[u8]> for ProgressiveByteList<E> {
    #[inline]
    fn from(bytes: &[u8]) -> Self {
        ProgressiveByteList::from(bytes.to_vec())
    }
}

/// Parses `0x`-prefixed hex.
impl<E> FromStr for ProgressiveByteList<E> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        Ok(ProgressiveByteList::from(parse_hex(s, |_| Ok(()))?))
    }
}

impl<E: Edition> Ssz for ProgressiveByteList<E> {
    const IS_FIXED_SIZE: bool = false;
    const FIXED_PART_LEN: usize = crate::BYTES_PER_LENGTH_OFFSET;

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
        Ok(ProgressiveByteList::from(bytes))
    }
}

/// `mix_in_length(merkleize_progressive(pack(bytes)), len)`, progressive
/// merkleization as edition `E` defines it.
impl<E: Edition> TreeHash for ProgressiveByteList<E> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        mix_in_length(
            &merkleize_progressive_packed_in::<E>(&self.inner),
            self.inner.len(),
        )
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::seq::progressive_node::<E, u8>(&self.inner, self.inner.len(), gindex)
    }
}

// -------------------------------------------------------------- FixedBytes

impl<const N: usize> FixedBytes<N> {
    /// All zero bytes.
    pub const ZERO: Self = FixedBytes([0; N]);

    /// Wraps `bytes`.
    #[inline]
    pub const fn new(bytes: [u8; N]) -> Self {
        FixedBytes(bytes)
    }

    /// The bytes.
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    /// The bytes, by value.
    #[inline]
    pub const fn into_inner(self) -> [u8; N] {
        self.0
    }

    /// Copies `bytes`, if there are exactly `N` of them.
    #[inline]
    pub fn from_slice(bytes: &[u8]) -> Result<Self, LengthError> {
        <[u8; N]>::try_from(bytes)
            .map(FixedBytes)
            .map_err(|_| LengthError {
                len: bytes.len(),
                expected: N,
            })
    }

    /// Whether every byte is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The leaf the value contributes to a vector or list: its root.
    #[inline]
    fn leaf(&self) -> Root {
        if N <= BYTES_PER_CHUNK {
            let mut chunk = [0u8; 32];
            chunk[..N].copy_from_slice(&self.0);
            chunk
        } else {
            merkleize_packed(&self.0, N.div_ceil(BYTES_PER_CHUNK))
        }
    }
}

impl<const N: usize> Default for FixedBytes<N> {
    #[inline]
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Deref for FixedBytes<N> {
    type Target = [u8; N];

    #[inline]
    fn deref(&self) -> &[u8; N] {
        &self.0
    }
}

impl<const N: usize> DerefMut for FixedBytes<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8; N] {
        &mut self.0
    }
}

impl<const N: usize> AsRef<[u8]> for FixedBytes<N> {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> AsMut<[u8]> for FixedBytes<N> {
    #[inline]
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl<const N: usize> From<[u8; N]> for FixedBytes<N> {
    #[inline]
    fn from(bytes: [u8; N]) -> Self {
        FixedBytes(bytes)
    }
}

impl<const N: usize> From<FixedBytes<N>> for [u8; N] {
    #[inline]
    fn from(bytes: FixedBytes<N>) -> [u8; N] {
        bytes.0
    }
}

impl<const N: usize> TryFrom<&[u8]> for FixedBytes<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, LengthError> {
        FixedBytes::from_slice(bytes)
    }
}

/// Parses `0x`-prefixed hex of exactly `N` bytes.
impl<const N: usize> FromStr for FixedBytes<N> {
    type Err = HexError;

    fn from_str(s: &str) -> Result<Self, HexError> {
        let digits = hex_digits(s)?;
        if digits.len() / 2 != N {
            return Err(HexError::InvalidLength {
                expected: N,
                got: digits.len() / 2,
            });
        }
        let mut out = [0u8; N];
        decode_hex_into(digits, &mut out)?;
        Ok(FixedBytes(out))
    }
}

/// `0x` and lowercase hex.
impl<const N: usize> fmt::Display for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

impl<const N: usize> fmt::Debug for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

impl<const N: usize> fmt::LowerHex for FixedBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = to_hex(&self.0);
        f.write_str(if f.alternate() { &hex } else { &hex[2..] })
    }
}

impl<const N: usize> Ssz for FixedBytes<N> {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = N;

    #[inline]
    fn ssz_len(&self) -> usize {
        N
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0)
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(&self.0)
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        if N == 0 {
            return Err(DecodeError::new(DecodeErrorKind::Custom(
                "Vector[byte, 0] is an illegal SSZ type",
            )));
        }
        match <[u8; N]>::try_from(bytes) {
            Ok(b) => Ok(FixedBytes(b)),
            Err(_) => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: N,
                got: bytes.len(),
            })),
        }
    }

    #[inline]
    fn ssz_write_many(values: &[Self], out: &mut [u8]) {
        for (value, dst) in values.iter().zip(out.chunks_exact_mut(N.max(1))) {
            dst.copy_from_slice(&value.0);
        }
    }

    #[inline]
    fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
        if N == 0 || !bytes.len().is_multiple_of(N) {
            return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
                len: bytes.len(),
                element: N,
            }));
        }
        out.reserve(bytes.len() / N);
        out.extend(bytes.chunks_exact(N).map(|chunk| {
            let mut b = [0u8; N];
            b.copy_from_slice(chunk);
            FixedBytes(b)
        }));
        Ok(())
    }
}

/// `merkleize(pack(bytes))`: a value of up to 32 bytes, zero-padded, is its
/// own root.
impl<const N: usize> TreeHash for FixedBytes<N> {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        self.leaf()
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(&self.0, gindex)
    }

    fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
        let out = out.as_chunks_mut::<32>().0;
        if N <= BYTES_PER_CHUNK {
            for (value, leaf) in values.iter().zip(out) {
                *leaf = value.leaf();
            }
        } else if N <= 2 * BYTES_PER_CHUNK {
            // Two chunks each (BLS public keys, KZG commitments): one batch
            // of single hashes.
            let blocks: Vec<[u8; 64]> = values
                .iter()
                .map(|v| {
                    let mut block = [0u8; 64];
                    block[..N].copy_from_slice(&v.0);
                    block
                })
                .collect();
            crate::hash::hash_nodes(&blocks, &mut out[..values.len()]);
        } else {
            for (value, leaf) in values.iter().zip(out) {
                *leaf = value.leaf();
            }
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::serde_support::{deserialize_hex_checked, serialize_hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<N: Length> Serialize for ByteList<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, N: Length> Deserialize<'de> for ByteList<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |len| {
                if len > N::USIZE {
                    return Err(HexError::TooLong { len, max: N::USIZE }.to_string());
                }
                Ok(())
            })?;
            Ok(ByteList {
                inner,
                _limit: PhantomData,
            })
        }
    }

    impl<N: Length> Serialize for ByteVector<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, N: Length> Deserialize<'de> for ByteVector<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |got| {
                if got != N::USIZE || N::USIZE == 0 {
                    return Err(HexError::InvalidLength {
                        expected: N::USIZE,
                        got,
                    }
                    .to_string());
                }
                Ok(())
            })?;
            Ok(ByteVector {
                inner,
                _len: PhantomData,
            })
        }
    }

    impl<E> Serialize for ProgressiveByteList<E> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.inner, serializer)
        }
    }

    impl<'de, E> Deserialize<'de> for ProgressiveByteList<E> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let inner = deserialize_hex_checked(deserializer, |_| Ok(()))?;
            Ok(ProgressiveByteList::from(inner))
        }
    }

    impl<const N: usize> Serialize for FixedBytes<N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.0, serializer)
        }
    }

    impl<'de, const N: usize> Deserialize<'de> for FixedBytes<N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let bytes = deserialize_hex_checked(deserializer, |got| {
                if got != N {
                    return Err(HexError::InvalidLength { expected: N, got }.to_string());
                }
                Ok(())
            })?;
            FixedBytes::from_slice(&bytes).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{List, U};

    #[test]
    fn byte_list_is_a_list_of_bytes() {
        let b = ByteList::<U<40>>::try_from(&[1u8, 2, 3][..]).unwrap();
        let l = List::<u8, U<40>>::try_from(vec![1, 2, 3]).unwrap();
        assert_eq!(b.to_ssz(), [1, 2, 3]);
        assert_eq!(b.to_ssz(), l.to_ssz());
        assert_eq!(b.hash_tree_root(), l.hash_tree_root());
        let mut buf = vec![9];
        b.ssz_append(&mut buf);
        assert_eq!(buf, [9, 1, 2, 3]);
        assert_eq!(ByteList::<U<40>>::from_ssz(&[1, 2, 3]).unwrap(), b);
        assert_eq!(
            *ByteList::<U<2>>::from_ssz(&[1, 2, 3]).unwrap_err().kind(),
            DecodeErrorKind::TooManyElements { len: 3, max: 2 }
        );
        assert!(ByteList::<U<0>>::from_ssz(&[]).unwrap().is_empty());
    }

    #[test]
    fn byte_list_api() {
        let mut b = ByteList::<U<3>>::new();
        b.push(1).unwrap();
        b.extend_from_slice(&[2, 3]).unwrap();
        assert_eq!(b.push(4), Err(BoundError { len: 4, max: 3 }));
        assert_eq!(
            b.extend_from_slice(&[4]),
            Err(BoundError { len: 4, max: 3 })
        );
        assert_eq!(ByteList::<U<3>>::max_len(), 3);
        assert_eq!(b.to_string(), "0x010203");
        assert_eq!(format!("{b:?}"), "0x010203");
        assert_eq!(b.pop(), Some(3));
        b[0] = 0xff;
        b.as_mut_bytes()[1] = 0xee;
        assert_eq!(b.as_bytes(), [0xff, 0xee]);
        assert_eq!((&b).into_iter().count(), 2);
        b.truncate(1);
        assert_eq!(Vec::from(b.clone()), [0xff]);
        b.clear();
        assert_eq!(b, ByteList::default());
        assert!(ByteList::<U<3>>::try_from(vec![0; 4]).is_err());
        assert!(ByteList::<U<3>>::try_from(&[0u8; 4][..]).is_err());
        assert_eq!(
            "0x0102".parse::<ByteList<U<3>>>().unwrap().into_vec(),
            [1, 2]
        );
        assert_eq!(
            "0x01020304".parse::<ByteList<U<3>>>(),
            Err(HexError::TooLong { len: 4, max: 3 })
        );
    }

    #[test]
    fn byte_vector_is_a_vector_of_bytes() {
        let v = ByteVector::<U<33>>::try_from((0..33).collect::<Vec<u8>>()).unwrap();
        let a: [u8; 33] = core::array::from_fn(|i| i as u8);
        assert_eq!(v.to_ssz(), a.to_ssz());
        assert_eq!(v.hash_tree_root(), a.hash_tree_root());
        let mut buf = Vec::new();
        v.ssz_append(&mut buf);
        assert_eq!(buf, a);
        assert_eq!(ByteVector::<U<33>>::from_ssz(&a).unwrap(), v);
        assert_eq!(
            *ByteVector::<U<33>>::from_ssz(&a[..32]).unwrap_err().kind(),
            DecodeErrorKind::InvalidLength {
                expected: 33,
                got: 32
            }
        );
        assert!(ByteVector::<U<0>>::from_ssz(&[]).is_err());
        assert!(ByteVector::<U<0>>::try_from(vec![]).is_err());
        assert!(ByteVector::<U<2>>::try_from(&[1u8][..]).is_err());
        assert_eq!(ByteVector::<U<2>>::vector_len(), 2);
        assert_eq!(
            "0x0102".parse::<ByteVector<U<2>>>().unwrap().as_bytes(),
            [1, 2]
        );
        assert_eq!(
            "0x01".parse::<ByteVector<U<2>>>(),
            Err(HexError::InvalidLength {
                expected: 2,
                got: 1
            })
        );
        assert_eq!(ByteVector::<U<2>>::default().to_string(), "0x0000");
    }

    #[test]
    fn progressive_byte_list() {
        let p = ProgressiveByteList::from(&[1u8, 2][..]);
        assert_eq!(p.to_ssz(), [1, 2]);
        assert_eq!(ProgressiveByteList::from_ssz(&[1, 2]).unwrap(), p);
        let pl: crate::ProgressiveList<u8> = vec![1, 2].into();
        assert_eq!(p.hash_tree_root(), pl.hash_tree_root());
        let mut q: ProgressiveByteList = "0x01".parse().unwrap();
        q.as_mut_vec().push(2);
        assert_eq!(q, p);
        assert_eq!(<ProgressiveByteList>::new().to_ssz(), [] as [u8; 0]);
    }

    #[test]
    fn fixed_bytes_are_arrays() {
        fn check<const N: usize>() {
            let a: [u8; N] = core::array::from_fn(|i| (i * 7 + 1) as u8);
            let f = FixedBytes(a);
            assert_eq!(f.to_ssz(), a.to_ssz());
            assert_eq!(f.hash_tree_root(), a.hash_tree_root(), "{N}");
            assert_eq!(FixedBytes::<N>::from_ssz(&a).unwrap(), f);
            // Leaves of a list match the array's, on every path.
            let many: Vec<FixedBytes<N>> = (0..5u8).map(|k| FixedBytes(a.map(|x| x ^ k))).collect();
            let arrays: Vec<[u8; N]> = many.iter().map(|f| f.0).collect();
            assert_eq!(
                crate::codec::list_root(&many, 8),
                crate::codec::list_root(&arrays, 8),
                "{N}"
            );
            let enc = List::<FixedBytes<N>, U<8>>::try_from(many.clone())
                .unwrap()
                .to_ssz();
            assert_eq!(
                enc,
                List::<[u8; N], U<8>>::try_from(arrays).unwrap().to_ssz()
            );
            assert_eq!(
                List::<FixedBytes<N>, U<8>>::from_ssz(&enc)
                    .unwrap()
                    .as_slice(),
                many
            );
        }
        check::<1>();
        check::<4>();
        check::<20>();
        check::<32>();
        check::<33>();
        check::<48>();
        check::<64>();
        check::<65>();
        check::<96>();
    }

    #[test]
    fn fixed_bytes_api() {
        let b: Bytes4 = "0xDEADbeef".parse().unwrap();
        assert_eq!(b.0, [0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(b.to_string(), "0xdeadbeef");
        assert_eq!(format!("{b:?}"), "0xdeadbeef");
        assert_eq!(format!("{b:x}"), "deadbeef");
        assert_eq!(format!("{b:#x}"), "0xdeadbeef");
        assert_eq!(
            "0xdead".parse::<Bytes4>(),
            Err(HexError::InvalidLength {
                expected: 4,
                got: 2
            })
        );
        assert_eq!("dead".parse::<Bytes4>(), Err(HexError::MissingPrefix));
        assert!(Bytes4::ZERO.is_zero());
        assert_eq!(Bytes96::default(), FixedBytes([0; 96]));
        assert_eq!(
            Bytes4::from_slice(&[1, 2]),
            Err(LengthError {
                len: 2,
                expected: 4
            })
        );
        assert_eq!(
            Bytes4::try_from(&[1u8, 2, 3, 4][..]).unwrap().into_inner(),
            [1, 2, 3, 4]
        );
        let mut c = Bytes4::new([0; 4]);
        c[0] = 1;
        c.as_mut()[1] = 2;
        assert_eq!(c.as_bytes(), &[1, 2, 0, 0]);
        assert_eq!(<[u8; 4]>::from(c), [1, 2, 0, 0]);
        assert!(Bytes4::ZERO < c);
        assert_eq!(
            *Bytes4::from_ssz(&[1, 2, 3]).unwrap_err().kind(),
            DecodeErrorKind::InvalidLength {
                expected: 4,
                got: 3
            }
        );
        assert!(FixedBytes::<0>::from_ssz(&[]).is_err());
        assert!(List::<Bytes4, U<4>>::from_ssz(&[0; 6]).is_err());
        // The literal root of a 48-byte value: hash(first 32, last 16 padded).
        let pk = FixedBytes([0xaa; 48]);
        let mut block = [0u8; 64];
        block[..48].fill(0xaa);
        assert_eq!(pk.hash_tree_root(), crate::hash::sha256(&block));
    }
}
