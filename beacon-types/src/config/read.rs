//! A read file made a [`ChainConfig`]: every typed key parsed and checked.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::blobs::checked_schedule;
use super::chain::ChainConfig;
use super::error::{excerpt, missing, ConfigError, ConfigErrorKind};
use super::forks::{check_fork_order, epoch_key, version_key, FAR_FUTURE_EPOCH};
use super::preset::PresetBase;
use super::yaml::{parse_bytes4, parse_u64, Document, RawValue};
use crate::fork::ForkName;

impl ChainConfig {
    pub(super) fn from_document(doc: Document) -> Result<ChainConfig, ConfigError> {
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
