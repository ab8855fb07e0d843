//! `PRESET_BASE`: the preset a configuration extends.

use core::fmt;
use core::str::FromStr;

use peam_ssz_types::Length;

use super::error::{excerpt, ConfigErrorKind};
use crate::beacon::{Mainnet, Minimal, Preset};

/// The preset a configuration extends (`PRESET_BASE`): it fixes the SSZ
/// types and the preset values, such as the slots of an epoch.
///
/// ```
/// use peam_ssz_beacon::config::PresetBase;
///
/// assert_eq!("minimal".parse::<PresetBase>(), Ok(PresetBase::Minimal));
/// assert_eq!(PresetBase::Mainnet.slots_per_epoch(), 32);
/// assert_eq!(PresetBase::Minimal.slots_per_epoch(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PresetBase {
    /// The `mainnet` preset ([`Mainnet`]).
    Mainnet,
    /// The `minimal` preset ([`Minimal`]).
    Minimal,
}

impl PresetBase {
    /// The preset's name, as `PRESET_BASE` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            PresetBase::Mainnet => Mainnet::NAME,
            PresetBase::Minimal => Minimal::NAME,
        }
    }

    /// `SLOTS_PER_EPOCH` of the preset (32 mainnet, 8 minimal).
    pub const fn slots_per_epoch(self) -> u64 {
        match self {
            PresetBase::Mainnet => <<Mainnet as Preset>::SlotsPerEpoch as Length>::U64,
            PresetBase::Minimal => <<Minimal as Preset>::SlotsPerEpoch as Length>::U64,
        }
    }

    /// `MAX_BLOB_COMMITMENTS_PER_BLOCK` of the preset: the bound of a
    /// block's `blob_kzg_commitments`, so no configured maximum of blobs
    /// per block may exceed it.
    pub const fn max_blob_commitments_per_block(self) -> u64 {
        match self {
            PresetBase::Mainnet => <<Mainnet as Preset>::MaxBlobCommitmentsPerBlock as Length>::U64,
            PresetBase::Minimal => <<Minimal as Preset>::MaxBlobCommitmentsPerBlock as Length>::U64,
        }
    }
}

impl fmt::Display for PresetBase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PresetBase {
    type Err = ConfigErrorKind;

    /// Parses `mainnet` or `minimal` (exactly: `PRESET_BASE` is lower case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "mainnet" => Ok(PresetBase::Mainnet),
            "minimal" => Ok(PresetBase::Minimal),
            _ => Err(ConfigErrorKind::UnknownPresetBase(excerpt(s))),
        }
    }
}
