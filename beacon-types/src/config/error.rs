//! What can be wrong with a configuration, and where.

use core::fmt;

use crate::fork::ForkName;

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
    pub(super) fn new(line: Option<usize>, key: Option<&str>, kind: ConfigErrorKind) -> Self {
        ConfigError {
            line,
            key: key.map(excerpt),
            kind,
        }
    }

    pub(super) fn at(line: usize, key: &str, kind: ConfigErrorKind) -> Self {
        Self::new(Some(line), Some(key), kind)
    }

    pub(super) fn syntax(line: usize, expected: &'static str) -> Self {
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

/// A value quoted in an error: up to 64 characters of it, and `...` when
/// it is longer (the input is untrusted, a line may be megabytes long).
pub(super) fn excerpt(value: &str) -> String {
    const MAX: usize = 64;
    match value.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}...", &value[..cut]),
        None => value.to_owned(),
    }
}

pub(super) fn missing(key: &str) -> ConfigError {
    ConfigError::new(None, Some(key), ConfigErrorKind::MissingKey)
}
