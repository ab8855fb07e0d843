//! [`ChainConfig`]: the type, the built-in configurations, the readers
//! and the keys kept as text.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::blobs::BlobParameters;
use super::error::{ConfigError, ConfigErrorKind};
use super::preset::PresetBase;
use super::yaml::{parse_document, parse_u64, RawValue};
use crate::fork::ForkName;

/// The configuration of a chain: which fork an epoch is in, the fork
/// versions, and the run-time maxima.
///
/// Built from the spec's `config.yaml` ([`ChainConfig::from_yaml`],
/// [`ChainConfig::from_file`]), or built in ([`ChainConfig::mainnet`],
/// [`ChainConfig::minimal`]). Fork epochs are non-decreasing in fork order,
/// and every maximum of blobs per block fits the preset's
/// `MAX_BLOB_COMMITMENTS_PER_BLOCK`: a value of this type always holds
/// both.
///
/// ```
/// use peam_ssz_beacon::config::ChainConfig;
/// use peam_ssz_beacon::ForkName;
///
/// let yaml = "\
/// PRESET_BASE: 'minimal'
/// CONFIG_NAME: 'devnet-1'
/// GENESIS_FORK_VERSION: 0x10000000
/// ALTAIR_FORK_VERSION: 0x10000001
/// ALTAIR_FORK_EPOCH: 0
/// BELLATRIX_FORK_VERSION: 0x10000002
/// BELLATRIX_FORK_EPOCH: 2
/// CAPELLA_FORK_VERSION: 0x10000003
/// DENEB_FORK_VERSION: 0x10000004
/// ELECTRA_FORK_VERSION: 0x10000005
/// FULU_FORK_VERSION: 0x10000006
/// GLOAS_FORK_VERSION: 0x10000007
/// HEZE_FORK_VERSION: 0x10000008
/// SLOT_DURATION_MS: 6000
/// MAX_BLOBS_PER_BLOCK: 6
/// MAX_BLOBS_PER_BLOCK_ELECTRA: 9
/// MAX_PAYLOAD_SIZE: 10485760
/// MAX_REQUEST_BLOCKS: 1024
/// MAX_REQUEST_BLOCKS_DENEB: 128
/// MAX_REQUEST_PAYLOADS: 128
/// MAX_REQUEST_INCLUSION_LIST: 16
/// MAX_BYTES_PER_INCLUSION_LIST: 8192
/// ATTESTATION_SUBNET_COUNT: 64
/// BLOB_SIDECAR_SUBNET_COUNT: 6
/// BLOB_SIDECAR_SUBNET_COUNT_ELECTRA: 9
/// DATA_COLUMN_SIDECAR_SUBNET_COUNT: 128
/// NUMBER_OF_CUSTODY_GROUPS: 128
/// DEPOSIT_CHAIN_ID: 1337  # a key of the client's own
/// ";
/// let config = ChainConfig::from_yaml(yaml)?;
/// assert_eq!(config.config_name(), Some("devnet-1"));
/// assert_eq!(config.fork_at_epoch(1), ForkName::Altair);
/// assert_eq!(config.fork_at_slot(16), ForkName::Bellatrix);
/// assert_eq!(config.fork_epoch(ForkName::Capella), None);
/// assert_eq!(config.fork_version(ForkName::Bellatrix), [0x10, 0, 0, 2]);
/// assert_eq!(config.get("DEPOSIT_CHAIN_ID"), Some("1337"));
/// assert_eq!(config.get_u64("DEPOSIT_CHAIN_ID")?, Some(1337));
/// # Ok::<(), peam_ssz_beacon::config::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainConfig {
    pub(super) preset_base: PresetBase,
    pub(super) config_name: Option<String>,
    /// Indexed by `ForkName as usize`.
    pub(super) fork_versions: [[u8; 4]; ForkName::ALL.len()],
    /// Indexed by `ForkName as usize`; `FAR_FUTURE_EPOCH` when not
    /// scheduled.
    pub(super) fork_epochs: [u64; ForkName::ALL.len()],
    pub(super) slot_duration_ms: u64,
    pub(super) max_blobs_per_block: u64,
    pub(super) max_blobs_per_block_electra: u64,
    /// Sorted by epoch, epochs distinct.
    pub(super) blob_schedule: Vec<BlobParameters>,
    pub(super) max_payload_size: u64,
    pub(super) max_request_blocks: u64,
    pub(super) max_request_blocks_deneb: u64,
    pub(super) max_request_payloads: u64,
    pub(super) max_request_inclusion_list: u64,
    pub(super) max_bytes_per_inclusion_list: u64,
    pub(super) attestation_subnet_count: u64,
    pub(super) blob_sidecar_subnet_count: u64,
    pub(super) blob_sidecar_subnet_count_electra: u64,
    pub(super) data_column_sidecar_subnet_count: u64,
    pub(super) number_of_custody_groups: u64,
    /// The keys not read into the fields above. Shared: the built-in
    /// configurations are cloned on each call.
    pub(super) other: Arc<BTreeMap<String, RawValue>>,
}

/// The text of consensus-specs v1.7.0-alpha.13 `configs/mainnet.yaml`,
/// which [`ChainConfig::mainnet`] reads: a start for a devnet's file.
pub const MAINNET_YAML: &str = include_str!("../../configs/mainnet.yaml");
/// The text of consensus-specs v1.7.0-alpha.13 `configs/minimal.yaml`,
/// which [`ChainConfig::minimal`] reads.
pub const MINIMAL_YAML: &str = include_str!("../../configs/minimal.yaml");

fn built_in(cell: &'static OnceLock<ChainConfig>, yaml: &str) -> ChainConfig {
    cell.get_or_init(|| match ChainConfig::from_yaml(yaml) {
        Ok(config) => config,
        // The files are the crate's own and the tests parse them: reaching
        // this is a bug of the crate, not of its input.
        Err(e) => unreachable!("a built-in configuration does not parse: {e}"),
    })
    .clone()
}

impl ChainConfig {
    /// The mainnet configuration of consensus-specs v1.7.0-alpha.13 (Fulu
    /// and its two blob-parameters-only forks scheduled; Gloas and Heze
    /// not). Parsed on the first call; later calls clone it (a few small
    /// allocations).
    ///
    /// ```
    /// use peam_ssz_beacon::config::{ChainConfig, PresetBase};
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let config = ChainConfig::mainnet();
    /// assert_eq!(config.preset_base(), PresetBase::Mainnet);
    /// assert_eq!(config.fork_at_epoch(411392), ForkName::Fulu);
    /// assert_eq!(config.fork_epoch(ForkName::Gloas), None);
    /// assert_eq!(config.fork_version(ForkName::Fulu), [6, 0, 0, 0]);
    /// ```
    pub fn mainnet() -> ChainConfig {
        static MAINNET: OnceLock<ChainConfig> = OnceLock::new();
        built_in(&MAINNET, MAINNET_YAML)
    }

    /// The minimal configuration of consensus-specs v1.7.0-alpha.13: every
    /// fork after phase0 unscheduled (tests schedule them with
    /// [`ChainConfig::set_fork_epoch`] or
    /// [`ChainConfig::set_forks_at_genesis`]), an empty blob schedule.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let config = ChainConfig::minimal();
    /// assert_eq!(config.slots_per_epoch(), 8);
    /// assert_eq!(config.fork_at_epoch(1_000_000), ForkName::Phase0);
    /// assert_eq!(config.fork_version(ForkName::Altair), [1, 0, 0, 1]);
    /// ```
    pub fn minimal() -> ChainConfig {
        static MINIMAL: OnceLock<ChainConfig> = OnceLock::new();
        built_in(&MINIMAL, MINIMAL_YAML)
    }

    /// Reads a configuration in the format of the spec's `config.yaml` (see
    /// [the module](crate::config) for the subset of YAML and the keys).
    pub fn from_yaml(yaml: &str) -> Result<ChainConfig, ConfigError> {
        let doc = parse_document(yaml)?;
        ChainConfig::from_document(doc)
    }

    /// Reads the file at `path` with [`ChainConfig::from_yaml`]. A file
    /// that cannot be read or is not UTF-8 is a [`ConfigError`] too.
    pub fn from_file(path: impl AsRef<Path>) -> Result<ChainConfig, ConfigError> {
        let bytes = std::fs::read(path)
            .map_err(|e| ConfigError::new(None, None, ConfigErrorKind::Io(e.to_string())))?;
        let text = match core::str::from_utf8(&bytes) {
            Ok(text) => text,
            Err(e) => {
                let line = 1 + bytes[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                return Err(ConfigError::new(Some(line), None, ConfigErrorKind::NotUtf8));
            }
        };
        ChainConfig::from_yaml(text)
    }

    /// `PRESET_BASE`: the preset the configuration extends.
    pub fn preset_base(&self) -> PresetBase {
        self.preset_base
    }

    /// `CONFIG_NAME`, the network's short name, if the file gives one.
    pub fn config_name(&self) -> Option<&str> {
        self.config_name.as_deref()
    }

    /// `SLOTS_PER_EPOCH` of the preset (32 mainnet, 8 minimal).
    pub fn slots_per_epoch(&self) -> u64 {
        self.preset_base.slots_per_epoch()
    }

    /// `SLOT_DURATION_MS`, or `SECONDS_PER_SLOT` in milliseconds in a file
    /// of an earlier spec that has only that.
    pub fn slot_duration_ms(&self) -> u64 {
        self.slot_duration_ms
    }

    /// The text of a key this type does not read into a typed value (see
    /// [the module](crate::config) for those): the value with its comment, the
    /// spaces around it and its quotes removed. `None` for a key the file
    /// does not have and for the typed keys, which their accessors read.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.other.get(key).map(|v| v.text.as_str())
    }

    /// [`ChainConfig::get`] read as a decimal `u64`: `Ok(None)` when the key
    /// is absent, an error that names the key and its line when it is not
    /// an integer.
    pub fn get_u64(&self, key: &str) -> Result<Option<u64>, ConfigError> {
        self.other.get(key).map(|v| parse_u64(key, v)).transpose()
    }

    /// The keys that [`ChainConfig::get`] reads, with their text, in the
    /// order of the keys.
    pub fn other_keys(&self) -> impl Iterator<Item = (&str, &str)> {
        self.other
            .iter()
            .map(|(k, v)| (k.as_str(), v.text.as_str()))
    }
}
