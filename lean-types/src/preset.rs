//! The XMSS presets: the test keys and the production keys of leanSpec
//! (`crypto/xmss/constants.py`), which change the lengths, and with them
//! the sizes and roots, of the signature types.

use core::fmt::Debug;
use core::hash::Hash;
use peam_ssz_types::{Length, U};

/// The lengths an XMSS key set fixes. Containers that hold signatures or
/// Merkle openings take the preset as a type parameter, so both presets
/// can be used in one build ([`TestKeys`] for the fixtures, [`ProdKeys`]
/// on the network).
pub trait XmssPreset: 'static + Send + Sync + Copy + Default + Debug + Eq + Ord + Hash {
    /// The preset's name, as the fixtures' `leanEnv` gives it.
    const NAME: &'static str;
    /// `LOG_LIFETIME`: the depth of the key's tree, and the number of
    /// siblings in a signature's path.
    type LogLifetime: Length;
    /// `DIMENSION`: the number of hash chains, and of hashes in a
    /// signature.
    type Dimension: Length;
    /// `NODE_LIST_LIMIT = 2 * 2^(LOG_LIFETIME / 2)`: the Merkle limit of a
    /// `HashDigestList`.
    type NodeListLimit: Length;
    /// `LOG_LIFETIME + 1`: the limit of `HashTreeLayers`.
    type HashTreeLayersLimit: Length;
    /// `SIGNATURE_LENGTH_BYTES = 4 * (LOG_LIFETIME * 8 + 7 + DIMENSION * 8) +
    /// 12`: the length of a signature, which parents hold inline.
    const SIGNATURE_LEN: usize = 4
        * (Self::LogLifetime::USIZE * HASH_LEN_FE
            + RAND_LEN_FE
            + Self::Dimension::USIZE * HASH_LEN_FE)
        + 12;
}

/// `HASH_LENGTH_FIELD_ELEMENTS`: field elements of a hash digest (both
/// presets).
pub const HASH_LEN_FE: usize = 8;
/// `RAND_LENGTH_FIELD_ELEMENTS`: field elements of a signature's
/// randomness (both presets).
pub const RAND_LEN_FE: usize = 7;
/// `PARAMETER_LENGTH`: field elements of a public parameter (both presets).
pub const PARAMETER_LEN: usize = 5;

/// The test keys (`LEAN_ENV=test`, what leanSpec's fixture filler uses):
/// `LOG_LIFETIME` 8, `DIMENSION` 4, signatures of 424 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TestKeys;

impl XmssPreset for TestKeys {
    const NAME: &'static str = "test";
    type LogLifetime = U<8>;
    type Dimension = U<4>;
    type NodeListLimit = U<32>;
    type HashTreeLayersLimit = U<9>;
}

/// The production keys (`LEAN_ENV=prod`): `LOG_LIFETIME` 32, `DIMENSION`
/// 46, signatures of 2536 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProdKeys;

impl XmssPreset for ProdKeys {
    const NAME: &'static str = "prod";
    type LogLifetime = U<32>;
    type Dimension = U<46>;
    type NodeListLimit = U<131072>;
    type HashTreeLayersLimit = U<33>;
}
