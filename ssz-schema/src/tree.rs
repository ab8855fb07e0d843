//! Merkleization of a run-time value: every node of its tree, the root
//! included, answered by ssz-core's tree navigation
//! ([`merkle_node`], [`mix_in_node`], [`progressive_node`]) over chunks
//! read from the value's encoding.

use std::borrow::Cow;

use peam_ssz_core::merkle::{depth_for, length_chunk, merkleize_packed, pack_active_fields};
use peam_ssz_core::proof::{merkle_node, mix_in_node, progressive_node};
use peam_ssz_core::{merkleize, Edition, Gindex, ProofError, Root, BYTES_PER_CHUNK};

use crate::decode::{bitlist_len, element_parts, field_parts};
use crate::schema::{Kind, Schema};

/// The chunks at the bottom of one `merkleize` or `merkleize_progressive`.
enum Leaves<'a> {
    /// Bytes packed 32 to a chunk, the last zero-padded.
    Packed(Cow<'a, [u8]>),
    /// One chunk per element: its root.
    Composite {
        element: &'a Schema,
        parts: Vec<&'a [u8]>,
    },
    /// One chunk per field; `None` is a gap of a progressive container
    /// (a zero chunk).
    Fields(Vec<Option<(&'a Schema, &'a [u8])>>),
}

impl Leaves<'_> {
    fn count(&self) -> usize {
        match self {
            Leaves::Packed(b) => b.len().div_ceil(BYTES_PER_CHUNK),
            Leaves::Composite { parts, .. } => parts.len(),
            Leaves::Fields(f) => f.len(),
        }
    }

    /// `merkleize` of chunks `start..end`, padded to the next power of two
    /// of their number only.
    fn range_root<E: Edition>(&self, start: usize, end: usize) -> Root {
        match self {
            Leaves::Packed(b) => {
                let s = (start * BYTES_PER_CHUNK).min(b.len());
                let e = (end * BYTES_PER_CHUNK).min(b.len());
                merkleize_packed(&b[s..e], 0)
            }
            Leaves::Composite { element, parts } => {
                let roots: Vec<Root> = parts[start..end]
                    .iter()
                    .map(|p| root::<E>(element, p))
                    .collect();
                merkleize(&roots, 0)
            }
            Leaves::Fields(fields) => {
                let roots: Vec<Root> = fields[start..end]
                    .iter()
                    .map(|f| f.map_or([0u8; 32], |(s, b)| root::<E>(s, b)))
                    .collect();
                merkleize(&roots, 0)
            }
        }
    }

    fn below<E: Edition>(&self, i: usize, rest: Gindex) -> Result<Root, ProofError> {
        match self {
            Leaves::Composite { element, parts } => node::<E>(element, parts[i], rest),
            Leaves::Fields(fields) => match fields[i] {
                Some((s, b)) => node::<E>(s, b, rest),
                None => Err(ProofError::NoSuchNode { gindex: rest }),
            },
            Leaves::Packed(_) => Err(ProofError::NoSuchNode { gindex: rest }),
        }
    }

    fn merkle<E: Edition>(&self, gindex: Gindex, limit_chunks: u64) -> Result<Root, ProofError> {
        let count = self.count();
        let depth = depth_for(u128::from(limit_chunks.max(count as u64)));
        merkle_node(
            gindex,
            depth,
            count,
            |s, e| self.range_root::<E>(s, e),
            |i, r| self.below::<E>(i, r),
        )
    }

    fn progressive<E: Edition>(&self, gindex: Gindex) -> Result<Root, ProofError> {
        progressive_node(
            gindex,
            E::RULES,
            self.count(),
            |s, e| self.range_root::<E>(s, e),
            |i, r| self.below::<E>(i, r),
        )
    }
}

fn selector_chunk(selector: u8) -> Root {
    let mut chunk = [0u8; 32];
    chunk[0] = selector;
    chunk
}

/// Chunks that `n` things of `size` bytes fill, as a `u64` (a limit may be
/// up to 2^64 elements).
fn chunks_of(n: u64, size: u64) -> u64 {
    let c = (n as u128 * size as u128).div_ceil(BYTES_PER_CHUNK as u128);
    u64::try_from(c).unwrap_or(u64::MAX)
}

/// The data bits of a valid bitlist encoding (the delimiter cleared and the
/// byte it leaves empty dropped), and their number.
fn bitlist_data(bytes: &[u8]) -> (Cow<'_, [u8]>, usize) {
    let len = bitlist_len(bytes, usize::MAX).unwrap_or(0);
    let mut data = bytes[..len.div_ceil(8)].to_vec();
    if !len.is_multiple_of(8) {
        if let Some(last) = data.last_mut() {
            *last &= (1u8 << (len % 8)) - 1;
        }
    }
    (Cow::Owned(data), len)
}

fn elements<'a>(element: &'a Schema, bytes: &'a [u8]) -> Leaves<'a> {
    if element.is_basic() {
        Leaves::Packed(Cow::Borrowed(bytes))
    } else {
        Leaves::Composite {
            element,
            parts: element_parts(element, bytes),
        }
    }
}

fn element_count(element: &Schema, bytes: &[u8]) -> usize {
    match element.fixed_size() {
        Some(size) => bytes.len() / size.max(1),
        None if bytes.is_empty() => 0,
        None => {
            peam_ssz_core::codec::read_offset(bytes, 0) / peam_ssz_core::BYTES_PER_LENGTH_OFFSET
        }
    }
}

/// Chunks a vector or list of `n` elements of `element` is merkleized
/// over at most.
fn limit_chunks(element: &Schema, n: u64) -> u64 {
    if element.is_basic() {
        chunks_of(n, element.fixed_part() as u64)
    } else {
        n
    }
}

/// `hash_tree_root` of the valid encoding `bytes` of `schema`, in edition
/// `E`.
pub(crate) fn root<E: Edition>(schema: &Schema, bytes: &[u8]) -> Root {
    // The root is a node of the tree; it always exists.
    node::<E>(schema, bytes, Gindex::ROOT).unwrap_or([0u8; 32])
}

/// The node `gindex` of the tree of the valid encoding `bytes` of
/// `schema`, in edition `E` (`Gindex::ROOT` is the root).
pub(crate) fn node<E: Edition>(
    schema: &Schema,
    bytes: &[u8],
    gindex: Gindex,
) -> Result<Root, ProofError> {
    match schema.kind() {
        Kind::Boolean | Kind::Uint { .. } => {
            if gindex == Gindex::ROOT {
                let mut chunk = [0u8; 32];
                chunk[..bytes.len()].copy_from_slice(bytes);
                Ok(chunk)
            } else {
                Err(ProofError::NoSuchNode { gindex })
            }
        }
        Kind::BitVector { length } => {
            Leaves::Packed(Cow::Borrowed(bytes)).merkle::<E>(gindex, length.div_ceil(256))
        }
        Kind::BitList { limit } => {
            let (data, len) = bitlist_data(bytes);
            mix_in_node(gindex, &length_chunk(len), |g| {
                Leaves::Packed(data).merkle::<E>(g, limit.div_ceil(256))
            })
        }
        Kind::ProgressiveBitList => {
            let (data, len) = bitlist_data(bytes);
            mix_in_node(gindex, &length_chunk(len), |g| {
                Leaves::Packed(data).progressive::<E>(g)
            })
        }
        Kind::ByteVector { length } => {
            Leaves::Packed(Cow::Borrowed(bytes)).merkle::<E>(gindex, chunks_of(*length, 1))
        }
        Kind::ByteList { limit } => mix_in_node(gindex, &length_chunk(bytes.len()), |g| {
            Leaves::Packed(Cow::Borrowed(bytes)).merkle::<E>(g, chunks_of(*limit, 1))
        }),
        Kind::Vector { element, length } => {
            elements(element, bytes).merkle::<E>(gindex, limit_chunks(element, *length))
        }
        Kind::List { element, limit } => {
            let count = element_count(element, bytes);
            mix_in_node(gindex, &length_chunk(count), |g| {
                elements(element, bytes).merkle::<E>(g, limit_chunks(element, *limit))
            })
        }
        Kind::ProgressiveByteList => mix_in_node(gindex, &length_chunk(bytes.len()), |g| {
            Leaves::Packed(Cow::Borrowed(bytes)).progressive::<E>(g)
        }),
        Kind::ProgressiveList { element } => {
            let count = element_count(element, bytes);
            mix_in_node(gindex, &length_chunk(count), |g| {
                elements(element, bytes).progressive::<E>(g)
            })
        }
        Kind::Container { fields } => {
            let parts = field_parts(fields, bytes);
            let leaves = Leaves::Fields(
                fields
                    .iter()
                    .zip(parts)
                    .map(|(f, p)| Some((&f.schema, p)))
                    .collect(),
            );
            leaves.merkle::<E>(gindex, fields.len() as u64)
        }
        Kind::ProgressiveContainer {
            active_fields,
            fields,
        } => {
            let mut parts = fields.iter().zip(field_parts(fields, bytes));
            let leaves = Leaves::Fields(
                active_fields
                    .iter()
                    .map(|&on| {
                        if on {
                            parts.next().map(|(f, p)| (&f.schema, p))
                        } else {
                            None
                        }
                    })
                    .collect(),
            );
            let bits: Vec<u8> = active_fields.iter().map(|&b| b as u8).collect();
            mix_in_node(gindex, &pack_active_fields(&bits), |g| {
                leaves.progressive::<E>(g)
            })
        }
        Kind::CompatibleUnion { options } => {
            let (&selector, body) = bytes.split_first().unwrap_or((&0, &[]));
            let option = options.iter().find(|(s, _)| *s == selector).map(|(_, t)| t);
            mix_in_node(gindex, &selector_chunk(selector), |g| match option {
                Some(t) => node::<E>(t, body, g),
                None => Err(ProofError::NoSuchNode { gindex: g }),
            })
        }
        Kind::Union { options } => {
            let (&selector, body) = bytes.split_first().unwrap_or((&0, &[]));
            let option = options.get(selector as usize).and_then(Option::as_ref);
            mix_in_node(gindex, &selector_chunk(selector), |g| match option {
                Some(t) => node::<E>(t, body, g),
                None => peam_ssz_core::codec::zero_chunk_node(g),
            })
        }
    }
}
