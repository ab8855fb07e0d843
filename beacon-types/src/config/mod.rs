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

mod blobs;
mod chain;
mod error;
mod forks;
mod maxima;
mod preset;
mod read;
mod yaml;

pub use blobs::BlobParameters;
pub use chain::{ChainConfig, MAINNET_YAML, MINIMAL_YAML};
pub use error::{ConfigError, ConfigErrorKind};
pub use forks::{fork_data_root, FAR_FUTURE_EPOCH};
pub use preset::PresetBase;
