//! The XMSS containers (leanSpec `crypto/xmss/{types,merkle,containers}.py`).

use crate::fp::Fp;
use crate::preset::{XmssPreset, HASH_LEN_FE, PARAMETER_LEN, RAND_LEN_FE};
use crate::{AggregationBits, ProofBytes};
use peam_ssz_types::{Bytes32, ExactList, List, Ssz, TreeHash};

/// `HashDigestVector = Vector[Fp, 8]` (32 bytes).
pub type HashDigestVector = [Fp; HASH_LEN_FE];
/// `HashDigestList = List[HashDigestVector, NODE_LIST_LIMIT]`.
pub type HashDigestList<P> = List<HashDigestVector, <P as XmssPreset>::NodeListLimit>;
/// `Parameter = Vector[Fp, 5]` (20 bytes).
pub type Parameter = [Fp; PARAMETER_LEN];
/// `Randomness = Vector[Fp, 7]` (28 bytes).
pub type Randomness = [Fp; RAND_LEN_FE];
/// `PRFKey = Bytes32`.
pub type PrfKey = Bytes32;

/// A `HashDigestList` pinned to `LOG_LIFETIME` entries: the siblings of a
/// signature's path.
pub type PathSiblings<P> =
    ExactList<HashDigestVector, <P as XmssPreset>::LogLifetime, <P as XmssPreset>::NodeListLimit>;
/// A `HashDigestList` pinned to `DIMENSION` entries: a signature's hashes.
pub type SignatureHashes<P> =
    ExactList<HashDigestVector, <P as XmssPreset>::Dimension, <P as XmssPreset>::NodeListLimit>;

/// `HashTreeOpening { siblings }`, over the list type `S` of its
/// siblings: [`HashTreeOpening`] is the spec's (a `HashDigestList`),
/// [`SignaturePath`] the one in a signature (pinned to `LOG_LIFETIME`
/// entries). Both have the same bytes and root for the same siblings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct Opening<S> {
    /// The sibling digests, leaf to root.
    pub siblings: S,
}

/// `HashTreeOpening`: a Merkle path in the key's tree.
pub type HashTreeOpening<P> = Opening<HashDigestList<P>>;
/// The `path` of a [`Signature`]: exactly `LOG_LIFETIME` siblings.
pub type SignaturePath<P> = Opening<PathSiblings<P>>;

/// `PublicKey { root, parameter }`, 52 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Ssz, TreeHash)]
pub struct PublicKey {
    /// The root of the key's tree.
    pub root: HashDigestVector,
    /// The public parameter.
    pub parameter: Parameter,
}

/// `Signature { path, rho, hashes }`: a container with offsets inside,
/// which parents hold inline at [`XmssPreset::SIGNATURE_LEN`] bytes (424
/// with the test keys, 2536 with the production keys), with no offset of
/// its own (SCHEMA §7.2). Its lists have pinned lengths, so every
/// signature has that one length; the root is the ordinary container root.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
#[ssz(fixed_len = P::SIGNATURE_LEN)]
pub struct Signature<P: XmssPreset> {
    /// The Merkle path of the one-time key: `LOG_LIFETIME` siblings.
    pub path: SignaturePath<P>,
    /// The randomness of the message hash.
    pub rho: Randomness,
    /// The chain ends: `DIMENSION` digests.
    pub hashes: SignatureHashes<P>,
}

/// `HashTreeLayer { start_index, nodes }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct HashTreeLayer<P: XmssPreset> {
    /// The index of the first node in the layer.
    pub start_index: u64,
    /// The nodes.
    pub nodes: HashDigestList<P>,
}

/// `HashTreeLayers = List[HashTreeLayer, LOG_LIFETIME + 1]`.
pub type HashTreeLayers<P> = List<HashTreeLayer<P>, <P as XmssPreset>::HashTreeLayersLimit>;

/// `HashSubTree { depth, lowest_layer, layers }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct HashSubTree<P: XmssPreset> {
    /// The depth of the full tree.
    pub depth: u64,
    /// The layer the stored layers start at.
    pub lowest_layer: u64,
    /// The stored layers.
    pub layers: HashTreeLayers<P>,
}

/// `SecretKey` (test keys only in leanSpec; no fixture).
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct SecretKey<P: XmssPreset> {
    /// The PRF key.
    pub prf_key: PrfKey,
    /// The public parameter.
    pub parameter: Parameter,
    /// The first slot the key can sign.
    pub activation_slot: u64,
    /// The number of slots it can sign.
    pub num_active_slots: u64,
    /// The top tree.
    pub top_tree: HashSubTree<P>,
    /// The index of the left bottom tree.
    pub left_bottom_tree_index: u64,
    /// The left bottom tree.
    pub left_bottom_tree: HashSubTree<P>,
    /// The right bottom tree.
    pub right_bottom_tree: HashSubTree<P>,
}

/// `SingleMessageAggregate { participants, proof }`: one message, many
/// signers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct SingleMessageAggregate {
    /// Bit `i`: validator `i` signed.
    pub participants: AggregationBits,
    /// The leanMultisig proof bytes.
    pub proof: ProofBytes,
}

/// `MultiMessageAggregate { proof }`: a proof merged over several messages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Ssz, TreeHash)]
pub struct MultiMessageAggregate {
    /// The leanMultisig proof bytes.
    pub proof: ProofBytes,
}
