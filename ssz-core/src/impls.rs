//! `Ssz` and `TreeHash` for the basic types (`uintN` up to 128, `boolean`)
//! and for arrays, which are SSZ vectors whose length the compiler knows.

use crate::{DecodeError, DecodeErrorKind, Root, Ssz, TreeHash};
use alloc::{vec, vec::Vec};
use core::mem::MaybeUninit;

/// The memory of `values`, which on a little-endian target is their SSZ
/// encoding back to back.
#[cfg(target_endian = "little")]
#[inline(always)]
fn le_bytes<T: Uint>(values: &[T]) -> &[u8] {
    // SAFETY: `T` is one of the unsigned integer types (the sealed `Uint`),
    // which have no padding bytes and no invalid bit patterns, so every
    // byte of `values` is initialised and may be read as a `u8`; `u8` has
    // alignment 1; the length is exactly the slice's size in bytes, and the
    // result borrows `values`, so the memory outlives it and is not
    // mutated meanwhile.
    unsafe { core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), size_of_val(values)) }
}

/// The unsigned integers: plain bytes, no padding. Sealed: only this
/// module implements it.
#[cfg(target_endian = "little")]
trait Uint: Copy {}

/// `[$t; N]` from `N * size_of::<$t>()` little-endian bytes, one pass (a
/// copy for `u8`, and for every width on little-endian targets once
/// optimised).
macro_rules! array_from_le {
    ($t:ty, $n:ident, $bytes:ident) => {{
        const SIZE: usize = core::mem::size_of::<$t>();
        match $bytes.as_chunks::<SIZE>() {
            (chunks, []) if chunks.len() == $n => {
                let mut out = [0 as $t; $n];
                for (v, c) in out.iter_mut().zip(chunks) {
                    *v = <$t>::from_le_bytes(*c);
                }
                Ok(out)
            }
            _ => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: SIZE * $n,
                got: $bytes.len(),
            })),
        }
    }};
}

macro_rules! uint {
    ($($t:ty),*) => {$(
        impl Ssz for $t {
            const IS_FIXED_SIZE: bool = true;
            const FIXED_PART_LEN: usize = core::mem::size_of::<$t>();

            #[inline]
            fn ssz_len(&self) -> usize {
                Self::FIXED_PART_LEN
            }

            #[inline]
            fn ssz_write(&self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes());
            }

            #[inline]
            fn ssz_write_uninit<'a>(&self, out: &'a mut [MaybeUninit<u8>]) -> &'a mut [u8] {
                crate::codec::init_from(out, &self.to_le_bytes())
            }

            #[inline]
            fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
                match <[u8; core::mem::size_of::<$t>()]>::try_from(bytes) {
                    Ok(b) => Ok(<$t>::from_le_bytes(b)),
                    Err(_) => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                        expected: Self::FIXED_PART_LEN,
                        got: bytes.len(),
                    })),
                }
            }

            #[inline]
            fn ssz_append(&self, buf: &mut Vec<u8>) {
                buf.extend_from_slice(&self.to_le_bytes());
            }

            #[inline]
            fn to_ssz(&self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }

            #[inline]
            fn ssz_write_many(values: &[Self], out: &mut [u8]) {
                #[cfg(target_endian = "little")]
                out.copy_from_slice(le_bytes(values));
                #[cfg(not(target_endian = "little"))]
                for (v, dst) in values
                    .iter()
                    .zip(out.as_chunks_mut::<{ core::mem::size_of::<$t>() }>().0)
                {
                    *dst = v.to_le_bytes();
                }
            }

            #[inline]
            fn ssz_append_many(values: &[Self], buf: &mut Vec<u8>) {
                #[cfg(target_endian = "little")]
                buf.extend_from_slice(le_bytes(values));
                #[cfg(not(target_endian = "little"))]
                crate::codec::append_fixed_elements(values, buf);
            }

            #[inline]
            fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
                let (chunks, rest) = bytes.as_chunks::<{ core::mem::size_of::<$t>() }>();
                if !rest.is_empty() {
                    return Err(DecodeError::new(DecodeErrorKind::NotMultipleOfElement {
                        len: bytes.len(),
                        element: Self::FIXED_PART_LEN,
                    }));
                }
                #[cfg(target_endian = "little")]
                {
                    out.reserve(chunks.len());
                    // SAFETY: `reserve` made room for `chunks.len()` more
                    // elements after `out.len()`; `bytes` is exactly
                    // `chunks.len() * size_of::<$t>()` bytes (no rest), so
                    // the copy fills that room and no more; every bit
                    // pattern is a valid `$t`, and on a little-endian
                    // target its memory is its SSZ encoding; `out` owns its
                    // buffer, which cannot overlap the borrowed `bytes`.
                    // The new length covers only the elements written.
                    unsafe {
                        let dst = out.as_mut_ptr().add(out.len()).cast::<u8>();
                        core::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len());
                        out.set_len(out.len() + chunks.len());
                    }
                }
                #[cfg(not(target_endian = "little"))]
                out.extend(chunks.iter().map(|c| <$t>::from_le_bytes(*c)));
                Ok(())
            }

            #[inline]
            fn from_ssz_array<const N: usize>(bytes: &[u8]) -> Result<[Self; N], DecodeError> {
                array_from_le!($t, N, bytes)
            }
        }

        impl TreeHash for $t {
            const LEAF_SIZE: usize = core::mem::size_of::<$t>();
            const IS_BASIC: bool = true;

            #[inline]
            fn hash_tree_root(&self) -> Root {
                let mut root = [0u8; 32];
                root[..Self::LEAF_SIZE].copy_from_slice(&self.to_le_bytes());
                root
            }

            #[inline]
            fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
                <$t as Ssz>::ssz_write_many(values, out)
            }

            #[inline]
            fn packed_leaves(values: &[Self]) -> Option<&[u8]> {
                #[cfg(target_endian = "little")]
                return Some(le_bytes(values));
                #[cfg(not(target_endian = "little"))]
                {
                    // Big-endian memory is not the encoding: the caller
                    // writes the leaves with `tree_hash_leaves`.
                    let _ = values;
                    None
                }
            }
        }
    )*};
}

uint!(u8, u16, u32, u64, u128);

#[cfg(target_endian = "little")]
impl Uint for u8 {}
#[cfg(target_endian = "little")]
impl Uint for u16 {}
#[cfg(target_endian = "little")]
impl Uint for u32 {}
#[cfg(target_endian = "little")]
impl Uint for u64 {}
#[cfg(target_endian = "little")]
impl Uint for u128 {}

impl Ssz for bool {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = 1;

    #[inline]
    fn ssz_len(&self) -> usize {
        1
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        out[0] = *self as u8;
    }

    #[inline]
    fn ssz_write_uninit<'a>(&self, out: &'a mut [MaybeUninit<u8>]) -> &'a mut [u8] {
        crate::codec::init_from(out, &[*self as u8])
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        buf.push(*self as u8);
    }

    #[inline]
    fn to_ssz(&self) -> Vec<u8> {
        vec![*self as u8]
    }

    #[inline]
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        match bytes {
            [0] => Ok(false),
            [1] => Ok(true),
            [b] => Err(DecodeError::new(DecodeErrorKind::InvalidBool(*b))),
            _ => Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                expected: 1,
                got: bytes.len(),
            })),
        }
    }
}

impl TreeHash for bool {
    const LEAF_SIZE: usize = 1;
    const IS_BASIC: bool = true;

    #[inline]
    fn hash_tree_root(&self) -> Root {
        (*self as u64).hash_tree_root()
    }

    #[inline]
    fn tree_hash_leaves(values: &[Self], out: &mut [u8]) {
        for (v, dst) in values.iter().zip(out.iter_mut()) {
            *dst = *v as u8;
        }
    }
}

/// `[T; N]` is `Vector[T, N]` with the length known to the compiler: stored
/// inline, so fixed-size containers of arrays decode without allocating.
/// `N` must not be 0 (an empty vector is an illegal SSZ type).
impl<T: Ssz, const N: usize> Ssz for [T; N] {
    const IS_FIXED_SIZE: bool = T::IS_FIXED_SIZE;
    const FIXED_PART_LEN: usize = if T::IS_FIXED_SIZE {
        T::FIXED_PART_LEN * N
    } else {
        crate::BYTES_PER_LENGTH_OFFSET
    };

    #[inline]
    fn ssz_len(&self) -> usize {
        if T::IS_FIXED_SIZE {
            T::FIXED_PART_LEN * N
        } else {
            crate::codec::variable_elements_len(self)
        }
    }

    #[inline]
    fn ssz_write(&self, out: &mut [u8]) {
        if T::IS_FIXED_SIZE {
            T::ssz_write_many(self, out);
        } else {
            crate::codec::write_variable_elements(self, out);
        }
    }

    #[inline]
    fn ssz_append(&self, buf: &mut Vec<u8>) {
        crate::codec::append_elements(self, buf)
    }

    /// Fixed-size arrays back to back are their elements back to back:
    /// one call of the element's bulk path (a `List[Vector[uint32, 8], N]`
    /// encodes in one copy, as a `List[uint32, 8 * N]` does).
    #[inline]
    fn ssz_write_many(values: &[Self], out: &mut [u8]) {
        T::ssz_write_many(values.as_flattened(), out);
    }

    /// As [`Ssz::ssz_write_many`]: the elements' bulk path, once.
    #[inline]
    fn ssz_append_many(values: &[Self], buf: &mut Vec<u8>) {
        T::ssz_append_many(values.as_flattened(), buf);
    }

    /// Fixed-size arrays back to back are their elements back to back:
    /// decoded by the element's bulk path (a `List[Vector[Fp, 8], N]`
    /// decodes, checks included, as a list of `Fp` does). Into an empty
    /// `out` (every list and vector body) the elements are decoded in
    /// `out`'s own buffer, seen as one of elements, which then is `out`
    /// again, without a copy; otherwise a block of arrays at a time, moved
    /// into place. An error at element `k` is at `[k / N][k % N]`, as
    /// decoding array by array names it.
    fn from_ssz_many(bytes: &[u8], out: &mut Vec<Self>) -> Result<(), DecodeError> {
        /// Arrays per block: the block's elements stay in cache.
        const BLOCK_BYTES: usize = 16 * 1024;
        let size = T::FIXED_PART_LEN * N;
        if N == 0 || size == 0 || size_of::<T>() == 0 {
            return crate::codec::decode_fixed_elements(bytes, out);
        }
        let count = bytes.len() / size;
        let bytes = &bytes[..count * size];
        // The elements of the arrays of `block`, the first of them array
        // `first` of `bytes`, appended to the empty `elements`.
        let decode = |block: &[u8], first: usize, elements: &mut Vec<T>| {
            if let Err(mut e) = T::from_ssz_many(block, elements) {
                return Err(match e.take_outer_index() {
                    Some(k) => e.at_index(k % N).at_index(first + k / N),
                    None => e,
                });
            }
            if elements.len() != block.len() / size * N {
                return Err(short_block());
            }
            Ok(())
        };
        if out.is_empty() {
            // `take`: should the element decoder panic, `out` is left
            // empty, never sharing the buffer `elements` frees.
            let mut elements = flatten(core::mem::take(out));
            elements.reserve(count * N);
            decode(bytes, 0, &mut elements)?;
            match into_arrays(elements) {
                Ok(arrays) => *out = arrays,
                Err(mut elements) => move_arrays(&mut elements, out),
            }
            return Ok(());
        }
        let per_block = (BLOCK_BYTES / size).max(1);
        let mut elements = Vec::with_capacity(per_block.min(count) * N);
        for (b, block) in bytes.chunks(per_block * size).enumerate() {
            elements.clear();
            decode(block, b * per_block, &mut elements)?;
            move_arrays(&mut elements, out);
        }
        Ok(())
    }

    /// A small fixed-size array through a buffer on the stack; a wide one
    /// [`crate::stream::SCRATCH_LEN`] bytes at a time, and one of
    /// variable-size elements its offsets and then each element.
    #[inline]
    fn ssz_write_to<S: crate::stream::Sink + ?Sized>(&self, sink: &mut S) -> Result<(), S::Error> {
        if T::IS_FIXED_SIZE && T::FIXED_PART_LEN * N <= crate::stream::SCRATCH_LEN {
            crate::stream::write_buffered(self, sink)
        } else {
            crate::stream::write_elements(self, sink)
        }
    }

    /// As [`Ssz::ssz_write_to`]: a small fixed-size array from a buffer,
    /// the others as their bytes arrive.
    #[inline]
    fn ssz_read_from<S: crate::stream::Source + ?Sized>(
        source: &mut S,
        len: usize,
    ) -> Result<Self, crate::stream::StreamError<S::Error>> {
        if T::IS_FIXED_SIZE && T::FIXED_PART_LEN * N <= crate::stream::SCRATCH_LEN {
            crate::stream::read_buffered(source, len)
        } else {
            crate::stream::read_array(source, len)
        }
    }

    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        if N == 0 {
            return Err(DecodeError::new(DecodeErrorKind::ZeroLengthVector));
        }
        if T::IS_FIXED_SIZE {
            let expected = T::FIXED_PART_LEN * N;
            if bytes.len() != expected {
                return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                    expected,
                    got: bytes.len(),
                }));
            }
            T::from_ssz_array::<N>(bytes)
        } else {
            let mut parts = crate::codec::VariableElements::new(bytes, Some(N), N)?;
            if parts.count() != N {
                return Err(DecodeError::new(DecodeErrorKind::WrongElementCount {
                    expected: N,
                    got: parts.count(),
                }));
            }
            try_array(|i| {
                let part = parts.next_part()?;
                T::from_ssz(part).map_err(|e| e.at_index(i))
            })
        }
    }
}

impl<T: TreeHash, const N: usize> TreeHash for [T; N] {
    #[inline]
    fn hash_tree_root(&self) -> Root {
        if T::IS_BASIC && N * T::LEAF_SIZE <= crate::BYTES_PER_CHUNK {
            // One chunk (`Bytes32`, `Bytes4`, `Vector[uint64, 4]`): its own
            // root. The condition is known at compile time.
            let mut chunk = [0u8; 32];
            T::tree_hash_leaves(self, &mut chunk[..N * T::LEAF_SIZE]);
            chunk
        } else {
            crate::codec::vector_root(self)
        }
    }

    fn tree_node(&self, gindex: crate::Gindex) -> Result<Root, crate::ProofError> {
        if gindex == crate::Gindex::ROOT {
            return Ok(self.hash_tree_root());
        }
        crate::codec::vector_node(self, gindex)
    }
}

/// The buffer of `arrays`, emptied, as one for their elements: `N` times
/// the capacity (`N` and `T`'s size not 0).
fn flatten<T, const N: usize>(mut arrays: Vec<[T; N]>) -> Vec<T> {
    arrays.clear();
    let mut arrays = core::mem::ManuallyDrop::new(arrays);
    let (ptr, capacity) = (arrays.as_mut_ptr(), arrays.capacity());
    // SAFETY: `ptr` was allocated by a `Vec<[T; N]>` for `capacity` arrays
    // with `T`'s alignment (an array's); `N * capacity` `T`s have the same
    // size and alignment (an array is its elements without padding; the
    // product fits, as the allocation's size does), so the buffer is one a
    // `Vec<T>` of that capacity owns, as `Vec::from_raw_parts` requires.
    // The length is 0: nothing in it is read. The old `Vec` is forgotten
    // (`ManuallyDrop`), so the buffer has one owner.
    unsafe { Vec::from_raw_parts(ptr.cast::<T>(), 0, capacity * N) }
}

/// `elements` as the arrays of `N` they are back to back, in the same
/// buffer: when their number and the buffer's capacity are whole numbers of
/// arrays (always, for a buffer made by `Vec::with_capacity` for a whole
/// number of arrays and filled to it); `elements` back otherwise.
fn into_arrays<T, const N: usize>(elements: Vec<T>) -> Result<Vec<[T; N]>, Vec<T>> {
    if N == 0
        || size_of::<T>() == 0
        || !elements.len().is_multiple_of(N)
        || !elements.capacity().is_multiple_of(N)
    {
        return Err(elements);
    }
    let mut elements = core::mem::ManuallyDrop::new(elements);
    let (ptr, len, capacity) = (elements.as_mut_ptr(), elements.len(), elements.capacity());
    // SAFETY: `ptr` was allocated by a `Vec<T>` (`T` not zero-sized) for
    // `capacity` `T`s, with `T`'s alignment. `[T; N]` has `T`'s alignment
    // and the size of `N` `T`s (an array is its elements in order, without
    // padding), so `capacity / N` arrays (`capacity` is a multiple of `N`)
    // take exactly the allocated size with the allocated alignment, as
    // `Vec::from_raw_parts` requires; the first `len / N` arrays are the
    // `len` initialised elements (`len` is a multiple of `N`). The old
    // `Vec` is forgotten (`ManuallyDrop`), so the buffer has one owner.
    Ok(unsafe { Vec::from_raw_parts(ptr.cast::<[T; N]>(), len / N, capacity / N) })
}

/// Moves the arrays of `N` that `elements` holds back to back (a whole
/// number of them) to the end of `out`, leaving `elements` empty.
fn move_arrays<T, const N: usize>(elements: &mut Vec<T>, out: &mut Vec<[T; N]>) {
    let arrays = elements.len() / N;
    elements.truncate(arrays * N);
    out.reserve(arrays);
    let start = out.len();
    // SAFETY: `elements` holds exactly `arrays * N` initialised `T`s,
    // which are `arrays` `[T; N]`s back to back (an array is its elements
    // in order, without padding, with the alignment of `T`); `reserve`
    // made room for `arrays` more values after `start` in `out`, a
    // distinct allocation. The values are moved bit for bit: `elements`
    // forgets them (`set_len(0)`, so they are not dropped twice), and
    // `out`'s new length covers exactly the ones copied.
    unsafe {
        core::ptr::copy_nonoverlapping(
            elements.as_ptr().cast::<[T; N]>(),
            out.as_mut_ptr().add(start),
            arrays,
        );
        elements.set_len(0);
        out.set_len(start + arrays);
    }
}

/// The element bulk decoder gave fewer elements than its bytes hold: never,
/// as [`Ssz::from_ssz_many`] appends one per `FIXED_PART_LEN` bytes or
/// fails.
#[cold]
fn short_block() -> DecodeError {
    DecodeError::new(DecodeErrorKind::Custom(
        "an element decoder returned too few elements",
    ))
}

/// Builds an array element by element, stopping at the first error, without
/// allocating.
pub(crate) fn try_array<T, const N: usize>(
    mut f: impl FnMut(usize) -> Result<T, DecodeError>,
) -> Result<[T; N], DecodeError> {
    struct Guard<'a, T, const N: usize> {
        array: &'a mut [MaybeUninit<T>; N],
        initialized: usize,
    }
    impl<T, const N: usize> Drop for Guard<'_, T, N> {
        fn drop(&mut self) {
            for slot in &mut self.array[..self.initialized] {
                // SAFETY: the first `initialized` slots were written and are
                // dropped exactly once, here, on the error path.
                unsafe { slot.assume_init_drop() };
            }
        }
    }

    let mut array: [MaybeUninit<T>; N] = [const { MaybeUninit::uninit() }; N];
    let mut guard = Guard {
        array: &mut array,
        initialized: 0,
    };
    while guard.initialized < N {
        let value = f(guard.initialized)?;
        guard.array[guard.initialized].write(value);
        guard.initialized += 1;
    }
    core::mem::forget(guard);
    // SAFETY: all N slots were written above; `[MaybeUninit<T>; N]` and
    // `[T; N]` have the same size and layout, and the guard that would drop
    // the elements was forgotten, so ownership moves to the result.
    Ok(unsafe { core::mem::transmute_copy::<[MaybeUninit<T>; N], [T; N]>(&array) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uints_are_little_endian() {
        assert_eq!(0x0102u16.to_ssz(), [2, 1]);
        assert_eq!(u64::from_ssz(&[1, 0, 0, 0, 0, 0, 0, 0]).unwrap(), 1);
        assert!(u32::from_ssz(&[1, 2, 3]).is_err());
        assert_eq!(u128::MAX.to_ssz(), [0xff; 16]);
    }

    #[test]
    fn bools_are_strict() {
        assert!(bool::from_ssz(&[1]).unwrap());
        assert!(!bool::from_ssz(&[0]).unwrap());
        assert_eq!(
            bool::from_ssz(&[2]).unwrap_err().kind(),
            &DecodeErrorKind::InvalidBool(2)
        );
        assert!(bool::from_ssz(&[]).is_err());
    }

    #[test]
    fn arrays_are_vectors() {
        let v: [u16; 3] = [1, 2, 3];
        assert_eq!(v.to_ssz(), [1, 0, 2, 0, 3, 0]);
        assert_eq!(<[u16; 3]>::from_ssz(&[1, 0, 2, 0, 3, 0]).unwrap(), v);
        assert!(<[u16; 3]>::from_ssz(&[1, 0, 2, 0, 3]).is_err());
        let err = <[bool; 2]>::from_ssz(&[1, 7]).unwrap_err();
        assert_eq!(err.to_string(), "at [1]: invalid boolean byte 0x07");
        // A root-sized byte vector is its own root.
        let r = [7u8; 32];
        assert_eq!(r.hash_tree_root(), r);
    }

    #[test]
    fn arrays_decode_in_bulk_as_one_by_one() {
        // Over several blocks of arrays, with an invalid byte at each place
        // of a few arrays: the same values, or the same error at the same
        // `[array][element]`.
        // A block holds 5461 arrays of three booleans: two blocks and a
        // part (one block under Miri).
        let count = if cfg!(miri) { 300 } else { 12_000 };
        let good: Vec<u8> = (0..count * 3).map(|i| (i % 2) as u8).collect();
        let mut bulk = Vec::new();
        <[bool; 3]>::from_ssz_many(&good, &mut bulk).unwrap();
        let mut one_by_one = Vec::new();
        crate::codec::decode_fixed_elements::<[bool; 3]>(&good, &mut one_by_one).unwrap();
        assert_eq!(bulk, one_by_one);
        for at in [0, 1, 2, 3, 4, (5461 * 3 + 2) % (count * 3), count * 3 - 1] {
            let mut bad = good.clone();
            bad[at] = 7;
            let (mut a, mut b) = (Vec::new(), Vec::new());
            assert_eq!(
                <[bool; 3]>::from_ssz_many(&bad, &mut a),
                crate::codec::decode_fixed_elements::<[bool; 3]>(&bad, &mut b),
                "{at}"
            );
        }
        // Appended to arrays already there: a block at a time, the error
        // still at the index within `bytes`.
        let mut appended = vec![[true; 3]];
        <[bool; 3]>::from_ssz_many(&good, &mut appended).unwrap();
        assert_eq!(appended[0], [true; 3]);
        assert_eq!(appended[1..], one_by_one[..]);
        let mut bad = good.clone();
        bad[count * 3 - 2] = 9;
        let (mut a, mut b) = (vec![[false; 3]], vec![[false; 3]]);
        assert_eq!(
            <[bool; 3]>::from_ssz_many(&bad, &mut a),
            crate::codec::decode_fixed_elements::<[bool; 3]>(&bad, &mut b),
        );
        let words: Vec<u8> = (0..4 * 8 * 100).map(|i| i as u8).collect();
        let mut bulk: Vec<[u32; 8]> = Vec::new();
        <[u32; 8]>::from_ssz_many(&words, &mut bulk).unwrap();
        let mut one_by_one = Vec::new();
        crate::codec::decode_fixed_elements::<[u32; 8]>(&words, &mut one_by_one).unwrap();
        assert_eq!(bulk, one_by_one);
    }

    #[test]
    fn elements_become_arrays_in_their_buffer_or_come_back() {
        use alloc::string::{String, ToString};
        let mut strings: Vec<String> = Vec::with_capacity(4);
        strings.extend((0..4).map(|i| i.to_string()));
        let ptr = strings.as_ptr() as usize;
        let arrays = into_arrays::<String, 2>(strings).unwrap();
        assert_eq!(arrays, [["0", "1"], ["2", "3"]]);
        assert_eq!((arrays.as_ptr() as usize, arrays.capacity()), (ptr, 2));
        // A capacity or a length that is not whole arrays: given back.
        let mut odd: Vec<String> = Vec::with_capacity(5);
        odd.extend((0..4).map(|i| i.to_string()));
        let mut odd = into_arrays::<String, 2>(odd).unwrap_err();
        odd.truncate(3);
        odd.shrink_to_fit();
        assert_eq!(into_arrays::<String, 2>(odd).unwrap_err().len(), 3);
        // An array buffer, emptied, as one of elements: the same buffer.
        let full = vec![[String::from("a"), String::from("b")]; 3];
        let ptr = full.as_ptr() as usize;
        let flat = flatten(full);
        assert_eq!(
            (flat.as_ptr() as usize, flat.len(), flat.capacity()),
            (ptr, 0, 6)
        );
        // Moved after arrays already there; a remainder is dropped.
        let mut out = vec![[String::new(), String::new()]];
        let mut elements: Vec<String> = (0..5).map(|i| i.to_string()).collect();
        move_arrays(&mut elements, &mut out);
        assert!(elements.is_empty());
        assert_eq!(out, [["", ""], ["0", "1"], ["2", "3"]]);
    }

    #[test]
    fn a_failed_array_decode_drops_what_it_built() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static DROPS: AtomicUsize = AtomicUsize::new(0);
        struct Counted;
        impl Drop for Counted {
            fn drop(&mut self) {
                DROPS.fetch_add(1, Ordering::Relaxed);
            }
        }
        // Elements 0 and 1 succeed, element 2 fails: both built ones drop.
        let mut calls = 0;
        let result = try_array::<Counted, 4>(|i| {
            calls += 1;
            if i == 2 {
                Err(DecodeError::new(DecodeErrorKind::Custom("stop")))
            } else {
                Ok(Counted)
            }
        });
        assert!(result.is_err());
        assert_eq!(calls, 3);
        assert_eq!(DROPS.load(Ordering::Relaxed), 2);
    }
}
