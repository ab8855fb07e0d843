//! The run-time configuration of a chain: the spec's `config.yaml`, read
//! into [`ChainConfig`].
//!
//! A preset (`mainnet`, `minimal`) fixes the SSZ types; a configuration
//! picks the chain: its fork versions and epochs, its slot duration, and the
//! maxima a client checks at run time (blobs per block at an epoch, blocks
//! per request, the size of a p2p payload). [`ChainConfig::mainnet`] and
//! [`ChainConfig::minimal`] are the configurations of consensus-specs
//! v1.7.0-alpha.13 (`configs/mainnet.yaml`, `configs/minimal.yaml`);
//! [`ChainConfig::from_yaml`] reads any other network's file.
//!
//! ```
//! use peam_ssz_beacon::config::ChainConfig;
//! use peam_ssz_beacon::ForkName;
//!
//! let mainnet = ChainConfig::mainnet();
//! assert_eq!(mainnet.fork_epoch(ForkName::Electra), Some(364032));
//! assert_eq!(mainnet.fork_at_slot(364032 * 32), ForkName::Electra);
//! assert_eq!(mainnet.fork_at_slot(364032 * 32 - 1), ForkName::Deneb);
//! // The second blob-parameters-only fork of Fulu.
//! assert_eq!(mainnet.max_blobs_per_block_at_epoch(419072), 21);
//! ```
//!
//! # The file format
//!
//! The reader takes the subset of YAML that the spec's configuration files
//! use, and nothing else: `KEY: value` lines at the start of the line,
//! comments (`# ...`, on their own line or after a value), blank lines,
//! values that are decimal integers, `0x` hex strings or quoted strings
//! (`'mainnet'`, `"mainnet"`), and one nested value, `BLOB_SCHEDULE`: either
//! `[]` or a block list of maps, whose keys other than `EPOCH` and
//! `MAX_BLOBS_PER_BLOCK` are ignored.
//!
//! ```yaml
//! BLOB_SCHEDULE:
//!   - EPOCH: 412672
//!     MAX_BLOBS_PER_BLOCK: 15
//! ```
//!
//! The input is untrusted: anything else is a [`ConfigError`] that names
//! the line and the key, never a panic.
//!
//! # Keys
//!
//! The keys below are read into typed values, and a file without one of
//! them is refused ([`ConfigErrorKind::MissingKey`]), except where noted.
//! Every other key is kept as text: [`ChainConfig::get`] and
//! [`ChainConfig::get_u64`] read it (a client's own keys, or values this
//! type does not interpret, such as `TERMINAL_TOTAL_DIFFICULTY`).
//!
//! | key | accessor |
//! |---|---|
//! | `PRESET_BASE` (`mainnet` or `minimal`) | [`ChainConfig::preset_base`] |
//! | `CONFIG_NAME` (optional) | [`ChainConfig::config_name`] |
//! | `GENESIS_FORK_VERSION`, `<FORK>_FORK_VERSION` (every fork's, scheduled or not) | [`ChainConfig::fork_version`] |
//! | `<FORK>_FORK_EPOCH` (optional: absent is not scheduled) | [`ChainConfig::fork_epoch`] |
//! | `SLOT_DURATION_MS` or `SECONDS_PER_SLOT` (both: they must agree) | [`ChainConfig::slot_duration_ms`] |
//! | `MAX_BLOBS_PER_BLOCK`, `MAX_BLOBS_PER_BLOCK_ELECTRA`, `BLOB_SCHEDULE` (optional: absent is empty) | [`ChainConfig::max_blobs_per_block_at_epoch`], [`ChainConfig::blob_schedule`] |
//! | `MAX_PAYLOAD_SIZE` | [`ChainConfig::max_payload_size`] |
//! | `MAX_REQUEST_BLOCKS`, `MAX_REQUEST_BLOCKS_DENEB` | [`ChainConfig::max_request_blocks`], [`ChainConfig::max_request_blocks_deneb`] |
//! | `MAX_REQUEST_PAYLOADS` | [`ChainConfig::max_request_payloads`] |
//! | `MAX_REQUEST_INCLUSION_LIST`, `MAX_BYTES_PER_INCLUSION_LIST` | [`ChainConfig::max_request_inclusion_list`], [`ChainConfig::max_bytes_per_inclusion_list`] |
//! | `ATTESTATION_SUBNET_COUNT`, `BLOB_SIDECAR_SUBNET_COUNT`, `BLOB_SIDECAR_SUBNET_COUNT_ELECTRA`, `DATA_COLUMN_SIDECAR_SUBNET_COUNT`, `NUMBER_OF_CUSTODY_GROUPS` | accessors of the same name in lower case |

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use peam_ssz_types::sha256::sha256;
use peam_ssz_types::Length;

use crate::beacon::{Mainnet, Minimal, Preset};
use crate::fork::ForkName;
use crate::versioned::ForkSchedule;

/// The epoch of a fork that is not scheduled: `2**64 - 1`, the spec's
/// `FAR_FUTURE_EPOCH`, which the configuration files write for it.
pub const FAR_FUTURE_EPOCH: u64 = u64::MAX;

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

/// The blob parameters from an epoch on: an entry of `BLOB_SCHEDULE`, and
/// what the spec's `get_blob_parameters` (Fulu) returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlobParameters {
    /// The first epoch of these parameters.
    pub epoch: u64,
    /// The most blobs a block may commit to.
    pub max_blobs_per_block: u64,
}

/// What is wrong with a configuration (the [`ConfigError`] adds where).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    /// The text is outside the YAML subset of the configuration files; the
    /// string says what was expected.
    Syntax(&'static str),
    /// A key given twice.
    DuplicateKey,
    /// A key the configuration must have.
    MissingKey,
    /// Not a decimal integer that fits a `u64`. The strings of the errors
    /// are the values, cut at 64 characters.
    NotAnInteger(String),
    /// Not a `0x`-prefixed string of hex digit pairs.
    NotHex(String),
    /// Hex of the wrong length.
    WrongByteLength {
        /// The bytes the key holds.
        expected: usize,
        /// The bytes the value has.
        found: usize,
    },
    /// `PRESET_BASE` is neither `mainnet` nor `minimal`.
    UnknownPresetBase(String),
    /// `CONFIG_NAME` is empty or has a character outside `[a-z0-9-]`.
    BadConfigName(String),
    /// A fork scheduled before the fork that precedes it.
    ForkOrder {
        /// The fork whose epoch breaks the order.
        fork: ForkName,
        /// Its epoch.
        epoch: u64,
        /// The fork before it that comes later.
        earlier_fork: ForkName,
        /// That fork's epoch.
        earlier_epoch: u64,
    },
    /// Phase0 is at epoch 0, always.
    Phase0Epoch(u64),
    /// `SECONDS_PER_SLOT` and `SLOT_DURATION_MS` disagree.
    SlotDurationMismatch {
        /// `SECONDS_PER_SLOT`.
        seconds_per_slot: u64,
        /// `SLOT_DURATION_MS`.
        slot_duration_ms: u64,
    },
    /// `SECONDS_PER_SLOT` is more than `2**64 - 1` milliseconds.
    SlotDurationOverflow(u64),
    /// Two `BLOB_SCHEDULE` entries with the same epoch.
    DuplicateBlobScheduleEpoch(u64),
    /// A maximum of blobs per block above the preset's
    /// `MAX_BLOB_COMMITMENTS_PER_BLOCK`, which no block can hold.
    TooManyBlobs {
        /// The configured maximum.
        max_blobs_per_block: u64,
        /// The preset's bound.
        bound: u64,
    },
    /// The file is not UTF-8.
    NotUtf8,
    /// The file could not be read.
    Io(String),
}

impl fmt::Display for ConfigErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigErrorKind::Syntax(expected) => write!(f, "expected {expected}"),
            ConfigErrorKind::DuplicateKey => f.write_str("key given twice"),
            ConfigErrorKind::MissingKey => f.write_str("missing"),
            ConfigErrorKind::NotAnInteger(v) => {
                write!(f, "`{v}` is not a decimal integer of at most 2**64 - 1")
            }
            ConfigErrorKind::NotHex(v) => write!(f, "`{v}` is not `0x` and pairs of hex digits"),
            ConfigErrorKind::WrongByteLength { expected, found } => {
                write!(f, "{found} bytes where {expected} are expected")
            }
            ConfigErrorKind::UnknownPresetBase(v) => {
                write!(f, "unknown preset `{v}` (mainnet or minimal)")
            }
            ConfigErrorKind::BadConfigName(v) => {
                write!(f, "`{v}` is not a non-empty name of [a-z0-9-]")
            }
            ConfigErrorKind::ForkOrder {
                fork,
                epoch,
                earlier_fork,
                earlier_epoch,
            } => write!(
                f,
                "{fork} at epoch {epoch} comes before {earlier_fork} at epoch {earlier_epoch}"
            ),
            ConfigErrorKind::Phase0Epoch(epoch) => {
                write!(f, "phase0 is at epoch 0, not {epoch}")
            }
            ConfigErrorKind::SlotDurationMismatch {
                seconds_per_slot,
                slot_duration_ms,
            } => write!(
                f,
                "SECONDS_PER_SLOT {seconds_per_slot} disagrees with SLOT_DURATION_MS {slot_duration_ms}"
            ),
            ConfigErrorKind::SlotDurationOverflow(s) => {
                write!(f, "{s} seconds is more than 2**64 - 1 milliseconds")
            }
            ConfigErrorKind::DuplicateBlobScheduleEpoch(epoch) => {
                write!(f, "two entries at epoch {epoch}")
            }
            ConfigErrorKind::TooManyBlobs {
                max_blobs_per_block,
                bound,
            } => write!(
                f,
                "{max_blobs_per_block} blobs per block is above the preset's \
                 MAX_BLOB_COMMITMENTS_PER_BLOCK ({bound})"
            ),
            ConfigErrorKind::NotUtf8 => f.write_str("not UTF-8"),
            ConfigErrorKind::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

/// An invalid configuration: what is wrong ([`ConfigError::kind`]), on
/// which line and for which key, when known.
///
/// ```
/// use peam_ssz_beacon::config::{ChainConfig, ConfigErrorKind};
///
/// let err = ChainConfig::from_yaml("PRESET_BASE: 'mainnet'\nALTAIR_FORK_EPOCH: 12x\n")
///     .unwrap_err();
/// assert_eq!(err.line(), Some(2));
/// assert_eq!(err.key(), Some("ALTAIR_FORK_EPOCH"));
/// assert_eq!(err.kind(), &ConfigErrorKind::NotAnInteger("12x".into()));
/// assert_eq!(
///     err.to_string(),
///     "line 2: ALTAIR_FORK_EPOCH: `12x` is not a decimal integer of at most 2**64 - 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    line: Option<usize>,
    key: Option<String>,
    kind: ConfigErrorKind,
}

impl ConfigError {
    fn new(line: Option<usize>, key: Option<&str>, kind: ConfigErrorKind) -> Self {
        ConfigError {
            line,
            key: key.map(excerpt),
            kind,
        }
    }

    fn at(line: usize, key: &str, kind: ConfigErrorKind) -> Self {
        Self::new(Some(line), Some(key), kind)
    }

    fn syntax(line: usize, expected: &'static str) -> Self {
        Self::new(Some(line), None, ConfigErrorKind::Syntax(expected))
    }

    /// The line of the file (from 1), when the error is on one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The key, when the error is about one.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// What is wrong.
    pub fn kind(&self) -> &ConfigErrorKind {
        &self.kind
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for ConfigError {}

/// A value of the file: its text (comment and quotes removed) and its line.
#[derive(Clone, Debug)]
struct RawValue {
    line: usize,
    text: String,
}

/// The text is the value; the line only says where it was, so that two
/// files that differ in comments and layout make equal configurations.
impl PartialEq for RawValue {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for RawValue {}

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
    preset_base: PresetBase,
    config_name: Option<String>,
    /// Indexed by `ForkName as usize`.
    fork_versions: [[u8; 4]; ForkName::ALL.len()],
    /// Indexed by `ForkName as usize`; `FAR_FUTURE_EPOCH` when not
    /// scheduled.
    fork_epochs: [u64; ForkName::ALL.len()],
    slot_duration_ms: u64,
    max_blobs_per_block: u64,
    max_blobs_per_block_electra: u64,
    /// Sorted by epoch, epochs distinct.
    blob_schedule: Vec<BlobParameters>,
    max_payload_size: u64,
    max_request_blocks: u64,
    max_request_blocks_deneb: u64,
    max_request_payloads: u64,
    max_request_inclusion_list: u64,
    max_bytes_per_inclusion_list: u64,
    attestation_subnet_count: u64,
    blob_sidecar_subnet_count: u64,
    blob_sidecar_subnet_count_electra: u64,
    data_column_sidecar_subnet_count: u64,
    number_of_custody_groups: u64,
    /// The keys not read into the fields above. Shared: the built-in
    /// configurations are cloned on each call.
    other: Arc<BTreeMap<String, RawValue>>,
}

/// The text of consensus-specs v1.7.0-alpha.13 `configs/mainnet.yaml`,
/// which [`ChainConfig::mainnet`] reads: a start for a devnet's file.
pub const MAINNET_YAML: &str = include_str!("../configs/mainnet.yaml");
/// The text of consensus-specs v1.7.0-alpha.13 `configs/minimal.yaml`,
/// which [`ChainConfig::minimal`] reads.
pub const MINIMAL_YAML: &str = include_str!("../configs/minimal.yaml");

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
    /// [the module](self) for the subset of YAML and the keys).
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

    fn from_document(doc: Document) -> Result<ChainConfig, ConfigError> {
        let Document {
            mut values,
            blob_schedule,
        } = doc;
        check_values(&values)?;
        let mut take = |key: &str| values.remove(key);

        let preset_base = match take("PRESET_BASE") {
            Some(v) => v
                .text
                .parse::<PresetBase>()
                .map_err(|kind| ConfigError::at(v.line, "PRESET_BASE", kind))?,
            None => return Err(missing("PRESET_BASE")),
        };

        let config_name = match take("CONFIG_NAME") {
            Some(v) => Some(parse_config_name(&v)?),
            None => None,
        };

        let mut fork_versions = [[0u8; 4]; ForkName::ALL.len()];
        let mut fork_epochs = [FAR_FUTURE_EPOCH; ForkName::ALL.len()];
        // The line of each fork's epoch, for the order error.
        let mut epoch_lines = [None; ForkName::ALL.len()];
        for fork in ForkName::ALL {
            let i = fork as usize;
            let version_key = version_key(fork);
            fork_versions[i] = match take(&version_key) {
                Some(v) => parse_bytes4(&version_key, &v)?,
                None => return Err(missing(&version_key)),
            };
            if fork == ForkName::Phase0 {
                fork_epochs[i] = 0;
                continue;
            }
            let epoch_key = epoch_key(fork);
            if let Some(v) = take(&epoch_key) {
                fork_epochs[i] = parse_u64(&epoch_key, &v)?;
                epoch_lines[i] = Some(v.line);
            }
        }
        if let Err((fork, kind)) = check_fork_order(&fork_epochs) {
            return Err(ConfigError::new(
                epoch_lines[fork as usize],
                Some(&epoch_key(fork)),
                kind,
            ));
        }

        let seconds_per_slot = take("SECONDS_PER_SLOT")
            .map(|v| parse_u64("SECONDS_PER_SLOT", &v).map(|s| (s, v.line)))
            .transpose()?;
        let slot_duration = take("SLOT_DURATION_MS")
            .map(|v| parse_u64("SLOT_DURATION_MS", &v).map(|ms| (ms, v.line)))
            .transpose()?;
        let slot_duration_ms = match (seconds_per_slot, slot_duration) {
            (Some((s, line)), None) => match s.checked_mul(1000) {
                Some(ms) => ms,
                None => {
                    return Err(ConfigError::at(
                        line,
                        "SECONDS_PER_SLOT",
                        ConfigErrorKind::SlotDurationOverflow(s),
                    ))
                }
            },
            (None, Some((ms, _))) => ms,
            (Some((s, _)), Some((ms, line))) => {
                if s.checked_mul(1000) != Some(ms) {
                    return Err(ConfigError::at(
                        line,
                        "SLOT_DURATION_MS",
                        ConfigErrorKind::SlotDurationMismatch {
                            seconds_per_slot: s,
                            slot_duration_ms: ms,
                        },
                    ));
                }
                ms
            }
            (None, None) => return Err(missing("SLOT_DURATION_MS")),
        };

        let mut required = |key: &'static str| -> Result<(u64, usize), ConfigError> {
            match take(key) {
                Some(v) => Ok((parse_u64(key, &v)?, v.line)),
                None => Err(missing(key)),
            }
        };
        let bound = preset_base.max_blob_commitments_per_block();
        let blobs_within = |key: &'static str, (max, line): (u64, usize)| {
            if max > bound {
                Err(ConfigError::at(
                    line,
                    key,
                    ConfigErrorKind::TooManyBlobs {
                        max_blobs_per_block: max,
                        bound,
                    },
                ))
            } else {
                Ok(max)
            }
        };
        let max_blobs_per_block =
            blobs_within("MAX_BLOBS_PER_BLOCK", required("MAX_BLOBS_PER_BLOCK")?)?;
        let max_blobs_per_block_electra = blobs_within(
            "MAX_BLOBS_PER_BLOCK_ELECTRA",
            required("MAX_BLOBS_PER_BLOCK_ELECTRA")?,
        )?;
        let mut required_u64 = |key: &'static str| required(key).map(|(v, _)| v);
        let max_payload_size = required_u64("MAX_PAYLOAD_SIZE")?;
        let max_request_blocks = required_u64("MAX_REQUEST_BLOCKS")?;
        let max_request_blocks_deneb = required_u64("MAX_REQUEST_BLOCKS_DENEB")?;
        let max_request_payloads = required_u64("MAX_REQUEST_PAYLOADS")?;
        let max_request_inclusion_list = required_u64("MAX_REQUEST_INCLUSION_LIST")?;
        let max_bytes_per_inclusion_list = required_u64("MAX_BYTES_PER_INCLUSION_LIST")?;
        let attestation_subnet_count = required_u64("ATTESTATION_SUBNET_COUNT")?;
        let blob_sidecar_subnet_count = required_u64("BLOB_SIDECAR_SUBNET_COUNT")?;
        let blob_sidecar_subnet_count_electra = required_u64("BLOB_SIDECAR_SUBNET_COUNT_ELECTRA")?;
        let data_column_sidecar_subnet_count = required_u64("DATA_COLUMN_SIDECAR_SUBNET_COUNT")?;
        let number_of_custody_groups = required_u64("NUMBER_OF_CUSTODY_GROUPS")?;

        let blob_schedule = checked_schedule(
            preset_base,
            blob_schedule
                .unwrap_or_default()
                .into_iter()
                .map(|(line, entry)| (Some(line), entry))
                .collect(),
        )?;

        Ok(ChainConfig {
            preset_base,
            config_name,
            fork_versions,
            fork_epochs,
            slot_duration_ms,
            max_blobs_per_block,
            max_blobs_per_block_electra,
            blob_schedule,
            max_payload_size,
            max_request_blocks,
            max_request_blocks_deneb,
            max_request_payloads,
            max_request_inclusion_list,
            max_bytes_per_inclusion_list,
            attestation_subnet_count,
            blob_sidecar_subnet_count,
            blob_sidecar_subnet_count_electra,
            data_column_sidecar_subnet_count,
            number_of_custody_groups,
            other: Arc::new(values),
        })
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

    /// The epoch of `fork`, or `None` when it is not scheduled (the file
    /// gives `2**64 - 1` or no `<FORK>_FORK_EPOCH`). Phase0 is at 0.
    pub fn fork_epoch(&self, fork: ForkName) -> Option<u64> {
        match self.fork_epochs[fork as usize] {
            FAR_FUTURE_EPOCH => None,
            epoch => Some(epoch),
        }
    }

    /// The fork version of `fork` (`GENESIS_FORK_VERSION` for phase0).
    pub fn fork_version(&self, fork: ForkName) -> [u8; 4] {
        self.fork_versions[fork as usize]
    }

    /// The fork of `epoch`: the last fork whose epoch is at most `epoch`,
    /// the fork of the spec's `compute_fork_version`. As there, a fork at
    /// `FAR_FUTURE_EPOCH` is the fork of that one epoch.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.fork_at_epoch(0), ForkName::Phase0);
    /// assert_eq!(mainnet.fork_at_epoch(74239), ForkName::Phase0);
    /// assert_eq!(mainnet.fork_at_epoch(74240), ForkName::Altair);
    /// ```
    pub fn fork_at_epoch(&self, epoch: u64) -> ForkName {
        ForkName::ALL
            .into_iter()
            .rev()
            .find(|&fork| self.fork_epochs[fork as usize] <= epoch)
            .unwrap_or(ForkName::Phase0)
    }

    /// The fork of the epoch of `slot`.
    pub fn fork_at_slot(&self, slot: u64) -> ForkName {
        self.fork_at_epoch(self.epoch_at_slot(slot))
    }

    /// The epoch of `slot` (the spec's `compute_epoch_at_slot`).
    pub fn epoch_at_slot(&self, slot: u64) -> u64 {
        slot / self.slots_per_epoch()
    }

    /// The first slot of `epoch` (the spec's `compute_start_slot_at_epoch`),
    /// or `None` when it does not fit a `u64`.
    pub fn start_slot_at_epoch(&self, epoch: u64) -> Option<u64> {
        epoch.checked_mul(self.slots_per_epoch())
    }

    /// The fork version of `epoch` (the spec's `compute_fork_version`).
    pub fn fork_version_at_epoch(&self, epoch: u64) -> [u8; 4] {
        self.fork_version(self.fork_at_epoch(epoch))
    }

    /// Schedules `fork` at `epoch`, or unschedules it (`None`), keeping the
    /// fork epochs in order: an epoch before an earlier fork's or after a
    /// later fork's is refused, and so is any epoch but 0 for phase0. The
    /// configuration is unchanged on error.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_fork_epoch(ForkName::Altair, Some(2))?;
    /// assert_eq!(config.fork_at_epoch(2), ForkName::Altair);
    /// // Bellatrix before Altair: refused.
    /// assert!(config.set_fork_epoch(ForkName::Bellatrix, Some(1)).is_err());
    /// assert_eq!(config.fork_epoch(ForkName::Bellatrix), None);
    /// # Ok::<(), peam_ssz_beacon::config::ConfigError>(())
    /// ```
    pub fn set_fork_epoch(
        &mut self,
        fork: ForkName,
        epoch: Option<u64>,
    ) -> Result<(), ConfigError> {
        let epoch = epoch.unwrap_or(FAR_FUTURE_EPOCH);
        if fork == ForkName::Phase0 && epoch != 0 {
            return Err(ConfigError::new(
                None,
                None,
                ConfigErrorKind::Phase0Epoch(epoch),
            ));
        }
        let mut epochs = self.fork_epochs;
        epochs[fork as usize] = epoch;
        check_fork_order(&epochs)
            .map_err(|(fork, kind)| ConfigError::new(None, Some(&epoch_key(fork)), kind))?;
        self.fork_epochs = epochs;
        Ok(())
    }

    /// Schedules every fork up to `last` at genesis (epoch 0) and
    /// unschedules the forks after it: a chain that starts in `last`, as
    /// the spec's tests of one fork run.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_forks_at_genesis(ForkName::Fulu);
    /// assert_eq!(config.fork_at_epoch(0), ForkName::Fulu);
    /// assert_eq!(config.fork_epoch(ForkName::Gloas), None);
    /// ```
    pub fn set_forks_at_genesis(&mut self, last: ForkName) {
        for fork in ForkName::ALL {
            self.fork_epochs[fork as usize] = if fork <= last { 0 } else { FAR_FUTURE_EPOCH };
        }
    }

    /// Replaces `BLOB_SCHEDULE` with `schedule` (in any order), checked as
    /// a file's is: entries at distinct epochs, maxima within the preset's
    /// `MAX_BLOB_COMMITMENTS_PER_BLOCK`. The configuration is unchanged on
    /// error.
    ///
    /// ```
    /// use peam_ssz_beacon::config::{BlobParameters, ChainConfig};
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_forks_at_genesis(ForkName::Fulu);
    /// config.set_blob_schedule([BlobParameters { epoch: 2, max_blobs_per_block: 12 }])?;
    /// assert_eq!(config.max_blobs_per_block_at_epoch(1), 9);
    /// assert_eq!(config.max_blobs_per_block_at_epoch(2), 12);
    /// # Ok::<(), peam_ssz_beacon::config::ConfigError>(())
    /// ```
    pub fn set_blob_schedule(
        &mut self,
        schedule: impl IntoIterator<Item = BlobParameters>,
    ) -> Result<(), ConfigError> {
        let schedule = schedule.into_iter().map(|entry| (None, entry)).collect();
        self.blob_schedule = checked_schedule(self.preset_base, schedule)?;
        Ok(())
    }

    /// The spec's `compute_fork_digest(genesis_validators_root, epoch)`
    /// (Fulu): the first 4 bytes of [`fork_data_root`] of the fork version
    /// of `epoch`, and from Fulu on those bytes XORed with the hash of the
    /// epoch's blob parameters, so that each blob-parameters-only fork has
    /// its own digest. The digest of gossip topics and of the ENR's
    /// `eth2` field.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    ///
    /// let gvr: [u8; 32] = [
    ///     0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd,
    ///     0x4e, 0x54, 0xbf, 0xe9, 0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b,
    ///     0xfe, 0x95,
    /// ];
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.fork_digest(269568, &gvr), [0x6a, 0x95, 0xa1, 0xa9]); // deneb
    /// assert_eq!(mainnet.fork_digest(364032, &gvr), [0xad, 0x53, 0x2c, 0xeb]); // electra
    /// ```
    pub fn fork_digest(&self, epoch: u64, genesis_validators_root: &[u8; 32]) -> [u8; 4] {
        let base = fork_data_root(self.fork_version_at_epoch(epoch), genesis_validators_root);
        let mut digest = [base[0], base[1], base[2], base[3]];
        if epoch < self.fork_epochs[ForkName::Fulu as usize] {
            return digest;
        }
        let blob_parameters = self.blob_parameters(epoch);
        let mut message = [0u8; 16];
        message[..8].copy_from_slice(&blob_parameters.epoch.to_le_bytes());
        message[8..].copy_from_slice(&blob_parameters.max_blobs_per_block.to_le_bytes());
        let mask = sha256(&message);
        for (d, m) in digest.iter_mut().zip(mask) {
            *d ^= m;
        }
        digest
    }

    /// `MAX_BLOBS_PER_BLOCK` (Deneb).
    pub fn max_blobs_per_block(&self) -> u64 {
        self.max_blobs_per_block
    }

    /// `MAX_BLOBS_PER_BLOCK_ELECTRA`.
    pub fn max_blobs_per_block_electra(&self) -> u64 {
        self.max_blobs_per_block_electra
    }

    /// `BLOB_SCHEDULE`, sorted by epoch (the file may list it in any order;
    /// two entries at one epoch are refused).
    pub fn blob_schedule(&self) -> &[BlobParameters] {
        &self.blob_schedule
    }

    /// The spec's `get_blob_parameters(epoch)` (Fulu): the entry of the
    /// blob schedule with the highest epoch at most `epoch`, or, when there
    /// is none, Electra's epoch and `MAX_BLOBS_PER_BLOCK_ELECTRA`. It looks
    /// at the schedule only; [`ChainConfig::max_blobs_per_block_at_epoch`]
    /// asks it from Fulu on.
    pub fn blob_parameters(&self, epoch: u64) -> BlobParameters {
        let after = self.blob_schedule.partition_point(|e| e.epoch <= epoch);
        match after.checked_sub(1) {
            Some(i) => self.blob_schedule[i],
            None => BlobParameters {
                epoch: self.fork_epochs[ForkName::Electra as usize],
                max_blobs_per_block: self.max_blobs_per_block_electra,
            },
        }
    }

    /// The most blobs a block of `epoch` may commit to: 0 before Deneb,
    /// `MAX_BLOBS_PER_BLOCK` in Deneb, `MAX_BLOBS_PER_BLOCK_ELECTRA` in
    /// Electra, and from Fulu on the spec's
    /// `get_blob_parameters(epoch).max_blobs_per_block` (the blob
    /// schedule; Gloas and Heze keep the rule).
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    ///
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(269567), 0); // capella
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(269568), 6); // deneb
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(364032), 9); // electra
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(411392), 9); // fulu
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(412672), 15); // BPO 1
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(419072), 21); // BPO 2
    /// ```
    pub fn max_blobs_per_block_at_epoch(&self, epoch: u64) -> u64 {
        match self.fork_at_epoch(epoch) {
            ForkName::Phase0 | ForkName::Altair | ForkName::Bellatrix | ForkName::Capella => 0,
            ForkName::Deneb => self.max_blobs_per_block,
            ForkName::Electra => self.max_blobs_per_block_electra,
            ForkName::Fulu | ForkName::Gloas | ForkName::Heze => {
                self.blob_parameters(epoch).max_blobs_per_block
            }
        }
    }

    /// `MAX_PAYLOAD_SIZE`: the most bytes of an uncompressed gossip message
    /// or req/resp chunk.
    pub fn max_payload_size(&self) -> u64 {
        self.max_payload_size
    }

    /// The spec's `max_compressed_len(MAX_PAYLOAD_SIZE)` (phase0 p2p): the
    /// most bytes snappy may compress `MAX_PAYLOAD_SIZE` to, `32 + n +
    /// n / 6`, saturated at `u64::MAX`.
    pub fn max_compressed_payload_size(&self) -> u64 {
        let n = self.max_payload_size;
        n.saturating_add(32).saturating_add(n / 6)
    }

    /// The spec's `max_message_size()` (phase0 p2p): the compressed bound
    /// plus 1024 bytes of framing, at least 1 MiB.
    pub fn max_message_size(&self) -> u64 {
        self.max_compressed_payload_size()
            .saturating_add(1024)
            .max(1024 * 1024)
    }

    /// `MAX_REQUEST_BLOCKS`: the most blocks of a request, before Deneb.
    pub fn max_request_blocks(&self) -> u64 {
        self.max_request_blocks
    }

    /// `MAX_REQUEST_BLOCKS_DENEB`: the most blocks of a request from Deneb
    /// on.
    pub fn max_request_blocks_deneb(&self) -> u64 {
        self.max_request_blocks_deneb
    }

    /// The most blocks of a request in `fork`: `MAX_REQUEST_BLOCKS` before
    /// Deneb, `MAX_REQUEST_BLOCKS_DENEB` from it on.
    pub fn max_request_blocks_in(&self, fork: ForkName) -> u64 {
        if fork >= ForkName::Deneb {
            self.max_request_blocks_deneb
        } else {
            self.max_request_blocks
        }
    }

    /// The spec's `compute_max_request_blob_sidecars()` in `fork`:
    /// `MAX_REQUEST_BLOCKS_DENEB` times `MAX_BLOBS_PER_BLOCK` in Deneb,
    /// times `MAX_BLOBS_PER_BLOCK_ELECTRA` from Electra on (saturated);
    /// 0 before Deneb, which has no blob sidecars.
    pub fn max_request_blob_sidecars(&self, fork: ForkName) -> u64 {
        let per_block = match fork {
            ForkName::Phase0 | ForkName::Altair | ForkName::Bellatrix | ForkName::Capella => 0,
            ForkName::Deneb => self.max_blobs_per_block,
            _ => self.max_blobs_per_block_electra,
        };
        self.max_request_blocks_deneb.saturating_mul(per_block)
    }

    /// `MAX_REQUEST_PAYLOADS` (Gloas): the most execution payload envelopes
    /// of a request.
    pub fn max_request_payloads(&self) -> u64 {
        self.max_request_payloads
    }

    /// `MAX_REQUEST_INCLUSION_LIST` (Heze): the most inclusion lists of a
    /// request.
    pub fn max_request_inclusion_list(&self) -> u64 {
        self.max_request_inclusion_list
    }

    /// `MAX_BYTES_PER_INCLUSION_LIST` (Heze): the most bytes of an
    /// inclusion list's transactions.
    pub fn max_bytes_per_inclusion_list(&self) -> u64 {
        self.max_bytes_per_inclusion_list
    }

    /// `ATTESTATION_SUBNET_COUNT`: attestation subnet ids are below it.
    pub fn attestation_subnet_count(&self) -> u64 {
        self.attestation_subnet_count
    }

    /// `BLOB_SIDECAR_SUBNET_COUNT` (Deneb): blob sidecar subnet ids are
    /// below it.
    pub fn blob_sidecar_subnet_count(&self) -> u64 {
        self.blob_sidecar_subnet_count
    }

    /// `BLOB_SIDECAR_SUBNET_COUNT_ELECTRA`.
    pub fn blob_sidecar_subnet_count_electra(&self) -> u64 {
        self.blob_sidecar_subnet_count_electra
    }

    /// `DATA_COLUMN_SIDECAR_SUBNET_COUNT` (Fulu): data column subnet ids
    /// are below it.
    pub fn data_column_sidecar_subnet_count(&self) -> u64 {
        self.data_column_sidecar_subnet_count
    }

    /// `NUMBER_OF_CUSTODY_GROUPS` (Fulu): a node's custody group count is
    /// at most it.
    pub fn number_of_custody_groups(&self) -> u64 {
        self.number_of_custody_groups
    }

    /// The text of a key this type does not read into a typed value (see
    /// [the module](self) for those): the value with its comment, the
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

/// The keys read as a `u64`, besides the fork epochs.
const U64_KEYS: [&str; 15] = [
    "SECONDS_PER_SLOT",
    "SLOT_DURATION_MS",
    "MAX_BLOBS_PER_BLOCK",
    "MAX_BLOBS_PER_BLOCK_ELECTRA",
    "MAX_PAYLOAD_SIZE",
    "MAX_REQUEST_BLOCKS",
    "MAX_REQUEST_BLOCKS_DENEB",
    "MAX_REQUEST_PAYLOADS",
    "MAX_REQUEST_INCLUSION_LIST",
    "MAX_BYTES_PER_INCLUSION_LIST",
    "ATTESTATION_SUBNET_COUNT",
    "BLOB_SIDECAR_SUBNET_COUNT",
    "BLOB_SIDECAR_SUBNET_COUNT_ELECTRA",
    "DATA_COLUMN_SIDECAR_SUBNET_COUNT",
    "NUMBER_OF_CUSTODY_GROUPS",
];

/// Checks the value of every typed key the file has, in the order of the
/// lines, so that the first bad value is the error even when a key is
/// missing too.
fn check_values(values: &BTreeMap<String, RawValue>) -> Result<(), ConfigError> {
    let mut present: Vec<(&str, &RawValue)> = values.iter().map(|(k, v)| (k.as_str(), v)).collect();
    present.sort_by_key(|(_, v)| v.line);
    for (key, v) in present {
        if key == "PRESET_BASE" {
            v.text
                .parse::<PresetBase>()
                .map_err(|kind| ConfigError::at(v.line, key, kind))?;
        } else if key == "CONFIG_NAME" {
            parse_config_name(v)?;
        } else if U64_KEYS.contains(&key) {
            parse_u64(key, v)?;
        } else if ForkName::ALL.iter().any(|&f| key == version_key(f)) {
            parse_bytes4(key, v)?;
        } else if ForkName::ALL[1..].iter().any(|&f| key == epoch_key(f)) {
            parse_u64(key, v)?;
        }
    }
    Ok(())
}

/// `CONFIG_NAME`, which "must match the regex: `[a-z0-9\-]`" (the spec's
/// configuration files).
fn parse_config_name(v: &RawValue) -> Result<String, ConfigError> {
    let ok = !v.text.is_empty()
        && v.text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(v.text.clone())
    } else {
        Err(ConfigError::at(
            v.line,
            "CONFIG_NAME",
            ConfigErrorKind::BadConfigName(excerpt(&v.text)),
        ))
    }
}

/// A value quoted in an error: up to 64 characters of it, and `...` when
/// it is longer (the input is untrusted, a line may be megabytes long).
fn excerpt(value: &str) -> String {
    const MAX: usize = 64;
    match value.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}...", &value[..cut]),
        None => value.to_owned(),
    }
}

/// The blob schedule sorted by epoch, after checking that no two entries
/// share an epoch and that every maximum fits the preset's
/// `MAX_BLOB_COMMITMENTS_PER_BLOCK`. Each entry comes with its line, if
/// it has one.
fn checked_schedule(
    preset_base: PresetBase,
    mut schedule: Vec<(Option<usize>, BlobParameters)>,
) -> Result<Vec<BlobParameters>, ConfigError> {
    const KEY: &str = "BLOB_SCHEDULE";
    let bound = preset_base.max_blob_commitments_per_block();
    for &(line, entry) in &schedule {
        if entry.max_blobs_per_block > bound {
            return Err(ConfigError::new(
                line,
                Some(KEY),
                ConfigErrorKind::TooManyBlobs {
                    max_blobs_per_block: entry.max_blobs_per_block,
                    bound,
                },
            ));
        }
    }
    // The spec's `get_blob_parameters` sorts the schedule by epoch; two
    // entries at one epoch would make the answer depend on the sort.
    schedule.sort_by_key(|(_, entry)| entry.epoch);
    for pair in schedule.windows(2) {
        if pair[0].1.epoch == pair[1].1.epoch {
            return Err(ConfigError::new(
                pair[0].0.max(pair[1].0),
                Some(KEY),
                ConfigErrorKind::DuplicateBlobScheduleEpoch(pair[1].1.epoch),
            ));
        }
    }
    Ok(schedule.into_iter().map(|(_, entry)| entry).collect())
}

/// The schedule the fork-aware containers decode by
/// ([`crate::versioned`]): a slot's fork is the one of its epoch, and its
/// maximum of blob commitments per block that epoch's
/// ([`ChainConfig::max_blobs_per_block_at_epoch`]).
///
/// ```
/// use peam_ssz_beacon::beacon::{forked, fulu, Mainnet};
/// use peam_ssz_beacon::config::ChainConfig;
/// use peam_ssz_beacon::versioned::ForkSchedule;
/// use peam_ssz_beacon::ForkName;
/// use peam_ssz_types::Ssz;
///
/// let config = ChainConfig::mainnet();
/// let fulu_epoch = config.fork_epoch(ForkName::Fulu).unwrap();
/// let slot = fulu_epoch * config.slots_per_epoch();
/// assert_eq!(config.fork_at_slot(slot), ForkName::Fulu);
/// assert_eq!(
///     ForkSchedule::max_blobs_per_block_at_slot(&config, slot),
///     config.max_blobs_per_block_at_epoch(fulu_epoch),
/// );
///
/// let state = fulu::BeaconState::<Mainnet> { slot, ..Default::default() };
/// let decoded = forked::BeaconState::<Mainnet>::from_ssz_with(&state.to_ssz(), &config).unwrap();
/// assert_eq!(decoded.fork_name(), ForkName::Fulu);
/// ```
impl ForkSchedule for ChainConfig {
    fn fork_at_slot(&self, slot: u64) -> ForkName {
        ChainConfig::fork_at_slot(self, slot)
    }

    fn max_blobs_per_block_at_slot(&self, slot: u64) -> u64 {
        self.max_blobs_per_block_at_epoch(self.epoch_at_slot(slot))
    }
}

/// The spec's `compute_fork_data_root`: the root of
/// `ForkData(current_version, genesis_validators_root)`, from which
/// signing domains and fork digests are taken.
///
/// ```
/// use peam_ssz_beacon::config::fork_data_root;
///
/// // Mainnet's genesis validators root: phase0's fork digest is b5303f2a.
/// let gvr: [u8; 32] = [
///     0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd,
///     0x4e, 0x54, 0xbf, 0xe9, 0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b,
///     0xfe, 0x95,
/// ];
/// assert_eq!(fork_data_root([0; 4], &gvr)[..4], [0xb5, 0x30, 0x3f, 0x2a]);
/// ```
pub fn fork_data_root(fork_version: [u8; 4], genesis_validators_root: &[u8; 32]) -> [u8; 32] {
    // Two 32-byte leaves: the version right-padded with zeros, the root.
    let mut leaves = [0u8; 64];
    leaves[..4].copy_from_slice(&fork_version);
    leaves[32..].copy_from_slice(genesis_validators_root);
    sha256(&leaves)
}

fn missing(key: &str) -> ConfigError {
    ConfigError::new(None, Some(key), ConfigErrorKind::MissingKey)
}

fn version_key(fork: ForkName) -> String {
    match fork {
        ForkName::Phase0 => "GENESIS_FORK_VERSION".to_owned(),
        _ => format!("{}_FORK_VERSION", fork.name().to_ascii_uppercase()),
    }
}

fn epoch_key(fork: ForkName) -> String {
    format!("{}_FORK_EPOCH", fork.name().to_ascii_uppercase())
}

/// The first fork whose epoch is below the epoch of a fork before it.
fn check_fork_order(
    epochs: &[u64; ForkName::ALL.len()],
) -> Result<(), (ForkName, ConfigErrorKind)> {
    for fork in ForkName::ALL.into_iter().skip(1) {
        let epoch = epochs[fork as usize];
        // The latest epoch among the forks before this one, and its fork.
        let (earlier_fork, earlier_epoch) = ForkName::ALL[..fork as usize]
            .iter()
            .map(|&f| (f, epochs[f as usize]))
            .max_by_key(|&(_, e)| e)
            .unwrap_or((ForkName::Phase0, 0));
        if epoch < earlier_epoch {
            return Err((
                fork,
                ConfigErrorKind::ForkOrder {
                    fork,
                    epoch,
                    earlier_fork,
                    earlier_epoch,
                },
            ));
        }
    }
    Ok(())
}

fn parse_u64(key: &str, v: &RawValue) -> Result<u64, ConfigError> {
    let t = v.text.as_str();
    let parsed = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse::<u64>().ok()
    } else {
        None
    };
    parsed.ok_or_else(|| ConfigError::at(v.line, key, ConfigErrorKind::NotAnInteger(excerpt(t))))
}

fn parse_bytes4(key: &str, v: &RawValue) -> Result<[u8; 4], ConfigError> {
    let t = v.text.as_str();
    let not_hex = || ConfigError::at(v.line, key, ConfigErrorKind::NotHex(excerpt(t)));
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .ok_or_else(not_hex)?;
    if digits.len() % 2 != 0 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_hex());
    }
    if digits.len() != 8 {
        return Err(ConfigError::at(
            v.line,
            key,
            ConfigErrorKind::WrongByteLength {
                expected: 4,
                found: digits.len() / 2,
            },
        ));
    }
    let mut out = [0u8; 4];
    for (i, byte) in out.iter_mut().enumerate() {
        // Checked above: ASCII hex digits, so the slice is on char bounds.
        *byte = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).map_err(|_| not_hex())?;
    }
    Ok(out)
}

/// The file, read: every scalar key with its text, and the blob schedule
/// (each entry with its line), which is the one nested value.
struct Document {
    values: BTreeMap<String, RawValue>,
    blob_schedule: Option<Vec<(usize, BlobParameters)>>,
}

/// One line without its comment: its indentation (in spaces) and content.
struct Line<'a> {
    number: usize,
    indent: usize,
    content: &'a str,
}

/// Splits the text into the lines that hold something: comments and blank
/// lines dropped, indentation measured.
fn significant_lines(text: &str) -> Result<Vec<Line<'_>>, ConfigError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let number = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let content =
            strip_comment(raw).ok_or_else(|| ConfigError::syntax(number, "a closing quote"))?;
        let trimmed = content.trim_start_matches(' ');
        if trimmed.trim().is_empty() {
            continue;
        }
        if trimmed.starts_with('\t') {
            return Err(ConfigError::syntax(
                number,
                "indentation by spaces, not tabs",
            ));
        }
        lines.push(Line {
            number,
            indent: content.len() - trimmed.len(),
            content: trimmed.trim_end(),
        });
    }
    Ok(lines)
}

/// The line before its comment: a `#` at the start or after a space or tab,
/// outside quotes. `None` when a quote is left open.
fn strip_comment(line: &str) -> Option<&str> {
    let mut quote: Option<char> = None;
    let mut prev_blank = true;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if c == q {
                    quote = None;
                }
            }
            None => match c {
                '#' if prev_blank => return Some(&line[..i]),
                // A quote opens a value only: right after `KEY:` and spaces.
                '\'' | '"' if line[..i].trim_end().ends_with(':') => quote = Some(c),
                _ => {}
            },
        }
        prev_blank = c == ' ' || c == '\t';
    }
    match quote {
        Some(_) => None,
        None => Some(line),
    }
}

/// A `KEY: value` pair: the key of `[A-Za-z0-9_]`, the value trimmed (empty
/// when the line ends after the colon).
fn key_value<'a>(line: &Line<'a>) -> Result<(&'a str, &'a str), ConfigError> {
    let (key, rest) = line
        .content
        .split_once(':')
        .ok_or_else(|| ConfigError::syntax(line.number, "`KEY: value`"))?;
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(ConfigError::syntax(
            line.number,
            "a key of letters, digits and `_`",
        ));
    }
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return Err(ConfigError::syntax(line.number, "a space after the colon"));
    }
    Ok((key, rest.trim()))
}

/// A scalar's text: quotes removed (`''` in single quotes is one `'`).
fn scalar(line: usize, key: &str, value: &str) -> Result<String, ConfigError> {
    let bad = |expected| ConfigError::new(Some(line), Some(key), ConfigErrorKind::Syntax(expected));
    if let Some(inner) = value.strip_prefix('\'') {
        let inner = inner
            .strip_suffix('\'')
            .ok_or_else(|| bad("a closing quote at the end"))?;
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\'' && chars.next() != Some('\'') {
                return Err(bad("`''` for a quote inside single quotes"));
            }
            out.push(c);
        }
        Ok(out)
    } else if let Some(inner) = value.strip_prefix('"') {
        let inner = inner
            .strip_suffix('"')
            .ok_or_else(|| bad("a closing quote at the end"))?;
        if inner.contains('\\') || inner.contains('"') {
            return Err(bad("a double-quoted string without escapes"));
        }
        Ok(inner.to_owned())
    } else {
        Ok(value.to_owned())
    }
}

fn parse_document(text: &str) -> Result<Document, ConfigError> {
    let lines = significant_lines(text)?;
    let mut values: BTreeMap<String, RawValue> = BTreeMap::new();
    let mut blob_schedule = None;
    let mut seen_schedule_line = None;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        i += 1;
        if line.indent != 0 {
            return Err(ConfigError::syntax(
                line.number,
                "a key at the start of the line (only BLOB_SCHEDULE's entries are indented)",
            ));
        }
        let (key, value) = key_value(line)?;
        let duplicate =
            values.contains_key(key) || (key == "BLOB_SCHEDULE" && seen_schedule_line.is_some());
        if duplicate {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::DuplicateKey,
            ));
        }
        if key == "BLOB_SCHEDULE" {
            seen_schedule_line = Some(line.number);
            if value == "[]" {
                blob_schedule = Some(Vec::new());
                continue;
            }
            if !value.is_empty() {
                return Err(ConfigError::at(
                    line.number,
                    key,
                    ConfigErrorKind::Syntax(
                        "`[]` or a list of `- EPOCH: n` entries on the next lines",
                    ),
                ));
            }
            let start = i;
            while i < lines.len() && lines[i].indent > 0 {
                i += 1;
            }
            blob_schedule = Some(parse_blob_schedule(line.number, &lines[start..i])?);
            continue;
        }
        if value.is_empty() {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::Syntax("a value after the colon"),
            ));
        }
        let text = scalar(line.number, key, value)?;
        values.insert(
            key.to_owned(),
            RawValue {
                line: line.number,
                text,
            },
        );
    }
    Ok(Document {
        values,
        blob_schedule,
    })
}

/// The indented lines after `BLOB_SCHEDULE:`: entries that each start with
/// `- ` and continue at the column of the first key.
fn parse_blob_schedule(
    key_line: usize,
    lines: &[Line<'_>],
) -> Result<Vec<(usize, BlobParameters)>, ConfigError> {
    const KEY: &str = "BLOB_SCHEDULE";
    let syntax =
        |line: usize, expected| ConfigError::at(line, KEY, ConfigErrorKind::Syntax(expected));
    if lines.is_empty() {
        return Err(syntax(
            key_line,
            "`[]` or a list of `- EPOCH: n` entries on the next lines",
        ));
    }
    // (line of the dash, epoch, max blobs) per entry.
    struct Entry {
        line: usize,
        epoch: Option<u64>,
        max: Option<u64>,
    }
    let mut entries: Vec<Entry> = Vec::new();
    let dash_indent = lines[0].indent;
    let mut key_indent = 0;
    for line in lines {
        let pair = if line.indent == dash_indent && line.content.starts_with('-') {
            let after = &line.content[1..];
            let body = after.trim_start_matches(' ');
            if body.len() == after.len() {
                return Err(syntax(line.number, "a space after `-`"));
            }
            key_indent = dash_indent + line.content.len() - body.len();
            entries.push(Entry {
                line: line.number,
                epoch: None,
                max: None,
            });
            Line {
                number: line.number,
                indent: key_indent,
                content: body,
            }
        } else if line.indent == key_indent && !entries.is_empty() {
            Line {
                number: line.number,
                indent: line.indent,
                content: line.content,
            }
        } else {
            return Err(syntax(
                line.number,
                "`- EPOCH: n`, or `MAX_BLOBS_PER_BLOCK: n` under the entry's first key",
            ));
        };
        let (key, value) = key_value(&pair)?;
        let text = scalar(line.number, key, value)?;
        let raw = RawValue {
            line: line.number,
            text,
        };
        let Some(entry) = entries.last_mut() else {
            return Err(syntax(line.number, "`- ` before an entry's keys"));
        };
        let slot = match key {
            "EPOCH" => &mut entry.epoch,
            "MAX_BLOBS_PER_BLOCK" => &mut entry.max,
            // Keys of later specs: the entry's other parameters.
            _ => continue,
        };
        if slot.is_some() {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::DuplicateKey,
            ));
        }
        *slot = Some(parse_u64(key, &raw)?);
    }
    entries
        .into_iter()
        .map(|e| match (e.epoch, e.max) {
            (Some(epoch), Some(max_blobs_per_block)) => Ok((
                e.line,
                BlobParameters {
                    epoch,
                    max_blobs_per_block,
                },
            )),
            (None, _) => Err(ConfigError::at(
                e.line,
                "EPOCH",
                ConfigErrorKind::MissingKey,
            )),
            (_, None) => Err(ConfigError::at(
                e.line,
                "MAX_BLOBS_PER_BLOCK",
                ConfigErrorKind::MissingKey,
            )),
        })
        .collect()
}
