//! Partial values: the part of a value that a proof reveals, read as typed
//! values.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use super::multi::multi_nodes_with;
use super::{get_branch_indices, AsRoot, Gindex, MultiProof, ProofError, SingleProof};
use crate::edition::Rules;
use crate::hasher::{hash_tree_root_with, ScopedHasher, Sha256};
use crate::merkle::{depth_for, Root};
use crate::path::{progressive_chunk, Layout, PathError, PathLike, PathStep, TreeLayout};
use crate::{DecodeError, Ssz, TreeHash};

/// The part of a `T` that proofs reveal: every node the proofs give or
/// imply, under the root they hash to.
///
/// It answers a path with a typed value when the nodes below it are all
/// known: a basic value from the chunk that holds it, a composite value
/// (a checkpoint, a sync committee) from every chunk of its subtree,
/// rebuilt by the layout of its type ([`TreeLayout`]), decoded as SSZ and
/// checked against the proven node. Every other path is refused with
/// [`PartialError::NotProven`], naming the first node that is missing.
///
/// This is what remerkleable calls a partial and persistent-merkle-tree
/// a tree from a proof: a light client reads a state's finalized
/// checkpoint and next sync committee out of one multiproof against the
/// state root of a header, without the state.
///
/// ```
/// use peam_ssz_core::proof::{prove_paths, Partial, PartialError};
/// use peam_ssz_core::TreeHash;
///
/// let value: [u64; 64] = core::array::from_fn(|i| 100 + i as u64);
/// let proof = prove_paths(&value, ["[5]", "[9]"])?;
///
/// let partial = Partial::<[u64; 64]>::from_multiproof(&proof)?;
/// assert_eq!(partial.root(), value.hash_tree_root());
/// assert_eq!(partial.get::<u64>("[5]")?, 105);
/// // Elements 4 to 7 share a chunk: all four are proven.
/// assert_eq!(partial.get::<u64>("[6]")?, 106);
/// // Chunk 15 is below a helper node: not revealed.
/// assert!(matches!(partial.get::<u64>("[60]"), Err(PartialError::NotProven { .. })));
/// // A path the type does not have, or a type that is not there.
/// assert!(matches!(partial.get::<u64>("[64]"), Err(PartialError::Path(_))));
/// assert!(matches!(partial.get::<u32>("[5]"), Err(PartialError::TypeMismatch { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The nodes are hashed, and a composite value checked against its node,
/// with the hasher `H` ([`crate::hasher`]): SHA-256 by default, another
/// one through [`Partial::from_multiproof_with`] and
/// [`Partial::from_proofs_with`] (`Partial::<T, MyHasher>`).
pub struct Partial<T: ?Sized, H = Sha256> {
    nodes: BTreeMap<Gindex, Root>,
    root: Root,
    _type: PhantomData<fn() -> (H, *const T)>,
}

impl<T: ?Sized, H> Clone for Partial<T, H> {
    fn clone(&self) -> Self {
        Partial {
            nodes: self.nodes.clone(),
            root: self.root,
            _type: PhantomData,
        }
    }
}

impl<T: ?Sized, H> fmt::Debug for Partial<T, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Partial")
            .field("root", &crate::Hex(&self.root))
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

/// Why a [`Partial`] does not answer a path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartialError {
    /// The path names no node of the type's tree.
    Path(PathError),
    /// The proofs do not reveal this node (the first one missing, of the
    /// nodes the answer needs).
    NotProven {
        /// The missing node, relative to the root.
        gindex: Gindex,
    },
    /// The type asked for is not the type at the path (their layouts
    /// differ).
    TypeMismatch {
        /// The node the path names.
        gindex: Gindex,
    },
    /// The proven chunks do not form a value of the type: a length or
    /// selector chunk with bytes past its value, a length above the
    /// limit, a selector no variant has, chunks that do not decode, or a
    /// value whose root is not the proven node.
    NotAValue {
        /// The node of the value that does not form.
        gindex: Gindex,
    },
    /// The proven bytes do not decode as the type.
    Decode(DecodeError),
}

impl fmt::Display for PartialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartialError::Path(e) => fmt::Display::fmt(e, f),
            PartialError::NotProven { gindex } => {
                write!(f, "node {gindex} is not revealed by the proof")
            }
            PartialError::TypeMismatch { gindex } => {
                write!(f, "the type asked for is not the type at node {gindex}")
            }
            PartialError::NotAValue { gindex } => {
                write!(
                    f,
                    "the proven chunks below node {gindex} form no value of the type"
                )
            }
            PartialError::Decode(e) => write!(f, "proven bytes: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PartialError {}

impl From<PathError> for PartialError {
    fn from(e: PathError) -> Self {
        PartialError::Path(e)
    }
}

impl<T: TreeLayout + ?Sized> Partial<T> {
    /// The nodes a multiproof gives and implies, under the root it hashes
    /// to. Check that root ([`Partial::verify`]) before trusting a value.
    pub fn from_multiproof(proof: &MultiProof) -> Result<Self, ProofError> {
        Self::from_multiproof_with(proof)
    }

    /// The nodes several single proofs give and imply; they must hash to
    /// one root ([`ProofError::RootMismatch`] otherwise, and
    /// [`ProofError::NoIndices`] for none).
    pub fn from_proofs(proofs: &[SingleProof]) -> Result<Self, ProofError> {
        Self::from_proofs_with(proofs)
    }
}

impl<T: TreeLayout + ?Sized, H: ScopedHasher> Partial<T, H> {
    /// [`Partial::from_multiproof`] with the hasher `H` (the type's
    /// second parameter): `Partial::<T, H>::from_multiproof_with(proof)`.
    pub fn from_multiproof_with(proof: &MultiProof) -> Result<Self, ProofError> {
        let nodes = multi_nodes_with(&proof.leaves, &proof.proof, &proof.indices, H::hash_pair)?;
        let root = *nodes.get(&Gindex::ROOT).ok_or(ProofError::NoSuchNode {
            gindex: Gindex::ROOT,
        })?;
        Ok(Partial {
            nodes,
            root,
            _type: PhantomData,
        })
    }

    /// [`Partial::from_proofs`] with the hasher `H` (the type's second
    /// parameter).
    pub fn from_proofs_with(proofs: &[SingleProof]) -> Result<Self, ProofError> {
        let mut nodes = BTreeMap::new();
        let mut root = None;
        for proof in proofs {
            let depth = proof.leaf_index.depth() as usize;
            if proof.branch.len() != depth {
                return Err(ProofError::BranchLength {
                    expected: depth,
                    got: proof.branch.len(),
                });
            }
            let mut g = proof.leaf_index;
            let mut node = proof.leaf;
            let mut found = Vec::with_capacity(2 * depth + 1);
            found.push((g, node));
            for (&sibling, &other) in get_branch_indices(g).iter().zip(&proof.branch) {
                found.push((sibling, other));
                node = if g.is_right() {
                    H::hash_pair(&other, &node)
                } else {
                    H::hash_pair(&node, &other)
                };
                g = g.parent().ok_or(ProofError::NoSuchNode { gindex: g })?;
                found.push((g, node));
            }
            if *root.get_or_insert(node) != node {
                return Err(ProofError::RootMismatch);
            }
            for (g, node) in found {
                // Two proofs under one root agree on every node they share
                // (or the hash function has a collision).
                if *nodes.entry(g).or_insert(node) != node {
                    return Err(ProofError::RootMismatch);
                }
            }
        }
        let root = root.ok_or(ProofError::NoIndices)?;
        Ok(Partial {
            nodes,
            root,
            _type: PhantomData,
        })
    }

    /// The root the proofs hash to.
    pub fn root(&self) -> Root {
        self.root
    }

    /// Checks that the proofs hash to `root`.
    pub fn verify(&self, root: &impl AsRoot) -> Result<(), ProofError> {
        if self.root == *root.as_root() {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        }
    }

    /// The proven node `gindex`.
    pub fn node(&self, gindex: Gindex) -> Result<Root, PartialError> {
        self.nodes
            .get(&gindex)
            .copied()
            .ok_or(PartialError::NotProven { gindex })
    }

    /// The node a path names, if the proofs reveal it.
    pub fn node_at(&self, path: impl PathLike) -> Result<Root, PartialError> {
        let g = path.gindex_in(T::LAYOUT)?;
        self.node(g)
    }

    /// The value at `path`, as a `U` (whose layout must be the one at the
    /// path), when the proofs reveal every chunk of it.
    ///
    /// # Errors
    ///
    /// [`PartialError::Path`] for a path the type does not have,
    /// [`PartialError::TypeMismatch`] for a `U` of another layout,
    /// [`PartialError::NotProven`] for a value not wholly revealed,
    /// [`PartialError::NotAValue`] and [`PartialError::Decode`] for
    /// revealed chunks that are no value of `U`.
    pub fn get<U: Ssz + TreeHash + TreeLayout>(
        &self,
        path: impl PathLike,
    ) -> Result<U, PartialError> {
        // The walk, keeping the layout and step that led to the node: a
        // basic element of a packed vector or bitfield is part of a chunk.
        let mut at = (Gindex::ROOT, T::LAYOUT);
        let mut last: Option<(&Layout, u64)> = None;
        let mut position = 0;
        path.for_each_step(&mut |step| {
            let from = at.1;
            at = crate::path::walk_step(at, step, position)?;
            last = match step {
                PathStep::Index(i) => Some((from, i)),
                _ => None,
            };
            position += 1;
            Ok(())
        })?;
        let (g, layout) = at;
        if U::LAYOUT != layout {
            return Err(PartialError::TypeMismatch { gindex: g });
        }
        if let Layout::Basic { size } = *layout {
            let chunk = self.node(g)?;
            let size = size as usize;
            let one;
            let bytes: &[u8] = match last {
                Some((
                    Layout::Bitvector { .. }
                    | Layout::Bitlist { .. }
                    | Layout::ProgressiveBitlist { .. },
                    bit,
                )) => {
                    let bit = (bit % 256) as usize;
                    one = [(chunk[bit / 8] >> (bit % 8)) & 1];
                    &one
                }
                Some((
                    Layout::Vector { .. } | Layout::List { .. } | Layout::ProgressiveList { .. },
                    index,
                )) => {
                    // `index * size % 32`: the element's place in its chunk.
                    let offset = ((index as u128 * size as u128) % 32) as usize;
                    &chunk[offset..offset + size]
                }
                _ => &chunk[..size],
            };
            return U::from_ssz(bytes).map_err(PartialError::Decode);
        }
        let mut bytes = Vec::new();
        self.encode(layout, g, &mut bytes)?;
        let value = U::from_ssz(&bytes).map_err(PartialError::Decode)?;
        if hash_tree_root_with::<H, U>(&value) != self.node(g)? {
            return Err(PartialError::NotAValue { gindex: g });
        }
        Ok(value)
    }

    /// Whether the proofs reveal the whole value at `path`.
    pub fn is_proven<U: Ssz + TreeHash + TreeLayout>(&self, path: impl PathLike) -> bool {
        self.get::<U>(path).is_ok()
    }

    /// Appends the SSZ encoding of the value of `layout` at `g`, rebuilt
    /// from its chunks.
    fn encode(&self, layout: &Layout, g: Gindex, out: &mut Vec<u8>) -> Result<(), PartialError> {
        let below = |rel: Option<Gindex>| -> Result<Gindex, PartialError> {
            rel.and_then(|rel| g.concat(rel))
                .ok_or(PartialError::NotAValue { gindex: g })
        };
        let node2 = || below(Gindex::new(2));
        let node3 = || below(Gindex::new(3));
        match *layout {
            Layout::Basic { size } => {
                out.extend_from_slice(&self.node(g)?[..size as usize]);
            }
            Layout::Vector { elem, length } => {
                self.elements(elem, length, g, depth_of(elem, length), None, out)?;
            }
            Layout::List { elem, limit } => {
                let len = self.length(node3()?, limit)?;
                self.elements(elem, len, node2()?, depth_of(elem, limit), None, out)?;
            }
            Layout::ProgressiveList { elem, edition } => {
                let len = self.length(node3()?, u64::MAX)?;
                self.elements(elem, len, node2()?, 0, Some(edition), out)?;
            }
            Layout::Bitvector { length } => {
                self.bits(
                    length,
                    g,
                    depth_for(length.div_ceil(256) as u128),
                    None,
                    out,
                )?;
            }
            Layout::Bitlist { limit } => {
                let len = self.length(node3()?, limit)?;
                let depth = depth_for(limit.div_ceil(256) as u128);
                self.bits(len, node2()?, depth, None, out)?;
                delimit(len, out);
            }
            Layout::ProgressiveBitlist { edition } => {
                let len = self.length(node3()?, u64::MAX)?;
                self.bits(len, node2()?, 0, Some(edition), out)?;
                delimit(len, out);
            }
            Layout::Container { fields } => {
                let mut parts = Vec::with_capacity(fields.len());
                for field in fields {
                    let mut part = Vec::new();
                    self.encode(field.layout, below(Some(field.gindex))?, &mut part)?;
                    parts.push((fixed_len(field.layout), part));
                }
                sequence(parts, out);
            }
            Layout::Union { variants } => {
                let chunk = self.node(node3()?)?;
                let selector = chunk[0];
                if chunk[1..].iter().any(|&b| b != 0) {
                    return Err(PartialError::NotAValue { gindex: g });
                }
                let variant = variants
                    .iter()
                    .find(|v| v.selector == selector)
                    .ok_or(PartialError::NotAValue { gindex: g })?;
                out.push(selector);
                if let Some(value) = variant.layout {
                    self.encode(value, node2()?, out)?;
                }
            }
        }
        Ok(())
    }

    /// The length in a `mix_in_length` chunk: a `uint64`, the rest zero,
    /// at most `limit`.
    fn length(&self, node: Gindex, limit: u64) -> Result<u64, PartialError> {
        let chunk = self.node(node)?;
        let mut len = [0u8; 8];
        len.copy_from_slice(&chunk[..8]);
        let len = u64::from_le_bytes(len);
        if chunk[8..].iter().any(|&b| b != 0) || len > limit {
            return Err(PartialError::NotAValue { gindex: node });
        }
        Ok(len)
    }

    /// The chunk `c` of a tree at `root`: of `depth` levels, or of
    /// `merkleize_progressive` in the given edition.
    fn chunk_node(
        &self,
        root: Gindex,
        depth: u32,
        progressive: Option<Rules>,
        c: u128,
    ) -> Result<Gindex, PartialError> {
        let rel = match progressive {
            None => Gindex::at(depth, c),
            Some(edition) => u64::try_from(c)
                .ok()
                .and_then(|c| progressive_chunk(c, edition)),
        };
        rel.and_then(|rel| root.concat(rel))
            .ok_or(PartialError::NotAValue { gindex: root })
    }

    /// `count` elements of `elem` below `root`.
    fn elements(
        &self,
        elem: &Layout,
        count: u64,
        root: Gindex,
        depth: u32,
        progressive: Option<Rules>,
        out: &mut Vec<u8>,
    ) -> Result<(), PartialError> {
        if let Layout::Basic { size } = *elem {
            let total = count as u128 * size as u128;
            return self.packed(total, root, depth, progressive, out);
        }
        let fixed = fixed_len(elem);
        let mut parts = Vec::new();
        for i in 0..count {
            let mut part = Vec::new();
            let node = self.chunk_node(root, depth, progressive, i as u128)?;
            self.encode(elem, node, &mut part)?;
            parts.push((fixed, part));
        }
        sequence(parts, out);
        Ok(())
    }

    /// `total` bytes packed in chunks below `root`.
    fn packed(
        &self,
        total: u128,
        root: Gindex,
        depth: u32,
        progressive: Option<Rules>,
        out: &mut Vec<u8>,
    ) -> Result<(), PartialError> {
        let mut left = total;
        let mut c = 0u128;
        while left > 0 {
            let chunk = self.node(self.chunk_node(root, depth, progressive, c)?)?;
            let take = left.min(32) as usize;
            out.extend_from_slice(&chunk[..take]);
            left -= take as u128;
            c += 1;
        }
        Ok(())
    }

    /// `bits` bits packed in chunks below `root`, as `ceil(bits / 8)`
    /// bytes.
    fn bits(
        &self,
        bits: u64,
        root: Gindex,
        depth: u32,
        progressive: Option<Rules>,
        out: &mut Vec<u8>,
    ) -> Result<(), PartialError> {
        self.packed(bits.div_ceil(8) as u128, root, depth, progressive, out)
    }
}

/// The depth of the chunk tree of `length` elements of `elem`.
fn depth_of(elem: &Layout, length: u64) -> u32 {
    let chunks = match *elem {
        Layout::Basic { size } => (length as u128 * size as u128).div_ceil(32),
        _ => length as u128,
    };
    depth_for(chunks)
}

/// A bitlist's delimiting bit after `len` bits.
fn delimit(len: u64, out: &mut Vec<u8>) {
    let bit = (len % 8) as u32;
    if bit == 0 {
        out.push(1);
    } else if let Some(last) = out.last_mut() {
        *last |= 1 << bit;
    }
}

/// The encoded length of every value of `layout`, or `None` for a
/// variable-size type.
fn fixed_len(layout: &Layout) -> Option<usize> {
    match *layout {
        Layout::Basic { size } => Some(size as usize),
        Layout::Vector { elem, length } => {
            fixed_len(elem).and_then(|s| s.checked_mul(usize::try_from(length).ok()?))
        }
        Layout::Bitvector { length } => usize::try_from(length.div_ceil(8)).ok(),
        Layout::Container { fields } => fields
            .iter()
            .try_fold(0usize, |acc, f| acc.checked_add(fixed_len(f.layout)?)),
        _ => None,
    }
}

/// The SSZ encoding of a sequence of parts (the fields of a container, the
/// elements of a vector or list): fixed parts in place, variable ones
/// behind offsets.
fn sequence(parts: Vec<(Option<usize>, Vec<u8>)>, out: &mut Vec<u8>) {
    let fixed: usize = parts
        .iter()
        .map(|(f, _)| if f.is_some() { 0 } else { 4 })
        .sum::<usize>()
        + parts
            .iter()
            .filter(|(f, _)| f.is_some())
            .map(|(_, p)| p.len())
            .sum::<usize>();
    let mut offset = fixed;
    for (f, part) in &parts {
        match f {
            Some(_) => out.extend_from_slice(part),
            None => {
                // An offset past 4 GiB does not decode, which `from_ssz`
                // reports.
                out.extend_from_slice(&(offset as u32).to_le_bytes());
                offset += part.len();
            }
        }
    }
    for (f, part) in parts {
        if f.is_none() {
            out.extend_from_slice(&part);
        }
    }
}
