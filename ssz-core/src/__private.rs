//! What derived code calls, compiled once here rather than in every
//! expansion: the container and newtype helpers of `#[derive(Ssz, TreeHash)]`
//! and re-exports of the [`crate::codec`] items it names. Not a stable API:
//! it changes with the derive of the same version.
//!
//! Nothing else in this crate or in `peam-ssz-types` imports from here; the
//! sequence codec is [`crate::codec`].

use crate::edition::Rules;
use crate::proof::{merkle_node, mix_in_node, progressive_node};
use crate::{DecodeError, Gindex, ProofError, Root, Ssz, TreeHash};
use core::borrow::Borrow;

pub use crate::codec::container::{
    ContainerAppender, ContainerDecoder, ContainerWriter, FieldShape, FixedPart, LenCounter,
};
pub use crate::codec::container_stream::{ContainerStreamReader, ContainerStreamWriter};
pub use crate::codec::union_stream::{
    invalid_selector, read_none, read_selector, read_variant, write_selector,
};
pub use crate::stream::{Sink, Source, StreamError};

/// A derived container's value, or its validation hook's error, as
/// `ssz_read_from` returns it.
#[inline(always)]
pub fn stream_ok<T, E>(result: Result<T, DecodeError>) -> Result<T, StreamError<E>> {
    result.map_err(StreamError::Decode)
}
pub use crate::codec::{
    push_offset, read_container_offset, union_node, write_offset, write_zeroed, zero_chunk_node,
    FixedWriter,
};

pub use crate::validate::{transparent_from_ssz_many_checked, validate_all, validated};

/// The view traits, through this module so that a derive of another
/// version reports the one missing module.
pub use crate::view;

/// `Vec`, for derived code that names it without relying on the prelude.
pub use alloc::vec::Vec;

/// Leaves up to which [`container_leaves`] gathers field roots on the stack.
const STACK_CONTAINER_LEAVES: usize = 64;

/// Leaves [`container_leaves`] gathers per batch on the heap (128 KiB).
const HEAP_CONTAINER_LEAVES: usize = 4096;

/// Blocks up to which [`container_leaves`] gathers one-block field roots
/// on the stack.
const STACK_CONTAINER_BLOCKS: usize = 8;

/// `tree_hash_leaves_of` of a container of `field_count` fields: the root
/// of each value (or borrowed value) into `out` (32 bytes each), the trees
/// of many values hashed level by level together by
/// [`crate::merkle::merkleize_many`], so that the batch hash function sees
/// long batches.
///
/// `one_block[i]` says that field `i`'s root is the hash of one block
/// ([`TreeHash::ROOT_IS_ONE_BLOCK`]). `field_roots` writes a value's other field
/// roots into the first `field_count` leaves it is given, and the blocks of
/// those fields, in field order, into the blocks it is given; the blocks of
/// the whole batch are then hashed together into their leaves. The leaves
/// up to the next power of two stay zero.
pub fn container_leaves<V: Borrow<T>, T>(
    values: &[V],
    out: &mut [u8],
    one_block: &[bool],
    field_roots: impl Fn(&T, &mut [Root], &mut [[u8; 64]]),
) {
    container_leaves_by(values.len(), out, one_block, |i, roots, blocks| {
        field_roots(values[i].borrow(), roots, blocks)
    })
}

/// `tree_hash_leaves_ssz` of a container: [`container_leaves`] of `bytes`,
/// the validated encodings of `bytes.len() / size` fixed-size values back
/// to back, each value's fields read from its own `size` bytes.
#[inline]
pub fn container_leaves_ssz(
    bytes: &[u8],
    size: usize,
    out: &mut [u8],
    one_block: &[bool],
    field_roots: impl Fn(&[u8], &mut [Root], &mut [[u8; 64]]),
) {
    let size = size.max(1);
    container_leaves_by(bytes.len() / size, out, one_block, |i, roots, blocks| {
        field_roots(&bytes[i * size..(i + 1) * size], roots, blocks)
    })
}

/// [`container_leaves`] of `count` values, value `i`'s field roots written
/// by `field_roots(i, ..)`.
fn container_leaves_by(
    count: usize,
    out: &mut [u8],
    one_block: &[bool],
    field_roots: impl Fn(usize, &mut [Root], &mut [[u8; 64]]),
) {
    let field_count = one_block.len();
    let width = field_count.next_power_of_two();
    let deferred = one_block.iter().filter(|&&b| b).count();
    let out = out.as_chunks_mut::<32>().0;
    let total = count.saturating_mul(width);
    let mut stack = [[0u8; 32]; STACK_CONTAINER_LEAVES];
    let mut heap = Vec::new();
    let leaves: &mut [Root] = if total <= STACK_CONTAINER_LEAVES {
        &mut stack[..total]
    } else {
        heap.resize(total.min(HEAP_CONTAINER_LEAVES.max(width)), [0u8; 32]);
        &mut heap
    };
    let batch = (leaves.len() / width.max(1)).max(1);
    // The blocks of one batch, and their hashes.
    let block_count = batch.min(count) * deferred;
    let mut stack_blocks = [[0u8; 64]; STACK_CONTAINER_BLOCKS];
    let mut heap_blocks = Vec::new();
    let blocks: &mut [[u8; 64]] = if block_count <= STACK_CONTAINER_BLOCKS {
        &mut stack_blocks[..block_count]
    } else {
        heap_blocks.resize(block_count, [0u8; 64]);
        &mut heap_blocks
    };
    let mut block_roots = Vec::new();
    block_roots.resize(block_count, [0u8; 32]);
    for (first, out) in (0..count).step_by(batch).zip(out.chunks_mut(batch)) {
        let n = out.len();
        let leaves = &mut leaves[..n * width];
        let blocks = &mut blocks[..n * deferred];
        // Empty when no field is one block: then `next` gives nothing and
        // each value gets no blocks.
        let mut value_blocks = blocks.chunks_exact_mut(deferred.max(1));
        for (i, tree) in (first..first + n).zip(leaves.chunks_exact_mut(width)) {
            let own = value_blocks.next().unwrap_or_default();
            field_roots(i, &mut tree[..field_count], own);
        }
        if deferred > 0 {
            let roots = &mut block_roots[..blocks.len()];
            crate::hasher::scope::nodes_in_use(blocks, roots);
            for (tree, roots) in leaves
                .chunks_exact_mut(width)
                .zip(roots.chunks_exact(deferred))
            {
                let slots = one_block.iter().enumerate().filter(|(_, &b)| b);
                for ((slot, _), root) in slots.zip(roots) {
                    tree[slot] = *root;
                }
            }
        }
        crate::merkle::merkleize_many(leaves, width, out);
    }
}

/// The field roots of one value of a container, for [`container_leaves`]:
/// each field's root, or (a field whose root is one hash, given by its
/// type's [`TreeHash::root_block`]) its block, which the batch hashes
/// with the others. One call per field, in order.
pub struct FieldLeaves<'a> {
    roots: &'a mut [Root],
    blocks: &'a mut [[u8; 64]],
    field: usize,
    block: usize,
}

impl<'a> FieldLeaves<'a> {
    /// The leaves of one value: `roots` has a slot per field, `blocks` one
    /// per one-block field.
    #[inline(always)]
    pub fn new(roots: &'a mut [Root], blocks: &'a mut [[u8; 64]]) -> Self {
        FieldLeaves {
            roots,
            blocks,
            field: 0,
            block: 0,
        }
    }

    /// The next field, a `T`.
    #[inline(always)]
    pub fn field<T: TreeHash>(&mut self, value: &T) {
        if T::ROOT_IS_ONE_BLOCK {
            self.blocks[self.block] = value.root_block();
            self.block += 1;
        } else {
            self.roots[self.field] = value.hash_tree_root();
        }
        self.field += 1;
    }

    /// The next field, a `T`, from its validated encoding.
    #[inline(always)]
    pub fn field_ssz<T: crate::view::TreeHashView>(&mut self, bytes: &[u8]) {
        if T::ROOT_IS_ONE_BLOCK {
            self.blocks[self.block] = T::root_block_ssz(bytes);
            self.block += 1;
        } else {
            self.roots[self.field] = T::hash_tree_root_ssz(bytes);
        }
        self.field += 1;
    }

    /// The next field, whose root is `root` (a field coded `with` a
    /// module).
    #[inline(always)]
    pub fn root(&mut self, root: Root) {
        self.roots[self.field] = root;
        self.field += 1;
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

/// `Ssz::ssz_append_many` of a transparent newtype over `T`: `T`'s bulk
/// appender over the fields.
#[inline]
pub fn transparent_append_many<W, T: Ssz>(
    values: &[W],
    buf: &mut Vec<u8>,
    inner: impl Fn(&W) -> &T,
) {
    if let Some(fields) = as_inner_slice(values, &inner) {
        return T::ssz_append_many(fields, buf);
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

/// `TreeHash::packed_leaves` of a transparent newtype over `T`: the
/// fields' packed leaves, read in place, where `T` has them.
#[inline]
pub fn transparent_packed_leaves<'a, W, T: TreeHash + 'a>(
    values: &'a [W],
    inner: impl Fn(&W) -> &T,
) -> Option<&'a [u8]> {
    as_inner_slice(values, inner).and_then(T::packed_leaves)
}

// ------------------------------------------------------------ containers

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
        crate::merkle::depth_for(field_count as u128),
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
    edition: Rules,
    slot_root: impl Fn(usize) -> Root,
    slot_node: impl Fn(usize, Gindex) -> Result<Root, ProofError>,
) -> Result<Root, ProofError> {
    mix_in_node(gindex, active_fields, |g| {
        progressive_node(
            g,
            edition,
            slot_count,
            |s, e| fields_range_root(s, e, &slot_root),
            slot_node,
        )
    })
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
