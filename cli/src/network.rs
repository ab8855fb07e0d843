//! `--network mainnet|minimal|FILE.yaml`: a chain configuration, which
//! gives the preset (its `PRESET_BASE`) and, for the containers whose slot
//! lies at a fixed place (`--type BeaconState`, no fork), the fork of the
//! value's slot.

use std::cell::Cell;
use std::fs;

use beacon_types::config::{ChainConfig, PresetBase};
use beacon_types::versioned::ForkSchedule;
use beacon_types::ForkName;

use crate::args::PresetName;

/// A chain configuration and what the command line called it.
#[derive(Debug)]
pub(crate) struct Network {
    pub(crate) config: ChainConfig,
    /// `mainnet`, `minimal` or the file's path.
    pub(crate) name: String,
    /// Whether it is one of the built-in configurations.
    pub(crate) built_in: bool,
}

impl Network {
    /// Reads `--network`: a built-in configuration's name, or a file in
    /// the spec's `config.yaml` format.
    pub(crate) fn load(spec: &str) -> Result<Network, String> {
        let (config, built_in) = match spec {
            "mainnet" => (ChainConfig::mainnet(), true),
            "minimal" => (ChainConfig::minimal(), true),
            path => {
                let text = fs::read_to_string(path).map_err(|e| {
                    format!(
                        "--network {path}: {e} (expected mainnet, minimal or a config.yaml file)"
                    )
                })?;
                let config =
                    ChainConfig::from_yaml(&text).map_err(|e| format!("--network {path}: {e}"))?;
                (config, false)
            }
        };
        Ok(Network {
            config,
            name: spec.to_owned(),
            built_in,
        })
    }

    /// The configuration's `PRESET_BASE`.
    pub(crate) fn preset(&self) -> PresetName {
        match self.config.preset_base() {
            PresetBase::Mainnet => PresetName::Mainnet,
            PresetBase::Minimal => PresetName::Minimal,
        }
    }

    /// How to ask for `preset` instead: the built-in network of that name,
    /// or a configuration file that says so.
    pub(crate) fn preset_flag(&self, preset: PresetName) -> String {
        if self.built_in {
            format!("--network {}", preset.name())
        } else {
            format!("a configuration whose PRESET_BASE is {}", preset.name())
        }
    }
}

/// The preset of a command: `--preset`, else the network's `PRESET_BASE`,
/// else mainnet. A `--preset` the network contradicts is an error.
pub(crate) fn preset_of(
    preset: Option<PresetName>,
    network: Option<&Network>,
) -> Result<PresetName, String> {
    match (preset, network) {
        (Some(preset), Some(network)) if preset != network.preset() => Err(format!(
            "--preset {} contradicts --network {}, whose PRESET_BASE is {}",
            preset.name(),
            network.name,
            network.preset().name()
        )),
        (Some(preset), _) => Ok(preset),
        (None, Some(network)) => Ok(network.preset()),
        (None, None) => Ok(PresetName::Mainnet),
    }
}

/// A network's schedule that remembers the slot it was asked about: the
/// slot a fork-aware container read from its bytes.
pub(crate) struct Schedule<'a> {
    config: &'a ChainConfig,
    slot: Cell<Option<u64>>,
}

impl<'a> Schedule<'a> {
    pub(crate) fn new(config: &'a ChainConfig) -> Schedule<'a> {
        Schedule {
            config,
            slot: Cell::new(None),
        }
    }

    /// The last slot whose fork was asked for.
    pub(crate) fn slot(&self) -> Option<u64> {
        self.slot.get()
    }
}

impl ForkSchedule for Schedule<'_> {
    fn fork_at_slot(&self, slot: u64) -> ForkName {
        self.slot.set(Some(slot));
        ForkSchedule::fork_at_slot(self.config, slot)
    }

    fn max_blobs_per_block_at_slot(&self, slot: u64) -> u64 {
        self.config.max_blobs_per_block_at_slot(slot)
    }
}
