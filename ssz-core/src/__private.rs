//! Helpers that derived and generic code call, compiled once here rather than
//! in every expansion. Not a stable API.

use crate::merkle::{merkleize_packed_u64, mix_in_length};
use crate::{DecodeError, DecodeErrorKind, Root, Ssz, TreeHash, BYTES_PER_LENGTH_OFFSET};
use alloc::vec;

pub use core;

/// Reads the little-endian `u32` offset at `pos`; the caller has checked that
/// `bytes` holds it.
#[inline(always)]
pub fn read_offset(bytes: &[u8], pos: usize) -> usize {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[pos..pos + BYTES_PER_LENGTH_OFFSET]);
    u32::from_le_bytes(b) as usize
}

/// Writes `offset` as a little-endian `u32` at `pos`.
#[inline(always)]
pub fn write_offset(out: &mut [u8], pos: usize, offset: usize) {
    debug_assert!(offset <= u32::MAX as usize, "SSZ encoding over 4 GiB");
    out[pos..pos + BYTES_PER_LENGTH_OFFSET].copy_from_slice(&(offset as u32).to_le_bytes());
}

/// Bytes from which a new buffer is worth backing with huge pages.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64"),
    not(miri)
))]
const HUGE_PAGE_MIN: usize = 4 << 20;

/// Asks the kernel to back a new, still untouched buffer of at least
/// `HUGE_PAGE_MIN` bytes with transparent huge pages (Linux, where the
/// system's setting is `madvise` or `always`): the first writes to a 100 MB
/// encoding or decoded list then take a few dozen page faults rather than
/// tens of thousands, which on a virtual machine cost more than the copying.
/// Advice only: it changes neither the contents nor who owns the memory,
/// and does nothing where it is not supported.
#[inline]
pub fn advise_huge_pages<T>(buf: &mut Vec<T>) {
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64"),
        not(miri)
    ))]
    {
        let bytes = buf.capacity().saturating_mul(core::mem::size_of::<T>());
        if bytes >= HUGE_PAGE_MIN {
            huge_pages::advise(buf.as_mut_ptr().cast(), bytes);
        }
    }
    #[cfg(not(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64"),
        not(miri)
    )))]
    let _ = buf;
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64"),
    not(miri)
))]
mod huge_pages {
    use core::ffi::{c_int, c_void};

    /// The huge page size of both architectures.
    const HUGE_PAGE: usize = 2 << 20;
    /// `MADV_HUGEPAGE` of `<asm-generic/mman-common.h>`, which both
    /// architectures use.
    const MADV_HUGEPAGE: c_int = 14;

    extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }

    /// Advises the whole huge pages inside `len` bytes at `ptr`.
    pub(super) fn advise(ptr: *mut u8, len: usize) {
        let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
        let end = (ptr as usize).saturating_add(len) & !(HUGE_PAGE - 1);
        if end > start {
            // SAFETY: `madvise` is the C library's (std links it on Linux),
            // declared with its C signature. The range `start..end` lies
            // inside the `len` bytes at `ptr`, an allocation the caller
            // holds, and is page-aligned as `madvise` requires.
            // `MADV_HUGEPAGE` changes only how the kernel backs the range,
            // not its contents, its mapping or who owns it; on failure
            // (no transparent huge pages) nothing changes, so the result is
            // ignored.
            unsafe { madvise(start as *mut c_void, end - start, MADV_HUGEPAGE) };
        }
    }
}

/// Appends `offset` as a little-endian `u32`.
#[inline(always)]
pub fn push_offset(buf: &mut Vec<u8>, offset: usize) {
    debug_assert!(offset <= u32::MAX as usize, "SSZ encoding over 4 GiB");
    buf.extend_from_slice(&(offset as u32).to_le_bytes());
}

/// The encoded length of a sequence of variable-size elements: an offset and
/// the encoding of each.
#[inline]
pub fn variable_elements_len<T: Ssz>(values: &[T]) -> usize {
    values
        .iter()
        .map(|v| BYTES_PER_LENGTH_OFFSET + v.ssz_len())
        .sum()
}

/// Writes a sequence of variable-size elements: the offsets, then the
/// encodings (`out.len() == variable_elements_len(values)`).
#[inline]
pub fn write_variable_elements<T: Ssz>(values: &[T], out: &mut [u8]) {
    let mut offset = values.len() * BYTES_PER_LENGTH_OFFSET;
    for (i, v) in values.iter().enumerate() {
        write_offset(out, i * BYTES_PER_LENGTH_OFFSET, offset);
        let len = v.ssz_len();
        v.ssz_write(&mut out[offset..offset + len]);
        offset += len;
    }
}

/// Appends fixed-size `values` one after the other, after reserving room
/// for all of them: the output is written once, never cleared first.
pub fn append_fixed_elements<T: Ssz>(values: &[T], buf: &mut Vec<u8>) {
    buf.reserve(values.len() * T::FIXED_PART_LEN);
    for value in values {
        value.ssz_append(buf);
    }
}

/// Appends a sequence of elements (vector or list body): fixed ones back to
/// back, variable ones as offsets, then each element appended in turn.
pub fn append_elements<T: Ssz>(values: &[T], buf: &mut Vec<u8>) {
    if T::IS_FIXED_SIZE {
        T::__append_many(values, buf);
    } else {
        let start = buf.len();
        let fixed = values.len() * BYTES_PER_LENGTH_OFFSET;
        buf.resize(start + fixed, 0);
        let offsets = &mut buf[start..];
        let mut offset = fixed;
        for (i, v) in values.iter().enumerate() {
            write_offset(offsets, i * BYTES_PER_LENGTH_OFFSET, offset);
            offset += v.ssz_len();
        }
        for v in values {
            v.ssz_append(buf);
        }
    }
}

/// The parts of an encoded sequence of variable-size elements (a vector,
/// list or progressive list), with every offset checked as it is read.
pub struct VariableElements<'a> {
    bytes: &'a [u8],
    count: usize,
    index: usize,
    start: usize,
}

impl<'a> VariableElements<'a> {
    /// Checks the first offset of `bytes` and counts the elements.
    ///
    /// `exact` is the length of a vector; `max` the limit of a list. Empty
    /// input is an empty sequence.
    pub fn new(bytes: &'a [u8], exact: Option<usize>, max: usize) -> Result<Self, DecodeError> {
        if bytes.is_empty() {
            if let Some(n) = exact.filter(|&n| n != 0) {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: n,
                    got: 0,
                }));
            }
            return Ok(VariableElements {
                bytes,
                count: 0,
                index: 0,
                start: 0,
            });
        }
        if bytes.len() < BYTES_PER_LENGTH_OFFSET {
            return Err(DecodeError::new(DecodeErrorKind::TooShort {
                min: BYTES_PER_LENGTH_OFFSET,
                got: bytes.len(),
            }));
        }
        let first = read_offset(bytes, 0);
        if first == 0 || !first.is_multiple_of(BYTES_PER_LENGTH_OFFSET) || first > bytes.len() {
            return Err(DecodeError::new(DecodeErrorKind::InvalidListOffset {
                offset: first,
            }));
        }
        let count = first / BYTES_PER_LENGTH_OFFSET;
        if let Some(n) = exact {
            if count != n {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: n,
                    got: count,
                }));
            }
        }
        if count > max {
            return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
                len: count,
                max,
            }));
        }
        Ok(VariableElements {
            bytes,
            count,
            index: 0,
            start: first,
        })
    }

    /// The number of elements.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The bytes of the next element; its end offset is checked against the
    /// start and the input length. Call at most `count()` times.
    #[inline]
    pub fn next_part(&mut self) -> Result<&'a [u8], DecodeError> {
        let i = self.index;
        let end = if i + 1 < self.count {
            let end = read_offset(self.bytes, (i + 1) * BYTES_PER_LENGTH_OFFSET);
            if end > self.bytes.len() {
                return Err(DecodeError::new(DecodeErrorKind::OffsetOutOfBounds {
                    offset: end,
                    len: self.bytes.len(),
                })
                .at_index(i + 1));
            }
            if end < self.start {
                return Err(DecodeError::new(DecodeErrorKind::OffsetsDecreasing {
                    previous: self.start,
                    offset: end,
                })
                .at_index(i + 1));
            }
            end
        } else {
            self.bytes.len()
        };
        let part = &self.bytes[self.start..end];
        self.start = end;
        self.index += 1;
        Ok(part)
    }
}

/// Bytes of memory per input byte that [`decode_elements`] reserves up front
/// for variable-size elements at most.
const RESERVE_FACTOR: usize = 8;

/// Decodes a sequence of elements (vector or list body) into a vector: fixed
/// elements back to back, variable ones behind offsets. `exact` is a
/// vector's length, `max` a list's limit.
pub fn decode_elements<T: Ssz>(
    bytes: &[u8],
    exact: Option<usize>,
    max: usize,
) -> Result<Vec<T>, DecodeError> {
    if T::IS_FIXED_SIZE {
        let size = T::FIXED_PART_LEN;
        if size == 0 || !bytes.len().is_multiple_of(size) {
            return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
                len: bytes.len(),
                element: size,
            }));
        }
        let count = bytes.len() / size;
        if let Some(n) = exact {
            if count != n {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: n,
                    got: count,
                }));
            }
        }
        if count > max {
            return Err(DecodeError::new(DecodeErrorKind::TooManyElements {
                len: count,
                max,
            }));
        }
        let mut out = Vec::with_capacity(count);
        advise_huge_pages(&mut out);
        T::from_ssz_many(bytes, &mut out)?;
        Ok(out)
    } else {
        let mut parts = VariableElements::new(bytes, exact, max)?;
        // The count is checked against the input (4 bytes of offset each),
        // but an element can be far wider in memory than the 4 bytes an
        // empty one takes on the wire: reserve all of them when that is at
        // most RESERVE_FACTOR times the input, so that the vector never
        // grows (a growing vector holds up to three times its elements
        // while it moves), and otherwise no more than that, so that a
        // hostile count fails before it allocates.
        let cap = parts
            .count()
            .min(RESERVE_FACTOR * bytes.len() / core::mem::size_of::<T>().max(1) + 1);
        let mut out = Vec::with_capacity(cap);
        advise_huge_pages(&mut out);
        for i in 0..parts.count() {
            let part = parts.next_part()?;
            out.push(T::from_ssz(part).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// The encoded length of a sequence of elements.
#[inline]
pub fn elements_len<T: Ssz>(values: &[T]) -> usize {
    if T::IS_FIXED_SIZE {
        values.len() * T::FIXED_PART_LEN
    } else {
        variable_elements_len(values)
    }
}

/// Writes a sequence of elements.
#[inline]
pub fn write_elements<T: Ssz>(values: &[T], out: &mut [u8]) {
    if T::IS_FIXED_SIZE {
        T::ssz_write_many(values, out)
    } else {
        write_variable_elements(values, out)
    }
}

/// Leaves up to which [`leaves_root`] packs on the stack.
const STACK_LEAF_BYTES: usize = 1024;

/// Leaves up to which [`leaves_root`] packs into a small stack buffer, not
/// to clear a kilobyte for a `Bytes48` or a `Vector[uint64, 8]`.
const SMALL_LEAF_BYTES: usize = 128;

/// Composite elements from which, with the `parallel` feature, leaves are
/// computed on several threads.
#[cfg(feature = "parallel")]
const PARALLEL_ELEMENTS: usize = 256;

/// `T::tree_hash_leaves(values, out)`; with the `parallel` feature, the
/// leaves of many composite elements in slices on every rayon thread.
#[inline]
pub fn write_leaves<T: TreeHash>(values: &[T], out: &mut [u8]) {
    #[cfg(feature = "parallel")]
    if !T::IS_BASIC && values.len() >= PARALLEL_ELEMENTS {
        let threads = rayon::current_num_threads();
        if threads > 1 {
            use rayon::prelude::*;
            // A few slices per thread, so that uneven elements balance.
            let per_slice = values
                .len()
                .div_ceil(threads * 4)
                .max(PARALLEL_ELEMENTS / 4);
            values
                .par_chunks(per_slice)
                .zip(out.par_chunks_mut(per_slice * T::LEAF_SIZE))
                .for_each(|(values, out)| T::tree_hash_leaves(values, out));
            return;
        }
    }
    T::tree_hash_leaves(values, out)
}

/// `merkleize(leaves(values), limit)`, with `limit` in elements.
#[inline]
pub fn leaves_root<T: TreeHash>(values: &[T], limit: usize) -> Root {
    leaves_root_u64(values, limit as u64)
}

/// [`leaves_root`] with the limit as a `u64` ([`crate::Length::U64`]), so
/// that a limit beyond `usize::MAX` on a 32-bit target keeps its depth.
pub fn leaves_root_u64<T: TreeHash>(values: &[T], limit: u64) -> Root {
    let len = values.len() * T::LEAF_SIZE;
    // `limit * LEAF_SIZE` in u128 cannot overflow (both factors are below
    // 2^64); the chunk count then fits a u64 since LEAF_SIZE <= 32.
    let limit_chunks =
        (u128::from(limit) * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128) as u64;
    if let Some(packed) = T::__packed_leaves(values) {
        // Basic values whose memory is their packed leaves: no copy.
        return merkleize_packed_u64(packed, limit_chunks);
    }
    if len <= crate::BYTES_PER_CHUNK {
        // One chunk (a `uint256`, a `Bytes32`, a few packed values): it is
        // its own root when the tree has one leaf.
        let mut chunk = [0u8; 32];
        T::tree_hash_leaves(values, &mut chunk[..len]);
        if limit_chunks <= 1 {
            return chunk;
        }
        merkleize_packed_u64(&chunk, limit_chunks)
    } else if len <= SMALL_LEAF_BYTES {
        let mut buf = [0u8; SMALL_LEAF_BYTES];
        T::tree_hash_leaves(values, &mut buf[..len]);
        merkleize_packed_u64(&buf[..len], limit_chunks)
    } else if len <= STACK_LEAF_BYTES {
        let mut buf = [0u8; STACK_LEAF_BYTES];
        T::tree_hash_leaves(values, &mut buf[..len]);
        merkleize_packed_u64(&buf[..len], limit_chunks)
    } else {
        let mut buf = vec![0u8; len];
        advise_huge_pages(&mut buf);
        write_leaves(values, &mut buf);
        merkleize_packed_u64(&buf, limit_chunks)
    }
}

/// `hash_tree_root` of a vector: its elements' leaves, merkleized.
#[inline]
pub fn vector_root<T: TreeHash>(values: &[T]) -> Root {
    leaves_root(values, values.len())
}

/// `hash_tree_root` of a list with room for `limit` elements.
#[inline]
pub fn list_root<T: TreeHash>(values: &[T], limit: usize) -> Root {
    list_root_u64(values, limit as u64)
}

/// [`list_root`] with the limit as a `u64` ([`crate::Length::U64`]).
#[inline]
pub fn list_root_u64<T: TreeHash>(values: &[T], limit: u64) -> Root {
    mix_in_length(&leaves_root_u64(values, limit), values.len())
}

/// `hash_tree_root` of a progressive list in edition `E`.
pub fn progressive_list_root<E: crate::edition::Edition, T: TreeHash>(values: &[T]) -> Root {
    if let Some(packed) = T::__packed_leaves(values) {
        return mix_in_length(
            &crate::merkle::merkleize_progressive_packed_in::<E>(packed),
            values.len(),
        );
    }
    let len = values.len() * T::LEAF_SIZE;
    let mut buf = vec![0u8; len];
    advise_huge_pages(&mut buf);
    write_leaves(values, &mut buf);
    mix_in_length(
        &crate::merkle::merkleize_progressive_packed_in::<E>(&buf),
        values.len(),
    )
}

pub use crate::byte_vector::{byte_vector_leaves, byte_vector_root, byte_vectors_from_ssz};
/// `Vec`, for derived code that names it without relying on the prelude.
pub use alloc::vec::Vec;

/// Reads the offset of a container's variable-size field at `pos` and
/// checks it (simple-serialize.md, "Deserialization"): the first one
/// (`previous == 0`) must point at the end of the fixed part, `fixed_len`;
/// each later one must not be below `previous` nor past the end of `bytes`.
///
/// The caller has checked that `bytes` holds the fixed part, which is at
/// least one offset long, so `0` is never a valid `previous`.
#[inline(always)]
pub fn read_container_offset(
    bytes: &[u8],
    pos: usize,
    previous: usize,
    fixed_len: usize,
) -> Result<usize, DecodeError> {
    let offset = read_offset(bytes, pos);
    if previous == 0 {
        if offset != fixed_len {
            return Err(DecodeError::new(DecodeErrorKind::FirstOffsetMismatch {
                expected: fixed_len,
                got: offset,
            }));
        }
    } else if offset > bytes.len() {
        return Err(DecodeError::new(DecodeErrorKind::OffsetOutOfBounds {
            offset,
            len: bytes.len(),
        }));
    } else if offset < previous {
        return Err(DecodeError::new(DecodeErrorKind::OffsetsDecreasing {
            previous,
            offset,
        }));
    }
    Ok(offset)
}

/// Leaves up to which [`container_leaves`] gathers field roots on the stack.
const STACK_CONTAINER_LEAVES: usize = 64;

/// Leaves [`container_leaves`] gathers per batch on the heap (128 KiB).
const HEAP_CONTAINER_LEAVES: usize = 4096;

/// `tree_hash_leaves` of a container of `field_count` fields: the root of
/// each value into `out` (32 bytes each), the trees of many values hashed
/// level by level together by [`crate::merkle::merkleize_many`], so that
/// the batch hash function sees long batches.
///
/// `field_roots` writes a value's field roots into the first `field_count`
/// leaves it is given; the leaves up to the next power of two stay zero.
pub fn container_leaves<T>(
    values: &[T],
    out: &mut [u8],
    field_count: usize,
    field_roots: impl Fn(&T, &mut [Root]),
) {
    let width = field_count.next_power_of_two();
    let out = out.as_chunks_mut::<32>().0;
    let total = values.len().saturating_mul(width);
    let mut stack = [[0u8; 32]; STACK_CONTAINER_LEAVES];
    let mut heap = Vec::new();
    let leaves: &mut [Root] = if total <= STACK_CONTAINER_LEAVES {
        &mut stack[..total]
    } else {
        heap.resize(total.min(HEAP_CONTAINER_LEAVES.max(width)), [0u8; 32]);
        &mut heap
    };
    let batch = (leaves.len() / width.max(1)).max(1);
    for (values, out) in values.chunks(batch).zip(out.chunks_mut(batch)) {
        let leaves = &mut leaves[..values.len() * width];
        for (value, tree) in values.iter().zip(leaves.chunks_exact_mut(width)) {
            field_roots(value, &mut tree[..field_count]);
        }
        crate::merkle::merkleize_many(leaves, width, out);
    }
}

/// `values` as a slice of the `T` each one is, when each one is exactly a
/// `T` (a newtype whose one field is `T`), so that a newtype's bulk paths
/// are its field's: `inner` gives each value's field; `None` unless every
/// field lies at the address of its value and `T` has the value's size.
#[inline]
pub fn as_inner_slice<W, T>(values: &[W], inner: impl Fn(&W) -> &T) -> Option<&[T]> {
    if core::mem::size_of::<W>() != core::mem::size_of::<T>() || core::mem::size_of::<T>() == 0 {
        return None;
    }
    // For a field access this folds to `true` and the loop disappears.
    let each_at_its_value = values.iter().all(|v| {
        core::ptr::eq(
            (inner(v) as *const T).cast::<u8>(),
            (v as *const W).cast::<u8>(),
        )
    });
    if !each_at_its_value {
        return None;
    }
    // SAFETY: every element of `values` holds, at its own address, a valid
    // `T` (the `&T` that `inner` returned for it points there), and `T` has
    // the element's size, so that `T` covers the whole element: the
    // `values.len() * size_of::<T>()` bytes behind `values.as_ptr()` are
    // `values.len()` valid `T`s back to back, each aligned for `T` (a
    // reference to one lies at each address, and the first is the base).
    // The memory is borrowed shared for as long as `values` is; it stays
    // immutable (or behind `T`'s own `UnsafeCell`s, as through the `&T`s).
    // Sizes above zero keep the length within `isize::MAX` bytes, as the
    // original slice's.
    Some(unsafe { core::slice::from_raw_parts(values.as_ptr().cast::<T>(), values.len()) })
}

/// `Ssz::ssz_write_many` of a transparent newtype over `T`: `T`'s bulk
/// writer over the fields (one copy for the uints).
#[inline]
pub fn transparent_write_many<W, T: Ssz>(values: &[W], out: &mut [u8], inner: impl Fn(&W) -> &T) {
    if let Some(fields) = as_inner_slice(values, &inner) {
        return T::ssz_write_many(fields, out);
    }
    for (value, dst) in values
        .iter()
        .zip(out.chunks_exact_mut(T::FIXED_PART_LEN.max(1)))
    {
        inner(value).ssz_write(dst);
    }
}

/// `Ssz::__append_many` of a transparent newtype over `T`: `T`'s bulk
/// appender over the fields.
#[inline]
pub fn transparent_append_many<W, T: Ssz>(
    values: &[W],
    buf: &mut Vec<u8>,
    inner: impl Fn(&W) -> &T,
) {
    if let Some(fields) = as_inner_slice(values, &inner) {
        return T::__append_many(fields, buf);
    }
    buf.reserve(values.len() * T::FIXED_PART_LEN);
    for value in values {
        inner(value).ssz_append(buf);
    }
}

/// `Ssz::from_ssz_many` of a transparent newtype over `T`: `T`'s bulk
/// decoder (one copy for the uints) into `out`'s own buffer. Moving between
/// `Vec<W>` and `Vec<T>` with `into_iter().map().collect()` reuses the
/// allocation when the two types have the same layout (as a newtype and
/// its field do), so neither conversion copies or allocates.
#[inline]
pub fn transparent_from_ssz_many<W, T: Ssz>(
    bytes: &[u8],
    out: &mut Vec<W>,
    wrap: impl FnMut(T) -> W,
    unwrap: impl FnMut(W) -> T,
) -> Result<(), DecodeError> {
    let mut inner: Vec<T> = core::mem::take(out).into_iter().map(unwrap).collect();
    let result = T::from_ssz_many(bytes, &mut inner);
    *out = inner.into_iter().map(wrap).collect();
    result
}

/// `TreeHash::tree_hash_leaves` of a transparent newtype over `T`: `T`'s
/// leaves of the fields (packed bytes for basic `T`, batched roots for
/// containers).
#[inline]
pub fn transparent_leaves<W, T: TreeHash>(values: &[W], out: &mut [u8], inner: impl Fn(&W) -> &T) {
    if let Some(fields) = as_inner_slice(values, &inner) {
        return T::tree_hash_leaves(fields, out);
    }
    for (value, leaf) in values.iter().zip(out.chunks_exact_mut(T::LEAF_SIZE)) {
        T::tree_hash_leaves(core::slice::from_ref(inner(value)), leaf);
    }
}

/// `TreeHash::__packed_leaves` of a transparent newtype over `T`: the
/// fields' packed leaves, read in place, where `T` has them.
#[inline]
pub fn transparent_packed_leaves<'a, W, T: TreeHash + 'a>(
    values: &'a [W],
    inner: impl Fn(&W) -> &T,
) -> Option<&'a [u8]> {
    as_inner_slice(values, inner).and_then(T::__packed_leaves)
}

// ------------------------------------------------------------ tree nodes
//
// `TreeHash::tree_node` of the types of this workspace and of derived
// containers and unions: where the chunks of each type come from, handed
// to the navigation of `crate::proof`.

use crate::proof::{merkle_node, mix_in_node, progressive_node};
use crate::{Gindex, ProofError};

/// Elements of `T` per chunk: packed basic values share a chunk, a
/// composite value is one chunk (its root).
#[inline]
const fn per_chunk<T: TreeHash>() -> usize {
    if T::IS_BASIC {
        crate::BYTES_PER_CHUNK / T::LEAF_SIZE
    } else {
        1
    }
}

/// Chunks that `count` elements of `T` fill.
#[inline]
fn chunks_of<T: TreeHash>(count: usize) -> usize {
    count
        .saturating_mul(T::LEAF_SIZE)
        .div_ceil(crate::BYTES_PER_CHUNK)
}

/// `merkleize` of the chunks `start..end` of `values`, hashed through the
/// same batch path as the whole: the leaves of those elements only.
#[inline]
fn elements_range_root<T: TreeHash>(values: &[T], start: usize, end: usize) -> Root {
    let per = per_chunk::<T>();
    let s = start.saturating_mul(per).min(values.len());
    let e = end.saturating_mul(per).min(values.len());
    leaves_root(&values[s..e], 0)
}

/// The node `rest` below chunk `i` of `values`: the element's own node for
/// a composite element; nothing below a chunk of packed basic values.
#[inline]
fn element_node<T: TreeHash>(values: &[T], i: usize, rest: Gindex) -> Result<Root, ProofError> {
    match values.get(i) {
        Some(value) if !T::IS_BASIC => value.tree_node(rest),
        _ => Err(ProofError::NoSuchNode { gindex: rest }),
    }
}

/// `merkleize(leaves(values), limit)`'s node `gindex`, `limit` in elements
/// (a `u64`, [`crate::Length::U64`], so that a limit beyond a 32-bit
/// `usize` keeps its depth).
fn elements_node<T: TreeHash>(
    values: &[T],
    limit: u64,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    let chunks = chunks_of::<T>(values.len());
    // `limit * LEAF_SIZE` in u128 cannot overflow (both below 2^64).
    let limit_chunks =
        (u128::from(limit) * T::LEAF_SIZE as u128).div_ceil(crate::BYTES_PER_CHUNK as u128);
    let limit_chunks = u64::try_from(limit_chunks).unwrap_or(u64::MAX);
    let depth = crate::merkle::depth_for_u64(limit_chunks.max(chunks as u64));
    merkle_node(
        gindex,
        depth,
        chunks,
        |s, e| elements_range_root(values, s, e),
        |i, rest| element_node(values, i, rest),
    )
}

/// The chunk of `mix_in_length`: the length as a `uint256`.
#[inline]
fn length_chunk(length: usize) -> Root {
    let mut chunk = [0u8; 32];
    chunk[..8].copy_from_slice(&(length as u64).to_le_bytes());
    chunk
}

/// `tree_node` of a vector of `values` (`Vector[T, N]`, `[T; N]`, the bytes
/// of a `ByteVector` or a `Bitvector`).
pub fn vector_node<T: TreeHash>(values: &[T], gindex: Gindex) -> Result<Root, ProofError> {
    elements_node(values, values.len() as u64, gindex)
}

/// `tree_node` of a list of `values` with room for `limit` of them, whose
/// length mix-in is `length` (the element count, or the bit count of a
/// bitlist held as bytes).
pub fn list_node<T: TreeHash>(
    values: &[T],
    limit: u64,
    length: usize,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        elements_node(values, limit, g)
    })
}

/// `tree_node` of a progressive list of `values` (or the bytes of a
/// progressive bitlist or byte list), whose length mix-in is `length`;
/// `recursion_left` picks the edition's order (see
/// [`progressive_node`]).
pub fn progressive_list_node<T: TreeHash>(
    values: &[T],
    length: usize,
    recursion_left: bool,
    gindex: Gindex,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, &length_chunk(length), |g| {
        progressive_node(
            g,
            recursion_left,
            chunks_of::<T>(values.len()),
            |s, e| elements_range_root(values, s, e),
            |i, rest| element_node(values, i, rest),
        )
    })
}

/// Field roots gathered on the stack for a container's subtree.
const STACK_FIELD_ROOTS: usize = 64;

/// `merkleize` of the roots `field_root(start..end)`.
fn fields_range_root(start: usize, end: usize, field_root: &impl Fn(usize) -> Root) -> Root {
    let count = end - start;
    if count <= STACK_FIELD_ROOTS {
        let mut roots = [[0u8; 32]; STACK_FIELD_ROOTS];
        for (slot, i) in roots.iter_mut().zip(start..end) {
            *slot = field_root(i);
        }
        crate::merkle::merkleize(&roots[..count], 0)
    } else {
        let roots: Vec<Root> = (start..end).map(field_root).collect();
        crate::merkle::merkleize(&roots, 0)
    }
}

/// `tree_node` of a container of `field_count` fields: `field_root(i)` is
/// the root of field `i`, `field_node(i, rest)` its node `rest`. Only the
/// fields under the node asked for are hashed.
pub fn container_node(
    gindex: Gindex,
    field_count: usize,
    field_root: impl Fn(usize) -> Root,
    field_node: impl Fn(usize, Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    merkle_node(
        gindex,
        crate::merkle::depth_for(field_count),
        field_count,
        |s, e| fields_range_root(s, e, &field_root),
        field_node,
    )
}

/// `tree_node` of a progressive container (EIP-7495) with `slot_count`
/// entries of `active_fields` (packed into `active_fields`):
/// `slot_root(i)` is the root of the field at slot `i`, or the zero chunk
/// for an inactive slot, `slot_node(i, rest)` its node `rest` (none for an
/// inactive slot).
pub fn progressive_container_node(
    gindex: Gindex,
    active_fields: &Root,
    slot_count: usize,
    recursion_left: bool,
    slot_root: impl Fn(usize) -> Root,
    slot_node: impl Fn(usize, Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, active_fields, |g| {
        progressive_node(
            g,
            recursion_left,
            slot_count,
            |s, e| fields_range_root(s, e, &slot_root),
            slot_node,
        )
    })
}

/// `tree_node` of a union whose value has selector `selector`: `value_node`
/// answers the value's nodes (`None` is the zero chunk, with nothing below).
pub fn union_node(
    gindex: Gindex,
    selector: u8,
    value_node: impl FnOnce(Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    let mut chunk = [0u8; 32];
    chunk[0] = selector;
    mix_in_node(gindex, &chunk, value_node)
}

/// The node `gindex` of a value that is one zero chunk (a union's `None`).
pub fn zero_chunk_node(gindex: Gindex) -> Result<Root, ProofError> {
    if gindex == Gindex::ROOT {
        Ok([0u8; 32])
    } else {
        Err(ProofError::NoSuchNode { gindex })
    }
}

/// The error for a field slot that does not exist (never reached: the
/// navigation asks only for slots below the count it is given).
pub fn no_such_node(gindex: Gindex) -> Result<Root, ProofError> {
    Err(ProofError::NoSuchNode { gindex })
}

#[cfg(test)]
mod transparent_tests {
    use super::as_inner_slice;

    #[derive(Debug, PartialEq)]
    struct Gwei(u64);

    struct Tagged {
        value: u32,
        _tag: u32,
    }

    static ELSEWHERE: u64 = 9;

    #[test]
    fn a_newtype_slice_is_its_fields() {
        let values = [Gwei(1), Gwei(2), Gwei(3)];
        assert_eq!(as_inner_slice(&values, |g| &g.0), Some(&[1u64, 2, 3][..]));
        assert_eq!(as_inner_slice(&values[..0], |g| &g.0), Some(&[][..]));
    }

    #[test]
    fn anything_but_the_whole_value_is_refused() {
        // A field that does not cover its value.
        let tagged = [Tagged { value: 1, _tag: 2 }];
        assert_eq!(as_inner_slice(&tagged, |t| &t.value), None);
        // A `T` that is not inside the value at all.
        let values = [Gwei(1), Gwei(2)];
        assert_eq!(as_inner_slice(&values, |_| &ELSEWHERE), None);
        // One element whose `T` lies elsewhere is enough to refuse.
        assert_eq!(
            as_inner_slice(&values, |g| if g.0 == 2 { &ELSEWHERE } else { &g.0 }),
            None
        );
        // Zero-sized values.
        assert_eq!(as_inner_slice(&[(), ()], |u| u), None);
    }
}
